// Products of public m-vectors by small secret matrices through 16-entry
// tables ("transposed" layout), the kernel of the streamed engine.
//
// For a column c with a secret row vector R_c (up to 24 GF(16) elements,
// e.g. (v_1[c]..v_k[c], O[c][0..o))), tab_c[x] = x * R_c for x = 0..15,
// packed 8 elements per 32-bit word (Wt words). For a public m-vector
// P[c] (limbs, mvec.hpp), sum_c P[c] R_c is, equation by equation,
// acc[e] ^= tab_c[P[c]_e]: one table read per equation, and all of R_c's
// products at once. The table index is a nibble of a PUBLIC m-vector (P1,
// P2, P3 or a verifier's s), so the memory access pattern depends on public
// data only; the table contents may be secret.
#pragma once
#include <cstddef>
#include <cstdint>

#include "mayo/mvec.hpp"

namespace pqmcu::mayo::mvec {

// acc[t] += a_t * in for t < count (acc[t] at acc + t * stride limbs, a_t =
// scalars[t * step]): one m-vector times a column of secret scalars, the
// dispatch on L done once and the product kernel inlined.
template <uint32_t L>
inline void mul_add_multi_n(uint64_t* acc, size_t stride, const uint64_t* in, const uint8_t* scalars, size_t step,
                            uint32_t count) {
    for (uint32_t t = 0; t < count; ++t) mul_add_n<L>(acc + t * stride, in, Scalar(scalars[t * step]));
}
inline void mul_add_multi(uint64_t* acc, size_t stride, const uint64_t* in, const uint8_t* scalars, size_t step,
                          uint32_t count, uint32_t L) {
    switch (L) {
        case 4: return mul_add_multi_n<4>(acc, stride, in, scalars, step, count);
        case 5: return mul_add_multi_n<5>(acc, stride, in, scalars, step, count);
        case 6: return mul_add_multi_n<6>(acc, stride, in, scalars, step, count);
        case 7: return mul_add_multi_n<7>(acc, stride, in, scalars, step, count);
        case 8: return mul_add_multi_n<8>(acc, stride, in, scalars, step, count);
        case 9: return mul_add_multi_n<9>(acc, stride, in, scalars, step, count);
        default:
            for (uint32_t t = 0; t < count; ++t) mul_add(acc + t * stride, in, scalars[t * step], L);
    }
}

using word32_alias_t = uint32_t __attribute__((may_alias));

// 8 packed GF(16) elements times x (x^4 = x + 1).
constexpr uint32_t xtime8(uint32_t v) { return ((v << 1) & 0xEEEEEEEEu) ^ (((v >> 3) & 0x11111111u) * 3u); }

// tab[x * Wt + w] = x * row[w], x = 0..15. Constant time in row.
inline void build_table(uint32_t* tab, const uint32_t* row, uint32_t Wt) {
    for (uint32_t w = 0; w < Wt; ++w) {
        const uint32_t b0 = row[w], b1 = xtime8(b0), b2 = xtime8(b1), b3 = xtime8(b2);
        for (uint32_t x = 0; x < 16; ++x)
            tab[x * Wt + w] = ((0u - (x & 1)) & b0) ^ ((0u - ((x >> 1) & 1)) & b1) ^ ((0u - ((x >> 2) & 1)) & b2) ^
                              ((0u - ((x >> 3) & 1)) & b3);
    }
}

// acc[e * Wt + w] ^= tabs[c * 16 * Wt + P[c]_e * Wt + w] for c < count and
// every element e < 16 L (the limbs' zero tail reads tab[0] = 0). P[c] is
// the m-vector at words + c * 2L (L limbs of 2 words). acc: 16 L Wt words.
// A chunk of E equations is accumulated in registers over all c.
template <uint32_t Wt>
inline void table_accumulate(uint32_t* acc, const word32_alias_t* words, uint32_t L, const uint32_t* tabs,
                             uint32_t count) {
    constexpr uint32_t E = Wt == 1 ? 8 : Wt == 2 ? 4 : 2;  // E * Wt accumulators stay in registers
    const uint32_t stride = 2 * L;
    for (uint32_t e0 = 0; e0 < 16 * L; e0 += E) {
        uint32_t a[E * Wt];
#pragma GCC unroll 32
        for (uint32_t j = 0; j < E * Wt; ++j) a[j] = acc[e0 * Wt + j];
        const word32_alias_t* p = words + e0 / 8;
        const uint32_t* t = tabs;
        const uint32_t sh = 4 * (e0 % 8);
        for (uint32_t c = 0; c < count; ++c, p += stride, t += 16 * Wt) {
            const uint32_t x = *p >> sh;
#pragma GCC unroll 8
            for (uint32_t j = 0; j < E; ++j) {
                const uint32_t* row = t + ((x >> (4 * j)) & 15) * Wt;
#pragma GCC unroll 3
                for (uint32_t u = 0; u < Wt; ++u) a[j * Wt + u] ^= row[u];
            }
        }
#pragma GCC unroll 32
        for (uint32_t j = 0; j < E * Wt; ++j) acc[e0 * Wt + j] = a[j];
    }
}
inline void table_accumulate(uint32_t* acc, const word32_alias_t* words, uint32_t L, const uint32_t* tabs,
                             uint32_t count, uint32_t Wt) {
    switch (Wt) {
        case 1: return table_accumulate<1>(acc, words, L, tabs, count);
        case 2: return table_accumulate<2>(acc, words, L, tabs, count);
        default: return table_accumulate<3>(acc, words, L, tabs, count);
    }
}

// out (L limbs) ^= column col of acc (16 L rows of Wt words).
inline void xor_column(const uint32_t* acc, uint32_t Wt, uint32_t col, uint64_t* out, uint32_t L) {
    const uint32_t w = col / 8, sh = 4 * (col % 8);
    for (uint32_t l = 0; l < L; ++l) {
        uint32_t lo = 0, hi = 0;
        const uint32_t* base = acc + size_t(l) * 16 * Wt + w;
        for (uint32_t e = 0; e < 8; ++e) {
            lo |= ((base[e * Wt] >> sh) & 15) << (4 * e);
            hi |= ((base[(e + 8) * Wt] >> sh) & 15) << (4 * e);
        }
        out[l] ^= uint64_t(lo) | (uint64_t(hi) << 32);
    }
}

}  // namespace pqmcu::mayo::mvec
