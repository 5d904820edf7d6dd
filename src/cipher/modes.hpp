// SPDX-License-Identifier: Apache-2.0 OR MIT
// Modes built on the block ciphers: AES-128-CTR (MAYO's PK_PRF / AES_128_CTR)
// and MQOM's category-3 cipher (Rijndael-256-256 on zero-padded 24-byte
// key and plaintext, ciphertext truncated to 24 bytes).
#pragma once
#include <cstddef>
#include <cstdint>

#include "cipher/block_cipher.hpp"

namespace pqmcu::cipher {

// out = in XOR AES-128-CTR keystream; the 16-byte counter block starts at
// iv (nullptr = 16 zero bytes) and is incremented as one big-endian number.
// in == nullptr writes the bare keystream. in == out is allowed.
Status aes128_ctr_xor(const Aes128Ctx& ctx, const uint8_t* iv, const uint8_t* in, uint8_t* out, size_t len,
                      Backend b = Backend::automatic);
// MAYO's AES_128_CTR(out, len, key): keystream from a zero counter block.
// The key is scheduled in constant time and wiped afterwards.
Status aes128_ctr(const uint8_t* key, size_t key_len, uint8_t* out, size_t len, Backend b = Backend::automatic);

namespace mqom_cat3 {
constexpr size_t key_bytes = 24, block_bytes = 24;
// key_len must be 24 (bad_length otherwise); the key is padded with 8 zero bytes.
Status key_schedule(Rijndael256Ctx& ctx, const uint8_t* key, size_t key_len);
Status key_schedule_public(Rijndael256Ctx& ctx, const uint8_t* key, size_t key_len);
// nblocks blocks of 24 bytes under one key.
Status encrypt(const Rijndael256Ctx& ctx, const uint8_t* in, uint8_t* out, size_t nblocks,
               Backend b = Backend::automatic);
// Block i under *ctxs[i], nblocks <= 8.
Status encrypt_multi(const Rijndael256Ctx* const* ctxs, const uint8_t* in, uint8_t* out, size_t nblocks,
                     Backend b = Backend::automatic);
}  // namespace mqom_cat3

}  // namespace pqmcu::cipher
