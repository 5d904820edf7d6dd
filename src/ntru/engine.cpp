// SPDX-License-Identifier: Apache-2.0 OR MIT
// NTRU engine: everything that touches a secret is straight-line code on
// masks (no secret branch, no secret index): sampling (a sorting network for
// the fixed-weight polynomials), the divstep inversions mod 2 and mod 3 on
// bit-sliced words, Newton lifting to mod 2^16, the validity checks of
// decryption and the implicit-rejection select.
#include "ntru/engine.hpp"

#if defined(__ARM_FEATURE_SIMD32)
#include <arm_acle.h>
#endif
#include "ntru/inverse.hpp"

#include <bit>
#include <cstring>

#include "core/secure.hpp"
#include "hash/shake.hpp"
#include "polymul/polymul.hpp"
#include "ntru/engine_avx2.hpp"
#include "polymul/polymul_avx2.hpp"

namespace pqmcu::ntru {
namespace detail {

#if defined(PQMCU_NTRU_NTT_M4_ASM)
extern "C" void pqmcu_ntru_zero32(void* p, uint32_t blocks);
#endif
void wipe(void* p, size_t n) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    if (reinterpret_cast<uintptr_t>(p) % 4 == 0 && n >= 32) {
        const size_t whole = n / 32 * 32;
        pqmcu_ntru_zero32(p, uint32_t(n / 32));  // (an external call: the stores stay)
        p = static_cast<uint8_t*>(p) + whole;
        n -= whole;
    }
#endif
    secure_wipe(p, n);
}

uint16_t mod3(uint16_t a) {
    // a (2^32 + 2) / 3 mod 2^32 is 2^32 frac(a / 3) + 2a / 3: its top two
    // bits are 3 frac(a / 3) = a mod 3 (2a / 3 < 2^30 for a < 2^16): a
    // multiplication and a shift.
    return uint16_t((uint32_t(a) * 0x55555556u) >> 30);
}

// Each byte lane of a 64-bit sum of word products gains at most 16 per
// product (four terms of at most 2 * 2); after a fold (x -> x / 16 + x mod 16
// per lane, 16 = 1 mod 3) a lane is at most 30, so 14 more products keep it
// below 256 (12 more at most between folds here, 14 in the M4's). The three outputs
// k .. k + 2 of a block share A[i] and two of their three words of B with the
// step before (one load of each per three UMLALs).
// The loops' bounds depend on n only: constant time.
#if defined(PQMCU_NTRU_NTT_M4_ASM)
extern "C" void pqmcu_ntru_s3_lanes_mul5(uint32_t* C, const uint32_t* A, const uint32_t* Y, uint32_t w);
extern "C" void pqmcu_ntru_m16_lanes_mul5(uint32_t* C, const uint32_t* A, const uint32_t* Y, uint32_t w);
extern "C" void pqmcu_ntru_m16_lanes_mul5f2(uint32_t* C, const uint32_t* A, const uint32_t* Y, uint32_t w);
extern "C" void pqmcu_ntru_m32_lanes_sqr(uint32_t* C, const uint32_t* A, uint32_t w);
extern "C" void pqmcu_ntru_s3_kmul_fold(uint32_t* C, const uint32_t* P, uint32_t h, uint32_t q2, uint32_t q3,
                                        uint32_t folded);
extern "C" void pqmcu_ntru_s3_frob_dbl(uint32_t* out, const uint8_t* D, const uint32_t* st, uint32_t pairs);
extern "C" void pqmcu_ntru_s3_sums(uint32_t* S, const uint32_t* X, uint32_t h, uint32_t l);
#endif
namespace {
[[maybe_unused]] inline uint64_t fold_lanes(uint64_t x) {
    const uint32_t lo = uint32_t(x), hi = uint32_t(x >> 32), m = 0x0F0F0F0Fu;
    return uint64_t((lo & m) + ((lo >> 4) & m)) | (uint64_t((hi & m) + ((hi >> 4) & m)) << 32);
}
// The mod 4 product's fold: each lane mod 16 (16 = 0 mod 4).
[[maybe_unused]] inline uint64_t fold_lanes16(uint64_t x) { return x & 0x0F0F0F0F0F0F0F0Full; }
// Each word's lanes as they are (Signed: {0,1,2} -> {0,1,-1}, the word the
// integer sum of lane * 256^i, |sum| < 2^25: exact as int32).
template <bool Signed = false>
inline uint32_t lanes_word(uint32_t v) {
    return Signed ? v - 3 * ((v >> 1) & 0x01010101u) : v;
}
// (Mask: each coefficient taken mod 16 first, any 16-bit a.)
template <bool Signed = false, bool Mask = false>
inline void pack_lanes(uint32_t* w, const uint16_t* a, size_t n) {
    const size_t words = (n + 3) / 4;
    size_t j = 0;
#pragma GCC unroll 4
    for (; 4 * j + 4 <= n; ++j) {
        uint32_t lo, hi;  // (a[4j], a[4j+1]), (a[4j+2], a[4j+3]) as halfword pairs, each < 256
        __builtin_memcpy(&lo, a + 4 * j, 4);
        __builtin_memcpy(&hi, a + 4 * j + 2, 4);
        if constexpr (Mask) {
            lo &= 0x000F000Fu;
            hi &= 0x000F000Fu;
        }
        w[j] = lanes_word<Signed>(((lo | lo >> 8) & 0xFFFFu) | (hi | hi >> 8) << 16);
    }
    for (; j < words; ++j) {
        uint32_t v = 0;
        for (size_t l = 0; l < 4; ++l)
            if (4 * j + l < n) v |= uint32_t(Mask ? a[4 * j + l] & 15 : a[4 * j + l]) << (8 * l);  // (public bound)
        w[j] = lanes_word<Signed>(v);
    }
}
}  // namespace

namespace {
// dst[0 .. w) = src[0 .. w) (word aligned, no overlap): on the M4 four words
// per LDM / STM (the compiled loop took ~8 cycles per word).
inline void copy_words(uint32_t* dst, const uint32_t* src, size_t w) {
    size_t j = 0;
#if defined(PQMCU_TARGET_M4)
    if (w >= 4) {
        uint32_t k = uint32_t(w / 4);
        // (LDM / STM take their registers in ascending order: fixed here)
        register uint32_t t0 asm("r4"), t1 asm("r5"), t2 asm("r6"), t3 asm("r12");
        uint32_t* d = dst;
        const uint32_t* q = src;
        // (eight words a loop step where k is even: -0.8k cycles at hrss701's key generation)
        __asm__ volatile(
            "lsrs %[k], %[k], #1\n\t"
            "bcc 2f\n\t"
            "ldmia %[q]!, {%[t0], %[t1], %[t2], %[t3]}\n\t"
            "stmia %[d]!, {%[t0], %[t1], %[t2], %[t3]}\n\t"
            "cmp %[k], #0\n\t"
            "beq 3f\n\t"
            "2:\n\t"
            "ldmia %[q]!, {%[t0], %[t1], %[t2], %[t3]}\n\t"
            "stmia %[d]!, {%[t0], %[t1], %[t2], %[t3]}\n\t"
            "ldmia %[q]!, {%[t0], %[t1], %[t2], %[t3]}\n\t"
            "stmia %[d]!, {%[t0], %[t1], %[t2], %[t3]}\n\t"
            "subs %[k], %[k], #1\n\t"
            "bne 2b\n\t"
            "3:"
            : [d] "+r"(d), [q] "+r"(q), [k] "+r"(k), [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2),
              [t3] "=&r"(t3)
            :
            : "cc", "memory");
        j = w / 4 * 4;
    }
#endif
    for (; j < w; ++j) dst[j] = src[j];
}
// C[0 .. 2w) = A B (w words each), lanes <= 60; Y: w + 4 words (B padded
// with two zero words on each side). Fold: 0 x mod 16 + x / 16 every 12
// steps (mod 3); 2 x mod 16 every 3 steps (mod 16, operands <= 15 and {0,1},
// or both <= 3). On the M4 the callers use the five-output assembly kernels
// instead (s3_lanes_m4.S: pqmcu_ntru_s3_lanes_mul5 / m16_lanes_mul5, four
// zero words on each side of B); this C is the hosts' (and Fold 3's).
// (Copy false: B is Y + 2 already: lanes_kmul's products, lanes_product)
template <int Fold = 0, bool Copy = true>
void lanes_mul(uint32_t* C, const uint32_t* A, const uint32_t* B, size_t w, uint32_t* Y) {
    Y[0] = Y[1] = 0;
    if constexpr (Copy) copy_words(Y + 2, B, w);
    Y[w + 2] = Y[w + 3] = 0;
    uint32_t carry = 0;  // the previous output's lanes 4..6
    for (size_t k = 0; k < 2 * w; k += 3) {
        // outputs k + j, j < 3: sum_i A[i] B[k + j - i] over the union of their ranges
        const size_t lo = k + 1 >= w ? k + 1 - w : 0, hi = k + 2 < w - 1 ? k + 2 : w - 1;
        const uint32_t* y = Y + 2 + (k + 2 - lo);  // B[k + 2 - i] at i = lo
        uint32_t sums[6];
        const auto fold = [](uint64_t v) {
            return Fold == 3 ? v & 0x1F1F1F1F1F1F1F1Full : Fold != 0 ? fold_lanes16(v) : fold_lanes(v);
        };
        constexpr size_t every = Fold == 3 ? 6 : Fold == 2 ? 3 : 12;
        uint64_t acc[3] = {0, 0, 0};
        for (size_t s = 0; lo + s <= hi; ++s) {
            const uint64_t x = A[lo + s];
            for (size_t j = 0; j < 3; ++j) acc[j] += x * y[ptrdiff_t(j) - 2 - ptrdiff_t(s)];
            if (s % every == every - 1)
                for (auto& v : acc) v = fold(v);
        }
        for (size_t j = 0; j < 3; ++j) {
            acc[j] = fold(acc[j]);
            sums[2 * j] = uint32_t(acc[j]);
            sums[2 * j + 1] = uint32_t(acc[j] >> 32);
        }
        const uint32_t out[3] = {sums[0] + carry, sums[2] + sums[1], sums[4] + sums[3]};  // lanes <= 60
        if (k + 3 <= 2 * w) {
            C[k] = out[0];
            C[k + 1] = out[1];
            C[k + 2] = out[2];
        } else {
            for (size_t j = 0; k + j < 2 * w; ++j) C[k + j] = out[j];  // (public bound)
        }
        carry = sums[5];
    }
}

// a b (n coefficients each, lanes as lanes_mul's Fold leaves them) as the
// bytes of 2n coefficients, in scratch: A, B (W words each), Y (W + 4), the
// product (2W), W = ceil(n / 4). (b is packed straight into Y, padded there:
// no copy; B's words are unused.)
template <int Fold = 0, bool MaskA = false>
const uint8_t* lanes_product(const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch) {
    const size_t W = (n + 3) / 4;
    uint32_t* A = scratch;
    uint32_t* Y = A + 2 * W;
    uint32_t* R = Y + W + 4;
    pack_lanes<false, MaskA>(A, a, n);
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    if constexpr (Fold == 0 || Fold == 2) {
        // the five-output kernels (four zero words on each side of b): Y from
        // A + W (B's unused words), up to A + 2W + 8 <= R
        uint32_t* Y4 = A + W;
        Y4[0] = Y4[1] = Y4[2] = Y4[3] = 0;
        pack_lanes(Y4 + 4, b, n);
        Y4[W + 4] = Y4[W + 5] = Y4[W + 6] = Y4[W + 7] = 0;
        if constexpr (Fold == 0) pqmcu_ntru_s3_lanes_mul5(R, A, Y4, uint32_t(W));
        else pqmcu_ntru_m16_lanes_mul5(R, A, Y4, uint32_t(W));
        return reinterpret_cast<const uint8_t*>(R);
    }
#endif
    pack_lanes(Y + 2, b, n);
    lanes_mul<Fold, false>(R, A, Y + 2, W, Y);
    return reinterpret_cast<const uint8_t*>(R);
}
}  // namespace

// (One Karatsuba level on words, the sums' lanes reduced to {0,1,2} and
// p1 - p0 - p2 as p1 + 2 (p0 + p2) on folded lanes, measured 516.6k against
// 513.4k decapsulation cycles at n = 509 and 1,037k against 1,043k at 821:
// three times the blocks, shorter runs. Not kept.)
void s3_mul_lanes(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch) {
    const uint8_t* bytes = lanes_product(a, b, n, scratch);
    // mod x^n - 1 (coefficient t < 2n <= 8W), then mod (3, Phi_n): subtract the last coefficient
    const uint32_t last = uint32_t(bytes[n - 1]) + bytes[2 * n - 1];
#pragma GCC unroll 4
    for (size_t i = 0; i < n; ++i) c[i] = mod3(uint16_t(bytes[i] + bytes[i + n] + 2 * last));
}

namespace {
// Four bytes (b0, b1, b2, b3) spread to the halfword pairs w0 = (b0, b1),
// w1 = (b2, b3). On the M4 UXTB16 (ROR #8), then PKHBT / PKHTB in asm (GCC
// made a MOV of the rotation and masks / ORRs of the PKHs).
[[gnu::always_inline]] inline void bytes_to_halves(uint32_t x, uint32_t& w0, uint32_t& w1) {
#if defined(PQMCU_TARGET_M4)
    uint32_t e, o;
    __asm__("uxtb16 %0, %2\n\tuxtb16 %1, %2, ror #8" : "=&r"(e), "=r"(o) : "r"(x));
    __asm__("pkhbt %0, %2, %3, lsl #16\n\tpkhtb %1, %3, %2, asr #16" : "=&r"(w0), "=r"(w1) : "r"(e), "r"(o));
#else
    const uint32_t e = x & 0x00FF00FFu, o = (x >> 8) & 0x00FF00FFu;
    w0 = (e & 0xFFFFu) | (o << 16);
    w1 = (e >> 16) | (o & 0xFFFF0000u);
#endif
}
// halfword-lane difference and sum (two coefficients a word)
inline uint32_t sub16(uint32_t x, uint32_t y) {
#if defined(__ARM_FEATURE_SIMD32)
    return __usub16(x, y);
#else
    return ((x - y) & 0xFFFFu) | (((x >> 16) - (y >> 16)) << 16);
#endif
}
inline uint32_t add16(uint32_t x, uint32_t y) {
#if defined(__ARM_FEATURE_SIMD32)
    return __uadd16(x, y);
#else
    return ((x + y) & 0xFFFFu) | (((x >> 16) + (y >> 16)) << 16);
#endif
}
// c = the product's bytes mod x^n - 1, four lanes per word (each sum <=
// 124: no carry between lanes), each lane & mask, the bytes spread to halfwords
// (Neg: each lane's negation & mask instead, mask 15: 16 - v per byte, no borrow)
template <bool Neg = false>
void lanes_readout(uint16_t* c, const uint8_t* bytes, size_t n, uint32_t mask) {
    const uint32_t mask4 = mask * 0x01010101u;
    size_t i = 0;
#pragma GCC unroll 2
    for (; i + 4 <= n; i += 4) {
        uint32_t lo, hi;
        __builtin_memcpy(&lo, bytes + i, 4);
        __builtin_memcpy(&hi, bytes + i + n, 4);
        uint32_t v = (lo + hi) & mask4;
        if constexpr (Neg) v = (0x10101010u - v) & mask4;
        uint32_t w0, w1;
        bytes_to_halves(v, w0, w1);
        __builtin_memcpy(c + i, &w0, 4);
        __builtin_memcpy(c + i + 2, &w1, 4);
    }
    for (; i < n; ++i) c[i] = uint16_t((Neg ? 0u - (bytes[i] + bytes[i + n]) : bytes[i] + bytes[i + n]) & mask);
}
// c[i] += (v_i << 8) + ((p[i] << 11) mod 2^16), v_i the lanes as
// lanes_readout's (<= 31 here): hrss701's last Newton step's u^2 terms added
// in the square's readout instead of a pass over c, p and the square (-1.6k
// cycles at its key generation)
void lanes_readout_acc(uint16_t* c, const uint8_t* bytes, size_t n, uint32_t mask, const uint16_t* p) {
    const uint32_t mask4 = mask * 0x01010101u;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        uint32_t lo, hi;
        __builtin_memcpy(&lo, bytes + i, 4);
        __builtin_memcpy(&hi, bytes + i + n, 4);
        const uint32_t v = (lo + hi) & mask4;
        uint32_t w0, w1;
        bytes_to_halves(v, w0, w1);
        uint32_t c0, c1, p0, p1;
        __builtin_memcpy(&c0, c + i, 4);
        __builtin_memcpy(&c1, c + i + 2, 4);
        __builtin_memcpy(&p0, p + i, 4);
        __builtin_memcpy(&p1, p + i + 2, 4);
        c0 = add16(c0, add16((p0 << 11) & 0xF800F800u, w0 << 8));  // (lanes <= 31: no carry out of a half)
        c1 = add16(c1, add16((p1 << 11) & 0xF800F800u, w1 << 8));
        __builtin_memcpy(c + i, &c0, 4);
        __builtin_memcpy(c + i + 2, &c1, 4);
    }
    for (; i < n; ++i)
        c[i] = uint16_t(c[i] + (((bytes[i] + bytes[i + n]) & mask) << 8) + (uint32_t(p[i]) << 11));
}
template <int Fold, bool MaskA = false>
void mod16_lanes(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch, uint32_t mask) {
    lanes_readout(c, lanes_product<Fold, MaskA>(a, b, n, scratch), n, mask);
}
}  // namespace

void mod16_mul_lanes(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch) {
    mod16_lanes<2>(c, a, b, n, scratch, 15);
}
void mod16_mul_lanes_lo(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch) {
    mod16_lanes<2, true>(c, a, b, n, scratch, 15);
}
void mod32_mul_lanes(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch) {
    mod16_lanes<3>(c, a, b, n, scratch, 31);
}

#if defined(PQMCU_NTRU_NTT_M4_ASM)
namespace {
// One Karatsuba level over the mod 16 kernels, three products of h = W / 2
// words instead of one of W (W = ceil(n / 4) even, n > 4 (W - 1)). Mod4: c =
// a b mod 4 (a, b <= 3; hrss701's quartic step, w0 w1): the halves' sums
// taken mod 4 (lanes <= 3: the kernel's "both <= 3" bound for p1 too), so p1
// and the middle words are right mod 4 only, c's lanes <= 3. Else c = a b
// mod 16 (a <= 15, or any a with MaskA: its low 4 bits; b in {0,1}): a's
// halves' sum mod 16 (<= 15), b's {0,1,2}, p1 on the kernel that folds every
// 2 steps (pqmcu_ntru_m16_lanes_mul5f2). The middle words c1 + p1 + 32 - c0
// - c2 (each <= 15 from the kernels, 32 = 0 mod 16: lanes 2 .. 62, no borrow
// between lanes), the readout's sums <= 124. lanes: 4W + 20 words (A, B's
// halves each with four zero words on both sides, the sums, p1), R: the
// product's 2W (nullptr: after them), none of c's, a's or b's words.
// (Mod4 / MaskA as run-time arguments, one instance instead of three:
// flash -2.3 KB but keygen +0.7k to +1.6k cycles; not kept)
// (Neg: c = -a b mod 16, lanes_readout<true>)
template <bool Mod4, bool MaskA = false, bool Neg = false>
[[gnu::noinline]] void mod16_mul_lanes_kara(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n,
                                            uint32_t* lanes, uint32_t* R = nullptr) {
    const size_t W = (n + 3) / 4, h = W / 2;
    uint32_t *A = lanes, *Y = A + W, *SA = Y + W + 12, *SB = SA + h, *P = SB + h + 8;
    if (R == nullptr) R = P + W;
    // (one out-of-line instance of the packing for the three calls: flash)
    const auto pack = [](uint32_t* w, const uint16_t* x, size_t m) __attribute__((noinline)) { pack_lanes(w, x, m); };
    pack_lanes<false, MaskA>(A, a, n);
    // Y: 4 zero words, b's first 4h coefficients, 4 zero, the rest (h words), 4 zero
    for (size_t i = 0; i < 4; ++i) Y[i] = Y[h + 4 + i] = Y[W + 8 + i] = SB[i] = SB[h + 4 + i] = 0;
    pack(Y + 4, b, 4 * h);
    pack(Y + h + 8, b + 4 * h, n - 4 * h);
    constexpr uint32_t ma = Mod4 ? 0x03030303u : 0x0F0F0F0Fu, mb = Mod4 ? 0x03030303u : 0xFFFFFFFFu;
    for (size_t i = 0; i < h; ++i) {
        SA[i] = (A[i] + A[h + i]) & ma;
        SB[4 + i] = (Y[4 + i] + Y[h + 8 + i]) & mb;
    }
    if constexpr (Mod4)
        pqmcu_ntru_m16_lanes_mul5(P, SA, SB, uint32_t(h));  // p1
    else
        pqmcu_ntru_m16_lanes_mul5f2(P, SA, SB, uint32_t(h));
    pqmcu_ntru_m16_lanes_mul5(R, A, Y, uint32_t(h));                      // p0
    pqmcu_ntru_m16_lanes_mul5(R + 2 * h, A + h, Y + h + 4, uint32_t(h));  // p2
    constexpr uint32_t k32 = 0x20202020u;
    for (size_t i = 0; i < h; ++i) {
        const uint32_t c0 = R[i], c1 = R[h + i], c2 = R[2 * h + i], c3 = R[3 * h + i];
        R[h + i] = c1 + P[i] + k32 - c0 - c2;
        R[2 * h + i] = c2 + P[h + i] + k32 - c1 - c3;
    }
    lanes_readout<Neg>(c, reinterpret_cast<const uint8_t*>(R), n, Mod4 ? 3 : 15);
}
// (mul's words hold it at the six sets: keygen_mul_words / 2 >= 6W + 20;
// hrss701's quartic step: R after p, lanes_words + (n + 1) / 2 + 2W)
// (and hrss701's quartic13 step from keygen_shared_shift on, before the product's words end)
constexpr bool kara16_fits(size_t n, uint32_t logq) { return 2 * (6 * ((n + 3) / 4) + 20) <= keygen_mul_words(n, logq); }
static_assert(kara16_fits(509, 11) && kara16_fits(677, 11) && kara16_fits(821, 12) && kara16_fits(1229, 12) &&
              kara16_fits(701, 13) && kara16_fits(1373, 14));
static_assert(keygen_shared_shift(701, 13) + 2 * (s3_lanes_words(701) + 351 + 2 * 176) <= keygen_mul_words(701, 13));
static_assert(2 * (s3_lanes_words(701) + 351 + std::max(size_t(2 * 176), r2_cube_scratch_words(701))) + 701 <=
                  ring_mul_words(701, 13) &&
              2 * (3 * ((701 + 3) / 4) + 4) <= ring_mul_words(701, 13));
}  // namespace
#endif

namespace {
// The five-output squaring kernels' diagonal: square(i, neg) for every word
// i < W, neg for i = 3, 4 mod 5 (the kernels' odd blocks held A_i^2 there
// already; five at a time, so the signs are fixed).
template <class Square>
inline void each_square5(size_t W, Square square) {
    size_t i = 0;
    for (; i + 5 <= W; i += 5) {
        square(i, false);
        square(i + 1, false);
        square(i + 2, false);
        square(i + 3, true);
        square(i + 4, true);
    }
    for (; i < W; ++i) square(i, i % 5 >= 3);
}
}  // namespace

// a^2 mod 32 on byte lanes with about half the word products: output word m
// is 2 sum_{i < m/2} A_i A_(m-i) + [m even] A_(m/2)^2. The kernel
// (pqmcu_ntru_m32_lanes_sqr; the C below is the same blocks) sums the cross
// terms once, lanes mod 32, on z3_sqr_int's five-output blocks (block k:
// steps i = lo .. c - 1, c = ceil(k/2), for its five outputs, then i = c for
// outputs k + 1 .. k + 4 and i = c + 1 for k + 3, k + 4; for k odd those put
// A_c^2 into m = k + 1 and A_(c+1)^2 into m = k + 3: i = 3, 4 mod 5). The
// 64-bit sums share words (r[j], r[j + 1]): a lane gains <= 36 a step (four
// products <= 9), so x mod 32 at most 6 steps apart (31 + 6 * 36 < 256: no
// carry leaves a lane), the two half steps counted. Here each lane is
// doubled and the squares A_i^2 added (64 - A_i^2 where the kernel held
// them, which doubled is 2 A_i^2; lanes <= 2 * 31 + 64), mod 32, then mod
// x^n - 1 and & mask. A has four zero words after it (no y below A[1]).
void small_sqr_lanes(uint16_t* c, const uint16_t* a, size_t n, uint32_t* scratch, uint32_t mask,
                     const uint16_t* acc_p) {
    const size_t W = (n + 3) / 4;
    uint32_t *A = scratch, *R = A + W + 4;  // (3W + 4 words)
    pack_lanes(A, a, n);
    A[W] = A[W + 1] = A[W + 2] = A[W + 3] = 0;
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_m32_lanes_sqr(R, A, uint32_t(W));
#else
    {
        constexpr uint32_t k31 = 0x1F1F1F1Fu;
        uint32_t r[6] = {0, 0, 0, 0, 0, 0};  // lane words k .. k + 5
        const auto mla = [&](size_t j, uint32_t x, uint32_t y) {
            const uint64_t v = (r[j] | uint64_t(r[j + 1]) << 32) + uint64_t(x) * y;
            r[j] = uint32_t(v);
            r[j + 1] = uint32_t(v >> 32);
        };
        const auto fold = [&]() {
            for (auto& v : r) v &= k31;
        };
        for (size_t k = 0; k < 2 * W; k += 5) {
            const size_t lo = k + 1 >= W ? k + 1 - W : 0, steps = (k + 1) / 2 - lo;  // (>= 0 for k < 2W)
            const uint32_t* y = A + (k - lo);  // step s, output k + j: y[j - s] (index >= 1)
            for (size_t s = 0; s < steps; ++s) {
                for (size_t j = 0; j < 5; ++j) mla(j, A[lo + s], y[ptrdiff_t(j) - ptrdiff_t(s)]);
                if (s % 6 == 5) fold();
            }
            fold();  // (the M4 kernel: at most 4 steps before the half steps)
            for (size_t j = 1; j < 5; ++j) mla(j, A[lo + steps], y[ptrdiff_t(j) - ptrdiff_t(steps)]);
            for (size_t j = 3; j < 5; ++j) mla(j, A[lo + steps + 1], y[ptrdiff_t(j) - ptrdiff_t(steps) - 1]);
            fold();  // (A[W], A[W + 1]: zero padding)
            for (size_t j = 0; j < 5 && k + j < 2 * W; ++j) R[k + j] = r[j];  // (public bound)
            r[0] = r[5];
            for (size_t j = 1; j < 6; ++j) r[j] = 0;
        }
    }
#endif
    const auto square = [&](size_t i, bool neg) {  // lanes: 2 * 31 + 64 < 256
        const uint64_t sq = uint64_t(A[i]) * A[i];
        const uint32_t lo = uint32_t(sq), hi = uint32_t(sq >> 32), k64 = 0x40404040u, k31 = 0x1F1F1F1Fu;
        R[2 * i] = (2 * R[2 * i] + (neg ? k64 - lo : lo)) & k31;
        R[2 * i + 1] = (2 * R[2 * i + 1] + (neg ? k64 - hi : hi)) & k31;
    };
    each_square5(W, square);
    if (acc_p != nullptr) lanes_readout_acc(c, reinterpret_cast<const uint8_t*>(R), n, mask, acc_p);  // (public)
    else lanes_readout(c, reinterpret_cast<const uint8_t*>(R), n, mask);
}

#if defined(PQMCU_NTRU_NTT_M4_ASM)
extern "C" void pqmcu_ntru_int_lanes_mul(uint32_t* C, const uint32_t* A, const uint32_t* Y, uint32_t w);
extern "C" void pqmcu_ntru_int_lanes_sqr(uint32_t* C, const uint32_t* A, const uint32_t* Y, uint32_t w);
extern "C" void pqmcu_ntru_int_lanes_diag(uint32_t* C, const uint32_t* A, uint32_t w);
extern "C" void pqmcu_ntru_int_lanes_fold(uint16_t* c, const uint32_t* C, uint32_t N, uint32_t scale);
#endif
namespace {
// The M4 key generation's per-coefficient passes two coefficients per word (halfword
// lanes: masks, shifts, USUB16 / UADD16; unaligned word accesses are allowed
// there): pairs(n, f) calls f(i, 2) for each pair, f(n - 1, 1) for an odd n's last.
// (The pairs unrolled by 4: -7.0k cycles at hrss701's key generation, -2.1k to
// -12k at the others', flash +2.8 KB.)
template <class F>
inline void pairs(size_t n, F f) {
    size_t i = 0;
#pragma GCC unroll 4
    for (; i + 1 < n; i += 2) f(i, 2);
    if (i < n) f(i, 1);
}
inline uint32_t ld16(const uint16_t* p, size_t count) {
    uint32_t v = p[0];
    if (count == 2) __builtin_memcpy(&v, p, 4);
    return v;
}
inline void st16(uint16_t* p, uint32_t v, size_t count) {
    if (count == 2) __builtin_memcpy(p, &v, 4);
    else p[0] = uint16_t(v);
}
// v <- Scale (x - 1) v mod x^n - 1 in place (v_i <- Scale (v_(i-1) - v_i)),
// two coefficients a step: the previous pair's high half carried in a
// register, v_(n-1) read before it is overwritten; Scale 1, 3 or 9 (the
// integer lane kernels' own scaling costs more). Public indices.
template <uint32_t Scale>
[[gnu::noinline]] void times_x_minus_1(uint16_t* v, size_t n) {
    static_assert(Scale == 1 || Scale == 3 || Scale == 9);
    uint32_t prev = uint32_t(v[n - 1]) << 16;  // (v_(i-1) in the high half)
    pairs(n, [&](size_t i, size_t k) {
        const uint32_t w = ld16(v + i, k);
        uint32_t d = sub16((prev >> 16) | (w << 16), w);  // (v_(i-1), v_i) - (v_i, v_(i+1))
        if constexpr (Scale >= 3) d = add16(d, add16(d, d));
        if constexpr (Scale == 9) d = add16(d, add16(d, d));
        st16(v + i, d, k);
        prev = w;
    });
}
// v <- 9 (x - 1)^2 v mod x^n - 1 in place in one pass (times_x_minus_1<1>
// then <9>): v_i <- 9 (v_(i-2) - 2 v_(i-1) + v_i), i.e. on pair words
// W_(k-1) + W_k - 2 (v_(2k-1), v_2k), the previous word kept (original
// values), W_(-1) = (v_(n-2), v_(n-1)) read first; 9 e as e + (e << 3) with
// each lane's carry-ins cleared (BIC). (-3.0k cycles at hrss701's key
// generation against the two passes)
[[gnu::noinline]] void times_9_x_minus_1_sq(uint16_t* v, size_t n) {
    uint32_t prev = uint32_t(v[n - 2]) | (uint32_t(v[n - 1]) << 16);  // W_(k-1)
    pairs(n, [&](size_t i, size_t k) {
        const uint32_t w = ld16(v + i, k);
        const uint32_t mid = (prev >> 16) | (w << 16);  // (v_(i-1), v_i)
        const uint32_t e = sub16(add16(prev, w), add16(mid, mid));
        st16(v + i, add16(e, (e << 3) & ~0x00070007u), k);
        prev = w;
    });
}
}  // namespace

namespace {
constexpr size_t kIntEvery = 30;  // steps between spills (a lane gains <= 4 per step)
constexpr uint32_t kIntHalf = 0x80008000u;
// lo = max(k + 1 - W, 0): the blocks' first step (as the kernels)
inline size_t int_block_lo(size_t k, size_t W) { return k + 1 >= W ? k + 1 - W : 0; }
// C (4W + 10 words) starts at `base` minus the biases the spills will add
// (on the M4 the kernels set it, block by block, from their step counts)
// (blocks of five outputs, k = 0, 5, ...: block k adds 128 to each halfword
// of lane words k .. k + 4 per spill, spills(k) spills, and to lane word
// k + 5 at all but its last: that word is carried into block k + 5 as its
// lane word k). The product: base 2^15 in each half, so the sums (of
// size <= n < 2^15) end in [1, 2^16) with no borrow between the halves and
// the two 2^15 of h[i] + h[i + n] vanish mod 2^16. Lane words >= 2W are not
// read.
template <class Spills>
void int_lanes_start(uint32_t* C, size_t W, uint32_t base, Spills spills) {
    uint32_t prev = 0;
    for (size_t k = 0; k < 2 * W; k += 5) {
        const uint32_t bias = 128u * 0x10001u * uint32_t(spills(k));
        uint32_t* o = C + 2 * k;
        o[0] = o[1] = base - (bias + prev);
        o[2] = o[3] = o[4] = o[5] = o[6] = o[7] = o[8] = o[9] = base - bias;  // (written out: no loop)
        prev = bias - 128u * 0x10001u;
    }
}
#if !defined(PQMCU_NTRU_NTT_M4_ASM)
// The kernels' blocks (int_lanes_m4.S): six words r of four biased lanes,
// lane words k .. k + 5; output k + j's 64-bit sum in (r[j], r[j + 1])
// (SMLAL: no lane leaves [0, 255], so the shared words stay exact). The
// last spill of a block leaves r[5] as the next block's r[0] (`next`).
struct IntBlock5 {
    uint32_t r[6] = {0x80808080u, 0x80808080u, 0x80808080u, 0x80808080u, 0x80808080u, 0x80808080u};
    void bias() {
        for (auto& v : r) v = 0x80808080u;
    }
    void next() {
        r[0] = r[5];
        for (size_t i = 1; i < 6; ++i) r[i] = 0x80808080u;
    }
    void mla(size_t j, uint32_t x, uint32_t y) {
        uint64_t v = r[j] | uint64_t(r[j + 1]) << 32;
        v += uint64_t(int64_t(int32_t(x)) * int32_t(y));
        r[j] = uint32_t(v);
        r[j + 1] = uint32_t(v >> 32);
    }
    // the lanes into the block's halfword lanes (even lanes, odd lanes),
    // restarted (last: r[5] kept for the next block)
    void spill(uint32_t* out, bool last = false) {
        for (size_t i = 0; i < (last ? 5u : 6u); ++i) {
            out[2 * i] += r[i] & 0x00FF00FFu;
            out[2 * i + 1] += (r[i] >> 8) & 0x00FF00FFu;
        }
        if (last) next();
        else bias();
    }
};
#endif
inline uint32_t mul16(uint32_t v, uint32_t s) {  // both halfwords times s, mod 2^16 each
    return (((v & 0xFFFFu) * s) & 0xFFFFu) | ((v >> 16) * s) << 16;
}
// c = scale h mod x^n - 1, h the lane words (even lanes, odd lanes) in C.
// For n = 1 mod 4 (every set) in one pass: c[4j .. 4j + 4) = lanes 0..3 of
// word j plus lanes 1..3 of word j + (n - 1) / 4 and lane 0 of the next
// (halfword moves, PKHBT / PKHTB where the compiler sees them); otherwise
// the words to coefficient order first.
template <bool Scaled>
void int_lanes_finish(uint16_t* c, uint32_t* C, size_t n, uint32_t scale) {
    if (n % 4 == 1) {
        const size_t N = n / 4;
        const uint32_t* L = C + 2 * N;  // lane word j + N: L[2j], L[2j + 1]
        uint32_t E = L[0];
        for (size_t j = 0; j < N; ++j) {
            const uint32_t e = C[2 * j], o = C[2 * j + 1], O = L[2 * j + 1], E1 = L[2 * j + 2];
            uint32_t w0 = add16((e & 0xFFFFu) | (o << 16), (E & 0xFFFF0000u) | (O & 0xFFFFu));
            uint32_t w1 = add16((o & 0xFFFF0000u) | (e >> 16), (O >> 16) | (E1 << 16));
            if constexpr (Scaled) {
                w0 = mul16(w0, scale);
                w1 = mul16(w1, scale);
            }
            __builtin_memcpy(c + 4 * j, &w0, 4);
            __builtin_memcpy(c + 4 * j + 2, &w1, 4);
            E = E1;
        }
        c[4 * N] = uint16_t((C[2 * N] + L[2 * N + 1]) * scale);  // h[4N] + h[8N + 1]
        return;
    }
    const size_t W = (n + 3) / 4;
    for (size_t j = 0; j < 2 * W; ++j) {
        const uint32_t e = C[2 * j], o = C[2 * j + 1];
        C[2 * j] = (e & 0xFFFFu) | (o << 16);
        C[2 * j + 1] = (e >> 16) | (o & 0xFFFF0000u);
    }
    const uint16_t* h = reinterpret_cast<const uint16_t*>(C);
    pairs(n, [&](size_t i, size_t k) { st16(c + i, mul16(add16(ld16(h + i, k), ld16(h + i + n, k)), scale), k); });
}
void int_lanes_finish(uint16_t* c, uint32_t* C, size_t n, uint32_t scale) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    if (n % 4 == 1) {  // the same one pass (PKHBT / PKHTB, SMULBB / SMULTB)
        const size_t N = n / 4;
        pqmcu_ntru_int_lanes_fold(c, C, uint32_t(N), scale);
        c[4 * N] = uint16_t((C[2 * N] + C[4 * N + 1]) * scale);  // h[4N] + h[8N + 1]
        return;
    }
#endif
    if (scale == 1) int_lanes_finish<false>(c, C, n, 1);
    else int_lanes_finish<true>(c, C, n, scale);
}
}  // namespace

// a b on signed byte lanes ({0,1,-1}; SMLAL), every lane spilled with a bias
// of 128 to halfwords before its size can pass 127 (s3_lanes_m4.S; the C
// below is the same blocks), the biases taken off, then mod x^n - 1.
void z3_mul_int(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch, uint32_t scale) {
    const size_t W = (n + 3) / 4;
    uint32_t *A = scratch, *Y = A + W, *C = Y + W + 8;  // (b goes straight into Y, four zero words each side)
    pack_lanes<true>(A, a, n);  // lanes {0,1,-1}
    pack_lanes<true>(Y + 4, b, n);
    Y[0] = Y[1] = Y[2] = Y[3] = 0;
    Y[W + 4] = Y[W + 5] = Y[W + 6] = Y[W + 7] = 0;
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_int_lanes_mul(C, A, Y, uint32_t(W));  // (C's start set there, block by block)
#else
    const auto hi_of = [W](size_t k) { return k + 4 < W - 1 ? k + 4 : W - 1; };
    int_lanes_start(C, W, kIntHalf, [&](size_t k) { return (hi_of(k) + 1 - int_block_lo(k, W)) / kIntEvery + 1; });
    IntBlock5 blk;
    for (size_t k = 0; k < 2 * W; k += 5) {
        const size_t lo = int_block_lo(k, W), hi = hi_of(k);
        const uint32_t* y = Y + 4 + (k - lo);  // step s, output k + j: y[j - s]
        for (size_t s = 0; lo + s <= hi; ++s) {
            for (size_t j = 0; j < 5; ++j) blk.mla(j, A[lo + s], y[ptrdiff_t(j) - ptrdiff_t(s)]);
            if (s % kIntEvery == kIntEvery - 1) blk.spill(C + 2 * k);
        }
        blk.spill(C + 2 * k, true);
    }
#endif
    int_lanes_finish(c, C, n, scale);
}

// a^2 as z3_mul_int(c, a, a) with about half the word products: output word
// m is 2 sum_{i < m/2} A_i A_(m-i) + [m even] A_(m/2)^2. The kernel
// (pqmcu_ntru_int_lanes_sqr; the C below is the same blocks) adds the cross
// terms once (block k: steps i = lo .. c - 1, c = ceil(k/2), for its five
// outputs, then i = c for outputs k + 1 .. k + 4 and i = c + 1 for k + 3,
// k + 4); for k odd those last steps put A_c^2 into m = k + 1 and A_(c+1)^2
// into m = k + 3 (i = 3, 4 mod 5). The squares pass below doubles every
// halfword lane and adds the squares, negated there (i is public). C starts
// at 2^14 - 64 per half (minus the biases): 2 (2^14 - 64) + 128 (the
// squares' bias) is the product's 2^15; before the doubling every half is
// in (0, 2^15) (the biases < 2^11, the cross sums < n / 2).
void z3_sqr_int(uint16_t* c, const uint16_t* a, size_t n, uint32_t* scratch, uint32_t scale) {
    const size_t W = (n + 3) / 4;
    uint32_t *Y = scratch, *A = Y + 4, *C = Y + W + 8;
    pack_lanes<true>(A, a, n);  // lanes {0,1,-1}
    Y[0] = Y[1] = Y[2] = Y[3] = 0;
    Y[W + 4] = Y[W + 5] = Y[W + 6] = Y[W + 7] = 0;
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_int_lanes_sqr(C, A, Y, uint32_t(W));  // (C's start set there, block by block)
#else
    const auto full = [W](size_t k) { return (k + 1) / 2 - int_block_lo(k, W); };  // (>= 0 for k < 2W)
    int_lanes_start(C, W, 0x3FC03FC0u, [&](size_t k) { return full(k) / kIntEvery + 1; });
    IntBlock5 blk;
    for (size_t k = 0; k < 2 * W; k += 5) {
        const size_t lo = int_block_lo(k, W), steps = full(k);
        const uint32_t* y = Y + 4 + (k - lo);  // step s, output k + j: y[j - s]
        for (size_t s = 0; s < steps; ++s) {
            for (size_t j = 0; j < 5; ++j) blk.mla(j, A[lo + s], y[ptrdiff_t(j) - ptrdiff_t(s)]);
            if (s % kIntEvery == kIntEvery - 1) blk.spill(C + 2 * k);
        }
        for (size_t j = 1; j < 5; ++j) blk.mla(j, A[lo + steps], y[ptrdiff_t(j) - ptrdiff_t(steps)]);
        for (size_t j = 3; j < 5; ++j) blk.mla(j, A[lo + steps + 1], y[ptrdiff_t(j) - ptrdiff_t(steps) - 1]);
        blk.spill(C + 2 * k, true);  // (A[W], A[W + 1]: zero padding)
    }
#endif
    // every halfword doubled and the squares A_i^2 added into lane words 2i,
    // 2i + 1 (each lane of the biased 64-bit value in [124, 132]: no
    // borrows), negated for i = 3, 4 mod 5 (five at a time: the signs fixed)
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_int_lanes_diag(C, A, uint32_t(W));  // (the same pass, LDM / STM)
#else
    const auto square = [&](size_t i, bool neg) {
        const int64_t sq = int64_t(int32_t(A[i])) * int32_t(A[i]);
        const uint64_t v = uint64_t(neg ? -sq : sq) + 0x8080808080808080ull;
        const uint32_t lo = uint32_t(v), hi = uint32_t(v >> 32);
        uint32_t* o = C + 4 * i;
        o[0] = 2 * o[0] + (lo & 0x00FF00FFu);
        o[1] = 2 * o[1] + ((lo >> 8) & 0x00FF00FFu);
        o[2] = 2 * o[2] + (hi & 0x00FF00FFu);
        o[3] = 2 * o[3] + ((hi >> 8) & 0x00FF00FFu);
    };
    each_square5(W, square);
#endif
    int_lanes_finish(c, C, n, scale);
}

namespace {
// out = in(x^(3^k)) mod x^n - 1 on byte lanes (n bytes, zero padding): the
// Frobenius power, coefficient i to 3^k i mod n, so out_j = in_(j s) with
// s = 3^-k mod n. Indices depend on n and k only (public).
// s = 3^-k mod n
constexpr uint32_t frob_stride(size_t n, size_t k) {
    const uint32_t inv3 = uint32_t(n % 3 == 1 ? (2 * n + 1) / 3 : (n + 1) / 3);
    uint32_t s = 1, b = inv3;  // (n < 2^16: 32-bit products)
    for (size_t e = k; e != 0; e >>= 1, b = b * b % uint32_t(n))
        if (e & 1) s = s * b % uint32_t(n);
    return s;
}
void s3_frobenius(uint32_t* out, const uint32_t* in, size_t n, size_t k) {
    const uint32_t s = frob_stride(n, k);
    const uint8_t* src = reinterpret_cast<const uint8_t*>(in);
    const size_t W = (n + 3) / 4;
    size_t idx = 0;
    const auto next = [&]() {
        const uint32_t v = src[idx];
        idx += s;
        if (idx >= n) idx -= n;  // (public)
        return v;
    };
    size_t j = 0;
    const auto step = [&](size_t i) {
        i += s;
        return i >= n ? i - n : i;  // (public)
    };
#if defined(PQMCU_TARGET_M4)
    if (n >= 8) {
        // The four indices of an output word as two halfword pairs (n < 2^15),
        // each advanced by 4s mod n per word: UADD16, then USUB16 / SEL
        // subtract n where the sum reached it.
        const uint32_t i1 = step(idx), i2 = step(i1), i3 = step(i2);
        uint32_t P = uint32_t(idx) | i1 << 16, Q = i2 | i3 << 16;
        const uint32_t S = uint32_t(4 * s % n) * 0x10001u, NN = uint32_t(n) * 0x10001u;
        uint32_t k = uint32_t(n / 8), t0, t1, t2, t3;  // two words an iteration
        uint32_t* o = out;
        // (the four byte loads back to back: they pipeline)
        __asm__ volatile(
            "1:\n\t"
            ".rept 2\n\t"  // two words
            "uxth %[t0], %[P]\n\t"
            "lsr %[t1], %[P], #16\n\t"
            "uxth %[t2], %[Q]\n\t"
            "lsr %[t3], %[Q], #16\n\t"
            "ldrb %[t0], [%[src], %[t0]]\n\t"
            "ldrb %[t1], [%[src], %[t1]]\n\t"
            "ldrb %[t2], [%[src], %[t2]]\n\t"
            "ldrb %[t3], [%[src], %[t3]]\n\t"
            "uadd16 %[P], %[P], %[S]\n\t"
            "orr %[t0], %[t0], %[t1], lsl #8\n\t"
            "usub16 %[t1], %[P], %[NN]\n\t"
            "sel %[P], %[t1], %[P]\n\t"
            "orr %[t0], %[t0], %[t2], lsl #16\n\t"
            "uadd16 %[Q], %[Q], %[S]\n\t"
            "orr %[t0], %[t0], %[t3], lsl #24\n\t"
            "usub16 %[t1], %[Q], %[NN]\n\t"
            "sel %[Q], %[t1], %[Q]\n\t"
            "str %[t0], [%[o]], #4\n\t"
            ".endr\n\t"
            "subs %[k], %[k], #1\n\t"
            "bne 1b"
            : [P] "+r"(P), [Q] "+r"(Q), [o] "+r"(o), [k] "+r"(k), [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2),
              [t3] "=&r"(t3)
            : [src] "r"(src), [S] "r"(S), [NN] "r"(NN)
            : "cc", "memory");
        j = n / 8 * 2;  // (an odd last word: the loop below)
        idx = P & 0xFFFFu;
    }
#endif
    for (; 4 * j + 4 <= n; ++j) {
        // the four indices first, then the four loads back to back (they pipeline on the M4)
        const size_t i0 = idx, i1 = step(i0), i2 = step(i1), i3 = step(i2);
        idx = step(i3);
        const uint32_t b0 = src[i0], b1 = src[i1], b2 = src[i2], b3 = src[i3];
        out[j] = b0 | b1 << 8 | b2 << 16 | b3 << 24;
    }
    for (; j < W; ++j) {
        uint32_t v = 0;
        for (size_t l = 0; 4 * j + l < n; ++l) v |= next() << (8 * l);  // (public bound)
        out[j] = v;
    }
}
// Each lane x to x mod 16 + x / 16 (<= 18 for x <= 60, <= 30 for any byte).
inline uint32_t fold16(uint32_t x) { return (x & 0x0F0F0F0Fu) + ((x >> 4) & 0x0F0F0F0Fu); }
// C[0 .. 2w) = A B mod 3 (w words of lanes {0,1,2}) by `levels` (<= 2)
// Karatsuba levels over lanes_mul (lanes <= 60): the halves' sums reduced to
// {0,1,2}; the middle p1 - p0 - p2 as p1 + 2 (p0 + p2), each output word
// the fold (x mod 16 + x / 16) of the half's word plus p1's, plus twice the
// fold of p0 + p2: lanes <= 22 + 2 * 22 = 66 after one level (<= 60 in:
// sums <= 120), <= 23 + 2 * 23 = 69 after two (<= 66 in: sums <= 132). One
// pass: step i reads C[i], C[h+i], C[2h+i], C[3h+i] and writes only C[h+i],
// C[2h+i]. Lanes
// past the product's length may hold multiples of 3. t:
// s3_lanes_kmul_words(w, levels) (inverse.hpp). B: the kKmulPad (4) words
// on each side of B[0 .. w) addressable and not C's or A's words being
// used: the lane products p0 / p2 pad their B there in place (zeroed for
// the product, then restored) instead of copying it into t (at C's words
// which that product does not write: p2's B + l tail may be the caller's
// C[0 .. 4)). On the M4 the lane products are
// pqmcu_ntru_s3_lanes_mul5 (five outputs a block, lanes <= 30 out; the
// host's lanes_mul<0>: <= 60).
void lanes_kmul(uint32_t* C, const uint32_t* A, uint32_t* B, size_t w, int levels, uint32_t* t);
// One Karatsuba level's three products (levels >= 1): p0 to C[0 .. 2h), p2
// to C[2h .. 2w), p1 to the returned t + 2h (2h words), h = ceil(w / 2).
[[gnu::always_inline]] inline uint32_t* lanes_kmul_parts(uint32_t* C, const uint32_t* A, uint32_t* B, size_t w, int levels,
                                                          uint32_t* t) {
    const size_t h = (w + 1) / 2, l = w - h;
    uint32_t *SA = t, *P = SA + 2 * h, *rest = P + 2 * h;
    // SB where the lane product pads its B (rest + kKmulPad) when p1 is a
    // lane product: no copy there (p0 and p2, which use rest, come first)
    uint32_t* SB = levels == 1 ? rest + kKmulPad : SA + h;
    lanes_kmul(C, A, B, h, levels - 1, rest);                  // p0: C[0 .. 2h)
    lanes_kmul(C + 2 * h, A + h, B + h, l, levels - 1, rest);  // p2: C[2h .. 2w)
    const uint32_t one = 0x01010101u;
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    // (s3_lanes_m4.S: LDM / STM of four words, USUB8 / SEL)
    (void)one;
    pqmcu_ntru_s3_sums(SA, A, uint32_t(h), uint32_t(l));
    pqmcu_ntru_s3_sums(SB, B, uint32_t(h), uint32_t(l));
#elif defined(__ARM_FEATURE_SIMD32)
    // (USUB8 / SEL: 3 subtracted from the lanes that reach it)
    const uint32_t three = 3 * one;
    const auto sum3s = [&](uint32_t x, uint32_t y) {
        const uint32_t z = x + y;
        return __sel(__usub8(z, three), z);
    };
#pragma GCC unroll 4
    for (size_t i = 0; i < l; ++i) {
        SA[i] = sum3s(A[i], A[h + i]);
        SB[i] = sum3s(B[i], B[h + i]);
    }
#else
    const auto sum3 = [&](uint32_t x, uint32_t y) {  // lanes x + y <= 4, to {0,1,2}
        const uint32_t z = x + y;
        return z - 3 * (((z + one) >> 2) & one);
    };
    for (size_t i = 0; i < l; ++i) {
        SA[i] = sum3(A[i], A[h + i]);
        SB[i] = sum3(B[i], B[h + i]);
    }
#endif
    for (size_t i = l; i < h; ++i) SA[i] = A[i], SB[i] = B[i];
    lanes_kmul(P, SA, SB, h, levels - 1, rest);  // p1 (SB in place when levels is 1)
    return P;
}
// (out of line where s3_kmul_fold calls it: inlined there it cost +1.4k
// cycles at 509; out of line in lanes_kmul too, +92 B of stack at 1229)
[[gnu::noinline]] uint32_t* lanes_kmul_parts_top(uint32_t* C, const uint32_t* A, uint32_t* B, size_t w, int levels,
                                                 uint32_t* t) {
    return lanes_kmul_parts(C, A, B, w, levels, t);
}
// The level's middle words from c0 = C[i], c1 = C[h+i], c2 = C[2h+i], c3 =
// C[3h+i] and p1's P[i], P[h+i]: the new C[h+i] (m1) and C[2h+i] (m2).
// Over the five-output kernel (lanes <= 30) at the last level p1's half
// stays unfolded: lanes <= 60 + 2 * 18 = 96 (the fold mod x^n - 1 adds two:
// <= 192; a level above folds both sums, <= 192 each: 26 + 2 * 26 = 78).
template <bool Unfolded>
inline void kmul_middle(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, uint32_t p0, uint32_t p1, uint32_t& m1,
                        uint32_t& m2) {
    if constexpr (Unfolded) {
        m1 = c1 + p0 + 2 * fold16(c0 + c2);
        m2 = c2 + p1 + 2 * fold16(c1 + c3);
    } else {
        m1 = fold16(c1 + p0) + 2 * fold16(c0 + c2);
        m2 = fold16(c2 + p1) + 2 * fold16(c1 + c3);
    }
}
#if defined(PQMCU_NTRU_NTT_M4_ASM)
constexpr bool kKmulUnfolded = true;
#else
constexpr bool kKmulUnfolded = false;
#endif
void lanes_kmul(uint32_t* C, const uint32_t* A, uint32_t* B, size_t w, int levels, uint32_t* t) {
    if (levels == 0) {
        uint32_t save[8];
        for (size_t i = 0; i < kKmulPad; ++i) save[i] = B[ptrdiff_t(i) - ptrdiff_t(kKmulPad)], save[kKmulPad + i] = B[w + i];
#if defined(PQMCU_NTRU_NTT_M4_ASM)
        // (five outputs a block: four zero words on each side)
        for (size_t i = 0; i < kKmulPad; ++i) B[ptrdiff_t(i) - ptrdiff_t(kKmulPad)] = 0, B[w + i] = 0;
        pqmcu_ntru_s3_lanes_mul5(C, A, B - kKmulPad, uint32_t(w));
#else
        lanes_mul<0, false>(C, A, B, w, B - 2);
#endif
        for (size_t i = 0; i < kKmulPad; ++i) B[ptrdiff_t(i) - ptrdiff_t(kKmulPad)] = save[i], B[w + i] = save[kKmulPad + i];
        return;
    }
    const uint32_t* P = lanes_kmul_parts(C, A, B, w, levels, t);
    const size_t h = (w + 1) / 2, l = w - h;
    // C[h+i] += p1[i] - p0[i] - p2[i] for i < 2h (p2[i] = C[2h+i], 0 from 2l on)
    const size_t full = 2 * l - h;  // steps with C[3h+i] inside C (all but 0 or 2)
    const auto run = [&]<bool U>() {
        for (size_t i = 0; i < full; ++i)
            kmul_middle<U>(C[i], C[h + i], C[2 * h + i], C[3 * h + i], P[i], P[h + i], C[h + i], C[2 * h + i]);
        for (size_t i = full; i < h; ++i)
            kmul_middle<U>(C[i], C[h + i], C[2 * h + i], 0, P[i], P[h + i], C[h + i], C[2 * h + i]);
    };
    if (kKmulUnfolded && levels == 1)
        run.template operator()<true>();
    else
        run.template operator()<false>();
}
// c = R mod (3, x^n - 1) on byte lanes from the product R (2W words, lanes
// <= 90): byte t + byte t + n, then each lane mod 3 (nibble folds, 16 = 1;
// two-bit folds, 4 = 1; 3 -> 0), lanes {0,1,2}, bytes n.. zero.
void s3_fold_lanes(uint32_t* c, const uint32_t* R, size_t n) {
    const uint8_t* bytes = reinterpret_cast<const uint8_t*>(R);
    const size_t W = (n + 3) / 4;
    const uint32_t m4 = 0x0F0F0F0Fu, m2 = 0x03030303u, m6 = 0x3F3F3F3Fu, one = 0x01010101u;
    const auto mod3_lanes = [&](uint32_t x) {  // lanes <= 180
        x = (x & m4) + ((x >> 4) & m4);  // <= 26
        x = (x & m2) + ((x >> 2) & m6);  // <= 9
        x = (x & m2) + ((x >> 2) & m6);  // <= 5
        return x - 3 * (((x + one) >> 2) & one);
    };
    size_t j = 0;
#if defined(PQMCU_TARGET_M4)
    if (W >= 3) {
        // The same per lane with the nibble fold (<= 30), a two-bit fold
        // (x mod 4 + x / 4 <= 3 + 7 = 10, 4 = 1 mod 3), then USUB8 / SEL
        // steps subtracting 6, 3 where a lane reaches them (<= 2); two words
        // an iteration (an odd last one: the loop below).
        uint32_t k = uint32_t((W - 1) / 2), x, t;
        const uint32_t* src = R;
        const uint8_t* hib = bytes + n;
        uint32_t* dst = c;
        __asm__ volatile(
            "1:\n\t"
            "ldr %[x], [%[src]], #4\n\t"
            "ldr %[t], [%[hib]], #4\n\t"  // (unaligned: allowed on the M4)
            "add %[x], %[x], %[t]\n\t"
            "and %[t], %[m4], %[x], lsr #4\n\t"
            "and %[x], %[x], %[m4]\n\t"
            "add %[x], %[x], %[t]\n\t"
            "and %[t], %[m7], %[x], lsr #2\n\t"
            "and %[x], %[x], #0x03030303\n\t"
            "add %[x], %[x], %[t]\n\t"
            "usub8 %[t], %[x], %[c6]\n\t"
            "sel %[x], %[t], %[x]\n\t"
            "usub8 %[t], %[x], %[c3]\n\t"
            "sel %[x], %[t], %[x]\n\t"
            "str %[x], [%[dst]], #4\n\t"
            "ldr %[x], [%[src]], #4\n\t"
            "ldr %[t], [%[hib]], #4\n\t"  // (unaligned: allowed on the M4)
            "add %[x], %[x], %[t]\n\t"
            "and %[t], %[m4], %[x], lsr #4\n\t"
            "and %[x], %[x], %[m4]\n\t"
            "add %[x], %[x], %[t]\n\t"
            "and %[t], %[m7], %[x], lsr #2\n\t"
            "and %[x], %[x], #0x03030303\n\t"
            "add %[x], %[x], %[t]\n\t"
            "usub8 %[t], %[x], %[c6]\n\t"
            "sel %[x], %[t], %[x]\n\t"
            "usub8 %[t], %[x], %[c3]\n\t"
            "sel %[x], %[t], %[x]\n\t"
            "str %[x], [%[dst]], #4\n\t"
            "subs %[k], %[k], #1\n\t"
            "bne 1b"
            : [src] "+r"(src), [hib] "+r"(hib), [dst] "+r"(dst), [k] "+r"(k), [x] "=&r"(x), [t] "=&r"(t)
            : [m4] "r"(m4), [m7] "r"(0x07070707u), [c6] "r"(6u * one), [c3] "r"(3u * one)
            : "cc", "memory");
        j = (W - 1) / 2 * 2;
    }
#endif
    for (; j + 1 < W; ++j) {
        uint32_t hi;
        __builtin_memcpy(&hi, bytes + 4 * j + n, 4);
        c[j] = mod3_lanes(R[j] + hi);
    }
    uint32_t hi;  // the last word: bytes >= 2n - 1 are 0 mod 3, lanes >= n dropped
    __builtin_memcpy(&hi, bytes + 4 * (W - 1) + n, 4);
    const size_t used = n - 4 * (W - 1);
    c[W - 1] = mod3_lanes(R[W - 1] + hi) & (used == 4 ? ~0u : (1u << (8 * used)) - 1);
}
// Each byte lane to x mod 3 in {0,1,2} (any byte): the nibble fold (<= 30,
// 16 = 1), a two-bit fold (x mod 4 + x / 4 <= 3 + 7 = 10, 4 = 1), then
// 6 and 3 subtracted where a lane reaches them (USUB8 / SEL; else a third
// fold, <= 5, and 3 -> 0).
inline uint32_t lanes_mod3(uint32_t x) {
    x = fold16(x);
    x = (x & 0x03030303u) + ((x >> 2) & 0x07070707u);
#if defined(__ARM_FEATURE_SIMD32)
    x = __sel(__usub8(x, 0x06060606u), x);
    return __sel(__usub8(x, 0x03030303u), x);
#else
    x = (x & 0x03030303u) + ((x >> 2) & 0x07070707u);
    return x - 3 * (((x + 0x01010101u) >> 2) & 0x01010101u);
#endif
}
// The fused product and fold below: n = 4 (W - 1) + 1, W even (the six sets).
constexpr bool s3_kmul_fused(size_t n, int levels) {
    return levels != 0 && n % 4 == 1 && (n + 3) / 4 % 2 == 0 && (n + 3) / 4 >= 8;
}
// c = A B mod (3, x^n - 1) on byte lanes (lanes_kmul then s3_fold_lanes;
// R: the product's 2W words, t: lanes_kmul's). When s3_kmul_fused the top
// level's middle words go straight into the fold instead of back to R and a
// second pass: c[j] = R[j] + R's bytes 4j + n .. 4j + n + 3, i.e.
// R[j + W - 1] >> 8 | R[j + W] << 24, so step i gives c[i] (C[i], the new
// C[2h + i - 1], C[2h + i]) and c[h + i] (the new C[h + i], C[3h + i - 1],
// C[3h + i]); at i = 0 the words before are step h - 1's, computed first.
// Lanes as lanes_kmul's (<= 96, the sums <= 192 < 256; the M4's bounds:
// s3_lanes_m4.S). On the M4
// (pqmcu_ntru_s3_kmul_fold) the result is R's doubled image for
// s3_frobenius_dbl, and c only if `keep`.
void s3_kmul_fold(uint32_t* c, bool keep, uint32_t* R, const uint32_t* A, uint32_t* B, size_t n, int levels,
                  uint32_t* t) {
    const size_t W = (n + 3) / 4;
    if (!s3_kmul_fused(n, levels)) {  // (public)
        lanes_kmul(R, A, B, W, levels, t);
        s3_fold_lanes(c, R, n);
        return;
    }
    const uint32_t* P = lanes_kmul_parts_top(R, A, B, W, levels, t);
    const uint32_t* C = R;
    const size_t h = W / 2;
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    {
        // (s3_lanes_m4.S; one level: p1's half unfolded, two: folded)
        uint32_t q2, q3;
        if (levels == 1)
            kmul_middle<true>(C[h - 1], C[2 * h - 1], C[3 * h - 1], C[4 * h - 1], P[h - 1], P[2 * h - 1], q2, q3);
        else
            kmul_middle<false>(C[h - 1], C[2 * h - 1], C[3 * h - 1], C[4 * h - 1], P[h - 1], P[2 * h - 1], q2, q3);
        pqmcu_ntru_s3_kmul_fold(R, P, uint32_t(h), q2, q3, levels == 1 ? 0u : 1u);
        if (keep) {  // (public)
            copy_words(c, R, W);
            c[W - 1] &= 0xFFu;
        }
        return;
    }
#endif
    (void)keep;
    const auto run = [&]<bool U>() {
        uint32_t q2, q3;  // R[2h + i - 1], R[3h + i - 1] as the level leaves them
        kmul_middle<U>(C[h - 1], C[2 * h - 1], C[3 * h - 1], C[4 * h - 1], P[h - 1], P[2 * h - 1], q2, q3);
        for (size_t i = 0; i < h; ++i) {
            const uint32_t c0 = C[i], c3 = C[3 * h + i];
            uint32_t m1, m2;
            kmul_middle<U>(c0, C[h + i], C[2 * h + i], c3, P[i], P[h + i], m1, m2);
            c[i] = lanes_mod3(c0 + (q2 >> 8 | m2 << 24));
            c[h + i] = lanes_mod3(m1 + (q3 >> 8 | c3 << 24));
            q2 = m2, q3 = c3;
        }
    };
    if (kKmulUnfolded && levels == 1)
        run.template operator()<true>();
    else
        run.template operator()<false>();
    c[W - 1] &= 0xFFu;  // (lanes >= n dropped: one used)
}
#if defined(PQMCU_NTRU_NTT_M4_ASM)
// The strides 3^-k mod n of the chain's elements k = v[e] (flash tables for
// the six sets: no divisions per Frobenius; 0 for other n).
struct S3Strides {
    uint16_t s[24];
};
constexpr S3Strides s3_exp_strides(size_t n) {
    S3Strides t{};
    const R2Chain c = r2_exp_chain(n);
    for (size_t e = 0; e < c.len; ++e) t.s[e] = uint16_t(frob_stride(n, c.v[e]));
    return t;
}
const uint16_t* s3_exp_strides_for(size_t n) {
    switch (n) {
#define PQMCU_NTRU_STRIDES(N)                            \
    case N: {                                            \
        static constexpr S3Strides t = s3_exp_strides(N); \
        return t.s;                                      \
    }
    PQMCU_NTRU_STRIDES(509) PQMCU_NTRU_STRIDES(677) PQMCU_NTRU_STRIDES(701) PQMCU_NTRU_STRIDES(821)
    PQMCU_NTRU_STRIDES(1229) PQMCU_NTRU_STRIDES(1373)
#undef PQMCU_NTRU_STRIDES
    default: return nullptr;
    }
}
// s3_frobenius (stride s = 3^-k mod n) from R's doubled image (s3_kmul_fold,
// s3_kmul_fused): the four bytes of a word need no wrap mod n, one index a
// word.
[[gnu::noinline]] void s3_frobenius_dbl(uint32_t* out, const uint32_t* D, size_t n, uint32_t s) {
    const uint32_t N = uint32_t(n);
    const auto red = [&](uint32_t x) { return x >= N ? x - N : x; };  // x < 2n (public)
    const uint32_t s2 = red(2 * s), s3 = red(s2 + s);
    const uint32_t st[5] = {s, s2, s3, red(s3 + s), N};
    const size_t W = (n + 3) / 4;
    pqmcu_ntru_s3_frob_dbl(out, reinterpret_cast<const uint8_t*>(D), st, uint32_t(W / 2));
    out[W - 1] &= 0xFFu;  // (n = 4 (W - 1) + 1)
}
#endif
}  // namespace

namespace {
S3ExpPlan s3_exp_plan_for(size_t n) {  // the six sets' plans as constants
    switch (n) {
#define PQMCU_NTRU_PLAN(N) \
    case N: {              \
        constexpr S3ExpPlan p = s3_exp_plan(N); \
        return p;          \
    }
    PQMCU_NTRU_PLAN(509) PQMCU_NTRU_PLAN(677) PQMCU_NTRU_PLAN(701) PQMCU_NTRU_PLAN(821)
    PQMCU_NTRU_PLAN(1229) PQMCU_NTRU_PLAN(1373)
#undef PQMCU_NTRU_PLAN
    default: return s3_exp_plan(n);
    }
}
}  // namespace

void s3_inverse_exp(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch) {
    const size_t W = (n + 3) / 4;
    const R2Chain ch = r2_exp_chain(n);     // public
    const S3ExpPlan plan = s3_exp_plan_for(n);  // public
    const int levels = s3_exp_levels(n);
    uint32_t *K = scratch, *A = K + s3_lanes_kmul_words(W, levels), *R = A + W, *slots = R + 2 * W;
    const auto slot = [&](size_t e) { return slots + plan.phys[e] * W; };
    pack_lanes(slot(0), a, n);  // b_1 = a
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    // (the product leaves R's doubled image: the next Frobenius reads it,
    // the slot is written only for elements that are a later operand)
    const bool dbl = s3_kmul_fused(n, levels);
#else
    constexpr bool dbl = false;
#endif
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    if (dbl) {  // b_1's doubled image too (R is free until the first product)
        copy_words(R, slot(0), W);
        uint8_t* hi = reinterpret_cast<uint8_t*>(R) + n;
        for (size_t j = 0; j < W; ++j) __builtin_memcpy(hi + 4 * j, slot(0) + j, 4);
    }
#endif
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    const uint16_t* strides = s3_exp_strides_for(n);  // (public)
#endif
    const auto frobenius = [&](size_t i, size_t e) {  // b_i^(3^k) to A, k = v[e]
#if defined(PQMCU_NTRU_NTT_M4_ASM)
        if (dbl) return s3_frobenius_dbl(A, R, n, strides ? strides[e] : frob_stride(n, ch.v[e]));
#endif
        s3_frobenius(A, slot(i), n, ch.v[e]);
    };
    for (size_t i = 1; i < ch.len; ++i) {
        // b_(v + u) = b_v^(3^u) b_u, v the previous element, u = v_other
        const size_t j = plan.other[i];
        frobenius(i - 1, j);
        bool later = !dbl;  // element i a later product's operand (public)
        for (size_t e = i + 1; e < ch.len; ++e) later |= plan.other[e] == i;
        // (B the permuted operand: K's last four words before it, R's first
        // four after it, as lanes_kmul pads it)
        s3_kmul_fold(slot(i), later, R, slot(j), A, n, levels, K);
    }
    frobenius(ch.len - 1, 0);  // d = b_(n-2)^3 = a^(r-1) (v[0] = 1)
    // the norm a d = N mod Phi_n: (a d)_0 - (a d)_(n-1), two inner products
    const uint8_t* d = reinterpret_cast<const uint8_t*>(A);
    uint32_t s0 = uint32_t(a[0]) * d[0], s1 = 0;
    {
        // one pass: d[n - i] of step i is d[n - 1 - (i - 1)] of the step before
        uint32_t prev = d[n - 1];  // d[n - i] at i = 1
        s1 = uint32_t(a[0]) * prev;
        size_t i = 1;
#if defined(PQMCU_TARGET_M4)
        // Four a_i a step, (a_i, a_i+1) and (a_i+2, a_i+3) a word each, against
        // halfword pairs of d_j .. d_j+4 (j = n - 4 - i; the bytes of one
        // word as (d_j, d_j+2), (d_j+1, d_j+3) by UXTB16, d_j+4 the step
        // before's d_j) put together by PKHBT / PKHTB: four SMLAD(X) instead
        // of eight MLAs and LDRH / LDRB each (exact: a, d <= 2). (-3.3k
        // cycles at hrss701's key generation)
        {
            uint32_t pe = prev;  // low half: d_(j+4)
            int32_t acc0 = 0, acc1 = 0;
            for (; i + 3 < n; i += 4) {
                const size_t j = n - 4 - i;
                uint32_t a0, a1, x, e, o, y0, y1, y2, y3;
                __builtin_memcpy(&a0, a + i, 4);
                __builtin_memcpy(&a1, a + i + 2, 4);
                __builtin_memcpy(&x, d + j, 4);
                __asm__("uxtb16 %0, %2\n\tuxtb16 %1, %2, ror #8" : "=&r"(e), "=r"(o) : "r"(x));
                __asm__("pkhtb %0, %1, %2, asr #16" : "=r"(y0) : "r"(o), "r"(e));  // (d_j+2, d_j+3)
                __asm__("pkhbt %0, %1, %2, lsl #16" : "=r"(y1) : "r"(e), "r"(o));  // (d_j, d_j+1)
                __asm__("pkhbt %0, %1, %2" : "=r"(y2) : "r"(pe), "r"(o));          // (d_j+4, d_j+3)
                __asm__("pkhbt %0, %1, %2" : "=r"(y3) : "r"(o), "r"(e));           // (d_j+1, d_j+2)
                acc1 = __smladx(a0, y0, acc1);  // a_i d_j+3 + a_i+1 d_j+2
                acc1 = __smladx(a1, y1, acc1);  // a_i+2 d_j+1 + a_i+3 d_j
                acc0 = __smlad(a0, y2, acc0);   // a_i d_j+4 + a_i+1 d_j+3
                acc0 = __smladx(a1, y3, acc0);  // a_i+2 d_j+2 + a_i+3 d_j+1
                pe = e;
            }
            s0 += uint32_t(acc0);
            s1 += uint32_t(acc1);
            prev = d[n - i];  // (i < n: the loop below's start)
        }
#endif
#pragma GCC unroll 4
        for (; i < n; ++i) {
            const uint32_t ai = a[i], next = d[n - 1 - i];
            s0 += ai * prev;
            s1 += ai * next;
            prev = next;
        }
    }
    const uint32_t norm = mod3(uint16_t(s0 + 2 * s1));  // <= 12n < 2^16
    // a^-1 = N d (N = N^-1), reduced mod Phi_n: N (d_i - d_(n-1))
    const uint32_t last2 = 2u * d[n - 1];
    size_t i = 0;
#if defined(__ARM_FEATURE_SIMD32)
    {
        // four coefficients a word: (d_i + last2) N <= 12 on byte lanes (no
        // carries), mod 3 by USUB8 / SEL (6, 3, 3), bytes to halfwords
        const uint32_t add = last2 * 0x01010101u, c6 = 0x06060606u, c3 = 0x03030303u;
        for (; i + 4 <= n; i += 4) {
            uint32_t x;
            __builtin_memcpy(&x, d + i, 4);
            x = (x + add) * norm;
            x = __sel(__usub8(x, c6), x);
            x = __sel(__usub8(x, c3), x);
            x = __sel(__usub8(x, c3), x);
            uint32_t w0, w1;
            bytes_to_halves(x, w0, w1);
            __builtin_memcpy(r + i, &w0, 4);
            __builtin_memcpy(r + i + 2, &w1, 4);
        }
    }
#endif
    for (; i < n; ++i) r[i] = mod3(uint16_t(norm * (d[i] + last2)));
}

namespace {

// ---- bit-sliced polynomials of n coefficients (bit i of the word array = coefficient i)

constexpr size_t kWordBits = 8 * sizeof(InvWord);

inline InvWord word_mask(uint32_t bit) { return InvWord(0) - InvWord(bit & 1); }

inline InvWord top_word_mask(size_t n) {
    const size_t used = n - (inv_words(n) - 1) * kWordBits;
    return used == kWordBits ? ~InvWord(0) : (InvWord(1) << used) - 1;
}

inline void set_bit(InvWord* v, size_t i, uint32_t bit) { v[i / kWordBits] |= InvWord(bit & 1) << (i % kWordBits); }
inline uint32_t get_bit(const InvWord* v, size_t i) { return uint32_t(v[i / kWordBits] >> (i % kWordBits)) & 1; }

// The swap condition of a divstep: delta > 0 and g(0) != 0 (g0 is 0 or 1).
inline int32_t divstep_swap(int32_t delta, uint32_t g0) {
    return value_barrier(int32_t((-delta) & -int32_t(g0)) >> 31);  // -1 or 0
}

// Z3 in two bit planes: value = p - m (p & m = 0).
// Eight operations (found by an exhaustive search over small formulas, checked on the 9 cases).
inline void f3_add(InvWord& p, InvWord& m, InvWord bp, InvWord bm) {
    const InvWord np = m ^ ((p ^ (m | bp)) & ~bm);
    const InvWord nm = p ^ ((p | (m ^ bm)) & ~bp);
    p = np;
    m = nm;
}

}  // namespace

namespace {
// Words of v, w a divstep touches: after the shift of step `step`, deg v, deg w <= step + 1
// (v = 0, w = 1 at the start; each step multiplies v by x), a bound that depends on step only.
inline size_t vw_words(size_t step, size_t nw) {
    const size_t k = (step + 1) / kWordBits + 1;
    return k < nw ? k : nw;
}
// Words of f, g a divstep touches. With nominal degrees d_f, d_g (n - 1 and
// n - 2 at the start) every step lowers d_f + d_g by one (delta = d_f - d_g;
// a swap exchanges them and the new g has degree < d_f; otherwise g's drops),
// so before step `step` both are <= 2n - 3 - step: a public bound that is
// below n in the second half of the iteration.
inline size_t fg_words(size_t step, size_t n, size_t nw) {
    const size_t bits = 2 * n - 2 - step;
    const size_t k = (bits + kWordBits - 1) / kWordBits;
    return k < nw ? k : nw;
}
}  // namespace

// Both inversions run the constant-time divstep iteration (Bernstein-Yang) on
// f = Phi_n (all ones) and g = reverse of (a mod Phi_n), 2(n-1)-1 steps; the
// inverse is the reverse of v, times f(0)^-1.
void r2_inverse(uint16_t* r, const uint16_t* a, size_t n, InvWord* inv) {
    const size_t nw = inv_words(n);
    const InvWord top = top_word_mask(n);
    InvWord *f = inv, *g = f + nw, *v = g + nw, *w = v + nw;
    for (size_t k = 0; k < 4 * nw; ++k) inv[k] = 0;
    for (size_t k = 0; k < nw; ++k) f[k] = ~InvWord(0);
    f[nw - 1] = top;
    w[0] = 1;
    for (size_t i = 0; i + 1 < n; ++i) set_bit(g, n - 2 - i, uint32_t(a[i] ^ a[n - 1]));

    const bool vec = r2_divsteps_avx2(inv, n);  // x86 AVX2: all the steps below (engine_avx2.hpp)
    int32_t delta = 1;
    for (size_t step = 0; !vec && step < 2 * (n - 1) - 1; ++step) {
        const uint32_t g0 = uint32_t(g[0] & 1);
        const InvWord sign = word_mask(g0 & uint32_t(f[0]));
        const int32_t swap = divstep_swap(delta, g0);
        delta = (delta ^ (swap & (delta ^ -delta))) + 1;
        const InvWord sm = InvWord(0) - InvWord(swap & 1);
        // One pass per pair: v <- x v, swap, w += sign v (only the words that
        // can be non-zero: deg v, deg w <= step + 1, a public bound) ...
        const size_t vw = vw_words(step, nw);
        InvWord carry = 0;
        for (size_t k = 0; k < vw; ++k) {
            const InvWord vk = v[k];
            InvWord nv = (vk << 1) | carry, wk = w[k];
            carry = vk >> (kWordBits - 1);
            const InvWord t = sm & (nv ^ wk);
            nv ^= t;
            wk ^= t;
            v[k] = nv;
            w[k] = wk ^ (sign & nv);
        }
        if (vw == nw) {  // drop coefficient n (bitwise operations: masking afterwards is the same)
            v[nw - 1] &= top;
            w[nw - 1] &= top;
        }
        // ... and swap, g += sign f, g <- g / x (words above the degree bound stay zero).
        const size_t fw = fg_words(step, n, nw);
        const auto fg_word = [&](size_t k) {
            InvWord fk = f[k], gk = g[k];
            const InvWord t = sm & (fk ^ gk);
            fk ^= t;
            f[k] = fk;
            return gk ^ t ^ (sign & fk);
        };
        InvWord prev = fg_word(0);
        for (size_t k = 1; k < fw; ++k) {
            const InvWord gk = fg_word(k);
            g[k - 1] = (prev >> 1) | (gk << (kWordBits - 1));
            prev = gk;
        }
        g[fw - 1] = prev >> 1;
    }
    for (size_t i = 0; i + 1 < n; ++i) r[i] = uint16_t(get_bit(v, n - 2 - i));
    r[n - 1] = 0;
}

void s3_inverse(uint16_t* r, const uint16_t* a, size_t n, InvWord* inv) {
    const size_t nw = inv_words(n);
    const InvWord top = top_word_mask(n);
    InvWord *fp = inv, *fm = fp + nw, *gp = fm + nw, *gm = gp + nw;
    InvWord *vp = gm + nw, *vm = vp + nw, *wp = vm + nw, *wm = wp + nw;
    for (size_t k = 0; k < 8 * nw; ++k) inv[k] = 0;
    for (size_t k = 0; k < nw; ++k) fp[k] = ~InvWord(0);
    fp[nw - 1] = top;
    wp[0] = 1;
    for (size_t i = 0; i + 1 < n; ++i) {
        const uint16_t c = mod3(uint16_t((a[i] & 3) + 2 * (a[n - 1] & 3)));  // a mod Phi_n
        set_bit(gp, n - 2 - i, c & 1);
        set_bit(gm, n - 2 - i, c >> 1);
    }

    const bool vec = s3_divsteps_avx2(inv, n);  // x86 AVX2: all the steps below (engine_avx2.hpp)
    int32_t delta = 1;
    for (size_t step = 0; !vec && step < 2 * (n - 1) - 1; ++step) {
        const uint32_t g0p = uint32_t(gp[0] & 1), g0m = uint32_t(gm[0] & 1);
        const uint32_t f0p = uint32_t(fp[0] & 1), f0m = uint32_t(fm[0] & 1);
        // sign = -g(0) * f(0) (f(0) is its own inverse; symmetric, so taken before the swap)
        const InvWord sp = word_mask((g0p & f0m) | (g0m & f0p));
        const InvWord sn = word_mask((g0p & f0p) | (g0m & f0m));
        const int32_t swap = divstep_swap(delta, g0p | g0m);
        delta = (delta ^ (swap & (delta ^ -delta))) + 1;
        const InvWord sm = InvWord(0) - InvWord(swap & 1);
        // As in r2_inverse: v <- x v, swap, w += sign v on the words deg v, deg w <= step + 1 reach ...
        const size_t vw = vw_words(step, nw);
        InvWord cp = 0, cm = 0;
        for (size_t k = 0; k < vw; ++k) {
            const InvWord vpk = vp[k], vmk = vm[k];
            InvWord nvp = (vpk << 1) | cp, nvm = (vmk << 1) | cm, wpk = wp[k], wmk = wm[k];
            cp = vpk >> (kWordBits - 1);
            cm = vmk >> (kWordBits - 1);
            const InvWord tp = sm & (nvp ^ wpk), tm = sm & (nvm ^ wmk);
            nvp ^= tp;
            wpk ^= tp;
            nvm ^= tm;
            wmk ^= tm;
            f3_add(wpk, wmk, (sp & nvp) | (sn & nvm), (sp & nvm) | (sn & nvp));
            vp[k] = nvp;
            vm[k] = nvm;
            wp[k] = wpk;
            wm[k] = wmk;
        }
        if (vw == nw) {  // drop coefficient n (bitwise operations: masking afterwards is the same)
            vp[nw - 1] &= top;
            vm[nw - 1] &= top;
            wp[nw - 1] &= top;
            wm[nw - 1] &= top;
        }
        // ... then swap, g += sign f, g <- g / x in one pass, below the degree bound.
        const size_t fw = fg_words(step, n, nw);
        const auto fg_word = [&](size_t k, InvWord& gpk, InvWord& gmk) {
            InvWord fpk = fp[k], fmk = fm[k];
            gpk = gp[k];
            gmk = gm[k];
            const InvWord tp = sm & (fpk ^ gpk), tm = sm & (fmk ^ gmk);
            fpk ^= tp;
            gpk ^= tp;
            fmk ^= tm;
            gmk ^= tm;
            f3_add(gpk, gmk, (sp & fpk) | (sn & fmk), (sp & fmk) | (sn & fpk));
            fp[k] = fpk;
            fm[k] = fmk;
        };
        InvWord prevp, prevm;
        fg_word(0, prevp, prevm);
        for (size_t k = 1; k < fw; ++k) {
            InvWord gpk, gmk;
            fg_word(k, gpk, gmk);
            gp[k - 1] = (prevp >> 1) | (gpk << (kWordBits - 1));
            gm[k - 1] = (prevm >> 1) | (gmk << (kWordBits - 1));
            prevp = gpk;
            prevm = gmk;
        }
        gp[fw - 1] = prevp >> 1;
        gm[fw - 1] = prevm >> 1;
    }
    // Multiply by f(0) (+-1 when a is invertible; -1 swaps the planes).
    const uint32_t f0p = uint32_t(fp[0] & 1), f0m = uint32_t(fm[0] & 1);
    for (size_t i = 0; i + 1 < n; ++i) {
        const uint32_t p = get_bit(vp, n - 2 - i), m = get_bit(vm, n - 2 - i);
        const uint32_t rp = (f0p & p) | (f0m & m), rm = (f0p & m) | (f0m & p);
        r[i] = uint16_t(rp | (rm << 1));
    }
    r[n - 1] = 0;
}

namespace {
template <class M>
void cyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch) {
    uint16_t* full = scratch;  // 2n - 1 words, then the method's scratch
    if constexpr (requires { &M::mul_cyclic; }) {
        // (Toom-4: the fold written into the interpolation; full holds the evaluations)
        M::mul_cyclic(c, a, b, n, full, full + (2 * n - 1));
    } else {
        M::mul(full, a, b, n, full + (2 * n - 1));
        fold_cyclic(c, full, n);
    }
}
}  // namespace

void ring_mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t logq, uint16_t* scratch,
              uint16_t* wide) {
#if defined(PQMCU_POLYMUL_AVX2)
    if (n <= polymul::avx2::kMaxN && polymul::avx2::enabled()) {
        if (mul_logq(logq) == 13) {  // Toom-4 (as on the M4); Speed keeps its buffers in `wide`
            return wide ? polymul::avx2::mul_cyclic_13(c, a, b, n, wide) : polymul::avx2::mul_cyclic_13(c, a, b, n);
        }
        return polymul::avx2::mul_cyclic(c, a, b, n);
    }
#endif
    (void)wide;
    if (mul_logq(logq) == 13) with_mul13_method(n, [&]<class M>(M*) { cyclic<M>(c, a, b, n, scratch); });
    else cyclic<MulMethod16>(c, a, b, n, scratch);
}

bool r2_inverse_x86(uint16_t* r, const uint16_t* a, size_t n) { return r2_inverse_clmul(r, a, n); }
bool s3_inverse_x86(uint16_t* r, const uint16_t* a, size_t n) { return s3_inverse_avx2(r, a, n); }

namespace {
// Key generation's two inversions, in `mul` (free until the first product): the
// jumps of inverse.cpp, except where the one-step divsteps run on AVX2 (x86-64
// hosts: about twice as fast as the jumps' portable C; they need 4 and 8
// inv_words(n), far less than `mul`).
void keygen_r2_inverse(uint16_t* r, const uint16_t* a, size_t n, uint16_t* mul) {
    if (r2_inverse_x86(r, a, n)) return;  // x86: exponentiation with PCLMULQDQ (engine_avx2.hpp)
    if (divsteps_avx2_usable(n)) r2_inverse(r, a, n, reinterpret_cast<InvWord*>(mul));
    else r2_inverse_exp(r, a, n, reinterpret_cast<uint32_t*>(mul));
}
void keygen_s3_inverse(uint16_t* r, const uint16_t* a, size_t n, uint16_t* mul) {
    if (s3_inverse_x86(r, a, n)) return;  // x86 AVX2: set-up and result vectorised too (engine_avx2.hpp)
    if (divsteps_avx2_usable(n)) s3_inverse(r, a, n, reinterpret_cast<InvWord*>(mul));
    else if (kS3Lanes) s3_inverse_exp(r, a, n, reinterpret_cast<uint32_t*>(mul));
    else s3_inverse_jump(r, a, n, reinterpret_cast<uint32_t*>(mul));
}
}  // namespace

namespace {
// rq_inverse's last step at logq 13 on byte lanes (hrss701 on the M4; out of
// line: rq_inverse's other paths keep their registers).
[[gnu::noinline]] void quartic13_step(uint16_t* r, const uint16_t* a, size_t n, uint32_t logq, uint16_t* neg_a,
                                      uint16_t* c, uint16_t* mul, uint16_t* shared) {
    // r (1 + u + u^2 + u^3), u = 1 - a r (1 - a r' = u^4 = 0 mod 2^16), all
    // mod 2^13: reduced mod Phi_n u = 16 w, u^2 = 256 (w^2 mod 32), u^3 =
    // 4096 (w^3 mod 2). With w = w0 + 4 w1 + 16 w2 (w0, w1 <= 3): w^2 = w0^2
    // + 8 w0 w1 + 16 w1^2 mod 32, w1^2 = w1(x^2) mod 2 (a permutation),
    // w^3 = w0^3 mod 2 (carry-less); w0^2 mod 32 and w0 w1 mod 4 on byte
    // lanes. Two Toom-4 products instead of two quadratic steps' four.
    // With `shared`: r's evaluations once for both (a r and r s: -4.6k
    // cycles at hrss701 on the M4), `mul` from past their words.
    uint16_t *eb = nullptr, *mul_q = mul;
    // (shared: a free polynomial, used where `mul` follows it directly; public: the layout)
    const uintptr_t shared_end = reinterpret_cast<uintptr_t>(shared + n), mul_at = reinterpret_cast<uintptr_t>(mul);
    if (shared != nullptr && mul_at >= shared_end && mul_at - shared_end < 8 && keygen_shared_shift(n, logq) > 0 &&
        ring_eval_shared(shared, r, n, logq)) {
        eb = shared;
        mul_q = mul + keygen_shared_shift(n, logq);
    }
    ring_mul_shared(c, a, r, eb, n, logq, mul_q);  // a r - 1 = -u, negated in the pass below
    c[0] = uint16_t(c[0] - 1);
    uint32_t* lanes = reinterpret_cast<uint32_t*>(mul_q);
    uint16_t *s = neg_a, *p = mul_q + 2 * s3_lanes_words(n);
    uint32_t* t2 = lanes + s3_lanes_words(n) + (n + 1) / 2;  // after p, word-aligned
    const uint32_t last2 = uint32_t(c[n - 1]) * 0x10001u;
    // w0 (s) and w1 (q, after t2's words) taken here already: the bits 12
    // added below leave bits 4 .. 7 as they are; w0^3 mod 2 into p, then
    // added in the w1(x^2) pass (one pass less: -2.8k cycles at
    // hrss701's key generation; w0 mod 2 read by r2_cube as c's bit 4: -0.7k)
    const size_t W = (n + 3) / 4;
    uint16_t* q = reinterpret_cast<uint16_t*>(t2 + std::max(2 * W, r2_cube_scratch_words(n)));
    pairs(n, [&](size_t i, size_t k) {
        const uint32_t x = sub16(last2, ld16(c + i, k));  // u - u[n-1] = 16 w
        st16(c + i, x, k);
        st16(s + i, (x >> 4) & 0x00030003u, k);  // w0
        st16(q + i, (x >> 6) & 0x00030003u, k);  // w1
    });
    r2_cube(p, c, n, t2, 4);  // w0^3 mod 2 (w0 mod 2: c's bit 4)
    // + 4096 (w1(x^2) + w0^3) mod 2, in place: only bits >= 12 change, w's
    // bits stay. n is odd (prime): coefficient 2m takes w1's bit of m, 2m + 1
    // that of m + (n + 1) / 2; two a step.
    const size_t half = (n + 1) / 2;
    size_t m = 0;
#if defined(__ARM_FEATURE_SIMD32)
    // two m a step: (c[m], c[m + 1]) and (c[m + half], c[m + half + 1]) a
    // word each (only bit 6 of each is read: the bits 12 written meanwhile
    // do not matter), c[2m .. 2m + 3] two words (-0.9k cycles at hrss701)
    {
        const uint32_t b12 = 4096u, b28 = 4096u << 16;
        for (; 2 * m + 3 < n; m += 2) {
            uint32_t lo, hi, x0, x1, y0, y1;
            __builtin_memcpy(&lo, c + m, 4);
            __builtin_memcpy(&hi, c + m + half, 4);
            __builtin_memcpy(&x0, c + 2 * m, 4);
            __builtin_memcpy(&x1, c + 2 * m + 2, 4);
            __builtin_memcpy(&y0, p + 2 * m, 4);
            __builtin_memcpy(&y1, p + 2 * m + 2, 4);
            x0 = add16(x0, (((lo << 6) & b12) | ((hi << 22) & b28)) + (y0 << 12));
            x1 = add16(x1, (((lo >> 10) & b12) | ((hi << 6) & b28)) + (y1 << 12));
            __builtin_memcpy(c + 2 * m, &x0, 4);
            __builtin_memcpy(c + 2 * m + 2, &x1, 4);
        }
    }
#endif
    for (; 2 * m + 1 < n; ++m) {
        const uint32_t add = ((uint32_t(c[m]) << 6) & 4096u) | ((uint32_t(c[m + half]) << 22) & (4096u << 16));
        st16(c + 2 * m, add16(ld16(c + 2 * m, 2), add16(add, ld16(p + 2 * m, 2) << 12)), 2);
    }
    c[n - 1] = uint16_t(c[n - 1] + ((uint32_t(c[(n - 1) / 2]) << 6) & 4096) + (uint32_t(p[n - 1]) << 12));
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    // w0 w1 mod 4 by one Karatsuba level (W even; R after p, in t2's
    // words: q after them)
    if ((n + 3) / 4 % 2 == 0)
        mod16_mul_lanes_kara<true>(p, s, q, n, lanes, t2);
    else
#endif
        mod16_mul_lanes(p, s, q, n, lanes);  // w0 w1 mod 16 (both <= 3)
    // c += 256 (w0^2 mod 32) + 2048 (w0 w1 mod 4) in the square's readout
    // ((p << 11: lanes <= 15, bits above 15 dropped lane by lane)
    small_sqr_lanes(c, s, n, lanes, 31, p);
    c[0] = uint16_t(c[0] + 1);  // 1 + u + u^2 + u^3
    ring_mul_shared(r, c, r, eb, n, logq, mul_q);
}
}  // namespace

void rq_inverse(uint16_t* r, const uint16_t* a, size_t n, uint32_t logq, uint16_t* scratch, uint16_t* mul,
                uint16_t* wide, uint16_t* shared) {
    uint16_t *neg_a = scratch, *c = scratch + n;
    keygen_r2_inverse(r, a, n, mul);
    // -a for the quadratic steps (the M4's byte-lane steps take a r and
    // negate it in their next pass: no -a there)
    if constexpr (!kS3Lanes) {
        for (size_t i = 0; i < n; ++i) neg_a[i] = uint16_t(0u - a[i]);
    }
    // Newton: r <- r (2 - a r) doubles the 2-adic precision (two products);
    // r <- r (1 + u + u^2) with u = 1 - a r triples it (three products, 1 - a r' = u^3).
    // logq <= 12: 1 -> 2 -> 4 -> 12 bits in 7 products; else 1 -> 2 -> 4 -> 8 -> 16 in 8.
    // (The products are exact mod 2^13 or 2^16, at least logq bits.)
    // While r is needed only to 4 bits or fewer, it is kept centred to them
    // (|r| <= 8: still an inverse to that precision), so the products with
    // it are "big x small" ones for the NTT (n <= 1024): all 7 for logq <= 12
    // (u^2 from u / 16 mod 16, below), 6 of the 8 for logq 13 (not the last
    // step's two).
    // (The transform reads the operands centred to 12 bits for logq <= 12:
    // the result stays exact mod 2^12, as promised.)
    // logq 13 (hrss701): the last step's r, centred to 8 bits (|r| <= 128),
    // goes through ntt_big's transform (n (q/2) 128 < kP2 / 2).
    // (The transform paths are the hosts' choice never and the M4's no
    // longer: with kKeygenToom every product is ring_mul's, and on the M4
    // the first step runs mod 4 on byte lanes.)
    const bool use_ntt = keygen_uses_ntt(n);
    const bool big_last = use_ntt && logq > 12 && ntt_big::supported_mixed(n, logq, 128);
    const unsigned bits = logq <= 12 ? 12 : logq;
    const auto mul_r = [&](uint16_t* out, const uint16_t* big, const uint16_t* small_r, bool small) {
        if (use_ntt && small) ntt::mul(out, big, bits, small_r, bits, n, reinterpret_cast<int32_t*>(mul));
        else if (big_last) ntt_big::mul(out, big, small_r, logq, n, reinterpret_cast<int32_t*>(mul));
        else ring_mul(out, big, small_r, n, logq, mul, wide);
    };
    const auto centre_to = [&](uint32_t bits) {  // r mod 2^bits in [-2^(bits-1), 2^(bits-1))
        const uint32_t half = 1u << (bits - 1), mask = (1u << bits) - 1;
        for (size_t i = 0; i < n; ++i) r[i] = uint16_t(((uint32_t(r[i]) + half) & mask) - half);
    };
    // hrss701 on the M4: 4 -> 16 bits in one quartic step (below)
    const bool quartic13 = kS3Lanes && !use_ntt && logq == 13;
    const int quadratic = logq <= 12 || quartic13 ? 2 : 4;
    for (int iter = 0; iter < quadratic; ++iter) {
        if (kS3Lanes && iter == 0) {
            // 1 -> 4 bits in one quartic step: r (1 + u)(1 + u^2) with
            // u = 1 - a r = 2 w (r in {0,1}): 1 - a r' = u^4 = 0 mod 16. Mod 16,
            // u^2 = 4 (w0^2 mod 4) and u^3 = 8 (w0^3 mod 2) with w0 = w mod 2 in
            // {0,1}: a r (a mod 16 times {0,1}) and r s (s <= 15 times {0,1}) on
            // byte lanes, w0^2 mod 4 and w0^3 mod 2 from carry-less products
            // (inverse.hpp); instead of two quadratic steps' four Toom-4
            // products. -a is made again afterwards where quadratic steps
            // follow (its words held w0, then w0^3).
            uint32_t* lanes = reinterpret_cast<uint32_t*>(mul);
            // (r2_quartic_add's scratch after n words past the lanes, as the
            // unpacked w0^2 had been)
            uint32_t* cube = lanes + s3_lanes_words(n) + (n + 1) / 2;
            constexpr uint32_t k15 = 0x000F000Fu;
            // u = 1 - a r: -a r mod 16 from the readout (-3.6k cycles at
            // hrss701 against a pass over c writing u and w0; w0 = bit 1 of u,
            // read by r2_quartic_add)
            bool negated = false;
#if defined(PQMCU_NTRU_NTT_M4_ASM)
            // (one Karatsuba level, W even: mul's words are all free here)
            if ((n + 3) / 4 % 2 == 0) {
                mod16_mul_lanes_kara<false, true, true>(c, a, r, n, lanes);
                negated = true;
            } else
#endif
                mod16_mul_lanes_lo(c, a, r, n, lanes);  // a r mod 16 (a's low 4 bits packed)
            if (!negated)  // (public)
                pairs(n, [&](size_t i, size_t k) { st16(c + i, sub16(0, ld16(c + i, k)) & k15, k); });
            c[0] = uint16_t((c[0] + 1) & 15);
            // s = (1 + u)(1 + u^2) = u + u^2 + u^3 (1 added below): w0^2 mod 4
            // (w0(x^2) + 2 cross terms) and w0^3 mod 2 (carry-less) added into
            // c in one pass from their bit planes (-5.9k cycles at hrss701 against
            // the former w0^2 mod 4, w0^3 mod 2 and a pass over c, p, w0; its
            // scratch after p, as theirs: keygen_lanes_fit)
            r2_quartic_add(c, c, n, cube);
            c[0] = uint16_t((c[0] + 1) & 15);
#if defined(PQMCU_NTRU_NTT_M4_ASM)
            if ((n + 3) / 4 % 2 == 0)
                mod16_mul_lanes_kara<false>(r, c, r, n, lanes);  // r s mod 16
            else
#endif
                mod16_mul_lanes(r, c, r, n, lanes);  // r s mod 16
            if (quadratic > 2 || use_ntt)  // (-a for the quadratic steps that follow)
                pairs(n, [&](size_t i, size_t k) { st16(neg_a + i, sub16(0, ld16(a + i, k)), k); });
            iter = 1;  // (two quadratic steps' worth)
            continue;
        }
        const bool small = iter < 3;  // r exact to 1, 2, 4 bits: |r| <= 8
        mul_r(c, neg_a, r, small);
        c[0] = uint16_t(c[0] + 2);
        mul_r(r, c, r, small);  // (the output may be an operand)
        if (use_ntt && iter < 2) centre_to(2u << iter);  // exact to 2, 4 bits now
        if (big_last && iter == 2) centre_to(8);         // exact to 8 bits: |r| <= 128
    }
    if (logq <= 12) {
        // u = 1 - a r (r exact to 4 bits, centred); on byte lanes c = a r - 1
        // = -u, negated in the pass below
        if (kS3Lanes && !use_ntt) {
            mul_r(c, a, r, true);
            c[0] = uint16_t(c[0] - 1);
        } else {
            mul_r(c, neg_a, r, true);
            c[0] = uint16_t(c[0] + 1);
        }
        uint16_t* s = neg_a;  // (-a is not needed any more)
        if (use_ntt) {
            // u = 0 mod (16, Phi_n): reduced mod Phi_n (coefficient n-1 made 0)
            // it is 16 w, and u^2 = 256 w^2 mod 2^12 needs w only mod 16:
            // centred, a small x small product.
            const uint16_t last = c[n - 1];
            for (size_t i = 0; i < n; ++i) {
                c[i] = uint16_t(c[i] - last);
                s[i] = uint16_t((((uint32_t(c[i]) >> 4) + 8) & 15) - 8);
            }
            ntt::mul(s, s, bits, s, bits, n, reinterpret_cast<int32_t*>(mul));
            for (size_t i = 0; i < n; ++i) s[i] = uint16_t(s[i] << 8);
        } else if (kS3Lanes) {
            // The same w (mod 16, not centred) on byte lanes: w = w0 + 4 w1
            // (w0, w1 <= 3), w^2 = w0^2 + 8 w0 w1 mod 16; w0^2 mod 16 a lane
            // product (a lane gains <= 4 * 9 per word product: the mod 16
            // kernel's fold every three suffices), w0 w1 mod 2 a carry-less one.
            uint32_t* lanes = reinterpret_cast<uint32_t*>(mul);
            uint16_t* p = mul + 2 * s3_lanes_words(n);
            uint32_t* t2 = lanes + s3_lanes_words(n) + (n + 1) / 2;  // after p, word-aligned
            const uint32_t last2 = uint32_t(c[n - 1]) * 0x10001u;
            pairs(n, [&](size_t i, size_t k) {
                const uint32_t x = sub16(last2, ld16(c + i, k)), w = (x >> 4) & 0x000F000Fu;
                st16(c + i, x, k);
                st16(s + i, w & 0x00030003u, k);
                st16(p + i, (w >> 2) & 0x00030003u, k);
            });
            r2_mul(p, s, p, n, t2);              // w0 w1 mod 2
            small_sqr_lanes(s, s, n, lanes, 15);  // w0^2 mod 16
            pairs(n, [&](size_t i, size_t k) {
                // u^2 = 256 (w^2 mod 16), plus u: u + u^2 in the same pass
                st16(s + i, add16(((ld16(s + i, k) + (ld16(p + i, k) << 3)) & 0x000F000Fu) << 8, ld16(c + i, k)), k);
            });
        } else {
            ring_mul(s, c, c, n, logq, mul, wide);  // u^2
        }
        if (!kS3Lanes || use_ntt)
            for (size_t i = 0; i < n; ++i) s[i] = uint16_t(s[i] + c[i]);  // u + u^2
        s[0] = uint16_t(s[0] + 1);  // 1 + u + u^2
        mul_r(r, s, r, true);
    } else if (quartic13) {
        quartic13_step(r, a, n, logq, neg_a, c, mul, shared);
    }
}

namespace {
// (a, b) <- (min, max) as unsigned words, branch-free (mask = all ones when
// b < a: the borrow of the 64-bit difference, SUBS + SBC on the M4; then
// a + (b - a) = b and b - (b - a) = a: five operations).
inline void minmax(uint32_t& a, uint32_t& b) {
    const uint64_t diff = uint64_t(b) - uint64_t(a);
    const uint32_t mask = value_barrier(uint32_t(diff >> 32));
    const uint32_t t = uint32_t(diff) & mask;
    a += t;
    b -= t;
}
inline void minmax(uint32_t* x, size_t i, size_t j) {
    uint32_t a = x[i], b = x[j];
    minmax(a, b);
    x[i] = a;
    x[j] = b;
}

// k steps over the pairs (a[0], b[0]), (a[1], b[1]), then a and b advance by
// Stride words: the same compare-exchange, two pairs per step, on the M4 with
// LDRD / STRD (word-aligned x) in straight-line code.
template <int Stride>
inline void minmax_pairs(uint32_t* a, uint32_t* b, size_t k) {
#if defined(PQMCU_TARGET_M4)
    if (k == 0) return;
    uint32_t a0, a1, b0, b1, t, m;
    __asm__ volatile(
        "1:\n\t"
        "ldrd %[a0], %[a1], [%[pa]]\n\t"
        "ldrd %[b0], %[b1], [%[pb]]\n\t"
        "subs %[t], %[b0], %[a0]\n\t"
        "itt lo\n\t"
        "addlo %[a0], %[a0], %[t]\n\t"
        "sublo %[b0], %[b0], %[t]\n\t"
        "subs %[t], %[b1], %[a1]\n\t"
        "itt lo\n\t"
        "addlo %[a1], %[a1], %[t]\n\t"
        "sublo %[b1], %[b1], %[t]\n\t"
        "strd %[a0], %[a1], [%[pa]], %[step]\n\t"
        "strd %[b0], %[b1], [%[pb]], %[step]\n\t"
        "subs %[k], %[k], #1\n\t"
        "bne 1b"
        : [pa] "+r"(a), [pb] "+r"(b), [k] "+r"(k), [a0] "=&r"(a0), [a1] "=&r"(a1), [b0] "=&r"(b0),
          [b1] "=&r"(b1), [t] "=&r"(t), [m] "=&r"(m)
        : [step] "I"(4 * Stride)
        : "cc", "memory");
#else
    if constexpr (Stride == 2)  // contiguous runs (x86 AVX2: engine_avx2.hpp)
        if (minmax_run_avx2(a, b, 2 * k)) return;
    for (; k > 0; --k, a += Stride, b += Stride) {
        minmax(a[0], b[0]);
        minmax(a[1], b[1]);
    }
#endif
}
// k steps over the pairs (a[j], b[j]), j < 4, then a and b advance by 8 words
// (the p = 4 passes' whole runs).
inline void minmax_runs4(uint32_t* a, uint32_t* b, size_t k) {
#if defined(PQMCU_TARGET_M4)
    if (k == 0) return;
    uint32_t a0, a1, b0, b1, t;
    __asm__ volatile(
        "1:\n\t"
        "ldrd %[a0], %[a1], [%[pa]]\n\t"
        "ldrd %[b0], %[b1], [%[pb]]\n\t"
        "subs %[t], %[b0], %[a0]\n\t"
        "itt lo\n\t"
        "addlo %[a0], %[a0], %[t]\n\t"
        "sublo %[b0], %[b0], %[t]\n\t"
        "subs %[t], %[b1], %[a1]\n\t"
        "itt lo\n\t"
        "addlo %[a1], %[a1], %[t]\n\t"
        "sublo %[b1], %[b1], %[t]\n\t"
        "strd %[a0], %[a1], [%[pa]]\n\t"
        "strd %[b0], %[b1], [%[pb]]\n\t"
        "ldrd %[a0], %[a1], [%[pa], #8]\n\t"
        "ldrd %[b0], %[b1], [%[pb], #8]\n\t"
        "subs %[t], %[b0], %[a0]\n\t"
        "itt lo\n\t"
        "addlo %[a0], %[a0], %[t]\n\t"
        "sublo %[b0], %[b0], %[t]\n\t"
        "subs %[t], %[b1], %[a1]\n\t"
        "itt lo\n\t"
        "addlo %[a1], %[a1], %[t]\n\t"
        "sublo %[b1], %[b1], %[t]\n\t"
        "strd %[a0], %[a1], [%[pa], #8]\n\t"
        "strd %[b0], %[b1], [%[pb], #8]\n\t"
        "add %[pa], %[pa], #32\n\t"
        "add %[pb], %[pb], #32\n\t"
        "subs %[k], %[k], #1\n\t"
        "bne 1b"
        : [pa] "+r"(a), [pb] "+r"(b), [k] "+r"(k), [a0] "=&r"(a0), [a1] "=&r"(a1), [b0] "=&r"(b0),
          [b1] "=&r"(b1), [t] "=&r"(t)
        :
        : "cc", "memory");
#else
    for (; k > 0; --k, a += 8, b += 8)
        for (int j = 0; j < 4; ++j) minmax(a[j], b[j]);
#endif
}
// k steps over the pairs (a[0], b[0]), (a[2], b[2]), then a and b advance by
// 4 words (the p = 1 passes: every other index).
inline void minmax_pairs_stride2(uint32_t* a, uint32_t* b, size_t k) {
#if defined(PQMCU_TARGET_M4)
    if (k == 0) return;
    uint32_t a0, a1, b0, b1, t;
    __asm__ volatile(
        "1:\n\t"
        "ldr %[a0], [%[pa]]\n\t"
        "ldr %[a1], [%[pa], #8]\n\t"
        "ldr %[b0], [%[pb]]\n\t"
        "ldr %[b1], [%[pb], #8]\n\t"
        "subs %[t], %[b0], %[a0]\n\t"
        "itt lo\n\t"
        "addlo %[a0], %[a0], %[t]\n\t"
        "sublo %[b0], %[b0], %[t]\n\t"
        "subs %[t], %[b1], %[a1]\n\t"
        "itt lo\n\t"
        "addlo %[a1], %[a1], %[t]\n\t"
        "sublo %[b1], %[b1], %[t]\n\t"
        "str %[a1], [%[pa], #8]\n\t"
        "str %[b1], [%[pb], #8]\n\t"
        "str %[a0], [%[pa]], #16\n\t"
        "str %[b0], [%[pb]], #16\n\t"
        "subs %[k], %[k], #1\n\t"
        "bne 1b"
        : [pa] "+r"(a), [pb] "+r"(b), [k] "+r"(k), [a0] "=&r"(a0), [a1] "=&r"(a1), [b0] "=&r"(b0),
          [b1] "=&r"(b1), [t] "=&r"(t)
        :
        : "cc", "memory");
#else
    for (; k > 0; --k, a += 4, b += 4) {
        minmax(a[0], b[0]);
        minmax(a[2], b[2]);
    }
#endif
}
}  // namespace

// Batcher's merge exchange (Knuth, TAOCP 5.2.2, Algorithm M): a sorting
// network for any count; which pairs are compared depends on count only.
// The pairs (i, i + d) with i & p == r are visited as runs of p indices
// (no test per index; p = 1 as one loop of stride 2). Signed order is
// unsigned order after flipping the sign bits (done and undone around the
// network): the compare is then a borrow (two instructions, not three).
namespace {
// The network on unsigned words (sort_int32 flips the sign bits around it;
// the fixed-weight sampler makes its keys flipped already).
void sort_uint32(uint32_t* x, size_t count) {
    if (count < 2) return;
    if (sort_uint32_avx2(x, count)) return;  // x86 AVX2: a bitonic network (engine_avx2.hpp)
    size_t t = 1;
    while ((size_t(1) << t) < count) ++t;
    for (size_t p = size_t(1) << (t - 1); p > 0; p >>= 1) {
        size_t q = size_t(1) << (t - 1), r = 0, d = p;
        for (;;) {
            if (p == 1) {
                const size_t k = r + 2 + d < count ? (count - d - r - 3) / 4 + 1 : 0;
                minmax_pairs_stride2(x + r, x + r + d, k);
                const size_t i = r + 4 * k;
                if (i + d < count) minmax(x, i, i + d);
            } else if (p == 2) {  // runs of two: no inner loop
                size_t base = r;
                const size_t k = base + 1 + d < count ? (count - d - base - 2) / 4 + 1 : 0;
                minmax_pairs<4>(x + base, x + base + d, k);
                base += 4 * k;
                if (base + d < count) minmax(x, base, base + d);
            } else {
                // whole runs of p at r, r + 2p, ..., then at most one partial run
                const size_t whole = r + p - 1 + d < count ? (count - d - r - p) / (2 * p) + 1 : 0;
                if (p == 4) {
                    minmax_runs4(x + r, x + r + d, whole);
                } else {
                    uint32_t* a = x + r;
                    for (size_t j = 0; j < whole; ++j, a += 2 * p) minmax_pairs<2>(a, a + d, p / 2);
                }
                for (size_t base = r + 2 * p * whole; base + d < count; base += 2 * p) {
                    const size_t end = (base + p < count - d) ? base + p : count - d;
                    const size_t k = (end - base) / 2;
                    minmax_pairs<2>(x + base, x + base + d, k);
                    if ((end - base) & 1) minmax(x, end - 1, end - 1 + d);
                }
            }
            if (q == p) break;
            d = q - p;
            q >>= 1;
            r = p;
        }
    }
}
}  // namespace

#if defined(PQMCU_NTRU_NTT_M4_ASM)
extern "C" void pqmcu_ntru_sort8x(uint32_t* x, uint32_t groups);
extern "C" void pqmcu_ntru_merge8x(uint32_t* x, uint32_t groups);
extern "C" void pqmcu_ntru_minmax_mirror(uint32_t* a, uint32_t* b, uint32_t k);
extern "C" void pqmcu_ntru_merge8s(uint32_t* x, uint32_t q, uint32_t blocks);
extern "C" void pqmcu_ntru_mirror8s(uint32_t* x, uint32_t q, uint32_t blocks);
extern "C" void pqmcu_ntru_mirror4s(uint32_t* x, uint32_t q, uint32_t blocks);
#endif
namespace {
#if !defined(PQMCU_NTRU_NTT_M4_ASM)
// The C forms of the register-blocked rounds below (the M4 runs sort_m4.S):
// in a block of B words, the half-cleaners of distance from, .., to (powers
// of two), and the mirror round (word i against word B - 1 - i).
void half_cleaners(uint32_t* x, size_t B, size_t from, size_t to) {
    for (size_t d = from; d >= to; d /= 2)
        for (size_t i = 0; i < B; ++i)
            if ((i / d) % 2 == 0) minmax(x, i, i + d);
}
void mirror_round(uint32_t* x, size_t B) {
    for (size_t i = 0; i < B / 2; ++i) minmax(x, i, B - 1 - i);
}
#endif
// Each group of eight words sorted (the 19-comparator network, depth 6).
void sort8x(uint32_t* x, size_t groups) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_sort8x(x, uint32_t(groups));
#else
    constexpr uint8_t net[19][2] = {{0, 2}, {1, 3}, {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}, {0, 1}, {2, 3},
                                    {4, 5}, {6, 7}, {2, 4}, {3, 5}, {1, 4}, {3, 6}, {1, 2}, {3, 4}, {5, 6}};
    for (size_t g = 0; g < groups; ++g, x += 8)
        for (const auto& c : net) minmax(x, c[0], c[1]);
#endif
}
// A bitonic merge's rounds of distance 4, 2, 1 in each group of eight.
void merge8x(uint32_t* x, size_t groups) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_merge8x(x, uint32_t(groups));
#else
    for (size_t g = 0; g < groups; ++g, x += 8) half_cleaners(x, 8, 4, 1);
#endif
}
// The pairs (a[j], b[-j]), j < k (k even, >= 2).
void minmax_mirror(uint32_t* a, uint32_t* b, size_t k) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_minmax_mirror(a, b, uint32_t(k));
#else
    for (size_t j = 0; j < k; ++j) minmax(a[j], *(b - j));
#endif
}
// Half-cleaner rounds of distance 4q, 2q, q on `blocks` blocks of 8q words:
// for each block and i < q the eight words x[i + jq] in registers.
void merge8s(uint32_t* x, size_t q, size_t blocks) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_merge8s(x, uint32_t(q), uint32_t(blocks));
#else
    for (size_t b = 0; b < blocks; ++b, x += 8 * q) half_cleaners(x, 8 * q, 4 * q, q);
#endif
}
// A bitonic merge's first three rounds (mirror images, then distances 2q,
// q) on `blocks` blocks of B = 8q words.
void mirror8s(uint32_t* x, size_t q, size_t blocks) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_mirror8s(x, uint32_t(q), uint32_t(blocks));
#else
    for (size_t b = 0; b < blocks; ++b, x += 8 * q) {
        mirror_round(x, 8 * q);
        half_cleaners(x, 8 * q, 2 * q, q);
    }
#endif
}
// A bitonic merge's first two rounds (mirror images, then distance q) on
// `blocks` blocks of B = 4q words.
void mirror4s(uint32_t* x, size_t q, size_t blocks) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    pqmcu_ntru_mirror4s(x, uint32_t(q), uint32_t(blocks));
#else
    for (size_t b = 0; b < blocks; ++b, x += 4 * q) {
        mirror_round(x, 4 * q);
        half_cleaners(x, 4 * q, q, q);
    }
#endif
}
}  // namespace

// A bitonic network over N = count rounded up to 8 words (x[count .. N) set
// to the largest word: a comparator puts the smaller word at the lower
// index, so they stay where they are, and comparators beyond N are left
// out). Groups of eight sorted in registers; then per merge of two sorted
// halves of B = 16, 32, .. words: on the whole blocks, the mirror round
// (each word against its mirror image) with the (s - 1) mod 3 top
// half-cleaners (mirror8s / mirror4s), the other half-cleaners down to
// distance 8 three rounds at a time in registers (merge8s); on a partial
// last block the same rounds one by one as runs; then the distances 4, 2, 1
// in registers per group (merge8x). Every count (public) padded to a
// multiple of 8. (Against Batcher's merge exchange, sort_uint32: ~15 % more
// comparators, but nearly all of them in registers, a load and a store per
// word and three rounds.)
void sort_uint32_blocks(uint32_t* x, size_t count) {
    if (count < 2) return;
    const size_t N = (count + 7) & ~size_t(7);
    for (size_t i = count; i < N; ++i) x[i] = ~0u;
    sort8x(x, N / 8);
    for (size_t B = 16, s = 4; B / 2 < N; B *= 2, ++s) {
        const size_t H = B / 2, full = N / B, bp = full * B;  // blocks [0, bp): whole
        // Whole blocks: the mirror round and the s - 1 half-cleaners
        // (B/4 .. 1) as groups of three rounds in registers, from the end
        // (the last three by merge8x below); the (s - 1) mod 3 left at the top
        // go with the mirror round (2: mirror8s, 1: mirror4s; 0: the mirror
        // round alone).
        if (full != 0) {
            size_t d = B / 4;  // the next half-cleaner distance
            if ((s - 1) % 3 == 2) {
                mirror8s(x, B / 8, full);
                d = B / 16;
            } else if ((s - 1) % 3 == 1) {
                mirror4s(x, B / 4, full);
                d = B / 8;
            } else {
                for (size_t b = 0; b < bp; b += B) minmax_mirror(x + b, x + b + B - 1, H);
            }
            for (; d >= 8; d /= 8) merge8s(x, d / 4, bp / (2 * d));
        }
        // The partial block [bp, N) (b + H < N: a second half to merge), round by round
        if (bp + H < N) {
            const size_t k = N - bp - H;  // pairs (bp + i, bp + B - 1 - i), i >= H - k
            minmax_mirror(x + bp + H - k, x + bp + H - 1 + k, k);
            for (size_t d = H / 2; d >= 8; d /= 2)
                for (size_t b = bp; b + d < N; b += 2 * d) {
                    const size_t len = b + 2 * d <= N ? d : N - b - d;
                    minmax_pairs<2>(x + b, x + b + d, len / 2);
                }
        }
        merge8x(x, N / 8);
    }
}

void sort_int32(int32_t* xs, size_t count) {
    if (count < 2) return;
    uint32_t* x = reinterpret_cast<uint32_t*>(xs);
    for (size_t i = 0; i < count; ++i) x[i] ^= 0x80000000u;
    sort_uint32(x, count);
    for (size_t i = 0; i < count; ++i) x[i] ^= 0x80000000u;
}

}  // namespace detail

namespace {
using detail::mod3;

struct Ring {
    size_t n;
    uint32_t logq;
    uint32_t qmask;  // (32-bit: the loops' uint16_t stores cannot alias it, so it stays in a register)
    uint16_t* mul;  // the ring products' scratch (Work::mul)
    uint16_t* wide;  // Work::wide
    bool ntt;       // products with a small operand by ntt.hpp (in Work::mul): uses_ntt(n)
    Ring(const Params& p, const Work& w)
        : n(p.n), logq(p.logq), qmask(p.q() - 1), mul(w.mul), wide(w.wide), ntt(uses_ntt(p.n)) {}
    Ring(const Params& p, const Work& w, bool use_ntt)
        : n(p.n), logq(p.logq), qmask(p.q() - 1), mul(w.mul), wide(w.wide), ntt(use_ntt) {}
    int32_t* ntt_scratch() const { return reinterpret_cast<int32_t*>(mul); }
};
// ntt_big (decryption at n = 509, 677; hrss701's last Newton step) uses the
// same words as ntt's products.
static_assert(ntt::scratch_words(509) >= ntt_big::scratch_words(509) &&
              ntt::scratch_words(677) >= ntt_big::scratch_words(677) &&
              ntt::scratch_words(701) >= ntt_big::scratch_words(701));
// Decryption's S3 product on byte lanes (s3_mul_lanes) runs in the products' scratch.
constexpr bool lanes_fit(const Params& p) { return decaps_mul_words(p.n, p.logq) / 2 >= detail::s3_lanes_words(p.n); }
static_assert(lanes_fit(ntruhps2048509::params) && lanes_fit(ntruhps2048677::params) &&
              lanes_fit(ntruhps4096821::params) && lanes_fit(ntruhps40961229::params) &&
              lanes_fit(ntruhrss701::params) && lanes_fit(ntruhrss1373::params));
// Key generation's first Newton step on byte lanes (mod16_mul_lanes)
// too, with one more polynomial after the lanes' words.
constexpr bool keygen_lanes_fit(const Params& p) {
    return !kS3Lanes || keygen_mul_words(p.n, p.logq) >= 2 * detail::s3_lanes_words(p.n) + p.n + 1 +
                                                            2 * std::max(detail::r2_cube_scratch_words(p.n),
                                                                         detail::r2_quartic_add_scratch_words(p.n));
}
// ... and its integer lane products (z3_mul_int) in the product scratch
constexpr bool keygen_int_fit(const Params& p) {
    return !kS3Lanes || keygen_mul_words(p.n, p.logq) >= 2 * detail::z3_int_words(p.n);
}
static_assert(keygen_int_fit(ntruhps2048509::params) && keygen_int_fit(ntruhps2048677::params) &&
              keygen_int_fit(ntruhps4096821::params) && keygen_int_fit(ntruhps40961229::params) &&
              keygen_int_fit(ntruhrss701::params) && keygen_int_fit(ntruhrss1373::params));
static_assert(keygen_lanes_fit(ntruhps2048509::params) && keygen_lanes_fit(ntruhps2048677::params) &&
              keygen_lanes_fit(ntruhps4096821::params) && keygen_lanes_fit(ntruhps40961229::params) &&
              keygen_lanes_fit(ntruhrss701::params) && keygen_lanes_fit(ntruhrss1373::params));
// The jump inversions (inverse.hpp) run in the products' scratch, free before the first product.
constexpr bool jump_fits(const Params& p) {
    return keygen_mul_words(p.n, p.logq) / 2 >= detail::s3_jump_scratch_words(p.n) &&
           keygen_mul_words(p.n, p.logq) / 2 >= detail::r2_jump_scratch_words(p.n) &&
           keygen_mul_words(p.n, p.logq) / 2 >= detail::r2_exp_scratch_words(p.n) &&
           (!kS3Lanes || keygen_mul_words(p.n, p.logq) / 2 >= detail::s3_exp_scratch_words(p.n));
}
static_assert(jump_fits(ntruhps2048509::params) && jump_fits(ntruhps2048677::params) &&
              jump_fits(ntruhps4096821::params) && jump_fits(ntruhps40961229::params) &&
              jump_fits(ntruhrss701::params) && jump_fits(ntruhrss1373::params));

// ---- coefficient maps

// {0,1,2} -> {0,1,q-1}
void z3_to_zq(const Ring& R, uint16_t* a) {
    if (detail::z3_to_zq_avx512(a, R.n, uint16_t(R.qmask))) return;  // x86 AVX-512BW (engine_avx2.hpp)
    for (size_t i = 0; i < R.n; ++i) a[i] = uint16_t(a[i] | ((0u - (a[i] >> 1)) & R.qmask));
}
// Reduce mod (3, Phi_n): subtract c[n-1] * Phi_n, then mod 3 (inputs < 2^16 / 3).
void mod3_phi(const Ring& R, uint16_t* a) {
    const uint32_t last = a[R.n - 1];
    for (size_t i = 0; i < R.n; ++i) a[i] = mod3(uint16_t(a[i] + 2 * last));
}
// Reduce mod Phi_n (mod 2^16): subtract c[n-1] * Phi_n.
// (The M4's key generation does it inside pack_rq<true> instead.)
void modq_phi(const Ring& R, uint16_t* a) {
    const uint16_t last = a[R.n - 1];
    for (size_t i = 0; i < R.n; ++i) a[i] = uint16_t(a[i] - last);
}
// R_q -> S3: centre each coefficient in [-q/2, q/2), then reduce mod (3, Phi_n).
// One pass: the centred value of the last coefficient first (mod3_phi's
// subtrahend), then mod3(centred a_i + 2 last) for every i (< 2^13 + 2^15).
void rq_to_s3(const Ring& R, uint16_t* r, const uint16_t* a) {
    if (detail::rq_to_s3_avx512(r, a, R.n, R.logq)) return;  // x86 AVX-512BW (engine_avx2.hpp)
    const uint32_t neg_q_mod3 = (R.logq & 1) ? 1 : 2;  // -2^logq mod 3
    const uint32_t qmask = R.qmask, top = R.logq - 1;
    const size_t n = R.n;
    const auto centred = [&](uint32_t x) {
        const uint32_t c = x & qmask;
        return c + (c >> top) * neg_q_mod3;
    };
    const uint32_t last2 = 2 * centred(a[n - 1]);
#pragma GCC unroll 4
    for (size_t i = 0; i < n; ++i) r[i] = mod3(uint16_t(centred(a[i]) + last2));
}

// ---- ring products (all through polymul)

// c = a t, t in {0,1,2} for {0,1,-1} (unchanged), exact mod 2^13 as
// ring_mul: x86 hosts with AVX2 but not AVX-512BW, the Toom-4 product in
// the Speed profile's `wide` buffers, t mapped as it is copied (no z3_to_zq
// pass); false (nothing done) otherwise.
inline bool ring_mul_ternary_x86([[maybe_unused]] uint16_t* c, [[maybe_unused]] const uint16_t* a,
                                 [[maybe_unused]] const uint16_t* t, [[maybe_unused]] size_t n,
                                 [[maybe_unused]] uint32_t logq, [[maybe_unused]] uint16_t* wide) {
#if defined(PQMCU_POLYMUL_AVX2)
    if (wide != nullptr && mul_logq(logq) == 13 && n <= polymul::avx2::kMaxN && polymul::avx2::enabled() &&
        !detail::s3_pack_avx512_usable())
        return polymul::avx2::mul_cyclic_13_ternary(c, a, t, n, wide);
#endif
    return false;
}

void rq_mul(const Ring& R, uint16_t* c, const uint16_t* a, const uint16_t* b) {
    detail::ring_mul(c, a, b, R.n, R.logq, R.mul, R.wide);
}
// c = a b with b small (centred mod q: |b| <= 8); c may alias a or b.
void rq_mul_small(const Ring& R, uint16_t* c, const uint16_t* a, const uint16_t* b) {
    if (R.ntt) ntt::mul(c, a, R.logq, b, R.logq, R.n, R.ntt_scratch());
    else rq_mul(R, c, a, b);
}
// c = a t with t in {0,1,2} standing for {0,1,-1} (t is overwritten when
// there is no transform: mapped to {0,1,q-1} in place); c may alias a or t.
void rq_mul_ternary(const Ring& R, uint16_t* c, const uint16_t* a, uint16_t* t) {
    if (R.ntt) {
        ntt::mul(c, a, R.logq, t, ntt::kTernary, R.n, R.ntt_scratch());
    } else if (ring_mul_ternary_x86(c, a, t, R.n, R.logq, R.wide)) {
        // (x86 AVX2: t mapped as the product copies it; t is left as it is)
    } else {
        z3_to_zq(R, t);
        rq_mul(R, c, a, t);
    }
}
void sq_mul_small(const Ring& R, uint16_t* c, const uint16_t* a, const uint16_t* b) {
    rq_mul_small(R, c, a, b);
    modq_phi(R, c);
}
// Both factors in {0,1,2}: the integer coefficients stay below 4n < 2^13 (n <= 1373),
// within what every product method keeps exact. (A bit-sliced product mod 3,
// n^2/32 word additions in two planes, measured 478k cycles at n = 509 on the
// M4 against ~420k for this Toom-4 product, so it is not used.)
// On the M4 detail::s3_mul_lanes (byte lanes, 16 coefficient products per
// UMLAL) instead: faster than ntt.hpp's transform and Toom-4 (README).
void s3_mul(const Ring& R, uint16_t* c, const uint16_t* a, const uint16_t* b) {
    if constexpr (kS3Lanes) {
        detail::s3_mul_lanes(c, a, b, R.n, reinterpret_cast<uint32_t*>(R.mul));  // reduced mod (3, Phi_n) too
    } else {
        rq_mul(R, c, a, b);
        if (detail::mod3_phi_avx512(c, R.n, 0x1FFF)) return;  // x86 AVX-512BW: the same two steps
        for (size_t i = 0; i < R.n; ++i) c[i] &= 0x1FFF;  // drop the bits above the exact 13 (Toom-4)
        mod3_phi(R, c);
    }
}

// ---- packing

// Four bytes, little-endian: one (unaligned) word load where the target allows.
inline uint32_t load_le32(const uint8_t* b) {
    if constexpr (std::endian::native == std::endian::little) {
        uint32_t w;
        std::memcpy(&w, b, 4);
        return w;
    } else {
        return uint32_t(b[0]) | (uint32_t(b[1]) << 8) | (uint32_t(b[2]) << 16) | (uint32_t(b[3]) << 24);
    }
}

inline void store_le32(uint8_t* b, uint32_t w) {
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(b, &w, 4);
    } else {
        for (int k = 0; k < 4; ++k) b[k] = uint8_t(w >> (8 * k));
    }
}

// n-1 coefficients mod q, logq bits each, least significant bit first.
// Groups of eight coefficients (logq bytes) with a compile-time layout: the
// bits gathered in a word, stored whole (unaligned STR) and the group's
// last bytes one by one; the coefficients after the last whole group are
// ORed into the (zeroed) tail byte by byte.
template <unsigned L, bool Phi>
size_t pack_rq_groups(uint8_t* out, const uint16_t* a, size_t groups, [[maybe_unused]] uint32_t sub) {
    constexpr uint32_t mask = (1u << L) - 1;
    for (size_t gi = 0; gi < groups; ++gi, a += 8, out += L) {
        uint8_t* o = out;
        uint32_t acc = 0;
        unsigned pos = 0;
#pragma GCC unroll 8
        for (unsigned j = 0; j < 8; ++j) {
            const uint32_t v = (Phi ? a[j] - sub : a[j]) & mask;
            acc |= v << pos;
            if (pos + L >= 32) {
                store_le32(o, acc);
                o += 4;
                acc = pos == 0 ? 0 : v >> (32 - pos);
                pos = pos + L - 32;
            } else {
                pos += L;
            }
        }
        for (; pos >= 8; pos -= 8, acc >>= 8) *o++ = uint8_t(acc);
    }
    return 8 * groups;
}
// Phi: a - a[n-1] packed (modq_phi fused: -1.7k cycles at hrss701's key
// generation), sub 0 a compile-time constant otherwise.
template <bool Phi = false>
[[gnu::noinline]] void pack_rq(const Ring& R, uint8_t* out, const uint16_t* a) {
    const size_t count = R.n - 1, len = (size_t(R.logq) * count + 7) / 8;
    const size_t groups = count / 8;
    const uint32_t sub = Phi ? a[R.n - 1] : 0;
    size_t i = Phi ? 0 : detail::pack_rq_avx512(out, a, count, R.logq);  // x86 AVX-512VBMI: the first groups (engine_avx2.hpp)
    const size_t gi = i / 8;
    switch (R.logq) {
        case 11: i += pack_rq_groups<11, Phi>(out + 11 * gi, a + i, groups - gi, sub); break;
        case 12: i += pack_rq_groups<12, Phi>(out + 12 * gi, a + i, groups - gi, sub); break;
        case 13: i += pack_rq_groups<13, Phi>(out + 13 * gi, a + i, groups - gi, sub); break;
        case 14: i += pack_rq_groups<14, Phi>(out + 14 * gi, a + i, groups - gi, sub); break;
        default: break;
    }
    size_t bit = size_t(R.logq) * i;
    for (size_t k = bit >> 3; k < len; ++k) out[k] = 0;
    for (; i < count && (bit >> 3) + 4 <= len; ++i, bit += R.logq) {
        uint8_t* b = out + (bit >> 3);
        store_le32(b, load_le32(b) | (uint32_t((a[i] - sub) & R.qmask) << (bit & 7)));
    }
    for (; i < count; ++i, bit += R.logq) {
        const uint32_t v = uint32_t((a[i] - sub) & R.qmask) << (bit & 7);  // at most 3 bytes
        for (size_t k = bit >> 3, s = 0; k < len; ++k, s += 8) out[k] = uint8_t(out[k] | (v >> s));
    }
}

// Coefficients 0..n-2; the last one is set to 0. Coefficient i is read
// from the word at byte logq i / 8 (7 + logq <= 32 bits); groups of eight
// (logq bytes) with compile-time shifts while their words stay inside the
// input, the rest by the general loop and the last few, whose word would
// pass the end, from the bytes that remain. Returns the sum of the
// coefficients (mod 2^16).
template <unsigned L>
size_t unpack_sq_groups(uint16_t* a, const uint8_t* in, size_t groups, uint32_t& sum) {
    constexpr uint32_t mask = (1u << L) - 1;
    uint32_t s = 0;
    for (size_t gi = 0; gi < groups; ++gi, a += 8, in += L) {
#pragma GCC unroll 8
        for (unsigned j = 0; j < 8; ++j) {
            const uint32_t v = (load_le32(in + (L * j) / 8) >> ((L * j) % 8)) & mask;
            a[j] = uint16_t(v);
            s += v;
        }
    }
    sum = s;
    return 8 * groups;
}
uint16_t unpack_sq(const Ring& R, uint16_t* a, const uint8_t* in) {
    const size_t count = R.n - 1, len = (size_t(R.logq) * count + 7) / 8;
    // whole groups whose last word (at byte 7 logq / 8 < logq) ends inside the input
    const size_t groups = (len >= 3 ? (len - 3) / R.logq : 0) < count / 8 ? (len >= 3 ? (len - 3) / R.logq : 0)
                                                                           : count / 8;
    uint32_t sum, rest = 0;
    size_t i = detail::unpack_bits_avx2(a, in, R.logq, len, groups, sum);  // x86 AVX2: the first groups (engine_avx2.hpp)
    const size_t gi = i / 8;
    switch (R.logq) {
        case 11: i += unpack_sq_groups<11>(a + i, in + 11 * gi, groups - gi, rest); break;
        case 12: i += unpack_sq_groups<12>(a + i, in + 12 * gi, groups - gi, rest); break;
        case 13: i += unpack_sq_groups<13>(a + i, in + 13 * gi, groups - gi, rest); break;
        case 14: i += unpack_sq_groups<14>(a + i, in + 14 * gi, groups - gi, rest); break;
        default: break;
    }
    sum += rest;
    size_t bit = size_t(R.logq) * i;
    for (; i < count && (bit >> 3) + 4 <= len; ++i, bit += R.logq) {
        const uint32_t v = (load_le32(in + (bit >> 3)) >> (bit & 7)) & R.qmask;
        a[i] = uint16_t(v);
        sum += v;
    }
    for (; i < count; ++i, bit += R.logq) {
        uint32_t w = 0;
        for (size_t k = bit >> 3, s = 0; k < len; ++k, s += 8) w |= uint32_t(in[k]) << s;
        const uint32_t v = (w >> (bit & 7)) & R.qmask;
        a[i] = uint16_t(v);
        sum += v;
    }
    a[R.n - 1] = 0;
    return uint16_t(sum);
}
// A polynomial of R_q whose coefficients sum to zero: its last coefficient
// is not transmitted.
void unpack_rq_sum_zero(const Ring& R, uint16_t* a, const uint8_t* in) {
    const uint16_t sum = unpack_sq(R, a, in);
    a[R.n - 1] = uint16_t(0u - sum);
}

// n-1 coefficients in {0,1,2}, five per byte in base 3 (coefficient 5i+j is digit j of byte i).
// (Whole bytes unrolled, the partial last byte by the loop: 5 digits < 3
// are at most 242, a byte.)
void pack_s3(const Ring& R, uint8_t* out, const uint16_t* a) {
    const size_t count = R.n - 1, whole = count / 5;
    if (detail::pack_s3_avx512(out, a, count)) return;  // x86 AVX-512BW (engine_avx2.hpp)
    size_t i = 0;
#if defined(__ARM_FEATURE_SIMD32) && defined(__ARM_FEATURE_DSP)
    // Two bytes (ten coefficients, five words) a step: the digits' weights
    // by SMUAD / SMLAD on halfword pairs, (1, 3) (9, 27) and 81 d4 for the
    // first byte, d5 + (3, 9) (27, 81) for the second. Linear mod 2^32 (signed
    // halfwords are the same mod 256): the same bytes as below for any input.
    // (-3.3k cycles at hrss701's key generation)
    {
        const uint32_t k13 = 0x00030001u, k927 = 0x001B0009u, k39 = 0x00090003u, k2781 = 0x0051001Bu;
        for (; i + 2 <= whole; i += 2) {
            const uint16_t* d = a + 5 * i;
            uint32_t w0, w1, w2, w3, w4;
            __builtin_memcpy(&w0, d, 4);
            __builtin_memcpy(&w1, d + 2, 4);
            __builtin_memcpy(&w2, d + 4, 4);
            __builtin_memcpy(&w3, d + 6, 4);
            __builtin_memcpy(&w4, d + 8, 4);
            const uint32_t b0 = uint32_t(__smlad(w1, k927, __smuad(w0, k13))) + 81 * (w2 & 0xFFFFu);
            const uint32_t b1 = uint32_t(__smlad(w4, k2781, __smlad(w3, k39, w2 >> 16)));
            out[i] = uint8_t(b0);
            out[i + 1] = uint8_t(b1);
        }
    }
#endif
    for (; i < whole; ++i) {
        const uint16_t* d = a + 5 * i;
        out[i] = uint8_t(d[0] + 3 * (d[1] + 3 * (d[2] + 3 * (d[3] + 3 * uint32_t(d[4])))));
    }
    for (size_t i = whole; 5 * i < count; ++i) {
        uint32_t c = 0;
        const size_t last = (5 * i + 5 < count ? 5 * i + 5 : count);
        for (size_t j = last; j-- > 5 * i;) c = (3 * c + a[j]) & 0xFF;
        out[i] = uint8_t(c);
    }
}
void unpack_s3(const Ring& R, uint16_t* a, const uint8_t* in) {
    const size_t count = R.n - 1, whole = count / 5;
    if (detail::unpack_s3_avx512(a, in, count)) {  // x86 AVX-512BW (engine_avx2.hpp)
        a[R.n - 1] = 0;
        return;
    }
    const auto digit = [](uint32_t& c) {  // c mod 3, c <- floor(c / 3) (c < 256)
        const uint32_t q = (c * 171) >> 9;
        const uint32_t r = c - 3 * q;
        c = q;
        return uint16_t(r);
    };
#pragma GCC unroll 4
    for (size_t i = 0; i < whole; ++i) {
        uint32_t c = in[i];
        uint16_t* d = a + 5 * i;
        d[0] = digit(c);
        d[1] = digit(c);
        d[2] = digit(c);
        d[3] = digit(c);
        d[4] = digit(c);
    }
    for (size_t i = whole; 5 * i < count; ++i) {
        uint32_t c = in[i];
        for (size_t j = 5 * i; j < 5 * i + 5 && j < count; ++j) {
            const uint32_t q = (c * 171) >> 9;  // floor(c / 3) for c < 256
            a[j] = uint16_t(c - 3 * q);
            c = q;
        }
    }
    a[R.n - 1] = 0;
}

// ---- sampling

// One byte per coefficient, reduced mod 3 (Pr[0] = 86/256), last coefficient 0.
#if defined(__ARM_FEATURE_SIMD32)
// Four bytes mod 3 as two halfword pairs (x0, x1), (x2, x3): byte pairs in
// halfwords by UXTB16, x - 3 floor(171 x / 512) (exact for x < 256).
// The four digits as (d0, d2) and (d1, d3) (mod3_quad before its repacking).
inline void mod3_quad_eo(const uint8_t* u, uint32_t& ev, uint32_t& od) {
    const auto mod3_pairs = [](uint32_t x) { return x - 3 * (((x * 171u) >> 9) & 0x007F007Fu); };
    uint32_t x;
    __builtin_memcpy(&x, u, 4);
#if defined(PQMCU_TARGET_M4)
    // UXTB16 (ROR #8) (GCC made an extra MOV of the rotation)
    uint32_t e, o;
    __asm__("uxtb16 %0, %2\n\tuxtb16 %1, %2, ror #8" : "=&r"(e), "=r"(o) : "r"(x));
    ev = mod3_pairs(e);
    od = mod3_pairs(o);
#else
    ev = mod3_pairs(__uxtb16(x));
    od = mod3_pairs(__uxtb16((x >> 8) | (x << 24)));
#endif
}
// (d0, d2), (d1, d3) -> (d0, d1), (d2, d3)
inline void eo_to_pairs(uint32_t ev, uint32_t od, uint32_t& d01, uint32_t& d23) {
#if defined(PQMCU_TARGET_M4)
    // PKHBT / PKHTB (as lanes_readout: GCC made masks and ORRs of them)
    __asm__("pkhbt %0, %2, %3, lsl #16\n\tpkhtb %1, %3, %2, asr #16" : "=&r"(d01), "=r"(d23) : "r"(ev), "r"(od));
#else
    d01 = (ev & 0xFFFFu) | (od << 16);
    d23 = (ev >> 16) | (od & 0xFFFF0000u);
#endif
}
inline void mod3_quad(const uint8_t* u, uint32_t& d01, uint32_t& d23) {
    uint32_t ev, od;
    mod3_quad_eo(u, ev, od);
    eo_to_pairs(ev, od, d01, d23);
}
#endif

void sample_iid(const Ring& R, uint16_t* r, const uint8_t* u) {
    size_t i = 0;
#if defined(__ARM_FEATURE_SIMD32)
    for (; i + 4 < R.n; i += 4) {
        uint32_t d01, d23;
        mod3_quad(u + i, d01, d23);
        __builtin_memcpy(r + i, &d01, 4);
        __builtin_memcpy(r + i + 2, &d23, 4);
    }
#endif
    for (; i + 1 < R.n; ++i) r[i] = mod3(u[i]);
    r[R.n - 1] = 0;
}

// sample_iid and pack_s3 in one pass (the digits packed from registers);
// returns the sum of the coefficients (HRSS's Lift(m) needs it).
uint32_t sample_iid_pack(const Ring& R, uint16_t* r, uint8_t* packed, const uint8_t* u) {
    const size_t count = R.n - 1, whole = count / 5;
    uint32_t sum = 0;
    if (detail::sample_iid_pack_avx512(r, packed, u, count, sum)) return sum;  // x86 (engine_avx2.hpp; r[count] = 0 too)
    for (size_t i = 0; i < whole; ++i, u += 5, r += 5) {
        const uint32_t d0 = mod3(u[0]), d1 = mod3(u[1]), d2 = mod3(u[2]), d3 = mod3(u[3]), d4 = mod3(u[4]);
        r[0] = uint16_t(d0);
        r[1] = uint16_t(d1);
        r[2] = uint16_t(d2);
        r[3] = uint16_t(d3);
        r[4] = uint16_t(d4);
        packed[i] = uint8_t(d0 + 3 * (d1 + 3 * (d2 + 3 * (d3 + 3 * d4))));
        sum += d0 + d1 + d2 + d3 + d4;
    }
    const size_t rest = count - 5 * whole;  // 0..4 digits in the last byte
    if (rest != 0) {
        uint32_t c = 0, scale = 1;
        for (size_t j = 0; j < rest; ++j, scale *= 3) {
            const uint32_t d = mod3(u[j]);
            r[j] = uint16_t(d);
            c += scale * d;
            sum += d;
        }
        packed[whole] = uint8_t(c);
    }
    r[rest] = 0;  // coefficient n - 1
    return sum;
}

// HRSS: i.i.d., then the even-index coefficients are negated when needed so
// that <x*r, r> >= 0.
// Two passes: the digits as 16-bit {0, 1, 0xFFFF} with the running sum of
// r[i] r[i-1]; then the sign on the even indices and -1 -> 2 (pairs of
// coefficients: the index parity is public).
void sample_iid_plus(const Ring& R, uint16_t* r, const uint8_t* u) {
    if (detail::sample_iid_plus_avx512(r, u, R.n)) return;  // x86 AVX-512BW (engine_avx2.hpp)
    const size_t n = R.n;
#if defined(__ARM_FEATURE_SIMD32) && defined(__ARM_FEATURE_DSP)
    if (n % 2 == 1) {  // (every HRSS set)
        // Two coefficients per word. The digits are stored as {0,1,2}; the sum
        // of r[i] r[i-1] runs on their {0,1,-1} halfwords in registers (SMLAD
        // on (v_i, v_i+1) and (v_i-1, v_i)). Four bytes a step (mod3_quad).
        // Then the sign on the even indices by a mask (s's bit 15: secret).
        uint32_t prevw = 0;  // the previous word of v: (v_i-2, v_i-1)
        int32_t acc = 0;
        const auto digits = [&](size_t i, uint32_t d) {  // d = (r_i, r_i+1) in {0,1,2}
            __builtin_memcpy(r + i, &d, 4);
            const uint32_t t = (d >> 1) & 0x00010001u;
            const uint32_t v = __usub16(d, t + (t << 1));  // 2 -> 0xFFFF
            acc = __smlad(v, (prevw >> 16) | (v << 16), acc);
            prevw = v;
        };
        size_t i = 0;
        {
            // Four digits a step on (v0, v2), (v1, v3): v1 v0 + v3 v2 by SMLAD,
            // v0 v_-1 + v2 v1 by SMLADX with (v1, v_-1) (one PKHBT) (-0.5k
            // cycles at hrss701's key generation)
            uint32_t prev_od = 0;  // (v_-3, v_-1)
            for (; i + 4 < n; i += 4) {
                uint32_t ev, od, d01, d23;
                mod3_quad_eo(u + i, ev, od);
                eo_to_pairs(ev, od, d01, d23);
                __builtin_memcpy(r + i, &d01, 4);
                __builtin_memcpy(r + i + 2, &d23, 4);
                const uint32_t te = (ev >> 1) & 0x00010001u, to = (od >> 1) & 0x00010001u;
                const uint32_t ve = __usub16(ev, te + (te << 1)), vo = __usub16(od, to + (to << 1));
                acc = __smlad(ve, vo, acc);
                uint32_t y;  // (v1, v_-1)
#if defined(PQMCU_TARGET_M4)
                __asm__("pkhbt %0, %1, %2" : "=r"(y) : "r"(vo), "r"(prev_od));
#else
                y = (vo & 0xFFFFu) | (prev_od & 0xFFFF0000u);
#endif
                acc = __smladx(ve, y, acc);
                prev_od = vo;
            }
            prevw = prev_od;  // (its high half: v_(i-1))
        }
        for (; i + 1 < n; i += 2) digits(i, mod3(u[i]) | uint32_t(mod3(u[i + 1])) << 16);
        r[n - 1] = 0;
        // the even index negated when s < 0 (mod 2^16): 1 <-> 2 where nonzero
        const uint32_t m1 = (uint32_t(acc) >> 15) & 1;
#pragma GCC unroll 4
        for (i = 0; i + 1 < n; i += 2) {
            uint32_t w;
            __builtin_memcpy(&w, r + i, 4);
            const uint32_t t = (w | (w >> 1)) & m1;
            w ^= t + (t << 1);
            __builtin_memcpy(r + i, &w, 4);
        }
        return;
    }
#endif
    uint32_t prev = 0, s = 0;
    for (size_t i = 0; i + 1 < n; ++i) {
        const uint32_t d = mod3(u[i]);
        const uint32_t v = uint16_t(d | (0u - (d >> 1)));  // 2 -> 0xFFFF (-1)
        r[i] = uint16_t(v);
        s += v * prev;  // (mod 2^16 is what counts)
        prev = v;
    }
    r[n - 1] = 0;
    const uint32_t sign = uint16_t(1 | (0u - ((s >> 15) & 1)));  // +1, or -1 when s < 0 (mod 2^16)
    const auto fix = [](uint32_t x) { return uint16_t(3 & (x ^ (x >> 15))); };  // -1 -> 2 (16-bit x)
    size_t i = 0;
    for (; i + 1 < n; i += 2) {
        r[i] = fix(uint16_t(sign * r[i]));
        r[i + 1] = fix(r[i + 1]);
    }
    if (i < n) r[i] = fix(uint16_t(sign * r[i]));
}

// HPS: exactly weight/2 coefficients +1 and weight/2 coefficients -1 (= 2),
// placed by sorting 30-bit random keys that carry the values in their low bits.
void sample_fixed_weight(const Params& p, const Ring& R, uint16_t* r, const uint8_t* u, int32_t* keys) {
    const size_t count = R.n - 1, len = p.fixed_weight_bytes();
    // The reference sorts the keys as int32: they are kept with the sign bit
    // flipped, whose unsigned order is that order (only the low 2 bits are read).
    constexpr uint32_t k30 = 0x3FFFFFFFu, kSign = 0x80000000u;
    uint32_t* ukeys = reinterpret_cast<uint32_t*>(keys);
    size_t i = detail::fixed_weight_keys_avx2(ukeys, u, count, len);  // x86 AVX2: eight keys a step
    for (; i + 4 <= count; i += 4) {
        // Four keys in 15 bytes, at bits 0, 30, 60, 90 of b: bytes 0-3, 3-7
        // (from bit 6), 7-11 (from bit 4), 11-14 (from bit 2).
        const uint8_t* b = u + 15 * (i / 4);
        const uint32_t k0 = load_le32(b);
        const uint32_t k1 = (load_le32(b + 3) >> 6) | (uint32_t(b[7]) << 26);
        const uint32_t k2 = (load_le32(b + 7) >> 4) | (uint32_t(b[11]) << 28);
        const uint32_t k3 = load_le32(b + 11) >> 2;
        ukeys[i] = ((k0 & k30) << 2) ^ kSign;
        ukeys[i + 1] = ((k1 & k30) << 2) ^ kSign;
        ukeys[i + 2] = ((k2 & k30) << 2) ^ kSign;
        ukeys[i + 3] = ((k3 & k30) << 2) ^ kSign;
    }
    for (; i < count; ++i) {  // (no set has count % 4 != 0)
        // bits [30i, 30i + 30) of u, little-endian: within bytes byte .. byte + 4
        const size_t bit = 30 * i, byte = bit / 8, shift = bit % 8;
        uint64_t v;
        if (byte + 5 <= len) {
            const uint32_t lo = uint32_t(u[byte]) | (uint32_t(u[byte + 1]) << 8) | (uint32_t(u[byte + 2]) << 16) |
                                (uint32_t(u[byte + 3]) << 24);  // one word load where the target allows
            v = uint64_t(lo) | (uint64_t(u[byte + 4]) << 32);
        } else {
            v = 0;
            for (size_t k = 0; byte + k < len; ++k) v |= uint64_t(u[byte + k]) << (8 * k);
        }
        ukeys[i] = (uint32_t((v >> shift) & 0x3FFFFFFFu) << 2) ^ kSign;
    }
    const size_t w = p.weight();
    for (size_t j = 0; j < w / 2; ++j) ukeys[j] |= 1;
    for (size_t j = w / 2; j < w; ++j) ukeys[j] |= 2;
    if (!detail::sort_labels_avx2(r, ukeys, count, sort_words(R.n))) {  // x86 AVX2: in place (engine_avx2.hpp)
#if defined(PQMCU_TARGET_M4)
        detail::sort_uint32_blocks(ukeys, count);  // (sort_words(n): room for its padding)
#else
        detail::sort_uint32(ukeys, count);
#endif
        size_t j = 0;
        for (; j + 1 < count; j += 2) {  // two labels per word store
            const uint32_t v = (ukeys[j] & 3) | (ukeys[j + 1] & 3) << 16;
            __builtin_memcpy(r + j, &v, 4);
        }
        for (; j < count; ++j) r[j] = uint16_t(ukeys[j] & 3);
    }
    r[R.n - 1] = 0;
}

// ---- lifting m to R_q

// HPS: Lift(m) = m with coefficients {0,1,-1}.
// HRSS: Lift(m) = (x - 1) * b with b = m / (x - 1) mod (3, Phi_n), centred.
// b solves (x-1) b = m + k Phi_n with b[n-1] = 0: b[i] = -(m[0] + .. + m[i]) - (i+1) k,
// k = -(m[0] + .. + m[n-1]) / n mod 3.
// dst +- Lift(m) (mod 2^16) in one pass, m ({0,1,2}) left as it is.
// HaveTotal: `total` is the sum of m's coefficients (secret: a compile-time
// choice, no test of its value), else it is computed here.
#if defined(__ARM_FEATURE_SIMD32)
// Two coefficients per word (UADD16 / USUB16) in the per-coefficient passes of
// decryption; the M4 allows unaligned word accesses.
using polymul::detail::load2;
using polymul::detail::store2;
#endif
template <bool Subtract, bool HaveTotal = false>
void lift_into(const Params& p, const Ring& R, uint16_t* dst, const uint16_t* m, uint32_t total = 0) {
    const size_t n = R.n;
    const auto put = [dst](size_t i, uint32_t d) {
        dst[i] = uint16_t(Subtract ? dst[i] - d : dst[i] + d);
    };
    if (p.hps()) {
        if (detail::lift_hps_avx512(dst, m, n, Subtract)) return;  // x86 AVX-512BW (engine_avx2.hpp)
        size_t i = 0;
#if defined(__ARM_FEATURE_SIMD32)
#pragma GCC unroll 4
        for (; i + 1 < n; i += 2) {
            const uint32_t x = load2(m + i), d = __usub16(x, 3 * ((x >> 1) & 0x00010001u));
            const uint32_t y = load2(dst + i);
            store2(dst + i, Subtract ? __usub16(y, d) : __uadd16(y, d));
        }
#endif
        for (; i < n; ++i) put(i, m[i] - 3 * (m[i] >> 1));  // {0,1,2} -> {0,1,-1}
        return;
    }
    // Exact running sums (below 4n <= 5492), reduced by mod3's multiplication.
    if constexpr (!HaveTotal) {
        total = 0;
        for (size_t i = 0; i < n; ++i) total += m[i];
    }
    const uint32_t n_mod3 = uint32_t(n % 3);  // its own inverse mod 3
    const uint32_t k = mod3(uint16_t(3 - mod3(uint16_t(total * n_mod3))));
    if (detail::lift_hrss_avx512(dst, m, n, k, Subtract)) return;  // x86 AVX-512BW (engine_avx2.hpp)
    // b[i] = (6n - prefix - (i+1) k) mod 3 (6n >= 4n keeps it positive),
    // {0,1,2} -> {0,1,-1}, and (x - 1) b mod (x^n - 1) with b[n-1] = 0:
    // out[i] = b[i-1] - b[i] (out[0] = -b[0]).
    uint32_t rest = 6 * uint32_t(n);  // 6n - prefix - (i+1) k
    uint32_t prev = 0;
#pragma GCC unroll 4
    for (size_t i = 0; i < n; ++i) {
        rest -= m[i] + k;
        const uint32_t v = (rest * 0x55555556u) >> 30;  // mod 3 (rest < 2^16: as mod3)
        const uint32_t cur = v - 3 * (v >> 1);
        put(i, prev - cur);
        prev = cur;
    }
}

// ---- decryption checks (1 = invalid)

inline uint32_t nonzero(uint32_t t) { return (0u - t) >> 31; }  // t < 2^31

// Unused high bits of the last ciphertext byte must be zero.
uint32_t check_ciphertext_padding(const Params& p, const uint8_t* ct) {
    const uint32_t used = uint32_t((size_t(p.logq) * (p.n - 1)) % 8);
    if (used == 0) return 0;
    return nonzero(ct[p.ct_bytes() - 1] & (0xFFu << used) & 0xFFu);
}
// r mod (q, x^n - 1) is reduced mod Phi_n (r[n-1] subtracted: then r[n-1] =
// 0), checked trinary ({0, 1, q-1}) and mapped to {0,1,2}, in one pass.
uint32_t check_r_to_s3(const Ring& R, uint16_t* r) {
    uint32_t t = 0;
    if (detail::check_r_to_s3_avx512(r, R.n, R.logq, t)) {  // x86 AVX-512BW (engine_avx2.hpp)
        r[R.n - 1] = 0;
        return nonzero(t);
    }
    const uint32_t qmask = R.qmask, top = R.logq - 1, last = r[R.n - 1];
    size_t i = 0;
#if defined(__ARM_FEATURE_SIMD32)
    {  // the same per lane; c >> top brings the upper lane's bits to bit 16 - top >= 4 of the lower: masked
        const uint32_t q2 = qmask * 0x10001u, bad2 = (qmask - 3) * 0x10001u, last2 = last * 0x10001u;
#pragma GCC unroll 4
        for (; i + 2 < R.n; i += 2) {
            const uint32_t c = __usub16(load2(r + i), last2) & q2;
            t |= __uadd16(c, 0x00010001u) & bad2;
            t |= __uadd16(c, 0x00020002u) & 0x00040004u;
            store2(r + i, (c ^ (c >> top)) & 0x00030003u);
        }
    }
#endif
    for (; i + 1 < R.n; ++i) {
        const uint32_t c = (r[i] - last) & qmask;
        t |= (c + 1) & (qmask - 3);  // 0 iff c in {q-1, 0, 1, 2}
        t |= (c + 2) & 4;            // excludes c = 2
        r[i] = uint16_t(3 & (c ^ (c >> top)));
    }
    r[R.n - 1] = 0;
    return nonzero(t);
}
// HPS: m must have weight/2 coefficients 1 and weight/2 coefficients 2.
uint32_t check_m_counts(const Params& p, uint32_t ones, uint32_t twos) {
    return nonzero((ones ^ twos) | ((2 * twos) ^ p.weight()));
}
uint32_t check_m(const Params& p, const Ring& R, const uint16_t* m) {
    uint32_t ones = 0, twos = 0;
    size_t i = 0;
#if defined(__ARM_FEATURE_SIMD32)
    {  // per-lane counts (< 2^16), added at the end
        uint32_t ones2 = 0, twos2 = 0;
#pragma GCC unroll 4
        for (; i + 1 < R.n; i += 2) {
            const uint32_t x = load2(m + i);
            ones2 += x & 0x00010001u;
            twos2 += (x >> 1) & 0x00010001u;
        }
        ones = (ones2 & 0xFFFFu) + (ones2 >> 16);
        twos = (twos2 & 0xFFFFu) + (twos2 >> 16);
    }
#endif
    for (; i < R.n; ++i) {
        ones += m[i] & 1;
        twos += m[i] >> 1;
    }
    return check_m_counts(p, ones, twos);
}

// ---- the DPKE

void dpke_keypair(const Params& p, const Ring& R, const uint8_t* seed, uint8_t* pk, uint8_t* sk, const Work& w) {
    const size_t n = R.n, s3 = p.packed_s3_bytes();
    // (each at an offset of the same parity as before: n is odd, and the
    // pairs() passes differ with the word alignment)
    uint16_t *f = w.p(0, n), *g = w.p(3, n), *gf = w.p(5, n), *inv_gf = w.p(4, n);
    uint16_t* scratch = w.p(1, n);  // 2 polynomials
    // x last: free during rq_inverse, which may keep r's Toom-4 evaluations
    // there and in the first words of `mul` when that follows x directly
    // (keygen_shared_shift: hrss701 on the M4)
    uint16_t* x = w.p(6, n);
    static_assert(kKeygenPolys == 7);
    if (p.hps()) {
        sample_iid(R, f, seed);
        sample_fixed_weight(p, R, g, seed + p.iid_bytes(), w.sort);
    } else {
        sample_iid_plus(R, f, seed);
        sample_iid_plus(R, g, seed + p.iid_bytes());
    }
    detail::keygen_s3_inverse(x, f, n, R.mul);  // R.mul: 8-byte aligned
    pack_s3(R, sk, f);
    pack_s3(R, sk + s3, x);

    if constexpr (kS3Lanes) {
        // The products of small polynomials as integer byte-lane products
        // (detail::z3_mul_int): g f, and h^-1 = (gf)^-1 f^2, h = (gf)^-1 g^2
        // with f^2 and g^2 exact (the same ring elements as the products
        // below: two ring products instead of five).
        uint32_t* lanes = reinterpret_cast<uint32_t*>(R.mul);
        detail::z3_mul_int(gf, g, f, n, lanes, p.hps() ? 3 : 1);  // HPS: 3g f
        if (!p.hps()) detail::times_x_minus_1<3>(gf, n);           // HRSS: 3 (x - 1) g f mod x^n - 1
        detail::rq_inverse(inv_gf, gf, n, R.logq, scratch, R.mul, R.wide, x);
        // (gf)^-1's Toom-4 evaluations once for both products, in `scratch`
        // (2n words, free from here)
        static_assert(detail::ring_shared_words(509) <= 2 * 509);  // (~1.5 n: every larger n too)
        const uint16_t* eb = detail::ring_eval_shared(scratch, inv_gf, n, R.logq) ? scratch : nullptr;
        detail::z3_sqr_int(x, f, n, lanes);
        detail::ring_mul_shared(gf, x, inv_gf, eb, n, R.logq, R.mul);
        pack_rq<true>(R, sk + 2 * s3, gf);  // (gf - gf[n-1]: modq_phi in the packing)
        detail::z3_sqr_int(x, g, n, lanes, p.hps() ? 9 : 1);  // HPS: (3g)^2
        if (!p.hps()) {
            // (3 (x - 1) g)^2 = 9 (x - 1)^2 g^2 mod x^n - 1
            detail::times_9_x_minus_1_sq(x, n);
        }
        detail::ring_mul_shared(gf, x, inv_gf, eb, n, R.logq, R.mul);
        pack_rq(R, pk, gf);
        return;
    }
    z3_to_zq(R, f);
    z3_to_zq(R, g);
    if (p.hps()) {
        for (size_t i = 0; i < n; ++i) g[i] = uint16_t(3 * g[i]);  // g = 3g
    } else {
        // g = 3 (x - 1) g (g[n-1] = 0)
        for (size_t i = n - 1; i > 0; --i) g[i] = uint16_t(3 * (g[i - 1] - g[i]));
        g[0] = uint16_t(0u - 3u * g[0]);
    }
    rq_mul_small(R, gf, g, f);
    detail::rq_inverse(inv_gf, gf, n, R.logq, scratch, R.mul, R.wide);

    // h^-1 = (gf)^-1 f^2 mod (q, Phi_n);  h = (gf)^-1 g^2 mod (q, x^n - 1)
    // (f in {0, +-1}, g in {0, +-3, +-6}: small)
    rq_mul_small(R, x, inv_gf, f);
    sq_mul_small(R, gf, x, f);
    pack_rq(R, sk + 2 * s3, gf);
    rq_mul_small(R, x, inv_gf, g);
    rq_mul_small(R, gf, x, g);
    pack_rq(R, pk, gf);
}

// c = r h + Lift(m); r (w.p(0)) in {0,1,2} (for {0,1,-1}), m packed (S3) in packed_m.
// Two polynomials: c overwrites r, h and then Lift(m) take the second.
// m_sum: the sum of m's coefficients (HRSS: Lift(m) needs it).
void dpke_encrypt(const Params& p, const Ring& R, uint8_t* ct, const uint8_t* packed_m, uint32_t m_sum,
                  const uint8_t* pk, const Work& w) {
    const size_t n = R.n;
    uint16_t *c = w.p(0, n), *h = w.p(1, n);
    unpack_rq_sum_zero(R, h, pk);
    rq_mul_ternary(R, c, h, c);  // c = r h (r, {0,1,2}, read as {0, +-1})
    if (p.hps()) {
        // Lift(m) = m with {0,1,2} -> {0,1,q-1}: unpacked from packed_m and
        // added in one pass (m[n-1] = 0 adds nothing).
        const auto add = [&](size_t i, uint32_t d) {
            c[i] = uint16_t(c[i] + (d | ((0u - (d >> 1)) & R.qmask)));
        };
        const size_t count = n - 1, whole = count / 5;
        if (detail::lift_hps_packed_avx2(c, packed_m, count)) {  // x86 AVX2 (no AVX-512BW): one pass
            pack_rq(R, ct, c);
            return;
        }
        if (detail::unpack_s3_avx512(h, packed_m, count)) {  // x86 AVX-512BW: m unpacked into h (free now), then added
            for (size_t i = 0; i < count; ++i) add(i, h[i]);
            pack_rq(R, ct, c);
            return;
        }
        for (size_t i = 0; i < whole; ++i) {
            uint32_t v = packed_m[i];
            for (size_t j = 0; j < 5; ++j) {
                const uint32_t q = (v * 171) >> 9;  // floor(v / 3) for v < 256
                add(5 * i + j, v - 3 * q);
                v = q;
            }
        }
        uint32_t v = whole < (count + 4) / 5 ? packed_m[whole] : 0;
        for (size_t i = 5 * whole; i < count; ++i) {
            const uint32_t q = (v * 171) >> 9;
            add(i, v - 3 * q);
            v = q;
        }
    } else {
        uint16_t* m = h;
        unpack_s3(R, m, packed_m);
        lift_into<false, true>(p, R, c, m, m_sum);
    }
    pack_rq(R, ct, c);
}

// Writes the packed (r, m) to `rm`; returns 1 when the ciphertext is not a
// valid encryption (then the KEM rejects), 0 otherwise. Checking that r and m
// lie in the message spaces replaces re-encryption (c(1) = 0 by packing).
// Two polynomials (a, b) on the M4: the products write over an operand, and
// c is unpacked twice (public) rather than kept; hosts keep it in a third.
uint32_t dpke_decrypt(const Params& p, const Ring& R, uint8_t* rm, const uint8_t* ct, const uint8_t* sk,
                      const Work& w) {
    const size_t n = R.n, s3 = p.packed_s3_bytes();
    uint16_t *a = w.p(0, n), *b = w.p(1, n);
    // c: on hosts a third polynomial, kept until c - Lift(m) (one unpacking);
    // on the M4 (two polynomials) a, unpacked again below.
    uint16_t* c = kDecapsPolys >= 3 ? w.p(2, n) : a;
    unpack_rq_sum_zero(R, c, ct);
    // b = f ({0,1,2}), then mapped to {0,1,q-1} (x86 AVX2 without
    // AVX-512BW: in the same pass); b = c f on Toom-4 everywhere: on the M4,
    // over the assembly base cases, it is faster than ntt.hpp's transform at
    // every n (README), so decapsulation uses no transform.
    if (detail::unpack_s3_zq_avx2(b, sk, n - 1, uint16_t(R.qmask))) {
        b[n - 1] = 0;
    } else {
        unpack_s3(R, b, sk);
        z3_to_zq(R, b);
    }
    rq_mul(R, b, c, b);
    rq_to_s3(R, b, b);   // b = c f mod (3, Phi_n)
    unpack_s3(R, a, sk + s3);  // a = f^-1 mod 3
    s3_mul(R, b, b, a);        // b = m
    pack_s3(R, rm + s3, b);

    uint32_t fail = check_ciphertext_padding(p, ct);

    // r = (c - Lift(m)) / h mod (q, Phi_n)
    if constexpr (kDecapsPolys < 3) unpack_rq_sum_zero(R, c, ct);
    uint32_t ones = 0, twos = 0;
    if (p.hps() && detail::lift_hps_sub_count_avx2(c, b, n, ones, twos)) {  // c - Lift(m), check_m's counts
        fail |= check_m_counts(p, ones, twos);
    } else {
        if (p.hps()) fail |= check_m(p, R, b);
        lift_into<true>(p, R, c, b);  // c - Lift(m)
    }
    uint16_t *inv_h = b, *r = c;
    unpack_sq(R, inv_h, sk + 2 * s3);
    // Both big: Toom-4 (on the M4 over schoolbook_m4.S's base cases; faster
    // than ntt_big's transform at n = 509 and 677 since those: README).
    rq_mul(R, r, c, inv_h);
    fail |= check_r_to_s3(R, r);  // (with the reduction mod Phi_n)
    pack_s3(R, rm, r);
    return fail;
}

}  // namespace

Status keypair(const Params& p, const uint8_t* fg_seed, const uint8_t* prf_key, uint8_t* pk, uint8_t* sk,
               const Work& w) {
    const Ring R(p, w, keygen_uses_ntt(p.n));
    dpke_keypair(p, R, fg_seed, pk, sk, w);
    for (size_t i = 0; i < Params::prf_key_bytes; ++i) sk[p.owcpa_sk_bytes() + i] = prf_key[i];
    return Status::ok;
}

Status encapsulate(const Params& p, const uint8_t* rm_seed, const uint8_t* pk, uint8_t* ct, uint8_t* ss,
                   const Work& w) {
    const Ring R(p, w);
    const size_t n = R.n, s3 = p.packed_s3_bytes();
    uint16_t *r = w.p(0, n), *m = w.p(1, n);  // rm_seed and w.sort may share w.mul: sampled before the product
    sample_iid_pack(R, r, w.msg, rm_seed);  // (w.msg is not the seed's memory)
    uint32_t m_sum = 0;
    if (p.hps()) {
        sample_fixed_weight(p, R, m, rm_seed + p.iid_bytes(), w.sort);
        pack_s3(R, w.msg + s3, m);
    } else {
        m_sum = sample_iid_pack(R, m, w.msg + s3, rm_seed + p.iid_bytes());
    }
    if (hash::sha3_256(ss, w.msg, p.msg_bytes()) != Status::ok) return Status::internal_error;
    dpke_encrypt(p, R, ct, w.msg + s3, m_sum, pk, w);
    return Status::ok;
}

#if defined(PQMCU_NTRU_AVX2)
namespace {
// x86 hosts: decapsulation's two SHA3-256 digests (of the packed (r, m), and
// of prf key || ciphertext) computed together: while both messages have a
// block left their permutations run as one keccak_f1600_x2 (AVX-512VL where
// the CPU has it: ~1.1x the time of one permutation; else two calls). The
// same digests as two sha3_256 calls; block counts depend on lengths only.
struct Sha3Feed {
    static constexpr size_t kRate = 136;
    hash::KeccakState st;
    const uint8_t* seg[2];
    size_t len[2];
    bool done;
    // XORs the next block into st; pads it (and sets done) when the message ends in it.
    void next_block() {
        size_t pos = 0;
        for (size_t i = 0; i < 2; ++i) {
            const size_t take = len[i] < kRate - pos ? len[i] : kRate - pos;
            hash::keccak_xor_bytes(st, pos, seg[i], take);
            seg[i] += take, len[i] -= take, pos += take;
        }
        if (pos < kRate) {
            hash::keccak_xor_byte(st, pos, 0x06);
            hash::keccak_xor_byte(st, kRate - 1, 0x80);
            done = true;
        }
    }
};
void sha3_256_pair(uint8_t* out_a, const uint8_t* a, size_t alen, uint8_t* out_b, const uint8_t* b1, size_t b1len,
                   const uint8_t* b2, size_t b2len) {
    Sha3Feed x{{}, {a, a}, {alen, 0}, false}, y{{}, {b1, b2}, {b1len, b2len}, false};
    while (!x.done || !y.done) {
        const bool px = !x.done, py = !y.done;
        if (px) x.next_block();
        if (py) y.next_block();
        if (px && py) hash::keccak_f1600_x2(x.st, y.st);
        else hash::keccak_f1600(px ? x.st : y.st);
    }
    hash::keccak_extract_bytes(x.st, 0, out_a, 32);
    hash::keccak_extract_bytes(y.st, 0, out_b, 32);
    hash::keccak_wipe(x.st);
    hash::keccak_wipe(y.st);
}
}  // namespace
#endif

Status decapsulate(const Params& p, const uint8_t* ct, const uint8_t* sk, uint8_t* ss, const Work& w) {
    const Ring R(p, w);
    const uint32_t fail = dpke_decrypt(p, R, w.msg, ct, sk, w);
    uint8_t k[Params::shared_key_bytes], reject[Params::shared_key_bytes];
#if defined(PQMCU_NTRU_AVX2)
    // k = SHA3-256(packed (r, m)); implicit rejection: SHA3-256(prf key || ciphertext), always computed.
    static_assert(Params::shared_key_bytes == 32);
    sha3_256_pair(k, w.msg, p.msg_bytes(), reject, sk + p.owcpa_sk_bytes(), Params::prf_key_bytes, ct, p.ct_bytes());
    Status st = Status::ok;
#else
    Status st = hash::sha3_256(k, w.msg, p.msg_bytes());
    // Implicit rejection: SHA3-256(prf key || ciphertext), always computed.
    hash::Sha3_256 h;
    if (st == Status::ok) st = h.absorb(sk + p.owcpa_sk_bytes(), Params::prf_key_bytes);
    if (st == Status::ok) st = h.absorb(ct, p.ct_bytes());
    if (st == Status::ok) st = h.finalize(reject);
#endif
    const uint8_t mask = uint8_t(0u - value_barrier(fail));
    for (size_t i = 0; i < Params::shared_key_bytes; ++i) ss[i] = uint8_t(k[i] ^ (mask & (k[i] ^ reject[i])));
    secure_wipe(k, sizeof k);
    secure_wipe(reject, sizeof reject);
    return st == Status::ok ? Status::ok : Status::internal_error;
}

}  // namespace pqmcu::ntru
