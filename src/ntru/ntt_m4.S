@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ NTRU's NTT (ntt.cpp) on the Cortex-M4: three radix-2 layers per pass,
@ eight coefficients in r1-r8 and the pass's seven factors in s0-s6, the
@ Montgomery product as SMULL, MUL, SMLAL (kP in r9, -kP^-1 mod 2^32 in r10).
@ One function per group distance G (64 or 8 words: every transform is
@ blocks of 512 points after its first stage, and stops after six of their
@ nine layers; ntt.cpp multiplies the residues mod x^8 - c).
@
@ void pqmcu_ntru_ntt_fwd3_gG(int32_t* a, const int32_t* zetas, uint32_t k0, uint32_t blocks)
@   blocks of 8 G words from a; block b uses zetas[k], zetas[2k], zetas[2k+1],
@   zetas[4k .. 4k+3] with k = k0 + b (Cooley-Tukey: layers of distance 4G, 2G, G).
@ void pqmcu_ntru_ntt_inv3_gG(int32_t* a, const int32_t* zetas_inv, uint32_t k0, uint32_t blocks)
@   the inverse pass (Gentleman-Sande: distances G, 2G, 4G, the factors in
@   the reverse order); the two outputs that are only sums (positions 0 and
@   G of the group) are reduced to |x| <= kP / 2 + 2^11, so that every
@   output stays below 1.5 kP for the next pass (inputs below 1.5 kP).
    .syntax unified
    .thumb

.equ KP, 134215681
.equ KPINVNEG, 0x07BFF7FF   @ -kP^-1 mod 2^32 (ntt.cpp checks it)

@ x - kP round(x / 2^27)
.macro red x
    add r11, \x, #0x4000000
    asr r11, r11, #27
    mls \x, r11, r9, \x
.endm

@ the pass's reductions (ntt_pass3_m4.inc): the forward none (every layer
@ adds less than kP); the inverse reduces the two outputs that are only sums
.macro pass_setup
.endm
.macro fwd_pre0 on
.endm
.macro fwd_red0 x, on
.endm
.macro fwd_red x, on
.endm
.macro fwd_end last
.endm
.macro inv_red x
.endm
.macro inv_end
    red r1
    red r2
.endm

#include "ntt_pass3_m4.inc"

    pass pqmcu_ntru_ntt_fwd3_g64, 6, 0, 0, 0
    pass pqmcu_ntru_ntt_fwd3_g8, 3, 0, 0, 0
    pass pqmcu_ntru_ntt_inv3_g64, 6, 1, 0, 0
    pass pqmcu_ntru_ntt_inv3_g8, 3, 1, 0, 0

@ void pqmcu_ntru_ntt_basemul(int32_t* x, const int32_t* y, const int32_t* c, uint32_t blocks, int32_t scale)
@ For each block of 8 (x, y advance by 8 words, c by one): x = x y mod
@ (X^8 - c) as (x y / 2^32) scale / 2^32. x is reduced first (|x| <= kP / 2
@ + 2^15, in r4-r11); |y| < 12.5 kP, so every 64-bit sum stays below 2^60 and
@ each Montgomery result below 3 kP; the last one (times scale < kP / 2) is
@ below 0.6 kP, the inverse's input bound. (SMULL with RdHi = Rn is
@ allowed in ARMv7-M: only RdHi = RdLo is not.)
@ Output k = c * mont(sum_{i>k} x_i y_(k+8-i)) + sum_{i<=k} x_i y_(k-i).
@ r1 = -kP^-1; s1 = kP, s2 = c, s3 = scale, s4 = c pointer, s5 = end of x,
@ s6 = y pointer, s8-s15 = the block of y (VMOV is cheaper than LDR here).
.macro mred lo, hi                    @ hi = (hi:lo + m kP) / 2^32 (r1 = -kP^-1)
    mul r12, \lo, r1
    vmov lr, s1
    smlal \lo, \hi, r12, lr
.endm
    .section .text.pqmcu_ntru_ntt_basemul, "ax", %progbits
    .align 2
    .global pqmcu_ntru_ntt_basemul
    .type pqmcu_ntru_ntt_basemul, %function
    .thumb_func
pqmcu_ntru_ntt_basemul:
    push {r4-r11, lr}
    ldr r12, [sp, #36]                    @ scale
    vmov s3, r12
    vmov s6, r1
    movw r1, #:lower16:KPINVNEG
    movt r1, #:upper16:KPINVNEG
    movw r12, #:lower16:KP
    movt r12, #:upper16:KP
    vmov s1, r12
    vmov s4, r2
    add r3, r0, r3, lsl #5
    vmov s5, r3
1:
    vmov r12, s4
    ldr r2, [r12], #4
    vmov s2, r2
    vmov s4, r12
    vmov r12, s6
    vldm r12!, {s8-s15}
    vmov s6, r12
    ldm r0, {r4-r11}
    vmov lr, s1
    add r12, r4, #0x4000000
    asr r12, r12, #27
    mls r4, r12, lr, r4
    add r12, r5, #0x4000000
    asr r12, r12, #27
    mls r5, r12, lr, r5
    add r12, r6, #0x4000000
    asr r12, r12, #27
    mls r6, r12, lr, r6
    add r12, r7, #0x4000000
    asr r12, r12, #27
    mls r7, r12, lr, r7
    add r12, r8, #0x4000000
    asr r12, r12, #27
    mls r8, r12, lr, r8
    add r12, r9, #0x4000000
    asr r12, r12, #27
    mls r9, r12, lr, r9
    add r12, r10, #0x4000000
    asr r12, r12, #27
    mls r10, r12, lr, r10
    add r12, r11, #0x4000000
    asr r12, r12, #27
    mls r11, r12, lr, r11
    @ outputs 0..6: the wrapped part first (times c), then the rest
    @ output 0
    vmov r12, s15
    smull r2, r3, r5, r12
    vmov r12, s14
    smlal r2, r3, r6, r12
    vmov r12, s13
    smlal r2, r3, r7, r12
    vmov r12, s12
    smlal r2, r3, r8, r12
    vmov r12, s11
    smlal r2, r3, r9, r12
    vmov r12, s10
    smlal r2, r3, r10, r12
    vmov r12, s9
    smlal r2, r3, r11, r12
    mred r2, r3
    vmov lr, s2
    smull r2, r3, r3, lr
    vmov r12, s8
    smlal r2, r3, r4, r12
    mred r2, r3
    vmov lr, s3
    smull r2, r3, r3, lr
    mred r2, r3
    str r3, [r0, #0]
    @ output 1
    vmov r12, s15
    smull r2, r3, r6, r12
    vmov r12, s14
    smlal r2, r3, r7, r12
    vmov r12, s13
    smlal r2, r3, r8, r12
    vmov r12, s12
    smlal r2, r3, r9, r12
    vmov r12, s11
    smlal r2, r3, r10, r12
    vmov r12, s10
    smlal r2, r3, r11, r12
    mred r2, r3
    vmov lr, s2
    smull r2, r3, r3, lr
    vmov r12, s9
    smlal r2, r3, r4, r12
    vmov r12, s8
    smlal r2, r3, r5, r12
    mred r2, r3
    vmov lr, s3
    smull r2, r3, r3, lr
    mred r2, r3
    str r3, [r0, #4]
    @ output 2
    vmov r12, s15
    smull r2, r3, r7, r12
    vmov r12, s14
    smlal r2, r3, r8, r12
    vmov r12, s13
    smlal r2, r3, r9, r12
    vmov r12, s12
    smlal r2, r3, r10, r12
    vmov r12, s11
    smlal r2, r3, r11, r12
    mred r2, r3
    vmov lr, s2
    smull r2, r3, r3, lr
    vmov r12, s10
    smlal r2, r3, r4, r12
    vmov r12, s9
    smlal r2, r3, r5, r12
    vmov r12, s8
    smlal r2, r3, r6, r12
    mred r2, r3
    vmov lr, s3
    smull r2, r3, r3, lr
    mred r2, r3
    str r3, [r0, #8]
    @ output 3
    vmov r12, s15
    smull r2, r3, r8, r12
    vmov r12, s14
    smlal r2, r3, r9, r12
    vmov r12, s13
    smlal r2, r3, r10, r12
    vmov r12, s12
    smlal r2, r3, r11, r12
    mred r2, r3
    vmov lr, s2
    smull r2, r3, r3, lr
    vmov r12, s11
    smlal r2, r3, r4, r12
    vmov r12, s10
    smlal r2, r3, r5, r12
    vmov r12, s9
    smlal r2, r3, r6, r12
    vmov r12, s8
    smlal r2, r3, r7, r12
    mred r2, r3
    vmov lr, s3
    smull r2, r3, r3, lr
    mred r2, r3
    str r3, [r0, #12]
    @ output 4
    vmov r12, s15
    smull r2, r3, r9, r12
    vmov r12, s14
    smlal r2, r3, r10, r12
    vmov r12, s13
    smlal r2, r3, r11, r12
    mred r2, r3
    vmov lr, s2
    smull r2, r3, r3, lr
    vmov r12, s12
    smlal r2, r3, r4, r12
    vmov r12, s11
    smlal r2, r3, r5, r12
    vmov r12, s10
    smlal r2, r3, r6, r12
    vmov r12, s9
    smlal r2, r3, r7, r12
    vmov r12, s8
    smlal r2, r3, r8, r12
    mred r2, r3
    vmov lr, s3
    smull r2, r3, r3, lr
    mred r2, r3
    str r3, [r0, #16]
    @ output 5
    vmov r12, s15
    smull r2, r3, r10, r12
    vmov r12, s14
    smlal r2, r3, r11, r12
    mred r2, r3
    vmov lr, s2
    smull r2, r3, r3, lr
    vmov r12, s13
    smlal r2, r3, r4, r12
    vmov r12, s12
    smlal r2, r3, r5, r12
    vmov r12, s11
    smlal r2, r3, r6, r12
    vmov r12, s10
    smlal r2, r3, r7, r12
    vmov r12, s9
    smlal r2, r3, r8, r12
    vmov r12, s8
    smlal r2, r3, r9, r12
    mred r2, r3
    vmov lr, s3
    smull r2, r3, r3, lr
    mred r2, r3
    str r3, [r0, #20]
    @ output 6
    vmov r12, s15
    smull r2, r3, r11, r12
    mred r2, r3
    vmov lr, s2
    smull r2, r3, r3, lr
    vmov r12, s14
    smlal r2, r3, r4, r12
    vmov r12, s13
    smlal r2, r3, r5, r12
    vmov r12, s12
    smlal r2, r3, r6, r12
    vmov r12, s11
    smlal r2, r3, r7, r12
    vmov r12, s10
    smlal r2, r3, r8, r12
    vmov r12, s9
    smlal r2, r3, r9, r12
    vmov r12, s8
    smlal r2, r3, r10, r12
    mred r2, r3
    vmov lr, s3
    smull r2, r3, r3, lr
    mred r2, r3
    str r3, [r0, #24]
    @ output 7
    vmov r12, s15
    smull r2, r3, r4, r12
    vmov r12, s14
    smlal r2, r3, r5, r12
    vmov r12, s13
    smlal r2, r3, r6, r12
    vmov r12, s12
    smlal r2, r3, r7, r12
    vmov r12, s11
    smlal r2, r3, r8, r12
    vmov r12, s10
    smlal r2, r3, r9, r12
    vmov r12, s9
    smlal r2, r3, r10, r12
    vmov r12, s8
    smlal r2, r3, r11, r12
    mred r2, r3
    vmov lr, s3
    smull r2, r3, r3, lr
    mred r2, r3
    str r3, [r0, #28]
    add r0, r0, #32
    vmov r12, s5
    cmp r0, r12
    bne 1b
    pop {r4-r11, pc}
    .size pqmcu_ntru_ntt_basemul, . - pqmcu_ntru_ntt_basemul
