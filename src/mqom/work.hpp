// SPDX-License-Identifier: Apache-2.0 OR MIT
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
    uint32_t eq_group;   // equations tT is sized for (1 .. kMaxEqGroup); the PIOP runs as many as fit in tT
    field::word_t* xT;   // n rows of lane_bytes: x0[.][k] (sign, lane tau = lift(x_k)) / x_eval[.][k] (verify)
    field::word_t* tT;   // PIOP: per equation in flight its accumulators (Piop::state_rows() rows of
                         // lane_bytes; verify: 1 row) and its EqStream window (Piop::group)
    field::word_t* tab;  // row-product buckets (Lanes<E>::bucket_words(digit_bits, lane words))
    uint32_t digit_bits; // bucket digit of the row products: 4 (nibbles) or 1 (bits, smallest)
    bool lut_not_ct;     // Lut profile: secret products by log/exp tables (NOT constant time)
    Elt* ua;          // tau * eta       u0[e] / u_eval[e]
    Elt* ub;          // tau * eta       u1[e] (sign) / alpha1[e] (verify)
    Elt* z0;          // tau * m_ext   z0 (sign) / v_z (verify); unused with alpha_direct
    Elt* z1;          // tau * m_ext   z1 (sign); unused with alpha_direct
    bool alpha_direct;   // alpha accumulated per equation (no z buffers)
    Elt* gamma;       // eta * m_ext     batching matrix (r5 only)
    Elt* alpha;       // Dims::alpha_buf_bytes   alpha0 (sign, verify): tau x eta on return
    Elt* alpha1;      // Dims::alpha_buf_bytes   alpha1 (sign); word aligned (lane rows inside the PIOP)
    uint8_t* scratch; // (par_reps * (log_n + 1) + 32) * exp_bytes
    uint8_t* hls;     // tau * digest    hashes of the leaf commitments (stored-tree BLC only)
    uint8_t* rseed;   // tau * S         root seeds (kept for the opening; stored-tree BLC only)
    cipher::Backend pub_backend;  // cipher backend for public data (equations, verification)
    cipher::Backend sec_backend;  // cipher backend for secret seeds (GGM tree, commitments, PRG): constant time or hardware
    // Streamed BLC (leaf_batch_log != 0): one GGM tree walked depth first,
    // 2^leaf_batch_log leaves at a time; scratch then holds (log_n + 1) *
    // exp_bytes, leaves/hls/rseed are unused (the signer keeps the h_e in
    // the signature until com1, the verifier hashes them as they come; root
    // seeds are recomputed from mseed for the opening).
    uint32_t leaf_batch_log;   // 0: stored tree (Desktop); 1..3: streamed, batches of 2/4/8 leaves
    bool cache_keys;           // streamed signer: per-tree cipher keys kept in the signature's path field
    size_t tT_bytes;           // size of tT (the streamed verifier's key cache must fit in it)
    // Streamed signer whose subtree roots do not fit in tT: room for a
    // breadth-first group of them (Ggm::stream_bfs), or nullptr / 0.
    uint8_t* tree_top;
    size_t tree_top_bytes;
    // Other RAM for the signer's equation windows when it holds more of
    // them than scratch (one-tree: the walk's fold area, dead once com1 is
    // made): more equations share each PRG key schedule. nullptr: none.
    uint8_t* piop_win = nullptr;
    size_t piop_win_bytes = 0;
};

// The grouped verifier's working memory (Memory profile): the tau
// repetitions run in groups of `group`; each group's tree evaluations, then
// its PIOP (equations re-expanded per group), so every buffer is sized for
// one group. The PIOP's buffers (z, acc, eq, tab) live in the bytes of the
// BLC fold area (scratch), which is dead while they are used.
template <class Elt>
struct VerifyWork {
    uint32_t group;       // repetitions per group
    uint32_t nw;          // words of a lane row of one group
    field::word_t* xT;    // n rows of nw words: x_eval of the group's repetitions
    Elt* ua;              // group * eta: u_eval, then alpha0 of the group
    uint8_t* scratch;     // BLC fold area (log_n + 1) * exp_bytes, then the PIOP buffers
    size_t scratch_bytes;
    uint8_t* keys;        // tree key cache (keys_bytes 0: every batch schedules its keys)
    size_t keys_bytes;
    uint32_t digit_bits;  // bucket digit of the row products
    uint32_t leaf_batch_log;
    cipher::Backend pub_backend;
    // The PIOP's equation windows elsewhere (the streaming verifier's stack),
    // or nullptr: after its other buffers in scratch.
    uint8_t* eq_area = nullptr;
    size_t eq_area_bytes = 0;
};

// Key generation's own small working memory (no signing Workspace needed).
template <class Elt>
struct KeygenWork {
    Elt* eq;             // eq_group * eq_window_bytes   stream windows
    uint32_t eq_group;   // equations streamed in lock-step
    Elt* planes;         // base bits * n   bit planes of x (all-ones / zero elements); nullptr: none
    cipher::Backend pub_backend;
};

}  // namespace pqmcu::mqom::detail
