@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Products on byte lanes (engine.cpp, lanes_mul): decryption's S3 product
@ (detail::s3_mul_lanes), the inversion mod 3 by exponentiation
@ (detail::s3_inverse_exp), key generation's mod 16 products
@ (detail::mod16_mul_lanes) and its squares mod 32 (detail::small_sqr_lanes;
@ the integer products of ternary polynomials are int_lanes_m4.S).
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
@ (the five-output kernels' steps: pqmcu_ntru_s3_lanes_mul5 below)
@ one step: x into r0, the new y into \a; roles (a, b, c, d, e) -> (e, a, b, c, d)
.macro s5step a, b, c, d, e
    ldr.w r0, [r1], #4
    ldr.w \a, [r2, #-4]!
    umlal r8, r9, r0, \e
    umlal r7, r8, r0, \d
    umlal r6, r7, r0, \c
    umlal r5, r6, r0, \b
    umlal r4, r5, r0, \a
.endm
.macro s5steps count, a, b, c, d, e
.if \count > 0
    s5step \a, \b, \c, \d, \e
    s5steps (\count-1), \e, \a, \b, \c, \d
.endif
.endm
@ count steps from rotation rot of the roles (r3, r10, r11, r12, lr)
.macro s5rot count, rot
.if ((\rot) % 5) == 0
    s5steps \count, r3, r10, r11, r12, lr
.elseif ((\rot) % 5) == 1
    s5steps \count, lr, r3, r10, r11, r12
.elseif ((\rot) % 5) == 2
    s5steps \count, r12, lr, r3, r10, r11
.elseif ((\rot) % 5) == 3
    s5steps \count, r11, r12, lr, r3, r10
.else
    s5steps \count, r10, r11, r12, lr, r3
.endif
.endm
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
@ the square's two last steps (i = c: outputs 1..4; i = c + 1: outputs 3, 4)
@ from the roles at the end of the full steps (\b .. \e: y for outputs 1..4)
.macro q5half a, b, c, d, e
    ldr r0, [r1]
    ldr r1, [r1, #4]
    umlal r8, r9, r0, \e
    umlal r7, r8, r0, \d
    umlal r6, r7, r0, \c
    umlal r5, r6, r0, \b
    umlal r8, r9, r1, \d
    umlal r7, r8, r1, \c
.endm
@ the half steps at rotation rot of the roles (r3, r10, r11, r12, lr)
.macro q5halfrot rot
.if ((\rot) % 5) == 0
    q5half r3, r10, r11, r12, lr
.elseif ((\rot) % 5) == 1
    q5half lr, r3, r10, r11, r12
.elseif ((\rot) % 5) == 2
    q5half r12, lr, r3, r10, r11
.elseif ((\rot) % 5) == 3
    q5half r11, r12, lr, r3, r10
.else
    q5half r10, r11, r12, lr, r3
.endif
.endm
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
    s5rot 1, (\c)
    foldall32
    s5rot 6, (\c + 1)
    foldall32
    s5rot 6, (\c + 7)
    foldall32
    s5rot 6, (\c + 13)
    foldall32
    s5rot 6, (\c + 19)
    foldall32
    s5rot 4, (\c + 25)
    .if (. - .Lq5cb\@ - 29 * 28 - 5 * 24)
    .error "m32_lanes_sqr: a step is not 28 bytes or a fold not 24"
    .endif
    q5halfrot (\c + 29)
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
    s5rot 6, 0
    foldall32
    s5rot 6, 1
    foldall32
    s5rot 6, 2
    foldall32
    s5rot 6, 3
    foldall32
    s5rot 6, 4
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
1:
    stm r0!, {r2-r9}
    subs r1, r1, #1
    bne 1b
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
@ a tail copy: 69 steps from rotation c, folds after steps 13, 27, 41, 55
@ (14 before the end), and the block's end (s5fin): 2332 bytes
@ a block's end in every tail copy (no branch to a shared one): the
@ final fold, the five outputs stored, the next block (or the partial last
@ one); 112 bytes (in the copies' size)
.macro s5fin
    foldall
    vmov r0, s4               @ k
    vmov r3, s7               @ 2w
    vmov r1, s0               @ C + k
    adds.n r0, r0, #5
    cmp.n r0, r3
    bgt.w .Ls5part           @ fewer than five outputs left (public)
    stmia r1!, {r4-r8}
    vmov s0, r1
    vmov s4, r0
    blt.w .Ls5block
    b.w .Ls5ret
.endm
.macro s5copy c
    s5rot 13, (\c)
    foldall
    s5rot 14, (\c + 13)
    foldall
    s5rot 14, (\c + 27)
    foldall
    s5rot 14, (\c + 41)
    foldall
    s5rot 14, (\c + 55)
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
.Ls5block:                   @ (r0 = k)
    vmov r3, s3               @ w - 1
    subs r12, r0, r3          @ k + 1 - w
    bic r1, r12, r12, asr #31 @ lo = max(k + 1 - w, 0)
    adds r12, r12, #4
    bic r12, r12, r12, asr #31 @ k + 4 - hi, hi = min(k + 4, w - 1)
    subs r0, r0, r1           @ k - lo
    subs r3, r0, r12
    adds r3, r3, #4           @ steps - 1 = hi - lo
    bmi .Ls5none              @ no step (public): k = 2w - 1
    vmov s6, r3
    vmov r12, s2              @ Y + 9
    add r2, r12, r0, lsl #2   @ Y + 4 + (k + 5 - lo)
    vmov r12, s1
    add r1, r12, r1, lsl #2   @ x = A + lo
    ldr r3, [r2, #-4]!        @ B[k + 4 - lo]
    ldr lr, [r2, #-4]!
    ldr r12, [r2, #-4]!
    ldr r11, [r2, #-4]!       @ B[k + 1 - lo]
    mov r4, r9                @ the carry
    movs r9, #0
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
    s5ent %((((5 - (.Ls5p % 5)) % 5) * 2332) + 28 * .Ls5p + 72 * .Ls5f)
    .set .Ls5r, .Ls5r + 1
    .endr
    .noaltmacro
    .align 2
.Ls5copy0:
    s5copy 0
.Ls5copy1:
    s5copy 1
.Ls5copy2:
    s5copy 2
.Ls5copy3:
    s5copy 3
.Ls5copy4:
    s5copy 4
.Ls5copy5:
    .if (.Ls5copy1 - .Ls5copy0 - 2332) || (.Ls5copy2 - .Ls5copy1 - 2332) || (.Ls5copy5 - .Ls5copy4 - 2332)
    .error "s3_lanes_mul5: a copy is not 2332 bytes"
    .endif
.Ls5none:                     @ k = 2w - 1: the carry alone (one output left)
    vmov r1, s0
    str r9, [r1]
    b .Ls5ret
.Ls5part:                     @ r0 = k + 5 > 2w = r3: 1 .. 4 outputs left
    subs r2, r3, r0
    adds r2, r2, #5
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
    s5rot 14, 0
    foldall
    s5rot 14, 4
    foldall
    s5rot 14, 3
    foldall
    s5rot 14, 2
    foldall
    s5rot 14, 1
    foldall
    vmov r0, s6
    cmp r0, #70
    bhs .Ls5loop
    b .Ls5tail
    .size pqmcu_ntru_s3_lanes_mul5, .-pqmcu_ntru_s3_lanes_mul5

@ void pqmcu_ntru_m16_lanes_mul5(uint32_t* C, const uint32_t* A, const uint32_t* Y, uint32_t w)
@   lanes_mul<2> (mod 16, one operand <= 15 and the other {0,1}, or both
@   <= 3) with pqmcu_ntru_s3_lanes_mul5's blocks (five outputs, shared sums,
@   Y with four zero words on each side): every lane gains at most 4 * 15
@   = 60 a step, so x mod 16 (<= 15) at most 4 steps apart (15 + 4 * 60 =
@   255), counted from the block's start (r4 the carry <= 15, the others 0;
@   no special first step): 20 steps per loop, the last < 20 straight-line
@   from one of five role-rotated copies (folds every 4 steps from the end).
@   Lanes <= 15 out. Branches depend on w and k only (public).
@ the block's end in every tail copy, as s5fin (64 bytes)
.macro m5fin
    foldall16
    vmov r0, s4               @ k
    vmov r3, s7               @ 2w
    vmov r1, s0               @ C + k
    adds.n r0, r0, #5
    cmp.n r0, r3
    bgt.w .Lm5part           @ fewer than five outputs left (public)
    stmia r1!, {r4-r8}
    vmov s0, r1
    vmov s4, r0
    blt.w .Lm5block
    b.w .Lm5ret
.endm
.macro m5copy c
    s5rot 3, (\c)
    foldall16
    s5rot 4, (\c + 3)
    foldall16
    s5rot 4, (\c + 7)
    foldall16
    s5rot 4, (\c + 11)
    foldall16
    s5rot 4, (\c + 15)
    m5fin
.endm
.macro m5ent off
    .hword (.Lm5copy0 + \off - .Lm5tbl) / 2
.endm
    .global pqmcu_ntru_m16_lanes_mul5
    .type pqmcu_ntru_m16_lanes_mul5, %function
    .align 2
pqmcu_ntru_m16_lanes_mul5:
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
.Lm5block:                   @ (r0 = k)
    vmov r3, s3               @ w - 1
    subs r12, r0, r3          @ k + 1 - w
    bic r1, r12, r12, asr #31 @ lo = max(k + 1 - w, 0)
    adds r12, r12, #4
    bic r12, r12, r12, asr #31 @ k + 4 - hi, hi = min(k + 4, w - 1)
    subs r0, r0, r1           @ k - lo
    subs r3, r0, r12
    adds r3, r3, #4           @ steps - 1 = hi - lo
    bmi .Lm5none              @ no step (public): k = 2w - 1
    adds r3, r3, #1           @ steps
    vmov s6, r3
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
    vmov r0, s6               @ steps
    cmp r0, #20
    bhs .Lm5loop              @ (out of line, after the return)
.Lm5tail:
    @ r0 < 20 steps left: position p = 19 - r0 of copy (5 - p mod 5) mod 5
    tbh [pc, r0, lsl #1]
.Lm5tbl:
    .altmacro
    .set .Lm5r, 0
    .rept 20
    .set .Lm5p, 19 - .Lm5r
    .set .Lm5f, 0
    .if .Lm5p > 2
    .set .Lm5f, 1
    .endif
    .if .Lm5p > 6
    .set .Lm5f, 2
    .endif
    .if .Lm5p > 10
    .set .Lm5f, 3
    .endif
    .if .Lm5p > 14
    .set .Lm5f, 4
    .endif
    m5ent %((((5 - (.Lm5p % 5)) % 5) * 692) + 28 * .Lm5p + 24 * .Lm5f)
    .set .Lm5r, .Lm5r + 1
    .endr
    .noaltmacro
    .align 2
.Lm5copy0:
    m5copy 0
.Lm5copy1:
    m5copy 1
.Lm5copy2:
    m5copy 2
.Lm5copy3:
    m5copy 3
.Lm5copy4:
    m5copy 4
.Lm5copy5:
    .if (.Lm5copy1 - .Lm5copy0 - 692) || (.Lm5copy2 - .Lm5copy1 - 692) || (.Lm5copy5 - .Lm5copy4 - 692)
    .error "m16_lanes_mul5: a copy is not 692 bytes"
    .endif
.Lm5none:                     @ k = 2w - 1: the carry alone (one output left)
    vmov r1, s0
    str r9, [r1]
    b .Lm5ret
.Lm5part:                     @ r0 = k + 5 > 2w = r3: 1 .. 4 outputs left
    subs r2, r3, r0
    adds r2, r2, #5
    str r4, [r1]
    cmp r2, #2
    blt .Lm5ret
    str r5, [r1, #4]
    cmp r2, #3
    blt .Lm5ret
    str r6, [r1, #8]
    cmp r2, #4
    blt .Lm5ret
    str r7, [r1, #12]
.Lm5ret:
    pop {r4-r11, pc}
.Lm5loop:                     @ 20 steps, while r0 >= 20 are left
    subs r0, r0, #20
    vmov s6, r0
    s5rot 4, 0
    foldall16
    s5rot 4, 4
    foldall16
    s5rot 4, 3
    foldall16
    s5rot 4, 2
    foldall16
    s5rot 4, 1
    foldall16
    vmov r0, s6
    cmp r0, #20
    bhs .Lm5loop
    b .Lm5tail
    .size pqmcu_ntru_m16_lanes_mul5, .-pqmcu_ntru_m16_lanes_mul5
