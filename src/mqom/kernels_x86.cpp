// SPDX-License-Identifier: Apache-2.0 OR MIT
// GFNI kernels of kernels_x86.hpp. Only these functions carry the target
// attributes; gf256_mul_fold() hands them out after the CPUID check.
#include "mqom/kernels_x86.hpp"

#include <immintrin.h>

#include <cstring>

#include "core/secure.hpp"
#include "hash/keccak_internal.hpp"
#include "x86/cpu_features.hpp"

namespace pqmcu::mqom::detail::x86 {
namespace {

__attribute__((target("avx512f,avx512bw,gfni"))) uint64_t mul_fold_avx512(const uint8_t* a, const uint8_t* b,
                                                                          size_t bytes) {
    __m512i acc0 = _mm512_setzero_si512(), acc1 = _mm512_setzero_si512();
    size_t k = 0;
    for (; k + 128 <= bytes; k += 128) {
        acc0 = _mm512_xor_si512(acc0, _mm512_gf2p8mul_epi8(_mm512_loadu_si512(a + k), _mm512_loadu_si512(b + k)));
        acc1 = _mm512_xor_si512(acc1, _mm512_gf2p8mul_epi8(_mm512_loadu_si512(a + k + 64),
                                                           _mm512_loadu_si512(b + k + 64)));
    }
    if (k + 64 <= bytes) {
        acc0 = _mm512_xor_si512(acc0, _mm512_gf2p8mul_epi8(_mm512_loadu_si512(a + k), _mm512_loadu_si512(b + k)));
        k += 64;
    }
    if (k < bytes) {  // masked loads: nothing past the end is read (public length)
        const __mmask64 m = ~uint64_t(0) >> (64 - (bytes - k));
        acc1 = _mm512_xor_si512(acc1, _mm512_gf2p8mul_epi8(_mm512_maskz_loadu_epi8(m, a + k),
                                                           _mm512_maskz_loadu_epi8(m, b + k)));
    }
    acc0 = _mm512_xor_si512(acc0, acc1);
    // maskz extracts: GCC 12 warns (falsely) on the plain ones' undefined upper halves.
    __m256i h = _mm256_xor_si256(_mm512_maskz_extracti64x4_epi64(0xF, acc0, 0), _mm512_maskz_extracti64x4_epi64(0xF, acc0, 1));
    __m128i q = _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
    q = _mm_xor_si128(q, _mm_unpackhi_epi64(q, q));
    return uint64_t(_mm_cvtsi128_si64(q));
}

__attribute__((target("avx2,gfni"))) uint64_t mul_fold_avx2(const uint8_t* a, const uint8_t* b, size_t bytes) {
    __m256i acc = _mm256_setzero_si256();
    size_t k = 0;
    for (; k + 32 <= bytes; k += 32)
        acc = _mm256_xor_si256(acc, _mm256_gf2p8mul_epi8(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + k)),
                                                         _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + k))));
    if (k < bytes) {  // the tail through zero-padded copies (b's copy wiped)
        alignas(32) uint8_t ta[32] = {}, tb[32] = {};
        std::memcpy(ta, a + k, bytes - k);
        std::memcpy(tb, b + k, bytes - k);
        acc = _mm256_xor_si256(acc, _mm256_gf2p8mul_epi8(_mm256_load_si256(reinterpret_cast<const __m256i*>(ta)),
                                                         _mm256_load_si256(reinterpret_cast<const __m256i*>(tb))));
        secure_wipe(tb, sizeof tb);
    }
    __m128i q = _mm_xor_si128(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
    q = _mm_xor_si128(q, _mm_unpackhi_epi64(q, q));
    return uint64_t(_mm_cvtsi128_si64(q));
}

// t = sum_k c[k] xT[k] over the masked row (two accumulators: the
// products are independent, their latency hidden).
__attribute__((target("avx512f,avx512bw,gfni"), always_inline)) inline __m512i row_sum(const uint8_t* c,
                                                                                     const uint8_t* xT, uint32_t len,
                                                                                     size_t row_bytes, __mmask64 m) {
    __m512i acc0 = _mm512_setzero_si512(), acc1 = _mm512_setzero_si512();
    uint32_t k = 0;
    for (; k + 2 <= len; k += 2, xT += 2 * row_bytes) {
        acc0 = _mm512_xor_si512(acc0, _mm512_gf2p8mul_epi8(_mm512_set1_epi8(char(c[k])), _mm512_maskz_loadu_epi8(m, xT)));
        acc1 = _mm512_xor_si512(acc1, _mm512_gf2p8mul_epi8(_mm512_set1_epi8(char(c[k + 1])),
                                                           _mm512_maskz_loadu_epi8(m, xT + row_bytes)));
    }
    if (k < len)
        acc0 = _mm512_xor_si512(acc0, _mm512_gf2p8mul_epi8(_mm512_set1_epi8(char(c[k])), _mm512_maskz_loadu_epi8(m, xT)));
    return _mm512_xor_si512(acc0, acc1);
}

__attribute__((target("avx512f,avx512bw,gfni"))) void row_avx512(const uint8_t* c, const uint8_t* xT, uint32_t len,
                                                                 size_t row_bytes, uint8_t* out) {
    const __mmask64 m = ~uint64_t(0) >> (64 - row_bytes);
    _mm512_mask_storeu_epi8(out, m, row_sum(c, xT, len, row_bytes, m));
}

// GF(2^16) = GF(256)[Y]/(Y^2 + Y + 0x20), elements a0 | a1 << 8. For a
// public c = c0 + c1 Y and a lane x = x0 + x1 Y:
//   c x = (c0 x0 + 0x20 c1 x1) + (c1 x0 + (c0 + c1) x1) Y
//       = x (.) [c0, c0 + c1]  +  swap(x (.) [c1, 0x20 c1])
// ((.) bytewise GF(256) products, swap exchanges the two bytes of each
// 16-bit lane: swap(x) (.) b = swap(x (.) swap(b))). So each entry is two
// vgf2p8mulb into two accumulators, one swap at the end; the per-entry
// multipliers are made 32 entries at a time.
__attribute__((target("avx512f,avx512bw,gfni"), always_inline)) inline __m512i row16_sum(const uint16_t* c,
                                                                                       const uint8_t* xT,
                                                                                       uint32_t len, size_t row_bytes,
                                                                                       __mmask64 m) {
    alignas(64) uint16_t ma[32], mb[32];
    __m512i acc0 = _mm512_setzero_si512(), acc1 = _mm512_setzero_si512();
    for (uint32_t k0 = 0; k0 < len; k0 += 32) {
        const uint32_t cnt = len - k0 < 32 ? len - k0 : 32;
        const __mmask32 cm = cnt == 32 ? ~__mmask32(0) : __mmask32((1u << cnt) - 1);
        const __m512i cv = _mm512_maskz_loadu_epi16(cm, c + k0);
        const __m512i hi = _mm512_srli_epi16(cv, 8);  // [c1, 0]
        _mm512_store_si512(ma, _mm512_xor_si512(cv, _mm512_slli_epi16(cv, 8)));  // [c0, c0 ^ c1]
        _mm512_store_si512(mb, _mm512_xor_si512(hi, _mm512_slli_epi16(_mm512_gf2p8mul_epi8(hi, _mm512_set1_epi8(0x20)),
                                                                      8)));  // [c1, 0x20 c1]
        const uint8_t* xr = xT + size_t(k0) * row_bytes;
        for (uint32_t t = 0; t < cnt; ++t, xr += row_bytes) {
            const __m512i x = _mm512_maskz_loadu_epi8(m, xr);
            acc0 = _mm512_xor_si512(acc0, _mm512_gf2p8mul_epi8(x, _mm512_set1_epi16(short(ma[t]))));
            acc1 = _mm512_xor_si512(acc1, _mm512_gf2p8mul_epi8(x, _mm512_set1_epi16(short(mb[t]))));
        }
    }
    acc1 = _mm512_or_si512(_mm512_slli_epi16(acc1, 8), _mm512_srli_epi16(acc1, 8));
    return _mm512_xor_si512(acc0, acc1);
}

__attribute__((target("avx512f,avx512bw,gfni"))) void row16_avx512(const uint16_t* c, const uint8_t* xT, uint32_t len,
                                                                   size_t row_bytes, uint8_t* out) {
    const __mmask64 m = ~uint64_t(0) >> (64 - row_bytes);
    _mm512_mask_storeu_epi8(out, m, row16_sum(c, xT, len, row_bytes, m));
}

// Lane-wise GF(2^16) product of two (secret) vectors in the tower above:
// with P = a (.) b = [a0 b0, a1 b1] and Q = a (.) swap(b) = [a0 b1, a1 b0],
//   a b = (a0 b0 + 0x20 a1 b1) + (a0 b1 + a1 b0 + a1 b1) Y.
__attribute__((target("avx512f,avx512bw,gfni"), always_inline)) inline __m512i mul16(__m512i a, __m512i b) {
    const __m512i p = _mm512_gf2p8mul_epi8(a, b);
    const __m512i q = _mm512_gf2p8mul_epi8(a, _mm512_or_si512(_mm512_slli_epi16(b, 8), _mm512_srli_epi16(b, 8)));
    const __m512i ph = _mm512_srli_epi16(p, 8);  // [a1 b1, 0]
    const __m512i lo = _mm512_xor_si512(p, _mm512_gf2p8mul_epi8(ph, _mm512_set1_epi8(0x20)));
    const __m512i hi = _mm512_xor_si512(_mm512_xor_si512(q, _mm512_srli_epi16(q, 8)), ph);
    return _mm512_or_si512(_mm512_and_si512(lo, _mm512_set1_epi16(0x00FF)), _mm512_slli_epi16(hi, 8));
}

__attribute__((target("avx512f,avx512bw,gfni"))) void sign_row16_avx512(const uint16_t* c, const uint8_t* xT,
                                                                        uint32_t len, size_t row_bytes, uint32_t tau,
                                                                        uint8_t lx, uint8_t* s) {
    const __mmask64 m = ~uint64_t(0) >> (64 - row_bytes);
    const __m512i t = row16_sum(c, xT, len, row_bytes, m);
    const __m512i xj = _mm512_maskz_loadu_epi8(m, xT + size_t(len - 1) * row_bytes);
    const __m512i ax = _mm512_permutexvar_epi16(_mm512_set1_epi16(short(tau)), t);  // lane tau everywhere
    const __m512i s0 = _mm512_xor_si512(_mm512_maskz_loadu_epi8(m, s), mul16(t, xj));
    // lx is in the subfield GF(256): a byte-wise product with both halves.
    const __m512i s1 = _mm512_xor_si512(_mm512_maskz_loadu_epi8(m, s + row_bytes),
                                        _mm512_xor_si512(mul16(ax, xj), _mm512_gf2p8mul_epi8(_mm512_set1_epi8(char(lx)), t)));
    _mm512_mask_storeu_epi8(s, m, s0);
    _mm512_mask_storeu_epi8(s + row_bytes, m, s1);
}

__attribute__((target("avx512f,avx512bw,gfni"))) void verify_row16_avx512(const uint16_t* c, const uint8_t* xT,
                                                                          uint32_t len, size_t row_bytes,
                                                                          uint8_t* acc) {
    const __mmask64 m = ~uint64_t(0) >> (64 - row_bytes);
    const __m512i t = row16_sum(c, xT, len, row_bytes, m);
    const __m512i xj = _mm512_maskz_loadu_epi8(m, xT + size_t(len - 1) * row_bytes);
    _mm512_mask_storeu_epi8(acc, m, _mm512_xor_si512(_mm512_maskz_loadu_epi8(m, acc), mul16(t, xj)));
}


__attribute__((target("avx512f,avx512bw,gfni"))) void sign_row_avx512(const uint8_t* c, const uint8_t* xT, uint32_t len,
                                                                      size_t row_bytes, uint32_t tau, uint8_t lx,
                                                                      uint8_t* s) {
    const __mmask64 m = ~uint64_t(0) >> (64 - row_bytes);
    const __m512i t = row_sum(c, xT, len, row_bytes, m);
    const __m512i xj = _mm512_maskz_loadu_epi8(m, xT + size_t(len - 1) * row_bytes);
    // t[tau] in every byte: its 16-bit word everywhere, then its byte of the word (tau public).
    const __m512i w = _mm512_permutexvar_epi16(_mm512_set1_epi16(short(tau >> 1)), t);
    const __m512i ax = _mm512_shuffle_epi8(w, _mm512_set1_epi8(char(tau & 1)));
    const __m512i s0 = _mm512_xor_si512(_mm512_maskz_loadu_epi8(m, s), _mm512_gf2p8mul_epi8(t, xj));
    const __m512i s1 = _mm512_xor_si512(
        _mm512_maskz_loadu_epi8(m, s + row_bytes),
        _mm512_xor_si512(_mm512_gf2p8mul_epi8(ax, xj), _mm512_gf2p8mul_epi8(_mm512_set1_epi8(char(lx)), t)));
    _mm512_mask_storeu_epi8(s, m, s0);
    _mm512_mask_storeu_epi8(s + row_bytes, m, s1);
}

__attribute__((target("avx512f,avx512bw,gfni"))) void verify_row_avx512(const uint8_t* c, const uint8_t* xT,
                                                                        uint32_t len, size_t row_bytes, uint8_t* acc) {
    const __mmask64 m = ~uint64_t(0) >> (64 - row_bytes);
    const __m512i t = row_sum(c, xT, len, row_bytes, m);
    const __m512i xj = _mm512_maskz_loadu_epi8(m, xT + size_t(len - 1) * row_bytes);
    _mm512_mask_storeu_epi8(acc, m, _mm512_xor_si512(_mm512_maskz_loadu_epi8(m, acc), _mm512_gf2p8mul_epi8(t, xj)));
}

// NQ row sums t_q = sum_k c[q][k] xT[k] (one xT load for all NQ).
template <int NQ>
__attribute__((target("avx512f,avx512bw,gfni"), always_inline)) inline void row_sums(const uint8_t* const* c,
                                                                                   const uint8_t* xT, uint32_t len,
                                                                                   size_t row_bytes, __mmask64 m,
                                                                                   __m512i* t) {
    for (int q = 0; q < NQ; ++q) t[q] = _mm512_setzero_si512();
    for (uint32_t k = 0; k < len; ++k, xT += row_bytes) {
        const __m512i x = _mm512_maskz_loadu_epi8(m, xT);
        for (int q = 0; q < NQ; ++q)
            t[q] = _mm512_xor_si512(t[q], _mm512_gf2p8mul_epi8(_mm512_set1_epi8(char(c[q][k])), x));
    }
}

// The same with P = 2..4 rows of xT in one register (rows of row_bytes <= 64 / P
// bytes, contiguous): each product covers P entries, the multiplier
// [c[k] x R, c[k+1] x R, ...] is one vpermb of the P coefficients; the P
// segments are folded at the end (byte moves by R, 2R, ...). Public
// coefficients, possibly secret rows: fixed-time instructions, masks from
// public lengths.
#define PQMCU_MQOM_PACKED __attribute__((target("avx512f,avx512bw,avx512vbmi,gfni"), always_inline)) inline
template <int NQ, int P>
PQMCU_MQOM_PACKED void row_sums_packed(const uint8_t* const* c, const uint8_t* xT, uint32_t len, size_t row_bytes,
                                       __m512i* t) {
    const size_t R = row_bytes;
    // Byte i -> its row within the register (i / R, by compares: no division per call).
    const __m512i iota = _mm512_set_epi64(0x3F3E3D3C3B3A3938, 0x3736353433323130, 0x2F2E2D2C2B2A2928,
                                          0x2726252423222120, 0x1F1E1D1C1B1A1918, 0x1716151413121110,
                                          0x0F0E0D0C0B0A0908, 0x0706050403020100);
    const __m512i one = _mm512_set1_epi8(1);
    __m512i sidx = _mm512_setzero_si512();
    for (int p = 1; p < P; ++p)
        sidx = _mm512_mask_add_epi8(sidx, _mm512_cmpge_epu8_mask(iota, _mm512_set1_epi8(char(p * R))), sidx, one);
    const __mmask64 mfull = ~uint64_t(0) >> (64 - P * R);
    for (int q = 0; q < NQ; ++q) t[q] = _mm512_setzero_si512();
    uint32_t k = 0;
    for (; k + P <= len; k += P, xT += P * R) {
        const __m512i x = _mm512_maskz_loadu_epi8(mfull, xT);
        for (int q = 0; q < NQ; ++q) {
            const __m512i cv = _mm512_maskz_loadu_epi8(__mmask64((1u << P) - 1), c[q] + k);
            t[q] = _mm512_xor_si512(t[q], _mm512_gf2p8mul_epi8(_mm512_maskz_permutexvar_epi8(~__mmask64(0), sidx, cv), x));
        }
    }
    if (k < len) {  // 1 .. P-1 rows left (public)
        const uint32_t rest = len - k;
        const __m512i x = _mm512_maskz_loadu_epi8(~uint64_t(0) >> (64 - rest * R), xT);
        for (int q = 0; q < NQ; ++q) {
            const __m512i cv = _mm512_maskz_loadu_epi8(__mmask64((1u << rest) - 1), c[q] + k);
            t[q] = _mm512_xor_si512(t[q], _mm512_gf2p8mul_epi8(_mm512_maskz_permutexvar_epi8(~__mmask64(0), sidx, cv), x));
        }
    }
    // t_q = segment 0 ^ segment 1 ^ ... (bytes >= R: don't care, stores are masked).
    __m512i u[NQ];
    for (int q = 0; q < NQ; ++q) u[q] = t[q];
    for (int p = 1; p < P; ++p) {
        // byte i <- byte i + p R (vpermb uses the low 6 bits; i < R: no wrap, P R <= 64)
        const __m512i midx = _mm512_add_epi8(iota, _mm512_set1_epi8(char(p * R)));
        for (int q = 0; q < NQ; ++q) t[q] = _mm512_xor_si512(t[q], _mm512_maskz_permutexvar_epi8(~__mmask64(0), midx, u[q]));
    }
}

template <int NQ, int P = 1>
__attribute__((target("avx512f,avx512bw,avx512vbmi,gfni"))) void sign_rows_n(const uint8_t* const* c,
                                                                             const uint8_t* xT, uint32_t len,
                                                                             size_t row_bytes, uint32_t tau,
                                                                             uint8_t lx, uint8_t* s, size_t stride) {
    const __mmask64 m = ~uint64_t(0) >> (64 - row_bytes);
    __m512i t[NQ];
    if constexpr (P == 1) row_sums<NQ>(c, xT, len, row_bytes, m, t);
    else row_sums_packed<NQ, P>(c, xT, len, row_bytes, t);
    const __m512i xj = _mm512_maskz_loadu_epi8(m, xT + size_t(len - 1) * row_bytes);
    const __m512i lxv = _mm512_set1_epi8(char(lx));
    const __m512i wi = _mm512_set1_epi16(short(tau >> 1)), bi = _mm512_set1_epi8(char(tau & 1));
    for (int q = 0; q < NQ; ++q, s += stride) {
        const __m512i ax = _mm512_shuffle_epi8(_mm512_permutexvar_epi16(wi, t[q]), bi);  // t[tau] everywhere
        const __m512i s0 = _mm512_xor_si512(_mm512_maskz_loadu_epi8(m, s), _mm512_gf2p8mul_epi8(t[q], xj));
        const __m512i s1 = _mm512_xor_si512(_mm512_maskz_loadu_epi8(m, s + row_bytes),
                                            _mm512_xor_si512(_mm512_gf2p8mul_epi8(ax, xj), _mm512_gf2p8mul_epi8(lxv, t[q])));
        _mm512_mask_storeu_epi8(s, m, s0);
        _mm512_mask_storeu_epi8(s + row_bytes, m, s1);
    }
}

template <int P>
void sign_rows_p(const uint8_t* const* c, uint32_t g, const uint8_t* xT, uint32_t len, size_t row_bytes,
                 uint32_t tau, uint8_t lx, uint8_t* s, size_t stride) {
    uint32_t q = 0;
    for (; q + 4 <= g; q += 4) sign_rows_n<4, P>(c + q, xT, len, row_bytes, tau, lx, s + q * stride, stride);
    switch (g - q) {
    case 3: return sign_rows_n<3, P>(c + q, xT, len, row_bytes, tau, lx, s + q * stride, stride);
    case 2: return sign_rows_n<2, P>(c + q, xT, len, row_bytes, tau, lx, s + q * stride, stride);
    case 1: return sign_rows_n<1, P>(c + q, xT, len, row_bytes, tau, lx, s + q * stride, stride);
    default: return;
    }
}
// Rows packed P to a register where they fit (AVX-512VBMI: the spreads).
bool vbmi() {
    static const bool yes = pqmcu::x86::cpu_features().avx512vbmi;
    return yes;
}
void sign_rows_avx512(const uint8_t* const* c, uint32_t g, const uint8_t* xT, uint32_t len, size_t row_bytes,
                      uint32_t tau, uint8_t lx, uint8_t* s, size_t stride) {
    const size_t p = vbmi() ? 64 / row_bytes : 1;
    if (p >= 4) return sign_rows_p<4>(c, g, xT, len, row_bytes, tau, lx, s, stride);
    if (p == 3) return sign_rows_p<3>(c, g, xT, len, row_bytes, tau, lx, s, stride);
    if (p == 2) return sign_rows_p<2>(c, g, xT, len, row_bytes, tau, lx, s, stride);
    sign_rows_p<1>(c, g, xT, len, row_bytes, tau, lx, s, stride);
}

template <int NQ, int P = 1>
__attribute__((target("avx512f,avx512bw,avx512vbmi,gfni"))) void verify_rows_n(const uint8_t* const* c,
                                                                               const uint8_t* xT, uint32_t len,
                                                                               size_t row_bytes, uint8_t* acc,
                                                                               size_t stride) {
    const __mmask64 m = ~uint64_t(0) >> (64 - row_bytes);
    __m512i t[NQ];
    if constexpr (P == 1) row_sums<NQ>(c, xT, len, row_bytes, m, t);
    else row_sums_packed<NQ, P>(c, xT, len, row_bytes, t);
    const __m512i xj = _mm512_maskz_loadu_epi8(m, xT + size_t(len - 1) * row_bytes);
    for (int q = 0; q < NQ; ++q, acc += stride)
        _mm512_mask_storeu_epi8(acc, m, _mm512_xor_si512(_mm512_maskz_loadu_epi8(m, acc), _mm512_gf2p8mul_epi8(t[q], xj)));
}

template <int P>
void verify_rows_p(const uint8_t* const* c, uint32_t g, const uint8_t* xT, uint32_t len, size_t row_bytes,
                   uint8_t* acc, size_t stride) {
    uint32_t q = 0;
    for (; q + 4 <= g; q += 4) verify_rows_n<4, P>(c + q, xT, len, row_bytes, acc + q * stride, stride);
    switch (g - q) {
    case 3: return verify_rows_n<3, P>(c + q, xT, len, row_bytes, acc + q * stride, stride);
    case 2: return verify_rows_n<2, P>(c + q, xT, len, row_bytes, acc + q * stride, stride);
    case 1: return verify_rows_n<1, P>(c + q, xT, len, row_bytes, acc + q * stride, stride);
    default: return;
    }
}
void verify_rows_avx512(const uint8_t* const* c, uint32_t g, const uint8_t* xT, uint32_t len, size_t row_bytes,
                        uint8_t* acc, size_t stride) {
    const size_t p = vbmi() ? 64 / row_bytes : 1;
    if (p >= 4) return verify_rows_p<4>(c, g, xT, len, row_bytes, acc, stride);
    if (p == 3) return verify_rows_p<3>(c, g, xT, len, row_bytes, acc, stride);
    if (p == 2) return verify_rows_p<2>(c, g, xT, len, row_bytes, acc, stride);
    verify_rows_p<1>(c, g, xT, len, row_bytes, acc, stride);
}

// The fold with NV registers of acc (eb <= 64 NV; the last one masked).
template <int NV>
__attribute__((target("avx512f,avx512bw"))) void fold_n(const uint8_t* exp, size_t nb, size_t eb, uint32_t i0,
                                                         uint32_t N, uint32_t L, uint32_t skip, uint8_t* acc,
                                                         uint8_t* fold) {
    const __mmask64 mt = ~uint64_t(0) >> (64 * NV - eb);
    auto msk = [&](int v) { return v == NV - 1 ? mt : ~__mmask64(0); };
    __m512i a[NV];
    for (int v = 0; v < NV; ++v) a[v] = _mm512_maskz_loadu_epi8(msk(v), acc + 64 * v);
    for (size_t q = 0; q < nb; ++q, exp += eb) {
        const uint32_t i = i0 + uint32_t(q);
        if (i != skip)  // public: the verifier's opened leaf
            for (int v = 0; v < NV; ++v) a[v] = _mm512_xor_si512(a[v], _mm512_maskz_loadu_epi8(msk(v), exp + 64 * v));
        const uint32_t g = i + 1 == N ? L - 1 : uint32_t(__builtin_ctz(i + 1));
        uint8_t* f = fold + size_t(g) * eb;
        for (int v = 0; v < NV; ++v)
            _mm512_mask_storeu_epi8(f + 64 * v, msk(v),
                                    _mm512_xor_si512(a[v], _mm512_maskz_loadu_epi8(msk(v), f + 64 * v)));
    }
    for (int v = 0; v < NV; ++v) _mm512_mask_storeu_epi8(acc + 64 * v, msk(v), a[v]);
    for (int v = 0; v < NV; ++v) a[v] = _mm512_setzero_si512();
}

// A whole aligned batch of 32 leaves (i0 % 32 == 0, L >= 6): leaves q < 31
// fold into rows ctz(q + 1) < 5, which stay in registers over the batch
// (a masked store then a masked load of the same row two leaves later does
// not forward on these cores); leaf 31 folds into row >= 5 in memory.
template <int NV>
struct Fold32 {
    __m512i a[NV], r[5][NV];
    __mmask64 mt;
    __attribute__((target("avx512f,avx512bw"), always_inline)) __mmask64 msk(int v) const {
        return v == NV - 1 ? mt : ~__mmask64(0);
    }
    template <int Q>
    __attribute__((target("avx512f,avx512bw"), always_inline)) void steps(const uint8_t* exp, size_t eb, uint32_t i0,
                                                                          uint32_t skip) {
        if constexpr (Q < 31) {
            if (i0 + Q != skip)  // public: the verifier's opened leaf
                for (int v = 0; v < NV; ++v)
                    a[v] = _mm512_xor_si512(a[v], _mm512_maskz_loadu_epi8(msk(v), exp + Q * eb + 64 * v));
            constexpr int g = __builtin_ctz(Q + 1);
            for (int v = 0; v < NV; ++v) r[g][v] = _mm512_xor_si512(r[g][v], a[v]);
            steps<Q + 1>(exp, eb, i0, skip);
        }
    }
};
template <int NV>
__attribute__((target("avx512f,avx512bw"))) void fold32_n(const uint8_t* exp, size_t eb, uint32_t i0, uint32_t N,
                                                           uint32_t L, uint32_t skip, uint8_t* acc, uint8_t* fold) {
    Fold32<NV> st;
    st.mt = ~uint64_t(0) >> (64 * NV - eb);
    for (int v = 0; v < NV; ++v) st.a[v] = _mm512_maskz_loadu_epi8(st.msk(v), acc + 64 * v);
    for (int g = 0; g < 5; ++g)
        for (int v = 0; v < NV; ++v) st.r[g][v] = _mm512_maskz_loadu_epi8(st.msk(v), fold + g * eb + 64 * v);
    st.template steps<0>(exp, eb, i0, skip);
    if (i0 + 31 != skip)
        for (int v = 0; v < NV; ++v)
            st.a[v] = _mm512_xor_si512(st.a[v], _mm512_maskz_loadu_epi8(st.msk(v), exp + 31 * eb + 64 * v));
    const uint32_t g = i0 + 32 == N ? L - 1 : uint32_t(__builtin_ctz(i0 + 32));  // >= 5
    uint8_t* f = fold + size_t(g) * eb;
    for (int v = 0; v < NV; ++v)
        _mm512_mask_storeu_epi8(f + 64 * v, st.msk(v),
                                _mm512_xor_si512(st.a[v], _mm512_maskz_loadu_epi8(st.msk(v), f + 64 * v)));
    for (int g2 = 0; g2 < 5; ++g2)
        for (int v = 0; v < NV; ++v) _mm512_mask_storeu_epi8(fold + g2 * eb + 64 * v, st.msk(v), st.r[g2][v]);
    for (int v = 0; v < NV; ++v) _mm512_mask_storeu_epi8(acc + 64 * v, st.msk(v), st.a[v]);
}

void fold_avx512(const uint8_t* exp, size_t nb, size_t eb, uint32_t i0, uint32_t N, uint32_t L, uint32_t skip,
                 uint8_t* acc, uint8_t* fold) {
    if (nb == 32 && i0 % 32 == 0 && L >= 6) {
        switch ((eb + 63) / 64) {
        case 1: return fold32_n<1>(exp, eb, i0, N, L, skip, acc, fold);
        case 2: return fold32_n<2>(exp, eb, i0, N, L, skip, acc, fold);
        case 3: return fold32_n<3>(exp, eb, i0, N, L, skip, acc, fold);
        default: return fold32_n<4>(exp, eb, i0, N, L, skip, acc, fold);
        }
    }
    switch ((eb + 63) / 64) {
    case 1: return fold_n<1>(exp, nb, eb, i0, N, L, skip, acc, fold);
    case 2: return fold_n<2>(exp, nb, eb, i0, N, L, skip, acc, fold);
    case 3: return fold_n<3>(exp, nb, eb, i0, N, L, skip, acc, fold);
    default: return fold_n<4>(exp, nb, eb, i0, N, L, skip, acc, fold);
    }
}

// Elements k0 .. k0+cnt-1 (cnt <= 64) of a packed row, one per byte (zero above cnt).
__attribute__((target("avx512f,avx512bw,avx512vl,gfni"), always_inline)) inline __m512i unpack64(const uint8_t* row,
                                                                                               unsigned bits,
                                                                                               uint32_t k0,
                                                                                               uint32_t cnt) {
    if (bits == 8) return _mm512_maskz_loadu_epi8(~uint64_t(0) >> (64 - cnt), row + k0);
    if (bits == 4) {  // two per byte, low nibble first
        const uint32_t nb = (cnt + 1) / 2;
        const __m256i b = _mm256_maskz_loadu_epi8(uint32_t(~uint64_t(0) >> (64 - nb)), row + k0 / 2);
        const __m512i w = _mm512_cvtepu8_epi16(b);
        const __m512i v = _mm512_or_si512(_mm512_and_si512(w, _mm512_set1_epi16(0x000F)),
                                          _mm512_and_si512(_mm512_slli_epi16(w, 4), _mm512_set1_epi16(0x0F00)));
        return _mm512_maskz_mov_epi8(~uint64_t(0) >> (64 - cnt), v);
    }
    // one bit each, bit k % 8 of byte k / 8
    const uint32_t nb = (cnt + 7) / 8;
    const __m128i b = _mm_maskz_loadu_epi8(uint16_t((1u << nb) - 1), row + k0 / 8);
    const uint64_t bits64 = uint64_t(_mm_cvtsi128_si64(b)) & (~uint64_t(0) >> (64 - cnt));
    return _mm512_maskz_mov_epi8(bits64, _mm512_set1_epi8(1));
}

__attribute__((target("avx512f,avx512bw,avx512vl,gfni"))) void lift_rows_avx512(const uint8_t* src, size_t stride,
                                                                               uint32_t rows, unsigned base_bits,
                                                                               const uint64_t* mlo,
                                                                               const uint64_t* mhi, uint32_t n,
                                                                               uint8_t* out, size_t row_bytes) {
    alignas(64) uint8_t lo[64], hi[64];
    for (uint32_t k0 = 0; k0 < n; k0 += 64) {
        const uint32_t cnt = n - k0 < 64 ? n - k0 : 64;
        __m512i alo = _mm512_setzero_si512(), ahi = _mm512_setzero_si512();
        for (uint32_t j = 0; j < rows; ++j) {
            const __m512i u = unpack64(src + size_t(j) * stride, base_bits, k0, cnt);
            alo = _mm512_xor_si512(alo, _mm512_gf2p8affine_epi64_epi8(u, _mm512_set1_epi64(int64_t(mlo[j])), 0));
            if (mhi != nullptr)
                ahi = _mm512_xor_si512(ahi, _mm512_gf2p8affine_epi64_epi8(u, _mm512_set1_epi64(int64_t(mhi[j])), 0));
        }
        _mm512_store_si512(lo, alo);
        uint8_t* o = out + size_t(k0) * row_bytes;
        if (mhi != nullptr) {
            _mm512_store_si512(hi, ahi);
            for (uint32_t k = 0; k < cnt; ++k, o += row_bytes) {
                o[0] = lo[k];
                o[1] = hi[k];
            }
        } else {
            for (uint32_t k = 0; k < cnt; ++k, o += row_bytes) o[0] = lo[k];
        }
    }
    secure_wipe(lo, sizeof lo);
    secure_wipe(hi, sizeof hi);
}

__attribute__((target("avx512f,avx512bw,gfni"))) void scale_acc_avx512(const uint8_t* a, size_t bytes, uint8_t s,
                                                                       uint8_t* u) {
    const __m512i sv = _mm512_set1_epi8(char(s));
    size_t k = 0;
    for (; k + 64 <= bytes; k += 64)
        _mm512_storeu_si512(u + k, _mm512_xor_si512(_mm512_loadu_si512(u + k),
                                                    _mm512_gf2p8mul_epi8(sv, _mm512_loadu_si512(a + k))));
    if (k < bytes) {
        const __mmask64 m = ~uint64_t(0) >> (64 - (bytes - k));
        _mm512_mask_storeu_epi8(u + k, m, _mm512_xor_si512(_mm512_maskz_loadu_epi8(m, u + k),
                                                           _mm512_gf2p8mul_epi8(sv, _mm512_maskz_loadu_epi8(m, a + k))));
    }
}

// ---- BLC leaves (AES-128 seeds, cat 1): SeedDerive on VAES, written in place.
#define PQMCU_MQOM_VAES __attribute__((target("vaes,aes,avx2,avx512f,avx512bw,avx512vl")))
#define PQMCU_MQOM_VAES_INLINE __attribute__((target("vaes,aes,avx2,avx512f,avx512bw,avx512vl"), always_inline)) inline

PQMCU_MQOM_VAES_INLINE void load_keys(const uint32_t* rk, __m512i* k) {
    // maskz: the plain broadcast's undefined pass-through trips GCC 12's -Wuninitialized.
    for (size_t r = 0; r < 11; ++r)
        k[r] = _mm512_maskz_broadcast_i32x4(0xFFFF, _mm_loadu_si128(reinterpret_cast<const __m128i*>(rk + 4 * r)));
}
// LinOrtho of four 16-byte seeds (one per 128-bit lane): (lo ^ hi, lo).
PQMCU_MQOM_VAES_INLINE __m512i lin_ortho4(__m512i x) {
    // (maskz forms: GCC 12 warns falsely on the plain ones' undefined source.)
    return _mm512_xor_si512(_mm512_maskz_unpacklo_epi64(0xFF, x, x),
                            _mm512_maskz_unpackhi_epi64(0xFF, x, _mm512_setzero_si512()));
}
// SeedDerive of G registers of four seeds each under k.
template <size_t G>
PQMCU_MQOM_VAES_INLINE void derive4(const __m512i* k, const __m512i* s, __m512i* x) {
#pragma GCC unroll 8
    for (size_t g = 0; g < G; ++g) x[g] = _mm512_xor_si512(s[g], k[0]);
#pragma GCC unroll 9
    for (size_t r = 1; r < 10; ++r)
#pragma GCC unroll 8
        for (size_t g = 0; g < G; ++g) x[g] = _mm512_aesenc_epi128(x[g], k[r]);
#pragma GCC unroll 8
    for (size_t g = 0; g < G; ++g) x[g] = _mm512_xor_si512(_mm512_aesenclast_epi128(x[g], k[10]), lin_ortho4(s[g]));
}
// 16 bytes of lane I of v to p (the first len bytes).
template <int I>
PQMCU_MQOM_VAES_INLINE void put_lane(uint8_t* p, __m512i v, __mmask16 m) {
    _mm_mask_storeu_epi8(p, m, _mm512_maskz_extracti32x4_epi32(0xF, v, I));
}

PQMCU_MQOM_VAES void leaves_aes128_avx512(const uint32_t* const* rk, size_t nblk, const uint8_t* ls, size_t nb,
                                          uint8_t* lsc, uint8_t* exp, size_t eb) {
    __m512i k1[11], k2[11];
    load_keys(rk[0], k1);
    load_keys(rk[1], k2);
    // [c1_q c2_q c1_q+1 c2_q+1] from c1 = [c1_q .. c1_q+3], c2 likewise.
    const __m512i lo = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11), hi = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
    for (size_t q = 0; q < nb; q += 8) {
        __m512i s[2], a[2], b[2];
        for (size_t g = 0; g < 2; ++g) s[g] = _mm512_loadu_si512(ls + 16 * (q + 4 * g));
        derive4<2>(k1, s, a);
        derive4<2>(k2, s, b);
        for (size_t g = 0; g < 2; ++g) {
            uint8_t* o = lsc + 32 * (q + 4 * g);
            _mm512_storeu_si512(o, _mm512_maskz_permutex2var_epi64(0xFF, a[g], lo, b[g]));
            _mm512_storeu_si512(o + 64, _mm512_maskz_permutex2var_epi64(0xFF, a[g], hi, b[g]));
        }
        for (size_t i = 0; i < 8; ++i)
            _mm_storeu_si128(reinterpret_cast<__m128i*>(exp + (q + i) * eb),
                             _mm_loadu_si128(reinterpret_cast<const __m128i*>(ls + 16 * (q + i))));
    }
    for (size_t bl = 0; bl < nblk; ++bl) {
        __m512i k[11];
        load_keys(rk[2 + bl], k);
        const size_t off = 16 * (1 + bl), len = eb - off < 16 ? eb - off : 16;  // public
        const __mmask16 m = __mmask16((1u << len) - 1);
        for (size_t q = 0; q < nb; q += 16) {
            __m512i s[4], x[4];
            for (size_t g = 0; g < 4; ++g) s[g] = _mm512_loadu_si512(ls + 16 * (q + 4 * g));
            derive4<4>(k, s, x);
            for (size_t g = 0; g < 4; ++g) {
                uint8_t* o = exp + (q + 4 * g) * eb + off;
                put_lane<0>(o, x[g], m);
                put_lane<1>(o + eb, x[g], m);
                put_lane<2>(o + 2 * eb, x[g], m);
                put_lane<3>(o + 3 * eb, x[g], m);
            }
        }
    }
}

// The equation PRG's blocks: g <= 16 seeds in four registers (lanes past g
// zero, never stored), one key per block, the blocks of each seed to its
// window (public data).
PQMCU_MQOM_VAES void eq_blocks_aes128_avx512(const uint32_t* rk, size_t rk_words, size_t nblk, const uint8_t* seeds,
                                             uint32_t g, uint8_t* out, size_t stride) {
    __m512i s[4];
    for (uint32_t r = 0; r < 4; ++r) {
        const uint32_t left = g > 4 * r ? g - 4 * r : 0, lanes = left < 4 ? left : 4;
        s[r] = _mm512_maskz_loadu_epi32(__mmask16((1u << (4 * lanes)) - 1), seeds + 64 * r);
    }
    const uint32_t nr = (g + 3) / 4;
    for (size_t b = 0; b < nblk; ++b) {
        __m512i k[11], x[4];
        load_keys(rk + b * rk_words, k);
        derive4<4>(k, s, x);
        for (uint32_t r = 0; r < nr; ++r) {
            uint8_t* o = out + 4 * r * stride + 16 * b;
            const uint32_t left = g - 4 * r;  // public
            put_lane<0>(o, x[r], 0xFFFF);
            if (left > 1) put_lane<1>(o + stride, x[r], 0xFFFF);
            if (left > 2) put_lane<2>(o + 2 * stride, x[r], 0xFFFF);
            if (left > 3) put_lane<3>(o + 3 * stride, x[r], 0xFFFF);
        }
    }
}

// One GGM level (AES-128 seeds): parents p < count (count a multiple of 16)
// at nodes, children 2p, 2p + 1 = left, left ^ parent (left = SeedDerive_k(parent))
// in place, from the end: each group's parents are loaded before its
// children are stored, and those land at or above the group's own parents.
PQMCU_MQOM_VAES void level_aes128_avx512(const uint32_t* rk, uint8_t* nodes, size_t count) {
    __m512i k[11];
    load_keys(rk, k);
    const __m512i lo = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11), hi = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
    for (size_t p0 = count; p0 != 0;) {
        p0 -= 16;
        __m512i s[4], x[4];
        for (size_t g = 0; g < 4; ++g) s[g] = _mm512_loadu_si512(nodes + 16 * (p0 + 4 * g));
        derive4<4>(k, s, x);
        for (size_t g = 0; g < 4; ++g) {
            const __m512i y = _mm512_xor_si512(x[g], s[g]);
            uint8_t* o = nodes + 32 * (p0 + 4 * g);
            _mm512_storeu_si512(o, _mm512_maskz_permutex2var_epi64(0xFF, x[g], lo, y));
            _mm512_storeu_si512(o + 64, _mm512_maskz_permutex2var_epi64(0xFF, x[g], hi, y));
        }
    }
}

// ---- BLC leaves (Rijndael-256 seeds, cat 3 / 5): the same on zmm, two
// seeds a register (S = 24: zero-padded to the 32-byte block, output cut).
#define PQMCU_MQOM_VBMI __attribute__((target("vaes,aes,avx2,avx512f,avx512bw,avx512vl,avx512vbmi")))
#define PQMCU_MQOM_VBMI_INLINE \
    __attribute__((target("vaes,aes,avx2,avx512f,avx512bw,avx512vl,avx512vbmi"), always_inline)) inline

// Byte tables per 32-byte block (repeated for both halves): kR256Idx moves the
// bytes so that AES's per-lane ShiftRows gives Rijndael-256's (offsets 0, 1,
// 3, 4 over 8 columns): before each AESENC, byte j of the block takes byte
// src(j) with, after AES's ShiftRows, row r of column c' landing where
// Rijndael-256 wants column c' + off[r]. lo / hi: LinOrtho's two terms,
// (s[j mod h] for j < S) and (s[h + j] for j < h), h = S / 2.
struct R256Tables {
    alignas(64) uint8_t idx[64];
    alignas(64) uint8_t lo[2][64];
    alignas(64) uint8_t hi[2][64];
};
constexpr R256Tables make_r256_tables() {
    R256Tables t{};
    constexpr unsigned off[4] = {0, 1, 3, 4};
    for (unsigned j = 0; j < 32; ++j) {
        // Byte j = row j % 4 of column j / 4 after our move; AES's ShiftRows in
        // the lane of j (columns 4 (j / 16) ..) sends it to column
        // cl - r (mod 4) of that lane: there Rijndael-256 wants column
        // (that column + off[r]) mod 8 of the state before the round.
        const unsigned r = j % 4, c = j / 4, lane = c / 4, cl = c % 4;
        const unsigned dst = 4 * lane + (cl + 4 - r) % 4;  // where AES puts byte j
        const unsigned src = (dst + off[r]) % 8;           // Rijndael-256's source column for dst
        for (unsigned h = 0; h < 2; ++h) t.idx[32 * h + j] = uint8_t(32 * h + 4 * src + r);
    }
    for (unsigned v = 0; v < 2; ++v) {
        const unsigned S = v == 0 ? 24 : 32, hb = S / 2;
        for (unsigned j = 0; j < 64; ++j) {
            const unsigned b = j % 32, base = j - b;
            t.lo[v][j] = uint8_t(base + (b < S ? b % hb : 0));
            t.hi[v][j] = uint8_t(base + (b < hb ? hb + b : 0));
        }
    }
    return t;
}
constexpr R256Tables kR256 = make_r256_tables();
constexpr uint64_t block_mask64(unsigned n) {  // the first n bytes of both 32-byte halves
    uint64_t m = n >= 32 ? 0xFFFFFFFFull : (uint64_t(1) << n) - 1;
    return m | m << 32;
}

PQMCU_MQOM_VBMI_INLINE void load_keys_r256(const uint32_t* rk, __m512i* k) {
    for (size_t r = 0; r < 15; ++r)
        k[r] = _mm512_maskz_broadcast_i64x4(0xFF, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rk + 8 * r)));
}
// Seeds q, q + 1 (S bytes each, packed) as two zero-padded 32-byte blocks.
template <size_t S>
PQMCU_MQOM_VBMI_INLINE __m512i load2(const uint8_t* p) {
    if constexpr (S == 32) {
        return _mm512_loadu_si512(p);
    } else {
        const __m512i v = _mm512_maskz_loadu_epi64(0x3F, p);
        return _mm512_maskz_permutexvar_epi64(0x77, _mm512_setr_epi64(0, 1, 2, 0, 3, 4, 5, 0), v);
    }
}
// SeedDerive of G registers (2 seeds each) under k: Enc(s) ^ LinOrtho(s), cut at S bytes.
template <size_t S, size_t G>
PQMCU_MQOM_VBMI_INLINE void derive2x(const __m512i* k, const __m512i* s, __m512i* x) {
    const __m512i idx = _mm512_load_si512(kR256.idx);
    const __m512i lo = _mm512_load_si512(kR256.lo[S == 32]), hi = _mm512_load_si512(kR256.hi[S == 32]);
    constexpr __mmask64 ms = block_mask64(S), mh = block_mask64(S / 2);
#pragma GCC unroll 8
    for (size_t g = 0; g < G; ++g) x[g] = _mm512_xor_si512(s[g], k[0]);
#pragma GCC unroll 13
    for (size_t r = 1; r < 14; ++r)
#pragma GCC unroll 8
        for (size_t g = 0; g < G; ++g)
            x[g] = _mm512_aesenc_epi128(_mm512_maskz_permutexvar_epi8(~__mmask64(0), idx, x[g]), k[r]);
#pragma GCC unroll 8
    for (size_t g = 0; g < G; ++g) {
        const __m512i e = _mm512_aesenclast_epi128(_mm512_maskz_permutexvar_epi8(~__mmask64(0), idx, x[g]), k[14]);
        const __m512i l = _mm512_maskz_permutexvar_epi8(ms, lo, s[g]), h = _mm512_maskz_permutexvar_epi8(mh, hi, s[g]);
        x[g] = _mm512_ternarylogic_epi64(e, l, h, 0x96);
    }
}
// The first m bytes of 32-byte half I of v to p.
template <int I>
PQMCU_MQOM_VBMI_INLINE void put_half(uint8_t* p, __m512i v, __mmask32 m) {
    _mm256_mask_storeu_epi8(p, m, _mm512_maskz_extracti64x4_epi64(0xF, v, I));
}

template <size_t S>
PQMCU_MQOM_VBMI void leaves_r256_avx512(const uint32_t* const* rk, size_t nblk, const uint8_t* ls, size_t nb,
                                        uint8_t* lsc, uint8_t* exp, size_t eb) {
    constexpr __mmask32 ms = __mmask32(block_mask64(S));
    __m512i k[15];
    // Commitments: c1 then c2 of every seed to its place (2S apart); the seeds to exp.
    for (size_t c = 0; c < 2; ++c) {
        load_keys_r256(rk[c], k);
        for (size_t q = 0; q < nb; q += 8) {
            __m512i s[4], x[4];
            for (size_t g = 0; g < 4; ++g) s[g] = load2<S>(ls + S * (q + 2 * g));
            derive2x<S, 4>(k, s, x);
            for (size_t g = 0; g < 4; ++g) {
                uint8_t* o = lsc + 2 * S * (q + 2 * g) + c * S;
                put_half<0>(o, x[g], ms);
                put_half<1>(o + 2 * S, x[g], ms);
                if (c == 0) {
                    put_half<0>(exp + (q + 2 * g) * eb, s[g], ms);
                    put_half<1>(exp + (q + 2 * g + 1) * eb, s[g], ms);
                }
            }
        }
    }
    for (size_t bl = 0; bl < nblk; ++bl) {
        load_keys_r256(rk[2 + bl], k);
        const size_t off = S * (1 + bl), len = eb - off < S ? eb - off : S;  // public
        const __mmask32 m = __mmask32(block_mask64(unsigned(len)));
        for (size_t q = 0; q < nb; q += 8) {
            __m512i s[4], x[4];
            for (size_t g = 0; g < 4; ++g) s[g] = load2<S>(ls + S * (q + 2 * g));
            derive2x<S, 4>(k, s, x);
            for (size_t g = 0; g < 4; ++g) {
                uint8_t* o = exp + (q + 2 * g) * eb + off;
                put_half<0>(o, x[g], m);
                put_half<1>(o + eb, x[g], m);
            }
        }
    }
}

// The equation PRG's blocks (Rijndael-256 seeds): as eq_blocks_aes128_avx512,
// two seeds a register (a zero-padded copy: g may be odd, S = 24 packed).
template <size_t S>
PQMCU_MQOM_VBMI void eq_blocks_r256_avx512(const uint32_t* rk, size_t rk_words, size_t nblk, const uint8_t* seeds,
                                           uint32_t g, uint8_t* out, size_t stride) {
    constexpr __mmask32 ms = __mmask32(block_mask64(S));
    alignas(64) uint8_t sd[16 * S + 16] = {};
    std::memcpy(sd, seeds, g * S);
    __m512i s[8];
    for (size_t r = 0; r < 8; ++r) s[r] = load2<S>(sd + 2 * S * r);
    const uint32_t np = (g + 1) / 2;
    for (size_t b = 0; b < nblk; ++b) {
        __m512i k[15], x[8];
        load_keys_r256(rk + b * rk_words, k);
        derive2x<S, 8>(k, s, x);
        for (uint32_t r = 0; r < np; ++r) {
            uint8_t* o = out + 2 * r * stride + S * b;
            put_half<0>(o, x[r], ms);
            if (2 * r + 1 < g) put_half<1>(o + stride, x[r], ms);  // public
        }
    }
}

// One GGM level (Rijndael-256 seeds; count a multiple of 8), as level_aes128_avx512.
template <size_t S>
PQMCU_MQOM_VBMI void level_r256_avx512(const uint32_t* rk, uint8_t* nodes, size_t count) {
    __m512i k[15];
    load_keys_r256(rk, k);
    // [l_q r_q l_q+1 r_q+1] from x = [l_q l_q+1], y = [r_q r_q+1] (S / 8 words each).
    const __m512i i0 = S == 32 ? _mm512_setr_epi64(0, 1, 2, 3, 8, 9, 10, 11) : _mm512_setr_epi64(0, 1, 2, 8, 9, 10, 4, 5);
    const __m512i i1 = S == 32 ? _mm512_setr_epi64(4, 5, 6, 7, 12, 13, 14, 15) : _mm512_setr_epi64(6, 12, 13, 14, 0, 0, 0, 0);
    constexpr __mmask8 m1 = S == 32 ? 0xFF : 0x0F;
    for (size_t p0 = count; p0 != 0;) {
        p0 -= 8;
        __m512i s[4], x[4];
        for (size_t g = 0; g < 4; ++g) s[g] = load2<S>(nodes + S * (p0 + 2 * g));
        derive2x<S, 4>(k, s, x);
        for (size_t g = 0; g < 4; ++g) {
            const __m512i y = _mm512_xor_si512(x[g], s[g]);
            uint8_t* o = nodes + 2 * S * (p0 + 2 * g);
            _mm512_storeu_si512(o, _mm512_maskz_permutex2var_epi64(0xFF, x[g], i0, y));
            _mm512_mask_storeu_epi64(o + 64, m1, _mm512_maskz_permutex2var_epi64(m1, x[g], i1, y));
        }
    }
}

// ---- Grinding: eight nonce candidates per Keccak-f on zmm (public data).
#define PQMCU_MQOM_X8 __attribute__((target("avx512f")))
#define PQMCU_MQOM_X8_INLINE __attribute__((target("avx512f"), always_inline)) inline
template <unsigned N>
PQMCU_MQOM_X8_INLINE __m512i rol8(__m512i v) {
    if constexpr (N == 0) return v;
    else return _mm512_maskz_rol_epi64(0xFF, v, int(N));  // maskz: see lin_ortho4
}
template <unsigned I>
PQMCU_MQOM_X8_INLINE void rho_pi8(const __m512i* a, const __m512i* d, __m512i* b) {
    if constexpr (I < 25) {
        b[pqmcu::hash::internal::pi_dest(I)] = rol8<pqmcu::hash::internal::kRho[I]>(_mm512_xor_si512(a[I], d[I % 5]));
        rho_pi8<I + 1>(a, d, b);
    }
}
PQMCU_MQOM_X8_INLINE void round_x8(__m512i* a, uint64_t rc) {
    __m512i c[5], d[5], b[25];
#pragma GCC unroll 5
    for (unsigned x = 0; x < 5; ++x)
        c[x] = _mm512_ternarylogic_epi64(_mm512_ternarylogic_epi64(a[x], a[x + 5], a[x + 10], 0x96), a[x + 15],
                                         a[x + 20], 0x96);
#pragma GCC unroll 5
    for (unsigned x = 0; x < 5; ++x) d[x] = _mm512_xor_si512(c[(x + 4) % 5], rol8<1>(c[(x + 1) % 5]));
    rho_pi8<0>(a, d, b);
#pragma GCC unroll 5
    for (unsigned y = 0; y < 25; y += 5) {
#pragma GCC unroll 5
        for (unsigned x = 0; x < 5; ++x)  // b0 ^ (~b1 & b2)
            a[y + x] = _mm512_ternarylogic_epi64(b[y + x], b[y + (x + 1) % 5], b[y + (x + 2) % 5], 0xD2);
    }
    a[0] = _mm512_xor_si512(a[0], _mm512_set1_epi64(static_cast<long long>(rc)));
}

PQMCU_MQOM_X8 void grind8_avx512(const uint64_t* pre, unsigned nl, unsigned ns, uint32_t base, unsigned nout,
                                 uint64_t (*out)[16]) {
    __m512i a[25];
    for (unsigned i = 0; i < 25; ++i) a[i] = _mm512_set1_epi64(static_cast<long long>(pre[i]));
    const __m512i nonces = _mm512_add_epi64(_mm512_set1_epi64(base), _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7));
    // The counter's 32 bits: base + j < 2^32 for every try the signer reaches.
    a[nl] = _mm512_xor_si512(a[nl], _mm512_maskz_sllv_epi64(0xFF, nonces, _mm512_set1_epi64(ns)));
    for (unsigned r = 0; r < 24; ++r) round_x8(a, pqmcu::hash::internal::kRoundConstants[r]);
    // Lane i of candidate j to out[j][i]: lanes as 8 x 8 blocks, scattered by a strided store.
    const __m512i idx = _mm512_setr_epi64(0, 16, 32, 48, 64, 80, 96, 112);
    for (unsigned i = 0; i < nout; ++i) _mm512_i64scatter_epi64(&out[0][i], idx, a[i], 8);
}

MulFoldFn pick() {
    const auto& f = pqmcu::x86::cpu_features();
    if (!f.gfni) return nullptr;
    if (f.avx512f && f.avx512bw) return mul_fold_avx512;
    if (f.avx2) return mul_fold_avx2;
    return nullptr;
}

RowFn pick_row() {
    const auto& f = pqmcu::x86::cpu_features();
    return f.gfni && f.avx512f && f.avx512bw ? row_avx512 : nullptr;
}

Row16Fn pick_row16() {
    const auto& f = pqmcu::x86::cpu_features();
    return f.gfni && f.avx512f && f.avx512bw ? row16_avx512 : nullptr;
}

bool avx512_gfni() {
    const auto& f = pqmcu::x86::cpu_features();
    return f.gfni && f.avx512f && f.avx512bw;
}

// What the VAES kernels (AES-128, Rijndael-256) need; Rijndael-256's also need AVX-512VBMI.
bool vaes512() {
    const auto& f = pqmcu::x86::cpu_features();
    return f.vaes && f.aesni && f.avx512f && f.avx512bw && f.avx512vl;
}

// The kernel for seed_bytes: K16 (AES-128) for 16-byte seeds, K24 / K32
// (Rijndael-256) for 24 / 32-byte ones, else nullptr; features checked once.
template <auto K16, auto K24, auto K32>
decltype(K16) by_seed_bytes(size_t seed_bytes) {
    static const bool vaes = vaes512();
    static const bool vbmi = vaes && pqmcu::x86::cpu_features().avx512vbmi;
    if (seed_bytes == 16) return vaes ? K16 : nullptr;
    if (!vbmi) return nullptr;
    return seed_bytes == 24 ? K24 : seed_bytes == 32 ? K32 : nullptr;
}

// The kernel K when AVX-512BW + GFNI are present, else nullptr; decided once
// (one static per kernel).
template <auto K>
decltype(K) if_avx512_gfni() {
    static const decltype(K) fn = avx512_gfni() ? K : nullptr;
    return fn;
}

}  // namespace

SignRowFn gf256_sign_row() { return if_avx512_gfni<sign_row_avx512>(); }

VerifyRowFn gf256_verify_row() { return if_avx512_gfni<verify_row_avx512>(); }

SignRowsFn gf256_sign_rows() { return if_avx512_gfni<sign_rows_avx512>(); }

VerifyRowsFn gf256_verify_rows() { return if_avx512_gfni<verify_rows_avx512>(); }

SignRow16Fn gf65536_sign_row() { return if_avx512_gfni<sign_row16_avx512>(); }

VerifyRow16Fn gf65536_verify_row() { return if_avx512_gfni<verify_row16_avx512>(); }

ScaleAccFn gf256_scale_acc() { return if_avx512_gfni<scale_acc_avx512>(); }

LiftRowsFn lift_rows() {
    static const LiftRowsFn fn = [] {
        const auto& f = pqmcu::x86::cpu_features();
        return f.gfni && f.avx512f && f.avx512bw && f.avx512vl ? lift_rows_avx512 : nullptr;
    }();
    return fn;
}

LeavesFn blc_leaves_aes128() {
    static const LeavesFn fn = vaes512() ? leaves_aes128_avx512 : nullptr;
    return fn;
}

EqBlocksFn eq_blocks(size_t seed_bytes) {
    return by_seed_bytes<eq_blocks_aes128_avx512, eq_blocks_r256_avx512<24>, eq_blocks_r256_avx512<32>>(seed_bytes);
}

LeavesFn blc_leaves_r256(size_t seed_bytes) {
    static const bool ok = vaes512() && pqmcu::x86::cpu_features().avx512vbmi;
    if (!ok) return nullptr;
    return seed_bytes == 24 ? leaves_r256_avx512<24> : seed_bytes == 32 ? leaves_r256_avx512<32> : nullptr;
}

LevelFn ggm_level(size_t seed_bytes) {
    return by_seed_bytes<level_aes128_avx512, level_r256_avx512<24>, level_r256_avx512<32>>(seed_bytes);
}

Grind8Fn keccak_grind8() {
    static const Grind8Fn fn = pqmcu::x86::cpu_features().avx512f ? grind8_avx512 : nullptr;
    return fn;
}

FoldFn blc_fold() {
    static const FoldFn fn = [] {
        const auto& f = pqmcu::x86::cpu_features();
        return f.avx512f && f.avx512bw ? fold_avx512 : nullptr;
    }();
    return fn;
}

Row16Fn gf65536_row() {
    static const Row16Fn fn = pick_row16();
    return fn;
}

RowFn gf256_row() {
    static const RowFn fn = pick_row();
    return fn;
}

MulFoldFn gf256_mul_fold() {
    static const MulFoldFn fn = pick();
    return fn;
}

}  // namespace pqmcu::mqom::detail::x86
