// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu::Kem: length checks and dispatch to the registered KEMs.
#include "api/registry.hpp"
#include "pqmcu/pqmcu.hpp"

namespace pqmcu {

std::span<const KemOps> Kem::all() { return registry::kems(); }

Kem Kem::by_name(std::string_view name) {
    return Kem(registry::find_kem(name));
}

Status Kem::keypair(std::span<uint8_t> pk, std::span<uint8_t> sk, const RandomSource& rng) const {
    if (!ops_) return Status::unknown_name;
    if (pk.size() != ops_->public_key_bytes || sk.size() != ops_->secret_key_bytes) return Status::bad_length;
    return ops_->keypair(pk.data(), sk.data(), rng);
}

Status Kem::encapsulate(std::span<const uint8_t> pk, std::span<uint8_t> ct, std::span<uint8_t> ss,
                        const RandomSource& rng) const {
    if (!ops_) return Status::unknown_name;
    if (pk.size() != ops_->public_key_bytes || ct.size() != ops_->ciphertext_bytes ||
        ss.size() != ops_->shared_secret_bytes)
        return Status::bad_length;
    return ops_->encapsulate(ct.data(), ss.data(), pk.data(), rng);
}

Status Kem::decapsulate(std::span<const uint8_t> sk, std::span<const uint8_t> ct, std::span<uint8_t> ss) const {
    if (!ops_) return Status::unknown_name;
    if (sk.size() != ops_->secret_key_bytes || ct.size() != ops_->ciphertext_bytes ||
        ss.size() != ops_->shared_secret_bytes)
        return Status::bad_length;
    return ops_->decapsulate(ss.data(), ct.data(), sk.data());
}

}  // namespace pqmcu
