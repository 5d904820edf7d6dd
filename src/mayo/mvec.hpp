// SPDX-License-Identifier: Apache-2.0 OR MIT
// m-vector kernels: one GF(16) element per equation, 16 elements per 64-bit
// limb (element e in bits 4(e%16).. of limb e/16), GF(16) = GF(2)[x]/(x^4+x+1)
// as in src/field (gf16::xtime / gf16::mul / gf16::inv).
//
// Every kernel is constant time in the scalar: a product a*vec is built from
// the four multiples a, ax, ax^2, ax^3 (mask-based xtime) and integer
// multiplications of 0/1 nibble lanes by them (no carries between lanes).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "field/gf_small.hpp"
#include "field/word.hpp"

namespace pqmcu::mayo::mvec {

inline constexpr uint64_t kLsb = 0x1111111111111111ull;

struct Scalar {  // a, a*x, a*x^2, a*x^3
    uint64_t c0, c1, c2, c3;
    Scalar() = default;
    // Byte i of a * 0x08040201 is the unreduced a * x^i (at most 7 bits);
    // x^4 = x + 1 folds bits 4..6 of every byte back at once.
    explicit Scalar(uint8_t a) {
        const uint32_t p = field::value_barrier(uint32_t(a & 0xF)) * 0x08040201u;
        const uint32_t top = p & 0x70707070u;
        const uint32_t r = (p ^ (top >> 4) ^ (top >> 3)) & 0x0F0F0F0Fu;
        c0 = r & 0xF;
        c1 = (r >> 8) & 0xF;
        c2 = (r >> 16) & 0xF;
        c3 = r >> 24;
    }
};

#if defined(PQMCU_TARGET_M4)
// 32-bit cores: the same nibble lanes on the two 32-bit halves of every limb
// (little-endian, so limb i is words 2i, 2i+1): 32x32 multiplications
// instead of the emulated 64-bit ones. may_alias: the limbs are read as words.
using word32_alias = uint32_t __attribute__((may_alias));
template <uint32_t L>
inline void mul_add_w32(uint64_t* acc64, const uint64_t* in64, const Scalar& a) {
    uint32_t m = 0x11111111u;
    __asm__("" : "+r"(m));  // keep the mask in a register: and r, m, x, lsr #k (one instruction)
    word32_alias* acc = reinterpret_cast<word32_alias*>(acc64);
    const word32_alias* in = reinterpret_cast<const word32_alias*>(in64);
    const uint32_t c0 = uint32_t(a.c0), c1 = uint32_t(a.c1), c2 = uint32_t(a.c2), c3 = uint32_t(a.c3);
#pragma GCC unroll 18
    for (uint32_t i = 0; i < 2 * L; ++i) {
        const uint32_t x = in[i];
        acc[i] ^= (x & m) * c0 ^ ((x >> 1) & m) * c1 ^ ((x >> 2) & m) * c2 ^ ((x >> 3) & m) * c3;
    }
}
#endif

// acc += a * in (L limbs)
template <uint32_t L>
inline void mul_add_n(uint64_t* acc, const uint64_t* in, const Scalar& a) {
#if defined(PQMCU_TARGET_M4)
    mul_add_w32<L>(acc, in, a);
#else
    for (uint32_t i = 0; i < L; ++i) {
        const uint64_t x = in[i];
        acc[i] ^= (x & kLsb) * a.c0 ^ ((x >> 1) & kLsb) * a.c1 ^ ((x >> 2) & kLsb) * a.c2 ^
                  ((x >> 3) & kLsb) * a.c3;
    }
#endif
}
inline void mul_add(uint64_t* acc, const uint64_t* in, const Scalar& a, uint32_t L) {
    switch (L) {  // the m-vector lengths of the eight sets, unrolled
        case 4: return mul_add_n<4>(acc, in, a);
        case 5: return mul_add_n<5>(acc, in, a);
        case 6: return mul_add_n<6>(acc, in, a);
        case 7: return mul_add_n<7>(acc, in, a);
        case 8: return mul_add_n<8>(acc, in, a);
        case 9: return mul_add_n<9>(acc, in, a);
        default:
            for (uint32_t i = 0; i < L; ++i) {
                const uint64_t x = in[i];
                acc[i] ^= (x & kLsb) * a.c0 ^ ((x >> 1) & kLsb) * a.c1 ^ ((x >> 2) & kLsb) * a.c2 ^
                          ((x >> 3) & kLsb) * a.c3;
            }
    }
}
inline void mul_add(uint64_t* acc, const uint64_t* in, uint8_t a, uint32_t L) { mul_add(acc, in, Scalar(a), L); }

// Single-element product in GF(16): carry-less product of the nibbles by
// masked integer multiplications, then x^4 = x + 1 folded back (degree <= 6).
// Constant time; agrees with field::gf16::mul (checked by the tests' KATs).
inline uint8_t mul1(uint8_t a, uint8_t b) {
    const uint32_t x = field::value_barrier(uint32_t(a & 0xF)), y = uint32_t(b & 0xF);
    const uint32_t p = ((x & 1) * y) ^ ((x & 2) * y) ^ ((x & 4) * y) ^ ((x & 8) * y);
    const uint32_t top = p & 0x70;
    return uint8_t((p ^ (top >> 4) ^ (top >> 3)) & 0xF);
}

inline void add(uint64_t* acc, const uint64_t* in, uint32_t L) {
    for (uint32_t i = 0; i < L; ++i) acc[i] ^= in[i];
}

inline uint8_t get(const uint64_t* v, uint32_t e) { return uint8_t((v[e >> 4] >> (4 * (e & 15))) & 0xF); }

// ---- byte layouts of one m-vector (m/2 bytes) <-> limbs (tails zero)

inline void from_nibbles(const uint8_t* in, uint64_t* out, uint32_t m) {
    const uint32_t L = (m + 15) / 16;
    uint8_t tmp[8 * 16] = {0};
    std::memcpy(tmp, in, m / 2);
    std::memcpy(out, tmp, 8 * size_t(L));
}
inline void to_nibbles(const uint64_t* in, uint8_t* out, uint32_t m) {
    uint8_t tmp[8 * 16];
    std::memcpy(tmp, in, 8 * size_t((m + 15) / 16));
    std::memcpy(out, tmp, m / 2);
}

// Bit i of b -> bit 4i.
constexpr uint32_t spread8(uint32_t b) {
    uint32_t x = b & 0xFF;
    x = (x | (x << 12)) & 0x000F000Fu;
    x = (x | (x << 6)) & 0x03030303u;
    x = (x | (x << 3)) & 0x11111111u;
    return x;
}
// Bit 4i -> bit i (other bits must be zero).
constexpr uint32_t gather8(uint32_t x) {
    x = (x | (x >> 3)) & 0x03030303u;
    x = (x | (x >> 6)) & 0x000F000Fu;
    x = (x | (x >> 12)) & 0xFFu;
    return x;
}
static_assert(gather8(spread8(0xA5)) == 0xA5 && spread8(0x81) == 0x10000001u);

// Bitsliced (4 planes of m/8 bytes) -> limbs; m a multiple of 16.
inline void from_bitsliced(const uint8_t* in, uint64_t* out, uint32_t m) {
    const uint32_t pb = m / 8;
    for (uint32_t j = 0; j < pb; ++j) {
        const uint32_t w = spread8(in[j]) | spread8(in[pb + j]) << 1 | spread8(in[2 * pb + j]) << 2 |
                           spread8(in[3 * pb + j]) << 3;
        if ((j & 1) == 0)
            out[j >> 1] = w;
        else
            out[j >> 1] |= uint64_t(w) << 32;
    }
}
inline void to_bitsliced(const uint64_t* in, uint8_t* out, uint32_t m) {
    const uint32_t pb = m / 8;
    for (uint32_t j = 0; j < pb; ++j) {
        const uint32_t w = uint32_t(in[j >> 1] >> (32 * (j & 1)));
        for (uint32_t b = 0; b < 4; ++b) out[b * pb + j] = uint8_t(gather8((w >> b) & 0x11111111u));
    }
}

// In-place transpose of a 16 x 16 matrix of nibbles (b[r] holds row r,
// element c in bits 4c..4c+3): swaps of 8x8, 4x4, 2x2 and 1x1 blocks.
inline void transpose16(uint64_t* b) {
    constexpr uint64_t masks[4] = {0x00000000FFFFFFFFull, 0x0000FFFF0000FFFFull, 0x00FF00FF00FF00FFull,
                                   0x0F0F0F0F0F0F0F0Full};
    for (uint32_t s = 0, w = 8; s < 4; ++s, w >>= 1) {
        const uint32_t sh = 4 * w;
        for (uint32_t r = 0; r < 16; ++r) {
            if (r & w) continue;
            const uint64_t t = ((b[r] >> sh) ^ b[r + w]) & masks[s];
            b[r] ^= t << sh;
            b[r + w] ^= t;
        }
    }
}

}  // namespace pqmcu::mayo::mvec
