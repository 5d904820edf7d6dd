// SPDX-License-Identifier: Apache-2.0 OR MIT
// NTRU known-answer firmware for one parameter set (built once per set by
// tests/m4/CMakeLists.txt):
//   PQMCU_KAT_SET      the set type, e.g. ntruhps2048509 (ntru/params.hpp)
//   PQMCU_KAT_VECTORS  the embedded .rsp entries (pqmcu::vectors::<id>)
// For every embedded entry, as the NIST KAT harness does: DRBG seeded with
// the entry's seed, keypair, encapsulate, decapsulate; pk, sk, ct and ss must
// equal the file byte for byte and decapsulation must give ss; a ciphertext
// with one coefficient's top bit flipped must decapsulate (ok) to another
// secret. The workspace lives in .bss, keys and ciphertext on this frame; the
// stack peak of every operation is printed and held to the budget below.
#include <cstddef>
#include <cstdint>

#include "m4/format.hpp"
#include "m4/stack.hpp"
#include "ntru/scheme.hpp"
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

namespace {

using namespace pqmcu;
using S = ntru::Scheme<ntru::PQMCU_KAT_SET>;

// The engine's own frames are small (< 1 KB); polymul::mul_cyclic holds
// 2 * kMaxN coefficients (6 KB) of scratch on the stack.
constexpr size_t kStackBudget = 10 * 1024;

S::Workspace g_ws;  // .bss; each call gets its operation's member (the per-operation overloads)

const vectors::VecFile& kat() { return vectors::PQMCU_KAT_VECTORS; }

size_t g_peak_keypair = 0, g_peak_encaps = 0, g_peak_decaps = 0;
void note(size_t& slot, size_t bytes) {
    if (bytes > slot) slot = bytes;
}

void check_entry(test::Context& ctx, size_t index) {
    PQ_CHECK(ctx, index < kat().count);
    if (index >= kat().count) return;
    const vectors::VecEntry& e = kat().entries[index];
    const vectors::VecField* seed = e.get("seed");
    const vectors::VecField* pk_kat = e.get("pk");
    const vectors::VecField* sk_kat = e.get("sk");
    const vectors::VecField* ct_kat = e.get("ct");
    const vectors::VecField* ss_kat = e.get("ss");
    PQ_CHECK(ctx, seed != nullptr && seed->len == rng::CtrDrbg::seed_bytes);
    PQ_CHECK(ctx, pk_kat != nullptr && pk_kat->len == S::pk_bytes);
    PQ_CHECK(ctx, sk_kat != nullptr && sk_kat->len == S::sk_bytes);
    PQ_CHECK(ctx, ct_kat != nullptr && ct_kat->len == S::ct_bytes);
    PQ_CHECK(ctx, ss_kat != nullptr && ss_kat->len == S::ss_bytes);
    if (ctx.failures() != 0) return;

    rng::CtrDrbg drbg;
    PQ_CHECK(ctx, drbg.init(seed->bytes, nullptr) == Status::ok);
    auto rng = [&drbg](uint8_t* out, size_t n) { return drbg.generate(out, n); };

    uint8_t pk[S::pk_bytes], sk[S::sk_bytes], ct[S::ct_bytes], ss[S::ss_bytes], ss2[S::ss_bytes];
    m4::stack_paint();
    PQ_CHECK(ctx, S::keypair(pk, sk, rng, g_ws.keygen) == Status::ok);
    const size_t kpeak = m4::stack_peak_bytes();
    PQ_CHECK_BYTES(ctx, pk, pk_kat->bytes, S::pk_bytes);
    PQ_CHECK_BYTES(ctx, sk, sk_kat->bytes, S::sk_bytes);

    m4::stack_paint();
    PQ_CHECK(ctx, S::encapsulate(ct, ss, pk, rng, g_ws.encaps) == Status::ok);
    const size_t epeak = m4::stack_peak_bytes();
    PQ_CHECK_BYTES(ctx, ct, ct_kat->bytes, S::ct_bytes);
    PQ_CHECK_BYTES(ctx, ss, ss_kat->bytes, S::ss_bytes);

    m4::stack_paint();
    PQ_CHECK(ctx, S::decapsulate(ss2, ct, sk, g_ws.decaps) == Status::ok);
    const size_t dpeak = m4::stack_peak_bytes();
    PQ_CHECK_BYTES(ctx, ss2, ss_kat->bytes, S::ss_bytes);

    // Implicit rejection: the top bit of coefficient 3 + index.
    const size_t bit = (3 + index) * S::params.logq + S::params.logq - 1;
    ct[bit / 8] ^= uint8_t(1u << (bit % 8));
    PQ_CHECK(ctx, S::decapsulate(ss2, ct, sk, g_ws.decaps) == Status::ok);
    uint8_t diff = 0;
    for (size_t i = 0; i < S::ss_bytes; ++i) diff |= uint8_t(ss2[i] ^ ss[i]);
    PQ_CHECK(ctx, diff != 0);

    PQ_CHECK(ctx, kpeak <= kStackBudget);
    PQ_CHECK(ctx, epeak <= kStackBudget);
    PQ_CHECK(ctx, dpeak <= kStackBudget);
    note(g_peak_keypair, kpeak);
    note(g_peak_encaps, epeak);
    note(g_peak_decaps, dpeak);
    m4::print("  %s entry %u: keypair stack %u B, encaps stack %u B, decaps stack %u B\n", S::name,
              unsigned(index), unsigned(kpeak), unsigned(epeak), unsigned(dpeak));
}

void entry0(test::Context& ctx) { check_entry(ctx, 0); }
void entry1(test::Context& ctx) { check_entry(ctx, 1); }

}  // namespace

PQMCU_SUITE(ntru_kat_suite, "ntru kat " PQMCU_KAT_STR(PQMCU_KAT_SET), {
    {"kat entry 0", entry0},
    {"kat entry 1", entry1},
});

int main() {
    m4::print("%s: workspace %u B (.bss), %u KAT entries embedded\n", S::name, unsigned(S::workspace_bytes),
              unsigned(kat().count));
    const test::Suite* const suites[] = {&ntru_kat_suite};
    const int rc = test::run_suites(suites);
    m4::print("%s: stack peaks keypair %u B, encaps %u B, decaps %u B; RAM = %u B workspace + stack\n", S::name,
              unsigned(g_peak_keypair), unsigned(g_peak_encaps), unsigned(g_peak_decaps),
              unsigned(S::workspace_bytes));
    return rc;
}
