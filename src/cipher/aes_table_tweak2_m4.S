@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Two T-table AES-128 blocks under two keys that differ from one base key in
@ their first little-endian word only (MQOM's tweaked salts: a GGM tree
@ pair, one key per node), with the key schedule run round by round beside
@ the rounds: no expanded key is stored and read back, and one call does
@ both keys' schedules and blocks.
@ NOT CONSTANT TIME (table indices depend on the data): see table_not_ct.cpp.
@ The keys are public (only their schedule's S-box lookups index by them).
@
@ struct Job { const uint8_t* key; const uint8_t* in; uint8_t* out;
@              const uint32_t* t0; const uint8_t* sbox; uint32_t x[2]; };
@ void pqmcu_aes128_table_tweak2_m4(const Job* job)
@   block b (16 bytes at in + 16 b, to out + 16 b), b = 0, 1: AES-128 under
@   key with its first little-endian word XOR x[b]. t0: the table of
@   table_not_ct.cpp (row-0 column contribution (2s, s, s, 3s)); sbox: the
@   byte S-box. in/out may be unaligned; out may equal in.
@ void pqmcu_aes128_table_tweak1_m4(const Job* job, uint32_t b)
@   block b only (b = 0 or 1; the same layout): a GGM pair whose sibling's
@   subtree the walk does not need (MQOM one-tree "-2" walks).
@
@ Registers: r1 the T-table, r0 the S-box, r4-r7 / r8-r11 the state (rounds
@ alternate between the two sets), r2, r3, r12, lr byte indices and table
@ words. The next round key is made in the state set the round is about
@ to write, so its columns start from their key words (no round-key loads),
@ and kept in s0-s3 for the schedule's next step (SubWord's four byte
@ lookups pipelined, the word chain, eight VMOVs: ~26 cycles a round,
@ against ~22 in aes128_ks_m4.S plus its call, its stores and the rounds'
@ four key loads). s4 holds the job, s5 the block index, s6 the end index.
@
@ Every instruction is a 32-bit encoding, so none straddles a 1 KiB
@ boundary wherever the linker places the code (see aes_table_m4.S).
    .syntax unified
    .thumb

#include "aes_table_cols_m4.inc"

@ A round whose destination registers already hold the next round key
@ (PQ_KEXP made it there): no key loads.
.macro PQ_KROUND d0, d1, d2, d3, s0, s1, s2, s3
    PQ_TCOL \d0, \s0, \s1, \s2, \s3
    PQ_TCOL \d1, \s1, \s2, \s3, \s0
    PQ_TCOL \d2, \s2, \s3, \s0, \s1
    PQ_TCOL \d3, \s3, \s0, \s1, \s2
.endm

@ The next round key (FIPS-197 expansion on little-endian words: RotWord is
@ ror 8) in f0-f3, the registers the next round writes (its columns start
@ from them), and, unless it is the last, kept in s0-s3.
.macro PQ_KEXP rcon, f0, f1, f2, f3, save=1
    vmov \f3, s3
    ubfx r2, \f3, #8, #8
    ubfx r3, \f3, #16, #8
    lsr.w r12, \f3, #24
    uxtb.w lr, \f3
    ldrb.w r2, [r0, r2]
    ldrb.w r3, [r0, r3]
    ldrb.w r12, [r0, r12]
    ldrb.w lr, [r0, lr]
    vmov \f0, s0
    eor.w r2, r2, #\rcon
    eor.w r2, r2, r3, lsl #8
    eor.w r2, r2, r12, lsl #16
    eor.w r2, r2, lr, lsl #24
    eor.w \f0, \f0, r2
    vmov \f1, s1
    vmov \f2, s2
    eor.w \f1, \f1, \f0
    eor.w \f2, \f2, \f1
    eor.w \f3, \f3, \f2
    .if \save
    vmov s0, \f0
    vmov s1, \f1
    vmov s2, \f2
    vmov s3, \f3
    .endif
.endm

    .section .text.pqmcu_aes128_table_tweak2_m4, "ax", %progbits
    .align 2
    .global pqmcu_aes128_table_tweak1_m4
    .type pqmcu_aes128_table_tweak1_m4, %function
    .thumb_func
pqmcu_aes128_table_tweak1_m4:
    push.w {r4-r11, lr}
    vmov s4, r0
    vmov s5, r1
    add.w r2, r1, #1
    vmov s6, r2
    b.w .Lpq_tw2_block
    .size pqmcu_aes128_table_tweak1_m4, .-pqmcu_aes128_table_tweak1_m4

    .global pqmcu_aes128_table_tweak2_m4
    .type pqmcu_aes128_table_tweak2_m4, %function
    .thumb_func
pqmcu_aes128_table_tweak2_m4:
    push.w {r4-r11, lr}
    vmov s4, r0
    mov.w r2, #0
    vmov s5, r2
    mov.w r2, #2
    vmov s6, r2
.Lpq_tw2_block:
    vmov r12, s4                   @ job
    vmov r2, s5                    @ block index
    ldr.w r3, [r12, #0]            @ key
    ldr.w r8, [r3, #0]
    ldr.w r9, [r3, #4]
    ldr.w r10, [r3, #8]
    ldr.w r11, [r3, #12]
    add.w r3, r12, r2, lsl #2
    ldr.w r3, [r3, #20]            @ x[b]
    ldr.w lr, [r12, #4]            @ in
    add.w lr, lr, r2, lsl #4
    ldr.w r4, [lr, #0]
    ldr.w r5, [lr, #4]
    ldr.w r6, [lr, #8]
    ldr.w r7, [lr, #12]
    ldr.w r1, [r12, #12]           @ t0
    ldr.w r0, [r12, #16]           @ sbox
    eor.w r8, r8, r3
    vmov s0, r8
    vmov s1, r9
    vmov s2, r10
    vmov s3, r11
    eor.w r4, r4, r8
    eor.w r5, r5, r9
    eor.w r6, r6, r10
    eor.w r7, r7, r11
    PQ_KEXP 0x01, r8, r9, r10, r11
    PQ_KROUND r8, r9, r10, r11, r4, r5, r6, r7
    PQ_KEXP 0x02, r4, r5, r6, r7
    PQ_KROUND r4, r5, r6, r7, r8, r9, r10, r11
    PQ_KEXP 0x04, r8, r9, r10, r11
    PQ_KROUND r8, r9, r10, r11, r4, r5, r6, r7
    PQ_KEXP 0x08, r4, r5, r6, r7
    PQ_KROUND r4, r5, r6, r7, r8, r9, r10, r11
    PQ_KEXP 0x10, r8, r9, r10, r11
    PQ_KROUND r8, r9, r10, r11, r4, r5, r6, r7
    PQ_KEXP 0x20, r4, r5, r6, r7
    PQ_KROUND r4, r5, r6, r7, r8, r9, r10, r11
    PQ_KEXP 0x40, r8, r9, r10, r11
    PQ_KROUND r8, r9, r10, r11, r4, r5, r6, r7
    PQ_KEXP 0x80, r4, r5, r6, r7
    PQ_KROUND r4, r5, r6, r7, r8, r9, r10, r11
    PQ_KEXP 0x1b, r8, r9, r10, r11
    PQ_KROUND r8, r9, r10, r11, r4, r5, r6, r7
    PQ_KEXP 0x36, r4, r5, r6, r7, 0
    PQ_SCOL r4, r8, r9, r10, r11, , r0
    PQ_SCOL r5, r9, r10, r11, r8, , r0
    PQ_SCOL r6, r10, r11, r8, r9, , r0
    PQ_SCOL r7, r11, r8, r9, r10, , r0
    vmov r12, s4
    vmov r2, s5
    ldr.w r3, [r12, #8]            @ out
    add.w r3, r3, r2, lsl #4
    str.w r4, [r3, #0]
    str.w r5, [r3, #4]
    str.w r6, [r3, #8]
    str.w r7, [r3, #12]
    add.w r2, r2, #1
    vmov s5, r2
    vmov r3, s6
    cmp.w r2, r3
    bne.w .Lpq_tw2_block
    pop.w {r4-r11, pc}
    .size pqmcu_aes128_table_tweak2_m4, .-pqmcu_aes128_table_tweak2_m4
