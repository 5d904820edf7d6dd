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

// The registry is host-only: the Speed profile (same bytes; l + 1.7 KB
// more workspace, 2 l + 1.7 KB on x86, which the host API keeps on the heap)
// does fewer transforms: 0.81-0.84x PQClean's AVX2 Saber's time on an
// AVX2-only host, 1.3-2.0x with Default (src/saber/README.md, x86-64).
constexpr auto kSaber = built_table<KemOps>(SaberSets{},
                                            []<class Set>() { return kem_ops<saber::Scheme<Set, saber::Speed>>("Saber"); });

}  // namespace

std::span<const KemOps> saber_kems() { return kSaber; }

}  // namespace pqmcu::registry
