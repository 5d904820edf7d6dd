// SPDX-License-Identifier: Apache-2.0 OR MIT
/* Host self-test of the Cortex-M4 instruction classifier (no QEMU needed).
 * Encodings were produced with arm-none-eabi-as; expected classes and costs
 * come from docs/cycle-model.md. */
#include <stdio.h>

#include "m4_decode.h"

struct vec {
    const char *text;
    unsigned hw1, hw2; /* hw2 unused for 16-bit encodings */
    unsigned cls;
    int cost;
    int branch;        /* expects M4F_BRANCH */
};

static const struct vec vecs[] = {
    {"mov pc, r3", 0x469f, 0, M4C_BRANCH, 1, 1},
    {"add pc, r2", 0x4497, 0, M4C_BRANCH, 1, 1},
    {"mov r8, r0", 0x4680, 0, M4C_ALU, 1, 0},
    {"blx r3", 0x4798, 0, M4C_BRANCH, 1, 1},
    {"bx lr", 0x4770, 0, M4C_BRANCH, 1, 1},
    {"pld [r0, #4]", 0xf890, 0xf004, M4C_HINT, 1, 0},
    {"ldrsb r0, [r1, r2]", 0x5688, 0, M4C_LDR, 2, 0},
    {"strh.w r0, [r1, r2, lsl #1]", 0xf821, 0x0012, M4C_STR, 2, 0},
    {"ldr.w r0, [r1], #4", 0xf851, 0x0b04, M4C_LDR, 2, 0},
    {"ldr.w r3, [r2, r4, lsl #2]", 0xf852, 0x3024, M4C_LDR, 2, 0},
    {"ldrb.w r0, [r1, #-3]", 0xf811, 0x0c03, M4C_LDR, 2, 0},
    {"ldr.w pc, [sp], #4", 0xf85d, 0xfb04, M4C_LDRPC, 2, 1},
    {"tbh [r0, r1, lsl #1]", 0xe8d0, 0xf011, M4C_TBB, 2, 1},
    {"mrs r0, primask", 0xf3ef, 0x8010, M4C_SYS, 1, 0},
    {"msr basepri, r0", 0xf380, 0x8811, M4C_SYS, 1, 0},
    {"dmb sy", 0xf3bf, 0x8f5f, M4C_BARRIER, 1, 0},
    {"wfi", 0xbf30, 0, M4C_HINT, 1, 0},
    {"svc 1", 0xdf01, 0, M4C_SYS, 1, 0},
    {"udf 0", 0xde00, 0, M4C_SYS, 1, 0},
    {"cpsid i", 0xb672, 0, M4C_SYS, 1, 0},
    {"smlald r0, r1, r2, r3", 0xfbc2, 0x01c3, M4C_MULL, 1, 0},
    {"umaal r0, r1, r2, r3", 0xfbe2, 0x0163, M4C_MULL, 1, 0},
    {"smlawb r0, r1, r2, r3", 0xfb31, 0x3002, M4C_MUL, 1, 0},
    {"smuad r0, r1, r2", 0xfb21, 0xf002, M4C_MUL, 1, 0},
    {"usad8 r0, r1, r2", 0xfb71, 0xf002, M4C_MUL, 1, 0},
    {"ssat r0, #8, r1", 0xf301, 0x0007, M4C_ALU, 1, 0},
    {"sdiv r0, r1, r2", 0xfb91, 0xf0f2, M4C_DIV, 7, 0},
    {"mls r0, r1, r2, r3", 0xfb01, 0x3012, M4C_MAC, 2, 0},
    {"vcvt.f32.u32 s0, s1", 0xeeb8, 0x0a60, M4C_VALU, 1, 0},
    {"vnmla.f32 s0, s1, s2", 0xee10, 0x0ac1, M4C_VMAC, 3, 0},
    {"vfnms.f32 s0, s1, s2", 0xee90, 0x0a81, M4C_VMAC, 3, 0},
    {"vmrs r0, fpscr", 0xeef1, 0x0a10, M4C_VMOV, 1, 0},
    {"vmov s3, r5", 0xee01, 0x5a90, M4C_VMOV, 1, 0},
    {"vldr d1, [r0, #8]", 0xed90, 0x1b02, M4C_VLDR, 2, 0},
    {"vstmdb r0!, {s0-s7}", 0xed20, 0x0a08, M4C_VSTM, 9, 0},
    {"ldmdb r0, {r1-r3, pc}", 0xe910, 0x800e, M4C_LDMPC, 5, 1},
    {"stmdb sp!, {r4-r7, lr}", 0xe92d, 0x40f0, M4C_STM, 6, 0},
    {"ldrd r0, r1, [r2], #8", 0xe8f2, 0x0102, M4C_LDRD, 3, 0},
    {"strd r0, r1, [r2, #-8]!", 0xe962, 0x0102, M4C_STRD, 3, 0},
    {"ldrexb r0, [r1]", 0xe8d1, 0x0f4f, M4C_LDR, 2, 0},
    {"strexh r2, r0, [r1]", 0xe8c1, 0x0f52, M4C_STR, 2, 0},
    {"it ne", 0xbf18, 0, M4C_IT, 1, 0},
    {"nop", 0xbf00, 0, M4C_HINT, 1, 0},
    {"sev", 0xbf40, 0, M4C_HINT, 1, 0},
    {"rev16 r0, r1", 0xba48, 0, M4C_ALU, 1, 0},
    {"sxtab r0, r1, r2", 0xfa41, 0xf082, M4C_ALU, 1, 0},
    {"cbz r2, +4", 0xb102, 0, M4C_BRANCH, 1, 1},
    {"pop {r4, pc}", 0xbd10, 0, M4C_LDMPC, 3, 1},
    {"push {r4, lr}", 0xb510, 0, M4C_STM, 3, 0},
    {"muls r2, r0", 0x4342, 0, M4C_MUL, 1, 0},
};

static void bytes_of(const struct vec *v, unsigned char b[4])
{
    b[0] = (unsigned char)(v->hw1 & 0xFF);
    b[1] = (unsigned char)(v->hw1 >> 8);
    b[2] = (unsigned char)(v->hw2 & 0xFF);
    b[3] = (unsigned char)(v->hw2 >> 8);
}

int main(void)
{
    const struct m4_costs costs = M4_COSTS_DEFAULT;
    unsigned fails = 0, n = sizeof vecs / sizeof vecs[0];
    struct m4_insn a, b;
    unsigned char bytes[4];

    for (unsigned i = 0; i < n; i++) {
        const struct vec *v = &vecs[i];
        struct m4_insn d;
        unsigned size = m4_insn_size((uint16_t)v->hw1);
        bytes_of(v, bytes);
        m4_decode(bytes, size, &d);
        int cost = m4_base_cost(&d, &costs);
        int br = (d.flags & M4F_BRANCH) != 0;
        if (d.cls != v->cls || cost != v->cost || br != v->branch) {
            printf("FAIL %-28s class %s cost %d branch %d (expected %s %d %d)\n", v->text,
                   m4_class_name(d.cls), cost, br, m4_class_name(v->cls), v->cost, v->branch);
            fails++;
        }
    }

    /* pipelining pairs */
    {
        static const struct { unsigned p1, p2, c1, c2; int expect; const char *what; } pairs[] = {
            {0x6820, 0, 0x6861, 0, 1, "ldr r0,[r4]; ldr r1,[r4,#4]"},
            {0x6825, 0, 0x6828, 0, 0, "ldr r5,[r4]; ldr r0,[r5]"},
            {0x6821, 0, 0x5862, 0, 0, "ldr r1,[r4]; ldr r2,[r4,r1]"},
            {0x6020, 0, 0x6061, 0, 0, "str r0,[r4]; str r1,[r4,#4]"},
            {0x6820, 0, 0x6020, 0, 1, "ldr r0,[r4]; str r0,[r4]"},
            {0xe854, 0x0f00, 0xe844, 0x0100, 1, "ldrex; strex"},
            {0xc90f, 0, 0x6820, 0, 0, "ldm; ldr"},
        };
        for (unsigned i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
            struct vec v1 = {0, pairs[i].p1, pairs[i].p2, 0, 0, 0};
            struct vec v2 = {0, pairs[i].c1, pairs[i].c2, 0, 0, 0};
            bytes_of(&v1, bytes);
            m4_decode(bytes, m4_insn_size((uint16_t)v1.hw1), &a);
            bytes_of(&v2, bytes);
            m4_decode(bytes, m4_insn_size((uint16_t)v2.hw1), &b);
            if (m4_pipelines(&a, &b, &costs) != pairs[i].expect) {
                printf("FAIL pipelining of %s\n", pairs[i].what);
                fails++;
            }
        }
    }
    printf("%u decode vectors, %u failures\n", n, fails);
    return fails != 0;
}
