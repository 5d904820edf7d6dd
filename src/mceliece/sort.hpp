// SPDX-License-Identifier: Apache-2.0 OR MIT
// Constant-time sorting of a power-of-two number of words (bitonic
// network: which pairs are compared depends only on n; each compare-exchange
// is a masked swap). Values must be below 2^63 (uint64_t) or 2^31 (uint32_t).
#pragma once
#include <cstddef>
#include <cstdint>

#if defined(PQMCU_MCE_X86)
#include "mceliece/x86.hpp"
#endif

namespace pqmcu::mceliece {

template <class T>
inline void ct_minmax(T& a, T& b) {
    const uint64_t x = a, y = b;
    const uint64_t swap = 0 - ((y - x) >> 63);  // y < x (both < 2^63)
    const uint64_t d = (x ^ y) & swap;
    a = T(x ^ d);
    b = T(y ^ d);
}

// uint32 values below 2^31 (the control-bit recursion's packed pairs): the
// difference fits a signed word, so the swap mask is one arithmetic shift
// (SIMD-friendly).
inline void ct_minmax(uint32_t& a, uint32_t& b) {
    const uint32_t x = a, y = b;
    const uint32_t swap = uint32_t(int32_t(y - x) >> 31);  // y < x
    const uint32_t d = (x ^ y) & swap;
    a = x ^ d;
    b = y ^ d;
}

// Eight uint32 words in registers: the network's first three merge stages
// (k = 2, 4, 8), and the last three half-cleaners (spans 4, 2, 1) of a later
// stage. One load and store per word instead of one per comparison (the
// control bits' sorts of 2^12 / 2^13 words are most of key generation on the M4).
inline void ct_sort8(uint32_t* p) {
    uint32_t a0 = p[0], a1 = p[1], a2 = p[2], a3 = p[3], a4 = p[4], a5 = p[5], a6 = p[6], a7 = p[7];
    ct_minmax(a0, a1), ct_minmax(a2, a3), ct_minmax(a4, a5), ct_minmax(a6, a7);
    ct_minmax(a0, a3), ct_minmax(a1, a2), ct_minmax(a4, a7), ct_minmax(a5, a6);
    ct_minmax(a0, a1), ct_minmax(a2, a3), ct_minmax(a4, a5), ct_minmax(a6, a7);
    ct_minmax(a0, a7), ct_minmax(a1, a6), ct_minmax(a2, a5), ct_minmax(a3, a4);
    ct_minmax(a0, a2), ct_minmax(a1, a3), ct_minmax(a4, a6), ct_minmax(a5, a7);
    ct_minmax(a0, a1), ct_minmax(a2, a3), ct_minmax(a4, a5), ct_minmax(a6, a7);
    p[0] = a0, p[1] = a1, p[2] = a2, p[3] = a3, p[4] = a4, p[5] = a5, p[6] = a6, p[7] = a7;
}
inline void ct_clean8(uint32_t* p) {
    uint32_t a0 = p[0], a1 = p[1], a2 = p[2], a3 = p[3], a4 = p[4], a5 = p[5], a6 = p[6], a7 = p[7];
    ct_minmax(a0, a4), ct_minmax(a1, a5), ct_minmax(a2, a6), ct_minmax(a3, a7);
    ct_minmax(a0, a2), ct_minmax(a1, a3), ct_minmax(a4, a6), ct_minmax(a5, a7);
    ct_minmax(a0, a1), ct_minmax(a2, a3), ct_minmax(a4, a5), ct_minmax(a6, a7);
    p[0] = a0, p[1] = a1, p[2] = a2, p[3] = a3, p[4] = a4, p[5] = a5, p[6] = a6, p[7] = a7;
}

// Ascending sort of x[0..n), n a power of two.
template <class T>
inline void ct_sort(T* x, size_t n) {
    if constexpr (sizeof(T) == 4) {
#if defined(PQMCU_MCE_X86)
        if (const X86Kernels* k = x86_kernels(); k != nullptr && n >= 64) {  // AVX2 (x86_avx2.cpp)
            k->sort32(x, n);
            return;
        }
#endif
        if (n >= 8) {  // the same comparisons, the small spans blocked by eight
            for (size_t i = 0; i < n; i += 8) ct_sort8(x + i);
            for (size_t k = 16; k <= n; k <<= 1) {
                // The reversed comparison and the span-k/4 half-cleaners together,
                // four words at a time: {j, j + k/4, k-1-j-k/4, k-1-j}.
                const size_t q = k / 4;
                for (size_t i = 0; i < n; i += k) {
                    T* lo = x + i;
                    T* hi = x + i + k - 1;
                    for (size_t j = 0; j < q; ++j) {
                        T a = lo[j], b = lo[j + q], c = hi[-ptrdiff_t(j + q)], d = hi[-ptrdiff_t(j)];
                        ct_minmax(a, d), ct_minmax(b, c);
                        ct_minmax(a, b), ct_minmax(c, d);
                        lo[j] = a, lo[j + q] = b, hi[-ptrdiff_t(j + q)] = c, hi[-ptrdiff_t(j)] = d;
                    }
                }
                // Spans k/8 .. 8: two at a time on four words {j, j + s/2, j + s, j + 3s/2}.
                size_t s = k / 8;
                for (; s >= 16; s >>= 2)
                    for (size_t i = 0; i < n; i += 2 * s) {
                        T* a = x + i;
                        const size_t h = s / 2;
                        for (size_t j = 0; j < h; ++j) {
                            T a0 = a[j], a1 = a[j + h], a2 = a[j + s], a3 = a[j + s + h];
                            ct_minmax(a0, a2), ct_minmax(a1, a3);
                            ct_minmax(a0, a1), ct_minmax(a2, a3);
                            a[j] = a0, a[j + h] = a1, a[j + s] = a2, a[j + s + h] = a3;
                        }
                    }
                if (s == 8)
                    for (size_t i = 0; i < n; i += 16)
                        for (size_t j = i; j < i + 8; ++j) ct_minmax(x[j], x[j + 8]);
                if (k == 16) {  // spans 2, 1 left
                    for (size_t i = 0; i < n; i += 4) {
                        T a0 = x[i], a1 = x[i + 1], a2 = x[i + 2], a3 = x[i + 3];
                        ct_minmax(a0, a2), ct_minmax(a1, a3);
                        ct_minmax(a0, a1), ct_minmax(a2, a3);
                        x[i] = a0, x[i + 1] = a1, x[i + 2] = a2, x[i + 3] = a3;
                    }
                } else {
                    for (size_t i = 0; i < n; i += 8) ct_clean8(x + i);
                }
            }
            return;
        }
    }
    for (size_t k = 2; k <= n; k <<= 1) {
        // merge bitonic runs of length k: first the reversed comparison ...
        for (size_t i = 0; i < n; i += k)
            for (size_t j = 0; j < k / 2; ++j) ct_minmax(x[i + j], x[i + k - 1 - j]);
        // ... then half-cleaners of decreasing span
        for (size_t s = k / 4; s > 0; s >>= 1)
            for (size_t i = 0; i < n; i += 2 * s)
                for (size_t j = i; j < i + s; ++j) ct_minmax(x[j], x[j + s]);
    }
}

}  // namespace pqmcu::mceliece
