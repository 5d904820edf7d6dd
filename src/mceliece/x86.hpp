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
    // e (e_bytes bytes) = the bits at the count 16-bit positions of ind
    // (little-endian; positions >= 8 e_bytes, e.g. sentinels, set nothing).
    void (*build_e)(uint8_t* e, const uint8_t* ind, uint32_t count, uint32_t e_bytes);
    // Key generation's elimination (keygen.cpp), on a matrix whose row k is
    // left[k * lw ..] (64-bit words) then, when there is one, a right part.
    // steps: steps r = r0 .. r0 + count - 1 (count <= 64, all in left word
    // wi = r0 / 64) on word wi of every row only, as the portable loops do
    // them: the fix-up (k > r, increasing: row r ^= row k where they differ at
    // bit r), then the clearing (row k ^= row r where row k has bit r; every
    // k != r, or only k > r when `forward`). Their masks (bit k) go to fm, cm
    // (count rows of mw = ceil(mt / 64) words each). Returns bit s = the pivot
    // of step r0 + s after its fix-up (all ones: no step failed). gamma
    // (count words): the batch's step-to-step coefficients for replay.
    uint64_t (*steps)(uint64_t* left, uint32_t lw, uint32_t mt, uint32_t r0, uint32_t count, bool forward,
                      uint64_t* fm, uint64_t* cm, uint64_t* gamma);
    // The same steps replayed from their masks on bytes [from, to) of every
    // row (rows: stride bytes apart), a column block at a time.
    void (*replay)(uint8_t* rows, uint32_t stride, uint32_t from, uint32_t to, uint32_t mt, uint32_t r0,
                   uint32_t count, const uint64_t* fm, const uint64_t* cm, uint32_t mw, bool forward,
                   const uint64_t* gamma);
    // Key generation's matrix H (row i m + k, column j: bit k of
    // L[j]^i / g(L[j]), i < t, k < m; g monic of degree t, g[0 .. t]): the
    // columns j < mt into left (lw words per row), and when `with_right` the
    // columns mt .. n-1 into right (rb bytes per row, column mt + c at bit c %
    // 8 of byte c / 8). Every word / byte of those rows is written (bits past
    // the last column zero). Bitsliced, 256 columns at a time.
    void (*fill)(uint64_t* left, uint32_t lw, uint8_t* right, uint32_t rb, uint32_t m, uint32_t t, uint32_t n,
                 const uint16_t* g, const uint16_t* L, bool with_right);
    // GF(2^m) rows: for c < nrows, row c (rows + c * stride, len elements)
    // ^= scal[c * scal_stride] * vec, in order (rows may overlap: ext_mul's
    // shifted product rows), each scalar read just before its row is
    // updated. len <= 128, len >= 16.
    void (*gf_axpy_rows)(uint16_t* rows, uint32_t stride, uint32_t nrows, const uint16_t* scal,
                         uint32_t scal_stride, const uint16_t* vec, uint32_t len, uint32_t m);
    // Non-zero iff two of the t 16-bit positions at ind (little-endian,
    // each < 2^15) are equal; t <= 128. Every pair is compared.
    uint32_t (*repeated)(const uint8_t* ind, uint32_t t);
    // FixedWeight's selection (n < 2^m): of the 2t little-endian 16-bit
    // candidates at buf (each masked to m bits), the first t below n, in
    // order, as 16-bit positions at buf[0 .. 2t) when there are that many;
    // returns the number below n (t <= 128). buf[2t .. 4t) is left as it was.
    uint32_t (*fw_select)(uint8_t* buf, uint32_t t, uint32_t n, uint32_t m);
    // Ascending sort of x[0 .. n), every value < 2^31, n a power of two >= 64
    // (sort.hpp's ct_sort: a sort's output depends only on the values).
    void (*sort32)(uint32_t* x, size_t n);
    // AVX-512 F / BW present (and not masked): decapsulation's decoder runs
    // its products on zmm (decaps_avx2.inc).
    bool avx512;
    // VPCLMULQDQ present (and not masked): decapsulation's Berlekamp-Massey on
    // carry-less products (decaps_avx2.inc: dc_berlekamp_massey on zmm with
    // avx512, else dy_berlekamp_massey on ymm).
    bool vpclmul;
};

// nullptr off x86-64, when the CPU lacks AVX2, or when it is masked.
const X86Kernels* x86_kernels();

}  // namespace pqmcu::mceliece
