#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Every test suite: host (Release), host-debug (ASan+UBSan), the emulated
# Cortex-M4, and link checks for the real boards.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
start=$(date +%s)
for preset in host host-debug m4 nucleo-l4r5zi stm32f4discovery stm32f437; do
  echo "=== workflow: $preset ==="
  cmake --workflow --preset "$preset"
done
echo "test-all: every preset passed in $(( $(date +%s) - start )) s"
