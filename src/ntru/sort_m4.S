@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ The M4 pieces of the fixed-weight sampler's sort (engine.cpp,
@ detail::sort_uint32_blocks): a bitonic network on groups of eight words
@ whose rounds inside a group run with the eight words in registers (one
@ LDM and one STM per group and pass instead of a load and a store per
@ comparator).
@
@ Compare-exchange on unsigned words: (a, b) <- (min, max). t = b - a;
@ on a borrow (b < a) the IT-predicated pair swaps them: a + (b - a) = b,
@ b - (b - a) = a. Four instructions, no branch (the comparators depend on
@ the counts only): the two predicated ones execute (and take their one
@ cycle) whatever the flags, as docs/ct-m4.md describes (the M4 trace check
@ records them either way). Was SUBS / SBC / AND / ADD / SUB (five cycles).
    .syntax unified
    .thumb
    .text

.macro cmpx a, b
    subs r10, \b, \a
    itt lo
    addlo \a, \a, r10
    sublo \b, \b, r10
.endm

@ The groups' loop of pqmcu_ntru_sort8x / merge8x: \group on each of r1
@ (>= 1) groups at r0, two an iteration (an odd one first).
.macro each_group group
    push {r4-r11, lr}
    lsrs r1, r1, #1           @ pairs of groups; an odd one first
    bcc 1f
    \group
    cmp r1, #0
    beq 2f
1:
    \group
    \group
    subs r1, r1, #1
    bne 1b
2:
    pop {r4-r11, pc}
.endm

.macro sort8_group
    ldm r0, {r2-r9}
    cmpx r2, r4               @ (0,2) (1,3) (4,6) (5,7)
    cmpx r3, r5
    cmpx r6, r8
    cmpx r7, r9
    cmpx r2, r6               @ (0,4) (1,5) (2,6) (3,7)
    cmpx r3, r7
    cmpx r4, r8
    cmpx r5, r9
    cmpx r2, r3               @ (0,1) (2,3) (4,5) (6,7)
    cmpx r4, r5
    cmpx r6, r7
    cmpx r8, r9
    cmpx r4, r6               @ (2,4) (3,5)
    cmpx r5, r7
    cmpx r3, r6               @ (1,4) (3,6)
    cmpx r5, r8
    cmpx r3, r4               @ (1,2) (3,4) (5,6)
    cmpx r5, r6
    cmpx r7, r8
    stmia r0!, {r2-r9}
.endm

@ void pqmcu_ntru_sort8x(uint32_t* x, uint32_t groups)
@   Sorts each group x[8g .. 8g + 8), g < groups (>= 1), ascending: the
@   19-comparator network of depth 6, element i in r(2 + i); two groups an
@   iteration (an odd one first).
    .global pqmcu_ntru_sort8x
    .type pqmcu_ntru_sort8x, %function
    .align 2
pqmcu_ntru_sort8x:
    each_group sort8_group
    .size pqmcu_ntru_sort8x, .-pqmcu_ntru_sort8x

.macro merge8_group
    ldm r0, {r2-r9}
    cmpx r2, r6               @ distance 4
    cmpx r3, r7
    cmpx r4, r8
    cmpx r5, r9
    cmpx r2, r4               @ distance 2
    cmpx r3, r5
    cmpx r6, r8
    cmpx r7, r9
    cmpx r2, r3               @ distance 1
    cmpx r4, r5
    cmpx r6, r7
    cmpx r8, r9
    stmia r0!, {r2-r9}
.endm

@ void pqmcu_ntru_merge8x(uint32_t* x, uint32_t groups)
@   A bitonic merge's last three rounds on each group (groups >= 1):
@   distances 4, 2, 1 inside x[8g .. 8g + 8); two groups an iteration (an
@   odd one first).
    .global pqmcu_ntru_merge8x
    .type pqmcu_ntru_merge8x, %function
    .align 2
pqmcu_ntru_merge8x:
    each_group merge8_group
    .size pqmcu_ntru_merge8x, .-pqmcu_ntru_merge8x

@ void pqmcu_ntru_minmax_mirror(uint32_t* a, uint32_t* b, uint32_t k)
@   The pairs (a[j], b[-j]), j < k (k a multiple of 4, >= 4: engine.cpp's
@   k are multiples of 8): a bitonic merge's first round (each element
@   against its mirror image), four pairs per step: a[j .. j + 3] by LDM,
@   b[-j - 3 .. -j] by LDMDB (r8, r9, r11, r12 ascending), both stored back
@   with writeback.
    .global pqmcu_ntru_minmax_mirror
    .type pqmcu_ntru_minmax_mirror, %function
    .align 2
pqmcu_ntru_minmax_mirror:
    push {r4-r11, lr}
    adds r1, r1, #4           @ one past b[0]
1:
    ldm r0, {r4-r7}
    ldmdb r1, {r8, r9, r11, r12}
    cmpx r4, r12
    cmpx r5, r11
    cmpx r6, r9
    cmpx r7, r8
    stmia r0!, {r4-r7}
    stmdb r1!, {r8, r9, r11, r12}
    subs r2, r2, #4
    bne 1b
    pop {r4-r11, pc}
    .size pqmcu_ntru_minmax_mirror, .-pqmcu_ntru_minmax_mirror

@ void pqmcu_ntru_merge8s(uint32_t* x, uint32_t q, uint32_t blocks)
@   Three half-cleaner rounds (distances 4q, 2q, q; q >= 1) on each of
@   `blocks` blocks of 8q words: per block, for i < q, the eight words
@   x[i + jq], j < 8, in registers (r2-r9) as in pqmcu_ntru_merge8x. 3q
@   (bytes) in r11, the loop count of a block in r12, the blocks in s1;
@   two i an iteration (q even: engine.cpp's q = d / 4 >= 2).
    .global pqmcu_ntru_merge8s
    .type pqmcu_ntru_merge8s, %function
    .align 2
pqmcu_ntru_merge8s:
    push {r4-r11, lr}
    vmov s1, r2
    lsls r1, r1, #2           @ q in bytes
    add r11, r1, r1, lsl #1   @ 3q in bytes
2:
    lsrs r12, r1, #2          @ i < q
1:
    .rept 2                   @ two iterations a loop pass
    add lr, r0, r1, lsl #2    @ x + 4q
    ldr r2, [r0]
    ldr r3, [r0, r1]
    ldr r4, [r0, r1, lsl #1]
    ldr r5, [r0, r11]         @ x + 3q
    ldr r6, [lr]
    ldr r7, [lr, r1]
    ldr r8, [lr, r1, lsl #1]
    ldr r9, [lr, r11]         @ x + 7q
    cmpx r2, r6               @ distance 4q
    cmpx r3, r7
    cmpx r4, r8
    cmpx r5, r9
    cmpx r2, r4               @ distance 2q
    cmpx r3, r5
    cmpx r6, r8
    cmpx r7, r9
    cmpx r2, r3               @ distance q
    cmpx r4, r5
    cmpx r6, r7
    cmpx r8, r9
    str r2, [r0]
    str r3, [r0, r1]
    str r4, [r0, r1, lsl #1]
    str r5, [r0, r11]
    str r6, [lr]
    str r7, [lr, r1]
    str r8, [lr, r1, lsl #1]
    str r9, [lr, r11]
    adds r0, r0, #4
    .endr
    subs r12, r12, #2
    bne 1b
    add r0, r0, r1, lsl #3    @ the next block: x + 8q (x has moved by q)
    sub r0, r0, r1
    vmov r12, s1
    subs r12, r12, #1
    vmov s1, r12
    bne 2b
    pop {r4-r11, pc}
    .size pqmcu_ntru_merge8s, .-pqmcu_ntru_merge8s

@ void pqmcu_ntru_mirror8s(uint32_t* x, uint32_t q, uint32_t blocks)
@   A bitonic merge's first three rounds on each of `blocks` blocks of
@   B = 8q words (q >= 1): each word against its mirror image, then the
@   half-cleaners of distance 2q and q. For i < q the words e_j = x[i + jq]
@   (r2-r5) and f_j = x[B - 1 - i - jq] (r6-r9), j < 4, are closed under the
@   three rounds: (e_j, f_j); (e0, e2) (e1, e3) (f2, f0) (f3, f1); (e0, e1)
@   (e2, e3) (f1, f0) (f3, f2) (the smaller word to the lower address). r1:
@   the address of f3 (B - 1 - i - 3q), descending; q and 3q (bytes) in
@   r12 / r11, the loop count in lr; two i an iteration (q even:
@   engine.cpp's q = B / 8 >= 8).
    .global pqmcu_ntru_mirror8s
    .type pqmcu_ntru_mirror8s, %function
    .align 2
pqmcu_ntru_mirror8s:
    push {r4-r11, lr}
    vmov s1, r2
    lsls r12, r1, #2          @ q in bytes
    add r11, r12, r12, lsl #1 @ 3q in bytes
2:
    add r1, r0, r12, lsl #3   @ x + 8q
    sub r1, r1, #4
    sub r1, r1, r11           @ f3 = x + 8q - 1 - 3q
    lsrs lr, r12, #2          @ i < q
1:
    .rept 2                   @ two iterations a loop pass
    ldr r2, [r0]
    ldr r3, [r0, r12]
    ldr r4, [r0, r12, lsl #1]
    ldr r5, [r0, r11]         @ e3
    ldr r9, [r1]              @ f3
    ldr r8, [r1, r12]         @ f2
    ldr r7, [r1, r12, lsl #1] @ f1
    ldr r6, [r1, r11]         @ f0
    cmpx r2, r6               @ mirror
    cmpx r3, r7
    cmpx r4, r8
    cmpx r5, r9
    cmpx r2, r4               @ distance 2q
    cmpx r3, r5
    cmpx r8, r6
    cmpx r9, r7
    cmpx r2, r3               @ distance q
    cmpx r4, r5
    cmpx r7, r6
    cmpx r9, r8
    str r2, [r0]
    str r3, [r0, r12]
    str r4, [r0, r12, lsl #1]
    str r5, [r0, r11]
    str r9, [r1]
    str r8, [r1, r12]
    str r7, [r1, r12, lsl #1]
    str r6, [r1, r11]
    adds r0, r0, #4
    subs r1, r1, #4
    .endr
    subs lr, lr, #2
    bne 1b
    add r0, r0, r12, lsl #3   @ the next block: x + 8q (x has moved by q)
    sub r0, r0, r12
    vmov r2, s1
    subs r2, r2, #1
    vmov s1, r2
    bne 2b
    pop {r4-r11, pc}
    .size pqmcu_ntru_mirror8s, .-pqmcu_ntru_mirror8s

@ void pqmcu_ntru_mirror4s(uint32_t* x, uint32_t q, uint32_t blocks)
@   A bitonic merge's first two rounds on each of `blocks` blocks of B = 4q
@   words (q even, >= 2: engine.cpp calls it with q = B / 4 for B = 32,
@   256, ..): the mirror round, then the half-cleaners of distance q. For
@   i < q the words e0 = x[i], e1 = x[i + q], f1 = x[3q - 1 - i], f0 =
@   x[4q - 1 - i] are closed under both: (e0, f0) (e1, f1); (e0, e1) (f1,
@   f0). Two i an iteration (i in r2-r5, i + 1 in r6-r9), the four words'
@   addresses in r0, r11 (ascending), r1, lr (descending), advanced by the
@   stores; the iteration ends when r0 reaches x + q (r12); q (bytes) and
@   the blocks in s2 / s1.
    .global pqmcu_ntru_mirror4s
    .type pqmcu_ntru_mirror4s, %function
    .align 2
pqmcu_ntru_mirror4s:
    push {r4-r11, lr}
    vmov s1, r2
    lsls r2, r1, #2           @ q in bytes
    vmov s2, r2
2:
    vmov r12, s2
    add r11, r0, r12          @ e1 = x + q
    add r1, r11, r12, lsl #1
    sub r1, r1, #4            @ f1 = x + 3q - 1
    add lr, r1, r12           @ f0 = x + 4q - 1
    mov r12, r11              @ e0's end
1:
    ldr r2, [r0]
    ldr r3, [r11]
    ldr r4, [r1]
    ldr r5, [lr]
    ldr r6, [r0, #4]
    ldr r7, [r11, #4]
    ldr r8, [r1, #-4]
    ldr r9, [lr, #-4]
    cmpx r2, r5               @ mirror
    cmpx r3, r4
    cmpx r6, r9
    cmpx r7, r8
    cmpx r2, r3               @ distance q
    cmpx r4, r5
    cmpx r6, r7
    cmpx r8, r9
    str r6, [r0, #4]
    str r7, [r11, #4]
    str r8, [r1, #-4]
    str r9, [lr, #-4]
    str r2, [r0], #8
    str r3, [r11], #8
    str r4, [r1], #-8
    str r5, [lr], #-8
    cmp r0, r12
    bne 1b
    vmov r12, s2
    add r0, r11, r12, lsl #1  @ the next block: x + 4q (r11 has reached x + 2q)
    vmov r2, s1
    subs r2, r2, #1
    vmov s1, r2
    bne 2b
    pop {r4-r11, pc}
    .size pqmcu_ntru_mirror4s, .-pqmcu_ntru_mirror4s
