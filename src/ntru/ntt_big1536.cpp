// SPDX-License-Identifier: Apache-2.0 OR MIT
// ntt_big.hpp's 1536-point product (hps2048677): kP = 1,419,780,097
// (= 1 + 2^13 * 3^3 * 7^2 * 131: roots of order 2048 and 3), Good's map
// x -> y z (Z[x]/(x^1536 - 1) = Z[y]/(y^3 - 1) (x) Z[z]/(z^512 - 1)), a
// 3-point DFT per column and per row the 512-point blocks of ntt_big.cpp's
// shape (six layers, products mod x^8 - c). kP is above 2^30 (no 2^30
// shortcut), so reductions are x - kP round(3 x / 2^32) (2^32 - 3 kP =
// 35,627,005: 3 / 2^32 is close to 1 / kP), below 0.513 kP for any x.
// Bounds (2^31 > 1.5 kP; kP / 2^32 < 0.331): a Montgomery product by a
// factor (|z| <= kP / 2) is below 0.166 |b| + 0.5 kP, so below 0.75 kP for
// any 32-bit b;
//  - forward: the rows (Good's DFT of coefficients centred to <= 13 bits)
//    are below 0.5 kP + 2^14, so the first layer needs no reduction (outputs below
//    0.51 kP + 0.166 * 0.51 kP + 0.5 kP < 1.1 kP); after it the added
//    operand is reduced before every butterfly, outputs below 0.513 kP +
//    0.75 kP = 1.263 kP; the last pass's outputs all reduced;
//  - products mod x^8 - c: operands below 0.513 kP, sums of eight products
//    below 2.11 kP^2 < 2^62, their Montgomery reductions below
//    0.331 * 2.11 kP + 0.5 kP < 1.2 kP, times the scale: below 0.7 kP;
//  - inverse: every sum reduced (below 0.513 kP), products of differences
//    below 0.75 kP (any input): sums and differences below 1.5 kP < 2^31;
//  - the inverse DFT: each coefficient reduced, then centred exactly (two
//    masked corrections); the coefficients, and the folded sums of two, are
//    below 677 * 2^20 (or 701 * 2^12 * 2^7) < kP / 2.
#include <array>

#include "ntru/ntt_big.hpp"
#include "ntru/ntt_tables.hpp"

namespace pqmcu::ntru::ntt_big::detail {
namespace {

constexpr int32_t kP = 1419780097;
constexpr uint32_t kRoot = 5;

using Tables = NttTables<kP, kRoot>;
constexpr uint32_t pow_mod(uint64_t b, uint64_t e) { return Tables::pow_mod(b, e); }
constexpr int32_t mont_const(uint32_t x) { return Tables::mont_const(x); }
[[maybe_unused]] constexpr uint32_t kPInvNeg = Tables::kPInvNeg;  // (read by the M4 checks only)
static_assert(uint64_t(kP) - 1 == uint64_t(8192) * 27 * 49 * 131, "kP - 1");
static_assert(pow_mod(kRoot, (uint64_t(kP) - 1) / 2) == uint32_t(kP) - 1 &&
                  pow_mod(kRoot, (uint64_t(kP) - 1) / 3) != 1 && pow_mod(kRoot, (uint64_t(kP) - 1) / 7) != 1 &&
                  pow_mod(kRoot, (uint64_t(kP) - 1) / 131) != 1,
              "5 generates (Z/kP)^*");
static_assert(uint64_t(677) * 1024 * 1024 < uint64_t(kP) / 2, "n (q/2)^2 < kP / 2 (hps2048677)");
static_assert(uint64_t(701) * 4096 * 128 < uint64_t(kP) / 2, "n (q/2) 128 < kP / 2 (hrss701's last Newton step)");
static_assert(Tables::kRModP * 1000 < uint64_t(kP) * 26, "2^32 mod kP below 0.026 kP");
static_assert(uint64_t(kP) * 1500 / 1000 < (uint64_t(1) << 31),
              "1.5 kP < 2^31");
static_assert(uint64_t(kP) * kP < (uint64_t(1) << 61) && 211 * (uint64_t(kP) * kP / 100) < (uint64_t(1) << 62),
              "base sums");


constexpr auto kZetas = Tables::make_zetas<false>();
constexpr auto kZetasInv = Tables::make_zetas<true>();
constexpr auto kSquares = Tables::make_squares();
constexpr uint32_t kW3 = pow_mod(kRoot, (uint64_t(kP) - 1) / 3);
constexpr int32_t kW3Mont = mont_const(kW3);
// 2^64 / 192 mod kP: the base products' 2^-32 and the inverse's 1 / (N / 8)
// (1/64 per block, 1/3 for the DFT; the last three layers are the products
// mod x^8 - c, not transformed).
constexpr int32_t kScale = Tables::inv_scale(1536 / 8);

inline int32_t mont(int32_t a, int32_t b) { return Tables::mont(a, b); }
// x - kP round(3 x / 2^32) (3 = round(2^32 / kP); SMMULR, MLS on the M4):
// 3 x / 2^32 is within 0.0126 of x / kP for |x| < 2^31, so |result| < 0.513 kP.
inline int32_t red(int32_t x) { return x - kP * int32_t((int64_t(x) * 3 + (int64_t(1) << 31)) >> 32); }
static_assert(((uint64_t(1) << 32) - 3 * uint64_t(kP)) * 10000 / uint64_t(kP) * (uint64_t(1) << 31) /
                      (uint64_t(1) << 32) <
                  126,
              "3 x / 2^32 within 0.0126 of x / kP");
// The centred residue of x (any x): red, then a masked correction each way.
inline int32_t freeze(int32_t x) {
    int32_t r = red(x);
    r -= kP & ((kP / 2 - r) >> 31);
    r += kP & ((r + kP / 2) >> 31);
    return r;
}

constexpr size_t kBlock = 512;
constexpr int kBlockLayers = 6;
constexpr uint32_t k0(int l) { return 1u << l; }  // Good's rows: every row is a whole 512-point transform

#if defined(PQMCU_NTRU_NTT_M4_ASM)
static_assert(kPInvNeg == 0x50A01FFFu, "ntt_big1536_m4.S's constant");
extern "C" {
void pqmcu_ntru_nttbig2_fwd3_g64(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_nttbig2_fwd3_g8(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_nttbig2_inv3_g64(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_nttbig2_inv3_g8(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_nttbig2_basemul(int32_t* x, const int32_t* y, const int32_t* c, uint32_t blocks, int32_t scale);
}
#endif

void forward_block(int32_t* a) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_nttbig2_fwd3_g64(a, kZetas.data(), k0(0), 1);
    pqmcu_ntru_nttbig2_fwd3_g8(a, kZetas.data(), k0(3), 8);
#else
    for (int l = 0; l < kBlockLayers; ++l) {
        const size_t half = kBlock >> (l + 1);
        for (size_t j = 0; j < (size_t(1) << l); ++j) {
            const int32_t z = kZetas[k0(l) + j];
            int32_t* x = a + 2 * half * j;
            for (size_t i = 0; i < half; ++i) {
                const int32_t u = l == 0 ? x[i] : red(x[i]), t = mont(x[i + half], z);
                x[i + half] = u - t;
                x[i] = u + t;
            }
        }
    }
    for (size_t i = 0; i < kBlock; ++i) a[i] = red(a[i]);
#endif
}
void inverse_block(int32_t* a) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_nttbig2_inv3_g8(a, kZetasInv.data(), k0(3), 8);
    pqmcu_ntru_nttbig2_inv3_g64(a, kZetasInv.data(), k0(0), 1);
#else
    for (int l = kBlockLayers - 1; l >= 0; --l) {
        const size_t half = kBlock >> (l + 1);
        for (size_t j = 0; j < (size_t(1) << l); ++j) {
            const int32_t z = kZetasInv[k0(l) + j];
            int32_t* x = a + 2 * half * j;
            for (size_t i = 0; i < half; ++i) {
                const int32_t u = x[i], v = x[i + half];
                x[i] = red(u + v);
                x[i + half] = mont(u - v, z);
            }
        }
    }
#endif
}
void basemul(int32_t* x, const int32_t* y) {
    const uint32_t k = k0(kBlockLayers);
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_nttbig2_basemul(x, y, kSquares.data() + k, uint32_t(kBlock / 8), kScale);
#else
    Tables::basemul8(x, y, kSquares.data() + k, kBlock / 8, kScale);
#endif
}

// Good's map: coefficient i at row i mod 3, column i mod 512; column c holds
// u0 = a_c at row c mod 3 and u1 = a_(c+512) at row c + 2 mod 3 (2n - 1 <=
// 1536: coefficients from 1024 on are zero). Row B of the 3-point DFT
// (X0 = x0 + x1 + x2, X1 = x0 - x2 + t, X2 = x0 - x1 - t, t = w (x1 - x2)).
template <int B, int Rho>
inline int32_t dft3_row(int32_t u0, int32_t u1) {
    const int32_t x0 = Rho == 0 ? u0 : Rho == 1 ? u1 : 0;
    const int32_t x1 = Rho == 0 ? 0 : Rho == 1 ? u0 : u1;
    const int32_t x2 = Rho == 0 ? u1 : Rho == 1 ? 0 : u0;
    if (B == 0) return x0 + x1 + x2;
    const int32_t t = mont(x1 - x2, kW3Mont);
    return B == 1 ? x0 - x2 + t : x0 - x1 - t;
}
// Row B from the coefficients: columns below h3 (a multiple of 3) have both
// u0 and u1, the three from h3 are read with a test, the rest have no u1
// (n is public).
template <int B>
void row(int32_t* dst, const uint16_t* src, unsigned shift, size_t n) {
    const auto in = [src, shift](size_t i) { return int32_t(uint32_t(src[i]) << shift) >> shift; };
    const auto padded = [&](size_t i) { return i < n ? in(i) : 0; };
    const size_t h3 = (n - kBlock) / 3 * 3;
    size_t c = 0;
    for (; c < h3; c += 3) {
        dst[c] = dft3_row<B, 0>(in(c), in(c + kBlock));
        dst[c + 1] = dft3_row<B, 1>(in(c + 1), in(c + 1 + kBlock));
        dst[c + 2] = dft3_row<B, 2>(in(c + 2), in(c + 2 + kBlock));
    }
    dst[c] = dft3_row<B, 0>(in(c), padded(c + kBlock));
    dst[c + 1] = dft3_row<B, 1>(in(c + 1), padded(c + 1 + kBlock));
    dst[c + 2] = dft3_row<B, 2>(in(c + 2), padded(c + 2 + kBlock));
    for (c += 3; c + 3 <= kBlock; c += 3) {
        dst[c] = dft3_row<B, 0>(in(c), 0);
        dst[c + 1] = dft3_row<B, 1>(in(c + 1), 0);
        dst[c + 2] = dft3_row<B, 2>(in(c + 2), 0);
    }
    dst[c] = dft3_row<B, 0>(in(c), 0);  // c = 510, 511
    dst[c + 1] = dft3_row<B, 1>(in(c + 1), 0);
}
// All three rows of column c at once (one product by w): the big operand
// x, whose whole transform is kept.
template <int Rho>
inline void column(int32_t* x, size_t c, int32_t u0, int32_t u1) {
    const int32_t x0 = Rho == 0 ? u0 : Rho == 1 ? u1 : 0;
    const int32_t x1 = Rho == 0 ? 0 : Rho == 1 ? u0 : u1;
    const int32_t x2 = Rho == 0 ? u1 : Rho == 1 ? 0 : u0;
    const int32_t t = mont(x1 - x2, kW3Mont);
    x[c] = x0 + x1 + x2;
    x[kBlock + c] = x0 - x2 + t;
    x[2 * kBlock + c] = x0 - x1 - t;
}
void rows(int32_t* x, const uint16_t* src, unsigned shift, size_t n) {
    const auto in = [src, shift](size_t i) { return int32_t(uint32_t(src[i]) << shift) >> shift; };
    const auto padded = [&](size_t i) { return i < n ? in(i) : 0; };
    const size_t h3 = (n - kBlock) / 3 * 3;  // as row()
    size_t c = 0;
    for (; c < h3; c += 3) {
        column<0>(x, c, in(c), in(c + kBlock));
        column<1>(x, c + 1, in(c + 1), in(c + 1 + kBlock));
        column<2>(x, c + 2, in(c + 2), in(c + 2 + kBlock));
    }
    column<0>(x, c, in(c), padded(c + kBlock));
    column<1>(x, c + 1, in(c + 1), padded(c + 1 + kBlock));
    column<2>(x, c + 2, in(c + 2), padded(c + 2 + kBlock));
    for (c += 3; c + 3 <= kBlock; c += 3) {
        column<0>(x, c, in(c), 0);
        column<1>(x, c + 1, in(c + 1), 0);
        column<2>(x, c + 2, in(c + 2), 0);
    }
    column<0>(x, c, in(c), 0);  // c = 510, 511
    column<1>(x, c + 1, in(c + 1), 0);
}
void load_row(int32_t* dst, const uint16_t* src, unsigned shift, size_t n, size_t b) {
    if (b == 0) row<0>(dst, src, shift, n);
    else if (b == 1) row<1>(dst, src, shift, n);
    else row<2>(dst, src, shift, n);
}
// The inverse DFT of column c (3 x0 = X0 + X1 + X2, 3 x1 = X0 - X1 + t,
// 3 x2 = X0 - X2 - t, t = w (X2 - X1); the 1/3 came with the scale), back to
// coefficients c, c + 512, c + 1024 at rows Rho, Rho + 2, Rho + 1, each
// centred exactly (the integer coefficient).
template <int Rho>
inline void last_column(int32_t* x, size_t c) {
    const int32_t y0 = x[c], y1 = x[kBlock + c], y2 = x[2 * kBlock + c];
    const int32_t t = mont(y2 - y1, kW3Mont);
    const int32_t r0 = freeze(red(y0 + y1) + y2), r1 = freeze(red(y0 - y1) + t), r2 = freeze(red(y0 - y2) - t);
    x[c] = Rho == 0 ? r0 : Rho == 1 ? r1 : r2;
    x[kBlock + c] = Rho == 0 ? r2 : Rho == 1 ? r0 : r1;
    x[2 * kBlock + c] = Rho == 0 ? r1 : Rho == 1 ? r2 : r0;
}

}  // namespace

void mul1536(uint16_t* c, const uint16_t* a, const uint16_t* b, unsigned logq, size_t n, int32_t* scratch) {
    int32_t *x = scratch, *y = scratch + 3 * kBlock;
    const unsigned shift = 32 - logq;
    rows(x, a, shift, n);
    for (size_t blk = 0; blk < 3; ++blk) forward_block(x + blk * kBlock);
    for (size_t blk = 0; blk < 3; ++blk) {
        load_row(y, b, shift, n, blk);
        forward_block(y);
        basemul(x + blk * kBlock, y);
        inverse_block(x + blk * kBlock);
    }
    size_t col = 0;
    for (; col + 3 <= kBlock; col += 3) {
        last_column<0>(x, col);
        last_column<1>(x, col + 1);
        last_column<2>(x, col + 2);
    }
    last_column<0>(x, col);  // 510, 511
    last_column<1>(x, col + 1);
    for (size_t i = 0; i + 1 < n; ++i) c[i] = uint16_t(x[i] + x[i + n]);
    c[n - 1] = uint16_t(x[n - 1]);
}

}  // namespace pqmcu::ntru::ntt_big::detail
