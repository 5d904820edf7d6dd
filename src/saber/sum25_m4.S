@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Saber's block products fused with the packed transform-domain row sums on
@ the Cortex-M4 (ntt.hpp, pointwise_sum25_*; the same layout and values as
@ ntt.cpp's C sum25_*): 256 values mod kQ, each centred to |v| < 2^24
@ (25-bit two's complement), in 800 bytes: eight blocks of 32 values, 100
@ bytes each: eight groups of four values in three words (v0 | v1 << 25,
@ v1 >> 7 | v2 << 18, v2 >> 14 | v3 << 11: 96 bits), then one word with bits
@ 21-24 of group g's v3 in nibble g. Each block of 4 (basemul_m4.inc's
@ product: the same sums of products and Montgomery reductions as ntt.cpp,
@ so the same values) is one group of four values of a packed block: no
@ pass through memory between the product and the packing. A packed
@ block is one group of 32 of the transforms (the M4 layout, ntt.cpp:
@ block i's four values 32 bytes apart at 4 i; wip/saber-dec5).
@ void pqmcu_saber_ntt_basemul_sum25_{put,add}_m4(const int32_t a[], const int32_t b[],
@     uint8_t s[], uintptr_t omega_n)
@     put: s = centred(a b / 2^32), add: s = centred(s + a b / 2^32) (a not written)
@ void pqmcu_saber_ntt_basemul_sum25_get_m4(int32_t a[], const int32_t b[],
@     const uint8_t s[], uintptr_t omega_n)
@     get: a = a b / 2^32 + s
@ (omega_n: the first block's omega entry (4-aligned) + the number of packed
@ blocks - 1 (1..4: 8 to 32 block products); a, b and s already offset to
@ the first block by the caller. Four register arguments, no stack ones:
@ the rows' calls are on decapsulation's stack peak path. q, -q^-1 and
@ round(2^32 / q) = 170 as immediates: ntt.cpp static_asserts them.)
@ Registers: r0 a, r9 q, lr -q^-1, r1 / r10 / r11 scratch; s0 b - a, s1
@ omega, s12-s15 four blocks' omegas, s2 end of a, s3 s, s5 -170 (centring by round(v (-170) / 2^32) = -k:
@ no tie is reachable for |v| < 2^30, so v + (-k) q is v - k q by SMLAL's
@ low word with q), s7 the new nibble word (put), s10 the old one (add:
@ updated in place, get), s4 / s8
@ parked values.

    .syntax unified
    .thumb

#include "basemul_m4.inc"
@ uadd k: r2..r5 += the group's packed values (words r6-r8, r10 the old
@ nibble word, nibble k / 4); r11 scratch.
.macro uadd k
    sbfx r11, r6, #0, #25
    add r2, r2, r11
    add r3, r3, r6, lsr #25
    sbfx r11, r7, #0, #18
    add r3, r3, r11, lsl #7
    add r4, r4, r7, lsr #18
    sbfx r11, r8, #0, #11
    add r4, r4, r11, lsl #14
    add r5, r5, r8, lsr #11
    sbfx r11, r10, #(\k), #4
    add r5, r5, r11, lsl #21
.endm
@ fcentre v, t, h: v = v - round(v / q) q (r8 = -170; t, h scratch).
.macro fcentre v, t=r10, h=r11
    smmulr \t, \v, r8
    smlal \v, \h, \t, r9
.endm
@ fpack k, mode: r2..r5 centred and packed, three words stored at r1 (advanced),
@ the top nibble into nibble k / 4 of s7 (put: the new word; r6 scratch)
@ or, add, of the old word in r10 written back to s10 (the later blocks
@ read only their own nibbles: one VMOV less a block; the centring's
@ scratch is then r6, r7; wip/saber-dec5).
.macro fpack k, mode=put
    vmov r8, s5
.ifc \mode,add
    fcentre r2, r6, r7
    fcentre r3, r6, r7
    fcentre r4, r6, r7
    fcentre r5, r6, r7
.else
    fcentre r2
    fcentre r3
    fcentre r4
    fcentre r5
.endif
    bfi r2, r3, #25, #7
    lsr r3, r3, #7
    bfi r3, r4, #18, #14
    lsr r4, r4, #14
    bfi r4, r5, #11, #21
    lsr r5, r5, #21
.ifc \mode,add
    bfi r10, r5, #(\k), #4
    vmov s10, r10
.else
    vmov r6, s7
    bfi r6, r5, #(\k), #4
    vmov s7, r6
.endif
    stm r1!, {r2, r3, r4}
    vmov s3, r1
.endm
@ (the omegas: one VLDM of four blocks' into s12-s15 every four blocks)
.macro fblock mode, k
.if ((\k / 4) % 4) == 0
    vmov r1, s1
    vldmia r1!, {s12-s15}
    vmov s1, r1
    fprod s12, (\k / 4)
.elseif ((\k / 4) % 4) == 1
    fprod s13, (\k / 4)
.elseif ((\k / 4) % 4) == 2
    fprod s14, (\k / 4)
.else
    fprod s15, (\k / 4)
.endif
.ifc \mode,put
    vmov r1, s3
    fpack \k
.endif
.ifc \mode,add
    vmov r1, s3
    ldm r1, {r6, r7, r8}
    vmov r10, s10
    uadd \k
    fpack \k, add
.endif
.ifc \mode,get
    vmov r1, s3                 @ (the packed block's start: static offsets, no write-back)
    ldr r6, [r1, #(3*\k)]
    ldr r7, [r1, #(3*\k + 4)]
    ldr r8, [r1, #(3*\k + 8)]
    vmov r10, s10
    uadd \k
    str r2, [r0, #(\k)]          @ block k / 4 of the group (32 bytes apart)
    str r3, [r0, #(\k + 32)]
    str r4, [r0, #(\k + 64)]
    str r5, [r0, #(\k + 96)]
.endif
.endm
.macro fsum25 mode
    push {r4-r11, lr}
    and r4, r3, #3              @ packed blocks - 1
    bic r3, r3, #3              @ omega
    add r4, r4, #1
    add r4, r0, r4, lsl #7
    vmov s2, r4                 @ end of a (128 bytes a packed block)
    vmov s3, r2                 @ s
    vmov s1, r3                 @ omega
    sub r1, r1, r0
    vmov s0, r1                 @ b - a
    movw r9, #0x7e01
    movt r9, #0x181             @ q = 25,263,617
    movw lr, #0x7dff
    movt lr, #0xbf7d            @ -q^-1 mod 2^32
    mvn r4, #169                @ -170
    vmov s5, r4
    .p2align 2
1:
.ifnc \mode,put
    vmov r1, s3
    ldr r1, [r1, #96]
    vmov s10, r1                @ the packed block's nibble word
.endif
.ifc \mode,put
    movs r1, #0
    vmov s7, r1
.endif
    .irp k, 0, 4, 8, 12, 16, 20, 24, 28
    fblock \mode, \k
    .endr
    add r0, r0, #128            @ the next group of 32
    vmov r1, s3
.ifc \mode,get
    adds r1, r1, #100
.else
.ifc \mode,add
    vmov r2, s10                @ (the old word with every nibble replaced)
.else
    vmov r2, s7
.endif
    str r2, [r1], #4
.endif
    vmov s3, r1
    vmov r1, s2
    cmp r0, r1
    bne 1b
    pop {r4-r11, pc}
.endm

    .section .text.pqmcu_saber_ntt_basemul_sum25_put_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_basemul_sum25_put_m4
    .type pqmcu_saber_ntt_basemul_sum25_put_m4, %function
    .thumb_func
pqmcu_saber_ntt_basemul_sum25_put_m4:
    fsum25 put
    .size pqmcu_saber_ntt_basemul_sum25_put_m4, .-pqmcu_saber_ntt_basemul_sum25_put_m4

    .section .text.pqmcu_saber_ntt_basemul_sum25_add_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_basemul_sum25_add_m4
    .type pqmcu_saber_ntt_basemul_sum25_add_m4, %function
    .thumb_func
pqmcu_saber_ntt_basemul_sum25_add_m4:
    fsum25 add
    .size pqmcu_saber_ntt_basemul_sum25_add_m4, .-pqmcu_saber_ntt_basemul_sum25_add_m4

    .section .text.pqmcu_saber_ntt_basemul_sum25_get_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_basemul_sum25_get_m4
    .type pqmcu_saber_ntt_basemul_sum25_get_m4, %function
    .thumb_func
pqmcu_saber_ntt_basemul_sum25_get_m4:
    fsum25 get
    .size pqmcu_saber_ntt_basemul_sum25_get_m4, .-pqmcu_saber_ntt_basemul_sum25_get_m4
