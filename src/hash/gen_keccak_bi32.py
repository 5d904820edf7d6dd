#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes keccak_bi32_gen.inc: Keccak-f[1600] on 32-bit bit-interleaved lanes.

usage: gen_keccak_bi32.py [ROUNDS_PER_BLOCK] > keccak_bi32_gen.inc

Word i holds the even bits of lane i (i = x + 5*y), word 25+i the odd bits.
Rotations are applied lazily: every intermediate word is tracked together with
a pending left-rotation known at generation time, and each binary operation
rotates only its second operand by the difference of the two pending amounts.
On ARMv7-M that rotation folds into the shifted-register operand of EOR/BIC,
so rho and the theta rotation cost no instruction. Pending rotations are
cleared at the end of each block of rounds so the block can be looped.
"""
import sys

R = int(sys.argv[1]) if len(sys.argv) > 1 else 4
assert 24 % R == 0 and R % 2 == 0


def rho_offsets():
    r = [[0] * 5 for _ in range(5)]
    x, y = 1, 0
    for t in range(24):
        r[x][y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return r


def round_constants():
    state = 1
    out = []
    for _ in range(24):
        rc = 0
        for j in range(7):
            if state & 1:
                rc |= 1 << ((1 << j) - 1)
            state = ((state << 1) ^ (0x71 if state & 0x80 else 0)) & 0xFF
        out.append(rc)
    return out


def split(v):
    e = o = 0
    for k in range(32):
        e |= ((v >> (2 * k)) & 1) << k
        o |= ((v >> (2 * k + 1)) & 1) << k
    return e, o


def rotr32(v, n):
    n %= 32
    return ((v >> n) | (v << (32 - n))) & 0xFFFFFFFF if n else v


RHO = rho_offsets()
RC = [split(v) for v in round_constants()]


def word(x, y, h):
    # All even halves first, then all odd halves: the five words of an
    # output plane-half are then adjacent (one STM in the assembly version).
    return 25 * h + x + 5 * y


class Gen:
    def __init__(self):
        self.lines = []
        self.n = 0

    def tmp(self):
        self.n += 1
        return f"v{self.n}"

    def emit(self, s):
        self.lines.append("    " + s)

    @staticmethod
    def rot(expr, k):
        k %= 32
        return expr if k == 0 else f"rol({expr}, {k})"

    def xor(self, a, b, frame=None):
        """a, b = (expr, pending); result in the frame of a unless told."""
        if frame is not None and frame % 32 == b[1] % 32 and frame % 32 != a[1] % 32:
            a, b = b, a
        t = self.tmp()
        self.emit(f"const uint32_t {t} = {a[0]} ^ {self.rot(b[0], b[1] - a[1])};")
        return (t, a[1])


def gen_round(g, j, src, dst, frames, last):
    """frames[w] = pending rotation of src word w; returns frames of dst."""
    g.emit(f"// round {j} of the block: {src} -> {dst}")
    C = {}
    for x in range(5):
        for h in range(2):
            acc = (f"{src}[{word(x, 0, h)}]", frames[word(x, 0, h)])
            for y in range(1, 5):
                acc = g.xor(acc, (f"{src}[{word(x, y, h)}]", frames[word(x, y, h)]))
            C[x, h] = acc
    D = {}
    for x in range(5):
        ce, co = C[(x - 1) % 5, 0], C[(x - 1) % 5, 1]
        ne, no = C[(x + 1) % 5, 0], C[(x + 1) % 5, 1]
        D[x, 0] = g.xor(ce, (no[0], no[1] + 1))  # rotating a lane by 1 swaps halves
        D[x, 1] = g.xor(co, ne)
    g.emit("barrier();")
    out_frames = [0] * 50
    for Y, h in PLANE_ORDER:
        if True:
            B = []
            for X in range(5):
                x, y = (3 * (Y - 3 * X)) % 5, X
                r = RHO[x][y]
                if r % 2 == 0:
                    hs, add = h, r // 2
                else:
                    hs, add = (1, r // 2 + 1) if h == 0 else (0, r // 2)
                w = word(x, y, hs)
                t = g.xor((f"{src}[{w}]", frames[w]), D[x, hs])
                B.append((t[0], t[1] + add))
            for X in range(5):
                b0, b1, b2 = B[X], B[(X + 1) % 5], B[(X + 2) % 5]
                u = g.tmp()
                g.emit(f"const uint32_t {u} = {b2[0]} & ~{g.rot(b1[0], b1[1] - b2[1])};")
                out = g.xor(b0, (u, b2[1]), frame=0 if last else None)
                expr = out[0]
                if X == 0 and Y == 0:
                    expr = f"{expr} ^ rc[{2 * j + h}]"
                    RC_FRAMES[j, h] = out[1] % 32
                if last and out[1] % 32:
                    expr = g.rot(f"({expr})", out[1])
                    out = (out[0], 0)
                g.emit(f"{dst}[{word(X, Y, h)}] = {expr};")
                out_frames[word(X, Y, h)] = out[1] % 32
    g.emit("barrier();")
    return out_frames


RC_FRAMES = {}


def d_needs(Y, h):
    """Which half of D[x] the output plane-half (Y, h) uses, per column x."""
    need = [0] * 5
    for X in range(5):
        x, y = (3 * (Y - 3 * X)) % 5, X
        need[x] = h if RHO[x][y] % 2 == 0 else 1 - h
    return need


def plane_order():
    """Order of the ten output plane-halves such that consecutive ones need
    the same D words as far as possible (fewer D reloads after spilling)."""
    nodes = [(Y, h) for Y in range(5) for h in range(2)]
    need = [d_needs(*n) for n in nodes]
    dist = [[sum(a != b for a, b in zip(need[i], need[j])) for j in range(10)] for i in range(10)]
    best = {(1 << i, i): (5, [i]) for i in range(10)}
    for mask in range(1, 1 << 10):
        for last in range(10):
            if (mask, last) not in best:
                continue
            cost, path = best[mask, last]
            for n in range(10):
                if mask >> n & 1:
                    continue
                key = (mask | 1 << n, n)
                c = cost + dist[last][n]
                if key not in best or c < best[key][0]:
                    best[key] = (c, path + [n])
    cost, path = min(best[(1 << 10) - 1, i] for i in range(10))
    return [nodes[i] for i in path]


PLANE_ORDER = plane_order()


def main():
    g = Gen()
    frames = [0] * 50
    bufs = ["s", "t"]
    for j in range(R):
        frames = gen_round(g, j, bufs[j % 2], bufs[(j + 1) % 2], frames, j == R - 1)
    assert all(f == 0 for f in frames)
    table = []
    for r in range(24):
        for h in range(2):
            # stored ^= rotr(rc, frame) equals actual ^= rc
            table.append(rotr32(RC[r][h], RC_FRAMES[r % R, h]))
    print("// SPDX-License-Identifier: Apache-2.0 OR MIT")
    print(f"// Generated by gen_keccak_bi32.py {R}; do not edit.")
    print(f"#define PQMCU_KECCAK_BI32_ROUNDS_PER_BLOCK {R}")
    print("alignas(8) static const uint32_t kRoundConstantsBi32[48] = {")
    for i in range(0, 48, 6):
        print("    " + ", ".join(f"0x{v:08X}u" for v in table[i:i + 6]) + ",")
    print("};")
    print("// One block of rounds: s -> t -> ... -> s; rc points at this block's constants.")
    print("static inline __attribute__((always_inline)) void keccak_bi32_block(")
    print("    uint32_t* __restrict s, uint32_t* __restrict t, const uint32_t* rc) {")
    print("\n".join(g.lines))
    print("}")


if __name__ == "__main__":
    main()
