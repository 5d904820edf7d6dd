// SPDX-License-Identifier: Apache-2.0 OR MIT
// AVX2 products in Z_{2^16}[x] for x86-64 hosts, chosen at run time
// (polymul_avx2.cpp; PQMCU_CPU_DISABLE=avx2 forces the portable methods).
// Karatsuba over operands zero-padded to 16 * K * 2^L coefficients, its
// base cases schoolbooks of K 16-lane vectors (vpmullw / vpaddw), exact mod
// 2^16 like polymul::Karatsuba. No branch or index depends on coefficient
// values. Stack: ~16 KB (padded operands, product, Karatsuba temporaries);
// mul_cyclic_13 ~40 KB (padded operands, transposed batches and products), wiped
// (or in the caller's scratch, unwiped).
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

// The Toom-4 chunk s for n (n <= 16 s) and the words of each of
// mul_cyclic_13's buffers at that s (multiples of 32: 64-byte aligned).
constexpr size_t toom_chunk(size_t n) { return n <= 512 ? 32 : n <= 704 ? 44 : n <= 832 ? 52 : 64; }
struct ToomLayout {
    size_t operand, buf1, buf2, pv;
};
constexpr ToomLayout toom_layout(size_t s) {
    const auto r32 = [](size_t x) { return (x + 31) / 32 * 32; };
    const size_t so = (2 * s + 15) / 16 * 16, g = 16;
    // buf1: the transposed products, then the 8 L-word product; buf2: the
    // transposed operands, then the 49 guarded Q_k slots
    const size_t t1 = 4 * so * 16, z1 = 8 * 4 * s;
    const size_t t2 = 2 * 4 * s * 16, p2 = 50 * (so + g) + g;
    return {r32(16 * s + (s + 15) / 16 * 16), r32(t1 > z1 ? t1 : z1), r32(t2 > p2 ? t2 : p2), 64 * 16};
}
// mul_cyclic_13's scratch words at n (~14 K at 701): for callers that keep
// the buffers in a workspace they wipe once per operation.
constexpr size_t mul13_scratch_words(size_t n) {
    const ToomLayout l = toom_layout(toom_chunk(n));
    return 2 * l.operand + l.buf1 + l.buf2 + l.pv + 32;
}
// The same product with its buffers in `scratch` (mul13_scratch_words(n)
// words, 2-byte aligned), which it leaves unwiped: the caller wipes it.
void mul_cyclic_13(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch);
// The same with t in {0,1,2} standing for {0,1,-1} (read as it is, mapped to
// {0,1,0xFFFF} while it is copied into the scratch): c = a t mod (x^n - 1),
// exact mod 2^13. Toom-4 only: false (nothing done) for n < kToomMin.
bool mul_cyclic_13_ternary(uint16_t* c, const uint16_t* a, const uint16_t* t, size_t n, uint16_t* scratch);

}  // namespace pqmcu::polymul::avx2
