// SPDX-License-Identifier: Apache-2.0 OR MIT
// Polled UART receive for the bootloader (the platform console only sends).
#pragma once

namespace pqmcu::boot {

void uart_rx_init();
// The next byte, or -1 when none arrived within the timeout (about 2^23 polls).
int uart_getc_timeout();

}  // namespace pqmcu::boot
