// SPDX-License-Identifier: Apache-2.0 OR MIT
// Symmetric primitives as MQOM uses them, per security level:
//   XOF    SHAKE128 (cat 1) or SHAKE256 (cat 3, 5), absorb* then squeeze*.
//   Enc    the "seed cipher": AES-128 (cat 1), Rijndael-256-256 with 24-byte
//          key/block padded by 8 zero bytes and truncated (cat 3),
//          Rijndael-256-256 (cat 5). Key = (tweaked) salt, block = seed.
// Only adapters over pqmcu::hash and pqmcu::cipher live here.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "cipher/block_cipher.hpp"
#include "hash/shake.hpp"

namespace pqmcu::mqom::detail {

template <unsigned Sec>
struct SecTraits;
template <>
struct SecTraits<128> {
    using Shake = hash::Shake128;
    using ShakeX4 = hash::Shake128x4;
    using Cipher = cipher::Aes128;
};
template <>
struct SecTraits<192> {
    using Shake = hash::Shake256;
    using ShakeX4 = hash::Shake256x4;
    using Cipher = cipher::Rijndael256;
};
template <>
struct SecTraits<256> {
    using Shake = hash::Shake256;
    using ShakeX4 = hash::Shake256x4;
    using Cipher = cipher::Rijndael256;
};

// Incremental XOF: absorb any number of times, then squeeze any number of
// times (the first squeeze finalises).
template <unsigned Sec>
class XofCtx {
public:
    XofCtx() = default;
    void init() {
        sh_.reset();
        squeezing_ = false;
    }
    // scratch (optional): a free 200-byte buffer for the permutation
    // (hash::Shake: 200 bytes less stack on the M4).
    void absorb(const uint8_t* in, size_t len, hash::KeccakState* scratch = nullptr) {
        (void)sh_.absorb(in, len, scratch);
    }
    void absorb_byte(uint8_t b) { (void)sh_.absorb(&b, 1); }
    void squeeze(uint8_t* out, size_t len, hash::KeccakState* scratch = nullptr) {
        if (!squeezing_) {
            (void)sh_.finalize();
            squeezing_ = true;
        }
        (void)sh_.squeeze(out, len, scratch);
    }

private:
    typename SecTraits<Sec>::Shake sh_;
    bool squeezing_ = false;
};

// Four XOFs in lock-step (equal-length inputs and outputs).
template <unsigned Sec>
class XofCtx4 {
public:
    void init() {
        sh_.reset();
        squeezing_ = false;
    }
    void absorb(const uint8_t* const in[4], size_t len) { (void)sh_.absorb(in[0], in[1], in[2], in[3], len); }
    void absorb_byte(uint8_t b) {
        const uint8_t* p = &b;
        (void)sh_.absorb(p, p, p, p, 1);
    }
    void squeeze(uint8_t* const out[4], size_t len) {
        if (!squeezing_) {
            (void)sh_.finalize();
            squeezing_ = true;
        }
        (void)sh_.squeeze(out[0], out[1], out[2], out[3], len);
    }

private:
    typename SecTraits<Sec>::ShakeX4 sh_;
    bool squeezing_ = false;
};

// The seed cipher on S-byte blocks (S = Sec / 8).
template <unsigned Sec>
struct Enc {
    using C = typename SecTraits<Sec>::Cipher;
    using Key = cipher::RoundKeys<C>;
    // Prepared form (fixsliced AES-128 / bitsliced Rijndael-256 round keys on
    // the M4; on hosts it also holds Key): what the streamed BLC caches per tree.
    using PKey = cipher::PreparedKey<C>;
    static constexpr size_t S = Sec / 8;
    static constexpr size_t kMaxBatch = 8;

    // Key schedule from an S-byte key. The MQOM keys are public (tweaked
    // salts), so the faster public schedule is used.
    static void schedule(Key& k, const uint8_t* key) {
        if constexpr (S == C::key_bytes) {
            (void)cipher::key_schedule_public<C>(k, key, S);
        } else {
            uint8_t kk[C::key_bytes] = {0};
            std::memcpy(kk, key, S);
            (void)cipher::key_schedule_public<C>(k, kk, C::key_bytes);
        }
    }
    // For backend b: an external engine (Hardware profile) takes the raw key
    // and runs its own schedule, so only the first round key (the key
    // itself, the words the engine hook reads) is written.
    static void schedule(Key& k, const uint8_t* key, cipher::Backend b) {
        if constexpr (kAes128) {
            if (b == cipher::Backend::external) {
                for (unsigned i = 0; i < 4; ++i)
                    k.w[i] = uint32_t(key[4 * i]) | uint32_t(key[4 * i + 1]) << 8 |
                             uint32_t(key[4 * i + 2]) << 16 | uint32_t(key[4 * i + 3]) << 24;
                return;
            }
        }
        schedule(k, key);
    }
    static void schedule(PKey& pk, const uint8_t* key, cipher::Backend) { schedule(pk, key); }
    // Schedule + prepare (public key, so the expanded temporary is not
    // wiped). Out of line: the expanded key is a temporary of this frame only.
    __attribute__((noinline)) static void schedule(PKey& pk, const uint8_t* key) {
        Key k;
        schedule(k, key);
        cipher::prepare<C>(pk, k);
    }
    // AES-128: prepared keys on the fixsliced pass, expanded keys on the T-table
    // code, both without dispatch or checks.
    static constexpr bool kAes128 = std::is_same_v<C, cipher::Aes128>;
    static bool fixsliced(cipher::Backend b) {
        return kAes128 && cipher::resolve_backend(b) == cipher::Backend::bitsliced;
    }
    // Whether caching PKey beats caching Key with backend b (the prepared
    // passes are the faster ones: the bitsliced backend).
    static bool cache_prepared(cipher::Backend b) {
        if constexpr (cipher::has_prepared_form<C>) return cipher::prepared_is_faster<C>(b, 2);
        return false;
    }
    static void encrypt(const PKey& pk, const uint8_t* in, uint8_t* out, size_t nblocks,
                        cipher::Backend b = cipher::Backend::automatic) {
        if constexpr (kAes128) {
            if (fixsliced(b)) {
                for (; nblocks >= 2; nblocks -= 2, in += 2 * S, out += 2 * S)
                    cipher::encrypt2_fixsliced(pk, in, in + S, out, out + S);
                if (nblocks != 0) cipher::encrypt2_fixsliced(pk, in, in, out, out);
                return;
            }
        }
        encrypt_with(pk, in, out, nblocks, b);
    }
    // Two blocks under one key, each from/to its own address (in0 == in1
    // allowed; out0 == out1 only if in0 == in1).
    static void encrypt2(const PKey& pk, const uint8_t* in0, const uint8_t* in1, uint8_t* out0, uint8_t* out1,
                         cipher::Backend b) {
        if constexpr (kAes128) {
            if (fixsliced(b)) {
                cipher::encrypt2_fixsliced(pk, in0, in1, out0, out1);
                return;
            }
        }
        encrypt_with(pk, in0, out0, 1, b);
        encrypt_with(pk, in1, out1, 1, b);
    }
    static void encrypt2(const Key& k, const uint8_t* in0, const uint8_t* in1, uint8_t* out0, uint8_t* out1,
                         cipher::Backend b) {
        if (in0 + S == in1 && out0 + S == out1) {
            encrypt(k, in0, out0, 2, b);
        } else {
            encrypt(k, in0, out0, 1, b);
            encrypt(k, in1, out1, 1, b);
        }
    }
    // nblocks consecutive S-byte blocks, all under k. in == out allowed.
    // b: cipher backend; anything but a constant-time one only for public data.
    static void encrypt(const Key& k, const uint8_t* in, uint8_t* out, size_t nblocks,
                        cipher::Backend b = cipher::Backend::automatic) {
        if constexpr (kAes128) {
            // Public data (or the Lut profile) on T-tables: straight to the table code.
            if (cipher::resolve_backend(b) == cipher::Backend::table_not_ct) {
                cipher::encrypt_table_not_ct(k, in, out, nblocks);
                return;
            }
            // The engine (Hardware profile): one key load and one call, no dispatch.
            if (b == cipher::Backend::external) {
                (void)cipher::encrypt_external_aes128(k, in, out, nblocks);
                return;
            }
        }
        if constexpr (cipher::has_prepared_form<C>) {
            if (cipher::prepared_is_faster<C>(b, nblocks)) {
                encrypt_prepared(k, in, out, nblocks, b);
                return;
            }
        }
        encrypt_with(k, in, out, nblocks, b);
    }
    // On the bitsliced backend (the M4 default) the round keys are prepared
    // once per call (AES-128 fixsliced, Rijndael-256 bitsliced) and amortised
    // over its blocks. Key itself stays the expanded key: the BLC holds 40 of
    // them on the stack, and the AES-128 prepared form is twice as large.
    // Out of line, so only this path has pk on its stack.
    __attribute__((noinline)) static void encrypt_prepared(const Key& k, const uint8_t* in, uint8_t* out,
                                                           size_t nblocks, cipher::Backend b) {
        cipher::PreparedKey<C> pk;
        cipher::prepare<C>(pk, k);
        encrypt_with(pk, in, out, nblocks, b);
        cipher::wipe<C>(pk);
    }
    template <class K>
    static void encrypt_with(const K& k, const uint8_t* in, uint8_t* out, size_t nblocks, cipher::Backend b) {
        if constexpr (S == C::block_bytes) {
            (void)cipher::encrypt<C>(k, in, out, nblocks, b);
        } else {
            encrypt_padded(k, in, out, nblocks, b);
        }
    }
    // Cat 3: S-byte blocks zero-padded to the cipher's.
    template <class K>
    static void encrypt_padded(const K& k, const uint8_t* in, uint8_t* out, size_t nblocks, cipher::Backend b) {
        {
            uint8_t buf[kMaxBatch * C::block_bytes];
            while (nblocks > 0) {
                const size_t nb = nblocks < kMaxBatch ? nblocks : kMaxBatch;
                std::memset(buf, 0, sizeof(buf));
                for (size_t i = 0; i < nb; ++i) std::memcpy(buf + i * C::block_bytes, in + i * S, S);
                (void)cipher::encrypt<C>(k, buf, buf, nb, b);
                for (size_t i = 0; i < nb; ++i) std::memcpy(out + i * S, buf + i * C::block_bytes, S);
                in += nb * S;
                out += nb * S;
                nblocks -= nb;
            }
        }
    }
    // Block i under *keys[i], nblocks <= 8 (K = Key or PKey).
    template <class K>
    static void encrypt_multi(const K* const* keys, const uint8_t* in, uint8_t* out, size_t nblocks,
                              cipher::Backend b = cipher::Backend::automatic) {
        if constexpr (kAes128 && std::is_same_v<K, Key>) {
            if (cipher::resolve_backend(b) == cipher::Backend::table_not_ct) {
                cipher::encrypt_multi_table_not_ct(keys, in, out, nblocks);
                return;
            }
        }
        if constexpr (S == C::block_bytes) {
            (void)cipher::encrypt_multi<C>(keys, in, out, nblocks, b);
        } else {
            uint8_t buf[kMaxBatch * C::block_bytes] = {0};
            for (size_t i = 0; i < nblocks; ++i) std::memcpy(buf + i * C::block_bytes, in + i * S, S);
            (void)cipher::encrypt_multi<C>(keys, buf, buf, nblocks, b);
            for (size_t i = 0; i < nblocks; ++i) std::memcpy(out + i * S, buf + i * C::block_bytes, S);
        }
    }
    static void wipe(Key& k) { cipher::wipe<C>(k); }
    static void wipe(PKey& k) { cipher::wipe<C>(k); }
};

}  // namespace pqmcu::mqom::detail
