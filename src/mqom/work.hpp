// Working memory of one keygen/sign/verify call, as views into a
// caller-provided Workspace (see scheme.hpp for the owning, exactly sized
// struct). Nothing here allocates.
#pragma once
#include <cstddef>
#include <cstdint>

#include "cipher/block_cipher.hpp"
#include "field/word.hpp"

namespace pqmcu::mqom::detail {

template <class Elt>
struct Work {
    uint8_t* leaves;  // par_reps * N * S   GGM leaves of the repetitions in flight
    uint32_t par_reps;   // repetitions processed in lock-step by the BLC (1 or 4)
    Elt* eq;          // eq_group * eq_window_bytes   stream windows of the equations in flight
    uint32_t eq_group;   // equations streamed in lock-step (1 .. kMaxEqGroup)
    field::word_t* xT;   // n rows of lane_bytes: x0[.][k] (sign, lane tau = lift(x_k)) / x_eval[.][k] (verify)
    field::word_t* tT;   // eq_group * Piop::state_rows() rows of lane_bytes: per-equation accumulators
    field::word_t* tab;  // row-product buckets (Lanes<E>::bucket_words(digit_bits, lane words))
    uint32_t digit_bits; // bucket digit of the row products: 4 (nibbles) or 1 (bits, smallest)
    bool lut_not_ct;     // Lut profile: secret products by log/exp tables (NOT constant time)
    Elt* ua;          // tau * eta       u0[e] / u_eval[e]
    Elt* ub;          // tau * eta       u1[e] (sign) / alpha1[e] (verify)
    Elt* z0;          // tau * m_ext   z0 (sign) / v_z (verify); unused with alpha_direct
    Elt* z1;          // tau * m_ext   z1 (sign); unused with alpha_direct
    bool alpha_direct;   // alpha accumulated per equation (no z buffers)
    Elt* gamma;       // eta * m_ext     batching matrix (r5 only)
    Elt* xl;          // n               lifted x (sign)
    Elt* alpha;       // tau * eta       alpha0 (sign, verify)
    Elt* alpha1;      // tau * eta       alpha1 (sign)
    uint8_t* scratch; // (par_reps * (log_n + 1) + 32) * exp_bytes
    uint8_t* hls;     // tau * digest    hashes of the leaf commitments
    uint8_t* rseed;   // tau * S         root seeds (kept for the opening)
    cipher::Backend pub_backend;  // cipher backend for public data (equations, verification)
    cipher::Backend sec_backend;  // cipher backend for secret seeds (GGM tree, commitments, PRG): constant time or hardware
};

// Key generation's own small working memory (no signing Workspace needed).
template <class Elt>
struct KeygenWork {
    Elt* eq;             // eq_group * eq_window_bytes   stream windows
    uint32_t eq_group;   // equations streamed in lock-step
    Elt* planes;         // base bits * n   bit planes of x (all-ones / zero elements)
    cipher::Backend pub_backend;
};

}  // namespace pqmcu::mqom::detail
