// SPDX-License-Identifier: Apache-2.0 OR MIT
// KaratsubaM4: the limb products of NTRU's Toom-4 on the M4 (engine.hpp's
// MulMethod13*; Base = its SchoolbookM4, whose fast(n) says which sizes
// have an assembly kernel). For the limb sizes in Fused (NTRU's Toom-4
// limbs: 128, 170, 176, 206) the two Karatsuba levels above the assembly
// base cases are done as one: the nine q x q operands from one pass over
// each operand's quarters, the nine products, then one pass that combines
// both levels (each word of the nine products loaded once, each output
// word stored once). polymul's KaratsubaSimd did the levels one after
// another (the lower level's sums and middle terms stored, then re-loaded
// by the upper level's): ~3.1k cycles of glue per 128-limb product against
// ~1.8k here (README, wip/kara). Other n: KaratsubaSimd. Branch-free for a
// given n (n and the addresses are public).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "polymul/karatsuba_simd.hpp"

namespace pqmcu::ntru {

template <class Base, size_t Threshold, class Unrolled, size_t... Fused>
struct KaratsubaM4 {
    using Simd = polymul::KaratsubaSimd<Threshold, Base, Unrolled>;
    static constexpr int exact_bits = 16;
    static constexpr bool fused(size_t n) { return ((n == Fused) || ...); }
    // The fused levels: five q-word sums of each operand, paired into 2q-word
    // slots that the middle products then reuse, and one more 2q-word slot
    // (one more again for a3, b3 if n < 4q), and for even q one word to
    // align them: 12 q or 14 q words (+ 1)
    // (KaratsubaSimd's: 12 q - 2 at n = 4q).
    static constexpr size_t scratch_words(size_t n) {
        const size_t q = (n + 3) / 4, own = (n == 4 * q ? 12 : 14) * q + (q % 2 == 0);
        return fused(n) ? std::max(Simd::scratch_words(n), own) : Simd::scratch_words(n);
    }
    static void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch) {
        if (!((n == Fused ? (two_levels<Fused>(c, a, b, scratch), true) : false) || ...))
            Simd::mul(c, a, b, n, scratch);
    }

    // c (2n - 1 words) = a b; q = ceil(n / 4), a = a0 + a1 X + a2 X^2 + a3 X^3
    // with X = x^q (a3: r = n - 3q <= q coefficients, zero above).
    // Upper level: L = (a0 + a1 X)(b0 + b1 X), H = (a2 + a3 X)(b2 + b3 X),
    // M = ((a0 + a2) + (a1 + a3) X)(...), c = L + (M - L - H) X^2 + H X^4.
    // Each of L, M, H is a lower-level Karatsuba of three q x q products R0,
    // R1 (the sums'), R2 of 2q - 1 words (a zero word after each makes its
    // high half q words): in blocks of q, S0 = R0lo, S1 = R1lo - R0lo + t,
    // S2 = R1hi - R2hi - t, S3 = R2hi with t = R0hi - R2lo. Then c's blocks:
    // c0 = L0, c1 = L1, c2 = M0 - L0 + u0, c3 = M1 - L1 + u1, c4 = M2 - H2 -
    // u0, c5 = M3 - H3 - u1, c6 = H2, c7 = H3 with u_k = L_(k+2) - H_k.
    // L's R0, R2 and H's R0 are made in c's blocks (0,1), (2,3), (4,5), and
    // H's R2 in (6,7) too when r = q (n = 128, 176): c0 and c7 are then
    // final. Otherwise (r < q: n = 170, 206) a3 and b3 are copied with their
    // zero padding (one more slot) and H's R2 made in scratch (it would run
    // past c), c7 stored from it.
    template <size_t N>
    static constexpr size_t quarter() { return (N + 3) / 4; }
    template <size_t N>
    static constexpr bool whole_top() { return N == 4 * quarter<N>(); }
    template <size_t N>
    static constexpr size_t top_kernel() {
        size_t k = N - 3 * quarter<N>();
        while (!Base::fast(k) && k < quarter<N>()) ++k;
        return k;
    }
    template <size_t Q>
    static constexpr bool batched() {
        if constexpr (requires { Base::batched(Q); }) return Base::batched(Q);
        else return false;
    }
    template <size_t N>
    static constexpr size_t lr1_slot() { return whole_top<N>() ? 5 : 6; }
    template <size_t N>
    static void two_levels(uint16_t* c, const uint16_t* a, const uint16_t* b, uint16_t* scratch) {
        constexpr size_t q = quarter<N>();
        // slot k (2q words): the k-th sum of a then of b; 0: x0 + x1,
        // 1: x2 + x3, 2: x0 + x2, 3: x1 + x3, 4: x0 + x1 + x2 + x3; 5 free;
        // 6: x3 with its padding (r < q)
        // (word-aligned for sums' STRD if q is even: Toom4Eval's scratch can
        // be 2 mod 4)
        uint16_t* s = scratch;
        if constexpr (q % 2 == 0) s += (reinterpret_cast<uintptr_t>(scratch) & 2) >> 1;
        sums<N>(s, a, b);
        if constexpr (batched<q>()) {
            // the products below in one call (schoolbook_m4.S: one PUSH /
            // POP, ~14 cycles a product around the kernel against ~30); H's
            // R2 of r < q first (L's R1 overwrites its operands, slot 6)
            constexpr size_t k = top_kernel<N>();
            if constexpr (!whole_top<N>()) {
                Base::mul(s + 10 * q, s + 12 * q, s + 13 * q, k);
                for (size_t j = 2 * k - 1; j < 2 * q; ++j) s[10 * q + j] = 0;
            }
            Base::mul_batch(c, a, b, s, q);
            combine<N>(c, s, s + 2 * lr1_slot<N>() * q, s, whole_top<N>() ? c + 6 * q : s + 10 * q, s + 2 * q,
                       s + 4 * q, s + 8 * q);
            return;
        }
        Base::mul(c, a, b, q);  // L.R0
        c[2 * q - 1] = 0;
        Base::mul(c + 2 * q, a + q, b + q, q);  // L.R2
        c[4 * q - 1] = 0;
        Base::mul(c + 4 * q, a + 2 * q, b + 2 * q, q);  // H.R0
        c[6 * q - 1] = 0;
        const uint16_t* hr2;
        uint16_t* lr1;
        if constexpr (whole_top<N>()) {
            Base::mul(c + 6 * q, a + 3 * q, b + 3 * q, q);  // H.R2 (its pad word is past c: never read)
            hr2 = c + 6 * q;
            lr1 = s + 10 * q;
        } else {
            // (the smallest kernel >= r: sb42 at n = 170, sb51 at 206; the
            // padding zero there, so is the product above 2 k - 2)
            constexpr size_t k = top_kernel<N>();
            Base::mul(s + 10 * q, s + 12 * q, s + 13 * q, k);
            for (size_t j = 2 * k - 1; j < 2 * q; ++j) s[10 * q + j] = 0;
            hr2 = s + 10 * q;
            lr1 = s + 12 * q;
        }
        // each middle product into a slot whose sums are used up
        uint16_t* hr1 = s;
        uint16_t* mr0 = s + 2 * q;
        uint16_t* mr1 = s + 4 * q;
        uint16_t* mr2 = s + 8 * q;
        Base::mul(lr1, s, s + q, q);
        lr1[2 * q - 1] = 0;
        Base::mul(hr1, s + 2 * q, s + 3 * q, q);
        hr1[2 * q - 1] = 0;
        Base::mul(mr0, s + 4 * q, s + 5 * q, q);
        mr0[2 * q - 1] = 0;
        Base::mul(mr1, s + 8 * q, s + 9 * q, q);
        mr1[2 * q - 1] = 0;
        Base::mul(mr2, s + 6 * q, s + 7 * q, q);
        mr2[2 * q - 1] = 0;
        combine<N>(c, s, lr1, hr1, hr2, mr0, mr1, mr2);
    }

#if defined(__ARM_FEATURE_SIMD32)
    static uint32_t ld2(const uint16_t* p) { return polymul::detail::load2(p); }
    static void st2(uint16_t* p, uint32_t v) { polymul::detail::store2(p, v); }
    static uint32_t add(uint32_t x, uint32_t y) { return __uadd16(x, y); }
    static uint32_t sub(uint32_t x, uint32_t y) { return __usub16(x, y); }
#else
    // (hosts never select this path; kept compilable for the word-pair logic)
    static uint32_t ld2(const uint16_t* p) { return uint32_t(p[0]) | uint32_t(p[1]) << 16; }
    static void st2(uint16_t* p, uint32_t v) { p[0] = uint16_t(v), p[1] = uint16_t(v >> 16); }
    static uint32_t add(uint32_t x, uint32_t y) { return ((x + y) & 0xFFFFu) | ((x >> 16) + (y >> 16)) << 16; }
    static uint32_t sub(uint32_t x, uint32_t y) { return ((x - y) & 0xFFFFu) | ((x >> 16) - (y >> 16)) << 16; }
#endif
    // Word pair (K = 2) or, for odd q, the single last index (K = 1) of a block.
    template <int K>
    static uint32_t ld(const uint16_t* p) {
        if constexpr (K == 2) return ld2(p);
        else return p[0];
    }
    template <int K>
    static void st(uint16_t* p, uint32_t v) {
        if constexpr (K == 2) st2(p, v);
        else p[0] = uint16_t(v);
    }
    // The lanes of index i .. i + K - 1 of a block with `len` coefficients
    // (0 above; i, len public): x3's and c7's.
    template <int K>
    static uint32_t ld_part(const uint16_t* p, size_t i, size_t len) {
        if (i + K <= len) return ld<K>(p);
        return i < len ? uint32_t(p[0]) : 0;
    }
    template <int K>
    static void st_part(uint16_t* p, uint32_t v, size_t i, size_t len) {
        if (i + K <= len) st<K>(p, v);
        else if (i < len) p[0] = uint16_t(v);
    }

    // The five sums of x's quarters into d (slot k at d + 2 k q), and x3
    // padded at d + 12 q if r < q.
    template <size_t N>
    static void sums(uint16_t* d, const uint16_t* x, const uint16_t* y) {
        constexpr size_t q = quarter<N>();
        sums_of<N>(d, x);
        sums_of<N>(d + q, y);
    }
    template <size_t N>
    static void sums_of(uint16_t* d, const uint16_t* x) {
        constexpr size_t q = quarter<N>(), r = N - 3 * q;
        const auto body = [&]<int K>(size_t i) __attribute__((always_inline)) {
            const uint32_t x0 = ld<K>(x + i), x1 = ld<K>(x + q + i), x2 = ld<K>(x + 2 * q + i);
            const uint32_t x3 = ld_part<K>(x + 3 * q + i, i, r);
            const uint32_t s01 = add(x0, x1), s23 = add(x2, x3);
            st<K>(d + i, s01);
            st<K>(d + 2 * q + i, s23);
            st<K>(d + 4 * q + i, add(x0, x2));
            st<K>(d + 6 * q + i, add(x1, x3));
            st<K>(d + 8 * q + i, add(s01, s23));
            if constexpr (r < q) st<K>(d + 12 * q + i, x3);
        };
        size_t i = 0;
#if defined(__ARM_FEATURE_SIMD32)
        if constexpr (q % 2 == 0) {
            // d word-aligned (two_levels): two pairs a store (sums4_asm);
            // unrolled by 2: ~6 cycles of loop a trip (hrss701 keygen -1.3k,
            // +360 B; fully unrolled -2.4k for +2.7 KB)
#pragma GCC unroll 2
            for (; i + 4 <= r; i += 4) sums4_asm<N>(d + i, x + i);
        }
#endif
#pragma GCC unroll 2
        for (; i + 2 <= r; i += 2) body.template operator()<2>(i);
        for (; i + 2 <= q; i += 2) body.template operator()<2>(i);
        if constexpr (q % 2) body.template operator()<1>(q - 1);
    }
    // Both levels' middle terms (see two_levels), index pair i of each block.
    template <size_t N>
    static void combine(uint16_t* c, const uint16_t* s, const uint16_t* lr1, const uint16_t* hr1,
                        const uint16_t* hr2, const uint16_t* mr0, const uint16_t* mr1, const uint16_t* mr2) {
        constexpr size_t q = quarter<N>(), len7 = 2 * N - 1 - 7 * q;  // c's words in block 7
        const auto body = [&]<int K>(size_t i) __attribute__((always_inline)) {
            uint16_t* p = c + i;
            // L (R0, R2 in c's blocks 0..3)
            const uint32_t l0 = ld<K>(p), l3 = ld<K>(p + 3 * q);
            const uint32_t tl = sub(ld<K>(p + q), ld<K>(p + 2 * q));
            const uint32_t l1 = add(sub(ld<K>(lr1 + i), l0), tl);
            const uint32_t l2 = sub(sub(ld<K>(lr1 + q + i), l3), tl);
            // H (R0 in c's blocks 4, 5; R2 in 6, 7, whose pad word is past c
            // (read as 0), or in scratch)
            const uint32_t h0 = ld<K>(p + 4 * q);
            uint32_t h3;
            if constexpr (whole_top<N>()) h3 = ld_part<K>(p + 7 * q, i, len7);
            else h3 = ld<K>(hr2 + q + i);
            const uint32_t th = sub(ld<K>(p + 5 * q), ld<K>(hr2 + i));
            const uint32_t h1 = add(sub(ld<K>(hr1 + i), h0), th);
            const uint32_t h2 = sub(sub(ld<K>(hr1 + q + i), h3), th);
            const uint32_t u0 = sub(l2, h0), u1 = sub(l3, h1);
            st<K>(p + q, l1);
            st<K>(p + 6 * q, h2);
            if constexpr (!whole_top<N>()) st_part<K>(p + 7 * q, h3, i, len7);
            // M
            const uint32_t m0 = ld<K>(mr0 + i), m3 = ld<K>(mr2 + q + i);
            const uint32_t tm = sub(ld<K>(mr0 + q + i), ld<K>(mr2 + i));
            const uint32_t m1 = add(sub(ld<K>(mr1 + i), m0), tm);
            const uint32_t m2 = sub(sub(ld<K>(mr1 + q + i), m3), tm);
            st<K>(p + 2 * q, add(sub(m0, l0), u0));
            st<K>(p + 3 * q, add(sub(m1, l1), u1));
            st<K>(p + 4 * q, sub(sub(m2, h2), u0));
            st<K>(p + 5 * q, sub(sub(m3, h3), u1));
        };
        size_t i = 0;
#if defined(__ARM_FEATURE_SIMD32)
        // whole pairs as pair_asm: C7 = 1 stores c7's pair, 2 its low lane
        // only, 0 none (c7 final, or past c); the last pair of a whole top
        // reads H's R2 high half as one halfword (the pad is past c)
        if constexpr (whole_top<N>()) {
            // each pair's c5 stored by the next pair after its first loads
            // (a store behind a load pipelines: 1 cycle, not 2)
            static_assert(q % 2 == 0 && q >= 6);
            uint32_t c5 = 0;
            pair_asm<N, 0, false, false, true>(c, s, c5);
            i = 2;
#pragma GCC unroll 2
            for (; i + 2 < q; i += 2) pair_asm<N, 0, false, true, true>(c + i, s + i, c5);
            pair_asm<N, 0, true, true, false>(c + i, s + i, c5);
            i += 2;
        } else {
            static_assert(len7 >= 4 && len7 + 3 <= q);
            uint32_t c5 = 0;
            pair_asm<N, 1, false, false, true>(c, s, c5);
            i = 2;
#pragma GCC unroll 2
            for (; i + 2 <= len7; i += 2) pair_asm<N, 1, false, true, true>(c + i, s + i, c5);
            if constexpr (len7 % 2 == 1) {
                pair_asm<N, 2, false, true, true>(c + i, s + i, c5);
                i += 2;
            }
            for (; i + 4 <= q; i += 2) pair_asm<N, 0, false, true, true>(c + i, s + i, c5);
            pair_asm<N, 0, false, true, false>(c + i, s + i, c5);
            i += 2;
        }
#endif
        for (; i + 2 <= q; i += 2) body.template operator()<2>(i);
        if constexpr (q % 2) body.template operator()<1>(q - 1);
    }
#if defined(__ARM_FEATURE_SIMD32)
    // sums' body on pairs i and i + 2 (d = d + i word-aligned, q even):
    // each sum's two words by one STRD (3 cycles; single stores after ALU
    // work cost 2 each, nothing pipelines behind a store), x's eight words
    // in one run of loads.
    template <size_t N>
    [[gnu::always_inline]] static inline void sums4_asm(uint16_t* d, const uint16_t* x) {
        constexpr size_t q = quarter<N>();
        constexpr size_t b = 2 * q;  // bytes per block
        static_assert(q % 2 == 0 && 8 * b + 4 <= 1020, "STRD offsets");
        uint32_t t0, t1, t2, t3, t4, t5, t6, t7, t8, t9;
        asm volatile(
            "ldr %[t0], [%[x]]\n\t"
            "ldr %[t1], [%[x], %[o1]]\n\t"
            "ldr %[t2], [%[x], %[o2]]\n\t"
            "ldr %[t3], [%[x], %[o3]]\n\t"
            "ldr %[t4], [%[x], #4]\n\t"
            "ldr %[t5], [%[x], %[o1w]]\n\t"
            "ldr %[t6], [%[x], %[o2w]]\n\t"
            "ldr %[t7], [%[x], %[o3w]]\n\t"
            "uadd16 %[t8], %[t0], %[t1]\n\t"
            "uadd16 %[t9], %[t4], %[t5]\n\t"
            "strd %[t8], %[t9], [%[d]]\n\t"  // x0 + x1
            "uadd16 %[t0], %[t0], %[t2]\n\t"
            "uadd16 %[t4], %[t4], %[t6]\n\t"
            "strd %[t0], %[t4], [%[d], %[s2]]\n\t"  // x0 + x2
            "uadd16 %[t1], %[t1], %[t3]\n\t"
            "uadd16 %[t5], %[t5], %[t7]\n\t"
            "strd %[t1], %[t5], [%[d], %[s3]]\n\t"  // x1 + x3
            "uadd16 %[t2], %[t2], %[t3]\n\t"
            "uadd16 %[t6], %[t6], %[t7]\n\t"
            "strd %[t2], %[t6], [%[d], %[s1]]\n\t"  // x2 + x3
            "uadd16 %[t8], %[t8], %[t2]\n\t"
            "uadd16 %[t9], %[t9], %[t6]\n\t"
            "strd %[t8], %[t9], [%[d], %[s4]]\n\t"  // all four
            ".if %c[pad]\n\t"
            "str %[t3], [%[d], %[s6]]\n\t"
            "str %[t7], [%[d], %[s6w]]\n\t"
            ".endif"
            : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
              [t6] "=&r"(t6), [t7] "=&r"(t7), [t8] "=&r"(t8), [t9] "=&r"(t9)
            : [d] "r"(d), [x] "r"(x), [o1] "i"(b), [o2] "i"(2 * b), [o3] "i"(3 * b), [o1w] "i"(b + 4),
              [o2w] "i"(2 * b + 4), [o3w] "i"(3 * b + 4), [s1] "i"(2 * b), [s2] "i"(4 * b), [s3] "i"(6 * b),
              [s4] "i"(8 * b), [s6] "i"(12 * b), [s6w] "i"(12 * b + 4), [pad] "i"(whole_top<N>() ? 0 : 1)
            : "memory");
    }
    // combine's body on one whole pair, p = c + i, ps = s + i: the loads of
    // each of L, H, M grouped (they pipeline on the M4), two base registers
    // and immediate offsets (the C++ body spilled and recomputed addresses:
    // ~83 cycles a pair against ~55). c2..c5 as m0 + v0, m1 + v1, m2 - w0,
    // m3 - w1 with v_k = u_k - l_k, w_k = h_(k+2) + u_k (9 live words at most).
    // CarryIn: store the last pair's c5 (cy, at p - 2 + 5 q) after the
    // first loads; CarryOut: leave this pair's c5 in cy unstored.
    template <size_t N, int C7, bool H3Half, bool CarryIn = false, bool CarryOut = false>
    [[gnu::always_inline]] static inline void pair_asm(uint16_t* p, const uint16_t* ps, uint32_t& cy) {
        constexpr size_t q = quarter<N>();
        constexpr bool whole = whole_top<N>();
        constexpr size_t b = 2 * q;  // bytes per block
        uint32_t t0, t1, t2, t3, t4, t5, t6, t7, t8;
        // H's R2: in c's blocks 6, 7 or in slot 5 (then c7 stored from it)
        const uint16_t* h2base = whole ? p : ps;
        constexpr size_t h2lo = whole ? 6 * b : 5 * 2 * b;
        asm volatile(
            "ldr %[t0], [%[p]]\n\t"
            "ldr %[t1], [%[p], %[b1]]\n\t"
            "ldr %[t2], [%[p], %[b2]]\n\t"
            "ldr %[t3], [%[p], %[b3]]\n\t"
            "ldr %[t4], [%[ps], %[lr1]]\n\t"
            "ldr %[t5], [%[ps], #(%c[lr1] + %c[b1])]\n\t"
            ".if %c[mode] & 8\n\t"
            "str %[cy], [%[p], #(%c[b5] - 4)]\n\t"  // the last pair's c5
            ".endif\n\t"
            "usub16 %[t1], %[t1], %[t2]\n\t"  // tl
            "usub16 %[t4], %[t4], %[t0]\n\t"
            "uadd16 %[t4], %[t4], %[t1]\n\t"  // l1
            "usub16 %[t5], %[t5], %[t3]\n\t"
            "usub16 %[t2], %[t5], %[t1]\n\t"  // l2
            "ldr %[t1], [%[p], %[b4]]\n\t"  // h0
            "ldr %[t5], [%[p], %[b5]]\n\t"
            "ldr %[t6], [%[h2], %[h2lo]]\n\t"
            ".if %c[mode] & 4\n\t"
            "ldrh %[t7], [%[h2], #(%c[h2lo] + %c[b1])]\n\t"  // h3
            ".else\n\t"
            "ldr %[t7], [%[h2], #(%c[h2lo] + %c[b1])]\n\t"
            ".endif\n\t"
            "str %[t4], [%[p], %[b1]]\n\t"  // (a store right after a load pipelines)
            "usub16 %[t5], %[t5], %[t6]\n\t"  // th
            "ldr %[t6], [%[ps]]\n\t"
            "ldr %[t8], [%[ps], %[b1]]\n\t"
            ".if (%c[mode] & 3) == 1\n\t"
            "str %[t7], [%[p], %[b7]]\n\t"
            ".elseif (%c[mode] & 3) == 2\n\t"
            "strh %[t7], [%[p], %[b7]]\n\t"
            ".endif\n\t"
            "usub16 %[t6], %[t6], %[t1]\n\t"
            "uadd16 %[t6], %[t6], %[t5]\n\t"  // h1
            "usub16 %[t8], %[t8], %[t7]\n\t"
            "usub16 %[t8], %[t8], %[t5]\n\t"  // h2
            "usub16 %[t2], %[t2], %[t1]\n\t"  // u0
            "usub16 %[t3], %[t3], %[t6]\n\t"  // u1
            "usub16 %[t0], %[t2], %[t0]\n\t"  // v0
            "usub16 %[t4], %[t3], %[t4]\n\t"  // v1
            "uadd16 %[t2], %[t8], %[t2]\n\t"  // w0
            "uadd16 %[t3], %[t7], %[t3]\n\t"  // w1
            "ldr %[t1], [%[ps], %[mr0]]\n\t"  // m0
            "ldr %[t5], [%[ps], #(%c[mr0] + %c[b1])]\n\t"
            "ldr %[t6], [%[ps], %[mr2]]\n\t"
            "ldr %[t7], [%[ps], #(%c[mr2] + %c[b1])]\n\t"  // m3
            "str %[t8], [%[p], %[b6]]\n\t"  // c6 = h2
            "usub16 %[t5], %[t5], %[t6]\n\t"  // tm
            "uadd16 %[t0], %[t1], %[t0]\n\t"  // c2
            "ldr %[t6], [%[ps], %[mr1]]\n\t"
            "ldr %[t8], [%[ps], #(%c[mr1] + %c[b1])]\n\t"
            "str %[t0], [%[p], %[b2]]\n\t"
            "usub16 %[t6], %[t6], %[t1]\n\t"
            "uadd16 %[t6], %[t6], %[t5]\n\t"  // m1
            "uadd16 %[t4], %[t6], %[t4]\n\t"  // c3
            "usub16 %[t8], %[t8], %[t7]\n\t"
            "usub16 %[t8], %[t8], %[t5]\n\t"  // m2
            "usub16 %[t2], %[t8], %[t2]\n\t"  // c4
            "usub16 %[cy], %[t7], %[t3]\n\t"  // c5
            "str %[t4], [%[p], %[b3]]\n\t"
            "str %[t2], [%[p], %[b4]]\n\t"
            ".if (%c[mode] & 16) == 0\n\t"
            "str %[cy], [%[p], %[b5]]\n\t"
            ".endif"
            : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
              [t6] "=&r"(t6), [t7] "=&r"(t7), [t8] "=&r"(t8), [cy] "+&r"(cy)
            : [p] "r"(p), [ps] "r"(ps), [h2] "r"(h2base), [b1] "i"(b), [b2] "i"(2 * b), [b3] "i"(3 * b),
              [b4] "i"(4 * b), [b5] "i"(5 * b), [b6] "i"(6 * b), [b7] "i"(7 * b), [h2lo] "i"(h2lo),
              [lr1] "i"(lr1_slot<N>() * 2 * b),
              [mr0] "i"(1 * 2 * b), [mr1] "i"(2 * 2 * b),
              [mr2] "i"(4 * 2 * b), [mode] "i"(C7 + (H3Half ? 4 : 0) + (CarryIn ? 8 : 0) + (CarryOut ? 16 : 0))
            : "memory");
    }
#endif
};

}  // namespace pqmcu::ntru
