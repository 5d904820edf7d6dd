@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Cycle-model kernels: data processing and multiplies.
@ Each kernel runs between two calls of pqmcu_bench_mark. The expectation
@ lines ("@ expect NAME: insns=N cycles=C") give the hand-computed figures of
@ the kernel body alone, in the order the kernels run; check_kernels.py removes
@ the cost of the mark call and return itself.
#include "kernel_start.inc"
    movs r0, #3
    movs r1, #5

@ expect alu16: insns=16 cycles=16
    .balign 4
    bl pqmcu_bench_mark
    adds r2, r0, r1
    subs r3, r0, #1
    eors r4, r0
    lsls r5, r1, #3
    movs r6, #7
    orrs r2, r1
    ands r3, r0
    mvns r4, r1
    lsrs r5, r0, #1
    cmp r6, #7
    adds r7, r6, #2
    bics r2, r1
    asrs r3, r1, #1
    rsbs r4, r0, #0
    mov r8, r0
    add r9, r1
    bl pqmcu_bench_mark

@ expect alu32: insns=10 cycles=10
    .balign 4
    bl pqmcu_bench_mark
    add.w r2, r0, r1, lsl #2
    eor.w r3, r1, r0, ror #7
    movw r4, #0x1234
    movt r4, #0x5678
    ubfx r5, r4, #4, #8
    bfi r6, r0, #8, #4
    clz r7, r4
    rev r2, r4
    sxtb r3, r4
    uadd8 r5, r0, r1
    bl pqmcu_bench_mark

@ 16-bit MULS 1, MUL.W 1, MLA 2, MLS 2, UMULL 1, SMULL 1, UMLAL 1, SMLAL 1,
@ SMLABB 1, SMLAD 1, SMMUL 1
@ expect multiply: insns=13 cycles=15
    .balign 4
    bl pqmcu_bench_mark
    muls r2, r0
    mul r3, r0, r1
    mla r4, r0, r1, r2
    mls r5, r0, r1, r2
    umull r6, r7, r0, r1
    smull r6, r7, r0, r1
    umlal r6, r7, r0, r1
    smlal r6, r7, r0, r1
    smlabb r2, r0, r1, r3
    smlad r2, r0, r1, r3
    smmul r3, r0, r1
    mul r4, r4, r4
    mul r5, r5, r1
    bl pqmcu_bench_mark

@ divides use the fixed estimate (7 each by default), whatever the operands
@ expect divide: insns=3 cycles=15
    .balign 4
    bl pqmcu_bench_mark
    sdiv r2, r1, r0
    udiv r3, r1, r0
    adds r2, #1
    bl pqmcu_bench_mark

    movs r2, #0
#include "kernel_exit.inc"
