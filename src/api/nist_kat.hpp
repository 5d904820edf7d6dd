// SPDX-License-Identifier: Apache-2.0 OR MIT
// The NIST PQC known-answer generator (PQCgenKAT_sign), for any registered
// signature: everything is driven by the AES-256 CTR-DRBG, so the output is
// byte-identical to the official .rsp files after their "# name" line.
#pragma once
#include <cstddef>
#include <cstdio>

#include "pqmcu/pqmcu.hpp"

namespace pqmcu::kat {

// Writes "# <name>", a blank line, then `count` entries (the NIST files have 100).
// Fails with the first non-ok status (nothing secret is printed on failure).
Status write_sign_rsp(const Signature& sig, size_t count, std::FILE* out);

}  // namespace pqmcu::kat
