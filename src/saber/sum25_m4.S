@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Saber's packed transform-domain row sums on the Cortex-M4 (ntt.hpp,
@ sum25_*; the same layout and values as ntt.cpp's C code): 256 values
@ mod kQ, each centred to |v| < 2^24, in 800 bytes: eight blocks of 32
@ values, 100 bytes each: 24 words with the values' low 24 bits (four
@ values in three words: v0 | v1 << 24, v1 >> 8 | v2 << 16, v2 >> 16 |
@ v3 << 8), then one word with bit 24 (= the sign) of value k in bit k.
@ Centring: v - round(v 170 / 2^32) kQ (SMMULR, MLS), as the inverse's.
@ void pqmcu_saber_sum25_put_m4(uint8_t s[800], const int32_t x[256], const int32_t tail[5])
@ void pqmcu_saber_sum25_add_m4(uint8_t s[800], const int32_t x[256], const int32_t tail[5])
@ void pqmcu_saber_sum25_get_m4(int32_t x[256], const uint8_t s[800])
@ (s 4-aligned; tail = {kQ, -kQ^-1, scale, last zeta, 170} as ntt.cpp's kAsmTail)
    .syntax unified
    .thumb

@ unpack4 k: the block's words r4-r6 -> values r4, r8, r9, r10 (their
@ signs bits k .. k + 3 of r2), sign-extended from bit 24. lr scratch.
.macro unpack4 k
    lsr r8, r4, #24
    bfi r8, r5, #8, #16
    lsr r9, r5, #16
    bfi r9, r6, #16, #8
    lsr r10, r6, #8
    sbfx lr, r2, #(\k), #1
    bfi r4, lr, #24, #8
    sbfx lr, r2, #(\k + 1), #1
    bfi r8, lr, #24, #8
    sbfx lr, r2, #(\k + 2), #1
    bfi r9, lr, #24, #8
    sbfx lr, r2, #(\k + 3), #1
    bfi r10, lr, #24, #8
.endm
@ centre v (r11 = 170, r12 = kQ; lr scratch)
.macro centre v
    smmulr lr, \v, r11
    mls \v, lr, r12, \v
.endm
.macro centre4
    centre r4
    centre r8
    centre r9
    centre r10
.endm
@ pack4 k: values r4, r8, r9, r10 (|v| < 2^24) -> three words stored at
@ r0 (advanced), their signs OR-ed into bits k .. k + 3 of r3.
.macro pack4 k
    lsr lr, r4, #31
    orr r3, r3, lr, lsl #(\k)
    lsr lr, r8, #31
    orr r3, r3, lr, lsl #(\k + 1)
    lsr lr, r9, #31
    orr r3, r3, lr, lsl #(\k + 2)
    lsr lr, r10, #31
    orr r3, r3, lr, lsl #(\k + 3)
    bfi r4, r8, #24, #8
    lsr r8, r8, #8
    bfi r8, r9, #16, #16
    lsr r9, r9, #16
    bfi r9, r10, #8, #24
    stm r0!, {r4, r8, r9}
.endm

@ s = x centred (|x| < kQ: the output of a block product).
    .section .text.pqmcu_saber_sum25_put_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_sum25_put_m4
    .type pqmcu_saber_sum25_put_m4, %function
    .thumb_func
pqmcu_saber_sum25_put_m4:
    push {r4-r11, lr}
    ldr r12, [r2, #0]
    ldr r11, [r2, #16]
    add r2, r1, #1024
1:
    movs r3, #0
    .irp k, 0, 4, 8, 12, 16, 20, 24, 28
    ldm r1!, {r4, r8, r9, r10}
    centre4
    pack4 \k
    .endr
    str r3, [r0], #4
    cmp r1, r2
    bne 1b
    pop {r4-r11, pc}
    .size pqmcu_saber_sum25_put_m4, .-pqmcu_saber_sum25_put_m4

@ s = centred(s + x) (|x| < kQ, so |s + x| < 1.51 kQ before centring).
    .section .text.pqmcu_saber_sum25_add_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_sum25_add_m4
    .type pqmcu_saber_sum25_add_m4, %function
    .thumb_func
pqmcu_saber_sum25_add_m4:
    push {r4-r11, lr}
    ldr r12, [r2, #0]
    ldr r11, [r2, #16]
    add r3, r1, #1024
    vmov s0, r3
1:
    ldr r2, [r0, #96]
    movs r3, #0
    .irp k, 0, 4, 8, 12, 16, 20, 24, 28
    ldm r0, {r4, r5, r6}
    unpack4 \k
    ldm r1!, {r5, r6, r7, lr}
    add r4, r4, r5
    add r8, r8, r6
    add r9, r9, r7
    add r10, r10, lr
    centre4
    pack4 \k
    .endr
    str r3, [r0], #4
    vmov lr, s0
    cmp r1, lr
    bne 1b
    pop {r4-r11, pc}
    .size pqmcu_saber_sum25_add_m4, .-pqmcu_saber_sum25_add_m4

@ x += s (|x| < kQ: |x + s| < 1.51 kQ, which inverse_store takes).
    .section .text.pqmcu_saber_sum25_get_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_sum25_get_m4
    .type pqmcu_saber_sum25_get_m4, %function
    .thumb_func
pqmcu_saber_sum25_get_m4:
    push {r4-r10, lr}
    add r3, r0, #1024
1:
    ldr r2, [r1, #96]
    .irp k, 0, 4, 8, 12, 16, 20, 24, 28
    ldm r1!, {r4, r5, r6}
    unpack4 \k
    ldm r0, {r5, r6, r7, lr}
    add r4, r4, r5
    add r8, r8, r6
    add r9, r9, r7
    add r10, r10, lr
    stm r0!, {r4, r8, r9, r10}
    .endr
    add r1, r1, #4
    cmp r0, r3
    bne 1b
    pop {r4-r10, pc}
    .size pqmcu_saber_sum25_get_m4, .-pqmcu_saber_sum25_get_m4
