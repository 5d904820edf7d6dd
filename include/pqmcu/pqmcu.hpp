// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu C++ API for hosts: signatures and KEMs looked up by name at run time.
//
//   pqmcu::Signature sig = pqmcu::Signature::by_name("mqom2_cat1_gf16_fast_r5");
//   if (!sig) ...                                   // unknown name
//   std::vector<uint8_t> pk(sig.public_key_bytes()), sk(sig.secret_key_bytes());
//   sig.keypair(pk, sk);                             // OS randomness by default
//
//   pqmcu::Kem kem = pqmcu::Kem::by_name("mceliece348864");
//   kem.keypair(pk, sk);  kem.encapsulate(pk, ct, ss);  kem.decapsulate(sk, ct, ss);
//
// No exceptions: every operation returns a pqmcu::Status and writes only into
// the caller's buffers, whose lengths are checked (Status::bad_length).
// Firmware uses the compile-time scheme types instead (e.g. pqmcu::mqom::Scheme).
//
// Memory and threads: an operation's workspace (up to ~1 MB for MAYO-5) is
// never on the caller's stack; each thread keeps one heap workspace per
// algorithm it has used, wiped after every call and freed when the thread
// ends. Calls are thread safe: no state is shared between threads except the
// randomness installed by the C API's pqmcu_set_random (process-wide) and the
// NIST KAT generator behind nist_drbg_random() (one process-wide DRBG, for
// KAT harnesses only). Secrets the library copies (workspaces, seeds) are
// wiped before it returns; the caller's own key buffers are the caller's.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "pqmcu/export.h"
#include "pqmcu/status.hpp"

namespace pqmcu {

// Where an operation takes its randomness from.
struct RandomSource {
    void* ctx;
    Status (*fill)(void* ctx, uint8_t* out, size_t n);
};
// The operating system's generator (getrandom).
PQMCU_API RandomSource system_random();
// The NIST KAT generator's global state (randombytes, after randombytes_init).
PQMCU_API RandomSource nist_drbg_random();

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
    // Hash-then-sign: sign(msg) == sign_digest(digest(msg)) for the same
    // randomness. digest_*: an incremental digest in a caller-provided state
    // of kMessageDigestStateBytes (alignment kMessageDigestStateAlign),
    // init -> absorb* -> final(message_digest_bytes).
    size_t message_digest_bytes;
    void (*digest_init)(void* state);
    Status (*digest_absorb)(void* state, const uint8_t* in, size_t len);
    Status (*digest_final)(void* state, uint8_t* digest);
    Status (*sign_digest)(const uint8_t* sk, const uint8_t* digest, uint8_t* sig, size_t* siglen,
                          const RandomSource& rng);
    Status (*verify_digest)(const uint8_t* pk, const uint8_t* digest, const uint8_t* sig, size_t siglen);
    // Expanded keys kept between calls (ExpandedKey; MAYO): zero / null for a
    // family without them. expand_*: into caller storage of the given size,
    // aligned to kExpandedKeyAlign; wipe_expanded_secret_key wipes it.
    size_t expanded_secret_key_bytes = 0;
    size_t expanded_public_key_bytes = 0;
    Status (*expand_secret_key)(const uint8_t* sk, void* esk) = nullptr;
    void (*wipe_expanded_secret_key)(void* esk) = nullptr;
    Status (*sign_expanded)(const void* esk, const uint8_t* msg, size_t mlen, uint8_t* sig, size_t* siglen,
                            const RandomSource& rng) = nullptr;
    Status (*expand_public_key)(const uint8_t* pk, void* epk) = nullptr;
    Status (*verify_expanded)(const void* epk, const uint8_t* msg, size_t mlen, const uint8_t* sig,
                              size_t siglen) = nullptr;
};
inline constexpr size_t kExpandedKeyAlign = 64;

// The largest message digest and digest state of any registered signature.
inline constexpr size_t kMaxMessageDigestBytes = 64;
inline constexpr size_t kMessageDigestStateBytes = 256;
inline constexpr size_t kMessageDigestStateAlign = 8;

class Signature;
class ExpandedKey;

// A message hashed in chunks (constant memory for any size) for
// Signature::sign_digest / verify_digest:
//   auto h = sig.message_hasher();  h.update(chunk) ...;  h.finish(digest);
class PQMCU_API MessageHasher {
public:
    explicit MessageHasher(const Signature& sig);
    ~MessageHasher();
    MessageHasher(const MessageHasher&) = default;
    MessageHasher& operator=(const MessageHasher&) = default;

    size_t digest_bytes() const { return ops_ ? ops_->message_digest_bytes : 0; }
    void reset();  // a new message
    // bad_argument after finish (until reset).
    Status update(std::span<const uint8_t> chunk);
    // digest must be exactly digest_bytes(). Then reset() before reuse.
    Status finish(std::span<uint8_t> digest);

private:
    const SignatureOps* ops_ = nullptr;
    alignas(kMessageDigestStateAlign) unsigned char state_[kMessageDigestStateBytes];
};

class PQMCU_API Signature {
public:
    // An invalid Signature (operator bool is false) when the name is unknown;
    // its operations then return Status::unknown_name. Names match in any
    // case with '-' and '_' ignored ("mayo_2" is MAYO-2), and MQOM's
    // reference labels too ("MQOM2-L1-gf16-fast-r5" is mqom2_cat1_gf16_fast_r5).
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

    // The same on a message digest (MessageHasher's output, message_digest_bytes()).
    size_t message_digest_bytes() const { return ops_ ? ops_->message_digest_bytes : 0; }
    MessageHasher message_hasher() const { return MessageHasher(*this); }
    Status sign_digest(std::span<const uint8_t> sk, std::span<const uint8_t> digest, std::span<uint8_t> sig,
                       size_t* siglen, const RandomSource& rng = system_random()) const;
    Status verify_digest(std::span<const uint8_t> pk, std::span<const uint8_t> digest,
                         std::span<const uint8_t> sig) const;

    // Expanded keys (ExpandedKey below): whether this algorithm has them, and
    // expansion of a secret key (to sign) or a public key (to verify). A
    // family without them gives Status::bad_argument.
    bool has_expanded_keys() const { return ops_ && ops_->expand_secret_key != nullptr; }
    Status expand_secret_key(std::span<const uint8_t> sk, ExpandedKey& out) const;
    Status expand_public_key(std::span<const uint8_t> pk, ExpandedKey& out) const;

private:
    friend class MessageHasher;
    explicit Signature(const SignatureOps* ops) : ops_(ops) {}
    const SignatureOps* ops_ = nullptr;
};

// A key expanded once and kept by the caller between calls (MAYO: P1, L and
// O for signing, P1 | P2 | P3 for verifying). Worth it when one key signs or
// verifies many messages: MAYO's compact sign re-expands the key every call
// (most of its time), an expanded key skips that. It costs memory
// (expanded_*_key_bytes: ~100 KB (MAYO-2) to ~0.9 MB (MAYO-5) each) and a
// secret one holds the key's secrets for as long as it lives.
// Signatures equal the compact calls' for the same randomness. Move-only;
// the destructor (or reset) wipes a secret key's memory and frees it.
class PQMCU_API ExpandedKey {
public:
    ExpandedKey() = default;
    ~ExpandedKey();
    ExpandedKey(ExpandedKey&& other) noexcept;
    ExpandedKey& operator=(ExpandedKey&& other) noexcept;
    ExpandedKey(const ExpandedKey&) = delete;
    ExpandedKey& operator=(const ExpandedKey&) = delete;

    explicit operator bool() const { return mem_ != nullptr; }
    bool is_secret() const { return secret_; }
    std::string_view name() const { return ops_ ? ops_->name : ""; }
    // sign: a secret expanded key (else bad_argument); sig as Signature::sign.
    Status sign(std::span<const uint8_t> msg, std::span<uint8_t> sig, size_t* siglen,
                const RandomSource& rng = system_random()) const;
    // verify: a public expanded key (else bad_argument).
    Status verify(std::span<const uint8_t> msg, std::span<const uint8_t> sig) const;
    void reset();

private:
    friend class Signature;
    const SignatureOps* ops_ = nullptr;
    void* mem_ = nullptr;
    bool secret_ = false;
};

// One KEM's sizes and entry points, filled from its compile-time scheme.
struct KemOps {
    const char* name;
    const char* family;
    size_t public_key_bytes;
    size_t secret_key_bytes;
    size_t ciphertext_bytes;
    size_t shared_secret_bytes;
    Status (*keypair)(uint8_t* pk, uint8_t* sk, const RandomSource& rng);
    Status (*encapsulate)(uint8_t* ct, uint8_t* ss, const uint8_t* pk, const RandomSource& rng);
    Status (*decapsulate)(uint8_t* ss, const uint8_t* ct, const uint8_t* sk);
};

class PQMCU_API Kem {
public:
    // An invalid Kem (operator bool is false) when the name is unknown; its
    // operations then return Status::unknown_name. Names match as for Signature.
    static Kem by_name(std::string_view name);
    static std::span<const KemOps> all();

    explicit operator bool() const { return ops_ != nullptr; }
    std::string_view name() const { return ops_ ? ops_->name : ""; }
    std::string_view family() const { return ops_ ? ops_->family : ""; }
    size_t public_key_bytes() const { return ops_ ? ops_->public_key_bytes : 0; }
    size_t secret_key_bytes() const { return ops_ ? ops_->secret_key_bytes : 0; }
    size_t ciphertext_bytes() const { return ops_ ? ops_->ciphertext_bytes : 0; }
    size_t shared_secret_bytes() const { return ops_ ? ops_->shared_secret_bytes : 0; }

    // Every span must have exactly the algorithm's size (else bad_length).
    Status keypair(std::span<uint8_t> pk, std::span<uint8_t> sk, const RandomSource& rng = system_random()) const;
    Status encapsulate(std::span<const uint8_t> pk, std::span<uint8_t> ct, std::span<uint8_t> ss,
                       const RandomSource& rng = system_random()) const;
    // A ciphertext that was tampered with is not an error: it gives the
    // implicit-rejection secret (a pseudo-random value), in the same time.
    Status decapsulate(std::span<const uint8_t> sk, std::span<const uint8_t> ct, std::span<uint8_t> ss) const;

private:
    explicit Kem(const KemOps* ops) : ops_(ops) {}
    const KemOps* ops_ = nullptr;
};

}  // namespace pqmcu
