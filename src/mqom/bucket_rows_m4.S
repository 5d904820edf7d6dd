@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ The bucket pass of Lanes::row_public (lanes.hpp) on the M4, for GF(256)
@ entries, 4-bit digits and rows of 5 or 7 words (the L1 fast / faster sets),
@ and of 1 or 2 words (the streaming verifier's groups of up to 4 / 8 lanes):
@
@ void pqmcu_mqom_bucket_rows{1,2,5,7}_m4(const uint8_t* c, const uint32_t* xT,
@                                    uint32_t len, uint32_t* base)
@   for k < len: for each non-zero nibble h of c[k] (digit t = 0 low, 1 high):
@     row at base + (15 t + h) * nw words ^= xT[k * nw .. k * nw + nw)
@   (base = the first bucket - one row, as in row_public).
@
@ Branches and bucket addresses depend on the public c[k] only.
@ Why assembly: with both buckets of an entry in flight, the x row is loaded
@ once per half (LDM) and each bucket half costs LDM + EORs + STM (1 + n,
@ n, 1 + n cycles), against GCC's ldr/eor/str per word (2 + 1 + 2) and its
@ spills at 7 words. Registers: r0 c, r1 the x row (advances as it is
@ read), r2 c end, r3 base, r4-r7 x words, r8-r11 bucket words, r12 / lr
@ the low / high digit's bucket. Every instruction is a 32-bit encoding, so
@ none straddles a 1 KiB boundary wherever the code lands.
    .syntax unified
    .thumb

@ b[0..n) ^= r4.. (n = 2, 3 or 4 words), b advances by n words.
.macro PQ_BX b, n
    .if \n == 4
    ldmia.w \b, {r8, r9, r10, r11}
    eor.w r8, r8, r4
    eor.w r9, r9, r5
    eor.w r10, r10, r6
    eor.w r11, r11, r7
    stmia.w \b!, {r8, r9, r10, r11}
    .elseif \n == 3
    ldmia.w \b, {r8, r9, r10}
    eor.w r8, r8, r4
    eor.w r9, r9, r5
    eor.w r10, r10, r6
    stmia.w \b!, {r8, r9, r10}
    .else
    ldmia.w \b, {r8, r9}
    eor.w r8, r8, r4
    eor.w r9, r9, r5
    stmia.w \b!, {r8, r9}
    .endif
.endm

@ r4.. = the next n words of the x row.
.macro PQ_LX n
    .if \n == 4
    ldmia.w r1!, {r4, r5, r6, r7}
    .elseif \n == 3
    ldmia.w r1!, {r4, r5, r6}
    .else
    ldmia.w r1!, {r4, r5}
    .endif
.endm

@ reg = base + (reg + off) * nw words (nw = 5 or 7; off = 0 or 15).
.macro PQ_ADDR reg, nw, off
    .if \nw == 7
    rsb.w \reg, \reg, \reg, lsl #3
    .else
    add.w \reg, \reg, \reg, lsl #2
    .endif
    add.w \reg, r3, \reg, lsl #2
    .if \off
    add.w \reg, \reg, #(\off * \nw * 4)
    .endif
.endm

@ One function: nw = a + b words, x row read in halves of a then b words.
.macro PQ_ROWS name, nw, a, b
    .section .text.\name, "ax", %progbits
    .align 2
    .global \name
    .type \name, %function
    .thumb_func
\name:
    push.w {r4-r11, lr}
    cmp.w r2, #0
    beq.w 9f
    add.w r2, r0, r2
1:
    ldrb.w r4, [r0], #1
    cmp.w r4, #0
    beq.w 5f                    @ c[k] = 0: no bucket
    ands.w r12, r4, #15
    beq.w 6f                    @ high digit only
    lsrs.w lr, r4, #4
    beq.w 7f                    @ low digit only
    PQ_ADDR r12, \nw, 0
    PQ_ADDR lr, \nw, 15
    PQ_LX \a
    PQ_BX r12, \a
    PQ_BX lr, \a
    PQ_LX \b
    PQ_BX r12, \b
    PQ_BX lr, \b
    cmp.w r0, r2
    bne.w 1b
    pop.w {r4-r11, pc}
5:
    add.w r1, r1, #(\nw * 4)
    cmp.w r0, r2
    bne.w 1b
    pop.w {r4-r11, pc}
6:
    lsr.w lr, r4, #4
    PQ_ADDR lr, \nw, 15
    PQ_LX \a
    PQ_BX lr, \a
    PQ_LX \b
    PQ_BX lr, \b
    cmp.w r0, r2
    bne.w 1b
    pop.w {r4-r11, pc}
7:
    PQ_ADDR r12, \nw, 0
    PQ_LX \a
    PQ_BX r12, \a
    PQ_LX \b
    PQ_BX r12, \b
    cmp.w r0, r2
    bne.w 1b
9:
    pop.w {r4-r11, pc}
    .size \name, .-\name
.endm

    PQ_ROWS pqmcu_mqom_bucket_rows5_m4, 5, 3, 2
    PQ_ROWS pqmcu_mqom_bucket_rows7_m4, 7, 4, 3

@ Rows of 1 or 2 words: the x row in r4 (r5), loaded once an entry.
.macro PQ_LXS nw
    .if \nw == 2
    ldmia.w r1!, {r4, r5}
    .else
    ldr.w r4, [r1], #4
    .endif
.endm
.macro PQ_BXS b, nw
    .if \nw == 2
    ldmia.w \b, {r8, r9}
    eor.w r8, r8, r4
    eor.w r9, r9, r5
    stmia.w \b, {r8, r9}
    .else
    ldr.w r8, [\b]
    eor.w r8, r8, r4
    str.w r8, [\b]
    .endif
.endm
@ reg = base + (reg + off) * nw words (nw = 1 or 2).
.macro PQ_ADDRS reg, nw, off
    add.w \reg, r3, \reg, lsl #(\nw + 1)
    .if \off
    add.w \reg, \reg, #(\off * \nw * 4)
    .endif
.endm
.macro PQ_ROWS_SMALL name, nw
    .section .text.\name, "ax", %progbits
    .align 2
    .global \name
    .type \name, %function
    .thumb_func
\name:
    push.w {r4-r11, lr}
    cmp.w r2, #0
    beq.w 9f
    add.w r2, r0, r2
1:
    ldrb.w r4, [r0], #1
    cmp.w r4, #0
    beq.w 5f                    @ c[k] = 0: no bucket
    ands.w r12, r4, #15
    beq.w 6f                    @ high digit only
    lsrs.w lr, r4, #4
    beq.w 7f                    @ low digit only
    PQ_ADDRS r12, \nw, 0
    PQ_ADDRS lr, \nw, 15
    PQ_LXS \nw
    PQ_BXS r12, \nw
    PQ_BXS lr, \nw
    cmp.w r0, r2
    bne.w 1b
    pop.w {r4-r11, pc}
5:
    add.w r1, r1, #(\nw * 4)
    cmp.w r0, r2
    bne.w 1b
    pop.w {r4-r11, pc}
6:
    lsr.w lr, r4, #4
    PQ_ADDRS lr, \nw, 15
    PQ_LXS \nw
    PQ_BXS lr, \nw
    cmp.w r0, r2
    bne.w 1b
    pop.w {r4-r11, pc}
7:
    PQ_ADDRS r12, \nw, 0
    PQ_LXS \nw
    PQ_BXS r12, \nw
    cmp.w r0, r2
    bne.w 1b
9:
    pop.w {r4-r11, pc}
    .size \name, .-\name
.endm

    PQ_ROWS_SMALL pqmcu_mqom_bucket_rows1_m4, 1
    PQ_ROWS_SMALL pqmcu_mqom_bucket_rows2_m4, 2

@ void pqmcu_mqom_bucket_rows16x2_m4(const uint16_t* c, const uint32_t* xT,
@                                   uint32_t len, uint32_t* base)
@ GF(2^16) entries (4 nibble digits), rows of 2 words (cat1 short's
@ streaming verifier, groups of 4): bucket h of digit t at base + (15 t + h)
@ * 8 bytes; r3, r7, r10, r11 = the digits' bases, r5 r6 the x row.
.macro PQ_B2 b
    ldmia.w \b, {r8, r9}
    eor.w r8, r8, r5
    eor.w r9, r9, r6
    stmia.w \b, {r8, r9}
.endm
    .section .text.pqmcu_mqom_bucket_rows16x2_m4, "ax", %progbits
    .align 2
    .global pqmcu_mqom_bucket_rows16x2_m4
    .type pqmcu_mqom_bucket_rows16x2_m4, %function
    .thumb_func
pqmcu_mqom_bucket_rows16x2_m4:
    push.w {r4-r11, lr}
    cmp.w r2, #0
    beq.w 9f
    add.w r2, r0, r2, lsl #1
    add.w r7, r3, #120
    add.w r10, r3, #240
    add.w r11, r3, #360
1:
    ldrh.w r4, [r0], #2
    ldmia.w r1!, {r5, r6}
    ands.w r12, r4, #15
    beq.w 2f
    add.w r12, r3, r12, lsl #3
    PQ_B2 r12
2:
    ands.w r12, r4, #0xF0
    beq.w 3f
    add.w r12, r7, r12, lsr #1
    PQ_B2 r12
3:
    ands.w r12, r4, #0xF00
    beq.w 4f
    add.w r12, r10, r12, lsr #5
    PQ_B2 r12
4:
    ands.w r12, r4, #0xF000
    beq.w 5f
    add.w r12, r11, r12, lsr #9
    PQ_B2 r12
5:
    cmp.w r0, r2
    bne.w 1b
9:
    pop.w {r4-r11, pc}
    .size pqmcu_mqom_bucket_rows16x2_m4, .-pqmcu_mqom_bucket_rows16x2_m4

@ The fold of Lanes::fold (lanes.hpp) for GF(256) entries, 4-bit digits and
@ rows of nw = 5 or 7 words (after pqmcu_mqom_bucket_rows{5,7}_m4):
@
@ void pqmcu_mqom_fold{5,7}_m4(const uint32_t* bk, uint32_t* prev, uint32_t* out)
@   per word w: S_i = XOR of the buckets h (1..15) of digit t with bit i of h
@   (bucket h of digit t at bk + (15 t + h - 1) nw words), f = sum_i 2^i S_i
@   (bits 7..0 by Horner with xtime: UADD8 / SEL / EOR on the byte lanes),
@   out[w] = f ^ prev[w], prev[w] = f.
@
@ Buckets hold secret sums; nothing here branches on them or uses them as an
@ address (the loop runs nw times). Why assembly: GCC's fold spilled and
@ reloaded buckets (~133 instructions a word); this one is 30 loads, 44 EORs
@ (the 22-EOR network per digit below), 29 Horner instructions and 7 more.
@ Registers: r0 the word's first bucket, r1 prev, r2 out, r3 end of r0,
@ r4 the Horner accumulator, r5-r10 / lr bucket sums, r11 zero, r12 0x1b x 4.

@ r10 = S0, lr = S1, r6 = S2, r7 = S3 of the digit whose bucket 1 is at
@ [r0, #d] (buckets r bytes apart); r5, r8, r9 clobbered.
.macro PQ_SUMS d, r
    ldr.w r5, [r0, #(\d + 2 * \r)]      @ b3
    ldr.w r6, [r0, #(\d + 6 * \r)]      @ b7
    ldr.w r7, [r0, #(\d + 10 * \r)]     @ b11
    ldr.w r8, [r0, #(\d + 14 * \r)]     @ b15
    eor.w r5, r5, r6
    eor.w r5, r5, r7
    eor.w r5, r5, r8                    @ o3 = b3 b7 b11 b15 (bits 0 and 1)
    ldr.w r9, [r0, #(\d + 11 * \r)]     @ b12
    ldr.w r10, [r0, #(\d + 12 * \r)]    @ b13
    ldr.w lr, [r0, #(\d + 13 * \r)]     @ b14
    eor.w r8, r8, r9
    eor.w r8, r8, r10
    eor.w r8, r8, lr                    @ u = b12 b13 b14 b15 (bits 2 and 3)
    eor.w r10, r10, r5                  @ S0: b13 o3
    eor.w lr, lr, r5                    @ S1: b14 o3
    eor.w r6, r6, r8                    @ S2: b7 u
    eor.w r7, r7, r8                    @ S3: b11 u
    ldr.w r5, [r0, #(\d + 4 * \r)]      @ b5
    ldr.w r8, [r0, #(\d + 5 * \r)]      @ b6
    ldr.w r9, [r0, #(\d + 8 * \r)]      @ b9
    eor.w r10, r10, r5
    eor.w r6, r6, r5
    eor.w lr, lr, r8
    eor.w r6, r6, r8
    eor.w r10, r10, r9
    eor.w r7, r7, r9
    ldr.w r5, [r0, #(\d + 9 * \r)]      @ b10
    ldr.w r8, [r0, #(\d + 0 * \r)]      @ b1
    ldr.w r9, [r0, #(\d + 1 * \r)]      @ b2
    eor.w lr, lr, r5
    eor.w r7, r7, r5
    eor.w r10, r10, r8                  @ S0 = b1 b3 b5 b7 b9 b11 b13 b15
    eor.w lr, lr, r9                    @ S1 = b2 b3 b6 b7 b10 b11 b14 b15
    ldr.w r5, [r0, #(\d + 3 * \r)]      @ b4
    ldr.w r8, [r0, #(\d + 7 * \r)]      @ b8
    eor.w r6, r6, r5                    @ S2 = b4 .. b7 b12 .. b15
    eor.w r7, r7, r8                    @ S3 = b8 .. b15
.endm

@ acc = xtime(acc) ^ s (r5 clobbered).
.macro PQ_HORNER acc, s
    uadd8 \acc, \acc, \acc
    sel r5, r12, r11
    eor.w \acc, \acc, r5
    eor.w \acc, \acc, \s
.endm

.macro PQ_FOLD name, nw
    .section .text.\name, "ax", %progbits
    .align 2
    .global \name
    .type \name, %function
    .thumb_func
\name:
    push.w {r4-r11, lr}
    mov.w r11, #0
    mov.w r12, #0x1b1b1b1b
    add.w r3, r0, #(\nw * 4)
1:
    PQ_SUMS (15 * \nw * 4), (\nw * 4)   @ digit 1: bits 7..4
    PQ_HORNER r7, r6
    PQ_HORNER r7, lr
    uadd8 r7, r7, r7
    sel r5, r12, r11
    eor.w r7, r7, r5
    eor.w r4, r7, r10
    PQ_SUMS 0, (\nw * 4)                @ digit 0: bits 3..0
    PQ_HORNER r4, r7
    PQ_HORNER r4, r6
    PQ_HORNER r4, lr
    PQ_HORNER r4, r10
    ldr.w r5, [r1]
    eor.w r5, r5, r4
    str.w r5, [r2], #4
    str.w r4, [r1], #4
    add.w r0, r0, #4
    cmp.w r0, r3
    bne.w 1b
    pop.w {r4-r11, pc}
    .size \name, .-\name
.endm

    PQ_FOLD pqmcu_mqom_fold5_m4, 5
    PQ_FOLD pqmcu_mqom_fold7_m4, 7

@ The signer's secret products of one row j and one equation for 5-word
@ rows, GF(256) lanes over a GF(16) base field (Lanes::sign_row_chain):
@
@ void pqmcu_mqom_sign_row5_m4(const uint32_t* t, const uint32_t* xc,
@                              uint32_t bax, uint32_t* s, uint32_t xv)
@   z0 = s[0..5) ^= t (.) x0_j;  z1 = s[5..10) ^= ax x0_j (bax = ax in every
@   byte); plane i = s[10 + 5 i ..) ^= t & mask(bit i of xv), i < 4
@   xc = x0_j's doubling chain from Lanes::x_chain: xc[8 w + 7 - k] =
@   x0_j[w] (.) 2^k, so that a product is the XOR of the chain words picked
@   by the bits of the other factor, top bit first: UADD8 puts bit k of each
@   byte into GE, SEL picks the chain word's bytes.
@
@ Everything but the pointers is secret: no branch, no secret address
@ (straight line, fixed offsets). Registers: r0 t, r1 xc, r2 bax, r3 s,
@ r4-r7 four chain words, r8 / r9 the factors being shifted, r10 / r11 the
@ two products, r12 scratch, lr zero; then r4-r7 the masks.

@ One bit of both products (chain word c).
.macro PQ_SR_BIT c
    uadd8 r8, r8, r8
    sel r12, \c, lr
    eor.w r10, r10, r12
    uadd8 r9, r9, r9
    sel r12, \c, lr
    eor.w r11, r11, r12
.endm

.macro PQ_SR_WORD w
    ldr.w r8, [r0, #(4 * \w)]
    mov.w r9, r2
    ldmia.w r1!, {r4-r7}                @ x0_j[w] (.) 2^7 .. 2^4
    uadd8 r8, r8, r8
    sel r10, r4, lr
    uadd8 r9, r9, r9
    sel r11, r4, lr
    PQ_SR_BIT r5
    PQ_SR_BIT r6
    PQ_SR_BIT r7
    ldmia.w r1!, {r4-r7}                @ 2^3 .. 2^0
    PQ_SR_BIT r4
    PQ_SR_BIT r5
    PQ_SR_BIT r6
    PQ_SR_BIT r7
    ldr.w r12, [r3, #(4 * \w)]
    eor.w r12, r12, r10
    str.w r12, [r3, #(4 * \w)]
    ldr.w r12, [r3, #(20 + 4 * \w)]
    eor.w r12, r12, r11
    str.w r12, [r3, #(20 + 4 * \w)]
.endm

.macro PQ_SR_PLANES w
    ldr.w r8, [r0, #(4 * \w)]
    ldr.w r9, [r3, #(40 + 4 * \w)]
    ldr.w r10, [r3, #(60 + 4 * \w)]
    ldr.w r11, [r3, #(80 + 4 * \w)]
    ldr.w r12, [r3, #(100 + 4 * \w)]
    and.w r1, r8, r4
    eor.w r9, r9, r1
    and.w r1, r8, r5
    eor.w r10, r10, r1
    and.w r1, r8, r6
    eor.w r11, r11, r1
    and.w r1, r8, r7
    eor.w r12, r12, r1
    str.w r9, [r3, #(40 + 4 * \w)]
    str.w r10, [r3, #(60 + 4 * \w)]
    str.w r11, [r3, #(80 + 4 * \w)]
    str.w r12, [r3, #(100 + 4 * \w)]
.endm

    .section .text.pqmcu_mqom_sign_row5_m4, "ax", %progbits
    .align 2
    .global pqmcu_mqom_sign_row5_m4
    .type pqmcu_mqom_sign_row5_m4, %function
    .thumb_func
pqmcu_mqom_sign_row5_m4:
    push.w {r4-r11, lr}
    mov.w lr, #0
    PQ_SR_WORD 0
    PQ_SR_WORD 1
    PQ_SR_WORD 2
    PQ_SR_WORD 3
    PQ_SR_WORD 4
    ldr.w r2, [sp, #36]                 @ xv
    ubfx.w r4, r2, #0, #1
    ubfx.w r5, r2, #1, #1
    ubfx.w r6, r2, #2, #1
    ubfx.w r7, r2, #3, #1
    rsb.w r4, r4, #0
    rsb.w r5, r5, #0
    rsb.w r6, r6, #0
    rsb.w r7, r7, #0
    PQ_SR_PLANES 0
    PQ_SR_PLANES 1
    PQ_SR_PLANES 2
    PQ_SR_PLANES 3
    PQ_SR_PLANES 4
    pop.w {r4-r11, pc}
    .size pqmcu_mqom_sign_row5_m4, .-pqmcu_mqom_sign_row5_m4
