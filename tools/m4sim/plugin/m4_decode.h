// SPDX-License-Identifier: Apache-2.0 OR MIT
/*
 * pqmcu Cortex-M4 cycle model: Thumb/Thumb-2 instruction classifier.
 *
 * Pure C, no QEMU dependency: the plugin (m4cycles.c) calls it once per
 * instruction at translation time. The cost figures and the reasons behind
 * them are documented in docs/cycle-model.md.
 */
#ifndef PQMCU_M4_DECODE_H
#define PQMCU_M4_DECODE_H

#include <stdint.h>

enum m4_class {
    M4C_ALU,      /* data processing, moves, shifts, extends, bit fields: 1 */
    M4C_MUL,      /* MUL and the 1-cycle DSP multiplies (SMULxy, SMLAD, ...) */
    M4C_MAC,      /* MLA, MLS: 2 */
    M4C_MULL,     /* SMULL, UMULL, SMLAL, UMLAL, UMAAL, SMLALxy, SMLALD: 1 */
    M4C_DIV,      /* SDIV, UDIV: data dependent 2..12, fixed estimate */
    M4C_LDR,      /* single load (LDR/LDRB/LDRH/LDRSB/LDRSH/LDREX*): 2, 1 if pipelined */
    M4C_STR,      /* single store (STR/STRB/STRH/STREX*): 2, 1 if pipelined */
    M4C_LDRD,     /* LDRD: 3 */
    M4C_STRD,     /* STRD: 3 */
    M4C_LDM,      /* LDM / POP without PC: 1+N */
    M4C_STM,      /* STM / PUSH: 1+N */
    M4C_BRANCH,   /* B, B<c>, BL, BX, BLX, CBZ/CBNZ, MOV/ADD PC: 1 (+P if taken) */
    M4C_LDRPC,    /* LDR PC: 2 (+P) */
    M4C_LDMPC,    /* POP/LDM including PC: 1+N (+P) */
    M4C_TBB,      /* TBB/TBH: 2+P, always */
    M4C_IT,       /* IT: configurable 1 (not folded) or 0 (folded) */
    M4C_HINT,     /* NOP, YIELD, WFE, WFI, SEV, PLD/PLI: 1 */
    M4C_BARRIER,  /* DMB, DSB, ISB, CLREX: 1 (barrier drain time not modelled) */
    M4C_SYS,      /* MRS, MSR, CPS, SVC, BKPT, UDF: 1 */
    M4C_VALU,     /* VADD, VSUB, VMUL, VNMUL, VABS, VNEG, VCMP, VCVT, VMOV reg/imm: 1 */
    M4C_VMAC,     /* VMLA, VMLS, VNMLA, VNMLS, VFMA, VFMS, VFNMA, VFNMS: 3 */
    M4C_VDIV,     /* VDIV, VSQRT: 14 */
    M4C_VLDR,     /* VLDR: 2 */
    M4C_VSTR,     /* VSTR: 2 */
    M4C_VLDM,     /* VLDM / VPOP: 1+N (N = words) */
    M4C_VSTM,     /* VSTM / VPUSH: 1+N (N = words) */
    M4C_VMOV,     /* VMOV core<->single, VMRS, VMSR: 1 */
    M4C_VMOV2,    /* VMOV two core registers <-> two singles / one double: 2 */
    M4C_UNKNOWN,  /* anything not recognised: 1 */
    M4C_COUNT
};

/* flags */
#define M4F_LS        0x01u /* single load/store that may pipeline behind a load */
#define M4F_PIPE_SRC  0x02u /* a following single load/store may pipeline behind it (LDR-like, STREX) */
#define M4F_STORE     0x04u /* single store (source of pipelining only with pipe_after_store) */
#define M4F_REGOFF_ST 0x08u /* store with register offset: nothing pipelines after it */
#define M4F_BRANCH    0x10u /* may write the PC: taken => + pipeline refill */
#define M4F_ALWAYS    0x20u /* always refills, even when the target is the fall-through (TBB/TBH) */

#define M4_NOREG 0xFu       /* "no register" in rt/rn/rm (PC never matters for dependencies) */

struct m4_insn {
    uint8_t cls;    /* enum m4_class */
    uint8_t size;   /* 2 or 4 bytes */
    uint8_t flags;  /* M4F_* */
    uint8_t nregs;  /* registers / words moved by LDM/STM/VLDM/VSTM */
    uint8_t rt;     /* register written by a pipelining source load (dependency check) */
    uint8_t rn;     /* base register of a single load/store */
    uint8_t rm;     /* offset register of a single load/store (M4_NOREG if none) */
};

struct m4_costs {
    int div;          /* SDIV/UDIV estimate (default 7) */
    int it;           /* IT instruction (default 1) */
    int refill;       /* pipeline refill P of a taken branch (default 2) */
    int wide_target;  /* +1 refill when the target is a 32-bit insn at a 2 mod 4 address (default 1) */
    int pipe_after_store; /* let a load/store pipeline behind a store (default 0: TRM 3.3.2) */
};

#define M4_COSTS_DEFAULT { 7, 1, 2, 1, 0 }

/* Number of bytes of the Thumb instruction whose first halfword is hw1. */
unsigned m4_insn_size(uint16_t hw1);

/* Classify one instruction. p points at its bytes (little endian). */
void m4_decode(const uint8_t *p, unsigned size, struct m4_insn *out);

/* Static cost (cycles) of an instruction, without refill and without
 * pipelining (which depends on the previous instruction). */
int m4_base_cost(const struct m4_insn *d, const struct m4_costs *c);

/* 1 if `cur`, executed right after `prev`, pipelines (costs one cycle less). */
int m4_pipelines(const struct m4_insn *prev, const struct m4_insn *cur,
                 const struct m4_costs *c);

/* Short lower-case class name for reports. */
const char *m4_class_name(unsigned cls);

#endif
