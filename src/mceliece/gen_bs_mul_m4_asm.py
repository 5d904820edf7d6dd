#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Writes bs_mul_m4.S: the Karatsuba level of the bitsliced GF(2^m)
multiplication of kem.cpp (Bs<M>::mul32) for ARMv7-M (Cortex-M4):

  void pqmcu_mce_kara12(uint32_t p[33], const uint32_t a[12], const uint32_t b[12])
  void pqmcu_mce_kara13(uint32_t p[37], const uint32_t a[13], const uint32_t b[13])

Coefficients are 32-bit words (32 lanes). With H = ceil(m/2), L = m - H and
a = a0 + z^H a1 (same for b), p holds the three half products as binary
polynomials: p[0 .. 2H-1) = a0 b0, p[2H-1 .. 4H-2) = (a0 + a1)(b0 + b1) (a1, b1
zero-padded to H words), p[4H-2 .. 4H+2L-3) = a1 b1. kem.cpp combines them and
reduces. The middle product reuses a0 and b0 where the first left them (a1, b1
XORed in: 12 loads fewer). Each product is a schoolbook with one operand in r1..rN and as many
words of the other as fit in r(N+1)..r12 (the rest through the stack frame, one
load into the temporary per use), r0 accumulating a column and lr the
temporary; the columns go to s0.. and out with one VSTM. Straight-line, no
data-dependent branch or address.

usage: gen_bs_mul_m4_asm.py > bs_mul_m4.S
"""
import sys

OUT, A, B = 0, 4, 8      # frame: the three pointers, then the extra b words
EXTRA = 12


def product(e, n, a_words, b_words, xor_into=False):
    """n x n product; a_words[i] / b_words[j]: lists of byte offsets from a / b
    whose XOR is the operand word (empty: zero-padded word, only in a).
    xor_into: the operands of the previous n x n product are still in place
    (registers and frame); XOR the listed words into them (empty: unchanged)."""
    k = 12 - n
    ra = [f"r{1 + i}" for i in range(n)]
    rb = [f"r{1 + n + j}" for j in range(k)]
    if xor_into:
        # r0 and lr are the only free registers: the frame words first
        for j in range(k, n):
            for off in b_words[j]:
                e(f"    ldr lr, [sp, #{B}]")
                e(f"    ldr r0, [lr, #{off}]")
                e(f"    ldr lr, [sp, #{EXTRA + 4 * (j - k)}]")
                e("    eor r0, r0, lr")
                e(f"    str r0, [sp, #{EXTRA + 4 * (j - k)}]")
        e(f"    ldr lr, [sp, #{B}]")
        for j in range(k):
            for off in b_words[j]:
                e(f"    ldr r0, [lr, #{off}]")
                e(f"    eor {rb[j]}, {rb[j]}, r0")
        e(f"    ldr lr, [sp, #{A}]")
        for i in range(n):
            for off in a_words[i]:
                e(f"    ldr r0, [lr, #{off}]")
                e(f"    eor {ra[i]}, {ra[i]}, r0")
        columns(e, n, k, ra, rb, set())
        return
    # b words that do not fit in registers: to the frame first (r0 temporary)
    e(f"    ldr lr, [sp, #{B}]")
    for j in range(k, n):
        srcs = b_words[j]
        e(f"    ldr r0, [lr, #{srcs[0]}]")
        for off in srcs[1:]:
            e(f"    ldr r1, [lr, #{off}]")
            e("    eor r0, r0, r1")
        e(f"    str r0, [sp, #{EXTRA + 4 * (j - k)}]")
    for j in range(k):
        srcs = b_words[j]
        e(f"    ldr {rb[j]}, [lr, #{srcs[0]}]")
    for j in range(k):
        for off in b_words[j][1:]:
            e(f"    ldr r0, [lr, #{off}]")
            e(f"    eor {rb[j]}, {rb[j]}, r0")
    e(f"    ldr lr, [sp, #{A}]")
    for i in range(n):
        srcs = a_words[i]
        if srcs:
            e(f"    ldr {ra[i]}, [lr, #{srcs[0]}]")
    for i in range(n):
        srcs = a_words[i]
        for off in srcs[1:]:
            e(f"    ldr r0, [lr, #{off}]")
            e(f"    eor {ra[i]}, {ra[i]}, r0")
    zero = {i for i in range(n) if not a_words[i]}
    columns(e, n, k, ra, rb, zero)


def columns(e, n, k, ra, rb, zero):
    """The 2n - 1 columns of the product of the operands in place, to s0..
    and out (one VSTM); a words in zero are zero (skipped)."""
    for col in range(2 * n - 1):
        first = True
        for i in range(max(0, col - n + 1), min(col, n - 1) + 1):
            if i in zero:
                continue
            j = col - i
            dst = "r0" if first else "lr"
            if j < k:
                e(f"    and {dst}, {ra[i]}, {rb[j]}")
            else:
                e(f"    ldr {dst}, [sp, #{EXTRA + 4 * (j - k)}]")
                e(f"    and {dst}, {dst}, {ra[i]}")
            if not first:
                e("    eor r0, r0, lr")
            first = False
        if first:
            e("    movs r0, #0")
        e(f"    vmov s{col}, r0")
    e(f"    ldr r0, [sp, #{OUT}]")
    e(f"    vstmia r0!, {{s0-s{2 * n - 2}}}")
    e(f"    str r0, [sp, #{OUT}]")


def kara(m):
    h = (m + 1) // 2
    low = m - h
    out = []
    e = out.append
    name = f"pqmcu_mce_kara{m}"
    frame = (EXTRA + 4 * 2 + 7) // 8 * 8
    e(f"    .section .text.{name}, \"ax\", %progbits")
    e("    .align 2")
    e(f"    .global {name}")
    e(f"    .type {name}, %function")
    e("    .thumb_func")
    e(f"{name}:")
    e("    push {r4-r11, lr}")
    e(f"    sub sp, sp, #{frame}")
    e(f"    str r0, [sp, #{OUT}]")
    e(f"    str r1, [sp, #{A}]")
    e(f"    str r2, [sp, #{B}]")
    w = lambda i: 4 * i
    # a0 b0
    product(e, h, [[w(i)] for i in range(h)], [[w(j)] for j in range(h)])
    # (a0 + a1)(b0 + b1): a0, b0 are still in place, a1 and b1 XORed in
    product(e, h, [([w(h + i)] if i < low else []) for i in range(h)],
            [([w(h + j)] if j < low else []) for j in range(h)], xor_into=True)
    # a1 b1
    product(e, low, [[w(h + i)] for i in range(low)], [[w(h + j)] for j in range(low)])
    e(f"    add sp, sp, #{frame}")
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
        print("\n".join(kara(m)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
