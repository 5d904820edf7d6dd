// SPDX-License-Identifier: Apache-2.0 OR MIT
// Internal interface between the dispatcher and the backends (not public API).
#pragma once
#include "core/inline.hpp"
#include <cstddef>
#include <cstdint>

#include "cipher/block_cipher.hpp"

namespace pqmcu::cipher::detail {

// Key of block i: either one key for all blocks or one per block.
template <class C>
struct KeyList {
    const RoundKeys<C>* one;
    const RoundKeys<C>* const* list;
    const RoundKeys<C>& at(size_t i) const { return one ? *one : *list[i]; }
};

// AES S-box computed at compile time from its definition (inverse in
// GF(2^8) followed by the affine map), so no table is typed in by hand.
// Inverses come from the powers of the generator 3 (the inverse of 3^k is
// 3^(255-k)): a few thousand constexpr steps, within every compiler's
// default limits (a search for each inverse took ~10^7 and stopped clang).
constexpr uint8_t xtime(uint8_t a) { return uint8_t((a << 1) ^ ((a & 0x80) ? 0x1B : 0)); }
constexpr uint8_t gf_mul(uint8_t a, uint8_t b) {
    uint8_t r = 0;
    for (int i = 0; i < 8; ++i) {
        if (b & 1) r ^= a;
        a = xtime(a);
        b >>= 1;
    }
    return r;
}
struct SboxTable {
    uint8_t s[256];
};
constexpr SboxTable make_sbox() {
    uint8_t power[255] = {}, log[256] = {};
    uint8_t p = 1;
    for (int k = 0; k < 255; ++k) {
        power[k] = p;
        log[p] = uint8_t(k);
        p = uint8_t(p ^ xtime(p));  // p * 3
    }
    SboxTable t{};
    for (int x = 0; x < 256; ++x) {
        const uint8_t inv = x == 0 ? 0 : power[(255 - log[x]) % 255];
        uint8_t s = inv;
        for (int i = 1; i < 5; ++i) s ^= uint8_t((inv << i) | (inv >> (8 - i)));
        t.s[x] = uint8_t(s ^ 0x63);
    }
    return t;
}
static_assert(make_sbox().s[0x00] == 0x63 && make_sbox().s[0x01] == 0x7C && make_sbox().s[0x53] == 0xED &&
              make_sbox().s[0xFF] == 0x16);  // FIPS 197, figure 7

// Little-endian word access; memcpy lets the compiler use one (unaligned)
// LDR/STR on Cortex-M4 and x86 instead of four byte accesses.
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "cipher code assumes a little-endian target");
inline uint32_t ld32(const uint8_t* p) {
    uint32_t v;
    __builtin_memcpy(&v, p, 4);
    return v;
}
inline void st32(uint8_t* p, uint32_t v) { __builtin_memcpy(p, &v, 4); }

// Byte S-box for public data only (key schedules of public keys, table backend).
extern const uint8_t sbox_table[256];

// Constant-time SubWord: the bitsliced circuit applied to 4 bytes.
uint32_t sub_word_ct(uint32_t w);
// Table SubWord (public input only).
PQMCU_SIZE_INLINE inline uint32_t sub_word_table(uint32_t w) {
    return uint32_t(sbox_table[w & 0xFF]) | (uint32_t(sbox_table[(w >> 8) & 0xFF]) << 8) |
           (uint32_t(sbox_table[(w >> 16) & 0xFF]) << 16) | (uint32_t(sbox_table[w >> 24]) << 24);
}

}  // namespace pqmcu::cipher::detail

namespace pqmcu::cipher::bitsliced {
template <class C>
void encrypt(detail::KeyList<C> keys, const uint8_t* in, uint8_t* out, size_t nblocks);
// Rijndael-256 over prepared round keys (rijndael256_fs.cpp): 15 x 8 planes,
// each round key in its round's representation, 0x63 added, bitsliced.
void rijndael256_slice_keys(uint32_t* bsk, const uint32_t* w);
void rijndael256_unslice_keys(uint32_t* w, const uint32_t* bsk);
// Block i under bsks[i].
void rijndael256_encrypt_sliced(const uint32_t* const* bsks, const uint8_t* in, uint8_t* out, size_t n);
}

// NOT constant time: memory accesses depend on the data and the key.
namespace pqmcu::cipher::table_not_ct {
template <class C>
void encrypt(detail::KeyList<C> keys, const uint8_t* in, uint8_t* out, size_t nblocks);
}

#if defined(PQMCU_CIPHER_X86)
namespace pqmcu::cipher::x86 {
bool aesni_available();
bool vaes_available();
// AES-128 key expansion on AES-NI (call only when aesni_available()).
void aesni_expand_aes128(uint32_t* w, const uint8_t* key);
// Rijndael-256-256 key expansion (120 words) the same way.
void aesni_expand_r256(uint32_t* w, const uint8_t* key);
template <class C>
void aesni_encrypt(detail::KeyList<C> keys, const uint8_t* in, uint8_t* out, size_t nblocks);
template <class C>
void vaes_encrypt(detail::KeyList<C> keys, const uint8_t* in, uint8_t* out, size_t nblocks);
}  // namespace pqmcu::cipher::x86
#endif
