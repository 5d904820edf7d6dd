@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Cycle-model kernels: loads and stores (pipelining, dependencies, multiples,
@ doubles, exclusives, literal loads, pipelining across a block boundary).
@ Expectation lines give the kernel body alone; see k_alu.S for the format.
@ Rule (TRM 3.3.2): a single LDR/STR costs 2, or 1 right after a single load
@ (or STREX) whose destination is not its base/offset register; nothing
@ pipelines after a store; LDM/STM 1+N, LDRD/STRD 3, never pipelined.
#include "kernel_start.inc"
    movs r0, #3
    movs r1, #5

    ldr r4, =buf
    str r4, [r4, #16]          @ self pointer for the dependent-load kernel
    movs r6, #8
    add r7, r4, #64
    ldr r5, =0x40004004        @ CMSDK UART0 STATE: a device (MMIO) register

@ expect isolated-loads: insns=4 cycles=6
    .balign 4
    bl pqmcu_bench_mark
    ldr r0, [r4]
    adds r1, #1
    ldr r2, [r4, #4]
    adds r1, #1
    bl pqmcu_bench_mark

@ 2 + 1 + 1 + 1 + 1
@ expect pipelined-loads: insns=5 cycles=6
    .balign 4
    bl pqmcu_bench_mark
    ldr r0, [r4]
    ldrb r1, [r4, #1]
    ldrh r2, [r4, #2]
    ldrsh r3, [r4, r6]
    ldr.w r5, [r4, #12]
    bl pqmcu_bench_mark

@ ldr 2; ldr through the loaded base 2; independent ldr 1; ldr through the
@ loaded offset register 2
@ expect dependent-loads: insns=4 cycles=7
    .balign 4
    bl pqmcu_bench_mark
    ldr r5, [r4, #16]
    ldr r0, [r5]
    ldr r1, [r4, #24]
    ldr r2, [r4, r1]
    bl pqmcu_bench_mark

@ ldr 2, str 1, ldr 2 (after a store), strb (register offset) 1
@ expect load-store: insns=4 cycles=6
    .balign 4
    bl pqmcu_bench_mark
    ldr r0, [r4]
    str r0, [r4, #32]
    ldr r1, [r4, #4]
    strb r1, [r4, r6]
    bl pqmcu_bench_mark

@ expect stores: insns=3 cycles=6
    .balign 4
    bl pqmcu_bench_mark
    str r0, [r4, #32]
    str r1, [r4, #36]
    strh r2, [r4, #40]
    bl pqmcu_bench_mark

@ ldr 2, str (register offset) 1, ldr 2
@ expect regoff-store: insns=3 cycles=5
    .balign 4
    bl pqmcu_bench_mark
    ldr r0, [r4]
    str r0, [r4, r6]
    ldr r1, [r4]
    bl pqmcu_bench_mark

@ ldm 4 regs 5, stm 3 regs 4, ldr 2, ldm 2 regs 3
@ expect multiple: insns=4 cycles=14
    .balign 4
    bl pqmcu_bench_mark
    ldmia r4, {r0-r3}
    stmia r7!, {r0-r2}
    ldr r5, [r4]
    ldm r4, {r0, r1}
    bl pqmcu_bench_mark

@ push 4 regs 5, pop 4 regs 5, push.w 8 regs 9, pop.w 8 regs 9
@ expect push-pop: insns=4 cycles=28
    .balign 4
    bl pqmcu_bench_mark
    push {r0-r3}
    pop {r0-r3}
    push {r4-r11}
    pop {r4-r11}
    bl pqmcu_bench_mark

@ ldrd 3, strd 3, ldr 2
@ expect dual: insns=3 cycles=8
    .balign 4
    bl pqmcu_bench_mark
    ldrd r0, r1, [r4]
    strd r0, r1, [r4, #48]
    ldr r2, [r4]
    bl pqmcu_bench_mark

@ ldrex 2, strex 1 (pipelines like a load), ldr 1 (behind strex)
@ expect exclusive: insns=3 cycles=4
    .balign 4
    bl pqmcu_bench_mark
    ldrex r0, [r4]
    strex r1, r0, [r4]
    ldr r2, [r4, #4]
    bl pqmcu_bench_mark

@ two literal-pool loads: 2 + 1
@ expect literal: insns=2 cycles=3
    .balign 4
    bl pqmcu_bench_mark
    ldr r0, =0x12345678
    ldr r1, =0x9abcdef0
    bl pqmcu_bench_mark

@ An MMIO load in the middle of a block makes QEMU (icount) abandon the block
@ and re-run the load alone: the counts must not see anything twice.
@ adds 1, ldr 2, adds 1, adds 1
@ expect mmio-load: insns=4 cycles=5
    .balign 4
    bl pqmcu_bench_mark
    adds r1, #1
    ldr r0, [r5]
    adds r1, #1
    adds r1, #1
    bl pqmcu_bench_mark

@ QEMU ends a block at each 1 KiB page of Thumb code: the four loads span a
@ page boundary, the third starts a new block and still pipelines.
@ b 1+2, ldr 2 + 1 + 1 + 1
@ expect page-split-loads: insns=5 cycles=8
    .balign 4
    bl pqmcu_bench_mark
    b 1f
    .ltorg
    .balign 1024
    .space 1020
1:  ldr r0, [r4]
    ldr r1, [r4, #4]
    ldr r2, [r4, #8]
    ldr r3, [r4, #12]
    bl pqmcu_bench_mark

    movs r2, #0
#include "kernel_exit.inc"
    .balign 8
buf:
    .space 128
