// SPDX-License-Identifier: Apache-2.0 OR MIT
// The NIST PQC known-answer generators (PQCgenKAT_sign, PQCgenKAT_kem), for
// any registered signature or KEM: everything is driven by the AES-256 CTR-DRBG, so the output is
// byte-identical to the official .rsp files after their "# name" line.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

#include "pqmcu/pqmcu.hpp"

namespace pqmcu::kat {

// The DRBG entropy input the generators start from. NIST's files use bytes
// 00 01 .. 2F; any other value gives other known answers made the same way,
// which upstream code run with the same input must reproduce (the
// differential vectors of tests/data/<family>/).
using Entropy = std::array<uint8_t, 48>;
constexpr Entropy nist_entropy() {
    Entropy e{};
    for (size_t i = 0; i < e.size(); ++i) e[i] = static_cast<uint8_t>(i);
    return e;
}

// Parses exactly 96 hex digits (either case) into `out`; false, `out`
// untouched, for any other length or character.
bool parse_entropy_hex(std::string_view hex, Entropy& out);

// Writes "# <name>", a blank line, then `count` entries (the NIST files have 100).
// Fails with the first non-ok status (nothing secret is printed on failure).
Status write_sign_rsp(const Signature& sig, size_t count, std::FILE* out, const Entropy& entropy = nist_entropy());

// The same for a KEM (count, seed, pk, sk, ct, ss); each entry's shared
// secret is checked by decapsulation. `progress`, when not null, receives a
// line per entry ("<name>: entry i/N"), for KEMs whose key generation takes
// seconds (Classic McEliece).
Status write_kem_rsp(const Kem& kem, size_t count, std::FILE* out, std::FILE* progress = nullptr,
                     const Entropy& entropy = nist_entropy());

}  // namespace pqmcu::kat
