@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Whole 64-bit lanes into and out of the bit-interleaved Keccak state on the
@ Cortex-M4 (keccak.cpp's keccak_xor_bytes / keccak_extract_bytes): the
@ same swap-moves as interleave_halves / deinterleave, with the 16-bit
@ pairing as one PKHBT and one PKHTB, two lanes a loop (the loads in a run,
@ which the M4 pipelines), and the extracted bytes stored with one STM
@ when the output is word-aligned.
@ State: even words w[0..24], odd words w[25..49]; `we` = &w[lane].
@ void pqmcu_keccak_xor_lanes_m4(uint32_t* we, const uint8_t* in, uint32_t nl)
@     w[lane + k] ^= interleaved(in[8 k .. 8 k + 8)), k < nl; in any alignment
@ void pqmcu_keccak_extract_lanes_m4(const uint32_t* we, uint8_t* out, uint32_t nl)
@     out[8 k .. 8 k + 8) = lane + k, k < nl; out any alignment
    .syntax unified
    .thumb

@ swap e, o, t, s, m: t = ((e >> s) ^ o) & m; o ^= t; e ^= t << s
.macro swap e, o, t, s, m
    eor \t, \o, \e, lsr #\s
    and \t, \t, #\m
    eor \o, \o, \t
    eor \e, \e, \t, lsl #\s
.endm
@ (lo, hi) halves of a lane -> its even and odd bits (interleave_halves)
.macro ilv e, o, t
    swap \e, \o, \t, 8, 0x00FF00FF
    swap \e, \o, \t, 4, 0x0F0F0F0F
    swap \e, \o, \t, 2, 0x33333333
    swap \e, \o, \t, 1, 0x55555555
.endm
@ even and odd bits -> (lo, hi) (deinterleave, before the 16-bit pairing)
.macro dil e, o, t
    swap \e, \o, \t, 1, 0x55555555
    swap \e, \o, \t, 2, 0x33333333
    swap \e, \o, \t, 4, 0x0F0F0F0F
    swap \e, \o, \t, 8, 0x00FF00FF
.endm

    .section .text.pqmcu_keccak_xor_lanes_m4, "ax", %progbits
    .align 2
    .global pqmcu_keccak_xor_lanes_m4
    .type pqmcu_keccak_xor_lanes_m4, %function
    .thumb_func
pqmcu_keccak_xor_lanes_m4:
    push {r4-r6}                @ (three registers: this frame can be on a stack peak's path)
    subs r2, r2, #2
    bcc 2f
1:
    ldr r3, [r1, #0]            @ lo0
    ldr r4, [r1, #4]            @ hi0
    ldr r5, [r1, #8]            @ lo1
    ldr r6, [r1, #12]           @ hi1
    adds r1, r1, #16
    pkhbt r12, r3, r4, lsl #16  @ e0 = lo0[15:0] | hi0[15:0] << 16
    pkhtb r4, r4, r3, asr #16   @ o0 = hi0[31:16] << 16 | lo0[31:16]
    pkhbt r3, r5, r6, lsl #16   @ e1
    pkhtb r6, r6, r5, asr #16   @ o1
    ilv r12, r4, r5
    ilv r3, r6, r5
    ldr r5, [r0, #0]
    eor r12, r12, r5
    ldr r5, [r0, #4]
    eor r3, r3, r5
    ldr r5, [r0, #100]
    eor r4, r4, r5
    ldr r5, [r0, #104]
    eor r6, r6, r5
    str r4, [r0, #100]
    str r6, [r0, #104]
    str r3, [r0, #4]
    str r12, [r0], #8
    subs r2, r2, #2
    bcs 1b
2:
    adds r2, r2, #2             @ 0 or 1 lane left
    beq 3f
    ldr r3, [r1, #0]
    ldr r4, [r1, #4]
    pkhbt r12, r3, r4, lsl #16
    pkhtb r4, r4, r3, asr #16
    ilv r12, r4, r5
    ldr r3, [r0, #0]
    ldr r5, [r0, #100]
    eor r12, r12, r3
    eor r4, r4, r5
    str r4, [r0, #100]
    str r12, [r0, #0]
3:
    pop {r4-r6}
    bx lr
    .size pqmcu_keccak_xor_lanes_m4, .-pqmcu_keccak_xor_lanes_m4

@ ext2: two lanes from we (r0, advanced) into lo0, hi0, lo1, hi1 = r3, r4, r5, r6
@ (an ascending list for the STM; r12 and r6 are the other temporaries)
.macro ext2
    ldr r6, [r0, #100]          @ o0
    ldr r12, [r0, #104]         @ o1
    ldr r5, [r0, #4]            @ e1
    ldr r3, [r0], #8            @ e0
    dil r3, r6, r4
    pkhtb r4, r6, r3, asr #16   @ hi0 = o0[31:16] << 16 | e0[31:16]
    pkhbt r3, r3, r6, lsl #16   @ lo0 = e0[15:0] | o0[15:0] << 16
    dil r5, r12, r6
    pkhtb r6, r12, r5, asr #16  @ hi1
    pkhbt r5, r5, r12, lsl #16  @ lo1
.endm

    .section .text.pqmcu_keccak_extract_lanes_m4, "ax", %progbits
    .align 2
    .global pqmcu_keccak_extract_lanes_m4
    .type pqmcu_keccak_extract_lanes_m4, %function
    .thumb_func
pqmcu_keccak_extract_lanes_m4:
    push {r4-r6}
    tst r1, #3
    bne 4f
    subs r2, r2, #4             @ four lanes a loop (wip/saber-dec5: the loop's
    bcc 5f                      @ SUBS / BCS once per four lanes, not two)
1:                              @ word-aligned output: one STM a pair
    ext2
    stm r1!, {r3, r4, r5, r6}
    ext2
    stm r1!, {r3, r4, r5, r6}
    subs r2, r2, #4
    bcs 1b
5:
    adds r2, r2, #2             @ 0..3 lanes left: a pair?
    bcc 2f
    ext2
    stm r1!, {r3, r4, r5, r6}
    subs r2, r2, #2
    b 2f
4:
    subs r2, r2, #2
    bcc 2f
6:
    ext2
    str r3, [r1, #0]
    str r4, [r1, #4]
    str r5, [r1, #8]
    str r6, [r1, #12]
    adds r1, r1, #16
    subs r2, r2, #2
    bcs 6b
2:
    adds r2, r2, #2             @ 0 or 1 lane left
    beq 3f
    ldr r6, [r0, #100]
    ldr r3, [r0, #0]
    dil r3, r6, r4
    pkhtb r4, r6, r3, asr #16
    pkhbt r3, r3, r6, lsl #16
    str r3, [r1, #0]
    str r4, [r1, #4]
3:
    pop {r4-r6}
    bx lr
    .size pqmcu_keccak_extract_lanes_m4, .-pqmcu_keccak_extract_lanes_m4

@ void pqmcu_keccak_wipe_m4(void* p, uint32_t n): zeroes n bytes (n a
@ multiple of 4, p word-aligned) with 3-word STMs, four a loop (no stack),
@ then words: the sponge states' wipes (wipe_words in keccak_internal.hpp)
@ at ~1.4 instead of ~5 cycles a word. An out-of-line call: the stores
@ cannot be dropped as dead.
    .section .text.pqmcu_keccak_wipe_m4, "ax", %progbits
    .align 2
    .global pqmcu_keccak_wipe_m4
    .type pqmcu_keccak_wipe_m4, %function
    .thumb_func
pqmcu_keccak_wipe_m4:
    movs r2, #0
    movs r3, #0
    mov r12, #0
    subs r1, r1, #48
    bcc 2f
1:
    stm r0!, {r2, r3, r12}
    stm r0!, {r2, r3, r12}
    stm r0!, {r2, r3, r12}
    stm r0!, {r2, r3, r12}
    subs r1, r1, #48
    bcs 1b
2:
    adds r1, r1, #48
    beq 4f
3:
    str r2, [r0], #4
    subs r1, r1, #4
    bne 3b
4:
    bx lr
    .size pqmcu_keccak_wipe_m4, .-pqmcu_keccak_wipe_m4
