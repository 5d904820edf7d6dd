// SPDX-License-Identifier: Apache-2.0 OR MIT
// Classic McEliece FixedWeight, Encode, Decode (syndromes by the transposed
// additive FFT, Berlekamp-Massey, roots by the additive FFT at all 2^m field
// elements, bitsliced) and the KEM's hashes with implicit rejection. Constant
// time in e, s and the secret key.
#include <bit>
#include <cstring>

#include "core/secure.hpp"
#include "hash/shake.hpp"
#include "mceliece/benes.hpp"
#include "mceliece/engine.hpp"
#if defined(PQMCU_MCE_X86)
#include <immintrin.h>

#include "mceliece/x86.hpp"
#endif

#if defined(__GNUC__)
#define PQMCU_MCE_ALWAYS_INLINE inline __attribute__((always_inline))
#define PQMCU_MCE_NOINLINE __attribute__((noinline))  // (own frames: stack peaks, profiles)
#else
#define PQMCU_MCE_ALWAYS_INLINE inline
#define PQMCU_MCE_NOINLINE
#endif

#if defined(PQMCU_TARGET_M4)
// bs_mul_m4.S (gen_bs_mul_m4_asm.py): r = a b in GF(2^m), 32 lanes
// (Karatsuba level, combination and reduction in one call; r may alias a, b).
extern "C" void pqmcu_mce_mul12(uint32_t* r, const uint32_t* a, const uint32_t* b);
extern "C" void pqmcu_mce_mul13(uint32_t* r, const uint32_t* a, const uint32_t* b);
// r ^= a b (same kernel, fused tail).
extern "C" void pqmcu_mce_mulacc12(uint32_t* r, const uint32_t* a, const uint32_t* b);
extern "C" void pqmcu_mce_mulacc13(uint32_t* r, const uint32_t* a, const uint32_t* b);
// n butterflies with the same points a, u and v stepping by 2 (v - u):
// u ^= v a, v ^= u (bflyn); u ^= v, v ^= u a (bflytrn, the transpose's).
extern "C" void pqmcu_mce_bflyn12(uint32_t* u, uint32_t* v, const uint32_t* a, uint32_t n);
extern "C" void pqmcu_mce_bflyn13(uint32_t* u, uint32_t* v, const uint32_t* a, uint32_t n);
extern "C" void pqmcu_mce_bflytrn12(uint32_t* u, uint32_t* v, const uint32_t* a, uint32_t n);
extern "C" void pqmcu_mce_bflytrn13(uint32_t* u, uint32_t* v, const uint32_t* a, uint32_t n);
// encode_m4.S: ct bits 4g .. 4g+3 ^= parities of pk rows 4g .. 4g+3 ANDed
// with et, g < groups; one function per row length rb.
#define PQMCU_MCE_SYNDROME_DECL(rb) \
    extern "C" void pqmcu_mce_syndrome_##rb(uint8_t* ct, const uint8_t* pk, const uint8_t* et, uint32_t groups);
PQMCU_MCE_SYNDROME_DECL(340)
PQMCU_MCE_SYNDROME_DECL(420)
PQMCU_MCE_SYNDROME_DECL(628)
PQMCU_MCE_SYNDROME_DECL(677)
PQMCU_MCE_SYNDROME_DECL(816)
#undef PQMCU_MCE_SYNDROME_DECL
#endif

namespace pqmcu::mceliece {
namespace {

inline uint32_t lt_mask(uint32_t a, uint32_t b) { return 0u - uint32_t((uint64_t(a) - b) >> 63); }  // a < b
inline uint32_t eq_mask(uint32_t a, uint32_t b) { return 0u - uint32_t((uint64_t(a ^ b) - 1) >> 63); }
inline bool declassify_bool(uint32_t nonzero_if_true) {
    uint32_t v = nonzero_if_true;
    ct_unpoison(&v, sizeof v);
    return v != 0;
}

// 6960119: mt and n - mt are not multiples of 8; the unused top bits of the
// ciphertext's last byte and of each public-key row must be zero.
bool ciphertext_padding_ok(const Params& p, const uint8_t* ct) {
    const uint32_t used = p.mt() % 8;
    return used == 0 || (ct[p.syndrome_bytes() - 1] >> used) == 0;
}
bool public_key_padding_ok(const Params& p, const uint8_t* pk) {
    const uint32_t used = p.k() % 8;
    if (used == 0) return true;
    uint8_t b = 0;
    for (uint32_t r = 0; r < p.mt(); ++r) b |= pk[size_t(r) * p.pk_row_bytes() + p.pk_row_bytes() - 1];
    return (b >> used) == 0;
}

#if defined(__GNUC__)
__attribute__((noinline))
#endif
void kem_hash(uint8_t* ss, uint8_t prefix, const uint8_t* e, size_t e_bytes, const uint8_t* ct, size_t ct_bytes) {
    hash::Shake256 h;
    h.absorb(&prefix, 1);
    h.absorb(e, e_bytes);
    h.absorb(ct, ct_bytes);
    h.finalize();
    h.squeeze(ss, 32);
}

// Word-wise wipe (newlib's memset is byte-slow on the M4; the volatile
// stores are not turned back into a memset call). On the M4 eight words per
// STM (~1.6 cycles a word; a rolled STR loop is ~6). Elsewhere secure_wipe
// (memset, then a barrier): the volatile 32-bit stores were ~6 % of a 13-bit
// set's decapsulation on x86 (26 KB of FFT buffers a call).
inline void wipe32(uint32_t* p, size_t words) {
#if !defined(__arm__)
    secure_wipe(p, words * sizeof(uint32_t));
#else
    size_t i = 0;
#if defined(__ARM_ARCH_7EM__) && defined(__GNUC__)
    if (words >= 8) {
        // (fixed registers: an STM's list must be in ascending order)
        register uint32_t z0 __asm__("r4") = 0;
        register uint32_t z1 __asm__("r5") = 0;
        register uint32_t z2 __asm__("r6") = 0;
        register uint32_t z3 __asm__("r7") = 0;
        uint32_t* ptr = p;
        uint32_t* const end = p + (words & ~size_t(7));
        __asm__ volatile(
            "1:\n\t"
            "stmia %[ptr]!, {%[z0], %[z1], %[z2], %[z3]}\n\t"
            "stmia %[ptr]!, {%[z0], %[z1], %[z2], %[z3]}\n\t"
            "cmp %[ptr], %[end]\n\t"
            "bne 1b\n\t"
            : [ptr] "+r"(ptr)
            : [z0] "r"(z0), [z1] "r"(z1), [z2] "r"(z2), [z3] "r"(z3), [end] "r"(end)
            : "cc", "memory");
        i = words & ~size_t(7);
    }
#endif
    volatile uint32_t* v = p;
    for (; i < words; ++i) v[i] = 0;
#endif
}

// Bitsliced GF(2^m): 64 elements per batch, word k = their bits k.
// Multiplication works on the two 32-bit halves of a batch separately
// (native words on the M4; the uint64_t words are little-endian pairs), fully
// unrolled so the operands stay in registers: no product array in memory.
template <int M>
struct Bs {
    // p[0 .. 2N-1) = A * B as binary polynomials of N words (schoolbook; N <= 7
    // keeps both operands and the accumulator in the M4's registers).
    template <int N>
    PQMCU_MCE_ALWAYS_INLINE static void school(uint32_t* p, const uint32_t* A, const uint32_t* B) {
#pragma GCC unroll 16
        for (int k = 0; k < 2 * N - 1; ++k) {
            uint32_t acc = 0;
#pragma GCC unroll 8
            for (int i = (k < N ? 0 : k - N + 1); i <= (k < N ? k : N - 1); ++i) acc ^= A[i] & B[k - i];
            p[k] = acc;
        }
    }
    // r = A * B for 32 lanes (A, B, r: M words): one Karatsuba level, low
    // halves of H = ceil(M/2) words, high halves of L = M - H words (the high
    // product is L x L, the middle one H x H with the high half zero-padded),
    // then the reduction by the field polynomial (on the M4 all of it in one
    // assembly call).
    PQMCU_MCE_ALWAYS_INLINE static void mul32(uint32_t* r, const uint32_t* A, const uint32_t* B) {
#if defined(PQMCU_TARGET_M4)
        if constexpr (M == 12)
            pqmcu_mce_mul12(r, A, B);
        else
            pqmcu_mce_mul13(r, A, B);
#else
        constexpr int H = (M + 1) / 2, L = M - H;
        uint32_t pp[2 * (2 * H - 1) + 2 * L - 1];
        uint32_t* const p0 = pp;
        uint32_t* const p1 = pp + (2 * H - 1);
        uint32_t* const p2 = pp + 2 * (2 * H - 1);
        uint32_t as[H], bs[H];
#pragma GCC unroll 8
        for (int i = 0; i < H; ++i) {
            as[i] = i < L ? A[i] ^ A[H + i] : A[i];
            bs[i] = i < L ? B[i] ^ B[H + i] : B[i];
        }
        school<H>(p0, A, B);
        school<H>(p1, as, bs);
        school<L>(p2, A + H, B + H);
        // p = p0 + z^H (p1 + p0 + p2) + z^2H p2, 2M - 1 words.
        uint32_t p[2 * M - 1];
#pragma GCC unroll 32
        for (int k = 0; k < 2 * M - 1; ++k) {
            uint32_t v = 0;
            if (k < 2 * H - 1) v ^= p0[k];
            if (k >= H && k - H < 2 * H - 1) {
                v ^= p1[k - H] ^ p0[k - H];
                if (k - H < 2 * L - 1) v ^= p2[k - H];
            }
            if (k >= 2 * H) v ^= p2[k - 2 * H];
            p[k] = v;
        }
        reduce(r, p);
#endif
    }
    // r ^= A * B.
    PQMCU_MCE_ALWAYS_INLINE static void mul32_acc(uint32_t* r, const uint32_t* A, const uint32_t* B) {
#if defined(PQMCU_TARGET_M4)
        if constexpr (M == 12)
            pqmcu_mce_mulacc12(r, A, B);
        else
            pqmcu_mce_mulacc13(r, A, B);
#else
        uint32_t prod[M];
        mul32(prod, A, B);
#pragma GCC unroll 13
        for (int k = 0; k < M; ++k) r[k] ^= prod[k];
#endif
    }
    // n of the FFT's butterflies with the same points a: u += v a, then
    // v += u, for u = u0 + 2 s D, v = u + D (D = v0 - u0 words), s < n.
    PQMCU_MCE_ALWAYS_INLINE static void butterflies(uint32_t* u, uint32_t* v, const uint32_t* a, uint32_t n) {
#if defined(PQMCU_TARGET_M4)
        if constexpr (M == 12)
            pqmcu_mce_bflyn12(u, v, a, n);
        else
            pqmcu_mce_bflyn13(u, v, a, n);
#else
        const size_t step = 2 * size_t(v - u);
        for (uint32_t s = 0; s < n; ++s) {
            uint32_t* us = u + s * step;
            uint32_t* vs = v + s * step;
            mul32_acc(us, vs, a);
#pragma GCC unroll 13
            for (int b = 0; b < M; ++b) vs[b] ^= us[b];
        }
#endif
    }
    // The transpose's: u += v, then v += u a (same steps).
    PQMCU_MCE_ALWAYS_INLINE static void butterflies_tr(uint32_t* u, uint32_t* v, const uint32_t* a, uint32_t n) {
#if defined(PQMCU_TARGET_M4)
        if constexpr (M == 12)
            pqmcu_mce_bflytrn12(u, v, a, n);
        else
            pqmcu_mce_bflytrn13(u, v, a, n);
#else
        const size_t step = 2 * size_t(v - u);
        for (uint32_t s = 0; s < n; ++s) {
            uint32_t* us = u + s * step;
            uint32_t* vs = v + s * step;
#pragma GCC unroll 13
            for (int b = 0; b < M; ++b) us[b] ^= vs[b];
            mul32_acc(vs, us, a);
        }
#endif
    }
    // r = p mod the field polynomial, p of 2M - 1 bit-words (clobbered).
    PQMCU_MCE_ALWAYS_INLINE static void reduce(uint32_t* r, uint32_t* p, uint32_t c = 0) {
#pragma GCC unroll 16
        for (int i = 2 * M - 2; i >= M; --i) {  // z^12 = z^3 + 1; z^13 = z^4 + z^3 + z + 1
            const uint32_t v = p[i];
            if constexpr (M == 12) {
                p[i - 9] ^= v;
                p[i - 12] ^= v;
            } else {
                p[i - 9] ^= v;
                p[i - 10] ^= v;
                p[i - 12] ^= v;
                p[i - 13] ^= v;
            }
        }
#pragma GCC unroll 16
        for (int i = 0; i < M; ++i) r[i] = p[i] ^ uint32_t(int32_t(c << (31 - i)) >> 31);
    }
    // Batches are planar: 2M words, the low 32 lanes' M bit-words, then the
    // high 32 lanes'. out may alias a or b (mul32 reads before it writes).
    static void mul(uint32_t* out, const uint32_t* a, const uint32_t* b) {
        mul32(out, a, b);
        mul32(out + M, a + M, b + M);
    }
    static void sq(uint32_t* out, const uint32_t* a) {
        for (int h = 0; h < 2; ++h) {
            uint32_t p[2 * M - 1];
#pragma GCC unroll 32
            for (int i = 0; i < 2 * M - 1; ++i) p[i] = (i & 1) ? 0 : a[h * M + i / 2];
            reduce(out + h * M, p);
        }
    }
    // out = in^(2^k) (k squarings; squaring is linear, so cheap).
    static void sq_n(uint32_t* out, const uint32_t* in, int k) {
        if (out != in)
            for (int i = 0; i < 2 * M; ++i) out[i] = in[i];
        for (int i = 0; i < k; ++i) sq(out, out);
    }
    // a^(2^m - 2) = (a^(2^(m-1) - 1))^2, with a^(2^j - 1) by the addition
    // chain j = 1, 2, 3, 6, 12 (m = 13) or 1, 2, 4, 5, 10, 11 (m = 12):
    // a^(2^(i+j) - 1) = (a^(2^i - 1))^(2^j) a^(2^j - 1), every step from the
    // current power and a (two buffers). 4 / 5 multiplications instead of
    // m - 2. out may alias a.
    static void inv(uint32_t* out, const uint32_t* a) {
        uint32_t cur[2 * M], tmp[2 * M];
        sq_n(tmp, a, 1);
        mul(cur, tmp, a);  // 2^2 - 1
        if constexpr (M == 13) {
            sq_n(tmp, cur, 1);
            mul(cur, tmp, a);  // 2^3 - 1
            sq_n(tmp, cur, 3);
            mul(cur, tmp, cur);  // 2^6 - 1
            sq_n(tmp, cur, 6);
            mul(cur, tmp, cur);  // 2^12 - 1
        } else {
            sq_n(tmp, cur, 2);
            mul(cur, tmp, cur);  // 2^4 - 1
            sq_n(tmp, cur, 1);
            mul(cur, tmp, a);  // 2^5 - 1
            sq_n(tmp, cur, 5);
            mul(cur, tmp, cur);  // 2^10 - 1
            sq_n(tmp, cur, 1);
            mul(cur, tmp, a);  // 2^11 - 1
        }
        sq(out, cur);
        secure_wipe(cur, sizeof cur);
        secure_wipe(tmp, sizeof tmp);
    }
};

inline uint32_t load32(const uint8_t* p) {  // any alignment (one LDR on the M4)
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}
inline uint32_t popcount32(uint32_t x) {  // SWAR, no table, no instruction assumptions
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
}

inline uint32_t reverse_bits32(uint32_t x) {  // bit k to bit 31 - k (RBIT on the M4)
#if defined(__ARM_ARCH_7EM__) && defined(__GNUC__)
    uint32_t r;
    __asm__("rbit %0, %1" : "=r"(r) : "r"(x));
    return r;
#else
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
#endif
}

// Bit k = the parity of the 64 lanes of bit-word k (lo[k] ^ hi[k]; with Two
// false, of the 32 lanes of lo[k]), k < M: a reduction tree that folds two words into one at each stage (halves
// 16, 8, 4, 2 bits wide; word k ends as the 2-bit group k), then gathers the
// even bits. ~5 instructions per fold instead of ~8 per word for a parity.
template <int M, bool Two>
PQMCU_MCE_ALWAYS_INLINE gf parities(const uint32_t* lo, const uint32_t* hi) {
    uint32_t w[16], u[8], v[4];
#pragma GCC unroll 16
    for (int k = 0; k < 16; ++k) w[k] = k < M ? (Two ? lo[k] ^ hi[k] : lo[k]) : 0;
#pragma GCC unroll 8
    for (int k = 0; k < 8; ++k)  // u[k]: halves fold w[k], w[k + 8]
        u[k] = ((w[k] ^ (w[k] >> 16)) & 0x0000FFFFu) | ((w[k + 8] ^ (w[k + 8] << 16)) & 0xFFFF0000u);
#pragma GCC unroll 4
    for (int k = 0; k < 4; ++k)  // v[k]: byte i folds w[k + 4 i]
        v[k] = ((u[k] ^ (u[k] >> 8)) & 0x00FF00FFu) | ((u[k + 4] ^ (u[k + 4] << 8)) & 0xFF00FF00u);
    // x0 / x1: nibble i folds w[2 i] / w[2 i + 1]; y: 2-bit group k folds w[k].
    const uint32_t x0 = ((v[0] ^ (v[0] >> 4)) & 0x0F0F0F0Fu) | ((v[2] ^ (v[2] << 4)) & 0xF0F0F0F0u);
    const uint32_t x1 = ((v[1] ^ (v[1] >> 4)) & 0x0F0F0F0Fu) | ((v[3] ^ (v[3] << 4)) & 0xF0F0F0F0u);
    uint32_t y = ((x0 ^ (x0 >> 2)) & 0x33333333u) | ((x1 ^ (x1 << 2)) & 0xCCCCCCCCu);
    y = (y ^ (y >> 1)) & 0x55555555u;  // bit 2k: the parity of w[k]
    y = (y | (y >> 1)) & 0x33333333u;
    y = (y | (y >> 2)) & 0x0F0F0F0Fu;
    y = (y | (y >> 4)) & 0x00FF00FFu;
    y = (y | (y >> 8)) & 0x0000FFFFu;
    return gf(y);
}

// The additive FFT (Gao-Mateer) over all q = 2^m field elements, bitsliced:
// 32 elements per group of m words (word k: bit k of the 32 values), the
// groups in index order. Output index i (bits i_j) is the point
// sum_j i_j beta_j with beta_j = z^(m-1-j), i.e. the element bitrev_m(i):
// the order of the Benes network's input, so a bit vector of roots in this
// order becomes one in support order by the network itself.
//
// One level on a polynomial f of 2^k coefficients, evaluated on span(B)
// (B = B_0 .. B_{r-1}, r = m - depth): twist f(x) := f(lambda x), lambda =
// B_{r-1}, so the points are lambda span(gamma), gamma_j = B_j / lambda and
// gamma_{r-1} = 1; the Taylor expansion at x^2 + x gives f = f0(x^2 + x) +
// x f1(x^2 + x); f0, f1 are evaluated on span(delta), delta_j = gamma_j^2 +
// gamma_j (j < r - 1), and combined: f(a) = f0(a^2 + a) + a f1(a^2 + a),
// f(a + 1) = f(a) + f1(a^2 + a) for a in span(gamma_0 .. gamma_{r-2}).
// After k levels the polynomials are constants; each is broadcast to its
// 2^(m-k) points (whole groups: k <= m - 5), and the k levels of butterflies
// (pairs 2^(m-d-1) >= 32 apart, so whole words) put the results together.
// The twists and Taylor expansions are scalar (2^k coefficients, public
// indices); the butterflies are bitsliced multiplications by the points a,
// whose lane part is a fixed pattern per level and whose group part is
// broadcast. The transpose (syndromes) runs the same steps backwards.
template <int M, int K>
struct FftConsts {
    static_assert(K <= M - 5, "butterflies must pair whole groups");
    gf gamma[K][M];         // depth d: gamma_j, j < m - d - 1
    uint32_t lanes[K][M];   // depth d: bit-word b of sum_{j<5} l_j gamma_j, lane l
    gf pw[2 << K];          // depth d >= 1: lambda_d^i, i < 2^(K-d), from pw_offset(d)
    static constexpr uint32_t pw_offset(int d) { return (2u << K) - (2u << (K - d)); }
    constexpr FftConsts() : gamma{}, lanes{}, pw{} {
        using F = Gf<M>;
        gf B[M] = {};
        for (int j = 0; j < M; ++j) B[j] = gf(1u << (M - 1 - j));
        for (int d = 0; d < K; ++d) {
            const int r = M - d;
            const gf lambda = B[r - 1], li = F::inv(lambda);
            for (int j = 0; j + 1 < r; ++j) {
                gamma[d][j] = F::mul(B[j], li);
                B[j] = gf(F::sq(gamma[d][j]) ^ gamma[d][j]);
            }
            for (uint32_t l = 0; l < 32; ++l) {
                gf a = 0;
                for (int j = 0; j < 5; ++j)
                    if ((l >> j) & 1) a ^= gamma[d][j];
                for (int b = 0; b < M; ++b) lanes[d][b] |= uint32_t((a >> b) & 1) << l;
            }
            gf p = 1;
            for (uint32_t i = 0; i < (1u << (K - d)); ++i) {
                pw[pw_offset(d) + i] = p;
                p = F::mul(p, lambda);
            }
        }
    }
};

template <int M, int K>
struct Fft {
    static constexpr FftConsts<M, K> c{};
    static constexpr uint32_t kGroups = (1u << M) / 32;
    static constexpr uint32_t kBlock = kGroups >> K;  // groups per constant after the K levels
    using F = Gf<M>;

    static uint32_t bitrev_k(uint32_t s) { return reverse_bits32(s) >> (32 - K); }  // (s < 2^K)
    // a = the points of depth d's butterflies for indices 32 gi .. 32 gi + 31:
    // the lane pattern plus the broadcast common part sum_j gi_j gamma_(5+j).
    // The groups are visited in Gray-code order gi = t ^ (t >> 1) (any order
    // will do): from t - 1 to t only bit ctz(t) of gi flips, so the common
    // part changes by one gamma, i.e. a's words at that gamma's set bits are
    // complemented (public constants and indices: about half the words).
    static void points(uint32_t* a, int d, uint32_t t) {
        if (t == 0) {
#pragma GCC unroll 13
            for (int b = 0; b < M; ++b) a[b] = c.lanes[d][b];
            return;
        }
        for (uint32_t g = c.gamma[d][5 + std::countr_zero(t)]; g != 0; g &= g - 1) a[std::countr_zero(g)] ^= ~0u;
    }
    // f = sum_i h_i(x) (x^2 + x)^i, h_i = f[2i] + f[2i+1] x (n coefficients
    // at stride st): with s = n/4 and T^s = x^2s + x^s, blocks b0..b3 of s
    // coefficients, f = (b0 + x^s (b1 + b2 + b3)) + T^s ((b2 + b3) + x^s b3).
    static void taylor(gf* f, uint32_t n, uint32_t st) {
        if (n <= 2) return;
        if (n == 4) {  // (the halves of 2 are leaves: no calls)
            f[2 * st] ^= f[3 * st];
            f[st] ^= f[2 * st];
            return;
        }
        const uint32_t s = n / 4;
        for (uint32_t i = 0; i < s; ++i) f[(2 * s + i) * st] ^= f[(3 * s + i) * st];
        for (uint32_t i = 0; i < s; ++i) f[(s + i) * st] ^= f[(2 * s + i) * st];
        taylor(f, n / 2, st);
        taylor(f + (n / 2) * st, n / 2, st);
    }
    static void taylor_tr(gf* f, uint32_t n, uint32_t st) {
        if (n <= 2) return;
        if (n == 4) {
            f[2 * st] ^= f[st];
            f[3 * st] ^= f[2 * st];
            return;
        }
        const uint32_t s = n / 4;
        taylor_tr(f, n / 2, st);
        taylor_tr(f + (n / 2) * st, n / 2, st);
        for (uint32_t i = 0; i < s; ++i) f[(2 * s + i) * st] ^= f[(s + i) * st];
        for (uint32_t i = 0; i < s; ++i) f[(3 * s + i) * st] ^= f[(2 * s + i) * st];
    }
    // Depth d's polynomials are interleaved: polynomial b < 2^d has its
    // coefficients at b + i 2^d; the path of halves s (first split at the top
    // bit) ends at coefficient bitrev_k(s).
    static void twist(gf* f, int d) {
        if (d == 0) return;  // lambda_0 = beta_{m-1} = 1
        const uint32_t st = 1u << d, len = 1u << (K - d);
        const gf* pw = c.pw + FftConsts<M, K>::pw_offset(d);
        // (row by row: the constant's split into residues mod 3 is made once
        // per row, and a row's st coefficients are contiguous)
        for (uint32_t i = 1; i < len; ++i) {
            const gf c = pw[i];
            gf* row = f + i * st;
            for (uint32_t b = 0; b < st; ++b) row[b] = F::mul(row[b], c);
        }
    }
    // out (kGroups x M words) = f at every point; f: 2^K coefficients, clobbered;
    // monic_top (public): f has the leading term x^(2^K) besides. That term
    // (coefficient ctop, public) stays on polynomial 0: the twist scales it by
    // lambda^(2^(K-d)), and x^n = (x^2 + x)^(n/2) + x^(n/2) (n = 2^(K-d)) makes
    // it f0's leading term plus ctop at poly 0's x^(n/2), index 2^(K-1); after K
    // levels poly 0 is c0 + ctop y, linear, and goes into the first level
    // below (instead of a pass over every group).
    PQMCU_MCE_NOINLINE static void eval(uint32_t* out, gf* f, bool monic_top) {
        gf ctop = monic_top ? 1 : 0;
        for (int d = 0; d < K; ++d) {
            twist(f, d);
            if (d > 0) {
                const gf* pw = c.pw + FftConsts<M, K>::pw_offset(d);
                ctop = F::mul(ctop, F::mul(pw[(1u << (K - d)) - 1], pw[1]));
            }
            f[1u << (K - 1)] ^= ctop;
            for (uint32_t b = 0; b < (1u << d); ++b) taylor(f + b, 1u << (K - d), 1u << d);
        }
        first_level(out, f, ctop);
        uint32_t a[M];
        for (int d = K - 1; d-- > 0;) {
            const uint32_t hg = kGroups >> (d + 1);
            for (uint32_t t = 0; t < hg; ++t) {
                const uint32_t gi = t ^ (t >> 1);
                points(a, d, t);
                uint32_t* u = out + gi * M;  // s = 0 .. 2^d - 1: u = out + (2 s hg + gi) M
                Bs<M>::butterflies(u, u + hg * M, a, 1u << d);
            }
        }
    }
    // Butterfly level K - 1 on the broadcast constants, in scalars: its
    // pairs are (c0, c1) = the constants s = 2 s2, 2 s2 + 1 (each over
    // kBlock groups), and with the points a = sum_{j<5} l_j gamma_j + hi
    // (lane l, group part hi), u = c0 + a c1 is, per lane, (c0 + hi c1) +
    // sum_j l_j (gamma_j c1): five scalar products shared by the kBlock
    // groups and one per group instead of a bitsliced product per group.
    // (Its own frame: not on the stack while the kernels run.)
    PQMCU_MCE_NOINLINE static void first_level(uint32_t* out, const gf* f, gf ctop) {
        constexpr uint32_t kLaneBit[5] = {0xAAAAAAAAu, 0xCCCCCCCCu, 0xF0F0F0F0u, 0xFF00FF00u,
                                          0xFFFF0000u};
        for (uint32_t s2 = 0; s2 < (1u << (K - 1)); ++s2) {
            const gf c0 = f[bitrev_k(2 * s2)], c1 = f[bitrev_k(2 * s2 + 1)];
            gf x[5];
#pragma GCC unroll 5
            for (int j = 0; j < 5; ++j) x[j] = F::mul(c.gamma[K - 1][j], c1);
            gf hc[M - K - 5 > 0 ? M - K - 5 : 1] = {};  // gamma_(5+j) c1 for the group bits j
            for (int j = 0; 5 + j < M - K; ++j) hc[j] = F::mul(c.gamma[K - 1][5 + j], c1);
            if (s2 == 0 && ctop != 0) {
                // c0 is c0 + ctop y at y = a^2 + a, linear in a (lane bits and
                // group bits alike): ctop (gamma^2 + gamma) joins each x / hc.
#pragma GCC unroll 5
                for (int j = 0; j < 5; ++j) {
                    const gf gm = c.gamma[K - 1][j];
                    x[j] ^= F::mul(ctop, gf(F::sq(gm) ^ gm));
                }
                for (int j = 0; 5 + j < M - K; ++j) {
                    const gf gm = c.gamma[K - 1][5 + j];
                    hc[j] ^= F::mul(ctop, gf(F::sq(gm) ^ gm));
                }
            }
            uint32_t lp[M];  // bit-word b of sum_j l_j x_j at lane l
#pragma GCC unroll 13
            for (int b = 0; b < M; ++b) {
                uint32_t w = 0;
#pragma GCC unroll 5
                for (int j = 0; j < 5; ++j) w ^= (0u - ((uint32_t(x[j]) >> b) & 1)) & kLaneBit[j];
                lp[b] = w;
            }
            for (uint32_t g = 0; g < kBlock; ++g) {
                gf y = c0;  // c0 + hi c1 (g public)
                for (int j = 0; 5 + j < M - K; ++j)
                    if ((g >> j) & 1) y ^= hc[j];
                uint32_t* u = out + (2 * s2 * kBlock + g) * M;
                uint32_t* v = u + kBlock * M;
#pragma GCC unroll 13
                for (int b = 0; b < M; ++b) {
                    const uint32_t w = lp[b] ^ (0u - ((uint32_t(y) >> b) & 1));
                    u[b] = w;
                    v[b] = w ^ (0u - ((uint32_t(c1) >> b) & 1));
                }
            }
        }
    }
    // The transpose: f[j] = sum over points i of in_i a_i^j, j < 2^K (in
    // clobbered).
    PQMCU_MCE_NOINLINE static void eval_tr(gf* f, uint32_t* in) {
        uint32_t a[M];
        for (int d = 0; d < K; ++d) {
            const uint32_t hg = kGroups >> (d + 1);
            for (uint32_t t = 0; t < hg; ++t) {
                const uint32_t gi = t ^ (t >> 1);
                points(a, d, t);
                uint32_t* u = in + gi * M;
                Bs<M>::butterflies_tr(u, u + hg * M, a, 1u << d);
            }
        }
        static_assert(kBlock == 1 || kBlock == 2);
        for (uint32_t s = 0; s < (1u << K); ++s)
            f[bitrev_k(s)] = parities<M, kBlock == 2>(in + s * kBlock * M, in + (s * kBlock + 1) * M);
        for (int d = K; d-- > 0;) {
            for (uint32_t b = 0; b < (1u << d); ++b) taylor_tr(f + b, 1u << (K - d), 1u << d);
            twist(f, d);
        }
    }
};

// Lanes of a bitsliced vector of G groups (M words each) moved up by
// one (lane 32 g + 31 into lane 32 (g + 1)); lane 0 gets the element `in`.
template <int M, uint32_t G>
PQMCU_MCE_ALWAYS_INLINE void lanes_up(uint32_t* v, gf in) {
#if defined(__ARM_ARCH_7EM__) && defined(__GNUC__)
    // (the compiler spills the G words in flight: per bit-word, LSRS moves
    // the element's bit into the carry flag and each group's ADCS shifts it
    // in and the group's lane 31 out to the next)
    static_assert(G >= 1 && G <= 4);
    uint32_t x = in, w0, w1, w2, w3;
    __asm__ volatile(
        ".rept %c[m]\n\t"
        "ldr %[w0], [%[v]]\n\t"
        ".if %c[g] > 1\n\tldr %[w1], [%[v], #4*%c[m]]\n\t.endif\n\t"
        ".if %c[g] > 2\n\tldr %[w2], [%[v], #8*%c[m]]\n\t.endif\n\t"
        ".if %c[g] > 3\n\tldr %[w3], [%[v], #12*%c[m]]\n\t.endif\n\t"
        "lsrs %[x], %[x], #1\n\t"
        "adcs %[w0], %[w0], %[w0]\n\t"
        ".if %c[g] > 1\n\tadcs %[w1], %[w1], %[w1]\n\t.endif\n\t"
        ".if %c[g] > 2\n\tadcs %[w2], %[w2], %[w2]\n\t.endif\n\t"
        ".if %c[g] > 3\n\tadcs %[w3], %[w3], %[w3]\n\t.endif\n\t"
        ".if %c[g] > 1\n\tstr %[w1], [%[v], #4*%c[m]]\n\t.endif\n\t"
        ".if %c[g] > 2\n\tstr %[w2], [%[v], #8*%c[m]]\n\t.endif\n\t"
        ".if %c[g] > 3\n\tstr %[w3], [%[v], #12*%c[m]]\n\t.endif\n\t"
        "str %[w0], [%[v]], #4\n\t"
        ".endr\n\t"
        : [v] "+r"(v), [x] "+r"(x), [w0] "=&r"(w0), [w1] "=&r"(w1), [w2] "=&r"(w2), [w3] "=&r"(w3)
        : [m] "i"(M), [g] "i"(G)
        : "cc", "memory");
    return;
#endif
    // (bit-word by bit-word, the carry passed up the groups in a register:
    // each word is loaded and stored once)
#pragma GCC unroll 13
    for (int b = 0; b < M; ++b) {
        uint32_t prev = v[b];
        v[b] = (prev << 1) | ((uint32_t(in) >> b) & 1);
#pragma GCC unroll 4
        for (uint32_t g = 1; g < G; ++g) {
            const uint32_t cur = v[g * M + b];
            v[g * M + b] = (cur << 1) | (prev >> 31);
            prev = cur;
        }
    }
}

// Berlekamp-Massey on s[0 .. 2t), branch-free; loc = the error locator
// reversed (its roots are the support elements at error positions). Returns
// the linear complexity L of s (C generates s with L <= t iff s is the
// syndrome sequence of an LFSR of length <= t).
// Bitsliced over the coefficients: C_0 = 1 and B_0 = 0 throughout (C starts
// at 1, B at z, and B = z (C or B)), so lane i - 1 holds C_i, B_i (i = 1 ..
// t), and S's lane i - 1 holds s_{N-i}. The discrepancy s_N + sum C_i s_{N-i}
// is the parity of the lanes of C S (one multiplication per group), and C +=
// f B is one multiplication by the broadcast f per group. The loops stop at
// the public degree bounds (deg C <= N, deg B <= N + 1 before step N).
// a^(2^m - 2) (0 for 0) by the addition chain of Bs::inv: 4 / 5
// multiplications instead of m - 2.
// x^(2^K) is GF(2)-linear in x: column j is (z^j)^(2^K) (public constants),
// and x^(2^K) the XOR of the columns at x's set bits (masks, no index):
// ~4 cycles a column on the M4 against ~20 per squaring (measured: a gain
// from K = 3 on, a loss for K = 1).
template <int M, int K>
struct FrobCols {
    gf col[M];
    constexpr FrobCols() : col{} {
        for (int j = 0; j < M; ++j) {
            gf x = gf(1u << j);
            for (int i = 0; i < K; ++i) x = Gf<M>::sq(x);
            col[j] = x;
        }
    }
};
template <int M, int K>
PQMCU_MCE_ALWAYS_INLINE gf frobenius(gf x) {
    static constexpr FrobCols<M, K> c{};
    uint32_t r = 0;
#pragma GCC unroll 13
    for (int j = 0; j < M; ++j) r ^= (0u - ((uint32_t(x) >> j) & 1)) & c.col[j];
    return gf(r);
}

template <int M>
PQMCU_MCE_ALWAYS_INLINE gf scalar_inv(gf a) {
    using F = Gf<M>;
    auto sq_n = [](gf x, int k) {
        for (int i = 0; i < k; ++i) x = F::sq(x);
        return x;
    };
    gf cur = F::mul(F::sq(a), a);  // 2^2 - 1
    if constexpr (M == 13) {
        cur = F::mul(F::sq(cur), a);        // 2^3 - 1
        cur = F::mul(frobenius<13, 3>(cur), cur);  // 2^6 - 1
        cur = F::mul(frobenius<13, 6>(cur), cur);  // 2^12 - 1
    } else {
        cur = F::mul(sq_n(cur, 2), cur);    // 2^4 - 1
        cur = F::mul(F::sq(cur), a);        // 2^5 - 1
        cur = F::mul(frobenius<12, 5>(cur), cur);  // 2^10 - 1
        cur = F::mul(F::sq(cur), a);        // 2^11 - 1
    }
    return F::sq(cur);
}

#if defined(__ARM_ARCH_7EM__) && defined(__GNUC__)
// One group of Berlekamp-Massey's update on the M4 (the compiler spills the
// C++ loop's words): per word k, sel = (grow ? c : b), b = ((sel << 1) |
// carry bit 31 - k) & keep, c ^= p; the top bits of sel come back as the
// next group's carry (word k's at bit 31 - k). Each word is loaded once;
// straight-line, no secret branch or address (LSLS / ADCS move the bits
// through the carry flag).
template <int M>
PQMCU_MCE_ALWAYS_INLINE uint32_t bm_update_m4(uint32_t* c, uint32_t* b, const uint32_t* p, uint32_t grow,
                                              uint32_t carry, uint32_t keep) {
    uint32_t next = 0, wb, wc, wp, t;
    __asm__ volatile(
        ".rept %c[m]\n\t"
        "ldr %[wb], [%[b]]\n\t"
        "ldr %[wc], [%[c]]\n\t"
        "ldr %[wp], [%[p]], #4\n\t"
        "eor %[t], %[wb], %[wc]\n\t"
        "and %[t], %[t], %[grow]\n\t"
        "eor %[t], %[t], %[wb]\n\t"
        "lsls %[carry], %[carry], #1\n\t"
        "adcs %[t], %[t], %[t]\n\t"
        "adc %[next], %[next], %[next]\n\t"
        "and %[t], %[t], %[keep]\n\t"
        "str %[t], [%[b]], #4\n\t"
        "eor %[wc], %[wc], %[wp]\n\t"
        "str %[wc], [%[c]], #4\n\t"
        ".endr\n\t"
        : [b] "+r"(b), [c] "+r"(c), [p] "+r"(p), [carry] "+r"(carry), [next] "+r"(next), [wb] "=&r"(wb),
          [wc] "=&r"(wc), [wp] "=&r"(wp), [t] "=&r"(t)
        : [grow] "r"(grow), [keep] "r"(keep), [m] "i"(M)
        : "cc", "memory");
    return next << (32 - M);
}
#endif

// G = ceil(t / 32) groups at compile time (2, 3 or 4): the group loops unroll.
template <int M, uint32_t G>
PQMCU_MCE_NOINLINE uint32_t berlekamp_massey_g(const Params& p, gf* loc, const gf* s) {
    using F = Gf<M>;
    const uint32_t t = p.t, groups = G;
    // Lanes from t on in the last group stay zero in C and B.
    const uint32_t last_mask = t % 32 ? (1u << (t % 32)) - 1 : ~0u;
    uint32_t Cv[G * M], Bv[G * M], Sv[G * M];
    uint32_t acc[M], prod[M], fb[M];
    wipe32(Cv, groups * M);  // (zeroing: a plain loop here becomes memset calls)
    wipe32(Bv, groups * M);
    wipe32(Sv, groups * M);
    wipe32(acc, M);
    Bv[0] = 1;  // B = z: B_1 = 1
    uint32_t len = 0;
    gf b = 1;
    for (uint32_t N = 0; N < 2 * t; ++N) {
        // S's lanes from N on are zero (s_{N-i} for i > N): only the groups
        // below can change (public bound).
        if (N > 0) {
            const uint32_t live = (N - 1) / 32 + 1;
            if (live >= G)
                lanes_up<M, G>(Sv, s[N - 1]);
            else if (live == 1)
                lanes_up<M, 1>(Sv, s[N - 1]);
            else if (live == 2)
                lanes_up<M, 2>(Sv, s[N - 1]);
            else
                lanes_up<M, (G > 3 ? 3 : G)>(Sv, s[N - 1]);
        }
        const uint32_t top = N < t ? N : t;  // C_i s_{N-i} for i = 1 .. top
        // Group 0's product is always made (at N = 0 C's lanes are all
        // zero, so it is 0): it writes acc[0 .. M) without a zeroing pass (a
        // memset call per step).
        Bs<M>::mul32(acc, Cv, Sv);
#pragma GCC unroll 4
        for (uint32_t g = 1; g < G; ++g) {
            if (32 * g >= top) break;  // (public bound)
            Bs<M>::mul32_acc(acc, Cv + g * M, Sv + g * M);
        }
        const gf d = gf(s[N] ^ parities<M, false>(acc, nullptr));
        const gf d_nonzero = gf(~F::is_zero_mask(d));
        const gf grow = gf(d_nonzero & ~lt_mask(N, 2 * len));  // d != 0 and 2 len <= N
        const uint32_t grow32 = 0u - uint32_t(grow & 1);
        const gf f = F::mul(scalar_inv<M>(b), d);  // 0 when d = 0
#pragma GCC unroll 13
        for (int k = 0; k < M; ++k) fb[k] = 0u - ((uint32_t(f) >> k) & 1);
        // C += f B on the coefficients up to min(N + 1, t); B = z (grow ? old
        // C : B) on every group (the shift carries across them).
        // One pass from the bottom group up: C_g += f B_g, B_g = z sel_g
        // with sel = (grow ? old C : B); lane 0 of group g takes lane 31 of
        // sel_{g-1}, whose M top bits ride up in one register (bit 31 - k for
        // word k: each word is loaded once), and lane 0 of group 0 is C_0 = 1
        // when grown, else B_0 = 0. The last group's lanes from t on are
        // cleared as they are stored (they stay zero in C and B).
        const uint32_t cb = N + 1 < t ? N + 1 : t;
        // (group 0's lane-0 input, word 0 only; word k's bit at 31 - k, the
        // order in which the M4 step shifts them out and in)
        uint32_t carry = grow32 & 0x80000000u;
#pragma GCC unroll 4
        for (uint32_t g = 0; g < groups; ++g) {
            // deg B, deg C <= N + 1 before step N and <= N + 2 after: the
            // groups above lane N + 1 stay zero (public bound).
            if (32 * g > N + 1) break;
            uint32_t* c = Cv + g * M;
            uint32_t* bb = Bv + g * M;
            const bool update = 32 * g < cb;  // (public)
            const uint32_t keep = (t % 32 != 0 && g == groups - 1) ? last_mask : ~0u;
            if (update) Bs<M>::mul32(prod, bb, fb);
#if defined(__ARM_ARCH_7EM__) && defined(__GNUC__)
            if (update) {
                carry = bm_update_m4<M>(c, bb, prod, grow32, carry, keep);
                continue;
            }
#endif
            uint32_t next = 0;
#pragma GCC unroll 13
            for (int k = 0; k < M; ++k) {
                const uint32_t old = c[k];
                const uint32_t cur = bb[k];
                const uint32_t sel = cur ^ ((cur ^ old) & grow32);
                bb[k] = ((sel << 1) | ((carry >> (31 - k)) & 1)) & keep;
                next |= (sel >> 31) << (31 - k);
                if (update) c[k] = old ^ prod[k];
            }
            carry = next;
        }
        len = (len & ~grow32) | ((N + 1 - len) & grow32);
        b = gf((b & ~grow) | (d & grow));
    }
    loc[t] = 1;
    for (uint32_t i = 1; i <= t; ++i) {
        const uint32_t lane = i - 1, g = lane / 32, l = lane % 32;
        uint32_t v = 0;
        for (int k = 0; k < M; ++k) v |= ((Cv[g * M + k] >> l) & 1) << k;
        loc[t - i] = gf(v);
    }
    wipe32(Cv, groups * M);
    wipe32(Bv, groups * M);
    wipe32(Sv, groups * M);
    wipe32(acc, M);
    wipe32(prod, M);
    wipe32(fb, M);
    return len;
}
template <int M>
uint32_t berlekamp_massey(const Params& p, gf* loc, const gf* s) {
    const uint32_t groups = (p.t + 31) / 32;
    static_assert(kMaxT <= 128);
    if constexpr (M == 12) {
        return berlekamp_massey_g<12, 2>(p, loc, s);  // (t = 64)
    } else {
        if (groups == 3) return berlekamp_massey_g<13, 3>(p, loc, s);
        return berlekamp_massey_g<13, 4>(p, loc, s);
    }
}

}  // namespace

inline void store32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }

// e's 32-bit word w from the t packed positions (two 16-bit ones per word,
// pairs = ceil(t / 2), a sentinel 0x4000 in an unused half): bit x - 32 w
// for every position x in [32 w, 32 w + 32). x ^ 32 w is below 32 exactly
// for those, and then is the bit; otherwise it is 32 .. 8191.
inline uint32_t e_word(const uint8_t* ind, uint32_t pairs, uint32_t w) {
    uint32_t word = 0;
#if defined(__ARM_ARCH_7EM__) && defined(__GNUC__)
    // Both halves at once: USAT16 clamps each to 0 .. 255, and a register
    // shift uses the shift's low byte, so 1 << 32 .. 255 is 0: seven ALU
    // instructions per pair of positions, no branch, no secret index.
    const uint32_t base = (w << 5) * 0x10001u, one = 1;
    const uint8_t* ptr = ind;
    uint32_t x0, x1, x2, x3, y;
    if (pairs % 4 == 0) {  // every standard set: four pairs per pass, loads in one burst
        const uint8_t* const end = ind + 4 * pairs;
        __asm__ volatile(
            "1:\n\t"
            "ldr %[x1], [%[ptr], #4]\n\t"
            "ldr %[x2], [%[ptr], #8]\n\t"
            "ldr %[x3], [%[ptr], #12]\n\t"
            "ldr %[x0], [%[ptr]], #16\n\t"
            "eor %[x0], %[x0], %[base]\n\t"
            "eor %[x1], %[x1], %[base]\n\t"
            "eor %[x2], %[x2], %[base]\n\t"
            "eor %[x3], %[x3], %[base]\n\t"
            "usat16 %[x0], #8, %[x0]\n\t"
            "usat16 %[x1], #8, %[x1]\n\t"
            "usat16 %[x2], #8, %[x2]\n\t"
            "usat16 %[x3], #8, %[x3]\n\t"
            "lsl %[y], %[one], %[x0]\n\t"
            "orr %[word], %[word], %[y]\n\t"
            "lsr %[x0], %[x0], #16\n\t"
            "lsl %[x0], %[one], %[x0]\n\t"
            "orr %[word], %[word], %[x0]\n\t"
            "lsl %[y], %[one], %[x1]\n\t"
            "orr %[word], %[word], %[y]\n\t"
            "lsr %[x1], %[x1], #16\n\t"
            "lsl %[x1], %[one], %[x1]\n\t"
            "orr %[word], %[word], %[x1]\n\t"
            "lsl %[y], %[one], %[x2]\n\t"
            "orr %[word], %[word], %[y]\n\t"
            "lsr %[x2], %[x2], #16\n\t"
            "lsl %[x2], %[one], %[x2]\n\t"
            "orr %[word], %[word], %[x2]\n\t"
            "lsl %[y], %[one], %[x3]\n\t"
            "orr %[word], %[word], %[y]\n\t"
            "lsr %[x3], %[x3], #16\n\t"
            "lsl %[x3], %[one], %[x3]\n\t"
            "orr %[word], %[word], %[x3]\n\t"
            "cmp %[ptr], %[end]\n\t"
            "bne 1b\n\t"
            : [x0] "=&r"(x0), [x1] "=&r"(x1), [x2] "=&r"(x2), [x3] "=&r"(x3), [y] "=&r"(y), [word] "+r"(word),
              [ptr] "+r"(ptr)
            : [base] "r"(base), [one] "r"(one), [end] "r"(end)
            : "cc", "memory");
        return word;
    }
    const uint8_t* const end = ind + 4 * pairs;
    __asm__ volatile(
        "1:\n\t"
        "ldr %[x], [%[ptr]], #4\n\t"
        "eor %[x], %[x], %[base]\n\t"
        "usat16 %[x], #8, %[x]\n\t"
        "lsl %[y], %[one], %[x]\n\t"
        "orr %[word], %[word], %[y]\n\t"
        "lsr %[x], %[x], #16\n\t"
        "lsl %[x], %[one], %[x]\n\t"
        "orr %[word], %[word], %[x]\n\t"
        "cmp %[ptr], %[end]\n\t"
        "bne 1b\n\t"
        : [x] "=&r"(x0), [y] "=&r"(y), [word] "+r"(word), [ptr] "+r"(ptr)
        : [base] "r"(base), [one] "r"(one), [end] "r"(end)
        : "cc", "memory");
#else
    const uint32_t base = w << 5;
    for (uint32_t j = 0; j < 2 * pairs; ++j) {
        const uint32_t x = uint32_t(ind[2 * j] | (ind[2 * j + 1] << 8)) ^ base;
        word |= (1u << (x & 31)) & uint32_t(int32_t(x - 32) >> 31);
    }
#endif
    return word;
}

bool fixed_weight(const Params& p, uint8_t* buf) {
    const uint32_t t = p.t, n = p.n, m = p.m;
    uint8_t* const e = buf + p.fixed_weight_bytes();
    // ind: the t positions as 16-bit values at buf (then sentinels).
    if (p.n != p.q()) {
        // The first t of the 2t candidates below n, compacted without
        // branches or secret indices in 8t bytes of buf (the random bytes,
        // then e's buffer): word i = candidate i | valid 0x8000 | (its shift
        // s = number rejected before it, bit-reversed into bits 31 .. 24),
        // zero when not taken; then rounds b = 0, 1, .. move the elements
        // with bit b of s (at bit 31) set down by 2^b and shift the s field
        // up by one. Taken elements never collide (their targets are distinct
        // and their shifts non-decreasing), so a slot ORs what stays and what
        // arrives; afterwards slot j < t holds the j-th taken candidate.
        // Two passes over the 16-bit candidates: the number accepted, then
        // from the top down (so the 32-bit words never overwrite an unread
        // candidate) the number accepted before each, count - those from it
        // on. Values are < 2^16, so a - b < 0 (bit 31) is a < b.
        const uint32_t c = 2 * t, mask = (1u << m) - 1;
        auto below = [](uint32_t a, uint32_t b) { return (a - b) >> 31; };  // 1 iff a < b
#if defined(PQMCU_MCE_X86)
        if (const X86Kernels* k = x86_kernels()) {  // AVX2: the same network on vectors
            const uint32_t count = k->fw_select(buf, t, n, m);
            if (declassify_bool(below(count, t))) {
                secure_wipe(buf, 2 * c);
                return false;
            }
            secure_wipe(buf + 2 * t, 8 * t - 2 * t);
            goto selected;
        }
#endif
        uint32_t count = 0;
        for (uint32_t i = 0; i < c; ++i) count += below(uint32_t(buf[2 * i] | (buf[2 * i + 1] << 8)) & mask, n);
        if (declassify_bool(below(count, t))) {
            secure_wipe(buf, 2 * c);
            return false;
        }
        uint32_t before = count;
        for (uint32_t i = c; i-- > 0;) {
            const uint32_t v = uint32_t(buf[2 * i] | (buf[2 * i + 1] << 8)) & mask;
            const uint32_t accept = below(v, n);
            before -= accept;  // accepted among candidates 0 .. i-1
            const uint32_t take = 0u - (accept & below(before, t));
            store32(buf + 4 * i, (v | 0x8000u | reverse_bits32(i - before)) & take);
        }
        // A taken element's s is at most the number of rejected candidates,
        // <= 2t - t (count >= t here): the rounds stop at the largest 2^b <= t.
        auto moves = [](uint32_t x) { return uint32_t(int32_t(x) >> 31); };
        for (uint32_t d = 1; d <= t; d <<= 1) {
            uint32_t i = 0;
#if defined(__ARM_ARCH_7EM__) && defined(__GNUC__)
            // Two slots per pass, the four loads in one burst (~11 cycles a
            // slot; the C loop ~16).
            if (c - d >= 2) {
                uint8_t* ptr = buf;
                const uint8_t* src = buf + 4 * d;
                uint8_t* const end = buf + 4 * ((c - d) & ~1u);
                const uint32_t top = 0xFFFF0000u;
                uint32_t x0, y0, x1, y1;
                __asm__ volatile(
                    "1:\n\t"
                    "ldr %[y1], [%[src], #4]\n\t"
                    "ldr %[y0], [%[src]], #8\n\t"
                    "ldr %[x1], [%[ptr], #4]\n\t"
                    "ldr %[x0], [%[ptr]]\n\t"
                    "bic %[x0], %[x0], %[x0], asr #31\n\t"
                    "and %[y0], %[y0], %[y0], asr #31\n\t"
                    "orr %[x0], %[x0], %[y0]\n\t"
                    "and %[y0], %[x0], %[top]\n\t"
                    "add %[x0], %[x0], %[y0]\n\t"
                    "bic %[x1], %[x1], %[x1], asr #31\n\t"
                    "and %[y1], %[y1], %[y1], asr #31\n\t"
                    "orr %[x1], %[x1], %[y1]\n\t"
                    "and %[y1], %[x1], %[top]\n\t"
                    "add %[x1], %[x1], %[y1]\n\t"
                    "str %[x1], [%[ptr], #4]\n\t"
                    "str %[x0], [%[ptr]], #8\n\t"
                    "cmp %[ptr], %[end]\n\t"
                    "bne 1b\n\t"
                    : [x0] "=&r"(x0), [y0] "=&r"(y0), [x1] "=&r"(x1), [y1] "=&r"(y1), [ptr] "+r"(ptr),
                      [src] "+r"(src)
                    : [top] "r"(top), [end] "r"(end)
                    : "cc", "memory");
                i = (c - d) & ~1u;
            }
#endif
            for (; i + d < c; ++i) {
                const uint32_t x = load32(buf + 4 * i), y = load32(buf + 4 * (i + d));
                uint32_t v = (x & ~moves(x)) | (y & moves(y));
                v += v & 0xFFFF0000u;  // the next bit of s to bit 31
                store32(buf + 4 * i, v);
            }
            for (; i < c; ++i) {
                const uint32_t x = load32(buf + 4 * i);
                uint32_t v = x & ~moves(x);
                v += v & 0xFFFF0000u;
                store32(buf + 4 * i, v);
            }
        }
        for (uint32_t j = 0; j < t; ++j) store_gf(buf + 2 * j, uint16_t(load32(buf + 4 * j) & 0x1FFF));
        secure_wipe(buf + 2 * t, 8 * t - 2 * t);
    } else {
        for (uint32_t j = 0; j < t; ++j) store_gf(buf + 2 * j, load_gf(buf + 2 * j, m));
    }
#if defined(PQMCU_MCE_X86)
selected:
#endif
    // Sentinels: 0x4000 ^ x is never 0 nor below 32, nor has bit 15 set.
    store_gf(buf + 2 * t, 0x4000);
    store_gf(buf + 2 * t + 2, 0x4000);
    // Repeated positions, four comparisons per two packed words: x ^ y and
    // x ^ (y rotated by 16) compare every half of x with every half of y.
    // (a ^ b) - 1 per 16-bit lane has bit 15 set iff the lane is 0 (lanes are
    // < 2^15); a borrow into the upper lane only follows a zero lower lane,
    // so the OR of the top bits is exact.
    // The verdict is declassified after each packed word: a draw with a
    // repeat is discarded, so where its first repeat lies says nothing about
    // the e finally used, and an accepted draw always runs every comparison
    // (about half the work of a rejected draw, ~2/3 of draws, is saved).
    const uint32_t pairs = (t + 1) / 2;
#if defined(PQMCU_MCE_X86)
    if (const X86Kernels* k = x86_kernels()) {  // AVX2: all pairs at once (x86_avx2.cpp)
        if (declassify_bool(k->repeated(buf, t))) {
            secure_wipe(buf, 2 * t);
            return false;
        }
        k->build_e(e, buf, 2 * pairs, n / 8);
        secure_wipe(buf, 2 * t);
        return true;
    }
#endif
    for (uint32_t a = 0; a < pairs; ++a) {
        const uint32_t x = load32(buf + 4 * a);
        uint32_t repeated = (x ^ ((x >> 16) | (x << 16))) - 0x10001u;  // its own two halves
#pragma GCC unroll 4
        for (uint32_t b = a + 1; b < pairs; ++b) {
            const uint32_t y = load32(buf + 4 * b);
            repeated |= (x ^ y) - 0x10001u;
            repeated |= (x ^ ((y >> 16) | (y << 16))) - 0x10001u;
        }
        if (declassify_bool(repeated & 0x80008000u)) {
            secure_wipe(buf, 2 * t);
            return false;
        }
    }
    const uint32_t e_bytes = n / 8;
    for (uint32_t w = 0; 4 * w < e_bytes; ++w) {
        const uint32_t word = e_word(buf, pairs, w);
        if (4 * w + 4 <= e_bytes) {
            store32(e + 4 * w, word);
        } else {
            for (uint32_t b = 0; 4 * w + b < e_bytes; ++b) e[4 * w + b] = uint8_t(word >> (8 * b));
        }
    }
    secure_wipe(buf, 2 * t);  // (the sentinels are public; for n = q they are e's first bytes)
    return true;
}

Status encapsulate_with_e(const Params& p, uint8_t* ct, uint8_t* ss, const uint8_t* pk, const uint8_t* e,
                          const EncapsWork& w) {
    const uint32_t mt = p.mt(), rb = p.pk_row_bytes(), sb = p.syndrome_bytes();
    // e's bits mt .. n-1 from bit 0: e itself from byte mt / 8 when mt is a
    // multiple of 8 (no copy), else shifted into w.etail (6960119).
    const uint32_t byte0 = mt / 8, shift = mt % 8;
    const uint8_t* et = e + byte0;
    if (shift) {
        for (uint32_t i = 0; i < rb; ++i) {
            const uint32_t lo = e[byte0 + i];
            const uint32_t hi = byte0 + i + 1 < p.n / 8 ? e[byte0 + i + 1] : 0;
            w.etail[i] = uint8_t((lo >> shift) | (hi << (8 - shift)));
        }
        et = w.etail;
    }
    // C0 = H e = e[0 .. mt) + T e[mt .. n): start from e's first mt bits, XOR
    // the rows' parities in. The rows are read in place (from flash on a
    // device) with 32-bit loads, four rows per pass over e's tail.
    std::memcpy(ct, e, sb);
    if (shift) ct[sb - 1] = uint8_t(ct[sb - 1] & ((1u << shift) - 1));
    const uint32_t words = rb / 4;
    auto tail_parity = [&](const uint8_t* row) {
        uint32_t acc = 0;
        for (uint32_t i = 4 * words; i < rb; ++i) acc ^= uint32_t(row[i] & et[i]);
        return acc;
    };
    auto put = [&](uint32_t r, uint32_t acc) {
        acc ^= acc >> 16;
        acc ^= acc >> 8;
        acc ^= acc >> 4;
        acc ^= acc >> 2;
        acc ^= acc >> 1;
        ct[r / 8] = uint8_t(ct[r / 8] ^ ((acc & 1) << (r % 8)));
    };
    uint32_t r = 0;
#if defined(PQMCU_TARGET_M4)
    // encode_m4.S: whole groups of four rows.
    using Kernel = void (*)(uint8_t*, const uint8_t*, const uint8_t*, uint32_t);
    Kernel kernel = nullptr;
    switch (rb) {
        case 340: kernel = pqmcu_mce_syndrome_340; break;
        case 420: kernel = pqmcu_mce_syndrome_420; break;
        case 628: kernel = pqmcu_mce_syndrome_628; break;
        case 677: kernel = pqmcu_mce_syndrome_677; break;
        case 816: kernel = pqmcu_mce_syndrome_816; break;
        default: break;
    }
    if (kernel != nullptr && mt >= 4) {
        kernel(ct, pk, et, mt / 4);
        r = 4 * (mt / 4);
    }
#endif
#if defined(PQMCU_MCE_X86)
    if (const X86Kernels* k = x86_kernels()) {  // AVX2: all rows (x86_avx2.cpp)
        k->syndrome(ct, pk, et, mt, rb);
        r = mt;
    }
#endif
    for (; r + 4 <= mt; r += 4) {
        const uint8_t* row = pk + size_t(r) * rb;
        uint32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        for (uint32_t i = 0; i < words; ++i) {
            const uint32_t x = load32(et + 4 * i);
            a0 ^= load32(row + 4 * i) & x;
            a1 ^= load32(row + rb + 4 * i) & x;
            a2 ^= load32(row + 2 * rb + 4 * i) & x;
            a3 ^= load32(row + 3 * rb + 4 * i) & x;
        }
        put(r, a0 ^ tail_parity(row));
        put(r + 1, a1 ^ tail_parity(row + rb));
        put(r + 2, a2 ^ tail_parity(row + 2 * rb));
        put(r + 3, a3 ^ tail_parity(row + 3 * rb));
    }
    for (; r < mt; ++r) {
        const uint8_t* row = pk + size_t(r) * rb;
        uint32_t a0 = 0;
        for (uint32_t i = 0; i < words; ++i) a0 ^= load32(row + 4 * i) & load32(et + 4 * i);
        put(r, a0 ^ tail_parity(row));
    }
    const size_t e_bytes = p.n / 8;
    // C1 = H(2, e): kem_hash with an empty C, so that only one SHAKE state is
    // ever on the stack (an inlined one here would stay in this frame while
    // kem_hash runs: ~210 B more stack).
    if (p.pc) kem_hash(ct + sb, 2, e, e_bytes, ct, 0);
    kem_hash(ss, 1, e, e_bytes, ct, p.ct_bytes());
    if (shift) secure_wipe(w.etail, rb);
    if (!public_key_padding_ok(p, pk)) {
        std::memset(ct, 0, p.ct_bytes());
        std::memset(ss, 0, 32);
        return Status::malformed_input;
    }
    return Status::ok;
}

// The FFT's size per use: 2^K coefficients, the smallest K that fits (K >= 6
// for m = 12, 7 for m = 13: butterflies pair whole groups, and no more sizes
// than needed are instantiated). A monic f of degree 2^K (t = 64, 128) is
// evaluated with 2^K coefficients plus its leading term (Fft::eval's monic_top).
template <int M, int K>
void fft_evaluate_k(uint32_t* out, gf* f, uint32_t coeffs) {
    const bool monic_top = coeffs == (1u << K) + 1;  // f[2^K] = 1
    Fft<M, K>::eval(out, f, monic_top);
}
template <int M>
PQMCU_MCE_NOINLINE void fft_evaluate(uint32_t* out, gf* f, uint32_t coeffs) {  // f[coeffs - 1] = 1
    if constexpr (M == 12)
        fft_evaluate_k<12, 6>(out, f, coeffs);  // (t = 64)
    else if (coeffs <= 129)
        fft_evaluate_k<13, 7>(out, f, coeffs);
    else
        fft_evaluate_k<13, 8>(out, f, coeffs);
}
template <int M>
void fft_transposed(gf* f, uint32_t* in, uint32_t coeffs) {
    if constexpr (M == 12) {
        if (coeffs <= 64)
            Fft<12, 6>::eval_tr(f, in);
        else
            Fft<12, 7>::eval_tr(f, in);
    } else {
        if (coeffs <= 128)
            Fft<13, 7>::eval_tr(f, in);
        else
            Fft<13, 8>::eval_tr(f, in);
    }
}


// x[G] = 1 / x[G] for the n groups of 32 lanes (no lane zero), by
// Montgomery's trick: 3 (n - 1) multiplications and one inversion instead of
// n inversions. prefix: n groups of scratch.
template <int M>
void batch_invert(uint32_t* x, uint32_t* prefix, uint32_t n) {
    std::memcpy(prefix, x, 4 * M);
    for (uint32_t G = 1; G < n; ++G) Bs<M>::mul32(prefix + G * M, prefix + (G - 1) * M, x + G * M);
    uint32_t inv[2 * M], tmp[M];
    std::memcpy(inv, prefix + (n - 1) * M, 4 * M);
    std::memcpy(inv + M, inv, 4 * M);
    Bs<M>::inv(inv, inv);  // (both halves: the same 32 lanes)
    for (uint32_t G = n; G-- > 1;) {
        Bs<M>::mul32(tmp, inv, prefix + (G - 1) * M);  // 1 / x[G]
        Bs<M>::mul32(inv, inv, x + G * M);             // 1 / (x[0] .. x[G-1])
        std::memcpy(x + G * M, tmp, 4 * M);
    }
    std::memcpy(x, inv, 4 * M);
    wipe32(inv, 2 * M);
    wipe32(tmp, M);
}

// The end of decapsulation from the decoder's verdict (diff: zero iff e, in
// w.e in support order, decodes C0): e or s, the pc sets' C1 check, the hash.
template <int M>
PQMCU_MCE_ALWAYS_INLINE Status decaps_finish(const Params& p, uint8_t* ss, const uint8_t* ct, const uint8_t* sk,
                                             const DecapsWork& w, uint32_t diff) {
    const uint32_t n = p.n, q = p.q();
    const uint8_t* sk_s = sk + 40 + p.irr_bytes() + p.cond_bytes();
    uint8_t ok = uint8_t(eq_mask(diff, 0));  // 0xFF on success

    const size_t e_bytes = n / 8;
    // e where ok, else s (a word at a time, s read unaligned).
    auto select_e = [&](uint8_t mask) {
        const uint32_t m32 = 0x01010101u * mask;
        size_t i = 0;
        for (; i + 4 <= e_bytes; i += 4) store32(w.e + i, (load32(w.e + i) & m32) | (load32(sk_s + i) & ~m32));
        for (; i < e_bytes; ++i) w.e[i] = uint8_t((w.e[i] & mask) | (sk_s[i] & ~mask));
    };
    select_e(ok);
    if (p.pc) {  // C1' = H(2, e) must equal C1
        uint8_t c1[32];
        kem_hash(c1, 2, w.e, e_bytes, ct, 0);  // (one SHAKE state on the stack at a time)
        const uint8_t same = uint8_t(0 - (ct_memneq(c1, ct + p.syndrome_bytes(), 32) ^ 1));
        select_e(same);
        ok &= same;
    }
    kem_hash(ss, uint8_t(ok & 1), w.e, e_bytes, ct, p.ct_bytes());
    // (e and small are word-aligned in DecapsWorkspace; small has an even
    // number of elements)
    wipe32(reinterpret_cast<uint32_t*>(w.e), q / 32);
    wipe32(w.fft, fft_words(p));
    wipe32(w.ginv2, fft_words(p));
    wipe32(reinterpret_cast<uint32_t*>(w.small), decaps_small_elems(p) / 2);
    return Status::ok;
}


#if defined(PQMCU_MCE_X86)
#include "mceliece/decaps_avx2.inc"
#endif

template <int M>
Status decapsulate(const Params& p, uint8_t* ss, const uint8_t* ct, const uint8_t* sk, const DecapsWork& w) {
    const uint32_t n = p.n, t = p.t, q = p.q(), groups = q / 32, kc = fft_coeffs(p);
    if (!ciphertext_padding_ok(p, ct)) {
        std::memset(ss, 0xFF, 32);
        return Status::malformed_input;
    }
#if defined(PQMCU_MCE_X86)
    if (const X86Kernels* k = x86_kernels())  // decaps_avx2.inc (AVX-512: the products on zmm)
        return decaps_finish<M>(p, ss, ct, sk, w, k->avx512 ? dz_decode<M>(p, ct, sk, w, k->vpclmul) : dx_decode<M>(p, ct, sk, w, k->vpclmul));
#endif
    const uint8_t* sk_g = sk + 40;
    const uint8_t* sk_cond = sk_g + p.irr_bytes();
    gf* g = w.small;              // t + 1
    gf* s = g + (t + 1);          // 2t
    gf* s_check = s + 2 * t;      // 2t
    gf* loc = s_check + 2 * t;    // t + 1
    gf* fc = loc + (t + 1);       // kc: the FFT's coefficients
    auto load_coeffs = [&](const gf* f, uint32_t count) {
        uint32_t i = 0;
        for (; i < count; ++i) fc[i] = f[i];
        for (; i < kc; ++i) fc[i] = 0;
    };
    // Field order: index j is the element bitrev_m(j) (the FFT's output order
    // and the Benes network's input); the network maps a bit vector in field
    // order to support order (position i: alpha_i), its inverse back.
    uint8_t* const v = w.e;  // q bits

    for (uint32_t i = 0; i < t; ++i) g[i] = load_gf(sk_g + 2 * i, M);
    g[t] = 1;
    // 1 / g(a)^2 at every point a (g has no root in the field): g^2, then
    // one batch inversion (the FFT's buffer as its scratch).
    load_coeffs(g, t + 1);
    fft_evaluate<M>(w.ginv2, fc, t + 1);
    for (uint32_t b = 0; b < groups / 2; ++b) Bs<M>::sq(w.ginv2 + 2 * M * b, w.ginv2 + 2 * M * b);
    batch_invert<M>(w.ginv2, w.fft, groups);
    // Two bit vectors into field order in one pass of the inverse network
    // (group G's words interleaved: 2G, 2G + 1), at the end of the FFT's
    // buffer: C0 (a word of length n, zero from mt on) and the support's
    // positions (ones below n), whose image marks the field elements in the
    // support. Then the 2t syndromes of C0: the transposed FFT of C0 / g^2.
    // fft[G M .. G M + M) is written after group G's two words are read, and
    // never reaches a later group's ((G + 1)(M - 2) <= groups (M - 2)).
    const uint32_t sb = p.syndrome_bytes();
    auto c0_word = [&](uint32_t G) {
        if (4 * G + 4 <= sb) return load32(ct + 4 * G);
        uint32_t c0 = 0;
        for (uint32_t i = 0; 4 * G + i < sb && i < 4; ++i) c0 |= uint32_t(ct[4 * G + i]) << (8 * i);
        return c0;
    };
    auto c0_over_g2 = [&](uint32_t G, uint32_t r) {
#pragma GCC unroll 13
        for (int b = 0; b < M; ++b) w.fft[G * M + b] = w.ginv2[G * M + b] & r;
    };
    if (n == q) {
        // (8192128) Every element is in the support, a public all-ones
        // vector: C0 alone goes through the inverse network, in v.
        for (uint32_t G = 0; G < groups; ++G) store32(v + 4 * G, c0_word(G));
        apply_control_bits_bitvector(v, sk_cond, M, true);
        for (uint32_t G = 0; G < groups; ++G) {
            c0_over_g2(G, load32(v + 4 * G));
            store32(v + 4 * G, ~0u);
        }
    } else {
        uint32_t* const pair = w.fft + fft_words(p) - 2 * groups;
        for (uint32_t G = 0; G < groups; ++G) {
            const uint32_t first = 32 * G;
            pair[2 * G] = c0_word(G);
            pair[2 * G + 1] = first + 32 <= n ? ~0u : first >= n ? 0u : (1u << (n - first)) - 1;
        }
        apply_control_bits_pairs(reinterpret_cast<uint8_t*>(pair), sk_cond, M, true);
        for (uint32_t G = 0; G < groups; ++G) {
            const uint32_t r = pair[2 * G], in_support = pair[2 * G + 1];
            store32(v + 4 * G, in_support);
            c0_over_g2(G, r);
        }
    }
    // (written in place: the transposed FFT's 2^K <= 4t outputs run into
    // s_check, which is not used yet)
    fft_transposed<M>(s, w.fft, 2 * t);
    const uint32_t len = berlekamp_massey<M>(p, loc, s);
    // The locator at every point; e in field order = its roots in the support.
    load_coeffs(loc, t + 1);
    fft_evaluate<M>(w.fft, fc, t + 1);
    uint32_t weight = 0;
    for (uint32_t G = 0; G < groups; ++G) {
        uint32_t any = 0;
#pragma GCC unroll 13
        for (int b = 0; b < M; ++b) any |= w.fft[G * M + b];
        const uint32_t word = ~any & load32(v + 4 * G);
        store32(v + 4 * G, word);
        weight += popcount32(word);
    }
    // Success iff weight t and H e = C0, i.e. the 2t syndromes s' of e equal s
    // (the reference compares all 2t). Comparing s'_0 .. s'_{t-1} and L <= t
    // is equivalent and halves the check: with weight t, loc is monic of
    // degree t with t distinct roots, the positions of e, so s' satisfies the
    // order-t recurrence C; when L <= t, Berlekamp-Massey's C (untruncated
    // then) generates s too, so s and s' agree on all 2t terms once they agree
    // on the first t. Conversely s' = s is generated by e's locator (length
    // t), so then L <= t.
    // s' by the transposed FFT of e / g^2 (ginv2 is not needed afterwards);
    // then e into support order.
    for (uint32_t G = 0; G < groups; ++G) {
        const uint32_t r = load32(v + 4 * G);
#pragma GCC unroll 13
        for (int b = 0; b < M; ++b) w.ginv2[G * M + b] &= r;
    }
    fft_transposed<M>(s_check, w.ginv2, t);  // (2^K <= 2t outputs: within s_check)
    apply_control_bits_bitvector(v, sk_cond, M, false);
    uint32_t diff = (weight ^ t) | lt_mask(t, len);  // nonzero when weight != t or L > t
    for (uint32_t j = 0; j < t; ++j) diff |= uint32_t(s[j] ^ s_check[j]);
    return decaps_finish<M>(p, ss, ct, sk, w, diff);
}

template <int M>
void fft_evaluate_all(gf* out, const gf* f, uint32_t coeffs, uint32_t* work, gf* fc) {
    const uint32_t q = 1u << M, kc = M == 12 ? 128 : 256;
    for (uint32_t i = 0; i < kc; ++i) fc[i] = i < coeffs ? f[i] : 0;
    fft_evaluate<M>(work, fc, coeffs);
    for (uint32_t j = 0; j < q; ++j) {
        uint32_t v = 0;
        for (int b = 0; b < M; ++b) v |= ((work[(j / 32) * M + b] >> (j % 32)) & 1) << b;
        out[Gf<M>::bitrev(gf(j))] = gf(v);
    }
}
template <int M>
void fft_power_sums(gf* out, uint32_t terms, const gf* x, uint32_t* work, gf* fc) {
    const uint32_t q = 1u << M;
    for (uint32_t G = 0; G < q / 32; ++G)
        for (int b = 0; b < M; ++b) {
            uint32_t word = 0;
            for (uint32_t l = 0; l < 32; ++l) word |= uint32_t((x[Gf<M>::bitrev(gf(32 * G + l))] >> b) & 1) << l;
            work[G * M + b] = word;
        }
    fft_transposed<M>(fc, work, terms);
    for (uint32_t j = 0; j < terms; ++j) out[j] = fc[j];
}
template void fft_evaluate_all<12>(gf*, const gf*, uint32_t, uint32_t*, gf*);
template void fft_evaluate_all<13>(gf*, const gf*, uint32_t, uint32_t*, gf*);
template void fft_power_sums<12>(gf*, uint32_t, const gf*, uint32_t*, gf*);
template void fft_power_sums<13>(gf*, uint32_t, const gf*, uint32_t*, gf*);

template Status decapsulate<12>(const Params&, uint8_t*, const uint8_t*, const uint8_t*, const DecapsWork&);
template Status decapsulate<13>(const Params&, uint8_t*, const uint8_t*, const uint8_t*, const DecapsWork&);

}  // namespace pqmcu::mceliece
