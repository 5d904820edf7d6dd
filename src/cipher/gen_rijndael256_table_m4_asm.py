#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes rijndael256_table_m4.S: the T-table Rijndael-256-256 block and
the table-S-box key expansion for ARMv7-M (Cortex-M4). NOT CONSTANT TIME:
the table addresses are state and key bytes. Only for public data and
public keys (table_not_ct backend, key_schedule_public; MQOM's salts and
tweaks, its verification side and public equations), like table_not_ct.cpp
and key_schedule.cpp, whose computations they are.

usage: gen_rijndael256_table_m4_asm.py > rijndael256_table_m4.S   (deterministic, instant)

void pqmcu_rijndael256_table_not_ct_m4(AesTableJob* job)
  table_not_ct.cpp's job: nblocks >= 1 blocks, block i under *keys[i] (a
  FIPS-197 expanded key; key_step 0 = one key for all), T0 = (2s, s, s, 3s),
  the S-box of the last round read as byte 1 of its entries; the job is
  only read. in == out allowed. The block loop is in the assembly (one
  call per run of blocks, not per block; the job's fields wait in FPU
  registers s10-s15).

The state (eight column words) lives in r0-r7, T0 in r8, the round key
pointer in r9, with four temporaries. Column j of a middle round is
  T0[s[j].b0] ^ ror(T0[s[j+1].b1], 24) ^ ror(T0[s[j+3].b2], 16) ^ ror(T0[s[j+4].b3], 8)
(ShiftRows offsets 1, 3, 4): four UXTB/LSR, four table loads back to back
(they pipeline), the row rotations folded into the EORs. The rounds are
unrolled and the register of each column word changes from round to round:
once a word has no use left in the round, its register takes the next new
column directly (columns 4-7); columns 0-3 wait in FPU registers (VMOV, one
cycle) and get their round-key words in the registers column 7 frees,
loaded right behind its table loads; the other four key words are added
with their loads back to back. Before printing, the code is run on a small simulator and
compared with a plain Rijndael-256 and the first vectors of
../shared/kat/primitives; the script fails on any difference.
"""
import os
import random
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_aes_bs_m4_asm as bs  # noqa: E402  (S-box, GF arithmetic, ror)

FUNC = "pqmcu_rijndael256_table_not_ct_m4"
S = ["r%d" % i for i in range(8)]
T, K, TMP = "r8", "r9", ["r10", "r11", "r12", "lr"]
OFF = (0, 1, 3, 4)  # ShiftRows offsets
MIDDLE = 13
# Job fields (byte offsets; table_not_ct.cpp's AesTableJob)
JOB_KEYS, JOB_IN, JOB_OUT, JOB_N, JOB_T0, JOB_KEY_STEP = 0, 4, 8, 12, 20, 28


def round_code(phys, last, koff):
    """One round over the state in registers phys[c] (column word c).
    Columns in order 0..7: a register whose word has no use left takes the
    next new column directly (from column 4 on), the others wait in FPU
    registers; the round key words of those are loaded behind the table
    loads of the last column, into the registers it frees, the others are
    added four words at a time (loads back to back). last: S-box bytes
    (byte 1 of the T0 entries) instead of T0 words. Returns the code and
    the new register map."""
    code, new, fpu = [], [None] * 8, []
    uses = defaultdict(int)
    for j in range(8):
        for o in OFF:
            uses[(j + o) % 8] += 1
    free = []
    for j in range(8):
        srcs = [phys[(j + OFF[r]) % 8] for r in range(4)]
        for r in range(4):
            if r == 3:
                code.append(("lsr", TMP[3], srcs[3], 24))
            else:
                code.append(("uxtb", TMP[r], srcs[r], 8 * r))
        for r in range(4):
            code.append(("ldrb_t" if last else "ldr_t", TMP[r], T, TMP[r]))
        for o in OFF:
            uses[(j + o) % 8] -= 1
            if uses[(j + o) % 8] == 0 and phys[(j + o) % 8] not in free:
                free.append(phys[(j + o) % 8])
        dst = free.pop(0) if free else TMP[0]
        if j == 7:
            # the round key of the parked columns, loaded into the registers
            # the last column frees, right behind its table loads (pipelined)
            assert len(free) >= len(fpu)
            for i, c in enumerate(fpu):
                new[c] = free.pop(0)
                code.append(("ldr", new[c], K, koff + 4 * c))
        for r in range(1, 4):
            src0 = TMP[0]
            d = dst if r == 3 else TMP[0]
            if last:
                code.append(("orr_lsl", d, src0, TMP[r], 8 * r))
            else:
                code.append(("eor_ror", d, src0, TMP[r], 32 - 8 * r))
        if dst == TMP[0]:
            code.append(("vmov_to", "s%d" % len(fpu), TMP[0]))
            fpu.append(j)
        else:
            new[j] = dst
    for i, c in enumerate(fpu):
        code.append(("vmov_from", TMP[i % 4], "s%d" % i))
        code.append(("eor_ror", new[c], new[c], TMP[i % 4], 0))
    # the round key of the other columns, four words at a time
    rest = [c for c in range(8) if c not in fpu]
    for h in range(0, len(rest), 4):
        grp = rest[h:h + 4]
        code += [("ldr", TMP[i], K, koff + 4 * c) for i, c in enumerate(grp)]
        code += [("eor_ror", new[c], new[c], TMP[i], 0) for i, c in enumerate(grp)]
    return code, new


def add_key(phys, koff):
    code = []
    for h in (0, 4):
        code += [("ldr", TMP[i], K, koff + 4 * (h + i)) for i in range(4)]
        code += [("eor_ror", phys[h + i], phys[h + i], TMP[i], 0) for i in range(4)]
    return code


def program():
    """Straight-line code: entry, 13 middle rounds, the last round, output.
    The register of each column word changes from round to round."""
    code = [("mov", T, "r3"), ("mov", K, "r0"), ("vmov_to", "s8", "r2")]
    code += [("ldr", S[i], "r1", 4 * i) for i in (0, 2, 3, 4, 5, 6, 7)] + [("ldr", S[1], "r1", 4)]
    phys = list(S)
    code += add_key(phys, 0)
    for r in range(1, MIDDLE + 2):
        last = r == MIDDLE + 1
        if last:
            code.append(("add", T, T, 1))  # S-box = byte 1 of the T0 entries
        c, phys = round_code(phys, last, 32 * r)
        code += c
    code.append(("vmov_from", TMP[0], "s8"))
    code += [("str", phys[c], TMP[0], 4 * c) for c in range(8)]
    return code


KS_FUNC = "pqmcu_rijndael256_ks_public_not_ct_m4"
KW = ["r%d" % i for i in range(3, 11)]  # the current eight key words (ascending: STM order)
KT = ["r1", "r11", "r12", "lr"]


def ks_program():
    """Rijndael-256 key expansion (Nk = 8, 15 x 8 words) with the S-box read
    from the 256-byte table: 14 steps of eight words, each stored with one
    STM. Round constants are immediates (they do not depend on the key)."""
    code = [("ldr", KW[i], "r1", 4 * i) for i in range(8)]
    code.append(("stm", "r0", KW))
    rcon = 1
    for step in range(14):
        for word, rot in ((0, True), (4, False)):
            src = KW[7] if rot else KW[3]
            # RotWord (rot) then SubWord: byte b of the result is S[byte (b + rot) % 4]
            for b in range(4):
                sb = (b + 1) % 4 if rot else b
                if sb == 3:
                    code.append(("lsr", KT[b], src, 24))
                else:
                    code.append(("uxtb", KT[b], src, 8 * sb))
            for b in range(4):
                code.append(("ldrb_r", KT[b], "r2", KT[b]))
            for b in range(4):
                code.append(("eor_lsl", KW[word], KW[word], KT[b], 8 * b))
            if rot:
                code.append(("eor_imm", KW[0], KW[0], rcon))
                rcon = bs._xt(rcon)
            for j in range(word + 1, word + 4):
                code.append(("eor_ror", KW[j], KW[j], KW[j - 1], 0))
        code.append(("stm", "r0", KW))
    return code


def fmt(ins):
    k = ins[0]
    if k == "mov":
        return "mov.w %s, %s" % ins[1:]
    if k == "add":
        return "add.w %s, %s, #%d" % ins[1:]
    if k == "lsr":
        return "lsr.w %s, %s, #%d" % ins[1:]
    if k == "uxtb":
        return "uxtb.w %s, %s" % ins[1:3] + (", ror #%d" % ins[3] if ins[3] else "")
    if k == "ldr_t":
        return "ldr.w %s, [%s, %s, lsl #2]" % ins[1:]
    if k == "ldrb_t":
        return "ldrb.w %s, [%s, %s, lsl #2]" % ins[1:]
    if k == "ldr":
        return "ldr.w %s, [%s, #%d]" % ins[1:]
    if k == "str":
        return "str.w %s, [%s, #%d]" % ins[1:]
    if k == "ldrb_r":
        return "ldrb.w %s, [%s, %s]" % ins[1:]
    if k == "eor_lsl":
        return "eor.w %s, %s, %s" % ins[1:4] + (", lsl #%d" % ins[4] if ins[4] else "")
    if k == "eor_imm":
        return "eor.w %s, %s, #0x%02X" % ins[1:]
    if k == "stm":
        return "stmia.w %s!, {%s}" % (ins[1], ", ".join(ins[2]))
    if k == "eor_ror":
        return "eor.w %s, %s, %s" % ins[1:4] + (", ror #%d" % ins[4] if ins[4] else "")
    if k == "orr_lsl":
        return "orr.w %s, %s, %s, lsl #%d" % ins[1:]
    if k == "vmov_to":
        return "vmov %s, %s" % ins[1:]
    if k == "vmov_from":
        return "vmov %s, %s" % ins[1:]
    if k == "cmp":
        return "cmp.w %s, %s" % ins[1:]
    raise ValueError(k)


def cycles(seg):
    """Same rule as the other generators: a load/store after a load pipelines."""
    c, prev = 0, False
    for ins in seg:
        if ins[0] == "stm":
            c, prev = c + 1 + len(ins[2]), False
            continue
        mem = ins[0] in ("ldr", "ldr_t", "ldrb_t", "ldrb_r", "str")
        c += 1 if (mem and prev) else (2 if mem else 1)
        prev = ins[0] in ("ldr", "ldr_t", "ldrb_t", "ldrb_r")
    return c


# ------------------------------------------------------------ self-check
def t0_table():
    t = []
    for x in range(256):
        s = bs.SBOX[x]
        s2 = bs._mul(s, 2)
        t.append(s2 | (s << 8) | (s << 16) | ((s2 ^ s) << 24))
    return t


def simulate(segs, w, block):
    mem = {}
    RK, IN, OUT, TB = 0x1000, 0x3000, 0x3100, 0x4000
    for i, x in enumerate(w):
        mem[RK + 4 * i] = x
    for i in range(8):
        mem[IN + 4 * i] = int.from_bytes(block[4 * i:4 * i + 4], "little")
    tb = b"".join(x.to_bytes(4, "little") for x in t0_table())
    R = {"r0": RK, "r1": IN, "r2": OUT, "r3": TB}
    flag = [False]

    def ld(a):
        return int.from_bytes(bytes(tb[a - TB + i] for i in range(4)), "little") if TB <= a < TB + 1024 else mem[a]

    def run(seg):
        for ins in seg:
            k = ins[0]
            if k == "mov":
                R[ins[1]] = R[ins[2]]
            elif k == "add":
                R[ins[1]] = (R[ins[2]] + ins[3]) & bs.M32
            elif k == "lsr":
                R[ins[1]] = R[ins[2]] >> ins[3]
            elif k == "uxtb":
                R[ins[1]] = bs.ror(R[ins[2]], ins[3]) & 0xFF
            elif k == "ldr_t":
                R[ins[1]] = ld(R[ins[2]] + 4 * R[ins[3]])
            elif k == "ldrb_t":
                R[ins[1]] = tb[R[ins[2]] + 4 * R[ins[3]] - TB]
            elif k == "ldr":
                R[ins[1]] = ld(R[ins[2]] + ins[3])
            elif k == "str":
                mem[R[ins[2]] + ins[3]] = R[ins[1]]
            elif k == "eor_ror":
                R[ins[1]] = R[ins[2]] ^ bs.ror(R[ins[3]], ins[4])
            elif k == "orr_lsl":
                R[ins[1]] = R[ins[2]] | ((R[ins[3]] << ins[4]) & bs.M32)
            elif k in ("vmov_to", "vmov_from"):
                R[ins[1]] = R[ins[2]]
            elif k == "cmp":
                flag[0] = R[ins[1]] == R[ins[2]]
            else:
                raise ValueError(k)

    run(segs)
    return b"".join(mem[OUT + 4 * i].to_bytes(4, "little") for i in range(8))


def self_check(segs):
    import gen_rijndael256_m4_asm as fsgen  # reference Rijndael-256 and the KAT reader
    for key, pt, ct in fsgen.kat_vectors(8):
        if simulate(segs, fsgen.expand(key), pt) != ct:
            raise SystemExit("self-check failed (KAT vector)")
    rng = random.Random(3)
    for trial in range(8):
        w = fsgen.expand(bytes(rng.getrandbits(8) for _ in range(32)))
        pt = bytes(rng.getrandbits(8) for _ in range(32))
        if simulate(segs, w, pt) != fsgen.rijndael256_ref(w, pt):
            raise SystemExit("self-check failed (trial %d)" % trial)


def ks_simulate(code, key):
    sb = bytes(bs.SBOX)
    SBA, KEY, W = 0x5000, 0x3000, 0x1000
    mem = {KEY + i: key[i] for i in range(32)}
    R = {"r0": W, "r1": KEY, "r2": SBA}
    out = {}
    for ins in code:
        k = ins[0]
        if k == "ldr":
            R[ins[1]] = int.from_bytes(bytes(mem[R[ins[2]] + ins[3] + i] for i in range(4)), "little")
        elif k == "stm":
            for reg in ins[2]:
                out[R[ins[1]]] = R[reg]
                R[ins[1]] += 4
        elif k == "lsr":
            R[ins[1]] = R[ins[2]] >> ins[3]
        elif k == "uxtb":
            R[ins[1]] = bs.ror(R[ins[2]], ins[3]) & 0xFF
        elif k == "ldrb_r":
            R[ins[1]] = sb[R[ins[2]] + R[ins[3]] - SBA]
        elif k == "eor_lsl":
            R[ins[1]] = R[ins[2]] ^ ((R[ins[3]] << ins[4]) & bs.M32)
        elif k == "eor_imm":
            R[ins[1]] = R[ins[2]] ^ ins[3]
        elif k == "eor_ror":
            R[ins[1]] = R[ins[2]] ^ bs.ror(R[ins[3]], ins[4])
        else:
            raise ValueError(k)
    return [out[W + 4 * i] for i in range(120)]


def ks_self_check(code):
    import gen_rijndael256_m4_asm as fsgen
    rng = random.Random(5)
    keys = [k for k, _, _ in fsgen.kat_vectors(8)] + [bytes(rng.getrandbits(8) for _ in range(32)) for _ in range(8)]
    for key in keys:
        if ks_simulate(code, key) != fsgen.expand(key):
            raise SystemExit("self-check failed (key schedule)")


def main():
    code = program()
    self_check(code)
    ks = ks_program()
    ks_self_check(ks)
    p = print
    p("@ SPDX-License-Identifier: Apache-2.0 OR MIT")
    p("@ Generated by gen_rijndael256_table_m4_asm.py; do not edit.")
    p("@ NOT CONSTANT TIME (table lookups indexed by state bytes): public data only.")
    p("@ Straight-line, %d instructions, about %d cycles per block (model of the generator)."
      % (len(code) + 2, cycles(code) + 2))
    p("@ void %s(Job* job): job = {keys, in, out, nblocks, nr, t0, sbox, key_step}" % FUNC)
    p("@   (table_not_ct.cpp's AesTableJob; nr and sbox unused, nblocks >= 1): block i under")
    p("@   *keys (FIPS-197 expanded key), keys advancing by key_step bytes; the job is not")
    p("@   written. in == out allowed.")
    p("    .syntax unified")
    p("    .thumb")
    p("    .section .text.%s, \"ax\", %%progbits" % FUNC)
    p("    .align 2")
    p("    .global %s" % FUNC)
    p("    .type %s, %%function" % FUNC)
    p("    .thumb_func")
    p("%s:" % FUNC)
    p("    push {r4-r11, lr}")
    # the job's fields wait in FPU registers s10-s15 between the blocks
    for reg, off in (("r1", JOB_KEYS), ("r2", JOB_IN), ("r3", JOB_OUT), ("r12", JOB_N), ("lr", JOB_T0)):
        p("    ldr.w %s, [r0, #%d]" % (reg, off))
    p("    ldr.w r0, [r0, #%d]" % JOB_KEY_STEP)
    for i, reg in enumerate(("r1", "r2", "r3", "r12", "lr", "r0")):
        p("    vmov s%d, %s" % (10 + i, reg))
    p(".Lblock_%s:" % FUNC)
    # the block below takes r0 = round keys, r1 = in, r2 = out, r3 = T0
    p("    vmov r12, s10")
    p("    vmov lr, s15")
    p("    vmov r1, s11")
    p("    vmov r2, s12")
    p("    vmov r3, s14")
    p("    ldr.w r0, [r12]")
    p("    add.w r12, r12, lr")
    p("    vmov s10, r12")
    p("    add.w r12, r1, #32")
    p("    vmov s11, r12")
    p("    add.w r12, r2, #32")
    p("    vmov s12, r12")
    for ins in code:
        p("    " + fmt(ins))
    p("    vmov r1, s13")
    p("    subs.w r1, r1, #1")
    p("    vmov s13, r1")
    p("    bne.w .Lblock_%s" % FUNC)
    p("    pop {r4-r11, pc}")
    p("    .size %s, .-%s" % (FUNC, FUNC))
    p("")
    p("@ void %s(uint32_t w[120], const uint8_t key[32], const uint8_t sbox[256])" % KS_FUNC)
    p("@   Rijndael-256 key expansion, S-box by table lookups (PUBLIC keys only); w 4-byte aligned.")
    p("@   %d instructions, about %d cycles." % (len(ks) + 2, cycles(ks) + 2))
    p("    .section .text.%s, \"ax\", %%progbits" % KS_FUNC)
    p("    .align 2")
    p("    .global %s" % KS_FUNC)
    p("    .type %s, %%function" % KS_FUNC)
    p("    .thumb_func")
    p("%s:" % KS_FUNC)
    p("    push {r4-r11, lr}")
    for ins in ks:
        p("    " + fmt(ins))
    p("    pop {r4-r11, pc}")
    p("    .size %s, .-%s" % (KS_FUNC, KS_FUNC))


if __name__ == "__main__":
    main()
