// SPDX-License-Identifier: Apache-2.0 OR MIT
// CTR_DRBG tests: the KAT file through the class (every available AES-256
// backend) and through the C randombytes() globals, plus error statuses.
#include <cstring>

#include "rng/ctr_drbg.hpp"
#include "rng/randombytes.h"
#include "support/check.hpp"
#include "vectors/ctr_drbg.hpp"

namespace {
using pqmcu::Status;
using pqmcu::test::Context;
using pqmcu::cipher::Backend;

constexpr Backend kBackends[] = {Backend::automatic, Backend::bitsliced, Backend::table_not_ct, Backend::aesni,
                                 Backend::vaes};

void drbg_kat_class(Context& ctx) {
    const auto& f = pqmcu::vectors::ctr_drbg;
    PQ_CHECK(ctx, f.count >= 8);
    uint8_t out[100];
    for (size_t e = 0; e < f.count; ++e) {
        const auto& v = f.entries[e];
        const auto *ent = v.get("entropy"), *o1 = v.get("out1"), *o2 = v.get("out2"), *o3 = v.get("out3");
        PQ_CHECK(ctx, ent && o1 && o2 && o3 && ent->len == 48 && o1->len == 48 && o2->len == 32 && o3->len == 100);
        if (!ent || !o1 || !o2 || !o3) return;
        for (Backend b : kBackends) {
            if (!pqmcu::cipher::backend_available<pqmcu::cipher::Aes256>(b)) continue;
            pqmcu::rng::CtrDrbg d;
            d.set_backend(b);
            PQ_CHECK(ctx, d.init(ent->bytes, 48, nullptr, 0) == Status::ok);
            PQ_CHECK(ctx, d.generate(out, 48) == Status::ok);
            PQ_CHECK_BYTES(ctx, out, o1->bytes, 48);
            PQ_CHECK(ctx, d.generate(out, 32) == Status::ok);
            PQ_CHECK_BYTES(ctx, out, o2->bytes, 32);
            PQ_CHECK(ctx, d.generate(out, 100) == Status::ok);
            PQ_CHECK_BYTES(ctx, out, o3->bytes, 100);
            PQ_CHECK_EQ(ctx, d.reseed_counter(), uint64_t(4));
        }
    }
}

void drbg_kat_c_api(Context& ctx) {
    const auto& f = pqmcu::vectors::ctr_drbg;
    uint8_t out[100], ent[48];
    for (size_t e = 0; e < f.count; ++e) {
        const auto& v = f.entries[e];
        std::memcpy(ent, v.get("entropy")->bytes, 48);
        randombytes_init(ent, nullptr, 256);
        PQ_CHECK_EQ(ctx, randombytes(out, 48), 0);
        PQ_CHECK_BYTES(ctx, out, v.get("out1")->bytes, 48);
        PQ_CHECK_EQ(ctx, pqmcu_randombytes(out, 32), 0);
        PQ_CHECK_BYTES(ctx, out, v.get("out2")->bytes, 32);
        PQ_CHECK_EQ(ctx, randombytes(out, 100), 0);
        PQ_CHECK_BYTES(ctx, out, v.get("out3")->bytes, 100);
    }
}

// Personalization is XORed into the entropy: (e ^ p, none) == (e, p).
void drbg_personalization_and_errors(Context& ctx) {
    uint8_t e[48], p[48], ep[48], a[200], b[200];
    for (int i = 0; i < 48; ++i) e[i] = uint8_t(3 * i + 1), p[i] = uint8_t(0xA5 ^ i), ep[i] = e[i] ^ p[i];
    pqmcu::rng::CtrDrbg d1, d2;
    PQ_CHECK(ctx, d1.init(e, p) == Status::ok);
    PQ_CHECK(ctx, d2.init(ep) == Status::ok);
    PQ_CHECK(ctx, d1.generate(a, 200) == Status::ok);
    PQ_CHECK(ctx, d2.generate(b, 200) == Status::ok);
    PQ_CHECK_BYTES(ctx, a, b, 200);
    // a long request (several batches) equals the same request in one go on another instance
    PQ_CHECK(ctx, d1.init(e, 48, p, 48) == Status::ok);
    PQ_CHECK(ctx, d1.generate(b, 200) == Status::ok);
    PQ_CHECK_BYTES(ctx, a, b, 200);
    PQ_CHECK(ctx, d1.generate(nullptr, 0) == Status::ok);

    pqmcu::rng::CtrDrbg d3;
    PQ_CHECK(ctx, d3.generate(a, 16) == Status::bad_argument);
    PQ_CHECK(ctx, d3.init(e, 47, nullptr, 0) == Status::bad_length);
    PQ_CHECK(ctx, d3.init(e, 48, p, 32) == Status::bad_length);
    PQ_CHECK(ctx, d3.init(e, 48, nullptr, 48) == Status::bad_argument);
    PQ_CHECK(ctx, d3.init(nullptr) == Status::bad_argument);
    PQ_CHECK(ctx, !d3.seeded());
    PQ_CHECK(ctx, d3.init(e) == Status::ok);
    PQ_CHECK(ctx, d3.generate(nullptr, 5) == Status::bad_argument);
    d3.wipe();
    PQ_CHECK(ctx, !d3.seeded());
    PQ_CHECK(ctx, d3.generate(a, 16) == Status::bad_argument);
}

}  // namespace

namespace pqmcu::test {
PQMCU_SUITE(rng_suite, "rng",
            {{"ctr_drbg kat (class, all backends)", drbg_kat_class},
             {"ctr_drbg kat (randombytes)", drbg_kat_c_api},
             {"personalization and errors", drbg_personalization_and_errors}});
}  // namespace pqmcu::test
