#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The main job: build the Cortex-M4 benchmark firmware, run it in QEMU with
# the cycle-model plugin and print (tools/m4sim/bench_table.py)
#   - the per-operation table (instructions, emulated cycles, stack, static
#     RAM) beside the published anchors -> build/m4/m4-bench.csv;
#   - MQOM's paper-style tables for L1 / L3 / L5 (faster / fast / short x
#     profile: KGen, grinding-adjusted and raw-mean Sign, Verify in M cycles
#     and M instructions, total RAM in KB) beside the embedded paper's code on
#     this emulator and its published figures -> build/m4/m4-bench-mqom.csv,
#     and the sign cycles-vs-RAM plot -> build/m4/m4-bench-mqom.svg;
#   - MQOM's variants (pre-signature offline / online, streaming verification,
#     one-tree -1 / -2) beside the paper's published rows with ratios;
#   - the flash of a one-set firmware per MQOM profile (-Os and -O2) beside the
#     embedded paper's firmware (tools/m4sim/flash_table.py) -> build/m4/m4-flash.csv;
#   - the secure-boot table (examples/secure-boot) -> build/m4/m4-secure-boot.csv;
#   - Classic McEliece key generation of all 10 sets (pk streamed through a
#     sink, count 0 checked) beside CHES 2021 -> build/m4/m4-bench-mceliece-keygen.csv
#     (about 2 minutes of QEMU).
#   - Classic McEliece encapsulation / decapsulation of the 10 standard sets
#     (one firmware per set, its public key in flash) beside CHES 2021
#     (tools/m4sim/mceliece_table.py) -> build/m4/m4-bench-mceliece.csv.
# The QEMU run takes about 3-4 minutes on 2 shared cores (8 messages per MQOM
# sign row, 3 for L3/L5 short); building the firmware comes on top.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
# The secure-boot example (examples/secure-boot) needs the host pqmcu CLI for
# its keys and signatures: build it first so the m4 configure finds it.
cmake --preset host >/dev/null
cmake --build build/host --target pqmcu_cli
cmake --preset m4 >/dev/null
cmake --build --preset m4 --target m4-bench
# Classic McEliece: ~15 s of QEMU for the 10 sets (+ their host-generated keys).
cmake --build --preset m4 --target m4-bench-mceliece
# The flash column: the user firmware project (examples/firmware, one MQOM set
# pinned, keygen + sign + verify) per profile at -Os and -O2, beside the
# embedded paper's whole firmware -> build/m4/m4-flash.csv.
python3 tools/m4sim/flash_table.py --source . --build-dir build/m4/flash \
  --anchors "${PQMCU_SHARED_DIR:-../shared}/anchors" --csv build/m4/m4-flash.csv
# Secure boot: MAYO-2 and MQOM L1 bootloaders each boot one signed image and
# refuse a flipped byte, another key's signature, a truncated and a garbled
# transfer; then the table of verify cycles, stack, static RAM and flash.
cmake --build --preset m4 --target m4-secure-boot
# Classic McEliece key generation on the M4 (tests/m4/mceliece_keygen.cpp, every set).
cmake --build --preset m4 --target m4-bench-mceliece-keygen
