// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "m4/stack.hpp"

extern "C" {
extern uint32_t __pqmcu_stack_limit[];
extern uint32_t __pqmcu_stack_top[];
// SP of stack_paint()'s caller; 0 until painted.
__attribute__((used)) uint32_t pqmcu_stack_painted_sp = 0;
}

namespace pqmcu::m4 {

// Naked and register-only, so nothing of its own lands in the painted area and
// the recorded SP is exactly the caller's.
__attribute__((naked, noinline)) void stack_paint() {
    __asm__ volatile(
        "mov r0, sp\n"
        "movw r1, #:lower16:pqmcu_stack_painted_sp\n"
        "movt r1, #:upper16:pqmcu_stack_painted_sp\n"
        "str r0, [r1]\n"
        "movw r1, #:lower16:__pqmcu_stack_limit\n"
        "movt r1, #:upper16:__pqmcu_stack_limit\n"
        "movw r2, #:lower16:%c0\n"
        "movt r2, #:upper16:%c0\n"
        "1:\n"
        "cmp r1, r0\n"
        "bhs 2f\n"
        "str r2, [r1], #4\n"
        "b 1b\n"
        "2:\n"
        "bx lr\n" ::"i"(kStackPaintPattern));
}

// Also naked: a frame of its own would write below the painted SP and count.
__attribute__((naked, noinline)) size_t stack_peak_bytes() {
    __asm__ volatile(
        "movw r1, #:lower16:pqmcu_stack_painted_sp\n"
        "movt r1, #:upper16:pqmcu_stack_painted_sp\n"
        "ldr r0, [r1]\n"
        "cbz r0, 3f\n"  // never painted
        "movw r1, #:lower16:__pqmcu_stack_limit\n"
        "movt r1, #:upper16:__pqmcu_stack_limit\n"
        "movw r2, #:lower16:%c0\n"
        "movt r2, #:upper16:%c0\n"
        "1:\n"  // r1 walks up from the limit to the first overwritten word
        "cmp r1, r0\n"
        "bhs 2f\n"
        "ldr r3, [r1]\n"
        "cmp r3, r2\n"
        "bne 2f\n"
        "adds r1, #4\n"
        "b 1b\n"
        "2:\n"
        "subs r0, r0, r1\n"
        "3:\n"
        "bx lr\n" ::"i"(kStackPaintPattern));
}

size_t stack_size_bytes() { return size_t(stack_top() - stack_limit()); }
uintptr_t stack_limit() { return uintptr_t(__pqmcu_stack_limit); }
uintptr_t stack_top() { return uintptr_t(__pqmcu_stack_top); }

}  // namespace pqmcu::m4
