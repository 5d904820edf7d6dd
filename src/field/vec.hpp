// SPDX-License-Identifier: Apache-2.0 OR MIT
// Vector and matrix kernels over the MQOM fields, constant time, written on
// the machine word (32-bit lanes on the M4, 64-bit on x86-64).
//
// Conventions:
//   * Extension vectors are arrays of Ext::elem (uint8_t or uint16_t), in
//     memory order = MQOM byte order (uint16 elements little-endian).
//   * Base vectors are packed byte arrays in the MQOM encoding (gf_small.hpp).
//   * A lower-triangular n x n matrix is stored "packed": row j holds its
//     j+1 entries A[j][0..j] contiguously, rows one after the other
//     (row j starts at element j(j+1)/2). This is exactly the order in which
//     MQOM's ExpandEquations stream produces them, so no zero padding.
//   * "acc" functions add (XOR) into their output, the others overwrite.
//
// Products base x extension use the GF(256) images of the base basis:
// a * x = sum_k x_k (a (x) kLift[k]) where x_k are the bits of x. Dot products
// therefore reduce to masked XOR sums followed by Base::kBits multiplications
// by public constants. BasePlanes precomputes the masks of a fixed secret
// base vector once, which turns the MQ matrix-vector products into pure
// word-wide AND/XOR loops.
#pragma once
#include "field/fields.hpp"

namespace pqmcu::field {

namespace detail {
template <class Ext>
inline constexpr size_t kLanes = kWordBytes / Ext::kElemBytes;

template <class Ext>
inline word_t load_elems(const typename Ext::elem* p) {
    return load_w<word_t>(p);
}
template <class Ext>
inline void store_elems(typename Ext::elem* p, word_t w) {
    store_w<word_t>(p, w);
}
}  // namespace detail

// out = a + b
template <class Ext>
inline void add(typename Ext::elem* out, const typename Ext::elem* a, const typename Ext::elem* b, size_t n) {
    xor_bytes(reinterpret_cast<uint8_t*>(out), reinterpret_cast<const uint8_t*>(a),
              reinterpret_cast<const uint8_t*>(b), n * Ext::kElemBytes);
}

// out = c * v   (out may alias v)
template <class Ext>
inline void scale(typename Ext::elem c, const typename Ext::elem* v, typename Ext::elem* out, size_t n) {
    constexpr size_t L = detail::kLanes<Ext>;
    size_t i = 0;
    for (; i + L <= n; i += L)
        detail::store_elems<Ext>(out + i, Ext::template mul_w_scalar<word_t>(detail::load_elems<Ext>(v + i), c));
    for (; i < n; ++i) out[i] = Ext::mul(v[i], c);
}

// acc += c * v
template <class Ext>
inline void scale_acc(typename Ext::elem c, const typename Ext::elem* v, typename Ext::elem* acc, size_t n) {
    constexpr size_t L = detail::kLanes<Ext>;
    size_t i = 0;
    for (; i + L <= n; i += L)
        detail::store_elems<Ext>(acc + i, detail::load_elems<Ext>(acc + i) ^
                                              Ext::template mul_w_scalar<word_t>(detail::load_elems<Ext>(v + i), c));
    for (; i < n; ++i) acc[i] = typename Ext::elem(acc[i] ^ Ext::mul(v[i], c));
}

// sum_i a_i * b_i
template <class Ext>
inline typename Ext::elem dot(const typename Ext::elem* a, const typename Ext::elem* b, size_t n) {
    constexpr size_t L = detail::kLanes<Ext>;
    word_t acc = 0;
    size_t i = 0;
    for (; i + L <= n; i += L)
        acc ^= Ext::template mul_w<word_t>(detail::load_elems<Ext>(a + i), detail::load_elems<Ext>(b + i));
    typename Ext::elem r = Ext::template fold<word_t>(acc);
    for (; i < n; ++i) r = typename Ext::elem(r ^ Ext::mul(a[i], b[i]));
    return r;
}

// sum_i a_i * lift(x_i), x packed in Base. No precomputation (use BasePlanes
// when the same x is reused many times).
template <class Base, class Ext>
inline typename Ext::elem dot_base(const typename Ext::elem* a, const uint8_t* x, size_t n) {
    using E = typename Ext::elem;
    E part[Base::kBits] = {};
    for (size_t i = 0; i < n; ++i) {
        const uint8_t xi = Base::get(x, i);
        for (unsigned k = 0; k < Base::kBits; ++k)
            part[k] = E(part[k] ^ (a[i] & mask_from_bit<E>(E((xi >> k) & 1))));
    }
    E r = 0;
    for (unsigned k = 0; k < Base::kBits; ++k) r = E(r ^ Ext::mul_sub(Base::kLift[k], part[k]));
    return r;
}

// out_i = lift(x_i)
template <class Base, class Ext>
inline void lift_vec(const uint8_t* x, typename Ext::elem* out, size_t n) {
    for (size_t i = 0; i < n; ++i) out[i] = lift_to<Base, Ext>(Base::get(x, i));
}

namespace detail {
template <class Base, class Ext, bool kAcc>
inline void scale_base_impl(typename Ext::elem c, const uint8_t* x, typename Ext::elem* out, size_t n) {
    using E = typename Ext::elem;
    E cl[Base::kBits];
    for (unsigned k = 0; k < Base::kBits; ++k) cl[k] = Ext::mul_sub(Base::kLift[k], c);
    for (size_t i = 0; i < n; ++i) {
        const uint8_t xi = Base::get(x, i);
        E r = 0;
        for (unsigned k = 0; k < Base::kBits; ++k) r = E(r ^ (cl[k] & mask_from_bit<E>(E((xi >> k) & 1))));
        out[i] = kAcc ? E(out[i] ^ r) : r;
    }
}
}  // namespace detail

// out_i = c * lift(x_i)
template <class Base, class Ext>
inline void scale_base(typename Ext::elem c, const uint8_t* x, typename Ext::elem* out, size_t n) {
    detail::scale_base_impl<Base, Ext, false>(c, x, out, n);
}
// acc_i += c * lift(x_i)
template <class Base, class Ext>
inline void scale_base_acc(typename Ext::elem c, const uint8_t* x, typename Ext::elem* acc, size_t n) {
    detail::scale_base_impl<Base, Ext, true>(c, x, acc, n);
}

// Offset (in elements) of row j of a packed lower-triangular matrix.
constexpr size_t tri_row(size_t j) { return j * (j + 1) / 2; }
constexpr size_t tri_size(size_t n) { return n * (n + 1) / 2; }

// out_j = sum_{k<=j} A[j][k] x_k, A packed lower triangular, x in Ext.
template <class Ext>
inline void tri_matvec(const typename Ext::elem* a_tri, const typename Ext::elem* x, typename Ext::elem* out, size_t n) {
    for (size_t j = 0; j < n; ++j) out[j] = dot<Ext>(a_tri + tri_row(j), x, j + 1);
}

// out_j = sum_{k<=j} A[j][k] lift(x_k), x packed in Base (no precomputation).
template <class Base, class Ext>
inline void tri_matvec_base(const typename Ext::elem* a_tri, const uint8_t* x, typename Ext::elem* out, size_t n) {
    for (size_t j = 0; j < n; ++j) out[j] = dot_base<Base, Ext>(a_tri + tri_row(j), x, j + 1);
}

// Bit-plane masks of a packed base vector x: mask[k][i] = all-ones if bit k of
// x_i is set. N is the compile-time capacity (the MQ size n of the set).
// Memory: Base::kBits * N * sizeof(Ext::elem) bytes (e.g. 232 B for GF(16)/GF(256), n = 58 ... 1.5 KiB for GF(256)/GF(2^16), n = 96).
template <class Base, class Ext, size_t N>
struct BasePlanes {
    using E = typename Ext::elem;
    E mask[Base::kBits][N + detail::kLanes<Ext>];  // padded so whole-word loads never run past
    size_t n = 0;

    void load(const uint8_t* x, size_t count) {
        n = count;
        for (size_t i = 0; i < count; ++i) {
            const uint8_t xi = Base::get(x, i);
            for (unsigned k = 0; k < Base::kBits; ++k) mask[k][i] = mask_from_bit<E>(E((xi >> k) & 1));
        }
        for (unsigned k = 0; k < Base::kBits; ++k)
            for (size_t i = count; i < N + detail::kLanes<Ext>; ++i) mask[k][i] = 0;
    }

    // sum_{i<len} a_i * lift(x_i): one pass over a, one masked XOR sum per
    // bit plane, then the planes are combined with public constants.
    E dot(const E* a, size_t len) const {
        constexpr size_t L = detail::kLanes<Ext>;
        constexpr unsigned K = Base::kBits;
        if (len > N) len = N;  // capacity bound (also lets the compiler see the tail is short)
        const size_t full = len - len % L;
        word_t acc[K] = {};
        for (size_t i = 0; i < full; i += L) {
            const word_t w = detail::load_elems<Ext>(a + i);
            for (unsigned k = 0; k < K; ++k) acc[k] ^= w & detail::load_elems<Ext>(&mask[k][i]);
        }
        E part[K];
        for (unsigned k = 0; k < K; ++k) {
            part[k] = Ext::template fold<word_t>(acc[k]);
            for (size_t t = 0; t < len % L; ++t) part[k] = E(part[k] ^ (a[full + t] & mask[k][full + t]));
        }
        if constexpr (Base::kId == FieldId::gf256) {
            // lift = identity, weights 2^k: Horner with xtime on every byte.
            E r = part[K - 1];
            for (unsigned k = K - 1; k-- > 0;) r = E(gf256::xtime_w<E>(r) ^ part[k]);
            return r;
        } else {
            E r = part[0];  // kLift[0] = 1
            for (unsigned k = 1; k < K; ++k) r = E(r ^ Ext::mul_sub(Base::kLift[k], part[k]));
            return r;
        }
    }

    void wipe() {
        volatile E* p = &mask[0][0];
        for (size_t i = 0; i < sizeof(mask) / sizeof(E); ++i) p[i] = 0;
    }
};

// out_j = sum_{k<=j} A[j][k] lift(x_k) using precomputed planes of x.
template <class Base, class Ext, size_t N>
inline void tri_matvec_planes(const typename Ext::elem* a_tri, const BasePlanes<Base, Ext, N>& xp,
                              typename Ext::elem* out, size_t n) {
    for (size_t j = 0; j < n; ++j) out[j] = xp.dot(a_tri + tri_row(j), j + 1);
}

// Bit-plane masks of a fixed (secret) extension vector v, for many dot
// products a . v with varying public a (MQOM: t0 = A_i x0 for all equations
// of one repetition). GF(256): 8 planes, a . v = sum_k 2^k (x) (masked XOR sum
// of plane k). GF(2^16): v = v0 + v1 X with v0, v1 byte vectors, handled as two
// GF(256) plane sets and a final multiplication by X.
// Memory: 8 * N bytes (GF(256)), 2 * 8 * N * 2 bytes (GF(2^16)).
template <class Ext, size_t N>
struct ExtPlanes;

template <size_t N>
struct ExtPlanes<GF256, N> {
    BasePlanes<GF256, GF256, N> p;
    void load(const uint8_t* v, size_t count) { p.load(v, count); }
    uint8_t dot(const uint8_t* a, size_t len) const { return p.dot(a, len); }
    void wipe() { p.wipe(); }
};

template <size_t N>
struct ExtPlanes<GF256Sq, N> {
    BasePlanes<GF256, GF256Sq, N> lo, hi;
    void load(const uint16_t* v, size_t count) {
        uint8_t b[N];
        if (count > N) count = N;
        for (size_t i = 0; i < count; ++i) b[i] = uint8_t(v[i]);
        lo.load(b, count);
        for (size_t i = 0; i < count; ++i) b[i] = uint8_t(v[i] >> 8);
        hi.load(b, count);
        volatile uint8_t* vb = b;
        for (size_t i = 0; i < count; ++i) vb[i] = 0;
    }
    uint16_t dot(const uint16_t* a, size_t len) const {
        const uint16_t u = lo.dot(a, len);
        const uint16_t h = hi.dot(a, len);  // times X: (h0 + h1 X) X = 0x20 h1 + (h0 + h1) X
        const uint8_t h0 = uint8_t(h), h1 = uint8_t(h >> 8);
        return uint16_t(u ^ gf256::mul(h1, gf256sq::kXSquaredConst) ^ (uint16_t(uint8_t(h0 ^ h1)) << 8));
    }
    void wipe() { lo.wipe(); hi.wipe(); }
};

// out_j = sum_{k<=j} A[j][k] v_k using precomputed planes of the ext vector v.
template <class Ext, size_t N>
inline void tri_matvec_planes(const typename Ext::elem* a_tri, const ExtPlanes<Ext, N>& vp,
                              typename Ext::elem* out, size_t n) {
    for (size_t j = 0; j < n; ++j) out[j] = vp.dot(a_tri + tri_row(j), j + 1);
}

// One MQOM equation: y = x^T (A x) + b^T x with A packed lower triangular
// (Ext), b in Ext, x in Base; tmp holds n elements of scratch.
template <class Base, class Ext, size_t N>
inline typename Ext::elem mq_eval(const typename Ext::elem* a_tri, const typename Ext::elem* b,
                                  const BasePlanes<Base, Ext, N>& xp, typename Ext::elem* tmp) {
    tri_matvec_planes(a_tri, xp, tmp, xp.n);
    add<Ext>(tmp, tmp, b, xp.n);
    return xp.dot(tmp, xp.n);
}

}  // namespace pqmcu::field
