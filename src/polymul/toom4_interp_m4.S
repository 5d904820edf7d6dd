@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Toom4InterpCyclic::pairs' main loop (toom4_eval.hpp) for NTRU's limbs m =
@ 128, 170, 176, 206: the pairs i0 = i0_top, i0_top - 2, .., 0 with rows
@ 4..7 fully inside (i0 <= m - 10). Per pair: Toom4Interp::coefficients2
@ at i0 (lo) and i0 + m (hi), the lo results kept in s0..s4 (the hi half
@ needs the eight work registers), row k = lo[k] + hi[k - 1] stored (rows
@ 0..3) or added to c[(k - 4) m + i0 + 3] (rows 4..7).
@ The formulas are coefficients2's, with fewer operations (the outputs
@ agree mod 2^13, the bits coefficients2 keeps exact):
@ - per-lane << 2 as one AND with 0xFFFCFFFC and a shifted operand;
@ 64 c0 + 16 c2 + 4 c4 in Horner form (only << 2);
@ - lane * K as SMULBB / SMULTB + PKHBT (the low 16 bits of a signed
@ product are those of the unsigned one);
@ - c4 = ((e2 - 4 e1) >> 2) / 3 as ((e2 - 4 e1) / 3) >> 2 (e2 - 4 e1 = 12 c4
@ mod 2^15: its low two bits are zero), the shift folded into PKHTB;
@ - c3 = (17 A - B - C) / 9 as SMUL + SMLA on A and B + C.
@ void pqmcu_polymul_toom4_cyclic_pairs_m4(uint16_t* c, const uint16_t* w,
@                                          size_t m, size_t i0_top)
@ Registers: r0 = c + i0, r1 = w + i0 (rows 0..3), r2 = r1 + 4 rows (rows
@ 4..6), r3 = 0xFFFCFFFC, r12 = 17/9 : -1/9, lr = 1/15 : 1/3 (mod 2^16),
@ r4..r11 work; lo3, lo5, lo4, lo2, lo1 in s0..s4 (VMOV: 1 cycle a word, an
@ STM of the five 6). Stack: c (the end of the loop), c + 4 (m = 176).
    .syntax unified
    .thumb
    .text

@ \d = \x / 15 per lane (lr's top half 1/15; r4, \t temporaries)
.macro div15 d, x, t
    smultt r4, \x, lr
    smulbt \t, \x, lr
    pkhbt \d, \t, r4, lsl #16
.endm
@ from A (r4), B (r8) and C (\c): c3 = (17 A - B - C) / 9 in r5, then
@ coefficient 1 = (C - A - 3 c3) / 15 into \d and B - A - 3 c3 in r8 (\t
@ temporary)
.macro c3_coef1 t, c, d
    uadd16 r5, r8, \c
    smulbb \t, r5, r12
    smultb r5, r5, r12
    smlabt \t, r4, r12, \t
    smlatt r5, r4, r12, r5
    pkhbt r5, \t, r5, lsl #16   @ c3
    uadd16 \t, r5, r5
    uadd16 \t, \t, r5          @ 3 c3
    usub16 \c, \c, r4
    usub16 \c, \c, \t
    usub16 r8, r8, r4
    usub16 r8, r8, \t
    div15 \d, \c, \t          @ coefficient 1
.endm

@ Toom4Interp::coefficients2 at i0 + H m. H = 0: c4 in r9, c2 in r10, c3
@ in r5, coefficient 1 in r11, B - A - 3 c3 in r8 (coef5 makes 5); c0
@ stored as row 0 on the way (c6 is loaded again at the end). H = 1: c4 in
@ r9, c2 in r10, c3 in r5, coefficient 1 in r7, B - A - 3 c3 in r8, row 1
@ (lo1 + c0) stored on the way, row 7 (its old value + c6) in r11. Loads
@ are grouped and stores put right after loads (a load or store pipelines
@ behind a load, nothing behind a store).
.macro half H, M, D
    ldr r4, [r1, #(\D + 1 * (4 * \M - 2) + \H * 2 * \M)]  @ w(1)
    ldr r5, [r1, #(\D + 2 * (4 * \M - 2) + \H * 2 * \M)]  @ w(-1)
    ldr r6, [r1, #(\D + \H * 2 * \M)]                     @ c0
    ldr r7, [r2, #(\D + 2 * (4 * \M - 2) + \H * 2 * \M)]  @ c6
    ldr r8, [r1, #(\D + 3 * (4 * \M - 2) + \H * 2 * \M)]  @ w(2)
    ldr r9, [r2, #(\D + \H * 2 * \M)]                     @ w(-2)
    .if \H == 1
    vmov r11, s4                @ lo1
    .endif
    uhadd16 r10, r4, r5
    uhsub16 r4, r4, r5          @ A
    usub16 r10, r10, r6
    usub16 r10, r10, r7         @ e1
    uhadd16 r5, r8, r9
    uhsub16 r8, r8, r9
    lsr r8, r8, #1
    bic r8, r8, #0x80008000     @ B
    usub16 r5, r5, r6
    lsl r9, r7, #6
    bic r9, r9, #0x003F003F
    usub16 r5, r5, r9           @ e2
    and r9, r3, r10, lsl #2
    usub16 r5, r5, r9           @ e2 - 4 e1
    smulbb r9, r5, lr
    smultb r5, r5, lr
    lsl r5, r5, #14
    pkhtb r9, r5, r9, asr #2    @ c4
    usub16 r10, r10, r9         @ c2
    and r5, r3, r6, lsl #2      @ 4 c0
    .if \H == 1
    uadd16 r11, r11, r6         @ row 1
    .endif
    uadd16 r5, r5, r10
    and r5, r3, r5, lsl #2
    uadd16 r5, r5, r9
    and r5, r3, r5, lsl #2      @ 64 c0 + 16 c2 + 4 c4
    .if \H == 0
    ldr r11, [r2, #(\D + 1 * (4 * \M - 2))]  @ w(1/2)
    str r6, [r0, #(\D)]                @ row 0
    usub16 r11, r11, r5
    uhsub16 r11, r11, r7        @ C
    c3_coef1 r6, r11, r11
    .else
    ldr r6, [r2, #(\D + 1 * (4 * \M - 2) + 2 * \M)]  @ w(1/2)
    str r11, [r0, #(\D + 2 * \M)]    @ row 1
    ldr r11, [r0, #(\D + 6 * \M + 6)]
    usub16 r6, r6, r5
    uhsub16 r6, r6, r7          @ C
    uadd16 r11, r11, r7         @ row 7
    c3_coef1 r7, r6, r7
    .endif
.endm

@ coefficient 5 = (B - A - 3 c3) / 15 from r8 (r4, \t temporaries)
.macro coef5 t
    div15 r8, r8, \t
.endm

@ one pair at r0 + D (D = 0 or -4: the loop is unrolled by two, the
@ second pair by offsets); rows 5, 6 left to store (r9, r8)
.macro pair M, D
    half 0, \M, \D
    coef5 r6
    vmov s0, s1, r5, r8         @ lo3, lo5 (VMOVs to s0-s4: 5 cycles, STM 6)
    vmov s2, s3, r9, r10        @ lo4, lo2
    vmov s4, r11                @ lo1
    half 1, \M, \D
    coef5 r6
    @ hi: 1 in r7, 2 in r10, 3 in r5, 4 in r9, 5 in r8, row 7 in r11;
    @ each store right after a load (it pipelines: single LDRs, not LDRD,
    @ behind which nothing does); no store overlaps a later load's word
    vmov r4, r6, s0, s1         @ lo3, lo5
    str r11, [r0, #(\D + 6 * \M + 6)]  @ row 7
    uadd16 r10, r10, r4         @ row 3 = lo3 + hi2
    uadd16 r9, r9, r6
    vmov r4, r6, s2, s3         @ lo4, lo2
    str r10, [r0, #(\D + 6 * \M)]
    uadd16 r5, r5, r4
    uadd16 r7, r7, r6           @ row 2 = lo2 + hi1
    ldr r4, [r0, #(\D + 6)]
    ldr r6, [r0, #(\D + 2 * \M + 6)]
    str r7, [r0, #(\D + 4 * \M)]
    uadd16 r5, r5, r4           @ row 4
    uadd16 r9, r9, r6           @ row 5
    ldr r4, [r2, #(\D + 2 * (4 * \M - 2))]  @ lo's c6
    ldr r6, [r0, #(\D + 4 * \M + 6)]
    str r5, [r0, #(\D + 6)]
    uadd16 r8, r8, r4
    uadd16 r8, r8, r6           @ row 6
.endm

@ the pairs i0 = i0_top .. 0 (m / 2 - 4 of them), one an iteration, or
@ two (U = 1, m = 176 only: ~7 cycles of loop a pair saved, -1.3k at
@ hrss701 keygen, +0.5 KB; all four sizes would be +2.1 KB), an odd count
@ then entering at the second (pointers 4 bytes up). [sp] holds c,
@ [sp, #4] c + 4 (the second pair of the last two-pair iteration is at c)
.macro loop M, U
    addw r2, r1, #(16 * \M - 8)  @ row 4
    .if \U
    ldr r4, [sp]
    add r4, r4, #4
    str r4, [sp, #4]
    .if (\M / 2 - 4) % 2
    add r0, r0, #4
    add r1, r1, #4
    add r2, r2, #4
    b 2f
    .endif
    .balign 4                   @ (a 32-bit branch target at 2 mod 4 costs a cycle more)
1:
    pair \M, 0
    str r9, [r0, #(2 * \M + 6)]
    str r8, [r0, #(4 * \M + 6)]
2:
    pair \M, -4
    ldr r4, [sp, #4]
    str r9, [r0, #(-4 + 2 * \M + 6)]
    str r8, [r0, #(-4 + 4 * \M + 6)]
    cmp r0, r4
    sub r0, r0, #8
    sub r1, r1, #8
    sub r2, r2, #8
    .else
    .balign 4                   @ (a 32-bit branch target at 2 mod 4 costs a cycle more)
1:
    pair \M, 0
    ldr r4, [sp]
    str r9, [r0, #(2 * \M + 6)]
    str r8, [r0, #(4 * \M + 6)]
    cmp r0, r4
    sub r0, r0, #4
    sub r1, r1, #4
    sub r2, r2, #4
    .endif
    bne 1b
    b 9f
.endm

    .global pqmcu_polymul_toom4_cyclic_pairs_m4
    .type pqmcu_polymul_toom4_cyclic_pairs_m4, %function
    .align 2
pqmcu_polymul_toom4_cyclic_pairs_m4:
    push {r4-r11, lr}
    sub sp, sp, #8
    str r0, [sp]
    add r0, r0, r3, lsl #1
    add r1, r1, r3, lsl #1
    mvn r3, #0x00030003
    movw r12, #0x71C7           @ -1/9 mod 2^16
    movt r12, #0x71C9           @ 17/9
    movw lr, #0xAAAB            @ 1/3
    movt lr, #0xEEEF            @ 1/15
    cmp r2, #128
    beq 128f
    cmp r2, #170
    beq 170f
    cmp r2, #176
    beq 176f
    loop 206, 0
128:
    loop 128, 0
170:
    loop 170, 0
176:
    loop 176, 1
9:
    add sp, sp, #8
    pop {r4-r11, pc}
    .size pqmcu_polymul_toom4_cyclic_pairs_m4, .-pqmcu_polymul_toom4_cyclic_pairs_m4
