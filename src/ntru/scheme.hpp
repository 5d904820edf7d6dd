// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu::ntru::Scheme<Set>: the NTRU KEM (NIST round 3 submission and the
// later n = 1229 / 1373 sets), byte-compatible with the reference
// implementation and its NIST KAT files.
//
//   using S = pqmcu::ntru::Scheme<pqmcu::ntru::ntruhps2048509>;
//   uint8_t pk[S::pk_bytes], sk[S::sk_bytes], ct[S::ct_bytes], ss[S::ss_bytes];
//   static S::Workspace ws;                 // polynomials and seeds, no heap
//   S::keypair(pk, sk, rng, ws);            // draws fg_seed_bytes, then prf_key_bytes
//   S::encapsulate(ct, ss, pk, rng, ws);    // draws rm_seed_bytes
//   S::decapsulate(ss, ct, sk, ws);         // always ok for a well-formed call
//
// `rng` is any callable rng(uint8_t*, size_t) (see core/scheme_support.hpp);
// it is called exactly as the reference calls randombytes. A ciphertext that
// is not a valid encryption decapsulates to the implicit-rejection secret
// SHA3-256(prf key || ct), in the same time. Statuses: ok; bad_argument
// (nullptr); internal_error (the rng failed).
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "core/status.hpp"
#include "ntru/engine.hpp"
#include "ntru/params.hpp"

namespace pqmcu::ntru {

// The one profile: constant time, the ring products of src/polymul.
struct Default {};

template <class Set, class Profile = Default>
struct Scheme {
    static_assert(std::is_same_v<Profile, Default>, "unknown NTRU profile");
    static constexpr const Params& params = Set::params;
    static constexpr const char* name = Set::params.name;
    static constexpr size_t pk_bytes = params.pk_bytes();
    static constexpr size_t sk_bytes = params.sk_bytes();
    static constexpr size_t ct_bytes = params.ct_bytes();
    static constexpr size_t ss_bytes = Params::shared_key_bytes;
    static constexpr size_t fg_seed_bytes = params.fg_seed_bytes();
    static constexpr size_t rm_seed_bytes = params.rm_seed_bytes();
    static constexpr size_t prf_key_bytes = Params::prf_key_bytes;
    static constexpr size_t n = params.n;

    struct Workspace {
        alignas(8) uint16_t poly[kPolys * n];
        InvWord inv[8 * inv_words(n)];
        uint8_t msg[params.msg_bytes()];
        // The seed and the sort keys are used up by sampling, before the
        // first ring product: they share the product scratch.
        struct Seeds {
            int32_t sort[params.hps() ? n - 1 : 1];
            uint8_t seed[fg_seed_bytes > rm_seed_bytes ? fg_seed_bytes : rm_seed_bytes];
        };
        union {
            Seeds s;
            uint16_t mul[mul_scratch_words(n, params.logq)];
        } u;
        Work view() { return Work{poly, u.s.sort, inv, u.s.seed, msg, u.mul}; }
    };
    static constexpr size_t workspace_bytes = sizeof(Workspace);

    // Deterministic cores: the bytes the reference draws from randombytes.
    static Status keypair_derand(uint8_t* pk, uint8_t* sk, const uint8_t* fg_seed, const uint8_t* prf_key,
                                 Workspace& ws) {
        if (pk == nullptr || sk == nullptr || fg_seed == nullptr || prf_key == nullptr) return Status::bad_argument;
        const Status st = ntru::keypair(params, fg_seed, prf_key, pk, sk, ws.view());
        secure_wipe_object(ws);
        return st;
    }
    static Status encapsulate_derand(uint8_t* ct, uint8_t* ss, const uint8_t* pk, const uint8_t* rm_seed,
                                     Workspace& ws) {
        if (ct == nullptr || ss == nullptr || pk == nullptr || rm_seed == nullptr) return Status::bad_argument;
        const Status st = ntru::encapsulate(params, rm_seed, pk, ct, ss, ws.view());
        secure_wipe_object(ws);
        return st;
    }

    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, Workspace& ws) {
        if (pk == nullptr || sk == nullptr) return Status::bad_argument;
        uint8_t prf_key[prf_key_bytes] = {};
        Status st = draw_random(rng, ws.u.s.seed, fg_seed_bytes);
        if (st == Status::ok) st = draw_random(rng, prf_key, prf_key_bytes);
        if (st == Status::ok) st = ntru::keypair(params, ws.u.s.seed, prf_key, pk, sk, ws.view());
        secure_wipe(prf_key, sizeof prf_key);
        secure_wipe_object(ws);
        return st;
    }
    template <Rng R>
    static Status encapsulate(uint8_t* ct, uint8_t* ss, const uint8_t* pk, R&& rng, Workspace& ws) {
        if (ct == nullptr || ss == nullptr || pk == nullptr) return Status::bad_argument;
        Status st = draw_random(rng, ws.u.s.seed, rm_seed_bytes);
        if (st == Status::ok) st = ntru::encapsulate(params, ws.u.s.seed, pk, ct, ss, ws.view());
        secure_wipe_object(ws);
        return st;
    }
    static Status decapsulate(uint8_t* ss, const uint8_t* ct, const uint8_t* sk, Workspace& ws) {
        if (ss == nullptr || ct == nullptr || sk == nullptr) return Status::bad_argument;
        const Status st = ntru::decapsulate(params, ct, sk, ss, ws.view());
        secure_wipe_object(ws);
        return st;
    }
};

}  // namespace pqmcu::ntru
