#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Flat cycle profile of one M4 benchmark row on the emulated M4, by function.
#   scripts/m4-profile.sh mqom/cat1_gf16_fast_r5_balanced_ [--op I] [--top N]
# Builds the bench firmware with only the rows whose "group/name" contains
# the text (build/m4-prof, PQMCU_BENCH_ONLY), runs it under QEMU with the
# cycle-model plugin profiling the measured run of the I-th selected row
# (default 0: the first), and prints its self cycles per function
# (tools/m4sim/profile_report.py).
set -euo pipefail
cd "$(dirname "$0")/.."
filter=${1:?usage: scripts/m4-profile.sh GROUP/NAME-substring [--op I] [--top N]}
shift
op=0
if [[ ${1:-} == --op ]]; then op=$2; shift 2; fi
plugin=build/host/tools/m4sim/plugin/libpqmcu_m4cycles.so
[[ -f $plugin ]] || { cmake --preset host >/dev/null && cmake --build build/host --target pqmcu_m4cycles; }
cmake --preset m4 -B build/m4-prof -DPQMCU_BENCH_ONLY="$filter" >/dev/null
cmake --build build/m4-prof -j2 --target pqmcu_m4_bench
elf=build/m4-prof/bench/m4/pqmcu_m4_bench.elf
python3 tools/m4sim/m4run.py "$elf" --timeout 3600 --plugin "$plugin" \
    --plugin-log build/m4-prof/profile.log --profile $((2 * op)) --quiet
python3 tools/m4sim/profile_report.py --elf "$elf" --plugin-log build/m4-prof/profile.log "$@"
