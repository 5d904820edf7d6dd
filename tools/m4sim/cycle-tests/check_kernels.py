#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Run cycle-model kernels under QEMU with the pqmcu_m4cycles plugin and
compare the measured figures with the hand-computed ones.

Each kernel source (.S) holds lines
    @ expect NAME: insns=N cycles=C
in the order its kernels run. A kernel is bracketed by two calls of
pqmcu_bench_mark; the plugin prints a "pqmcu-mark" line at every call. The
difference between the two marks of a kernel includes, besides the kernel,
the mark function's `bx lr` (1 + refill 2: the kernel's first instruction is
16-bit or word aligned, the sources put `.balign 4` before the opening `bl`)
and the closing `bl` (1 + refill 2: its target `bx lr` is 16-bit), i.e.
MARK_INSNS instructions and MARK_CYCLES cycles, which are removed here.

The plugin is given the kernel's ELF file (elf=PATH) so that it decodes from
the program's own bytes; then no "pqmcu-warning" line may appear. With
--no-elf it decodes from QEMU's bytes and, when --expect-straddle-warning is
given, must report the page-straddling 32-bit instructions it met that way
(docs/cycle-model.md, "Code at the end of a 1 KiB page").

With --profile K the plugin also profiles the interval from mark K to mark
K+1 (profile=K): the per-block lines must sum exactly to that interval, and
the kernels' figures must not move.

Usage: check_kernels.py --plugin LIB.so [--qemu qemu-system-arm]
                        [--max-seconds S] [--no-elf [--expect-straddle-warning]]
                        [--profile K] KERNEL.elf KERNEL.S
"""
import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile
import time

MARK_INSNS = 2
MARK_CYCLES = (1 + 2) + (1 + 2)
MARK_SYMBOL = "pqmcu_bench_mark"

EXPECT_RE = re.compile(r"^\s*@\s*expect\s+([\w.-]+):\s*insns=(\d+)\s+cycles=(\d+)\s*$")
MARK_RE = re.compile(r"^pqmcu-mark seq=(\d+) insns=(\d+) cycles=(\d+)$")
PROF_RE = re.compile(r"^pqmcu-prof 0x([0-9a-f]+) insns=(\d+) cycles=(\d+)$")
TOTAL_RE = re.compile(r"^pqmcu-total insns=(\d+) cycles=(\d+)$")
WARNING_RE = re.compile(r"^pqmcu-warning ")
STRADDLE_RE = re.compile(r"^pqmcu-warning page-straddle=(\d+) ")


def plugin_arg(value):
    """A plugin argument value on QEMU's command line: ',' is written ',,'."""
    return value.replace(",", ",,")


def elf_symbol(path, name):
    """Value of a symbol in a little-endian ELF32 file (Thumb bit cleared)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 1 or data[5] != 1:
        raise SystemExit(f"{path}: not a little-endian ELF32 file")
    shoff, = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x2E)
    sections = [struct.unpack_from("<IIIIIIIIII", data, shoff + i * shentsize) for i in range(shnum)]
    for sh in sections:
        if sh[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[sh[6]]
        str_off = strtab[4]
        for off in range(sh[4], sh[4] + sh[5], 16):
            st_name, st_value = struct.unpack_from("<II", data, off)
            end = data.index(b"\0", str_off + st_name)
            if data[str_off + st_name:end].decode() == name:
                return st_value & ~1
    raise SystemExit(f"{path}: symbol {name} not found")


def read_expectations(src):
    out = []
    with open(src, encoding="utf-8") as f:
        for line in f:
            m = EXPECT_RE.match(line)
            if m:
                out.append((m.group(1), int(m.group(2)), int(m.group(3))))
    if not out:
        raise SystemExit(f"{src}: no '@ expect' lines")
    return out


def run_qemu(qemu, plugin, elf, mark, timeout, give_elf=True, profile=None):
    with tempfile.TemporaryDirectory(prefix="pqmcu-cyc-") as tmp:
        log = os.path.join(tmp, "plugin.log")
        plugin_spec = f"{plugin},mark=0x{mark:x}"
        if profile is not None:
            plugin_spec += f",profile={profile}"
        if give_elf:
            plugin_spec += f",elf={plugin_arg(os.path.abspath(elf))}"
        cmd = [qemu, "-M", "mps2-an386", "-display", "none", "-monitor", "none",
               "-semihosting-config", "enable=on,target=native", "-no-reboot",
               "-icount", "shift=0", "-kernel", elf,
               "-plugin", plugin_spec, "-d", "plugin", "-D", log]
        t0 = time.monotonic()
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=timeout, check=False)
        elapsed = time.monotonic() - t0
        text = open(log, encoding="utf-8").read() if os.path.exists(log) else ""
    return proc.returncode, proc.stdout.decode(errors="replace"), text, elapsed, cmd


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plugin", required=True)
    ap.add_argument("--qemu", default="qemu-system-arm")
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--max-seconds", type=float, default=None,
                    help="fail if one QEMU run takes longer than this")
    ap.add_argument("--no-elf", action="store_true",
                    help="do not pass elf= to the plugin (decode from QEMU's bytes)")
    ap.add_argument("--expect-straddle-warning", action="store_true",
                    help="with --no-elf: require the plugin's page-straddle warning")
    ap.add_argument("--profile", type=int, metavar="K",
                    help="also profile mark K .. K+1 and check that the profile sums to it")
    ap.add_argument("elf")
    ap.add_argument("src")
    args = ap.parse_args()
    if args.expect_straddle_warning and not args.no_elf:
        ap.error("--expect-straddle-warning needs --no-elf")
    give_elf = not args.no_elf

    expect = read_expectations(args.src)
    mark = elf_symbol(args.elf, MARK_SYMBOL)
    failures = []

    rc, out, log, elapsed, cmd = run_qemu(args.qemu, args.plugin, args.elf, mark, args.timeout, give_elf,
                                          args.profile)
    if rc != 0:
        print(" ".join(cmd))
        print(out)
        raise SystemExit(f"FAIL: QEMU exit status {rc}")
    marks, total, warnings, straddles, prof = [], None, [], None, []
    for line in log.splitlines():
        m = PROF_RE.match(line)
        if m:
            prof.append((int(m.group(1), 16), int(m.group(2)), int(m.group(3))))
            continue
        if WARNING_RE.match(line):
            warnings.append(line)
            m = STRADDLE_RE.match(line)
            if m:
                straddles = int(m.group(1))
            continue
        m = MARK_RE.match(line)
        if m:
            marks.append(tuple(int(g) for g in m.groups()))
            continue
        m = TOTAL_RE.match(line)
        if m:
            total = (int(m.group(1)), int(m.group(2)))

    # the mark lines themselves: consecutive sequence numbers, non-decreasing counts
    if [m[0] for m in marks] != list(range(len(marks))):
        failures.append(f"mark sequence numbers are not 0..{len(marks) - 1}")
    if any(b[1] <= a[1] or b[2] < a[2] for a, b in zip(marks, marks[1:])):
        failures.append("mark counts are not increasing")
    if len(marks) != 2 * len(expect):
        failures.append(f"{len(marks)} mark lines for {len(expect)} kernels (expected {2 * len(expect)})")
    if total is None:
        failures.append("no pqmcu-total line")
    elif marks and (total[0] <= marks[-1][1] or total[1] <= marks[-1][2]):
        failures.append("pqmcu-total does not exceed the last mark")

    if args.profile is not None:
        k = args.profile
        if k + 1 >= len(marks):
            failures.append(f"--profile {k}: the kernel has no marks {k} and {k + 1}")
        else:
            want = (marks[k + 1][1] - marks[k][1], marks[k + 1][2] - marks[k][2])
            got = (sum(p[1] for p in prof), sum(p[2] for p in prof))
            print(f"  profile of marks {k}..{k + 1}: {len(prof)} blocks, insns {got[0]} cycles {got[1]} "
                  f"(marks: {want[0]} / {want[1]})")
            if got != want:
                failures.append(f"profile sums to insns {got[0]} cycles {got[1]}, the marks to {want[0]} / {want[1]}")
            if len(prof) < 2:
                failures.append("profile has fewer than 2 blocks (the kernel's own block is missing)")

    if give_elf and warnings:
        failures.append("plugin warnings with elf=: " + " | ".join(warnings))
    if args.expect_straddle_warning and not straddles:
        failures.append("no 'pqmcu-warning page-straddle=N' line (N > 0) without elf=")

    print(f"{os.path.basename(args.elf)}: {elapsed:.2f} s in QEMU, mark at 0x{mark:x}, "
          f"{'elf= given' if give_elf else 'no elf='}")
    for w in warnings:
        print(f"  {w}")
    print(f"  {'kernel':24} {'insns':>12} {'expected':>12} {'cycles':>12} {'expected':>12}")
    for i, (name, e_insns, e_cycles) in enumerate(expect):
        if 2 * i + 1 >= len(marks):
            failures.append(f"{name}: no marks")
            continue
        a, b = marks[2 * i], marks[2 * i + 1]
        insns = b[1] - a[1] - MARK_INSNS
        cycles = b[2] - a[2] - MARK_CYCLES
        ok = insns == e_insns and cycles == e_cycles
        print(f"  {name:24} {insns:12} {e_insns:12} {cycles:12} {e_cycles:12}  {'ok' if ok else 'MISMATCH'}")
        if not ok:
            failures.append(f"{name}: insns {insns} (expected {e_insns}), cycles {cycles} (expected {e_cycles})")

    # determinism under -icount shift=0: a second run prints the same lines
    rc2, _, log2, _, _ = run_qemu(args.qemu, args.plugin, args.elf, mark, args.timeout, give_elf, args.profile)
    if rc2 != 0 or log2 != log:
        failures.append("second run differs from the first (not deterministic)")

    if args.max_seconds is not None and elapsed > args.max_seconds:
        failures.append(f"QEMU run took {elapsed:.1f} s (limit {args.max_seconds} s)")

    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
