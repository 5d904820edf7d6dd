// SPDX-License-Identifier: Apache-2.0 OR MIT
// The NTRU engine on run-time parameters (one copy of every loop for the six
// sets): sampling, ring arithmetic, inversion mod 2 / 3 / q, packing, the
// deterministic public-key encryption (DPKE) and the KEM around it.
// Scheme<Set> (scheme.hpp) sizes the buffers and checks arguments.
//
// Polynomials are uint16_t[n], coefficients mod 2^16 unless said otherwise.
// Ring products go through polymul::mul_cyclic_q with the caller's scratch
// (Work::mul): exact mod 2^13 for logq <= 13 (Toom-4 on the M4), mod 2^16
// for logq = 14; every use needs only q bits, or (S3 products of two
// {0,1,2} polynomials) integers below 4n < 2^13.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>

#if defined(__ARM_FEATURE_SIMD32)
#include <arm_acle.h>
#endif

#include "core/status.hpp"
#include "ntru/karatsuba_m4.hpp"
#include "ntru/ntt.hpp"
#include "ntru/ntt_big.hpp"
#include "ntru/params.hpp"
#include "polymul/karatsuba_simd.hpp"
#include "polymul/polymul.hpp"
#include "polymul/toom4_eval.hpp"

namespace pqmcu::ntru {

// Bit-sliced words of the constant-time inversions.
#if defined(PQMCU_TARGET_M4)
using InvWord = uint32_t;
#else
using InvWord = uint64_t;
#endif
constexpr size_t inv_words(size_t n) { return (n + 8 * sizeof(InvWord) - 1) / (8 * sizeof(InvWord)); }

// Polynomials of scratch per operation: key generation keeps f, g and three
// more beside the Newton lift's two; encapsulation and decapsulation write
// each ring product over one of its operands and so need two. Hosts give
// decapsulation a third, which keeps the unpacked ciphertext (the M4 unpacks
// it twice instead).
inline constexpr size_t kKeygenPolys = 7;
inline constexpr size_t kEncapsPolys = 2;
#if defined(PQMCU_TARGET_M4)
inline constexpr size_t kDecapsPolys = 2;
#else
inline constexpr size_t kDecapsPolys = 3;
#endif

// The product method per q: Toom-4 where it is exact (logq <= 13, the M4's
// fastest), else Karatsuba (exact mod 2^16); on the M4 Toom4Eval (cheaper
// evaluation) over KaratsubaSimd (halfword-pair additions), elsewhere
// polymul's choice (Karatsuba<128>).
constexpr int mul_logq(uint32_t logq) { return logq <= 13 ? 13 : 16; }
#if defined(PQMCU_TARGET_M4)
// The base cases (n = 19..22, 32, 42..44, 51, 52: the sizes NTRU's limbs
// halve down to with the thresholds below) as unrolled assembly that keeps
// operand words in registers (schoolbook_m4.S, from gen_schoolbook_m4.py);
// other n in C.
extern "C" {
void pqmcu_ntru_sb19(uint16_t* c, const uint16_t* a, const uint16_t* b);
void pqmcu_ntru_sb20(uint16_t* c, const uint16_t* a, const uint16_t* b);
void pqmcu_ntru_sb21(uint16_t* c, const uint16_t* a, const uint16_t* b);
void pqmcu_ntru_sb22(uint16_t* c, const uint16_t* a, const uint16_t* b);
void pqmcu_ntru_sb32(uint16_t* c, const uint16_t* a, const uint16_t* b);
void pqmcu_ntru_sb42(uint16_t* c, const uint16_t* a, const uint16_t* b);
void pqmcu_ntru_sb43(uint16_t* c, const uint16_t* a, const uint16_t* b);
void pqmcu_ntru_sb44(uint16_t* c, const uint16_t* a, const uint16_t* b);
void pqmcu_ntru_sb51(uint16_t* c, const uint16_t* a, const uint16_t* b);
void pqmcu_ntru_sb52(uint16_t* c, const uint16_t* a, const uint16_t* b);
// KaratsubaM4::two_levels' products in one call: all nine at n = 4q = 128,
// 176, all but H's R2 at n = 170, 206 (q = 43, 52)
void pqmcu_ntru_sb32x9(uint16_t* c, const uint16_t* a, const uint16_t* b, uint16_t* s);
void pqmcu_ntru_sb44x9(uint16_t* c, const uint16_t* a, const uint16_t* b, uint16_t* s);
void pqmcu_ntru_sb43x8(uint16_t* c, const uint16_t* a, const uint16_t* b, uint16_t* s);
void pqmcu_ntru_sb52x8(uint16_t* c, const uint16_t* a, const uint16_t* b, uint16_t* s);
}
struct SchoolbookM4 {
    static constexpr int exact_bits = 16;
    // n has an assembly kernel
    static constexpr bool fast(size_t n) {
        return (n >= 19 && n <= 22) || n == 32 || (n >= 42 && n <= 44) || n == 51 || n == 52;
    }
    static constexpr size_t scratch_words(size_t) { return 0; }
    static void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* = nullptr) {
        switch (n) {  // n is public (a limb length)
        case 19: pqmcu_ntru_sb19(c, a, b); return;
        case 20: pqmcu_ntru_sb20(c, a, b); return;
        case 21: pqmcu_ntru_sb21(c, a, b); return;
        case 22: pqmcu_ntru_sb22(c, a, b); return;
        case 32: pqmcu_ntru_sb32(c, a, b); return;
        case 42: pqmcu_ntru_sb42(c, a, b); return;
        case 43: pqmcu_ntru_sb43(c, a, b); return;
        case 44: pqmcu_ntru_sb44(c, a, b); return;
        case 51: pqmcu_ntru_sb51(c, a, b); return;
        case 52: pqmcu_ntru_sb52(c, a, b); return;
        default: polymul::Schoolbook::mul(c, a, b, n); return;
        }
    }
    // KaratsubaM4::two_levels' q x q products as one call (schoolbook_m4.S)
    static constexpr bool batched(size_t q) { return q == 32 || q == 43 || q == 44 || q == 52; }
    static void mul_batch(uint16_t* c, const uint16_t* a, const uint16_t* b, uint16_t* s, size_t q) {
        switch (q) {  // q is public
        case 32: pqmcu_ntru_sb32x9(c, a, b, s); return;
        case 43: pqmcu_ntru_sb43x8(c, a, b, s); return;
        case 44: pqmcu_ntru_sb44x9(c, a, b, s); return;
        default: pqmcu_ntru_sb52x8(c, a, b, s); return;
        }
    }
};
// Threshold 32 (n = 509: limbs 128 -> 64 -> 32; 1229: 308 -> 154 -> 77 ->
// 39 / 38 -> 20 / 19; 1373's Karatsuba ... -> 43 / 42 -> 22 / 21), the
// levels just above the base cases unrolled (polymul's KaratsubaSimd).
// n = 677, 701, 821 stop one level earlier, at 43 (42), 44 and 52 (51)
// (limbs 170, 176, 206 in quarters): faster there (README). The Toom-4
// limbs of 509, 677, 701 and 821 (128, 170, 176, 206) take KaratsubaM4's
// two fused levels (karatsuba_m4.hpp, wip/kara in the README); 1229's 308
// and 154 are listed for their Karatsuba level with n a constant
// (wip/ntru-kg6, README); so are 1373's 86 / 85 (171 / 172 as well: -57k
// more in its key generation, but +48 B on its encapsulation's and
// decapsulation's stack peaks).
using MulMethod13 =
    polymul::Toom4Eval<KaratsubaM4<SchoolbookM4, 32, std::index_sequence<38, 39, 154, 308>, 128>>;
using MulMethod16 = polymul::KaratsubaSimd<32, SchoolbookM4, std::index_sequence<42, 43, 85, 86>>;
using MulMethod13Wide = polymul::Toom4Eval<KaratsubaM4<SchoolbookM4, 52, std::index_sequence<>, 206>>;
constexpr bool mul_wide(size_t n) { return n == 821; }
using MulMethod13Wide43 = polymul::Toom4Eval<KaratsubaM4<SchoolbookM4, 43, std::index_sequence<>, 170>>;
constexpr bool mul_wide43(size_t n) { return n == 677; }
using MulMethod13Wide44 = polymul::Toom4Eval<KaratsubaM4<SchoolbookM4, 44, std::index_sequence<>, 176>>;
constexpr bool mul_wide44(size_t n) { return n == 701; }
#else
using MulMethod13 = polymul::Method<13>;
using MulMethod16 = polymul::Method<16>;
using MulMethod13Wide = MulMethod13;
constexpr bool mul_wide(size_t) { return false; }
using MulMethod13Wide43 = MulMethod13;
constexpr bool mul_wide43(size_t) { return false; }
using MulMethod13Wide44 = MulMethod13;
constexpr bool mul_wide44(size_t) { return false; }
#endif
static_assert(MulMethod13::exact_bits >= 13 && MulMethod16::exact_bits >= 16);
// ring_mul's method for mul_logq 13 at n, the one choice ring_mul,
// ring_mul_words and the shared-evaluation products (ring_shared.cpp) make:
// f(static_cast<Method*>(nullptr)).
template <class F>
[[gnu::always_inline]] constexpr decltype(auto) with_mul13_method(size_t n, F&& f) {
    if (mul_wide(n)) return f(static_cast<MulMethod13Wide*>(nullptr));
    if (mul_wide43(n)) return f(static_cast<MulMethod13Wide43*>(nullptr));
    if (mul_wide44(n)) return f(static_cast<MulMethod13Wide44*>(nullptr));
    return f(static_cast<MulMethod13*>(nullptr));
}
// The products with a small operand (|b| <= 8) go through ntt.hpp for
// n <= 1024 where that is the fastest method measured: on the M4 (~150k
// cycles at n = 509 against ~247k for Toom-4). On hosts the C transform
// measured ~20% slower per KAT run than Karatsuba<128>, which stays.
#if defined(PQMCU_TARGET_M4)
inline constexpr bool kNttProducts = true;
#else
inline constexpr bool kNttProducts = false;
#endif
constexpr bool uses_ntt(size_t n) { return kNttProducts && ntt::length(n) != 0; }
// Key generation's products: on the M4 Toom-4 over the assembly base cases
// (faster than ntt.hpp's transform at every n since the decapsulation pass).
#if defined(PQMCU_TARGET_M4)
inline constexpr bool kKeygenToom = true;
#else
inline constexpr bool kKeygenToom = false;
#endif
constexpr bool keygen_uses_ntt(size_t n) { return uses_ntt(n) && !kKeygenToom; }
// Decryption's S3 product on byte lanes (detail::s3_mul_lanes) on the M4.
#if defined(PQMCU_TARGET_M4)
inline constexpr bool kS3Lanes = true;
#else
inline constexpr bool kS3Lanes = false;
#endif

// Words of Work::mul: the method's scratch and the 2n - 1-word full product;
// with the NTT also one int32 transform and one block in the same words
// (8-byte aligned in the workspaces).
constexpr size_t mul_scratch_words(size_t n, uint32_t logq) {
    const size_t w52 = MulMethod13Wide::scratch_words(n), w43 = MulMethod13Wide43::scratch_words(n),
                 w44 = MulMethod13Wide44::scratch_words(n);
    const size_t m13 = std::max({MulMethod13::scratch_words(n), w52, w43, w44});
    const size_t toom = 2 * n - 1 + (mul_logq(logq) == 13 ? m13 : MulMethod16::scratch_words(n));
    const size_t ntt_words = uses_ntt(n) ? 2 * ntt::scratch_words(n) : 0;
    return toom > ntt_words ? toom : ntt_words;
}
// What each operation needs of it. With the NTT encapsulation has only big x
// small products, and so has key generation for logq <= 12 (its whole Newton
// lift included): the transform's words suffice (fewer than Toom-4's).
// Decapsulation ((c - Lift(m)) h^-1) and HRSS key generation (the lift's
// last step) use Toom-4 too.
constexpr size_t encaps_mul_words(size_t n, uint32_t logq) {
    return uses_ntt(n) ? 2 * ntt::scratch_words(n) : mul_scratch_words(n, logq);
}
// hrss701 on the M4 (the lift's last step, quartic13, two Toom-4 products
// with the common operand r): r's evaluations (6 ((n + 3) / 4) words) take
// key generation's last polynomial and run this many words into `mul`, which
// that step then uses from past them (0 elsewhere: no sharing).
constexpr size_t keygen_shared_shift(size_t n, uint32_t logq) {
    return kS3Lanes && !keygen_uses_ntt(n) && logq == 13 ? (6 * ((n + 3) / 4) - n + 3) / 4 * 4 : 0;
}
// The words ring_mul's method for (n, logq) uses of mul_scratch_words(n, logq).
constexpr size_t ring_mul_words(size_t n, uint32_t logq) {
    if (mul_logq(logq) != 13) return 2 * n - 1 + MulMethod16::scratch_words(n);
    return 2 * n - 1 + with_mul13_method(n, [n]<class M>(M*) { return M::scratch_words(n); });
}
constexpr size_t keygen_mul_words(size_t n, uint32_t logq) {
    // (hrss701: the lift's last step on ntt_big, in the same words)
    if (!keygen_uses_ntt(n)) {
        const size_t m = mul_scratch_words(n, logq), shifted = keygen_shared_shift(n, logq) + ring_mul_words(n, logq);
        return keygen_shared_shift(n, logq) > 0 && shifted > m ? shifted : m;
    }
    return logq <= 12 || ntt_big::supported_mixed(n, logq, 128) ? 2 * ntt::scratch_words(n)
                                                                : mul_scratch_words(n, logq);
}
// Decapsulation: its big x big product is Toom-4's, so Toom-4's words (more
// than the transforms' need).
constexpr size_t decaps_mul_words(size_t n, uint32_t logq) {
    return mul_scratch_words(n, logq);
}

// The x86 bitonic sort's length for count words (engine_avx2.cpp): the
// power of two >= count, 64 at least.
constexpr size_t bitonic_words(size_t count) {
    size_t w = 64;
    while (w < count) w <<= 1;
    return w;
}
// Words of Work::sort (HPS fixed-weight sampling): the n - 1 keys rounded
// up to a multiple of 8 on the M4 (detail::sort_uint32_blocks pads them); on
// hosts bitonic_words(n - 1), so the x86 sort runs in place with its padding
// there (engine_avx2.hpp's sort_labels_avx2).
constexpr size_t sort_words(size_t n) {
#if defined(PQMCU_TARGET_M4)
    return (n - 1 + 7) / 8 * 8;
#else
    return bitonic_words(n - 1);
#endif
}

// Caller-owned buffers (Scheme<Set>::Workspace holds them, sized per set).
struct Work {
    uint16_t* poly;   // k*Polys * n for the operation
    int32_t* sort;    // sort_words(n) (HPS fixed-weight sampling; keygen and encaps)
    uint8_t* seed;    // max(fg_seed_bytes, rm_seed_bytes) (keygen and encaps' rng draw)
    uint8_t* msg;     // msg_bytes: packed (r, m)
    uint16_t* mul;    // one ring product's scratch: keygen_ / encaps_ / decaps_mul_words
    // x86 hosts (the Speed profile): the AVX2 Toom-4 product's buffers
    // (polymul::avx2::mul13_scratch_words(n)), which the operation wipes once
    // instead of each product wiping its stack; nullptr otherwise.
    uint16_t* wide = nullptr;
    uint16_t* p(size_t i, size_t n) const { return poly + i * n; }
};

// KEM (the reference's crypto_kem_*), deterministic cores: `fg_seed` and
// `rm_seed` are the bytes the reference draws from randombytes.
Status keypair(const Params& p, const uint8_t* fg_seed, const uint8_t* prf_key, uint8_t* pk, uint8_t* sk,
               const Work& w);
Status encapsulate(const Params& p, const uint8_t* rm_seed, const uint8_t* pk, uint8_t* ct, uint8_t* ss,
                   const Work& w);
Status decapsulate(const Params& p, const uint8_t* ct, const uint8_t* sk, uint8_t* ss, const Work& w);

// Pieces, exposed for the unit tests.
namespace detail {
// r = a^-1 mod (2, Phi_n), coefficients {0,1}, r[n-1] = 0. `inv`: 4 * inv_words(n).
void r2_inverse(uint16_t* r, const uint16_t* a, size_t n, InvWord* inv);
// r = a^-1 mod (3, Phi_n), coefficients {0,1,2}, r[n-1] = 0; a in {0,1,2}^n. `inv`: 8 * inv_words(n).
void s3_inverse(uint16_t* r, const uint16_t* a, size_t n, InvWord* inv);
// r = a^-1 mod (2^logq, Phi_n) (as a polynomial mod x^n - 1), from the inverse
// mod 2 (exact mod 2^12 for logq <= 12, else mod 2^mul_logq(logq); higher bits are garbage).
// `scratch`: 2 * n coefficients; `mul`: keygen_mul_words(n, logq) (also the
// scratch of the inversion mod 2, inverse.hpp's r2_inverse_jump).
// `wide`: as Work::wide.
// `shared` (nullptr: none): a free polynomial (n words). Where `mul` follows it
// directly (up to 8-byte alignment) and keygen_shared_shift(n, logq) > 0, r's
// Toom-4 evaluations for the last step's two products (ring_shared_words(n)
// words) go there and run on into `mul`, which has keygen_mul_words(n, logq)
// words and which that step then uses from keygen_shared_shift(n, logq) on.
void rq_inverse(uint16_t* r, const uint16_t* a, size_t n, uint32_t logq, uint16_t* scratch, uint16_t* mul,
                uint16_t* wide = nullptr, uint16_t* shared = nullptr);
// c = a b mod (x^n - 1), exact mod 2^mul_logq(logq); `scratch`: mul_scratch_words(n, logq).
// c may be a or b (the product goes to the scratch first). `wide`: as Work::wide.
void ring_mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t logq, uint16_t* scratch,
              uint16_t* wide = nullptr);
// Two products with a common operand b (key generation's (gf)^-1 f^2 and
// (gf)^-1 g^2): ring_eval_shared writes b's Toom-4 evaluations into eb
// (ring_shared_words(n) words) where the M4's Toom-4 products serve this
// (n, logq), and returns false (eb untouched) elsewhere; ring_mul_shared is
// ring_mul(c, a, b) taking b's evaluations from eb (nullptr: ring_mul). The
// same bytes as ring_mul. eb must not overlap c or scratch.
constexpr size_t ring_shared_words(size_t n) { return 6 * ((n + 3) / 4); }
bool ring_eval_shared(uint16_t* eb, const uint16_t* b, size_t n, uint32_t logq);
void ring_mul_shared(uint16_t* c, const uint16_t* a, const uint16_t* b, const uint16_t* eb, size_t n, uint32_t logq,
                     uint16_t* scratch);
// c = full (a product's 2n - 1 coefficients) mod x^n - 1: c[i] = full[i] +
// full[i + n], two coefficients a word on the M4 (ring_mul's and
// ring_mul_shared's fold; inlined so each keeps its own code).
[[gnu::always_inline]] inline void fold_cyclic(uint16_t* c, const uint16_t* full, size_t n) {
    size_t i = 0;
#if defined(__ARM_FEATURE_SIMD32)
#pragma GCC unroll 4
    for (; i + 2 < n; i += 2) {
        uint32_t x, y;
        __builtin_memcpy(&x, full + i, 4);
        __builtin_memcpy(&y, full + i + n, 4);
        x = __uadd16(x, y);
        __builtin_memcpy(c + i, &x, 4);
    }
#endif
    for (; i + 1 < n; ++i) c[i] = uint16_t(full[i] + full[i + n]);
    c[n - 1] = full[n - 1];
}
// c = a b mod (3, Phi_n) with a, b in {0,1,2}^n, c in {0,1,2}^n. c may be a
// or b. Four coefficients per word in byte lanes: one 32 x 32-bit UMULL /
// UMLAL is 16 coefficient products. `scratch`: s3_lanes_words(n) words.
constexpr size_t s3_lanes_words(size_t n) { return 5 * ((n + 3) / 4) + 4; }
void s3_mul_lanes(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch);
// c = a b mod (16, x^n - 1) with a <= 15 and b in {0,1} (or the other way),
// c in {0..15}^n: s3_mul_lanes's lanes folded to x mod 16 (16 = 0 mod 16)
// every three word products. c may be a or b. `scratch`: s3_lanes_words(n)
// words. (Key generation's first Newton step.)
void mod16_mul_lanes(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch);
// The same with a any 16-bit polynomial taken mod 16 (its low four bits).
void mod16_mul_lanes_lo(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch);
// c = a b mod (32, x^n - 1) with a, b <= 3: lanes reduced to x mod 32 every
// six word products (C on every target; key generation's w0^2 mod 32 is
// small_sqr_lanes now).
void mod32_mul_lanes(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch);
// c = a^2 mod (mask + 1, x^n - 1) with a <= 3, mask 15 or 31: the cross
// terms once on byte lanes mod 32, doubled, the squares added. c may be a.
// `scratch`: s3_lanes_words(n) words. (Key generation's w0^2.)
// (acc_p: c[i] += (square_i << 8) + (acc_p[i] << 11 mod 2^16) instead, in
// the readout: hrss701's last Newton step)
void small_sqr_lanes(uint16_t* c, const uint16_t* a, size_t n, uint32_t* scratch, uint32_t mask,
                     const uint16_t* acc_p = nullptr);
// c = a b mod (2^16, x^n - 1) as integers, a and b in {0,1,2}^n standing for
// {0,1,-1}: signed byte lanes (SMLAL, exact: lanes spilled to halfwords with
// a bias of 128 before their size can pass 127, the biases taken off).
// c may be a or b. `scratch`: z3_int_words(n) words. (Key generation's g f,
// f^2, g^2 on the M4.)
constexpr size_t z3_int_words(size_t n) { return 6 * ((n + 3) / 4) + 18; }
// scale: c times scale mod 2^16 in the same pass (key generation's 3 g f).
void z3_mul_int(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch, uint32_t scale = 1);
// c = a^2 as z3_mul_int(c, a, a, n, scratch) with about half the word
// products (the cross terms once, doubled). c may be a. `scratch`:
// z3_int_words(n) words.
void z3_sqr_int(uint16_t* c, const uint16_t* a, size_t n, uint32_t* scratch, uint32_t scale = 1);
// secure_wipe(p, n), on the M4 with eight-register STMs for the aligned
// whole 32-byte blocks (the workspace wipes: memset is ~3x slower there).
void wipe(void* p, size_t n);
// Sorts x[0..count) ascending (signed) with a fixed sequence of compare-exchanges.
void sort_int32(int32_t* x, size_t count);
// Sorts x[0..count) ascending (unsigned) with a bitonic network on groups
// of eight (the M4's fixed-weight sampler); x has room for count rounded up
// to a multiple of 8 (the padding is written: the largest word).
void sort_uint32_blocks(uint32_t* x, size_t count);
// {0,1,...,65535} -> a mod 3, constant time.
uint16_t mod3(uint16_t a);
}  // namespace detail

}  // namespace pqmcu::ntru
