// SPDX-License-Identifier: Apache-2.0 OR MIT
// NIST PQC signature API over pqmcu::mqom::Scheme for the one parameter set
// named by PQMCU_NIST_SET (see include/pqmcu/nist_sign.h and
// cmake/pqmcu_nist.cmake). No heap: one static workspace (.bss), wiped after
// every operation that holds secrets. Not reentrant.
#include "pqmcu/nist_sign.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/secure.hpp"
#include "mqom/scheme.hpp"
#include "rng/randombytes.h"

#ifndef PQMCU_NIST_SET
#error "compile nist_sign.cpp with PQMCU_NIST_SET=<set> (cmake: pqmcu_add_nist_sign_library)"
#endif
#ifndef PQMCU_NIST_PROFILE
#define PQMCU_NIST_PROFILE Desktop
#endif

namespace {

constexpr bool same_text(const char* a, const char* b) {
    while (*a != 0 && *a == *b) ++a, ++b;
    return *a == *b;
}

// The header's table must describe the scheme exactly, for every set (not
// only the compiled one), so a C consumer sizes its buffers right.
#define PQMCU_NIST_CHECK(set)                                                        \
    static_assert(PQMCU_NIST_##set##_PK == pqmcu::mqom::set::pk_bytes &&             \
                      PQMCU_NIST_##set##_SK == pqmcu::mqom::set::sk_bytes &&         \
                      PQMCU_NIST_##set##_SIG == pqmcu::mqom::set::sig_bytes &&       \
                      same_text(PQMCU_NIST_##set##_NAME, pqmcu::mqom::set::P.label), \
                  "pqmcu/nist_sign.h: size table differs from src/mqom/params.hpp for " #set);
PQMCU_NIST_CHECK(mqom2_cat1_gf2_short_r3)
PQMCU_NIST_CHECK(mqom2_cat1_gf2_short_r5)
PQMCU_NIST_CHECK(mqom2_cat1_gf2_fast_r3)
PQMCU_NIST_CHECK(mqom2_cat1_gf2_fast_r5)
PQMCU_NIST_CHECK(mqom2_cat1_gf4_short_r3)
PQMCU_NIST_CHECK(mqom2_cat1_gf4_short_r5)
PQMCU_NIST_CHECK(mqom2_cat1_gf4_fast_r3)
PQMCU_NIST_CHECK(mqom2_cat1_gf4_fast_r5)
PQMCU_NIST_CHECK(mqom2_cat1_gf16_short_r3)
PQMCU_NIST_CHECK(mqom2_cat1_gf16_short_r5)
PQMCU_NIST_CHECK(mqom2_cat1_gf16_fast_r3)
PQMCU_NIST_CHECK(mqom2_cat1_gf16_fast_r5)
PQMCU_NIST_CHECK(mqom2_cat1_gf256_short_r3)
PQMCU_NIST_CHECK(mqom2_cat1_gf256_short_r5)
PQMCU_NIST_CHECK(mqom2_cat1_gf256_fast_r3)
PQMCU_NIST_CHECK(mqom2_cat1_gf256_fast_r5)
PQMCU_NIST_CHECK(mqom2_cat3_gf2_short_r3)
PQMCU_NIST_CHECK(mqom2_cat3_gf2_short_r5)
PQMCU_NIST_CHECK(mqom2_cat3_gf2_fast_r3)
PQMCU_NIST_CHECK(mqom2_cat3_gf2_fast_r5)
PQMCU_NIST_CHECK(mqom2_cat3_gf4_short_r3)
PQMCU_NIST_CHECK(mqom2_cat3_gf4_short_r5)
PQMCU_NIST_CHECK(mqom2_cat3_gf4_fast_r3)
PQMCU_NIST_CHECK(mqom2_cat3_gf4_fast_r5)
PQMCU_NIST_CHECK(mqom2_cat3_gf16_short_r3)
PQMCU_NIST_CHECK(mqom2_cat3_gf16_short_r5)
PQMCU_NIST_CHECK(mqom2_cat3_gf16_fast_r3)
PQMCU_NIST_CHECK(mqom2_cat3_gf16_fast_r5)
PQMCU_NIST_CHECK(mqom2_cat3_gf256_short_r3)
PQMCU_NIST_CHECK(mqom2_cat3_gf256_short_r5)
PQMCU_NIST_CHECK(mqom2_cat3_gf256_fast_r3)
PQMCU_NIST_CHECK(mqom2_cat3_gf256_fast_r5)
PQMCU_NIST_CHECK(mqom2_cat5_gf2_short_r3)
PQMCU_NIST_CHECK(mqom2_cat5_gf2_short_r5)
PQMCU_NIST_CHECK(mqom2_cat5_gf2_fast_r3)
PQMCU_NIST_CHECK(mqom2_cat5_gf2_fast_r5)
PQMCU_NIST_CHECK(mqom2_cat5_gf4_short_r3)
PQMCU_NIST_CHECK(mqom2_cat5_gf4_short_r5)
PQMCU_NIST_CHECK(mqom2_cat5_gf4_fast_r3)
PQMCU_NIST_CHECK(mqom2_cat5_gf4_fast_r5)
PQMCU_NIST_CHECK(mqom2_cat5_gf16_short_r3)
PQMCU_NIST_CHECK(mqom2_cat5_gf16_short_r5)
PQMCU_NIST_CHECK(mqom2_cat5_gf16_fast_r3)
PQMCU_NIST_CHECK(mqom2_cat5_gf16_fast_r5)
PQMCU_NIST_CHECK(mqom2_cat5_gf256_short_r3)
PQMCU_NIST_CHECK(mqom2_cat5_gf256_short_r5)
PQMCU_NIST_CHECK(mqom2_cat5_gf256_fast_r3)
PQMCU_NIST_CHECK(mqom2_cat5_gf256_fast_r5)
PQMCU_NIST_CHECK(mqom2_cat1_gf16_faster_r5)
PQMCU_NIST_CHECK(mqom2_cat3_gf16_faster_r5)
PQMCU_NIST_CHECK(mqom2_cat5_gf16_faster_r5)
#undef PQMCU_NIST_CHECK

using Set = pqmcu::mqom::PQMCU_NIST_SET;
using Scheme = pqmcu::mqom::Scheme<Set, pqmcu::mqom::PQMCU_NIST_PROFILE>;
static_assert(CRYPTO_PUBLICKEYBYTES == Scheme::pk_bytes && CRYPTO_SECRETKEYBYTES == Scheme::sk_bytes &&
              CRYPTO_BYTES == Scheme::sig_bytes);

// Plain struct of arrays without initialisers: zero-initialised in .bss,
// no constructor, no guard.
Scheme::Workspace g_ws;

// Wipes the workspace when an operation that handled the secret key ends.
struct WipeOnExit {
    ~WipeOnExit() { pqmcu::secure_wipe_object(g_ws); }
};

int nist_randombytes(uint8_t* out, size_t n) { return randombytes(out, n); }

}  // namespace

extern "C" {

int crypto_sign_keypair(unsigned char* pk, unsigned char* sk) {
    if (pk == nullptr || sk == nullptr) return -1;
    // MQOM's key generation works in a small frame of its own (and wipes it):
    // the static workspace is neither used nor wiped.
    return Scheme::keypair(pk, sk, nist_randombytes) == pqmcu::Status::ok ? 0 : -1;
}

int crypto_sign(unsigned char* sm, unsigned long long* smlen, const unsigned char* m, unsigned long long mlen,
                const unsigned char* sk) {
    if (sm == nullptr || smlen == nullptr || sk == nullptr || (m == nullptr && mlen != 0)) return -1;
    *smlen = 0;
    if (mlen > static_cast<unsigned long long>(SIZE_MAX - Scheme::sig_bytes)) return -1;
    const size_t n = static_cast<size_t>(mlen);
    if (n != 0 && sm != m) std::memmove(sm, m, n);  // sm = m || signature; overlap allowed
    WipeOnExit wipe;
    if (Scheme::sign(sk, sm, n, sm + n, nist_randombytes, g_ws) != pqmcu::Status::ok) return -1;
    *smlen = static_cast<unsigned long long>(n) + Scheme::sig_bytes;
    return 0;
}

int crypto_sign_open(unsigned char* m, unsigned long long* mlen, const unsigned char* sm, unsigned long long smlen,
                     const unsigned char* pk) {
    if (mlen == nullptr) return -1;
    *mlen = 0;
    if (sm == nullptr || pk == nullptr || smlen < Scheme::sig_bytes) return -1;
    if (smlen > static_cast<unsigned long long>(SIZE_MAX)) return -1;
    const size_t n = static_cast<size_t>(smlen) - Scheme::sig_bytes;
    if (m == nullptr && n != 0) return -1;
    // Only public data in the workspace: no wipe needed.
    if (Scheme::verify(pk, sm, n, sm + n, Scheme::sig_bytes, g_ws) != pqmcu::Status::ok) return -1;
    if (n != 0 && m != sm) std::memmove(m, sm, n);
    *mlen = n;
    return 0;
}

size_t pqmcu_nist_workspace_bytes(void) { return sizeof(g_ws); }

}  // extern "C"
