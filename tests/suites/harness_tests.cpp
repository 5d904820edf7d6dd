// SPDX-License-Identifier: Apache-2.0 OR MIT
// Tests of the harness itself: a check that must fail is counted as a failure.
#include "support/check.hpp"
#include "support/vectors.hpp"

namespace {
using pqmcu::test::Context;

void failing_checks_are_counted(Context& ctx) {
    Context inner;
    const uint8_t a[3] = {1, 2, 3}, b[3] = {1, 9, 3};
    pqmcu::test::print("  (two failures expected below)\n");
    PQ_CHECK_BYTES(inner, a, b, 3);
    PQ_CHECK_EQ(inner, 1 + 1, 3);
    PQ_CHECK(inner, true);
    PQ_CHECK_EQ(ctx, inner.failures(), 2u);
    PQ_CHECK_EQ(ctx, inner.checks(), 3u);
}

void first_difference_finds_offset(Context& ctx) {
    const uint8_t a[4] = {0, 1, 2, 3}, b[4] = {0, 1, 7, 3};
    PQ_CHECK_EQ(ctx, pqmcu::test::first_difference(a, b, 4), size_t(2));
    PQ_CHECK_EQ(ctx, pqmcu::test::first_difference(a, a, 4), size_t(4));
}

void vector_fields_decode(Context& ctx) {
    using namespace pqmcu::vectors;
    static const uint8_t key[2] = {0xAB, 0x01};
    const VecField fields[] = {{"count", "42", nullptr, 0}, {"key", "AB01", key, 2}};
    const VecEntry e{fields, 2};
    PQ_CHECK_EQ(ctx, e.number("count"), 42u);
    PQ_CHECK(ctx, e.get("key") != nullptr && e.get("key")->len == 2);
    PQ_CHECK(ctx, e.get("missing") == nullptr);
}
}  // namespace

namespace pqmcu::test {
PQMCU_SUITE(harness_suite, "harness",
            {{"failing checks are counted", failing_checks_are_counted},
             {"first difference", first_difference_finds_offset},
             {"vector fields", vector_fields_decode}});
}  // namespace pqmcu::test
