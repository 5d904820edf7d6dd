// SPDX-License-Identifier: Apache-2.0 OR MIT
// The C API (pqmcu/pqmcu.h) over the C++ registry.
#include "pqmcu/pqmcu.h"

#include <mutex>
#include <new>

#include "pqmcu/pqmcu.hpp"

namespace {
using pqmcu::Kem;
using pqmcu::RandomSource;
using pqmcu::Signature;
using pqmcu::Status;

// The randomness installed by pqmcu_set_random: process-wide, read under a
// lock, and each call works on its own copy (a thread may change it while
// another thread's call is running).
struct CRandom {
    int (*fill)(void*, uint8_t*, size_t) = nullptr;
    void* ctx = nullptr;
};
std::mutex g_random_lock;
CRandom g_random;

Status c_fill(void* p, uint8_t* out, size_t n) {
    const CRandom* r = static_cast<const CRandom*>(p);
    return r->fill(r->ctx, out, n) == 0 ? Status::ok : Status::internal_error;
}

// A call's randomness: `copy` must outlive the returned source.
RandomSource current_random(CRandom& copy) {
    {
        const std::lock_guard<std::mutex> hold(g_random_lock);
        copy = g_random;
    }
    return copy.fill ? RandomSource{&copy, c_fill} : pqmcu::system_random();
}

int code(Status s) { return static_cast<int>(s); }

Signature lookup(const char* name) { return name ? Signature::by_name(name) : Signature::by_name(""); }
Kem lookup_kem(const char* name) { return name ? Kem::by_name(name) : Kem::by_name(""); }

// Spans over possibly-null pointers: a null pointer with a non-zero length is an argument error.
bool bad_buffer(const void* p, size_t n) { return p == nullptr && n != 0; }
}  // namespace

extern "C" {

const char* pqmcu_status_message(int status) { return pqmcu::status_message(static_cast<Status>(status)); }

size_t pqmcu_sign_count(void) { return Signature::all().size(); }

const char* pqmcu_sign_name(size_t index) {
    const auto all = Signature::all();
    return index < all.size() ? all[index].name : nullptr;
}

int pqmcu_sign_sizes(const char* name, size_t* pk_bytes, size_t* sk_bytes, size_t* sig_bytes) {
    const Signature s = lookup(name);
    if (!s) return PQMCU_UNKNOWN_NAME;
    if (pk_bytes) *pk_bytes = s.public_key_bytes();
    if (sk_bytes) *sk_bytes = s.secret_key_bytes();
    if (sig_bytes) *sig_bytes = s.signature_bytes();
    return PQMCU_OK;
}

int pqmcu_sign_keypair(const char* name, uint8_t* pk, size_t pk_len, uint8_t* sk, size_t sk_len) {
    const Signature s = lookup(name);
    if (!s) return PQMCU_UNKNOWN_NAME;
    if (pk == nullptr || sk == nullptr) return PQMCU_BAD_ARGUMENT;
    CRandom rnd;
    return code(s.keypair({pk, pk_len}, {sk, sk_len}, current_random(rnd)));
}

int pqmcu_sign_signature(const char* name, uint8_t* sig, size_t* sig_len, const uint8_t* msg, size_t msg_len,
                         const uint8_t* sk, size_t sk_len) {
    const Signature s = lookup(name);
    if (!s) return PQMCU_UNKNOWN_NAME;
    if (sig == nullptr || sig_len == nullptr || sk == nullptr || bad_buffer(msg, msg_len)) return PQMCU_BAD_ARGUMENT;
    size_t written = 0;
    CRandom rnd;
    const Status st = s.sign({sk, sk_len}, {msg, msg_len}, {sig, *sig_len}, &written, current_random(rnd));
    *sig_len = st == Status::ok ? written : 0;
    return code(st);
}

int pqmcu_sign_verify(const char* name, const uint8_t* sig, size_t sig_len, const uint8_t* msg, size_t msg_len,
                      const uint8_t* pk, size_t pk_len) {
    const Signature s = lookup(name);
    if (!s) return PQMCU_UNKNOWN_NAME;
    if (sig == nullptr || pk == nullptr || bad_buffer(msg, msg_len)) return PQMCU_BAD_ARGUMENT;
    return code(s.verify({pk, pk_len}, {msg, msg_len}, {sig, sig_len}));
}

// The C digest state holds a MessageHasher (its algorithm and SHAKE state).
static_assert(sizeof(pqmcu::MessageHasher) <= sizeof(pqmcu_message_digest) &&
              alignof(pqmcu::MessageHasher) <= alignof(pqmcu_message_digest));
static_assert(PQMCU_MAX_MESSAGE_DIGEST_BYTES == pqmcu::kMaxMessageDigestBytes);

int pqmcu_sign_digest_bytes(const char* name, size_t* digest_bytes) {
    const Signature s = lookup(name);
    if (!s) return PQMCU_UNKNOWN_NAME;
    if (digest_bytes == nullptr) return PQMCU_BAD_ARGUMENT;
    *digest_bytes = s.message_digest_bytes();
    return PQMCU_OK;
}

int pqmcu_sign_digest_init(const char* name, pqmcu_message_digest* md) {
    const Signature s = lookup(name);
    if (!s) return PQMCU_UNKNOWN_NAME;
    if (md == nullptr) return PQMCU_BAD_ARGUMENT;
    ::new (static_cast<void*>(md->opaque)) pqmcu::MessageHasher(s);
    return PQMCU_OK;
}

int pqmcu_sign_digest_absorb(pqmcu_message_digest* md, const uint8_t* in, size_t len) {
    if (md == nullptr || bad_buffer(in, len)) return PQMCU_BAD_ARGUMENT;
    auto* h = std::launder(reinterpret_cast<pqmcu::MessageHasher*>(md->opaque));
    return code(h->update({in, len}));
}

int pqmcu_sign_digest_final(pqmcu_message_digest* md, uint8_t* digest, size_t digest_len) {
    if (md == nullptr || digest == nullptr) return PQMCU_BAD_ARGUMENT;
    auto* h = std::launder(reinterpret_cast<pqmcu::MessageHasher*>(md->opaque));
    return code(h->finish({digest, digest_len}));
}

int pqmcu_sign_digest_signature(const char* name, uint8_t* sig, size_t* sig_len, const uint8_t* digest,
                                size_t digest_len, const uint8_t* sk, size_t sk_len) {
    const Signature s = lookup(name);
    if (!s) return PQMCU_UNKNOWN_NAME;
    if (sig == nullptr || sig_len == nullptr || sk == nullptr || digest == nullptr) return PQMCU_BAD_ARGUMENT;
    size_t written = 0;
    CRandom rnd;
    const Status st =
        s.sign_digest({sk, sk_len}, {digest, digest_len}, {sig, *sig_len}, &written, current_random(rnd));
    *sig_len = st == Status::ok ? written : 0;
    return code(st);
}

int pqmcu_sign_digest_verify(const char* name, const uint8_t* sig, size_t sig_len, const uint8_t* digest,
                             size_t digest_len, const uint8_t* pk, size_t pk_len) {
    const Signature s = lookup(name);
    if (!s) return PQMCU_UNKNOWN_NAME;
    if (sig == nullptr || pk == nullptr || digest == nullptr) return PQMCU_BAD_ARGUMENT;
    return code(s.verify_digest({pk, pk_len}, {digest, digest_len}, {sig, sig_len}));
}

// The C handle is the C++ ExpandedKey itself.
struct pqmcu_expanded_key {
    pqmcu::ExpandedKey key;
};

static int expand_into(const char* name, pqmcu_expanded_key** key, const uint8_t* in, size_t in_len, bool secret) {
    if (key == nullptr) return PQMCU_BAD_ARGUMENT;
    *key = nullptr;
    const Signature s = lookup(name);
    if (!s) return PQMCU_UNKNOWN_NAME;
    if (in == nullptr) return PQMCU_BAD_ARGUMENT;
    auto* k = new (std::nothrow) pqmcu_expanded_key;
    if (k == nullptr) return code(Status::internal_error);
    const Status st = secret ? s.expand_secret_key({in, in_len}, k->key) : s.expand_public_key({in, in_len}, k->key);
    if (st != Status::ok) {
        delete k;
        return code(st);
    }
    *key = k;
    return PQMCU_OK;
}

int pqmcu_sign_expand_secret_key(const char* name, pqmcu_expanded_key** key, const uint8_t* sk, size_t sk_len) {
    return expand_into(name, key, sk, sk_len, true);
}

int pqmcu_sign_expand_public_key(const char* name, pqmcu_expanded_key** key, const uint8_t* pk, size_t pk_len) {
    return expand_into(name, key, pk, pk_len, false);
}

int pqmcu_sign_expanded_signature(const pqmcu_expanded_key* key, uint8_t* sig, size_t* sig_len, const uint8_t* msg,
                                  size_t msg_len) {
    if (key == nullptr || sig == nullptr || sig_len == nullptr || bad_buffer(msg, msg_len)) return PQMCU_BAD_ARGUMENT;
    size_t written = 0;
    CRandom rnd;
    const Status st = key->key.sign({msg, msg_len}, {sig, *sig_len}, &written, current_random(rnd));
    *sig_len = st == Status::ok ? written : 0;
    return code(st);
}

int pqmcu_sign_expanded_verify(const pqmcu_expanded_key* key, const uint8_t* sig, size_t sig_len, const uint8_t* msg,
                               size_t msg_len) {
    if (key == nullptr || sig == nullptr || bad_buffer(msg, msg_len)) return PQMCU_BAD_ARGUMENT;
    return code(key->key.verify({msg, msg_len}, {sig, sig_len}));
}

void pqmcu_expanded_key_free(pqmcu_expanded_key* key) { delete key; }  // ~ExpandedKey wipes a secret key

size_t pqmcu_kem_count(void) { return Kem::all().size(); }

const char* pqmcu_kem_name(size_t index) {
    const auto all = Kem::all();
    return index < all.size() ? all[index].name : nullptr;
}

int pqmcu_kem_sizes(const char* name, size_t* pk_bytes, size_t* sk_bytes, size_t* ct_bytes, size_t* ss_bytes) {
    const Kem k = lookup_kem(name);
    if (!k) return PQMCU_UNKNOWN_NAME;
    if (pk_bytes) *pk_bytes = k.public_key_bytes();
    if (sk_bytes) *sk_bytes = k.secret_key_bytes();
    if (ct_bytes) *ct_bytes = k.ciphertext_bytes();
    if (ss_bytes) *ss_bytes = k.shared_secret_bytes();
    return PQMCU_OK;
}

int pqmcu_kem_keypair(const char* name, uint8_t* pk, size_t pk_len, uint8_t* sk, size_t sk_len) {
    const Kem k = lookup_kem(name);
    if (!k) return PQMCU_UNKNOWN_NAME;
    if (pk == nullptr || sk == nullptr) return PQMCU_BAD_ARGUMENT;
    CRandom rnd;
    return code(k.keypair({pk, pk_len}, {sk, sk_len}, current_random(rnd)));
}

int pqmcu_kem_encapsulate(const char* name, uint8_t* ct, size_t ct_len, uint8_t* ss, size_t ss_len,
                          const uint8_t* pk, size_t pk_len) {
    const Kem k = lookup_kem(name);
    if (!k) return PQMCU_UNKNOWN_NAME;
    if (ct == nullptr || ss == nullptr || pk == nullptr) return PQMCU_BAD_ARGUMENT;
    CRandom rnd;
    return code(k.encapsulate({pk, pk_len}, {ct, ct_len}, {ss, ss_len}, current_random(rnd)));
}

int pqmcu_kem_decapsulate(const char* name, uint8_t* ss, size_t ss_len, const uint8_t* ct, size_t ct_len,
                          const uint8_t* sk, size_t sk_len) {
    const Kem k = lookup_kem(name);
    if (!k) return PQMCU_UNKNOWN_NAME;
    if (ss == nullptr || ct == nullptr || sk == nullptr) return PQMCU_BAD_ARGUMENT;
    return code(k.decapsulate({sk, sk_len}, {ct, ct_len}, {ss, ss_len}));
}

void pqmcu_set_random(int (*fill)(void* ctx, uint8_t* out, size_t n), void* ctx) {
    const std::lock_guard<std::mutex> hold(g_random_lock);
    g_random.fill = fill;
    g_random.ctx = ctx;
}

}  // extern "C"
