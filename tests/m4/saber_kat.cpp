// SPDX-License-Identifier: Apache-2.0 OR MIT
// Saber known-answer firmware for one parameter set (built once per set by
// tests/m4/CMakeLists.txt):
//   PQMCU_KAT_SET      lightsaber, saber or firesaber (saber/params.hpp)
//   PQMCU_KAT_VECTORS  the embedded .rsp entries (pqmcu::vectors::<id>)
// For every embedded entry, as the NIST KAT harness does: CTR-DRBG seeded
// with the entry's seed, keypair, encapsulate; pk, sk, ct and ss must equal
// the file byte for byte; decapsulate must give ss, and a flipped ciphertext
// bit the implicit-rejection secret (not ss); entry 0 again with the Speed
// profile. The workspaces are in .bss; the
// stack peak of every operation is printed and held to a budget.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "hash/shake.hpp"
#include "m4/format.hpp"
#include "m4/stack.hpp"
#include "rng/ctr_drbg.hpp"
#include "runner.hpp"
#include "saber/scheme.hpp"
#include "support/check.hpp"
#include "support/vectors.hpp"

#if !defined(PQMCU_KAT_SET) || !defined(PQMCU_KAT_VECTORS)
#error "define PQMCU_KAT_SET and PQMCU_KAT_VECTORS"
#endif

namespace pqmcu::vectors {
extern const VecFile PQMCU_KAT_VECTORS;
}

namespace {
using namespace pqmcu;
using S = saber::Scheme<saber::PQMCU_KAT_SET>;

// Measured peaks (2026-12-04): key generation 1.1 / 1.3 / 1.5 KB, encapsulation
// and decapsulation ~0.6 KB (the Workspace holds every big buffer, keys and
// ciphertexts are in .bss here); the budget keeps that from growing unseen.
constexpr size_t kStackBudget = 1792;

S::Workspace g_ws;
uint8_t g_pk[S::pk_bytes], g_sk[S::sk_bytes], g_ct[S::ct_bytes];
size_t g_peak[3] = {};

// Each operation in a frame of its own: inlined into check_entry, part of its
// stack would be reserved before stack_paint() and not measured.
template <class Rng>
[[gnu::noinline]] Status run_keypair(Rng& rng) {
    return S::keypair(g_pk, g_sk, rng, g_ws);
}
template <class Rng>
[[gnu::noinline]] Status run_encapsulate(uint8_t* key, Rng& rng) {
    return S::encapsulate(g_ct, key, g_pk, rng, g_ws);
}
[[gnu::noinline]] Status run_decapsulate(uint8_t* key) { return S::decapsulate(key, g_ct, g_sk, g_ws); }

void check_entry(test::Context& ctx, size_t index) {
    const vectors::VecFile& kat = vectors::PQMCU_KAT_VECTORS;
    PQ_CHECK(ctx, index < kat.count);
    if (ctx.failures() != 0) return;
    const vectors::VecEntry& e = kat.entries[index];
    const vectors::VecField* seed = e.get("seed");
    const vectors::VecField* pk = e.get("pk");
    const vectors::VecField* sk = e.get("sk");
    const vectors::VecField* ct = e.get("ct");
    const vectors::VecField* ss = e.get("ss");
    PQ_CHECK(ctx, seed != nullptr && seed->len == 48);
    PQ_CHECK(ctx, pk != nullptr && pk->len == S::pk_bytes);
    PQ_CHECK(ctx, sk != nullptr && sk->len == S::sk_bytes);
    PQ_CHECK(ctx, ct != nullptr && ct->len == S::ct_bytes);
    PQ_CHECK(ctx, ss != nullptr && ss->len == S::ss_bytes);
    if (ctx.failures() != 0) return;

    rng::CtrDrbg drbg;
    PQ_CHECK(ctx, drbg.init(seed->bytes, nullptr) == Status::ok);
    auto rng = [&drbg](uint8_t* out, size_t n) { return drbg.generate(out, n); };
    uint8_t key[32], key2[32];

    m4::stack_paint();
    PQ_CHECK(ctx, run_keypair(rng) == Status::ok);
    const size_t kpeak = m4::stack_peak_bytes();
    PQ_CHECK_BYTES(ctx, g_pk, pk->bytes, S::pk_bytes);
    PQ_CHECK_BYTES(ctx, g_sk, sk->bytes, S::sk_bytes);

    m4::stack_paint();
    PQ_CHECK(ctx, run_encapsulate(key, rng) == Status::ok);
    const size_t epeak = m4::stack_peak_bytes();
    PQ_CHECK_BYTES(ctx, g_ct, ct->bytes, S::ct_bytes);
    PQ_CHECK_BYTES(ctx, key, ss->bytes, S::ss_bytes);

    m4::stack_paint();
    PQ_CHECK(ctx, run_decapsulate(key2) == Status::ok);
    const size_t dpeak = m4::stack_peak_bytes();
    PQ_CHECK_BYTES(ctx, key2, ss->bytes, S::ss_bytes);

    g_ct[index * 17 % S::ct_bytes] ^= uint8_t(1u << (index % 8));
    PQ_CHECK(ctx, S::decapsulate(key2, g_ct, g_sk, g_ws) == Status::ok);
    PQ_CHECK(ctx, test::first_difference(key2, ss->bytes, 32) != 32);

    PQ_CHECK(ctx, kpeak <= kStackBudget && epeak <= kStackBudget && dpeak <= kStackBudget);
    if (kpeak > g_peak[0]) g_peak[0] = kpeak;
    if (epeak > g_peak[1]) g_peak[1] = epeak;
    if (dpeak > g_peak[2]) g_peak[2] = dpeak;
}

void entry0(test::Context& ctx) { check_entry(ctx, 0); }
void entry1(test::Context& ctx) { check_entry(ctx, 1); }

// Entry 0's ciphertext with one bit flipped, decapsulated with its secret
// key (Default): the implicit-rejection secret SHA3-256(z || SHA3-256(ct))
// (a flipped c_m bit need not change m', so only the compare can reject)
// at each byte of the
// second b' row's first 20-byte group (every word of the row compare's
// group) and of c_m's first and last groups (6 bytes for FireSaber, the
// message folded in), two bits a byte.
void flipped_ct(test::Context& ctx) {
    const vectors::VecEntry& e = vectors::PQMCU_KAT_VECTORS.entries[0];
    const vectors::VecField* sk = e.get("sk");
    const vectors::VecField* ct = e.get("ct");
    const vectors::VecField* ss = e.get("ss");
    PQ_CHECK(ctx, sk != nullptr && ct != nullptr && ss != nullptr && ct->len == S::ct_bytes);
    if (ctx.failures() != 0) return;
    std::memcpy(g_sk, sk->bytes, S::sk_bytes);
    uint8_t key[32];
    std::memcpy(g_ct, ct->bytes, S::ct_bytes);
    PQ_CHECK(ctx, S::decapsulate(key, g_ct, g_sk, g_ws) == Status::ok);
    PQ_CHECK_BYTES(ctx, key, ss->bytes, 32);
    constexpr size_t row1 = S::params.poly_p_bytes(), cm = S::params.polyvec_p_bytes();
    size_t at[20 + 12];
    size_t n = 0;
    for (size_t i = 0; i < 20; ++i) at[n++] = row1 + i;
    for (size_t i = 0; i < 6; ++i) at[n++] = cm + i;
    for (size_t i = 0; i < 6; ++i) at[n++] = S::ct_bytes - 6 + i;
    for (size_t k = 0; k < n; ++k) {
        for (unsigned b = 0; b < 2; ++b) {
            const uint8_t bit = uint8_t(1u << ((at[k] + 5 * b) % 8));
            g_ct[at[k]] ^= bit;
            PQ_CHECK(ctx, S::decapsulate(key, g_ct, g_sk, g_ws) == Status::ok);
            uint8_t zh[64], reject[32];
            std::memcpy(zh, g_sk + S::sk_bytes - 32, 32);
            PQ_CHECK(ctx, hash::sha3_256(zh + 32, g_ct, S::ct_bytes) == Status::ok);
            PQ_CHECK(ctx, hash::sha3_256(reject, zh, 64) == Status::ok);
            PQ_CHECK_BYTES(ctx, key, reject, 32);
            g_ct[at[k]] ^= bit;
        }
    }
}

// The Speed profile (its own transform-domain sums): entry 0's keys,
// ciphertext and secret, and decapsulation of the ciphertext and of a flipped one.
using SS = saber::Scheme<saber::PQMCU_KAT_SET, saber::Speed>;
SS::Workspace g_ws_speed;
void speed_entry0(test::Context& ctx) {
    const vectors::VecEntry& e = vectors::PQMCU_KAT_VECTORS.entries[0];
    const vectors::VecField* seed = e.get("seed");
    const vectors::VecField* pk = e.get("pk");
    const vectors::VecField* ct = e.get("ct");
    const vectors::VecField* ss = e.get("ss");
    PQ_CHECK(ctx, seed != nullptr && pk != nullptr && ct != nullptr && ss != nullptr);
    if (ctx.failures() != 0) return;
    rng::CtrDrbg drbg;
    PQ_CHECK(ctx, drbg.init(seed->bytes, nullptr) == Status::ok);
    auto rng = [&drbg](uint8_t* out, size_t n) { return drbg.generate(out, n); };
    uint8_t key[32], key2[32];
    PQ_CHECK(ctx, SS::keypair(g_pk, g_sk, rng, g_ws_speed) == Status::ok);
    PQ_CHECK_BYTES(ctx, g_pk, pk->bytes, SS::pk_bytes);
    PQ_CHECK(ctx, SS::encapsulate(g_ct, key, g_pk, rng, g_ws_speed) == Status::ok);
    PQ_CHECK_BYTES(ctx, g_ct, ct->bytes, SS::ct_bytes);
    PQ_CHECK_BYTES(ctx, key, ss->bytes, SS::ss_bytes);
    PQ_CHECK(ctx, SS::decapsulate(key2, g_ct, g_sk, g_ws_speed) == Status::ok);
    PQ_CHECK_BYTES(ctx, key2, ss->bytes, SS::ss_bytes);
    g_ct[5] ^= 0x10;
    PQ_CHECK(ctx, SS::decapsulate(key2, g_ct, g_sk, g_ws_speed) == Status::ok);
    PQ_CHECK(ctx, test::first_difference(key2, ss->bytes, 32) != 32);
}

}  // namespace

PQMCU_SUITE(saber_kat_suite, "saber kat", {
    {"kat entry 0", entry0},
    {"kat entry 1", entry1},
    {"kat entry 0, ciphertext bits flipped", flipped_ct},
    {"kat entry 0, Speed profile", speed_entry0},
});

int main() {
    m4::print("%s: workspace %u B (.bss), %u KAT entries embedded\n", S::name, unsigned(S::workspace_bytes),
              unsigned(vectors::PQMCU_KAT_VECTORS.count));
    const test::Suite* const suites[] = {&saber_kat_suite};
    const int rc = test::run_suites(suites);
    m4::print("%s stack peaks: keypair %u B, encapsulate %u B, decapsulate %u B\n", S::name, unsigned(g_peak[0]),
              unsigned(g_peak[1]), unsigned(g_peak[2]));
    return rc;
}
