// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Classic McEliece engine: one implementation on run-time Params,
// templated only on the field (m = 12 or 13; explicit instantiations in
// keygen.cpp and kem.cpp). The scheme front end (scheme.hpp) sizes the
// buffers from the set's constexpr Params and hands them in as views.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/status.hpp"
#include "mceliece/gf.hpp"
#include "mceliece/params.hpp"

namespace pqmcu::mceliece {

// Largest t (the engine's small fixed arrays).
inline constexpr uint32_t kMaxT = 128;

// Key generation's buffers. The public key buffer itself holds the right
// part T of the matrix during the elimination (row r, column mt + c at bit
// c of pk row r); `left` holds the mt x mt block on its left.
struct KeygenWork {
    uint64_t* sort_buf;  // q words: the field ordering's sort, then the control-bit recursion's 2q uint32
    int16_t* pi;         // q: the field ordering
    gf* L;               // n: the support alpha_0 .. alpha_{n-1}
    gf* inv;             // n: 1 / g(alpha_j), times alpha_j per block of m rows
    uint64_t* left;      // mt rows x left_words(); also the Goppa system's (t+1) x t elements first
};

// Decapsulation's buffers. Decoding works on 64 support elements at once,
// bitsliced (word k of a batch holds bit k of 64 field elements); a batch's
// support is bitsliced from L when needed.
struct DecapsWork {
    gf* L;            // q: the support (the Benes network applied to bitrev(0 .. q-1))
    uint64_t* ginv2;  // batches x m: 1 / g(alpha)^2, bitsliced
    uint8_t* e;       // n/8: the decoded error vector, then e or s
    gf* small;        // 9 (t + 1): g, syndromes, locator, Berlekamp-Massey state
};
constexpr uint32_t decode_batches(const Params& p) { return (p.n + 63) / 64; }

// Encapsulation's buffers.
struct EncapsWork {
    uint8_t* e;      // n/8
    uint8_t* etail;  // pk_row_bytes(): e's bits mt .. n-1 from bit 0
};

template <int M>
Status keypair_from_seed(const Params& p, const uint8_t* delta, uint8_t* pk, uint8_t* sk, const KeygenWork& w);

// FixedWeight from fixed_weight_bytes() random bytes: true (public) and the
// weight-t vector e when the draw is usable; false asks for a new draw.
bool fixed_weight(const Params& p, const uint8_t* random, uint8_t* e);

// C = (H e [, H(2, e)]) and K = H(1, e, C). ok, or malformed_input when the
// public key's padding bits (mceliece6960119*) are not zero (ct, ss zeroed).
Status encapsulate_with_e(const Params& p, uint8_t* ct, uint8_t* ss, const uint8_t* pk, const uint8_t* e,
                          const EncapsWork& w);

// K = H(b, e or s, C) (implicit rejection). ok, or malformed_input (ss all
// 0xFF, as the reference) when the ciphertext's padding bits are not zero.
template <int M>
Status decapsulate(const Params& p, uint8_t* ss, const uint8_t* ct, const uint8_t* sk, const DecapsWork& w);

}  // namespace pqmcu::mceliece
