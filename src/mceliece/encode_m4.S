@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Classic McEliece Encode on the Cortex-M4: C0 ^= T e_tail, four public-key
@ rows per pass over e's tail, read in place (from flash).
@
@ void pqmcu_mce_syndrome_<rb>(uint8_t* ct, const uint8_t* pk, const uint8_t* et, uint32_t groups)
@   For g < groups (> 0): rows 4g .. 4g+3 of pk (rb bytes each, the row
@   stride is an immediate, one function per row length), the parities of
@   their first 4 floor(rb/4) bytes ANDed with et's, XORed into bits 4g ..
@   4g+3 of ct. Leftover bytes of a row (rb % 4) are the caller's.
@
@ Why one function per rb: with the four row offsets as immediates only the
@ row pointer, e's pointer and its end are live besides the four
@ accumulators, which leaves seven registers for loads; the loads are
@ issued in bursts of six or seven (a burst of N costs N + 1 cycles on the
@ M4, a lone load 2) and every e word is loaded once per four rows. 16 pk
@ words cost 20 loads in 4 bursts, 32 AND/EOR and the loop test: ~3.75
@ cycles per word (the C loop: ~4.7).
    .syntax unified
    .thumb

@ Registers: r0 row 0 of the group, r1 e pointer, r2 its end, r3-r6 the
@ accumulators, r7-r12 and lr loaded words. Stack: [sp] ct byte pointer,
@ [sp, #4] et, [sp, #8] groups left, [sp, #12] nibble shift (0 / 4).
.macro PQMCU_MCE_SYNDROME rb
    .section .text.pqmcu_mce_syndrome_\rb, "ax", %progbits
    .p2align 2
    .global pqmcu_mce_syndrome_\rb
    .type pqmcu_mce_syndrome_\rb, %function
    .thumb_func
pqmcu_mce_syndrome_\rb:
    push {r4-r11, lr}
    sub sp, sp, #16
    str r0, [sp, #0]
    str r2, [sp, #4]
    str r3, [sp, #8]
    movs r3, #0
    str r3, [sp, #12]
    mov r0, r1
2:
    ldr r1, [sp, #4]
    movs r3, #0
    movs r4, #0
    movs r5, #0
    movs r6, #0
.if (\rb / 16) > 0
    add r2, r1, #((\rb / 16) * 16)
1:
    ldr r7, [r1], #16
    ldr r8, [r0], #16
    ldr r9, [r0, #(\rb - 16)]
    ldr r10, [r0, #(2 * \rb - 16)]
    ldr r11, [r0, #(3 * \rb - 16)]
    ldr r12, [r1, #-12]
    ldr lr, [r0, #-12]
    and r8, r8, r7
    eor r3, r3, r8
    and r9, r9, r7
    eor r4, r4, r9
    and r10, r10, r7
    eor r5, r5, r10
    and r11, r11, r7
    eor r6, r6, r11
    and lr, lr, r12
    eor r3, r3, lr
    ldr r7, [r0, #(\rb - 12)]
    ldr r8, [r0, #(2 * \rb - 12)]
    ldr r9, [r0, #(3 * \rb - 12)]
    ldr r10, [r1, #-8]
    ldr r11, [r0, #-8]
    ldr lr, [r0, #(\rb - 8)]
    and r7, r7, r12
    eor r4, r4, r7
    and r8, r8, r12
    eor r5, r5, r8
    and r9, r9, r12
    eor r6, r6, r9
    and r11, r11, r10
    eor r3, r3, r11
    and lr, lr, r10
    eor r4, r4, lr
    ldr r7, [r0, #(2 * \rb - 8)]
    ldr r8, [r0, #(3 * \rb - 8)]
    ldr r9, [r1, #-4]
    ldr r11, [r0, #-4]
    ldr r12, [r0, #(\rb - 4)]
    ldr lr, [r0, #(2 * \rb - 4)]
    and r7, r7, r10
    eor r5, r5, r7
    and r8, r8, r10
    eor r6, r6, r8
    and r11, r11, r9
    eor r3, r3, r11
    and r12, r12, r9
    eor r4, r4, r12
    and lr, lr, r9
    eor r5, r5, lr
    ldr r7, [r0, #(3 * \rb - 4)]
    and r7, r7, r9
    eor r6, r6, r7
    cmp r1, r2
    bne 1b
.endif
.rept ((\rb / 4) - 4 * (\rb / 16))
    ldr r7, [r1], #4
    ldr r8, [r0], #4
    ldr r9, [r0, #(\rb - 4)]
    ldr r10, [r0, #(2 * \rb - 4)]
    ldr r11, [r0, #(3 * \rb - 4)]
    and r8, r8, r7
    eor r3, r3, r8
    and r9, r9, r7
    eor r4, r4, r9
    and r10, r10, r7
    eor r5, r5, r10
    and r11, r11, r7
    eor r6, r6, r11
.endr
    @ next group: row 4 of this one
    add r0, r0, #(4 * \rb - 4 * (\rb / 4))
    @ parities: bit 0 of each accumulator after folding
    eor r3, r3, r3, lsr #16
    eor r4, r4, r4, lsr #16
    eor r5, r5, r5, lsr #16
    eor r6, r6, r6, lsr #16
    eor r3, r3, r3, lsr #8
    eor r4, r4, r4, lsr #8
    eor r5, r5, r5, lsr #8
    eor r6, r6, r6, lsr #8
    eor r3, r3, r3, lsr #4
    eor r4, r4, r4, lsr #4
    eor r5, r5, r5, lsr #4
    eor r6, r6, r6, lsr #4
    eor r3, r3, r3, lsr #2
    eor r4, r4, r4, lsr #2
    eor r5, r5, r5, lsr #2
    eor r6, r6, r6, lsr #2
    eor r3, r3, r3, lsr #1
    eor r4, r4, r4, lsr #1
    eor r5, r5, r5, lsr #1
    eor r6, r6, r6, lsr #1
    and r3, r3, #1
    bfi r3, r4, #1, #1
    bfi r3, r5, #2, #1
    bfi r3, r6, #3, #1
    ldr r7, [sp, #0]
    ldr r8, [sp, #12]
    ldrb r9, [r7]
    lsl r3, r3, r8
    eor r9, r9, r3
    strb r9, [r7]
    add r7, r7, r8, lsr #2
    eor r8, r8, #4
    str r7, [sp, #0]
    str r8, [sp, #12]
    ldr r9, [sp, #8]
    subs r9, r9, #1
    str r9, [sp, #8]
    bne 2b
    add sp, sp, #16
    pop {r4-r11, pc}
    .size pqmcu_mce_syndrome_\rb, . - pqmcu_mce_syndrome_\rb
.endm

@ The row lengths of the five parameter families (pk_row_bytes = k / 8).
PQMCU_MCE_SYNDROME 340
PQMCU_MCE_SYNDROME 420
PQMCU_MCE_SYNDROME 628
PQMCU_MCE_SYNDROME 677
PQMCU_MCE_SYNDROME 816
