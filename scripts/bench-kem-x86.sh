#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# x86-64 speed of pqmcu's NTRU and Saber KEMs beside the upstream AVX2 code
# (not run in CI). Builds, outside the repository (under $REF_DIR, default
# /work/ref/kem-avx2): PQClean @ 6cd3167 (the last commit with the AVX2
# NTRU and Saber implementations), crypto_kem/<set>/avx2 with its own
# Makefile (-O3 -mavx2 [-mbmi2]) and common/fips202.c. Then builds pqmcu's
# host Release libraries ($BUILD, default build-host) and links both into one
# driver (scripts/bench-kem-x86/kem_driver.cpp) that times upstream and
# pqmcu::Kem::by_name alternately, ROUNDS rounds (default 201), and prints
# medians (µs) and ratios pqmcu / upstream for keygen / encaps / decaps.
#
#   scripts/bench-kem-x86.sh                         all seven sets
#   ROUNDS=51 scripts/bench-kem-x86.sh ntruhrss701 saber
#   PQMCU_CPU_DISABLE=avx2 scripts/bench-kem-x86.sh  pqmcu's portable path
# PQCLEAN_SRC: a PQClean git directory or clone URL (scripts/lib/pqclean.sh).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
REF_DIR=${REF_DIR:-/work/ref/kem-avx2}
ROUNDS=${ROUNDS:-201}
BUILD=${BUILD:-$ROOT/build-host}
JOBS=${JOBS:-2}
COMMIT=6cd3167
SETS="ntruhps2048509 ntruhps2048677 ntruhps4096821 ntruhrss701 lightsaber saber firesaber"
log() { echo "[bench-kem-x86] $*" >&2; }

. "$ROOT/scripts/lib/pqclean.sh"
mkdir -p "$REF_DIR"

# ---- upstream: one static library per set, built with its own Makefile.
src=$REF_DIR/src
paths=(common)
for s in $SETS; do paths+=("crypto_kem/$s/avx2"); done
pqclean_extract "$src" "$COMMIT" "${paths[@]}"
libs=()
for s in $SETS; do libs+=("$(pqclean_lib "$src/crypto_kem/$s/avx2")"); done
fips202=$(pqclean_fips202 "$src")

# ---- pqmcu: host Release libraries.
log "building pqmcu_api (host Release)"
pqmcu_host_build "$BUILD" pqmcu_api pqmcu_ntru pqmcu_saber
pq_libs=$(find "$BUILD/src" "$BUILD/platform" -name 'libpqmcu_*.a' 2>/dev/null | sort)
bin=$REF_DIR/kem_driver
log "linking the driver"
nice c++ -std=c++20 -O2 -I"$ROOT/include" "$ROOT/scripts/bench-kem-x86/kem_driver.cpp" \
    -Wl,--start-group $pq_libs "${libs[@]}" "$fips202" -Wl,--end-group -o "$bin"
log "$(date -u +%FT%TZ), $ROUNDS rounds, PQMCU_CPU_DISABLE=${PQMCU_CPU_DISABLE:-}"
if [ $# -eq 0 ]; then set -- $SETS; fi
"$bin" "$ROUNDS" "$@"
