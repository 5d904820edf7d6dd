// SPDX-License-Identifier: Apache-2.0 OR MIT
// One case passes, one has a deliberately false check, one checks nothing:
// the runner must print both failures, "1 passed, 2 failed", and exit 1.
#include "runner.hpp"

namespace {
void passes(pqmcu::test::Context& ctx) { PQ_CHECK_EQ(ctx, 2 + 2, 4); }
void fails(pqmcu::test::Context& ctx) {
    volatile int two = 2;
    PQ_CHECK_EQ(ctx, two + 2, 5);  // deliberately wrong
}
void checks_nothing(pqmcu::test::Context&) {}
}  // namespace

PQMCU_SUITE(deliberate_fail_suite, "deliberate failure",
            {{"passes", passes}, {"fails on purpose", fails}, {"checks nothing", checks_nothing}});

int main() {
    const pqmcu::test::Suite* const suites[] = {&deliberate_fail_suite};
    return pqmcu::test::run_suites(suites);
}
