// SPDX-License-Identifier: Apache-2.0 OR MIT
// The NIST PQC known-answer generators (PQCgenKAT_sign, PQCgenKAT_kem), for
// any registered signature or KEM: everything is driven by the AES-256 CTR-DRBG, so the output is
// byte-identical to the official .rsp files after their "# name" line.
#pragma once
#include <cstddef>
#include <cstdio>

#include "pqmcu/pqmcu.hpp"

namespace pqmcu::kat {

// Writes "# <name>", a blank line, then `count` entries (the NIST files have 100).
// Fails with the first non-ok status (nothing secret is printed on failure).
Status write_sign_rsp(const Signature& sig, size_t count, std::FILE* out);

// The same for a KEM (count, seed, pk, sk, ct, ss); each entry's shared
// secret is checked by decapsulation. `progress`, when not null, receives a
// line per entry ("<name>: entry i/N"), for KEMs whose key generation takes
// seconds (Classic McEliece).
Status write_kem_rsp(const Kem& kem, size_t count, std::FILE* out, std::FILE* progress = nullptr);

}  // namespace pqmcu::kat
