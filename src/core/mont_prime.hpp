// SPDX-License-Identifier: Apache-2.0 OR MIT
// Compile-time arithmetic modulo an odd prime P, for the tables of the
// number-theoretic transforms (NTRU's ntt_tables.hpp, Saber's ntt.cpp):
// powers, -P^-1 mod 2^32 for Montgomery reduction, Montgomery constants
// (x 2^32 mod P) centred to (-P/2, P/2], and bit reversal of block indices.
#pragma once

#include <cstdint>

namespace pqmcu::core {

template <int32_t P>
struct MontPrime {
    static_assert(P > 2 && (P & 1) == 1, "an odd prime");

    static constexpr uint32_t pow_mod(uint64_t b, uint64_t e) {
        uint64_t r = 1;
        b %= uint64_t(P);
        while (e != 0) {
            if (e & 1) r = r * b % uint64_t(P);
            b = b * b % uint64_t(P);
            e >>= 1;
        }
        return uint32_t(r);
    }
    // -P^-1 mod 2^32: Newton's iteration doubles the correct low bits (1, 2, 4, ... 32).
    static constexpr uint32_t neg_pinv() {
        uint32_t x = 1;
        for (int i = 0; i < 5; ++i) x *= 2u - uint32_t(P) * x;
        return 0u - x;
    }
    static constexpr uint32_t kPInvNeg = neg_pinv();
    static_assert(uint32_t(P) * kPInvNeg == 0xFFFFFFFFu, "-p^-1 mod 2^32");
    static constexpr uint64_t kRModP = (uint64_t(1) << 32) % uint64_t(P);

    static constexpr int32_t centre(uint32_t x) { return x > uint32_t(P) / 2 ? int32_t(x) - P : int32_t(x); }
    static constexpr int32_t mont_const(uint32_t x) { return centre(uint32_t(uint64_t(x) * kRModP % uint64_t(P))); }
    static constexpr uint32_t brv(uint32_t j, int bits) {
        uint32_t r = 0;
        for (int i = 0; i < bits; ++i) r |= ((j >> i) & 1u) << (bits - 1 - i);
        return r;
    }
};

}  // namespace pqmcu::core
