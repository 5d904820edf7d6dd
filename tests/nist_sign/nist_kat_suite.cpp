// SPDX-License-Identifier: Apache-2.0 OR MIT
// KAT of the NIST API library (include/pqmcu/nist_sign.h) for its compiled-in
// set, shared by the host test (tests/nist_sign) and an M4 KAT firmware
// (tests/m4). PQMCU_NIST_KAT_VECTORS names the embedded .rsp entries.
// Per entry, exactly the NIST harness flow: randombytes_init(seed, NULL, 256);
// crypto_sign_keypair; crypto_sign -> pk, sk, sm equal to the file;
// crypto_sign_open recovers the message; corrupted inputs return non-zero.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "pqmcu/nist_sign.h"
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

constexpr size_t kMaxMsg = 3300;  // entry i of a NIST .rsp has mlen = 33 (i + 1)
// Static: the signed message of a cat5 set is ~14 KB, too much for a test frame.
unsigned char g_sm[kMaxMsg + CRYPTO_BYTES];
unsigned char g_m[kMaxMsg + CRYPTO_BYTES];

void check_entry(test::Context& ctx, size_t index) {
    const vectors::VecFile& file = vectors::PQMCU_NIST_KAT_VECTORS;
    PQ_CHECK(ctx, index < file.count);
    if (index >= file.count) return;
    const vectors::VecEntry& e = file.entries[index];
    const vectors::VecField* seed = e.get("seed");
    const vectors::VecField* msg = e.get("msg");
    const vectors::VecField* pk_kat = e.get("pk");
    const vectors::VecField* sk_kat = e.get("sk");
    const vectors::VecField* sm_kat = e.get("sm");
    const size_t mlen = e.number("mlen");
    PQ_CHECK(ctx, mlen <= kMaxMsg);
    PQ_CHECK(ctx, seed != nullptr && seed->len == 48);
    PQ_CHECK(ctx, msg != nullptr && msg->len == mlen);
    PQ_CHECK(ctx, pk_kat != nullptr && pk_kat->len == CRYPTO_PUBLICKEYBYTES);
    PQ_CHECK(ctx, sk_kat != nullptr && sk_kat->len == CRYPTO_SECRETKEYBYTES);
    PQ_CHECK(ctx, sm_kat != nullptr && sm_kat->len == mlen + CRYPTO_BYTES);
    if (ctx.failures() != 0) return;

    unsigned char entropy[48];
    std::memcpy(entropy, seed->bytes, sizeof entropy);
    randombytes_init(entropy, nullptr, 256);

    unsigned char pk[CRYPTO_PUBLICKEYBYTES], sk[CRYPTO_SECRETKEYBYTES];
    PQ_CHECK_EQ(ctx, crypto_sign_keypair(pk, sk), 0);
    PQ_CHECK_BYTES(ctx, pk, pk_kat->bytes, sizeof pk);
    PQ_CHECK_BYTES(ctx, sk, sk_kat->bytes, sizeof sk);

    unsigned long long smlen = 0;
    PQ_CHECK_EQ(ctx, crypto_sign(g_sm, &smlen, msg->bytes, mlen, sk), 0);
    PQ_CHECK_EQ(ctx, smlen, static_cast<unsigned long long>(mlen + CRYPTO_BYTES));
    PQ_CHECK_BYTES(ctx, g_sm, sm_kat->bytes, mlen + CRYPTO_BYTES);

    // Opening recovers the message.
    unsigned long long mlen_out = 12345;
    std::memset(g_m, 0xA5, sizeof g_m);
    PQ_CHECK_EQ(ctx, crypto_sign_open(g_m, &mlen_out, g_sm, smlen, pk), 0);
    PQ_CHECK_EQ(ctx, mlen_out, static_cast<unsigned long long>(mlen));
    PQ_CHECK_BYTES(ctx, g_m, msg->bytes, mlen);

    // The official signed message opens with the official key, in place.
    std::memcpy(g_m, sm_kat->bytes, mlen + CRYPTO_BYTES);
    mlen_out = 0;
    PQ_CHECK_EQ(ctx, crypto_sign_open(g_m, &mlen_out, g_m, mlen + CRYPTO_BYTES, pk_kat->bytes), 0);
    PQ_CHECK_EQ(ctx, mlen_out, static_cast<unsigned long long>(mlen));
    PQ_CHECK_BYTES(ctx, g_m, msg->bytes, mlen);

    // Corruptions: a signature bit, a message bit, a truncated sm, another key.
    const size_t sig_pos = mlen + CRYPTO_BYTES / 2 + index;
    g_sm[sig_pos] ^= 0x10;
    mlen_out = 7;
    PQ_CHECK(ctx, crypto_sign_open(g_m, &mlen_out, g_sm, smlen, pk) != 0);
    PQ_CHECK_EQ(ctx, mlen_out, 0ull);
    g_sm[sig_pos] ^= 0x10;

    g_sm[index % mlen] ^= 0x01;
    PQ_CHECK(ctx, crypto_sign_open(g_m, &mlen_out, g_sm, smlen, pk) != 0);
    g_sm[index % mlen] ^= 0x01;

    PQ_CHECK(ctx, crypto_sign_open(g_m, &mlen_out, g_sm, CRYPTO_BYTES - 1, pk) != 0);

    pk[CRYPTO_PUBLICKEYBYTES - 1] ^= 0x80;
    PQ_CHECK(ctx, crypto_sign_open(g_m, &mlen_out, g_sm, smlen, pk) != 0);
}

void entry0(test::Context& ctx) { check_entry(ctx, 0); }

void sizes(test::Context& ctx) {
    PQ_CHECK(ctx, std::strlen(CRYPTO_ALGNAME) > 0);
    PQ_CHECK(ctx, pqmcu_nist_workspace_bytes() > 0);
    const vectors::VecFile& file = vectors::PQMCU_NIST_KAT_VECTORS;
    PQ_CHECK(ctx, file.count > 0);
    if (file.count == 0) return;
    const vectors::VecField* pk = file.entries[0].get("pk");
    const vectors::VecField* sk = file.entries[0].get("sk");
    PQ_CHECK(ctx, pk != nullptr && pk->len == CRYPTO_PUBLICKEYBYTES);
    PQ_CHECK(ctx, sk != nullptr && sk->len == CRYPTO_SECRETKEYBYTES);
}

}  // namespace

namespace pqmcu::test {
PQMCU_SUITE(nist_sign_kat_suite, "nist api " CRYPTO_ALGNAME, {
    {"sizes", sizes},
    {"kat entry 0", entry0},
});
}  // namespace pqmcu::test
