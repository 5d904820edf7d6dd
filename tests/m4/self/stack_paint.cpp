// SPDX-License-Identifier: Apache-2.0 OR MIT
// Stack painting accuracy: code with a known stack footprint must measure
// exactly that (assembly, footprint known to the byte) or within a small
// frame overhead (C++ array). Prints every measurement.
#include <cstdint>

#include "m4/format.hpp"
#include "m4/stack.hpp"
#include "runner.hpp"

// Moves SP down by `bytes` (multiple of 8), writes the lowest word, returns.
extern "C" __attribute__((naked, noinline)) void selftest_use_stack_exact([[maybe_unused]] uint32_t bytes) {
    __asm__ volatile(
        "sub sp, sp, r0\n"
        "str r0, [sp]\n"
        "add sp, sp, r0\n"
        "bx lr\n");
}

namespace {

using pqmcu::m4::print;
using pqmcu::m4::stack_paint;
using pqmcu::m4::stack_peak_bytes;
using pqmcu::test::Context;

template <uint32_t N>
__attribute__((noinline)) uint32_t fill_array() {
    volatile uint8_t buf[N];
    for (uint32_t i = 0; i < N; ++i) buf[i] = uint8_t(i);
    uint32_t sum = 0;
    for (uint32_t i = 0; i < N; i += 64) sum += buf[i];
    return sum;
}

void exact(Context& ctx) {
    const uint32_t sizes[] = {8, 64, 1000 & ~7u, 4096, 65536, 200000};
    for (uint32_t n : sizes) {
        stack_paint();
        selftest_use_stack_exact(n);
        const size_t peak = stack_peak_bytes();
        print("  exact %6u bytes: measured %6u\n", unsigned(n), unsigned(peak));
        PQ_CHECK_EQ(ctx, peak, size_t(n));
    }
}

void nothing_used(Context& ctx) {
    stack_paint();
    const size_t peak = stack_peak_bytes();
    print("  nothing called: measured %u\n", unsigned(peak));
    PQ_CHECK_EQ(ctx, peak, size_t(0));
}

template <uint32_t N>
void array_case(Context& ctx) {
    stack_paint();
    volatile uint32_t sink = fill_array<N>();
    (void)sink;
    const size_t peak = stack_peak_bytes();
    print("  C++ array %6u bytes: measured %6u (frame overhead %u)\n", unsigned(N), unsigned(peak),
          unsigned(peak - N));
    PQ_CHECK(ctx, peak >= N && peak <= N + 32);
}

void arrays(Context& ctx) {
    array_case<256>(ctx);
    array_case<3000>(ctx);
    array_case<32768>(ctx);
}

void repaint(Context& ctx) {
    // A second painting must forget the first, larger peak.
    stack_paint();
    selftest_use_stack_exact(4096);
    stack_paint();
    selftest_use_stack_exact(128);
    PQ_CHECK_EQ(ctx, stack_peak_bytes(), size_t(128));
}

}  // namespace

PQMCU_SUITE(stack_paint_suite, "stack painting",
            {{"exact footprint", exact},
             {"nothing used", nothing_used},
             {"C++ arrays", arrays},
             {"repaint", repaint}});

int main() {
    print("stack region %u bytes at 0x%08x..0x%08x\n", unsigned(pqmcu::m4::stack_size_bytes()),
          unsigned(pqmcu::m4::stack_limit()), unsigned(pqmcu::m4::stack_top()));
    const pqmcu::test::Suite* const suites[] = {&stack_paint_suite};
    return pqmcu::test::run_suites(suites);
}
