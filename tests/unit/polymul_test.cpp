// SPDX-License-Identifier: Apache-2.0 OR MIT
// Every multiplication method against the schoolbook product on random
// inputs, compared mod 2^exact_bits of the method, for n = 1..64, the sizes
// of /work/shared/anchors/polymul-configs.csv (256, 509, 677, 701, 743, 821,
// 1024) and other odd sizes; that each bound is tight (the next bit up
// differs somewhere); the entry points (plain, cyclic, negacyclic, _q) and
// the shared-evaluation matrix-vector product.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#include "polymul/matvec.hpp"
#include "polymul/polymul.hpp"

namespace {
namespace pm = pqmcu::polymul;
using Poly = std::vector<uint16_t>;

Poly random_poly(std::mt19937& g, size_t n) {
    Poly p(n);
    for (auto& v : p) v = uint16_t(g());
    return p;
}

// Written out here, independent of the library's Schoolbook.
Poly reference(const Poly& a, const Poly& b) {
    Poly c(2 * a.size() - 1, 0);
    for (size_t i = 0; i < a.size(); ++i)
        for (size_t j = 0; j < b.size(); ++j) c[i + j] = uint16_t(c[i + j] + uint32_t(a[i]) * uint32_t(b[j]));
    return c;
}

// Index of the first coefficient differing mod 2^bits, or -1.
long first_diff(const Poly& x, const Poly& y, int bits) {
    const uint32_t mask = bits >= 16 ? 0xFFFFu : (1u << bits) - 1;
    for (size_t i = 0; i < x.size(); ++i)
        if (((x[i] ^ y[i]) & mask) != 0) return long(i);
    return -1;
}

template <class M>
Poly run(const Poly& a, const Poly& b) {
    Poly c(2 * a.size() - 1, 0xDEAD);  // garbage: every output word must be written
    std::vector<uint16_t> scratch(M::scratch_words(a.size()) + 1);
    scratch.back() = 0x5A5A;  // canary just past what scratch_words promised
    M::mul(c.data(), a.data(), b.data(), a.size(), scratch.data());
    EXPECT_EQ(scratch.back(), 0x5A5A) << "scratch overrun at n = " << a.size();
    return c;
}

std::vector<size_t> sizes() {
    std::vector<size_t> ns;
    for (size_t n = 1; n <= 64; ++n) ns.push_back(n);
    for (size_t n : {65, 67, 95, 96, 97, 127, 128, 129, 191, 255, 256, 257, 333, 509, 512, 677, 701, 743, 821, 1000,
                     1023, 1024})
        ns.push_back(n);
    return ns;
}

template <class M>
void check_method(int trials_per_n = 2) {
    std::mt19937 g(0x5eed + M::exact_bits);
    for (size_t n : sizes()) {
        for (int t = 0; t < trials_per_n; ++t) {
            const Poly a = random_poly(g, n), b = random_poly(g, n);
            const Poly c = run<M>(a, b), r = reference(a, b);
            ASSERT_EQ(first_diff(c, r, M::exact_bits), -1) << "n = " << n << " bits = " << M::exact_bits;
        }
    }
}

// The bound is tight: at exact_bits + 1 some coefficient differs.
template <class M>
void check_tight(size_t n) {
    std::mt19937 g(77);
    const Poly a = random_poly(g, n), b = random_poly(g, n);
    EXPECT_NE(first_diff(run<M>(a, b), reference(a, b), M::exact_bits + 1), -1) << "n = " << n;
}

TEST(Polymul, Schoolbook) { check_method<pm::Schoolbook>(1); }
TEST(Polymul, KaratsubaT1) { check_method<pm::Karatsuba<1>>(); }
TEST(Polymul, KaratsubaT8) { check_method<pm::Karatsuba<8>>(); }
TEST(Polymul, KaratsubaT16) { check_method<pm::Karatsuba<16>>(); }
TEST(Polymul, KaratsubaT32) { check_method<pm::Karatsuba<32>>(); }
TEST(Polymul, Toom3T16) { check_method<pm::Toom3<pm::Karatsuba<16>>>(); }
TEST(Polymul, Toom3T4) { check_method<pm::Toom3<pm::Karatsuba<4>>>(); }
TEST(Polymul, Toom4T16) { check_method<pm::Toom4<pm::Karatsuba<16>>>(); }
TEST(Polymul, Toom4T8) { check_method<pm::Toom4<pm::Karatsuba<8>>>(); }
TEST(Polymul, Toom4T32) { check_method<pm::Toom4<pm::Karatsuba<32>>>(); }
TEST(Polymul, Toom4Toom3T16) { check_method<pm::Toom4<pm::Toom3<pm::Karatsuba<16>>>>(); }
TEST(Polymul, Toom4Toom3T8) { check_method<pm::Toom4<pm::Toom3<pm::Karatsuba<8>>>>(); }

TEST(Polymul, Bounds) {
    static_assert(pm::Toom3Default::exact_bits == 15 && pm::Toom4Default::exact_bits == 13 &&
                  pm::Toom43Default::exact_bits == 12);
    for (size_t n : {64, 256, 509, 701, 1024}) {
        check_tight<pm::Toom3Default>(n);
        check_tight<pm::Toom4Default>(n);
        check_tight<pm::Toom43Default>(n);
    }
}

// The entry points: exact mod 2^16 (plain forms) or 2^LogQ (_q forms), for
// the sizes NTRU and Saber use and more.
Poly fold(const Poly& full, size_t n, bool nega) {
    Poly c(n);
    for (size_t i = 0; i < n; ++i) {
        const uint16_t hi = i + n < full.size() ? full[i + n] : 0;
        c[i] = nega ? uint16_t(full[i] - hi) : uint16_t(full[i] + hi);
    }
    return c;
}

template <int LogQ>
void check_entry_points_q(size_t n, std::mt19937& g) {
    const Poly a = random_poly(g, n), b = random_poly(g, n), r = reference(a, b);
    Poly c(2 * n - 1), cc(n), cn(n);
    pm::mul_q<LogQ>(c.data(), a.data(), b.data(), n);
    pm::mul_cyclic_q<LogQ>(cc.data(), a.data(), b.data(), n);
    pm::mul_negacyclic_q<LogQ>(cn.data(), a.data(), b.data(), n);
    EXPECT_EQ(first_diff(c, r, LogQ), -1) << "n = " << n << " logq = " << LogQ;
    EXPECT_EQ(first_diff(cc, fold(r, n, false), LogQ), -1) << "cyclic n = " << n << " logq = " << LogQ;
    EXPECT_EQ(first_diff(cn, fold(r, n, true), LogQ), -1) << "negacyclic n = " << n << " logq = " << LogQ;
}

TEST(Polymul, EntryPoints) {
    std::mt19937 g(3);
    for (size_t n : {1, 2, 3, 7, 16, 17, 33, 64, 255, 256, 509, 677, 701, 821, 1024, 1229, 1373, 1536}) {
        const Poly a = random_poly(g, n), b = random_poly(g, n), r = reference(a, b);
        Poly c(2 * n - 1), cc(n), cn(n);
        pm::mul(c.data(), a.data(), b.data(), n);
        pm::mul_cyclic(cc.data(), a.data(), b.data(), n);
        pm::mul_negacyclic(cn.data(), a.data(), b.data(), n);
        EXPECT_EQ(c, r) << "n = " << n;
        EXPECT_EQ(cc, fold(r, n, false)) << "n = " << n;
        EXPECT_EQ(cn, fold(r, n, true)) << "n = " << n;
        check_entry_points_q<16>(n, g);
        check_entry_points_q<15>(n, g);
        check_entry_points_q<14>(n, g);
        check_entry_points_q<13>(n, g);
        check_entry_points_q<12>(n, g);
        check_entry_points_q<11>(n, g);
    }
}

// The bounded-stack blocked product (the M4's four-argument forms), run on the host.
template <size_t MaxBlock>
void check_blocked() {
    using BL = pm::Blocked<pm::Karatsuba<16>, MaxBlock>;
    std::mt19937 g(MaxBlock);
    for (size_t n : {1, 2, 31, 100, 255, 256, 257, 351, 352, 353, 509, 677, 701, 821, 1024, 1229, 1373, 1536}) {
        const Poly a = random_poly(g, n), b = random_poly(g, n), r = reference(a, b);
        Poly c(2 * n - 1), cc(n), cn(n);
        BL::mul(c.data(), a.data(), b.data(), n, 0);
        BL::mul(cc.data(), a.data(), b.data(), n, 1);
        BL::mul(cn.data(), a.data(), b.data(), n, 2);
        EXPECT_EQ(c, r) << "n = " << n;
        EXPECT_EQ(cc, fold(r, n, false)) << "n = " << n;
        EXPECT_EQ(cn, fold(r, n, true)) << "n = " << n;
    }
}
TEST(Polymul, BlockedM4) { check_blocked<352>(); }
TEST(Polymul, BlockedSmallBlocks) { check_blocked<100>(); }

// The M4's per-LogQ choices, run here too (the entry points above use the host's).
template <int LogQ>
void check_m4_choice() {
    using M = typename pm::MethodFor<LogQ, true>::type;
    static_assert(M::exact_bits >= LogQ);
    std::mt19937 g(LogQ);
    for (size_t n : {1, 5, 8, 31, 64, 256, 509, 677, 701, 821, 1024, 1229, 1373}) {
        const Poly a = random_poly(g, n), b = random_poly(g, n);
        EXPECT_EQ(first_diff(run<M>(a, b), reference(a, b), LogQ), -1) << "n = " << n << " logq = " << LogQ;
    }
}
TEST(Polymul, M4Choices) {
    check_m4_choice<16>();
    check_m4_choice<15>();
    check_m4_choice<14>();
    check_m4_choice<13>();
    check_m4_choice<12>();
    check_m4_choice<11>();
}

// Saber's module products with shared evaluations against one negacyclic
// product per matrix entry, mod 2^13, both orientations.
template <size_t K>
void check_matvec() {
    constexpr size_t N = 256;
    using MV = pm::MatVecNegacyclic<K, N>;
    static_assert(MV::exact_bits == 13);
    std::mt19937 g(K);
    for (int trial = 0; trial < 3; ++trial) {
        Poly A = random_poly(g, K * K * N), s = random_poly(g, K * N);
        std::vector<uint16_t> sev(K * MV::ev_words);
        auto scr = std::make_unique<typename MV::Scratch>();
        MV::evaluate_vector(sev.data(), s.data());
        for (bool transpose : {false, true}) {
            Poly res(K * N);
            MV::mul(res.data(), A.data(), sev.data(), transpose, *scr);
            for (size_t i = 0; i < K; ++i) {
                Poly expect(N, 0), prod(N);
                for (size_t j = 0; j < K; ++j) {
                    const uint16_t* aij = A.data() + (transpose ? (j * K + i) : (i * K + j)) * N;
                    pm::mul_negacyclic(prod.data(), aij, s.data() + j * N, N);
                    for (size_t t = 0; t < N; ++t) expect[t] = uint16_t(expect[t] + prod[t]);
                }
                const Poly got(res.begin() + long(i * N), res.begin() + long((i + 1) * N));
                EXPECT_EQ(first_diff(got, expect, 13), -1) << "K = " << K << " row " << i << " T " << transpose;
            }
        }
    }
}
TEST(PolymulMatVec, K2) { check_matvec<2>(); }
TEST(PolymulMatVec, K3) { check_matvec<3>(); }
TEST(PolymulMatVec, K4) { check_matvec<4>(); }

}  // namespace

#if defined(PQMCU_POLYMUL_AVX2)
#include "polymul/polymul_avx2.hpp"
namespace {
// The AVX2 products (x86 hosts with AVX2; skipped without, or with
// PQMCU_CPU_DISABLE=avx2) against the written-out reference, every size up
// to 64, the NTRU / Saber sizes and the maximum, outputs aliasing an operand.
TEST(PolymulAvx2, CyclicAndNegacyclic) {
    if (!pm::avx2::enabled()) GTEST_SKIP() << "no AVX2";
    std::vector<size_t> ns = sizes();
    for (size_t n : {700, 702, 820, 822, 1022}) ns.push_back(n);
    std::mt19937 g(0xa2);
    for (size_t n : ns) {
        const Poly a = random_poly(g, n), b = random_poly(g, n), r = reference(a, b);
        Poly cc(n, 0xDEAD), cn(n, 0xDEAD), alias = a;
        pm::avx2::mul_cyclic(cc.data(), a.data(), b.data(), n);
        pm::avx2::mul_negacyclic(cn.data(), a.data(), b.data(), n);
        ASSERT_EQ(cc, fold(r, n, false)) << "n = " << n;
        ASSERT_EQ(cn, fold(r, n, true)) << "n = " << n;
        pm::avx2::mul_cyclic(alias.data(), alias.data(), b.data(), n);
        ASSERT_EQ(alias, cc) << "n = " << n;
    }
    // Extremes: every coefficient 0xFFFF (the wrap of every sum).
    for (size_t n : {256, 509, 701, 821, 1024}) {
        const Poly a(n, 0xFFFF), r = reference(a, a);
        Poly c(n);
        pm::avx2::mul_cyclic(c.data(), a.data(), a.data(), n);
        ASSERT_EQ(c, fold(r, n, false)) << "n = " << n;
    }
}
// The Toom-4 product (exact mod 2^13) against the reference, masked, from
// below its threshold to the maximum, NTRU's sizes and aliasing included.
TEST(PolymulAvx2, Cyclic13) {
    if (!pm::avx2::enabled()) GTEST_SKIP() << "no AVX2";
    const auto mask13 = [](Poly p) {
        for (auto& x : p) x &= 0x1FFF;
        return p;
    };
    std::mt19937 g(0x13);
    for (size_t n : {64, 255, 256, 257, 300, 509, 677, 700, 701, 702, 821, 822, 1000, 1023, 1024}) {
        const Poly a = random_poly(g, n), b = random_poly(g, n), r = mask13(fold(reference(a, b), n, false));
        Poly c(n, 0xDEAD), alias = a;
        pm::avx2::mul_cyclic_13(c.data(), a.data(), b.data(), n);
        ASSERT_EQ(mask13(c), r) << "n = " << n;
        pm::avx2::mul_cyclic_13(alias.data(), alias.data(), b.data(), n);
        ASSERT_EQ(mask13(alias), r) << "n = " << n;
        // with the buffers in the caller's scratch (odd offset: it aligns them itself), garbage in it
        std::vector<uint16_t> scratch(pm::avx2::mul13_scratch_words(n) + 1, 0xBEEF);
        Poly d(n, 0xDEAD);
        pm::avx2::mul_cyclic_13(d.data(), a.data(), b.data(), n, scratch.data() + 1);
        ASSERT_EQ(mask13(d), r) << "n = " << n << " (scratch)";
        pm::avx2::mul_cyclic_13(d.data(), d.data(), b.data(), n, scratch.data() + 1);
        ASSERT_EQ(mask13(d), mask13(fold(reference(r, b), n, false))) << "n = " << n << " (scratch, again)";
    }
    for (size_t n : {256, 509, 701, 821, 1024}) {
        const Poly a(n, 0xFFFF), r = mask13(fold(reference(a, a), n, false));
        Poly c(n);
        pm::avx2::mul_cyclic_13(c.data(), a.data(), a.data(), n);
        ASSERT_EQ(mask13(c), r) << "n = " << n;
    }
}
// The ternary scratch overload (t in {0,1,2} for {0,1,-1}, left as it is)
// against the reference on t mapped to {0,1,0xFFFF}; the output aliasing t.
TEST(PolymulAvx2, Cyclic13Ternary) {
    if (!pm::avx2::enabled()) GTEST_SKIP() << "no AVX2";
    const auto mask13 = [](Poly p) {
        for (auto& x : p) x &= 0x1FFF;
        return p;
    };
    std::mt19937 g(0x3e);
    std::vector<uint16_t> small(pm::avx2::mul13_scratch_words(1024) + 1);
    Poly c255(255);
    ASSERT_FALSE(pm::avx2::mul_cyclic_13_ternary(c255.data(), c255.data(), c255.data(), 255, small.data()));
    for (size_t n : {256, 300, 509, 677, 701, 821, 1000, 1024}) {
        const Poly a = random_poly(g, n);
        Poly t(n), tm(n);
        for (size_t i = 0; i < n; ++i) {
            t[i] = uint16_t(g() % 3);
            tm[i] = t[i] == 2 ? 0xFFFF : t[i];
        }
        const Poly r = mask13(fold(reference(a, tm), n, false)), t0 = t;
        std::vector<uint16_t> scratch(pm::avx2::mul13_scratch_words(n) + 1, 0xBEEF);
        Poly c(n, 0xDEAD);
        ASSERT_TRUE(pm::avx2::mul_cyclic_13_ternary(c.data(), a.data(), t.data(), n, scratch.data() + 1));
        ASSERT_EQ(mask13(c), r) << "n = " << n;
        ASSERT_EQ(t, t0) << "n = " << n;
        ASSERT_TRUE(pm::avx2::mul_cyclic_13_ternary(t.data(), a.data(), t.data(), n, scratch.data() + 1));
        ASSERT_EQ(mask13(t), r) << "n = " << n << " (aliasing t)";
    }
}
}  // namespace
#endif
