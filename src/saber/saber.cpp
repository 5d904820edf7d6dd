// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "saber/params.hpp"
#include "saber/poly.hpp"

#include <cstring>

#include "core/secure.hpp"

#if defined(__ARM_FEATURE_SIMD32)
#include <arm_acle.h>
#endif

#if defined(PQMCU_SABER_NTT_M4_ASM)
extern "C" void pqmcu_saber_wipe_m4(void* p, size_t bytes);
extern "C" uint32_t pqmcu_saber_cmp_rounded10_m4(const uint8_t* expect, const uint16_t* in, size_t groups,
                                                 uint32_t add);
extern "C" void pqmcu_saber_decode_msg6_m4(uint8_t* m, const uint16_t* v, const uint8_t* cm, uint32_t h2);
extern "C" uint32_t pqmcu_saber_cmp_rounded6_msg_m4(const uint8_t* expect, const uint16_t* in, const uint8_t* m,
                                                    uint32_t add);
#endif
#if defined(PQMCU_SABER_NTT_AVX2)
#include <immintrin.h>

#include "x86/cpu_features.hpp"
#endif

namespace pqmcu::saber {

void wipe_workspace(void* p, size_t bytes) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_wipe_m4(p, bytes);
#else
    secure_wipe(p, bytes);
#endif
}

void pack_bits(uint8_t* out, const uint16_t* in, size_t count, unsigned bits) {
    const uint32_t mask = (1u << bits) - 1;
    uint32_t acc = 0;
    unsigned have = 0;
    size_t o = 0;
    for (size_t i = 0; i < count; ++i) {
        acc |= (uint32_t(in[i]) & mask) << have;
        have += bits;
        while (have >= 8) {  // public: depends on bits and i only
            out[o++] = uint8_t(acc);
            acc >>= 8;
            have -= 8;
        }
    }
}

void unpack_bits(uint16_t* out, const uint8_t* in, size_t count, unsigned bits) {
    const uint32_t mask = (1u << bits) - 1;
    uint32_t acc = 0;
    unsigned have = 0;
    size_t o = 0;
    for (size_t i = 0; i < count; ++i) {
        while (have < bits) {
            acc |= uint32_t(in[o++]) << have;
            have += 8;
        }
        out[i] = uint16_t(acc & mask);
        acc >>= bits;
        have -= bits;
    }
}

void sample_binomial(uint16_t* s, const uint8_t* coins, unsigned mu) {
    const unsigned half = mu / 2;
    const uint32_t field_mask = (1u << mu) - 1;
    // Four coefficients take 4 mu bits = mu / 2 whole bytes.
    for (size_t g = 0; g < kN / 4; ++g) {
        uint64_t t = 0;
        for (unsigned b = 0; b < half; ++b) t |= uint64_t(coins[g * half + b]) << (8 * b);
        for (unsigned k = 0; k < 4; ++k) {
            const uint32_t field = uint32_t(t >> (k * mu)) & field_mask;
            uint32_t x = 0, y = 0;
            for (unsigned b = 0; b < half; ++b) {
                x += (field >> b) & 1;
                y += (field >> (half + b)) & 1;
            }
            s[4 * g + k] = uint16_t(x - y);
        }
    }
}

namespace {
// Groups of 8 coefficients = Bits bytes, fully unrolled so that the bit
// offsets are constants (count a multiple of 8). Little endian: whole words
// are stored as soon as 32 bits are collected (one unaligned STR on the M4),
// the group's last bytes one at a time. Byte i of out is written only after
// every coefficient whose bits reach it is read, and (Bits <= 16) after
// coefficient i / 2: out may equal a uint16 input read in place
// (pack_rounded_le16).
template <unsigned Bits, class Get>
inline void pack_groups(uint8_t* out, size_t count, Get get) {
    constexpr uint32_t mask = (1u << Bits) - 1;
    static_assert(Bits <= 16);
    for (size_t g = 0; g < count; g += 8) {
        if constexpr (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) {
            uint64_t acc = 0;
            unsigned have = 0;
#pragma GCC unroll 8
            for (unsigned k = 0; k < 8; ++k) {
                acc |= uint64_t(uint32_t(get(g + k)) & mask) << have;
                have += Bits;
                if (have >= 32) {
                    const uint32_t w = uint32_t(acc);
                    std::memcpy(out, &w, 4);
                    out += 4;
                    acc >>= 32;
                    have -= 32;
                }
            }
#pragma GCC unroll 4
            while (have >= 8) {
                *out++ = uint8_t(acc);
                acc >>= 8;
                have -= 8;
            }
        } else {
            uint32_t acc = 0;
            unsigned have = 0;
#pragma GCC unroll 8
            for (unsigned k = 0; k < 8; ++k) {
                acc |= (uint32_t(get(g + k)) & mask) << have;
                have += Bits;
#pragma GCC unroll 4
                while (have >= 8) {
                    *out++ = uint8_t(acc);
                    acc >>= 8;
                    have -= 8;
                }
            }
        }
    }
}
inline uint32_t load_u32(const uint8_t* p) {
    uint32_t w;
    std::memcpy(&w, p, 4);  // one (unaligned) LDR on the M4
    return w;
}
template <unsigned Bits, bool Padded = false>
inline void unpack_centred_t(int32_t* out, const uint8_t* in, size_t count) {
    constexpr uint32_t mask = (1u << Bits) - 1;
    constexpr unsigned sh = 32 - Bits;
    size_t g = 0;
    if constexpr (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) {
        // Word loads: field k of a group starts at bit k Bits, within the
        // word at byte k Bits / 8 (offset <= 7, 7 + Bits <= 32). A group's
        // last word reaches up to 3 bytes past its Bits bytes, so the last
        // group takes the byte path below (no read past the input).
        for (; g + (Padded ? 0 : 8) < count; g += 8, in += Bits) {
            if constexpr (8 * Bits <= 32) {
                const uint32_t w = load_u32(in);
#pragma GCC unroll 8
                for (unsigned k = 0; k < 8; ++k) out[g + k] = int32_t(w << (sh - k * Bits)) >> sh;
            } else {
                // All loads first (out may alias in as far as the compiler
                // knows, so loads after a store could not be hoisted).
                uint32_t w[8];
#pragma GCC unroll 8
                for (unsigned k = 0; k < 8; ++k) w[k] = load_u32(in + k * Bits / 8);
#pragma GCC unroll 8
                for (unsigned k = 0; k < 8; ++k) out[g + k] = int32_t(w[k] << (sh - (k * Bits) % 8)) >> sh;
            }
        }
    }
    for (; g < count; g += 8) {
        uint32_t acc = 0;
        unsigned have = 0;
#pragma GCC unroll 8
        for (unsigned k = 0; k < 8; ++k) {
#pragma GCC unroll 4
            while (have < Bits) {
                acc |= uint32_t(*in++) << have;
                have += 8;
            }
            out[g + k] = int32_t((acc & mask) << sh) >> sh;
            acc >>= Bits;
            have -= Bits;
        }
    }
}
// Four coefficients from 4 mu bits: each half field's bits summed in place
// (SWAR), then a - b per coefficient.
template <unsigned Mu>
inline void sample_t(int32_t* s, const uint8_t* coins, size_t count) {
    constexpr unsigned half = Mu / 2;
    constexpr uint64_t ones = [] {
        uint64_t m = 0;
        for (unsigned f = 0; f < 8; ++f) m |= uint64_t(1) << (f * half);
        return m;
    }();
    constexpr uint32_t fmask = (1u << half) - 1;
    for (size_t g = 0; g < count / 4; ++g) {
        uint64_t t = 0;
#pragma GCC unroll 5
        for (unsigned b = 0; b < half; ++b) t |= uint64_t(coins[g * half + b]) << (8 * b);
        uint64_t d = 0;
#pragma GCC unroll 5
        for (unsigned j = 0; j < half; ++j) d += (t >> j) & ones;
#pragma GCC unroll 4
        for (unsigned k = 0; k < 4; ++k) {
            const uint32_t f = uint32_t(d >> (k * Mu));
            s[4 * g + k] = int32_t(f & fmask) - int32_t((f >> half) & fmask);
        }
    }
}
inline uint16_t load_le16(const uint8_t* p) { return uint16_t(p[0] | (p[1] << 8)); }
}  // namespace

#if defined(PQMCU_SABER_NTT_AVX2)
namespace {
// x86 hosts with AVX2: a group of 8 Bits-bit fields (Bits bytes) per step,
// each field's 4 bytes gathered into a 32-bit lane by vpshufb from the
// group's 16 bytes (both 128-bit lanes), shifted down by vpsrlvd and sign-
// extended by a shift pair. The 16-byte loads read up to 16 - Bits bytes
// past a group, so the groups whose load would pass `end` take the scalar
// path (or, `Padded`, the caller's 3 bytes of padding suffice for 13 bits).
template <unsigned Bits>
[[gnu::target("avx2")]] size_t unpack_centred_avx2(int32_t* out, const uint8_t* in, size_t count, const uint8_t* end) {
    alignas(32) int8_t idx[32];
    alignas(32) int32_t sh[8];
    for (unsigned k = 0; k < 8; ++k) {
        const unsigned at = k * Bits / 8;
        for (unsigned b = 0; b < 4; ++b) idx[4 * k + b] = int8_t(at + b);
        sh[k] = int32_t(k * Bits % 8);
    }
    const __m256i shuf = _mm256_load_si256(reinterpret_cast<const __m256i*>(idx));
    const __m256i shift = _mm256_load_si256(reinterpret_cast<const __m256i*>(sh));
    size_t g = 0;
    for (; g + 8 <= count && in + 16 <= end; g += 8, in += Bits) {
        const __m256i v = _mm256_broadcastsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(in)));
        __m256i w = _mm256_srlv_epi32(_mm256_shuffle_epi8(v, shuf), shift);
        w = _mm256_srai_epi32(_mm256_slli_epi32(w, 32 - Bits), 32 - Bits);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + g), w);
    }
    return g;
}
// The binomial sampler on 8 coefficients a step (x86 hosts with AVX2): each
// coefficient's mu-bit field gathered into a 32-bit lane as above, then
// sample_t's SWAR count: the bits of both half fields summed in place
// (field >> b) & (1 | 1 << half), b < half, each sum <= 5 in 3 bits, then
// low sum - high sum. The loads (16 bytes for mu = 10, else 8) read
// past a group's mu bytes, so the groups whose load would pass `end` are
// left to the scalar code; every load precedes the group's store (in-place
// sampling, scheme.hpp: a group's store stays below the next group's coins).
template <unsigned Mu>
[[gnu::target("avx2")]] size_t sample_avx2(int32_t* s, const uint8_t* coins, size_t count, const uint8_t* end) {
    constexpr unsigned half = Mu / 2, load = Mu == 10 ? 16 : 8;
    alignas(32) int8_t idx[32];
    alignas(32) int32_t sh[8];
    for (unsigned k = 0; k < 8; ++k) {
        const unsigned at = k * Mu / 8;
        for (unsigned b = 0; b < 4; ++b) idx[4 * k + b] = int8_t(at + b < load ? at + b : -1);
        sh[k] = int32_t(k * Mu % 8);
    }
    const __m256i shuf = _mm256_load_si256(reinterpret_cast<const __m256i*>(idx));
    const __m256i shift = _mm256_load_si256(reinterpret_cast<const __m256i*>(sh));
    const __m256i ones = _mm256_set1_epi32(int32_t(1u | 1u << half)), low = _mm256_set1_epi32(7);
    size_t g = 0;
    for (; g + 8 <= count && coins + load <= end; g += 8, coins += Mu) {
        const __m128i b = load == 8 ? _mm_loadl_epi64(reinterpret_cast<const __m128i*>(coins))
                                  : _mm_loadu_si128(reinterpret_cast<const __m128i*>(coins));
        const __m256i f = _mm256_srlv_epi32(_mm256_shuffle_epi8(_mm256_broadcastsi128_si256(b), shuf), shift);
        __m256i t = _mm256_and_si256(f, ones);
#pragma GCC unroll 5
        for (unsigned j = 1; j < half; ++j) t = _mm256_add_epi32(t, _mm256_and_si256(_mm256_srli_epi32(f, int(j)), ones));
        const __m256i v = _mm256_sub_epi32(_mm256_and_si256(t, low), _mm256_srli_epi32(t, int(half)));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(s + g), v);
    }
    return g;
}
// The rows' rounding, (x + add) >> 3 as 10-bit fields (x86 hosts with
// AVX2), 16 coefficients a step into `buf` (count * 10 / 8 bytes + 6 of
// slack): the 16-bit fields paired into 20-bit ones (vpmaddwd by 1, 2^10),
// those paired into 40-bit ones per 64-bit lane, each 128-bit lane's two
// 5-byte groups gathered to its low 10 bytes (vpshufb) and the two lanes
// stored 10 bytes apart (16-byte stores: the next step's store covers the
// 6 bytes past). The same fields in the same bit order as pack_rounded_w.
[[gnu::target("avx2")]] void round10_avx2(uint8_t* buf, const uint16_t* in, size_t count, uint16_t add) {
    const __m256i vadd = _mm256_set1_epi16(int16_t(add)), m10 = _mm256_set1_epi16(0x3FF);
    const __m256i pair = _mm256_set1_epi32(0x04000001);
    const __m256i lo20 = _mm256_set1_epi64x(0xFFFFF), hi20 = _mm256_set1_epi64x(int64_t(0xFFFFF) << 20);
    const __m256i gather = _mm256_setr_epi8(0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1, -1, -1, -1, -1, -1, 0, 1, 2, 3, 4, 8,
                                            9, 10, 11, 12, -1, -1, -1, -1, -1, -1);
    for (size_t i = 0; i < count; i += 16, buf += 20) {
        __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(in + i));
        v = _mm256_and_si256(_mm256_srli_epi16(_mm256_add_epi16(v, vadd), 3), m10);
        const __m256i t = _mm256_madd_epi16(v, pair);  // 20-bit pairs in 32-bit lanes
        const __m256i u = _mm256_or_si256(_mm256_and_si256(t, lo20), _mm256_and_si256(_mm256_srli_epi64(t, 12), hi20));
        const __m256i g = _mm256_shuffle_epi8(u, gather);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(buf), _mm256_castsi256_si128(g));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(buf + 10), _mm256_extracti128_si256(g, 1));
    }
}
bool use_avx2() { return x86::cpu_features().avx2; }
}  // namespace
#endif

void unpack_centred(int32_t* out, const uint8_t* in, size_t count, unsigned bits) {
#if defined(PQMCU_SABER_NTT_AVX2)
    if ((bits == 10 || bits == 13) && count % 8 == 0 && use_avx2()) {
        const uint8_t* end = in + count * bits / 8;
        const size_t g = bits == 10 ? unpack_centred_avx2<10>(out, in, count, end)
                                    : unpack_centred_avx2<13>(out, in, count, end);
        out += g, in += g * bits / 8, count -= g;
    }
#endif
    switch (bits) {  // public
        case 3: return unpack_centred_t<3>(out, in, count);
        case 4: return unpack_centred_t<4>(out, in, count);
        case 6: return unpack_centred_t<6>(out, in, count);
        case 10: return unpack_centred_t<10>(out, in, count);
        case 13: return unpack_centred_t<13>(out, in, count);
        default: break;
    }
    const uint32_t mask = (1u << bits) - 1;
    const unsigned sh = 32 - bits;
    uint32_t acc = 0;
    unsigned have = 0;
    for (size_t i = 0; i < count; ++i) {
        while (have < bits) {
            acc |= uint32_t(*in++) << have;
            have += 8;
        }
        out[i] = int32_t((acc & mask) << sh) >> sh;
        acc >>= bits;
        have -= bits;
    }
}

void unpack_centred13_padded(int32_t* out, const uint8_t* in, size_t count) {
#if defined(PQMCU_SABER_NTT_AVX2)
    // 16-byte loads: up to 3 bytes past the fields (the padding), so every group.
    if (use_avx2()) {
        const size_t g = unpack_centred_avx2<13>(out, in, count, in + count * 13 / 8 + 3);
        out += g, in += g * 13 / 8, count -= g;
    }
#endif
    unpack_centred_t<13, true>(out, in, count);
}

void pack_bits(uint8_t* out, const int32_t* in, size_t count, unsigned bits) {
    auto get = [in](size_t i) { return in[i]; };
    switch (bits) {  // public
        case 4: return pack_groups<4>(out, count, get);
        case 13: return pack_groups<13>(out, count, get);
        default: break;
    }
    const uint32_t mask = (1u << bits) - 1;
    uint32_t acc = 0;
    unsigned have = 0;
    for (size_t i = 0; i < count; ++i) {
        acc |= (uint32_t(in[i]) & mask) << have;
        have += bits;
        while (have >= 8) {
            *out++ = uint8_t(acc);
            acc >>= 8;
            have -= 8;
        }
    }
}

namespace {
// 32-bit SWAR: w holds Fields fields of Half bits; every field's bit count
// lands in its own field (count <= Half < 2^Half), then coefficient k is
// field 2k minus field 2k + 1.
template <unsigned Half, unsigned Fields>
[[gnu::always_inline]] inline void sample_word(int32_t* s, uint32_t w) {
    constexpr uint32_t ones = [] {
        uint32_t m = 0;
        for (unsigned f = 0; f < Fields; ++f) m |= uint32_t(1) << (f * Half);
        return m;
    }();
    constexpr uint32_t fmask = (1u << Half) - 1;
    uint32_t t = w & ones;
#pragma GCC unroll 5
    for (unsigned j = 1; j < Half; ++j) t += (w >> j) & ones;
#pragma GCC unroll 4
    for (unsigned k = 0; k < Fields / 2; ++k)
        s[k] = int32_t((t >> (2 * k * Half)) & fmask) - int32_t((t >> ((2 * k + 1) * Half)) & fmask);
}
}  // namespace

namespace {
// Bit counts of the Half-bit fields of w, each in its own field (as sample_word).
template <unsigned Half, unsigned Fields>
[[gnu::always_inline]] inline uint32_t field_counts(uint32_t w) {
    constexpr uint32_t ones = [] {
        uint32_t m = 0;
        for (unsigned f = 0; f < Fields; ++f) m |= uint32_t(1) << (f * Half);
        return m;
    }();
    uint32_t t = w & ones;
#pragma GCC unroll 5
    for (unsigned j = 1; j < Half; ++j) t += (w >> j) & ones;
    return t;
}
}  // namespace

namespace {
// mu = 6: four columns a step, row by row: a row's four coefficients are
// consecutive, their coins 4 mu bits (one word load), counted and
// differenced per lane (16 + a - b), each field OR-ed into its column's
// word (rows not unrolled: a small frame). (mu = 8 took this path before
// wip/saber-m4-7; natural fields and the transposition are 0.16 k a
// polynomial faster.)
template <unsigned Mu>
void sample_rows(uint8_t* out, const uint8_t* coins) {
    for (unsigned m = 0; m < 8; ++m, out += 16) {
        uint32_t col[4] = {0, 0, 0, 0};
        const uint8_t* p = coins + Mu * m / 2;
#pragma GCC unroll 8
        for (unsigned i = 0; i < 8; ++i, p += 4 * Mu) {
            static_assert(Mu == 6);
            const uint32_t t = field_counts<3, 8>(load_u32(p) & 0xFFFFFFu);
            const uint32_t x = ((t & 0x1C71C7u) + 0x410410u) - ((t >> 3) & 0x1C71C7u);
            const uint32_t n = (x & 0xFu) | ((x >> 2) & 0xF0u) | ((x >> 4) & 0xF00u) | ((x >> 6) & 0xF000u);
#pragma GCC unroll 4
            for (unsigned c = 0; c < 4; ++c) col[c] |= ((n >> (4 * c)) & 15u) << (4 * i);
        }
        std::memcpy(out, col, 16);
    }
}
}  // namespace

namespace {
// mu = 10: the samples as natural 4-bit fields (coefficient n in nibble n
// of the stream) written over the coins' start (4 bytes from each 10 read:
// a group's loads precede its store, which stays below the next group's
// bytes), then transposed into the columns: bytes p + 16 i (i = 0..7) hold
// columns 2 p (low nibbles) and 2 p + 1 (high nibbles).
// The natural 4-bit fields (coefficient n in nibble n of nat) transposed
// into the column layout eight columns at a time: word i of the block
// (nat bytes 16 i + 4 k) holds, in nibble t, coefficient 8 k + t + 32 i;
// an 8 x 8 nibble transposition (swaps of 16-bit halves, bytes, nibbles)
// turns it into column 8 k + t's word.
[[gnu::always_inline]] inline void natural_to_columns(uint8_t* out, const uint8_t* nat) {
    for (unsigned k = 0; k < 4; ++k, out += 32) {
        uint32_t w[8];
#pragma GCC unroll 8
        for (unsigned i = 0; i < 8; ++i) w[i] = load_u32(nat + 16 * i + 4 * k);
        auto swap = [](uint32_t& a, uint32_t& b, unsigned sh, uint32_t m) {
            const uint32_t t = ((a >> sh) ^ b) & m;
            b ^= t;
            a ^= t << sh;
        };
#pragma GCC unroll 4
        for (unsigned i = 0; i < 4; ++i) swap(w[i], w[i + 4], 16, 0x0000FFFFu);
        swap(w[0], w[2], 8, 0x00FF00FFu), swap(w[1], w[3], 8, 0x00FF00FFu);
        swap(w[4], w[6], 8, 0x00FF00FFu), swap(w[5], w[7], 8, 0x00FF00FFu);
#pragma GCC unroll 4
        for (unsigned i = 0; i < 8; i += 2) swap(w[i], w[i + 1], 4, 0x0F0F0F0Fu);
        // out is 4-aligned (the column words, ws.sp): word stores straight
        // from the registers (as an unaligned memcpy GCC went through the
        // stack: ~30 cycles more per 8 words on the M4; wip/saber-dec5)
        std::memcpy(__builtin_assume_aligned(out, 4), w, 32);
    }
}
// mu = 8 the same way: four coefficients a word of coins (their 4-bit
// fields as 16 bits, coefficient k in bits 4k .. 4k + 3), two words' fields
// stored as one word over the coins already read.
[[gnu::noinline]] void sample_natural_then_columns8(uint8_t* out, uint8_t* coins) {
    uint8_t* nat = coins;
    const uint8_t* in = coins;
    for (unsigned g = 0; g < 256; g += 8, in += 8, nat += 4) {
        uint32_t z[2];
#pragma GCC unroll 2
        for (unsigned h = 0; h < 2; ++h) {
            // the bit counts of the eight nibbles (field_counts<4, 8>'s
            // values) in five operations instead of seven
            const uint32_t w = load_u32(in + 4 * h), u = w - ((w >> 1) & 0x55555555u);
            const uint32_t t = (u & 0x33333333u) + ((u >> 2) & 0x33333333u);
            // byte k of t is 16 b + a (a, b <= 4: the two nibbles' counts);
            // less b it is 15 b + a >= 0 (no borrow between bytes), its low
            // nibble a - b mod 16 (the field)
            uint32_t y = (t - ((t >> 4) & 0x0F0F0F0Fu)) & 0x0F0F0F0Fu;
            y |= y >> 4;                 // bytes 0 and 2: fields 0 | 1 << 4, 2 | 3 << 4
            y &= 0x00FF00FFu;            // (UXTB16)
            z[h] = y | y >> 8;           // low half: the four fields, k in bits 4k .. 4k + 3
        }
        const uint32_t v = (z[0] & 0xFFFFu) | z[1] << 16;  // (PKHBT)
        std::memcpy(nat, &v, 4);
    }
    natural_to_columns(out, coins);
}
[[gnu::noinline]] void sample_natural_then_columns10(uint8_t* out, uint8_t* coins) {
    uint8_t* nat = coins;
    const uint8_t* in = coins;
    // A coefficient's two 5-bit fields are 10 bits of the stream: three
    // words hold coefficients 0-2 (bit 0), 3-5 (bit 30: a word load and
    // byte 7) and 6-7 (bit 60), whole pairs, so the counts are differenced per 10-bit lane (a + 31 b,
    // whose low 4 bits are the field a - b mod 16).
    auto lanes = [](uint32_t w) {
        const uint32_t t = field_counts<5, 6>(w & 0x3FFFFFFFu);
        // lane k of t is a + 32 b (a, b <= 5); less b it is a + 31 b >= 0
        // (no borrow between lanes), its low nibble a - b mod 16 (the field)
        const uint32_t x = t - ((t >> 5) & 0x01F07C1Fu);
        return (x & 0xFu) | ((x >> 6) & 0xF0u) | ((x >> 12) & 0xF00u);
    };
    for (unsigned g = 0; g < 256; g += 8, in += 10, nat += 4) {
        const uint32_t w0 = load_u32(in), w1 = load_u32(in + 3) >> 6 | uint32_t(in[7]) << 26,
                       w2 = load_u32(in + 6) >> 12;
        const uint32_t v = lanes(w0) | lanes(w1) << 12 | lanes(w2) << 24;
        std::memcpy(nat, &v, 4);
    }
    natural_to_columns(out, coins);
}
}  // namespace

void sample_binomial4(uint8_t* out, uint8_t* coins, size_t count, unsigned mu) {
    // mu = 6 row by row (sample_rows); mu = 8 and 10 natural first, then
    // transposed (natural_to_columns; for mu = 10 row-wise cost 1.7 k
    // cycles more per LightSaber operation, a gather of each column's coin
    // fields 0.3 k more).
    if (count != 256) return;  // public: the Saber shape only
    switch (mu) {  // public
        case 6: return sample_rows<6>(out, coins);
        case 8: return sample_natural_then_columns8(out, coins);
        case 10: return sample_natural_then_columns10(out, coins);
        default: return;
    }
}

void sample_binomial3(uint8_t* out, const uint8_t* coins, size_t count, unsigned mu) {
    // mu = 6 (|s| <= 3): sample_rows<6>'s row values, their low 3 bits (3-bit
    // two's complement) into 3-byte columns, four columns (12 bytes) a step.
    if (count != 256 || mu != 6) return;  // public: FireSaber's shape only
    for (unsigned m = 0; m < 8; ++m, out += 12) {
        const uint8_t* p = coins + 3 * m;
        auto fields = [](const uint8_t* q) {
            // the 3-bit lanes' bit counts as v - (v >> 1 & 3) - (v >> 2 & 1)
            // a lane (two subtractions, no borrow: each count is >= 0; bits
            // 24.. of the word are left above the lanes, cleared below)
            const uint32_t w = load_u32(q);
            const uint32_t t = w - ((w >> 1) & 0x6DB6DBu) - ((w >> 2) & 0x249249u);
            // lane c: a + 8 b less b, a + 7 b >= 0 (no borrow between
            // lanes), whose low 3 bits are a - b mod 8, the field
            return (t - ((t >> 3) & 0x1C71C7u)) & 0x1C71C7u;
        };
        // rows 2 k and 2 k + 1 side by side: lane c (6 bits) of y[k] holds
        // both fields of column c as they sit in it (bits 6 k .. 6 k + 5)
        uint32_t y[4];
#pragma GCC unroll 4
        for (unsigned k = 0; k < 4; ++k, p += 48) y[k] = fields(p) | fields(p + 24) << 3;
        // the 4 x 4 transposition of the 6-bit lanes (column c = lane k of
        // y[k'] for k' = 0..3): 6-bit lanes swapped within the pairs (y0,
        // y1), (y2, y3), then 12-bit ones within (y0, y2), (y1, y3)
        auto swap = [](uint32_t& a, uint32_t& b, unsigned sh, uint32_t mask) {
            const uint32_t t = ((a >> sh) ^ b) & mask;
            a ^= t << sh;
            b ^= t;
        };
        swap(y[0], y[1], 6, 0x03F03Fu);
        swap(y[2], y[3], 6, 0x03F03Fu);
        swap(y[0], y[2], 12, 0xFFFu);
        swap(y[1], y[3], 12, 0xFFFu);
        const uint32_t w[3] = {y[0] | y[1] << 24, y[1] >> 8 | y[2] << 16, y[2] >> 16 | y[3] << 8};
        std::memcpy(out, w, 12);
    }
}

void sample_binomial(int32_t* s, const uint8_t* coins, size_t count, unsigned mu) {
#if defined(PQMCU_SABER_NTT_AVX2)
    if ((mu == 6 || mu == 8 || mu == 10) && count % 8 == 0 && use_avx2()) {
        const uint8_t* end = coins + count * mu / 8;
        const size_t g = mu == 6 ? sample_avx2<6>(s, coins, count, end)
                         : mu == 8 ? sample_avx2<8>(s, coins, count, end)
                                   : sample_avx2<10>(s, coins, count, end);
        s += g, coins += g * mu / 8, count -= g;
    }
#endif
    // Four coefficients per mu / 2 bytes, read with word loads inside the group.
    switch (mu) {  // public
        case 6:
            for (size_t g = 0; g < count; g += 4, coins += 3)
                sample_word<3, 8>(s + g, uint32_t(coins[0]) | uint32_t(coins[1]) << 8 | uint32_t(coins[2]) << 16);
            return;
        case 8:
            for (size_t g = 0; g < count; g += 4, coins += 4) sample_word<4, 8>(s + g, load_u32(coins));
            return;
        case 10: {
            // Eight coefficients (16 fields, 80 bits) from three word loads:
            // fields 0-5 at bit 0, 6-10 at bit 30, 11-15 at bit 55, each
            // word's field bit counts by one SWAR pass (coefficient 5 takes
            // field 10 from the second and field 11 from the third). All
            // loads precede the stores (in-place sampling, scheme.hpp).
            size_t g = 0;
            for (; g + 8 <= count; g += 8, coins += 10) {
                const uint32_t w0 = load_u32(coins), w1 = load_u32(coins + 3) >> 6, w2 = load_u32(coins + 6) >> 7;
                auto counts = [](uint32_t w, uint32_t ones) {
                    uint32_t t = w & ones;
#pragma GCC unroll 4
                    for (unsigned j = 1; j < 5; ++j) t += (w >> j) & ones;
                    return t;
                };
                const uint32_t t0 = counts(w0, 0x02108421u), t1 = counts(w1, 0x00108421u),
                               t2 = counts(w2, 0x00108421u);
                auto f = [](uint32_t t, unsigned k) { return int32_t((t >> (5 * k)) & 31u); };
                s[g + 0] = f(t0, 0) - f(t0, 1);
                s[g + 1] = f(t0, 2) - f(t0, 3);
                s[g + 2] = f(t0, 4) - f(t0, 5);
                s[g + 3] = f(t1, 0) - f(t1, 1);
                s[g + 4] = f(t1, 2) - f(t1, 3);
                s[g + 5] = f(t1, 4) - f(t2, 0);
                s[g + 6] = f(t2, 1) - f(t2, 2);
                s[g + 7] = f(t2, 3) - f(t2, 4);
            }
            for (; g < count; g += 4, coins += 5) {
                const uint32_t lo = load_u32(coins);
                sample_word<5, 4>(s + g, lo & 0xFFFFFu);
                sample_word<5, 4>(s + g + 2, (lo >> 20) | uint32_t(coins[4]) << 12);
            }
            return;
        }
        default:
            return sample_t<10>(s, coins, count);
    }
}

namespace {
template <unsigned Shift, unsigned Bits, class Get>
inline void pack_rounded_t(uint8_t* out, size_t count, uint16_t add, Get get) {
    pack_groups<Bits>(out, count, [&](size_t i) { return uint32_t(uint16_t(get(i) + add)) >> Shift; });
}
template <class Get>
inline void pack_rounded_any(uint8_t* out, size_t count, uint16_t add, unsigned shift, unsigned bits, Get get) {
    // (shift, bits): (3, 10) for vectors; (10 - et, et) for c_m.
    if (shift == 3 && bits == 10) return pack_rounded_t<3, 10>(out, count, add, get);
    if (shift == 7 && bits == 3) return pack_rounded_t<7, 3>(out, count, add, get);
    if (shift == 6 && bits == 4) return pack_rounded_t<6, 4>(out, count, add, get);
    if (shift == 4 && bits == 6) return pack_rounded_t<4, 6>(out, count, add, get);
    const uint32_t mask = (1u << bits) - 1;
    uint32_t a = 0;
    unsigned have = 0;
    for (size_t i = 0; i < count; ++i) {
        a |= ((uint32_t(uint16_t(get(i) + add)) >> shift) & mask) << have;
        have += bits;
        while (have >= 8) {
            *out++ = uint8_t(a);
            a >>= 8;
            have -= 8;
        }
    }
}
}  // namespace

void pack_rounded_le16(uint8_t* out, const uint8_t* acc, size_t count, uint16_t add, unsigned shift, unsigned bits) {
    pack_rounded_any(out, count, add, shift, bits, [acc](size_t i) { return load_le16(acc + 2 * i); });
}

namespace {
// in[i] - m_i 2^(p - 1) (mod 2^16): message bit i is bit i % 8 of m[i / 8]
// (constant shifts inside the unrolled groups of 8).
inline uint16_t minus_msg(const uint16_t* in, const uint8_t* m, size_t i) {
    return uint16_t(in[i] - (((uint32_t(m[i / 8]) >> (i % 8)) & 1u) << (kLogP - 1)));
}

// (in[0] + add, in[1] + add) mod 2^16 as a word's two halves: one LDR and a
// UADD16 on the M4 (add2 = add in both halves).
inline uint32_t add_pair16(const uint16_t* in, uint32_t add2) {
    uint32_t w;
    std::memcpy(&w, in, 4);
#if defined(__ARM_FEATURE_SIMD32)
    return __uadd16(w, add2);
#else
    return ((w + add2) & 0xFFFFu) | ((w & 0xFFFF0000u) + (add2 & 0xFFFF0000u));
#endif
}
// One group's fields as 32-bit words (per coefficients: 16 of 10 bits, or
// c_m's 8), two coefficients a word (add_pair16). Msg (c_m): v - m_k
// 2^(p - 1) is v with bit p - 1 flipped in the low p bits the fields come
// from (Shift + Bits = p), so the group's message byte (loaded once) flips
// bit 9 of each half: two bits spread by one multiply.
template <unsigned Shift, unsigned Bits, bool Msg>
inline void rounded_group(uint32_t* w, const uint16_t* in, uint32_t mb, uint32_t add2) {
    static_assert(Shift + Bits <= 16 && (!Msg || Shift + Bits == kLogP) && kLogP == 10);
    constexpr unsigned per = Bits == 10 ? 16 : 8, words = (per * Bits / 8 + 3) / 4;
    constexpr uint32_t mask = (1u << Bits) - 1;
#pragma GCC unroll 5
    for (unsigned t = 0; t < words; ++t) w[t] = 0;
#pragma GCC unroll 8
    for (unsigned p = 0; p < per / 2; ++p) {
        uint32_t v = add_pair16(in + 2 * p, add2);
        if constexpr (Msg) v ^= (((mb >> (2 * p)) & 3u) * 0x01000200u) & 0x02000200u;
#pragma GCC unroll 2
        for (unsigned h = 0; h < 2; ++h) {
            const unsigned k = 2 * p + h;
            // (the barrier keeps c a register: GCC otherwise merges the
            // extraction with the shift below into AND-with-constant forms,
            // literal loads on the M4; so one UBFX and an ORR with a shift)
            const uint32_t c = value_barrier((v >> (Shift + 16 * h)) & mask);
            const unsigned at = k * Bits % 32, t = k * Bits / 32;
            w[t] |= c << at;
            if (at + Bits > 32) w[t + 1] |= c >> (32 - at);
        }
    }
}
// (w + h - c) mod 2^16 in both 16-bit halves (UADD16, USUB16 on the M4).
inline uint32_t add_sub_pair16(uint32_t w, uint32_t h, uint32_t c) {
#if defined(__ARM_FEATURE_SIMD32)
    return __usub16(__uadd16(w, h), c);
#else
    const uint32_t lo = (w + h - c) & 0xFFFFu;
    const uint32_t hi = ((w >> 16) + (h >> 16) - (c >> 16)) & 0xFFFFu;
    return lo | hi << 16;
#endif
}
template <unsigned Et>
void decode_msg_t(uint8_t* m, const uint16_t* v, const uint8_t* cm, uint16_t h2) {
    constexpr unsigned sh = kLogP - Et;
    constexpr uint32_t fmask = (1u << Et) - 1;
    static_assert(4 * Et <= 24, "a group of four fields and its offset fit a word");
    const uint32_t h22 = uint32_t(h2) * 0x10001u;
    for (size_t i = 0; i < 32; ++i, cm += Et, v += 8) {
        uint32_t acc = 0;
#pragma GCC unroll 2
        for (unsigned g = 0; g < 2; ++g) {
            // four fields: 4 Et bits from bit 4 Et g of the byte's Et bytes
            const uint8_t* q = cm + (4 * Et * g) / 8;
            const unsigned at = (4 * Et * g) % 8, nbytes = (at + 4 * Et + 7) / 8;
            uint32_t w = 0;
#pragma GCC unroll 3
            for (unsigned b = 0; b < nbytes; ++b) w |= uint32_t(q[b]) << (8 * b);
            w >>= at;
#pragma GCC unroll 2
            for (unsigned p = 0; p < 2; ++p) {
                uint32_t x;
                std::memcpy(&x, v + 4 * g + 2 * p, 4);
                const uint32_t c = ((w >> (2 * p * Et)) & fmask) << sh | ((w >> ((2 * p + 1) * Et)) & fmask) << (16 + sh);
                const uint32_t t = add_sub_pair16(x, h22, c);
                // bit 9 of each half: to bits k and 16 + k (k = 4 g + 2 p)
                acc |= (t & 0x02000200u) >> (9 - (4 * g + 2 * p));
            }
        }
        m[i] = uint8_t(acc | acc >> 15);
    }
}
// Groups of 16 (10-bit) or 8 coefficients (c_m: a group of 32 keeps too
// many loads live, a 92-byte frame on the stack peak's path) built as
// 32-bit words (each field OR-ed in at a constant shift, a field that
// straddles two words into both) and compared with the same bytes of
// expect (whole words by word loads, a last partial word byte-wise: c_m
// ends the ciphertext): ~half the cycles of 64-bit chunks on the M4.
// (rounded_group: the fields two at a time, c_m's message folded in.)
template <unsigned Shift, unsigned Bits, bool Msg>
inline uint32_t pack_rounded_cmp_t(const uint8_t* expect, const uint16_t* in, const uint8_t* m, size_t count,
                                   uint16_t add) {
    constexpr unsigned per = Bits == 10 ? 16 : 8;
    constexpr unsigned nbytes = per * Bits / 8, words = (nbytes + 3) / 4;
    const uint32_t add2 = uint32_t(add) * 0x10001u;
    uint32_t d = 0;
    for (size_t g = 0; g < count / per; ++g, expect += nbytes, in += per) {
        uint32_t w[words];
        rounded_group<Shift, Bits, Msg>(w, in, Msg ? m[g] : 0, add2);
#pragma GCC unroll 5
        for (unsigned t = 0; t < nbytes / 4; ++t) d |= w[t] ^ load_u32(expect + 4 * t);
        if constexpr (nbytes % 4 != 0) {
            uint32_t e = 0;
#pragma GCC unroll 3
            for (unsigned b = 0; b < nbytes % 4; ++b) e |= uint32_t(expect[nbytes / 4 * 4 + b]) << (8 * b);
            d |= w[words - 1] ^ e;
        }
    }
    return d;
}
}  // namespace

namespace {
// Other shapes (not Saber's): 32 coefficients at a time encoded into a small
// buffer and compared. Out of line: its buffer stays off the stack peak's
// path (decapsulation's re-encryption compare).
template <class Get>
[[gnu::noinline]] uint32_t pack_rounded_cmp_slow(const uint8_t* expect, Get get, size_t count, uint16_t add,
                                                 unsigned shift, unsigned bits) {
    uint8_t buf[32 * 16 / 8];
    uint32_t diff = 0;
    const size_t chunk_bytes = 32 * bits / 8;
    for (size_t c = 0; c < count; c += 32) {
        pack_rounded_any(buf, 32, add, shift, bits, [&get, c](size_t i) { return get(c + i); });
        for (size_t i = 0; i < chunk_bytes; ++i) diff |= uint32_t(buf[i] ^ expect[i]);
        expect += chunk_bytes;
    }
    return diff;
}
}  // namespace

namespace {
// Msg: c_m's shapes only (the vector shape with the message's Get is not
// compiled: its unused copy set the function's frame).
template <bool Msg>
inline uint32_t pack_rounded_cmp_any(const uint8_t* expect, const uint16_t* in, const uint8_t* m, size_t count,
                                     uint16_t add, unsigned shift, unsigned bits) {
    if constexpr (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) {
        if (count % 16 == 0) {  // public: the parameter set's shapes
            if constexpr (!Msg) {
                if (shift == 3 && bits == 10) return pack_rounded_cmp_t<3, 10, false>(expect, in, m, count, add);
            } else {
                if (shift == 7 && bits == 3) return pack_rounded_cmp_t<7, 3, true>(expect, in, m, count, add);
                if (shift == 6 && bits == 4) return pack_rounded_cmp_t<6, 4, true>(expect, in, m, count, add);
                if (shift == 4 && bits == 6) return pack_rounded_cmp_t<4, 6, true>(expect, in, m, count, add);
            }
        }
    }
    if constexpr (Msg) {
        return pack_rounded_cmp_slow(expect, [in, m](size_t i) { return minus_msg(in, m, i); }, count, add, shift,
                                     bits);
    } else {
        return pack_rounded_cmp_slow(expect, [in](size_t i) { return in[i]; }, count, add, shift, bits);
    }
}
}  // namespace

uint32_t pack_rounded_cmp(const uint8_t* expect, const uint16_t* in, size_t count, uint16_t add, unsigned shift,
                          unsigned bits) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    if (count % 16 == 0 && count != 0 && shift == 3 && bits == 10) {  // (public: the set's shapes)
        return pqmcu_saber_cmp_rounded10_m4(expect, in, count / 16, add);
    }
#endif
#if defined(PQMCU_SABER_NTT_AVX2)
    if (count % 16 == 0 && count <= kN && shift == 3 && bits == 10 && use_avx2()) {
        alignas(32) uint8_t buf[kN * 10 / 8 + 6];
        round10_avx2(buf, in, count, add);
        const uint32_t d = ct_memneq(buf, expect, count * 10 / 8);
        secure_wipe(buf, sizeof buf);  // (decapsulation's re-encryption of a possibly tampered ct)
        return d;
    }
#endif
    return pack_rounded_cmp_any<false>(expect, in, nullptr, count, add, shift, bits);
}

uint32_t pack_rounded_cmp10(const uint8_t* expect, const uint16_t* in, size_t count, uint16_t add) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    if (count % 16 == 0 && count != 0) return pqmcu_saber_cmp_rounded10_m4(expect, in, count / 16, add);
#endif
    return pack_rounded_cmp(expect, in, count, add, 3, 10);
}

uint32_t pack_rounded_msg_cmp(const uint8_t* expect, const uint16_t* in, const uint8_t* m, size_t count, uint16_t add,
                              unsigned shift, unsigned bits) {
    return pack_rounded_cmp_any<true>(expect, in, m, count, add, shift, bits);
}

uint32_t pack_rounded_msg_cmp6(const uint8_t* expect, const uint16_t* in, const uint8_t* m, uint16_t add) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    return pqmcu_saber_cmp_rounded6_msg_m4(expect, in, m, add);
#else
    return pack_rounded_cmp_any<true>(expect, in, m, 256, add, 4, 6);
#endif
}

void decode_msg6(uint8_t* m, const uint16_t* v, const uint8_t* cm, uint16_t h2) {
#if defined(PQMCU_SABER_NTT_M4_ASM)
    pqmcu_saber_decode_msg6_m4(m, v, cm, h2);
#else
    decode_msg_t<6>(m, v, cm, h2);
#endif
}

void decode_msg(uint8_t* m, const uint16_t* v, const uint8_t* cm, unsigned et, uint16_t h2) {
    switch (et) {  // public
        case 3: return decode_msg_t<3>(m, v, cm, h2);
        case 4: return decode_msg_t<4>(m, v, cm, h2);
        case 6: return decode_msg_t<6>(m, v, cm, h2);
        default: return;
    }
}

namespace {
// The encoding itself, a group's words stored (whole words by unaligned
// word stores, a last partial word byte-wise: c_m ends the ciphertext), the
// same bytes as pack_rounded_any.
template <unsigned Shift, unsigned Bits, bool Msg>
inline void pack_rounded_w(uint8_t* out, const uint16_t* in, const uint8_t* m, size_t count, uint16_t add) {
    constexpr unsigned per = Bits == 10 ? 16 : 8;
    constexpr unsigned nbytes = per * Bits / 8, words = (nbytes + 3) / 4;
    const uint32_t add2 = uint32_t(add) * 0x10001u;
    for (size_t g = 0; g < count / per; ++g, out += nbytes, in += per) {
        uint32_t w[words];
        rounded_group<Shift, Bits, Msg>(w, in, Msg ? m[g] : 0, add2);
#pragma GCC unroll 5
        for (unsigned t = 0; t < nbytes / 4; ++t) std::memcpy(out + 4 * t, &w[t], 4);
#pragma GCC unroll 3
        for (unsigned b = 0; b < nbytes % 4; ++b) out[nbytes / 4 * 4 + b] = uint8_t(w[words - 1] >> (8 * b));
    }
}
}  // namespace

void pack_rounded(uint8_t* out, const uint16_t* in, size_t count, uint16_t add, unsigned shift, unsigned bits) {
#if defined(PQMCU_SABER_NTT_AVX2)
    if (count % 16 == 0 && count <= kN && shift == 3 && bits == 10 && use_avx2()) {
        alignas(32) uint8_t buf[kN * 10 / 8 + 6];  // (public: b, b')
        round10_avx2(buf, in, count, add);
        std::memcpy(out, buf, count * 10 / 8);
        return;
    }
#endif
    if constexpr (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) {
        if (count % 16 == 0 && shift == 3 && bits == 10) return pack_rounded_w<3, 10, false>(out, in, nullptr, count, add);
    }
    pack_rounded_any(out, count, add, shift, bits, [in](size_t i) { return in[i]; });
}

void pack_rounded_msg(uint8_t* out, const uint16_t* in, const uint8_t* m, size_t count, uint16_t add, unsigned shift,
                      unsigned bits) {
    if constexpr (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__) {
        if (count % 16 == 0) {  // public: the parameter set's shapes
            if (shift == 7 && bits == 3) return pack_rounded_w<7, 3, true>(out, in, m, count, add);
            if (shift == 6 && bits == 4) return pack_rounded_w<6, 4, true>(out, in, m, count, add);
            if (shift == 4 && bits == 6) return pack_rounded_w<4, 6, true>(out, in, m, count, add);
        }
    }
    pack_rounded_any(out, count, add, shift, bits, [in, m](size_t i) { return minus_msg(in, m, i); });
}

}  // namespace pqmcu::saber
