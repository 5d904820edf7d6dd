// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM's small symmetric building blocks over the seed cipher:
//   TweakSalt(salt, sel, e, j): salt with byte0 ^= sel + 4e, bytes1-2 ^= j (LE)
//     sel 0: seed commitments, 2: GGM tree levels, 3: PRG blocks.
//   LinOrtho(s) = (s_lo ^ s_hi) || s_lo   (s_lo/s_hi = halves of s)
//   SeedDerive_K(s) = Enc_K(s) ^ LinOrtho(s)  (the "Davies-Meyer-like" step)
//   PRG(salt, e, seed, n): block i = SeedDerive_{TweakSalt(salt,3,e,i)}(seed)
//   SeedCommit(salt, e, s) = SeedDerive_{K0}(s) || SeedDerive_{K0 ^ 1}(s),
//     K0 = TweakSalt(salt, 0, e, 0), "^ 1" on byte 0.
#pragma once
#include "core/inline.hpp"
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "mqom/sym.hpp"

namespace pqmcu::mqom::detail {

template <unsigned Sec>
struct Prims {
    using C = Enc<Sec>;
    using Key = typename C::Key;
    static constexpr size_t S = Sec / 8;

    PQMCU_SIZE_INLINE static void tweak_salt(const uint8_t* salt, uint8_t* out, uint32_t sel, uint32_t e, uint32_t j) {
        std::memcpy(out, salt, S);
        out[0] ^= uint8_t(sel + 4 * e);
        out[1] ^= uint8_t(j);
        out[2] ^= uint8_t(j >> 8);
    }
    // Always inlined: one schedule per GGM node, ~9,000 calls a one-tree
    // signature (the call frames cost ~25 cycles each).
    template <class K>
    __attribute__((always_inline)) static void tweak_key(K& k, const uint8_t* salt, uint32_t sel, uint32_t e,
                                                         uint32_t j) {
        if constexpr (C::kAes128 && std::is_same_v<K, Key>) {
            // The tweak is the key's first little-endian word XOR this: no
            // copy of the salt (one schedule per GGM node; M4: assembly).
            cipher::key_schedule_public_aes128_xor(k, salt, tweak_word(sel, e, j));
        } else {
            uint8_t t[S];
            tweak_salt(salt, t, sel, e, j);
            C::schedule(k, t);
        }
    }
    // TweakSalt's change as a little-endian word: byte 0 ^= sel + 4e, bytes 1-2 ^= j.
    static constexpr uint32_t tweak_word(uint32_t sel, uint32_t e, uint32_t j) {
        return uint32_t(uint8_t(sel + 4 * e)) | (j & 0xffu) << 8 | ((j >> 8) & 0xffu) << 16;
    }
    // The same for backend be (an external engine needs no software schedule).
    template <class K>
    __attribute__((always_inline)) static void tweak_key(K& k, const uint8_t* salt, uint32_t sel, uint32_t e,
                                                         uint32_t j, cipher::Backend be) {
        if constexpr (C::kAes128 && std::is_same_v<K, Key>) {
            if (be == cipher::Backend::external) return engine_key(k, salt, sel, e, j);
        }
        tweak_key(k, salt, sel, e, j);
    }
    // The engine's raw key = the tweaked salt as little-endian words (what
    // Enc::schedule writes for it), built in registers. Out of line: the
    // software-schedule callers keep their frames.
    __attribute__((noinline)) static void engine_key(Key& k, const uint8_t* salt, uint32_t sel, uint32_t e,
                                                     uint32_t j) {
        for (unsigned i = 0; i < 4; ++i) k.w[i] = ld32le(salt + 4 * i);
        k.w[0] ^= uint32_t(uint8_t(sel + 4 * e)) | uint32_t(uint8_t(j)) << 8 | uint32_t(uint8_t(j >> 8)) << 16;
    }
    static uint32_t ld32le(const uint8_t* p) {
        return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
    }
    // 32-bit little-endian word access at any alignment (one LDR/STR on the M4).
    static uint32_t ld32(const uint8_t* p) {
        uint32_t v;
        std::memcpy(&v, p, 4);
        return v;
    }
    static void st32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }
    static_assert(S % 8 == 0, "LinOrtho halves are whole words");

    // dst ^= src on one seed (S bytes), a word at a time.
    __attribute__((always_inline)) static void xor_seed(uint8_t* dst, const uint8_t* src) {
        for (size_t i = 0; i < S; i += 4) st32(dst + i, ld32(dst + i) ^ ld32(src + i));
    }
    static void lin_ortho(const uint8_t* s, uint8_t* out) {
        constexpr size_t h = S / 2;
        for (size_t i = 0; i < h; i += 4) {
            const uint32_t lo = ld32(s + i), hi = ld32(s + h + i);
            st32(out + i, lo ^ hi);
            st32(out + h + i, lo);
        }
    }
    // out ^= LinOrtho(in), a word at a time: what turns a cipher output into
    // SeedDerive (no LinOrtho buffer, no byte loop).
    __attribute__((always_inline)) static void xor_lin_ortho(const uint8_t* in, uint8_t* out) {
        constexpr size_t h = S / 2;
        for (size_t i = 0; i < h; i += 4) {
            const uint32_t lo = ld32(in + i), hi = ld32(in + h + i);
            st32(out + i, ld32(out + i) ^ lo ^ hi);
            st32(out + h + i, ld32(out + h + i) ^ lo);
        }
    }
    // out = ct ^ LinOrtho(in): a cipher output moved to its place and made a
    // SeedDerive in one pass (no memcpy then xor_lin_ortho).
    __attribute__((always_inline)) static void put_lin_ortho(const uint8_t* ct, const uint8_t* in, uint8_t* out) {
        constexpr size_t h = S / 2;
        for (size_t i = 0; i < h; i += 4) {
            const uint32_t lo = ld32(in + i), hi = ld32(in + h + i);
            st32(out + i, ld32(ct + i) ^ lo ^ hi);
            st32(out + h + i, ld32(ct + h + i) ^ lo);
        }
    }
    // GGM children of one parent: out = left || left ^ parent (out overlaps neither).
    __attribute__((always_inline)) static void put_children(const uint8_t* left, const uint8_t* parent,
                                                            uint8_t* out) {
        for (size_t i = 0; i < S; i += 4) {
            const uint32_t l = ld32(left + i);
            st32(out + i, l);
            st32(out + S + i, l ^ ld32(parent + i));
        }
    }
    // out[i] = Enc_k(in[i]) ^ LinOrtho(in[i]) for nb consecutive seeds. in != out.
    template <class K>
    static void derive(const K& k, const uint8_t* in, uint8_t* out, size_t nb,
                       cipher::Backend be = cipher::Backend::automatic) {
        derive_inline(k, in, out, nb, be);
    }
    // SeedDerive of two seeds under k into two distinct outputs anywhere
    // (one cipher pass on the fixsliced code). Outputs must not overlap the inputs.
    template <class K>
    static void derive2(const K& k, const uint8_t* in0, const uint8_t* in1, uint8_t* out0, uint8_t* out1,
                        cipher::Backend be) {
        derive2_inline(k, in0, in1, out0, out1, be);
    }
    // The same, inlined: for the streamed tree's per-batch calls (~100
    // cycles a call less; elsewhere the out-of-line copies keep flash small).
    template <class K>
    __attribute__((always_inline)) static void derive_inline(const K& k, const uint8_t* in, uint8_t* out, size_t nb,
                                                             cipher::Backend be) {
        if constexpr (C::kAes128 && std::is_same_v<K, Key>) {
            // T-tables (public data, or the Lut profile): LinOrtho in the cipher's stores.
            if (cipher::resolve_backend(be) == cipher::Backend::table_not_ct) {
                cipher::encrypt_lin_ortho_table_not_ct(k, in, out, nb);
                return;
            }
        }
        if constexpr (C::kAes128 && std::is_same_v<K, typename C::PKey>) {
            if (C::fixsliced(be)) {  // LinOrtho in the pass's output stores
                for (; nb >= 2; nb -= 2, in += 2 * S, out += 2 * S)
                    cipher::encrypt2_lin_ortho_fixsliced(k, in, in + S, out, out + S);
                if (nb != 0) cipher::encrypt2_lin_ortho_fixsliced(k, in, in, out, out);
                return;
            }
        }
        C::encrypt(k, in, out, nb, be);
        // By pointer: with an index GCC 12 warns (-Wstringop-overflow) past the
        // stream's small buffers on paths that cannot run.
        for (const uint8_t* end = in + nb * S; in != end; in += S, out += S) xor_lin_ortho(in, out);
    }
    template <class K>
    __attribute__((always_inline)) static void derive2_inline(const K& k, const uint8_t* in0, const uint8_t* in1,
                                                              uint8_t* out0, uint8_t* out1, cipher::Backend be) {
        if constexpr (C::kAes128 && std::is_same_v<K, Key>) {
            if (cipher::resolve_backend(be) == cipher::Backend::table_not_ct) {
                if (in0 + S == in1 && out0 + S == out1) {
                    cipher::encrypt_lin_ortho_table_not_ct(k, in0, out0, 2);
                } else {
                    cipher::encrypt_lin_ortho_table_not_ct(k, in0, out0, 1);
                    cipher::encrypt_lin_ortho_table_not_ct(k, in1, out1, 1);
                }
                return;
            }
        }
        if constexpr (C::kAes128 && std::is_same_v<K, typename C::PKey>) {
            if (C::fixsliced(be)) {
                cipher::encrypt2_lin_ortho_fixsliced(k, in0, in1, out0, out1);
                return;
            }
        }
        C::encrypt2(k, in0, in1, out0, out1, be);
        xor_lin_ortho(in0, out0);
        xor_lin_ortho(in1, out1);
    }
    // PRG with keys made on the fly (nbytes may be any length).
    static void prg(const uint8_t* salt, uint32_t e, const uint8_t* seed, size_t nbytes, uint8_t* out,
                    cipher::Backend be = cipher::Backend::automatic) {
        uint8_t lo[S];
        lin_ortho(seed, lo);
        Key keys[C::kMaxBatch];
        const Key* kp[C::kMaxBatch];
        uint8_t in[C::kMaxBatch * S], ct[C::kMaxBatch * S];
        for (size_t b = 0; b < C::kMaxBatch; ++b) {
            std::memcpy(in + b * S, seed, S);
            kp[b] = &keys[b];
        }
        const size_t nblocks = (nbytes + S - 1) / S;
        for (size_t b0 = 0; b0 < nblocks; b0 += C::kMaxBatch) {
            const size_t nb = (nblocks - b0) < C::kMaxBatch ? (nblocks - b0) : C::kMaxBatch;
            for (size_t b = 0; b < nb; ++b) tweak_key(keys[b], salt, 3, e, uint32_t(b0 + b), be);
            C::encrypt_multi(kp, in, ct, nb, be);
            for (size_t b = 0; b < nb; ++b) {
                const size_t off = (b0 + b) * S;
                const size_t len = (nbytes - off) < S ? (nbytes - off) : S;
                for (size_t i = 0; i < len; ++i) out[off + i] = uint8_t(ct[b * S + i] ^ lo[i]);
            }
        }
        for (size_t b = 0; b < C::kMaxBatch; ++b) C::wipe(keys[b]);
    }
};

}  // namespace pqmcu::mqom::detail
