// SPDX-License-Identifier: Apache-2.0 OR MIT
// Reference rows: what the measurement itself costs (call and mark overhead)
// and a memcpy, so the other rows can be read against them.
#include <cstdint>
#include <cstring>

#include "bench_ops.hpp"

namespace {

alignas(8) uint8_t src[1024];
alignas(8) uint8_t dst[1024];

void no_setup() {}
__attribute__((noinline)) void empty() { __asm__ volatile("" ::: "memory"); }
void fill_src() {
    for (size_t i = 0; i < sizeof src; ++i) src[i] = uint8_t(i * 7);
}
__attribute__((noinline)) void copy_1k() {
    std::memcpy(dst, src, sizeof dst);
    __asm__ volatile("" : : "r"(dst) : "memory");
}

}  // namespace

PQMCU_BENCH_GROUP(baseline_ops, "baseline", {
    {"empty", no_setup, empty, nullptr},
    {"memcpy-1k", fill_src, copy_1k, nullptr},
});
