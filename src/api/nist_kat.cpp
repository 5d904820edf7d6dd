// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "api/nist_kat.hpp"

#include <array>
#include <vector>

#include "rng/randombytes.h"

namespace pqmcu::kat {
namespace {

void put_hex(std::FILE* out, const char* label, const uint8_t* p, size_t n) {
    std::fprintf(out, "%s = ", label);
    for (size_t i = 0; i < n; ++i) std::fprintf(out, "%02X", p[i]);
    std::fputc('\n', out);
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Seeds the process-wide DRBG (randombytes_init takes a non-const pointer).
void drbg_init(const Entropy& entropy) {
    Entropy copy = entropy;
    randombytes_init(copy.data(), nullptr, 256);
}

}  // namespace

bool parse_entropy_hex(std::string_view hex, Entropy& out) {
    if (hex.size() != 2 * out.size()) return false;
    Entropy e{};
    for (size_t i = 0; i < e.size(); ++i) {
        const int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return false;
        e[i] = static_cast<uint8_t>(hi << 4 | lo);
    }
    out = e;
    return true;
}

Status write_sign_rsp(const Signature& sig, size_t count, std::FILE* out, const Entropy& entropy) {
    if (!sig) return Status::unknown_name;
    const std::string_view name = sig.name();
    std::fprintf(out, "# %.*s\n\n", int(name.size()), name.data());

    // As PQCgenKAT_sign: one DRBG seeded with the entropy input (NIST: 0..47)
    // makes every entry's seed and message (in that order), then each entry
    // reseeds with its own seed.
    drbg_init(entropy);
    struct Request {
        uint8_t seed[48];
        std::vector<uint8_t> msg;
    };
    std::vector<Request> requests(count);
    for (size_t i = 0; i < count; ++i) {
        randombytes(requests[i].seed, 48);
        requests[i].msg.resize(33 * (i + 1));
        randombytes(requests[i].msg.data(), requests[i].msg.size());
    }

    std::vector<uint8_t> pk(sig.public_key_bytes()), sk(sig.secret_key_bytes()), s(sig.signature_bytes());
    for (size_t i = 0; i < count; ++i) {
        const Request& r = requests[i];
        randombytes_init(const_cast<unsigned char*>(r.seed), nullptr, 256);
        Status st = sig.keypair(pk, sk, nist_drbg_random());
        if (st != Status::ok) return st;
        size_t siglen = 0;
        st = sig.sign(sk, r.msg, s, &siglen, nist_drbg_random());
        if (st != Status::ok) return st;
        st = sig.verify(pk, r.msg, {s.data(), siglen});
        if (st != Status::ok) return st;

        std::fprintf(out, "count = %zu\n", i);
        put_hex(out, "seed", r.seed, 48);
        std::fprintf(out, "mlen = %zu\n", r.msg.size());
        put_hex(out, "msg", r.msg.data(), r.msg.size());
        put_hex(out, "pk", pk.data(), pk.size());
        put_hex(out, "sk", sk.data(), sk.size());
        std::fprintf(out, "smlen = %zu\n", siglen + r.msg.size());
        std::fprintf(out, "sm = ");
        const uint8_t* first = sig.attached_signature_first() ? s.data() : r.msg.data();
        const size_t first_len = sig.attached_signature_first() ? siglen : r.msg.size();
        const uint8_t* second = sig.attached_signature_first() ? r.msg.data() : s.data();
        const size_t second_len = sig.attached_signature_first() ? r.msg.size() : siglen;
        for (size_t k = 0; k < first_len; ++k) std::fprintf(out, "%02X", first[k]);
        for (size_t k = 0; k < second_len; ++k) std::fprintf(out, "%02X", second[k]);
        std::fprintf(out, "\n\n");
    }
    return Status::ok;
}

Status write_kem_rsp(const Kem& kem, size_t count, std::FILE* out, std::FILE* progress, const Entropy& entropy) {
    if (!kem) return Status::unknown_name;
    const std::string_view name = kem.name();
    std::fprintf(out, "# %.*s\n\n", int(name.size()), name.data());

    // As PQCgenKAT_kem: one DRBG seeded with the entropy input (NIST: 0..47)
    // makes every entry's seed, then each entry reseeds with its own seed
    // before keypair and encaps.
    drbg_init(entropy);
    std::vector<std::array<uint8_t, 48>> seeds(count);
    for (auto& seed : seeds) randombytes(seed.data(), seed.size());

    std::vector<uint8_t> pk(kem.public_key_bytes()), sk(kem.secret_key_bytes()), ct(kem.ciphertext_bytes()),
        ss(kem.shared_secret_bytes()), ss2(kem.shared_secret_bytes());
    for (size_t i = 0; i < count; ++i) {
        if (progress != nullptr) {
            std::fprintf(progress, "%.*s: entry %zu/%zu\n", int(name.size()), name.data(), i + 1, count);
            std::fflush(progress);
        }
        randombytes_init(seeds[i].data(), nullptr, 256);
        Status st = kem.keypair(pk, sk, nist_drbg_random());
        if (st == Status::ok) st = kem.encapsulate(pk, ct, ss, nist_drbg_random());
        if (st == Status::ok) st = kem.decapsulate(sk, ct, ss2);
        if (st == Status::ok && ss != ss2) st = Status::internal_error;
        if (st != Status::ok) return st;

        std::fprintf(out, "count = %zu\n", i);
        put_hex(out, "seed", seeds[i].data(), seeds[i].size());
        put_hex(out, "pk", pk.data(), pk.size());
        put_hex(out, "sk", sk.data(), sk.size());
        put_hex(out, "ct", ct.data(), ct.size());
        put_hex(out, "ss", ss.data(), ss.size());
        std::fputc('\n', out);
    }
    return Status::ok;
}

}  // namespace pqmcu::kat
