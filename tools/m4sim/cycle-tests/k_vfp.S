@ SPDX-License-Identifier: Apache-2.0 OR MIT
@ Cycle-model kernels: single-precision FPU (FPv4-SP) instructions.
@ Expectation lines give the kernel body alone; see k_alu.S for the format.
#include "kernel_start.inc"
    movs r0, #3
    movs r1, #5

    @ enable CP10/CP11 (CPACR) before any FP instruction
    ldr r2, =0xE000ED88
    ldr r3, [r2]
    orr r3, r3, #(0xF << 20)
    str r3, [r2]
    dsb
    isb
    ldr r4, =buf

@ vmov x2 1+1, vadd vsub vmul vnmul 1 each, vmla 3, vfma 3, vdiv 14,
@ vsqrt 14, vabs vneg vcmp vmrs vcvt vmov-imm vmov-reg vmov-to-core 1 each,
@ vmov 2 core <-> 2 single 2 + 2
@ expect fp-data: insns=20 cycles=52
    .balign 4
    bl pqmcu_bench_mark
    vmov s0, r0
    vmov s1, r1
    vadd.f32 s2, s0, s1
    vsub.f32 s3, s0, s1
    vmul.f32 s4, s0, s1
    vnmul.f32 s5, s0, s1
    vmla.f32 s6, s0, s1
    vfma.f32 s7, s0, s1
    vdiv.f32 s8, s0, s1
    vsqrt.f32 s9, s0
    vabs.f32 s10, s0
    vneg.f32 s11, s0
    vcmp.f32 s0, s1
    vmrs APSR_nzcv, fpscr
    vcvt.s32.f32 s12, s0
    vmov.f32 s13, #1.0
    vmov.f32 s14, s0
    vmov r2, s2
    vmov r2, r3, s0, s1
    vmov s0, s1, r2, r3
    bl pqmcu_bench_mark

@ vldr 2, vstr 2, vldm 4 words 5, vstm 4 words 5, vpush/vpop 2 singles 3+3,
@ vpush/vpop 1 double (2 words) 3+3
@ expect fp-memory: insns=8 cycles=26
    .balign 4
    bl pqmcu_bench_mark
    vldr s0, [r4]
    vstr s0, [r4, #4]
    vldmia r4, {s0-s3}
    vstmia r4, {s0-s3}
    vpush {s16-s17}
    vpop {s16-s17}
    vpush {d8}
    vpop {d8}
    bl pqmcu_bench_mark

    movs r2, #0
#include "kernel_exit.inc"
    .balign 8
buf:
    .space 64
