// SPDX-License-Identifier: Apache-2.0 OR MIT
// The report of the AAPCS checking wrappers (gen_abi_wrap.py): linked into
// an m4.abi.* firmware with -Wl,--wrap=main, so it runs the firmware's own
// main, then prints per wrapped assembly entry its calls and any violation,
// and fails the firmware (exit 1) on a violation or on an entry that was
// never called although it is expected to be.
#include <cstddef>
#include <cstdint>

#include "m4/format.hpp"
#include "m4/stack.hpp"

extern "C" {
extern const uint32_t pqmcu_abi_count;
extern const uint32_t pqmcu_abi_stack_overhead;
extern const char* const pqmcu_abi_names[];
extern const uint32_t pqmcu_abi_args[];
extern const uint32_t pqmcu_abi_expect[];
extern uint32_t pqmcu_abi_calls[];
extern uint32_t pqmcu_abi_bad[];
extern uint32_t pqmcu_abi_frame_hit[];
int __real_main();
int __wrap_main();
unsigned pqmcu_abi_report();
size_t __real__ZN5pqmcu2m416stack_peak_bytesEv();
size_t __wrap__ZN5pqmcu2m416stack_peak_bytesEv();
}

// The wrappers put up to pqmcu_abi_stack_overhead bytes under every wrapped
// call. The firmware's stack budgets hold the unwrapped code, so its peaks
// are reported less that bound: never more than the plain firmware's figure
// (assembly entries do not call each other through wrappers). The plain
// m4.kat.* firmware checks the real budgets.
size_t __wrap__ZN5pqmcu2m416stack_peak_bytesEv() {
    const size_t peak = __real__ZN5pqmcu2m416stack_peak_bytesEv();
    return peak > pqmcu_abi_stack_overhead ? peak - pqmcu_abi_stack_overhead : 0;
}

namespace {

void print_bad(uint32_t bad, uint32_t hit, uint32_t args) {
    if (bad & 1u) pqmcu::m4::print(" sp");
    if (bad & 4u) pqmcu::m4::print(" fpscr-mode");
    for (unsigned r = 4; r < 12; ++r)
        if (bad & (1u << r)) pqmcu::m4::print(" r%u", r);
    for (unsigned s = 16; s < 32; ++s)
        if (bad & (1u << s)) pqmcu::m4::print(" s%u", s);
    if (bad & 2u) {
        pqmcu::m4::print(" caller-frame-write:");
        for (unsigned k = 0; k < 32; ++k)
            if (hit & (1u << k)) pqmcu::m4::print(" [entry sp + %u]", unsigned(4u * (args + k)));
    }
}

}  // namespace

// Prints the table; returns the number of failures (violations + entries
// expected but never called).
unsigned pqmcu_abi_report() {
    unsigned violations = 0, missing = 0, called = 0, optional = 0;
    pqmcu::m4::print("abi: %u assembly entries wrapped (AAPCS: r4-r11, s16-s31, sp, FPSCR mode, caller's frame)\n",
                     unsigned(pqmcu_abi_count));
    for (uint32_t i = 0; i < pqmcu_abi_count; ++i) {
        const char* status = "ok";
        if (pqmcu_abi_bad[i] != 0) {
            status = "VIOLATION";
            ++violations;
        } else if (pqmcu_abi_calls[i] == 0 && pqmcu_abi_expect[i]) {
            status = "NOT CALLED";
            ++missing;
        } else if (pqmcu_abi_calls[i] == 0) {
            status = "unused";  // allowed: the firmware links it but does not reach it
            ++optional;
        }
        if (pqmcu_abi_calls[i] != 0) ++called;
        pqmcu::m4::print("abi: %-10s %-44s calls %9u  stack args %u", status, pqmcu_abi_names[i],
                         unsigned(pqmcu_abi_calls[i]), unsigned(pqmcu_abi_args[i]));
        if (pqmcu_abi_bad[i] != 0) {
            pqmcu::m4::print(" --");
            print_bad(pqmcu_abi_bad[i], pqmcu_abi_frame_hit[i], pqmcu_abi_args[i]);
        }
        pqmcu::m4::print("\n");
    }
    pqmcu::m4::print("abi: %u called, %u violating, %u expected but not called, %u unused (allowed)\n", called,
                     violations, missing, optional);
    return violations + missing;
}

int __wrap_main() {
    const int rc = __real_main();
    const unsigned failures = pqmcu_abi_report();
    pqmcu::m4::print("abi: %s (main returned %d)\n", failures != 0 ? "FAIL" : "PASS", rc);
    if (failures != 0 && rc == 0) return 1;
    return rc;
}
