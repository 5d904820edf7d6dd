// SPDX-License-Identifier: Apache-2.0 OR MIT
// KAT of the NIST KEM API library (include/pqmcu/nist_kem.h) for its
// compiled-in set. PQMCU_NIST_KAT_VECTORS names the embedded .rsp entries.
// Exactly the NIST harness flow (PQCgenKAT_kem): randombytes_init(00..2F),
// one 48-byte seed per entry (equal to the file's), then per entry
// randombytes_init(seed), crypto_kem_keypair, crypto_kem_enc, crypto_kem_dec:
// pk, sk, ct, ss equal to the file and decapsulation gives ss. A tampered
// ciphertext decapsulates (0) to another secret, the same every time.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pqmcu/nist_kem.h"
#include "rng/randombytes.h"
#include "support/check.hpp"
#include "support/vectors.hpp"

#ifndef PQMCU_NIST_KAT_VECTORS
#error "define PQMCU_NIST_KAT_VECTORS (the embedded .rsp entries)"
#endif

namespace pqmcu::vectors {
extern const VecFile PQMCU_NIST_KAT_VECTORS;
}

namespace {

using namespace pqmcu;

// Static: public keys of some sets are large for a test frame.
unsigned char g_pk[CRYPTO_PUBLICKEYBYTES], g_sk[CRYPTO_SECRETKEYBYTES], g_ct[CRYPTO_CIPHERTEXTBYTES];

void kat_entries(test::Context& ctx) {
    const vectors::VecFile& file = vectors::PQMCU_NIST_KAT_VECTORS;
    PQ_CHECK(ctx, file.count >= 1);
    // The harness's seeds: one DRBG seeded with 0..47 draws them all first.
    unsigned char entropy[48];
    for (int i = 0; i < 48; ++i) entropy[i] = static_cast<unsigned char>(i);
    randombytes_init(entropy, nullptr, 256);
    static unsigned char seeds[8][48];
    const size_t n = file.count < 8 ? file.count : 8;
    for (size_t i = 0; i < n; ++i) randombytes(seeds[i], 48);

    for (size_t i = 0; i < n; ++i) {
        const vectors::VecEntry& e = file.entries[i];
        const vectors::VecField* seed = e.get("seed");
        const vectors::VecField* pk = e.get("pk");
        const vectors::VecField* sk = e.get("sk");
        const vectors::VecField* ct = e.get("ct");
        const vectors::VecField* ss = e.get("ss");
        PQ_CHECK(ctx, seed != nullptr && seed->len == 48);
        PQ_CHECK(ctx, pk != nullptr && pk->len == CRYPTO_PUBLICKEYBYTES);
        PQ_CHECK(ctx, sk != nullptr && sk->len == CRYPTO_SECRETKEYBYTES);
        PQ_CHECK(ctx, ct != nullptr && ct->len == CRYPTO_CIPHERTEXTBYTES);
        PQ_CHECK(ctx, ss != nullptr && ss->len == CRYPTO_BYTES);
        if (ctx.failures() != 0) return;
        PQ_CHECK_BYTES(ctx, seeds[i], seed->bytes, 48);

        randombytes_init(seeds[i], nullptr, 256);
        unsigned char key[CRYPTO_BYTES], key2[CRYPTO_BYTES];
        PQ_CHECK_EQ(ctx, crypto_kem_keypair(g_pk, g_sk), 0);
        PQ_CHECK_BYTES(ctx, g_pk, pk->bytes, CRYPTO_PUBLICKEYBYTES);
        PQ_CHECK_BYTES(ctx, g_sk, sk->bytes, CRYPTO_SECRETKEYBYTES);
        PQ_CHECK_EQ(ctx, crypto_kem_enc(g_ct, key, g_pk), 0);
        PQ_CHECK_BYTES(ctx, g_ct, ct->bytes, CRYPTO_CIPHERTEXTBYTES);
        PQ_CHECK_BYTES(ctx, key, ss->bytes, CRYPTO_BYTES);
        PQ_CHECK_EQ(ctx, crypto_kem_dec(key2, g_ct, g_sk), 0);
        PQ_CHECK_BYTES(ctx, key2, ss->bytes, CRYPTO_BYTES);

        // Implicit rejection: a tampered ciphertext is not an error.
        g_ct[(i * 97) % CRYPTO_CIPHERTEXTBYTES] ^= 0x04;
        unsigned char rejected[CRYPTO_BYTES], again[CRYPTO_BYTES];
        PQ_CHECK_EQ(ctx, crypto_kem_dec(rejected, g_ct, g_sk), 0);
        PQ_CHECK(ctx, std::memcmp(rejected, ss->bytes, CRYPTO_BYTES) != 0);
        PQ_CHECK_EQ(ctx, crypto_kem_dec(again, g_ct, g_sk), 0);
        PQ_CHECK_BYTES(ctx, again, rejected, CRYPTO_BYTES);
    }
}

void null_pointers(test::Context& ctx) {
    unsigned char key[CRYPTO_BYTES];
    PQ_CHECK_EQ(ctx, crypto_kem_keypair(nullptr, g_sk), -1);
    PQ_CHECK_EQ(ctx, crypto_kem_keypair(g_pk, nullptr), -1);
    PQ_CHECK_EQ(ctx, crypto_kem_enc(nullptr, key, g_pk), -1);
    PQ_CHECK_EQ(ctx, crypto_kem_enc(g_ct, nullptr, g_pk), -1);
    PQ_CHECK_EQ(ctx, crypto_kem_enc(g_ct, key, nullptr), -1);
    PQ_CHECK_EQ(ctx, crypto_kem_dec(nullptr, g_ct, g_sk), -1);
    PQ_CHECK_EQ(ctx, crypto_kem_dec(key, nullptr, g_sk), -1);
    PQ_CHECK_EQ(ctx, crypto_kem_dec(key, g_ct, nullptr), -1);
}

void sizes(test::Context& ctx) {
    PQ_CHECK(ctx, std::strlen(CRYPTO_ALGNAME) > 0);
    PQ_CHECK(ctx, CRYPTO_BYTES == 32);
    PQ_CHECK(ctx, pqmcu_nist_kem_workspace_bytes() > 0);
}

}  // namespace

namespace pqmcu::test {
PQMCU_SUITE(nist_kem_kat_suite, "nist kem api " CRYPTO_ALGNAME, {
    {"sizes", sizes},
    {"kat entries (harness flow)", kat_entries},
    {"null pointers", null_pointers},
});
}  // namespace pqmcu::test
