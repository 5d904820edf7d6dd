// SPDX-License-Identifier: Apache-2.0 OR MIT
// The application the bootloader starts: linked for RAM the bootloader does
// not use (app.ld.in), its own startup (platform/m4) sets VTOR, .data, .bss.
#include "m4/format.hpp"

int main() {
    pqmcu::m4::print("app: hello from the verified application\n");
    unsigned sum = 0;
    for (unsigned i = 1; i <= 100; ++i) sum += i;
    pqmcu::m4::print("app: sum 1..100 = %u\n", sum);
    return 0;
}
