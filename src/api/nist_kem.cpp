// SPDX-License-Identifier: Apache-2.0 OR MIT
// NIST PQC KEM API over pqmcu::<family>::Scheme for the one parameter set
// named by PQMCU_NIST_KEM_SET, of the family PQMCU_NIST_KEM_FAMILY (both set by
// pqmcu_add_nist_kem_library, cmake/pqmcu_nist.cmake; see
// include/pqmcu/nist_kem.h). No heap: one static workspace (.bss), wiped after
// every call (all three operations handle secrets). Not reentrant.
#include "pqmcu/nist_kem.h"

#include <cstddef>
#include <cstdint>

#include "core/secure.hpp"
#include "rng/randombytes.h"

#if !defined(PQMCU_NIST_KEM_SET) || !defined(PQMCU_NIST_KEM_FAMILY)
#error "compile nist_kem.cpp with PQMCU_NIST_KEM_SET=<set> and PQMCU_NIST_KEM_FAMILY=<family> (cmake: pqmcu_add_nist_kem_library)"
#endif

#define PQMCU_NIST_KEM_STR_(x) #x
#define PQMCU_NIST_KEM_STR(x) PQMCU_NIST_KEM_STR_(x)
#define PQMCU_NIST_KEM_CAT_(a, b) a##b
#define PQMCU_NIST_KEM_CAT(a, b) PQMCU_NIST_KEM_CAT_(a, b)

// The family's scheme: src/<family>/scheme.hpp, namespace pqmcu::<family>.
#include PQMCU_NIST_KEM_STR(PQMCU_NIST_KEM_FAMILY/scheme.hpp)

// Every set of each family, as in the header's table.
#define PQMCU_NIST_KEM_SETS_ntru(X) \
    X(ntruhps2048509) X(ntruhps2048677) X(ntruhps4096821) X(ntruhps40961229) X(ntruhrss701) \
    X(ntruhrss1373)
#define PQMCU_NIST_KEM_SETS_saber(X) \
    X(lightsaber) X(saber) X(firesaber)
#define PQMCU_NIST_KEM_SETS_mceliece(X) \
    X(mceliece348864) X(mceliece348864f) X(mceliece348864pc) X(mceliece348864pcf) X(mceliece460896) \
    X(mceliece460896f) X(mceliece460896pc) X(mceliece460896pcf) X(mceliece6688128) \
    X(mceliece6688128f) X(mceliece6688128pc) X(mceliece6688128pcf) X(mceliece6960119) \
    X(mceliece6960119f) X(mceliece6960119pc) X(mceliece6960119pcf) X(mceliece8192128) \
    X(mceliece8192128f) X(mceliece8192128pc) X(mceliece8192128pcf)

namespace {

namespace family = pqmcu::PQMCU_NIST_KEM_FAMILY;

// The header's table must describe the scheme exactly, for every set of the
// compiled family (not only the compiled set), so a C consumer sizes its
// buffers right.
#define PQMCU_NIST_KEM_CHECK(set)                                                           \
    static_assert(PQMCU_NIST_##set##_PK == family::Scheme<family::set>::pk_bytes &&           \
                      PQMCU_NIST_##set##_SK == family::Scheme<family::set>::sk_bytes &&       \
                      PQMCU_NIST_##set##_CT == family::Scheme<family::set>::ct_bytes &&       \
                      PQMCU_NIST_##set##_SS == family::Scheme<family::set>::ss_bytes,         \
                  "pqmcu/nist_kem.h: size table differs from the scheme for " #set);
PQMCU_NIST_KEM_CAT(PQMCU_NIST_KEM_SETS_, PQMCU_NIST_KEM_FAMILY)(PQMCU_NIST_KEM_CHECK)
#undef PQMCU_NIST_KEM_CHECK

using Scheme = family::Scheme<family::PQMCU_NIST_KEM_SET>;
static_assert(CRYPTO_PUBLICKEYBYTES == Scheme::pk_bytes && CRYPTO_SECRETKEYBYTES == Scheme::sk_bytes &&
              CRYPTO_CIPHERTEXTBYTES == Scheme::ct_bytes && CRYPTO_BYTES == Scheme::ss_bytes);

// Plain struct of arrays without initialisers: zero-initialised in .bss,
// no constructor, no guard.
Scheme::Workspace g_ws;

// Wipes the workspace when an operation ends.
struct WipeOnExit {
    ~WipeOnExit() { pqmcu::secure_wipe_object(g_ws); }
};

int nist_randombytes(uint8_t* out, size_t n) { return randombytes(out, n); }

// On failure no partial secret is left in the caller's buffer.
int result(pqmcu::Status st, uint8_t* secret, size_t secret_bytes) {
    if (st == pqmcu::Status::ok) return 0;
    pqmcu::secure_wipe(secret, secret_bytes);
    return -1;
}

}  // namespace

extern "C" {

int crypto_kem_keypair(unsigned char* pk, unsigned char* sk) {
    if (pk == nullptr || sk == nullptr) return -1;
    WipeOnExit wipe;
    return result(Scheme::keypair(pk, sk, nist_randombytes, g_ws), sk, Scheme::sk_bytes);
}

int crypto_kem_enc(unsigned char* ct, unsigned char* ss, const unsigned char* pk) {
    if (ct == nullptr || ss == nullptr || pk == nullptr) return -1;
    WipeOnExit wipe;
    return result(Scheme::encapsulate(ct, ss, pk, nist_randombytes, g_ws), ss, Scheme::ss_bytes);
}

int crypto_kem_dec(unsigned char* ss, const unsigned char* ct, const unsigned char* sk) {
    if (ss == nullptr || ct == nullptr || sk == nullptr) return -1;
    WipeOnExit wipe;
    return result(Scheme::decapsulate(ss, ct, sk, g_ws), ss, Scheme::ss_bytes);
}

size_t pqmcu_nist_kem_workspace_bytes(void) { return sizeof(g_ws); }

}  // extern "C"
