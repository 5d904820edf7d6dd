// SPDX-License-Identifier: Apache-2.0 OR MIT
// MAYO key generation, signing and verification on a run-time Params, over
// caller-provided buffers (Work). One compiled engine serves all eight sets.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/status.hpp"
#include "mayo/params.hpp"

namespace pqmcu::mayo {

// Largest values over all sets (small stack arrays of the engine).
inline constexpr uint32_t kMaxM = 142, kMaxN = 154, kMaxK = 12, kMaxO = 18, kMaxKO = 144, kMaxKK = 78;
inline constexpr uint32_t kMaxSalt = 40, kMaxDigest = 64, kMaxSkSeed = 40;
inline constexpr uint32_t kMaxV = 142;  // n - o (MAYO-5); checked by the scheme templates

// Sizes of the large buffers, in elements.
struct Sizes {
    size_t p_limbs;        // expanded P1 | P2 (P2 becomes P1*O+P2 or L)
    size_t p3_limbs;       // P3 (o x o, keygen) or its upper part (verify)
    size_t scratch_limbs;  // sign: M, P1*V^T, V P1 V^T; verify: P*S^T, S P S^T
    size_t a_bytes;        // (m + k(k+1)/2) x (k*o + 1), one element per byte
    size_t ap_limbs;       // m rows of A packed 16 elements per word (echelon form)
    size_t o_bytes;        // O, v x o
    size_t vs_bytes;       // the k vectors v_i (sign) or s_i (verify)
};
constexpr Sizes sizes(const Params& p) {
    const size_t L = p.m_limbs();
    const size_t sign_scr = size_t(p.k) * p.o + size_t(p.v()) * p.k + size_t(p.k) * p.k;
    const size_t ver_scr = size_t(p.n) * p.k + size_t(p.k) * p.k;
    return Sizes{(size_t(p.p1_vecs()) + p.p2_vecs()) * L,
                 size_t(p.o) * p.o * L,
                 (sign_scr > ver_scr ? sign_scr : ver_scr) * L,
                 (size_t(p.m) + p.kk()) * p.a_cols(),
                 size_t(p.m) * ((p.a_cols() + 15) / 16),
                 size_t(p.v()) * p.o,
                 size_t(p.k) * p.n};
}

// Signing builds A in the `a` buffer as ko nibble-vector columns over z
// (ext limbs each), then writes the echelon form back as ko + 1 columns of
// m_limbs: both must fit in a_bytes (checked by the workspaces).
constexpr size_t a_column_bytes(const Params& p) {
    const size_t ko = size_t(p.k) * p.o, Lx = (p.m + p.kk() + 15) / 16 + 1;
    const size_t built = ko * Lx, echelon = size_t(p.a_cols()) * p.m_limbs();
    return 8 * (built > echelon ? built : echelon);
}

struct Work {
    uint64_t* p;
    uint64_t* p3;
    uint64_t* scratch;
    uint8_t* a;
    uint64_t* ap;
    uint8_t* O;
    uint8_t* vs;
};

// pk: pk_bytes, sk: sk_bytes (= the seed, copied).
Status keypair_from_seed(const Params& p, const uint8_t* seed_sk, uint8_t* pk, uint8_t* sk, const Work& w);
// digest: M_digest = SHAKE256(msg), digest_bytes (the message enters nothing else).
// randomizer: salt_bytes of fresh randomness (the reference's R).
Status sign_with(const Params& p, const uint8_t* sk, const uint8_t* digest, const uint8_t* randomizer,
                 uint8_t* sig, const Work& w);
// sig: exactly sig_bytes (checked by the caller). ok or verify_failed.
Status verify(const Params& p, const uint8_t* pk, const uint8_t* digest, const uint8_t* sig,
              const Work& w);

// Expanded keys (expand once, then sign / verify many messages).
// Secret: P1L = P1 | L (p_limbs, L = (P1 + P1^T) O + P2), O (o_bytes).
Status expand_secret_key(const Params& p, const uint8_t* sk, uint64_t* P1L, uint8_t* O);
// sk (the seed) is still needed: it enters the salt and V derivations.
// Uses w.scratch, w.a, w.ap, w.vs only.
Status sign_expanded(const Params& p, const uint8_t* sk, const uint64_t* P1L, const uint8_t* O, const uint8_t* digest,
                     const uint8_t* randomizer, uint8_t* sig, const Work& w);
// Public: P = P1 | P2 (p_limbs), P3 = Upper(P3) (p3_vecs() m-vectors).
Status expand_public_key(const Params& p, const uint8_t* pk, uint64_t* P, uint64_t* P3);
// Uses w.scratch and w.vs only.
Status verify_expanded(const Params& p, const uint64_t* P, const uint64_t* P3, const uint8_t* digest, const uint8_t* sig, const Work& w);

}  // namespace pqmcu::mayo
