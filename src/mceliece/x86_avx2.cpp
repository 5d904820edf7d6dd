// SPDX-License-Identifier: Apache-2.0 OR MIT
// Classic McEliece kernels for x86-64 with AVX2 (x86.hpp), enabled per function
// (target attribute) and chosen at run time after a CPUID check.
//
// Rows are whole 256-bit chunks plus, when a row's length is not a multiple of
// 32 bytes, one last chunk that ends exactly at the row's end and overlaps the
// one before it: its overlapping bytes are masked out of the operand, so
// nothing is read or written outside the row and nothing is counted twice.
// Every trip count and address depends only on public sizes and indices.
#include <immintrin.h>

#include <cstring>

#include "mceliece/x86.hpp"
#include "x86/cpu_features.hpp"

#define PQ_AVX2 __attribute__((target("avx2,popcnt")))

namespace pqmcu::mceliece {
namespace {

// Bytes [32 - keep, 32) of a chunk set (the last `keep` bytes), 0 < keep <= 32.
PQ_AVX2 inline __m256i tail_keep_mask(uint32_t keep) {
    alignas(32) static const uint8_t zeros_then_ones[64] = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(zeros_then_ones + keep));
}

PQ_AVX2 inline __m256i ld(const uint8_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
PQ_AVX2 inline void st(uint8_t* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }

PQ_AVX2 inline uint32_t parity256(__m256i v) {
    const __m128i x = _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    const uint64_t y = uint64_t(_mm_cvtsi128_si64(x)) ^ uint64_t(_mm_extract_epi64(x, 1));
    return uint32_t(__builtin_popcountll(y) & 1);
}

// ---- encapsulation: C0 ^= T e_tail, four rows per pass over e.
constexpr uint32_t kMaxRowBytes = 832;  // >= every set's pk_row_bytes (816), a multiple of 32

PQ_AVX2 void syndrome(uint8_t* ct, const uint8_t* pk, const uint8_t* et, uint32_t mt, uint32_t rb) {
    const uint32_t full = rb / 32, rem = rb % 32;
    // e's chunks; the overlapping last one masked to the bytes not yet covered.
    __m256i e[kMaxRowBytes / 32];
    for (uint32_t i = 0; i < full; ++i) e[i] = ld(et + 32 * i);
    if (rem) e[full] = _mm256_and_si256(ld(et + rb - 32), tail_keep_mask(rem));
    const uint32_t chunks = full + (rem ? 1 : 0);
    auto off = [&](uint32_t i) { return i < full ? 32 * i : rb - 32; };
    uint32_t r = 0;
    for (; r + 4 <= mt; r += 4) {
        const uint8_t* row = pk + size_t(r) * rb;
        __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
        for (uint32_t i = 0; i < chunks; ++i) {
            const uint32_t o = off(i);
            a0 = _mm256_xor_si256(a0, _mm256_and_si256(ld(row + o), e[i]));
            a1 = _mm256_xor_si256(a1, _mm256_and_si256(ld(row + rb + o), e[i]));
            a2 = _mm256_xor_si256(a2, _mm256_and_si256(ld(row + 2 * rb + o), e[i]));
            a3 = _mm256_xor_si256(a3, _mm256_and_si256(ld(row + 3 * rb + o), e[i]));
        }
        const uint32_t bits = parity256(a0) | parity256(a1) << 1 | parity256(a2) << 2 | parity256(a3) << 3;
        ct[r / 8] = uint8_t(ct[r / 8] ^ (bits << (r % 8)));  // r % 8 is 0 or 4
    }
    for (; r < mt; ++r) {
        const uint8_t* row = pk + size_t(r) * rb;
        __m256i a0 = _mm256_setzero_si256();
        for (uint32_t i = 0; i < chunks; ++i) a0 = _mm256_xor_si256(a0, _mm256_and_si256(ld(row + off(i)), e[i]));
        ct[r / 8] = uint8_t(ct[r / 8] ^ (parity256(a0) << (r % 8)));
    }
    // e's tail is secret: clear the copies.
    for (uint32_t i = 0; i < chunks; ++i) e[i] = _mm256_setzero_si256();
    __asm__ __volatile__("" : : "r"(e) : "memory");
}

// The same on AVX-512 (F + BW): 64-byte chunks, the row's last one a masked
// load of its remaining bytes (masked-out bytes are neither read nor
// faulted), acc ^= row & e as one ternary-logic op, eight rows per pass
// (e's chunks stay in registers; 1 MB of pk per call for the 13-bit sets
// comes from L2 / L3, so fewer uops per byte is what counts).
#define PQ_AVX512 __attribute__((target("avx2,popcnt,avx512f,avx512bw")))
constexpr uint32_t kMaxZChunks = kMaxRowBytes / 64 + 1;

PQ_AVX512 inline uint32_t parity512(__m512i v) {
    // (maskz extracts: GCC 12 warns falsely on the plain ones' undefined operand)
    const __m256i h = _mm256_xor_si256(_mm512_maskz_extracti64x4_epi64(0xF, v, 0), _mm512_maskz_extracti64x4_epi64(0xF, v, 1));
    return parity256(h);
}

template <uint32_t kRows>
PQ_AVX512 inline void syndrome512_rows(uint8_t* ct, const uint8_t* row, uint32_t r, const __m512i* e, uint32_t full,
                                       __mmask64 tail, uint32_t rb) {
    __m512i a[kRows];
    for (uint32_t j = 0; j < kRows; ++j) a[j] = _mm512_setzero_si512();
    for (uint32_t i = 0; i < full; ++i)
        for (uint32_t j = 0; j < kRows; ++j)
            a[j] = _mm512_ternarylogic_epi64(a[j], _mm512_loadu_si512(row + size_t(j) * rb + 64 * i), e[i], 0x78);
    if (tail)
        for (uint32_t j = 0; j < kRows; ++j)
            a[j] = _mm512_ternarylogic_epi64(a[j], _mm512_maskz_loadu_epi8(tail, row + size_t(j) * rb + 64 * full),
                                             e[full], 0x78);
    uint32_t bits = 0;
    for (uint32_t j = 0; j < kRows; ++j) bits |= parity512(a[j]) << j;
    // r % 8 == 0 for whole groups of eight; single rows go bit by bit.
    ct[r / 8] = uint8_t(ct[r / 8] ^ (bits << (r % 8)));
}

PQ_AVX512 void syndrome512(uint8_t* ct, const uint8_t* pk, const uint8_t* et, uint32_t mt, uint32_t rb) {
    const uint32_t full = rb / 64, rem = rb % 64;
    const __mmask64 tail = rem ? _cvtu64_mask64((uint64_t(1) << rem) - 1) : _cvtu64_mask64(0);
    __m512i e[kMaxZChunks];
    for (uint32_t i = 0; i < full; ++i) e[i] = _mm512_loadu_si512(et + 64 * i);
    e[full] = _mm512_maskz_loadu_epi8(tail, et + 64 * full);
    uint32_t r = 0;
    for (; r + 8 <= mt; r += 8) syndrome512_rows<8>(ct, pk + size_t(r) * rb, r, e, full, tail, rb);
    for (; r < mt; ++r) syndrome512_rows<1>(ct, pk + size_t(r) * rb, r, e, full, tail, rb);
    for (uint32_t i = 0; i <= full; ++i) e[i] = _mm512_setzero_si512();
    __asm__ __volatile__("" : : "r"(e) : "memory");
}

// ---- FixedWeight's e: lane l of chunk c is bits 256 c + 64 l ..; a
// position x sets 1 << (x - base) there, and vpsllvq gives 0 for counts >= 64,
// which x - base is (as unsigned) whenever x is outside the lane.
PQ_AVX2 void build_e(uint8_t* e, const uint8_t* ind, uint32_t count, uint32_t e_bytes) {
    const uint32_t chunks = (e_bytes + 31) / 32;
    const __m256i one = _mm256_set1_epi64x(1), step = _mm256_set1_epi64x(256);
    __m256i base0 = _mm256_setr_epi64x(0, 64, 128, 192);
    for (uint32_t c = 0; c < chunks; c += 4, base0 = _mm256_add_epi64(base0, _mm256_set1_epi64x(1024))) {
        const __m256i base1 = _mm256_add_epi64(base0, step), base2 = _mm256_add_epi64(base1, step),
                      base3 = _mm256_add_epi64(base2, step);
        __m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
        for (uint32_t i = 0; i < count; ++i) {
            const __m256i x = _mm256_set1_epi64x(int64_t(ind[2 * i] | uint32_t(ind[2 * i + 1]) << 8));
            a0 = _mm256_or_si256(a0, _mm256_sllv_epi64(one, _mm256_sub_epi64(x, base0)));
            a1 = _mm256_or_si256(a1, _mm256_sllv_epi64(one, _mm256_sub_epi64(x, base1)));
            a2 = _mm256_or_si256(a2, _mm256_sllv_epi64(one, _mm256_sub_epi64(x, base2)));
            a3 = _mm256_or_si256(a3, _mm256_sllv_epi64(one, _mm256_sub_epi64(x, base3)));
        }
        const __m256i acc[4] = {a0, a1, a2, a3};
        for (uint32_t j = 0; j < 4 && c + j < chunks; ++j) {
            const uint32_t at = 32 * (c + j);
            if (at + 32 <= e_bytes) {
                st(e + at, acc[j]);
            } else {  // the last, partial chunk (n / 8 = 870 for 6960119)
                alignas(32) uint8_t tmp[32];
                st(tmp, acc[j]);
                std::memcpy(e + at, tmp, e_bytes - at);
                st(tmp, _mm256_setzero_si256());
                __asm__ __volatile__("" : : "r"(tmp) : "memory");
            }
        }
    }
}

// ---- FixedWeight's repeat check: every position against all t at once (16
// per vector); each matches itself once, so the number of matches is t
// exactly when there is no repeat. Lanes past t hold distinct values >= 2^15
// that match nothing else.
PQ_AVX2 uint32_t repeated(const uint8_t* ind, uint32_t t) {
    alignas(32) uint16_t pos[128];
    for (uint32_t i = 0; i < 128; ++i) pos[i] = uint16_t(0x8000u | i);
    std::memcpy(pos, ind, 2 * size_t(t));
    const uint32_t chunks = (t + 15) / 16;
    __m256i v[8];
    for (uint32_t c = 0; c < chunks; ++c) v[c] = _mm256_load_si256(reinterpret_cast<const __m256i*>(pos + 16 * c));
    __m256i count = _mm256_setzero_si256();  // minus the matches per lane
    for (uint32_t i = 0; i < t; ++i) {
        const __m256i x = _mm256_set1_epi16(int16_t(pos[i]));
        for (uint32_t c = 0; c < chunks; ++c) count = _mm256_add_epi16(count, _mm256_cmpeq_epi16(x, v[c]));
    }
    // Sum the 16 lanes (each >= -128): as 32-bit sums of pairs, then fold.
    __m256i s32 = _mm256_madd_epi16(count, _mm256_set1_epi16(1));
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(s32), _mm256_extracti128_si256(s32, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    const uint32_t total = uint32_t(-_mm_cvtsi128_si32(s));
    for (uint32_t c = 0; c < chunks; ++c) v[c] = _mm256_setzero_si256();
    std::memset(pos, 0, sizeof pos);
    __asm__ __volatile__("" : : "r"(pos), "r"(v) : "memory");
    return total ^ t;
}

// ---- FixedWeight's selection: the portable compaction (kem.cpp) on 32-bit
// words, eight per vector. Word i = candidate i | (s_i = candidates rejected
// before it) << 16 when it is taken (below n and among the first t such),
// else 0; round b moves the words with bit b of s down by 2^b (in place:
// a vector reads its own words and those 2^b above, which no earlier vector
// has written). Taken words never collide (kem.cpp), so stay | arrive.
constexpr uint32_t kFwWords = 256;  // >= 2t for every set (t <= 128)

PQ_AVX2 uint32_t fw_select(uint8_t* buf, uint32_t t, uint32_t n, uint32_t m) {
    const uint32_t c = 2 * t, vecs = (c + 7) / 8;
    // Words past c (up to the largest 2^b <= t plus a vector) stay zero.
    alignas(32) uint32_t w[kFwWords + 128 + 8];
    alignas(32) uint16_t cand[kFwWords];
    std::memcpy(cand, buf, 2 * size_t(c));
    for (uint32_t i = c; i < 8 * vecs; ++i) cand[i] = 0;
    const __m256i mask = _mm256_set1_epi32(int((1u << m) - 1)), nv = _mm256_set1_epi32(int(n)),
                  tv = _mm256_set1_epi32(int(t)), cv = _mm256_set1_epi32(int(c)), one = _mm256_set1_epi32(1),
                  last = _mm256_set1_epi32(7);
    __m256i idx = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), run = _mm256_setzero_si256();
    for (uint32_t q = 0; q < vecs; ++q) {
        const __m256i v = _mm256_and_si256(
            _mm256_cvtepu16_epi32(_mm_load_si128(reinterpret_cast<const __m128i*>(cand + 8 * q))), mask);
        const __m256i acc = _mm256_and_si256(_mm256_cmpgt_epi32(nv, v), _mm256_cmpgt_epi32(cv, idx));
        const __m256i a = _mm256_and_si256(acc, one);
        // Inclusive prefix sum of a over the eight lanes, plus the running count.
        __m256i x = _mm256_add_epi32(a, _mm256_slli_si256(a, 4));
        x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
        x = _mm256_add_epi32(x, _mm256_shuffle_epi32(_mm256_permute2x128_si256(x, x, 0x08), 0xFF));
        x = _mm256_add_epi32(x, run);
        const __m256i before = _mm256_sub_epi32(x, a);
        const __m256i take = _mm256_and_si256(acc, _mm256_cmpgt_epi32(tv, before));
        const __m256i word = _mm256_or_si256(v, _mm256_slli_epi32(_mm256_sub_epi32(idx, before), 16));
        _mm256_store_si256(reinterpret_cast<__m256i*>(w + 8 * q), _mm256_and_si256(word, take));
        run = _mm256_permutevar8x32_epi32(x, last);
        idx = _mm256_add_epi32(idx, _mm256_set1_epi32(8));
    }
    for (uint32_t i = 8 * vecs; i < sizeof w / 4; ++i) w[i] = 0;
    const uint32_t count = uint32_t(_mm256_cvtsi256_si32(run));
    for (uint32_t d = 1, b = 0; d <= t; d <<= 1, ++b) {
        const __m128i up = _mm_cvtsi32_si128(int(15 - b));  // bit 16 + b to the sign
        for (uint32_t q = 0; q < vecs; ++q) {
            const __m256i x = _mm256_load_si256(reinterpret_cast<const __m256i*>(w + 8 * q));
            const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + 8 * q + d));
            const __m256i mx = _mm256_srai_epi32(_mm256_sll_epi32(x, up), 31);
            const __m256i my = _mm256_srai_epi32(_mm256_sll_epi32(y, up), 31);
            _mm256_store_si256(reinterpret_cast<__m256i*>(w + 8 * q),
                               _mm256_or_si256(_mm256_andnot_si256(mx, x), _mm256_and_si256(my, y)));
        }
    }
    // Slots 0 .. t-1 to 16-bit positions (only when there are t; else the
    // caller discards the draw and the buffer).
    const __m256i low = _mm256_set1_epi32(0x1FFF);
    for (uint32_t q = 0; 8 * q < t; q += 2) {
        const __m256i a = _mm256_and_si256(_mm256_load_si256(reinterpret_cast<const __m256i*>(w + 8 * q)), low);
        const __m256i b = _mm256_and_si256(_mm256_load_si256(reinterpret_cast<const __m256i*>(w + 8 * q + 8)), low);
        _mm256_store_si256(reinterpret_cast<__m256i*>(cand + 8 * q),
                           _mm256_permute4x64_epi64(_mm256_packus_epi32(a, b), 0xD8));
    }
    std::memcpy(buf, cand, 2 * size_t(t));
    std::memset(w, 0, sizeof w);
    std::memset(cand, 0, sizeof cand);
    __asm__ __volatile__("" : : "r"(w), "r"(cand) : "memory");
    return count;
}

// ---- the control bits' sorts: the same bitonic network as ct_sort (merge
// stage k: j against k-1-j, then half-cleaners of span k/4 .. 1), eight
// words per vector as signed min / max (values < 2^31). Spans >= 8 pair
// whole vectors; spans 4, 2, 1 pair lanes of one vector (a permutation, then
// min / max blended by lane). Which words meet depends on n only.
PQ_AVX2 inline __m256i ld32(const uint32_t* p) { return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)); }
PQ_AVX2 inline void st32(uint32_t* p, __m256i v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }

// Spans 4, 2, 1 inside a vector (from `from` down).
PQ_AVX2 inline __m256i clean_in_vector(__m256i v, int from) {
    if (from >= 4) {
        const __m256i b = _mm256_permute4x64_epi64(v, 0x4E);
        v = _mm256_blend_epi32(_mm256_min_epi32(v, b), _mm256_max_epi32(v, b), 0xF0);
    }
    if (from >= 2) {
        const __m256i b = _mm256_shuffle_epi32(v, 0x4E);
        v = _mm256_blend_epi32(_mm256_min_epi32(v, b), _mm256_max_epi32(v, b), 0xCC);
    }
    const __m256i b = _mm256_shuffle_epi32(v, 0xB1);
    return _mm256_blend_epi32(_mm256_min_epi32(v, b), _mm256_max_epi32(v, b), 0xAA);
}

PQ_AVX2 void sort32(uint32_t* x, size_t n) {
    const __m256i rev = _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0);
    // Stages k = 2, 4, 8 inside each vector.
    for (size_t i = 0; i < n; i += 8) {
        __m256i v = ld32(x + i);
        v = clean_in_vector(v, 1);                                            // k = 2
        __m256i b = _mm256_shuffle_epi32(v, 0x1B);                            // k = 4: j vs 3 - j
        v = _mm256_blend_epi32(_mm256_min_epi32(v, b), _mm256_max_epi32(v, b), 0xCC);
        v = clean_in_vector(v, 1);
        b = _mm256_permutevar8x32_epi32(v, rev);                              // k = 8: j vs 7 - j
        v = _mm256_blend_epi32(_mm256_min_epi32(v, b), _mm256_max_epi32(v, b), 0xF0);
        st32(x + i, clean_in_vector(v, 2));
    }
    for (size_t k = 16; k <= n; k <<= 1) {
        // j against k-1-j: vector j / 8 of the block's lower half against the
        // reversed vector mirrored in its upper half.
        for (size_t i = 0; i < n; i += k)
            for (size_t j = 0; j < k / 2; j += 8) {
                uint32_t* lo = x + i + j;
                uint32_t* hi = x + i + k - 8 - j;
                const __m256i a = ld32(lo), b = _mm256_permutevar8x32_epi32(ld32(hi), rev);
                st32(lo, _mm256_min_epi32(a, b));
                st32(hi, _mm256_permutevar8x32_epi32(_mm256_max_epi32(a, b), rev));
            }
        for (size_t s = k / 4; s >= 8; s >>= 1)
            for (size_t i = 0; i < n; i += 2 * s)
                for (size_t j = i; j < i + s; j += 8) {
                    const __m256i a = ld32(x + j), b = ld32(x + j + s);
                    st32(x + j, _mm256_min_epi32(a, b));
                    st32(x + j + s, _mm256_max_epi32(a, b));
                }
        for (size_t i = 0; i < n; i += 8) st32(x + i, clean_in_vector(ld32(x + i), 4));
    }
}

// ---- the elimination in batches of steps that share one left word wi: the
// steps' decisions are made on that word of every row (the strip: 8 bytes a
// row, in L1), their masks kept, and the rest of the rows replays them a
// column block at a time.
PQ_AVX2 void batch_gamma(uint64_t* gamma, uint32_t r0, uint32_t count, const uint64_t* fm, const uint64_t* cm,
                         uint32_t mw);

PQ_AVX2 inline __m256i lda(const uint64_t* p) { return _mm256_load_si256(reinterpret_cast<const __m256i*>(p)); }
PQ_AVX2 inline void sta(uint64_t* p, __m256i v) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), v); }

// Lanes l of four rows k .. k+3 whose bit l of `bits4` is set, as masks.
PQ_AVX2 inline __m256i lanes_of(uint64_t bits4) {
    const __m256i sel = _mm256_setr_epi64x(1, 2, 4, 8);
    return _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(int64_t(bits4)), sel), sel);
}

// The steps, four rows per vector. The fix-up's masks need no sequential
// pass: while row r lacks bit r it takes the first row k > r that has it
// (m_k = x_k), afterwards every row that lacks it (m_k = 1 - x_k), so with
// seen_k = (row r had bit r) or (some r < j < k has it), m_k = seen_k xor x_k
// (x_k: row k's bit r), a prefix OR over the packed bits; row r then adds the
// masked rows, and has bit r afterwards iff seen_mt.
PQ_AVX2 uint64_t steps(uint64_t* left, uint32_t lw, uint32_t mt, uint32_t r0, uint32_t count, bool forward,
                       uint64_t* fm, uint64_t* cm, uint64_t* gamma) {
    const uint32_t wi = r0 / 64, mw = (mt + 63) / 64, chunks = (mt + 3) / 4;
    // Word wi of every row, gathered into L1 for the batch (rows are up to
    // 208 bytes apart), written back at the end; zero past mt.
    alignas(32) uint64_t col[13 * 128];
    for (uint32_t k = 0; k < 4 * chunks; ++k) col[k] = k < mt ? left[size_t(k) * lw + wi] : 0;
    uint64_t ok = 0;
    for (uint32_t s = 0; s < count; ++s) {
        const uint32_t r = r0 + s, bi = r % 64;
        const __m128i up = _mm_cvtsi32_si128(int(63 - bi));  // bit r to the sign
        uint64_t* f = fm + size_t(s) * mw;
        uint64_t* c = cm + size_t(s) * mw;
        // x: bit r of every row k > r, packed (bit k % 64 of word k / 64).
        for (uint32_t w = 0; w < mw; ++w) f[w] = 0;
        for (uint32_t q = 0; q < chunks; ++q) {
            const uint64_t b = uint64_t(_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_sll_epi64(lda(col + 4 * q), up))));
            f[q / 16] |= b << (4 * (q % 16));
        }
        const uint64_t b0 = (col[r] >> bi) & 1;
        uint64_t carry = b0;
        for (uint32_t w = 0; w < mw; ++w) {
            // rows r+1 .. mt-1 of this word (public bounds)
            const uint32_t lo = 64 * w;
            uint64_t valid = ~uint64_t(0);
            if (lo + 64 > mt) valid = mt > lo ? (~uint64_t(0) >> (64 - (mt - lo))) : 0;
            if (r + 1 > lo) valid &= r + 1 - lo >= 64 ? 0 : ~uint64_t(0) << (r + 1 - lo);
            const uint64_t x = f[w] & valid;
            const uint64_t low = x & (0 - x);
            const uint64_t seen = (0 - (low << 1)) | (0 - carry);  // bits above x's lowest, or all
            f[w] = (seen ^ x) & valid;
            carry |= (x | (0 - x)) >> 63;
        }
        __m256i acc = _mm256_setzero_si256();
        for (uint32_t q = (r + 1) / 4; q < chunks; ++q)
            acc = _mm256_xor_si256(acc, _mm256_and_si256(lda(col + 4 * q), lanes_of((f[q / 16] >> (4 * (q % 16))) & 15)));
        const __m128i a2 = _mm_xor_si128(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
        const uint64_t wr = col[r] ^ uint64_t(_mm_cvtsi128_si64(a2)) ^ uint64_t(_mm_extract_epi64(a2, 1));
        col[r] = wr;
        ok |= carry << s;
        // Clearing: rows with bit r (every k != r, or k > r), four at a time.
        for (uint32_t w = 0; w < mw; ++w) c[w] = 0;
        const __m256i vr = _mm256_set1_epi64x(int64_t(wr)), zero = _mm256_setzero_si256();
        for (uint32_t q = forward ? (r + 1) / 4 : 0; q < chunks; ++q) {
            uint64_t allowed = 15;  // lanes k = 4q + l: k != r, k < mt, (forward) k > r; public
            for (uint32_t l = 0; l < 4; ++l) {
                const uint32_t k = 4 * q + l;
                if (k == r || k >= mt || (forward && k < r)) allowed &= ~(uint64_t(1) << l);
            }
            const __m256i v = lda(col + 4 * q);
            const __m256i m = _mm256_and_si256(_mm256_cmpgt_epi64(zero, _mm256_sll_epi64(v, up)), lanes_of(allowed));
            sta(col + 4 * q, _mm256_xor_si256(v, _mm256_and_si256(vr, m)));
            c[q / 16] |= uint64_t(_mm256_movemask_pd(_mm256_castsi256_pd(m))) << (4 * (q % 16));
        }
    }
    for (uint32_t k = 0; k < mt; ++k) left[size_t(k) * lw + wi] = col[k];
    std::memset(col, 0, sizeof col);
    __asm__ __volatile__("" : : "r"(col) : "memory");
    batch_gamma(gamma, r0, count, fm, cm, mw);
    return ok;
}

PQ_AVX2 inline __m256i bit_mask(const uint64_t* bits, uint32_t k) {
    return _mm256_set1_epi64x(-int64_t((bits[k / 64] >> (k % 64)) & 1));
}

// Bytes [from, to) of every row (stride bytes apart), in column blocks of kW
// vectors (kW = 4: 128 bytes, each row's cache lines used whole); the last
// block may overlap the one before it: its already-covered bytes are masked
// out of every operand, so they are left as they are. to - from >= 32 kW.
//
// Each row is read and written once per batch: with X_k the rows before the
// batch, step s's pivot row after its fix-up is P_s = X_r + D_s (r = r0 + s),
//   D_s = sum_{k > r} f_s[k] X_k + sum_{s' < s} gamma(s, s') P_s'
// where gamma(s, s') = c_s'[r] + parity(f_s & c_s') accounts for step s''s
// clearing of row r and of the rows the fix-up adds (they are not earlier
// pivots); afterwards row k = X_k + sum_s c_s[k] P_s, and a pivot row r_s is
// X_r + D_s + sum over the later steps only. GF(2) sums, so the bytes equal the
// step-by-step result.
template <uint32_t kW>
PQ_AVX2 void replay_w(uint8_t* rows, uint32_t stride, uint32_t from, uint32_t to, uint32_t mt, uint32_t r0,
                      uint32_t count, const uint64_t* fm, const uint64_t* cm, uint32_t mw, bool forward,
                      const uint64_t* gamma) {
    (void)forward;  // (in cm already: forward steps clear only rows below)
    constexpr uint32_t kBlock = 32 * kW;
    alignas(32) __m256i Q[64][kW];  // P_s on the block's kept bytes
    alignas(32) __m256i D[64][kW];
    for (uint32_t at = from; at < to; at += kBlock) {
        uint32_t off = at;
        __m256i keep[kW];
        for (uint32_t v = 0; v < kW; ++v) keep[v] = _mm256_set1_epi8(-1);
        if (off + kBlock > to) {  // the overlapping last block: only its last to - off bytes
            const uint32_t skip = kBlock - (to - off);  // leading bytes already done
            for (uint32_t v = 0; v < kW; ++v) {
                const uint32_t lo = 32 * v;
                if (skip >= lo + 32)
                    keep[v] = _mm256_setzero_si256();
                else if (skip > lo)
                    keep[v] = tail_keep_mask(lo + 32 - skip);
            }
            off = to - kBlock;
        }
        uint8_t* const base = rows + off;
        for (uint32_t s = 0; s < count; ++s) {
            const uint32_t r = r0 + s;
            const uint64_t* f = fm + size_t(s) * mw;
            __m256i acc[kW];
            for (uint32_t v = 0; v < kW; ++v) acc[v] = _mm256_setzero_si256();
            for (uint32_t k = r + 1; k < mt; ++k) {
                const uint8_t* pk = base + size_t(k) * stride;
                const __m256i m = bit_mask(f, k);
                for (uint32_t v = 0; v < kW; ++v) acc[v] = _mm256_xor_si256(acc[v], _mm256_and_si256(ld(pk + 32 * v), m));
            }
            for (uint32_t s2 = 0; s2 < s; ++s2) {
                const __m256i m = _mm256_set1_epi64x(-int64_t((gamma[s] >> s2) & 1));
                for (uint32_t v = 0; v < kW; ++v) acc[v] = _mm256_xor_si256(acc[v], _mm256_and_si256(Q[s2][v], m));
            }
            const uint8_t* pr = base + size_t(r) * stride;
            for (uint32_t v = 0; v < kW; ++v) {
                D[s][v] = _mm256_and_si256(acc[v], keep[v]);
                Q[s][v] = _mm256_and_si256(_mm256_xor_si256(ld(pr + 32 * v), acc[v]), keep[v]);
            }
        }
        for (uint32_t k = 0; k < mt; ++k) {
            uint8_t* pk = base + size_t(k) * stride;
            __m256i acc[kW];
            for (uint32_t v = 0; v < kW; ++v) acc[v] = ld(pk + 32 * v);
            uint32_t s0 = 0;
            if (k >= r0 && k < r0 + count) {  // a pivot row of this batch (public)
                s0 = k - r0;
                for (uint32_t v = 0; v < kW; ++v) acc[v] = _mm256_xor_si256(acc[v], D[s0][v]);
                ++s0;
            }
            for (uint32_t s = s0; s < count; ++s) {
                const __m256i m = bit_mask(cm + size_t(s) * mw, k);
                for (uint32_t v = 0; v < kW; ++v) acc[v] = _mm256_xor_si256(acc[v], _mm256_and_si256(Q[s][v], m));
            }
            for (uint32_t v = 0; v < kW; ++v) st(pk + 32 * v, acc[v]);
        }
    }
    for (uint32_t s = 0; s < count; ++s)
        for (uint32_t v = 0; v < kW; ++v) Q[s][v] = D[s][v] = _mm256_setzero_si256();
    __asm__ __volatile__("" : : "r"(Q), "r"(D) : "memory");
}

// replay_w on AVX-512 (F + BW): zmm blocks of 64 kZ bytes, each masked row
// sum as one ternary-logic op per 64 bytes (acc ^= row & mask), the mask
// bit broadcast once per row for the whole block; same sums, same order.
PQ_AVX512 inline __m512i bit_mask512(const uint64_t* bits, uint32_t k) {
    return _mm512_set1_epi64(-int64_t((bits[k / 64] >> (k % 64)) & 1));
}

template <uint32_t kZ>
PQ_AVX512 void replay_z(uint8_t* rows, uint32_t stride, uint32_t from, uint32_t to, uint32_t mt, uint32_t r0,
                        uint32_t count, const uint64_t* fm, const uint64_t* cm, uint32_t mw, const uint64_t* gamma) {
    constexpr uint32_t kBlock = 64 * kZ;
    alignas(64) __m512i Q[64][kZ];
    alignas(64) __m512i D[64][kZ];
    for (uint32_t at = from; at < to; at += kBlock) {
        uint32_t off = at;
        __mmask64 keep[kZ];
        for (uint32_t v = 0; v < kZ; ++v) keep[v] = _cvtu64_mask64(~uint64_t(0));
        if (off + kBlock > to) {  // the overlapping last block: only its last to - off bytes
            const uint32_t skip = kBlock - (to - off);
            for (uint32_t v = 0; v < kZ; ++v) {
                const uint32_t lo = 64 * v;
                if (skip >= lo + 64)
                    keep[v] = _cvtu64_mask64(0);
                else if (skip > lo)
                    keep[v] = _cvtu64_mask64(~uint64_t(0) << (skip - lo));
            }
            off = to - kBlock;
        }
        uint8_t* const base = rows + off;
        for (uint32_t s = 0; s < count; ++s) {
            const uint32_t r = r0 + s;
            const uint64_t* f = fm + size_t(s) * mw;
            __m512i acc[kZ];
            for (uint32_t v = 0; v < kZ; ++v) acc[v] = _mm512_setzero_si512();
            for (uint32_t k = r + 1; k < mt; ++k) {
                const uint8_t* pk = base + size_t(k) * stride;
                const __m512i m = bit_mask512(f, k);
                for (uint32_t v = 0; v < kZ; ++v)
                    acc[v] = _mm512_ternarylogic_epi64(acc[v], _mm512_loadu_si512(pk + 64 * v), m, 0x78);
            }
            for (uint32_t s2 = 0; s2 < s; ++s2) {
                const __m512i m = _mm512_set1_epi64(-int64_t((gamma[s] >> s2) & 1));
                for (uint32_t v = 0; v < kZ; ++v) acc[v] = _mm512_ternarylogic_epi64(acc[v], Q[s2][v], m, 0x78);
            }
            const uint8_t* pr = base + size_t(r) * stride;
            for (uint32_t v = 0; v < kZ; ++v) {
                D[s][v] = _mm512_maskz_mov_epi8(keep[v], acc[v]);
                Q[s][v] = _mm512_maskz_mov_epi8(keep[v], _mm512_xor_si512(_mm512_loadu_si512(pr + 64 * v), acc[v]));
            }
        }
        for (uint32_t k = 0; k < mt; ++k) {
            uint8_t* pk = base + size_t(k) * stride;
            __m512i acc[kZ];
            for (uint32_t v = 0; v < kZ; ++v) acc[v] = _mm512_loadu_si512(pk + 64 * v);
            uint32_t s0 = 0;
            if (k >= r0 && k < r0 + count) {  // a pivot row of this batch (public)
                s0 = k - r0;
                for (uint32_t v = 0; v < kZ; ++v) acc[v] = _mm512_xor_si512(acc[v], D[s0][v]);
                ++s0;
            }
            for (uint32_t s = s0; s < count; ++s) {
                const __m512i m = bit_mask512(cm + size_t(s) * mw, k);
                for (uint32_t v = 0; v < kZ; ++v) acc[v] = _mm512_ternarylogic_epi64(acc[v], Q[s][v], m, 0x78);
            }
            for (uint32_t v = 0; v < kZ; ++v) _mm512_storeu_si512(pk + 64 * v, acc[v]);
        }
    }
    for (uint32_t s = 0; s < count; ++s)
        for (uint32_t v = 0; v < kZ; ++v) Q[s][v] = D[s][v] = _mm512_setzero_si512();
    __asm__ __volatile__("" : : "r"(Q), "r"(D) : "memory");
}

// gamma(s, s') of replay_w, bit s' of gamma[s].
PQ_AVX2 void batch_gamma(uint64_t* gamma, uint32_t r0, uint32_t count, const uint64_t* fm, const uint64_t* cm,
                         uint32_t mw) {
    for (uint32_t s = 0; s < count; ++s) {
        const uint32_t r = r0 + s;
        const uint64_t* f = fm + size_t(s) * mw;
        uint64_t g = 0;
        for (uint32_t s2 = 0; s2 < s; ++s2) {
            const uint64_t* c = cm + size_t(s2) * mw;
            uint64_t par = (c[r / 64] >> (r % 64)) & 1;
            for (uint32_t w = 0; w < mw; ++w) par ^= uint64_t(__builtin_popcountll(f[w] & c[w]) & 1);
            g |= par << s2;
        }
        gamma[s] = g;
    }
}

// Short ranges (the last left words): 64-bit words; to - from a multiple of 8.
PQ_AVX2 void replay_words(uint8_t* rows, uint32_t stride, uint32_t from, uint32_t to, uint32_t mt, uint32_t r0,
                          uint32_t count, const uint64_t* fm, const uint64_t* cm, uint32_t mw, bool forward) {
    for (uint32_t at = from; at < to; at += 8) {
        uint8_t* const base = rows + at;
        auto word = [&](uint32_t k) -> uint64_t& { return *reinterpret_cast<uint64_t*>(base + size_t(k) * stride); };
        for (uint32_t s = 0; s < count; ++s) {
            const uint32_t r = r0 + s;
            const uint64_t* f = fm + size_t(s) * mw;
            const uint64_t* c = cm + size_t(s) * mw;
            uint64_t piv = word(r);
            for (uint32_t k = r + 1; k < mt; ++k) piv ^= word(k) & (0 - ((f[k / 64] >> (k % 64)) & 1));
            word(r) = piv;
            for (uint32_t k = forward ? r + 1 : 0; k < mt; ++k) {
                if (k == r) continue;  // public
                word(k) ^= piv & (0 - ((c[k / 64] >> (k % 64)) & 1));
            }
        }
    }
}

PQ_AVX2 void replay(uint8_t* rows, uint32_t stride, uint32_t from, uint32_t to, uint32_t mt, uint32_t r0,
                    uint32_t count, const uint64_t* fm, const uint64_t* cm, uint32_t mw, bool forward,
                    const uint64_t* gamma) {
    if (to <= from) return;
    const uint32_t len = to - from, kw = (len + 31) / 32;
    if (len >= 256)
        replay_w<8>(rows, stride, from, to, mt, r0, count, fm, cm, mw, forward, gamma);
    else if (len >= 128)
        replay_w<4>(rows, stride, from, to, mt, r0, count, fm, cm, mw, forward, gamma);
    else if (len >= 32 && 32 * kw - len <= from) {
        // One block of kw vectors ending at `to` (the bytes before `from` it
        // covers are masked out and written back unchanged): each mask bit
        // is expanded once for the whole range, not once per 32 bytes (the
        // later batches' left words).
        if (kw == 4)
            replay_w<4>(rows, stride, from, to, mt, r0, count, fm, cm, mw, forward, gamma);
        else if (kw == 3)
            replay_w<3>(rows, stride, from, to, mt, r0, count, fm, cm, mw, forward, gamma);
        else if (kw == 2)
            replay_w<2>(rows, stride, from, to, mt, r0, count, fm, cm, mw, forward, gamma);
        else
            replay_w<1>(rows, stride, from, to, mt, r0, count, fm, cm, mw, forward, gamma);
    } else if (len >= 32)
        replay_w<1>(rows, stride, from, to, mt, r0, count, fm, cm, mw, forward, gamma);
    else
        replay_words(rows, stride, from, to, mt, r0, count, fm, cm, mw, forward);
}

// ---- key generation's matrix, bitsliced: vector k of a block holds bit k of
// 256 field elements (column j0 + 64 l + b at bit b of 64-bit lane l).
template <int M>
struct Bs256 {
    __m256i w[M];
};

template <int M>
PQ_AVX2 inline void bs_mul(Bs256<M>& r, const Bs256<M>& a, const Bs256<M>& b) {
    __m256i p[2 * M - 1];
    for (int k = 0; k < 2 * M - 1; ++k) p[k] = _mm256_setzero_si256();
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < M; ++j) p[i + j] = _mm256_xor_si256(p[i + j], _mm256_and_si256(a.w[i], b.w[j]));
    for (int i = 2 * M - 2; i >= M; --i) {  // z^12 = z^3 + 1; z^13 = z^4 + z^3 + z + 1
        if constexpr (M == 12) {
            p[i - 9] = _mm256_xor_si256(p[i - 9], p[i]);
            p[i - 12] = _mm256_xor_si256(p[i - 12], p[i]);
        } else {
            p[i - 9] = _mm256_xor_si256(p[i - 9], p[i]);
            p[i - 10] = _mm256_xor_si256(p[i - 10], p[i]);
            p[i - 12] = _mm256_xor_si256(p[i - 12], p[i]);
            p[i - 13] = _mm256_xor_si256(p[i - 13], p[i]);
        }
    }
    for (int k = 0; k < M; ++k) r.w[k] = p[k];
}

// vals[0 .. 256) (16-bit) into bit planes: 32 values per step, bit k of
// each moved to its sign, narrowed to bytes, gathered by movemask.
template <int M>
PQ_AVX2 inline void bitslice(Bs256<M>& out, const uint16_t* vals) {
    alignas(32) uint32_t planes[M][8];
    for (int s = 0; s < 8; ++s) {
        const __m256i va = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(vals + 32 * s));
        const __m256i vb = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(vals + 32 * s + 16));
        for (int k = 0; k < M; ++k) {
            const __m256i xa = _mm256_srai_epi16(_mm256_slli_epi16(va, 15 - k), 15);
            const __m256i xb = _mm256_srai_epi16(_mm256_slli_epi16(vb, 15 - k), 15);
            const __m256i packed = _mm256_permute4x64_epi64(_mm256_packs_epi16(xa, xb), 0xD8);
            planes[k][s] = uint32_t(_mm256_movemask_epi8(packed));
        }
    }
    for (int k = 0; k < M; ++k) out.w[k] = _mm256_load_si256(reinterpret_cast<const __m256i*>(planes[k]));
    std::memset(planes, 0, sizeof planes);
    __asm__ __volatile__("" : : "r"(planes) : "memory");
}

template <int M>
PQ_AVX2 inline void bs_broadcast(Bs256<M>& r, uint32_t c) {
    for (int k = 0; k < M; ++k) r.w[k] = _mm256_set1_epi32(-int32_t((c >> k) & 1));
}

// a^(2^M - 2) (1 / a for a != 0): a^(2^j - 1) by squaring and multiplying.
template <int M>
PQ_AVX2 inline void bs_inv(Bs256<M>& r, const Bs256<M>& a) {
    Bs256<M> x = a, sq;
    for (int j = 1; j < M - 1; ++j) {
        bs_mul(sq, x, x);
        bs_mul(x, sq, a);
    }
    bs_mul(r, x, x);
}

template <int M>
PQ_AVX2 void fill_t(uint64_t* left, uint32_t lw, uint8_t* right, uint32_t rb, uint32_t t, uint32_t n,
                    const uint16_t* g, const uint16_t* L, bool with_right) {
    const uint32_t mt = uint32_t(M) * t;
    alignas(32) uint16_t vals[256];
    for (int region = 0; region < (with_right ? 2 : 1); ++region) {
        const uint32_t start = region == 0 ? 0 : mt, end = region == 0 ? mt : n;
        for (uint32_t j0 = start; j0 < end; j0 += 256) {
            const uint32_t cols = end - j0 < 256 ? end - j0 : 256;
            for (uint32_t c = 0; c < 256; ++c) vals[c] = c < cols ? L[j0 + c] : 0;
            Bs256<M> x, v, tmp, coef, valid;
            bitslice(x, vals);
            for (uint32_t c = 0; c < 256; ++c) vals[c] = c < cols ? 1 : 0;
            bitslice(valid, vals);  // word 0: the columns in range
            // v = 1 / g(x) (Horner), zero outside the range.
            bs_broadcast(v, g[t]);
            for (uint32_t i = t; i-- > 0;) {
                bs_mul(tmp, v, x);
                bs_broadcast(coef, g[i]);
                for (int k = 0; k < M; ++k) v.w[k] = _mm256_xor_si256(tmp.w[k], coef.w[k]);
            }
            bs_inv(tmp, v);
            for (int k = 0; k < M; ++k) v.w[k] = _mm256_and_si256(tmp.w[k], valid.w[0]);
            for (uint32_t i = 0; i < t; ++i) {
                for (int k = 0; k < M; ++k) {
                    const uint32_t row = i * uint32_t(M) + uint32_t(k);
                    if (region == 0) {
                        uint64_t* dst = left + size_t(row) * lw + j0 / 64;
                        const uint32_t words = lw - j0 / 64 < 4 ? lw - j0 / 64 : 4;
                        if (words == 4) {
                            st(reinterpret_cast<uint8_t*>(dst), v.w[k]);
                        } else {
                            alignas(32) uint64_t tmpw[4];
                            _mm256_store_si256(reinterpret_cast<__m256i*>(tmpw), v.w[k]);
                            std::memcpy(dst, tmpw, 8 * size_t(words));
                        }
                    } else {
                        const uint32_t off = (j0 - mt) / 8;
                        uint8_t* dst = right + size_t(row) * rb + off;
                        if (rb - off >= 32) {
                            st(dst, v.w[k]);
                        } else {
                            alignas(32) uint8_t tmpb[32];
                            st(tmpb, v.w[k]);
                            std::memcpy(dst, tmpb, rb - off);
                        }
                    }
                }
                if (i + 1 < t) {
                    bs_mul(tmp, v, x);
                    v = tmp;
                }
            }
            // (The matrix itself is the output; the bitsliced copies of g's
            // values are not kept.)
            for (int k = 0; k < M; ++k) v.w[k] = tmp.w[k] = coef.w[k] = _mm256_setzero_si256();
            __asm__ __volatile__("" : : "r"(&v), "r"(&tmp), "r"(&coef) : "memory");
        }
    }
    std::memset(vals, 0, sizeof vals);
    __asm__ __volatile__("" : : "r"(vals) : "memory");
}

PQ_AVX2 void fill(uint64_t* left, uint32_t lw, uint8_t* right, uint32_t rb, uint32_t m, uint32_t t, uint32_t n,
                  const uint16_t* g, const uint16_t* L, bool with_right) {
    if (m == 12)
        fill_t<12>(left, lw, right, rb, t, n, g, L, with_right);
    else
        fill_t<13>(left, lw, right, rb, t, n, g, L, with_right);
}

// ---- the Goppa polynomial's system (Irreducible): 16 field elements per
// vector. vec * z^s (s < m) is made once per call by doublings reduced
// mod the field polynomial, then a row's product by a scalar is the XOR of
// those selected by the scalar's bits (masks, no table, no branch).
template <int M>
PQ_AVX2 void gf_axpy_rows_t(uint16_t* rows, uint32_t stride, uint32_t nrows, const uint16_t* scal,
                            uint32_t scal_stride, const uint16_t* vec, uint32_t len) {
    const uint32_t full = len / 16, rem = len % 16, chunks = full + (rem ? 1 : 0);
    auto off = [&](uint32_t q) { return q < full ? 16 * q : len - 16; };
    __m256i X[M][8];
    const __m256i top = _mm256_set1_epi16(int16_t(1u << (M - 1))), low = _mm256_set1_epi16(int16_t((1u << M) - 1));
    const __m256i red = _mm256_set1_epi16(M == 12 ? 0x9 : 0x1B);  // z^12 = z^3 + 1; z^13 = z^4 + z^3 + z + 1
    for (uint32_t q = 0; q < chunks; ++q) {
        __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(vec + off(q)));
        if (q == full)  // the overlapping last chunk: its lanes before len - rem are done already
            x = _mm256_and_si256(x, tail_keep_mask(2 * rem));
        for (int b = 0; b < M; ++b) {
            X[b][q] = x;
            const __m256i carry = _mm256_cmpeq_epi16(_mm256_and_si256(x, top), top);
            x = _mm256_xor_si256(_mm256_and_si256(_mm256_slli_epi16(x, 1), low), _mm256_and_si256(red, carry));
        }
    }
    for (uint32_t c = 0; c < nrows; ++c) {
        const uint32_t a = scal[size_t(c) * scal_stride];
        __m256i bm[M];
        for (int b = 0; b < M; ++b) bm[b] = _mm256_set1_epi16(int16_t(0 - ((a >> b) & 1)));
        uint16_t* row = rows + size_t(c) * stride;
        for (uint32_t q = 0; q < chunks; ++q) {
            __m256i* pr = reinterpret_cast<__m256i*>(row + off(q));
            __m256i acc = _mm256_loadu_si256(pr);
            for (int b = 0; b < M; ++b) acc = _mm256_xor_si256(acc, _mm256_and_si256(X[b][q], bm[b]));
            _mm256_storeu_si256(pr, acc);
        }
    }
    for (int b = 0; b < M; ++b)
        for (uint32_t q = 0; q < chunks; ++q) X[b][q] = _mm256_setzero_si256();
    __asm__ __volatile__("" : : "r"(X) : "memory");
}

PQ_AVX2 void gf_axpy_rows(uint16_t* rows, uint32_t stride, uint32_t nrows, const uint16_t* scal, uint32_t scal_stride,
                          const uint16_t* vec, uint32_t len, uint32_t m) {
    if (m == 12)
        gf_axpy_rows_t<12>(rows, stride, nrows, scal, scal_stride, vec, len);
    else
        gf_axpy_rows_t<13>(rows, stride, nrows, scal, scal_stride, vec, len);
}

PQ_AVX512 void replay512(uint8_t* rows, uint32_t stride, uint32_t from, uint32_t to, uint32_t mt, uint32_t r0,
                         uint32_t count, const uint64_t* fm, const uint64_t* cm, uint32_t mw, bool forward,
                         const uint64_t* gamma) {
    const uint32_t len = to > from ? to - from : 0, kz = (len + 63) / 64;
    if (len >= 256)
        replay_z<4>(rows, stride, from, to, mt, r0, count, fm, cm, mw, gamma);
    else if (len >= 128 && 64 * kz - len <= from) {
        // One block of kz vectors ending at `to` (as replay's short ranges).
        if (kz == 4)
            replay_z<4>(rows, stride, from, to, mt, r0, count, fm, cm, mw, gamma);
        else if (kz == 3)
            replay_z<3>(rows, stride, from, to, mt, r0, count, fm, cm, mw, gamma);
        else
            replay_z<2>(rows, stride, from, to, mt, r0, count, fm, cm, mw, gamma);
    } else if (len >= 128)
        replay_z<2>(rows, stride, from, to, mt, r0, count, fm, cm, mw, gamma);
    else
        replay(rows, stride, from, to, mt, r0, count, fm, cm, mw, forward, gamma);
}

constexpr X86Kernels kAvx2{"avx2", syndrome, build_e, steps, replay, fill, gf_axpy_rows, repeated, fw_select, sort32, false, false};
// (with VPCLMULQDQ: the AVX2 decoder's Berlekamp-Massey on carry-less products)
constexpr X86Kernels kAvx2Clmul{"avx2", syndrome, build_e, steps, replay, fill, gf_axpy_rows, repeated, fw_select, sort32, false, true};
// AVX-512 CPUs: the same but encapsulation's syndrome and the elimination's replay.
constexpr X86Kernels kAvx512{"avx512", syndrome512, build_e, steps, replay512, fill, gf_axpy_rows, repeated, fw_select, sort32, true, false};
constexpr X86Kernels kAvx512Clmul{"avx512", syndrome512, build_e, steps, replay512, fill, gf_axpy_rows, repeated, fw_select, sort32, true, true};
// (decapsulation's zmm decoder also needs VL)
constexpr X86Kernels kAvx512NoVl{"avx512", syndrome512, build_e, steps, replay512, fill, gf_axpy_rows, repeated, fw_select, sort32, false, false};

}  // namespace

const X86Kernels* x86_kernels() {
    static const X86Kernels* const chosen = [] {
        const x86::CpuFeatures& f = x86::cpu_features();
        if (!f.avx2) return static_cast<const X86Kernels*>(nullptr);
        if (f.avx512f && f.avx512bw) return f.avx512vl ? (f.vpclmul ? &kAvx512Clmul : &kAvx512) : &kAvx512NoVl;
        return f.vpclmul ? &kAvx2Clmul : &kAvx2;
    }();
    return chosen;
}

}  // namespace pqmcu::mceliece
