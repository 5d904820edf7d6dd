// SPDX-License-Identifier: Apache-2.0 OR MIT
// Classic McEliece parameter sets (round 4 / ISO format).
//
// A set is a type with a `static constexpr Params params`. What changes the
// code is the field GF(2^m) (m = 12 or 13: the engine is a template on m);
// n, t, the f-variant (semi-systematic form with (mu, nu) = (32, 64)), the
// plaintext confirmation (pc: C1 = H(2, e) appended to the ciphertext) and
// the polynomial defining GF((2^m)^t) are run-time data of one engine.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::mceliece {

struct Params {
    const char* name;
    uint32_t m, n, t;
    bool semi_systematic;  // the 'f' sets
    bool pc;               // plaintext confirmation appended to the ciphertext
    // GF((2^m)^t) = GF(2^m)[y] / F(y), F(y) = y^t + sum_i y^taps[i] + c0
    // (c0 is 1, or z for mceliece348864).
    uint8_t taps[3];
    uint8_t ntaps;
    uint16_t c0;

    constexpr uint32_t q() const { return 1u << m; }
    constexpr uint32_t mt() const { return m * t; }                   // rows of H
    constexpr uint32_t k() const { return n - mt(); }                 // columns of T
    constexpr uint32_t syndrome_bytes() const { return (mt() + 7) / 8; }
    constexpr uint32_t pk_row_bytes() const { return (k() + 7) / 8; }
    constexpr size_t pk_bytes() const { return size_t(mt()) * pk_row_bytes(); }
    constexpr uint32_t cond_bytes() const { return (1u << (m - 4)) * (2 * m - 1); }  // Benes control bits
    constexpr uint32_t irr_bytes() const { return 2 * t; }
    constexpr uint32_t sk_bytes() const { return 40 + irr_bytes() + cond_bytes() + n / 8; }
    constexpr uint32_t ct_bytes() const { return syndrome_bytes() + (pc ? 32 : 0); }
    // FixedWeight draws sigma1 = 16 bits per candidate: 2t candidates when
    // n < q (values >= n are rejected), t when n = q.
    constexpr uint32_t fixed_weight_bytes() const { return n == q() ? 2 * t : 4 * t; }
    // SeedGen: E = SHAKE256(64 || delta) of n/8 + 4q + 2t + 32 bytes
    // (s, the field ordering's 32-bit values, the Goppa element, delta').
    constexpr uint32_t seed_expansion_bytes() const { return n / 8 + 4 * q() + 2 * t + 32; }
    constexpr uint32_t left_words() const { return (mt() + 63) / 64; }  // the mt x mt block, one row
};

namespace detail {
constexpr Params set(const char* name, uint32_t m, uint32_t n, uint32_t t, bool f, bool pc) {
    Params p{name, m, n, t, f, pc, {0, 0, 0}, 0, 1};
    if (t == 64) { p.taps[0] = 3; p.taps[1] = 1; p.ntaps = 2; p.c0 = 2; }            // y^64 + y^3 + y + z
    if (t == 96) { p.taps[0] = 10; p.taps[1] = 9; p.taps[2] = 6; p.ntaps = 3; }     // y^96 + y^10 + y^9 + y^6 + 1
    if (t == 128) { p.taps[0] = 7; p.taps[1] = 2; p.taps[2] = 1; p.ntaps = 3; }     // y^128 + y^7 + y^2 + y + 1
    if (t == 119) { p.taps[0] = 8; p.ntaps = 1; }                                   // y^119 + y^8 + 1
    return p;
}
}  // namespace detail

#define PQMCU_MCELIECE_SET(id, m, n, t, f, pc) \
    struct id {                                \
        static constexpr Params params = detail::set(#id, m, n, t, f, pc); \
    }
PQMCU_MCELIECE_SET(mceliece348864, 12, 3488, 64, false, false);
PQMCU_MCELIECE_SET(mceliece348864f, 12, 3488, 64, true, false);
PQMCU_MCELIECE_SET(mceliece348864pc, 12, 3488, 64, false, true);
PQMCU_MCELIECE_SET(mceliece348864pcf, 12, 3488, 64, true, true);
PQMCU_MCELIECE_SET(mceliece460896, 13, 4608, 96, false, false);
PQMCU_MCELIECE_SET(mceliece460896f, 13, 4608, 96, true, false);
PQMCU_MCELIECE_SET(mceliece460896pc, 13, 4608, 96, false, true);
PQMCU_MCELIECE_SET(mceliece460896pcf, 13, 4608, 96, true, true);
PQMCU_MCELIECE_SET(mceliece6688128, 13, 6688, 128, false, false);
PQMCU_MCELIECE_SET(mceliece6688128f, 13, 6688, 128, true, false);
PQMCU_MCELIECE_SET(mceliece6688128pc, 13, 6688, 128, false, true);
PQMCU_MCELIECE_SET(mceliece6688128pcf, 13, 6688, 128, true, true);
PQMCU_MCELIECE_SET(mceliece6960119, 13, 6960, 119, false, false);
PQMCU_MCELIECE_SET(mceliece6960119f, 13, 6960, 119, true, false);
PQMCU_MCELIECE_SET(mceliece6960119pc, 13, 6960, 119, false, true);
PQMCU_MCELIECE_SET(mceliece6960119pcf, 13, 6960, 119, true, true);
PQMCU_MCELIECE_SET(mceliece8192128, 13, 8192, 128, false, false);
PQMCU_MCELIECE_SET(mceliece8192128f, 13, 8192, 128, true, false);
PQMCU_MCELIECE_SET(mceliece8192128pc, 13, 8192, 128, false, true);
PQMCU_MCELIECE_SET(mceliece8192128pcf, 13, 8192, 128, true, true);
#undef PQMCU_MCELIECE_SET

// Published sizes (shared/anchors/mceliece-parameters.csv).
static_assert(mceliece348864::params.pk_bytes() == 261120 && mceliece348864::params.sk_bytes() == 6492 &&
              mceliece348864::params.ct_bytes() == 96 && mceliece348864pc::params.ct_bytes() == 128);
static_assert(mceliece460896::params.pk_bytes() == 524160 && mceliece460896::params.sk_bytes() == 13608 &&
              mceliece460896::params.ct_bytes() == 156 && mceliece460896pc::params.ct_bytes() == 188);
static_assert(mceliece6688128::params.pk_bytes() == 1044992 && mceliece6688128::params.sk_bytes() == 13932 &&
              mceliece6688128::params.ct_bytes() == 208 && mceliece6688128pc::params.ct_bytes() == 240);
static_assert(mceliece6960119::params.pk_bytes() == 1047319 && mceliece6960119::params.sk_bytes() == 13948 &&
              mceliece6960119::params.ct_bytes() == 194 && mceliece6960119pc::params.ct_bytes() == 226);
static_assert(mceliece8192128::params.pk_bytes() == 1357824 && mceliece8192128::params.sk_bytes() == 14120 &&
              mceliece8192128::params.ct_bytes() == 208 && mceliece8192128pc::params.ct_bytes() == 240);

}  // namespace pqmcu::mceliece
