@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ FireSaber's c_m compare on the Cortex-M4 (et = 6: shift 4, 6 bits):
@ pack_rounded_msg_cmp's groups of 8 coefficients (6 bytes of expect) and
@ one message byte a group without building the group in memory. The
@ message byte mb is spread once a group (U = mb << 9 | mb << 24), each
@ pair's two flips (bits 9 and 25: the fields' top bits) are
@ (U >> 2 p) & 0x02000200, one AND with a shifted operand and one EOR;
@ then one UBFX and one ORR a field, the word and the last halfword XOR-ed
@ with expect (unaligned LDR / LDRH) and OR-ed into the difference.
@ Coefficients two a word, + add in both halves (UADD16). The message is
@ secret: no data-dependent address or branch, no early exit.
@ uint32_t pqmcu_saber_cmp_rounded6_msg_m4(const uint8_t* expect, const uint16_t* in,
@                                          const uint8_t* m, uint32_t add)
@   256 coefficients (32 groups, 32 message bytes); returns 0 if equal.
    .syntax unified
    .thumb

    .section .text.pqmcu_saber_cmp_rounded6_msg_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_cmp_rounded6_msg_m4
    .type pqmcu_saber_cmp_rounded6_msg_m4, %function
    .thumb_func
pqmcu_saber_cmp_rounded6_msg_m4:
    push {r4-r11, lr}
    add r12, r3, r3, lsl #16        @ add in both halves
    movs r3, #0                     @ difference
    add r10, r2, #32                @ end of m
    mov r11, #0x02000200            @ the two flip bits of a pair
1:
    ldr r5, [r1, #4]                @ pairs 0-3: fields 0-7
    ldr r6, [r1, #8]
    ldr r7, [r1, #12]
    ldr r4, [r1], #16
    ldrb r8, [r2], #1               @ message byte
    ldr r9, [r0], #6                @ expect bytes 0-3 (the pointer on to the next group)
    uadd16 r4, r4, r12
    uadd16 r5, r5, r12
    uadd16 r6, r6, r12
    uadd16 r7, r7, r12
    lsl lr, r8, #24
    orr lr, lr, r8, lsl #9          @ U
    and r8, r11, lr
    eor r4, r4, r8
    and r8, r11, lr, lsr #2
    eor r5, r5, r8
    and r8, r11, lr, lsr #4
    eor r6, r6, r8
    and r8, r11, lr, lsr #6
    eor r7, r7, r8
    @ word: f0 @0, f1 @6, f2 @12, f3 @18, f4 @24, f5 @30 (2 bits)
    ubfx r8, r4, #4, #6
    ubfx lr, r4, #20, #6
    orr r8, r8, lr, lsl #6
    ubfx lr, r5, #4, #6
    orr r8, r8, lr, lsl #12
    ubfx lr, r5, #20, #6
    orr r8, r8, lr, lsl #18
    ubfx lr, r6, #4, #6
    orr r8, r8, lr, lsl #24
    ubfx lr, r6, #20, #6
    orr r8, r8, lr, lsl #30
    eor r8, r8, r9
    orr r3, r3, r8
    @ halfword: f5 >> 2, f6 @4, f7 @10
    lsr r8, lr, #2
    ubfx lr, r7, #4, #6
    orr r8, r8, lr, lsl #4
    ubfx lr, r7, #20, #6
    orr r8, r8, lr, lsl #10
    ldrh r9, [r0, #-2]              @ expect bytes 4-5
    eor r8, r8, r9
    orr r3, r3, r8
    cmp r2, r10
    bne 1b
    mov r0, r3
    pop {r4-r11, pc}
    .size pqmcu_saber_cmp_rounded6_msg_m4, .-pqmcu_saber_cmp_rounded6_msg_m4
