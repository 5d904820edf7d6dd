// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "m4/format.hpp"

#include <cstdint>

#include "m4/console.hpp"

namespace pqmcu::m4 {
namespace {

// Output goes through a sink so the same code serves buffers and the console.
struct Sink {
    char* buf;       // nullptr: console
    size_t cap;
    size_t len;
    void put(char c) {
        if (buf == nullptr) {
            console_putc(c);
        } else if (len + 1 < cap) {
            buf[len] = c;
        }
        ++len;
    }
};

void pad(Sink& out, size_t n, char c) {
    while (n-- > 0) out.put(c);
}

// Emits digits of v in base 10 or 16 with width/flags applied.
// v /= base, returns the remainder (base <= 16), in 32-bit divisions of
// 32 + 16 + 16 bits: no 64-bit division helper from libgcc (~0.7 KB of flash).
unsigned div_small(uint64_t& v, unsigned base) {
    uint32_t hi = uint32_t(v >> 32), lo = uint32_t(v);
    uint32_t r = hi % base;
    hi /= base;
    const uint32_t mid = (r << 16) | (lo >> 16);
    r = mid % base;
    const uint32_t low = (r << 16) | (lo & 0xFFFFu);
    v = (uint64_t(hi) << 32) | (uint64_t(mid / base) << 16) | (low / base);
    return low % base;
}

void emit_number(Sink& out, uint64_t v, bool negative, unsigned base, bool upper, unsigned width,
                 bool left, bool zero) {
    const char* digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    char tmp[24];
    size_t n = 0;
    if (v <= 0xFFFFFFFFu) {  // 32-bit path: avoids the 64-bit division helper
        uint32_t w = uint32_t(v);
        do {
            tmp[n++] = digits[w % base];
            w /= base;
        } while (w != 0);
    } else {
        do {
            tmp[n++] = digits[div_small(v, base)];
        } while (v != 0);
    }
    const size_t body = n + (negative ? 1 : 0);
    const size_t fill = width > body ? width - body : 0;
    if (!left && !zero) pad(out, fill, ' ');
    if (negative) out.put('-');
    if (!left && zero) pad(out, fill, '0');
    while (n > 0) out.put(tmp[--n]);
    if (left) pad(out, fill, ' ');
}

void run(Sink& out, const char* fmt, va_list ap) {
    for (const char* p = fmt; *p != 0; ++p) {
        if (*p != '%') {
            out.put(*p);
            continue;
        }
        ++p;
        bool left = false, zero = false;
        for (;; ++p) {
            if (*p == '-') left = true;
            else if (*p == '0') zero = true;
            else break;
        }
        unsigned width = 0;
        while (*p >= '0' && *p <= '9') width = width * 10 + unsigned(*p++ - '0');
        int longs = 0;
        while (*p == 'l' || *p == 'z') {
            if (*p == 'l') ++longs;
            ++p;
        }
        const bool wide = longs >= 2;
        switch (*p) {
            case 0:
                return;
            case '%':
                out.put('%');
                break;
            case 'c':
                out.put(char(va_arg(ap, int)));
                break;
            case 's': {
                const char* s = va_arg(ap, const char*);
                if (s == nullptr) s = "(null)";
                size_t n = 0;
                while (s[n] != 0) ++n;
                const size_t fill = width > n ? width - n : 0;
                if (!left) pad(out, fill, ' ');
                for (size_t i = 0; i < n; ++i) out.put(s[i]);
                if (left) pad(out, fill, ' ');
                break;
            }
            case 'd':
            case 'i': {
                const int64_t v = wide ? va_arg(ap, long long) : va_arg(ap, int);
                const bool neg = v < 0;
                const uint64_t mag = neg ? uint64_t(0) - uint64_t(v) : uint64_t(v);
                emit_number(out, mag, neg, 10, false, width, left, zero);
                break;
            }
            case 'u':
            case 'x':
            case 'X': {
                const uint64_t v = wide ? va_arg(ap, unsigned long long) : va_arg(ap, unsigned);
                emit_number(out, v, false, *p == 'u' ? 10 : 16, *p == 'X', width, left, zero);
                break;
            }
            case 'p':
                out.put('0');
                out.put('x');
                emit_number(out, uintptr_t(va_arg(ap, void*)), false, 16, false, 8, false, true);
                break;
            default:  // unknown conversion: show it verbatim
                out.put('%');
                out.put(*p);
                break;
        }
    }
}

}  // namespace

size_t vformat(char* buf, size_t cap, const char* fmt, va_list ap) {
    Sink out{buf, cap, 0};
    run(out, fmt, ap);
    if (cap > 0) buf[out.len < cap ? out.len : cap - 1] = 0;
    return out.len;
}

size_t format(char* buf, size_t cap, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    const size_t n = vformat(buf, cap, fmt, ap);
    va_end(ap);
    return n;
}

void vprint(const char* fmt, va_list ap) {
    Sink out{nullptr, 0, 0};
    run(out, fmt, ap);
}

void print(const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprint(fmt, ap);
    va_end(ap);
}

}  // namespace pqmcu::m4
