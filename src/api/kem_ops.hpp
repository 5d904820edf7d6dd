// SPDX-License-Identifier: Apache-2.0 OR MIT
// Turns a compile-time KEM scheme type into a KemOps entry. Scheme provides
// name, pk/sk/ct/ss_bytes, a Workspace, and keypair / encapsulate /
// decapsulate taking it (the KEM contract, docs/architecture.md). The
// workspace is the calling thread's heap one (thread_workspace), wiped after
// every operation (it holds secrets in all three), by the scheme itself when
// it declares wipes_workspace (core/scheme_support.hpp).
#pragma once
#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "pqmcu/pqmcu.hpp"

namespace pqmcu::registry {

template <class Scheme, class Op>
Status with_kem_workspace(Op&& op) {
    auto* ws = thread_workspace<typename Scheme::Workspace>();
    if (ws == nullptr) return Status::internal_error;
    const Status st = op(*ws);
    wipe_host_workspace<Scheme>(*ws);
    return st;
}

template <class Scheme>
constexpr KemOps kem_ops(const char* family) {
    return KemOps{
        Scheme::name,
        family,
        Scheme::pk_bytes,
        Scheme::sk_bytes,
        Scheme::ct_bytes,
        Scheme::ss_bytes,
        [](uint8_t* pk, uint8_t* sk, const RandomSource& rng) -> Status {
            auto fill = [&rng](uint8_t* out, size_t n) { return rng.fill(rng.ctx, out, n); };
            return with_kem_workspace<Scheme>([&](auto& ws) { return Scheme::keypair(pk, sk, fill, ws); });
        },
        [](uint8_t* ct, uint8_t* ss, const uint8_t* pk, const RandomSource& rng) -> Status {
            auto fill = [&rng](uint8_t* out, size_t n) { return rng.fill(rng.ctx, out, n); };
            return with_kem_workspace<Scheme>([&](auto& ws) { return Scheme::encapsulate(ct, ss, pk, fill, ws); });
        },
        [](uint8_t* ss, const uint8_t* ct, const uint8_t* sk) -> Status {
            return with_kem_workspace<Scheme>([&](auto& ws) { return Scheme::decapsulate(ss, ct, sk, ws); });
        },
    };
}

}  // namespace pqmcu::registry
