@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ The jump inversion's matrix product (inverse.cpp, lanes_apply) on the
@ Cortex-M4: byte lanes, four coefficients per word, the 2x2 matrix's 32
@ lane words in s0-s31 (VMOV two at a time), one UMULL / UMLAL per 16
@ coefficient products, and the lanes reduced mod 3 in 17 operations.
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

@ r8 = lo + carry-in etc.: lanes (each <= 255) -> {0,1,2}; \t is a temporary.
.macro mod3 x, t
    and \t, \x, #0x0F0F0F0F
    lsr \x, \x, #4
    and \x, \x, #0x0F0F0F0F
    add \x, \x, \t
    and \t, \x, #0x03030303
    lsr \x, \x, #2
    and \x, \x, #0x07070707
    add \x, \x, \t
    and \t, \x, #0x03030303
    lsr \x, \x, #2
    and \x, \x, #0x03030303
    add \x, \x, \t
    add \t, \x, #0x01010101
    lsr \t, \t, #2
    and \t, \t, #0x01010101
    add \t, \t, \t, lsl #1
    sub \x, \x, \t
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

@ acc(j) with px + j at r2 + \o
.macro acc o
    mac (\o), s0, s1, s2, s3, 1
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
    sub sp, sp, #8
    ldr r4, [sp, #108]          @ words
    ldr r5, [sp, #112]          @ M
    str r4, [sp]
    vldm r5, {s0-s31}
    acc -4                      @ acc(-1): only the high halves are used
    mov r12, r5
    mov lr, r7
1:
    acc 0
    add r8, r4, r12
    add r9, r6, lr
    mov r12, r5
    mov lr, r7
    mod3 r8, r10
    mod3 r9, r11
    str r8, [r0], #4
    str r9, [r1], #4
    add r2, r2, #4
    add r3, r3, #4
    ldr r10, [sp]
    subs r10, r10, #1
    str r10, [sp]
    bne 1b
    add sp, sp, #8
    vpop {d8-d15}
    pop {r4-r11, pc}
    .size pqmcu_ntru_s3_lanes_apply, . - pqmcu_ntru_s3_lanes_apply
