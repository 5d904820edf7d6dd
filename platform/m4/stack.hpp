// SPDX-License-Identifier: Apache-2.0 OR MIT
// Stack high-water measurement by painting: fill the free stack with a
// pattern, run code, then find the lowest word that no longer holds it.
// Word granular; stack the code reserves but never writes is not seen.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::m4 {

constexpr uint32_t kStackPaintPattern = 0xC5ACCE55u;

// Fills [stack limit, caller's SP) with the pattern and remembers the caller's SP.
void stack_paint();
// Bytes below the SP remembered by stack_paint() that have been written since.
size_t stack_peak_bytes();
// Whole stack region from the linker script, and its bounds.
size_t stack_size_bytes();
uintptr_t stack_limit();
uintptr_t stack_top();

}  // namespace pqmcu::m4
