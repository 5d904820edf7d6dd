@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ The streamed MAYO engine's table kernel (mvec_table.hpp,
@ table_accumulate_n) for ARMv7-M, one function per m-vector length L:
@
@ void pqmcu_mayo_table_acc_m4_L(uint32_t* acc, const uint32_t* words,
@                                const uint32_t* tabs, uint32_t count)
@   for wi < 2L, e < 8: acc[8 wi + e] ^= XOR over c < count of
@     tabs[16 c + nibble e of words[2L c + wi]]
@
@ The table index is a nibble of a PUBLIC m-vector (P1, P2, P3), as in the
@ C++ kernel; the tables may be secret. Eight accumulators live in r4-r11
@ over a whole column of words; the table loads go in pairs (the M4
@ pipelines back-to-back loads: 3 cycles for two instead of 4), which the
@ compiler's schedule of the C++ loop does not do, and the loop runs two
@ words per iteration (an odd count enters at the second). Every instruction is a
@ 32-bit encoding (see src/cipher/aes_table_m4.S on 1 KiB boundaries).
    .syntax unified
    .thumb

.macro PQM_TABLE_ACC L
    .section .text.pqmcu_mayo_table_acc_m4_\L, "ax", %progbits
    .align 2
    .global pqmcu_mayo_table_acc_m4_\L
    .type pqmcu_mayo_table_acc_m4_\L, %function
    .thumb_func
pqmcu_mayo_table_acc_m4_\L:
    push {r4-r11, lr}
    sub.w sp, sp, #20
    cmp.w r3, #0
    beq.w 3f
    add.w lr, r2, r3, lsl #6       @ end of the tables
    str.w r2, [sp, #0]             @ tables
    str.w r0, [sp, #4]             @ acc, advances by 8 words per column
    str.w r1, [sp, #8]             @ words + wi
    mov.w r12, #(2 * \L)
    str.w r12, [sp, #12]           @ columns left
    and.w r12, r3, #1
    str.w r12, [sp, #16]           @ count odd
1:
    ldr.w r0, [sp, #4]
    ldmia.w r0, {r4-r11}
    ldr.w r2, [sp, #0]
    ldr.w r3, [sp, #8]
    ldr.w r12, [sp, #16]           @ odd count: enter at the second word
    cmp.w r12, #0
    bne.w 4f
2:
    ldr.w r12, [r3], #(8 * \L)
    and.w r0, r12, #15
    ubfx r1, r12, #4, #4
    ldr.w r0, [r2, r0, lsl #2]
    ldr.w r1, [r2, r1, lsl #2]
    eor.w r4, r4, r0
    eor.w r5, r5, r1
    ubfx r0, r12, #8, #4
    ubfx r1, r12, #12, #4
    ldr.w r0, [r2, r0, lsl #2]
    ldr.w r1, [r2, r1, lsl #2]
    eor.w r6, r6, r0
    eor.w r7, r7, r1
    ubfx r0, r12, #16, #4
    ubfx r1, r12, #20, #4
    ldr.w r0, [r2, r0, lsl #2]
    ldr.w r1, [r2, r1, lsl #2]
    eor.w r8, r8, r0
    eor.w r9, r9, r1
    ubfx r0, r12, #24, #4
    lsr.w r12, r12, #28
    ldr.w r0, [r2, r0, lsl #2]
    ldr.w r12, [r2, r12, lsl #2]
    add.w r2, r2, #64
    eor.w r10, r10, r0
    eor.w r11, r11, r12
4:
    ldr.w r12, [r3], #(8 * \L)
    and.w r0, r12, #15
    ubfx r1, r12, #4, #4
    ldr.w r0, [r2, r0, lsl #2]
    ldr.w r1, [r2, r1, lsl #2]
    eor.w r4, r4, r0
    eor.w r5, r5, r1
    ubfx r0, r12, #8, #4
    ubfx r1, r12, #12, #4
    ldr.w r0, [r2, r0, lsl #2]
    ldr.w r1, [r2, r1, lsl #2]
    eor.w r6, r6, r0
    eor.w r7, r7, r1
    ubfx r0, r12, #16, #4
    ubfx r1, r12, #20, #4
    ldr.w r0, [r2, r0, lsl #2]
    ldr.w r1, [r2, r1, lsl #2]
    eor.w r8, r8, r0
    eor.w r9, r9, r1
    ubfx r0, r12, #24, #4
    lsr.w r12, r12, #28
    ldr.w r0, [r2, r0, lsl #2]
    ldr.w r12, [r2, r12, lsl #2]
    add.w r2, r2, #64
    eor.w r10, r10, r0
    eor.w r11, r11, r12
    cmp.w r2, lr
    bne.w 2b
    ldr.w r0, [sp, #4]
    stmia.w r0!, {r4-r11}
    str.w r0, [sp, #4]
    ldr.w r3, [sp, #8]
    add.w r3, r3, #4
    str.w r3, [sp, #8]
    ldr.w r12, [sp, #12]
    subs.w r12, r12, #1
    str.w r12, [sp, #12]
    bne.w 1b
3:
    add.w sp, sp, #20
    pop {r4-r11, pc}
    .size pqmcu_mayo_table_acc_m4_\L, .-pqmcu_mayo_table_acc_m4_\L
.endm

    PQM_TABLE_ACC 4
    PQM_TABLE_ACC 5
    PQM_TABLE_ACC 6
    PQM_TABLE_ACC 7
    PQM_TABLE_ACC 8
    PQM_TABLE_ACC 9
