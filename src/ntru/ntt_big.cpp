// SPDX-License-Identifier: Apache-2.0 OR MIT
// The big x big product over kP = 1,073,707,009 (ntt_big.hpp): 1024 points,
// layer 0 from the coefficients (the upper half is zero: both blocks are
// the coefficients), then per 512-point block six radix-2 layers (two
// assembly passes of three on the M4, ntt_big_m4.S) and products mod x^8 - c.
// Bounds (|x| < 2^31 everywhere; red(x) = x - kP round(x / 2^30) gives
// |red(x)| <= 2^29 + 2 * 34815 < 0.5001 kP for |x| <= 2^31 - 2^29):
//  - Montgomery products (|b| < 2^31, |z| <= kP / 2) are below 0.75 kP;
//  - forward: the first three layers of a block read the coefficients
//    (|x| <= 2^15) and need no reduction: below L1 = 2^15 + 0.5 kP + 2^15 / 8,
//    L2 = 1.125 L1 + 0.5 kP, L3 = 1.125 L2 + 0.5 kP < 1.7 kP; after them
//    the added operand is reduced before every butterfly to
//    [-69630, kP + 69630) by x - kP floor(x / 2^30) (two instructions, any
//    x); with |b| <= B the product is below B kP / 2^33 + kP / 2 < 0.125 B +
//    0.5 kP, so every value stays below B = 1.0001 kP + 0.125 B + 0.5 kP,
//    B < 1.72 kP < 2^31; the last layer's outputs are all rounded to
//    |x| < 0.5001 kP (x - kP round(x / 2^30), SMMULR on the M4);
//  - products mod x^8 - c: both operands below 0.5001 kP, a sum of eight
//    products below 2.01 kP^2 < 2^62, its Montgomery reduction below 1.01
//    kP (the wrapped part times c first), times the scale: below 0.64 kP;
//  - inverse: every sum reduced, the differences' products below
//    (1.34 kP (kP / 2) + 2^31 kP) / 2^32 < 0.67 kP: a sum or difference of
//    two values below 0.67 kP is below 1.34 kP (< 2^31 - 2^29);
//  - the last stage and the fold: red() of each (unfolded) coefficient is
//    the integer coefficient itself (see the static_asserts), their sum the
//    folded one.
#include "ntru/ntt_big.hpp"

#include <array>

#include "ntru/ntt_tables.hpp"

namespace pqmcu::ntru::ntt_big {
namespace {

constexpr uint32_t kRoot = 23;  // a primitive root mod kP

using Tables = NttTables<kP, kRoot>;
constexpr uint32_t pow_mod(uint64_t b, uint64_t e) { return Tables::pow_mod(b, e); }
[[maybe_unused]] constexpr uint32_t kPInvNeg = Tables::kPInvNeg;  // (read by the M4 checks only)
static_assert((uint64_t(kP) - 1) % 2048 == 0, "roots of order 2048");
static_assert(uint64_t(kP) - 1 == uint64_t(2048) * 3 * 11 * 15887, "kP - 1");
static_assert(pow_mod(kRoot, (uint64_t(kP) - 1) / 2) == uint32_t(kP) - 1 &&
                  pow_mod(kRoot, (uint64_t(kP) - 1) / 3) != 1 && pow_mod(kRoot, (uint64_t(kP) - 1) / 11) != 1 &&
                  pow_mod(kRoot, (uint64_t(kP) - 1) / 15887) != 1,
              "23 generates (Z/kP)^*");
static_assert(kP > (1 << 29) + 2 * 34815 && kP < (1 << 30) && (1 << 30) - kP == 34815, "red()'s bound");
// The exactness bound (ntruhps2048509): the folded coefficient is a sum of n products of centred values.
static_assert(uint64_t(509) * 1024 * 1024 < uint64_t(kP) / 2, "n (q/2)^2 < kP / 2");
// ... and below red()'s exact window: x - kP round(x / 2^30) with x = c + m kP
// (|m| <= 2) returns c itself when |c| < 2^29 - 2 * 34815.
static_assert(uint64_t(509) * 1024 * 1024 < (uint64_t(1) << 29) - 2 * 34815, "red() returns the coefficient");
// Overflow checks of the bounds above (in units of kP, scaled by 10^4).
static_assert(uint64_t(kP) * 17200 / 10000 < (uint64_t(1) << 31) &&
                  (uint64_t(kP) * 10001 / 10000 + uint64_t(kP) / 2 + uint64_t(kP) * 17200 / 10000 / 8) <
                      uint64_t(kP) * 17200 / 10000,
              "forward values (B = 1.0001 kP + 0.5 kP + B / 8 below 1.72 kP)");
constexpr uint64_t kL1 = (uint64_t(1) << 15) + uint64_t(kP) / 2 + 1 + (uint64_t(1) << 12);
constexpr uint64_t kL2 = kL1 + kL1 / 8 + uint64_t(kP) / 2 + 1;
constexpr uint64_t kL3 = kL2 + kL2 / 8 + uint64_t(kP) / 2 + 1;
static_assert(kL3 < uint64_t(kP) * 17000 / 10000, "the first pass without reductions: below 1.7 kP");
static_assert(uint64_t(kP) * 10001 / 10000 + uint64_t(kP) * 17000 / 10000 / 8 + uint64_t(kP) / 2 <
                  uint64_t(kP) * 17200 / 10000,
              "the next layer from 1.7 kP: below 1.72 kP");
static_assert(uint64_t(kP) * 13400 / 10000 + (uint64_t(1) << 29) < (uint64_t(1) << 31), "inverse sums + red's offset");
static_assert(uint64_t(kP) * 13400 / 10000 / 2 * uint64_t(kP) / (uint64_t(1) << 32) + uint64_t(kP) / 2 <
                  uint64_t(kP) * 6700 / 10000,
              "the inverse's products below 0.67 kP");
static_assert(8 * (uint64_t(kP) * 5001 / 10000) * (uint64_t(kP) * 5001 / 10000) < (uint64_t(1) << 62), "base sums");

constexpr auto kZetas = Tables::make_zetas<false>();
constexpr auto kZetasInv = Tables::make_zetas<true>();
constexpr auto kSquares = Tables::make_squares();
// 2^64 / 128 mod kP: the pointwise product's 2^-32, and the 1/128 of the
// inverse (six layers per block and layer 0).
constexpr int32_t kScale = Tables::inv_scale(128);

inline int32_t mont(int32_t a, int32_t b) { return Tables::mont(a, b); }
// x - kP round(x / 2^30), |x| < 2^31 - 2^29: below 0.5001 kP. (On the M4 as
// ADD, ASR, MLS: GCC would otherwise multiply by kP with four shifted adds.)
inline int32_t red(int32_t x) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    int32_t k, r;
    __asm__("add %[k], %[x], #0x20000000\n\t"
            "asr %[k], %[k], #30\n\t"
            "mls %[r], %[k], %[p], %[x]"
            : [k] "=&r"(k), [r] "=r"(r)
            : [x] "r"(x), [p] "r"(kP));
    return r;
#else
    return x - kP * ((x + (1 << 29)) >> 30);
#endif
}
// x - kP floor(x / 2^30), any x: in [-69630, kP + 69630) (the forward's butterflies).
inline int32_t redf(int32_t x) { return x - kP * (x >> 30); }
// x - kP round(x / 2^30), any x (the forward's last outputs, below 1.72 kP).
inline int32_t redr(int32_t x) { return x - kP * int32_t((int64_t(x) + (1 << 29)) >> 30); }
constexpr size_t kBlock = 512;
constexpr int kBlockLayers = 6;
// 1024 points: layer l of block b uses the factors from 2^(l + 1) + b 2^l.
constexpr uint32_t k0(int l, size_t b) { return (1u << (l + 1)) + uint32_t(b << l); }

#if defined(PQMCU_NTRU_NTT_M4_ASM)
static_assert(kPInvNeg == 0xF7BF77FFu, "ntt_big_m4.S's constant");
extern "C" {
void pqmcu_ntru_nttbig_fwd3_g64(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_nttbig_fwd3_g8(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_nttbig_inv3_g64(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_nttbig_inv3_g8(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_nttbig_basemul(int32_t* x, const int32_t* y, const int32_t* c, uint32_t blocks, int32_t scale);
}
#endif

void forward_block(int32_t* a, size_t b) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_nttbig_fwd3_g64(a, kZetas.data(), k0(0, b), 1);
    pqmcu_ntru_nttbig_fwd3_g8(a, kZetas.data(), k0(3, b), 8);
#else
    for (int l = 0; l < kBlockLayers; ++l) {
        const size_t half = kBlock >> (l + 1);
        for (size_t j = 0; j < (size_t(1) << l); ++j) {
            const int32_t z = kZetas[k0(l, b) + j];
            int32_t* x = a + 2 * half * j;
            for (size_t i = 0; i < half; ++i) {
                const int32_t u = l < 3 ? x[i] : redf(x[i]), t = mont(x[i + half], z);
                x[i + half] = u - t;
                x[i] = u + t;
            }
        }
    }
    for (size_t i = 0; i < kBlock; ++i) a[i] = redr(a[i]);
#endif
}
void inverse_block(int32_t* a, size_t b) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_nttbig_inv3_g8(a, kZetasInv.data(), k0(3, b), 8);
    pqmcu_ntru_nttbig_inv3_g64(a, kZetasInv.data(), k0(0, b), 1);
#else
    for (int l = kBlockLayers - 1; l >= 0; --l) {
        const size_t half = kBlock >> (l + 1);
        for (size_t j = 0; j < (size_t(1) << l); ++j) {
            const int32_t z = kZetasInv[k0(l, b) + j];
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
// Block b's 64 residues mod x^8 - c_j (both operands reduced by the forward).
void basemul(int32_t* x, const int32_t* y, size_t b) {
    const uint32_t k = k0(kBlockLayers, b);
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_nttbig_basemul(x, y, kSquares.data() + k, uint32_t(kBlock / 8), kScale);
#else
    Tables::basemul8(x, y, kSquares.data() + k, kBlock / 8, kScale);
#endif
}

// Both operands' layer 0: with 2n - 1 <= 1024 only coefficients below 512
// can be non-zero, so blocks 0 and 1 both start as the coefficients.
void load(int32_t* dst, const uint16_t* src, unsigned shift, size_t n) {
    for (size_t i = 0; i < n; ++i) dst[i] = int32_t(uint32_t(src[i]) << shift) >> shift;
    for (size_t i = n; i < kBlock; ++i) dst[i] = 0;
}

}  // namespace

void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, unsigned logq, size_t n, int32_t* scratch) {
    if (2 * n - 1 > 1024) {
        detail::mul1536(c, a, b, logq, n, scratch);
        return;
    }
    int32_t *x = scratch, *y = scratch + 2 * kBlock;
    const unsigned shift = 32 - logq;
    for (size_t i = 0; i < n; ++i) x[i] = x[kBlock + i] = int32_t(uint32_t(a[i]) << shift) >> shift;
    for (size_t i = n; i < kBlock; ++i) x[i] = x[kBlock + i] = 0;
    forward_block(x, 0);
    forward_block(x + kBlock, 1);
    for (size_t blk = 0; blk < 2; ++blk) {
        load(y, b, shift, n);
        forward_block(y, blk);
        basemul(x + blk * kBlock, y, blk);
        inverse_block(x + blk * kBlock, blk);
    }
    // Layer 0 back and the fold in one pass: coefficient j < 512 is u_j + v_j,
    // j >= 512 is u_(j-512) - v_(j-512) (u = x[0..512), v = x[512..1024),
    // below 0.67 kP). red() of a value congruent to a coefficient returns the
    // coefficient itself (below 509 * 2^20 < 2^29 - 2 * 34815: the rounding
    // picks the right multiple of kP), so the folded sum of two is exact.
    const auto low = [x](size_t j) { return red(x[j] + x[kBlock + j]); };
    const auto high = [x](size_t j) { return red(x[j - kBlock] - x[j]); };
    const size_t both_low = (kBlock - n < n - 1) ? kBlock - n : n - 1;  // i + n < 512
    size_t i = 0;
    for (; i < both_low; ++i) c[i] = uint16_t(low(i) + low(i + n));
    for (; i + 1 < n; ++i) c[i] = uint16_t(low(i) + high(i + n));
    c[n - 1] = uint16_t(low(n - 1));
}

}  // namespace pqmcu::ntru::ntt_big
