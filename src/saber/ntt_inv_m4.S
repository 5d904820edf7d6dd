@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Saber's inverse NTT (ntt.cpp, inverse_to) on the Cortex-M4, fused with the
@ accumulation: acc[i] (+)= centred(product[i]) mod 2^16. Six Gentleman-Sande
@ layers in two passes of three (eight coefficients in r1-r8, the pass's
@ zetas in s0-s6), the same butterflies on the same values as the C passes,
@ no reduction in between (bounds above inverse_to in ntt.cpp). The last
@ layer multiplies the sum by the scale and the difference by the scaled
@ zeta. Centring: the outputs lie in (-q, q) and the exact values well
@ inside (-q/2, q/2), so k = round(x c / 2^32) (SMMULR; c = round(2^32 / q),
@ checked in ntt.cpp) is round(x / q) and x - k q the centred value (its low
@ 16 bits, which are all that is stored: SMLABB by -q mod 2^16).
@ void pqmcu_saber_ntt_inverse_m4(int32_t a[256] (clobbered),
@     const int32_t zinv[256], uintptr_t tail_mode = tail + mode (tail = {q,
@     -q^-1, scale, scaled zeta_inv[1], c}, 4-aligned: mode in the low two bits,
@     four register arguments), uint16_t acc[256] (any alignment))
@ mode bit 0: add to acc (else store); bit 1: a transform-domain sum of up
@ to four block products (< 3 q; ntt.cpp inverse_store; store only): pass
@ A reduces the one value of each column that is a plain sum of all eight
@ inputs (r1, < 24 q), a Montgomery product by 2^32 mod q (congruent, < 0.51
@ q), so that pass B's inputs are within the bounds of one product's and
@ pass B is mode 0's (scaled last layer). Since wip/saber-dec5; before, all
@ eight inputs of a column were multiplied by the scale first (8 Montgomery
@ products a column, the last layer then unscaled): the outputs are the same
@ (centred values mod q), pass A's intermediate values are not the C code's.
    .syntax unified
    .thumb

@ gs a, b, z: (a, b) = (a + b, (a - b) z / 2^32 mod q); r9 = q,
@ r10 = -q^-1 mod 2^32; r11, r12 scratch.
.macro gs a, b, z
    sub r12, \a, \b
    add \a, \a, \b
    smull r11, \b, r12, \z
    mul r12, r11, r10
    smlal r11, \b, r12, r9
.endm
@ gsl a, b, z: gs with b's output in lr (z = lr, consumed by the SMULL).
.macro gsl a, b, z
    sub r12, \a, \b
    add \a, \a, \b
    smull r11, lr, r12, \z
    mul r12, r11, r10
    smlal r11, lr, r12, r9
.endm
@ gs8 last: three layers of Gentleman-Sande butterflies on r1-r8, the zetas
@ in s0-s6; last = 1: r8's output in lr (passa_col's next).
.macro gs8 last=0
    vmov lr, s0
    gs r1, r2, lr
    vmov lr, s1
    gs r3, r4, lr
    vmov lr, s2
    gs r5, r6, lr
    vmov lr, s3
    gs r7, r8, lr
    vmov lr, s4
    gs r1, r3, lr
    gs r2, r4, lr
    vmov lr, s5
    gs r5, r7, lr
    gs r6, r8, lr
    vmov lr, s6
    gs r1, r5, lr
    gs r2, r6, lr
    gs r3, r7, lr
.if \last
    gsl r4, r8, lr
.else
    gs r4, r8, lr
.endif
.endm
@ sc a: a = a lr / 2^32 mod q (the high word straight into a: no MOV).
.macro sc a
    smull r11, \a, \a, lr
    mul r12, r11, r10
    smlal r11, \a, r12, r9
.endm
@ centre x: x - round(x c / 2^32) q mod 2^16 (r10 = c; r12 = -q mod 2^16
@ in its low half, set by passb_body; r11 scratch): only the low 16 bits
@ are stored, and k = round(x c / 2^32) is in -1..1, so the signed 16 x 16
@ SMLABB gives them in one cycle (MLS with q: two).
.macro centre x
    smmulr r11, \x, r10
    smlabb \x, r11, r12, \x
.endm
@ addh x, off, t, u, noff: acc (lr) + off += x, where t already holds the
@ halfword at off; loads the one at noff into u first, so every store
@ follows a load (the model and the TRM pipeline a store behind a load, not
@ a load behind a store): 4 cycles a coefficient instead of 5.
.macro addh x, off, t, u, noff
    add \x, \x, \t
    ldrh \u, [lr, #\noff]
    strh \x, [lr, #\off]
.endm

@ Pass B body c: a[j + 32 i], i = 0..7, for column j = 4 m + c, at word
@ 8 c + m of each block (the M4 layout, ntt.cpp: r0 = m words in, static
@ offsets 32 c; r0 steps a word per four columns); zetas s0-s3 (zinv 4..7), s4-s5
@ (zinv 2, 3); s6 the last zeta (scaled),
@ s7 scale; s12 acc pointer, s13 end of a, s14 -q^-1, s15 c.
.macro passb_body add, scaled, split, c
    ldr r1, [r0, #(32*\c)]
    ldr r2, [r0, #(32*\c + 128)]
    ldr r3, [r0, #(32*\c + 256)]
    ldr r4, [r0, #(32*\c + 384)]
.if \split
    vmov r12, s18               @ half 1 - half 0
    add r12, r12, r0
    ldr r5, [r12, #(32*\c)]
    ldr r6, [r12, #(32*\c + 128)]
    ldr r7, [r12, #(32*\c + 256)]
    ldr r8, [r12, #(32*\c + 384)]
.else
    ldr r5, [r0, #(32*\c + 512)]
    ldr r6, [r0, #(32*\c + 640)]
    ldr r7, [r0, #(32*\c + 768)]
    ldr r8, [r0, #(32*\c + 896)]
.endif
    vmov r10, s14
    gs8
.if \scaled
    vmov lr, s7
    sc r1
    sc r2
    sc r3
    sc r4
.endif
    vmov r10, s15
    vmov lr, s12
    movw r12, #0x81FF           @ -q mod 2^16 (q = 0x1817E01; ntt.cpp checks)
    centre r2
    centre r3
    centre r4
    centre r5
    centre r6
    centre r7
    centre r8
    centre r1
.if \add
    ldrh r11, [lr, #64]
    ldrh r12, [lr, #128]
    addh r2, 64, r11, r11, 192
    addh r3, 128, r12, r12, 256
    addh r4, 192, r11, r11, 320
    addh r5, 256, r12, r12, 384
    addh r6, 320, r11, r11, 448
    addh r7, 384, r12, r12, 0
    add r8, r8, r11
    strh r8, [lr, #448]
    add r1, r1, r12
    strh r1, [lr, #0]
.else
    strh r2, [lr, #64]
    strh r3, [lr, #128]
    strh r4, [lr, #192]
    strh r5, [lr, #256]
    strh r6, [lr, #320]
    strh r7, [lr, #384]
    strh r8, [lr, #448]
    strh r1, [lr, #0]
.endif
    adds lr, lr, #2
    vmov s12, lr
.endm
@ passb add, scaled, split: pass B, four columns a loop (32 columns).
.macro passb add, scaled, split=0
    .p2align 2
1:
    passb_body \add, \scaled, \split, 0
    passb_body \add, \scaled, \split, 1
    passb_body \add, \scaled, \split, 2
    passb_body \add, \scaled, \split, 3
    adds r0, r0, #4
    vmov lr, s13
    cmp r0, lr
    bne 1b
.endm

@ prescale x: x = x s17 / 2^32 mod q (s17 = 2^32 mod q: x mod q, Montgomery):
@ brings pass A's plain sum of eight inputs (< 8 x 3 q) to |x| < 0.51 q.
.macro prescale x
    vmov r12, s17
    smull r11, \x, \x, r12
    mul r12, r11, r10
    smlal r11, \x, r12, r9
.endm

@ passa_col reduce: one column of pass A (coefficients 32 b + j + 4 i, i =
@ 0..7: the M4 layout's eight words at r0, one LDM and one STM, r0 steps
@ to the next column; wip/saber-dec5).
.macro passa_col reduce
    ldm r0, {r1-r8}
    gs8
.if \reduce
    prescale r1
.endif
    stm r0!, {r1-r8}
.endm
@ passa reduce, first, len: layers 4, 8, 16 on the blocks of 32 (b = 0..7),
@ a[32 b + j + 4 i], j = 0..3 (unrolled); s10 points at block b's seven
@ factors in the M4 table's block layout (ntt.cpp, kZetasInvM4[64 + 7 b ..]:
@ zinv[32 + 4 b .. 35 + 4 b], zinv[16 + 2 b, 17 + 2 b], zinv[8 + b]), one
@ VLDM; first: start at block 0 (else where the previous passa stopped).
.macro passa reduce, first=1, len=1024
.if \first
    vmov r2, s8
    add r2, r2, #256
    vmov s10, r2
.endif
    add r2, r0, #\len
    vmov s11, r2
    .p2align 2
2:
    vmov r1, s10
    vldmia r1!, {s0-s6}
    vmov s10, r1
    passa_col \reduce
    passa_col \reduce
    passa_col \reduce
    passa_col \reduce
    vmov lr, s11
    cmp r0, lr
    bne 2b
.endm

    .section .text.pqmcu_saber_ntt_inverse_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_inverse_m4
    .type pqmcu_saber_ntt_inverse_m4, %function
    .thumb_func
pqmcu_saber_ntt_inverse_m4:
    push {r4-r11, lr}
    vpush {s16-s17}
    and r12, r2, #3
    bic r2, r2, #3
    vmov s13, r12               @ mode (s13 holds it until pass B's end pointer)
    vmov s8, r1                 @ zinv
    vmov s9, r0                 @ a
    vmov s12, r3                @ acc
    ldr r9, [r2, #0]
    ldr r10, [r2, #4]
    vmov s14, r10
    ldr r3, [r2, #16]
    vmov s15, r3
    vmov s16, r2                @ tail
    movw r3, #0x5356
    movt r3, #0x2               @ 2^32 mod q = 152,406 (ntt.cpp checks)
    vmov s17, r3
    vmov r2, s13                @ mode
    tst r2, #2
    beq 7f
    passa 1
    b 8f
7:
    passa 0
8:
    @ ---- layers 32, 64, 128 (the last scaled), output to acc
    vmov r1, s8
    ldr lr, [r1, #16]
    vmov s0, lr
    ldr lr, [r1, #20]
    vmov s1, lr
    ldr lr, [r1, #24]
    vmov s2, lr
    ldr lr, [r1, #28]
    vmov s3, lr
    ldr lr, [r1, #8]
    vmov s4, lr
    ldr lr, [r1, #12]
    vmov s5, lr
    vmov r2, s16
    ldr lr, [r2, #12]
    vmov s6, lr
    ldr lr, [r2, #8]
    vmov s7, lr
    vmov r12, s13               @ mode
    vmov r0, s9
    add r2, r0, #32             @ (r0 steps a word per four columns)
    vmov s13, r2
    mov r2, r12
    tst r2, #1                  @ (mode 2 stores as mode 0)
    beq 5f
    passb 1, 1
    b 6f
5:
    passb 0, 1
6:
    vpop {s16-s17}
    pop {r4-r11, pc}
    .size pqmcu_saber_ntt_inverse_m4, .-pqmcu_saber_ntt_inverse_m4

@ void pqmcu_saber_ntt_inverse2_m4(int32_t a0[128], int32_t a1[128] (both
@     clobbered), const int32_t* const tables[2] = {zinv, tail}, uint16_t acc[256]) -> 1
@     (four register arguments, wip/fire6: its C wrapper is a tail call, off
@     FireSaber decapsulation's stack peak):
@ mode 2 of pqmcu_saber_ntt_inverse_m4 (a sum: pass A reduces its plain sums, store) on a
@ transform kept as two separate halves (a sum in two 512-byte pieces: no
@ copy into one buffer first); acc overlaps neither. Pass A runs on each
@ half in place (its blocks of 32 stay within a half), pass B loads
@ a[j + 32 i] for i >= 4 from a1 (s18 = a1 - a0).
    .section .text.pqmcu_saber_ntt_inverse2_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_inverse2_m4
    .type pqmcu_saber_ntt_inverse2_m4, %function
    .thumb_func
pqmcu_saber_ntt_inverse2_m4:
    push {r4-r11, lr}
    vpush {s16-s18}
    vmov s12, r3                @ acc (4th argument)
    ldr r3, [r2, #4]            @ tail (tables[1])
    ldr r2, [r2, #0]            @ zinv (tables[0])
    vmov s8, r2                 @ zinv
    vmov s9, r0                 @ a0
    sub r1, r1, r0
    vmov s18, r1                @ a1 - a0
    ldr r9, [r3, #0]
    ldr r10, [r3, #4]
    vmov s14, r10
    ldr r2, [r3, #16]
    vmov s15, r2
    vmov s16, r3                @ tail
    movw r2, #0x5356
    movt r2, #0x2               @ 2^32 mod q
    vmov s17, r2
    passa 1, 1, 512
    vmov r0, s9
    vmov r1, s18
    add r0, r0, r1
    passa 1, 0, 512
    @ ---- layers 32, 64, 128 (the last scaled, as mode 0), output to acc
    vmov r1, s8
    ldr lr, [r1, #16]
    vmov s0, lr
    ldr lr, [r1, #20]
    vmov s1, lr
    ldr lr, [r1, #24]
    vmov s2, lr
    ldr lr, [r1, #28]
    vmov s3, lr
    ldr lr, [r1, #8]
    vmov s4, lr
    ldr lr, [r1, #12]
    vmov s5, lr
    vmov r2, s16
    ldr lr, [r2, #12]           @ the scaled zinv[1]
    vmov s6, lr
    ldr lr, [r2, #8]
    vmov s7, lr
    vmov r0, s9
    add r2, r0, #32             @ (r0 steps a word per four columns)
    vmov s13, r2
    passb 0, 1, 1
    movs r0, #1                 @ (returns true: inverse_store_halves' tail call)
    vpop {s16-s18}
    pop {r4-r11, pc}
    .size pqmcu_saber_ntt_inverse2_m4, .-pqmcu_saber_ntt_inverse2_m4
