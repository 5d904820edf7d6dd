#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Differential known answers: checks `pqmcu kat NAME --entropy HEX` against
the SHA-256 digests of entries made by upstream code run with the same DRBG
entropy input (tests/data/<family>/<NAME>-entries-sha256.csv; how each was
made: the README.md beside it).

Each CSV names its entropy input in a comment line `# entropy = <96 hex>` and
has the columns count, entry_sha256 (SHA-256 of the entry's lines, each ending
in LF, as in tests/data/mceliece) and <field>_sha256 for each line after
`count = N` (seed, pk, sk, ct, ss for KEMs; seed, mlen, msg, pk, sk, smlen, sm
for signatures), so a mismatch names the entry and the fields that differ.

  check_entries.py --cli build/host/tools/cli/pqmcu --data-dir tests/data/saber \
      [--count N] [NAME ...]
Without NAME: every *-entries-sha256.csv of the data directory. --count N
checks the first N entries of each set (default: all the file has).
Exit 0 when every entry checked matches, 1 otherwise."""
import argparse
import csv
import glob
import hashlib
import os
import subprocess
import sys

SUFFIX = "-entries-sha256.csv"


def read_data(path):
    entropy = None
    rows = []
    with open(path) as f:
        lines = []
        for line in f:
            if line.startswith("#"):
                key, _, value = line[1:].partition("=")
                if key.strip() == "entropy":
                    entropy = value.strip()
            else:
                lines.append(line)
        rows = list(csv.DictReader(lines))
    if entropy is None or len(entropy) != 96:
        raise SystemExit(f"{path}: no '# entropy = <96 hex digits>' line")
    return entropy, rows


def kat_entries(cli, name, count, entropy=None):
    """The entries `pqmcu kat` writes, as the blank-line separated blocks after
    its header (check_mceliece_kat.py uses this too)."""
    cmd = [cli, "kat", name, "--count", str(count), "--no-progress"]
    if entropy is not None:
        cmd += ["--entropy", entropy]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    body = out.split("\n\n", 1)[1]  # after the "# name" header and its blank line
    return [e for e in body.split("\n\n") if e.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--data-dir", required=True)
    ap.add_argument("--count", type=int, default=0, help="entries per set (default: all in the file)")
    ap.add_argument("sets", nargs="*")
    a = ap.parse_args()
    names = a.sets or sorted(os.path.basename(p)[: -len(SUFFIX)]
                             for p in glob.glob(os.path.join(a.data_dir, "*" + SUFFIX)))
    failures = checked = 0
    for name in names:
        entropy, rows = read_data(os.path.join(a.data_dir, name + SUFFIX))
        n = min(a.count, len(rows)) if a.count > 0 else len(rows)
        got_entries = [e.strip("\n") for e in kat_entries(a.cli, name, n, entropy)]
        if len(got_entries) != n:
            print(f"{name}: pqmcu wrote {len(got_entries)} entries, expected {n}")
            failures += 1
            continue
        for i, entry in enumerate(got_entries):
            want = rows[i]
            checked += 1
            if want["count"] != str(i):
                raise SystemExit(f"{name}: row {i} of the data has count {want['count']}")
            if hashlib.sha256((entry + "\n").encode()).hexdigest() == want["entry_sha256"]:
                continue
            failures += 1
            differ = []
            for line in entry.split("\n")[1:]:
                field = line.split(" = ", 1)[0]
                column = field + "_sha256"
                if column not in want or hashlib.sha256((line + "\n").encode()).hexdigest() != want[column]:
                    differ.append(field)
            print(f"{name} count {i}: entry differs from upstream; fields: {', '.join(differ) or '(layout)'}")
        print(f"{name}: {n} entr{'y' if n == 1 else 'ies'} checked (entropy {entropy[:8]}..)")
    print(f"{checked - failures} passed, {failures} failed")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
