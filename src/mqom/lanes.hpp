// "Lane" kernels of the PIOP: all tau repetitions are processed at once,
// one extension element per lane of a machine word, so the public matrix
// entry A[j][k] multiplies a whole row of secret values in one go.
//
// Layout ("transposed"): a vector over the repetitions is one row of
// lane_bytes bytes (tau elements, lift(x) or zero, padding to 8 bytes);
// x0T[k] holds (x0[0][k], ..., x0[tau-1][k], lift(x_k) in lane tau, 0...).
//
// Row products with a public row c (streamed A_i row or b_i):
//   out = sum_k c[k] * xT[k]
// by buckets ("public jumps"): c[k] is cut into digits of D bits; xT[k] is
// XORed into the bucket named by each non-zero digit (the branch and the
// bucket address depend on the public c[k] only), then the buckets are
// folded into bit sums S_i (S_i = XOR of the buckets whose digit has bit i)
// and out = sum_i beta_i S_i by Horner with xtime (beta_i = bit basis of
// the extension field: 2^i, then X 2^i for GF(2^16) = GF(256)^2).
// D = 4 (nibbles): 4 word-row XORs per entry at most, 15 buckets per digit;
// D = 1: ~kBits/2 XORs per entry, kBits buckets (the Memory profile).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "field/fields.hpp"
#include "core/secure.hpp"
#include "field/vec.hpp"
#include "mqom/gf.hpp"

namespace pqmcu::mqom::detail {

using word_t = field::word_t;
inline constexpr size_t kMaxLaneBytes = 64;
inline constexpr size_t kMaxLaneWords = kMaxLaneBytes / sizeof(word_t);
inline constexpr size_t kMaxTauLanes = 40;

template <class E>
struct Lanes {
    using Elt = typename E::Elt;
    using F = typename E::F;
    static constexpr unsigned kBits = unsigned(E::bytes * 8);

    static word_t ld(const void* p) { return field::load_w<word_t>(p); }
    static void st(void* p, word_t w) { field::store_w<word_t>(p, w); }

    // Bucket words for digits of D bits and rows of nw words.
    static constexpr size_t bucket_words(unsigned D, size_t nw) {
        return size_t(kBits / D) * ((1u << D) - 1) * nw;
    }

    // out = sum_{k<len} c[k] * xT[k] (c public), NW = nw when non-zero.
    template <size_t NW, unsigned D>
    static void row_public(const Elt* c, const word_t* xT, uint32_t len, size_t nw_rt, word_t* bk, word_t* out) {
        static_assert(kBits % D == 0);
        constexpr unsigned G = kBits / D, P = (1u << D) - 1;
        const size_t nw = NW != 0 ? NW : nw_rt;
        std::memset(bk, 0, size_t(G) * P * nw * sizeof(word_t));
        for (uint32_t k = 0; k < len; ++k) {
            const uint32_t v = c[k];
            if (v == 0) continue;  // public
            const word_t* x = xT + size_t(k) * nw;
            for (unsigned t = 0; t < G; ++t) {
                const uint32_t h = (v >> (D * t)) & P;
                if (h == 0) continue;  // public
                word_t* b = bk + (size_t(t) * P + h - 1) * nw;
                for (size_t w = 0; w < nw; ++w) b[w] ^= x[w];
            }
        }
        for (size_t w = 0; w < nw; ++w) {
            word_t lo = 0, hi = 0;  // Horner over bits 7..0, and 15..8 (then times X)
            for (unsigned t = G; t-- > 0;) {
                word_t s[D];
                for (unsigned i = 0; i < D; ++i) s[i] = 0;
                const word_t* bt = bk + size_t(t) * P * nw + w;
                for (unsigned h = 1; h <= P; ++h) {
                    const word_t v = bt[size_t(h - 1) * nw];
                    for (unsigned i = 0; i < D; ++i)
                        if ((h >> i) & 1u) s[i] ^= v;
                }
                for (unsigned i = D; i-- > 0;) {
                    if (t * D + i >= 8) hi = field::gf256::xtime_w<word_t>(hi) ^ s[i];
                    else lo = field::gf256::xtime_w<word_t>(lo) ^ s[i];
                }
            }
            if constexpr (kBits == 16) lo ^= F::template mul_w_scalar<word_t>(hi, uint16_t(0x0100));
            out[w] = lo;
        }
    }

    // acc ^= a (.) b lane-wise (both secret).
    template <size_t NW>
    static void mul_acc(const word_t* a, const word_t* b, size_t nw_rt, word_t* acc) {
        const size_t nw = NW != 0 ? NW : nw_rt;
        for (size_t w = 0; w < nw; ++w) acc[w] ^= F::template mul_w<word_t>(a[w], b[w]);
    }

    // Bit planes of a secret scalar times a row: P[i] ^= row & mask(bit i of s), i < bits.
    template <size_t NW>
    static void planes_add(word_t* P, unsigned bits, uint32_t s, const word_t* row, size_t nw_rt) {
        const size_t nw = NW != 0 ? NW : nw_rt;
        for (unsigned i = 0; i < bits; ++i) {
            const word_t m = field::mask_from_bit<word_t>(word_t((s >> i) & 1u));
            word_t* p = P + size_t(i) * nw;
            for (size_t w = 0; w < nw; ++w) p[w] ^= row[w] & m;
        }
    }
    // acc ^= sum_i beta_i P[i] (extension bit basis), kBits planes.
    static void planes_fold_ext(const word_t* P, size_t nw, word_t* acc) {
        for (unsigned i = 0; i < kBits; ++i) {
            const Elt beta = Elt(i < 8 ? (1u << i) : (0x100u << (i - 8)));
            for (size_t w = 0; w < nw; ++w) acc[w] ^= F::template mul_w_scalar<word_t>(P[size_t(i) * nw + w], beta);
        }
    }
    // acc ^= sum_i lift(2^i) P[i] (base field bit basis lifted), BF::kBits planes.
    template <class BF>
    static void planes_fold_base(const word_t* P, size_t nw, word_t* acc) {
        for (unsigned i = 0; i < BF::kBits; ++i)
            for (size_t w = 0; w < nw; ++w) acc[w] ^= F::template mul_w_sub<word_t>(P[size_t(i) * nw + w], BF::kLift[i]);
    }

};

}  // namespace pqmcu::mqom::detail
