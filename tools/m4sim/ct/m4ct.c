// SPDX-License-Identifier: Apache-2.0 OR MIT
/*
 * pqmcu_m4ct: a QEMU (7.2 plugin API) TCG plugin that records what a
 * constant-time check compares on the emulated Cortex-M4 (docs/ct-m4.md):
 * inside a marked region of firmware, the sequence of executed instruction
 * addresses and of load/store addresses (with their size and direction).
 *
 * A region opens when the instruction at begin= runs (the entry of
 * pqmcu_ct_region_begin) and closes at end= (pqmcu_ct_region_end); regions
 * are numbered in order (seq=0, 1, ...). Every event of an open region is
 * folded into a running 64-bit digest:
 *   instruction  address
 *   load/store   address | (1 + is_store) << 32 | log2(size) << 34
 * The firmware runs each operation twice with different secrets, so two
 * region instances must give the same digest. Lines (qemu_plugin_outs; enable
 * with `-d plugin`, redirect with `-D file`):
 *   pqmcu-ct begin seq=K
 *   pqmcu-ct ck seq=K n=N digest=H          every 2^ck events (default 2^16):
 *                                           the digest of the first N events
 *   pqmcu-ct declass seq=K n=N              the instruction at declass= (the
 *                                           firmware's pqmcu_ct_declassify) ran
 *                                           after N events: from here on the
 *                                           code may depend on a public value
 *   pqmcu-ct end seq=K n=N insns=I loads=L stores=S digest=H
 * Arguments:
 *   begin=0xADDR end=0xADDR [declass=0xADDR] [ck=LOG2]
 *   mask=LO:HI (up to 8 times)
 *       also keep a masked digest (mdigest= on the ck and end lines) in which
 *       a load/store inside [LO, HI) counts as "range r" instead of its
 *       address: tables that the code indexes with public data only
 *   dump=PREFIX dump_seq=K (up to 4 times) dump_from=N dump_count=M
 *       write events N .. N+M-1 of region instance K to PREFIX.K.bin, as
 *       little-endian pairs (u64 event, u64 address of the instruction);
 *       tools/m4sim/ct/ct_check.py uses it to find the first differing event
 *       inside the checkpoint window where two digests part.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

_Static_assert(sizeof(void *) >= 8, "userdata packing needs 64-bit host pointers");

enum { MARK_NONE = 0, MARK_BEGIN = 1, MARK_END = 2, MARK_DECLASS = 3 };
#define MAX_DUMP 4
#define MAX_MASK 8

static uint64_t g_begin = UINT64_MAX, g_end = UINT64_MAX, g_declass = UINT64_MAX;
static unsigned g_ck_log2 = 16;

/* State of the open region. One vCPU under icount: plain globals. */
static int g_active;
static uint64_t g_seq;          /* number of the open (or next) region */
static uint64_t g_digest;
static uint64_t g_n;            /* events folded so far */
static uint64_t g_insns, g_loads, g_stores;
static uint64_t g_unbalanced;   /* begin inside a region, end outside one */

/* Masked digest: loads/stores inside a mask= range count with the range's
 * number in place of their address (tables indexed by public data). */
static uint32_t g_mask_lo[MAX_MASK], g_mask_hi[MAX_MASK];
static unsigned g_nmask;
static uint64_t g_mdigest;

static char *g_dump_prefix;
static uint64_t g_dump_seq[MAX_DUMP];
static unsigned g_ndump;
static uint64_t g_dump_from, g_dump_count = 1u << 16;
static FILE *g_dump_file;       /* open while the region being dumped runs */

static void out(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void out(const char *fmt, ...)
{
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    qemu_plugin_outs(line);
}

#define DIGEST_INIT UINT64_C(0xcbf29ce484222325)

static inline uint64_t mix(uint64_t h, uint64_t ev)
{
    h = (h ^ ev) * UINT64_C(0x100000001b3);
    return h ^ (h >> 29);
}

static inline void fold(uint64_t ev, uint32_t pc)
{
    uint64_t mev = ev;
    g_digest = mix(g_digest, ev);
    if ((ev >> 32) & 3) {
        uint32_t a = (uint32_t)ev;
        for (unsigned r = 0; r < g_nmask; r++) {
            if (a >= g_mask_lo[r] && a < g_mask_hi[r]) {
                mev = (ev & ~UINT64_C(0xFFFFFFFF)) | (0xFFFFFF00u + r);
                break;
            }
        }
    }
    g_mdigest = mix(g_mdigest, mev);
    if (g_dump_file != NULL && g_n >= g_dump_from && g_n - g_dump_from < g_dump_count) {
        uint64_t rec[2] = {ev, pc};
        fwrite(rec, sizeof rec, 1, g_dump_file);
    }
    g_n++;
    if ((g_n & ((UINT64_C(1) << g_ck_log2) - 1)) == 0) {
        out("pqmcu-ct ck seq=%" PRIu64 " n=%" PRIu64 " digest=%016" PRIx64 " mdigest=%016" PRIx64 "\n",
            g_seq, g_n, g_digest, g_mdigest);
    }
}

static void open_dump(void)
{
    for (unsigned i = 0; i < g_ndump; i++) {
        if (g_dump_seq[i] == g_seq) {
            size_t len = strlen(g_dump_prefix) + 32;
            char *path = malloc(len);
            if (path == NULL) {
                return;
            }
            snprintf(path, len, "%s.%" PRIu64 ".bin", g_dump_prefix, g_seq);
            g_dump_file = fopen(path, "wb");
            if (g_dump_file == NULL) {
                out("pqmcu-ct error cannot write %.200s\n", path);
            }
            free(path);
            return;
        }
    }
}

static void on_mark(unsigned kind, uint32_t va)
{
    switch (kind) {
    case MARK_BEGIN:
        if (g_active) {
            g_unbalanced++;
            out("pqmcu-ct error begin inside region seq=%" PRIu64 "\n", g_seq);
            return;
        }
        g_active = 1;
        g_digest = g_mdigest = DIGEST_INIT;
        g_n = g_insns = g_loads = g_stores = 0;
        open_dump();
        out("pqmcu-ct begin seq=%" PRIu64 "\n", g_seq);
        break;
    case MARK_END:
        if (!g_active) {
            g_unbalanced++;
            out("pqmcu-ct error end outside a region\n");
            return;
        }
        out("pqmcu-ct end seq=%" PRIu64 " n=%" PRIu64 " insns=%" PRIu64 " loads=%" PRIu64 " stores=%" PRIu64
            " digest=%016" PRIx64 " mdigest=%016" PRIx64 "\n", g_seq, g_n, g_insns, g_loads, g_stores, g_digest,
            g_mdigest);
        if (g_dump_file != NULL) {
            fclose(g_dump_file);
            g_dump_file = NULL;
        }
        g_active = 0;
        g_seq++;
        break;
    case MARK_DECLASS:
        if (g_active) {
            out("pqmcu-ct declass seq=%" PRIu64 " n=%" PRIu64 "\n", g_seq, g_n);
        }
        break;
    default:
        break;
    }
    (void)va;
}

/* ---- run-time callbacks ---- */

static void on_insn_exec(unsigned int vcpu, void *ud)
{
    uint64_t d = (uint64_t)(uintptr_t)ud;
    uint32_t va = (uint32_t)d;
    unsigned kind = (unsigned)(d >> 32);
    (void)vcpu;
    if (kind != MARK_NONE) {
        on_mark(kind, va);
        if (kind == MARK_END) {
            return;     /* the closing instruction is not part of the region */
        }
    }
    if (g_active) {
        g_insns++;
        fold(va, va);
    }
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *ud)
{
    (void)vcpu;
    if (!g_active) {
        return;
    }
    int store = qemu_plugin_mem_is_store(info);
    unsigned shift = qemu_plugin_mem_size_shift(info);
    if (store) {
        g_stores++;
    } else {
        g_loads++;
    }
    fold((vaddr & 0xFFFFFFFFu) | (uint64_t)(1 + store) << 32 | (uint64_t)(shift & 0xF) << 34,
         (uint32_t)(uintptr_t)ud);
}

/* ---- translation ---- */

static void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t n = qemu_plugin_tb_n_insns(tb);
    (void)id;
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint64_t va = qemu_plugin_insn_vaddr(insn);
        unsigned kind = va == g_begin ? MARK_BEGIN : va == g_end ? MARK_END
                      : va == g_declass ? MARK_DECLASS : MARK_NONE;
        uint64_t ud = (va & 0xFFFFFFFFu) | (uint64_t)kind << 32;
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_insn_exec, QEMU_PLUGIN_CB_NO_REGS,
                                               (void *)(uintptr_t)ud);
        qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW,
                                         (void *)(uintptr_t)(va & 0xFFFFFFFFu));
    }
}

static void on_exit_report(qemu_plugin_id_t id, void *p)
{
    (void)id;
    (void)p;
    if (g_active) {
        out("pqmcu-ct error region seq=%" PRIu64 " still open at exit\n", g_seq);
    }
    out("pqmcu-ct total regions=%" PRIu64 " unbalanced=%" PRIu64 "\n", g_seq, g_unbalanced);
    if (g_dump_file != NULL) {
        fclose(g_dump_file);
        g_dump_file = NULL;
    }
}

/* ---- arguments ---- */

static int parse_uint(const char *s, uint64_t max, uint64_t *v)
{
    char *end = NULL;
    unsigned long long x;
    if (*s == '\0') {
        return 0;
    }
    x = strtoull(s, &end, 0);
    if (*end != '\0' || x > max) {
        return 0;
    }
    *v = x;
    return 1;
}

static int parse_arg(char *arg)
{
    const char *eq = strchr(arg, '=');
    uint64_t v;
    if (eq == NULL) {
        return 0;
    }
    size_t klen = (size_t)(eq - arg);
    const char *val = eq + 1;
#define KEY(k) (klen == sizeof(k) - 1 && memcmp(arg, k, klen) == 0)
    if (KEY("begin") && parse_uint(val, UINT32_MAX, &v)) {
        g_begin = v & ~(uint64_t)1;   /* Thumb symbol values have bit 0 set */
        return 1;
    }
    if (KEY("end") && parse_uint(val, UINT32_MAX, &v)) {
        g_end = v & ~(uint64_t)1;
        return 1;
    }
    if (KEY("declass") && parse_uint(val, UINT32_MAX, &v)) {
        g_declass = v & ~(uint64_t)1;
        return 1;
    }
    if (KEY("mask") && g_nmask < MAX_MASK) {
        char *colon = strchr(val, ':');
        uint64_t lo, hi;
        if (colon == NULL) {
            return 0;
        }
        *colon = '\0';
        int okv = parse_uint(val, UINT32_MAX, &lo) && parse_uint(colon + 1, UINT32_MAX, &hi) && lo < hi;
        *colon = ':';
        if (!okv) {
            return 0;
        }
        g_mask_lo[g_nmask] = (uint32_t)lo;
        g_mask_hi[g_nmask] = (uint32_t)hi;
        g_nmask++;
        return 1;
    }
    if (KEY("ck") && parse_uint(val, 40, &v) && v >= 4) {
        g_ck_log2 = (unsigned)v;
        return 1;
    }
    if (KEY("dump") && g_dump_prefix == NULL && *val != '\0') {
        g_dump_prefix = malloc(strlen(val) + 1);
        if (g_dump_prefix == NULL) {
            return 0;
        }
        memcpy(g_dump_prefix, val, strlen(val) + 1);
        return 1;
    }
    if (KEY("dump_seq") && g_ndump < MAX_DUMP && parse_uint(val, UINT64_MAX, &v)) {
        g_dump_seq[g_ndump++] = v;
        return 1;
    }
    if (KEY("dump_from") && parse_uint(val, UINT64_MAX, &v)) {
        g_dump_from = v;
        return 1;
    }
    if (KEY("dump_count") && parse_uint(val, UINT64_C(1) << 32, &v)) {
        g_dump_count = v;
        return 1;
    }
#undef KEY
    return 0;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                           int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (!parse_arg(argv[i])) {
            fprintf(stderr, "pqmcu_m4ct: bad argument '%s'\n", argv[i]);
            return -1;
        }
    }
    if (g_begin == UINT64_MAX || g_end == UINT64_MAX) {
        fprintf(stderr, "pqmcu_m4ct: begin= and end= are required\n");
        return -1;
    }
    if (g_ndump > 0 && g_dump_prefix == NULL) {
        fprintf(stderr, "pqmcu_m4ct: dump_seq= needs dump=\n");
        return -1;
    }
    (void)info;
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
    qemu_plugin_register_atexit_cb(id, on_exit_report, NULL);
    return 0;
}
