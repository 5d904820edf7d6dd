// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "api/registry.hpp"

#include "api/algorithms.hpp"

#include <initializer_list>
#include <vector>

namespace pqmcu::registry {
namespace {

// Host-only code: one contiguous table of every family, built once.
template <class Ops>
std::vector<Ops> concatenate(std::initializer_list<std::span<const Ops>> families) {
    std::vector<Ops> v;
    for (auto family : families) v.insert(v.end(), family.begin(), family.end());
    return v;
}

}  // namespace

std::span<const SignatureOps> signatures() {
    // The families PQMCU_ALGORITHMS chose (all by default; src/api/CMakeLists.txt).
    static const std::vector<SignatureOps> all = concatenate<SignatureOps>({
#if defined(PQMCU_HAVE_MQOM)
        mqom_signatures(),
#endif
#if defined(PQMCU_HAVE_MAYO)
        mayo_signatures(),
#endif
    });
    return all;
}

std::span<const SignatureOps> signature_variants() {
#if defined(PQMCU_HAVE_MQOM)
    return mqom_stream_signatures();
#else
    return {};
#endif
}

std::span<const KemOps> kems() {
    static const std::vector<KemOps> all = concatenate<KemOps>({
#if defined(PQMCU_HAVE_NTRU)
        ntru_kems(),
#endif
#if defined(PQMCU_HAVE_SABER)
        saber_kems(),
#endif
#if defined(PQMCU_HAVE_MCELIECE)
        mceliece_kems(),
#endif
    });
    return all;
}

bool names_match(std::string_view given, const char* canonical) { return names_equal(given, canonical); }

namespace {
template <class Ops>
struct FoldedTable {
    std::vector<FoldedName> names;
    explicit FoldedTable(std::initializer_list<std::span<const Ops>> tables) {
        for (auto t : tables)
            for (const Ops& ops : t) names.push_back(fold_name(ops.name));
    }
};

// The first entry of `tables` (in order) whose folded name equals `given`'s.
template <class Ops>
const Ops* find_folded(const FoldedTable<Ops>& folded, std::initializer_list<std::span<const Ops>> tables,
                       std::string_view given) {
    const FoldedName g = fold_name(given);
    if (g.too_long) return nullptr;
    size_t i = 0;
    for (auto t : tables)
        for (const Ops& ops : t) {
            if (folded.names[i].view() == g.view()) return &ops;
            ++i;
        }
    return nullptr;
}
}  // namespace

const SignatureOps* find_signature(std::string_view name) {
    static const FoldedTable<SignatureOps> folded({signatures(), signature_variants()});
    return find_folded<SignatureOps>(folded, {signatures(), signature_variants()}, name);
}

const KemOps* find_kem(std::string_view name) {
    static const FoldedTable<KemOps> folded({kems()});
    return find_folded<KemOps>(folded, {kems()}, name);
}

}  // namespace pqmcu::registry
