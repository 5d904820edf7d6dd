#!/usr/bin/env python3
"""Per-operation table of the M4 benchmark firmware (bench/m4).

Joins three sources:
  --log         firmware console: "pqmcu-op <i> <group>/<name> stack=<B> ramtag=<tag>"
  --plugin-log  QEMU plugin: "pqmcu-mark seq=<k> insns=<n> cycles=<n>" (cumulative);
                op i spans marks 2i and 2i+1. Optional: without it the
                instruction and cycle columns stay empty.
  --map         GNU ld map file: RAM tables and static data per input section.

What is counted:
  instructions, cycles  difference between mark 2i+1 and mark 2i: the op's run()
                        plus the call/return of run() and of the mark itself
                        (the "baseline/empty" row shows that overhead).
                        Cycles are the plugin's Cortex-M4 timing model: an
                        emulated estimate, not a board measurement.
  stack B               peak stack of run() measured by painting (exact to 4 B).
  static RAM B          sizes of the input sections .pqmcu_ram.<tag>* for the
                        op's ram_tag (several tags joined by '+'), plus the
                        .data/.bss/COMMON input sections of the library's own
                        archives (libpqmcu_*.a except the M4 platform, test and
                        vector archives). Not counted: the platform, the
                        benchmark harness and ops_*.cpp buffers (inputs and
                        outputs the caller provides), newlib/libgcc.
  total RAM B           stack + static RAM.
Also prints the ELF's flash (text + rodata + exidx + data image) and RAM
(.data + .bss) totals.
"""
import argparse
import csv
import os
import re
import struct
import sys

HARNESS_ARCHIVES = re.compile(r"libpqmcu_(m4_\w*|test\w*|suites|vectors)\.a$")
LIB_ARCHIVE = re.compile(r"(?:^|/)(libpqmcu_\w+\.a)\((.+)\)$")


# ---------------------------------------------------------------- inputs
def parse_log(path):
    ops = []
    pat = re.compile(r"pqmcu-op (\d+) (.+?) stack=(\d+) ramtag=(\S+)")
    with open(path, errors="replace") as f:
        for line in f:
            m = pat.search(line)
            if m:
                ops.append({"index": int(m.group(1)), "name": m.group(2),
                            "stack": int(m.group(3)),
                            "ramtag": None if m.group(4) == "-" else m.group(4)})
    return ops


def parse_plugin_log(path, warnings=None):
    """Marks and total; plugin warning lines are appended to `warnings`."""
    marks, total = {}, None
    if not path or not os.path.exists(path):
        return marks, total
    mark = re.compile(r"pqmcu-mark seq=(\d+) insns=(\d+) cycles=(\d+)")
    tot = re.compile(r"pqmcu-total insns=(\d+) cycles=(\d+)")
    with open(path, errors="replace") as f:
        for line in f:
            m = mark.search(line)
            if m:
                marks[int(m.group(1))] = (int(m.group(2)), int(m.group(3)))
                continue
            m = tot.search(line)
            if m:
                total = (int(m.group(1)), int(m.group(2)))
                continue
            if warnings is not None and line.startswith("pqmcu-warning "):
                warnings.append(line.rstrip("\n"))
    return marks, total


def parse_map(path):
    """Input sections of the memory map: list of (section, output, size, file)."""
    out, sections = None, []
    pending = None
    started = False
    one_line = re.compile(r"^ (\S+)\s+0x([0-9a-fA-F]+)\s+0x([0-9a-fA-F]+)\s+(\S.*)$")
    addr_line = re.compile(r"^\s+0x([0-9a-fA-F]+)\s+0x([0-9a-fA-F]+)\s+(\S.*)$")
    out_line = re.compile(r"^(\.\S+|COMMON)(\s|$)")
    with open(path, errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            if not started:
                started = line.startswith("Linker script and memory map")
                continue
            if pending is not None:
                m = addr_line.match(line)
                if m:
                    sections.append((pending, out, int(m.group(2), 16), m.group(3).strip()))
                pending = None
                continue
            if out_line.match(line):
                out = line.split()[0]
                continue
            if line.startswith(" *") or not line.startswith(" ") or line.startswith("  "):
                continue
            m = one_line.match(line)
            if m:
                sections.append((m.group(1), out, int(m.group(3), 16), m.group(4).strip()))
            elif re.match(r"^ \S+$", line):
                pending = line.strip()
    return sections


def elf_sections(path):
    """(name, type, flags, size) of every section of a 32-bit little-endian ELF."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 1:
        raise SystemExit(f"{path}: not a 32-bit ELF")
    shoff, = struct.unpack_from("<I", data, 0x20)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x2E)
    hdrs = [struct.unpack_from("<IIIIIIIIII", data, shoff + i * shentsize) for i in range(shnum)]
    strtab = hdrs[shstrndx]
    names = data[strtab[4]:strtab[4] + strtab[5]]
    result = []
    for h in hdrs:
        name = names[h[0]:names.index(b"\0", h[0])].decode()
        result.append((name, h[1], h[2], h[5]))
    return result


def memory_totals(elf):
    SHT_NOBITS, SHF_WRITE, SHF_ALLOC, SHF_EXEC = 8, 1, 2, 4
    t = {"text": 0, "rodata": 0, "data": 0, "bss": 0, "stack": 0}
    for name, typ, flags, size in elf_sections(elf):
        if not flags & SHF_ALLOC:
            continue
        if name == ".stack":
            t["stack"] += size
        elif typ == SHT_NOBITS:
            t["bss"] += size
        elif flags & SHF_WRITE:
            t["data"] += size
        elif flags & SHF_EXEC:
            t["text"] += size
        else:
            t["rodata"] += size
    t["flash"] = t["text"] + t["rodata"] + t["data"]
    t["ram"] = t["data"] + t["bss"]
    return t


# ---------------------------------------------------------------- RAM accounting
def is_library_object(file):
    m = LIB_ARCHIVE.search(file)
    return bool(m) and not HARNESS_ARCHIVES.search(m.group(1))


def ram_accounting(sections):
    tags = {}       # input section name -> size
    library = 0
    harness = 0
    for name, out, size, file in sections:
        if size == 0:
            continue
        if name.startswith(".pqmcu_ram"):
            tags[name] = tags.get(name, 0) + size
        elif out in (".data", ".bss") or name.startswith((".data", ".bss")) or name == "COMMON":
            if is_library_object(file):
                library += size
            else:
                harness += size
    return tags, library, harness


def tag_bytes(tag, tags):
    if not tag:
        return 0
    total = 0
    for t in tag.split("+"):
        prefix = ".pqmcu_ram." + t
        total += sum(size for name, size in tags.items() if name.startswith(prefix))
    return total


# ---------------------------------------------------------------- anchors
def load_rijndael_anchors(directory):
    path = os.path.join(directory, "mqom-paper-rijndael.csv")
    if not os.path.exists(path):
        return {}
    rows = {}
    with open(path) as f:
        lines = [l for l in f if not l.startswith("#")]
    for r in csv.DictReader(lines):
        for col in ("bitslice_keysched", "bitslice_enc", "table_keysched", "table_enc", "hardware_total"):
            if r.get(col):
                rows[(r["cipher"], r["variant"], col)] = float(r[col])
    return rows


def anchor_key(opname):
    """Maps an op name such as 'cipher/aes128-bitsliced-x4-keysched' to a paper row."""
    n = opname.split("/", 1)[-1].lower().replace("_", "-")
    if re.search(r"aes-?128", n):
        cipher = "aes128"
    elif re.search(r"rijndael-?256", n):
        cipher = "rijndael256"
    else:
        return None
    if "bitslice" in n or re.search(r"\bbs\b", n):
        impl = "bitslice"
    elif "table" in n:
        impl = "table"
    elif "hardware" in n or re.search(r"\bhw\b", n):
        impl = "hardware"
    else:
        return None
    m = re.search(r"\bx([124])\b", n)
    variant = "x" + (m.group(1) if m else "1")
    if "amortized" in n:
        variant += "-amortized"
    if impl == "hardware":
        return (cipher, variant, "hardware_total")
    part = "keysched" if re.search(r"keysched|key-?sched|key-?schedule|expand", n) else "enc"
    return (cipher, variant, f"{impl}_{part}")


def load_scheme_anchors(directory):
    """Published / paper-code cycles of the schemes, keyed like scheme_anchor_key().

    MAYO: pqm4's m4f code on the Nucleo-L4R5ZI (mayo-published.csv, round 2).
    MQOM: the embedded paper's code run on this same emulator and cycle model
    (mqom-paper-code-emulated.csv): its 'ref' profile beside our Desktop rows,
    its 'bal' / 'mem' profiles beside our _balanced (and _compact) / _memory
    rows; sign is its grinding-adjusted
    figure, as the paper reports it."""
    rows = {}
    path = os.path.join(directory, "mayo-published.csv")
    if os.path.exists(path):
        with open(path) as f:
            for r in csv.DictReader(l for l in f if not l.startswith("#")):
                if r["round"] == "2" and r["impl"] == "pqm4-m4f":
                    for op in ("keygen", "sign", "verify"):
                        rows[("mayo", r["set"], op)] = (float(r[op + "_cycles"]), "pqm4-m4f " + r["set"])
    path = os.path.join(directory, "mqom-paper-code-emulated.csv")
    if os.path.exists(path):
        with open(path) as f:
            for r in csv.DictReader(l for l in f if not l.startswith("#")):
                for op, col in (("keygen", "kgen_cyc"), ("sign", "sign_cyc_powadj"), ("verify", "verify_cyc")):
                    label = f"paper {r['instance']} {r['profile']}"
                    rows[("mqom", r["instance"], r["profile"], op)] = (float(r[col]), label)
    return rows


def scheme_anchor_key(opname):
    """'mayo/mayo1_sign' -> ('mayo', 'MAYO_1', 'sign');
    'mqom/cat1_gf16_fast_r5_memory_sign' -> ('mqom', 'L1-fast', 'mem', 'sign') (_balanced: 'bal')."""
    family, _, n = opname.partition("/")
    m = re.fullmatch(r"mayo(\d)_(keygen|sign|verify)", n)
    if family == "mayo" and m:
        return ("mayo", f"MAYO_{m.group(1)}", m.group(2))
    m = re.fullmatch(r"cat(\d)_gf16_(fast|short|faster)_r5(_compact|_balanced|_memory)?_(keygen|sign|verify)", n)
    if family == "mqom" and m:
        level = {"1": "L1", "3": "L3", "5": "L5"}[m.group(1)]
        prof = {None: "ref", "_compact": "bal", "_balanced": "bal", "_memory": "mem"}[m.group(3)]
        return ("mqom", f"{level}-{m.group(2)}", prof, m.group(4))
    return None


# ---------------------------------------------------------------- output
def fmt_int(v):
    return "-" if v is None else f"{v:,}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--map", required=True)
    ap.add_argument("--log", required=True, help="firmware console output (m4run.py --log)")
    ap.add_argument("--plugin-log", help="QEMU plugin output (m4run.py --plugin-log)")
    ap.add_argument("--csv", help="write the table as CSV here")
    ap.add_argument("--anchors", help="shared/anchors directory: adds the paper's figures")
    args = ap.parse_args()

    ops = parse_log(args.log)
    if not ops:
        sys.exit(f"bench_table: no 'pqmcu-op' lines in {args.log}")
    plugin_warnings = []
    marks, total = parse_plugin_log(args.plugin_log, plugin_warnings)
    tags, library_ram, harness_ram = ram_accounting(parse_map(args.map))
    mem = memory_totals(args.elf)
    anchors = load_rijndael_anchors(args.anchors) if args.anchors else {}
    scheme_anchors = load_scheme_anchors(args.anchors) if args.anchors else {}
    if args.plugin_log and not marks:
        print(f"bench_table: no marks in {args.plugin_log}; instruction/cycle columns empty", file=sys.stderr)

    rows = []
    for op in ops:
        k = op["index"]
        a, b = marks.get(2 * k), marks.get(2 * k + 1)
        insns = b[0] - a[0] if a and b else None
        cycles = b[1] - a[1] if a and b else None
        static = tag_bytes(op["ramtag"], tags) + library_ram
        row = {"index": k, "operation": op["name"], "instructions": insns, "cycles_emulated": cycles,
               "stack_bytes": op["stack"], "ram_tables_bytes": tag_bytes(op["ramtag"], tags),
               "static_ram_bytes": static, "total_ram_bytes": op["stack"] + static,
               "paper_cycles": None, "ratio_vs_paper": None, "paper_row": ""}
        key = anchor_key(op["name"]) if anchors else None
        skey = scheme_anchor_key(op["name"]) if scheme_anchors else None
        ref = None
        if key and key in anchors:
            ref = (anchors[key], "paper " + "/".join(key))
        elif skey and skey in scheme_anchors:
            ref = scheme_anchors[skey]
        if ref:
            row["paper_cycles"] = int(ref[0])
            row["paper_row"] = ref[1]
            if cycles is not None:
                row["ratio_vs_paper"] = round(cycles / ref[0], 3)
        rows.append(row)

    headers = ["operation", "instructions", "cycles (emulated est.)", "stack B", "static RAM B", "total RAM B"]
    show_anchor = any(r["paper_cycles"] is not None for r in rows)
    if show_anchor:
        headers += ["anchor cycles", "ratio", "anchor"]
    table = []
    for r in rows:
        cells = [r["operation"], fmt_int(r["instructions"]), fmt_int(r["cycles_emulated"]),
                 fmt_int(r["stack_bytes"]), fmt_int(r["static_ram_bytes"]), fmt_int(r["total_ram_bytes"])]
        if show_anchor:
            cells += [fmt_int(r["paper_cycles"]),
                      "-" if r["ratio_vs_paper"] is None else f"{r['ratio_vs_paper']:.2f}", r["paper_row"] or "-"]
        table.append(cells)
    widths = [max(len(h), *(len(c[i]) for c in table)) for i, h in enumerate(headers)]
    line = "  ".join(h.ljust(w) if i == 0 else h.rjust(w) for i, (h, w) in enumerate(zip(headers, widths)))
    print(line)
    print("-" * len(line))
    for c in table:
        print("  ".join(v.ljust(w) if i == 0 else v.rjust(w) for i, (v, w) in enumerate(zip(c, widths))))
    print()
    print(f"flash: {mem['flash']:,} B (text {mem['text']:,} + rodata {mem['rodata']:,} + data {mem['data']:,})")
    print(f"RAM:   {mem['ram']:,} B static (data {mem['data']:,} + bss {mem['bss']:,}; library {library_ram:,}, "
          f"RAM tables {sum(tags.values()):,}, harness/platform/libc {harness_ram:,}); "
          f"stack region {mem['stack']:,} B")
    if total:
        print(f"whole run: {total[0]:,} instructions, {total[1]:,} cycles (emulated estimate)")
    if not marks:
        print("(no plugin log: instructions and cycles not measured; set PQMCU_M4_PLUGIN)")
    for w in plugin_warnings:
        print(w)

    if args.csv:
        fields = ["index", "operation", "instructions", "cycles_emulated", "stack_bytes", "ram_tables_bytes",
                  "static_ram_bytes", "total_ram_bytes", "paper_cycles", "ratio_vs_paper", "paper_row"]
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=fields)
            w.writeheader()
            for r in rows:
                w.writerow({k: ("" if r[k] is None else r[k]) for k in fields})
    return 0


if __name__ == "__main__":
    sys.exit(main())
