// SPDX-License-Identifier: Apache-2.0 OR MIT
// Cortex-M4 benchmark rows of the one-tree variant of MQOM
// (mqom/onetree_scheme.hpp), L1 gf16 fast and short r5, profiles Balanced,
// Memory, Lut (NOT constant time) and Hardware (on ops_mqom_hw.cpp's timing
// stub in place of the engine, reporting its traffic: bench_table.py swaps
// the stub's cycles for the CRYP model), each in the paper's two forms:
//   mqom_onetree/<set>_onetree<1|2>_<profile>_{keygen,sign,verify}
// onetree1: all repetitions per tree walk; onetree2: 9 (fast) / 6 (short).
// Their own group ("mqom_onetree"), so the base MQOM paper tables of
// tools/m4sim/bench_table.py do not take them; the one-tree anchors
// (mqom-paper-onetree.csv) are compared in docs/m4-mqom.md. Sign rows sign 4
// messages (the mean is reported; bench_table.py's grind-adj. column
// prices them at the expected 2^w / p tries with the row below).
//   mqom_onetree/<set>_onetree_grind_loop  the one-tree signer's own
//                                          grinding loop (OneTreeScheme::grind:
//                                          w bits, then T_open) on a fixed h
//                                          whose first valid nonce is >= the
//                                          expected ~2^w / p: the mean per
//                                          nonce tried (messages= the tries)
#include <cstddef>
#include <cstdint>

#include "mqom/onetree_scheme.hpp"
#include "sign_bench.hpp"

namespace {

namespace mq = pqmcu::mqom;
using pqmcu::bench::SignBench;

using Io = pqmcu::bench::SharedIo<mq::mqom2_cat1_gf16_fast_r5::pk_bytes + mq::mqom2_cat1_gf16_fast_r5::sk_bytes +
                                  3264>;
template <class S>
using B = SignBench<S, 4, Io>;
using FastSet = mq::mqom2_cat1_gf16_fast_r5;
using ShortSet = mq::mqom2_cat1_gf16_short_r5;
using F1Balanced = B<mq::OneTree1<FastSet, mq::Balanced>>;
using F2Balanced = B<mq::OneTree2<FastSet, mq::Balanced>>;
using F1Memory = B<mq::OneTree1<FastSet, mq::Memory>>;
using F2Memory = B<mq::OneTree2<FastSet, mq::Memory>>;
using F1Lut = B<mq::OneTree1<FastSet, mq::Lut>>;
using F2Lut = B<mq::OneTree2<FastSet, mq::Lut>>;
using Sh1Balanced = B<mq::OneTree1<ShortSet, mq::Balanced>>;
using Sh2Balanced = B<mq::OneTree2<ShortSet, mq::Balanced>>;
using Sh1Memory = B<mq::OneTree1<ShortSet, mq::Memory>>;
using Sh2Memory = B<mq::OneTree2<ShortSet, mq::Memory>>;
using Sh1Lut = B<mq::OneTree1<ShortSet, mq::Lut>>;
using Sh2Lut = B<mq::OneTree2<ShortSet, mq::Lut>>;

}  // namespace

namespace pqmcu::bench {
void mqom_hw_stub_install();           // ops_mqom_hw.cpp
void mqom_hw_stub_report(unsigned index);
}  // namespace pqmcu::bench

namespace {
// Hardware rows: the stub installed, its counters cover the measured run only.
template <class S>
struct Hw {
    using B = SignBench<S, 4, Io>;  // 4 messages: the grinding's spread is wide
    using Ws = typename B::Ws;
    static void setup_keygen() { pqmcu::bench::mqom_hw_stub_install(), B::setup_keygen(), pqmcu::bench::mqom_hw_stub_install(); }
    static void setup_sign() { pqmcu::bench::mqom_hw_stub_install(), B::setup_sign(), pqmcu::bench::mqom_hw_stub_install(); }
    static void setup_verify() { pqmcu::bench::mqom_hw_stub_install(), B::setup_verify(), pqmcu::bench::mqom_hw_stub_install(); }
    static void keygen() { B::keygen(); }
    static void sign() { B::sign(); }
    static void verify() { B::verify(); }
    static void report_keygen(unsigned i) { B::report_keygen(i), pqmcu::bench::mqom_hw_stub_report(i); }
    static void report_sign(unsigned i) { B::report_sign(i), pqmcu::bench::mqom_hw_stub_report(i); }
    static void report_verify(unsigned i) { B::report_verify(i), pqmcu::bench::mqom_hw_stub_report(i); }
};
using F1Hardware = Hw<mq::OneTree1<FastSet, mq::Hardware>>;
using F2Hardware = Hw<mq::OneTree2<FastSet, mq::Hardware>>;
using Sh1Hardware = Hw<mq::OneTree1<ShortSet, mq::Hardware>>;
using Sh2Hardware = Hw<mq::OneTree2<ShortSet, mq::Hardware>>;

// One try of the one-tree signer's grinding loop: h is the first of a fixed
// family whose smallest valid nonce is at least MinTries - 1 (about the
// expected 2^w / p), so the loop's setup is spread over that many tries and
// the T_open checks of the w-bit passes come in their usual share.
template <class Set, uint32_t MinTries>
struct OneTreeGrindLoop {
    using S = mq::OneTree1<Set, mq::Balanced>;
    static inline uint8_t h[S::dims.digest()];
    static inline uint8_t nonce[4];
    static inline uint16_t i_star[mq::detail::kMaxTau];
    static inline uint32_t tries = 0;
    static uint32_t run_once() {
        S::grind(h, nonce, i_star);
        return nonce[0] | uint32_t(nonce[1]) << 8 | uint32_t(nonce[2]) << 16 | uint32_t(nonce[3]) << 24;
    }
    static void setup() {
        for (uint32_t k = 0;; ++k) {
            for (size_t i = 0; i < sizeof h; ++i) h[i] = uint8_t(i * 29 + 3 + k);
            const uint32_t n = run_once();
            if (n + 1 >= MinTries) {
                tries = n + 1;
                return;
            }
        }
    }
    static void run() { (void)run_once(); }
    static void report(unsigned i) {
        pqmcu::m4::print("pqmcu-op-info %u set=%s messages=%u\n", i, S::name, unsigned(tries));
    }
};
// 2^w / p: 512 / 0.2411 fast, 256 / 0.1061 short (bench_table.py's ONETREE_FIT)
using FastGrind = OneTreeGrindLoop<FastSet, 2124>;
using ShortGrind = OneTreeGrindLoop<ShortSet, 2413>;
}  // namespace

#define PQMCU_BENCH_ONETREE_ROWS(label, Bench) PQMCU_SIGN_BENCH_OPS(label, Bench, nullptr)

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mqom_onetree_ops, "mqom_onetree",
                  {PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_fast_r5_onetree1_balanced", F1Balanced),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_fast_r5_onetree2_balanced", F2Balanced),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_fast_r5_onetree1_memory", F1Memory),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_fast_r5_onetree2_memory", F2Memory),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_fast_r5_onetree1_lut", F1Lut),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_fast_r5_onetree2_lut", F2Lut),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_short_r5_onetree1_balanced", Sh1Balanced),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_short_r5_onetree2_balanced", Sh2Balanced),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_short_r5_onetree1_memory", Sh1Memory),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_short_r5_onetree2_memory", Sh2Memory),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_short_r5_onetree1_lut", Sh1Lut),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_short_r5_onetree2_lut", Sh2Lut),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_fast_r5_onetree1_hardware", F1Hardware),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_fast_r5_onetree2_hardware", F2Hardware),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_short_r5_onetree1_hardware", Sh1Hardware),
                   PQMCU_BENCH_ONETREE_ROWS("cat1_gf16_short_r5_onetree2_hardware", Sh2Hardware),
                   {"cat1_gf16_fast_r5_onetree_grind_loop", FastGrind::setup, FastGrind::run, nullptr, 0,
                    FastGrind::report},
                   {"cat1_gf16_short_r5_onetree_grind_loop", ShortGrind::setup, ShortGrind::run, nullptr, 0,
                    ShortGrind::report}});
}  // namespace pqmcu::bench
