// SPDX-License-Identifier: Apache-2.0 OR MIT
// Multiplication in Z_{2^m}[x] (m <= 16): coefficients are uint16_t and every
// result is exact mod 2^16, hence mod any 2^m; callers mask to their own q.
//
//   polymul::mul(c, a, b, n)            c = a * b, 2n - 1 coefficients
//   polymul::mul_cyclic(c, a, b, n)     c = a * b mod (x^n - 1)   (NTRU)
//   polymul::mul_negacyclic(c, a, b, n) c = a * b mod (x^n + 1)   (Saber)
//
// Inputs and outputs may not overlap. No heap: scratch lives on the stack,
// bounded by kMaxN. Faster methods (Karatsuba, Toom-3/4, Toom-4+3) sit
// behind these entry points and are chosen per n at compile time.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::polymul {

inline constexpr size_t kMaxN = 1536;  // NTRU up to ntruhrss1373

// The plain O(n^2) product: the reference every faster method is tested against.
inline void mul_schoolbook(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    for (size_t k = 0; k + 1 < 2 * n; ++k) c[k] = 0;
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < n; ++j) c[i + j] = uint16_t(c[i + j] + uint32_t(a[i]) * b[j]);
}

void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n);
void mul_cyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n);
void mul_negacyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n);

}  // namespace pqmcu::polymul
