#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Checks `pqmcu kat NAME` against the official NIST .rsp files: everything
after the first "# name" line must be byte-identical. Signatures (MQOM,
MAYO) and KEMs (NTRU, Saber: <kat-dir>/<family>/<name>.rsp).

usage: check_rsp.py --cli PATH/pqmcu --kat-dir ../shared/kat [--count N] NAME... | --family mqom
  --count N   compare the first N entries (default: all 100)
  --family F  every algorithm whose name starts with F (mqom, mayo, ntru) or,
              for Saber, ends with "saber", that has a KAT file (the MQOM
              Faster sets have none under ../shared/kat: name them, with
              --kat-dir tests/kat_mqom/faster)
Exits non-zero on the first mismatch, naming the entry and field."""
import argparse
import os
import subprocess
import sys

MAYO_FILES = {
    "MAYO-1": "round2/PQCsignKAT_24_MAYO_1.rsp", "MAYO-2": "round2/PQCsignKAT_24_MAYO_2.rsp",
    "MAYO-3": "round2/PQCsignKAT_32_MAYO_3.rsp", "MAYO-5": "round2/PQCsignKAT_40_MAYO_5.rsp",
    "MAYO-1-r1": "round1/PQCsignKAT_24_MAYO_1.rsp", "MAYO-2-r1": "round1/PQCsignKAT_24_MAYO_2.rsp",
    "MAYO-3-r1": "round1/PQCsignKAT_32_MAYO_3.rsp", "MAYO-5-r1": "round1/PQCsignKAT_40_MAYO_5.rsp",
}


def kat_file(kat_dir, name):
    if name.startswith("mqom2_"):
        # <kat-dir>/mqom/ (the official files), or <kat-dir>/ itself (e.g.
        # tests/kat_mqom/faster for the Faster sets, which have no official ones)
        stem = "PQCsignKAT_" + name[len("mqom2_"):].replace("_", "-") + ".rsp"
        path = os.path.join(kat_dir, "mqom", stem)
        return path if os.path.exists(path) else os.path.join(kat_dir, stem)
    if name in MAYO_FILES:
        return os.path.join(kat_dir, "mayo", MAYO_FILES[name])
    if name.startswith("ntru"):
        return os.path.join(kat_dir, "ntru", name + ".rsp")
    if name.endswith("saber"):
        return os.path.join(kat_dir, "saber", name + ".rsp")
    raise SystemExit(f"check_rsp: no KAT file known for {name}")


def is_kem(name):
    return name.startswith("ntru") or name.endswith("saber") or name.startswith("mceliece")


def body(text):
    return text.split("\n", 1)[1] if "\n" in text else ""


def first_entries(text, count):
    """The body up to the end of entry `count` (entries end with a blank line
    after their last field: sm for signatures, ss for KEMs)."""
    lines = body(text).split("\n")
    out, seen = [], 0
    for line in lines:
        out.append(line)
        if line.startswith("sm = ") or line.startswith("ss = "):
            seen += 1
        if seen == count and line == "":
            break
    return "\n".join(out)


def describe_difference(got, expected):
    g, e = got.split("\n"), expected.split("\n")
    entry = "?"
    for a, b in zip(g, e):
        if b.startswith("count = "):
            entry = b[len("count = "):]
        if a != b:
            field = b.split(" = ")[0]
            return f"entry {entry}, field '{field}'"
    return f"length differs ({len(got)} vs {len(expected)} bytes)"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--kat-dir", required=True)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--family", default=None)
    ap.add_argument("names", nargs="*")
    args = ap.parse_args()

    names = list(args.names)
    if args.family:
        listing = subprocess.run([args.cli, "list"], check=True, capture_output=True, text=True).stdout
        # Two tables (signatures, KEMs), each under a "name ..." header.
        family = args.family.lower()
        for line in listing.splitlines():
            if not line.strip() or line.split()[0] == "name":
                continue
            n = line.split()[0]
            in_family = n.lower().endswith("saber") if family == "saber" else n.lower().startswith(family)
            if in_family and os.path.exists(kat_file(args.kat_dir, n)):
                names.append(n)
    if not names:
        raise SystemExit("check_rsp: no algorithm given")

    failed = 0
    for name in names:
        with open(kat_file(args.kat_dir, name), encoding="ascii") as f:
            expected = f.read()
        run = subprocess.run([args.cli, "kat", name, "--count", str(args.count), *(["--no-progress"] if is_kem(name) else [])],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print(f"FAIL {name}: pqmcu kat exited {run.returncode}: {run.stderr.strip()}")
            failed += 1
            continue
        want = first_entries(expected, args.count) if args.count < 100 else body(expected)
        got = body(run.stdout) if args.count >= 100 else first_entries(run.stdout, args.count)
        if got == want:
            print(f"ok   {name}: {args.count} entries byte-identical")
        else:
            print(f"FAIL {name}: {describe_difference(got, want)}")
            failed += 1
    print(f"{len(names) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
