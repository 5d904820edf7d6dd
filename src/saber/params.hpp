// SPDX-License-Identifier: Apache-2.0 OR MIT
// Saber (round 3) parameter sets: module rank l, binomial parameter mu and
// the ciphertext scaling bits eps_T; q = 2^13, p = 2^10, n = 256 for all.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::saber {

inline constexpr size_t kN = 256;
inline constexpr unsigned kLogQ = 13;  // eps_q
inline constexpr unsigned kLogP = 10;  // eps_p
inline constexpr size_t kSeedBytes = 32, kNoiseSeedBytes = 32, kKeyBytes = 32, kHashBytes = 32;

struct Params {
    const char* name;
    unsigned l, mu, et;
    constexpr size_t poly_q_bytes() const { return kLogQ * kN / 8; }             // 416
    constexpr size_t poly_p_bytes() const { return kLogP * kN / 8; }             // 320
    constexpr size_t polyvec_q_bytes() const { return l * poly_q_bytes(); }
    constexpr size_t polyvec_p_bytes() const { return l * poly_p_bytes(); }
    constexpr size_t coin_bytes() const { return mu * kN / 8; }                  // per secret polynomial
    constexpr size_t scale_bytes() const { return et * kN / 8; }                 // c_m
    constexpr size_t indcpa_pk_bytes() const { return polyvec_p_bytes() + kSeedBytes; }
    constexpr size_t indcpa_sk_bytes() const { return polyvec_q_bytes(); }
    constexpr size_t pk_bytes() const { return indcpa_pk_bytes(); }
    // sk = s (mod q) || pk || H(pk) || z
    constexpr size_t sk_bytes() const { return indcpa_sk_bytes() + indcpa_pk_bytes() + kHashBytes + kKeyBytes; }
    constexpr size_t ct_bytes() const { return polyvec_p_bytes() + scale_bytes(); }
};

struct lightsaber { static constexpr Params params{"lightsaber", 2, 10, 3}; };
struct saber { static constexpr Params params{"saber", 3, 8, 4}; };
struct firesaber { static constexpr Params params{"firesaber", 4, 6, 6}; };

static_assert(lightsaber::params.pk_bytes() == 672 && lightsaber::params.sk_bytes() == 1568 &&
              lightsaber::params.ct_bytes() == 736);
static_assert(saber::params.pk_bytes() == 992 && saber::params.sk_bytes() == 2304 && saber::params.ct_bytes() == 1088);
static_assert(firesaber::params.pk_bytes() == 1312 && firesaber::params.sk_bytes() == 3040 &&
              firesaber::params.ct_bytes() == 1472);

}  // namespace pqmcu::saber
