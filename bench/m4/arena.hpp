// SPDX-License-Identifier: Apache-2.0 OR MIT
// One RAM arena shared by every benchmark operation's workspace. Operations
// run one at a time, so the firmware needs the largest workspace, not the sum
// of all of them: adding rows (profiles, sets) no longer eats the stack.
// The arena is zero-initialised .bss (no flash image). An operation's
// workspace size is printed with its row (ws=<bytes>) and charged to it by
// tools/m4sim/bench_table.py.
//
// PQMCU_BENCH_ARENA_BYTES comes from bench/m4/CMakeLists.txt per board; a
// row whose workspace does not fit fails to compile (static_assert).
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::bench {

inline constexpr size_t kArenaBytes = PQMCU_BENCH_ARENA_BYTES;
extern "C" uint8_t pqmcu_bench_arena[];

// Workspaces are plain structs of arrays (implicit-lifetime types), so the
// arena's bytes can serve as one directly.
template <class W>
W& arena_as() {
    static_assert(sizeof(W) <= kArenaBytes, "workspace larger than the bench arena (PQMCU_BENCH_ARENA_BYTES)");
    static_assert(alignof(W) <= 64);
    return *reinterpret_cast<W*>(pqmcu_bench_arena);
}

}  // namespace pqmcu::bench
