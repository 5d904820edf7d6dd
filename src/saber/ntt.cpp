// SPDX-License-Identifier: Apache-2.0 OR MIT
// Negacyclic NTT over kQ = 25,263,617 for Saber (ntt.hpp), six layers.
// Tables are computed at compile time from the primitive root 3. Forward:
// Cooley-Tukey butterflies, two layers per pass (four coefficients in
// registers); products in the 64 blocks of 4; inverse: Gentleman-Sande,
// the scaling and the accumulation fused into its last pass. No reduction
// inside either (the bounds are above inverse_to()). On the M4 the forward
// transform is ntt_m4.S (three layers per pass).
#include "saber/ntt.hpp"

#include <array>
#include <cstring>
#include <type_traits>

#include "core/mont_prime.hpp"
#include "saber/poly.hpp"

#if defined(PQMCU_SABER_NTT_AVX2)
#include <immintrin.h>

#include "x86/cpu_features.hpp"
#endif

namespace pqmcu::saber::ntt {
#if defined(PQMCU_SABER_NTT_AVX2)
namespace avx2 {  // ntt_avx2.inc: the C code below compiled for AVX2
bool use();
void forward(int32_t* a);
void pointwise(int32_t* a, const int32_t* b);
void mul_into(uint16_t* acc, int32_t* x, const int32_t* y, bool add);
void mul_into_le16(uint8_t* acc, int32_t* x, const int32_t* y, bool add);
void inverse_store(uint16_t* out, int32_t* acc);
void pointwise_acc(int32_t* acc, int32_t* x, const int32_t* y);
void forward_packed_pointwise(int32_t* a, const uint8_t* in, unsigned bits, const int32_t* b, const int32_t* bw,
                              int32_t* acc);
void prepare_w(int32_t* bw, const int32_t* b);
}  // namespace avx2
#define PQMCU_SABER_NTT_DISPATCH(call) \
    if (avx2::use()) return avx2::call
#else
#define PQMCU_SABER_NTT_DISPATCH(call)
#endif
namespace {

constexpr uint32_t kRoot = 3;  // a primitive root mod kQ

using Prime = core::MontPrime<kQ>;  // powers, -q^-1 mod 2^32, 2^32 mod q, centring
constexpr uint32_t pow_mod(uint64_t b, uint64_t e) { return Prime::pow_mod(b, e); }
constexpr uint32_t kQInvNeg = Prime::kPInvNeg;
constexpr uint64_t kRModQ = Prime::kRModP;
constexpr int32_t centre(uint32_t x) { return Prime::centre(x); }
constexpr unsigned brv8(unsigned k) { return Prime::brv(k, 8); }

// zetas[k] = psi^brv8(k) * 2^32 mod kQ (centred), psi a primitive 512-th root of unity.
constexpr std::array<int32_t, 256> make_zetas() {
    std::array<int32_t, 256> z{};
    const uint32_t psi = pow_mod(kRoot, (uint64_t(kQ) - 1) / 512);
    for (unsigned k = 0; k < 256; ++k) z[k] = centre(uint32_t(uint64_t(pow_mod(psi, brv8(k))) * kRModQ % uint64_t(kQ)));
    return z;
}
constexpr std::array<int32_t, 256> kZetas = make_zetas();
// ntt_m4.S's l1s takes layer 1's Montgomery product of a 4-bit field (|b| <= 8)
// as SMMULR(b z1 (-q^-1), q), exact while |b z1| < 2^31.
static_assert(8 * int64_t(make_zetas()[1] < 0 ? -make_zetas()[1] : make_zetas()[1]) < (int64_t(1) << 31),
              "4-bit layer-1 products fit in 32 bits");
// ntt_m4.S's 10- and 13-bit half transforms compute half 1's layer 1 as
// a + mont(b, -z1), which is a - mont(b, z1) exactly unless the Montgomery
// multiplier b z1 (-q^-1) mod 2^32 is 2^31: that needs 2^(31 - v) | b, v the
// 2-adic valuation of z1 (-q^-1), impossible for |b| <= 4096 when v <= 18.
static_assert(((uint32_t(make_zetas()[1]) * kQInvNeg) & ((uint32_t(1) << 19) - 1)) != 0,
              "negated layer-1 zeta gives the exact negated product");
// Layer 2 of the 3- / 4-bit half transforms (s', |field| <= 8; ntt_m4.S's
// col4 / colw, layer12_small below): half h's layer-2 operand is x2 +- mont(x6, z1)
// (the sign of the half), so its product with z2 = kZetas[2 + h] is
// congruent to L R^-1 with L = x2 z2 + x6 d_h, d_h = +-z1 z2 R^-1 mod kQ
// (centred): an integer with |L| <= 8 (|z2| + |d_h|) <= 8 kQ < 2^31, whose
// exact Montgomery value (L + m kQ) / 2^32 (m = L (-q^-1) mod 2^32; on the M4
// MUL, MLA from x2 and x6, then SMMULR by kQ as l1s) costs three cycles instead of
// forming the operand and its product. The value is L R^-1 centred (|.| <=
// kQ / 2 + 1), congruent to forward()'s (which may differ from it by kQ).
constexpr int32_t l2_d(unsigned h) {
    auto u = [](int32_t z) { return uint64_t(z < 0 ? int64_t(z) + kQ : int64_t(z)); };
    const uint64_t r_inv = pow_mod(kRModQ, uint64_t(kQ) - 2);
    const uint64_t d = u(make_zetas()[1]) * u(make_zetas()[2 + h]) % uint64_t(kQ) * r_inv % uint64_t(kQ);
    return centre(uint32_t(h == 0 ? d : (uint64_t(kQ) - d) % uint64_t(kQ)));
}
constexpr int32_t kL2D[2] = {l2_d(0), l2_d(1)};
// ntt_inv_m4.S's centring stores x - k kQ mod 2^16 as x + k (-kQ mod 2^16),
// the constant 0x81FF as a signed halfword (SMLABB).
static_assert((uint32_t(-kQ) & 0xFFFFu) == 0x81FFu, "ntt_inv_m4.S: -kQ mod 2^16");
static_assert(8 * (int64_t(kQ) / 2 + 1) * 2 < (int64_t(1) << 31), "layer-2 sums of small fields fit in 32 bits");
// kZetasInv[k] = psi^-brv8(k) * 2^32 mod kQ: the inverse butterflies' factors.
constexpr std::array<int32_t, 256> make_zetas_inv() {
    std::array<int32_t, 256> z{};
    const uint32_t psi_inv = pow_mod(pow_mod(kRoot, (uint64_t(kQ) - 1) / 512), uint64_t(kQ) - 2);
    for (unsigned k = 0; k < 256; ++k)
        z[k] = centre(uint32_t(uint64_t(pow_mod(psi_inv, brv8(k))) * kRModQ % uint64_t(kQ)));
    return z;
}
constexpr std::array<int32_t, 256> kZetasInv = make_zetas_inv();
static_assert(pow_mod(pow_mod(kRoot, (uint64_t(kQ) - 1) / 512), 256) == uint32_t(kQ) - 1, "psi^256 = -1");
// 2^64 / 64 mod kQ: cancels the 2^6 of six inverse layers, the 2^-32 of
// pointwise() and that of the final Montgomery product.
constexpr int32_t kInvScale = centre(uint32_t(kRModQ * kRModQ % uint64_t(kQ) * pow_mod(64, uint64_t(kQ) - 2) % uint64_t(kQ)));
// The transform stops after six layers: 64 blocks of 4 coefficients, block m
// being the residue mod x^4 - w_m with w_m = zeta_{64+m}^2 (the factor the
// seventh layer would split). kOmega[m] = w_m * 2^32 mod kQ (centred).
constexpr std::array<int32_t, 64> make_omega() {
    std::array<int32_t, 64> w{};
    const uint32_t psi = pow_mod(kRoot, (uint64_t(kQ) - 1) / 512);
    for (unsigned m = 0; m < 64; ++m)
        w[m] = centre(uint32_t(uint64_t(pow_mod(psi, 2 * uint64_t(brv8(64 + m)))) * kRModQ % uint64_t(kQ)));
    return w;
}
alignas(32) constexpr std::array<int32_t, 64> kOmega = make_omega();  // (32: omega_g's low bits, M4)
// The last inverse layer's factor with the scale folded in: kZetasInv[1] * kInvScale / 2^32.
constexpr int32_t kLastZeta = centre(uint32_t(
    (uint64_t(kZetasInv[1] < 0 ? kZetasInv[1] + kQ : kZetasInv[1]) * uint64_t(kInvScale < 0 ? kInvScale + kQ : kInvScale)) %
    uint64_t(kQ) * pow_mod(kRModQ, uint64_t(kQ) - 2) % uint64_t(kQ)));

// Centring by k = round(x kRoundInv / 2^32) ~ round(x / kQ) (SMMULR on the
// M4): for |x| < kQ the estimate is off by at most |kRoundInv kQ - 2^32| /
// 2^32 (in units of kQ), which must stay below the gap between kQ / 2 and
// the largest sum 12,582,912 (so the values that matter are never near a
// rounding boundary).
constexpr int32_t kRoundInv = int32_t(((uint64_t(1) << 32) + uint64_t(kQ) / 2) / uint64_t(kQ));
constexpr int64_t kMaxSum = 12582912;  // l * 256 * 4096 * mu / 2, every set
constexpr int64_t kRoundErr = int64_t(kRoundInv) * kQ - (int64_t(1) << 32);
static_assert(2 * kMaxSum < kQ, "the sums must be exact when centred");
static_assert((kRoundErr < 0 ? -kRoundErr : kRoundErr) * kQ + (int64_t(1) << 33) <
                  (int64_t(kQ) / 2 - kMaxSum) * (int64_t(1) << 32),
              "the rounding constant must centre every exact sum");

// a z / 2^32 mod kQ: (a z + t q) / 2^32 with t = a z (-q^-1) mod 2^32.
#if defined(__ARM_FEATURE_DSP)
// SMULL, MUL, SMLAL (GCC otherwise widens the sum to two 32-bit adds).
[[gnu::always_inline]] inline int32_t mulm(int32_t a, int32_t z) {
    int32_t lo, hi, t;
    __asm__("smull %0, %1, %2, %3" : "=&r"(lo), "=&r"(hi) : "r"(a), "r"(z));
    t = int32_t(uint32_t(lo) * kQInvNeg);
    __asm__("smlal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(t), "r"(kQ));
    return hi;
}
#else
[[gnu::always_inline]] inline int32_t mulm(int32_t a, int32_t z) {
    const int64_t p = int64_t(a) * z;
    const int32_t t = int32_t(uint32_t(p) * kQInvNeg);
    return int32_t(uint64_t(p + int64_t(t) * kQ) >> 32);
}
#endif

// Two forward layers (half-lengths 2 len, len) on the 4 len-blocks of a.
template <unsigned Len>
[[gnu::always_inline]] inline void forward_pass(int32_t* a) {
    for (unsigned start = 0, k = 64 / Len; start < kN; start += 4 * Len, ++k) {
        const int32_t z0 = kZetas[k], z1 = kZetas[2 * k], z2 = kZetas[2 * k + 1];
        int32_t* p = a + start;
        for (unsigned j = 0; j < Len; ++j, ++p) {
            int32_t x0 = p[0], x1 = p[Len], x2 = p[2 * Len], x3 = p[3 * Len];
            int32_t t = mulm(x2, z0);
            x2 = x0 - t;
            x0 = x0 + t;
            t = mulm(x3, z0);
            x3 = x1 - t;
            x1 = x1 + t;
            t = mulm(x1, z1);
            p[Len] = x0 - t;
            p[0] = x0 + t;
            t = mulm(x3, z2);
            p[3 * Len] = x2 - t;
            p[2 * Len] = x2 + t;
        }
    }
}

// Two inverse layers (half-lengths len, 2 len). Reduce: bring the inputs
// back under kQ first; Scale: multiply the outputs by kInvScale.

}  // namespace

#if defined(PQMCU_SABER_NTT_M4_ASM)
// The M4 transform layout (since wip/saber-dec5): every transform-domain
// buffer on the M4 keeps each group of 32 coefficients transposed, the
// coefficient 32 k + c + 4 i (c = 0..3, i = 0..7) at word 32 k + 8 c + i,
// so that the eight values of a column of the forward's second pass /
// the inverse's first pass (layers 16, 8, 4) are consecutive words: one
// LDM and one STM (9 + 9 cycles instead of 9 + 16 for eight STRs); a
// block of 4 (the products) is four words 32 bytes apart (four LDRs,
// pipelined: as one LDM; the stores cost 3 cycles more than an STM). The
// first passes store their columns there, forward() (natural input, in
// place) writes it in its second pass, and the inverse's second pass reads
// it, so inputs and outputs (packed fields, uint16 rows) are unchanged, as
// are halves, quarters and the packed sums (a group of 32 stays a group of
// 32). The C code (hosts) keeps the natural order; the values are the same.
namespace {
// The M4 kernels' tables: entries 0..63 as kZetas / kZetasInv (the only
// ones six layers use), then the seven factors of each block of 32 of the
// second forward pass / the first inverse pass in the order the kernels
// load them (one VLDM a block): forward block k = 8..15 at 64 + 7 (k - 8):
// zetas[k], zetas[2k], zetas[2k + 1], zetas[4k .. 4k + 3]; inverse block
// b = 0..7 at 64 + 7 b: zinv[32 + 4b .. 35 + 4b], zinv[16 + 2b], zinv[17 + 2b], zinv[8 + b].
constexpr std::array<int32_t, 120> make_zetas_m4(bool inv) {
    const std::array<int32_t, 256>& z = inv ? kZetasInv : kZetas;
    std::array<int32_t, 120> t{};
    for (unsigned k = 0; k < 64; ++k) t[k] = z[k];
    for (unsigned b = 0; b < 8; ++b) {
        int32_t* o = t.data() + 64 + 7 * b;
        if (!inv) {
            const unsigned k = 8 + b;
            const int32_t v[7] = {z[k], z[2 * k], z[2 * k + 1], z[4 * k], z[4 * k + 1], z[4 * k + 2], z[4 * k + 3]};
            for (unsigned i = 0; i < 7; ++i) o[i] = v[i];
        } else {
            const int32_t v[7] = {z[32 + 4 * b], z[33 + 4 * b], z[34 + 4 * b], z[35 + 4 * b],
                                  z[16 + 2 * b], z[17 + 2 * b], z[8 + b]};
            for (unsigned i = 0; i < 7; ++i) o[i] = v[i];
        }
    }
    return t;
}
alignas(8) constexpr std::array<int32_t, 120> kZetasM4 = make_zetas_m4(false);
alignas(8) constexpr std::array<int32_t, 120> kZetasInvM4 = make_zetas_m4(true);
}  // namespace
#endif

#if defined(PQMCU_SABER_NTT_M4_ASM)
extern "C" void pqmcu_saber_ntt_forward_m4(int32_t* a, const int32_t* zetas, int32_t q, uint32_t minus_qinv);
extern "C" void pqmcu_saber_ntt_forward13_m4(int32_t* a, const uint8_t* s13, const int32_t* zetas, const int32_t* tail);
extern "C" void pqmcu_saber_ntt_forward10_m4(int32_t* a, const uint8_t* s10, const int32_t* zetas, const int32_t* tail);
void forward(int32_t* a) { pqmcu_saber_ntt_forward_m4(a, kZetasM4.data(), kQ, kQInvNeg); }
namespace {
constexpr int32_t kFwdTail[2] = {kQ, int32_t(kQInvNeg)};  // (four register arguments)
}  // namespace
void forward_packed13(int32_t* a, const uint8_t* s13) {
    pqmcu_saber_ntt_forward13_m4(a, s13, kZetasM4.data(), kFwdTail);
}
void forward_packed10(int32_t* a, const uint8_t* s10) {
    pqmcu_saber_ntt_forward10_m4(a, s10, kZetasM4.data(), kFwdTail);
}
#else
void forward(int32_t* a) {
    PQMCU_SABER_NTT_DISPATCH(forward(a));
    // Layer pairs (128, 64), (32, 16), (8, 4); six layers (pointwise() works on blocks of 4).
    forward_pass<64>(a);
    forward_pass<16>(a);
    forward_pass<4>(a);
}
void forward_packed13(int32_t* a, const uint8_t* s13) {
    unpack_centred13_padded(a, s13, kN);
    forward(a);
}
void forward_packed10(int32_t* a, const uint8_t* s10) {
    unpack_centred(a, s10, kN, 10);
    forward(a);
}
#endif

namespace {
// (sum) / 2^32 mod kQ for a 64-bit sum of products, |sum| < 2^31 kQ.
[[gnu::always_inline]] inline int32_t reduce64(int64_t a) {
    const int32_t t = int32_t(uint32_t(a) * kQInvNeg);
    return int32_t(uint64_t(a + int64_t(t) * kQ) >> 32);
}
// a = a b / 2^32 in Z[x]/(x^4 - w), w given as w 2^32 (Montgomery). With
// forward's outputs < 3.1 kQ every sum of four products is < 39 kQ^2 <
// 2^31 kQ (kQ < 2^31 / 39) and every result < 39 kQ^2 / 2^32 + kQ / 2 < 0.75 kQ.
[[gnu::always_inline]] inline void basemul4(int32_t* a, const int32_t* b, int32_t w) {
    auto m = [](int32_t x, int32_t y) { return int64_t(x) * y; };  // SMULL / SMLAL
    // Few values live at a time (the M4 has 13 registers): the three w-terms
    // first, then each output from memory; a is written once all are known.
    const int32_t h0 = reduce64(m(a[1], b[3]) + m(a[2], b[2]) + m(a[3], b[1]));
    const int32_t h1 = reduce64(m(a[2], b[3]) + m(a[3], b[2]));
    const int32_t h2 = reduce64(m(a[3], b[3]));
    const int32_t c3 = reduce64(m(a[0], b[3]) + m(a[1], b[2]) + m(a[2], b[1]) + m(a[3], b[0]));
    const int32_t c2 = reduce64(m(a[0], b[2]) + m(a[1], b[1]) + m(a[2], b[0]) + m(h2, w));
    const int32_t c1 = reduce64(m(a[0], b[1]) + m(a[1], b[0]) + m(h1, w));
    a[0] = reduce64(m(a[0], b[0]) + m(h0, w));
    a[1] = c1;
    a[2] = c2;
    a[3] = c3;
}
}  // namespace

#if defined(PQMCU_SABER_NTT_M4_ASM)
// ntt_mul_m4.S, ntt_inv_m4.S: the block products and the inverse fused with
// the accumulation (same values as the C code below).
// Entries 5..8: layer 2's multipliers of the 3- / 4-bit half transforms
// (kL2D above): z2 (-q^-1) and d_h (-q^-1) mod 2^32 for h = 0, 1.
constexpr int32_t kAsmTail[9] = {kQ,
                                 int32_t(kQInvNeg),
                                 kInvScale,
                                 kLastZeta,
                                 kRoundInv,
                                 int32_t(uint32_t(kZetas[2]) * kQInvNeg),
                                 int32_t(uint32_t(kL2D[0]) * kQInvNeg),
                                 int32_t(uint32_t(kZetas[3]) * kQInvNeg),
                                 int32_t(uint32_t(kL2D[1]) * kQInvNeg)};
// The inverse's mode (bit 0: add, bit 1: prescale) in kAsmTail's low bits:
// four register arguments, no stack one.
inline uintptr_t tail_mode(uint32_t mode) { return reinterpret_cast<uintptr_t>(kAsmTail) + mode; }
extern "C" void pqmcu_saber_ntt_basemul_m4(int32_t* a, const int32_t* b, const int32_t* omega, const int32_t* tail);
extern "C" void pqmcu_saber_ntt_basemul_acc_m4(int32_t* a, const int32_t* b, const int32_t* omega, int32_t* acc);
extern "C" void pqmcu_saber_ntt_inverse_m4(int32_t* a, const int32_t* zinv, uintptr_t tail_mode, void* acc);
#endif

void pointwise(int32_t* a, const int32_t* b) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_ntt_basemul_m4(a, b, kOmega.data(), kAsmTail);
#else
    PQMCU_SABER_NTT_DISPATCH(pointwise(a, b));
    for (size_t m = 0; m < kN / 4; ++m) basemul4(a + 4 * m, b + 4 * m, kOmega[m]);
#endif
}

namespace {
// x in (-kQ, kQ) -> its representative in [-kQ/2, kQ/2], without branches.
[[gnu::always_inline]] inline int32_t centred(int32_t x) {
    x += kQ & (x >> 31);
    x -= kQ & ((kQ / 2 - x) >> 31);
    return x;
}

// Where the last inverse pass leaves the product: int32 (inverse()), or
// added to / stored in uint16 accumulators, aligned or as little-endian
// bytes at any alignment (memcpy: one unaligned halfword access).
struct ToInt32 {
    int32_t* p;
    void put(size_t i, int32_t v) const { p[i] = v; }
};
template <bool Add>
struct ToU16 {
    uint16_t* p;
    void put(size_t i, int32_t v) const {
        p[i] = uint16_t((Add ? p[i] : 0u) + uint32_t(centred(v)));
    }
};
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "ToLe16 assumes little endian (the M4, x86-64)");
template <bool Add>
struct ToLe16 {
    uint8_t* p;
    void put(size_t i, int32_t v) const {
        uint16_t w = 0;
        if constexpr (Add) std::memcpy(&w, p + 2 * i, 2);
        w = uint16_t(w + uint32_t(centred(v)));
        std::memcpy(p + 2 * i, &w, 2);
    }
};

// Two inverse layers (half-lengths len, 2 len) of the 4 len-blocks.
// Mul: the inputs are first multiplied by b (pointwise product, fused).
// Out: the last pass, scaled by kInvScale and handed to the sink.
struct InPlace {};
template <unsigned Len, class Out = InPlace>
inline void inverse_pass(int32_t* a, const int32_t* b, Out out = {}) {
    constexpr bool kLast = !std::is_same_v<Out, InPlace>;
    for (unsigned start = 0, k = 64 / Len; start < kN; start += 4 * Len, ++k) {
        const int32_t z0 = kZetasInv[k], z1 = kZetasInv[2 * k], z2 = kZetasInv[2 * k + 1];
        int32_t* p = a + start;
        for (unsigned j = 0; j < Len; ++j, ++p) {
            int32_t x0 = p[0], x1 = p[Len], x2 = p[2 * Len], x3 = p[3 * Len];
            if (b != nullptr) {
                const int32_t* q = b + start + j;
                x0 = mulm(x0, q[0]);
                x1 = mulm(x1, q[Len]);
                x2 = mulm(x2, q[2 * Len]);
                x3 = mulm(x3, q[3 * Len]);
            }
            int32_t t = x0;
            x0 = t + x1;
            x1 = mulm(t - x1, z1);
            t = x2;
            x2 = t + x3;
            x3 = mulm(t - x3, z2);
            if constexpr (kLast) {
                // Last layer: the scale is folded into the difference's factor.
                t = x0;
                x0 = mulm(t + x2, kInvScale);
                x2 = mulm(t - x2, kLastZeta);
                t = x1;
                x1 = mulm(t + x3, kInvScale);
                x3 = mulm(t - x3, kLastZeta);
                const size_t i = start + j;
                out.put(i, x0);
                out.put(i + Len, x1);
                out.put(i + 2 * Len, x2);
                out.put(i + 3 * Len, x3);
            } else {
                t = x0;
                x0 = t + x2;
                x2 = mulm(t - x2, z0);
                t = x1;
                x1 = t + x3;
                x3 = mulm(t - x3, z0);
                p[0] = x0;
                p[Len] = x1;
                p[2 * Len] = x2;
                p[3 * Len] = x3;
            }
        }
    }
}

// pointwise() (products in the 64 blocks), then layer pairs (4, 8), (16, 32),
// (64, 128); each butterfly is the inverse of forward's times 2: (u, v) ->
// (u + v, (u - v) / zeta); the factor 2^6 and pointwise()'s 2^-32 are removed
// in the last layer (kInvScale). No reduction in between: with |mont(a)| <=
// |a| / 2^32 + kQ / 2, forward's outputs are < 3.1 kQ, block products
// < 0.75 kQ, and 6 layers of sums < 64 * 0.75 kQ < 1.22e9 < 2^31; every
// Montgomery input stays < 2^31 kQ.
template <class Out>
[[gnu::always_inline]] inline void inverse_to(int32_t* a, const int32_t* b, Out out) {
    if (b != nullptr) pointwise(a, b);
    inverse_pass<4>(a, nullptr);
    inverse_pass<16>(a, nullptr);
    inverse_pass<64>(a, nullptr, out);
}
}  // namespace

void inverse(int32_t* a) { inverse_to(a, nullptr, ToInt32{a}); }

#if defined(PQMCU_SABER_NTT_M4_ASM)
// The M4's LDRH / STRH accept any alignment, so one routine serves both.
void mul_into(uint16_t* acc, int32_t* x, const int32_t* y, bool add) {
    pointwise(x, y);
    pqmcu_saber_ntt_inverse_m4(x, kZetasInvM4.data(), tail_mode(add ? 1u : 0u), acc);
}
void mul_into_le16(uint8_t* acc, int32_t* x, const int32_t* y, bool add) {
    pointwise(x, y);
    pqmcu_saber_ntt_inverse_m4(x, kZetasInvM4.data(), tail_mode(add ? 1u : 0u), acc);
}
#else
void mul_into(uint16_t* acc, int32_t* x, const int32_t* y, bool add) {
    PQMCU_SABER_NTT_DISPATCH(mul_into(acc, x, y, add));
    if (add) {
        inverse_to(x, y, ToU16<true>{acc});
    } else {
        inverse_to(x, y, ToU16<false>{acc});
    }
}

void mul_into_le16(uint8_t* acc, int32_t* x, const int32_t* y, bool add) {
    PQMCU_SABER_NTT_DISPATCH(mul_into_le16(acc, x, y, add));
    if (add) {
        inverse_to(x, y, ToLe16<true>{acc});
    } else {
        inverse_to(x, y, ToLe16<false>{acc});
    }
}
#endif

// x - kQ round(x / kQ): |result| <= kQ / 2 + 1 for |x| < 2^31 / kRoundInv.
[[gnu::always_inline]] inline int32_t barrett(int32_t x) {
    const int32_t k = int32_t((int64_t(x) * kRoundInv + (int64_t(1) << 31)) >> 32);
    return x - k * kQ;
}

void add_ntt(int32_t* acc, const int32_t* x) {
    for (size_t i = 0; i < kN; ++i) acc[i] += x[i];
}

// Four pointwise() outputs sum to < 4 * 0.75 kQ; reduced to <= kQ / 2 + 1
// (C: Barrett), the inverse's bounds (above inverse_to) hold as for one
// product. M4 (ntt_inv_m4.S, mode 2; since wip/saber-dec5): no reduction of
// the inputs; pass A (layers 4, 8, 16) reduces only its plain sum of a
// column's eight inputs (< 8 x 4 products), a Montgomery product by 2^32
// mod kQ, and every other output of pass A went through a Montgomery
// product and at most two sums after it (< 4 mont(8 x 4 products)); both
// stay below pass A's outputs for one product (< 8 products), so pass B
// (mode 0's, scaled) keeps inverse_to's bounds.
#if defined(PQMCU_SABER_NTT_M4_ASM)
// The block-run kernels' third argument: block first's omega entry (a whole
// group's: 32-aligned) with groups - 1 (1..8 groups of 32) in its low bits.
inline uintptr_t omega_g(unsigned first, unsigned blocks) {
    return reinterpret_cast<uintptr_t>(kOmega.data() + first) | uintptr_t(blocks / 8 - 1);
}
namespace {
constexpr int64_t kProdBound = 39 * (int64_t(kQ) * kQ >> 32) + 1 + int64_t(kQ) / 2 + 1;  // pointwise()
constexpr int64_t kSumIn = 4 * kProdBound;                                               // four of them
constexpr int64_t kMontOf(int64_t x) { return x * kQ / (int64_t(1) << 32) + int64_t(kQ) / 2 + 2; }
static_assert((int64_t(1) << 32) % kQ == 152406, "ntt_inv_m4.S's 2^32 mod q");
static_assert(8 * kSumIn < (int64_t(1) << 31), "pass A's plain sums of a transform-domain sum");
static_assert(8 * kSumIn * 152406 / (int64_t(1) << 32) + int64_t(kQ) / 2 + 2 <= 8 * kProdBound &&
                  4 * kMontOf(8 * kSumIn) <= 8 * kProdBound,
              "mode 2's pass A outputs within one product's");
}  // namespace
#endif
void pointwise_acc(int32_t* acc, int32_t* x, const int32_t* y) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_ntt_basemul_acc_m4(x, y, kOmega.data(), acc);
#else
    PQMCU_SABER_NTT_DISPATCH(pointwise_acc(acc, x, y));
    pointwise(x, y);
    add_ntt(acc, x);
#endif
}

void forward_packed_pointwise(int32_t* a, const uint8_t* in, unsigned bits, const int32_t* b, int32_t* acc,
                              const int32_t* bw) {
    PQMCU_SABER_NTT_DISPATCH(forward_packed_pointwise(a, in, bits, b, bw, acc));
    (void)bw;  // (the C products take the w's themselves)
    if (bits == 13) {
        forward_packed13(a, in);
    } else {
        forward_packed10(a, in);
    }
    if (acc != nullptr) {
        pointwise_acc(acc, a, b);
    } else {
        pointwise(a, b);
    }
}

void prepare_w(int32_t* bw, const int32_t* b) {
    PQMCU_SABER_NTT_DISPATCH(prepare_w(bw, b));
    (void)bw, (void)b;  // (the C block products take b alone)
}

void inverse_store(uint16_t* out, int32_t* acc) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_ntt_inverse_m4(acc, kZetasInvM4.data(), tail_mode(2u), out);  // prescale, store
#else
    PQMCU_SABER_NTT_DISPATCH(inverse_store(out, acc));
    for (size_t i = 0; i < kN; ++i) acc[i] = barrett(acc[i]);
    inverse_to(acc, nullptr, ToU16<false>{out});
#endif
}

#if defined(PQMCU_SABER_NTT_M4_ASM)
// (returns 1: inverse_store_halves is a tail call, no frame)
extern "C" bool pqmcu_saber_ntt_inverse2_m4(int32_t* a0, int32_t* a1, const int32_t* const* tables, uint16_t* out);
constexpr const int32_t* kInverse2Tables[2] = {kZetasInvM4.data(), kAsmTail};
bool inverse_store_halves(uint16_t* out, int32_t* h0, int32_t* h1) {
    return pqmcu_saber_ntt_inverse2_m4(h0, h1, kInverse2Tables, out);
}
#else
bool inverse_store_halves(uint16_t*, int32_t*, int32_t*) { return false; }
#endif

// ---- half transforms
#if !defined(PQMCU_SABER_NTT_M4_ASM)
namespace {
// Layer 1 (half-length 128) of forward(), its half-h outputs: coefficients
// j of the first half unpacked into out, those of the second half 8 at a
// time into a small buffer, then forward's butterfly.
// 4 bits (s'): the column layout (field of coefficient n in nibble n / 32
// of little-endian word n % 32; ntt.hpp).
int32_t field4c(const uint8_t* p, unsigned n) {
    const unsigned c = n % 32, i = n / 32;
    return int32_t(uint32_t(p[4 * c + i / 2] >> (4 * (i % 2))) << 28) >> 28;
}
// 3 bits (FireSaber's s'): 3-byte columns, field i at bit 3 i.
int32_t field3c(const uint8_t* p, unsigned n) {
    const unsigned c = n % 32, i = n / 32;
    const uint32_t w = uint32_t(p[3 * c]) | uint32_t(p[3 * c + 1]) << 8 | uint32_t(p[3 * c + 2]) << 16;
    return int32_t(w << (29 - 3 * i)) >> 29;
}
// field n of 256 natural 13-bit fields (the secret key's s_j), sign-extended
int32_t field13(const uint8_t* p, unsigned n) {
    const unsigned at = 13 * n;
    const uint32_t w = uint32_t(p[at / 8]) | uint32_t(p[at / 8 + 1]) << 8 | uint32_t(p[at / 8 + 2]) << 16;
    return int32_t(w << (19 - at % 8)) >> 19;
}
// Layers 1 and 2 of half h from 3- / 4-bit fields (kL2D above: layer 2's
// product as the exact Montgomery value of x2 z2 + x6 d_h, as ntt_m4.S).
template <unsigned Bits>
void layer12_half_small(int32_t* out, const uint8_t* packed, unsigned h) {
    auto field = [packed](unsigned n) {
        return Bits == 4 ? field4c(packed, n) : Bits == 3 ? field3c(packed, n) : field13(packed, n);
    };
    const int32_t z = kZetas[1], z2 = kZetas[2 + h], d = kL2D[h];
    for (unsigned j = 0; j < kN / 4; ++j) {
        const int32_t t = mulm(field(kN / 2 + j), z);
        const int32_t a = h == 0 ? field(j) + t : field(j) - t;
        const int32_t l = field(kN / 4 + j) * z2 + field(3 * kN / 4 + j) * d;
        const int32_t m = int32_t(uint32_t(l) * kQInvNeg);
        const int32_t r = int32_t((int64_t(l) + int64_t(m) * kQ) >> 32);  // exact: l + m kQ = 0 mod 2^32
        out[j] = a + r;
        out[j + kN / 4] = a - r;
    }
}
template <unsigned Bits>
void layer1_half(int32_t* out, const uint8_t* packed, unsigned h) {
    const int32_t z = kZetas[1];
    unpack_centred(out, packed, kN / 2, Bits);
    const uint8_t* hi = packed + (kN / 2) * Bits / 8;
    int32_t t[8];
    for (unsigned j = 0; j < kN / 2; j += 8, hi += Bits) {
        unpack_centred(t, hi, 8, Bits);
        if (h == 0) {
#pragma GCC unroll 8
            for (unsigned k = 0; k < 8; ++k) out[j + k] += mulm(t[k], z);
        } else {
#pragma GCC unroll 8
            for (unsigned k = 0; k < 8; ++k) out[j + k] -= mulm(t[k], z);
        }
    }
}
// Layers 2 (3 after layer12_half_small) ..6 on half h: block b of layer L uses kZetas[2^(L-1) + h 2^(L-2) + b].
void half_layers_from(int32_t* out, unsigned h, bool small) {
    for (unsigned layer = small ? 3 : 2, d = small ? 32 : 64; layer <= 6; ++layer, d >>= 1) {
        const unsigned nb = 1u << (layer - 2);
        for (unsigned b = 0; b < nb; ++b) {
            const int32_t zz = kZetas[(1u << (layer - 1)) + h * nb + b];
            int32_t* p = out + 2 * d * b;
            for (unsigned j = 0; j < d; ++j) {
                const int32_t t = mulm(p[j + d], zz);
                p[j + d] = p[j] - t;
                p[j] = p[j] + t;
            }
        }
    }
}
}  // namespace
#endif

#if defined(PQMCU_SABER_NTT_M4_ASM)
extern "C" void pqmcu_saber_ntt_forward_half4_m4(int32_t* out, const uint8_t* s4, const int32_t* zetas,
                                                  uintptr_t tail_h);
extern "C" void pqmcu_saber_ntt_forward_half3_m4(int32_t* out, const uint8_t* s3, const int32_t* zetas,
                                                  uintptr_t tail_h);
extern "C" void pqmcu_saber_ntt_forward_half10_m4(int32_t* out, const uint8_t* s10, const int32_t* zetas,
                                                  uintptr_t tail_h);
extern "C" void pqmcu_saber_ntt_basemul_acc_half_m4(int32_t* a, const int32_t* b, const int32_t* omega, int32_t* acc);
extern "C" void pqmcu_saber_ntt_forward_half13_m4(int32_t* out, const uint8_t* s13, const int32_t* zetas,
                                                  uintptr_t tail_h);
extern "C" void pqmcu_saber_ntt_forward_half13s_m4(int32_t* out, const uint8_t* s13, const int32_t* zetas,
                                                  uintptr_t tail_h);
extern "C" void pqmcu_saber_ntt_forward13s_m4(int32_t* a, const uint8_t* s13, const int32_t* zetas, const int32_t* tail);
extern "C" void pqmcu_saber_ntt_basemul_half_m4(int32_t* a, const int32_t* b, const int32_t* omega,
                                                const int32_t* tail);
// (the block runs: omega_g = &kOmega[first] | (groups - 1), four register
// arguments: their wrappers below are tail calls)
extern "C" void pqmcu_saber_ntt_basemul_acc_blocks_m4(int32_t* a, const int32_t* b, uintptr_t omega_g, int32_t* acc);
extern "C" void pqmcu_saber_ntt_basemul_to_blocks_m4(const int32_t* a, const int32_t* b, uintptr_t omega_g,
                                                     int32_t* dst);
extern "C" void pqmcu_saber_ntt_basemul_get_blocks_m4(int32_t* a, const int32_t* b, uintptr_t omega_g,
                                                      const int32_t* acc);
#endif

#if defined(PQMCU_SABER_NTT_M4_ASM)
namespace {
// The half transforms' last argument: kAsmTail (4-aligned) + h, so the C
// wrappers pass four register arguments and tail-call the assembly.
uintptr_t tail_h(unsigned h) { return reinterpret_cast<uintptr_t>(kAsmTail) + (h & 1u); }
}  // namespace
#endif
void forward_half3(int32_t* out, const uint8_t* packed, unsigned h) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_ntt_forward_half3_m4(out, packed, kZetasM4.data(), tail_h(h));
#else
    forward_half_packed(out, packed, 3, h);
#endif
}

void forward_half_packed(int32_t* out, const uint8_t* packed, unsigned bits, unsigned h) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    // ntt_m4.S: layers 1-3 in one pass straight from the fields, then layers 4-6.
    if (bits == 4) {
        pqmcu_saber_ntt_forward_half4_m4(out, packed, kZetasM4.data(), tail_h(h));
    } else if (bits == 3) {
        pqmcu_saber_ntt_forward_half3_m4(out, packed, kZetasM4.data(), tail_h(h));
    } else if (bits == 10) {
        pqmcu_saber_ntt_forward_half10_m4(out, packed, kZetasM4.data(), tail_h(h));
    } else {
        pqmcu_saber_ntt_forward_half13_m4(out, packed, kZetasM4.data(), tail_h(h));
    }
#else
    if (bits == 4) {
        layer12_half_small<4>(out, packed, h);
    } else if (bits == 3) {
        layer12_half_small<3>(out, packed, h);
    } else if (bits == 10) {
        layer1_half<10>(out, packed, h);
    } else {
        layer1_half<13>(out, packed, h);
    }
    half_layers_from(out, h, bits <= 4);
#endif
}

void forward_half_small13(int32_t* out, const uint8_t* s13, unsigned h) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_ntt_forward_half13s_m4(out, s13, kZetasM4.data(), tail_h(h));
#else
    layer12_half_small<13>(out, s13, h);
    half_layers_from(out, h, true);
#endif
}


#if defined(PQMCU_SABER_NTT_M4_ASM)
extern "C" void pqmcu_saber_ntt_forward4_m4(int32_t* a, const uint8_t* s4, const int32_t* zetas, const int32_t* tail);
extern "C" void pqmcu_saber_ntt_forward3_m4(int32_t* a, const uint8_t* s3, const int32_t* zetas, const int32_t* tail);
#endif

void forward_packed_columns(int32_t* a, const uint8_t* packed, unsigned bits) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    // ntt_m4.S: layers 1-3 in one pass from the column fields (layer 1 once), then layers 4-6.
    if (bits == 4) {
        pqmcu_saber_ntt_forward4_m4(a, packed, kZetasM4.data(), kAsmTail);
    } else {
        pqmcu_saber_ntt_forward3_m4(a, packed, kZetasM4.data(), kAsmTail);
    }
#else
    forward_half_packed(a, packed, bits, 0);
    forward_half_packed(a + kN / 2, packed, bits, 1);
#endif
}

void forward_small13(int32_t* a, const uint8_t* s13) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_ntt_forward13s_m4(a, s13, kZetasM4.data(), kAsmTail);
#else
    forward_half_small13(a, s13, 0);
    forward_half_small13(a + kN / 2, s13, 1);
#endif
}

void pointwise_half(int32_t* a, const int32_t* b, unsigned h) { pointwise_half_at(a + (kN / 2) * h, b, h); }

void pointwise_half_at(int32_t* ah, const int32_t* b, unsigned h) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_ntt_basemul_half_m4(ah, b, kOmega.data() + (kN / 8) * h, kAsmTail);
#else
    for (size_t m = 0; m < kN / 8; ++m) basemul4(ah + 4 * m, b + 4 * m, kOmega[(kN / 8) * h + m]);
#endif
}

void pointwise_half_to(int32_t* dst_h, const int32_t* a_h, const int32_t* b, unsigned h) {
    pointwise_blocks_to(dst_h, a_h, b, (kN / 8) * h, kN / 8);
}

void pointwise_quarter_to(int32_t* dst_q, const int32_t* a_q, const int32_t* b_q, unsigned q) {
    pointwise_blocks_to(dst_q, a_q, b_q, (kN / 16) * q, kN / 16);
}

void pointwise_blocks_to(int32_t* dst, const int32_t* a, const int32_t* b, unsigned first, unsigned blocks) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    blocks &= ~7u;  // whole groups only (ntt.hpp): the kernel's loop ends on equality, never past a bad count
    if (blocks != 0) pqmcu_saber_ntt_basemul_to_blocks_m4(a, b, omega_g(first, blocks), dst);
#else
    std::memcpy(dst, a, sizeof(int32_t) * 4 * size_t(blocks));
    for (size_t m = 0; m < blocks; ++m) basemul4(dst + 4 * m, b + 4 * m, kOmega[first + m]);
#endif
}

void pointwise_acc_half(int32_t* acc, int32_t* x, const int32_t* y, unsigned h) {
    pointwise_acc_half_at(acc + (kN / 2) * h, x, y, h);
}

void pointwise_acc_half_at(int32_t* acc_h, int32_t* x, const int32_t* y, unsigned h) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_ntt_basemul_acc_half_m4(x, y, kOmega.data() + (kN / 8) * h, acc_h);
#else
    for (size_t m = 0; m < kN / 8; ++m) basemul4(x + 4 * m, y + 4 * m, kOmega[(kN / 8) * h + m]);
    for (size_t i = 0; i < kN / 2; ++i) acc_h[i] += x[i];
#endif
}

unsigned run_blocks() {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    return 8;  // ntt_mul_m4.S: whole groups of 32 coefficients (the M4 layout)
#else
    return 2;
#endif
}

void pointwise_acc_quarter_at(int32_t* acc_q, int32_t* x, const int32_t* y, unsigned q) {
    pointwise_acc_blocks_at(acc_q, x, y, (kN / 16) * q, kN / 16);
}

void pointwise_get_blocks_at(int32_t* x, const int32_t* y, const int32_t* acc, unsigned first, unsigned blocks) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    blocks &= ~7u;  // whole groups only, as pointwise_blocks_to
    if (blocks != 0) pqmcu_saber_ntt_basemul_get_blocks_m4(x, y, omega_g(first, blocks), acc);
#else
    for (size_t m = 0; m < blocks; ++m) basemul4(x + 4 * m, y + 4 * m, kOmega[first + m]);
    for (size_t i = 0; i < 4 * size_t(blocks); ++i) x[i] += acc[i];
#endif
}

void pointwise_blocks_to_run(int32_t* dst, const int32_t* a, const int32_t* b, uint32_t run) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_ntt_basemul_to_blocks_m4(a, b, omega_g(run & 0xFFFFu, run >> 16), dst);
#else
    pointwise_blocks_to(dst, a, b, run & 0xFFFFu, run >> 16);
#endif
}
void pointwise_acc_blocks_run(int32_t* acc, int32_t* x, const int32_t* y, uint32_t run) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_ntt_basemul_acc_blocks_m4(x, y, omega_g(run & 0xFFFFu, run >> 16), acc);
#else
    pointwise_acc_blocks_at(acc, x, y, run & 0xFFFFu, run >> 16);
#endif
}
void pointwise_get_blocks_run(int32_t* x, const int32_t* y, const int32_t* acc, uint32_t run) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_ntt_basemul_get_blocks_m4(x, y, omega_g(run & 0xFFFFu, run >> 16), acc);
#else
    pointwise_get_blocks_at(x, y, acc, run & 0xFFFFu, run >> 16);
#endif
}

void pointwise_acc_blocks_at(int32_t* acc, int32_t* x, const int32_t* y, unsigned first, unsigned blocks) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    blocks &= ~7u;  // whole groups only, as pointwise_blocks_to
    if (blocks != 0) pqmcu_saber_ntt_basemul_acc_blocks_m4(x, y, omega_g(first, blocks), acc);
#else
    for (size_t m = 0; m < blocks; ++m) basemul4(x + 4 * m, y + 4 * m, kOmega[first + m]);
    for (size_t i = 0; i < 4 * size_t(blocks); ++i) acc[i] += x[i];
#endif
}

void inverse_into(uint16_t* acc, int32_t* x, bool add) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_ntt_inverse_m4(x, kZetasInvM4.data(), tail_mode(add ? 1u : 0u), acc);
#else
    if (add) {
        inverse_to(x, nullptr, ToU16<true>{acc});
    } else {
        inverse_to(x, nullptr, ToU16<false>{acc});
    }
#endif
}

#if defined(PQMCU_SABER_NTT_AVX2)
// GCC 12 flags the self-initialised _mm512_undefined_epi32() inside the
// AVX-512F intrinsics once they are inlined into target("avx512f") code
// (GCC PR105593, fixed in 13): a false positive, silenced for this file only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "saber/ntt_avx2.inc"
#pragma GCC diagnostic pop
#endif

void load_centred(int32_t* dst, const uint16_t* src, unsigned bits) {
    const unsigned sh = 32 - bits;
    for (size_t i = 0; i < kN; ++i) dst[i] = int32_t(uint32_t(src[i]) << sh) >> sh;
}

void load_signed16(int32_t* dst, const uint16_t* src) {
    for (size_t i = 0; i < kN; ++i) dst[i] = int16_t(src[i]);
}


void add_to(uint16_t* acc, const int32_t* x) {
    for (size_t i = 0; i < kN; ++i) acc[i] = uint16_t(acc[i] + uint32_t(centred(x[i])));
}

void store_to(uint16_t* acc, const int32_t* x) {
    for (size_t i = 0; i < kN; ++i) acc[i] = uint16_t(uint32_t(centred(x[i])));
}

// inverse_sum25: x = one block product (< 39 kQ^2 / 2^32 + kQ / 2, pointwise()'s
// bound) + a centred packed value (< kQ / 2 + 2 kQ |kRoundErr| / 2^32 + 2, as
// below); six layers of sums stay below 2^31 (inverse_to's bound for one
// product holds with this input bound too), so no prescaling is needed.
static_assert(64 * (39 * (int64_t(kQ) * kQ >> 32) + 1 + int64_t(kQ) / 2 + 1 + int64_t(kQ) / 2 +
                    2 * int64_t(kQ) * (kRoundErr < 0 ? -kRoundErr : kRoundErr) / (int64_t(1) << 32) + 2) <
                  (int64_t(1) << 31),
              "inverse_sum25's input bound");
void inverse_sum25(uint16_t* out, int32_t* x) { inverse_into(out, x, false); }

// ---- packed transform-domain sums (ntt.hpp; sum25_m4.S on the M4, the same layout)
// Centring as the M4's SMMULR / MLS: for |v| < 1.51 kQ the estimate of
// round(v / kQ) is off by less than 1.51 |kRoundErr| / 2^32 kQ, so the
// result stays within kQ / 2 + 2 kQ |kRoundErr| / 2^32 < 2^24: 25 bits.
static_assert(int64_t(kQ) / 2 + 2 * int64_t(kQ) * (kRoundErr < 0 ? -kRoundErr : kRoundErr) / (int64_t(1) << 32) + 2 <
                  (int64_t(1) << 24),
              "a centred sum must fit 25 bits");
// The C packing: the portable pointwise_sum25_* below, and the reference the
// tests hold the M4's fused kernels (sum25_m4.S) to.
namespace {
int32_t centre25(int32_t v) {
    const int32_t k = int32_t((int64_t(v) * kRoundInv + (int64_t(1) << 31)) >> 32);  // SMMULR
    return v - k * kQ;
}
// 25-bit two's complement field of w at bit 0, sign-extended.
int32_t sext(uint32_t w, unsigned bits) { return int32_t(w << (32 - bits)) >> (32 - bits); }
void load_block25(int32_t* v, const uint8_t* s) {
    uint32_t w[25];
    std::memcpy(w, s, sizeof w);
    for (unsigned g = 0; g < 8; ++g) {
        const uint32_t a = w[3 * g], b = w[3 * g + 1], c = w[3 * g + 2];
        v[4 * g] = sext(a, 25);
        v[4 * g + 1] = int32_t(a >> 25 | uint32_t(sext(b, 18)) << 7);
        v[4 * g + 2] = int32_t(b >> 18 | uint32_t(sext(c, 11)) << 14);
        v[4 * g + 3] = int32_t(c >> 11 | uint32_t(sext(w[24] >> (4 * g), 4)) << 21);
    }
}
void store_block25(uint8_t* s, const int32_t* v) {
    uint32_t w[25];
    w[24] = 0;
    for (unsigned g = 0; g < 8; ++g) {
        const uint32_t a = uint32_t(v[4 * g]), b = uint32_t(v[4 * g + 1]), c = uint32_t(v[4 * g + 2]),
                       d = uint32_t(v[4 * g + 3]);
        w[3 * g] = (a & 0x1FFFFFFu) | b << 25;
        w[3 * g + 1] = ((b >> 7) & 0x3FFFFu) | c << 18;
        w[3 * g + 2] = ((c >> 14) & 0x7FFu) | d << 11;
        w[24] |= ((d >> 21) & 15u) << (4 * g);
    }
    std::memcpy(s, w, sizeof w);
}
}  // namespace
void sum25_put(uint8_t* s, const int32_t* x, size_t n) {
    int32_t v[32];
    for (size_t b = 0; b < n / 32; ++b, s += 100, x += 32) {
        for (unsigned k = 0; k < 32; ++k) v[k] = centre25(x[k]);
        store_block25(s, v);
    }
}
void sum25_add(uint8_t* s, const int32_t* x, size_t n) {
    int32_t v[32];
    for (size_t b = 0; b < n / 32; ++b, s += 100, x += 32) {
        load_block25(v, s);
        for (unsigned k = 0; k < 32; ++k) v[k] = centre25(v[k] + x[k]);
        store_block25(s, v);
    }
}
void sum25_get(int32_t* x, const uint8_t* s, size_t n) {
    int32_t v[32];
    for (size_t b = 0; b < n / 32; ++b, s += 100, x += 32) {
        load_block25(v, s);
        for (unsigned k = 0; k < 32; ++k) x[k] += v[k];
    }
}


#if defined(PQMCU_SABER_NTT_M4_ASM)
// sum25_m4.S's fused entries and ntt_mul_m4.S's basemul_acc(_half) take q, -q^-1
// (and the rounding constant) as immediates.
static_assert(kQ == 0x1817E01 && kQInvNeg == 0xBF7D7DFFu && kRoundInv == 170, "sum25_m4.S's constants");
extern "C" void pqmcu_saber_ntt_basemul_sum25_put_m4(const int32_t* a, const int32_t* b, uint8_t* s, uintptr_t omega_n);
extern "C" void pqmcu_saber_ntt_basemul_sum25_add_m4(const int32_t* a, const int32_t* b, uint8_t* s, uintptr_t omega_n);
extern "C" void pqmcu_saber_ntt_basemul_sum25_get_m4(int32_t* a, const int32_t* b, const uint8_t* s, uintptr_t omega_n);
namespace {
// the first block's omega entry + the packed blocks - 1 (1..4)
uintptr_t omega_n(uint32_t run) {
    return reinterpret_cast<uintptr_t>(kOmega.data() + (run & 0xFFFF)) + ((run >> 16) / 8 - 1);
}
}  // namespace
void pointwise_sum25_put(uint8_t* s, int32_t* a, const int32_t* b, uint32_t run) {
    pqmcu_saber_ntt_basemul_sum25_put_m4(a, b, s, omega_n(run));
}
void pointwise_sum25_add(uint8_t* s, int32_t* a, const int32_t* b, uint32_t run) {
    pqmcu_saber_ntt_basemul_sum25_add_m4(a, b, s, omega_n(run));
}
void pointwise_sum25_get(int32_t* a, const int32_t* b, const uint8_t* s, uint32_t run) {
    pqmcu_saber_ntt_basemul_sum25_get_m4(a, b, s, omega_n(run));
}
#else
void pointwise_sum25_put(uint8_t* s, int32_t* a, const int32_t* b, uint32_t run) {
    const unsigned first = run & 0xFFFF, blocks = run >> 16;
    for (size_t m = 0; m < blocks; ++m) basemul4(a + 4 * m, b + 4 * m, kOmega[first + m]);
    sum25_put(s, a, 4 * size_t(blocks));
}
void pointwise_sum25_add(uint8_t* s, int32_t* a, const int32_t* b, uint32_t run) {
    const unsigned first = run & 0xFFFF, blocks = run >> 16;
    for (size_t m = 0; m < blocks; ++m) basemul4(a + 4 * m, b + 4 * m, kOmega[first + m]);
    sum25_add(s, a, 4 * size_t(blocks));
}
void pointwise_sum25_get(int32_t* a, const int32_t* b, const uint8_t* s, uint32_t run) {
    const unsigned first = run & 0xFFFF, blocks = run >> 16;
    for (size_t m = 0; m < blocks; ++m) basemul4(a + 4 * m, b + 4 * m, kOmega[first + m]);
    sum25_get(a, s, 4 * size_t(blocks));
}
#endif

}  // namespace pqmcu::saber::ntt
