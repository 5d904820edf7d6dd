// SPDX-License-Identifier: Apache-2.0 OR MIT
// Bitsliced building blocks shared by the constant-time AES/Rijndael code.
//
// State: 8 words s[0..7], s[j] holding bit j of every state byte. Inside a
// 32-bit word, byte r is state row r; the 8 bits of that byte are the 8
// columns (Rijndael-256: bit c = column c; AES: bit 2c+k = column c of
// block k, two blocks interleaved). MixColumns then only needs word
// rotations by multiples of 8 (free on ARM), and ShiftRows is a rotation
// inside each byte.
#pragma once
#include <cstdint>

// Everything is forced inline and unrolled: the state must live in
// registers, and -O2 alone leaves these small loops rolled over stack arrays.
#define PQ_BS_INLINE inline __attribute__((always_inline))

namespace pqmcu::cipher::bs {

template <class W>
PQ_BS_INLINE W ror(W x, unsigned n) {
    return W((x >> n) | (x << (sizeof(W) * 8 - n)));
}

// Exchanges bit s of the word index with bit s of the in-byte bit index.
template <class W, unsigned S>
PQ_BS_INLINE void swap_layer(W x[8]) {
    constexpr W m = S == 1 ? W(0x5555555555555555ull) : S == 2 ? W(0x3333333333333333ull) : W(0x0F0F0F0F0F0F0F0Full);
#pragma GCC unroll 8
    for (unsigned w = 0; w < 8; ++w) {
        if (w & S) continue;
        const W t = ((x[w] >> S) ^ x[w + S]) & m;
        x[w + S] ^= t;
        x[w] ^= W(t << S);
    }
}

// 8x8 bit transpose inside every byte lane: word w bit j <-> word j bit w.
// Its own inverse, so it both packs and unpacks.
template <class W>
PQ_BS_INLINE void transpose(W x[8]) {
    swap_layer<W, 1>(x);
    swap_layer<W, 2>(x);
    swap_layer<W, 4>(x);
}

// AES S-box as a Boolean circuit: the 113-gate circuit of Boyar and Peralta
// (2012), 32 AND + 81 XOR/XNOR, written out for bit planes (s[7] = MSB).
template <class W>
PQ_BS_INLINE void sbox(W s[8]) {
    const W u0 = s[7], u1 = s[6], u2 = s[5], u3 = s[4], u4 = s[3], u5 = s[2], u6 = s[1], u7 = s[0];
    // linear input layer
    const W t1 = u0 ^ u3, t2 = u0 ^ u5, t3 = u0 ^ u6, t4 = u3 ^ u5, t5 = u4 ^ u6;
    const W t6 = t1 ^ t5, t7 = u1 ^ u2, t8 = u7 ^ t6, t9 = u7 ^ t7, t10 = t6 ^ t7;
    const W t11 = u1 ^ u5, t12 = u2 ^ u5, t13 = t3 ^ t4, t14 = t6 ^ t11, t15 = t5 ^ t11;
    const W t16 = t5 ^ t12, t17 = t9 ^ t16, t18 = u3 ^ u7, t19 = t7 ^ t18, t20 = t1 ^ t19;
    const W t21 = u6 ^ u7, t22 = t7 ^ t21, t23 = t2 ^ t22, t24 = t2 ^ t10, t25 = t20 ^ t17;
    const W t26 = t3 ^ t16, t27 = t1 ^ t12;
    // GF(2^4)-based inversion
    const W m1 = t13 & t6, m2 = t23 & t8, m3 = t14 ^ m1, m4 = t19 & u7, m5 = m4 ^ m1;
    const W m6 = t3 & t16, m7 = t22 & t9, m8 = t26 ^ m6, m9 = t20 & t17, m10 = m9 ^ m6;
    const W m11 = t1 & t15, m12 = t4 & t27, m13 = m12 ^ m11, m14 = t2 & t10, m15 = m14 ^ m11;
    const W m16 = m3 ^ m2, m17 = m5 ^ t24, m18 = m8 ^ m7, m19 = m10 ^ m15, m20 = m16 ^ m13;
    const W m21 = m17 ^ m15, m22 = m18 ^ m13, m23 = m19 ^ t25, m24 = m22 ^ m23, m25 = m22 & m20;
    const W m26 = m21 ^ m25, m27 = m20 ^ m21, m28 = m23 ^ m25, m29 = m28 & m27, m30 = m26 & m24;
    const W m31 = m20 & m23, m32 = m27 & m31, m33 = m27 ^ m25, m34 = m21 & m22, m35 = m24 & m34;
    const W m36 = m24 ^ m25, m37 = m21 ^ m29, m38 = m32 ^ m33, m39 = m23 ^ m30, m40 = m35 ^ m36;
    const W m41 = m38 ^ m40, m42 = m37 ^ m39, m43 = m37 ^ m38, m44 = m39 ^ m40, m45 = m42 ^ m41;
    const W m46 = m44 & t6, m47 = m40 & t8, m48 = m39 & u7, m49 = m43 & t16, m50 = m38 & t9;
    const W m51 = m37 & t17, m52 = m42 & t15, m53 = m45 & t27, m54 = m41 & t10, m55 = m44 & t13;
    const W m56 = m40 & t23, m57 = m39 & t19, m58 = m43 & t3, m59 = m38 & t22, m60 = m37 & t20;
    const W m61 = m42 & t1, m62 = m45 & t4, m63 = m41 & t2;
    // linear output layer
    const W l0 = m61 ^ m62, l1 = m50 ^ m56, l2 = m46 ^ m48, l3 = m47 ^ m55, l4 = m54 ^ m58;
    const W l5 = m49 ^ m61, l6 = m62 ^ l5, l7 = m46 ^ l3, l8 = m51 ^ m59, l9 = m52 ^ m53;
    const W l10 = m53 ^ l4, l11 = m60 ^ l2, l12 = m48 ^ m51, l13 = m50 ^ l0, l14 = m52 ^ m61;
    const W l15 = m55 ^ l1, l16 = m56 ^ l0, l17 = m57 ^ l1, l18 = m58 ^ l8, l19 = m63 ^ l4;
    const W l20 = l0 ^ l1, l21 = l1 ^ l7, l22 = l3 ^ l12, l23 = l18 ^ l2, l24 = l15 ^ l9;
    const W l25 = l6 ^ l10, l26 = l7 ^ l9, l27 = l8 ^ l10, l28 = l11 ^ l14, l29 = l11 ^ l17;
    s[7] = l6 ^ l24;
    s[6] = ~(l16 ^ l26);
    s[5] = ~(l19 ^ l28);
    s[4] = l6 ^ l21;
    s[3] = l20 ^ l22;
    s[2] = l25 ^ l29;
    s[1] = ~(l13 ^ l27);
    s[0] = ~(l6 ^ l23);
}

// Rotates byte r of every 32-bit lane right by K1, K2, K3 bits (r = 1, 2, 3).
// Each term is an AND with an encodable immediate followed by an ORR with a
// rotated operand on ARM.
template <unsigned K1, unsigned K2, unsigned K3>
PQ_BS_INLINE uint32_t rotate_row_bytes(uint32_t x) {
    constexpr auto lo = [](unsigned r, unsigned k) { return uint32_t((0xFFu >> k) << (8 * r)); };
    constexpr auto hi = [](unsigned r, unsigned k) { return uint32_t(((0xFFu << (8 - k)) & 0xFFu) << (8 * r)); };
    uint32_t y = x & 0xFFu;
    y |= ror(x & (lo(1, K1) << K1), K1) | ror(x & (hi(1, K1) >> (8 - K1)), 32 - (8 - K1));
    y |= ror(x & (lo(2, K2) << K2), K2) | ror(x & (hi(2, K2) >> (8 - K2)), 32 - (8 - K2));
    y |= ror(x & (lo(3, K3) << K3), K3) | ror(x & (hi(3, K3) >> (8 - K3)), 32 - (8 - K3));
    return y;
}

// AES ShiftRows (bytes 1, 2, 3 rotated by 2, 4, 6 bits) in two steps:
// bytes 1 and 3 by 2 bits (encodable masks), then bytes 2 and 3 by 4 bits
// as a masked nibble swap whose mask m = 0x0F0F0000 is kept in a register
// by the caller. 9 operations instead of 13.
PQ_BS_INLINE uint32_t aes_shift_rows_word(uint32_t x, uint32_t m) {
    uint32_t y = (x & 0x00FF00FFu) | ror(x & 0xFC00FC00u, 2) | ror(x & 0x03000300u, 26);
    const uint32_t t = (y ^ (y >> 4)) & m;
    return y ^ t ^ (t << 4);
}

// MixColumns on bit planes: out = 2*(a ^ a') ^ a' ^ (a'' ^ a'''), where a'
// is row r+1 (one byte down = ror 8).
PQ_BS_INLINE void mix_columns(uint32_t s[8]) {
    uint32_t t[8];
#pragma GCC unroll 8
    for (unsigned j = 0; j < 8; ++j) t[j] = s[j] ^ ror(s[j], 8);
    const uint32_t h = t[7];  // xtime reduction bit
    uint32_t o[8];
    o[0] = h;
    o[1] = t[0] ^ h;
    o[2] = t[1];
    o[3] = t[2] ^ h;
    o[4] = t[3] ^ h;
    o[5] = t[4];
    o[6] = t[5];
    o[7] = t[6];
#pragma GCC unroll 8
    for (unsigned j = 0; j < 8; ++j) s[j] = o[j] ^ ror(s[j], 8) ^ ror(t[j], 16);
}

}  // namespace pqmcu::cipher::bs
