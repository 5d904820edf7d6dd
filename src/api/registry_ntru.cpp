// SPDX-License-Identifier: Apache-2.0 OR MIT
// The NTRU KEMs (HPS 2048-509/677, 4096-821/1229; HRSS 701/1373) in the
// run-time registry, those PQMCU_ALGORITHMS chose.
#include "api/family_table.hpp"
#include "api/kem_ops.hpp"
#include "api/registry.hpp"
#include "ntru/scheme.hpp"

namespace pqmcu::registry {
namespace {

using NtruSets = SetList<ntru::ntruhps2048509, ntru::ntruhps2048677, ntru::ntruhps4096821, ntru::ntruhrss701,
                         ntru::ntruhps40961229, ntru::ntruhrss1373>;
static_assert(chosen_names_known("ntru", NtruSets::has), "PQMCU_ALGORITHMS names an NTRU set that does not exist");

// The registry is host-only: the Speed profile (same bytes; key generation's
// and decapsulation's workspaces hold the x86 products' buffers, ~32 KB at
// 701, wiped once per operation; src/ntru/README.md, x86-64).
constexpr auto kNtru =
    built_table<KemOps>(NtruSets{}, []<class Set>() { return kem_ops<ntru::Scheme<Set, ntru::Speed>>("NTRU"); });

}  // namespace

std::span<const KemOps> ntru_kems() { return kNtru; }

}  // namespace pqmcu::registry
