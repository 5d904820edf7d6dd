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

}  // namespace pqmcu::registry
