// SPDX-License-Identifier: Apache-2.0 OR MIT
// Block ciphers: AES-128, AES-256 and Rijndael-256-256 (256-bit block and key).
//
// One round-key type per cipher (the FIPS-197 expanded key), shared by every
// backend, so a context made once can be encrypted with any backend:
//   bitsliced     constant time (the default on the M4 and in portable builds)
//   table_not_ct  T-table code: NOT constant time, only for public plaintexts
//   aesni / vaes  x86 instructions, chosen at run time (constant time)
//   external      a hardware engine plugged in through ExternalAes128 (AES-128 only)
//
// Key schedules: key_schedule() is constant time (for secret keys);
// key_schedule_public() uses S-box table lookups and is only for public keys
// (MQOM's salts/tweaks), where it is several times faster.
#pragma once
#include "core/inline.hpp"
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/status.hpp"

namespace pqmcu::cipher {

struct Aes128 {
    static constexpr size_t key_bytes = 16, block_bytes = 16, nk = 4, nb = 4, rounds = 10;
};
struct Aes256 {
    static constexpr size_t key_bytes = 32, block_bytes = 16, nk = 8, nb = 4, rounds = 14;
};
struct Rijndael256 {
    static constexpr size_t key_bytes = 32, block_bytes = 32, nk = 8, nb = 8, rounds = 14;
};

// Expanded key: word i holds bytes 4i..4i+3 of the FIPS-197 key schedule,
// little-endian (so the round key of round r is the byte string at w + nb*r).
template <class C>
struct RoundKeys {
    static constexpr size_t words = C::nb * (C::rounds + 1);
    alignas(16) uint32_t w[words];
};
using Aes128Ctx = RoundKeys<Aes128>;
using Aes256Ctx = RoundKeys<Aes256>;
using Rijndael256Ctx = RoundKeys<Rijndael256>;

enum class Backend : uint8_t {
    automatic = 0,  // host: aesni when the CPU has it, else bitsliced; M4: bitsliced
    bitsliced,
    table_not_ct,
    aesni,
    vaes,
    external,
};

const char* backend_name(Backend b);
// Whether encrypt() with this backend can succeed for cipher C in this build/CPU.
template <class C>
bool backend_available(Backend b);
// What Backend::automatic resolves to.
Backend default_backend();
// b with automatic resolved; inline on the M4 (always the bitsliced code
// there), so inner loops can test the backend without a call.
inline Backend resolve_backend(Backend b) {
#if defined(PQMCU_TARGET_M4)
    return b == Backend::automatic ? Backend::bitsliced : b;
#else
    return b == Backend::automatic ? default_backend() : b;
#endif
}

// key_len must be C::key_bytes, else Status::bad_length (ctx untouched).
template <class C>
Status key_schedule(RoundKeys<C>& ctx, const uint8_t* key, size_t key_len);
template <class C>
Status key_schedule_public(RoundKeys<C>& ctx, const uint8_t* key, size_t key_len);
template <class C>
void wipe(RoundKeys<C>& ctx);
// AES-128 public key schedule of the 16 bytes at key (any alignment) with x0
// XORed into their first little-endian word: MQOM's tweaked salts (one key
// per GGM node) without a copy or checks. Public keys only (S-box table).
// On the M4 the assembly is called in place (~9,000 calls a signature).
#if defined(PQMCU_TARGET_M4)
extern "C" void pqmcu_aes128_ks_public_m4(uint32_t w[44], const uint8_t* key, uint32_t x0, const uint8_t* sbox);
namespace detail {
extern const uint8_t sbox_table[256];
}
inline void key_schedule_public_aes128_xor(RoundKeys<Aes128>& ctx, const uint8_t* key, uint32_t x0) {
    pqmcu_aes128_ks_public_m4(ctx.w, key, x0, detail::sbox_table);
}
#else
void key_schedule_public_aes128_xor(RoundKeys<Aes128>& ctx, const uint8_t* key, uint32_t x0);
#endif

// ECB on nblocks consecutive blocks under one key. in == out is allowed.
// nullptr with nblocks > 0 -> bad_argument; backend missing -> unsupported.
template <class C>
Status encrypt(const RoundKeys<C>& ctx, const uint8_t* in, uint8_t* out, size_t nblocks,
               Backend b = Backend::automatic);
// Byte-length form: in_len must be a multiple of the block size and
// out_len >= in_len, else bad_length.
template <class C>
Status encrypt_bytes(const RoundKeys<C>& ctx, const uint8_t* in, size_t in_len, uint8_t* out,
                     size_t out_len, Backend b = Backend::automatic);
// Block i encrypted under *ctxs[i], i < nblocks <= 8 (else bad_argument).
template <class C>
Status encrypt_multi(const RoundKeys<C>* const* ctxs, const uint8_t* in, uint8_t* out, size_t nblocks,
                     Backend b = Backend::automatic);

// Fixed-width forms (MQOM's x1/x2/x4/x8 calls).
template <class C>
inline Status encrypt_x1(const RoundKeys<C>& k, const uint8_t* in, uint8_t* out, Backend b = Backend::automatic) {
    return encrypt<C>(k, in, out, 1, b);
}
template <class C>
inline Status encrypt_x2(const RoundKeys<C>& k, const uint8_t* in, uint8_t* out, Backend b = Backend::automatic) {
    return encrypt<C>(k, in, out, 2, b);
}
template <class C>
inline Status encrypt_x4(const RoundKeys<C>& k, const uint8_t* in, uint8_t* out, Backend b = Backend::automatic) {
    return encrypt<C>(k, in, out, 4, b);
}
template <class C>
inline Status encrypt_x8(const RoundKeys<C>& k, const uint8_t* in, uint8_t* out, Backend b = Backend::automatic) {
    return encrypt<C>(k, in, out, 8, b);
}
template <class C>
inline Status encrypt_x2_multi(const RoundKeys<C>* const ctxs[2], const uint8_t* in, uint8_t* out,
                               Backend b = Backend::automatic) {
    return encrypt_multi<C>(ctxs, in, out, 2, b);
}
template <class C>
inline Status encrypt_x4_multi(const RoundKeys<C>* const ctxs[4], const uint8_t* in, uint8_t* out,
                               Backend b = Backend::automatic) {
    return encrypt_multi<C>(ctxs, in, out, 4, b);
}
template <class C>
inline Status encrypt_x8_multi(const RoundKeys<C>* const ctxs[8], const uint8_t* in, uint8_t* out,
                               Backend b = Backend::automatic) {
    return encrypt_multi<C>(ctxs, in, out, 8, b);
}

// Prepared key (the key-schedule cache): a key made ready once for many
// encryptions under it.
//   AES-128: round keys fixsliced (see fixsliced.cpp: ShiftRows folded into
//     the round keys, the S-box constant 0x63 added, bitsliced for both lanes
//     of a two-block pass), what the M4 assembly adds directly; 352 bytes.
//   Rijndael-256: round keys bitsliced, in the representation of the state
//     of their round (rijndael256_fs.cpp: ShiftRows half folded away), the
//     S-box constant 0x63 added; what the M4 assembly (rijndael256_fs_m4.S)
//     adds directly; 480 bytes, as large as the expanded key.
//   AES-256: the expanded key.
// On the M4 that is all a prepared key holds; elsewhere it also holds the
// expanded key for the other backends. On the M4 a backend that needs the
// expanded key recovers it (slow path, e.g. table/external).
#if defined(PQMCU_TARGET_M4)
inline constexpr bool kPreparedHoldsRoundKeys = false;
#else
inline constexpr bool kPreparedHoldsRoundKeys = true;
#endif
namespace detail {
template <class C>
struct PreparedStore {
    RoundKeys<C> rk;
};
struct FixslicedAes128 {
    static constexpr size_t words = 8 * (Aes128::rounds + 1);
    alignas(8) uint32_t fs[words];  // round r: planes 0..7 at 8r
};
struct PreparedAes128Host : FixslicedAes128 {
    RoundKeys<Aes128> rk;
};
template <>
struct PreparedStore<Aes128>
    : std::conditional_t<kPreparedHoldsRoundKeys, PreparedAes128Host, FixslicedAes128> {};
struct BitslicedRijndael256 {
    static constexpr size_t words = 8 * (Rijndael256::rounds + 1);
    alignas(16) uint32_t bs[words];  // round r: planes 0..7 at 8r (same size as RoundKeys; rijndael256_fs.cpp)
};
struct PreparedRijndael256Host : BitslicedRijndael256 {
    RoundKeys<Rijndael256> rk;
};
template <>
struct PreparedStore<Rijndael256>
    : std::conditional_t<kPreparedHoldsRoundKeys, PreparedRijndael256Host, BitslicedRijndael256> {};
}  // namespace detail
template <class C>
struct PreparedKey : detail::PreparedStore<C> {};

// Whether encrypt() of nblocks through a PreparedKey beats the RoundKeys form
// with backend b even when the key is prepared for that one call: on the
// bitsliced backend, AES-128 from one block on (prepare() costs less than
// one pass's key bitslicing saves), Rijndael-256 from two. Multi-key calls
// with distinct keys are better off without.
// Compile-time part of it: whether C has a prepared form other than the expanded key.
template <class C>
inline constexpr bool has_prepared_form = std::is_same_v<C, Aes128> || std::is_same_v<C, Rijndael256>;
// Inline: MQOM asks it per cipher call.
template <class C>
inline bool prepared_is_faster(Backend b, size_t nblocks) {
    const size_t min_blocks = std::is_same_v<C, Aes128> ? 1 : 2;
    return has_prepared_form<C> && nblocks >= min_blocks && resolve_backend(b) == Backend::bitsliced;
}

// From an expanded key (constant time).
template <class C>
void prepare(PreparedKey<C>& pk, const RoundKeys<C>& ctx);
// key_schedule / key_schedule_public followed by prepare (same statuses).
template <class C>
Status prepare_key(PreparedKey<C>& pk, const uint8_t* key, size_t key_len);
template <class C>
Status prepare_key_public(PreparedKey<C>& pk, const uint8_t* key, size_t key_len);
template <class C>
void wipe(PreparedKey<C>& pk);
// AES-128: two keys in one fixsliced form, block 0 of a two-block pass
// (encrypt2_fixsliced / encrypt2_lin_ortho_fixsliced, in0) under a, block 1
// (in1) under b; about the cost of one prepare(). Only for those two
// passes (a host PreparedKey's expanded copy holds a only).
void prepare_pair(PreparedKey<Aes128>& pk, const RoundKeys<Aes128>& a, const RoundKeys<Aes128>& b);
// Two blocks under two expanded AES-128 keys on the bitsliced backend
// (constant time): out0 = AES_a(in0), out1 = AES_b(in1), no dispatch or
// checks (MQOM's GGM trees: one key per node, a pair of nodes per pass).
void encrypt2_keys_bitsliced(const RoundKeys<Aes128>& a, const RoundKeys<Aes128>& b, const uint8_t* in0,
                             const uint8_t* in1, uint8_t* out0, uint8_t* out1);
// The expanded key back (constant time; what non-fixsliced backends use on the M4).
template <class C>
void round_keys(const PreparedKey<C>& pk, RoundKeys<C>& out);

// Same contracts as the RoundKeys forms. Backend::bitsliced (and automatic
// where it resolves to it) runs the fixsliced code for AES-128.
template <class C>
Status encrypt(const PreparedKey<C>& pk, const uint8_t* in, uint8_t* out, size_t nblocks,
               Backend b = Backend::automatic);
// (K is deduced so that encrypt_multi<C>(nullptr, ...) still picks the RoundKeys form.)
template <class C, class K>
    requires std::is_same_v<K, PreparedKey<C>>
Status encrypt_multi(const K* const* pks, const uint8_t* in, uint8_t* out, size_t nblocks,
                     Backend b = Backend::automatic);
template <class C>
inline Status encrypt_x1(const PreparedKey<C>& k, const uint8_t* in, uint8_t* out, Backend b = Backend::automatic) {
    return encrypt<C>(k, in, out, 1, b);
}
template <class C>
inline Status encrypt_x2(const PreparedKey<C>& k, const uint8_t* in, uint8_t* out, Backend b = Backend::automatic) {
    return encrypt<C>(k, in, out, 2, b);
}
template <class C>
inline Status encrypt_x4(const PreparedKey<C>& k, const uint8_t* in, uint8_t* out, Backend b = Backend::automatic) {
    return encrypt<C>(k, in, out, 4, b);
}
template <class C>
inline Status encrypt_x8(const PreparedKey<C>& k, const uint8_t* in, uint8_t* out, Backend b = Backend::automatic) {
    return encrypt<C>(k, in, out, 8, b);
}

// One fixsliced AES-128 pass (Backend::bitsliced) without checks or
// dispatch, for callers that resolved the backend once: in0 -> out0 and
// in1 -> out1 (in0 == in1 allowed: one block, then out0 == out1 allowed).
// Both inputs are read before any output is written, so out may alias in.
#if defined(PQMCU_TARGET_M4)
#if defined(PQMCU_OPTIMIZE_FOR_SIZE)
namespace detail {
// LinOrtho(in) = (in_lo ^ in_hi) || in_lo on 8-byte halves, as words.
// Word accesses: the M4 takes unaligned LDR/STR (-Os would copy bytes).
using u32_unaligned = uint32_t __attribute__((aligned(1), may_alias));
PQMCU_SIZE_INLINE inline void lin_ortho_words(const uint8_t* in, uint32_t l[4]) {
    const u32_unaligned* w = reinterpret_cast<const u32_unaligned*>(in);
    l[0] = w[0] ^ w[2];
    l[1] = w[1] ^ w[3];
    l[2] = w[0];
    l[3] = w[1];
}
PQMCU_SIZE_INLINE inline void xor_words(uint8_t* out, const uint32_t l[4]) {
    u32_unaligned* w = reinterpret_cast<u32_unaligned*>(out);
    w[0] ^= l[0];
    w[1] ^= l[1];
    w[2] ^= l[2];
    w[3] ^= l[3];
}
}  // namespace detail
#endif
}  // namespace pqmcu::cipher
// aes_fs_m4.S: io = {in0, in1, out0, out1}.
extern "C" void pqmcu_aes128_fs2_m4(const uint32_t* rk, const uint8_t* const io[4]);
extern "C" void pqmcu_aes128_fs2_lo_m4(const uint32_t* rk, const uint8_t* const io[4]);
extern "C" void pqmcu_aes128_fs2_lo_n_m4(const uint32_t* rk, const uint32_t* tin, const uint8_t* in, uint8_t* out,
                                         uint32_t n, uint32_t ostride);
namespace pqmcu::cipher {
// Inline: the M4's inner loops call it ~11 K times a signature.
PQMCU_SIZE_INLINE inline void encrypt2_fixsliced(const PreparedKey<Aes128>& pk, const uint8_t* in0, const uint8_t* in1,
                               uint8_t* out0, uint8_t* out1) {
    const uint8_t* const io[4] = {in0, in1, out0, out1};
    pqmcu_aes128_fs2_m4(pk.fs, io);
}
// The same pass with out ^= LinOrtho(in) = (in_lo ^ in_hi) || in_lo done in
// its output stores (MQOM's SeedDerive, no second pass over out).
PQMCU_SIZE_INLINE inline void encrypt2_lin_ortho_fixsliced(const PreparedKey<Aes128>& pk, const uint8_t* in0,
                                                                const uint8_t* in1, uint8_t* out0, uint8_t* out1) {
    const uint8_t* const io[4] = {in0, in1, out0, out1};
#if defined(PQMCU_OPTIMIZE_FOR_SIZE)
    // Size builds keep one fixsliced pass (6 KB less flash): LinOrtho of
    // the inputs, taken before the pass (out may alias in), XORed after it.
    uint32_t l0[4], l1[4];
    detail::lin_ortho_words(in0, l0);
    detail::lin_ortho_words(in1, l1);
    pqmcu_aes128_fs2_m4(pk.fs, io);
    detail::xor_words(out0, l0);
    if (out1 != out0) detail::xor_words(out1, l1);
#else
    pqmcu_aes128_fs2_lo_m4(pk.fs, io);
#endif
}
#else
void encrypt2_fixsliced(const PreparedKey<Aes128>& pk, const uint8_t* in0, const uint8_t* in1, uint8_t* out0,
                        uint8_t* out1);
void encrypt2_lin_ortho_fixsliced(const PreparedKey<Aes128>& pk, const uint8_t* in0, const uint8_t* in1,
                                  uint8_t* out0, uint8_t* out1);
#endif
// npairs (>= 1) encrypt2_lin_ortho_fixsliced passes under one key: pass i
// takes the blocks in + 32 i and in + 32 i + 16 to out + 2 i ostride and
// out + (2 i + 1) ostride. Outputs must not overlap the inputs (in or tin).
// Where kFs2SlicedInputs, tin holds slice2_fixsliced(in, npairs) (the
// pass's input transpose, made once for inputs that go through several
// keys, as MQOM's leaves through five); elsewhere it is not read. On the M4
// one assembly call for all of them (one call, register save and wipe
// instead of one a pass).
#if defined(PQMCU_TARGET_M4) && !defined(PQMCU_OPTIMIZE_FOR_SIZE)
inline constexpr bool kFs2SlicedInputs = true;
#else
inline constexpr bool kFs2SlicedInputs = false;
#endif
// tin[8 i .. 8 i + 8) = the sliced words of in + 32 i, in + 32 i + 16 (secret: the caller wipes tin).
void slice2_fixsliced(const uint8_t* in, uint32_t* tin, uint32_t npairs);
inline void encrypt2n_lin_ortho_fixsliced(const PreparedKey<Aes128>& pk, const uint32_t* tin, const uint8_t* in,
                                          uint8_t* out, uint32_t npairs, uint32_t ostride) {
#if defined(PQMCU_TARGET_M4) && !defined(PQMCU_OPTIMIZE_FOR_SIZE)
    pqmcu_aes128_fs2_lo_n_m4(pk.fs, tin, in, out, npairs, ostride);
#else
    (void)tin;
    for (uint32_t i = 0; i < npairs; ++i, in += 32, out += 2 * ostride)
        encrypt2_lin_ortho_fixsliced(pk, in, in + 16, out, out + ostride);
#endif
}

// T-table AES-128 without checks or dispatch, for callers that resolved
// Backend::table_not_ct once. NOT CONSTANT TIME (see table_not_ct.cpp).
// Same contracts as encrypt / encrypt_multi (in == out allowed, nblocks <= 8
// for the multi-key form); nblocks == 0 does nothing.
void encrypt_table_not_ct(const RoundKeys<Aes128>& k, const uint8_t* in, uint8_t* out, size_t nblocks);
void encrypt_multi_table_not_ct(const RoundKeys<Aes128>* const* ks, const uint8_t* in, uint8_t* out,
                                size_t nblocks);
// Two blocks under two public keys that are key with its first little-endian
// word XOR x0 (block 0: in[0..16) -> out[0..16)) and XOR x1 (block 1), the
// key schedules included (M4: made round by round beside the rounds, no
// expanded key stored). MQOM's GGM tree pairs (one tweaked salt per node).
// in == out allowed. NOT CONSTANT TIME in the data (T-tables).
void encrypt2_tweaked_table_not_ct(const uint8_t key[16], uint32_t x0, uint32_t x1, const uint8_t in[32],
                                   uint8_t out[32]);
// Block 0 of the same alone (key's first word XOR x): a tree pair whose
// sibling subtree the walk skips. NOT CONSTANT TIME in the data.
void encrypt1_tweaked_table_not_ct(const uint8_t key[16], uint32_t x, const uint8_t in[16], uint8_t out[16]);
// The same single-key pass, then out ^= LinOrtho(in) = (in_lo ^ in_hi) ||
// in_lo on 8-byte halves (MQOM's SeedDerive feed-forward, fused into the
// M4 assembly's stores). in != out; output i at out + i * out_stride
// (>= 16: the outputs may be interleaved with other data).
void encrypt_lin_ortho_table_not_ct(const RoundKeys<Aes128>& k, const uint8_t* in, uint8_t* out, size_t nblocks,
                                    size_t out_stride = 16);
// The same for several keys over the same inputs that agree with k in
// words 1-3 and bytes 2-3 of word 0 (MQOM's tweaked salts of one
// repetition): pre (4 words a block, made once with any of them by
// table_round1_pre_not_ct) holds what round 1 shares between them, so each
// pass looks up 2 of its 16 round-1 entries (M4; other targets and size
// builds ignore pre). pre depends on the (secret) inputs: the caller wipes it.
void table_round1_pre_not_ct(const RoundKeys<Aes128>& k, const uint8_t* in, uint32_t* pre, size_t nblocks);
void encrypt_lin_ortho_table_pre_not_ct(const RoundKeys<Aes128>& k, const uint32_t* pre, const uint8_t* in,
                                        uint8_t* out, size_t nblocks, size_t out_stride = 16);

// Hardware AES-128 engine hook (e.g. STM32 CRYP). set_key receives the raw
// 16-byte key (the first round key), then encrypt runs ECB on nblocks.
struct ExternalAes128 {
    void* ctx;
    Status (*set_key)(void* ctx, const uint8_t key[16]);
    Status (*encrypt)(void* ctx, const uint8_t* in, uint8_t* out, size_t nblocks);
};
// Backend::external without dispatch or argument checks (in == out allowed;
// for callers that resolved the backend once): one key load, one engine call.
Status encrypt_external_aes128(const RoundKeys<Aes128>& k, const uint8_t* in, uint8_t* out, size_t nblocks);
// The same with the raw key's 16 bytes (what the engine's set_key receives):
// for callers that build keys themselves (MQOM's tweaked salts), no round-key
// words in between. nblocks >= 1.
Status encrypt_external_aes128_raw(const uint8_t key[16], const uint8_t* in, uint8_t* out, size_t nblocks);
// Installs (or, with nullptr, removes) the engine used by Backend::external.
// The struct is copied. Not thread safe: call at start-up.
void set_external_aes128(const ExternalAes128* hook);
// The first failure the engine reported since the last call, or ok; reading
// clears it. Encrypt calls report failures too (and zero the output blocks of
// the failed run), but callers whose inner loops drop statuses (MQOM's seed
// cipher) check this once per operation instead.
Status take_external_aes128_fault();

// Test double for a hardware engine: forwards to the bitsliced code and counts calls.
struct EmulatedAesEngine {
    Aes128Ctx key;
    uint32_t set_key_calls;
    uint32_t blocks;
    bool keyed;
};
ExternalAes128 emulated_engine_hook(EmulatedAesEngine& engine);

}  // namespace pqmcu::cipher
