// pqmcu::Signature: length checks and dispatch to the registered algorithms.
#include <sys/random.h>

#include <cerrno>

#include "api/registry.hpp"
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

// Names compare case-insensitively with '-' and '_' ignored, so "MAYO-2",
// "mayo_2" and "mayo2" are one algorithm; MQOM's reference labels name the
// category "L1/L3/L5" where the canonical names say "cat1/cat3/cat5"
// ("MQOM2-L1-gf16-fast-r5" = "mqom2_cat1_gf16_fast_r5"). Every canonical name
// stays distinct under this folding (tests/unit/cli_names_test.cpp).
std::string_view::size_type fold_name(std::string_view in, char* out, std::string_view::size_type cap) {
    std::string_view::size_type n = 0;
    for (char c : in) {
        if (c == '-' || c == '_') continue;
        if (n == cap) return cap + 1;  // longer than any registered name
        out[n++] = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
    }
    // "mqom2l1..." -> "mqom2cat1..." (the reference's label spelling).
    const std::string_view label_prefix = "mqom2l";
    if (n > label_prefix.size() && std::string_view(out, label_prefix.size()) == label_prefix &&
        n + 2 <= cap) {
        for (auto i = n; i-- > label_prefix.size();) out[i + 2] = out[i];
        out[5] = 'c', out[6] = 'a', out[7] = 't';
        n += 2;
    }
    return n;
}

bool same_name(std::string_view a, const char* b) {
    constexpr std::string_view::size_type cap = 64;
    char fa[cap], fb[cap];
    const auto na = fold_name(a, fa, cap), nb = fold_name(b, fb, cap);
    return na <= cap && nb <= cap && std::string_view(fa, na) == std::string_view(fb, nb);
}

}  // namespace

RandomSource system_random() { return RandomSource{nullptr, os_fill}; }
RandomSource nist_drbg_random() { return RandomSource{nullptr, drbg_fill}; }

std::span<const SignatureOps> Signature::all() { return registry::signatures(); }

Signature Signature::by_name(std::string_view name) {
    for (const SignatureOps& ops : all())
        if (name == ops.name) return Signature(&ops);
    for (const SignatureOps& ops : all())
        if (same_name(name, ops.name)) return Signature(&ops);
    return Signature(nullptr);
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

}  // namespace pqmcu
