@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Saber's forward NTT (ntt.cpp) on the Cortex-M4: the same butterflies in the
@ same order as the C passes, so the same values, but three layers per pass
@ (eight coefficients in r1-r8, the pass's seven zetas in s0-s6) and the
@ Montgomery product as SMULL, MUL, SMLAL with the product written over its
@ operand (two scratch registers). Layers (128, 64, 32), (16, 8, 4): the
@ transform stops after six layers (ntt.cpp multiplies in blocks of 4).
@ void pqmcu_saber_ntt_forward_m4(int32_t a[256], const int32_t zetas[256],
@                                 int32_t q, uint32_t minus_qinv)   (AAPCS; uses s0-s11)
    .syntax unified
    .thumb

@ ct a, b, z: t = b z / 2^32 mod q (Montgomery; r9 = q, r10 = -q^-1 mod 2^32);
@ (a, b) = (a + t, a - t). r11, r12 scratch.
.macro ct a, b, z
    smull r11, r12, \b, \z
    mul \b, r11, r10
    smlal r11, r12, \b, r9
    sub \b, \a, r12
    add \a, \a, r12
.endm
@ ctl a, b, z: ct with b's output (a - t) in lr instead (z = lr, consumed
@ by the SMULL first): a column's last value, stored after the next
@ column's loads (ct8 / l3col8 / l3st next).
.macro ctl a, b, z
    smull r11, r12, \b, \z
    mul \b, r11, r10
    smlal r11, r12, \b, r9
    sub lr, \a, r12
    add \a, \a, r12
.endm
@ ld8 stride: a column's eight values a[j + stride i] into r1-r8 (r0 = &a[j]).
.macro ld8 stride
    ldr r1, [r0, #0]
    ldr r2, [r0, #(1*\stride)]
    ldr r3, [r0, #(2*\stride)]
    ldr r4, [r0, #(3*\stride)]
    ldr r5, [r0, #(4*\stride)]
    ldr r6, [r0, #(5*\stride)]
    ldr r7, [r0, #(6*\stride)]
    ldr r8, [r0, #(7*\stride)]
.endm
@ ct8 stride, load, next: layers (4 stride, 2 stride, stride) on a[j +
@ stride i], i = 0..7 (r0 = &a[j], advanced by one coefficient), the zetas
@ in s0-s6. load = 0: the column's values are in r1-r8 already (the column
@ before loaded them); next = 1: the last value (a[j + 7 stride], from lr)
@ is stored after the next column's loads, so that store pipelines behind a
@ load (1 cycle instead of 2; wip/saber-dec5).
@ ct8b last: ct8's three layers on r1-r8 (last = 1: r8's output in lr, ctl).
.macro ct8b last=0
    vmov lr, s0
    ct r1, r5, lr
    ct r2, r6, lr
    ct r3, r7, lr
    ct r4, r8, lr
    vmov lr, s1
    ct r1, r3, lr
    ct r2, r4, lr
    vmov lr, s2
    ct r5, r7, lr
    ct r6, r8, lr
    vmov lr, s3
    ct r1, r2, lr
    vmov lr, s4
    ct r3, r4, lr
    vmov lr, s5
    ct r5, r6, lr
    vmov lr, s6
.if \last
    ctl r7, r8, lr
.else
    ct r7, r8, lr
.endif
.endm
.macro ct8 stride, load=1, next=0
.if \load
    ld8 \stride
.endif
    ct8b \next
    str r2, [r0, #(1*\stride)]
    str r3, [r0, #(2*\stride)]
    str r4, [r0, #(3*\stride)]
    str r5, [r0, #(4*\stride)]
    str r6, [r0, #(5*\stride)]
    str r7, [r0, #(6*\stride)]
.if \next
    str r1, [r0], #4
    ld8 \stride
    str lr, [r0, #(7*\stride - 4)]
.else
    str r8, [r0, #(7*\stride)]
    str r1, [r0], #4
.endif
.endm
@ pass2_from_s9: the second pass over the whole polynomial (a = s9, its
@ zetas from block 8 of s8's table, s11 = a + 1024, the end), then return.
.macro pass2_from_s9
    vmov r0, s9
    vmov r2, s8
    add r2, r2, #256            @ block 8's zetas
    vmov s10, r2
    add r2, r0, #1024
    vmov s11, r2
    pass2
    pop {r4-r11, pc}
.endm
@ pass2: forward's second pass (layers 16, 8, 4) on the blocks of 32 from
@ r0 to s11; s10 points at the block's seven zetas in the M4 table's block
@ layout (ntt.cpp, kZetasM4[64 + 7 (k - 8) ..]: zetas[k], zetas[2k, 2k + 1],
@ zetas[4k .. 4k + 3]), loaded by one VLDM. The block's four columns are
@ unrolled (no inner loop). The M4 transform layout (ntt.cpp, since
@ wip/saber-dec5): column c of block k, coefficients 32 k + c + 4 i, is
@ the eight words 32 k + 8 c + i, so a column is one LDM and one STM
@ (9 + 9 cycles, not 9 + 16: the first pass already stores there).
.macro pass2
    .p2align 2
2:
    vmov r1, s10
    vldmia r1!, {s0-s6}
    vmov s10, r1
    .rept 4
    ldm r0, {r1-r8}
    ct8b
    stm r0!, {r1-r8}
    .endr
    vmov lr, s11
    cmp r0, lr
    bne 2b
.endm
@ pass2n: forward()'s second pass on a polynomial whose first pass left it
@ in the natural order (in place from natural input), writing the M4
@ layout: column c's outputs go to words 8 c .. 8 c + 7 of the block,
@ which still hold inputs of columns c + 1..3 (c' + 4 i for i = 2 c, 2 c +
@ 1); those are loaded into s16-s27 first (VLDR) and taken from there (12
@ a block; s16-s27 saved by the caller). r0 steps 32 bytes a column.
.macro pass2n
    .p2align 2
2:
    vmov r1, s10
    vldmia r1!, {s0-s6}
    vmov s10, r1
    @ column 0: inputs at words 0, 4, .., 28; keep words 1, 2, 3, 5, 6, 7
    vldr s16, [r0, #4]
    vldr s17, [r0, #8]
    vldr s18, [r0, #12]
    vldr s19, [r0, #20]
    vldr s20, [r0, #24]
    vldr s21, [r0, #28]
    ld8 16
    ct8b
    stm r0!, {r1-r8}
    @ column 1: i = 0, 1 in s16, s19, then words 9, 13, .., 29; keep 10, 11, 14, 15
    vldr s22, [r0, #(40 - 32)]
    vldr s23, [r0, #(44 - 32)]
    vldr s24, [r0, #(56 - 32)]
    vldr s25, [r0, #(60 - 32)]
    vmov r1, s16
    vmov r2, s19
    ldr r3, [r0, #(36 - 32)]
    ldr r4, [r0, #(52 - 32)]
    ldr r5, [r0, #(68 - 32)]
    ldr r6, [r0, #(84 - 32)]
    ldr r7, [r0, #(100 - 32)]
    ldr r8, [r0, #(116 - 32)]
    ct8b
    stm r0!, {r1-r8}
    @ column 2: s17, s20, s22, s24, then words 18, 22, 26, 30; keep 19, 23
    vldr s26, [r0, #(76 - 64)]
    vldr s27, [r0, #(92 - 64)]
    vmov r1, s17
    vmov r2, s20
    vmov r3, s22
    vmov r4, s24
    ldr r5, [r0, #(72 - 64)]
    ldr r6, [r0, #(88 - 64)]
    ldr r7, [r0, #(104 - 64)]
    ldr r8, [r0, #(120 - 64)]
    ct8b
    stm r0!, {r1-r8}
    @ column 3: s18, s21, s23, s25, s26, s27, then words 27, 31
    vmov r1, s18
    vmov r2, s21
    vmov r3, s23
    vmov r4, s25
    vmov r5, s26
    vmov r6, s27
    ldr r7, [r0, #(108 - 96)]
    ldr r8, [r0, #(124 - 96)]
    ct8b
    stm r0!, {r1-r8}
    vmov lr, s11
    cmp r0, lr
    bne 2b
.endm

    .section .text.pqmcu_saber_ntt_forward_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_forward_m4
    .type pqmcu_saber_ntt_forward_m4, %function
    .thumb_func
pqmcu_saber_ntt_forward_m4:
    push {r4-r11, lr}
    vpush {s16-s27}
    mov r9, r2
    mov r10, r3
    vmov s8, r1
    vmov s9, r0
    @ ---- layers 128, 64, 32: a[j + 32 i], i = 0..7, j = 0..31; zetas 1..7
    ldr r2, [r1, #4]
    vmov s0, r2
    ldr r2, [r1, #8]
    vmov s1, r2
    ldr r2, [r1, #12]
    vmov s2, r2
    ldr r2, [r1, #16]
    vmov s3, r2
    ldr r2, [r1, #20]
    vmov s4, r2
    ldr r2, [r1, #24]
    vmov s5, r2
    ldr r2, [r1, #28]
    vmov s6, r2
    add r2, r0, #128
    vmov s7, r2
    .p2align 2
1:
    ct8 128, 1, 1
    ct8 128, 0, 0
    vmov lr, s7
    cmp r0, lr
    bne 1b
    @ ---- layers 16, 8, 4: blocks of 32 (k = 8..15), a[b + j + 4 i], j = 0..3,
    @ natural in, the M4 layout out (pass2n)
    vmov r0, s9
    vmov r2, s8
    add r2, r2, #256            @ block 8's zetas
    vmov s10, r2
    add r2, r0, #1024
    vmov s11, r2
    pass2n
    vpop {s16-s27}
    pop {r4-r11, pc}
    .size pqmcu_saber_ntt_forward_m4, .-pqmcu_saber_ntt_forward_m4

@ l1 a, b, op: layer 1's butterfly, one side: a = a op b z1 / 2^32 (lr = z1).
.macro l1 a, b, op
    smull r11, r12, \b, lr
    mul \b, r11, r10
    smlal r11, r12, \b, r9
    \op \a, \a, r12
.endm

@ l1s a, b, op: l1 for a 4-bit field b (|b| <= 8, so |b z1| < 2^31), lr =
@ z1 (-q^-1) mod 2^32: m = b lr is the Montgomery multiplier, and since
@ b z1 + m q is 0 mod 2^32 with |b z1| < 2^31, (b z1 + m q) / 2^32 is the
@ high word of m q rounded (SMMULR): l1's exact value in three cycles, not four;
@ two, with the addition folded into the rounded multiply-accumulate:
@ SMMLAR gives a + that value, SMMLSR a - it (a 2^32 - m q + 2^31, floored:
@ the same, as m q = -b z1 mod 2^32 is never 2^31 mod 2^32 for |b z1| < 2^31).
.macro l1s a, b, op
    mul \b, \b, lr
.ifc \op,add
    smmlar \a, \b, r9, \a
.else
    smmlsr \a, \b, r9, \a
.endif
.endm

@ ct5 a, b, z: ct with r11 and r5 as scratch (col4: r5-r8 are dead after
@ layer 1, so r12 keeps the column pointer across columns).
.macro ct5 a, b, z
    smull r11, r5, \b, \z
    mul \b, r11, r10
    smlal r11, r5, \b, r9
    sub \b, \a, r5
    add \a, \a, r5
.endm
@ col4 op, bits: one column of passa4: layer 1 (this half's side: op = add
@ for h = 0, sub for h = 1), 2 and 3 from the fields of column j (r12 points
@ at it: s' in the column layout, field j + 32 i in field i of the column),
@ one word load and an SBFX a field. bits = 4: 4-aligned words, field i in
@ nibble i; bits = 3: 3-byte columns, the word loaded from the byte before
@ the column (r12 starts one byte early), field i at bit 8 + 3 i.
@ c: the column's place in the loop's four (column j = 4 m + c goes to
@ words 8 c + m of the four blocks: the M4 layout, pass2; r0 = m words in).
.macro col4 op, bits=4, load=1, next=0, c=0
.if \bits == 4
.if \load
    ldr r8, [r12], #4
.endif
    sbfx r1, r8, #0, #4
    sbfx r2, r8, #4, #4
    sbfx r3, r8, #8, #4
    sbfx r4, r8, #12, #4
    sbfx r5, r8, #16, #4
    sbfx r6, r8, #20, #4
    sbfx r7, r8, #24, #4
    asr r8, r8, #28
.else
.if \load
    ldr r8, [r12], #3
.endif
    sbfx r1, r8, #8, #3
    sbfx r2, r8, #11, #3
    sbfx r3, r8, #14, #3
    sbfx r4, r8, #17, #3
    sbfx r5, r8, #20, #3
    sbfx r6, r8, #23, #3
    sbfx r7, r8, #26, #3
    asr r8, r8, #29
.endif
    vmov lr, s5
    l1s r1, r5, \op
    l1s r2, r6, \op
    @ layer 2: the product of x2 op mont(x6, z1) by z2 as the exact
    @ Montgomery value of L = x2 z2 + x6 d_h (ntt.cpp, kL2D: |L| < 2^31):
    @ m = x2 (z2 (-q^-1)) + x6 (d_h (-q^-1)), SMMULR by q (s3, s4)
    vmov lr, s3
    mul r5, r3, lr
    mul r6, r4, lr
    vmov lr, s4
    smlal r5, r11, r7, lr       @ the low word (MLA costs 2 cycles; r11's high word is scratch)
    smlal r6, r11, r8, lr
    smmlsr r3, r5, r9, r1       @ a - t, a + t (l1s's SMMLSR / SMMLAR)
    smmlar r1, r5, r9, r1
    smmlsr r4, r6, r9, r2
    smmlar r2, r6, r9, r2
    vmov lr, s1
    ct5 r1, r2, lr
    vmov lr, s2
    ct5 r3, r4, lr
    str r2, [r0, #(32*\c + 128)]
    str r3, [r0, #(32*\c + 256)]
    str r4, [r0, #(32*\c + 384)]
.if \next
    @ the next column's word (r8 is dead since layer 2): the store after it
    @ pipelines behind the load (1 cycle, not 2; wip/saber-dec5)
.if \bits == 4
    ldr r8, [r12], #4
.else
    ldr r8, [r12], #3
.endif
.endif
    str r1, [r0, #(32*\c)]
.endm
@ passa4 op, bits: the half's 32 columns, four a loop (columns 2-4 loaded
@ by the column before, col4's next; not across iterations, so no word past
@ the 32 columns is read).
.macro passa4 op, bits=4
    .p2align 2
1:
    col4 \op, \bits, 1, 1, 0
    col4 \op, \bits, 0, 1, 1
    col4 \op, \bits, 0, 1, 2
    col4 \op, \bits, 0, 0, 3
    adds r0, r0, #4
    vmov lr, s7
    cmp r0, lr
    bne 1b
.endm

@ half_pass2: a half transform's second pass (layers 4-6 of its four blocks
@ of 32), after its first pass (s9 = out, s8 = zetas, s12 = h).
.macro half_pass2
    vmov r0, s9
    vmov r2, s12
    vmov r1, s8
    add r1, r1, #256            @ block 8 + 4 h's zetas: 4 blocks of 7 words a half
    movs r3, #112
    mla r1, r2, r3, r1
    vmov s10, r1
    add r2, r0, #512
    vmov s11, r2
    pass2
.endm

@ void pqmcu_saber_ntt_forward_half4_m4(int32_t out[128], const uint8_t s4[128],
@     const int32_t zetas[256], uintptr_t tail_h = tail + h (h in the low bit:
@     four register arguments; tail = kAsmTail, {q, -q^-1, ...}):
@ half h of forward() of the 256 4-bit two's complement fields s4 (s', in
@ the column layout: word j, 4-aligned, holds field j + 32 i in nibble i), the
@ same values as forward_half_packed's C code: layers 1-3 straight from the
@ fields (layer 1 only the half-h side), then forward's second pass on the
@ half's four blocks of 32.
@ bits = 3 (fwdhalfc ..., 3): FireSaber's s' (|s'| <= 3) as 3-bit fields,
@ column j in bytes 3 j .. 3 j + 2 (field i at bit 3 i); the word loads read
@ the byte before each column (so one before s3, never past its 96 bytes).
.macro fwdhalfc name, bits
    .section .text.\name, "ax", %progbits
    .align 2
    .global \name
    .type \name, %function
    .thumb_func
\name:
    push {r4-r11, lr}
    and r4, r3, #1              @ h (tail's low bit)
    bic r3, r3, #1
    vmov s12, r4
    ldr r9, [r3, #0]
    ldr r10, [r3, #4]
    add r5, r3, r4, lsl #3      @ layer 2's multipliers of half h (tail[5 + 2 h], tail[6 + 2 h])
    ldr r6, [r5, #20]
    vmov s3, r6
    ldr r6, [r5, #24]
    vmov s4, r6
.if \bits == 3
    subs r1, r1, #1             @ the column words are loaded from the byte before
.endif
    mov r12, r1                 @ the column pointer (col4)
    vmov s8, r2
    vmov s9, r0
    ldr r3, [r2, #4]
    mul r3, r3, r10             @ z1 (-q^-1): l1s's multiplier
    vmov s5, r3
    add r1, r2, r4, lsl #3
    ldr r3, [r1, #16]
    vmov s1, r3
    ldr r3, [r1, #20]
    vmov s2, r3
    add r1, r0, #32             @ (the first pass's r0 steps a word per four columns)
    vmov s7, r1
    cmp r4, #0
    bne 5f
    passa4 add, \bits
    b 6f
5:
    passa4 sub, \bits
6:
    half_pass2
    pop {r4-r11, pc}
    .size \name, .-\name
.endm
    fwdhalfc pqmcu_saber_ntt_forward_half4_m4, 4
    fwdhalfc pqmcu_saber_ntt_forward_half3_m4, 3

@ l3col8 next, off: a whole column's layer 3 (pairs (1,2) (3,4) (5,6) (7,8), factors
@ in s3-s6) and its eight stores, 128 bytes apart from r0 + off (the
@ column's word in the M4 layout: column j = 4 m + c at word 8 c + m of
@ each block; r0 is not advanced). next = 1: the eighth value is left in
@ lr for the next column's fields8 to store behind its loads (at r0 + off + 896).
.macro l3col8 next=0, off=0
    vmov lr, s3
    ct r1, r2, lr
    vmov lr, s4
    ct r3, r4, lr
    vmov lr, s5
    ct r5, r6, lr
    vmov lr, s6
.if \next
    ctl r7, r8, lr
.else
    ct r7, r8, lr
.endif
    str r2, [r0, #(\off + 128)]
    str r3, [r0, #(\off + 256)]
    str r4, [r0, #(\off + 384)]
    str r5, [r0, #(\off + 512)]
    str r6, [r0, #(\off + 640)]
    str r7, [r0, #(\off + 768)]
.if \next == 0
    str r8, [r0, #(\off + 896)]
.endif
    str r1, [r0, #(\off)]
.endm

@ colw_layers: a column's three layers once its eight fields are in r1-r8
@ (colw, colw13s): layer 1 on both sides (l1w, lr = s0 = z1 (-q^-1)), layer 2
@ on both halves, layer 3 and the stores (l3col8).
.macro colw_layers next=0, off=0
    vmov lr, s0
    l1w r1, r5
    l1w r2, r6
    @ layer 2 as col4's, both halves: top (x2 + mont(x6, z1)) by s1 / s2,
    @ bottom (x2 - mont(x6, z1)) by s12 / s13 (the multipliers of h = 0, 1)
    vmov lr, s1
    mul r11, r3, lr
    mul r12, r4, lr
    vmov lr, s2
    smlal r11, r10, r7, lr      @ low words only: r10's high word is scratch (restored from s14)
    smlal r12, r10, r8, lr
    vmov lr, s12
    mul r3, r3, lr
    mul r4, r4, lr
    vmov lr, s13
    smlal r3, r10, r7, lr
    smlal r4, r10, r8, lr
    vmov r10, s14
    smmlsr r7, r3, r9, r5       @ a -+ t by SMMLSR / SMMLAR (l1s)
    smmlar r5, r3, r9, r5
    smmlsr r8, r4, r9, r6
    smmlar r6, r4, r9, r6
    smmlsr r3, r11, r9, r1
    smmlar r1, r11, r9, r1
    smmlsr r4, r12, r9, r2
    smmlar r2, r12, r9, r2
    l3col8 \next, \off
.endm

@ colw bits: one column of fwdwc (the whole transform of s' from its column
@ fields): the column's eight fields as in col4 (s7 points at the column),
@ layer 1 on both sides (l1s's product: MUL by z1 (-q^-1), SMMULR by q, lr
@ = s0), then layers 2 and 3 as ct8 (zetas[2..7] in s1-s6); outputs a[j + 32 i].
.macro colw bits, c
    vmov r12, s7
.if \bits == 4
    ldr r8, [r12], #4
    vmov s7, r12
    sbfx r1, r8, #0, #4
    sbfx r2, r8, #4, #4
    sbfx r3, r8, #8, #4
    sbfx r4, r8, #12, #4
    sbfx r5, r8, #16, #4
    sbfx r6, r8, #20, #4
    sbfx r7, r8, #24, #4
    asr r8, r8, #28
.else
    ldr r8, [r12], #3
    vmov s7, r12
    sbfx r1, r8, #8, #3
    sbfx r2, r8, #11, #3
    sbfx r3, r8, #14, #3
    sbfx r4, r8, #17, #3
    sbfx r5, r8, #20, #3
    sbfx r6, r8, #23, #3
    sbfx r7, r8, #26, #3
    asr r8, r8, #29
.endif
    colw_layers 0, (32*\c)
.endm
@ l1w a, b: layer 1's butterfly on a 4- or 3-bit field b (|b| <= 8), both
@ sides: t = l1s's exact Montgomery product b z1 / 2^32 (lr = z1 (-q^-1)),
@ (a, b) = (a + t, a - t), as ct.
.macro l1w a, b
    mul r12, \b, lr
    smmlsr \b, r12, r9, \a
    smmlar \a, r12, r9, \a
.endm

@ void pqmcu_saber_ntt_forward4_m4(int32_t a[256], const uint8_t s4[128],
@     const int32_t zetas[], const int32_t tail[2] = {q, -q^-1}): forward() of
@ the 256 4-bit fields of s' in the column layout (the values of
@ forward_half4_m4's two halves, in one pass: layer 1 computed once);
@ pqmcu_saber_ntt_forward3_m4 likewise for FireSaber's 3-bit columns (the
@ word loads start one byte before each 3-byte column, as forward_half3_m4).
@ fwdw_consts: the whole forwards' constants into FPU registers (after r9 =
@ q, r10 = -q^-1 from the tail r3): zetas (r2) and layer 2's multipliers.
.macro fwdw_consts
    vmov s8, r2
    vmov s9, r0
    ldr r4, [r3, #20]           @ layer 2's multipliers (col4's, h = 0 and 1)
    vmov s1, r4
    ldr r4, [r3, #24]
    vmov s2, r4
    ldr r4, [r3, #28]
    vmov s12, r4
    ldr r4, [r3, #32]
    vmov s13, r4
    ldr r3, [r2, #4]
    mul r3, r3, r10             @ z1 (-q^-1)
    vmov s0, r3
    ldr r3, [r2, #16]
    vmov s3, r3
    ldr r3, [r2, #20]
    vmov s4, r3
    ldr r3, [r2, #24]
    vmov s5, r3
    ldr r3, [r2, #28]
    vmov s6, r3
    add r3, r0, #32             @ (the first pass's r0 steps a word per four columns)
    vmov s11, r3
.endm

.macro fwdwc name, bits
    .section .text.\name, "ax", %progbits
    .align 2
    .global \name
    .type \name, %function
    .thumb_func
\name:
    push {r4-r11, lr}
    ldr r9, [r3, #0]
    ldr r10, [r3, #4]
    vmov s14, r10               @ -q^-1, restored after colw's layer 2
.if \bits == 3
    subs r1, r1, #1
.endif
    vmov s7, r1
    fwdw_consts
    .p2align 2
1:
    colw \bits, 0
    colw \bits, 1
    colw \bits, 2
    colw \bits, 3
    adds r0, r0, #4
    vmov lr, s11
    cmp r0, lr
    bne 1b
    pass2_from_s9
    .size \name, .-\name
.endm
    fwdwc pqmcu_saber_ntt_forward4_m4, 4
    fwdwc pqmcu_saber_ntt_forward3_m4, 3

@ Column c of a group's eight bits-wide fields into r1-r8 (sign-extended):
@ the group's first byte is in the named s register; one unaligned word load
@ and one SBFX a field, offsets and shifts fixed at assembly time.
@ dst >= 0: then the previous column's last value (lr) is stored at r0 + dst,
@ right behind the loads (1 cycle instead of 2; wip/saber-dec5).
.macro fields8 base, bits, c, dst=-1
    vmov r12, \base
    ldr r1, [r12, #((\bits*\c)/8 + 0*4*\bits)]
    ldr r2, [r12, #((\bits*\c)/8 + 1*4*\bits)]
    ldr r3, [r12, #((\bits*\c)/8 + 2*4*\bits)]
    ldr r4, [r12, #((\bits*\c)/8 + 3*4*\bits)]
    ldr r5, [r12, #((\bits*\c)/8 + 4*4*\bits)]
    ldr r6, [r12, #((\bits*\c)/8 + 5*4*\bits)]
    ldr r7, [r12, #((\bits*\c)/8 + 6*4*\bits)]
    ldr r8, [r12, #((\bits*\c)/8 + 7*4*\bits)]
.if \dst >= 0
    str lr, [r0, #\dst]
.endif
    sbfx r1, r1, #((\bits*\c)%8), #\bits
    sbfx r2, r2, #((\bits*\c)%8), #\bits
    sbfx r3, r3, #((\bits*\c)%8), #\bits
    sbfx r4, r4, #((\bits*\c)%8), #\bits
    sbfx r5, r5, #((\bits*\c)%8), #\bits
    sbfx r6, r6, #((\bits*\c)%8), #\bits
    sbfx r7, r7, #((\bits*\c)%8), #\bits
    sbfx r8, r8, #((\bits*\c)%8), #\bits
.endm

@ l3st next, off: layer 3 of a column's first four values (its factors in s1, s2) and
@ their stores, 128 bytes apart from r0 + off (as l3col8); next = 1: the
@ fourth value is left in lr for the next column's fields8 (at r0 + off + 384).
.macro l3st next=0, off=0
    vmov lr, s1
    ct r1, r2, lr
    vmov lr, s2
.if \next
    ctl r3, r4, lr
.else
    ct r3, r4, lr
.endif
    str r2, [r0, #(\off + 128)]
    str r3, [r0, #(\off + 256)]
.if \next == 0
    str r4, [r0, #(\off + 384)]
.endif
    str r1, [r0, #(\off)]
.endm
@ (the column c of eight's arguments: .Loff its word's byte offset from r0
@ in the M4 layout, column j = 8 m + c at word 8 (c mod 4) + 2 m + c / 4
@ of each block, r0 = 2 m words in; .Ldst fields8's dst (the previous
@ column's deferred value, at its offset + last), .Lnext l3col8 / l3st's next)
.macro defer8 c, last
    .set .Loff, 32*((\c) % 4) + 4*((\c) / 4)
.if \c > 0
    .set .Ldst, 32*((\c - 1) % 4) + 4*((\c - 1) / 4) + \last
.else
    .set .Ldst, -1
.endif
.if \c < 7
    .set .Lnext, 1
.else
    .set .Lnext, 0
.endif
.endm

@ passaf bits: as passa4 for 10- or 13-bit fields (b, b' and the secret
@ key's s): field j + 32 i starts at bit bits j + 32 bits i, so a column's
@ eight fields share the shift bits j mod 8 and sit 4 bits bytes apart from
@ byte bits j / 8. Eight columns a loop (s6 = the group's first byte, bits
@ bytes a group), so each column's byte offsets and shift are constants: one
@ unaligned word load and one SBFX a field. Layer 1 always adds: half 1's
@ side a - b z1 is a + b (-z1), the same value (s5 = -z1; Montgomery's
@ multiplier just changes sign, which ntt.cpp checks can never be -2^31).
.macro colf bits, c
    defer8 \c, 384
    fields8 s6, \bits, \c, .Ldst
    vmov lr, s5
    l1 r1, r5, add
    l1 r2, r6, add
    l1 r3, r7, add
    l1 r4, r8, add
    vmov lr, s0
    ct r1, r3, lr
    ct r2, r4, lr
    l3st .Lnext, .Loff
.endm
@ pass8 col, arg, bits: eight columns a loop, \col \arg, c for c = 0..7
@ (s6 the group's first byte, bits bytes a group; s7 the end of the output).
.macro pass8 col, arg, bits
    .p2align 2
1:
    .irp c, 0, 1, 2, 3, 4, 5, 6, 7
    \col \arg, \c
    .endr
    vmov r12, s6
    add r12, r12, #\bits
    vmov s6, r12
    adds r0, r0, #8             @ (two words per eight columns: the M4 layout)
    vmov lr, s7
    cmp r0, lr
    bne 1b
.endm
.macro passaf bits
    pass8 colf, \bits, \bits
.endm

@ void pqmcu_saber_ntt_forward_half{10,13}_m4(int32_t out[128], const uint8_t s[32 bits],
@     const int32_t zetas[256], uintptr_t tail_h): as
@ forward_half4_m4 (tail_h = tail + h) for 10- or 13-bit fields. The word loads read up to 2
@ bytes past the 32 bits bytes (the callers' buffers go on: sk's pk follows
@ s, pk's seed follows b, ct's c_m follows b'). fwdhalf name, bits:
.macro fwdhalf name, bits
    .section .text.\name, "ax", %progbits
    .align 2
    .global \name
    .type \name, %function
    .thumb_func
\name:
    push {r4-r11, lr}
    and r4, r3, #1              @ h (tail's low bit)
    bic r3, r3, #1
    vmov s12, r4
    ldr r9, [r3, #0]
    ldr r10, [r3, #4]
    vmov s6, r1
    vmov s8, r2
    vmov s9, r0
    ldr r3, [r2, #4]
    cmp r4, #0                  @ half 1: layer 1 subtracts b z1, i.e. adds b (-z1)
    it ne
    rsbne r3, r3, #0
    vmov s5, r3
    add r1, r2, r4, lsl #2
    ldr r3, [r1, #8]
    vmov s0, r3
    add r1, r2, r4, lsl #3
    ldr r3, [r1, #16]
    vmov s1, r3
    ldr r3, [r1, #20]
    vmov s2, r3
    add r1, r0, #32             @ (r0 steps two words per eight columns)
    vmov s7, r1
    passaf \bits
    half_pass2
    pop {r4-r11, pc}
    .size \name, .-\name
.endm

    fwdhalf pqmcu_saber_ntt_forward_half10_m4, 10
    fwdhalf pqmcu_saber_ntt_forward_half13_m4, 13

@ void pqmcu_saber_ntt_forward{13,10}_m4(int32_t a[256], const uint8_t s[32 bits + 2],
@     const int32_t zetas[256], const int32_t tail[2] = {q, -q^-1}): forward() of
@ the 256 13- or 10-bit two's complement fields (an A entry, b or b'; not
@ in a), with
@ layers 1-3 taken straight from the fields (no unpacking pass over a):
@ forward's first pass with each coefficient an unaligned word load and an
@ SBFX (eight columns a loop, constant offsets and shifts as in passaf;
@ s13 = the group's first byte), then its second pass. The word loads read
@ up to 2 bytes past the 32 bits bytes (the callers' buffers have them).
.macro colq bits, c
    defer8 \c, 896
    fields8 s13, \bits, \c, .Ldst
    vmov lr, s0
    ct r1, r5, lr
    ct r2, r6, lr
    ct r3, r7, lr
    ct r4, r8, lr
    vmov lr, s1
    ct r1, r3, lr
    ct r2, r4, lr
    vmov lr, s2
    ct r5, r7, lr
    ct r6, r8, lr
    l3col8 .Lnext, .Loff
.endm

.macro fwdq name, bits
    .section .text.\name, "ax", %progbits
    .align 2
    .global \name
    .type \name, %function
    .thumb_func
\name:
    push {r4-r11, lr}
    ldr r9, [r3, #0]            @ q (tail)
    ldr r10, [r3, #4]           @ -q^-1
    vmov s8, r2
    vmov s9, r0
    vmov s13, r1
    ldr r3, [r2, #4]
    vmov s0, r3
    ldr r3, [r2, #8]
    vmov s1, r3
    ldr r3, [r2, #12]
    vmov s2, r3
    ldr r3, [r2, #16]
    vmov s3, r3
    ldr r3, [r2, #20]
    vmov s4, r3
    ldr r3, [r2, #24]
    vmov s5, r3
    ldr r3, [r2, #28]
    vmov s6, r3
    add r3, r0, #32             @ (r0 steps two words per eight columns)
    vmov s7, r3
    .p2align 2
1:
    .irp c, 0, 1, 2, 3, 4, 5, 6, 7
    colq \bits, \c
    .endr
    vmov r12, s13
    add r12, r12, #\bits
    vmov s13, r12
    adds r0, r0, #8             @ (two words per eight columns: the M4 layout)
    vmov lr, s7
    cmp r0, lr
    bne 1b
    pass2_from_s9
    .size \name, .-\name
.endm
    fwdq pqmcu_saber_ntt_forward13_m4, 13
    fwdq pqmcu_saber_ntt_forward10_m4, 10

@ ---- the secret key's s_j (13-bit fields, |s| <= 5: decryption): the
@ small-value layers of the 4-bit s' transforms (l1s, layer 2 as the exact
@ Montgomery value of x2 z2 + x6 d_h, l1w) on the 13-bit fields' columns
@ (fields8, eight columns a loop as passaf / fwdq). The values are congruent
@ to forward()'s mod q, within the same bounds (those of forward_half4_m4 /
@ forward4_m4 on the same values), not always equal.
@ void pqmcu_saber_ntt_forward_half13s_m4(int32_t out[128], const uint8_t s13[416 + 2],
@     const int32_t zetas[256], uintptr_t tail_h)   (tail_h = tail + h, as forward_half4_m4)
@ void pqmcu_saber_ntt_forward13s_m4(int32_t a[256], const uint8_t s13[416 + 2],
@     const int32_t zetas[256], const int32_t tail[9])
@ (the word loads read up to 2 bytes past the 416: sk's pk follows s.)
.macro col13s op, c
    defer8 \c, 384
    fields8 s6, 13, \c, .Ldst
    vmov lr, s5
    l1s r1, r5, \op
    l1s r2, r6, \op
    vmov lr, s3
    mul r5, r3, lr
    mul r6, r4, lr
    vmov lr, s4
    smlal r5, r11, r7, lr       @ the low word (as col4)
    smlal r6, r11, r8, lr
    smmlsr r3, r5, r9, r1
    smmlar r1, r5, r9, r1
    smmlsr r4, r6, r9, r2
    smmlar r2, r6, r9, r2
    l3st .Lnext, .Loff
.endm
.macro passa13s op
    pass8 col13s, \op, 13
.endm

    .section .text.pqmcu_saber_ntt_forward_half13s_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_forward_half13s_m4
    .type pqmcu_saber_ntt_forward_half13s_m4, %function
    .thumb_func
pqmcu_saber_ntt_forward_half13s_m4:
    push {r4-r11, lr}
    and r4, r3, #1              @ h (tail's low bit)
    bic r3, r3, #1
    vmov s12, r4
    ldr r9, [r3, #0]
    ldr r10, [r3, #4]
    add r5, r3, r4, lsl #3      @ layer 2's multipliers of half h (tail[5 + 2 h], tail[6 + 2 h])
    ldr r6, [r5, #20]
    vmov s3, r6
    ldr r6, [r5, #24]
    vmov s4, r6
    vmov s6, r1                 @ the group's first byte (fields8)
    vmov s8, r2
    vmov s9, r0
    ldr r3, [r2, #4]
    mul r3, r3, r10             @ z1 (-q^-1): l1s's multiplier
    vmov s5, r3
    add r1, r2, r4, lsl #3
    ldr r3, [r1, #16]
    vmov s1, r3
    ldr r3, [r1, #20]
    vmov s2, r3
    add r1, r0, #32             @ (r0 steps two words per eight columns)
    vmov s7, r1
    cmp r4, #0
    bne 5f
    passa13s add
    b 6f
5:
    passa13s sub
6:
    half_pass2
    pop {r4-r11, pc}
    .size pqmcu_saber_ntt_forward_half13s_m4, .-pqmcu_saber_ntt_forward_half13s_m4

@ colw13s c: colw on column c of the 13-bit fields (s10 = the group's first byte).
.macro colw13s c
    defer8 \c, 896
    fields8 s10, 13, \c, .Ldst
    colw_layers .Lnext, .Loff
.endm

    .section .text.pqmcu_saber_ntt_forward13s_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_forward13s_m4
    .type pqmcu_saber_ntt_forward13s_m4, %function
    .thumb_func
pqmcu_saber_ntt_forward13s_m4:
    push {r4-r11, lr}
    ldr r9, [r3, #0]
    ldr r10, [r3, #4]
    vmov s14, r10               @ -q^-1, restored after colw's layer 2
    vmov s10, r1                @ the group's first byte (fields8)
    fwdw_consts
    .p2align 2
1:
    .irp c, 0, 1, 2, 3, 4, 5, 6, 7
    colw13s \c
    .endr
    vmov r12, s10
    add r12, r12, #13
    vmov s10, r12
    adds r0, r0, #8             @ (two words per eight columns: the M4 layout)
    vmov lr, s11
    cmp r0, lr
    bne 1b
    pass2_from_s9
    .size pqmcu_saber_ntt_forward13s_m4, .-pqmcu_saber_ntt_forward13s_m4
