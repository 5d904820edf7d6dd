// T-table AES / Rijndael-256. NOT CONSTANT TIME: table indices depend on
// the state, so cache or bus timing can leak plaintext and key. Only for
// data that is public, or where the platform has no data-dependent timing
// and the caller accepts it.
//
// One 1 KB table (T0); the other three classic tables are rotations of it,
// and on ARM the rotation is a free operand of the EOR, so 4 KB buys nothing.
// The last round uses the 256-byte S-box. On the M4, AES-128/256 run in
// aes_table_m4.S (same tables, same computation); Rijndael-256 stays here.
#include <cstddef>

#include "cipher/internal.hpp"
#include "core/bytes.hpp"

#if defined(PQMCU_TARGET_M4) && defined(PQMCU_AES_TABLE_IN_RAM)
// Zero-wait-state SRAM instead of flash; the linker script copies it.
#define PQMCU_AES_TABLE_DECL __attribute__((section(".pqmcu_ram.aes_table"))) alignas(4)
#define PQMCU_AES_TABLE_CONST
#else
#define PQMCU_AES_TABLE_DECL alignas(64)
#define PQMCU_AES_TABLE_CONST const
#endif

namespace pqmcu::cipher {
namespace detail {
namespace {
constexpr SboxTable kSbox = make_sbox();

struct TTable {
    uint32_t t[256];
};
// Little-endian column contribution of one byte in row 0: (2s, s, s, 3s).
constexpr TTable make_t0() {
    TTable r{};
    for (int x = 0; x < 256; ++x) {
        const uint8_t s = kSbox.s[x];
        const uint8_t s2 = gf_mul(s, 2), s3 = uint8_t(s2 ^ s);
        r.t[x] = uint32_t(s2) | (uint32_t(s) << 8) | (uint32_t(s) << 16) | (uint32_t(s3) << 24);
    }
    return r;
}
constexpr TTable kT0 = make_t0();
}  // namespace

PQMCU_AES_TABLE_DECL PQMCU_AES_TABLE_CONST uint8_t sbox_table_storage[256] = {
#define B(i) kSbox.s[i]
#define B8(i) B(i), B(i + 1), B(i + 2), B(i + 3), B(i + 4), B(i + 5), B(i + 6), B(i + 7)
#define B64(i) B8(i), B8(i + 8), B8(i + 16), B8(i + 24), B8(i + 32), B8(i + 40), B8(i + 48), B8(i + 56)
    B64(0), B64(64), B64(128), B64(192)
#undef B64
#undef B8
#undef B
};
PQMCU_AES_TABLE_DECL PQMCU_AES_TABLE_CONST uint32_t t0_table[256] = {
#define B(i) kT0.t[i]
#define B8(i) B(i), B(i + 1), B(i + 2), B(i + 3), B(i + 4), B(i + 5), B(i + 6), B(i + 7)
#define B64(i) B8(i), B8(i + 8), B8(i + 16), B8(i + 24), B8(i + 32), B8(i + 40), B8(i + 48), B8(i + 56)
    B64(0), B64(64), B64(128), B64(192)
#undef B64
#undef B8
#undef B
};
}  // namespace detail

namespace {

inline uint32_t ror32(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

template <size_t NB, unsigned C1, unsigned C2, unsigned C3>
inline __attribute__((always_inline)) void table_round(const uint32_t* T, const uint32_t* s, uint32_t* t,
                                                       const uint32_t* rk) {
#pragma GCC unroll 8
    for (size_t j = 0; j < NB; ++j) {
        t[j] = rk[j] ^ T[s[j] & 0xFF] ^ ror32(T[(s[(j + C1) % NB] >> 8) & 0xFF], 24) ^
               ror32(T[(s[(j + C2) % NB] >> 16) & 0xFF], 16) ^ ror32(T[s[(j + C3) % NB] >> 24], 8);
    }
}

// One block of NB columns; row r reads column (j + Cr) mod NB. Rounds go in
// pairs (s -> t -> s) so no register copies are needed between rounds.
template <size_t NB, size_t NR, unsigned C1, unsigned C2, unsigned C3>
void table_block(const uint32_t* rk, const uint8_t* in, uint8_t* out) {
    const uint32_t* T = detail::t0_table;
    const uint8_t* S = detail::sbox_table_storage;
    uint32_t s[NB], t[NB];
#pragma GCC unroll 8
    for (size_t c = 0; c < NB; ++c) s[c] = detail::ld32(in + 4 * c) ^ rk[c];
    rk += NB;
    size_t r = 1;
    for (; r + 2 <= NR; r += 2, rk += 2 * NB) {
        table_round<NB, C1, C2, C3>(T, s, t, rk);
        table_round<NB, C1, C2, C3>(T, t, s, rk + NB);
    }
    if (r < NR) {  // odd number of middle rounds (AES-128: 9)
        table_round<NB, C1, C2, C3>(T, s, t, rk);
        rk += NB;
#pragma GCC unroll 8
        for (size_t j = 0; j < NB; ++j) s[j] = t[j];
    }
#pragma GCC unroll 8
    for (size_t j = 0; j < NB; ++j) {
        const uint32_t v = uint32_t(S[s[j] & 0xFF]) | (uint32_t(S[(s[(j + C1) % NB] >> 8) & 0xFF]) << 8) |
                           (uint32_t(S[(s[(j + C2) % NB] >> 16) & 0xFF]) << 16) |
                           (uint32_t(S[s[(j + C3) % NB] >> 24]) << 24);
        detail::st32(out + 4 * j, v ^ rk[j]);
    }
}

}  // namespace

namespace detail {
const uint8_t sbox_table[256] = {
#define B(i) kSbox.s[i]
#define B8(i) B(i), B(i + 1), B(i + 2), B(i + 3), B(i + 4), B(i + 5), B(i + 6), B(i + 7)
#define B64(i) B8(i), B8(i + 8), B8(i + 16), B8(i + 24), B8(i + 32), B8(i + 40), B8(i + 48), B8(i + 56)
    B64(0), B64(64), B64(128), B64(192)
#undef B64
#undef B8
#undef B
};
}  // namespace detail

#if defined(PQMCU_TARGET_M4)
// aes_table_m4.S: the same computation for AES-128/256, scheduled by hand
// for the M4 (loads grouped so they pipeline, row rotations folded into the
// EORs, rounds unrolled), looping over the blocks itself.
namespace {
struct AesTableJob {
    const uint32_t* const* keys;
    const uint8_t* in;
    uint8_t* out;
    uint32_t nblocks;
    uint32_t nr;
    const uint32_t* t0;
    const uint8_t* sbox;
    uint32_t key_step;  // bytes between consecutive key pointers: 4, or 0 for one key
};
}  // namespace
extern "C" void pqmcu_aes_table_m4(AesTableJob* job);  // advances keys, in, out, nblocks

namespace {
// RoundKeys<C> is a standard-layout struct whose only member is w, so a
// pointer to it is a pointer to w[0]: the key list is passed as it is.
static_assert(offsetof(RoundKeys<Aes128>, w) == 0 && offsetof(RoundKeys<Aes256>, w) == 0);
template <class C>
void aes_table_blocks(detail::KeyList<C> keys, const uint8_t* in, uint8_t* out, size_t n) {
    const uint32_t* one = keys.one ? keys.one->w : nullptr;
    AesTableJob job{keys.one ? &one : reinterpret_cast<const uint32_t* const*>(keys.list),
                    in,
                    out,
                    uint32_t(n),
                    uint32_t(C::rounds),
                    detail::t0_table,
                    detail::sbox_table_storage,
                    keys.one ? 0u : uint32_t(sizeof(void*))};
    pqmcu_aes_table_m4(&job);
}
}  // namespace
#endif

namespace table_not_ct {

template <>
void encrypt<Aes128>(detail::KeyList<Aes128> keys, const uint8_t* in, uint8_t* out, size_t n) {
#if defined(PQMCU_TARGET_M4)
    aes_table_blocks<Aes128>(keys, in, out, n);
#else
    for (size_t i = 0; i < n; ++i) table_block<4, 10, 1, 2, 3>(keys.at(i).w, in + 16 * i, out + 16 * i);
#endif
}
template <>
void encrypt<Aes256>(detail::KeyList<Aes256> keys, const uint8_t* in, uint8_t* out, size_t n) {
#if defined(PQMCU_TARGET_M4)
    aes_table_blocks<Aes256>(keys, in, out, n);
#else
    for (size_t i = 0; i < n; ++i) table_block<4, 14, 1, 2, 3>(keys.at(i).w, in + 16 * i, out + 16 * i);
#endif
}
template <>
void encrypt<Rijndael256>(detail::KeyList<Rijndael256> keys, const uint8_t* in, uint8_t* out, size_t n) {
    for (size_t i = 0; i < n; ++i) table_block<8, 14, 1, 3, 4>(keys.at(i).w, in + 32 * i, out + 32 * i);
}

}  // namespace table_not_ct

void encrypt_table_not_ct(const RoundKeys<Aes128>& k, const uint8_t* in, uint8_t* out, size_t nblocks) {
    if (nblocks != 0) table_not_ct::encrypt<Aes128>(detail::KeyList<Aes128>{&k, nullptr}, in, out, nblocks);
}
void encrypt_multi_table_not_ct(const RoundKeys<Aes128>* const* ks, const uint8_t* in, uint8_t* out,
                                size_t nblocks) {
    if (nblocks != 0) table_not_ct::encrypt<Aes128>(detail::KeyList<Aes128>{nullptr, ks}, in, out, nblocks);
}

}  // namespace pqmcu::cipher
