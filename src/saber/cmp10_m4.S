@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ The re-encryption compare of one rounded 10-bit polynomial on the
@ Cortex-M4 (Saber's b' rows: shift 3, 10 bits): pack_rounded_cmp's
@ groups of 16 coefficients (5 words of expect) without building the
@ group in memory. Each word of the group is assembled from its fields (one
@ UBFX and one ORR a field; a field straddling two words starts the next
@ with an LSR), XOR-ed with expect's word (unaligned LDR) and OR-ed into
@ the difference. Coefficients two a word, + add in both halves (UADD16).
@ No early exit, no data-dependent address or branch.
@ uint32_t pqmcu_saber_cmp_rounded10_m4(const uint8_t* expect, const uint16_t* in,
@                                       size_t groups, uint32_t add)
@   groups = count / 16 (> 0); in and expect any alignment; returns 0 if equal.
    .syntax unified
    .thumb

    .section .text.pqmcu_saber_cmp_rounded10_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_cmp_rounded10_m4
    .type pqmcu_saber_cmp_rounded10_m4, %function
    .thumb_func
pqmcu_saber_cmp_rounded10_m4:
    push {r4-r11, lr}
    add r12, r3, r3, lsl #16        @ add in both halves
    movs r3, #0                     @ difference
    add r2, r2, r2, lsl #2
    add r2, r0, r2, lsl #2          @ end of expect (20 bytes a group)
1:
    ldr r5, [r1, #4]                @ pairs 0-3: fields 0-7
    ldr r6, [r1, #8]
    ldr r7, [r1, #12]
    ldr r4, [r1], #16
    ldr r9, [r0, #4]
    ldr r8, [r0], #20               @ (the pointers advance with the loads)
    uadd16 r4, r4, r12
    uadd16 r5, r5, r12
    uadd16 r6, r6, r12
    uadd16 r7, r7, r12
    @ word 0: f0 @0, f1 @10, f2 @20, f3 @30 (2 bits)
    ubfx r10, r4, #3, #10
    ubfx r11, r4, #19, #10
    orr r10, r10, r11, lsl #10
    ubfx r11, r5, #3, #10
    orr r10, r10, r11, lsl #20
    ubfx r11, r5, #19, #10
    orr r10, r10, r11, lsl #30
    eor r10, r10, r8
    orr r3, r3, r10
    @ word 1: f3 >> 2, f4 @8, f5 @18, f6 @28 (4 bits)
    lsr r10, r11, #2
    ubfx r11, r6, #3, #10
    orr r10, r10, r11, lsl #8
    ubfx r11, r6, #19, #10
    orr r10, r10, r11, lsl #18
    ubfx r11, r7, #3, #10
    orr r10, r10, r11, lsl #28
    eor r10, r10, r9
    orr r3, r3, r10
    @ word 2: f6 >> 4, f7 @6, then f8 @16, f9 @26 (6 bits)
    lsr r10, r11, #4
    ubfx r11, r7, #19, #10
    orr r10, r10, r11, lsl #6
    ldr r5, [r1, #4]                @ pairs 4-7: fields 8-15
    ldr r6, [r1, #8]
    ldr r7, [r1, #12]
    ldr r4, [r1], #16
    ldr r8, [r0, #-12]
    ldr r9, [r0, #-8]
    ldr lr, [r0, #-4]
    uadd16 r4, r4, r12
    uadd16 r5, r5, r12
    uadd16 r6, r6, r12
    uadd16 r7, r7, r12
    ubfx r11, r4, #3, #10
    orr r10, r10, r11, lsl #16
    ubfx r11, r4, #19, #10
    orr r10, r10, r11, lsl #26
    eor r10, r10, r8
    orr r3, r3, r10
    @ word 3: f9 >> 6, f10 @4, f11 @14, f12 @24 (8 bits)
    lsr r10, r11, #6
    ubfx r11, r5, #3, #10
    orr r10, r10, r11, lsl #4
    ubfx r11, r5, #19, #10
    orr r10, r10, r11, lsl #14
    ubfx r11, r6, #3, #10
    orr r10, r10, r11, lsl #24
    eor r10, r10, r9
    orr r3, r3, r10
    @ word 4: f12 >> 8, f13 @2, f14 @12, f15 @22
    lsr r10, r11, #8
    ubfx r11, r6, #19, #10
    orr r10, r10, r11, lsl #2
    ubfx r11, r7, #3, #10
    orr r10, r10, r11, lsl #12
    ubfx r11, r7, #19, #10
    orr r10, r10, r11, lsl #22
    eor r10, r10, lr
    orr r3, r3, r10
    cmp r0, r2
    bne 1b
    mov r0, r3
    pop {r4-r11, pc}
    .size pqmcu_saber_cmp_rounded10_m4, .-pqmcu_saber_cmp_rounded10_m4
