// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Saber KEMs (round 3: LightSaber, Saber, FireSaber) in the run-time
// registry, those PQMCU_ALGORITHMS chose.
#include "api/family_table.hpp"
#include "api/kem_ops.hpp"
#include "api/registry.hpp"
#include "saber/scheme.hpp"

namespace pqmcu::registry {
namespace {

using SaberSets = SetList<saber::lightsaber, saber::saber, saber::firesaber>;
static_assert(chosen_names_known([](const char* name) { return folded_ends_with(name, "saber"); }, SaberSets::has),
              "PQMCU_ALGORITHMS names a Saber set that does not exist");

constexpr auto kSaber =
    built_table<KemOps>(SaberSets{}, []<class Set>() { return kem_ops<saber::Scheme<Set>>("Saber"); });

}  // namespace

std::span<const KemOps> saber_kems() { return kSaber; }

}  // namespace pqmcu::registry
