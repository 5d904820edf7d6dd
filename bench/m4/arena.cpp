#include "arena.hpp"

alignas(64) uint8_t pqmcu_bench_arena[pqmcu::bench::kArenaBytes];
