// SPDX-License-Identifier: Apache-2.0 OR MIT
// The NTRU parameter sets (NIST round 3, plus ntruhps40961229 and
// ntruhrss1373 of the later reference): ring Z_q[x]/(x^n - 1) with q = 2^logq,
// two families (HPS: fixed-weight m and g; HRSS: i.i.d. ternary m, r and
// f, g with the non-negative correlation condition).
// Every byte size follows from (n, logq, variant).
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::ntru {

enum class Variant : uint8_t { hps, hrss };

struct Params {
    const char* name;
    Variant variant;
    uint16_t n;     // prime; polynomials have n coefficients
    uint8_t logq;   // q = 2^logq

    constexpr bool hps() const { return variant == Variant::hps; }
    constexpr uint32_t q() const { return uint32_t(1) << logq; }
    // HPS: the number of non-zero coefficients of m and g (half +1, half -1).
    constexpr uint32_t weight() const { return q() / 8 - 2; }

    // Bytes the samplers consume: one byte per coefficient for an i.i.d.
    // ternary polynomial, 30 bits per coefficient for a fixed-weight one.
    constexpr size_t iid_bytes() const { return size_t(n) - 1; }
    constexpr size_t fixed_weight_bytes() const { return (30 * (size_t(n) - 1) + 7) / 8; }
    constexpr size_t fg_seed_bytes() const { return iid_bytes() + (hps() ? fixed_weight_bytes() : iid_bytes()); }
    constexpr size_t rm_seed_bytes() const { return fg_seed_bytes(); }

    // Packings: S3 at five coefficients per byte, R_q at logq bits per
    // coefficient (both over n - 1 coefficients).
    constexpr size_t packed_s3_bytes() const { return (size_t(n) - 1 + 4) / 5; }
    constexpr size_t packed_rq_bytes() const { return (size_t(logq) * (size_t(n) - 1) + 7) / 8; }

    static constexpr size_t prf_key_bytes = 32;
    static constexpr size_t shared_key_bytes = 32;
    constexpr size_t msg_bytes() const { return 2 * packed_s3_bytes(); }  // packed (r, m)
    constexpr size_t owcpa_sk_bytes() const { return 2 * packed_s3_bytes() + packed_rq_bytes(); }
    constexpr size_t pk_bytes() const { return packed_rq_bytes(); }
    constexpr size_t sk_bytes() const { return owcpa_sk_bytes() + prf_key_bytes; }  // f | f^-1 mod 3 | h^-1 | prf key
    constexpr size_t ct_bytes() const { return packed_rq_bytes(); }
};

struct ntruhps2048509 { static constexpr Params params{"ntruhps2048509", Variant::hps, 509, 11}; };
struct ntruhps2048677 { static constexpr Params params{"ntruhps2048677", Variant::hps, 677, 11}; };
struct ntruhps4096821 { static constexpr Params params{"ntruhps4096821", Variant::hps, 821, 12}; };
struct ntruhps40961229 { static constexpr Params params{"ntruhps40961229", Variant::hps, 1229, 12}; };
struct ntruhrss701 { static constexpr Params params{"ntruhrss701", Variant::hrss, 701, 13}; };
struct ntruhrss1373 { static constexpr Params params{"ntruhrss1373", Variant::hrss, 1373, 14}; };

}  // namespace pqmcu::ntru
