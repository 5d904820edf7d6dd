#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# x86-64 speed of pqmcu's public APIs beside the upstream reference builds (not run in CI).
#
# Builds, outside the repository (under $REF_DIR, default /work/ref/bench-x86):
#   - mqom/mqom-v2 @ ec6b7fa, one build per MQOM set, its default (fastest) options
#     for this CPU: -O3 -march=native (AVX-512 + GFNI + AES-NI/VAES where present),
#     Keccak picked by its Makefile (avx512 here), PRG/PIOP caches, x4 XOF, x8 cipher;
#   - PQCMayo/MAYO-C (round 2), MAYO_BUILD_TYPE=avx2, ENABLE_AESNI=ON, -march=native;
# and pqmcu's host Release build (build-host, target pqmcu_bench_api). Then, for
# each set, ROUNDS rounds (default 31) in which the upstream driver and pqmcu's
# driver run one after the other (order swapped every round); each process
# reports the minimum of ITERS calls after a warm-up (on a shared host calls
# that a scheduler slice interrupts are otherwise common), and the table
# gives the medians of those over the rounds, µs, and ratios pqmcu / upstream:
#   c      pqmcu_sign_keypair / pqmcu_sign_signature / pqmcu_sign_verify
#   cpp    pqmcu::Signature::by_name(...).keypair / sign / verify
#   typed  Scheme<Set>::keypair / sign / verify with a caller-kept workspace
#   expanded  (MAYO) pqmcu::ExpandedKey: "keygen" = expanding sk and pk, sign / verify
#          with the expanded keys kept by the caller
# Every driver draws randomness from the same cheap xorshift (no getrandom).
#
#   scripts/bench-x86.sh                 all sets below
#   SETS="cat1-gf16-fast-r5 MAYO-2" ROUNDS=11 scripts/bench-x86.sh
# Sources: MQOM_V2_SRC / MAYO_C_SRC may name local git clones (else cloned from GitHub).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
REF_DIR=${REF_DIR:-/work/ref/bench-x86}
ROUNDS=${ROUNDS:-31}
ITERS=${ITERS:-3}
BUILD=${BUILD:-$ROOT/build-host}
MQOM_COMMIT=ec6b7fa
MQOM_SETS="cat1-gf2-fast-r5 cat1-gf2-short-r5 cat1-gf16-fast-r5 cat1-gf16-short-r5 cat1-gf256-fast-r5 cat1-gf256-short-r5
cat3-gf2-fast-r5 cat3-gf2-short-r5 cat3-gf16-fast-r5 cat3-gf16-short-r5 cat3-gf256-fast-r5 cat3-gf256-short-r5
cat5-gf2-fast-r5 cat5-gf2-short-r5 cat5-gf16-fast-r5 cat5-gf16-short-r5 cat5-gf256-fast-r5 cat5-gf256-short-r5"
MAYO_SETS="MAYO-1 MAYO-2 MAYO-3 MAYO-5"
SETS=${SETS:-$(echo $MQOM_SETS $MAYO_SETS)}
JOBS=${JOBS:-2}
mkdir -p "$REF_DIR"
log() { echo "[bench-x86] $*" >&2; }

clone() {  # clone <local-or-url> <dest>
    [ -d "$2/.git" ] || git clone -q "$1" "$2"
}

# ---- mqom-v2: one object set per MQOM set, our driver linked against it.
mqom_ref() {  # mqom_ref <set stem>  -> path of the driver binary
    local set=$1 src="$REF_DIR/mqom-v2" dir="$REF_DIR/mqom-v2-build/$1"
    local bin="$dir/ref_driver" driver="$ROOT/scripts/bench-x86/nist_driver.c"
    if [ ! -f "$dir/.built" ]; then
        clone "${MQOM_V2_SRC:-https://github.com/mqom/mqom-v2}" "$src"
        rm -rf "$dir" && mkdir -p "$dir"
        git -C "$src" archive "$MQOM_COMMIT" | tar -x -C "$dir"
        log "building mqom-v2 $set (native)"
        (cd "$dir" && MQOM2_VARIANT=$set nice make -s -j"$JOBS" all >build.log 2>&1) && touch "$dir/.built"
    fi
    if [ ! "$bin" -nt "$driver" ]; then
        # The set's parameters, as its Makefile passes them (catN-gfQ-fast|short-rR).
        local cat field trade rounds
        IFS=- read -r cat field trade rounds <<<"$set"
        local defs="-DMQOM2_PARAM_SECURITY=$(case $cat in cat1) echo 128 ;; cat3) echo 192 ;; cat5) echo 256 ;; esac)"
        defs+=" -DMQOM2_PARAM_BASE_FIELD=$(case $field in gf2) echo 1 ;; gf4) echo 2 ;; gf16) echo 4 ;; gf256) echo 8 ;; esac)"
        defs+=" -DMQOM2_PARAM_TRADEOFF=$([ "$trade" = short ] && echo 1 || echo 0) -DMQOM2_PARAM_NBROUNDS=${rounds#r}"
        local objs
        objs=$(cd "$dir" && MQOM2_VARIANT=$set make -s --no-print-directory print_objects 2>/dev/null | head -1)
        (cd "$dir" && nice cc -O3 -march=native $defs -DSIGLEN_T="unsigned long long" -DBENCH_PROVIDE_RANDOMBYTES \
            -I. -Ifields -Ifields_bitsliced -Irijndael -Iblc -Ipiop -Isha3 "$driver" $objs sha3/libhash.a -lm \
            -o ref_driver >>build.log 2>&1) || { tail -30 "$dir/build.log" >&2; return 1; }
    fi
    echo "$bin"
}

# ---- MAYO-C: one CMake build, one driver per MAYO set.
mayo_ref() {  # mayo_ref MAYO-n -> driver binary
    local n=${1#MAYO-} src="$REF_DIR/MAYO-C" b="$REF_DIR/MAYO-C/build-avx2"
    local bin="$b/ref_driver_$n"
    if [ ! "$bin" -nt "$ROOT/scripts/bench-x86/nist_driver.c" ]; then
        clone "${MAYO_C_SRC:-https://github.com/PQCMayo/MAYO-C}" "$src"
        if [ ! -f "$b/.built" ]; then
            log "building MAYO-C (avx2, AES-NI, -march=native)"
            cmake -S "$src" -B "$b" -DMAYO_BUILD_TYPE=avx2 -DENABLE_AESNI=ON -DENABLE_TESTS=OFF \
                -DCMAKE_BUILD_TYPE=Release >"$b.log" 2>&1
            nice cmake --build "$b" -j"$JOBS" >>"$b.log" 2>&1 && touch "$b/.built"
        fi
        local libs
        libs="$(find "$b" -name "libmayo_${n}_nistapi.a") $(find "$b" -name "libmayo_${n}.a") $(find "$b" -name 'libmayo_common_sys.a')"
        nice cc -O3 -march=native -DSIGLEN_T=size_t -DMAYO_VARIANT=MAYO_$n -DMAYO_BUILD_TYPE_AVX2 -include mayo.h -I"$src/src/mayo_$n" -I"$src/include" \
            -I"$src/src" "$ROOT/scripts/bench-x86/nist_driver.c" $libs -o "$bin" >>"$b.log" 2>&1 ||
            { tail -30 "$b.log" >&2; return 1; }
    fi
    echo "$bin"
}

pqmcu_build() {
    if [ ! -f "$BUILD/build.ninja" ]; then
        cmake --preset host -B "$BUILD" -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache >/dev/null
    fi
    log "building pqmcu_bench_api (host Release)"
    nice cmake --build "$BUILD" -j"$JOBS" --target pqmcu_bench_api >/dev/null
}

pqmcu_name() {  # set stem -> pqmcu registry name
    case $1 in
    MAYO-*) echo "$1" ;;
    *) echo "mqom2_$(echo "$1" | tr - _)" ;;
    esac
}

median() { sort -g | awk '{v[NR]=$1} END {if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }

pqmcu_build
API=$(mktemp)
cp "$BUILD/bench/host/pqmcu_bench_api" "$API" && chmod +x "$API"
trap 'rm -f "$API"' EXIT
printf "# %s, %s rounds (median over rounds of each process's minimum of %s calls), µs; ratio = pqmcu / upstream\n" "$(date -u +%FT%TZ)" "$ROUNDS" "$ITERS"
printf "| set | upstream keygen / sign / verify | api | pqmcu keygen / sign / verify | ratio keygen / sign / verify |\n"
printf "|---|---|---|---|---|\n"
for set in $SETS; do
    case $set in MAYO-*) ref=$(mayo_ref "$set") ;; *) ref=$(mqom_ref "$set") ;; esac
    name=$(pqmcu_name "$set")
    tmp=$(mktemp -d)
    for ((r = 0; r < ROUNDS; r++)); do
        if ((r % 2)); then
            "$API" "$name" "$ITERS" >>"$tmp/pq"; "$ref" "$ITERS" >>"$tmp/ref"
        else
            "$ref" "$ITERS" >>"$tmp/ref"; "$API" "$name" "$ITERS" >>"$tmp/pq"
        fi
    done
    declare -A R
    for c in 2 3 4; do R[$c]=$(awk -v c=$c '{print $c}' "$tmp/ref" | median); done
    for api in c cpp typed expanded; do
        grep -q "^$api " "$tmp/pq" || continue
        row=() rat=()
        for c in 2 3 4; do
            v=$(awk -v a=$api -v c=$c '$1==a {print $c}' "$tmp/pq" | median)
            row+=("$v"); rat+=("$(awk -v x="$v" -v y="${R[$c]}" 'BEGIN {printf "%.2f", x / y}')")
        done
        printf "| %s | %s / %s / %s | %s | %s / %s / %s | %s / %s / %s |\n" "$set" "${R[2]}" "${R[3]}" "${R[4]}" "$api" \
            "${row[0]}" "${row[1]}" "${row[2]}" "${rat[0]}" "${rat[1]}" "${rat[2]}"
    done
    rm -rf "$tmp"
done
