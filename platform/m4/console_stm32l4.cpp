// SPDX-License-Identifier: Apache-2.0 OR MIT
// Nucleo-L4R5ZI: LPUART1 on PG7 (TX, AF8) is wired to the ST-Link virtual COM
// port. Clocked from HSI16 so the rate does not depend on the system clock.
// Register offsets from the STM32L4+ reference manual (RM0432).
#include <cstdint>

#include "m4/console.hpp"
#include "m4/regs.hpp"

namespace pqmcu::m4 {
namespace {
constexpr uintptr_t rcc = 0x40021000;
constexpr uintptr_t rcc_cr = rcc + 0x00;        // HSION bit 8, HSIRDY bit 10
constexpr uintptr_t rcc_ahb2enr = rcc + 0x4C;   // GPIOGEN bit 6
constexpr uintptr_t rcc_apb1enr1 = rcc + 0x58;  // PWREN bit 28
constexpr uintptr_t rcc_apb1enr2 = rcc + 0x5C;  // LPUART1EN bit 0
constexpr uintptr_t rcc_ccipr = rcc + 0x88;     // LPUART1SEL bits 11:10 (10 = HSI16)
constexpr uintptr_t pwr_cr2 = 0x40007000 + 0x04;  // IOSV bit 9: port G is on VDDIO2
constexpr uintptr_t gpiog = 0x48001800;
constexpr uintptr_t gpiog_moder = gpiog + 0x00;
constexpr uintptr_t gpiog_afrl = gpiog + 0x20;
constexpr uintptr_t lpuart1 = 0x40008000;
constexpr uintptr_t lp_cr1 = lpuart1 + 0x00;  // UE bit 0, TE bit 3
constexpr uintptr_t lp_brr = lpuart1 + 0x0C;
constexpr uintptr_t lp_isr = lpuart1 + 0x1C;  // TC bit 6, TXE bit 7
constexpr uintptr_t lp_tdr = lpuart1 + 0x28;
constexpr uint32_t hsi_hz = 16000000;
constexpr uint32_t baud = 115200;
}  // namespace

void console_init() {
    mmio(rcc_cr) |= 1u << 8;
    while ((mmio(rcc_cr) & (1u << 10)) == 0) {
    }
    mmio(rcc_apb1enr1) |= 1u << 28;
    mmio(pwr_cr2) |= 1u << 9;
    mmio(rcc_ahb2enr) |= 1u << 6;
    mmio(rcc_apb1enr2) |= 1u << 0;
    mmio(rcc_ccipr) = (mmio(rcc_ccipr) & ~(3u << 10)) | (2u << 10);
    mmio(gpiog_moder) = (mmio(gpiog_moder) & ~(3u << 14)) | (2u << 14);  // PG7 alternate function
    mmio(gpiog_afrl) = (mmio(gpiog_afrl) & ~(0xFu << 28)) | (8u << 28);  // AF8
    // LPUART: BRR = 256 * f_ck / baud.
    mmio(lp_brr) = uint32_t((256ull * hsi_hz + baud / 2) / baud);
    mmio(lp_cr1) = (1u << 3) | (1u << 0);
}

void console_putc(char c) {
    if (c == '\n') console_putc('\r');
    while ((mmio(lp_isr) & (1u << 7)) == 0) {
    }
    mmio(lp_tdr) = uint8_t(c);
}

void console_flush() {
    while ((mmio(lp_isr) & (1u << 6)) == 0) {
    }
}

}  // namespace pqmcu::m4
