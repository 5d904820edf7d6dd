// SPDX-License-Identifier: Apache-2.0 OR MIT
// GFNI kernels of kernels_x86.hpp. Only these functions carry the target
// attributes; gf256_mul_fold() hands them out after the CPUID check.
#include "mqom/kernels_x86.hpp"

#include <immintrin.h>

#include <cstring>

#include "core/secure.hpp"
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

__attribute__((target("avx512f,avx512bw,gfni"))) void row_avx512(const uint8_t* c, const uint8_t* xT, uint32_t len,
                                                                 size_t row_bytes, uint8_t* out) {
    const __mmask64 m = ~uint64_t(0) >> (64 - row_bytes);
    __m512i acc0 = _mm512_setzero_si512(), acc1 = _mm512_setzero_si512();
    uint32_t k = 0;
    for (; k + 2 <= len; k += 2, xT += 2 * row_bytes) {
        acc0 = _mm512_xor_si512(acc0, _mm512_gf2p8mul_epi8(_mm512_set1_epi8(char(c[k])), _mm512_maskz_loadu_epi8(m, xT)));
        acc1 = _mm512_xor_si512(acc1, _mm512_gf2p8mul_epi8(_mm512_set1_epi8(char(c[k + 1])),
                                                           _mm512_maskz_loadu_epi8(m, xT + row_bytes)));
    }
    if (k < len)
        acc0 = _mm512_xor_si512(acc0, _mm512_gf2p8mul_epi8(_mm512_set1_epi8(char(c[k])), _mm512_maskz_loadu_epi8(m, xT)));
    _mm512_mask_storeu_epi8(out, m, _mm512_xor_si512(acc0, acc1));
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

}  // namespace

RowFn gf256_row() {
    static const RowFn fn = pick_row();
    return fn;
}

MulFoldFn gf256_mul_fold() {
    static const MulFoldFn fn = pick();
    return fn;
}

}  // namespace pqmcu::mqom::detail::x86
