#!/usr/bin/env python3
"""Writes keccak_f1600_m4.S: Keccak-f[1600] on bit-interleaved words for
ARMv7-M (Cortex-M4), with our own register allocation, and checks it first
with a small simulator of the instructions it emits.

usage: gen_keccak_m4_asm.py [ROUNDS_PER_BLOCK] > keccak_f1600_m4.S

Same data layout and lazy-rotation bookkeeping as gen_keccak_bi32.py (the C
version); here, in addition:
  - rounds go state -> stack buffer -> state, so there are only two base
    registers and no copies;
  - theta: the ten column parities live in r2-r11; the ten D words replace
    them in place and go to the stack with one STM;
  - chi works on one output plane-half (5 words, adjacent in memory) at a
    time and stores it with one STM; four registers keep D words across
    plane-halves (Belady replacement), and the plane-halves are ordered so
    consecutive ones reuse most of them;
  - loads are grouped so the M4 pipelines them (1 cycle each).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_keccak_bi32 as bi  # noqa: E402  (shared tables and plane order)

R = int(sys.argv[1]) if len(sys.argv) > 1 else 4
assert 24 % R == 0 and R % 2 == 0

# Stack frame (after the push): rc pointer, block counter, D words, buffer.
RCP, CNT, DOFF, TOFF, FRAME = 0, 4, 8, 48, 248
SRC_DST = [("r0", "r1"), ("r1", "r0")]  # r0 = state, r1 = stack buffer
# chi: out0/out1 are built in r2/r3, out2..out4 overwrite B2..B4 (r6-r8), so
# the plane-half leaves with one STM {r2, r3, r6, r7, r8}; r9 is scratch and
# also a short-lived D slot, r10-r12/lr keep D words across plane-halves.
OUT01 = ["r2", "r3"]
B_REGS = ["r4", "r5", "r6", "r7", "r8"]
SCRATCH = "r9"
D_KEEP = ["r10", "r11", "r12", "lr"]
# theta
C_REGS = ["r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11"]
TMP = ["r12", "lr"]
# Where theta leaves D[x].h, and the stack slot order that follows from it.
D_REG = {(1, 0): "r2", (1, 1): "r3", (2, 0): "r4", (2, 1): "r5", (3, 0): "r6", (3, 1): "r7",
         (4, 0): "r8", (4, 1): "r9", (0, 0): "r12", (0, 1): "lr"}
D_STM = ["r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r12", "lr"]
D_SLOT = {d: D_STM.index(r) for d, r in D_REG.items()}
D_BASE = "r10"


def word(x, y, h):
    return bi.word(x, y, h)


def rr(k):
    """ARM ror amount that rotates left by k."""
    return (32 - k % 32) % 32


class Asm:
    def __init__(self):
        self.ins = []

    def ldr(self, rd, base, off):
        self.ins.append(("ldr", rd, base, off))

    def str(self, rs, base, off):
        self.ins.append(("str", rs, base, off))

    def eor(self, rd, rn, rm, ror=0):
        self.ins.append(("eor", rd, rn, rm, ror % 32))

    def bic(self, rd, rn, rm, ror=0):
        self.ins.append(("bic", rd, rn, rm, ror % 32))

    def ror(self, rd, rm, ror):
        self.ins.append(("ror", rd, rm, ror % 32))

    def add(self, rd, rn, imm):
        self.ins.append(("add", rd, rn, imm))

    def stm(self, base, regs):
        self.ins.append(("stm", base, tuple(regs)))


def gen_round(a, j, frames, last, rc_frames):
    src, dst = SRC_DST[j % 2]
    # theta: column parities C[x,h] -> C_REGS[2x+h], frame = first word's
    cf = {}
    for i in range(10):
        x, h = i // 2, i % 2
        c = C_REGS[i]
        ws = [word(x, y, h) for y in range(5)]
        # Parity registers not yet computed serve as load scratch, so the
        # loads come in runs (the M4 pipelines consecutive loads).
        free = C_REGS[i + 1:] + TMP
        a.ldr(c, src, 4 * ws[0])
        rest = ws[1:]
        while rest:
            run, rest = rest[:len(free)], rest[len(free):]
            for t, w in zip(free, run):
                a.ldr(t, src, 4 * w)
            for t, w in zip(free, run):
                a.eor(c, c, t, rr(frames[w] - frames[ws[0]]))
        cf[x, h] = frames[ws[0]]
    # D[x].e = C[x-1].e ^ rol(C[x+1].o, 1); D[x].o = C[x-1].o ^ C[x+1].e.
    # D0 goes to r12/lr, then D2, D4, D1, D3 overwrite C1, C3, C0, C2 (each
    # at its last use), and one STM writes all ten (slot = register order).
    df = {}
    for x in (0, 2, 4, 1, 3):
        p, n = (x - 1) % 5, (x + 1) % 5
        for h, (oh, add) in enumerate([(1, 1), (0, 0)]):
            rd = TMP[h] if x == 0 else C_REGS[2 * p + h]
            a.eor(rd, C_REGS[2 * p + h], C_REGS[2 * n + oh], rr(cf[n, oh] + add - cf[p, h]))
            df[x, h] = cf[p, h]
    a.add(D_BASE, "sp", DOFF)
    a.stm(D_BASE, D_STM)
    # rho, pi, chi, iota, one output plane-half at a time
    order = bi.PLANE_ORDER
    needs = []  # per plane-half: [(x, hs, word, rho_add)] for X = 0..4
    for Y, h in order:
        row = []
        for X in range(5):
            x, y = (3 * (Y - 3 * X)) % 5, X
            r = bi.RHO[x][y]
            if r % 2 == 0:
                hs, add = h, r // 2
            else:
                hs, add = (1, r // 2 + 1) if h == 0 else (0, r // 2)
            row.append((x, hs, word(x, y, hs), add))
        needs.append(row)

    def next_use(d, k):
        for kk in range(k + 1, len(needs)):
            if any((x, hs) == d for x, hs, _, _ in needs[kk]):
                return kk
        return len(needs) + 1

    held = {r: None for r in D_KEEP}  # register -> (x, hs)
    out_frames = [0] * 50
    for k, (Y, h) in enumerate(order):
        want = [(x, hs) for x, hs, _, _ in needs[k]]
        where = {}
        for r, d in held.items():
            if d in want:
                where[d] = r
        missing = [d for d in want if d not in where]
        # Belady: the missing word used again soonest goes to a kept register,
        # the one used last (or never) to the scratch register.
        missing.sort(key=lambda d: next_use(d, k))
        free = [r for r, d in held.items() if d not in want]
        free.sort(key=lambda r: -1 if held[r] is None else -next_use(held[r], k))
        slots = free[: len(missing) - 1] + [SCRATCH]
        for d, r in zip(missing, slots):
            a.ldr(r, "sp", DOFF + 4 * D_SLOT[d])
            where[d] = r
            if r != SCRATCH:
                held[r] = d
        B = []
        for X, (x, hs, w, add) in enumerate(needs[k]):
            a.ldr(B_REGS[X], src, 4 * w)
        for X, (x, hs, w, add) in enumerate(needs[k]):
            a.eor(B_REGS[X], B_REGS[X], where[x, hs], rr(df[x, hs] - frames[w]))
            B.append(frames[w] + add)
        for X in range(5):
            b0, b1, b2 = X, (X + 1) % 5, (X + 2) % 5
            # out0/out1 into r2/r3 (B0, B1 are still needed); out2..out4 into
            # their own B register, whose last use this is.
            t = OUT01[X] if X < 2 else B_REGS[X]
            tb = t if X < 2 else SCRATCH
            a.bic(tb, B_REGS[b2], B_REGS[b1], rr(B[b1] - B[b2]))  # frame B[b2]
            f0, f2 = B[b0] % 32, B[b2] % 32
            if last and f2 == 0 and f0 != 0:
                a.eor(t, tb, B_REGS[b0], rr(f0 - f2))
                f = f2
            else:
                a.eor(t, B_REGS[b0], tb, rr(f2 - f0))
                f = f0
            if X == 0 and Y == 0:
                a.ldr(SCRATCH, "sp", RCP)
                a.ldr(SCRATCH, SCRATCH, 4 * (2 * j + h))
                a.eor(t, t, SCRATCH)
                rc_frames[j, h] = f
            if last and f != 0:
                a.ror(t, t, rr(f))
                f = 0
            out_frames[word(X, Y, h)] = f
        off = 4 * word(0, Y, h)
        base = dst
        if off:
            a.add(SCRATCH, dst, off)
            base = SCRATCH
        a.stm(base, OUT01 + B_REGS[2:])
    return out_frames


def gen_block():
    a = Asm()
    frames = [0] * 50
    rc_frames = {}
    for j in range(R):
        frames = gen_round(a, j, frames, j == R - 1, rc_frames)
    assert all(f == 0 for f in frames)
    table = []
    for r in range(24):
        for h in range(2):
            table.append(bi.rotr32(bi.RC[r][h], rc_frames[r % R, h]))
    return a.ins, table


# --- simulator ---------------------------------------------------------------

def rotr(v, n):
    n %= 32
    return ((v >> n) | (v << (32 - n))) & 0xFFFFFFFF if n else v


def simulate(ins, table, state_words):
    STATE, SP, TABLE = 0x10000, 0x20000, 0x30000
    mem = {}
    for i, v in enumerate(state_words):
        mem[STATE + 4 * i] = v
    for i, v in enumerate(table):
        mem[TABLE + 4 * i] = v
    reg = {"r0": STATE, "r1": SP + TOFF, "sp": SP}
    mem[SP + RCP] = TABLE
    for _ in range(24 // R):
        for op in ins:
            k = op[0]
            if k == "ldr":
                reg[op[1]] = mem[reg[op[2]] + op[3]]
            elif k == "str":
                mem[reg[op[2]] + op[3]] = reg[op[1]]
            elif k == "eor":
                reg[op[1]] = reg[op[2]] ^ rotr(reg[op[3]], op[4])
            elif k == "bic":
                reg[op[1]] = reg[op[2]] & ~rotr(reg[op[3]], op[4]) & 0xFFFFFFFF
            elif k == "ror":
                reg[op[1]] = rotr(reg[op[2]], op[3])
            elif k == "add":
                reg[op[1]] = reg[op[2]] + op[3]
            elif k == "stm":
                for i, r in enumerate(op[2]):
                    mem[reg[op[1]] + 4 * i] = reg[r]
        mem[SP + RCP] += 8 * R
    return [mem[STATE + 4 * i] for i in range(50)]


def reference(words):
    """Keccak-f[1600] on 64-bit lanes, straight from the specification."""
    lanes = [bi_join(words[i], words[25 + i]) for i in range(25)]
    M = (1 << 64) - 1
    rol = lambda v, n: ((v << n) | (v >> (64 - n))) & M if n else v  # noqa: E731
    rcs = bi.round_constants()
    for r in range(24):
        C = [lanes[x] ^ lanes[x + 5] ^ lanes[x + 10] ^ lanes[x + 15] ^ lanes[x + 20] for x in range(5)]
        D = [C[(x - 1) % 5] ^ rol(C[(x + 1) % 5], 1) for x in range(5)]
        Bm = [0] * 25
        for x in range(5):
            for y in range(5):
                Bm[y + 5 * ((2 * x + 3 * y) % 5)] = rol(lanes[x + 5 * y] ^ D[x], bi.RHO[x][y])
        lanes = [Bm[x + 5 * y] ^ (~Bm[(x + 1) % 5 + 5 * y] & Bm[(x + 2) % 5 + 5 * y]) for y in range(5) for x in range(5)]
        lanes[0] ^= rcs[r]
    halves = [bi.split(v) for v in lanes]
    return [e for e, _ in halves] + [o for _, o in halves]


def bi_join(e, o):
    v = 0
    for k in range(32):
        v |= ((e >> k) & 1) << (2 * k) | ((o >> k) & 1) << (2 * k + 1)
    return v


def self_check(ins, table):
    import random
    rnd = random.Random(1)
    for _ in range(3):
        words = [rnd.getrandbits(32) for _ in range(50)]
        if simulate(ins, table, words) != reference(words):
            raise SystemExit("gen_keccak_m4_asm: simulated code disagrees with the reference")


# --- assembly text ---------------------------------------------------------

LOW = {f"r{i}" for i in range(8)}


def text(op):
    k = op[0]
    if k in ("ldr", "str"):
        return f"{k} {op[1]}, [{op[2]}, #{op[3]}]"
    if k in ("eor", "bic"):
        _, rd, rn, rm, s = op
        if s == 0 and rd == rn and rd in LOW and rm in LOW:
            return f"{k}s {rd}, {rm}"  # 16-bit encoding; flags are dead
        return f"{k} {rd}, {rn}, {rm}" + (f", ror #{s}" if s else "")
    if k == "ror":
        return f"ror {op[1]}, {op[2]}, #{op[3]}"
    if k == "add":
        return f"add {op[1]}, {op[2]}, #{op[3]}"
    if k == "stm":
        return f"stm {op[1]}, {{{', '.join(op[2])}}}"
    raise ValueError(op)


def main():
    ins, table = gen_block()
    self_check(ins, table)
    n = {}
    for op in ins:
        n[op[0]] = n.get(op[0], 0) + 1
    per_round = {k: v / R for k, v in sorted(n.items())}
    out = []
    w = out.append
    w(f"@ Generated by gen_keccak_m4_asm.py {R}; do not edit.")
    w(f"@ Per round: " + ", ".join(f"{k} {v:g}" for k, v in per_round.items()))
    w("@ void pqmcu_keccak_f1600_bi32_m4(uint32_t words[50])  (AAPCS)")
    w("    .syntax unified")
    w("    .thumb")
    w("    .section .rodata.pqmcu_keccak_rc_m4, \"a\", %progbits")
    w("    .align 2")
    w("pqmcu_keccak_rc_m4:")
    for i in range(0, 48, 6):
        w("    .word " + ", ".join(f"0x{v:08X}" for v in table[i:i + 6]))
    w("    .section .text.pqmcu_keccak_f1600_bi32_m4, \"ax\", %progbits")
    w("    .align 2")
    w("    .global pqmcu_keccak_f1600_bi32_m4")
    w("    .type pqmcu_keccak_f1600_bi32_m4, %function")
    w("    .thumb_func")
    w("pqmcu_keccak_f1600_bi32_m4:")
    w("    push {r3-r11, lr}")
    w(f"    sub sp, sp, #{FRAME}")
    w("    movw r2, #:lower16:pqmcu_keccak_rc_m4")
    w("    movt r2, #:upper16:pqmcu_keccak_rc_m4")
    w(f"    str r2, [sp, #{RCP}]")
    w(f"    movs r2, #{24 // R}")
    w(f"    str r2, [sp, #{CNT}]")
    w(f"    add r1, sp, #{TOFF}")
    w("1:")
    for op in ins:
        w("    " + text(op))
    w(f"    ldr r2, [sp, #{RCP}]")
    w(f"    adds r2, r2, #{8 * R}")
    w(f"    str r2, [sp, #{RCP}]")
    w(f"    ldr r2, [sp, #{CNT}]")
    w("    subs r2, r2, #1")
    w(f"    str r2, [sp, #{CNT}]")
    w("    bne.w 1b")
    w("    @ the stack buffer and D words hold state: clear them")
    w("    movs r2, #0")
    w("    movs r3, #0")
    w(f"    add r12, sp, #{DOFF}")
    w(f"    movs lr, #{(FRAME - DOFF) // 8}")
    w("2:")
    w("    strd r2, r3, [r12], #8")
    w("    subs lr, lr, #1")
    w("    bne 2b")
    w(f"    add sp, sp, #{FRAME}")
    w("    pop {r3-r11, pc}")
    w("    .size pqmcu_keccak_f1600_bi32_m4, .-pqmcu_keccak_f1600_bi32_m4")
    print("\n".join(out))


if __name__ == "__main__":
    main()
