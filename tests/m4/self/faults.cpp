// SPDX-License-Identifier: Apache-2.0 OR MIT
// Firmware that must die in a specific way; built once per SELFTEST_* macro.
// Each ctest expects the matching exit code (platform/m4/exit.hpp), proving
// that the fault reaches its own handler and is reported as such.
#include <cstddef>
#include <cstdint>

#include "m4/format.hpp"
#include "m4/regs.hpp"

extern "C" void* malloc(size_t);

namespace {

using pqmcu::m4::mmio;
using pqmcu::m4::print;

[[maybe_unused]] void hard_fault() {
    // With the UsageFault handler disabled (the reset default), a branch to an
    // address without the Thumb bit (INVSTATE) escalates to HardFault.
    mmio(pqmcu::m4::scb::shcsr) &= ~pqmcu::m4::scb::shcsr_usgfaultena;
    pqmcu::m4::dsb();
    pqmcu::m4::isb();
    volatile uintptr_t target = uintptr_t(&hard_fault) & ~uintptr_t(1);
    reinterpret_cast<void (*)()>(target)();
}

[[maybe_unused]] void usage_fault_div0() {
    volatile uint32_t n = 1000, d = 0;
    volatile uint32_t q = n / d;  // UDIV traps because CCR.DIV_0_TRP is set
    print("quotient %u: division by zero did not trap\n", unsigned(q));
}

[[maybe_unused]] void usage_fault_unaligned_ldrd() {
    alignas(8) static uint32_t words[4] = {1, 2, 3, 4};
    const uint8_t* p = reinterpret_cast<const uint8_t*>(words) + 2;
    uint32_t lo, hi;
    // LDRD needs word alignment on every ARMv7-M core, whatever CCR.UNALIGN_TRP says.
    __asm__ volatile("ldrd %0, %1, [%2]" : "=r"(lo), "=r"(hi) : "r"(p) : "memory");
    print("ldrd read %x %x: unaligned access did not trap\n", unsigned(lo), unsigned(hi));
}

[[maybe_unused]] void usage_fault_undefined() {
    __asm__ volatile("udf #0");
}

[[maybe_unused]] void bus_fault() {
    // Precise data abort: nothing is mapped there on mps2-an386 or the boards.
    volatile uint32_t v = mmio(0xF0000000u);
    print("read %x: unmapped address did not fault\n", unsigned(v));
}

[[maybe_unused]] void mem_manage() {
    // The default memory map marks the System region (0xE0000000+) execute-never.
    volatile uintptr_t target = 0xE0000000u | 1u;
    reinterpret_cast<void (*)()>(target)();
}

volatile uint32_t recursion_limit = 0xFFFFFFFFu;

// Not a tail call (the array is read after the call), so every level costs stack.
[[maybe_unused]] __attribute__((noinline)) uint32_t recurse(uint32_t depth) {
    volatile uint8_t frame[256];
    frame[0] = uint8_t(depth);
    if (depth == recursion_limit) return 0;
    return recurse(depth + 1) + frame[0];
}

[[maybe_unused]] void stack_overflow() {
    // Runs down the whole stack into the MPU guard below it: MemManage.
    print("recursion returned %u: the stack guard did not fire\n", unsigned(recurse(0)));
}

[[maybe_unused]] void hang() {
    for (;;) __asm__ volatile("" ::: "memory");
}

[[maybe_unused]] void heap_use() {
    // Through a volatile pointer so the call cannot be optimised away.
    void* (*volatile alloc)(size_t) = &malloc;
    print("malloc returned %p: the heap trap did not fire\n", alloc(16));
}

}  // namespace

int main() {
    print("selftest %s: provoking it now\n", PQMCU_SELFTEST_NAME);
    PQMCU_SELFTEST_FN();
    print("selftest %s: survived, which is wrong\n", PQMCU_SELFTEST_NAME);
    return 0;
}
