#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Writes schoolbook_m4.S: fully unrolled N x N products mod 2^16 for the base
# cases of NTRU's Toom-4 / Karatsuba products on the Cortex-M4.
#   python3 src/ntru/gen_schoolbook_m4.py > src/ntru/schoolbook_m4.S
#   python3 src/ntru/gen_schoolbook_m4.py --check   # runs the emitted code on
#     an interpreter of its six instructions against a schoolbook (random and
#     all-0xFFFF operands, garbage around them, odd / even addresses)
#
# c[m] = sum_i SMLADX(A_i, P_(m - 2i)) with A_i = (a[2i], a[2i+1]) and
# P_t = (b[t-1], b[t]) (b[-1] = b[N] = 0): one SMLADX makes a[2i] b[t] +
# a[2i+1] b[t-1]. P_t for 1 <= t <= N-1 is the (unaligned) word at b + t - 1,
# so nothing is precomputed. Outputs are made R at a time in registers; for
# each i the block needs the R consecutive P_t, t = m0 - 2i .., which slide
# down by two per step: one A load and two P loads per R SMLADX (the plain C
# loop reloads both operands for every SMLADX: ~2.6 emulated cycles per
# coefficient product against ~1.15 here). Steps i that reach none of the
# block's outputs emit nothing. Branch-free, no secret-dependent
# address: constant time.
import sys

CHECK = "--check" in sys.argv[1:]
SIZES = [int(x) for x in sys.argv[1:] if x != "--check"] or [19, 20, 21, 22, 32, 42, 43, 44, 51, 52]
R = 5
ACC = ["r3", "r4", "r5", "r6", "r7"]
PREGS = ["r8", "r9", "r10", "r11", "lr"]
AREG = "r12"


def kernel(n):
    out = []
    e = out.append
    w = (n + 1) // 2  # A words
    e(f"    .global pqmcu_ntru_sb{n}")
    e(f"    .type pqmcu_ntru_sb{n}, %function")
    e("    .align 2")
    e(f"pqmcu_ntru_sb{n}:")
    e("    push {r4-r11, lr}")
    outs = 2 * n - 1
    for m0 in range(0, outs, R):
        ms = [m for m in range(m0, min(m0 + R, outs))]
        cache = {}  # t -> reg
        started = set()
        for i in range(w):
            ts = [(m, m - 2 * i) for m in ms if 0 <= m - 2 * i <= n]
            if not ts:
                if all(m - 2 * i < 0 for m in ms):
                    break
                continue
            # loads: A_i then the missing P_t
            if n % 2 == 1 and i == w - 1:
                e(f"    ldrh {AREG}, [r1, #{4 * i}]")
            else:
                e(f"    ldr {AREG}, [r1, #{4 * i}]")
            needed = {t for _, t in ts}
            free = [r for r in PREGS if r not in cache.values()]
            for t in sorted(needed):
                if t in cache:
                    continue
                if not free:
                    # evict a register holding a t above every t still needed
                    dead = [tt for tt in cache if tt > max(needed)]
                    assert dead, (n, m0, i)
                    free.append(cache.pop(max(dead)))
                reg = free.pop(0)
                if t == 0:
                    e(f"    ldrh {reg}, [r2]")
                    e(f"    lsl {reg}, {reg}, #16")
                elif t == n:
                    e(f"    ldrh {reg}, [r2, #{2 * (n - 1)}]")
                else:
                    e(f"    ldr {reg}, [r2, #{2 * (t - 1)}]")
                cache[t] = reg
            for m, t in ts:
                acc = ACC[m - m0]
                if m in started:
                    e(f"    smladx {acc}, {AREG}, {cache[t]}, {acc}")
                else:
                    e(f"    smuadx {acc}, {AREG}, {cache[t]}")
                    started.add(m)
            # drop what no later step needs (t only decreases)
            lowest = min(needed)
            for tt in [tt for tt in cache if tt > lowest + R]:
                cache.pop(tt)
        for m in ms:
            assert m in started, (n, m)
            e(f"    strh {ACC[m - m0]}, [r0, #{2 * m}]")
    e("    pop {r4-r11, pc}")
    e(f"    .size pqmcu_ntru_sb{n}, .-pqmcu_ntru_sb{n}")
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
            if op in ("push", "pop") or op.startswith("."):
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
            elif op in ("smuadx", "smladx"):
                x, y = reg[args[1]], reg[args[2]]
                v = s16(x) * s16(y >> 16) + s16(x >> 16) * s16(y)
                reg[args[0]] = (v + (reg[args[3]] if op == "smladx" else 0)) & 0xFFFFFFFF
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


if CHECK:
    for n in SIZES:
        body = [l.strip() for l in kernel(n) if l.startswith("    ")]
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
