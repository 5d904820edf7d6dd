// SPDX-License-Identifier: Apache-2.0 OR MIT
// Negacyclic NTT over kQ = 10,508,801 for Saber (ntt.hpp). Tables are
// computed at compile time from the primitive root 3. Forward: Cooley-Tukey
// butterflies, two layers per pass (four coefficients in registers), no
// reduction between layers (|a| grows by < kQ per layer: < 2^13 + 8 kQ <
// 2^27). Inverse: Gentleman-Sande, the growing sums reduced once after four
// layers (< 32 kQ < 2^29).
#include "saber/ntt.hpp"

#include <array>

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

// (a + t q) / 2^32 with t = a * (-q^-1) mod 2^32: SMULL, MUL, SMLAL.
[[gnu::always_inline]] inline int32_t mont(int64_t a) {
    const int32_t t = int32_t(uint32_t(a) * kQInvNeg);
    return int32_t(uint64_t(a + int64_t(t) * kQ) >> 32);
}
[[gnu::always_inline]] inline int32_t mulm(int32_t a, int32_t z) { return mont(int64_t(a) * z); }

}  // namespace

void forward(int32_t* a) {
    // Layer pairs (128, 64), (32, 16), (8, 4), (2, 1): x0..x3 = a[j + {0, 1, 2, 3} len].
    for (unsigned len = 64; len >= 1; len >>= 2) {
        for (unsigned start = 0, k = 64 / len; start < kN; start += 4 * len, ++k) {
            const int32_t z0 = kZetas[k], z1 = kZetas[2 * k], z2 = kZetas[2 * k + 1];
            int32_t* p = a + start;
            for (unsigned j = 0; j < len; ++j) {
                int32_t x0 = p[j], x1 = p[j + len], x2 = p[j + 2 * len], x3 = p[j + 3 * len];
                int32_t t = mulm(x2, z0);
                x2 = x0 - t;
                x0 = x0 + t;
                t = mulm(x3, z0);
                x3 = x1 - t;
                x1 = x1 + t;
                t = mulm(x1, z1);
                p[j + len] = x0 - t;
                p[j] = x0 + t;
                t = mulm(x3, z2);
                p[j + 3 * len] = x2 - t;
                p[j + 2 * len] = x2 + t;
            }
        }
    }
}

void pointwise(int32_t* a, const int32_t* b) {
    for (size_t i = 0; i < kN; ++i) a[i] = mulm(a[i], b[i]);
}

void inverse(int32_t* a) {
    // Layer pairs (1, 2), (4, 8), (16, 32), (64, 128), each butterfly the
    // inverse of forward's (times 2): (u, v) -> (u + v, (u - v) / zeta).
    for (unsigned len = 1; len <= 64; len <<= 2) {
        for (unsigned start = 0, k = 64 / len; start < kN; start += 4 * len, ++k) {
            const int32_t z0 = kZetasInv[k], z1 = kZetasInv[2 * k], z2 = kZetasInv[2 * k + 1];
            int32_t* p = a + start;
            for (unsigned j = 0; j < len; ++j) {
                int32_t x0 = p[j], x1 = p[j + len], x2 = p[j + 2 * len], x3 = p[j + 3 * len];
                if (len == 16) {  // sums are < 16 kQ after four layers: bring them back under kQ
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
                if (len == 64) {
                    x0 = mulm(x0, kInvScale);
                    x1 = mulm(x1, kInvScale);
                    x2 = mulm(x2, kInvScale);
                    x3 = mulm(x3, kInvScale);
                }
                p[j] = x0;
                p[j + len] = x1;
                p[j + 2 * len] = x2;
                p[j + 3 * len] = x3;
            }
        }
    }
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

void add_to_le16(uint8_t* acc, const int32_t* x) {
    for (size_t i = 0; i < kN; ++i) {
        const uint32_t v = uint32_t(acc[2 * i] | (acc[2 * i + 1] << 8)) + uint32_t(centred(x[i]));
        acc[2 * i] = uint8_t(v);
        acc[2 * i + 1] = uint8_t(v >> 8);
    }
}

void store_to_le16(uint8_t* acc, const int32_t* x) {
    for (size_t i = 0; i < kN; ++i) {
        const uint32_t v = uint32_t(centred(x[i]));
        acc[2 * i] = uint8_t(v);
        acc[2 * i + 1] = uint8_t(v >> 8);
    }
}

}  // namespace pqmcu::saber::ntt
