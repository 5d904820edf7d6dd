#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Classic McEliece on x86-64: pqmcu's Scheme API beside PQClean's avx2 builds,
# timed alternately in one process (not run in CI).
#
# Builds, outside the repository (under $REF_DIR, default /work/ref/mce-avx2):
#   PQClean crypto_kem/mceliece<set>/avx2 for the SETS (its own flags: -O3 -mavx2
#   -mpopcnt) and common/fips202.c, at $PQCLEAN_REV;
# and pqmcu's host Release library (build-host, target pqmcu_mceliece). Then the
# driver (scripts/bench-mceliece-x86/driver.cpp) runs, per set and operation,
# ROUNDS rounds in which the reference and pqmcu each do one call (order
# swapped every round), and prints the medians (µs) and the ratio pqmcu / ref.
# Key generation uses fresh randomness every call (retries included on both
# sides), so its medians need more rounds to settle than the others.
# randombytes() for PQClean and pqmcu's rng are the same cheap xorshift.
# PQCLEAN_SRC: a PQClean git directory or clone URL (scripts/lib/pqclean.sh).
#
#   scripts/bench-mceliece-x86.sh                       both sets
#   ROUNDS=401 KG_ROUNDS=31 scripts/bench-mceliece-x86.sh
#   PQMCU_CPU_DISABLE=avx2 scripts/bench-mceliece-x86.sh   pqmcu's portable path
#   ONLY=348864 scripts/bench-mceliece-x86.sh               one set
#   SETS="348864 460896 6688128 6960119 8192128" scripts/bench-mceliece-x86.sh
#                                                       more sets (default: 348864 6960119)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
REF_DIR=${REF_DIR:-/work/ref/mce-avx2}
BUILD=${BUILD:-$ROOT/build-host}
ROUNDS=${ROUNDS:-301}
KG_ROUNDS=${KG_ROUNDS:-21}
PQCLEAN_REV=${PQCLEAN_REV:-3730b32a}
SETS=${SETS:-348864 6960119}
log() { echo "[bench-mceliece-x86] $*" >&2; }
. "$ROOT/scripts/lib/pqclean.sh"
mkdir -p "$REF_DIR"

src="$REF_DIR/src"
pqclean_extract "$src" "$PQCLEAN_REV" common crypto_kem/mceliece348864/avx2 crypto_kem/mceliece6960119/avx2
libs=()
defs=()
for s in $SETS; do
    d="crypto_kem/mceliece$s/avx2"
    [ -d "$src/$d" ] || git --git-dir="$(pqclean_git_dir)" archive "$PQCLEAN_REV" "$d" | tar -x -C "$src"
    libs+=("$(pqclean_lib "$src/$d")")
    defs+=("-DPQ_HAVE_$s")
done
fips202=$(pqclean_fips202 "$src")

log "building pqmcu_mceliece (host Release)"
pqmcu_host_build "$BUILD" pqmcu_mceliece
plibs=$(find "$BUILD" -name 'libpqmcu_mceliece.a' -o -name 'libpqmcu_hash.a' -o -name 'libpqmcu_core.a' \
    -o -name 'libpqmcu_x86.a' | sort -r | tr '\n' ' ')
drv="$REF_DIR/driver"
log "linking the driver"
nice g++ -std=c++20 -O2 "${defs[@]}" -I"$ROOT/src" -I"$ROOT/platform" -I"$ROOT/include" \
    -I"$src/crypto_kem/mceliece348864/avx2" "$ROOT/scripts/bench-mceliece-x86/driver.cpp" \
    "${libs[@]}" "$fips202" $plibs $plibs -o "$drv"
"$drv" "$ROUNDS" "$KG_ROUNDS" "${ONLY:-}"
