@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ T-table AES-128/256 encryption for ARMv7-M (Cortex-M4).
@ NOT CONSTANT TIME (table indices depend on the data): see table_not_ct.cpp.
@
@ struct Job { const uint32_t* const* keys; const uint8_t* in; uint8_t* out;
@              uint32_t nblocks; uint32_t nr; const uint32_t* t0; const uint8_t* sbox;
@              uint32_t key_step; };
@ void pqmcu_aes_table_m4(Job* job)   (keys, in, out, nblocks are advanced in place)
@   Block i (16 bytes at in + 16 i, to out + 16 i) under keys[i * key_step / 4]
@   (key_step = 4: one key per block; 0: the same key for all), a FIPS-197
@   expanded key of 4*(nr+1) little-endian words. nblocks >= 1, nr = 10 or
@   14. t0: the table of table_not_ct.cpp (row-0 column contribution
@   (2s, s, s, 3s)); sbox: the byte S-box. in/out may be unaligned and may
@   be equal.
@ void pqmcu_aes128_table1_m4(Job* job): AES-128 under one key (key_step 0),
@   output i at out + i * out_step (uint32_t after key_step), *job left as it was; pqmcu_aes128_table1_lo_m4: the same, then out ^=
@   LinOrtho(in) = (in_lo ^ in_hi) || in_lo on 8-byte halves (MQOM's
@   SeedDerive), the input words reloaded before the stores: no second pass
@   in C. in != out for the lo form.
@ void pqmcu_aes128_table1_lo_pre_m4(job): the lo form with rounds 0 and 1
@   partly done by the caller: job->pre (the word after out_step) holds 4
@   words a block, round 1's output (without its key) minus the two T-table
@   terms of byte 0 and byte 1 of state word 0 (in[0] ^ rk[0]). Valid for
@   every key equal, in words 1-3 and in bytes 2-3 of word 0, to the key
@   the words were made with (MQOM's tweaked salts of one repetition: the
@   five keys of a leaf batch): round 1 then costs two lookups, not 16.
@
@ Registers: r0 round-key pointer, r1 table base, r4-r7 / r8-r11 the state
@ (rounds alternate between the two sets, so no copies), r2, r3, r12, lr
@ byte indices and table words. One column costs 13 instructions: four
@ byte extractions, five loads in a row (the M4 pipelines them: 6 cycles),
@ four EORs with the row rotation folded into the operand.
@
@ Every instruction is a 32-bit encoding, so none straddles a 1 KiB
@ boundary wherever the linker places the code: the QEMU cycle model has
@ been seen to charge a straddling instruction far more than its cost,
@ which made the benchmark figures depend on where the code landed.
    .syntax unified
    .thumb

#include "aes_table_cols_m4.inc"

.macro PQ_TABLE_FN name
    .section .text.\name, "ax", %progbits
    .align 2
    .global \name
    .type \name, %function
    .thumb_func
@ [sp] = job. The rounds are unrolled: AES-256 first runs four extra
@ rounds out of line, then both ciphers share the last nine middle rounds
@ and the final round. keys, in, out and nblocks in *job advance per block.
\name:
    push {r0, r4-r11, lr}
.Lpq_\name\()_block:
    ldr.w r12, [sp, #0]
    ldr.w r3, [r12, #0]
    ldr.w r1, [r12, #4]
    ldr.w r0, [r3]                 @ this block's round keys
    ldr.w r4, [r1, #0]
    ldr.w r5, [r1, #4]
    ldr.w r6, [r1, #8]
    ldr.w r7, [r1, #12]
    ldr.w r8, [r0, #0]
    ldr.w r9, [r0, #4]
    ldr.w r10, [r0, #8]
    ldr.w r11, [r0, #12]
    ldr.w r2, [r12, #28]
    add.w r3, r3, r2
    ldr.w r2, [r12, #16]
    str.w r3, [r12, #0]
    adds.w r1, r1, #16
    str.w r1, [r12, #4]
    ldr.w r1, [r12, #20]
    eor.w r4, r4, r8
    eor.w r5, r5, r9
    eor.w r6, r6, r10
    eor.w r7, r7, r11
    cmp.w r2, #10
    bne.w .Lpq_\name\()_first4
.Lpq_\name\()_last9:
    PQ_ROUNDS 1
    ldr.w r2, [sp, #0]
    ldr.w r1, [r2, #24]
    PQ_LAST_ROUND
    ldr.w r0, [sp, #0]
    ldrd r2, r3, [r0, #8]        @ out, blocks left
    str.w r4, [r2, #0]
    str.w r5, [r2, #4]
    str.w r6, [r2, #8]
    str.w r7, [r2, #12]
    adds.w r2, r2, #16
    subs.w r3, r3, #1
    strd r2, r3, [r0, #8]
    bne.w .Lpq_\name\()_block
    pop {r0, r4-r11, pc}
.Lpq_\name\()_first4:                @ AES-256: rounds 1-4, then rounds 5-14 as above
    PQ_ROUNDS 1, 4
    adds.w r0, r0, #64
    b.w .Lpq_\name\()_last9
    .size \name, .-\name
.endm

    PQ_TABLE_FN pqmcu_aes_table_m4

@ AES-128 under one key (key_step = 0, nr = 10; the same Job, whose out_step
@ is the distance between outputs): the round-key and table pointers stay
@ in r0 / r1 across blocks and in, out, nblocks, sbox, t0, out_step live in
@ this frame (sp + 0 .. 20), so a block's set-up and
@ write-back cost about 10 cycles less than the general loop's.
.macro PQ_TABLE1_FN name, lo
    .section .text.\name, "ax", %progbits
    .align 2
    .global \name
    .type \name, %function
    .thumb_func
\name:
    push.w {r4-r11, lr}
    sub.w sp, sp, #28
    ldr.w r1, [r0, #4]
    ldr.w r2, [r0, #8]
    ldr.w r3, [r0, #12]
    ldr.w r12, [r0, #24]
    ldr.w lr, [r0, #20]
    str.w r1, [sp, #0]
    str.w r2, [sp, #4]
    str.w r3, [sp, #8]
    str.w r12, [sp, #12]
    str.w lr, [sp, #16]
    ldr.w r1, [r0, #32]
    str.w r1, [sp, #20]
    ldr.w r0, [r0, #0]
    ldr.w r0, [r0]                 @ the round keys
.Lpq_\name\()_block:
    ldr.w r2, [sp, #0]
    ldr.w r1, [sp, #16]
    ldr.w r4, [r2, #0]
    ldr.w r5, [r2, #4]
    ldr.w r6, [r2, #8]
    ldr.w r7, [r2, #12]
    ldr.w r8, [r0, #0]
    ldr.w r9, [r0, #4]
    ldr.w r10, [r0, #8]
    ldr.w r11, [r0, #12]
    add.w r2, r2, #16
    str.w r2, [sp, #0]
    eor.w r4, r4, r8
    eor.w r5, r5, r9
    eor.w r6, r6, r10
    eor.w r7, r7, r11
    PQ_ROUNDS 1
    ldr.w r1, [sp, #12]
    PQ_LAST_ROUND
    .if \lo
    ldr.w r2, [sp, #0]             @ in, already advanced past this block
    ldr.w r3, [sp, #4]
    ldr.w r8, [r2, #-16]
    ldr.w r9, [r2, #-12]
    ldr.w r10, [r2, #-8]
    ldr.w r11, [r2, #-4]
    eor.w r4, r4, r8
    eor.w r5, r5, r9
    eor.w r6, r6, r8
    eor.w r7, r7, r9
    eor.w r4, r4, r10
    eor.w r5, r5, r11
    .else
    ldr.w r3, [sp, #4]
    .endif
    str.w r4, [r3, #0]
    str.w r5, [r3, #4]
    str.w r6, [r3, #8]
    str.w r7, [r3, #12]
    ldr.w r2, [sp, #8]
    ldr.w r12, [sp, #20]
    add.w r3, r3, r12
    str.w r3, [sp, #4]
    subs.w r2, r2, #1
    str.w r2, [sp, #8]
    bne.w .Lpq_\name\()_block
    add.w sp, sp, #28
    pop.w {r4-r11, pc}
    .size \name, .-\name
.endm

    PQ_TABLE1_FN pqmcu_aes128_table1_m4, 0
    PQ_TABLE1_FN pqmcu_aes128_table1_lo_m4, 1

@ pqmcu_aes128_table1_lo_pre_m4: PQ_TABLE1_FN's lo loop; the frame's slot
@ 24 holds pre - in (bytes), so a block's pre words are at in + slot 24.
    .section .text.pqmcu_aes128_table1_lo_pre_m4, "ax", %progbits
    .align 2
    .global pqmcu_aes128_table1_lo_pre_m4
    .type pqmcu_aes128_table1_lo_pre_m4, %function
    .thumb_func
pqmcu_aes128_table1_lo_pre_m4:
    push.w {r4-r11, lr}
    sub.w sp, sp, #28
    ldr.w r1, [r0, #4]
    ldr.w r2, [r0, #8]
    ldr.w r3, [r0, #12]
    ldr.w r12, [r0, #24]
    ldr.w lr, [r0, #20]
    str.w r1, [sp, #0]
    str.w r2, [sp, #4]
    str.w r3, [sp, #8]
    str.w r12, [sp, #12]
    str.w lr, [sp, #16]
    ldr.w r2, [r0, #32]
    str.w r2, [sp, #20]
    ldr.w r2, [r0, #36]            @ pre
    sub.w r2, r2, r1
    str.w r2, [sp, #24]
    ldr.w r0, [r0, #0]
    ldr.w r0, [r0]                 @ the round keys
.Lpq_pre_block:
    ldr.w r2, [sp, #0]             @ in
    ldr.w r1, [sp, #16]            @ T
    ldr.w r3, [sp, #24]
    ldr.w r12, [r2, #0]
    ldr.w lr, [r0, #0]
    ldr.w r8, [r0, #16]            @ round 1's key
    ldr.w r9, [r0, #20]
    ldr.w r10, [r0, #24]
    ldr.w r11, [r0, #28]
    add.w r3, r3, r2               @ this block's pre words
    ldr.w r4, [r3, #0]
    ldr.w r5, [r3, #4]
    ldr.w r6, [r3, #8]
    ldr.w r7, [r3, #12]
    add.w r2, r2, #16
    str.w r2, [sp, #0]
    eor.w r12, r12, lr             @ state word 0 after round 0
    uxtb.w r2, r12
    ubfx r3, r12, #8, #8
    ldr.w r2, [r1, r2, lsl #2]     @ column 0's byte-0 term
    ldr.w r3, [r1, r3, lsl #2]     @ column 3's byte-1 term (ror 24)
    eor.w r8, r8, r4
    eor.w r9, r9, r5
    eor.w r10, r10, r6
    eor.w r11, r11, r7
    eor.w r8, r8, r2
    eor.w r11, r11, r3, ror #24
    PQ_ROUNDS 2
    ldr.w r1, [sp, #12]
    PQ_LAST_ROUND
    ldr.w r2, [sp, #0]             @ in, already advanced past this block
    ldr.w r3, [sp, #4]
    ldr.w r8, [r2, #-16]
    ldr.w r9, [r2, #-12]
    ldr.w r10, [r2, #-8]
    ldr.w r11, [r2, #-4]
    eor.w r4, r4, r8
    eor.w r5, r5, r9
    eor.w r6, r6, r8
    eor.w r7, r7, r9
    eor.w r4, r4, r10
    eor.w r5, r5, r11
    str.w r4, [r3, #0]
    str.w r5, [r3, #4]
    str.w r6, [r3, #8]
    str.w r7, [r3, #12]
    ldr.w r2, [sp, #8]
    ldr.w r12, [sp, #20]
    add.w r3, r3, r12
    str.w r3, [sp, #4]
    subs.w r2, r2, #1
    str.w r2, [sp, #8]
    bne.w .Lpq_pre_block
    add.w sp, sp, #28
    pop.w {r4-r11, pc}
    .size pqmcu_aes128_table1_lo_pre_m4, .-pqmcu_aes128_table1_lo_pre_m4
