// SPDX-License-Identifier: Apache-2.0 OR MIT
// One-tree MQOM (mqom/onetree_scheme.hpp) known answers on the M4, for one
// set (built once per set by tests/m4/CMakeLists.txt):
//   PQMCU_KAT_SET      mqom2_cat1_gf16_fast_r5 or mqom2_cat1_gf16_short_r5
//   PQMCU_KAT_VECTORS  the embedded entries of tests/data/mqom_onetree (the
//                      paper code's answers, README.md there)
// Three forms, each through sign_kat::check_entry (keys, sm byte for byte,
// verify, one flipped bit rejected, stack peaks within budget): Balanced
// "-2" (fixsliced AES with prepared keys per leaf batch, groups skipping
// subtrees), Memory "-1" (the compact workspace, leaves folded straight into
// the lanes) and Lut "-2" (T-table AES on the seeds; NOT constant time).
// With PQMCU_ONETREE_HW_CASE (L1 fast) also Hardware "-2", entry 0 (every AES through
// cipher::EmulatedAesEngine, i.e. bitsliced AES behind the engine hook,
// whose block counter must grow; short's ~5x the engine calls would cost
// a minute of QEMU: the host tests cover it).
#include <cstddef>
#include <cstdint>

#include "cipher/block_cipher.hpp"
#include "m4/format.hpp"
#include "mqom/onetree_scheme.hpp"
#include "runner.hpp"
#include "sign_kat.hpp"
#include "support/check.hpp"
#include "support/vectors.hpp"

#if !defined(PQMCU_KAT_SET) || !defined(PQMCU_KAT_VECTORS)
#error "define PQMCU_KAT_SET and PQMCU_KAT_VECTORS"
#endif

#define PQMCU_KAT_STR_(x) #x
#define PQMCU_KAT_STR(x) PQMCU_KAT_STR_(x)

namespace pqmcu::vectors {
extern const VecFile PQMCU_KAT_VECTORS;
}

namespace {

using namespace pqmcu;
using Set = mqom::PQMCU_KAT_SET;
using SB = mqom::OneTree2<Set, mqom::Balanced>;
using SM = mqom::OneTree1<Set, mqom::Memory>;
using SL = mqom::OneTree2<Set, mqom::Lut>;

// Measured peaks (this firmware, 2026-12-03): sign 2,656-4,008 B, verify
// 2,888-3,968 B (fast -2: leaf batches of 32, whose batch scratch takes
// 768 B more of the walk's frame than 16), keypair 1,048 B; budgets a
// little above, so a change that grows the stack fails here. Size builds
// (-Os) lay out other frames.
#if defined(PQMCU_OPTIMIZE_FOR_SIZE)
constexpr size_t kSizeBuildSlack = 256;
#else
constexpr size_t kSizeBuildSlack = 0;
#endif
constexpr test::sign_kat::StackBudgets kBudget{1536 + kSizeBuildSlack, 4224 + kSizeBuildSlack,
                                               4224 + kSizeBuildSlack};

// .bss (plain arrays)
SB::Workspace g_wb;
SM::Workspace g_wm;
SL::Workspace g_wl;
uint8_t g_sig[SB::sig_bytes];
test::sign_kat::StackPeaks g_peak{};

const vectors::VecFile& kat() { return vectors::PQMCU_KAT_VECTORS; }

template <class S, class W>
void check(test::Context& ctx, W& ws) {
    for (size_t index = 0; index < kat().count; ++index)
        test::sign_kat::check_entry<S>(ctx, kat(), index, ws, g_sig, test::sign_kat::SmLayout::msg_then_sig,
                                       S::layout.off_path + 5 * index, kBudget, g_peak);
}
void balanced2(test::Context& ctx) { check<SB>(ctx, g_wb); }
void memory1(test::Context& ctx) { check<SM>(ctx, g_wm); }
void lut2(test::Context& ctx) { check<SL>(ctx, g_wl); }

#if defined(PQMCU_ONETREE_HW_CASE)
using SH = mqom::OneTree2<Set, mqom::Hardware>;
SH::Workspace g_wh;
cipher::EmulatedAesEngine g_engine;
void hardware2(test::Context& ctx) {
    const cipher::ExternalAes128 hook = cipher::emulated_engine_hook(g_engine);
    cipher::set_external_aes128(&hook);
    test::sign_kat::check_entry<SH>(ctx, kat(), 0, g_wh, g_sig, test::sign_kat::SmLayout::msg_then_sig,
                                    SH::layout.off_dx + 3, kBudget, g_peak);
    cipher::set_external_aes128(nullptr);
    PQ_CHECK(ctx, g_engine.blocks > 2u * SH::dims.tau * SH::dims.n_evals());
}
#define PQMCU_ONETREE_HW_CASES {"hardware -2 (emulated engine, entry 0)", hardware2},
#else
#define PQMCU_ONETREE_HW_CASES
#endif

}  // namespace

PQMCU_SUITE(mqom_onetree_kat_suite, "mqom one-tree kat " PQMCU_KAT_STR(PQMCU_KAT_SET), {
    {"balanced -2", balanced2},
    {"memory -1", memory1},
    {"lut -2", lut2},
    PQMCU_ONETREE_HW_CASES
});

int main() {
    m4::print("%s: %u entries; workspaces %u (balanced -2) / %u (memory -1) / %u (lut -2) B in .bss\n", SB::name,
              unsigned(kat().count), unsigned(SB::workspace_bytes), unsigned(SM::workspace_bytes),
              unsigned(SL::workspace_bytes));
    const test::Suite* const suites[] = {&mqom_onetree_kat_suite};
    const int rc = test::run_suites(suites);
    test::sign_kat::print_summary(SB::name, g_peak, SB::workspace_bytes, SB::sig_bytes);
    return rc;
}
