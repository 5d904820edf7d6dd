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

// Layers [first, end) of the cyclic transform of 2^levels points
// (Cooley-Tukey, blocks in bit-reversed order). Inputs below 3 kP: every
// butterfly, block 0's too (factor 1: a reduction instead of a product),
// adds less than kP.
void forward_layers(int32_t* a, int levels, int first, int end) {
    const size_t m = size_t(1) << levels;
    for (int l = first; l < end; ++l) {
        const size_t half = m >> (l + 1);
        for (size_t i = 0; i < half; ++i) {
            const int32_t u = a[i], v = reduce(a[i + half]);
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
}
// Inverse layers end - 1 down to first (Gentleman-Sande), without the factor
// 1/m; inputs below 1.5 kP, outputs too.
void inverse_layers(int32_t* a, int levels, int first, int end) {
    const size_t m = size_t(1) << levels;
    for (int l = end - 1; l >= first; --l) {
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

#if defined(PQMCU_NTRU_NTT_M4_ASM)
static_assert(kPInvNeg == 0x07BFF7FFu, "ntt_m4.S's constant");
extern "C" {
void pqmcu_ntru_ntt_fwd3_g64(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_fwd3_g8(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_fwd3_g1(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_inv3_g64(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_inv3_g8(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_inv3_g1(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks);
void pqmcu_ntru_ntt_pointwise(int32_t* a, const int32_t* b, uint32_t count);
}
#endif

// Layers [first, levels) (the first stage is in load()): on the M4 the last
// nine as three assembly passes (ntt_m4.S; block 0 multiplied by 2^32 mod
// kP like the others), the ones above them (2048 points: layer 1) in C.
void forward_rest(int32_t* a, int levels, int first) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    const int c_end = levels - 9;
    forward_layers(a, levels, first, c_end);
    const uint32_t l = uint32_t(c_end);
    pqmcu_ntru_ntt_fwd3_g64(a, kZetas.data(), 1u << l, 1u << l);
    pqmcu_ntru_ntt_fwd3_g8(a, kZetas.data(), 8u << l, 8u << l);
    pqmcu_ntru_ntt_fwd3_g1(a, kZetas.data(), 64u << l, 64u << l);
#else
    forward_layers(a, levels, first, levels);
#endif
}
// Inverse layers levels - 1 down to `first` (the last stage is in store()).
void inverse_rest(int32_t* a, int levels, int first) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    const int c_end = levels - 9;
    const uint32_t l = uint32_t(c_end);
    pqmcu_ntru_ntt_inv3_g1(a, kZetasInv.data(), 64u << l, 64u << l);
    pqmcu_ntru_ntt_inv3_g8(a, kZetasInv.data(), 8u << l, 8u << l);
    pqmcu_ntru_ntt_inv3_g64(a, kZetasInv.data(), 1u << l, 1u << l);
    inverse_layers(a, levels, first, c_end);
#else
    inverse_layers(a, levels, first, levels);
#endif
}
// a = a b / 2^32, reduced (|a| <= kP / 2 + 2^11: the inverse's inputs).
void pointwise(int32_t* a, const int32_t* b, size_t big_n) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_ntt_pointwise(a, b, uint32_t(big_n));
#else
    for (size_t i = 0; i < big_n; ++i) a[i] = reduce(mont(a[i], b[i]));
#endif
}

constexpr size_t kRow = 512;  // Good's rows for N = 1536
constexpr int levels_of(size_t big_n) { return big_n == 1024 ? 10 : big_n == 2048 ? 11 : 9; }

// The transform's input from coefficients value(i), i < n (zero above), with
// its first stage: for 2^L points layer 0 (no factor), for 1536 Good's map
// and the 3-point DFT. Good's map puts coefficient i at row i mod 3, column
// i mod 512: column c holds c, c + 512, c + 1024 at rows c, c + 2, c + 1 (mod 3).
// X0 = x0 + x1 + x2, X1 = x0 - x2 + t, X2 = x0 - x1 - t with t = w (x1 - x2)
// (w^2 = -1 - w). |value| < 0.75 kP.
template <class Value>
void load(int32_t* dst, size_t n, size_t big_n, Value value) {
    const auto in = [&](size_t i) -> int32_t { return i < n ? value(i) : 0; };  // (n is public)
    if (big_n == 1536) {
        size_t r = 0;  // c mod 3
        for (size_t c = 0; c < kRow; ++c) {
            int32_t x[3];
            x[r] = in(c);
            x[r == 0 ? 2 : r - 1] = in(c + kRow);
            x[r == 2 ? 0 : r + 1] = in(c + 2 * kRow);
            r = r == 2 ? 0 : r + 1;
            const int32_t t = mont(x[1] - x[2], kW3Mont);
            dst[c] = x[0] + x[1] + x[2];
            dst[kRow + c] = x[0] - x[2] + t;
            dst[2 * kRow + c] = x[0] - x[1] - t;
        }
    } else {
        const size_t half = big_n / 2;
        for (size_t i = 0; i < half; ++i) {
            const int32_t u = in(i), v = in(i + half);
            dst[i] = u + v;
            dst[i + half] = u - v;
        }
    }
}
void forward(int32_t* a, size_t big_n) {
    if (big_n == 1536) {
        for (size_t r = 0; r < 3; ++r) forward_rest(a + r * kRow, 9, 0);
    } else {
        forward_rest(a, levels_of(big_n), 1);
    }
}
// The inverse's last stage (layer 0, or the inverse 3-point DFT: 3 x0 =
// X0 + X1 + X2, 3 x1 = X0 - X1 + t, 3 x2 = X0 - X2 - t with t = w (X2 - X1)),
// leaving the product's coefficients in natural order in a[0 .. 2n - 1),
// exact and centred (the 1/N was loaded with the first operand).
void inverse_to_coefficients(int32_t* a, size_t big_n) {
    if (big_n == 1536) {
        for (size_t r = 0; r < 3; ++r) inverse_rest(a + r * kRow, 9, 0);
        size_t r = 0;
        for (size_t c = 0; c < kRow; ++c) {
            const int32_t y0 = a[c], y1 = a[kRow + c], y2 = a[2 * kRow + c];
            const int32_t t = mont(y2 - y1, kW3Mont);
            const int32_t x[3] = {y0 + y1 + y2, y0 - y1 + t, y0 - y2 - t};
            a[c] = reduce(x[r]);
            a[kRow + c] = reduce(x[r == 0 ? 2 : r - 1]);
            a[2 * kRow + c] = reduce(x[r == 2 ? 0 : r + 1]);
            r = r == 2 ? 0 : r + 1;
        }
    } else {
        inverse_rest(a, levels_of(big_n), 1);
        const size_t half = big_n / 2;
        for (size_t i = 0; i < half; ++i) {
            const int32_t u = a[i], v = a[i + half];
            a[i] = reduce(u + v);
            a[i + half] = reduce(u - v);
        }
    }
}

inline int32_t read(uint16_t x, unsigned bits) {
    return bits == 0 ? int32_t(x) : int32_t(uint32_t(x) << (32 - bits)) >> (32 - bits);
}
// 2^64 / N: loaded with one operand, it cancels the pointwise products' 2^-32
// and the inverse's factor N.
struct Scaled {
    const uint16_t* src;
    unsigned bits;
    int32_t scale;
    int32_t operator()(size_t i) const { return mont(read(src[i], bits), scale); }
};
struct Plain {
    const uint16_t* src;
    unsigned bits;
    int32_t operator()(size_t i) const { return read(src[i], bits); }
};

// c[i] (+)= (a[i] + a[i + n]) << shift mod 2^16 (a: the product's coefficients).
template <bool Add>
void fold(uint16_t* c, const int32_t* a, size_t n, unsigned shift) {
    for (size_t i = 0; i + 1 < n; ++i) {
        const uint32_t v = uint32_t(a[i] + a[i + n]) << shift;
        c[i] = uint16_t(Add ? c[i] + v : v);
    }
    const uint32_t v = uint32_t(a[n - 1]) << shift;
    c[n - 1] = uint16_t(Add ? c[n - 1] + v : v);
}

}  // namespace

void mul(uint16_t* c, const uint16_t* a, unsigned abits, const uint16_t* b, unsigned bbits, size_t n,
         int32_t* scratch) {
    const size_t big_n = length(n);
    int32_t *x = scratch, *y = scratch + big_n;
    load(x, n, big_n, Scaled{a, abits, inv_scale(uint32_t(big_n))});
    load(y, n, big_n, Plain{b, bbits});
    forward(x, big_n);
    forward(y, big_n);
    pointwise(x, y, big_n);
    inverse_to_coefficients(x, big_n);
    fold<false>(c, x, n, 0);
}

void mul_split(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t logq, int32_t* scratch) {
    const size_t big_n = length(n);
    const uint32_t s = split_bits(n, logq), digits = split_digits(n, logq);
    int32_t *x = scratch, *y = scratch + big_n;
    load(x, n, big_n, Scaled{a, logq, inv_scale(uint32_t(big_n))});
    forward(x, big_n);
    for (uint32_t d = 0; d < digits; ++d) {
        // digit d of centred b: v_0 = b, digit = v mod 2^s in [-2^(s-1), 2^(s-1)),
        // v' = (v - digit) / 2^s; the last digit keeps the rest.
        const auto digit_of = [&](size_t i) -> int32_t {
            int32_t v = read(b[i], logq), digit = 0;
            for (uint32_t e = 0; e <= d; ++e) {
                digit = int32_t(uint32_t(v + (1 << (s - 1))) & ((1u << s) - 1)) - (1 << (s - 1));
                v = (v - digit) >> s;
            }
            return d + 1 == digits ? digit + int32_t(uint32_t(v) << s) : digit;
        };
        load(y, n, big_n, digit_of);
        forward(y, big_n);
        pointwise(y, x, big_n);
        inverse_to_coefficients(y, big_n);
        if (d == 0) fold<false>(c, y, n, 0);
        else fold<true>(c, y, n, s * d);
    }
}

}  // namespace pqmcu::ntru::ntt
