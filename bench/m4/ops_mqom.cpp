// SPDX-License-Identifier: Apache-2.0 OR MIT
// Cortex-M4 benchmark operations of MQOM (profiles Desktop, Balanced, Memory
// and Lut -- Lut is NOT constant time), the rows behind the paper-style
// tables of tools/m4sim/bench_table.py:
//   <set>[_<profile>]_{keygen,sign,verify}   (Desktop rows carry no suffix)
//   <set>_grind_try                          one grinding try (challenge()
//                                             for one nonce), for the paper's
//                                             grinding-adjusted sign figure
//   <set>_<profile>_piop_{compute,verify,expand}  the PIOP alone (L1 fast;
//                                             L1 faster and short: Balanced)
//   matmul_<strategy>_l<1|3|5>               the PIOP compute alone of L1/L3/L5
//                                             fast per strategy (profile), below
// for the gf16 r5 sets: L1 faster / fast / short in every profile; L3 and L5
// in Desktop and Balanced (L5 also Memory); L5 short in Balanced only (its
// 407 KB Desktop workspace does not fit the 320 KB bench arena). Key
// generation needs no workspace (its buffers are on its stack).
//
// Sign rows sign 8 messages in the measured run (the table takes the mean
// and adjusts it with each signature's nonce); L3/L5 short sign 3 to keep the
// main job short (each of their signatures is 1.3 / 4 G cycles).
//
// Workspaces live in the shared bench arena (arena.hpp); each row reports
// its own sizeof(Workspace) (ws=) and is charged that. MQOM runs its
// public-data AES on the T-table backend on the M4: when those tables are
// placed in RAM (PQMCU_AES_TABLE_IN_RAM), the rows also charge "aes_table".
//
// STM32F4DISCOVERY (128 KB SRAM, 96 KB arena): the L1 rows but short
// Desktop (171 KB workspace); no L3/L5 rows.
#include <cstddef>
#include <cstdint>

#include "mqom/challenge.hpp"
#include "m4/format.hpp"
#include "mqom/scheme.hpp"
#include "sign_bench.hpp"

#if defined(PQMCU_AES_TABLE_IN_RAM)
#define PQMCU_BENCH_MQOM_TAG "aes_table"
#else
#define PQMCU_BENCH_MQOM_TAG nullptr
#endif
#if !defined(PQMCU_BOARD_STM32F4DISCOVERY)
#define PQMCU_BENCH_MQOM_BIG 1
#endif

namespace {

namespace mq = pqmcu::mqom;
using pqmcu::bench::SignBench;

template <class Set>
using D = mq::Scheme<Set, mq::Desktop>;
template <class Set>
using Bal = mq::Scheme<Set, mq::Balanced>;
template <class Set>
using Mem = mq::Scheme<Set, mq::Memory>;
template <class Set>
using Lut = mq::Scheme<Set, mq::Lut>;

// Keys and signature of every row in one buffer, sized for the largest
// (faster: the longest signature of its level).
#if defined(PQMCU_BENCH_MQOM_BIG)
using IoSet = mq::mqom2_cat5_gf16_faster_r5;
#else
using IoSet = mq::mqom2_cat1_gf16_faster_r5;
#endif
using Io = pqmcu::bench::SharedIo<IoSet::pk_bytes + IoSet::sk_bytes + IoSet::sig_bytes>;

template <class S, unsigned Messages = 8>
using B = SignBench<S, Messages, Io>;

#if defined(PQMCU_BENCH_MQOM_BIG)
using Cat3Short = B<D<mq::mqom2_cat3_gf16_short_r5>, 3>;
using Cat3ShortBalanced = B<Bal<mq::mqom2_cat3_gf16_short_r5>, 3>;
using Cat5ShortBalanced = B<Bal<mq::mqom2_cat5_gf16_short_r5>, 3>;
using Cat5FastMemory = B<Mem<mq::mqom2_cat5_gf16_fast_r5>, 3>;
using Cat5FasterMemory = B<Mem<mq::mqom2_cat5_gf16_faster_r5>, 3>;
// The rest of the paper's published L5 table (Lut at every instance, Memory short).
using Cat5ShortMemory = B<Mem<mq::mqom2_cat5_gf16_short_r5>, 3>;
using Cat5FasterLut = B<Lut<mq::mqom2_cat5_gf16_faster_r5>, 3>;
using Cat5FastLut = B<Lut<mq::mqom2_cat5_gf16_fast_r5>, 3>;
using Cat5ShortLut = B<Lut<mq::mqom2_cat5_gf16_short_r5>, 3>;
#endif

// One grinding try of the signer: challenge(h, nonce) (XOF(0x05 || h ||
// nonce), 2 tau + 2 bytes out, the w-bit test). On the M4 the signer's 4-way
// Keccak runs the 4 lanes one after the other, so a try costs about this.
template <class Set>
struct GrindTry {
    static constexpr mq::Dims dims = mq::dims_of<Set>();
    static inline uint8_t h[2 * (Set::P.security / 8)];
    static inline uint8_t nonce[4];
    static inline uint16_t i_star[mq::detail::kMaxTau];
    static inline volatile bool ok;
    static void setup() {
        for (size_t i = 0; i < sizeof h; ++i) h[i] = uint8_t(i * 29 + 3);
        nonce[0] = 5;
    }
    static void run() { ok = mq::detail::challenge<dims.sec>(dims, h, nonce, i_star); }
    static void report(unsigned index) { pqmcu::m4::print("pqmcu-op-info %u set=%s\n", index, Set::P.name); }
};

// The PIOP alone (ComputePAlpha / RecomputePAlpha of one signature, equation
// expansion included) on a patterned workspace: "<label>_piop_{compute,verify}",
// and the equation expansion alone: "<label>_piop_expand".
template <class S>
struct PiopBench {
    using Workspace = typename S::Workspace;
    static Workspace& ws() { return pqmcu::bench::arena_as<Workspace>(); }
    static inline uint8_t pk[S::pk_bytes];
    static inline uint8_t x[S::dims.x_bytes()];
    static inline uint8_t com1[2 * S::dims.seed()];
    static inline uint16_t i_star[S::dims.tau];
    static void setup() {
        for (size_t i = 0; i < sizeof pk; ++i) pk[i] = uint8_t(i * 0x3Bu + 7);
        for (size_t i = 0; i < sizeof x; ++i) x[i] = uint8_t(i * 0x5Du + 1);
        for (size_t i = 0; i < sizeof com1; ++i) com1[i] = uint8_t(i);
        for (size_t i = 0; i < S::dims.tau; ++i) i_star[i] = uint16_t(i * 13u);
        auto* xT = reinterpret_cast<uint8_t*>(ws().xT);
        for (size_t i = 0; i < sizeof(ws().xT); ++i) xT[i] = uint8_t(i * 0x9Du + 3);
    }
    static void compute() {
        auto w = ws().view();
        S::Piop::compute(S::dims, com1, pk, x, w, w.alpha1);
    }
    static void expand() {
        auto w = ws().view();
        const auto& d = S::dims;
        uint32_t sink = 0;
        // The signer's equation groups (Piop::group: as many as tT holds).
        const auto grp = S::Piop::group(d, w, S::Piop::state_rows() * S::lane_words);
        for (uint32_t i0 = 0; i0 < d.m_ext(); i0 += grp.g) {
            const uint32_t g = d.m_ext() - i0 < grp.g ? d.m_ext() - i0 : grp.g;
            mq::detail::EqStream<S::dims.sec, mq::detail::Ext<S::dims.ext_log2>> st(d, pk, i0, g, grp.eq,
                                                                                   w.pub_backend);
            for (uint32_t j = 0; j <= d.n; ++j) {
                st.next(j < d.n ? j + 1 : d.n);
                sink += st.at(0)[0];
            }
        }
        sink_ = sink;
    }
    static inline volatile uint32_t sink_ = 0;
    static void recompute() {
        auto w = ws().view();
        S::Piop::recompute(S::dims, com1, pk, pk + 2 * S::dims.seed(), i_star, w);
    }
};

}  // namespace

#define PQMCU_BENCH_MQOM_ROWS(label, Bench) PQMCU_SIGN_BENCH_OPS(label, Bench, PQMCU_BENCH_MQOM_TAG)
#define PQMCU_BENCH_MQOM_PIOP(label, S)                                                                     \
    {label "_piop_compute", PiopBench<S>::setup, PiopBench<S>::compute, PQMCU_BENCH_MQOM_TAG,                  \
     sizeof(typename S::Workspace)},                                                                        \
        {label "_piop_verify", PiopBench<S>::setup, PiopBench<S>::recompute, PQMCU_BENCH_MQOM_TAG,             \
         sizeof(typename S::Workspace)},                                                                    \
        {label "_piop_expand", PiopBench<S>::setup, PiopBench<S>::expand, PQMCU_BENCH_MQOM_TAG,                \
         sizeof(typename S::Workspace)}
// The PIOP compute alone under the name of its matrix-multiplication
// strategy, per level, for tools/m4sim/bench_table.py's side-by-side table
// with the paper's strategies (mqom-paper-matmul.csv, F16 fast):
//   swar-nibble-buckets         Balanced: byte lanes (SWAR), public rows by
//                               nibble buckets, secret products on the byte SIMD (CT)
//   swar-bit-buckets            Memory: the same with 1-bit buckets (CT)
//   swar-nibble-buckets-logexp  Lut: secret products by log/exp tables (NOT CT)
#define PQMCU_BENCH_MQOM_MATMUL(strategy, level, S)                                                         \
    {"matmul_" strategy "_" level, PiopBench<S>::setup, PiopBench<S>::compute, PQMCU_BENCH_MQOM_TAG,            \
     sizeof(typename S::Workspace)}
// matmul_expansion_<level>: the equation expansion inside those rows (the
// Balanced signer's equation groups), which the table subtracts: the paper's
// strategy figures are the matrix products alone.
#define PQMCU_BENCH_MQOM_MATMULS(level, Set)                                                                \
    {"matmul_expansion_" level, PiopBench<Bal<Set>>::setup, PiopBench<Bal<Set>>::expand, PQMCU_BENCH_MQOM_TAG, \
     sizeof(typename Bal<Set>::Workspace)},                                                                 \
        PQMCU_BENCH_MQOM_MATMUL("swar-nibble-buckets", level, Bal<Set>),                                     \
        PQMCU_BENCH_MQOM_MATMUL("swar-bit-buckets", level, Mem<Set>),                                        \
        PQMCU_BENCH_MQOM_MATMUL("swar-nibble-buckets-logexp", level, Lut<Set>)
#define PQMCU_BENCH_MQOM_GRIND(label, Set) {label "_grind_try", GrindTry<Set>::setup, GrindTry<Set>::run, nullptr, 0, GrindTry<Set>::report}

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mqom_ops, "mqom",
                  {PQMCU_BENCH_MQOM_ROWS("cat1_gf16_faster_r5", B<D<mq::mqom2_cat1_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_faster_r5_balanced", B<Bal<mq::mqom2_cat1_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_faster_r5_memory", B<Mem<mq::mqom2_cat1_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_faster_r5_lut", B<Lut<mq::mqom2_cat1_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_GRIND("cat1_gf16_faster_r5", mq::mqom2_cat1_gf16_faster_r5),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5", B<D<mq::mqom2_cat1_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_balanced", B<Bal<mq::mqom2_cat1_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_memory", B<Mem<mq::mqom2_cat1_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_lut", B<Lut<mq::mqom2_cat1_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_GRIND("cat1_gf16_fast_r5", mq::mqom2_cat1_gf16_fast_r5),
                   PQMCU_BENCH_MQOM_PIOP("cat1_gf16_fast_r5_balanced", Bal<mq::mqom2_cat1_gf16_fast_r5>),
                   PQMCU_BENCH_MQOM_PIOP("cat1_gf16_fast_r5_memory", Mem<mq::mqom2_cat1_gf16_fast_r5>),
                   PQMCU_BENCH_MQOM_PIOP("cat1_gf16_fast_r5_lut", Lut<mq::mqom2_cat1_gf16_fast_r5>),
                   PQMCU_BENCH_MQOM_PIOP("cat1_gf16_faster_r5_balanced", Bal<mq::mqom2_cat1_gf16_faster_r5>),
                   PQMCU_BENCH_MQOM_PIOP("cat1_gf16_short_r5_balanced", Bal<mq::mqom2_cat1_gf16_short_r5>),
                   PQMCU_BENCH_MQOM_MATMULS("l1", mq::mqom2_cat1_gf16_fast_r5),
#if defined(PQMCU_BENCH_MQOM_BIG)
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5", B<D<mq::mqom2_cat1_gf16_short_r5>>),
#endif
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5_balanced", B<Bal<mq::mqom2_cat1_gf16_short_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5_memory", B<Mem<mq::mqom2_cat1_gf16_short_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5_lut", B<Lut<mq::mqom2_cat1_gf16_short_r5>>),
                   PQMCU_BENCH_MQOM_GRIND("cat1_gf16_short_r5", mq::mqom2_cat1_gf16_short_r5),
#if defined(PQMCU_BENCH_MQOM_BIG)
                   PQMCU_BENCH_MQOM_ROWS("cat3_gf16_faster_r5", B<D<mq::mqom2_cat3_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat3_gf16_faster_r5_balanced", B<Bal<mq::mqom2_cat3_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_GRIND("cat3_gf16_faster_r5", mq::mqom2_cat3_gf16_faster_r5),
                   PQMCU_BENCH_MQOM_ROWS("cat3_gf16_fast_r5", B<D<mq::mqom2_cat3_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat3_gf16_fast_r5_balanced", B<Bal<mq::mqom2_cat3_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_MATMULS("l3", mq::mqom2_cat3_gf16_fast_r5),
                   PQMCU_BENCH_MQOM_GRIND("cat3_gf16_fast_r5", mq::mqom2_cat3_gf16_fast_r5),
                   PQMCU_BENCH_MQOM_ROWS("cat3_gf16_short_r5", Cat3Short),
                   PQMCU_BENCH_MQOM_ROWS("cat3_gf16_short_r5_balanced", Cat3ShortBalanced),
                   PQMCU_BENCH_MQOM_GRIND("cat3_gf16_short_r5", mq::mqom2_cat3_gf16_short_r5),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_faster_r5", B<D<mq::mqom2_cat5_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_faster_r5_balanced", B<Bal<mq::mqom2_cat5_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_faster_r5_memory", Cat5FasterMemory),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_faster_r5_lut", Cat5FasterLut),
                   PQMCU_BENCH_MQOM_GRIND("cat5_gf16_faster_r5", mq::mqom2_cat5_gf16_faster_r5),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_fast_r5", B<D<mq::mqom2_cat5_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_fast_r5_balanced", B<Bal<mq::mqom2_cat5_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_fast_r5_memory", Cat5FastMemory),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_fast_r5_lut", Cat5FastLut),
                   PQMCU_BENCH_MQOM_MATMULS("l5", mq::mqom2_cat5_gf16_fast_r5),
                   PQMCU_BENCH_MQOM_GRIND("cat5_gf16_fast_r5", mq::mqom2_cat5_gf16_fast_r5),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_short_r5_balanced", Cat5ShortBalanced),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_short_r5_memory", Cat5ShortMemory),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_short_r5_lut", Cat5ShortLut),
                   PQMCU_BENCH_MQOM_GRIND("cat5_gf16_short_r5", mq::mqom2_cat5_gf16_short_r5),
#endif
                  });
}  // namespace pqmcu::bench
