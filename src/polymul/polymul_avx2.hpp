// SPDX-License-Identifier: Apache-2.0 OR MIT
// AVX2 products in Z_{2^16}[x] for x86-64 hosts, chosen at run time
// (polymul_avx2.cpp; PQMCU_CPU_DISABLE=avx2 forces the portable methods).
// Karatsuba over operands zero-padded to 16 * K * 2^L coefficients, its
// base cases schoolbooks of K 16-lane vectors (vpmullw / vpaddw), exact mod
// 2^16 like polymul::Karatsuba. No branch or index depends on coefficient
// values. Stack: ~16 KB (padded operands, product, Karatsuba temporaries);
// mul_cyclic_13 ~40 KB (padded operands, transposed batches and products), wiped.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::polymul::avx2 {

inline constexpr size_t kMaxN = 1024;

// True when built for x86-64 and the CPU (after PQMCU_CPU_DISABLE) has AVX2.
bool enabled();

// c = a b mod (x^n - 1) / (x^n + 1), n coefficients, 1 <= n <= kMaxN; only
// after enabled(). c may alias a or b.
void mul_cyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n);
void mul_negacyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n);

// c = a b mod (x^n - 1) exact mod 2^13 only (the top three bits of each
// coefficient are garbage): from n = kToomMin Toom-4 over two Karatsuba
// levels, its 63 small products 16 at a time in transposed form (its
// interpolation divides by 8); the Karatsuba above below kToomMin. For NTRU
// with q <= 2^13. c may alias a or b.
inline constexpr size_t kToomMin = 256;
void mul_cyclic_13(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n);

}  // namespace pqmcu::polymul::avx2
