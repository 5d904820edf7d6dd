// SPDX-License-Identifier: Apache-2.0 OR MIT
/*
 * pqmcu Cortex-M4 cycle model: Thumb/Thumb-2 instruction classifier.
 * Encodings follow the ARMv7-M Architecture Reference Manual (chapter A5,
 * "The Thumb Instruction Set Encoding", and A6 for the FP extension);
 * costs follow the Cortex-M4 TRM (see docs/cycle-model.md).
 */
#include "m4_decode.h"

static unsigned popcount16(unsigned v)
{
    unsigned n = 0;
    for (v &= 0xFFFFu; v != 0; v &= v - 1) {
        n++;
    }
    return n;
}

unsigned m4_insn_size(uint16_t hw1)
{
    unsigned top5 = hw1 >> 11;
    return (top5 == 0x1D || top5 == 0x1E || top5 == 0x1F) ? 4u : 2u;
}

static void set(struct m4_insn *d, unsigned cls)
{
    d->cls = (uint8_t)cls;
}

/* A single load (dest rt, base rn, offset register rm or M4_NOREG). */
static void single_load(struct m4_insn *d, unsigned rt, unsigned rn, unsigned rm)
{
    d->cls = M4C_LDR;
    d->flags |= M4F_LS | M4F_PIPE_SRC;
    d->rt = (uint8_t)rt;
    d->rn = (uint8_t)rn;
    d->rm = (uint8_t)rm;
}

static void single_store(struct m4_insn *d, unsigned rn, unsigned rm)
{
    d->cls = M4C_STR;
    d->flags |= M4F_LS | M4F_STORE;
    if (rm != M4_NOREG) {
        d->flags |= M4F_REGOFF_ST;
    }
    d->rn = (uint8_t)rn;
    d->rm = (uint8_t)rm;
}

static void branch(struct m4_insn *d, unsigned cls)
{
    d->cls = (uint8_t)cls;
    d->flags |= M4F_BRANCH;
}

/* ---- 16-bit encodings (ARMv7-M ARM A5.2) ---- */
static void decode16(uint16_t h, struct m4_insn *d)
{
    if ((h >> 14) == 0) {                 /* 00xxxx: shift, add, sub, mov, cmp */
        set(d, M4C_ALU);
    } else if ((h >> 10) == 0x10) {       /* 010000: data processing */
        set(d, ((h >> 6) & 0xF) == 0xD ? M4C_MUL : M4C_ALU);
    } else if ((h >> 10) == 0x11) {       /* 010001: special data, BX/BLX */
        unsigned opc = (h >> 8) & 3;
        unsigned rd = ((h >> 4) & 8) | (h & 7);
        if (opc == 3) {
            branch(d, M4C_BRANCH);        /* BX / BLX register */
        } else if (opc != 1 && rd == 15) {
            branch(d, M4C_BRANCH);        /* ADD PC,Rm / MOV PC,Rm */
        } else {
            set(d, M4C_ALU);
        }
    } else if ((h >> 11) == 0x09) {       /* 01001: LDR literal */
        single_load(d, (h >> 8) & 7, 15, M4_NOREG);
    } else if ((h >> 12) == 0x5) {        /* 0101: load/store register offset */
        unsigned opb = (h >> 9) & 7;
        unsigned rm = (h >> 6) & 7, rn = (h >> 3) & 7, rt = h & 7;
        if (opb <= 2) {
            single_store(d, rn, rm);
        } else {
            single_load(d, rt, rn, rm);
        }
    } else if ((h >> 13) == 0x3 || (h >> 12) == 0x8) { /* STR/LDR(B) imm, STRH/LDRH imm */
        unsigned rn = (h >> 3) & 7, rt = h & 7;
        if (h & 0x0800) {
            single_load(d, rt, rn, M4_NOREG);
        } else {
            single_store(d, rn, M4_NOREG);
        }
    } else if ((h >> 12) == 0x9) {        /* SP-relative STR/LDR */
        if (h & 0x0800) {
            single_load(d, (h >> 8) & 7, 13, M4_NOREG);
        } else {
            single_store(d, 13, M4_NOREG);
        }
    } else if ((h >> 12) == 0xA) {        /* ADR, ADD Rd,SP,#imm */
        set(d, M4C_ALU);
    } else if ((h >> 12) == 0xB) {        /* miscellaneous */
        if ((h & 0xF500) == 0xB100) {
            branch(d, M4C_BRANCH);        /* CBZ / CBNZ */
        } else if ((h & 0xFE00) == 0xB400) {
            set(d, M4C_STM);              /* PUSH {..., lr} */
            d->nregs = (uint8_t)(popcount16(h & 0xFF) + ((h >> 8) & 1));
        } else if ((h & 0xFE00) == 0xBC00) {
            d->nregs = (uint8_t)(popcount16(h & 0xFF) + ((h >> 8) & 1));
            if (h & 0x0100) {
                branch(d, M4C_LDMPC);     /* POP {..., pc} */
            } else {
                set(d, M4C_LDM);
            }
        } else if ((h & 0xFF00) == 0xBE00) {
            set(d, M4C_SYS);              /* BKPT */
        } else if ((h & 0xFF00) == 0xBF00) {
            set(d, (h & 0xF) ? M4C_IT : M4C_HINT);
        } else if ((h & 0xFFE8) == 0xB660) {
            set(d, M4C_SYS);              /* CPS */
        } else {
            set(d, M4C_ALU);              /* ADD/SUB SP, extend, REV */
        }
    } else if ((h >> 12) == 0xC) {        /* STM / LDM (16-bit) */
        set(d, (h & 0x0800) ? M4C_LDM : M4C_STM);
        d->nregs = (uint8_t)popcount16(h & 0xFF);
    } else if ((h >> 12) == 0xD) {
        unsigned cond = (h >> 8) & 0xF;
        if (cond >= 0xE) {
            set(d, M4C_SYS);              /* UDF, SVC */
        } else {
            branch(d, M4C_BRANCH);        /* B<c> */
        }
    } else if ((h >> 11) == 0x1C) {
        branch(d, M4C_BRANCH);            /* B */
    } else {
        set(d, M4C_UNKNOWN);
    }
}

/* ---- coprocessor space: FPv4-SP (ARMv7-M ARM A6) ---- */
static void decode_fp(uint16_t h1, uint16_t h2, struct m4_insn *d)
{
    unsigned coproc = (h2 >> 8) & 0xF;
    unsigned op1 = (h1 >> 4) & 0x3F;
    if ((coproc & 0xE) != 0xA || (h1 & 0x1000) != 0) {
        set(d, M4C_UNKNOWN);              /* not cp10/cp11, or Advanced SIMD space */
        return;
    }
    if ((op1 & 0x3E) == 0x04) {           /* 00010x: VMOV 2 core regs <-> 2 S / 1 D */
        set(d, M4C_VMOV2);
    } else if ((op1 & 0x20) == 0) {       /* extension register load/store */
        unsigned p = (h1 >> 8) & 1, w = (h1 >> 5) & 1, l = (h1 >> 4) & 1;
        if ((op1 & 0x3A) == 0) {
            set(d, M4C_UNKNOWN);
        } else if (p && !w) {
            set(d, l ? M4C_VLDR : M4C_VSTR);
        } else {
            set(d, l ? M4C_VLDM : M4C_VSTM);
            d->nregs = (uint8_t)(h2 & 0xFF); /* words transferred */
        }
    } else if ((op1 & 0x30) == 0x20) {
        if (h2 & 0x10) {
            set(d, M4C_VMOV);             /* VMOV core<->S, VMRS, VMSR */
        } else {
            unsigned opc1 = ((h1 >> 5) & 4) | ((h1 >> 4) & 3); /* bit 6 (D) dropped */
            unsigned opc2 = h1 & 0xF;
            unsigned opc3 = (h2 >> 6) & 3;
            switch (opc1) {
            case 0: case 1: case 5: case 6:
                set(d, M4C_VMAC);         /* VMLA/VMLS/VNMLA/VNMLS/VFNMA/VFNMS/VFMA/VFMS */
                break;
            case 4:
                set(d, M4C_VDIV);
                break;
            case 7:
                if ((opc3 & 1) != 0 && opc2 == 1 && opc3 == 3) {
                    set(d, M4C_VDIV);     /* VSQRT */
                } else {
                    set(d, M4C_VALU);
                }
                break;
            default:
                set(d, M4C_VALU);         /* VMUL, VNMUL, VADD, VSUB */
                break;
            }
        }
    } else {
        set(d, M4C_UNKNOWN);
    }
}

/* ---- 32-bit encodings (ARMv7-M ARM A5.3) ---- */
static void decode32(uint16_t h1, uint16_t h2, struct m4_insn *d)
{
    unsigned op1 = (h1 >> 11) & 3;
    unsigned op2 = (h1 >> 4) & 0x7F;

    if (op1 == 1) {
        if ((op2 & 0x64) == 0x00) {       /* load/store multiple */
            unsigned opc = (h1 >> 7) & 3;
            d->nregs = (uint8_t)popcount16(h2);
            if (opc == 1 || opc == 2) {
                if (h1 & 0x10) {
                    if (h2 & 0x8000) {
                        branch(d, M4C_LDMPC);
                    } else {
                        set(d, M4C_LDM);
                    }
                } else {
                    set(d, M4C_STM);
                }
            } else {
                set(d, M4C_UNKNOWN);
            }
        } else if ((op2 & 0x64) == 0x04) { /* dual, exclusive, table branch */
            unsigned o1 = (h1 >> 7) & 3, o2 = (h1 >> 4) & 3, o3 = (h2 >> 4) & 0xF;
            unsigned rn = h1 & 0xF;
            if (o1 == 0 && o2 == 0) {     /* STREX: pipelines like a load (TRM 3.3.2) */
                single_load(d, (h2 >> 8) & 0xF, rn, M4_NOREG);
                d->cls = M4C_STR;
            } else if (o1 == 0 && o2 == 1) {
                single_load(d, h2 >> 12, rn, M4_NOREG);          /* LDREX */
            } else if (((o1 & 2) == 0 && o2 == 2) || ((o1 & 2) != 0 && (o2 & 1) == 0)) {
                set(d, M4C_STRD);
            } else if (((o1 & 2) == 0 && o2 == 3) || ((o1 & 2) != 0 && (o2 & 1) != 0)) {
                set(d, M4C_LDRD);
            } else if (o1 == 1 && o2 == 0) {                      /* STREXB/H */
                single_load(d, h2 & 0xF, rn, M4_NOREG);
                d->cls = M4C_STR;
            } else if (o1 == 1 && o2 == 1 && (o3 == 0 || o3 == 1)) {
                d->cls = M4C_TBB;
                d->flags |= M4F_BRANCH | M4F_ALWAYS;
            } else if (o1 == 1 && o2 == 1) {
                single_load(d, h2 >> 12, rn, M4_NOREG);           /* LDREXB/H */
            } else {
                set(d, M4C_UNKNOWN);
            }
        } else if ((op2 & 0x60) == 0x20) {
            set(d, M4C_ALU);              /* data processing, shifted register */
        } else {
            decode_fp(h1, h2, d);         /* coprocessor */
        }
    } else if (op1 == 2) {
        if ((h2 & 0x8000) == 0) {
            set(d, M4C_ALU);              /* data processing, (plain/modified) immediate */
        } else {
            unsigned o = (h2 >> 12) & 7;
            if ((o & 5) == 0) {
                if (((h1 >> 7) & 7) != 7) {
                    branch(d, M4C_BRANCH); /* B<c>.W */
                } else {
                    unsigned x = (h1 >> 4) & 0x7F;
                    if (x == 0x3A) {
                        set(d, M4C_HINT);
                    } else if (x == 0x3B) {
                        set(d, M4C_BARRIER);
                    } else {
                        set(d, M4C_SYS);  /* MSR, MRS, UDF.W */
                    }
                }
            } else if ((o & 5) == 1) {
                branch(d, M4C_BRANCH);    /* B.W */
            } else if ((o & 5) == 5) {
                branch(d, M4C_BRANCH);    /* BL */
            } else {
                set(d, M4C_UNKNOWN);      /* BLX imm: not in ARMv7-M */
            }
        }
    } else { /* op1 == 3 */
        unsigned rn = h1 & 0xF, rt = h2 >> 12;
        int regoff = (h1 & 0x80) == 0 && (h2 & 0x0FC0) == 0 && rn != 15;
        if ((op2 & 0x71) == 0x00) {       /* store single */
            single_store(d, rn, regoff ? (h2 & 0xFu) : M4_NOREG);
        } else if ((op2 & 0x67) == 0x01 || (op2 & 0x67) == 0x03 || (op2 & 0x67) == 0x05) {
            int word = (op2 & 0x67) == 0x05;
            if (rt == 15) {
                if (word) {
                    branch(d, M4C_LDRPC);
                } else {
                    set(d, M4C_HINT);     /* PLD / PLI */
                }
            } else {
                single_load(d, rt, rn, regoff ? (h2 & 0xFu) : M4_NOREG);
            }
        } else if ((op2 & 0x70) == 0x20) {
            set(d, M4C_ALU);              /* data processing, register */
        } else if ((op2 & 0x78) == 0x30) {
            unsigned m1 = (h1 >> 4) & 7, m2 = (h2 >> 4) & 3;
            if (m1 == 0 && m2 == 0) {
                set(d, rt == 15 ? M4C_MUL : M4C_MAC); /* MUL / MLA (Ra field = 1111 for MUL) */
            } else if (m1 == 0 && m2 == 1) {
                set(d, M4C_MAC);          /* MLS */
            } else {
                set(d, M4C_MUL);          /* SMULxy, SMLAxy, SMLAD, SMMUL, USADA8, ... */
            }
        } else if ((op2 & 0x78) == 0x38) {
            unsigned m1 = (h1 >> 4) & 7;
            set(d, (m1 == 1 || m1 == 3) ? M4C_DIV : M4C_MULL);
        } else if ((op2 & 0x40) != 0) {
            decode_fp(h1, h2, d);
        } else {
            set(d, M4C_UNKNOWN);
        }
    }
}

void m4_decode(const uint8_t *p, unsigned size, struct m4_insn *out)
{
    uint16_t h1 = (uint16_t)(p[0] | (p[1] << 8));
    out->cls = M4C_UNKNOWN;
    out->size = (uint8_t)size;
    out->flags = 0;
    out->nregs = 0;
    out->rt = M4_NOREG;
    out->rn = M4_NOREG;
    out->rm = M4_NOREG;
    if (size == 2) {
        decode16(h1, out);
    } else if (size == 4) {
        decode32(h1, (uint16_t)(p[2] | (p[3] << 8)), out);
    }
}

int m4_base_cost(const struct m4_insn *d, const struct m4_costs *c)
{
    switch (d->cls) {
    case M4C_MAC:   return 2;
    case M4C_DIV:   return c->div;
    case M4C_LDR:   return 2;
    case M4C_STR:   return 2;
    case M4C_LDRD:  return 3;
    case M4C_STRD:  return 3;
    case M4C_LDM:   return 1 + d->nregs;
    case M4C_STM:   return 1 + d->nregs;
    case M4C_LDRPC: return 2;
    case M4C_LDMPC: return 1 + d->nregs;
    case M4C_TBB:   return 2;
    case M4C_IT:    return c->it;
    case M4C_VMAC:  return 3;
    case M4C_VDIV:  return 14;
    case M4C_VLDR:  return 2;
    case M4C_VSTR:  return 2;
    case M4C_VLDM:  return 1 + d->nregs;
    case M4C_VSTM:  return 1 + d->nregs;
    case M4C_VMOV2: return 2;
    default:        return 1;
    }
}

int m4_pipelines(const struct m4_insn *prev, const struct m4_insn *cur,
                 const struct m4_costs *c)
{
    if (!(cur->flags & M4F_LS) || !(prev->flags & M4F_LS)) {
        return 0;
    }
    if (prev->flags & M4F_PIPE_SRC) {
        /* a load's destination must not feed the next address */
        return prev->rt == M4_NOREG || (prev->rt != cur->rn && prev->rt != cur->rm);
    }
    /* prev is a plain store */
    return c->pipe_after_store && !(prev->flags & M4F_REGOFF_ST);
}

const char *m4_class_name(unsigned cls)
{
    static const char *const names[M4C_COUNT] = {
        "alu", "mul", "mla", "mull", "div", "ldr", "str", "ldrd", "strd",
        "ldm", "stm", "branch", "ldr-pc", "ldm-pc", "tbb", "it", "hint",
        "barrier", "sys", "v-alu", "v-mac", "v-div", "vldr", "vstr", "vldm",
        "vstm", "vmov", "vmov2", "unknown",
    };
    return cls < M4C_COUNT ? names[cls] : "?";
}
