@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Classic McEliece Encode on the Cortex-M4: C0 ^= T e_tail, four public-key
@ rows per pass over e's tail, read in place (from flash).
@
@ void pqmcu_mce_syndrome_<rb>(uint8_t* ct, const uint8_t* pk, const uint8_t* et, uint32_t groups)
@   For g < groups (> 0): rows 4g .. 4g+3 of pk (rb bytes each, the row
@   stride is an immediate, one function per row length), the parities of
@   the rows ANDed with et (rb bytes), XORed into bits 4g .. 4g+3 of ct.
@   When rb % 4 != 0 a row's last bytes are read as the word ending there.
@
@ Why one function per rb: with the four row offsets as immediates only the
@ row pointer, e's pointer and its end are live besides the four
@ accumulators, which leaves seven registers for loads; the loads are
@ issued in bursts (a burst of N costs N + 1 cycles on the
@ M4, a lone load 2) and every e word is loaded once per four rows: per e
@ word a burst of five loads (6 cycles) and 8 AND/EOR, sixteen words per
@ loop test: ~3.56 cycles per pk word (the C loop: ~4.7).
    .syntax unified
    .thumb

@ One e word (at r1 + off) against the four rows' words (at r0 + off + i rb).
.macro PQMCU_MCE_SYN_WORD rb, off
    ldr r7, [r1, #(\off)]
    ldr r8, [r0, #(\off)]
    ldr r9, [r0, #(\rb + \off)]
    ldr r10, [r0, #(2 * \rb + \off)]
    ldr r11, [r0, #(3 * \rb + \off)]
    and r8, r8, r7
    eor r3, r3, r8
    and r9, r9, r7
    eor r4, r4, r9
    and r10, r10, r7
    eor r5, r5, r10
    and r11, r11, r7
    eor r6, r6, r11
.endm
@ The word at offset 0, then both pointers advance by inc.
.macro PQMCU_MCE_SYN_WORD_INC rb, inc
    ldr r7, [r1], #(\inc)
    ldr r9, [r0, #\rb]
    ldr r10, [r0, #(2 * \rb)]
    ldr r11, [r0, #(3 * \rb)]
    ldr r8, [r0], #(\inc)
    and r8, r8, r7
    eor r3, r3, r8
    and r9, r9, r7
    eor r4, r4, r9
    and r10, r10, r7
    eor r5, r5, r10
    and r11, r11, r7
    eor r6, r6, r11
.endm

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
    sub sp, sp, #24
    str r0, [sp, #0]
    str r2, [sp, #4]
    str r3, [sp, #8]
    movs r3, #0
    str r3, [sp, #12]
.if (\rb % 4)
    @ the last rb % 4 bytes: e's last word with only those bytes kept
    ldr r3, [r2, #(\rb - 4)]
    and r3, r3, #(0xFFFFFFFF << (8 * (4 - (\rb % 4))))
    str r3, [sp, #16]
.endif
    mov r0, r1
2:
    ldr r1, [sp, #4]
    movs r3, #0
    movs r4, #0
    movs r5, #0
    movs r6, #0
.if (\rb / 64) > 0
    add r2, r1, #((\rb / 64) * 64)
1:
    @ words 1 .. 15 of this pass, then word 0 with the pointers' post-increment
.irp k, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
    PQMCU_MCE_SYN_WORD \rb, (4 * \k)
.endr
    PQMCU_MCE_SYN_WORD_INC \rb, 64
    cmp r1, r2
    bne 1b
.endif
.if ((\rb / 4) - 16 * (\rb / 64)) >= 8
.irp k, 1, 2, 3, 4, 5, 6, 7
    PQMCU_MCE_SYN_WORD \rb, (4 * \k)
.endr
    PQMCU_MCE_SYN_WORD_INC \rb, 32
.endif
.rept (((\rb / 4) - 16 * (\rb / 64)) % 8)
    PQMCU_MCE_SYN_WORD_INC \rb, 4
.endr
.if (\rb % 4)
    ldr r7, [sp, #16]
    ldr r8, [r0, #((\rb % 4) - 4)]
    ldr r9, [r0, #(\rb + (\rb % 4) - 4)]
    ldr r10, [r0, #(2 * \rb + (\rb % 4) - 4)]
    ldr r11, [r0, #(3 * \rb + (\rb % 4) - 4)]
    and r8, r8, r7
    eor r3, r3, r8
    and r9, r9, r7
    eor r4, r4, r9
    and r10, r10, r7
    eor r5, r5, r10
    and r11, r11, r7
    eor r6, r6, r11
.endif
    @ next group: row 4 of this one
    add r0, r0, #(4 * \rb - 4 * (\rb / 4))
    @ parities: fold a0 / a1 into the halves of r3, a2 / a3 into r5's, both
    @ to bytes (byte 0 a0, 1 a2, 2 a1, 3 a3), each byte to its bit 0, then a
    @ multiply gathers bits 0, 16, 8, 24 at 28 .. 31 (no carries: the ten
    @ partial products land on distinct bits)
    eor r3, r3, r3, lsr #16
    eor r4, r4, r4, lsl #16
    pkhbt r3, r3, r4
    eor r5, r5, r5, lsr #16
    eor r6, r6, r6, lsl #16
    pkhbt r5, r5, r6
    eor r3, r3, r3, lsr #8
    eor r5, r5, r5, lsr #8
    and r3, r3, #0x00FF00FF
    and r5, r5, #0x00FF00FF
    orr r3, r3, r5, lsl #8
    eor r3, r3, r3, lsr #4
    eor r3, r3, r3, lsr #2
    eor r3, r3, r3, lsr #1
    and r3, r3, #0x01010101
    movw r4, #0x2080
    movt r4, #0x1040
    mul r3, r3, r4
    lsr r3, r3, #28
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
    add sp, sp, #24
    pop {r4-r11, pc}
    .size pqmcu_mce_syndrome_\rb, . - pqmcu_mce_syndrome_\rb
.endm

@ The row lengths of the five parameter families (pk_row_bytes = k / 8).
PQMCU_MCE_SYNDROME 340
PQMCU_MCE_SYNDROME 420
PQMCU_MCE_SYNDROME 628
PQMCU_MCE_SYNDROME 677
PQMCU_MCE_SYNDROME 816
