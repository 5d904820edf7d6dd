@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Toom4Eval::evaluate_rest's loop (toom4_eval.hpp) for NTRU's limbs m = 128,
@ 170, 176, 206: points 2, -2, 1/2 of a (limbs a0..a3 at a + k m) into out,
@ out + m, out + 2m and a3 (point inf) into oi, two lanes a word, for the
@ indices 0 .. 4 quads - 1 (all with a3 inside the top limb: 4 quads <= top).
@ Per-lane shifts as one AND with a mask and a shifted operand (0xFFFEFFFE,
@ 0xFFFCFFFC in registers), the row offsets immediates (one copy per m),
@ pointers post-incremented; two index pairs an iteration.
@ void pqmcu_polymul_toom4_eval_rest_m4(uint16_t* out, uint16_t* oi,
@                                       const uint16_t* a, size_t m, size_t quads)
@ And evaluate_pair<1>'s: points 1, -1 into out, out + m.
@ void pqmcu_polymul_toom4_eval_pair1_m4(uint16_t* out, const uint16_t* a,
@                                        size_t m, size_t quads)
    .syntax unified
    .thumb
    .text

@ one index pair: r2 = a + j, r0 = out + j, r1 = oi + j (each + 4 after)
.macro pair M
    ldr r4, [r2], #4                @ a0
    ldr r5, [r2, #(2 * \M - 4)]     @ a1
    ldr r6, [r2, #(4 * \M - 4)]     @ a2
    ldr r7, [r2, #(6 * \M - 4)]     @ a3
    and r8, lr, r6, lsl #2
    uadd16 r8, r8, r4               @ e = a0 + 4 a2
    and r9, lr, r7, lsl #2
    uadd16 r9, r9, r5
    and r9, r12, r9, lsl #1         @ d = 2 a1 + 8 a3
    uadd16 r10, r8, r9              @ point 2
    usub16 r8, r8, r9               @ point -2
    and r4, lr, r4, lsl #2
    uadd16 r4, r4, r6
    and r4, r12, r4, lsl #1         @ 8 a0 + 2 a2
    and r5, lr, r5, lsl #2
    uadd16 r5, r5, r7               @ 4 a1 + a3
    uadd16 r4, r4, r5               @ point 1/2
    str r10, [r0], #4
    str r8, [r0, #(2 * \M - 4)]
    str r4, [r0, #(4 * \M - 4)]
    str r7, [r1], #4                @ point inf
.endm

.macro loop M
1:
    pair \M
    pair \M
    cmp r2, r3
    bne 1b
    b 9f
.endm

    .global pqmcu_polymul_toom4_eval_rest_m4
    .type pqmcu_polymul_toom4_eval_rest_m4, %function
    .align 2
pqmcu_polymul_toom4_eval_rest_m4:
    push {r4-r10, lr}
    ldr r12, [sp, #32]              @ quads
    cmp r12, #0
    beq 10f
    mov r4, r3                      @ m
    add r3, r2, r12, lsl #3         @ the end of a's walk
    mvn r12, #0x00010001            @ lanes << 1
    mvn lr, #0x00030003             @ lanes << 2
    cmp r4, #128
    beq 128f
    cmp r4, #170
    beq 170f
    cmp r4, #176
    beq 176f
    loop 206
128:
    loop 128
170:
    loop 170
176:
    loop 176
9:
10:
    pop {r4-r10, pc}
    .size pqmcu_polymul_toom4_eval_rest_m4, .-pqmcu_polymul_toom4_eval_rest_m4

@ evaluate_pair<1>'s index pair: r1 = a + j, r0 = out + j (each + 4 after)
.macro pair1 M
    ldr r4, [r1], #4                @ a0
    ldr r5, [r1, #(2 * \M - 4)]     @ a1
    ldr r6, [r1, #(4 * \M - 4)]     @ a2
    ldr r7, [r1, #(6 * \M - 4)]     @ a3
    uadd16 r4, r4, r6
    uadd16 r5, r5, r7
    uadd16 r6, r4, r5               @ point 1
    usub16 r4, r4, r5               @ point -1
    str r6, [r0], #4
    str r4, [r0, #(2 * \M - 4)]
.endm

.macro loop1 M
1:
    pair1 \M
    pair1 \M
    cmp r1, r12
    bne 1b
    b 9f
.endm

    .global pqmcu_polymul_toom4_eval_pair1_m4
    .type pqmcu_polymul_toom4_eval_pair1_m4, %function
    .align 2
pqmcu_polymul_toom4_eval_pair1_m4:
    push {r4-r7}
    cmp r3, #0
    beq 9f
    add r12, r1, r3, lsl #3         @ the end of a's walk
    cmp r2, #128
    beq 128f
    cmp r2, #170
    beq 170f
    cmp r2, #176
    beq 176f
    loop1 206
128:
    loop1 128
170:
    loop1 170
176:
    loop1 176
9:
    pop {r4-r7}
    bx lr
    .size pqmcu_polymul_toom4_eval_pair1_m4, .-pqmcu_polymul_toom4_eval_pair1_m4
