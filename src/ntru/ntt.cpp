// SPDX-License-Identifier: Apache-2.0 OR MIT
// NTRU's NTT products (ntt.hpp). Cyclic radix-2 transforms: the node
// x^(2m) - zeta^2 splits into x^m - zeta and x^m + zeta; with the
// blocks in the usual bit-reversed order, the factor of layer l, block j is
// g^((kP - 1) brv_l(j) / 2^(l+1)), the same for every length, so one table
// (layers 0..10) serves the 512-, 1024- and 2048-point transforms. Block 0's
// factor is 1 (no product). Forward: Cooley-Tukey, no reduction (inputs
// below 2^13 grow by < kP per layer: < 11.1 kP < 2^31 after 11 layers or a
// 3-point DFT and 9; block 0 of Good's rows 1, 2 is reduced). Pointwise Montgomery products (|result| < 4 kP).
// Inverse: Gentleman-Sande with the sum reduced every layer; the 1/N and
// Montgomery factors are applied when the product is read out.
#include "ntru/ntt.hpp"

#include <array>

namespace pqmcu::ntru::ntt {
namespace {

constexpr uint32_t kRoot = 7;  // a primitive root mod kP
constexpr int kLayers = 11;    // up to 2048 points

constexpr uint32_t pow_mod(uint64_t b, uint64_t e) {
    uint64_t r = 1;
    b %= uint64_t(kP);
    while (e != 0) {
        if (e & 1) r = r * b % uint64_t(kP);
        b = b * b % uint64_t(kP);
        e >>= 1;
    }
    return uint32_t(r);
}
constexpr uint32_t neg_pinv() {
    uint32_t x = 1;
    for (int i = 0; i < 5; ++i) x *= 2u - uint32_t(kP) * x;
    return 0u - x;
}
constexpr uint32_t kPInvNeg = neg_pinv();
static_assert(uint32_t(kP) * kPInvNeg == 0xFFFFFFFFu, "-p^-1 mod 2^32");
static_assert((uint64_t(kP) - 1) % 6144 == 0, "roots of order 2048 and 3");
static_assert(pow_mod(kRoot, (uint64_t(kP) - 1) / 2) == uint32_t(kP) - 1 &&
                  pow_mod(kRoot, (uint64_t(kP) - 1) / 3) != 1 && pow_mod(kRoot, (uint64_t(kP) - 1) / 5) != 1 &&
                  pow_mod(kRoot, (uint64_t(kP) - 1) / 17) != 1 && pow_mod(kRoot, (uint64_t(kP) - 1) / 257) != 1,
              "7 generates (Z/kP)^*: kP - 1 = 2^11 3 5 17 257");
constexpr uint64_t kRModP = (uint64_t(1) << 32) % uint64_t(kP);

constexpr int32_t centre(uint32_t x) { return x > uint32_t(kP) / 2 ? int32_t(x) - kP : int32_t(x); }
constexpr uint32_t brv(uint32_t j, int bits) {
    uint32_t r = 0;
    for (int i = 0; i < bits; ++i) r |= ((j >> i) & 1u) << (bits - 1 - i);
    return r;
}
constexpr int32_t mont_const(uint32_t x) { return centre(uint32_t(uint64_t(x) * kRModP % uint64_t(kP))); }

// kZetas[2^l + j] = g^((kP - 1) brv_l(j) / 2^(l+1)) 2^32 mod kP; kZetasInv the inverses.
template <bool Inverse>
constexpr std::array<int32_t, (1u << kLayers)> make_zetas() {
    std::array<int32_t, (1u << kLayers)> z{};
    const uint32_t w = pow_mod(kRoot, (uint64_t(kP) - 1) / (uint64_t(1) << kLayers));  // order 2048
    const uint32_t wi = pow_mod(w, uint64_t(kP) - 2);
    for (int l = 0; l < kLayers; ++l)
        for (uint32_t j = 0; j < (1u << l); ++j)
            z[(1u << l) + j] = mont_const(pow_mod(Inverse ? wi : w, uint64_t(brv(j, l)) << (kLayers - 1 - l)));
    return z;
}
constexpr std::array<int32_t, (1u << kLayers)> kZetas = make_zetas<false>();
constexpr std::array<int32_t, (1u << kLayers)> kZetasInv = make_zetas<true>();
static_assert(kZetas[1] == mont_const(1) && kZetas[3] == mont_const(pow_mod(kRoot, (uint64_t(kP) - 1) / 4)));

// The cube root of unity of Good's 3-point DFT (times 2^32).
constexpr uint32_t kW3 = pow_mod(kRoot, (uint64_t(kP) - 1) / 3);
constexpr int32_t kW3Mont = mont_const(kW3);
// 2^64 / N mod kP: one Montgomery product with it cancels the pointwise
// product's 2^-32 and the transform's factor N.
constexpr int32_t inv_scale(uint32_t n_points) {
    return centre(uint32_t(kRModP * kRModP % uint64_t(kP) * pow_mod(n_points, uint64_t(kP) - 2) % uint64_t(kP)));
}

// Largest |digit| of mul_split's signed s-bit digits of v in [-2^(logq-1), 2^(logq-1)).
constexpr int64_t split_digit_bound(uint32_t logq, uint32_t s, uint32_t digits) {
    int64_t lo = -(int64_t(1) << (logq - 1)), hi = -lo - 1, m = int64_t(1) << (s - 1);
    for (uint32_t d = 1; d < digits; ++d) {  // v' = (v - digit) / 2^s = floor((v + 2^(s-1)) / 2^s)
        lo = (lo + (int64_t(1) << (s - 1))) >> s;
        hi = (hi + (int64_t(1) << (s - 1))) >> s;
    }
    const int64_t last = hi > -lo ? hi : -lo;
    return last > m ? last : m;
}
constexpr bool split_ok(size_t n, uint32_t logq) {
    const uint32_t s = split_bits(n, logq), d = split_digits(n, logq);
    return uint64_t(n) * (uint64_t(1) << (logq - 1)) * uint64_t(split_digit_bound(logq, s, d)) < uint64_t(kP) / 2 - (1u << 15);
}
static_assert(split_ok(509, 11) && split_ok(677, 11) && split_ok(821, 12) && split_ok(701, 13));
static_assert(split_digits(509, 11) == 2 && split_digits(677, 11) == 2 && split_digits(821, 12) == 2 &&
              split_digits(701, 13) == 3);
// The big x small products (|small| <= 6: key generation's 3 (x - 1) g): n (q/2) 6 < kP / 2.
static_assert(uint64_t(1024) * 4096 * 6 < uint64_t(kP) / 2 - (1u << 15));

inline int32_t montr(int64_t x) {
    const int32_t m = int32_t(uint32_t(uint64_t(x)) * kPInvNeg);
    return int32_t((x + int64_t(m) * kP) >> 32);
}
inline int32_t mont(int32_t a, int32_t b) { return montr(int64_t(a) * b); }
// x - kP round(x / 2^27): |result| <= kP / 2 + 2^15 for |x| < 2^31 (kP = 2^27 - 2047).
inline int32_t reduce(int32_t x) { return x - kP * ((x + (1 << 26)) >> 27); }

// Cyclic transform of m = 2^levels points (Cooley-Tukey, blocks in bit-reversed order).
// Block 0's butterflies (factor 1) add without a product: from small inputs
// its values stay sums of inputs; Good's rows 1 and 2 start at ~kP, so
// (Reduce0) their block 0 is reduced at every layer instead of doubling.
template <bool Reduce0>
[[maybe_unused]] void forward_pow2(int32_t* a, int levels) {
    const size_t m = size_t(1) << levels;
    for (int l = 0; l < levels; ++l) {
        const size_t half = m >> (l + 1);
        for (size_t i = 0; i < half; ++i) {  // block 0: factor 1
            const int32_t u = a[i], v = a[i + half];
            a[i] = Reduce0 ? reduce(u + v) : u + v;
            a[i + half] = Reduce0 ? reduce(u - v) : u - v;
        }
        for (size_t j = 1; j < (size_t(1) << l); ++j) {
            const int32_t z = kZetas[(size_t(1) << l) + j];
            int32_t* x = a + 2 * half * j;
            for (size_t i = 0; i < half; ++i) {
                const int32_t t = mont(x[i + half], z);
                x[i + half] = x[i] - t;
                x[i] = x[i] + t;
            }
        }
    }
}
// Inverse (Gentleman-Sande), without the factor 1/m.
[[maybe_unused]] void inverse_pow2(int32_t* a, int levels) {
    const size_t m = size_t(1) << levels;
    for (int l = levels - 1; l >= 0; --l) {
        const size_t half = m >> (l + 1);
        for (size_t i = 0; i < half; ++i) {
            const int32_t u = a[i], v = a[i + half];
            a[i] = reduce(u + v);
            a[i + half] = reduce(u - v);
        }
        for (size_t j = 1; j < (size_t(1) << l); ++j) {
            const int32_t z = kZetasInv[(size_t(1) << l) + j];
            int32_t* x = a + 2 * half * j;
            for (size_t i = 0; i < half; ++i) {
                const int32_t u = x[i], v = x[i + half];
                x[i] = reduce(u + v);
                x[i + half] = mont(u - v, z);
            }
        }
    }
}

#if defined(PQMCU_NTRU_NTT_M4_ASM)
static_assert(kPInvNeg == 0x07BFF7FFu, "ntt_m4.S's constant");
extern "C" {
void pqmcu_ntru_ntt_fwd3_g64(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_fwd3_g8(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_fwd3_g1(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_inv3_g64(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_inv3_g8(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_inv3_g1(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
}
// The layers above the last nine in C (1024: layer 0, 2048: layers 0 and 1,
// from small inputs), then three passes of three (ntt_m4.S; block 0 is
// multiplied by 2^32 mod kP like the others, which keeps it reduced).
template <bool Reduce0>
void forward_pow2_m4(int32_t* a, int levels) {
    const size_t m = size_t(1) << levels;
    const int c_layers = levels - 9;
    for (int l = 0; l < c_layers; ++l) {
        const size_t half = m >> (l + 1);
        for (size_t i = 0; i < half; ++i) {  // block 0: factor 1, sums of small inputs
            const int32_t u = a[i], v = a[i + half];
            a[i] = u + v;
            a[i + half] = u - v;
        }
        for (size_t j = 1; j < (size_t(1) << l); ++j) {
            const int32_t z = kZetas[(size_t(1) << l) + j];
            int32_t* x = a + 2 * half * j;
            for (size_t i = 0; i < half; ++i) {
                const int32_t t = mont(x[i + half], z);
                x[i + half] = x[i] - t;
                x[i] = x[i] + t;
            }
        }
    }
    const uint32_t l = uint32_t(c_layers);
    pqmcu_ntru_ntt_fwd3_g64(a, kZetas.data(), 1u << l, 1u << l);
    pqmcu_ntru_ntt_fwd3_g8(a, kZetas.data(), 8u << l, 8u << l);
    pqmcu_ntru_ntt_fwd3_g1(a, kZetas.data(), 64u << l, 64u << l);
}
void inverse_pow2_m4(int32_t* a, int levels) {
    const size_t m = size_t(1) << levels;
    const int c_layers = levels - 9;
    const uint32_t l0 = uint32_t(c_layers);
    pqmcu_ntru_ntt_inv3_g1(a, kZetasInv.data(), 64u << l0, 64u << l0);
    pqmcu_ntru_ntt_inv3_g8(a, kZetasInv.data(), 8u << l0, 8u << l0);
    pqmcu_ntru_ntt_inv3_g64(a, kZetasInv.data(), 1u << l0, 1u << l0);
    for (int l = c_layers - 1; l >= 0; --l) {  // inputs below 1.5 kP
        const size_t half = m >> (l + 1);
        for (size_t j = 0; j < (size_t(1) << l); ++j) {
            const int32_t z = kZetasInv[(size_t(1) << l) + j];
            int32_t* x = a + 2 * half * j;
            for (size_t i = 0; i < half; ++i) {
                const int32_t u = x[i], v = x[i + half];
                x[i] = reduce(u + v);
                x[i + half] = mont(u - v, z);
            }
        }
    }
}
#define PQMCU_NTRU_FORWARD_POW2(R0, a, levels) forward_pow2_m4<R0>(a, levels)
#define PQMCU_NTRU_INVERSE_POW2(a, levels) inverse_pow2_m4(a, levels)
#else
#define PQMCU_NTRU_FORWARD_POW2(R0, a, levels) forward_pow2<R0>(a, levels)
#define PQMCU_NTRU_INVERSE_POW2(a, levels) inverse_pow2(a, levels)
#endif

constexpr size_t kRow = 512;  // Good's rows for N = 1536

void forward(int32_t* a, size_t big_n) {
    if (big_n == 1536) {
        // 3-point DFT per column: X0 = x0 + x1 + x2, X1 = x0 - x2 + t,
        // X2 = x0 - x1 - t with t = w (x1 - x2) (w^2 = -1 - w).
        for (size_t c = 0; c < kRow; ++c) {
            const int32_t x0 = a[c], x1 = a[kRow + c], x2 = a[2 * kRow + c];
            const int32_t t = mont(x1 - x2, kW3Mont);
            a[c] = x0 + x1 + x2;
            a[kRow + c] = x0 - x2 + t;
            a[2 * kRow + c] = x0 - x1 - t;
        }
        PQMCU_NTRU_FORWARD_POW2(false, a, 9);  // row 0 holds sums of the (small) inputs
        PQMCU_NTRU_FORWARD_POW2(true, a + kRow, 9);
        PQMCU_NTRU_FORWARD_POW2(true, a + 2 * kRow, 9);
    } else {
        PQMCU_NTRU_FORWARD_POW2(false, a, big_n == 1024 ? 10 : 11);
    }
}
void inverse(int32_t* a, size_t big_n) {
    if (big_n == 1536) {
        for (size_t r = 0; r < 3; ++r) PQMCU_NTRU_INVERSE_POW2(a + r * kRow, 9);
        // 3 x0 = X0 + X1 + X2, 3 x1 = X0 - X1 + t, 3 x2 = X0 - X2 - t, t = w (X2 - X1).
        for (size_t c = 0; c < kRow; ++c) {
            const int32_t y0 = a[c], y1 = a[kRow + c], y2 = a[2 * kRow + c];
            const int32_t t = mont(y2 - y1, kW3Mont);
            a[c] = y0 + y1 + y2;
            a[kRow + c] = y0 - y1 + t;
            a[2 * kRow + c] = y0 - y2 - t;
        }
    } else {
        PQMCU_NTRU_INVERSE_POW2(a, big_n == 1024 ? 10 : 11);
    }
}
void pointwise(int32_t* a, const int32_t* b, size_t big_n) {
    for (size_t i = 0; i < big_n; ++i) a[i] = reduce(mont(a[i], b[i]));  // |a| <= kP / 2 + 2^11
}

// Where coefficient i of a polynomial mod x^N - 1 sits in the transform's
// input (and the inverse's output): i itself, or Good's (i mod 3, i mod 512).
struct Index {
    size_t big_n, i = 0, r = 0;
    size_t pos() const { return big_n == 1536 ? r * kRow + (i & (kRow - 1)) : i; }
    void next() {
        ++i;
        r = r == 2 ? 0 : r + 1;
    }
};

inline int32_t read(uint16_t x, unsigned bits) {
    return bits == 0 ? int32_t(x) : int32_t(uint32_t(x) << (32 - bits)) >> (32 - bits);
}
void load(int32_t* dst, const uint16_t* src, unsigned bits, size_t n, size_t big_n) {
    for (size_t i = 0; i < big_n; ++i) dst[i] = 0;
    for (Index k{big_n}; k.i < n; k.next()) dst[k.pos()] = read(src[k.i], bits);
}
// The integer product's coefficient at transform position `pos` (exact when below kP / 2).
inline int32_t coefficient(const int32_t* a, size_t pos, int32_t scale) { return reduce(mont(a[pos], scale)); }

// c[i] (+)= (prod[i] + prod[i + n]) << shift mod 2^16, prod the inverse transform in `a`.
template <bool Add>
void store_folded(uint16_t* c, const int32_t* a, size_t n, size_t big_n, unsigned shift) {
    const int32_t scale = inv_scale(uint32_t(big_n));
    Index lo{big_n}, hi{big_n};
    for (size_t i = 0; i < n; ++i) hi.next();
    for (; lo.i < n; lo.next()) {
        uint32_t v = uint32_t(coefficient(a, lo.pos(), scale));
        if (hi.i < 2 * n - 1) {
            v += uint32_t(coefficient(a, hi.pos(), scale));
            hi.next();
        }
        v <<= shift;
        c[lo.i] = uint16_t(Add ? c[lo.i] + v : v);
    }
}

}  // namespace

void mul(uint16_t* c, const uint16_t* a, unsigned abits, const uint16_t* b, unsigned bbits, size_t n,
         int32_t* scratch) {
    const size_t big_n = length(n);
    int32_t *x = scratch, *y = scratch + big_n;
    load(x, a, abits, n, big_n);
    load(y, b, bbits, n, big_n);
    forward(x, big_n);
    forward(y, big_n);
    pointwise(x, y, big_n);
    inverse(x, big_n);
    store_folded<false>(c, x, n, big_n, 0);
}

void mul_split(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t logq, int32_t* scratch) {
    const size_t big_n = length(n);
    const uint32_t s = split_bits(n, logq), digits = split_digits(n, logq);
    int32_t *x = scratch, *y = scratch + big_n;
    load(x, a, logq, n, big_n);
    forward(x, big_n);
    for (uint32_t d = 0; d < digits; ++d) {
        // digit d of centred b: v_0 = b, digit = v mod 2^s in [-2^(s-1), 2^(s-1)), v' = (v - digit) / 2^s
        for (size_t i = 0; i < big_n; ++i) y[i] = 0;
        for (Index k{big_n}; k.i < n; k.next()) {
            int32_t v = read(b[k.i], logq), digit = 0;
            for (uint32_t e = 0; e <= d; ++e) {
                digit = int32_t(uint32_t(v + (1 << (s - 1))) & ((1u << s) - 1)) - (1 << (s - 1));
                v = (v - digit) >> s;
            }
            y[k.pos()] = d + 1 == digits ? digit + (v << s) : digit;  // the last digit keeps the rest
        }
        forward(y, big_n);
        pointwise(y, x, big_n);
        inverse(y, big_n);
        if (d == 0) store_folded<false>(c, y, n, big_n, 0);
        else store_folded<true>(c, y, n, big_n, s * d);
    }
}

}  // namespace pqmcu::ntru::ntt
