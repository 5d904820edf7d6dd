// SPDX-License-Identifier: Apache-2.0 OR MIT
// The 48 MQOM v2.1 parameter sets and the 3 Faster sets in the run-time registry
// (names as in params.hpp, e.g. mqom2_cat1_gf16_faster_r5; no other aliases).
#include <array>
#include <utility>

#include "api/registry.hpp"
#include "api/sign_ops.hpp"
#include "mqom/scheme.hpp"

namespace pqmcu::registry {
namespace {

template <size_t... I>
constexpr std::array<SignatureOps, sizeof...(I)> mqom_table(std::index_sequence<I...>) {
    // MQOM's NIST attached form is msg || sig.
    return {sign_ops<mqom::Scheme<mqom::ParamSet<I>>>("MQOM v2.1", false)...};
}

constexpr auto kMqom = mqom_table(std::make_index_sequence<mqom::kNumParams>{});

}  // namespace

std::span<const SignatureOps> mqom_signatures() { return kMqom; }

}  // namespace pqmcu::registry
