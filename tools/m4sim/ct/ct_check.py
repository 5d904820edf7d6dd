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
CK_RE = re.compile(r"pqmcu-ct ck seq=(\d+) n=(\d+) digest=([0-9a-f]+) mdigest=([0-9a-f]+)")
DECL_RE = re.compile(r"pqmcu-ct declass seq=(\d+) n=(\d+)")
END_RE = re.compile(r"pqmcu-ct end seq=(\d+) n=(\d+) insns=(\d+) loads=(\d+) stores=(\d+) "
                    r"digest=([0-9a-f]+) mdigest=([0-9a-f]+)")


class Symbols:
    """Address -> "name+0xoff" from arm-none-eabi-nm (code and data)."""

    def __init__(self, nm, elf):
        out = subprocess.run([nm, "-n", "-C", "--defined-only", elf], check=True,
                             capture_output=True, text=True).stdout
        sized = subprocess.run([nm, "-S", "-C", "--defined-only", elf], check=True,
                               capture_output=True, text=True).stdout
        self.sized = []  # (name, address, size)
        for line in sized.splitlines():
            parts = line.split(None, 3)
            if len(parts) == 4:
                self.sized.append((parts[3], int(parts[0], 16), int(parts[1], 16)))
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

    def ranges(self, regex):
        """[(lo, hi, name)] of the sized symbols whose name matches regex."""
        return [(a, a + n, name) for name, a, n in self.sized if n and re.search(regex, name)]

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
                                    status=int(m.group(5)), declass=declass, ck={}, mck={}, declass_n=[], end=None)
    for m in CK_RE.finditer(plugin):
        r = runs.get(int(m.group(1)))
        if r is not None:
            r.ck[int(m.group(2))] = m.group(3)
            r.mck[int(m.group(2))] = m.group(4)
    for m in DECL_RE.finditer(plugin):
        r = runs.get(int(m.group(1)))
        if r is not None:
            r.declass_n.append(int(m.group(2)))
    for m in END_RE.finditer(plugin):
        r = runs.get(int(m.group(1)))
        if r is not None:
            r.end = SimpleNamespace(n=int(m.group(2)), insns=int(m.group(3)), loads=int(m.group(4)),
                                    stores=int(m.group(5)), digest=m.group(6), mdigest=m.group(7))
    return runs


def first_public_difference(a, b):
    """(k, event index) of the first published value that differs between the runs, or None."""
    for k in range(min(len(a.declass), len(b.declass), len(a.declass_n), len(b.declass_n))):
        if a.declass[k] == "more" or b.declass[k] == "more":
            return None  # beyond the firmware's log: no claim
        if a.declass[k] != b.declass[k]:
            return k, min(a.declass_n[k], b.declass_n[k])
    return None


def last_common_checkpoint(a, b, masked=False):
    ca, cb = (a.mck, b.mck) if masked else (a.ck, b.ck)
    lo = 0
    for n in sorted(set(ca) & set(cb)):
        if ca[n] != cb[n]:
            break
        lo = n
    return lo


def masked_event(ev, masks):
    if (ev >> 32) & 3:
        addr = ev & 0xFFFFFFFF
        for r, (lo, hi, _) in enumerate(masks):
            if lo <= addr < hi:
                return (ev & ~0xFFFFFFFF) | (0xFFFFFF00 + r)
    return ev


def read_dump(path):
    with open(path, "rb") as f:
        data = f.read()
    return [struct.unpack_from("<QQ", data, i) for i in range(0, len(data) - 15, 16)]


def locate(args, work, syms, a, b, lo, masks=None):
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
    key = (lambda ev: masked_event(ev, masks)) if masks else (lambda ev: ev)
    for i in range(min(len(ea), len(eb))):
        if key(ea[i][0]) != key(eb[i][0]):
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
    ap.add_argument("--public-tables", metavar="REGEX",
                    help="data symbols (tables) indexed by public data only: once a published value differs "
                         "between the runs, loads from them are compared without their address")
    ap.add_argument("--part-in", action="append", default=[], metavar="REGION=REGEX",
                    help="where a region's traces may part (beyond --public-tables) once a published value "
                         "differs: the first such difference must lie in a function matching REGEX")
    ap.add_argument("--locate-all", action="store_true",
                    help="also locate divergences that the digests already allow (one more run each)")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    syms = Symbols(args.nm, args.elf)
    differ_in = dict(x.split("=", 1) for x in args.differ_in)
    part_in = dict(x.split("=", 1) for x in args.part_in)
    masks = syms.ranges(args.public_tables) if args.public_tables else []
    if args.public_tables and not masks:
        raise SystemExit(f"ct_check: no symbol matches --public-tables {args.public_tables}")

    plugin_args = [f"begin=0x{syms.address('pqmcu_ct_region_begin'):x}",
                   f"end=0x{syms.address('pqmcu_ct_region_end'):x}", f"ck={CK_LOG2}"]
    if "pqmcu_ct_declassify" in syms.by_name:  # absent when no library code publishes anything
        plugin_args.append(f"declass=0x{syms.address('pqmcu_ct_declassify'):x}")
    plugin_args += [f"mask=0x{lo:x}:0x{hi:x}" for lo, hi, _ in masks]
    console, plugin, secs = run_firmware(args, args.work, plugin_args, "trace")
    print(f"ct_check: traced in {secs:.1f} s" +
          (f"; public tables: {', '.join(n for _, _, n in masks)}" if masks else ""))
    runs = parse(console, plugin)
    if "pqmcu-ct-fw done failures=0" not in console:
        raise SystemExit("ct_check: the firmware did not finish cleanly")
    seqs = sorted(runs)
    if not seqs or len(seqs) % 2 or seqs != list(range(len(seqs))):
        raise SystemExit(f"ct_check: expected pairs of runs, got seqs {seqs}")

    def where(a, b, idx, ea, eb, last):
        text = (f"first difference at event {idx} of {a.end.n} / {b.end.n}:\n"
                f"       run 0: {describe_event(*ea, syms) if ea else 'end of region'}\n"
                f"       run 1: {describe_event(*eb, syms) if eb else 'end of region'}")
        if last is not None:
            text += f"\n       after the common instruction {syms.describe(last)}"
        return text

    failures = 0
    for i in range(0, len(seqs), 2):
        a, b = runs[i], runs[i + 1]
        name = a.region
        if a.end is None or b.end is None or b.region != name or (a.run, b.run) != (0, 1):
            print(f"FAIL {name}: runs not paired (plugin and firmware disagree)")
            failures += 1
            continue
        stats = (f"{a.end.n} events: {a.end.insns} insns, {a.end.loads} loads, {a.end.stores} stores, "
                 f"{len(a.declass)} published values")
        if a.end.digest == b.end.digest and a.end.n == b.end.n:
            if a.expect == "same":
                print(f"ok   {name}: identical traces ({stats})")
            else:
                print(f"FAIL {name}: expected to differ, but the traces are identical ({stats})")
                failures += 1
            continue
        pub = first_public_difference(a, b)
        lo = last_common_checkpoint(a, b)
        after_pub = pub is not None and pub[1] <= lo
        if not after_pub or args.locate_all:
            idx, ea, eb, last = locate(args, args.work, syms, a, b, lo)
            fn = syms.name_of(ea[1]) if ea else "?"
            after_pub = pub is not None and idx >= pub[1]
            if not after_pub:
                # The runs part before any published value differs: a secret dependence.
                if a.expect == "differ":
                    rx = differ_in.get(name)
                    if rx is None or re.search(rx, fn):
                        print(f"ok   {name}: differs as expected (in {fn}); {where(a, b, idx, ea, eb, last)}")
                    else:
                        print(f"FAIL {name}: differs, but first in {fn}, not in /{rx}/; "
                              f"{where(a, b, idx, ea, eb, last)}")
                        failures += 1
                else:
                    print(f"FAIL {name}: SECRET-DEPENDENT TRACE before any published value differs; "
                          f"{where(a, b, idx, ea, eb, last)}")
                    failures += 1
                continue
            print(f"     {name}: full traces part after published value #{pub[0]} (event {pub[1]}); "
                  f"{where(a, b, idx, ea, eb, last)}")
        if a.expect == "differ":
            print(f"FAIL {name}: expected to differ before any published value, but parts only after "
                  f"published value #{pub[0]} (event {pub[1]})")
            failures += 1
            continue
        # From published value #k on, the code may depend on public values.
        head = f"identical up to published value #{pub[0]} (event {pub[1]} of {a.end.n} / {b.end.n})"
        if not masks:
            print(f"ok   {name}: {head}; not compared after it ({stats})")
            continue
        if a.end.mdigest == b.end.mdigest and a.end.n == b.end.n:
            print(f"ok   {name}: {head}, then identical apart from the addresses of public-table loads ({stats})")
            continue
        mlo = last_common_checkpoint(a, b, masked=True)
        idx, ea, eb, last = locate(args, args.work, syms, a, b, mlo, masks)
        fn = syms.name_of(ea[1]) if ea else "?"
        rx = part_in.get(name)
        if rx is not None and re.search(rx, fn):
            print(f"ok   {name}: {head}, then identical apart from public-table loads until {fn}, where the "
                  f"test allows them to part (/{rx}/: public data); {where(a, b, idx, ea, eb, last)}")
        else:
            print(f"FAIL {name}: {head}; beyond public-table loads the traces part in {fn}, which the test does "
                  f"not allow ({'/' + rx + '/' if rx else 'no --part-in'}); {where(a, b, idx, ea, eb, last)}")
            failures += 1
    print(f"ct_check: {len(seqs) // 2} regions, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
