#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes rijndael256_fs_m4.S: constant-time Rijndael-256-256 (one 256-bit
block per pass) for ARMv7-M (Cortex-M4), two entry points:
  pqmcu_rijndael256_fs_m4  over round keys prepared once (rijndael256_fs.cpp;
                           the PreparedKey<Rijndael256> layout);
  pqmcu_rijndael256_bs_m4  over the plain expanded key (RoundKeys), each round
                           key moved into the round's representation, sliced
                           and its 0x63 made up by four MVNs on the fly (for
                           keys used once, as MQOM's PRG does).

usage: gen_rijndael256_m4_asm.py > rijndael256_fs_m4.S   (seconds: replays the op
           orders recorded in rijndael256_fs_m4_orders.txt)
       gen_rijndael256_m4_asm.py --search [ITERS TAIL_ITERS SBOX_TRIES SBOX_ITERS]
           > rijndael256_fs_m4.S   (minutes, deterministic; rewrites that file)

Layout of bitslice_ops.hpp: word j = bit plane j, byte i = row i, bit c =
column c (Nb = 8 columns fill a byte), so the state is exactly 8 words and
stays in registers between rounds; MixColumns' row rotation is a word
rotation by 8, folded into the operands of the XORs.

ShiftRows (row offsets 0, 1, 3, 4) is half folded away ("fixsliced" with
period 2). The stored state is kept in one of two representations: D0 =
the state itself (after even rounds) and D1 = rows 1 and 3 rotated by four
columns (after odd rounds). Going from one to the other and applying
ShiftRows is, in both directions, the same map: row 1 rotated right by 5
bits and row 2 right by 3 bits (rows 0 and 3 stay), 9 instructions per
plane instead of 13 for ShiftRows itself (row 3's offset 4 and row 1's
4 of 5 come for free). MixColumns in D0 is the plain one; in D1 row i+1 is
four columns away from row i in every row, so R(a) = byte_ror(ror(a, 8), 4)
(three instructions per plane, the fixsliced AES-128 MixColumns of type 2)
and R^2 stays a plain rotation by 16. After round 14 (even) the state is in
D0: no final fix-up. The prepared round key of odd rounds is in D1, and
every key from round 1 on carries the S-box's affine constant 0x63 (the
circuit's four NOTs are not computed; MixColumns maps 0x63 in every byte to
itself, so the constant passes through unchanged).

The S-box circuit, MixColumns, register allocator, list scheduler,
annealing and FPU-register spills (s0-s15) are those of
gen_aes_fs_m4_asm.py / gen_aes_bs_m4_asm.py, imported. The loop body is
two rounds (odd, even), run six times; rounds 13 and 14 follow. Before
printing, the code is run on an instruction simulator and compared with a
plain Rijndael-256 (and the first vectors of ../shared/kat/primitives);
the script fails on any difference.

Constant time: the code is straight-line over registers, the stack and the
round keys; every address is the key pointer, the in/out pointers or sp
plus a constant, and the only branch is the round loop (a fixed count).
No table is indexed, nothing depends on the key or the data.
"""
import os
import random
import sys
from collections import defaultdict

_args = sys.argv[1:]
SEARCH = bool(_args) and _args[0] == "--search"
if SEARCH:
    _args = _args[1:]
sys.argv = sys.argv[:1]  # the imported generators read their own arguments at import
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_aes_fs_m4_asm as fs  # noqa: E402

bs = fs.bs
FUNC = "pqmcu_rijndael256_fs_m4"          # over prepared round keys
FUNC_PLAIN = "pqmcu_rijndael256_bs_m4"    # over the expanded key
CANON = bs.CANON
M32 = bs.M32
# Fixed stack slots (byte offsets from sp after the prologue).
KP, IN, OUT, KEND, MASK = 0, 4, 8, 12, 16
SPILL0 = 20
KEEP = 0xFF0000FF  # rows 0 and 3 (not a Thumb-2 immediate: kept in a stack slot)
_arg = lambda i, d, t=int: t(_args[i]) if len(_args) > i else d
ITERS = _arg(0, 6000)        # annealing moves on the two-round loop body
TAIL_ITERS = _arg(1, 3000)   # on rounds 13-14 + output
SBOX_TRIES = _arg(2, 40)
SBOX_ITERS = _arg(3, 40000)
NROUNDS = 14
PLAIN = False                # building the pass over expanded keys (see plain_key)
BODY = 2                     # rounds per loop iteration
LOOPS = 6                    # rounds 1..12


def sr_fold(P, x, keep):
    """ShiftRows plus the change of representation D0 <-> D1: row 1 rotated
    right by 5 bits (columns c <- c+5), row 2 right by 3. A permutation of
    all 32 bits, so a complemented plane stays complemented: the register
    ops are raw and the flag is carried over."""
    f = P.alu("and", x, keep)
    for m, r in ((0x0000E000, 5), (0x00001F00, 29), (0x00F80000, 3), (0x00070000, 27)):
        f = P.alu("eor", f, P.alu("and", x, None, None, m), ("ror", r))
    P.flag[f] = P.flag[x]
    return f


def plain_key(P, s, kp, koff, r):
    """Round key r from the expanded key (FIPS-197 words), made ready on the
    fly: rows 1 and 3 moved four columns for odd r (D1), sliced, added; the
    S-box's four NOTs (not in this key) are then computed (one MVN each)."""
    k = [P.ldr(kp, koff + 4 * c) for c in range(8)]
    if r % 2:
        for c in range(4):
            t = P.alu("and", P.eor(k[c], k[c + 4]), None, None, 0xFF00FF00)
            k[c], k[c + 4] = P.eor(k[c], t), P.eor(k[c + 4], t)
    bs.transpose(P, k)
    return [P.settle(P.eor(s[j], k[j]), False) for j in range(8)]


def round_ops(P, s, r, kp, koff):
    s = fs.sbox_ordered(P, s)
    keep = P.mem(MASK)
    s = [sr_fold(P, x, keep) for x in s]
    if r != NROUNDS:
        s = fs.mix_columns_k(P, s, 2 if r % 2 else 0)
    if PLAIN:
        return plain_key(P, s, kp, koff, r)
    return fs.add_key(P, s, kp, koff, True)


def entry_state(P):
    s = [P.mem(-1 - j) for j in range(8)]
    P.home.clear()
    return s


def build_A():
    P = bs.Prog()
    src = P.mem(IN)
    x = [P.ldr(src, 4 * c) for c in range(8)]
    bs.transpose(P, x)
    if PLAIN:
        x = plain_key(P, x, P.mem(KP), 0, 0)
    else:
        x = fs.add_key(P, x, P.mem(KP), 0, False)
    return P, {}, {v: CANON[j] for j, v in enumerate(x)}


def build_B():
    """Rounds 2i+1, 2i+2; the key pointer moves on by two round keys first."""
    P = bs.Prog()
    s = entry_state(P)
    kp = P.add_imm(P.mem(KP), 32 * BODY)
    P.stslot(kp, KP)
    for i in range(BODY):
        s = round_ops(P, s, i + 1, kp, 32 * (i + 1) - 32 * BODY)
    P.cmp(kp, P.mem(KEND))
    return P, {j + 1: CANON[j] for j in range(8)}, {v: CANON[j] for j, v in enumerate(s)}


def build_C():
    """Rounds 13 and 14, then the output."""
    P = bs.Prog()
    s = entry_state(P)
    kp = P.mem(KP)
    for i, r in enumerate(range(BODY * LOOPS + 1, NROUNDS + 1)):
        s = round_ops(P, s, r, kp, 32 * (i + 1))
    bs.transpose(P, s)
    dst = P.mem(OUT)
    for c in range(8):
        P.store(s[c], dst, 4 * c)
    return P, {j + 1: CANON[j] for j in range(8)}, {}


ORDERS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rijndael256_fs_m4_orders.txt")
ORDERS = {}


def gen(plain):
    global PLAIN
    PLAIN = plain
    bs.SPILL0 = SPILL0
    # the annealing costs minutes: its orders are recorded (--search) and replayed
    pre = "bs." if plain else "fs."
    builds = (("A", build_A), ("B", build_B), ("C", build_C))
    if SEARCH:
        if fs.SBOX_ORDER is None:
            fs.SBOX_ORDER = ORDERS["sbox"] = fs.find_sbox_order(SBOX_TRIES, SBOX_ITERS)
        for (k, b), args in zip(builds, ((20, 1), (0, 2, ITERS), (0, 3, TAIL_ITERS))):
            ORDERS[pre + k] = fs.best_order(b, *args)
    else:
        if not ORDERS:
            ORDERS.update(fs.load_orders(ORDERS_FILE))
        fs.SBOX_ORDER = ORDERS["sbox"]
    (segA, sa), (segB, sb), (segC, sc) = [fs.replay(ORDERS_FILE, ORDERS, pre + k, b) for k, b in builds]
    spill_end = max(sa, sb, sc)
    # Spill slots 0-15 are FPU registers (fs.to_fp): the stack frame holds
    # only the fixed slots and the slots beyond those.
    stack_end = spill_end if spill_end > SPILL0 + 4 * fs.NFP else SPILL0
    frame = (stack_end + 7) // 8 * 8 + 4  # with the 9 pushed registers, sp stays 8-aligned
    return segA, segB, segC, frame, spill_end


# ------------------------------------------------------- reference and keys
def _mul(a, b):
    return bs._mul(a, b)


def expand(key):
    """Rijndael key schedule, Nk = 8, Nb = 8, Nr = 14: 120 little-endian words."""
    w = [int.from_bytes(key[4 * i:4 * i + 4], "little") for i in range(8)]
    rcon = 1
    sub = lambda t: sum(bs.SBOX[(t >> (8 * b)) & 0xFF] << (8 * b) for b in range(4))
    for i in range(8, 8 * (NROUNDS + 1)):
        t = w[i - 1]
        if i % 8 == 0:
            t = sub(bs.ror(t, 8)) ^ rcon
            rcon = bs._xt(rcon)
        elif i % 8 == 4:
            t = sub(t)
        w.append(w[i - 8] ^ t)
    return w


def rijndael256_ref(w, block):
    """Plain Rijndael-256 (state byte 4c + i = row i, column c)."""
    ark = lambda st, r: [st[k] ^ ((w[8 * r + k // 4] >> (8 * (k % 4))) & 0xFF) for k in range(32)]
    st = ark(list(block), 0)
    for r in range(1, NROUNDS + 1):
        st = [bs.SBOX[b] for b in st]
        st = [st[4 * ((c + (0, 1, 3, 4)[i]) % 8) + i] for c in range(8) for i in range(4)]
        if r != NROUNDS:
            n = []
            for c in range(8):
                a = st[4 * c:4 * c + 4]
                n += [_mul(a[i], 2) ^ _mul(a[(i + 1) % 4], 3) ^ a[(i + 2) % 4] ^ a[(i + 3) % 4] for i in range(4)]
            st = n
        st = ark(st, r)
    return bytes(st)


def transpose_words(x):
    """bs::transpose on a list of 8 words (its own inverse)."""
    x = list(x)
    for S, m in ((1, 0x55555555), (2, 0x33333333), (4, 0x0F0F0F0F)):
        for j in range(8):
            if j & S:
                continue
            t = ((x[j] >> S) ^ x[j + S]) & m
            x[j + S] ^= t
            x[j] ^= (t << S) & M32
    return x


def prepare(w):
    """Python model of rijndael256_fs_keys(): 120 words, round r at 8r: the
    round key in the representation of round r (D1 for odd r: bytes 1 and 3
    of every column word move four columns), 0x63 added for r >= 1, sliced."""
    out = []
    for r in range(NROUNDS + 1):
        k = w[8 * r:8 * r + 8]
        if r % 2:
            k = [(k[c] & 0x00FF00FF) | (k[(c + 4) % 8] & 0xFF00FF00) for c in range(8)]
        if r:
            k = [x ^ 0x63636363 for x in k]
        out += transpose_words(k)
    return out


def simulate(segs, rk, block):
    mem = {}
    RK, IN_A, OUT_A, SP = 0x1000, 0x3000, 0x3100, 0x8000
    for i, x in enumerate(rk):
        mem[RK + 4 * i] = x
    for i in range(8):
        mem[IN_A + 4 * i] = int.from_bytes(block[4 * i:4 * i + 4], "little")
    R = {r: random.getrandbits(32) for r in bs.REGS + ["s%d" % i for i in range(fs.NFP)]}
    R["sp"] = SP
    mem[SP + KP], mem[SP + IN], mem[SP + OUT] = RK, IN_A, OUT_A
    mem[SP + KEND], mem[SP + MASK] = RK + 32 * BODY * LOOPS, KEEP
    flag = [None]
    sh = {"ror": bs.ror, "lsl": lambda v, n: (v << n) & M32, "lsr": lambda v, n: v >> n}
    alu = {"eor": lambda a, b: a ^ b, "and": lambda a, b: a & b, "orr": lambda a, b: a | b,
           "bic": lambda a, b: a & ~b & M32, "mvn": lambda a, b: ~a & M32, "add": lambda a, b: (a + b) & M32}

    def run(seg):
        for ins in seg:
            k = ins[0]
            if k == "alu":
                _, mn, d, sr, shift, imm = ins
                b = imm if len(sr) == 1 else R[sr[1]]
                if shift is not None:
                    b = sh[shift[0]](b, shift[1])
                R[d] = alu[mn](R[sr[0]], b)
            elif k == "ldr":
                R[ins[1]] = mem[R[ins[2]] + ins[3]]
            elif k == "str":
                mem[R[ins[2]] + ins[3]] = R[ins[1]]
            elif k in ("mov", "vmov_to", "vmov_from"):
                d, s = (ins[2], ins[1]) if k == "vmov_to" else (ins[1], ins[2])
                R[d] = R[s]
            elif k == "cmp":
                flag[0] = R[ins[1]] == R[ins[2]]
            else:
                raise ValueError(k)

    run(segs[0])
    loops = 0
    while True:
        run(segs[1])
        loops += 1
        if flag[0]:
            break
    assert loops == LOOPS
    run(segs[2])
    return b"".join(mem[OUT_A + 4 * i].to_bytes(4, "little") for i in range(8))


def kat_vectors(n):
    """The first n (key, pt, ct) of ../shared/kat/primitives/rijndael256.txt, if present."""
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "..", "..", "shared", "kat", "primitives", "rijndael256.txt")
    out, cur = [], {}
    if not os.path.exists(path):
        return out
    for line in open(path):
        if "=" in line and not line.startswith("#"):
            k, v = (t.strip() for t in line.split("=", 1))
            cur[k] = v
            if k == "ct":
                out.append((bytes.fromhex(cur["key"]), bytes.fromhex(cur["pt"]), bytes.fromhex(v)))
                if len(out) == n:
                    break
    return out


def self_check(segs, plain):
    keys = (lambda w: w) if plain else prepare
    for key, pt, ct in kat_vectors(8):
        w = expand(key)
        if rijndael256_ref(w, pt) != ct:
            raise SystemExit("reference Rijndael-256 disagrees with the KAT file")
        if simulate(segs, keys(w), pt) != ct:
            raise SystemExit("self-check failed (KAT vector)")
    rng = random.Random(1)
    for trial in range(8):
        w = expand(bytes(rng.getrandbits(8) for _ in range(32)))
        pt = bytes(rng.getrandbits(8) for _ in range(32))
        if simulate(segs, keys(w), pt) != rijndael256_ref(w, pt):
            raise SystemExit("self-check failed (trial %d)" % trial)


def emit(func, plain):
    segA, segB, segC, frame, spill_end = gen(plain)
    self_check((segA, segB, segC), plain)
    hist = defaultdict(int)
    for ins in segB:
        hist[ins[1] if ins[0] == "alu" else ins[0]] += 1
    cB, cA, cC = fs.cycles(segB), fs.cycles(segA), fs.cycles(segC)
    p = print
    p("")
    p("@ void %s(const uint32_t rk[120], const uint8_t in[32], uint8_t out[32])" % func)
    if plain:
        p("@   rk = FIPS-197 expanded key (RoundKeys<Rijndael256>), sliced on the fly; in == out allowed; AAPCS.")
    else:
        p("@   rk = prepared Rijndael-256 round keys (rijndael256_fs.cpp); in == out allowed; AAPCS.")
    p("@ Loop body (two rounds, one block): %d instructions, about %d cycles;" % (len(segB), cB))
    p("@   " + ", ".join("%s %d" % kv for kv in sorted(hist.items())))
    p("@ Entry + round 0: about %d cycles; rounds 13, 14 + output: about %d cycles;" % (cA, cC))
    p("@ about %d cycles per block in all (model of the generator, without call overhead)."
      % (cA + LOOPS * cB + cC))
    p("    .section .text.%s, \"ax\", %%progbits" % func)
    p("    .align 2")
    p("    .global %s" % func)
    p("    .type %s, %%function" % func)
    p("    .thumb_func")
    p("%s:" % func)
    p("    push {r4-r11, lr}")
    p("    sub.w sp, sp, #%d" % frame)
    p("    str.w r0, [sp, #%d]" % KP)
    p("    str.w r1, [sp, #%d]" % IN)
    p("    str.w r2, [sp, #%d]" % OUT)
    p("    add.w r3, r0, #%d" % (32 * BODY * LOOPS))
    p("    str.w r3, [sp, #%d]" % KEND)
    p("    movw r3, #0x%04X" % (KEEP & 0xFFFF))
    p("    movt r3, #0x%04X" % (KEEP >> 16))
    p("    str.w r3, [sp, #%d]" % MASK)
    for ins in segA:
        p("    " + fs.fmt(ins))
    p("%s:" % (".Lround_" + func))
    for ins in segB:  # nothing after the cmp sets flags (only mov.w / ldr.w / vmov)
        p("    " + fs.fmt(ins))
    p("    bne.w %s" % (".Lround_" + func))
    for ins in segC:
        p("    " + fs.fmt(ins))
    # wipe the spill registers and area (they held state words)
    for i in range(8):
        p("    mov.w r%d, #0" % i)
    nfp = min(fs.NFP, (spill_end - SPILL0) // 4)
    for i in range(nfp):
        p("    vmov s%d, r0" % i)
    off = SPILL0 + 4 * fs.NFP
    while off < spill_end:
        n = min(8, (spill_end - off) // 4)
        p("    add.w r12, sp, #%d" % off)
        p("    stmia.w r12, {%s}" % ", ".join("r%d" % i for i in range(n)))
        off += 4 * n
    p("    add.w sp, sp, #%d" % frame)
    p("    pop {r4-r11, pc}")
    p("    .size %s, .-%s" % (func, func))


def main():
    print("@ SPDX-License-Identifier: Apache-2.0 OR MIT")
    print("@ Generated by gen_rijndael256_m4_asm.py; do not edit.")
    print("    .syntax unified")
    print("    .thumb")
    emit(FUNC, False)
    emit(FUNC_PLAIN, True)
    if SEARCH:
        fs.save_orders(ORDERS_FILE, "gen_rijndael256_m4_asm.py --search %d %d %d %d"
                       % (ITERS, TAIL_ITERS, SBOX_TRIES, SBOX_ITERS), ORDERS)


if __name__ == "__main__":
    main()
