// SPDX-License-Identifier: Apache-2.0 OR MIT
// AVX2 Karatsuba with 16-lane schoolbook base cases (polymul_avx2.hpp).
// Every function here carries target("avx2") and is reached only after
// enabled() checked the CPU; the AVX-512BW leaves (target avx512bw) only
// where cpu_features() has it (PQMCU_CPU_DISABLE=avx512 masks it).
#include "polymul/polymul_avx2.hpp"

#include <immintrin.h>

#include <cstring>

#include "x86/cpu_features.hpp"

#define PQMCU_AVX2 __attribute__((target("avx2")))
#define PQMCU_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline
#define PQMCU_AVX512 __attribute__((target("avx2,avx512f,avx512bw")))

namespace pqmcu::polymul::avx2 {
namespace {

constexpr size_t V = 16;  // coefficients per vector

PQMCU_AVX2_INLINE __m256i ld(const uint16_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
PQMCU_AVX2_INLINE void st(uint16_t* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }

// c[0 .. 2 K V) = a b, a and b K vectors. All 2K output vectors stay in
// registers; for each shift ii = 0..15 the K + 1 vectors of b shifted by ii
// places (b read through a copy with a zero vector on either side) are
// loaded once and multiplied by the broadcast a[i0 V + ii] of every block i0.
template <size_t K>
PQMCU_AVX2 void base_shared(uint16_t* c, const uint16_t* a, const uint16_t* b) {
    alignas(32) uint16_t bz[(K + 2) * V];
    const __m256i zero = _mm256_setzero_si256();
    st(bz, zero);
    st(bz + (K + 1) * V, zero);
    for (size_t t = 0; t < K; ++t) st(bz + (t + 1) * V, ld(b + t * V));
    __m256i acc[2 * K];
    for (size_t t = 0; t < 2 * K; ++t) acc[t] = zero;
    for (size_t ii = 0; ii < V; ++ii) {
        __m256i sh[K + 1];
        // sh[t] lane l = b[t V + l - ii]: acc[i0 + t] lane l gets a[i0 V + ii] b[t V + l - ii]
        for (size_t t = 0; t <= K; ++t) sh[t] = ld(bz + V + t * V - ii);
        for (size_t i0 = 0; i0 < K; ++i0) {
            const __m256i va = _mm256_set1_epi16(int16_t(a[i0 * V + ii]));
            for (size_t t = 0; t <= K; ++t)
                if (i0 + t < 2 * K) acc[i0 + t] = _mm256_add_epi16(acc[i0 + t], _mm256_mullo_epi16(va, sh[t]));
        }
    }
    for (size_t t = 0; t < 2 * K; ++t) st(c + t * V, acc[t]);
    for (size_t t = 0; t < K + 2; ++t) st(bz + t * V, zero);  // b may be secret
    __asm__ volatile("" : : "r"(bz) : "memory");
}

// c[0 .. 2 K V) = a b, a and b K vectors. Per 16-coefficient block of a, the
// K + 1 output vectors it reaches stay in registers: for each of its 16
// coefficients a broadcast times b shifted by that many places (b read
// through a copy with a vector of zeros on either side).
template <size_t K>
PQMCU_AVX2 void base_rows(uint16_t* c, const uint16_t* a, const uint16_t* b) {
    alignas(32) uint16_t bz[(K + 2) * V];
    const __m256i zero = _mm256_setzero_si256();
    st(bz, zero);
    st(bz + (K + 1) * V, zero);
    for (size_t t = 0; t < K; ++t) st(bz + (t + 1) * V, ld(b + t * V));
    for (size_t t = 0; t < 2 * K; ++t) st(c + t * V, zero);
    for (size_t i0 = 0; i0 < K; ++i0) {
        __m256i acc[K + 1];
        for (size_t t = 0; t <= K; ++t) acc[t] = zero;
        for (size_t ii = 0; ii < V; ++ii) {
            const __m256i va = _mm256_set1_epi16(int16_t(a[i0 * V + ii]));
            // acc[t] lane l: c[i0 V + t V + l] += a[i0 V + ii] b[t V + l - ii]
            for (size_t t = 0; t <= K; ++t)
                acc[t] = _mm256_add_epi16(acc[t], _mm256_mullo_epi16(va, ld(bz + V + t * V - ii)));
        }
        for (size_t t = 0; t <= K; ++t) {
            uint16_t* p = c + (i0 + t) * V;
            st(p, _mm256_add_epi16(ld(p), acc[t]));
        }
    }
    for (size_t t = 0; t < K + 2; ++t) st(bz + t * V, zero);  // b may be secret
    __asm__ volatile("" : : "r"(bz) : "memory");
}

template <size_t K>
PQMCU_AVX2 void base(uint16_t* c, const uint16_t* a, const uint16_t* b) {
    if constexpr (K <= 3) base_rows<K>(c, a, b);  // (the faster one for these, measured)
    else base_shared<K>(c, a, b);
}

using BaseFn = void (*)(uint16_t*, const uint16_t*, const uint16_t*);
constexpr BaseFn kBase[] = {nullptr,  base<1>, base<2>, base<3>, base<4>, base<5>, base<6>, base<7>,
                            base<8>, base<9>, base<10>, base<11>, base<12>, base<13>, base<14>};

// The same leaves on AVX-512BW (32 lanes, 32 zmm registers): c[0 .. 32 K) =
// a b for a and b of K 16-coefficient vectors, computed as Z = ceil(K / 2)
// zmm vectors (a zero half vector appended when K is odd). base_shared's
// order: all 2Z outputs and the Z + 1 shifted copies of b in registers.
#define PQMCU_AVX512_INLINE __attribute__((target("avx2,avx512f,avx512bw"), always_inline)) inline

// One shift ii of base512: blocks i0 < ZA of a times b shifted by ii from
// blocks t < Z, into acc[i0 + t] (2Z outputs). Block 0's shifted copy reads
// b's last block in the lower pad (bz[0 .. W) = b's block Z - 1): its lanes
// below ii are what the copy shifted in from above b would hold, so with
// Wrap one product serves acc[i0] (lanes >= ii) and acc[i0 + Z] (lanes < ii)
// through masked adds: Z multiplies per block of a instead of Z + 1.
// Without Wrap those lanes are known to be zero (odd K, ii <= 16).
template <size_t Z, size_t ZA, bool Wrap>
PQMCU_AVX512_INLINE void base512_step(__m512i* acc, const uint16_t* az, const uint16_t* bz, size_t ii) {
    constexpr size_t W = 32;
    const __mmask32 hi = __mmask32(~uint32_t(0) << ii);  // (ii < 32; public)
    __m512i sh[Z];
    for (size_t t = 0; t < Z; ++t) sh[t] = _mm512_loadu_si512(bz + W + t * W - ii);
    for (size_t i0 = 0; i0 < ZA; ++i0) {
        const __m512i va = _mm512_set1_epi16(int16_t(az[i0 * W + ii]));
        const __m512i p0 = _mm512_mullo_epi16(va, sh[0]);
        if constexpr (Wrap) {
            acc[i0] = _mm512_mask_add_epi16(acc[i0], hi, acc[i0], p0);
            acc[i0 + Z] = _mm512_mask_add_epi16(acc[i0 + Z], __mmask32(~hi), acc[i0 + Z], p0);
        } else {
            acc[i0] = _mm512_add_epi16(acc[i0], p0);
        }
        for (size_t t = 1; t < Z; ++t) acc[i0 + t] = _mm512_add_epi16(acc[i0 + t], _mm512_mullo_epi16(va, sh[t]));
    }
}

template <size_t K>
PQMCU_AVX512 void base512(uint16_t* c, const uint16_t* a, const uint16_t* b) {
    constexpr size_t Z = (K + 1) / 2, W = 32;
    alignas(64) uint16_t bz[(Z + 1) * W], az[Z * W];
    const __m512i zero = _mm512_setzero_si512();
    // Whole zmm stores (the loads below would not forward from ymm halves).
    for (size_t t = 0; t < Z; ++t) {
        const __mmask32 m = (K % 2 != 0 && t == Z - 1) ? __mmask32(0xFFFF) : ~__mmask32(0);
        const __m512i bt = _mm512_maskz_loadu_epi16(m, b + t * W);
        _mm512_store_si512(bz + W + t * W, bt);
        if (t == Z - 1) _mm512_store_si512(bz, bt);  // the lower pad: b's last block
        _mm512_store_si512(az + t * W, _mm512_maskz_loadu_epi16(m, a + t * W));
    }
    __m512i acc[2 * Z];
    for (size_t t = 0; t < 2 * Z; ++t) acc[t] = zero;
    if constexpr (K % 2 == 0) {
        for (size_t ii = 0; ii < W; ++ii) base512_step<Z, Z, true>(acc, az, bz, ii);
    } else {
        // Odd K: the top half of a's and b's last block is zero. For ii <= 16
        // the lanes below ii of block 0's copy are zero (no wrapped part);
        // for ii >= 16 a's coefficient in block Z - 1 is zero (skip i0 = Z - 1).
        // Public, compile-time structure.
        for (size_t ii = 0; ii <= W / 2; ++ii) base512_step<Z, Z, false>(acc, az, bz, ii);
        for (size_t ii = W / 2 + 1; ii < W; ++ii) base512_step<Z, Z - 1, true>(acc, az, bz, ii);
    }
    for (size_t t = 0; t < K; ++t) _mm512_storeu_si512(c + t * W, acc[t]);  // (acc[K] is zero for odd K)
    for (size_t t = 0; t < Z + 1; ++t) _mm512_store_si512(bz + t * W, zero);  // a and b may be secret
    for (size_t t = 0; t < Z; ++t) _mm512_store_si512(az + t * W, zero);
    __asm__ volatile("" : : "r"(bz), "r"(az) : "memory");
}
constexpr BaseFn kBase512[] = {nullptr,     base512<1>,  base512<2>,  base512<3>,  base512<4>,
                               base512<5>,  base512<6>,  base512<7>,  base512<8>,  base512<9>,
                               base512<10>, base512<11>, base512<12>, base512<13>, base512<14>};

// c[0 .. 2m) = a b, m = k V; split while k is even and above kLeaf vectors.
// Leaves up to 8 vectors (measured: leaves <= 4 / 6 / 12 / 14 were slower
// or equal at n = 256 .. 821).
constexpr size_t kLeaf = 8;
// The zmm leaves (32 registers) stay whole up to 14 vectors: at n = 701 one
// leaf of 12 took 3.6 µs per product against 4.7 µs split into three of 6
// (-O3, this host); only 16 (n > 896) splits.
constexpr bool split512(size_t k) { return k > 14; }

enum class Leaves { ymm, zmm };

PQMCU_AVX2 void kara(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t k, uint16_t* tmp,
                     Leaves mode = Leaves::ymm) {
    if (mode == Leaves::zmm ? !split512(k) : (k % 2 != 0 || k <= kLeaf)) {
        const BaseFn* leaf = mode == Leaves::zmm ? kBase512 : kBase;
        leaf[k](c, a, b);
        return;
    }
    const size_t h = k / 2 * V;
    uint16_t *sa = tmp, *sb = tmp + h, *mid = tmp + 2 * h;
    for (size_t i = 0; i < h; i += V) {
        st(sa + i, _mm256_add_epi16(ld(a + i), ld(a + h + i)));
        st(sb + i, _mm256_add_epi16(ld(b + i), ld(b + h + i)));
    }
    kara(c, a, b, k / 2, tmp + 4 * h, mode);
    kara(c + 2 * h, a + h, b + h, k / 2, tmp + 4 * h, mode);
    kara(mid, sa, sb, k / 2, tmp + 4 * h, mode);
    // c[h .. 3h) += mid - lo - hi; both halves read before either is written
    // (c[h .. 2h) is lo's upper half and c[2h .. 3h) hi's lower half).
    for (size_t i = 0; i < h; i += V) {
        const __m256i l0 = ld(c + i), l1 = ld(c + h + i), h0 = ld(c + 2 * h + i), h1 = ld(c + 3 * h + i);
        st(c + h + i, _mm256_add_epi16(l1, _mm256_sub_epi16(_mm256_sub_epi16(ld(mid + i), l0), h0)));
        st(c + 2 * h + i, _mm256_add_epi16(h0, _mm256_sub_epi16(_mm256_sub_epi16(ld(mid + h + i), l1), h1)));
    }
}

// Base-case multiplications kara makes for k vectors (its leaf k' (k' + 1)
// per leaf); 0 where a leaf would exceed 14 vectors.
constexpr size_t kara_cost(size_t k) {
    if (k % 2 != 0 || k <= kLeaf) return k <= 14 ? k * (k + 1) : 0;
    const size_t sub = kara_cost(k / 2);
    return sub == 0 ? 0 : 3 * sub;
}
// The padded length in vectors for n: the cheapest k >= n / 16 (509 -> 32,
// 677 / 701 -> 48, 821 -> 56, 1024 -> 64).
constexpr size_t vectors_for(size_t n) {
    const size_t need = (n + V - 1) / V;
    size_t best = 0;
    for (size_t k = need; k <= 2 * need; ++k)
        if (kara_cost(k) != 0 && (best == 0 || kara_cost(k) < kara_cost(best))) best = k;
    return best;
}

static_assert(vectors_for(509) == 32 && vectors_for(701) == 48 && vectors_for(821) == 56 && vectors_for(1024) == 64);
constexpr size_t kMaxVectors = [] {
    size_t m = 0;
    for (size_t n = 1; n <= kMaxN; ++n) m = vectors_for(n) > m ? vectors_for(n) : m;
    return m;
}();

template <bool Nega>
PQMCU_AVX2 void mul_reduced(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    constexpr size_t M = kMaxVectors * V;
    alignas(32) uint16_t ap[M], bp[M], full[2 * M], tmp[4 * M];
    const size_t k = vectors_for(n), m = k * V;
    std::memcpy(ap, a, 2 * n);
    std::memcpy(bp, b, 2 * n);
    std::memset(ap + n, 0, 2 * (m - n));
    std::memset(bp + n, 0, 2 * (m - n));
    kara(full, ap, bp, k, tmp);
    // Coefficients at and above 2n - 1 are zero (the product is exact).
    size_t i = 0;
    for (; i + V <= n; i += V) {
        const __m256i lo = ld(full + i), hi = ld(full + n + i);
        st(c + i, Nega ? _mm256_sub_epi16(lo, hi) : _mm256_add_epi16(lo, hi));
    }
    for (; i < n; ++i) c[i] = Nega ? uint16_t(full[i] - full[n + i]) : uint16_t(full[i] + full[n + i]);
    // Padded operands and the product held secret-dependent values.
    const __m256i zero = _mm256_setzero_si256();
    for (size_t j = 0; j < m; j += V) st(ap + j, zero), st(bp + j, zero);
    for (size_t j = 0; j < 2 * m; j += V) st(full + j, zero);
    for (size_t j = 0; j < 4 * m; j += V) st(tmp + j, zero);  // (kara uses < 4m words)
    __asm__ volatile("" : : "r"(ap), "r"(bp), "r"(full), "r"(tmp) : "memory");
}

// Toom-4 (points 0, 1, -1, 2, -2, 1/2 scaled by 8, inf; the interpolation of
// polymul::Toom4, exact mod 2^13) over kara: seven products of limbs of L =
// 16 k coefficients, 4 L >= n. At n = 701 the leaves multiply 7 x 126 vector
// pairs instead of 1134 (the plain Karatsuba's 27 leaves of 6 vectors).
constexpr size_t limb_vectors(size_t n) { return vectors_for((n + 3) / 4); }
constexpr size_t kMaxLimb = limb_vectors(kMaxN) * V;
static_assert(limb_vectors(509) == 8 && limb_vectors(701) == 12 && limb_vectors(821) == 14);
// With zmm leaves (whole up to 14 vectors) the fewest vectors: an odd count
// costs a zero half vector, which base512 skips (677 / 701 -> 11, 821 -> 13).
constexpr size_t limb_vectors_zmm(size_t n) {
    const size_t need = ((n + 3) / 4 + V - 1) / V;
    return split512(need) ? limb_vectors(n) : need;
}
static_assert(limb_vectors_zmm(509) == 8 && limb_vectors_zmm(701) == 11 && limb_vectors_zmm(821) == 13);
static_assert(limb_vectors_zmm(kMaxN) <= limb_vectors(kMaxN));

template <int S>
PQMCU_AVX2_INLINE __m256i shl(__m256i x) { return _mm256_slli_epi16(x, S); }
template <int S>
PQMCU_AVX2_INLINE __m256i shr(__m256i x) { return _mm256_srli_epi16(x, S); }
PQMCU_AVX2_INLINE __m256i add(__m256i x, __m256i y) { return _mm256_add_epi16(x, y); }
PQMCU_AVX2_INLINE __m256i sub(__m256i x, __m256i y) { return _mm256_sub_epi16(x, y); }

// The seven points of the four limbs of p (4 L words), ev = 7 x L words.
PQMCU_AVX2_INLINE void toom4_evaluate(uint16_t* ev, const uint16_t* p, size_t L) {
    for (size_t j = 0; j < L; j += V) {
        const __m256i a0 = ld(p + j), a1 = ld(p + L + j), a2 = ld(p + 2 * L + j), a3 = ld(p + 3 * L + j);
        const __m256i e02 = add(a0, a2), e13 = add(a1, a3);
        const __m256i f02 = add(a0, shl<2>(a2)), f13 = add(shl<1>(a1), shl<3>(a3));
        st(ev + j, a0);
        st(ev + L + j, add(e02, e13));
        st(ev + 2 * L + j, sub(e02, e13));
        st(ev + 3 * L + j, add(f02, f13));
        st(ev + 4 * L + j, sub(f02, f13));
        st(ev + 5 * L + j, add(add(shl<3>(a0), shl<2>(a1)), add(shl<1>(a2), a3)));
        st(ev + 6 * L + j, a3);
    }
}

template <bool Nega>
PQMCU_AVX2 void mul_toom4(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    constexpr size_t M = kMaxLimb;
    // The padded operands are dead once evaluated: the product reuses them.
    alignas(32) uint16_t ops[8 * M], ea[7 * M], eb[7 * M], w[7 * 2 * M], tmp[4 * M];
    uint16_t *ap = ops, *bp = ops + 4 * M, *full = ops;
    const Leaves mode = x86::cpu_features().avx512bw ? Leaves::zmm : Leaves::ymm;  // (same products)
    const size_t k = mode == Leaves::zmm ? limb_vectors_zmm(n) : limb_vectors(n), L = k * V;
    std::memcpy(ap, a, 2 * n);
    std::memcpy(bp, b, 2 * n);
    std::memset(ap + n, 0, 2 * (4 * L - n));
    std::memset(bp + n, 0, 2 * (4 * L - n));
    toom4_evaluate(ea, ap, L);
    toom4_evaluate(eb, bp, L);
    for (size_t p = 0; p < 7; ++p) kara(w + p * 2 * L, ea + p * L, eb + p * L, k, tmp, mode);
    const __m256i zero = _mm256_setzero_si256();
    for (size_t j = 0; j < 8 * L; j += V) st(full + j, zero);
    const __m256i inv3 = _mm256_set1_epi16(int16_t(0xAAAB)), inv9 = _mm256_set1_epi16(int16_t(0x8E39)),
                  inv15 = _mm256_set1_epi16(int16_t(0xEEEF)), k17 = _mm256_set1_epi16(17), k3 = _mm256_set1_epi16(3);
    const size_t W = 2 * L;
    for (size_t i = 0; i < W; i += V) {
        const __m256i w0 = ld(w + i), w1 = ld(w + W + i), wm1 = ld(w + 2 * W + i), w2 = ld(w + 3 * W + i),
                      wm2 = ld(w + 4 * W + i), wh = ld(w + 5 * W + i), wi = ld(w + 6 * W + i);
        const __m256i c0 = w0, c6 = wi;
        const __m256i e1 = sub(sub(shr<1>(add(w1, wm1)), c0), c6);
        const __m256i e2 = sub(sub(shr<1>(add(w2, wm2)), c0), shl<6>(c6));
        const __m256i c4 = _mm256_mullo_epi16(shr<2>(sub(e2, shl<2>(e1))), inv3);
        const __m256i c2 = sub(e1, c4);
        const __m256i A = shr<1>(sub(w1, wm1));
        const __m256i B = shr<2>(sub(w2, wm2));
        const __m256i C = shr<1>(sub(sub(sub(sub(wh, shl<6>(c0)), shl<4>(c2)), shl<2>(c4)), c6));
        const __m256i c3 = sub(zero, _mm256_mullo_epi16(sub(add(B, C), _mm256_mullo_epi16(A, k17)), inv9));
        const __m256i t3 = add(A, _mm256_mullo_epi16(c3, k3));
        const __m256i c5 = _mm256_mullo_epi16(sub(B, t3), inv15);
        const __m256i c1 = _mm256_mullo_epi16(sub(C, t3), inv15);
        const __m256i coef[7] = {c0, c1, c2, c3, c4, c5, c6};
        for (size_t t = 0; t < 7; ++t) st(full + t * L + i, add(ld(full + t * L + i), coef[t]));
    }
    // Only coefficients below 2n - 1 are nonzero mod 2^13 (the higher bits are
    // not used: callers reduce mod q <= 2^13).
    size_t i = 0;
    for (; i + V <= n; i += V) {
        const __m256i lo = ld(full + i), hi = ld(full + n + i);
        st(c + i, Nega ? sub(lo, hi) : add(lo, hi));
    }
    for (; i < n; ++i) c[i] = Nega ? uint16_t(full[i] - full[n + i]) : uint16_t(full[i] + full[n + i]);
    // Everything here held secret-dependent values.
    for (size_t j = 0; j < 8 * M; j += V) st(ops + j, zero);
    for (size_t j = 0; j < 4 * L; j += V) st(tmp + j, zero);
    for (size_t j = 0; j < 7 * L; j += V) st(ea + j, zero), st(eb + j, zero);
    for (size_t j = 0; j < 14 * L; j += V) st(w + j, zero);
    __asm__ volatile("" : : "r"(ops), "r"(ea), "r"(eb), "r"(w), "r"(tmp) : "memory");
}

}  // namespace

bool enabled() { return x86::cpu_features().avx2; }

void mul_cyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { mul_reduced<false>(c, a, b, n); }
void mul_negacyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { mul_reduced<true>(c, a, b, n); }

void mul_cyclic_13(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    if (n < kToomMin) mul_reduced<false>(c, a, b, n);
    else mul_toom4<false>(c, a, b, n);
}

}  // namespace pqmcu::polymul::avx2
