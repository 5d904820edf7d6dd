// SPDX-License-Identifier: Apache-2.0 OR MIT
// GF(2^m) for Classic McEliece: m = 12 (z^12 + z^3 + 1) and m = 13
// (z^13 + z^4 + z^3 + z + 1). Elements are uint16_t in [0, 2^m). Every
// operation is branch-free and table-free (constant time).
#pragma once
#include <cstdint>

namespace pqmcu::mceliece {

using gf = uint16_t;

template <int M>
struct Gf {
    static constexpr uint32_t mask = (1u << M) - 1;

    // Folds bits >= M back with z^M = the reduction polynomial's tail.
    static constexpr uint32_t fold(uint32_t x) {
        if constexpr (M == 12) {
            uint32_t h = x >> 12;
            x = (x & mask) ^ h ^ (h << 3);
            h = x >> 12;
            return (x & mask) ^ h ^ (h << 3);
        } else {
            uint32_t h = x >> 13;
            x = (x & mask) ^ h ^ (h << 1) ^ (h << 3) ^ (h << 4);
            h = x >> 13;
            return (x & mask) ^ h ^ (h << 1) ^ (h << 3) ^ (h << 4);
        }
    }
    // Carry-less product by nine integer multiplications (one cycle each on
    // the M4, operand-independent): split a and b by bit index mod 3; in
    // a_i * b_j every term lands on a position = i + j mod 3, at most
    // ceil(M/3) = 5 terms per position, so each count fits its 3-bit field
    // and its low bit is the XOR. The other positions hold carries: masked.
    // The class sums are XORed before masking, so several products can be
    // accumulated (mul_acc) and masked and folded once (finish).
    static constexpr void mul_acc(uint32_t* q, uint32_t a0, uint32_t a1, uint32_t a2, gf b) {
        const uint32_t b0 = b & 0x1249u, b1 = b & 0x0492u, b2 = b & 0x0924u;
        q[0] ^= a0 * b0 ^ a1 * b2 ^ a2 * b1;
        q[1] ^= a0 * b1 ^ a1 * b0 ^ a2 * b2;
        q[2] ^= a0 * b2 ^ a1 * b1 ^ a2 * b0;
    }
    static constexpr void mul_acc(uint32_t* q, gf a, gf b) { mul_acc(q, a & 0x1249u, a & 0x0492u, a & 0x0924u, b); }
    static constexpr gf finish(const uint32_t* q) {
        uint32_t k0 = 0x1249249u;  // positions 0 .. 2M-2 by residue
#if defined(__ARM_ARCH_7EM__) && defined(__GNUC__)
        // One register for the three masks (AND with a shifted operand is one
        // instruction): the compiler otherwise clears each class with four
        // BIC immediates, 12 instructions instead of 3.
        if (!__builtin_is_constant_evaluated()) __asm__("" : "+r"(k0));
#endif
        return gf(fold((q[0] & k0) | (q[1] & (k0 << 1)) | (q[2] & (k0 << 2))));
    }
    static constexpr gf mul(gf a, gf b) {
        uint32_t q[3] = {0, 0, 0};
        mul_acc(q, a, b);
        return finish(q);
    }
    static constexpr gf sq(gf a) {
        uint32_t x = a;  // spread the bits: the square of a binary polynomial
        x = (x | (x << 8)) & 0x00FF00FFu;
        x = (x | (x << 4)) & 0x0F0F0F0Fu;
        x = (x | (x << 2)) & 0x33333333u;
        x = (x | (x << 1)) & 0x55555555u;
        return gf(fold(x));
    }
    // a^(2^M - 2): the inverse of a non-zero a, 0 for 0.
    static constexpr gf inv(gf a) {
        gf r = a;  // a^(2^j - 1) for j = 1 .. M-1
        for (int j = 1; j < M - 1; ++j) r = mul(sq(r), a);
        return sq(r);
    }
    // All-ones (mask) when a == 0, else 0.
    static constexpr gf is_zero_mask(gf a) { return gf((uint32_t(a) - 1) >> 19); }
    static constexpr gf bitrev(gf a) {
        uint32_t x = a;
        x = ((x & 0x00FF) << 8) | ((x & 0xFF00) >> 8);
        x = ((x & 0x0F0F) << 4) | ((x & 0xF0F0) >> 4);
        x = ((x & 0x3333) << 2) | ((x & 0xCCCC) >> 2);
        x = ((x & 0x5555) << 1) | ((x & 0xAAAA) >> 1);
        return gf((x & 0xFFFF) >> (16 - M));
    }
    // f(a) for f of degree <= deg (Horner).
    static gf eval(const gf* f, uint32_t deg, gf a) {
        gf r = f[deg];
        for (uint32_t i = deg; i-- > 0;) r = mul(r, a) ^ f[i];
        return r;
    }
};

static_assert(Gf<12>::mul(Gf<12>::inv(0x123), 0x123) == 1 && Gf<13>::mul(Gf<13>::inv(0x1ABC), 0x1ABC) == 1);
static_assert(Gf<12>::sq(0x800) == Gf<12>::mul(0x800, 0x800) && Gf<13>::sq(0x1F00) == Gf<13>::mul(0x1F00, 0x1F00));

inline uint16_t load_gf(const uint8_t* p, uint32_t m) { return uint16_t((p[0] | (p[1] << 8)) & ((1u << m) - 1)); }
inline void store_gf(uint8_t* p, uint16_t a) {
    p[0] = uint8_t(a);
    p[1] = uint8_t(a >> 8);
}

}  // namespace pqmcu::mceliece
