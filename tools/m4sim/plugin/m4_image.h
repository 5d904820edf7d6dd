// SPDX-License-Identifier: Apache-2.0 OR MIT
/*
 * pqmcu Cortex-M4 cycle model: the firmware image, read from its ELF file.
 *
 * QEMU 7.2 misreports instructions to plugins at the end of a target page
 * (1 KiB on ARMv7-M), and the bytes of a 32-bit Thumb instruction that
 * straddles a page come from a cross-page read the plugin cannot check, so
 * the plugin can decode instructions from the firmware's own bytes instead
 * (plugin argument `elf=PATH`, docs/cycle-model.md). Pure C and stdio, no
 * QEMU dependency.
 */
#ifndef PQMCU_M4_IMAGE_H
#define PQMCU_M4_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#define M4_IMAGE_MAX_SEGS 64

/* Target page size of ARMv7-M in QEMU (TARGET_PAGE_BITS = 10). */
#define M4_PAGE_SIZE 0x400u

struct m4_image_seg {
    uint32_t addr;   /* first byte's address */
    uint32_t size;   /* bytes (p_filesz) */
    uint8_t *bytes;  /* owned by the first segment that uses the buffer */
    int owner;
};

/* A sparse image: the file contents of each PT_LOAD segment, at its
 * physical (load) address and, when different, at its virtual address. */
struct m4_image {
    struct m4_image_seg seg[M4_IMAGE_MAX_SEGS];
    unsigned nseg;
    size_t total;    /* bytes held */
};

/* Loads the PT_LOAD segments of a little-endian ELF32 ARM file. Returns 0 on
 * success; otherwise -1 with a message in err (the image is left empty). */
int m4_image_load_elf(struct m4_image *img, const char *path, char *err, size_t errlen);

/* The bytes at [addr, addr + size) when one segment holds all of them, or NULL. */
const uint8_t *m4_image_find(const struct m4_image *img, uint64_t addr, unsigned size);

void m4_image_free(struct m4_image *img);

/* 1 when a Thumb instruction with first halfword hw1 at addr is 32-bit and
 * starts in the last halfword of a page, i.e. its second halfword lies on
 * the next page. */
int m4_straddles_page(uint64_t addr, uint16_t hw1);

#endif
