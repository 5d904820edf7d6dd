// SPDX-License-Identifier: Apache-2.0 OR MIT
// Field arithmetic for MQOM: axioms, inverses, SWAR kernels against the
// scalar code, constant-time against table (lut_not_ct) code, and known
// answers. The expected hashes/values below were obtained by running the
// MQOM v2.1 reference field code (fields_ref.h at commit ec6b7fa) outside
// this repository on inputs drawn from the same xorshift32 generator.
// Also: MQOM parameter sizes against the official KAT files (host only).
#include "field/field.hpp"
#include "field/lut.hpp"
#include "mqom/params.hpp"
#include "support/check.hpp"

#if !defined(PQMCU_TARGET_M4)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#endif

namespace {
using pqmcu::test::Context;
using namespace pqmcu::field;

// xorshift32, the generator used to produce the reference values.
struct Rng {
    uint32_t s;
    uint32_t next() {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        return s;
    }
};

uint32_t hash_step(uint32_t h, uint32_t v) { return h * 31u + v; }

// ---------------------------------------------------------------- GF(256)

void gf256_known_products(Context& ctx) {
    uint32_t h = 0;
    for (unsigned a = 0; a < 256; ++a)
        for (unsigned b = 0; b < 256; ++b) h = hash_step(h, gf256::mul(uint8_t(a), uint8_t(b)));
    PQ_CHECK_EQ(ctx, h, 0xb9f66f80u);
    PQ_CHECK_EQ(ctx, gf256::mul(0x57, 0x83), 0xC1);
    PQ_CHECK_EQ(ctx, gf256::mul(0x53, 0xCA), 0x01);
    PQ_CHECK_EQ(ctx, gf256::mul(0xFF, 0xFF), 0x13);
    PQ_CHECK_EQ(ctx, gf256::mul(0x02, 0x80), 0x1B);
}

void gf256_axioms_and_inverse(Context& ctx) {
    uint32_t bad_inv = 0, bad_comm = 0, bad_id = 0;
    for (unsigned a = 0; a < 256; ++a) {
        const uint8_t ia = gf256::inv(uint8_t(a));
        if (a != 0 && gf256::mul(uint8_t(a), ia) != 1) ++bad_inv;
        if (gf256::mul(uint8_t(a), 1) != a) ++bad_id;
        for (unsigned b = 0; b < 256; b += 3)
            if (gf256::mul(uint8_t(a), uint8_t(b)) != gf256::mul(uint8_t(b), uint8_t(a))) ++bad_comm;
    }
    PQ_CHECK_EQ(ctx, gf256::inv(0), 0);
    PQ_CHECK_EQ(ctx, bad_inv, 0u);
    PQ_CHECK_EQ(ctx, bad_comm, 0u);
    PQ_CHECK_EQ(ctx, bad_id, 0u);
    Rng r{0xA5A5A5A5u};
    uint32_t bad_assoc = 0, bad_dist = 0;
    for (int i = 0; i < 4000; ++i) {
        const uint32_t v = r.next();
        const uint8_t a = uint8_t(v), b = uint8_t(v >> 8), c = uint8_t(v >> 16);
        if (gf256::mul(gf256::mul(a, b), c) != gf256::mul(a, gf256::mul(b, c))) ++bad_assoc;
        if (gf256::mul(a, uint8_t(b ^ c)) != (gf256::mul(a, b) ^ gf256::mul(a, c))) ++bad_dist;
    }
    PQ_CHECK_EQ(ctx, bad_assoc, 0u);
    PQ_CHECK_EQ(ctx, bad_dist, 0u);
}

template <class W>
uint32_t gf256_swar_mismatches(Rng& r) {
    uint32_t bad = 0;
    for (int it = 0; it < 2000; ++it) {
        W a = 0, b = 0;
        for (size_t k = 0; k < sizeof(W); ++k) {
            a |= W(uint8_t(r.next())) << (8 * k);
            b |= W(uint8_t(r.next())) << (8 * k);
        }
        const uint8_t c = uint8_t(r.next());
        const W p = gf256::mul_w(a, b), q = gf256::mul_w_scalar(a, c);
        for (size_t k = 0; k < sizeof(W); ++k) {
            const uint8_t ak = uint8_t(a >> (8 * k)), bk = uint8_t(b >> (8 * k));
            if (uint8_t(p >> (8 * k)) != gf256::mul(ak, bk)) ++bad;
            if (uint8_t(q >> (8 * k)) != gf256::mul(ak, c)) ++bad;
        }
    }
    return bad;
}

void gf256_swar_matches_scalar(Context& ctx) {
    Rng r{0x13579BDFu};
    PQ_CHECK_EQ(ctx, gf256_swar_mismatches<uint32_t>(r), 0u);
    PQ_CHECK_EQ(ctx, gf256_swar_mismatches<uint64_t>(r), 0u);
}

void gf256_ct_matches_lut(Context& ctx) {
    uint32_t bad = 0;
    for (unsigned a = 0; a < 256; ++a) {
        if (lut_not_ct::gf256_inv(uint8_t(a)) != gf256::inv(uint8_t(a))) ++bad;
        for (unsigned b = 0; b < 256; ++b)
            if (lut_not_ct::gf256_mul(uint8_t(a), uint8_t(b)) != gf256::mul(uint8_t(a), uint8_t(b))) ++bad;
    }
    PQ_CHECK_EQ(ctx, bad, 0u);
}

// ------------------------------------------------------- GF(2), GF(4), GF(16)

template <class F>
uint32_t small_field_axiom_failures() {
    constexpr unsigned q = 1u << F::kBits;
    uint32_t bad = 0;
    for (unsigned a = 0; a < q; ++a) {
        if (F::mul(uint8_t(a), 1) != a) ++bad;
        if (a != 0 && F::mul(uint8_t(a), F::inv(uint8_t(a))) != 1) ++bad;
        for (unsigned b = 0; b < q; ++b) {
            const uint8_t ab = F::mul(uint8_t(a), uint8_t(b));
            if (ab != F::mul(uint8_t(b), uint8_t(a))) ++bad;
            if ((a != 0 && b != 0) && ab == 0) ++bad;  // no zero divisors
            // Subfield of GF(256): the product agrees with the product of the images.
            if (F::lift(ab) != gf256::mul(F::lift(uint8_t(a)), F::lift(uint8_t(b)))) ++bad;
            if (F::lift(uint8_t(a ^ b)) != (F::lift(uint8_t(a)) ^ F::lift(uint8_t(b)))) ++bad;
            for (unsigned c = 0; c < q; ++c) {
                if (F::mul(ab, uint8_t(c)) != F::mul(uint8_t(a), F::mul(uint8_t(b), uint8_t(c)))) ++bad;
                if (F::mul(uint8_t(a), uint8_t(b ^ c)) != (ab ^ F::mul(uint8_t(a), uint8_t(c)))) ++bad;
            }
        }
    }
    return bad;
}

void small_fields_axioms(Context& ctx) {
    PQ_CHECK_EQ(ctx, small_field_axiom_failures<GF2>(), 0u);
    PQ_CHECK_EQ(ctx, small_field_axiom_failures<GF4>(), 0u);
    PQ_CHECK_EQ(ctx, small_field_axiom_failures<GF16>(), 0u);
    // Lifts (reference: gf4/gf16 x gf256 multiplication by 1).
    static const uint8_t lift16[16] = {0x00, 0x01, 0xe0, 0xe1, 0x5d, 0x5c, 0xbd, 0xbc,
                                       0xb0, 0xb1, 0x50, 0x51, 0xed, 0xec, 0x0d, 0x0c};
    for (unsigned a = 0; a < 16; ++a) PQ_CHECK_EQ(ctx, gf16::lift(uint8_t(a)), lift16[a]);
    PQ_CHECK_EQ(ctx, gf4::lift(2), 0xBC);
    PQ_CHECK_EQ(ctx, gf4::lift(3), 0xBD);
    // Reference hashes of all base x GF(256) products.
    uint32_t h4 = 0, h16 = 0;
    for (unsigned a = 0; a < 4; ++a)
        for (unsigned b = 0; b < 256; ++b) h4 = hash_step(h4, gf256::mul(gf4::lift(uint8_t(a)), uint8_t(b)));
    for (unsigned a = 0; a < 16; ++a)
        for (unsigned b = 0; b < 256; ++b) h16 = hash_step(h16, gf256::mul(gf16::lift(uint8_t(a)), uint8_t(b)));
    PQ_CHECK_EQ(ctx, h4, 0x3d04f080u);
    PQ_CHECK_EQ(ctx, h16, 0x89af9080u);
}

void small_fields_swar_and_packing(Context& ctx) {
    Rng r{0x2468ACE0u};
    uint32_t bad = 0;
    for (int it = 0; it < 2000; ++it) {
        const uint32_t a = r.next(), b = r.next();
        const uint32_t p4 = gf4::mul_w<uint32_t>(a, b), p16 = gf16::mul_w<uint32_t>(a, b);
        const uint64_t a64 = (uint64_t(a) << 32) | b, b64 = (uint64_t(b) << 32) | a;
        const uint64_t q16 = gf16::mul_w<uint64_t>(a64, b64);
        uint8_t ab[4], bb[4], p4b[4], p16b[4];
        for (int k = 0; k < 4; ++k) {
            ab[k] = uint8_t(a >> (8 * k)); bb[k] = uint8_t(b >> (8 * k));
            p4b[k] = uint8_t(p4 >> (8 * k)); p16b[k] = uint8_t(p16 >> (8 * k));
        }
        for (size_t i = 0; i < 16; ++i)
            if (gf4::get(p4b, i) != gf4::mul(gf4::get(ab, i), gf4::get(bb, i))) ++bad;
        for (size_t i = 0; i < 8; ++i)
            if (gf16::get(p16b, i) != gf16::mul(gf16::get(ab, i), gf16::get(bb, i))) ++bad;
        for (size_t i = 0; i < 16; ++i) {
            const uint8_t x = uint8_t((a64 >> (4 * i)) & 0xF), y = uint8_t((b64 >> (4 * i)) & 0xF);
            if (uint8_t((q16 >> (4 * i)) & 0xF) != gf16::mul(x, y)) ++bad;
        }
    }
    PQ_CHECK_EQ(ctx, bad, 0u);
    // set/get round trip and the exact bit positions of the MQOM encoding.
    uint8_t v[4] = {0, 0, 0, 0};
    gf16::set(v, 1, 0xA);
    gf16::set(v, 2, 0x3);
    PQ_CHECK_EQ(ctx, v[0], 0xA0);
    PQ_CHECK_EQ(ctx, v[1], 0x03);
    gf4::set(v + 2, 3, 2);
    PQ_CHECK_EQ(ctx, v[2], 0x80);
    gf2::set(v + 3, 6, 1);
    PQ_CHECK_EQ(ctx, v[3], 0x40);
    PQ_CHECK_EQ(ctx, gf2::get(v + 3, 6), 1);
    PQ_CHECK_EQ(ctx, gf4::get(v + 2, 3), 2);
}

// -------------------------------------------------------------- GF(2^16)

void gf256sq_known_products(Context& ctx) {
    Rng r{0x12345678u};
    uint32_t h = 0;
    for (int i = 0; i < 4096; ++i) {
        const uint16_t a = uint16_t(r.next());
        const uint16_t b = uint16_t(r.next());
        h = hash_step(h, gf256sq::mul(a, b));
    }
    PQ_CHECK_EQ(ctx, h, 0xc8979f61u);
    static const uint16_t samples[8][3] = {{0xf92a, 0xcd9b, 0x769a}, {0xe7fa, 0x93fb, 0x9cee}, {0xa02d, 0x8680, 0x72af},
                                           {0x31e0, 0xf756, 0xf16f}, {0x42a1, 0x1c0d, 0x3dd5}, {0x3d33, 0xe203, 0x6c31},
                                           {0x7941, 0xbaba, 0xf589}, {0x838a, 0x7e3f, 0x50bd}};
    for (const auto& s : samples) PQ_CHECK_EQ(ctx, gf256sq::mul(s[0], s[1]), s[2]);
    uint32_t h16 = 0, h4 = 0;
    for (unsigned a = 0; a < 16; ++a)
        for (unsigned b = 0; b < 65536; b += 7) h16 = hash_step(h16, gf256sq::mul_sub(gf16::lift(uint8_t(a)), uint16_t(b)));
    for (unsigned a = 0; a < 4; ++a)
        for (unsigned b = 0; b < 65536; b += 7) h4 = hash_step(h4, gf256sq::mul_sub(gf4::lift(uint8_t(a)), uint16_t(b)));
    PQ_CHECK_EQ(ctx, h16, 0x5eaa90b0u);
    PQ_CHECK_EQ(ctx, h4, 0xd0bb6124u);
}

void gf256sq_axioms_inverse_swar(Context& ctx) {
    Rng r{0x0F1E2D3Cu};
    uint32_t bad = 0;
    for (int i = 0; i < 3000; ++i) {
        const uint16_t a = uint16_t(r.next()), b = uint16_t(r.next()), c = uint16_t(r.next());
        if (a != 0 && gf256sq::mul(a, gf256sq::inv(a)) != 1) ++bad;
        if (gf256sq::mul(a, b) != gf256sq::mul(b, a)) ++bad;
        if (gf256sq::mul(gf256sq::mul(a, b), c) != gf256sq::mul(a, gf256sq::mul(b, c))) ++bad;
        if (gf256sq::mul(a, uint16_t(b ^ c)) != (gf256sq::mul(a, b) ^ gf256sq::mul(a, c))) ++bad;
        if (lut_not_ct::gf256sq_mul(a, b) != gf256sq::mul(a, b)) ++bad;
        // subfield scalar = embedded element (s, 0)
        if (gf256sq::mul_sub(uint8_t(c), a) != gf256sq::mul(uint16_t(c & 0xFF), a)) ++bad;
    }
    PQ_CHECK_EQ(ctx, gf256sq::inv(0), 0);
    PQ_CHECK_EQ(ctx, gf256sq::mul(0x0100, 0x0100), 0x0120);  // X^2 = X + 0x20
    for (int it = 0; it < 1000; ++it) {
        const uint64_t a = (uint64_t(r.next()) << 32) | r.next(), b = (uint64_t(r.next()) << 32) | r.next();
        const uint16_t c = uint16_t(r.next());
        const uint8_t s = uint8_t(r.next());
        const uint64_t p = gf256sq::mul_w(a, b), q = gf256sq::mul_w_scalar(a, c), t = gf256sq::mul_w_sub(a, s);
        const uint32_t p32 = gf256sq::mul_w(uint32_t(a), uint32_t(b));
        for (int k = 0; k < 4; ++k) {
            const uint16_t ak = uint16_t(a >> (16 * k)), bk = uint16_t(b >> (16 * k));
            if (uint16_t(p >> (16 * k)) != gf256sq::mul(ak, bk)) ++bad;
            if (uint16_t(q >> (16 * k)) != gf256sq::mul(ak, c)) ++bad;
            if (uint16_t(t >> (16 * k)) != gf256sq::mul_sub(s, ak)) ++bad;
            if (k < 2 && uint16_t(p32 >> (16 * k)) != gf256sq::mul(ak, bk)) ++bad;
        }
    }
    PQ_CHECK_EQ(ctx, bad, 0u);
}

// ---------------------------------------------------------------- vectors

// Same draws as the reference harness: x2[40], x4[44], x16[58], x256[96],
// a8[320], a16[320] from seed 0x0BADF00D.
struct DotInputs {
    uint8_t x2[40], x4[44], x16[58], x256[96], a8[320];
    uint16_t a16[320];
    void fill() {
        Rng r{0x0BADF00Du};
        for (auto& v : x2) v = uint8_t(r.next());
        for (auto& v : x4) v = uint8_t(r.next());
        for (auto& v : x16) v = uint8_t(r.next());
        for (auto& v : x256) v = uint8_t(r.next());
        for (auto& v : a8) v = uint8_t(r.next());
        for (auto& v : a16) v = uint16_t(r.next());
    }
};
DotInputs g_dot;

void vector_dots_known(Context& ctx) {
    DotInputs& d = g_dot;
    d.fill();
    PQ_CHECK_EQ(ctx, (dot_base<GF2, GF256>(d.a8, d.x2, 320)), 0x33);
    PQ_CHECK_EQ(ctx, (dot_base<GF2, GF256Sq>(d.a16, d.x2, 320)), 0x33da);
    PQ_CHECK_EQ(ctx, (dot_base<GF4, GF256>(d.a8, d.x4, 176)), 0x27);
    PQ_CHECK_EQ(ctx, (dot_base<GF4, GF256Sq>(d.a16, d.x4, 176)), 0x4325);
    PQ_CHECK_EQ(ctx, (dot_base<GF16, GF256>(d.a8, d.x16, 116)), 0x4b);
    PQ_CHECK_EQ(ctx, (dot_base<GF16, GF256Sq>(d.a16, d.x16, 116)), 0x4096);
    PQ_CHECK_EQ(ctx, (dot_base<GF256, GF256>(d.a8, d.x256, 96)), 0x6a);
    PQ_CHECK_EQ(ctx, (dot_base<GF256, GF256Sq>(d.a16, d.x256, 96)), 0x1195);
    PQ_CHECK_EQ(ctx, dot<GF256Sq>(d.a16, d.a16 + 100, 97), 0x87c5);
    PQ_CHECK_EQ(ctx, dot<GF256>(d.a8, d.a8 + 150, 101), 0x05);
    PQ_CHECK_EQ(ctx, dot<GF256>(d.x256, d.a8, 96), 0x6a);  // GF(256) base = ext
    // Plane-based dot products agree, and so does the table-based code.
    static BasePlanes<GF16, GF256Sq, 116> p16;
    p16.load(d.x16, 116);
    PQ_CHECK_EQ(ctx, p16.dot(d.a16, 116), 0x4096);
    static BasePlanes<GF2, GF256, 320> p2;
    p2.load(d.x2, 320);
    PQ_CHECK_EQ(ctx, p2.dot(d.a8, 320), 0x33);
    static BasePlanes<GF256, GF256Sq, 96> p256;
    p256.load(d.x256, 96);
    PQ_CHECK_EQ(ctx, p256.dot(d.a16, 96), 0x1195);
    PQ_CHECK_EQ(ctx, (lut_not_ct::dot_base<GF4, GF256Sq>(d.a16, d.x4, 176)), 0x4325);
    PQ_CHECK_EQ(ctx, lut_not_ct::dot<GF256Sq>(d.a16, d.a16 + 100, 97), 0x87c5);
    // Every prefix length (tails of the word loops).
    uint32_t bad = 0;
    for (size_t len = 0; len <= 40; ++len) {
        if (p16.dot(d.a16, len) != (dot_base<GF16, GF256Sq>(d.a16, d.x16, len))) ++bad;
        if (p16.dot(d.a16, len) != (lut_not_ct::dot_base<GF16, GF256Sq>(d.a16, d.x16, len))) ++bad;
        if (dot<GF256Sq>(d.a16, d.a16 + 3, len) != lut_not_ct::dot<GF256Sq>(d.a16, d.a16 + 3, len)) ++bad;
        if (dot<GF256>(d.a8 + 1, d.a8 + 7, len) != lut_not_ct::dot<GF256>(d.a8 + 1, d.a8 + 7, len)) ++bad;
    }
    PQ_CHECK_EQ(ctx, bad, 0u);
}

uint32_t hash_elems(const uint8_t* y, size_t n) {
    uint32_t h = 0;
    for (size_t i = 0; i < n; ++i) h = hash_step(h, y[i]);
    return h;
}
uint32_t hash_elems(const uint16_t* y, size_t n) {
    uint32_t h = 0;
    for (size_t i = 0; i < n; ++i) h = hash_step(h, y[i]);
    return h;
}

// Scratch shared by the matrix tests (static: the M4 stack stays small).
union MatScratch {
    uint8_t a8[2048];
    uint16_t a16[1664];
};
MatScratch g_mat;
uint16_t g_row16[320], g_out16[320], g_chk16[320], g_b16[320];
uint8_t g_row8[320], g_out8[320], g_chk8[320], g_b8[320];

// A packed lower-triangular matrix (drawn row by row), then x (and b), as in
// the reference harness. For large n the rows are regenerated one at a time.
template <class Base, class Ext, size_t N>
uint32_t streamed_matvec_hash(uint32_t seed, size_t n, typename Ext::elem* row, typename Ext::elem* out,
                              typename Ext::elem* b, typename Ext::elem* y_mq) {
    using E = typename Ext::elem;
    Rng r{seed};
    for (size_t i = 0; i < tri_size(n); ++i) r.next();
    uint8_t x[Base::bytes(N)];
    for (size_t i = 0; i < Base::bytes(n); ++i) x[i] = uint8_t(r.next());
    for (size_t i = 0; i < n; ++i) b[i] = E(r.next());
    static BasePlanes<Base, Ext, N> xp;
    xp.load(x, n);
    r = Rng{seed};
    for (size_t j = 0; j < n; ++j) {
        for (size_t k = 0; k <= j; ++k) row[k] = E(r.next());
        out[j] = xp.dot(row, j + 1);
    }
    // y = x.(A x) + x.b
    *y_mq = E(xp.dot(out, n) ^ xp.dot(b, n));
    return hash_elems(out, n);
}

void matvec_known(Context& ctx) {
    uint8_t y8 = 0;
    uint16_t y16 = 0;
    PQ_CHECK_EQ(ctx, (streamed_matvec_hash<GF16, GF256, 56>(0x1111, 56, g_row8, g_out8, g_b8, &y8)), 0x5131b07du);
    PQ_CHECK_EQ(ctx, y8, 0xb3);
    PQ_CHECK_EQ(ctx, (streamed_matvec_hash<GF2, GF256Sq, 160>(0x2222, 160, g_row16, g_out16, g_b16, &y16)), 0x1c6b8f0bu);
    PQ_CHECK_EQ(ctx, y16, 0x7e7a);
    PQ_CHECK_EQ(ctx, (streamed_matvec_hash<GF256, GF256Sq, 48>(0x3333, 48, g_row16, g_out16, g_b16, &y16)), 0xbca64ca8u);
    PQ_CHECK_EQ(ctx, (streamed_matvec_hash<GF4, GF256, 88>(0x4444, 88, g_row8, g_out8, g_b8, &y8)), 0x3c8ff706u);
    PQ_CHECK_EQ(ctx, (streamed_matvec_hash<GF4, GF256Sq, 176>(0x7777, 176, g_row16, g_out16, g_b16, &y16)), 0xe7e5b5d8u);
    PQ_CHECK_EQ(ctx, (streamed_matvec_hash<GF16, GF256Sq, 116>(0x8888, 116, g_row16, g_out16, g_b16, &y16)), 0x95061eaau);
}

void packed_matvec_and_mq(Context& ctx) {
    // gf16 x gf256, n = 56: packed-triangle kernels, plain / planes / LUT / mq_eval.
    {
        Rng r{0x1111};
        const size_t n = 56;
        for (size_t i = 0; i < tri_size(n); ++i) g_mat.a8[i] = uint8_t(r.next());
        uint8_t x[28];
        for (auto& v : x) v = uint8_t(r.next());
        for (size_t i = 0; i < n; ++i) g_b8[i] = uint8_t(r.next());
        tri_matvec_base<GF16, GF256>(g_mat.a8, x, g_out8, n);
        PQ_CHECK_EQ(ctx, hash_elems(g_out8, n), 0x5131b07du);
        lut_not_ct::tri_matvec_base<GF16, GF256>(g_mat.a8, x, g_chk8, n);
        PQ_CHECK_BYTES(ctx, g_chk8, g_out8, n);
        static BasePlanes<GF16, GF256, 56> xp;
        xp.load(x, n);
        tri_matvec_planes(g_mat.a8, xp, g_chk8, n);
        PQ_CHECK_BYTES(ctx, g_chk8, g_out8, n);
        PQ_CHECK_EQ(ctx, mq_eval(g_mat.a8, g_b8, xp, g_chk8), 0xb3);
    }
    // ext x ext, GF(256) n = 56 and GF(2^16) n = 40.
    {
        Rng r{0x6666};
        const size_t n = 56;
        for (size_t i = 0; i < tri_size(n); ++i) g_mat.a8[i] = uint8_t(r.next());
        for (size_t i = 0; i < n; ++i) g_b8[i] = uint8_t(r.next());
        tri_matvec<GF256>(g_mat.a8, g_b8, g_out8, n);
        PQ_CHECK_EQ(ctx, hash_elems(g_out8, n), 0x473a6c59u);
        lut_not_ct::tri_matvec<GF256>(g_mat.a8, g_b8, g_chk8, n);
        PQ_CHECK_BYTES(ctx, g_chk8, g_out8, n);
        static ExtPlanes<GF256, 56> vp;
        vp.load(g_b8, n);
        tri_matvec_planes(g_mat.a8, vp, g_chk8, n);
        PQ_CHECK_BYTES(ctx, g_chk8, g_out8, n);
    }
    {
        Rng r{0x5555};
        const size_t n = 40;
        for (size_t i = 0; i < tri_size(n); ++i) g_mat.a16[i] = uint16_t(r.next());
        for (size_t i = 0; i < n; ++i) g_b16[i] = uint16_t(r.next());
        tri_matvec<GF256Sq>(g_mat.a16, g_b16, g_out16, n);
        PQ_CHECK_EQ(ctx, hash_elems(g_out16, n), 0xb641e3c0u);
        lut_not_ct::tri_matvec<GF256Sq>(g_mat.a16, g_b16, g_chk16, n);
        PQ_CHECK_BYTES(ctx, g_chk16, g_out16, 2 * n);
        static ExtPlanes<GF256Sq, 40> vp;
        vp.load(g_b16, n);
        tri_matvec_planes(g_mat.a16, vp, g_chk16, n);
        PQ_CHECK_BYTES(ctx, g_chk16, g_out16, 2 * n);
    }
}

void scale_known(Context& ctx) {
    {
        Rng r{0x9999};
        uint8_t x[58];
        for (auto& v : x) v = uint8_t(r.next());
        scale_base<GF16, GF256Sq>(0x1234, x, g_out16, 116);
        PQ_CHECK_EQ(ctx, hash_elems(g_out16, 116), 0x8010e787u);
        scale_base<GF16, GF256>(0xA7, x, g_out8, 116);
        PQ_CHECK_EQ(ctx, hash_elems(g_out8, 116), 0x34fe92aeu);
        // acc variant: adding twice cancels.
        scale_base_acc<GF16, GF256>(0xA7, x, g_out8, 116);
        uint32_t nz = 0;
        for (size_t i = 0; i < 116; ++i) nz |= g_out8[i];
        PQ_CHECK_EQ(ctx, nz, 0u);
    }
    {
        Rng r{0xAAAA};
        uint16_t v[50];
        for (auto& e : v) e = uint16_t(r.next());
        scale<GF256Sq>(0xBEEF, v, g_out16, 50);
        PQ_CHECK_EQ(ctx, hash_elems(g_out16, 50), 0xb93234bfu);
        for (size_t i = 0; i < 50; ++i) g_chk16[i] = 0;
        lut_not_ct::scale_acc<GF256Sq>(0xBEEF, v, g_chk16, 50);
        PQ_CHECK_BYTES(ctx, g_chk16, g_out16, 100);
        scale_acc<GF256Sq>(0xBEEF, v, g_chk16, 50);
        uint32_t nz = 0;
        for (size_t i = 0; i < 50; ++i) nz |= g_chk16[i];
        PQ_CHECK_EQ(ctx, nz, 0u);
        // GF(256) scale vs scalar on an odd length.
        uint8_t w8[37], o8[37];
        for (auto& e : w8) e = uint8_t(r.next());
        scale<GF256>(0x3C, w8, o8, 37);
        uint32_t bad = 0;
        for (size_t i = 0; i < 37; ++i) bad += o8[i] != gf256::mul(w8[i], 0x3C);
        PQ_CHECK_EQ(ctx, bad, 0u);
    }
}

// ------------------------------------------------------------ MQOM params

void mqom_params_table(Context& ctx) {
    using namespace pqmcu::mqom;
    PQ_CHECK_EQ(ctx, kNumParams, size_t(51));
    PQ_CHECK_EQ(ctx, kNumOfficialParams, size_t(48));
    for (size_t i = 0; i < kNumParams; ++i) PQ_CHECK_EQ(ctx, is_official(kAllParams[i]), i < kNumOfficialParams);
    // The Faster sets (embedded-experiments mqom_base/parameters/*faster*).
    const struct {
        const char* name;
        uint16_t n, tau, w, eta;
        uint32_t sig;
    } faster[] = {{"mqom2_cat1_gf16_faster_r5", 56, 25, 3, 16, 3984},
                  {"mqom2_cat3_gf16_faster_r5", 84, 38, 2, 24, 9016},
                  {"mqom2_cat5_gf16_faster_r5", 116, 50, 6, 32, 15864}};
    for (const auto& f : faster) {
        const Params* q = find_params(f.name);
        PQ_CHECK(ctx, q != nullptr);
        if (!q) continue;
        PQ_CHECK_EQ(ctx, q->n, f.n);
        PQ_CHECK_EQ(ctx, unsigned(q->tau), unsigned(f.tau));
        PQ_CHECK_EQ(ctx, unsigned(q->w), unsigned(f.w));
        PQ_CHECK_EQ(ctx, q->eta, f.eta);
        PQ_CHECK_EQ(ctx, q->sig_bytes, f.sig);
        PQ_CHECK_EQ(ctx, q->n_evals, 64);
        PQ_CHECK_EQ(ctx, unsigned(q->log_n_evals), 6u);
        PQ_CHECK(ctx, q->ext == FieldId::gf256 && q->base == FieldId::gf16 && q->rounds == 5);
    }
    PQ_CHECK(ctx, find_params("MQOM2-L3-gf16-faster-r5") == find_params("cat3-gf16-faster-r5"));
    const Params* p = find_params("mqom2_cat1_gf16_fast_r5");
    PQ_CHECK(ctx, p != nullptr);
    if (p) {
        PQ_CHECK_EQ(ctx, p->sig_bytes, 3280u);
        PQ_CHECK_EQ(ctx, p->eta, 16);
        PQ_CHECK_EQ(ctx, p->tau, 17);
        PQ_CHECK(ctx, p == find_params("MQOM2-L1-gf16-fast-r5"));
        PQ_CHECK(ctx, p == find_params("cat1-gf16-fast-r5"));
    }
    PQ_CHECK(ctx, find_params("mqom2_cat2_gf16_fast_r5") == nullptr);
    PQ_CHECK_EQ(ctx, mqom2_cat3_gf2_short_r3::eta, size_t(15));
    PQ_CHECK_EQ(ctx, mqom2_cat5_gf256_fast_r3::sig_bytes, size_t(17444));
}

#if !defined(PQMCU_TARGET_M4) && defined(PQMCU_SHARED_DIR)
// Reads the first entry of every KAT file and compares pk, sk and
// smlen - mlen with the table (host only, plain file IO).
void mqom_params_match_kat_files(Context& ctx) {
    using namespace pqmcu::mqom;
    static char buf[1 << 16];
    for (size_t i = 0; i < kNumOfficialParams; ++i) {
        const Params& p = kAllParams[i];
        char path[512];
        std::snprintf(path, sizeof path, "%s/kat/mqom/PQCsignKAT_%s.rsp", PQMCU_SHARED_DIR, p.kat_stem);
        std::FILE* f = std::fopen(path, "rb");
        PQ_CHECK(ctx, f != nullptr);
        if (!f) continue;
        const size_t got = std::fread(buf, 1, sizeof buf - 1, f);
        std::fclose(f);
        buf[got] = 0;
        char label[64] = {0};
        std::sscanf(buf, "# %63s", label);
        PQ_CHECK(ctx, std::strcmp(label, p.label) == 0);
        const char* mlen = std::strstr(buf, "\nmlen = ");
        const char* pk = std::strstr(buf, "\npk = ");
        const char* sk = std::strstr(buf, "\nsk = ");
        const char* smlen = std::strstr(buf, "\nsmlen = ");
        PQ_CHECK(ctx, mlen && pk && sk && smlen);
        if (!(mlen && pk && sk && smlen)) continue;
        const size_t pk_hex = std::strcspn(pk + 6, "\r\n"), sk_hex = std::strcspn(sk + 6, "\r\n");
        PQ_CHECK_EQ(ctx, pk_hex / 2, size_t(p.pk_bytes));
        PQ_CHECK_EQ(ctx, sk_hex / 2, size_t(p.sk_bytes));
        PQ_CHECK_EQ(ctx, std::strtoul(smlen + 9, nullptr, 10) - std::strtoul(mlen + 8, nullptr, 10),
                     (unsigned long)p.sig_bytes);
    }
}
#endif

}  // namespace

// Defined inside pqmcu::test to match the declarations in support/suites.hpp.
namespace pqmcu::test {
PQMCU_SUITE(field_suite, "field",
            {
                {"gf256 known products", gf256_known_products},
                {"gf256 axioms and inverse", gf256_axioms_and_inverse},
                {"gf256 swar matches scalar", gf256_swar_matches_scalar},
                {"gf256 ct matches lut", gf256_ct_matches_lut},
                {"gf2 gf4 gf16 axioms and lifts", small_fields_axioms},
                {"gf4 gf16 swar and packing", small_fields_swar_and_packing},
                {"gf256sq known products", gf256sq_known_products},
                {"gf256sq axioms inverse swar", gf256sq_axioms_inverse_swar},
                {"vector dot products known", vector_dots_known},
                {"matrix-vector products known", matvec_known},
                {"packed triangle kernels and mq", packed_matvec_and_mq},
                {"scale kernels known", scale_known},
                {"mqom params table", mqom_params_table},
#if !defined(PQMCU_TARGET_M4) && defined(PQMCU_SHARED_DIR)
                {"mqom params match kat files", mqom_params_match_kat_files},
#endif
            });
}  // namespace pqmcu::test
