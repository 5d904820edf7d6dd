// SPDX-License-Identifier: Apache-2.0 OR MIT
// ARM semihosting (BKPT 0xAB on M-profile). Only meaningful under a debugger
// or QEMU with -semihosting-config enable=on; on a bare board without a probe
// the BKPT escalates to HardFault, so boards do not call these by default.
#pragma once
#include <cstdint>

namespace pqmcu::m4::semihosting {

constexpr uint32_t sys_write0 = 0x04;
constexpr uint32_t sys_exit_extended = 0x20;
constexpr uint32_t adp_stopped_application_exit = 0x20026;

inline uint32_t call(uint32_t op, const void* arg) {
    register uint32_t r0 __asm__("r0") = op;
    register const void* r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

inline void write0(const char* s) { call(sys_write0, s); }

[[noreturn]] inline void exit_extended(int code) {
    const uint32_t block[2] = {adp_stopped_application_exit, uint32_t(code)};
    call(sys_exit_extended, block);
    for (;;) __asm__ volatile("" ::: "memory");  // debugger ignored the request
}

}  // namespace pqmcu::m4::semihosting
