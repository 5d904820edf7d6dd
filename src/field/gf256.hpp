// GF(2^8) = GF(2)[z]/(z^8 + z^4 + z^3 + z + 1) (the AES polynomial, 0x11B),
// elements encoded as bytes with bit i = coefficient of z^i. This is the
// field MQOM v2.1 calls GF(256), both as base field and as the fast-variant
// extension field. Everything here is constant time (no tables, no branches
// on data); see lut.hpp for the table-based, not constant-time variant.
#pragma once
#include "field/word.hpp"

namespace pqmcu::field::gf256 {

inline constexpr uint8_t kPolyLow = 0x1B;  // z^8 = z^4 + z^3 + z + 1

constexpr uint8_t xtime(uint8_t a) {
    return uint8_t((a << 1) ^ (kPolyLow & mask_from_bit<uint8_t>(uint8_t(a >> 7))));
}

// Shift-and-add multiplication, 8 fixed rounds.
constexpr uint8_t mul(uint8_t a, uint8_t b) {
    uint8_t r = 0;
    for (int i = 0; i < 8; ++i) {
        r ^= uint8_t(a & mask_from_bit<uint8_t>(uint8_t((b >> i) & 1)));
        a = xtime(a);
    }
    return r;
}

constexpr uint8_t sqr(uint8_t a) { return mul(a, a); }

// a^254 = a^-1 (0 -> 0), fixed square-and-multiply chain.
constexpr uint8_t inv(uint8_t a) {
    uint8_t t = sqr(a);  // a^2
    uint8_t r = t;
    for (int i = 0; i < 6; ++i) {  // accumulate a^4 ... a^128
        t = sqr(t);
        r = mul(r, t);
    }
    return r;
}

// ---- SWAR: byte lanes of a machine word ---------------------------------

template <class W>
constexpr W xtime_w(W v) {
    const W hi = (v >> 7) & bcast8<W>(0x01);  // 0/1 per lane
    return W(((v & bcast8<W>(0x7F)) << 1) ^ (hi * W(kPolyLow)));
}

// Lane-wise product of two words.
template <class W>
constexpr W mul_w(W a, W b) {
    W r = 0;
    for (int i = 0; i < 8; ++i) {
        const W m = value_barrier(W((b >> i) & bcast8<W>(0x01))) * W(0xFF);
        r ^= a & m;
        a = xtime_w(a);
    }
    return r;
}

// Every lane of `a` times the scalar `c`.
template <class W>
constexpr W mul_w_scalar(W a, uint8_t c) {
    W r = 0;
    for (int i = 0; i < 8; ++i) {
        r ^= a & mask_from_bit<W>(W((c >> i) & 1));
        a = xtime_w(a);
    }
    return r;
}

// Multiplication by a public constant: same code, named for readability.
template <class W>
constexpr W mul_w_const(W a, uint8_t c) {
    return mul_w_scalar(a, c);
}

}  // namespace pqmcu::field::gf256
