// SPDX-License-Identifier: Apache-2.0 OR MIT
// GF(2^16) built as the quadratic extension GF(256)[X]/(X^2 + X + 0x20),
// the MQOM v2.1 extension field of the "short" parameter sets.
//
// An element a0 + a1*X (a0, a1 in GF(256), see gf256.hpp) is held in a
// uint16_t as a0 | (a1 << 8); its byte encoding is little-endian, a0 first.
// Products: (a0 + a1 X)(b0 + b1 X) = (a0 b0 + 0x20 a1 b1) + (a0 b1 + a1 b0 + a1 b1) X.
// Constant time throughout.
#pragma once
#include "field/gf256.hpp"

namespace pqmcu::field::gf256sq {

inline constexpr uint8_t kXSquaredConst = 0x20;  // X^2 = X + 0x20

constexpr uint16_t make(uint8_t lo, uint8_t hi) { return uint16_t(lo | (uint16_t(hi) << 8)); }

constexpr uint16_t mul(uint16_t a, uint16_t b) {
    const uint8_t a0 = uint8_t(a), a1 = uint8_t(a >> 8);
    const uint8_t b0 = uint8_t(b), b1 = uint8_t(b >> 8);
    const uint8_t p00 = gf256::mul(a0, b0);
    const uint8_t p11 = gf256::mul(a1, b1);
    const uint8_t c0 = uint8_t(p00 ^ gf256::mul(p11, kXSquaredConst));
    const uint8_t c1 = uint8_t(p00 ^ gf256::mul(uint8_t(a0 ^ a1), uint8_t(b0 ^ b1)));
    return make(c0, c1);
}

// GF(256) scalar times GF(2^16) element (the subfield acts coefficient-wise).
constexpr uint16_t mul_sub(uint8_t s, uint16_t a) {
    return make(gf256::mul(s, uint8_t(a)), gf256::mul(s, uint8_t(a >> 8)));
}

// Inverse through the norm to GF(256): N(a) = a0^2 + a0 a1 + 0x20 a1^2 and
// a^-1 = (a0 + a1 + a1 X) / N(a). 0 -> 0.
constexpr uint16_t inv(uint16_t a) {
    const uint8_t a0 = uint8_t(a), a1 = uint8_t(a >> 8);
    const uint8_t n = uint8_t(gf256::mul(a0, uint8_t(a0 ^ a1)) ^ gf256::mul(kXSquaredConst, gf256::mul(a1, a1)));
    const uint8_t ni = gf256::inv(n);
    return make(gf256::mul(uint8_t(a0 ^ a1), ni), gf256::mul(a1, ni));
}

// ---- SWAR: 16-bit lanes of a machine word -------------------------------

template <class W>
constexpr W swap_bytes_in_lanes(W v) {
    const W lo = bcast16<W>(0x00FF);
    return W(((v >> 8) & lo) | ((v & lo) << 8));
}

// Lane-wise product: two byte-lane GF(256) products, P = a*b and Q = a*swap(b):
// P lanes = [a0b0 | a1b1], Q lanes = [a0b1 | a1b0].
template <class W>
constexpr W mul_w(W a, W b) {
    const W lo = bcast16<W>(0x00FF);
    const W p = gf256::mul_w(a, b);
    const W q = gf256::mul_w(a, swap_bytes_in_lanes(b));
    const W p00 = p & lo;
    const W p11 = (p >> 8) & lo;
    const W c0 = p00 ^ gf256::mul_w_const(p11, kXSquaredConst);
    const W c1 = (q ^ (q >> 8) ^ p11) & lo;
    return W(c0 | (c1 << 8));
}

// Every lane times a GF(2^16) scalar c = c0 + c1 X:
// a*c = a*c0 + (a*c1)*X and (u0 + u1 X) X = 0x20 u1 + (u0 + u1) X.
template <class W>
constexpr W mul_w_scalar(W a, uint16_t c) {
    const W lo = bcast16<W>(0x00FF);
    const W u = gf256::mul_w_scalar(a, uint8_t(c));        // a*c0
    const W v = gf256::mul_w_scalar(a, uint8_t(c >> 8));   // a*c1 = v0 + v1 X
    const W v0 = v & lo, v1 = (v >> 8) & lo;
    const W vx = gf256::mul_w_const(v1, kXSquaredConst) | ((v0 ^ v1) << 8);  // v*X
    return u ^ vx;
}

// Every lane times X: (u0 + u1 X) X = 0x20 u1 + (u0 + u1) X.
template <class W>
constexpr W mul_w_x(W a) {
    const W lo = bcast16<W>(0x00FF);
    const W u0 = a & lo, u1 = (a >> 8) & lo;
    return W(gf256::mul_w_const(u1, kXSquaredConst) | ((u0 ^ u1) << 8));
}

// Every lane times a GF(256) subfield scalar (byte-wise).
template <class W>
constexpr W mul_w_sub(W a, uint8_t s) {
    return gf256::mul_w_scalar(a, s);
}

}  // namespace pqmcu::field::gf256sq
