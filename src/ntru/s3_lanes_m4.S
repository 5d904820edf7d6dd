@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Decryption's S3 product on byte lanes (engine.cpp, detail::s3_mul_lanes):
@ the sums of one block of two outputs.
@
@ void pqmcu_ntru_s3_lanes_pair(uint32_t out[4], const uint32_t* x, const uint32_t* y, uint32_t steps)
@   acc0 = sum_s x[s] y[-1-s], acc1 = sum_s x[s] y[-s] (s < steps), as 64-bit
@   sums of 32 x 32-bit products (UMLAL) of words of four byte lanes; every
@   14 steps and at the end each lane is folded (x mod 16 + x / 16: at most
@   30, congruent mod 3), so no lane passes 255. out = acc0 (lo, hi), acc1 (lo, hi).
@   The y word acc1 needs is the one acc0 used one step before: one load of x
@   and one of y per two UMLALs. Branches depend on `steps` only (public).
    .syntax unified
    .thumb
    .text

.macro fold r
    and r12, r11, \r, lsr #4
    and \r, \r, r11
    add \r, \r, r12
.endm

    .global pqmcu_ntru_s3_lanes_pair
    .type pqmcu_ntru_s3_lanes_pair, %function
    .align 2
pqmcu_ntru_s3_lanes_pair:
    push {r4-r11, lr}
    movs r4, #0
    movs r5, #0
    movs r6, #0
    movs r7, #0
    movw r11, #0x0F0F
    movt r11, #0x0F0F
    ldr r10, [r2]             @ acc1's first y
1:
    cmp r3, #14
    blo 3f
    sub r3, r3, #14
    .rept 7
    ldr r8, [r1], #4
    ldr r9, [r2, #-4]!
    umlal r6, r7, r8, r10
    umlal r4, r5, r8, r9
    ldr r8, [r1], #4
    ldr r10, [r2, #-4]!
    umlal r6, r7, r8, r9
    umlal r4, r5, r8, r10
    .endr
    fold r4
    fold r5
    fold r6
    fold r7
    b 1b
3:
    cbz r3, 5f
4:
    ldr r8, [r1], #4
    ldr r9, [r2, #-4]!
    umlal r6, r7, r8, r10
    umlal r4, r5, r8, r9
    mov r10, r9
    subs r3, r3, #1
    bne 4b
5:
    fold r4
    fold r5
    fold r6
    fold r7
    stm r0, {r4-r7}
    pop {r4-r11, pc}
    .size pqmcu_ntru_s3_lanes_pair, .-pqmcu_ntru_s3_lanes_pair
