// SPDX-License-Identifier: Apache-2.0 OR MIT
// The RAM-budget profile chooser: given an MQOM instance and a RAM budget,
// the fastest profile whose measured peak RAM on the Cortex-M4 fits.
//
// Figures come from src/mqom/profile_table.inc, generated from the M4
// benchmark (tools/m4sim/profile_table.py over build/m4/m4-bench.csv):
// emulated cycle estimates (QEMU + the cycle-model plugin) and peak RAM =
// stack + workspace + library static data, the worst of keygen/sign/verify.
// Only measured (instance, profile) pairs can be chosen; the table grows as
// profiles get benchmark rows.
//
//   pqmcu::mqom::ProfileChoice c;
//   if (fastest_profile_within("mqom2_cat1_gf16_fast_r5", 32 * 1024, c) == Status::ok)
//       use(c.profile);   // e.g. "balanced"
//
// Statuses: ok; bad_argument (nullptr name); unknown_name (not an MQOM set:
// liboqs name, reference label or KAT stem as params.hpp's find_params);
// unsupported (a known set with no measured profile: c.min_ram_bytes = 0; or
// no measured profile fits the budget: c.min_ram_bytes = the smallest peak
// RAM measured for the set, what the budget would need).
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/status.hpp"

namespace pqmcu::mqom {

// One measured (instance, profile) pair.
struct ProfileFigures {
    const char* instance;  // liboqs name, e.g. "mqom2_cat1_gf16_fast_r5"
    const char* profile;   // a profile's `name` (scheme.hpp), e.g. "balanced"
    uint64_t keygen_cycles, sign_cycles, verify_cycles;
    uint32_t ram_bytes;    // peak of the three operations
};

// What fastest_profile_within ranks by.
enum class ProfileGoal : uint8_t { sign, verify, keygen };

struct ProfileChoice {
    const ProfileFigures* figures = nullptr;  // the chosen row (nullptr unless ok)
    const char* profile = nullptr;            // figures->profile
    uint32_t min_ram_bytes = 0;               // smallest measured peak RAM of the instance
};

// Fastest (fewest cycles for `goal`, then least RAM) measured profile of
// `instance` whose peak RAM is <= ram_budget_bytes. The Lut profile (NOT
// constant time: secret-indexed tables) is only considered when
// allow_not_constant_time is true.
Status fastest_profile_within(const char* instance, size_t ram_budget_bytes, ProfileChoice& out,
                              ProfileGoal goal = ProfileGoal::sign, bool allow_not_constant_time = false);

// The committed table and the profile names that exist (for the tests and the CLI).
const ProfileFigures* profile_table(size_t& rows);
bool profile_exists(const char* profile_name);

}  // namespace pqmcu::mqom
