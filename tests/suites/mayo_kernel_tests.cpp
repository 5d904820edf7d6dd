// SPDX-License-Identifier: Apache-2.0 OR MIT
// MAYO streamed-engine kernels (src/mayo/mvec_table.hpp): table_accumulate,
// which on the M4 is assembly (table_acc_m4.S), against the portable C++
// template table_accumulate_n<L>, for every m-vector length and for odd and
// even counts (the assembly runs two words per iteration). Runs on host and M4.
#include <cstring>

#include "mayo/mvec_table.hpp"
#include "support/check.hpp"

namespace {
using pqmcu::test::Context;
namespace mv = pqmcu::mayo::mvec;

struct Rand {  // xorshift32
    uint32_t s;
    uint32_t next() {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        return s;
    }
};

constexpr uint32_t kMaxCount = 17, kMaxLimbs = 9;

template <uint32_t L>
void check_length(Context& ctx, Rand& r) {
    static uint32_t words[kMaxCount * 2 * kMaxLimbs], tabs[16 * kMaxCount], want[16 * kMaxLimbs],
        got[16 * kMaxLimbs];
    constexpr uint32_t kCounts[] = {0, 1, 2, 3, 8, 17};
    for (uint32_t count : kCounts) {
        for (auto& w : words) w = r.next();
        for (auto& t : tabs) t = r.next();
        for (uint32_t i = 0; i < 16 * L; ++i) want[i] = got[i] = r.next();
        mv::table_accumulate_n<L>(want, words, tabs, count);
        mv::table_accumulate(got, words, L, tabs, count);
        PQ_CHECK_BYTES(ctx, got, want, sizeof(uint32_t) * 16 * L);
    }
}

void table_accumulate_matches(Context& ctx) {
    Rand r{0x7ab1e5u};
    check_length<4>(ctx, r);
    check_length<5>(ctx, r);
    check_length<6>(ctx, r);
    check_length<7>(ctx, r);
    check_length<8>(ctx, r);
    check_length<9>(ctx, r);
}

}  // namespace

namespace pqmcu::test {
PQMCU_SUITE(mayo_kernel_suite, "mayo kernels", {{"table accumulate matches C++", table_accumulate_matches}});
}  // namespace pqmcu::test
