// SPDX-License-Identifier: Apache-2.0 OR MIT
// Host runner of one suite (named by PQMCU_HOST_SUITE at compile time, e.g.
// the NIST API suites): prints "N passed, N failed" like the firmware runner;
// exit status 0 iff every case passed and checked something.
#include <cstdio>

#include "support/check.hpp"

namespace pqmcu::test {
extern const Suite PQMCU_HOST_SUITE;
void print(const char* text) { std::fputs(text, stdout); }
}  // namespace pqmcu::test

int main() {
    using namespace pqmcu::test;
    const Suite& suite = PQMCU_HOST_SUITE;
    unsigned passed = 0, failed = 0;
    std::printf("[suite] %s (%u cases)\n", suite.name, unsigned(suite.count));
    for (size_t i = 0; i < suite.count; ++i) {
        Context ctx;
        suite.cases[i].fn(ctx);
        if (ctx.failures() == 0 && ctx.checks() > 0) {
            ++passed;
        } else {
            ++failed;
            std::printf("FAILED: %s / %s (%u of %u checks failed)\n", suite.name, suite.cases[i].name,
                        unsigned(ctx.failures()), unsigned(ctx.checks()));
        }
    }
    std::printf("%u passed, %u failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
