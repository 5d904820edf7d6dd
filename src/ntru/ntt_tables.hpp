// SPDX-License-Identifier: Apache-2.0 OR MIT
// The compile-time constants of NTRU's transforms (ntt.cpp, ntt_big.cpp,
// ntt_big1536.cpp): one formula for the factors of every prime. Cyclic
// radix-2 transforms with the blocks in bit-reversed order: the factor of
// layer l, block j is g^((P - 1) brv_l(j) / 2^(l+1)), the same for every
// length up to 2^kLayers points. Values are Montgomery constants (times
// 2^32 mod P), centred. Each user defines its own arrays from these
// functions (so they stay local to its translation unit).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "core/mont_prime.hpp"

namespace pqmcu::ntru {

template <int32_t P, uint32_t Root>
struct NttTables : core::MontPrime<P> {
    static constexpr int kLayers = 11;       // roots of order 2048
    static constexpr int kTableLayers = 8;   // the transforms' layers (the rest is basemul's)

    using Prime = core::MontPrime<P>;
    using Prime::pow_mod, Prime::centre, Prime::brv, Prime::mont_const, Prime::kRModP, Prime::kPInvNeg;
    static_assert((uint64_t(P) - 1) % (uint64_t(1) << kLayers) == 0, "roots of order 2048");
    static_assert(pow_mod(Root, (uint64_t(P) - 1) / 2) == uint32_t(P) - 1, "Root is not a square");

    // zetas[2^l + j] = g^((P - 1) brv_l(j) / 2^(l+1)) 2^32 mod P (l < 8); the inverses for Inverse.
    template <bool Inverse>
    static constexpr std::array<int32_t, (1u << kTableLayers)> make_zetas() {
        std::array<int32_t, (1u << kTableLayers)> z{};
        const uint32_t w = pow_mod(Root, (uint64_t(P) - 1) / (uint64_t(1) << kLayers));  // order 2048
        const uint32_t wi = pow_mod(w, uint64_t(P) - 2);
        for (int l = 0; l < kTableLayers; ++l)
            for (uint32_t j = 0; j < (1u << l); ++j)
                z[(1u << l) + j] = mont_const(pow_mod(Inverse ? wi : w, uint64_t(brv(j, l)) << (kLayers - 1 - l)));
        return z;
    }
    // squares[2^l + j] = (the factor of zetas[2^l + j])^2 2^32 mod P (l <= 8):
    // block (l, j) of a transform stopped before layer l is the residue mod x^m - squares[2^l + j].
    static constexpr std::array<int32_t, 512> make_squares() {
        std::array<int32_t, 512> z{};
        const uint32_t w = pow_mod(Root, (uint64_t(P) - 1) / (uint64_t(1) << kLayers));
        for (int l = 0; l < 9; ++l)
            for (uint32_t j = 0; j < (1u << l); ++j)
                z[(1u << l) + j] = mont_const(pow_mod(w, 2 * (uint64_t(brv(j, l)) << (kLayers - 1 - l))));
        return z;
    }
    // 2^64 / d mod P, centred: one Montgomery product with it cancels a
    // pointwise product's 2^-32 and the inverse transform's factor d.
    static constexpr int32_t inv_scale(uint32_t d) {
        return centre(uint32_t(kRModP * kRModP % uint64_t(P) * pow_mod(d, uint64_t(P) - 2) % uint64_t(P)));
    }

    // Signed Montgomery reduction: x 2^-32 mod P, |result| < P / 2 + |x| / 2^32.
    static int32_t montr(int64_t x) {
        const int32_t m = int32_t(uint32_t(uint64_t(x)) * kPInvNeg);
        return int32_t((x + int64_t(m) * P) >> 32);
    }
    static int32_t mont(int32_t a, int32_t b) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
        // SMULL, MUL, SMLAL (GCC's 64-bit arithmetic takes about twice as many).
        int32_t lo, hi, m;
        __asm__("smull %[lo], %[hi], %[a], %[b]\n\t"
                "mul %[m], %[lo], %[qinv]\n\t"
                "smlal %[lo], %[hi], %[m], %[p]"
                : [lo] "=&r"(lo), [hi] "=&r"(hi), [m] "=&r"(m)
                : [a] "r"(a), [b] "r"(b), [qinv] "r"(kPInvNeg), [p] "r"(P));
        return hi;
#else
        return montr(int64_t(a) * b);
#endif
    }
    // The portable block products of a transform stopped three layers early:
    // x_j <- x_j y_j mod (x^8 - c_j) for `blocks` blocks of 8, c_j = squares[j],
    // each output times `scale` (Montgomery; the assembly kernels compute the same).
    static void basemul8(int32_t* x, const int32_t* y, const int32_t* squares, size_t blocks, int32_t scale) {
        for (size_t j = 0; j < blocks; ++j) {
            int32_t* xb = x + 8 * j;
            const int32_t* yb = y + 8 * j;
            int32_t xr[8];
            for (int i = 0; i < 8; ++i) xr[i] = xb[i];
            for (int o = 0; o < 8; ++o) {
                int64_t wrap = 0;
                for (int i = o + 1; i < 8; ++i) wrap += int64_t(xr[i]) * yb[o + 8 - i];
                int64_t sum = int64_t(montr(wrap)) * squares[j];
                for (int i = 0; i <= o; ++i) sum += int64_t(xr[i]) * yb[o - i];
                xb[o] = mont(montr(sum), scale);
            }
        }
    }
};

}  // namespace pqmcu::ntru
