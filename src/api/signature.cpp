// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu::Signature: length checks and dispatch to the registered algorithms.
#include <sys/random.h>

#include <cerrno>
#include <new>

#include "api/registry.hpp"
#include "api/stream_variant.hpp"
#include "core/secure.hpp"
#include "pqmcu/pqmcu.hpp"
#include "rng/randombytes.h"

namespace pqmcu {
namespace {

Status os_fill(void*, uint8_t* out, size_t n) {
    while (n > 0) {
        const ssize_t got = getrandom(out, n, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return Status::internal_error;
        }
        out += got;
        n -= size_t(got);
    }
    return Status::ok;
}

Status drbg_fill(void*, uint8_t* out, size_t n) {
    return randombytes(out, n) == 0 ? Status::ok : Status::internal_error;
}

}  // namespace

#if !defined(PQMCU_HAVE_MQOM)
const StreamVerifierOps* stream_verifier(std::string_view) { return nullptr; }  // no MQOM in this build
#endif

RandomSource system_random() { return RandomSource{nullptr, os_fill}; }
RandomSource nist_drbg_random() { return RandomSource{nullptr, drbg_fill}; }

std::span<const SignatureOps> Signature::all() { return registry::signatures(); }

Signature Signature::by_name(std::string_view name) {
    return Signature(registry::find_signature(name));
}

Status Signature::keypair(std::span<uint8_t> pk, std::span<uint8_t> sk, const RandomSource& rng) const {
    if (!ops_) return Status::unknown_name;
    if (pk.size() != ops_->public_key_bytes || sk.size() != ops_->secret_key_bytes) return Status::bad_length;
    return ops_->keypair(pk.data(), sk.data(), rng);
}

Status Signature::sign(std::span<const uint8_t> sk, std::span<const uint8_t> msg, std::span<uint8_t> sig,
                       size_t* siglen, const RandomSource& rng) const {
    if (!ops_) return Status::unknown_name;
    if (siglen == nullptr) return Status::bad_argument;
    if (sk.size() != ops_->secret_key_bytes || sig.size() < ops_->signature_bytes) return Status::bad_length;
    return ops_->sign(sk.data(), msg.data(), msg.size(), sig.data(), siglen, rng);
}

Status Signature::verify(std::span<const uint8_t> pk, std::span<const uint8_t> msg,
                         std::span<const uint8_t> sig) const {
    if (!ops_) return Status::unknown_name;
    if (pk.size() != ops_->public_key_bytes) return Status::bad_length;
    if (sig.empty() || sig.size() > ops_->signature_bytes) return Status::bad_length;
    return ops_->verify(pk.data(), msg.data(), msg.size(), sig.data(), sig.size());
}

Status Signature::sign_digest(std::span<const uint8_t> sk, std::span<const uint8_t> digest, std::span<uint8_t> sig,
                              size_t* siglen, const RandomSource& rng) const {
    if (!ops_) return Status::unknown_name;
    if (siglen == nullptr) return Status::bad_argument;
    if (sk.size() != ops_->secret_key_bytes || digest.size() != ops_->message_digest_bytes ||
        sig.size() < ops_->signature_bytes)
        return Status::bad_length;
    return ops_->sign_digest(sk.data(), digest.data(), sig.data(), siglen, rng);
}

Status Signature::verify_digest(std::span<const uint8_t> pk, std::span<const uint8_t> digest,
                                std::span<const uint8_t> sig) const {
    if (!ops_) return Status::unknown_name;
    if (pk.size() != ops_->public_key_bytes || digest.size() != ops_->message_digest_bytes) return Status::bad_length;
    if (sig.empty() || sig.size() > ops_->signature_bytes) return Status::bad_length;
    return ops_->verify_digest(pk.data(), digest.data(), sig.data(), sig.size());
}

// ---- expanded keys (host heap, 64-byte aligned; a secret one wiped before it is freed)

namespace {
void* expanded_alloc(size_t n) { return ::operator new(n, std::align_val_t(kExpandedKeyAlign), std::nothrow); }
void expanded_free(void* p) { ::operator delete(p, std::align_val_t(kExpandedKeyAlign)); }
}  // namespace

Status Signature::expand_secret_key(std::span<const uint8_t> sk, ExpandedKey& out) const {
    out.reset();
    if (!ops_) return Status::unknown_name;
    if (ops_->expand_secret_key == nullptr) return Status::bad_argument;
    if (sk.size() != ops_->secret_key_bytes) return Status::bad_length;
    void* mem = expanded_alloc(ops_->expanded_secret_key_bytes);
    if (mem == nullptr) return Status::internal_error;
    const Status st = ops_->expand_secret_key(sk.data(), mem);
    if (st != Status::ok) {
        ops_->wipe_expanded_secret_key(mem);
        expanded_free(mem);
        return st;
    }
    out.ops_ = ops_, out.mem_ = mem, out.secret_ = true;
    return Status::ok;
}

Status Signature::expand_public_key(std::span<const uint8_t> pk, ExpandedKey& out) const {
    out.reset();
    if (!ops_) return Status::unknown_name;
    if (ops_->expand_public_key == nullptr) return Status::bad_argument;
    if (pk.size() != ops_->public_key_bytes) return Status::bad_length;
    void* mem = expanded_alloc(ops_->expanded_public_key_bytes);
    if (mem == nullptr) return Status::internal_error;
    const Status st = ops_->expand_public_key(pk.data(), mem);
    if (st != Status::ok) {
        expanded_free(mem);
        return st;
    }
    out.ops_ = ops_, out.mem_ = mem, out.secret_ = false;
    return Status::ok;
}

ExpandedKey::~ExpandedKey() { reset(); }

ExpandedKey::ExpandedKey(ExpandedKey&& other) noexcept : ops_(other.ops_), mem_(other.mem_), secret_(other.secret_) {
    other.ops_ = nullptr, other.mem_ = nullptr, other.secret_ = false;
}

ExpandedKey& ExpandedKey::operator=(ExpandedKey&& other) noexcept {
    if (this != &other) {
        reset();
        ops_ = other.ops_, mem_ = other.mem_, secret_ = other.secret_;
        other.ops_ = nullptr, other.mem_ = nullptr, other.secret_ = false;
    }
    return *this;
}

void ExpandedKey::reset() {
    if (mem_ != nullptr) {
        if (secret_) ops_->wipe_expanded_secret_key(mem_);
        expanded_free(mem_);
    }
    ops_ = nullptr, mem_ = nullptr, secret_ = false;
}

Status ExpandedKey::sign(std::span<const uint8_t> msg, std::span<uint8_t> sig, size_t* siglen,
                         const RandomSource& rng) const {
    if (mem_ == nullptr || !secret_ || siglen == nullptr) return Status::bad_argument;
    if (sig.size() < ops_->signature_bytes) return Status::bad_length;
    return ops_->sign_expanded(mem_, msg.data(), msg.size(), sig.data(), siglen, rng);
}

Status ExpandedKey::verify(std::span<const uint8_t> msg, std::span<const uint8_t> sig) const {
    if (mem_ == nullptr || secret_) return Status::bad_argument;
    if (sig.empty() || sig.size() > ops_->signature_bytes) return Status::bad_length;
    return ops_->verify_expanded(mem_, msg.data(), msg.size(), sig.data(), sig.size());
}

MessageHasher::MessageHasher(const Signature& sig) : ops_(sig.ops_) { reset(); }

MessageHasher::~MessageHasher() { secure_wipe(state_, sizeof state_); }

void MessageHasher::reset() {
    if (ops_) ops_->digest_init(state_);
}

Status MessageHasher::update(std::span<const uint8_t> chunk) {
    if (!ops_) return Status::unknown_name;
    return ops_->digest_absorb(state_, chunk.data(), chunk.size());
}

Status MessageHasher::finish(std::span<uint8_t> digest) {
    if (!ops_) return Status::unknown_name;
    if (digest.size() != ops_->message_digest_bytes) return Status::bad_length;
    return ops_->digest_final(state_, digest.data());
}

}  // namespace pqmcu
