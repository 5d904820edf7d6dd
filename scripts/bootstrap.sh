#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Installs what pqmcu needs on Debian 12 (idempotent, non-interactive; run as root).
set -euo pipefail
packages=(
  cmake ninja-build g++ python3 git ccache
  googletest libgtest-dev libbenchmark-dev libcli11-dev valgrind pkg-config binutils
  gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-dev libstdc++-arm-none-eabi-newlib
  qemu-system-arm dpkg-dev xz-utils python3-matplotlib
  clang libclang-rt-14-dev
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# The QEMU plugin header is not packaged; it comes from Debian's qemu source package.
"$(dirname "$0")/../tools/m4sim/fetch-qemu-plugin-header.sh" /opt/pqmcu/qemu-plugin
