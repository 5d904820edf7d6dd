// SPDX-License-Identifier: Apache-2.0 OR MIT
// Field types for MQOM (and anything else needing small binary fields).
//
// Base fields (the MQ secret x lives here): GF2, GF4, GF16, GF256.
// Extension fields (matrices, PIOP, challenges): GF256, GF256Sq (= GF(2^16)).
//
// Each type is a stateless policy with:
//   kBits         log2 of the field size
//   elem          the element type (uint8_t, or uint16_t for GF256Sq)
//   mul/inv       constant-time scalar arithmetic
// Base fields also give:
//   get/set       access to element i of a packed vector (the MQOM byte encoding)
//   bytes(n)      size in bytes of n packed elements (n * kBits / 8, rounded down
//                 like the reference, which only serialises whole bytes)
//   kLift[k]      image in GF(256) of the k-th basis element; lift(a) = sum a_k kLift[k]
// Extension fields also give the SWAR lane operations used by vec.hpp:
//   mul_w, mul_w_scalar (lane x ext scalar), mul_w_sub (lane x GF(256) scalar),
//   mul_sub (GF(256) scalar x ext element), fold (XOR of all lanes of a word).
#pragma once
#include "core/inline.hpp"
#include "field/gf256.hpp"
#include "field/gf256sq.hpp"
#include "field/gf_small.hpp"

namespace pqmcu::field {

enum class FieldId : uint8_t { gf2 = 1, gf4 = 2, gf16 = 4, gf256 = 8, gf256sq = 16 };

struct GF2 {
    static constexpr FieldId kId = FieldId::gf2;
    static constexpr unsigned kBits = 1;
    using elem = uint8_t;
    static constexpr const uint8_t* kLift = gf2::kLift;
    static constexpr size_t bytes(size_t n) { return n / 8; }
    static constexpr elem mul(elem a, elem b) { return gf2::mul(a, b); }
    static constexpr elem inv(elem a) { return uint8_t(a & 1); }
    static constexpr uint8_t lift(elem a) { return gf2::lift(a); }
    PQMCU_SIZE_INLINE static constexpr elem get(const uint8_t* v, size_t i) { return gf2::get(v, i); }
    static constexpr void set(uint8_t* v, size_t i, elem a) { gf2::set(v, i, a); }
};

struct GF4 {
    static constexpr FieldId kId = FieldId::gf4;
    static constexpr unsigned kBits = 2;
    using elem = uint8_t;
    static constexpr const uint8_t* kLift = gf4::kLift;
    static constexpr size_t bytes(size_t n) { return n / 4; }
    static constexpr elem mul(elem a, elem b) { return gf4::mul(a, b); }
    static constexpr elem inv(elem a) { return gf4::inv(a); }
    static constexpr uint8_t lift(elem a) { return gf4::lift(a); }
    PQMCU_SIZE_INLINE static constexpr elem get(const uint8_t* v, size_t i) { return gf4::get(v, i); }
    static constexpr void set(uint8_t* v, size_t i, elem a) { gf4::set(v, i, a); }
};

struct GF16 {
    static constexpr FieldId kId = FieldId::gf16;
    static constexpr unsigned kBits = 4;
    using elem = uint8_t;
    static constexpr const uint8_t* kLift = gf16::kLift;
    static constexpr size_t bytes(size_t n) { return n / 2; }
    static constexpr elem mul(elem a, elem b) { return gf16::mul(a, b); }
    static constexpr elem inv(elem a) { return gf16::inv(a); }
    static constexpr uint8_t lift(elem a) { return gf16::lift(a); }
    PQMCU_SIZE_INLINE static constexpr elem get(const uint8_t* v, size_t i) { return gf16::get(v, i); }
    static constexpr void set(uint8_t* v, size_t i, elem a) { gf16::set(v, i, a); }
};

namespace detail {
inline constexpr uint8_t kGf256Basis[8] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80};
}

struct GF256 {
    static constexpr FieldId kId = FieldId::gf256;
    static constexpr unsigned kBits = 8;
    using elem = uint8_t;
    // As a base field: packed vectors are plain byte arrays, lift is the identity.
    static constexpr const uint8_t* kLift = detail::kGf256Basis;
    static constexpr size_t bytes(size_t n) { return n; }
    PQMCU_SIZE_INLINE static constexpr elem mul(elem a, elem b) { return gf256::mul(a, b); }
    static constexpr elem inv(elem a) { return gf256::inv(a); }
    static constexpr uint8_t lift(elem a) { return a; }
    static constexpr elem get(const uint8_t* v, size_t i) { return v[i]; }
    static constexpr void set(uint8_t* v, size_t i, elem a) { v[i] = a; }
    // As an extension field.
    static constexpr size_t kElemBytes = 1;
    PQMCU_SIZE_INLINE static constexpr elem mul_sub(uint8_t s, elem a) { return gf256::mul(s, a); }
    template <class W> static constexpr W mul_w(W a, W b) { return gf256::mul_w(a, b); }
    template <class W> static constexpr W mul_w_scalar(W a, elem c) { return gf256::mul_w_scalar(a, c); }
    template <class W> static constexpr W mul_w_sub(W a, uint8_t s) { return gf256::mul_w_scalar(a, s); }
    template <class W> static constexpr W bcast(elem c) { return bcast8<W>(c); }
    template <class W> static constexpr elem fold(W w) { return fold8(w); }
};

struct GF256Sq {
    static constexpr FieldId kId = FieldId::gf256sq;
    static constexpr unsigned kBits = 16;
    using elem = uint16_t;
    static constexpr size_t kElemBytes = 2;
    static constexpr size_t bytes(size_t n) { return 2 * n; }
    PQMCU_SIZE_INLINE static constexpr elem mul(elem a, elem b) { return gf256sq::mul(a, b); }
    static constexpr elem inv(elem a) { return gf256sq::inv(a); }
    PQMCU_SIZE_INLINE static constexpr elem mul_sub(uint8_t s, elem a) { return gf256sq::mul_sub(s, a); }
    template <class W> static constexpr W mul_w(W a, W b) { return gf256sq::mul_w(a, b); }
    template <class W> static constexpr W mul_w_scalar(W a, elem c) { return gf256sq::mul_w_scalar(a, c); }
    template <class W> static constexpr W mul_w_sub(W a, uint8_t s) { return gf256sq::mul_w_sub(a, s); }
    template <class W> static constexpr W bcast(elem c) { return bcast16<W>(c); }
    template <class W> static constexpr elem fold(W w) { return fold16(w); }
};

// Lift a base element into an extension field (GF(256) is the common subfield).
template <class Base, class Ext>
constexpr typename Ext::elem lift_to(typename Base::elem a) {
    return typename Ext::elem(Base::lift(a));
}

// The extension field elements used as evaluation points / tree-level
// weights are plain integers reinterpreted as field elements (MQOM uses
// Gray codes of leaf indices and powers 2^j this way).
template <class Ext>
constexpr typename Ext::elem from_uint(uint32_t v) {
    return typename Ext::elem(v);
}

}  // namespace pqmcu::field
