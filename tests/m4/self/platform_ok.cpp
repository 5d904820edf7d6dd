// SPDX-License-Identifier: Apache-2.0 OR MIT
// Platform self-test that must pass: startup did its job (.data copied, .bss
// zeroed, constructors run, FPU on), the formatter is right, RAM tables land
// in RAM, the stack bounds are sane. Exit 0.
#include <cstdint>
#include <cstring>

#include "m4/format.hpp"
#include "m4/stack.hpp"
#include "runner.hpp"

extern "C" {
extern uint32_t __pqmcu_ram_start[];
extern uint32_t __pqmcu_ram_end[];
}

namespace {

volatile uint32_t data_word = 0xA5C3F00Du;
uint32_t bss_words[16];
uint32_t constructed = 0;
struct SetsFlag {
    SetsFlag() { constructed = 0x600Du; }
};
SetsFlag sets_flag;
__attribute__((section(".pqmcu_ram.selftest"))) uint8_t ram_table[64] = {1, 2, 3};

using pqmcu::test::Context;

void startup_cases(Context& ctx) {
    PQ_CHECK_EQ(ctx, data_word, 0xA5C3F00Du);
    bool zero = true;
    for (uint32_t w : bss_words) zero = zero && w == 0;
    PQ_CHECK(ctx, zero);
    PQ_CHECK_EQ(ctx, constructed, 0x600Du);
}

void fpu_works(Context& ctx) {
    // Runs VFP instructions: faults (NOCP UsageFault) unless CPACR enabled the FPU.
    volatile float a = 1.5f, b = 2.25f;
    const float c = a * b + 0.625f;
    PQ_CHECK(ctx, c == 4.0f);
}

void formatter(Context& ctx) {
    char buf[64];
    pqmcu::m4::format(buf, sizeof buf, "%s|%d|%u|%x|%08X|%5d|%-4u|", "ab", -42, 4000000000u, 0xbeefu,
                      0x1234ABu, 17, 3u);
    PQ_CHECK(ctx, std::strcmp(buf, "ab|-42|4000000000|beef|001234AB|   17|3   |") == 0);
    pqmcu::m4::format(buf, sizeof buf, "%llu %lld %c%%", 12345678901234ull, -9000000000ll, 'z');
    PQ_CHECK(ctx, std::strcmp(buf, "12345678901234 -9000000000 z%") == 0);
    const size_t n = pqmcu::m4::format(buf, 6, "%s", "truncated");
    PQ_CHECK_EQ(ctx, n, size_t(9));
    PQ_CHECK(ctx, std::strcmp(buf, "trunc") == 0);
}

void ram_tables(Context& ctx) {
    const uintptr_t p = uintptr_t(ram_table);
    PQ_CHECK(ctx, p >= uintptr_t(__pqmcu_ram_start) && p + sizeof ram_table <= uintptr_t(__pqmcu_ram_end));
    PQ_CHECK(ctx, (p >> 28) == 0x2);  // SRAM, not flash
    PQ_CHECK_EQ(ctx, ram_table[2], 3);
    PQ_CHECK_EQ(ctx, ram_table[63], 0);
}

void stack_bounds(Context& ctx) {
    uint32_t here = 0;
    const uintptr_t sp = uintptr_t(&here);
    PQ_CHECK(ctx, sp > pqmcu::m4::stack_limit() && sp < pqmcu::m4::stack_top());
    PQ_CHECK(ctx, pqmcu::m4::stack_size_bytes() >= 8192);
    PQ_CHECK_EQ(ctx, pqmcu::m4::stack_top() % 8, 0u);
}

}  // namespace

PQMCU_SUITE(m4_platform_suite, "m4 platform",
            {{"startup", startup_cases},
             {"fpu", fpu_works},
             {"formatter", formatter},
             {"ram tables", ram_tables},
             {"stack bounds", stack_bounds}});

int main() {
    const pqmcu::test::Suite* const suites[] = {&m4_platform_suite};
    return pqmcu::test::run_suites(suites);
}
