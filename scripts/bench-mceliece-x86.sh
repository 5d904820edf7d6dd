#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Classic McEliece on x86-64: pqmcu's Scheme API beside PQClean's avx2 builds,
# timed alternately in one process (not run in CI).
#
# Builds, outside the repository (under $REF_DIR, default /work/ref/mce-avx2):
#   PQClean crypto_kem/mceliece{348864,6960119}/avx2 (its own flags: -O3 -mavx2
#   -mpopcnt) and common/fips202.c, from $PQCLEAN_SRC (a git directory or clone
#   URL; default the local mirror if present, else GitHub) at $PQCLEAN_REV;
# and pqmcu's host Release library (build-host, target pqmcu_mceliece). Then the
# driver (scripts/bench-mceliece-x86/driver.cpp) runs, per set and operation,
# ROUNDS rounds in which the reference and pqmcu each do one call (order
# swapped every round), and prints the medians (µs) and the ratio pqmcu / ref.
# Key generation uses fresh randomness every call (retries included on both
# sides), so its medians need more rounds to settle than the others.
# randombytes() for PQClean and pqmcu's rng are the same cheap xorshift.
#
#   scripts/bench-mceliece-x86.sh                       both sets
#   ROUNDS=401 KG_ROUNDS=31 scripts/bench-mceliece-x86.sh
#   PQMCU_CPU_DISABLE=avx2 scripts/bench-mceliece-x86.sh   pqmcu's portable path
#   ONLY=348864 scripts/bench-mceliece-x86.sh               one set
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
REF_DIR=${REF_DIR:-/work/ref/mce-avx2}
BUILD=${BUILD:-$ROOT/build-host}
ROUNDS=${ROUNDS:-301}
KG_ROUNDS=${KG_ROUNDS:-21}
PQCLEAN_REV=${PQCLEAN_REV:-3730b32a}
if [ -z "${PQCLEAN_SRC:-}" ]; then
    if [ -d /work/.mirror/PQClean+PQClean/repo ]; then PQCLEAN_SRC=/work/.mirror/PQClean+PQClean/repo
    else PQCLEAN_SRC=https://github.com/PQClean/PQClean; fi
fi
SETS="348864 6960119"
log() { echo "[bench-mceliece-x86] $*" >&2; }
mkdir -p "$REF_DIR"

src="$REF_DIR/src"
if [ ! -f "$src/.done" ]; then
    rm -rf "$src" && mkdir -p "$src"
    if [ -d "$PQCLEAN_SRC/objects" ] || [ -f "$PQCLEAN_SRC/HEAD" ]; then
        git --git-dir="$PQCLEAN_SRC" archive "$PQCLEAN_REV" common crypto_kem/mceliece348864/avx2 \
            crypto_kem/mceliece6960119/avx2 | tar -x -C "$src"
    else
        git clone -q "$PQCLEAN_SRC" "$REF_DIR/PQClean"
        git -C "$REF_DIR/PQClean" archive "$PQCLEAN_REV" common crypto_kem/mceliece348864/avx2 \
            crypto_kem/mceliece6960119/avx2 | tar -x -C "$src"
    fi
    touch "$src/.done"
fi
libs=()
for s in $SETS; do
    d="$src/crypto_kem/mceliece$s/avx2"
    if [ ! -f "$d/libmceliece${s}_avx2.a" ]; then
        log "building PQClean mceliece$s avx2"
        nice make -s -C "$d" -j2 >"$REF_DIR/build-$s.log" 2>&1 || { tail -20 "$REF_DIR/build-$s.log" >&2; exit 1; }
    fi
    libs+=("$d/libmceliece${s}_avx2.a")
done
if [ ! -f "$REF_DIR/fips202.o" ]; then
    nice cc -O3 -c "$src/common/fips202.c" -o "$REF_DIR/fips202.o"
fi

if [ ! -f "$BUILD/build.ninja" ]; then
    cmake --preset host -B "$BUILD" -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache >/dev/null
fi
log "building pqmcu_mceliece (host Release)"
nice cmake --build "$BUILD" -j2 --target pqmcu_mceliece >/dev/null
plibs=$(find "$BUILD" -name 'libpqmcu_mceliece.a' -o -name 'libpqmcu_hash.a' -o -name 'libpqmcu_core.a' \
    -o -name 'libpqmcu_x86.a' | sort -r | tr '\n' ' ')
drv="$REF_DIR/driver"
log "linking the driver"
nice g++ -std=c++20 -O2 -I"$ROOT/src" -I"$ROOT/platform" -I"$ROOT/include" \
    -I"$src/crypto_kem/mceliece348864/avx2" "$ROOT/scripts/bench-mceliece-x86/driver.cpp" \
    "${libs[@]}" "$REF_DIR/fips202.o" $plibs $plibs -o "$drv"
"$drv" "$ROUNDS" "$KG_ROUNDS" "${ONLY:-}"
