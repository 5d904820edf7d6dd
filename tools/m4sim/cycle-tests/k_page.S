@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Cycle-model kernels: code at the end of a 1 KiB page.
@ QEMU's ARMv7-M target page is 1 KiB. Around page offset 0x3FE, QEMU 7.2's
@ plugin API misreports instructions: the Thumb translator reads the halfword
@ at 0x3FE to decide whether the instruction there crosses the page, and that
@ read is appended to the plugin data of the instruction *ending* at 0x3FE,
@ which then looks 2 bytes longer (a 16-bit instruction at 0x3FC as 32-bit,
@ e.g. classified as a VSTM of ~135 cycles, or a 32-bit one as 6 bytes). The
@ plugin now takes an instruction's size from its first halfword and, given
@ elf=, its bytes from the firmware image (check_kernels.py passes elf=;
@ ctest m4cycles.k_page.no_elf runs without it and checks the warning about
@ straddling instructions decoded from QEMU's bytes). Each kernel below
@ puts a 32-bit instruction at page offset 0x3FE (straddling the page).
@ Expectation lines give the kernel body alone; see k_alu.S for the format.
@ Placement: `.org` puts each straddling instruction at page offset 0x3FE;
@ the code before it fills the gap exactly (were it longer, the assembler
@ would stop; shorter, the zero padding would run as extra instructions and
@ the counts would not match).
    .syntax unified
    .cpu cortex-m4
    .fpu fpv4-sp-d16
    .thumb

    .section .vectors, "a"
    .word __stack_top
    .word reset_handler
    .rept 14
    .word fault_handler
    .endr

    .text
    .balign 1024               @ the section starts on a page (0x400, after the vectors)
page0:
    .thumb_func
    .global pqmcu_bench_mark
pqmcu_bench_mark:
    bx lr

    .thumb_func
fault_handler:
    movs r2, #3
    b.w exit

    .thumb_func
    .global reset_handler
reset_handler:
    movs r0, #3
    movs r1, #5
    ldr r4, =buf
    b.w k_eor
    .ltorg

@ An ALU eor.w across the boundary at 0x800, in a loop of 10 iterations.
@ Iteration: adds, adds, movs, add.w, movs, adds, movs, eor.w, subs (1 each),
@ bne (1, +2 refill when taken: the target is a 16-bit instruction).
@ insns = 1 + 10*10 = 101; cycles = 1 + 9*(9 + 3) + (9 + 1) = 119
@ (QEMU 7.2 reports the movs at 0x7FC 4 bytes long; the old plugin decoded
@ it with the eor.w's first halfword as a VMLA, 3 cycles: 139 in all.)
@ expect straddle-eor: insns=101 cycles=119
    .org 0x3E8                @ .org counts from the section start: 0x3E8 is 0x7E8
k_eor:
    bl pqmcu_bench_mark        @ 0x7E8 (word aligned)
    movs r2, #10
1:  adds r3, r0, r1
    adds r3, #1
    movs r5, #1
    add.w r6, r0, r1
    movs r7, #2
    adds r7, r5
    movs r6, #0
    .org 0x3FE                @ no-op when the code above has the planned size
    eor.w r3, r3, r1, ror #3   @ 0x7FE..0x801
    subs r2, #1
    bne 1b
    bl pqmcu_bench_mark
    b.w k_ldr

@ A ldr.w across the boundary at 0xC00. QEMU ends its block before the
@ straddling instruction, so the ldr.w pipelines behind the 16-bit ldr across
@ a block boundary; the next ldr and the str pipeline behind it.
@ movs, adds, nop, movs 1 each; ldr 2; ldr.w 1; ldr 1; str 1
@ expect straddle-ldr: insns=8 cycles=9
    .org 0x7F0
k_ldr:
    bl pqmcu_bench_mark        @ 0xBF0 (word aligned)
    movs r5, #0
    adds r5, #1
    nop
    movs r6, #0
    ldr r5, [r4]
    .org 0x7FE                @ no-op when the code above has the planned size
    ldr.w r6, [r4, #4]         @ 0xBFE..0xC01
    ldr r7, [r4, #8]
    str r7, [r4, #12]
    bl pqmcu_bench_mark
    b.w k_ldrd

@ A 32-bit instruction that ends at page offset 0x3FE (0xFFE): QEMU 7.2
@ reports it 6 bytes long (the Thumb translator's look-ahead at the next
@ halfword is appended to it); the old plugin decoded it as "unknown" (1)
@ instead of LDRD (3).
@ movs, nop, nop 1 each; ldrd 3; ldr.w 2 (nothing pipelines behind LDRD);
@ ldr 1, str 1 (pipelined)
@ expect page-end-ldrd: insns=7 cycles=10
    .org 0xBF0
k_ldrd:
    bl pqmcu_bench_mark        @ 0xFF0 (word aligned)
    movs r5, #0
    nop
    nop
    ldrd r6, r7, [r4]          @ 0xFFA..0xFFD
    .org 0xBFE                @ no-op when the code above has the planned size
    ldr.w r5, [r4, #4]         @ 0xFFE..0x1001
    ldr r6, [r4, #8]
    str r6, [r4, #12]
    bl pqmcu_bench_mark
    b.w k_bne

@ A bne.w across the boundary at 0x1400 closes a 3-iteration loop (taken
@ twice, +2 refill each: the target is 16-bit); its fall-through, 0x1402, must
@ come from its real size. The cbz before it (0x13FC, never taken) ends a
@ QEMU block, so QEMU does not look ahead there.
@ Iteration: adds, adds, subs, cbz 1 each; bne.w 1 (+2 when taken).
@ insns = 1 + 3*5 = 16; cycles = 1 + 2*(4 + 1 + 2) + (4 + 1) = 20
@ expect straddle-bne: insns=16 cycles=20
    .org 0xFF0
k_bne:
    bl pqmcu_bench_mark        @ 0x13F0 (word aligned)
    movs r2, #3
1:  adds r3, r0, r1
    adds r3, #1
    subs r2, #1
    cbz r0, 2f                 @ 0x13FC, r0 = 3: never taken
    .org 0xFFE                @ no-op when the code above has the planned size
    bne.w 1b                   @ 0x13FE..0x1401
2:  bl pqmcu_bench_mark

    movs r2, #0
exit:
    ldr r1, =exit_block
    ldr r3, =0x20026
    str r3, [r1]
    str r2, [r1, #4]
    movs r0, #0x20
    bkpt 0xab
    b .

    .bss
    .balign 4
exit_block:
    .space 8
    .balign 8
buf:
    .space 16
