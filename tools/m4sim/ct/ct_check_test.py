#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""ct_check.py's pairing and decisions on synthetic firmware and plugin lines
(no QEMU needed): pairing by seq, the first published value that differs,
the last common checkpoint (full and masked), the masking of table loads."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ct_check  # noqa: E402

CONSOLE = """\
pqmcu-ct-fw seq=0 region=op run=0 expect=same status=0 declass=00000000000000aa:32,00000000000000bb:16
pqmcu-ct-fw seq=1 region=op run=1 expect=same status=0 declass=00000000000000aa:32,00000000000000cc:16
pqmcu-ct-fw done failures=0
"""
PLUGIN = """\
pqmcu-ct begin seq=0
pqmcu-ct declass seq=0 n=100
pqmcu-ct ck seq=0 n=65536 digest=0000000000000001 mdigest=0000000000000001
pqmcu-ct declass seq=0 n=70000
pqmcu-ct ck seq=0 n=131072 digest=0000000000000002 mdigest=0000000000000012
pqmcu-ct ck seq=0 n=196608 digest=0000000000000003 mdigest=0000000000000013
pqmcu-ct end seq=0 n=200000 insns=1 loads=2 stores=3 digest=0000000000000004 mdigest=0000000000000014
pqmcu-ct begin seq=1
pqmcu-ct declass seq=1 n=100
pqmcu-ct ck seq=1 n=65536 digest=0000000000000001 mdigest=0000000000000001
pqmcu-ct declass seq=1 n=70000
pqmcu-ct ck seq=1 n=131072 digest=00000000000000f2 mdigest=0000000000000012
pqmcu-ct ck seq=1 n=196608 digest=00000000000000f3 mdigest=00000000000000f3
pqmcu-ct end seq=1 n=200000 insns=1 loads=2 stores=3 digest=00000000000000f4 mdigest=00000000000000f4
"""


def check(cond, what):
    if not cond:
        print(f"FAIL: {what}")
        sys.exit(1)


def main():
    runs = ct_check.parse(CONSOLE, PLUGIN)
    check(sorted(runs) == [0, 1], "two runs parsed")
    a, b = runs[0], runs[1]
    check(a.region == "op" and (a.run, b.run) == (0, 1) and a.expect == "same", "pairing fields")
    check(a.declass_n == [100, 70000] and len(a.declass) == 2, "published values and their event indices")
    check(ct_check.first_public_difference(a, b) == (1, 70000), "value #1 is the first that differs")
    check(ct_check.last_common_checkpoint(a, b) == 65536, "full digests part after 65536")
    check(ct_check.last_common_checkpoint(a, b, masked=True) == 131072, "masked digests part after 131072")
    same = runs[0]
    check(ct_check.first_public_difference(same, same) is None, "a run against itself: no difference")
    masks = [(0x1000, 0x1400, "t0"), (0x2000, 0x2100, "sbox")]
    load_t0 = 0x1123 | (1 << 32) | (2 << 34)
    load_t0b = 0x13FC | (1 << 32) | (2 << 34)
    load_ram = 0x20000010 | (1 << 32) | (2 << 34)
    insn = 0x1100  # an instruction address inside the range: never masked
    check(ct_check.masked_event(load_t0, masks) == ct_check.masked_event(load_t0b, masks), "t0 loads masked")
    check(ct_check.masked_event(load_t0, masks) != ct_check.masked_event(0x2010 | (1 << 32) | (2 << 34), masks),
          "two tables stay apart")
    check(ct_check.masked_event(load_ram, masks) == load_ram, "other loads keep their address")
    check(ct_check.masked_event(insn, masks) == insn, "instructions keep their address")
    text = ct_check.describe_event(load_ram, 0x0C10, FakeSyms())
    check(text.startswith("load of 4 B at 0x20000010") and "by instruction 0x00000c10" in text, "event text")
    print("ok: pairing, published values, checkpoints and masks")
    return 0


class FakeSyms:
    def describe(self, addr):
        return f"0x{addr:08x}"


if __name__ == "__main__":
    sys.exit(main())
