// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "runner.hpp"

#include "m4/console.hpp"
#include "m4/exit.hpp"
#include "m4/format.hpp"

namespace pqmcu::test {

// The harness's output channel on the M4 (the host defines it in the gtest bridge).
void print(const char* text) { pqmcu_test_print(text); }

int run_suites(const Suite* const* suites, size_t count) {
    using pqmcu::m4::print;
    unsigned passed = 0, failed = 0;
    for (size_t s = 0; s < count; ++s) {
        const Suite& suite = *suites[s];
        print("[suite] %s (%u cases)\n", suite.name, unsigned(suite.count));
        for (size_t i = 0; i < suite.count; ++i) {
            const Case& c = suite.cases[i];
            Context ctx;
            c.fn(ctx);
            // Same rule as the host bridge: a case that checks nothing cannot pass.
            if (ctx.failures() == 0 && ctx.checks() > 0) {
                ++passed;
            } else {
                ++failed;
                print("FAILED: %s / %s (%u of %u checks failed)\n", suite.name, c.name,
                      unsigned(ctx.failures()), unsigned(ctx.checks()));
            }
        }
    }
    print("%u passed, %u failed\n", passed, failed);
    return failed == 0 ? pqmcu::m4::exit_ok : pqmcu::m4::exit_test_failed;
}

}  // namespace pqmcu::test
