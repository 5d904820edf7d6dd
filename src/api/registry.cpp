// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "api/registry.hpp"

#include <vector>

namespace pqmcu::registry {

std::span<const SignatureOps> signatures() {
    // Host-only code: one contiguous table of every family, built once.
    static const std::vector<SignatureOps> all = [] {
        std::vector<SignatureOps> v;
        for (auto family : {mqom_signatures(), mayo_signatures()}) v.insert(v.end(), family.begin(), family.end());
        return v;
    }();
    return all;
}

}  // namespace pqmcu::registry
