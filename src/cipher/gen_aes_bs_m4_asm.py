#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes aes_bs_m4.S: the constant-time bitsliced AES (two blocks per pass,
AES-128 and AES-256) for ARMv7-M (Cortex-M4).

usage: gen_aes_bs_m4_asm.py > aes_bs_m4.S   (seconds; --search: minutes, see below)

Same bit layout as bitsliced.cpp / bitslice_ops.hpp (word j = bit plane j,
byte r = row r, bit 2c+k = column c of block k), so the C++ code is the
reference. What the assembly adds:
  - the round is written once as straight-line code over SSA values and
    given registers by our own allocator (furthest-next-use eviction,
    values that already have a stack copy are dropped without a store);
  - the order of the operations is searched for (list scheduling, then
    simulated annealing with the allocated code's cycle count as the cost),
    first for the S-box alone, then for the whole round: on 14 registers
    the order decides how much is spilled;
  - the S-box's four NOTs are not computed: each value carries a
    "complemented" flag, AND gates on complemented inputs become BIC/ORR,
    and ShiftRows, MixColumns and AddRoundKey pass the flags through
    (one MVN per round remains, to come back to the same flags);
  - the state lives in eight fixed registers between rounds;
  - the round keys are still bitsliced on the fly from the plain expanded
    keys (so the two blocks may use different keys), each swap step being
    four ALU instructions with the shifts folded into operands.
Every instruction is written in its 32-bit encoding, so none straddles a
1 KiB boundary wherever the linker puts the code (the QEMU cycle model has
been seen to overcharge such an instruction, making figures layout-dependent).
Before printing, the generated code is run on a small simulator of the
instructions it uses and compared with a plain AES in Python; the script
fails if any vector differs. No secret-dependent branch or address is
emitted: the only branch is the round loop.
"""
import bisect
import math
import random
import os
import sys
from collections import defaultdict

FUNC = "pqmcu_aes_bs2_m4"
REGS = ["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "lr"]
CANON = ["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7"]  # state s[0..7] between rounds
M32 = 0xFFFFFFFF

# Fixed stack slots (byte offsets from sp after the prologue).
KA, KB, IO, KEND, MASK = 0, 4, 8, 12, 16
SPILL0 = 20
# Search effort (defaults = the committed aes_bs_m4.S; a few minutes):
# usage: gen_aes_bs_m4_asm.py --search [TRIES ITERS TEMP SBOX_TRIES SBOX_ITERS]
# records the op orders found in aes_bs_m4_orders.txt; without --search the
# recorded orders are replayed (seconds; what the sync test runs).
SEARCH = len(sys.argv) > 1 and sys.argv[1] == "--search"
_argv = sys.argv[1:] if SEARCH else sys.argv
_arg = lambda i, d, t=int: t(_argv[i]) if len(_argv) > i else d
TRIES = _arg(1, 0)             # random list schedules per segment
ITERS = _arg(2, 8000)          # annealing moves on the loop body
TEMP = _arg(3, 0.05, float)    # its starting temperature (cycles)
SBOX_TRIES = _arg(4, 50)       # list schedules of the S-box alone
SBOX_ITERS = _arg(5, 60000)    # annealing moves on the S-box alone


def ror(x, n):
    n %= 32
    return ((x >> n) | (x << (32 - n))) & M32 if n else x


# ---------------------------------------------------------------- SSA program
class Prog:
    """Straight-line program. op = (kind, dst, srcs, extra)."""

    def __init__(self):
        self.ops = []
        self.n = 0
        self.home = {}  # value -> fixed slot (values that live in memory)
        # Complement tracking: flag[v] = True means register v holds the
        # complement of the value it stands for (see sbox()).
        self.flag = defaultdict(bool)

    def _new(self):
        self.n += 1
        return self.n

    def mem(self, slot):
        v = self._new()
        self.home[v] = slot
        return v

    def alu(self, mn, a, b=None, sh=None, imm=None):
        d = self._new()
        self.ops.append(("alu", d, [a] if b is None else [a, b], (mn, sh, imm)))
        return d

    def eor(self, a, b, sh=None):
        d = self.alu("eor", a, b, sh)
        self.flag[d] = self.flag[a] != self.flag[b]
        return d

    def and_(self, a, b=None, imm=None):
        if b is None:
            return self.alu("and", a, None, None, imm)
        fa, fb = self.flag[a], self.flag[b]
        if fa and fb:  # ~a & ~b = ~(a | b)
            d = self.alu("orr", a, b)
            self.flag[d] = True
        elif fa:
            d = self.alu("bic", b, a)
        elif fb:
            d = self.alu("bic", a, b)
        else:
            d = self.alu("and", a, b)
        return d

    def settle(self, v, want):
        """v with complement flag `want` (one MVN if it differs)."""
        if self.flag[v] != want:
            v2 = self.alu("mvn", v)
            self.flag[v2] = not self.flag[v]
            return v2
        return v

    def mvn(self, a):
        return self.alu("mvn", a)

    def add_imm(self, a, imm):
        return self.alu("add", a, None, None, imm)

    def ldr(self, base, off):
        d = self._new()
        self.ops.append(("ldr", d, [base], off))
        return d

    def store(self, val, base, off):
        self.ops.append(("str", None, [val, base], off))

    def stslot(self, val, slot):
        self.ops.append(("stslot", None, [val], slot))

    def cmp(self, a, b):
        self.ops.append(("cmp", None, [a, b], None))


def swapmove(P, a, b, S, m):
    # t = ((a >> S) ^ b) & m; b ^= t; a ^= t << S
    t = P.eor(b, a, ("lsr", S))
    t = P.and_(t, imm=m)
    return P.eor(a, t, ("lsl", S)), P.eor(b, t)


def transpose(P, x):
    for S, m in ((1, 0x55555555), (2, 0x33333333), (4, 0x0F0F0F0F)):
        for w in range(8):
            if w & S:
                continue
            x[w], x[w + S] = swapmove(P, x[w], x[w + S], S, m)
    return x


def sbox(P, s):
    X, A = P.eor, P.and_
    u0, u1, u2, u3, u4, u5, u6, u7 = s[7], s[6], s[5], s[4], s[3], s[2], s[1], s[0]
    t1 = X(u0, u3); t2 = X(u0, u5); t3 = X(u0, u6); t4 = X(u3, u5); t5 = X(u4, u6)
    t6 = X(t1, t5); t7 = X(u1, u2); t8 = X(u7, t6); t9 = X(u7, t7); t10 = X(t6, t7)
    t11 = X(u1, u5); t12 = X(u2, u5); t13 = X(t3, t4); t14 = X(t6, t11); t15 = X(t5, t11)
    t16 = X(t5, t12); t17 = X(t9, t16); t18 = X(u3, u7); t19 = X(t7, t18); t20 = X(t1, t19)
    t21 = X(u6, u7); t22 = X(t7, t21); t23 = X(t2, t22); t24 = X(t2, t10); t25 = X(t20, t17)
    t26 = X(t3, t16); t27 = X(t1, t12)
    m1 = A(t13, t6); m2 = A(t23, t8); m3 = X(t14, m1); m4 = A(t19, u7); m5 = X(m4, m1)
    m6 = A(t3, t16); m7 = A(t22, t9); m8 = X(t26, m6); m9 = A(t20, t17); m10 = X(m9, m6)
    m11 = A(t1, t15); m12 = A(t4, t27); m13 = X(m12, m11); m14 = A(t2, t10); m15 = X(m14, m11)
    m16 = X(m3, m2); m17 = X(m5, t24); m18 = X(m8, m7); m19 = X(m10, m15); m20 = X(m16, m13)
    m21 = X(m17, m15); m22 = X(m18, m13); m23 = X(m19, t25); m24 = X(m22, m23); m25 = A(m22, m20)
    m26 = X(m21, m25); m27 = X(m20, m21); m28 = X(m23, m25); m29 = A(m28, m27); m30 = A(m26, m24)
    m31 = A(m20, m23); m32 = A(m27, m31); m33 = X(m27, m25); m34 = A(m21, m22); m35 = A(m24, m34)
    m36 = X(m24, m25); m37 = X(m21, m29); m38 = X(m32, m33); m39 = X(m23, m30); m40 = X(m35, m36)
    m41 = X(m38, m40); m42 = X(m37, m39); m43 = X(m37, m38); m44 = X(m39, m40); m45 = X(m42, m41)
    m46 = A(m44, t6); m47 = A(m40, t8); m48 = A(m39, u7); m49 = A(m43, t16); m50 = A(m38, t9)
    m51 = A(m37, t17); m52 = A(m42, t15); m53 = A(m45, t27); m54 = A(m41, t10); m55 = A(m44, t13)
    m56 = A(m40, t23); m57 = A(m39, t19); m58 = A(m43, t3); m59 = A(m38, t22); m60 = A(m37, t20)
    m61 = A(m42, t1); m62 = A(m45, t4); m63 = A(m41, t2)
    l0 = X(m61, m62); l1 = X(m50, m56); l2 = X(m46, m48); l3 = X(m47, m55); l4 = X(m54, m58)
    l5 = X(m49, m61); l6 = X(m62, l5); l7 = X(m46, l3); l8 = X(m51, m59); l9 = X(m52, m53)
    l10 = X(m53, l4); l11 = X(m60, l2); l12 = X(m48, m51); l13 = X(m50, l0); l14 = X(m52, m61)
    l15 = X(m55, l1); l16 = X(m56, l0); l17 = X(m57, l1); l18 = X(m58, l8); l19 = X(m63, l4)
    l20 = X(l0, l1); l21 = X(l1, l7); l22 = X(l3, l12); l23 = X(l18, l2); l24 = X(l15, l9)
    l25 = X(l6, l10); l26 = X(l7, l9); l27 = X(l8, l10); l28 = X(l11, l14); l29 = X(l11, l17)
    o = [None] * 8
    o[7] = X(l6, l24)
    o[4] = X(l6, l21)
    o[3] = X(l20, l22)
    o[2] = X(l25, l29)
    # planes 6, 5, 1, 0 are XNORs: flip their flags instead of computing a NOT
    o[6] = X(l16, l26)
    o[5] = X(l19, l28)
    o[1] = X(l13, l27)
    o[0] = X(l6, l23)
    for j in (6, 5, 1, 0):
        P.flag[o[j]] = not P.flag[o[j]]
    return o


def shift_rows(P, x, m):
    out = []
    for w in x:
        y = P.and_(w, imm=0x00FF00FF)
        t = P.and_(w, imm=0xFC00FC00)
        y = P.alu("orr", y, t, ("ror", 2))
        t = P.and_(w, imm=0x03000300)
        y = P.alu("orr", y, t, ("ror", 26))
        t = P.eor(y, y, ("lsr", 4))
        t = P.and_(t, m)
        y = P.eor(y, t)
        y = P.eor(y, t, ("lsl", 4))
        P.flag[y] = P.flag[w]  # a bit permutation: complements pass through
        out.append(y)
    return out


def mix_columns(P, s):
    t = [None] * 8
    t[7] = P.eor(s[7], s[7], ("ror", 8))
    for j in range(7):
        t[j] = P.eor(s[j], s[j], ("ror", 8))
    h = t[7]
    o = [None] * 8
    pre = {0: None, 1: t[0], 2: t[1], 3: t[2], 4: t[3], 5: t[4], 6: t[5], 7: t[6]}
    hh = {0, 1, 3, 4}
    for j in range(8):
        if j == 0:
            a = P.eor(h, s[0], ("ror", 8))
        else:
            a = P.eor(pre[j], s[j], ("ror", 8))
            if j in hh:
                a = P.eor(a, h)
        o[j] = P.eor(a, t[j], ("ror", 16))
    return o


def round_key(P, s, kptr_a, kptr_b):
    k = [None] * 8
    for c in range(4):
        k[2 * c] = P.ldr(kptr_a, 4 * c)
        k[2 * c + 1] = P.ldr(kptr_b, 4 * c)
    transpose(P, k)
    return [P.eor(s[j], k[j]) for j in range(8)]


def advance(P, slot):
    p = P.add_imm(P.mem(slot), 16)
    return p


def reschedule(P, rng, noise):
    """List scheduling of P.ops: at each step, among the ready ops, take the
    one that frees the most registers (last uses minus a new value), ties
    and `noise` broken at random. Stores wait for every load; cmp is last."""
    ops = P.ops
    producer = {}
    for i, op in enumerate(ops):
        if op[1] is not None:
            producer[op[1]] = i
    users = defaultdict(list)
    deps = []
    for i, op in enumerate(ops):
        d = {producer[s] for s in op[2] if s in producer}
        deps.append(d)
        for j in d:
            users[j].append(i)
    nloads = sum(1 for op in ops if op[0] == "ldr")
    remaining_uses = defaultdict(int)
    for op in ops:
        for s in op[2]:
            remaining_uses[s] += 1
    indeg = [len(d) for d in deps]
    ready = [i for i in range(len(ops)) if indeg[i] == 0]
    out, loads_done, order = [], 0, []
    last = {}
    while ready:
        best, bests = None, None
        for i in ready:
            kind = ops[i][0]
            if kind == "str" and loads_done < nloads:
                continue
            if kind == "cmp" and len(out) < len(ops) - 1:
                continue
            srcs = set(ops[i][2])
            score = sum(1 for s in srcs if remaining_uses[s] == 1) - (1 if ops[i][1] is not None else 0)
            # prefer consuming recently produced values
            score += 0.01 * max([last.get(s, 0) for s in srcs] + [0]) / (len(out) + 1)
            score += rng.random() * noise
            if bests is None or score > bests:
                best, bests = i, score
        ready.remove(best)
        op = ops[best]
        out.append(op)
        order.append(best)
        if op[0] == "ldr":
            loads_done += 1
        for s in op[2]:
            remaining_uses[s] -= 1
        if op[1] is not None:
            last[op[1]] = len(out)
        for u in users[best]:
            indeg[u] -= 1
            if indeg[u] == 0:
                ready.append(u)
    assert len(out) == len(ops)
    P.ops = out
    return order


def dependence_windows(ops):
    """For op i: the ops it must follow and the ops that must follow it."""
    producer = {}
    for i, op in enumerate(ops):
        if op[1] is not None:
            producer[op[1]] = i
    before = [set() for _ in ops]
    after = [set() for _ in ops]
    loads = [i for i, op in enumerate(ops) if op[0] == "ldr"]
    for i, op in enumerate(ops):
        for s in op[2]:
            if s in producer:
                before[i].add(producer[s])
                after[producer[s]].add(i)
        if op[0] == "str":
            for j in loads:
                before[i].add(j)
                after[j].add(i)
        if op[0] == "cmp":
            for j in range(len(ops)):
                if j != i:
                    before[i].add(j)
                    after[j].add(i)
    return before, after


def improve(build, order, cost_of, iters, rng, temp=4.0):
    """Simulated annealing on the op order: move one op to another legal
    place; keep the move when the allocated code is no slower, or with
    probability exp(-loss / T), T falling linearly from `temp` to 0.05.
    Returns the best order seen."""
    P0, _, _ = build()
    before, after = dependence_windows(P0.ops)
    cur = list(order)
    cur_cost = cost_of(cur)
    best, best_cost = cur, cur_cost
    n = len(cur)
    for it in range(iters):
        T = temp * (1 - it / iters) + 0.05
        pos = {op: k for k, op in enumerate(cur)}
        k = rng.randrange(n)
        op = cur[k]
        lo = max([pos[j] for j in before[op]] + [-1]) + 1
        hi = min([pos[j] for j in after[op]] + [n])  # exclusive, in the current numbering
        if hi - lo <= 1:
            continue
        t = rng.randrange(lo, hi)
        if t == k:
            continue
        cand = cur[:k] + cur[k + 1:]
        cand.insert(t if t < k else t - 1, op)
        c = cost_of(cand)
        if c <= cur_cost or rng.random() < math.exp((cur_cost - c) / T):
            cur, cur_cost = cand, c
            if c < best_cost:
                best, best_cost = cand, c
    return best, best_cost


# ------------------------------------------------------------ register alloc
class Alloc:
    def __init__(self, out):
        self.out = out  # list of instruction tuples
        self.max_spill = SPILL0

    def run(self, P, entry, exit_req):
        ops = P.ops
        uses = defaultdict(list)
        for i, (_, _, srcs, _) in enumerate(ops):
            for s in srcs:
                uses[s].append(i)
        END = len(ops)
        for v in exit_req:
            uses[v].append(END)
        self.uses = uses
        self.reg = {}
        self.holder = {r: None for r in REGS}
        self.slot = dict(P.home)
        self.fixed = set(P.home)
        self.free_slots = []
        self.next_slot = SPILL0
        for v, r in entry.items():
            self.reg[v] = r
            self.holder[r] = v
        emit = self.out.append

        def next_use(v, i):
            u = uses[v]
            k = bisect.bisect_left(u, i)
            return u[k] if k < len(u) else None

        def get_slot():
            if self.free_slots:
                return self.free_slots.pop()
            s = self.next_slot
            self.next_slot += 4
            self.max_spill = max(self.max_spill, self.next_slot)
            return s

        def release(v):
            r = self.reg.pop(v, None)
            if r is not None:
                self.holder[r] = None
            if v in self.slot and v not in self.fixed:
                self.free_slots.append(self.slot.pop(v))

        def take_reg(i, protect):
            for r in REGS:
                if self.holder[r] is None:
                    return r
            best, bestd = None, -1
            for r in REGS:
                if r in protect:
                    continue
                v = self.holder[r]
                nu = next_use(v, i)
                d = 10**9 if nu is None else nu
                # prefer values with a stack copy when the distance is equal
                d = d * 2 + (1 if v in self.slot else 0)
                if d > bestd:
                    best, bestd = r, d
            v = self.holder[best]
            if next_use(v, i) is not None and v not in self.slot:
                s = get_slot()
                self.slot[v] = s
                emit(("str", best, "sp", s))
            del self.reg[v]
            self.holder[best] = None
            return best

        for i, (kind, dst, srcs, extra) in enumerate(ops):
            protect = {self.reg[s] for s in srcs if s in self.reg}
            for s in srcs:
                if s not in self.reg:
                    r = take_reg(i, protect)
                    emit(("ldr", r, "sp", self.slot[s]))
                    self.reg[s] = r
                    self.holder[r] = s
                    protect.add(r)
            sregs = [self.reg[s] for s in srcs]
            dead = []
            for s in set(srcs):
                if next_use(s, i + 1) is None:
                    dead.append(s)
            freed = [self.reg[s] for s in dead]
            for s in dead:
                release(s)
            d = None
            if dst is not None:
                pref = [r for r in freed if r == (sregs[0] if sregs else None)] + freed
                want = exit_req.get(dst)
                if want is not None and self.holder[want] is None:
                    pref = [want]
                d = pref[0] if pref else take_reg(i, {self.reg[s] for s in srcs if s in self.reg})
                self.reg[dst] = d
                self.holder[d] = dst
                if not uses[dst]:
                    raise RuntimeError("dead value")
            if kind == "alu":
                mn, sh, imm = extra
                emit(("alu", mn, d, sregs, sh, imm))
            elif kind == "ldr":
                emit(("ldr", d, sregs[0], extra))
            elif kind == "str":
                emit(("str", sregs[0], sregs[1], extra))
            elif kind == "stslot":
                emit(("str", sregs[0], "sp", extra))
            elif kind == "cmp":
                emit(("cmp", sregs[0], sregs[1]))
        # exit: parallel move into the required registers
        for r in REGS:
            v = self.holder[r]
            if v is not None and v not in exit_req:
                release(v)
        pending = {r: self.reg[v] for v, r in exit_req.items() if v in self.reg and self.reg[v] != r}
        while pending:
            srcs_busy = set(pending.values())
            done = False
            for dr, sr in list(pending.items()):
                if dr not in srcs_busy and self.holder[dr] is None or (
                        dr not in srcs_busy and self.holder[dr] is not None and self.holder[dr] not in exit_req):
                    emit(("mov", dr, sr))
                    v = self.holder[sr]
                    self.holder[sr] = None
                    self.holder[dr] = v
                    self.reg[v] = dr
                    del pending[dr]
                    done = True
                    break
            if not done:  # a cycle: park one source in a free register
                dr, sr = next(iter(pending.items()))
                tmp = next(r for r in REGS if self.holder[r] is None)
                emit(("mov", tmp, sr))
                v = self.holder[sr]
                self.holder[sr] = None
                self.holder[tmp] = v
                self.reg[v] = tmp
                for k in pending:
                    if pending[k] == sr:
                        pending[k] = tmp
        for v, r in exit_req.items():
            if v not in self.reg:
                assert self.holder[r] is None
                emit(("ldr", r, "sp", self.slot[v]))
                self.reg[v] = r
                self.holder[r] = v
        return self.max_spill


# ------------------------------------------------------------ code generation
def sbox_flags(pattern):
    """Complement pattern of the S-box outputs for input pattern `pattern`."""
    P = Prog()
    s = [P.mem(-1 - j) for j in range(8)]
    for j in range(8):
        P.flag[s[j]] = bool(pattern >> j & 1)
    o = sbox(P, s)
    return sum(P.flag[o[j]] << j for j in range(8))


def loop_pattern():
    """The complement pattern kept between rounds: the one the S-box maps
    closest to itself (each differing plane costs one MVN per round), then
    the fewest complemented planes (one MVN each, once, before the loop)."""
    return min(range(256), key=lambda p: (bin(sbox_flags(p) ^ p).count("1"), bin(p).count("1"), p))


def settle_all(P, s, pattern):
    return [P.settle(v, bool(pattern >> j & 1)) for j, v in enumerate(s)]


def entry_state(P, pattern):
    s = [P.mem(-1 - j) for j in range(8)]  # values 1..8: the state on entry
    P.home.clear()
    for j in range(8):
        P.flag[s[j]] = bool(pattern >> j & 1)
    return s


def build_A():
    P = Prog()
    io = P.mem(IO)
    in0, in1 = P.ldr(io, 0), P.ldr(io, 4)
    x = [None] * 8
    for c in range(4):
        x[2 * c] = P.ldr(in0, 4 * c)
        x[2 * c + 1] = P.ldr(in1, 4 * c)
    transpose(P, x)
    x = round_key(P, x, P.mem(KA), P.mem(KB))
    x = settle_all(P, x, LOOP_PATTERN)
    return P, {}, {v: CANON[j] for j, v in enumerate(x)}


SBOX_ORDER = None  # order of the S-box's ops, found by find_sbox_order()


def sbox_ordered(P, s):
    start = len(P.ops)
    o = sbox(P, s)
    if SBOX_ORDER is not None:
        P.ops[start:] = [P.ops[start + i] for i in SBOX_ORDER]
    return o


def build_S():
    """The S-box alone, between the canonical registers (for its op order)."""
    P = Prog()
    s = entry_state(P, LOOP_PATTERN)
    s = settle_all(P, sbox(P, s), LOOP_PATTERN)
    return P, {j + 1: CANON[j] for j in range(8)}, {v: CANON[j] for j, v in enumerate(s)}


def find_sbox_order(tries, iters, seed=7):
    """An order of the S-box gates that spills little: the best of `tries`
    list schedules, then annealing. Returns it as a permutation of sbox()'s ops."""
    P, _, _ = build_S()
    n = sum(1 for op in P.ops if op[0] == "alu") - bin(LOOP_PATTERN ^ sbox_flags(LOOP_PATTERN)).count("1")
    rng = random.Random(seed)
    best, best_order = None, None
    for t in range(tries):
        P, _, _ = build_S()
        order = reschedule(P, rng, 0.0 if t == 0 else rng.choice((0.3, 0.6, 1.0, 1.5)))
        c = cycles(allocate_order(build_S, order)[0])
        if best is None or c < best:
            best, best_order = c, order
    order, _ = improve(build_S, best_order, lambda o: cycles(allocate_order(build_S, o)[0]), iters, rng, 2.0)
    return [i for i in order if i < n]


def build_B():
    P = Prog()
    s = entry_state(P, LOOP_PATTERN)
    s = settle_all(P, sbox_ordered(P, s), LOOP_PATTERN)
    s = shift_rows(P, s, P.mem(MASK))
    s = mix_columns(P, s)
    ka = advance(P, KA)
    P.stslot(ka, KA)
    kb = advance(P, KB)
    P.stslot(kb, KB)
    s = round_key(P, s, ka, kb)
    P.cmp(ka, P.mem(KEND))
    return P, {j + 1: CANON[j] for j in range(8)}, {v: CANON[j] for j, v in enumerate(s)}


def build_C():
    P = Prog()
    s = entry_state(P, LOOP_PATTERN)
    s = settle_all(P, sbox_ordered(P, s), 0)
    s = shift_rows(P, s, P.mem(MASK))
    s = round_key(P, s, advance(P, KA), advance(P, KB))
    transpose(P, s)
    io = P.mem(IO)
    o0, o1 = P.ldr(io, 8), P.ldr(io, 12)
    for c in range(4):
        P.store(s[2 * c], o0, 4 * c)
        P.store(s[2 * c + 1], o1, 4 * c)
    return P, {j + 1: CANON[j] for j in range(8)}, {}


def allocate_order(build, order):
    P, entry, exit_req = build()
    P.ops = [P.ops[i] for i in order]
    code = []
    spill = Alloc(code).run(P, entry, exit_req)
    return code, spill


def best_segment(build, tries, seed, iters=0):
    return allocate_order(build, best_order(build, tries, seed, iters))


def best_order(build, tries, seed, iters=0):
    """Allocates the segment under the order as written and `tries` random
    list schedules, then improves the cheapest by local search (`iters`
    moves). Deterministic (fixed seeds)."""
    rng = random.Random(seed)
    P, _, _ = build()
    best_order = list(range(len(P.ops)))
    best = cycles(allocate_order(build, best_order)[0])
    for t in range(1, tries + 1):
        P, _, _ = build()
        order = reschedule(P, rng, 0.0 if t == 1 else rng.choice((0.3, 0.6, 1.0, 1.5)))
        c = cycles(allocate_order(build, order)[0])
        if c < best:
            best, best_order = c, order
    if iters:
        best_order, best = improve(build, best_order, lambda o: cycles(allocate_order(build, o)[0]), iters, rng, TEMP)
    return best_order


LOOP_PATTERN = loop_pattern()
ORDERS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "aes_bs_m4_orders.txt")


def gen(tries=TRIES):
    global SBOX_ORDER
    builds = (("A", build_A), ("B", build_B), ("C", build_C))
    if SEARCH:
        orders = {"sbox": find_sbox_order(SBOX_TRIES, SBOX_ITERS)}
        SBOX_ORDER = orders["sbox"]
        for (k, b), args in zip(builds, ((20, 1), (tries, 2, ITERS), (tries, 3, ITERS // 4))):
            orders[k] = best_order(b, *args)
        with open(ORDERS_FILE, "w") as f:
            f.write("# op orders found by gen_aes_bs_m4_asm.py --search %d %d %g %d %d (replayed by plain generation)\n"
                    % (tries, ITERS, TEMP, SBOX_TRIES, SBOX_ITERS))
            for k, v in orders.items():
                f.write("%s: %s\n" % (k, " ".join(map(str, v))))
    else:
        orders = {}
        with open(ORDERS_FILE) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    k, v = line.split(":")
                    orders[k] = [int(x) for x in v.split()]
        SBOX_ORDER = orders["sbox"]
    segs = []
    for k, b in builds:
        P, _, _ = b()
        if sorted(orders[k]) != list(range(len(P.ops))):
            raise SystemExit("%s: stale op order for segment %s; rerun with --search" % (ORDERS_FILE, k))
        segs.append(allocate_order(b, orders[k]))
    (segA, sa), (segB, sb), (segC, sc) = segs
    spill_end = max(sa, sb, sc)
    frame = (spill_end + 7) // 8 * 8 + 4  # with the 9 pushed registers, sp stays 8-aligned
    return segA, segB, segC, frame, spill_end


# --------------------------------------------------------------- simulation
def simulate(segA, segB, segC, frame, ka, kb, blocks, nr):
    """Runs the code on a model of the machine; returns the two output blocks."""
    mem = {}
    KA_ADDR, KB_ADDR, IN0, IN1, OUT0, OUT1, IOA, SP = 0x1000, 0x2000, 0x3000, 0x3100, 0x3200, 0x3300, 0x3400, 0x8000
    for i, w in enumerate(ka):
        mem[KA_ADDR + 4 * i] = w
    for i, w in enumerate(kb):
        mem[KB_ADDR + 4 * i] = w
    for i in range(4):
        mem[IN0 + 4 * i] = int.from_bytes(blocks[0][4 * i:4 * i + 4], "little")
        mem[IN1 + 4 * i] = int.from_bytes(blocks[1][4 * i:4 * i + 4], "little")
    for i, a in enumerate((IN0, IN1, OUT0, OUT1)):
        mem[IOA + 4 * i] = a
    R = {r: random.getrandbits(32) for r in REGS}
    R["sp"] = SP
    mem[SP + KA] = KA_ADDR
    mem[SP + KB] = KB_ADDR
    mem[SP + IO] = IOA
    mem[SP + KEND] = KA_ADDR + 16 * (nr - 1)
    mem[SP + MASK] = 0x0F0F0000
    flags = [None]

    def opnd(v, sh):
        if sh is None:
            return v
        k, n = sh
        if k == "ror":
            return ror(v, n)
        if k == "lsl":
            return (v << n) & M32
        if k == "lsr":
            return v >> n
        raise ValueError(k)

    def run(seg):
        for ins in seg:
            k = ins[0]
            if k == "alu":
                _, mn, d, sr, sh, imm = ins
                a = R[sr[0]]
                b = opnd(R[sr[1]], sh) if len(sr) > 1 else imm
                if mn == "eor":
                    R[d] = a ^ b
                elif mn == "and":
                    R[d] = a & b
                elif mn == "orr":
                    R[d] = a | b
                elif mn == "bic":
                    R[d] = a & ~b & M32
                elif mn == "mvn":
                    R[d] = ~a & M32
                elif mn == "add":
                    R[d] = (a + b) & M32
                else:
                    raise ValueError(mn)
            elif k == "ldr":
                R[ins[1]] = mem[R[ins[2]] + ins[3]]
            elif k == "str":
                mem[R[ins[2]] + ins[3]] = R[ins[1]]
            elif k == "mov":
                R[ins[1]] = R[ins[2]]
            elif k == "cmp":
                flags[0] = R[ins[1]] == R[ins[2]]
            else:
                raise ValueError(k)

    run(segA)
    while True:
        run(segB)
        if flags[0]:
            break
    run(segC)
    outs = []
    for base in (OUT0, OUT1):
        outs.append(b"".join(mem[base + 4 * i].to_bytes(4, "little") for i in range(4)))
    return outs


# Plain AES for the self-check.
def _xt(a):
    return ((a << 1) ^ (0x1B if a & 0x80 else 0)) & 0xFF


def _mul(a, b):
    r = 0
    while b:
        if b & 1:
            r ^= a
        a = _xt(a)
        b >>= 1
    return r


SBOX = []
for _x in range(256):
    _inv = next((y for y in range(1, 256) if _mul(_x, y) == 1), 0) if _x else 0
    _s = _inv
    for _i in range(1, 5):
        _s ^= ((_inv << _i) | (_inv >> (8 - _i))) & 0xFF
    SBOX.append(_s ^ 0x63)


def expand(key):
    nk = len(key) // 4
    nr = nk + 6
    w = [int.from_bytes(key[4 * i:4 * i + 4], "little") for i in range(nk)]
    rcon = 1
    for i in range(nk, 4 * (nr + 1)):
        t = w[i - 1]
        if i % nk == 0:
            t = ror(t, 8)
            t = sum(SBOX[(t >> (8 * b)) & 0xFF] << (8 * b) for b in range(4)) ^ rcon
            rcon = _xt(rcon)
        elif nk > 6 and i % nk == 4:
            t = sum(SBOX[(t >> (8 * b)) & 0xFF] << (8 * b) for b in range(4))
        w.append(w[i - nk] ^ t)
    return w, nr


def aes_ref(w, nr, block):
    st = list(block)
    ark = lambda r: [st[i] ^ ((w[4 * r + i // 4] >> (8 * (i % 4))) & 0xFF) for i in range(16)]
    st = ark(0)
    for r in range(1, nr + 1):
        st = [SBOX[b] for b in st]
        st = [st[(4 * ((c + row) % 4)) + row] for c in range(4) for row in range(4)]
        if r != nr:
            n = []
            for c in range(4):
                a = st[4 * c:4 * c + 4]
                n += [_mul(a[i], 2) ^ _mul(a[(i + 1) % 4], 3) ^ a[(i + 2) % 4] ^ a[(i + 3) % 4] for i in range(4)]
            st = n
        st = ark(r)
    return bytes(st)


def self_check(segs, frame):
    k = bytes(range(16))
    w, nr = expand(k)
    pt = bytes.fromhex("00112233445566778899aabbccddeeff")
    assert aes_ref(w, nr, pt).hex() == "69c4e0d86a7b0430d8cdb78070b4c55a"
    w256, nr256 = expand(bytes(range(32)))
    assert aes_ref(w256, nr256, pt).hex() == "8ea2b7ca516745bfeafc49904b496089"
    rng = random.Random(1)
    for trial in range(12):
        klen = 16 if trial % 2 == 0 else 32
        wa, nr = expand(bytes(rng.getrandbits(8) for _ in range(klen)))
        wb, _ = expand(bytes(rng.getrandbits(8) for _ in range(klen)))
        blocks = [bytes(rng.getrandbits(8) for _ in range(16)) for _ in range(2)]
        got = simulate(*segs, frame, wa, wb, blocks, nr)
        want = [aes_ref(wa, nr, blocks[0]), aes_ref(wb, nr, blocks[1])]
        if got != want:
            raise SystemExit("self-check failed (trial %d)" % trial)


# ------------------------------------------------------------------ printing
def fmt(ins):
    """Assembly text; always the 32-bit encoding (see the file header)."""
    k = ins[0]
    if k == "alu":
        _, mn, d, sr, sh, imm = ins
        if mn == "mvn":
            return "mvn.w %s, %s" % (d, sr[0])
        if imm is not None:
            return "%s.w %s, %s, #0x%08X" % (mn, d, sr[0], imm)
        s = "%s.w %s, %s, %s" % (mn, d, sr[0], sr[1])
        if sh is not None:
            s += ", %s #%d" % sh
        return s
    if k == "ldr":
        return "ldr.w %s, [%s, #%d]" % ins[1:]
    if k == "str":
        return "str.w %s, [%s, #%d]" % ins[1:]
    if k == "mov":
        return "mov.w %s, %s" % ins[1:]
    if k == "cmp":
        return "cmp.w %s, %s" % ins[1:]
    raise ValueError(k)


def cycles(seg):
    c, prev_load = 0, None
    for ins in seg:
        if ins[0] in ("ldr", "str"):
            pipelined = prev_load is not None and prev_load not in (ins[2],)
            c += 1 if pipelined else 2
            prev_load = ins[1] if ins[0] == "ldr" else None
        else:
            c += 1
            prev_load = None
    return c


def main():
    segA, segB, segC, frame, spill_end = gen()
    self_check((segA, segB, segC), frame)
    hist = defaultdict(int)
    for ins in segB:
        hist[ins[1] if ins[0] == "alu" else ins[0]] += 1
    p = print
    p("@ SPDX-License-Identifier: Apache-2.0 OR MIT")
    p("@ Generated by gen_aes_bs_m4_asm.py; do not edit.")
    p("@ Loop body (one middle round, both blocks): %d instructions, about %d cycles;"
      % (len(segB), cycles(segB)))
    p("@   " + ", ".join("%s %d" % kv for kv in sorted(hist.items())))
    p("@ void %s(const uint32_t* ka, const uint32_t* kb, const uint8_t* const io[4], uint32_t nr)" % FUNC)
    p("@   io = {in0, in1, out0, out1}; ka/kb = FIPS-197 expanded keys (nb*(nr+1) words); AAPCS.")
    p("    .syntax unified")
    p("    .thumb")
    p("    .section .text.%s, \"ax\", %%progbits" % FUNC)
    p("    .align 2")
    p("    .global %s" % FUNC)
    p("    .type %s, %%function" % FUNC)
    p("    .thumb_func")
    p("%s:" % FUNC)
    p("    push {r4-r11, lr}")
    p("    sub.w sp, sp, #%d" % frame)
    p("    str.w r0, [sp, #%d]" % KA)
    p("    str.w r1, [sp, #%d]" % KB)
    p("    str.w r2, [sp, #%d]" % IO)
    p("    sub.w r3, r3, #1")
    p("    add.w r3, r0, r3, lsl #4")
    p("    str.w r3, [sp, #%d]" % KEND)
    p("    movw r3, #0x0000")
    p("    movt r3, #0x0F0F")
    p("    str.w r3, [sp, #%d]" % MASK)
    for ins in segA:
        p("    " + fmt(ins))
    p("%s:" % (".Lround_" + FUNC))
    for ins in segB:  # nothing after the cmp sets flags (only mov.w / ldr.w)
        p("    " + fmt(ins))
    p("    bne.w %s" % (".Lround_" + FUNC))
    for ins in segC:
        p("    " + fmt(ins))
    # wipe the spill area (it held state and round-key words)
    for i in range(8):
        p("    mov.w r%d, #0" % i)
    off = SPILL0
    while off < spill_end:
        n = min(8, (spill_end - off) // 4)
        p("    add.w r12, sp, #%d" % off)
        p("    stmia.w r12, {%s}" % ", ".join("r%d" % i for i in range(n)))
        off += 4 * n
    p("    add.w sp, sp, #%d" % frame)
    p("    pop {r4-r11, pc}")
    p("    .size %s, .-%s" % (FUNC, FUNC))


if __name__ == "__main__":
    main()
