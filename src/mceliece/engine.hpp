// SPDX-License-Identifier: Apache-2.0 OR MIT
// The Classic McEliece engine: one implementation on run-time Params,
// templated only on the field (m = 12 or 13; explicit instantiations in
// keygen.cpp and kem.cpp). The scheme front end (scheme.hpp) sizes the
// buffers from the set's constexpr Params and hands them in as views.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/status.hpp"
#include "mceliece/gf.hpp"
#include "mceliece/params.hpp"

namespace pqmcu::mceliece {

// Largest t (the engine's small fixed arrays).
inline constexpr uint32_t kMaxT = 128;

// Key generation's buffers. The public key buffer itself holds the right
// part T of the matrix during the elimination (row r, column mt + c at bit
// c of pk row r); `left` holds the mt x mt block on its left.
struct KeygenWork {
    uint64_t* sort_buf;  // q words: the field ordering's sort, then the control-bit recursion's 2q uint32
    int16_t* pi;         // q: the field ordering
    gf* L;               // n: the support alpha_0 .. alpha_{n-1}
    gf* inv;             // n: 1 / g(alpha_j), times alpha_j per block of m rows
    uint64_t* left;      // mt rows x left_words(); also the Goppa system's (t+1) x t elements first
};

// Decapsulation's buffers. Decoding evaluates at all q = 2^m field elements
// by the additive FFT, bitsliced: q / 32 groups of m words (word k of a group
// holds bit k of 32 values).
struct DecapsWork {
    uint32_t* fft;    // fft_words: the FFT's values (also the batch inversion's and the Benes pass's scratch)
    uint32_t* ginv2;  // fft_words: 1 / g(a)^2 at every field element a
    uint8_t* e;       // q/8: bit vectors (the support in field order, e), then e or s (n/8)
    gf* small;        // decaps_small_elems: g, two syndrome lists, the locator, FFT coefficients
};
constexpr uint32_t fft_words(const Params& p) { return p.q() / 32 * p.m; }
// The FFT's coefficient buffer: 2^K >= 2t (the syndromes).
constexpr uint32_t fft_coeffs(const Params& p) { return p.m == 12 ? 128 : 256; }
constexpr uint32_t decaps_small_elems(const Params& p) { return 6 * p.t + 2 + fft_coeffs(p); }

// Encapsulation's buffers.
struct EncapsWork {
    uint8_t* e;      // n/8
    uint8_t* etail;  // pk_row_bytes() when mt % 8 != 0: e's bits mt .. n-1 from bit 0
};

template <int M>
Status keypair_from_seed(const Params& p, const uint8_t* delta, uint8_t* pk, uint8_t* sk, const KeygenWork& w);

// Where the streaming key generation writes the public key: write(ctx, bytes,
// n) receives the pk bytes in order, a band of whole rows per call; anything
// but ok aborts key generation with that status (sk wiped).
// progress (optional): called with (done, total), total = 2 mt: done runs
// to mt through the left block's inversion (restarting after a failed
// attempt), then to 2 mt as the rows of T are written.
struct PkSink {
    void* ctx;
    Status (*write)(void* ctx, const uint8_t* bytes, size_t n);
    void* progress_ctx = nullptr;
    void (*progress)(void* ctx, uint32_t done, uint32_t total) = nullptr;
};

// Rows of T per sink call, and 64-column words per column block, of the
// streaming key generation (the Goppa columns of one block are regenerated
// once per band, so fewer, larger bands regenerate less).
// Chosen so that the workspace plus stack stay within 0.8x the CHES 2021 M4
// key generation's stack (the target) with a little margin.
constexpr uint32_t sink_band_rows(const Params& p) {
    if (p.m == 12) return 96;     // 348864: 32.6 KB of band
    if (p.t == 96) return 160;    // 460896: 67.2 KB
    if (p.t == 119) return 60;    // 6960119: 40.6 KB
    return p.n == 6688 ? 88 : 68; // 6688128: 55.3 KB; 8192128: 69.6 KB
}
inline constexpr uint32_t kSinkBlockWords = 2;

// The streaming key generation's buffers (the public key never exists whole):
// `inv` = S^-1 of the mt x mt left block of H is computed in place, then T is
// produced a band of rows at a time as S^-1 times H's right columns,
// regenerated a block at a time from g and the support. `mat` also holds the
// Goppa system, the field ordering's sort and the control-bit recursion,
// which run before / after it is used.
struct KeygenSinkWork {
    uint64_t* mat;       // mt rows x left_words()
    uint32_t* ext;       // mt: the f sets' columns mt .. mt+31 during the elimination (in `band`)
    uint16_t* adds;      // mt: the pivot row added at each step, bit 15: an add happened (in `band`)
    int16_t* pi;         // q: the field ordering
    gf* ginv;            // n - mt: 1 / g(alpha_j) of the right columns (j = mt + index)
    uint64_t* hblk;      // mt x kSinkBlockWords: a block of H's right columns, 64 per word (first: mt row masks)
    uint8_t* band;       // sink_band_rows x pk_row_bytes
};
// Words of `mat` the sort of SeedGen starts at (after the Goppa system).
constexpr size_t sink_sort_offset_words(const Params& p) { return (size_t(p.t + 1) * p.t * sizeof(gf) + 7) / 8; }

template <int M>
Status keypair_from_seed_sink(const Params& p, const uint8_t* delta, const PkSink& sink, uint8_t* sk,
                              const KeygenSinkWork& w);

// FixedWeight: buf holds fixed_weight_bytes() random bytes followed by e's
// n/8 bytes; true (public) and the weight-t vector e when the draw is usable,
// false asks for a new draw. The random bytes are consumed (overwritten);
// when n < q the compaction uses 8t bytes of buf as scratch (8t <= 4t + n/8
// for every set), when n = q t must be even (4 bytes past the 2t are used).
bool fixed_weight(const Params& p, uint8_t* buf);

// C = (H e [, H(2, e)]) and K = H(1, e, C). ok, or malformed_input when the
// public key's padding bits (mceliece6960119*) are not zero (ct, ss zeroed).
Status encapsulate_with_e(const Params& p, uint8_t* ct, uint8_t* ss, const uint8_t* pk, const uint8_t* e,
                          const EncapsWork& w);

// K = H(b, e or s, C) (implicit rejection). ok, or malformed_input (ss all
// 0xFF, as the reference) when the ciphertext's padding bits are not zero.
template <int M>
Status decapsulate(const Params& p, uint8_t* ss, const uint8_t* ct, const uint8_t* sk, const DecapsWork& w);

// Decapsulation's additive FFT on plain element arrays, for the differential
// tests (indices are element values a, 0 <= a < 2^M; work: 2^M M / 32 words,
// fc: 256 elements of scratch):
//   fft_evaluate_all: out[a] = f(a), f monic of `coeffs` <= 65 (M = 12) or 129
//                     coefficients;
//   fft_power_sums:   out[j] = sum over a of x[a] a^j, j < terms <= 128 (M = 12)
//                     or 256.
template <int M>
void fft_evaluate_all(gf* out, const gf* f, uint32_t coeffs, uint32_t* work, gf* fc);
template <int M>
void fft_power_sums(gf* out, uint32_t terms, const gf* x, uint32_t* work, gf* fc);

}  // namespace pqmcu::mceliece
