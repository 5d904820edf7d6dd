// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM's streaming-verification variant (src/mqom/stream.hpp) on hosts: each
// cat 1 set but the gf4 and faster ones has a signature algorithm of its own,
// "<set>_stream" (Signature::by_name finds it; Signature::all() lists only the
// NIST sets, so KAT checks and tables are unchanged), with the set's keys, and
// a streaming verifier fed the signature in chunks of any size.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "pqmcu/pqmcu.hpp"

namespace pqmcu {

// The variant's name is the set's name + this suffix.
inline constexpr std::string_view kStreamVariantSuffix = "_stream";

// The streaming verifier of one variant, constructed in a caller-provided
// state of state_bytes (aligned to state_align): init_digest(state, pk,
// MessageHasher digest), update(state, chunk, n) any number of times (ok, or
// verify_failed as soon as the stream is known bad, bad_length past the end),
// final(state): ok / verify_failed / bad_length, then destroy(state) once.
// pk must stay valid until final.
struct StreamVerifierOps {
    const char* name;  // the variant's canonical name
    size_t state_bytes;
    size_t state_align;
    Status (*init_digest)(void* state, const uint8_t* pk, const uint8_t* digest);
    Status (*update)(void* state, const uint8_t* chunk, size_t len);
    Status (*final)(void* state);
    void (*destroy)(void* state);
};

// The streaming verifier of a variant (canonical name), or nullptr.
const StreamVerifierOps* stream_verifier(std::string_view variant_name);

}  // namespace pqmcu
