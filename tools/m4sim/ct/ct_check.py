#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Constant-time check of Cortex-M4 firmware on QEMU mps2-an386 (docs/ct-m4.md).

The firmware (tests/m4/ct) runs every operation twice, with the same public
inputs and different secrets, between pqmcu_ct_region_begin and
pqmcu_ct_region_end, and prints one "pqmcu-ct-fw seq=K region=NAME run=R
expect=same|differ status=S declass=H:N,..." line per run. The plugin
(tools/m4sim/ct/m4ct.c) digests each region's executed instruction addresses
and load/store addresses. For each pair of runs:

  same digests                      pass (expect=same); fail (expect=differ)
  traces part after a published     pass: from there the code may depend on
  value that differs between runs   that public value (ct_unpoison in the
                                    library, e.g. a commitment, the retry bit);
                                    the report says how much was compared
  traces part before that           a secret dependence: fail (expect=same);
                                    for expect=differ, pass when the first
                                    differing instruction lies in a function
                                    matching --differ-in REGION=REGEX

On a divergence the firmware is run again with the plugin dumping the
checkpoint window where the digests part, and the first differing event is
printed with its symbols (arm-none-eabi-nm on the ELF).
Exit status: 0 when every pair is as expected, 1 otherwise.
"""
import argparse
import bisect
import os
import re
import struct
import subprocess
import sys
import time
from types import SimpleNamespace

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import m4run  # noqa: E402  (the QEMU command line shared with the other M4 tools)

CK_LOG2 = 16
FW_RE = re.compile(r"pqmcu-ct-fw seq=(\d+) region=(\S+) run=(\d) expect=(same|differ) status=(\d+) declass=(\S*)")
CK_RE = re.compile(r"pqmcu-ct ck seq=(\d+) n=(\d+) digest=([0-9a-f]+)")
DECL_RE = re.compile(r"pqmcu-ct declass seq=(\d+) n=(\d+)")
END_RE = re.compile(r"pqmcu-ct end seq=(\d+) n=(\d+) insns=(\d+) loads=(\d+) stores=(\d+) digest=([0-9a-f]+)")


class Symbols:
    """Address -> "name+0xoff" from arm-none-eabi-nm (code and data)."""

    def __init__(self, nm, elf):
        out = subprocess.run([nm, "-n", "-C", "--defined-only", elf], check=True,
                             capture_output=True, text=True).stdout
        self.addrs, self.names, self.by_name = [], [], {}
        for line in out.splitlines():
            parts = line.split(None, 2)
            if len(parts) != 3 or parts[1] in "aAnNuU":
                continue
            addr = int(parts[0], 16)
            if parts[1] in "tTwW":
                addr &= ~1
            self.by_name.setdefault(parts[2], addr)
            if parts[2].startswith("$") or parts[2].startswith(".L"):
                continue
            if self.addrs and self.addrs[-1] == addr:  # aliases: prefer a program's name to a linker one
                if parts[2].startswith("__"):
                    continue
                if self.names[-1].startswith("__"):
                    self.names[-1] = parts[2]
                    continue
            self.addrs.append(addr)
            self.names.append(parts[2])

    def address(self, name):
        if name not in self.by_name:
            raise SystemExit(f"ct_check: symbol {name} not found in the firmware")
        return self.by_name[name]

    def name_of(self, addr):
        i = bisect.bisect_right(self.addrs, addr) - 1
        return self.names[i] if i >= 0 else "?"

    def describe(self, addr):
        i = bisect.bisect_right(self.addrs, addr) - 1
        if i < 0:
            return f"0x{addr:08x}"
        return f"0x{addr:08x} <{self.names[i]}+0x{addr - self.addrs[i]:x}>"


def describe_event(ev, pc, syms):
    kind = (ev >> 32) & 3
    addr = ev & 0xFFFFFFFF
    if kind == 0:
        return f"instruction {syms.describe(addr)}"
    size = 1 << ((ev >> 34) & 0xF)
    what = "load" if kind == 1 else "store"
    return f"{what} of {size} B at {syms.describe(addr)} by instruction {syms.describe(pc)}"


def run_firmware(args, work, plugin_args, tag):
    """One QEMU run with the plugin; returns (console text, plugin log text, seconds)."""
    log = os.path.join(work, f"{tag}.plugin.log")
    if os.path.exists(log):
        os.remove(log)
    ns = SimpleNamespace(qemu=args.qemu, elf=args.elf, uart_input=None, plugin=None, qemu_args=[])
    cmd = m4run.qemu_command(ns)
    cmd += ["-plugin", args.plugin + "," + ",".join(m4run.plugin_arg(a) for a in plugin_args),
            "-d", "plugin", "-D", log]
    t0 = time.monotonic()
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=args.timeout)
    except subprocess.TimeoutExpired:
        raise SystemExit(f"ct_check: TIMEOUT: firmware ran longer than {args.timeout} s")
    secs = time.monotonic() - t0
    console = proc.stdout.decode(errors="replace")
    with open(os.path.join(work, f"{tag}.console.log"), "w") as f:
        f.write(console)
    if proc.returncode != 0:
        sys.stdout.write(console)
        sys.stderr.write(proc.stderr.decode(errors="replace"))
        name = m4run.EXIT_NAMES.get(proc.returncode, "firmware exit code")
        raise SystemExit(f"ct_check: firmware exit code {proc.returncode} ({name}); an operation failed")
    with open(log) as f:
        plugin = f.read()
    return console, plugin, secs


def parse(console, plugin):
    runs = {}
    for m in FW_RE.finditer(console):
        seq = int(m.group(1))
        declass = [d for d in m.group(6).split(",") if d]
        runs[seq] = SimpleNamespace(seq=seq, region=m.group(2), run=int(m.group(3)), expect=m.group(4),
                                    status=int(m.group(5)), declass=declass, ck={}, declass_n=[], end=None)
    for m in CK_RE.finditer(plugin):
        r = runs.get(int(m.group(1)))
        if r is not None:
            r.ck[int(m.group(2))] = m.group(3)
    for m in DECL_RE.finditer(plugin):
        r = runs.get(int(m.group(1)))
        if r is not None:
            r.declass_n.append(int(m.group(2)))
    for m in END_RE.finditer(plugin):
        r = runs.get(int(m.group(1)))
        if r is not None:
            r.end = SimpleNamespace(n=int(m.group(2)), insns=int(m.group(3)), loads=int(m.group(4)),
                                    stores=int(m.group(5)), digest=m.group(6))
    return runs


def first_public_difference(a, b):
    """(k, event index) of the first published value that differs between the runs, or None."""
    for k in range(min(len(a.declass), len(b.declass), len(a.declass_n), len(b.declass_n))):
        if a.declass[k] == "more" or b.declass[k] == "more":
            return None  # beyond the firmware's log: no claim
        if a.declass[k] != b.declass[k]:
            return k, min(a.declass_n[k], b.declass_n[k])
    return None


def last_common_checkpoint(a, b):
    lo = 0
    for n in sorted(set(a.ck) & set(b.ck)):
        if a.ck[n] != b.ck[n]:
            break
        lo = n
    return lo


def read_dump(path):
    with open(path, "rb") as f:
        data = f.read()
    return [struct.unpack_from("<QQ", data, i) for i in range(0, len(data) - 15, 16)]


def locate(args, work, syms, a, b, lo):
    """Rerun with the window [lo, lo + 2^ck) dumped for both runs: (index, text)."""
    count = 1 << CK_LOG2
    prefix = os.path.join(work, f"dump_{a.seq}")
    base = [f"begin=0x{syms.address('pqmcu_ct_region_begin'):x}",
            f"end=0x{syms.address('pqmcu_ct_region_end'):x}", f"ck={CK_LOG2}",
            f"dump={prefix}", f"dump_seq={a.seq}", f"dump_seq={b.seq}", f"dump_from={lo}", f"dump_count={count}"]
    run_firmware(args, work, base, f"locate_{a.seq}")
    ea = read_dump(f"{prefix}.{a.seq}.bin")
    eb = read_dump(f"{prefix}.{b.seq}.bin")
    last_insn = None  # the last instruction both runs executed (a branch, when control flow parts)
    for i in range(min(len(ea), len(eb))):
        if ea[i][0] != eb[i][0]:
            return lo + i, ea[i], eb[i], last_insn
        if (ea[i][0] >> 32) & 3 == 0:
            last_insn = ea[i][1]
    i = min(len(ea), len(eb))
    return lo + i, ea[i] if i < len(ea) else None, eb[i] if i < len(eb) else None, last_insn


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("elf")
    ap.add_argument("--plugin", required=True, help="libpqmcu_m4ct.so")
    ap.add_argument("--qemu", default="qemu-system-arm")
    ap.add_argument("--nm", default="arm-none-eabi-nm")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per QEMU run")
    ap.add_argument("--work", default=".", help="directory for logs and dumps")
    ap.add_argument("--differ-in", action="append", default=[], metavar="REGION=REGEX",
                    help="an expect=differ region whose first difference must lie in a function matching REGEX")
    ap.add_argument("--allow-after", action="append", default=[], metavar="REGION=REGEX",
                    help="an expect=same region may also part in a function matching REGEX (documented "
                         "non-constant-time code, e.g. a hardware engine model)")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    syms = Symbols(args.nm, args.elf)
    differ_in = dict(s.split("=", 1) for s in args.differ_in)
    allow_in = dict(s.split("=", 1) for s in args.allow_after)

    plugin_args = [f"begin=0x{syms.address('pqmcu_ct_region_begin'):x}",
                   f"end=0x{syms.address('pqmcu_ct_region_end'):x}", f"ck={CK_LOG2}"]
    if "pqmcu_ct_declassify" in syms.by_name:  # absent when no library code publishes anything
        plugin_args.append(f"declass=0x{syms.address('pqmcu_ct_declassify'):x}")
    console, plugin, secs = run_firmware(args, args.work, plugin_args, "trace")
    print(f"ct_check: traced in {secs:.1f} s")
    runs = parse(console, plugin)
    if "pqmcu-ct-fw done failures=0" not in console:
        raise SystemExit("ct_check: the firmware did not finish cleanly")
    seqs = sorted(runs)
    if not seqs or len(seqs) % 2 or seqs != list(range(len(seqs))):
        raise SystemExit(f"ct_check: expected pairs of runs, got seqs {seqs}")

    failures = 0
    for i in range(0, len(seqs), 2):
        a, b = runs[i], runs[i + 1]
        name = a.region
        if a.end is None or b.end is None or b.region != name or (a.run, b.run) != (0, 1):
            print(f"FAIL {name}: runs not paired (plugin and firmware disagree)")
            failures += 1
            continue
        stats = f"{a.end.n} events: {a.end.insns} insns, {a.end.loads} loads, {a.end.stores} stores"
        if a.end.digest == b.end.digest and a.end.n == b.end.n:
            if a.expect == "same":
                print(f"ok   {name}: identical traces ({stats}, {len(a.declass)} published values)")
            else:
                print(f"FAIL {name}: expected to differ, but the traces are identical ({stats})")
                failures += 1
            continue
        lo = last_common_checkpoint(a, b)
        pub = first_public_difference(a, b)
        if pub is not None and pub[1] <= lo and a.expect == "same":
            print(f"ok   {name}: identical for the first {lo} events (at least) of {a.end.n} / {b.end.n}; "
                  f"they part after published value #{pub[0]} (event {pub[1]}), which differs between the "
                  f"runs: the rest may depend on it")
            continue
        idx, ea, eb, last = locate(args, args.work, syms, a, b, lo)
        where_a = describe_event(*ea, syms) if ea else "end of region"
        where_b = describe_event(*eb, syms) if eb else "end of region"
        fn = syms.name_of(ea[1]) if ea else "?"
        detail = (f"first difference at event {idx} of {a.end.n} / {b.end.n}:\n"
                  f"       run 0: {where_a}\n       run 1: {where_b}")
        if last is not None:
            detail += f"\n       after the common instruction {syms.describe(last)}"
        if pub is not None and idx >= pub[1]:
            verdict = "ok  " if a.expect == "same" else "FAIL"
            print(f"{verdict} {name}: traces part after published value #{pub[0]} (event {pub[1]}), which "
                  f"differs between the runs; {detail}")
            failures += a.expect != "same"
            continue
        if a.expect == "differ":
            rx = differ_in.get(name)
            if rx is None or re.search(rx, fn):
                print(f"ok   {name}: differs as expected (in {fn}); {detail}")
            else:
                print(f"FAIL {name}: differs, but first in {fn}, not in /{rx}/; {detail}")
                failures += 1
            continue
        rx = allow_in.get(name)
        if rx is not None and re.search(rx, fn):
            print(f"ok   {name}: differs first in {fn}, documented as allowed (/{rx}/); {detail}")
            continue
        print(f"FAIL {name}: SECRET-DEPENDENT TRACE before any differing published value; {detail}")
        failures += 1
    print(f"ct_check: {len(seqs) // 2} regions, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
