// SPDX-License-Identifier: Apache-2.0 OR MIT
// How firmware ends, and the exit codes the QEMU runner (tools/m4sim/m4run.py)
// and the ctest EXPECT_EXIT values rely on. Faults use 100 + exception number.
#pragma once

namespace pqmcu::m4 {

enum ExitCode : int {
    exit_ok = 0,
    exit_test_failed = 1,        // tests/m4 runner: at least one failing case
    exit_nmi = 102,
    exit_hard_fault = 103,
    exit_mem_manage = 104,
    exit_bus_fault = 105,
    exit_usage_fault = 106,
    exit_heap_used = 110,        // malloc/new/sbrk reached: the library must not use a heap
    exit_abort = 111,            // abort, pure virtual call, std::terminate
    exit_unexpected_irq = 120,   // any other exception or interrupt
    // 124 is taken by the runner: firmware hung (timeout)
};

// mps2-an386 (QEMU): semihosting SYS_EXIT_EXTENDED, so QEMU exits with `code`.
// Real boards: prints "pqmcu-exit <code>" on the console and parks the core.
[[noreturn]] void exit(int code);

}  // namespace pqmcu::m4
