// SPDX-License-Identifier: Apache-2.0 OR MIT
/*
 * pqmcu Cortex-M4 cycle model: firmware image from an ELF32 file.
 * Only what the plugin needs: the ELF header, the program header table and
 * the file contents of PT_LOAD segments (ELF specification, "Program
 * Header"). Plain C file I/O.
 */
#include "m4_image.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EHDR_SIZE 52u
#define PHDR_MIN  32u
#define PT_LOAD   1u
#define EM_ARM    40u
#define MAX_TOTAL (64u * 1024u * 1024u) /* sanity bound for an M4 image */

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static int read_at(FILE *f, long off, void *buf, size_t n)
{
    return fseek(f, off, SEEK_SET) == 0 && fread(buf, 1, n, f) == n;
}

static int fail(struct m4_image *img, FILE *f, char *err, size_t errlen, const char *path,
                const char *what)
{
    snprintf(err, errlen, "%s: %s", path, what);
    if (f != NULL) {
        fclose(f);
    }
    m4_image_free(img);
    return -1;
}

static int add_seg(struct m4_image *img, uint32_t addr, uint32_t size, uint8_t *bytes, int owner)
{
    struct m4_image_seg *s;
    if (img->nseg == M4_IMAGE_MAX_SEGS) {
        return 0;
    }
    s = &img->seg[img->nseg++];
    s->addr = addr;
    s->size = size;
    s->bytes = bytes;
    s->owner = owner;
    return 1;
}

int m4_image_load_elf(struct m4_image *img, const char *path, char *err, size_t errlen)
{
    uint8_t eh[EHDR_SIZE];
    uint32_t phoff;
    unsigned phentsize, phnum, nload;
    long fsize;
    unsigned first_seg[M4_IMAGE_MAX_SEGS];
    uint32_t vaddrs[M4_IMAGE_MAX_SEGS];
    FILE *f;

    memset(img, 0, sizeof *img);
    f = fopen(path, "rb");
    if (f == NULL) {
        return fail(img, NULL, err, errlen, path, "cannot open");
    }
    if (fseek(f, 0, SEEK_END) != 0 || (fsize = ftell(f)) < 0) {
        return fail(img, f, err, errlen, path, "cannot size");
    }
    if (!read_at(f, 0, eh, sizeof eh)) {
        return fail(img, f, err, errlen, path, "too short for an ELF header");
    }
    if (memcmp(eh, "\177ELF", 4) != 0 || eh[4] != 1 /* ELFCLASS32 */ || eh[5] != 1 /* ELFDATA2LSB */) {
        return fail(img, f, err, errlen, path, "not a little-endian ELF32 file");
    }
    if (rd16(eh + 18) != EM_ARM) {
        return fail(img, f, err, errlen, path, "not an ARM ELF file");
    }
    phoff = rd32(eh + 28);
    phentsize = rd16(eh + 42);
    phnum = rd16(eh + 44);
    if (phnum == 0 || phentsize < PHDR_MIN || phnum == 0xFFFFu ||
        (uint64_t)phoff + (uint64_t)phnum * phentsize > (uint64_t)fsize) {
        return fail(img, f, err, errlen, path, "bad program header table");
    }

    /* pass 1: each PT_LOAD's file bytes at its physical (load) address */
    nload = 0;
    for (unsigned i = 0; i < phnum; i++) {
        uint8_t ph[PHDR_MIN];
        uint32_t off, vaddr, paddr, filesz;
        uint8_t *buf;
        if (!read_at(f, (long)(phoff + (uint64_t)i * phentsize), ph, sizeof ph)) {
            return fail(img, f, err, errlen, path, "cannot read a program header");
        }
        if (rd32(ph) != PT_LOAD || (filesz = rd32(ph + 16)) == 0) {
            continue;
        }
        off = rd32(ph + 4);
        vaddr = rd32(ph + 8);
        paddr = rd32(ph + 12);
        if ((uint64_t)off + filesz > (uint64_t)fsize) {
            return fail(img, f, err, errlen, path, "segment beyond the end of the file");
        }
        if ((uint64_t)paddr + filesz > 0x100000000ull || (uint64_t)vaddr + filesz > 0x100000000ull) {
            return fail(img, f, err, errlen, path, "segment beyond the 32-bit address space");
        }
        if (img->total + filesz > MAX_TOTAL) {
            return fail(img, f, err, errlen, path, "loadable segments too large");
        }
        buf = malloc(filesz);
        if (buf == NULL) {
            return fail(img, f, err, errlen, path, "out of memory");
        }
        if (!read_at(f, (long)off, buf, filesz)) {
            free(buf);
            return fail(img, f, err, errlen, path, "cannot read a segment");
        }
        if (!add_seg(img, paddr, filesz, buf, 1)) {
            free(buf);
            return fail(img, f, err, errlen, path, "too many PT_LOAD segments");
        }
        first_seg[nload] = img->nseg - 1;
        vaddrs[nload] = vaddr;
        nload++;
        img->total += filesz;
    }
    fclose(f);
    if (nload == 0) {
        return fail(img, NULL, err, errlen, path, "no loadable segment");
    }
    /* pass 2: the same bytes at the virtual address when it differs (code or
     * data copied to RAM at start-up). Looked up after the load addresses. */
    for (unsigned i = 0; i < nload; i++) {
        const struct m4_image_seg *s = &img->seg[first_seg[i]];
        if (vaddrs[i] != s->addr && !add_seg(img, vaddrs[i], s->size, s->bytes, 0)) {
            return fail(img, NULL, err, errlen, path, "too many PT_LOAD segments");
        }
    }
    return 0;
}

const uint8_t *m4_image_find(const struct m4_image *img, uint64_t addr, unsigned size)
{
    for (unsigned i = 0; i < img->nseg; i++) {
        const struct m4_image_seg *s = &img->seg[i];
        if (addr >= s->addr && addr + size <= (uint64_t)s->addr + s->size) {
            return s->bytes + (addr - s->addr);
        }
    }
    return NULL;
}

void m4_image_free(struct m4_image *img)
{
    for (unsigned i = 0; i < img->nseg; i++) {
        if (img->seg[i].owner) {
            free(img->seg[i].bytes);
        }
    }
    memset(img, 0, sizeof *img);
}

int m4_straddles_page(uint64_t addr, uint16_t hw1)
{
    unsigned top5 = hw1 >> 11;
    return (addr & (M4_PAGE_SIZE - 1)) == M4_PAGE_SIZE - 2 && (top5 == 0x1D || top5 == 0x1E || top5 == 0x1F);
}
