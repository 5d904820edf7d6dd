// SPDX-License-Identifier: Apache-2.0 OR MIT
// A small printf-like formatter: no heap, no libc printf, no floating point.
// Conversions: %s %c %d %i %u %x %X %p %%; flags '-' and '0'; a field width;
// length modifiers l and z are accepted (32-bit), ll formats 64-bit values.
#pragma once
#include <cstdarg>
#include <cstddef>

namespace pqmcu::m4 {

// Writes at most cap-1 characters plus a terminating 0 (cap > 0); returns the
// length the full output would have had.
size_t vformat(char* buf, size_t cap, const char* fmt, va_list ap);
size_t format(char* buf, size_t cap, const char* fmt, ...) __attribute__((format(printf, 3, 4)));

// Formats straight to the console (no intermediate buffer).
void vprint(const char* fmt, va_list ap);
void print(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace pqmcu::m4
