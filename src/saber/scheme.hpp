// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu::saber::Scheme<Set>: the round-3 Saber KEM (LightSaber, Saber,
// FireSaber; params.hpp), byte-compatible with the reference implementation
// (KULeuven-COSIC/SABER, Reference_Implementation_KEM) and its NIST KATs.
//
//   using S = pqmcu::saber::Scheme<pqmcu::saber::saber>;
//   static S::Workspace ws;                        // every big buffer, no heap
//   S::keypair(pk, sk, rng, ws);                   // draws 32 (seed_A), 32 (seed_s), 32 (z)
//   S::encapsulate(ct, ss, pk, rng, ws);           // draws 32 (m)
//   S::decapsulate(ss, ct, sk, ws);                // ok; a tampered ct gives SHA3-256(z || SHA3-256(ct))
//                                                  // (ss overlapping ct or sk: bad_argument)
//
// `rng` is any callable rng(uint8_t*, size_t) (core/scheme_support.hpp).
// Statuses: ok; bad_argument (nullptr, or decapsulate's ss overlapping ct or sk);
// internal_error (the rng failed).
//
// Profiles (the products A s and b^T s over Z_2^13[x]/(x^256 + 1)):
//  - Default: NTT over the prime 25,263,617 (ntt.hpp), one product at a time,
//    streamed: A is squeezed an entry at a time into the tail of the
//    transform buffer and unpacked there in place, key generation keeps its
//    accumulators in the caller's pk / sk (overwritten by the keys at the
//    end), encapsulation keeps s' as 4-bit fields, decapsulation compares
//    the re-encryption while encoding it. The Workspace is one transform
//    buffer, a half-transform buffer (the secret operand is transformed a
//    half at a time, ntt::forward_half_packed), one accumulator row and s';
//    v' and decryption sum in the transform domain, the rows of A s' do not.
//  - Speed: the l transforms of the secret vector are kept in the Workspace
//    (l KB): l transforms of s' per encapsulation instead of l^2 + l - 1, no
//    4-bit copy of s', and each output row summed in the transform domain
//    (one inverse per row instead of l).
//  - Toom: Toom-4 (exact mod 2^13 = q) on Karatsuba limbs, the secret vector
//    evaluated once and shared by every row and by the inner product
//    (polymul/matvec.hpp), A generated whole into the Workspace.
// Constant time: the binomial sampler, the products, the encodings, the
// re-encryption compare (ct_memneq) and the rejection select (masked copy)
// have no secret-dependent branch or index.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>

#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "core/status.hpp"
#include "hash/shake.hpp"
#include "polymul/matvec.hpp"
#include "saber/params.hpp"
#include "saber/ntt.hpp"
#include "saber/poly.hpp"

namespace pqmcu::saber {

struct Default {};  // NTT, streamed (low RAM)
struct Speed {};    // NTT, streamed, the l secret transforms kept (fewer transforms, l KB more)
struct Toom {};     // Toom-4 module product, A whole in the Workspace

template <class Set, class Profile = Default>
struct Scheme {
    static_assert(std::is_same_v<Profile, Default> || std::is_same_v<Profile, Speed> ||
                      std::is_same_v<Profile, Toom>,
                  "unknown Saber profile");
    static constexpr bool kToom = std::is_same_v<Profile, Toom>;
    static constexpr bool kSpeed = std::is_same_v<Profile, Speed>;
    // x86 hosts (Speed): decapsulation's H(ct) rides along A's squeezes
    // (hash::detail::Rider; the same bytes, fewer permutation calls).
#if defined(PQMCU_HASH_AVX2)
    static constexpr bool kRideHash = kSpeed;
#else
    static constexpr bool kRideHash = false;
#endif
    static constexpr const Params& params = Set::params;
    static constexpr const char* name = params.name;
    static constexpr size_t L = params.l;
    static constexpr size_t pk_bytes = params.pk_bytes();
    static constexpr size_t sk_bytes = params.sk_bytes();
    static constexpr size_t ct_bytes = params.ct_bytes();
    static constexpr size_t ss_bytes = kKeyBytes;

    using MV = polymul::MatVecNegacyclic<L, kN>;
    static_assert(MV::exact_bits >= int(kLogQ), "the product must be exact mod q");

    struct ToomWorkspace {
        uint16_t A[L * L * kN];       // public matrix, row major
        uint16_t s[L * kN];           // secret vector (s or s')
        uint16_t sev[L * MV::ev_words];  // its Toom-4 evaluations
        uint16_t b[L * kN];           // public vector read from pk / ct
        uint16_t res[L * kN];         // products
        uint8_t bytes[params.coin_bytes() > params.poly_q_bytes() ? params.coin_bytes() : params.poly_q_bytes()];
        uint8_t cmp[ct_bytes];        // re-encryption in decapsulate
        typename MV::Scratch mv;
    };
    // Default: s' as 4-bit fields, or 3-bit for FireSaber (|s'| <= 3), whose
    // re-encryption rows then sum in the transform domain (no inverse per
    // product: l - 1 fewer per row) in acc, the kSum25Room bytes after it
    // (before s' in sp) and a room on the rows' stack: as int32 groups
    // since wip/fire6 (kFireWsGroups below; ntt::sum25_*'s 800-byte packed
    // layout sized kSum25Room).
    static constexpr bool kSum25 = !kToom && !kSpeed && params.mu == 6;
    static constexpr unsigned kSpBits = kSum25 ? 3 : 4;
    static constexpr size_t kSpPolyBytes = kN * kSpBits / 8;
    static constexpr size_t kSum25Room = kSum25 ? ntt::kSum25Bytes - sizeof(uint16_t) * kN : 0;
    // LightSaber and Saber (Default): their re-encryption rows sum packed at
    // 25 bits too, in two pieces: blocks 0-2 in kSplitRoomWords on the rows'
    // stack and blocks 3-7 in acc (kSplitN values) (enc_default<true>;
    // no Workspace byte more, so key generation and encapsulation keep their
    // RAM). The room replaces decapsulate's 128 bytes of hashes: K' is in ss
    // (the output, written last), m', the hash inputs and r' in x past the
    // coins (kSplitT); decryption and v' (compared before the rows) run
    // before the rows' frame, each with a 512-byte stack half.
    static constexpr bool kSum25Split = !kToom && !kSpeed && !kSum25;
    // FireSaber decapsulation's re-encryption rows (decapsulate_fire,
    // row_sum25_term): groups 0-5 of 32 values of the row's transform-domain
    // sum as plain int32 (768 bytes: acc, then sp's first 256 bytes; the
    // plain block products, ~2.0 k cycles a group less over the four rows
    // than the packed kernels), groups 6-7 as int32 too (kFireRoom32 = 2:
    // 256 bytes) on the rows' stack (kFireRoomWords; with kFireRoom32 < 2 the
    // groups after them would be packed at 25 bits there, sum25_run_b); m'
    // after the int32 groups, in sp's kSum25Room bytes (kFireMAt).
    static constexpr size_t kFireWsGroups = 6;   // int32 groups in acc and sp
    static constexpr size_t kFireRoom32 = 2;     // int32 groups in the room (then the packed ones)
    static constexpr size_t kFire32Groups = kFireWsGroups + kFireRoom32;
    static constexpr size_t kFireRoomWords =
        32 * kFireRoom32 + (kN / 32 - kFire32Groups) * ntt::kSum25BlockBytes / sizeof(int32_t);
    static constexpr size_t kFireMAt = kFireWsGroups * 32 * sizeof(int32_t) - sizeof(uint16_t) * kN;
    static constexpr size_t kSplitN = 5 * 32;
    static constexpr size_t kSplitRoomWords = (kN - kSplitN) / 32 * ntt::kSum25BlockBytes / sizeof(int32_t);
    struct alignas(8) NttWorkspace {
        int32_t x[kN];                // A_ij, b_j or b'_j, then the product
        union {
            int32_t y[kN];            // key generation: s_j, transformed
            struct {
                int32_t yh[kN / 2];   // encapsulation, decryption: half of s'_j's (s_j's) transform
                union {
                    uint16_t acc[kN];     // one output row mod 2^16
                    int32_t th[kN / 2];   // v', decryption: half of b_j's (b'_j's) transform, j > 0
                };
            } k;
        } u;
        uint8_t sp[kSum25Room + L * kSpPolyBytes];  // (FireSaber: the packed sum's tail, then) s' as 4- (3-) bit fields
    };
    struct alignas(8) SpeedWorkspace {  // key generation: sev holds the l output sums; s_0 in accn, s_j (j > 0) in x
        union {
            int32_t x[kN];            // A_ij, b_j or b'_j (j > 0), then its product
            uint16_t row[kN];         // the finished output row (inverse_store)
        };
        int32_t sev[L][kN];           // the secret vector, transformed once
        int32_t accn[kN];             // the row's sum in the transform domain
        uint8_t packed[(kN * kLogQ / 8 + 3 + 31) / 32 * 32];  // an A entry's 416 bytes (+3 for the word loads; the size a multiple of 32 for the wipe)
    };
    // x86 (kRideHash): each secret transform's coefficients times their
    // block's w too (ntt::prepare_w; the AVX2 block products then reduce once
    // per output), l KB more (key generation uses sevw[0]). With ntt::x16
    // (x16()): the second half of secret j's form (sev[j] the first), in
    // key generation the second half of row sum i (sev[i] the first).
    struct alignas(8) SpeedRideWorkspace : SpeedWorkspace {
        int32_t sevw[L][kN];
    };
    using Workspace = std::conditional_t<
        kToom, ToomWorkspace,
        std::conditional_t<kSpeed, std::conditional_t<kRideHash, SpeedRideWorkspace, SpeedWorkspace>, NttWorkspace>>;
    static constexpr size_t workspace_bytes = sizeof(Workspace);
    // keypair / encapsulate / decapsulate end by wiping the whole Workspace
    // (wipe_secrets) for the NTT profiles, so the host registry does not wipe
    // it a second time (core/scheme_support.hpp); Toom wipes only its secret
    // buffers, so the registry's wipe stays (ws.cmp).
    static constexpr bool wipes_workspace = !kToom;

    // Default: a Workspace buffer that is free whenever a sponge permutes,
    // lent to the permutation (hash::keccak_f1600_buf) so that its 200-byte
    // buffer is not on the stack (the M4's stack peaks are Keccak calls):
    // sp in key generation (its sums are in pk / sk), yh in encapsulation
    // and decapsulation (the coins go to x; A's entries are squeezed into
    // yh with x as the scratch instead, squeeze_entry_kem). nullptr for the
    // other profiles.
    static hash::KeccakState* keygen_scratch(Workspace& ws) {
        if constexpr (!kToom && !kSpeed) {
            static_assert(sizeof(hash::KeccakState) <= sizeof ws.sp && alignof(Workspace) >= 8 &&
                          offsetof(NttWorkspace, sp) % 8 == 0 && sizeof(hash::KeccakState) <= sizeof ws.u.k.yh);
            return reinterpret_cast<hash::KeccakState*>(ws.sp);
        } else {
            (void)ws;
            return nullptr;
        }
    }
    static hash::KeccakState* kem_scratch(Workspace& ws) {
        if constexpr (!kToom && !kSpeed) {
            return reinterpret_cast<hash::KeccakState*>(ws.u.k.yh);
        } else {
            (void)ws;
            return nullptr;
        }
    }

    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, Workspace& ws) {
        if (pk == nullptr || sk == nullptr) return Status::bad_argument;
        uint8_t seed_a[kSeedBytes], seed_s[kNoiseSeedBytes];
        Status st = draw_random(rng, seed_a, sizeof seed_a);
        if (st == Status::ok) {
            hide_seed(seed_a, ws);
            st = draw_random(rng, seed_s, sizeof seed_s);
        }
        if (st == Status::ok) {
            if constexpr (!kToom) {
                keypair_ntt(pk, sk, seed_a, seed_s, ws);
            } else {
                keypair_toom(pk, sk, seed_a, seed_s, ws);
            }
            // (kRideHash: H(pk) is made in keypair_speed_ride.)
            if constexpr (!kRideHash)
                (void)hash::sha3_256(sk + sk_bytes - kHashBytes - kKeyBytes, pk, pk_bytes, keygen_scratch(ws));
            st = draw_random(rng, sk + sk_bytes - kKeyBytes, kKeyBytes);
        }
        secure_wipe(seed_s, sizeof seed_s);
        wipe_secrets(ws);
        return st;
    }

    template <Rng R>
    static Status encapsulate(uint8_t* ct, uint8_t* ss, const uint8_t* pk, R&& rng, Workspace& ws) {
        if (ct == nullptr || ss == nullptr || pk == nullptr) return Status::bad_argument;
        uint8_t buf[64], kr[64];
        Status st = draw_random(rng, buf + 32, 32);
        if (st == Status::ok) {
            hash::KeccakState* scr = kem_scratch(ws);
            (void)hash::sha3_256(buf, buf + 32, 32, scr);  // m; the rng's output is not sent
            if constexpr (kRideHash) {
                // A's first whole blocks (as many as ct holds, all consumed
                // by row 0 before ct's row 0 is written) squeezed into ct
                // with H(pk) riding; H(ct): the rows of ct already written
                // ride along the later rows' A squeezes.
                constexpr size_t kPre = ct_bytes / hash::Shake128::rate * hash::Shake128::rate;
                static_assert(kPre <= L * kEntryBytes, "row 0 consumes the prefix");
                hash::Shake128 axof;
                open_xof(axof, pk + params.polyvec_p_bytes(), kSeedBytes);
                {
                    hash::Sha3_256 hpk;
                    hash::detail::Rider hr = hpk.rider(pk, pk_bytes);
                    (void)axof.squeeze(ct, kPre, hr);
                    (void)hpk.absorb(hr.in, hr.len);
                    (void)hpk.finalize(buf + 32);
                }
                (void)hash::sha3_512(kr, buf, 64, scr);  // K^ || r
                APrefix pre{ct, kPre};
                hash::Sha3_256 hct;
                hash::detail::Rider rider = hct.rider(ct, 0);
                (void)enc_speed(ct, buf, kr + 32, pk, ws, /*compare=*/false, &rider, &axof, &pre);
                (void)hct.absorb(rider.in, size_t(ct + ct_bytes - rider.in));
                (void)hct.finalize(kr + 32);
            } else {
                (void)hash::sha3_256(buf + 32, pk, pk_bytes, scr);
                (void)hash::sha3_512(kr, buf, 64, scr);  // K^ || r
                indcpa_enc(ct, buf, kr + 32, pk, ws);
                (void)hash::sha3_256(kr + 32, ct, ct_bytes, scr);
            }
            (void)hash::sha3_256(ss, kr, 64, scr);
        }
        secure_wipe(buf, sizeof buf);
        secure_wipe(kr, sizeof kr);
        wipe_secrets(ws);
        return st;
    }

    static Status decapsulate(uint8_t* ss, const uint8_t* ct, const uint8_t* sk, Workspace& ws) {
        if (ss == nullptr || ct == nullptr || sk == nullptr) return Status::bad_argument;
        // K' is written to ss before ct and sk are read for the last time
        // (Default: before the re-encryption), so ss may not alias them.
        if (overlaps(ss, kKeyBytes, ct, ct_bytes) || overlaps(ss, kKeyBytes, sk, sk_bytes)) return Status::bad_argument;
        const uint8_t* pk = sk + params.indcpa_sk_bytes();
        const uint8_t* hpk = sk + sk_bytes - kHashBytes - kKeyBytes;
        const uint8_t* z = sk + sk_bytes - kKeyBytes;
        if constexpr (kSum25Split) {
            return decapsulate_split(ss, ct, sk, ws);
        }
        if constexpr (kSum25) {
            return decapsulate_fire(ss, ct, sk, ws);
        }
        uint8_t buf[64], kr[64];
        indcpa_dec(buf, sk, ct, ws);
        std::memcpy(buf + 32, hpk, kHashBytes);
        hash::KeccakState* scr = kem_scratch(ws);
        (void)hash::sha3_512(kr, buf, 64, scr);
        uint32_t fail;
        if constexpr (kRideHash) {
            // H(ct) absorbed riding along A's squeezes (x86: two permutations in one).
            hash::Sha3_256 hct;
            hash::detail::Rider rider = hct.rider(ct, ct_bytes);
            const uint32_t diff = enc_speed(const_cast<uint8_t*>(ct), buf, kr + 32, pk, ws, /*compare=*/true, &rider);
            fail = (diff | (0u - diff)) >> 31;  // 0 or 1
            (void)hct.absorb(rider.in, rider.len);
            (void)hct.finalize(kr + 32);
        } else {
            if constexpr (kToom) {
                indcpa_enc(ws.cmp, buf, kr + 32, pk, ws);
                fail = ct_memneq(ct, ws.cmp, ct_bytes);
            } else {
                const uint32_t diff = enc_ntt(const_cast<uint8_t*>(ct), buf, kr + 32, pk, ws, /*compare=*/true);
                fail = (diff | (0u - diff)) >> 31;  // 0 or 1
            }
            if constexpr (!kToom && !kSpeed) {
                hash_ct_public(kr + 32, ct, scr);  // (Default: scr is yh)
            } else {
                (void)hash::sha3_256(kr + 32, ct, ct_bytes, scr);
            }
        }
        reject_and_hash(ss, kr, kr, z, fail, scr);
        secure_wipe(buf, sizeof buf);
        secure_wipe(kr, sizeof kr);
        wipe_secrets(ws);
        return Status::ok;
    }
    // decapsulate for kSum25Split (the same values; see there for where they are kept).
    static Status decapsulate_split(uint8_t* ss, const uint8_t* ct, const uint8_t* sk, Workspace& ws) {
        if constexpr (kSum25Split) {
            const uint8_t* pk = sk + params.indcpa_sk_bytes();
            const uint8_t* hpk = sk + sk_bytes - kHashBytes - kKeyBytes;
            const uint8_t* z = sk + sk_bytes - kKeyBytes;
            // m' || H(pk), K' || r' in x past the coins (s' is sampled into x's front)
            static_assert(kSplitT >= kN * params.mu / 8 && kSplitT + 128 <= sizeof ws.x);
            uint8_t* const t = reinterpret_cast<uint8_t*>(ws.x) + kSplitT;
            hash::KeccakState* scr = kem_scratch(ws);
            dec_split(t, sk, ct, ws);  // m' into x (free after the inverse)
            std::memcpy(t + kKeyBytes, hpk, kHashBytes);
            (void)hash::sha3_512(t + 64, t, 64, scr);  // K' || r'
            std::memcpy(ss, t + 64, kKeyBytes);
            sample_sp_split(t + 96, ws);
            uint32_t diff = v_prime_split(pk, t, ct + params.polyvec_p_bytes(), ws);
            diff |= enc_default<true>(const_cast<uint8_t*>(ct), t, t + 96, pk, ws, /*compare=*/true);  // the rows
            const uint32_t fail = (diff | (0u - diff)) >> 31;  // 0 or 1
            hash_ct_public(t + kKeyBytes, ct, scr);
            reject_and_hash(ss, t, ss, z, fail, scr);
            wipe_secrets(ws);
        } else {
            (void)ss, (void)ct, (void)sk, (void)ws;
        }
        return Status::ok;
    }

    // decapsulate for kSum25 (FireSaber, Default; the same values): no
    // hashes on this frame, so the rows' frame has room for the row sum's
    // last two groups (kFireRoomWords, enc_default<false, true>). m' || H(pk)
    // and K' || r' are in x past the coins (kSplitT, free until the rows), K'
    // is copied to ss (the output, written last) and m' to sp's kFireMAt
    // bytes (the row sums' int32 groups end before them, v' reads m' there
    // after the rows), r' is read by the sampling before any row.
    // (its steps before and after the rows out of line: this frame, under
    // the rows' stack peak, keeps only ss, ct, sk and ws)
    static Status decapsulate_fire(uint8_t* ss, const uint8_t* ct, const uint8_t* sk, Workspace& ws) {
        if constexpr (kSum25) {
            decaps_fire_head(ss, ct, sk, ws);
            const uint8_t* pk = sk + params.indcpa_sk_bytes();
            uint8_t* const t = reinterpret_cast<uint8_t*>(ws.x) + kSplitT;
            const uint32_t diff = enc_ntt(const_cast<uint8_t*>(ct), ws.sp + kFireMAt, t + 96, pk, ws, /*compare=*/true);
            decaps_fire_tail(ss, ct, sk, ws, diff);
        } else {
            (void)ss, (void)ct, (void)sk, (void)ws;
        }
        return Status::ok;
    }
    // m' (decryption), K' || r' = G(m' || H(pk)); K' to ss, m' to sp's kFireMAt bytes.
    [[gnu::noinline]] static void decaps_fire_head(uint8_t* ss, const uint8_t* ct, const uint8_t* sk, Workspace& ws) {
        if constexpr (kSum25) {
            const uint8_t* hpk = sk + sk_bytes - kHashBytes - kKeyBytes;
            static_assert(kSplitT >= kN * params.mu / 8 && kSplitT + 128 <= sizeof ws.x);
            uint8_t* const t = reinterpret_cast<uint8_t*>(ws.x) + kSplitT;
            dec_fire(t, sk, ct, ws);  // m' into x (free after the inverse)
            std::memcpy(t + kKeyBytes, hpk, kHashBytes);
            (void)hash::sha3_512(t + 64, t, 64, kem_scratch(ws));  // K' || r'
            std::memcpy(ss, t + 64, kKeyBytes);
            std::memcpy(ws.sp + kFireMAt, t, kKeyBytes);
        } else {
            (void)ss, (void)ct, (void)sk, (void)ws;
        }
    }
    // H(ct) and the implicit rejection (diff: the re-encryption's difference).
    [[gnu::noinline]] static void decaps_fire_tail(uint8_t* ss, const uint8_t* ct, const uint8_t* sk, Workspace& ws,
                                                   uint32_t diff) {
        if constexpr (kSum25) {
            const uint8_t* z = sk + sk_bytes - kKeyBytes;
            uint8_t* const t = reinterpret_cast<uint8_t*>(ws.x) + kSplitT;
            hash::KeccakState* scr = kem_scratch(ws);
            const uint32_t fail = (diff | (0u - diff)) >> 31;  // 0 or 1
            hash_ct_public(t + kKeyBytes, ct, scr);
            reject_and_hash(ss, t, ss, z, fail, scr);
            wipe_secrets(ws);
        } else {
            (void)ss, (void)ct, (void)sk, (void)ws, (void)diff;
        }
    }

    // decapsulate's tail (both paths): implicit rejection, K^ := K' (kp) or z
    // when the re-encryption differs (fail = 1), by a mask, into kh[0..32)
    // (kh[32..64) holds H(ct); kp may be kh), then ss = SHA3-256(K^ || H(ct)).
    // always_inline: the same code as written out in each caller (no frame
    // of its own on the way to the final hash).
    [[gnu::always_inline]] static void reject_and_hash(uint8_t* ss, uint8_t* kh, const uint8_t* kp, const uint8_t* z,
                                                       uint32_t fail, hash::KeccakState* scr) {
        // a word at a time (any alignment: memcpy), the same bytes
        const uint32_t mask = value_barrier(ct_mask32(fail));
        for (size_t i = 0; i < kKeyBytes; i += 4) {
            uint32_t a, b;
            std::memcpy(&a, kp + i, 4);
            std::memcpy(&b, z + i, 4);
            a ^= mask & (a ^ b);
            std::memcpy(kh + i, &a, 4);
        }
        (void)hash::sha3_256(ss, kh, 64, scr);
    }
    // SHA3-256(ct) as hash::sha3_256, its sponge not wiped afterwards: it
    // only ever held the public ciphertext (the wipe is ~0.2 k cycles on the M4).
    [[gnu::noinline]] static void hash_ct_public(uint8_t* out, const uint8_t* ct, hash::KeccakState* scr) {
        constexpr size_t kRate = hash::Sha3_256::rate;
        hash::detail::Sponge sp;
        hash::detail::sponge_reset(sp);
        (void)hash::detail::sponge_absorb(sp, kRate, ct, ct_bytes, *scr);
        (void)hash::detail::sponge_finalize(sp, kRate, hash::detail::kSha3Domain);
        (void)hash::detail::sponge_squeeze(sp, kRate, out, kHashBytes, *scr);
    }
    // xof = SHAKE128(seed), ready to squeeze (A from seed_A, the secrets from their noise seeds).
    // always_inline: as a plain call GCC laid out enc_default differently (Saber decaps +8 cycles on the M4).
    [[gnu::always_inline]] static void open_xof(hash::Shake128& xof, const uint8_t* seed, size_t len) {
        (void)xof.absorb(seed, len);
        (void)xof.finalize();
    }
    // seed_a = SHAKE128(rng output): the rng's output is not published. Out
    // of line, so its sponge is not in keypair's frame (the stack peak's path).
    [[gnu::noinline]] static void hide_seed(uint8_t* seed_a, Workspace& ws) {
        hash::Shake128 hide;
        open_xof(hide, seed_a, kSeedBytes);
        (void)hide.squeeze(seed_a, kSeedBytes, keygen_scratch(ws));
    }

    // ---- the IND-CPA layer (public for tests)
    static constexpr uint16_t h1 = 1u << (kLogQ - kLogP - 1);
    // Encryption writes the rounded polynomial; the re-encryption of
    // decapsulation compares it with the received bytes (nonzero: differs).
    static uint32_t emit_rounded(bool compare, uint8_t* out, const uint16_t* x, unsigned shift, unsigned bits) {
        if (compare) return pack_rounded_cmp(out, x, kN, h1, shift, bits);
        pack_rounded(out, x, kN, h1, shift, bits);
        return 0;
    }
    // FireSaber decapsulation's row compare out of line with two arguments
    // (pack_rounded_cmp's six needed 8 bytes of outgoing arguments on the
    // rows' frame, the stack peak's), a tail call of pack_rounded_cmp10.
    [[gnu::noinline]] static uint32_t compare_row(const uint8_t* out, const uint16_t* row) {
        static_assert(kLogQ - kLogP == 3 && kLogP == 10);
        return pack_rounded_cmp10(out, row, kN, h1);
    }
    // c_m: v' - m 2^(p - 1) rounded, the message folded into the encoding
    // (out of line: it keeps the callers' frames, on the stack peak's path, small).
    [[gnu::noinline]] static uint32_t emit_message(bool compare, uint8_t* out, const uint16_t* v, const uint8_t* m) {
        constexpr unsigned shift = kLogP - params.et, bits = params.et;
        if constexpr (params.et == 6 && kN == 256 && shift == 4) {  // (FireSaber: its own kernel on the M4)
            if (compare) return pack_rounded_msg_cmp6(out, v, m, h1);
        }
        if (compare) return pack_rounded_msg_cmp(out, v, m, kN, h1, shift, bits);
        pack_rounded_msg(out, v, m, kN, h1, shift, bits);
        return 0;
    }
    static constexpr uint16_t h2 = (1u << (kLogP - 2)) - (1u << (kLogP - params.et - 1)) + (1u << (kLogQ - kLogP - 1));

    static void indcpa_enc(uint8_t* ct, const uint8_t* m, const uint8_t* seed_sp, const uint8_t* pk, Workspace& ws) {
        if constexpr (!kToom) {
            (void)enc_ntt(ct, m, seed_sp, pk, ws, /*compare=*/false);
        } else {
            indcpa_enc_toom(ct, m, seed_sp, pk, ws);
        }
    }
    static void indcpa_dec(uint8_t* m, const uint8_t* sk, const uint8_t* ct, Workspace& ws) {
        if constexpr (!kToom) {
            dec_ntt(m, sk, ct, ws);
        } else {
            indcpa_dec_toom(m, sk, ct, ws);
        }
    }

private:
    // ---- Default profile: NTT, streamed
    // The transform buffer of one secret polynomial.
    static int32_t* ybuf(Workspace& ws) {
        if constexpr (kSpeed) {
            return ws.sev[0];
        } else {
            return ws.u.y;
        }
    }
    // A's stream bytes squeezed ahead (x86 encapsulation: into ct, with H(pk) riding).
    struct APrefix {
        const uint8_t* bytes;
        size_t len;
    };
    // x = the transform of the next A entry. The entry's 416 packed bytes are
    // squeezed into the tail of x itself, at an 8-byte boundary at least 3
    // bytes before its end (the word loads' padding; aligned lane stores),
    // and unpacked in place from the front: group g of 8 coefficients loads
    // its 13 bytes (and up to 3 more) before it stores 32 bytes, below byte
    // 32 g + 32 <= the start of group g + 1's bytes, so no unread byte is
    // overwritten. No stack chunk, one squeeze call and whole lanes only
    // (the entries start at multiples of 8 bytes).
    static void squeeze_entry(int32_t* x, hash::Shake128& xof, hash::KeccakState* scr = nullptr) {
        constexpr size_t kBytes = kN * kLogQ / 8;
        constexpr size_t kAt = (sizeof(int32_t) * kN - kBytes - 3) / 8 * 8;
        static_assert(kAt + kBytes + 3 <= sizeof(int32_t) * kN);
        static_assert(32 * (kN / 8 - 2) + 32 <= kAt + kLogQ * (kN / 8 - 1), "in-place unpacking");
        uint8_t* packed = reinterpret_cast<uint8_t*>(x) + kAt;
        (void)xof.squeeze(packed, kBytes, scr);
        unpack_centred13_padded(x, packed, kN);
        ntt::forward(x);
    }
    // x = the transform of the next A entry, its 416 packed bytes squeezed
    // into a free buffer (3 bytes of slack for the word loads) with the
    // permutation's scratch in x (dead until the transform), and x made
    // from the fields in one pass (ntt::forward_packed13: no unpacking pass
    // over x). Default encapsulation / re-encryption: into yh (free until
    // s'_j's half transform); FireSaber key generation: into sp (free there).
    static constexpr size_t kEntryBytes = kN * kLogQ / 8;
    [[gnu::flatten]] static void squeeze_entry_via(int32_t* x, uint8_t* packed, hash::Shake128& xof) {
        static_assert(sizeof(hash::KeccakState) <= sizeof(int32_t) * kN);
        (void)xof.squeeze(packed, kEntryBytes, reinterpret_cast<hash::KeccakState*>(x));
        ntt::forward_packed13(x, packed);
    }
    // squeeze_entry with x's front (dead until the unpacking) as the
    // permutations' scratch, flattened as squeeze_entry_via (kSum25Split's
    // first re-encryption term, when yh and th hold s'_0's transform).
    [[gnu::flatten]] static void squeeze_entry_inplace(int32_t* x, hash::Shake128& xof) {
        constexpr size_t kAt = (sizeof(int32_t) * kN - kEntryBytes - 3) / 8 * 8;
        static_assert(sizeof(hash::KeccakState) <= kAt && alignof(int32_t) * 2 <= 8);
        squeeze_entry(x, xof, reinterpret_cast<hash::KeccakState*>(x));
    }
    static void squeeze_entry_kem(Workspace& ws, hash::Shake128& xof) {
        static_assert(kEntryBytes + 3 <= sizeof ws.u.k.yh && offsetof(NttWorkspace, x) % 8 == 0);
        squeeze_entry_via(ws.x, reinterpret_cast<uint8_t*>(ws.u.k.yh), xof);
    }
    // x86 Speed (kRideHash) on AVX2 hosts without AVX-512F: the row sums
    // through ntt::x16 (two 16-bit NTTs; a secret's form and a row sum in
    // two 1 KB buffers each) instead of the kQ transform. The same bytes.
    static bool x16() {
        if constexpr (kRideHash) {
            return ntt::x16::use();
        } else {
            return false;
        }
    }
    // The secret s (256 int32) -> its transform in s and s w in sw, or (x16)
    // its form in (s, sw).
    static void secret_transform(int32_t* s, int32_t* sw) {
        if constexpr (kRideHash) {
            if (x16()) return ntt::x16::prepare_secret(s, sw);
        }
        ntt::forward(s);
        ntt::prepare_w(sw, s);
    }
    // The product of the fields at in with the secret (y, yw) stored to a
    // (acc == nullptr) or added to acc; x16: to / into (acc or a, acc2).
    static void entry_product(int32_t* a, const uint8_t* in, unsigned bits, const int32_t* y, const int32_t* yw,
                              int32_t* acc, int32_t* acc2) {
        if constexpr (kRideHash) {
            if (x16()) return ntt::x16::entry_product(acc != nullptr ? acc : a, acc2, in, bits, y, yw, acc != nullptr);
        }
        ntt::forward_packed_pointwise(a, in, bits, y, acc, yw);
    }
    // The row sum's inverse: sum (and x16: sum2) -> out.
    [[gnu::always_inline]] static void row_inverse(uint16_t* out, int32_t* sum, int32_t* sum2) {
        if constexpr (kRideHash) {
            if (x16()) return ntt::x16::inverse_store(out, sum, sum2);
        }
        (void)sum2;
        ntt::inverse_store(out, sum);
    }
    // Speed on x86 (kRideHash): the next A entry's 416 bytes (A's prefix
    // first, then squeezed with the rider, as squeeze_entry) into ws.packed,
    // then a = its transform times y (acc == nullptr) or acc += that, a
    // clobbered (ntt::forward_packed_pointwise: no unpacking pass, the
    // products straight from the transform's registers). x16(): the row
    // sum is (acc or a, acc2), the secret's form (y, yw); a not used.
    static void squeeze_entry_product(Workspace& ws, int32_t* a, const int32_t* y, const int32_t* yw, int32_t* acc,
                                      int32_t* acc2, hash::Shake128& xof, hash::detail::Rider* rider = nullptr,
                                      APrefix* pre = nullptr) {
        if constexpr (kSpeed) {
            static_assert(sizeof ws.packed >= kEntryBytes + 3);
            uint8_t* packed = ws.packed;
            size_t have = 0;
            if (pre != nullptr && pre->len != 0) {
                have = pre->len < kEntryBytes ? pre->len : kEntryBytes;
                std::memcpy(packed, pre->bytes, have);
                pre->bytes += have, pre->len -= have;
            }
            if (rider != nullptr) {
                (void)xof.squeeze(packed + have, kEntryBytes - have, *rider);
            } else {
                (void)xof.squeeze(packed + have, kEntryBytes - have);
            }
            entry_product(a, packed, kLogQ, y, yw, acc, acc2);
        } else {
            (void)ws, (void)a, (void)y, (void)yw, (void)acc, (void)acc2, (void)xof, (void)rider, (void)pre;
        }
    }
    // s = 256 binomial samples: the coins squeezed into the tail of s and
    // sampled in place from the front (group g of 4 reads its mu / 2 bytes
    // before storing 16 bytes below the next group's bytes; mu = 10 groups
    // of 8 read 10 bytes, then store 32); every coin byte is overwritten by
    // the samples.
    static void sample_secret(int32_t* s, hash::Shake128& xof, hash::KeccakState* scr = nullptr) {
        constexpr size_t kBytes = kN * params.mu / 8;
        constexpr size_t kAt = sizeof(int32_t) * kN - kBytes;
        static_assert(16 * (kN / 4 - 1) + 16 <= kAt + params.mu / 2 * (kN / 4), "in-place sampling");
        // mu = 10 samples groups of 8 (10 bytes loaded, then 32 stored).
        static_assert(params.mu != 10 || 32 * (kN / 8 - 1) <= kAt + 10 * (kN / 8 - 1), "in-place sampling");
        uint8_t* coins = reinterpret_cast<uint8_t*>(s) + kAt;
        (void)xof.squeeze(coins, kBytes, scr);
        sample_binomial(s, coins, kN, params.mu);
    }
    // b = round(A^T s): s is sampled into sk first; entry (j, i) of A meets s_j in stream order.
    static void keypair_ntt(uint8_t* pk, uint8_t* sk, const uint8_t* seed_a, const uint8_t* seed_s, Workspace& ws) {
        if constexpr (kSpeed) {
            keypair_speed(pk, sk, seed_a, seed_s, ws);
        } else {
            keypair_default(pk, sk, seed_a, seed_s, ws);
        }
    }
    // s into sk (13-bit); s_0 stays in `first` and s_1 in `second` as int32
    // (key generation transforms them next: no unpacking back from sk), the
    // others pass through tmp.
    static void sample_secret_into_sk(uint8_t* sk, const uint8_t* seed_s, int32_t* first, int32_t* second,
                                      int32_t* tmp, hash::KeccakState* scr = nullptr) {
        hash::Shake128 xof;
        open_xof(xof, seed_s, kNoiseSeedBytes);
        for (size_t j = 0; j < L; ++j) {
            int32_t* s = j == 0 ? first : j == 1 ? second : tmp;
            sample_secret(s, xof, scr);
            pack_bits(sk + j * params.poly_q_bytes(), s, kN, kLogQ);
        }
    }
    // Speed: the l output sums in the transform domain in sev (the secret's
    // transforms are not kept in key generation); s_0 transformed in accn
    // with the A_0i in sev[i], then s_j (j >= 1) in x with the A_ji in accn.
    // s_0 and s_1 stay from sampling (sev[0] passes the others to sk); one
    // inverse per output.
    // x86 (kRideHash): s_0 up front, the coins of s_{j+1} squeezed riding
    // along row j's A squeezes into sk where s_{j+1}'s 13-bit form goes (free
    // until then), s_{j+1} sampled into x when row j is done, then packed
    // over its coins; H(pk) (into sk) along the last row's squeezes.
    static void keypair_speed_ride(uint8_t* pk, uint8_t* sk, const uint8_t* seed_a, const uint8_t* seed_s,
                                   Workspace& ws) {
        constexpr size_t kCoins = kN * params.mu / 8;
        static_assert(kCoins <= params.poly_q_bytes());
        hash::Shake128 sx;
        open_xof(sx, seed_s, kNoiseSeedBytes);
        sample_secret(ws.accn, sx);
        pack_bits(sk, ws.accn, kN, kLogQ);
        hash::Shake128 xof;
        open_xof(xof, seed_a, kSeedBytes);
        uint8_t* coins = nullptr;
        hash::Sha3_256 hpk;
        const uint8_t* hpk_rest = pk;
        for (size_t j = 0; j < L; ++j) {
            int32_t* y = j == 0 ? ws.accn : ws.x;
            if (j >= 1) {
                sample_binomial(y, coins, kN, params.mu);
                pack_bits(sk + j * params.poly_q_bytes(), y, kN, kLogQ);
            }
            // (x16: s_j's form in accn and x, the l row sums in sev[i], sevw[i])
            int32_t* const yw = x16() ? (j == 0 ? ws.x : ws.accn) : ws.sevw[0];
            secret_transform(y, yw);
            // The last row: b_i is complete once A_{l-1,i} is in; it is
            // inverted into accn (free until the next squeeze) and packed into
            // pk at once, and H(pk) rides along the row's later squeezes.
            const bool last = j + 1 == L;
            hash::detail::Rider rider = last ? hpk.rider(pk, 0) : hash::detail::Rider{};
            if (!last) {
                coins = sk + (j + 1) * params.poly_q_bytes();
                rider = sx.rider_out(coins, kCoins);
            }
            for (size_t i = 0; i < L; ++i) {
                if (j == 0) {
                    squeeze_entry_product(ws, ws.sev[i], y, yw, nullptr, ws.sevw[i], xof, &rider);
                } else {
                    squeeze_entry_product(ws, ws.accn, y, yw, ws.sev[i], ws.sevw[i], xof, &rider);
                }
                if (last) {
                    uint16_t* row = reinterpret_cast<uint16_t*>(x16() ? ws.sev[i] : ws.accn);
                    row_inverse(row, ws.sev[i], ws.sevw[i]);
                    pack_rounded(pk + i * params.poly_p_bytes(), row, kN, h1, kLogQ - kLogP, kLogP);
                    rider.len = (i + 1) * params.poly_p_bytes() - size_t(rider.in - pk);
                }
            }
            if (!last) (void)sx.squeeze(rider.out, rider.len);
            else hpk_rest = rider.in;
        }
        std::memcpy(pk + params.polyvec_p_bytes(), seed_a, kSeedBytes);
        std::memcpy(sk + params.indcpa_sk_bytes(), pk, pk_bytes);
        (void)hpk.absorb(hpk_rest, size_t(pk + pk_bytes - hpk_rest));
        (void)hpk.finalize(sk + sk_bytes - kHashBytes - kKeyBytes);
    }
    static void keypair_speed(uint8_t* pk, uint8_t* sk, const uint8_t* seed_a, const uint8_t* seed_s, Workspace& ws) {
        if constexpr (kRideHash) return keypair_speed_ride(pk, sk, seed_a, seed_s, ws);
        sample_secret_into_sk(sk, seed_s, ws.accn, ws.x, ws.sev[0]);
        hash::Shake128 xof;
        open_xof(xof, seed_a, kSeedBytes);
        for (size_t j = 0; j < L; ++j) {
            int32_t* y = j == 0 ? ws.accn : ws.x;
            if (j >= 2) ntt::forward_packed13(y, sk + j * params.poly_q_bytes());  // sk's pk follows s
            else ntt::forward(y);
            for (size_t i = 0; i < L; ++i) {
                if (j == 0) {
                    squeeze_entry_via(ws.sev[i], ws.packed, xof);
                    ntt::pointwise(ws.sev[i], y);
                } else {
                    squeeze_entry_via(ws.accn, ws.packed, xof);
                    ntt::pointwise_acc(ws.sev[i], ws.accn, y);
                }
            }
        }
        for (size_t i = 0; i < L; ++i) {
            ntt::inverse_store(ws.row, ws.sev[i]);
            pack_rounded(pk + i * params.poly_p_bytes(), ws.row, kN, h1, kLogQ - kLogP, kLogP);
        }
        std::memcpy(pk + params.polyvec_p_bytes(), seed_a, kSeedBytes);
        std::memcpy(sk + params.indcpa_sk_bytes(), pk, pk_bytes);
    }
    // Key generation's 8-aligned 1 KB transform-domain sums in the caller's
    // buffers: in pk (FireSaber: pk_bytes >= 1031) and / or in sk after s
    // (Saber, FireSaber), overwritten by the keys at the end.
    static constexpr size_t kKeySum = sizeof(int32_t) * kN;
    static constexpr size_t kKeyTdPk = pk_bytes >= kKeySum + 7 ? 1 : 0;
    static constexpr size_t kKeyTdSk = sk_bytes - params.indcpa_sk_bytes() >= kKeySum + 7 ? 1 : 0;
    static int32_t* key_sum(uint8_t* pk, uint8_t* sk, size_t i) {
        uint8_t* p = (kKeyTdPk && i == 0) ? pk : sk + params.indcpa_sk_bytes();
        const uintptr_t pad = (8 - reinterpret_cast<uintptr_t>(p) % 8) % 8;
        return reinterpret_cast<int32_t*>(p + pad);
    }
    // s into sk (13-bit) with its sponge in pk (free until the keys are
    // written; not on the stack) and sp as the permutation's scratch; s_0
    // stays in y for its transform.
    static void sample_secret_sponge_in_pk(uint8_t* pk, uint8_t* sk, const uint8_t* seed_s, Workspace& ws) {
        static_assert(pk_bytes >= sizeof(hash::Shake128) + 7 && alignof(hash::Shake128) <= 8);
        hash::Shake128* sx = new (pk + (8 - reinterpret_cast<uintptr_t>(pk) % 8) % 8) hash::Shake128;
        open_xof(*sx, seed_s, kNoiseSeedBytes);
        for (size_t j = 0; j < L; ++j) {
            int32_t* s = j == 0 ? ybuf(ws) : ws.x;
            sample_secret(s, *sx, keygen_scratch(ws));
            pack_bits(sk + j * params.poly_q_bytes(), s, kN, kLogQ);
        }
        std::destroy_at(sx);
    }
    // Saber key generation: all three outputs summed in the transform
    // domain (one inverse each: 3 instead of 7), b_0 whole in sk after s (as
    // before), b_1 in 256-byte quarters (0-2 in pk, 3 in sp:
    // pointwise_acc_half_at / pointwise_acc_quarter_at), b_2 whole on the
    // stack (1 KB, where a 512-byte uint16 row was). A's packed fields go to
    // x's tail (the permutations' scratch is x's front) and the transform is
    // made from them in one pass into the sum (j = 0: b_0, b_2), a half at a
    // time into x's front (b_1, j > 0), or after unpacking in place in x
    // (b_0, b_2, j > 0); A_01's fields go to b_2's sum, free until A_02.
    // Both sponges are off the stack (s's and then A's in pk). RAM within
    // m4fstack's key-generation stack (3,788 B).
    static void keypair_default_saber(uint8_t* pk, uint8_t* sk, const uint8_t* seed_a, const uint8_t* seed_s,
                                      Workspace& ws) {
        static_assert(L == 3, "the quarter layout is Saber's");
        constexpr size_t kHalf = kN / 2, kQuarter = kN / 4, kQuarterBytes = sizeof(int32_t) * kQuarter;
        static_assert(pk_bytes >= 3 + 3 * kQuarterBytes + 7 + sizeof(hash::Shake128) && alignof(hash::Shake128) <= 8);
        static_assert(sizeof ws.sp >= kQuarterBytes && offsetof(NttWorkspace, sp) % 8 == 0);
        static_assert(kKeyTdSk == 1 && kKeyTdPk == 0);
        sample_secret_sponge_in_pk(pk, sk, seed_s, ws);
        int32_t* const sum0 = key_sum(pk, sk, 0);
        int32_t* const q1 = align4(pk);                              // b_1's quarters 0-2
        int32_t* const q1last = reinterpret_cast<int32_t*>(ws.sp);  // and 3
        alignas(8) int32_t sum2[kN];
        constexpr size_t kAt = (sizeof(int32_t) * kN - kEntryBytes - 3) / 8 * 8;
        static_assert(kAt >= sizeof(int32_t) * kHalf && kAt >= sizeof(hash::KeccakState) &&
                      kAt + kEntryBytes + 3 <= sizeof(int32_t) * kN && sizeof sum2 >= kEntryBytes + 3);
        uint8_t* const packed = reinterpret_cast<uint8_t*>(ws.x) + kAt;
        hash::KeccakState* const xscr = reinterpret_cast<hash::KeccakState*>(ws.x);
        uint8_t* const after = reinterpret_cast<uint8_t*>(q1 + 3 * kQuarter);
        hash::Shake128* xof = new (after + (8 - reinterpret_cast<uintptr_t>(after) % 8) % 8) hash::Shake128;
        open_xof(*xof, seed_a, kSeedBytes);
        for (size_t j = 0; j < L; ++j) {
            int32_t* y = ybuf(ws);
            if (j != 0) ntt::forward_packed13(y, sk + j * params.poly_q_bytes());  // sk goes on after s_j
            else ntt::forward(y);
            for (size_t i = 0; i < L; ++i) {
                if (i == 1) {
                    if (j == 0) {
                        squeeze_entry_via(ws.x, reinterpret_cast<uint8_t*>(sum2), *xof);
                        ntt::pointwise(ws.x, y);
                        std::memcpy(q1, ws.x, 3 * kQuarterBytes);
                        std::memcpy(q1last, ws.x + 3 * kQuarter, kQuarterBytes);
                    } else {
                        (void)xof->squeeze(packed, kEntryBytes, xscr);
                        ntt::forward_half_packed(ws.x, packed, kLogQ, 0);
                        ntt::pointwise_acc_half_at(q1, ws.x, y, 0);
                        ntt::forward_half_packed(ws.x, packed, kLogQ, 1);
                        ntt::pointwise_acc_quarter_at(q1 + 2 * kQuarter, ws.x, y + kHalf, 2);
                        ntt::pointwise_acc_quarter_at(q1last, ws.x + kQuarter, y + kHalf + kQuarter, 3);
                    }
                    continue;
                }
                int32_t* const sum = i == 0 ? sum0 : sum2;
                if (j == 0) {
                    (void)xof->squeeze(packed, kEntryBytes, xscr);
                    ntt::forward_packed13(sum, packed);
                    ntt::pointwise(sum, y);
                } else {
                    squeeze_entry(ws.x, *xof, xscr);
                    ntt::pointwise_acc(sum, ws.x, y);
                }
            }
        }
        std::destroy_at(xof);
        // b_1 (its quarters into x), b_0, b_2: each inverse into y's buffer
        // (free now) and packed into pk, whose bytes the quarters left.
        uint16_t* const u = reinterpret_cast<uint16_t*>(ybuf(ws));
        std::memcpy(ws.x, q1, 3 * kQuarterBytes);
        std::memcpy(ws.x + 3 * kQuarter, q1last, kQuarterBytes);
        ntt::inverse_store(u, ws.x);
        pack_rounded(pk + params.poly_p_bytes(), u, kN, h1, kLogQ - kLogP, kLogP);
        ntt::inverse_store(u, sum0);
        pack_rounded(pk, u, kN, h1, kLogQ - kLogP, kLogP);
        ntt::inverse_store(u, sum2);
        pack_rounded(pk + 2 * params.poly_p_bytes(), u, kN, h1, kLogQ - kLogP, kLogP);
        wipe_workspace(sum2, sizeof sum2);
        std::memcpy(pk + params.polyvec_p_bytes(), seed_a, kSeedBytes);
        std::memcpy(sk + params.indcpa_sk_bytes(), pk, pk_bytes);
    }
    // FireSaber key generation: all four outputs summed in the transform
    // domain (one inverse each: 4 instead of 10): b_0 whole in pk and b_1
    // in sk after s (as before), b_2 in pieces (half 0 in sp, quarter 2 in
    // pk after b_0's sum, quarter 3 in sk after b_1's), b_3 whole on the
    // stack (1 KB, where two 512-byte uint16 rows were). A's packed fields
    // go to x's tail (the permutations' scratch is x's front; sp holds b_2's
    // half now), made into a whole sum in one pass (j = 0), a half at a time
    // into x's front (b_2, j > 0) or after unpacking in place in x (j > 0);
    // A_02's fields go to b_3's sum, free until A_03. s's sponge is in pk.
    static void keypair_default_fire(uint8_t* pk, uint8_t* sk, const uint8_t* seed_a, const uint8_t* seed_s,
                                     Workspace& ws) {
        static_assert(L == 4, "the pieces' layout is FireSaber's");
        constexpr size_t kHalf = kN / 2, kQuarter = kN / 4, kQuarterBytes = sizeof(int32_t) * kQuarter;
        static_assert(kKeyTdPk == 1 && kKeyTdSk == 1);
        static_assert(pk_bytes >= 7 + kKeySum + kQuarterBytes &&
                      sk_bytes - params.indcpa_sk_bytes() >= 7 + kKeySum + kQuarterBytes);
        static_assert(sizeof ws.sp >= sizeof(int32_t) * kHalf && offsetof(NttWorkspace, sp) % 8 == 0);
        sample_secret_sponge_in_pk(pk, sk, seed_s, ws);
        int32_t* const sum0 = key_sum(pk, sk, 0);
        int32_t* const sum1 = key_sum(pk, sk, 1);
        int32_t* const p2h = reinterpret_cast<int32_t*>(ws.sp);  // b_2's half 0
        int32_t* const p2q2 = sum0 + kN;                          // its quarter 2 (pk)
        int32_t* const p2q3 = sum1 + kN;                          // its quarter 3 (sk)
        alignas(8) int32_t sum3[kN];
        constexpr size_t kAt = (sizeof(int32_t) * kN - kEntryBytes - 3) / 8 * 8;
        static_assert(kAt >= sizeof(int32_t) * kHalf && kAt >= sizeof(hash::KeccakState) &&
                      kAt + kEntryBytes + 3 <= sizeof(int32_t) * kN && sizeof sum3 >= kEntryBytes + 3);
        uint8_t* const packed = reinterpret_cast<uint8_t*>(ws.x) + kAt;
        hash::KeccakState* const xscr = reinterpret_cast<hash::KeccakState*>(ws.x);
        hash::Shake128 xof;
        open_xof(xof, seed_a, kSeedBytes);
        for (size_t j = 0; j < L; ++j) {
            int32_t* y = ybuf(ws);
            if (j != 0) ntt::forward_packed13(y, sk + j * params.poly_q_bytes());  // sk goes on after s_j
            else ntt::forward(y);
            for (size_t i = 0; i < L; ++i) {
                if (i == 2) {
                    if (j == 0) {
                        squeeze_entry_via(ws.x, reinterpret_cast<uint8_t*>(sum3), xof);
                        ntt::pointwise(ws.x, y);
                        std::memcpy(p2h, ws.x, 2 * kQuarterBytes);
                        std::memcpy(p2q2, ws.x + 2 * kQuarter, kQuarterBytes);
                        std::memcpy(p2q3, ws.x + 3 * kQuarter, kQuarterBytes);
                    } else {
                        (void)xof.squeeze(packed, kEntryBytes, xscr);
                        ntt::forward_half_packed(ws.x, packed, kLogQ, 0);
                        ntt::pointwise_acc_half_at(p2h, ws.x, y, 0);
                        ntt::forward_half_packed(ws.x, packed, kLogQ, 1);
                        ntt::pointwise_acc_quarter_at(p2q2, ws.x, y + kHalf, 2);
                        ntt::pointwise_acc_quarter_at(p2q3, ws.x + kQuarter, y + kHalf + kQuarter, 3);
                    }
                    continue;
                }
                int32_t* const sum = i == 0 ? sum0 : i == 1 ? sum1 : sum3;
                if (j == 0) {
                    (void)xof.squeeze(packed, kEntryBytes, xscr);
                    ntt::forward_packed13(sum, packed);
                    ntt::pointwise(sum, y);
                } else {
                    squeeze_entry(ws.x, xof, xscr);
                    ntt::pointwise_acc(sum, ws.x, y);
                }
            }
        }
        // Each inverse into y's buffer (free now), packed into pk in order:
        // b_i's bytes only cover sums already inverted (b_2's pieces are
        // copied into x before b_3 is packed over its pk quarter).
        uint16_t* const u = reinterpret_cast<uint16_t*>(ybuf(ws));
        for (size_t i = 0; i < L; ++i) {
            int32_t* sum = i == 0 ? sum0 : i == 1 ? sum1 : i == 3 ? sum3 : ws.x;
            if (i == 2) {
                std::memcpy(ws.x, p2h, 2 * kQuarterBytes);
                std::memcpy(ws.x + 2 * kQuarter, p2q2, kQuarterBytes);
                std::memcpy(ws.x + 3 * kQuarter, p2q3, kQuarterBytes);
            }
            ntt::inverse_store(u, sum);
            pack_rounded(pk + i * params.poly_p_bytes(), u, kN, h1, kLogQ - kLogP, kLogP);
        }
        wipe_workspace(sum3, sizeof sum3);
        std::memcpy(pk + params.polyvec_p_bytes(), seed_a, kSeedBytes);
        std::memcpy(sk + params.indcpa_sk_bytes(), pk, pk_bytes);
    }
    // Every output's sum kept in the transform domain, one inverse each
    // (the layouts differ by the caller's buffer sizes).
    static void keypair_default(uint8_t* pk, uint8_t* sk, const uint8_t* seed_a, const uint8_t* seed_s, Workspace& ws) {
        if constexpr (L == 2) {
            keypair_default_light(pk, sk, seed_a, seed_s, ws);
        } else if constexpr (L == 3) {
            keypair_default_saber(pk, sk, seed_a, seed_s, ws);
        } else {
            keypair_default_fire(pk, sk, seed_a, seed_s, ws);
        }
    }
    // LightSaber (pk and sk hold no 1 KB): output 0 summed in the transform
    // domain as two 512-byte halves, one in pk and one in sk after s (both
    // overwritten by the keys at the end), A_j0 transformed a half at a time
    // from its packed fields (x's tail) straight into the half (j = 0) or into
    // x's front and added (j = 1): one inverse for b_0 instead of two. Output
    // 1 is a uint16 row on the stack (512 B, where a 424-byte packed-entry
    // buffer was): A_01's packed fields are squeezed into the row (free until
    // its product is stored) and transformed in one pass, A_11 is unpacked in
    // place in x. The sponges are not on the stack: s's in pk (free until
    // the end), A's in sp (the permutations' scratch is then x's front).
    // RAM within m4fstack's key-generation stack (3,276 B).
    static void keypair_default_light(uint8_t* pk, uint8_t* sk, const uint8_t* seed_a, const uint8_t* seed_s,
                                    Workspace& ws) {
        static_assert(L == 2, "the split-sum layout is LightSaber's");
        constexpr size_t kHalf = kN / 2, kHalfBytes = sizeof(int32_t) * kHalf;
        static_assert(pk_bytes >= kHalfBytes + 3 && sk_bytes - params.indcpa_sk_bytes() >= kHalfBytes + 3);
        static_assert(pk_bytes >= sizeof(hash::Shake128) + 7 && sizeof(hash::Shake128) <= sizeof ws.sp &&
                      alignof(hash::Shake128) <= 8 && offsetof(NttWorkspace, sp) % 8 == 0);
        sample_secret_sponge_in_pk(pk, sk, seed_s, ws);
        int32_t* const half[2] = {align4(pk), align4(sk + params.indcpa_sk_bytes())};
        // A_j0's packed fields in x's tail (3 bytes of slack for the word
        // loads), its half transform (j = 1) in x's front.
        constexpr size_t kAt = (sizeof(int32_t) * kN - kEntryBytes - 3) / 8 * 8;
        static_assert(kAt >= kHalfBytes && kAt >= sizeof(hash::KeccakState) &&
                      kAt + kEntryBytes + 3 <= sizeof(int32_t) * kN);
        uint8_t* const packed = reinterpret_cast<uint8_t*>(ws.x) + kAt;
        hash::KeccakState* const xscr = reinterpret_cast<hash::KeccakState*>(ws.x);
        alignas(8) uint16_t row[kN];
        static_assert(sizeof row >= kEntryBytes + 3 && sizeof row % 32 == 0);
        hash::Shake128* xof = new (ws.sp) hash::Shake128;
        open_xof(*xof, seed_a, kSeedBytes);
        for (size_t j = 0; j < L; ++j) {
            int32_t* y = ybuf(ws);
            // s_1 from its 13-bit fields in sk (the word loads' 3 bytes past
            // it are sk's).
            if (j != 0) ntt::forward_packed13(y, sk + j * params.poly_q_bytes());
            else ntt::forward(y);
            (void)xof->squeeze(packed, kEntryBytes, xscr);
            for (unsigned h = 0; h < 2; ++h) {
                if (j == 0) {
                    ntt::forward_half_packed(half[h], packed, kLogQ, h);
                    ntt::pointwise_half_at(half[h], y + kHalf * h, h);
                } else {
                    ntt::forward_half_packed(ws.x, packed, kLogQ, h);
                    ntt::pointwise_acc_half_at(half[h], ws.x, y + kHalf * h, h);
                }
            }
            if (j == 0) {
                squeeze_entry_via(ws.x, reinterpret_cast<uint8_t*>(row), *xof);
            } else {
                // b_0 is complete: the halves into x, one inverse into pk's
                // half (4-aligned, read already) and packed there in place
                // (pack_rounded_le16 writes byte i after reading coefficient
                // i / 2, which starts at or after byte i), so that A_11's
                // fields go to sk's half, free now, and x is made in one pass.
                std::memcpy(ws.x, half[0], kHalfBytes);
                std::memcpy(ws.x + kHalf, half[1], kHalfBytes);
                ntt::inverse_store(reinterpret_cast<uint16_t*>(half[0]), ws.x);
                pack_rounded_le16(pk, reinterpret_cast<const uint8_t*>(half[0]), kN, h1, kLogQ - kLogP, kLogP);
                squeeze_entry_via(ws.x, reinterpret_cast<uint8_t*>(half[1]), *xof);
            }
            ntt::mul_into(row, ws.x, y, /*add=*/j != 0);
        }
        std::destroy_at(xof);
        pack_rounded(pk + params.poly_p_bytes(), row, kN, h1, kLogQ - kLogP, kLogP);
        wipe_workspace(row, sizeof row);
        std::memcpy(pk + params.polyvec_p_bytes(), seed_a, kSeedBytes);
        std::memcpy(sk + params.indcpa_sk_bytes(), pk, pk_bytes);
    }
    static int32_t* align4(uint8_t* p) {
        return reinterpret_cast<int32_t*>(p + (4 - reinterpret_cast<uintptr_t>(p) % 4) % 4);
    }
    // s'_j's fields (Default).
    static const uint8_t* spj(const Workspace& ws, size_t j) {
        if constexpr (!kToom && !kSpeed) {
            return ws.sp + kSum25Room + j * kSpPolyBytes;
        } else {
            (void)ws, (void)j;
            return nullptr;
        }
    }
    // acc (+)= x * s'_j: Default transforms the 4-bit s'_j again, a half at
    // a time (512 bytes: yh), Speed kept it.
    static void product_into(uint16_t* acc, Workspace& ws, size_t j, bool first) {
        if constexpr (kSpeed) {
            ntt::mul_into(acc, ws.x, ws.sev[j], /*add=*/!first);
        } else {
            product_half_into(acc, ws, spj(ws, j), kSpBits, first);
        }
    }
    // acc (+)= x * s'_j, its transform made and used a half at a time in yh
    // (half 1 last: the last row leaves s'_{l-1}'s half 1 there for v').
    static void product_half_into(uint16_t* acc, Workspace& ws, const uint8_t* packed, unsigned bits, bool first) {
        for (unsigned h = 0; h < 2; ++h) {
            ntt::forward_half_packed(ws.u.k.yh, packed, bits, h);
            ntt::pointwise_half(ws.x, ws.u.k.yh, h);
        }
        ntt::inverse_into(acc, ws.x, /*add=*/!first);
    }
    static uint32_t enc_ntt(uint8_t* ct, const uint8_t* m, const uint8_t* seed_sp, const uint8_t* pk, Workspace& ws,
                            bool compare) {
        if constexpr (kSpeed) {
            return enc_speed(ct, m, seed_sp, pk, ws, compare);
        } else {
            // FireSaber decapsulation: the rows (a copy of its own), then v'
            // made and compared in a frame beside theirs (v_prime_sum25).
            // (Only for decapsulate_fire's own layout: enc_default<false,
            // true> ignores m and seed_sp and reads m' at sp + kFireMAt and
            // r' at x + kSplitT + 96, so m must be ws.sp + kFireMAt there.)
            if (kSum25 && compare) {
                const uint32_t rows = enc_default<false, kSum25>(ct, m, seed_sp, pk, ws, compare);
                return rows | v_prime_sum25(pk, m, ct, ws);  // (after the rows: they sample s')
            }
            return enc_default(ct, m, seed_sp, pk, ws, compare);
        }
    }
    static void dec_ntt(uint8_t* m, const uint8_t* sk, const uint8_t* ct, Workspace& ws) {
        if constexpr (kSpeed) {
            dec_speed(m, sk, ct, ws);
        } else {
            dec_default(m, sk, ct, ws);
        }
    }
    // Speed: the row sums are kept in the transform domain (accn; term 0 is
    // transformed there, the others in x and added), one inverse per row.
    static int32_t* term(Workspace& ws, size_t j) { return j == 0 ? ws.accn : ws.x; }
    static void sum_term(Workspace& ws, size_t j, const int32_t* y) {
        if (j == 0) {
            ntt::pointwise(ws.accn, y);
        } else {
            ntt::pointwise_acc(ws.accn, ws.x, y);
        }
    }
    static uint32_t enc_speed(uint8_t* ct, const uint8_t* m, const uint8_t* seed_sp, const uint8_t* pk, Workspace& ws,
                              bool compare, hash::detail::Rider* rider = nullptr, hash::Shake128* axof = nullptr,
                              APrefix* pre = nullptr) {
        // x86 (kRideHash, with a rider): only s'_0 up front; the coins of
        // s'_{j+1} ride along A_0j's squeeze (into sev[j + 1]'s tail, as
        // sample_secret lays them out), s'_{j+1} sampled right after it; the
        // rider (H(ct)) takes the later rows' squeezes.
        const bool lazy = kRideHash && rider != nullptr;
        hash::Shake128 sx;
        open_xof(sx, seed_sp, kNoiseSeedBytes);
        for (size_t j = 0; j < (lazy ? 1 : L); ++j) {
            sample_secret(ws.sev[j], sx);
            if constexpr (kRideHash) {
                secret_transform(ws.sev[j], ws.sevw[j]);
            } else {
                ntt::forward(ws.sev[j]);
            }
        }
        uint32_t diff = 0;
        hash::Shake128 own;
        if (axof == nullptr) {
            open_xof(own, pk + params.polyvec_p_bytes(), kSeedBytes);
        }
        hash::Shake128& xof = axof != nullptr ? *axof : own;
        for (size_t i = 0; i < L; ++i) {
            for (size_t j = 0; j < L; ++j) {
                if constexpr (kRideHash) {
                    int32_t* const a = term(ws, j);
                    int32_t* const acc = j == 0 ? nullptr : ws.accn;
                    if (pre != nullptr && pre->len != 0) {  // (only in row 0: ct's row 0 is written after it)
                        squeeze_entry_product(ws, a, ws.sev[j], ws.sevw[j], acc, ws.x, xof, nullptr, pre);
                        if (lazy && i == 0 && j + 1 < L) {
                            sample_secret(ws.sev[j + 1], sx);
                            secret_transform(ws.sev[j + 1], ws.sevw[j + 1]);
                        }
                    } else if (lazy && i == 0) {
                        if (j + 1 < L) {
                            constexpr size_t kCoins = kN * params.mu / 8;
                            int32_t* next = ws.sev[j + 1];
                            uint8_t* coins = reinterpret_cast<uint8_t*>(next) + sizeof(int32_t) * kN - kCoins;
                            hash::detail::Rider sr = sx.rider_out(coins, kCoins);
                            squeeze_entry_product(ws, a, ws.sev[j], ws.sevw[j], acc, ws.x, xof, &sr);
                            (void)sx.squeeze(sr.out, sr.len);
                            sample_binomial(next, coins, kN, params.mu);  // in place, as sample_secret
                            secret_transform(next, ws.sevw[j + 1]);
                        } else {
                            squeeze_entry_product(ws, a, ws.sev[j], ws.sevw[j], acc, ws.x, xof);
                        }
                    } else {
                        squeeze_entry_product(ws, a, ws.sev[j], ws.sevw[j], acc, ws.x, xof, rider);
                    }
                } else {
                    squeeze_entry_via(term(ws, j), ws.packed, xof);
                    sum_term(ws, j, ws.sev[j]);
                }
            }
            row_inverse(ws.row, ws.accn, ws.x);  // (x16: the sum in accn and x; row is x)
            uint8_t* out = ct + i * params.poly_p_bytes();
            diff |= emit_rounded(compare, out, ws.row, kLogQ - kLogP, kLogP);
            // Encryption: the rider (H(ct)) may take the rows written so far.
            if (rider != nullptr && !compare) rider->len = size_t(out + params.poly_p_bytes() - rider->in);
        }
        for (size_t j = 0; j < L; ++j) {  // v' = b^T s' (b_{j+1} or the seed follows b_j: x86's fused reads past it)
            if constexpr (kRideHash) {
                entry_product(term(ws, j), pk + j * params.poly_p_bytes(), kLogP, ws.sev[j], ws.sevw[j],
                              j == 0 ? nullptr : ws.accn, ws.x);
            } else {
                ntt::forward_packed10(term(ws, j), pk + j * params.poly_p_bytes());
                sum_term(ws, j, ws.sev[j]);
            }
        }
        row_inverse(ws.row, ws.accn, ws.x);
        diff |= emit_message(compare, ct + params.polyvec_p_bytes(), ws.row, m);
        return diff;
    }
    static void dec_speed(uint8_t* m, const uint8_t* sk, const uint8_t* ct, Workspace& ws) {
        int32_t* y = ws.sev[0];
        for (size_t j = 0; j < L; ++j) {
            int32_t* t = term(ws, j);
            if constexpr (kRideHash) {  // x86: fused (b'_{j+1} or c_m follows b'_j: the reads past it)
                if (x16()) {  // s_j's form in sev[0], sevw[0]; the sum in accn, x
                    unpack_centred13_padded(y, sk + j * params.poly_q_bytes(), kN);  // s_{j+1} or pk follows
                    ntt::x16::prepare_secret(y, ws.sevw[0]);
                    ntt::x16::entry_product(ws.accn, ws.x, ct + j * params.poly_p_bytes(), kLogP, y, ws.sevw[0], j != 0);
                } else {
                    ntt::forward_packed13(y, sk + j * params.poly_q_bytes());  // s_{j+1} or pk follows
                    ntt::forward_packed_pointwise(t, ct + j * params.poly_p_bytes(), kLogP, y, j == 0 ? nullptr : ws.accn);
                }
            } else {
                ntt::forward_packed10(t, ct + j * params.poly_p_bytes());   // b'_{j+1} or c_m follows
                ntt::forward_packed13(y, sk + j * params.poly_q_bytes());  // s_{j+1} or pk follows
                sum_term(ws, j, y);
            }
        }
        row_inverse(ws.row, ws.accn, ws.x);
        decode_m(m, ws.row, ct);
    }
    // m from v = b'^T s (row, mod 2^16) and c_m, a byte at a time: message
    // bit j is bit p - 1 of v_j + h2 - c_j 2^(p - et), which only depends on
    // the low p bits, so c_j's et-bit field is used as it is (no sign
    // extension, no unpacking pass): the 8 fields of a byte are the et bytes
    // of c_m at et i, read as two groups of four (12 / 16 / 24 bits), two
    // coefficients a word (decode_msg).
    static void decode_m(uint8_t* m, const uint16_t* v, const uint8_t* ct) {
        if constexpr (params.et == 6) {
            decode_msg6(m, v, ct + params.polyvec_p_bytes(), h2);
        } else {
            decode_msg(m, v, ct + params.polyvec_p_bytes(), params.et, h2);
        }
    }
    // ct = (round(A s'), round(b^T s' + m)), or (compare) the same compared to ct: nonzero if different.
    // kSplitRows (kSum25Split decapsulation, a copy of its own, so the
    // others' frames and code stay as they were): m' is at the start of the
    // room (the packed row sums' first piece), so v' is compared first.
    // kDecV (FireSaber decapsulation, a copy of its own): the rows only;
    // enc_ntt then makes and compares v' (v_prime_sum25) in a frame of its
    // own, beside the rows' instead of on top of theirs.
    template <bool kSplitRows = false, bool kDecV = false>
    [[gnu::noinline]] static uint32_t enc_default(uint8_t* ct, const uint8_t* m, const uint8_t* seed_sp, const uint8_t* pk, Workspace& ws,
                                bool compare) {
        static_assert(!kSplitRows || kSum25Split);
        static_assert(!kDecV || (kSum25 && !kSplitRows));
        if constexpr (kDecV) {
            // (where decapsulate_fire keeps them: m and seed_sp are then
            // unused arguments, which GCC drops, so the call takes four
            // registers and its caller, under the rows' stack peak, no
            // stack for arguments)
            compare = true;
            m = ws.sp + kFireMAt;
            seed_sp = reinterpret_cast<const uint8_t*>(ws.x) + kSplitT + 96;
        }
        if constexpr (kSplitRows) compare = true;
        // kSplitRows (the rows only: s' is sampled and v' compared before,
        // sample_sp_split, v_prime_split): the room (the packed row sums'
        // first piece) is in this frame, not decapsulate_split's, so that
        // the decryption and v' before it have a 512-byte stack half.
        // kDecV: the row sum's last two groups (kFireRoomWords, row_sum25_term).
        alignas(8) int32_t room_buf[kSplitRows ? kSplitRoomWords : kDecV ? kFireRoomWords : 1];
        int32_t* const room = kSplitRows || kDecV ? room_buf : nullptr;
        if constexpr (!kSplitRows) {
            hash::Shake128 xof;
            open_xof(xof, seed_sp, kNoiseSeedBytes);
            for (size_t j = 0; j < L; ++j) {
                if constexpr (kSpeed) {
                    sample_secret(ws.sev[j], xof);
                    ntt::forward(ws.sev[j]);
                } else {
                    // straight into the 4-bit fields (coins in x)
                    uint8_t* const coins = reinterpret_cast<uint8_t*>(ws.x);
                    (void)xof.squeeze(coins, kN * params.mu / 8, kem_scratch(ws));
                    if constexpr (kSum25) {
                        sample_binomial3(ws.sp + kSum25Room + j * kSpPolyBytes, coins, kN, params.mu);
                    } else {
                        sample_binomial4(ws.sp + j * (kN / 2), coins, kN, params.mu);
                    }
                }
            }
        }
        uint32_t diff = 0;
        // A's sponge only holds public data (seed_A is in pk): constructed in
        // place and never destroyed, so it is not wiped (~0.2 k cycles on the M4).
        alignas(hash::Shake128) unsigned char xof_bytes[sizeof(hash::Shake128)];
        hash::Shake128& xof = *::new (static_cast<void*>(xof_bytes)) hash::Shake128;
        open_xof(xof, pk + params.polyvec_p_bytes(), kSeedBytes);
        for (size_t i = 0; i < L; ++i) {
            uint8_t* out = ct + i * params.poly_p_bytes();
            // (the squeezes stay in this frame: the stack peak's path)
            int32_t* sum = !compare && ct_row_sum_fits(i) ? row_sum_at(out, ct + ct_bytes) : nullptr;
            if (!compare && sum == nullptr) {
                const uint16_t* row = row_sum_split3(out, ct + ct_bytes, ws, xof);
                diff |= emit_rounded(compare, out, row, kLogQ - kLogP, kLogP);
                continue;
            }
            if (sum != nullptr && !row_sum_whole(sum, ct + ct_bytes)) {
                const uint16_t* row = row_sum_in_y(sum, ws, xof);
                diff |= emit_rounded(compare, out, row, kLogQ - kLogP, kLogP);
                continue;
            }
            const uint16_t* frow = ws.u.k.acc;
            for (size_t j = 0; j < L; ++j) {
                if (sum == nullptr) {
                    if constexpr (kSplitRows) {
                        // A_00 squeezed into x's tail and unpacked in place
                        // (the permutations' scratch x's front): yh and th
                        // hold the halves of s'_0's transform from v'.
                        const bool reuse = i == 0 && j == 0;
                        if (reuse) {
                            squeeze_entry_inplace(ws.x, xof);
                        } else {
                            squeeze_entry_kem(ws, xof);
                        }
                        row_sum25_split_term(ws, j, room, reuse);
                        continue;
                    }
                    squeeze_entry_kem(ws, xof);
                    if constexpr (kSum25) {
                        if constexpr (kDecV) {  // (the only FireSaber compare: enc_ntt)
                            row_sum25_term(ws, j, room);
                            if (j + 1 == L) frow = row_sum25_finish(ws, room);
                        }
                    } else {
                        product_into(ws.u.k.acc, ws, j, j == 0);
                    }
                    continue;
                }
                // FireSaber row 1 after v_prime_in_ct: yh..th still hold
                // s'_0's whole transform, so A_10's bytes go to x (free)
                if constexpr (kSum25) {
                    if (i == 1 && j == 0) {
                        squeeze_entry_via(sum, reinterpret_cast<uint8_t*>(ws.x), xof);
                        ntt::pointwise(sum, ws.u.y);
                        continue;
                    }
                }
                if (j == 0) {  // (a whole sum here: the split ones took row_sum_in_y above)
                    squeeze_entry_via(sum, reinterpret_cast<uint8_t*>(ws.u.k.yh), xof);
                } else {
                    squeeze_entry_kem(ws, xof);
                }
                row_sum_term_whole(sum, ws, j);  // (split sums: row_sum_in_y)
            }
            if constexpr (kSum25) {
                if (sum != nullptr && i == 0) {
                    v_prime_in_ct(ct, sum, pk, m, ws);  // row 0's output too
                    continue;
                }
            }
            const uint16_t* row = sum != nullptr ? row_sum_finish(sum, ws) : frow;
            if constexpr (kDecV) {
                diff |= compare_row(out, row);  // (two arguments: none on this frame's stack)
            } else {
                diff |= emit_rounded(compare, out, row, kLogQ - kLogP, kLogP);
            }
        }
        if constexpr (!kSplitRows) {
            (void)room;
            if (kSum25 && !compare) {
                std::memcpy(ct + params.polyvec_p_bytes(), ws.sp, kCmBytes);
            } else if constexpr (!kDecV) {  // (kDecV: enc_ntt compares v' next, v_prime_sum25)
                v_prime(pk, ws, /*reuse=*/true);
                diff |= emit_message(compare, ct + params.polyvec_p_bytes(), ws.u.k.acc, m);
            } else {
                constexpr size_t kWords32 = sizeof room_buf / 32 * 32;  // the STM wipe's 32-byte steps, then the rest
                wipe_workspace(room_buf, kWords32);
                secure_wipe(reinterpret_cast<uint8_t*>(room_buf) + kWords32, sizeof room_buf - kWords32);
            }
        } else {
            constexpr size_t kWords32 = sizeof room_buf / 32 * 32;  // the STM wipe's 32-byte steps, then the rest
            wipe_workspace(room_buf, kWords32);
            secure_wipe(reinterpret_cast<uint8_t*>(room_buf) + kWords32, sizeof room_buf - kWords32);
        }
        return diff;
    }
    // FireSaber encapsulation's v' = b^T s', between rows 0 and 1: ct from
    // row 1's output on is not written yet, so the sum is whole there, where
    // row 1's goes next (8-aligned 1 KB: 1,152 bytes), b_j transformed whole
    // (into the sum for the first term, else x) and s'_j whole into yh..th
    // from its columns (layer 1 once; no half transforms), one whole block
    // product a term, from j = l - 1 (its transform is still in yh..th from
    // row 0's last term) down to 0 (left there for row 1's first term); c_m
    // is encoded into sp's first kCmBytes (the packed row sums' room, used
    // by decapsulation only) and copied to ct after the rows.
    static constexpr size_t kCmBytes = kN * params.et / 8;
    // It first finishes row 0 (its whole sum row0 in ct) into x, so yh..th
    // keep s'_{l-1}'s transform.
    [[gnu::noinline]] static void v_prime_in_ct(uint8_t* ct, int32_t* row0, const uint8_t* pk, const uint8_t* m,
                                                Workspace& ws) {
        if constexpr (kSum25) {
            static_assert(kCmBytes <= kSum25Room && ct_bytes - params.poly_p_bytes() >= kRowSumBytes + 7);
            uint16_t* const v = reinterpret_cast<uint16_t*>(ws.x);  // x is free; y is kept
            ntt::inverse_store(v, row0);
            pack_rounded(ct, v, kN, h1, kLogQ - kLogP, kLogP);
            int32_t* const sum = row_sum_at(ct + params.poly_p_bytes(), ct + ct_bytes);
            int32_t* const y = ws.u.y;
            for (size_t jj = 0; jj < L; ++jj) {
                const size_t j = L - 1 - jj;
                const uint8_t* b = pk + j * params.poly_p_bytes();  // b_{j+1} or seed_A follows
                ntt::forward_packed10(jj == 0 ? sum : ws.x, b);
                if (jj > 0) ntt::forward_packed_columns(y, spj(ws, j), kSpBits);
                if (jj == 0) {
                    ntt::pointwise(sum, y);
                } else {
                    ntt::pointwise_acc(sum, ws.x, y);
                }
            }
            ntt::inverse_store(v, sum);
            (void)emit_message(false, ws.sp, v, m);
        } else {
            (void)ct, (void)row0, (void)pk, (void)m, (void)ws;
        }
    }
    // FireSaber decapsulation's v' = b^T s', after the rows (enc_default<false,
    // true>), compared with c_m: nonzero if different (wip/fire-dec). As
    // v_prime, but the later terms transform b_j whole into yh..th (one pass
    // from the fields: ~1 k cycles less than two half transforms) and s'_j a
    // half at a time into x's first half; the sum is kept as half 1 in x's
    // second half and half 0 in two quarters, sp's first 256 bytes (the
    // packed row sums' room, free now) and q1 on this frame's stack (256
    // bytes: enc_ntt calls this after the rows' frame is gone, so the
    // stack peak stays the rows'), copied into x's first half for the one
    // inverse. The first term, j = l - 1, transforms b_{l-1} whole into x
    // and takes half 1 of s'_{l-1}'s transform, which the last row left in
    // yh (its product in place, half 0's into the quarters).
    [[gnu::noinline]] static uint32_t v_prime_sum25(const uint8_t* pk, const uint8_t* m, const uint8_t* ct,
                                                    Workspace& ws) {
        if constexpr (kSum25) {
            constexpr size_t kHalf = kN / 2, kQuarter = kN / 4;
            static_assert(kN / 16 % 8 == 0, "a quarter is whole groups of 32 (run_blocks())");
            static_assert(kSum25Room >= sizeof(int32_t) * kQuarter && offsetof(NttWorkspace, sp) % 8 == 0);
            alignas(8) int32_t q1[kQuarter];
            int32_t* const x = ws.x;
            int32_t* const q0 = reinterpret_cast<int32_t*>(ws.sp);
            int32_t* const yh = ws.u.k.yh;
            ntt::forward_packed10(x, pk + (L - 1) * params.poly_p_bytes());  // (pk's seed follows)
            ntt::pointwise_half(x, yh, 1);
            ntt::forward_half3(yh, spj(ws, L - 1), 0);
            constexpr uint32_t kQ0 = ntt::sum25_run(0, kN / 16), kQ1 = ntt::sum25_run(kN / 16, kN / 16);  // the quarters' runs
            static_assert(ntt::block_run_ok(kQ0) && ntt::block_run_ok(kQ1));
            ntt::pointwise_blocks_to_run(q0, x, yh, kQ0);
            ntt::pointwise_blocks_to_run(q1, x + kQuarter, yh + kQuarter, kQ1);
            int32_t* const bw = ws.u.y;  // yh..th: b_j whole
            int32_t* const sh = x;       // s'_j's half (x's first half is dead now)
            for (size_t jj = 1; jj < L; ++jj) {
                const size_t j = L - 1 - jj;
                ntt::forward_packed10(bw, pk + j * params.poly_p_bytes());  // (b_{j+1} follows)
                ntt::forward_half3(sh, spj(ws, j), 1);
                ntt::pointwise_acc_half_at(x + kHalf, bw + kHalf, sh, 1);
                ntt::forward_half3(sh, spj(ws, j), 0);
                if (jj + 1 < L) {
                    ntt::pointwise_acc_blocks_run(q0, bw, sh, kQ0);
                    ntt::pointwise_acc_blocks_run(q1, bw + kQuarter, sh + kQuarter, kQ1);
                } else {
                    // the last term's half 0 made in place over s'_0's
                    // (x's first half) with the quarters added: the sum's
                    // half 0 where the inverse reads it (no copy; the block
                    // product's sums are symmetric in its operands)
                    ntt::pointwise_get_blocks_run(sh, bw, q0, kQ0);
                    ntt::pointwise_get_blocks_run(sh + kQuarter, bw + kQuarter, q1, kQ1);
                }
            }
            wipe_workspace(q1, sizeof q1);  // (q0 is the Workspace's: wiped at the end)
            ntt::inverse_store(ws.u.k.acc, x);
            return emit_message(true, const_cast<uint8_t*>(ct) + params.polyvec_p_bytes(), ws.u.k.acc, m);
        } else {
            (void)pk, (void)m, (void)ct, (void)ws;
            return 0;
        }
    }
    // v' = b^T s' into acc, from j = l - 1 down (reuse: the last row left
    // half 1 of s'_{l-1}'s transform in yh), summed in the transform domain in x.
    [[gnu::noinline]] static void v_prime(const uint8_t* pk, Workspace& ws, bool reuse) {
        for (size_t jj = 0; jj < L; ++jj) {
            const size_t j = L - 1 - jj;
            sum_half_term(ws, pk + j * params.poly_p_bytes(), spj(ws, j), kSpBits, jj == 0, reuse && jj == 0);
        }
        ntt::inverse_store(ws.u.k.acc, ws.x);
    }
    // Half h of a re-encryption term (A_ij's transform in x, s'_j's half h in
    // yh) into the row's packed sum, by the fused block products: op 0 puts
    // (the first term), 1 adds, 2 gets (the last: x = the row's sum). The sum
    // is kept as s0 (values 0 .. n0 - 1) and s1 (the rest; n0 a multiple of 32).
    [[gnu::always_inline]] static void sum25_run(Workspace& ws, unsigned h, unsigned op, uint8_t* s, unsigned f,
                                                 unsigned e) {
        sum25_run_b(ws, ws.u.k.yh, (kN / 8) * h, op, s, f, e);
    }
    // (the second operand's blocks first0.. at bh)
    [[gnu::always_inline]] static void sum25_run_b(Workspace& ws, const int32_t* bh, unsigned first0, unsigned op,
                                                   uint8_t* s, unsigned f, unsigned e) {
        int32_t* const a = ws.x + 4 * f;
        const int32_t* const b = bh + 4 * (f - first0);
        if (op == 0) {
            ntt::pointwise_sum25_put(s, a, b, ntt::sum25_run(f, e - f));
        } else if (op == 1) {
            ntt::pointwise_sum25_add(s, a, b, ntt::sum25_run(f, e - f));
        } else {
            ntt::pointwise_sum25_get(a, b, s, ntt::sum25_run(f, e - f));
        }
    }
    [[gnu::always_inline]] static void sum25_half(Workspace& ws, unsigned h, unsigned op, uint8_t* s0, size_t n0,
                                                  uint8_t* s1) {
        constexpr unsigned kHalfBlocks = kN / 8;
        const unsigned split = unsigned(n0 / 4), first = kHalfBlocks * h, end = first + kHalfBlocks;
        if (end <= split) {
            sum25_run(ws, h, op, s0 + first / 8 * ntt::kSum25BlockBytes, first, end);
        } else if (first >= split) {
            sum25_run(ws, h, op, s1 + (first - split) / 8 * ntt::kSum25BlockBytes, first, end);
        } else {
            sum25_run(ws, h, op, s0 + first / 8 * ntt::kSum25BlockBytes, first, split);
            sum25_run(ws, h, op, s1, split, end);
        }
    }
    // kSum25Split's re-encryption row: as row_sum25_term, the packed sum in
    // two pieces (room: the first kN - kSplitN values, acc: the other
    // kSplitN); reuse: yh already holds half 1 of s'_j's transform (made last here).
    [[gnu::noinline]] static void row_sum25_split_term(Workspace& ws, size_t j, int32_t* room, bool reuse) {
        if constexpr (kSum25Split) {
            static_assert(kSplitN % 32 == 0 && kSplitN / 32 * ntt::kSum25BlockBytes <= sizeof ws.u.k.acc &&
                          kSplitN / 32 * ntt::kSum25BlockBytes + sizeof(int32_t) * kSplitRoomWords == ntt::kSum25Bytes);
            constexpr size_t kN0 = kN - kSplitN;  // the room's values (3 packed blocks)
            uint8_t* const s0 = reinterpret_cast<uint8_t*>(room);
            uint8_t* const s1 = reinterpret_cast<uint8_t*>(ws.u.k.acc);
            const unsigned op = j == 0 ? 0 : j + 1 < L ? 1 : 2;
            if (reuse) {
                // half 0 of s'_j's transform in th (v'), half 1 in yh. th is
                // acc, the sum's second piece: half 0's groups of 32 go to the
                // room except the last (blocks 24-31), whose packed block
                // lands at acc's start, below its own reads (th's last 128
                // bytes; the earlier groups' are read by then: the M4 keeps
                // a group of 32 transposed, ntt.cpp, so a packed block can
                // only trail whole groups), then half 1 (acc from byte 100).
                // (Before wip/saber-dec5 acc was the first piece and each
                // packed block trailed its own reads.)
                constexpr unsigned kHalfBlocks = kN / 8, kSplit = unsigned(kN0 / 4);
                static_assert(kN0 % 32 == 0 && kSplit < kHalfBlocks && kHalfBlocks - kSplit == 8 &&
                              ntt::kSum25BlockBytes <= sizeof(int32_t) * 4 * kSplit);
                sum25_run_b(ws, ws.u.k.th, 0, op, s0, 0, kSplit);
                sum25_run_b(ws, ws.u.k.th, 0, op, s1, kSplit, kHalfBlocks);
                sum25_half(ws, 1, op, s0, kN0, s1);
            } else {
                for (unsigned k = 0; k < 2; ++k) {
                    const unsigned h = 1 - k;
                    ntt::forward_half_packed(ws.u.k.yh, spj(ws, j), kSpBits, h);
                    sum25_half(ws, h, op, s0, kN0, s1);
                }
            }
            if (op == 2) ntt::inverse_sum25(ws.u.k.acc, ws.x);
        } else {
            (void)ws, (void)j, (void)room, (void)reuse;
        }
    }
    // FireSaber's re-encryption row (ct is the input, so no sum in it): the
    // sum in the transform domain, each product made from A_ij's transform in
    // x and s'_j a half at a time in yh (half 1 last, as v' needs): groups
    // 0-5 of 32 values as int32 in acc and sp's first 256 bytes (s32, the
    // plain block products: stored by the first term, added by the others,
    // and the last term's made into x with the sum added), groups 6-7 the
    // same in room (kFireRoom32 = 2; any group after those packed at 25 bits
    // there: sum25_run_b, compiled out now). The row's inverse:
    // row_sum25_finish (from the rows' frame, so that the inverse's stack is
    // not on top of this one's).
    [[gnu::noinline]] static void row_sum25_term(Workspace& ws, size_t j, int32_t* room) {
        if constexpr (kSum25) {
            static_assert(offsetof(NttWorkspace, sp) == offsetof(NttWorkspace, u) + sizeof ws.u &&
                              sizeof ws.u.k.yh + sizeof ws.u.k.acc == sizeof ws.u &&
                              kFireMAt + kKeyBytes <= kSum25Room && kFireWsGroups == 6 && kFireRoom32 <= 2,
                          "the int32 groups: acc (half 0), sp's first bytes, the room; m' after sp's");
            constexpr unsigned kHalfBlocks = kN / 8, kWs = unsigned(8 * kFireWsGroups),
                               kEnd32 = unsigned(8 * kFire32Groups);  // blocks
            int32_t* const s32 = reinterpret_cast<int32_t*>(ws.u.k.acc);
            int32_t* const x = ws.x;
            int32_t* const yh = ws.u.k.yh;
            const unsigned op = j == 0 ? 0 : j + 1 < L ? 1 : 2;
            const uint8_t* const sj = spj(ws, j);
            // (the block runs as one argument: the kernels' wrappers take no stack)
            constexpr uint32_t r0 = ntt::sum25_run(0, kHalfBlocks);
            static_assert(ntt::block_run_ok(r0));
            ntt::forward_half3(yh, sj, 0);
            if (op == 0) {
                ntt::pointwise_blocks_to_run(s32, x, yh, r0);
            } else {
                ntt::pointwise_acc_blocks_run(s32, x, yh, r0);
            }
            ntt::forward_half3(yh, sj, 1);
            constexpr unsigned k1 = kWs - kHalfBlocks, k2 = kEnd32 - kWs;  // half 1's int32 blocks in sp, the room
            constexpr uint32_t r1 = ntt::sum25_run(kHalfBlocks, k1), r2 = ntt::sum25_run(kWs, k2);
            static_assert(ntt::block_run_ok(r1) && (k2 == 0 || ntt::block_run_ok(r2)));
            int32_t* const x1 = x + 4 * kHalfBlocks;
            int32_t* const x2 = x + 4 * kWs;
            const int32_t* const y2 = yh + 4 * k1;
            if (op == 0) {
                ntt::pointwise_blocks_to_run(s32 + 4 * kHalfBlocks, x1, yh, r1);
                if constexpr (k2 != 0) ntt::pointwise_blocks_to_run(room, x2, y2, r2);
            } else if (op == 2) {  // (the last term: half 1 whole in x for the inverse)
                ntt::pointwise_get_blocks_run(x1, yh, s32 + 4 * kHalfBlocks, r1);
                if constexpr (k2 != 0) ntt::pointwise_get_blocks_run(x2, y2, room, r2);
            } else {
                ntt::pointwise_acc_blocks_run(s32 + 4 * kHalfBlocks, x1, yh, r1);
                if constexpr (k2 != 0) ntt::pointwise_acc_blocks_run(room, x2, y2, r2);
            }
            if constexpr (kEnd32 < 2 * kHalfBlocks) {
                sum25_run_b(ws, yh, kHalfBlocks, op, reinterpret_cast<uint8_t*>(room + 4 * k2), kEnd32, 2 * kHalfBlocks);
            }
        } else {
            (void)ws, (void)j, (void)room;
        }
    }
    // After the row's last term (whose get_blocks made half 1 whole in x's
    // second half): the sum inverted from its halves (acc, x's second half)
    // into x's first half, or (no such kernel: the C code) from x into acc.
    // Returns the row. (room: unused, kept so the call is unchanged)
    [[gnu::noinline]] static const uint16_t* row_sum25_finish(Workspace& ws, const int32_t* room) {
        constexpr size_t kHalf = kN / 2;  // values
        int32_t* const s32 = reinterpret_cast<int32_t*>(ws.u.k.acc);
        int32_t* const x = ws.x;
        (void)room;
        uint16_t* const row = reinterpret_cast<uint16_t*>(x);
        if (ntt::inverse_store_halves(row, s32, x + kHalf)) return row;
        std::memcpy(x, s32, sizeof(int32_t) * kHalf);
        ntt::inverse_store(ws.u.k.acc, x);
        return ws.u.k.acc;
    }
    // Encapsulation's row i of A s' summed in the transform domain (one
    // inverse instead of l) when the ciphertext bytes from row i's output on
    // hold the int32 sum or half of it: nothing is written there before this
    // row's output, and the later rows and c_m overwrite every byte of it,
    // so the caller's ct is the sum's buffer. Whole (8-aligned 1 KB:
    // FireSaber rows 0-1, Saber row 0) or split (a 4-aligned 512-byte half
    // in ct, the other in th, unused by the rows: FireSaber rows 2-3 (row 3
    // when ct + 960 is 4-aligned), Saber row 1, LightSaber row 0; no
    // Workspace or stack bytes either way). Not the re-encryption of
    // decapsulation (ct is the input there).
    static constexpr size_t kRowSumBytes = sizeof(int32_t) * kN;
    static constexpr bool ct_row_sum_fits(size_t i) {
        return i * params.poly_p_bytes() + kRowSumBytes / 2 <= ct_bytes;  // the alignment is checked at run time
    }
    // Where row i's sum goes (out = row i's output, end = ct + ct_bytes):
    // its half 0 (whole: both halves), or nullptr when ct has no room.
    [[gnu::noinline]] static int32_t* row_sum_at(uint8_t* out, const uint8_t* end) {
        const uintptr_t at = reinterpret_cast<uintptr_t>(out);
        const size_t room = size_t(end - out), pad8 = (8 - at % 8) % 8, pad4 = (4 - at % 4) % 4;
        if (room >= pad8 + kRowSumBytes) return reinterpret_cast<int32_t*>(out + pad8);
        if (room >= pad4 + kRowSumBytes / 2) return reinterpret_cast<int32_t*>(out + pad4);
        return nullptr;
    }
    static bool row_sum_whole(const int32_t* sum, const uint8_t* end) {
        return size_t(end - reinterpret_cast<const uint8_t*>(sum)) >= kRowSumBytes;
    }
    // A whole sum's term, sum (+)= A_ij s'_j: A_i0 was squeezed and
    // transformed straight into the sum (multiplied in place), the other
    // A_ij into x; yh and th (1 KB) are free in a whole row (its sum is all
    // in ct), so s'_j is transformed whole there (forward_packed_columns),
    // layer 1 once. At most l <= 4 terms: pointwise_acc's bound. (Rows with
    // half a sum's room in ct: row_sum_in_y.)
    [[gnu::noinline]] static void row_sum_term_whole(int32_t* sum, Workspace& ws, size_t j) {
        if constexpr (!kSpeed && !kToom) {
            int32_t* const y = ws.u.y;
            ntt::forward_packed_columns(y, spj(ws, j), kSpBits);
            if (j == 0) {
                ntt::pointwise(sum, y);
            } else {
                ntt::pointwise_acc(sum, ws.x, y);
            }
        } else {
            (void)sum, (void)ws, (void)j;
        }
    }
    // A whole row sum (in ct, encapsulation) inverted into acc for emit_rounded
    // (the split ones are finished by row_sum_in_y / row_sum_split3).
    [[gnu::noinline]] static const uint16_t* row_sum_finish(int32_t* sum, Workspace& ws) {
        if constexpr (!kSpeed && !kToom) {
            ntt::inverse_store(ws.u.k.acc, sum);
        } else {
            (void)sum;
        }
        return ws.u.k.acc;
    }
    // Encapsulation's rows whose ct bytes hold less than a 4-aligned
    // 512-byte half (LightSaber row 1: 416 bytes, Saber row 2: 448,
    // FireSaber row 3 when ct + 960 is not 4-aligned) are still summed in
    // the transform domain, in three pieces: half 0 in ct's room (as many
    // words as fit) and the rest of it on the stack (kRestWords: <= 100 B),
    // half 1 in th. Each product is made in x (as product_half_into: s'_j
    // a half at a time in yh, half 1 last, which v' reuses) and copied or
    // added into the pieces (the values pointwise_acc_half_at gives), then
    // the pieces are copied into x for the one inverse: l - 1 inverses
    // fewer for the row. The squeezes are in this frame (the stack piece
    // lives across them).
    static constexpr size_t kLastRowRoom = ct_bytes - (L - 1) * params.poly_p_bytes();
    static constexpr size_t kRestWords =
        kLastRowRoom >= kRowSumBytes / 2 + 3 ? 4 : kN / 2 - (kLastRowRoom - 3) / sizeof(int32_t);
    [[gnu::noinline]] static const uint16_t* row_sum_split3(uint8_t* out, const uint8_t* end, Workspace& ws,
                                                             hash::Shake128& xof) {
        if constexpr (!kSpeed && !kToom) {
            constexpr size_t kHalf = kN / 2;
            int32_t* const p0 = align4(out);
            const size_t room = size_t(end - reinterpret_cast<const uint8_t*>(p0)) / sizeof(int32_t);
            const size_t n0 = room < kHalf ? room : kHalf;
            // kHalf - n0 <= kRestWords: the last row has the least room (min: GCC's bound)
            const size_t n1 = kHalf - n0 < kRestWords ? kHalf - n0 : kRestWords;
            int32_t rest[kRestWords];
            // the pieces hold whole pairs of blocks (hosts; Saber: 112 + 16
            // words, public, from ct's alignment): the first term's products are
            // stored into them and the later terms' added by the block
            // products on runs of blocks, no pass through x, copies or add_words
            // (on the M4 whole groups of 32 coefficients, ntt::run_blocks:
            // Saber's 112 + 16 take the copy path there)
            const bool pairs = n0 % (4 * ntt::run_blocks()) == 0 && n0 + n1 == kHalf;
            for (size_t j = 0; j < L; ++j) {
                squeeze_entry_kem(ws, xof);
                ntt::forward_half_packed(ws.u.k.yh, spj(ws, j), kSpBits, 0);
                if (j == 0 && pairs) {
                    ntt::pointwise_blocks_to(p0, ws.x, ws.u.k.yh, 0, unsigned(n0 / 4));
                    ntt::pointwise_blocks_to(rest, ws.x + n0, ws.u.k.yh + n0, unsigned(n0 / 4), unsigned(n1 / 4));
                } else if (pairs) {
                    ntt::pointwise_acc_blocks_at(p0, ws.x, ws.u.k.yh, 0, unsigned(n0 / 4));
                    ntt::pointwise_acc_blocks_at(rest, ws.x + n0, ws.u.k.yh + n0, unsigned(n0 / 4), unsigned(n1 / 4));
                } else {
                    ntt::pointwise_half(ws.x, ws.u.k.yh, 0);
                }
                if (!pairs && j == 0) {
                    std::memcpy(p0, ws.x, sizeof(int32_t) * n0);
                    std::memcpy(rest, ws.x + n0, sizeof(int32_t) * n1);
                } else if (!pairs) {
                    add_words(p0, ws.x, n0);
                    add_words(rest, ws.x + n0, n1);
                }
                ntt::forward_half_packed(ws.u.k.yh, spj(ws, j), kSpBits, 1);
                if (j == 0) {
                    ntt::pointwise_half_to(ws.u.k.th, ws.x + kHalf, ws.u.k.yh, 1);
                } else {
                    ntt::pointwise_acc_half_at(ws.u.k.th, ws.x + kHalf, ws.u.k.yh, 1);
                }
            }
            std::memcpy(ws.x, p0, sizeof(int32_t) * n0);
            std::memcpy(ws.x + n0, rest, sizeof(int32_t) * n1);
            secure_wipe(rest, sizeof rest);
            // M4: half 1 inverted straight from th, the row into x's half 1
            uint16_t* const row = reinterpret_cast<uint16_t*>(ws.x + kHalf);
            if (ntt::inverse_store_halves(row, ws.x, ws.u.k.th)) return row;
            std::memcpy(ws.x + kHalf, ws.u.k.th, sizeof(int32_t) * kHalf);
            ntt::inverse_store(ws.u.k.acc, ws.x);
        } else {
            (void)out, (void)end, (void)xof;
        }
        return ws.u.k.acc;
    }
    // Encapsulation's rows with a 4-aligned 512-byte half h0 in ct (row_sum_at;
    // FireSaber rows 2-3, Saber row 1, LightSaber row 0): the sum whole in
    // yh..th (contiguous: one plain inverse), ct's half taking each A entry's
    // packed bytes and then s'_j's half transforms; the first term
    // transforms s'_0 whole into the sum's place (layer 1 once) and
    // multiplies A_i0's transform into it in place. The squeezes are in this
    // frame (no array in it).
    [[gnu::noinline]] static const uint16_t* row_sum_in_y(int32_t* h0, Workspace& ws, hash::Shake128& xof) {
        if constexpr (!kSpeed && !kToom) {
            constexpr size_t kHalf = kN / 2;
            static_assert(kEntryBytes + 3 <= kRowSumBytes / 2);
            int32_t* const y = ws.u.y;
            uint8_t* const packed = reinterpret_cast<uint8_t*>(h0);
            for (size_t j = 0; j < L; ++j) {
                squeeze_entry_via(ws.x, packed, xof);
                if (j == 0) {
                    ntt::forward_packed_columns(y, spj(ws, 0), kSpBits);
                    ntt::pointwise(y, ws.x);
                    continue;
                }
                for (unsigned h = 0; h < 2; ++h) {
                    ntt::forward_half_packed(h0, spj(ws, j), kSpBits, h);
                    ntt::pointwise_acc_half_at(y + kHalf * h, ws.x + kHalf * h, h0, h);
                }
            }
            uint16_t* const row = reinterpret_cast<uint16_t*>(ws.x);
            ntt::inverse_store(row, y);
            return row;
        } else {
            (void)h0, (void)ws, (void)xof;
            return nullptr;
        }
    }
    // acc[k] += x[k] (the accumulating block product's additions), four
    // words a step: GCC's one-word loop costs twice as much on the M4.
    [[gnu::noinline]] static void add_words(int32_t* __restrict acc, const int32_t* __restrict x, size_t n) {
        size_t k = 0;
        for (; k + 4 <= n; k += 4) {
            const int32_t a0 = acc[k] + x[k], a1 = acc[k + 1] + x[k + 1];
            const int32_t a2 = acc[k + 2] + x[k + 2], a3 = acc[k + 3] + x[k + 3];
            acc[k] = a0, acc[k + 1] = a1, acc[k + 2] = a2, acc[k + 3] = a3;
        }
        for (; k < n; ++k) acc[k] += x[k];
    }
    // x (+)= b * s in the transform domain, b a 10-bit public polynomial
    // (b_j from pk, b'_j from ct), s packed (4-bit s'_j or 13-bit s_j). The
    // first term transforms b whole into x and multiplies it by s a half at
    // a time (reuse: yh already holds s's half 1); the others make both
    // operands a half at a time (b's in th, s's in yh) and add their
    // products to x (at most l terms: pointwise_acc_half's bound).
    static void sum_half_term(Workspace& ws, const uint8_t* b, const uint8_t* s, unsigned bits, bool first,
                              bool reuse = false) {
        if (first) {
            static_assert(kLogP == 10);
            ntt::forward_packed10(ws.x, b);  // b_{l-1} (pk's seed follows) or b'_0 (b'_1 follows)
            if (!reuse && bits <= 4) {
                // s' whole into yh..th from its columns (layer 1 once), one block product
                ntt::forward_packed_columns(ws.u.y, s, bits);
                ntt::pointwise(ws.x, ws.u.y);
                return;
            }
            for (unsigned k = 0; k < 2; ++k) {
                const unsigned h = reuse ? 1 - k : k;
                if (!(reuse && h == 1)) ntt::forward_half_packed(ws.u.k.yh, s, bits, h);
                ntt::pointwise_half(ws.x, ws.u.k.yh, h);
            }
        } else {
            for (unsigned h = 0; h < 2; ++h) {
                ntt::forward_half_packed(ws.u.k.th, b, kLogP, h);
                if (bits == kLogQ) {
                    ntt::forward_half_small13(ws.u.k.yh, s, h);  // the secret key's s_j (decryption)
                } else {
                    ntt::forward_half_packed(ws.u.k.yh, s, bits, h);
                }
                ntt::pointwise_acc_half(ws.x, ws.u.k.th, ws.u.k.yh, h);
            }
        }
    }
    // v = b'^T s, summed in the transform domain in x (one inverse).
    // FireSaber: sp (free before the re-encryption) holds a 512-byte half,
    // so the later terms transform b'_j whole into yh..th (one pass from
    // the fields, ~1.1 k cycles less than two half transforms) and s_j a
    // half at a time into sp.
    // LightSaber / Saber decapsulation (dec_split): the same with a 512-byte
    // half on the stack (sh) in place of sp.
    static void dec_default(uint8_t* m, const uint8_t* sk, const uint8_t* ct, Workspace& ws, int32_t* sh = nullptr) {
        for (size_t j = 0; j < L; ++j) {
            const uint8_t* b = ct + j * params.poly_p_bytes();
            const uint8_t* s = sk + j * params.poly_q_bytes();
            if constexpr (!kSpeed && !kToom) {
                if constexpr (sizeof(ws.sp) >= sizeof(int32_t) * kN / 2) sh = reinterpret_cast<int32_t*>(ws.sp);
                if (j > 0 && sh != nullptr) {
                    static_assert(offsetof(NttWorkspace, sp) % 8 == 0 && sizeof ws.u.k == sizeof(int32_t) * kN);
                    int32_t* const bw = ws.u.k.yh;  // yh and th: 1 KB
                    ntt::forward_packed10(bw, b);  // b'_{j+1} or c_m follows
                    for (unsigned h = 0; h < 2; ++h) {
                        ntt::forward_half_small13(sh, s, h);
                        ntt::pointwise_acc_half(ws.x, bw + (kN / 2) * h, sh, h);
                    }
                    continue;
                }
            }
            if constexpr (!kSpeed && !kToom) {
                if (j == 0) {
                    // s_0 whole into yh..th (one pass from the fields, ~1.1 k
                    // cycles less than two half transforms), then one product.
                    int32_t* const y = ws.u.k.yh;
                    ntt::forward_packed10(ws.x, b);  // b'_1 follows
                    ntt::forward_small13(y, s);      // s_1 follows (|s| small)
                    ntt::pointwise(ws.x, y);
                    continue;
                }
            }
            sum_half_term(ws, b, s, kLogQ, j == 0);
        }
        ntt::inverse_store(ws.u.k.acc, ws.x);
        decode_m(m, ws.u.k.acc, ct);
    }

    // FireSaber's decryption (decapsulate_fire; the same values as
    // dec_default): every term with both operands whole, b'_j in x and s_j
    // in yh..th (one pass each from the fields: no half transforms), the sum
    // as int32 groups of 32 in sp (groups 0-4: sp is free until s' is
    // sampled) and on this frame's stack (groups 5-7, 384 bytes: the frame
    // is beside the rows', with room to spare since decapsulate_fire keeps
    // no hashes on its own), stored by the first term's block products,
    // added by the others', and the last term's made into x with the sum
    // added (pointwise_get_blocks_at) for the one inverse.
    static constexpr size_t kDecSpGroups = 5;
    [[gnu::noinline]] static void dec_fire(uint8_t* m, const uint8_t* sk, const uint8_t* ct, Workspace& ws) {
        if constexpr (kSum25) {
            constexpr unsigned kB0 = unsigned(8 * kDecSpGroups), kB1 = kN / 4 - kB0;  // blocks in sp, on the stack
            static_assert(kB0 % 8 == 0 && sizeof ws.sp >= 16 * kB0 && offsetof(NttWorkspace, sp) % 8 == 0);
            alignas(8) int32_t rest[4 * kB1];
            int32_t* const p0 = reinterpret_cast<int32_t*>(ws.sp);
            int32_t* const x = ws.x;
            int32_t* const y = ws.u.y;
            for (size_t j = 0; j < L; ++j) {
                ntt::forward_packed10(x, ct + j * params.poly_p_bytes());  // (b'_{j+1} or c_m follows)
                ntt::forward_small13(y, sk + j * params.poly_q_bytes());   // (s_{j+1} or pk follows; |s| small)
                constexpr uint32_t r0 = ntt::sum25_run(0, kB0), r1 = ntt::sum25_run(kB0, kB1);
                static_assert(ntt::block_run_ok(r0) && ntt::block_run_ok(r1));
                if (j == 0) {
                    ntt::pointwise_blocks_to_run(p0, x, y, r0);
                    ntt::pointwise_blocks_to_run(rest, x + 4 * kB0, y + 4 * kB0, r1);
                } else if (j + 1 < L) {
                    ntt::pointwise_acc_blocks_run(p0, x, y, r0);
                    ntt::pointwise_acc_blocks_run(rest, x + 4 * kB0, y + 4 * kB0, r1);
                } else {
                    ntt::pointwise_get_blocks_run(x, y, p0, r0);
                    ntt::pointwise_get_blocks_run(x + 4 * kB0, y + 4 * kB0, rest, r1);
                }
            }
            wipe_workspace(rest, sizeof rest);
            ntt::inverse_store(ws.u.k.acc, x);
            decode_m(m, ws.u.k.acc, ct);
        } else {
            (void)m, (void)sk, (void)ct, (void)ws;
        }
    }
    // kSum25Split decapsulation: where m' || H(pk), K' || r' are in x.
    static constexpr size_t kSplitT = sizeof(int32_t) * kN / 2;
    // s' into sp (as enc_default's sampling).
    [[gnu::noinline]] static void sample_sp_split(const uint8_t* seed_sp, Workspace& ws) {
        if constexpr (kSum25Split) {
            hash::Shake128 xof;
            open_xof(xof, seed_sp, kNoiseSeedBytes);
            for (size_t j = 0; j < L; ++j) {
                uint8_t* const coins = reinterpret_cast<uint8_t*>(ws.x);
                (void)xof.squeeze(coins, kN * params.mu / 8, kem_scratch(ws));
                sample_binomial4(ws.sp + j * (kN / 2), coins, kN, params.mu);
            }
        } else {
            (void)seed_sp, (void)ws;
        }
    }
    // v' = b^T s' compared with c_m (nonzero if different), at decapsulate's
    // level (below the rows' stack peak): summed in x from j = l - 1 down,
    // the first term whole (b_{l-1} into x, s'_{l-1} into yh..th), the others
    // with b_j whole in yh..th and s'_j a half at a time in a 512-byte stack
    // half (one pass for b_j, not two half transforms); s'_0's half 1 is made
    // last, into yh (b_0's half 0 is dead then), for the first row's first term.
    [[gnu::noinline]] static uint32_t v_prime_split(const uint8_t* pk, const uint8_t* m_in, const uint8_t* cm,
                                                    Workspace& ws) {
        uint32_t diff = 0;
        if constexpr (kSum25Split) {
            alignas(8) int32_t half[kN / 2];
            uint8_t m[kKeyBytes];
            std::memcpy(m, m_in, kKeyBytes);  // (x is the sum)
            int32_t* const y = ws.u.y;
            for (size_t jj = 0; jj < L; ++jj) {
                const size_t j = L - 1 - jj;
                const uint8_t* b = pk + j * params.poly_p_bytes();  // b_{j+1} or seed_A follows
                if (jj == 0) {
                    ntt::forward_packed10(ws.x, b);
                    ntt::forward_packed_columns(y, spj(ws, j), kSpBits);
                    ntt::pointwise(ws.x, y);
                    continue;
                }
                ntt::forward_packed10(y, b);
                for (unsigned h = 0; h < 2; ++h) {
                    int32_t* const sh = j == 0 && h == 1 ? ws.u.k.yh : half;
                    ntt::forward_half_packed(sh, spj(ws, j), kSpBits, h);
                    ntt::pointwise_acc_half(ws.x, y + (kN / 2) * h, sh, h);
                }
            }
            ntt::inverse_store(ws.u.k.acc, ws.x);
            diff = emit_message(true, const_cast<uint8_t*>(cm), ws.u.k.acc, m);
            // s'_0's half 0 (in the stack half) into th, beside its half 1 in
            // yh: the first row's first term takes both (A_00 in place in x)
            std::memcpy(ws.u.k.th, half, sizeof half);
            secure_wipe(m, sizeof m);
            wipe_workspace(half, sizeof half);
        } else {
            (void)pk, (void)m_in, (void)cm, (void)ws;
        }
        return diff;
    }
    // kSum25Split decapsulation's decryption: the stack is below the
    // re-encryption's peak here, so b'_j (j > 0) is transformed whole into
    // yh..th and s_j a half at a time into a 512-byte stack half (wiped).
    [[gnu::noinline]] static void dec_split(uint8_t* m, const uint8_t* sk, const uint8_t* ct, Workspace& ws) {
        alignas(8) int32_t half[kN / 2];
        dec_default(m, sk, ct, ws, half);
        wipe_workspace(half, sizeof half);
    }

    // ---- Toom profile
    static void keypair_toom(uint8_t* pk, uint8_t* sk, const uint8_t* seed_a, const uint8_t* seed_s, Workspace& ws) {
        gen_matrix(ws.A, seed_a, ws);
        gen_secret(ws.s, seed_s, ws);
        MV::evaluate_vector(ws.sev, ws.s);
        MV::mul(ws.res, ws.A, ws.sev, /*transpose=*/true, ws.mv);
        round_to_p(ws.res);
        pack_bits(pk, ws.res, L * kN, kLogP);
        std::memcpy(pk + params.polyvec_p_bytes(), seed_a, kSeedBytes);
        pack_bits(sk, ws.s, L * kN, kLogQ);
        std::memcpy(sk + params.indcpa_sk_bytes(), pk, pk_bytes);
    }
    static void indcpa_enc_toom(uint8_t* ct, const uint8_t* m, const uint8_t* seed_sp, const uint8_t* pk,
                                Workspace& ws) {
        gen_matrix(ws.A, pk + params.polyvec_p_bytes(), ws);
        gen_secret(ws.s, seed_sp, ws);
        MV::evaluate_vector(ws.sev, ws.s);
        MV::mul(ws.res, ws.A, ws.sev, /*transpose=*/false, ws.mv);
        round_to_p(ws.res);
        pack_bits(ct, ws.res, L * kN, kLogP);
        unpack_bits(ws.b, pk, L * kN, kLogP);
        uint16_t* v = ws.res;
        MV::row(v, ws.b, kN, ws.sev, ws.mv);  // b^T s' mod p (exact mod 2^13)
        for (size_t j = 0; j < kN; ++j) {
            const uint16_t bit = (m[j / 8] >> (j % 8)) & 1;
            v[j] = uint16_t(uint16_t(v[j] - (bit << (kLogP - 1)) + h1) >> (kLogP - params.et));
        }
        pack_bits(ct + params.polyvec_p_bytes(), v, kN, params.et);
    }
    static void indcpa_dec_toom(uint8_t* m, const uint8_t* sk, const uint8_t* ct, Workspace& ws) {
        unpack_bits(ws.s, sk, L * kN, kLogQ);
        unpack_bits(ws.b, ct, L * kN, kLogP);
        MV::evaluate_vector(ws.sev, ws.s);
        uint16_t* v = ws.res;
        MV::row(v, ws.b, kN, ws.sev, ws.mv);
        uint16_t* cm = ws.res + kN;
        unpack_bits(cm, ct + params.polyvec_p_bytes(), kN, params.et);
        for (size_t i = 0; i < kKeyBytes; ++i) m[i] = 0;
        for (size_t j = 0; j < kN; ++j) {
            const uint16_t t = uint16_t(uint16_t(v[j] + h2 - (cm[j] << (kLogP - params.et))) >> (kLogP - 1));
            m[j / 8] = uint8_t(m[j / 8] | ((t & 1) << (j % 8)));
        }
    }

    static void round_to_p(uint16_t* x) {
        for (size_t i = 0; i < L * kN; ++i) x[i] = uint16_t(uint16_t(x[i] + h1) >> (kLogQ - kLogP));
    }
    // A[i][j] from SHAKE128(seed_A), 416 bytes per entry in row-major order.
    static void gen_matrix(uint16_t* A, const uint8_t* seed_a, Workspace& ws) {
        hash::Shake128 xof;
        open_xof(xof, seed_a, kSeedBytes);
        for (size_t e = 0; e < L * L; ++e) {
            (void)xof.squeeze(ws.bytes, params.poly_q_bytes());
            unpack_bits(A + e * kN, ws.bytes, kN, kLogQ);
        }
    }
    static void gen_secret(uint16_t* s, const uint8_t* seed, Workspace& ws) {
        hash::Shake128 xof;
        open_xof(xof, seed, kNoiseSeedBytes);
        for (size_t i = 0; i < L; ++i) {
            (void)xof.squeeze(ws.bytes, params.coin_bytes());
            sample_binomial(s + i * kN, ws.bytes, params.mu);
        }
    }
    static void wipe_secrets(Workspace& ws) {
        if constexpr (!kToom) {
            static_assert(sizeof(Workspace) % 32 == 0 && alignof(Workspace) >= 4, "wipe_workspace");
            wipe_workspace(&ws, sizeof ws);
            return;
        } else {
            wipe_toom(ws);
        }
    }
    static void wipe_toom(Workspace& ws) {
        secure_wipe(ws.s, sizeof ws.s);
        secure_wipe(ws.sev, sizeof ws.sev);
        secure_wipe(ws.bytes, sizeof ws.bytes);
        secure_wipe(ws.res, sizeof ws.res);  // m-dependent v
        secure_wipe(&ws.mv, sizeof ws.mv);
    }
};

}  // namespace pqmcu::saber
