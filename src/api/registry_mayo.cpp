// SPDX-License-Identifier: Apache-2.0 OR MIT
// The eight MAYO parameter sets (round 2: MAYO-1/2/3/5; round 1: MAYO-x-r1)
// in the run-time registry.
#include <array>

#include "api/registry.hpp"
#include "api/sign_ops.hpp"
#include "mayo/scheme.hpp"

namespace pqmcu::registry {
namespace {

// MAYO's NIST attached form is sig || msg.
constexpr std::array<SignatureOps, 8> kMayo = {
    sign_ops<mayo::Scheme<mayo::mayo_1>>("MAYO", true),    sign_ops<mayo::Scheme<mayo::mayo_2>>("MAYO", true),
    sign_ops<mayo::Scheme<mayo::mayo_3>>("MAYO", true),    sign_ops<mayo::Scheme<mayo::mayo_5>>("MAYO", true),
    sign_ops<mayo::Scheme<mayo::mayo_1_r1>>("MAYO", true), sign_ops<mayo::Scheme<mayo::mayo_2_r1>>("MAYO", true),
    sign_ops<mayo::Scheme<mayo::mayo_3_r1>>("MAYO", true), sign_ops<mayo::Scheme<mayo::mayo_5_r1>>("MAYO", true),
};

}  // namespace

std::span<const SignatureOps> mayo_signatures() { return kMayo; }

}  // namespace pqmcu::registry
