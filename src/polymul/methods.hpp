// SPDX-License-Identifier: Apache-2.0 OR MIT
// The multiplication methods behind polymul.hpp, as types, so that a caller
// (a scheme, a test, a benchmark) can name one and its recursion threshold
// at compile time:
//
//   Schoolbook                     exact mod 2^16
//   Karatsuba<T>                   exact mod 2^16   (schoolbook for n <= T)
//   Toom3<Inner>                   exact mod 2^(Inner::exact_bits - 1)
//   Toom4<Inner>                   exact mod 2^(Inner::exact_bits - 3)
//
// so Toom3<Karatsuba<T>> is exact mod 2^15, Toom4<Karatsuba<T>> mod 2^13 and
// Toom4<Toom3<Karatsuba<T>>> mod 2^12 (the derivation of each bound is next
// to each interpolation below; the tests check every bound and that it is
// tight). Every method is one layer of its split over the Inner method on
// the limb products; Karatsuba recurses on itself down to the schoolbook.
//
// Each method M has
//   static void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch);
//     c = a * b (2n - 1 coefficients), 1 <= n; c, a, b, scratch must not overlap;
//   static constexpr size_t scratch_words(size_t n);   // what mul(.., n, ..) needs
//   static constexpr int exact_bits;                    // c is exact mod 2^exact_bits
// Any n works: limbs are ceil(n / split) long and the missing top
// coefficients are read as zeros (no copy of the operands), and product
// coefficients past 2n - 2 (zero in the true product, garbage in the high
// bits after the divisions) are dropped.
#pragma once
#include <cstddef>
#include <cstdint>
#if defined(__ARM_FEATURE_DSP)
#include <arm_acle.h>
#endif

namespace pqmcu::polymul {

// ------------------------------------------------------------ schoolbook

struct Schoolbook {
    static constexpr int exact_bits = 16;
    static constexpr size_t scratch_words(size_t) { return 0; }
#if defined(__ARM_FEATURE_DSP)
    // Cortex-M4 (DSP extension): product scanning, each output coefficient
    // summed in a register, two products per SMLADX on halfword pairs:
    // a[i] b[k-i] + a[i+1] b[k-i-1] = SMLADX((a[i], a[i+1]), (b[k-i-1], b[k-i])).
    // The signed 16 x 16 products agree with the unsigned ones mod 2^16.
    static uint32_t load_pair(const uint16_t* p) {
        uint32_t v;
        __builtin_memcpy(&v, p, 4);  // LDR; the M4 allows unaligned word loads
        return v;
    }
    template <size_t N>
    static void mul_fixed(uint16_t* c, const uint16_t* a, const uint16_t* b) {
#pragma GCC unroll 64
        for (size_t k = 0; k + 1 < 2 * N; ++k) {
            const size_t lo = k < N ? 0 : k - N + 1, hi = k < N ? k : N - 1;
            uint32_t acc = 0;
            size_t i = lo;
#pragma GCC unroll 16
            for (; i < hi; i += 2) acc = __smladx(load_pair(a + i), load_pair(b + (k - i - 1)), acc);
            if (i == hi) acc += uint32_t(a[i]) * b[k - i];
            c[k] = uint16_t(acc);
        }
    }
    static void mul_any(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
        for (size_t k = 0; k + 1 < 2 * n; ++k) {
            const size_t lo = k < n ? 0 : k - n + 1, hi = k < n ? k : n - 1;
            uint32_t acc = 0;
            size_t i = lo;
            for (; i < hi; i += 2) acc = __smladx(load_pair(a + i), load_pair(b + (k - i - 1)), acc);
            if (i == hi) acc += uint32_t(a[i]) * b[k - i];
            c[k] = uint16_t(acc);
        }
    }
    // The base cases of the recursions (n <= 16) are fully unrolled per n.
    static void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* = nullptr) {
        switch (n) {
        case 8: mul_fixed<8>(c, a, b); return;
        case 9: mul_fixed<9>(c, a, b); return;
        case 10: mul_fixed<10>(c, a, b); return;
        case 11: mul_fixed<11>(c, a, b); return;
        case 12: mul_fixed<12>(c, a, b); return;
        case 13: mul_fixed<13>(c, a, b); return;
        case 14: mul_fixed<14>(c, a, b); return;
        case 15: mul_fixed<15>(c, a, b); return;
        case 16: mul_fixed<16>(c, a, b); return;
        default: mul_any(c, a, b, n); return;
        }
    }
#else
    static void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* = nullptr) {
        for (size_t k = 0; k + 1 < 2 * n; ++k) c[k] = 0;
        for (size_t i = 0; i < n; ++i) {
            const uint16_t ai = a[i];
            uint16_t* ci = c + i;
            for (size_t j = 0; j < n; ++j) ci[j] = uint16_t(ci[j] + uint32_t(ai) * b[j]);  // unsigned: no int overflow
        }
    }
#endif
};

// ------------------------------------------------------------ Karatsuba

// a = a0 + x^h a1 with h = ceil(n/2), a1 of l = n - h <= h coefficients:
// c = p0 + x^h (p1 - p0 - p2) + x^2h p2, p1 = (a0 + a1)(b0 + b1). p0 and p2
// land directly in c (they do not overlap), p1 and the limb sums in scratch.
template <size_t Threshold>
struct Karatsuba {
    static_assert(Threshold >= 1, "the schoolbook base case needs n >= 1");
    static constexpr int exact_bits = 16;
    static constexpr size_t scratch_words(size_t n) {
        if (n <= Threshold) return 0;
        const size_t h = (n + 1) / 2;
        return 2 * h + (2 * h - 1) + scratch_words(h);
    }
    static void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch) {
        if (n <= Threshold) {
            Schoolbook::mul(c, a, b, n);
            return;
        }
        const size_t h = (n + 1) / 2, l = n - h;
        uint16_t* sa = scratch;
        uint16_t* sb = sa + h;
        uint16_t* p1 = sb + h;
        uint16_t* rest = p1 + (2 * h - 1);
        for (size_t i = 0; i < l; ++i) {
            sa[i] = uint16_t(a[i] + a[h + i]);
            sb[i] = uint16_t(b[i] + b[h + i]);
        }
        if (l < h) {  // odd n: the top limb is one shorter
            sa[l] = a[l];
            sb[l] = b[l];
        }
        mul(p1, sa, sb, h, rest);
        mul(c, a, b, h, rest);                    // p0 -> c[0 .. 2h-2]
        c[2 * h - 1] = 0;
        mul(c + 2 * h, a + h, b + h, l, rest);    // p2 -> c[2h .. 2n-2]
        const size_t l2 = 2 * l - 1;
        // c[h + i] += p1[i] - p0[i] - p2[i]; p0 = c[i], p2 = c[2h + i] (read before written:
        // the writes c[h+i] run h positions behind the p2 reads and h ahead of p0 reads, so
        // first take the differences into p1, then add).
        for (size_t i = 0; i < 2 * h - 1; ++i) p1[i] = uint16_t(p1[i] - c[i] - (i < l2 ? c[2 * h + i] : 0));
        for (size_t i = 0; i < 2 * h - 1; ++i) c[h + i] = uint16_t(c[h + i] + p1[i]);
    }
};

namespace detail {
// Coefficient j of limb i (limbs of m coefficients) of an n-coefficient
// polynomial, zero past its end: how the Toom splits pad without copying.
inline uint16_t limb_at(const uint16_t* a, size_t n, size_t m, size_t i, size_t j) {
    const size_t k = i * m + j;
    return k < n ? a[k] : uint16_t(0);
}
// Number of coefficients of limb i that exist (0 .. m).
inline size_t limb_len(size_t n, size_t m, size_t i) {
    const size_t start = i * m;
    return start >= n ? 0 : (n - start < m ? n - start : m);
}
}  // namespace detail

// ------------------------------------------------------------ Toom-3

// Points 0, 1, -1, 2, inf. With w(x) = c0 + c1 x + .. + c4 x^4 (limb
// products exact mod 2^e):
//   c0 = w(0), c4 = w(inf)
//   c2 = (w(1) + w(-1)) / 2 - c0 - c4                      mod 2^(e-1)
//   O  = w(1) - w(-1) = 2 (c1 + c3)                        mod 2^e
//   T  = w(2) - c0 - 4 c2 - 16 c4 = 2 c1 + 8 c3            mod 2^e (4 c2 is exact)
//   c3 = ((T - O) / 2) * 3^-1                              mod 2^(e-1)
//   c1 = O / 2 - c3                                        mod 2^(e-1)
// Each division by 2 acts on a value exact mod 2^e, never on a quotient:
// one bit lost in all.
template <class Inner>
struct Toom3 {
    static constexpr int exact_bits = Inner::exact_bits - 1;
    static constexpr size_t kMin = 6;  // below this the split is not worth it
    static constexpr size_t limb(size_t n) { return (n + 2) / 3; }
    static constexpr size_t scratch_words(size_t n) {
        if (n < kMin) return 0;
        const size_t m = limb(n);
        return 5 * (2 * m - 1) + 2 * m + Inner::scratch_words(m);
    }
    // The limbs of a at point p (0: 0, 1: 1, 2: -1, 3: 2, 4: inf).
    static void evaluate_point(uint16_t* out, const uint16_t* a, size_t n, int p) {
        const size_t m = limb(n);
        using detail::limb_at;
        for (size_t j = 0; j < m; ++j) {
            const uint16_t a0 = limb_at(a, n, m, 0, j), a1 = limb_at(a, n, m, 1, j), a2 = limb_at(a, n, m, 2, j);
            uint16_t v;
            switch (p) {
            case 0: v = a0; break;
            case 1: v = uint16_t(a0 + a1 + a2); break;
            case 2: v = uint16_t(a0 - a1 + a2); break;
            case 3: v = uint16_t(a0 + 2 * a1 + 4 * a2); break;
            default: v = a2; break;
            }
            out[j] = v;
        }
    }
    static void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch) {
        if (n < kMin) {
            Schoolbook::mul(c, a, b, n);
            return;
        }
        const size_t m = limb(n), w_len = 2 * m - 1;
        uint16_t* w = scratch;               // 5 products of 2m - 1
        uint16_t* ea = w + 5 * w_len;        // one point's limbs of a and b
        uint16_t* eb = ea + m;
        uint16_t* rest = eb + m;
        for (int p = 0; p < 5; ++p) {
            evaluate_point(ea, a, n, p);
            evaluate_point(eb, b, n, p);
            Inner::mul(w + size_t(p) * w_len, ea, eb, m, rest);
        }
        const size_t len = 2 * n - 1;
        for (size_t k = 0; k < len; ++k) c[k] = 0;
        const uint32_t inv3 = 0xAAAB;  // 3 * 0xAAAB = 1 mod 2^16 (uint32_t: the products must not overflow int)
        const uint16_t *w0 = w, *w1 = w + w_len, *wm1 = w + 2 * w_len, *w2 = w + 3 * w_len, *wi = w + 4 * w_len;
        for (size_t i = 0; i < w_len; ++i) {
            const uint16_t c0 = w0[i], c4 = wi[i];
            const uint16_t c2 = uint16_t((uint16_t(w1[i] + wm1[i]) >> 1) - c0 - c4);
            const uint16_t o = uint16_t(w1[i] - wm1[i]);
            const uint16_t t = uint16_t(w2[i] - c0 - 4 * c2 - 16 * c4);
            const uint16_t c3 = uint16_t((uint16_t(t - o) >> 1) * inv3);
            const uint16_t c1 = uint16_t((o >> 1) - c3);
            const uint16_t coef[5] = {c0, c1, c2, c3, c4};
            for (size_t k = 0; k < 5; ++k) {
                const size_t at = k * m + i;
                if (at < len) c[at] = uint16_t(c[at] + coef[k]);
            }
        }
    }
};

// ------------------------------------------------------------ Toom-4

// Points 0, 1, -1, 2, -2, 1/2 (scaled by 8 per operand: 8 a0 + 4 a1 + 2 a2 + a3),
// inf. With w(x) = c0 + .. + c6 x^6, the limb products exact mod 2^e:
//   c0 = w(0), c6 = w(inf)                                          mod 2^e
//   e1 = (w(1) + w(-1)) / 2 - c0 - c6 = c2 + c4                     mod 2^(e-1)
//   e2 = (w(2) + w(-2)) / 2 - c0 - 64 c6 = 4 c2 + 16 c4             mod 2^(e-1)
//   c4 = ((e2 - 4 e1) / 4) * 3^-1  (e2 - 4 e1 = 12 c4)              mod 2^(e-3)
//   c2 = e1 - c4                                                    mod 2^(e-3)
//   A  = (w(1) - w(-1)) / 2 = c1 + c3 + c5                          mod 2^(e-1)
//   B  = (w(2) - w(-2)) / 4 = c1 + 4 c3 + 16 c5                     mod 2^(e-2)
//   C  = (w(1/2) - 64 c0 - 16 c2 - 4 c4 - c6) / 2 = 16 c1 + 4 c3 + c5  mod 2^(e-2)
//        (4 c4 is known mod 2^(e-1) only, hence the 2^(e-2) after halving)
//   c3 = -(B + C - 17 A) * 9^-1,  c5 = (B - A - 3 c3) * 15^-1,  c1 = (C - A - 3 c3) * 15^-1   mod 2^(e-2)
// so the product is exact mod 2^(e-3) (c2 and c4 are the weakest).
template <class Inner>
struct Toom4 {
    static constexpr int exact_bits = Inner::exact_bits - 3;
    static constexpr size_t kMin = 8;
    static constexpr size_t kPoints = 7;
    static constexpr size_t limb(size_t n) { return (n + 3) / 4; }
    // Size of a product in the evaluated domain: 7 limb products.
    static constexpr size_t evaluated_product_words(size_t n) { return kPoints * (2 * limb(n) - 1); }
    static constexpr size_t evaluated_words(size_t n) { return kPoints * limb(n); }
    // Scratch of mul_acc_evaluated (one limb product at a time).
    static constexpr size_t acc_scratch_words(size_t n) { return Inner::scratch_words(limb(n)) + (2 * limb(n) - 1); }
    static constexpr size_t scratch_words(size_t n) {
        if (n < kMin) return 0;
        const size_t m = limb(n);
        return evaluated_product_words(n) + 2 * m + Inner::scratch_words(m);
    }

    // The limbs of a at point p (order 0, 1, -1, 2, -2, 1/2, inf), m words.
    static void evaluate_point(uint16_t* out, const uint16_t* a, size_t n, size_t p) {
        const size_t m = limb(n);
        using detail::limb_at;
        for (size_t j = 0; j < m; ++j) {
            const uint16_t a0 = limb_at(a, n, m, 0, j), a1 = limb_at(a, n, m, 1, j);
            const uint16_t a2 = limb_at(a, n, m, 2, j), a3 = limb_at(a, n, m, 3, j);
            uint16_t v;
            switch (p) {
            case 0: v = a0; break;
            case 1: v = uint16_t(a0 + a1 + a2 + a3); break;
            case 2: v = uint16_t(a0 - a1 + a2 - a3); break;
            case 3: v = uint16_t(a0 + 2 * a1 + 4 * a2 + 8 * a3); break;
            case 4: v = uint16_t(a0 - 2 * a1 + 4 * a2 - 8 * a3); break;
            case 5: v = uint16_t(8 * a0 + 4 * a1 + 2 * a2 + a3); break;
            default: v = a3; break;
            }
            out[j] = v;
        }
    }
    // All seven points: ev = 7 x m words (evaluated_words(n)).
    static void evaluate(uint16_t* ev, const uint16_t* a, size_t n) {
        const size_t m = limb(n);
        for (size_t p = 0; p < kPoints; ++p) evaluate_point(ev + p * m, a, n, p);
    }
    // acc (7 x (2m - 1)) += the pointwise limb products of ea and eb (both evaluated).
    static void mul_acc_evaluated(uint16_t* acc, const uint16_t* ea, const uint16_t* eb, size_t n, uint16_t* scratch) {
        const size_t m = limb(n), w_len = 2 * m - 1;
        uint16_t* prod = scratch;
        uint16_t* rest = prod + w_len;
        for (size_t p = 0; p < kPoints; ++p) {
            Inner::mul(prod, ea + p * m, eb + p * m, m, rest);
            uint16_t* dst = acc + p * w_len;
            for (size_t i = 0; i < w_len; ++i) dst[i] = uint16_t(dst[i] + prod[i]);
        }
    }
    // c (2n - 1 coefficients, overwritten) from the seven limb products w.
    // Linear in w, so w may be a sum of products (the matrix-vector product).
    static void interpolate(uint16_t* c, const uint16_t* w, size_t n) {
        const size_t m = limb(n), w_len = 2 * m - 1, len = 2 * n - 1;
        for (size_t k = 0; k < len; ++k) c[k] = 0;
        // Inverses mod 2^16, as uint32_t: uint16_t operands would be promoted to
        // int, and 0xFFFF * 0x8E39 overflows it.
        const uint32_t inv3 = 0xAAAB, inv9 = 0x8E39, inv15 = 0xEEEF;
        const uint16_t *w0 = w, *w1 = w + w_len, *wm1 = w + 2 * w_len, *w2 = w + 3 * w_len, *wm2 = w + 4 * w_len,
                       *wh = w + 5 * w_len, *wi = w + 6 * w_len;
        for (size_t i = 0; i < w_len; ++i) {
            const uint16_t c0 = w0[i], c6 = wi[i];
            const uint16_t e1 = uint16_t((uint16_t(w1[i] + wm1[i]) >> 1) - c0 - c6);
            const uint16_t e2 = uint16_t((uint16_t(w2[i] + wm2[i]) >> 1) - c0 - 64 * c6);
            const uint16_t c4 = uint16_t((uint16_t(e2 - 4 * e1) >> 2) * inv3);
            const uint16_t c2 = uint16_t(e1 - c4);
            const uint16_t A = uint16_t(uint16_t(w1[i] - wm1[i]) >> 1);
            const uint16_t B = uint16_t(uint16_t(w2[i] - wm2[i]) >> 2);
            const uint16_t C = uint16_t(uint16_t(wh[i] - 64 * c0 - 16 * c2 - 4 * c4 - c6) >> 1);
            const uint16_t c3 = uint16_t(-(uint16_t(B + C - 17 * A) * inv9));
            const uint16_t c5 = uint16_t(uint16_t(B - A - 3 * c3) * inv15);
            const uint16_t c1 = uint16_t(uint16_t(C - A - 3 * c3) * inv15);
            const uint16_t coef[7] = {c0, c1, c2, c3, c4, c5, c6};
            for (size_t k = 0; k < 7; ++k) {
                const size_t at = k * m + i;
                if (at < len) c[at] = uint16_t(c[at] + coef[k]);
            }
        }
    }
    static void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch) {
        if (n < kMin) {
            Schoolbook::mul(c, a, b, n);
            return;
        }
        const size_t m = limb(n), w_len = 2 * m - 1;
        uint16_t* w = scratch;
        uint16_t* ea = w + kPoints * w_len;
        uint16_t* eb = ea + m;
        uint16_t* rest = eb + m;
        for (size_t p = 0; p < kPoints; ++p) {
            evaluate_point(ea, a, n, p);
            evaluate_point(eb, b, n, p);
            Inner::mul(w + p * w_len, ea, eb, m, rest);
        }
        interpolate(c, w, n);
    }
};

// The largest scratch_words(n) over 1 <= n <= max_n: sizes a stack buffer
// that serves every n up to max_n.
template <class M>
constexpr size_t max_scratch_words(size_t max_n) {
    size_t best = 0;
    for (size_t n = 1; n <= max_n; ++n) {
        const size_t s = M::scratch_words(n);
        if (s > best) best = s;
    }
    return best;
}

// The configurations the library uses. The schoolbook threshold differs by
// target: on the M4 (no SIMD beyond 2 x 16-bit) the recursion pays off down
// to 16 coefficients (the paper's choice for most sizes); on x86 hosts the
// compiler vectorises the schoolbook loop 8 or 16 lanes wide and it wins up
// to 64 (README.md has the host measurements). The tests run several others.
#if defined(PQMCU_TARGET_M4)
inline constexpr bool kTargetM4 = true;
#else
inline constexpr bool kTargetM4 = false;
#endif
inline constexpr size_t kM4Threshold = 16;
inline constexpr size_t kHostThreshold = 64;
inline constexpr size_t kDefaultThreshold = kTargetM4 ? kM4Threshold : kHostThreshold;
using KaratsubaDefault = Karatsuba<kDefaultThreshold>;
using Toom3Default = Toom3<KaratsubaDefault>;
using Toom4Default = Toom4<KaratsubaDefault>;
using Toom43Default = Toom4<Toom3<KaratsubaDefault>>;

}  // namespace pqmcu::polymul
