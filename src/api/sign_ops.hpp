// SPDX-License-Identifier: Apache-2.0 OR MIT
// Turns a compile-time signature scheme type into a SignatureOps entry.
// Scheme must provide pk_bytes/sk_bytes/sig_bytes, name, and host
// keypair/sign/verify overloads taking an rng callable.
#pragma once
#include "pqmcu/pqmcu.hpp"

namespace pqmcu::registry {

template <class Scheme>
constexpr SignatureOps sign_ops(const char* family, bool signature_first) {
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
    };
}

}  // namespace pqmcu::registry
