// SPDX-License-Identifier: Apache-2.0 OR MIT
// x86-64 hosts with AVX2 but not AVX-512F: the Speed profile's row sums
// (ntt.hpp, namespace x16) through two 16-bit NTTs instead of the 32-bit
// one. AVX2 multiplies 16 int16 lanes per vpmullw / vpmulhw / vpmaddwd and
// only 4 int32 products per vpmuldq, so the products are the same work in
// about half the multiplier cycles (one vector multiply a cycle on Zen 2).
//
// Primes p1 = 3329 and p2 = 7681 (both 1 mod 256): a negacyclic NTT of
// length 256 with 7 layers (Cooley-Tukey, bit-reversed powers of a
// primitive 256-th root zeta), leaving 128 blocks (a0, a1) mod X^2 - g_i.
// A row sum sum_j A_ij s_j has integer coefficients |c| <= 12,582,912
// (kMaxSum: l * 256 * 4096 * mu / 2, all three sets) < p1 p2 / 2, so the
// centred CRT value of (c mod p1, c mod p2) is c itself; its low 16 bits
// are stored (as ntt::inverse_store does).
//
// Arithmetic: signed Montgomery products with R = 2^16 (vpmullw for the
// quotient, two vpmulhw), centred Barrett reductions (checked exhaustively
// at compile time), bounds checked below. The block products are vpmaddwd
// on (a0, a1) pairs: the secret s is kept as (b0, b1 g) and (b1, b0) pairs
// per 32-bit lane, so c0 = a0 b0 + a1 b1 g and c1 = a0 b1 + a1 b0 are one
// vpmaddwd each, summed over the row in 32 bits and reduced once before the
// inverse (the form also carries the inverse's scale R / 128). The transform's data layout: layers 1-3 across vectors (natural
// order), layer 4 on a pair of vectors, layers 5-7 after 128- / 64- /
// 32-bit shuffles of that pair (each its own inverse), so the two
// coefficients of a block always share a 32-bit lane; the outputs stay in
// that shuffled order (the secret's form and the inverse use the same one;
// the lane tables below are made by replaying the shuffles on indices).
//
// Buffers are int32_t[256] (1 KB): a secret's form takes two (one per
// prime), a row sum two (per prime: c0 and c1 of 8 blocks in 32-bit lanes,
// per 32 coefficients). No data-dependent branch or index.
#include <immintrin.h>

#include <array>
#include <cstdint>

#include "core/mont_prime.hpp"
#include "saber/ntt.hpp"
#include "x86/cpu_features.hpp"

namespace pqmcu::saber::ntt::x16 {
namespace {

constexpr int64_t kMaxSum = 12582912;  // l * 256 * 4096 * mu / 2, every set

constexpr int32_t centred(int64_t x, int64_t m) {
    x %= m;
    if (x < 0) x += m;
    return int32_t(2 * x > m ? x - m : x);
}
// Scalar models of vpmulhw and of a 16-bit lane's wrap-around.
constexpr int32_t mulhi(int32_t a, int32_t b) { return (a * b) >> 16; }
constexpr int32_t wrap16(int64_t x) { return int16_t(uint16_t(uint64_t(x))); }

// A lane vector's constants: z (Montgomery) and z p^-1 mod 2^16 per lane.
struct Lanes {
    alignas(32) int16_t z[16];
    alignas(32) int16_t zq[16];
};

// Vector index layout of pass B (see the header comment): u, v hold
// coefficients 32 g .. 32 g + 31; the shuffles before layers 5, 6, 7.
using Idx = std::array<int, 16>;
constexpr void shuffle5_idx(Idx& u, Idx& v) {  // vperm2i128 0x20 / 0x31
    Idx a{}, b{};
    for (int e = 0; e < 8; ++e) a[e] = u[e], a[8 + e] = v[e], b[e] = u[8 + e], b[8 + e] = v[8 + e];
    u = a, v = b;
}
constexpr void shuffle6_idx(Idx& u, Idx& v) {  // vpunpcklqdq / vpunpckhqdq
    Idx a{}, b{};
    for (int l = 0; l < 16; l += 8)
        for (int e = 0; e < 4; ++e)
            a[l + e] = u[l + e], a[l + 4 + e] = v[l + e], b[l + e] = u[l + 4 + e], b[l + 4 + e] = v[l + 4 + e];
    u = a, v = b;
}
constexpr void shuffle7_idx(Idx& u, Idx& v) {  // dword blends with 64-bit shifts
    Idx a{}, b{};
    for (int q = 0; q < 16; q += 4)
        for (int e = 0; e < 2; ++e)
            a[q + e] = u[q + e], a[q + 2 + e] = v[q + e], b[q + e] = u[q + 2 + e], b[q + 2 + e] = v[q + 2 + e];
    u = a, v = b;
}
// (u, v) before layer L = 5, 6, 7 (after its shuffle), or the output (L = 8).
constexpr void layout(unsigned g, unsigned L, Idx& u, Idx& v) {
    for (int e = 0; e < 16; ++e) u[e] = int(32 * g) + e, v[e] = int(32 * g) + 16 + e;
    if (L >= 5) shuffle5_idx(u, v);
    if (L >= 6) shuffle6_idx(u, v);
    if (L >= 7) shuffle7_idx(u, v);
}

// Every butterfly of layers 5-7 pairs coefficient c (top half of its block)
// with c + distance in the same lane of u and v; the outputs keep each
// block's two coefficients in one 32-bit lane, low halfword first.
constexpr bool layout_ok() {
    for (unsigned g = 0; g < 8; ++g) {
        for (unsigned L = 5; L <= 7; ++L) {
            Idx u{}, v{};
            layout(g, L, u, v);
            for (int e = 0; e < 16; ++e)
                if (v[e] != u[e] + int(256u >> L) || u[e] % int(512u >> L) >= int(256u >> L)) return false;
        }
        Idx uv[2]{};
        layout(g, 8, uv[0], uv[1]);
        for (const Idx& x : uv)
            for (int e = 0; e < 16; e += 2)
                if (x[e] % 2 != 0 || x[e + 1] != x[e] + 1) return false;
    }
    return true;
}
static_assert(layout_ok(), "pass B's shuffles pair the right coefficients");

template <int32_t P>
struct Prime {
    // (powers and bit reversal from core's compile-time prime arithmetic)
    using Mp = core::MontPrime<P>;
    static constexpr int32_t p = P;
    static_assert(P % 256 == 1 && P < 8192);
    static constexpr int32_t qinv = wrap16(0u - Mp::kPInvNeg);  // p^-1 mod 2^16 (the low half of p^-1 mod 2^32)
    static_assert(wrap16(int64_t(qinv) * P) == 1);
    static constexpr int64_t kR = (int64_t(1) << 16) % P;
    static constexpr int64_t zeta = [] {  // a primitive 256-th root of unity
        for (int64_t g = 2;; ++g) {
            const int64_t z = Mp::pow_mod(g, (P - 1) / 256);
            if (int64_t(Mp::pow_mod(z, 128)) == P - 1) return z;
        }
    }();
    static constexpr int32_t mont(int64_t x) { return centred(x % P * kR, P); }  // x R mod p
    static constexpr int32_t zq(int32_t z) { return wrap16(int64_t(z) * qinv); }
    // Montgomery product a z / R, as fqmul() below computes it.
    static constexpr int32_t fqmul(int32_t a, int32_t z) { return mulhi(a, z) - mulhi(wrap16(int64_t(a) * zq(z)), P); }
    // Centred Barrett: t = round(a V / 2^(16 + S)), a - t p.
    static constexpr int kS = P < 4096 ? 10 : 11;
    static constexpr int32_t kV = int32_t(((int64_t(1) << (16 + kS)) + P / 2) / P);
    static constexpr int32_t barrett(int32_t a) { return a - ((mulhi(a, kV) + (1 << (kS - 1))) >> kS) * P; }
    static constexpr bool barrett_exact() {
        for (int32_t a = -32768; a < 32768; ++a) {
            const int32_t r = barrett(a);
            if (r != centred(a, P) || 2 * r > P || 2 * r < -P) return false;
        }
        return true;
    }
    static_assert(barrett_exact(), "Barrett gives the centred residue of every int16");

    // z_k = zeta^brv7(k) R, the inverse's zeta^-brv7(k) R (brv7: 7-bit reversal).
    static constexpr std::array<int16_t, 128> make_z(bool inv) {
        std::array<int16_t, 128> z{};
        const int64_t w = inv ? Mp::pow_mod(zeta, P - 2) : zeta;
        for (unsigned k = 0; k < 128; ++k) z[k] = int16_t(mont(Mp::pow_mod(w, Mp::brv(k, 7))));
        return z;
    }
    static constexpr std::array<int16_t, 128> kZ = make_z(false), kZinv = make_z(true);
    // Layers 5, 6, 7 of pass B, group g: per-lane factors (forward / inverse).
    static constexpr std::array<std::array<Lanes, 8>, 3> make_lanes(bool inv) {
        std::array<std::array<Lanes, 8>, 3> t{};
        const auto& z = inv ? kZinv : kZ;
        for (unsigned L = 5; L <= 7; ++L)
            for (unsigned g = 0; g < 8; ++g) {
                Idx u{}, v{};
                layout(g, L, u, v);
                for (int e = 0; e < 16; ++e) {
                    const unsigned k = (1u << (L - 1)) + unsigned(u[e]) / (512u >> L);
                    t[L - 5][g].z[e] = z[k];
                    t[L - 5][g].zq[e] = int16_t(zq(z[k]));
                }
            }
        return t;
    }
    static constexpr std::array<std::array<Lanes, 8>, 3> kFwd = make_lanes(false), kInv = make_lanes(true);
    // The inverse's scale R / 128 (the 32-bit reduction's 1 / R, 2^7 from
    // seven layers), taken by the secret's form (kScale = (R / 128) R).
    static constexpr int32_t kScale = centred(kR * kR % P * Mp::pow_mod(128, P - 2), P);
    // The secret's form: lanes (b0, b1) times (1, g_i) R / 128 (Montgomery),
    // g_i = +-zeta^brv7(64 + i / 2) for block i (coefficients 2 i, 2 i + 1),
    // per output vector (g, h = 0: u, 1: v).
    static constexpr std::array<std::array<Lanes, 2>, 8> make_gamma() {
        std::array<std::array<Lanes, 2>, 8> t{};
        for (unsigned g = 0; g < 8; ++g) {
            Idx uv[2]{};
            layout(g, 8, uv[0], uv[1]);
            for (unsigned h = 0; h < 2; ++h)
                for (int e = 0; e < 16; e += 2) {
                    const unsigned i = unsigned(uv[h][e]) / 2;
                    const int64_t gm = Mp::pow_mod(zeta, Mp::brv(64 + i / 2, 7));
                    const int32_t one = kScale, gi = centred((i % 2 == 0 ? gm : P - gm) * (kScale + P), P);
                    t[g][h].z[e] = int16_t(one), t[g][h].zq[e] = int16_t(zq(one));
                    t[g][h].z[e + 1] = int16_t(gi), t[g][h].zq[e + 1] = int16_t(zq(gi));
                }
        }
        return t;
    }
    static constexpr std::array<std::array<Lanes, 2>, 8> kGamma = make_gamma();

    // Bounds (|.| <=): a Montgomery product of a by a factor |z| <= p / 2.
    static constexpr int64_t fq_bound(int64_t a) { return a * (P / 2) / 65536 + P / 2 + 1; }
    static constexpr int64_t bfly_bound(int64_t a) { return a + fq_bound(a); }
    // Forward: inputs |x| <= 4096, layers 1-3, Barrett (kReduceB: where 7
    // layers without it would pass 2^15), layers 4-7.
    static constexpr bool kReduceB = [] {
        int64_t b = 4096;
        for (int i = 0; i < 7; ++i) b = bfly_bound(b);
        return b > 32767;
    }();
    static constexpr int64_t kFwdOut = [] {
        int64_t b = 4096;
        for (int i = 0; i < 3; ++i) b = bfly_bound(b);
        if (kReduceB) b = P / 2;
        for (int i = 0; i < 4; ++i) b = bfly_bound(b);
        return b;
    }();
    static_assert(kFwdOut <= 32767);
    // The secret's forward (|s| <= 5): no Barrett step.
    static constexpr int64_t kSecretFwdOut = [] {
        int64_t b = 5;
        for (int i = 0; i < 7; ++i) b = bfly_bound(b);
        return b;
    }();
    static_assert(kSecretFwdOut <= 32767);
    // Inverse layers from |x| <= b: sums double, differences' products are
    // fq_bound of that. A Barrett step before layer 4 unless four layers
    // from |x| <= p / 2 stay below 2^15.
    static constexpr int64_t inv_layers(int64_t b, int n) {
        for (int i = 0; i < n; ++i) b = fq_bound(2 * b) > 2 * b ? fq_bound(2 * b) : 2 * b;
        return b;
    }
    static constexpr bool kInvMidReduce = inv_layers(P / 2, 4) > 32767;
    // The secret's form: Montgomery products by factors |z| <= p / 2.
    static constexpr int64_t kForm = fq_bound(kSecretFwdOut);
};
using P1 = Prime<3329>;
using P2 = Prime<7681>;
static_assert(2 * kMaxSum < int64_t(P1::p) * P2::p, "the centred CRT value is the exact row sum");
// A row of at most 4 pairs of vpmaddwd products in 32 bits, then the
// reduction's x - t p (|t| <= 2^15), below 2^31; its result x / R fits int16.
constexpr int64_t kRowSum = [] {
    const int64_t a = P1::kFwdOut > P2::kFwdOut ? P1::kFwdOut : P2::kFwdOut;
    const int64_t s = P1::kForm > P2::kForm ? P1::kForm : P2::kForm;
    return 4 * 2 * a * s;
}();
static_assert(kRowSum + 32768 * int64_t(P2::p) < (int64_t(1) << 31), "the 32-bit row sums do not overflow");
static_assert((kRowSum + 32768 * int64_t(P2::p)) / 65536 + 1 <= 32767, "the reduced sums fit 16 bits");
// Inverse: Barrett steps (|x| <= p / 2 after them) at pass A''s input, at
// pass B''s loads and (kInvMidReduce, p2) before layer 4; every sum and
// difference between them fits int16.
template <class Q>
constexpr bool inverse_fits() {
    const int64_t b = Q::p / 2;
    return Q::inv_layers(b, Q::kInvMidReduce ? 3 : 4) <= 32767 &&
           (!Q::kInvMidReduce || Q::inv_layers(b, 1) <= 32767) && Q::inv_layers(b, 3) <= 32767;
}
static_assert(inverse_fits<P1>() && inverse_fits<P2>());
// The final CRT: x1 = c mod p1 centred (Barrett), x2 from pass B'
// (|x2 - x1| fits int16), k = (x2 - x1) p1^-1 mod p2 centred (Barrett):
// x1 + p1 k is the centred residue mod p1 p2, so c.
static_assert(P2::inv_layers(P2::p / 2, 3) + P1::p / 2 <= 32767, "x2 - x1 fits int16");

// ---- vector code
#define PQMCU_X16 [[gnu::target("avx2"), gnu::always_inline]] inline
PQMCU_X16 __m256i set16(int32_t x) { return _mm256_set1_epi16(int16_t(x)); }
PQMCU_X16 __m256i fqmul(__m256i a, __m256i z, __m256i zq, __m256i p) {
    return _mm256_sub_epi16(_mm256_mulhi_epi16(a, z), _mm256_mulhi_epi16(_mm256_mullo_epi16(a, zq), p));
}
template <class Q>
PQMCU_X16 __m256i barrett(__m256i a) {
    const __m256i t = _mm256_srai_epi16(_mm256_add_epi16(_mm256_mulhi_epi16(a, set16(Q::kV)), set16(1 << (Q::kS - 1))),
                                        Q::kS);
    return _mm256_sub_epi16(a, _mm256_mullo_epi16(t, set16(Q::p)));
}
template <class Q>
PQMCU_X16 __m256i fqmul_k(__m256i a, int32_t z) {
    return fqmul(a, set16(z), set16(Q::zq(z)), set16(Q::p));
}
template <class Q>
PQMCU_X16 __m256i fqmul_l(__m256i a, const Lanes& l) {
    return fqmul(a, _mm256_load_si256(reinterpret_cast<const __m256i*>(l.z)),
                 _mm256_load_si256(reinterpret_cast<const __m256i*>(l.zq)), set16(Q::p));
}
// Forward butterfly (a, b) -> (a + z b, a - z b), factor kZ[k] / per lane.
template <class Q>
PQMCU_X16 void bfly(__m256i& a, __m256i& b, unsigned k) {
    const __m256i t = fqmul_k<Q>(b, Q::kZ[k]);
    b = _mm256_sub_epi16(a, t);
    a = _mm256_add_epi16(a, t);
}
template <class Q>
PQMCU_X16 void bfly_l(__m256i& a, __m256i& b, const Lanes& l) {
    const __m256i t = fqmul_l<Q>(b, l);
    b = _mm256_sub_epi16(a, t);
    a = _mm256_add_epi16(a, t);
}
// Inverse butterfly (a, b) -> (a + b, (a - b) z^-1).
template <class Q>
PQMCU_X16 void ibfly(__m256i& a, __m256i& b, unsigned k) {
    const __m256i d = _mm256_sub_epi16(a, b);
    a = _mm256_add_epi16(a, b);
    b = fqmul_k<Q>(d, Q::kZinv[k]);
}
template <class Q>
PQMCU_X16 void ibfly_l(__m256i& a, __m256i& b, const Lanes& l) {
    const __m256i d = _mm256_sub_epi16(a, b);
    a = _mm256_add_epi16(a, b);
    b = fqmul_l<Q>(d, l);
}
PQMCU_X16 void shuffle5(__m256i& u, __m256i& v) {
    const __m256i a = _mm256_permute2x128_si256(u, v, 0x20), b = _mm256_permute2x128_si256(u, v, 0x31);
    u = a, v = b;
}
PQMCU_X16 void shuffle6(__m256i& u, __m256i& v) {
    const __m256i a = _mm256_unpacklo_epi64(u, v), b = _mm256_unpackhi_epi64(u, v);
    u = a, v = b;
}
PQMCU_X16 void shuffle7(__m256i& u, __m256i& v) {
    const __m256i a = _mm256_blend_epi32(u, _mm256_slli_epi64(v, 32), 0xAA);
    const __m256i b = _mm256_blend_epi32(_mm256_srli_epi64(u, 32), v, 0xAA);
    u = a, v = b;
}
PQMCU_X16 __m256i load(const void* p, unsigned i) { return _mm256_loadu_si256(static_cast<const __m256i*>(p) + i); }
PQMCU_X16 void store(void* p, unsigned i, __m256i x) { _mm256_storeu_si256(static_cast<__m256i*>(p) + i, x); }

// Forward layers 1-3 (distances 8, 4, 2 vectors of 16), vector v from
// in(v) (memory, or fields unpacked: Fields16 below) -> dst (may be in's memory).
struct Vectors {
    const int16_t* p;
    PQMCU_X16 __m256i operator()(unsigned v) const { return load(p, v); }
};
template <class Q, class In>
PQMCU_X16 void forward_a(int16_t* dst, In in) {
    for (unsigned j = 0; j < 2; ++j) {  // vectors j + 2 k
        __m256i r[8];
#pragma GCC unroll 8
        for (unsigned k = 0; k < 8; ++k) r[k] = in(j + 2 * k);
#pragma GCC unroll 4
        for (unsigned k = 0; k < 4; ++k) bfly<Q>(r[k], r[k + 4], 1);
#pragma GCC unroll 2
        for (unsigned b = 0; b < 2; ++b) {
            bfly<Q>(r[4 * b], r[4 * b + 2], 2 + b);
            bfly<Q>(r[4 * b + 1], r[4 * b + 3], 2 + b);
        }
#pragma GCC unroll 4
        for (unsigned b = 0; b < 4; ++b) bfly<Q>(r[2 * b], r[2 * b + 1], 4 + b);
#pragma GCC unroll 8
        for (unsigned k = 0; k < 8; ++k) store(dst, j + 2 * k, r[k]);
    }
}
// Forward layers 4-7 on coefficients 32 g .. 32 g + 31 (u[i], v[i]) for
// g = g0 + i, i < 2 (two independent chains), left in the shuffled output order.
template <class Q, bool Secret = false>
PQMCU_X16 void forward_b2(__m256i* u, __m256i* v, unsigned g0) {
#pragma GCC unroll 2
    for (unsigned i = 0; i < 2; ++i) {
        if constexpr (Q::kReduceB && !Secret) {
            u[i] = barrett<Q>(u[i]);
            v[i] = barrett<Q>(v[i]);
        }
        bfly<Q>(u[i], v[i], 8 + g0 + i);
    }
#pragma GCC unroll 2
    for (unsigned i = 0; i < 2; ++i) {
        shuffle5(u[i], v[i]);
        bfly_l<Q>(u[i], v[i], Q::kFwd[0][g0 + i]);
    }
#pragma GCC unroll 2
    for (unsigned i = 0; i < 2; ++i) {
        shuffle6(u[i], v[i]);
        bfly_l<Q>(u[i], v[i], Q::kFwd[1][g0 + i]);
    }
#pragma GCC unroll 2
    for (unsigned i = 0; i < 2; ++i) {
        shuffle7(u[i], v[i]);
        bfly_l<Q>(u[i], v[i], Q::kFwd[2][g0 + i]);
    }
}
// 256 int16 -> a secret's form for prime Q in f (1 KB), from its copy in
// f's upper 512 bytes (transformed in place there; group g's form written
// to bytes 128 g .. 128 g + 127, below every later group's input).
template <class Q>
PQMCU_X16 void secret_form(int32_t* f) {
    int16_t* t = reinterpret_cast<int16_t*>(f) + 256;
    forward_a<Q>(t, Vectors{t});
    const __m256i swap = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5,
                                          10, 11, 8, 9, 14, 15, 12, 13);
    for (unsigned g0 = 0; g0 < 8; g0 += 2) {
        __m256i u[2] = {load(t, 2 * g0), load(t, 2 * g0 + 2)}, v[2] = {load(t, 2 * g0 + 1), load(t, 2 * g0 + 3)};
        forward_b2<Q, true>(u, v, g0);  // (|s| <= 5: no Barrett step)
#pragma GCC unroll 2
        for (unsigned i = 0; i < 2; ++i) {
            const unsigned g = g0 + i;
            const __m256i x[2] = {u[i], v[i]};
#pragma GCC unroll 2
            for (unsigned h = 0; h < 2; ++h) {
                // (b0, b1 g) and (b1, b0), times R / 128 (the inverse's scale)
                const __m256i s0 = fqmul_l<Q>(x[h], Q::kGamma[g][h]);
                const __m256i s1 = _mm256_shuffle_epi8(fqmul_k<Q>(x[h], Q::kScale), swap);
                store(f, 4 * g + 2 * h, s0);
                store(f, 4 * g + 2 * h + 1, s1);
            }
        }
    }
}
// Prime Q's part of an entry product: the 256 values from in (see
// forward_a) transformed, times the secret's form f, into (add) / as the
// row sum acc.
template <class Q, class In>
PQMCU_X16 void product(int32_t* acc, In in, const int32_t* f, bool add) {
    alignas(32) int16_t t[256];
    forward_a<Q>(t, in);
    for (unsigned g0 = 0; g0 < 8; g0 += 2) {
        __m256i u[2] = {load(t, 2 * g0), load(t, 2 * g0 + 2)}, v[2] = {load(t, 2 * g0 + 1), load(t, 2 * g0 + 3)};
        forward_b2<Q>(u, v, g0);
#pragma GCC unroll 2
        for (unsigned i = 0; i < 2; ++i) {
            const unsigned g = g0 + i;
            __m256i p[4] = {_mm256_madd_epi16(u[i], load(f, 4 * g)), _mm256_madd_epi16(u[i], load(f, 4 * g + 1)),
                            _mm256_madd_epi16(v[i], load(f, 4 * g + 2)), _mm256_madd_epi16(v[i], load(f, 4 * g + 3))};
#pragma GCC unroll 4
            for (unsigned c = 0; c < 4; ++c) {
                if (add) p[c] = _mm256_add_epi32(p[c], load(acc, 4 * g + c));
                store(acc, 4 * g + c, p[c]);
            }
        }
    }
}
// x / R mod Q of 32-bit lanes, in each lane's high halfword (low halfword 0).
template <class Q>
PQMCU_X16 __m256i reduce32(__m256i x) {
    const __m256i t = _mm256_mullo_epi16(x, set16(Q::qinv));            // low halfwords: x q^-1 mod 2^16
    return _mm256_sub_epi32(x, _mm256_madd_epi16(t, _mm256_set1_epi32(Q::p)));  // x - t p
}
// The inverse for prime Q: pass A' (the 32-bit reduction and layers 7-4,
// two groups at a time: independent chains) in place, the row sum acc
// (1 KB) -> 256 int16 at its start in natural order; then pass B'
// (inverse_b: layers 3-1).
template <class Q>
PQMCU_X16 void inverse_a(int32_t* acc) {
    int16_t* t = reinterpret_cast<int16_t*>(acc);
    for (unsigned g0 = 0; g0 < 8; g0 += 2) {  // reads bytes 128 g0 .., writes 64 g0 ..
        __m256i u[2], v[2];
#pragma GCC unroll 2
        for (unsigned i = 0; i < 2; ++i) {
            const unsigned g = g0 + i;
            u[i] = _mm256_blend_epi16(_mm256_srli_epi32(reduce32<Q>(load(acc, 4 * g)), 16),
                                      reduce32<Q>(load(acc, 4 * g + 1)), 0xAA);
            v[i] = _mm256_blend_epi16(_mm256_srli_epi32(reduce32<Q>(load(acc, 4 * g + 2)), 16),
                                      reduce32<Q>(load(acc, 4 * g + 3)), 0xAA);
            u[i] = barrett<Q>(u[i]);
            v[i] = barrett<Q>(v[i]);
        }
#pragma GCC unroll 2
        for (unsigned i = 0; i < 2; ++i) ibfly_l<Q>(u[i], v[i], Q::kInv[2][g0 + i]);
#pragma GCC unroll 2
        for (unsigned i = 0; i < 2; ++i) {
            shuffle7(u[i], v[i]);
            ibfly_l<Q>(u[i], v[i], Q::kInv[1][g0 + i]);
        }
#pragma GCC unroll 2
        for (unsigned i = 0; i < 2; ++i) {
            shuffle6(u[i], v[i]);
            ibfly_l<Q>(u[i], v[i], Q::kInv[0][g0 + i]);
        }
#pragma GCC unroll 2
        for (unsigned i = 0; i < 2; ++i) {
            shuffle5(u[i], v[i]);
            if constexpr (Q::kInvMidReduce) {
                u[i] = barrett<Q>(u[i]);
                v[i] = barrett<Q>(v[i]);
            }
            ibfly<Q>(u[i], v[i], 8 + g0 + i);
        }
#pragma GCC unroll 2
        for (unsigned i = 0; i < 2; ++i) {
            store(t, 2 * (g0 + i), u[i]);
            store(t, 2 * (g0 + i) + 1, v[i]);
        }
    }
}
// Pass B' (layers 3-1) on vectors j + 2 k of t (from inverse_a), left in
// r[k]: the result mod Q (the scale is in the secret's form).
template <class Q>
PQMCU_X16 void inverse_b(const int16_t* t, unsigned j, __m256i* r) {
#pragma GCC unroll 8
    for (unsigned k = 0; k < 8; ++k) r[k] = barrett<Q>(load(t, j + 2 * k));
#pragma GCC unroll 4
    for (unsigned b = 0; b < 4; ++b) ibfly<Q>(r[2 * b], r[2 * b + 1], 4 + b);
#pragma GCC unroll 2
    for (unsigned b = 0; b < 2; ++b) {
        ibfly<Q>(r[4 * b], r[4 * b + 2], 2 + b);
        ibfly<Q>(r[4 * b + 1], r[4 * b + 3], 2 + b);
    }
#pragma GCC unroll 4
    for (unsigned k = 0; k < 4; ++k) ibfly<Q>(r[k], r[k + 4], 1);
}
// Vector v of 256 Bits-bit two's complement fields at in (fields 16 v ..
// 16 v + 15, as int16; reads up to 16 - Bits bytes past the fields), kept
// in copy too (for the second prime), while p1's first pass takes them.
template <unsigned Bits>
struct Fields16 {
    const uint8_t* in;
    int16_t* copy;
    __m256i shuf, shift;
    PQMCU_X16 __m256i fields8(const uint8_t* p) const {  // 8 fields as int32
        const __m256i w = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
        const __m256i f = _mm256_srlv_epi32(_mm256_shuffle_epi8(w, shuf), shift);
        return _mm256_srai_epi32(_mm256_slli_epi32(f, 32 - Bits), 32 - Bits);
    }
    PQMCU_X16 __m256i operator()(unsigned v) const {
        const __m256i a = fields8(in + 2 * Bits * v), b = fields8(in + 2 * Bits * v + Bits);
        const __m256i x = _mm256_permute4x64_epi64(_mm256_packs_epi32(a, b), 0xD8);
        store(copy, v, x);
        return x;
    }
};
template <unsigned Bits>
PQMCU_X16 void entry_product_t(int32_t* acc, int32_t* acc2, const uint8_t* in, const int32_t* s, const int32_t* s2,
                               bool add) {
    alignas(32) int8_t idx[32];
    alignas(32) int32_t sh[8];
    for (unsigned k = 0; k < 8; ++k) {
        for (unsigned c = 0; c < 4; ++c) idx[4 * k + c] = int8_t(k * Bits / 8 + c);
        sh[k] = int32_t(k * Bits % 8);
    }
    alignas(32) int16_t a[256];
    const Fields16<Bits> fields{in, a, _mm256_load_si256(reinterpret_cast<const __m256i*>(idx)),
                                _mm256_load_si256(reinterpret_cast<const __m256i*>(sh))};
    product<P1>(acc, fields, s, add);
    product<P2>(acc2, Vectors{a}, s2, add);
}
#undef PQMCU_X16

}  // namespace

bool use() {
    const auto& f = x86::cpu_features();
    return f.avx2 && !f.avx512f;
}

[[gnu::target("avx2")]] void prepare_secret(int32_t* s, int32_t* s2) {
    int16_t* n = reinterpret_cast<int16_t*>(s);
    for (unsigned v = 0; v < 16; ++v)  // narrowed in place (reads bytes 64 v .., writes 32 v ..)
        store(n, v, _mm256_permute4x64_epi64(_mm256_packs_epi32(load(s, 2 * v), load(s, 2 * v + 1)), 0xD8));
    int16_t* u2 = reinterpret_cast<int16_t*>(s2) + 256;
    int16_t* u1 = n + 256;
    for (unsigned v = 0; v < 16; ++v) {
        const __m256i x = load(n, v);
        store(u2, v, x);
        store(u1, v, x);
    }
    secret_form<P2>(s2);
    secret_form<P1>(s);
}

[[gnu::target("avx2")]] void entry_product(int32_t* acc, int32_t* acc2, const uint8_t* in, unsigned bits,
                                           const int32_t* s, const int32_t* s2, bool add) {
    if (bits == 13) return entry_product_t<13>(acc, acc2, in, s, s2, add);
    entry_product_t<10>(acc, acc2, in, s, s2, add);
}

[[gnu::target("avx2")]] void inverse_store(uint16_t* out, int32_t* acc, int32_t* acc2) {
    inverse_a<P1>(acc);
    inverse_a<P2>(acc2);
    int16_t* x1 = reinterpret_cast<int16_t*>(acc);
    int16_t* x2 = reinterpret_cast<int16_t*>(acc2);
    for (unsigned j = 0; j < 2; ++j) {
        __m256i r[8];
        inverse_b<P2>(x2, j, r);
#pragma GCC unroll 8
        for (unsigned k = 0; k < 8; ++k) store(x2, j + 2 * k, r[k]);
    }
    // p1's pass B' and the CRT (out may be acc or acc2: each vector is read
    // before it is written).
    constexpr int32_t kC = P2::mont(P2::Mp::pow_mod(P1::p, P2::p - 2));  // p1^-1 R mod p2
    for (unsigned j = 0; j < 2; ++j) {
        __m256i r[8];
        inverse_b<P1>(x1, j, r);
#pragma GCC unroll 8
        for (unsigned k = 0; k < 8; ++k) {
            const __m256i a = barrett<P1>(r[k]);
            const __m256i c = barrett<P2>(fqmul_k<P2>(_mm256_sub_epi16(load(x2, j + 2 * k), a), kC));
            store(out, j + 2 * k, _mm256_add_epi16(a, _mm256_mullo_epi16(c, set16(P1::p))));
        }
    }
}

}  // namespace pqmcu::saber::ntt::x16
