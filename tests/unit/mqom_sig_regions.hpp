// SPDX-License-Identifier: Apache-2.0 OR MIT
// The named regions of an MQOM signature (salt, com1, com2, alpha1[e],
// path[e], leaf_com[e], partial_dx[e], nonce), shared by the negative tests
// (mqom_negative_test.cpp through the registry, mqom_faster_test.cpp per
// profile).
#pragma once
#include <algorithm>
#include <string>
#include <vector>

#include "mqom/params.hpp"

namespace pqmcu::test::mqom_regions {

using pqmcu::mqom::Params;

// The named regions of an MQOM signature (docs/mqom-notes.md §8), each as
// (label, offset, length).
struct Region {
    std::string label;
    size_t offset, length;
    bool inner = false;  // a repetition other than the first and last: one flip is enough
};

inline std::vector<Region> regions(const Params& p) {
    std::vector<Region> r;
    const size_t S = p.seed_bytes, D = p.digest_bytes, aB = p.alpha_bytes;
    const size_t log_n = p.log_n_evals, pdx = p.partial_delta_x_bytes;
    r.push_back({"salt", 0, p.salt_bytes});
    r.push_back({"com1", p.sig_off_com1, D});
    r.push_back({"com2", p.sig_off_com2, D});
    auto inner = [&p](size_t e) { return e != 0 && e + 1 != p.tau; };
    for (size_t e = 0; e < p.tau; ++e)
        r.push_back({"alpha1[" + std::to_string(e) + "]", p.sig_off_alpha1 + e * aB, aB, inner(e)});
    const size_t paths = p.sig_off_opening, coms = paths + p.tau * log_n * S, pdxs = coms + p.tau * D;
    for (size_t e = 0; e < p.tau; ++e) {
        r.push_back({"path[" + std::to_string(e) + "]", paths + e * log_n * S, log_n * S, inner(e)});
        r.push_back({"leaf_com[" + std::to_string(e) + "]", coms + e * D, D, inner(e)});
        r.push_back({"partial_dx[" + std::to_string(e) + "]", pdxs + e * pdx, pdx, inner(e)});
    }
    r.push_back({"nonce", p.sig_off_nonce, 4});
    std::sort(r.begin(), r.end(), [](const Region& a, const Region& b) { return a.offset < b.offset; });
    return r;
}

}  // namespace pqmcu::test::mqom_regions
