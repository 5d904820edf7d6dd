// SPDX-License-Identifier: Apache-2.0 OR MIT
// GF(2^8) = GF(2)[z]/(z^8 + z^4 + z^3 + z + 1) (the AES polynomial, 0x11B),
// elements encoded as bytes with bit i = coefficient of z^i. This is the
// field MQOM v2.1 calls GF(256), both as base field and as the fast-variant
// extension field. Everything here is constant time (no tables, no branches
// on data); see lut.hpp for the table-based, not constant-time variant.
#pragma once
#include "field/word.hpp"

namespace pqmcu::field::gf256 {

inline constexpr uint8_t kPolyLow = 0x1B;  // z^8 = z^4 + z^3 + z + 1

#if defined(__ARM_FEATURE_SIMD32) && defined(__GNUC__)
// ARMv7E-M (Cortex-M4) byte-SIMD: UADD8 v,v,v doubles every byte without
// carries between bytes and sets GE[i] to the carry out of byte i (its top
// bit); SEL then picks bytes by GE. Both are single-cycle, data-independent
// instructions (constant time), so xtime is 3 instructions and one round of
// a product 6. The GE flags never leave an asm block.
namespace simd32 {
__attribute__((always_inline)) inline uint32_t xtime(uint32_t v) {
    uint32_t d, t;
    __asm__("uadd8 %0, %2, %2\n\tsel %1, %3, %4\n\teor %0, %0, %1"
            : "=&r"(d), "=&r"(t)
            : "r"(v), "r"(0x1B1B1B1Bu), "r"(0u));
    return d;
}
// Byte-lane products a (.) b by Horner over the bits of b, top bit first.
__attribute__((always_inline)) inline uint32_t mul(uint32_t a, uint32_t b) {
    uint32_t r, t;
    const uint32_t p = 0x1B1B1B1Bu, z = 0;
    __asm__("uadd8 %[b], %[b], %[b]\n\tsel %[r], %[a], %[z]\n\t"
#define PQMCU_GF256_SIMD32_ROUND                                   \
    "uadd8 %[r], %[r], %[r]\n\tsel %[t], %[p], %[z]\n\teor %[r], %[r], %[t]\n\t" \
    "uadd8 %[b], %[b], %[b]\n\tsel %[t], %[a], %[z]\n\teor %[r], %[r], %[t]\n\t"
            PQMCU_GF256_SIMD32_ROUND PQMCU_GF256_SIMD32_ROUND PQMCU_GF256_SIMD32_ROUND PQMCU_GF256_SIMD32_ROUND
            PQMCU_GF256_SIMD32_ROUND PQMCU_GF256_SIMD32_ROUND PQMCU_GF256_SIMD32_ROUND
#undef PQMCU_GF256_SIMD32_ROUND
            : [r] "=&r"(r), [t] "=&r"(t), [b] "+&r"(b)
            : [a] "r"(a), [p] "r"(p), [z] "r"(z));
    return r;
}
// r0 ^= a0 (.) b and r1 ^= a1 (.) b in one Horner pass over the bits of b
// (the bit tests of b shared: 11 instructions a round instead of 12).
__attribute__((always_inline)) inline void mul2_acc(uint32_t a0, uint32_t a1, uint32_t b, uint32_t& r0, uint32_t& r1) {
    uint32_t u, v, t;
    const uint32_t p = 0x1B1B1B1Bu, z = 0;
    __asm__("uadd8 %[b], %[b], %[b]\n\tsel %[u], %[a0], %[z]\n\tsel %[v], %[a1], %[z]\n\t"
#define PQMCU_GF256_SIMD32_ROUND2                                                                 \
    "uadd8 %[u], %[u], %[u]\n\tsel %[t], %[p], %[z]\n\teor %[u], %[u], %[t]\n\t"                   \
    "uadd8 %[v], %[v], %[v]\n\tsel %[t], %[p], %[z]\n\teor %[v], %[v], %[t]\n\t"                   \
    "uadd8 %[b], %[b], %[b]\n\tsel %[t], %[a0], %[z]\n\teor %[u], %[u], %[t]\n\t"                  \
    "sel %[t], %[a1], %[z]\n\teor %[v], %[v], %[t]\n\t"
            PQMCU_GF256_SIMD32_ROUND2 PQMCU_GF256_SIMD32_ROUND2 PQMCU_GF256_SIMD32_ROUND2 PQMCU_GF256_SIMD32_ROUND2
            PQMCU_GF256_SIMD32_ROUND2 PQMCU_GF256_SIMD32_ROUND2 PQMCU_GF256_SIMD32_ROUND2
#undef PQMCU_GF256_SIMD32_ROUND2
            : [u] "=&r"(u), [v] "=&r"(v), [t] "=&r"(t), [b] "+&r"(b)
            : [a0] "r"(a0), [a1] "r"(a1), [p] "r"(p), [z] "r"(z));
    r0 ^= u;
    r1 ^= v;
}
}  // namespace simd32
#define PQMCU_GF256_SIMD32 1
#endif

constexpr uint8_t xtime(uint8_t a) {
    return uint8_t((a << 1) ^ (kPolyLow & mask_from_bit<uint8_t>(uint8_t(a >> 7))));
}

// Shift-and-add multiplication, 8 fixed rounds (on the M4: one SIMD32 byte
// lane, 44 instructions, inlined: it was an out-of-line call of ~90 cycles).
__attribute__((always_inline)) constexpr uint8_t mul(uint8_t a, uint8_t b) {
#if defined(PQMCU_GF256_SIMD32)
    if (!std::is_constant_evaluated()) return uint8_t(simd32::mul(a, b));
#endif
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
#if defined(PQMCU_GF256_SIMD32)
    if constexpr (sizeof(W) == 4) {
        if (!std::is_constant_evaluated()) return W(simd32::xtime(uint32_t(v)));
    }
#endif
    const W hi = (v >> 7) & bcast8<W>(0x01);  // 0/1 per lane
    return W(((v & bcast8<W>(0x7F)) << 1) ^ (hi * W(kPolyLow)));
}

// Lane-wise product of two words.
template <class W>
constexpr W mul_w(W a, W b) {
#if defined(PQMCU_GF256_SIMD32)
    if constexpr (sizeof(W) == 4) {
        if (!std::is_constant_evaluated()) return W(simd32::mul(uint32_t(a), uint32_t(b)));
    }
#endif
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
#if defined(PQMCU_GF256_SIMD32)
    if constexpr (sizeof(W) == 4) {
        if (!std::is_constant_evaluated()) return W(simd32::mul(uint32_t(a), bcast8<uint32_t>(c)));
    }
#endif
    W r = 0;
    for (int i = 0; i < 8; ++i) {
        r ^= a & mask_from_bit<W>(W((c >> i) & 1));
        a = xtime_w(a);
    }
    return r;
}

// Multiplication by a PUBLIC constant: branches on the bits of c (a
// compile-time constant at every call site: unrolled to popcount(c) XORs and
// the xtimes up to its top bit, e.g. 5 xtimes for 0x20).
template <class W>
constexpr W mul_w_const(W a, uint8_t c) {
    W r = 0;
    for (unsigned i = 0; i < 8; ++i) {
        if ((unsigned(c) >> i) & 1u) r ^= a;
        if ((unsigned(c) >> i) <= 1u) break;
        a = xtime_w(a);
    }
    return r;
}

}  // namespace pqmcu::field::gf256
