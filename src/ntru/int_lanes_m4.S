@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Key generation's integer products of ternary polynomials on byte lanes
@ (engine.cpp, detail::z3_mul_int / z3_sqr_int; g f, f^2, g^2).
@
@ void pqmcu_ntru_int_lanes_mul(uint32_t* C, const uint32_t* A, const uint32_t* Y, uint32_t w)
@   Operands of w words, lanes {-1,0,1} as signed bytes (each word the
@   integer sum of lane * 256^i); Y = B with FOUR zero words on each side.
@   Blocks of five outputs k .. k + 4 (k = 0, 5, ...; steps i = lo .. hi,
@   lo = max(k + 1 - w, 0), hi = min(k + 4, w - 1)) whose 64-bit sums share
@   registers as in s3_lanes_m4.S's pqmcu_ntru_s3_lanes_mul5: r4 .. r9 hold
@   lane words k .. k + 5 of the product, SMLAL r(4+j), r(5+j) adds x y_j.
@   Every lane of r4 .. r9 starts at 128 and a step adds to each lane at
@   most 4 terms in {-1,0,1} (lane d of a word: d + 1 terms of one word
@   product's low half and 3 - d of the previous one's high half), so after
@   at most 31 steps every lane is in [4, 252]. SMLAL adds x y as a signed
@   64-bit value; x y = sum_m c_m 256^m exactly (c_m the lane sums), so
@   when every lane of the result is in [0, 255] the 64-bit sum is exact
@   in the window: no borrow or carry leaves r(5+j) for r(6+j), and the
@   shared words stay right (the same argument as UMLAL's in mul5, with the
@   bias keeping the lanes in range). Every 30 steps the six words, at a
@   block's end the first five, are added into C as halfword lanes
@   (UXTAB16: even lanes into C[2j], odd lanes into C[2j + 1], LDM / STM)
@   and restarted at 128.
@   C: 4w + 10 words, set here block by block to a base minus the biases
@   the spills will add, from the block's step count (block k spills
@   steps / 30 + 1 times: lane words k .. k + 4 every time, k + 5 but at
@   the last, where r9 is carried into the next block's r4 instead: lane d
@   of r9 gains at most 3 - d a step (output k + 4's high half) and then,
@   as r4, d + 1 (output k + 5's low half) in at most 30 steps before its
@   first spill: 31 (3 - d) + 30 (d + 1) <= 123). Per step one load of x and one of y and five
@   SMLALs (8 cycles for 5 outputs; the three-output blocks they replaced:
@   5.5 for 3, and a spill of about the same cost every 30 steps for 3).
@ void pqmcu_ntru_int_lanes_sqr(uint32_t* C, const uint32_t* A, const uint32_t* Y, uint32_t w)
@   The square's cross terms (detail::z3_sqr_int), A = Y + 4: output m is
@   2 sum_{i < m/2} A_i A_{m-i} + [m even] A_{m/2}^2. Block k runs steps
@   i = lo .. c - 1 (c = ceil(k/2)) for its five outputs, then i = c for
@   outputs k + 1 .. k + 4 and i = c + 1 for k + 3, k + 4 (their y words
@   are already in registers: no loads but x). For k odd these put A_c^2
@   into m = k + 1 and A_(c+1)^2 into m = k + 3 (i = 3, 4 mod 5: the
@   blocks are public); for k even no square. The spills add the cross
@   sums once: the caller doubles the halfword lanes when it adds the
@   squares (and subtracts those the kernel held). At most 29 + 2 steps
@   between spills (31 * 4 = 124).
@ The block state (C at the block, A, Y + 9, w - 1, k, steps left, 2w) lives
@ in s0-s7 (one-cycle VMOVs, no frame). The last < 30 steps of a block run
@ straight-line from the one of five role-rotated copies whose roles match
@ (TBH). Branches and addresses depend on w and k only (public).
    .syntax unified
    .thumb
    .text

#include "lanes5_m4.inc"
@ every lane of the six words at 128
.macro bias5
    mov r4, #0x80808080
    mov r5, #0x80808080
    mov r6, #0x80808080
    mov r7, #0x80808080
    mov r8, #0x80808080
    mov r9, #0x80808080
.endm
@ a spill inside a block (after 30 steps, the roles at rotation 0): r4 .. r9
@ into C[2k .. 2k + 12) with r0, r3, r10 .. r12 and the spilled words as
@ temporaries, restarted; then the four live y words again from Y (the
@ last four loaded, r10 at [r2])
.macro i5spill
    vmov r0, s0
    ldm r0, {r3, r10, r11, r12}
    uxtab16 r3, r3, r4
    uxtab16 r10, r10, r4, ror #8
    uxtab16 r11, r11, r5
    uxtab16 r12, r12, r5, ror #8
    stmia r0!, {r3, r10, r11, r12}
    ldm r0, {r3, r4, r5, r10, r11, r12}
    uxtab16 r3, r3, r6
    uxtab16 r4, r4, r6, ror #8
    uxtab16 r5, r5, r7
    uxtab16 r10, r10, r7, ror #8
    uxtab16 r11, r11, r8
    uxtab16 r12, r12, r8, ror #8
    stmia r0!, {r3, r4, r5, r10, r11, r12}
    ldrd r3, r10, [r0]
    uxtab16 r3, r3, r9
    uxtab16 r10, r10, r9, ror #8
    strd r3, r10, [r0]
    bias5
    ldm r2, {r10, r11, r12, lr}
.endm
@ a block's end in every tail copy (no branch to a shared one): the last
@ spill of r4 .. r8 (every register free; no new biases, the next block
@ sets them), r9 (lane word k + 5) kept as the next block's r4 (see the
@ bound above), C at the block + 10 words, the next block \blk
.macro i5end blk
    vmov r0, s0
    ldm r0, {r1, r2, r3, r10, r11, r12}
    uxtab16 r1, r1, r4
    uxtab16 r2, r2, r4, ror #8
    uxtab16 r3, r3, r5
    uxtab16 r10, r10, r5, ror #8
    uxtab16 r11, r11, r6
    uxtab16 r12, r12, r6, ror #8
    stmia r0!, {r1, r2, r3, r10, r11, r12}
    ldm r0, {r1, r2, r3, r4}
    uxtab16 r1, r1, r7
    uxtab16 r2, r2, r7, ror #8
    uxtab16 r3, r3, r8
    uxtab16 r4, r4, r8, ror #8
    stmia r0!, {r1, r2, r3, r4}
    vmov s0, r0               @ C + 2(k + 5)
    vmov r0, s4
    adds r0, r0, #5
    vmov s4, r0
    vmov r3, s7               @ 2w
    cmp r0, r3                @ k < 2w
    blt.w \blk
    pop {r4-r11, pc}
.endm
@ a tail copy: 29 steps from rotation \c, the square's half steps, the end
.macro i5copy c, sqr, blk
.Li5cb\@:
    l5rot smlal, 29, (\c)
    .if (. - .Li5cb\@ - 29 * 28)
    .error "int_lanes: a step is not 28 bytes"
    .endif
    .if \sqr
    l5rot smlal, 0, (\c+29), 1
    .endif
    i5end \blk
.endm

.macro int_lanes5 name, sqr
    .global \name
    .type \name, %function
    .align 2
\name:
    push {r4-r11, lr}
    vmov s0, r0               @ C at the block
    vmov s1, r1               @ A
    lsls r0, r3, #1
    vmov s7, r0               @ 2w
    subs r3, r3, #1
    vmov s3, r3               @ w - 1
    adds r2, r2, #36
    vmov s2, r2               @ Y + 9 words
    movs r0, #0
    vmov s4, r0               @ k
    mov r9, #0x80808080       @ (the first block's r4)
    movw r12, #0x8889
    movt r12, #0x8888
    vmov s5, r12              @ ceil(2^36 / 30): x / 30 = (x * it) >> 36
    .if \sqr
    movw r12, #0x3FC0
    movt r12, #0x3FC0
    .else
    mov r12, #0x80008000
    .endif
    vmov s8, r12              @ C's base value per half (see below)
    vmov r10, s0
    strd r12, r12, [r10]      @ lane word 0 (each block subtracts its biases)
.Li5block\@:                 @ (r0 = k)
    vmov r3, s3               @ w - 1
    subs r12, r0, r3          @ k + 1 - w
    bic r1, r12, r12, asr #31 @ lo = max(k + 1 - w, 0)
    .if \sqr
    adds r3, r0, #1
    lsrs r3, r3, #1
    subs r3, r3, r1           @ steps = ceil(k / 2) - lo (>= 0 for k < 2w)
    subs r0, r0, r1           @ k - lo
    .else
    adds r12, r12, #4
    bic r12, r12, r12, asr #31 @ k + 4 - hi, hi = min(k + 4, w - 1)
    subs r0, r0, r1           @ k - lo
    subs r3, r0, r12
    adds r3, r3, #5           @ steps = hi + 1 - lo (>= 0)
    .endif
    @ C's start for this block: it spills steps / 30 + 1 times, each adding
    @ 128 to every half of lane words k .. k + 4 (k + 5: one time less, r9
    @ carried): word k minus that (its start set by the block before), words
    @ k + 1 .. k + 5 the base minus that (the square's base 2^14 - 64:
    @ z3_sqr_int doubles it and adds the squares' bias 128; the product's
    @ 2^15: the two of h[i] + h[i + n] vanish mod 2^16)
    vmov r12, s5
    umull r2, lr, r3, r12
    lsrs lr, lr, #4           @ steps / 30
    mov r12, #0x00800080
    mla lr, lr, r12, r12      @ the biases: (steps / 30 + 1) * 128 a half
    vmov r10, s0              @ C at the block
    ldrd r4, r5, [r10]
    subs r4, r4, lr
    subs r5, r5, lr
    strd r4, r5, [r10]        @ lane word k
    vmov r11, s8
    subs r11, r11, lr
    strd r11, r11, [r10, #8]
    strd r11, r11, [r10, #16]
    strd r11, r11, [r10, #24]
    strd r11, r11, [r10, #32]
    add r11, r11, r12
    strd r11, r11, [r10, #40] @ lane word k + 5
    vmov r12, s2              @ Y + 9
    add r2, r12, r0, lsl #2   @ B + (k + 5 - lo)
    vmov r12, s1
    add r1, r12, r1, lsl #2   @ x = A + lo
    ldr lr, [r2, #-4]!        @ B[k + 4 - lo] (output k + 4's y)
    ldr r12, [r2, #-4]!
    ldr r11, [r2, #-4]!
    ldr r10, [r2, #-4]!       @ B[k + 1 - lo]
    movs r0, r3
    mov r4, r9                @ lane word k: the previous block's r9
    mov r5, #0x80808080
    mov r6, #0x80808080
    mov r7, #0x80808080
    mov r8, #0x80808080
    mov r9, #0x80808080
    cmp r0, #30
    bhs .Li5loop\@            @ (out of line, after the copies)
.Li5tail\@:
    @ r0 < 30 steps left: position p = 29 - r0 of copy (5 - p mod 5) mod 5
    @ (every step 28 bytes)
    tbh [pc, r0, lsl #1]
.Li5tbl\@:
    .irp left, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29
    .if ((5 - ((29 - \left) % 5)) % 5) == 0
    .hword (.Li5c0\@ + 28 * (29 - \left) - .Li5tbl\@) / 2
    .elseif ((5 - ((29 - \left) % 5)) % 5) == 1
    .hword (.Li5c1\@ + 28 * (29 - \left) - .Li5tbl\@) / 2
    .elseif ((5 - ((29 - \left) % 5)) % 5) == 2
    .hword (.Li5c2\@ + 28 * (29 - \left) - .Li5tbl\@) / 2
    .elseif ((5 - ((29 - \left) % 5)) % 5) == 3
    .hword (.Li5c3\@ + 28 * (29 - \left) - .Li5tbl\@) / 2
    .else
    .hword (.Li5c4\@ + 28 * (29 - \left) - .Li5tbl\@) / 2
    .endif
    .endr
.Li5c0\@:
    i5copy 0, \sqr, .Li5block\@
.Li5c1\@:
    i5copy 1, \sqr, .Li5block\@
.Li5c2\@:
    i5copy 2, \sqr, .Li5block\@
.Li5c3\@:
    i5copy 3, \sqr, .Li5block\@
.Li5c4\@:
    i5copy 4, \sqr, .Li5block\@
.Li5loop\@:                  @ 30 steps and a spill, while r0 >= 30 are left
    subs r0, r0, #30
    vmov s6, r0
    l5rot smlal, 30, 0
    i5spill
    vmov r0, s6
    cmp r0, #30
    bhs .Li5loop\@
    b .Li5tail\@
    .size \name, .-\name
.endm

    int_lanes5 pqmcu_ntru_int_lanes_mul, 0
    int_lanes5 pqmcu_ntru_int_lanes_sqr, 1

@ void pqmcu_ntru_int_lanes_diag(uint32_t* C, const uint32_t* A, uint32_t w)
@   z3_sqr_int's squares pass after pqmcu_ntru_int_lanes_sqr: for i < w the
@   halfword lanes of lane words 2i, 2i + 1 (C[4i .. 4i + 4)) doubled and
@   the lanes of A_i^2 + 0x80..80 added (SMLAL on the biased pair: each lane
@   in [124, 132], no borrows), A_i^2 negated for i = 3, 4 mod 5 (the
@   kernel's odd blocks held them): five at a time (the signs fixed), the
@   last w mod 5 (i = 0 .. 3 mod 5) one by one. LDM / STM of the four words.
@   Branches depend on w only (public).
.macro diag_one neg
    ldr r4, [r1], #4
    mov r5, r3
    mov r6, r3
    .if \neg
    rsbs r7, r4, #0
    smlal r5, r6, r7, r4
    .else
    smlal r5, r6, r4, r4
    .endif
    ldm r0, {r7, r8, r9, r12}
    uxtb16 r4, r5
    add r7, r4, r7, lsl #1
    uxtb16 r4, r5, ror #8
    add r8, r4, r8, lsl #1
    uxtb16 r4, r6
    add r9, r4, r9, lsl #1
    uxtb16 r4, r6, ror #8
    add r12, r4, r12, lsl #1
    stmia r0!, {r7, r8, r9, r12}
.endm
    .global pqmcu_ntru_int_lanes_diag
    .type pqmcu_ntru_int_lanes_diag, %function
    .align 2
pqmcu_ntru_int_lanes_diag:
    push {r4-r9, lr}
    mov r3, #0x80808080
    subs r2, r2, #5
    blo 2f
1:  @ i = 0, 1, 2 mod 5 as they are, 3 and 4 negated
    diag_one 0
    diag_one 0
    diag_one 0
    diag_one 1
    diag_one 1
    subs r2, r2, #5
    bhs 1b
2:  @ w mod 5 left (r2 + 5): i = 0 .. 3 mod 5, the fourth negated
    adds r2, r2, #5
    beq 3f
    diag_one 0
    subs r2, r2, #1
    beq 3f
    diag_one 0
    subs r2, r2, #1
    beq 3f
    diag_one 0
    subs r2, r2, #1
    beq 3f
    diag_one 1
3:
    pop {r4-r9, pc}
    .size pqmcu_ntru_int_lanes_diag, .-pqmcu_ntru_int_lanes_diag

@ void pqmcu_ntru_int_lanes_fold(uint16_t* c, const uint32_t* C, uint32_t N, uint32_t scale)
@   int_lanes_finish's one pass for n = 4N + 1 (engine.cpp; the C there is
@   the same): c[4j .. 4j + 4) = scale (lanes 0..3 of lane word j + lanes
@   1..3 of word j + N and lane 0 of word j + N + 1) mod 2^16, from C's
@   (even lanes, odd lanes) halfword pairs: PKHBT / PKHTB and UADD16 (the
@   second pair with its halves swapped, undone by the scaling's SMULTB /
@   SMULBB or a ROR), unaligned word stores to c. c[4N] is the caller's.
@   Branches depend on N and scale == 1 only (public).
.macro fold_pair scaled
    ldr r5, [r1, #4]            @ o = C[2j + 1]
    ldr r4, [r1], #8            @ e = C[2j]
    ldr r6, [r12, #4]           @ O = L[2j + 1]
    ldr r7, [r12, #8]!          @ E1 = L[2j + 2]
    pkhbt r8, r4, r5, lsl #16   @ e lo | o lo
    pkhtb r9, r10, r6           @ O lo | E hi
    uadd16 r8, r8, r9           @ c[4j], c[4j + 1]
    pkhtb r9, r4, r5, asr #16   @ o hi | e hi
    pkhbt r11, r7, r6           @ E1 lo | O hi
    uadd16 r9, r9, r11          @ c[4j + 3], c[4j + 2]
    .if \scaled
    smulbb r4, r8, r3
    smultb r5, r8, r3
    pkhbt r8, r4, r5, lsl #16
    smultb r4, r9, r3
    smulbb r5, r9, r3
    pkhbt r9, r4, r5, lsl #16
    .else
    ror r9, r9, #16
    .endif
    str r8, [r0], #4
    str r9, [r0], #4
    mov r10, r7                 @ E = E1
.endm
    .global pqmcu_ntru_int_lanes_fold
    .type pqmcu_ntru_int_lanes_fold, %function
    .align 2
pqmcu_ntru_int_lanes_fold:
    push {r4-r11, lr}
    add r12, r1, r2, lsl #3     @ L = C + 2N
    ldr r10, [r12]              @ E = L[0]
    cmp r2, #0
    beq 3f
    cmp r3, #1
    beq 2f
1:
    fold_pair 1
    subs r2, r2, #1
    bne 1b
    pop {r4-r11, pc}
2:
    fold_pair 0
    subs r2, r2, #1
    bne 2b
3:
    pop {r4-r11, pc}
    .size pqmcu_ntru_int_lanes_fold, .-pqmcu_ntru_int_lanes_fold
