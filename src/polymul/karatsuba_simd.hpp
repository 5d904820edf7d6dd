// SPDX-License-Identifier: Apache-2.0 OR MIT
// KaratsubaSimd<T>: the Karatsuba of methods.hpp (same split, same scratch,
// exact mod 2^16) with the limb sums and the middle-term combination done two
// coefficients per instruction on the M4 (UADD16 / USUB16 on halfword pairs;
// unaligned word loads are allowed there). On the M4 those loops were about
// as costly as the SMLADX base cases they feed (profile of NTRU's Toom-4
// products); elsewhere the loops are the scalar ones.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>

#include "polymul/methods.hpp"

#if defined(__ARM_FEATURE_SIMD32)
#include <arm_acle.h>
#endif

namespace pqmcu::polymul {

namespace detail {
#if defined(__ARM_FEATURE_SIMD32)
inline uint32_t load2(const uint16_t* p) {
    uint32_t v;
    __builtin_memcpy(&v, p, 4);
    return v;
}
inline void store2(uint16_t* p, uint32_t v) { __builtin_memcpy(p, &v, 4); }
// d[i] = x[i] + y[i], i < count
inline void add_words(uint16_t* d, const uint16_t* x, const uint16_t* y, size_t count) {
    size_t i = 0;
#pragma GCC unroll 8
    for (; i + 1 < count; i += 2) store2(d + i, __uadd16(load2(x + i), load2(y + i)));
    if (i < count) d[i] = uint16_t(x[i] + y[i]);
}
// d[i] = d[i] - x[i] - y[i], i < count
inline void sub2_words(uint16_t* d, const uint16_t* x, const uint16_t* y, size_t count) {
    size_t i = 0;
    for (; i + 1 < count; i += 2) store2(d + i, __usub16(__usub16(load2(d + i), load2(x + i)), load2(y + i)));
    if (i < count) d[i] = uint16_t(d[i] - x[i] - y[i]);
}
// d[i] = d[i] - x[i], i < count
inline void sub_words(uint16_t* d, const uint16_t* x, size_t count) {
    size_t i = 0;
    for (; i + 1 < count; i += 2) store2(d + i, __usub16(load2(d + i), load2(x + i)));
    if (i < count) d[i] = uint16_t(d[i] - x[i]);
}
// d[i] = d[i] + x[i], i < count
inline void acc_words(uint16_t* d, const uint16_t* x, size_t count) {
    size_t i = 0;
    for (; i + 1 < count; i += 2) store2(d + i, __uadd16(load2(d + i), load2(x + i)));
    if (i < count) d[i] = uint16_t(d[i] + x[i]);
}
#else
inline void add_words(uint16_t* d, const uint16_t* x, const uint16_t* y, size_t count) {
    for (size_t i = 0; i < count; ++i) d[i] = uint16_t(x[i] + y[i]);
}
inline void sub2_words(uint16_t* d, const uint16_t* x, const uint16_t* y, size_t count) {
    for (size_t i = 0; i < count; ++i) d[i] = uint16_t(d[i] - x[i] - y[i]);
}
inline void sub_words(uint16_t* d, const uint16_t* x, size_t count) {
    for (size_t i = 0; i < count; ++i) d[i] = uint16_t(d[i] - x[i]);
}
inline void acc_words(uint16_t* d, const uint16_t* x, size_t count) {
    for (size_t i = 0; i < count; ++i) d[i] = uint16_t(d[i] + x[i]);
}
#endif
}  // namespace detail

// Base: the n <= Threshold product (Schoolbook, or a caller's kernels with
// the same mul(c, a, b, n) signature: src/ntru's M4 assembly ones).
// Unrolled: the sizes in (Threshold, 2 Threshold] whose last level runs with
// n a constant (one unrolled copy each, so only those a caller reaches);
// sizes above 2 Threshold there run their own level's loops with n a
// constant (constant trip counts and offsets), the levels below as usual.
template <size_t Threshold, class Base = Schoolbook,
          class Unrolled = std::index_sequence<19, 20, 21, 22, 25, 26, 32>>
struct KaratsubaSimd {
    static_assert(Threshold >= 1, "the schoolbook base case needs n >= 1");
    static constexpr int exact_bits = 16;
    static constexpr size_t scratch_words(size_t n) { return Karatsuba<Threshold>::scratch_words(n); }
    static void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch) {
        if (n <= Threshold) {
            Base::mul(c, a, b, n);
            return;
        }
        // The level just above the base case with n a constant, so that the
        // compiler unrolls its loops: one copy (~2.7 KB of flash) per size in
        // Unrolled (by default the sizes NTRU's sets reach with Threshold 16:
        // Toom-4 limbs of 128, 170, 176, 206, 308 and the Karatsuba of
        // n = 1373 halve down to 32, 22 / 21, 22, 26 / 25, 20 / 19, 22 / 21);
        // other sizes take the loops.
        if (n <= 2 * Threshold && !last_level(c, a, b, n, scratch, Unrolled{}))
            split(c, a, b, n, scratch);
        else if (n > 2 * Threshold && !upper_level(c, a, b, n, scratch, Unrolled{}))
            split(c, a, b, n, scratch);
    }
    // Sizes in Unrolled above 2 Threshold: their level with n a constant too
    // (its loops unrolled with constant offsets; the levels below as usual).
    template <size_t... N>
    static bool upper_level([[maybe_unused]] uint16_t* c, [[maybe_unused]] const uint16_t* a,
                            [[maybe_unused]] const uint16_t* b, [[maybe_unused]] size_t n,
                            [[maybe_unused]] uint16_t* scratch,
                            std::index_sequence<N...>) {
        return ((N > 2 * Threshold && n == N ? (split(c, a, b, N, scratch), true) : false) || ...);
    }
    template <size_t... N>
    static bool last_level([[maybe_unused]] uint16_t* c, [[maybe_unused]] const uint16_t* a,
                           [[maybe_unused]] const uint16_t* b, [[maybe_unused]] size_t n,
                           [[maybe_unused]] uint16_t* scratch,
                           std::index_sequence<N...>) {
        return ((N > Threshold && N <= 2 * Threshold && n == N ? (split(c, a, b, N, scratch), true) : false) || ...);
    }
    [[gnu::always_inline]] static inline void split(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n,
                                                   uint16_t* scratch) {
        const size_t h = (n + 1) / 2, l = n - h;
        uint16_t* sa = scratch;
        uint16_t* sb = sa + h;
        uint16_t* p1 = sb + h;
        uint16_t* rest = p1 + (2 * h - 1);
        detail::add_words(sa, a, a + h, l);
        detail::add_words(sb, b, b + h, l);
        if (l < h) {  // odd n: the top limb is one shorter
            sa[l] = a[l];
            sb[l] = b[l];
        }
        mul(p1, sa, sb, h, rest);
        mul(c, a, b, h, rest);                  // p0 -> c[0 .. 2h-2]
        c[2 * h - 1] = 0;
        mul(c + 2 * h, a + h, b + h, l, rest);  // p2 -> c[2h .. 2n-2]
        // c[h + j] += p1[j] - p0[j] - p2[j], j < 2h - 1 (p0 = c[0 .. 2h-1) with
        // c[2h-1] = 0, p2 = c[2h ..) of 2l - 1 coefficients). Places h + i and
        // 2h + i are done together: the first reads p0[h+i] = c[h+i] and p2[i] =
        // c[2h+i] that the second also needs, before either is written; p0[i] =
        // c[i] and p2[h+i] = c[3h+i] are never written here. Half the loads and
        // stores of "p1 -= p0 + p2, then c += p1".
        const size_t l2 = 2 * l - 1;
        [[maybe_unused]] const size_t both = l2 > h ? l2 - h : 0;  // i < both: p2[i] and p2[h+i] both exist (and i < h - 1)
        size_t i = 0;
#if defined(__ARM_FEATURE_SIMD32)
#pragma GCC unroll 8
        for (; i + 1 < both; i += 2) {
            const uint32_t x = detail::load2(c + h + i), y = detail::load2(c + 2 * h + i);
            const uint32_t lo = __usub16(__usub16(__uadd16(x, detail::load2(p1 + i)), detail::load2(c + i)), y);
            const uint32_t hi = __usub16(__usub16(__uadd16(y, detail::load2(p1 + h + i)), x), detail::load2(c + 3 * h + i));
            detail::store2(c + h + i, lo);
            detail::store2(c + 2 * h + i, hi);
        }
#endif
        for (; i < h; ++i) {
            const uint16_t x = c[h + i];                         // p0[h + i] (0 at i = h - 1)
            const uint16_t y = i < l2 ? c[2 * h + i] : uint16_t(0);  // p2[i]
            c[h + i] = uint16_t(x + p1[i] - c[i] - y);
            if (h + i < 2 * h - 1) {
                const uint16_t z = h + i < l2 ? c[3 * h + i] : uint16_t(0);  // p2[h + i]
                c[2 * h + i] = uint16_t(y + p1[h + i] - x - z);
            }
        }
    }
};

}  // namespace pqmcu::polymul
