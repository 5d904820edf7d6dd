#!/usr/bin/env bash
# The main job: build the Cortex-M4 benchmark firmware and print its table
# (instructions, emulated cycles, stack, static RAM per operation) beside the
# published anchors; the CSV lands in build/m4/m4-bench.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
cmake --preset m4 >/dev/null
cmake --build --preset m4 --target m4-bench
