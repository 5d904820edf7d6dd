// SPDX-License-Identifier: Apache-2.0 OR MIT
// engine_avx2.hpp: the constant-time divsteps on up to four ymm words
// (ceil(n / 256): 2 at n = 509, 3 at 677 / 701, 4 at 821), the inversion
// mod 2 on PCLMULQDQ, the sort, and (AVX-512BW) the S3 packing, sampling
// and decryption maps. Every function carries its target attribute; the
// entry points check the CPU.
#include "ntru/engine_avx2.hpp"

#include <immintrin.h>

#include <cstdint>
#include <type_traits>

#include "core/secure.hpp"
#include "ntru/inverse.hpp"
#include "x86/cpu_features.hpp"

#define PQMCU_AVX2 __attribute__((target("avx2")))
#define PQMCU_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline

namespace pqmcu::ntru::detail {
namespace {

constexpr size_t kVec = 4;  // at most 4 x 256 = 1024 bits; a set uses ceil(n / 256) (NV)
using P = __m256i[kVec];

PQMCU_AVX2_INLINE __m256i ld(const uint64_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }

// x <- x * 2 (bit i -> i + 1 across lanes and vectors), then masked to n bits
// (only the top vector: every vector below the set's last one has an all-ones mask).
template <size_t NV>
PQMCU_AVX2_INLINE void shl1(P x, const P mask) {
    __m256i cprev = _mm256_setzero_si256();
    for (size_t j = 0; j < NV; ++j) {
        // lanes (hi3, hi0, hi1, hi2): lane l's carry from lane l - 1; lane 0's from the previous vector
        const __m256i c = _mm256_permute4x64_epi64(_mm256_srli_epi64(x[j], 63), 0x93);
        const __m256i carry = _mm256_blend_epi32(c, cprev, 0x03);
        cprev = c;
        x[j] = _mm256_or_si256(_mm256_slli_epi64(x[j], 1), carry);
        if (j + 1 == NV) x[j] = _mm256_and_si256(x[j], mask[j]);  // (mask[j] is all ones below)
    }
}
// x <- x / 2 (bit i -> i - 1; bit 0 is zero when called).
template <size_t NV>
PQMCU_AVX2_INLINE void shr1(P x) {
    __m256i dnext = _mm256_setzero_si256();
    for (size_t j = NV; j-- > 0;) {
        // lanes (lo1, lo2, lo3, lo0): lane l's from lane l + 1; lane 3's from the next vector
        const __m256i d = _mm256_permute4x64_epi64(_mm256_slli_epi64(x[j], 63), 0x39);
        const __m256i carry = _mm256_blend_epi32(d, dnext, 0xC0);
        dnext = d;
        x[j] = _mm256_or_si256(_mm256_srli_epi64(x[j], 1), carry);
    }
}

PQMCU_AVX2_INLINE void make_mask(P mask, size_t n) {
    alignas(32) uint64_t buf[4 * kVec];
    for (size_t k = 0; k < 4 * kVec; ++k) {
        const size_t lo = 64 * k;
        buf[k] = n >= lo + 64 ? ~uint64_t(0) : (n <= lo ? 0 : (uint64_t(1) << (n - lo)) - 1);
    }
    for (size_t j = 0; j < kVec; ++j) mask[j] = ld(buf + 4 * j);
}

PQMCU_AVX2_INLINE __m256i bcast0(__m256i x) { return _mm256_broadcastq_epi64(_mm256_castsi256_si128(x)); }
PQMCU_AVX2_INLINE uint32_t bit0(const P x) { return uint32_t(_mm256_cvtsi256_si32(x[0])) & 1; }

// The swap condition of a divstep: delta > 0 and g(0) != 0 (as engine.cpp).
inline int32_t divstep_swap(int32_t delta, uint32_t g0) {
    return value_barrier(int32_t((-delta) & -int32_t(g0)) >> 31);
}

PQMCU_AVX2_INLINE void cswap(__m256i& a, __m256i& b, __m256i mask) {
    const __m256i t = _mm256_and_si256(mask, _mm256_xor_si256(a, b));
    a = _mm256_xor_si256(a, t);
    b = _mm256_xor_si256(b, t);
}

// The steps run in segments over which the vectors a step can touch stay
// the same (engine.cpp's public degree bounds, in 256-bit vectors): v and w
// have degree <= step + 1 (A = (step + 1) / 256 + 1 vectors), f and g
// <= 2n - 3 - step (B = ceil((2n - 2 - step) / 256)); the vectors above are
// zero and stay so. Each segment is one function with A and B fixed (the
// polynomials in registers), state in `st` (one row of kVec vectors per
// polynomial) between segments. At n = 701 about 3/4 of the vector work of
// running all of them every step.
constexpr size_t kRow = 4 * kVec;  // words per polynomial row of st
inline size_t vw_vecs(size_t step, size_t nv) {
    const size_t k = (step + 1) / 256 + 1;
    return k < nv ? k : nv;
}
inline size_t fg_vecs(size_t step, size_t n, size_t nv) {
    const size_t k = (2 * n - 2 - step + 255) / 256;
    return k < 1 ? 1 : (k < nv ? k : nv);
}
PQMCU_AVX2_INLINE void ld_row(P x, const uint64_t* row, size_t cnt) {
    for (size_t j = 0; j < cnt; ++j) x[j] = _mm256_load_si256(reinterpret_cast<const __m256i*>(row + 4 * j));
}
PQMCU_AVX2_INLINE void st_row(uint64_t* row, const P x, size_t cnt) {
    for (size_t j = 0; j < cnt; ++j) _mm256_store_si256(reinterpret_cast<__m256i*>(row + 4 * j), x[j]);
}

// r2: rows f, g, v, w.
template <size_t A, size_t B>
PQMCU_AVX2_INLINE int32_t r2_body(uint64_t* st, const P mask, int32_t delta, size_t count) {
    P f, g, v, w;
    ld_row(f, st, B);
    ld_row(g, st + kRow, B);
    ld_row(v, st + 2 * kRow, A);
    ld_row(w, st + 3 * kRow, A);
    for (size_t i = 0; i < count; ++i) {
        const uint32_t g0 = bit0(g);
        const __m256i sign = _mm256_set1_epi64x(-int64_t(g0 & bit0(f)));
        const int32_t swap = divstep_swap(delta, g0);
        delta = (delta ^ (swap & (delta ^ -delta))) + 1;
        const __m256i sm = _mm256_set1_epi64x(-int64_t(swap & 1));
        shl1<A>(v, mask);  // v <- x v, swap, w += sign v
        for (size_t j = 0; j < A; ++j) {
            cswap(v[j], w[j], sm);
            w[j] = _mm256_xor_si256(w[j], _mm256_and_si256(sign, v[j]));
        }
        for (size_t j = 0; j < B; ++j) {  // swap, g += sign f, g <- g / x
            cswap(f[j], g[j], sm);
            g[j] = _mm256_xor_si256(g[j], _mm256_and_si256(sign, f[j]));
        }
        shr1<B>(g);
    }
    st_row(st, f, B);
    st_row(st + kRow, g, B);
    st_row(st + 2 * kRow, v, A);
    st_row(st + 3 * kRow, w, A);
    const __m256i z = _mm256_setzero_si256();
    for (size_t j = 0; j < kVec; ++j) f[j] = g[j] = v[j] = w[j] = z;
    __asm__ volatile("" : : "r"(f), "r"(g), "r"(v), "r"(w) : "memory");
    return delta;
}

// With AVX-512VBMI2 (and VL) the 1-bit shifts across lanes are two
// instructions: valignq brings the neighbouring lane, vpshldq / vpshrdq
// shifts the pair (instead of shift, shift, vpermq, blend, or).
template <size_t NV>
__attribute__((target("avx2,avx512f,avx512vl,avx512vbmi2"), always_inline)) inline void shl1_v2(P x, const P mask) {
    for (size_t j = NV; j-- > 0;) {  // (x[j - 1] still unshifted)
        const __m256i prev = j == 0 ? _mm256_setzero_si256() : x[j - 1];
        const __m256i c = _mm256_alignr_epi64(x[j], prev, 3);  // (prev lane 3, x lanes 0..2)
        // (mask[j] is all ones below the top vector)
        x[j] = j + 1 == NV ? _mm256_and_si256(_mm256_shldi_epi64(x[j], c, 1), mask[j]) : _mm256_shldi_epi64(x[j], c, 1);
    }
}
template <size_t NV>
__attribute__((target("avx2,avx512f,avx512vl,avx512vbmi2"), always_inline)) inline void shr1_v2(P x) {
    for (size_t j = 0; j < NV; ++j) {  // (x[j + 1] still unshifted)
        const __m256i next = j + 1 == NV ? _mm256_setzero_si256() : x[j + 1];
        const __m256i c = _mm256_alignr_epi64(next, x[j], 1);  // (x lanes 1..3, next lane 0)
        x[j] = _mm256_shrdi_epi64(x[j], c, 1);
    }
}

// g <- g - d f in Z3 with each value as (nonzero, negative) bit planes
// (z = 0 0, 1 = 1 0, -1 = 1 1) and d in {0, +-1} as broadcast masks: s = d f
// is (f0 & d0, (f1 ^ d1) & s0), then the difference in seven operations
// (found by a search over small formulas, checked on the 9 cases): ten
// instead of the (plus, minus) planes' fourteen.
PQMCU_AVX2_INLINE void f3_sub_scaled(__m256i& g0, __m256i& g1, __m256i f0, __m256i f1, __m256i d0, __m256i d1) {
    const __m256i s0 = _mm256_and_si256(f0, d0);
    const __m256i s1 = _mm256_and_si256(_mm256_xor_si256(f1, d1), s0);
    const __m256i r0 = _mm256_or_si256(_mm256_xor_si256(g0, s0), _mm256_xor_si256(g1, s1));
    const __m256i r1 = _mm256_xor_si256(_mm256_and_si256(g0, s0), _mm256_or_si256(g1, _mm256_xor_si256(s0, s1)));
    g0 = r0;
    g1 = r1;
}

// s3: rows f0, f1, g0, g1, v0, v1, w0, w1 as (nonzero, negative) planes
// (steps<true> converts from and to engine.cpp's (plus, minus) planes).
// Each step: d = g(0) f(0) (f(0) = +-1, its own inverse), v <- x v, the
// swap, w <- w - d v, g <- (g - d f) / x: engine.cpp's w += sign v, g += sign f
// with sign = -d.
#define PQMCU_NTRU_S3_BODY(NAME, ATTR, SHL1, SHR1) \
template <size_t A, size_t B> \
ATTR int32_t NAME(uint64_t* st, const P mask, int32_t delta, size_t count) { \
    P f0, f1, g0, g1, v0, v1, w0, w1; \
    ld_row(f0, st, B); \
    ld_row(f1, st + kRow, B); \
    ld_row(g0, st + 2 * kRow, B); \
    ld_row(g1, st + 3 * kRow, B); \
    ld_row(v0, st + 4 * kRow, A); \
    ld_row(v1, st + 5 * kRow, A); \
    ld_row(w0, st + 6 * kRow, A); \
    ld_row(w1, st + 7 * kRow, A); \
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi64x(1); \
    __m256i dl = _mm256_set1_epi64x(delta); \
    __m256i ng0 = g0[0], ng1 = g1[0]; /* bit 0: g(0)'s planes */ \
    for (size_t i = 0; i < count; ++i) { \
        /* the step's masks without leaving the vector unit (bit 0 broadcast, */ \
        /* negated; delta in every lane): a shorter chain from g(0) to g */ \
        const __m256i d0 = _mm256_sub_epi64(zero, _mm256_and_si256(bcast0(ng0), one)); \
        const __m256i d1 = _mm256_sub_epi64(zero, _mm256_and_si256(bcast0(_mm256_xor_si256(ng1, f1[0])), one)); \
        const __m256i sm = _mm256_and_si256(d0, _mm256_cmpgt_epi64(dl, zero)); /* delta > 0, g(0) != 0 */ \
        dl = _mm256_add_epi64(_mm256_xor_si256(dl, _mm256_and_si256(sm, _mm256_xor_si256(dl, _mm256_sub_epi64(zero, dl)))), one); \
        SHL1<A>(v0, mask); \
        SHL1<A>(v1, mask); \
        for (size_t j = 0; j < A; ++j) { \
            cswap(v0[j], w0[j], sm); \
            cswap(v1[j], w1[j], sm); \
            f3_sub_scaled(w0[j], w1[j], v0[j], v1[j], d0, d1); \
        } \
        for (size_t j = 0; j < B; ++j) { \
            cswap(f0[j], g0[j], sm); \
            cswap(f1[j], g1[j], sm); \
            f3_sub_scaled(g0[j], g1[j], f0[j], f1[j], d0, d1); \
        } \
        /* the next g(0) is bit 1 of lane 0 now: read before the shift */ \
        /* across lanes, which leaves the masks' chain */ \
        ng0 = _mm256_srli_epi64(g0[0], 1); \
        ng1 = _mm256_srli_epi64(g1[0], 1); \
        SHR1<B>(g0); \
        SHR1<B>(g1); \
    } \
    st_row(st, f0, B); \
    st_row(st + kRow, f1, B); \
    st_row(st + 2 * kRow, g0, B); \
    st_row(st + 3 * kRow, g1, B); \
    st_row(st + 4 * kRow, v0, A); \
    st_row(st + 5 * kRow, v1, A); \
    st_row(st + 6 * kRow, w0, A); \
    st_row(st + 7 * kRow, w1, A); \
    delta = int32_t(_mm_cvtsi128_si64(_mm256_castsi256_si128(dl))); \
    P* polys[8] = {&f0, &f1, &g0, &g1, &v0, &v1, &w0, &w1}; \
    const __m256i z = _mm256_setzero_si256(); \
    for (size_t i = 0; i < 8; ++i) \
        for (size_t j = 0; j < kVec; ++j) (*polys[i])[j] = z; \
    __asm__ volatile("" : : "r"(polys) : "memory"); \
    return delta; \
}
// (a macro: the VBMI2 copy needs its own target attribute to inline its shifts)
PQMCU_NTRU_S3_BODY(s3_body, PQMCU_AVX2_INLINE, shl1, shr1)
PQMCU_NTRU_S3_BODY(s3_body_v2, __attribute__((target("avx2,avx512f,avx512vl,avx512vbmi2"), always_inline)) inline,
                   shl1_v2, shr1_v2)
#undef PQMCU_NTRU_S3_BODY

// The AVX2 s3 segments (range_avx2) keep each polynomial transposed: its
// NV vectors are four lanes of 64 NV bits each (lane s of vector q = word
// s NV + q of the row), so x v and g / x shift lane by lane across the
// vectors (shift, shift, or) and only the vector at the end takes its carry
// from another lane (one vpermq per plane and step, was one per vector).
// The swap as a blend: (f, g) <- (sm ? g : f, g - d f), (v, w) likewise:
// on a swap that g and w are -d times those of the cswap form (d = +-1
// there); a unit on both of the pair, so later d, the swaps and r = f(0) v
// are the same.
// 4 x 4 transpose of 64-bit lanes (its own inverse).
PQMCU_AVX2_INLINE void transpose4(__m256i& x0, __m256i& x1, __m256i& x2, __m256i& x3) {
    const __m256i t0 = _mm256_unpacklo_epi64(x0, x1), t1 = _mm256_unpackhi_epi64(x0, x1);
    const __m256i t2 = _mm256_unpacklo_epi64(x2, x3), t3 = _mm256_unpackhi_epi64(x2, x3);
    x0 = _mm256_permute2x128_si256(t0, t2, 0x20);
    x1 = _mm256_permute2x128_si256(t1, t3, 0x20);
    x2 = _mm256_permute2x128_si256(t0, t2, 0x31);
    x3 = _mm256_permute2x128_si256(t1, t3, 0x31);
}
// x (NV vectors, transposed) <- words [0, 4 NV) of row (kRow words; reads words < 3 NV + 4 <= kRow).
template <size_t NV>
PQMCU_AVX2_INLINE void ld_row_t(P x, const uint64_t* row) {
    __m256i y0 = ld(row), y1 = ld(row + NV), y2 = ld(row + 2 * NV), y3 = ld(row + 3 * NV);
    transpose4(y0, y1, y2, y3);
    const __m256i y[4] = {y0, y1, y2, y3};
    for (size_t q = 0; q < NV; ++q) x[q] = y[q];
}
// Words [0, 4 NV) of row <- x; the words [4 NV, 3 NV + 4) get zeros (above the
// polynomial's bound, zero already).
template <size_t NV>
PQMCU_AVX2_INLINE void st_row_t(uint64_t* row, const P x) {
    const __m256i z = _mm256_setzero_si256();
    __m256i y0 = x[0], y1 = NV > 1 ? x[1] : z, y2 = NV > 2 ? x[2] : z, y3 = NV > 3 ? x[3] : z;
    transpose4(y0, y1, y2, y3);  // y_s lane q = word s NV + q; lanes q >= NV zero
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(row), y0);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(row + NV), y1);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(row + 2 * NV), y2);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(row + 3 * NV), y3);
}
// x <- x * 2, transposed: lane s of vector 0 takes bit 63 of lane s - 1 of
// the last vector (lane 0 takes lane 3's: coefficient 256 NV - 1, zero
// under the degree bounds and the mask), then the n-bit mask on every vector.
template <size_t NV>
PQMCU_AVX2_INLINE void shl1_t(P x, const P mask) {
    const __m256i c = _mm256_permute4x64_epi64(_mm256_srli_epi64(x[NV - 1], 63), 0x93);
    for (size_t q = NV; q-- > 0;) {
        const __m256i lo = q > 0 ? _mm256_srli_epi64(x[q - 1], 63) : c;
        x[q] = _mm256_and_si256(_mm256_or_si256(_mm256_slli_epi64(x[q], 1), lo), mask[q]);
    }
}
// x <- x / 2, transposed (bit 0 is zero when called: lane 3 takes it).
template <size_t NV>
PQMCU_AVX2_INLINE void shr1_t(P x) {
    const __m256i c = _mm256_permute4x64_epi64(_mm256_slli_epi64(x[0], 63), 0x39);
    for (size_t q = 0; q < NV; ++q) {
        const __m256i hi = q + 1 < NV ? _mm256_slli_epi64(x[q + 1], 63) : c;
        x[q] = _mm256_or_si256(_mm256_srli_epi64(x[q], 1), hi);
    }
}
template <size_t A, size_t B>
PQMCU_AVX2_INLINE int32_t s3_body_t(uint64_t* st, const P mask, int32_t delta, size_t count) {
    P f0, f1, g0, g1, v0, v1, w0, w1, mt;
    ld_row_t<B>(f0, st);
    ld_row_t<B>(f1, st + kRow);
    ld_row_t<B>(g0, st + 2 * kRow);
    ld_row_t<B>(g1, st + 3 * kRow);
    ld_row_t<A>(v0, st + 4 * kRow);
    ld_row_t<A>(v1, st + 5 * kRow);
    ld_row_t<A>(w0, st + 6 * kRow);
    ld_row_t<A>(w1, st + 7 * kRow);
    {  // the mask's words [0, 4 A) transposed (all ones unless A is the set's vector count)
        alignas(32) uint64_t m[kRow + 4] = {};
        for (size_t j = 0; j < kVec; ++j) _mm256_store_si256(reinterpret_cast<__m256i*>(m + 4 * j), mask[j]);
        ld_row_t<A>(mt, m);
    }
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi64x(1);
    __m256i dl = _mm256_set1_epi64x(delta);
    __m256i ng0 = g0[0], ng1 = g1[0];  // bit 0 of lane 0: g(0)'s planes
    for (size_t i = 0; i < count; ++i) {
        const __m256i d0 = _mm256_sub_epi64(zero, _mm256_and_si256(bcast0(ng0), one));
        const __m256i d1 = _mm256_sub_epi64(zero, _mm256_and_si256(bcast0(_mm256_xor_si256(ng1, f1[0])), one));
        const __m256i sm = _mm256_and_si256(d0, _mm256_cmpgt_epi64(dl, zero));  // delta > 0, g(0) != 0
        dl = _mm256_add_epi64(_mm256_xor_si256(dl, _mm256_and_si256(sm, _mm256_xor_si256(dl, _mm256_sub_epi64(zero, dl)))), one);
        shl1_t<A>(v0, mt);
        shl1_t<A>(v1, mt);
        for (size_t j = 0; j < A; ++j) {  // (v, w) <- (sm ? w : v, w - d v)
            const __m256i x0 = v0[j], x1 = v1[j];
            v0[j] = _mm256_blendv_epi8(x0, w0[j], sm);
            v1[j] = _mm256_blendv_epi8(x1, w1[j], sm);
            f3_sub_scaled(w0[j], w1[j], x0, x1, d0, d1);
        }
        for (size_t j = 0; j < B; ++j) {  // (f, g) <- (sm ? g : f, g - d f)
            const __m256i x0 = f0[j], x1 = f1[j];
            f0[j] = _mm256_blendv_epi8(x0, g0[j], sm);
            f1[j] = _mm256_blendv_epi8(x1, g1[j], sm);
            f3_sub_scaled(g0[j], g1[j], x0, x1, d0, d1);
        }
        ng0 = _mm256_srli_epi64(g0[0], 1);  // the next g(0): bit 1 of lane 0
        ng1 = _mm256_srli_epi64(g1[0], 1);
        shr1_t<B>(g0);
        shr1_t<B>(g1);
    }
    st_row_t<B>(st, f0);
    st_row_t<B>(st + kRow, f1);
    st_row_t<B>(st + 2 * kRow, g0);
    st_row_t<B>(st + 3 * kRow, g1);
    st_row_t<A>(st + 4 * kRow, v0);
    st_row_t<A>(st + 5 * kRow, v1);
    st_row_t<A>(st + 6 * kRow, w0);
    st_row_t<A>(st + 7 * kRow, w1);
    delta = int32_t(_mm_cvtsi128_si64(_mm256_castsi256_si128(dl)));
    P* polys[8] = {&f0, &f1, &g0, &g1, &v0, &v1, &w0, &w1};
    const __m256i z = _mm256_setzero_si256();
    for (size_t i = 0; i < 8; ++i)
        for (size_t j = 0; j < kVec; ++j) (*polys[i])[j] = z;
    __asm__ volatile("" : : "r"(polys) : "memory");
    return delta;
}

// The segments compiled for AVX2 (s3: s3_body_t, transposed) and, where the
// CPU has AVX-512VL (PQMCU_CPU_DISABLE=avx512 masks it), r2_body / s3_body
// with 32 ymm registers (s3's eight polynomials of three vectors do not fit
// in 16: hrss701 keygen -8 %), for s3 also with AVX-512VBMI2's
// two-instruction shifts (those not measured with s3_body_t's layout: no
// AVX-512 host here).
template <bool S3, size_t A, size_t B>
PQMCU_AVX2 int32_t range_avx2(uint64_t* st, const P mask, int32_t delta, size_t count) {
    if constexpr (S3) return s3_body_t<A, B>(st, mask, delta, count);
    else return r2_body<A, B>(st, mask, delta, count);
}
template <bool S3, size_t A, size_t B>
__attribute__((target("avx2,avx512f,avx512vl"))) int32_t range_vl(uint64_t* st, const P mask, int32_t delta,
                                                                   size_t count) {
    if constexpr (S3) return s3_body<A, B>(st, mask, delta, count);
    else return r2_body<A, B>(st, mask, delta, count);
}
template <size_t A, size_t B>
__attribute__((target("avx2,avx512f,avx512vl,avx512vbmi2"))) int32_t range_v2(uint64_t* st, const P mask,
                                                                               int32_t delta, size_t count) {
    return s3_body_v2<A, B>(st, mask, delta, count);
}
using RangeFn = int32_t (*)(uint64_t*, const P, int32_t, size_t);
enum class Isa { avx2, vl, vbmi2 };  // vbmi2: s3 only
template <bool S3, Isa I, size_t A, size_t B>
constexpr RangeFn range_fn() {
    if constexpr (I == Isa::vbmi2) return &range_v2<A, B>;
    else if constexpr (I == Isa::vl) return &range_vl<S3, A, B>;
    else return &range_avx2<S3, A, B>;
}
// [A - 1][B - 1]
template <bool S3, Isa I>
constexpr RangeFn kRange[kVec][kVec] = {
    {range_fn<S3, I, 1, 1>(), range_fn<S3, I, 1, 2>(), range_fn<S3, I, 1, 3>(), range_fn<S3, I, 1, 4>()},
    {range_fn<S3, I, 2, 1>(), range_fn<S3, I, 2, 2>(), range_fn<S3, I, 2, 3>(), range_fn<S3, I, 2, 4>()},
    {range_fn<S3, I, 3, 1>(), range_fn<S3, I, 3, 2>(), range_fn<S3, I, 3, 3>(), range_fn<S3, I, 3, 4>()},
    {range_fn<S3, I, 4, 1>(), range_fn<S3, I, 4, 2>(), range_fn<S3, I, 4, 3>(), range_fn<S3, I, 4, 4>()}};
template <bool S3>
const RangeFn (*range_table())[kVec] {
    const x86::CpuFeatures& cpu = x86::cpu_features();
    const bool vl = cpu.avx512f && cpu.avx512vl;
    // (VBMI2 is not in CpuFeatures; the avx512 mask above still turns it off)
    if (S3 && vl && __builtin_cpu_supports("avx512vbmi2")) return kRange<S3, Isa::vbmi2>;
    return vl ? kRange<S3, Isa::vl> : kRange<S3, Isa::avx2>;
}

// All 2(n - 1) - 1 steps on the state rows (kRow words each).
template <bool S3>
PQMCU_AVX2 void run_segments(uint64_t* st, size_t n, size_t nv) {
    P mask;
    make_mask(mask, n);
    int32_t delta = 1;
    const size_t total = 2 * (n - 1) - 1;
    const RangeFn(*range)[kVec] = range_table<S3>();
    for (size_t step = 0; step < total;) {  // segments: public bounds only
        const size_t a = vw_vecs(step, nv), b = fg_vecs(step, n, nv);
        // the segment ends where either uncapped count changes: (s + 1) / 256
        // grows at s = 256 j - 1, ceil((2n - 2 - s) / 256) = k drops at
        // s = 2n - 2 - 256 (k - 1) (where only a capped count would stay
        // the same, two segments run the same function; this replaced a
        // scan of every step, ~3 % of hrss701 keygen)
        size_t end = total;
        const size_t e1 = ((step + 1) / 256 + 1) * 256 - 1;
        if (e1 < end) end = e1;
        const size_t k = (2 * n - 2 - step + 255) / 256;
        if (k >= 2 && 2 * n - 2 - 256 * (k - 1) < end) end = 2 * n - 2 - 256 * (k - 1);
        delta = range[a - 1][b - 1](st, mask, delta, end - step);
        step = end;
    }
    delta = 0;
    __asm__ volatile("" : : "r"(delta) : "memory");
}

// The whole of s3_inverse with the state built and read here: the set-up's
// and the result's bit loops (about 5 % of hrss701 keygen) as vector
// compares and vpmovmskb, bit reversal by words. g = reverse of (a mod
// Phi_n): coefficient i (< n - 1) at bit n - 2 - i; built in forward order,
// then reversed (bit 64 W - 1 - i) and shifted down by 64 W - n + 1.
inline uint64_t bitrev64(uint64_t x) {
    x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
    return __builtin_bswap64(x);
}
// out[0 .. W) = bits of in[0 .. W) reversed over 64 W bits, then shifted down by sh (0 < sh < 64).
inline void reverse_shift(uint64_t* out, const uint64_t* in, size_t W, unsigned sh) {
    for (size_t k = 0; k < W; ++k) {
        const uint64_t lo = bitrev64(in[W - 1 - k]), hi = k + 1 < W ? bitrev64(in[W - 2 - k]) : 0;
        out[k] = (lo >> sh) | (hi << (64 - sh));
    }
}
// Coefficient planes of c = a_i - a_(n-1) mod 3 (i < n - 1; a read & 3, as
// s3_inverse), forward: nz bit i = c != 0, ng bit i = c == 2.
PQMCU_AVX2 void s3_planes(uint64_t* nz, uint64_t* ng, const uint16_t* a, size_t n, size_t W) {
    for (size_t k = 0; k < W; ++k) nz[k] = ng[k] = 0;
    const uint32_t last2 = 2u * (a[n - 1] & 3u);
    const __m256i three = _mm256_set1_epi16(3), eleven = _mm256_set1_epi16(11), two = _mm256_set1_epi16(2);
    const __m256i l2 = _mm256_set1_epi16(int16_t(last2)), z = _mm256_setzero_si256();
    const auto mod3v = [&](__m256i x) __attribute__((target("avx2"), always_inline)) {
        x = _mm256_add_epi16(_mm256_and_si256(x, three), l2);  // <= 9: x - 3 floor(11 x / 32)
        return _mm256_sub_epi16(x, _mm256_mullo_epi16(three, _mm256_srli_epi16(_mm256_mullo_epi16(x, eleven), 5)));
    };
    size_t i = 0;
    for (; i + 32 <= n - 1; i += 32) {
        const __m256i c0 = mod3v(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i)));
        const __m256i c1 = mod3v(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i + 16)));
        // compares give 0 / -1 words; packs keeps them as bytes; vpermq restores the order
        const __m256i nzb = _mm256_permute4x64_epi64(
            _mm256_packs_epi16(_mm256_cmpeq_epi16(c0, z), _mm256_cmpeq_epi16(c1, z)), 0xD8);
        const __m256i ngb = _mm256_permute4x64_epi64(
            _mm256_packs_epi16(_mm256_cmpeq_epi16(c0, two), _mm256_cmpeq_epi16(c1, two)), 0xD8);
        nz[i / 64] |= uint64_t(~uint32_t(_mm256_movemask_epi8(nzb))) << (i % 64);
        ng[i / 64] |= uint64_t(uint32_t(_mm256_movemask_epi8(ngb))) << (i % 64);
    }
    for (; i + 1 < n; ++i) {
        const uint32_t c = mod3(uint16_t((a[i] & 3) + last2));
        nz[i / 64] |= uint64_t(c != 0) << (i % 64);
        ng[i / 64] |= uint64_t(c == 2) << (i % 64);
    }
}
template <size_t W>
PQMCU_AVX2 void s3_inverse_words(uint16_t* r, const uint16_t* a, size_t n) {
    alignas(32) uint64_t st[8 * kRow] = {};
    alignas(32) uint64_t t0[W], t1[W];
    const unsigned sh = unsigned(64 * W - n + 1);  // (public; 0 < sh < 64 for the word counts used)
    s3_planes(t0, t1, a, n, W);
    reverse_shift(st + 2 * kRow, t0, W, sh);  // g
    reverse_shift(st + 3 * kRow, t1, W, sh);
    for (size_t k = 0; k < W; ++k) st[k] = ~uint64_t(0);  // f = Phi_n: n ones
    st[W - 1] = n % 64 == 0 ? ~uint64_t(0) : (uint64_t(1) << (n % 64)) - 1;
    st[6 * kRow] = 1;  // w = 1
    run_segments<true>(st, n, (n + 255) / 256);
    // r = f(0) v (f(0) = +-1 when a is invertible: -1 flips the sign plane), reversed back
    const uint64_t fneg = 0 - (st[kRow] & 1);
    for (size_t k = 0; k < W; ++k) st[5 * kRow + k] = (st[5 * kRow + k] ^ fneg) & st[4 * kRow + k];
    reverse_shift(t0, st + 4 * kRow, W, sh);  // coefficient i at bit i again
    reverse_shift(t1, st + 5 * kRow, W, sh);
    const __m256i lanes = _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384,
                                            int16_t(0x8000));
    const __m256i one = _mm256_set1_epi16(1);
    const auto expand = [&](uint64_t bits16) __attribute__((target("avx2"), always_inline)) {
        const __m256i b = _mm256_and_si256(_mm256_set1_epi16(int16_t(uint16_t(bits16))), lanes);
        return _mm256_and_si256(_mm256_cmpeq_epi16(b, lanes), one);
    };
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {  // value = nonzero + negative (2 for -1)
        const __m256i v = _mm256_add_epi16(expand(t0[i / 64] >> (i % 64)), expand(t1[i / 64] >> (i % 64)));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(r + i), v);
    }
    for (; i < n; ++i) r[i] = uint16_t(((t0[i / 64] >> (i % 64)) & 1) + ((t1[i / 64] >> (i % 64)) & 1));
    r[n - 1] = 0;
    secure_wipe(st, sizeof st);
    secure_wipe(t0, sizeof t0);
    secure_wipe(t1, sizeof t1);
}

// All 2(n - 1) - 1 steps on the rows polys of nw words each at inv.
template <bool S3>
PQMCU_AVX2 void steps(uint64_t* inv, size_t n, size_t nv) {
    constexpr size_t rows = S3 ? 8 : 4;
    const size_t nw = inv_words(n);
    alignas(32) uint64_t st[rows * kRow] = {};
    for (size_t r = 0; r < rows; ++r)
        for (size_t k = 0; k < nw; ++k) st[r * kRow + k] = inv[r * nw + k];
    if (S3)  // (plus, minus) -> (nonzero, negative): nonzero = plus | minus
        for (size_t r = 0; r < rows; r += 2)
            for (size_t k = 0; k < nw; ++k) st[r * kRow + k] |= st[(r + 1) * kRow + k];
    run_segments<S3>(st, n, nv);
    if (S3)  // back: plus = nonzero & ~negative
        for (size_t r = 0; r < rows; r += 2)
            for (size_t k = 0; k < nw; ++k) st[r * kRow + k] &= ~st[(r + 1) * kRow + k];
    for (size_t r = 0; r < rows; ++r)
        for (size_t k = 0; k < nw; ++k) inv[r * nw + k] = st[r * kRow + k];
    secure_wipe(st, sizeof st);
}

bool usable(size_t n) {
    return std::is_same_v<InvWord, uint64_t> && n >= 2 && n <= 64 * 4 * kVec && x86::cpu_features().avx2;
}

PQMCU_AVX2 void minmax_run(uint32_t* a, uint32_t* b, size_t len) {
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
        const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + i), _mm256_min_epu32(x, y));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(b + i), _mm256_max_epu32(x, y));
    }
    if (i < len) {  // 1 .. 7 left: lanes below len - i (a public count)
        const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        const __m256i m = _mm256_cmpgt_epi32(_mm256_set1_epi32(int32_t(len - i)), lane);
        int* pa = reinterpret_cast<int*>(a + i);
        int* pb = reinterpret_cast<int*>(b + i);
        const __m256i x = _mm256_maskload_epi32(pa, m), y = _mm256_maskload_epi32(pb, m);
        _mm256_maskstore_epi32(pa, m, _mm256_min_epu32(x, y));
        _mm256_maskstore_epi32(pb, m, _mm256_max_epu32(x, y));
    }
}

// Bitonic sort of x[0 .. count) as unsigned words, count <= kBitonicMax: a
// copy padded to N = 2^t >= 64 words with 0xFFFFFFFF (they sort last, and
// equal keys are indistinguishable, so x gets the same sorted words as from
// sort_uint32's merge exchange). Strides j >= 8 compare whole vectors;
// strides 4, 2, 1 too, on a block of 64 words held transposed in registers
// (8 x 8: vector c holds column c of the block's 8 rows), where levels 2 ..
// 64 run whole (sort64). Fixed sequence for each count.
constexpr size_t kBitonicMax = 2048;
PQMCU_AVX2_INLINE __m256i ld(const uint32_t* q) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q)); }
PQMCU_AVX2_INLINE void st(uint32_t* q, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(q), v); }
template <bool Asc>
PQMCU_AVX2_INLINE void cx(__m256i& a, __m256i& b) {
    const __m256i lo = _mm256_min_epu32(a, b), hi = _mm256_max_epu32(a, b);
    a = Asc ? lo : hi;
    b = Asc ? hi : lo;
}
// 8 x 8 transpose of 32-bit words (an involution): v[c] lane r <- v[r] lane c.
PQMCU_AVX2_INLINE void transpose8(__m256i* v) {
    __m256i t[8], u[8];
    for (size_t i = 0; i < 8; i += 2) {
        t[i] = _mm256_unpacklo_epi32(v[i], v[i + 1]);
        t[i + 1] = _mm256_unpackhi_epi32(v[i], v[i + 1]);
    }
    for (size_t i = 0; i < 8; i += 4) {
        u[i] = _mm256_unpacklo_epi64(t[i], t[i + 2]);
        u[i + 1] = _mm256_unpackhi_epi64(t[i], t[i + 2]);
        u[i + 2] = _mm256_unpacklo_epi64(t[i + 1], t[i + 3]);
        u[i + 3] = _mm256_unpackhi_epi64(t[i + 1], t[i + 3]);
    }
    for (size_t c = 0; c < 4; ++c) {
        v[c] = _mm256_permute2x128_si256(u[c], u[c + 4], 0x20);
        v[c + 4] = _mm256_permute2x128_si256(u[c], u[c + 4], 0x31);
    }
}
// A block of 64 words as 8 rows r of 8 (word 8 r + c), held transposed
// (vector c, lane r): compares across a column index c are whole-vector
// min / max; those across rows are lane permutations within a vector.
// Half-cleaners of strides 4, 2, 1 (the column bits), ascending.
PQMCU_AVX2_INLINE void col_clean(__m256i* v) {
    for (size_t c = 0; c < 4; ++c) cx<true>(v[c], v[c + 4]);
    for (size_t c = 0; c < 8; c += 4) cx<true>(v[c], v[c + 2]), cx<true>(v[c + 1], v[c + 3]);
    for (size_t c = 0; c < 8; c += 2) cx<true>(v[c], v[c + 1]);
}
PQMCU_AVX2_INLINE __m256i reverse8(__m256i v) { return _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0)); }
// Lane r <- lane r ^ X within a vector (X = 1, 2, 4) or lane 7 - r (X = 7),
// 3 within each half (X = 3).
template <int X>
PQMCU_AVX2_INLINE __m256i lane_xor(__m256i v) {
    if constexpr (X == 1) return _mm256_shuffle_epi32(v, 0xB1);
    else if constexpr (X == 2) return _mm256_shuffle_epi32(v, 0x4E);
    else if constexpr (X == 3) return _mm256_shuffle_epi32(v, 0x1B);
    else if constexpr (X == 4) return _mm256_permute2x128_si256(v, v, 0x01);
    else return reverse8(v);
}
// The lanes (rows) r with r & B set, as a vpblendd mask.
constexpr int rows_with(int B) {
    int m = 0;
    for (int r = 0; r < 8; ++r) m |= (r & B) != 0 ? 1 << r : 0;
    return m;
}
static_assert(rows_with(1) == 0xAA && rows_with(2) == 0xCC && rows_with(4) == 0xF0);
// Half-cleaner of stride 8 B (rows r, r ^ B; B = 1, 2): the lower row keeps the minimum.
template <int B>
PQMCU_AVX2_INLINE void row_clean(__m256i* v) {
    constexpr int kUpper = rows_with(B);
    for (size_t c = 0; c < 8; ++c) {
        const __m256i w = lane_xor<B>(v[c]);
        v[c] = _mm256_blend_epi32(_mm256_min_epu32(v[c], w), _mm256_max_epu32(v[c], w), kUpper);
    }
}
// The flip stage of level 8 * 2^S (word i against i ^ (8 * 2^S - 1)): row r, column c
// against row r ^ (2^S - 1), column 7 - c; the row with bit S - 1 clear is the lower.
template <int S>
PQMCU_AVX2_INLINE void row_flip(__m256i* v) {
    constexpr int X = (1 << S) - 1;
    constexpr int kUpper = rows_with(1 << (S - 1));
    for (size_t c = 0; c < 4; ++c) {
        const __m256i x = v[c], y = lane_xor<X>(v[7 - c]);
        const __m256i lo = _mm256_min_epu32(x, y), hi = _mm256_max_epu32(x, y);
        v[c] = _mm256_blend_epi32(lo, hi, kUpper);
        v[7 - c] = lane_xor<X>(_mm256_blend_epi32(hi, lo, kUpper));
    }
}
// Levels 2 .. 64 of a block of 64 words in registers (it comes out sorted
// ascending): held transposed, each row sorted by a 19-comparator network
// on the column vectors, then the flip-form merges of levels 16, 32, 64,
// transposed back. The words are loaded as the columns directly, without
// the transpose in: a fixed permutation of the block before it is sorted
// whole changes no output word.
PQMCU_AVX2_INLINE void sort64(uint32_t* p) {
    __m256i v[8];
    for (size_t i = 0; i < 8; ++i) v[i] = ld(p + 8 * i);
    cx<true>(v[0], v[2]), cx<true>(v[1], v[3]), cx<true>(v[4], v[6]), cx<true>(v[5], v[7]);
    cx<true>(v[0], v[4]), cx<true>(v[1], v[5]), cx<true>(v[2], v[6]), cx<true>(v[3], v[7]);
    cx<true>(v[0], v[1]), cx<true>(v[2], v[3]), cx<true>(v[4], v[5]), cx<true>(v[6], v[7]);
    cx<true>(v[2], v[4]), cx<true>(v[3], v[5]);
    cx<true>(v[1], v[4]), cx<true>(v[3], v[6]);
    cx<true>(v[1], v[2]), cx<true>(v[3], v[4]), cx<true>(v[5], v[6]);
    row_flip<1>(v);
    col_clean(v);
    row_flip<2>(v);
    row_clean<1>(v);
    col_clean(v);
    row_flip<3>(v);
    row_clean<2>(v);
    row_clean<1>(v);
    col_clean(v);
    transpose8(v);
    for (size_t i = 0; i < 8; ++i) st(p + 8 * i, v[i]);
}
// Strides 32, 16, 8 (whole vectors) then 4, 2, 1 (within each vector: lane
// permutation, min, max, blend) on a block of 64 words, ascending. (Was
// transpose, whole-vector strides, transpose: 48 shuffles a block, which
// bound these passes on Zen 2; the lane form has 24, and the sort of 820
// words took ~7 % less in a TSC loop.)
PQMCU_AVX2_INLINE void block64(uint32_t* p) {
    __m256i v[8];
    for (size_t i = 0; i < 8; ++i) v[i] = ld(p + 8 * i);
    col_clean(v);  // strides 32, 16, 8
    // strides 4, 2, 1: lanes l, l ^ 4 / 2 / 1 (row_clean's form: a vector's lanes are its rows there)
    row_clean<4>(v);
    row_clean<2>(v);
    row_clean<1>(v);
    for (size_t i = 0; i < 8; ++i) st(p + 8 * i, v[i]);
}
// Every merge ascending (the "flip" form: the first stage of level k
// compares i with the mirrored i0 + k - 1 - (i - i0), the later ones are
// half-cleaners), so the padding (the largest words) never leaves
// [count, N): a compare-exchange whose upper word lies there changes
// nothing and is skipped, by vector (only indices and count decide). The
// work then follows count rather than N (676 and 820 words were padded to
// 1024).
// buf: N words (a power of two >= 64), the keys in [0, count), the padding
// 0xFFFFFFFF in [count, N) (read, never written); sorted in place.
PQMCU_AVX2 void bitonic_core(uint32_t* buf, size_t count, size_t N) {
    // Levels 2 .. 64 per block of 64 words in registers (N >= 64).
    for (size_t i0 = 0; i0 < count; i0 += 64) sort64(buf + i0);
    // Passes through memory: two stages per pass where a group of four
    // vectors is closed under both (the flip stage with the first
    // half-cleaner, and pairs of half-cleaners), and the last six strides
    // (32 .. 1) in registers per 64 words. A compare-exchange whose upper
    // vector is padding, and the store of a padding vector, are skipped
    // (public indices); so are the loads of padding vectors where a whole
    // group's upper part is padding (sort of 820 words ~-3 %).
    const auto cxs = [count](__m256i& a, __m256i& b, size_t upper) __attribute__((target("avx2"), always_inline)) {
        if (upper < count) cx<true>(a, b);
    };
    const auto put = [count, &buf](size_t at, __m256i v) __attribute__((target("avx2"), always_inline)) {
        if (at < count) st(buf + at, v);
    };
    for (size_t k = 128; k <= N; k <<= 1) {
        size_t j = k / 4;  // the next half-cleaner stride
        if (k >= 256) {
            // the flip stage and stride k / 4: vectors i0 + t, i0 + t + k / 4
            // and the mirrored i0 + 3k/4 - 8 - t, i0 + k - 8 - t (held reversed:
            // the half-cleaner pairs their lanes alike)
            for (size_t i0 = 0; i0 < count; i0 += k)
                for (size_t t = 0; t < k / 4 && i0 + t < count; t += 8) {
                    const size_t p0 = i0 + t, p1 = p0 + k / 4, p2 = i0 + 3 * k / 4 - 8 - t, p3 = i0 + k - 8 - t;
                    if (p3 >= count) {  // (public) v3 padding: v1 - v2 and v0 - v1 only, v3 not loaded
                        __m256i v0 = ld(buf + p0), v1 = ld(buf + p1);
                        if (p2 < count) {
                            __m256i v2 = reverse8(ld(buf + p2));
                            cx<true>(v1, v2);
                            st(buf + p2, reverse8(v2));
                        }
                        cxs(v0, v1, p1);
                        st(buf + p0, v0);
                        put(p1, v1);
                        continue;
                    }
                    __m256i v0 = ld(buf + p0), v1 = ld(buf + p1), v2 = reverse8(ld(buf + p2)), v3 = reverse8(ld(buf + p3));
                    cxs(v0, v3, p3);
                    cxs(v1, v2, p2);
                    cxs(v0, v1, p1);
                    cxs(v2, v3, p3);
                    st(buf + p0, v0);
                    put(p1, v1);
                    put(p2, reverse8(v2));
                    put(p3, reverse8(v3));
                }
            j = k / 8;
        } else {
            // the flip stage: vector i0 + t against the mirrored vector i0 + k - 8 - t, reversed
            for (size_t i0 = 0; i0 < count; i0 += k)
                for (size_t t = 0; t < k / 2; t += 8) {
                    const size_t u = i0 + k - 8 - t;
                    if (u >= count) continue;  // (public) the upper vector is padding
                    const __m256i a = ld(buf + i0 + t), b = reverse8(ld(buf + u));
                    st(buf + i0 + t, _mm256_min_epu32(a, b));
                    st(buf + u, reverse8(_mm256_max_epu32(a, b)));
                }
        }
        // half-cleaners of strides j .. 64 through memory, two per pass where
        // both are >= 64: vectors i, i + j/2, i + j, i + 3j/2
        for (; j >= 128; j >>= 2)
            for (size_t i0 = 0; i0 < count; i0 += 2 * j)
                for (size_t i = i0; i < i0 + j / 2 && i < count; i += 8) {
                    const size_t p1 = i + j / 2, p2 = i + j, p3 = p2 + j / 2;
                    if (p2 >= count) {  // (public) v2, v3 padding: v0 - v1 only
                        if (p1 < count) {
                            __m256i v0 = ld(buf + i), v1 = ld(buf + p1);
                            cx<true>(v0, v1);
                            st(buf + i, v0);
                            st(buf + p1, v1);
                        }
                        continue;
                    }
                    __m256i v0 = ld(buf + i), v1 = ld(buf + p1), v2 = ld(buf + p2), v3 = ld(buf + p3);
                    cxs(v0, v2, p2);
                    cxs(v1, v3, p3);
                    cxs(v0, v1, p1);
                    cxs(v2, v3, p3);
                    st(buf + i, v0);
                    put(p1, v1);
                    put(p2, v2);
                    put(p3, v3);
                }
        if (j == 64)
            for (size_t i0 = 0; i0 < count; i0 += 128)
                for (size_t i = i0; i < i0 + 64 && i + 64 < count; i += 8) {
                    const __m256i a = ld(buf + i), b = ld(buf + i + 64);
                    st(buf + i, _mm256_min_epu32(a, b));
                    st(buf + i + 64, _mm256_max_epu32(a, b));
                }
        for (size_t i0 = 0; i0 < count; i0 += 64) block64(buf + i0);
    }
}
PQMCU_AVX2 void bitonic_sort(uint32_t* x, size_t count) {
    alignas(32) uint32_t buf[kBitonicMax];
    const size_t N = bitonic_words(count);
    size_t j0 = 0;
    for (; j0 + 8 <= count; j0 += 8) st(buf + j0, ld(x + j0));
    for (; j0 < count; ++j0) buf[j0] = x[j0];
    for (; j0 < N; ++j0) buf[j0] = 0xFFFFFFFFu;
    const __m256i zero = _mm256_setzero_si256();
    bitonic_core(buf, count, N);
    for (j0 = 0; j0 + 8 <= count; j0 += 8) st(x + j0, ld(buf + j0));
    for (; j0 < count; ++j0) x[j0] = buf[j0];
    for (j0 = 0; j0 < N; j0 += 8) st(buf + j0, zero);  // the keys may be secret
    __asm__ volatile("" : : "r"(buf) : "memory");
}

// The fixed-weight sampler's sort in place (keys has N = bitonic_words(count)
// words: no copy, no stack buffer to wipe; the caller's workspace wipe
// covers the keys), then r[j] = keys[j] & 3 (j < count), sixteen a step.
PQMCU_AVX2 void sort_labels(uint16_t* r, uint32_t* keys, size_t count, size_t N) {
    size_t j = count;
    for (; j < N && j % 8 != 0; ++j) keys[j] = 0xFFFFFFFFu;
    for (; j < N; j += 8) st(keys + j, _mm256_set1_epi32(-1));
    bitonic_core(keys, count, N);
    const __m256i three = _mm256_set1_epi32(3);
    j = 0;
    for (; j + 16 <= count; j += 16) {
        const __m256i a = _mm256_and_si256(ld(keys + j), three), b = _mm256_and_si256(ld(keys + j + 8), three);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(r + j), _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xD8));
    }
    for (; j < count; ++j) r[j] = uint16_t(keys[j] & 3);
}

// Eight 30-bit keys per 30 bytes: keys 4 h + j (h = 0, 1: the 128-bit halves,
// loaded from bytes 0 .. 15 and 14 .. 29) hold bits 30 j - 2 .. 30 j + 29 of
// the half's 15 bytes (low two bits then cleared).
PQMCU_AVX2 size_t fixed_weight_keys(uint32_t* keys, const uint8_t* u, size_t count, size_t len) {
    // Key j's 32 bits start at bit 8 w + s of the half (w, s = -2, 14; 3, 4;
    // 7, 2; 11, 0): as 16-bit lanes (lo, hi) = (A >> s) | (B << (16 - s)), A =
    // the words at bytes w, w + 2 and B = at w + 2, w + 4 (vpshufb; zero below
    // byte 0, and A zero for s = 0): vpmulhuw / vpmullw by 2^(16 - s) (1 for
    // s = 0) instead of 32-bit per-lane shifts (vpsrlvd / vpsllvd bound this
    // loop on Zen 2: ~405 -> ~315 TSC ticks for 820 keys).
    constexpr int8_t Z = -128;  // (vpshufb: a zero byte)
    const __m256i ta = _mm256_setr_epi8(Z, Z, 0, 1, 3, 4, 5, 6, 7, 8, 9, 10, Z, Z, Z, Z,  //
                                        Z, Z, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, Z, Z, Z, Z);
    const __m256i tb = _mm256_setr_epi8(0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 11, 12, 13, 14,  //
                                        1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 12, 13, 14, 15);
    const __m256i mul = _mm256_setr_epi16(4, 4, 4096, 4096, 16384, 16384, 1, 1, 4, 4, 4096, 4096, 16384, 16384, 1, 1);
    const __m256i keep = _mm256_set1_epi32(int32_t(0xFFFFFFFCu)), sign = _mm256_set1_epi32(int32_t(0x80000000u));
    size_t i = 0;
    for (; i + 8 <= count && 15 * (i / 4) + 30 <= len; i += 8) {
        const uint8_t* b = u + 15 * (i / 4);
        const __m256i v = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(b + 14), reinterpret_cast<const __m128i*>(b));
        const __m256i a = _mm256_mulhi_epu16(_mm256_shuffle_epi8(v, ta), mul);
        const __m256i c = _mm256_mullo_epi16(_mm256_shuffle_epi8(v, tb), mul);
        st(keys + i, _mm256_xor_si256(_mm256_and_si256(_mm256_or_si256(a, c), keep), sign));
    }
    return i;
}

// The sum of v's eight 32-bit lanes (the stack copy wiped: some sums are of secrets).
PQMCU_AVX2_INLINE uint32_t lane_sum(__m256i v) {
    alignas(32) uint32_t lanes[8];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), v);
    uint32_t t = 0;
    for (uint32_t x : lanes) t += x;
    secure_wipe(lanes, sizeof lanes);
    return t;
}

// L = 12 (ntruhps4096821): coefficient j of a group at bytes 3j/2 (rounded
// down) and the next, shifted by 4 for odd j: each 16-bit lane gathers its
// two bytes (vpshufb), vpmullw by 16 / 1 and vpsrlw 4 keep its 12 bits.
// Sixteen coefficients (two groups, 24 bytes) per step, no 32-bit lanes;
// the sum by vpmaddwd. Only while every 16-byte read ends inside the input.
// (Hosts without AVX-512BW, as unpack_bits16 below for L = 11, 13, 14: half
// its operations at 12 bits.)
PQMCU_AVX2 size_t unpack_bits12(uint16_t* a, const uint8_t* in, size_t len, size_t max_groups, uint32_t& sum) {
    const __m256i shuf = _mm256_setr_epi8(0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11,  //
                                          0, 1, 1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 10, 11);
    const __m256i mul = _mm256_setr_epi16(16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1, 16, 1);
    const __m256i ones = _mm256_set1_epi16(1);
    __m256i acc = _mm256_setzero_si256();
    size_t g = 0;
    // group g + 1's read ends at 12 (g + 1) + 16
    for (; g + 2 <= max_groups && 12 * (g + 1) + 16 <= len; g += 2) {
        const __m256i raw = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(in + 12 * g + 12),
                                                reinterpret_cast<const __m128i*>(in + 12 * g));
        const __m256i x = _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_shuffle_epi8(raw, shuf), mul), 4);
        acc = _mm256_add_epi32(acc, _mm256_madd_epi16(x, ones));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + 8 * g), x);
    }
    sum = lane_sum(acc);
    return 8 * g;
}
// (AVX-512 hosts) Coefficients of logq = L bits (11 .. 14), sixteen (two groups of eight, 2L
// bytes) per step: each group's halves (four coefficients each, starting at
// bytes 0 and L / 2) as the two 128-bit lanes of one load, vpshufb gathers
// the four bytes holding each coefficient into its 32-bit lane, vpsrlvd and
// a mask extract it; vpackusdw + vpermq make sixteen halfwords. Only while
// every 16-byte read ends inside the input (len bytes).
PQMCU_AVX2 size_t unpack_bits32(uint16_t* a, const uint8_t* in, unsigned L, size_t len, size_t max_groups,
                                uint32_t& sum) {
    const size_t half = L / 2;  // byte of coefficient 4 (4L / 8, L / 2 rounded down)
    alignas(32) uint8_t shuf[32];
    alignas(32) uint32_t shift[8];
    for (unsigned j = 0; j < 8; ++j) {
        const unsigned bit = L * j, byte = bit / 8 - (j >= 4 ? unsigned(half) : 0u);
        for (unsigned b = 0; b < 4; ++b) shuf[4 * j + b] = uint8_t(byte + b);  // < 16 within its lane
        shift[j] = bit % 8;
    }
    const __m256i vshuf = _mm256_load_si256(reinterpret_cast<const __m256i*>(shuf));
    const __m256i vshift = _mm256_load_si256(reinterpret_cast<const __m256i*>(shift));
    const __m256i mask = _mm256_set1_epi32(int32_t((1u << L) - 1));
    const auto group = [&](const uint8_t* g) __attribute__((target("avx2"), always_inline)) {
        const __m256i raw = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(g + half),
                                                reinterpret_cast<const __m128i*>(g));
        return _mm256_and_si256(_mm256_srlv_epi32(_mm256_shuffle_epi8(raw, vshuf), vshift), mask);
    };
    __m256i acc = _mm256_setzero_si256();
    size_t g = 0;
    // group g + 1's upper read ends at (g + 1) L + half + 16
    for (; g + 2 <= max_groups && (g + 1) * L + half + 16 <= len; g += 2) {
        const __m256i x = group(in + g * L), y = group(in + (g + 1) * L);
        acc = _mm256_add_epi32(acc, _mm256_add_epi32(x, y));
        const __m256i h = _mm256_permute4x64_epi64(_mm256_packus_epi32(x, y), 0xD8);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + 8 * g), h);
    }
    sum = lane_sum(acc);
    return 8 * g;
}

// The same on 16-bit lanes (hosts without AVX-512BW): one group of eight per
// 128-bit lane (a 16-byte load at byte g L); coefficient j of a group, at
// bit L j = 8 b + s, is (bytes b .. b + 2) >> s: vpshufb puts byte b in
// the high byte of its lane (x) and bytes b + 1, b + 2 in another (y);
// vpmulhuw(x, 2^(8-s)) = byte b >> s and vpmullw(y, 2^(8-s)) = y << (8 - s)
// (truncated to 16 bits), ORed and masked. The sum mod 2^16 in 16-bit lanes.
struct Bits16 {
    alignas(32) uint8_t sx[4][32], sy[4][32];
    alignas(32) uint16_t mul[4][16];
};
constexpr Bits16 kBits16 = [] {
    Bits16 t{};
    for (unsigned L = 11; L <= 14; ++L)
        for (unsigned h = 0; h < 2; ++h)
            for (unsigned j = 0; j < 8; ++j) {
                const unsigned bit = L * j, b = bit / 8, k = 16 * h + 2 * j;
                t.sx[L - 11][k] = 0x80, t.sx[L - 11][k + 1] = uint8_t(b);
                t.sy[L - 11][k] = uint8_t(b + 1), t.sy[L - 11][k + 1] = uint8_t(b + 2);  // (b + 2 <= 14)
                t.mul[L - 11][8 * h + j] = uint16_t(1u << (8 - bit % 8));
            }
    return t;
}();
PQMCU_AVX2 size_t unpack_bits16(uint16_t* a, const uint8_t* in, unsigned L, size_t len, size_t max_groups,
                                uint32_t& sum) {
    const __m256i vx = _mm256_load_si256(reinterpret_cast<const __m256i*>(kBits16.sx[L - 11]));
    const __m256i vy = _mm256_load_si256(reinterpret_cast<const __m256i*>(kBits16.sy[L - 11]));
    const __m256i vm = _mm256_load_si256(reinterpret_cast<const __m256i*>(kBits16.mul[L - 11]));
    const __m256i mask = _mm256_set1_epi16(int16_t((1u << L) - 1));
    __m256i acc = _mm256_setzero_si256();
    size_t g = 0;
    // group g + 1's read ends at (g + 1) L + 16
    for (; g + 2 <= max_groups && (g + 1) * L + 16 <= len; g += 2) {
        const __m256i raw = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(in + (g + 1) * L),
                                                reinterpret_cast<const __m128i*>(in + g * L));
        const __m256i lo = _mm256_mulhi_epu16(_mm256_shuffle_epi8(raw, vx), vm);
        const __m256i hi = _mm256_mullo_epi16(_mm256_shuffle_epi8(raw, vy), vm);
        const __m256i v = _mm256_and_si256(_mm256_or_si256(lo, hi), mask);
        acc = _mm256_add_epi16(acc, v);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(a + 8 * g), v);
    }
    // 16 lane sums mod 2^16 -> one (vpmaddwd by 1: 32-bit pair sums, exact)
    const __m256i p = _mm256_madd_epi16(acc, _mm256_set1_epi16(1));
    __m128i q = _mm_add_epi32(_mm256_castsi256_si128(p), _mm256_extracti128_si256(p, 1));
    q = _mm_add_epi32(q, _mm_unpackhi_epi64(q, q));
    q = _mm_add_epi32(q, _mm_srli_epi64(q, 32));
    sum = uint32_t(_mm_cvtsi128_si32(q)) & 0xFFFF;
    return 8 * g;
}

// ---- r2_inverse_clmul: the inversion mod (2, Phi_n) by exponentiation
//
// inverse.cpp's r2_inverse_exp (Itoh-Tsujii over r2_exp_chain: a^-1 =
// c_(n-2)^2, c_(j+k) = c_j^(2^k) c_k) on 64-bit words: the products by
// PCLMULQDQ (W x W schoolbook, unrolled for the set's word count), c^(2^k)
// as k squarings (PCLMULQDQ spreads each word, then the fold mod x^n - 1) for
// small k, else as the coefficient permutation i -> 2^k i mod n (a byte per
// coefficient, four interleaved gathers per word). Every index, count and
// branch depends on n and the chain only: constant time. Unlike the
// divsteps (a serial chain of ~2n dependent steps), all of this is
// throughput-bound.
#define PQMCU_CLMUL __attribute__((target("avx2,bmi2,pclmul")))
#define PQMCU_CLMUL_INLINE __attribute__((target("avx2,bmi2,pclmul"), always_inline)) inline

namespace r2x {
// k squarings up to here, the permutation above (measured on the host: a
// squaring ~W PDEP pairs and a W-word fold; the permutation ~n byte loads).
constexpr size_t kSquaringsMax = 40;
// the same on AVX-512VBMI (frobenius_vbmi, ~10 squarings' time)
constexpr size_t kSquaringsMaxVbmi = 8;

// out = prod mod x^n - 1 (prod: 2W words, bits >= 2n - 1 zero): bit i ^ bit i + n.
template <size_t W>
PQMCU_CLMUL_INLINE void fold(uint64_t* out, const uint64_t* prod, size_t n) {
    const size_t q = n / 64, s = n % 64;  // n odd: s != 0
    for (size_t t = 0; t < W; ++t) {
        const uint64_t hi = (prod[t + q] >> s) | (t + q + 1 < 2 * W ? prod[t + q + 1] << (64 - s) : 0);
        out[t] = prod[t] ^ hi;
    }
    out[W - 1] &= (uint64_t(1) << (n - 64 * (W - 1))) - 1;  // (n < 64 W)
}
// Squaring spreads word t's bits to the even bits of words 2t, 2t + 1: a
// PCLMULQDQ of the word with itself (PDEP did this before: microcoded on
// AMD before Zen 3, ~100x slower there, which made the inversion ~half
// of hrss701's key generation on such a host).
template <size_t W>
PQMCU_CLMUL_INLINE void square(uint64_t* out, const uint64_t* in, size_t n, uint64_t* prod) {
    size_t t = 0;
    for (; t + 2 <= W; t += 2) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + t));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(prod + 2 * t), _mm_clmulepi64_si128(v, v, 0x00));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(prod + 2 * t + 2), _mm_clmulepi64_si128(v, v, 0x11));
    }
    if constexpr (W % 2 != 0) {
        const __m128i v = _mm_cvtsi64_si128(int64_t(in[W - 1]));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(prod + 2 * W - 2), _mm_clmulepi64_si128(v, v, 0x00));
    }
    fold<W>(out, prod, n);
}
// out = x y mod x^n - 1 (out may be x or y): W^2 PCLMULQDQ, one accumulator per
// output pair. prod: 2 W + 1 words.
template <size_t W>
PQMCU_CLMUL_INLINE void mul(uint64_t* out, const uint64_t* x, const uint64_t* y, size_t n, uint64_t* prod) {
    __m128i xv[W], yv[W];
    for (size_t i = 0; i < W; ++i) xv[i] = _mm_cvtsi64_si128(int64_t(x[i])), yv[i] = _mm_cvtsi64_si128(int64_t(y[i]));
    for (size_t k = 0; k <= 2 * W; ++k) prod[k] = 0;
#pragma GCC unroll 32
    for (size_t k = 0; k + 1 < 2 * W; ++k) {  // diagonal k: x_i y_(k-i), 128 bits at word k
        __m128i acc = _mm_setzero_si128();
        const size_t lo = k < W ? 0 : k - W + 1, hi = k < W ? k : W - 1;
#pragma GCC unroll 16
        for (size_t i = lo; i <= hi; ++i) acc = _mm_xor_si128(acc, _mm_clmulepi64_si128(xv[i], yv[k - i], 0x00));
        prod[k] ^= uint64_t(_mm_cvtsi128_si64(acc));
        prod[k + 1] ^= uint64_t(_mm_extract_epi64(acc, 1));
    }
    fold<W>(out, prod, n);
}
// 2^-k mod n (n odd, public).
inline uint32_t pow_half(size_t k, size_t n) {
    uint32_t r = 1, b = uint32_t((n + 1) / 2);
    for (; k != 0; k >>= 1, b = b * b % uint32_t(n))
        if (k & 1) r = r * b % uint32_t(n);
    return r;
}
// out = in(x^(2^k)) mod x^n - 1: out bit j = in bit (j 2^-k mod n). bytes: 128 W bytes.
template <size_t W>
PQMCU_CLMUL_INLINE void frobenius(uint64_t* out, const uint64_t* in, size_t n, size_t k, uint8_t* bytes) {
    // each bit to a byte (0xFF where set; the packing below reads bit 0):
    // 32 bits broadcast, byte j / 8 to byte j (vpshufb), bit j % 8 kept
    const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3,
                                            3, 3, 3, 3, 3, 3, 3);
    const __m256i bit = _mm256_set1_epi64x(int64_t(0x8040201008040201ull));
    for (size_t t = 0; t < W; ++t)
        for (size_t h = 0; h < 2; ++h) {
            const __m256i x = _mm256_shuffle_epi8(_mm256_set1_epi32(int32_t(uint32_t(in[t] >> (32 * h)))), spread);
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(bytes + 64 * t + 32 * h),
                                _mm256_cmpeq_epi8(_mm256_and_si256(x, bit), bit));
        }
    // gathered into a second byte array (four independent index runs of
    // 16 W bytes), then packed 32 at a time by vpmovmskb: a load and a
    // store per coefficient instead of a load, shift and OR into a word
    uint8_t* gathered = bytes + 64 * W;
    const uint32_t step = pow_half(k, n), nn = uint32_t(n);
    uint32_t src[4];
    for (size_t l = 0; l < 4; ++l) src[l] = uint32_t((uint64_t(16 * W * l) * step) % nn);
    for (size_t j = 0; j < 16 * W; ++j)
        for (size_t l = 0; l < 4; ++l) {
            gathered[16 * W * l + j] = bytes[src[l]];
            src[l] += step;
            src[l] -= src[l] >= nn ? nn : 0;  // (public)
        }
    for (size_t t = 0; t < W; ++t) {
        const __m256i lo = _mm256_slli_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(gathered + 64 * t)), 7);
        const __m256i hi =
            _mm256_slli_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(gathered + 64 * t + 32)), 7);
        out[t] = uint64_t(uint32_t(_mm256_movemask_epi8(lo))) | uint64_t(uint32_t(_mm256_movemask_epi8(hi))) << 32;
    }
    out[W - 1] &= (uint64_t(1) << (n - 64 * (W - 1))) - 1;
}
// The same permutation on AVX-512VBMI, in registers: the W words as W zmm
// of bytes (vpmovm2b), each output vector of 64 bytes gathered by
// vpermi2b from the pairs of source vectors (index bits 0 .. 6) and kept
// where the pair matches (bits 7 ..: a byte compare), then vpmovb2m.
// Source index of output byte j: j 2^-k mod n, kept as 16-bit lanes and
// advanced by 64 2^-k mod n per vector (public).
template <size_t W>
__attribute__((target("avx2,bmi2,avx512f,avx512bw,avx512vl,avx512vbmi"))) void frobenius_vbmi(
    uint64_t* out, const uint64_t* in, size_t n, size_t k) {
    constexpr size_t P = (W + 1) / 2;
    __m512i t[2 * P];
    const __m512i ones = _mm512_set1_epi8(-1);
    for (size_t i = 0; i < W; ++i) t[i] = _mm512_maskz_mov_epi8(__mmask64(in[i]), ones);
    if constexpr (W % 2 != 0) t[W] = _mm512_setzero_si512();
    const uint32_t step = pow_half(k, n), nn = uint32_t(n);
    alignas(64) uint16_t first[64];
    for (uint32_t l = 0, v = 0; l < 64; ++l, v = v + step >= nn ? v + step - nn : v + step) first[l] = uint16_t(v);
    __m512i i0 = _mm512_load_si512(first), i1 = _mm512_load_si512(first + 32);
    const __m512i adv = _mm512_set1_epi16(int16_t(uint16_t(uint64_t(64) * step % nn))),
                  vn = _mm512_set1_epi16(int16_t(nn));
    alignas(64) uint8_t even[64];
    for (size_t l = 0; l < 64; ++l) even[l] = uint8_t(2 * l);
    const __m512i low_bytes = _mm512_load_si512(even);  // byte 2 l of (i0, i1): the low byte of index l
    for (size_t u = 0; u < W; ++u) {
        const __m512i lo = _mm512_permutex2var_epi8(i0, low_bytes, i1);
        const __m512i hi = _mm512_permutex2var_epi8(_mm512_srli_epi16(i0, 7), low_bytes, _mm512_srli_epi16(i1, 7));
        __m512i r = _mm512_setzero_si512();
        for (size_t q = 0; q < P; ++q) {
            const __m512i g = _mm512_permutex2var_epi8(t[2 * q], lo, t[2 * q + 1]);  // (uses index bits 0 .. 6)
            r = _mm512_mask_mov_epi8(r, _mm512_cmpeq_epi8_mask(hi, _mm512_set1_epi8(char(q))), g);
        }
        out[u] = uint64_t(_mm512_movepi8_mask(r));
        i0 = _mm512_add_epi16(i0, adv);
        i0 = _mm512_min_epu16(i0, _mm512_sub_epi16(i0, vn));  // mod n
        i1 = _mm512_add_epi16(i1, adv);
        i1 = _mm512_min_epu16(i1, _mm512_sub_epi16(i1, vn));
    }
    out[W - 1] &= (uint64_t(1) << (n - 64 * (W - 1))) - 1;
}
template <size_t W>
PQMCU_CLMUL_INLINE void power2k(uint64_t* out, const uint64_t* in, size_t n, size_t k, uint8_t* bytes,
                                uint64_t* prod, bool vbmi) {
    if (vbmi && k > kSquaringsMaxVbmi) return frobenius_vbmi<W>(out, in, n, k);
    if (k > kSquaringsMax) return frobenius<W>(out, in, n, k, bytes);
    square<W>(out, in, n, prod);
    for (size_t i = 1; i < k; ++i) square<W>(out, out, n, prod);
}

// Coefficients (read mod 2) to bits: 32 at a time (bit 0 to the sign, packed to bytes, vpmovmskb).
template <size_t W>
PQMCU_CLMUL_INLINE void to_bits(uint64_t* out, const uint16_t* a, size_t n) {
    for (size_t t = 0; t < W; ++t) out[t] = 0;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        const __m256i x0 = _mm256_slli_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i)), 15);
        const __m256i x1 = _mm256_slli_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i + 16)), 15);
        const __m256i b = _mm256_permute4x64_epi64(_mm256_packs_epi16(x0, x1), 0xD8);
        out[i / 64] |= uint64_t(uint32_t(_mm256_movemask_epi8(b))) << (i % 64);
    }
    for (; i < n; ++i) out[i / 64] |= uint64_t(a[i] & 1) << (i % 64);
}

template <size_t W>
PQMCU_CLMUL void r2_inverse_exp_words(uint16_t* r, const uint16_t* a, size_t n) {
    const R2Chain ch = r2_exp_chain(n);  // public
    const x86::CpuFeatures& cpu = x86::cpu_features();
    const bool vbmi = cpu.avx512bw && cpu.avx512vl && cpu.avx512vbmi;
    alignas(32) uint64_t slots[24][W], T[W], prod[2 * W + 1];
    alignas(32) uint8_t bytes[128 * W];
    to_bits<W>(slots[0], a, n);  // c_1 = a
    for (size_t i = 1; i < ch.len; ++i) {
        // c_v = c_big^(2^small) c_small, big + small = v (as inverse.cpp)
        const uint32_t last = ch.v[i - 1], other = ch.v[i] - last;
        size_t j = 0;
        while (ch.v[j] != other) ++j;
        const size_t big = last >= other ? i - 1 : j, small = last >= other ? j : i - 1;
        power2k<W>(T, slots[big], n, ch.v[small], bytes, prod, vbmi);
        mul<W>(slots[i], T, slots[small], n, prod);
    }
    square<W>(T, slots[ch.len - 1], n, prod);  // c_(n-2)^2 = a^(2^(n-1) - 2)
    // mod Phi_n: coefficient n-1 to 0 by adding Phi_n (all ones) where it is set.
    const uint64_t top = 0 - ((T[(n - 1) / 64] >> ((n - 1) % 64)) & 1);
    const __m256i lanes = _mm256_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384,
                                            int16_t(0x8000));
    const __m256i one = _mm256_set1_epi16(1);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const uint16_t bits = uint16_t((T[i / 64] ^ top) >> (i % 64));
        const __m256i b = _mm256_and_si256(_mm256_set1_epi16(int16_t(bits)), lanes);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(r + i),
                            _mm256_and_si256(_mm256_cmpeq_epi16(b, lanes), one));
    }
    for (; i < n; ++i) r[i] = uint16_t(((T[i / 64] ^ top) >> (i % 64)) & 1);
    r[n - 1] = 0;
    secure_wipe(slots, sizeof slots);
    secure_wipe(T, sizeof T);
    secure_wipe(prod, sizeof prod);
    secure_wipe(bytes, sizeof bytes);
}
}  // namespace r2x

// ---- S3 packing (five base-3 digits per byte) on AVX-512BW
//
// Every mask, index and bound depends on the coefficient count only.
#define PQMCU_BW __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))
#define PQMCU_BW_INLINE __attribute__((target("avx2,avx512f,avx512bw,avx512vl"), always_inline)) inline
#define PQMCU_VBMI __attribute__((target("avx2,avx512f,avx512bw,avx512vl,avx512vbmi")))
namespace s3x {
// Lanes 0 .. k - 1 (k may exceed the width: all).
inline __mmask32 first32(size_t k) { return k >= 32 ? ~__mmask32(0) : (__mmask32(1) << k) - 1; }

// floor(c / 3^j) = (c m_j) >> s_j for every byte c (c m_j < 2^16; checked
// exhaustively): the digit j of c is that mod 3.
constexpr uint16_t kDivMul[5] = {1, 171, 57, 19, 203}, kDivShift[5] = {0, 9, 9, 9, 14};
// Output vector u (coefficients 32 u .. 32 u + 31 of a run of 160 from 32
// bytes): lane l is digit (32 u + l) % 5 of byte (32 u + l) / 5.
struct UnpackTables {
    uint16_t idx[5][32], mul[5][32], shift[5][32];
};
constexpr UnpackTables kUnpack = [] {
    UnpackTables t{};
    for (size_t u = 0; u < 5; ++u)
        for (size_t l = 0; l < 32; ++l) {
            const size_t k = 32 * u + l;
            t.idx[u][l] = uint16_t(k / 5);
            t.mul[u][l] = kDivMul[k % 5];
            t.shift[u][l] = kDivShift[k % 5];
        }
    return t;
}();

PQMCU_BW_INLINE __m512i ld512(const uint16_t* p) { return _mm512_loadu_si512(p); }
// x mod 3 per 16-bit lane, x < 256.
PQMCU_BW_INLINE __m512i mod3_small(__m512i x) {
    const __m512i q = _mm512_srli_epi16(_mm512_mullo_epi16(x, _mm512_set1_epi16(171)), 9);
    return _mm512_sub_epi16(x, _mm512_add_epi16(q, _mm512_add_epi16(q, q)));
}

// a[0 .. count) = the digits of in[0 .. ceil(count / 5)).
PQMCU_BW void unpack(uint16_t* a, const uint8_t* in, size_t count) {
    const size_t bytes = (count + 4) / 5;
    __m512i idx[5], mul[5], sh[5];
    for (size_t u = 0; u < 5; ++u)
        idx[u] = ld512(kUnpack.idx[u]), mul[u] = ld512(kUnpack.mul[u]), sh[u] = ld512(kUnpack.shift[u]);
    for (size_t t = 0; 160 * t < count; ++t) {
        const __m256i raw = _mm256_maskz_loadu_epi8(first32(bytes - 32 * t), in + 32 * t);
        const __m512i w = _mm512_cvtepu8_epi16(raw);
        for (size_t u = 0; u < 5; ++u) {
            const size_t k0 = 160 * t + 32 * u;
            if (k0 >= count) break;
            const __m512i c = _mm512_permutexvar_epi16(idx[u], w);
            const __m512i q = _mm512_srlv_epi16(_mm512_mullo_epi16(c, mul[u]), sh[u]);
            _mm512_mask_storeu_epi16(a + k0, first32(count - k0), mod3_small(q));
        }
    }
}

// out[0 .. ceil(count / 5)) = a[0 .. count) (digits < 3) packed: per 60
// coefficients, e_k = sum_j 3^j a[k + j] on two runs of 32 (from k0 and
// k0 + 30; lanes past count read as 0), then e at k = 0, 5, .., 55 to bytes.
PQMCU_BW void pack(uint8_t* out, const uint16_t* a, size_t count) {
    const size_t bytes = (count + 4) / 5;
    alignas(64) uint16_t sel[32] = {};
    for (size_t i = 0; i < 12; ++i) sel[i] = uint16_t(i < 6 ? 5 * i : 32 + 5 * (i - 6));
    const __m512i vsel = ld512(sel);
    const auto horner = [&](size_t k) __attribute__((target("avx2,avx512f,avx512bw,avx512vl"), always_inline)) {
        __m512i e = _mm512_setzero_si512();
        for (size_t j = 5; j-- > 0;) {
            const __m512i d = k + j < count ? _mm512_maskz_loadu_epi16(first32(count - k - j), a + k + j)
                                            : _mm512_setzero_si512();
            e = _mm512_add_epi16(_mm512_add_epi16(e, _mm512_add_epi16(e, e)), d);  // 3 e + d
        }
        return e;
    };
    for (size_t t = 0; 60 * t < count; ++t) {
        const __m512i e = _mm512_permutex2var_epi16(horner(60 * t), vsel, horner(60 * t + 30));
        // (maskz: the plain form's undefined pass-through trips GCC 12's -Wuninitialized)
        const __m256i b = _mm512_maskz_cvtepi16_epi8(~__mmask32(0), e);
        _mm256_mask_storeu_epi8(out + 12 * t, first32(bytes - 12 * t < 12 ? bytes - 12 * t : 12), b);
    }
}

// r[0 .. count) = u[i] mod 3, packed as pack(); returns their sum.
PQMCU_BW uint32_t sample_iid_pack(uint16_t* r, uint8_t* packed, const uint8_t* u, size_t count) {
    __m512i acc = _mm512_setzero_si512();
    for (size_t k = 0; k < count; k += 32) {
        const __m256i raw = _mm256_maskz_loadu_epi8(first32(count - k), u + k);
        const __m512i d = mod3_small(_mm512_cvtepu8_epi16(raw));  // (lanes past count are 0)
        _mm512_mask_storeu_epi16(r + k, first32(count - k), d);
        acc = _mm512_add_epi16(acc, d);
    }
    pack(packed, r, count);
    alignas(64) uint32_t lanes[16];  // (_mm512_reduce_add_epi32 trips GCC 12's -Wuninitialized)
    _mm512_store_si512(lanes, _mm512_madd_epi16(acc, _mm512_set1_epi16(1)));
    uint32_t sum = 0;
    for (uint32_t v : lanes) sum += v;
    return sum;
}

// HRSS's Lift(m) into dst (engine.cpp's lift_into, k given): b[i] = (6n -
// (m[0] + .. + m[i]) - (i + 1) k) mod 3 centred, dst[i] +- (b[i - 1] - b[i])
// (b[-1] = 0). Prefix sums per 32 lanes by five shifted adds (vpermw with
// zeroing), carried across vectors by a broadcast of the last lane.
template <bool Subtract>
PQMCU_BW void lift_hrss(uint16_t* dst, const uint16_t* m, size_t n, uint32_t k) {
    alignas(64) uint16_t tab[32 * 6];
    for (uint16_t l = 0; l < 32; ++l) {
        tab[l] = uint16_t(l + 1);  // (i + 1) within the vector
        for (size_t s = 0; s < 5; ++s) tab[32 * (s + 1) + l] = uint16_t(l >= (1u << s) ? l - (1u << s) : 0);
    }
    const __m512i one_up = ld512(tab + 32);  // lane l <- lane l - 1 (lane 0 masked)
    __m512i carry = _mm512_set1_epi16(int16_t(6 * n));  // 6n - prefix - i k before this vector
    const __m512i vk = _mm512_set1_epi16(int16_t(k)), kk = _mm512_mullo_epi16(ld512(tab), vk);
    const __m512i last = _mm512_set1_epi16(31), third = _mm512_set1_epi16(21846);
    __m512i prev = _mm512_setzero_si512();  // b of the previous vector's lanes (lane 31 used)
    for (size_t i = 0; i < n; i += 32) {
        const __mmask32 live = first32(n - i);
        __m512i x = _mm512_maskz_loadu_epi16(live, m + i);
        for (size_t s = 0; s < 5; ++s)
            x = _mm512_add_epi16(x, _mm512_maskz_permutexvar_epi16(~__mmask32(0) << (1u << s), ld512(tab + 32 * (s + 1)), x));
        const __m512i r = _mm512_sub_epi16(_mm512_sub_epi16(carry, x), kk);  // > 0, < 2^14
        carry = _mm512_permutexvar_epi16(last, r);  // 6n - prefix - (i + 32) k
        const __m512i q = _mm512_mulhi_epu16(r, third);  // floor(r / 3) for r < 2^14
        const __m512i d = _mm512_sub_epi16(r, _mm512_add_epi16(q, _mm512_add_epi16(q, q)));
        const __m512i cur = _mm512_sub_epi16(d, _mm512_and_si512(_mm512_set1_epi16(3), _mm512_srai_epi16(_mm512_slli_epi16(d, 14), 15)));
        // b[i - 1]: lane l - 1, lane 0 from the previous vector's lane 31
        const __m512i before = _mm512_mask_permutexvar_epi16(_mm512_maskz_permutexvar_epi16(~__mmask32(1), one_up, cur),
                                                             __mmask32(1), last, prev);
        prev = cur;
        const __m512i v = _mm512_sub_epi16(before, cur), y = _mm512_maskz_loadu_epi16(live, dst + i);
        _mm512_mask_storeu_epi16(dst + i, live, Subtract ? _mm512_sub_epi16(y, v) : _mm512_add_epi16(y, v));
    }
}

// ---- decryption's coefficient maps (engine.cpp's, the same values), 32 per vector
// x mod 3 for every 16-bit x (floor(x / 3) = (x * 0xAAAB) >> 17 exactly).
PQMCU_BW_INLINE __m512i mod3_u16(__m512i x) {
    const __m512i q = _mm512_srli_epi16(_mm512_mulhi_epu16(x, _mm512_set1_epi16(int16_t(0xAAAB))), 1);
    return _mm512_sub_epi16(x, _mm512_add_epi16(q, _mm512_add_epi16(q, q)));
}
PQMCU_BW void z3_to_zq(uint16_t* a, size_t n, uint16_t qmask) {
    const __m512i qm = _mm512_set1_epi16(int16_t(qmask)), zero = _mm512_setzero_si512();
    for (size_t i = 0; i < n; i += 32) {
        const __mmask32 k = first32(n - i);
        const __m512i x = _mm512_maskz_loadu_epi16(k, a + i);
        const __m512i neg = _mm512_and_si512(_mm512_sub_epi16(zero, _mm512_srli_epi16(x, 1)), qm);
        _mm512_mask_storeu_epi16(a + i, k, _mm512_or_si512(x, neg));
    }
}
PQMCU_BW void rq_to_s3(uint16_t* r, const uint16_t* a, size_t n, unsigned logq) {
    const __m512i qm = _mm512_set1_epi16(int16_t((1u << logq) - 1)), nq3 = _mm512_set1_epi16((logq & 1) ? 1 : 2);
    const __m128i top = _mm_cvtsi32_si128(int(logq - 1));
    const auto centred = [&](__m512i x) __attribute__((target("avx2,avx512f,avx512bw,avx512vl"), always_inline)) {
        const __m512i c = _mm512_and_si512(x, qm);
        return _mm512_add_epi16(c, _mm512_mullo_epi16(_mm512_srl_epi16(c, top), nq3));
    };
    const __m512i l = centred(_mm512_set1_epi16(int16_t(a[n - 1]))), last2 = _mm512_add_epi16(l, l);
    for (size_t i = 0; i < n; i += 32) {
        const __mmask32 k = first32(n - i);
        const __m512i x = _mm512_maskz_loadu_epi16(k, a + i);
        _mm512_mask_storeu_epi16(r + i, k, mod3_u16(_mm512_add_epi16(centred(x), last2)));
    }
}
PQMCU_BW void mod3_phi(uint16_t* a, size_t n, uint16_t premask) {
    const __m512i pm = _mm512_set1_epi16(int16_t(premask));
    const uint16_t l = uint16_t(a[n - 1] & premask);
    const __m512i last2 = _mm512_set1_epi16(int16_t(2 * l));
    for (size_t i = 0; i < n; i += 32) {
        const __mmask32 k = first32(n - i);
        const __m512i x = _mm512_and_si512(_mm512_maskz_loadu_epi16(k, a + i), pm);
        _mm512_mask_storeu_epi16(a + i, k, mod3_u16(_mm512_add_epi16(x, last2)));
    }
}
// dst +- m with {0,1,2} -> {0,1,-1}
template <bool Subtract>
PQMCU_BW void lift_hps(uint16_t* dst, const uint16_t* m, size_t n) {
    for (size_t i = 0; i < n; i += 32) {
        const __mmask32 k = first32(n - i);
        const __m512i x = _mm512_maskz_loadu_epi16(k, m + i), h = _mm512_srli_epi16(x, 1);
        const __m512i d = _mm512_sub_epi16(x, _mm512_add_epi16(h, _mm512_add_epi16(h, h)));
        const __m512i y = _mm512_maskz_loadu_epi16(k, dst + i);
        _mm512_mask_storeu_epi16(dst + i, k, Subtract ? _mm512_sub_epi16(y, d) : _mm512_add_epi16(y, d));
    }
}
// engine.cpp's check_r_to_s3 on r[0 .. n - 1); returns its t's nonzero-ness
// as a value below 2^31 (nonzero iff some coefficient failed).
PQMCU_BW uint32_t check_r_to_s3(uint16_t* r, size_t n, unsigned logq) {
    const uint16_t qmask = uint16_t((1u << logq) - 1);
    const __m512i qm = _mm512_set1_epi16(int16_t(qmask)), bad = _mm512_set1_epi16(int16_t(qmask - 3));
    const __m512i one = _mm512_set1_epi16(1), two = _mm512_set1_epi16(2), four = _mm512_set1_epi16(4),
                  three = _mm512_set1_epi16(3), last = _mm512_set1_epi16(int16_t(r[n - 1]));
    const __m128i top = _mm_cvtsi32_si128(int(logq - 1));
    __m512i t = _mm512_setzero_si512();
    for (size_t i = 0; i + 1 < n; i += 32) {
        const __mmask32 k = first32(n - 1 - i);
        const __m512i c = _mm512_and_si512(_mm512_sub_epi16(_mm512_maskz_loadu_epi16(k, r + i), last), qm);
        const __m512i tt = _mm512_or_si512(_mm512_and_si512(_mm512_add_epi16(c, one), bad),
                                           _mm512_and_si512(_mm512_add_epi16(c, two), four));
        t = _mm512_or_si512(t, _mm512_maskz_mov_epi16(k, tt));
        _mm512_mask_storeu_epi16(r + i, k, _mm512_and_si512(_mm512_xor_si512(c, _mm512_srl_epi16(c, top)), three));
    }
    const uint32_t any = _cvtmask32_u32(_mm512_test_epi16_mask(t, t));
    return (any >> 1) | (any & 1);
}

// HRSS's sample_iid_plus (engine.cpp's, the same r): u[i] mod 3 as {0, 1,
// -1} (r[n-1] = 0), s = sum r[i + 1] r[i] mod 2^16, the even indices times
// the sign of s, then {0, 1, -1} -> {0, 1, 2}.
PQMCU_BW void sample_iid_plus(uint16_t* r, const uint8_t* u, size_t n) {
    const size_t count = n - 1;
    const __m512i zero = _mm512_setzero_si512();
    for (size_t k = 0; k < n; k += 32) {
        const __m256i raw = _mm256_maskz_loadu_epi8(first32(count > k ? count - k : 0), u + k);
        const __m512i d = mod3_small(_mm512_cvtepu8_epi16(raw));  // (lanes at and past count are 0)
        _mm512_mask_storeu_epi16(r + k, first32(n - k), _mm512_or_si512(d, _mm512_sub_epi16(zero, _mm512_srli_epi16(d, 1))));
    }
    __m512i acc = zero;
    for (size_t k = 0; k + 1 < n; k += 32) {
        const __mmask32 m = first32(n - 1 - k);
        acc = _mm512_add_epi16(acc, _mm512_mullo_epi16(_mm512_maskz_loadu_epi16(m, r + k), _mm512_maskz_loadu_epi16(m, r + k + 1)));
    }
    alignas(64) uint16_t lanes[32];
    _mm512_store_si512(lanes, acc);
    uint16_t sum = 0;
    for (uint16_t v : lanes) sum = uint16_t(sum + v);
    const __m512i sign = _mm512_set1_epi16(int16_t(1 | (0u - (uint32_t(sum) >> 15))));  // +1, or -1 when s < 0
    const __m512i three = _mm512_set1_epi16(3);
    for (size_t k = 0; k < n; k += 32) {
        const __mmask32 m = first32(n - k);
        __m512i x = _mm512_maskz_loadu_epi16(m, r + k);
        x = _mm512_mask_mullo_epi16(x, __mmask32(0x55555555), x, sign);  // even indices (k is even)
        _mm512_mask_storeu_epi16(r + k, m, _mm512_and_si512(three, _mm512_xor_si512(x, _mm512_srli_epi16(x, 15))));
    }
}

// R_q packing (engine.cpp's pack_rq_groups): 32 coefficients of L bits (11 ..
// 14) per step into 4 L bytes. vpmaddwd joins pairs (c0 + c1 2^L), a shift
// and an OR join those into 64-bit lanes of four (4 L bits), odd lanes move
// up by 4 L mod 8 bits, and two zero-masked vpermb place the even and the
// odd lanes' bytes (OR: for odd L they share one byte). Returns the
// coefficients written (a multiple of 32, at most count).
PQMCU_VBMI size_t pack_rq(uint8_t* out, const uint16_t* a, size_t count, unsigned L) {
    alignas(64) uint8_t idx[2][64];
    alignas(64) uint64_t shift[8];
    __mmask64 keep[2] = {0, 0};
    const unsigned half = 4 * L / 8, odd_shift = 4 * L % 8;  // even lane's whole bytes; odd lane's shift
    for (unsigned o = 0; o < 64; ++o) idx[0][o] = idx[1][o] = 0;
    for (unsigned g = 0; g < 4; ++g) {
        for (unsigned b = 0; b < (4 * L + 7) / 8; ++b) {  // even lane 2g: byte b -> output L g + b
            idx[0][L * g + b] = uint8_t(16 * g + b);
            keep[0] |= __mmask64(1) << (L * g + b);
        }
        for (unsigned b = 0; b < (4 * L + odd_shift + 7) / 8; ++b) {  // odd lane: byte b -> L g + half + b
            idx[1][L * g + half + b] = uint8_t(16 * g + 8 + b);
            keep[1] |= __mmask64(1) << (L * g + half + b);
        }
    }
    for (unsigned i = 0; i < 8; ++i) shift[i] = i % 2 ? odd_shift : 0;
    const __m512i i0 = _mm512_load_si512(idx[0]), i1 = _mm512_load_si512(idx[1]), vsh = _mm512_load_si512(shift);
    const __m512i qm = _mm512_set1_epi16(int16_t((1u << L) - 1));
    alignas(64) int16_t pairw[32];
    for (unsigned i = 0; i < 32; ++i) pairw[i] = int16_t(i % 2 ? 1 << L : 1);
    const __m512i pw = _mm512_load_si512(pairw), low32 = _mm512_set1_epi64(0xFFFFFFFF);
    const __mmask64 st = (__mmask64(1) << (4 * L)) - 1;
    size_t i = 0;
    for (; i + 32 <= count; i += 32) {
        const __m512i c = _mm512_and_si512(_mm512_loadu_si512(a + i), qm);
        const __m512i w = _mm512_madd_epi16(c, pw);  // 32-bit lanes: c0 + c1 2^L
        // (maskz forms: the plain ones' undefined pass-through trips GCC 12's -Wmaybe-uninitialized)
        const __mmask8 all = 0xFF;
        __m512i q = _mm512_or_si512(_mm512_and_si512(w, low32),
                                    _mm512_maskz_slli_epi64(all, _mm512_maskz_srli_epi64(all, w, 32), 2 * L));
        q = _mm512_maskz_sllv_epi64(all, q, vsh);
        const __m512i b = _mm512_or_si512(_mm512_maskz_permutexvar_epi8(keep[0], i0, q),
                                          _mm512_maskz_permutexvar_epi8(keep[1], i1, q));
        _mm512_mask_storeu_epi8(out + L * i / 8, st, b);
    }
    return i;
}
}  // namespace s3x

// ---- the same maps on AVX2 (hosts without AVX-512BW): 16 coefficients per
// vector over the whole vectors, engine.cpp's scalar formulas for the tail.
// Same values as s3x's (and engine.cpp's); bounds depend on n only.
namespace s3y {
#define PQMCU_Y __attribute__((target("avx2")))
#define PQMCU_Y_INLINE __attribute__((target("avx2"), always_inline)) inline
PQMCU_Y_INLINE __m256i ldy(const uint16_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
PQMCU_Y_INLINE void sty(uint16_t* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
// x mod 3 for every 16-bit x (floor(x / 3) = (x * 0xAAAB) >> 17 exactly).
PQMCU_Y_INLINE __m256i mod3_u16(__m256i x) {
    const __m256i q = _mm256_srli_epi16(_mm256_mulhi_epu16(x, _mm256_set1_epi16(int16_t(0xAAAB))), 1);
    return _mm256_sub_epi16(x, _mm256_add_epi16(q, _mm256_add_epi16(q, q)));
}
inline uint16_t mod3_s(uint32_t x) { return uint16_t(x - 3 * ((x * 0xAAABu) >> 17)); }  // x < 2^16

// unpack: per 16 bytes (80 coefficients) five vectors; lane l of vector u
// is digit (16 u + l) mod 5 of byte (16 u + l) / 5 (vpshufb from the 16
// bytes, copied into both halves), floor(c / 3^j) as vpmulhuw by
// ceil(2^16 / 3^j) (exact for c < 256, j = 1 .. 4; j = 0 takes c).
struct UnpackY {
    alignas(32) uint8_t shuf[5][32];
    alignas(32) uint16_t mul[5][16], keep[5][16];
};
constexpr UnpackY kUnpackY = [] {
    constexpr uint16_t kM[5] = {0, 21846, 7282, 2428, 810};
    UnpackY t{};
    for (size_t u = 0; u < 5; ++u)
        for (size_t l = 0; l < 16; ++l) {
            const size_t k = 16 * u + l;
            t.shuf[u][2 * l] = uint8_t(k / 5);
            t.shuf[u][2 * l + 1] = 0x80;
            t.mul[u][l] = kM[k % 5];
            t.keep[u][l] = k % 5 == 0 ? 0xFFFF : 0;
        }
    return t;
}();
// Vector u of the digits of 16 packed bytes (coefficients 16 u .. 16 u + 15,
// in {0,1,2}; kUnpackY's tables read as memory operands).
PQMCU_Y_INLINE __m256i digits(__m256i raw, size_t u) {
    const __m256i c = _mm256_shuffle_epi8(raw, _mm256_load_si256(reinterpret_cast<const __m256i*>(kUnpackY.shuf[u])));
    const __m256i y = _mm256_or_si256(_mm256_mulhi_epu16(c, ldy(kUnpackY.mul[u])), _mm256_and_si256(c, ldy(kUnpackY.keep[u])));
    const __m256i q = _mm256_mulhi_epu16(y, _mm256_set1_epi16(21846));  // floor(y / 3), y < 256
    return _mm256_sub_epi16(y, _mm256_add_epi16(q, _mm256_add_epi16(q, q)));
}
// ToZq: each digit mapped as z3_to_zq ({0,1,2} -> {0,1,qmask}) as it is stored.
// The whole groups of 16 bytes, then (count >= 80) one group moved back to
// end inside the input; returns the coefficients written (all but at most 4).
template <bool ToZq = false>
PQMCU_Y size_t unpack(uint16_t* a, const uint8_t* in, size_t count, [[maybe_unused]] uint16_t qmask = 0) {
    const __m256i qm = _mm256_set1_epi16(int16_t(qmask));
    const auto group = [&](const uint8_t* src, uint16_t* dst) __attribute__((target("avx2"), always_inline)) {
        const __m256i raw = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src)));
        for (size_t u = 0; u < 5; ++u) {
            __m256i d = digits(raw, u);
            if constexpr (ToZq)  // d | (-(d >> 1) & qmask)
                d = _mm256_or_si256(d, _mm256_and_si256(_mm256_sub_epi16(_mm256_setzero_si256(), _mm256_srli_epi16(d, 1)), qm));
            sty(dst + 16 * u, d);
        }
    };
    size_t g = 0;
    for (; 80 * g + 80 <= count; ++g) group(in + 16 * g, a + 80 * g);
    if (80 * g < count && count >= 80) {
        // one more group ending at most 4 coefficients short of count, over
        // coefficients already written (the same values): its 16 bytes lie
        // inside the input. Offsets depend on count only.
        const size_t b = (count - 80) / 5;
        group(in + b, a + 5 * b);
        return 5 * b + 80;  // (a multiple of 5: the caller's tail starts on a byte)
    }
    return 80 * g;
}
// unpack's digits d, added to c as HPS's Lift (d - 3 (d >> 1): {0,1,-1}
// mod 2^16) instead of stored (count coefficients in all).
PQMCU_Y void unpack_lift_add(uint16_t* c, const uint8_t* in, size_t count) {
    // 80 coefficients from the 16 bytes in raw: Lift added to o[0 .. 80) (Add), or stored there
    const auto block = [&](__m128i bytes, uint16_t* o, bool add) __attribute__((target("avx2"), always_inline)) {
        const __m256i raw = _mm256_broadcastsi128_si256(bytes);
        for (size_t u = 0; u < 5; ++u) {
            const __m256i d = digits(raw, u);
            const __m256i h = _mm256_srli_epi16(d, 1);
            const __m256i lift = _mm256_sub_epi16(d, _mm256_add_epi16(h, _mm256_add_epi16(h, h)));
            sty(o + 16 * u, add ? _mm256_add_epi16(ldy(o + 16 * u), lift) : lift);
        }
    };
    size_t g = 0;
    for (; 80 * g + 80 <= count; ++g) block(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in + 16 * g)), c + 80 * g, true);
    if (80 * g < count) {
        // the last partial block: its bytes gathered in registers (no read
        // past the input; zero bytes lift to zeros), the lifts stored to a
        // local block and added (was engine.cpp's serial digits per byte)
        const size_t rest = count - 80 * g, nb = (rest + 4) / 5;
        uint64_t lo = 0, hi = 0;
        for (size_t i = 0; i < nb && i < 8; ++i) lo |= uint64_t(in[16 * g + i]) << (8 * i);
        for (size_t i = 8; i < nb; ++i) hi |= uint64_t(in[16 * g + i]) << (8 * (i - 8));
        alignas(32) uint16_t o[80];
        block(_mm_set_epi64x(int64_t(hi), int64_t(lo)), o, false);
        for (size_t i = 0; i < rest; ++i) c[80 * g + i] = uint16_t(c[80 * g + i] + o[i]);
        secure_wipe(o, sizeof o);
    }
}
// pack on bytes: the coefficients (< 3) first narrowed to a stack buffer of
// bytes, then per four groups of five one vpshufb spreads them to 64-bit
// slots [d0 .. d4 0 0 0] (two groups per 128-bit half, loaded from bytes
// 5 g and 5 g + 10), vpmaddubsw by (1, 3, 9, 27, 81, 0, 0, 0) makes words
// (d0 + 3 d1, 9 d2 + 27 d3, 81 d4, 0), each < 256, and vpsadbw sums a slot's
// bytes: the packed byte. Four such vectors (16 groups) are merged into 16
// bytes; a last block moved back to end at the last whole byte. Returns the
// coefficients packed (a multiple of 5, at most count: the caller's tail
// packs the last partial byte); reads a[0 .. count); the buffer is wiped
// (the coefficients may be secret).
// (Was a Horner sum at all 80 positions of a block from unaligned loads,
// then every fifth lane picked: ~1.4x the time on Zen 2.)
PQMCU_Y size_t pack(uint8_t* out, const uint16_t* a, size_t count) {
    constexpr size_t kMax = 1408;
    alignas(32) uint8_t buf[kMax + 64];
    const size_t nn = count < kMax ? count : kMax;  // coefficients narrowed: whole 32s, then the rest
    size_t k = 0;
    for (; k + 32 <= nn; k += 32)
        _mm256_store_si256(reinterpret_cast<__m256i*>(buf + k),
                           _mm256_permute4x64_epi64(_mm256_packus_epi16(ldy(a + k), ldy(a + k + 16)), 0xD8));
    for (; k < nn; ++k) buf[k] = uint8_t(a[k]);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(buf + nn), _mm256_setzero_si256());  // (read, unused)
    const __m256i spread = _mm256_setr_epi8(0, 1, 2, 3, 4, -1, -1, -1, 5, 6, 7, 8, 9, -1, -1, -1,  //
                                            0, 1, 2, 3, 4, -1, -1, -1, 5, 6, 7, 8, 9, -1, -1, -1);
    const __m256i w = _mm256_setr_epi8(1, 3, 9, 27, 81, 0, 0, 0, 1, 3, 9, 27, 81, 0, 0, 0,  //
                                       1, 3, 9, 27, 81, 0, 0, 0, 1, 3, 9, 27, 81, 0, 0, 0);
    const __m256i zero = _mm256_setzero_si256();
    // the 16 bytes packed from the 80 coefficients at src
    const auto block = [&](const uint8_t* src) __attribute__((target("avx2"), always_inline)) {
        __m256i y[4];
        for (size_t q = 0; q < 4; ++q) {
            const uint8_t* b = src + 20 * q;  // groups 4q .. 4q + 3 of the block
            const __m256i v = _mm256_loadu2_m128i(reinterpret_cast<const __m128i*>(b + 10),
                                                  reinterpret_cast<const __m128i*>(b));
            y[q] = _mm256_sad_epu8(_mm256_maddubs_epi16(_mm256_shuffle_epi8(v, spread), w), zero);
        }
        // 64-bit slot s of y[q] holds group 4q + s; 32-bit lanes after the shifts:
        // Y = (0, 4, 1, 5 | 2, 6, 3, 7), Z = (8, 12, 9, 13 | 10, 14, 11, 15)
        const __m256i Y = _mm256_or_si256(y[0], _mm256_slli_epi64(y[1], 32));
        const __m256i Z = _mm256_or_si256(y[2], _mm256_slli_epi64(y[3], 32));
        const __m256i h = _mm256_packus_epi32(Y, Z);   // words: (0 4 1 5 8 12 9 13 | 2 6 3 7 10 14 11 15)
        const __m256i b = _mm256_packus_epi16(h, h);   // bytes: the same, each half twice
        const __m128i lo = _mm_shuffle_epi8(_mm256_castsi256_si128(b), _mm_setr_epi8(0, 2, -1, -1, 1, 3, -1, -1, 4, 6, -1, -1, 5, 7, -1, -1));
        const __m128i hi = _mm_shuffle_epi8(_mm256_extracti128_si256(b, 1), _mm_setr_epi8(-1, -1, 0, 2, -1, -1, 1, 3, -1, -1, 4, 6, -1, -1, 5, 7));
        return _mm_or_si128(lo, hi);
    };
    const size_t blocks = nn / 80, full = count / 5;
    size_t done = 80 * blocks;
    for (size_t g = 0; g < blocks; ++g) _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16 * g), block(buf + 80 * g));
    if (nn == count && done < count && full >= 16) {
        // one more block ending at the last whole byte, over bytes already
        // written (the same values); offsets depend on count only
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + full - 16), block(buf + 5 * (full - 16)));
        done = 5 * full;
    }
    for (k = 0; k < nn + 32; k += 32) _mm256_store_si256(reinterpret_cast<__m256i*>(buf + k), zero);
    __asm__ volatile("" : : "r"(buf) : "memory");
    return done;
}
// engine.cpp's pack_s3 from coefficient k (a multiple of 5) on.
inline void pack_tail(uint8_t* out, const uint16_t* a, size_t count, size_t k) {
    for (size_t i = k / 5; 5 * i < count; ++i) {
        uint32_t c = 0;
        const size_t last = (5 * i + 5 < count ? 5 * i + 5 : count);
        for (size_t j = last; j-- > 5 * i;) c = (3 * c + a[j]) & 0xFF;
        out[i] = uint8_t(c);
    }
}
// r[i] = u[i] mod 3 (i < count, r[count] = 0), packed; returns their sum.
PQMCU_Y uint32_t sample_iid_pack(uint16_t* r, uint8_t* packed, const uint8_t* u, size_t count) {
    const __m256i k171 = _mm256_set1_epi16(171);
    __m256i acc = _mm256_setzero_si256();
    size_t k = 0;
    for (; k + 16 <= count; k += 16) {
        const __m256i x = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(u + k)));
        const __m256i q = _mm256_srli_epi16(_mm256_mullo_epi16(x, k171), 9);  // floor(x / 3), x < 256
        const __m256i d = _mm256_sub_epi16(x, _mm256_add_epi16(q, _mm256_add_epi16(q, q)));
        sty(r + k, d);
        acc = _mm256_add_epi16(acc, d);
    }
    uint32_t sum = 0;
    for (; k < count; ++k) {
        const uint32_t d = mod3_s(u[k]);
        r[k] = uint16_t(d);
        sum += d;
    }
    r[count] = 0;
    pack_tail(packed, r, count, pack(packed, r, count));
    return sum + lane_sum(_mm256_madd_epi16(acc, _mm256_set1_epi16(1)));
}
// HRSS's sample_iid_plus (s3x::sample_iid_plus's three passes on 16 lanes,
// engine.cpp's formulas for the tails).
PQMCU_Y void sample_iid_plus(uint16_t* r, const uint8_t* u, size_t n) {
    const size_t count = n - 1;
    const __m256i k171 = _mm256_set1_epi16(171), zero = _mm256_setzero_si256();
    size_t k = 0;
    for (; k + 16 <= count; k += 16) {
        const __m256i x = _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(u + k)));
        const __m256i q = _mm256_srli_epi16(_mm256_mullo_epi16(x, k171), 9);  // floor(x / 3), x < 256
        const __m256i d = _mm256_sub_epi16(x, _mm256_add_epi16(q, _mm256_add_epi16(q, q)));
        sty(r + k, _mm256_or_si256(d, _mm256_sub_epi16(zero, _mm256_srli_epi16(d, 1))));  // 2 -> 0xFFFF
    }
    for (; k < count; ++k) {
        const uint32_t d = mod3_s(u[k]);
        r[k] = uint16_t(d | (0u - (d >> 1)));
    }
    r[count] = 0;
    // s = sum r[i] r[i + 1] mod 2^16 (i < n - 1; r[n - 1] = 0)
    __m256i acc = zero;
    for (k = 0; k + 16 <= count; k += 16) acc = _mm256_add_epi16(acc, _mm256_mullo_epi16(ldy(r + k), ldy(r + k + 1)));
    uint32_t s = 0;
    for (; k < count; ++k) s += uint32_t(r[k]) * r[k + 1];
    alignas(32) uint16_t lanes[16];
    _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), acc);
    for (uint16_t v : lanes) s += v;
    const uint16_t sign = uint16_t(1 | (0u - ((s >> 15) & 1)));  // +1, or -1 when s < 0 (mod 2^16)
    const __m256i mul = _mm256_blend_epi16(_mm256_set1_epi16(1), _mm256_set1_epi16(int16_t(sign)), 0x55);  // even lanes
    const __m256i three = _mm256_set1_epi16(3);
    for (k = 0; k + 16 <= n; k += 16) {
        const __m256i x = _mm256_mullo_epi16(ldy(r + k), mul);
        sty(r + k, _mm256_and_si256(three, _mm256_xor_si256(x, _mm256_srli_epi16(x, 15))));
    }
    for (; k < n; ++k) {
        const uint32_t x = uint16_t(k % 2 == 0 ? uint32_t(sign) * r[k] : r[k]);  // (public index)
        r[k] = uint16_t(3 & (x ^ (x >> 15)));
    }
    secure_wipe(lanes, sizeof lanes);
}
// R_q packing (engine.cpp's pack_rq_groups) on AVX2: 16 coefficients of L
// bits (11 .. 14) per step, 8 per 128-bit half into L bytes: vpmaddwd
// joins pairs (c0 + c1 2^L), a shift and an OR quads (4 L bits) in 64-bit
// lanes, the upper quad of each half moves up by 4 L mod 8 bits, and two
// vpshufb place the bytes (OR: for odd L the quads share a byte). Each half
// is stored as 16 bytes, the bytes past its L overwritten by the next store
// (the last ones by engine.cpp's groups or its zeroing of the tail; every
// store stays below len). Returns the coefficients written (a multiple of 16).
// L = 12: a pair's 24 bits are whole bytes (c0 + c1 2^12 by vpmaddwd, then
// one vpshufb keeps bytes 0 .. 2 of each 32-bit lane): no quads, no shifts.
PQMCU_Y size_t pack_rq12(uint8_t* out, const uint16_t* a, size_t count, size_t len) {
    const __m256i sel = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,  //
                                         0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    const __m256i qm = _mm256_set1_epi16(0x0FFF), pair = _mm256_set1_epi32(int32_t(1u | (1u << 28)));
    size_t t = 0;
    for (; 16 * t + 16 <= count && 24 * t + 12 + 16 <= len; ++t) {
        const __m256i x = _mm256_and_si256(ldy(a + 16 * t), qm);
        const __m256i b = _mm256_shuffle_epi8(_mm256_madd_epi16(x, pair), sel);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 24 * t), _mm256_castsi256_si128(b));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 24 * t + 12), _mm256_extracti128_si256(b, 1));
    }
    return 16 * t;
}
PQMCU_Y size_t pack_rq(uint8_t* out, const uint16_t* a, size_t count, unsigned L, size_t len) {
    if (L == 12) return pack_rq12(out, a, count, len);
    const unsigned h = 4 * L / 8, o = 4 * L % 8, whole = (4 * L + 7) / 8;
    alignas(16) uint8_t s1[16], s2[16];
    for (unsigned j = 0; j < 16; ++j) {
        s1[j] = uint8_t(j < whole ? j : j < L ? 8 + j - h : 0x80);
        s2[j] = uint8_t(o != 0 && j == h ? 8 : 0x80);
    }
    const __m256i sh1 = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(s1)));
    const __m256i sh2 = _mm256_broadcastsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(s2)));
    const __m256i qm = _mm256_set1_epi16(int16_t((1u << L) - 1));
    const __m256i pair = _mm256_set1_epi32(int32_t(1u | (1u << (16 + L))));  // (1, 2^L) per 32-bit lane
    const __m256i low32 = _mm256_set1_epi64x(0xFFFFFFFFll), up = _mm256_setr_epi64x(0, o, 0, o);
    size_t t = 0;
    for (; 16 * t + 16 <= count && 2 * L * t + L + 16 <= len; ++t) {
        const __m256i x = _mm256_and_si256(ldy(a + 16 * t), qm);
        const __m256i p = _mm256_madd_epi16(x, pair);  // c0 + c1 2^L per 32 bits
        __m256i q = _mm256_or_si256(_mm256_and_si256(p, low32), _mm256_slli_epi64(_mm256_srli_epi64(p, 32), int(2 * L)));
        q = _mm256_sllv_epi64(q, up);
        const __m256i b = _mm256_or_si256(_mm256_shuffle_epi8(q, sh1), _mm256_shuffle_epi8(q, sh2));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 2 * L * t), _mm256_castsi256_si128(b));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 2 * L * t + L), _mm256_extracti128_si256(b, 1));
    }
    return 16 * t;
}
PQMCU_Y void z3_to_zq(uint16_t* a, size_t n, uint16_t qmask) {
    const __m256i qm = _mm256_set1_epi16(int16_t(qmask)), zero = _mm256_setzero_si256();
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m256i x = ldy(a + i);
        sty(a + i, _mm256_or_si256(x, _mm256_and_si256(_mm256_sub_epi16(zero, _mm256_srli_epi16(x, 1)), qm)));
    }
    for (; i < n; ++i) a[i] = uint16_t(a[i] | ((0u - (a[i] >> 1)) & qmask));
}
PQMCU_Y void rq_to_s3(uint16_t* r, const uint16_t* a, size_t n, unsigned logq) {
    const uint32_t qmask = (1u << logq) - 1, top = logq - 1, nq3 = (logq & 1) ? 1 : 2;
    const auto centred = [&](uint32_t x) { const uint32_t c = x & qmask; return c + (c >> top) * nq3; };
    const uint32_t last2 = 2 * centred(a[n - 1]);  // (before r, which may be a, is written)
    const __m256i qm = _mm256_set1_epi16(int16_t(qmask)), vnq3 = _mm256_set1_epi16(int16_t(nq3)),
                  vl = _mm256_set1_epi16(int16_t(last2));
    const __m128i vtop = _mm_cvtsi32_si128(int(top));
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m256i c = _mm256_and_si256(ldy(a + i), qm);
        const __m256i cen = _mm256_add_epi16(c, _mm256_mullo_epi16(_mm256_srl_epi16(c, vtop), vnq3));
        sty(r + i, mod3_u16(_mm256_add_epi16(cen, vl)));
    }
    for (; i < n; ++i) r[i] = mod3_s(centred(a[i]) + last2);
}
PQMCU_Y void mod3_phi(uint16_t* a, size_t n, uint16_t premask) {
    const uint32_t last2 = 2u * (a[n - 1] & premask);
    const __m256i pm = _mm256_set1_epi16(int16_t(premask)), vl = _mm256_set1_epi16(int16_t(last2));
    size_t i = 0;
    for (; i + 16 <= n; i += 16) sty(a + i, mod3_u16(_mm256_add_epi16(_mm256_and_si256(ldy(a + i), pm), vl)));
    for (; i < n; ++i) a[i] = mod3_s((a[i] & premask) + last2);
}
template <bool Subtract>
PQMCU_Y void lift_hps(uint16_t* dst, const uint16_t* m, size_t n) {
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m256i x = ldy(m + i), h = _mm256_srli_epi16(x, 1);
        const __m256i d = _mm256_sub_epi16(x, _mm256_add_epi16(h, _mm256_add_epi16(h, h)));
        const __m256i y = ldy(dst + i);
        sty(dst + i, Subtract ? _mm256_sub_epi16(y, d) : _mm256_add_epi16(y, d));
    }
    for (; i < n; ++i) {
        const uint32_t d = m[i] - 3 * (m[i] >> 1);
        dst[i] = uint16_t(Subtract ? dst[i] - d : dst[i] + d);
    }
}
PQMCU_Y uint32_t check_r_to_s3(uint16_t* r, size_t n, unsigned logq) {
    const uint32_t qmask = (1u << logq) - 1, top = logq - 1, last = r[n - 1];
    const __m256i qm = _mm256_set1_epi16(int16_t(qmask)), bad = _mm256_set1_epi16(int16_t(qmask - 3));
    const __m256i one = _mm256_set1_epi16(1), two = _mm256_set1_epi16(2), four = _mm256_set1_epi16(4),
                  three = _mm256_set1_epi16(3), vl = _mm256_set1_epi16(int16_t(last));
    const __m128i vtop = _mm_cvtsi32_si128(int(top));
    __m256i tv = _mm256_setzero_si256();
    size_t i = 0;
    for (; i + 16 <= n - 1; i += 16) {
        const __m256i c = _mm256_and_si256(_mm256_sub_epi16(ldy(r + i), vl), qm);
        tv = _mm256_or_si256(tv, _mm256_or_si256(_mm256_and_si256(_mm256_add_epi16(c, one), bad),
                                                 _mm256_and_si256(_mm256_add_epi16(c, two), four)));
        sty(r + i, _mm256_and_si256(_mm256_xor_si256(c, _mm256_srl_epi16(c, vtop)), three));
    }
    uint32_t t = 0;
    for (; i + 1 < n; ++i) {
        const uint32_t c = (r[i] - last) & qmask;
        t |= (c + 1) & (qmask - 3);
        t |= (c + 2) & 4;
        r[i] = uint16_t(3 & (c ^ (c >> top)));
    }
    // any nonzero byte of tv: a value below 2^31, nonzero iff so
    const uint32_t any = ~uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(tv, _mm256_setzero_si256())));
    return t | (any >> 1) | (any & 1);
}
// HPS decryption's dst -= Lift(m) (lift_hps<true>) and check_m's counts in
// the same pass: ones = #{m[i] = 1}, twos = #{m[i] = 2} (m in {0,1,2});
// 16-bit lane sums (at most ceil(n / 16) each).
PQMCU_Y void lift_hps_sub_count(uint16_t* dst, const uint16_t* m, size_t n, uint32_t& ones, uint32_t& twos) {
    const __m256i one = _mm256_set1_epi16(1);
    __m256i o = _mm256_setzero_si256(), t = _mm256_setzero_si256();
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        const __m256i x = ldy(m + i), h = _mm256_srli_epi16(x, 1);
        o = _mm256_add_epi16(o, _mm256_and_si256(x, one));
        t = _mm256_add_epi16(t, h);
        const __m256i d = _mm256_sub_epi16(x, _mm256_add_epi16(h, _mm256_add_epi16(h, h)));
        sty(dst + i, _mm256_sub_epi16(ldy(dst + i), d));
    }
    // pair sums (vpmaddwd by 1) interleaved: ones in the even 32-bit lanes, twos in the odd
    const __m256i po = _mm256_madd_epi16(o, one), pt = _mm256_madd_epi16(t, one);
    const __m256i s = _mm256_add_epi32(_mm256_unpacklo_epi32(po, pt), _mm256_unpackhi_epi32(po, pt));
    __m128i q = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
    q = _mm_add_epi32(q, _mm_unpackhi_epi64(q, q));
    uint32_t so = 0, st = 0;
    for (; i < n; ++i) {
        so += m[i] & 1;
        st += m[i] >> 1;
        dst[i] = uint16_t(dst[i] - (m[i] - 3 * (m[i] >> 1)));
    }
    ones = uint32_t(_mm_cvtsi128_si32(q)) + so;
    twos = uint32_t(_mm_extract_epi32(q, 1)) + st;
}
// HRSS's Lift(m) (s3x::lift_hrss's steps on 16 lanes): prefix sums within
// each 128-bit half by three byte shifts, the low half's total added to the
// high half, the running value carried from lane 15; b[i - 1] by vpalignr
// over the previous vector. The tail continues with engine.cpp's loop.
template <bool Subtract>
PQMCU_Y void lift_hrss(uint16_t* dst, const uint16_t* m, size_t n, uint32_t k) {
    alignas(32) uint16_t up[16];
    for (uint16_t l = 0; l < 16; ++l) up[l] = uint16_t(l + 1);
    const __m256i kk = _mm256_mullo_epi16(ldy(up), _mm256_set1_epi16(int16_t(k)));
    const __m256i lane7 = _mm256_set1_epi16(0x0F0E), third = _mm256_set1_epi16(21846), three = _mm256_set1_epi16(3);
    __m256i carry = _mm256_set1_epi16(int16_t(6 * n));  // 6n - prefix - i k before this vector
    __m256i prev = _mm256_setzero_si256();               // b of the previous vector (lane 15 used)
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m256i x = ldy(m + i);
        x = _mm256_add_epi16(x, _mm256_slli_si256(x, 2));
        x = _mm256_add_epi16(x, _mm256_slli_si256(x, 4));
        x = _mm256_add_epi16(x, _mm256_slli_si256(x, 8));
        // + the low half's lane 7 in every lane of the high half
        x = _mm256_add_epi16(x, _mm256_shuffle_epi8(_mm256_permute2x128_si256(x, x, 0x08), lane7));
        const __m256i r = _mm256_sub_epi16(_mm256_sub_epi16(carry, x), kk);  // > 0, < 2^14
        carry = _mm256_shuffle_epi8(_mm256_permute2x128_si256(r, r, 0x11), lane7);
        const __m256i q = _mm256_mulhi_epu16(r, third);  // floor(r / 3) for r < 2^14
        const __m256i d = _mm256_sub_epi16(r, _mm256_add_epi16(q, _mm256_add_epi16(q, q)));
        const __m256i cur = _mm256_sub_epi16(d, _mm256_and_si256(three, _mm256_srai_epi16(_mm256_slli_epi16(d, 14), 15)));
        const __m256i before = _mm256_alignr_epi8(cur, _mm256_permute2x128_si256(prev, cur, 0x21), 14);
        prev = cur;
        const __m256i v = _mm256_sub_epi16(before, cur), y = ldy(dst + i);
        sty(dst + i, Subtract ? _mm256_sub_epi16(y, v) : _mm256_add_epi16(y, v));
    }
    alignas(32) uint16_t tail[2][16];
    _mm256_store_si256(reinterpret_cast<__m256i*>(tail[0]), carry);
    _mm256_store_si256(reinterpret_cast<__m256i*>(tail[1]), prev);
    uint32_t rest = tail[0][0], pb = tail[1][15];
    for (; i < n; ++i) {
        rest -= m[i] + k;
        const uint32_t v = (rest * 0x55555556u) >> 30;  // mod 3 (rest < 2^16)
        const uint32_t cur = v - 3 * (v >> 1);
        dst[i] = uint16_t(Subtract ? dst[i] - (pb - cur) : dst[i] + (pb - cur));
        pb = cur;
    }
    secure_wipe(tail, sizeof tail);
}
}  // namespace s3y
}  // namespace

bool s3_pack_avx512_usable() {
    const x86::CpuFeatures& cpu = x86::cpu_features();
    return cpu.avx2 && cpu.avx512f && cpu.avx512bw && cpu.avx512vl;
}
bool unpack_s3_avx512(uint16_t* a, const uint8_t* in, size_t count) {
    if (!s3_pack_avx512_usable()) {
        if (!x86::cpu_features().avx2) return false;
        size_t k = s3y::unpack(a, in, count);  // (then engine.cpp's digits)
        for (; k < count; k += 5) {
            uint32_t c = in[k / 5];
            for (size_t j = k; j < k + 5 && j < count; ++j) {
                const uint32_t q = (c * 171) >> 9;  // floor(c / 3) for c < 256
                a[j] = uint16_t(c - 3 * q);
                c = q;
            }
        }
        return true;
    }
    s3x::unpack(a, in, count);
    return true;
}
bool lift_hps_packed_avx2(uint16_t* c, const uint8_t* packed, size_t count) {
    if (s3_pack_avx512_usable() || !x86::cpu_features().avx2) return false;
    s3y::unpack_lift_add(c, packed, count);
    return true;
}
bool pack_s3_avx512(uint8_t* out, const uint16_t* a, size_t count) {
    if (!s3_pack_avx512_usable()) {
        if (!x86::cpu_features().avx2) return false;
        s3y::pack_tail(out, a, count, s3y::pack(out, a, count));
        return true;
    }
    s3x::pack(out, a, count);
    return true;
}
bool lift_hrss_avx512(uint16_t* dst, const uint16_t* m, size_t n, uint32_t k, bool subtract) {
    if (n > 2730) return false;  // (6n < 2^14)
    if (!s3_pack_avx512_usable()) {
        if (!x86::cpu_features().avx2) return false;
        if (subtract) s3y::lift_hrss<true>(dst, m, n, k);
        else s3y::lift_hrss<false>(dst, m, n, k);
        return true;
    }
    if (subtract) s3x::lift_hrss<true>(dst, m, n, k);
    else s3x::lift_hrss<false>(dst, m, n, k);
    return true;
}
bool z3_to_zq_avx512(uint16_t* a, size_t n, uint16_t qmask) {
    if (!s3_pack_avx512_usable()) {
        if (!x86::cpu_features().avx2) return false;
        s3y::z3_to_zq(a, n, qmask);
        return true;
    }
    s3x::z3_to_zq(a, n, qmask);
    return true;
}
bool rq_to_s3_avx512(uint16_t* r, const uint16_t* a, size_t n, unsigned logq) {
    if (logq < 2 || logq > 14) return false;
    if (!s3_pack_avx512_usable()) {
        if (!x86::cpu_features().avx2) return false;
        s3y::rq_to_s3(r, a, n, logq);
        return true;
    }
    s3x::rq_to_s3(r, a, n, logq);
    return true;
}
bool mod3_phi_avx512(uint16_t* a, size_t n, uint16_t premask) {
    if (premask > 0x3FFF) return false;  // (a + 2 last < 2^16)
    if (!s3_pack_avx512_usable()) {
        if (!x86::cpu_features().avx2) return false;
        s3y::mod3_phi(a, n, premask);
        return true;
    }
    s3x::mod3_phi(a, n, premask);
    return true;
}
bool lift_hps_avx512(uint16_t* dst, const uint16_t* m, size_t n, bool subtract) {
    if (!s3_pack_avx512_usable()) {
        if (!x86::cpu_features().avx2) return false;
        if (subtract) s3y::lift_hps<true>(dst, m, n);
        else s3y::lift_hps<false>(dst, m, n);
        return true;
    }
    if (subtract) s3x::lift_hps<true>(dst, m, n);
    else s3x::lift_hps<false>(dst, m, n);
    return true;
}
bool check_r_to_s3_avx512(uint16_t* r, size_t n, unsigned logq, uint32_t& t) {
    if (logq < 3 || logq > 16) return false;
    if (!s3_pack_avx512_usable()) {
        if (!x86::cpu_features().avx2) return false;
        t = s3y::check_r_to_s3(r, n, logq);
        return true;
    }
    t = s3x::check_r_to_s3(r, n, logq);
    return true;
}
bool lift_hps_sub_count_avx2(uint16_t* dst, const uint16_t* m, size_t n, uint32_t& ones, uint32_t& twos) {
    if (n > 65535 || s3_pack_avx512_usable() || !x86::cpu_features().avx2) return false;
    s3y::lift_hps_sub_count(dst, m, n, ones, twos);
    return true;
}
bool unpack_s3_zq_avx2(uint16_t* a, const uint8_t* in, size_t count, uint16_t qmask) {
    if (s3_pack_avx512_usable() || !x86::cpu_features().avx2) return false;
    size_t k = s3y::unpack<true>(a, in, count, qmask);  // (then engine.cpp's digits, mapped)
    for (; k < count; k += 5) {
        uint32_t c = in[k / 5];
        for (size_t j = k; j < k + 5 && j < count; ++j) {
            const uint32_t q = (c * 171) >> 9;  // floor(c / 3) for c < 256
            const uint32_t d = c - 3 * q;
            a[j] = uint16_t(d | ((0u - (d >> 1)) & qmask));
            c = q;
        }
    }
    return true;
}
bool sample_iid_plus_avx512(uint16_t* r, const uint8_t* u, size_t n) {
    if (n < 2) return false;
    if (!s3_pack_avx512_usable()) {
        if (!x86::cpu_features().avx2) return false;
        s3y::sample_iid_plus(r, u, n);
        return true;
    }
    s3x::sample_iid_plus(r, u, n);
    return true;
}
size_t pack_rq_avx512(uint8_t* out, const uint16_t* a, size_t count, unsigned logq) {
    const x86::CpuFeatures& cpu = x86::cpu_features();
    if (logq < 11 || logq > 14) return 0;
    if (!s3_pack_avx512_usable() || !cpu.avx512vbmi) {
        if (!cpu.avx2) return 0;
        return s3y::pack_rq(out, a, count, logq, (size_t(logq) * count + 7) / 8);
    }
    return s3x::pack_rq(out, a, count, logq);
}
bool sample_iid_pack_avx512(uint16_t* r, uint8_t* packed, const uint8_t* u, size_t count, uint32_t& sum) {
    if (!s3_pack_avx512_usable()) {
        if (!x86::cpu_features().avx2) return false;
        sum = s3y::sample_iid_pack(r, packed, u, count);
        return true;
    }
    sum = s3x::sample_iid_pack(r, packed, u, count);
    r[count] = 0;  // (s3x's stores are masked to [0, count); s3y writes it too)
    return true;
}

size_t unpack_bits_avx2(uint16_t* a, const uint8_t* in, unsigned logq, size_t len, size_t groups, uint32_t& sum) {
    sum = 0;
    if (logq < 11 || logq > 14 || !x86::cpu_features().avx2) return 0;
    if (!s3_pack_avx512_usable())  // (AVX-512 hosts keep the 32-bit lanes)
        return logq == 12 ? unpack_bits12(a, in, len, groups, sum) : unpack_bits16(a, in, logq, len, groups, sum);
    return unpack_bits32(a, in, logq, len, groups, sum);
}

size_t fixed_weight_keys_avx2(uint32_t* keys, const uint8_t* u, size_t count, size_t len) {
    if (!x86::cpu_features().avx2) return 0;
    return fixed_weight_keys(keys, u, count, len);
}

bool sort_uint32_avx2(uint32_t* x, size_t count) {
    if (count < 2 || count > kBitonicMax || !x86::cpu_features().avx2) return false;
    bitonic_sort(x, count);
    return true;
}

bool sort_labels_avx2(uint16_t* r, uint32_t* keys, size_t count, size_t capacity) {
    if (count < 2 || count > kBitonicMax || capacity < bitonic_words(count) || !x86::cpu_features().avx2) return false;
    sort_labels(r, keys, count, bitonic_words(count));
    return true;
}

bool minmax_run_avx2(uint32_t* a, uint32_t* b, size_t len) {
    if (!x86::cpu_features().avx2) return false;
    minmax_run(a, b, len);
    return true;
}

bool divsteps_avx2_usable(size_t n) { return usable(n); }

bool r2_inverse_clmul(uint16_t* r, const uint16_t* a, size_t n) {
    const x86::CpuFeatures& cpu = x86::cpu_features();
    if (!cpu.avx2 || !cpu.bmi2 || !cpu.pclmul || n % 2 == 0) return false;
    switch ((n + 63) / 64) {  // (public) the sets' word counts: 509, 677 / 701, 821, up to 1024
    case 8: r2x::r2_inverse_exp_words<8>(r, a, n); return true;
    case 11: r2x::r2_inverse_exp_words<11>(r, a, n); return true;
    case 13: r2x::r2_inverse_exp_words<13>(r, a, n); return true;
    case 16: r2x::r2_inverse_exp_words<16>(r, a, n); return true;
    default: return false;
    }
}

bool s3_inverse_avx2(uint16_t* r, const uint16_t* a, size_t n) {
    if (!usable(n) || n % 64 == 1) return false;  // (0 < 64 W - n + 1 < 64 below)
    switch ((n + 63) / 64) {  // (public)
    case 8: s3_inverse_words<8>(r, a, n); return true;
    case 11: s3_inverse_words<11>(r, a, n); return true;
    case 13: s3_inverse_words<13>(r, a, n); return true;
    case 16: s3_inverse_words<16>(r, a, n); return true;
    default: return false;
    }
}

bool r2_divsteps_avx2(InvWord* inv, size_t n) {
    if (!usable(n)) return false;
    uint64_t* w = reinterpret_cast<uint64_t*>(inv);
    steps<false>(w, n, (n + 255) / 256);  // (public)
    return true;
}

bool s3_divsteps_avx2(InvWord* inv, size_t n) {
    if (!usable(n)) return false;
    uint64_t* w = reinterpret_cast<uint64_t*>(inv);
    steps<true>(w, n, (n + 255) / 256);  // (public)
    return true;
}

}  // namespace pqmcu::ntru::detail
