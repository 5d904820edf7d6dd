// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "arena.hpp"

alignas(64) uint8_t pqmcu_bench_arena[pqmcu::bench::kArenaBytes];
