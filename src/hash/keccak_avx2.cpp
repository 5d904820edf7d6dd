// SPDX-License-Identifier: Apache-2.0 OR MIT
// Keccak-f[1600] x4 with AVX2: one 256-bit register holds the same lane of
// the four states (KeccakX4State's host layout). Only this file's functions
// carry target("avx2"); the caller checks the CPU first.
#include "hash/keccak.hpp"

#if defined(PQMCU_KECCAK_HAVE_AVX2)
#include <immintrin.h>

#include "hash/keccak_internal.hpp"

#define PQMCU_AVX2 __attribute__((target("avx2")))
#define PQMCU_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline

namespace pqmcu::hash {
namespace {
using internal::kRho;
using internal::kRoundConstants;
using internal::pi_dest;

PQMCU_AVX2_INLINE __m256i rotl(__m256i v, unsigned n) {
    // Byte-multiple rotations are a single shuffle.
    if (n == 0) return v;
    if (n == 8)
        return _mm256_shuffle_epi8(v, _mm256_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, 7,
                                                       0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14));
    if (n == 56)
        return _mm256_shuffle_epi8(v, _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, 1,
                                                       2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8));
    return _mm256_or_si256(_mm256_slli_epi64(v, int(n)), _mm256_srli_epi64(v, int(64 - n)));
}

PQMCU_AVX2_INLINE void round_x4(__m256i* a, uint64_t rc) {
    __m256i c[5], d[5], b[25];
#pragma GCC unroll 5
    for (unsigned x = 0; x < 5; ++x)
        c[x] = _mm256_xor_si256(_mm256_xor_si256(_mm256_xor_si256(a[x], a[x + 5]), _mm256_xor_si256(a[x + 10], a[x + 15])),
                                a[x + 20]);
#pragma GCC unroll 5
    for (unsigned x = 0; x < 5; ++x) d[x] = _mm256_xor_si256(c[(x + 4) % 5], rotl(c[(x + 1) % 5], 1));
#pragma GCC unroll 25
    for (unsigned i = 0; i < 25; ++i) b[pi_dest(i)] = rotl(_mm256_xor_si256(a[i], d[i % 5]), kRho[i]);
#pragma GCC unroll 5
    for (unsigned y = 0; y < 25; y += 5) {
#pragma GCC unroll 5
        for (unsigned x = 0; x < 5; ++x)
            a[y + x] = _mm256_xor_si256(b[y + x], _mm256_andnot_si256(b[y + (x + 1) % 5], b[y + (x + 2) % 5]));
    }
    a[0] = _mm256_xor_si256(a[0], _mm256_set1_epi64x(static_cast<long long>(rc)));
}

}  // namespace

PQMCU_AVX2 void keccak_f1600_x4_avx2(KeccakX4State& s) {
    __m256i a[25];
    auto* p = reinterpret_cast<__m256i*>(s.lane);
    for (unsigned i = 0; i < 25; ++i) a[i] = _mm256_load_si256(p + i);
    for (unsigned r = 0; r < 24; ++r) round_x4(a, kRoundConstants[r]);
    for (unsigned i = 0; i < 25; ++i) _mm256_store_si256(p + i, a[i]);
    // The register copy on the stack held state words: clear it.
    for (unsigned i = 0; i < 25; ++i) a[i] = _mm256_setzero_si256();
    __asm__ __volatile__("" : : "r"(a) : "memory");
}

PQMCU_AVX2 void keccak_x4_xor_lanes_avx2(KeccakX4State& s, size_t lane, const uint8_t* const in[4], size_t nlanes) {
    auto* p = reinterpret_cast<__m256i*>(s.lane) + lane;
    size_t i = 0;
    // Four lanes of the four inputs a step: a 4x4 transpose of 64-bit words.
    for (; i + 4 <= nlanes; i += 4, p += 4) {
        const __m256i r0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in[0] + 8 * i));
        const __m256i r1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in[1] + 8 * i));
        const __m256i r2 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in[2] + 8 * i));
        const __m256i r3 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in[3] + 8 * i));
        const __m256i t0 = _mm256_unpacklo_epi64(r0, r1), t1 = _mm256_unpackhi_epi64(r0, r1);
        const __m256i t2 = _mm256_unpacklo_epi64(r2, r3), t3 = _mm256_unpackhi_epi64(r2, r3);
        _mm256_store_si256(p, _mm256_xor_si256(_mm256_load_si256(p), _mm256_permute2x128_si256(t0, t2, 0x20)));
        _mm256_store_si256(p + 1, _mm256_xor_si256(_mm256_load_si256(p + 1), _mm256_permute2x128_si256(t1, t3, 0x20)));
        _mm256_store_si256(p + 2, _mm256_xor_si256(_mm256_load_si256(p + 2), _mm256_permute2x128_si256(t0, t2, 0x31)));
        _mm256_store_si256(p + 3, _mm256_xor_si256(_mm256_load_si256(p + 3), _mm256_permute2x128_si256(t1, t3, 0x31)));
    }
    for (; i < nlanes; ++i, ++p) {
        long long w[4];
        for (unsigned j = 0; j < 4; ++j) __builtin_memcpy(&w[j], in[j] + 8 * i, 8);
        _mm256_store_si256(p, _mm256_xor_si256(_mm256_load_si256(p), _mm256_setr_epi64x(w[0], w[1], w[2], w[3])));
    }
}

// Two states in the two 64-bit halves of xmm registers, AVX2 only (for
// hash::detail::Rider on hosts without AVX-512VL). Each round is written
// row by row of its output: the five inputs of output row y (theta's D
// added, rho's rotation, pi's move folded into which lane is read) are
// formed just before chi needs them, so only those five, C/D and the state
// are live (the whole b[25] of round_x4 spills: ~1,460 TSC ticks per pair
// on Zen 2 against ~1,220 this way without the wipe below, ~1,330 with it;
// two BMI2 permutations ~1,460). The
// rounds alternate between two arrays. Rotations: shift / shift / or,
// vpshufb for 8 and 56, an add for the left shift by 1.
namespace {
template <unsigned N>
PQMCU_AVX2_INLINE __m128i rol2(__m128i v) {
    if constexpr (N == 0) return v;
    else if constexpr (N == 1) return _mm_or_si128(_mm_add_epi64(v, v), _mm_srli_epi64(v, 63));
    else if constexpr (N == 8)
        return _mm_shuffle_epi8(v, _mm_setr_epi8(7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14));
    else if constexpr (N == 56)
        return _mm_shuffle_epi8(v, _mm_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8));
    else return _mm_or_si128(_mm_slli_epi64(v, int(N)), _mm_srli_epi64(v, int(64 - N)));
}
// The lane i that pi moves to position p.
constexpr unsigned pi_src(unsigned p) {
    for (unsigned i = 0; i < 25; ++i)
        if (pi_dest(i) == p) return i;
    return 25;
}
template <unsigned P>
PQMCU_AVX2_INLINE __m128i rho_pi_x2(const __m128i* a, const __m128i* d) {
    constexpr unsigned i = pi_src(P);
    return rol2<kRho[i]>(_mm_xor_si128(a[i], d[i % 5]));
}
template <unsigned Y>
PQMCU_AVX2_INLINE void chi_row_x2(const __m128i* a, const __m128i* d, __m128i* o) {
    const __m128i b0 = rho_pi_x2<5 * Y>(a, d), b1 = rho_pi_x2<5 * Y + 1>(a, d), b2 = rho_pi_x2<5 * Y + 2>(a, d),
                  b3 = rho_pi_x2<5 * Y + 3>(a, d), b4 = rho_pi_x2<5 * Y + 4>(a, d);
    o[5 * Y] = _mm_xor_si128(b0, _mm_andnot_si128(b1, b2));
    o[5 * Y + 1] = _mm_xor_si128(b1, _mm_andnot_si128(b2, b3));
    o[5 * Y + 2] = _mm_xor_si128(b2, _mm_andnot_si128(b3, b4));
    o[5 * Y + 3] = _mm_xor_si128(b3, _mm_andnot_si128(b4, b0));
    o[5 * Y + 4] = _mm_xor_si128(b4, _mm_andnot_si128(b0, b1));
}
PQMCU_AVX2_INLINE void round_x2(const __m128i* a, __m128i* o, uint64_t rc) {
    __m128i c[5], d[5];
#pragma GCC unroll 5
    for (unsigned x = 0; x < 5; ++x)
        c[x] = _mm_xor_si128(_mm_xor_si128(_mm_xor_si128(a[x], a[x + 5]), _mm_xor_si128(a[x + 10], a[x + 15])), a[x + 20]);
#pragma GCC unroll 5
    for (unsigned x = 0; x < 5; ++x) d[x] = _mm_xor_si128(c[(x + 4) % 5], rol2<1>(c[(x + 1) % 5]));
    chi_row_x2<0>(a, d, o);
    o[0] = _mm_xor_si128(o[0], _mm_set1_epi64x(static_cast<long long>(rc)));
    chi_row_x2<1>(a, d, o);
    chi_row_x2<2>(a, d, o);
    chi_row_x2<3>(a, d, o);
    chi_row_x2<4>(a, d, o);
}
}  // namespace

PQMCU_AVX2 void keccak_f1600_x2_avx2(uint64_t sa[25], uint64_t sb[25]) {
    alignas(16) __m128i a[25], t[25];
    for (unsigned i = 0; i < 25; ++i)
        a[i] = _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(sa + i)),
                                  _mm_loadl_epi64(reinterpret_cast<const __m128i*>(sb + i)));
    for (unsigned r = 0; r < 24; r += 2) {
        round_x2(a, t, kRoundConstants[r]);
        round_x2(t, a, kRoundConstants[r + 1]);
    }
    for (unsigned i = 0; i < 25; ++i) {
        _mm_storel_epi64(reinterpret_cast<__m128i*>(sa + i), a[i]);
        _mm_storel_epi64(reinterpret_cast<__m128i*>(sb + i), _mm_unpackhi_epi64(a[i], a[i]));
    }
    // Both arrays held state words: clear them.
    for (unsigned i = 0; i < 25; ++i) a[i] = t[i] = _mm_setzero_si128();
    __asm__ __volatile__("" : : "r"(a), "r"(t) : "memory");
}

// The BMI1/2 build (andn, rorx) of one state, written per output row as
// round_x2 above (fewer spills than round64's order: 700 TSC ticks a
// permutation on Zen 2 against 780); the rounds alternate between lanes[]
// and a copy on the stack, wiped at the end.
namespace {
template <unsigned P>
__attribute__((target("bmi,bmi2"), always_inline)) inline uint64_t rho_pi_1(const uint64_t* a, const uint64_t* d) {
    constexpr unsigned i = pi_src(P);
    return internal::rotl64(a[i] ^ d[i % 5], kRho[i]);
}
template <unsigned Y>
__attribute__((target("bmi,bmi2"), always_inline)) inline void chi_row_1(const uint64_t* a, const uint64_t* d, uint64_t* o) {
    const uint64_t b0 = rho_pi_1<5 * Y>(a, d), b1 = rho_pi_1<5 * Y + 1>(a, d), b2 = rho_pi_1<5 * Y + 2>(a, d),
                   b3 = rho_pi_1<5 * Y + 3>(a, d), b4 = rho_pi_1<5 * Y + 4>(a, d);
    o[5 * Y] = b0 ^ (~b1 & b2);
    o[5 * Y + 1] = b1 ^ (~b2 & b3);
    o[5 * Y + 2] = b2 ^ (~b3 & b4);
    o[5 * Y + 3] = b3 ^ (~b4 & b0);
    o[5 * Y + 4] = b4 ^ (~b0 & b1);
}
__attribute__((target("bmi,bmi2"), always_inline)) inline void round_rows(const uint64_t* a, uint64_t* o, uint64_t rc) {
    uint64_t c[5], d[5];
#pragma GCC unroll 5
    for (unsigned x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
#pragma GCC unroll 5
    for (unsigned x = 0; x < 5; ++x) d[x] = c[(x + 4) % 5] ^ internal::rotl64(c[(x + 1) % 5], 1);
    chi_row_1<0>(a, d, o);
    o[0] ^= rc;
    chi_row_1<1>(a, d, o);
    chi_row_1<2>(a, d, o);
    chi_row_1<3>(a, d, o);
    chi_row_1<4>(a, d, o);
}
}  // namespace

// (AVX2 too, for the wipe's ymm stores: the caller checks for both.)
__attribute__((target("avx2,bmi,bmi2"))) void keccak_f1600_lanes_bmi2(uint64_t lanes[25]) {
    uint64_t t[25];
    for (unsigned r = 0; r < 24; r += 2) {
        round_rows(lanes, t, kRoundConstants[r]);
        round_rows(t, lanes, kRoundConstants[r + 1]);
    }
    // The copy held state words: clear it (six ymm stores and one word).
    for (unsigned i = 0; i < 24; i += 4) _mm256_storeu_si256(reinterpret_cast<__m256i*>(t + i), _mm256_setzero_si256());
    t[24] = 0;
    __asm__ __volatile__("" : : "r"(t) : "memory");
}

// AVX-512VL on the same ymm layout: vprolq rotates in one instruction,
// vpternlogq folds theta's five-way XOR into two and chi into one.
#define PQMCU_AVX512VL __attribute__((target("avx2,avx512f,avx512vl")))
#define PQMCU_AVX512VL_INLINE __attribute__((target("avx2,avx512f,avx512vl"), always_inline)) inline
namespace {
// One round for ymm (four states) or xmm (two states): the same operations
// through these overloads.
PQMCU_AVX512VL_INLINE __m256i vxor(__m256i x, __m256i y) { return _mm256_xor_si256(x, y); }
PQMCU_AVX512VL_INLINE __m128i vxor(__m128i x, __m128i y) { return _mm_xor_si128(x, y); }
template <int Imm>
PQMCU_AVX512VL_INLINE __m256i vtern(__m256i x, __m256i y, __m256i z) { return _mm256_ternarylogic_epi64(x, y, z, Imm); }
template <int Imm>
PQMCU_AVX512VL_INLINE __m128i vtern(__m128i x, __m128i y, __m128i z) { return _mm_ternarylogic_epi64(x, y, z, Imm); }
template <unsigned N>  // (an immediate count, also at -O0)
PQMCU_AVX512VL_INLINE __m256i vrol(__m256i v) {
    if constexpr (N == 0) return v;
    else return _mm256_rol_epi64(v, int(N));
}
template <unsigned N>
PQMCU_AVX512VL_INLINE __m128i vrol(__m128i v) {
    if constexpr (N == 0) return v;
    else return _mm_rol_epi64(v, int(N));
}
PQMCU_AVX512VL_INLINE void vset1(__m256i& v, uint64_t x) { v = _mm256_set1_epi64x(static_cast<long long>(x)); }
PQMCU_AVX512VL_INLINE void vset1(__m128i& v, uint64_t x) { v = _mm_set1_epi64x(static_cast<long long>(x)); }

template <unsigned I, class V>
PQMCU_AVX512VL_INLINE void rho_pi_vl(const V* a, const V* d, V* b) {
    if constexpr (I < 25) {
        b[pi_dest(I)] = vrol<kRho[I]>(vxor(a[I], d[I % 5]));
        rho_pi_vl<I + 1>(a, d, b);
    }
}
template <class V>
PQMCU_AVX512VL_INLINE void round_vl(V* a, uint64_t rc) {
    V c[5], d[5], b[25];
#pragma GCC unroll 5
    for (unsigned x = 0; x < 5; ++x) c[x] = vtern<0x96>(vtern<0x96>(a[x], a[x + 5], a[x + 10]), a[x + 15], a[x + 20]);
#pragma GCC unroll 5
    for (unsigned x = 0; x < 5; ++x) d[x] = vxor(c[(x + 4) % 5], vrol<1>(c[(x + 1) % 5]));
    rho_pi_vl<0>(a, d, b);
#pragma GCC unroll 5
    for (unsigned y = 0; y < 25; y += 5) {
#pragma GCC unroll 5
        for (unsigned x = 0; x < 5; ++x)  // b0 ^ (~b1 & b2)
            a[y + x] = vtern<0xD2>(b[y + x], b[y + (x + 1) % 5], b[y + (x + 2) % 5]);
    }
    V k;
    vset1(k, rc);
    a[0] = vxor(a[0], k);
}
}  // namespace

PQMCU_AVX512VL void keccak_f1600_x4_avx512vl(KeccakX4State& s) {
    __m256i a[25];
    auto* p = reinterpret_cast<__m256i*>(s.lane);
    for (unsigned i = 0; i < 25; ++i) a[i] = _mm256_load_si256(p + i);
    for (unsigned r = 0; r < 24; ++r) round_vl(a, kRoundConstants[r]);
    for (unsigned i = 0; i < 25; ++i) _mm256_store_si256(p + i, a[i]);
    for (unsigned i = 0; i < 25; ++i) a[i] = _mm256_setzero_si256();
    __asm__ __volatile__("" : : "r"(a) : "memory");
}

// Two states in the two halves of xmm registers, the same round as above.
PQMCU_AVX512VL void keccak_f1600_x2_avx512vl(uint64_t sa[25], uint64_t sb[25]) {
    __m128i a[25];
    for (unsigned i = 0; i < 25; ++i)
        a[i] = _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(sa + i)),
                                  _mm_loadl_epi64(reinterpret_cast<const __m128i*>(sb + i)));
    for (unsigned r = 0; r < 24; ++r) round_vl(a, kRoundConstants[r]);
    for (unsigned i = 0; i < 25; ++i) {
        _mm_storel_epi64(reinterpret_cast<__m128i*>(sa + i), a[i]);
        _mm_storel_epi64(reinterpret_cast<__m128i*>(sb + i), _mm_unpackhi_epi64(a[i], a[i]));
    }
    for (unsigned i = 0; i < 25; ++i) a[i] = _mm_setzero_si128();
    __asm__ __volatile__("" : : "r"(a) : "memory");
}

}  // namespace pqmcu::hash

#endif  // PQMCU_KECCAK_HAVE_AVX2
