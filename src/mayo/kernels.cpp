// Portable MAYO kernels (64-bit limbs, mvec.hpp) and the run-time choice.
#include "mayo/kernels.hpp"

#include <cstring>

#include "cipher/modes.hpp"
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

constexpr Kernels kPortable{"portable", ctr_portable, upper_times, sym_times, rect_times, scalars_times, p_times_s};

}  // namespace

const Kernels& kernels_portable() { return kPortable; }

const Kernels& kernels() {
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
