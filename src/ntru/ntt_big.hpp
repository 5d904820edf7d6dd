// SPDX-License-Identifier: Apache-2.0 OR MIT
// NTRU's "big x big" ring product (decryption's (c - Lift(m)) h^-1, both
// operands full mod q) through one cyclic NTT over a 30- or 31-bit prime,
// for q <= 2048 and n <= 512 (ntruhps2048509: 1024 points) or n <= 768
// (ntruhps2048677: 1536 points, kP2 below). With both operands centred
// (|a_i|, |b_i| <= q/2) every coefficient of the cyclic product is a sum of
// n products, below n q^2 / 4 = 509 * 2^20 = 533,725,184 in absolute value,
// and kP / 2 = 536,853,504 is above that: the product computed mod kP and
// centred is the integer product, its low bits the product mod q. It is
// computed mod x^1024 - 1 (2n - 1 <= 1024: no wrap), then folded mod x^n - 1
// (the folded sum has the same bound). Same shape as ntt.hpp's transform
// (blocks of 512 points, six layers per block, products mod x^8 - c), but
// every layer reduces (kP is close to 2^30: no headroom in 32 bits).
// hps2048677: 677 * 2^20 = 709,885,952 < kP2 / 2. (Larger n q^2 / 4, e.g.
// hps4096821's 3.4e9, need two primes: not here; those sets keep Toom-4.)
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::ntru::ntt_big {

inline constexpr int32_t kP = 1073707009;   // 2^30 - 34815 = 1 + 2^11 * 3 * 11 * 15887 (1024 points)
inline constexpr int32_t kP2 = 1419780097;  // 1 + 2^13 * 3^3 * 7^2 * 131 (1536 points, Good's; ntt_big1536.cpp)

// Whether the product of two operands centred mod 2^logq at this n is exact here.
constexpr bool supported(size_t n, unsigned logq) {
    if (logq < 1 || logq > 16) return false;
    const uint64_t bound = uint64_t(n) * (uint64_t(1) << (logq - 1)) * (uint64_t(1) << (logq - 1));
    return (2 * n - 1 <= 1024 && bound < uint64_t(kP) / 2) ||
           (n > 512 && 2 * n - 1 <= 1536 && bound < uint64_t(kP2) / 2);
}
static_assert(supported(509, 11) && supported(677, 11) && !supported(701, 13) && !supported(821, 12) &&
              !supported(509, 12));
// As supported(), for a b known to satisfy |b_i| <= b_max (read centred mod
// 2^logq like a): hrss701's last Newton step, |r| <= 128 (701 * 2^12 * 2^7).
constexpr bool supported_mixed(size_t n, unsigned logq, uint32_t b_max) {
    if (logq < 1 || logq > 16) return false;
    const uint64_t bound = uint64_t(n) * (uint64_t(1) << (logq - 1)) * b_max;
    return (2 * n - 1 <= 1024 && bound < uint64_t(kP) / 2) ||
           (n > 512 && 2 * n - 1 <= 1536 && bound < uint64_t(kP2) / 2);
}
static_assert(supported_mixed(701, 13, 128) && !supported_mixed(701, 13, 256));
// int32 words of scratch: the transform (1024 or 1536) and one 512-point block.
constexpr size_t scratch_words(size_t n) { return (2 * n - 1 <= 1024 ? 1024 : 1536) + 512; }

// c = a b mod (x^n - 1), mod 2^16, both read centred mod 2^logq; needs
// supported(n, logq) (or supported_mixed(n, logq, max |b_i|)). c may alias a or b.
void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, unsigned logq, size_t n, int32_t* scratch);
namespace detail {
void mul1536(uint16_t* c, const uint16_t* a, const uint16_t* b, unsigned logq, size_t n, int32_t* scratch);
}
}  // namespace pqmcu::ntru::ntt_big
