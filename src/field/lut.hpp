// SPDX-License-Identifier: Apache-2.0 OR MIT
// Table-based GF(256) / GF(2^16) arithmetic for the LUT profile.
//
// NOT CONSTANT TIME: table lookups are indexed by (possibly secret) field
// elements and zero operands take a different path. Use only where the
// profile explicitly accepts that (e.g. MCUs without data cache where SRAM
// lookups are uniform, or on public data such as verification of public
// matrices). Results are identical to the constant-time code.
//
// Tables are computed at compile time (log/exp on the generator 0x03):
// 256 + 512 bytes of read-only data.
#pragma once
#include "field/fields.hpp"

namespace pqmcu::field::lut_not_ct {

struct Gf256Tables {
    uint8_t log[256];
    uint8_t exp[512];  // doubled so log a + log b needs no reduction
};

constexpr Gf256Tables make_gf256_tables() {
    Gf256Tables t{};
    uint8_t v = 1;
    for (int i = 0; i < 255; ++i) {
        t.exp[i] = v;
        t.exp[i + 255] = v;
        t.log[v] = uint8_t(i);
        v = uint8_t(v ^ gf256::xtime(v));  // multiply by 0x03
    }
    t.exp[510] = t.exp[0];
    t.exp[511] = t.exp[1];
    t.log[0] = 0;
    return t;
}

inline constexpr Gf256Tables kGf256 = make_gf256_tables();

// Zero-safe log/exp for branch-free products: log(0) = kLogZero, so a sum
// of two logs with a zero operand is >= kLogZero and exp maps it to 0
// (nonzero sums stay <= 508). 512 + 1025 bytes of read-only data.
inline constexpr uint16_t kLogZero = 0x200;
struct Gf256ZeroSafe {
    uint16_t log[256];
    uint8_t exp[2 * kLogZero + 1];
};
constexpr Gf256ZeroSafe make_gf256_zero_safe() {
    Gf256ZeroSafe t{};
    t.log[0] = kLogZero;
    for (unsigned a = 1; a < 256; ++a) t.log[a] = kGf256.log[a];
    for (unsigned i = 0; i < 510; ++i) t.exp[i] = kGf256.exp[i];  // 510 .. 2 kLogZero: 0
    return t;
}
inline constexpr Gf256ZeroSafe kGf256Z = make_gf256_zero_safe();

inline uint8_t gf256_mul(uint8_t a, uint8_t b) {
    if (a == 0 || b == 0) return 0;
    return kGf256.exp[unsigned(kGf256.log[a]) + kGf256.log[b]];
}
inline uint8_t gf256_inv(uint8_t a) {
    if (a == 0) return 0;
    return kGf256.exp[255 - kGf256.log[a]];
}

inline uint16_t gf256sq_mul(uint16_t a, uint16_t b) {
    const uint8_t a0 = uint8_t(a), a1 = uint8_t(a >> 8), b0 = uint8_t(b), b1 = uint8_t(b >> 8);
    const uint8_t p00 = gf256_mul(a0, b0), p11 = gf256_mul(a1, b1);
    const uint8_t c0 = uint8_t(p00 ^ gf256_mul(p11, gf256sq::kXSquaredConst));
    const uint8_t c1 = uint8_t(p00 ^ gf256_mul(uint8_t(a0 ^ a1), uint8_t(b0 ^ b1)));
    return uint16_t(c0 | (uint16_t(c1) << 8));
}
inline uint16_t gf256sq_mul_sub(uint8_t s, uint16_t a) {
    return uint16_t(gf256_mul(s, uint8_t(a)) | (uint16_t(gf256_mul(s, uint8_t(a >> 8))) << 8));
}

// Per-field dispatch used by the generic kernels below.
template <class Ext> struct Ops;
template <> struct Ops<GF256> {
    static uint8_t mul(uint8_t a, uint8_t b) { return gf256_mul(a, b); }
    static uint8_t mul_sub(uint8_t s, uint8_t a) { return gf256_mul(s, a); }
};
template <> struct Ops<GF256Sq> {
    static uint16_t mul(uint16_t a, uint16_t b) { return gf256sq_mul(a, b); }
    static uint16_t mul_sub(uint8_t s, uint16_t a) { return gf256sq_mul_sub(s, a); }
};

template <class Ext>
inline void scale_acc(typename Ext::elem c, const typename Ext::elem* v, typename Ext::elem* acc, size_t n) {
    for (size_t i = 0; i < n; ++i) acc[i] = typename Ext::elem(acc[i] ^ Ops<Ext>::mul(c, v[i]));
}

template <class Ext>
inline typename Ext::elem dot(const typename Ext::elem* a, const typename Ext::elem* b, size_t n) {
    typename Ext::elem r = 0;
    for (size_t i = 0; i < n; ++i) r = typename Ext::elem(r ^ Ops<Ext>::mul(a[i], b[i]));
    return r;
}

template <class Base, class Ext>
inline typename Ext::elem dot_base(const typename Ext::elem* a, const uint8_t* x, size_t n) {
    typename Ext::elem r = 0;
    for (size_t i = 0; i < n; ++i) r = typename Ext::elem(r ^ Ops<Ext>::mul_sub(Base::lift(Base::get(x, i)), a[i]));
    return r;
}

template <class Ext>
inline void tri_matvec(const typename Ext::elem* a_tri, const typename Ext::elem* x, typename Ext::elem* out, size_t n) {
    for (size_t j = 0; j < n; ++j) out[j] = dot<Ext>(a_tri + j * (j + 1) / 2, x, j + 1);
}

template <class Base, class Ext>
inline void tri_matvec_base(const typename Ext::elem* a_tri, const uint8_t* x, typename Ext::elem* out, size_t n) {
    for (size_t j = 0; j < n; ++j) out[j] = dot_base<Base, Ext>(a_tri + j * (j + 1) / 2, x, j + 1);
}

}  // namespace pqmcu::field::lut_not_ct
