// Cortex-M4 benchmark operations of MQOM v2.1 (Desktop, Balanced and Memory
// profiles): keygen, sign, verify for mqom2_cat1_gf16_fast_r5 and
// mqom2_cat1_gf16_short_r5 (and mqom2_cat5_gf16_fast_r5, streamed profiles),
// through sign_bench.hpp. Workspaces: .pqmcu_ram.mqom_ws.[balanced.|memory.]<set>,
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
using ShortScheme = mq::Scheme<mq::mqom2_cat1_gf16_short_r5, mq::Desktop>;
using FastBalScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Balanced>;
using FastMemScheme = mq::Scheme<mq::mqom2_cat1_gf16_fast_r5, mq::Memory>;
using ShortBalScheme = mq::Scheme<mq::mqom2_cat1_gf16_short_r5, mq::Balanced>;
using ShortMemScheme = mq::Scheme<mq::mqom2_cat1_gf16_short_r5, mq::Memory>;
using L5BalScheme = mq::Scheme<mq::mqom2_cat5_gf16_fast_r5, mq::Balanced>;
using L5MemScheme = mq::Scheme<mq::mqom2_cat5_gf16_fast_r5, mq::Memory>;

PQMCU_SIGN_BENCH_WORKSPACE(FastScheme, g_ws_fast, "mqom_ws.cat1_gf16_fast_r5");
PQMCU_SIGN_BENCH_WORKSPACE(FastBalScheme, g_ws_fast_bal, "mqom_ws.balanced.cat1_gf16_fast_r5");
PQMCU_SIGN_BENCH_WORKSPACE(FastMemScheme, g_ws_fast_mem, "mqom_ws.memory.cat1_gf16_fast_r5");
PQMCU_SIGN_BENCH_WORKSPACE(ShortBalScheme, g_ws_short_bal, "mqom_ws.balanced.cat1_gf16_short_r5");
PQMCU_SIGN_BENCH_WORKSPACE(ShortMemScheme, g_ws_short_mem, "mqom_ws.memory.cat1_gf16_short_r5");
using Fast = SignBench<FastScheme, &g_ws_fast>;
using FastBal = SignBench<FastBalScheme, &g_ws_fast_bal>;
using FastMem = SignBench<FastMemScheme, &g_ws_fast_mem>;
using ShortBal = SignBench<ShortBalScheme, &g_ws_short_bal>;
using ShortMem = SignBench<ShortMemScheme, &g_ws_short_mem>;

// L5 rows (63 KB of workspaces) only on request: beside the MAYO and the
// Desktop short workspaces they overflow the 640 KB link.
#if defined(PQMCU_BENCH_MQOM_L5)
PQMCU_SIGN_BENCH_WORKSPACE(L5BalScheme, g_ws_l5_bal, "mqom_ws.balanced.cat5_gf16_fast_r5");
PQMCU_SIGN_BENCH_WORKSPACE(L5MemScheme, g_ws_l5_mem, "mqom_ws.memory.cat5_gf16_fast_r5");
using L5Bal = SignBench<L5BalScheme, &g_ws_l5_bal>;
using L5Mem = SignBench<L5MemScheme, &g_ws_l5_mem>;
#endif

#if !defined(PQMCU_BOARD_STM32F4DISCOVERY) && !defined(PQMCU_BENCH_MQOM_L5)
#define PQMCU_BENCH_MQOM_SHORT 1
PQMCU_SIGN_BENCH_WORKSPACE(ShortScheme, g_ws_short, "mqom_ws.cat1_gf16_short_r5");
using Short = SignBench<ShortScheme, &g_ws_short>;
#endif

}  // namespace

#define PQMCU_BENCH_MQOM_ROWS(label, B, tag) PQMCU_SIGN_BENCH_OPS(label, B, tag PQMCU_BENCH_MQOM_TABLE_TAG)

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mqom_ops, "mqom",
                  {PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5", Fast, "mqom_ws.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_balanced", FastBal, "mqom_ws.balanced.cat1_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_memory", FastMem, "mqom_ws.memory.cat1_gf16_fast_r5"),
#if defined(PQMCU_BENCH_MQOM_SHORT)
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5", Short, "mqom_ws.cat1_gf16_short_r5"),
#endif
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5_balanced", ShortBal, "mqom_ws.balanced.cat1_gf16_short_r5"),
#if defined(PQMCU_BENCH_MQOM_L5)
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_fast_r5_balanced", L5Bal, "mqom_ws.balanced.cat5_gf16_fast_r5"),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_fast_r5_memory", L5Mem, "mqom_ws.memory.cat5_gf16_fast_r5"),
#endif
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5_memory", ShortMem, "mqom_ws.memory.cat1_gf16_short_r5")});
}  // namespace pqmcu::bench
