// SPDX-License-Identifier: Apache-2.0 OR MIT
// The field operations MQOM's building blocks use, as thin adapters over
// src/field (constant-time element arithmetic and SWAR vector kernels):
//   Ext<8>  = GF(256) (AES polynomial), Ext<16> = GF(256)[Y]/(Y^2+Y+0x20);
//   Base<b> = GF(2^b) packed vectors (MQOM encoding), lifted into GF(256).
// Extension vectors are arrays of Ext::Elt; their byte encoding is the MQOM
// one (uint16 elements little-endian).
#pragma once
#include <cstddef>
#include <cstdint>

#include "field/fields.hpp"
#include "field/vec.hpp"

namespace pqmcu::mqom::detail {

template <unsigned Log2>
struct Ext;

template <>
struct Ext<8> {
    using F = field::GF256;
    using Elt = uint8_t;
    static constexpr size_t bytes = 1;
    static Elt mul(Elt a, Elt b) { return F::mul(a, b); }
    static Elt from_index(uint32_t v) { return Elt(v); }
    static Elt dot(const Elt* a, const Elt* b, size_t n) { return field::dot<F>(a, b, n); }
    static void load(const uint8_t* in, Elt* out, size_t n) {
        for (size_t i = 0; i < n; ++i) out[i] = in[i];
    }
    static void store(const Elt* in, uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) out[i] = in[i];
    }
};

template <>
struct Ext<16> {
    using F = field::GF256Sq;
    using Elt = uint16_t;
    static constexpr size_t bytes = 2;
    static Elt mul(Elt a, Elt b) { return F::mul(a, b); }
    static Elt from_index(uint32_t v) { return Elt(v); }
    static Elt dot(const Elt* a, const Elt* b, size_t n) { return field::dot<F>(a, b, n); }
    static void load(const uint8_t* in, Elt* out, size_t n) {
        for (size_t i = 0; i < n; ++i) out[i] = Elt(in[2 * i] | (uint16_t(in[2 * i + 1]) << 8));
    }
    static void store(const Elt* in, uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) {
            out[2 * i] = uint8_t(in[i]);
            out[2 * i + 1] = uint8_t(in[i] >> 8);
        }
    }
};

template <unsigned Log2>
struct BaseField;
template <> struct BaseField<1> { using type = field::GF2; };
template <> struct BaseField<2> { using type = field::GF4; };
template <> struct BaseField<4> { using type = field::GF16; };
template <> struct BaseField<8> { using type = field::GF256; };

template <unsigned Log2>
struct Base {
    using F = typename BaseField<Log2>::type;
    static uint8_t get(const uint8_t* packed, size_t k) { return F::get(packed, k); }
    static uint8_t lift(uint8_t v) { return F::lift(v); }
};

// out[k] = lift(x[k]) as ext elements, k < n.
template <class E, class B>
inline void lift_vector(const uint8_t* packed, size_t n, typename E::Elt* out) {
    for (size_t k = 0; k < n; ++k) out[k] = typename E::Elt(B::lift(B::get(packed, k)));
}

}  // namespace pqmcu::mqom::detail
