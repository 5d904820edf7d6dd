// SPDX-License-Identifier: Apache-2.0 OR MIT
// Registers every case of every shared suite as a GoogleTest test, so the
// host runs exactly the code the firmware runs.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <string>

#include "support/suites.hpp"

namespace pqmcu::test {
void print(const char* text) { std::fputs(text, stdout); }
}  // namespace pqmcu::test

namespace {

class SharedCase : public testing::Test {
public:
    explicit SharedCase(pqmcu::test::CaseFn fn) : fn_(fn) {}
    void TestBody() override {
        pqmcu::test::Context ctx;
        fn_(ctx);
        EXPECT_EQ(ctx.failures(), 0u);
        EXPECT_GT(ctx.checks(), 0u) << "a case that checks nothing cannot fail";
    }

private:
    pqmcu::test::CaseFn fn_;
};

std::string identifier(const char* text) {
    std::string s;
    for (const char* p = text; *p; ++p) {
        const char c = *p;
        s += (std::isalnum(static_cast<unsigned char>(c)) ? c : '_');
    }
    return s;
}

[[maybe_unused]] const bool registered = [] {
    for (const pqmcu::test::Suite* suite : pqmcu::test::all_suites) {
        for (size_t i = 0; i < suite->count; ++i) {
            const auto& c = suite->cases[i];
            testing::RegisterTest(identifier(suite->name).c_str(), identifier(c.name).c_str(), nullptr,
                                  nullptr, __FILE__, __LINE__,
                                  [fn = c.fn]() -> testing::Test* { return new SharedCase(fn); });
        }
    }
    return true;
}();

}  // namespace
