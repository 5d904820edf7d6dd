// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM v2.1 parameter sets as compile-time types and as a constexpr table for
// run-time lookup by name:
//   - the 48 official sets ({cat1, cat3, cat5} x {gf2, gf4, gf16, gf256} x
//     {short, fast} x {r3, r5}), first in the table, pk/sk/signature sizes
//     checked below against the official KAT files
//     (../shared/kat/mqom/PQCsignKAT_*.rsp);
//   - then the 3 "Faster" sets of the embedded-experiments paper
//     (mqom/embedded-experiments, mqom_base/parameters/*faster*): gf16, r5,
//     N = 64 leaves (log N = 6), more repetitions and fewer grinding bits
//     than "fast", same algorithm otherwise. No official KATs exist for them.
// See docs/mqom-notes.md for the meaning of every constant.
#pragma once
#include <cstddef>
#include <cstdint>

#include "field/fields.hpp"

namespace pqmcu::mqom {

using field::FieldId;

// fast / short: MQOM v2.1; faster: N = 64 (the embedded paper's instances).
enum class Tradeoff : uint8_t { fast = 0, short_ = 1, faster = 2 };

// Block cipher behind SeedDerive / SeedCommit / PRG (key = tweaked salt,
// plaintext = seed). cat3 uses Rijndael-256-256 on key||0^64, pt||0^64 and
// keeps the first 24 output bytes.
enum class Cipher : uint8_t { aes128, rijndael256_trunc192, rijndael256 };
// XOF behind every hash / expansion: SHAKE128 for cat1, SHAKE256 otherwise.
enum class Xof : uint8_t { shake128, shake256 };

// All constants of one parameter set. Every size is in bytes unless noted.
struct Params {
    const char* name;       // liboqs style, e.g. "mqom2_cat1_gf16_fast_r5"
    const char* label;      // reference CRYPTO_ALGNAME, e.g. "MQOM2-L1-gf16-fast-r5"
    const char* kat_stem;   // KAT file stem, e.g. "cat1-gf16-fast-r5"
    uint8_t category;       // 1, 3, 5
    uint16_t security;      // lambda: 128, 192, 256
    FieldId base;           // field of x
    FieldId ext;            // field of the equations / PIOP: gf256 (fast, faster) or gf256sq (short)
    Tradeoff tradeoff;
    uint8_t rounds;         // 3 or 5
    bool batching;          // r5: statistical batching of the m/mu equations into eta
    uint16_t base_bits;     // log2 |base field|
    uint16_t ext_bits;      // log2 |ext field| (8 or 16)
    uint16_t mu;            // ext_bits / base_bits
    uint16_t n;             // number of variables (base field)
    uint16_t m;             // number of equations over the base field (= n)
    uint16_t m_hat;         // m / mu equations over the extension field
    uint16_t eta;           // PIOP output length (ext elements): r3 m/mu, r5 lambda/ext_bits
    uint8_t tau;            // parallel repetitions (GGM trees)
    uint8_t log_n_evals;    // log2 N (6 faster, 8 fast, 11 short)
    uint16_t n_evals;       // N, leaves per tree
    uint8_t w;              // grinding bits (challenge rejected unless w bits are zero)
    Cipher cipher;
    Xof xof;
    uint16_t seed_bytes;    // lambda / 8
    uint16_t salt_bytes;    // lambda / 8
    uint16_t digest_bytes;  // 2 lambda / 8
    uint16_t x_bytes;       // packed x: n * base_bits / 8
    uint16_t y_bytes;       // packed y: m_hat * ext_bits / 8
    uint16_t ext_bytes;     // bytes of one ext element (1 or 2)
    uint16_t alpha_bytes;   // one serialized alpha vector: eta * ext_bits / 8
    uint16_t partial_delta_x_bytes;  // x_bytes - seed_bytes
    uint16_t prg_blc_bytes;          // PRG output per leaf: x_bytes + eta*ext_bytes - seed_bytes
    uint32_t eq_stream_bytes;        // PRG bytes per ext equation: (n(n+1)/2 + n) * ext_bytes
    uint32_t opening_bytes;          // tau * (partial_delta_x + log N * seed + digest)
    uint32_t pk_bytes;
    uint32_t sk_bytes;
    uint32_t sig_bytes;
    // Offsets inside a signature.
    uint32_t sig_off_com1, sig_off_com2, sig_off_alpha1, sig_off_opening, sig_off_nonce;
    // Sizes of the big objects a straightforward implementation holds.
    uint32_t tree_bytes;       // one GGM tree: 2N seeds (reference layout, 2 unused)
    uint32_t ls_com_bytes;     // one tree's leaf commitments: N * digest
    uint32_t a_hat_bytes;      // all m_hat packed lower-triangular matrices
    uint32_t b_hat_bytes;      // all m_hat vectors b
};

namespace detail {

constexpr uint16_t n_for(uint8_t cat, FieldId base) {
    // rows: gf2, gf4, gf16, gf256
    switch (base) {
        case FieldId::gf2: return cat == 1 ? 160 : cat == 3 ? 240 : 320;
        case FieldId::gf4: return cat == 1 ? 88 : cat == 3 ? 136 : 176;
        case FieldId::gf16: return cat == 1 ? 56 : cat == 3 ? 84 : 116;
        default: return cat == 1 ? 48 : cat == 3 ? 72 : 96;
    }
}
constexpr uint8_t tau_for(uint8_t cat, Tradeoff t) {
    if (t == Tradeoff::faster) return cat == 1 ? 25 : cat == 3 ? 38 : 50;
    if (t == Tradeoff::fast) return cat == 1 ? 17 : cat == 3 ? 27 : 36;
    return cat == 1 ? 12 : cat == 3 ? 18 : 25;
}
constexpr uint8_t w_for(uint8_t cat, Tradeoff t) {
    if (t == Tradeoff::faster) return cat == 1 ? 3 : cat == 3 ? 2 : 6;
    if (t == Tradeoff::fast) return cat == 1 ? 9 : cat == 3 ? 3 : 4;
    return cat == 1 ? 8 : cat == 3 ? 12 : 6;
}
constexpr uint8_t log_n_for(Tradeoff t) { return t == Tradeoff::faster ? 6 : t == Tradeoff::fast ? 8 : 11; }

constexpr Params make(const char* name, const char* label, const char* stem, uint8_t cat, FieldId base,
                      Tradeoff t, uint8_t rounds) {
    Params p{};
    p.name = name;
    p.label = label;
    p.kat_stem = stem;
    p.category = cat;
    p.security = cat == 1 ? 128 : cat == 3 ? 192 : 256;
    p.base = base;
    p.tradeoff = t;
    p.ext = t == Tradeoff::short_ ? FieldId::gf256sq : FieldId::gf256;
    p.rounds = rounds;
    p.batching = rounds == 5;
    p.base_bits = uint16_t(base);
    p.ext_bits = t == Tradeoff::short_ ? 16 : 8;
    p.mu = uint16_t(p.ext_bits / p.base_bits);
    p.n = n_for(cat, base);
    p.m = p.n;
    p.m_hat = uint16_t(p.m / p.mu);
    p.eta = p.batching ? uint16_t(p.security / p.ext_bits) : p.m_hat;
    p.tau = tau_for(cat, t);
    p.log_n_evals = log_n_for(t);
    p.n_evals = uint16_t(1u << p.log_n_evals);
    p.w = w_for(cat, t);
    p.cipher = cat == 1 ? Cipher::aes128 : cat == 3 ? Cipher::rijndael256_trunc192 : Cipher::rijndael256;
    p.xof = cat == 1 ? Xof::shake128 : Xof::shake256;
    p.seed_bytes = uint16_t(p.security / 8);
    p.salt_bytes = p.seed_bytes;
    p.digest_bytes = uint16_t(2 * p.seed_bytes);
    p.x_bytes = uint16_t(p.n * p.base_bits / 8);
    p.ext_bytes = uint16_t(p.ext_bits / 8);
    p.y_bytes = uint16_t(p.m_hat * p.ext_bytes);
    p.alpha_bytes = uint16_t(p.eta * p.ext_bytes);
    p.partial_delta_x_bytes = uint16_t(p.x_bytes - p.seed_bytes);
    p.prg_blc_bytes = uint16_t(p.x_bytes + p.alpha_bytes - p.seed_bytes);
    p.eq_stream_bytes = uint32_t((p.n * (p.n + 1) / 2 + p.n) * p.ext_bytes);
    p.opening_bytes = uint32_t(p.tau) * (p.partial_delta_x_bytes + p.log_n_evals * p.seed_bytes + p.digest_bytes);
    p.pk_bytes = uint32_t(2 * p.seed_bytes + p.y_bytes);
    p.sk_bytes = p.pk_bytes + p.x_bytes;
    p.sig_off_com1 = p.salt_bytes;
    p.sig_off_com2 = p.sig_off_com1 + p.digest_bytes;
    p.sig_off_alpha1 = p.sig_off_com2 + p.digest_bytes;
    p.sig_off_opening = p.sig_off_alpha1 + uint32_t(p.tau) * p.alpha_bytes;
    p.sig_off_nonce = p.sig_off_opening + p.opening_bytes;
    p.sig_bytes = p.sig_off_nonce + 4;
    p.tree_bytes = uint32_t(2) * p.n_evals * p.seed_bytes;
    p.ls_com_bytes = uint32_t(p.n_evals) * p.digest_bytes;
    p.a_hat_bytes = uint32_t(p.m_hat) * (p.n * (p.n + 1) / 2) * p.ext_bytes;
    p.b_hat_bytes = uint32_t(p.m_hat) * p.n * p.ext_bytes;
    return p;
}

}  // namespace detail

// ---- the 48 sets (order: category, base field, short/fast, r3/r5) -------

#define PQMCU_MQOM_SET(cat, fld, tr, r)                                                           \
    detail::make("mqom2_cat" #cat "_" #fld "_" #tr "_r" #r, "MQOM2-L" #cat "-" #fld "-" #tr "-r" #r, \
                 "cat" #cat "-" #fld "-" #tr "-r" #r, cat, FieldId::fld,                          \
                 Tradeoff::PQMCU_MQOM_TR_##tr, r)
#define PQMCU_MQOM_TR_fast fast
#define PQMCU_MQOM_TR_short short_
#define PQMCU_MQOM_TR_faster faster
#define PQMCU_MQOM_SETS_FOR(cat)                                                                   \
    PQMCU_MQOM_SET(cat, gf2, short, 3), PQMCU_MQOM_SET(cat, gf2, short, 5),                        \
    PQMCU_MQOM_SET(cat, gf2, fast, 3), PQMCU_MQOM_SET(cat, gf2, fast, 5),                          \
    PQMCU_MQOM_SET(cat, gf4, short, 3), PQMCU_MQOM_SET(cat, gf4, short, 5),                        \
    PQMCU_MQOM_SET(cat, gf4, fast, 3), PQMCU_MQOM_SET(cat, gf4, fast, 5),                          \
    PQMCU_MQOM_SET(cat, gf16, short, 3), PQMCU_MQOM_SET(cat, gf16, short, 5),                      \
    PQMCU_MQOM_SET(cat, gf16, fast, 3), PQMCU_MQOM_SET(cat, gf16, fast, 5),                        \
    PQMCU_MQOM_SET(cat, gf256, short, 3), PQMCU_MQOM_SET(cat, gf256, short, 5),                    \
    PQMCU_MQOM_SET(cat, gf256, fast, 3), PQMCU_MQOM_SET(cat, gf256, fast, 5)

// The official sets first (indices 0 .. kNumOfficialParams-1, the ones with
// KAT files), then the Faster sets: code that walks the KAT files stops at
// kNumOfficialParams.
inline constexpr Params kAllParams[] = {
    PQMCU_MQOM_SETS_FOR(1),
    PQMCU_MQOM_SETS_FOR(3),
    PQMCU_MQOM_SETS_FOR(5),
    PQMCU_MQOM_SET(1, gf16, faster, 5),
    PQMCU_MQOM_SET(3, gf16, faster, 5),
    PQMCU_MQOM_SET(5, gf16, faster, 5),
};
inline constexpr size_t kNumParams = sizeof(kAllParams) / sizeof(kAllParams[0]);
inline constexpr size_t kNumOfficialParams = 48;
static_assert(kNumParams == kNumOfficialParams + 3);
constexpr bool is_official(const Params& p) { return p.tradeoff != Tradeoff::faster; }

#undef PQMCU_MQOM_SETS_FOR
#undef PQMCU_MQOM_SET

namespace detail {
constexpr bool str_eq(const char* a, const char* b) {
    while (*a && *a == *b) ++a, ++b;
    return *a == *b;
}
constexpr size_t index_of(const char* name) {
    for (size_t i = 0; i < kNumParams; ++i)
        if (str_eq(kAllParams[i].name, name)) return i;
    return kNumParams;
}
}  // namespace detail

// Run-time lookup by liboqs-style name ("mqom2_cat1_gf16_fast_r5"), by
// reference label ("MQOM2-L1-gf16-fast-r5") or KAT stem ("cat1-gf16-fast-r5").
// nullptr when unknown.
constexpr const Params* find_params(const char* name) {
    for (size_t i = 0; i < kNumParams; ++i) {
        const Params& p = kAllParams[i];
        if (detail::str_eq(p.name, name) || detail::str_eq(p.label, name) || detail::str_eq(p.kat_stem, name))
            return &p;
    }
    return nullptr;
}

// ---- compile-time types -------------------------------------------------

namespace detail {
template <FieldId F> struct FieldOf;
template <> struct FieldOf<FieldId::gf2> { using type = field::GF2; };
template <> struct FieldOf<FieldId::gf4> { using type = field::GF4; };
template <> struct FieldOf<FieldId::gf16> { using type = field::GF16; };
template <> struct FieldOf<FieldId::gf256> { using type = field::GF256; };
template <> struct FieldOf<FieldId::gf256sq> { using type = field::GF256Sq; };
}  // namespace detail

// A parameter set as a type: the Params record plus the field types, and
// every constant as a constexpr member so buffers can be sized at compile
// time (`uint8_t sig[Set::sig_bytes];`). Code that only depends on counts
// should take `Set::params()` (or the members) as values; code that depends
// on the arithmetic templates on Base / Ext / cipher / xof.
template <size_t Index>
struct ParamSet {
    static_assert(Index < kNumParams);
    static constexpr const Params& params() { return kAllParams[Index]; }
    static constexpr Params P = kAllParams[Index];

    using Base = typename detail::FieldOf<P.base>::type;
    using Ext = typename detail::FieldOf<P.ext>::type;

    static constexpr Cipher cipher = P.cipher;
    static constexpr Xof xof = P.xof;
    static constexpr unsigned category = P.category;
    static constexpr unsigned security = P.security;
    static constexpr bool batching = P.batching;
    static constexpr size_t n = P.n, m = P.m, m_hat = P.m_hat, mu = P.mu, eta = P.eta;
    static constexpr size_t tau = P.tau, log_n_evals = P.log_n_evals, n_evals = P.n_evals, w = P.w;
    static constexpr size_t seed_bytes = P.seed_bytes, salt_bytes = P.salt_bytes, digest_bytes = P.digest_bytes;
    static constexpr size_t x_bytes = P.x_bytes, y_bytes = P.y_bytes, ext_bytes = P.ext_bytes;
    static constexpr size_t alpha_bytes = P.alpha_bytes, partial_delta_x_bytes = P.partial_delta_x_bytes;
    static constexpr size_t prg_blc_bytes = P.prg_blc_bytes, eq_stream_bytes = P.eq_stream_bytes;
    static constexpr size_t opening_bytes = P.opening_bytes;
    static constexpr size_t pk_bytes = P.pk_bytes, sk_bytes = P.sk_bytes, sig_bytes = P.sig_bytes;
    static constexpr size_t tree_bytes = P.tree_bytes, ls_com_bytes = P.ls_com_bytes;
    static constexpr size_t a_hat_bytes = P.a_hat_bytes, b_hat_bytes = P.b_hat_bytes;
};

#define PQMCU_MQOM_ALIAS(ident) using ident = ParamSet<detail::index_of(#ident)>
PQMCU_MQOM_ALIAS(mqom2_cat1_gf2_short_r3);   PQMCU_MQOM_ALIAS(mqom2_cat1_gf2_short_r5);
PQMCU_MQOM_ALIAS(mqom2_cat1_gf2_fast_r3);    PQMCU_MQOM_ALIAS(mqom2_cat1_gf2_fast_r5);
PQMCU_MQOM_ALIAS(mqom2_cat1_gf4_short_r3);   PQMCU_MQOM_ALIAS(mqom2_cat1_gf4_short_r5);
PQMCU_MQOM_ALIAS(mqom2_cat1_gf4_fast_r3);    PQMCU_MQOM_ALIAS(mqom2_cat1_gf4_fast_r5);
PQMCU_MQOM_ALIAS(mqom2_cat1_gf16_short_r3);  PQMCU_MQOM_ALIAS(mqom2_cat1_gf16_short_r5);
PQMCU_MQOM_ALIAS(mqom2_cat1_gf16_fast_r3);   PQMCU_MQOM_ALIAS(mqom2_cat1_gf16_fast_r5);
PQMCU_MQOM_ALIAS(mqom2_cat1_gf256_short_r3); PQMCU_MQOM_ALIAS(mqom2_cat1_gf256_short_r5);
PQMCU_MQOM_ALIAS(mqom2_cat1_gf256_fast_r3);  PQMCU_MQOM_ALIAS(mqom2_cat1_gf256_fast_r5);
PQMCU_MQOM_ALIAS(mqom2_cat3_gf2_short_r3);   PQMCU_MQOM_ALIAS(mqom2_cat3_gf2_short_r5);
PQMCU_MQOM_ALIAS(mqom2_cat3_gf2_fast_r3);    PQMCU_MQOM_ALIAS(mqom2_cat3_gf2_fast_r5);
PQMCU_MQOM_ALIAS(mqom2_cat3_gf4_short_r3);   PQMCU_MQOM_ALIAS(mqom2_cat3_gf4_short_r5);
PQMCU_MQOM_ALIAS(mqom2_cat3_gf4_fast_r3);    PQMCU_MQOM_ALIAS(mqom2_cat3_gf4_fast_r5);
PQMCU_MQOM_ALIAS(mqom2_cat3_gf16_short_r3);  PQMCU_MQOM_ALIAS(mqom2_cat3_gf16_short_r5);
PQMCU_MQOM_ALIAS(mqom2_cat3_gf16_fast_r3);   PQMCU_MQOM_ALIAS(mqom2_cat3_gf16_fast_r5);
PQMCU_MQOM_ALIAS(mqom2_cat3_gf256_short_r3); PQMCU_MQOM_ALIAS(mqom2_cat3_gf256_short_r5);
PQMCU_MQOM_ALIAS(mqom2_cat3_gf256_fast_r3);  PQMCU_MQOM_ALIAS(mqom2_cat3_gf256_fast_r5);
PQMCU_MQOM_ALIAS(mqom2_cat5_gf2_short_r3);   PQMCU_MQOM_ALIAS(mqom2_cat5_gf2_short_r5);
PQMCU_MQOM_ALIAS(mqom2_cat5_gf2_fast_r3);    PQMCU_MQOM_ALIAS(mqom2_cat5_gf2_fast_r5);
PQMCU_MQOM_ALIAS(mqom2_cat5_gf4_short_r3);   PQMCU_MQOM_ALIAS(mqom2_cat5_gf4_short_r5);
PQMCU_MQOM_ALIAS(mqom2_cat5_gf4_fast_r3);    PQMCU_MQOM_ALIAS(mqom2_cat5_gf4_fast_r5);
PQMCU_MQOM_ALIAS(mqom2_cat5_gf16_short_r3);  PQMCU_MQOM_ALIAS(mqom2_cat5_gf16_short_r5);
PQMCU_MQOM_ALIAS(mqom2_cat5_gf16_fast_r3);   PQMCU_MQOM_ALIAS(mqom2_cat5_gf16_fast_r5);
PQMCU_MQOM_ALIAS(mqom2_cat5_gf256_short_r3); PQMCU_MQOM_ALIAS(mqom2_cat5_gf256_short_r5);
PQMCU_MQOM_ALIAS(mqom2_cat5_gf256_fast_r3);  PQMCU_MQOM_ALIAS(mqom2_cat5_gf256_fast_r5);
PQMCU_MQOM_ALIAS(mqom2_cat1_gf16_faster_r5);
PQMCU_MQOM_ALIAS(mqom2_cat3_gf16_faster_r5);
PQMCU_MQOM_ALIAS(mqom2_cat5_gf16_faster_r5);
#undef PQMCU_MQOM_ALIAS

// ---- sizes verified against the official KAT files -----------------------
// {kat stem, pk, sk, smlen - mlen} read from the first entry of every
// ../shared/kat/mqom/PQCsignKAT_<stem>.rsp (tests re-read the files on hosts).
struct KatSizes {
    const char* kat_stem;
    uint32_t pk_bytes, sk_bytes, sig_bytes;
};
inline constexpr KatSizes kKatSizes[] = {
    {"cat1-gf2-short-r3", 52, 72, 2868},     {"cat1-gf2-short-r5", 52, 72, 2820},
    {"cat1-gf2-fast-r3", 52, 72, 3212},      {"cat1-gf2-fast-r5", 52, 72, 3144},
    {"cat1-gf4-short-r3", 54, 76, 2916},     {"cat1-gf4-short-r5", 54, 76, 2844},
    {"cat1-gf4-fast-r3", 54, 76, 3280},      {"cat1-gf4-fast-r5", 54, 76, 3178},
    {"cat1-gf16-short-r3", 60, 88, 3060},    {"cat1-gf16-short-r5", 60, 88, 2916},
    {"cat1-gf16-fast-r3", 60, 88, 3484},     {"cat1-gf16-fast-r5", 60, 88, 3280},
    {"cat1-gf256-short-r3", 80, 128, 3540},  {"cat1-gf256-short-r5", 80, 128, 3156},
    {"cat1-gf256-fast-r3", 80, 128, 4164},   {"cat1-gf256-fast-r5", 80, 128, 3620},
    {"cat3-gf2-short-r3", 78, 108, 6388},    {"cat3-gf2-short-r5", 78, 108, 6280},
    {"cat3-gf2-fast-r3", 78, 108, 7576},     {"cat3-gf2-fast-r5", 78, 108, 7414},
    {"cat3-gf4-short-r3", 82, 116, 6532},    {"cat3-gf4-short-r5", 82, 116, 6352},
    {"cat3-gf4-fast-r3", 82, 116, 7792},     {"cat3-gf4-fast-r5", 82, 116, 7522},
    {"cat3-gf16-short-r3", 90, 132, 6820},   {"cat3-gf16-short-r5", 90, 132, 6496},
    {"cat3-gf16-fast-r3", 90, 132, 8224},    {"cat3-gf16-fast-r5", 90, 132, 7738},
    {"cat3-gf256-short-r3", 120, 192, 7900}, {"cat3-gf256-short-r5", 120, 192, 7036},
    {"cat3-gf256-fast-r3", 120, 192, 9844},  {"cat3-gf256-fast-r5", 120, 192, 8548},
    {"cat5-gf2-short-r3", 104, 144, 11764},  {"cat5-gf2-short-r5", 104, 144, 11564},
    {"cat5-gf2-fast-r3", 104, 144, 13412},   {"cat5-gf2-fast-r5", 104, 144, 13124},
    {"cat5-gf4-short-r3", 108, 152, 11964},  {"cat5-gf4-short-r5", 108, 152, 11664},
    {"cat5-gf4-fast-r3", 108, 152, 13700},   {"cat5-gf4-fast-r5", 108, 152, 13268},
    {"cat5-gf16-short-r3", 122, 180, 12664}, {"cat5-gf16-short-r5", 122, 180, 12014},
    {"cat5-gf16-fast-r3", 122, 180, 14708},  {"cat5-gf16-fast-r5", 122, 180, 13772},
    {"cat5-gf256-short-r3", 160, 256, 14564}, {"cat5-gf256-short-r5", 160, 256, 12964},
    {"cat5-gf256-fast-r3", 160, 256, 17444},  {"cat5-gf256-fast-r5", 160, 256, 15140},
};
static_assert(sizeof(kKatSizes) / sizeof(kKatSizes[0]) == kNumOfficialParams);

// The Faster sets have no official KAT files: their sizes as published with
// them (embedded-experiments README and paper: signatures 3984 / 9016 / 15864
// bytes; pk and sk as the gf16 fast sets of the same category).
inline constexpr KatSizes kFasterSizes[] = {
    {"cat1-gf16-faster-r5", 60, 88, 3984},
    {"cat3-gf16-faster-r5", 90, 132, 9016},
    {"cat5-gf16-faster-r5", 122, 180, 15864},
};
static_assert(sizeof(kFasterSizes) / sizeof(kFasterSizes[0]) == kNumParams - kNumOfficialParams);

namespace detail {
constexpr bool all_sizes_match() {
    for (size_t i = 0; i < kNumParams; ++i) {
        const KatSizes& k = i < kNumOfficialParams ? kKatSizes[i] : kFasterSizes[i - kNumOfficialParams];
        size_t j = 0;
        while (j < kNumParams && !str_eq(kAllParams[j].kat_stem, k.kat_stem)) ++j;
        if (j == kNumParams) return false;
        const Params& p = kAllParams[j];
        if (p.pk_bytes != k.pk_bytes || p.sk_bytes != k.sk_bytes || p.sig_bytes != k.sig_bytes) return false;
        if (is_official(p) != (j < kNumOfficialParams)) return false;  // official sets first
    }
    return true;
}
constexpr bool all_sets_consistent() {
    for (size_t i = 0; i < kNumParams; ++i) {
        const Params& p = kAllParams[i];
        if (p.mu * p.base_bits != p.ext_bits) return false;
        if (p.m % p.mu != 0) return false;                    // reference requirement
        if (p.x_bytes * 8 != p.n * p.base_bits) return false;  // x packs into whole bytes
        if (p.x_bytes <= p.seed_bytes) return false;           // delta = first seed_bytes of x
        if (p.n_evals % 8 != 0) return false;
        if (p.tau * 4 > 255) return false;                     // tweak byte sel + 4e fits
        if (p.log_n_evals > 16 || p.w > 16) return false;      // 16-bit challenge words
    }
    return true;
}
}  // namespace detail
static_assert(detail::all_sizes_match(), "MQOM sizes disagree with the KAT files");
static_assert(detail::all_sets_consistent());
static_assert(mqom2_cat1_gf16_fast_r5::sig_bytes == 3280);
static_assert(mqom2_cat5_gf256_fast_r3::sig_bytes == 17444);
static_assert(mqom2_cat1_gf16_faster_r5::n_evals == 64 && mqom2_cat1_gf16_faster_r5::tau == 25 &&
              mqom2_cat1_gf16_faster_r5::w == 3 && mqom2_cat1_gf16_faster_r5::eta == 16);
static_assert(mqom2_cat3_gf16_faster_r5::tau == 38 && mqom2_cat3_gf16_faster_r5::w == 2);
static_assert(mqom2_cat5_gf16_faster_r5::tau == 50 && mqom2_cat5_gf16_faster_r5::w == 6);

// Largest tau of any set: sizes the fixed challenge buffers.
inline constexpr uint32_t kMaxTauAll = [] {
    uint32_t t = 0;
    for (const Params& p : kAllParams) t = p.tau > t ? p.tau : t;
    return t;
}();

}  // namespace pqmcu::mqom
