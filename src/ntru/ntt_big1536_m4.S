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

@ x - kP round(3 x / 2^32) (s11 = 3 = round(2^32 / kP)): 3 x / 2^32 is
@ within 0.0126 of x / kP for any x, so the result is below 0.513 kP
.macro redm x
    vmov r12, s11
    smmulr r12, \x, r12
    mls \x, r12, r9, \x
.endm

@ the pass's reductions (ntt_pass3_m4.inc): s11 = 3; the first layer's
@ added operands reduced only after the first pass, the others always
.macro pass_setup
    mov r11, #3
    vmov s11, r11
.endm
.macro fwd_pre0 on
.if \on
    redm r1
    redm r2
    redm r3
    redm r4
.endif
.endm
.macro fwd_red0 x, on
.endm
.macro fwd_red x, on
    redm \x
.endm
.macro fwd_end last
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
.endm
.macro inv_red x
    redm \x
.endm
.macro inv_end
.endm

#include "ntt_pass3_m4.inc"

    pass pqmcu_ntru_nttbig2_fwd3_g64, 6, 0, 0, 0
    pass pqmcu_ntru_nttbig2_fwd3_g8, 3, 0, 1, 1
    pass pqmcu_ntru_nttbig2_inv3_g64, 6, 1, 0, 1
    pass pqmcu_ntru_nttbig2_inv3_g8, 3, 1, 0, 1

#define NTTBIG_BASEMUL pqmcu_ntru_nttbig2_basemul
#include "ntt_big_basemul_m4.inc"
