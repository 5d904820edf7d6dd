// SPDX-License-Identifier: Apache-2.0 OR MIT
// NTRU's NTT products (ntt.hpp). Cyclic radix-2 transforms: the node
// x^(2m) - zeta^2 splits into x^m - zeta and x^m + zeta; with the blocks in
// the usual bit-reversed order, the factor of layer l, block j is
// g^((kP - 1) brv_l(j) / 2^(l+1)), the same for every length, so one table
// serves the 1024-, 1536- (rows of 512) and 2048-point transforms. After a
// first stage every transform is blocks of 512 points; each block gets six
// radix-2 layers (two assembly passes of three on the M4) and its 64
// residues mod x^8 - c are multiplied directly (basemul).
// Bounds (kP < 2^27, so 16 kP < 2^31): inputs below 2^13 (the small
// operand's products by w or zeta below 8 kP); each forward layer adds less
// than kP (Montgomery products are below 0.75 kP): below 12.5 kP after the
// sixth. basemul reduces the big operand first, keeps 64-bit sums below
// 2^60 and returns values below 0.6 kP (the C version: reduced); the inverse
// keeps every value below 1.5 kP between passes (sums reduced), and the
// fold reduces once per output to the exact centred integer (the bound on
// a sum of two product coefficients is checked below: < kP / 2 - 2^15).
#include "ntru/ntt.hpp"

#include <array>

#include "ntru/ntt_tables.hpp"

namespace pqmcu::ntru::ntt {
namespace {

constexpr uint32_t kRoot = 7;  // a primitive root mod kP

using Tables = NttTables<kP, kRoot>;
constexpr uint32_t pow_mod(uint64_t b, uint64_t e) { return Tables::pow_mod(b, e); }
constexpr int32_t centre(uint32_t x) { return Tables::centre(x); }
constexpr int32_t mont_const(uint32_t x) { return Tables::mont_const(x); }
[[maybe_unused]] constexpr uint32_t kPInvNeg = Tables::kPInvNeg;  // (read by the M4 checks only)
static_assert((uint64_t(kP) - 1) % 6144 == 0, "roots of order 2048 and 3");
static_assert(pow_mod(kRoot, (uint64_t(kP) - 1) / 2) == uint32_t(kP) - 1 &&
                  pow_mod(kRoot, (uint64_t(kP) - 1) / 3) != 1 && pow_mod(kRoot, (uint64_t(kP) - 1) / 5) != 1 &&
                  pow_mod(kRoot, (uint64_t(kP) - 1) / 17) != 1 && pow_mod(kRoot, (uint64_t(kP) - 1) / 257) != 1,
              "7 generates (Z/kP)^*: kP - 1 = 2^11 3 5 17 257");

// kZetas[2^l + j] = g^((kP - 1) brv_l(j) / 2^(l+1)) 2^32 mod kP; kZetasInv the
// inverses. The transforms use global layers 0..7 only (the first stage's
// one or two, then six per 512-point block; the rest is basemul's), so 256
// entries.
constexpr auto kZetas = Tables::make_zetas<false>();
constexpr auto kZetasInv = Tables::make_zetas<true>();
static_assert(kZetas[1] == mont_const(1) && kZetas[3] == mont_const(pow_mod(kRoot, (uint64_t(kP) - 1) / 4)));
// kSquares[2^l + j] = (the factor of kZetas[2^l + j])^2 2^32 mod kP: block
// (l, j) of a transform stopped before layer l is the residue mod
// x^m - kSquares (l <= 8; the transforms stop before the last three layers).
constexpr auto kSquares = Tables::make_squares();

// The cube root of unity of Good's 3-point DFT (times 2^32).
constexpr uint32_t kW3 = pow_mod(kRoot, (uint64_t(kP) - 1) / 3);
constexpr int32_t kW3Mont = mont_const(kW3);
// 2^64 / N mod kP: one Montgomery product with it cancels the pointwise
// product's 2^-32 and the transform's factor N.
constexpr int32_t inv_scale(uint32_t n_points) { return Tables::inv_scale(n_points); }

// The big x small products of the four sets with a transform (|small| <= 8:
// key generation's Newton steps with r centred to 4 bits; the fold adds two
// coefficients): 2 n (q/2) 8 < kP / 2 - 2^15.
constexpr bool small_ok(uint64_t n, uint64_t logq) { return 2 * n * (uint64_t(1) << (logq - 1)) * 8 < uint64_t(kP) / 2 - (1u << 15); }
static_assert(small_ok(509, 12) && small_ok(677, 12) && small_ok(701, 13) && small_ok(821, 12));  // (509, 677: read to 12 bits in the Newton steps)

inline int32_t montr(int64_t x) { return Tables::montr(x); }
inline int32_t mont(int32_t a, int32_t b) { return Tables::mont(a, b); }
// x - kP round(x / 2^27): |result| <= kP / 2 + 2^15 for |x| < 2^31 (kP = 2^27 - 2047).
// (On the M4 as ADD, ASR, MLS: GCC would multiply by kP with shifted adds.)
inline int32_t reduce(int32_t x) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    int32_t k, r;
    __asm__("add %[k], %[x], #0x4000000\n\t"
            "asr %[k], %[k], #27\n\t"
            "mls %[r], %[k], %[p], %[x]"
            : [k] "=&r"(k), [r] "=r"(r)
            : [x] "r"(x), [p] "r"(kP));
    return r;
#else
    return x - kP * ((x + (1 << 26)) >> 27);
#endif
}

// The transforms work on blocks of 512 points after a first stage: 1024
// points = 2 blocks (layer 0), 2048 = 4 blocks (layers 0 and 1), 1536 = 3
// rows (Good's map and a 3-point DFT). A block is then a 9-layer transform
// whose layer l, sub-block j uses the factor of global index
// 2^(l + s0) + b 2^l + j (s0 = 1 or 2 first-stage layers, b the block; for
// Good's rows s0 = b = 0). So the small operand of a product needs only one
// block of scratch at a time: each of its blocks is made, transformed,
// multiplied into the other's and inverse-transformed in turn.
constexpr size_t kBlock = 512;
constexpr int kBlockLayers = 6;  // of 9: the last three are left to basemul()

struct Geometry {
    size_t big_n;
    size_t blocks;  // 2, 3 or 4
    int s0;         // first-stage layers (pow2); 0 for Good's
    bool good;
    explicit Geometry(size_t n_points)
        : big_n(n_points),
          blocks(n_points / kBlock),
          s0(n_points == 1024 ? 1 : n_points == 2048 ? 2 : 0),
          good(n_points == 1536) {}
    uint32_t k0(int l, size_t b) const {
        return good ? (1u << l) : (1u << (l + s0)) + uint32_t(b << l);
    }
};

#if defined(PQMCU_NTRU_NTT_M4_ASM)
static_assert(kPInvNeg == 0x07BFF7FFu, "ntt_m4.S's constant");
extern "C" {
void pqmcu_ntru_ntt_fwd3_g64(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_fwd3_g8(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_inv3_g64(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_inv3_g8(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_basemul(int32_t* x, const int32_t* y, const int32_t* c, uint32_t blocks, int32_t scale);
}
#endif

// The 9 layers of block b (Cooley-Tukey). Inputs below 2.25 kP; each layer
// adds less than kP (factor 1: a reduction instead of a product).
void forward_block(int32_t* a, const Geometry& g, size_t b) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_ntt_fwd3_g64(a, kZetas.data(), g.k0(0, b), 1);
    pqmcu_ntru_ntt_fwd3_g8(a, kZetas.data(), g.k0(3, b), 8);
#else
    for (int l = 0; l < kBlockLayers; ++l) {
        const size_t half = kBlock >> (l + 1);
        for (size_t j = 0; j < (size_t(1) << l); ++j) {
            const uint32_t k = g.k0(l, b) + uint32_t(j);
            const int32_t z = kZetas[k];
            int32_t* x = a + 2 * half * j;
            for (size_t i = 0; i < half; ++i) {
                const int32_t t = (k & (k - 1)) == 0 ? reduce(x[i + half]) : mont(x[i + half], z);
                x[i + half] = x[i] - t;
                x[i] = x[i] + t;
            }
        }
    }
#endif
}
// The inverse of block b (Gentleman-Sande), without the factor 1/64;
// inputs below 1.5 kP, outputs too.
void inverse_block(int32_t* a, const Geometry& g, size_t b) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_ntt_inv3_g8(a, kZetasInv.data(), g.k0(3, b), 8);
    pqmcu_ntru_ntt_inv3_g64(a, kZetasInv.data(), g.k0(0, b), 1);
#else
    for (int l = kBlockLayers - 1; l >= 0; --l) {
        const size_t half = kBlock >> (l + 1);
        for (size_t j = 0; j < (size_t(1) << l); ++j) {
            const int32_t z = kZetasInv[g.k0(l, b) + j];
            int32_t* x = a + 2 * half * j;
            for (size_t i = 0; i < half; ++i) {
                const int32_t u = x[i], v = x[i + half];
                x[i] = reduce(u + v);
                x[i + half] = mont(u - v, z);
            }
        }
    }
#endif
}
// The products of block b's 64 residues mod x^8 - c_j (c_j = kSquares of
// the layer the transforms stop before): x = (x y / 2^32) scale / 2^32,
// reduced (|x| <= kP / 2 + 2^15: the inverse's inputs); scale = 2^64 / (N / 8)
// cancels the 2^-32s and the inverse's factor. The operands are reduced
// first (|x|, |y| < kP / 2 + 2^15), so each 64-bit sum of eight products
// and the wrapped part (its Montgomery reduction times c) stays below 2^56.
void basemul(int32_t* x, const int32_t* y, const Geometry& g, size_t b, int32_t scale) {
    const uint32_t k0 = g.k0(kBlockLayers, b);
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_ntt_basemul(x, y, kSquares.data() + k0, uint32_t(kBlock / 8), scale);  // (y not reduced there)
    return;
#endif
    for (size_t j = 0; j < kBlock / 8; ++j) {
        int32_t* xb = x + 8 * j;
        const int32_t* yb = y + 8 * j;
        const int32_t c = kSquares[k0 + j];
        int32_t xr[8], yr[8];
#pragma GCC unroll 8
        for (int i = 0; i < 8; ++i) {
            xr[i] = reduce(xb[i]);
            yr[i] = reduce(yb[i]);
        }
#pragma GCC unroll 8
        for (int k = 0; k < 8; ++k) {
            int64_t wrap = 0;
#pragma GCC unroll 8
            for (int i = k + 1; i < 8; ++i) wrap += int64_t(xr[i]) * yr[k + 8 - i];
            int64_t sum = int64_t(montr(wrap)) * c;
#pragma GCC unroll 8
            for (int i = 0; i <= k; ++i) sum += int64_t(xr[i]) * yr[k - i];
            xb[k] = reduce(mont(montr(sum), scale));
        }
    }
}

// The first stage. Since 2n - 1 <= N, only coefficients below 512 (1024
// points), 768 (1536) or 1024 (2048) can be non-zero: u0 = a_i and
// u1 = a_(i+512) (i < 512). 1024: blocks 0 and 1 (layer 0: u0 +- 0) are both
// u0. 2048: layers 0 and 1: blocks 0, 1 = u0 +- u1, blocks 2, 3 =
// u0 +- zeta[3] u1. 1536: Good's map puts coefficient i at row i mod 3,
// column i mod 512, so column c holds u0 at row rho = c mod 3 and u1 at row
// rho + 2 mod 3; then the 3-point DFT of the column (x0, x1, x2):
// X0 = x0 + x1 + x2, X1 = x0 - x2 + t, X2 = x0 - x1 - t, t = w (x1 - x2)
// (w^2 = -1 - w). Inputs below 2^13; outputs below 2 kP.
template <int Rho>
inline void good_column(int32_t* a, size_t c, int32_t u0, int32_t u1) {
    // (x0, x1, x2) with u0 at row Rho, u1 at row Rho + 2 (mod 3), 0 at the third
    const int32_t x0 = Rho == 0 ? u0 : Rho == 1 ? u1 : 0;
    const int32_t x1 = Rho == 0 ? 0 : Rho == 1 ? u0 : u1;
    const int32_t x2 = Rho == 0 ? u1 : Rho == 1 ? 0 : u0;
    const int32_t t = mont(x1 - x2, kW3Mont);
    a[c] = x0 + x1 + x2;
    a[kBlock + c] = x0 - x2 + t;
    a[2 * kBlock + c] = x0 - x1 - t;
}
constexpr int32_t kW3Centred = centre(kW3);
constexpr int32_t kZeta3Centred = centre(pow_mod(kRoot, (uint64_t(kP) - 1) / 4));
// Reads coefficient i centred mod 2^Bits (Bits = 0: as it is); Bits is a
// compile-time constant for the widths the sets use (one SBFX on the M4).
template <unsigned Bits>
struct SmallReader {
    const uint16_t* src;
    size_t n;
    int32_t operator()(size_t i) const {
        if constexpr (Bits == 0) return int32_t(src[i]);
        else return int32_t(uint32_t(src[i]) << (32 - Bits)) >> (32 - Bits);
    }
    int32_t padded(size_t i) const { return i < n ? (*this)(i) : 0; }  // (n is public)
};
// Any width, the shift at run time.
struct DynReader {
    const uint16_t* src;
    size_t n;
    unsigned shift;  // 32 - bits, or 0 (values as they are)
    int32_t operator()(size_t i) const { return int32_t(uint32_t(src[i]) << shift) >> shift; }
    int32_t padded(size_t i) const { return i < n ? (*this)(i) : 0; }
};
// {0,1,2} read as {0,1,-1} (kTernary: r, f straight from their S3 form).
struct TernaryReader {
    const uint16_t* src;
    size_t n;
    int32_t operator()(size_t i) const { return int32_t(src[i]) - 3 * int32_t(src[i] >> 1); }
    int32_t padded(size_t i) const { return i < n ? (*this)(i) : 0; }
};
// f(reader) with the compile-time reader of the widths the sets use (0 for
// S3 values, logq 11-13, kTernary), else the run-time one.
template <class F>
void with_reader(const uint16_t* src, unsigned bits, size_t n, F&& f) {
    switch (bits) {
        case 0: f(SmallReader<0>{src, n}); break;
        case 11: f(SmallReader<11>{src, n}); break;
        case 12: f(SmallReader<12>{src, n}); break;
        case 13: f(SmallReader<13>{src, n}); break;
        case kTernary: f(TernaryReader{src, n}); break;
        default: f(DynReader{src, n, 32u - bits}); break;
    }
}
// The big operand's first stage, straight from its coefficients (read as
// `bits` says; zero from n on), into the whole of a.
template <class Reader>
void first_stage(int32_t* a, const Reader& in, const Geometry& g) {
    const size_t n = in.n;
    if (g.good) {  // 513 <= n <= 768: column c reads c (< n) and c + 512 (< n for c < n - 512)
        // Columns below h3 (a multiple of 3) have both values, the three
        // from h3 are read with the test, the rest have no c + 512 (n is
        // public: the split depends on it only).
        const size_t h3 = (n - kBlock) / 3 * 3;
        size_t c = 0;
        for (; c < h3; c += 3) {
            good_column<0>(a, c, in(c), in(c + kBlock));
            good_column<1>(a, c + 1, in(c + 1), in(c + 1 + kBlock));
            good_column<2>(a, c + 2, in(c + 2), in(c + 2 + kBlock));
        }
        good_column<0>(a, c, in(c), in.padded(c + kBlock));
        good_column<1>(a, c + 1, in(c + 1), in.padded(c + 1 + kBlock));
        good_column<2>(a, c + 2, in(c + 2), in.padded(c + 2 + kBlock));
        for (c += 3; c + 3 <= kBlock; c += 3) {
            good_column<0>(a, c, in(c), 0);
            good_column<1>(a, c + 1, in(c + 1), 0);
            good_column<2>(a, c + 2, in(c + 2), 0);
        }
        good_column<0>(a, c, in(c), 0);  // c = 510, 511
        good_column<1>(a, c + 1, in(c + 1), 0);
        return;
    }
    if (g.big_n == 1024) {  // n <= 512
        for (size_t i = 0; i < n; ++i) a[i] = a[kBlock + i] = in(i);
        for (size_t i = n; i < kBlock; ++i) a[i] = a[kBlock + i] = 0;
        return;
    }
    const int32_t z = kZetas[3];  // 769 <= n <= 1024
    const size_t hi = n - kBlock;  // coefficients 512 + i exist for i < hi
    for (size_t i = 0; i < hi; ++i) {
        const int32_t u0 = in(i), u1 = in(kBlock + i);
        const int32_t t = mont(u1, z);
        a[i] = u0 + u1;
        a[kBlock + i] = u0 - u1;
        a[2 * kBlock + i] = u0 + t;
        a[3 * kBlock + i] = u0 - t;
    }
    for (size_t i = hi; i < kBlock; ++i) a[i] = a[kBlock + i] = a[2 * kBlock + i] = a[3 * kBlock + i] = in(i);
}
// Block b of the first stage of the small operand (|value| <= 8), straight
// from its coefficients (zero from n on). Its products by w (or zeta[3]) are
// plain 32-bit products with the centred constant: |d w| <= 16 kP / 2 = 8 kP,
// and the six layers after it keep it below 12.5 kP < 2^31.
// Row B of Good's 3-point DFT, column c with u0 at row Rho, u1 at row Rho + 2.
template <int B, int Rho>
inline int32_t dft3_row(int32_t u0, int32_t u1) {
    const int32_t x0 = Rho == 0 ? u0 : Rho == 1 ? u1 : 0;
    const int32_t x1 = Rho == 0 ? 0 : Rho == 1 ? u0 : u1;
    const int32_t x2 = Rho == 0 ? u1 : Rho == 1 ? 0 : u0;
    if (B == 0) return x0 + x1 + x2;
    const int32_t t = (x1 - x2) * kW3Centred;
    return B == 1 ? x0 - x2 + t : x0 - x1 - t;
}
template <int B, class Reader>
void good_block(int32_t* dst, const Reader& in) {
    // As first_stage: both values below h3, the test for three columns, then
    // none from c + 512.
    const size_t h3 = (in.n - kBlock) / 3 * 3;
    size_t c = 0;
    for (; c < h3; c += 3) {
        dst[c] = dft3_row<B, 0>(in(c), in(c + kBlock));
        dst[c + 1] = dft3_row<B, 1>(in(c + 1), in(c + 1 + kBlock));
        dst[c + 2] = dft3_row<B, 2>(in(c + 2), in(c + 2 + kBlock));
    }
    dst[c] = dft3_row<B, 0>(in(c), in.padded(c + kBlock));
    dst[c + 1] = dft3_row<B, 1>(in(c + 1), in.padded(c + 1 + kBlock));
    dst[c + 2] = dft3_row<B, 2>(in(c + 2), in.padded(c + 2 + kBlock));
    for (c += 3; c + 3 <= kBlock; c += 3) {
        dst[c] = dft3_row<B, 0>(in(c), 0);
        dst[c + 1] = dft3_row<B, 1>(in(c + 1), 0);
        dst[c + 2] = dft3_row<B, 2>(in(c + 2), 0);
    }
    dst[c] = dft3_row<B, 0>(in(c), 0);  // c = 510, 511
    dst[c + 1] = dft3_row<B, 1>(in(c + 1), 0);
}
template <class Reader>
void first_stage_block(int32_t* dst, const Reader& in, const Geometry& g, size_t b) {
    const size_t n = in.n;
    if (g.good) {  // 513 <= n <= 768: column c reads c (< n) and c + 512
        if (b == 0) good_block<0>(dst, in);
        else if (b == 1) good_block<1>(dst, in);
        else good_block<2>(dst, in);
    } else if (g.big_n == 1024) {  // n <= 512
        for (size_t i = 0; i < n; ++i) dst[i] = in(i);
        for (size_t i = n; i < kBlock; ++i) dst[i] = 0;
    } else {  // 769 <= n <= 1024
        const int32_t z = b < 2 ? 1 : kZeta3Centred;
        const int32_t sign = (b & 1) != 0 ? -1 : 1;
        const int32_t zs = z * sign;
        const size_t hi = n - kBlock;
        for (size_t i = 0; i < hi; ++i) dst[i] = in(i) + zs * in(i + kBlock);
        for (size_t i = hi; i < kBlock; ++i) dst[i] = in(i);
    }
}
// The inverse's last stage over the blocks of a, leaving the product's
// coefficients in natural order, exact mod kP but not reduced (below 4.5 kP;
// the fold reduces once per output): inverse layer 0 (2048: layers 1 and 0)
// or the inverse 3-point DFT (3 x0 = X0 + X1 + X2, 3 x1 = X0 - X1 + t,
// 3 x2 = X0 - X2 - t with t = w (X2 - X1)) and Good's map back. The 1/N
// came with basemul's scale.
// Column c of Good's inverse: rows (X0, X1, X2) -> the coefficients c,
// c + 512, c + 1024 (at rows rho, rho + 2, rho + 1 with rho = c mod 3).
template <int Rho>
inline void good_last_column(int32_t* a, size_t c) {
    const int32_t y0 = a[c], y1 = a[kBlock + c], y2 = a[2 * kBlock + c];
    const int32_t t = mont(y2 - y1, kW3Mont);
    const int32_t x0 = y0 + y1 + y2, x1 = y0 - y1 + t, x2 = y0 - y2 - t;
    a[c] = Rho == 0 ? x0 : Rho == 1 ? x1 : x2;
    a[kBlock + c] = Rho == 0 ? x2 : Rho == 1 ? x0 : x1;
    a[2 * kBlock + c] = Rho == 0 ? x1 : Rho == 1 ? x2 : x0;
}
void last_stage(int32_t* a, const Geometry& g) {
    if (g.good) {
        size_t c = 0;
        for (; c + 3 <= kBlock; c += 3) {
            good_last_column<0>(a, c);
            good_last_column<1>(a, c + 1);
            good_last_column<2>(a, c + 2);
        }
        good_last_column<0>(a, c);
        good_last_column<1>(a, c + 1);
        return;
    }
    if (g.big_n == 2048) {  // layer 1: blocks (0, 1) with factor 1, (2, 3) with zeta[3]^-1
        const int32_t zi = kZetasInv[3];
        for (size_t i = 0; i < kBlock; ++i) {
            const int32_t u0 = a[i], v0 = a[kBlock + i], u1 = a[2 * kBlock + i], v1 = a[3 * kBlock + i];
            a[i] = reduce(u0 + v0);
            a[kBlock + i] = reduce(u0 - v0);
            a[2 * kBlock + i] = reduce(u1 + v1);
            a[3 * kBlock + i] = mont(u1 - v1, zi);
        }
    }
    const size_t half = g.big_n / 2;
    for (size_t i = 0; i < half; ++i) {
        const int32_t u = a[i], v = a[i + half];
        a[i] = u + v;
        a[i + half] = u - v;
    }
}


// 1024 points: layer 0 back inside the fold mod x^n - 1 (coefficient j < 512
// is u_j + v_j, j >= 512 is u_(j-512) - v_(j-512), u = x[0..512), v =
// x[512..1024)): a sum of four values below 1.5 kP, below 6 kP < 2^31, one
// reduction per output. (Out of line: inlined into mul() it moved the
// other lengths' register allocation, +0.1-0.2 % at n = 677, 701, 821.)
[[gnu::noinline]] void fold1024(uint16_t* c, const int32_t* x, size_t n) {
    const auto low = [x](size_t j) { return x[j] + x[kBlock + j]; };
    const auto high = [x](size_t j) { return x[j - kBlock] - x[j]; };
    const size_t both_low = (kBlock - n < n - 1) ? kBlock - n : n - 1;  // i + n < 512
    size_t i = 0;
    for (; i < both_low; ++i) c[i] = uint16_t(reduce(low(i) + low(i + n)));
    for (; i + 1 < n; ++i) c[i] = uint16_t(reduce(low(i) + high(i + n)));
    c[n - 1] = uint16_t(reduce(low(n - 1)));
}
// n = 512 - K (ntruhps2048509: K = 3): high(i + n) is the difference
// x[j] - x[512 + j] at j = i - K, whose two values were read K outputs
// before, so it is kept in a window of K registers: two loads per output.
template <size_t K>
[[gnu::noinline]] void fold1024_window(uint16_t* c, const int32_t* x) {
    constexpr size_t n = kBlock - K;
    int32_t d[K];
    for (size_t t = 0; t < K; ++t) {
        c[t] = uint16_t(reduce(x[t] + x[kBlock + t] + x[t + n] + x[kBlock + t + n]));  // both low
        d[t] = x[t] - x[kBlock + t];
    }
    size_t i = K;
    for (; i + K <= n - 1; i += K) {
#pragma GCC unroll 4
        for (size_t t = 0; t < K; ++t) {
            const int32_t u = x[i + t], v = x[kBlock + i + t];
            c[i + t] = uint16_t(reduce(u + v + d[t]));
            d[t] = u - v;
        }
    }
    for (; i + 1 < n; ++i) c[i] = uint16_t(reduce(x[i] + x[kBlock + i] + x[i - K] - x[kBlock + i - K]));
    c[n - 1] = uint16_t(reduce(x[n - 1] + x[kBlock + n - 1]));
}

}  // namespace

void mul(uint16_t* c, const uint16_t* a, unsigned abits, const uint16_t* b, unsigned bbits, size_t n,
         int32_t* scratch) {
    const Geometry g(length(n));
    int32_t *x = scratch, *y = scratch + g.big_n;
    with_reader(a, abits, n, [&](const auto& in) { first_stage(x, in, g); });
    for (size_t blk = 0; blk < g.blocks; ++blk) forward_block(x + blk * kBlock, g, blk);
    // (constants: inv_scale at run time would divide 64-bit numbers)
    constexpr int32_t kScale1024 = inv_scale(1024 / 8), kScale1536 = inv_scale(1536 / 8),
                      kScale2048 = inv_scale(2048 / 8);
    const int32_t scale = g.big_n == 1024 ? kScale1024 : g.good ? kScale1536 : kScale2048;
    for (size_t blk = 0; blk < g.blocks; ++blk) {
        int32_t* xb = x + blk * kBlock;
        with_reader(b, bbits, n, [&](const auto& in) { first_stage_block(y, in, g, blk); });
        forward_block(y, g, blk);
        basemul(xb, y, g, blk, scale);
        inverse_block(xb, g, blk);
    }
    // mod x^n - 1, one reduction per output: each coefficient is below
    // n (q/2) 6 in absolute value, so the sum of two is too (checked above).
    if (g.big_n == 1024) {
        if (n == kBlock - 3) fold1024_window<3>(c, x);
        else fold1024(c, x, n);
        return;
    }
    last_stage(x, g);
    for (size_t i = 0; i + 1 < n; ++i) c[i] = uint16_t(reduce(x[i] + x[i + n]));
    c[n - 1] = uint16_t(reduce(x[n - 1]));
}

}  // namespace pqmcu::ntru::ntt
