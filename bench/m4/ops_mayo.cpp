// SPDX-License-Identifier: Apache-2.0 OR MIT
// Cortex-M4 benchmark operations of MAYO (round 2): keygen, sign, verify for
// MAYO-1 and MAYO-2 through sign_bench.hpp, with the streamed low-RAM profile
// (Scheme<Set, Streamed>, src/mayo/engine_stream.cpp; rows "mayo1_*" beside
// pqm4's m4f figures) and the expanded profile (rows "mayo1_expanded_*").
// Workspaces live in the shared bench arena; the streamed profile's rows are
// charged their own operation's workspace only.
//
// STM32F4DISCOVERY: its 96 KB bench arena holds neither expanded workspace
// (205 / 131 KB), so that build has no MAYO rows (the group is not defined;
// groups.hpp declares it weak); the streamed KAT firmware runs there instead.
#if !defined(PQMCU_BOARD_STM32F4DISCOVERY)

#include "mayo/scheme.hpp"
#include "sign_bench.hpp"

namespace {

namespace my = pqmcu::mayo;
using pqmcu::bench::SignBench;
using Mayo1 = SignBench<my::Scheme<my::mayo_1, my::Streamed>>;
using Mayo2 = SignBench<my::Scheme<my::mayo_2, my::Streamed>>;
using Mayo1Expanded = SignBench<my::Scheme<my::mayo_1, my::Expanded>>;
using Mayo2Expanded = SignBench<my::Scheme<my::mayo_2, my::Expanded>>;

}  // namespace

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mayo_ops, "mayo",
                  {PQMCU_SIGN_BENCH_OPS("mayo1", Mayo1, nullptr), PQMCU_SIGN_BENCH_OPS("mayo2", Mayo2, nullptr),
                   PQMCU_SIGN_BENCH_OPS("mayo1_expanded", Mayo1Expanded, nullptr),
                   PQMCU_SIGN_BENCH_OPS("mayo2_expanded", Mayo2Expanded, nullptr)});
}  // namespace pqmcu::bench

#endif  // !PQMCU_BOARD_STM32F4DISCOVERY
