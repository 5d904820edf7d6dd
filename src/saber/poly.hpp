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

}  // namespace pqmcu::saber
