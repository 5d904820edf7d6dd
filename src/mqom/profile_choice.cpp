// SPDX-License-Identifier: Apache-2.0 OR MIT
// RAM-budget profile chooser over the committed M4 measurements.
#include "mqom/profile_choice.hpp"

#include "mqom/params.hpp"
#include "mqom/scheme.hpp"

namespace pqmcu::mqom {
namespace {

constexpr ProfileFigures kTable[] = {
#include "mqom/profile_table.inc"
};

// Every profile type of scheme.hpp (a new profile is added here too).
constexpr const char* kProfiles[] = {Desktop::name, Balanced::name, Memory::name, Lut::name, Hardware::name};

bool same(const char* a, const char* b) {
    while (*a != '\0' && *a == *b) ++a, ++b;
    return *a == *b;
}

uint64_t cost(const ProfileFigures& f, ProfileGoal g) {
    switch (g) {
    case ProfileGoal::verify: return f.verify_cycles;
    case ProfileGoal::keygen: return f.keygen_cycles;
    case ProfileGoal::sign: break;
    }
    return f.sign_cycles;
}

}  // namespace

const ProfileFigures* profile_table(size_t& rows) {
    rows = sizeof(kTable) / sizeof(kTable[0]);
    return kTable;
}

bool profile_exists(const char* name) {
    if (name == nullptr) return false;
    for (const char* p : kProfiles)
        if (same(p, name)) return true;
    return false;
}

Status fastest_profile_within(const char* instance, size_t ram_budget_bytes, ProfileChoice& out,
                              ProfileGoal goal, bool allow_not_constant_time) {
    out = ProfileChoice{};
    if (instance == nullptr) return Status::bad_argument;
    const Params* p = find_params(instance);
    if (p == nullptr) return Status::unknown_name;
    const ProfileFigures* best = nullptr;
    for (const ProfileFigures& f : kTable) {
        if (!same(f.instance, p->name)) continue;
        // Lut indexes tables with secrets: only on explicit request.
        if (!allow_not_constant_time && same(f.profile, Lut::name)) continue;
        if (out.min_ram_bytes == 0 || f.ram_bytes < out.min_ram_bytes) out.min_ram_bytes = f.ram_bytes;
        if (f.ram_bytes > ram_budget_bytes) continue;
        if (best == nullptr || cost(f, goal) < cost(*best, goal) ||
            (cost(f, goal) == cost(*best, goal) && f.ram_bytes < best->ram_bytes))
            best = &f;
    }
    if (best == nullptr) return Status::unsupported;
    out.figures = best;
    out.profile = best->profile;
    return Status::ok;
}

}  // namespace pqmcu::mqom
