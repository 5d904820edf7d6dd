// SPDX-License-Identifier: Apache-2.0 OR MIT
// Classic McEliece encapsulation / decapsulation firmware for one set (built
// per set by tests/m4/CMakeLists.txt):
//   PQMCU_KAT_SET  the params.hpp type (mceliece348864f, ...)
// The keys are count 0 of the official KAT, made at build time on the host by
// tools/kat/mceliece_m4_vectors.cpp (which checks them against the SHAKE256
// digests of shared/kat/mceliece/count0-botan.csv) and linked as .rodata:
// the public key is read in place from flash, never copied to RAM.
//   - CTR-DRBG seeded with the count-0 seed, 32 bytes drawn (key generation's
//     delta), encapsulate: ct and ss equal the official count-0 entry;
//   - decapsulate (DecapsWorkspace only) gives ss;
//   - a ciphertext with one flipped bit gives the implicit-rejection secret
//     H(0, s, C') computed on the host;
//   - nullptr arguments give bad_argument.
// Workspaces are in .bss; the stack peaks are printed and held to a budget.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "m4/format.hpp"
#include "m4/stack.hpp"
#include "mceliece/scheme.hpp"
#include "rng/ctr_drbg.hpp"
#include "runner.hpp"
#include "support/check.hpp"

#ifndef PQMCU_KAT_SET
#error "define PQMCU_KAT_SET"
#endif

extern "C" {
extern const uint8_t mce_vec_pk[], mce_vec_sk[], mce_vec_seed[], mce_vec_ct[], mce_vec_ss[], mce_vec_ss_reject[];
extern const uint32_t mce_vec_tamper_byte;
}

namespace {
using namespace pqmcu;
using S = mceliece::Scheme<mceliece::PQMCU_KAT_SET>;

// Peaks measured: encapsulate ~0.5 KB, decapsulate ~0.8 KB (every buffer is in
// the operation's workspace); the budget keeps that from growing unseen.
constexpr size_t kStackBudget = 2048;

S::EncapsWorkspace g_ews;
S::DecapsWorkspace g_dws;
uint8_t g_ct[S::ct_bytes];
size_t g_peak[2] = {};

// Flash is below 0x10000000 on every board (mps2: 0, STM32: 0x08000000); RAM and CCM are above.
bool in_flash(const void* p) { return reinterpret_cast<uintptr_t>(p) < 0x10000000u; }

void encaps_kat(test::Context& ctx) {
    PQ_CHECK(ctx, in_flash(mce_vec_pk));  // read in place
    rng::CtrDrbg drbg;
    PQ_CHECK(ctx, drbg.init(mce_vec_seed) == Status::ok);
    auto rng = [&drbg](uint8_t* out, size_t n) { return drbg.generate(out, n); };
    uint8_t delta[32], ss[S::ss_bytes];
    PQ_CHECK(ctx, drbg.generate(delta, sizeof delta) == Status::ok);  // key generation's draw
    m4::stack_paint();
    PQ_CHECK(ctx, S::encapsulate(g_ct, ss, mce_vec_pk, rng, g_ews) == Status::ok);
    g_peak[0] = m4::stack_peak_bytes();
    PQ_CHECK_BYTES(ctx, g_ct, mce_vec_ct, S::ct_bytes);
    PQ_CHECK_BYTES(ctx, ss, mce_vec_ss, S::ss_bytes);
    PQ_CHECK(ctx, g_peak[0] <= kStackBudget);
}

void decaps_kat(test::Context& ctx) {
    uint8_t ct[S::ct_bytes], ss[S::ss_bytes];
    std::memcpy(ct, mce_vec_ct, S::ct_bytes);
    m4::stack_paint();
    PQ_CHECK(ctx, S::decapsulate(ss, ct, mce_vec_sk, g_dws) == Status::ok);
    g_peak[1] = m4::stack_peak_bytes();
    PQ_CHECK_BYTES(ctx, ss, mce_vec_ss, S::ss_bytes);
    PQ_CHECK(ctx, g_peak[1] <= kStackBudget);
}

void decaps_reject(test::Context& ctx) {
    uint8_t ct[S::ct_bytes], ss[S::ss_bytes];
    std::memcpy(ct, mce_vec_ct, S::ct_bytes);
    ct[mce_vec_tamper_byte] ^= 1;
    PQ_CHECK(ctx, S::decapsulate(ss, ct, mce_vec_sk, g_dws) == Status::ok);
    PQ_CHECK_BYTES(ctx, ss, mce_vec_ss_reject, S::ss_bytes);
    PQ_CHECK(ctx, test::first_difference(ss, mce_vec_ss, S::ss_bytes) != S::ss_bytes);
}

void bad_arguments(test::Context& ctx) {
    uint8_t ss[S::ss_bytes];
    auto rng = [](uint8_t* out, size_t n) { std::memset(out, 0x5A, n); };
    PQ_CHECK(ctx, S::encapsulate(g_ct, ss, nullptr, rng, g_ews) == Status::bad_argument);
    PQ_CHECK(ctx, S::decapsulate(ss, nullptr, mce_vec_sk, g_dws) == Status::bad_argument);
    PQ_CHECK(ctx, S::decapsulate(ss, mce_vec_ct, nullptr, g_dws) == Status::bad_argument);
}

}  // namespace

PQMCU_SUITE(mceliece_kat_suite, "mceliece kat", {
    {"encapsulate count 0", encaps_kat},
    {"decapsulate count 0", decaps_kat},
    {"decapsulate tampered", decaps_reject},
    {"bad arguments", bad_arguments},
});

int main() {
    m4::print("%s: pk %u B in flash, EncapsWorkspace %u B, DecapsWorkspace %u B (.bss)\n", S::name,
              unsigned(S::pk_bytes), unsigned(sizeof(S::EncapsWorkspace)), unsigned(sizeof(S::DecapsWorkspace)));
    const test::Suite* const suites[] = {&mceliece_kat_suite};
    const int rc = test::run_suites(suites);
    m4::print("%s stack peaks: encapsulate %u B, decapsulate %u B\n", S::name, unsigned(g_peak[0]),
              unsigned(g_peak[1]));
    return rc;
}
