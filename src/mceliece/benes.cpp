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

inline uint32_t ld32(const uint8_t* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}
inline void st32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }

// A layer of stride s = 2^SL < 32 on P-word groups: group g's 16 pairs
// (l, l + s), l without bit s, take control bits 16 g .. 16 g + 15 in order
// of l; deposit them at those l.
template <uint32_t P, uint32_t SL>
void layer_in_word(uint8_t* W, const uint8_t* bits, size_t groups, uint32_t planes) {
    constexpr uint32_t s = 1u << SL;
    const uint32_t np = P ? P : planes;
    const size_t gb = 4 * size_t(np);
#pragma GCC unroll 2
    for (size_t g = 0; g < groups; ++g) {
        uint32_t m = uint32_t(bits[2 * g]) | (uint32_t(bits[2 * g + 1]) << 8);
        if constexpr (s <= 8) m = (m & 0x000000FFu) | ((m & 0x0000FF00u) << 8);
        if constexpr (s <= 4) m = (m & 0x000F000Fu) | ((m & 0x00F000F0u) << 4);
        if constexpr (s <= 2) m = (m & 0x03030303u) | ((m & 0x0C0C0C0Cu) << 2);
        if constexpr (s <= 1) m = (m & 0x11111111u) | ((m & 0x22222222u) << 1);
        uint8_t* x = W + g * gb;
        for (uint32_t k = 0; k < np; ++k) {
            const uint32_t a = ld32(x + 4 * k);
            const uint32_t d = (a ^ (a >> s)) & m;
            st32(x + 4 * k, a ^ d ^ (d << s));
        }
    }
}

// Two consecutive in-word layers (strides 2^SL1 then 2^SL2, both < 32) in one
// pass: each word is loaded and stored once for both.
template <uint32_t SL>
inline uint32_t in_word_mask(const uint8_t* bits, size_t g) {
    constexpr uint32_t s = 1u << SL;
    uint32_t m = uint32_t(bits[2 * g]) | (uint32_t(bits[2 * g + 1]) << 8);
    if constexpr (s <= 8) m = (m & 0x000000FFu) | ((m & 0x0000FF00u) << 8);
    if constexpr (s <= 4) m = (m & 0x000F000Fu) | ((m & 0x00F000F0u) << 4);
    if constexpr (s <= 2) m = (m & 0x03030303u) | ((m & 0x0C0C0C0Cu) << 2);
    if constexpr (s <= 1) m = (m & 0x11111111u) | ((m & 0x22222222u) << 1);
    return m;
}
template <uint32_t P, uint32_t SL1, uint32_t SL2>
void two_layers_in_word(uint8_t* W, const uint8_t* bits1, const uint8_t* bits2, size_t groups) {
    constexpr uint32_t s1 = 1u << SL1, s2 = 1u << SL2;
    for (size_t g = 0; g < groups; ++g) {
        const uint32_t m1 = in_word_mask<SL1>(bits1, g), m2 = in_word_mask<SL2>(bits2, g);
        uint8_t* x = W + g * 4 * P;
        for (uint32_t k = 0; k < P; ++k) {
            uint32_t a = ld32(x + 4 * k);
            uint32_t d = (a ^ (a >> s1)) & m1;
            a ^= d ^ (d << s1);
            d = (a ^ (a >> s2)) & m2;
            st32(x + 4 * k, a ^ d ^ (d << s2));
        }
    }
}
template <uint32_t SL1, uint32_t SL2>
void two_layers_in_word_planes(uint8_t* W, const uint8_t* bits1, const uint8_t* bits2, size_t groups,
                               uint32_t planes) {
    if (planes == 1)
        two_layers_in_word<1, SL1, SL2>(W, bits1, bits2, groups);
    else
        two_layers_in_word<2, SL1, SL2>(W, bits1, bits2, groups);
}

// One layer of stride s = 2^stride_log on groups of P words (P = 1 or 2 bit
// vectors, interleaved a 32-bit word at a time).
template <uint32_t P>
void apply_layer_planes(uint8_t* W, const uint8_t* bits, uint32_t stride_log, uint32_t w, uint32_t planes) {
    const uint32_t np = P ? P : planes;
    const size_t n = size_t(1) << w, groups = n / 32, gb = 4 * size_t(np);  // bytes per group
    if (stride_log >= 5) {
        // Elements j .. j + 31 (one group, low half of a block) pair with
        // group + s / 32; their control bits are 32 consecutive ones.
        const size_t sg = (size_t(1) << stride_log) / 32;
        size_t index = 0;
        for (size_t g0 = 0; g0 < groups; g0 += 2 * sg)
#pragma GCC unroll 2
            for (size_t g = g0; g < g0 + sg; ++g, index += 32) {
                const uint32_t c = ld32(bits + index / 8);
                uint8_t* x = W + g * gb;
                uint8_t* y = W + (g + sg) * gb;
                for (uint32_t k = 0; k < np; ++k) {
                    const uint32_t a = ld32(x + 4 * k), b = ld32(y + 4 * k);
                    const uint32_t d = (a ^ b) & c;
                    st32(x + 4 * k, a ^ d);
                    st32(y + 4 * k, b ^ d);
                }
            }
        return;
    }
    switch (stride_log) {
        case 0: layer_in_word<P, 0>(W, bits, groups, planes); break;
        case 1: layer_in_word<P, 1>(W, bits, groups, planes); break;
        case 2: layer_in_word<P, 2>(W, bits, groups, planes); break;
        case 3: layer_in_word<P, 3>(W, bits, groups, planes); break;
        default: layer_in_word<P, 4>(W, bits, groups, planes); break;
    }
}

void apply_layer_bitsliced(uint8_t* W, const uint8_t* bits, uint32_t stride_log, uint32_t w, uint32_t planes) {
    if (planes == 1)
        apply_layer_planes<1>(W, bits, stride_log, w, 1);
    else
        apply_layer_planes<2>(W, bits, stride_log, w, 2);
}

// Two consecutive word-granular layers whose strides are s and 2s groups (in
// either order) in one pass: the groups q, q + s, q + 2s, q + 3s are loaded
// once, both layers' swaps applied, stored once (half the loads and stores of
// two passes). In a block of 4s groups from b0, both layers' control words
// for q = b0 + o are numbers b0 / 2 + o and b0 / 2 + o + s (the pairs (q,
// q + s), (q + 2s, q + 3s) of the small stride; (q, q + 2s), (q + s, q + 3s)
// of the large one).
template <uint32_t P, bool SmallFirst>
void apply_two_layers(uint8_t* W, const uint8_t* bs, const uint8_t* bl, size_t s, size_t groups) {
    auto sw = [](uint32_t& u, uint32_t& v, uint32_t c) {
        const uint32_t d = (u ^ v) & c;
        u ^= d;
        v ^= d;
    };
    // (byte pointers and ld32 / st32 throughout: the control bits sit in
    // the caller's secret key at any alignment)
    const size_t sp = 4 * s * P;  // bytes between q and q + s
    for (size_t b0 = 0; b0 < groups; b0 += 4 * s) {
        const uint8_t* cs = bs + 4 * (b0 / 2);
        const uint8_t* cl = bl + 4 * (b0 / 2);
        uint8_t* x = W + 4 * b0 * P;
        for (size_t o = 0; o < s; ++o, x += 4 * P, cs += 4, cl += 4) {
            const uint32_t cs0 = ld32(cs), cs1 = ld32(cs + 4 * s), cl0 = ld32(cl), cl1 = ld32(cl + 4 * s);
#pragma GCC unroll 2
            for (uint32_t k = 0; k < P; ++k) {
                uint8_t* y = x + 4 * k;
                uint32_t a0 = ld32(y), a1 = ld32(y + sp), a2 = ld32(y + 2 * sp), a3 = ld32(y + 3 * sp);
                if (SmallFirst) {
                    sw(a0, a1, cs0);
                    sw(a2, a3, cs1);
                    sw(a0, a2, cl0);
                    sw(a1, a3, cl1);
                } else {
                    sw(a0, a2, cl0);
                    sw(a1, a3, cl1);
                    sw(a0, a1, cs0);
                    sw(a2, a3, cs1);
                }
                st32(y, a0);
                st32(y + sp, a1);
                st32(y + 2 * sp, a2);
                st32(y + 3 * sp, a3);
            }
        }
    }
}

void apply_network_planes(uint8_t* v, const uint8_t* bits, uint32_t w, bool inverse, uint32_t planes) {
    const size_t layer_bytes = (size_t(1) << w) / 16;
    // The 2w - 1 layers in the order applied (every layer is an involution:
    // the inverse runs them backwards); consecutive word-granular layers
    // (strides >= 32) in pairs.
    const uint32_t nl = 2 * w - 1;
    const size_t groups = (size_t(1) << w) / 32;
    auto log_of = [&](uint32_t l) {
        const uint32_t fwd = inverse ? nl - 1 - l : l;
        return fwd < w ? fwd : 2 * w - 2 - fwd;
    };
    auto bits_of = [&](uint32_t l) { return bits + (inverse ? nl - 1 - l : l) * layer_bytes; };
    for (uint32_t l = 0; l < nl;) {
        const uint32_t a = log_of(l), b = l + 1 < nl ? log_of(l + 1) : 0;
        if (l + 1 < nl && a >= 5 && b >= 5 && (a + 1 == b || b + 1 == a)) {
            uint8_t* W = v;
            const uint8_t* b1 = bits_of(l);
            const uint8_t* b2 = bits_of(l + 1);
            const size_t s = (size_t(1) << (a < b ? a : b)) / 32;
            if (a < b)
                planes == 1 ? apply_two_layers<1, true>(W, b1, b2, s, groups)
                            : apply_two_layers<2, true>(W, b1, b2, s, groups);
            else
                planes == 1 ? apply_two_layers<1, false>(W, b2, b1, s, groups)
                            : apply_two_layers<2, false>(W, b2, b1, s, groups);
            l += 2;
        } else if (l + 1 < nl && a < 5 && b < 5 && (a + 1 == b || b + 1 == a)) {
            const uint8_t* b1 = bits_of(l);
            const uint8_t* b2 = bits_of(l + 1);
            switch (a * 8 + b) {
                case 0 * 8 + 1: two_layers_in_word_planes<0, 1>(v, b1, b2, groups, planes); break;
                case 1 * 8 + 0: two_layers_in_word_planes<1, 0>(v, b1, b2, groups, planes); break;
                case 1 * 8 + 2: two_layers_in_word_planes<1, 2>(v, b1, b2, groups, planes); break;
                case 2 * 8 + 1: two_layers_in_word_planes<2, 1>(v, b1, b2, groups, planes); break;
                case 2 * 8 + 3: two_layers_in_word_planes<2, 3>(v, b1, b2, groups, planes); break;
                case 3 * 8 + 2: two_layers_in_word_planes<3, 2>(v, b1, b2, groups, planes); break;
                case 3 * 8 + 4: two_layers_in_word_planes<3, 4>(v, b1, b2, groups, planes); break;
                default: two_layers_in_word_planes<4, 3>(v, b1, b2, groups, planes); break;
            }
            l += 2;
        } else {
            apply_layer_bitsliced(v, bits_of(l), a, w, planes);
            l += 1;
        }
    }
}
}  // namespace

void apply_control_bits_bitvector(uint8_t* v, const uint8_t* bits, uint32_t w, bool inverse) {
    apply_network_planes(v, bits, w, inverse, 1);
}
void apply_control_bits_pairs(uint8_t* v, const uint8_t* bits, uint32_t w, bool inverse) {
    apply_network_planes(v, bits, w, inverse, 2);
}

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
