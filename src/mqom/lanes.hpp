// SPDX-License-Identifier: Apache-2.0 OR MIT
// "Lane" kernels of the PIOP: all tau repetitions are processed at once,
// one extension element per lane of a machine word, so the public matrix
// entry A[j][k] multiplies a whole row of secret values in one go.
//
// Layout ("transposed"): a vector over the repetitions is one row of
// lane_bytes bytes (tau elements, lift(x) or zero, padding to a word);
// x0T[k] holds (x0[0][k], ..., x0[tau-1][k], lift(x_k) in lane tau, 0...).
//
// Row products with a public row c (streamed A_i row or b_i):
//   out = sum_k c[k] * xT[k]
// by buckets ("public jumps"): c[k] is cut into digits of D bits; xT[k] is
// XORed into the bucket named by each non-zero digit (the branch and the
// bucket address depend on the public c[k] only), then the buckets are
// folded into bit sums S_i (S_i = XOR of the buckets whose digit has bit i)
// and out = sum_i beta_i S_i by Horner with xtime (beta_i = bit basis of
// the extension field: 2^i, then X 2^i for GF(2^16) = GF(256)^2).
// D = 4 (nibbles): 4 word-row XORs per entry at most, 15 buckets per digit;
// D = 1: ~kBits/2 XORs per entry, kBits buckets (the Memory profile).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "field/fields.hpp"
#include "field/lut.hpp"
#include "core/secure.hpp"
#include "field/vec.hpp"
#include "mqom/gf.hpp"

#if defined(PQMCU_TARGET_M4)
// bucket_rows_m4.S: the signer's secret products of a 5-word row (Lanes::chain_row).
extern "C" void pqmcu_mqom_sign_row5_m4(const uint32_t* t, const uint32_t* xc, uint32_t bax, uint32_t* s,
                                        uint32_t xv);
// bucket_rows_m4.S: row_public's bucket pass for GF(256) entries, 4-bit
// digits and 5- / 7-word rows (base = first bucket - one row).
extern "C" void pqmcu_mqom_bucket_rows5_m4(const uint8_t* c, const uint32_t* xT, uint32_t len, uint32_t* base);
extern "C" void pqmcu_mqom_bucket_rows7_m4(const uint8_t* c, const uint32_t* xT, uint32_t len, uint32_t* base);
// Their fold (Lanes::fold for those rows): out = fold(buckets) ^ prev, prev = fold.
extern "C" void pqmcu_mqom_fold5_m4(const uint32_t* bk, uint32_t* prev, uint32_t* out);
extern "C" void pqmcu_mqom_fold7_m4(const uint32_t* bk, uint32_t* prev, uint32_t* out);
// 1- / 2-word rows: the streaming verifier's groups (stream.hpp).
extern "C" void pqmcu_mqom_bucket_rows1_m4(const uint8_t* c, const uint32_t* xT, uint32_t len, uint32_t* base);
extern "C" void pqmcu_mqom_bucket_rows2_m4(const uint8_t* c, const uint32_t* xT, uint32_t len, uint32_t* base);
extern "C" void pqmcu_mqom_bucket_rows16x2_m4(const uint16_t* c, const uint32_t* xT, uint32_t len, uint32_t* base);
#endif

namespace pqmcu::mqom::detail {

using word_t = field::word_t;
inline constexpr size_t kMaxLaneBytes = 64;
inline constexpr size_t kMaxLaneWords = kMaxLaneBytes / sizeof(word_t);
inline constexpr size_t kMaxTauLanes = 56;  // > tau of every set (50: cat5 faster)

template <class E>
struct Lanes {
    using Elt = typename E::Elt;
    using F = typename E::F;
    static constexpr unsigned kBits = unsigned(E::bytes * 8);

    static word_t ld(const void* p) { return field::load_w<word_t>(p); }
    static void st(void* p, word_t w) { field::store_w<word_t>(p, w); }

    // Bucket words for digits of D bits and rows of nw words, then prev (nw).
    static constexpr size_t bucket_words(unsigned D, size_t nw) {
        return (size_t(kBits / D) * ((1u << D) - 1) + 1) * nw;
    }

#if defined(__ARM_FEATURE_SIMD32) && defined(__GNUC__) && defined(__thumb2__)
    static constexpr bool kBucketAsm = sizeof(word_t) == 4;
#else
    static constexpr bool kBucketAsm = false;
#endif
    // b[0..NW) ^= xv on the M4: the bucket's words in LDM/STM groups of 3
    // (1 + n cycles each) instead of GCC's interleaved ldr/eor/str (2 + 1 + 2
    // a word). The address b is public (a matrix digit), so still CT.
    template <size_t NW>
    __attribute__((always_inline)) static void bucket_xor_m4(word_t* b, const word_t* xv) {
#if defined(__ARM_FEATURE_SIMD32) && defined(__GNUC__) && defined(__thumb2__)
        using W3 = word_t[3];
        using W2 = word_t[2];
        size_t w = 0;
#pragma GCC unroll 8
        for (; w + 3 <= NW; w += 3)
            __asm__(
                "ldmia %[b], {r10, r11, r12}\n\t"
                "eor r10, r10, %[x0]\n\t"
                "eor r11, r11, %[x1]\n\t"
                "eor r12, r12, %[x2]\n\t"
                "stmia %[b], {r10, r11, r12}"
                : "+m"(*reinterpret_cast<W3*>(b + w))
                : [b] "r"(b + w), [x0] "r"(xv[w]), [x1] "r"(xv[w + 1]), [x2] "r"(xv[w + 2])
                : "r10", "r11", "r12");
        if constexpr (NW % 3 == 2)
            __asm__(
                "ldmia %[b], {r10, r11}\n\t"
                "eor r10, r10, %[x0]\n\t"
                "eor r11, r11, %[x1]\n\t"
                "stmia %[b], {r10, r11}"
                : "+m"(*reinterpret_cast<W2*>(b + w))
                : [b] "r"(b + w), [x0] "r"(xv[w]), [x1] "r"(xv[w + 1])
                : "r10", "r11");
        if constexpr (NW % 3 == 1) b[w] ^= xv[w];
#else
        for (size_t w = 0; w < NW; ++w) b[w] ^= xv[w];
#endif
    }

    // The bucket XORs of row_public for rows of 7 words and 4 nibble digits
    // (GF(2^16) entries: cat1 short) on the M4, the whole row in assembly:
    // the 7 words of x[k] stay in r4-r10 for its 4 digits (GCC spilled 3 of
    // them and reloaded them for every digit). Bucket h of digit t is
    // base + (15 t + h) 28; branches and addresses depend on the public
    // entries c[k] only. len >= 1. (ANDS, not UBFX: the digit's zero test
    // needs the flags; the shift of the address undoes the digit's position.)
    static void buckets7_m4(const Elt* c, const word_t* x, uint32_t len, uintptr_t base) {
#if defined(__ARM_FEATURE_SIMD32) && defined(__GNUC__) && defined(__thumb2__)
        const Elt* const end = c + len;
        __asm__ volatile(
                "1:\n\t"
                "ldrh r11, [%[c]], #2\n\t"
                "cmp r11, #0\n\t"
                "beq 8f\n\t"
                "ldmia %[x]!, {r4-r10}\n\t"
                "ands r12, r11, #15\n\t"
                "beq 2f\n\t"
                "rsb r12, r12, r12, lsl #3\n\t"
                "add r12, %[base], r12, lsl #2\n\t"
                "ldr lr, [r12, #0]\n\t"
                "eor lr, lr, r4\n\t"
                "str lr, [r12, #0]\n\t"
                "ldr lr, [r12, #4]\n\t"
                "eor lr, lr, r5\n\t"
                "str lr, [r12, #4]\n\t"
                "ldr lr, [r12, #8]\n\t"
                "eor lr, lr, r6\n\t"
                "str lr, [r12, #8]\n\t"
                "ldr lr, [r12, #12]\n\t"
                "eor lr, lr, r7\n\t"
                "str lr, [r12, #12]\n\t"
                "ldr lr, [r12, #16]\n\t"
                "eor lr, lr, r8\n\t"
                "str lr, [r12, #16]\n\t"
                "ldr lr, [r12, #20]\n\t"
                "eor lr, lr, r9\n\t"
                "str lr, [r12, #20]\n\t"
                "ldr lr, [r12, #24]\n\t"
                "eor lr, lr, r10\n\t"
                "str lr, [r12, #24]\n\t"
                "2:\n\t"
                "ands r12, r11, #0xf0\n\t"
                "beq 3f\n\t"
                "rsb r12, r12, r12, lsl #3\n\t"
                "add r12, %[base], r12, lsr #2\n\t"
                "ldr lr, [r12, #420]\n\t"
                "eor lr, lr, r4\n\t"
                "str lr, [r12, #420]\n\t"
                "ldr lr, [r12, #424]\n\t"
                "eor lr, lr, r5\n\t"
                "str lr, [r12, #424]\n\t"
                "ldr lr, [r12, #428]\n\t"
                "eor lr, lr, r6\n\t"
                "str lr, [r12, #428]\n\t"
                "ldr lr, [r12, #432]\n\t"
                "eor lr, lr, r7\n\t"
                "str lr, [r12, #432]\n\t"
                "ldr lr, [r12, #436]\n\t"
                "eor lr, lr, r8\n\t"
                "str lr, [r12, #436]\n\t"
                "ldr lr, [r12, #440]\n\t"
                "eor lr, lr, r9\n\t"
                "str lr, [r12, #440]\n\t"
                "ldr lr, [r12, #444]\n\t"
                "eor lr, lr, r10\n\t"
                "str lr, [r12, #444]\n\t"
                "3:\n\t"
                "ands r12, r11, #0xf00\n\t"
                "beq 4f\n\t"
                "rsb r12, r12, r12, lsl #3\n\t"
                "add r12, %[base], r12, lsr #6\n\t"
                "ldr lr, [r12, #840]\n\t"
                "eor lr, lr, r4\n\t"
                "str lr, [r12, #840]\n\t"
                "ldr lr, [r12, #844]\n\t"
                "eor lr, lr, r5\n\t"
                "str lr, [r12, #844]\n\t"
                "ldr lr, [r12, #848]\n\t"
                "eor lr, lr, r6\n\t"
                "str lr, [r12, #848]\n\t"
                "ldr lr, [r12, #852]\n\t"
                "eor lr, lr, r7\n\t"
                "str lr, [r12, #852]\n\t"
                "ldr lr, [r12, #856]\n\t"
                "eor lr, lr, r8\n\t"
                "str lr, [r12, #856]\n\t"
                "ldr lr, [r12, #860]\n\t"
                "eor lr, lr, r9\n\t"
                "str lr, [r12, #860]\n\t"
                "ldr lr, [r12, #864]\n\t"
                "eor lr, lr, r10\n\t"
                "str lr, [r12, #864]\n\t"
                "4:\n\t"
                "lsrs r12, r11, #12\n\t"
                "beq 5f\n\t"
                "rsb r12, r12, r12, lsl #3\n\t"
                "add r12, %[base], r12, lsl #2\n\t"
                "ldr lr, [r12, #1260]\n\t"
                "eor lr, lr, r4\n\t"
                "str lr, [r12, #1260]\n\t"
                "ldr lr, [r12, #1264]\n\t"
                "eor lr, lr, r5\n\t"
                "str lr, [r12, #1264]\n\t"
                "ldr lr, [r12, #1268]\n\t"
                "eor lr, lr, r6\n\t"
                "str lr, [r12, #1268]\n\t"
                "ldr lr, [r12, #1272]\n\t"
                "eor lr, lr, r7\n\t"
                "str lr, [r12, #1272]\n\t"
                "ldr lr, [r12, #1276]\n\t"
                "eor lr, lr, r8\n\t"
                "str lr, [r12, #1276]\n\t"
                "ldr lr, [r12, #1280]\n\t"
                "eor lr, lr, r9\n\t"
                "str lr, [r12, #1280]\n\t"
                "ldr lr, [r12, #1284]\n\t"
                "eor lr, lr, r10\n\t"
                "str lr, [r12, #1284]\n\t"
                "5:\n\t"
                "cmp %[c], %[end]\n\t"
                "bne 1b\n\t"
                "b 9f\n\t"
                "8:\n\t"
                "adds %[x], %[x], #28\n\t"
                "cmp %[c], %[end]\n\t"
                "bne 1b\n\t"
                "9:"
                : [c] "+r"(c), [x] "+r"(x)
                : [end] "r"(end), [base] "r"(base)
                : "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr", "cc", "memory");
#else
        (void)c, (void)x, (void)len, (void)base;
#endif
    }

    // out = sum_{k<len} c[k] * xT[k] (c public), NW = nw when non-zero.
    // The buckets are never cleared between rows: they hold the sum of every
    // row since the caller zeroed them (bk) and prev (nw words) the fold of
    // that sum before this row, so out = fold(buckets) ^ prev (the fold is
    // linear) and prev = fold(buckets): no memset or zero stores per row.
    template <size_t NW, unsigned D>
    static void row_public(const Elt* c, const word_t* __restrict xT, uint32_t len, size_t nw_rt,
                           word_t* __restrict bk, word_t* __restrict prev, word_t* __restrict out) {
        static_assert(kBits % D == 0);
#if defined(PQMCU_TARGET_M4)
        if constexpr (kBits == 8 && D == 4 && sizeof(word_t) == 4 && (NW == 1 || NW == 2 || NW == 5 || NW == 7)) {
            // L1 fast / faster (and the streaming verifier's 1- / 2-word
            // groups): the whole bucket pass in assembly (x row loaded once
            // per half, LDM/STM per bucket half, no spills).
            if constexpr (NW == 1) pqmcu_mqom_bucket_rows1_m4(c, xT, len, bk - NW);
            else if constexpr (NW == 2) pqmcu_mqom_bucket_rows2_m4(c, xT, len, bk - NW);
            else if constexpr (NW == 5) pqmcu_mqom_bucket_rows5_m4(c, xT, len, bk - NW);
            else pqmcu_mqom_bucket_rows7_m4(c, xT, len, bk - NW);
            // 5 / 7 words: the fold in assembly too (GCC's spilled buckets).
            if constexpr (NW == 5) pqmcu_mqom_fold5_m4(bk, prev, out);
            else if constexpr (NW == 7) pqmcu_mqom_fold7_m4(bk, prev, out);
            else fold<NW, D>(bk, NW, prev, out);
            return;
        }
        if constexpr (kBits == 16 && D == 4 && sizeof(word_t) == 4 && NW == 2) {
            // cat1 short's streaming verifier (groups of 4 lanes).
            pqmcu_mqom_bucket_rows16x2_m4(reinterpret_cast<const uint16_t*>(c), xT, len, bk - NW);
            fold<NW, D>(bk, NW, prev, out);
            return;
        }
#endif
        constexpr unsigned G = kBits / D, P = (1u << D) - 1;
        constexpr size_t NWX = NW != 0 ? NW : kMaxLaneWords;
        const size_t nw = NW != 0 ? NW : nw_rt;
        const word_t* x = xT;
        const size_t row_bytes = nw * sizeof(word_t);
        const uintptr_t base = reinterpret_cast<uintptr_t>(bk) - row_bytes;
        if constexpr (kBucketAsm && NW == 7 && D == 4 && kBits == 16) {
            if (len != 0) buckets7_m4(c, xT, len, base);
            fold<NW, D>(bk, nw, prev, out);
            return;
        }
        for (uint32_t k = 0; k < len; ++k, x += nw) {
            const uint32_t v = c[k];
            if (v == 0) continue;  // public
            word_t xv[NWX] = {};  // registers when NW is fixed (full unroll)
#pragma GCC unroll 16
            for (size_t w = 0; w < nw; ++w) xv[w] = x[w];
#pragma GCC unroll 16
            for (unsigned t = 0; t < G; ++t) {
                const uint32_t h = (v >> (D * t)) & P;
                if (h == 0) continue;  // public
                // bucket h of digit t = bk + (t P + h - 1) nw, as base + h * row bytes: immediate
                // offsets for the row's words (GCC otherwise recomputes every address).
                word_t* b = reinterpret_cast<word_t*>(base + (size_t(t) * P + h) * row_bytes);
                if constexpr (kBucketAsm && NW == 5) {  // measured: a gain at 5 words, a loss at 7 (spills)
                    bucket_xor_m4<NW>(b, xv);
                } else {
#pragma GCC unroll 16
                    for (size_t w = 0; w < nw; ++w) b[w] ^= xv[w];
                }
            }
        }
        fold<NW, D>(bk, nw, prev, out);
    }

    // f = sum over digits t and buckets h of (h << D t) * bucket, by bit
    // sums and Horner with xtime; out = f ^ prev, prev = f.
    template <size_t NW, unsigned D>
    static void fold(const word_t* __restrict bk, size_t nw_rt, word_t* __restrict prev, word_t* __restrict out) {
        constexpr unsigned G = kBits / D, P = (1u << D) - 1;
        const size_t nw = NW != 0 ? NW : nw_rt;
#pragma GCC unroll 2
        for (size_t w = 0; w < nw; ++w) {
            word_t lo = 0, hi = 0;  // Horner over bits 7..0, and 15..8 (then times X)
            bool lo_started = false, hi_started = false;
#pragma GCC unroll 16
            for (unsigned tt = 0; tt < G; ++tt) {
                const unsigned t = G - 1 - tt;  // high digits first (Horner)
                const word_t* bt = bk + size_t(t) * P * nw + w;
                word_t s[D];
                if constexpr (D == 4) {
                    // s_i = XOR of the buckets h (1..15) with bit i of h set.
                    const word_t b1 = bt[0], b2 = bt[nw], b3 = bt[2 * nw], b4 = bt[3 * nw], b5 = bt[4 * nw],
                                 b6 = bt[5 * nw], b7 = bt[6 * nw], b8 = bt[7 * nw], b9 = bt[8 * nw],
                                 b10 = bt[9 * nw], b11 = bt[10 * nw], b12 = bt[11 * nw], b13 = bt[12 * nw],
                                 b14 = bt[13 * nw], b15 = bt[14 * nw];
                    const word_t o3 = b3 ^ b7 ^ b11 ^ b15;  // bits 0 and 1 set
                    s[0] = b1 ^ b5 ^ b9 ^ b13 ^ o3;
                    s[1] = b2 ^ b6 ^ b10 ^ b14 ^ o3;
                    const word_t u = b12 ^ b13 ^ b14 ^ b15;  // bits 2 and 3 set
                    s[2] = b4 ^ b5 ^ b6 ^ b7 ^ u;
                    s[3] = b8 ^ b9 ^ b10 ^ b11 ^ u;
                } else {
                    for (unsigned i = 0; i < D; ++i) s[i] = 0;
                    for (unsigned h = 1; h <= P; ++h) {
                        const word_t bh = bt[size_t(h - 1) * nw];
                        for (unsigned i = 0; i < D; ++i)
                            if ((h >> i) & 1u) s[i] ^= bh;
                    }
                }
#pragma GCC unroll 16
                for (unsigned ii = 0; ii < D; ++ii) {
                    const unsigned i = D - 1 - ii;
                    if (t * D + i >= 8) {
                        hi = hi_started ? word_t(field::gf256::xtime_w<word_t>(hi) ^ s[i]) : s[i];
                        hi_started = true;
                    } else {
                        lo = lo_started ? word_t(field::gf256::xtime_w<word_t>(lo) ^ s[i]) : s[i];
                        lo_started = true;
                    }
                }
            }
            if constexpr (kBits == 16) lo ^= field::gf256sq::mul_w_x<word_t>(hi);
            out[w] = lo ^ prev[w];
            prev[w] = lo;
        }
    }

    // acc ^= a (.) b lane-wise (both secret).
    template <size_t NW>
    static void mul_acc(const word_t* a, const word_t* b, size_t nw_rt, word_t* acc) {
        const size_t nw = NW != 0 ? NW : nw_rt;
#pragma GCC unroll 16
        for (size_t w = 0; w < nw; ++w) acc[w] ^= F::template mul_w<word_t>(a[w], b[w]);
    }

    // GF(256) on the M4's byte SIMD: (A x)_j x0_j is one more product in the
    // Horner pass of t (.) x0_j (gf256::simd32::mul2_acc), cheaper than 8
    // bit planes and their fold, and 8 state rows fewer per equation.
#if defined(PQMCU_GF256_SIMD32)
    static constexpr bool kFusedAx = kBits == 8 && sizeof(word_t) == 4;
#else
    static constexpr bool kFusedAx = false;
#endif
    // Rows of one equation's signer state: z0, z1, the bit planes of
    // (A x)_j x0_j (unless fused) and of x_j t_j (base bits).
    template <class BF>
    static constexpr size_t sign_state_rows() { return 2 + (kFusedAx ? 0 : kBits) + BF::kBits; }

    // One row j of the signer (constant time): s = z0 | z1 | planes.
    //   z0 ^= t (.) x0_j;  z1 ^= (A x)_j x0_j + x_j t   (ax = (A x)_j, xv = x_j)
    template <size_t NW, class BF>
    static void sign_row(const word_t* __restrict t, const word_t* __restrict xj, uint32_t ax, uint32_t xv,
                         word_t* __restrict s, size_t nw_rt) {
        const size_t nw = NW != 0 ? NW : nw_rt;
        word_t* pb = s + (2 + (kFusedAx ? 0 : kBits)) * nw;
        if constexpr (kFusedAx) {
#if defined(PQMCU_GF256_SIMD32)
            const uint32_t bax = field::bcast8<uint32_t>(uint8_t(ax));
#pragma GCC unroll 16
            for (size_t w = 0; w < nw; ++w) field::gf256::simd32::mul2_acc(t[w], bax, xj[w], s[w], s[nw + w]);
#endif
        } else {
            mul_acc<NW>(t, xj, nw, s);
            planes_add<NW>(s + 2 * nw, kBits, ax, xj, nw);
        }
        planes_add<NW>(pb, BF::kBits, xv, t, nw);
    }
    // 5-word rows on the M4 (GF(256) lanes, GF(16) base: cat1 gf16 fast):
    // the row's secret products in assembly (pqmcu_mqom_sign_row5_m4) from
    // x0_j's doubling chain, made once per row j by x_chain and shared by
    // the equations in lock-step: a product is then the XOR of the chain
    // words picked by the bits of the other factor (UADD8 + SEL + EOR a
    // bit, both products sharing each loaded chain word: 6 instructions a
    // bit for the two instead of mul2_acc's 11). Same CT shape.
    template <size_t NW, class BF>
    static constexpr bool chain_row() {
#if defined(PQMCU_TARGET_M4) && defined(PQMCU_GF256_SIMD32)
        return kFusedAx && NW == 5 && BF::kBits == 4;
#else
        return false;
#endif
    }
#if defined(PQMCU_TARGET_M4) && defined(PQMCU_GF256_SIMD32)
    // xc[8 w + 7 - k] = x0_j[w] (.) 2^k (top power first: the order the
    // assembly consumes the bits in).
    static void x_chain5(const word_t* __restrict xj, word_t* __restrict xc) {
#pragma GCC unroll 5
        for (size_t w = 0; w < 5; ++w) {
            uint32_t v = xj[w];
            xc[8 * w + 7] = v;
#pragma GCC unroll 8
            for (unsigned k = 1; k < 8; ++k) {
                v = field::gf256::simd32::xtime(v);
                xc[8 * w + 7 - k] = v;
            }
        }
    }
#endif
    // End of an equation: fold the planes into z1 (s + nw).
    template <class BF>
    static void sign_fold(word_t* s, size_t nw) {
        if constexpr (!kFusedAx) planes_fold_ext(s + 2 * nw, nw, s + nw);
        planes_fold_base<BF>(s + (2 + (kFusedAx ? 0 : kBits)) * nw, nw, s + nw);
    }

    // Bit planes of a secret scalar times a row: P[i] ^= row & mask(bit i of s), i < bits.
    template <size_t NW>
    static void planes_add(word_t* __restrict P, unsigned bits, uint32_t s, const word_t* __restrict row,
                           size_t nw_rt) {
        const size_t nw = NW != 0 ? NW : nw_rt;
        for (unsigned i = 0; i < bits; ++i) {
            const word_t m = field::mask_from_bit<word_t>(word_t((s >> i) & 1u));
            word_t* p = P + size_t(i) * nw;
#pragma GCC unroll 16
            for (size_t w = 0; w < nw; ++w) p[w] ^= row[w] & m;
        }
    }
    // acc ^= sum_i beta_i P[i] (extension bit basis), kBits planes.
    static void planes_fold_ext(const word_t* P, size_t nw, word_t* acc) {
        for (unsigned i = 0; i < kBits; ++i) {
            const Elt beta = Elt(i < 8 ? (1u << i) : (0x100u << (i - 8)));
            for (size_t w = 0; w < nw; ++w) acc[w] ^= F::template mul_w_scalar<word_t>(P[size_t(i) * nw + w], beta);
        }
    }
    // acc ^= sum_i lift(2^i) P[i] (base field bit basis lifted), BF::kBits planes.
    template <class BF>
    static void planes_fold_base(const word_t* P, size_t nw, word_t* acc) {
        for (unsigned i = 0; i < BF::kBits; ++i)
            for (size_t w = 0; w < nw; ++w) acc[w] ^= F::template mul_w_sub<word_t>(P[size_t(i) * nw + w], BF::kLift[i]);
    }

};

// =====================================================================
// !!! NOT CONSTANT TIME !!!  Kernels of the Lut profile only: products of
// SECRET lane values through log/exp tables (field/lut.hpp), so table
// addresses and branches (zero operands) depend on secrets. Never used by
// the constant-time profiles; the Lut profile is excluded from the valgrind
// CT tests on purpose. Same results as the constant-time kernels.
// =====================================================================
namespace lut_not_ct {

namespace fl = field::lut_not_ct;

// GF(256) rows of the signer in the log domain, lift(x_j) given by its log:
//   z0 ^= t (.) x0_j;  z1 ^= t[tau] x0_j + lift(x_j) t
// with zero-safe tables (no branch on zeros, but table ADDRESSES depend on
// secrets: NOT constant time), a word of lanes at a time: 5 table loads a
// lane against ~25 instructions for the constant-time byte-SIMD products.
inline void sign_row_gf256(const word_t* __restrict t, const word_t* __restrict xj, uint16_t lxl, uint32_t tau,
                           size_t nw, word_t* __restrict z0, word_t* __restrict z1) {
    const uint8_t* exp = fl::kGf256Z.exp;
    const uint16_t* log = fl::kGf256Z.log;
    const unsigned la = log[reinterpret_cast<const uint8_t*>(t)[tau]];  // (A x)_j
    for (size_t w = 0; w < nw; ++w) {
        const word_t tw = t[w], xw = xj[w];
        word_t a0 = 0, a1 = 0;
#pragma GCC unroll 8
        for (unsigned l = 0; l < sizeof(word_t); ++l) {
            const unsigned lt = log[uint8_t(tw >> (8 * l))], lx = log[uint8_t(xw >> (8 * l))];
            a0 |= word_t(exp[lt + lx]) << (8 * l);
            a1 |= word_t(exp[la + lx] ^ exp[lxl + lt]) << (8 * l);
        }
        z0[w] ^= a0;
        z1[w] ^= a1;
    }
}

// exp with the product by X^2 - X = 0x20 folded in (zero-safe like kGf256Z.exp).
struct Exp20 {
    uint8_t v[2 * fl::kLogZero + 1];
};
constexpr Exp20 make_exp20() {
    Exp20 t{};
    const unsigned l20 = fl::kGf256.log[0x20];
    for (unsigned i = 0; i < 510; ++i) t.v[i] = fl::kGf256.exp[(i % 255) + l20];
    return t;
}
inline constexpr Exp20 kExp20 = make_exp20();

// GF(2^16) rows of the signer in the log domain, lift(x_j) given by its log
// (Karatsuba: c0 = a0 b0 + 0x20 a1 b1, c1 = a0 b0 + (a0 + a1)(b0 + b1)):
//   z0 ^= t (.) x0_j;  z1 ^= t[tau] x0_j + lift(x_j) t
// in one pass, each byte's log looked up once (the three separate kernels
// below looked up every operand per product). Zero-safe tables (no branch
// on zeros, but table ADDRESSES depend on secrets: NOT constant time).
inline void sign_row_gf256sq(const word_t* __restrict t, const word_t* __restrict xj, uint16_t lxl, uint32_t tau,
                             word_t* __restrict z0, word_t* __restrict z1) {
    const uint8_t* exp = fl::kGf256Z.exp;
    const uint8_t* e20 = kExp20.v;
    const uint16_t* log = fl::kGf256Z.log;
    const uint8_t* pt = reinterpret_cast<const uint8_t*>(t);
    const uint8_t* px = reinterpret_cast<const uint8_t*>(xj);
    uint8_t* p0 = reinterpret_cast<uint8_t*>(z0);
    uint8_t* p1 = reinterpret_cast<uint8_t*>(z1);
    const uint8_t a0 = pt[2 * tau], a1 = pt[2 * tau + 1];  // (A x)_j
    const unsigned la0 = log[a0], la1 = log[a1], las = log[uint8_t(a0 ^ a1)];
    for (uint32_t l = 0; l < tau; ++l) {
        const uint8_t t0 = pt[2 * l], t1 = pt[2 * l + 1], x0 = px[2 * l], x1 = px[2 * l + 1];
        const unsigned lt0 = log[t0], lt1 = log[t1], lts = log[uint8_t(t0 ^ t1)];
        const unsigned lx0 = log[x0], lx1 = log[x1], lxs = log[uint8_t(x0 ^ x1)];
        const uint8_t p00 = exp[lt0 + lx0], q00 = exp[la0 + lx0];
        p0[2 * l] ^= uint8_t(p00 ^ e20[lt1 + lx1]);
        p0[2 * l + 1] ^= uint8_t(p00 ^ exp[lts + lxs]);
        p1[2 * l] ^= uint8_t(q00 ^ e20[la1 + lx1] ^ exp[lxl + lt0]);
        p1[2 * l + 1] ^= uint8_t(q00 ^ exp[las + lxs] ^ exp[lxl + lt1]);
    }
}

}  // namespace lut_not_ct

}  // namespace pqmcu::mqom::detail
