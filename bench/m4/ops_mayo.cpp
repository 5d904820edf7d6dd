// Cortex-M4 benchmark operations of MAYO (round 2): keygen, sign, verify for
// MAYO-1 and MAYO-2 (src/mayo, portable C++ engine), through sign_bench.hpp.
// Workspaces: .pqmcu_ram.mayo_ws.r2.<set>, charged to that set's rows.
//
// STM32F4DISCOVERY: its 128 KB SRAM holds neither workspace (205 KB / 131 KB),
// so that build has no MAYO rows (the group is not defined; groups.hpp
// declares it weak).
#if !defined(PQMCU_BOARD_STM32F4DISCOVERY)

#include "mayo/scheme.hpp"
#include "sign_bench.hpp"

namespace {

using Mayo1Scheme = pqmcu::mayo::Scheme<pqmcu::mayo::mayo_1>;
using Mayo2Scheme = pqmcu::mayo::Scheme<pqmcu::mayo::mayo_2>;
PQMCU_SIGN_BENCH_WORKSPACE(Mayo1Scheme, g_ws_mayo1, "mayo_ws.r2.mayo1");
PQMCU_SIGN_BENCH_WORKSPACE(Mayo2Scheme, g_ws_mayo2, "mayo_ws.r2.mayo2");
using Mayo1 = pqmcu::bench::SignBench<Mayo1Scheme, &g_ws_mayo1>;
using Mayo2 = pqmcu::bench::SignBench<Mayo2Scheme, &g_ws_mayo2>;

}  // namespace

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mayo_ops, "mayo",
                  {PQMCU_SIGN_BENCH_OPS("mayo1", Mayo1, "mayo_ws.r2.mayo1"),
                   PQMCU_SIGN_BENCH_OPS("mayo2", Mayo2, "mayo_ws.r2.mayo2")});
}  // namespace pqmcu::bench

#endif  // !PQMCU_BOARD_STM32F4DISCOVERY
