// SPDX-License-Identifier: Apache-2.0 OR MIT
// Inversions mod (3, Phi_n) and mod (2, Phi_n) by batched ("jump") divsteps:
// the 2x2 transition matrix of a batch of divsteps is computed on the low
// coefficients only (bit-sliced, one word), then applied to the whole
// polynomials with integer products: mod 3 on byte lanes (four coefficients
// per 32-bit word, 32 x 32 -> 64-bit multiply-accumulate: UMLAL on the M4,
// reduced mod 3 once per output word), mod 2 as carry-less products built
// from UMULL. The same iterations and the same results as engine.cpp's
// s3_inverse / r2_inverse, which stay as the references the tests compare
// against. Key generation runs both in the product scratch (Work::mul).
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::ntru::detail {

// Divsteps per jump: a multiple of four (the division of f, g by x^steps is
// a whole number of byte-lane words) with every lane sum of the products
// below 256 (2 (steps + 1) terms of at most 2 * 2).
inline constexpr size_t kJumpSteps = 28;
static_assert(kJumpSteps % 4 == 0 && 8 * (kJumpSteps + 1) < 256 && kJumpSteps + 4 <= 32);

// 32-bit words of s3_inverse_jump's scratch: f, g, v, w and the four the
// products write to (each with 8 zero words below and above), the two matrices.
constexpr size_t s3_jump_scratch_words(size_t n) { return 8 * ((n + 3) / 4 + 16) + 64; }

// r = a^-1 mod (3, Phi_n), coefficients {0,1,2}, r[n-1] = 0; a in {0,1,2}^n.
// `scratch`: s3_jump_scratch_words(n) words (4-byte aligned). Constant time.
void s3_inverse_jump(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch);

// r = a^-1 mod (2, Phi_n), coefficients {0,1}, r[n-1] = 0: the divstep
// iteration in jumps of 31 steps applied by carry-less products (inverse.cpp).
// `scratch`: r2_jump_scratch_words(n) words. Constant time.
constexpr size_t r2_jump_scratch_words(size_t n) { return 8 * ((n + 31) / 32 + 4) + 4; }
void r2_inverse_jump(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch);
// The same r by exponentiation, a^(2^(n-1) - 2) (Itoh-Tsujii: ~log2 n + popcount(n - 2)
// carry-less products and coefficient permutations; inverse.cpp). `scratch`:
// r2_exp_scratch_words(n) words. Constant time.
constexpr size_t r2_exp_karatsuba_words(size_t m) {
    return m <= 2 ? 0 : 4 * ((m + 1) / 2) + r2_exp_karatsuba_words((m + 1) / 2);
}
constexpr size_t r2_exp_scratch_words(size_t n) {
    return 14 * ((n + 31) / 32) + 2 + r2_exp_karatsuba_words((n + 31) / 32);
}
void r2_inverse_exp(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch);

}  // namespace pqmcu::ntru::detail
