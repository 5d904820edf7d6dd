#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Classic McEliece encapsulation / decapsulation on the emulated M4 beside
the CHES 2021 Cortex-M4 figures (Chen & Chou; shared/anchors/mceliece-cm4-published.csv).

Every set is its own benchmark firmware (its public key is in flash), so this
joins several runs: --run <log> <plugin-log> per firmware (bench/m4/main.cpp
with bench/m4/mceliece_ops.cpp; tools/m4sim/bench_table.py's formats).

Columns: emulated cycles (the plugin's Cortex-M4 model, an estimate) beside
CHES's STM32L4R5 cycles at 16 MHz (zero flash wait states: the fairest
comparison with a wait-state-free emulator), ratio ours / theirs; total RAM =
our stack peak + the operation's workspace (EncapsWorkspace / DecapsWorkspace)
beside CHES's stack (their code keeps every buffer on the stack; neither
counts the caller's pk / sk / ct / ss). CHES publishes cycles for the f sets
only; the non-f sets run the same encapsulation and decapsulation code
(their README), so the f set's figures are shown for them too, marked (=f).
Target (issue 14): cycles <= 0.8x and RAM <= 1.0x CHES for every f set.
Rows per set: encaps (count 0 of the KAT), encapsmean (the mean of 16
encapsulations continuing count 0's random stream, "runs=" in the log: the
cycles are divided by it), decaps, rng (one FixedWeight draw from the NIST
CTR-DRBG, which the encapsulation rows do not include).
"""
import argparse
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_table  # noqa: E402

SETS = ["mceliece348864", "mceliece348864f", "mceliece460896", "mceliece460896f", "mceliece6688128",
        "mceliece6688128f", "mceliece6960119", "mceliece6960119f", "mceliece8192128", "mceliece8192128f"]


def load_anchors(directory):
    out = {}
    for r in bench_table.read_anchor_csv(directory, "mceliece-cm4-published.csv"):
        out[r["set"]] = r
    return out


def anchor(anchors, s, op):
    """(cycles, stack, mark) for set s and op 'encaps' / 'decaps'."""
    r = anchors.get(s)
    if not r:
        return None, None, ""
    if op == "encapsmean":  # the mean of several encapsulations: CHES's encapsulation figures
        op = "encaps"
    if op not in ("encaps", "decaps"):
        return None, None, ""
    stack = int(r[f"{op}_stack"]) if r.get(f"{op}_stack") else None
    cyc = r.get(f"{op}_cycles_16mhz")
    mark = ""
    if not cyc and not s.endswith("f") and s + "f" in anchors:
        cyc, mark = anchors[s + "f"].get(f"{op}_cycles_16mhz"), "(=f)"
    return (int(cyc) if cyc else None), stack, mark


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", nargs=2, action="append", metavar=("LOG", "PLUGIN_LOG"), required=True)
    ap.add_argument("--anchors", help="shared/anchors directory")
    ap.add_argument("--csv", help="write the table as CSV here")
    args = ap.parse_args()
    anchors = load_anchors(args.anchors) if args.anchors else {}

    rows = []
    for log, plog in args.run:
        ops = bench_table.parse_log(log)
        marks, _ = bench_table.parse_plugin_log(plog)
        for op in ops:
            a, b = marks.get(2 * op["index"]), marks.get(2 * op["index"] + 1)
            runs = max(1, int(op["info"].get("runs", "1") or 1))  # a mean over runs operations
            cyc = (b[1] - a[1]) // runs if a and b else None
            ins = (b[0] - a[0]) // runs if a and b else None
            fam, _, name = op["name"].partition("/")
            if fam != "mceliece":
                continue
            s, _, kind = name.rpartition("_")
            rows.append({"set": s, "op": kind, "instructions": ins, "cycles_emulated": cyc,
                         "stack_bytes": op["stack"], "workspace_bytes": op["ws"],
                         "total_ram_bytes": op["stack"] + op["ws"]})
    rows.sort(key=lambda r: (SETS.index(r["set"]) if r["set"] in SETS else 99,
                             ["encaps", "encapsmean", "decaps"].index(r["op"]) if r["op"] in
                             ("encaps", "encapsmean", "decaps") else 3))
    table = []
    for r in rows:
        cyc, stack, mark = anchor(anchors, r["set"], r["op"])
        r["ches_cycles_16mhz"], r["ches_stack_bytes"] = cyc, stack
        r["ratio_cycles"] = round(r["cycles_emulated"] / cyc, 3) if cyc and r["cycles_emulated"] else None
        r["ratio_ram"] = round(r["total_ram_bytes"] / stack, 3) if stack else None
        target = r["set"].endswith("f")
        r["meets_target"] = "" if not target or r["ratio_cycles"] is None or r["ratio_ram"] is None else (
            "yes" if r["ratio_cycles"] <= 0.8 and r["ratio_ram"] <= 1.0 else "no")
        table.append([r["set"], r["op"], bench_table.fmt_int(r["instructions"]),
                      bench_table.fmt_int(r["cycles_emulated"]), (bench_table.fmt_int(cyc) + mark) if cyc else "-",
                      "-" if r["ratio_cycles"] is None else f"{r['ratio_cycles']:.2f}",
                      bench_table.fmt_int(r["stack_bytes"]), bench_table.fmt_int(r["workspace_bytes"]),
                      bench_table.fmt_int(r["total_ram_bytes"]), bench_table.fmt_int(stack),
                      "-" if r["ratio_ram"] is None else f"{r['ratio_ram']:.2f}", r["meets_target"] or "-"])
    print("Classic McEliece on the emulated M4 (pk read from flash) beside CHES 2021 (STM32L4R5, 16 MHz)")
    bench_table.print_table(["set", "op", "instructions", "cycles (emulated est.)", "CHES cycles", "ratio",
                             "stack B", "workspace B", "total RAM B", "CHES stack B", "ratio",
                             "target (f: <=0.8x cyc, <=1x RAM)"], table, left=2)
    if args.csv:
        bench_table.write_csv(args.csv, ["set", "op", "instructions", "cycles_emulated", "ches_cycles_16mhz",
                                         "ratio_cycles", "stack_bytes", "workspace_bytes", "total_ram_bytes",
                                         "ches_stack_bytes", "ratio_ram", "meets_target"], rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
