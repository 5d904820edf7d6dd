#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes aes_fs_m4.S: constant-time fixsliced AES-128 (two blocks per pass)
for ARMv7-M (Cortex-M4) over round keys prepared once (the key-schedule
cache built by prepare() in fixsliced.cpp).

usage: gen_aes_fs_m4_asm.py > aes_fs_m4.S   (seconds: replays the op orders
           recorded in aes_fs_m4_orders.txt)
       gen_aes_fs_m4_asm.py --search [ITERS TAIL_ITERS SBOX_TRIES SBOX_ITERS]
           > aes_fs_m4.S   (minutes: re-runs the annealing, deterministic,
           and rewrites aes_fs_m4_orders.txt)

Layout as in bitslice_ops.hpp (word j = bit plane j, byte r = row r, bit
2c+k = column c of block k). Fixslicing (the idea of Adomnicai and Peyrin,
TCHES 2021): ShiftRows is never computed. After round r the state is kept
as SR^-r(state), so the MixColumns of round r mixes row i+1 column c+r with
row i column c ("MC_k", k = r mod 4); on this layout that is a rotation of
the word by 8 and of each byte by 2k bits, the latter three instructions
per plane (one AND with a byte-periodic immediate). MC_0 needs no byte
rotation. SR^4 = id, so the four round types repeat; after round 10 the
state is SR^-2(state) and two swaps of bytes between output words put it
back. The prepared round key r is SR^-r(rk_r) with the S-box's constant
0x63 folded in (r >= 1), bitsliced for both lanes, so a round is just
S-box (Boyar-Peralta, 32 AND + 83 XOR, no NOT), MC_k and 8 loads + 8 XORs.

The register allocator, list scheduler and annealing are the ones of
gen_aes_bs_m4_asm.py (imported); spill slots 0-15 are FPU registers s0-s15
(VMOV, one cycle, no memory access; caller-saved under the hard-float AAPCS). The body of the loop is four
rounds (types 1, 2, 3, 0), run twice; rounds 9 and 10 follow. Before
printing, the code is run on the instruction simulator and compared with a
plain AES; the script fails on any difference. No secret-dependent branch
or address: the only branch is the loop.

A second entry point, pqmcu_aes128_fs2_lo_m4, has the same rounds and a tail
that also XORs LinOrtho(in) into the outputs before storing them (MQOM's
SeedDerive): the inputs are loaded again there, so no C pass over the outputs.
"""
import os
import random
import sys
from collections import defaultdict

_args = sys.argv[1:]
SEARCH = bool(_args) and _args[0] == "--search"
if SEARCH:
    _args = _args[1:]
sys.argv = sys.argv[:1]  # the imported generator reads its own arguments at import
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_aes_bs_m4_asm as bs  # noqa: E402

FUNC = "pqmcu_aes128_fs2_m4"
FUNC_LO = "pqmcu_aes128_fs2_lo_m4"  # out = Enc(in) ^ LinOrtho(in)
FUNC_LON = "pqmcu_aes128_fs2_lo_n_m4"  # the same over n passes, inputs pre-sliced
CANON = bs.CANON
KP, IO, KEND = 0, 4, 8
bs.SPILL0 = 12
_arg = lambda i, d, t=int: t(_args[i]) if len(_args) > i else d
ITERS = _arg(0, 30000)        # annealing moves on the 4-round loop body
TAIL_ITERS = _arg(1, 15000)   # on rounds 9-10 + output
SBOX_TRIES = _arg(2, 40)
SBOX_ITERS = _arg(3, 120000)

# Masks rol(M_n, s) of the byte rotations (see mc_rot): byte-periodic, so
# each is a Thumb-2 modified immediate.
ROTMASK = {2: 0xFCFCFCFC, 4: 0xF0F0F0F0, 6: 0xC0C0C0C0}


def sbox_bp(P, s):
    """The smaller Boyar-Peralta S-box circuit (32 AND, 83 XOR/XNOR, against
    the 128 gates of bs::sbox in bitslice_ops.hpp): top linear layer,
    nonlinear middle, bottom linear layer. x0 = MSB plane. The four XNORs
    are flagged, not computed (their constant 0x63 is in the round keys)."""
    X, A = P.eor, P.and_
    x0, x1, x2, x3, x4, x5, x6, x7 = s[7], s[6], s[5], s[4], s[3], s[2], s[1], s[0]
    y14 = X(x3, x5); y13 = X(x0, x6); y9 = X(x0, x3); y8 = X(x0, x5); t0 = X(x1, x2)
    y1 = X(t0, x7); y4 = X(y1, x3); y12 = X(y13, y14); y2 = X(y1, x0); y5 = X(y1, x6)
    y3 = X(y5, y8); t1 = X(x4, y12); y15 = X(t1, x5); y20 = X(t1, x1); y6 = X(y15, x7)
    y10 = X(y15, t0); y11 = X(y20, y9); y7 = X(x7, y11); y17 = X(y10, y11); y19 = X(y10, y8)
    y16 = X(t0, y11); y21 = X(y13, y16); y18 = X(x0, y16)
    t2 = A(y12, y15); t3 = A(y3, y6); t4 = X(t3, t2); t5 = A(y4, x7); t6 = X(t5, t2)
    t7 = A(y13, y16); t8 = A(y5, y1); t9 = X(t8, t7); t10 = A(y2, y7); t11 = X(t10, t7)
    t12 = A(y9, y11); t13 = A(y14, y17); t14 = X(t13, t12); t15 = A(y8, y10); t16 = X(t15, t12)
    t17 = X(t4, t14); t18 = X(t6, t16); t19 = X(t9, t14); t20 = X(t11, t16)
    t21 = X(t17, y20); t22 = X(t18, y19); t23 = X(t19, y21); t24 = X(t20, y18)
    t25 = X(t21, t22); t26 = A(t21, t23); t27 = X(t24, t26); t28 = A(t25, t27); t29 = X(t28, t22)
    t30 = X(t23, t24); t31 = X(t22, t26); t32 = A(t31, t30); t33 = X(t32, t24); t34 = X(t23, t33)
    t35 = X(t27, t33); t36 = A(t24, t35); t37 = X(t36, t34); t38 = X(t27, t36); t39 = A(t29, t38)
    t40 = X(t25, t39)
    t41 = X(t40, t37); t42 = X(t29, t33); t43 = X(t29, t40); t44 = X(t33, t37); t45 = X(t42, t41)
    z0 = A(t44, y15); z1 = A(t37, y6); z2 = A(t33, x7); z3 = A(t43, y16); z4 = A(t40, y1)
    z5 = A(t29, y7); z6 = A(t42, y11); z7 = A(t45, y17); z8 = A(t41, y10); z9 = A(t44, y12)
    z10 = A(t37, y3); z11 = A(t33, y4); z12 = A(t43, y13); z13 = A(t40, y5); z14 = A(t29, y2)
    z15 = A(t42, y9); z16 = A(t45, y14); z17 = A(t41, y8)
    t46 = X(z15, z16); t47 = X(z10, z11); t48 = X(z5, z13); t49 = X(z9, z10); t50 = X(z2, z12)
    t51 = X(z2, z5); t52 = X(z7, z8); t53 = X(z0, z3); t54 = X(z6, z7); t55 = X(z16, z17)
    t56 = X(z12, t48); t57 = X(t50, t53); t58 = X(z4, t46); t59 = X(z3, t54); t60 = X(t46, t57)
    t61 = X(z14, t57); t62 = X(t52, t58); t63 = X(t49, t58); t64 = X(z4, t59); t65 = X(t61, t62)
    t66 = X(z1, t63)
    o = [None] * 8
    o[7] = X(t59, t63)
    o[1] = X(t56, t62)   # XNOR
    o[0] = X(t48, t60)   # XNOR
    t67 = X(t64, t65)
    o[4] = X(t53, t66)
    o[3] = X(t51, t66)
    o[2] = X(t47, t65)
    o[6] = X(t64, o[4])  # XNOR (of the uncomplemented s3)
    o[5] = X(t55, t67)   # XNOR
    for j in (1, 0, 6, 5):
        P.flag[o[j]] = not P.flag[o[j]]
    return o


def sbox_pattern():
    """Planes the S-box circuit leaves complemented (its NOTs, never computed)."""
    P = bs.Prog()
    o = sbox_bp(P, [P.mem(-1 - j) for j in range(8)])
    return sum(P.flag[o[j]] << j for j in range(8))


SBOX_NOT = sbox_pattern()
assert SBOX_NOT == 0x63, "the S-box's NOTs must be its affine constant 0x63 (folded into the round keys)"
SBOX_ORDER = None


def sbox_ordered(P, s):
    start = len(P.ops)
    o = sbox_bp(P, s)
    if SBOX_ORDER is not None:
        P.ops[start:] = [P.ops[start + i] for i in SBOX_ORDER]
    return o


def mc_rot(P, x, n, shift):
    """Returns z with byte_ror(ror(x, 8m), n) == ror(z, shift), shift = 8m+n-8:
    z = x ^ ((x ^ ror(x, 8)) & rol(M_n, shift)), M_n = 0xFF >> n per byte."""
    v = P.eor(x, x, ("ror", 8))
    assert not P.flag[v]  # complements cancel, so the AND below is exact
    w = P.and_(v, imm=ROTMASK[n])
    return P.eor(x, w)


def mix_columns_k(P, a, k):
    """MixColumns on SR^-k-shifted columns: out = xtime(t) ^ R(a) ^ R^2(t),
    t = a ^ R(a), R = (row+1, column+k) = byte_ror(ror(., 8), 2k)."""
    Ra = [None] * 8  # (value, rotation) with R(a)_j = ror(value, rotation)
    for j in range(8):
        if k == 0:
            Ra[j] = (a[j], 8)
        else:
            Ra[j] = (mc_rot(P, a[j], 2 * k, 2 * k), 2 * k)
    t = [P.eor(a[j], Ra[j][0], ("ror", Ra[j][1])) for j in range(8)]
    R2 = [None] * 8
    for j in range(8):
        if k % 2 == 0:
            R2[j] = (t[j], 16)
        else:
            R2[j] = (mc_rot(P, t[j], 4, 12), 12)
    o = [None] * 8
    for j in range(8):
        x = P.eor(t[j - 1] if j else t[7], Ra[j][0], ("ror", Ra[j][1]))
        if j in (1, 3, 4):
            x = P.eor(x, t[7])
        o[j] = P.eor(x, R2[j][0], ("ror", R2[j][1]))
    return o


def add_key(P, s, kp, off, clear_not):
    out = []
    for j in range(8):
        x = P.eor(s[j], P.ldr(kp, off + 4 * j))
        if clear_not:  # the round key carries the S-box's 0x63
            assert P.flag[x] == bool(SBOX_NOT >> j & 1)
            P.flag[x] = False
        assert not P.flag[x]
        out.append(x)
    return out


def entry_state(P):
    s = [P.mem(-1 - j) for j in range(8)]
    P.home.clear()
    return s


def build_S():
    P = Prog()
    s = entry_state(P)
    s = sbox_bp(P, s)
    return P, {j + 1: CANON[j] for j in range(8)}, {v: CANON[j] for j, v in enumerate(s)}


def Prog():
    return bs.Prog()


def build_A():
    P = Prog()
    io = P.mem(IO)
    in0, in1 = P.ldr(io, 0), P.ldr(io, 4)
    x = [None] * 8
    for c in range(4):
        x[2 * c] = P.ldr(in0, 4 * c)
        x[2 * c + 1] = P.ldr(in1, 4 * c)
    bs.transpose(P, x)
    x = add_key(P, x, P.mem(KP), 0, False)
    return P, {}, {v: CANON[j] for j, v in enumerate(x)}


def build_B():
    """Rounds 4i+1 .. 4i+4 (types 1, 2, 3, 0); the key pointer moves on by
    four round keys first (negative offsets reach the ones in between)."""
    P = Prog()
    s = entry_state(P)
    kp = P.add_imm(P.mem(KP), 128)
    P.stslot(kp, KP)
    for i, k in enumerate((1, 2, 3, 0)):
        s = sbox_ordered(P, s)
        s = mix_columns_k(P, s, k)
        s = add_key(P, s, kp, 32 * (i + 1) - 128, True)
    P.cmp(kp, P.mem(KEND))
    return P, {j + 1: CANON[j] for j in range(8)}, {v: CANON[j] for j, v in enumerate(s)}


def build_C(lo=False):
    """Round 9 (type 1), round 10 (no MixColumns), then SR^2 and the output;
    with lo, out = Enc(in) ^ LinOrtho(in) (MQOM's SeedDerive) in the same
    stores (the inputs are loaded again: no C pass over out afterwards)."""
    P = Prog()
    s = entry_state(P)
    kp = P.mem(KP)
    s = sbox_ordered(P, s)
    s = mix_columns_k(P, s, 1)
    s = add_key(P, s, kp, 32, True)
    s = sbox_ordered(P, s)
    s = add_key(P, s, kp, 64, True)
    bs.transpose(P, s)
    # SR^2 (rows 1 and 3 move by two columns): word 2c+k holds column c of
    # block k, so bytes 1 and 3 are exchanged between words w and w+4.
    for w in range(4):
        t = P.eor(s[w], s[w + 4])
        t = P.and_(t, imm=0xFF00FF00)
        s[w] = P.eor(s[w], t)
        s[w + 4] = P.eor(s[w + 4], t)
    io = P.mem(IO)
    if lo:  # LinOrtho(x) = (x_lo ^ x_hi) || x_lo; word c of block k is s[2c + k]
        for k in range(2):
            ip = P.ldr(io, 4 * k)
            x = [P.ldr(ip, 4 * c) for c in range(4)]
            for c, v in enumerate((P.eor(x[0], x[2]), P.eor(x[1], x[3]), x[0], x[1])):
                s[2 * c + k] = P.eor(s[2 * c + k], v)
    o0, o1 = P.ldr(io, 8), P.ldr(io, 12)
    for c in range(4):
        P.store(s[2 * c], o0, 4 * c)
        P.store(s[2 * c + 1], o1, 4 * c)
    return P, {j + 1: CANON[j] for j in range(8)}, {}


def build_A_t():
    """Entry + round 0 on inputs already sliced (io[4]: the 8 words that
    build_A makes by its transpose), for passes that share their inputs."""
    P = Prog()
    io = P.mem(IO)
    tp = P.ldr(io, 16)
    x = [P.ldr(tp, 4 * j) for j in range(8)]
    x = add_key(P, x, P.mem(KP), 0, False)
    return P, {}, {v: CANON[j] for j, v in enumerate(x)}


def build_slice():
    """The inputs' transpose alone (build_A's), into the sliced words:
    slot KP = in, slot IO = tin."""
    P = Prog()
    ip, tp = P.mem(KP), P.mem(IO)
    x = [None] * 8
    for c in range(4):
        x[2 * c] = P.ldr(ip, 4 * c)
        x[2 * c + 1] = P.ldr(ip, 16 + 4 * c)
    bs.transpose(P, x)
    for j in range(8):
        P.store(x[j], tp, 4 * j)
    return P, {}, {}


def build_keys():
    """prepare() (fixsliced.cpp's fixslice_keys) straight: slot KP = the 44
    expanded words, slot IO = the 88 prepared ones. Round r: the column
    permutation SR^-r as masked swaps of the key words (row i of column c
    from word c - r i), the S-box constant, then the transpose of four
    distinct words split into both lanes' pairs (layers 2 and 4 first)."""
    P = Prog()
    wp, fp = P.mem(KP), P.mem(IO)

    def swap(a, b, m):  # exchange the bits of m between a and b
        t = P.and_(P.eor(a, b), imm=m)
        return P.eor(a, t), P.eor(b, t)

    for r in range(11):
        k = [P.ldr(wp, 16 * r + 4 * c) for c in range(4)]
        r4 = r % 4
        if r4 == 2:  # rows 1, 3 from column c + 2
            k[0], k[2] = swap(k[0], k[2], 0xFF00FF00)
            k[1], k[3] = swap(k[1], k[3], 0xFF00FF00)
        elif r4 in (1, 3):  # rows 2, 3 from c + 2, then rows 1, 3 from c -+ 1
            for m in (0x00FF0000, 0xFF000000):  # (0xFFFF0000 is no Thumb-2 immediate)
                k[0], k[2] = swap(k[0], k[2], m)
                k[1], k[3] = swap(k[1], k[3], m)
            d = -1 if r4 == 1 else 1
            t = [P.and_(P.eor(k[c], k[(c + d) % 4]), imm=0xFF00FF00) for c in range(4)]
            k = [P.eor(k[c], t[c]) for c in range(4)]
        if r:
            k = [P.alu("eor", k[c], None, None, 0x63636363) for c in range(4)]
        for c in (0, 2):  # layer 2
            t = P.and_(P.eor(k[c + 1], k[c], ("lsr", 2)), imm=0x33333333)
            k[c + 1], k[c] = P.eor(k[c + 1], t), P.eor(k[c], t, ("lsl", 2))
        for c in (0, 1):  # layer 4
            t = P.and_(P.eor(k[c + 2], k[c], ("lsr", 4)), imm=0x0F0F0F0F)
            k[c + 2], k[c] = P.eor(k[c + 2], t), P.eor(k[c], t, ("lsl", 4))
        for c in range(4):  # layer 1 on equal lanes
            t = P.and_(P.eor(k[c], k[c], ("lsr", 1)), imm=0x55555555)
            P.store(P.eor(k[c], t, ("lsl", 1)), fp, 32 * r + 8 * c)
            P.store(P.eor(k[c], t), fp, 32 * r + 8 * c + 4)
    return P, {}, {}


def build_C_lo():
    return build_C(True)


NFP = 16  # s0-s15: caller-saved under the hard-float AAPCS, free to clobber


def to_fp(code):
    """Spill slots 0..NFP-1 live in FPU registers: VMOV core<->S is one
    cycle and no memory access (on the Cortex-M4 as in our model), where a
    stack spill is a 2-cycle STR and a 1-2 cycle LDR."""
    out = []
    for ins in code:
        if ins[0] in ("ldr", "str") and ins[2] == "sp" and ins[3] >= bs.SPILL0:
            k = (ins[3] - bs.SPILL0) // 4
            if k < NFP:
                out.append(("vmov_from" if ins[0] == "ldr" else "vmov_to", ins[1], "s%d" % k))
                continue
        out.append(ins)
    return out


def cycles(seg):
    c, prev_ls = 0, None
    for ins in seg:
        if ins[0] in ("ldr", "str"):
            pipelined = prev_ls is not None and prev_ls not in (ins[2],)
            c += 1 if pipelined else 2
            prev_ls = ins[1] if ins[0] == "ldr" else ""
        else:
            c += 1
            prev_ls = None
    return c


def allocate(build, order):
    code, spill = bs.allocate_order(build, order)
    return to_fp(code), spill


def cost(build):
    return lambda o: cycles(allocate(build, o)[0])


def best_segment(build, tries, seed, iters=0, temp=0.05):
    return allocate(build, best_order(build, tries, seed, iters, temp))


def best_order(build, tries, seed, iters=0, temp=0.05):
    """As in gen_aes_bs_m4_asm.py, with FPU-register spills in the cost."""
    rng = random.Random(seed)
    P, _, _ = build()
    best_order = list(range(len(P.ops)))
    best = cost(build)(best_order)
    for t in range(1, tries + 1):
        P, _, _ = build()
        order = bs.reschedule(P, rng, 0.0 if t == 1 else rng.choice((0.3, 0.6, 1.0, 1.5)))
        c = cost(build)(order)
        if c < best:
            best, best_order = c, order
    if iters:
        best_order, best = bs.improve(build, best_order, cost(build), iters, rng, temp)
    return best_order


def find_sbox_order(tries, iters, seed=11):
    P, _, _ = build_S()
    n = len(P.ops)
    rng = random.Random(seed)
    best, best_order = None, None
    for t in range(tries):
        P, _, _ = build_S()
        order = bs.reschedule(P, rng, 0.0 if t == 0 else rng.choice((0.3, 0.6, 1.0, 1.5)))
        c = cost(build_S)(order)
        if best is None or c < best:
            best, best_order = c, order
    order, _ = bs.improve(build_S, best_order, cost(build_S), iters, rng, 2.0)
    assert sorted(order) == list(range(n))
    return order


def save_orders(path, how, orders):
    with open(path, "w") as f:
        f.write("# op orders found by %s (replayed by plain generation)\n" % how)
        for k, v in orders.items():
            f.write("%s: %s\n" % (k, " ".join(map(str, v))))


def load_orders(path):
    orders = {}
    with open(path) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                k, v = line.split(":")
                orders[k] = [int(x) for x in v.split()]
    return orders


def replay(path, orders, k, build):
    """Allocates segment k under its recorded order (checked to still be a
    permutation of the segment's ops, or the record is stale)."""
    P, _, _ = build()
    if sorted(orders[k]) != list(range(len(P.ops))):
        raise SystemExit("%s: stale op order for segment %s; rerun with --search" % (path, k))
    return allocate(build, orders[k])


ORDERS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "aes_fs_m4_orders.txt")


def gen():
    """Searched (--search) or replayed op orders: the annealing costs minutes,
    so its result is kept to let the sync test regenerate in seconds."""
    global SBOX_ORDER
    if SEARCH:
        SBOX_ORDER = find_sbox_order(SBOX_TRIES, SBOX_ITERS)
        orders = {"sbox": SBOX_ORDER,
                  "A": best_order(build_A, 20, 1),
                  "B": best_order(build_B, 0, 2, ITERS),
                  "C": best_order(build_C, 0, 3, TAIL_ITERS),
                  "C_lo": best_order(build_C_lo, 0, 4, TAIL_ITERS)}
        save_orders(ORDERS_FILE, "gen_aes_fs_m4_asm.py --search %d %d %d %d"
                    % (ITERS, TAIL_ITERS, SBOX_TRIES, SBOX_ITERS), orders)
    else:
        orders = load_orders(ORDERS_FILE)
        SBOX_ORDER = orders["sbox"]
    (segA, sa), (segB, sb), (segC, sc), (segL, sl) = [
        replay(ORDERS_FILE, orders, k, b)
        for k, b in (("A", build_A), ("B", build_B), ("C", build_C), ("C_lo", build_C_lo))]
    spill_end = max(sa, sb, sc)
    frame = (spill_end + 7) // 8 * 8 + 4  # with the 9 pushed registers, sp stays 8-aligned
    spill_lo = max(sa, sb, sl)
    segT, st = allocate(build_A_t, best_order(build_A_t, 20, 5))  # (list scheduling: no record)
    spill_t = max(st, sb, sl)
    return segA, segB, segC, frame, spill_end, segL, (spill_lo + 7) // 8 * 8 + 4, spill_lo, segT, spill_t


# ------------------------------------------------------------ key preparation
def prepare(w):
    """Python model of the C++ prepare(): 88 words, round r at 8r."""
    out = []
    for r in range(11):
        b = [(w[4 * r + i // 4] >> (8 * (i % 4))) & 0xFF for i in range(16)]
        # stored[row][c] = real[row][c - r*row]  (SR^-r); byte i = 4c + row
        st = [b[4 * ((c - r * row) % 4) + row] for c in range(4) for row in range(4)]
        if r:
            st = [x ^ 0x63 for x in st]
        planes = [0] * 8
        for c in range(4):
            for row in range(4):
                for j in range(8):
                    if st[4 * c + row] >> j & 1:
                        planes[j] |= 3 << (8 * row + 2 * c)
        out += planes
    return out


def slice2(blocks):
    """What build_A's transpose makes of two blocks (the sliced inputs)."""
    x = [0] * 8
    for c in range(4):
        for k in range(2):
            x[2 * c + k] = int.from_bytes(blocks[k][4 * c:4 * c + 4], "little")
    for n, m in ((1, 0x55555555), (2, 0x33333333), (4, 0x0F0F0F0F)):  # bs.transpose's layers
        for j in range(8):
            if not j & n:
                t = ((x[j] >> n) ^ x[j + n]) & m
                x[j + n] ^= t
                x[j] ^= t << n
    return x


def simulate(segA, segB, segC, rk, blocks, sliced=False):
    mem = {}
    RK, IN0, IN1, OUT0, OUT1, IOA, SP = 0x1000, 0x3000, 0x3100, 0x3200, 0x3300, 0x3400, 0x8000
    for i, x in enumerate(rk):
        mem[RK + 4 * i] = x
    for i in range(4):
        mem[IN0 + 4 * i] = int.from_bytes(blocks[0][4 * i:4 * i + 4], "little")
        mem[IN1 + 4 * i] = int.from_bytes(blocks[1][4 * i:4 * i + 4], "little")
    TIN = 0x3500
    for i, a in enumerate((IN0, IN1, OUT0, OUT1, TIN)):
        mem[IOA + 4 * i] = a
    if sliced:
        for j, v in enumerate(slice2(blocks)):
            mem[TIN + 4 * j] = v
    R = {r: random.getrandbits(32) for r in bs.REGS + ["s%d" % i for i in range(NFP)]}
    R["sp"] = SP
    mem[SP + KP] = RK
    mem[SP + IO] = IOA
    mem[SP + KEND] = RK + 256
    flags = [None]

    def run(seg):
        run_seg(seg, mem, R, flags)

    run(segA)
    iters = 0
    while True:
        run(segB)
        iters += 1
        if flags[0]:
            break
    assert iters == 2
    run(segC)
    return [b"".join(mem[base + 4 * i].to_bytes(4, "little") for i in range(4)) for base in (OUT0, OUT1)]


def lin_ortho(b):
    return bytes(x ^ y for x, y in zip(b[:8], b[8:])) + b[:8]


def self_check(segs, lo=False, sliced=False):
    if lo:  # Enc(x) ^ LinOrtho(x)
        rng = random.Random(2)
        for trial in range(8):
            w, nr = bs.expand(bytes(rng.getrandbits(8) for _ in range(16)))
            blocks = [bytes(rng.getrandbits(8) for _ in range(16)) for _ in range(2)]
            want = [bytes(x ^ y for x, y in zip(bs.aes_ref(w, nr, b), lin_ortho(b))) for b in blocks]
            if simulate(*segs, prepare(w), blocks, sliced) != want:
                raise SystemExit("self-check failed (LinOrtho trial %d)" % trial)
        return
    w, nr = bs.expand(bytes(range(16)))
    pt = bytes.fromhex("00112233445566778899aabbccddeeff")
    assert bs.aes_ref(w, nr, pt).hex() == "69c4e0d86a7b0430d8cdb78070b4c55a"
    got = simulate(*segs, prepare(w), [pt, pt])
    if got[0].hex() != "69c4e0d86a7b0430d8cdb78070b4c55a" or got[1] != got[0]:
        raise SystemExit("self-check failed (FIPS-197 vector)")
    rng = random.Random(1)
    for trial in range(8):
        w, nr = bs.expand(bytes(rng.getrandbits(8) for _ in range(16)))
        blocks = [bytes(rng.getrandbits(8) for _ in range(16)) for _ in range(2)]
        got = simulate(*segs, prepare(w), blocks)
        if got != [bs.aes_ref(w, nr, b) for b in blocks]:
            raise SystemExit("self-check failed (trial %d)" % trial)


def fmt(ins):
    if ins[0] == "vmov_to":
        return "vmov %s, %s" % (ins[2], ins[1])
    if ins[0] == "vmov_from":
        return "vmov %s, %s" % (ins[1], ins[2])
    return bs.fmt(ins)


def main():
    segA, segB, segC, frame, spill_end, segL, frame_lo, spill_lo, segT, spill_t = gen()
    self_check((segA, segB, segC))
    self_check((segA, segB, segL), True)
    self_check((segT, segB, segL), True, sliced=True)
    hist = defaultdict(int)
    for ins in segB:
        hist[ins[1] if ins[0] == "alu" else ins[0]] += 1
    p = print
    p("@ SPDX-License-Identifier: Apache-2.0 OR MIT")
    p("@ Generated by gen_aes_fs_m4_asm.py; do not edit.")
    p("@ Loop body (four rounds, both blocks): %d instructions, about %d cycles;"
      % (len(segB), cycles(segB)))
    p("@   " + ", ".join("%s %d" % kv for kv in sorted(hist.items())))
    p("@ Entry + round 0: about %d cycles; rounds 9, 10 + output: about %d cycles."
      % (cycles(segA), cycles(segC)))
    p("@ void %s(const uint32_t rk[88], const uint8_t* const io[4])" % FUNC)
    p("@   io = {in0, in1, out0, out1}; rk = prepared (fixsliced) AES-128 round keys; AAPCS.")
    p("    .syntax unified")
    p("    .thumb")
    emit(FUNC, segA, segB, segC, frame, spill_end)
    p("@ void %s(const uint32_t rk[88], const uint8_t* const io[4]): the same, then" % FUNC_LO)
    p("@   out ^= LinOrtho(in) = (in_lo ^ in_hi) || in_lo in the output stores (MQOM's SeedDerive).")
    emit(FUNC_LO, segA, segB, segL, frame_lo, spill_lo)
    p("@ void %s(const uint32_t rk[88], const uint32_t* tin, const uint8_t* in, uint8_t* out," % FUNC_LON)
    p("@                              uint32_t n, uint32_t ostride): n >= 1 passes of %s," % FUNC_LO)
    p("@   pass i on in + 32 i, in + 32 i + 16 (sliced: tin + 8 i, the 8 words the entry's")
    p("@   transpose would make) -> out + 2 i ostride, out + (2 i + 1) ostride; one")
    p("@   prologue, io block (in the frame) and wipe for all of them.")
    emit(FUNC_LON, segT, segB, segL, frame_lo, spill_t, multi=True)
    emit_slice()
    emit_keys()


FUNC_KEYS = "pqmcu_aes128_fs_keys_m4"


def run_seg(seg, mem, R, flags=None):
    """Runs a segment on the simulator's model (registers R, words mem; cmp
    sets flags[0])."""
    def opnd(v, sh):
        if sh is None:
            return v
        kind, n = sh
        return {"ror": lambda: bs.ror(v, n), "lsl": lambda: (v << n) & bs.M32, "lsr": lambda: v >> n}[kind]()

    for ins in seg:
        k = ins[0]
        if k == "alu":
            _, mn, d, sr, sh, imm = ins
            a = R[sr[0]]
            b = opnd(R[sr[1]], sh) if len(sr) > 1 else imm
            R[d] = {"eor": lambda: a ^ b, "and": lambda: a & b, "orr": lambda: a | b,
                    "bic": lambda: a & ~b & bs.M32, "mvn": lambda: ~a & bs.M32,
                    "add": lambda: (a + b) & bs.M32}[mn]()
        elif k == "ldr":
            R[ins[1]] = mem[R[ins[2]] + ins[3]]
        elif k == "str":
            mem[R[ins[2]] + ins[3]] = R[ins[1]]
        elif k == "mov":
            R[ins[1]] = R[ins[2]]
        elif k == "vmov_to":
            R[ins[2]] = R[ins[1]]
        elif k == "vmov_from":
            R[ins[1]] = R[ins[2]]
        elif k == "cmp":
            flags[0] = R[ins[1]] == R[ins[2]]
        else:
            raise ValueError(k)


def emit_keys():
    """void pqmcu_aes128_fs_keys_m4(uint32_t fs[88], const uint32_t w[44]):
    prepare() of fixsliced.cpp (~1,085 cycles there), straight-line."""
    seg, sp_end = allocate(build_keys, best_order(build_keys, 4, 7))
    nfp = (sp_end - bs.SPILL0) // 4
    assert nfp <= NFP, "key preparation spills past the FPU registers"
    rng = random.Random(4)
    for trial in range(4):
        w, nr = bs.expand(bytes(rng.getrandbits(8) for _ in range(16)))
        mem, W, FS, SP = {}, 0x1000, 0x2000, 0x8000
        for i, x in enumerate(w):
            mem[W + 4 * i] = x
        mem[SP + KP], mem[SP + IO] = W, FS
        R = {r: 0 for r in bs.REGS + ["s%d" % i for i in range(NFP)]}
        R["sp"] = SP
        run_seg(seg, mem, R)
        if [mem[FS + 4 * i] for i in range(88)] != prepare(w):
            raise SystemExit("key preparation self-check failed (trial %d)" % trial)
    p = print
    F = FUNC_KEYS
    p("@ void %s(uint32_t fs[88], const uint32_t w[44]): fixsliced.cpp's prepare()" % F)
    p("@   of AES-128 round keys, straight-line (%d instructions, about %d cycles)." % (len(seg), cycles(seg)))
    p("    .section .text.%s, \"ax\", %%progbits" % F)
    p("    .align 2")
    p("    .global %s" % F)
    p("    .type %s, %%function" % F)
    p("    .thumb_func")
    p("%s:" % F)
    p("    push {r4-r11, lr}")
    p("    sub.w sp, sp, #20")
    p("    str.w r1, [sp, #%d]" % KP)
    p("    str.w r0, [sp, #%d]" % IO)
    for ins in seg:
        p("    " + fmt(ins))
    for r in ("r0", "r1", "r2", "r3", "r12"):  # round-key words (r4-r11, lr come back from the stack)
        p("    mov.w %s, #0" % r)
    for i in range(nfp):
        p("    vmov s%d, r0" % i)
    p("    add.w sp, sp, #20")
    p("    pop {r4-r11, pc}")
    p("    .size %s, .-%s" % (F, F))


FUNC_SLICE = "pqmcu_aes128_fs2_slice_m4"


def emit_slice():
    """void pqmcu_aes128_fs2_slice_m4(const uint8_t* in, uint32_t* tin, uint32_t n), n >= 1:
    tin + 8 i = the sliced words of in + 32 i, in + 32 i + 16 (what the
    pass's entry makes of them), for FUNC_LON."""
    seg, sp_end = allocate(build_slice, best_order(build_slice, 20, 6))
    assert sp_end <= bs.SPILL0 + 4 * NFP, "slice spills past the FPU registers"
    mem = {}
    rng = random.Random(3)
    blocks = [bytes(rng.getrandbits(8) for _ in range(16)) for _ in range(2)]
    R = {r: 0 for r in bs.REGS}
    # check on the simulator's instruction forms: the transposed words must be slice2's
    IN, TIN, SP = 0x3000, 0x3100, 0x8000
    for i in range(4):
        mem[IN + 4 * i] = int.from_bytes(blocks[0][4 * i:4 * i + 4], "little")
        mem[IN + 16 + 4 * i] = int.from_bytes(blocks[1][4 * i:4 * i + 4], "little")
    mem[SP + KP], mem[SP + IO] = IN, TIN
    R["sp"] = SP
    for ins in seg:
        k = ins[0]
        if k == "alu":
            _, mn, d, sr, sh, imm = ins
            a = R[sr[0]]
            b = imm if len(sr) == 1 else {None: lambda v: v, "lsl": lambda v: (v << sh[1]) & bs.M32,
                                          "lsr": lambda v: v >> sh[1], "ror": lambda v: bs.ror(v, sh[1])}[
                                              None if sh is None else sh[0]](R[sr[1]])
            R[d] = {"eor": a ^ b, "and": a & b, "orr": a | b, "bic": a & ~b & bs.M32}[mn]
        elif k == "ldr":
            R[ins[1]] = mem[R[ins[2]] + ins[3]]
        elif k == "str":
            mem[R[ins[2]] + ins[3]] = R[ins[1]]
        elif k == "mov":
            R[ins[1]] = R[ins[2]]
        else:
            raise SystemExit("slice: unexpected %s" % (ins,))
    if [mem[TIN + 4 * j] for j in range(8)] != slice2(blocks):
        raise SystemExit("slice self-check failed")
    p = print
    F = FUNC_SLICE
    p("@ void %s(const uint8_t* in, uint32_t* tin, uint32_t n), n >= 1: tin + 8 i = the" % F)
    p("@   sliced words of in + 32 i, in + 32 i + 16 (the entry transpose of %s)." % FUNC)
    p("    .section .text.%s, \"ax\", %%progbits" % F)
    p("    .align 2")
    p("    .global %s" % F)
    p("    .type %s, %%function" % F)
    p("    .thumb_func")
    p("%s:" % F)
    p("    push {r4-r11, lr}")
    p("    sub.w sp, sp, #20")
    p("    str.w r0, [sp, #%d]" % KP)
    p("    str.w r1, [sp, #%d]" % IO)
    p("    str.w r2, [sp, #%d]" % KEND)
    p(".Lslice_%s:" % F)
    for ins in seg:
        p("    " + fmt(ins))
    p("    ldr.w r0, [sp, #%d]" % KP)
    p("    ldr.w r1, [sp, #%d]" % IO)
    p("    ldr.w r2, [sp, #%d]" % KEND)
    p("    add.w r0, r0, #32")
    p("    add.w r1, r1, #32")
    p("    str.w r0, [sp, #%d]" % KP)
    p("    str.w r1, [sp, #%d]" % IO)
    p("    subs.w r2, r2, #1")
    p("    str.w r2, [sp, #%d]" % KEND)
    p("    bne.w .Lslice_%s" % F)
    for r in ("r0", "r1", "r2", "r3", "r12", "lr"):  # (r4-r11 come back from the stack)
        p("    mov.w %s, #0" % r)
    p("    add.w sp, sp, #20")
    p("    pop {r4-r11, pc}")
    p("    .size %s, .-%s" % (F, F))


def emit(FUNC, segA, segB, segC, frame, spill_end, multi=False):
    """multi: (rk, in, out, n, ostride), n passes; the segments read the io
    block through the IO slot as usual, here a block in the frame that the
    loop moves on (the MQOM leaf batches: ~50 cycles a pass of call, prologue
    and wipe less)."""
    p = print
    if multi:  # io block (+ tin), n, ostride and rk above the spill area
        xio = (spill_end + 3) // 4 * 4
        xn, xos, xrk = xio + 20, xio + 24, xio + 28
        frame = (xrk + 4 + 7) // 8 * 8 + 4
    p("    .section .text.%s, \"ax\", %%progbits" % FUNC)
    p("    .align 2")
    p("    .global %s" % FUNC)
    p("    .type %s, %%function" % FUNC)
    p("    .thumb_func")
    p("%s:" % FUNC)
    p("    push {r4-r11, lr}")
    p("    sub.w sp, sp, #%d" % frame)
    if multi:  # (rk, tin, in, out; n, ostride on the caller's stack)
        p("    ldr.w r12, [sp, #%d]" % (frame + 36))
        p("    str.w r12, [sp, #%d]" % xn)
        p("    ldr.w r12, [sp, #%d]" % (frame + 40))
        p("    str.w r0, [sp, #%d]" % xrk)
        p("    str.w r12, [sp, #%d]" % xos)
        p("    str.w r1, [sp, #%d]" % (xio + 16))
        p("    str.w r2, [sp, #%d]" % xio)
        p("    add.w r2, r2, #16")
        p("    str.w r2, [sp, #%d]" % (xio + 4))
        p("    str.w r3, [sp, #%d]" % (xio + 8))
        p("    add.w r3, r3, r12")
        p("    str.w r3, [sp, #%d]" % (xio + 12))
        p("    add.w r1, sp, #%d" % xio)
        p("%s:" % (".Lpass_" + FUNC))
    p("    str.w r0, [sp, #%d]" % KP)
    p("    str.w r1, [sp, #%d]" % IO)
    p("    add.w r3, r0, #256")
    p("    str.w r3, [sp, #%d]" % KEND)
    for ins in segA:
        p("    " + fmt(ins))
    p("%s:" % (".Lround_" + FUNC))
    for ins in segB:  # nothing after the cmp sets flags (only mov.w / ldr.w)
        p("    " + fmt(ins))
    p("    bne.w %s" % (".Lround_" + FUNC))
    for ins in segC:
        p("    " + fmt(ins))
    if multi:  # the next pass: in += 32, out += 2 ostride
        p("    ldr.w r4, [sp, #%d]" % xos)
        p("    ldr.w r1, [sp, #%d]" % xio)
        p("    ldr.w r2, [sp, #%d]" % (xio + 8))
        p("    ldr.w r5, [sp, #%d]" % xn)
        p("    add.w r1, r1, #32")
        p("    add.w r2, r2, r4, lsl #1")
        p("    add.w r3, r1, #16")
        p("    add.w r4, r2, r4")
        p("    str.w r1, [sp, #%d]" % xio)
        p("    str.w r3, [sp, #%d]" % (xio + 4))
        p("    str.w r2, [sp, #%d]" % (xio + 8))
        p("    str.w r4, [sp, #%d]" % (xio + 12))
        p("    ldr.w r6, [sp, #%d]" % (xio + 16))
        p("    add.w r6, r6, #32")
        p("    str.w r6, [sp, #%d]" % (xio + 16))
        p("    ldr.w r0, [sp, #%d]" % xrk)
        p("    add.w r1, sp, #%d" % xio)
        p("    subs.w r5, r5, #1")
        p("    str.w r5, [sp, #%d]" % xn)
        p("    bne.w %s" % (".Lpass_" + FUNC))
    # wipe the spill registers and area (they held state words)
    for i in range(8):
        p("    mov.w r%d, #0" % i)
    nfp = min(NFP, (spill_end - bs.SPILL0) // 4)
    for i in range(nfp):
        p("    vmov s%d, r0" % i)
    off = bs.SPILL0 + 4 * NFP
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
