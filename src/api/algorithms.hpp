// SPDX-License-Identifier: Apache-2.0 OR MIT
// Which parameter sets this build registers: PQMCU_ALGORITHMS at configure
// time (cmake/algorithms.cmake), empty for all. The registry tables test
// each set with built() inside `if constexpr`, so an unchosen set's code is
// never instantiated.
#pragma once
#include <cstddef>

#include "api/algorithms_chosen.inc"  // generated: PQMCU_CHOSEN_ALGORITHMS

namespace pqmcu::registry {

// Names compare case-insensitively with '-' and '_' alike ("mayo_2" is MAYO-2).
constexpr char fold_name_char(char c) {
    if (c >= 'A' && c <= 'Z') return char(c - 'A' + 'a');
    return c == '-' ? '_' : c;
}
constexpr bool folded_equal(const char* a, const char* b) {
    while (*a != 0 && fold_name_char(*a) == fold_name_char(*b)) ++a, ++b;
    return *a == 0 && *b == 0;
}

inline constexpr const char* kChosenAlgorithms[] = {PQMCU_CHOSEN_ALGORITHMS nullptr};
inline constexpr size_t kNumChosen = sizeof(kChosenAlgorithms) / sizeof(kChosenAlgorithms[0]) - 1;

// Whether the set known by these names (canonical name, other spellings) is built.
template <class... Names>
constexpr bool built(Names... names) {
    if (kNumChosen == 0) return true;
    for (size_t i = 0; i < kNumChosen; ++i)
        if ((folded_equal(kChosenAlgorithms[i], names) || ...)) return true;
    return false;
}

}  // namespace pqmcu::registry

namespace pqmcu::registry {

constexpr bool folded_starts_with(const char* s, const char* prefix) {
    while (*prefix != 0 && fold_name_char(*s) == fold_name_char(*prefix)) ++s, ++prefix;
    return *prefix == 0;
}

constexpr bool folded_ends_with(const char* s, const char* suffix) {
    size_t n = 0, m = 0;
    while (s[n] != 0) ++n;
    while (suffix[m] != 0) ++m;
    return n >= m && folded_equal(s + (n - m), suffix);
}

// For a family's static_assert: every chosen name the family claims
// (in_family(name)) names one of its sets (is_set(name)), so a misspelt set
// stops the build.
template <class InFamily, class IsSet>
constexpr bool chosen_names_known(InFamily in_family, IsSet is_set) {
    for (size_t i = 0; i < kNumChosen; ++i)
        if (in_family(kChosenAlgorithms[i]) && !is_set(kChosenAlgorithms[i])) return false;
    return true;
}
template <class IsSet>
constexpr bool chosen_names_known(const char* prefix, IsSet is_set) {
    return chosen_names_known([prefix](const char* name) { return folded_starts_with(name, prefix); }, is_set);
}

}  // namespace pqmcu::registry
