// SPDX-License-Identifier: Apache-2.0 OR MIT
// MAYO bulk kernels: the m-vector matrix products and the P1 | P2 expansion,
// behind a small table chosen once at run time (portable C++ everywhere;
// AVX2 + VAES on x86-64 hosts that have them, PQMCU_CPU_DISABLE=avx2 masks
// it). Every kernel gives the same result on every path (exact to the KATs).
//
// m-vectors are the limbs of mvec.hpp (L = m_limbs() words each). Scalars
// are one GF(16) element per byte, read through strides:
//   B(c, i) = b[c * b_row + i * b_col].
// Products by scalars are constant time in the scalars on every path.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/status.hpp"
#include "mayo/params.hpp"

namespace pqmcu::mayo {

struct Kernels {
    const char* name;  // "portable" or "avx2"
    // out = AES-128-CTR keystream (key = 16-byte public seed, zero IV,
    // 128-bit big-endian counter): MAYO's P1 | P2.
    Status (*aes128_ctr)(const uint8_t* key, uint8_t* out, size_t len);
    // acc[r*cols + i] += sum_{c >= r} P[r][c] B(c, i); P upper triangular
    // n x n, rows packed one after the other.
    void (*upper_times)(const uint64_t* P, uint32_t n, const uint8_t* b, uint32_t b_row, uint32_t b_col,
                        uint32_t cols, uint64_t* acc, uint32_t L);
    // acc[r*cols + i] += sum_{c != r} P[min(r,c)][max(r,c)] B(c, i): the
    // product by P + P^T (zero diagonal) of an upper triangular P.
    void (*sym_times)(const uint64_t* P, uint32_t n, const uint8_t* b, uint32_t b_row, uint32_t b_col,
                      uint32_t cols, uint64_t* acc, uint32_t L);
    // acc[r*cols + i] += sum_{c <= r} P[c][r] B(c, i): the product by the
    // lower triangle P^T (diagonal included) of an upper triangular P.
    void (*lower_times)(const uint64_t* P, uint32_t n, const uint8_t* b, uint32_t b_row, uint32_t b_col,
                        uint32_t cols, uint64_t* acc, uint32_t L);
    // acc[r*cols + i] += sum_{c < nc} X[r*nc + c] B(c, i), r < nr.
    void (*rect_times)(const uint64_t* X, uint32_t nr, uint32_t nc, const uint8_t* b, uint32_t b_row,
                       uint32_t b_col, uint32_t cols, uint64_t* acc, uint32_t L);
    // acc[i*cols + c] += sum_{j < inner} A(i, j) X[j*cols + c], i < rows,
    // A(i, j) = a[i * a_row + j * a_col].
    void (*scalars_times)(const uint8_t* a, uint32_t a_row, uint32_t a_col, uint32_t rows, uint32_t inner,
                          const uint64_t* X, uint32_t cols, uint64_t* acc, uint32_t L);
    // Verification: PS[r*k + i] += (P s_i)[r] for P = [P1 P2; 0 P3] (P3
    // upper, o(o+1)/2 vectors) and the k public signature vectors s (k x n,
    // one element per byte).
    void (*p_times_s)(const Params& p, const uint64_t* P1, const uint64_t* P2, const uint64_t* P3,
                      const uint8_t* s, uint64_t* PS);
    // Key generation: P2 (v x o) += P1 O, then P3 (o x o) += O^T P2.
    void (*keygen_products)(const Params& p, const uint64_t* P1, uint64_t* P2, const uint8_t* O, uint64_t* P3);
    // One signing attempt's products, with V (k x v, one element per byte):
    // M (k x o) += V X, Pv (v x k) += P1 V^T, VPV (k x k) += V Pv; when
    // !with_L (X = P2, not L) also Pv += P1^T V^T (giving S = (P1 + P1^T)
    // V^T) and M_i += S_i^T O, with Mt (o x k m-vectors) as scratch.
    void (*sign_products)(const Params& p, const uint64_t* P1, const uint64_t* X, bool with_L, const uint8_t* O,
                          const uint8_t* V, uint64_t* M, uint64_t* Pv, uint64_t* VPV, uint64_t* Mt);
    // Row echelon form of the nrows x ncols matrix ap (rows of (ncols+15)/16
    // words), pivots scaled to 1, constant time; the reference's search
    // windows (see kernels.cpp).
    void (*echelon_form)(uint64_t* ap, uint32_t nrows, uint32_t ncols);
    // P holds count nibble-packed m-vectors (m/2 bytes each) from its
    // start: turned into limbs in place (tails zero).
    void (*nibbles_in_place)(uint64_t* P, uint32_t count, uint32_t m);
    // p_times_s with P1 | P2 still nibble-packed (m/2 bytes per vector, as
    // the keystream gives them; P3 as the bytes of its limbs, 8L per vector:
    // for m/2 = 8L, pk's own vectors): verification skips the unpacking.
    // May read 8 bytes past P12's last vector (masked): the buffer must
    // extend that far. nullptr when the table has none.
    // Unlike p_times_s, PS is overwritten (no need to zero it). When SPS is
    // not nullptr, also SPS (k x k) += S PS, as
    // scalars_times(s, n, 1, k, n, PS, k, SPS, L) gives it (same tables).
    void (*p_times_s_packed)(const Params& p, const uint8_t* P12, const uint8_t* P3, const uint8_t* s,
                             uint64_t* PS, uint64_t* SPS);
    // sign_products(with_L = false) with P1 | P2 still nibble-packed (m/2
    // bytes per vector, straight from the keystream; round-2 sets): compact
    // signing skips the unpacking. May read 8 bytes past P12's last vector
    // (masked). nullptr when the table has none.
    void (*sign_products_packed)(const Params& p, const uint8_t* P12, const uint8_t* O, const uint8_t* V,
                                 uint64_t* M, uint64_t* Pv, uint64_t* VPV, uint64_t* Mt);
    // aes128_ctr + nibbles_in_place in one pass (count nibble-packed
    // m-vectors of the keystream into limbs, P: count * m_limbs words).
    // nullptr when the table has none.
    Status (*keystream_limbs)(const uint8_t* key, uint64_t* P, uint32_t count, uint32_t m);
    // Signing's columns of A before the reduction mod f(z): cols (k*o
    // columns of Lx >= (m + k(k+1)/2 + 15)/16 + 1 limbs, zeroed here) gets
    // z^l M_j[c] in column i*o + c and z^l M_i[c] in column j*o + c (i != j)
    // for the pairs l = (i, j), i = 0.., j = k-1 down to i (M: k x o
    // m-vectors). nullptr: the engine's limb loop.
    void (*a_columns)(const Params& p, const uint64_t* M, uint64_t* cols, uint32_t Lx);
    // Back substitution on the m rows of the echelon form (ap as after
    // echelon_form, ko + 1 columns, the last one y'): x (ko + 1 bytes) +=
    // the solution, exactly as the engine's column form gives it. false
    // (nothing done) for shapes the table does not cover; nullptr: none.
    bool (*back_substitute)(const uint64_t* ap, uint32_t m, uint32_t ko, uint8_t* x);
    // The rows of A for the echelon form from the unreduced columns (cols as
    // a_columns leaves them, Lx limbs each) and y (Lx limbs, t included):
    // transposed to m + k(k+1)/2 - 1 rows, reduced mod f(z) by row
    // operations (row d + i += f_i row m + d), and y' = y - A r put in column
    // k*o (ap: m rows of (k*o + 16)/16 words). false (nothing written) for
    // shapes the table does not cover; nullptr: none.
    bool (*rows_of_a)(const Params& p, const uint64_t* cols, uint32_t Lx, const uint64_t* y, const uint8_t* r,
                      uint64_t* ap);
};

const Kernels& kernels_portable();
// nullptr when the CPU lacks AVX2 (or it is masked), and off x86-64.
const Kernels* kernels_avx2();
// The table every engine call uses: chosen once (first call).
const Kernels& kernels();
#if !defined(PQMCU_TARGET_M4)
// Tests only (hosts): replaces the table kernels() returns (nullptr: back to
// the chosen one), e.g. with an AES that fails, to reach the engines' error
// paths. Not thread safe.
void set_kernels_for_testing(const Kernels* k);
#endif

}  // namespace pqmcu::mayo
