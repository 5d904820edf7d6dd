// SPDX-License-Identifier: Apache-2.0 OR MIT
// NTRU's "big x big" ring product (decryption's (c - Lift(m)) h^-1, both
// operands full mod q) through one cyclic NTT over a 30-bit prime, for
// n <= 512 and q <= 2048 (ntruhps2048509). With both operands centred
// (|a_i|, |b_i| <= q/2) every coefficient of the cyclic product is a sum of
// n products, below n q^2 / 4 = 509 * 2^20 = 533,725,184 in absolute value,
// and kP / 2 = 536,853,504 is above that: the product computed mod kP and
// centred is the integer product, its low bits the product mod q. It is
// computed mod x^1024 - 1 (2n - 1 <= 1024: no wrap), then folded mod x^n - 1
// (the folded sum has the same bound). Same shape as ntt.hpp's transform
// (blocks of 512 points, six layers per block, products mod x^8 - c), but
// every layer reduces (kP is close to 2^30: no headroom in 32 bits).
// (Larger n q^2 / 4, e.g. hps2048677's 7.1e8 or hps4096821's 3.4e9, need a
// prime above 2^30, or two primes: not here; those sets keep Toom-4.)
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::ntru::ntt_big {

inline constexpr int32_t kP = 1073707009;  // 2^30 - 34815 = 1 + 2^11 * 3 * 11 * 15887

// Whether the product of two operands centred mod 2^logq at this n is exact here.
constexpr bool supported(size_t n, unsigned logq) {
    return logq >= 1 && logq <= 16 && 2 * n - 1 <= 1024 &&
           uint64_t(n) * (uint64_t(1) << (logq - 1)) * (uint64_t(1) << (logq - 1)) < uint64_t(kP) / 2;
}
static_assert(supported(509, 11) && !supported(677, 11) && !supported(509, 12));
// int32 words of scratch: the transform (1024) and one 512-point block.
constexpr size_t scratch_words() { return 1024 + 512; }

// c = a b mod (x^n - 1), mod 2^16, both read centred mod 2^logq; needs
// supported(n, logq). c may alias a or b.
void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, unsigned logq, size_t n, int32_t* scratch);
}  // namespace pqmcu::ntru::ntt_big
