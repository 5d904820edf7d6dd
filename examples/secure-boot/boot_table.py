#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Table of the secure-boot measurements written by run_boot_test.py --metrics
(lines: alg,stack,static,total,insns,cycles,flash)."""
import sys


def main():
    rows = [line.strip().split(",") for line in open(sys.argv[1]) if line.strip()]
    print()
    print("Secure boot (examples/secure-boot), verify in the bootloader on QEMU mps2-an386")
    print(f"{'scheme':<32}{'verify Mcyc':>12}{'verify Minsn':>13}{'stack B':>9}{'static B':>10}"
          f"{'total RAM B':>12}{'flash B':>9}")
    for alg, stack, static, total, insns, cycles, flash in rows:
        mc = f"{int(cycles) / 1e6:.2f}" if cycles else "-"
        mi = f"{int(insns) / 1e6:.2f}" if insns else "-"
        print(f"{alg:<32}{mc:>12}{mi:>13}{stack:>9}{static:>10}{total:>12}{flash:>9}")
    print("cycles: emulated estimate of the cycle-model plugin (docs/cycle-model.md); "
          "total RAM = static (.data+.bss) + peak verify stack")


if __name__ == "__main__":
    main()
