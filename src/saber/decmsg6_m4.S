@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ FireSaber's message decoding on the Cortex-M4 (et = 6): m bit j = bit 9
@ of v_j + h2 - 16 c_j (mod 2^16), c_j the 6-bit field j of c_m; two
@ coefficients a word. The sum is taken shifted down by 4 (bit 5 of
@ ((v + h2) >> 4) - c): the bits a word shift moves into the low half's top
@ bits, and whatever lies above a field in the subtrahend, only reach bits
@ 6 and up, so each pair's subtrahend is the field bits as they lie (one
@ LSR to bring the pair's first field down, one PKHBT for the second at
@ bit 16) and USUB16 gives both bits. Eight coefficients and 6 bytes of
@ c_m a message byte (two word loads, bytes 0-3 and 2-5: nothing past c_m).
@ m and v are secret: no secret-dependent address or branch.
@ void pqmcu_saber_decode_msg6_m4(uint8_t m[32], const uint16_t* v,
@                                 const uint8_t* cm, uint32_t h2)
    .syntax unified
    .thumb

    .section .text.pqmcu_saber_decode_msg6_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_decode_msg6_m4
    .type pqmcu_saber_decode_msg6_m4, %function
    .thumb_func
pqmcu_saber_decode_msg6_m4:
    push {r4-r11, lr}
    add r12, r3, r3, lsl #16        @ h2 in both halves
    add r3, r0, #32                 @ end of m
1:
    ldr r5, [r1, #4]
    ldr r6, [r1, #8]
    ldr r7, [r1, #12]
    ldr r4, [r1], #16
    ldr r9, [r2, #2]                @ fields 4-7 at 8, 14, 20, 26
    ldr r8, [r2], #6                @ fields 0-4 at 0, 6, .., 24 (f5's low 2 bits)
    @ pair 0 (f0, f1): message bits 0 and 1
    uadd16 r4, r4, r12
    lsr r4, r4, #4
    pkhbt lr, r8, r8, lsl #10
    usub16 r4, r4, lr
    and r4, r4, #0x00200020
    lsr r10, r4, #5
    @ pair 1 (f2, f3): bits 2, 3
    uadd16 r5, r5, r12
    lsr r5, r5, #4
    lsr r11, r8, #12
    pkhbt lr, r11, r11, lsl #10
    usub16 r5, r5, lr
    and r5, r5, #0x00200020
    orr r10, r10, r5, lsr #3
    @ pair 2 (f4, f5): bits 4, 5
    uadd16 r6, r6, r12
    lsr r6, r6, #4
    lsr r11, r9, #8
    pkhbt lr, r11, r11, lsl #10
    usub16 r6, r6, lr
    and r6, r6, #0x00200020
    orr r10, r10, r6, lsr #1
    @ pair 3 (f6, f7): bits 6, 7
    uadd16 r7, r7, r12
    lsr r7, r7, #4
    lsr r11, r9, #20
    pkhbt lr, r11, r11, lsl #10
    usub16 r7, r7, lr
    and r7, r7, #0x00200020
    orr r10, r10, r7, lsl #1
    orr r10, r10, r10, lsr #15      @ the odd bits (16 + k) down to k + 1
    strb r10, [r0], #1
    cmp r0, r3
    bne 1b
    pop {r4-r11, pc}
    .size pqmcu_saber_decode_msg6_m4, .-pqmcu_saber_decode_msg6_m4
