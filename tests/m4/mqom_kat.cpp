// MQOM v2.1 known-answer firmware for one parameter set (built once per set by
// tests/m4/CMakeLists.txt):
//   PQMCU_KAT_SET      the set type, e.g. mqom2_cat1_gf16_fast_r5
//   PQMCU_KAT_VECTORS  the embedded .rsp entries (pqmcu::vectors::<id>)
//   PQMCU_KAT_PROFILE  optional: Desktop, Balanced or Memory (default: Desktop,
//                      or Balanced when the Desktop workspace does not fit the
//                      board's static RAM, i.e. on the STM32F4DISCOVERY)
//   PQMCU_KAT_WITH_NIST  also run the NIST API suite (tests/nist_sign)
// For every embedded entry, as the NIST KAT harness does: DRBG seeded with
// the entry's seed, keypair, sign; pk, sk and sm = msg || signature must equal
// the file byte for byte; verify must accept; the signature with one flipped
// bit must be rejected (sign_kat.hpp, shared with mayo_kat.cpp). The
// workspace and the signature live in .bss; the stack peak of every operation
// is printed.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "m4/format.hpp"
#include "mqom/scheme.hpp"
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
#if defined(PQMCU_KAT_WITH_NIST)
namespace pqmcu::test {
extern const Suite nist_sign_kat_suite;  // tests/nist_sign/nist_kat_suite.cpp
}
#endif

namespace {

using namespace pqmcu;
using Set = mqom::PQMCU_KAT_SET;

// Static RAM the workspace may take: the F4 has 128 KB of SRAM for .data and
// .bss (its stack is the separate 64 KB CCM); the L4R5 / QEMU link has 640 KB.
#if defined(PQMCU_BOARD_STM32F4DISCOVERY)
constexpr size_t kWorkspaceBudget = 96 * 1024;
#else
constexpr size_t kWorkspaceBudget = 400 * 1024;
#endif

#if defined(PQMCU_KAT_PROFILE)
using Profile = mqom::PQMCU_KAT_PROFILE;
#else
using Profile = std::conditional_t<(mqom::Scheme<Set, mqom::Desktop>::workspace_bytes <= kWorkspaceBudget),
                                   mqom::Desktop, mqom::Balanced>;
#endif
using S = mqom::Scheme<Set, Profile>;
static_assert(S::workspace_bytes <= kWorkspaceBudget, "workspace does not fit this board");

// Stack budgets held by this test: the measured peaks plus a small margin, so
// a change that grows the stack of an operation fails here.
// Streamed profiles (Balanced, Memory), measured peaks: cat 1 2,912 B sign /
// 3,040 B verify, cat 3 3,628 / 4,000 B, cat 5 3,760 / 4,224 B.
constexpr bool kStreamed = S::streamed;
constexpr size_t kKeypairStackBudget = 2560;
constexpr size_t kSignStackBudget =
    Set::P.category == 1 ? (kStreamed ? 3584 : 16384) : (kStreamed ? 4864 : 35840);

S::Workspace g_ws;                // .bss: no constructor (plain arrays)
uint8_t g_sig[S::sig_bytes];      // .bss

const vectors::VecFile& kat() { return vectors::PQMCU_KAT_VECTORS; }

test::sign_kat::StackPeaks g_peak{};

void check_entry(test::Context& ctx, size_t index) {
    // One flipped bit, at a different place for every entry (inside the
    // opening for entry 0, in com1 for entry 1, ...).
    const size_t pos = index % 2 == 0 ? S::sig_bytes / 2 + index : Set::P.sig_off_com1 + index;
    test::sign_kat::check_entry<S>(ctx, kat(), index, g_ws, g_sig, test::sign_kat::SmLayout::msg_then_sig, pos,
                                   {kKeypairStackBudget, kSignStackBudget, kSignStackBudget}, g_peak);
}

void entry0(test::Context& ctx) { check_entry(ctx, 0); }
void entry1(test::Context& ctx) { check_entry(ctx, 1); }

}  // namespace

PQMCU_SUITE(mqom_kat_suite, "mqom kat " PQMCU_KAT_STR(PQMCU_KAT_SET), {
    {"kat entry 0", entry0},
    {"kat entry 1", entry1},
});

int main() {
    m4::print("%s: profile %s, workspace %u B (.bss), signature buffer %u B (.bss), %u KAT entries embedded\n",
              S::name, Profile::name, unsigned(S::workspace_bytes), unsigned(S::sig_bytes), unsigned(kat().count));
#if defined(PQMCU_KAT_WITH_NIST)
    const test::Suite* const suites[] = {&mqom_kat_suite, &test::nist_sign_kat_suite};
#else
    const test::Suite* const suites[] = {&mqom_kat_suite};
#endif
    const int rc = test::run_suites(suites);
    test::sign_kat::print_summary(S::name, g_peak, S::workspace_bytes, S::sig_bytes);
    return rc;
}
