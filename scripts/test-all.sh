#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Every test suite: host (Release), host-debug (ASan+UBSan), the emulated
# Cortex-M4, link checks for the real boards, and a short run of every
# libFuzzer target (the `fuzz` preset, tests/fuzz).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
start=$(date +%s)
# The m4 preset and the three boards compile the same library units with the
# same flags (only the platform differs): ccache, with a cache of this
# checkout's own (build/ccache: empty in a fresh clone), compiles them once.
if command -v ccache >/dev/null; then
  export CCACHE_DIR="$PWD/build/ccache" CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
fi
for preset in host host-debug m4 nucleo-l4r5zi stm32f4discovery stm32f437; do
  echo "=== workflow: $preset ==="
  cmake --workflow --preset "$preset"
done
# Clang (the `fuzz` preset: libFuzzer, ASan + UBSan) builds the library, the
# pqmcu command and the fuzz targets; then every target runs 8 s.
echo "=== workflow: fuzz, then the fuzz smoke ==="
cmake --workflow --preset fuzz
scripts/fuzz.sh 8
if command -v ccache >/dev/null; then ccache --show-stats | grep -E '^ *(Hits|Misses):' || true; fi
echo "test-all: every preset passed in $(( $(date +%s) - start )) s"
