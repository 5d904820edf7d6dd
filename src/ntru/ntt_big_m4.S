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

@ the pass's reductions (ntt_pass3_m4.inc)
.macro pass_setup
.endm
.macro fwd_pre0 on
.endm
.macro fwd_red0 x, on
    redfc \x, \on
.endm
.macro fwd_red x, on
    redfc \x, \on
.endm
.macro fwd_end last
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
.endm
.macro inv_red x
    red \x
.endm
.macro inv_end
.endm

#include "ntt_pass3_m4.inc"

    pass pqmcu_ntru_nttbig_fwd3_g64, 6, 0, 0, 0
    pass pqmcu_ntru_nttbig_fwd3_g8, 3, 0, 1, 1
    pass pqmcu_ntru_nttbig_inv3_g64, 6, 1, 0, 1
    pass pqmcu_ntru_nttbig_inv3_g8, 3, 1, 0, 1

#define NTTBIG_BASEMUL pqmcu_ntru_nttbig_basemul
#include "ntt_big_basemul_m4.inc"
