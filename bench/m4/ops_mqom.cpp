// Cortex-M4 benchmark operations of MQOM v2.1 (Desktop, Compact, Balanced,
// Memory and Lut profiles; Lut is NOT constant time):
// keygen, sign, verify for mqom2_cat1_gf16_fast_r5 and mqom2_cat1_gf16_short_r5,
// through sign_bench.hpp. Workspaces: .pqmcu_ram.mqom_ws.[compact.]<set>,
// charged to that set's rows. MQOM runs its public-data AES on the T-table
// backend on the M4: when those tables are placed in RAM
// (PQMCU_AES_TABLE_IN_RAM), the rows also charge "aes_table".
//
// STM32F4DISCOVERY: its 128 KB SRAM cannot hold the short set's 171 KB
// Desktop workspace, so that build leaves out those three rows.
#include "mqom/scheme.hpp"
#include "sign_bench.hpp"

#if defined(PQMCU_AES_TABLE_IN_RAM)
#define PQMCU_BENCH_MQOM_TABLE_TAG "+aes_table"
#else
#define PQMCU_BENCH_MQOM_TABLE_TAG ""
#endif

namespace {

namespace mq = pqmcu::mqom;
using pqmcu::bench::SignBench;

using FastScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Desktop>;
using FastCompactScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Compact>;
using ShortScheme = mq::Scheme<mq::mqom2_cat1_gf16_short_r5, mq::Desktop>;
using ShortCompactScheme = mq::Scheme<mq::mqom2_cat1_gf16_short_r5, mq::Compact>;
using FastBalancedScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Balanced>;
using FastMemoryScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Memory>;
using FastLutScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Lut>;
using ShortBalancedScheme = mq::Scheme<mq::mqom2_cat1_gf16_short_r5, mq::Balanced>;

PQMCU_SIGN_BENCH_WORKSPACE(FastScheme, g_ws_fast, "mqom_ws.cat1_gf16_fast_r5");
PQMCU_SIGN_BENCH_WORKSPACE(FastCompactScheme, g_ws_fast_compact, "mqom_ws.compact.cat1_gf16_fast_r5");
PQMCU_SIGN_BENCH_WORKSPACE(ShortCompactScheme, g_ws_short_compact, "mqom_ws.compact.cat1_gf16_short_r5");
PQMCU_SIGN_BENCH_WORKSPACE(FastBalancedScheme, g_ws_fast_bal, "mqom_ws.balanced.cat1_gf16_fast_r5");
PQMCU_SIGN_BENCH_WORKSPACE(FastMemoryScheme, g_ws_fast_mem, "mqom_ws.memory.cat1_gf16_fast_r5");
PQMCU_SIGN_BENCH_WORKSPACE(FastLutScheme, g_ws_fast_lut, "mqom_ws.lut.cat1_gf16_fast_r5");
PQMCU_SIGN_BENCH_WORKSPACE(ShortBalancedScheme, g_ws_short_bal, "mqom_ws.balanced.cat1_gf16_short_r5");
using FastBalanced = SignBench<FastBalancedScheme, &g_ws_fast_bal>;
using FastMemory = SignBench<FastMemoryScheme, &g_ws_fast_mem>;
using FastLut = SignBench<FastLutScheme, &g_ws_fast_lut>;
using ShortBalanced = SignBench<ShortBalancedScheme, &g_ws_short_bal>;
using Fast = SignBench<FastScheme, &g_ws_fast>;
using FastCompact = SignBench<FastCompactScheme, &g_ws_fast_compact>;
using ShortCompact = SignBench<ShortCompactScheme, &g_ws_short_compact>;

#if !defined(PQMCU_BOARD_STM32F4DISCOVERY)
#define PQMCU_BENCH_MQOM_SHORT 1
PQMCU_SIGN_BENCH_WORKSPACE(ShortScheme, g_ws_short, "mqom_ws.cat1_gf16_short_r5");
using Short = SignBench<ShortScheme, &g_ws_short>;
#endif

}  // namespace

#define PQMCU_BENCH_MQOM_ROWS(label, B, tag) PQMCU_SIGN_BENCH_OPS(label, B, tag PQMCU_BENCH_MQOM_TABLE_TAG)

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mqom_ops, "mqom",
                  {PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5", Fast, "mqom_ws.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_compact", FastCompact, "mqom_ws.compact.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_balanced", FastBalanced, "mqom_ws.balanced.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_memory", FastMemory, "mqom_ws.memory.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_lut", FastLut, "mqom_ws.lut.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5_balanced", ShortBalanced,
                                         "mqom_ws.balanced.cat1_gf16_short_r5"),
#if defined(PQMCU_BENCH_MQOM_SHORT)
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5", Short, "mqom_ws.cat1_gf16_short_r5"),
#endif
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5_compact", ShortCompact,
                                         "mqom_ws.compact.cat1_gf16_short_r5")});
}  // namespace pqmcu::bench
