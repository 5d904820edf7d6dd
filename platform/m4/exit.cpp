// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "m4/exit.hpp"

#include "m4/console.hpp"
#include "m4/format.hpp"
#include "m4/semihosting.hpp"

namespace pqmcu::m4 {

void exit(int code) {
    console_flush();
#if defined(PQMCU_M4_SEMIHOSTING_EXIT)
    semihosting::exit_extended(code);
#else
    print("pqmcu-exit %d\n", code);
    console_flush();
    __asm__ volatile("cpsid i" ::: "memory");
    for (;;) __asm__ volatile("wfi" ::: "memory");
#endif
}

}  // namespace pqmcu::m4
