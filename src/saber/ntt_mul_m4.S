@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Saber's block products (ntt.cpp, basemul4) on the Cortex-M4: a = a b / 2^32
@ in Z[x]/(x^4 - w_m) for the 64 blocks of 4, the same sums of products and
@ the same Montgomery reductions as the C code (so the same values). Both
@ blocks are held in registers; the w-terms h0 and h1 are parked in s8 and
@ s9, h2 in a3's register.
@ void pqmcu_saber_ntt_basemul_m4(int32_t a[256], const int32_t b[256],
@     const int32_t omega[64], const int32_t tail[2] = {q, -q^-1})
@ void pqmcu_saber_ntt_basemul_acc_m4(int32_t a[256] (clobbered), const int32_t b[256],
@     const int32_t omega[64], int32_t acc[256]): acc += a b / 2^32 (q and -q^-1 as
@     immediates: four register arguments).
    .syntax unified
    .thumb

@ The block product, its outputs left in registers (c0..c3 in r2..r5:
@ each accumulates in the register of the operand it no longer needs; only
@ c3 is parked), then stored, added to acc or stored to dst by one STM
@ (fblock acc; wip/saber-dec: before, c1..c3 were parked in s4-s6 and
@ stored one STR each).
#include "basemul_m4.inc"
@ fblock acc, w, i: block i of the group of 32 at r0 (the M4 transform
@ layout, ntt.cpp: its four values 32 bytes apart at 4 i), its outputs
@ stored (acc 0), added to acc (acc 1, s3 = acc - a), stored to dst
@ (acc 2, s3 = dst - a) or added to acc's block and stored to a (acc 3,
@ s3 = acc - a: a's block was loaded by fprod) in the same layout, one word each (wip/saber-dec5:
@ before, the natural layout's contiguous blocks took one LDM / STM).
.macro fblock acc, w, i
    fprod \w, \i
.if \acc == 1
    vmov r1, s3
    add r1, r1, r0
    ldr r6, [r1, #(4*\i)]
    ldr r7, [r1, #(4*\i + 32)]
    ldr r8, [r1, #(4*\i + 64)]
    ldr r12, [r1, #(4*\i + 96)]
    add r2, r2, r6
    add r3, r3, r7
    add r4, r4, r8
    add r5, r5, r12
    str r2, [r1, #(4*\i)]
    str r3, [r1, #(4*\i + 32)]
    str r4, [r1, #(4*\i + 64)]
    str r5, [r1, #(4*\i + 96)]
.elseif \acc == 3
    vmov r1, s3
    add r1, r1, r0
    ldr r6, [r1, #(4*\i)]
    ldr r7, [r1, #(4*\i + 32)]
    ldr r8, [r1, #(4*\i + 64)]
    ldr r12, [r1, #(4*\i + 96)]
    add r2, r2, r6
    add r3, r3, r7
    add r4, r4, r8
    add r5, r5, r12
    str r2, [r0, #(4*\i)]
    str r3, [r0, #(4*\i + 32)]
    str r4, [r0, #(4*\i + 64)]
    str r5, [r0, #(4*\i + 96)]
.elseif \acc == 2
    vmov r1, s3
    add r1, r1, r0
    str r2, [r1, #(4*\i)]
    str r3, [r1, #(4*\i + 32)]
    str r4, [r1, #(4*\i + 64)]
    str r5, [r1, #(4*\i + 96)]
.else
    str r2, [r0, #(4*\i)]
    str r3, [r0, #(4*\i + 32)]
    str r4, [r0, #(4*\i + 64)]
    str r5, [r0, #(4*\i + 96)]
.endif
.endm
@ basemul acc, len: the blocks of a (len bytes, a multiple of 128), a group
@ of 32 (eight blocks) a loop; the omegas by one VLDM of four blocks'.
.macro basemul acc, len=1024
    sub r1, r1, r0
    vmov s0, r1                 @ b - a
    vmov s1, r2                 @ omega
.ifc \len,r6
    add r2, r0, r6              @ (a length in bytes, a multiple of 128)
.else
    add r2, r0, #\len
.endif
    vmov s2, r2                 @ end of a
    .p2align 2
1:
    vmov r1, s1
    vldmia r1!, {s12-s15}       @ four blocks' omegas
    vmov s1, r1
    fblock \acc, s12, 0
    fblock \acc, s13, 1
    fblock \acc, s14, 2
    fblock \acc, s15, 3
    vmov r1, s1
    vldmia r1!, {s12-s15}
    vmov s1, r1
    fblock \acc, s12, 4
    fblock \acc, s13, 5
    fblock \acc, s14, 6
    fblock \acc, s15, 7
    add r0, r0, #128
    vmov r1, s2
    cmp r0, r1
    bne 1b
.endm

    .section .text.pqmcu_saber_ntt_basemul_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_basemul_m4
    .type pqmcu_saber_ntt_basemul_m4, %function
    .thumb_func
pqmcu_saber_ntt_basemul_m4:
    push {r4-r11, lr}
    ldr r9, [r3, #0]
    ldr lr, [r3, #4]
    basemul 0
    pop {r4-r11, pc}
    .size pqmcu_saber_ntt_basemul_m4, .-pqmcu_saber_ntt_basemul_m4

    .section .text.pqmcu_saber_ntt_basemul_acc_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_basemul_acc_m4
    .type pqmcu_saber_ntt_basemul_acc_m4, %function
    .thumb_func
pqmcu_saber_ntt_basemul_acc_m4:
    push {r4-r11, lr}
    movw r9, #0x7e01
    movt r9, #0x181             @ q = 25,263,617 (ntt.cpp static_asserts it)
    movw lr, #0x7dff
    movt lr, #0xbf7d            @ -q^-1 mod 2^32
    sub r3, r3, r0              @ acc (4th argument) - a
    vmov s3, r3
    basemul 1
    pop {r4-r11, pc}
    .size pqmcu_saber_ntt_basemul_acc_m4, .-pqmcu_saber_ntt_basemul_acc_m4

@ void pqmcu_saber_ntt_basemul_half_m4(int32_t a[128], const int32_t b[128],
@     const int32_t omega[32], const int32_t tail[2]): the 32 blocks of one half
@ (a, b and omega already offset by the caller).
    .section .text.pqmcu_saber_ntt_basemul_half_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_basemul_half_m4
    .type pqmcu_saber_ntt_basemul_half_m4, %function
    .thumb_func
pqmcu_saber_ntt_basemul_half_m4:
    push {r4-r11, lr}
    ldr r9, [r3, #0]
    ldr lr, [r3, #4]
    basemul 0, 512
    pop {r4-r11, pc}
    .size pqmcu_saber_ntt_basemul_half_m4, .-pqmcu_saber_ntt_basemul_half_m4

@ void pqmcu_saber_ntt_basemul_acc_half_m4(int32_t a[128] (clobbered), const int32_t b[128],
@     const int32_t omega[32], int32_t acc[128]): acc += a b / 2^32 (as basemul_acc_m4)
@ on the 32 blocks of one half (pointers already offset by the caller).
    .section .text.pqmcu_saber_ntt_basemul_acc_half_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_basemul_acc_half_m4
    .type pqmcu_saber_ntt_basemul_acc_half_m4, %function
    .thumb_func
pqmcu_saber_ntt_basemul_acc_half_m4:
    push {r4-r11, lr}
    movw r9, #0x7e01
    movt r9, #0x181             @ q = 25,263,617 (ntt.cpp static_asserts it)
    movw lr, #0x7dff
    movt lr, #0xbf7d            @ -q^-1 mod 2^32
    sub r3, r3, r0              @ acc (4th argument) - a
    vmov s3, r3
    basemul 1, 512
    pop {r4-r11, pc}
    .size pqmcu_saber_ntt_basemul_acc_half_m4, .-pqmcu_saber_ntt_basemul_acc_half_m4

@ blocks_args: the block-run entries' four register arguments (a, b,
@ omega_g, acc / dst; wip/fire6: no stack arguments, so their C wrappers
@ are tail calls, off the callers' stack): omega_g = the first block's
@ omega entry (32-aligned: a whole group's) | (groups - 1), 1..8 groups of
@ 32 (r6 = 128 bytes a group); q and -q^-1 as immediates (ntt.cpp
@ static_asserts them); s3 = acc / dst - a.
.macro blocks_args
    push {r4-r11, lr}
    and r6, r2, #7
    bic r2, r2, #7
    add r6, r6, #1
    lsl r6, r6, #7
    movw r9, #0x7e01
    movt r9, #0x181             @ q = 25,263,617
    movw lr, #0x7dff
    movt lr, #0xbf7d            @ -q^-1 mod 2^32
    sub r3, r3, r0
    vmov s3, r3
.endm

@ void pqmcu_saber_ntt_basemul_acc_blocks_m4(int32_t a[] (clobbered), const int32_t b[],
@     uintptr_t omega_g, int32_t acc[]): acc += a b / 2^32
@ on the blocks of omega_g's groups (blocks_args), e.g. the 16 of
@ one quarter (a sum kept in 256-byte pieces) or a run of blocks of a sum kept in pieces
@ (pointers already offset by the caller).
    .section .text.pqmcu_saber_ntt_basemul_acc_blocks_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_basemul_acc_blocks_m4
    .type pqmcu_saber_ntt_basemul_acc_blocks_m4, %function
    .thumb_func
pqmcu_saber_ntt_basemul_acc_blocks_m4:
    blocks_args
    basemul 1, r6
    pop {r4-r11, pc}
    .size pqmcu_saber_ntt_basemul_acc_blocks_m4, .-pqmcu_saber_ntt_basemul_acc_blocks_m4

@ void pqmcu_saber_ntt_basemul_to_blocks_m4(const int32_t a[], const int32_t b[],
@     uintptr_t omega_g, int32_t dst[]): dst = a b / 2^32
@ on the blocks of omega_g's groups (blocks_args: the 32 blocks of one half, or a
@ run of a sum kept in pieces; pointers already offset by the caller; dst
@ 4-aligned, a is not written).
    .section .text.pqmcu_saber_ntt_basemul_to_blocks_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_basemul_to_blocks_m4
    .type pqmcu_saber_ntt_basemul_to_blocks_m4, %function
    .thumb_func
pqmcu_saber_ntt_basemul_to_blocks_m4:
    blocks_args
    basemul 2, r6
    pop {r4-r11, pc}
    .size pqmcu_saber_ntt_basemul_to_blocks_m4, .-pqmcu_saber_ntt_basemul_to_blocks_m4

@ void pqmcu_saber_ntt_basemul_get_blocks_m4(int32_t a[], const int32_t b[],
@     uintptr_t omega_g, const int32_t acc[]):
@ a = a b / 2^32 + acc on the blocks of omega_g's groups (blocks_args;
@ pointers already offset by the caller): the last term of a sum
@ kept in pieces, made into a's buffer for the inverse (FireSaber's
@ re-encryption rows, wip/fire6: no copy of the piece into a).
    .section .text.pqmcu_saber_ntt_basemul_get_blocks_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_ntt_basemul_get_blocks_m4
    .type pqmcu_saber_ntt_basemul_get_blocks_m4, %function
    .thumb_func
pqmcu_saber_ntt_basemul_get_blocks_m4:
    blocks_args
    basemul 3, r6
    pop {r4-r11, pc}
    .size pqmcu_saber_ntt_basemul_get_blocks_m4, .-pqmcu_saber_ntt_basemul_get_blocks_m4
