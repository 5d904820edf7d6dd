// SPDX-License-Identifier: Apache-2.0 OR MIT
// AVX2 Karatsuba with 16-lane schoolbook base cases (polymul_avx2.hpp).
// Every function here carries target("avx2") and is reached only after
// enabled() checked the CPU.
#include "polymul/polymul_avx2.hpp"

#include <immintrin.h>

#include <cstring>

#include "x86/cpu_features.hpp"

#define PQMCU_AVX2 __attribute__((target("avx2")))
#define PQMCU_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline

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

// c[0 .. 2m) = a b, m = k V; split while k is even and above kLeaf vectors.
// Leaves up to 8 vectors (measured: leaves <= 4 / 6 / 12 / 14 were slower
// or equal at n = 256 .. 821).
constexpr size_t kLeaf = 8;
PQMCU_AVX2 void kara(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t k, uint16_t* tmp) {
    if (k % 2 != 0 || k <= kLeaf) {
        kBase[k](c, a, b);
        return;
    }
    const size_t h = k / 2 * V;
    uint16_t *sa = tmp, *sb = tmp + h, *mid = tmp + 2 * h;
    for (size_t i = 0; i < h; i += V) {
        st(sa + i, _mm256_add_epi16(ld(a + i), ld(a + h + i)));
        st(sb + i, _mm256_add_epi16(ld(b + i), ld(b + h + i)));
    }
    kara(c, a, b, k / 2, tmp + 4 * h);
    kara(c + 2 * h, a + h, b + h, k / 2, tmp + 4 * h);
    kara(mid, sa, sb, k / 2, tmp + 4 * h);
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

}  // namespace

bool enabled() { return x86::cpu_features().avx2; }

void mul_cyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { mul_reduced<false>(c, a, b, n); }
void mul_negacyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { mul_reduced<true>(c, a, b, n); }

}  // namespace pqmcu::polymul::avx2
