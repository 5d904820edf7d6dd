// SPDX-License-Identifier: Apache-2.0 OR MIT
// Runs test suites on the M4 and prints "N passed, N failed".
#pragma once
#include <cstddef>

#include "support/check.hpp"

namespace pqmcu::test {

// Returns 0 when every case passed (and checked something), 1 otherwise.
int run_suites(const Suite* const* suites, size_t count);

template <size_t N>
int run_suites(const Suite* const (&suites)[N]) {
    return run_suites(suites, N);
}

}  // namespace pqmcu::test
