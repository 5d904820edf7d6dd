#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes bs_mul_m4.S: the bitsliced GF(2^m) multiplication of kem.cpp
(Bs<M>::mul32) for ARMv7-M (Cortex-M4), 32 lanes, product and reduction in
one call:

  void pqmcu_mce_mul12(uint32_t r[12], const uint32_t a[12], const uint32_t b[12])
  void pqmcu_mce_mul13(uint32_t r[13], const uint32_t a[13], const uint32_t b[13])

and two forms with the output fused (the FFT's butterflies, Berlekamp-Massey's
discrepancy), which reduce in two batches of words so that pointers and
temporaries fit beside them:

  void pqmcu_mce_mulacc1M(uint32_t r[M], const uint32_t a[M], const uint32_t b[M])   r ^= a b
  void pqmcu_mce_bflyn1M(uint32_t* u, uint32_t* v, const uint32_t a[M], uint32_t n)
      n butterflies u ^= v a; v ^= u, u and v stepping by 2 (v - u) bytes
  void pqmcu_mce_bflytrn1M(uint32_t* u, uint32_t* v, const uint32_t a[M], uint32_t n)
      n transposed butterflies u ^= v; v ^= u a, the same steps

Coefficients are 32-bit words (32 lanes); r may alias a or b (written last).
One Karatsuba level: H = ceil(m/2), L = m - H, a = a0 + z^H a1 (same for b),
P0 = a0 b0, P2 = a1 b1, P1 = (a0 + a1)(b0 + b1) (a1, b1 zero-padded to H
words), each a product-scanning schoolbook with both operands in r1..r12
(m = 13: the 7 x 7 product keeps two words of b in s registers), r0
accumulating a column, lr the temporary. The columns never go to memory:
they are combined in the FPU registers s0.. (1-cycle VMOVs) as they come,
  T = P0 + z^H P2                       (P2's columns XORed into P0's)
  p = T + z^H (T + P1)                  (P1's columns from the top down:
                                         p[k] = T[k] + T[k - H] + P1[k - H]
                                         overwrites T[k] after its last read;
                                         the T words >= 2H - 1, which are also
                                         p's top words p[k + H], keep their
                                         slots and p[k] goes to a fresh one)
and finally the 2m - 1 words of p are reduced (z^12 = z^3 + 1;
z^13 = z^4 + z^3 + z + 1) into r0 .. r(m-1) with the top words' folds
expanded (each top word XORed into every output word it reaches) and
stored with one STM. Straight-line, no data-dependent branch or address. s16.. are saved
(VPUSH / VPOP) as the procedure call standard asks.

usage: gen_bs_mul_m4_asm.py > bs_mul_m4.S
"""
import sys


def column_terms(n_a, n_b, col):
    return [(i, col - i) for i in range(max(0, col - n_b + 1), min(col, n_a - 1) + 1)]


def columns(e, n, ra, rb, order, handle):
    """n x n schoolbook, columns in `order`; ra[i] / rb[j]: core register or
    ('s', k) for an s register; column value in r0, then handle(col)."""
    for col in order:
        first = True
        for i, j in column_terms(n, n, col):
            if ra[i] is None:  # zero-padded a word
                continue
            dst = "r0" if first else "lr"
            if isinstance(rb[j], tuple):
                e(f"    vmov {dst}, s{rb[j][1]}")
                e(f"    and {dst}, {dst}, {ra[i]}")
            else:
                e(f"    and {dst}, {ra[i]}, {rb[j]}")
            if not first:
                e("    eor r0, r0, lr")
            first = False
        if first:
            e("    movs r0, #0")
        handle(col)


def reduction_matrix(m):
    """For each top word i (m <= i <= 2m-2): the output words k < m that p[i]
    reaches after the whole reduction (folds of folds expanded)."""
    taps = [9, 12] if m == 12 else [9, 10, 12, 13]
    reach = {}
    for i in range(m, 2 * m - 1):
        # expand: p[i] -> i - t, recursively while >= m
        acc = {}
        stack = [i]
        while stack:
            x = stack.pop()
            if x < m:
                acc[x] = acc.get(x, 0) ^ 1
                continue
            for t in taps:
                stack.append(x - t)
        reach[i] = sorted(k for k, v in acc.items() if v)
    return reach


def mul(m, tail="store"):
    """tail: store (r = a b), acc (r ^= a b), bfly (u ^= v a, v ^= u),
    bflyn / trn: looped butterflies (u, v, a, n): n of them with the same a,
    u and v stepping by 2 (v - u) bytes; bflyn as bfly, trn the transposed
    butterfly u ^= v, v ^= u a."""
    loop = tail in ("bflyn", "trn")
    body_tail = {"bflyn": "bfly", "trn": "acc"}.get(tail, tail)
    h = (m + 1) // 2
    low = m - h
    n0, n2 = 2 * h - 1, 2 * low - 1  # columns of P0 (= P1) and P2
    tlen = h + n2                    # T = P0 + z^h P2: words 0 .. tlen-1
    assert tlen <= h + n0
    out = []
    e = out.append
    name = {"store": "pqmcu_mce_mul", "acc": "pqmcu_mce_mulacc", "bfly": "pqmcu_mce_bfly",
            "bflyn": "pqmcu_mce_bflyn", "trn": "pqmcu_mce_bflytrn"}[tail] + str(m)
    # s registers: T[k] in s(k) (k < tlen); p[k] for n0 <= k < h + n0 in
    # s(tlen + k - n0) (T[k] there is still needed as T[k] = p[k + h]); then
    # the two frame words of b (m = 13) and the three pointers.
    pslot = {}
    nxt = tlen
    for k in range(n0, h + n0):
        pslot[k] = nxt
        nxt += 1
    sb = nxt            # b words that do not fit (m = 13: 2)
    extra_b = max(0, 2 * h - 12)
    s_a, s_b, s_r = sb + extra_b, sb + extra_b + 1, sb + extra_b + 2
    top_s = s_r
    s_cnt, s_step = s_r + 1, s_r + 2
    if loop:
        top_s = s_step
    e(f"    .section .text.{name}, \"ax\", %progbits")
    e("    .align 2")
    e(f"    .global {name}")
    e(f"    .type {name}, %function")
    e("    .thumb_func")
    e(f"{name}:")
    e("    push {r4-r11, lr}")
    e(f"    vpush {{s16-s{top_s}}}")
    if tail == "trn":  # r = v, a = u
        e(f"    vmov s{s_r}, r1")
        e(f"    vmov s{s_a}, r0")
    else:
        e(f"    vmov s{s_r}, r0")
        e(f"    vmov s{s_a}, r1")
    e(f"    vmov s{s_b}, r2")
    if loop:
        e("    sub r12, r1, r0")
        e("    lsl r12, r12, #1")
        e(f"    vmov s{s_step}, r12")
        e(f"    vmov s{s_cnt}, r3")
        e(f".L{name}_top:")
        if tail == "trn":  # u ^= v (u: s_a, v: s_r)
            e(f"    vmov r0, s{s_a}")
            e(f"    vmov r1, s{s_r}")
            for j0 in range(0, m, 6):
                w = min(6, m - j0)
                if w > 1:
                    e(f"    ldm r0, {{r2-r{1 + w}}}")
                    e(f"    ldm r1!, {{r8-r{7 + w}}}" if w < 6 else "    ldm r1!, {r8-r12, lr}")
                else:
                    e("    ldr r2, [r0]")
                    e("    ldr r8, [r1]")
                rb_ = [f"r{8 + i}" for i in range(w)]
                if w == 6:
                    rb_[5] = "lr"
                for i in range(w):
                    e(f"    eor r{2 + i}, r{2 + i}, {rb_[i]}")
                if w > 1:
                    e(f"    stm r0!, {{r2-r{1 + w}}}")
                else:
                    e("    str r2, [r0]")
        e(f"    vmov r1, s{s_a}")
        e(f"    vmov r2, s{s_b}")
    # ---- P0 = a0 b0: a0 in r1.., b0 in the rest (+ s registers) ----
    nreg_b = 12 - h
    ra = [f"r{1 + i}" for i in range(h)]
    rb = [f"r{1 + h + j}" for j in range(nreg_b)] + [("s", sb + j) for j in range(h - nreg_b)]
    e("    mov lr, r2")
    for j in range(nreg_b, h):  # b words through s registers
        e(f"    ldr r0, [lr, #{4 * j}]")
        e(f"    vmov s{sb + j - nreg_b}, r0")
    e(f"    ldm lr, {{r{1 + h}-r12}}" if nreg_b > 1 else f"    ldr r{1 + h}, [lr]")
    e(f"    ldm r1, {{r1-r{h}}}")

    def h_p0(col):
        e(f"    vmov s{col}, r0")
    columns(e, h, ra, rb, range(n0), h_p0)
    # ---- P2 = a1 b1 (low x low, all in registers) ----
    ra2 = [f"r{1 + i}" for i in range(low)]
    rb2 = [f"r{1 + h + j}" for j in range(min(low, nreg_b))] + \
          [f"r{1 + low + j}" for j in range(low - min(low, nreg_b))]
    # m = 12: a1 -> r1..r6, b1 -> r7..r12. m = 13: a1 -> r1..r6,
    # b1[0..4] -> r8..r12, b1[5] -> r7.
    assert len(set(ra2 + rb2)) == 2 * low
    e(f"    vmov lr, s{s_b}")
    e(f"    add lr, lr, #{4 * h}")
    # load b1 in ascending register order with ldm when they are consecutive
    if [int(rb2[j][1:]) for j in range(low)] == list(range(int(rb2[0][1:]), int(rb2[0][1:]) + low)):
        e(f"    ldm lr, {{{rb2[0]}-{rb2[-1]}}}")
    else:
        for j in range(low):
            e(f"    ldr {rb2[j]}, [lr, #{4 * j}]")
    e(f"    vmov lr, s{s_a}")
    e(f"    add lr, lr, #{4 * h}")
    e(f"    ldm lr, {{r1-r{low}}}")

    def h_p2(col):
        k = h + col
        if k < n0:
            e(f"    vmov lr, s{k}")
            e("    eor r0, r0, lr")
        e(f"    vmov s{k}, r0")
    columns(e, low, ra2, rb2, range(n2), h_p2)
    # ---- P1 = (a0 + a1)(b0 + b1) ----
    # registers: a' in r1..rh, b' in the rest as for P0 (+ s registers)
    # a1 is in r1..r(low) (= a'[i] after ^= a0[i]); a'[h-1] (m = 13) = a0[h-1]
    # b1[j] is in rb2[j]; b'[j] must end in rb[j].
    e(f"    vmov r0, s{s_b}")
    if m == 13:
        # b1[5] is in r7 = a'[6]'s register: b'[5] = b0[5] ^ b1[5] to s(sb),
        # b'[6] = b0[6] to s(sb + 1)
        e("    ldr lr, [r0, #20]")
        e("    eor lr, lr, r7")
        e(f"    vmov s{sb}, lr")
        e("    ldr lr, [r0, #24]")
        e(f"    vmov s{sb + 1}, lr")
    for j in range(nreg_b):
        e(f"    ldr lr, [r0, #{4 * j}]")
        e(f"    eor {rb[j]}, {rb[j]}, lr")
    e(f"    vmov r0, s{s_a}")
    for i in range(h):
        if i < low:
            e(f"    ldr lr, [r0, #{4 * i}]")
            e(f"    eor {ra[i]}, {ra[i]}, lr")
        else:
            e(f"    ldr {ra[i]}, [r0, #{4 * i}]")

    def slot(k):  # where p[k] lives at the end
        if k < n0:
            return k if k < tlen else None
        if k < h + n0:
            return pslot[k]
        return k - h  # p[k] = T[k - h] (untouched slot, k - h >= n0 - ... )

    def h_p1(col):
        k = h + col  # p[k] = T[k] + T[k - h] + P1[k - h]
        e(f"    vmov lr, s{col}")
        e("    eor r0, r0, lr")
        if k < tlen:
            e(f"    vmov lr, s{k}")
            e("    eor r0, r0, lr")
        dst = k if k < n0 else pslot[k]
        e(f"    vmov s{dst}, r0")
    columns(e, h, ra, rb, range(n0 - 1, -1, -1), h_p1)
    # p[k] for k >= h + n0: T[k - h], whose slot k - h >= n0 was never
    # overwritten (T words >= n0 had their p to fresh slots).
    for k in range(h + n0, 2 * m - 1):
        assert k - h >= n0 and k - h < tlen
    # ---- reduction into r0 .. r(m-1) ----
    reach = reduction_matrix(m)
    tail = body_tail
    if tail == "store":
        for k in range(m):
            e(f"    vmov r{k}, s{slot(k)}")
        for i in range(m, 2 * m - 1):
            e(f"    vmov lr, s{slot(i)}")
            for k in reach[i]:
                e(f"    eor r{k}, r{k}, lr")
        e(f"    vmov lr, s{s_r}")
        e(f"    stm lr, {{r0-r{m - 1}}}")
    else:
        # two batches of output words in r0 ..; acc: r ^= the product
        # (r = first argument); bfly: u ^= the product, then v ^= u (u =
        # first argument, v = the multiplicand a, second argument).
        half = h
        for k0, k1 in ((0, half), (half, m)):
            n = k1 - k0
            for j in range(n):
                e(f"    vmov r{j}, s{slot(k0 + j)}")
            for i in range(m, 2 * m - 1):
                ks = [k for k in reach[i] if k0 <= k < k1]
                if not ks:
                    continue
                e(f"    vmov lr, s{slot(i)}")
                for k in ks:
                    e(f"    eor r{k - k0}, r{k - k0}, lr")
            e(f"    vmov r12, s{s_r}")
            if tail == "bfly":
                e(f"    vmov r11, s{s_a}")
                temps = ["r7", "r8", "r9", "r10", "lr"]
            else:
                temps = ["r7", "r8", "r9", "r10", "r11", "lr"]
            for j0 in range(0, n, len(temps)):
                ch = list(range(j0, min(n, j0 + len(temps))))
                for t_, j in zip(temps, ch):
                    e(f"    ldr {t_}, [r12, #{4 * (k0 + j)}]")
                for t_, j in zip(temps, ch):
                    e(f"    eor r{j}, r{j}, {t_}")
            e(f"    add r12, r12, #{4 * k0}" if k0 else "    @ u / r words from 0")
            e(f"    stm r12, {{r0-r{n - 1}}}")
            if tail == "bfly":
                if k0:
                    e(f"    add r11, r11, #{4 * k0}")
                for j0 in range(0, n, len(temps)):
                    ch = list(range(j0, min(n, j0 + len(temps))))
                    regs = temps[:len(ch)]
                    rl = ", ".join(regs)
                    e(f"    ldm r11, {{{rl}}}")
                    for t_, j in zip(regs, ch):
                        e(f"    eor {t_}, {t_}, r{j}")
                    e(f"    stm r11!, {{{rl}}}")
    if loop:
        e(f"    vmov r0, s{s_r}")
        e(f"    vmov r1, s{s_a}")
        e(f"    vmov r3, s{s_step}")
        e("    add r0, r0, r3")
        e("    add r1, r1, r3")
        e(f"    vmov s{s_r}, r0")
        e(f"    vmov s{s_a}, r1")
        e(f"    vmov r3, s{s_cnt}")
        e("    subs r3, r3, #1")
        e(f"    vmov s{s_cnt}, r3")
        e(f"    bne.w .L{name}_top")
    e(f"    vpop {{s16-s{top_s}}}")
    e("    pop {r4-r11, pc}")
    e(f"    .size {name}, .-{name}")
    return out


def main():
    print("@ SPDX-License-Identifier: Apache-2.0 OR MIT")
    print("@ Generated by gen_bs_mul_m4_asm.py; do not edit.")
    print("    .syntax unified")
    print("    .thumb")
    print("    .fpu fpv4-sp-d16")
    for m in (12, 13):
        for tail in ("store", "acc", "bflyn", "trn"):
            print("\n".join(mul(m, tail)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
