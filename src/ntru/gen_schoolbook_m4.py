#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Writes schoolbook_m4.S: fully unrolled N x N products mod 2^16 for the base
# cases of NTRU's Toom-4 / Karatsuba products on the Cortex-M4.
#   python3 src/ntru/gen_schoolbook_m4.py > src/ntru/schoolbook_m4.S
#   python3 src/ntru/gen_schoolbook_m4.py --check   # runs the emitted code on
#     an interpreter of its instructions against a schoolbook (random and
#     all-0xFFFF operands, garbage around them, odd / even addresses)
#
# c[m] = sum_i SMLADX(A_i, P_(m - 2i)) with A_i = (a[2i], a[2i+1]) and
# P_t = (b[t-1], b[t]) (b[-1] = b[N] = 0): one SMLADX makes a[2i] b[t] +
# a[2i+1] b[t-1]. P_t for 1 <= t <= N-1 is the (unaligned) word at b + t - 1,
# so nothing is precomputed; P_0 and P_N are not loaded: a[2i] b[0] is
# SMLABB of A_i and P_1, a[2i+1] b[N-1] SMLATT of A_i and P_(N-1). Outputs
# are made R = 6 at a time in registers; within a block t runs down in pairs
# (t, t - 1) with m0 - t odd, so that both P words meet the same three A
# words (m - t even for three of the six outputs each), and the next pair
# needs one new A word: one A load and two P loads (adjacent, so the loads
# pipeline) per six SMLADX (the previous five-output version, t sliding
# under a fixed A_i, needed three loads per five; the plain C loop reloads
# both operands for every SMLADX). Every other block runs t up instead, from
# the A words the block before ended on (still in their registers). Steps that reach none of the block's
# outputs emit nothing. A block's outputs are stored in pairs (PKHBT + STR)
# during the next block: each store waits for the first step that writes its
# register, and one goes right after every step's loads (a store behind a
# load pipelines: 1 cycle instead of 2); the registers holding packed words
# go to the outputs the next block starts last (sb44: 1815 -> 1784 cycles a
# call, 31 of its 44 stores pipelined against none). Six outputs, three A
# and two P registers is the best split of the eleven free registers (a
# step's six SMLADX per three loads); other shapes counted with the
# emulator's rules, all with the stores as before (sb44 1815): outputs
# m, m + 2, .. in fives (five A, one P) 1802, but 87 STRH; seven outputs
# with the A words in s registers (VMOV, c's pointer there too) 1813, six
# of one parity that way 1799: the preload, VPUSH / VPOP and per-block VMOV
# eat what the larger blocks save.
# Branch-free, no secret-dependent address: constant time.
import sys

CHECK = "--check" in sys.argv[1:]
SIZES = [int(x) for x in sys.argv[1:] if x != "--check"] or [19, 20, 21, 22, 32, 42, 43, 44, 51, 52]
R = 6
ACC = ["r3", "r4", "r5", "r6", "r7", "r8"]
AREGS = ["r9", "r10", "r11"]
PREGS = ["r12", "lr"]
# q of KaratsubaM4's fused sizes (128, 176, 170, 206) -> whole top (n = 4q):
# pqmcu_ntru_sb{q}x9, else x8 (batch)
BATCH = {32: True, 44: True, 43: False, 52: False}


def kernel(n):
    out = []
    e = out.append
    w = (n + 1) // 2  # A words
    e(f"    .global pqmcu_ntru_sb{n}")
    e(f"    .type pqmcu_ntru_sb{n}, %function")
    e("    .align 2")
    e(f"pqmcu_ntru_sb{n}:")
    e("    push {r4-r11, lr}")
    if n in BATCH:  # the body is a local subroutine shared with the batch entry
        e(f"    bl .Lsb{n}_core")
        e("    pop {r4-r11, pc}")
        e("    .align 2")
        e(f".Lsb{n}_core:")
        e("    vmov s15, lr")
    outs = 2 * n - 1
    acache = {}  # i -> reg (kept across blocks)
    pcache = {}  # P word key (1 .. n-1) -> reg
    pending = []  # (reg, store) of the block before, not yet stored
    for blk, m0 in enumerate(range(0, outs, R)):
        ms = list(range(m0, min(m0 + R, outs)))
        started = set()
        tmax = min(n, ms[-1])
        tmin = max(0, ms[0] - 2 * (w - 1))
        # pair (t, t - 1) with t of the other parity than m0
        top = tmax if (m0 - tmax) % 2 else tmax + 1
        steps = []
        for t_hi in range(top, tmin - 1, -2):
            step = []  # (m, i, t)
            for t in (t_hi, t_hi - 1):
                if t < tmin or t > tmax:
                    continue
                for m in ms:
                    if (m - t) % 2 == 0 and 0 <= (m - t) // 2 < w:
                        step.append((m, (m - t) // 2, t))
            if step:
                steps.append(step)
        if blk % 2 == 1:
            steps.reverse()  # t up: starts from the A words the last block ended on
        # accumulators: the registers still holding the last block's packed
        # outputs go to the outputs this block starts last
        first_step = {}
        for k, step in enumerate(steps):
            for m, _, _ in step:
                first_step.setdefault(m, k)
        busy = [r for r, _ in pending]
        order = sorted(ms, key=lambda m: (first_step[m], m))
        acc_of = dict(zip(order, [r for r in ACC if r not in busy] + busy))

        def pkey(t):  # P word and operation per t
            return 1 if t == 0 else n - 1 if t == n else t

        for step in steps:
            need_i = {i for _, i, _ in step}
            need_p = {pkey(t) for _, _, t in step}
            loads = []
            for i in sorted(need_i):
                if i in acache:
                    continue
                free = [r for r in AREGS if r not in acache.values()]
                if not free:
                    dead = [j for j in acache if j not in need_i]
                    free = [acache.pop(dead[0])]
                acache[i] = free[0]
                op = "ldrh" if (n % 2 == 1 and i == w - 1) else "ldr"
                loads.append(f"    {op} {free[0]}, [r1, #{4 * i}]")
            for k in sorted(need_p):
                if k in pcache:
                    continue
                free = [r for r in PREGS if r not in pcache.values()]
                if not free:
                    dead = [j for j in pcache if j not in need_p]
                    free = [pcache.pop(dead[0])]
                pcache[k] = free[0]
                loads.append(f"    ldr {free[0]}, [r2, #{2 * (k - 1)}]")
            out.extend(loads)
            # the last block's stores: those whose register this step
            # writes, and one more after loads (it pipelines behind them)
            written = {acc_of[m] for m, _, _ in step if m not in started}
            now = [x for x in pending if x[0] in written]
            if loads and len(now) < len(pending):
                now = [x for x in pending if x not in now][:1] + now
            for x in now:
                pending.remove(x)
                e(x[1])
            for m, i, t in step:
                acc = acc_of[m]
                ar, pr = acache[i], pcache[pkey(t)]
                first = m not in started
                started.add(m)
                if t == 0:    # a[2i] b[0]: bottom of A, bottom of the word (b0, b1)
                    e(f"    smulbb {acc}, {ar}, {pr}" if first else f"    smlabb {acc}, {ar}, {pr}, {acc}")
                elif t == n:  # a[2i+1] b[n-1]: top of A, top of the word (b[n-2], b[n-1])
                    e(f"    smultt {acc}, {ar}, {pr}" if first else f"    smlatt {acc}, {ar}, {pr}, {acc}")
                else:
                    e(f"    smuadx {acc}, {ar}, {pr}" if first else f"    smladx {acc}, {ar}, {pr}, {acc}")
        assert all(m in started for m in ms), (n, m0)
        for x in pending:  # (a short last block leaves registers unused)
            e(x[1])
        pending = []
        # two outputs a store (PKHBT + STR against two STRH); the stores wait
        # for the next block's loads: a store right after a load pipelines
        # (1 cycle instead of 2), and the packed words' registers go to the
        # next block's last-started outputs, so that more of the stores find
        # a load to follow
        for j in range(0, len(ms) - 1, 2):
            lo, hi = acc_of[ms[j]], acc_of[ms[j + 1]]
            e(f"    pkhbt {lo}, {lo}, {hi}, lsl #16")
            pending.append((lo, f"    str {lo}, [r0, #{2 * ms[j]}]"))
        if len(ms) % 2:
            r = acc_of[ms[-1]]
            pending.append((r, f"    strh {r}, [r0, #{2 * ms[-1]}]"))
    for x in pending:
        e(x[1])
    if n in BATCH:
        e("    vmov lr, s15")
        e("    bx lr")
    else:
        e("    pop {r4-r11, pc}")
    e(f"    .size pqmcu_ntru_sb{n}, .-pqmcu_ntru_sb{n}")
    e("")
    if n in BATCH:
        out.extend(batch(n))
    return out


def batch(q):
    # pqmcu_ntru_sb{q}x9 / x8(c, a, b, s): KaratsubaM4::two_levels' q x q
    # products (karatsuba_m4.hpp) through the kernel's body as a local
    # subroutine (return address in s15; r0-r2 are only read there): one
    # PUSH / POP for all, each product's pointers from the last ones (r0-r2
    # survive the body) or from s0-s3 (~14 cycles a product around the
    # kernel against ~30 for a call each). Whole top (n = 4q: 128, 176):
    # nine, H's R2 (c + 6q) last and without its pad word (it would be past
    # c); otherwise (170, 206) eight, H's R2 made by the caller before (its
    # operands are the x3 copies in slot 6, which L's R1 then overwrites).
    # The other products' pad words (c[2q - 1] = 0) stored after each. s:
    # the sums' slots (2q words each; slot k of a at s + 2kq, of b at
    # s + (2k + 1) q).
    whole = BATCH[q]
    name = f"pqmcu_ntru_sb{q}x{9 if whole else 8}"
    B = 2 * q  # bytes per q words
    out = []
    e = out.append
    e(f"    .global {name}")
    e(f"    .type {name}, %function")
    e("    .align 2")
    e(f"{name}:")
    e("    push {r4-r11, lr}")
    if whole:
        e("    vmov s0, s1, r0, r1")
        e("    vmov s2, s3, r2, r3")
    else:
        e("    vmov s3, r3")

    def call(pad=True):
        e(f"    bl .Lsb{q}_core")
        if pad:
            e("    movs r3, #0")
            e(f"    strh r3, [r0, #{2 * B - 2}]")

    call()  # L.R0: c, a, b
    for _ in range(2):  # L.R2: c + 2q, a + q, b + q; H.R0: c + 4q, a + 2q, b + 2q
        e(f"    add r0, r0, #{2 * B}")
        e(f"    add r1, r1, #{B}")
        e(f"    add r2, r2, #{B}")
        call()
    # L.R1 (slot 5: s + 10q, or 6: s + 12q) = slot 0's sums
    e("    vmov r1, s3")
    e(f"    add r0, r1, #{(10 if whole else 12) * B}")
    e(f"    add r2, r1, #{B}")
    call()
    # H.R1 into slot 0 (slot 1's), M.R0 into slot 1 (slot 2's), M.R1 into
    # slot 2 (slot 4's), M.R2 into slot 4 (slot 3's)
    for d in (2 * B, 2 * B, 4 * B, -2 * B):
        e("    mov r0, r1")
        op = "add" if d > 0 else "sub"
        e(f"    {op} r1, r1, #{abs(d)}")
        e(f"    {op} r2, r2, #{abs(d)}")
        call()
    if whole:  # H.R2: c + 6q, a + 3q, b + 3q
        e("    vmov r0, r1, s0, s1")
        e("    vmov r2, s2")
        e(f"    add r0, r0, #{6 * B}")
        e(f"    add r1, r1, #{3 * B}")
        e(f"    add r2, r2, #{3 * B}")
        call(pad=False)
    e("    pop {r4-r11, pc}")
    e(f"    .size {name}, .-{name}")
    e("")
    return out


def check(n, code, trials=20):
    import random
    import re

    def s16(x):
        x &= 0xFFFF
        return x - 0x10000 if x & 0x8000 else x

    rng = random.Random(n)
    for trial in range(trials):
        a = [0xFFFF] * n if trial == 0 else [rng.randrange(65536) for _ in range(n)]
        b = [0xFFFF] * n if trial == 0 else [rng.randrange(65536) for _ in range(n)]
        mem = {}
        A, B, C = 0x1000 + 2 * (trial & 1), 0x3000 + 2 * ((trial >> 1) & 1), 0x5000
        for i in range(n):
            mem[A + 2 * i], mem[B + 2 * i] = a[i], b[i]
        for addr in (A - 2, A + 2 * n, B - 2, B + 2 * n):  # garbage that must not matter
            mem[addr] = rng.randrange(65536)
        reg = {"r0": C, "r1": A, "r2": B}
        for ins in code:
            op, rest = ins.split(None, 1)
            if op in ("push", "pop", "bl", "vmov", "bx") or op.startswith("."):
                continue
            args = [x.strip() for x in re.split(r",(?![^\[]*\])", rest)]

            def addr(t):
                m = re.match(r"\[(\w+)(?:, #(\d+))?\]", t)
                return reg[m.group(1)] + int(m.group(2) or 0)

            if op == "ldr":
                ad = addr(args[1])
                reg[args[0]] = mem[ad] | mem[ad + 2] << 16
            elif op == "ldrh":
                reg[args[0]] = mem[addr(args[1])]
            elif op == "lsl":
                reg[args[0]] = (reg[args[1]] << int(args[2][1:])) & 0xFFFFFFFF
            elif op in ("smulbb", "smlabb", "smultt", "smlatt"):
                x, y = reg[args[1]], reg[args[2]]
                v = s16(x) * s16(y) if op[-2:] == "bb" else s16(x >> 16) * s16(y >> 16)
                reg[args[0]] = (v + (reg[args[3]] if op.startswith("smla") else 0)) & 0xFFFFFFFF
            elif op in ("smuadx", "smladx"):
                x, y = reg[args[1]], reg[args[2]]
                v = s16(x) * s16(y >> 16) + s16(x >> 16) * s16(y)
                reg[args[0]] = (v + (reg[args[3]] if op == "smladx" else 0)) & 0xFFFFFFFF
            elif op == "pkhbt":
                reg[args[0]] = (reg[args[1]] & 0xFFFF) | ((reg[args[2]] << 16) & 0xFFFF0000)
            elif op == "str":
                ad = addr(args[1])
                mem[ad], mem[ad + 2] = reg[args[0]] & 0xFFFF, reg[args[0]] >> 16
            elif op == "strh":
                mem[addr(args[1])] = reg[args[0]] & 0xFFFF
            else:
                raise ValueError(ins)
        want = [0] * (2 * n - 1)
        for i in range(n):
            for j in range(n):
                want[i + j] = (want[i + j] + a[i] * b[j]) & 0xFFFF
        got = [mem.get(C + 2 * k) for k in range(2 * n - 1)]
        assert got == want, f"pqmcu_ntru_sb{n}: wrong product"
        assert C + 2 * (2 * n - 1) not in mem and C - 2 not in mem, f"pqmcu_ntru_sb{n}: store outside c"


if CHECK:
    for n in SIZES:
        body = [l.strip() for l in kernel(n) if l.startswith("    ")]
        if n in BATCH:  # the body alone (not the batch entry)
            body = body[: next(i for i, l in enumerate(body) if l.startswith(".size"))]
        check(n, body)
        print(f"pqmcu_ntru_sb{n}: ok")
    sys.exit(0)

print("@ SPDX-License-Identifier: Apache-2.0 OR MIT")
print("@ Generated by gen_schoolbook_m4.py (the method is described there); do not edit.")
print("@ void pqmcu_ntru_sbN(uint16_t* c, const uint16_t* a, const uint16_t* b)")
print("@   c[0 .. 2N-2] = a b mod 2^16 (N coefficients each; c must not overlap a or b)")
print("    .syntax unified")
print("    .thumb")
print("    .text")
print("")
for n in SIZES:
    print("\n".join(kernel(n)))
