// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu::mayo::Scheme<Set, Streamed>: the low-RAM MAYO profile (the M4's).
// Same API and the same bytes as Scheme<Set> (engine_stream.hpp explains
// what is streamed), with one workspace per operation:
//
//   using S = pqmcu::mayo::Scheme<pqmcu::mayo::mayo_1, pqmcu::mayo::Streamed>;
//   static S::KeygenWorkspace kw;  S::keypair(pk, sk, rng, kw);   // ~3 KB for MAYO-1
//   static S::SignWorkspace sw;    S::sign(sk, msg, mlen, sig, rng, sw);
//   static S::VerifyWorkspace vw;  S::verify(pk, msg, mlen, sig, siglen, vw);
//
// S::Workspace (a union of the three) serves every operation, as in the
// expanded profile. The overloads without a workspace put the operation's
// own workspace on the stack and are available on every target (they are
// small: see workspace_bytes below and docs/m4-mayo.md).
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "core/status.hpp"
#include "hash/message_digest.hpp"
#include "mayo/engine.hpp"  // a_column_bytes
#include "mayo/engine_stream.hpp"
#include "mayo/params.hpp"

namespace pqmcu::mayo {

template <class Set>
struct Scheme<Set, Streamed> {
    static constexpr const Params& params = Set::params;
    static constexpr const char* name = Set::params.name;
    static constexpr size_t pk_bytes = params.pk_bytes();
    static constexpr size_t sk_bytes = params.sk_bytes();
    static constexpr size_t sig_bytes = params.sig_bytes();
    static constexpr size_t seed_bytes = params.sk_seed_bytes;
    static constexpr size_t randomizer_bytes = params.salt_bytes;
    static constexpr StreamSizes sz = stream_sizes(params);

    struct KeygenWorkspace {
        alignas(8) uint64_t p3[sz.kg_p3_limbs];
        alignas(8) uint64_t row[sz.row_limbs];
        alignas(8) uint64_t cols[sz.kg_cols_limbs];
        uint32_t tabs[sz.kg_tab_words];
        uint32_t acc[sz.kg_acc_words];
        uint8_t O[sz.o_bytes];
        KeygenStreamWork view() { return KeygenStreamWork{p3, tabs, row, acc, cols, O}; }
    };
    struct SignWorkspace {
        alignas(8) uint64_t M[sz.sg_m_limbs];
        alignas(8) uint64_t vpv[sz.sg_vpv_limbs];
        alignas(8) uint64_t row[sz.row_limbs];
        alignas(8) uint64_t cols[sz.sg_cols_limbs];
        alignas(8) uint64_t ap[sz.ap_limbs];
        uint32_t tabs[sz.sg_tab_words];
        uint32_t acc[sz.sg_acc_words];
        alignas(8) uint8_t a[sz.a_bytes];  // A's columns are built here as limbs
        uint8_t O[sz.o_bytes];
        uint8_t vs[sz.vs_bytes];
        static_assert(sz.a_bytes >= a_column_bytes(params), "A's columns must fit in the a buffer");
        static_assert(params.v() <= kMaxV && params.o <= kMaxO, "engine stack arrays");
        SignStreamWork view() { return SignStreamWork{M, vpv, tabs, row, acc, cols, a, ap, O, vs}; }
    };
    struct VerifyWorkspace {
        alignas(8) uint64_t sps[sz.vf_sps_limbs];
        alignas(8) uint64_t row[sz.vf_row_limbs];
        alignas(8) uint64_t cols[sz.vf_cols_limbs];
        uint32_t tabs[sz.vf_tab_words];
        uint32_t acc[sz.vf_acc_words];
        uint8_t s[sz.vs_bytes];
        VerifyStreamWork view() { return VerifyStreamWork{sps, tabs, row, acc, cols, s}; }
    };
    union Workspace {
        KeygenWorkspace kg;
        SignWorkspace sg;
        VerifyWorkspace vf;
    };
    static constexpr size_t keygen_workspace_bytes = sizeof(KeygenWorkspace);
    static constexpr size_t sign_workspace_bytes = sizeof(SignWorkspace);
    static constexpr size_t verify_workspace_bytes = sizeof(VerifyWorkspace);
    static constexpr size_t workspace_bytes = sizeof(Workspace);

    // ---- key generation
    static Status keypair_from_seed(const uint8_t* seed, uint8_t* pk, uint8_t* sk, KeygenWorkspace& ws) {
        if (seed == nullptr || pk == nullptr || sk == nullptr) return Status::bad_argument;
        return keypair_streamed(params, seed, pk, sk, ws.view());
    }
    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, KeygenWorkspace& ws) {
        if (pk == nullptr || sk == nullptr) return Status::bad_argument;
        return with_random<seed_bytes>(rng, [&](const uint8_t* seed) { return keypair_from_seed(seed, pk, sk, ws); });
    }
    // ---- hash-then-sign: the message enters only M_digest = SHAKE256(msg,
    // digest_bytes); see Scheme<Set, Expanded>.
    static constexpr size_t message_digest_bytes = params.digest_bytes;
    using MessageDigest = hash::MessageDigest<hash::Shake256, message_digest_bytes>;

    // ---- signing; `randomizer` is the salt_bytes the reference draws
    static Status sign_digest_with(const uint8_t* sk, const uint8_t* digest, const uint8_t* randomizer,
                                   uint8_t* sig, SignWorkspace& ws) {
        if (sk == nullptr || sig == nullptr || randomizer == nullptr || digest == nullptr) return Status::bad_argument;
        return sign_streamed(params, sk, digest, randomizer, sig, ws.view());
    }
    static Status sign_with(const uint8_t* sk, const uint8_t* msg, size_t mlen, const uint8_t* randomizer,
                            uint8_t* sig, SignWorkspace& ws) {
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return sign_digest_with(sk, digest, randomizer, sig, ws); });
    }
    template <Rng R>
    static Status sign_digest(const uint8_t* sk, const uint8_t* digest, uint8_t* sig, R&& rng, SignWorkspace& ws) {
        return with_random<randomizer_bytes>(
            rng, [&](const uint8_t* rnd) { return sign_digest_with(sk, digest, rnd, sig, ws); });
    }
    template <Rng R>
    static Status sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig, R&& rng,
                       SignWorkspace& ws) {
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return sign_digest(sk, digest, sig, rng, ws); });
    }
    // ---- verification
    static Status verify_digest(const uint8_t* pk, const uint8_t* digest, const uint8_t* sig, size_t siglen,
                                VerifyWorkspace& ws) {
        if (const Status st = verify_arguments(pk, digest, message_digest_bytes, sig, siglen, sig_bytes);
            st != Status::ok)
            return st;
        return verify_streamed(params, pk, digest, sig, ws.view());
    }
    static Status verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen,
                         VerifyWorkspace& ws) {
        if (const Status st = verify_arguments(pk, msg, mlen, sig, siglen, sig_bytes); st != Status::ok) return st;
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return verify_digest(pk, digest, sig, siglen, ws); });
    }
    static Status verify(const uint8_t* pk, size_t pklen, const uint8_t* msg, size_t mlen, const uint8_t* sig,
                         size_t siglen, VerifyWorkspace& ws) {
        if (pk != nullptr && pklen != pk_bytes) return Status::bad_length;
        return verify(pk, msg, mlen, sig, siglen, ws);
    }

    // ---- the same through the union
    static Status keypair_from_seed(const uint8_t* seed, uint8_t* pk, uint8_t* sk, Workspace& ws) {
        return keypair_from_seed(seed, pk, sk, ws.kg);
    }
    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, Workspace& ws) {
        return keypair(pk, sk, rng, ws.kg);
    }
    static Status sign_with(const uint8_t* sk, const uint8_t* msg, size_t mlen, const uint8_t* randomizer,
                            uint8_t* sig, Workspace& ws) {
        return sign_with(sk, msg, mlen, randomizer, sig, ws.sg);
    }
    template <Rng R>
    static Status sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig, R&& rng, Workspace& ws) {
        return sign(sk, msg, mlen, sig, rng, ws.sg);
    }
    static Status sign_digest_with(const uint8_t* sk, const uint8_t* digest, const uint8_t* randomizer,
                                   uint8_t* sig, Workspace& ws) {
        return sign_digest_with(sk, digest, randomizer, sig, ws.sg);
    }
    template <Rng R>
    static Status sign_digest(const uint8_t* sk, const uint8_t* digest, uint8_t* sig, R&& rng, Workspace& ws) {
        return sign_digest(sk, digest, sig, rng, ws.sg);
    }
    static Status verify_digest(const uint8_t* pk, const uint8_t* digest, const uint8_t* sig, size_t siglen,
                                Workspace& ws) {
        return verify_digest(pk, digest, sig, siglen, ws.vf);
    }
    static Status verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen,
                         Workspace& ws) {
        return verify(pk, msg, mlen, sig, siglen, ws.vf);
    }
    static Status verify(const uint8_t* pk, size_t pklen, const uint8_t* msg, size_t mlen, const uint8_t* sig,
                         size_t siglen, Workspace& ws) {
        return verify(pk, pklen, msg, mlen, sig, siglen, ws.vf);
    }

    // ---- the operation's own workspace on the stack (every target)
    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng) {
        KeygenWorkspace ws;
        const Status st = keypair(pk, sk, rng, ws);
        secure_wipe_object(ws);
        return st;
    }
    template <Rng R>
    static Status sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig, R&& rng) {
        SignWorkspace ws;
        const Status st = sign(sk, msg, mlen, sig, rng, ws);
        secure_wipe_object(ws);
        return st;
    }
    static Status verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen) {
        VerifyWorkspace ws;
        return verify(pk, msg, mlen, sig, siglen, ws);
    }
    template <Rng R>
    static Status sign_digest(const uint8_t* sk, const uint8_t* digest, uint8_t* sig, R&& rng) {
        SignWorkspace ws;
        const Status st = sign_digest(sk, digest, sig, rng, ws);
        secure_wipe_object(ws);
        return st;
    }
    static Status verify_digest(const uint8_t* pk, const uint8_t* digest, const uint8_t* sig, size_t siglen) {
        VerifyWorkspace ws;
        return verify_digest(pk, digest, sig, siglen, ws);
    }
};

}  // namespace pqmcu::mayo
