// SPDX-License-Identifier: Apache-2.0 OR MIT
// Saber's products in Z_2^13[x]/(x^256 + 1) through a negacyclic NTT over
// the prime kQ = 25,263,617 (= 1 + 49343 * 512, so a primitive 512-th root
// of unity exists), stopped after six layers (64 blocks of 4 coefficients,
// multiplied in Z[x]/(x^4 - w)). A sum of l products a * s with centred
// 13-bit a (|a| <= 4096) and |s| <= mu / 2 has integer coefficients of
// absolute value <= l * 256 * 4096 * mu / 2 <= 12,582,912 < kQ / 2 (all three
// sets), so the sum computed mod kQ and centred is the exact integer sum,
// and its low 13 bits are the sum mod q = 2^13. Products are either
// inverse-transformed one at a time and added mod 2^16 (mul_into), or summed
// in the transform domain and inverse-transformed once (add_ntt,
// inverse_store; the prime is large enough for that since round 3's
// l * mu / 2 <= 12).
//
// Arithmetic: signed 32-bit Montgomery reduction (R = 2^32; SMULL, MUL,
// SMLAL on the M4), no data-dependent branch or index.
//   int32_t x[256], y[256];                           // x: A_ij (|a| <= 2^12), y: s_j (|s| <= 5)
//   ntt::forward(x); ntt::forward(y);
//   ntt::mul_into(acc, x, y, add);                    // acc (+)= x * y mod (x^256 + 1), mod 2^16
// (pointwise() + inverse() + add_to() is the same product in three steps.)
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::saber::ntt {

inline constexpr int32_t kQ = 25263617;
inline constexpr size_t kN = 256;

// In place; input |a[i]| <= 2^12 (2^13 is fine too), output 64 blocks of 4
// in bit-reversed block order, |a[i]| < 3.1 kQ.
void forward(int32_t* a);
// a = forward() of the 256 13-bit fields at s13 (an A entry, sign-extended as
// unpack_centred13_padded does); reads up to 3 bytes past the 416 (the
// caller's buffer has them). On the M4 one pass from the fields, no
// unpacking pass.
void forward_packed13(int32_t* a, const uint8_t* s13);
// The same for 10-bit fields (b, b'); on the M4 reads up to 2 bytes past
// the 320 (pk's seed follows b_{l-1}, ct's b'_1 follows b'_0).
void forward_packed10(int32_t* a, const uint8_t* s10);
// a = a * b / 2^32 blockwise in Z[x]/(x^4 - w_m) (Montgomery), |result| < kQ;
// inputs from forward().
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
// Transform-domain sums: acc[i] += x[i] (x, acc from pointwise(); at most
// four outputs of pointwise() summed), then out = the centred inverse of acc
// mod 2^16 (acc is clobbered).
void add_ntt(int32_t* acc, const int32_t* x);
// Fused: acc += pointwise(x, y) (x is clobbered).
void pointwise_acc(int32_t* acc, int32_t* x, const int32_t* y);
// forward_packed13 / forward_packed10 (bits = 13 / 10) of `in` into a,
// then pointwise(a, b) (acc == nullptr) or pointwise_acc(acc, a, b) (a
// clobbered). x86 AVX2: fused (no unpacking pass, the products from the
// transform's registers), reading up to 16 - bits bytes past the fields;
// `in` must not overlap a.
// bw (optional): prepare_w(bw, b), for the AVX2 block products with one
// reduction per output (the same residues, other words; the C and AVX-512
// paths take b alone).
void forward_packed_pointwise(int32_t* a, const uint8_t* in, unsigned bits, const int32_t* b, int32_t* acc,
                              const int32_t* bw = nullptr);
// bw = each coefficient of the transform b times its block's w (Montgomery
// products), for forward_packed_pointwise's AVX2 (ymm) block products: made
// once per secret transform that several products take (C, AVX-512: bw not
// needed, and not written there).
void prepare_w(int32_t* bw, const int32_t* b);
void inverse_store(uint16_t* out, int32_t* acc);
// inverse_store of a transform kept as two separate 512-byte halves (both
// clobbered; out overlaps neither), where the M4 assembly does it straight
// from them: false elsewhere (nothing done; the caller copies the halves
// into one buffer for inverse_store).
bool inverse_store_halves(uint16_t* out, int32_t* h0, int32_t* h1);

// Half transforms (the Default profile's secret operand in 512 bytes): after
// forward()'s first layer the two halves of the 256 coefficients transform
// independently, and pointwise() on blocks 32 h .. 32 h + 31 only needs
// half h of the other operand.
// out[0..128) = positions [128 h, 128 h + 128) of forward(a) (the same
// values), a = 256 little-endian `bits`-bit two's complement fields
// (bits = 4: s' in the column layout sample_binomial4 writes, the field
// of coefficient n in nibble n / 32 of little-endian word n % 32, so that
// one word load gives the eight fields forward's first pass takes
// together; 3: FireSaber's s' (|s'| <= 3) in the same column layout with
// 3-byte columns, field i of column c at bit 3 i of bytes 3 c .. 3 c + 2
// (sample_binomial3; on the M4 the word loads read the byte before each
// column: the caller's buffer has one before the 96 bytes); 10: b in pk, b' in ct; 13:
// s in the secret key; on the M4 the 10- and 13-bit code's word loads read
// up to 2 bytes past the 32 bits bytes, which the callers' buffers have: pk's
// seed follows b, ct's c_m follows b', sk's pk follows s).
void forward_half_packed(int32_t* out, const uint8_t* packed, unsigned bits, unsigned h);
// forward() of s' from its 4-bit column-layout (bits = 4) or 3-bit 3-byte
// column (bits = 3) fields, whole: the two halves forward_half_packed
// gives, in one buffer (on the M4 one pass, layer 1 computed once).
void forward_packed_columns(int32_t* a, const uint8_t* packed, unsigned bits);
// The same for the secret key's s_j (13-bit fields, |s| <= 5: decryption),
// with the small-value layers of the 4-bit s' transforms (layer 1's exact
// Montgomery products, layer 2 as x2 z2 + x6 d_h): values congruent to
// forward()'s mod kQ within the same bounds, not always equal (C and M4
// alike). Reads up to 2 bytes past the 416 on the M4 (sk's pk follows s).
void forward_half_small13(int32_t* out, const uint8_t* s13, unsigned h);
void forward_small13(int32_t* a, const uint8_t* s13);
// acc[128 h .. 128 h + 128) += pointwise() of the halves x and y (128 values
// each, from forward_half_packed; x is clobbered): pointwise_acc a half at
// a time (the same sums, the same bound: at most four terms).
void pointwise_acc_half(int32_t* acc, int32_t* x, const int32_t* y, unsigned h);
// The same with acc_h = that half's 128 sums on their own (a sum kept in
// two separate 512-byte buffers).
void pointwise_acc_half_at(int32_t* acc_h, int32_t* x, const int32_t* y, unsigned h);
// acc_q[0..64) += pointwise() of quarter q (blocks 16 q .. 16 q + 15) of
// two transforms, x and y pointing at that quarter's 64 values (x is
// clobbered): a sum kept in 256-byte pieces (the same sums, the same bound).
void pointwise_acc_quarter_at(int32_t* acc_q, int32_t* x, const int32_t* y, unsigned q);
// acc[0..4 blocks) += pointwise() of blocks first .. first + blocks - 1, x and
// y pointing at block first's values (x is clobbered); blocks and first
// multiples of run_blocks().
void pointwise_acc_blocks_at(int32_t* acc, int32_t* x, const int32_t* y, unsigned first, unsigned blocks);
// x[0..4 blocks) = pointwise() of those blocks of x and y plus acc's (the
// last term of a sum kept in pieces, made where its inverse reads it); as
// pointwise_acc_blocks_at otherwise.
void pointwise_get_blocks_at(int32_t* x, const int32_t* y, const int32_t* acc, unsigned first, unsigned blocks);
// The same three with the run as one argument (sum25_run(first, blocks)):
// four register arguments, so on the M4 their wrappers are tail calls and
// take no stack (FireSaber's re-encryption rows: the stack peak's path).
// Unlike the _at forms the M4 wrappers do not round blocks down or skip an
// empty run: first and blocks must be whole groups (block_run_ok; the
// callers' runs are constants, checked by static_assert).
void pointwise_blocks_to_run(int32_t* dst, const int32_t* a, const int32_t* b, uint32_t run);
void pointwise_acc_blocks_run(int32_t* acc, int32_t* x, const int32_t* y, uint32_t run);
void pointwise_get_blocks_run(int32_t* x, const int32_t* y, const int32_t* acc, uint32_t run);
// forward_half_packed(out, packed, 3, h) (FireSaber's s'; on the M4 a tail
// call of its kernel, no dispatch on the width).
void forward_half3(int32_t* out, const uint8_t* packed, unsigned h);
// The granule of the block runs above (pointwise_acc_blocks_at,
// pointwise_blocks_to): 2 (pairs) in the natural layout; 8 (whole groups of
// 32 coefficients) on the M4, whose transforms keep a group of 32
// coefficients transposed (coefficient 32 k + c + 4 i at word 32 k + 8 c + i:
// a second-pass column is eight consecutive words; ntt.cpp). Only whole
// groups of 32 are contiguous there; the other kernels take halves,
// quarters or whole transforms, which are.
unsigned run_blocks();
// a[128 h .. 128 h + 128) = pointwise() of that half of a with b (128 values
// from forward_half_packed).
void pointwise_half(int32_t* a, const int32_t* b, unsigned h);
// The same with a_h = that half's 128 values on their own (a transform kept
// in two separate 512-byte buffers).
void pointwise_half_at(int32_t* a_h, const int32_t* b, unsigned h);
// dst_h = half h of the product, from a's half a_h (not written) and b: a
// product made straight into a sum's piece (4-aligned; no copy after it).
void pointwise_half_to(int32_t* dst_h, const int32_t* a_h, const int32_t* b, unsigned h);
// dst_q = quarter q of the product (blocks 16 q .. 16 q + 15), a_q and b_q
// pointing at that quarter's 64 values (a not written): a product made
// straight into a sum's 256-byte piece (four register arguments).
void pointwise_quarter_to(int32_t* dst_q, const int32_t* a_q, const int32_t* b_q, unsigned q);
// dst[0..4 blocks) = pointwise() of blocks first .. first + blocks - 1 of a
// and b (pointing at block first's values; a not written); blocks and first
// multiples of run_blocks().
void pointwise_blocks_to(int32_t* dst, const int32_t* a, const int32_t* b, unsigned first, unsigned blocks);
// Transform-domain sums kept packed (the Default profile's FireSaber
// re-encryption rows: 800 bytes where the int32 sum needs 1 KB): 256 values
// mod kQ, each centred to |v| < 2^24 (25-bit two's complement), in eight
// blocks of 32 values, 100 bytes each: eight groups of four values in three
// little-endian words (v0 | v1 << 25, v1 >> 7 | v2 << 18, v2 >> 14 | v3 <<
// 11: 96 bits), then a word with bits 21-24 of group g's v3 in nibble g.
// s 4-aligned. n values (a multiple of 32, kN for the whole sum: n / 32
// blocks of 100 bytes), so that a sum can be kept in two pieces.
inline constexpr size_t kSum25Bytes = 800;
inline constexpr size_t kSum25BlockBytes = 100;
// s = x (from pointwise(), |x| < kQ), centred.
void sum25_put(uint8_t* s, const int32_t* x, size_t n = kN);
// s = s + x, centred (|x| < kQ).
void sum25_add(uint8_t* s, const int32_t* x, size_t n = kN);
// x = x + s (|x| < kQ): the row's sum, for inverse_store (which takes up to
// four pointwise() outputs summed; this is < 1.51 kQ).
void sum25_get(int32_t* x, const uint8_t* s, size_t n = kN);

// The block products fused with the packed sums (the re-encryption rows):
// the run of blocks first .. first + blocks - 1 (run = first | blocks << 16;
// first and blocks multiples of 8, blocks <= 32, so whole 100-byte packed
// blocks; s points at the one holding block first's values) of a and b
// (pointing at block first's values). put: s = centred(a b), add: s =
// centred(s + a b) (a is clobbered), get: a = a b + s (the row's sum, for
// inverse_store). On the M4 one pass: no product stored and loaded again.
// (Four arguments: no stack ones, on decapsulation's stack peak path.)
constexpr uint32_t sum25_run(unsigned first, unsigned blocks) { return first | uint32_t(blocks) << 16; }
// A run the plain block-run products (pointwise_*_run) take on the M4:
// first and blocks multiples of 8 (whole groups of 32: omega_g packs
// groups - 1 into the 32-aligned omega pointer's low 3 bits), 1..8 groups
// within the transform's 64 blocks.
constexpr bool block_run_ok(uint32_t run) {
    const uint32_t first = run & 0xFFFFu, blocks = run >> 16;
    return first % 8 == 0 && blocks % 8 == 0 && blocks != 0 && first + blocks <= kN / 4;
}
void pointwise_sum25_put(uint8_t* s, int32_t* a, const int32_t* b, uint32_t run);
void pointwise_sum25_add(uint8_t* s, int32_t* a, const int32_t* b, uint32_t run);
void pointwise_sum25_get(int32_t* a, const int32_t* b, const uint8_t* s, uint32_t run);

// out = the centred inverse of x mod 2^16 for x = pointwise_sum25_get()'s
// row sum (one block product plus a centred packed value): small enough for
// the plain inverse (inverse_into's: no prescaling pass as inverse_store's;
// static_assert in ntt.cpp). x is clobbered.
void inverse_sum25(uint16_t* out, int32_t* x);
// acc (+)= the centred inverse of x (from pointwise()) mod 2^16; x is clobbered.
void inverse_into(uint16_t* acc, int32_t* x, bool add);

// x86-64 with AVX2 but not AVX-512F (ntt_x16.cpp; the Speed profile's rows
// there): the products through two 16-bit NTTs (primes 3329 and 7681,
// vpmullw / vpmulhw / vpmaddwd) and the CRT instead of the kQ transform.
// Other words than the functions above (not to be mixed with them), the
// same row sums mod 2^16. A secret's form and a row sum each take two
// int32_t[256] buffers (one per prime). Defined in x86-64 builds only
// (scheme.hpp calls them only on its x86 paths, after use()).
namespace x16 {
bool use();
// s: 256 int32 coefficients (|s| <= 5) in; out: the secret's form in s and s2.
void prepare_secret(int32_t* s, int32_t* s2);
// (acc, acc2) = (add: +=) the transform-domain product of the 256
// `bits`-bit fields at in (13: an A entry, 10: b or b'; reads up to
// 16 - bits bytes past them) with the secret (s, s2). At most four
// products summed.
void entry_product(int32_t* acc, int32_t* acc2, const uint8_t* in, unsigned bits, const int32_t* s,
                   const int32_t* s2, bool add);
// out = the row sum's coefficients mod 2^16 (acc, acc2 clobbered; out may
// be either of them).
void inverse_store(uint16_t* out, int32_t* acc, int32_t* acc2);
}  // namespace x16

}  // namespace pqmcu::saber::ntt
