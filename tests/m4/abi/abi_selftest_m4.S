@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Test-only assembly for m4.abi.selftest: one well-behaved function and
@ functions that break the AAPCS in the ways the wrappers must catch.
    .syntax unified
    .thumb
    .text

@ uint64_t pqmcu_abi_test_good(uint32_t a, b, c, d, e, f): {a+b+c+d+e+f, a^f};
@ saves what it uses, writes its own two stack arguments (allowed).
    .global pqmcu_abi_test_good
    .type pqmcu_abi_test_good, %function
    .thumb_func
pqmcu_abi_test_good:
    push {r4-r7}
    vpush {s16}
    ldr r4, [sp, #20]           @ e
    ldr r5, [sp, #24]           @ f
    add r6, r0, r1
    add r6, r6, r2
    add r6, r6, r3
    add r6, r6, r4
    add r6, r6, r5
    eor r7, r0, r5
    vmov s16, r6
    str r7, [sp, #20]           @ its own stack arguments: allowed
    str r6, [sp, #24]
    vmov r0, s16
    mov r1, r7
    vpop {s16}
    pop {r4-r7}
    bx lr
    .size pqmcu_abi_test_good, . - pqmcu_abi_test_good

@ void pqmcu_abi_test_clobber_r5(void): r5 changed, not restored.
    .global pqmcu_abi_test_clobber_r5
    .type pqmcu_abi_test_clobber_r5, %function
    .thumb_func
pqmcu_abi_test_clobber_r5:
    adds r5, r5, #1
    bx lr
    .size pqmcu_abi_test_clobber_r5, . - pqmcu_abi_test_clobber_r5

@ void pqmcu_abi_test_clobber_s16(void): s16 (callee-saved FP) changed.
    .global pqmcu_abi_test_clobber_s16
    .type pqmcu_abi_test_clobber_s16, %function
    .thumb_func
pqmcu_abi_test_clobber_s16:
    vmov s16, r0
    bx lr
    .size pqmcu_abi_test_clobber_s16, . - pqmcu_abi_test_clobber_s16

@ void pqmcu_abi_test_frame4(uint32_t x): the size build's Keccak-f bug in
@ small: a 4-byte frame, and a store at sp + 8 = the caller's entry sp + 4.
    .global pqmcu_abi_test_frame4
    .type pqmcu_abi_test_frame4, %function
    .thumb_func
pqmcu_abi_test_frame4:
    sub sp, sp, #4
    str r0, [sp]                @ its own frame: fine
    str r0, [sp, #8]            @ the caller's frame: caught
    add sp, sp, #4
    bx lr
    .size pqmcu_abi_test_frame4, . - pqmcu_abi_test_frame4

@ void pqmcu_abi_test_past_args(uint32_t a, b, c, d, e): one stack argument;
@ writes it (allowed) and the word above it (caught).
    .global pqmcu_abi_test_past_args
    .type pqmcu_abi_test_past_args, %function
    .thumb_func
pqmcu_abi_test_past_args:
    str r0, [sp]
    str r0, [sp, #4]
    bx lr
    .size pqmcu_abi_test_past_args, . - pqmcu_abi_test_past_args

@ void pqmcu_abi_test_sp(void): returns with sp 8 bytes low.
    .global pqmcu_abi_test_sp
    .type pqmcu_abi_test_sp, %function
    .thumb_func
pqmcu_abi_test_sp:
    sub sp, sp, #8
    bx lr
    .size pqmcu_abi_test_sp, . - pqmcu_abi_test_sp

@ void pqmcu_abi_test_fpscr(void): leaves the rounding mode at round-to-zero.
    .global pqmcu_abi_test_fpscr
    .type pqmcu_abi_test_fpscr, %function
    .thumb_func
pqmcu_abi_test_fpscr:
    vmrs r0, fpscr
    orr r0, r0, #0x00C00000
    vmsr fpscr, r0
    bx lr
    .size pqmcu_abi_test_fpscr, . - pqmcu_abi_test_fpscr

@ void pqmcu_abi_test_uncalled(void): never called by the first pass of the
@ self-test (the report must name it), then called.
    .global pqmcu_abi_test_uncalled
    .type pqmcu_abi_test_uncalled, %function
    .thumb_func
pqmcu_abi_test_uncalled:
    bx lr
    .size pqmcu_abi_test_uncalled, . - pqmcu_abi_test_uncalled
