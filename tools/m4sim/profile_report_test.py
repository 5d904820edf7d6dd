#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""profile_report.py's folding of pqmcu-prof lines into functions, on
synthetic symbols and plugin lines (no firmware needed)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import profile_report  # noqa: E402

SYMS = [(0x100, 0x140, "aes"), (0x140, 0x200, "keccak"), (0x300, 0x310, "mark")]
LINES = [
    "pqmcu-mark seq=0 insns=1 cycles=1",
    "pqmcu-prof 0x00000100 insns=10 cycles=30",
    "pqmcu-prof 0x00000120 insns=5 cycles=7",     # second block of aes
    "pqmcu-prof 0x00000140 insns=2 cycles=2",     # first byte of keccak, not the end of aes
    "pqmcu-prof 0x00000250 insns=1 cycles=4",     # between symbols: unnamed
    "pqmcu-prof 0x00000300 insns=3 cycles=6",
]


def main():
    per = profile_report.fold(LINES, SYMS)
    want = {"aes": [15, 37], "keccak": [2, 2], "?0x00000250": [1, 4], "mark": [3, 6]}
    if per != want:
        print(f"FAIL: folded {per}, expected {want}")
        return 1
    print("ok: profile lines fold into their functions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
