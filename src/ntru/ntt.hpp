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
// "Big x small" (decryption's c f, encryption's r h, the S3 product): one
// operand centred mod q, the other with |b| <= 2. Big x big (decryption's
// (c - Lift(m)) h^-1): h^-1 is cut into signed digits small enough for the
// bound, one inverse transform per digit (mul_split).
//
// Arithmetic: signed 32-bit Montgomery products (R = 2^32), reductions by
// x - kP * round(x / 2^27) (kP is 2^27 - 2047); no secret-dependent branch
// or index (the index maps depend on n only).
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::ntru::ntt {

inline constexpr int32_t kP = 134215681;

// The transform length for n (0: no transform here, the caller uses Toom).
constexpr size_t length(size_t n) {
    const size_t m = 2 * n - 1;
    return m <= 1024 ? 1024 : m <= 1536 ? 1536 : m <= 2048 ? 2048 : 0;
}
// int32 words of scratch: two transforms.
constexpr size_t scratch_words(size_t n) { return 2 * length(n); }

// Signed digits of s bits for the big x big product: s is the largest with
// n (q/2) 2^(s-1) < kP / 2; `digits` of them cover logq bits.
constexpr uint32_t split_bits(size_t n, uint32_t logq) {
    uint32_t s = 1;
    while (uint64_t(n) * (uint64_t(1) << (logq - 1)) * (uint64_t(1) << s) < uint64_t(kP) / 2) ++s;
    return s;
}
constexpr uint32_t split_digits(size_t n, uint32_t logq) {
    const uint32_t s = split_bits(n, logq);
    return (logq + s - 1) / s;
}

// How an operand's uint16 coefficients are read: centred mod 2^bits
// (bits = 1..16), or as they are (bits = 0; the S3 values {0,1,2}).
// c = a b mod (x^n - 1), mod 2^16. Needs n |a| |b| < kP / 2 for the values
// read; `scratch`: scratch_words(n). c may alias a or b.
void mul(uint16_t* c, const uint16_t* a, unsigned abits, const uint16_t* b, unsigned bbits, size_t n,
         int32_t* scratch);
// c = a b mod (x^n - 1), mod 2^logq (higher bits garbage); a and b centred
// mod 2^logq (any values): b is cut into split_digits() signed digits.
// c may alias a, not b (b is read once per digit).
void mul_split(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t logq, int32_t* scratch);

}  // namespace pqmcu::ntru::ntt
