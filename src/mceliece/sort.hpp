// SPDX-License-Identifier: Apache-2.0 OR MIT
// Constant-time sorting of a power-of-two number of words (bitonic
// network: which pairs are compared depends only on n; each compare-exchange
// is a masked swap). Values must be below 2^63.
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
