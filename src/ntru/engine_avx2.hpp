// SPDX-License-Identifier: Apache-2.0 OR MIT
// AVX2 / AVX-512 pieces of engine.cpp on x86-64 hosts (engine_avx2.cpp),
// each returning false (nothing done) where it does not apply.
//
// The divstep iterations of r2_inverse / s3_inverse (engine.cpp) on AVX2:
// the polynomials as numbers of up to four ymm words, each step over the
// vectors below the portable code's public degree bounds (the words above
// stay zero, so the values are the same); with AVX-512VL the same code with
// 32 ymm registers. Called after the set-up, on the
// workspace words in their layout; false (nothing done) when the CPU has no
// AVX2 (or PQMCU_CPU_DISABLE=avx2), n > 1024 or not on x86-64.
#pragma once
#include <cstddef>
#include <cstdint>

#include "ntru/engine.hpp"

namespace pqmcu::ntru::detail {

#if defined(PQMCU_NTRU_AVX2)
bool divsteps_avx2_usable(size_t n);  // the two below would run (not return false)
bool r2_divsteps_avx2(InvWord* inv, size_t n);  // f, g, v, w: inv_words(n) words each
bool s3_divsteps_avx2(InvWord* inv, size_t n);  // fp, fm, gp, gm, vp, vm, wp, wm
// The whole of s3_inverse (the same r): set-up, steps and result on the
// stack (~1.2 KB, wiped); false (nothing done) where the steps would not
// run or the word count is not 8, 11, 13 or 16.
bool s3_inverse_avx2(uint16_t* r, const uint16_t* a, size_t n);
#else
inline bool s3_inverse_avx2(uint16_t*, const uint16_t*, size_t) { return false; }
inline bool divsteps_avx2_usable(size_t) { return false; }
inline bool r2_divsteps_avx2(InvWord*, size_t) { return false; }
inline bool s3_divsteps_avx2(InvWord*, size_t) { return false; }
#endif

// r = a^-1 mod (2, Phi_n) (a read mod 2; coefficients {0,1}, r[n-1] = 0) by
// exponentiation, inverse.hpp's r2_exp_chain on 64-bit words with PCLMULQDQ
// products and PDEP squarings; false (nothing done) without AVX2 + BMI2 +
// PCLMULQDQ (PQMCU_CPU_DISABLE masks them) or for n outside 449 .. 1024 with
// a word count other than 8, 11, 13, 16. Stack only (~2.5 KB, wiped). Constant time.
#if defined(PQMCU_NTRU_AVX2)
bool r2_inverse_clmul(uint16_t* r, const uint16_t* a, size_t n);
#else
inline bool r2_inverse_clmul(uint16_t*, const uint16_t*, size_t) { return false; }
#endif

// The sorting network's compare-exchange of the runs a[0 .. len) and
// b[0 .. len) (b = a + d, d >= len: no overlap): a[i], b[i] <- min, max as
// unsigned words (vpminud / vpmaxud, tail by masked loads and stores).
#if defined(PQMCU_NTRU_AVX2)
bool minmax_run_avx2(uint32_t* a, uint32_t* b, size_t len);
#else
inline bool minmax_run_avx2(uint32_t*, uint32_t*, size_t) { return false; }
#endif

// The whole of sort_uint32 (ascending unsigned words) as an AVX2 bitonic
// network over a copy padded to a power of two (count <= 2048; 8 KB of stack,
// wiped); false (nothing done) otherwise.
#if defined(PQMCU_NTRU_AVX2)
bool sort_uint32_avx2(uint32_t* x, size_t count);
#else
inline bool sort_uint32_avx2(uint32_t*, size_t) { return false; }
#endif

// The fixed-weight sampler's sort and labels: keys[0 .. count) sorted as
// sort_uint32_avx2 does, in place (keys has `capacity` words, at least the
// power of two >= count, 64 at least: padding written above count), then
// r[j] = keys[j] & 3 (j < count); keys are left for the caller's wipe. False
// (nothing done) where sort_uint32_avx2 would not apply or capacity is short.
#if defined(PQMCU_NTRU_AVX2)
bool sort_labels_avx2(uint16_t* r, uint32_t* keys, size_t count, size_t capacity);
#else
inline bool sort_labels_avx2(uint16_t*, uint32_t*, size_t, size_t) { return false; }
#endif

// The fixed-weight sampler's first keys, eight per step (30 bytes of u):
// keys[i] = (bits [30 i, 30 i + 30) of u) << 2 ^ 0x80000000, reading only u's
// first len bytes; returns how many were written (a multiple of 8, 0 where
// it does not apply). No label bits.
#if defined(PQMCU_NTRU_AVX2)
size_t fixed_weight_keys_avx2(uint32_t* keys, const uint8_t* u, size_t count, size_t len);
#else
inline size_t fixed_weight_keys_avx2(uint32_t*, const uint8_t*, size_t, size_t) { return 0; }
#endif

// unpack_sq's first whole groups of eight logq-bit coefficients (logq 11 ..
// 14), sixteen at a time, at most `groups` groups, reading only the input's
// len bytes: returns the coefficients written (a multiple of 16, 0 where it
// does not apply), sum = their sum (mod 2^16 on hosts without AVX-512BW,
// whose 16-bit-lane version sums in halfwords; unpack_sq keeps 16 bits).
#if defined(PQMCU_NTRU_AVX2)
size_t unpack_bits_avx2(uint16_t* a, const uint8_t* in, unsigned logq, size_t len, size_t groups, uint32_t& sum);
#else
inline size_t unpack_bits_avx2(uint16_t*, const uint8_t*, unsigned, size_t, size_t, uint32_t& sum) {
    sum = 0;
    return 0;
}
#endif

// S3 packing, five base-3 digits per byte (engine.cpp's unpack_s3 /
// pack_s3 / sample_iid_pack on count = n - 1 coefficients, the same bytes
// and digits) on AVX-512BW (+VL): 32 coefficients per vector, the digits by
// per-lane multiply-shifts after a vpermw that gives each lane its byte;
// false (nothing done) without AVX-512BW / VL (PQMCU_CPU_DISABLE=avx512
// masks them). Masked loads and stores: nothing read or written past the ends.
#if defined(PQMCU_NTRU_AVX2)
bool s3_pack_avx512_usable();
bool unpack_s3_avx512(uint16_t* a, const uint8_t* in, size_t count);  // a[0 .. count)
bool pack_s3_avx512(uint8_t* out, const uint16_t* a, size_t count);   // out[0 .. ceil(count / 5))
// r[i] = u[i] mod 3 (i < count) and r[count] = 0, packed as pack_s3_avx512; sum = their sum.
bool sample_iid_pack_avx512(uint16_t* r, uint8_t* packed, const uint8_t* u, size_t count, uint32_t& sum);
// Without AVX-512BW / VL, unpack_s3_avx512, lift_hrss_avx512 and the maps
// below run on AVX2 instead (16 coefficients per vector over the whole
// vectors, engine.cpp's formulas for the tail: the same values); false only
// without AVX2.
// HPS encryption's c[0 .. count) += Lift(m), m packed (five digits a byte,
// as unpack_s3_avx512 reads them): unpacked and added in one pass on AVX2
// (mod 2^16: -1 as 0xFFFF, the same values mod q); false (nothing done)
// without AVX2 or with AVX-512BW / VL (those keep unpack_s3_avx512 + the add).
bool lift_hps_packed_avx2(uint16_t* c, const uint8_t* packed, size_t count);
// HRSS's Lift(m) added to (subtract: taken from) dst[0 .. n), k as
// engine.cpp's lift_into computes it (m in {0,1,2}, m[n-1] = 0).
bool lift_hrss_avx512(uint16_t* dst, const uint16_t* m, size_t n, uint32_t k, bool subtract);
// Decryption's coefficient maps (engine.cpp's z3_to_zq, rq_to_s3, the
// masking + mod3_phi of s3_mul, the HPS Lift(m), check_r_to_s3: the same
// values; check_r_to_s3_avx512's t is nonzero iff engine.cpp's is, < 2^31).
bool z3_to_zq_avx512(uint16_t* a, size_t n, uint16_t qmask);
bool rq_to_s3_avx512(uint16_t* r, const uint16_t* a, size_t n, unsigned logq);
bool mod3_phi_avx512(uint16_t* a, size_t n, uint16_t premask);  // a &= premask, then mod3_phi
bool lift_hps_avx512(uint16_t* dst, const uint16_t* m, size_t n, bool subtract);
bool check_r_to_s3_avx512(uint16_t* r, size_t n, unsigned logq, uint32_t& t);
// Decryption on AVX2 hosts without AVX-512BW / VL (false, nothing done,
// with them or without AVX2): HPS's dst[0 .. n) -= Lift(m) (lift_hps) with
// check_m's counts from the same pass (ones = #{m[i] = 1}, twos = #{m[i] =
// 2}, m in {0,1,2}); and unpack_s3 followed by z3_to_zq in one pass
// (a[0 .. count) in {0, 1, qmask}).
bool lift_hps_sub_count_avx2(uint16_t* dst, const uint16_t* m, size_t n, uint32_t& ones, uint32_t& twos);
bool unpack_s3_zq_avx2(uint16_t* a, const uint8_t* in, size_t count, uint16_t qmask);
// HRSS's sample_iid_plus (engine.cpp's, the same r[0 .. n)) on AVX-512BW.
bool sample_iid_plus_avx512(uint16_t* r, const uint8_t* u, size_t n);
// pack_rq's first coefficients (logq 11 .. 14), 32 at a time (4 logq bytes)
// with AVX-512VBMI: returns the coefficients packed (a multiple of 32, at
// most count; 0 where it does not apply). Writes only those bytes.
size_t pack_rq_avx512(uint8_t* out, const uint16_t* a, size_t count, unsigned logq);
#else
inline size_t pack_rq_avx512(uint8_t*, const uint16_t*, size_t, unsigned) { return 0; }
inline bool sample_iid_plus_avx512(uint16_t*, const uint8_t*, size_t) { return false; }
inline bool z3_to_zq_avx512(uint16_t*, size_t, uint16_t) { return false; }
inline bool rq_to_s3_avx512(uint16_t*, const uint16_t*, size_t, unsigned) { return false; }
inline bool mod3_phi_avx512(uint16_t*, size_t, uint16_t) { return false; }
inline bool lift_hps_avx512(uint16_t*, const uint16_t*, size_t, bool) { return false; }
inline bool check_r_to_s3_avx512(uint16_t*, size_t, unsigned, uint32_t&) { return false; }
inline bool lift_hrss_avx512(uint16_t*, const uint16_t*, size_t, uint32_t, bool) { return false; }
inline bool lift_hps_sub_count_avx2(uint16_t*, const uint16_t*, size_t, uint32_t&, uint32_t&) { return false; }
inline bool unpack_s3_zq_avx2(uint16_t*, const uint8_t*, size_t, uint16_t) { return false; }
inline bool s3_pack_avx512_usable() { return false; }
inline bool lift_hps_packed_avx2(uint16_t*, const uint8_t*, size_t) { return false; }
inline bool unpack_s3_avx512(uint16_t*, const uint8_t*, size_t) { return false; }
inline bool pack_s3_avx512(uint8_t*, const uint16_t*, size_t) { return false; }
inline bool sample_iid_pack_avx512(uint16_t*, uint8_t*, const uint8_t*, size_t, uint32_t&) { return false; }
#endif

}  // namespace pqmcu::ntru::detail
