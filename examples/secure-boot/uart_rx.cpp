// SPDX-License-Identifier: Apache-2.0 OR MIT
// mps2-an386: CMSDK APB UART0 at 0x40004000, as QEMU models it (STATE bit 1:
// RX buffer full; CTRL bit 1: RX enable; DATA read pops the byte).
// The STM32 boards: build and link only, no RX driver yet (refuses at once).
#include <cstdint>

#include "m4/regs.hpp"
#include "uart_rx.hpp"

namespace pqmcu::boot {

// ~2^26 polls (about 4 s at 80 MHz) per byte before a timeout. Under QEMU the
// frame arrives from the host's I/O thread, not in step with the guest's
// instructions: with 2^23 polls a loaded host (2 busy cores) delivered the
// next byte too late about one run in three and a valid transfer timed out.
constexpr uint32_t kTimeoutPolls = 1u << 26;

#if defined(PQMCU_BOARD_MPS2_AN386)
namespace {
constexpr uintptr_t uart0 = 0x40004000;
constexpr uintptr_t data = uart0 + 0x00, state = uart0 + 0x04, ctrl = uart0 + 0x08;
constexpr uint32_t state_rx_full = 1u << 1, ctrl_rx_enable = 1u << 1;
}  // namespace

void uart_rx_init() { m4::mmio(ctrl) = m4::mmio(ctrl) | ctrl_rx_enable; }

int uart_getc_timeout() {
    for (uint32_t i = 0; i < kTimeoutPolls; ++i) {
        if (m4::mmio(state) & state_rx_full) return int(m4::mmio(data) & 0xFFu);
    }
    return -1;
}
#else
void uart_rx_init() {}
int uart_getc_timeout() { return -1; }
#endif

}  // namespace pqmcu::boot
