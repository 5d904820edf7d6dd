// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu::mayo::Scheme<Set>: MAYO key generation, signing and verification
// for one parameter set (params.hpp: mayo_1 .. mayo_5 for round 2,
// mayo_1_r1 .. mayo_5_r1 for round 1), byte-compatible with the reference
// implementation (PQCMayo/MAYO-C) and its NIST KATs.
//
//   using S = pqmcu::mayo::Scheme<pqmcu::mayo::mayo_2>;
//   uint8_t pk[S::pk_bytes], sk[S::sk_bytes], sig[S::sig_bytes];
//   static S::Workspace ws;                    // expanded keys etc., no heap
//   S::keypair(pk, sk, rng, ws);               // draws sk_seed_bytes
//   S::sign(sk, msg, mlen, sig, rng, ws);      // draws salt_bytes (randomizer R)
//   S::verify(pk, msg, mlen, sig, siglen, ws); // ok / verify_failed / bad_length
//
// Expanded keys, for many messages under one key (the same signatures):
//   static S::ExpandedSecretKey esk;  S::expand_secret_key(sk, esk);
//   S::sign_expanded(esk, msg, mlen, sig, rng, ws);   ...   S::wipe_expanded(esk);
//   static S::ExpandedPublicKey epk;  S::expand_public_key(pk, epk);
//   S::verify_expanded(epk, msg, mlen, sig, siglen, ws);
// A key that was never expanded (or failed to) gives bad_argument.
//
// `rng` is any callable rng(uint8_t*, size_t) returning void, Status or an
// int (0 = ok, NIST randombytes style). sk is the compact secret key (the
// seed), pk the compact public key (seed_pk || Upper(P3)), sig = s || salt.
// Hosts also get overloads without a Workspace (the calling thread's heap
// workspace, core/scheme_support.hpp: up to ~0.9 MB for MAYO-5, never on the stack).
//
// Statuses: ok; bad_argument (nullptr); bad_length (signature, or a given
// public-key length, of the wrong size); verify_failed; internal_error (the
// rng failed, or no solvable system in 256 attempts).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "core/status.hpp"
#include "hash/message_digest.hpp"
#include "mayo/engine.hpp"
#include "mayo/params.hpp"

namespace pqmcu::mayo {

// Profiles: Expanded (default) holds the expanded keys whole (fastest on
// hosts); Streamed regenerates P1/P2 from seed_pk as it consumes them and
// has one small workspace per operation (scheme_stream.hpp; the M4 profile).
struct Expanded {};
struct Streamed {};

template <class Set, class Profile = Expanded>
struct Scheme : HostWorkspace<Scheme<Set, Profile>> {
    static_assert(std::is_same_v<Profile, Expanded>, "unknown MAYO profile");
    static constexpr const Params& params = Set::params;
    static constexpr const char* name = Set::params.name;
    static constexpr size_t pk_bytes = params.pk_bytes();
    static constexpr size_t sk_bytes = params.sk_bytes();
    static constexpr size_t sig_bytes = params.sig_bytes();
    static constexpr size_t seed_bytes = params.sk_seed_bytes;
    static constexpr size_t randomizer_bytes = params.salt_bytes;
    static constexpr Sizes sz = sizes(params);

    struct Workspace {
        alignas(32) uint64_t p[sz.p_limbs];
        alignas(32) uint64_t p3[sz.p3_limbs];
        alignas(32) uint64_t scratch[sz.scratch_limbs];
        alignas(32) uint64_t ap[sz.ap_limbs];
        alignas(32) uint8_t a[sz.a_bytes];
        uint8_t O[sz.o_bytes];
        uint8_t vs[sz.vs_bytes];
        Work view() { return Work{p, p3, scratch, a, ap, O, vs}; }
    };
    static constexpr size_t workspace_bytes = sizeof(Workspace);
    // The engine wipes what it leaves of secrets in the workspace: O, P2's
    // products and P3 after keygen; M / P1 v / V P1 V, A, its echelon form,
    // the vinegar and O after signing. P1 | P2 (from the public seed) stay.
    // So the host API does not wipe the whole workspace after each call
    // (tests/unit/mayo_test.cpp checks what is left).
    static constexpr bool wipes_workspace = true;
    static_assert(sz.a_bytes >= a_column_bytes(params), "A's columns must fit in the a buffer");
    static_assert(params.v() <= kMaxV && params.o <= kMaxO, "engine stack arrays");

    static Status keypair_from_seed(const uint8_t* seed, uint8_t* pk, uint8_t* sk, Workspace& ws) {
        if (seed == nullptr || pk == nullptr || sk == nullptr) return Status::bad_argument;
        return mayo::keypair_from_seed(params, seed, pk, sk, ws.view());
    }
    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, Workspace& ws) {
        if (pk == nullptr || sk == nullptr) return Status::bad_argument;
        return with_random<seed_bytes>(rng, [&](const uint8_t* seed) { return keypair_from_seed(seed, pk, sk, ws); });
    }
    // ---- hash-then-sign: the message enters only M_digest = SHAKE256(msg,
    // digest_bytes). A message of any size can be absorbed in chunks into a
    // MessageDigest, then signed or verified by its digest; sign / verify
    // on a whole message are the same calls after MessageDigest::compute.
    static constexpr size_t message_digest_bytes = params.digest_bytes;
    using MessageDigest = hash::MessageDigest<hash::Shake256, message_digest_bytes>;

    // Deterministic core: `randomizer` is the salt_bytes the reference draws.
    static Status sign_digest_with(const uint8_t* sk, const uint8_t* digest, const uint8_t* randomizer,
                                   uint8_t* sig, Workspace& ws) {
        if (sk == nullptr || sig == nullptr || randomizer == nullptr || digest == nullptr) return Status::bad_argument;
        return mayo::sign_with(params, sk, digest, randomizer, sig, ws.view());
    }
    static Status sign_with(const uint8_t* sk, const uint8_t* msg, size_t mlen, const uint8_t* randomizer,
                            uint8_t* sig, Workspace& ws) {
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return sign_digest_with(sk, digest, randomizer, sig, ws); });
    }
    template <Rng R>
    static Status sign_digest(const uint8_t* sk, const uint8_t* digest, uint8_t* sig, R&& rng, Workspace& ws) {
        return with_random<randomizer_bytes>(
            rng, [&](const uint8_t* rnd) { return sign_digest_with(sk, digest, rnd, sig, ws); });
    }
    template <Rng R>
    static Status sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig, R&& rng, Workspace& ws) {
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return sign_digest(sk, digest, sig, rng, ws); });
    }
    static Status verify_digest(const uint8_t* pk, const uint8_t* digest, const uint8_t* sig, size_t siglen,
                                Workspace& ws) {
        if (const Status st = verify_arguments(pk, digest, message_digest_bytes, sig, siglen, sig_bytes);
            st != Status::ok)
            return st;
        return mayo::verify(params, pk, digest, sig, ws.view());
    }
    static Status verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen,
                         Workspace& ws) {
        if (const Status st = verify_arguments(pk, msg, mlen, sig, siglen, sig_bytes); st != Status::ok) return st;
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return verify_digest(pk, digest, sig, siglen, ws); });
    }
    static Status verify(const uint8_t* pk, size_t pklen, const uint8_t* msg, size_t mlen, const uint8_t* sig,
                         size_t siglen, Workspace& ws) {
        if (pk != nullptr && pklen != pk_bytes) return Status::bad_length;
        return verify(pk, msg, mlen, sig, siglen, ws);
    }

    // ---- expanded keys: expand once, then sign / verify many messages.
    // ExpandedSecretKey holds secrets (P1, L, O and the seed): wipe it with
    // wipe_expanded when done. Signatures equal those of the compact calls.
    struct ExpandedSecretKey {
        alignas(32) uint64_t p1l[sz.p_limbs];  // P1 | L = (P1 + P1^T) O + P2
        uint8_t O[sz.o_bytes];
        uint8_t seed[sk_bytes];
        bool ready;  // set by expand_secret_key
    };
    struct ExpandedPublicKey {
        alignas(32) uint64_t p[sz.p_limbs];  // P1 | P2
        alignas(32) uint64_t p3[size_t(params.p3_vecs()) * params.m_limbs()];
        bool ready;  // set by expand_public_key
    };
    static Status expand_secret_key(const uint8_t* sk, ExpandedSecretKey& esk) {
        esk.ready = false;
        if (sk == nullptr) return Status::bad_argument;
        std::memmove(esk.seed, sk, sk_bytes);
        const Status st = mayo::expand_secret_key(params, esk.seed, esk.p1l, esk.O);
        if (st != Status::ok) wipe_expanded(esk);
        esk.ready = st == Status::ok;
        return st;
    }
    static void wipe_expanded(ExpandedSecretKey& esk) { secure_wipe(&esk, sizeof esk); }
    static Status expand_public_key(const uint8_t* pk, ExpandedPublicKey& epk) {
        epk.ready = false;
        if (pk == nullptr) return Status::bad_argument;
        const Status st = mayo::expand_public_key(params, pk, epk.p, epk.p3);
        epk.ready = st == Status::ok;
        return st;
    }
    static Status expand_public_key(const uint8_t* pk, size_t pklen, ExpandedPublicKey& epk) {
        if (pk != nullptr && pklen != pk_bytes) {
            epk.ready = false;
            return Status::bad_length;
        }
        return expand_public_key(pk, epk);
    }
    static Status sign_expanded_digest_with(const ExpandedSecretKey& esk, const uint8_t* digest,
                                            const uint8_t* randomizer, uint8_t* sig, Workspace& ws) {
        if (sig == nullptr || randomizer == nullptr || digest == nullptr) return Status::bad_argument;
        if (!esk.ready) return Status::bad_argument;
        return mayo::sign_expanded(params, esk.seed, esk.p1l, esk.O, digest, randomizer, sig, ws.view());
    }
    static Status sign_expanded_with(const ExpandedSecretKey& esk, const uint8_t* msg, size_t mlen,
                                     const uint8_t* randomizer, uint8_t* sig, Workspace& ws) {
        return with_message_digest<MessageDigest>(msg, mlen, [&](const uint8_t* digest) {
            return sign_expanded_digest_with(esk, digest, randomizer, sig, ws);
        });
    }
    template <Rng R>
    static Status sign_expanded_digest(const ExpandedSecretKey& esk, const uint8_t* digest, uint8_t* sig, R&& rng,
                                       Workspace& ws) {
        return with_random<randomizer_bytes>(
            rng, [&](const uint8_t* rnd) { return sign_expanded_digest_with(esk, digest, rnd, sig, ws); });
    }
    template <Rng R>
    static Status sign_expanded(const ExpandedSecretKey& esk, const uint8_t* msg, size_t mlen, uint8_t* sig, R&& rng,
                                Workspace& ws) {
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return sign_expanded_digest(esk, digest, sig, rng, ws); });
    }
    static Status verify_expanded_digest(const ExpandedPublicKey& epk, const uint8_t* digest, const uint8_t* sig,
                                         size_t siglen, Workspace& ws) {
        if (sig == nullptr || digest == nullptr || !epk.ready) return Status::bad_argument;
        if (siglen != sig_bytes) return Status::bad_length;
        return mayo::verify_expanded(params, epk.p, epk.p3, digest, sig, ws.view());
    }
    static Status verify_expanded(const ExpandedPublicKey& epk, const uint8_t* msg, size_t mlen, const uint8_t* sig,
                                  size_t siglen, Workspace& ws) {
        if (sig == nullptr || (msg == nullptr && mlen != 0) || !epk.ready) return Status::bad_argument;
        if (siglen != sig_bytes) return Status::bad_length;
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return verify_expanded_digest(epk, digest, sig, siglen, ws); });
    }

#if !defined(PQMCU_TARGET_M4)
    using HostWorkspace<Scheme>::keypair;
    using HostWorkspace<Scheme>::sign;
    using HostWorkspace<Scheme>::verify;
    using HostWorkspace<Scheme>::sign_digest;
    using HostWorkspace<Scheme>::verify_digest;
#endif
};

}  // namespace pqmcu::mayo

#include "mayo/scheme_stream.hpp"  // Scheme<Set, Streamed>
