// SPDX-License-Identifier: Apache-2.0 OR MIT
// Streamed (low-RAM) MAYO engine: P1 and P2 are never held whole. They are
// the AES-128-CTR keystream of the public seed_pk, read one row at a time
// from the counter (the keystream holds P1 row by row, then P2), and every
// product of a row of P by the secret (or, in verify, public) matrix is done
// through 16-entry tables indexed by P's public nibbles (mvec_table.hpp):
//   keygen  row r of P1 O + P2, then P3 += O[r]^T (that row);
//   sign    one pass over P1 and P2 per attempt: row r gives (P1 v_i)[r] and
//           (P1 O + P2)[r] together (tables of (v_1..v_k, O) columns), and
//           M_i = v_i^T L = sum_r O[r] (P1 v_i)[r] + v_i[r] (P1 O + P2)[r]
//           (L = (P1 + P1^T) O + P2 is never formed), v_j^T P1 v_i likewise;
//   verify  row r of P gives (P s_i)[r], folded at once into S P S^T.
// Same run-time Params engine as engine.hpp, same outputs byte for byte.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/status.hpp"
#include "mayo/params.hpp"

namespace pqmcu::mayo {

// Width in 32-bit words of a table row of `cols` GF(16) elements (mvec_table.hpp).
constexpr uint32_t table_words(uint32_t cols) { return (cols + 7) / 8; }

// Buffer sizes per operation, in elements. Tables: one 16-entry table per
// column of P (v for keygen/sign, n for verify); row: one row of P as limbs;
// acc: the table accumulator (16 L rows of Wt words); cols: the m-vectors
// read out of it (keygen: row r of P1 O + P2; sign: (P1 v_i)[r] and row r of
// P1 O + P2; verify: (P s_i)[r]).
struct StreamSizes {
    uint32_t kg_wt, sg_wt, vf_wt;  // table widths: o, k + o, k elements
    size_t kg_p3_limbs;            // keygen: P3, o x o m-vectors
    size_t kg_tab_words, kg_acc_words, kg_cols_limbs;
    size_t sg_m_limbs;             // sign: M_i, k x o
    size_t sg_vpv_limbs;           // sign: v_j^T P1 v_i, k x k
    size_t sg_tab_words, sg_acc_words, sg_cols_limbs;
    size_t a_bytes;                // sign: A, (m + k(k+1)/2) x (k*o + 1)
    size_t ap_limbs;               // sign: A packed (echelon form)
    size_t vf_sps_limbs;           // verify: S P S^T, k x k
    size_t vf_tab_words, vf_acc_words, vf_cols_limbs;
    size_t row_limbs;              // keygen, sign: v m-vectors; verify: n
    size_t vf_row_limbs;
    size_t o_bytes;                // keygen, sign: O, v x o
    size_t vs_bytes;               // sign: v_i (k x v; k x n for s); verify: s_i (k x n)
};
constexpr StreamSizes stream_sizes(const Params& p) {
    const size_t L = p.m_limbs(), k = p.k, o = p.o, v = p.v(), n = p.n;
    const uint32_t kw = table_words(p.o), sw = table_words(p.k + p.o), vw = table_words(p.k);
    return StreamSizes{kw,
                       sw,
                       vw,
                       o * o * L,
                       v * 16 * kw,
                       16 * L * kw,
                       o * L,
                       k * o * L,
                       k * k * L,
                       v * 16 * sw,
                       16 * L * sw,
                       (k + o) * L,
                       (size_t(p.m) + p.kk()) * p.a_cols(),
                       size_t(p.m) * ((p.a_cols() + 15) / 16),
                       k * k * L,
                       n * 16 * vw,
                       16 * L * vw,
                       k * L,
                       v * L,
                       n * L,
                       v * o,
                       k * n};
}

struct KeygenStreamWork {
    uint64_t* p3;
    uint32_t* tabs;
    uint64_t* row;
    uint32_t* acc;
    uint64_t* cols;
    uint8_t* O;
};
struct SignStreamWork {
    uint64_t* M;
    uint64_t* vpv;
    uint32_t* tabs;
    uint64_t* row;
    uint32_t* acc;
    uint64_t* cols;
    uint8_t* a;
    uint64_t* ap;
    uint8_t* O;
    uint8_t* vs;
};
struct VerifyStreamWork {
    uint64_t* sps;
    uint32_t* tabs;
    uint64_t* row;
    uint32_t* acc;
    uint64_t* cols;
    uint8_t* s;
};

Status keypair_streamed(const Params& p, const uint8_t* seed_sk, uint8_t* pk, uint8_t* sk, const KeygenStreamWork& w);
Status sign_streamed(const Params& p, const uint8_t* sk, const uint8_t* digest, const uint8_t* randomizer,
                     uint8_t* sig, const SignStreamWork& w);
Status verify_streamed(const Params& p, const uint8_t* pk, const uint8_t* digest, const uint8_t* sig,
                       const VerifyStreamWork& w);

}  // namespace pqmcu::mayo
