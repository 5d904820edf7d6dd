// SPDX-License-Identifier: Apache-2.0 OR MIT
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

// acc[t] += a_t * in for t < count (acc[t] at acc + t * stride limbs, a_t
// given as prepared Scalars): one m-vector times a column of secret scalars,
// the dispatch on L done once and the product kernel inlined.
template <uint32_t L>
inline void mul_add_multi_n(uint64_t* acc, size_t stride, const uint64_t* in, const Scalar* a, uint32_t count) {
    for (uint32_t t = 0; t < count; ++t) mul_add_n<L>(acc + t * stride, in, a[t]);
}
inline void mul_add_multi(uint64_t* acc, size_t stride, const uint64_t* in, const Scalar* a, uint32_t count,
                          uint32_t L) {
    switch (L) {
        case 4: return mul_add_multi_n<4>(acc, stride, in, a, count);
        case 5: return mul_add_multi_n<5>(acc, stride, in, a, count);
        case 6: return mul_add_multi_n<6>(acc, stride, in, a, count);
        case 7: return mul_add_multi_n<7>(acc, stride, in, a, count);
        case 8: return mul_add_multi_n<8>(acc, stride, in, a, count);
        case 9: return mul_add_multi_n<9>(acc, stride, in, a, count);
        default:
            for (uint32_t t = 0; t < count; ++t) mul_add(acc + t * stride, in, a[t], L);
    }
}
// a[t] = Scalar(x[t * step]), t < count.
inline void prepare_scalars(Scalar* a, const uint8_t* x, size_t step, uint32_t count) {
    for (uint32_t t = 0; t < count; ++t) a[t] = Scalar(x[t * step]);
}

using word32_alias_t = uint32_t __attribute__((may_alias));

// 8 packed GF(16) elements times x (x^4 = x + 1).
constexpr uint32_t xtime8(uint32_t v) { return ((v << 1) & 0xEEEEEEEEu) ^ (((v >> 3) & 0x11111111u) * 3u); }

// Tables are stored plane by plane: word w of entry x of column c's table is
// tab[w * plane + c * 16 + x] (plane = 16 * number of columns), so that
// every plane is a table of single words (the fastest kernel below).

// Column c's table from its row (Wt words of packed elements). Constant time in row.
inline void build_table(uint32_t* tab_c, size_t plane, const uint32_t* row, uint32_t Wt) {
    for (uint32_t w = 0; w < Wt; ++w) {
        const uint32_t b0 = row[w], b1 = xtime8(b0), b2 = xtime8(b1), b3 = xtime8(b2);
        uint32_t* t = tab_c + w * plane;
        for (uint32_t x = 0; x < 16; ++x)
            t[x] = ((0u - (x & 1)) & b0) ^ ((0u - ((x >> 1) & 1)) & b1) ^ ((0u - ((x >> 2) & 1)) & b2) ^
                   ((0u - ((x >> 3) & 1)) & b3);
    }
}

// One plane: acc[e] ^= tabs[c * 16 + P[c]_e] for c < count and every element
// e < 16 L (the limbs' zero tail reads tab[0] = 0). P[c] is the m-vector at
// words + c * 2L. Eight equations (one word of each P[c]) are accumulated in
// registers over all c; L is a template parameter and the loop runs on an end
// pointer so that the eight accumulators, the word, the pointers and one
// temporary fit the M4's 13 registers.
template <uint32_t L>
inline void table_accumulate_n(uint32_t* acc, const word32_alias_t* words, const uint32_t* tabs, uint32_t count) {
    const uint32_t* t_end = tabs + 16 * size_t(count);
    for (uint32_t wi = 0; wi < 2 * L; ++wi) {
        uint32_t* a = acc + 8 * wi;
        uint32_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3], a4 = a[4], a5 = a[5], a6 = a[6], a7 = a[7];
        const word32_alias_t* p = words + wi;
        for (const uint32_t* t = tabs; t != t_end; t += 16, p += 2 * L) {
            const uint32_t x = *p;
            a0 ^= t[x & 15];
            a1 ^= t[(x >> 4) & 15];
            a2 ^= t[(x >> 8) & 15];
            a3 ^= t[(x >> 12) & 15];
            a4 ^= t[(x >> 16) & 15];
            a5 ^= t[(x >> 20) & 15];
            a6 ^= t[(x >> 24) & 15];
            a7 ^= t[x >> 28];
        }
        a[0] = a0, a[1] = a1, a[2] = a2, a[3] = a3, a[4] = a4, a[5] = a5, a[6] = a6, a[7] = a7;
    }
}
#if defined(PQMCU_TARGET_M4)
// table_acc_m4.S: the same kernel with the table loads paired.
extern "C" {
void pqmcu_mayo_table_acc_m4_4(uint32_t*, const word32_alias_t*, const uint32_t*, uint32_t);
void pqmcu_mayo_table_acc_m4_5(uint32_t*, const word32_alias_t*, const uint32_t*, uint32_t);
void pqmcu_mayo_table_acc_m4_6(uint32_t*, const word32_alias_t*, const uint32_t*, uint32_t);
void pqmcu_mayo_table_acc_m4_7(uint32_t*, const word32_alias_t*, const uint32_t*, uint32_t);
void pqmcu_mayo_table_acc_m4_8(uint32_t*, const word32_alias_t*, const uint32_t*, uint32_t);
void pqmcu_mayo_table_acc_m4_9(uint32_t*, const word32_alias_t*, const uint32_t*, uint32_t);
}
#endif
inline void table_accumulate(uint32_t* acc, const word32_alias_t* words, uint32_t L, const uint32_t* tabs,
                             uint32_t count) {
#if defined(PQMCU_TARGET_M4)
    switch (L) {
        case 4: return pqmcu_mayo_table_acc_m4_4(acc, words, tabs, count);
        case 5: return pqmcu_mayo_table_acc_m4_5(acc, words, tabs, count);
        case 6: return pqmcu_mayo_table_acc_m4_6(acc, words, tabs, count);
        case 7: return pqmcu_mayo_table_acc_m4_7(acc, words, tabs, count);
        case 8: return pqmcu_mayo_table_acc_m4_8(acc, words, tabs, count);
        default: return pqmcu_mayo_table_acc_m4_9(acc, words, tabs, count);
    }
#endif
    switch (L) {  // m_limbs of the eight sets
        case 4: return table_accumulate_n<4>(acc, words, tabs, count);
        case 5: return table_accumulate_n<5>(acc, words, tabs, count);
        case 6: return table_accumulate_n<6>(acc, words, tabs, count);
        case 7: return table_accumulate_n<7>(acc, words, tabs, count);
        case 8: return table_accumulate_n<8>(acc, words, tabs, count);
        default: return table_accumulate_n<9>(acc, words, tabs, count);
    }
}

// Transposes the 8 x 8 nibble matrix w (word r = row r, nibble c = column c).
inline void transpose8x8(uint32_t* w) {
    for (uint32_t i = 0; i < 8; i += 2) {
        const uint32_t t = ((w[i] >> 4) ^ w[i + 1]) & 0x0F0F0F0Fu;
        w[i + 1] ^= t, w[i] ^= t << 4;
    }
    for (uint32_t j = 0; j < 4; ++j) {  // rows 0, 1, 4, 5 with 2, 3, 6, 7
        const uint32_t i = j + (j & 2);
        const uint32_t t = ((w[i] >> 8) ^ w[i + 2]) & 0x00FF00FFu;
        w[i + 2] ^= t, w[i] ^= t << 8;
    }
    for (uint32_t i = 0; i < 4; ++i) {
        const uint32_t t = ((w[i] >> 16) ^ w[i + 4]) & 0x0000FFFFu;
        w[i + 4] ^= t, w[i] ^= t << 16;
    }
}

// cols[t] (L limbs each) ^= column t of acc (planes of 16 L words), t < ncols:
// 8 x 8 nibble blocks (8 equations x 8 columns) transposed at a time.
inline void xor_columns(const uint32_t* acc, uint32_t ncols, uint64_t* cols, uint32_t L) {
    auto* out = reinterpret_cast<word32_alias_t*>(cols);
    for (uint32_t plane = 0; 8 * plane < ncols; ++plane) {
        const uint32_t* pl = acc + size_t(plane) * 16 * L;
        const uint32_t nc = ncols - 8 * plane < 8 ? ncols - 8 * plane : 8;
        for (uint32_t half = 0; half < 2 * L; ++half) {  // equations 8 half .. 8 half + 7
            uint32_t w[8];
            for (uint32_t r = 0; r < 8; ++r) w[r] = pl[8 * half + r];
            transpose8x8(w);
            for (uint32_t c = 0; c < nc; ++c) out[size_t(8 * plane + c) * 2 * L + half] ^= w[c];
        }
    }
}

}  // namespace pqmcu::mayo::mvec
