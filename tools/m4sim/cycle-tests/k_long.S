@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Cycle-model kernel: a 100-million-instruction loop. Checks that counts stay
@ exact over a long run and that the plugin keeps QEMU fast (the checker is
@ given a time limit for this file).
@ Expectation lines give the kernel body alone; see k_alu.S for the format.
#include "kernel_start.inc"
    movs r0, #3
    movs r1, #5

    ldr r4, =buf

@ N = 16666667 iterations of 6 instructions, plus the literal load of N.
@ ldr =N 2; first iteration (its ldr pipelines behind ldr =N):
@ 1+1+1+2+1+(1+2) = 9; middle iterations 2+1+1+2+1+(1+2) = 10;
@ last iteration (bne not taken) 2+1+1+2+1+1 = 8.
@ insns = 1 + 6N = 100000003; cycles = 2 + 9 + 10(N-2) + 8 = 10N - 1
@ expect long-loop: insns=100000003 cycles=166666669
    .balign 4
    bl pqmcu_bench_mark
    ldr r2, =16666667
1:  ldr r0, [r4]
    ldr r1, [r4, #4]
    adds r0, r1
    str r0, [r4, #8]
    subs r2, #1
    bne 1b
    bl pqmcu_bench_mark

    movs r2, #0
#include "kernel_exit.inc"
    .balign 8
buf:
    .space 16
