@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Saber's packed transform-domain row sums on the Cortex-M4 (ntt.hpp,
@ sum25_*; the same layout and values as ntt.cpp's C code): 256 values
@ mod kQ, each centred to |v| < 2^24 (25-bit two's complement), in 800
@ bytes: eight blocks of 32 values, 100 bytes each: eight groups of four
@ values in three words (v0 | v1 << 25, v1 >> 7 | v2 << 18, v2 >> 14 |
@ v3 << 11: 96 bits), then one word with bits 21-24 of group g's v3 in
@ nibble g (so v0's sign is one SBFX, the others a shift and an ORR).
@ Centring: v - round(v 170 / 2^32) kQ (SMMULR, then SMLAL by -kQ, low word).
@ void pqmcu_saber_sum25_put_m4(uint8_t s[], const int32_t x[], const int32_t tail[5], size_t xbytes)
@ void pqmcu_saber_sum25_add_m4(uint8_t s[], const int32_t x[], const int32_t tail[5], size_t xbytes)
@ void pqmcu_saber_sum25_get_m4(int32_t x[], const uint8_t s[], size_t xbytes)
@ (xbytes: a multiple of 128, 1024 for a whole sum: whole blocks, so a sum
@ can be kept in two pieces; the 800 bytes for the whole)
@ (s 4-aligned; tail = {kQ, -kQ^-1, scale, last zeta, 170} as ntt.cpp's kAsmTail)
    .syntax unified
    .thumb

@ unpack4 k: the group's words r4-r6 -> values r4, r8, r9, r10, sign-extended
@ (r2: the block's last word, nibble k / 4 the top 4 bits of v3). lr scratch.
.macro unpack4 k
    sbfx r8, r5, #0, #18
    lsr lr, r4, #25
    orr r8, lr, r8, lsl #7
    sbfx r9, r6, #0, #11
    lsr lr, r5, #18
    orr r9, lr, r9, lsl #14
    sbfx lr, r2, #(\k), #4
    lsr r10, r6, #11
    orr r10, r10, lr, lsl #21
    sbfx r4, r4, #0, #25
.endm
@ centre v (r11 = 170, r12 = -kQ; lr scratch): v + k (-kQ) by SMLAL's low
@ word (exact: |result| < 2^31; r7, the high word, is scratch), one cycle
@ where MLS takes two.
.macro centre v
    smmulr lr, \v, r11
    smlal \v, r7, lr, r12
.endm
.macro centre4
    centre r4
    centre r8
    centre r9
    centre r10
.endm
@ pack4 k: values r4, r8, r9, r10 (|v| < 2^24) -> three words stored at
@ r0 (advanced), v3's top 4 bits into nibble k / 4 of r3.
.macro pack4 k
    bfi r4, r8, #25, #7
    lsr r8, r8, #7
    bfi r8, r9, #18, #14
    lsr r9, r9, #14
    bfi r9, r10, #11, #21
    lsr lr, r10, #21
    bfi r3, lr, #(\k), #4
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
    rsb r12, r12, #0            @ -kQ (centre)
    ldr r11, [r2, #16]
    add r2, r1, r3
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
    rsb r12, r12, #0            @ -kQ (centre)
    ldr r11, [r2, #16]
    add r3, r1, r3
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
    add r3, r0, r2
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
