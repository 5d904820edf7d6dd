@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Products on byte lanes (engine.cpp, lanes_mul): decryption's S3 product
@ (detail::s3_mul_lanes), the inversion mod 3 by exponentiation
@ (detail::s3_inverse_exp), key generation's mod 16 products
@ (detail::mod16_mul_lanes) and its squares mod 32 (detail::small_sqr_lanes;
@ the integer products of ternary polynomials are int_lanes_m4.S); at the
@ end the inversion mod 3's glue around its products
@ (pqmcu_ntru_s3_kmul_fold, _s3_frob_dbl, _s3_sums).
@
@ Every kernel here runs blocks of five outputs whose 64-bit UMLAL sums
@ share registers (pqmcu_ntru_s3_lanes_mul5 describes them); the lanes are
@ folded (mod 3: x mod 16 + x / 16, at most 30, congruent mod 3; mod 16 /
@ mod 32: x mod 16 / x mod 32) before any can pass 255, and at the end.
    .syntax unified
    .thumb
    .text

@ each byte lane: low nibble + high nibble (16 = 1 mod 3); r0 is free
.macro fold r
    and r0, \r, #0xF0F0F0F0
    and \r, \r, #0x0F0F0F0F
    add \r, \r, r0, lsr #4
.endm
@ each byte lane mod 16 (the mod 16 products, pqmcu_ntru_m16_lanes_mul5)
.macro fold16 r
    and \r, \r, #0x0F0F0F0F
.endm
@ each byte lane mod 32 (the mod 32 square, pqmcu_ntru_m32_lanes_sqr)
.macro foldall32
    and r4, r4, #0x1F1F1F1F
    and r5, r5, #0x1F1F1F1F
    and r6, r6, #0x1F1F1F1F
    and r7, r7, #0x1F1F1F1F
    and r8, r8, #0x1F1F1F1F
    and r9, r9, #0x1F1F1F1F
.endm
.macro foldall
    fold r4
    fold r5
    fold r6
    fold r7
    fold r8
    fold r9
.endm
.macro foldall16
    fold16 r4
    fold16 r5
    fold16 r6
    fold16 r7
    fold16 r8
    fold16 r9
.endm
@ (the five-output kernels' steps and their role rotations, l5step / l5rot:
@ lanes5_m4.inc, shared with int_lanes_m4.S)
#include "lanes5_m4.inc"
@ void pqmcu_ntru_m32_lanes_sqr(uint32_t* C, const uint32_t* A, uint32_t w)
@   The cross terms of A^2 mod 32 (lanes <= 3; detail::small_sqr_lanes, key
@   generation's w0^2 mod 16 / mod 32) on pqmcu_ntru_s3_lanes_mul5's blocks:
@   five outputs, output k + j's 64-bit sum in (r(4+j), r(5+j)), r9 carried
@   into the next block's r4. A has FOUR zero words after it (the square
@   reads no y below A[1]); C gets 2w words. Block k runs the steps of
@   pqmcu_ntru_int_lanes_sqr: i = lo .. c - 1 (c = ceil(k/2)) for its five
@   outputs, then i = c for outputs 1..4 and i = c + 1 for 3, 4 (x loads
@   only; for k odd these hold A_c^2, A_(c+1)^2: i = 3, 4 mod 5, which the
@   caller's squares pass takes into account). Bounds: a step adds at most
@   4 products <= 9 to a lane (lane d: d + 1 terms of one word product's low
@   half, 3 - d of the previous one's high half: 36), so x mod 32 (<= 31)
@   at most 6 steps apart (31 + 6 * 36 = 247 < 256: no carry crosses a lane
@   or bit 31, the shared words stay exact), counted from the block's start
@   (r4 the carry <= 31, the others 0), and the half steps count as two:
@   the tail copies fold 4 steps before the end. 30 steps per loop (folds
@   every 6), the last < 30 straight-line from the one of five role-rotated
@   copies whose roles match (TBH): 8 cycles a step for five outputs (the
@   three-output blocks it replaced: 5.5 for three, a fold of six words
@   every 6 steps for three outputs instead of five). Lanes <= 31 out; the
@   caller doubles them and adds the squares. Branches and addresses depend
@   on w and k only (public).
@ a block's end in every tail copy: the final fold, five outputs stored (or
@ the partial last block), the next block
.macro q5fin
    foldall32
    vmov r0, s4               @ k
    vmov r3, s7               @ 2w
    vmov r1, s0               @ C + k
    adds.n r0, r0, #5
    cmp.n r0, r3
    bgt.w .Lq5part            @ fewer than five outputs left (public)
    stmia r1!, {r4-r8}
    vmov s0, r1
    vmov s4, r0
    blt.w .Lq5block
    b.w .Lq5ret
.endm
@ a tail copy: 29 steps from rotation c (28 bytes each), folds (24 bytes)
@ after positions 0, 6, 12, 18, 24 (4 steps before the end: 4 + 2 half
@ steps <= 6), the half steps, the end
.macro q5copy c
.Lq5cb\@:
    l5rot umlal, 1, (\c)
    foldall32
    l5rot umlal, 6, (\c+1)
    foldall32
    l5rot umlal, 6, (\c+7)
    foldall32
    l5rot umlal, 6, (\c+13)
    foldall32
    l5rot umlal, 6, (\c+19)
    foldall32
    l5rot umlal, 4, (\c+25)
    .if (. - .Lq5cb\@ - 29 * 28 - 5 * 24)
    .error "m32_lanes_sqr: a step is not 28 bytes or a fold not 24"
    .endif
    l5rot umlal, 0, (\c+29), 1
    q5fin
.endm
@ position p (29 - steps left) of copy c: 28 p + 24 (folds before p) (a
@ true comparison is -1 in gas)
.macro q5ent c, p
    .hword (\c + 28 * \p + 24 * -((\p > 0) + (\p > 6) + (\p > 12) + (\p > 18) + (\p > 24)) - .Lq5tbl) / 2
.endm
    .global pqmcu_ntru_m32_lanes_sqr
    .type pqmcu_ntru_m32_lanes_sqr, %function
    .align 2
pqmcu_ntru_m32_lanes_sqr:
    push {r4-r11, lr}
    vmov s0, r0               @ C at the block
    vmov s1, r1               @ A
    adds r1, r1, #20
    vmov s2, r1               @ A + 5 words
    lsls r0, r2, #1
    vmov s7, r0               @ 2w
    subs r2, r2, #1
    vmov s3, r2               @ w - 1
    movs r0, #0
    vmov s4, r0               @ k
    mov r9, #0                @ carry
.Lq5block:                    @ (r0 = k)
    vmov r3, s3               @ w - 1
    subs r12, r0, r3          @ k + 1 - w
    bic r1, r12, r12, asr #31 @ lo = max(k + 1 - w, 0)
    adds r3, r0, #1
    lsrs r3, r3, #1
    subs r3, r3, r1           @ steps = ceil(k / 2) - lo (>= 0 for k < 2w)
    subs r0, r0, r1           @ k - lo
    vmov r12, s2              @ A + 5
    add r2, r12, r0, lsl #2   @ A + (k + 5 - lo)
    vmov r12, s1
    add r1, r12, r1, lsl #2   @ x = A + lo
    @ canonical roles (r3 new, r10, r11, r12, lr): A[k + 1 - lo] .. A[k + 4 - lo]
    ldr lr, [r2, #-4]!
    ldr r12, [r2, #-4]!
    ldr r11, [r2, #-4]!
    ldr r10, [r2, #-4]!
    movs r0, r3
    mov r4, r9                @ the carry
    movs r5, #0
    movs r6, #0
    movs r7, #0
    mov r8, #0
    mov r9, #0
    cmp r0, #30
    bhs .Lq5loop              @ (out of line, after the return)
.Lq5tail:
    @ r0 < 30 steps left: position p = 29 - r0 of copy (5 - p mod 5) mod 5
    tbh [pc, r0, lsl #1]
.Lq5tbl:
    .irp left, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29
    .if ((5 - ((29 - \left) % 5)) % 5) == 0
    q5ent .Lq5c0, (29 - \left)
    .elseif ((5 - ((29 - \left) % 5)) % 5) == 1
    q5ent .Lq5c1, (29 - \left)
    .elseif ((5 - ((29 - \left) % 5)) % 5) == 2
    q5ent .Lq5c2, (29 - \left)
    .elseif ((5 - ((29 - \left) % 5)) % 5) == 3
    q5ent .Lq5c3, (29 - \left)
    .else
    q5ent .Lq5c4, (29 - \left)
    .endif
    .endr
    .align 2
.Lq5c0:
    q5copy 0
.Lq5c1:
    q5copy 1
.Lq5c2:
    q5copy 2
.Lq5c3:
    q5copy 3
.Lq5c4:
    q5copy 4
.Lq5part:                     @ r0 = k + 5 > 2w = r3: 1 .. 4 outputs left
    subs r2, r3, r0
    adds r2, r2, #5
    str r4, [r1]
    cmp r2, #2
    blt .Lq5ret
    str r5, [r1, #4]
    cmp r2, #3
    blt .Lq5ret
    str r6, [r1, #8]
    cmp r2, #4
    blt .Lq5ret
    str r7, [r1, #12]
.Lq5ret:
    pop {r4-r11, pc}
.Lq5loop:                     @ 30 steps, folds every 6, while r0 >= 30 are left
    subs r0, r0, #30
    vmov s6, r0
    l5rot umlal, 6, 0
    foldall32
    l5rot umlal, 6, 1
    foldall32
    l5rot umlal, 6, 2
    foldall32
    l5rot umlal, 6, 3
    foldall32
    l5rot umlal, 6, 4
    foldall32
    vmov r0, s6
    cmp r0, #30
    bhs .Lq5loop
    b .Lq5tail
    .size pqmcu_ntru_m32_lanes_sqr, .-pqmcu_ntru_m32_lanes_sqr


@ void pqmcu_ntru_zero32(void* p, uint32_t blocks)
@   zeroes blocks * 32 bytes from p (word aligned, blocks >= 1): eight zero
@   registers per STM, the workspace wipe at ~3.5 bytes per cycle (memset:
@   ~1.2 on the emulated M4).
    .global pqmcu_ntru_zero32
    .type pqmcu_ntru_zero32, %function
    .align 2
pqmcu_ntru_zero32:
    push {r4-r9}
    movs r2, #0
    movs r3, #0
    movs r4, #0
    movs r5, #0
    movs r6, #0
    movs r7, #0
    mov r8, #0
    mov r9, #0
    subs r1, r1, #4
    blo 2f
1:                            @ four blocks a trip: the loop's SUBS and branch
    stm r0!, {r2-r9}          @ once per 128 bytes, not per 32
    stm r0!, {r2-r9}
    stm r0!, {r2-r9}
    stm r0!, {r2-r9}
    subs r1, r1, #4
    bhs 1b
2:
    adds r1, r1, #4           @ 0 .. 3 blocks left
    beq 4f
3:
    stm r0!, {r2-r9}
    subs r1, r1, #1
    bne 3b
4:
    pop {r4-r9}
    bx lr
    .size pqmcu_ntru_zero32, .-pqmcu_ntru_zero32

@ void pqmcu_ntru_s3_lanes_mul5(uint32_t* C, const uint32_t* A, const uint32_t* Y, uint32_t w)
@   The inversion mod 3's lane products (engine.cpp, lanes_kmul): C[0 .. 2w)
@   = A B mod 3 on byte lanes (lanes {0,1,2} in, <= 30 out), Y = B with
@   FOUR zero words on each side. Blocks of five outputs, and the 64-bit
@   sums share registers: output k + j's high word is output k + j + 1's
@   low word (r4 .. r9 for outputs k .. k + 5: UMLAL r(4+j), r(5+j)). No
@   lane passes 255 (see the folds), so no carry crosses bit 31 and the
@   64-bit additions are the two 32-bit lane sums; r9 (lanes 4..6 of the
@   block's last output) carries into the next block's r4. Each step adds
@   at most 4 products <= 4 to every lane (16): a fold (x mod 16 + x / 16,
@   <= 30) at most 14 steps apart (30 + 14 * 16 = 254; the block's first
@   step adds to r4 only where the carry's lane 3 is 0, and to zeros
@   elsewhere: 15 steps from the start: 30 + 15 * 12, 15 * 16 <= 255).
@   Per step one load of x and one of y and five UMLALs (8 cycles for 5
@   outputs; the three-output kernel it replaced: 5.5 for 3, and 6 accumulators
@   to fold for 3 outputs instead of 6 for 5). The five y registers rotate
@   (groups of 5 steps): 70 steps per loop (folds after every 14), the
@   last < 70 straight-line from the copy (of five) whose roles match at the
@   entry. Branches depend on w and k only (public).
@ The folds in two operations a register: h = (x >> 4) & K (K =
@ 0x0F0F0F0F, h its lanes' high nibbles), then x - 15 h = x mod 16 + x / 16
@ (the same lanes as the three-operation fold) by SMLAL (x, nx) += -15 h (M
@ = -15): x >= 16 h >= 15 h, so the 64-bit sum has no borrow out of x and
@ nx (any register) is left unchanged. 2 cycles a register instead of 3.
.macro s5fold x, nx, k, m, h
    and \h, \k, \x, lsr #4
    smlal \x, \nx, \h, \m
.endm
.macro s5foldall k, m, h
    s5fold r4, r5, \k, \m, \h
    s5fold r5, r6, \k, \m, \h
    s5fold r6, r7, \k, \m, \h
    s5fold r7, r8, \k, \m, \h
    s5fold r8, r9, \k, \m, \h
    s5fold r9, r4, \k, \m, \h
.endm
@ a fold between steps (64 bytes, 16 cycles; was 18): h in r0 (x is dead
@ there), K in \d (the y register the next step loads into, dead), M in r1
@ (the x pointer, kept in s5 meanwhile)
.macro s5ifold d
    vmov s5, r1
    mvn r1, #14
    mov \d, #0x0F0F0F0F
    s5foldall \d, r1, r0
    vmov r1, s5
.endm
@ the fold before the steps of rotation rot (their first loads into the
@ register named first in l5rot's roles)
.macro s5ifoldrot rot
.if ((\rot) % 5) == 0
    s5ifold r3
.elseif ((\rot) % 5) == 1
    s5ifold lr
.elseif ((\rot) % 5) == 2
    s5ifold r12
.elseif ((\rot) % 5) == 3
    s5ifold r11
.else
    s5ifold r10
.endif
.endm
@ a tail copy: 69 steps from rotation c, folds after steps 13, 27, 41, 55
@ (14 before the end), and the block's end (s5fin): 2278 bytes
@ a block's end in every tail copy (no branch to a shared one): the
@ final fold (every y register dead: K, M in r3, r10), the five outputs
@ stored, the next block (or the partial last one), found by the sign of
@ q = k - 2w (no compare with 2w); 90 bytes (in the copies' size)
.macro s5fin
    mov r3, #0x0F0F0F0F
    mvn r10, #14
    s5foldall r3, r10, r0
    vmov r0, s4               @ q = k - 2w
    vmov r1, s0               @ C + k
    adds.n r0, r0, #5
    bgt.w .Ls5part           @ fewer than five outputs left (public)
    stmia r1!, {r4-r8}
    vmov s0, r1
    vmov s4, r0
    blt.w .Ls5block
    b.w .Ls5ret
.endm
.macro s5copy c
    l5rot umlal, 13, (\c)
    s5ifoldrot (\c + 13)
    l5rot umlal, 14, (\c+13)
    s5ifoldrot (\c + 27)
    l5rot umlal, 14, (\c+27)
    s5ifoldrot (\c + 41)
    l5rot umlal, 14, (\c+41)
    s5ifoldrot (\c + 55)
    l5rot umlal, 14, (\c+55)
    s5fin
.endm
.macro s5ent off
    .hword (.Ls5copy0 + \off - .Ls5tbl) / 2
.endm
    .global pqmcu_ntru_s3_lanes_mul5
    .type pqmcu_ntru_s3_lanes_mul5, %function
    .align 2
pqmcu_ntru_s3_lanes_mul5:
    push {r4-r11, lr}
    vmov s0, r0               @ C at the block
    vmov s1, r1               @ A
    lsls r0, r3, #1           @ 2w
    adds r12, r0, #4
    vmov s7, r12              @ 2w + 4
    add r2, r2, r0, lsl #2
    adds r2, r2, #36
    vmov s2, r2               @ Y + 9 + 2w words
    adds r3, r3, #1
    vmov s3, r3               @ w + 1
    negs r0, r0
    vmov s4, r0               @ q = k - 2w (k = 0)
    mov r9, #0                @ carry
.Ls5block:                   @ (r0 = q = k - 2w)
    vmov r3, s3               @ w + 1
    adds r12, r0, r3          @ k + 1 - w
    bic r1, r12, r12, asr #31 @ lo = max(k + 1 - w, 0)
    adds r12, r12, #4
    bic r12, r12, r12, asr #31 @ k + 4 - hi, hi = min(k + 4, w - 1)
    subs r0, r0, r1           @ k - lo - 2w
    subs r3, r0, r12
    vmov r12, s7              @ 2w + 4
    adds r3, r3, r12          @ steps - 1 = hi - lo
    bmi .Ls5none              @ no step (public): k = 2w - 1
    vmov s6, r3
    vmov r12, s2              @ Y + 9 + 2w
    add r2, r12, r0, lsl #2   @ Y + 4 + (k + 5 - lo)
    vmov r12, s1
    add r1, r12, r1, lsl #2   @ x = A + lo
    mov r4, r9                @ the carry
    movs r9, #0
    @ (the six loads back to back: 7 cycles)
    ldr r3, [r2, #-4]!        @ B[k + 4 - lo]
    ldr lr, [r2, #-4]!
    ldr r12, [r2, #-4]!
    ldr r11, [r2, #-4]!       @ B[k + 1 - lo]
    @ the first step (roles rotation 4: r10 new), r5 .. r8 by UMULL
    ldr.w r0, [r1], #4
    ldr.w r10, [r2, #-4]!
    umull r5, r6, r0, r11
    umull r7, r8, r0, lr
    umlal r8, r9, r0, r3
    umlal r6, r7, r0, r12
    umlal r4, r5, r0, r10
    vmov r0, s6               @ steps left
    cmp r0, #70
    bhs .Ls5loop              @ (out of line, after the return)
.Ls5tail:
    @ r0 < 70 steps left: position p = 69 - r0 of copy (5 - p mod 5) mod 5
    tbh [pc, r0, lsl #1]
.Ls5tbl:
    .altmacro
    .set .Ls5r, 0
    .rept 70
    .set .Ls5p, 69 - .Ls5r
    .set .Ls5f, 0
    .if .Ls5p > 12
    .set .Ls5f, 1
    .endif
    .if .Ls5p > 26
    .set .Ls5f, 2
    .endif
    .if .Ls5p > 40
    .set .Ls5f, 3
    .endif
    .if .Ls5p > 54
    .set .Ls5f, 4
    .endif
    s5ent %((((5 - (.Ls5p % 5)) % 5) * 2278) + 28 * .Ls5p + 64 * .Ls5f)
    .set .Ls5r, .Ls5r + 1
    .endr
    .noaltmacro
    .align 2
    .irp c, 0, 1, 2, 3, 4
.Ls5copy\c:
    s5copy \c
    .endr
.Ls5copy5:
    .if (.Ls5copy1 - .Ls5copy0 - 2278) || (.Ls5copy2 - .Ls5copy1 - 2278) || (.Ls5copy5 - .Ls5copy4 - 2278)
    .error "s3_lanes_mul5: a copy is not 2278 bytes"
    .endif
.Ls5none:                     @ k = 2w - 1: the carry alone (one output left)
    vmov r1, s0
    str r9, [r1]
    b .Ls5ret
.Ls5part:                     @ r0 = k + 5 - 2w > 0: 1 .. 4 outputs left
    rsb r2, r0, #5
    str r4, [r1]
    cmp r2, #2
    blt .Ls5ret
    str r5, [r1, #4]
    cmp r2, #3
    blt .Ls5ret
    str r6, [r1, #8]
    cmp r2, #4
    blt .Ls5ret
    str r7, [r1, #12]
.Ls5ret:
    pop {r4-r11, pc}
.Ls5loop:                     @ 70 steps, while r0 >= 70 are left
    subs r0, r0, #70
    vmov s6, r0
    l5rot umlal, 14, 0
    s5ifoldrot 4
    l5rot umlal, 14, 4
    s5ifoldrot 3
    l5rot umlal, 14, 3
    s5ifoldrot 2
    l5rot umlal, 14, 2
    s5ifoldrot 1
    l5rot umlal, 14, 1
    s5ifoldrot 0              @ (then rotation 0: here or in the tail copy)
    vmov r0, s6
    cmp r0, #70
    bhs .Ls5loop
    b .Ls5tail
    .size pqmcu_ntru_s3_lanes_mul5, .-pqmcu_ntru_s3_lanes_mul5

@ the block's end in every tail copy, as s5fin (64 bytes)
.macro m16fin pfx
    foldall16
    vmov r0, s4               @ k
    vmov r3, s7               @ 2w
    vmov r1, s0               @ C + k
    adds.n r0, r0, #5
    cmp.n r0, r3
    bgt.w .L\pfx\()part           @ fewer than five outputs left (public)
    stmia r1!, {r4-r8}
    vmov s0, r1
    vmov s4, r0
    blt.w .L\pfx\()block
    b.w .L\pfx\()ret
.endm
.macro m16copy every, c
    l5rot umlal, (\every-1), (\c)
    foldall16
    l5rot umlal, \every, (\c+\every-1)
    foldall16
    l5rot umlal, \every, (\c+2*\every-1)
    foldall16
    l5rot umlal, \every, (\c+3*\every-1)
    foldall16
    l5rot umlal, \every, (\c+4*\every-1)
.endm
.macro m16ent pfx, off
    .hword (.L\pfx\()copy0 + \off - .L\pfx\()tbl) / 2
.endm
@ The mod 16 kernels' body: \name with tail copies of \size bytes, a fold
@ (x mod 16) every \every steps counted from the block's start, labels
@ .L\pfx*.
.macro m16_kernel name, pfx, every, size
    .global \name
    .type \name, %function
    .align 2
\name:
    push {r4-r11, lr}
    vmov s0, r0               @ C at the block
    vmov s1, r1               @ A
    vmov s2, r2               @ Y
    lsls r0, r3, #1
    vmov s7, r0               @ 2w
    subs r3, r3, #1
    vmov s3, r3               @ w - 1
    adds r2, r2, #36
    vmov s2, r2               @ Y + 9 words
    movs r0, #0
    vmov s4, r0               @ k
    mov r9, #0                @ carry
.L\pfx\()block:                   @ (r0 = k)
    vmov r3, s3               @ w - 1
    subs r12, r0, r3          @ k + 1 - w
    bic r1, r12, r12, asr #31 @ lo = max(k + 1 - w, 0)
    adds r12, r12, #4
    bic r12, r12, r12, asr #31 @ k + 4 - hi, hi = min(k + 4, w - 1)
    subs r0, r0, r1           @ k - lo
    subs r3, r0, r12
    adds r3, r3, #5           @ steps = hi - lo + 1
    ble .L\pfx\()none              @ no step (public): k = 2w - 1
    vmov r12, s2              @ Y + 9
    add r2, r12, r0, lsl #2   @ Y + 4 + (k + 5 - lo)
    vmov r12, s1
    add r1, r12, r1, lsl #2   @ x = A + lo
    @ canonical roles (r3 new, r10, r11, r12, lr): B[k + 1 - lo] .. B[k + 4 - lo]
    ldr lr, [r2, #-4]!
    ldr r12, [r2, #-4]!
    ldr r11, [r2, #-4]!
    ldr r10, [r2, #-4]!
    mov r4, r9                @ the carry
    movs r5, #0
    movs r6, #0
    movs r7, #0
    mov r8, #0
    mov r9, #0
    @ the steps in r3 (the canonical roles load r3 first)
    cmp r3, #(5*\every)
    bhs .L\pfx\()loop              @ (out of line, after the return)
.L\pfx\()tail:
    @ r3 < 5 every steps left: position p = 5 every - 1 - r3 of copy (5 - p mod 5) mod 5
    tbh [pc, r3, lsl #1]
.L\pfx\()tbl:
    .altmacro
    .set .L\pfx\()r, 0
    .rept (5*\every)
    .set .L\pfx\()p, (5*\every-1) - .L\pfx\()r
    .set .L\pfx\()f, 0
    .if .L\pfx\()p > (1*\every-2)
    .set .L\pfx\()f, 1
    .endif
    .if .L\pfx\()p > (2*\every-2)
    .set .L\pfx\()f, 2
    .endif
    .if .L\pfx\()p > (3*\every-2)
    .set .L\pfx\()f, 3
    .endif
    .if .L\pfx\()p > (4*\every-2)
    .set .L\pfx\()f, 4
    .endif
    m16ent \pfx, %((((5 - (.L\pfx\()p % 5)) % 5) * \size) + 28 * .L\pfx\()p + 24 * .L\pfx\()f)
    .set .L\pfx\()r, .L\pfx\()r + 1
    .endr
    .noaltmacro
    .align 2
    .irp c, 0, 1, 2, 3, 4
.L\pfx\()copy\c:
    m16copy \every, \c
    m16fin \pfx
    .endr
.L\pfx\()copy5:
    .if (.L\pfx\()copy1 - .L\pfx\()copy0 - \size) || (.L\pfx\()copy2 - .L\pfx\()copy1 - \size) || (.L\pfx\()copy5 - .L\pfx\()copy4 - \size)
    .error "\name: a copy is not \size bytes"
    .endif
.L\pfx\()none:                     @ k = 2w - 1: the carry alone (one output left)
    vmov r1, s0
    str r9, [r1]
    b .L\pfx\()ret
.L\pfx\()part:                     @ r0 = k + 5 > 2w = r3: 1 .. 4 outputs left
    subs r2, r3, r0
    adds r2, r2, #5
    str r4, [r1]
    cmp r2, #2
    blt .L\pfx\()ret
    str r5, [r1, #4]
    cmp r2, #3
    blt .L\pfx\()ret
    str r6, [r1, #8]
    cmp r2, #4
    blt .L\pfx\()ret
    str r7, [r1, #12]
.L\pfx\()ret:
    pop {r4-r11, pc}
.L\pfx\()loop:                     @ 5 every steps, while r3 >= 5 every are left
    subs r3, r3, #(5*\every)
    vmov s6, r3
    l5rot umlal, \every, (0*\every)
    foldall16
    l5rot umlal, \every, (1*\every)
    foldall16
    l5rot umlal, \every, (2*\every)
    foldall16
    l5rot umlal, \every, (3*\every)
    foldall16
    l5rot umlal, \every, (4*\every)
    foldall16
    vmov r3, s6               @ (r3: loaded first by the next step)
    cmp r3, #(5*\every)
    bhs .L\pfx\()loop
    b .L\pfx\()tail
    .size \name, .-\name
.endm

@ void pqmcu_ntru_m16_lanes_mul5(uint32_t* C, const uint32_t* A, const uint32_t* Y, uint32_t w)
@   lanes_mul<2> (mod 16, one operand <= 15 and the other {0,1}, or both
@   <= 3) with pqmcu_ntru_s3_lanes_mul5's blocks (five outputs, shared sums,
@   Y with four zero words on each side): every lane gains at most 4 * 15
@   = 60 a step, so x mod 16 (<= 15) at most 4 steps apart (15 + 4 * 60 =
@   255), counted from the block's start (r4 the carry <= 15, the others 0;
@   no special first step): 20 steps per loop, the last < 20 straight-line
@   from one of five role-rotated copies (folds every 4 steps from the end).
@   Lanes <= 15 out. Branches depend on w and k only (public).
    m16_kernel pqmcu_ntru_m16_lanes_mul5, m5, 4, 692

@ void pqmcu_ntru_m16_lanes_mul5f2(uint32_t* C, const uint32_t* A, const uint32_t* Y, uint32_t w)
@   pqmcu_ntru_m16_lanes_mul5 for one operand <= 15 and the other <= 2 (the
@   middle product of a Karatsuba level over a <= 15 times r in {0,1}:
@   engine.cpp, mod16_mul_lanes_kara): every lane gains at most 4 * 30 =
@   120 a step, so x mod 16 at most 2 steps apart (15 + 2 * 120 = 255),
@   counted from the block's start: 10 steps per loop, the last < 10
@   straight-line from one of five role-rotated 9-step copies (folds every
@   2 steps from the end). Lanes <= 15 out. Branches depend on w and k only.
    m16_kernel pqmcu_ntru_m16_lanes_mul5f2, n5, 2, 412

@ ---- the inversion mod 3's top Karatsuba level fused with the fold mod
@ (3, x^n - 1) (engine.cpp, s3_kmul_fold; n = 8h - 3, W = 2h words):
@ void pqmcu_ntru_s3_kmul_fold(uint32_t* C, const uint32_t* P, uint32_t h,
@     uint32_t q2, uint32_t q3, uint32_t folded)
@ C: p0 (C[0 .. 2h)) and p2 (C[2h .. 4h)), P: p1 (2h words). Step i forms
@ the level's middle words (never stored) m1 = C[h+i] + P[i] + 2 (C[i] +
@ C[2h+i]), m2 = C[2h+i] + P[h+i] + 2 (C[h+i] + C[3h+i]) and the product
@ mod (3, x^n - 1)'s words c[i] = C[i] + (m2' >> 8 | m2 << 24) and c[h+i]
@ = m1 + (C[3h+i-1] >> 8 | C[3h+i] << 24) mod 3 (m2' the step before's
@ m2; q2 / q3 at i = 0: step h - 1's m1 / m2, any lanes <= 180 congruent
@ to them). Lanes: one level (folded 0) over the kernel's <= 30, m <= 30 +
@ 30 + 2 * 60 = 180, the sums <= 30 + 180 = 210; two (folded 1: each sum
@ folded, x mod 16 + x / 16) over lanes_kmul's <= 96, m <= 26 + 2 * 26 =
@ 78, the sums <= 96 + 78 = 174. Out: C's
@ bytes 0 .. 2n - 1 the n coefficients twice (c[j] at word j and at byte n
@ + 4j, unaligned; lanes of c[W-1] past lane 0 not zeroed: bytes >= 2n and
@ 4n - 3 .. 4n - 1), for pqmcu_ntru_s3_frob_dbl. Each store goes to words
@ the steps after it no longer read: c[i] / c[h+i] to C[i] / C[h+i] (read
@ by step i), byte n + 4i (at step i + 1, after its loads) to words
@ 2h-1+i, 2h+i and n + 4(h+i) to 3h-1+i, 3h+i (read by steps <= i),
@ except step 0's byte-n copies, which meet C[2h-1] / C[3h-1] (step h -
@ 1's C[h+i] / C[2h+i]): stored at the end.
@ h >= 4. Public bounds and addresses.
@ r0 C + 8h - 7 + 4i (C + n - 4 + 4i), r1 C + i, r2 P + i, r3 4h, r4 C + 3h + i, r7
@ 0x03030303, s0 the end C + h; r5 / r11 and r6 / r9 alternate as the
@ carried words.

@ each byte lane x mod 3 to {0,1,2}: the nibble fold (x mod 16 + x / 16),
@ a two-bit fold (x mod 4 + x / 4), then 3 subtracted where a lane reaches
@ it (USUB8 / SEL), three times for x <= 210 (<= 27: 207 -> 12 + 15; <=
@ 9: 27 -> 6 + 3; 9 -> 6 -> 3 -> 0), twice (folded) for x <= 174 (<= 24:
@ 159 -> 24, 160 .. 174 -> <= 24; <= 8: 23 -> 5 + 3, 24, 25 -> 6, 7)
.macro kf_mod3 x, t, folded
    and \t, \x, #0xF0F0F0F0
    and \x, \x, #0x0F0F0F0F
    add \x, \x, \t, lsr #4
    and \t, \x, #0x1C1C1C1C
    and \x, \x, #0x03030303
    add \x, \x, \t, lsr #2
    usub8 \t, \x, r7
    sel \x, \t, \x
    usub8 \t, \x, r7
    sel \x, \t, \x
.if !\folded
    usub8 \t, \x, r7
    sel \x, \t, \x
.endif
.endm
@ each byte lane x mod 16 + x / 16 (<= 30)
.macro kf_fold x, t
    and \t, \x, #0xF0F0F0F0
    and \x, \x, #0x0F0F0F0F
    add \x, \x, \t, lsr #4
.endm
@ one step: q2 / q3 the carried words in, m2 / c3 the ones out; hi 0: no
@ byte-n copies (step 0). The step before's c[i] (r12) goes to byte n +
@ 4(i-1) behind this step's loads (1 cycle, not 2); before step 0 and
@ after it r12 holds the bytes already there.
.macro kf_step q2, m2, q3, c3, folded, hi=1
    ldr r8, [r1, r3]            @ C[h+i]
    ldr \c3, [r4], #4           @ C[3h+i]
    ldr r10, [r1, r3, lsl #1]   @ C[2h+i]
    ldr \m2, [r2, r3]           @ P[h+i]
    ldr lr, [r2], #4            @ P[i] (five loads back to back)
    str r12, [r0], #4           @ the step before's c[i] at byte n + 4(i-1) (behind a load)
    add lr, lr, r8              @ C[h+i] + P[i]
    add r8, r8, \c3
.if \folded
    kf_fold r8, r12
.endif
    add \m2, \m2, r10
.if \folded
    kf_fold \m2, r12
.endif
    add \m2, \m2, r8, lsl #1    @ m2
    ldr r12, [r1]               @ C[i]
    add r10, r10, r12
.if \folded
    kf_fold r10, r8
    kf_fold lr, r8
.endif
    add r8, lr, r10, lsl #1     @ m1
    lsr r10, \q2, #8
    orr r10, r10, \m2, lsl #24
    add r12, r12, r10
    kf_mod3 r12, r10, \folded   @ c[i]
    lsr lr, \q3, #8
    orr lr, lr, \c3, lsl #24
    add r8, r8, lr
    kf_mod3 r8, lr, \folded     @ c[h+i]
    str r8, [r1, r3]
    str r12, [r1], #4
.if \hi
    str r8, [r0, r3]            @ (unaligned)
.else
    ldr r12, [r0]               @ step 0: the bytes at n, stored back unchanged
.endif
.endm
@ step 0, then the h - 1 others: one if h - 1 is odd (public), then two a
@ loop iteration, the carried words swapping roles; then step 0's copies
.macro kf_loop folded
    kf_step r5, r11, r6, r9, \folded, 0
    tst r3, #4
    bne .Lkf_pairs\folded
    kf_step r11, r5, r9, r6, \folded
    b .Lkf_loop\folded
.Lkf_pairs\folded:
    mov r5, r11
    mov r6, r9
    .p2align 2
.Lkf_loop\folded:
    kf_step r5, r11, r6, r9, \folded
    kf_step r11, r5, r9, r6, \folded
    vmov lr, s0
    cmp r1, lr
    bne .Lkf_loop\folded
    str r12, [r0], #4           @ the last step's c[i]
    sub r1, r1, r3              @ C
    sub r0, r0, r3              @ C + 8h - 3
    ldr r8, [r1]
    ldr r9, [r1, r3]
    str r8, [r0]                @ (unaligned)
    str r9, [r0, r3]
    pop {r4-r11, pc}
.endm
    .global pqmcu_ntru_s3_kmul_fold
    .type pqmcu_ntru_s3_kmul_fold, %function
pqmcu_ntru_s3_kmul_fold:
    push {r4-r11, lr}
    mov r5, r3                  @ q2
    ldr r6, [sp, #36]           @ q3
    ldr r8, [sp, #40]           @ folded
    mov r3, r2
    mov r2, r1
    mov r1, r0
    lsl r3, r3, #2
    add r4, r1, r3
    vmov s0, r4                 @ the end: C + h
    add r4, r4, r3, lsl #1      @ C + 3h
    add r0, r1, r3, lsl #1
    sub r0, r0, #7              @ C + 8h - 7 = C + n - 4
    ldr r12, [r0]               @ (stored back unchanged by step 0)
    mov r7, #0x03030303
    cmp r8, #0
    bne.w .Lkf_folded
    kf_loop 0
.Lkf_folded:
    kf_loop 1
    .size pqmcu_ntru_s3_kmul_fold, .-pqmcu_ntru_s3_kmul_fold

@ ---- the Frobenius power's byte gather out_j = D[j s mod n] (engine.cpp,
@ s3_frobenius) from the doubled image D (bytes t and n + t the same, t <
@ n, as pqmcu_ntru_s3_kmul_fold leaves it): the four bytes of an output
@ word at idx + 0, s1, s2, s3 (k s mod n, each < n, so < 2n: no wrap),
@ idx advanced by 4s mod n per word (USUB16 / SEL: n subtracted where it
@ reached n; the high halfwords stay 0).
@ void pqmcu_ntru_s3_frob_dbl(uint32_t* out, const uint8_t* D,
@     const uint32_t* st, uint32_t pairs)
@ st: s1, s2, s3, 4s mod n, n; 2 pairs words out, pairs >= 2 (the last
@ word's lanes past n: any byte of D). Public indices.
@ one word into \w (r10 .. r12 free); the word before (\prev) stored
@ behind the byte loads (1 cycle: after a load), none before the first
.macro fd_word w, prev, first=0
    ldrb \w, [r1, r2]
    ldrb r10, [r4, r2]
    ldrb r11, [r5, r2]
    ldrb r12, [r6, r2]
.if !\first
    str \prev, [r0], #4
.endif
    add r2, r2, r7
    orr \w, \w, r10, lsl #8
    usub16 r10, r2, r8
    sel r2, r10, r2
    orr \w, \w, r11, lsl #16
    orr \w, \w, r12, lsl #24
.endm
    .global pqmcu_ntru_s3_frob_dbl
    .type pqmcu_ntru_s3_frob_dbl, %function
pqmcu_ntru_s3_frob_dbl:
    push {r4-r11, lr}
    ldm r2, {r4-r8}
    add r4, r1, r4              @ D + s1
    add r5, r1, r5
    add r6, r1, r6
    movs r2, #0                 @ idx
    fd_word r9, lr, 1           @ words 0 and 1, then pairs * 2 - 2 in pairs
    fd_word lr, r9
    subs r3, r3, #1
    lsrs r3, r3, #1             @ two pairs an iteration, an odd pair first
    bcc .Lfd_loop
    fd_word r9, lr
    fd_word lr, r9
    cmp r3, #0
    beq .Lfd_ret
    .p2align 2
.Lfd_loop:
    fd_word r9, lr
    fd_word lr, r9
    fd_word r9, lr
    fd_word lr, r9
    subs r3, r3, #1
    bne .Lfd_loop
.Lfd_ret:
    str lr, [r0]                @ the last word
    pop {r4-r11, pc}
    .size pqmcu_ntru_s3_frob_dbl, .-pqmcu_ntru_s3_frob_dbl

@ ---- a Karatsuba level's operand sums (engine.cpp, lanes_kmul_parts):
@ void pqmcu_ntru_s3_sums(uint32_t* S, const uint32_t* X, uint32_t h, uint32_t l)
@ S[i] = X[i] + X[h+i] for i < l, lanes {0,1,2} (sums <= 4: 3 subtracted
@ where a lane reaches it, USUB8 / SEL), four words per LDM / STM. Public
@ bounds.
    .global pqmcu_ntru_s3_sums
    .type pqmcu_ntru_s3_sums, %function
pqmcu_ntru_s3_sums:
    push {r4-r11, lr}
    add lr, r1, r2, lsl #2      @ X + h
    mov r12, #0x03030303
    and r4, r3, #3
    vmov s1, r4                 @ the words after the groups of four
    lsrs r3, r3, #2
    beq .Lsm_rest
    .p2align 2
.Lsm_loop:
    ldm r1!, {r4-r7}
    ldm lr!, {r8-r11}
    add r4, r4, r8
    usub8 r8, r4, r12
    sel r4, r8, r4
    add r5, r5, r9
    usub8 r9, r5, r12
    sel r5, r9, r5
    add r6, r6, r10
    usub8 r10, r6, r12
    sel r6, r10, r6
    add r7, r7, r11
    usub8 r11, r7, r12
    sel r7, r11, r7
    stm r0!, {r4-r7}
    subs r3, r3, #1
    bne .Lsm_loop
.Lsm_rest:
    vmov r3, s1
    cbz r3, .Lsm_ret
.Lsm_one:
    ldr r4, [r1], #4
    ldr r8, [lr], #4
    add r4, r4, r8
    usub8 r8, r4, r12
    sel r4, r8, r4
    str r4, [r0], #4
    subs r3, r3, #1
    bne .Lsm_one
.Lsm_ret:
    pop {r4-r11, pc}
    .size pqmcu_ntru_s3_sums, .-pqmcu_ntru_s3_sums
