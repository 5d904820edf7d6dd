#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Builds and runs tests/package/consumer as a user would.
#   check_package.sh install SOURCE BUILD WORK   the installed tree of BUILD (static):
#       find_package consumers (C and C++), and a C program built with `cc` and pkg-config alone
#   check_package.sh subdirectory SOURCE WORK    pqmcu as a subproject, shared (BUILD_SHARED_LIBS=ON),
#       with three sets chosen (PQMCU_ALGORITHMS): consumers link libpqmcu.so; its registry has exactly
#       those sets; its SONAME, exported symbols, and `cc` against its install
set -euo pipefail
mode=$1 src=$2
consumer="$src/tests/package/consumer"
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

run_consumers() {  # build dir
  "$1/consumer_c"
  "$1/consumer_cxx"
}

cc_alone() {  # prefix, extra pkg-config flags
  local prefix=$1 libdir
  libdir=$(dirname "$(find "$prefix" -name pqmcu.pc | head -n 1)")/..
  PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --exists pqmcu
  # shellcheck disable=SC2046
  cc -std=c11 -Wall -Wextra -Werror -o "$prefix/consumer_cc" "$consumer/main.c" \
     $(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags --libs ${2:-} pqmcu)
  LD_LIBRARY_PATH="$libdir" "$prefix/consumer_cc"
}

case "$mode" in
install)
  build=$3 work=$4
  rm -rf "$work" && mkdir -p "$work"
  cmake --install "$build" --prefix "$work/prefix" >/dev/null
  test -f "$work/prefix/include/pqmcu/pqmcu.h"
  # The public headers stand alone: nothing they include comes from src/.
  for h in "$work"/prefix/include/pqmcu/*; do
    echo "#include <pqmcu/$(basename "$h")>" | c++ -std=c++20 -fsyntax-only -I "$work/prefix/include" -x c++ -
  done
  echo '#include <pqmcu/pqmcu.h>' | cc -std=c99 -pedantic -Werror -fsyntax-only -I "$work/prefix/include" -x c -
  cmake -S "$consumer" -B "$work/build" "${generator[@]}" -DCMAKE_PREFIX_PATH="$work/prefix" >/dev/null
  cmake --build "$work/build" >/dev/null
  run_consumers "$work/build"
  cc_alone "$work/prefix" --static
  ;;
subdirectory)
  work=$3
  rm -rf "$work" && mkdir -p "$work"
  # No build type (no optimisation): this checks the packaging, not the speed,
  # and -O3 of the MQOM engine and registry was most of this test's time.
  cmake -S "$consumer" -B "$work/build" "${generator[@]}" -DCMAKE_BUILD_TYPE= -DBUILD_SHARED_LIBS=ON \
        -DPQMCU_SOURCE_DIR="$src" "-DPQMCU_ALGORITHMS=mqom2_cat1_gf16_fast_r5;mayo_2;LightSaber" >/dev/null
  # Only what a user builds: the consumers and the library (no tests, benchmarks or tools).
  cmake --build "$work/build" --target consumer_c consumer_cxx >/dev/null
  run_consumers "$work/build" | tee "$work/consumers.out"
  grep -q '(2 signatures, 1 KEMs)' "$work/consumers.out" || { echo "PQMCU_ALGORITHMS not honoured" >&2; exit 1; }
  so=$(find "$work/build/pqmcu" -name 'libpqmcu.so.*.*.*' | head -n 1)
  soname=$(objdump -p "$so" | awk '/SONAME/ {print $2}')
  [[ "$soname" =~ ^libpqmcu\.so\.[0-9]+\.[0-9]+$ ]] || { echo "bad SONAME '$soname'" >&2; exit 1; }
  # Only the public API is exported (C functions and the pqmcu:: classes of pqmcu.hpp);
  # weak and unique symbols (u, V, W) are the C++ library's template instances, not ours.
  leaked=$(nm -D --defined-only "$so" | awk '$2 !~ /^[uVW]$/ {print $3}' | c++filt |
           grep -v -E '^(pqmcu_[a-z_]+|pqmcu::(Signature|Kem|MessageHasher|ExpandedKey)::.*|pqmcu::(system_random|nist_drbg_random)\(\))$' || true)
  [ -z "$leaked" ] || { echo "symbols exported beyond the public API:" >&2; echo "$leaked" | head -20 >&2; exit 1; }
  cmake --install "$work/build" --prefix "$work/prefix" >/dev/null
  cc_alone "$work/prefix"
  echo "libpqmcu: $(basename "$so"), SONAME $soname"
  ;;
*)
  echo "usage: check_package.sh install SOURCE BUILD WORK | subdirectory SOURCE WORK" >&2
  exit 2
  ;;
esac
echo "package check ($mode): ok"
