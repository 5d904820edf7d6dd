@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Zeroes Saber's Workspace on the Cortex-M4 with STM (8 words per store,
@ 1 + 8 cycles) instead of the library memset's single-word stores. An
@ out-of-line call, so the compiler cannot drop it as a dead store.
@ void pqmcu_saber_wipe_m4(void* p, size_t bytes)   p word-aligned, bytes a multiple of 32
    .syntax unified
    .thumb

    .section .text.pqmcu_saber_wipe_m4, "ax", %progbits
    .align 2
    .global pqmcu_saber_wipe_m4
    .type pqmcu_saber_wipe_m4, %function
    .thumb_func
pqmcu_saber_wipe_m4:
    cbz r1, 5f
    push {r4-r8}
    add r1, r1, r0
    movs r2, #0
    movs r3, #0
    movs r4, #0
    movs r5, #0
    movs r6, #0
    movs r7, #0
    movs r8, #0
    mov r12, #0
    sub r1, r1, #96             @ four STMs a loop while 128 bytes are left (wip/saber-dec5:
    cmp r0, r1                  @ one compare and branch per 128 bytes, not per 32)
    bcs 3f
1:
    stm r0!, {r2-r8, r12}
    stm r0!, {r2-r8, r12}
    stm r0!, {r2-r8, r12}
    stm r0!, {r2-r8, r12}
    cmp r0, r1
    bcc 1b
3:
    add r1, r1, #96
    cmp r0, r1
    beq 4f
2:
    stm r0!, {r2-r8, r12}
    cmp r0, r1
    bne 2b
4:
    pop {r4-r8}
5:
    bx lr
    .size pqmcu_saber_wipe_m4, .-pqmcu_saber_wipe_m4
