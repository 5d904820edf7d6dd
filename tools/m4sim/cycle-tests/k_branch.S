@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Cycle-model kernels: branches (taken / not taken, refill alignment), calls,
@ returns, IT blocks, CBZ/CBNZ, TBB, LDR PC.
@ Expectation lines give the kernel body alone; see k_alu.S for the format.
@ Refill P = 2, or 3 when the target is a 32-bit instruction at an address
@ that is 2 mod 4.
#include "kernel_start.inc"
    movs r0, #3
    movs r1, #5

    ldr r4, =jump_slot

@ 10 x SUBS, 9 taken BNE (1+2), 1 not-taken BNE (1), MOVS
@ expect loop: insns=21 cycles=39
    .balign 4
    bl pqmcu_bench_mark
    movs r2, #10
1:  subs r2, #1
    bne 1b
    bl pqmcu_bench_mark

@ movs 1, cmp 1, beq taken 3, cmp 1, beq not taken 1, nop 1, b 3, adds 1
@ expect conditional: insns=8 cycles=12
    .balign 4
    bl pqmcu_bench_mark
    movs r2, #0
    cmp r2, #0
    beq 1f
    nop
1:  cmp r2, #1
    beq 2f
    nop
2:  b 3f
    nop
3:  adds r2, #1
    bl pqmcu_bench_mark

@ b.n to a 32-bit insn at 2 mod 4: 1+3, add.w 1; b.n to an aligned one: 1+2, add.w 1
@ expect refill-alignment: insns=4 cycles=9
    .balign 4
    bl pqmcu_bench_mark
    b.n 1f
    nop
    nop
1:  add.w r2, r2, #1
    b.n 2f
    nop
    .balign 4
2:  add.w r2, r2, #1
    bl pqmcu_bench_mark

@ bl 1+2, adds 1, bx lr 1+2, adds 1
@ expect call-return: insns=4 cycles=8
    .balign 4
    bl pqmcu_bench_mark
    bl leaf
    adds r2, #1
    bl pqmcu_bench_mark

@ bl 3, push {r4,lr} 1+2, adds 1, pop {r4,pc} 1+2+2, adds 1
@ expect push-pop-pc: insns=5 cycles=13
    .balign 4
    bl pqmcu_bench_mark
    bl framed
    adds r2, #1
    bl pqmcu_bench_mark

@ movs 1, cbz taken 3, cmp 1, it 1, addeq 1, ite 1, movne (skipped) 1,
@ moveq 1, cbnz taken 1+3 (its target, the closing 32-bit BL, sits at 2 mod 4)
@ expect cbz-it: insns=9 cycles=14
    .balign 4
    bl pqmcu_bench_mark
    movs r2, #0
    cbz r2, 1f
    nop
1:  cmp r2, #0
    it eq
    addeq r2, #1
    ite ne
    movne r3, #1
    moveq r3, #2
    cbnz r2, 2f
    nop
2:  bl pqmcu_bench_mark

@ cmp 1, it 1, bxne (condition false: falls through) 1
@ expect it-branch-not-taken: insns=3 cycles=3
    .balign 4
    bl pqmcu_bench_mark
    cmp r2, r2
    it ne
    bxne lr
    bl pqmcu_bench_mark

@ movs 1, tbb 2+2, adds 1
@ expect tbb: insns=3 cycles=6
    .balign 4
    bl pqmcu_bench_mark
    movs r2, #1
    tbb [pc, r2]
tbb_table:
    .byte (tbb_case0 - tbb_table) / 2
    .byte (tbb_case1 - tbb_table) / 2
tbb_case0:
    nop
tbb_case1:
    adds r3, #1
    bl pqmcu_bench_mark

@ ldr pc 2+2, adds 1
@ expect ldr-pc: insns=2 cycles=5
    .balign 4
    bl pqmcu_bench_mark
    ldr pc, [r4]
    nop
pc_target:
    adds r2, #1
    bl pqmcu_bench_mark

    b after_helpers

    .thumb_func
leaf:
    adds r3, #1
    bx lr

    .thumb_func
framed:
    push {r4, lr}
    adds r3, #1
    pop {r4, pc}

    .balign 4
jump_slot:
    .word pc_target + 1

after_helpers:
    movs r2, #0
#include "kernel_exit.inc"
