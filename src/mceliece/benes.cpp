// SPDX-License-Identifier: Apache-2.0 OR MIT
// Control bits of a permutation network (Nassimi-Sahni style recursion in
// the sort-based, constant-time form of Bernstein's paper). Every step is a
// sort of packed 32-bit words "key << 16 | value": sorting by key composes
// or inverts permutations without secret-dependent indices.
#include "mceliece/benes.hpp"

#include <cstring>

#include "mceliece/sort.hpp"

namespace pqmcu::mceliece {
namespace {

inline uint32_t min32(uint32_t a, uint32_t b) {
    const uint32_t lt = 0u - uint32_t((uint64_t(a) - b) >> 63);  // a < b
    return b ^ ((a ^ b) & lt);
}

inline void put_bit(uint8_t* out, size_t pos, uint32_t bit) { out[pos >> 3] ^= uint8_t(bit << (pos & 7)); }

// Writes the control bits of pi (n = 2^w values) at positions pos,
// pos + step, ... of each of the 2w-1 layers (layer i starts at
// pos + i * step * n/2). temp: 2n words; the sub-permutations for the
// recursion live in its upper half, which the recursion does not use.
void recurse(uint8_t* out, size_t pos, size_t step, const int16_t* pi, uint32_t w, uint32_t* temp) {
    const size_t n = size_t(1) << w;
    if (w == 1) {
        put_bit(out, pos, uint32_t(pi[0]) & 1);
        return;
    }
    uint32_t* A = temp;
    uint32_t* B = temp + n;

    // pibar(y) = pi(pi^-1(y ^ 1) ^ 1): sort (pi(x) ^ 1, pi(x ^ 1)) by key.
    for (size_t x = 0; x < n; ++x) A[x] = ((uint32_t(pi[x]) ^ 1) << 16) | uint32_t(pi[x ^ 1]);
    ct_sort(A, n);
    // B = (p << 16) | c with p = pibar, c(x) = min(x, pibar(x)).
    for (size_t x = 0; x < n; ++x) {
        const uint32_t p = A[x] & 0xFFFF;
        B[x] = (p << 16) | min32(p, uint32_t(x));
    }
    // pibar^-1, then pibar^2.
    for (size_t x = 0; x < n; ++x) A[x] = (A[x] << 16) | uint32_t(x);
    ct_sort(A, n);
    for (size_t x = 0; x < n; ++x) A[x] = (A[x] << 16) | (B[x] >> 16);
    ct_sort(A, n);
    // B = (p << 16) | c with p = pibar^2; then w-2 doublings:
    // c <- min(c, c o p), p <- p^2, so c(x) becomes the least element of x's
    // cycle under pibar (the cycle's colour).
    for (size_t x = 0; x < n; ++x) B[x] = (A[x] << 16) | (B[x] & 0xFFFF);
    for (uint32_t i = 1; i + 1 < w; ++i) {
        for (size_t x = 0; x < n; ++x) A[x] = (B[x] & 0xFFFF0000u) | uint32_t(x);
        ct_sort(A, n);  // A = (x << 16) | p^-1(x)
        for (size_t x = 0; x < n; ++x) A[x] = (A[x] << 16) | (B[x] & 0xFFFF);  // (p^-1 << 16) | c
        if (i + 2 < w) {
            for (size_t x = 0; x < n; ++x) B[x] = (A[x] & 0xFFFF0000u) | (B[x] >> 16);
            ct_sort(B, n);  // (x << 16) | p^2(x)
            for (size_t x = 0; x < n; ++x) B[x] = (B[x] << 16) | (A[x] & 0xFFFF);
        }
        ct_sort(A, n);  // (x << 16) | c(p(x))
        for (size_t x = 0; x < n; ++x) B[x] = min32(B[x], (B[x] & 0xFFFF0000u) | (A[x] & 0xFFFF));
    }
    for (size_t x = 0; x < n; ++x) B[x] &= 0xFFFF;

    // pi^-1
    for (size_t x = 0; x < n; ++x) A[x] = (uint32_t(pi[x]) << 16) | uint32_t(x);
    ct_sort(A, n);

    // First layer: f_j = c(2j) & 1; F swaps 2j, 2j+1 when f_j. Then F o pi.
    for (size_t j = 0; j < n / 2; ++j) {
        const size_t x = 2 * j;
        const uint32_t fj = B[x] & 1;
        const uint32_t Fx = uint32_t(x) + fj;
        put_bit(out, pos, fj);
        pos += step;
        B[x] = (A[x] << 16) | Fx;
        B[x + 1] = (A[x + 1] << 16) | (Fx ^ 1);
    }
    ct_sort(B, n);  // (x << 16) | F(pi(x))

    // Last layer: l_k = F(pi(2k)) & 1; L swaps 2k, 2k+1 when l_k. M = F o pi o L.
    pos += (2 * size_t(w) - 3) * step * (n / 2);
    for (size_t k = 0; k < n / 2; ++k) {
        const size_t y = 2 * k;
        const uint32_t lk = B[y] & 1;
        const uint32_t Ly = uint32_t(y) + lk;
        put_bit(out, pos, lk);
        pos += step;
        A[y] = (Ly << 16) | (B[y] & 0xFFFF);
        A[y + 1] = ((Ly ^ 1) << 16) | (B[y + 1] & 0xFFFF);
    }
    ct_sort(A, n);  // (x << 16) | M(x)

    // The two halves of the middle network: M on even and on odd positions.
    pos -= (2 * size_t(w) - 2) * step * (n / 2);
    int16_t* q = reinterpret_cast<int16_t*>(temp + n + n / 4);
    for (size_t j = 0; j < n / 2; ++j) {
        q[j] = int16_t((A[2 * j] & 0xFFFF) >> 1);
        q[j + n / 2] = int16_t((A[2 * j + 1] & 0xFFFF) >> 1);
    }
    recurse(out, pos, step * 2, q, w - 1, temp);
    recurse(out, pos + step, step * 2, q + n / 2, w - 1, temp);
}

// Two 16-bit elements per 32-bit word (element 2i is the low half: little
// endian, as the rest of the engine assumes); the control bits are read in
// order, two per word for strides >= 2.
inline uint32_t load_pair(const uint16_t* a) {
    uint32_t v;
    std::memcpy(&v, a, 4);
    return v;
}
inline void store_pair(uint16_t* a, uint32_t v) { std::memcpy(a, &v, 4); }

void apply_layer(uint16_t* a, const uint8_t* bits, uint32_t stride_log, size_t n) {
    const size_t s = size_t(1) << stride_log;
    if (s == 1) {  // pair i is word i: swap its halves when bit i is set
        for (size_t i = 0; i < n / 2; ++i) {
            const uint32_t mask = (0u - ((uint32_t(bits[i >> 3]) >> (i & 7)) & 1)) & 0xFFFFu;
            uint32_t x = load_pair(a + 2 * i);
            const uint32_t d = (x ^ (x >> 16)) & mask;
            store_pair(a + 2 * i, x ^ d ^ (d << 16));
        }
        return;
    }
    size_t index = 0;  // even: its two bits are in one byte
    for (size_t i = 0; i < n; i += 2 * s)
        for (size_t j = i; j < i + s; j += 2, index += 2) {
            const uint32_t b = uint32_t(bits[index >> 3]) >> (index & 7);
            const uint32_t mask = ((b & 1) | ((b & 2) << 15)) * 0xFFFFu;  // bit 0 -> low half, bit 1 -> high
            const uint32_t x = load_pair(a + j), y = load_pair(a + j + s);
            const uint32_t d = (x ^ y) & mask;
            store_pair(a + j, x ^ d);
            store_pair(a + j + s, y ^ d);
        }
}

}  // namespace

void control_bits(uint8_t* out, const int16_t* pi, uint32_t w, uint32_t* temp) {
    const size_t n = size_t(1) << w;
    const size_t bytes = ((2 * size_t(w) - 1) * (n / 2) + 7) / 8;
    for (size_t i = 0; i < bytes; ++i) out[i] = 0;
    recurse(out, 0, 1, pi, w, temp);
}

void apply_control_bits(uint16_t* a, const uint8_t* bits, uint32_t w) {
    const size_t n = size_t(1) << w;
    const size_t layer_bytes = n / 16;
    for (uint32_t i = 0; i < w; ++i, bits += layer_bytes) apply_layer(a, bits, i, n);
    for (uint32_t i = w - 1; i-- > 0; bits += layer_bytes) apply_layer(a, bits, i, n);
}

}  // namespace pqmcu::mceliece
