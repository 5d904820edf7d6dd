// SPDX-License-Identifier: Apache-2.0 OR MIT
// Which parameter sets this build registers: PQMCU_ALGORITHMS at configure
// time (cmake/algorithms.cmake), empty for all. The registry tables test
// each set with built() inside `if constexpr`, so an unchosen set's code is
// never instantiated.
#pragma once
#include <cstddef>
#include <string_view>

#include "api/algorithms_chosen.inc"  // generated: PQMCU_CHOSEN_ALGORITHMS

namespace pqmcu::registry {

// Names compare case-insensitively with '-' and '_' ignored, so "MAYO-2",
// "mayo_2" and "mayo2" are one algorithm; MQOM's reference labels name the
// category "L1/L3/L5" where the canonical names say "cat1/cat3/cat5"
// ("MQOM2-L1-gf16-fast-r5" = "mqom2_cat1_gf16_fast_r5"), and liboqs' Classic
// McEliece names carry a "Classic-" prefix ("Classic-McEliece-348864f" =
// "mceliece348864f"). Every canonical name
// stays distinct under this folding (tests/unit/armor_names_test.cpp).
struct FoldedName {
    static constexpr size_t cap = 64;  // longer than any registered name
    char text[cap + 2] = {};
    size_t size = 0;
    bool too_long = false;
    constexpr std::string_view view() const { return {text, size}; }
};
constexpr FoldedName fold_name(std::string_view in) {
    FoldedName f;
    for (char c : in) {
        if (c == '-' || c == '_') continue;
        if (f.size == FoldedName::cap) {
            f.too_long = true;
            return f;
        }
        f.text[f.size++] = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
    }
    constexpr std::string_view liboqs_prefix = "classicmceliece";  // liboqs: "Classic-McEliece-348864"
    if (f.view().starts_with(liboqs_prefix)) {
        constexpr size_t drop = liboqs_prefix.size() - 8;  // keep "mceliece"
        for (size_t i = drop; i < f.size; ++i) f.text[i - drop] = f.text[i];
        f.size -= drop;
    }
    constexpr std::string_view label_prefix = "mqom2l";  // "mqom2l1..." -> "mqom2cat1..."
    if (f.size > label_prefix.size() && f.view().substr(0, label_prefix.size()) == label_prefix) {
        for (size_t i = f.size; i-- > label_prefix.size();) f.text[i + 2] = f.text[i];
        f.text[5] = 'c', f.text[6] = 'a', f.text[7] = 't';
        f.size += 2;
    }
    return f;
}
constexpr bool names_equal(std::string_view a, std::string_view b) {
    const FoldedName fa = fold_name(a), fb = fold_name(b);
    return !fa.too_long && !fb.too_long && fa.view() == fb.view();
}

inline constexpr const char* kChosenAlgorithms[] = {PQMCU_CHOSEN_ALGORITHMS nullptr};
inline constexpr size_t kNumChosen = sizeof(kChosenAlgorithms) / sizeof(kChosenAlgorithms[0]) - 1;

// Whether the set known by these names (canonical name, other spellings) is built.
template <class... Names>
constexpr bool built(Names... names) {
    if (kNumChosen == 0) return true;
    for (size_t i = 0; i < kNumChosen; ++i)
        if ((names_equal(kChosenAlgorithms[i], names) || ...)) return true;
    return false;
}

}  // namespace pqmcu::registry

namespace pqmcu::registry {

constexpr bool folded_starts_with(const char* s, const char* prefix) {
    return fold_name(s).view().starts_with(fold_name(prefix).view());
}
constexpr bool folded_ends_with(const char* s, const char* suffix) {
    return fold_name(s).view().ends_with(fold_name(suffix).view());
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
