// SPDX-License-Identifier: Apache-2.0 OR MIT
// Negacyclic NTT over kQ = 10,508,801 for Saber (ntt.hpp). Tables are
// computed at compile time from the primitive root 3. Forward: Cooley-Tukey
// butterflies, two layers per pass (four coefficients in registers), no
// reduction between layers (|a| grows by < kQ per layer: < 2^13 + 8 kQ <
// 2^27). Inverse: Gentleman-Sande, the growing sums reduced once after four
// layers (< 32 kQ < 2^29).
#include "saber/ntt.hpp"

#include <array>
#include <cstring>

namespace pqmcu::saber::ntt {
namespace {

constexpr uint32_t kRoot = 3;  // a primitive root mod kQ

constexpr uint32_t pow_mod(uint64_t b, uint64_t e) {
    uint64_t r = 1;
    b %= uint64_t(kQ);
    while (e != 0) {
        if (e & 1) r = r * b % uint64_t(kQ);
        b = b * b % uint64_t(kQ);
        e >>= 1;
    }
    return uint32_t(r);
}
// -kQ^-1 mod 2^32 (Newton's iteration doubles the correct low bits).
constexpr uint32_t neg_qinv() {
    uint32_t x = 1;
    for (int i = 0; i < 5; ++i) x *= 2u - uint32_t(kQ) * x;
    return 0u - x;
}
constexpr uint32_t kQInvNeg = neg_qinv();
static_assert(uint32_t(kQ) * kQInvNeg == 0xFFFFFFFFu, "-q^-1 mod 2^32");
constexpr uint64_t kRModQ = (uint64_t(1) << 32) % uint64_t(kQ);

constexpr int32_t centre(uint32_t x) { return x > uint32_t(kQ) / 2 ? int32_t(x) - kQ : int32_t(x); }
constexpr unsigned brv8(unsigned k) {
    unsigned r = 0;
    for (int i = 0; i < 8; ++i) r |= ((k >> i) & 1u) << (7 - i);
    return r;
}

// zetas[k] = psi^brv8(k) * 2^32 mod kQ (centred), psi a primitive 512-th root of unity.
constexpr std::array<int32_t, 256> make_zetas() {
    std::array<int32_t, 256> z{};
    const uint32_t psi = pow_mod(kRoot, (uint64_t(kQ) - 1) / 512);
    for (unsigned k = 0; k < 256; ++k) z[k] = centre(uint32_t(uint64_t(pow_mod(psi, brv8(k))) * kRModQ % uint64_t(kQ)));
    return z;
}
constexpr std::array<int32_t, 256> kZetas = make_zetas();
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
// 2^64 / 256 mod kQ: cancels the 2^-32 of pointwise() and of the final Montgomery product.
constexpr int32_t kInvScale = centre(uint32_t(kRModQ * kRModQ % uint64_t(kQ) * pow_mod(256, uint64_t(kQ) - 2) % uint64_t(kQ)));
constexpr int32_t kRed = centre(uint32_t(kRModQ));  // mont(x * kRed) = x mod kQ, |.| < kQ

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

void forward(int32_t* a) {
    // Layer pairs (128, 64), (32, 16), (8, 4), (2, 1).
    forward_pass<64>(a);
    forward_pass<16>(a);
    forward_pass<4>(a);
    forward_pass<1>(a);
}

void pointwise(int32_t* a, const int32_t* b) {
    for (size_t i = 0; i < kN; ++i) a[i] = mulm(a[i], b[i]);
}

namespace {
template <unsigned Len, bool Reduce, bool Scale>
inline void inverse_pass(int32_t* a) {
    for (unsigned start = 0, k = 64 / Len; start < kN; start += 4 * Len, ++k) {
        const int32_t z0 = kZetasInv[k], z1 = kZetasInv[2 * k], z2 = kZetasInv[2 * k + 1];
        int32_t* p = a + start;
        for (unsigned j = 0; j < Len; ++j, ++p) {
            int32_t x0 = p[0], x1 = p[Len], x2 = p[2 * Len], x3 = p[3 * Len];
            if constexpr (Reduce) {
                x0 = mulm(x0, kRed);
                x1 = mulm(x1, kRed);
                x2 = mulm(x2, kRed);
                x3 = mulm(x3, kRed);
            }
            int32_t t = x0;
            x0 = t + x1;
            x1 = mulm(t - x1, z1);
            t = x2;
            x2 = t + x3;
            x3 = mulm(t - x3, z2);
            t = x0;
            x0 = t + x2;
            x2 = mulm(t - x2, z0);
            t = x1;
            x1 = t + x3;
            x3 = mulm(t - x3, z0);
            if constexpr (Scale) {
                x0 = mulm(x0, kInvScale);
                x1 = mulm(x1, kInvScale);
                x2 = mulm(x2, kInvScale);
                x3 = mulm(x3, kInvScale);
            }
            p[0] = x0;
            p[Len] = x1;
            p[2 * Len] = x2;
            p[3 * Len] = x3;
        }
    }
}
}  // namespace

void inverse(int32_t* a) {
    // Layer pairs (1, 2), (4, 8), (16, 32), (64, 128); each butterfly is the
    // inverse of forward's times 2: (u, v) -> (u + v, (u - v) / zeta). The
    // sums are < 16 kQ after four layers: reduced before the fifth; the
    // factor 2^8 (and pointwise's 2^-32) is removed with the last pass.
    inverse_pass<1, false, false>(a);
    inverse_pass<4, false, false>(a);
    inverse_pass<16, true, false>(a);
    inverse_pass<64, false, true>(a);
}

void load_centred(int32_t* dst, const uint16_t* src, unsigned bits) {
    const unsigned sh = 32 - bits;
    for (size_t i = 0; i < kN; ++i) dst[i] = int32_t(uint32_t(src[i]) << sh) >> sh;
}

void load_signed16(int32_t* dst, const uint16_t* src) {
    for (size_t i = 0; i < kN; ++i) dst[i] = int16_t(src[i]);
}

namespace {
// x in (-kQ, kQ) -> its representative in [-kQ/2, kQ/2], without branches.
[[gnu::always_inline]] inline int32_t centred(int32_t x) {
    x += kQ & (x >> 31);
    x -= kQ & ((kQ / 2 - x) >> 31);
    return x;
}
}  // namespace

void add_to(uint16_t* acc, const int32_t* x) {
    for (size_t i = 0; i < kN; ++i) acc[i] = uint16_t(acc[i] + uint32_t(centred(x[i])));
}

void store_to(uint16_t* acc, const int32_t* x) {
    for (size_t i = 0; i < kN; ++i) acc[i] = uint16_t(uint32_t(centred(x[i])));
}

// Little-endian targets only (the M4 and x86-64): a uint16 through memcpy
// is one unaligned halfword access.
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the le16 accumulators assume little endian");
void add_to_le16(uint8_t* acc, const int32_t* x) {
    for (size_t i = 0; i < kN; ++i) {
        uint16_t v;
        std::memcpy(&v, acc + 2 * i, 2);
        v = uint16_t(v + uint32_t(centred(x[i])));
        std::memcpy(acc + 2 * i, &v, 2);
    }
}

void store_to_le16(uint8_t* acc, const int32_t* x) {
    for (size_t i = 0; i < kN; ++i) {
        const uint16_t v = uint16_t(uint32_t(centred(x[i])));
        std::memcpy(acc + 2 * i, &v, 2);
    }
}

}  // namespace pqmcu::saber::ntt
