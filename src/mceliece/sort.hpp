// SPDX-License-Identifier: Apache-2.0 OR MIT
// Constant-time sorting of a power-of-two number of words (bitonic
// network: which pairs are compared depends only on n; each compare-exchange
// is a masked swap). Values must be below 2^63 (uint64_t) or 2^31 (uint32_t).
#pragma once
#include <cstddef>
#include <cstdint>

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

// Ascending sort of x[0..n), n a power of two.
template <class T>
inline void ct_sort(T* x, size_t n) {
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
