@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Toom4Eval's evaluation loops (toom4_eval.hpp) on the M4, for any limb
@ size m: the index pairs j < 4 quads (all with a3 inside the top limb:
@ 4 quads <= top), two lanes a word, two pairs an iteration. Rows k m away
@ by register offsets (m and 2m via LSL #1; row 3 and the outputs' row 3
@ through a second pointer), pointers advanced by pre-indexed writeback;
@ per-lane << 2 as one AND with 0xFFFCFFFC and a shifted operand, << 1 as
@ UADD16 x, x.
@ void pqmcu_polymul_toom4_eval_rest_m4(uint16_t* out, uint16_t* oi,
@                                       const uint16_t* a, size_t m, size_t quads)
@   points 2, -2, 1/2 into out, out + m, out + 2m; inf (a3) into oi.
@ void pqmcu_polymul_toom4_eval_pair1_m4(uint16_t* out, const uint16_t* a,
@                                        size_t m, size_t quads)
@   points 1, -1 into out, out + m.
@ void pqmcu_polymul_toom4_eval_shared_m4(uint16_t* eb, const uint16_t* b,
@                                         size_t m, size_t quads)
@   points 1, -1, 2, -2, 1/2, inf into eb + k m.
    .syntax unified
    .thumb
    .text

@ points 2 (into \p2), -2 (into \e) and 1/2 (into r4) from a0 .. a3 in
@ r4 .. r7 (lr = mask; \e, \d temporaries; a0, a1 overwritten)
.macro points_2_half e, d, p2
    and \e, lr, r6, lsl #2
    uadd16 \e, \e, r4              @ e = a0 + 4 a2
    and \d, lr, r7, lsl #2
    uadd16 \d, \d, r5
    uadd16 \d, \d, \d              @ d = 2 a1 + 8 a3
    uadd16 \p2, \e, \d             @ point 2
    usub16 \e, \e, \d              @ point -2
    and r4, lr, r4, lsl #2
    uadd16 r4, r4, r6
    uadd16 r4, r4, r4               @ 8 a0 + 2 a2
    and r5, lr, r5, lsl #2
    uadd16 r5, r5, r7               @ 4 a1 + a3
    uadd16 r4, r4, r5               @ point 1/2
.endm

@ rest: r2 = a + j - 2, r12 = a + 3m + j - 2, r0 = out + j - 2, r1 = oi + j;
@ r3 = 2m bytes, lr = mask
.macro rest_pair
    ldr r4, [r2, #4]!               @ a0
    ldr r5, [r2, r3]                @ a1
    ldr r6, [r2, r3, lsl #1]        @ a2
    ldr r7, [r12, #4]!              @ a3
    str r7, [r1], #4                @ point inf (right after a load: pipelines)
    points_2_half r8, r9, r10
    str r10, [r0, #4]!
    str r8, [r0, r3]
    str r4, [r0, r3, lsl #1]
.endm

    .global pqmcu_polymul_toom4_eval_rest_m4
    .type pqmcu_polymul_toom4_eval_rest_m4, %function
    .align 2
pqmcu_polymul_toom4_eval_rest_m4:
    push {r4-r11, lr}
    ldr r11, [sp, #36]              @ quads
    cmp r11, #0
    beq 2f
    lsl r3, r3, #1                  @ 2m bytes
    subs r2, r2, #4
    subs r0, r0, #4
    add r12, r2, r3
    add r12, r12, r3, lsl #1        @ row 3
    add r11, r2, r11, lsl #3        @ a's last pair
    mvn lr, #0x00030003             @ lanes << 2
    .balign 4                       @ (a 32-bit branch target at 2 mod 4: +1 refill cycle)
1:
    rest_pair
    rest_pair
    cmp r2, r11
    bne 1b
2:
    pop {r4-r11, pc}
    .size pqmcu_polymul_toom4_eval_rest_m4, .-pqmcu_polymul_toom4_eval_rest_m4

@ pair1 and shared: r1 = a + j - 2, r3 = a + 3m + j - 2, r0 = out + j - 2;
@ r2 = 2m bytes. a0 .. a3 into r4 .. r7, then points 1 (\p) and -1 (\e)
@ stored (\e = a0 + a2, \o = a1 + a3 first)
.macro quad_pm1 e, o, p
    ldr r4, [r1, #4]!               @ a0
    ldr r5, [r1, r2]                @ a1
    ldr r6, [r1, r2, lsl #1]        @ a2
    ldr r7, [r3, #4]!               @ a3
    uadd16 \e, r4, r6
    uadd16 \o, r5, r7
    uadd16 \p, \e, \o              @ point 1
    usub16 \e, \e, \o              @ point -1
    str \p, [r0, #4]!
    str \e, [r0, r2]
.endm

    .global pqmcu_polymul_toom4_eval_pair1_m4
    .type pqmcu_polymul_toom4_eval_pair1_m4, %function
    .align 2
pqmcu_polymul_toom4_eval_pair1_m4:
    cmp r3, #0
    beq 2f
    push {r4-r7}
    add r12, r1, r3, lsl #3
    subs r12, r12, #4               @ a's last pair
    lsl r2, r2, #1                  @ 2m bytes
    subs r1, r1, #4
    subs r0, r0, #4
    add r3, r1, r2
    add r3, r3, r2, lsl #1          @ row 3
    .balign 4                       @ (a 32-bit branch target at 2 mod 4: +1 refill cycle)
1:
    quad_pm1 r4, r5, r6
    quad_pm1 r4, r5, r6
    cmp r1, r12
    bne 1b
    pop {r4-r7}
2:
    bx lr
    .size pqmcu_polymul_toom4_eval_pair1_m4, .-pqmcu_polymul_toom4_eval_pair1_m4

@ shared: r1 = b + j - 2, r3 = b + 3m + j - 2, r0 = eb + j - 2, r12 = eb + 3m
@ + j - 2; r2 = 2m bytes, lr = mask
.macro shared_pair
    quad_pm1 r8, r9, r10            @ (a0 .. a3 kept for the other points)
    points_2_half r9, r10, r8
    str r8, [r0, r2, lsl #1]
    str r9, [r12, #4]!
    str r4, [r12, r2]
    str r7, [r12, r2, lsl #1]       @ point inf
.endm

    .global pqmcu_polymul_toom4_eval_shared_m4
    .type pqmcu_polymul_toom4_eval_shared_m4, %function
    .align 2
pqmcu_polymul_toom4_eval_shared_m4:
    cmp r3, #0
    beq 3f
    push {r4-r11, lr}
    add r11, r1, r3, lsl #3
    sub r11, r11, #4                @ b's last pair
    lsl r2, r2, #1                  @ 2m bytes
    subs r1, r1, #4
    subs r0, r0, #4
    add r3, r1, r2
    add r3, r3, r2, lsl #1          @ row 3
    add r12, r0, r2
    add r12, r12, r2, lsl #1        @ eb's row 3
    mvn lr, #0x00030003             @ lanes << 2
    .balign 4                       @ (a 32-bit branch target at 2 mod 4: +1 refill cycle)
1:
    shared_pair
    shared_pair
    cmp r1, r11
    bne 1b
    pop {r4-r11, pc}
3:
    bx lr
    .size pqmcu_polymul_toom4_eval_shared_m4, .-pqmcu_polymul_toom4_eval_shared_m4
