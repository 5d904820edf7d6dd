// SPDX-License-Identifier: Apache-2.0 OR MIT
// NTRU's ring products through a cyclic NTT over the prime kP = 134,215,681
// (= 1 + 21845 * 6144: roots of unity of order 2048 and 3), for n <= 1024.
// The integer product of a (|a_i| <= A) and b (|b_i| <= B) has coefficients
// of absolute value <= n A B; when that is < kP / 2 the product computed mod
// kP and centred is the integer product, and its low bits are the product
// mod 2^16 (so mod q). It is computed mod x^N - 1 with N >= 2n - 1 (no
// wrap), then folded mod x^n - 1:
//   N = 1024 (n = 509): a radix-2 transform;
//   N = 1536 (n = 677, 701): Good's permutation, Z[x]/(x^1536 - 1) =
//     Z[y]/(y^3 - 1) (x) Z[z]/(z^512 - 1) with x -> y z, a 3-point DFT per
//     column, then a 512-point transform per row;
//   N = 2048 (n = 821): radix-2.
// "Big x small" (decryption's c f, encryption's r h, the S3 product, key
// generation's products with f and g and the Newton steps while r is
// needed to 4 bits or fewer): one operand centred mod q, the other with
// |b| <= 8. The products of two big operands stay on Toom-4 (their
// integer coefficients, up to n q^2 / 4, do not fit this prime; cutting one
// operand into digits cost more than Toom-4 on the M4).
// Scratch: the first operand's whole transform and one 512-point block of
// the second's (the transforms are blocks of 512 after a first stage).
//
// Arithmetic: signed 32-bit Montgomery products (R = 2^32), reductions by
// x - kP * round(x / 2^27) (kP is 2^27 - 2047); no secret-dependent branch
// or index (the index maps depend on n only).
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::ntru::ntt {

inline constexpr int32_t kP = 134215681;
inline constexpr unsigned kTernary = 32;  // an operand's width code: {0,1,2} read as {0,1,-1}

// The transform length for n (0: no transform here, the caller uses Toom).
constexpr size_t length(size_t n) {
    const size_t m = 2 * n - 1;
    return m <= 1024 ? 1024 : m <= 1536 ? 1536 : m <= 2048 ? 2048 : 0;
}
// int32 words of scratch: one transform and one block.
constexpr size_t scratch_words(size_t n) { return length(n) + 512; }

// How an operand's uint16 coefficients are read: centred mod 2^bits
// (bits = 1..16), or as they are (bits = 0; the S3 values {0,1,2}), or
// as ternary values (bits = kTernary: {0,1,2} read as {0,1,-1}).
// c = a b mod (x^n - 1), mod 2^16. Needs n |a| |b| < kP / 2 for the values
// read; `scratch`: scratch_words(n). c may alias a or b.
void mul(uint16_t* c, const uint16_t* a, unsigned abits, const uint16_t* b, unsigned bbits, size_t n,
         int32_t* scratch);
}  // namespace pqmcu::ntru::ntt
