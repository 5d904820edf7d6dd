// SPDX-License-Identifier: Apache-2.0 OR MIT
// Key, signature and ciphertext files for hosts (the `pqmcu` command): an
// armored text form that names the algorithm and the kind of object,
//
//   -----BEGIN PQMCU PUBLIC KEY-----
//   Algorithm: mqom2_cat1_gf16_fast_r5
//   <base64 of the raw bytes, 64 columns per line>
//   -----END PQMCU PUBLIC KEY-----
//
// and the raw bytes themselves (for firmware images), which name nothing.
// Signature keys are PUBLIC KEY / SECRET KEY; KEM keys have labels of their
// own (KEM PUBLIC KEY / KEM SECRET KEY), so that a key of one kind is never
// taken for the other, and KEM ciphertexts are CIPHERTEXT.
// The parser is strict: one canonical encoding only (the file must equal what
// encode() writes for its contents; a final '\n' and '\r\n' line ends are the
// only latitude), a registered canonical algorithm name, the kind asked for,
// the exact length for the algorithm, and at most kMaxArmoredBytes of input.
// Host-only: uses the standard library. Every buffer that may hold a secret
// (decoded key, its base64 text) is wiped when freed (WipingAllocator).
#pragma once
#include <cstddef>
#include <cstdint>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "core/secure.hpp"
#include "pqmcu/pqmcu.hpp"

namespace pqmcu::armor {

// std::allocator that wipes every block before giving it back.
template <class T>
struct WipingAllocator {
    using value_type = T;
    WipingAllocator() = default;
    template <class U>
    WipingAllocator(const WipingAllocator<U>&) {}
    T* allocate(size_t n) { return static_cast<T*>(::operator new(n * sizeof(T))); }
    void deallocate(T* p, size_t n) {
        secure_wipe(p, n * sizeof(T));
        ::operator delete(p);
    }
    template <class U>
    bool operator==(const WipingAllocator<U>&) const { return true; }
};
using Bytes = std::vector<uint8_t, WipingAllocator<uint8_t>>;

enum class Kind { public_key, secret_key, signature, kem_public_key, kem_secret_key, ciphertext };
// "PUBLIC KEY", "SECRET KEY", "SIGNATURE", "KEM PUBLIC KEY", "KEM SECRET KEY", "CIPHERTEXT"
const char* kind_label(Kind k);
// "public key", "secret key", "signature", "KEM public key", "KEM secret key", "ciphertext"
const char* kind_noun(Kind k);
// Whether the kind belongs to a KEM (its Algorithm: names a registered KEM).
bool is_kem_kind(Kind k);

// Bigger than any armored object of a registered algorithm: the largest is a
// Classic McEliece 8192128 public key, 1,357,824 bytes = 1,810,432 base64
// characters in 28,288 lines, about 1.84 MB (the unit test checks every
// registered algorithm's objects against this bound).
inline constexpr size_t kMaxArmoredBytes = 2u << 20;
// The armored size of an object of n raw bytes with the given name (exact).
size_t armored_size(Kind kind, std::string_view algorithm, size_t n);

// Whether the bytes start like an armored pqmcu file ("-----BEGIN PQMCU ").
bool looks_armored(const uint8_t* data, size_t n);

// The armored text of one object (algorithm: a canonical registry name).
Bytes encode(Kind kind, std::string_view algorithm, const uint8_t* data, size_t n);

struct Decoded {
    std::string algorithm;  // the canonical name of the registered algorithm the file names
    Bytes bytes;          // the raw key or signature
};
// Parses an armored file expected to hold `kind`. On failure returns false and
// sets `error` to one line without a trailing period, e.g. "not a PQMCU secret
// key (found PUBLIC KEY)".
bool decode(const uint8_t* text, size_t n, Kind kind, Decoded& out, std::string& error);

// Checks a raw (unarmored) object's length for an algorithm; same error style.
bool check_raw_length(const Signature& algorithm, Kind kind, size_t n, std::string& error);
bool check_raw_length(const Kem& algorithm, Kind kind, size_t n, std::string& error);

// Base64 (RFC 4648, with padding); decode is strict (canonical padding bits,
// no whitespace) and returns false on any deviation.
void base64_encode(const uint8_t* data, size_t n, Bytes& out);
bool base64_decode(const char* text, size_t n, Bytes& out);

}  // namespace pqmcu::armor
