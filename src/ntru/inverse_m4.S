@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ The jump inversion's matrix product (inverse.cpp, lanes_apply) on the
@ Cortex-M4: byte lanes, four coefficients per word, the 2x2 matrix's 32
@ lane words in s0-s31 (VMOV two at a time), one UMULL / UMLAL per 16
@ coefficient products, and the lanes reduced mod 3 in 13 operations.
@
@ void pqmcu_ntru_s3_lanes_apply(uint32_t* out_x, uint32_t* out_y,
@                                const uint32_t* px, const uint32_t* py,
@                                uint32_t words, const uint32_t* M)
@   acc1(j) = sum_{i<8} M[4i] px[j-i] + M[4i+1] py[j-i],
@   acc2(j) = sum_{i<8} M[4i+2] px[j-i] + M[4i+3] py[j-i] (64-bit, no lane carries);
@   for t < words: out_x[t] = mod3(lo(acc1(t)) + hi(acc1(t-1))), out_y likewise.
@   Reads px[t-8 .. t] before writing out_x[t]: in place with out_x = px - 7.
    .syntax unified
    .thumb

@ Lanes (each <= 255) -> {0,1,2} (16 = 4 = 1 mod 3): nibbles folded (<= 30),
@ pairs of bits (<= 10), then x - 3 floor(11 x / 32) (exact for x <= 10, and
@ 11 x < 256: no carries between lanes). lr = 11; \t is a temporary.
.macro mod3 x, t
    and \t, \x, #0x0F0F0F0F
    lsr \x, \x, #4
    and \x, \x, #0x0F0F0F0F
    add \x, \x, \t
    and \t, \x, #0x03030303
    lsr \x, \x, #2
    and \x, \x, #0x07070707
    add \x, \x, \t
    mul \t, \x, lr
    lsr \t, \t, #5
    and \t, \t, #0x03030303
    sub \x, \x, \t
    sub \x, \x, \t, lsl #1
.endm

@ One i of the sums: x = px[j-i] (byte offset \o), y = py[j-i]; (r4:r5) += Ma x + Mb y, (r6:r7) += Mc x + Md y.
.macro mac o, sa, sb, sc, sd, first
    ldr r8, [r2, #\o]
    ldr r9, [r3, #\o]
    vmov r10, r11, \sa, \sb
.if \first
    umull r4, r5, r10, r8
.else
    umlal r4, r5, r10, r8
.endif
    umlal r4, r5, r11, r9
    vmov r10, r11, \sc, \sd
.if \first
    umull r6, r7, r10, r8
.else
    umlal r6, r7, r10, r8
.endif
    umlal r6, r7, r11, r9
.endm

@ acc(j) with px + j at r2 + \o; \first: 1 starts from zero, 0 adds to r4:r5, r6:r7
.macro acc o, first
    mac (\o), s0, s1, s2, s3, \first
    mac (\o - 4), s4, s5, s6, s7, 0
    mac (\o - 8), s8, s9, s10, s11, 0
    mac (\o - 12), s12, s13, s14, s15, 0
    mac (\o - 16), s16, s17, s18, s19, 0
    mac (\o - 20), s20, s21, s22, s23, 0
    mac (\o - 24), s24, s25, s26, s27, 0
    mac (\o - 28), s28, s29, s30, s31, 0
.endm

    .section .text.pqmcu_ntru_s3_lanes_apply, "ax", %progbits
    .align 2
    .global pqmcu_ntru_s3_lanes_apply
    .type pqmcu_ntru_s3_lanes_apply, %function
pqmcu_ntru_s3_lanes_apply:
    push {r4-r11, lr}
    vpush {d8-d15}
    ldr r12, [sp, #100]         @ words
    ldr r4, [sp, #104]          @ M
    vldm r4, {s0-s31}
    mov lr, #11
    acc -4, 1                   @ acc(-1): only the high halves are used
1:
    @ acc(t) starts from the high halves of acc(t-1): lo(acc(t)) + hi(acc(t-1))
    @ has no lane above 255 (the sums of the output's coefficients), so no
    @ carry reaches the high word.
    mov r4, r5
    mov r5, #0
    mov r6, r7
    mov r7, #0
    acc 0, 0
    mod3 r4, r10
    mod3 r6, r11
    str r4, [r0], #4
    str r6, [r1], #4
    add r2, r2, #4
    add r3, r3, #4
    subs r12, r12, #1
    bne 1b
    vpop {d8-d15}
    pop {r4-r11, pc}
    .size pqmcu_ntru_s3_lanes_apply, . - pqmcu_ntru_s3_lanes_apply
