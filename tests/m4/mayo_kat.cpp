// SPDX-License-Identifier: Apache-2.0 OR MIT
// MAYO known-answer firmware for one parameter set (built once per set by
// tests/m4/CMakeLists.txt):
//   PQMCU_KAT_SET      the set type, e.g. mayo_1 or mayo_2_r1 (mayo/params.hpp)
//   PQMCU_KAT_VECTORS  the embedded .rsp entries (pqmcu::vectors::<id>)
//   PQMCU_KAT_PROFILE  Expanded (default) or Streamed (scheme_stream.hpp)
// For every embedded entry, as the NIST KAT harness does (sign_kat.hpp,
// shared with mqom_kat.cpp): DRBG seeded with the entry's seed, keypair,
// sign; pk, sk and sm = signature || msg must equal the file byte for byte;
// verify must accept; the signature with one flipped bit must be rejected.
// The workspace and the signature live in .bss; keys on the stack; the stack
// peak of every operation is printed and held to the budgets below.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "m4/format.hpp"
#include "mayo/scheme.hpp"
#include "runner.hpp"
#include "sign_kat.hpp"
#include "support/check.hpp"
#include "support/vectors.hpp"

#if !defined(PQMCU_KAT_SET) || !defined(PQMCU_KAT_VECTORS)
#error "define PQMCU_KAT_SET and PQMCU_KAT_VECTORS"
#endif

#if !defined(PQMCU_KAT_PROFILE)
#define PQMCU_KAT_PROFILE Expanded
#endif

#define PQMCU_KAT_STR_(x) #x
#define PQMCU_KAT_STR(x) PQMCU_KAT_STR_(x)

namespace pqmcu::vectors {
extern const VecFile PQMCU_KAT_VECTORS;
}

namespace {

using namespace pqmcu;
using S = mayo::Scheme<mayo::PQMCU_KAT_SET, mayo::PQMCU_KAT_PROFILE>;
constexpr bool kStreamed = std::is_same_v<mayo::PQMCU_KAT_PROFILE, mayo::Streamed>;

// Static RAM the workspace may take: the F4 has 128 KB of SRAM for .data and
// .bss (its stack is the separate 64 KB CCM); the L4R5 / QEMU link has 640 KB.
// tests/m4/CMakeLists.txt builds only the sets that fit.
#if defined(PQMCU_BOARD_STM32F4DISCOVERY)
constexpr size_t kWorkspaceBudget = 112 * 1024;
#else
constexpr size_t kWorkspaceBudget = 560 * 1024;
#endif
static_assert(S::workspace_bytes <= kWorkspaceBudget, "workspace does not fit this board");

// Stack budgets held by this test: the measured peaks (docs/m4-mayo.md) plus
// a margin, so a change that grows the stack of an operation fails here.
// Expanded: 2,152 / 2,832 / 15,088 B for every set (the engine sizes its stack
// buffers for the largest set). Streamed (its buffers are in the
// per-operation workspaces): 3,512 / 4,568 / 2,168 B for every set.
constexpr test::sign_kat::StackBudgets kStackBudget =
    kStreamed ? test::sign_kat::StackBudgets{4096, 5120, 2560} : test::sign_kat::StackBudgets{2560, 5120, 16384};

S::Workspace g_ws;            // .bss: no constructor (plain arrays)
uint8_t g_sig[S::sig_bytes];  // .bss

const vectors::VecFile& kat() { return vectors::PQMCU_KAT_VECTORS; }

test::sign_kat::StackPeaks g_peak{};

void check_entry(test::Context& ctx, size_t index) {
    // sig = s || salt. One flipped bit at a different place for every entry:
    // in s for even entries, in the salt for odd ones.
    const size_t s_bytes = S::sig_bytes - S::randomizer_bytes;
    const size_t pos = index % 2 == 0 ? s_bytes / 2 + index : s_bytes + index;
    test::sign_kat::check_entry<S>(ctx, kat(), index, g_ws, g_sig, test::sign_kat::SmLayout::sig_then_msg, pos,
                                   kStackBudget, g_peak);
}

// The streamed profile has one workspace per operation.
template <class T>
void print_operation_workspaces() {
    if constexpr (requires { T::sign_workspace_bytes; })
        m4::print("%s streamed: keygen / sign / verify workspaces %u / %u / %u B\n", T::name,
                  unsigned(T::keygen_workspace_bytes), unsigned(T::sign_workspace_bytes),
                  unsigned(T::verify_workspace_bytes));
}

void entry0(test::Context& ctx) { check_entry(ctx, 0); }
void entry1(test::Context& ctx) { check_entry(ctx, 1); }

}  // namespace

PQMCU_SUITE(mayo_kat_suite, "mayo kat " PQMCU_KAT_STR(PQMCU_KAT_SET) " " PQMCU_KAT_STR(PQMCU_KAT_PROFILE), {
    {"kat entry 0", entry0},
    {"kat entry 1", entry1},
});

int main() {
    m4::print("%s: workspace %u B (.bss), signature buffer %u B (.bss), %u KAT entries embedded\n", S::name,
              unsigned(S::workspace_bytes), unsigned(S::sig_bytes), unsigned(kat().count));
    print_operation_workspaces<S>();
    const test::Suite* const suites[] = {&mayo_kat_suite};
    const int rc = test::run_suites(suites);
    test::sign_kat::print_summary(S::name, g_peak, S::workspace_bytes, S::sig_bytes);
    return rc;
}
