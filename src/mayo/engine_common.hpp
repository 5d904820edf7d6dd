// SPDX-License-Identifier: Apache-2.0 OR MIT
// Steps shared by the expanded engine (engine.cpp) and the streamed one
// (engine_stream.cpp): encodings, key derivation, the signing tail (y, A,
// solve through the kernel table's echelon form, encode) and verification's
// final fold. Defined in engine.cpp.
#pragma once
#include <cstddef>
#include <cstdint>

#include "mayo/params.hpp"

namespace pqmcu::mayo::detail {

void decode_nibbles(const uint8_t* in, uint8_t* out, uint32_t count);
void encode_nibbles(const uint8_t* in, uint8_t* out, uint32_t count);
// One packed m-vector (p.layout) <-> limbs.
void load_mvec(const Params& p, const uint8_t* in, uint64_t* out);
void store_mvec(const Params& p, const uint64_t* in, uint8_t* out);
// SHAKE256(seed_sk) = seed_pk (16 bytes, declassified) || O (v x o, one element per byte).
void derive_seed_pk_and_O(const Params& p, const uint8_t* seed_sk, uint8_t* seed_pk, uint8_t* O);
// P3 (o x o m-vectors, full) -> Upper(P3) as packed in the public key.
void store_upper_p3(const Params& p, const uint64_t* P3, uint8_t* out);

// digest: M_digest = SHAKE256(msg) (Scheme::MessageDigest, digest_bytes).
// buf (digest || salt || seed_sk || ctr, kMaxDigest + kMaxSalt + kMaxSkSeed + 1
// bytes) filled; salt (declassified) and t (m elements) computed.
void sign_prelude(const Params& p, const uint8_t* sk, const uint8_t* digest, const uint8_t* randomizer,
                  uint8_t* buf, uint8_t* salt, uint8_t* t);
// Attempt ctr: v_1..v_k into vd (k x v) and r (k*o).
void sample_vinegar(const Params& p, uint8_t* buf, uint32_t ctr, uint8_t* vd, uint8_t* r);
// From M_i = v_i^T L (k x o m-vectors) and VPV[j][i] = v_j^T P1 v_i (k x k;
// only VPV[i][j] + VPV[j][i] is used): y, A, and a solution x (kMaxKO + 1
// bytes). a: a_bytes, 8-byte aligned (A is built there as ko nibble-vector
// columns, a_column_bytes). false: A is not full rank.
bool solve_attempt(const Params& p, const uint64_t* M, const uint64_t* VPV, const uint8_t* t, const uint8_t* r,
                   uint8_t* a, uint64_t* ap, uint8_t* x);
// sig = encode(s_i = (v_i + O x_i, x_i)) || salt; s: k x n bytes of scratch.
void encode_signature(const Params& p, const uint8_t* vd, const uint8_t* O, const uint8_t* x, const uint8_t* salt,
                      uint8_t* s, uint8_t* sig);

// t from the message digest and the signature's salt, s (k x n) decoded; false when the
// padding nibble is set.
bool verify_prelude(const Params& p, const uint8_t* digest, const uint8_t* sig, uint8_t* t, uint8_t* s);
// Whether the folded SPS (k x k m-vectors) equals t.
bool quadratic_matches(const Params& p, const uint64_t* SPS, const uint8_t* t);

}  // namespace pqmcu::mayo::detail
