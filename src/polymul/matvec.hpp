// SPDX-License-Identifier: Apache-2.0 OR MIT
// Module products in Z_{2^m}[x]/(x^N + 1) (Saber): each vector polynomial is
// evaluated once at the seven Toom-4 points, every matrix entry once, and
// each output row is interpolated once from the sum of its pointwise limb
// products (interpolation is linear). For a k x k product that is k
// evaluations of the vector instead of k^2, and k interpolations instead of
// k^2. Exact mod 2^(Inner::exact_bits - 3): 2^13 with Karatsuba limbs.
//
//   using MV = MatVecNegacyclic<K, N>;
//   MV::Scratch scr;                         // caller-owned (a Workspace member)
//   uint16_t sev[K * MV::ev_words];
//   MV::evaluate_vector(sev, s);             // s: K x N
//   MV::row(res, a0, stride, sev, scr);      // res = sum_j a0[j*stride ..] * s_j mod x^N + 1
//   MV::mul(res, A, sev, transpose, scr);    // res = A s (or A^T s); A: K x K x N, row major
#pragma once
#include <cstddef>
#include <cstdint>

#include "polymul/methods.hpp"

namespace pqmcu::polymul {

template <size_t K, size_t N, class Inner = KaratsubaDefault>
struct MatVecNegacyclic {
    using T4 = Toom4<Inner>;
    static constexpr int exact_bits = T4::exact_bits;
    static constexpr size_t ev_words = T4::evaluated_words(N);
    static constexpr size_t acc_words = T4::evaluated_product_words(N);

    struct Scratch {
        uint16_t acc[acc_words];
        uint16_t ev[ev_words];
        uint16_t inner[T4::acc_scratch_words(N)];
        uint16_t full[2 * N - 1];
    };

    static void evaluate_vector(uint16_t* sev, const uint16_t* s) {
        for (size_t j = 0; j < K; ++j) T4::evaluate(sev + j * ev_words, s + j * N, N);
    }
    // res (N words) = sum_{j < count} a_j * s_j mod (x^N + 1), a_j = a0 + j * stride.
    static void row(uint16_t* res, const uint16_t* a0, size_t stride, const uint16_t* sev, Scratch& scr,
                    size_t count = K) {
        for (size_t i = 0; i < acc_words; ++i) scr.acc[i] = 0;
        for (size_t j = 0; j < count; ++j) {
            T4::evaluate(scr.ev, a0 + j * stride, N);
            T4::mul_acc_evaluated(scr.acc, scr.ev, sev + j * ev_words, N, scr.inner);
        }
        T4::interpolate(scr.full, scr.acc, N);
        for (size_t i = 0; i + 1 < N; ++i) res[i] = uint16_t(scr.full[i] - scr.full[i + N]);
        res[N - 1] = scr.full[N - 1];
    }
    // res (K x N) = A s, or A^T s when transpose; A is K x K x N, A[i][j] at (i K + j) N.
    static void mul(uint16_t* res, const uint16_t* A, const uint16_t* sev, bool transpose, Scratch& scr) {
        for (size_t i = 0; i < K; ++i) {
            if (transpose) row(res + i * N, A + i * N, K * N, sev, scr);
            else row(res + i * N, A + i * K * N, N, sev, scr);
        }
    }
};

}  // namespace pqmcu::polymul
