// SPDX-License-Identifier: Apache-2.0 OR MIT
// Turns a compile-time signature scheme type into a SignatureOps entry.
// Scheme must provide pk_bytes/sk_bytes/sig_bytes, name, and host
// keypair/sign/verify overloads taking an rng callable.
#pragma once
#include <new>

#include "pqmcu/pqmcu.hpp"

namespace pqmcu::registry {

template <class Scheme>
constexpr SignatureOps sign_ops(const char* family, bool signature_first) {
    // The digest state lives in the caller's opaque buffer (pqmcu.hpp).
    static_assert(sizeof(typename Scheme::MessageDigest) <= kMessageDigestStateBytes &&
                  alignof(typename Scheme::MessageDigest) <= kMessageDigestStateAlign);
    static_assert(Scheme::message_digest_bytes <= kMaxMessageDigestBytes);
    return SignatureOps{
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
}

}  // namespace pqmcu::registry
