// SPDX-License-Identifier: Apache-2.0 OR MIT
// Saber's products in Z_2^13[x]/(x^256 + 1) through a complete negacyclic
// NTT over the prime kQ = 10,508,801 (= 1 + 41047 * 256, so a primitive
// 512-th root of unity exists). One product a * s with a centred 13-bit
// coefficients (|a| <= 4096) and |s| <= 5 has integer coefficients of
// absolute value <= 256 * 4096 * 5 = 5,242,880 < kQ / 2, so the product
// computed mod kQ and centred is the exact integer product, and its low 13
// bits are the product mod q = 2^13. Every product is inverse-transformed on
// its own and added mod 2^13 (so no accumulation bound on kQ).
//
// Arithmetic: signed 32-bit Montgomery reduction (R = 2^32; SMULL, MUL,
// SMLAL on the M4), no data-dependent branch or index.
//   int32_t x[256], y[256];
//   ntt::load_centred(x, a, 13); ntt::forward(x);    // a: uint16 mod 2^13
//   ntt::load_small(y, s); ntt::forward(y);           // s: int8 in [-5, 5]
//   ntt::pointwise(x, y); ntt::inverse(x);            // x = a * s mod (kQ, x^256 + 1), |x| < kQ
//   ntt::add_mod_q(acc, x);                           // acc += x mod 2^16
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::saber::ntt {

inline constexpr int32_t kQ = 10508801;
inline constexpr size_t kN = 256;

// In place; input |a[i]| <= 2^13, output in bit-reversed evaluation order, |a[i]| < 9 kQ.
void forward(int32_t* a);
// a[i] = a[i] * b[i] / 2^32 mod kQ (Montgomery), |result| < kQ; inputs from forward().
void pointwise(int32_t* a, const int32_t* b);
// In place; input from pointwise(); output the product coefficients, |a[i]| < kQ.
void inverse(int32_t* a);

// dst[i] = src[i] read as a `bits`-bit two's complement value (centred).
void load_centred(int32_t* dst, const uint16_t* src, unsigned bits);
// dst[i] = sign-extended src[i] (a uint16 holding a small value mod 2^16).
void load_signed16(int32_t* dst, const uint16_t* src);
// acc[i] = (acc[i] + centred(x[i])) mod 2^16 (low bits exact).
void add_to(uint16_t* acc, const int32_t* x);
// acc[i] = centred(x[i]) mod 2^16.
void store_to(uint16_t* acc, const int32_t* x);
// Fused: acc (+)= inverse(pointwise(x, y)) mod 2^16 (x is clobbered):
// add = false stores, add = true adds. _le16: accumulators held as
// little-endian uint16 bytes at any alignment (Saber's key generation keeps
// them in the caller's pk and sk buffers).
void mul_into(uint16_t* acc, int32_t* x, const int32_t* y, bool add);
void mul_into_le16(uint8_t* acc, int32_t* x, const int32_t* y, bool add);

}  // namespace pqmcu::saber::ntt
