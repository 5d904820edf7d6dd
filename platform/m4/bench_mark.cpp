// SPDX-License-Identifier: Apache-2.0 OR MIT
// Kept in its own file and out of inlining/IPA so every call stays a real
// branch to one fixed address, in program order.
#include "m4/bench_mark.hpp"

extern "C" __attribute__((noinline, noipa, used)) void pqmcu_bench_mark(unsigned id) {
    __asm__ volatile("" : : "r"(id) : "memory");
}
