// Cortex-M4 benchmark operations of MQOM (Desktop and Compact profiles), the
// rows behind the paper-style tables of tools/m4sim/bench_table.py:
//   <set>[_<profile>]_{keygen,sign,verify}   (Desktop rows carry no suffix)
//   <set>_grind_try                          one grinding try (challenge()
//                                             for one nonce), for the paper's
//                                             grinding-adjusted sign figure
// for the gf16 r5 sets: L1 and L3 faster / fast / short in both profiles; L5
// faster / fast in both, short in Compact only (its 407 KB Desktop workspace
// does not fit the 320 KB bench arena).
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
using C = mq::Scheme<Set, mq::Compact>;

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
using Cat3ShortCompact = B<C<mq::mqom2_cat3_gf16_short_r5>, 3>;
using Cat5ShortCompact = B<C<mq::mqom2_cat5_gf16_short_r5>, 3>;
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

}  // namespace

#define PQMCU_BENCH_MQOM_ROWS(label, Bench) PQMCU_SIGN_BENCH_OPS(label, Bench, PQMCU_BENCH_MQOM_TAG)
#define PQMCU_BENCH_MQOM_GRIND(label, Set) {label "_grind_try", GrindTry<Set>::setup, GrindTry<Set>::run, nullptr, 0, GrindTry<Set>::report}

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mqom_ops, "mqom",
                  {PQMCU_BENCH_MQOM_ROWS("cat1_gf16_faster_r5", B<D<mq::mqom2_cat1_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_faster_r5_compact", B<C<mq::mqom2_cat1_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_GRIND("cat1_gf16_faster_r5", mq::mqom2_cat1_gf16_faster_r5),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5", B<D<mq::mqom2_cat1_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_compact", B<C<mq::mqom2_cat1_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_GRIND("cat1_gf16_fast_r5", mq::mqom2_cat1_gf16_fast_r5),
#if defined(PQMCU_BENCH_MQOM_BIG)
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5", B<D<mq::mqom2_cat1_gf16_short_r5>>),
#endif
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5_compact", B<C<mq::mqom2_cat1_gf16_short_r5>>),
                   PQMCU_BENCH_MQOM_GRIND("cat1_gf16_short_r5", mq::mqom2_cat1_gf16_short_r5),
#if defined(PQMCU_BENCH_MQOM_BIG)
                   PQMCU_BENCH_MQOM_ROWS("cat3_gf16_faster_r5", B<D<mq::mqom2_cat3_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat3_gf16_faster_r5_compact", B<C<mq::mqom2_cat3_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_GRIND("cat3_gf16_faster_r5", mq::mqom2_cat3_gf16_faster_r5),
                   PQMCU_BENCH_MQOM_ROWS("cat3_gf16_fast_r5", B<D<mq::mqom2_cat3_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat3_gf16_fast_r5_compact", B<C<mq::mqom2_cat3_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_GRIND("cat3_gf16_fast_r5", mq::mqom2_cat3_gf16_fast_r5),
                   PQMCU_BENCH_MQOM_ROWS("cat3_gf16_short_r5", Cat3Short),
                   PQMCU_BENCH_MQOM_ROWS("cat3_gf16_short_r5_compact", Cat3ShortCompact),
                   PQMCU_BENCH_MQOM_GRIND("cat3_gf16_short_r5", mq::mqom2_cat3_gf16_short_r5),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_faster_r5", B<D<mq::mqom2_cat5_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_faster_r5_compact", B<C<mq::mqom2_cat5_gf16_faster_r5>>),
                   PQMCU_BENCH_MQOM_GRIND("cat5_gf16_faster_r5", mq::mqom2_cat5_gf16_faster_r5),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_fast_r5", B<D<mq::mqom2_cat5_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_fast_r5_compact", B<C<mq::mqom2_cat5_gf16_fast_r5>>),
                   PQMCU_BENCH_MQOM_GRIND("cat5_gf16_fast_r5", mq::mqom2_cat5_gf16_fast_r5),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_short_r5_compact", Cat5ShortCompact),
                   PQMCU_BENCH_MQOM_GRIND("cat5_gf16_short_r5", mq::mqom2_cat5_gf16_short_r5),
#endif
                  });
}  // namespace pqmcu::bench
