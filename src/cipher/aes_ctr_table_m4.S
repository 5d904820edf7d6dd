@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ AES-128-CTR keystream by T-tables with counter-mode caching, ARMv7-M.
@ NOT CONSTANT TIME (table indices depend on the key and the counter): only
@ for public keys, e.g. MAYO's seed_pk. See ctr_table_not_ct.cpp.
@
@ Within a run of 256 counters only the last counter byte changes, so round
@ 1 has a single varying column and round 2 a single varying T lookup per
@ column: ctr_table_not_ct.cpp computes the fixed parts once per run and
@ this loop does, per block, 5 lookups for rounds 1-2 (instead of 32), then
@ rounds 3-9 and the final round as aes_table_m4.S does.
@
@ struct Job { uint32_t b[4];   // round-2 output without the varying lookups
@              uint32_t a0;     // round-1 column 0 without the varying lookup
@              uint32_t c;      // low counter byte of the next block
@              uint32_t k3;     // rk[3] >> 24 (round-0 key of that byte)
@              const uint32_t* rk; const uint32_t* t0; const uint8_t* sbox;
@              uint8_t* out; uint32_t nblocks; };
@ void pqmcu_aes128_ctr_table_m4(Job* job)
@   nblocks >= 1 blocks with counter bytes c, c+1, .. (c + nblocks <= 256) to
@   out (may be unaligned); c, out and nblocks are advanced in place.
@
@ Every instruction is a 32-bit encoding (see aes_table_m4.S: none may
@ straddle a 1 KiB boundary wherever the code lands).
    .syntax unified
    .thumb

#include "aes_table_cols_m4.inc"

    .section .text.pqmcu_aes128_ctr_table_m4, "ax", %progbits
    .align 2
    .global pqmcu_aes128_ctr_table_m4
    .type pqmcu_aes128_ctr_table_m4, %function
    .thumb_func
@ [sp] = job; r1 = T (the S-box only during the final round).
pqmcu_aes128_ctr_table_m4:
    push {r0, r4-r11, lr}
    ldr.w r1, [r0, #32]
.Lpqc_block:
    ldr.w lr, [sp, #0]
    ldrd r2, r3, [lr, #20]         @ c, k3
    ldr.w r0, [lr, #16]            @ a0
    eor.w r2, r2, r3
    ldr.w r2, [r1, r2, lsl #2]
    eor.w r0, r0, r2, ror #8       @ round-1 column 0 (the varying one)
    uxtb.w r2, r0
    ubfx r3, r0, #8, #8
    ubfx r12, r0, #16, #8
    lsr.w r0, r0, #24
    ldr.w r2, [r1, r2, lsl #2]
    ldr.w r3, [r1, r3, lsl #2]
    ldr.w r12, [r1, r12, lsl #2]
    ldr.w r0, [r1, r0, lsl #2]
    ldmia.w lr, {r4-r7}            @ round 2, fixed parts
    eor.w r4, r4, r2
    eor.w r5, r5, r0, ror #8
    eor.w r6, r6, r12, ror #16
    eor.w r7, r7, r3, ror #24
    ldr.w r0, [lr, #28]            @ rk
    PQ_ROUNDS 3
    ldr.w r2, [sp, #0]
    ldr.w r1, [r2, #36]            @ S-box
    PQ_LAST_ROUND
    ldr.w r0, [sp, #0]
    ldrd r2, r3, [r0, #40]         @ out, blocks left
    str.w r4, [r2, #0]
    str.w r5, [r2, #4]
    str.w r6, [r2, #8]
    str.w r7, [r2, #12]
    ldr.w r12, [r0, #20]
    ldr.w r1, [r0, #32]            @ T again
    add.w r2, r2, #16
    add.w r12, r12, #1
    str.w r12, [r0, #20]
    subs.w r3, r3, #1
    strd r2, r3, [r0, #40]
    bne.w .Lpqc_block
    pop {r0, r4-r11, pc}
    .size pqmcu_aes128_ctr_table_m4, .-pqmcu_aes128_ctr_table_m4
