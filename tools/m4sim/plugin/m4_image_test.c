// SPDX-License-Identifier: Apache-2.0 OR MIT
/* Host self-test of the firmware-image reader used by the plugin's elf=
 * argument (no QEMU needed). Writes small ELF32 files into the working
 * directory and checks what m4_image_load_elf/m4_image_find make of them. */
#include <stdio.h>
#include <string.h>

#include "m4_image.h"

static int g_fail;

#define CHECK(cond)                                                     \
    do {                                                                \
        if (!(cond)) {                                                  \
            printf("FAIL line %d: %s\n", __LINE__, #cond);              \
            g_fail = 1;                                                 \
        }                                                               \
    } while (0)

static void put16(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)v;
    p[1] = (unsigned char)(v >> 8);
}

static void put32(unsigned char *p, unsigned long v)
{
    put16(p, (unsigned)(v & 0xFFFFu));
    put16(p + 2, (unsigned)(v >> 16));
}

static void phdr(unsigned char *p, unsigned type, unsigned long off, unsigned long vaddr,
                 unsigned long paddr, unsigned long filesz, unsigned long memsz)
{
    put32(p, type);
    put32(p + 4, off);
    put32(p + 8, vaddr);
    put32(p + 12, paddr);
    put32(p + 16, filesz);
    put32(p + 20, memsz);
}

static int write_file(const char *path, const unsigned char *buf, size_t n)
{
    FILE *f = fopen(path, "wb");
    int ok = f != NULL && fwrite(buf, 1, n, f) == n;
    if (f != NULL && fclose(f) != 0) {
        ok = 0;
    }
    return ok;
}

int main(void)
{
    static const char path[] = "m4_image_test.tmp.elf";
    unsigned char elf[256];
    struct m4_image img;
    char err[256];
    const unsigned char code[8] = {0x83, 0xea, 0xf1, 0x03, 0x00, 0x26, 0x70, 0x47};
    const unsigned char data[4] = {0x11, 0x22, 0x33, 0x44};
    const unsigned char *p;

    /* ELF header, 4 program headers at 52, contents at 180 and 188 */
    memset(elf, 0, sizeof elf);
    memcpy(elf, "\177ELF", 4);
    elf[4] = 1; /* ELFCLASS32 */
    elf[5] = 1; /* little endian */
    elf[6] = 1;
    put16(elf + 16, 2);  /* ET_EXEC */
    put16(elf + 18, 40); /* EM_ARM */
    put32(elf + 20, 1);
    put32(elf + 28, 52); /* e_phoff */
    put16(elf + 40, 52);
    put16(elf + 42, 32); /* e_phentsize */
    put16(elf + 44, 4);  /* e_phnum */
    phdr(elf + 52, 1, 180, 0x3F8, 0x3F8, 8, 8);             /* code in flash */
    phdr(elf + 84, 1, 188, 0x20000000, 0x1000, 4, 4);       /* .data: flash -> RAM */
    phdr(elf + 116, 0, 0, 0, 0, 0, 0);                      /* PT_NULL */
    phdr(elf + 148, 1, 192, 0x20000004, 0x20000004, 0, 64); /* .bss: no file bytes */
    memcpy(elf + 180, code, sizeof code);
    memcpy(elf + 188, data, sizeof data);
    if (!write_file(path, elf, 192)) {
        printf("FAIL: cannot write %s\n", path);
        return 1;
    }

    CHECK(m4_image_load_elf(&img, path, err, sizeof err) == 0);
    CHECK(img.nseg == 3); /* code, .data at its load address and at its run address */
    p = m4_image_find(&img, 0x3F8, 4);
    CHECK(p != NULL && memcmp(p, code, 4) == 0);
    p = m4_image_find(&img, 0x3FE, 2);
    CHECK(p != NULL && p[0] == 0x70 && p[1] == 0x47);
    CHECK(m4_image_find(&img, 0x3FE, 4) == NULL); /* runs past the segment */
    CHECK(m4_image_find(&img, 0x3F6, 2) == NULL);
    p = m4_image_find(&img, 0x1000, 4);
    CHECK(p != NULL && memcmp(p, data, 4) == 0);
    p = m4_image_find(&img, 0x20000002, 2);
    CHECK(p != NULL && p[0] == 0x33 && p[1] == 0x44);
    CHECK(m4_image_find(&img, 0x20000004, 2) == NULL); /* .bss has no bytes */
    m4_image_free(&img);
    CHECK(img.nseg == 0 && m4_image_find(&img, 0x3F8, 2) == NULL);

    /* rejected inputs leave an empty image and a message */
    put16(elf + 18, 3); /* EM_386 */
    CHECK(write_file(path, elf, 192));
    CHECK(m4_image_load_elf(&img, path, err, sizeof err) == -1 && img.nseg == 0 && err[0] != '\0');
    put16(elf + 18, 40);
    CHECK(write_file(path, elf, 184)); /* segment contents cut short */
    CHECK(m4_image_load_elf(&img, path, err, sizeof err) == -1 && img.nseg == 0);
    CHECK(write_file(path, elf, 40)); /* no complete ELF header */
    CHECK(m4_image_load_elf(&img, path, err, sizeof err) == -1);
    elf[4] = 2; /* ELFCLASS64 */
    CHECK(write_file(path, elf, 192));
    CHECK(m4_image_load_elf(&img, path, err, sizeof err) == -1);
    remove(path);
    CHECK(m4_image_load_elf(&img, path, err, sizeof err) == -1); /* missing file */

    /* page-straddle test: 32-bit first halfword at page offset 0x3FE */
    CHECK(m4_straddles_page(0x3FE, 0xEA83) == 1);
    CHECK(m4_straddles_page(0x100007FE, 0xF8D4) == 1);
    CHECK(m4_straddles_page(0xFFE, 0xE9D4) == 1);
    CHECK(m4_straddles_page(0x3FC, 0xEA83) == 0);
    CHECK(m4_straddles_page(0x7FE, 0x2600) == 0); /* 16-bit */
    CHECK(m4_straddles_page(0x7FE, 0xE7FE) == 0); /* 16-bit B (top5 0b11100) */

    if (g_fail) {
        return 1;
    }
    printf("m4_image: all checks passed\n");
    return 0;
}
