// SPDX-License-Identifier: Apache-2.0 OR MIT
// The small MQOM base fields GF(2), GF(4), GF(16): packed encodings, native
// constant-time arithmetic, SWAR arithmetic on packed words, and the
// embedding into GF(256) that MQOM uses to multiply base by extension
// elements.
//
// Encodings (little-endian inside a byte, as in the MQOM v2.1 reference):
//   GF(2):  element i is bit (i % 8) of byte i / 8.
//   GF(4):  element i is bits 2*(i % 4) .. +1 of byte i / 4.
//   GF(16): element i is the low nibble (i even) or high nibble (i odd) of byte i / 2.
// Fields and embeddings:
//   GF(4)  = GF(2)[w]/(w^2 + w + 1), a = a0 + a1 w; w -> 0xBC in GF(256).
//   GF(16) = GF(2)[y]/(y^4 + y + 1), a = sum a_i y^i; y -> 0xE0, so
//            1, y, y^2, y^3 -> 0x01, 0xE0, 0x5D, 0xB0 in GF(256).
// (0xBC and 0xE0 are the images the reference uses; the native products
// below agree with multiplying the images in GF(256), checked exhaustively
// by the field test suite.)
#pragma once
#include "core/inline.hpp"
#include "field/gf256.hpp"

namespace pqmcu::field {

// ---------------------------------------------------------------- GF(2)
namespace gf2 {
constexpr uint8_t mul(uint8_t a, uint8_t b) { return uint8_t(a & b & 1); }
inline constexpr uint8_t kLift[1] = {0x01};
constexpr uint8_t lift(uint8_t a) { return uint8_t(a & 1); }
PQMCU_SIZE_INLINE constexpr uint8_t get(const uint8_t* v, size_t i) { return uint8_t((v[i >> 3] >> (i & 7)) & 1); }
constexpr void set(uint8_t* v, size_t i, uint8_t a) {
    const unsigned s = unsigned(i & 7);
    v[i >> 3] = uint8_t((v[i >> 3] & ~(1u << s)) | ((a & 1u) << s));
}
template <class W> constexpr W mul_w(W a, W b) { return a & b; }
}  // namespace gf2

// ---------------------------------------------------------------- GF(4)
namespace gf4 {
constexpr uint8_t mul(uint8_t a, uint8_t b) {
    const uint8_t a0 = a & 1, a1 = (a >> 1) & 1, b0 = b & 1, b1 = (b >> 1) & 1;
    const uint8_t hh = uint8_t(a1 & b1);
    return uint8_t(((a0 & b0) ^ hh) | (((a0 & b1) ^ (a1 & b0) ^ hh) << 1));
}
constexpr uint8_t sqr(uint8_t a) { return mul(a, a); }
constexpr uint8_t inv(uint8_t a) { return sqr(a); }  // a^3 = 1 for a != 0
inline constexpr uint8_t kLift[2] = {0x01, 0xBC};
constexpr uint8_t lift(uint8_t a) {
    return uint8_t((kLift[0] & mask_from_bit<uint8_t>(uint8_t(a & 1))) ^
                   (kLift[1] & mask_from_bit<uint8_t>(uint8_t((a >> 1) & 1))));
}
PQMCU_SIZE_INLINE constexpr uint8_t get(const uint8_t* v, size_t i) { return uint8_t((v[i >> 2] >> (2 * (i & 3))) & 3); }
constexpr void set(uint8_t* v, size_t i, uint8_t a) {
    const unsigned s = unsigned(2 * (i & 3));
    v[i >> 2] = uint8_t((v[i >> 2] & ~(3u << s)) | ((a & 3u) << s));
}
// Lane-wise product of 2-bit lanes.
template <class W>
constexpr W mul_w(W a, W b) {
    const W m = bcast8<W>(0x55);
    const W a0 = a & m, a1 = (a >> 1) & m, b0 = b & m, b1 = (b >> 1) & m;
    const W hh = a1 & b1;
    return W(((a0 & b0) ^ hh) | (((a0 & b1) ^ (a1 & b0) ^ hh) << 1));
}
}  // namespace gf4

// ---------------------------------------------------------------- GF(16)
namespace gf16 {
inline constexpr uint8_t kPolyLow = 0x3;  // y^4 = y + 1
constexpr uint8_t xtime(uint8_t a) {
    return uint8_t(((a << 1) & 0xF) ^ (kPolyLow & mask_from_bit<uint8_t>(uint8_t((a >> 3) & 1))));
}
constexpr uint8_t mul(uint8_t a, uint8_t b) {
    uint8_t r = 0;
    a &= 0xF;
    for (int i = 0; i < 4; ++i) {
        r ^= uint8_t(a & mask_from_bit<uint8_t>(uint8_t((b >> i) & 1)));
        a = xtime(a);
    }
    return r;
}
constexpr uint8_t sqr(uint8_t a) { return mul(a, a); }
constexpr uint8_t inv(uint8_t a) {  // a^14
    const uint8_t a2 = sqr(a), a4 = sqr(a2), a8 = sqr(a4);
    return mul(mul(a8, a4), a2);
}
inline constexpr uint8_t kLift[4] = {0x01, 0xE0, 0x5D, 0xB0};
constexpr uint8_t lift(uint8_t a) {
    uint8_t r = 0;
    for (int i = 0; i < 4; ++i) r ^= uint8_t(kLift[i] & mask_from_bit<uint8_t>(uint8_t((a >> i) & 1)));
    return r;
}
PQMCU_SIZE_INLINE constexpr uint8_t get(const uint8_t* v, size_t i) { return uint8_t((v[i >> 1] >> (4 * (i & 1))) & 0xF); }
constexpr void set(uint8_t* v, size_t i, uint8_t a) {
    const unsigned s = unsigned(4 * (i & 1));
    v[i >> 1] = uint8_t((v[i >> 1] & ~(0xFu << s)) | ((a & 0xFu) << s));
}
template <class W>
constexpr W xtime_w(W v) {
    const W hi = (v >> 3) & bcast8<W>(0x11);
    return W(((v & bcast8<W>(0x77)) << 1) ^ (hi * W(kPolyLow)));
}
// Lane-wise product of nibble lanes.
template <class W>
constexpr W mul_w(W a, W b) {
    W r = 0;
    for (int i = 0; i < 4; ++i) {
        const W m = value_barrier(W((b >> i) & bcast8<W>(0x11))) * W(0xF);
        r ^= a & m;
        a = xtime_w(a);
    }
    return r;
}
}  // namespace gf16

}  // namespace pqmcu::field
