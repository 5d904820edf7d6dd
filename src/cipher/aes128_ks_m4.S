@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ AES-128 key expansion for ARMv7-M (Cortex-M4) with the table S-box:
@ PUBLIC KEYS ONLY (the lookups are indexed by key bytes).
@
@ void pqmcu_aes128_ks_public_m4(uint32_t w[44], const uint8_t key[16],
@                                uint32_t x0, const uint8_t sbox[256])
@   w = the FIPS-197 expansion (little-endian words) of key with x0 XORed
@   into its first word: MQOM's tweaked salts are expanded without a copy.
@   key may be unaligned; w is word aligned.
@
@ Why: MQOM schedules one key per GGM node (~5,300 per one-tree signature).
@ A round is 22 model cycles: four byte extractions, four pipelined LDRBs,
@ RotWord/SubWord folded into shifted EOR operands, one STM of the four
@ new words (the compiled C++ paid ~300 cycles a key plus the tweak's copy).
    .syntax unified
    .thumb
    .section .text.pqmcu_aes128_ks_public_m4, "ax", %progbits
    .align 2
    .global pqmcu_aes128_ks_public_m4
    .type pqmcu_aes128_ks_public_m4, %function
    .thumb_func
pqmcu_aes128_ks_public_m4:
    push {r4-r7, lr}
    ldr r4, [r1]
    ldr r5, [r1, #4]
    ldr r6, [r1, #8]
    ldr r7, [r1, #12]
    eors r4, r2
    stm r0!, {r4-r7}
@ k0 ^= SubWord(RotWord(k3)) ^ rcon; k1 ^= k0; k2 ^= k1; k3 ^= k2
@ (RotWord of a little-endian word: byte 1 of k3 becomes byte 0, ...)
.macro PQ_KS_ROUND rcon
    ubfx r1, r7, #8, #8
    ubfx r2, r7, #16, #8
    lsr.w r12, r7, #24
    uxtb.w lr, r7
    ldrb r1, [r3, r1]
    ldrb r2, [r3, r2]
    ldrb r12, [r3, r12]
    ldrb lr, [r3, lr]
    eor r4, r4, #\rcon
    eors r4, r1
    eor r4, r4, r2, lsl #8
    eor r4, r4, r12, lsl #16
    eor r4, r4, lr, lsl #24
    eors r5, r4
    eors r6, r5
    eors r7, r6
    stm r0!, {r4-r7}
.endm
    PQ_KS_ROUND 0x01
    PQ_KS_ROUND 0x02
    PQ_KS_ROUND 0x04
    PQ_KS_ROUND 0x08
    PQ_KS_ROUND 0x10
    PQ_KS_ROUND 0x20
    PQ_KS_ROUND 0x40
    PQ_KS_ROUND 0x80
    PQ_KS_ROUND 0x1B
    PQ_KS_ROUND 0x36
    pop {r4-r7, pc}
    .size pqmcu_aes128_ks_public_m4, .-pqmcu_aes128_ks_public_m4
