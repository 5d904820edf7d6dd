// SPDX-License-Identifier: Apache-2.0 OR MIT
// FIPS-197 key expansion for AES-128/256 and Rijndael-256-256, with the
// S-box either as the constant-time circuit (secret keys) or a table
// lookup (public keys only).
#include <type_traits>

#include "cipher/internal.hpp"
#include "core/secure.hpp"

namespace pqmcu::cipher {
namespace {

#if defined(PQMCU_TARGET_M4)
// rijndael256_table_m4.S (gen_rijndael256_table_m4_asm.py): this expansion
// for Rijndael-256 with the table S-box (public keys only), one STM per 8 words.
extern "C" void pqmcu_rijndael256_ks_public_not_ct_m4(uint32_t w[120], const uint8_t* key, const uint8_t* sbox);
// (aes128_ks_m4.S, declared in block_cipher.hpp: the AES-128 expansion
// below with x0 XORed into the key's first word, public keys only.)
#endif

// One key-length chunk (nk words) per step, the previous chunk kept in
// registers; the last chunk is cut to the words the schedule needs.
template <class C, uint32_t (*Sub)(uint32_t), bool Secret>
void expand(RoundKeys<C>& ctx, const uint8_t* key) {
#if defined(PQMCU_TARGET_M4)
    if constexpr (std::is_same_v<C, Rijndael256> && !Secret) {
        pqmcu_rijndael256_ks_public_not_ct_m4(ctx.w, key, detail::sbox_table);
        return;
    }
#endif
    constexpr size_t nk = C::nk, total = RoundKeys<C>::words;
    uint32_t* w = ctx.w;
    uint32_t k[nk];
#pragma GCC unroll 8
    for (size_t i = 0; i < nk; ++i) w[i] = k[i] = detail::ld32(key + 4 * i);
    uint32_t rcon = 1;
    for (size_t i = nk; i < total; i += nk) {
        // RotWord is a rotation by one byte of the little-endian word.
        k[0] ^= Sub((k[nk - 1] >> 8) | (k[nk - 1] << 24)) ^ rcon;
        rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11Bu);
#pragma GCC unroll 8
        for (size_t j = 1; j < nk; ++j) k[j] ^= (nk > 6 && j == 4) ? Sub(k[3]) : k[j - 1];
        const size_t n = total - i < nk ? total - i : nk;
#pragma GCC unroll 8
        for (size_t j = 0; j < nk; ++j)
            if (j < n) w[i + j] = k[j];
    }
    if constexpr (Secret) secure_wipe(k, sizeof k);
}

// AES-128 with a public key (MQOM's tweaked salts, thousands per
// signature): fully unrolled, round constants as immediates, no loop state;
// x0 is XORed into the key's first little-endian word (the tweak, without
// a copy of the key). On the M4 the same in assembly.
void expand_aes128_public(uint32_t* w, const uint8_t* key, uint32_t x0 = 0) {
#if defined(PQMCU_TARGET_M4)
    pqmcu_aes128_ks_public_m4(w, key, x0, detail::sbox_table);
#else
    constexpr uint8_t kRcon[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1B, 0x36};
    uint32_t k0 = detail::ld32(key) ^ x0, k1 = detail::ld32(key + 4), k2 = detail::ld32(key + 8),
             k3 = detail::ld32(key + 12);
    w[0] = k0, w[1] = k1, w[2] = k2, w[3] = k3;
#pragma GCC unroll 10
    for (unsigned r = 0; r < 10; ++r) {
        k0 ^= detail::sub_word_table((k3 >> 8) | (k3 << 24)) ^ kRcon[r];
        k1 ^= k0;
        k2 ^= k1;
        k3 ^= k2;
        w[4 * r + 4] = k0, w[4 * r + 5] = k1, w[4 * r + 6] = k2, w[4 * r + 7] = k3;
    }
#endif
}

}  // namespace

template <class C>
Status key_schedule(RoundKeys<C>& ctx, const uint8_t* key, size_t key_len) {
    if (key_len != C::key_bytes) return Status::bad_length;
    if (!key) return Status::bad_argument;
    expand<C, detail::sub_word_ct, true>(ctx, key);
    return Status::ok;
}

template <class C>
Status key_schedule_public(RoundKeys<C>& ctx, const uint8_t* key, size_t key_len) {
    if (key_len != C::key_bytes) return Status::bad_length;
    if (!key) return Status::bad_argument;
    if constexpr (std::is_same_v<C, Aes128>) {
#if defined(PQMCU_CIPHER_X86)
        // AES-NI's schedule is shorter than the table one (MQOM: one per PRG block).
        if (x86::aesni_available()) {
            x86::aesni_expand_aes128(ctx.w, key);
            return Status::ok;
        }
#endif
        expand_aes128_public(ctx.w, key);
    }
    else {
#if defined(PQMCU_CIPHER_X86)
        // Rijndael-256: MQOM's cat 3 / 5 equation PRG schedules one per block
        // (~24 % of a cat5-gf2-fast signature on the table schedule).
        if constexpr (std::is_same_v<C, Rijndael256>) {
            if (x86::aesni_available()) {
                x86::aesni_expand_r256(ctx.w, key);
                return Status::ok;
            }
        }
#endif
        expand<C, detail::sub_word_table, false>(ctx, key);
    }
    return Status::ok;
}

#if !defined(PQMCU_TARGET_M4)
void key_schedule_public_aes128_xor(RoundKeys<Aes128>& ctx, const uint8_t* key, uint32_t x0) {
#if defined(PQMCU_CIPHER_X86)
    if (x86::aesni_available()) {
        uint8_t k[16];
        for (unsigned i = 0; i < 16; ++i) k[i] = key[i];
        for (unsigned i = 0; i < 4; ++i) k[i] = uint8_t(k[i] ^ (x0 >> (8 * i)));
        x86::aesni_expand_aes128(ctx.w, k);
        return;
    }
#endif
    expand_aes128_public(ctx.w, key, x0);
}
#endif

template <class C>
void wipe(RoundKeys<C>& ctx) {
    secure_wipe(ctx.w, sizeof ctx.w);
}

#define PQMCU_KS_INSTANTIATE(C)                                                     \
    template Status key_schedule<C>(RoundKeys<C>&, const uint8_t*, size_t);         \
    template Status key_schedule_public<C>(RoundKeys<C>&, const uint8_t*, size_t);  \
    template void wipe<C>(RoundKeys<C>&);
PQMCU_KS_INSTANTIATE(Aes128)
PQMCU_KS_INSTANTIATE(Aes256)
PQMCU_KS_INSTANTIATE(Rijndael256)
#undef PQMCU_KS_INSTANTIATE

}  // namespace pqmcu::cipher
