// SPDX-License-Identifier: Apache-2.0 OR MIT
// Firmware running every shared suite (tests/support/suites.hpp) under QEMU.
#include "runner.hpp"
#include "support/suites.hpp"

int main() { return pqmcu::test::run_suites(pqmcu::test::all_suites); }
