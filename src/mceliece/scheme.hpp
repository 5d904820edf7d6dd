// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu::mceliece::Scheme<Set>: the Classic McEliece KEM (round 4 / ISO
// format, the pc sets with the 32-byte confirmation C1) for one parameter
// set (params.hpp), byte-compatible with the reference implementation and
// its NIST KATs.
//
//   using S = pqmcu::mceliece::Scheme<pqmcu::mceliece::mceliece348864>;
//   static uint8_t pk[S::pk_bytes];            // 261 KB .. 1.36 MB
//   uint8_t sk[S::sk_bytes], ct[S::ct_bytes], ss[S::ss_bytes];
//   static S::Workspace ws;                    // no heap (or the per-operation
//                                              // KeygenWorkspace / EncapsWorkspace / DecapsWorkspace)
//   S::keypair(pk, sk, rng, ws);               // draws 32 bytes (delta)
//   S::encapsulate(ct, ss, pk, rng, ws);       // draws fixed_weight_bytes per FixedWeight attempt
//   S::decapsulate(ss, ct, sk, ws);            // implicit rejection: always ok
//
// `rng` is any callable rng(uint8_t*, size_t) returning void, Status or an
// int (0 = ok, NIST randombytes style); it is called exactly as the
// reference calls randombytes, so the NIST DRBG reproduces the KATs.
//
// Statuses: ok; bad_argument (nullptr); internal_error (the rng failed, or gave
// no usable FixedWeight draw in 1000 attempts);
// malformed_input (mceliece6960119*: non-zero padding bits in the public key
// (encapsulate: ct, ss zeroed) or in the ciphertext (decapsulate: ss all
// 0xFF), as the reference). A tampered ciphertext otherwise decapsulates
// to the implicit-rejection secret H(0, s, C) with status ok.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "core/status.hpp"
#include "mceliece/engine.hpp"
#include "mceliece/params.hpp"

namespace pqmcu::mceliece {

// The only profile so far: portable, constant time.
struct Default {};

template <class Set, class Profile = Default>
struct Scheme {
    static_assert(std::is_same_v<Profile, Default>, "unknown Classic McEliece profile");
    static constexpr const Params& params = Set::params;
    static constexpr const char* name = params.name;
    static constexpr size_t pk_bytes = params.pk_bytes();
    static constexpr size_t sk_bytes = params.sk_bytes();
    static constexpr size_t ct_bytes = params.ct_bytes();
    static constexpr size_t ss_bytes = 32;
    static constexpr size_t seed_bytes = 32;
    static constexpr int kMaxFixedWeightAttempts = 1000;
    static constexpr int M = int(params.m);
    static_assert(M == 12 || M == 13, "the engine is instantiated for m = 12 and 13");
    static_assert(params.t <= kMaxT);

    // Each operation's buffers. Workspace (the contract's one type) is their
    // union; a device that only decapsulates (or encapsulates) can keep just
    // the small DecapsWorkspace (EncapsWorkspace) and call the overloads.
    struct KeygenWorkspace {
        uint64_t sort_buf[params.q()];
        uint64_t left[size_t(params.mt()) * params.left_words()];
        int16_t pi[params.q()];
        gf L[params.n];
        gf inv[params.n];
    };
    struct DecapsWorkspace {
        uint64_t L[params.q() / 4];  // q elements, then the syndrome's bitsliced terms
        uint64_t Lbs[decode_batches(params) * params.m];
        uint64_t ginv2[decode_batches(params) * params.m];
        gf small[9 * (params.t + 1)];
        uint8_t e[params.n / 8];
    };
    struct EncapsWorkspace {
        uint8_t random[params.fixed_weight_bytes()];
        uint8_t e[params.n / 8];
        uint8_t etail[params.pk_row_bytes()];
    };
    struct Workspace {
        union {
            KeygenWorkspace keygen;
            DecapsWorkspace decaps;
            EncapsWorkspace encaps;
        };
    };
    static constexpr size_t workspace_bytes = sizeof(Workspace);
    // Each operation wipes the member it used (below): the host API need not
    // wipe the whole union (keygen's part) after an encapsulation.
    static constexpr bool wipes_workspace = true;
    static_assert(decode_batches(params) * params.m <= params.q() / 4, "the syndrome's terms reuse the support");
    static_assert(size_t(params.t + 1) * params.t * sizeof(gf) <= sizeof(KeygenWorkspace::left),
                  "the Goppa system shares the left block");

    // Deterministic key generation from delta (32 bytes).
    static Status keypair_from_seed(const uint8_t* delta, uint8_t* pk, uint8_t* sk, Workspace& ws) {
        return keypair_from_seed(delta, pk, sk, ws.keygen);
    }
    static Status keypair_from_seed(const uint8_t* delta, uint8_t* pk, uint8_t* sk, KeygenWorkspace& k) {
        if (delta == nullptr || pk == nullptr || sk == nullptr) return Status::bad_argument;
        const Status st = mceliece::keypair_from_seed<M>(params, delta, pk, sk,
                                                         KeygenWork{k.sort_buf, k.pi, k.L, k.inv, k.left});
        secure_wipe(&k, sizeof k);
        return st;
    }
    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, Workspace& ws) {
        if (pk == nullptr || sk == nullptr) return Status::bad_argument;
        uint8_t delta[seed_bytes] = {};
        Status st = draw_random(rng, delta, seed_bytes);
        if (st == Status::ok) st = keypair_from_seed(delta, pk, sk, ws);
        secure_wipe(delta, sizeof delta);
        return st;
    }
    // FixedWeight draws until a usable e (the reference's loop), then Encode.
    template <Rng R>
    static Status encapsulate(uint8_t* ct, uint8_t* ss, const uint8_t* pk, R&& rng, Workspace& ws) {
        return encapsulate(ct, ss, pk, rng, ws.encaps);
    }
    template <Rng R>
    static Status encapsulate(uint8_t* ct, uint8_t* ss, const uint8_t* pk, R&& rng, EncapsWorkspace& en) {
        if (ct == nullptr || ss == nullptr || pk == nullptr) return Status::bad_argument;
        // A real rng succeeds within a few draws; a stuck one (all zeros: repeated
        // positions) must not hang the caller.
        Status st = Status::internal_error;
        for (int attempt = 0; attempt < kMaxFixedWeightAttempts; ++attempt) {
            const Status drawn = draw_random(rng, en.random, sizeof en.random);
            if (drawn != Status::ok) break;
            if (fixed_weight(params, en.random, en.e)) {
                st = Status::ok;
                break;
            }
        }
        if (st == Status::ok) st = encapsulate_with_e(params, ct, ss, pk, en.e, EncapsWork{en.e, en.etail});
        secure_wipe(&en, sizeof en);
        return st;
    }
    static Status decapsulate(uint8_t* ss, const uint8_t* ct, const uint8_t* sk, Workspace& ws) {
        return decapsulate(ss, ct, sk, ws.decaps);
    }
    static Status decapsulate(uint8_t* ss, const uint8_t* ct, const uint8_t* sk, DecapsWorkspace& d) {
        if (ss == nullptr || ct == nullptr || sk == nullptr) return Status::bad_argument;
        const Status st = mceliece::decapsulate<M>(
            params, ss, ct, sk, DecapsWork{reinterpret_cast<gf*>(d.L), d.Lbs, d.ginv2, d.e, d.small});
        secure_wipe(&d, sizeof d);
        return st;
    }
};

}  // namespace pqmcu::mceliece
