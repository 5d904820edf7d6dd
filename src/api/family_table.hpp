// SPDX-License-Identifier: Apache-2.0 OR MIT
// A family's registry table from its list of parameter-set types: only the
// sets PQMCU_ALGORITHMS chose are instantiated (algorithms.hpp), and a chosen
// name with the family's prefix that names none of them stops the build.
//
//   using Sets = SetList<mayo::mayo_1, mayo::mayo_2>;
//   static_assert(chosen_names_known("mayo", Sets::has));
//   constexpr auto kTable = built_table<SignatureOps>(Sets{}, []<class Set>() { return sign_ops<...>(...); });
#pragma once
#include <array>
#include <cstddef>

#include "api/algorithms.hpp"

namespace pqmcu::registry {

template <class... Sets>
struct SetList {
    static constexpr bool has(const char* name) { return (names_equal(name, Sets::params.name) || ...); }
    static constexpr size_t count_built() { return (size_t(built(Sets::params.name)) + ... + 0); }
};

template <class Set, class Table, class Entry>
constexpr void add_if_built(Table& table, size_t& k, Entry entry) {
    if constexpr (built(Set::params.name)) table[k++] = entry.template operator()<Set>();
}

template <class Ops, class... Sets, class Entry>
constexpr auto built_table(SetList<Sets...> sets, Entry entry) {
    std::array<Ops, decltype(sets)::count_built()> table{};
    size_t k = 0;
    (add_if_built<Sets>(table, k, entry), ...);
    return table;
}

}  // namespace pqmcu::registry
