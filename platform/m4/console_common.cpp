// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "m4/console.hpp"

namespace pqmcu::m4 {

void console_write(const char* s) {
    while (*s != 0) console_putc(*s++);
}

}  // namespace pqmcu::m4

extern "C" void pqmcu_test_print(const char* text) { pqmcu::m4::console_write(text); }
