// SPDX-License-Identifier: Apache-2.0 OR MIT
// Run-time counts and byte sizes of one MQOM v2.1 parameter set, derived from
// the parameter set's constexpr data (so every value is a compile-time
// constant where the set type is known). The building blocks take a Dims by
// reference: they are instantiated per (security level, base field,
// extension field) only, not per parameter set.
#pragma once
#include <cstddef>
#include <cstdint>

#include "field/word.hpp"

namespace pqmcu::mqom {

struct Dims {
    uint32_t sec;       // 128 / 192 / 256
    uint32_t base_log2; // 1, 2, 4, 8
    uint32_t ext_log2;  // 8, 16
    uint32_t n;         // MQ variables
    uint32_t m;         // MQ equations (= n)
    uint32_t tau;       // repetitions
    uint32_t log_n;     // log2 of the number of evaluations (tree leaves)
    uint32_t w;         // grinding bits
    uint32_t eta;       // PIOP batching dimension (ext elements)
    bool batching;      // r5: statistical batching with Gamma; r3: none (eta = m/mu)

    constexpr uint32_t mu() const { return ext_log2 / base_log2; }
    constexpr uint32_t m_ext() const { return m / mu(); }         // equations over the extension
    constexpr uint32_t n_evals() const { return 1u << log_n; }    // N
    constexpr size_t seed() const { return sec / 8; }             // also the salt size
    constexpr size_t salt() const { return sec / 8; }
    constexpr size_t digest() const { return 2 * (sec / 8); }
    constexpr size_t ext_bytes() const { return ext_log2 / 8; }
    constexpr size_t x_bytes() const { return size_t(n) * base_log2 / 8; }
    constexpr size_t u_bytes() const { return size_t(eta) * ext_log2 / 8; }
    constexpr size_t y_bytes() const { return size_t(m_ext()) * ext_log2 / 8; }
    constexpr size_t pdx_bytes() const { return x_bytes() - seed(); }   // partial delta x
    constexpr size_t exp_bytes() const { return x_bytes() + u_bytes(); } // seed || PRG output
    constexpr size_t prg_blc_bytes() const { return exp_bytes() - seed(); }
    // (n + n(n+1)/2) extension elements per equation (lower triangle A_i, b_i)
    constexpr size_t eq_elts() const { return size_t(n) + size_t(n) * (n + 1) / 2; }
    constexpr size_t eq_bytes() const { return eq_elts() * ext_bytes(); }

    // One row of the transposed PIOP layout: tau + 1 extension elements
    // (repetitions, then lift(x) for the signer), padded to a whole number of
    // machine words (4 bytes on the M4: 5 words instead of 6 for cat1 fast,
    // one sixth less PIOP work; 8 bytes on x86-64).
    constexpr size_t lane_bytes() const {
        return ((size_t(tau) + 1) * ext_bytes() + field::kWordBytes - 1) / field::kWordBytes * field::kWordBytes;
    }

    // alpha0 / alpha1 buffers: tau x eta elements, or while the PIOP
    // accumulates them per equation (alpha_direct), eta lane rows.
    constexpr size_t alpha_buf_bytes() const {
        const size_t e_major = size_t(tau) * ext_bytes(), lanes = lane_bytes();
        return size_t(eta) * (e_major > lanes ? e_major : lanes);
    }

    constexpr size_t pk_bytes() const { return 2 * seed() + y_bytes(); }
    constexpr size_t sk_bytes() const { return pk_bytes() + x_bytes(); }
    constexpr size_t opening_bytes() const {
        return size_t(tau) * (pdx_bytes() + size_t(log_n) * seed() + digest());
    }
    constexpr size_t sig_bytes() const {
        return 4 + size_t(tau) * u_bytes() + salt() + 2 * digest() + opening_bytes();
    }
    // Signature layout: salt | com1 | com2 | alpha1 (tau * u_bytes) |
    //   opening = paths (tau * log_n * seed) | leaf commitments (tau * digest) |
    //             partial delta x (tau * pdx_bytes) | nonce (4, little endian)
    constexpr size_t off_com1() const { return salt(); }
    constexpr size_t off_com2() const { return off_com1() + digest(); }
    constexpr size_t off_alpha1() const { return off_com2() + digest(); }
    constexpr size_t off_opening() const { return off_alpha1() + size_t(tau) * u_bytes(); }
    constexpr size_t off_paths() const { return off_opening(); }
    constexpr size_t off_lscom() const { return off_paths() + size_t(tau) * log_n * seed(); }
    constexpr size_t off_pdx() const { return off_lscom() + size_t(tau) * digest(); }
    constexpr size_t off_nonce() const { return sig_bytes() - 4; }
};

}  // namespace pqmcu::mqom
