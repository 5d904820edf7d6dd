// SPDX-License-Identifier: Apache-2.0 OR MIT
// The check's own test (ctest m4.ct.leaky): two deliberately leaky kernels,
// which the check must catch, and a constant-time one, which it must pass.
//   leaky_branch  branches on a secret bit         -> instruction trace differs
//   leaky_table   loads table[secret byte]         -> load address differs
//   ct_select     mask-based select, same work     -> traces identical
// ct_check.py is told that the first two regions must differ, and where
// (--differ-in), so this test passes only when the mismatch is found and
// attributed to the leaky kernel's own instruction. Built with
// PQMCU_CT_LEAKY_CLAIMS_CT (m4.ct.leaky.claims_ct) the leaky regions claim
// constant time, as a library function would: the check must then fail,
// naming the leaky instruction.
#include <cstdint>

#include "ct_harness.hpp"

namespace {
using namespace pqmcu;

uint8_t g_secret[16];
uint8_t g_out[16];
const uint8_t kTable[256] = {
#define R16(b) b, b + 1, b + 2, b + 3, b + 4, b + 5, b + 6, b + 7, b + 8, b + 9, b + 10, b + 11, b + 12, b + 13, b + 14, b + 15
    R16(0), R16(16), R16(32), R16(48), R16(64), R16(80), R16(96), R16(112),
    R16(128), R16(144), R16(160), R16(176), R16(192), R16(208), R16(224), R16(240)
#undef R16
};

}  // namespace

// Work done only on one side of the secret branch. A call, so that the
// compiler cannot turn the branch into IT-predicated instructions, which take
// the same time either way on the M4 (it does at -Os for a plain assignment).
extern "C" __attribute__((noinline)) uint8_t leaky_odd(uint8_t v) {
    __asm__ volatile("" : "+r"(v));
    return uint8_t(v * 3);
}

// Not static, not inlined: the checker names them in its report.
extern "C" __attribute__((noinline)) void leaky_branch(const uint8_t* s, uint8_t* out) {
    for (int i = 0; i < 16; ++i) {
        if (s[i] & 1) out[i] = leaky_odd(s[i]);  // secret-dependent branch
        else out[i] = s[i];
    }
    __asm__ volatile("" ::: "memory");
}

extern "C" __attribute__((noinline)) void leaky_table(const uint8_t* s, uint8_t* out) {
    for (int i = 0; i < 16; ++i) out[i] = kTable[s[i] ^ 0x5a];  // secret-indexed load
    __asm__ volatile("" ::: "memory");
}

extern "C" __attribute__((noinline)) void ct_select(const uint8_t* s, uint8_t* out) {
    for (int i = 0; i < 16; ++i) {
        const uint8_t mask = uint8_t(0u - (s[i] & 1u));
        out[i] = uint8_t((mask & uint8_t(s[i] * 3)) | (~mask & s[i]));
    }
    __asm__ volatile("" ::: "memory");
}

int main() {
    using ct_m4::Expect;
#if defined(PQMCU_CT_LEAKY_CLAIMS_CT)
    constexpr Expect kLeaky = Expect::same;
#else
    constexpr Expect kLeaky = Expect::differ;
#endif
    // Two secrets with different low bits and bytes everywhere.
    auto setup = [](int run) {
        for (int i = 0; i < 16; ++i) g_secret[i] = uint8_t(run == 0 ? 2 * i : 7 * i + 1);
    };
    int bad = 0;
    bad |= ct_m4::region_pair("leaky.branch", kLeaky, setup, [] {
        leaky_branch(g_secret, g_out);
        return Status::ok;
    });
    bad |= ct_m4::region_pair("leaky.table", kLeaky, setup, [] {
        leaky_table(g_secret, g_out);
        return Status::ok;
    });
    bad |= ct_m4::region_pair("ct.select", Expect::same, setup, [] {
        ct_select(g_secret, g_out);
        return Status::ok;
    });
    return ct_m4::finish(bad);
}
