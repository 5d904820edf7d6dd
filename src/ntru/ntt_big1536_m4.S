@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ ntt_big1536.cpp's passes on the Cortex-M4: the shape of ntt_big_m4.S over
@ kP = 1,419,780,097 (above 2^30: 2^31 is only 1.51 kP), every reduction
@ x - kP round(3 x / 2^32) (SMMULR by 3, kept in s11): the forward reduces the
@ added operand before every butterfly (except the first layer of its first
@ pass: the rows of Good's DFT are below 0.51 kP) and all outputs of its last pass,
@ the inverse every sum; values stay below 1.5 kP.
@
@ void pqmcu_ntru_nttbig2_fwd3_gG(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks)
@ void pqmcu_ntru_nttbig2_inv3_gG(int32_t* a, const int32_t* zetas_inv, uint32_t k0, uint32_t blocks)
@ void pqmcu_ntru_nttbig2_basemul(int32_t* x, const int32_t* y, const int32_t* c, uint32_t blocks, int32_t scale)
    .syntax unified
    .thumb

.equ KP, 1419780097
.equ KPINVNEG, 0x50A01FFF   @ -kP^-1 mod 2^32 (ntt_big1536.cpp checks it)

@ t = b z / 2^32 (Montgomery), (a, b) = (a + t, a - t)
.macro ct a, b, z
    smull r11, r12, \b, \z
    mul \b, r11, r10
    smlal r11, r12, \b, r9
    sub \b, \a, r12
    add \a, \a, r12
.endm

@ (a, b) = (a + b, (a - b) z / 2^32)
.macro gs a, b, z
    sub r12, \a, \b
    add \a, \a, \b
    smull r11, \b, r12, \z
    mul r12, r11, r10
    smlal r11, \b, r12, r9
.endm

@ x - kP round(3 x / 2^32) (s11 = 3 = round(2^32 / kP)): 3 x / 2^32 is
@ within 0.0126 of x / kP for any x, so the result is below 0.513 kP
.macro redm x
    vmov r12, s11
    smmulr r12, \x, r12
    mls \x, r12, r9, \x
.endm

@ s0 = z[k], s1, s2 = z[2k], z[2k+1], s3..s6 = z[4k..4k+3]; r1 = zetas, r2 = k (kept)
.macro load_zetas
    ldr r3, [r1, r2, lsl #2]
    vmov s0, r3
    add r4, r1, r2, lsl #3
    ldr r3, [r4, #0]
    vmov s1, r3
    ldr r3, [r4, #4]
    vmov s2, r3
    add r4, r1, r2, lsl #4
    ldr r3, [r4, #0]
    vmov s3, r3
    ldr r3, [r4, #4]
    vmov s4, r3
    ldr r3, [r4, #8]
    vmov s5, r3
    ldr r3, [r4, #12]
    vmov s6, r3
.endm

@ r0 = a, r1 = zetas, r2 = k0, r3 = blocks. s7 = zetas, s8 = k, s9 = end of
@ all blocks, s10 = end of this block's groups.
.macro pass name, g, inverse, last, reduce
    .section .text.\name, "ax", %progbits
    .align 2
    .global \name
    .type \name, %function
    .thumb_func
\name:
    push {r4-r11, lr}
    movw r9, #:lower16:KP
    movt r9, #:upper16:KP
    movw r10, #:lower16:KPINVNEG
    movt r10, #:upper16:KPINVNEG
    mov r11, #3
    vmov s11, r11
    vmov s7, r1
    vmov s8, r2
    add r3, r0, r3, lsl #(5 + \g)        @ blocks * 8 * 2^g * 4 bytes
    vmov s9, r3
1:
    vmov r1, s7
    vmov r2, s8
    load_zetas
    add r2, r2, #1
    vmov s8, r2
    add r3, r0, #(4 << \g)               @ this block's groups: 2^g of them
    vmov s10, r3
2:
    ldr r1, [r0, #(0 << (\g + 2))]
    ldr r2, [r0, #(1 << (\g + 2))]
    ldr r3, [r0, #(2 << (\g + 2))]
    ldr r4, [r0, #(3 << (\g + 2))]
    ldr r5, [r0, #(4 << (\g + 2))]
    ldr r6, [r0, #(5 << (\g + 2))]
    ldr r7, [r0, #(6 << (\g + 2))]
    ldr r8, [r0, #(7 << (\g + 2))]
.if \inverse
    vmov lr, s3
    gs r1, r2, lr
    redm r1
    vmov lr, s4
    gs r3, r4, lr
    redm r3
    vmov lr, s5
    gs r5, r6, lr
    redm r5
    vmov lr, s6
    gs r7, r8, lr
    redm r7
    vmov lr, s1
    gs r1, r3, lr
    redm r1
    gs r2, r4, lr
    redm r2
    vmov lr, s2
    gs r5, r7, lr
    redm r5
    gs r6, r8, lr
    redm r6
    vmov lr, s0
    gs r1, r5, lr
    redm r1
    gs r2, r6, lr
    redm r2
    gs r3, r7, lr
    redm r3
    gs r4, r8, lr
    redm r4
.else
    vmov lr, s0
.if \reduce
    redm r1
    redm r2
    redm r3
    redm r4
.endif
    ct r1, r5, lr
    ct r2, r6, lr
    ct r3, r7, lr
    ct r4, r8, lr
    vmov lr, s1
    redm r1
    ct r1, r3, lr
    redm r2
    ct r2, r4, lr
    vmov lr, s2
    redm r5
    ct r5, r7, lr
    redm r6
    ct r6, r8, lr
    vmov lr, s3
    redm r1
    ct r1, r2, lr
    vmov lr, s4
    redm r3
    ct r3, r4, lr
    vmov lr, s5
    redm r5
    ct r5, r6, lr
    vmov lr, s6
    redm r7
    ct r7, r8, lr
.if \last
    redm r1
    redm r2
    redm r3
    redm r4
    redm r5
    redm r6
    redm r7
    redm r8
.endif
.endif
    str r2, [r0, #(1 << (\g + 2))]
    str r3, [r0, #(2 << (\g + 2))]
    str r4, [r0, #(3 << (\g + 2))]
    str r5, [r0, #(4 << (\g + 2))]
    str r6, [r0, #(5 << (\g + 2))]
    str r7, [r0, #(6 << (\g + 2))]
    str r8, [r0, #(7 << (\g + 2))]
    str r1, [r0], #4
    vmov r11, s10
    cmp r0, r11
    bne 2b
    add r0, r0, #(28 << \g)              @ past the block's other 7 rows of groups
    vmov r11, s9
    cmp r0, r11
    bne 1b
    pop {r4-r11, pc}
    .size \name, . - \name
.endm

    pass pqmcu_ntru_nttbig2_fwd3_g64, 6, 0, 0, 0
    pass pqmcu_ntru_nttbig2_fwd3_g8, 3, 0, 1, 1
    pass pqmcu_ntru_nttbig2_inv3_g64, 6, 1, 0, 1
    pass pqmcu_ntru_nttbig2_inv3_g8, 3, 1, 0, 1

#define NTTBIG_BASEMUL pqmcu_ntru_nttbig2_basemul
#include "ntt_big_basemul_m4.inc"
