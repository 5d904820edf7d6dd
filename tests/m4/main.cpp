// SPDX-License-Identifier: Apache-2.0 OR MIT
// Firmware running a list of the shared suites (tests/support/suites.hpp)
// under QEMU: PQMCU_M4_SUITES names it (primitive_suites, polymul_suites).
#include "runner.hpp"
#include "support/suites.hpp"

int main() { return pqmcu::test::run_suites(pqmcu::test::PQMCU_M4_SUITES); }
