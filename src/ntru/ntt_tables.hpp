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
};

}  // namespace pqmcu::ntru
