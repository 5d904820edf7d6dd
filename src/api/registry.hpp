// SPDX-License-Identifier: Apache-2.0 OR MIT
// The tables behind Signature::by_name and Kem::by_name: every algorithm of
// every family, built at compile time from the schemes' types (sign_ops.hpp,
// kem_ops.hpp).
#pragma once
#include <span>
#include <string_view>

#include "pqmcu/pqmcu.hpp"

namespace pqmcu::registry {

std::span<const SignatureOps> signatures();
std::span<const KemOps> kems();
// Signature variants Signature::by_name also finds but all() does not list
// (MQOM's streaming-verification variant: stream_variant.hpp).
std::span<const SignatureOps> signature_variants();

// Whether a name given by a user names the algorithm registered as `canonical`
// (any case, '-' / '_' ignored, MQOM's L1/L3/L5 labels: algorithms.hpp).
bool names_match(std::string_view given, const char* canonical);

// The entry a user's name denotes, nullptr for none: the name is folded once
// and compared with the canonical names folded when the tables were built
// (a C API call looks its algorithm up every time).
const SignatureOps* find_signature(std::string_view name);
const KemOps* find_kem(std::string_view name);

// Families contribute their tables here (one translation unit each).
std::span<const SignatureOps> mqom_signatures();
std::span<const SignatureOps> mqom_stream_signatures();
std::span<const SignatureOps> mayo_signatures();
std::span<const KemOps> ntru_kems();
std::span<const KemOps> saber_kems();
std::span<const KemOps> mceliece_kems();

}  // namespace pqmcu::registry
