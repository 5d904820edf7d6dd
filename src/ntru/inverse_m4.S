@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ The jump inversion's matrix product (inverse.cpp, lanes_row) on the
@ Cortex-M4: byte lanes, four coefficients per word, one row of the 2x2
@ matrix (16 lane words) in s0-s15 (VMOV two at a time, each pair used for
@ two output words), one UMULL / UMLAL per 16 coefficient products, and the
@ lanes reduced mod 3 in 13 operations.
    .syntax unified
    .thumb

@ Lanes (each <= 255) -> {0,1,2} (16 = 4 = 1 mod 3): nibbles folded (<= 30),
@ pairs of bits (<= 10), then x - 3 floor(11 x / 32) (exact for x <= 10, and
@ 11 x < 256: no carries between lanes). lr = 11; \t is a temporary.
.macro mod3 x, t
    and \t, \x, #0x0F0F0F0F
    lsr \x, \x, #4
    and \x, \x, #0x0F0F0F0F
    add \x, \x, \t
    and \t, \x, #0x03030303
    lsr \x, \x, #2
    and \x, \x, #0x07070707
    add \x, \x, \t
    mul \t, \x, lr
    lsr \t, \t, #5
    and \t, \t, #0x03030303
    sub \x, \x, \t
    sub \x, \x, \t, lsl #1
.endm

@ One row of the matrix, two output words per iteration (each pair of matrix
@ words moved from the FPU once for both):
@ void pqmcu_ntru_s3_lanes_row(uint32_t* out, const uint32_t* px, const uint32_t* py,
@                              uint32_t pairs, const uint32_t* M)
@   M[2i] = Ma_i, M[2i+1] = Mb_i (i < 8); acc(j) = sum_i Ma_i px[j-i] + Mb_i py[j-i];
@   out[t] = mod3(lo(acc(t)) + hi(acc(t-1))) for t < 2 pairs (out apart from px, py).

@ (r6:r7) = acc(-1)
.macro racc_first o, sa, sb, first
    vmov r12, lr, \sa, \sb
    ldr r8, [r1, #\o]
    ldr r9, [r2, #\o]
.if \first
    umull r6, r7, r12, r8
.else
    umlal r6, r7, r12, r8
.endif
    umlal r6, r7, lr, r9
.endm

@ i-th terms of acc(t + 1) (r6:r7, x_{t+1-i} in \cx, \cy) and acc(t) (r4:r5,
@ x_{t-i} loaded into \nx, \ny from byte offset \o of px + t)
.macro rmac o, sa, sb, cx, cy, nx, ny, first
    vmov r12, lr, \sa, \sb
.if \first
    umull r6, r7, r12, \cx
.else
    umlal r6, r7, r12, \cx
.endif
    umlal r6, r7, lr, \cy
    ldr \nx, [r1, #\o]
    ldr \ny, [r2, #\o]
    umlal r4, r5, r12, \nx
    umlal r4, r5, lr, \ny
.endm

    .section .text.pqmcu_ntru_s3_lanes_row, "ax", %progbits
    .align 2
    .global pqmcu_ntru_s3_lanes_row
    .type pqmcu_ntru_s3_lanes_row, %function
pqmcu_ntru_s3_lanes_row:
    push {r4-r11, lr}
    ldr r4, [sp, #36]           @ M (s0-s15 need no saving)
    vldm r4, {s0-s15}
    racc_first -4, s0, s1, 1
    racc_first -8, s2, s3, 0
    racc_first -12, s4, s5, 0
    racc_first -16, s6, s7, 0
    racc_first -20, s8, s9, 0
    racc_first -24, s10, s11, 0
    racc_first -28, s12, s13, 0
    racc_first -32, s14, s15, 0
1:
    mov r4, r7                  @ acc(t) starts from hi(acc(t-1)) (no lane above 255)
    mov r5, #0
    ldr r8, [r1, #4]            @ x_{t+1}
    ldr r9, [r2, #4]
    rmac 0, s0, s1, r8, r9, r10, r11, 1
    rmac -4, s2, s3, r10, r11, r8, r9, 0
    rmac -8, s4, s5, r8, r9, r10, r11, 0
    rmac -12, s6, s7, r10, r11, r8, r9, 0
    rmac -16, s8, s9, r8, r9, r10, r11, 0
    rmac -20, s10, s11, r10, r11, r8, r9, 0
    rmac -24, s12, s13, r8, r9, r10, r11, 0
    rmac -28, s14, s15, r10, r11, r8, r9, 0
    add r6, r6, r5              @ lo(acc(t+1)) + hi(acc(t))
    mov lr, #11
    mod3 r4, r8
    mod3 r6, r9
    strd r4, r6, [r0], #8
    add r1, r1, #8
    add r2, r2, #8
    subs r3, r3, #1
    bne 1b
    pop {r4-r11, pc}
    .size pqmcu_ntru_s3_lanes_row, . - pqmcu_ntru_s3_lanes_row

@ The mod 2 jump's carry-less products (inverse.cpp, r2_row):
@ void pqmcu_ntru_r2_clmul_words(uint32_t* out, const uint32_t* x, const uint32_t* y,
@                                uint32_t words, const uint32_t* ab)
@   ab[0..3] = a & 0x11111111 << k, ab[4..7] = b likewise (k = 0..3);
@   C(t) = clmul(a, x[t]) ^ clmul(b, y[t]) (64 bits), for t = 0 .. words:
@   out[t] = lo(C(t)) ^ hi(C(t-1)) (reads x[-1 .. words], y likewise).
@ An integer product of two bit classes sums at most 8 terms per position,
@ so a position of the class i + j mod 4 holds the parity of its terms.
@ Two class products whose integer sums i + j differ (by 4) may be ADDED
@ (UMLAL) instead of XORed: their terms meet at most 8 + 7 = 15 times at a
@ position, so no carry reaches the next position of the class (4 bits up);
@ two with the same i + j can meet 16 times (all-ones operands) and stay
@ XORed. Result class k: (0,0) + (2,2) for k = 0, (0,1) + (2,3) and
@ (1,0) + (3,2) for k = 1, (1,1) + (3,3) for k = 2, none for k = 3
@ (tests/m4/abi/abi_direct.cpp checks every entry point on all-ones words).

@ \lo:\hi = \xa \ya ^ \xb \yb ^ \xc \yc ^ \xd \yd (\add: \xa \ya + \xb \yb,
@ UMLAL) (\t0, \t1 temporaries).
.macro umull4x lo, hi, t0, t1, xa, ya, xb, yb, xc, yc, xd, yd, add=0
    umull \lo, \hi, \xa, \ya
.if \add
    umlal \lo, \hi, \xb, \yb
.else
    umull \t0, \t1, \xb, \yb
    eor \lo, \lo, \t0
    eor \hi, \hi, \t1
.endif
    umull \t0, \t1, \xc, \yc
    eor \lo, \lo, \t0
    eor \hi, \hi, \t1
    umull \t0, \t1, \xd, \yd
    eor \lo, \lo, \t0
    eor \hi, \hi, \t1
.endm

@ \lo:\hi = result class \k (before masking) of the four products x_i y_(k-i)
@ given in the order i = 0, 1, 2, 3 (\xa \ya .. \xd \yd): the pairs with
@ i <= k < i' added (see above). Shared by both carry-less products below.
.macro umull4k lo, hi, t0, t1, xa, ya, xb, yb, xc, yc, xd, yd, k
.if \k == 0
    umull4x \lo, \hi, \t0, \t1, \xa, \ya, \xc, \yc, \xb, \yb, \xd, \yd, 1
.elseif \k == 1
    umull \lo, \hi, \xa, \ya
    umlal \lo, \hi, \xc, \yc
    umull \t0, \t1, \xb, \yb
    umlal \t0, \t1, \xd, \yd
    eor \lo, \lo, \t0
    eor \hi, \hi, \t1
.elseif \k == 2
    umull4x \lo, \hi, \t0, \t1, \xb, \yb, \xd, \yd, \xa, \ya, \xc, \yc, 1
.else
    umull4x \lo, \hi, \t0, \t1, \xa, \ya, \xb, \yb, \xc, \yc, \xd, \yd
.endif
.endm

@ \dlo:\dhi = (first) or \op= (else) \lo:\hi masked to class \m (the classes are
@ disjoint, so \op may be eor or orr).
.macro cls_into dlo, dhi, lo, hi, m, first, op
.if \first
    and \dlo, \lo, #\m
    and \dhi, \hi, #\m
.else
    and \lo, \lo, #\m
    and \hi, \hi, #\m
    \op \dlo, \dlo, \lo
    \op \dhi, \dhi, \hi
.endif
.endm

@ acc = r0 \xa ^ r1 \xb ^ r2 \xc ^ r3 \xd (64-bit, class \k), masked to class \m, into res (r12:lr)
.macro cls xa, xb, xc, xd, m, k, first
    umull4k r8, r9, r10, r11, r0, \xa, r1, \xb, r2, \xc, r3, \xd, \k
    cls_into r12, lr, r8, r9, \m, \first, eor
.endm

@ r7 = the operand word: split into r4-r7, then the four classes
.macro clmul_word first
    and r4, r7, #0x11111111
    and r5, r7, #0x22222222
    and r6, r7, #0x44444444
    and r7, r7, #0x88888888
    cls r4, r7, r6, r5, 0x11111111, 0, \first
    cls r5, r4, r7, r6, 0x22222222, 1, 0
    cls r6, r5, r4, r7, 0x44444444, 2, 0
    cls r7, r6, r5, r4, 0x88888888, 3, 0
.endm

@ res = C(t) for the x word at [sp + 0], y at [sp + 4] (both advanced), ab at [sp + 20]
.macro clmul2
    ldr r8, [sp, #20]
    ldm r8, {r0-r3}
    ldr r8, [sp, #0]
    ldr r7, [r8], #4
    str r8, [sp, #0]
    clmul_word 1
    ldr r8, [sp, #20]
    add r8, r8, #16
    ldm r8, {r0-r3}
    ldr r8, [sp, #4]
    ldr r7, [r8], #4
    str r8, [sp, #4]
    clmul_word 0
.endm

    .section .text.pqmcu_ntru_r2_clmul_words, "ax", %progbits
    .align 2
    .global pqmcu_ntru_r2_clmul_words
    .type pqmcu_ntru_r2_clmul_words, %function
pqmcu_ntru_r2_clmul_words:
    push {r4-r11, lr}
    sub sp, sp, #24
    ldr r4, [sp, #60]           @ ab
    sub r1, r1, #4              @ from x[-1], y[-1]
    sub r2, r2, #4
    add r3, r3, #1              @ words + 1 outputs
    str r1, [sp, #0]
    str r2, [sp, #4]
    str r0, [sp, #8]
    str r3, [sp, #12]
    str r4, [sp, #20]
    clmul2                      @ C(-1)
    str lr, [sp, #16]           @ hi(C(-1))
1:
    clmul2
    ldr r8, [sp, #16]
    eor r12, r12, r8
    str lr, [sp, #16]
    ldr r8, [sp, #8]
    str r12, [r8], #4
    str r8, [sp, #8]
    ldr r8, [sp, #12]
    subs r8, r8, #1
    str r8, [sp, #12]
    bne 1b
    add sp, sp, #24
    pop {r4-r11, pc}
    .size pqmcu_ntru_r2_clmul_words, . - pqmcu_ntru_r2_clmul_words

@ ---- the inversion mod 2 by exponentiation (inverse.cpp, r2_kmul's base case)
@ One class \k of a 32 x 32 carry-less product: four UMULLs / UMLALs of
@ bit classes, masked to result class \m, into r0 (low) : lr (high).
.macro zcls xa, ya, xb, yb, xc, yc, xd, yd, m, k, first
    umull4k r9, r10, r11, r12, \xa, \ya, \xb, \yb, \xc, \yc, \xd, \yd, \k
    cls_into r0, lr, r9, r10, \m, \first, orr
.endm

@ r0 : lr = r1 x \y carry-less (64 bits; \y = r2, r4 or r5); clobbers r1-r12.
.macro clm32 y=r2
.ifc \y, r2
    and r3, r1, #0x11111111
    and r4, r1, #0x22222222
    and r5, r1, #0x44444444
    and r1, r1, #0x88888888
.endif
    and r6, \y, #0x11111111
    and r7, \y, #0x22222222
    and r8, \y, #0x44444444
    and r2, \y, #0x88888888
.ifnc \y, r2
    and r3, r1, #0x11111111
    and r4, r1, #0x22222222
    and r5, r1, #0x44444444
    and r1, r1, #0x88888888
.endif
    zcls r3, r6, r4, r2, r5, r8, r1, r7, 0x11111111, 0, 1
    zcls r3, r7, r4, r6, r5, r2, r1, r8, 0x22222222, 1, 0
    zcls r3, r8, r4, r7, r5, r6, r1, r2, 0x44444444, 2, 0
    zcls r3, r2, r4, r8, r5, r7, r1, r6, 0x88888888, 3, 0
.endm

@ \d = w[\i] + w[\j] for the words w at r4 (r3 temporary).
.macro wsum d, i, j
.if \j == \i + 1
    ldrd \d, r3, [r4, #4*\i]
.else
    ldr \d, [r4, #4*\i]
    ldr r3, [r4, #4*\j]
.endif
    eor \d, \d, r3
.endm

@ One Karatsuba word product of the frameless kmul functions, a in s1, b in
@ s2: r0 : lr = a_i b_i (i == j) or (a_i + a_j)(b_i + b_j), then into
@ (\slo, \shi) if given.
.macro kprodv i, j, slo, shi
.if \i == \j
    vmov r3, r4, s1, s2
    ldr r1, [r3, #4*\i]
    ldr r2, [r4, #4*\i]
.else
    vmov r4, s1
    wsum r1, \i, \j
    vmov r4, s2
    wsum r2, \i, \j
.endif
    clm32
.ifnb \slo
    vmov \slo, \shi, r0, lr
.endif
.endm

@ A 2-word Karatsuba product's words c0..c3 into r1-r4: L = (\l0, \l1) and
@ H = (\h0, \h1) from s-registers, M = (a0 + a1)(b0 + b1) in r0 : lr;
@ c = L + (M + L + H) X + H X^2.
.macro k2comb l0, l1, h0, h1
    vmov r1, r2, \l0, \l1
    vmov r3, r4, \h0, \h1
    eor r0, r0, r1
    eor r0, r0, r3
    eor lr, lr, r2
    eor lr, lr, r4
    eor r2, r2, r0
    eor r3, r3, lr
.endm

@ void pqmcu_ntru_r2_kmul2(uint32_t* c, const uint32_t* a, const uint32_t* b)
@   c[0..3] = (a0 + a1 X) (b0 + b1 X) carry-less, X = x^32: Karatsuba, three
@   word products (L = a0 b0, H = a1 b1, M = (a0 + a1)(b0 + b1) + L + H).
@   No frame: c, a, b in s0-s2, L in s3:s4, H in s5:s6 (one-cycle VMOVs,
@   caller-saved registers, instead of stack stores and loads).
    .section .text.pqmcu_ntru_r2_kmul2, "ax", %progbits
    .align 2
    .global pqmcu_ntru_r2_kmul2
    .type pqmcu_ntru_r2_kmul2, %function
pqmcu_ntru_r2_kmul2:
    push {r4-r11, lr}
    vmov s0, r0                 @ c
    vmov s1, s2, r1, r2         @ a, b
    ldr r1, [r1]
    ldr r2, [r2]
    clm32
    vmov s3, s4, r0, lr         @ L
    kprodv 1, 1, s5, s6         @ H
    kprodv 0, 1                 @ M (in r0 : lr)
    k2comb s3, s4, s5, s6
    vmov r0, s0
    stm r0, {r1, r2, r3, r4}
    pop {r4-r11, pc}
    .size pqmcu_ntru_r2_kmul2, . - pqmcu_ntru_r2_kmul2

@ void pqmcu_ntru_r2_kmul4(uint32_t* c, const uint32_t* a, const uint32_t* b)
@   c[0..7] = a b carry-less, 4 words each: one Karatsuba level over three
@   2-word Karatsubas, straight-line (nine word products). L = a_lo b_lo, H =
@   a_hi b_hi, Q = (a_lo + a_hi)(b_lo + b_hi), 4 words each (Y = x^64):
@   c = L + (Q + L + H) Y + H Y^2. Against r2_kmul's m = 4 level in C
@   around three pqmcu_ntru_r2_kmul2 calls: one frame instead of three, L, H
@   and the word products in s3-s14 instead of the t scratch.
@   No frame beyond r4-r11: c, a, b in s0-s2, L0..L3 in s3-s6, H0..H3 in
@   s7-s10, Q's word products Q00, Q11 in s11-s14 (Q01 stays in r0 : lr).
    .section .text.pqmcu_ntru_r2_kmul4, "ax", %progbits
    .align 2
    .global pqmcu_ntru_r2_kmul4
    .type pqmcu_ntru_r2_kmul4, %function
pqmcu_ntru_r2_kmul4:
    push {r4-r11, lr}
    vmov s0, r0                 @ c
    vmov s1, s2, r1, r2         @ a, b
    ldr r1, [r1]
    ldr r2, [r2]
    clm32
    vmov s3, s4, r0, lr         @ a0 b0
    kprodv 1, 1, s5, s6         @ a1 b1
    kprodv 0, 1                 @ (a0 + a1)(b0 + b1)
    k2comb s3, s4, s5, s6
    vmov s3, s4, r1, r2         @ L0, L1
    vmov s5, s6, r3, r4         @ L2, L3
    kprodv 2, 2, s7, s8         @ a2 b2
    kprodv 3, 3, s9, s10        @ a3 b3
    kprodv 2, 3                 @ (a2 + a3)(b2 + b3)
    k2comb s7, s8, s9, s10
    vmov s7, s8, r1, r2         @ H0, H1
    vmov s9, s10, r3, r4        @ H2, H3
    kprodv 0, 2, s11, s12       @ (a0 + a2)(b0 + b2)
    kprodv 1, 3, s13, s14       @ (a1 + a3)(b1 + b3)
    vmov r4, s1
    ldm r4, {r1, r3, r5, r6}
    eor r1, r1, r3
    eor r5, r5, r6
    eor r1, r1, r5              @ a0 + a1 + a2 + a3
    vmov r4, s2
    ldm r4, {r2, r3, r5, r6}
    eor r2, r2, r3
    eor r5, r5, r6
    eor r2, r2, r5              @ b0 + b1 + b2 + b3
    clm32                       @ Q01 in r0 : lr
    vmov r9, r10, s11, s12
    vmov r11, r12, s13, s14
    eor r0, r0, r9
    eor r0, r0, r11
    eor lr, lr, r10
    eor lr, lr, r12
    eor r10, r10, r0
    eor r11, r11, lr            @ Q0..Q3 in r9-r12
    vmov r3, r4, s5, s6         @ L2, L3
    vmov r5, r6, s7, s8         @ H0, H1
    eor r0, r3, r5              @ L2 + H0
    eor lr, r4, r6              @ L3 + H1
    vmov r1, r2, s3, s4         @ c0 = L0, c1 = L1
    vmov r7, r8, s9, s10        @ c6 = H2, c7 = H3
    eor r3, r0, r9
    eor r3, r3, r1              @ c2 = L2 + Q0 + L0 + H0
    eor r4, lr, r10
    eor r4, r4, r2              @ c3 = L3 + Q1 + L1 + H1
    eor r5, r0, r11
    eor r5, r5, r7              @ c4 = H0 + Q2 + L2 + H2
    eor r6, lr, r12
    eor r6, r6, r8              @ c5 = H1 + Q3 + L3 + H3
    vmov r0, s0
    stm r0, {r1-r8}
    pop {r4-r11, pc}
    .size pqmcu_ntru_r2_kmul4, . - pqmcu_ntru_r2_kmul4

@ One word product of k3s: (\pa + \qa)(\pb + \qb) (\qa blank: \pa \pb), the
@ operand words in s-register pairs (A_k, B_k consecutive: one 2-cycle VMOV
@ where loading it through a/b's pointer in s1 / s2 cost a VMOV and a load
@ an operand word), into r0 : lr,
@ then into (\slo, \shi) unless \slo is none.
.macro kxs slo, shi, pa, pb, qa, qb
    vmov r1, r2, \pa, \pb
.ifnb \qa
    vmov r3, r4, \qa, \qb
    eor r1, r1, r3
    eor r2, r2, r4
.endif
    clm32
.ifnc \slo, none
    vmov \slo, \shi, r0, lr
.endif
.endm

@ pqmcu_ntru_r2_kmul3's products and combination on 3-word operands A_k =
@ a(\off + k) (+ a(3 + k) for k < \sums; \sums > 0 only with \off = 0), B_k
@ likewise, read once into the s-register pairs (\a0, \b0), (\a1, \b1),
@ (\a2, \b2) (consecutive; the first product from the registers): the
@ product's words c0..c5 in r1, r7, r8, r10, r12, r6 (S0..S9 in s3-s12).
.macro k3s off, sums, a0, b0, a1, b1, a2, b2, entry=0
.if \entry                      @ (a, b still in r1, r2: the function's first product)
    ldr r3, [r1, #4*(\off+1)]
    ldr r5, [r1, #4*(\off+2)]
    ldr r1, [r1, #4*\off]
    ldr r4, [r2, #4*(\off+1)]
    ldr r6, [r2, #4*(\off+2)]
    ldr r2, [r2, #4*\off]
.else
    vmov r0, s1
.endif
.if \sums == 0                  @ (a_k in r(2k + 1), b_k in r(2k + 2))
.if \entry == 0
    ldr r1, [r0, #4*\off]
    ldr r3, [r0, #4*(\off+1)]
    ldr r5, [r0, #4*(\off+2)]
    vmov r0, s2
    ldr r2, [r0, #4*\off]
    ldr r4, [r0, #4*(\off+1)]
    ldr r6, [r0, #4*(\off+2)]
.endif
    vmov \a0, \b0, r1, r2
    vmov \a1, \b1, r3, r4
    vmov \a2, \b2, r5, r6
.else
.if \sums == 3
    ldm r0, {r1-r6}
    eor r1, r1, r4
    eor r2, r2, r5
    eor r3, r3, r6
    vmov r0, s2
    ldm r0, {r4-r9}
    eor r4, r4, r7
    eor r5, r5, r8
    eor r6, r6, r9
.else
    ldm r0, {r1-r5}
    eor r1, r1, r4
    eor r2, r2, r5
    vmov r0, s2
    ldm r0, {r4-r8}
    eor r4, r4, r7
    eor r5, r5, r8
.endif
    vmov \a0, \b0, r1, r4
    vmov \a1, \b1, r2, r5
    vmov \a2, \b2, r3, r6
.endif
.if \sums == 0
    clm32
.else
    clm32 r4
.endif
    vmov s3, s4, r0, lr
    kxs s5, s6, \a1, \b1
    kxs s7, s8, \a2, \b2
    kxs s9, s10, \a0, \b0, \a1, \b1
    kxs s11, s12, \a0, \b0, \a2, \b2
    kxs none, none, \a1, \b1, \a2, \b2
    k3comb
.endm

@ k3s's (and kmul3's) combination: S0..S9 in s3-s12, S10, S11 in r0 : lr -> c0..c5
@ in r1, r7, r8, r10, r12, r6.
.macro k3comb
    vmov r1, r2, s3, s4
    vmov r3, r4, s5, s6
    vmov r5, r6, s7, s8
    vmov r7, r8, s9, s10
    vmov r9, r10, s11, s12
    eor r11, r1, r3             @ S0 + S2
    eor r4, r4, r5              @ u = S3 + S4
    eor r7, r7, r2
    eor r7, r7, r11             @ c1
    eor r8, r8, r9
    eor r8, r8, r2
    eor r8, r8, r11
    eor r8, r8, r4              @ c2
    eor r10, r10, r0
    eor r10, r10, r2
    eor r10, r10, r3
    eor r10, r10, r6
    eor r10, r10, r4            @ c3
    eor r12, lr, r4
    eor r12, r12, r6            @ c4 (S10, S11 read in r0 : lr)
.endm

@ After kmul6's L (L0..L5 in r1, r7, r8, r10, r12, r6; c in s0):
@ c0..c2 = L0..L2 stored, W_k = L_k + L(3 + k) and L(3 + k) into s13-s18
@ (pairs (W_k, L(3 + k))).
.macro lsave
    vmov r0, s0
    stm r0, {r1, r7, r8}        @ c0 .. c2 = L0 .. L2
    eor r1, r1, r10
    eor r7, r7, r12
    eor r8, r8, r6
    vmov s13, s14, r1, r10      @ W0, L3
    vmov s15, s16, r7, r12      @ W1, L4
    vmov s17, s18, r8, r6       @ W2, L5
.endm

@ After Q (Q0..Q5 in r1, r7, r8, r10, r12, r6; (P_k, R_k) in s13-s18):
@ c(3 + k) = P_k + Q_k, c(6 + k) = R_k + Q(3 + k) stored.
.macro qfin
    vmov r0, r4, s13, s14       @ P0, R0
    eor r0, r0, r1              @ c3
    eor r4, r4, r10             @ c6
    vmov r2, r5, s15, s16       @ P1, R1
    eor r2, r2, r7              @ c4
    eor r5, r5, r12             @ c7
    vmov r3, r9, s17, s18       @ P2, R2
    eor r3, r3, r8              @ c5
    eor r9, r9, r6              @ c8
    vmov lr, s0
    add lr, lr, #12
    stm lr, {r0, r2, r3, r4, r5, r9}  @ c3 .. c8
.endm

@ void pqmcu_ntru_r2_kmul6(uint32_t* c, const uint32_t* a, const uint32_t* b)
@   c[0..11] = a b carry-less, 6 words each: one Karatsuba level over three
@   3-word products (pqmcu_ntru_r2_kmul3's), straight-line (18 word products):
@   L = a_lo b_lo, H = a_hi b_hi, Q = (a_lo + a_hi)(b_lo + b_hi), 6 words
@   each (Y = x^96): c = L + (Q + L + H) Y + H Y^2. Against r2_kmul's m = 6
@   level in C around three pqmcu_ntru_r2_kmul3 calls. c, a, b in s0-s2,
@   the 3-word products' S0..S9 in s3-s12, their operand words in s19-s24
@   (k3s), s16-s24 saved. The combination is folded in as the halves come:
@   after L, c0..c2 = L0..L2 and (W_k = L_k + L(3 + k), L(3 + k)) kept; after
@   H, c9..c11 = H3..H5 and P_k = W_k + H_k, R_k = L(3 + k) + H_k + H(3 + k)
@   kept; after Q, c(3 + k) = P_k + Q_k, c(6 + k) = R_k + Q(3 + k).
    .section .text.pqmcu_ntru_r2_kmul6, "ax", %progbits
    .align 2
    .global pqmcu_ntru_r2_kmul6
    .type pqmcu_ntru_r2_kmul6, %function
pqmcu_ntru_r2_kmul6:
    push {r4-r11, lr}
    vpush {s16-s24}
    vmov s0, r0                 @ c
    vmov s1, s2, r1, r2         @ a, b
    k3s 0, 0, s19, s20, s21, s22, s23, s24, 1  @ L
    lsave
    k3s 3, 0, s19, s20, s21, s22, s23, s24  @ H0..H5 in r1, r7, r8, r10, r12, r6
    vmov r0, s0
    strd r10, r12, [r0, #36]    @ c9, c10 = H3, H4
    str r6, [r0, #44]           @ c11 = H5
    vmov r2, r3, s13, s14       @ W0, L3
    eor r2, r2, r1              @ P0
    eor r1, r1, r10
    eor r3, r3, r1              @ R0
    vmov r4, r5, s15, s16       @ W1, L4
    eor r4, r4, r7              @ P1
    eor r7, r7, r12
    eor r5, r5, r7              @ R1
    vmov r9, r11, s17, s18      @ W2, L5
    eor r9, r9, r8              @ P2
    eor r8, r8, r6
    eor r11, r11, r8            @ R2
    vmov s13, s14, r2, r3
    vmov s15, s16, r4, r5
    vmov s17, s18, r9, r11
    k3s 0, 3, s19, s20, s21, s22, s23, s24  @ Q0..Q5 in r1, r7, r8, r10, r12, r6
    qfin
    vpop {s16-s24}
    pop {r4-r11, pc}
    .size pqmcu_ntru_r2_kmul6, . - pqmcu_ntru_r2_kmul6

@ void pqmcu_ntru_r2_kmul5(uint32_t* c, const uint32_t* a, const uint32_t* b)
@   c[0..9] = a b carry-less, 5 words each: r2_kmul's level with halves of 3
@   and 2 words, straight-line (15 word products): L = a[0..3) b[0..3) (6
@   words), H = a[3..5) b[3..5) (4 words), Q = (a0 + a3, a1 + a4, a2)(b ...)
@   (6 words), Y = x^96: c = L + (Q + L + H) Y + H Y^2. c, a, b in s0-s2,
@   S0..S9 in s3-s12, L in s13-s18, H in s19-s22, the operand pairs of L in
@   s19-s24, of H in s23-s26, of Q in s1-s2 and s23-s26 (s16-s26 saved).
    .section .text.pqmcu_ntru_r2_kmul5, "ax", %progbits
    .align 2
    .global pqmcu_ntru_r2_kmul5
    .type pqmcu_ntru_r2_kmul5, %function
pqmcu_ntru_r2_kmul5:
    push {r4-r11, lr}
    vpush {s16-s26}
    vmov s0, r0                 @ c
    vmov s1, s2, r1, r2         @ a, b
    k3s 0, 0, s19, s20, s21, s22, s23, s24, 1  @ L
    vmov s13, s14, r1, r7       @ L0, L1
    vmov s15, s16, r8, r10      @ L2, L3
    vmov s17, s18, r12, r6      @ L4, L5
    vmov r0, s1
    ldrd r1, r3, [r0, #12]      @ a3, a4
    vmov r0, s2
    ldrd r2, r4, [r0, #12]      @ b3, b4
    eor r5, r1, r3
    eor r6, r2, r4
    vmov s23, s24, r3, r4       @ a4, b4
    vmov s25, s26, r5, r6       @ a3 + a4, b3 + b4 (free until Q's k3s)
    clm32
    vmov s3, s4, r0, lr         @ a3 b3
    kxs s5, s6, s23, s24        @ a4 b4
    kxs none, none, s25, s26    @ (a3 + a4)(b3 + b4)
    k2comb s3, s4, s5, s6
    vmov s19, s20, r1, r2       @ H0, H1
    vmov s21, s22, r3, r4       @ H2, H3
    k3s 0, 2, s1, s2, s23, s24, s25, s26  @ Q0..Q5 in r1, r7, r8, r10, r12, r6
    @ c(3 + k) = X_k + Q_k + L_k, c(6 + k) = X_k + Q(3 + k) + H(3 + k) (H4 = H5 = 0),
    @ X_k = L(3 + k) + H_k, c9 = H3
    vmov r2, r3, s16, s17       @ L3, L4
    vmov r4, r5, s19, s20       @ H0, H1
    eor r2, r2, r4              @ X0
    eor r3, r3, r5              @ X1
    vmov r4, s18                @ L5
    vmov r5, s21                @ H2
    eor r4, r4, r5              @ X2
    vmov r5, s22                @ H3
    eor r10, r10, r2
    eor r10, r10, r5            @ c6
    eor r12, r12, r3            @ c7
    eor lr, r6, r4              @ c8
    eor r1, r1, r2
    eor r7, r7, r3
    eor r8, r8, r4
    vmov r2, r3, s13, s14       @ L0, L1
    vmov r4, s15                @ L2
    eor r1, r1, r2              @ c3
    eor r7, r7, r3              @ c4
    eor r8, r8, r4              @ c5
    vmov r0, s0
    stm r0, {r2, r3, r4}        @ c0 .. c2 = L0 .. L2
    str r5, [r0, #36]           @ c9 = H3
    add r0, r0, #12
    stm r0, {r1, r7, r8, r10, r12, lr}  @ c3 .. c8
    vpop {s16-s26}
    pop {r4-r11, pc}
    .size pqmcu_ntru_r2_kmul5, . - pqmcu_ntru_r2_kmul5

@ pqmcu_ntru_r2_kmul4's products and combination on 4-word operands A_k =
@ a(\off + k) (\sums = 3, 4: a_k + a(4 + k) for k < \sums, \off = 0), B_k
@ likewise, read once into the s-register pairs (\a0, \b0) .. (\a3, \b3)
@ (consecutive; the first product from the registers, the others as in k3s):
@ the product's words c0..c7 in r1-r8 (L, H, the word products in s3-s14).
@ kmul7 / kmul8's middle words: c4 .. c11 = (P0..P3, R0..R3 in s15-s22) + Q0..Q7
@ (r1-r8), stored at c + 4 words (c in s0)
.macro k8mid
    vmov r9, r10, s15, s16
    eor r1, r1, r9              @ c4 = P0 + Q0
    eor r5, r5, r10             @ c8 = R0 + Q4
    vmov r9, r10, s17, s18
    eor r2, r2, r9              @ c5 = P1 + Q1
    eor r6, r6, r10             @ c9 = R1 + Q5
    vmov r9, r10, s19, s20
    eor r3, r3, r9              @ c6 = P2 + Q2
    eor r7, r7, r10             @ c10 = R2 + Q6
    vmov r9, r10, s21, s22
    eor r4, r4, r9              @ c7 = P3 + Q3
    eor r8, r8, r10             @ c11 = R3 + Q7
    vmov r0, s0
    add r0, r0, #16
    stm r0, {r1-r8}             @ c4 .. c11
.endm

.macro k4s off, a0, b0, a1, b1, a2, b2, a3, b3, sums=0, entry=0
.if \entry                      @ (a, b still in r1, r2: the function's first product)
    ldr r3, [r1, #4*(\off+1)]
    ldr r5, [r1, #4*(\off+2)]
    ldr r7, [r1, #4*(\off+3)]
    ldr r1, [r1, #4*\off]
    ldr r4, [r2, #4*(\off+1)]
    ldr r6, [r2, #4*(\off+2)]
    ldr r8, [r2, #4*(\off+3)]
    ldr r2, [r2, #4*\off]
.else
    vmov r0, s1
.endif
.if \sums == 3
    ldm r0, {r1-r7}
    eor r1, r1, r5
    eor r2, r2, r6
    eor r3, r3, r7
    vmov r0, s2
    ldm r0, {r5-r11}
    eor r5, r5, r9
    eor r6, r6, r10
    eor r7, r7, r11             @ (A3 = a3 in r4, B3 = b3 in r8)
.elseif \sums == 4
    ldm r0, {r1-r8}
    eor r1, r1, r5
    eor r2, r2, r6
    eor r3, r3, r7
    eor r4, r4, r8
    vmov r0, s2
    ldm r0, {r5-r12}
    eor r5, r5, r9
    eor r6, r6, r10
    eor r7, r7, r11
    eor r8, r8, r12
.endif
.if \sums == 0                  @ (a_k in r(2k + 1), b_k in r(2k + 2))
.if \entry == 0
    ldr r1, [r0, #4*\off]
    ldr r3, [r0, #4*(\off+1)]
    ldr r5, [r0, #4*(\off+2)]
    ldr r7, [r0, #4*(\off+3)]
    vmov r0, s2
    ldr r2, [r0, #4*\off]
    ldr r4, [r0, #4*(\off+1)]
    ldr r6, [r0, #4*(\off+2)]
    ldr r8, [r0, #4*(\off+3)]
.endif
    vmov \a0, \b0, r1, r2
    vmov \a1, \b1, r3, r4
    vmov \a2, \b2, r5, r6
    vmov \a3, \b3, r7, r8
.else
    vmov \a0, \b0, r1, r5
    vmov \a1, \b1, r2, r6
    vmov \a2, \b2, r3, r7
    vmov \a3, \b3, r4, r8
.endif
.if \sums == 0
    clm32
.else
    clm32 r5
.endif
    vmov s3, s4, r0, lr
    kxs s5, s6, \a1, \b1
    kxs none, none, \a0, \b0, \a1, \b1
    k2comb s3, s4, s5, s6
    vmov s3, s4, r1, r2         @ L0, L1
    vmov s5, s6, r3, r4         @ L2, L3
    kxs s7, s8, \a2, \b2
    kxs s9, s10, \a3, \b3
    kxs none, none, \a2, \b2, \a3, \b3
    k2comb s7, s8, s9, s10
    vmov s7, s8, r1, r2         @ H0, H1
    vmov s9, s10, r3, r4        @ H2, H3
    kxs s11, s12, \a0, \b0, \a2, \b2
    kxs s13, s14, \a1, \b1, \a3, \b3
    vmov r1, r2, \a0, \b0
    vmov r3, r4, \a1, \b1
    eor r1, r1, r3
    eor r2, r2, r4
    vmov r3, r4, \a2, \b2
    eor r1, r1, r3
    eor r2, r2, r4
    vmov r3, r4, \a3, \b3
    eor r1, r1, r3
    eor r2, r2, r4
    clm32
    vmov r9, r10, s11, s12
    vmov r11, r12, s13, s14
    eor r0, r0, r9
    eor r0, r0, r11
    eor lr, lr, r10
    eor lr, lr, r12
    eor r10, r10, r0
    eor r11, r11, lr            @ Q0..Q3 in r9-r12
    vmov r3, r4, s5, s6         @ L2, L3
    vmov r5, r6, s7, s8         @ H0, H1
    eor r0, r3, r5
    eor lr, r4, r6
    vmov r1, r2, s3, s4         @ c0 = L0, c1 = L1
    vmov r7, r8, s9, s10        @ c6 = H2, c7 = H3
    eor r3, r0, r9
    eor r3, r3, r1
    eor r4, lr, r10
    eor r4, r4, r2
    eor r5, r0, r11
    eor r5, r5, r7
    eor r6, lr, r12
    eor r6, r6, r8
.endm

@ void pqmcu_ntru_r2_kmul7(uint32_t* c, const uint32_t* a, const uint32_t* b)
@   c[0..13] = a b carry-less, 7 words each: r2_kmul's level with halves of 4
@   and 3 words, straight-line (24 word products): L = a[0..4) b[0..4) (8
@   words), H = a[4..7) b[4..7) (6 words), Q = (a0 + a4, a1 + a5, a2 + a6,
@   a3)(b ...) (8 words), Y = x^128: c = L + (Q + L + H) Y + H Y^2. The
@   combination folded in as in pqmcu_ntru_r2_kmul8 (H6 = H7 = 0, c12, c13 =
@   H4, H5); the operand pairs of L and H in s23-s28 (and s15-s16 for L), of
@   Q in s1-s2 and s23-s28 (s16-s28 saved). (n = 821: r2_kmul's 13-word
@   products' halves.)
    .section .text.pqmcu_ntru_r2_kmul7, "ax", %progbits
    .align 2
    .global pqmcu_ntru_r2_kmul7
    .type pqmcu_ntru_r2_kmul7, %function
pqmcu_ntru_r2_kmul7:
    push {r4-r11, lr}
    vpush {s16-s28}
    vmov s0, r0                 @ c
    vmov s1, s2, r1, r2         @ a, b
    k4s 0, s23, s24, s25, s26, s27, s28, s15, s16, 0, 1  @ L0..L7 in r1-r8
    vmov r0, s0
    stm r0, {r1-r4}             @ c0 .. c3 = L0 .. L3
    eor r1, r1, r5              @ W_k = L_k + L(4 + k)
    eor r2, r2, r6
    eor r3, r3, r7
    eor r4, r4, r8
    vmov s15, s16, r1, r5       @ W0, L4
    vmov s17, s18, r2, r6
    vmov s19, s20, r3, r7
    vmov s21, s22, r4, r8       @ W3, L7
    k3s 4, 0, s23, s24, s25, s26, s27, s28  @ H0..H5 in r1, r7, r8, r10, r12, r6
    vmov r0, s0
    strd r12, r6, [r0, #48]     @ c12, c13 = H4, H5
    vmov r2, r3, s15, s16
    eor r2, r2, r1              @ P0 = W0 + H0
    eor r1, r1, r12
    eor r3, r3, r1              @ R0 = L4 + H0 + H4
    vmov s15, s16, r2, r3
    vmov r2, r3, s17, s18
    eor r2, r2, r7              @ P1
    eor r7, r7, r6
    eor r3, r3, r7              @ R1 = L5 + H1 + H5
    vmov s17, s18, r2, r3
    vmov r2, r3, s19, s20
    eor r2, r2, r8              @ P2
    eor r3, r3, r8              @ R2 = L6 + H2 (H6 = 0)
    vmov s19, s20, r2, r3
    vmov r2, r3, s21, s22
    eor r2, r2, r10             @ P3
    eor r3, r3, r10             @ R3 = L7 + H3 (H7 = 0)
    vmov s21, s22, r2, r3
    k4s 0, s1, s2, s23, s24, s25, s26, s27, s28, 3  @ Q0..Q7 in r1-r8
    k8mid                       @ c4 .. c11
    vpop {s16-s28}
    pop {r4-r11, pc}
    .size pqmcu_ntru_r2_kmul7, . - pqmcu_ntru_r2_kmul7

@ void pqmcu_ntru_r2_kmul8(uint32_t* c, const uint32_t* a, const uint32_t* b)
@   c[0..15] = a b carry-less, 8 words each: one Karatsuba level over three
@   4-word products (pqmcu_ntru_r2_kmul4's), straight-line (27 word
@   products): L = a_lo b_lo, H = a_hi b_hi, Q = (a_lo + a_hi)(b_lo + b_hi),
@   Y = x^128: c = L + (Q + L + H) Y + H Y^2. c, a, b in s0-s2, the 4-word
@   products' state in s3-s14, their operand pairs (k4s) in s23-s30
@   (s16-s30 saved); the combination folded in as in pqmcu_ntru_r2_kmul6
@   (after L: c0..c3 stored, (W_k = L_k + L(4 + k), L(4 + k)) in s15-s22;
@   after H: c12..c15 stored, (P_k = W_k + H_k, R_k = L(4 + k) + H_k +
@   H(4 + k)) there; after Q (r1-r8): c(4 + k) = P_k + Q_k, c(8 + k) = R_k +
@   Q(4 + k)). (n = 509: r2_kmul's 16-word products' halves.)
    .section .text.pqmcu_ntru_r2_kmul8, "ax", %progbits
    .align 2
    .global pqmcu_ntru_r2_kmul8
    .type pqmcu_ntru_r2_kmul8, %function
pqmcu_ntru_r2_kmul8:
    push {r4-r11, lr}
    vpush {s16-s30}
    vmov s0, r0                 @ c
    vmov s1, s2, r1, r2         @ a, b
    k4s 0, s23, s24, s25, s26, s27, s28, s29, s30, 0, 1  @ L0..L7 in r1-r8
    vmov r0, s0
    stm r0, {r1-r4}             @ c0 .. c3 = L0 .. L3
    eor r1, r1, r5              @ W_k = L_k + L(4 + k)
    eor r2, r2, r6
    eor r3, r3, r7
    eor r4, r4, r8
    vmov s15, s16, r1, r5       @ W0, L4
    vmov s17, s18, r2, r6
    vmov s19, s20, r3, r7
    vmov s21, s22, r4, r8       @ W3, L7
    k4s 4, s23, s24, s25, s26, s27, s28, s29, s30  @ H0..H7 in r1-r8
    vmov r0, s0
    add r0, r0, #48
    stm r0, {r5-r8}             @ c12 .. c15 = H4 .. H7
    vmov r9, r10, s15, s16
    eor r9, r9, r1         @ P0 = W0 + H0
    eor r1, r1, r5
    eor r10, r10, r1       @ R0 = L4 + H0 + H4
    vmov s15, s16, r9, r10
    vmov r9, r10, s17, s18
    eor r9, r9, r2         @ P1 = W1 + H1
    eor r2, r2, r6
    eor r10, r10, r2       @ R1 = L5 + H1 + H5
    vmov s17, s18, r9, r10
    vmov r9, r10, s19, s20
    eor r9, r9, r3         @ P2 = W2 + H2
    eor r3, r3, r7
    eor r10, r10, r3       @ R2 = L6 + H2 + H6
    vmov s19, s20, r9, r10
    vmov r9, r10, s21, s22
    eor r9, r9, r4         @ P3 = W3 + H3
    eor r4, r4, r8
    eor r10, r10, r4       @ R3 = L7 + H3 + H7
    vmov s21, s22, r9, r10
    k4s 0, s23, s24, s25, s26, s27, s28, s29, s30, 4  @ Q0..Q7 in r1-r8
    k8mid                       @ c4 .. c11
    vpop {s16-s30}
    pop {r4-r11, pc}
    .size pqmcu_ntru_r2_kmul8, . - pqmcu_ntru_r2_kmul8

@ void pqmcu_ntru_r2_clmul1(uint32_t* c, uint32_t a, uint32_t b): c[0..1] = a b carry-less.
    .section .text.pqmcu_ntru_r2_clmul1, "ax", %progbits
    .align 2
    .global pqmcu_ntru_r2_clmul1
    .type pqmcu_ntru_r2_clmul1, %function
pqmcu_ntru_r2_clmul1:
    push {r0, r4-r11, lr}
    clm32
    ldr r1, [sp, #0]
    strd r0, lr, [r1]
    add sp, sp, #4
    pop {r4-r11, pc}
    .size pqmcu_ntru_r2_clmul1, . - pqmcu_ntru_r2_clmul1

@ void pqmcu_ntru_r2_kmul3(uint32_t* c, const uint32_t* a, const uint32_t* b)
@   c[0..5] = (a0 + a1 X + a2 X^2) (b0 + b1 X + b2 X^2) carry-less, X = x^32:
@   three-term Karatsuba, six word products (Pii = ai bi, Mij = (ai + aj)(bi + bj)):
@   C0 = P00, C1 = M01 + P00 + P11, C2 = M02 + P00 + P11 + P22, C3 = M12 + P11 + P22,
@   C4 = P22 (64-bit each; c[k] = lo(Ck) + hi(Ck-1)). Against two 2-word products
@   and a word product (seven) with r2_kmul's one-level code around them.
@   No frame: c, a, b in s0-s2, S0..S9 = P00, P11, P22, M01, M02 in s3-s12
@   (S10, S11 = M12 stay in r0 : lr).
    .section .text.pqmcu_ntru_r2_kmul3, "ax", %progbits
    .align 2
    .global pqmcu_ntru_r2_kmul3
    .type pqmcu_ntru_r2_kmul3, %function
pqmcu_ntru_r2_kmul3:
    push {r4-r11, lr}
    vmov s0, r0                 @ c
    vmov s1, s2, r1, r2         @ a, b
    ldr r1, [r1]
    ldr r2, [r2]
    clm32
    vmov s3, s4, r0, lr         @ P00
    kprodv 1, 1, s5, s6         @ P11
    kprodv 2, 2, s7, s8         @ P22
    kprodv 0, 1, s9, s10        @ M01
    kprodv 0, 2, s11, s12       @ M02
    kprodv 1, 2                 @ M12
    k3comb                      @ c0 = S0, c1 .. c4
    mov lr, r6                  @ c5 = S5
    vmov r0, s0
    stm r0, {r1, r7, r8, r10, r12, lr}  @ c0 = S0, c1 .. c5
    pop {r4-r11, pc}
    .size pqmcu_ntru_r2_kmul3, . - pqmcu_ntru_r2_kmul3
