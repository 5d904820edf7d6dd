// SPDX-License-Identifier: Apache-2.0 OR MIT
// AVX2 products (polymul_avx2.hpp): Karatsuba with 16-lane schoolbook base
// cases (exact mod 2^16), and Toom-4 over two Karatsuba levels with its 63
// small products computed 16 at a time in transposed form (exact mod 2^13).
// Every function here carries target("avx2") and is reached only after
// enabled() checked the CPU; the zmm copy of the transposed products
// (target avx512bw) only where cpu_features() has AVX-512BW
// (PQMCU_CPU_DISABLE=avx512 masks it).
#include "polymul/polymul_avx2.hpp"

#include <immintrin.h>

#include <algorithm>
#include <cstring>

#include "x86/cpu_features.hpp"

// Out-of-line functions start on a 64-byte boundary: where the linker puts
// this file's code then no longer moves their loops across fetch / op-cache
// lines (measured: an unrelated change elsewhere in the library moved the
// ymm products by 3-10 % through placement alone).
#define PQMCU_AVX2 __attribute__((target("avx2"), aligned(64)))
#define PQMCU_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline

namespace pqmcu::polymul::avx2 {
namespace {

constexpr size_t V = 16;  // coefficients per vector

PQMCU_AVX2_INLINE __m256i ld(const uint16_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
PQMCU_AVX2_INLINE void st(uint16_t* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
// Zero a buffer (bytes, a multiple of 32) that held secret-dependent values.
// (memset: glibc's rep stosb / wide stores beat a loop of 32-byte stores.)
PQMCU_AVX2_INLINE void wipe(void* p, size_t bytes) {
    std::memset(p, 0, bytes);
    __asm__ volatile("" : : "r"(p) : "memory");
}

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

template <int S>
PQMCU_AVX2_INLINE __m256i shl(__m256i x) { return _mm256_slli_epi16(x, S); }
template <int S>
PQMCU_AVX2_INLINE __m256i shr(__m256i x) { return _mm256_srli_epi16(x, S); }
PQMCU_AVX2_INLINE __m256i add(__m256i x, __m256i y) { return _mm256_add_epi16(x, y); }
PQMCU_AVX2_INLINE __m256i sub(__m256i x, __m256i y) { return _mm256_sub_epi16(x, y); }

// ---- Toom-4 over two Karatsuba levels, the small products transposed.
//
// a (zero-padded to 16 s coefficients, s a multiple of 4) is cut into 16
// chunks of s; Toom-4's limbs are chunks 4t .. 4t + 3 (L = 4 s), and
// Karatsuba's two levels on a limb need its four chunks and their sums: 9
// pieces of s coefficients per Toom point, 63 in all (+1 zero piece). The
// 64 pieces of a and of b are transposed 16 at a time (vector j of batch
// beta holds coefficient j of pieces 16 beta .. 16 beta + 15), so the 63
// small products are 4 batches of one s x s product on whole vectors
// (Karatsuba on vector arrays, then a schoolbook of vpmullw / vpaddw:
// every lane product is useful), transposed back, and recombined by
// Karatsuba then by Toom-4's interpolation. Every index and bound depends on
// n only.

// 16 x 16 transpose of 16-bit words: out[j] lane l = in[l] lane j.
PQMCU_AVX2_INLINE void transpose16(__m256i* out, const __m256i* in) {
    __m256i g[2][8];
    for (size_t h = 0; h < 2; ++h) {
        const __m256i* x = in + 8 * h;
        __m256i a[8], b[8];
        for (size_t i = 0; i < 4; ++i) {
            a[2 * i] = _mm256_unpacklo_epi16(x[2 * i], x[2 * i + 1]);
            a[2 * i + 1] = _mm256_unpackhi_epi16(x[2 * i], x[2 * i + 1]);
        }
        for (size_t i = 0; i < 2; ++i) {
            b[4 * i] = _mm256_unpacklo_epi32(a[4 * i], a[4 * i + 2]);
            b[4 * i + 1] = _mm256_unpackhi_epi32(a[4 * i], a[4 * i + 2]);
            b[4 * i + 2] = _mm256_unpacklo_epi32(a[4 * i + 1], a[4 * i + 3]);
            b[4 * i + 3] = _mm256_unpackhi_epi32(a[4 * i + 1], a[4 * i + 3]);
        }
        for (size_t i = 0; i < 4; ++i) {
            g[h][2 * i] = _mm256_unpacklo_epi64(b[i], b[4 + i]);
            g[h][2 * i + 1] = _mm256_unpackhi_epi64(b[i], b[4 + i]);
        }
    }
    for (size_t m = 0; m < 8; ++m) {
        out[m] = _mm256_permute2x128_si256(g[0][m], g[1][m], 0x20);
        out[8 + m] = _mm256_permute2x128_si256(g[0][m], g[1][m], 0x31);
    }
}

// The batches' products, defined twice by this macro: on ymm (AVX2: 16
// lanes, 4 batches) and on zmm (AVX-512BW: 32 lanes, 2 batches of two ymm
// batches each; vpmullw zmm has the same throughput as ymm on the hosts
// measured, so half the multiply time).
//
// block_t: out[0 .. P + Q - 1) = x y, x of P and y of Q vectors (product
// scanning, operands in registers). school_t: c[0 .. 2S) = x y (c[2S - 1] =
// 0) as 2 x 2 blocks of A = ceil(S / 2) and B = S - A vectors, both block
// operands in registers (2A <= 14): one vpmullw and one vpaddw per lane
// product, few loads. kara_t: Karatsuba on whole vectors down to S <= 13
// (44 -> 22 -> 11: 9 schoolbooks of 121 products instead of 1936).
#define PQMCU_TRANSPOSED_PRODUCTS(NS, INL, SINL, FN, VEC, MUL, ADD, SUB, ZERO)                                      \
    namespace NS {                                                                                             \
    template <size_t P, size_t Q>                                                                              \
    INL void block_t(VEC* out, const VEC* x, const VEC* y) {                                                   \
        _Pragma("GCC unroll 32") for (size_t k = 0; k < P + Q - 1; ++k) {                                      \
            const size_t lo = k < Q ? 0 : k - Q + 1, hi = k < P ? k : P - 1;                                   \
            VEC acc0 = MUL(x[lo], y[k - lo]), acc1 = ZERO();                                                   \
            _Pragma("GCC unroll 16") for (size_t i = lo + 1; i <= hi; ++i) {                                   \
                const VEC p = MUL(x[i], y[k - i]);                                                             \
                if ((i - lo) % 2 != 0) acc1 = ADD(acc1, p);                                                    \
                else acc0 = ADD(acc0, p);                                                                      \
            }                                                                                                  \
            out[k] = ADD(acc0, acc1);                                                                          \
        }                                                                                                      \
    }                                                                                                          \
    template <size_t S>                                                                                        \
    SINL void school_t(VEC* c, const VEC* x, const VEC* y) {                                                    \
        constexpr size_t A = (S + 1) / 2, B = S - A;                                                           \
        if constexpr (B >= 3) { /* one more Karatsuba level: 2 A^2 + B^2 products instead of S^2 */            \
            VEC xr[A], yr[A], lo[2 * A - 1], hi[2 * B - 1], mid[2 * A - 1];                                     \
            _Pragma("GCC unroll 16") for (size_t i = 0; i < A; ++i) xr[i] = x[i], yr[i] = y[i];                \
            block_t<A, A>(lo, xr, yr);                                                                         \
            _Pragma("GCC unroll 16") for (size_t i = 0; i < B; ++i) xr[i] = ADD(xr[i], x[A + i]), yr[i] = ADD(yr[i], y[A + i]); \
            block_t<A, A>(mid, xr, yr);                                                                        \
            _Pragma("GCC unroll 16") for (size_t i = 0; i < B; ++i) xr[i] = x[A + i], yr[i] = y[A + i];        \
            block_t<B, B>(hi, xr, yr);                                                                         \
            _Pragma("GCC unroll 32") for (size_t k = 0; k < 2 * A - 1; ++k) {                                  \
                mid[k] = SUB(mid[k], lo[k]);                                                                   \
                if (k < 2 * B - 1) mid[k] = SUB(mid[k], hi[k]);                                                \
            }                                                                                                  \
            _Pragma("GCC unroll 32") for (size_t k = 0; k < 2 * S; ++k) {                                      \
                VEC v = k < 2 * A - 1 ? lo[k] : ZERO();                                                        \
                if (k >= 2 * A && k - 2 * A < 2 * B - 1) v = ADD(v, hi[k - 2 * A]);                           \
                if (k >= A && k - A < 2 * A - 1) v = ADD(v, mid[k - A]);                                       \
                c[k] = v;                                                                                      \
            }                                                                                                  \
            return;                                                                                            \
        }                                                                                                      \
        VEC xr[A], yr[A], u[A + B - 1], t[A + B - 1];                                                          \
        _Pragma("GCC unroll 16") for (size_t i = 0; i < A; ++i) xr[i] = x[i], yr[i] = y[i];                    \
        block_t<A, A>(c, xr, yr); /* c[0 .. 2A - 1) */                                                         \
        _Pragma("GCC unroll 16") for (size_t i = 0; i < B; ++i) yr[i] = y[A + i];                              \
        block_t<A, B>(u, xr, yr); /* x0 y1 */                                                                  \
        _Pragma("GCC unroll 16") for (size_t i = 0; i < B; ++i) xr[i] = x[A + i];                              \
        block_t<B, B>(c + 2 * A, xr, yr); /* c[2A .. 2S - 1) */                                                \
        _Pragma("GCC unroll 16") for (size_t i = 0; i < A; ++i) yr[i] = y[i];                                  \
        block_t<B, A>(t, xr, yr); /* x1 y0 */                                                                  \
        c[2 * A - 1] = ZERO();                                                                                 \
        c[2 * S - 1] = ZERO();                                                                                 \
        _Pragma("GCC unroll 16") for (size_t k = 0; k < A + B - 1; ++k) c[A + k] = ADD(c[A + k], ADD(u[k], t[k])); \
    }                                                                                                          \
    template <size_t S>                                                                                        \
    INL void kara_sub(VEC* c, const VEC* x, const VEC* y);                                                     \
    template <size_t S>                                                                                        \
    INL void kara_t(VEC* c, const VEC* x, const VEC* y) {                                                      \
        if constexpr (S % 2 != 0 || S <= 13) {                                                                 \
            school_t<S>(c, x, y);                                                                              \
        } else {                                                                                               \
            constexpr size_t h = S / 2;                                                                        \
            VEC xs[h], ys[h], m[2 * h];                                                                        \
            for (size_t i = 0; i < h; ++i) xs[i] = ADD(x[i], x[h + i]), ys[i] = ADD(y[i], y[h + i]);           \
            kara_sub<h>(c, x, y);                                                                              \
            kara_sub<h>(c + 2 * h, x + h, y + h);                                                              \
            kara_sub<h>(m, xs, ys);                                                                            \
            for (size_t i = 0; i < h; ++i) {                                                                   \
                const VEC l0 = c[i], l1 = c[h + i], h0 = c[2 * h + i], h1 = c[3 * h + i];                      \
                c[h + i] = ADD(l1, SUB(SUB(m[i], l0), h0));                                                    \
                c[2 * h + i] = ADD(h0, SUB(SUB(m[h + i], l1), h1));                                            \
            }                                                                                                  \
        }                                                                                                      \
    }                                                                                                          \
    template <size_t S>                                                                                        \
    SINL void kara_ool(VEC* c, const VEC* x, const VEC* y) { kara_t<S>(c, x, y); }                             \
    /* kara_t's halves: out of line where SINL says so at the middle level of the batch sizes 32 / 44 / 52 */ \
    template <size_t S>                                                                                        \
    INL void kara_sub(VEC* c, const VEC* x, const VEC* y) {                                                    \
        if constexpr (S == 16 || S == 22 || S == 26) kara_ool<S>(c, x, y);                                   \
        else kara_t<S>(c, x, y);                                                                               \
    }                                                                                                          \
    /* c: batches x cstride vectors (zero from 2S on), x and y: batches x S */                                 \
    template <size_t S>                                                                                        \
    FN void batch_products(void* cv, const void* xv, const void* yv, size_t batches, size_t cstride) {        \
        VEC* c = static_cast<VEC*>(cv);                                                                        \
        const VEC *x = static_cast<const VEC*>(xv), *y = static_cast<const VEC*>(yv);                          \
        for (size_t t = 0; t < batches; ++t) {                                                                 \
            kara_t<S>(c + t * cstride, x + t * S, y + t * S);                                                  \
            for (size_t k = 2 * S; k < cstride; ++k) c[t * cstride + k] = ZERO();                              \
        }                                                                                                      \
    }                                                                                                          \
    }  // namespace NS

#define PQMCU_AVX512_INLINE __attribute__((target("avx2,avx512f,avx512bw"), always_inline)) inline
#define PQMCU_AVX512 __attribute__((target("avx2,avx512f,avx512bw")))
// Sanitizer builds (the fuzz and host-debug presets) keep the schoolbooks
// and Karatsuba levels as separate functions: inlined and unrolled, clang 14
// took over 4 minutes to instrument this file (4.5 s so).
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PQMCU_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define PQMCU_SANITIZED 1
#endif
#if defined(PQMCU_SANITIZED)
#define PQMCU_T_AVX2 __attribute__((target("avx2"), noinline))
#define PQMCU_T_AVX512 __attribute__((target("avx2,avx512f,avx512bw"), noinline))
#else
#define PQMCU_T_AVX2 PQMCU_AVX2_INLINE
#define PQMCU_T_AVX512 PQMCU_AVX512_INLINE
#endif
// The ymm schoolbooks stay out of line (one copy each, called 9 times a batch).
#define PQMCU_S_AVX2 __attribute__((target("avx2"), noinline, aligned(64)))
PQMCU_TRANSPOSED_PRODUCTS(ymm, PQMCU_T_AVX2, PQMCU_S_AVX2, PQMCU_AVX2, __m256i, _mm256_mullo_epi16, _mm256_add_epi16,
                          _mm256_sub_epi16, _mm256_setzero_si256)
PQMCU_TRANSPOSED_PRODUCTS(zmm, PQMCU_T_AVX512, PQMCU_T_AVX512, PQMCU_AVX512, __m512i, _mm512_mullo_epi16, _mm512_add_epi16,
                          _mm512_sub_epi16, _mm512_setzero_si512)
using BatchFn = void (*)(void*, const void*, const void*, size_t, size_t);

constexpr size_t kPieces = 64, kBatches = kPieces / V;
// The chunk sizes s (multiples of 4) instantiated; n <= 16 s (509 -> 32,
// 677 / 701 -> 44, 821 -> 52, others the next one up).
constexpr size_t kChunk[] = {32, 44, 52, 64};
static_assert(toom_chunk(512) == 32 && toom_chunk(513) == 44 && toom_chunk(704) == 44 && toom_chunk(705) == 52 &&
              toom_chunk(832) == 52 && toom_chunk(833) == 64 && toom_chunk(kMaxN) == 64);
constexpr BatchFn kBatch[] = {ymm::batch_products<32>, ymm::batch_products<44>, ymm::batch_products<52>,
                              ymm::batch_products<64>};
constexpr BatchFn kBatchZmm[] = {zmm::batch_products<32>, zmm::batch_products<44>, zmm::batch_products<52>,
                                 zmm::batch_products<64>};
// Where batch beta's vector j sits (in 32-byte vectors) among batches of
// `stride` vectors: in order on ymm; on zmm batches 2i and 2i + 1 as the
// halves of one zmm vector.
PQMCU_AVX2_INLINE size_t vec_at(bool zmm, size_t beta, size_t j, size_t stride) {
    return zmm ? 2 * (beta / 2 * stride + j) + beta % 2 : beta * stride + j;
}
constexpr size_t kMaxChunk = 64;
static_assert(16 * kMaxChunk >= kMaxN);
constexpr size_t round16(size_t x) { return (x + V - 1) / V * V; }

// The operand's 64 pieces, transposed into batches: t[vec_at(beta, j)] lane l
// = coefficient j of piece 16 beta + l. p is the operand padded to 16 s
// words (+ round16(s) of slack), read through chunk loads masked to s
// coefficients. Per block of 16 coefficients the 64 piece vectors are built
// in a 2 KB buffer (pv) and transposed from there.
__attribute__((target("avx2"), noinline, aligned(64))) void to_batches(__m256i* t, const uint16_t* p, size_t s, bool zmm, __m256i* pv) {
    const __m256i lane = _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    pv[kPieces - 1] = _mm256_setzero_si256();
    for (size_t j = 0; j < s; j += V) {
        // lanes with j + l < s
        const __m256i keep = _mm256_cmpgt_epi16(_mm256_set1_epi16(int16_t(s - j)), lane);
        __m256i e[4][7];
        for (size_t q = 0; q < 4; ++q) {
            const __m256i a0 = _mm256_and_si256(keep, ld(p + q * s + j)),
                          a1 = _mm256_and_si256(keep, ld(p + (4 + q) * s + j)),
                          a2 = _mm256_and_si256(keep, ld(p + (8 + q) * s + j)),
                          a3 = _mm256_and_si256(keep, ld(p + (12 + q) * s + j));
            const __m256i e02 = add(a0, a2), e13 = add(a1, a3);
            const __m256i f02 = add(a0, shl<2>(a2)), f13 = add(shl<1>(a1), shl<3>(a3));
            e[q][0] = a0;
            e[q][1] = add(e02, e13);
            e[q][2] = sub(e02, e13);
            e[q][3] = add(f02, f13);
            e[q][4] = sub(f02, f13);
            e[q][5] = add(add(shl<3>(a0), shl<2>(a1)), add(shl<1>(a2), a3));
            e[q][6] = a3;
        }
        // Karatsuba pieces of point pt: E0, E1, E0+E1, E2, E3, E2+E3, E0+E2, E1+E3, sum.
        for (size_t pt = 0; pt < 7; ++pt) {
            const __m256i e0 = e[0][pt], e1 = e[1][pt], e2 = e[2][pt], e3 = e[3][pt];
            __m256i* o = pv + 9 * pt;
            o[0] = e0, o[1] = e1, o[2] = add(e0, e1), o[3] = e2, o[4] = e3, o[5] = add(e2, e3);
            o[6] = add(e0, e2), o[7] = add(e1, e3), o[8] = add(o[2], o[5]);
        }
        for (size_t beta = 0; beta < kBatches; ++beta) {
            __m256i out[V];
            transpose16(out, pv + V * beta);
            for (size_t r = 0; r < V && j + r < s; ++r) t[vec_at(zmm, beta, j + r, s)] = out[r];
        }
    }
}

// Toom-4's interpolation over the points' limb products, each summed from
// its Q_k (see mul_toom4_t) as it is needed: full[0 .. 8 L) = the product.
template <size_t S>
__attribute__((target("avx2"), noinline, aligned(64))) void interpolate_q(uint16_t* full, const uint16_t* pq) {
    constexpr size_t so = round16(2 * S), ps = so + V, L = 4 * S;
    const __m256i zero = _mm256_setzero_si256();
    const __m256i inv3 = _mm256_set1_epi16(int16_t(0xAAAB)), inv9 = _mm256_set1_epi16(int16_t(0x8E39)),
                  inv15 = _mm256_set1_epi16(int16_t(0xEEEF)), k17 = _mm256_set1_epi16(17), k3 = _mm256_set1_epi16(3);
    // Limb product pt's 16 words at x: the Q_k shifted by k s that reach them
    // (a slot read from 16 words below to its end and the next guard is zeros).
    // (S a constant and the loops unrolled: which Q_k reach x is known at
    // compile time.)
    constexpr ptrdiff_t sd = ptrdiff_t(S), sod = ptrdiff_t(so);
    const auto limb = [&](size_t pt, ptrdiff_t x) __attribute__((target("avx2"), always_inline)) {
        const uint16_t* q = pq + 7 * pt * ps;
        __m256i v = zero;
        _Pragma("GCC unroll 7") for (ptrdiff_t kk = 0; kk < 7; ++kk)
            if (const ptrdiff_t y = x - kk * sd; y > -ptrdiff_t(V) && y < sod) v = add(v, ld(q + size_t(kk) * ps + y));
        return v;
    };
    // The seven coefficients carried by limb-product index i (Toom-4's interpolation).
    const auto coefficients = [&](__m256i* coef, ptrdiff_t i) __attribute__((target("avx2"), always_inline)) {
        const __m256i w0 = limb(0, i), w1 = limb(1, i), wm1 = limb(2, i), w2 = limb(3, i), wm2 = limb(4, i),
                      wh = limb(5, i), wi = limb(6, i);
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
        coef[0] = c0, coef[1] = _mm256_mullo_epi16(sub(C, t3), inv15), coef[2] = c2, coef[3] = c3, coef[4] = c4;
        coef[5] = _mm256_mullo_epi16(sub(B, t3), inv15), coef[6] = c6;
    };
    // Coefficient t of index i lands at t L + i; indices i and i + L (i < L)
    // share those places: each output vector is stored once (no zeroing).
    _Pragma("GCC unroll 16") for (size_t i = 0; i < L; i += V) {
        __m256i lo[7], hi[7];
        coefficients(lo, ptrdiff_t(i));
        coefficients(hi, ptrdiff_t(i + L));
        st(full + i, lo[0]);
        for (size_t t = 1; t < 7; ++t) st(full + t * L + i, add(lo[t], hi[t - 1]));
        st(full + 7 * L + i, hi[6]);
    }
}

// mul_toom4_t's buffers (toom_layout's sizes), all secret-dependent: ap, bp
// the padded operands; pv to_batches' piece vectors; buf1 the transposed
// products, then the 8 L-word product; buf2 a's and b's transposed pieces,
// then the points' Q_k (guarded).
struct ToomBufs {
    uint16_t *ap, *bp, *buf1, *buf2;
    __m256i* pv;
};

// Ternary: b in {0,1,2} standing for {0,1,-1}, mapped to {0,1,0xFFFF} as it is copied.
template <bool Nega, bool Ternary = false>
PQMCU_AVX2 void mul_toom4_t(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, const ToomBufs& B) {
    constexpr size_t G = V;
    size_t ci = 0;
    while (16 * kChunk[ci] < n) ++ci;
    // ss: s rounded up (the operands' slack); so: a piece product's slot; ps:
    // with a zero guard below.
    const size_t s = kChunk[ci], ss = round16(s), so = round16(2 * s), ps = so + G;
    uint16_t *ap = B.ap, *bp = B.bp, *buf1 = B.buf1, *buf2 = B.buf2;
    __m256i *ta = reinterpret_cast<__m256i*>(buf2), *tb = ta + kBatches * s;
    std::memcpy(ap, a, 2 * n);
    if constexpr (Ternary) {
        const __m256i zero = _mm256_setzero_si256();
        size_t i = 0;
        for (; i + V <= n; i += V) {
            const __m256i t = ld(b + i);
            st(bp + i, _mm256_or_si256(t, _mm256_sub_epi16(zero, _mm256_srli_epi16(t, 1))));
        }
        for (; i < n; ++i) bp[i] = uint16_t(b[i] | (0u - (b[i] >> 1)));
    } else {
        std::memcpy(bp, b, 2 * n);
    }
    std::memset(ap + n, 0, 2 * (16 * s + ss - n));
    std::memset(bp + n, 0, 2 * (16 * s + ss - n));
    const x86::CpuFeatures& cpu = x86::cpu_features();
    const bool zmm = cpu.avx512bw;  // the same products on 32 lanes
    to_batches(ta, ap, s, zmm, B.pv);
    to_batches(tb, bp, s, zmm, B.pv);
    __m256i* tc = reinterpret_cast<__m256i*>(buf1);  // kBatches x so vectors
    if (zmm) kBatchZmm[ci](tc, ta, tb, kBatches / 2, so);
    else kBatch[ci](tc, ta, tb, kBatches, so);
    // Both Karatsuba levels of a point at once: its limb product is
    // sum_k Q_k x^(k s), Q_k the coefficient of X^k in
    // (A0 + A1 X + A2 X^2 + A3 X^3)(B0 + ..), from the pieces P0 .. P8 (A0 B0,
    // A1 B1, (A0 + A1)(B0 + B1), A2 B2, A3 B3, (A2 + A3)(..), (A0 + A2)(..),
    // (A1 + A3)(..), (A0 + .. + A3)(..)). Per block of 16 coefficients the 4
    // batches are transposed back into registers and the 7 points' Q_k
    // (2 s - 1 words each) stored: no piece products in memory.
    uint16_t* pq = buf2 + G;  // Q_k of point pt at pq + (7 pt + k) ps, zeros in the G words below each and above the last
    constexpr size_t kQ = 7 * 7;
    for (size_t i = 0; i <= kQ; ++i) st(pq + i * ps - G, _mm256_setzero_si256());
    // The 64 piece vectors of a block go to pv (to_batches is done with it):
    // secret-dependent, they stay in the buffers the caller wipes.
    __m256i* const pcs = B.pv;
    for (size_t k = 0; k < so; k += V) {
        for (size_t beta = 0; beta < kBatches; ++beta) {
            __m256i in[V];
            for (size_t r = 0; r < V; ++r) in[r] = tc[vec_at(zmm, beta, k + r, so)];
            transpose16(pcs + V * beta, in);
        }
        for (size_t pt = 0; pt < 7; ++pt) {
            // (loaded before the stores below, which may alias pcs for the compiler)
            __m256i P[9];
            for (size_t r = 0; r < 9; ++r) P[r] = pcs[9 * pt + r];
            uint16_t* q = pq + 7 * pt * ps + k;
            const __m256i p01 = add(P[0], P[1]), p34 = add(P[3], P[4]);
            st(q, P[0]);
            st(q + ps, sub(P[2], p01));
            st(q + 2 * ps, sub(add(P[1], P[6]), add(P[0], P[3])));
            st(q + 3 * ps, add(sub(add(p01, p34), add(add(P[2], P[5]), add(P[6], P[7]))), P[8]));
            st(q + 4 * ps, sub(add(P[3], P[7]), add(P[1], P[4])));
            st(q + 5 * ps, sub(P[5], p34));
            st(q + 6 * ps, P[4]);
        }
    }
    uint16_t* full = buf1;
    switch (ci) {
    case 0: interpolate_q<kChunk[0]>(full, pq); break;
    case 1: interpolate_q<kChunk[1]>(full, pq); break;
    case 2: interpolate_q<kChunk[2]>(full, pq); break;
    default: interpolate_q<kChunk[3]>(full, pq); break;
    }
    size_t i = 0;
    for (; i + V <= n; i += V) {
        const __m256i lo = ld(full + i), hi = ld(full + n + i);
        st(c + i, Nega ? sub(lo, hi) : add(lo, hi));
    }
    for (; i < n; ++i) c[i] = Nega ? uint16_t(full[i] - full[n + i]) : uint16_t(full[i] + full[n + i]);
}

// The buffers on the stack, wiped after the product.
template <bool Nega>
PQMCU_AVX2 void mul_toom4_stack(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    constexpr ToomLayout M = toom_layout(kMaxChunk);
    const ToomLayout l = toom_layout(toom_chunk(n));
    alignas(64) uint16_t ap[M.operand], bp[M.operand], buf1[M.buf1], buf2[M.buf2];
    alignas(64) __m256i pv[kPieces];
    static_assert(M.pv == kPieces * V);
    mul_toom4_t<Nega>(c, a, b, n, ToomBufs{ap, bp, buf1, buf2, pv});
    wipe(ap, 2 * l.operand), wipe(bp, 2 * l.operand), wipe(pv, sizeof pv);
    wipe(buf1, 2 * l.buf1), wipe(buf2, 2 * l.buf2);
}
}  // namespace

bool enabled() { return x86::cpu_features().avx2; }

void mul_cyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { mul_reduced<false>(c, a, b, n); }
void mul_negacyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { mul_reduced<true>(c, a, b, n); }

void mul_cyclic_13(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    if (n < kToomMin) mul_reduced<false>(c, a, b, n);
    else mul_toom4_stack<false>(c, a, b, n);
}

namespace {
// The buffers in the caller's scratch: 64-byte aligned regions (the batch
// products load whole zmm vectors).
ToomBufs scratch_bufs(uint16_t* scratch, size_t n) {
    const ToomLayout l = toom_layout(toom_chunk(n));
    uint16_t* p = scratch + (-(reinterpret_cast<uintptr_t>(scratch) / 2) & 31);
    uint16_t *ap = p, *bp = ap + l.operand, *buf1 = bp + l.operand, *buf2 = buf1 + l.buf1;
    return ToomBufs{ap, bp, buf1, buf2, reinterpret_cast<__m256i*>(buf2 + l.buf2)};
}
}  // namespace

void mul_cyclic_13(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch) {
    if (n < kToomMin) return mul_reduced<false>(c, a, b, n);
    mul_toom4_t<false>(c, a, b, n, scratch_bufs(scratch, n));
}

bool mul_cyclic_13_ternary(uint16_t* c, const uint16_t* a, const uint16_t* t, size_t n, uint16_t* scratch) {
    if (n < kToomMin || n > kMaxN) return false;
    mul_toom4_t<false, true>(c, a, t, n, scratch_bufs(scratch, n));
    return true;
}

}  // namespace pqmcu::polymul::avx2
