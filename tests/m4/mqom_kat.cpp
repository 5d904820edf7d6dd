// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM v2.1 known-answer firmware for one parameter set (built once per set by
// tests/m4/CMakeLists.txt):
//   PQMCU_KAT_SET      the set type, e.g. mqom2_cat1_gf16_fast_r5
//   PQMCU_KAT_VECTORS  the embedded .rsp entries (pqmcu::vectors::<id>)
//   PQMCU_KAT_PROFILE  optional: Desktop, Balanced, Memory, Lut or Hardware (default:
//                      Desktop, or Balanced when the Desktop workspace does not fit the
//                      board's static RAM, i.e. on the STM32F4DISCOVERY)
//   PQMCU_KAT_WITH_NIST  also run the NIST API suite (tests/nist_sign)
//   PQMCU_KAT_ENGINE_EMULATED / PQMCU_KAT_ENGINE_CRYP=polling|dma  (Hardware
//                      profile) the AES-128 engine installed before the
//                      suite: the emulated engine (QEMU; its call counters
//                      must show the work went through it, and without it
//                      every call must return unsupported) or the STM32F437's
//                      CRYP peripheral (board stm32f437, link only)
// For every embedded entry, as the NIST KAT harness does: DRBG seeded with
// the entry's seed, keypair, sign; pk, sk and sm = msg || signature must equal
// the file byte for byte; verify must accept; the signature with one flipped
// bit must be rejected (sign_kat.hpp, shared with mayo_kat.cpp). The
// workspace and the signature live in .bss; the stack peak of every operation
// is printed.
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "cipher/block_cipher.hpp"
#include "m4/bench_mark.hpp"
#include "m4/format.hpp"
#include "mqom/presign.hpp"
#include "mqom/scheme.hpp"
#if defined(PQMCU_KAT_ENGINE_CRYP)
#include "m4/stm32f4/cryp.hpp"
#endif
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
#elif defined(PQMCU_BOARD_STM32F437)
constexpr size_t kWorkspaceBudget = 160 * 1024;  // 192 KB SRAM; stack in CCM
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
// Streamed profiles (Balanced, Memory), measured peaks (prepared key cache,
// 2026-11-30): cat 1 3,344 B sign / 3,184 B verify, cat 3 3,740 / 4,192 B,
// cat 5 4,152 / 4,432 B.
// Grouped Memory verifier (Scheme::VerifyWorkspace, 2026-12-02), measured
// verify peaks: cat 1 2,848 B, cat 3 3,724 B, cat 5 3,928 B.
// Size builds (-Os, PQMCU_OPTIMIZE_FOR_SIZE: the m4-size preset) lay out
// other frames: cat1 fast verify peaks 2,968 B (Memory) and 3,680 B
// (Hardware) there (2026-12-02), so their budgets get this much more.
#if defined(PQMCU_OPTIMIZE_FOR_SIZE)
constexpr size_t kSizeBuildSlack = 256;
#else
constexpr size_t kSizeBuildSlack = 0;
#endif
constexpr bool kStreamed = S::streamed;
constexpr size_t kKeypairStackBudget = 2560 + kSizeBuildSlack;
constexpr size_t kSignStackBudget =
    (Set::P.category == 1 ? (kStreamed ? 3584 : 16384) : (kStreamed ? 4864 : 35840)) + kSizeBuildSlack;
constexpr size_t kVerifyStackBudget =
    S::grouped_verify ? (Set::P.category == 1 ? 2944 : 4096) + kSizeBuildSlack : kSignStackBudget;
// Memory's signer (SignWorkspace, sign_low_stack), measured peaks
// (2026-12-01): cat 1 faster / fast 2,480 B, gf2 fast r3 2,472 B
// (breadth-first tree top), short 2,960 B, gf256 short 2,936 B (depth
// first), cat 3 fast 3,072 B, cat 5 fast 3,184 B.
constexpr size_t kLowSignStackBudget =
    (Set::P.category == 1 ? (S::sign_roots_bytes <= 1024 ? 2560 : 3072) : 3328) + kSizeBuildSlack;
constexpr size_t kSignOnlyStackBudget = S::piop_in_sig ? kLowSignStackBudget : kSignStackBudget;

S::Workspace g_ws;                // .bss: no constructor (plain arrays)
// The signer's own (Memory: x0, u0, u1, fold area; the PIOP's buffers in
// g_sig); other profiles sign in g_ws (no second copy in .bss).
constexpr bool kOwnSignWs = !std::is_same_v<S::SignWorkspace, S::Workspace>;
std::conditional_t<kOwnSignWs, S::SignWorkspace, char> g_sws;
S::SignWorkspace* sign_ws() {
    // (Both branches compile: the casts are identities where they are taken.)
    if constexpr (kOwnSignWs) return reinterpret_cast<S::SignWorkspace*>(&g_sws);
    else return reinterpret_cast<S::SignWorkspace*>(&g_ws);
}
uint8_t g_sig[S::sig_bytes];      // .bss

const vectors::VecFile& kat() { return vectors::PQMCU_KAT_VECTORS; }

test::sign_kat::StackPeaks g_peak{};

void check_entry(test::Context& ctx, size_t index) {
    // One flipped bit, at a different place for every entry (inside the
    // opening for entry 0, in com1 for entry 1, ...).
    const size_t pos = index % 2 == 0 ? S::sig_bytes / 2 + index : Set::P.sig_off_com1 + index;
    test::sign_kat::check_entry<S>(ctx, kat(), index, g_ws, g_sig, test::sign_kat::SmLayout::msg_then_sig, pos,
                                   {kKeypairStackBudget, kSignOnlyStackBudget, kVerifyStackBudget}, g_peak, sign_ws());
}

void entry0(test::Context& ctx) { check_entry(ctx, 0); }
void entry1(test::Context& ctx) { check_entry(ctx, 1); }

// Pre-signatures (mqom/presign.hpp): presign + sign_online with the entry's
// DRBG (presign draws mseed and salt as sign does, then its mask randomness)
// must give the KAT signature: the online phase's M4 code (grinding, the
// paired fixsliced opening) against the official bytes. Category 1, where a
// second workspace fits beside the first.
using PS = mqom::PreSignScheme<Set, Profile>;
#if defined(PQMCU_BOARD_STM32F4DISCOVERY) || defined(PQMCU_BOARD_STM32F437)
constexpr bool kPresign = false;
#else
constexpr bool kPresign = Set::P.category == 1 && !std::is_same_v<Profile, mqom::Hardware> &&
                          sizeof(PS::Workspace) + S::workspace_bytes <= kWorkspaceBudget;
#endif
std::conditional_t<kPresign, PS::Workspace, char> g_pws;     // .bss
std::conditional_t<kPresign, PS::PreSignature, char> g_pre;  // .bss
template <class P>  // PS (a template, so nothing here is compiled where kPresign is false)
void presign_entry_for(test::Context& ctx, size_t index) {
    auto& pws = *reinterpret_cast<typename P::Workspace*>(&g_pws);
    auto& pre = *reinterpret_cast<typename P::PreSignature*>(&g_pre);
    {
        const vectors::VecEntry& e = kat().entries[index];
        const vectors::VecField* seed = e.get("seed");
        const vectors::VecField* msg = e.get("msg");
        const vectors::VecField* sm = e.get("sm");
        const size_t mlen = e.number("mlen");
        PQ_CHECK(ctx, seed != nullptr && msg != nullptr && sm != nullptr && sm->len == mlen + S::sig_bytes);
        if (ctx.failures() != 0) return;
        rng::CtrDrbg drbg;
        PQ_CHECK(ctx, drbg.init(seed->bytes, nullptr) == Status::ok);
        auto rng = [&drbg](uint8_t* out, size_t n) { return drbg.generate(out, n); };
        uint8_t pk[S::pk_bytes], sk[S::sk_bytes];
        PQ_CHECK(ctx, S::keypair(pk, sk, rng, g_ws) == Status::ok);
        PQ_CHECK(ctx, P::presign(sk, rng, pre, pws) == Status::ok);
        PQ_CHECK(ctx, P::sign_online(sk, pre, msg->bytes, mlen, g_sig) == Status::ok);
        PQ_CHECK_BYTES(ctx, g_sig, sm->bytes + mlen, S::sig_bytes);
    }
}
template <bool On>
void presign_entry(test::Context& ctx, size_t index) {
    if constexpr (On) presign_entry_for<std::conditional_t<On, PS, void>>(ctx, index);
    else (void)ctx, (void)index;
}
void presign0(test::Context& ctx) { presign_entry<kPresign>(ctx, 0); }
void presign1(test::Context& ctx) { presign_entry<kPresign>(ctx, 1); }

#if defined(PQMCU_KAT_ENGINE_EMULATED)
cipher::EmulatedAesEngine g_engine;  // .bss
cipher::ExternalAes128 g_inner, g_hook;

// After the suites, one keygen/sign/verify runs with a pqmcu_bench_mark
// before and after every engine call, so the cycle-model plugin can split
// the time inside the engine (bitsliced AES here; CRYP on a board) from the
// rest of the Hardware profile (tools/m4sim/engine_split.py).
bool g_marking = false;
unsigned g_marks = 0;
void mark() { pqmcu_bench_mark(g_marks++); }
Status marked_set_key(void* c, const uint8_t k[16]) {
    if (g_marking) mark();
    const Status st = g_inner.set_key(c, k);
    if (g_marking) mark();
    return st;
}
Status marked_encrypt(void* c, const uint8_t* in, uint8_t* out, size_t n) {
    if (g_marking) mark();
    const Status st = g_inner.encrypt(c, in, out, n);
    if (g_marking) mark();
    return st;
}
Status install_engine() {
    g_inner = cipher::emulated_engine_hook(g_engine);
    g_hook = cipher::ExternalAes128{g_inner.ctx, marked_set_key, marked_encrypt};
    cipher::set_external_aes128(&g_hook);
    return Status::ok;
}
// Prints "engine-split <op> <first mark> <last mark>" per operation (mark
// numbers = the plugin's seq).
void marked_run() {
    static uint8_t pk[S::pk_bytes], sk[S::sk_bytes];
    uint8_t seed[S::keygen_seed_bytes] = {7}, mseed[S::seed_bytes] = {1}, salt[S::seed_bytes] = {2}, msg[4] = {};
    unsigned at[4];
    g_marking = true;
    at[0] = g_marks, mark();
    const Status k = S::keypair_from_seed(seed, pk, sk, g_ws);
    at[1] = g_marks, mark();
    const Status s = S::sign_with(sk, msg, sizeof msg, mseed, salt, g_sig, g_ws);
    at[2] = g_marks, mark();
    const Status v = S::verify(pk, msg, sizeof msg, g_sig, S::sig_bytes, g_ws);
    at[3] = g_marks, mark();
    g_marking = false;
    m4::print("engine-split keygen %u %u\nengine-split sign %u %u\nengine-split verify %u %u\n", at[0], at[1],
              at[1], at[2], at[2], at[3]);
    if (k != Status::ok || s != Status::ok || v != Status::ok) m4::print("engine-split: an operation failed\n");
}
// Runs after the entries: the engine saw keygen, sign and verify's AES.
void engine_used(test::Context& ctx) {
    PQ_CHECK(ctx, g_engine.set_key_calls > 0);
    // Per entry the BLC alone needs tau * N * 2 seed commitments.
    PQ_CHECK(ctx, g_engine.blocks > 2u * Set::P.tau * (1u << Set::P.log_n_evals));
    m4::print("  engine: %u key loads, %u blocks\n", unsigned(g_engine.set_key_calls), unsigned(g_engine.blocks));
}
void no_engine_unsupported(test::Context& ctx) {
    cipher::set_external_aes128(nullptr);
    uint8_t seed[S::keygen_seed_bytes] = {0}, pk[S::pk_bytes], sk[S::sk_bytes];
    PQ_CHECK(ctx, S::keypair_from_seed(seed, pk, sk, g_ws) == Status::unsupported);
    PQ_CHECK(ctx, S::verify(pk, seed, 1, g_sig, S::sig_bytes, g_ws) == Status::unsupported);
    PQ_CHECK(ctx, install_engine() == Status::ok);
}
#define PQMCU_KAT_ENGINE_CASES {"engine counters", engine_used}, {"no engine: unsupported", no_engine_unsupported},
#elif defined(PQMCU_KAT_ENGINE_CRYP)
#define PQMCU_KAT_CRYP_MODE_polling ::pqmcu::m4::stm32f4::CrypMode::polling
#define PQMCU_KAT_CRYP_MODE_dma ::pqmcu::m4::stm32f4::CrypMode::dma
#define PQMCU_KAT_CRYP_MODE_(m) PQMCU_KAT_CRYP_MODE_##m
#define PQMCU_KAT_CRYP_MODE(m) PQMCU_KAT_CRYP_MODE_(m)
Status install_engine() { return m4::stm32f4::cryp_install(PQMCU_KAT_CRYP_MODE(PQMCU_KAT_ENGINE_CRYP)); }
#endif
#if !defined(PQMCU_KAT_ENGINE_CASES)
#define PQMCU_KAT_ENGINE_CASES
#endif

}  // namespace

// The pre-signature cases last: counted only where they apply (kPresign).
namespace {
const ::pqmcu::test::Case mqom_kat_cases[] = {
    {"kat entry 0", entry0},
    {"kat entry 1", entry1},
    PQMCU_KAT_ENGINE_CASES
    {"presign + sign_online entry 0", presign0},
    {"presign + sign_online entry 1", presign1},
};
const ::pqmcu::test::Suite mqom_kat_suite = {"mqom kat " PQMCU_KAT_STR(PQMCU_KAT_SET), mqom_kat_cases,
                                             sizeof(mqom_kat_cases) / sizeof(mqom_kat_cases[0]) - (kPresign ? 0 : 2)};
}  // namespace

int main() {
#if defined(PQMCU_KAT_ENGINE_EMULATED) || defined(PQMCU_KAT_ENGINE_CRYP)
    if (install_engine() != Status::ok) {
        m4::print("AES engine did not start\n");
        return 1;
    }
#endif
    m4::print("%s: profile %s, workspace %u B (.bss), signature buffer %u B (.bss), %u KAT entries embedded\n",
              S::name, Profile::name, unsigned(S::workspace_bytes), unsigned(S::sig_bytes), unsigned(kat().count));
#if defined(PQMCU_KAT_WITH_NIST)
    const test::Suite* const suites[] = {&mqom_kat_suite, &test::nist_sign_kat_suite};
#else
    const test::Suite* const suites[] = {&mqom_kat_suite};
#endif
    const int rc = test::run_suites(suites);
#if defined(PQMCU_KAT_ENGINE_EMULATED)
    marked_run();
#endif
    test::sign_kat::print_summary(S::name, g_peak, S::workspace_bytes, S::sig_bytes);
    return rc;
}
