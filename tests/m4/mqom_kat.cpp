// MQOM v2.1 known-answer firmware for one parameter set (built once per set by
// tests/m4/CMakeLists.txt):
//   PQMCU_KAT_SET      the set type, e.g. mqom2_cat1_gf16_fast_r5
//   PQMCU_KAT_VECTORS  the embedded .rsp entries (pqmcu::vectors::<id>)
//   PQMCU_KAT_PROFILE  optional: Desktop or Compact (default: Desktop, or
//                      Compact when the Desktop workspace does not fit the
//                      board's static RAM, i.e. on the STM32F4DISCOVERY)
//   PQMCU_KAT_WITH_NIST  also run the NIST API suite (tests/nist_sign)
// For every embedded entry, as the NIST KAT harness does: DRBG seeded with
// the entry's seed, keypair, sign; pk, sk and sm = msg || signature must equal
// the file byte for byte; verify must accept; the signature with one flipped
// bit must be rejected. The workspace and the signature live in .bss; the
// stack peak of every operation is printed.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "m4/format.hpp"
#include "m4/stack.hpp"
#include "mqom/scheme.hpp"
#include "rng/ctr_drbg.hpp"
#include "runner.hpp"
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
                                   mqom::Desktop, mqom::Compact>;
#endif
using S = mqom::Scheme<Set, Profile>;
static_assert(S::workspace_bytes <= kWorkspaceBudget, "workspace does not fit this board");

// Stack budgets held by this test: the measured peaks plus a small margin, so
// a change that grows the stack of an operation fails here.
constexpr bool kCompact = std::is_same_v<Profile, mqom::Compact>;
constexpr size_t kKeypairStackBudget = 2560;
constexpr size_t kSignStackBudget =
    Set::P.category == 1 ? (kCompact ? 7680 : 16384) : (kCompact ? 14336 : 35840);

S::Workspace g_ws;                // .bss: no constructor (plain arrays)
uint8_t g_sig[S::sig_bytes];      // .bss

const vectors::VecFile& kat() { return vectors::PQMCU_KAT_VECTORS; }

struct StackPeaks {
    size_t keypair, sign, verify;
};
StackPeaks g_peak{};

void note_peak(size_t& slot, size_t bytes) {
    if (bytes > slot) slot = bytes;
}

void check_entry(test::Context& ctx, size_t index) {
    PQ_CHECK(ctx, index < kat().count);
    if (index >= kat().count) return;
    const vectors::VecEntry& e = kat().entries[index];
    const vectors::VecField* seed = e.get("seed");
    const vectors::VecField* msg = e.get("msg");
    const vectors::VecField* pk_kat = e.get("pk");
    const vectors::VecField* sk_kat = e.get("sk");
    const vectors::VecField* sm_kat = e.get("sm");
    const size_t mlen = e.number("mlen");
    PQ_CHECK(ctx, seed != nullptr && seed->len == rng::CtrDrbg::seed_bytes);
    PQ_CHECK(ctx, msg != nullptr && msg->len == mlen);
    PQ_CHECK(ctx, pk_kat != nullptr && pk_kat->len == S::pk_bytes);
    PQ_CHECK(ctx, sk_kat != nullptr && sk_kat->len == S::sk_bytes);
    PQ_CHECK(ctx, sm_kat != nullptr && sm_kat->len == mlen + S::sig_bytes);
    PQ_CHECK_EQ(ctx, e.number("smlen"), mlen + S::sig_bytes);
    if (ctx.failures() != 0) return;

    // randombytes_init(seed, NULL, 256) of the NIST harness.
    rng::CtrDrbg drbg;
    PQ_CHECK(ctx, drbg.init(seed->bytes, nullptr) == Status::ok);
    auto rng = [&drbg](uint8_t* out, size_t n) { return drbg.generate(out, n); };

    uint8_t pk[S::pk_bytes], sk[S::sk_bytes];
    m4::stack_paint();
    const Status kst = S::keypair(pk, sk, rng, g_ws);
    const size_t kpeak = m4::stack_peak_bytes();
    PQ_CHECK(ctx, kst == Status::ok);
    PQ_CHECK_BYTES(ctx, pk, pk_kat->bytes, S::pk_bytes);
    PQ_CHECK_BYTES(ctx, sk, sk_kat->bytes, S::sk_bytes);

    m4::stack_paint();
    const Status sst = S::sign(sk, msg->bytes, mlen, g_sig, rng, g_ws);
    const size_t speak = m4::stack_peak_bytes();
    PQ_CHECK(ctx, sst == Status::ok);
    // sm = msg || signature
    PQ_CHECK_BYTES(ctx, msg->bytes, sm_kat->bytes, mlen);
    PQ_CHECK_BYTES(ctx, g_sig, sm_kat->bytes + mlen, S::sig_bytes);

    m4::stack_paint();
    const Status vst = S::verify(pk, msg->bytes, mlen, g_sig, S::sig_bytes, g_ws);
    const size_t vpeak = m4::stack_peak_bytes();
    PQ_CHECK(ctx, vst == Status::ok);

    // One flipped bit, at a different place for every entry (inside the
    // opening for entry 0, in com1 for entry 1, ...).
    const size_t pos = index % 2 == 0 ? S::sig_bytes / 2 + index : Set::P.sig_off_com1 + index;
    const uint8_t bit = uint8_t(1u << ((3 * index + 1) % 8));
    g_sig[pos] ^= bit;
    PQ_CHECK(ctx, S::verify(pk, msg->bytes, mlen, g_sig, S::sig_bytes, g_ws) == Status::verify_failed);
    g_sig[pos] ^= bit;

    PQ_CHECK(ctx, kpeak <= kKeypairStackBudget);
    PQ_CHECK(ctx, speak <= kSignStackBudget);
    PQ_CHECK(ctx, vpeak <= kSignStackBudget);

    note_peak(g_peak.keypair, kpeak);
    note_peak(g_peak.sign, speak);
    note_peak(g_peak.verify, vpeak);
    m4::print("  %s entry %u: keypair stack %u B, sign stack %u B, verify stack %u B; flipped bit %u of byte %u\n",
              S::name, unsigned(index), unsigned(kpeak), unsigned(speak), unsigned(vpeak), unsigned((3 * index + 1) % 8),
              unsigned(pos));
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
    m4::print("%s: stack peaks keypair %u B, sign %u B, verify %u B; RAM = %u B workspace + %u B signature + stack\n",
              S::name, unsigned(g_peak.keypair), unsigned(g_peak.sign), unsigned(g_peak.verify),
              unsigned(S::workspace_bytes), unsigned(S::sig_bytes));
    return rc;
}
