// SPDX-License-Identifier: Apache-2.0 OR MIT
// STM32F4DISCOVERY (STM32F407): USART2 TX on PA2 (AF7). The board's ST-Link
// has no virtual COM port: connect a 3.3 V USB-serial adapter to PA2/GND.
// Register offsets from the STM32F40x reference manual (RM0090); reset clock
// is HSI 16 MHz, so APB1 runs at 16 MHz.
#include <cstdint>

#include "m4/console.hpp"
#include "m4/regs.hpp"

namespace pqmcu::m4 {
namespace {
constexpr uintptr_t rcc = 0x40023800;
constexpr uintptr_t rcc_ahb1enr = rcc + 0x30;  // GPIOAEN bit 0
constexpr uintptr_t rcc_apb1enr = rcc + 0x40;  // USART2EN bit 17
constexpr uintptr_t gpioa = 0x40020000;
constexpr uintptr_t gpioa_moder = gpioa + 0x00;
constexpr uintptr_t gpioa_afrl = gpioa + 0x20;
constexpr uintptr_t usart2 = 0x40004400;
constexpr uintptr_t us_sr = usart2 + 0x00;   // TC bit 6, TXE bit 7
constexpr uintptr_t us_dr = usart2 + 0x04;
constexpr uintptr_t us_brr = usart2 + 0x08;
constexpr uintptr_t us_cr1 = usart2 + 0x0C;  // UE bit 13, TE bit 3
constexpr uint32_t apb1_hz = 16000000;
constexpr uint32_t baud = 115200;
}  // namespace

void console_init() {
    mmio(rcc_ahb1enr) |= 1u << 0;
    mmio(rcc_apb1enr) |= 1u << 17;
    mmio(gpioa_moder) = (mmio(gpioa_moder) & ~(3u << 4)) | (2u << 4);  // PA2 alternate function
    mmio(gpioa_afrl) = (mmio(gpioa_afrl) & ~(0xFu << 8)) | (7u << 8);  // AF7
    // Oversampling by 16: BRR holds f_ck / baud as 12.4 fixed point.
    mmio(us_brr) = (apb1_hz + baud / 2) / baud;
    mmio(us_cr1) = (1u << 13) | (1u << 3);
}

void console_putc(char c) {
    if (c == '\n') console_putc('\r');
    while ((mmio(us_sr) & (1u << 7)) == 0) {
    }
    mmio(us_dr) = uint8_t(c);
}

void console_flush() {
    while ((mmio(us_sr) & (1u << 6)) == 0) {
    }
}

}  // namespace pqmcu::m4
