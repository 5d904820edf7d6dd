// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Classic McEliece KEMs (10 sets, and the pc / pcf variants) in the
// run-time registry, those PQMCU_ALGORITHMS chose.
#include "api/family_table.hpp"
#include "api/kem_ops.hpp"
#include "api/registry.hpp"
#include "mceliece/scheme.hpp"

namespace pqmcu::registry {
namespace {

namespace m = mceliece;
using McElieceSets =
    SetList<m::mceliece348864, m::mceliece348864f, m::mceliece460896, m::mceliece460896f, m::mceliece6688128,
            m::mceliece6688128f, m::mceliece6960119, m::mceliece6960119f, m::mceliece8192128, m::mceliece8192128f,
            m::mceliece348864pc, m::mceliece348864pcf, m::mceliece460896pc, m::mceliece460896pcf,
            m::mceliece6688128pc, m::mceliece6688128pcf, m::mceliece6960119pc, m::mceliece6960119pcf,
            m::mceliece8192128pc, m::mceliece8192128pcf>;
static_assert(chosen_names_known("mceliece", McElieceSets::has),
              "PQMCU_ALGORITHMS names a Classic McEliece set that does not exist");

constexpr auto kMcEliece = built_table<KemOps>(
    McElieceSets{}, []<class Set>() { return kem_ops<m::Scheme<Set>>("Classic McEliece"); });

}  // namespace

std::span<const KemOps> mceliece_kems() { return kMcEliece; }

}  // namespace pqmcu::registry
