// SPDX-License-Identifier: Apache-2.0 OR MIT
// NIST KEM API firmware (built per set by tests/m4/CMakeLists.txt over
// pqmcu_add_nist_kem_library): runs the host's suite
// tests/nist_kem/nist_kem_kat_suite.cpp (the embedded KAT entries in the NIST
// harness flow through crypto_kem_keypair / crypto_kem_enc / crypto_kem_dec,
// implicit rejection, null pointers) on the M4.
#include "m4/format.hpp"
#include "pqmcu/nist_kem.h"
#include "runner.hpp"
#include "support/check.hpp"

namespace pqmcu::test {
extern const Suite nist_kem_kat_suite;  // tests/nist_kem/nist_kem_kat_suite.cpp
}  // namespace pqmcu::test

int main() {
    using namespace pqmcu;
    m4::print("nist kem api %s: static workspace %u B (.bss)\n", CRYPTO_ALGNAME,
              unsigned(pqmcu_nist_kem_workspace_bytes()));
    const test::Suite* const suites[] = {&test::nist_kem_kat_suite};
    return test::run_suites(suites);
}
