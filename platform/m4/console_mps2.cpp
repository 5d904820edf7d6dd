// SPDX-License-Identifier: Apache-2.0 OR MIT
// CMSDK APB UART0 of the MPS2 AN386 image at 0x40004000 (as QEMU models it).
#include <cstdint>

#include "m4/console.hpp"
#include "m4/regs.hpp"
#include "m4/semihosting.hpp"

namespace pqmcu::m4 {
namespace {
constexpr uintptr_t uart0 = 0x40004000;
constexpr uintptr_t data = uart0 + 0x00;
constexpr uintptr_t state = uart0 + 0x04;    // bit 0: TX buffer full
constexpr uintptr_t ctrl = uart0 + 0x08;     // bit 0: TX enable
constexpr uintptr_t bauddiv = uart0 + 0x10;  // >= 16; QEMU ignores the rate
constexpr uint32_t state_tx_full = 1u << 0;
constexpr uint32_t ctrl_tx_enable = 1u << 0;
}  // namespace

void console_init() {
    mmio(bauddiv) = 16;
    mmio(ctrl) = ctrl_tx_enable;
}

void console_putc(char c) {
#if defined(PQMCU_M4_CONSOLE_SEMIHOSTING)
    const char s[2] = {c, 0};
    semihosting::write0(s);
#else
    while (mmio(state) & state_tx_full) {
    }
    mmio(data) = uint8_t(c);
#endif
}

void console_flush() {
    while (mmio(state) & state_tx_full) {
    }
}

}  // namespace pqmcu::m4
