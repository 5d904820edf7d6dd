// Cortex-M4 benchmark operations of MQOM v2.1 (Desktop and Compact profiles):
// keygen, sign, verify for mqom2_cat1_gf16_fast_r5 and mqom2_cat1_gf16_short_r5,
// through sign_bench.hpp (workspaces in the shared bench arena). MQOM runs its public-data AES on the T-table
// backend on the M4: when those tables are placed in RAM
// (PQMCU_AES_TABLE_IN_RAM), the rows also charge "aes_table".
//
// STM32F4DISCOVERY: its 128 KB SRAM cannot hold the short set's 171 KB
// Desktop workspace, so that build leaves out those three rows.
#include "mqom/scheme.hpp"
#include "sign_bench.hpp"

#if defined(PQMCU_AES_TABLE_IN_RAM)
#define PQMCU_BENCH_MQOM_TABLE_TAG "aes_table"
#else
#define PQMCU_BENCH_MQOM_TABLE_TAG nullptr
#endif

namespace {

namespace mq = pqmcu::mqom;
using pqmcu::bench::SignBench;

using FastScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Desktop>;
using FastCompactScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Compact>;
using ShortScheme = mq::Scheme<mq::mqom2_cat1_gf16_short_r5, mq::Desktop>;
using ShortCompactScheme = mq::Scheme<mq::mqom2_cat1_gf16_short_r5, mq::Compact>;

using Fast = SignBench<FastScheme>;
using FastCompact = SignBench<FastCompactScheme>;
using ShortCompact = SignBench<ShortCompactScheme>;

#if !defined(PQMCU_BOARD_STM32F4DISCOVERY)
#define PQMCU_BENCH_MQOM_SHORT 1
using Short = SignBench<ShortScheme>;
#endif

}  // namespace

#define PQMCU_BENCH_MQOM_ROWS(label, B) PQMCU_SIGN_BENCH_OPS(label, B, PQMCU_BENCH_MQOM_TABLE_TAG)

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mqom_ops, "mqom",
                  {PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5", Fast),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_compact", FastCompact),
#if defined(PQMCU_BENCH_MQOM_SHORT)
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5", Short),
#endif
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5_compact", ShortCompact)});
}  // namespace pqmcu::bench
