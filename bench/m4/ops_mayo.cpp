// Cortex-M4 benchmark operations of MAYO (round 2): keygen, sign, verify for
// MAYO-1 and MAYO-2 (src/mayo, portable C++ engine), through sign_bench.hpp.
// Workspaces in the shared bench arena.
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
using Mayo1 = pqmcu::bench::SignBench<Mayo1Scheme>;
using Mayo2 = pqmcu::bench::SignBench<Mayo2Scheme>;

}  // namespace

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mayo_ops, "mayo",
                  {PQMCU_SIGN_BENCH_OPS("mayo1", Mayo1, nullptr),
                   PQMCU_SIGN_BENCH_OPS("mayo2", Mayo2, nullptr)});
}  // namespace pqmcu::bench

#endif  // !PQMCU_BOARD_STM32F4DISCOVERY
