// SPDX-License-Identifier: Apache-2.0 OR MIT
// Turns a compile-time signature scheme type into a SignatureOps entry.
// Scheme must provide pk_bytes/sk_bytes/sig_bytes, name, and host
// keypair/sign/verify overloads taking an rng callable.
#pragma once
#include <new>

#include "core/scheme_support.hpp"
#include "pqmcu/pqmcu.hpp"

namespace pqmcu::registry {

template <class Scheme>
constexpr SignatureOps sign_ops(const char* family, bool signature_first) {
    // The digest state lives in the caller's opaque buffer (pqmcu.hpp).
    static_assert(sizeof(typename Scheme::MessageDigest) <= kMessageDigestStateBytes &&
                  alignof(typename Scheme::MessageDigest) <= kMessageDigestStateAlign);
    static_assert(Scheme::message_digest_bytes <= kMaxMessageDigestBytes);
    SignatureOps ops{
        Scheme::name,
        family,
        Scheme::pk_bytes,
        Scheme::sk_bytes,
        Scheme::sig_bytes,
        signature_first,
        [](uint8_t* pk, uint8_t* sk, const RandomSource& rng) -> Status {
            auto fill = [&rng](uint8_t* out, size_t n) { return rng.fill(rng.ctx, out, n); };
            return Scheme::keypair(pk, sk, fill);
        },
        [](const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig, size_t* siglen,
           const RandomSource& rng) -> Status {
            auto fill = [&rng](uint8_t* out, size_t n) { return rng.fill(rng.ctx, out, n); };
            const Status st = Scheme::sign(sk, msg, mlen, sig, fill);
            *siglen = st == Status::ok ? Scheme::sig_bytes : 0;
            return st;
        },
        [](const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen) -> Status {
            return Scheme::verify(pk, msg, mlen, sig, siglen);
        },
        Scheme::message_digest_bytes,
        [](void* state) { ::new (state) typename Scheme::MessageDigest(); },
        [](void* state, const uint8_t* in, size_t len) -> Status {
            return static_cast<typename Scheme::MessageDigest*>(state)->absorb(in, len);
        },
        [](void* state, uint8_t* digest) -> Status {
            return static_cast<typename Scheme::MessageDigest*>(state)->final(digest);
        },
        [](const uint8_t* sk, const uint8_t* digest, uint8_t* sig, size_t* siglen, const RandomSource& rng) -> Status {
            auto fill = [&rng](uint8_t* out, size_t n) { return rng.fill(rng.ctx, out, n); };
            const Status st = Scheme::sign_digest(sk, digest, sig, fill);
            *siglen = st == Status::ok ? Scheme::sig_bytes : 0;
            return st;
        },
        [](const uint8_t* pk, const uint8_t* digest, const uint8_t* sig, size_t siglen) -> Status {
            return Scheme::verify_digest(pk, digest, sig, siglen);
        },
    };
    if constexpr (requires { typename Scheme::ExpandedSecretKey; typename Scheme::ExpandedPublicKey; }) {
        using Esk = typename Scheme::ExpandedSecretKey;
        using Epk = typename Scheme::ExpandedPublicKey;
        static_assert(alignof(Esk) <= kExpandedKeyAlign && alignof(Epk) <= kExpandedKeyAlign);
        ops.expanded_secret_key_bytes = sizeof(Esk);
        ops.expanded_public_key_bytes = sizeof(Epk);
        ops.expand_secret_key = [](const uint8_t* sk, void* esk) -> Status {
            return Scheme::expand_secret_key(sk, *::new (esk) Esk);
        };
        ops.wipe_expanded_secret_key = [](void* esk) { Scheme::wipe_expanded(*static_cast<Esk*>(esk)); };
        ops.sign_expanded = [](const void* esk, const uint8_t* msg, size_t mlen, uint8_t* sig, size_t* siglen,
                               const RandomSource& rng) -> Status {
            auto fill = [&rng](uint8_t* out, size_t n) { return rng.fill(rng.ctx, out, n); };
            auto* ws = thread_workspace<typename Scheme::Workspace>();
            if (ws == nullptr) return Status::internal_error;
            const Status st = Scheme::sign_expanded(*static_cast<const Esk*>(esk), msg, mlen, sig, fill, *ws);
            wipe_host_workspace<Scheme>(*ws);
            *siglen = st == Status::ok ? Scheme::sig_bytes : 0;
            return st;
        };
        ops.expand_public_key = [](const uint8_t* pk, void* epk) -> Status {
            return Scheme::expand_public_key(pk, *::new (epk) Epk);
        };
        ops.verify_expanded = [](const void* epk, const uint8_t* msg, size_t mlen, const uint8_t* sig,
                                 size_t siglen) -> Status {
            auto* ws = thread_workspace<typename Scheme::Workspace>();
            if (ws == nullptr) return Status::internal_error;
            return Scheme::verify_expanded(*static_cast<const Epk*>(epk), msg, mlen, sig, siglen, *ws);
        };
    }
    return ops;
}

}  // namespace pqmcu::registry
