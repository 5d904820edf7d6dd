// SPDX-License-Identifier: Apache-2.0 OR MIT
// Saber's coefficient encodings and the binomial sampler (saber.cpp). All
// byte strings are little-endian bit streams: coefficient i occupies bits
// [i*bits, (i+1)*bits). Neither function branches on or indexes by data.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::saber {

// count * bits must be a multiple of 8; only the low `bits` of each coefficient are stored.
void pack_bits(uint8_t* out, const uint16_t* in, size_t count, unsigned bits);
void unpack_bits(uint16_t* out, const uint8_t* in, size_t count, unsigned bits);
// 256 coefficients from 256 * mu / 8 bytes: HW(low mu/2 bits) - HW(high mu/2 bits) mod 2^16.
void sample_binomial(uint16_t* s, const uint8_t* coins, unsigned mu);

// The NTT path's forms (count coefficients, count * bits a multiple of 8):
// `bits`-bit fields read as two's complement (centred) int32 values; int32
// values stored by their low `bits` bits; `count` (a multiple of 4) binomial
// samples from count * mu / 8 bytes as int32.
void unpack_centred(int32_t* out, const uint8_t* in, size_t count, unsigned bits);
// The same for 13-bit fields, count a multiple of 8, reading up to 3 bytes
// past the count * 13 / 8 input bytes (the caller's padding).
void unpack_centred13_padded(int32_t* out, const uint8_t* in, size_t count);
void pack_bits(uint8_t* out, const int32_t* in, size_t count, unsigned bits);
void sample_binomial(int32_t* s, const uint8_t* coins, size_t count, unsigned mu);
// The same samples as 4-bit two's complement fields in the column layout
// ntt::forward_half_packed takes (coefficient n in nibble n / 32 of
// little-endian word n % 32; out 128 bytes, 4-aligned), count = 256, mu in {6, 8, 10};
// reads up to 3 bytes past the 32 mu coin bytes (word loads); mu = 10
// clobbers the coins' first 128 bytes.
void sample_binomial4(uint8_t* out, uint8_t* coins, size_t count, unsigned mu);
// mu = 6 only (FireSaber, |s| <= 3): the same samples as 3-bit fields in the
// 3-byte column layout (coefficient n in bits 3 (n / 32) .. of bytes
// 3 (n % 32) ..; out 96 bytes); reads up to 1 byte past the 192 coin bytes.
void sample_binomial3(uint8_t* out, const uint8_t* coins, size_t count, unsigned mu);
// The rounded encoding of accumulators held as little-endian uint16 bytes
// (possibly unaligned, possibly in the output buffer itself: out may equal
// acc, since byte i of out is written after bytes <= 2i + 1 of acc are read):
// coefficient (x + add) >> shift, its low `bits` bits.
void pack_rounded_le16(uint8_t* out, const uint8_t* acc, size_t count, uint16_t add, unsigned shift, unsigned bits);
// Like pack_bits(out, ((in + add) >> shift), ...) but compares instead of
// storing: returns 0 if equal to `expect`, nonzero otherwise (no early exit).
// Decryption's message: m[i] bit k = bit p - 1 of v_j + h2 - c_j 2^(p - et)
// (j = 8 i + k, c_j the et-bit field j of cm; 32 bytes), two coefficients a
// word in 16-bit lanes (UADD16 / USUB16 on the M4). et = 3, 4 or 6.
void decode_msg(uint8_t* m, const uint16_t* v, const uint8_t* cm, unsigned et, uint16_t h2);
// The same for et = 6 (FireSaber; on the M4 pqmcu_saber_decode_msg6_m4, decmsg6_m4.S).
void decode_msg6(uint8_t* m, const uint16_t* v, const uint8_t* cm, uint16_t h2);
uint32_t pack_rounded_cmp(const uint8_t* expect, const uint16_t* in, size_t count, uint16_t add, unsigned shift,
                          unsigned bits);
// The same with shift 3 and 10 bits (the b' rows) in four register
// arguments (on the M4 pqmcu_saber_cmp_rounded10_m4, cmp10_m4.S, for every
// shape pack_rounded_cmp sends there too).
uint32_t pack_rounded_cmp10(const uint8_t* expect, const uint16_t* in, size_t count, uint16_t add);
void pack_rounded(uint8_t* out, const uint16_t* in, size_t count, uint16_t add, unsigned shift, unsigned bits);
// The same of in[i] - m_i 2^(p - 1) (mod 2^16), m_i bit i % 8 of m[i / 8]:
// Saber's c_m = round(v' - m 2^(p - 1)) without a separate pass over v'.
void pack_rounded_msg(uint8_t* out, const uint16_t* in, const uint8_t* m, size_t count, uint16_t add, unsigned shift,
                      unsigned bits);
uint32_t pack_rounded_msg_cmp(const uint8_t* expect, const uint16_t* in, const uint8_t* m, size_t count, uint16_t add,
                              unsigned shift, unsigned bits);
// FireSaber's c_m compare (256 coefficients, shift 4, 6 bits): on the M4
// pqmcu_saber_cmp_rounded6_msg_m4 (cmpmsg6_m4.S), four register arguments.
uint32_t pack_rounded_msg_cmp6(const uint8_t* expect, const uint16_t* in, const uint8_t* m, uint16_t add);
// Zeroes a Workspace (word-aligned, bytes a multiple of 32): STM on the M4,
// secure_wipe elsewhere; out of line, so never dropped as a dead store.
void wipe_workspace(void* p, size_t bytes);

}  // namespace pqmcu::saber
