@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ The jump inversion's matrix product (inverse.cpp, lanes_row) on the
@ Cortex-M4: byte lanes, four coefficients per word, one row of the 2x2
@ matrix (16 lane words) in s0-s15 (VMOV two at a time, each pair used for
@ two output words), one UMULL / UMLAL per 16 coefficient products, and the
@ lanes reduced mod 3 in 13 operations.
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

@ One row of the matrix, two output words per iteration (each pair of matrix
@ words moved from the FPU once for both):
@ void pqmcu_ntru_s3_lanes_row(uint32_t* out, const uint32_t* px, const uint32_t* py,
@                              uint32_t pairs, const uint32_t* M)
@   M[2i] = Ma_i, M[2i+1] = Mb_i (i < 8); acc(j) = sum_i Ma_i px[j-i] + Mb_i py[j-i];
@   out[t] = mod3(lo(acc(t)) + hi(acc(t-1))) for t < 2 pairs (out apart from px, py).

@ (r6:r7) = acc(-1)
.macro racc_first o, sa, sb, first
    vmov r12, lr, \sa, \sb
    ldr r8, [r1, #\o]
    ldr r9, [r2, #\o]
.if \first
    umull r6, r7, r12, r8
.else
    umlal r6, r7, r12, r8
.endif
    umlal r6, r7, lr, r9
.endm

@ i-th terms of acc(t + 1) (r6:r7, x_{t+1-i} in \cx, \cy) and acc(t) (r4:r5,
@ x_{t-i} loaded into \nx, \ny from byte offset \o of px + t)
.macro rmac o, sa, sb, cx, cy, nx, ny, first
    vmov r12, lr, \sa, \sb
.if \first
    umull r6, r7, r12, \cx
.else
    umlal r6, r7, r12, \cx
.endif
    umlal r6, r7, lr, \cy
    ldr \nx, [r1, #\o]
    ldr \ny, [r2, #\o]
    umlal r4, r5, r12, \nx
    umlal r4, r5, lr, \ny
.endm

    .section .text.pqmcu_ntru_s3_lanes_row, "ax", %progbits
    .align 2
    .global pqmcu_ntru_s3_lanes_row
    .type pqmcu_ntru_s3_lanes_row, %function
pqmcu_ntru_s3_lanes_row:
    push {r4-r11, lr}
    ldr r4, [sp, #36]           @ M (s0-s15 need no saving)
    vldm r4, {s0-s15}
    racc_first -4, s0, s1, 1
    racc_first -8, s2, s3, 0
    racc_first -12, s4, s5, 0
    racc_first -16, s6, s7, 0
    racc_first -20, s8, s9, 0
    racc_first -24, s10, s11, 0
    racc_first -28, s12, s13, 0
    racc_first -32, s14, s15, 0
1:
    mov r4, r7                  @ acc(t) starts from hi(acc(t-1)) (no lane above 255)
    mov r5, #0
    ldr r8, [r1, #4]            @ x_{t+1}
    ldr r9, [r2, #4]
    rmac 0, s0, s1, r8, r9, r10, r11, 1
    rmac -4, s2, s3, r10, r11, r8, r9, 0
    rmac -8, s4, s5, r8, r9, r10, r11, 0
    rmac -12, s6, s7, r10, r11, r8, r9, 0
    rmac -16, s8, s9, r8, r9, r10, r11, 0
    rmac -20, s10, s11, r10, r11, r8, r9, 0
    rmac -24, s12, s13, r8, r9, r10, r11, 0
    rmac -28, s14, s15, r10, r11, r8, r9, 0
    add r6, r6, r5              @ lo(acc(t+1)) + hi(acc(t))
    mov lr, #11
    mod3 r4, r8
    mod3 r6, r9
    strd r4, r6, [r0], #8
    add r1, r1, #8
    add r2, r2, #8
    subs r3, r3, #1
    bne 1b
    pop {r4-r11, pc}
    .size pqmcu_ntru_s3_lanes_row, . - pqmcu_ntru_s3_lanes_row
