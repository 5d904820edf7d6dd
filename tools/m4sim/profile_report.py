#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Fold the plugin's flat profile (pqmcu-prof lines, m4run.py --profile K) into
functions of the firmware and print them, most cycles first.

  tools/m4sim/m4run.py FW.elf --plugin PLUGIN.so --plugin-log prof.log --profile 0
  tools/m4sim/profile_report.py --elf FW.elf --plugin-log prof.log [--top 40]

A block is charged to the function whose symbol range holds its start
address (self cycles: callees are charged separately). Cycles are the
plugin's emulated estimate, counted exactly as the benchmark counts them.
"""
import argparse
import bisect
import re
import subprocess
import sys

PROF = re.compile(r"pqmcu-prof 0x([0-9a-f]+) insns=(\d+) cycles=(\d+)")


def symbols(elf, nm):
    """Sorted (start, end, name) of the ELF's code symbols."""
    out = subprocess.run([nm, "-C", "-S", "-n", "--defined-only", elf], check=True,
                         capture_output=True, text=True).stdout
    syms = []
    for line in out.splitlines():
        parts = line.split(None, 3)
        if len(parts) == 4 and parts[2] in "tTwW":
            start = int(parts[0], 16) & ~1
            syms.append((start, start + int(parts[1], 16), parts[3]))
    syms.sort()
    return syms


def fold(lines, syms):
    starts = [s[0] for s in syms]
    per = {}
    for line in lines:
        m = PROF.search(line)
        if not m:
            continue
        va, insns, cyc = int(m.group(1), 16), int(m.group(2)), int(m.group(3))
        i = bisect.bisect_right(starts, va) - 1
        name = syms[i][2] if i >= 0 and va < syms[i][1] else f"?0x{va:08x}"
        a = per.setdefault(name, [0, 0])
        a[0] += insns
        a[1] += cyc
    return per


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--plugin-log", required=True)
    ap.add_argument("--nm", default="arm-none-eabi-nm")
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args()
    with open(args.plugin_log, errors="replace") as f:
        lines = f.readlines()
    per = fold(lines, symbols(args.elf, args.nm))
    if not per:
        sys.exit("profile_report: no pqmcu-prof lines (was --profile given, and did the mark run?)")
    total = sum(v[1] for v in per.values())
    print(f"{'cycles':>12} {'%':>6} {'cum%':>6} {'insns':>12}  function")
    cum = 0
    for name, (insns, cyc) in sorted(per.items(), key=lambda kv: -kv[1][1])[:args.top]:
        cum += cyc
        print(f"{cyc:12d} {100 * cyc / total:6.2f} {100 * cum / total:6.2f} {insns:12d}  {name[:110]}")
    print(f"{total:12d} total ({len(per)} functions)")
    for line in lines:
        if "pqmcu-warning" in line:
            print(line.rstrip())


if __name__ == "__main__":
    main()
