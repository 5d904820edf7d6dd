#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Checks `pqmcu kat` for Classic McEliece against what is known without the
official 50 MB files: the SHA-256 of every set's count-0 entry
(shared/kat/mceliece/count0-sha256.csv) and, where tests/data/mceliece has
them, the SHA-256 of later entries (made with PQClean, see its README).

  check_mceliece_kat.py --cli build/host/tools/cli/pqmcu --shared-dir ../shared \
      --data-dir tests/data/mceliece [--later N] [SET ...]
Exit 0 when every entry checked matches, 1 otherwise."""
import argparse
import csv
import hashlib
import os
import sys

from check_entries import kat_entries


def read_digests(path, key):
    with open(path) as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        return {r[key]: r for r in rows}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--shared-dir", required=True)
    ap.add_argument("--data-dir", required=True)
    ap.add_argument("--later", type=int, default=0, help="also check counts 1..N-1 where digests exist")
    ap.add_argument("sets", nargs="*")
    a = ap.parse_args()
    count0 = read_digests(os.path.join(a.shared_dir, "kat", "mceliece", "count0-sha256.csv"), "set")
    sets = a.sets or sorted(count0)
    failures = checked = 0
    for name in sets:
        later_path = os.path.join(a.data_dir, f"{name}-entries-sha256.csv")
        later = read_digests(later_path, "count") if os.path.exists(later_path) else {}
        n = max(1, min(a.later, len(later))) if later else 1
        for i, entry in enumerate(e + "\n" for e in kat_entries(a.cli, name, n)):
            want = count0[name]["count0_sha256"] if i == 0 else later[str(i)]["entry_sha256"]
            got = hashlib.sha256(entry.encode()).hexdigest()
            checked += 1
            if got != want:
                failures += 1
                print(f"{name} count {i}: sha256 {got}, expected {want}")
        print(f"{name}: {n} entr{'y' if n == 1 else 'ies'} checked")
    print(f"{checked - failures} passed, {failures} failed")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
