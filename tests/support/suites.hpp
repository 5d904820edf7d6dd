// SPDX-License-Identifier: Apache-2.0 OR MIT
// Every suite that runs on both the host and the emulated M4. A suite whose
// code is not in this build (e.g. an x86-only one) is simply not listed.
#pragma once
#include "support/check.hpp"

namespace pqmcu::test {

extern const Suite harness_suite;
extern const Suite hash_suite;
extern const Suite cipher_suite;
extern const Suite rng_suite;
extern const Suite field_suite;
extern const Suite mayo_kernel_suite;
extern const Suite polymul_suite;

// Two firmwares run them on the M4 (tests/m4/main.cpp), so that each one's
// static buffers fit a 192 KB board (STM32F4DISCOVERY): the primitives and
// kernels, and the Z_{2^m}[x] products with the Saber round trips.
inline constexpr const Suite* primitive_suites[] = {
    &harness_suite, &hash_suite, &cipher_suite, &rng_suite, &field_suite, &mayo_kernel_suite,
};
inline constexpr const Suite* polymul_suites[] = {&polymul_suite};
inline constexpr const Suite* all_suites[] = {
    &harness_suite, &hash_suite, &cipher_suite, &rng_suite, &field_suite, &mayo_kernel_suite, &polymul_suite,
};

}  // namespace pqmcu::test
