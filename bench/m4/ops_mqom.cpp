// Cortex-M4 benchmark operations of MQOM v2.1 (Desktop, Balanced and Memory
// profiles): keygen, sign, verify for mqom2_cat1_gf16_fast_r5 and
// mqom2_cat1_gf16_short_r5 (and mqom2_cat5_gf16_fast_r5, streamed profiles),
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
using ShortScheme = mq::Scheme<mq::mqom2_cat1_gf16_short_r5, mq::Desktop>;
template <class Set>
using Bal = SignBench<mq::Scheme<Set, mq::Balanced>>;
template <class Set>
using Mem = SignBench<mq::Scheme<Set, mq::Memory>>;

using Fast = SignBench<FastScheme>;

#if !defined(PQMCU_BOARD_STM32F4DISCOVERY)
#define PQMCU_BENCH_MQOM_SHORT 1
using Short = SignBench<ShortScheme>;
#endif

}  // namespace

#define PQMCU_BENCH_MQOM_ROWS(label, B, tag) PQMCU_SIGN_BENCH_OPS(label, B, tag PQMCU_BENCH_MQOM_TABLE_TAG)

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mqom_ops, "mqom",
                  {PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5", Fast),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_balanced", Bal<mq::mqom2_cat1_gf16_fast_r5>),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_fast_r5_memory", Mem<mq::mqom2_cat1_gf16_fast_r5>),
#if defined(PQMCU_BENCH_MQOM_SHORT)
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5", Short),
#endif
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5_balanced", Bal<mq::mqom2_cat1_gf16_short_r5>),
                   PQMCU_BENCH_MQOM_ROWS("cat1_gf16_short_r5_memory", Mem<mq::mqom2_cat1_gf16_short_r5>),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_fast_r5_balanced", Bal<mq::mqom2_cat5_gf16_fast_r5>),
                   PQMCU_BENCH_MQOM_ROWS("cat5_gf16_fast_r5_memory", Mem<mq::mqom2_cat5_gf16_fast_r5>)});
}  // namespace pqmcu::bench
