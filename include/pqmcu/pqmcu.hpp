// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu C++ API for hosts: signature algorithms looked up by name at run time.
//
//   pqmcu::Signature sig = pqmcu::Signature::by_name("mqom2_cat1_gf16_fast_r5");
//   if (!sig) ...                                   // unknown name
//   std::vector<uint8_t> pk(sig.public_key_bytes()), sk(sig.secret_key_bytes());
//   sig.keypair(pk, sk);                             // OS randomness by default
//
// No exceptions: every operation returns a pqmcu::Status and writes only into
// the caller's buffers, whose lengths are checked (Status::bad_length).
// Firmware uses the compile-time scheme types instead (e.g. pqmcu/mqom.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "core/status.hpp"

namespace pqmcu {

// Where an operation takes its randomness from.
struct RandomSource {
    void* ctx;
    Status (*fill)(void* ctx, uint8_t* out, size_t n);
};
// The operating system's generator (getrandom).
RandomSource system_random();
// The NIST KAT generator's global state (randombytes, after randombytes_init).
RandomSource nist_drbg_random();

// One algorithm's sizes and entry points, filled from its compile-time scheme.
struct SignatureOps {
    const char* name;
    const char* family;
    size_t public_key_bytes;
    size_t secret_key_bytes;
    size_t signature_bytes;  // maximum; sign() reports the actual length
    bool attached_signature_first;  // NIST attached form: sig || msg (else msg || sig)
    Status (*keypair)(uint8_t* pk, uint8_t* sk, const RandomSource& rng);
    Status (*sign)(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig, size_t* siglen,
                   const RandomSource& rng);
    Status (*verify)(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen);
};

class Signature {
public:
    // An invalid Signature (operator bool is false) when the name is unknown;
    // its operations then return Status::unknown_name.
    static Signature by_name(std::string_view name);
    static std::span<const SignatureOps> all();

    explicit operator bool() const { return ops_ != nullptr; }
    std::string_view name() const { return ops_ ? ops_->name : ""; }
    std::string_view family() const { return ops_ ? ops_->family : ""; }
    size_t public_key_bytes() const { return ops_ ? ops_->public_key_bytes : 0; }
    size_t secret_key_bytes() const { return ops_ ? ops_->secret_key_bytes : 0; }
    size_t signature_bytes() const { return ops_ ? ops_->signature_bytes : 0; }
    bool attached_signature_first() const { return ops_ && ops_->attached_signature_first; }

    Status keypair(std::span<uint8_t> pk, std::span<uint8_t> sk, const RandomSource& rng = system_random()) const;
    // sig must hold signature_bytes(); *siglen receives the length written.
    Status sign(std::span<const uint8_t> sk, std::span<const uint8_t> msg, std::span<uint8_t> sig, size_t* siglen,
                const RandomSource& rng = system_random()) const;
    Status verify(std::span<const uint8_t> pk, std::span<const uint8_t> msg, std::span<const uint8_t> sig) const;

private:
    explicit Signature(const SignatureOps* ops) : ops_(ops) {}
    const SignatureOps* ops_ = nullptr;
};

}  // namespace pqmcu
