// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "support/check.hpp"

namespace pqmcu::test {
namespace {
constexpr uint32_t kMaxReported = 8;  // keep firmware logs short

void print_hex_byte(uint8_t v) {
    const char digits[] = "0123456789ABCDEF";
    char s[3] = {digits[v >> 4], digits[v & 15], 0};
    print(s);
}
}  // namespace

void print_uint(uint64_t value) {
    char buf[24];
    int i = 23;
    buf[i] = 0;
    do {
        buf[--i] = char('0' + value % 10);
        value /= 10;
    } while (value != 0);
    print(buf + i);
}

size_t first_difference(const uint8_t* a, const uint8_t* b, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return i;
    return n;
}

void Context::fail(const char* file, int line, const char* what) {
    if (++failures_ > kMaxReported) return;
    print("  check failed: ");
    print(what);
    print(" at ");
    print(file);
    print(":");
    print_uint(uint64_t(line));
    print("\n");
}

void Context::fail_bytes(const char* file, int line, const char* what, size_t offset, uint8_t got,
                         uint8_t expected) {
    if (++failures_ > kMaxReported) return;
    print("  bytes differ: ");
    print(what);
    print(" at offset ");
    print_uint(offset);
    print(" (got ");
    print_hex_byte(got);
    print(", expected ");
    print_hex_byte(expected);
    print(") at ");
    print(file);
    print(":");
    print_uint(uint64_t(line));
    print("\n");
}

}  // namespace pqmcu::test
