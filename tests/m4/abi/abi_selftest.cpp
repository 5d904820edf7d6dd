// SPDX-License-Identifier: Apache-2.0 OR MIT
// m4.abi.selftest: proves the AAPCS wrappers (gen_abi_wrap.py) catch what
// they must. abi_selftest_m4.S has one correct function and one function per
// kind of violation; this firmware is linked with the wrappers like the other
// m4.abi.* firmware, calls each, and checks that exactly the expected
// violations were recorded (register, sp, the word of the caller's frame)
// and that the report fails on them and on an expected entry never called.
// Then it clears the record, so the final report passes: exit 0 means the
// checker works. Built with PQMCU_ABI_SELFTEST_KEEP it keeps them, and the
// firmware must exit 1 through the report alone (m4.abi.selftest_fails).
#include <cstdint>

#include "m4/format.hpp"

extern "C" {
uint64_t pqmcu_abi_test_good(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e, uint32_t f);
void pqmcu_abi_test_clobber_r5(void);
void pqmcu_abi_test_clobber_s16(uint32_t x);
void pqmcu_abi_test_frame4(uint32_t x);
void pqmcu_abi_test_past_args(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e);
void pqmcu_abi_test_sp(void);
void pqmcu_abi_test_fpscr(void);
void pqmcu_abi_test_uncalled(void);

// Weak: the plain (unwrapped) link of this firmware, which only feeds
// gen_abi_wrap.py and never runs, has no wrappers.
__attribute__((weak)) extern const uint32_t pqmcu_abi_count;
__attribute__((weak)) extern const char* const pqmcu_abi_names[];
__attribute__((weak)) extern uint32_t pqmcu_abi_calls[];
__attribute__((weak)) extern uint32_t pqmcu_abi_bad[];
__attribute__((weak)) extern uint32_t pqmcu_abi_frame_hit[];
__attribute__((weak)) unsigned pqmcu_abi_report();
}

namespace {

using pqmcu::m4::print;

int index_of(const char* name) {
    for (uint32_t i = 0; i < pqmcu_abi_count; ++i) {
        const char* a = pqmcu_abi_names[i];
        const char* b = name;
        while (*a != 0 && *a == *b) ++a, ++b;
        if (*a == 0 && *b == 0) return int(i);
    }
    return -1;
}

int failures = 0;

void expect(const char* name, uint32_t bad, uint32_t hit) {
    const int i = index_of(name);
    if (i < 0) {
        print("selftest: %s is not wrapped\n", name);
        ++failures;
        return;
    }
    const bool ok = pqmcu_abi_calls[i] == 1 && pqmcu_abi_bad[i] == bad && pqmcu_abi_frame_hit[i] == hit;
    print("selftest: %-28s calls %u bad %08x hit %08x (want 1 / %08x / %08x) %s\n", name,
          unsigned(pqmcu_abi_calls[i]), unsigned(pqmcu_abi_bad[i]), unsigned(pqmcu_abi_frame_hit[i]),
          unsigned(bad), unsigned(hit), ok ? "ok" : "WRONG");
    if (!ok) ++failures;
}

}  // namespace

int main() {
    const uint64_t r = pqmcu_abi_test_good(1, 2, 3, 4, 5, 0x60);
    if (r != ((uint64_t(1u ^ 0x60u) << 32) | (1 + 2 + 3 + 4 + 5 + 0x60))) {
        print("selftest: the wrapper lost arguments or the result\n");
        ++failures;
    }
    pqmcu_abi_test_clobber_r5();
    pqmcu_abi_test_clobber_s16(0x12345678u);
    pqmcu_abi_test_frame4(0xDEADBEEFu);
    pqmcu_abi_test_past_args(1, 2, 3, 4, 5);
    pqmcu_abi_test_sp();
    pqmcu_abi_test_fpscr();
    uint32_t fpscr;
    __asm__ volatile("vmrs %0, fpscr" : "=r"(fpscr));
    if ((fpscr & 0x00C00000u) != 0) {
        print("selftest: the wrapper did not put the caller's rounding mode back\n");
        ++failures;
    }

    expect("pqmcu_abi_test_good", 0, 0);
    expect("pqmcu_abi_test_clobber_r5", 1u << 5, 0);
    expect("pqmcu_abi_test_clobber_s16", 1u << 16, 0);
    expect("pqmcu_abi_test_frame4", 2u, 1u << 1);     // entry sp + 4 (no stack arguments)
    expect("pqmcu_abi_test_past_args", 2u, 1u << 0);  // entry sp + 4, above its one stack argument
    expect("pqmcu_abi_test_sp", 1u, 0);
    expect("pqmcu_abi_test_fpscr", 4u, 0);

    // The report must fail: six violations and the uncalled entry (which the
    // KEEP build never references, so there it is merely unused).
#if defined(PQMCU_ABI_SELFTEST_KEEP)
    const unsigned want = 6;
#else
    const unsigned want = 7;
#endif
    const unsigned reported = pqmcu_abi_report();
    print("selftest: report counted %u failures (want %u) %s\n", reported, want, reported == want ? "ok" : "WRONG");
    if (reported != want) ++failures;

#if !defined(PQMCU_ABI_SELFTEST_KEEP)
    // Clear the deliberate violations and call the last entry: the final
    // report (after main) must pass.
    for (uint32_t i = 0; i < pqmcu_abi_count; ++i) pqmcu_abi_bad[i] = pqmcu_abi_frame_hit[i] = 0;
    pqmcu_abi_test_uncalled();
#endif
    // With PQMCU_ABI_SELFTEST_KEEP (m4.abi.selftest_fails) the violations
    // stay: main returns 0 and the report after it must fail the firmware.
    print("selftest: %s\n", failures == 0 ? "the checker caught every deliberate violation" : "FAILED");
    // Exit 1 only through the report (m4.abi.selftest_fails expects exactly 1).
    return failures == 0 ? 0 : 2;
}
