// SPDX-License-Identifier: Apache-2.0 OR MIT
// Machine-word helpers shared by the field code: the SWAR word type, unaligned
// word loads/stores, byte broadcast and a compiler value barrier used to keep
// secret-dependent masks branch-free.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "pqmcu::field assumes a little-endian target (Cortex-M4, x86-64)");

namespace pqmcu::field {

// The natural register width: 32 bits on the Cortex-M4 (and any 32-bit
// target), 64 bits on x86-64. Every SWAR kernel is written on word_t so one
// source compiles to good code on both.
#if defined(PQMCU_TARGET_M4) || (UINTPTR_MAX == 0xFFFFFFFFu)
using word_t = uint32_t;
#else
using word_t = uint64_t;
#endif
inline constexpr size_t kWordBytes = sizeof(word_t);

// Hides a value from the optimiser so that `mask & x` patterns built from a
// secret bit are not turned back into branches or selects on a flag.
template <class T>
constexpr T value_barrier(T x) {
#if defined(__GNUC__)
    if (!std::is_constant_evaluated()) {
        __asm__("" : "+r"(x));
    }
#endif
    return x;
}

// 0 -> 0, 1 -> all ones. `bit` must be 0 or 1.
template <class T>
constexpr T mask_from_bit(T bit) {
    return T(T(0) - value_barrier(bit));
}

// A word whose every byte equals b.
template <class W>
constexpr W bcast8(uint8_t b) {
    return W(W(~W(0)) / W(0xFF)) * W(b);
}
// A word whose every 16-bit lane equals v.
template <class W>
constexpr W bcast16(uint16_t v) {
    return W(W(~W(0)) / W(0xFFFF)) * W(v);
}

template <class W = word_t>
inline W load_w(const void* p) {
    W w;
    std::memcpy(&w, p, sizeof w);
    return w;
}
template <class W = word_t>
inline void store_w(void* p, W w) {
    std::memcpy(p, &w, sizeof w);
}

// XOR of all bytes / all 16-bit lanes of a word.
template <class W>
constexpr uint8_t fold8(W w) {
    if constexpr (sizeof(W) == 8) w ^= w >> 32;
    w ^= w >> 16;
    w ^= w >> 8;
    return uint8_t(w);
}
template <class W>
constexpr uint16_t fold16(W w) {
    if constexpr (sizeof(W) == 8) w ^= w >> 32;
    w ^= w >> 16;
    return uint16_t(w);
}

// dst[i] ^= a[i] ^ b[i] style byte-vector XOR, word at a time.
inline void xor_bytes(uint8_t* out, const uint8_t* a, const uint8_t* b, size_t n) {
    size_t i = 0;
    for (; i + kWordBytes <= n; i += kWordBytes) store_w(out + i, load_w(a + i) ^ load_w(b + i));
    for (; i < n; ++i) out[i] = uint8_t(a[i] ^ b[i]);
}

}  // namespace pqmcu::field
