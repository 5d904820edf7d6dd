#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Per-operation table of the M4 benchmark firmware (bench/m4).

Joins three sources:
  --log         firmware console: "pqmcu-op <i> <group>/<name> stack=<B> ramtag=<tag> ws=<B>"
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
                        op's workspace in the shared bench arena (ws=), plus the
                        .data/.bss/COMMON input sections of the library's own
                        archives (libpqmcu_*.a except the M4 platform, test and
                        vector archives). Not counted: the platform, the
                        benchmark harness and ops_*.cpp buffers (inputs and
                        outputs the caller provides), newlib/libgcc.
  total RAM B           stack + static RAM.
Also prints the ELF's flash (text + rodata + exidx + data image) and RAM
(.data + .bss) totals.

Row facts ("pqmcu-op-info <i> key=value ...", printed by the op's report()):
  set=, profile=        the scheme and profile of the row (else parsed from
                        the row name: <set>[_<profile>]_<op>, no suffix =
                        desktop)
  messages=<k>          the measured run signed k messages: instructions and
                        cycles are divided by k (mean per signature)
  w=, nonces=           MQOM grinding bits and the nonce of each signature

MQOM paper-style tables (one per security level present; --paper-csv,
--svg): instance (faster / fast / short) x profile, KGen / Sign / Verify in
millions of emulated cycles and instructions, total RAM in KB (1 KB = 1000 B,
as the paper), beside the embedded paper's code run on this emulator
(mqom-paper-code-emulated.csv) and its published board figures
(mqom-paper-l1.csv, mqom-paper-l5.csv), with ratios ours / theirs.
Sign follows the paper's convention, raw + (2^w - nonce) x (cost of one
grinding try, the <set>_grind_try row), averaged over the row's messages;
the raw mean is shown too. Our profiles map onto the paper's columns by
name (lut, balanced, memory, hardware; desktop -> reference); compact maps
to balanced while no balanced row exists for that instance.
Hardware rows (info engine_keys= engine_calls= engine_blocks=, bench/m4/
ops_mqom_hw.cpp) ran on a timing stub instead of an AES engine: the stub's
cycles (measured by the mqom/hw_stub_* rows) are removed and a model of the
STM32F437 CRYP is added: with the mqom/hw_cryp_* rows, the library's own
polling driver (platform/m4/stm32f4/cryp.hpp, measured on the emulator with
RAM standing in for its registers) plus, from the reference manual RM0090,
14 cycles of the AES core per call (the first block's; the driver keeps the
next block queued, so later blocks finish while the core moves the previous
one) and CRYP_ACCESS_WAIT cycles per register access; else
a fit to the paper's published per-call figures (mqom-paper-rijndael.csv,
hardware_total of AES-128 x1/x2/x4, the paper's driver): per key load and
per block. Their cycles are that estimate (software emulated + engine
modelled), printed with a note; their instructions are the software's.
MQOM variant rows (groups mqom_variants: <set>_presign_offline / _online /
_stream_verify[_g<k>], and mqom_onetree: <set>_onetree<1|2>_<profile>_<op>)
get their own table beside mqom-paper-presign.csv, -streaming.csv and
-onetree.csv (online also grinding-adjusted with one try of the signer's
grinding loop, the set's mqom_variants/<set>_grind_loop row, else grind_try).
Rijndael rows (cipher/*) and matmul rows (names containing
"matmul_<strategy>_l<1|3|5>") get side-by-side tables with the paper's.
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
    pat = re.compile(r"pqmcu-op (\d+) (.+?) stack=(\d+) ramtag=(\S+)(?: ws=(\d+))?")
    info = re.compile(r"pqmcu-op-info (\d+)((?: \w+=\S*)*)")
    facts = {}
    with open(path, errors="replace") as f:
        for line in f:
            m = info.search(line)
            if m:
                d = facts.setdefault(int(m.group(1)), {})
                for kv in m.group(2).split():
                    k, _, v = kv.partition("=")
                    d[k] = v
                continue
            m = pat.search(line)
            if m:
                ops.append({"index": int(m.group(1)), "name": m.group(2),
                            "stack": int(m.group(3)),
                            "ramtag": None if m.group(4) == "-" else m.group(4),
                            "ws": int(m.group(5) or 0)})
    for op in ops:
        op["info"] = facts.get(op["index"], {})
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


def read_anchor_csv(directory, name):
    path = os.path.join(directory, name)
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return list(csv.DictReader(l for l in f if not l.startswith("#")))


def load_scheme_anchors(directory):
    """Published / paper-code cycles of the schemes, keyed like scheme_anchor_key().

    MAYO: pqm4's m4f code on the Nucleo-L4R5ZI (mayo-published.csv, round 2).
    MQOM: the embedded paper's code run on this same emulator and cycle model
    (mqom-paper-code-emulated.csv), keyed by (level-instance, paper profile)
    with our profiles mapped by paper_profile(); sign is its
    grinding-adjusted figure, as the paper reports it."""
    rows = {}
    for r in read_anchor_csv(directory, "mayo-published.csv"):
        if r["round"] == "2" and r["impl"] == "pqm4-m4f":
            for op in ("keygen", "sign", "verify"):
                rows[("mayo", r["set"], op)] = (float(r[op + "_cycles"]), "pqm4-m4f " + r["set"])
    for r in read_anchor_csv(directory, "mqom-paper-code-emulated.csv"):
        prof = EMU_PROFILE.get(r["profile"], r["profile"])
        for op, col in (("keygen", "kgen_cyc"), ("sign", "sign_cyc_powadj"), ("verify", "verify_cyc")):
            rows[("mqom", r["instance"], prof, op)] = (float(r[col]), f"paper code {r['instance']} {r['profile']}")
    # NTRU: pqm4's m4f rows at its last commit with NTRU (3743a66, STM32F4DISCOVERY).
    for r in read_anchor_csv(directory, "saber-ntru-m4-published.csv"):
        if r["scheme"].startswith("ntru") and r["impl"] == "m4f" and r["commit"].startswith("3743a66"):
            for op in ("keygen", "encaps", "decaps"):
                rows[("ntru", r["scheme"], op)] = (float(r[op + "_cycles_mean"]), "pqm4-m4f " + r["scheme"])
    return rows


# ---------------------------------------------------------------- MQOM rows
# The paper's profile columns, in its order; the emulated CSV's short names.
PAPER_PROFILES = ["lut", "balanced", "memory", "hardware", "reference"]
EMU_PROFILE = {"lut": "lut", "bal": "balanced", "mem": "memory", "ref": "reference", "hard": "hardware"}
INSTANCES = ["faster", "fast", "short"]
MQOM_SET = re.compile(r"mqom2_cat([135])_gf16_(faster|fast|short)_r5$")
MQOM_ROW = re.compile(r"cat([135])_gf16_(faster|fast|short)_r5(?:_([a-z0-9_]+?))?_(keygen|sign|verify|grind_try)$")


def mqom_row(op):
    """(level, instance, profile, kind) of an MQOM gf16 r5 row, else None.
    The firmware's set=/profile= facts win over the row name."""
    family, _, n = op["name"].partition("/")
    if family != "mqom":
        return None
    m = MQOM_ROW.fullmatch(n)
    if not m:
        return None
    level, instance, profile, kind = "L" + m.group(1), m.group(2), m.group(3) or "desktop", m.group(4)
    if profile.endswith("_piop"):  # the PIOP-alone rows (_piop_compute/_verify/_expand) are not profiles
        return None
    info = op.get("info", {})
    ms = MQOM_SET.fullmatch(info.get("set", ""))
    if ms:
        level, instance = "L" + ms.group(1), ms.group(2)
    if info.get("profile"):
        profile = info["profile"]
    return level, instance, profile.lower(), kind


def paper_profile(profile, has_balanced):
    """Our profile name -> the paper's column (None: no counterpart)."""
    p = profile.lower()
    if p in ("lut", "balanced", "memory", "hardware"):
        return p
    if p in ("desktop", "reference"):
        return "reference"
    if p == "compact" and not has_balanced:
        return "balanced"
    return None


def scheme_anchor_key(opname, profile_map=None):
    """'mayo/mayo1_sign' -> ('mayo', 'MAYO_1', 'sign');
    'mqom/cat1_gf16_fast_r5_compact_sign' -> ('mqom', 'L1-fast', 'balanced', 'sign')."""
    family, _, n = opname.partition("/")
    m = re.fullmatch(r"mayo(\d)_(keygen|sign|verify)", n)
    if family == "mayo" and m:
        return ("mayo", f"MAYO_{m.group(1)}", m.group(2))
    m = re.fullmatch(r"(ntruhps\d+|ntruhrss\d+)_(keygen|encaps|decaps)", n)
    if family == "ntru" and m:
        return ("ntru", m.group(1), m.group(2))
    r = mqom_row({"name": opname})
    if r and r[3] != "grind_try":
        level, instance, profile, kind = r
        pp = (profile_map or {}).get((level, instance, profile), paper_profile(profile, False))
        return ("mqom", f"{level}-{instance}", pp, kind) if pp else None
    return None


def load_paper_tables(directory):
    """(level, instance, paper profile) -> published figures (Mc, KB) and
    (level-instance, paper profile) -> emulated paper-code figures."""
    published = {}
    for level, name in (("L1", "mqom-paper-l1.csv"), ("L5", "mqom-paper-l5.csv")):
        for r in read_anchor_csv(directory, name):
            published[(level, r["instance"], r["profile"])] = r
    emulated = {}
    for r in read_anchor_csv(directory, "mqom-paper-code-emulated.csv"):
        level, _, instance = r["instance"].partition("-")
        emulated[(level, instance, EMU_PROFILE.get(r["profile"], r["profile"]))] = r
    return published, emulated


def num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def mc(v):
    return "-" if v is None else (f"{v / 1e6:.1f}" if v >= 1e8 else f"{v / 1e6:.2f}")


def kb(v):
    return "-" if v is None else f"{v / 1000:.2f}" if v < 10000 else f"{v / 1000:.1f}"


def ratio(a, b):
    return None if a is None or not b else a / b


def fmt_ratio(r):
    return "-" if r is None else f"{r:.2f}"


def print_table(headers, table, left=1):
    widths = [max(len(h), *(len(c[i]) for c in table)) if table else len(h) for i, h in enumerate(headers)]
    line = "  ".join(h.ljust(w) if i < left else h.rjust(w) for i, (h, w) in enumerate(zip(headers, widths)))
    print(line)
    print("-" * len(line))
    for c in table:
        print("  ".join(v.ljust(w) if i < left else v.rjust(w) for i, (v, w) in enumerate(zip(c, widths))))


def mqom_entries(rows):
    """Our MQOM rows grouped: (level, instance, profile) -> {kind: row}."""
    out = {}
    for r in rows:
        k = r.get("mqom")
        if k and k[3] != "grind_try":
            out.setdefault(k[:3], {})[k[3]] = r
    return out


def profile_order(p):
    order = ["lut", "balanced", "memory", "hardware", "compact", "desktop"]
    return (order.index(p) if p in order else len(order), p)


def paper_rows(rows, directory):
    """Long-format rows of the paper-style comparison (also the --paper-csv)."""
    published, emulated = load_paper_tables(directory) if directory else ({}, {})
    entries = mqom_entries(rows)
    out = []
    for (level, instance, profile), ops in sorted(
            entries.items(), key=lambda kv: (kv[0][0], INSTANCES.index(kv[0][1]), profile_order(kv[0][2]))):
        has_bal = (level, instance, "balanced") in entries
        pp = paper_profile(profile, has_bal)
        pub = published.get((level, instance, pp)) if pp else None
        emu = emulated.get((level, instance, pp)) if pp else None
        for kind, pub_mc, pub_kb, emu_cyc, emu_ins, emu_ram in (
                ("keygen", "kgen_mc", "kgen_kb", "kgen_cyc", "kgen_instr", "kgen_total_ram"),
                ("sign", "sign_mc", "sign_kb", "sign_cyc_powadj", "sign_instr_powadj", "sign_total_ram"),
                ("verify", "verify_mc", "verify_kb", "verify_cyc", "verify_instr", "verify_total_ram")):
            r = ops.get(kind)
            if not r:
                continue
            cyc = r["cycles_adjusted"] if kind == "sign" and r["cycles_adjusted"] is not None else r["cycles_emulated"]
            ins = r["instructions_adjusted"] if kind == "sign" and r["instructions_adjusted"] is not None \
                else r["instructions"]
            e_cyc = num(emu[emu_cyc]) if emu else None
            p_cyc = num(pub[pub_mc]) * 1e6 if pub and num(pub[pub_mc]) is not None else None
            e_ram = num(emu[emu_ram]) if emu else None
            p_ram = num(pub[pub_kb]) * 1000 if pub and num(pub[pub_kb]) is not None else None
            out.append({
                "level": level, "instance": instance, "profile": profile, "paper_profile": pp or "",
                "op": kind, "messages": r["messages"],
                "cycles": cyc, "cycles_raw_mean": r["cycles_emulated"], "instructions": ins,
                "instructions_raw_mean": r["instructions"], "total_ram_bytes": r["total_ram_bytes"],
                "paper_code_cycles": e_cyc, "paper_code_instructions": num(emu[emu_ins]) if emu else None,
                "paper_code_ram_bytes": e_ram, "published_cycles": p_cyc, "published_ram_bytes": p_ram,
                "ratio_cycles_vs_paper_code": ratio(cyc, e_cyc), "ratio_cycles_vs_published": ratio(cyc, p_cyc),
                "ratio_ram_vs_published": ratio(r["total_ram_bytes"], p_ram),
                "lut_secret": (pub or {}).get("lut_secret", ""), "hw_aes": (pub or {}).get("hw_aes", ""),
            })
    return out


def print_paper_tables(prows):
    levels = sorted({r["level"] for r in prows})
    for level in levels:
        lr = [r for r in prows if r["level"] == level]
        print()
        print(f"MQOM {level} (gf16, r5): our rows, paper-style (Mc = 10^6 emulated cycles, Mi = 10^6 instructions,"
              f" KB = 1000 B total RAM; Sign = grinding-adjusted mean, raw = plain mean over n messages)")
        groups = {}
        for r in lr:
            groups.setdefault((r["instance"], r["profile"]), {})[r["op"]] = r
        table = []
        for (inst, prof), ops in groups.items():
            k, s, v = ops.get("keygen"), ops.get("sign"), ops.get("verify")
            g = lambda r, f: (r or {}).get(f)  # noqa: E731
            table.append([inst, prof, (s or k or v)["paper_profile"] or "-",
                          mc(g(k, "cycles")), mc(g(s, "cycles")),
                          f"{mc(g(s, 'cycles_raw_mean'))} ({g(s, 'messages') or '-'})", mc(g(v, "cycles")),
                          mc(g(k, "instructions")), mc(g(s, "instructions")), mc(g(v, "instructions")),
                          kb(g(k, "total_ram_bytes")), kb(g(s, "total_ram_bytes")), kb(g(v, "total_ram_bytes"))])
        print_table(["instance", "profile", "paper col", "KGen Mc", "Sign Mc", "Sign raw Mc (n)", "Verify Mc",
                     "KGen Mi", "Sign Mi", "Verify Mi", "KGen KB", "Sign KB", "Verify KB"], table, left=3)
        if not any(r["paper_code_cycles"] or r["published_cycles"] for r in lr):
            print(f"(no paper figures for {level})")
            continue
        print()
        print(f"MQOM {level} beside the paper: its code on this emulator (paper code) and its board figures"
              f" (published); ratios = ours / theirs")
        table = []
        for r in lr:
            table.append([r["instance"], r["profile"], r["paper_profile"] or "-", r["op"],
                          mc(r["cycles"]), mc(r["paper_code_cycles"]), fmt_ratio(r["ratio_cycles_vs_paper_code"]),
                          mc(r["published_cycles"]), fmt_ratio(r["ratio_cycles_vs_published"]),
                          kb(r["total_ram_bytes"]), kb(r["paper_code_ram_bytes"]), kb(r["published_ram_bytes"]),
                          fmt_ratio(r["ratio_ram_vs_published"])])
        print_table(["instance", "profile", "paper col", "op", "ours Mc", "paper code Mc", "ratio",
                     "published Mc", "ratio", "ours KB", "paper code KB", "published KB", "ratio"], table, left=4)
        pub_only = []
        seen = {(r["instance"], r["paper_profile"]) for r in lr}
        for r in sorted(PUBLISHED_CACHE.get(level, []), key=lambda x: (INSTANCES.index(x["instance"])
                                                                       if x["instance"] in INSTANCES else 9)):
            if (r["instance"], r["profile"]) not in seen:
                pub_only.append(f"{r['instance']}/{r['profile']}")
        if pub_only:
            print(f"paper columns without a row of ours yet: {', '.join(pub_only)}")
        if any(r["profile"] == "hardware" for r in lr):
            for n in ENGINE_NOTES:
                print(n)


VARIANT_ROW = re.compile(r"^mqom_(?:variants|onetree)/cat1_gf16_(fast|short)_r5_"
                         r"(presign_offline|presign_online|stream_verify(?:_g(\d+))?|onetree([12])_(\w+?)_(keygen|sign|verify))$")


# Share of challenges whose hidden leaves fit the one-tree path budget
# (T_open): 2 M random challenges through mqom::detail::hidden_nodes
# (wip/onetree-hw, 2026-12-03). A signature grinds 2^w / p tries on average.
ONETREE_FIT = {"fast": 0.2411, "short": 0.1061}


def variant_rows(rows, directory):
    """MQOM's pre-signature, streaming-verification and one-tree rows
    (bench/m4/ops_mqom_variants.cpp, ops_mqom_onetree.cpp) beside the paper's
    published figures (mqom-paper-presign.csv, -streaming.csv, -onetree.csv).
    Online signing is also shown grinding-adjusted (raw + mean(2^w - nonce) x
    one try of the signer's grinding loop, the set's mqom_variants/<set>_grind_loop
    row, else its mqom/<set>_grind_try row) when such a row ran."""
    pre = {r["scheme"]: r for r in read_anchor_csv(directory, "mqom-paper-presign.csv")} if directory else {}
    stream = {r["level_instance"]: r for r in read_anchor_csv(directory, "mqom-paper-streaming.csv")} \
        if directory else {}
    one = {(r["instance"], r["profile"]): r for r in read_anchor_csv(directory, "mqom-paper-onetree.csv")} \
        if directory else {}
    base = next((r for r in rows if r["operation"] == "baseline/empty"), None)
    b_cyc = (base["cycles_emulated"] or 0) if base else 0
    tries = {}
    for r in rows:
        m = re.match(r"^mqom/cat1_gf16_(fast|short)_r5_grind_try$", r["operation"])
        if m and r["cycles_emulated"] is not None:
            tries[m.group(1)] = r["cycles_emulated"] - b_cyc
    # The signer's own grinding loop per nonce tried (its row's messages = the
    # tries, so its cycles are already per try) wins over grind_try (one
    # challenge() from scratch: XOF init, absorb, squeeze), which overstates
    # a try of the loop and so flatters the adjustment of nonces above 2^w.
    for r in rows:
        m = re.match(r"^mqom_variants/cat1_gf16_(fast|short)_r5_grind_loop$", r["operation"])
        if m and r["cycles_emulated"] is not None:
            tries[m.group(1)] = r["cycles_emulated"]
    # One-tree sign rows: one try of the one-tree signer's own loop (w bits,
    # then T_open on the passes), the mqom_onetree/<set>_onetree_grind_loop
    # row, when it ran; else the ordinary loop's try as above.
    ot_tries = dict(tries)
    for r in rows:
        m = re.match(r"^mqom_onetree/cat1_gf16_(fast|short)_r5_onetree_grind_loop$", r["operation"])
        if m and r["cycles_emulated"] is not None:
            ot_tries[m.group(1)] = r["cycles_emulated"]
    out = []
    for r in rows:
        m = VARIANT_ROW.match(r["operation"])
        if not m:
            continue
        inst, what = m.group(1), m.group(2)
        cyc = r["cycles_emulated"]
        adj = None
        t = (ot_tries if m.group(4) else tries).get(inst)
        if r["w"] is not None and r["nonces"] and cyc is not None and t is not None:
            # expected nonce: 2^w - 1; one-tree also rejects challenges over
            # T_open, so 2^w / p - 1 tries (ONETREE_FIT)
            expect = (1 << r["w"]) if not m.group(4) else (1 << r["w"]) / ONETREE_FIT[inst] - 1
            adj = round(cyc + sum(expect - x for x in r["nonces"]) / len(r["nonces"]) * t)
        pub_mc = pub_kb = None
        if what.startswith("presign"):
            variant, profile, op = "pre-signature", "balanced", what.split("_")[1]
            a = pre.get(f"{inst}-r5")
            pub_mc = num(a["offline_mc" if op == "offline" else "online_mc"]) if a else None
        elif what.startswith("stream_verify"):
            variant, profile, op = "streaming verification", "memory", "verify (64 B chunks)"
            if m.group(3):
                op += f", groups of {m.group(3)}"
            a = stream.get(f"L1-{inst}")
            pub_mc = num(a["total_mc"]) if a else None
        else:
            form, profile, op = m.group(4), m.group(5), m.group(6)
            variant = f"one-tree -{form}"
            a = one.get((inst, f"{profile}-{form}"))
            k = {"keygen": "kgen", "sign": "sign", "verify": "verify"}[op]
            pub_mc = num(a[f"{k}_mc"]) if a else None
            pub_kb = num(a[f"{k}_kb"]) if a else None
        p_cyc = pub_mc * 1e6 if pub_mc is not None else None
        p_ram = pub_kb * 1000 if pub_kb is not None else None
        out.append({"variant": variant, "instance": inst, "profile": profile, "op": op,
                    "messages": r["messages"], "cycles": cyc, "cycles_adjusted": adj,
                    "total_ram_bytes": r["total_ram_bytes"], "published_cycles": p_cyc,
                    "published_ram_bytes": p_ram,
                    # online and one-tree sign: at the expected grinding effort
                    "ratio_cycles_vs_published": ratio(adj if adj is not None and
                                                       (what == "presign_online" or what.endswith("_sign"))
                                                       else cyc, p_cyc),
                    "ratio_ram_vs_published": ratio(r["total_ram_bytes"], p_ram)})
    return out


def print_variant_tables(vrows):
    print()
    print("MQOM L1 variants (pre-signature, streaming verification, one-tree) beside the paper's published board"
          " figures; Mc = 10^6 emulated cycles, KB = 1000 B total RAM; ratio = ours / published")
    table = []
    for r in vrows:
        table.append([r["variant"], r["instance"], r["profile"], r["op"], str(r["messages"]), mc(r["cycles"]),
                      mc(r["cycles_adjusted"]), mc(r["published_cycles"]), fmt_ratio(r["ratio_cycles_vs_published"]),
                      kb(r["total_ram_bytes"]), kb(r["published_ram_bytes"]),
                      fmt_ratio(r["ratio_ram_vs_published"])])
    print_table(["variant", "instance", "profile", "op", "n", "ours Mc (mean)", "grind-adj. Mc", "published Mc",
                 "ratio", "ours KB", "published KB", "ratio"], table, left=4)
    print("online: the ratio uses the grinding-adjusted mean, raw + mean(2^w - nonce) x one try of the signer's"
          " grinding loop (the set's mqom_variants/..._grind_loop row; else its grind_try row); one-tree sign:"
          " the ratio uses grind-adj. = raw + mean(2^w / p - 1 - nonce) x one try of the one-tree signer's loop"
          " (mqom_onetree/..._onetree_grind_loop; their grinding also rejects openings over T_open, p = share of"
          " challenges within T_open)")


PUBLISHED_CACHE = {}
ENGINE_NOTES = []  # how the hardware rows were figured (apply_engine_model)


def write_csv(path, fields, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow({k: "" if r.get(k) is None else
                        (int(r[k]) if r[k].is_integer() else round(r[k], 4)) if isinstance(r[k], float) else r[k]
                        for k in fields})


# ---------------------------------------------------------------- plot (matplotlib)
COLORS = {"faster": "#d62728", "fast": "#1f77b4", "short": "#2ca02c"}


def svg_plot(path, prows, published_rows):
    """Sign cycles against sign RAM (both log), one panel per level: ours
    (filled circles, labelled with the profile), the paper's published board
    figures (hollow squares) and its code on this emulator (crosses)."""
    levels = sorted({r["level"] for r in prows if r["op"] == "sign" and r["cycles"]})
    if not levels:
        return False  # nothing measured (no plugin log)
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text in the SVG
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    fig, axes = plt.subplots(1, len(levels), figsize=(5 * len(levels), 4.6), squeeze=False)
    for ax, level in zip(axes[0], levels):
        for r in prows:
            if r["level"] != level or r["op"] != "sign":
                continue
            col = COLORS.get(r["instance"], "#555")
            if r["cycles"] and r["total_ram_bytes"]:
                x, y = r["total_ram_bytes"] / 1000, r["cycles"] / 1e6
                ax.plot(x, y, "o", color=col)
                ax.annotate(r["profile"], (x, y), xytext=(4, 3), textcoords="offset points", fontsize=7, color=col)
            if r["paper_code_cycles"] and r["paper_code_ram_bytes"]:
                ax.plot(r["paper_code_ram_bytes"] / 1000, r["paper_code_cycles"] / 1e6, "x", color=col)
        for r in published_rows.get(level, []):
            c, k = num(r["sign_mc"]), num(r["sign_kb"])
            if c and k and r["instance"] in COLORS:
                ax.plot(k, c, "s", mfc="none", color=COLORS[r["instance"]])
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_title(f"MQOM {level} sign: cycles vs RAM")
        ax.set_xlabel("total RAM (KB)")
        ax.set_ylabel("sign (M cycles)")
        ax.grid(True, which="both", color="#eee")
    handles = [Line2D([], [], marker="s", ls="", color=c, label=i) for i, c in COLORS.items()]
    handles += [Line2D([], [], marker="o", ls="", color="#555", label="pqmcu (emulated, grinding-adjusted)"),
                Line2D([], [], marker="s", ls="", mfc="none", color="#555", label="paper, published (board)"),
                Line2D([], [], marker="x", ls="", color="#555", label="paper code, this emulator")]
    fig.legend(handles=handles, loc="lower center", ncol=len(handles), fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    fig.savefig(path, format="svg")
    plt.close(fig)
    return True


# ---------------------------------------------------------------- side-by-side tables
def print_rijndael_table(rows, anchors):
    table = []
    for r in rows:
        key = anchor_key(r["operation"])
        if key and key in anchors:
            table.append([r["operation"], "/".join(key), fmt_int(r["cycles_emulated"]), fmt_int(int(anchors[key])),
                          fmt_ratio(ratio(r["cycles_emulated"], anchors[key]))])
    if table:
        print()
        print("AES-128 / Rijndael-256 beside the paper (cycles per call; paper: real board)")
        print_table(["operation", "paper row", "ours", "paper", "ratio"], table, left=2)


MATMUL_LEVELS = ("l1", "l3", "l5")
# Our strategy names that are NOT constant time (tables indexed by secrets).
NOT_CT_STRATEGY = re.compile(r"lut|log-?exp|table")


def matmul_rows(rows):
    """Our rows named matmul_<strategy>_l<1|3|5>: strategy -> {level: cycles}."""
    pat = re.compile(r"matmul[_-]([a-z0-9-]+?)[_-](l[135])\b")
    ours = {}
    for r in rows:
        m = pat.search(r["operation"].lower().replace("_", "-").replace("matmul-", "matmul_", 1))
        if m and r["cycles_emulated"] is not None:
            ours.setdefault(m.group(1), {})[m.group(2)] = r["cycles_emulated"]
    return ours


def print_matmul_table(rows, directory):
    """The paper's PIOP matrix-multiplication strategies (mqom-paper-matmul.csv)
    and ours (rows matmul_<strategy>_l<n>) side by side, one line per strategy,
    Mc per level; ours with the ratio to the paper's best constant-time
    strategy at each level (not-CT ones also to its best table strategy)."""
    ours = matmul_rows(rows)
    # matmul_expansion_l<n>: the equation expansion (AES / Rijndael + SHAKE)
    # inside our PIOP compute rows; the paper's figures are the products alone.
    expansion = ours.pop("expansion", {})
    if not ours:
        return
    for by in ours.values():
        for lv in list(by):
            if lv in expansion:
                by[lv] -= expansion[lv]
    paper = read_anchor_csv(directory, "mqom-paper-matmul.csv")

    def best(ct):
        out = {}
        for lv in MATMUL_LEVELS:
            vals = [num(p.get(f"{lv}_mc")) for p in paper if (p.get("constant_time") == "1") == ct]
            vals = [v for v in vals if v is not None]
            out[lv] = min(vals) if vals else None
        return out

    best_ct, best_tab = best(True), best(False)
    table = []
    for p in paper:
        table.append([p["implementation"], "paper", "yes" if p.get("constant_time") == "1" else "NO"] +
                     [("-" if num(p.get(f"{lv}_mc")) is None else f"{num(p.get(f'{lv}_mc')):g}")
                      for lv in MATMUL_LEVELS] + ["", ""])
    for impl, by in sorted(ours.items()):
        ct = not NOT_CT_STRATEGY.search(impl)
        cells = [impl, "pqmcu", "yes" if ct else "NO"] + [mc(by.get(lv)) for lv in MATMUL_LEVELS]
        for ref in (best_ct, None if ct else best_tab):
            rs = [ratio(by.get(lv), ref[lv] * 1e6 if ref and ref[lv] else None) for lv in MATMUL_LEVELS] if ref else []
            cells.append("/".join(fmt_ratio(r) for r in rs) if rs else "")
        table.append(cells)
    if expansion:
        table.append(["(equation expansion, ours)", "pqmcu", ""] + [mc(expansion.get(lv)) for lv in MATMUL_LEVELS] +
                     ["", ""])
    print()
    print("PIOP matrix multiplication beside the paper's strategies (Mc, emulated; ours: the PIOP compute of one "
          "signature, F16 fast, less the equation expansion row when there is one)")
    print_table(["strategy", "source", "CT", "L1 Mc", "L3 Mc", "L5 Mc", "vs best CT (L1/L3/L5)",
                 "vs best table"], table, left=3)


# ---------------------------------------------------------------- output
def fmt_int(v):
    return "-" if v is None else f"{int(round(v)):,}"


def cryp_model(anchors):
    """(cycles per key load, cycles per block) of the STM32F437 CRYP: least
    squares over the paper's hardware_total of AES-128 x1/x2/x4 (one key
    schedule + n blocks per call). None without those anchors."""
    pts = [(n, anchors[("aes128", f"x{n}", "hardware_total")]) for n in (1, 2, 4)
           if ("aes128", f"x{n}", "hardware_total") in anchors]
    if len(pts) < 2:
        return None
    mn = sum(n for n, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    slope = sum((n - mn) * (y - my) for n, y in pts) / sum((n - mn) ** 2 for n, _ in pts)
    return (my - slope * mn, slope)


# The STM32F4 CRYP beside the library's polling driver (cryp.hpp), from
# RM0090's CRYP chapter: the AES core takes 14 HCLK cycles a 128-bit block
# with a 128-bit key (ECB encryption needs no key preparation). Register
# accesses go through the bus matrix to AHB2 at HCLK; RM0090 gives no
# per-access latency, so each access is charged CRYP_ACCESS_WAIT cycles on
# top of the emulator's zero-wait-state load/store (an assumed margin).
# Accesses per operation of the driver in polling mode: set_key = SR (BUSY)
# and the 4 key words; an encrypt call = CR (CRYPEN), then SR (BUSY) and CR
# (off) at the end; a block = 4 DIN, SR (OFNE), 4 DOUT (one poll when the
# block is ready: the wait itself is the block time below).
# The AES time is charged once per call: the driver writes block i + 1
# before it polls for block i, and block i entered the core no later than
# the driver saw block i - 1 done; between those two polls the core makes
# 9 register accesses and 8 memory accesses (~37 cycles on the emulator
# with no wait states), more than the 14 the block takes. Only
# the first block of a call is waited for (a whole 14 charged, though the
# writes of block 2 overlap it when there is one).
CRYP_BLOCK_CYCLES = 14
CRYP_ACCESS_WAIT = 2
CRYP_ACCESSES = {"key": 5, "call": 3, "block": 9}


def calibrate(rows, base, names):
    """(per key load, per call, per block) of an engine hook measured by the
    rows names = (set_key, encrypt_x1, encrypt_x8), for instructions and
    cycles; None when they were not measured."""
    by = {r["operation"]: r for r in rows}
    if any(n not in by or by[n]["cycles_emulated"] is None or by[n]["instructions"] is None for n in names):
        return None
    cost = {}
    for f, b in (("instructions", base[0]), ("cycles_emulated", base[1])):
        key = by[names[0]][f] - b
        x1, x8 = by[names[1]][f] - b, by[names[2]][f] - b
        per_block = (x8 - x1) / 7
        cost[f] = (key, x1 - per_block, per_block)
    return cost


def cryp_driver_model(rows, base):
    """(per key load, per call, per block) cycles of the CRYP under the
    library's driver: its measured software + RM0090's block time + bus
    waits per register access. None without the mqom/hw_cryp_* rows."""
    cost = calibrate(rows, base, ("mqom/hw_cryp_set_key", "mqom/hw_cryp_encrypt_x1", "mqom/hw_cryp_encrypt_x8"))
    if cost is None:
        return None
    k, c, b = cost["cycles_emulated"]
    w = CRYP_ACCESS_WAIT
    return (k + w * CRYP_ACCESSES["key"], c + w * CRYP_ACCESSES["call"] + CRYP_BLOCK_CYCLES,
            b + w * CRYP_ACCESSES["block"])


def apply_engine_model(rows, base, model):
    """Hardware rows: stub cycles out, modelled CRYP cycles in (see the docstring).
    model: the paper fit (per key load, per block), used when the driver rows
    are missing; the paper fit's figure stays in cycles_paper_engine."""
    hw = [r for r in rows if r.get("engine")]
    if not hw:
        return None
    cost = calibrate(rows, base, ("mqom/hw_stub_set_key", "mqom/hw_stub_encrypt_x1", "mqom/hw_stub_encrypt_x8"))
    if cost is None or any(r["cycles_emulated"] is None for r in hw):
        return "hardware rows: stub not measured, cycles include the timing stub (no engine model)"
    driver = cryp_driver_model(rows, base)
    for r in hw:
        keys, calls, blocks = (v / r["messages"] for v in r["engine"])
        for f in ("instructions", "cycles_emulated"):
            k, c, b = cost[f]
            r[f] = round(r[f] - keys * k - calls * c - blocks * b)
        r["cycles_software"] = r["cycles_emulated"]
        if model:
            r["cycles_paper_engine"] = round(r["cycles_software"] + keys * model[0] + blocks * model[1])
        if driver:
            r["cycles_emulated"] = round(r["cycles_software"] + keys * driver[0] + calls * driver[1] +
                                         blocks * driver[2])
        elif model:
            r["cycles_emulated"] = r["cycles_paper_engine"]
    if driver:
        note = (f"hardware rows: emulated software cycles + STM32F437 CRYP under the library's polling driver"
                f" (cryp.hpp): {driver[0]:.0f} cycles per key load, {driver[1]:.0f} per call, {driver[2]:.0f} per"
                f" block (the driver's emulated software with RAM for its registers + {CRYP_ACCESS_WAIT} cycles per"
                f" register access + RM0090's {CRYP_BLOCK_CYCLES}-cycle AES block once per call: later blocks finish while the"
                f" driver moves the previous one)")
        if model:
            note += (f"; with the paper's driver instead ({model[0]:.0f} per key load, {model[1]:.0f} per block,"
                     f" fitted to its published AES-128 x1/x2/x4 hardware figures) the rows would be"
                     f" cycles_paper_engine")
        return note + "; an estimate, not a board measurement"
    if not model:
        return "hardware rows: software cycles only (no CRYP figures in the anchors)"
    return (f"hardware rows: emulated software cycles + STM32F437 CRYP modelled at {model[0]:.0f} cycles per key"
            f" load and {model[1]:.0f} per block (least squares over the paper's published AES-128 x1/x2/x4"
            f" hardware figures); an estimate, not a board measurement")


def build_rows(ops, marks, tags, library_ram, anchors=None, scheme_anchors=None):
    """One row per op: mean instructions/cycles per message, RAM charged, the
    grinding-adjusted sign figures and the anchor the op is compared with."""
    anchors, scheme_anchors = anchors or {}, scheme_anchors or {}
    rows = []
    for op in ops:
        k = op["index"]
        info = op["info"]
        a, b = marks.get(2 * k), marks.get(2 * k + 1)
        n = max(1, int(info.get("messages", "1") or 1))
        # whole counts in the CSV (tools/m4sim/profile_table.py reads them)
        insns = round((b[0] - a[0]) / n) if a and b else None
        cycles = round((b[1] - a[1]) / n) if a and b else None
        ws = op.get("ws") or (int(info["ws"]) if info.get("ws", "").isdigit() else 0)
        tables = tag_bytes(op["ramtag"], tags)
        static = tables + ws + library_ram
        nonces = [int(x) for x in info.get("nonces", "").split(",") if x.isdigit()]
        row = {"index": k, "operation": op["name"], "messages": n, "instructions": insns, "cycles_emulated": cycles,
               "stack_bytes": op["stack"], "ram_tables_bytes": tables, "workspace_bytes": ws,
               "static_ram_bytes": static, "total_ram_bytes": op["stack"] + static,
               "w": int(info["w"]) if info.get("w", "").isdigit() else None, "nonces": nonces,
               "cycles_adjusted": None, "instructions_adjusted": None,
               "paper_cycles": None, "ratio_vs_paper": None, "paper_row": "", "mqom": mqom_row(op)}
        if all(info.get(f, "").isdigit() for f in ("engine_keys", "engine_calls", "engine_blocks")):
            row["engine"] = tuple(int(info[f]) for f in ("engine_keys", "engine_calls", "engine_blocks"))
        rows.append(row)

    # Grinding adjustment (the paper's convention): per signature
    # raw + (2^w - nonce) x one try; the try row's cost less the empty row's.
    base = next((r for r in rows if r["operation"] == "baseline/empty"), None)
    b_ins = base["instructions"] or 0 if base else 0
    b_cyc = base["cycles_emulated"] or 0 if base else 0
    ENGINE_NOTES.clear()
    note = apply_engine_model(rows, (b_ins, b_cyc), cryp_model(anchors))
    if note:
        ENGINE_NOTES.append(note)
    tries = {}
    for r in rows:
        if r["mqom"] and r["mqom"][3] == "grind_try" and r["cycles_emulated"] is not None:
            tries[r["mqom"][:2]] = (r["instructions"] - b_ins, r["cycles_emulated"] - b_cyc)
    for r in rows:
        t = tries.get(r["mqom"][:2]) if r["mqom"] and r["mqom"][3] == "sign" else None
        if t and r["w"] is not None and r["nonces"] and r["cycles_emulated"] is not None:
            missing = sum((1 << r["w"]) - x for x in r["nonces"]) / len(r["nonces"])
            r["instructions_adjusted"] = round(r["instructions"] + missing * t[0])
            r["cycles_adjusted"] = round(r["cycles_emulated"] + missing * t[1])

    has_balanced = {r["mqom"][:2] for r in rows if r["mqom"] and r["mqom"][2] == "balanced"}
    profile_map = {r["mqom"][:3]: paper_profile(r["mqom"][2], r["mqom"][:2] in has_balanced)
                   for r in rows if r["mqom"]}
    for r in rows:
        key = anchor_key(r["operation"]) if anchors else None
        skey = None
        if scheme_anchors and r["mqom"] and r["mqom"][3] != "grind_try":
            level, instance, _profile, kind = r["mqom"]
            skey = ("mqom", f"{level}-{instance}", profile_map[r["mqom"][:3]], kind)
        elif scheme_anchors:
            skey = scheme_anchor_key(r["operation"])
        ref = None
        if key and key in anchors:
            ref = (anchors[key], "paper " + "/".join(key))
        elif skey and skey in scheme_anchors:
            ref = scheme_anchors[skey]
        if ref:
            r["paper_cycles"] = int(ref[0])
            r["paper_row"] = ref[1]
            ours = r["cycles_adjusted"] if r["cycles_adjusted"] is not None else r["cycles_emulated"]
            if ours is not None:
                r["ratio_vs_paper"] = round(ours / ref[0], 3)

    return rows


# ---------------------------------------------------------------- Saber
SABER_OPS = (("keypair", "keygen"), ("encaps", "encaps"), ("decaps", "decaps"))
SABER_SETS = ("lightsaber", "saber", "firesaber")


def load_saber_anchors(directory):
    """(set, impl, op) -> (mean cycles, stack bytes) of pqm4's Saber at the
    newest commit that had it (saber-ntru-m4-published.csv, benchmarks.csv @3743a66)."""
    out = {}
    for r in read_anchor_csv(directory, "saber-ntru-m4-published.csv"):
        if r["source"] != "mupq/pqm4:benchmarks.csv" or not r["commit"].startswith("3743a66"):
            continue
        if r["scheme"] not in SABER_SETS:
            continue
        for _ours, op in SABER_OPS:
            out[(r["scheme"], r["impl"], op)] = (float(r[f"{op}_cycles_mean"]), int(r[f"stack_{op}_bytes"]))
    return out


def saber_table_rows(rows, anchors):
    """Our Saber rows (the NTT default, the _speed and the _toom profiles)
    beside pqm4's m4fspeed (cycles, stack) and m4fstack (cycles, stack): [set,
    op, default cycles, / m4fspeed, default RAM, / m4fstack stack, speed
    cycles, / m4fspeed, speed RAM, / m4fspeed stack, toom cycles, / m4fspeed,
    toom RAM, m4fspeed cycles, m4fspeed stack, m4fstack cycles, m4fstack stack]."""
    by_name = {r["operation"]: r for r in rows}

    def cyc(r, ref):
        return (fmt_int(r["cycles_emulated"]), f"{r['cycles_emulated'] / ref:.2f}") if r and r["cycles_emulated"] \
            else ("-", "-")

    table = []
    for st in SABER_SETS:
        for ours_op, op in SABER_OPS:
            r = by_name.get(f"saber/{st}_{ours_op}")
            sp = by_name.get(f"saber/{st}_speed_{ours_op}")
            t = by_name.get(f"saber/{st}_toom_{ours_op}")
            fs = anchors.get((st, "m4fspeed", op))
            fk = anchors.get((st, "m4fstack", op))
            if not r or not fs or not fk:
                continue
            table.append([st, op, *cyc(r, fs[0]), fmt_int(r["total_ram_bytes"]),
                          f"{r['total_ram_bytes'] / fk[1]:.2f}",
                          *cyc(sp, fs[0]), fmt_int(sp["total_ram_bytes"]) if sp else "-",
                          f"{sp['total_ram_bytes'] / fs[1]:.2f}" if sp else "-",
                          *cyc(t, fs[0]), fmt_int(t["total_ram_bytes"]) if t else "-",
                          fmt_int(int(fs[0])), fmt_int(fs[1]), fmt_int(int(fk[0])), fmt_int(fk[1])])
    return table


def print_saber_table(rows, directory):
    if not directory:
        return
    table = saber_table_rows(rows, load_saber_anchors(directory))
    if not table:
        return
    print()
    print("Saber (emulated cycles, total RAM = stack + workspace) beside pqm4 @3743a66: targets "
          "cycles <= 0.9 x m4fspeed and RAM <= m4fstack's stack; default / speed / toom = our profiles")
    print_table(["set", "op", "default cyc", "/fspeed", "default RAM", "/fstack", "speed cyc", "/fspeed",
                 "speed RAM", "/fspeed", "toom cyc", "/fspeed", "toom RAM", "m4fspeed cyc", "m4fspeed stack",
                 "m4fstack cyc", "m4fstack stack"], table)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--map", required=True)
    ap.add_argument("--log", required=True, help="firmware console output (m4run.py --log)")
    ap.add_argument("--plugin-log", help="QEMU plugin output (m4run.py --plugin-log)")
    ap.add_argument("--csv", help="write the table as CSV here")
    ap.add_argument("--paper-csv", help="write the MQOM paper-style comparison (long format) as CSV here")
    ap.add_argument("--svg", help="write the MQOM sign cycles-vs-RAM plot (SVG) here")
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

    rows = build_rows(ops, marks, tags, library_ram, anchors, scheme_anchors)

    headers = ["operation", "n", "instructions", "cycles (emulated est.)", "sign, grind-adj.", "stack B",
               "static RAM B", "total RAM B"]
    show_anchor = any(r["paper_cycles"] is not None for r in rows)
    if show_anchor:
        headers += ["anchor cycles", "ratio", "anchor"]
    table = []
    for r in rows:
        cells = [r["operation"], str(r["messages"]), fmt_int(r["instructions"]), fmt_int(r["cycles_emulated"]),
                 fmt_int(r["cycles_adjusted"]), fmt_int(r["stack_bytes"]), fmt_int(r["static_ram_bytes"]),
                 fmt_int(r["total_ram_bytes"])]
        if show_anchor:
            cells += [fmt_int(r["paper_cycles"]),
                      "-" if r["ratio_vs_paper"] is None else f"{r['ratio_vs_paper']:.2f}", r["paper_row"] or "-"]
        table.append(cells)
    print_table(headers, table)
    print("n = messages signed in the measured run (instructions and cycles are the mean per signature);"
          " grind-adj. = the paper's convention, raw + (2^w - nonce) x one grinding try")
    for n in ENGINE_NOTES:
        print(n)
    print()
    print(f"flash: {mem['flash']:,} B (text {mem['text']:,} + rodata {mem['rodata']:,} + data {mem['data']:,})")
    print(f"RAM:   {mem['ram']:,} B static (data {mem['data']:,} + bss {mem['bss']:,}; library {library_ram:,}, "
          f"RAM tables and workspace arenas {sum(tags.values()):,}, harness/platform/libc {harness_ram:,}); "
          f"stack region {mem['stack']:,} B")
    if total:
        print(f"whole run: {total[0]:,} instructions, {total[1]:,} cycles (emulated estimate)")
    if not marks:
        print("(no plugin log: instructions and cycles not measured; set PQMCU_M4_PLUGIN)")
    for w in plugin_warnings:
        print(w)

    if args.anchors:
        published, _ = load_paper_tables(args.anchors)
        for (level, _inst, _prof), r in published.items():
            PUBLISHED_CACHE.setdefault(level, []).append(r)
    prows = paper_rows(rows, args.anchors)
    if prows:
        print_paper_tables(prows)
    vrows = variant_rows(rows, args.anchors)
    if vrows:
        print_variant_tables(vrows)
    if args.anchors:
        print_rijndael_table(rows, anchors)
        print_matmul_table(rows, args.anchors)
    print_saber_table(rows, args.anchors)

    if args.csv:
        fields = ["index", "operation", "messages", "instructions", "cycles_emulated", "instructions_adjusted",
                  "cycles_adjusted", "w", "nonces", "stack_bytes", "ram_tables_bytes", "workspace_bytes",
                  "static_ram_bytes", "total_ram_bytes", "paper_cycles", "ratio_vs_paper", "paper_row"]
        for r in rows:
            r["nonces"] = " ".join(map(str, r["nonces"])) if isinstance(r["nonces"], list) else r["nonces"]
        write_csv(args.csv, fields, rows)
    if args.paper_csv:
        fields = ["level", "instance", "profile", "paper_profile", "op", "messages", "cycles", "cycles_raw_mean",
                  "instructions", "instructions_raw_mean", "total_ram_bytes", "paper_code_cycles",
                  "paper_code_instructions", "paper_code_ram_bytes", "published_cycles", "published_ram_bytes",
                  "ratio_cycles_vs_paper_code", "ratio_cycles_vs_published", "ratio_ram_vs_published",
                  "lut_secret", "hw_aes"]
        write_csv(args.paper_csv, fields, prows)
    if args.svg:
        if svg_plot(args.svg, prows, PUBLISHED_CACHE):
            print(f"\nplot: {args.svg}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
