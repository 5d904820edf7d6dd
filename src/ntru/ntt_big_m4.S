@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ ntt_big.cpp's passes on the Cortex-M4: the shape of ntt_m4.S (three
@ radix-2 layers per pass, eight coefficients in r1-r8, the seven factors in
@ s0-s6, Montgomery products as SMULL, MUL, SMLAL) over kP = 1,073,707,009,
@ which leaves no headroom in 32 bits: the forward (after its first pass,
@ which reads the coefficients) reduces the added operand before every
@ butterfly (to [0, kP) up to 69630, by x - kP floor(x / 2^30):
@ two instructions, any x) and rounds all outputs of its last pass to
@ |x| < 0.5001 kP; the inverse reduces every sum (x - kP round(x / 2^30)).
@
@ void pqmcu_ntru_nttbig_fwd3_gG(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks)
@ void pqmcu_ntru_nttbig_inv3_gG(int32_t* a, const int32_t* zetas_inv, uint32_t k0, uint32_t blocks)
@   as ntt_m4.S's fwd3 / inv3 (G = 64 or 8 words; fwd3_g8 is the last pass).
    .syntax unified
    .thumb

.equ KP, 1073707009
.equ KPINVNEG, 0xF7BF77FF   @ -kP^-1 mod 2^32 (ntt_big.cpp checks it)

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

@ x - kP round(x / 2^30) (|x| < 2^31 - 2^29; kP = 2^30 - 34815)
.macro red x
    add r11, \x, #0x20000000
    asr r11, r11, #30
    mls \x, r11, r9, \x
.endm

@ x - kP floor(x / 2^30), for any x: in [-69630, kP + 69630) (below 1.0001 kP)
.macro redf x
    asr r11, \x, #30
    mls \x, r11, r9, \x
.endm

@ redf when \on (the first forward pass reads the coefficients, |x| <= 2^15:
@ its three layers stay below 1.7 kP without reductions)
.macro redfc x, on
.if \on
    redf \x
.endif
.endm

@ x - kP round(x / 2^30) for any x (lr = 4)
.macro redr x
    smmulr r11, \x, lr
    mls \x, r11, r9, \x
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
    red r1
    vmov lr, s4
    gs r3, r4, lr
    red r3
    vmov lr, s5
    gs r5, r6, lr
    red r5
    vmov lr, s6
    gs r7, r8, lr
    red r7
    vmov lr, s1
    gs r1, r3, lr
    red r1
    gs r2, r4, lr
    red r2
    vmov lr, s2
    gs r5, r7, lr
    red r5
    gs r6, r8, lr
    red r6
    vmov lr, s0
    gs r1, r5, lr
    red r1
    gs r2, r6, lr
    red r2
    gs r3, r7, lr
    red r3
    gs r4, r8, lr
    red r4
.else
    vmov lr, s0
    redfc r1, \reduce
    ct r1, r5, lr
    redfc r2, \reduce
    ct r2, r6, lr
    redfc r3, \reduce
    ct r3, r7, lr
    redfc r4, \reduce
    ct r4, r8, lr
    vmov lr, s1
    redfc r1, \reduce
    ct r1, r3, lr
    redfc r2, \reduce
    ct r2, r4, lr
    vmov lr, s2
    redfc r5, \reduce
    ct r5, r7, lr
    redfc r6, \reduce
    ct r6, r8, lr
    vmov lr, s3
    redfc r1, \reduce
    ct r1, r2, lr
    vmov lr, s4
    redfc r3, \reduce
    ct r3, r4, lr
    vmov lr, s5
    redfc r5, \reduce
    ct r5, r6, lr
    vmov lr, s6
    redfc r7, \reduce
    ct r7, r8, lr
.if \last
    mov lr, #4
    redr r1
    redr r2
    redr r3
    redr r4
    redr r5
    redr r6
    redr r7
    redr r8
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

    pass pqmcu_ntru_nttbig_fwd3_g64, 6, 0, 0, 0
    pass pqmcu_ntru_nttbig_fwd3_g8, 3, 0, 1, 1
    pass pqmcu_ntru_nttbig_inv3_g64, 6, 1, 0, 1
    pass pqmcu_ntru_nttbig_inv3_g8, 3, 1, 0, 1

#define NTTBIG_BASEMUL pqmcu_ntru_nttbig_basemul
#include "ntt_big_basemul_m4.inc"
