#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The flash column the all-in-one bench firmware cannot give: builds the user
firmware project (examples/firmware: keygen + sign + verify of one MQOM set,
pqmcu pinned to that set and profile) per profile, at -Os with the size
option and at -O2, and prints its flash (arm-none-eabi-size: text + data, the
image written to flash) beside the embedded paper's whole firmware
(`flash_bytes` of shared/anchors/mqom-paper-code-emulated.csv), with ratios.

  flash_table.py --source . --build-dir build/m4/flash --anchors ../shared/anchors \
      [--csv build/m4/m4-flash.csv] [--set mqom2_cat1_gf16_fast_r5] [--profiles Memory,Balanced,Lut]
"""
import argparse
import csv
import os
import shutil
import subprocess
import sys

PAPER_PROFILE = {"Memory": "mem", "Balanced": "bal", "Lut": "lut"}
PAPER_INSTANCE = {"mqom2_cat1_gf16_fast_r5": "L1-fast", "mqom2_cat1_gf16_faster_r5": "L1-faster",
                  "mqom2_cat1_gf16_short_r5": "L1-short", "mqom2_cat5_gf16_fast_r5": "L5-fast"}


def paper_flash(anchors):
    out = {}
    with open(os.path.join(anchors, "mqom-paper-code-emulated.csv")) as f:
        for row in csv.DictReader(line for line in f if not line.startswith("#")):
            if row.get("flash_bytes"):
                out[(row["instance"], row["profile"])] = int(row["flash_bytes"])
    return out


def build(source, build_dir, pqmcu_set, profile, size):
    cfg = [
        "cmake", "-S", os.path.join(source, "examples", "firmware"), "-B", build_dir,
        f"-DCMAKE_TOOLCHAIN_FILE={os.path.join(source, 'cmake', 'arm-none-eabi.cmake')}",
        f"-DPQMCU_SOURCE_DIR={source}", "-DPQMCU_BOARD=mps2-an386", f"-DEXAMPLE_SET={pqmcu_set}",
        f"-DEXAMPLE_PROFILE={profile}", f"-DPQMCU_OPTIMIZE_FOR_SIZE={'ON' if size else 'OFF'}",
    ]
    if shutil.which("ninja"):
        cfg += ["-G", "Ninja"]
    subprocess.run(cfg, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", build_dir, "--target", "mqom_example"], check=True,
                   stdout=subprocess.DEVNULL)
    size_tool = shutil.which("arm-none-eabi-size") or "arm-none-eabi-size"
    fields = subprocess.run([size_tool, "-B", os.path.join(build_dir, "mqom_example.elf")], check=True,
                            capture_output=True, text=True).stdout.splitlines()[1].split()
    text, data = int(fields[0]), int(fields[1])
    return text + data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source", required=True)
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--anchors", required=True)
    ap.add_argument("--csv")
    ap.add_argument("--set", default="mqom2_cat1_gf16_fast_r5")
    ap.add_argument("--profiles", default="Memory,Balanced,Lut")
    a = ap.parse_args()
    source = os.path.abspath(a.source)
    paper = paper_flash(a.anchors)
    rows = []
    for profile in a.profiles.split(","):
        for size in (True, False):
            name = f"{profile.lower()}-{'size' if size else 'speed'}"
            flash = build(source, os.path.join(a.build_dir, name), a.set, profile, size)
            ref = paper.get((PAPER_INSTANCE.get(a.set, ""), PAPER_PROFILE.get(profile, "")))
            rows.append({"set": a.set, "profile": profile, "build": "-Os + size option" if size else "-O2",
                         "flash_bytes": flash, "paper_flash_bytes": ref or "",
                         "ratio": f"{flash / ref:.3f}" if ref else ""})
    print(f"\nFlash of a keygen + sign + verify firmware (examples/firmware, {a.set}, pqmcu pinned to the set and")
    print("profile; arm-none-eabi-size text + data) beside the embedded paper's whole firmware (its flash_bytes):")
    print(f"{'profile':<10} {'build':<19} {'flash B':>9} {'paper B':>9} {'ratio':>6}")
    for r in rows:
        print(f"{r['profile']:<10} {r['build']:<19} {r['flash_bytes']:>9,} "
              f"{r['paper_flash_bytes'] and format(r['paper_flash_bytes'], ','):>9} {r['ratio']:>6}")
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
