// SPDX-License-Identifier: Apache-2.0 OR MIT
// Polling console: CMSDK UART0 on mps2-an386 (QEMU -serial stdio), LPUART1
// (ST-Link virtual COM port) on Nucleo-L4R5ZI, USART2 TX on PA2 on
// STM32F4DISCOVERY. 115200 8N1 on the boards, from their reset clocks.
#pragma once

namespace pqmcu::m4 {

void console_init();            // called by the reset handler before constructors
void console_putc(char c);      // blocking; '\n' is sent as "\r\n" on boards
void console_write(const char* s);
void console_flush();           // waits until the last byte has left

}  // namespace pqmcu::m4

// The test harness (tests/support) prints through this on the M4.
extern "C" void pqmcu_test_print(const char* text);
