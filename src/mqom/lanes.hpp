// "Lane" kernels of the PIOP: all tau repetitions are processed at once,
// one extension element per lane of a machine word, so the public matrix
// entry A[j][k] multiplies a whole row of secret values in one go.
//
// Layout ("transposed"): a vector over the repetitions is one row of
// lane_bytes bytes (tau elements, lift(x) or zero, padding to 8 bytes);
// x0T[k] holds (x0[0][k], ..., x0[tau-1][k], lift(x_k) in lane tau, 0...).
//
// Multiplication of a lane row v by a public c uses nibble tables built from
// v: T_t[h] = (h << 4t) * v, so c*v = XOR_t T_t[nibble_t(c)]. The table
// index is public (it comes from the public matrix), the contents are
// secret; no secret-dependent branch or address.
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
inline constexpr size_t kMaxTauLanes = 56;  // > tau of every set (50: cat5 faster)

template <class E>
struct Lanes {
    using Elt = typename E::Elt;
    using F = typename E::F;
    static constexpr unsigned kBits = unsigned(E::bytes * 8);
    static constexpr unsigned kTables = kBits / 4;  // nibble tables
    static constexpr size_t kTableWords = size_t(kTables) * 16 * kMaxLaneWords;

    static word_t ld(const void* p) { return field::load_w<word_t>(p); }
    static void st(void* p, word_t w) { field::store_w<word_t>(p, w); }

    // beta_i * v for the bit basis of the extension field (2^i, then Y 2^i).
    static void basis(const word_t* v, size_t nw, word_t (*out)[kMaxLaneWords]) {
        for (size_t w = 0; w < nw; ++w) out[0][w] = v[w];
        for (unsigned i = 1; i < 8; ++i)
            for (size_t w = 0; w < nw; ++w) out[i][w] = field::gf256::xtime_w<word_t>(out[i - 1][w]);
        if constexpr (kBits == 16) {
            for (size_t w = 0; w < nw; ++w) out[8][w] = F::template mul_w_scalar<word_t>(v[w], uint16_t(0x0100));
            for (unsigned i = 9; i < 16; ++i)
                for (size_t w = 0; w < nw; ++w) out[i][w] = field::gf256::xtime_w<word_t>(out[i - 1][w]);
        }
    }

    // Nibble tables of row v (nw words): tab[(t*16 + h)*nw + w].
    static void build(const word_t* v, size_t nw, word_t* tab) {
        word_t b[kBits][kMaxLaneWords];
        basis(v, nw, b);
        for (unsigned t = 0; t < kTables; ++t) {
            word_t* T = tab + size_t(t) * 16 * nw;
            for (size_t w = 0; w < nw; ++w) T[w] = 0;
            for (unsigned h = 1; h < 16; ++h) {
                const unsigned low = unsigned(__builtin_ctz(h));
                const word_t* prev = T + size_t(h & (h - 1)) * nw;
                for (size_t w = 0; w < nw; ++w) T[size_t(h) * nw + w] = prev[w] ^ b[4 * t + low][w];
            }
        }
    }

    // acc ^= c * v, c public, tab = build(v).
    static void mac_public(const word_t* tab, Elt c, size_t nw, word_t* acc) {
        for (unsigned t = 0; t < kTables; ++t) {
            const word_t* T = tab + (size_t(t) * 16 + ((uint32_t(c) >> (4 * t)) & 15u)) * nw;
            for (size_t w = 0; w < nw; ++w) acc[w] ^= T[w];
        }
    }

    // acc ^= c * v, c public, tab = build(v); NW words (compile time).
    template <size_t NW>
    static void mac_public_n(const word_t* tab, Elt c, word_t* acc) {
        for (unsigned t = 0; t < kTables; ++t) {
            const word_t* T = tab + (size_t(t) * 16 + ((uint32_t(c) >> (4 * t)) & 15u)) * NW;
            for (size_t w = 0; w < NW; ++w) acc[w] ^= T[w];
        }
    }

    // out[j] = sum_{k<=j} A[j][k] * xT[k] for all lanes (A public, packed
    // lower triangular); if bacc, also bacc = sum_k b[k] * xT[k].
    // xT, out: n rows of NW words. tab: kTableWords scratch.
    template <size_t NW>
    static void tri_mat_rows_n(const Elt* A, const word_t* xT, uint32_t n, word_t* out, word_t* tab, const Elt* b,
                               word_t* bacc) {
        std::memset(out, 0, size_t(n) * NW * sizeof(word_t));
        for (uint32_t k = 0; k < n; ++k) {
            build(xT + size_t(k) * NW, NW, tab);
            if (b != nullptr) mac_public_n<NW>(tab, b[k], bacc);
            size_t idx = size_t(k) * (k + 1) / 2 + k;  // A[k][k]
            for (uint32_t j = k; j < n; ++j) {
                mac_public_n<NW>(tab, A[idx], out + size_t(j) * NW);
                idx += j + 1;  // A[j+1][k]
            }
        }
    }
    // Run-time row width: the widths of the 48 parameter sets get a
    // specialised loop (fixed trip counts), anything else the generic one.
    static void tri_mat_rows(const Elt* A, const word_t* xT, uint32_t n, size_t nw, word_t* out, word_t* tab,
                             const Elt* b, word_t* bacc) {
        if constexpr (sizeof(word_t) == 8) {
            switch (nw) {
            case 3: return tri_mat_rows_n<3>(A, xT, n, out, tab, b, bacc);
            case 4: return tri_mat_rows_n<4>(A, xT, n, out, tab, b, bacc);
            case 5: return tri_mat_rows_n<5>(A, xT, n, out, tab, b, bacc);
            case 7: return tri_mat_rows_n<7>(A, xT, n, out, tab, b, bacc);
            default: break;
            }
        } else {
            switch (nw) {
            case 6: return tri_mat_rows_n<6>(A, xT, n, out, tab, b, bacc);
            case 8: return tri_mat_rows_n<8>(A, xT, n, out, tab, b, bacc);
            case 10: return tri_mat_rows_n<10>(A, xT, n, out, tab, b, bacc);
            case 14: return tri_mat_rows_n<14>(A, xT, n, out, tab, b, bacc);
            default: break;
            }
        }
        std::memset(out, 0, size_t(n) * nw * sizeof(word_t));
        for (uint32_t k = 0; k < n; ++k) {
            build(xT + size_t(k) * nw, nw, tab);
            if (b != nullptr) mac_public(tab, b[k], nw, bacc);
            size_t idx = size_t(k) * (k + 1) / 2 + k;
            for (uint32_t j = k; j < n; ++j) {
                mac_public(tab, A[idx], nw, out + size_t(j) * nw);
                idx += j + 1;
            }
        }
    }

    // acc = sum_j a[j] (.) b[j] lane-wise (both secret).
    static void dot_rows(const word_t* a, const word_t* b, uint32_t n, size_t nw, word_t* acc) {
        for (size_t w = 0; w < nw; ++w) acc[w] = 0;
        for (uint32_t j = 0; j < n; ++j)
            for (size_t w = 0; w < nw; ++w)
                acc[w] ^= F::template mul_w<word_t>(a[size_t(j) * nw + w], b[size_t(j) * nw + w]);
    }

    // acc ^= sum_j s[j] * rows[j], s secret extension scalars: bit planes,
    // then one multiplication by each basis element.
    static void scalar_rows(const Elt* s, const word_t* rows, uint32_t n, size_t nw, word_t* acc) {
        word_t P[kBits][kMaxLaneWords] = {};
        for (uint32_t j = 0; j < n; ++j) {
            const word_t* r = rows + size_t(j) * nw;
            for (unsigned i = 0; i < kBits; ++i) {
                const word_t m = field::mask_from_bit<word_t>(word_t((uint32_t(s[j]) >> i) & 1u));
                for (size_t w = 0; w < nw; ++w) P[i][w] ^= r[w] & m;
            }
        }
        for (unsigned i = 0; i < kBits; ++i) {
            const Elt beta = Elt(i < 8 ? (1u << i) : (0x100u << (i - 8)));
            for (size_t w = 0; w < nw; ++w) acc[w] ^= F::template mul_w_scalar<word_t>(P[i][w], beta);
        }
        secure_wipe(P, sizeof(P));
    }

    // acc ^= sum_j lift(x_j) * rows[j], x packed in base field B (secret).
    template <class BF>
    static void base_rows(const uint8_t* x, const word_t* rows, uint32_t n, size_t nw, word_t* acc) {
        word_t P[BF::kBits][kMaxLaneWords] = {};
        for (uint32_t j = 0; j < n; ++j) {
            const word_t* r = rows + size_t(j) * nw;
            const uint32_t xj = BF::get(x, j);
            for (unsigned i = 0; i < BF::kBits; ++i) {
                const word_t m = field::mask_from_bit<word_t>(word_t((xj >> i) & 1u));
                for (size_t w = 0; w < nw; ++w) P[i][w] ^= r[w] & m;
            }
        }
        for (unsigned i = 0; i < BF::kBits; ++i)
            for (size_t w = 0; w < nw; ++w) acc[w] ^= F::template mul_w_sub<word_t>(P[i][w], BF::kLift[i]);
        secure_wipe(P, sizeof(P));
    }
};

}  // namespace pqmcu::mqom::detail
