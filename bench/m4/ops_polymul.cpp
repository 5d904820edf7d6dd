// SPDX-License-Identifier: Apache-2.0 OR MIT
// Cortex-M4 benchmark operations of Z_{2^m}[x] multiplication (group
// "polymul": every method with the M4's threshold 16 at the Saber / NTRU
// sizes, and Saber's 3 x 3 module product with shared evaluations against
// nine separate negacyclic Toom-4 products) and of the Saber KEM (group
// "saber": keypair / encaps / decaps per set). Scratch and workspaces live
// in the shared bench arena; the operands are static.
#include "arena.hpp"
#include "bench_ops.hpp"
#include "polymul/matvec.hpp"
#include "polymul/polymul.hpp"
#include "saber/scheme.hpp"
#include "sign_bench.hpp"  // PatternRng

namespace {
namespace pm = pqmcu::polymul;
using pqmcu::bench::arena_as;

constexpr size_t kMaxBenchN = 1024;
uint16_t g_a[kMaxBenchN], g_b[kMaxBenchN], g_c[2 * kMaxBenchN];

void fill_operands() {
    uint32_t x = 0x2545F491u;
    for (size_t i = 0; i < kMaxBenchN; ++i) {
        x = x * 1664525u + 1013904223u;
        g_a[i] = uint16_t(x >> 16);
        x = x * 1664525u + 1013904223u;
        g_b[i] = uint16_t(x >> 16);
    }
}

template <class M, size_t N>
struct MulRow {
    struct Scratch {
        uint16_t words[M::scratch_words(N) + 1];
    };
    static void run() { M::mul(g_c, g_a, g_b, N, arena_as<Scratch>().words); }
    static constexpr size_t ws = sizeof(Scratch);
};

using K16 = pm::Karatsuba<16>;
using T3 = pm::Toom3<K16>;
using T4 = pm::Toom4<K16>;
using T43 = pm::Toom4<pm::Toom3<K16>>;

#define PQMCU_MUL_ROW(label, M, N) \
    {label, fill_operands, MulRow<M, N>::run, nullptr, MulRow<M, N>::ws}
#define PQMCU_MUL_ROWS(n)                                                                   \
    PQMCU_MUL_ROW("karatsuba_" #n, K16, n), PQMCU_MUL_ROW("toom3_" #n, T3, n),              \
        PQMCU_MUL_ROW("toom4_" #n, T4, n), PQMCU_MUL_ROW("toom4toom3_" #n, T43, n)

// The four-argument mul_cyclic (exact mod 2^16, blocked: bounded stack) at
// the NTRU sizes, beside the methods' full products above.
uint16_t g_big_a[pm::kMaxN], g_big_b[pm::kMaxN], g_big_c[pm::kMaxN];
void fill_big() {
    uint32_t x = 0x9E3779B9u;
    for (size_t i = 0; i < pm::kMaxN; ++i) {
        g_big_a[i] = uint16_t((x = x * 1664525u + 1013904223u) >> 16);
        g_big_b[i] = uint16_t((x = x * 1664525u + 1013904223u) >> 16);
    }
}
template <size_t N>
void run_cyclic() { pm::mul_cyclic(g_big_c, g_big_a, g_big_b, N); }
#define PQMCU_CYCLIC_ROW(n) {"mul_cyclic_" #n, fill_big, run_cyclic<n>, nullptr, 0}

// Saber-sized module product (k = 3, N = 256), mod 2^13.
constexpr size_t kK = 3, kN = 256;
using MV = pm::MatVecNegacyclic<kK, kN, K16>;
struct MatVecWs {
    uint16_t A[kK * kK * kN], s[kK * kN], res[kK * kN], sev[kK * MV::ev_words];
    MV::Scratch scr;
};
struct SeparateWs {
    uint16_t A[kK * kK * kN], s[kK * kN], res[kK * kN], prod[kN];
    uint16_t scratch[2 * kN - 1 + T4::scratch_words(kN)];
};
template <class W>
void fill_matvec() {
    W& w = arena_as<W>();
    uint32_t x = 7;
    for (auto& v : w.A) v = uint16_t((x = x * 1664525u + 1013904223u) >> 19);
    for (auto& v : w.s) v = uint16_t(int((x = x * 1664525u + 1013904223u) >> 29) - 4);
}
void run_matvec_shared() {
    MatVecWs& w = arena_as<MatVecWs>();
    MV::evaluate_vector(w.sev, w.s);
    MV::mul(w.res, w.A, w.sev, false, w.scr);
}
void run_matvec_separate() {
    SeparateWs& w = arena_as<SeparateWs>();
    for (size_t i = 0; i < kK; ++i) {
        for (size_t t = 0; t < kN; ++t) w.res[i * kN + t] = 0;
        for (size_t j = 0; j < kK; ++j) {
            uint16_t* full = w.scratch;
            T4::mul(full, w.A + (i * kK + j) * kN, w.s + j * kN, kN, full + 2 * kN - 1);
            for (size_t t = 0; t + 1 < kN; ++t) w.res[i * kN + t] = uint16_t(w.res[i * kN + t] + full[t] - full[t + kN]);
            w.res[i * kN + kN - 1] = uint16_t(w.res[i * kN + kN - 1] + full[kN - 1]);
        }
    }
}

// Saber: keypair / encaps / decaps with the workspace in the arena.
template <class Set, class Profile = pqmcu::saber::Default>
struct SaberRows {
    using S = pqmcu::saber::Scheme<Set, Profile>;
    static inline uint8_t pk[S::pk_bytes], sk[S::sk_bytes], ct[S::ct_bytes], ss[32];
    static void setup() {
        pqmcu::bench::PatternRng rng{0, 0x5A};
        S::keypair(pk, sk, rng, arena_as<typename S::Workspace>());
        S::encapsulate(ct, ss, pk, rng, arena_as<typename S::Workspace>());
    }
    static void keypair() {
        pqmcu::bench::PatternRng rng{0, 0x5A};
        S::keypair(pk, sk, rng, arena_as<typename S::Workspace>());
    }
    static void encaps() {
        pqmcu::bench::PatternRng rng{64, 0x5A};
        S::encapsulate(ct, ss, pk, rng, arena_as<typename S::Workspace>());
    }
    static void decaps() { S::decapsulate(ss, ct, sk, arena_as<typename S::Workspace>()); }
    static constexpr size_t ws = sizeof(typename S::Workspace);
};
#define PQMCU_SABER_ROWS_P(label, Set, P)                                                              \
    {label "_keypair", SaberRows<Set, P>::setup, SaberRows<Set, P>::keypair, nullptr, SaberRows<Set, P>::ws}, \
        {label "_encaps", SaberRows<Set, P>::setup, SaberRows<Set, P>::encaps, nullptr, SaberRows<Set, P>::ws}, \
        {label "_decaps", SaberRows<Set, P>::setup, SaberRows<Set, P>::decaps, nullptr, SaberRows<Set, P>::ws}
#define PQMCU_SABER_ROWS(label, Set)                                   \
    PQMCU_SABER_ROWS_P(label, Set, pqmcu::saber::Default),             \
        PQMCU_SABER_ROWS_P(label "_speed", Set, pqmcu::saber::Speed),  \
        PQMCU_SABER_ROWS_P(label "_toom", Set, pqmcu::saber::Toom)

}  // namespace

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(polymul_ops, "polymul",
                  {PQMCU_MUL_ROW("schoolbook_256", pm::Schoolbook, 256), PQMCU_MUL_ROWS(256), PQMCU_MUL_ROWS(509),
                   PQMCU_MUL_ROWS(677), PQMCU_MUL_ROWS(701), PQMCU_MUL_ROWS(821), PQMCU_MUL_ROWS(1024),
                   PQMCU_CYCLIC_ROW(509), PQMCU_CYCLIC_ROW(677), PQMCU_CYCLIC_ROW(701), PQMCU_CYCLIC_ROW(821),
                   PQMCU_CYCLIC_ROW(1229), PQMCU_CYCLIC_ROW(1373),
                   {"matvec256_k3_shared", fill_matvec<MatVecWs>, run_matvec_shared, nullptr, sizeof(MatVecWs)},
                   {"matvec256_k3_separate", fill_matvec<SeparateWs>, run_matvec_separate, nullptr,
                    sizeof(SeparateWs)}});
PQMCU_BENCH_GROUP(saber_ops, "saber",
                  {PQMCU_SABER_ROWS("lightsaber", pqmcu::saber::lightsaber),
                   PQMCU_SABER_ROWS("saber", pqmcu::saber::saber),
                   PQMCU_SABER_ROWS("firesaber", pqmcu::saber::firesaber)});
}  // namespace pqmcu::bench
