// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Benes network of the secret key: control bits from a permutation
// (the recursive algorithm of Bernstein's "Verified fast formulas for
// control bits for permutation networks", which the reference uses, so the
// bits are the same), and applying control bits to an array.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::mceliece {

// out: (2w-1) 2^(w-1) bits (zeroed here); pi: a permutation of 2^w values;
// temp: 2^(w+1) words. Constant time (sorting networks and masks).
void control_bits(uint8_t* out, const int16_t* pi, uint32_t w, uint32_t* temp);

// Applies the network to a[0..2^w): layers of stride 1, 2, .., 2^(w-1), ..,
// 2, 1, each a masked swap of a[j], a[j + stride] per control bit. Applied
// to the identity, the control bits of pi give pi.
void apply_control_bits(uint16_t* a, const uint8_t* bits, uint32_t w);

// The network (inverse = false) or its inverse applied to a bit vector of
// 2^w bits (bit i at bit i % 8 of byte i / 8, 2^w / 8 bytes): forward, out[i]
// = v[pi(i)], so a vector indexed by j (the element bitrev_w(j)) becomes one
// indexed by support position; the inverse goes back. Constant time.
void apply_control_bits_bitvector(uint8_t* v, const uint8_t* bits, uint32_t w, bool inverse);
// The same on two bit vectors at once, their 32-bit words interleaved
// (2^w / 16 words: word 2G of the first, 2G + 1 of the second).
void apply_control_bits_pairs(uint8_t* v, const uint8_t* bits, uint32_t w, bool inverse);

}  // namespace pqmcu::mceliece
