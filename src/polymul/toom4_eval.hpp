// SPDX-License-Identifier: Apache-2.0 OR MIT
// Toom4Eval<Inner>: Toom4<Inner> of methods.hpp (same points, interpolation,
// scratch and exact bits) with a cheaper evaluation: one loop per point with
// the point's formula fixed at compile time (no per-coefficient switch), the
// zero padding only on the top limb (limbs 0..2 are always full for n >= 8),
// and the point 0 product taken straight from the operands' first limbs.
// On the M4 the evaluation was ~20 % of an NTRU product (profile of
// Toom4<Karatsuba<16>> at n = 509).
#pragma once
#include <cstddef>
#include <cstdint>

#include "polymul/methods.hpp"

#if defined(__ARM_FEATURE_SIMD32)
#include <arm_acle.h>
#endif

namespace pqmcu::polymul {

#if defined(__ARM_FEATURE_SIMD32)
// Two uint16_t lanes per word (the M4's UADD16 / USUB16): the evaluation and
// the interpolation do the scalar formulas on pairs of adjacent indices.
namespace toom4_lanes {
inline uint32_t ld(const uint16_t* p) {
    uint32_t v;
    __builtin_memcpy(&v, p, 4);  // the M4 allows unaligned word loads
    return v;
}
inline void st(uint16_t* p, uint32_t v) { __builtin_memcpy(p, &v, 4); }
inline uint32_t add(uint32_t x, uint32_t y) { return __uadd16(x, y); }
inline uint32_t sub(uint32_t x, uint32_t y) { return __usub16(x, y); }
inline uint32_t dbl(uint32_t x) { return __uadd16(x, x); }
// (x + y) >> 1 and (x - y) >> 1 per lane on the 17-bit sum / difference
// (UHADD16 / UHSUB16): bits 0 .. 14 those of the 16-bit sum's half, bit 15
// the 17-bit one's (the halving's results are known mod 2^15 at most).
inline uint32_t hadd(uint32_t x, uint32_t y) { return __uhadd16(x, y); }
inline uint32_t hsub(uint32_t x, uint32_t y) { return __uhsub16(x, y); }
template <int S>
inline uint32_t shl(uint32_t x) {  // each lane << S mod 2^16
    constexpr uint32_t keep = ((0xFFFFu << S) & 0xFFFFu) * 0x10001u;
    return (x << S) & keep;
}
template <int S>
inline uint32_t shr(uint32_t x) {  // each lane >> S (logical)
    constexpr uint32_t keep = (0xFFFFu >> S) * 0x10001u;
    return (x >> S) & keep;
}
template <uint32_t K>
inline uint32_t mulk(uint32_t x) {  // each lane * K mod 2^16
    const uint32_t lo = x * K, hi = (x >> 16) * K;
    uint32_t r;  // PKHBT: lo's bottom half, hi << 16 on top
    __asm__("pkhbt %0, %1, %2, lsl #16" : "=r"(r) : "r"(lo), "r"(hi));
    return r;
}
}  // namespace toom4_lanes
#endif

// Toom4Eval's interpolation (Toom4::interpolate's formulas, n >= 8), which
// does not depend on the limb products' method: one copy for all of them.
struct Toom4Interp {
    // The seven coefficients carried by limb-product index i (Toom4::interpolate's formulas).
    static void coefficients(uint16_t* out, const uint16_t* w, size_t w_len, size_t i) {
        const uint32_t inv3 = 0xAAAB, inv9 = 0x8E39, inv15 = 0xEEEF;
        const uint16_t c0 = w[i], c6 = w[6 * w_len + i];
        const uint16_t w1 = w[w_len + i], wm1 = w[2 * w_len + i], w2 = w[3 * w_len + i], wm2 = w[4 * w_len + i];
        const uint16_t wh = w[5 * w_len + i];
        const uint16_t e1 = uint16_t((uint16_t(w1 + wm1) >> 1) - c0 - c6);
        const uint16_t e2 = uint16_t((uint16_t(w2 + wm2) >> 1) - c0 - 64 * c6);
        const uint16_t c4 = uint16_t((uint16_t(e2 - 4 * e1) >> 2) * inv3);
        const uint16_t c2 = uint16_t(e1 - c4);
        const uint16_t A = uint16_t(uint16_t(w1 - wm1) >> 1);
        const uint16_t B = uint16_t(uint16_t(w2 - wm2) >> 2);
        const uint16_t C = uint16_t(uint16_t(wh - 64 * c0 - 16 * c2 - 4 * c4 - c6) >> 1);
        const uint16_t c3 = uint16_t(-(uint16_t(B + C - 17 * A) * inv9));
        out[0] = c0;
        out[1] = uint16_t(uint16_t(C - A - 3 * c3) * inv15);
        out[2] = c2;
        out[3] = c3;
        out[4] = c4;
        out[5] = uint16_t(uint16_t(B - A - 3 * c3) * inv15);
        out[6] = c6;
    }
    // Toom4::interpolate with each output written once: coefficient k of index
    // i lands at k m + i, and indices i and i + m (i < m) share those places,
    // so c[k m + i] = coef_k(i) + coef_(k-1)(i + m) -- no zeroing, no read-modify-write.
#if defined(__ARM_FEATURE_SIMD32)
    // coefficients() on the lanes of indices i, i + 1
    [[gnu::always_inline]] static inline void coefficients2(uint32_t* out, const uint16_t* w, size_t w_len, size_t i) {
        namespace L = toom4_lanes;
        const uint32_t c0 = L::ld(w + i), c6 = L::ld(w + 6 * w_len + i);
        const uint32_t w1 = L::ld(w + w_len + i), wm1 = L::ld(w + 2 * w_len + i);
        const uint32_t w2 = L::ld(w + 3 * w_len + i), wm2 = L::ld(w + 4 * w_len + i);
        const uint32_t wh = L::ld(w + 5 * w_len + i);
        // (the halvings as UHADD16 / UHSUB16: they differ from the scalar
        // formulas only in bits that those leave unknown -- e1, e2, A mod
        // 2^15, B, C mod 2^14 -- so the product mod 2^13 is the same)
        const uint32_t e1 = L::sub(L::sub(L::hadd(w1, wm1), c0), c6);
        const uint32_t e2 = L::sub(L::sub(L::hadd(w2, wm2), c0), L::shl<6>(c6));
        const uint32_t c4 = L::mulk<0xAAAB>(L::shr<2>(L::sub(e2, L::shl<2>(e1))));
        const uint32_t c2 = L::sub(e1, c4);
        const uint32_t A = L::hsub(w1, wm1);
        const uint32_t B = L::shr<1>(L::hsub(w2, wm2));
        const uint32_t C = L::hsub(L::sub(L::sub(L::sub(wh, L::shl<6>(c0)), L::shl<4>(c2)), L::shl<2>(c4)), c6);
        const uint32_t c3 = L::mulk<0x8E39>(L::sub(L::add(A, L::shl<4>(A)), L::add(B, C)));
        const uint32_t c3x3 = L::add(c3, L::dbl(c3));
        out[0] = c0;
        out[1] = L::mulk<0xEEEF>(L::sub(L::sub(C, A), c3x3));
        out[2] = c2;
        out[3] = c3;
        out[4] = c4;
        out[5] = L::mulk<0xEEEF>(L::sub(L::sub(B, A), c3x3));
        out[6] = c6;
    }
#endif
#if defined(__ARM_FEATURE_SIMD32)
    // interpolate's pairs while 7m <= 2n - 1; M: m as a constant (0: m_rt).
    template <size_t M>
    static size_t interpolate_pairs(uint16_t* c, const uint16_t* w, size_t m_rt, size_t len) {
        const size_t m = M != 0 ? M : m_rt, w_len = 2 * m - 1;
        size_t i0 = 0;
        for (; i0 + 2 < m; i0 += 2) {
            uint32_t lo[7], hi[7];
            coefficients2(lo, w, w_len, i0);
            coefficients2(hi, w, w_len, i0 + m);
            toom4_lanes::st(c + i0, lo[0]);
#pragma GCC unroll 6
            for (size_t k = 1; k < 7; ++k) toom4_lanes::st(c + k * m + i0, __uadd16(lo[k], hi[k - 1]));
            const size_t at = 7 * m + i0;  // public index
            if (at + 1 < len) toom4_lanes::st(c + at, hi[6]);
            else if (at < len) c[at] = uint16_t(hi[6]);
        }
        return i0;
    }
#endif
    [[gnu::noinline]] static void interpolate(uint16_t* c, const uint16_t* w, size_t n) {
        const size_t m = (n + 3) / 4, w_len = 2 * m - 1, len = 2 * n - 1;
        size_t i0 = 0;
#if defined(__ARM_FEATURE_SIMD32)
        // pairs (i, i + 1) while i + m + 1 < w_len (both upper indices exist);
        // when 7m <= 2n - 1 (n > 25) only place 7m + i can pass the end
        if (7 * m <= len) {
            // m a constant for NTRU's limbs (n = 509, 677, 701, 821, 1229):
            // the seven rows' offsets become constants, one pointer instead
            // of seven (they were spilled to the stack)
            if (m == 128) i0 = interpolate_pairs<128>(c, w, m, len);
            else if (m == 170) i0 = interpolate_pairs<170>(c, w, m, len);
            else if (m == 176) i0 = interpolate_pairs<176>(c, w, m, len);
            else if (m == 206) i0 = interpolate_pairs<206>(c, w, m, len);
            else if (m == 308) i0 = interpolate_pairs<308>(c, w, m, len);
            else i0 = interpolate_pairs<0>(c, w, m, len);
        }
        for (; i0 + 2 < m; i0 += 2) {
            uint32_t lo[8], hi[8];
            coefficients2(lo, w, w_len, i0);
            coefficients2(hi + 1, w, w_len, i0 + m);
            lo[7] = 0;
            hi[0] = 0;
            for (size_t k = 0; k < 8; ++k) {
                const size_t at = k * m + i0;  // public index
                const uint32_t v = __uadd16(lo[k], hi[k]);
                if (at + 1 < len) toom4_lanes::st(c + at, v);
                else if (at < len) c[at] = uint16_t(v);
            }
        }
#endif
        for (size_t i = i0; i < m; ++i) {
            uint16_t lo[8], hi[8];
            coefficients(lo, w, w_len, i);
            lo[7] = 0;
            hi[0] = 0;
            if (i + m < w_len) coefficients(hi + 1, w, w_len, i + m);
            else
                for (size_t k = 1; k < 8; ++k) hi[k] = 0;
            for (size_t k = 0; k < 8; ++k) {
                const size_t at = k * m + i;  // public index
                if (at < len) c[at] = uint16_t(lo[k] + hi[k]);
            }
        }
    }
};

#if PQMCU_POLYMUL_M4_ASM
// toom4_interp_m4.S: Toom4InterpCyclic::pairs' loop for m = 128, 170, 176, 206.
extern "C" void pqmcu_polymul_toom4_cyclic_pairs_m4(uint16_t* c, const uint16_t* w, size_t m, size_t i0_top);
// toom4_eval_m4.S: the loops of Toom4Eval::evaluate_rest, evaluate_pair<1>
// and evaluate_shared (any m), indices below 4 quads.
extern "C" void pqmcu_polymul_toom4_eval_rest_m4(uint16_t* out, uint16_t* oi, const uint16_t* a, size_t m,
                                                 size_t quads);
extern "C" void pqmcu_polymul_toom4_eval_pair1_m4(uint16_t* out, const uint16_t* a, size_t m, size_t quads);
extern "C" void pqmcu_polymul_toom4_eval_shared_m4(uint16_t* eb, const uint16_t* b, size_t m, size_t quads);
inline constexpr bool kToom4InterpAsm = true;
#else
inline constexpr bool kToom4InterpAsm = false;
#endif

// Toom4Interp::interpolate followed by the fold mod x^n - 1, in one pass
// for NTRU's n = 4m - 3 (n = 1 mod 4, m even) on the M4: the 2n - 1
// coefficients are not stored, place p >= n is added to place p - n of c
// (n words). Other n interpolate into `full` (2n - 1 words) and fold.
// c[j] = full[j] + full[j + n] (j + n < 2n - 1) as fold_cyclic computes it.
struct Toom4InterpCyclic {
#if defined(__ARM_FEATURE_SIMD32)
    // Pairs from the top down: rows 0..3 (places < n) stored, rows 4..7
    // added to c[(k - 4) m + i + 3], which the pairs above (elements i + 3,
    // i + 4) have stored. The top four elements first (scalar placement):
    // their places p >= n that land on elements 0..2 of a row (stored last)
    // are added at the end.
    template <size_t M>
    [[gnu::noinline]] static void pairs(uint16_t* c, const uint16_t* w, [[maybe_unused]] size_t m_rt,
                                        [[maybe_unused]] size_t n_rt) {
        static_assert(M % 2 == 0 && M >= 16);
        namespace L = toom4_lanes;
        // (n = 4m - 3 as interpolate checks: constant, so are the places)
        constexpr size_t m = M, w_len = 2 * m - 1, n = 4 * m - 3, len = 2 * n - 1;
        uint16_t late[4][3] = {};
        const auto place = [&](size_t p, uint16_t v) {  // (public indices)
            if (p >= len) return;
            if (p < n) {
                c[p] = v;
                return;
            }
            const size_t q = p - n;
            if (q % m < 3) late[q / m][q % m] = uint16_t(late[q / m][q % m] + v);
            else c[q] = uint16_t(c[q] + v);
        };
        // (unrolled: with p known place() is a store or an add, no branches)
#pragma GCC unroll 2
        for (size_t i = m - 1; i >= m - 2; --i) {  // (as Toom4Interp::interpolate's scalar tail)
            uint16_t lo[8], hi[8];
            Toom4Interp::coefficients(lo, w, w_len, i);
            lo[7] = 0;
            hi[0] = 0;
            if (i + m < w_len) Toom4Interp::coefficients(hi + 1, w, w_len, i + m);
            else
                for (size_t k = 1; k < 8; ++k) hi[k] = 0;
#pragma GCC unroll 8
            for (size_t k = 0; k < 8; ++k) place(k * m + i, uint16_t(lo[k] + hi[k]));
        }
        {  // elements m - 4, m - 3 (a pair, as before), the upper lane first
            uint32_t lo[7], hi[7], r[8];
            Toom4Interp::coefficients2(lo, w, w_len, m - 4);
            Toom4Interp::coefficients2(hi, w, w_len, 2 * m - 4);
            r[0] = lo[0];
            for (size_t k = 1; k < 7; ++k) r[k] = __uadd16(lo[k], hi[k - 1]);
            r[7] = hi[6];
#pragma GCC unroll 8
            for (size_t k = 0; k < 8; ++k) place(k * m + m - 3, uint16_t(r[k] >> 16));
#pragma GCC unroll 8
            for (size_t k = 0; k < 8; ++k) place(k * m + m - 4, uint16_t(r[k]));
        }
        // (the assembly loop: pairs m - 10 .. 0, rows 4..7 all inside)
        constexpr bool kAsm = kToom4InterpAsm && (M == 128 || M == 170 || M == 176 || M == 206);
        for (size_t i0 = m - 6;; i0 -= 2) {
            uint32_t lo[7], hi[7];
            Toom4Interp::coefficients2(lo, w, w_len, i0);
            Toom4Interp::coefficients2(hi, w, w_len, i0 + m);
            L::st(c + i0, lo[0]);
            L::st(c + m + i0, __uadd16(lo[1], hi[0]));
            L::st(c + 2 * m + i0, __uadd16(lo[2], hi[1]));
            L::st(c + 3 * m + i0, __uadd16(lo[3], hi[2]));
            uint16_t* d = c + i0 + 3;  // rows 4..7: places (k - 4) m + i0 + 3 (- n)
            L::st(d, __uadd16(L::ld(d), __uadd16(lo[4], hi[3])));
            L::st(d + m, __uadd16(L::ld(d + m), __uadd16(lo[5], hi[4])));
            L::st(d + 2 * m, __uadd16(L::ld(d + 2 * m), __uadd16(lo[6], hi[5])));
            const size_t at = 7 * m + i0;  // public index
            if (at + 1 < len) L::st(d + 3 * m, __uadd16(L::ld(d + 3 * m), hi[6]));
            else if (at < len) d[3 * m] = uint16_t(d[3 * m] + hi[6]);
            if (i0 == (kAsm ? m - 8 : 0)) break;
        }
#if PQMCU_POLYMUL_M4_ASM
        if constexpr (kAsm) pqmcu_polymul_toom4_cyclic_pairs_m4(c, w, m, m - 10);
#endif
        for (size_t k = 0; k < 4; ++k)
            for (size_t e = 0; e < 3; ++e) c[k * m + e] = uint16_t(c[k * m + e] + late[k][e]);
    }
#endif
    static void fold(uint16_t* c, const uint16_t* full, size_t n) {
        for (size_t i = 0; i + 1 < n; ++i) c[i] = uint16_t(full[i] + full[i + n]);
        c[n - 1] = full[n - 1];
    }
    [[gnu::noinline]] static void interpolate(uint16_t* c, const uint16_t* w, size_t n, uint16_t* full) {
        [[maybe_unused]] const size_t m = (n + 3) / 4;
#if defined(__ARM_FEATURE_SIMD32)
        // NTRU's limbs (n = 509, 677, 701, 821, 1229: n = 4m - 3, m even), m a
        // constant in each copy (with m at run time ~+20k a key generation)
        if (m == 128 && n == 509) return pairs<128>(c, w, m, n);
        if (m == 170 && n == 677) return pairs<170>(c, w, m, n);
        if (m == 176 && n == 701) return pairs<176>(c, w, m, n);
        if (m == 206 && n == 821) return pairs<206>(c, w, m, n);
        if (m == 308 && n == 1229) return pairs<308>(c, w, m, n);
#endif
        Toom4Interp::interpolate(full, w, n);
        fold(c, full, n);
    }
};

template <class Inner>
struct Toom4Eval : Toom4<Inner> {
    using Base = Toom4<Inner>;
    using Base::exact_bits;
    using Base::kMin;
    using Base::kPoints;
    using Base::limb;
    using Base::scratch_words;

    // Points in Toom4's order: 0, 1, -1, 2, -2, 1/2 (scaled by 8), inf.
    template <int P>
    static uint16_t at(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3) {
        if constexpr (P == 1) return uint16_t(a0 + a1 + a2 + a3);
        else if constexpr (P == 2) return uint16_t(a0 - a1 + a2 - a3);
        else if constexpr (P == 3) return uint16_t(a0 + 2 * a1 + 4 * a2 + 8 * a3);
        else if constexpr (P == 4) return uint16_t(a0 - 2 * a1 + 4 * a2 - 8 * a3);
        else if constexpr (P == 5) return uint16_t(8 * a0 + 4 * a1 + 2 * a2 + a3);
        else return uint16_t(a3);
    }
    template <int P>
    static void evaluate_point(uint16_t* out, const uint16_t* a, size_t n) {
        const size_t m = limb(n), top = n - 3 * m;  // coefficients in the top limb
        const uint16_t *l0 = a, *l1 = a + m, *l2 = a + 2 * m, *l3 = a + 3 * m;
        size_t j = 0;
#if defined(__ARM_FEATURE_SIMD32)
        namespace L = toom4_lanes;
#pragma GCC unroll 4
        for (; j + 1 < top; j += 2) {
            const uint32_t a0 = L::ld(l0 + j), a1 = L::ld(l1 + j), a2 = L::ld(l2 + j), a3 = L::ld(l3 + j);
            uint32_t v;
            if constexpr (P == 1) v = L::add(L::add(a0, a1), L::add(a2, a3));
            else if constexpr (P == 2) v = L::sub(L::add(a0, a2), L::add(a1, a3));
            else if constexpr (P == 3) v = L::add(a0, L::dbl(L::add(a1, L::dbl(L::add(a2, L::dbl(a3))))));
            else if constexpr (P == 4) v = L::sub(a0, L::dbl(L::sub(a1, L::dbl(L::sub(a2, L::dbl(a3))))));
            else if constexpr (P == 5) v = L::add(a3, L::dbl(L::add(a2, L::dbl(L::add(a1, L::dbl(a0))))));
            else v = a3;
            L::st(out + j, v);
        }
#endif
        for (; j < top; ++j) out[j] = at<P>(l0[j], l1[j], l2[j], l3[j]);
        for (; j < m; ++j) out[j] = at<P>(l0[j], l1[j], l2[j], 0);
    }
#if defined(__ARM_FEATURE_SIMD32)
    // The top limb's pair (j, j + 1) once j + 1 >= top: lanes at or above
    // top are the zero padding (top, j public).
    static uint32_t top_pair(const uint16_t* l3, size_t j, size_t top) {
        return j + 1 < top ? toom4_lanes::ld(l3 + j) : j < top ? uint32_t(l3[j]) : 0u;
    }
#endif
    // Points P and P + 1 (1 and -1, or 2 and -2) in one pass, into out and
    // out + m: E + O and E - O with E = a0 + a2, O = a1 + a3 (or E = a0 +
    // 4 a2, O = 2 a1 + 8 a3). (One running index over the rows at offsets
    // m, 2m, 3m: eight row pointers had been spilled to the stack.)
    template <int P>
    static void evaluate_pair(uint16_t* out, const uint16_t* a, size_t n) {
        static_assert(P == 1 || P == 3);
        const size_t m = limb(n), top = n - 3 * m;
        size_t j = 0;
#if defined(__ARM_FEATURE_SIMD32)
        namespace L = toom4_lanes;
        const auto body = [&](size_t j, uint32_t a3) {
            const uint16_t* x = a + j;
            uint16_t* o = out + j;
            const uint32_t a0 = L::ld(x), a1 = L::ld(x + m), a2 = L::ld(x + 2 * m);
            uint32_t e, d;
            if constexpr (P == 1) {
                e = L::add(a0, a2);
                d = L::add(a1, a3);
            } else {
                e = L::add(a0, L::dbl(L::dbl(a2)));
                d = L::dbl(L::add(a1, L::dbl(L::dbl(a3))));
            }
            L::st(o, L::add(e, d));
            L::st(o + m, L::sub(e, d));
        };
#if PQMCU_POLYMUL_M4_ASM
        if constexpr (P == 1) {  // (as evaluate_rest)
            pqmcu_polymul_toom4_eval_pair1_m4(out, a, m, top / 4);
            j = top / 4 * 4;
        }
#endif
#pragma GCC unroll 2
        for (; j + 1 < top; j += 2) body(j, L::ld(a + 3 * m + j));
        for (; j + 1 < m; j += 2) body(j, top_pair(a + 3 * m, j, top));
#endif
        for (; j < m; ++j) {
            const uint32_t a0 = a[j], a1 = a[m + j], a2 = a[2 * m + j], a3 = j < top ? a[3 * m + j] : 0;  // (public)
            out[j] = at<P>(a0, a1, a2, a3);
            out[m + j] = at<P + 1>(a0, a1, a2, a3);
        }
    }
    // Points 2, -2, 1/2 into out, out + m, out + 2m and inf into oi in one
    // pass (evaluate_pair<3> plus 8 a0 + 4 a1 + 2 a2 + a3 and a3).
    static void evaluate_rest(uint16_t* out, uint16_t* oi, const uint16_t* a, size_t n) {
        const size_t m = limb(n), top = n - 3 * m;
        size_t j = 0;
#if defined(__ARM_FEATURE_SIMD32)
        namespace L = toom4_lanes;
        const auto body = [&](size_t j, uint32_t a3) {
            const uint16_t* x = a + j;
            uint16_t* o = out + j;
            const uint32_t a0 = L::ld(x), a1 = L::ld(x + m), a2 = L::ld(x + 2 * m);
            const uint32_t e = L::add(a0, L::dbl(L::dbl(a2))), d = L::dbl(L::add(a1, L::dbl(L::dbl(a3))));
            L::st(o, L::add(e, d));
            L::st(o + m, L::sub(e, d));
            L::st(o + 2 * m, L::add(a3, L::dbl(L::add(a2, L::dbl(L::add(a1, L::dbl(a0)))))));
            L::st(oi + j, a3);
        };
#if PQMCU_POLYMUL_M4_ASM
        j = top / 4 * 4;  // indices below j in assembly (toom4_eval_m4.S), the rest here
        pqmcu_polymul_toom4_eval_rest_m4(out, oi, a, m, top / 4);
#endif
        for (; j + 1 < top; j += 2) body(j, L::ld(a + 3 * m + j));
        for (; j + 1 < m; j += 2) body(j, top_pair(a + 3 * m, j, top));
#endif
        for (; j < m; ++j) {
            const uint32_t a0 = a[j], a1 = a[m + j], a2 = a[2 * m + j], a3 = j < top ? a[3 * m + j] : 0;  // (public)
            out[j] = at<3>(a0, a1, a2, a3);
            out[m + j] = at<4>(a0, a1, a2, a3);
            out[2 * m + j] = at<5>(a0, a1, a2, a3);
            oi[j] = at<6>(a0, a1, a2, a3);
        }
    }
    template <int P>
    static void point_product(uint16_t* w, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* ea,
                              uint16_t* eb, uint16_t* rest) {
        const size_t m = limb(n);
        evaluate_point<P>(ea, a, n);
        evaluate_point<P>(eb, b, n);
        Inner::mul(w + P * (2 * m - 1), ea, eb, m, rest);
    }
    // (one copy for every Inner: Toom4Interp)
    static void interpolate(uint16_t* c, const uint16_t* w, size_t n) { Toom4Interp::interpolate(c, w, n); }
    // An operand's evaluations kept for several products (b shared): points
    // 1 .. inf, (kPoints - 1) m words (point 0 is b's first limb itself).
    static constexpr size_t shared_words(size_t n) { return (kPoints - 1) * limb(n); }
    // (one pass: each limb word loaded once for the six points)
    static void evaluate_shared(uint16_t* eb, const uint16_t* b, size_t n) {
        const size_t m = limb(n), top = n - 3 * m;
        const uint16_t *l0 = b, *l1 = b + m, *l2 = b + 2 * m, *l3 = b + 3 * m;
        size_t j = 0;
#if defined(__ARM_FEATURE_SIMD32)
        namespace L = toom4_lanes;
        const auto body = [&](size_t j, uint32_t a3) {
            const uint32_t a0 = L::ld(l0 + j), a1 = L::ld(l1 + j), a2 = L::ld(l2 + j);
            const uint32_t s02 = L::add(a0, a2), s13 = L::add(a1, a3);
            L::st(eb + j, L::add(s02, s13));
            L::st(eb + m + j, L::sub(s02, s13));
            const uint32_t e = L::add(a0, L::dbl(L::dbl(a2))), o = L::dbl(L::add(a1, L::dbl(L::dbl(a3))));
            L::st(eb + 2 * m + j, L::add(e, o));  // a0 + 4 a2 + (2 a1 + 8 a3)
            L::st(eb + 3 * m + j, L::sub(e, o));
            L::st(eb + 4 * m + j, L::add(a3, L::dbl(L::add(a2, L::dbl(L::add(a1, L::dbl(a0)))))));
            L::st(eb + 5 * m + j, a3);
        };
#if PQMCU_POLYMUL_M4_ASM
        j = top / 4 * 4;  // (as evaluate_rest)
        pqmcu_polymul_toom4_eval_shared_m4(eb, b, m, top / 4);
#endif
#pragma GCC unroll 2
        for (; j + 1 < top; j += 2) body(j, L::ld(l3 + j));
        for (; j + 1 < m; j += 2) body(j, top_pair(l3, j, top));
#endif
        for (; j < m; ++j) {
            const uint32_t a0 = l0[j], a1 = l1[j], a2 = l2[j], a3 = j < top ? l3[j] : 0;  // (public)
            eb[j] = at<1>(a0, a1, a2, a3);
            eb[m + j] = at<2>(a0, a1, a2, a3);
            eb[2 * m + j] = at<3>(a0, a1, a2, a3);
            eb[3 * m + j] = at<4>(a0, a1, a2, a3);
            eb[4 * m + j] = at<5>(a0, a1, a2, a3);
            eb[5 * m + j] = at<6>(a0, a1, a2, a3);
        }
    }
    // mul(c, a, b) with b's evaluations eb (evaluate_shared; n >= kMin): the
    // same limb products, so the same c.
    static void mul_shared(uint16_t* c, const uint16_t* a, const uint16_t* b, const uint16_t* eb, size_t n,
                           uint16_t* scratch) {
        mul_shared_impl<false>(c, a, b, eb, n, scratch, nullptr);
    }
    // mul_shared / mul mod x^n - 1 into cyc (n words; may be a or b): c (2n -
    // 1 words) holds only the evaluations, the interpolation folds
    // (Toom4InterpCyclic). The same cyc as mul, then the fold mod x^n - 1.
    static void mul_shared_cyclic(uint16_t* cyc, const uint16_t* a, const uint16_t* b, const uint16_t* eb,
                                  size_t n, uint16_t* c, uint16_t* scratch) {
        mul_shared_impl<true>(c, a, b, eb, n, scratch, cyc);
    }
    static void mul_cyclic(uint16_t* cyc, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* c,
                           uint16_t* scratch) {
        if (n < kMin) {
            Schoolbook::mul(c, a, b, n);
            Toom4InterpCyclic::fold(cyc, c, n);
            return;
        }
        mul_impl<true>(c, a, b, n, scratch, cyc);
    }
    template <bool Cyclic>
    static void mul_shared_impl(uint16_t* c, const uint16_t* a, const uint16_t* b, const uint16_t* eb, size_t n,
                                uint16_t* scratch, [[maybe_unused]] uint16_t* cyc) {
        const size_t m = limb(n), w_len = 2 * m - 1;
        uint16_t* w = scratch;
        uint16_t* ea = w + kPoints * w_len;
        uint16_t* rest = ea + 2 * m;  // (mul's layout)
        Inner::mul(w, a, b, m, rest);
        uint16_t* ev = c;  // (as in mul: a's points in c, 3m <= 2n - 1 words, and ea)
        evaluate_pair<1>(ev, a, n);
        Inner::mul(w + w_len, ev, eb, m, rest);
        Inner::mul(w + 2 * w_len, ev + m, eb + m, m, rest);
        evaluate_rest(ev, ea, a, n);
        Inner::mul(w + 3 * w_len, ev, eb + 2 * m, m, rest);
        Inner::mul(w + 4 * w_len, ev + m, eb + 3 * m, m, rest);
        Inner::mul(w + 5 * w_len, ev + 2 * m, eb + 4 * m, m, rest);
        Inner::mul(w + 6 * w_len, ea, eb + 5 * m, m, rest);
        if constexpr (Cyclic) Toom4InterpCyclic::interpolate(cyc, w, n, c);
        else interpolate(c, w, n);
    }
    static void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch) {
        if (n < kMin) {
            Schoolbook::mul(c, a, b, n);
            return;
        }
        mul_impl<false>(c, a, b, n, scratch, nullptr);
    }
    template <bool Cyclic>
    static void mul_impl(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch,
                         [[maybe_unused]] uint16_t* cyc) {
        const size_t m = limb(n), w_len = 2 * m - 1;
        uint16_t* w = scratch;
        uint16_t* ea = w + kPoints * w_len;
        uint16_t* eb = ea + m;
        uint16_t* rest = eb + m;
        Inner::mul(w, a, b, m, rest);  // point 0: the first limbs themselves
        // Points 1, -1 and 2, -2 evaluated in pairs into c, which only the
        // interpolation writes (no overlap with a, b): 4m <= 2n - 1 words
        uint16_t* ev = c;
        evaluate_pair<1>(ev, a, n);
        evaluate_pair<1>(ev + 2 * m, b, n);
        Inner::mul(w + w_len, ev, ev + 2 * m, m, rest);
        Inner::mul(w + 2 * w_len, ev + m, ev + 3 * m, m, rest);
        if (6 * m > 2 * n - 1) {  // (n < 13)
            point_product<3>(w, a, b, n, ea, eb, rest);
            point_product<4>(w, a, b, n, ea, eb, rest);
            point_product<5>(w, a, b, n, ea, eb, rest);
            point_product<6>(w, a, b, n, ea, eb, rest);
        } else {
            // points 2, -2, 1/2 into c (6m words), inf into ea, eb: one pass per operand
            evaluate_rest(ev, ea, a, n);
            evaluate_rest(ev + 3 * m, eb, b, n);
            Inner::mul(w + 3 * w_len, ev, ev + 3 * m, m, rest);
            Inner::mul(w + 4 * w_len, ev + m, ev + 4 * m, m, rest);
            Inner::mul(w + 5 * w_len, ev + 2 * m, ev + 5 * m, m, rest);
            Inner::mul(w + 6 * w_len, ea, eb, m, rest);
        }
        if constexpr (Cyclic) Toom4InterpCyclic::interpolate(cyc, w, n, c);
        else interpolate(c, w, n);
    }
};

}  // namespace pqmcu::polymul
