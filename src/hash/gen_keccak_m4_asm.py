#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes keccak_f1600_m4.S: Keccak-f[1600] on bit-interleaved words for
ARMv7-M (Cortex-M4), with our own register allocation, and checks it first
with a small simulator of the instructions it emits.

usage: gen_keccak_m4_asm.py [ROUNDS_PER_BLOCK] > keccak_f1600_m4.S  (default 24)

Same data layout and lazy-rotation bookkeeping as gen_keccak_bi32.py (the C
version); here, in addition:
  - rounds go state -> stack buffer -> state, so there are only two base
    registers and no copies; the ten output plane-halves of a round are
    written in address order, each with one STM with writeback;
  - theta's column parities are accumulated while chi writes the previous
    round's output (five accumulator registers per half, the even half
    parked in FPU registers s10-s14), so theta never re-reads the state:
    only the first round of a call computes them from memory;
  - the ten D words live in FPU registers s0-s9 (VMOV is one cycle and,
    unlike single loads, needs no run of loads to be cheap);
  - chi works in place on the five B registers with two temporaries, the
    registers chosen so each output plane-half is one ascending STM list;
  - in the last round of a block, where every word must end at rotation 0,
    each B word takes the frame of its state word or of its D word and each
    chi output the frame of either input, whichever leaves fewer RORs;
  - by default all 24 rounds are one straight block (STRAIGHT): the round
    constants are EOR immediates and only round 24 rotates words back;
    rounds 1-23 are park rounds (see RES_D: one D word in T1 for the whole
    round, chi with one temporary, the diagonal lanes in s16-s25, so the
    next round's planes Y = 0 load nothing), theta writes the D words of
    plane-half (0, 0) straight into free registers, and the last round
    computes no parities and keeps five D words in the accumulators;
  - grinding: the _grind_loop entry runs the tries of _grind_pre back to
    back, each first computing only the output lane holding the tested
    bits (gen_lane_test), the plane-0 round only for a try that passes.

Where a park round's model cycles go (~382): 202 ALU instructions that any
bit-interleaved round needs (50 BIC, 150 EOR with free shifted operands:
theta 10 + 50, parities 40, chi 50; iota ~2.3 immediates); 40 loads in 8
runs (48); 10 STMs of 4 (50); 78 VMOVs (40 D reads, 9 D writes, 10 + 10
parked lanes, 5 + 5 parities of the even half); one SUB. Every access
costs a cycle, so what is left above that floor is the 18 run/STM starts;
going lower needs fewer accesses, i.e. more D words in core registers (6
cycles a round each), which needs a register freed: the only candidate is
a base (src and dst both addressed from one register, e.g. a descending
STMDB tape on the stack read with positive offsets), which the _buf entry
(the caller's 200-byte scratch) does not allow.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_keccak_bi32 as bi  # noqa: E402  (shared tables)

R = int(sys.argv[1]) if len(sys.argv) > 1 else 24
assert 24 % R == 0 and R % 2 == 0
# All 24 rounds in one straight block: no loop, the round constants become
# EOR immediates (no table loads), and only the 24th round rotates words
# back to frame 0. The grinding entries leave the body after round 21 for
# their own last two rounds (GRIND_EXIT).
STRAIGHT = R == 24
GRIND_EXIT = R - 3

# Stack frame (after the push): wipe flag, out pointer (grinding), rc
# pointer, block counter, then the 200-byte buffer. The _buf entry takes its
# buffer from the caller and allocates the wipe flag's word only (Saber's
# stack peaks run through it); the common exit tells the two frames apart by
# where the wipe left r1.
WIPE, OUT, RCP, CNT, TOFF, FRAME = 0, 4, 8, 12, 16, 216
# The loop builds (R < 24) keep the rc pointer and the block counter in the
# frame too: their _buf frame has those words (with 4 B, the two stores
# overwrote the saved r5 / r6 of the caller).
SMALL = 4 if STRAIGHT else 16
assert STRAIGHT or SMALL >= max(RCP, CNT) + 4, "the loop's frame words must lie inside the _buf frame"
SRC_DST = [("r0", "r1"), ("r1", "r0")]  # r0 = state, r1 = stack buffer
# chi: B[X] in BR[X]; out0/out1 go to T0/T1, out4/out3/out2 overwrite
# B1/B0/B2, so OUTR (out0..out4) is an ascending register list for the STM.
T0, T1 = "r2", "r3"
BR = ["r5", "r6", "r4", "r7", "r8"]
OUTR = [T0, T1, BR[2], BR[0], BR[1]]
# Column-parity accumulators (ascending: plane Y = 0 is computed into them).
ACC = ["r9", "r10", "r11", "r12", "lr"]
# theta: C[x, 0] come back from s10-s14 into C0R, C[x, 1] are in ACC.
C0R = ["r2", "r3", "r4", "r5", "r6"]
DTMP = "r7"
D_S = {(x, h): f"s{2 * x + h}" for x in range(5) for h in range(2)}
C0_S = [f"s{10 + x}" for x in range(5)]
# The grinding entry on a pre-thetaed prefix state: the nonce's lane (MQOM
# category 1: bytes 33..36 of the absorbed block, lane 4 = (x 4, y 0)).
PRE_X, PRE_Y = 4, 0


def word(x, y, h):
    return bi.word(x, y, h)


def thumb_imm(v):
    """True if v is a Thumb-2 modified immediate constant."""
    lo = v & 0xFF
    if v < 256 or v == lo * 0x00010001 or v == lo * 0x01010101 or v == (lo << 8) * 0x00010001:
        return True
    return any(v == i << (32 - r) for r in range(8, 32) for i in range(128, 256))


def imm_pieces(v):
    """v as the XOR of as few modified immediates as possible (bits split
    between them; at most 3 for the bit-interleaved round constants)."""
    if v == 0:
        return []
    if thumb_imm(v):
        return [v]
    bits = [1 << i for i in range(32) if v >> i & 1]
    for n in (2, 3, 4):
        def split(rest, k):
            if k == 1:
                return [rest] if thumb_imm(rest) else None
            sub = [b for b in bits if rest & b]
            first = sub[0]
            others = sub[1:]
            for m in range(1 << len(others)):
                part = first | sum(b for i, b in enumerate(others) if m >> i & 1)
                if part == rest or not thumb_imm(part):
                    continue
                tail = split(rest ^ part, k - 1)
                if tail is not None:
                    return [part] + tail
            return None
        got = split(v, n)
        if got is not None:
            return got
    raise ValueError(hex(v))


def rr(k):
    """ARM ror amount that rotates left by k."""
    return (32 - k % 32) % 32


class Asm:
    def __init__(self):
        self.ins = []

    def ldr(self, rd, base, off):
        self.ins.append(("ldr", rd, base, off))

    def eor(self, rd, rn, rm, ror=0):
        self.ins.append(("eor", rd, rn, rm, ror % 32))

    def eori(self, rd, rn, imm):
        self.ins.append(("eori", rd, rn, imm))

    def bic(self, rd, rn, rm, ror=0):
        self.ins.append(("bic", rd, rn, rm, ror % 32))

    def ror(self, rd, rm, ror):
        self.ins.append(("ror", rd, rm, ror % 32))

    def sub(self, rd, rn, imm):
        self.ins.append(("sub", rd, rn, imm))

    def str_(self, rd, base, off):
        self.ins.append(("str", rd, base, off))

    def stmw(self, base, regs):
        self.ins.append(("stmw", base, tuple(regs)))

    def vto(self, s, r):
        self.ins.append(("vto", s, r))

    def vfrom(self, r, s):
        self.ins.append(("vfrom", r, s))


def gen_prologue(a):
    """Column parities of the input state (frame 0): C[x, 0] -> s10-s14,
    C[x, 1] -> ACC[x]."""
    tmp = ["r2", "r3", "r4", "r5", "r6", "r7", "r8"]
    cols = [(x, h) for h in range(2) for x in range(5)]
    for x, h in cols:
        ws = [word(x, y, h) for y in range(5)]
        for t, w in zip(tmp, ws):
            a.ldr(t, "r0", 4 * w)
        dest = tmp[0] if h == 0 else ACC[x]
        a.eor(dest, tmp[0], tmp[1])
        for t in tmp[2:5]:
            a.eor(dest, dest, t)
        if h == 0:
            a.vto(C0_S[x], dest)
    return {c: 0 for c in cols}


def plane_needs(Y, h):
    row = []
    for X in range(5):
        x, y = (3 * (Y - 3 * X)) % 5, X
        r = bi.RHO[x][y]
        if r % 2 == 0:
            hs, add = h, r // 2
        else:
            hs, add = (1, r // 2 + 1) if h == 0 else (0, r // 2)
        row.append((x, hs, word(x, y, hs), add))
    return row


def pre_nonce_word(x, y, hs):
    """Round 0 of the grinding entry on a pre-thetaed state (src = theta of
    the prefix state, plain frames) with the nonce N in lane (PRE_X, PRE_Y):
    theta is linear, so the word differs from src by N (that lane and
    column PRE_X + 1: D[PRE_X + 1] has C[PRE_X]), by rol(N, 1) (column
    PRE_X - 1: D[PRE_X - 1] has rol(C[PRE_X], 1)) or not at all. Returns the
    S register holding that half (s0 = N.e, s1 = N.o, s2 = rol(N.o, 1),
    the even half of rol(N, 1); its odd half is N.e) or None."""
    add = 0
    if x == (PRE_X + 1) % 5:
        add ^= 1
    if (x, y) == (PRE_X, PRE_Y):
        add ^= 1
    rot = x == (PRE_X - 1) % 5
    if not add and not rot:
        return None
    assert not (add and rot)
    if add:
        return "s0" if hs == 0 else "s1"
    return "s2" if hs == 0 else "s0"


class Pool:
    """FPU registers s16.. for parked chi outputs (lowest free first)."""

    def __init__(self):
        self.free = list(range(16, 32))
        self.top = 15

    def take(self):
        assert self.free, "FPU park pool exhausted"
        n = self.free.pop(0)
        self.top = max(self.top, n)
        return f"s{n}"

    def give(self, reg):
        self.free.append(int(reg[1:]))
        self.free.sort()

    def copy(self):
        c = Pool()
        c.free, c.top = list(self.free), self.top
        return c


# Park rounds (STRAIGHT, all but the last): chi uses one temporary, so T1
# holds one D word for the whole round (RES_D, computed last in theta, after
# C0R[1] = T1 is dead); each plane-half parks its diagonal lane (Y, Y) in an
# FPU register (pool) instead of memory (one VMOV there and back, as cheap
# as its STM slot and its load), the other four go out with one STM; the
# round's memory output is compacted (40 words). The diagonal lanes are what
# the next round's plane-halves Y = 0 read, so those two load no word.
RES_D = (4, 1)


def theta_schedule(park, final=False):
    """Order and destinations of theta's ten D words (STRAIGHT): the five
    that plane-half (Y 0, h 0) reads go to registers that are free until its
    chi (T0, the accumulators), so that plane-half needs no D VMOVs; the
    others go through DTMP to their FPU registers (RES_D, in park rounds,
    to T1). A destination must be dead: both its parity uses done."""
    need = {(x, hs) for x, hs, _, _ in plane_needs(0, 0)}

    def ops(x, h):
        p, n = (x - 1) % 5, (x + 1) % 5
        return [(p, 0), (n, 1)] if h == 0 else [(p, 1), (n, 0)]

    def reg(c):
        return C0R[c[0]] if c[1] == 0 else ACC[c[0]]

    uses = {}
    for x in range(5):
        for h in range(2):
            for c in ops(x, h):
                uses[c] = uses.get(c, 0) + 1

    def search(done, uses, free, plan):
        if len(done) == 10:
            return plan
        for x in range(5):
            for h in range(2):
                if (x, h) in done:
                    continue
                u = dict(uses)
                for c in ops(x, h):
                    u[c] -= 1
                fr = set(free) | {reg(c) for c in ops(x, h) if u[c] == 0}
                if (x, h) in need:
                    cands = [r for r in ([] if final else [T0]) + ACC if r in fr]
                elif park and (x, h) == RES_D:
                    cands = [T1] if T1 in fr else []
                else:
                    cands = [DTMP]
                for r in cands:
                    got = search(done | {(x, h)}, u, fr - {r} if r != DTMP else fr, plan + [((x, h), r)])
                    if got:
                        return got
        return None

    plan = search(frozenset(), uses, set(), [])
    assert plan
    return plan


def gen_round(a, j, frames, cf, last, rc_frames, planes=None, pre=False, diag_only=False,
              loc=None, pool=None, park=False):
    """One round; planes: the output planes Y to compute (default all; the
    grinding entry's partial last round computes Y = 0 only). pre: round 0
    on a pre-thetaed src (pre_nonce_word): no theta, the nonce's words only.
    diag_only: store only the words of lanes (Y, Y) (what a next round that
    computes plane 0 only reads; the parities still cover every word).
    loc: where each input word is (("m", byte offset from src) or ("s",
    FPU register)); None: all in memory, standard layout. park: see RES_D.
    Returns the output frames, parity frames and output locations."""
    src, dst = SRC_DST[j % 2]
    if loc is None:
        loc = {w: ("m", 4 * w) for w in range(50)}
    assert not (park and (last or planes is not None))
    loc_out = {}
    df = {}
    if pre:
        assert j == 0 and not any(frames)
        df = {(x, h): 0 for x in range(5) for h in range(2)}
    else:
        # theta: D[x].e = C[x-1].e ^ rol(C[x+1].o, 1); D[x].o = C[x-1].o ^ C[x+1].e
        for x in range(5):
            a.vfrom(C0R[x], C0_S[x])

    def creg(x, h):
        return C0R[x] if h == 0 else ACC[x]

    # The straight block's full last round computes no parities (nothing
    # reads them): the accumulators hold the D words of plane-half (0, 0)
    # for the whole round, and its planes Y = 0 use the temporaries.
    final = STRAIGHT and last and planes is None
    if STRAIGHT:
        plan = theta_schedule(park, final)
    else:
        plan = [((x, h), DTMP) for x in range(5) for h in range(2)]
    dreg00 = {}  # D words in core registers for plane-half (0, 0)
    for (x, h), r in plan if not pre else []:
        p, n = (x - 1) % 5, (x + 1) % 5
        oh, add = [(1, 1), (0, 0)][h]
        a.eor(r, creg(p, h), creg(n, oh), rr(cf[n, oh] + add - cf[p, h]))
        # (a D word in a register needs no FPU copy if only plane-half (0, 0)
        # reads it: the final round's accumulators, the plane-0 round's)
        if (r != T1 or not park) and not ((final or (STRAIGHT and planes == [0])) and r not in (DTMP, T1)):
            a.vto(D_S[x, h], r)
        if r not in (DTMP, T1):
            dreg00[x, h] = r
        df[x, h] = cf[p, h]
    # rho, pi, chi, iota, one output plane-half at a time, in address order
    out_frames = [0] * 50
    facc = [0] * 5
    cf_new = {}
    pos = 0
    for h in range(2):
        for Y in (range(5) if planes is None else planes):
            need = plane_needs(Y, h)
            # frames of B[X] for both choices: state word's or D word's
            opts = [((frames[w] + add), (df[x, hs] + add)) for x, hs, w, add in need]
            if last:
                best = None
                for m in range(32):
                    fb = [opts[X][(m >> X) & 1] % 32 for X in range(5)]
                    bad = sum(fb[X] != 0 and fb[(X + 2) % 5] != 0 for X in range(5))
                    if best is None or bad < best[0]:
                        best = (bad, m)
                choice = best[1]
            else:
                choice = 0
            if Y == 0 and not STRAIGHT:
                a.ldr(T0, "sp", RCP)
            for X, (x, hs, w, add) in enumerate(need):
                if loc[w][0] == "m":
                    a.ldr(BR[X], src, loc[w][1])
            for X, (x, hs, w, add) in enumerate(need):
                if loc[w][0] == "s":
                    a.vfrom(BR[X], loc[w][1])
                    pool.give(loc[w][1])
            if Y == 0 and not final:
                if not STRAIGHT:
                    a.ldr(T0, T0, 4 * (2 * j + h))
                dt = ([T0] + ACC) if park else ([T1] + ACC)
            else:
                dt = [T0] * 5 if park else [T0, T1] * 3
            B = []
            for X, (x, hs, w, add) in enumerate(need):
                t = dt[X]
                if pre:
                    sreg = pre_nonce_word(x, X, hs)  # (the input lane's y is X)
                    if sreg == "s0" and park:
                        a.eor(BR[X], BR[X], T1)  # (T1 = s0 = N.e: no D word in this round)
                    elif sreg is not None:
                        a.vfrom(t, sreg)
                        a.eor(BR[X], BR[X], t)
                    B.append(add)
                    continue
                if park and (x, hs) == RES_D:
                    t = T1
                elif ((Y, h) == (0, 0) or final) and (x, hs) in dreg00:
                    t = dreg00[x, hs]
                else:
                    a.vfrom(t, D_S[x, hs])
                if (choice >> X) & 1:
                    a.eor(BR[X], t, BR[X], rr(frames[w] - df[x, hs]))
                else:
                    a.eor(BR[X], BR[X], t, rr(df[x, hs] - frames[w]))
                B.append(opts[X][(choice >> X) & 1])
            # chi
            parked = None
            pk = Y if park else None  # park rounds: lane (Y, Y) goes to the FPU pool
            if Y == 0 and not final:
                order = range(5)
                regs = {X: (ACC[X], ACC[X]) for X in range(5)}
                outr = list(ACC)
            elif park:
                # the usual order rotated to start at pk: out[pk] leaves T0
                # (parked) before out[pk + 1] arrives there
                q = [(pk + i) % 5 for i in range(5)]
                order = [q[0], q[1], q[4], q[3], q[2]]
                regs = {q[0]: (T0, T0), q[1]: (T0, T0), q[4]: (BR[q[1]], BR[q[1]]),
                        q[3]: (BR[q[0]], BR[q[0]]), q[2]: (BR[q[4]], BR[q[2]])}
                outr = [None] * 5
                outr[q[1]], outr[q[2]], outr[q[3]], outr[q[4]] = T0, BR[q[2]], BR[q[0]], BR[q[1]]
            else:
                order = [0, 1, 4, 3, 2]
                regs = {0: (T0, T0), 1: (T1, T1), 4: (BR[1], BR[1]), 3: (BR[0], BR[0]), 2: (BR[4], BR[2])}
                outr = list(OUTR)
            fo = [0] * 5
            for X in order:
                b0, b1, b2 = X, (X + 1) % 5, (X + 2) % 5
                bt, d = regs[X]
                a.bic(bt, BR[b2], BR[b1], rr(B[b1] - B[b2]))  # frame B[b2]
                f0, f2 = B[b0] % 32, B[b2] % 32
                if last and f2 == 0 and f0 != 0:
                    a.eor(d, bt, BR[b0], rr(B[b0] - B[b2]))
                    f = B[b2]
                else:
                    a.eor(d, BR[b0], bt, rr(B[b2] - B[b0]))
                    f = B[b0]
                fo[X] = f % 32
                if park and Y != 0 and X == pk:
                    # parities first, then the output leaves T0 for an FPU register
                    a.eor(ACC[pk], ACC[pk], T0, rr(fo[pk] - facc[pk]))
                    parked = pool.take()
                    a.vto(parked, T0)
            if Y == 0:
                if STRAIGHT:
                    for v in imm_pieces(bi.rotr32(bi.RC[j][h], fo[0])):
                        a.eori(outr[0], outr[0], v)
                else:
                    a.eor(ACC[0], ACC[0], T0)
                rc_frames[j, h] = fo[0]
                if park:
                    parked = pool.take()
                    a.vto(parked, ACC[0])
            for X in range(5):
                if last and fo[X] % 32 != 0:
                    a.ror(outr[X], outr[X], rr(fo[X]))
                    fo[X] = 0
                out_frames[word(X, Y, h)] = fo[X]
            if diag_only:
                if park:  # the diagonal lane is parked; nothing else is read
                    loc_out[word(pk, Y, h)] = ("s", parked)
                else:
                    a.str_(outr[Y], dst, 4 * word(Y, Y, h))
            else:
                stored = sorted((X for X in range(5) if not (parked and X == pk)),
                                key=lambda X: 14 if outr[X] == "lr" else int(outr[X][1:]))
                a.stmw(dst, [outr[X] for X in stored])
                if parked:
                    loc_out[word(pk, Y, h)] = ("s", parked)
                for i, X in enumerate(stored):
                    loc_out[word(X, Y, h)] = ("m", pos + 4 * i)
                pos += 4 * len(stored)
            for X in range(5):
                if final:
                    pass
                elif Y == 0:
                    facc[X] = fo[X]
                elif not (parked and X == pk):
                    a.eor(ACC[X], ACC[X], outr[X], rr(fo[X] - facc[X]))
        for X in range(5):
            cf_new[X, h] = facc[X]
            if h == 0 and not (STRAIGHT and last):  # (no round reads a last round's parities)
                a.vto(C0_S[X], ACC[X])
    if planes is None and not diag_only and not (STRAIGHT and j == R - 1):
        a.sub(dst, dst, pos)  # (after the last round nothing reads dst)
    if not park and planes is None and not diag_only:
        assert loc_out == {w: ("m", 4 * w) for w in range(50)}
    return out_frames, cf_new, loc_out


def gen_lane_test(a, ol, frames, cf, loc):
    """The grinding loop's early test (STRAIGHT): after round 22, output lane
    (ol, 0) of round 23, both halves at frame 0, into LT_OUT; the state (the
    parked diagonal lanes, s10-s14 and the accumulators) stays as it was,
    so the plane-0 round can still run when the test passes. Mirrors
    gen_round's frames for planes=[0] (choice 0: B takes its state word's
    frame; the last round is odd, so its src is r1 and nothing is loaded)."""
    j = R - 1
    tmp = ["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8"]
    for h in range(2):
        need = plane_needs(0, h)
        xs = [(ol + k) % 5 for k in range(3)]
        B, fB = {}, {}
        for k, X in enumerate(xs):
            x, hs, w, add = need[X]
            assert loc[w][0] == "s"
            br = tmp[3 * 0 + k]
            a.vfrom(br, loc[w][1])
            # D[x].hs = C[x-1].hs ^ rot(C[x+1].ohs): the even parities from s10-s14
            pp, n = (x - 1) % 5, (x + 1) % 5
            oh, dadd = [(1, 1), (0, 0)][hs]
            def creg(c, ch, t):
                if ch == 1:
                    return ACC[c]
                a.vfrom(t, C0_S[c])
                return t
            r1 = creg(pp, hs, tmp[3])
            r2 = creg(n, oh, tmp[4])
            a.eor(tmp[5], r1, r2, rr(cf[n, oh] + dadd - cf[pp, hs]))
            a.eor(br, br, tmp[5], rr(cf[pp, hs] - frames[w]))
            B[X], fB[X] = br, frames[w] + add
        b0, b1, b2 = xs
        a.bic(tmp[6], B[b2], B[b1], rr(fB[b1] - fB[b2]))
        d = LT_OUT[h]
        a.eor(d, B[b0], tmp[6], rr(fB[b2] - fB[b0]))
        f = fB[b0] % 32
        if ol == 0:
            for v in imm_pieces(bi.rotr32(bi.RC[j][h], f)):
                a.eori(d, d, v)
        if f:
            a.ror(d, d, rr(f))


LT_OUT = ["r7", "r8"]


def gen_code():
    pro = Asm()
    cf0 = gen_prologue(pro)
    a = Asm()
    frames = [0] * 50
    cf = cf0
    rc_frames = {}
    first_end = 0
    exit_idx = None
    after0 = None
    at_exit = None
    pool = Pool()
    loc = None
    buf_words = 0
    for j in range(R):
        park = STRAIGHT and j < R - 1
        frames, cf, loc = gen_round(a, j, frames, cf, j == R - 1, rc_frames, loc=loc, pool=pool, park=park)
        if SRC_DST[j % 2][1] == "r1":  # words of the buffer this round wrote (what the wipe clears)
            buf_words = max(buf_words, 1 + max(v[1] // 4 for v in loc.values() if v[0] == "m"))
        if j == 0:
            first_end = len(a.ins)
            after0 = (list(frames), dict(cf), dict(loc), list(pool.free))
        if STRAIGHT and j == GRIND_EXIT:
            exit_idx = len(a.ins)
            at_exit = (list(frames), dict(cf), dict(loc), pool.copy())
    assert all(f == 0 for f in frames)
    assert STRAIGHT or all(cf[k] % 32 == cf0[k] for k in cf0), "parity frames must repeat"
    assert len(pool.free) == 16
    table = []
    for r in range(24):
        for h in range(2):
            table.append(bi.rotr32(bi.RC[r][h], rc_frames[r % R, h]))
    g = Asm()
    lane_tests = []
    tail22 = None
    if STRAIGHT:
        # Grinding tail, entered from the body after round GRIND_EXIT: the
        # next round stores only the diagonal lanes (what plane 0 of the
        # last round reads), the last round computes output plane 0 only.
        fr, c, gl, gp = at_exit
        rcf = {}
        fr, c, gl = gen_round(g, R - 2, fr, c, False, rcf, diag_only=True, loc=gl, pool=gp, park=True)
        tail22 = len(g.ins)
        for ol in range(5):
            lt = Asm()
            gen_lane_test(lt, ol, fr, c, gl)
            lane_tests.append(lt.ins)
        g.ldr("r0", "sp", OUT)
        gen_round(g, R - 1, fr, c, True, rcf, planes=[0], loc=gl, pool=gp)
    else:
        # Grinding entry's last block, straight line: R - 1 rounds, then of
        # the last round only output plane 0 (lanes 0..4: the first 40
        # output bytes), stored to the OUT words. Its frames evolve as the
        # loop's, so the loop's round-constant table serves it.
        fr, c, rcf = [0] * 50, cf0, {}
        for j in range(R - 1):
            # the round before the partial one stores only the diagonal lanes
            # (the words plane 0 of the last round reads): one STR a plane-half
            fr, c, _ = gen_round(g, j, fr, c, False, rcf, diag_only=(j == R - 2))
            if j == 0:
                g.vfrom("r0", "s15")  # dst (when the loop ran no block, round 0 read src)
        g.ldr("r0", "sp", OUT)
        gen_round(g, R - 1, fr, c, True, rcf, planes=[0])
    assert all(rcf[k] == rc_frames[k] for k in rcf), "grinding block: same round-constant frames"
    # The pre-thetaed grinding entry's round 0: it must leave what the
    # body's round 0 leaves (frames, parities, parked words), since it goes
    # on there.
    p0 = Asm()
    rcp = {}
    pp = Pool()
    fr_p, cf_p, loc_p = gen_round(p0, 0, [0] * 50, cf0, False, rcp, pre=True, pool=pp, park=STRAIGHT)
    assert (fr_p, cf_p, loc_p, pp.free) == after0
    assert rcp[0, 0] == rc_frames[0, 0] and rcp[0, 1] == rc_frames[0, 1]
    return pro.ins, a.ins, table, first_end, g.ins, p0.ins, exit_idx, pool.top, buf_words, lane_tests, tail22


# --- simulator ---------------------------------------------------------------

def rotr(v, n):
    n %= 32
    return ((v >> n) | (v << (32 - n))) & 0xFFFFFFFF if n else v


def run(ins, reg, mem):
    for op in ins:
        k = op[0]
        if k == "ldr":
            reg[op[1]] = mem[reg[op[2]] + op[3]]
        elif k == "eor":
            reg[op[1]] = reg[op[2]] ^ rotr(reg[op[3]], op[4])
        elif k == "eori":
            reg[op[1]] = reg[op[2]] ^ op[3]
        elif k == "bic":
            reg[op[1]] = reg[op[2]] & ~rotr(reg[op[3]], op[4]) & 0xFFFFFFFF
        elif k == "ror":
            reg[op[1]] = rotr(reg[op[2]], op[3])
        elif k == "sub":
            reg[op[1]] = reg[op[2]] - op[3]
        elif k == "str":
            mem[reg[op[2]] + op[3]] = reg[op[1]]
        elif k == "stmw":
            assert op[1] not in op[2]
            nums = [14 if r == "lr" else int(r[1:]) for r in op[2]]
            assert nums == sorted(nums) and len(set(nums)) == len(nums)
            for i, r in enumerate(op[2]):
                mem[reg[op[1]] + 4 * i] = reg[r]
            reg[op[1]] += 4 * len(op[2])
        elif k == "vto":
            reg[op[1]] = reg[op[2]]
        elif k == "vfrom":
            reg[op[1]] = reg[op[2]]
        else:
            raise ValueError(op)


def simulate(pro, body, table, state_words):
    STATE, SP, TABLE = 0x10000, 0x20000, 0x30000
    mem = {}
    for i, v in enumerate(state_words):
        mem[STATE + 4 * i] = v
    for i, v in enumerate(table):
        mem[TABLE + 4 * i] = v
    reg = {"r0": STATE, "r1": SP + TOFF, "sp": SP}
    mem[SP + RCP] = TABLE
    run(pro, reg, mem)
    for _ in range(24 // R):
        run(body, reg, mem)
        mem[SP + RCP] += 8 * R
    assert reg["r0"] == STATE + (200 if STRAIGHT else 0) and reg["r1"] == SP + TOFF
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


def simulate_grind(pro, body, grind, table, state_words, exit_idx=None):
    """The grinding entry (in place, src = dst): plane 0 of the output."""
    STATE, SP, TABLE, OUTW = 0x10000, 0x20000, 0x30000, 0x40000
    mem = {}
    for i, v in enumerate(state_words):
        mem[STATE + 4 * i] = v
    for i, v in enumerate(table):
        mem[TABLE + 4 * i] = v
    reg = {"r0": STATE, "r1": SP + TOFF, "sp": SP, "s15": STATE}
    mem[SP + RCP] = TABLE
    mem[SP + OUT] = OUTW
    run(pro, reg, mem)
    if STRAIGHT:
        run(body[:exit_idx], reg, mem)
    for _ in range(24 // R - 1):
        run(body, reg, mem)
        mem[SP + RCP] += 8 * R
    run(grind, reg, mem)
    return [mem[OUTW + 4 * i] for i in range(10)]


def check_lane_tests(pro, body, table, grind, exit_idx, lane_tests, tail22):
    """Each lane test gives output lane (ol, 0)'s two words and leaves what
    the plane-0 round reads as it was (that round still gives plane 0)."""
    import random
    rnd = random.Random(2)
    STATE, SP, OUTW = 0x10000, 0x20000, 0x40000
    for _ in range(3):
        words = [rnd.getrandbits(32) for _ in range(50)]
        ref = reference(words)
        mem = {STATE + 4 * i: v for i, v in enumerate(words)}
        mem[SP + OUT] = OUTW
        reg = {"r0": STATE, "r1": SP + TOFF, "sp": SP, "s15": STATE}
        run(pro, reg, mem)
        run(body[:exit_idx], reg, mem)
        run(grind[:tail22], reg, mem)
        for ol, lt in enumerate(lane_tests):
            r2, m2 = dict(reg), dict(mem)
            run(lt, r2, m2)
            if (r2[LT_OUT[0]], r2[LT_OUT[1]]) != (ref[ol], ref[25 + ol]):
                raise SystemExit("gen_keccak_m4_asm: lane test disagrees with the reference")
            run(grind[tail22:], r2, m2)
            if [m2[OUTW + 4 * i] for i in range(10)] != ref[0:5] + ref[25:30]:
                raise SystemExit("gen_keccak_m4_asm: plane-0 round after a lane test disagrees")


def theta_words(words):
    """theta on bit-interleaved words (plain frames)."""
    C = {(x, h): 0 for x in range(5) for h in range(2)}
    for x in range(5):
        for y in range(5):
            for h in range(2):
                C[x, h] ^= words[word(x, y, h)]
    out = list(words)
    for x in range(5):
        p, n = (x - 1) % 5, (x + 1) % 5
        d = (C[p, 0] ^ rotr(C[n, 1], 31), C[p, 1] ^ C[n, 0])
        for y in range(5):
            for h in range(2):
                out[word(x, y, h)] ^= d[h]
    return out


def simulate_grind_pre(body, first_end, grind, pre0, table, words, ne, no, exit_idx=None):
    """The pre-thetaed grinding entry: src = theta(words), nonce (ne, no)
    XORed into lane (PRE_X, PRE_Y) of words; plane 0 of the output."""
    STATE, SP, TABLE, DST = 0x10000, 0x20000, 0x30000, 0x50000
    mem = {}
    for i, v in enumerate(theta_words(words)):
        mem[STATE + 4 * i] = v
    for i, v in enumerate(table):
        mem[TABLE + 4 * i] = v
    reg = {"r0": STATE, "r1": SP + TOFF, "sp": SP, "s15": DST, "s0": ne, "s1": no, "s2": rotr(no, 31)}
    if STRAIGHT:
        reg[T1] = ne
    mem[SP + RCP] = TABLE
    mem[SP + OUT] = DST
    run(pre0, reg, mem)
    reg["r0"] = reg["s15"]
    if STRAIGHT:
        run(body[first_end:exit_idx], reg, mem)
        run(grind, reg, mem)
        return [mem[DST + 4 * i] for i in range(10)]
    run(body[first_end:], reg, mem)
    for _ in range(24 // R - 2):
        mem[SP + RCP] += 8 * R
        run(body, reg, mem)
    mem[SP + RCP] += 8 * R
    run(grind, reg, mem)
    return [mem[DST + 4 * i] for i in range(10)]


def self_check(pro, body, table, grind=None, first_end=None, pre0=None, exit_idx=None):
    import random
    rnd = random.Random(1)
    for _ in range(3):
        words = [rnd.getrandbits(32) for _ in range(50)]
        ref = reference(words)
        if simulate(pro, body, table, words) != ref:
            raise SystemExit("gen_keccak_m4_asm: simulated code disagrees with the reference")
        if grind is not None and simulate_grind(pro, body, grind, table, words, exit_idx) != ref[0:5] + ref[25:30]:
            raise SystemExit("gen_keccak_m4_asm: simulated grinding entry disagrees with the reference")
        if pre0 is not None:
            ne, no = rnd.getrandbits(32), rnd.getrandbits(32)
            nw = list(words)
            nw[word(PRE_X, PRE_Y, 0)] ^= ne
            nw[word(PRE_X, PRE_Y, 1)] ^= no
            ref = reference(nw)
            if simulate_grind_pre(body, first_end, grind, pre0, table, words, ne, no, exit_idx) != ref[0:5] + ref[25:30]:
                raise SystemExit("gen_keccak_m4_asm: simulated pre-thetaed grinding entry disagrees")


def cycles(ins):
    """The emulator's model (docs/cycle-model.md) on straight-line code."""
    c, prev = 0, None
    for op in ins:
        k = op[0]
        if k == "ldr":
            c += 1 if prev and prev[0] == "ldr" and prev[1] != op[2] else 2
        elif k == "str":
            c += 1 if prev and prev[0] == "ldr" and prev[1] != op[2] else 2
        elif k == "stmw":
            c += 1 + len(op[2])
        else:
            c += 1
        prev = op
    return c


# --- assembly text ---------------------------------------------------------

LOW = {f"r{i}" for i in range(8)}


def sr(lo, hi):
    """An FPU register list for VPUSH / VPOP."""
    return f"s{lo}" if lo == hi else f"s{lo}-s{hi}"


def text(op):
    k = op[0]
    if k == "ldr":
        return f"ldr {op[1]}, [{op[2]}, #{op[3]}]"
    if k == "eori":
        return f"eor {op[1]}, {op[2]}, #0x{op[3]:X}"
    if k in ("eor", "bic"):
        _, rd, rn, rm, s = op
        if s == 0 and rd == rn and rd in LOW and rm in LOW:
            return f"{k}s {rd}, {rm}"  # 16-bit encoding; flags are dead
        return f"{k} {rd}, {rn}, {rm}" + (f", ror #{s}" if s else "")
    if k == "ror":
        return f"ror {op[1]}, {op[2]}, #{op[3]}"
    if k == "sub":
        return f"sub {op[1]}, {op[2]}, #{op[3]}"
    if k == "str":
        return f"str {op[1]}, [{op[2]}, #{op[3]}]"
    if k == "stmw":
        return f"stm {op[1]}!, {{{', '.join(op[2])}}}"
    if k in ("vto", "vfrom"):
        return f"vmov {op[1]}, {op[2]}"
    raise ValueError(op)


def main():
    pro, ins, table, first_end, grind, pre0, exit_idx, ftop, buf_words, lane_tests, tail22 = gen_code()
    self_check(pro, ins, table, grind, first_end, pre0, exit_idx)
    if STRAIGHT:
        check_lane_tests(pro, ins, table, grind, exit_idx, lane_tests, tail22)
    else:
        tail22 = None
    n = {}
    for op in ins:
        n[op[0]] = n.get(op[0], 0) + 1
    per_round = {k: v / R for k, v in sorted(n.items())}
    out = []
    w = out.append
    w("@ SPDX-License-Identifier: Apache-2.0 OR MIT")
    w(f"@ Generated by gen_keccak_m4_asm.py {R}; do not edit.")
    w("@ Per round: " + ", ".join(f"{k} {v:g}" for k, v in per_round.items()))
    w(f"@ Model cycles: prologue {cycles(pro)}, {R} rounds {cycles(ins)}")
    w("@ void pqmcu_keccak_f1600_bi32_m4(uint32_t words[50])  (AAPCS; uses s0-s15"
      + (f", saves and restores s16-s{ftop})" if ftop > 15 else ")"))
    w("@ void pqmcu_keccak_f1600_bi32_m4_from(const uint32_t src[50], uint32_t dst[50])  (public data: no wipe)")
    w("@ void pqmcu_keccak_f1600_bi32_m4_buf(uint32_t words[50], uint32_t buf[50])  (in place, buf: the caller's")
    w("@   scratch instead of 200 bytes of stack; wiped)")
    w("@ void pqmcu_keccak_f1600_bi32_m4_grind(const uint32_t src[50], uint32_t dst[50], uint32_t out[10])")
    w(f"@   (public data: plane 0 of the output in out, dst scratch; last block {cycles(grind)} model cycles)")
    w("@ void pqmcu_keccak_f1600_bi32_m4_grind_pre(const uint32_t tpre[50], uint32_t dst[50], uint32_t ne, uint32_t no)")
    w(f"@   (public data: as _grind on src ^ N in lane ({PRE_X}, {PRE_Y}), N = (ne, no), given tpre = theta(src);")
    w(f"@   plane 0 of the output in dst[0..9]; round 0 {cycles(pre0)} model cycles, no input parities)")
    w("@ void pqmcu_keccak_f1600_bi32_m4_grind_loop(const uint32_t tpre[50], uint32_t dst[50], uint32_t ctl[7])")
    w("@   (public data: _grind_pre's tries from ctl's counter on until output bits ctl[3] / ctl[4] of lane")
    w("@   ctl[5] / 4 are zero; ctl = ctr, ie, io, me, mo, 4 * ol, sh)")
    w("    .syntax unified")
    w("    .thumb")
    if not STRAIGHT:
        w("    .section .rodata.pqmcu_keccak_rc_m4, \"a\", %progbits")
        w("    .align 2")
        w("pqmcu_keccak_rc_m4:")
        for i in range(0, 48, 6):
            w("    .word " + ", ".join(f"0x{v:08X}" for v in table[i:i + 6]))
    w("    .section .text.pqmcu_keccak_f1600_bi32_m4, \"ax\", %progbits")
    w("    .align 2")
    # Entries, one body: in place (r1 = r0, stack buffer and s0-s14 wiped at
    # the end), or from src (r0) to dst (r1) for public data (no wipe;
    # grinding: the prefix state is not copied per try). dst waits in s15 and
    # becomes the state pointer after the first round of a block (that round
    # reads src into the stack buffer; r0 = dst again in later blocks, where
    # the reload changes nothing). The WIPE slot: 1 wipe, 0 no wipe, else the
    # (Thumb) address where the grinding entry's last block goes on.
    w("    .global pqmcu_keccak_f1600_bi32_m4_from")
    w("    .type pqmcu_keccak_f1600_bi32_m4_from, %function")
    w("    .thumb_func")
    w("pqmcu_keccak_f1600_bi32_m4_from:")
    w("    push {r4-r11, lr}")
    if ftop > 15:
        w(f"    vpush {{s16-s{ftop}}}")
    w(f"    sub sp, sp, #{FRAME}")
    w("    movs r2, #0")
    w("    b.w .Lpqmcu_kf_stack")
    w("    .global pqmcu_keccak_f1600_bi32_m4_buf")
    w("    .type pqmcu_keccak_f1600_bi32_m4_buf, %function")
    w("    .thumb_func")
    w("pqmcu_keccak_f1600_bi32_m4_buf:")
    w("    push {r4-r11, lr}")
    if ftop > 15:
        # the caller's s16.. wait in its buffer's tail, which no round writes
        assert buf_words + ftop - 15 <= 50
        w(f"    add r12, r1, #{4 * buf_words}")
        w(f"    vstmia r12, {{s16-s{ftop}}}")
    w(f"    sub sp, sp, #{SMALL}")
    w("    mov r3, r1")
    w("    mov r1, r0")
    w("    movs r2, #1")
    w("    b.w .Lpqmcu_kf_common")
    w("    .global pqmcu_keccak_f1600_bi32_m4")
    w("    .type pqmcu_keccak_f1600_bi32_m4, %function")
    w("    .thumb_func")
    w("pqmcu_keccak_f1600_bi32_m4:")
    w("    push {r4-r11, lr}")
    if ftop > 15:
        w(f"    vpush {{s16-s{ftop}}}")
    w(f"    sub sp, sp, #{FRAME}")
    w("    mov r1, r0")
    w("    movs r2, #1")
    w(".Lpqmcu_kf_stack:")
    w(f"    add r3, sp, #{TOFF}")
    w(".Lpqmcu_kf_common:")
    w(f"    str r2, [sp, #{WIPE}]")
    w("    vmov s15, r1")
    if not STRAIGHT:
        w("    movw r2, #:lower16:pqmcu_keccak_rc_m4")
        w("    movt r2, #:upper16:pqmcu_keccak_rc_m4")
        w(f"    str r2, [sp, #{RCP}]")
        w(f"    movs r2, #{24 // R}")
        w(f"    str r2, [sp, #{CNT}]")
    w("    mov r1, r3")
    if not STRAIGHT:
        w(f"    ldr r2, [sp, #{WIPE}]")
        w("    cmp r2, #1")
        w("    bls.w 5f")
        if 24 // R > 1:
            w(f"    movs r2, #{24 // R - 1}")
            w(f"    str r2, [sp, #{CNT}]")
        w("5:")
    w("    @ column parities of the input")
    for op in pro:
        w("    " + text(op))
    if 24 // R == 1 and not STRAIGHT:
        w(f"    ldr r2, [sp, #{WIPE}]")
        w("    cmp r2, #1")
        w("    bls.w 1f")
        w("    bx r2")
    w("1:")
    for i, op in enumerate(ins):
        if i == first_end:
            w(".Lpqmcu_kf_r1:")
            w("    vmov r0, s15")
        if i == exit_idx:
            # the grinding entries go on in their own last two rounds
            w(f"    @ after round {GRIND_EXIT}: the grinding entries leave here")
            w(f"    ldr r2, [sp, #{WIPE}]")
            w("    cmp r2, #1")
            w("    it hi")
            w("    bxhi r2")
        w("    " + text(op))
    if STRAIGHT:
        w(f"    ldr r2, [sp, #{WIPE}]")
        w("    cmp r2, #1")
        w("    bne.w 3f")
    else:
        w(f"    ldr r2, [sp, #{RCP}]")
        w(f"    adds r2, r2, #{8 * R}")
        w(f"    str r2, [sp, #{RCP}]")
        w(f"    ldr r2, [sp, #{CNT}]")
        w("    subs r2, r2, #1")
        w(f"    str r2, [sp, #{CNT}]")
        w("    bne.w 1b")
        w(f"    ldr r2, [sp, #{WIPE}]")
        w("    cmp r2, #1")
        w("    bls.w 6f")
        w("    bx r2")
        w("6:")
        w("    bne.w 3f")
    w("    @ the stack buffer (r1) and s0-s14 hold state: clear them")
    zero = ["r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr"]
    for r in zero:
        w(f"    mov {r}, #0")
    for i in range(15):
        w(f"    vmov s{i}, r2")
    left = buf_words  # (the wiping entries' rounds write no further)
    while left:
        k = min(left, len(zero))
        w(f"    stm r1!, {{{', '.join(zero[:k])}}}")
        left -= k
    # r1 ends at the stack buffer's wiped end, or in the caller's (_buf:
    # its s16.. come back from the buffer's tail, which is then wiped too)
    w(f"    add r2, sp, #{TOFF + 4 * buf_words}")
    w("    cmp r1, r2")
    w("    beq.w 3f")
    if ftop > 15:
        w(f"    vldmia r1, {{s16-s{ftop}}}")
        w(f"    stm r1, {{{', '.join(zero[1:ftop - 14])}}}")
    w(f"    add sp, sp, #{SMALL}")
    w("    pop {r4-r11, pc}")
    w("3:")
    w(f"    add sp, sp, #{FRAME}")
    if ftop > 15:
        w(f"    vpop {{s16-s{ftop}}}")
    w("    pop {r4-r11, pc}")
    w("    .size pqmcu_keccak_f1600_bi32_m4, .-pqmcu_keccak_f1600_bi32_m4")
    w("    .size pqmcu_keccak_f1600_bi32_m4_buf, .-pqmcu_keccak_f1600_bi32_m4_buf")
    w("    .size pqmcu_keccak_f1600_bi32_m4_from, .-pqmcu_keccak_f1600_bi32_m4_from")
    # Grinding entry (public data, no wipe), a section of its own (dropped by
    # the linker where nothing grinds, e.g. a verify-only firmware): src ->
    # dst as _from, but the last block is the straight-line code below,
    # whose last round computes output plane 0 only (the first 40 output
    # bytes) into out (10 words: even halves of lanes 0..4, then odd
    # halves); dst is scratch. The common code reaches it through the
    # address in the WIPE slot (no reference from there to here).
    glo = 16 if ftop > 15 else 26  # the grinding entries also save s26 (the tail's continuation)
    w("    .section .text.pqmcu_keccak_f1600_bi32_m4_grind, \"ax\", %progbits")
    w("    .align 2")
    # Pre-thetaed entry (grinding on one varying lane, the nonce's): the
    # caller computes theta of the prefix state once (tpre), so a try skips
    # the input's column parities and round 0's theta, and XORs the nonce
    # only into the 22 words theta spreads it to (pre_nonce_word); then the
    # common body from round 1 on, then the grinding tail.
    w("    .global pqmcu_keccak_f1600_bi32_m4_grind_pre")
    w("    .type pqmcu_keccak_f1600_bi32_m4_grind_pre, %function")
    w("    .thumb_func")
    w("pqmcu_keccak_f1600_bi32_m4_grind_pre:")
    w("    push {r4-r11, lr}")
    w(f"    vpush {{{sr(glo, 26)}}}")
    w(f"    sub sp, sp, #{FRAME}")
    w(f"    str r1, [sp, #{OUT}]")
    w("    vmov s15, r1")
    w("    vmov s0, r2")
    w("    vmov s1, r3")
    w("    ror r3, r3, #31")
    w("    vmov s2, r3")
    w("    movs r3, #0")
    w("    vmov s26, r3")
    if STRAIGHT:
        w(f"    str r3, [sp, #{CNT}]")  # (no lane test before the plane-0 round)
        w(f"    mov {T1}, r2")  # round 0 reads N.e from T1
    w("    adr.w r2, .Lpqmcu_kf_grind_tail")
    w("    adds r2, r2, #1")
    w(f"    str r2, [sp, #{WIPE}]")
    if not STRAIGHT:
        w("    movw r2, #:lower16:pqmcu_keccak_rc_m4")
        w("    movt r2, #:upper16:pqmcu_keccak_rc_m4")
        w(f"    str r2, [sp, #{RCP}]")
        w(f"    movs r2, #{24 // R - 1}")
        w(f"    str r2, [sp, #{CNT}]")
    w(f"    add r1, sp, #{TOFF}")
    w(".Lpqmcu_kf_pre0:")
    for op in pre0:
        w("    " + text(op))
    w("    b.w .Lpqmcu_kf_r1")
    w("    .size pqmcu_keccak_f1600_bi32_m4_grind_pre, .-pqmcu_keccak_f1600_bi32_m4_grind_pre")
    # Grinding loop (public data): the tries of _grind_pre, one after the
    # other without returning, until one whose output bits me / mo of lane
    # ol are zero (ctl: ctr, ie, io, me, mo, 4 * ol, sh; the counter moves
    # on as ctr + 1 interleaved: ie / io XOR the low ceil(m / 2) / floor(m /
    # 2) bits from bit sh, m = ctz(ctr + 1) + 1). Returns with plane 0 of
    # that try in dst[0..9] and ctl at its counter. The tail goes on at the
    # address in s26 (the other grinding entries put 0 there: return); ctl
    # and tpre wait in s27 / s28.
    w("    .align 2")
    w("    .global pqmcu_keccak_f1600_bi32_m4_grind_loop")
    w("    .type pqmcu_keccak_f1600_bi32_m4_grind_loop, %function")
    w("    .thumb_func")
    w("pqmcu_keccak_f1600_bi32_m4_grind_loop:")
    w("    push {r4-r11, lr}")
    w(f"    vpush {{{sr(glo, 28)}}}")
    w(f"    sub sp, sp, #{FRAME}")
    w(f"    str r1, [sp, #{OUT}]")
    w("    vmov s15, r1")
    w("    vmov s27, r2")
    w("    vmov s28, r0")
    if STRAIGHT:
        w("    ldr r3, [r2, #20]")
        w("    adr.w r4, .Lpqmcu_kf_lane_tab")
        w("    ldr r3, [r4, r3]")
        w(f"    str r3, [sp, #{CNT}]")
    w("    adr.w r3, .Lpqmcu_kf_gl_check")
    w("    adds r3, r3, #1")
    w("    vmov s26, r3")
    w("    adr.w r3, .Lpqmcu_kf_grind_tail")
    w("    adds r3, r3, #1")
    w(f"    str r3, [sp, #{WIPE}]")
    w(".Lpqmcu_kf_gl_try:")
    w("    vmov r2, s27")
    w("    ldr r3, [r2, #4]")
    w("    ldr r4, [r2, #8]")
    w("    vmov s0, r3")
    w("    vmov s1, r4")
    w("    ror r4, r4, #31")
    w("    vmov s2, r4")
    if not STRAIGHT:
        w("    movw r2, #:lower16:pqmcu_keccak_rc_m4")
        w("    movt r2, #:upper16:pqmcu_keccak_rc_m4")
        w(f"    str r2, [sp, #{RCP}]")
        w(f"    movs r2, #{24 // R - 1}")
        w(f"    str r2, [sp, #{CNT}]")
    w(f"    add r1, sp, #{TOFF}")
    w("    vmov r0, s28")
    w("    b.w .Lpqmcu_kf_pre0")
    w("    .align 2")
    w(".Lpqmcu_kf_gl_check:")
    w("    vmov r2, s27")
    w(f"    ldr r0, [sp, #{OUT}]")
    w("    ldr r3, [r2, #20]")
    w("    ldr r6, [r2, #12]")
    w("    ldr r7, [r2, #16]")
    w("    ldr r4, [r0, r3]")
    w("    adds r3, r3, #20")
    w("    ldr r5, [r0, r3]")
    w("    ands r4, r6")
    w("    ands r5, r7")
    w("    orrs r4, r5")
    w("    beq.w 5f")
    w(".Lpqmcu_kf_gl_next:")
    w("    ldm r2, {r3, r4, r5}")
    w("    ldr r8, [r2, #24]")
    w("    adds r3, r3, #1")
    w("    orr r6, r3, #0x80000000")
    w("    rbit r6, r6")
    w("    clz r6, r6")
    w("    adds r6, r6, #1")
    w("    adds r7, r6, #1")
    w("    lsrs r7, r7, #1")
    w("    lsrs r6, r6, #1")
    w("    movs r0, #1")
    w("    lsl r9, r0, r7")
    w("    sub r9, r9, #1")
    w("    lsl r9, r9, r8")
    w("    eor r4, r4, r9")
    w("    lsl r9, r0, r6")
    w("    sub r9, r9, #1")
    w("    lsl r9, r9, r8")
    w("    eor r5, r5, r9")
    w("    stm r2, {r3, r4, r5}")
    w("    b.w .Lpqmcu_kf_gl_try")
    w("5:")
    w(f"    add sp, sp, #{FRAME}")
    w(f"    vpop {{{sr(glo, 28)}}}")
    w("    pop {r4-r11, pc}")
    if STRAIGHT:
        # Early tests, one per lane ol of the w bits: output lane (ol, 0) of
        # round 23 from round 22's state (gen_lane_test); a failed test goes
        # on to the next try, a passed one to the plane-0 round.
        w("    .align 2")
        w(".Lpqmcu_kf_lane_tab:")
        for ol in range(5):
            w(f"    .word .Lpqmcu_kf_lane{ol} + 1")
        for ol, lt in enumerate(lane_tests):
            w(f".Lpqmcu_kf_lane{ol}:")
            for op in lt:
                w("    " + text(op))
            w("    vmov r2, s27")
            w("    ldr r3, [r2, #12]")
            w("    ldr r4, [r2, #16]")
            w(f"    ands {LT_OUT[0]}, {LT_OUT[0]}, r3")
            w(f"    ands {LT_OUT[1]}, {LT_OUT[1]}, r4")
            w(f"    orrs {LT_OUT[0]}, {LT_OUT[0]}, {LT_OUT[1]}")
            w("    bne.w .Lpqmcu_kf_gl_next")
            w("    b.w .Lpqmcu_kf_full23")
    w("    .size pqmcu_keccak_f1600_bi32_m4_grind_loop, .-pqmcu_keccak_f1600_bi32_m4_grind_loop")
    w("    .align 2")
    w("    .global pqmcu_keccak_f1600_bi32_m4_grind")
    w("    .type pqmcu_keccak_f1600_bi32_m4_grind, %function")
    w("    .thumb_func")
    w("pqmcu_keccak_f1600_bi32_m4_grind:")
    w("    push {r4-r11, lr}")
    w(f"    vpush {{{sr(glo, 26)}}}")
    w(f"    sub sp, sp, #{FRAME}")
    w(f"    str r2, [sp, #{OUT}]")
    w("    movs r3, #0")
    w("    vmov s26, r3")
    if STRAIGHT:
        w(f"    str r3, [sp, #{CNT}]")  # (no lane test before the plane-0 round)
    w(f"    add r3, sp, #{TOFF}")
    w("    adr r2, .Lpqmcu_kf_grind_tail")
    w("    adds r2, r2, #1")
    w("    b.w .Lpqmcu_kf_common")
    w("    .align 2")
    w(".Lpqmcu_kf_grind_tail:")
    if STRAIGHT:
        w(f"    @ rounds {R - 2} (diagonal lanes stored) and {R - 1} (output plane 0 only)")
    else:
        w("    @ the last block, output plane 0 of its last round")
    for i, op in enumerate(grind):
        if i == tail22:
            # the grinding loop's early test of one output lane (CNT slot: its address, else 0)
            w(f"    ldr r2, [sp, #{CNT}]")
            w("    cbz r2, .Lpqmcu_kf_full23")
            w("    bx r2")
            w(".Lpqmcu_kf_full23:")
        w("    " + text(op))
    # s26: 0 returns, else where the grinding loop goes on
    w("    vmov r2, s26")
    w("    cbz r2, 4f")
    w("    bx r2")
    w("4:")
    w(f"    add sp, sp, #{FRAME}")
    w(f"    vpop {{{sr(glo, 26)}}}")
    w("    pop {r4-r11, pc}")
    w("    .size pqmcu_keccak_f1600_bi32_m4_grind, .-pqmcu_keccak_f1600_bi32_m4_grind")
    print("\n".join(out))


if __name__ == "__main__":
    main()
