// SPDX-License-Identifier: Apache-2.0 OR MIT
// Z_{2^m}[x] multiplication on both the host and the emulated M4: every
// method (and the M4's per-LogQ choices) against the schoolbook mod its
// exact bound, for n = 1..40 and the Saber / NTRU sizes; the shared-
// evaluation module product; Saber's NTT product; Saber round trips and implicit rejection;
// NTRU's big x big NTT product and (M4) the inversion mod 2's carry-less products
// (the full KAT files are checked by the host's pqmcu_saber_tests).
#include <initializer_list>
#include <new>

#include "polymul/karatsuba_simd.hpp"
#include "polymul/matvec.hpp"
#include "polymul/polymul.hpp"
#include "polymul/toom4_eval.hpp"
#include "saber/ntt.hpp"
#if defined(PQMCU_SUITES_NTRU)
#include "ntru/ntt_big.hpp"
#endif
#include "saber/scheme.hpp"
#include "support/check.hpp"

namespace {
using pqmcu::test::Context;
namespace pm = pqmcu::polymul;

struct XorShift {
    uint32_t s;
    uint32_t next() {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        return s;
    }
};

constexpr size_t kMaxTestN = 1024;
using T43 = pm::Toom4<pm::Toom3<pm::Karatsuba<16>>>;
// NTRU's M4 product shape (Toom4Eval over KaratsubaSimd; here with the
// polymul Schoolbook base): on the M4 its lane paths (paired evaluations,
// the top limb's padded pairs, UHADD16 / UHSUB16 halvings) at every n.
using T4E = pm::Toom4Eval<pm::KaratsubaSimd<32>>;
constexpr size_t kScratch0 = pm::max_scratch_words<T43>(kMaxTestN) > pm::max_scratch_words<pm::Toom3<pm::Karatsuba<16>>>(kMaxTestN)
                                 ? pm::max_scratch_words<T43>(kMaxTestN)
                                 : pm::max_scratch_words<pm::Toom3<pm::Karatsuba<16>>>(kMaxTestN);
constexpr size_t kScratch =
    pm::max_scratch_words<T4E>(kMaxTestN) > kScratch0 ? pm::max_scratch_words<T4E>(kMaxTestN) : kScratch0;
// Static: the M4 stack need not hold them.
uint16_t g_a[kMaxTestN], g_b[kMaxTestN], g_c[2 * kMaxTestN], g_ref[2 * kMaxTestN], g_scratch[kScratch + 1];
uint16_t g_eb[T4E::shared_words(kMaxTestN) + 1];

// The cases run one at a time, so their large buffers share one arena: the
// firmware then links within the STM32F4DISCOVERY's 128 KB of RAM.
alignas(16) unsigned char g_arena[56 * 1024];
template <class T>
T& arena() {
    static_assert(sizeof(T) <= sizeof g_arena, "grow g_arena");
    return *::new (static_cast<void*>(g_arena)) T;
}

// The reference, written out here (independent of the library's Schoolbook,
// which on the M4 is the SMLADX kernel under test).
void reference_product(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    for (size_t k = 0; k + 1 < 2 * n; ++k) c[k] = 0;
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < n; ++j) c[i + j] = uint16_t(c[i + j] + uint32_t(a[i]) * uint32_t(b[j]));
}

template <class M>
uint32_t mismatches(size_t n, XorShift& rng, int bits) {
    for (size_t i = 0; i < n; ++i) {
        g_a[i] = uint16_t(rng.next());
        g_b[i] = uint16_t(rng.next());
    }
    reference_product(g_ref, g_a, g_b, n);
    g_scratch[M::scratch_words(n)] = 0xA5A5;
    M::mul(g_c, g_a, g_b, n, g_scratch);
    const uint16_t mask = uint16_t(bits >= 16 ? 0xFFFF : (1u << bits) - 1);
    uint32_t bad = g_scratch[M::scratch_words(n)] != 0xA5A5 ? 1 : 0;
    for (size_t i = 0; i + 1 < 2 * n; ++i) bad += ((g_c[i] ^ g_ref[i]) & mask) != 0;
    return bad;
}

template <class M>
void check_method(Context& ctx, int bits = M::exact_bits) {
    XorShift rng{0x1234u + uint32_t(bits)};
    uint32_t bad = 0;
    for (size_t n = 1; n <= 40; ++n) bad += mismatches<M>(n, rng, bits);
    for (size_t n : {64u, 255u, 256u, 509u, 677u, 701u, 821u, 1024u}) bad += mismatches<M>(n, rng, bits);
    PQ_CHECK_EQ(ctx, bad, 0u);
}

void schoolbook(Context& ctx) { check_method<pm::Schoolbook>(ctx); }
void karatsuba(Context& ctx) { check_method<pm::Karatsuba<16>>(ctx); }
void toom3(Context& ctx) { check_method<pm::Toom3<pm::Karatsuba<16>>>(ctx); }
void toom4(Context& ctx) { check_method<pm::Toom4<pm::Karatsuba<16>>>(ctx); }
void toom4toom3(Context& ctx) { check_method<T43>(ctx); }
void toom4_eval(Context& ctx) {
    check_method<T4E>(ctx, 13);
    // b's evaluations kept (NTRU key generation's (gf)^-1): the same product
    XorShift rng{0x4E4Eu};
    uint32_t bad = 0;
    for (size_t n = T4E::kMin; n <= kMaxTestN; n += (n < 64 ? 1 : n < 300 ? 13 : 101)) {
        for (size_t i = 0; i < n; ++i) g_a[i] = uint16_t(rng.next()), g_b[i] = uint16_t(rng.next());
        reference_product(g_ref, g_a, g_b, n);
        g_eb[T4E::shared_words(n)] = 0x5A5A;
        g_scratch[T4E::scratch_words(n)] = 0xA5A5;
        T4E::evaluate_shared(g_eb, g_b, n);
        T4E::mul_shared(g_c, g_a, g_b, g_eb, n, g_scratch);
        bad += g_eb[T4E::shared_words(n)] != 0x5A5A || g_scratch[T4E::scratch_words(n)] != 0xA5A5;
        for (size_t i = 0; i + 1 < 2 * n; ++i) bad += ((g_c[i] ^ g_ref[i]) & 0x1FFF) != 0;
    }
    PQ_CHECK_EQ(ctx, bad, 0u);
}
void m4_choices(Context& ctx) {
    check_method<pm::MethodFor<16, true>::type>(ctx, 16);
    check_method<pm::MethodFor<14, true>::type>(ctx, 14);
    check_method<pm::MethodFor<13, true>::type>(ctx, 13);
    check_method<pm::MethodFor<11, true>::type>(ctx, 11);
}

// The four-argument entry points (exact mod 2^16; blocked on the M4) at the
// NTRU sizes, against the reference and its folds.
void entry_points(Context& ctx) {
    struct Buffers {
        uint16_t a[pm::kMaxN], b[pm::kMaxN], full[2 * pm::kMaxN], c[2 * pm::kMaxN], cc[pm::kMaxN], cn[pm::kMaxN];
    };
    auto& [a, b, full, c, cc, cn] = arena<Buffers>();
    XorShift rng{0xC0FFEEu};
    uint32_t bad = 0;
    for (size_t n : {1u, 17u, 256u, 352u, 353u, 509u, 677u, 701u, 821u, 1229u, 1373u}) {
        for (size_t i = 0; i < n; ++i) {
            a[i] = uint16_t(rng.next());
            b[i] = uint16_t(rng.next());
        }
        reference_product(full, a, b, n);
        pm::mul(c, a, b, n);
        pm::mul_cyclic(cc, a, b, n);
        pm::mul_negacyclic(cn, a, b, n);
        for (size_t i = 0; i + 1 < 2 * n; ++i) bad += c[i] != full[i];
        for (size_t i = 0; i < n; ++i) {
            const uint16_t hi = i + n < 2 * n - 1 ? full[i + n] : 0;
            bad += cc[i] != uint16_t(full[i] + hi);
            bad += cn[i] != uint16_t(full[i] - hi);
        }
    }
    PQ_CHECK_EQ(ctx, bad, 0u);
}

// Saber's k = 3 module product against nine negacyclic products, mod 2^13.
void matvec(Context& ctx) {
    constexpr size_t K = 3, N = 256;
    using MV = pm::MatVecNegacyclic<K, N>;
    struct Buffers {
        uint16_t A[K * K * N], s[K * N], res[K * N], sev[K * MV::ev_words], prod[N], expect[N];
        MV::Scratch scr;
    };
    auto& [A, s, res, sev, prod, expect, scr] = arena<Buffers>();
    XorShift rng{99};
    for (auto& v : A) v = uint16_t(rng.next());
    for (auto& v : s) v = uint16_t(rng.next());
    MV::evaluate_vector(sev, s);
    uint32_t bad = 0;
    for (bool transpose : {false, true}) {
        MV::mul(res, A, sev, transpose, scr);
        for (size_t i = 0; i < K; ++i) {
            for (auto& v : expect) v = 0;
            for (size_t j = 0; j < K; ++j) {
                pm::mul_negacyclic_q<16>(prod, A + (transpose ? j * K + i : i * K + j) * N, s + j * N, N, g_scratch);
                for (size_t t = 0; t < N; ++t) expect[t] = uint16_t(expect[t] + prod[t]);
            }
            for (size_t t = 0; t < N; ++t) bad += ((res[i * N + t] ^ expect[t]) & 0x1FFF) != 0;
        }
    }
    PQ_CHECK_EQ(ctx, bad, 0u);
}

template <class Set>
void saber_round_trip(Context& ctx) {
    using S = pqmcu::saber::Scheme<Set>;
    struct Buffers {
        typename S::Workspace ws;
        uint8_t pk[S::pk_bytes], sk[S::sk_bytes], ct[S::ct_bytes];
    };
    auto& [ws, pk, sk, ct] = arena<Buffers>();
    uint8_t ss[32], ss2[32], zc[64], expect[32];
    XorShift x{7 + uint32_t(S::L)};
    auto rng = [&x](uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) out[i] = uint8_t(x.next() >> 24);
    };
    for (int trial = 0; trial < 3; ++trial) {
        PQ_CHECK(ctx, S::keypair(pk, sk, rng, ws) == pqmcu::Status::ok);
        PQ_CHECK(ctx, S::encapsulate(ct, ss, pk, rng, ws) == pqmcu::Status::ok);
        PQ_CHECK(ctx, S::decapsulate(ss2, ct, sk, ws) == pqmcu::Status::ok);
        PQ_CHECK_BYTES(ctx, ss2, ss, 32);
        ct[size_t(trial) * 101 % S::ct_bytes] ^= 0x10;
        PQ_CHECK(ctx, S::decapsulate(ss2, ct, sk, ws) == pqmcu::Status::ok);
        for (size_t i = 0; i < 32; ++i) zc[i] = sk[S::sk_bytes - 32 + i];
        pqmcu::hash::sha3_256(zc + 32, ct, S::ct_bytes);
        pqmcu::hash::sha3_256(expect, zc, 64);
        PQ_CHECK_BYTES(ctx, ss2, expect, 32);
    }
}
// Saber's NTT product (on the M4: the assembly transforms) against a
// written-out negacyclic schoolbook mod 2^16, at both extremes of its bound
// (every a = -4096 times every s = -5 or +5, |c| = 5,242,880) and on random
// inputs, through the fused forms the scheme uses (mul_into, mul_into_le16).
void saber_ntt(Context& ctx) {
    static uint16_t a[256], ref[256], got[256];
    static uint8_t got_le[512 + 1];
    static int32_t x[256], y[256];
    static int8_t sv[256];
    XorShift r{99};
    unsigned bad = 0;
    for (int trial = 0; trial < 6; ++trial) {
        for (size_t i = 0; i < 256; ++i) {
            a[i] = uint16_t(trial == 0 || trial == 1 ? 4096 : r.next() & 0x1FFF);
            sv[i] = int8_t(trial == 0 ? -5 : trial == 1 ? 5 : int(r.next() % 11) - 5);
            ref[i] = 0;
        }
        for (size_t i = 0; i < 256; ++i) {
            const int32_t ai = a[i] >= 4096 ? int32_t(a[i]) - 8192 : int32_t(a[i]);
            for (size_t j = 0; j < 256; ++j) {
                const uint16_t p = uint16_t(ai * sv[j]);
                if (i + j < 256) ref[i + j] = uint16_t(ref[i + j] + p);
                else ref[i + j - 256] = uint16_t(ref[i + j - 256] - p);
            }
        }
        for (int form = 0; form < 2; ++form) {
            pqmcu::saber::ntt::load_centred(x, a, 13);
            pqmcu::saber::ntt::forward(x);
            for (size_t i = 0; i < 256; ++i) y[i] = sv[i];
            pqmcu::saber::ntt::forward(y);
            if (form == 0) {
                pqmcu::saber::ntt::mul_into(got, x, y, false);
            } else {  // at an odd address, added to a nonzero accumulator
                for (size_t i = 0; i < 512; ++i) got_le[1 + i] = uint8_t(i % 2 == 0 ? 7 : 0);
                pqmcu::saber::ntt::mul_into_le16(got_le + 1, x, y, true);
                for (size_t i = 0; i < 256; ++i)
                    got[i] = uint16_t((got_le[1 + 2 * i] | (got_le[2 + 2 * i] << 8)) - 7);
            }
            for (size_t i = 0; i < 256; ++i) bad += got[i] != ref[i];
        }
    }
    PQ_CHECK_EQ(ctx, bad, 0u);
}

// The Default profile's half transforms (forward_half_packed: s' as 4-bit
// (column layout) or 3-bit fields (FireSaber: 3-byte columns),
// b / b' as 10-bit and s as 13-bit fields; on the M4 the assembly reading
// the fields) give forward()'s values, half by half, at the fields' extremes
// (all -8 / +7, -512 / +511, -4096 / +4095) and on random fields, and
// forward_packed_columns (s' whole from its 4- / 3-bit columns) forward()'s
// whole transform; pointwise_half on both halves then inverse_into equals mul_into, and
// pointwise_acc_half / pointwise_acc_quarter_at add what pointwise() gives
// (pointwise_half_at gives it on a half kept on its own, pointwise_half_to /
// pointwise_quarter_to into another buffer).
void saber_ntt_half(Context& ctx) {
    // the 13-bit word loads read up to 3 bytes past the 416, the 3-bit ones the byte before
    alignas(4) static uint8_t packed_buf[4 + 416 + 4];
    uint8_t* const packed = packed_buf + 4;
    static int32_t full[256], half[128], x[256], x2[256], sum[256], want_sum[256], xh[128];
    static uint16_t got[256], want[256];
    XorShift r{2024};
    unsigned bad = 0;
    // the secret key's s_j (13-bit fields, |s| <= 5): forward_half_small13 /
    // forward_small13, congruent to forward() mod kQ within its bound (3.1 kQ),
    // the whole transform the halves' values
    for (int trial = 0; trial < 4; ++trial) {
        constexpr int64_t q = pqmcu::saber::ntt::kQ;
        for (size_t i = 0; i < sizeof packed_buf; ++i) packed_buf[i] = uint8_t(r.next());
        for (size_t i = 0; i < 416; ++i) packed[i] = 0;
        for (size_t i = 0; i < 256; ++i) {
            const int32_t v = trial == 0 ? -5 : trial == 1 ? 5 : int32_t(r.next() % 11) - 5;
            full[i] = v;
            const uint32_t u = uint32_t(v) & 0x1FFFu;
            for (unsigned b = 0; b < 13; ++b)
                packed[(13 * i + b) / 8] = uint8_t(packed[(13 * i + b) / 8] | ((u >> b) & 1) << ((13 * i + b) % 8));
        }
        pqmcu::saber::ntt::forward(full);
        pqmcu::saber::ntt::forward_small13(x, packed);
        for (unsigned h = 0; h < 2; ++h) {
            pqmcu::saber::ntt::forward_half_small13(half, packed, h);
            for (size_t i = 0; i < 128; ++i) {
                const int64_t v = half[i], d = v - full[128 * h + i];
                bad += d % q != 0 || v > 31 * q / 10 || v < -31 * q / 10 || half[i] != x[128 * h + i];
            }
        }
    }
    for (unsigned bits : {3u, 4u, 10u, 13u}) {
        const int32_t lo = -(1 << (bits - 1)), hi = (1 << (bits - 1)) - 1;
        for (int trial = 0; trial < 4; ++trial) {
            for (size_t i = 0; i < sizeof packed_buf; ++i) packed_buf[i] = uint8_t(r.next());
            for (size_t i = 0; i < 256 * bits / 8; ++i) packed[i] = 0;
            for (size_t i = 0; i < 256; ++i) {
                const int32_t v = trial == 0 ? lo : trial == 1 ? hi : int32_t(r.next() % (1u << bits)) + lo;
                full[i] = v;
                const uint32_t u = uint32_t(v) & ((1u << bits) - 1);
                // 4 bits (s'): the column layout, coefficient i in nibble i / 32 of word i % 32
                // 3 bits: coefficient i in bits 3 (i / 32) .. of the 3-byte column i % 32
                const size_t at = bits == 4 ? 32 * (i % 32) + 4 * (i / 32)
                                  : bits == 3 ? 24 * (i % 32) + 3 * (i / 32)
                                              : i * bits;
                for (unsigned b = 0; b < bits; ++b)
                    packed[(at + b) / 8] = uint8_t(packed[(at + b) / 8] | ((u >> b) & 1) << ((at + b) % 8));
            }
            pqmcu::saber::ntt::forward(full);
            if (bits <= 4) {
                // s' (3- / 4-bit fields): layer 2 is the exact Montgomery value of
                // a sum of two products (ntt.cpp, kL2D), congruent to forward()'s
                // mod kQ (it may differ by kQ); within forward()'s bound (3.1 kQ).
                // The halves are the reference for the checks below.
                constexpr int64_t q = pqmcu::saber::ntt::kQ;
                for (unsigned h = 0; h < 2; ++h) {
                    pqmcu::saber::ntt::forward_half_packed(half, packed, bits, h);
                    for (size_t i = 0; i < 128; ++i) {
                        const int64_t v = half[i], d = v - full[128 * h + i];
                        bad += d % q != 0 || v > 31 * q / 10 || v < -31 * q / 10;
                        full[128 * h + i] = half[i];
                    }
                }
            }
            for (unsigned h = 0; h < 2; ++h) {
                pqmcu::saber::ntt::forward_half_packed(half, packed, bits, h);
                for (size_t i = 0; i < 128; ++i) bad += half[i] != full[128 * h + i];
            }
            if (bits > 4) {  // an A entry (b, b') transformed straight from its fields
                if (bits == 13) pqmcu::saber::ntt::forward_packed13(x, packed);
                else pqmcu::saber::ntt::forward_packed10(x, packed);
                for (size_t i = 0; i < 256; ++i) bad += x[i] != full[i];
            } else {  // s' whole from its column fields (encapsulation's whole row sums): the halves' values
                pqmcu::saber::ntt::forward_packed_columns(x, packed, bits);
                for (size_t i = 0; i < 256; ++i) bad += x[i] != full[i];
            }
            // the product through the halves against the fused one
            for (size_t i = 0; i < 256; ++i) x[i] = int32_t(r.next() % 8192) - 4096;
            pqmcu::saber::ntt::forward(x);
            for (size_t i = 0; i < 256; ++i) x2[i] = x[i];
            pqmcu::saber::ntt::mul_into(want, x2, full, false);
            for (unsigned h = 0; h < 2; ++h) {
                pqmcu::saber::ntt::forward_half_packed(half, packed, bits, h);
                pqmcu::saber::ntt::pointwise_half(x, half, h);
            }
            pqmcu::saber::ntt::inverse_into(got, x, false);
            for (size_t i = 0; i < 256; ++i) bad += got[i] != want[i];
            // the accumulating half product against pointwise() plus the sum
            for (size_t i = 0; i < 256; ++i) x[i] = int32_t(r.next() % 8192) - 4096;
            pqmcu::saber::ntt::forward(x);
            for (size_t i = 0; i < 256; ++i) sum[i] = int32_t(r.next() % 20000000) - 10000000, x2[i] = x[i];
            pqmcu::saber::ntt::pointwise(x2, full);
            for (size_t i = 0; i < 256; ++i) want_sum[i] = sum[i] + x2[i];
            for (unsigned h = 0; h < 2; ++h) {
                pqmcu::saber::ntt::forward_half_packed(half, packed, bits, h);
                for (size_t i = 0; i < 128; ++i) xh[i] = x[128 * h + i];
                pqmcu::saber::ntt::pointwise_acc_half(sum, xh, half, h);
            }
            for (size_t i = 0; i < 256; ++i) bad += sum[i] != want_sum[i];
            // the same sum in 256-byte quarters (key generation's pieces)
            for (size_t i = 0; i < 256; ++i) sum[i] = want_sum[i] - x2[i];
            for (unsigned q = 0; q < 4; ++q) {
                for (size_t i = 0; i < 64; ++i) xh[i] = x[64 * q + i];
                pqmcu::saber::ntt::pointwise_acc_quarter_at(sum + 64 * q, xh, full + 64 * q, q);
            }
            for (size_t i = 0; i < 256; ++i) bad += sum[i] != want_sum[i];
            // pointwise_quarter_to: a quarter's product into another buffer
            // (FireSaber decapsulation's v'; x not written)
            for (unsigned q = 0; q < 4; ++q) {
                pqmcu::saber::ntt::pointwise_quarter_to(sum, x + 64 * q, full + 64 * q, q);
                for (size_t i = 0; i < 64; ++i) bad += sum[i] != x2[64 * q + i];
            }
            // pointwise_half_at on a half kept on its own
            for (unsigned h = 0; h < 2; ++h) {
                // pointwise_half_to: the same into another buffer (x's half is
                // not written: pointwise_half_at's input below is copied from it)
                pqmcu::saber::ntt::pointwise_half_to(sum, x + 128 * h, full + 128 * h, h);
                for (size_t i = 0; i < 128; ++i) bad += sum[i] != x2[128 * h + i];
                for (size_t i = 0; i < 128; ++i) xh[i] = x[128 * h + i];
                pqmcu::saber::ntt::pointwise_half_at(xh, full + 128 * h, h);
                for (size_t i = 0; i < 128; ++i) bad += xh[i] != x2[128 * h + i];
            }
        }
    }
    PQ_CHECK_EQ(ctx, bad, 0u);
}

// Sums of l products in the transform domain (pointwise_acc, inverse_store;
// the Speed profile's rows) at the extremes of the sum bound (l = 4 with
// -4096 times -3 / +3 everywhere: |c| = 12,582,912) and on random inputs
// (l = 2, |s| <= 5), against the schoolbook mod 2^16; also the packed sum
// in two pieces (blocks 0-4 and 5-7: LightSaber / Saber decapsulation) and
// inverse_store_halves (the M4 assembly; false elsewhere).
void saber_ntt_sum(Context& ctx) {
    static uint16_t a[256], ref[256], got[256];
    static int32_t acc[256], x[256], y[256], p[256], h0[128], h1[128];
    alignas(4) static uint8_t s25[pqmcu::saber::ntt::kSum25Bytes];
    alignas(4) static uint8_t s25a[500], s25b[300];
    // the block products fused with the packed sums (pointwise_sum25_*), whole and in two pieces
    alignas(4) static uint8_t f25[pqmcu::saber::ntt::kSum25Bytes], f25a[500], f25b[300];
    static int32_t fw[256], fs[256];
    static int8_t sv[256];
    XorShift r{7};
    unsigned bad = 0;
    for (int trial = 0; trial < 3; ++trial) {
        const int l = trial < 2 ? 4 : 2;
        for (size_t i = 0; i < 256; ++i) ref[i] = 0;
        for (int j = 0; j < l; ++j) {
            for (size_t i = 0; i < 256; ++i) {
                a[i] = uint16_t(trial < 2 ? 4096 : r.next() & 0x1FFF);
                sv[i] = int8_t(trial == 0 ? -3 : trial == 1 ? 3 : int(r.next() % 11) - 5);
            }
            for (size_t i = 0; i < 256; ++i) {
                const int32_t ai = a[i] >= 4096 ? int32_t(a[i]) - 8192 : int32_t(a[i]);
                for (size_t k = 0; k < 256; ++k) {
                    const uint16_t p = uint16_t(ai * sv[k]);
                    if (i + k < 256) ref[i + k] = uint16_t(ref[i + k] + p);
                    else ref[i + k - 256] = uint16_t(ref[i + k - 256] - p);
                }
            }
            int32_t* t = j == 0 ? acc : x;
            pqmcu::saber::ntt::load_centred(t, a, 13);
            pqmcu::saber::ntt::forward(t);
            for (size_t i = 0; i < 256; ++i) y[i] = sv[i];
            pqmcu::saber::ntt::forward(y);
            for (size_t i = 0; i < 256; ++i) p[i] = t[i], fw[i] = t[i], fs[i] = t[i];
            {
                namespace ntt = pqmcu::saber::ntt;
                const int op = j == 0 ? 0 : j + 1 < l ? 1 : 2;
                auto run = [&](uint8_t* sp, int32_t* a, unsigned first, unsigned blocks) {
                    const uint32_t rn = ntt::sum25_run(first, blocks);
                    if (op == 0) ntt::pointwise_sum25_put(sp, a + 4 * first, y + 4 * first, rn);
                    if (op == 1) ntt::pointwise_sum25_add(sp, a + 4 * first, y + 4 * first, rn);
                    if (op == 2) ntt::pointwise_sum25_get(a + 4 * first, y + 4 * first, sp, rn);
                };
                run(f25 + 400, fw, 32, 32);
                run(f25, fw, 0, 32);
                run(f25a + 400, fs, 32, 8);
                run(f25b, fs, 40, 24);
                run(f25a, fs, 0, 32);
            }
            pqmcu::saber::ntt::pointwise(p, y);  // the product on its own, for the packed sum
            if (j == 0) {
                pqmcu::saber::ntt::pointwise(acc, y);
                pqmcu::saber::ntt::sum25_put(s25, p);
                pqmcu::saber::ntt::sum25_put(s25a, p, 160);
                pqmcu::saber::ntt::sum25_put(s25b, p + 160, 96);
            } else {
                pqmcu::saber::ntt::pointwise_acc(acc, x, y);
                if (j + 1 < l) {
                    pqmcu::saber::ntt::sum25_add(s25, p);
                    pqmcu::saber::ntt::sum25_add(s25a, p, 160);
                    pqmcu::saber::ntt::sum25_add(s25b, p + 160, 96);
                }
            }
        }
        for (size_t i = 0; i < 128; ++i) h0[i] = acc[i], h1[i] = acc[128 + i];
        pqmcu::saber::ntt::inverse_store(got, acc);
        for (size_t i = 0; i < 256; ++i) bad += got[i] != ref[i];
        if (pqmcu::saber::ntt::inverse_store_halves(got, h0, h1)) {
            for (size_t i = 0; i < 256; ++i) bad += got[i] != ref[i];
        }
        // the packed sum in two pieces (the last term still in p)
        for (size_t i = 0; i < 256; ++i) x[i] = p[i];
        pqmcu::saber::ntt::sum25_get(x, s25a, 160);
        pqmcu::saber::ntt::sum25_get(x + 160, s25b, 96);
        pqmcu::saber::ntt::inverse_store(got, x);
        for (size_t i = 0; i < 256; ++i) bad += got[i] != ref[i];
        // the fused block products' sums (the last term got: fw, fs hold the row's sum)
        pqmcu::saber::ntt::inverse_store(got, fw);
        for (size_t i = 0; i < 256; ++i) bad += got[i] != ref[i];
        pqmcu::saber::ntt::inverse_store(got, fs);
        for (size_t i = 0; i < 256; ++i) bad += got[i] != ref[i];
        // the same sum packed at 25 bits (sum25_*: FireSaber's re-encryption rows)
        pqmcu::saber::ntt::sum25_get(p, s25);
        pqmcu::saber::ntt::inverse_store(got, p);
        for (size_t i = 0; i < 256; ++i) bad += got[i] != ref[i];
    }
    // sum25 round trips at the extremes of its inputs (|x| < kQ): the packed
    // value is x mod kQ, centred to |v| < 2^24
    constexpr int32_t q = pqmcu::saber::ntt::kQ;
    for (int trial = 0; trial < 4; ++trial) {
        for (size_t i = 0; i < 256; ++i) {
            x[i] = trial == 0 ? q - 1 : trial == 1 ? 1 - q : int32_t(r.next() % uint32_t(2 * q - 1)) - (q - 1);
            y[i] = trial < 2 ? x[i] : int32_t(r.next() % uint32_t(2 * q - 1)) - (q - 1);
            p[i] = 0;
        }
        pqmcu::saber::ntt::sum25_put(s25, x);
        pqmcu::saber::ntt::sum25_add(s25, y);
        pqmcu::saber::ntt::sum25_get(p, s25);
        for (size_t i = 0; i < 256; ++i) {
            const int64_t d = (int64_t(p[i]) - x[i] - y[i]) % q;
            bad += d != 0 || p[i] >= (1 << 24) || p[i] < -(1 << 24);
        }
    }
    PQ_CHECK_EQ(ctx, bad, 0u);
}

// The three Saber profiles (Default, Speed, Toom) give the same keys,
// ciphertexts and secrets from the same rng (Default is held to the KATs).
template <class Set>
void saber_profiles_agree(Context& ctx) {
    namespace sb = pqmcu::saber;
    using D = sb::Scheme<Set, sb::Default>;
    using P = sb::Scheme<Set, sb::Speed>;
    using T = sb::Scheme<Set, sb::Toom>;
    struct Buffers {
        typename D::Workspace wd;
        typename P::Workspace wp;
        typename T::Workspace wt;
        uint8_t pk[3][D::pk_bytes], sk[3][D::sk_bytes], ct[3][D::ct_bytes], ss[3][32], ss2[3][32];
    };
    auto& [wd, wp, wt, pk, sk, ct, ss, ss2] = arena<Buffers>();
    auto make_rng = [](uint32_t seed) {
        return [x = XorShift{seed}](uint8_t* out, size_t n) mutable {
            for (size_t i = 0; i < n; ++i) out[i] = uint8_t(x.next() >> 24);
        };
    };
    auto r0 = make_rng(11), r1 = make_rng(11), r2 = make_rng(11);
    PQ_CHECK(ctx, D::keypair(pk[0], sk[0], r0, wd) == pqmcu::Status::ok);
    PQ_CHECK(ctx, P::keypair(pk[1], sk[1], r1, wp) == pqmcu::Status::ok);
    PQ_CHECK(ctx, T::keypair(pk[2], sk[2], r2, wt) == pqmcu::Status::ok);
    PQ_CHECK(ctx, D::encapsulate(ct[0], ss[0], pk[0], r0, wd) == pqmcu::Status::ok);
    PQ_CHECK(ctx, P::encapsulate(ct[1], ss[1], pk[1], r1, wp) == pqmcu::Status::ok);
    PQ_CHECK(ctx, T::encapsulate(ct[2], ss[2], pk[2], r2, wt) == pqmcu::Status::ok);
    PQ_CHECK(ctx, D::decapsulate(ss2[0], ct[0], sk[0], wd) == pqmcu::Status::ok);
    PQ_CHECK(ctx, P::decapsulate(ss2[1], ct[1], sk[1], wp) == pqmcu::Status::ok);
    PQ_CHECK(ctx, T::decapsulate(ss2[2], ct[2], sk[2], wt) == pqmcu::Status::ok);
    for (int k = 1; k < 3; ++k) {
        PQ_CHECK_BYTES(ctx, pk[k], pk[0], D::pk_bytes);
        PQ_CHECK_BYTES(ctx, sk[k], sk[0], D::sk_bytes);
        PQ_CHECK_BYTES(ctx, ct[k], ct[0], D::ct_bytes);
        PQ_CHECK_BYTES(ctx, ss[k], ss[0], 32);
        PQ_CHECK_BYTES(ctx, ss2[k], ss[0], 32);
    }
    PQ_CHECK_BYTES(ctx, ss2[0], ss[0], 32);
}
void case_profiles_lightsaber(Context& ctx) { saber_profiles_agree<pqmcu::saber::lightsaber>(ctx); }
void case_profiles_firesaber(Context& ctx) { saber_profiles_agree<pqmcu::saber::firesaber>(ctx); }

void case_lightsaber(Context& ctx) { saber_round_trip<pqmcu::saber::lightsaber>(ctx); }
void case_saber(Context& ctx) { saber_round_trip<pqmcu::saber::saber>(ctx); }
void case_firesaber(Context& ctx) { saber_round_trip<pqmcu::saber::firesaber>(ctx); }

#if defined(PQMCU_SUITES_NTRU)
// NTRU's big x big product (ntru/ntt_big.hpp; on the M4 its assembly passes)
// against the reference folded mod x^n - 1 (n = 509, 677 mod 2^11; 701 mod
// 2^13 with |b| <= 128): random operands and
// the extremes (every coefficient -1024 times all -1024, all 1023, or
// alternating), where the integer coefficients reach n (q/2)^2, the bound
// the prime must cover.
constexpr size_t kMaxBigN = 701;
// Logq 11 with both operands full (hps2048509, 677), or logq 13 with
// |b| <= 128 (BMax: hrss701's last Newton step).
template <size_t n, unsigned logq, int BMax>
void ntru_ntt_big(Context& ctx) {
    constexpr uint32_t q = 1u << logq;
    static_assert(n <= kMaxBigN && (BMax == 0 ? pqmcu::ntru::ntt_big::supported(n, logq)
                                              : pqmcu::ntru::ntt_big::supported_mixed(n, logq, BMax)));
    struct Buf {
        int32_t scratch[pqmcu::ntru::ntt_big::scratch_words(kMaxBigN)];
        uint16_t got[kMaxBigN];
    };
    Buf& w = arena<Buf>();
    XorShift r{uint32_t(n)};
    const uint32_t hi = BMax == 0 ? q / 2 : uint32_t(BMax), lo = BMax == 0 ? q / 2 - 1 : uint32_t(-BMax);
    unsigned bad = 0;
    for (int trial = 0; trial < 6; ++trial) {
        for (size_t i = 0; i < n; ++i) {
            g_a[i] = uint16_t(trial >= 3 ? q / 2 : r.next());
            const uint32_t rnd = BMax == 0 ? r.next() : uint32_t(int32_t(r.next() % (2 * BMax + 1)) - BMax);
            g_b[i] = uint16_t(trial == 3 ? hi : trial == 4 ? lo : trial == 5 ? (i & 1 ? hi : lo) : rnd);
        }
        reference_product(g_ref, g_a, g_b, n);
        pqmcu::ntru::ntt_big::mul(w.got, g_a, g_b, logq, n, w.scratch);
        for (size_t i = 0; i < n; ++i) {
            const uint16_t want = uint16_t(g_ref[i] + (i + n < 2 * n - 1 ? g_ref[i + n] : 0));
            bad += ((w.got[i] ^ want) & (q - 1)) != 0;
        }
    }
    PQ_CHECK_EQ(ctx, bad, 0u);
}
#if defined(PQMCU_TARGET_M4)
}  // namespace
// The M4's carry-less (GF(2)[x]) word products of the inversion mod 2
// (ntru/inverse_m4.S): four bit classes per operand, UMULL per class pair, and
// pairs of products whose class sums i + j differ ADDED with UMLAL (at most
// 15 terms per position). Random words almost never reach the counts where a
// wrong pairing carries (16 terms: all-ones classes), so every entry point is
// checked against a bit-by-bit product on all-ones words, alternating and
// sparse patterns, single bits and random words.
extern "C" {
void pqmcu_ntru_r2_clmul1(uint32_t* c, uint32_t a, uint32_t b);
void pqmcu_ntru_r2_kmul2(uint32_t* c, const uint32_t* a, const uint32_t* b);
void pqmcu_ntru_r2_kmul3(uint32_t* c, const uint32_t* a, const uint32_t* b);
void pqmcu_ntru_r2_kmul4(uint32_t* c, const uint32_t* a, const uint32_t* b);
void pqmcu_ntru_r2_kmul5(uint32_t* c, const uint32_t* a, const uint32_t* b);
void pqmcu_ntru_r2_kmul6(uint32_t* c, const uint32_t* a, const uint32_t* b);
void pqmcu_ntru_r2_kmul7(uint32_t* c, const uint32_t* a, const uint32_t* b);
void pqmcu_ntru_r2_kmul8(uint32_t* c, const uint32_t* a, const uint32_t* b);
void pqmcu_ntru_r2_clmul_words(uint32_t* out, const uint32_t* x, const uint32_t* y, uint32_t words,
                               const uint32_t* ab);
}
namespace {
// c[0 .. 2m) = a b carry-less, m words each, bit by bit (b shifted by every set bit of a).
void clmul_ref(uint32_t* c, const uint32_t* a, const uint32_t* b, size_t m) {
    for (size_t i = 0; i < 2 * m; ++i) c[i] = 0;
    for (size_t i = 0; i < 32 * m; ++i) {
        if (((a[i / 32] >> (i % 32)) & 1) == 0) continue;
        const size_t w = i / 32, sh = i % 32;
        for (size_t j = 0; j < m; ++j) {
            c[w + j] ^= b[j] << sh;
            if (sh != 0) c[w + j + 1] ^= b[j] >> (32 - sh);
        }
    }
}
// Operand word i of pattern p: fixed words (all ones first), one bit
// a word (bit p + 5 i mod 32), one fixed word per word at random, random words.
constexpr uint32_t kR2Words[] = {0xFFFFFFFFu, 0xAAAAAAAAu, 0x55555555u, 0x11111111u, 0x22222222u,
                                 0x44444444u, 0x88888888u, 0xEEEEEEEEu, 0x77777777u, 0x0F0F0F0Fu,
                                 0xF0F0F0F0u, 0x80000001u, 0x00000000u};
constexpr unsigned kR2Fixed = sizeof kR2Words / sizeof kR2Words[0], kR2Patterns = kR2Fixed + 32 + 2;
uint32_t r2_pattern(unsigned p, size_t i, XorShift& r) {
    if (p < kR2Fixed) return kR2Words[p];
    if (p < kR2Fixed + 32) return 1u << ((p - kR2Fixed + 5 * i) % 32);
    if (p == kR2Fixed + 32) return kR2Words[r.next() % kR2Fixed];
    return r.next();
}
void ntru_r2_clmul_kernels(Context& ctx) {
    using Kmul = void (*)(uint32_t*, const uint32_t*, const uint32_t*);
    const Kmul kmul[9] = {nullptr,             nullptr,             pqmcu_ntru_r2_kmul2,
                          pqmcu_ntru_r2_kmul3, pqmcu_ntru_r2_kmul4, pqmcu_ntru_r2_kmul5,
                          pqmcu_ntru_r2_kmul6, pqmcu_ntru_r2_kmul7, pqmcu_ntru_r2_kmul8};
    XorShift r{0x2545F491u};
    uint32_t a[8], b[8], got[16 + 2], want[16];
    unsigned bad[10] = {}, runs[10] = {};
    for (size_t m = 1; m <= 8; ++m) {
        // every pair of patterns (those with mixed / random words 4 times)
        for (unsigned pa = 0; pa < kR2Patterns; ++pa) {
            for (unsigned pb = 0; pb < kR2Patterns; ++pb) {
                const unsigned reps = pa >= kR2Fixed + 32 || pb >= kR2Fixed + 32 ? 4 : 1;
                for (unsigned rep = 0; rep < reps; ++rep) {
                    for (size_t i = 0; i < m; ++i) a[i] = r2_pattern(pa, i, r), b[i] = r2_pattern(pb, i, r);
                    clmul_ref(want, a, b, m);
                    got[2 * m] = got[2 * m + 1] = 0x5A5A5A5Au;  // past the product: untouched
                    if (m == 1) pqmcu_ntru_r2_clmul1(got, a[0], b[0]);
                    else kmul[m](got, a, b);
                    bool ok = got[2 * m] == 0x5A5A5A5Au && got[2 * m + 1] == 0x5A5A5A5Au;
                    for (size_t i = 0; i < 2 * m; ++i) ok = ok && got[i] == want[i];
                    bad[m] += !ok;
                    ++runs[m];
                }
            }
        }
    }
    // r2_clmul_words: out[t] = lo(C(t)) ^ hi(C(t-1)), C(t) = a x[t] ^ b y[t],
    // t = 0 .. words (x[-1] .. x[words] read), ab = the classes of a and b:
    // words t + 1 of the products a X and b Y, X = x[-1 ..] as one number.
    constexpr size_t kW = 6, kN = kW + 2;
    uint32_t x[kN], y[kN], out[kN], ab[8], one_a[kN], one_b[kN], ax[2 * kN], by[2 * kN];
    for (unsigned pa = 0; pa < kR2Patterns; ++pa) {
        for (unsigned px = 0; px < kR2Patterns; px += pa < kR2Fixed ? 1 : 5) {
            const uint32_t av = r2_pattern(pa, 0, r), bv = r2_pattern((pa + px) % kR2Patterns, 1, r);
            for (unsigned k = 0; k < 4; ++k) ab[k] = av & (0x11111111u << k), ab[4 + k] = bv & (0x11111111u << k);
            for (size_t i = 0; i < kN; ++i) {
                x[i] = r2_pattern(px, i, r), y[i] = r2_pattern(pa, i + 1, r);
                one_a[i] = one_b[i] = 0;
            }
            one_a[0] = av, one_b[0] = bv;
            clmul_ref(ax, one_a, x, kN);
            clmul_ref(by, one_b, y, kN);
            out[kW + 1] = 0x5A5A5A5Au;
            pqmcu_ntru_r2_clmul_words(out, x + 1, y + 1, kW, ab);
            bool ok = out[kW + 1] == 0x5A5A5A5Au;
            for (size_t t = 0; t <= kW; ++t) ok = ok && out[t] == (ax[t + 1] ^ by[t + 1]);
            bad[9] += !ok;
            ++runs[9];
        }
    }
    for (size_t m = 1; m <= 9; ++m) {
        PQ_CHECK(ctx, runs[m] != 0);
        PQ_CHECK_EQ(ctx, bad[m], 0u);
    }
}
#define PQMCU_NTRU_R2_CASES {"ntru_r2_clmul_kernels", ntru_r2_clmul_kernels},
#else
#define PQMCU_NTRU_R2_CASES
#endif
#define PQMCU_NTRU_CASES                                                                  \
    {"ntru_ntt_big_509", ntru_ntt_big<509, 11, 0>}, {"ntru_ntt_big_677", ntru_ntt_big<677, 11, 0>}, \
        {"ntru_ntt_big_701_r8", ntru_ntt_big<701, 13, 128>}, PQMCU_NTRU_R2_CASES
#else
#define PQMCU_NTRU_CASES
#endif

}  // namespace

// Defined inside pqmcu::test to match the declarations in support/suites.hpp.
namespace pqmcu::test {
PQMCU_SUITE(polymul_suite, "polymul",
            {{"schoolbook", schoolbook},
             {"karatsuba", karatsuba},
             {"toom3", toom3},
             {"toom4", toom4},
             {"toom4toom3", toom4toom3},
             {"toom4_eval_karatsuba_simd", toom4_eval},
             {"m4_choices", m4_choices},
             {"entry_points_mod_2_16", entry_points},
             {"matvec_saber_k3", matvec},
             {"saber_ntt_product", saber_ntt},
             {"saber_ntt_transform_domain_sum", saber_ntt_sum},
             {"saber_ntt_half_transforms", saber_ntt_half},
             {"saber_lightsaber_profiles_agree", case_profiles_lightsaber},
             {"saber_firesaber_profiles_agree", case_profiles_firesaber},
             {"saber_lightsaber_round_trip", case_lightsaber},
             {"saber_saber_round_trip", case_saber},
             {"saber_firesaber_round_trip", case_firesaber},
             PQMCU_NTRU_CASES});
}  // namespace pqmcu::test
