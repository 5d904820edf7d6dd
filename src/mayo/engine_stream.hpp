// Streamed (low-RAM) MAYO engine: P1 and P2 are never held whole. They are
// the AES-128-CTR keystream of the public seed_pk, so every pass reads them
// block by block from the counter, and what the expanded engine keeps (P1,
// P2, L, P3 of size o x o per ...) is replaced by accumulators:
//   keygen  one row of P1 O + P2 at a time, P3 (o x o) accumulated;
//   sign    one pass over P1 and P2 per attempt serves all k vectors:
//           M_i = v_i^T (P1 + P1^T) O + v_i^T P2 (L is never formed) and
//           v_j^T P1 v_i; the only large buffer is Y = P1^T v_i (v x k);
//   verify  the bins of each row of P, folded at once into S P S^T.
// Same run-time Params engine as engine.hpp, same outputs byte for byte.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/status.hpp"
#include "mayo/params.hpp"

namespace pqmcu::mayo {

// Buffer sizes per operation, in elements.
struct StreamSizes {
    size_t kg_p3_limbs;   // keygen: P3, o x o m-vectors
    size_t sg_y_limbs;    // sign: Y[c][i] = sum_{r<c} P1[r][c] v_i[r], v x k
    size_t sg_m_limbs;    // sign: M_i, k x o
    size_t sg_vpv_limbs;  // sign: v_j^T P1 v_i, k x k
    size_t a_bytes;       // sign: A, (m + k(k+1)/2) x (k*o + 1)
    size_t ap_limbs;      // sign: A packed (echelon form)
    size_t o_bytes;       // keygen, sign: O, v x o
    size_t vs_bytes;      // sign: v_i (k x v); verify: s_i (k x n)
    size_t vf_bins_limbs; // verify: k x 16 bins
    size_t vf_sps_limbs;  // verify: S P S^T, k x k
};
constexpr StreamSizes stream_sizes(const Params& p) {
    const size_t L = p.m_limbs(), k = p.k, o = p.o, v = p.v();
    return StreamSizes{o * o * L,
                       v * k * L,
                       k * o * L,
                       k * k * L,
                       (size_t(p.m) + p.kk()) * p.a_cols(),
                       size_t(p.m) * ((p.a_cols() + 15) / 16),
                       v * o,
                       k * p.n,
                       k * 16 * L,
                       k * k * L};
}

struct KeygenStreamWork {
    uint64_t* p3;
    uint8_t* O;
};
struct SignStreamWork {
    uint64_t* y;
    uint64_t* M;
    uint64_t* vpv;
    uint8_t* a;
    uint64_t* ap;
    uint8_t* O;
    uint8_t* vs;
};
struct VerifyStreamWork {
    uint64_t* bins;
    uint64_t* sps;
    uint8_t* s;
};

Status keypair_streamed(const Params& p, const uint8_t* seed_sk, uint8_t* pk, uint8_t* sk, const KeygenStreamWork& w);
Status sign_streamed(const Params& p, const uint8_t* sk, const uint8_t* msg, size_t mlen, const uint8_t* randomizer,
                     uint8_t* sig, const SignStreamWork& w);
Status verify_streamed(const Params& p, const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig,
                       const VerifyStreamWork& w);

}  // namespace pqmcu::mayo
