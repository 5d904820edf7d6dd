#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Builds the `fuzz` preset (clang, libFuzzer, ASan + UBSan), writes the seed
# corpora from real keys and signatures, then runs every libFuzzer target
# (or the ones named) for SECONDS each and prints target / executions /
# exec/s / crashes. Exit status 1 if any target found something.
#   scripts/fuzz.sh [SECONDS] [TARGET...]       (default 60 s; targets as in tests/fuzz)
# Working corpora grow in build/fuzz/fuzz/corpus/<target> (kept between runs);
# findings go to build/fuzz/fuzz/artifacts/<target>/; logs to build/fuzz/fuzz/logs/. Each
# target first runs its past findings, tests/fuzz/regressions/<target>/*.
# FUZZ_ARGS adds libFuzzer options (e.g. FUZZ_ARGS="-jobs=2 -workers=2"); FUZZ_JOBS
# targets run at a time (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
all_targets=(mqom_verify mqom_sign mayo_verify mayo_sign mceliece_decaps saber_decaps ntru_decaps cli_key_file)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

build=build/fuzz
[ -f "$build/CMakeCache.txt" ] || cmake --preset fuzz
cmake --build "$build" --target pqmcu_fuzz -j2

work="$build/fuzz"
seeds="$work/seeds"
if [ ! -f "$seeds/.done" ] || [ "$seeds/.done" -ot "$build/tests/fuzz/pqmcu_fuzz_make_seeds" ]; then
  rm -rf "$seeds"
  mkdir -p "$work"
  "$build/tests/fuzz/pqmcu_fuzz_make_seeds" "$seeds"
  touch "$seeds/.done"
fi

# One target: its past findings, then SECONDS of fuzzing; writes its table row
# to $work/logs/<target>.row and exits 1 if it found something.
fuzz_one() {
  local t=$1 bin="$build/tests/fuzz/fuzz_$1" log="$work/logs/$1.log" status=0 found=0 before execs rate crashes
  # Findings are crash-, leak-, timeout- and oom- files (slow-unit- ones are not).
  count_findings() { find "$work/artifacts/$t" -type f ! -name 'slow-unit-*' | wc -l; }
  before=$(count_findings)
  # Past findings (tests/fuzz/regressions/<target>/) first: each must pass.
  if [ -d "tests/fuzz/regressions/$t" ]; then
    "$bin" -timeout=300 -rss_limit_mb=4096 tests/fuzz/regressions/"$t"/* >"$work/logs/$t.regressions.log" 2>&1 || {
      echo "fuzz.sh: $t fails a regression input, see $work/logs/$t.regressions.log" >&2
      found=1
    }
  fi
  # -timeout: an MQOM cat 5 gf2 input (Memory's grouped verifier, or signing)
  # takes about a second under ASan, up to 20 s on a loaded machine at nice 19;
  # -rss_limit_mb: the Desktop workspaces of several sets.
  # shellcheck disable=SC2086
  "$bin" -max_total_time="$seconds" -print_final_stats=1 -timeout=300 -rss_limit_mb=4096 \
    -artifact_prefix="$work/artifacts/$t/" ${FUZZ_ARGS:-} \
    "$work/corpus/$t" "$seeds/$t" >"$log" 2>&1 || status=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  crashes=$(( $(count_findings) - before ))
  if [ "$status" -ne 0 ] && [ "$crashes" -eq 0 ]; then crashes=1; fi
  [ "$crashes" -eq 0 ] || { found=1; echo "fuzz.sh: $t found something (exit $status), see $log" >&2; }
  printf '%-18s %14s %10s %8s\n' "$t" "${execs:-?}" "${rate:-?}" "$crashes" >"$work/logs/$t.row"
  return $found
}

# FUZZ_JOBS targets at a time (default 2: the machine's cores; each target is one process).
jobs=${FUZZ_JOBS:-2}
found=0
pids=()
for t in "${targets[@]}"; do
  [ -x "$build/tests/fuzz/fuzz_$t" ] || { echo "fuzz.sh: no target $t (${all_targets[*]})" >&2; exit 2; }
  mkdir -p "$work/corpus/$t" "$work/artifacts/$t" "$work/logs"
  rm -f "$work/logs/$t.row"
done
for t in "${targets[@]}"; do
  if [ ${#pids[@]} -ge "$jobs" ]; then
    wait "${pids[0]}" || found=1
    pids=("${pids[@]:1}")
  fi
  fuzz_one "$t" &
  pids+=($!)
done
for p in "${pids[@]}"; do wait "$p" || found=1; done

printf '%-18s %14s %10s %8s\n' target executions exec/s crashes
for t in "${targets[@]}"; do cat "$work/logs/$t.row" 2>/dev/null || printf '%-18s %14s\n' "$t" "no result"; done
exit $found
