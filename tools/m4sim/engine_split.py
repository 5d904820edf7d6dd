#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Cycles of MQOM's Hardware profile inside and outside the AES engine.

The QEMU Hardware KAT firmware (tests/m4/mqom_kat.cpp with the emulated
engine) ends with one keygen/sign/verify where every engine call is
bracketed by pqmcu_bench_mark, and prints "engine-split <op> <first> <last>"
(mark numbers). With the cycle-model plugin's marks this prints, per
operation, the emulated cycles in total, inside the engine (here the
bitsliced AES standing in for the CRYP) and outside it: what the profile
costs besides its AES blocks and key loads.

  tools/m4sim/m4run.py build/m4/tests/m4/pqmcu_m4_kat_cat1_gf16_fast_r5_hardware.elf \\
      --plugin build/m4/m4sim-plugin/libpqmcu_m4cycles.so --plugin-log split.plugin.log --log split.log --quiet
  tools/m4sim/engine_split.py --log split.log --plugin-log split.plugin.log
"""
import argparse
import re
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--log", required=True, help="firmware console log")
    ap.add_argument("--plugin-log", required=True, help="cycle-model plugin log")
    a = ap.parse_args()
    cycles = {}
    with open(a.plugin_log, errors="replace") as f:
        for line in f:
            m = re.search(r"pqmcu-mark seq=(\d+) insns=\d+ cycles=(\d+)", line)
            if m:
                cycles[int(m.group(1))] = int(m.group(2))
    ops = []
    with open(a.log, errors="replace") as f:
        for line in f:
            m = re.search(r"engine-split (\w+) (\d+) (\d+)", line)
            if m:
                ops.append((m.group(1), int(m.group(2)), int(m.group(3))))
    if not ops:
        sys.exit("engine_split.py: no engine-split lines in the log")
    print(f"{'operation':<10} {'total Mc':>9} {'engine Mc':>10} {'rest Mc':>8} {'engine calls':>13}")
    for op, first, last in ops:
        if first not in cycles or last not in cycles:
            sys.exit(f"engine_split.py: marks {first}..{last} missing from the plugin log")
        if (last - first - 1) % 2:
            sys.exit(f"engine_split.py: {op}: unpaired engine marks")
        inside = sum(cycles[j + 1] - cycles[j] for j in range(first + 1, last, 2))
        total = cycles[last] - cycles[first]
        print(f"{op:<10} {total / 1e6:>9.2f} {inside / 1e6:>10.2f} {(total - inside) / 1e6:>8.2f} "
              f"{(last - first - 1) // 2:>13}")


if __name__ == "__main__":
    main()
