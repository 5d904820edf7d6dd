// SPDX-License-Identifier: Apache-2.0 OR MIT
// Portable MAYO kernels (64-bit limbs, mvec.hpp) and the run-time choice.
#include "mayo/kernels.hpp"

#include <bit>
#include <cstring>

#include "cipher/modes.hpp"
#include "core/secure.hpp"
#include "field/gf_small.hpp"
#include "mayo/engine.hpp"
#include "mayo/mvec.hpp"

namespace pqmcu::mayo {
namespace {

Status ctr_portable(const uint8_t* key, uint8_t* out, size_t len) { return cipher::aes128_ctr(key, 16, out, len); }

void upper_times(const uint64_t* P, uint32_t n, const uint8_t* b, uint32_t b_row, uint32_t b_col, uint32_t cols,
                 uint64_t* acc, uint32_t L) {
    size_t idx = 0;
    for (uint32_t r = 0; r < n; ++r)
        for (uint32_t c = r; c < n; ++c, ++idx)
            for (uint32_t i = 0; i < cols; ++i)
                mvec::mul_add(acc + size_t(r * cols + i) * L, P + idx * L, b[c * b_row + i * b_col], L);
}

void sym_times(const uint64_t* P, uint32_t n, const uint8_t* b, uint32_t b_row, uint32_t b_col, uint32_t cols,
               uint64_t* acc, uint32_t L) {
    size_t idx = 0;
    for (uint32_t r = 0; r < n; ++r)
        for (uint32_t c = r; c < n; ++c, ++idx) {
            if (c == r) continue;  // the diagonal of P + P^T is zero
            for (uint32_t i = 0; i < cols; ++i) {
                mvec::mul_add(acc + size_t(r * cols + i) * L, P + idx * L, b[c * b_row + i * b_col], L);
                mvec::mul_add(acc + size_t(c * cols + i) * L, P + idx * L, b[r * b_row + i * b_col], L);
            }
        }
}

void lower_times(const uint64_t* P, uint32_t n, const uint8_t* b, uint32_t b_row, uint32_t b_col, uint32_t cols,
                 uint64_t* acc, uint32_t L) {
    size_t idx = 0;
    for (uint32_t r = 0; r < n; ++r)
        for (uint32_t c = r; c < n; ++c, ++idx)
            for (uint32_t i = 0; i < cols; ++i)
                mvec::mul_add(acc + size_t(c * cols + i) * L, P + idx * L, b[r * b_row + i * b_col], L);
}

void rect_times(const uint64_t* X, uint32_t nr, uint32_t nc, const uint8_t* b, uint32_t b_row, uint32_t b_col,
                uint32_t cols, uint64_t* acc, uint32_t L) {
    for (uint32_t r = 0; r < nr; ++r)
        for (uint32_t c = 0; c < nc; ++c)
            for (uint32_t i = 0; i < cols; ++i)
                mvec::mul_add(acc + size_t(r * cols + i) * L, X + size_t(r * nc + c) * L, b[c * b_row + i * b_col],
                              L);
}

void scalars_times(const uint8_t* a, uint32_t a_row, uint32_t a_col, uint32_t rows, uint32_t inner,
                   const uint64_t* X, uint32_t cols, uint64_t* acc, uint32_t L) {
    for (uint32_t j = 0; j < inner; ++j)
        for (uint32_t i = 0; i < rows; ++i) {
            const mvec::Scalar s(a[i * a_row + j * a_col]);
            for (uint32_t c = 0; c < cols; ++c)
                mvec::mul_add(acc + size_t(i * cols + c) * L, X + size_t(j * cols + c) * L, s, L);
        }
}

void keygen_products(const Params& p, const uint64_t* P1, uint64_t* P2, const uint8_t* O, uint64_t* P3) {
    const uint32_t v = p.v(), o = p.o, L = p.m_limbs();
    upper_times(P1, v, O, o, 1, o, P2, L);
    scalars_times(O, 1, o, o, v, P2, o, P3, L);
}

void sign_products(const Params& p, const uint64_t* P1, const uint64_t* X, bool with_L, const uint8_t* O,
                   const uint8_t* V, uint64_t* M, uint64_t* Pv, uint64_t* VPV, uint64_t* Mt) {
    const uint32_t v = p.v(), o = p.o, k = p.k, L = p.m_limbs();
    scalars_times(V, v, 1, k, v, X, o, M, L);
    upper_times(P1, v, V, 1, v, k, Pv, L);
    scalars_times(V, v, 1, k, v, Pv, k, VPV, L);
    if (with_L) return;
    lower_times(P1, v, V, 1, v, k, Pv, L);
    std::memset(Mt, 0, sizeof(uint64_t) * size_t(k) * o * L);
    scalars_times(O, 1, o, o, v, Pv, k, Mt, L);  // Mt[c][i] = sum_r O[r][c] S[r][i]
    for (uint32_t i = 0; i < k; ++i)
        for (uint32_t c = 0; c < o; ++c) mvec::add(M + size_t(i * o + c) * L, Mt + size_t(c * k + i) * L, L);
}

// s is public, so every entry P[r][c] is added into bin s_i[c] (no
// multiplication), and each row ends with sum_a a * bin_a = G0 + x G1 +
// x^2 G2 + x^3 G3, G_b the sum of the bins whose index has bit b set.
void p_times_s(const Params& p, const uint64_t* P1, const uint64_t* P2, const uint64_t* P3, const uint8_t* s,
               uint64_t* PS) {
    const uint32_t v = p.v(), o = p.o, k = p.k, n = p.n, L = p.m_limbs();
    uint64_t bins[kMaxK * 16 * 9];
    auto clear_bins = [&] { std::memset(bins, 0, sizeof(uint64_t) * size_t(k) * 16 * L); };
    auto put = [&](const uint64_t* entry, uint32_t col) {
        for (uint32_t i = 0; i < k; ++i) mvec::add(bins + (size_t(i) * 16 + s[i * n + col]) * L, entry, L);
    };
    auto flush = [&](uint32_t row) {
        const mvec::Scalar x1(2), x2(4), x3(8);
        for (uint32_t i = 0; i < k; ++i) {
            const uint64_t* bi = bins + size_t(i) * 16 * L;
            uint64_t g[4][9] = {};
            for (uint32_t a = 1; a < 16; ++a)
                for (uint32_t bit = 0; bit < 4; ++bit)
                    if ((a >> bit) & 1) mvec::add(g[bit], bi + size_t(a) * L, L);
            uint64_t* out = PS + size_t(row * k + i) * L;
            mvec::add(out, g[0], L);
            mvec::mul_add(out, g[1], x1, L);
            mvec::mul_add(out, g[2], x2, L);
            mvec::mul_add(out, g[3], x3, L);
        }
    };
    size_t idx = 0;
    for (uint32_t r = 0; r < v; ++r) {
        clear_bins();
        for (uint32_t c = r; c < v; ++c, ++idx) put(P1 + idx * L, c);
        for (uint32_t c = 0; c < o; ++c) put(P2 + size_t(r * o + c) * L, v + c);
        flush(r);
    }
    idx = 0;
    for (uint32_t r = 0; r < o; ++r) {
        clear_bins();
        for (uint32_t c = r; c < o; ++c, ++idx) put(P3 + idx * L, v + c);
        flush(v + r);
    }
}

inline uint64_t ct_is_zero(uint64_t x) {  // all ones iff x == 0 (x < 2^63)
    return 0 - ((value_barrier(x) - 1) >> 63);
}
inline uint64_t ct_eq(uint32_t a, uint32_t b) { return ct_is_zero(uint64_t(a ^ b)); }
inline uint64_t ct_gt(uint32_t a, uint32_t b) {  // all ones iff a > b
    return 0 - ((uint64_t(value_barrier(b)) - uint64_t(a)) >> 63);
}

// Element e of packed limbs through a little-endian 32-bit word (no 64-bit
// shift on the M4; from the streamed branch's solver).
using word32_alias = uint32_t __attribute__((may_alias));
static_assert(std::endian::native == std::endian::little, "limbs read as 32-bit words");
inline uint8_t get_elem(const uint64_t* v, uint32_t e) {
    const word32_alias* w = reinterpret_cast<const word32_alias*>(v);
    return uint8_t((w[e >> 3] >> (4 * (e & 7))) & 0xF);
}

// Row echelon form of the nrows x ncols matrix ap (packed rows of W words),
// pivots scaled to 1, in constant time: the pivot row index is never used
// as a branch or an address. The search windows (pivot rows between
// pc + nrows - ncols and pc, candidates at most 32 rows further) are those
// of the reference implementation, so the rare matrices where they matter
// are treated identically.
void echelon_form(uint64_t* ap, uint32_t nrows, uint32_t ncols) {
    const uint32_t W = (ncols + 15) / 16;
    uint64_t prow[(kMaxKO + 1 + 15) / 16], prow2[(kMaxKO + 1 + 15) / 16];
    uint32_t pivot_row = 0;
    for (uint32_t pc = 0; pc < ncols; ++pc) {
        const uint32_t lo = pc + nrows > ncols ? pc + nrows - ncols : 0;
        const uint32_t hi = pc < nrows - 1 ? pc : nrows - 1;
        const uint32_t search_end = hi + 32 < nrows - 1 ? hi + 32 : nrows - 1;
        for (uint32_t i = 0; i < W; ++i) prow[i] = prow2[i] = 0;
        uint64_t pivot_zero = ~uint64_t(0);
        uint8_t pivot = 0;
        for (uint32_t row = lo; row <= search_end; ++row) {
            const uint64_t take = ct_eq(row, pivot_row) | (ct_gt(row, pivot_row) & pivot_zero);
            const uint64_t* src = ap + size_t(row) * W;
            for (uint32_t i = 0; i < W; ++i) prow[i] ^= take & src[i];
            pivot = get_elem(prow, pc);
            pivot_zero = ct_is_zero(pivot);
        }
        mvec::mul_add(prow2, prow, field::gf16::inv(pivot), W);
        for (uint32_t row = lo; row <= hi; ++row) {
            const uint64_t put = ct_eq(row, pivot_row) & ~pivot_zero;
            uint64_t* dst = ap + size_t(row) * W;
            for (uint32_t i = 0; i < W; ++i) dst[i] = (dst[i] & ~put) | (prow2[i] & put);
        }
        for (uint32_t row = lo; row < nrows; ++row) {
            uint64_t* dst = ap + size_t(row) * W;
            const uint8_t e = uint8_t(get_elem(dst, pc) & ct_gt(row, pivot_row));
            mvec::mul_add(dst, prow2, e, W);
        }
        pivot_row += uint32_t(1 & ~pivot_zero);
    }
    secure_wipe(prow, sizeof prow);
    secure_wipe(prow2, sizeof prow2);
}

// From the last vector down: a vector's limbs never overlap the packed
// bytes of an earlier one.
void nibbles_in_place(uint64_t* P, uint32_t count, uint32_t m) {
    const uint8_t* bytes = reinterpret_cast<const uint8_t*>(P);
    const uint32_t L = (m + 15) / 16, mb = m / 2;
    uint8_t tmp[kMaxM / 2];
    for (uint32_t i = count; i-- > 0;) {
        std::memcpy(tmp, bytes + size_t(i) * mb, mb);
        mvec::from_nibbles(tmp, P + size_t(i) * L, m);
    }
}

constexpr Kernels kPortable{"portable", ctr_portable, upper_times, sym_times, lower_times, rect_times, scalars_times, p_times_s,
                             keygen_products, sign_products, echelon_form, nibbles_in_place, nullptr,
                             nullptr, nullptr, nullptr, nullptr, nullptr};

}  // namespace

const Kernels& kernels_portable() { return kPortable; }

#if !defined(PQMCU_MAYO_X86)
const Kernels* kernels_avx2() { return nullptr; }
#endif

#if !defined(PQMCU_TARGET_M4)
namespace {
const Kernels* testing_override = nullptr;
}
void set_kernels_for_testing(const Kernels* k) { testing_override = k; }
#endif

const Kernels& kernels() {
#if !defined(PQMCU_TARGET_M4)
    if (testing_override != nullptr) return *testing_override;
#endif
#if defined(PQMCU_MAYO_X86)
    static const Kernels* const chosen = [] {
        const Kernels* k = kernels_avx2();
        return k != nullptr ? k : &kPortable;
    }();
    return *chosen;
#else
    return kPortable;
#endif
}

}  // namespace pqmcu::mayo
