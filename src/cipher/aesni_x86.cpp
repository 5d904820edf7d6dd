// SPDX-License-Identifier: Apache-2.0 OR MIT
// AES-NI (SSE) and VAES (AVX2) backends, selected at run time. Rijndael-256
// runs on two 128-bit halves: before each AESENC a byte blend + shuffle
// moves bytes so that AES's per-half ShiftRows (offsets 0,1,2,3 over 4
// columns) yields Rijndael-256's ShiftRows (0,1,3,4 over 8 columns).
#include <immintrin.h>

#include "cipher/internal.hpp"
#include "x86/cpu_features.hpp"

#define PQ_AESNI __attribute__((target("aes,sse4.1")))
#define PQ_VAES __attribute__((target("vaes,aes,avx2")))

namespace pqmcu::cipher::x86 {
namespace {

// For destination half h: blend selector (0x80 = take from the other half)
// and the shuffle placing each selected byte. Computed from the offsets.
struct R256Perm {
    alignas(32) uint8_t blend[2][16];
    alignas(32) uint8_t shuf[2][16];
};
constexpr R256Perm make_r256_perm() {
    R256Perm p{};
    constexpr unsigned off[4] = {0, 1, 3, 4};
    for (unsigned h = 0; h < 2; ++h)
        for (unsigned r = 0; r < 4; ++r)
            for (unsigned q = 0; q < 4; ++q) {
                // After AES ShiftRows, (r, q) of half h lands at column q - r;
                // Rijndael-256 wants there the byte of column 4h + (q - r) + off[r].
                const unsigned cdst = (q + 4 - r) % 4;
                const unsigned src = (4 * h + cdst + off[r]) % 8;
                const unsigned pos = 4 * (src % 4) + r;
                p.blend[h][pos] = (src / 4 != h) ? 0x80 : 0x00;
                p.shuf[h][4 * q + r] = uint8_t(pos);
            }
    return p;
}
constexpr R256Perm kPerm = make_r256_perm();

inline __m128i ld(const void* p) { return _mm_loadu_si128(static_cast<const __m128i*>(p)); }
inline void st(void* p, __m128i v) { _mm_storeu_si128(static_cast<__m128i*>(p), v); }

template <size_t NR, size_t N>
PQ_AESNI void aes_group(const uint32_t* const* rk, const uint8_t* in,
                        uint8_t* out) {
    __m128i x[N];
    for (size_t i = 0; i < N; ++i) x[i] = _mm_xor_si128(ld(in + 16 * i), ld(rk[i]));
    for (size_t r = 1; r < NR; ++r)
        for (size_t i = 0; i < N; ++i) x[i] = _mm_aesenc_si128(x[i], ld(rk[i] + 4 * r));
    for (size_t i = 0; i < N; ++i) st(out + 16 * i, _mm_aesenclast_si128(x[i], ld(rk[i] + 4 * NR)));
}

template <size_t NR>
PQ_AESNI void aes_blocks(const uint32_t* const* rk, const uint8_t* in, uint8_t* out, size_t n) {
    size_t i = 0;
    // Eight in flight: AESENC's latency is several times its issue interval.
    for (; i + 8 <= n; i += 8) aes_group<NR, 8>(rk + i, in + 16 * i, out + 16 * i);
    for (; i + 4 <= n; i += 4) aes_group<NR, 4>(rk + i, in + 16 * i, out + 16 * i);
    for (; i < n; ++i) aes_group<NR, 1>(rk + i, in + 16 * i, out + 16 * i);
}

PQ_AESNI inline void r256_round(__m128i& lo, __m128i& hi, const uint32_t* k, bool last) {
    const __m128i b0 = _mm_blendv_epi8(lo, hi, ld(kPerm.blend[0]));
    const __m128i b1 = _mm_blendv_epi8(hi, lo, ld(kPerm.blend[1]));
    const __m128i p0 = _mm_shuffle_epi8(b0, ld(kPerm.shuf[0]));
    const __m128i p1 = _mm_shuffle_epi8(b1, ld(kPerm.shuf[1]));
    if (last) {
        lo = _mm_aesenclast_si128(p0, ld(k));
        hi = _mm_aesenclast_si128(p1, ld(k + 4));
    } else {
        lo = _mm_aesenc_si128(p0, ld(k));
        hi = _mm_aesenc_si128(p1, ld(k + 4));
    }
}

PQ_AESNI void r256_blocks(const uint32_t* const* rk, const uint8_t* in, uint8_t* out, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        const uint32_t* k = rk[i];
        __m128i lo = _mm_xor_si128(ld(in + 32 * i), ld(k));
        __m128i hi = _mm_xor_si128(ld(in + 32 * i + 16), ld(k + 4));
        for (size_t r = 1; r < 14; ++r) r256_round(lo, hi, k + 8 * r, false);
        r256_round(lo, hi, k + 8 * 14, true);
        st(out + 32 * i, lo);
        st(out + 32 * i + 16, hi);
    }
}

// VAES: two AES blocks per 256-bit register; Rijndael-256 one block per register.
PQ_VAES inline __m256i ld2(const void* a, const void* b) {
    return _mm256_set_m128i(ld(b), ld(a));
}

template <size_t NR>
PQ_VAES void vaes_aes_blocks(const uint32_t* const* rk, const uint8_t* in, uint8_t* out, size_t n) {
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256i x0 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i*)(in + 16 * i)), ld2(rk[i], rk[i + 1]));
        __m256i x1 =
            _mm256_xor_si256(_mm256_loadu_si256((const __m256i*)(in + 16 * i + 32)), ld2(rk[i + 2], rk[i + 3]));
        for (size_t r = 1; r < NR; ++r) {
            x0 = _mm256_aesenc_epi128(x0, ld2(rk[i] + 4 * r, rk[i + 1] + 4 * r));
            x1 = _mm256_aesenc_epi128(x1, ld2(rk[i + 2] + 4 * r, rk[i + 3] + 4 * r));
        }
        x0 = _mm256_aesenclast_epi128(x0, ld2(rk[i] + 4 * NR, rk[i + 1] + 4 * NR));
        x1 = _mm256_aesenclast_epi128(x1, ld2(rk[i + 2] + 4 * NR, rk[i + 3] + 4 * NR));
        _mm256_storeu_si256((__m256i*)(out + 16 * i), x0);
        _mm256_storeu_si256((__m256i*)(out + 16 * i + 32), x1);
    }
    for (; i + 2 <= n; i += 2) {
        __m256i x = _mm256_xor_si256(_mm256_loadu_si256((const __m256i*)(in + 16 * i)), ld2(rk[i], rk[i + 1]));
        for (size_t r = 1; r < NR; ++r) x = _mm256_aesenc_epi128(x, ld2(rk[i] + 4 * r, rk[i + 1] + 4 * r));
        x = _mm256_aesenclast_epi128(x, ld2(rk[i] + 4 * NR, rk[i + 1] + 4 * NR));
        _mm256_storeu_si256((__m256i*)(out + 16 * i), x);
    }
    if (i < n) aes_group<NR, 1>(rk + i, in + 16 * i, out + 16 * i);
}

PQ_VAES void vaes_r256_blocks(const uint32_t* const* rk, const uint8_t* in, uint8_t* out, size_t n) {
    const __m256i blend = _mm256_load_si256((const __m256i*)kPerm.blend);
    const __m256i shuf = _mm256_load_si256((const __m256i*)kPerm.shuf);
    for (size_t i = 0; i < n; ++i) {
        const uint32_t* k = rk[i];
        __m256i x = _mm256_xor_si256(_mm256_loadu_si256((const __m256i*)(in + 32 * i)),
                                     _mm256_loadu_si256((const __m256i*)k));
        for (size_t r = 1; r <= 14; ++r) {
            const __m256i sw = _mm256_permute2x128_si256(x, x, 1);
            x = _mm256_shuffle_epi8(_mm256_blendv_epi8(x, sw, blend), shuf);
            const __m256i key = _mm256_loadu_si256((const __m256i*)(k + 8 * r));
            x = r < 14 ? _mm256_aesenc_epi128(x, key) : _mm256_aesenclast_epi128(x, key);
        }
        _mm256_storeu_si256((__m256i*)(out + 32 * i), x);
    }
}

// One key for every block (KeyList::one: MQOM's tree levels, leaf
// commitments, PRG runs) with VAES on zmm: the round keys broadcast once,
// four blocks per instruction, sixteen in flight; the tail through masked
// loads and stores (nothing past n blocks is read or written).
#define PQ_VAES512 __attribute__((target("vaes,aes,avx2,avx512f,avx512bw,avx512vl")))
// m < 16 blocks (G = ceil(m / 4) registers), masked loads / stores.
template <size_t NR, size_t G>
PQ_VAES512 inline void vaes512_tail(const __m512i* k, const uint8_t* in, uint8_t* out, size_t m) {
    __m512i x[G];
    __mmask16 mk[G];
    for (size_t q = 0; q < G; ++q) {
        const size_t b = m - 4 * q < 4 ? m - 4 * q : 4;
        mk[q] = __mmask16((1u << (4 * b)) - 1);
        x[q] = _mm512_xor_si512(_mm512_maskz_loadu_epi32(mk[q], in + 64 * q), k[0]);
    }
    for (size_t r = 1; r < NR; ++r)
        for (size_t q = 0; q < G; ++q) x[q] = _mm512_aesenc_epi128(x[q], k[r]);
    for (size_t q = 0; q < G; ++q) _mm512_mask_storeu_epi32(out + 64 * q, mk[q], _mm512_aesenclast_epi128(x[q], k[NR]));
}
template <size_t NR>
PQ_VAES512 void vaes512_one_key(const uint32_t* rk, const uint8_t* in, uint8_t* out, size_t n) {
    __m512i k[NR + 1];
    // maskz: the plain broadcast's undefined pass-through trips GCC 12's -Wuninitialized.
    for (size_t r = 0; r <= NR; ++r) k[r] = _mm512_maskz_broadcast_i32x4(0xFFFF, ld(rk + 4 * r));
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512i x[4];
        for (size_t q = 0; q < 4; ++q) x[q] = _mm512_xor_si512(_mm512_loadu_si512(in + 16 * i + 64 * q), k[0]);
        for (size_t r = 1; r < NR; ++r)
            for (size_t q = 0; q < 4; ++q) x[q] = _mm512_aesenc_epi128(x[q], k[r]);
        for (size_t q = 0; q < 4; ++q) _mm512_storeu_si512(out + 16 * i + 64 * q, _mm512_aesenclast_epi128(x[q], k[NR]));
    }
    // The tail's registers side by side (MQOM's trees call with 8 blocks:
    // two registers in flight instead of one after the other).
    switch ((n - i + 3) / 4) {
        case 1: return vaes512_tail<NR, 1>(k, in + 16 * i, out + 16 * i, n - i);
        case 2: return vaes512_tail<NR, 2>(k, in + 16 * i, out + 16 * i, n - i);
        case 3: return vaes512_tail<NR, 3>(k, in + 16 * i, out + 16 * i, n - i);
        case 4: return vaes512_tail<NR, 4>(k, in + 16 * i, out + 16 * i, n - i);
        default: return;  // none left
    }
}

// AVX-512VBMI: the cross-half blend + shuffle above as one vpermb; four
// blocks in flight (each round's permute -> aesenc chain is serial per block).
// (maskz forms: GCC 12 warns falsely on the plain ones' undefined source.)
#define PQ_VAES_VBMI __attribute__((target("vaes,aes,avx2,avx512f,avx512vl,avx512bw,avx512vbmi")))
struct R256Vperm {
    alignas(32) uint8_t idx[32];
};
constexpr R256Vperm make_r256_vperm() {
    R256Vperm v{};
    for (unsigned j = 0; j < 32; ++j) {
        const unsigned h = j / 16;
        const unsigned p = 16 * h + kPerm.shuf[h][j % 16] % 16;  // byte of the blended register
        v.idx[j] = uint8_t(kPerm.blend[p / 16][p % 16] != 0 ? p ^ 16 : p);
    }
    return v;
}
constexpr R256Vperm kVperm = make_r256_vperm();

PQ_VAES_VBMI void vaes_r256_blocks_vbmi(const uint32_t* const* rk, const uint8_t* in, uint8_t* out, size_t n) {
    const __m256i idx = _mm256_load_si256((const __m256i*)kVperm.idx);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m256i x[4];
        for (size_t q = 0; q < 4; ++q)
            x[q] = _mm256_xor_si256(_mm256_loadu_si256((const __m256i*)(in + 32 * (i + q))),
                                    _mm256_loadu_si256((const __m256i*)rk[i + q]));
        for (size_t r = 1; r < 14; ++r)
            for (size_t q = 0; q < 4; ++q)
                x[q] = _mm256_aesenc_epi128(_mm256_maskz_permutexvar_epi8(~__mmask32(0), idx, x[q]),
                                            _mm256_loadu_si256((const __m256i*)(rk[i + q] + 8 * r)));
        for (size_t q = 0; q < 4; ++q)
            _mm256_storeu_si256((__m256i*)(out + 32 * (i + q)),
                                _mm256_aesenclast_epi128(_mm256_maskz_permutexvar_epi8(~__mmask32(0), idx, x[q]),
                                                         _mm256_loadu_si256((const __m256i*)(rk[i + q] + 8 * 14))));
    }
    for (; i < n; ++i) {
        const uint32_t* k = rk[i];
        __m256i x = _mm256_xor_si256(_mm256_loadu_si256((const __m256i*)(in + 32 * i)),
                                     _mm256_loadu_si256((const __m256i*)k));
        for (size_t r = 1; r < 14; ++r)
            x = _mm256_aesenc_epi128(_mm256_maskz_permutexvar_epi8(~__mmask32(0), idx, x),
                                     _mm256_loadu_si256((const __m256i*)(k + 8 * r)));
        x = _mm256_aesenclast_epi128(_mm256_maskz_permutexvar_epi8(~__mmask32(0), idx, x),
                                     _mm256_loadu_si256((const __m256i*)(k + 8 * 14)));
        _mm256_storeu_si256((__m256i*)(out + 32 * i), x);
    }
}

// One key for every block (KeyList::one: MQOM's cat 3 / 5 tree levels, leaf
// commitments, PRG runs) on zmm: two blocks a register (the vpermb index
// above in each 256-bit half), the round keys broadcast once, eight blocks
// in flight (the ymm kernel's four leave the AES units idle between each
// block's permute -> aesenc steps); the tail through masked loads / stores.
struct R256Vperm512 {
    alignas(64) uint8_t idx[64];
};
constexpr R256Vperm512 make_r256_vperm512() {
    R256Vperm512 v{};
    for (unsigned j = 0; j < 64; ++j) v.idx[j] = uint8_t(kVperm.idx[j % 32] + 32 * (j / 32));
    return v;
}
constexpr R256Vperm512 kVperm512 = make_r256_vperm512();

PQ_VAES_VBMI void vaes512_r256_one_key(const uint32_t* rk, const uint8_t* in, uint8_t* out, size_t n) {
    const __m512i idx = _mm512_load_si512(kVperm512.idx);
    __m512i k[15];
    for (size_t r = 0; r <= 14; ++r)
        k[r] = _mm512_maskz_broadcast_i64x4(0xFF, _mm256_loadu_si256((const __m256i*)(rk + 8 * r)));
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m512i x[4];
        for (size_t q = 0; q < 4; ++q) x[q] = _mm512_xor_si512(_mm512_loadu_si512(in + 32 * i + 64 * q), k[0]);
        for (size_t r = 1; r < 14; ++r)
            for (size_t q = 0; q < 4; ++q)
                x[q] = _mm512_aesenc_epi128(_mm512_maskz_permutexvar_epi8(~__mmask64(0), idx, x[q]), k[r]);
        for (size_t q = 0; q < 4; ++q)
            _mm512_storeu_si512(out + 32 * i + 64 * q,
                                _mm512_aesenclast_epi128(_mm512_maskz_permutexvar_epi8(~__mmask64(0), idx, x[q]), k[14]));
    }
    for (; i < n; i += 2) {
        const __mmask8 m = n - i >= 2 ? 0xFF : 0x0F;
        __m512i x = _mm512_xor_si512(_mm512_maskz_loadu_epi64(m, in + 32 * i), k[0]);
        for (size_t r = 1; r < 14; ++r) x = _mm512_aesenc_epi128(_mm512_maskz_permutexvar_epi8(~__mmask64(0), idx, x), k[r]);
        _mm512_mask_storeu_epi64(out + 32 * i, m,
                                 _mm512_aesenclast_epi128(_mm512_maskz_permutexvar_epi8(~__mmask64(0), idx, x), k[14]));
    }
}

// Expands a KeyList into per-block round-key pointers, a chunk at a time.
template <class C, class F>
void chunks(detail::KeyList<C> keys, const uint8_t* in, uint8_t* out, size_t n, F f) {
    const uint32_t* ptrs[16];
    for (size_t i = 0; i < n; i += 16) {
        const size_t m = n - i < 16 ? n - i : 16;
        for (size_t j = 0; j < m; ++j) ptrs[j] = keys.at(i + j).w;
        f(ptrs, in + C::block_bytes * i, out + C::block_bytes * i, m);
    }
}

template <int Rcon>
PQ_AESNI inline __m128i expand_step(__m128i k) {
    // w[i+4..i+7] = prefix XOR of w[i..i+3], XOR SubWord(RotWord(w[i+3])) ^ rcon in every word.
    const __m128i t = _mm_shuffle_epi32(_mm_aeskeygenassist_si128(k, Rcon), 0xFF);
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    k = _mm_xor_si128(k, _mm_slli_si128(k, 8));
    return _mm_xor_si128(k, t);
}

}  // namespace

// FIPS-197 AES-128 key expansion with AESKEYGENASSIST (fixed time): the
// same 44 little-endian words as the portable schedule.
PQ_AESNI void aesni_expand_aes128(uint32_t* w, const uint8_t* key) {
    __m128i k = ld(key);
    st(w, k);
    k = expand_step<0x01>(k), st(w + 4, k);
    k = expand_step<0x02>(k), st(w + 8, k);
    k = expand_step<0x04>(k), st(w + 12, k);
    k = expand_step<0x08>(k), st(w + 16, k);
    k = expand_step<0x10>(k), st(w + 20, k);
    k = expand_step<0x20>(k), st(w + 24, k);
    k = expand_step<0x40>(k), st(w + 28, k);
    k = expand_step<0x80>(k), st(w + 32, k);
    k = expand_step<0x1B>(k), st(w + 36, k);
    k = expand_step<0x36>(k), st(w + 40, k);
}

// Rijndael-256 with a 256-bit key: the same recurrence as AES-256's
// (Nk = 8), run to 120 words; AESKEYGENASSIST for SubWord (fixed time).
template <int Rcon>
PQ_AESNI inline void r256_expand_pair(__m128i& a, __m128i& b, uint32_t* w) {
    __m128i t = _mm_shuffle_epi32(_mm_aeskeygenassist_si128(b, Rcon), 0xFF);
    a = _mm_xor_si128(a, _mm_slli_si128(a, 4));
    a = _mm_xor_si128(a, _mm_slli_si128(a, 8));
    a = _mm_xor_si128(a, t);
    st(w, a);
    t = _mm_shuffle_epi32(_mm_aeskeygenassist_si128(a, 0), 0xAA);
    b = _mm_xor_si128(b, _mm_slli_si128(b, 4));
    b = _mm_xor_si128(b, _mm_slli_si128(b, 8));
    b = _mm_xor_si128(b, t);
    st(w + 4, b);
}
PQ_AESNI void aesni_expand_r256(uint32_t* w, const uint8_t* key) {
    __m128i a = ld(key), b = ld(key + 16);
    st(w, a);
    st(w + 4, b);
    r256_expand_pair<0x01>(a, b, w + 8);
    r256_expand_pair<0x02>(a, b, w + 16);
    r256_expand_pair<0x04>(a, b, w + 24);
    r256_expand_pair<0x08>(a, b, w + 32);
    r256_expand_pair<0x10>(a, b, w + 40);
    r256_expand_pair<0x20>(a, b, w + 48);
    r256_expand_pair<0x40>(a, b, w + 56);
    r256_expand_pair<0x80>(a, b, w + 64);
    r256_expand_pair<0x1B>(a, b, w + 72);
    r256_expand_pair<0x36>(a, b, w + 80);
    r256_expand_pair<0x6C>(a, b, w + 88);
    r256_expand_pair<0xD8>(a, b, w + 96);
    r256_expand_pair<0xAB>(a, b, w + 104);
    r256_expand_pair<0x4D>(a, b, w + 112);
}

// Asked on every automatic-backend cipher call: read once (cpu_features is
// fixed for the process; the call into it cost MQOM signing ~1.5 %).
bool aesni_available() {
    static const bool yes = pqmcu::x86::cpu_features().aesni;
    return yes;
}
bool vaes_available() {
    static const bool yes = [] {
        const auto& f = pqmcu::x86::cpu_features();
        return f.vaes && f.avx2 && f.aesni;
    }();
    return yes;
}

// AVX-512 + VAES present (PQMCU_CPU_DISABLE=avx512 / vaes masks it: valgrind
// runs none of it): the AES-NI backend's single-key runs and Rijndael-256
// take the wide kernels above (same results, same fixed-time instructions).
static bool wide_available() {
    static const bool yes = [] {
        const auto& f = pqmcu::x86::cpu_features();
        return f.vaes && f.avx512f && f.avx512bw && f.avx512vl;
    }();
    return yes;
}
static bool vbmi_available() {
    static const bool yes = wide_available() && pqmcu::x86::cpu_features().avx512vbmi;
    return yes;
}

template <>
void aesni_encrypt<Aes128>(detail::KeyList<Aes128> k, const uint8_t* in, uint8_t* out, size_t n) {
    if (k.one != nullptr && n >= 4 && wide_available()) return vaes512_one_key<10>(k.one->w, in, out, n);
    chunks(k, in, out, n, aes_blocks<10>);
}
template <>
void aesni_encrypt<Aes256>(detail::KeyList<Aes256> k, const uint8_t* in, uint8_t* out, size_t n) {
    if (k.one != nullptr && n >= 4 && wide_available()) return vaes512_one_key<14>(k.one->w, in, out, n);
    chunks(k, in, out, n, aes_blocks<14>);
}
template <>
void aesni_encrypt<Rijndael256>(detail::KeyList<Rijndael256> k, const uint8_t* in, uint8_t* out, size_t n) {
    if (k.one != nullptr && n >= 2 && vbmi_available()) return vaes512_r256_one_key(k.one->w, in, out, n);
    if (vbmi_available()) return chunks(k, in, out, n, vaes_r256_blocks_vbmi);
    chunks(k, in, out, n, r256_blocks);
}
template <>
void vaes_encrypt<Aes128>(detail::KeyList<Aes128> k, const uint8_t* in, uint8_t* out, size_t n) {
    chunks(k, in, out, n, vaes_aes_blocks<10>);
}
template <>
void vaes_encrypt<Aes256>(detail::KeyList<Aes256> k, const uint8_t* in, uint8_t* out, size_t n) {
    chunks(k, in, out, n, vaes_aes_blocks<14>);
}
template <>
void vaes_encrypt<Rijndael256>(detail::KeyList<Rijndael256> k, const uint8_t* in, uint8_t* out, size_t n) {
    if (k.one != nullptr && n >= 2 && vbmi_available()) return vaes512_r256_one_key(k.one->w, in, out, n);
    if (vbmi_available()) return chunks(k, in, out, n, vaes_r256_blocks_vbmi);
    chunks(k, in, out, n, vaes_r256_blocks);
}

}  // namespace pqmcu::cipher::x86
