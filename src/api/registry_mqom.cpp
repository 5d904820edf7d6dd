// SPDX-License-Identifier: Apache-2.0 OR MIT
// The 48 MQOM v2.1 parameter sets and the 3 Faster sets in the run-time registry
// (names as in params.hpp, e.g. mqom2_cat1_gf16_faster_r5; the reference
// labels such as MQOM2-L1-gf16-fast-r5 are aliases), those PQMCU_ALGORITHMS chose.
#include <array>
#include <utility>

#include "api/algorithms.hpp"
#include "api/registry.hpp"
#include "api/sign_ops.hpp"
#include "mqom/scheme.hpp"

namespace pqmcu::registry {
namespace {

constexpr bool mqom_built(size_t i) { return built(mqom::kAllParams[i].name, mqom::kAllParams[i].label); }

constexpr bool is_mqom_set(const char* name) {
    for (const mqom::Params& p : mqom::kAllParams)
        if (names_equal(name, p.name) || names_equal(name, p.label)) return true;
    return false;
}
static_assert(chosen_names_known("mqom", is_mqom_set), "PQMCU_ALGORITHMS names an MQOM set that does not exist");

template <size_t I, class Table>
constexpr void add_mqom(Table& table, size_t& k) {
    // MQOM's NIST attached form is msg || sig.
    if constexpr (mqom_built(I)) table[k++] = sign_ops<mqom::Scheme<mqom::ParamSet<I>>>("MQOM v2.1", false);
}

template <size_t... I>
constexpr auto mqom_table(std::index_sequence<I...>) {
    std::array<SignatureOps, (size_t(mqom_built(I)) + ... + 0)> table{};
    size_t k = 0;
    (add_mqom<I>(table, k), ...);
    return table;
}

constexpr auto kMqom = mqom_table(std::make_index_sequence<mqom::kNumParams>{});

}  // namespace

std::span<const SignatureOps> mqom_signatures() { return kMqom; }

}  // namespace pqmcu::registry
