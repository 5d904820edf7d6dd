// SPDX-License-Identifier: Apache-2.0 OR MIT
/*
 * pqmcu_m4cycles: a QEMU (7.2 plugin API) TCG plugin that estimates
 * Cortex-M4 cycle counts of code run on `qemu-system-arm -M mps2-an386`.
 *
 * Every instruction is classified once, when QEMU translates it
 * (m4_decode.c), into a class with a static cost. At run time:
 *   - each instruction bumps the exact instruction counter and, when its
 *     static cost is not 1, an "extra cycles" counter (inline adds, no calls);
 *   - the last instruction of a block, when it can write the PC, records its
 *     fall-through address (one call); the next block's entry call compares
 *     its own address with it and charges the pipeline refill if they differ
 *     (taken branch);
 *   - the block entry call also lets the first load/store of a block
 *     pipeline behind a load that ended the previous block.
 * Counting per instruction (not per block) keeps the instruction count exact
 * when QEMU abandons a block halfway (icount I/O recompilation).
 *
 * Arguments (comma separated after the library path):
 *   mark=0xADDR      print "pqmcu-mark seq=K insns=N cycles=C" each time the
 *                    instruction at ADDR starts (counts exclude that
 *                    instruction); may be given up to 16 times
 *   elf=PATH         decode instructions from the firmware's own bytes
 *                    (PT_LOAD segments of the ELF file) instead of QEMU's,
 *                    which QEMU 7.2 misreports at the end of a 1 KiB page
 *                    (see insn_bytes); without it, 32-bit instructions that
 *                    straddle a page are decoded from QEMU's bytes and
 *                    counted in a "pqmcu-warning page-straddle=N" line
 *   classes=on       per-class histogram at exit
 *   profile=K        flat profile of the interval from the K-th mark (seq=K)
 *                    to the next one: at exit, one "pqmcu-prof 0xADDR
 *                    insns=N cycles=C" line per translation block address
 *                    (cycles of a block include the refill of the branch
 *                    that left it; they sum to the two marks' difference);
 *                    tools/m4sim/profile_report.py folds them into functions
 *   refill=N, wide_target=on|off, div=N, it=N, pipe_after_store=on|off
 *                    model knobs, see docs/cycle-model.md
 * Output goes through qemu_plugin_outs (enable with `-d plugin`, redirect
 * with `-D file`). At exit: "pqmcu-total insns=N cycles=C".
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

#include "m4_decode.h"
#include "m4_image.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

_Static_assert(sizeof(void *) >= 8, "userdata packing needs 64-bit host pointers");

#define MAX_MARKS 16
#define REFILL_BUCKET M4C_COUNT   /* histogram slot for dynamic refill cycles */

static struct m4_costs g_cfg = M4_COSTS_DEFAULT;
static uint64_t g_marks[MAX_MARKS];
static unsigned g_nmarks;
static int g_classes;
static char *g_elf_path;           /* own copy: QEMU frees the argument strings */
static struct m4_image g_image;   /* empty unless elf= */

/* Decoding statistics (translation time), reported at exit. */
static uint64_t g_straddle_qemu;  /* page-straddling insns decoded from QEMU's bytes */
static uint64_t g_straddle_first; /* address of the first of them */
static uint64_t g_elf_mismatch;   /* image bytes != QEMU's bytes (not straddling) */
static uint64_t g_mismatch_first;

/* Counters. The emulated M4 has one vCPU and icount runs TCG in a single
 * thread, so plain globals are safe. cycles = g_insns + g_extra (mod 2^64:
 * the extra counter may receive negative adjustments). */
static uint64_t g_insns;
static uint64_t g_extra;
static uint64_t g_mark_seq;
static uint64_t g_cls_n[M4C_COUNT + 1];
static uint64_t g_cls_cyc[M4C_COUNT + 1];

/* Flat profile (profile=K): counts per block start address, open
 * addressing. A full table stops recording and says so at exit. */
#define PROF_SLOTS (1u << 16)
static int g_prof_on;                 /* profile= given */
static uint64_t g_prof_seq;           /* the mark that opens the window */
static int g_prof_active;
static uint32_t g_prof_prev;          /* block being charged; 0 = none */
static uint64_t g_prof_last_i, g_prof_last_c;
static uint64_t g_prof_dropped;
static struct prof_slot { uint32_t va; uint64_t insns, cycles; } *g_prof;

static void prof_charge(void)
{
    uint64_t i = g_insns, c = g_insns + g_extra;
    if (g_prof_prev != 0) {
        uint32_t h = (g_prof_prev * 2654435761u) >> 16;
        for (unsigned k = 0; k < PROF_SLOTS; k++, h = (h + 1) & (PROF_SLOTS - 1)) {
            if (g_prof[h].va == g_prof_prev || g_prof[h].va == 0) {
                g_prof[h].va = g_prof_prev;
                g_prof[h].insns += i - g_prof_last_i;
                g_prof[h].cycles += c - g_prof_last_c;
                goto done;
            }
        }
        g_prof_dropped += c - g_prof_last_c;
    }
done:
    g_prof_last_i = i;
    g_prof_last_c = c;
}

/* Dynamic state between blocks. */
static int g_pending;            /* a PC-writing insn ended the previous block */
static uint32_t g_pend_ft;       /* its fall-through address */
static int g_pend_always;        /* TBB/TBH: refill even to the fall-through */
static struct m4_insn g_tail;    /* last insn of the previous block */

/* ---- userdata packing (no allocation per translation) ---- */

/* Block descriptor: vaddr | first insn (wide, flags, rn, rm, class) | last insn (flags, rt). */
static uint64_t pack_tb(uint32_t va, const struct m4_insn *first, const struct m4_insn *last)
{
    return (uint64_t)va
         | (uint64_t)(first->size == 4) << 32
         | (uint64_t)(first->flags & 0x3F) << 33
         | (uint64_t)(first->rn & 0xF) << 39
         | (uint64_t)(first->rm & 0xF) << 43
         | (uint64_t)(last->flags & 0x3F) << 47
         | (uint64_t)(last->rt & 0xF) << 53
         | (uint64_t)(first->cls & 0x1F) << 57;
}

/* Branch / mark descriptor: fall-through | always | is-branch | cost | class. */
static uint64_t pack_insn(uint32_t fallthrough, const struct m4_insn *d, int branch_cb, int cost)
{
    return (uint64_t)fallthrough
         | (uint64_t)((d->flags & M4F_ALWAYS) != 0) << 32
         | (uint64_t)(branch_cb != 0) << 33
         | (uint64_t)(uint8_t)(int8_t)cost << 40
         | (uint64_t)(d->cls & 0x3F) << 48;
}

static void add_extra(unsigned cls, int64_t n)
{
    g_extra += (uint64_t)n;
    if (g_classes) {
        g_cls_cyc[cls] += (uint64_t)n;
    }
}

/* ---- run-time callbacks ---- */

static void resolve_pending(uint32_t va, int wide)
{
    if (!g_pending) {
        return;
    }
    g_pending = 0;
    if (va != g_pend_ft || g_pend_always) {
        int p = g_cfg.refill + ((g_cfg.wide_target && wide && (va & 2u)) ? 1 : 0);
        add_extra(REFILL_BUCKET, p);
    }
}

static void on_tb_exec(unsigned int vcpu, void *ud)
{
    uint64_t d = (uint64_t)(uintptr_t)ud;
    uint32_t va = (uint32_t)d;
    (void)vcpu;
    if (g_pending) {
        resolve_pending(va, (int)((d >> 32) & 1));
    } else {
        struct m4_insn first;
        first.flags = (uint8_t)((d >> 33) & 0x3F);
        first.rn = (uint8_t)((d >> 39) & 0xF);
        first.rm = (uint8_t)((d >> 43) & 0xF);
        if (m4_pipelines(&g_tail, &first, &g_cfg)) {
            add_extra((unsigned)((d >> 57) & 0x1F), -1);
        }
    }
    g_tail.flags = (uint8_t)((d >> 47) & 0x3F);
    g_tail.rt = (uint8_t)((d >> 53) & 0xF);
    if (g_prof_active) {
        prof_charge();          /* after resolve_pending: the refill belongs to the block left */
        g_prof_prev = va | 1u;  /* never 0, even for a block at address 0 */
    }
}

static void on_branch_exec(unsigned int vcpu, void *ud)
{
    uint64_t d = (uint64_t)(uintptr_t)ud;
    (void)vcpu;
    g_pending = 1;
    g_pend_ft = (uint32_t)d;
    g_pend_always = (int)((d >> 32) & 1);
}

static void on_mark_exec(unsigned int vcpu, void *ud)
{
    uint64_t d = (uint64_t)(uintptr_t)ud;
    int cost = (int8_t)(uint8_t)(d >> 40);
    unsigned cls = (unsigned)((d >> 48) & 0x3F);
    char line[128];
    snprintf(line, sizeof line, "pqmcu-mark seq=%" PRIu64 " insns=%" PRIu64 " cycles=%" PRIu64 "\n",
             g_mark_seq, g_insns, g_insns + g_extra);
    qemu_plugin_outs(line);
    if (g_prof_on && (g_mark_seq == g_prof_seq || g_prof_active)) {
        if (g_prof_active) {
            prof_charge();      /* the block holding the closing mark */
        } else {
            g_prof_last_i = g_insns;
            g_prof_last_c = g_insns + g_extra;
        }
        g_prof_active = g_mark_seq == g_prof_seq;
        /* the marked instruction and the rest of its block: charged to the
         * mark function, so that the profile sums to the marks' difference */
        g_prof_prev = (uint32_t)g_marks[0] | 1u;
    }
    g_mark_seq++;
    /* the marked instruction is counted here rather than inline, so the
     * figures printed above never depend on callback ordering */
    g_insns += 1;
    g_extra += (uint64_t)(int64_t)(cost - 1);
    if (g_classes) {
        g_cls_n[cls] += 1;
        g_cls_cyc[cls] += (uint64_t)(int64_t)cost;
    }
    if ((d >> 33) & 1) {
        on_branch_exec(vcpu, ud);
    }
}

/* ---- translation ---- */

static int is_mark(uint64_t va)
{
    for (unsigned i = 0; i < g_nmarks; i++) {
        if (g_marks[i] == va) {
            return 1;
        }
    }
    return 0;
}

/* The bytes and size of one instruction. QEMU 7.2 reports two things wrong
 * near the end of a 1 KiB page (the ARMv7-M target page):
 *  - before translating past page offset 0x3FE, its Thumb translator reads
 *    the next halfword to see whether the next instruction crosses the page;
 *    that read is appended to the *current* instruction's plugin data, so an
 *    instruction ending at offset 0x3FE is reported 2 bytes too long (a
 *    16-bit MOVS as a 32-bit "VMLA", a 32-bit one as 6 bytes; after a
 *    branch QEMU ends the block without looking ahead);
 *  - the bytes of a 32-bit instruction straddling the page (offset 0x3FE)
 *    come from a cross-page read that the plugin cannot check.
 * So the size always comes from the first halfword (Thumb: 32-bit iff its
 * top five bits are 0b11101, 0b11110 or 0b11111), and the bytes from the
 * firmware image (elf=) whenever it holds them, QEMU's otherwise. Straddling
 * instructions left to QEMU's bytes are counted and reported at exit. */
static const uint8_t *insn_bytes(struct qemu_plugin_insn *insn, uint64_t va, unsigned *size)
{
    const uint8_t *q = qemu_plugin_insn_data(insn);
    unsigned qsize = (unsigned)qemu_plugin_insn_size(insn);
    const uint8_t *img = m4_image_find(&g_image, va, 2);
    const uint8_t *src = img != NULL ? img : q;
    unsigned n = m4_insn_size((uint16_t)(src[0] | src[1] << 8));
    int straddles = n == 4 && m4_straddles_page(va, (uint16_t)(src[0] | src[1] << 8));
    if (img != NULL && m4_image_find(&g_image, va, n) != NULL) {
        /* apart from page-straddling instructions, QEMU's bytes are right:
         * a difference means elf= names another program (or code changed) */
        if (!straddles && (qsize < n || memcmp(img, q, n) != 0)) {
            if (g_elf_mismatch++ == 0) {
                g_mismatch_first = va;
            }
        }
        *size = n;
        return img;
    }
    if (qsize < n) {
        n = qsize;      /* not expected: decode what QEMU gave */
    }
    if (straddles && g_straddle_qemu++ == 0) {
        g_straddle_first = va;
    }
    *size = n;
    return q;
}

static void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t n = qemu_plugin_tb_n_insns(tb);
    struct m4_insn prev, cur, first;
    uint64_t tb_va = qemu_plugin_tb_vaddr(tb);
    (void)id;
    if (n == 0) {
        return;
    }
    memset(&prev, 0, sizeof prev);
    memset(&first, 0, sizeof first);
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint64_t va = qemu_plugin_insn_vaddr(insn);
        unsigned size;
        const uint8_t *bytes = insn_bytes(insn, va, &size);
        int cost, branch_cb;

        m4_decode(bytes, size, &cur);
        cost = m4_base_cost(&cur, &g_cfg);
        if (i > 0 && m4_pipelines(&prev, &cur, &g_cfg)) {
            cost -= 1;
        }
        if (i == 0) {
            first = cur;
        }
        /* QEMU ends a block at every PC write, so only a block's last
         * instruction can branch; anything else falls through. */
        branch_cb = (cur.flags & M4F_BRANCH) != 0 && i + 1 == n;

        if (is_mark(va)) {
            uint64_t ud = pack_insn((uint32_t)(va + size), &cur, branch_cb, cost);
            qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark_exec, QEMU_PLUGIN_CB_NO_REGS,
                                                   (void *)(uintptr_t)ud);
        } else {
            qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &g_insns, 1);
            if (cost != 1) {
                qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &g_extra,
                                                           (uint64_t)(int64_t)(cost - 1));
            }
            if (g_classes) {
                qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
                                                           &g_cls_n[cur.cls], 1);
                qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
                                                           &g_cls_cyc[cur.cls], (uint64_t)(int64_t)cost);
            }
            if (branch_cb) {
                uint64_t ud = pack_insn((uint32_t)(va + size), &cur, 1, cost);
                qemu_plugin_register_vcpu_insn_exec_cb(insn, on_branch_exec, QEMU_PLUGIN_CB_NO_REGS,
                                                       (void *)(uintptr_t)ud);
            }
        }
        prev = cur;
    }
    {
        uint64_t ud = pack_tb((uint32_t)tb_va, &first, &cur);
        qemu_plugin_register_vcpu_tb_exec_cb(tb, on_tb_exec, QEMU_PLUGIN_CB_NO_REGS,
                                             (void *)(uintptr_t)ud);
    }
}

/* ---- exit report ---- */

static void on_exit_report(qemu_plugin_id_t id, void *p)
{
    char line[160];
    (void)id;
    (void)p;
    if (g_classes) {
        for (unsigned c = 0; c <= M4C_COUNT; c++) {
            if (g_cls_n[c] == 0 && g_cls_cyc[c] == 0) {
                continue;
            }
            snprintf(line, sizeof line, "pqmcu-class %s count=%" PRIu64 " cycles=%" PRIu64 "\n",
                     c == REFILL_BUCKET ? "branch-refill" : m4_class_name(c), g_cls_n[c], g_cls_cyc[c]);
            qemu_plugin_outs(line);
        }
    }
    if (g_prof != NULL) {
        for (unsigned k = 0; k < PROF_SLOTS; k++) {
            if (g_prof[k].va != 0) {
                snprintf(line, sizeof line, "pqmcu-prof 0x%08" PRIx32 " insns=%" PRIu64 " cycles=%" PRIu64 "\n",
                         g_prof[k].va & ~1u, g_prof[k].insns, g_prof[k].cycles);
                qemu_plugin_outs(line);
            }
        }
        if (g_prof_dropped != 0) {
            snprintf(line, sizeof line, "pqmcu-warning prof-dropped cycles=%" PRIu64 " (table full)\n",
                     g_prof_dropped);
            qemu_plugin_outs(line);
        }
        free(g_prof);
        g_prof = NULL;
    }
    snprintf(line, sizeof line, "pqmcu-total insns=%" PRIu64 " cycles=%" PRIu64 "\n",
             g_insns, g_insns + g_extra);
    qemu_plugin_outs(line);
    if (g_straddle_qemu != 0) {
        char w[512];
        snprintf(w, sizeof w,
                 "pqmcu-warning page-straddle=%" PRIu64 " first=0x%" PRIx64 ": 32-bit instructions "
                 "straddling a 1 KiB page were decoded from QEMU's bytes, which the plugin cannot check "
                 "(QEMU 7.2 misreports code at page ends); pass elf=<firmware.elf> (docs/cycle-model.md)\n",
                 g_straddle_qemu, g_straddle_first);
        qemu_plugin_outs(w);
    }
    if (g_elf_mismatch != 0) {
        char w[512];
        snprintf(w, sizeof w,
                 "pqmcu-warning elf-mismatch=%" PRIu64 " first=0x%" PRIx64 ": instructions whose bytes in "
                 "%.200s differ from the code QEMU ran; is it the firmware's ELF file?\n",
                 g_elf_mismatch, g_mismatch_first, g_elf_path != NULL ? g_elf_path : "the elf= file");
        qemu_plugin_outs(w);
    }
    m4_image_free(&g_image);
}

/* ---- arguments ---- */

static int parse_uint(const char *s, uint64_t max, uint64_t *out)
{
    char *end = NULL;
    unsigned long long v;
    if (*s == '\0') {
        return 0;
    }
    v = strtoull(s, &end, 0);
    if (*end != '\0' || v > max) {
        return 0;
    }
    *out = v;
    return 1;
}

static int parse_arg(const char *arg)
{
    const char *eq = strchr(arg, '=');
    char key[32];
    size_t klen;
    uint64_t v;
    bool b;
    if (eq == NULL || (klen = (size_t)(eq - arg)) >= sizeof key) {
        return 0;
    }
    memcpy(key, arg, klen);
    key[klen] = '\0';
    eq++;
    if (strcmp(key, "mark") == 0) {
        if (g_nmarks == MAX_MARKS || !parse_uint(eq, UINT32_MAX, &v)) {
            return 0;
        }
        g_marks[g_nmarks++] = v & ~(uint64_t)1; /* accept Thumb symbol values (bit 0 set) */
        return 1;
    }
    if (strcmp(key, "elf") == 0) {
        if (g_elf_path != NULL || *eq == '\0') {
            return 0;       /* one firmware image */
        }
        g_elf_path = malloc(strlen(eq) + 1);
        if (g_elf_path == NULL) {
            return 0;
        }
        memcpy(g_elf_path, eq, strlen(eq) + 1); /* loaded once all arguments are parsed */
        return 1;
    }
    if (strcmp(key, "profile") == 0) {
        if (g_prof_on || !parse_uint(eq, UINT32_MAX, &v)) {
            return 0;
        }
        g_prof = calloc(PROF_SLOTS, sizeof *g_prof);
        if (g_prof == NULL) {
            return 0;
        }
        g_prof_on = 1;
        g_prof_seq = v;
        return 1;
    }
    if (strcmp(key, "classes") == 0 && qemu_plugin_bool_parse(key, eq, &b)) {
        g_classes = b;
        return 1;
    }
    if (strcmp(key, "wide_target") == 0 && qemu_plugin_bool_parse(key, eq, &b)) {
        g_cfg.wide_target = b;
        return 1;
    }
    if (strcmp(key, "pipe_after_store") == 0 && qemu_plugin_bool_parse(key, eq, &b)) {
        g_cfg.pipe_after_store = b;
        return 1;
    }
    if (strcmp(key, "refill") == 0 && parse_uint(eq, 3, &v) && v >= 1) {
        g_cfg.refill = (int)v;
        return 1;
    }
    if (strcmp(key, "div") == 0 && parse_uint(eq, 12, &v) && v >= 2) {
        g_cfg.div = (int)v;
        return 1;
    }
    if (strcmp(key, "it") == 0 && parse_uint(eq, 1, &v)) {
        g_cfg.it = (int)v;
        return 1;
    }
    return 0;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                           int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (!parse_arg(argv[i])) {
            fprintf(stderr, "pqmcu_m4cycles: bad argument '%s'\n", argv[i]);
            return -1;
        }
    }
    if (g_elf_path != NULL) {
        char err[512];
        if (m4_image_load_elf(&g_image, g_elf_path, err, sizeof err) != 0) {
            fprintf(stderr, "pqmcu_m4cycles: elf=: %s\n", err);
            return -1;
        }
    }
    if (info->system_emulation && info->system.max_vcpus > 1) {
        fprintf(stderr, "pqmcu_m4cycles: models a single Cortex-M4; %d vCPUs share one counter\n",
                info->system.max_vcpus);
    }
    g_tail.flags = 0;
    g_tail.rt = M4_NOREG;
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
    qemu_plugin_register_atexit_cb(id, on_exit_report, NULL);
    return 0;
}
