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
# PQCLEAN_SRC may name a local clone of PQClean (else cloned from GitHub).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
REF_DIR=${REF_DIR:-/work/ref/kem-avx2}
ROUNDS=${ROUNDS:-201}
BUILD=${BUILD:-$ROOT/build-host}
JOBS=${JOBS:-2}
COMMIT=6cd3167
SETS="ntruhps2048509 ntruhps2048677 ntruhps4096821 ntruhrss701 lightsaber saber firesaber"
log() { echo "[bench-kem-x86] $*" >&2; }
mkdir -p "$REF_DIR"

# ---- upstream: one static library per set, built with its own Makefile.
src=$REF_DIR/src
if [ ! -f "$src/.extracted" ]; then
    repo=$REF_DIR/PQClean
    [ -d "$repo/.git" ] || git clone -q "${PQCLEAN_SRC:-https://github.com/PQClean/PQClean}" "$repo"
    rm -rf "$src" && mkdir -p "$src"
    for s in $SETS; do git -C "$repo" archive "$COMMIT" "crypto_kem/$s/avx2" | tar -x -C "$src"; done
    git -C "$repo" archive "$COMMIT" common | tar -x -C "$src"
    touch "$src/.extracted"
fi
libs=()
for s in $SETS; do
    d=$src/crypto_kem/$s/avx2
    if [ ! -f "$d/.built" ]; then
        log "building upstream $s (avx2)"
        (cd "$d" && nice make -s -j"$JOBS" >build.log 2>&1) || { tail -30 "$d/build.log" >&2; exit 1; }
        touch "$d/.built"
    fi
    libs+=("$(ls "$d"/lib*_avx2.a)")
done
if [ ! -f "$src/common/fips202.o" ]; then
    nice cc -O3 -c "$src/common/fips202.c" -o "$src/common/fips202.o"
fi

# ---- pqmcu: host Release libraries.
if [ ! -f "$BUILD/build.ninja" ]; then
    cmake --preset host -B "$BUILD" -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache >/dev/null
fi
log "building pqmcu_api (host Release)"
nice cmake --build "$BUILD" -j"$JOBS" --target pqmcu_api pqmcu_ntru pqmcu_saber >/dev/null
pq_libs=$(find "$BUILD/src" "$BUILD/platform" -name 'libpqmcu_*.a' 2>/dev/null | sort)
bin=$REF_DIR/kem_driver
log "linking the driver"
nice c++ -std=c++20 -O2 -I"$ROOT/include" "$ROOT/scripts/bench-kem-x86/kem_driver.cpp" \
    -Wl,--start-group $pq_libs "${libs[@]}" "$src/common/fips202.o" -Wl,--end-group -o "$bin"
log "$(date -u +%FT%TZ), $ROUNDS rounds, PQMCU_CPU_DISABLE=${PQMCU_CPU_DISABLE:-}"
if [ $# -eq 0 ]; then set -- $SETS; fi
"$bin" "$ROUNDS" "$@"
