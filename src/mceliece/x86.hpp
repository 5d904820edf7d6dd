// SPDX-License-Identifier: Apache-2.0 OR MIT
// Classic McEliece bulk kernels for x86-64, chosen once at run time (AVX2 when
// the CPU has it and PQMCU_CPU_DISABLE does not mask it). The portable engine
// calls them through x86_kernels() where one is non-null and keeps its own
// loops otherwise; every kernel gives exactly the portable result and is
// constant time in the same sense (public indices and trip counts only).
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::mceliece {

struct X86Kernels {
    const char* name;
    // ct[r / 8] ^= parity(pk row r & et) << (r % 8) for r < mt: rows of rb
    // bytes, et the rb bytes of e's tail (bits mt .. n-1 from bit 0).
    void (*syndrome)(uint8_t* ct, const uint8_t* pk, const uint8_t* et, uint32_t mt, uint32_t rb);
    // Key generation's Gauss-Jordan elimination on a matrix whose row k is
    // left[k * lw ..] (64-bit words) followed by right[k * rb ..] (bytes),
    // in one sweep over the rows k = k0 .. rows-1, in this order per row:
    //   when r < rows and k != r: row k ^= row r if row k has bit r (column r's
    //     clearing by the pivot row r);
    //   when f < rows and k > f: row f ^= row k if rows f and k differ at bit
    //     f (the pivot fix-up of the next step, on the rows as cleared).
    // The same row operations in the same order as the portable loops run
    // them one step after the other (fix-up f reads only rows > f, which
    // step r has already passed), so the matrix is traversed once for both.
    // (k0 = r + 1: forward elimination only.)
    void (*eliminate)(uint64_t* left, uint32_t lw, uint8_t* right, uint32_t rb, uint32_t rows, uint32_t r,
                      uint32_t f, uint32_t k0);
    // e (e_bytes bytes) = the bits at the count 16-bit positions of ind
    // (little-endian; positions >= 8 e_bytes, e.g. sentinels, set nothing).
    void (*build_e)(uint8_t* e, const uint8_t* ind, uint32_t count, uint32_t e_bytes);
    // Key generation's elimination in batches of steps (see keygen.cpp): the
    // "strip" of a row is its left words from wi and its right bytes 0 .. 3
    // (the f sets' pivot window reaches 32 columns into the right part).
    // strip_fixup: step r's fix-up on the strips (for k > r: row r ^= row k
    // when they differ at bit r), the masks (bit k) into fm (mt bits);
    // strip_clear: step r's clearing on the strips (k != r: row k ^= row r
    // when row k has bit r), the masks into cm.
    void (*strip_fixup)(uint64_t* left, uint32_t lw, uint8_t* right, uint32_t rb, uint32_t mt, uint32_t r,
                        uint64_t* fm);
    void (*strip_clear)(uint64_t* left, uint32_t lw, uint8_t* right, uint32_t rb, uint32_t mt, uint32_t r,
                        uint64_t* cm);
    // Steps r0 .. r0 + count - 1 replayed on the right bytes 4 .. rb-1 of every
    // row, a column block at a time, from their masks (fm, cm: count rows of
    // mw words each): per step the fix-up (k increasing), then the clearing.
    void (*replay)(uint8_t* right, uint32_t rb, uint32_t mt, uint32_t r0, uint32_t count, const uint64_t* fm,
                   const uint64_t* cm, uint32_t mw);
    // Key generation's matrix H (row i m + k, column j: bit k of
    // L[j]^i / g(L[j]), i < t, k < m; g monic of degree t, g[0 .. t]): the
    // columns j < mt into left (lw words per row), and when `with_right` the
    // columns mt .. n-1 into right (rb bytes per row, column mt + c at bit c %
    // 8 of byte c / 8). Every word / byte of those rows is written (bits past
    // the last column zero). Bitsliced, 256 columns at a time.
    void (*fill)(uint64_t* left, uint32_t lw, uint8_t* right, uint32_t rb, uint32_t m, uint32_t t, uint32_t n,
                 const uint16_t* g, const uint16_t* L, bool with_right);
    // Non-zero iff two of the t 16-bit positions at ind (little-endian,
    // each < 2^15) are equal; t <= 128. Every pair is compared.
    uint32_t (*repeated)(const uint8_t* ind, uint32_t t);
};

// nullptr off x86-64, when the CPU lacks AVX2, or when it is masked.
const X86Kernels* x86_kernels();

}  // namespace pqmcu::mceliece
