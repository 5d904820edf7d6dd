// SPDX-License-Identifier: Apache-2.0 OR MIT
// The eight MAYO parameter sets (round 2: MAYO-1/2/3/5; round 1: MAYO-x-r1)
// in the run-time registry, those PQMCU_ALGORITHMS chose.
#include "api/family_table.hpp"
#include "api/registry.hpp"
#include "api/sign_ops.hpp"
#include "mayo/scheme.hpp"

namespace pqmcu::registry {
namespace {

using MayoSets = SetList<mayo::mayo_1, mayo::mayo_2, mayo::mayo_3, mayo::mayo_5, mayo::mayo_1_r1, mayo::mayo_2_r1,
                         mayo::mayo_3_r1, mayo::mayo_5_r1>;
static_assert(chosen_names_known("mayo", MayoSets::has), "PQMCU_ALGORITHMS names a MAYO set that does not exist");

// MAYO's NIST attached form is sig || msg.
constexpr auto kMayo = built_table<SignatureOps>(
    MayoSets{}, []<class Set>() { return sign_ops<mayo::Scheme<Set>>("MAYO", true); });

}  // namespace

std::span<const SignatureOps> mayo_signatures() { return kMayo; }

}  // namespace pqmcu::registry
