// SPDX-License-Identifier: Apache-2.0 OR MIT
// ExpandEquations, streamed:
//   seed_eq_i = XOF(0x01 || mseed_eq || le16(i))[0..S)
//   stream_i  = PRG(salt = 0, e = 0, seed_eq_i, (n + n(n+1)/2) ext elements)
//   A_i row j (j = 0..n-1) = the next j+1 elements (lower triangle), b_i = the last n.
// EqStream hands out that stream piece by piece (a row of A_i, then b_i), so
// no equation is ever whole in memory: each equation in flight owns a window
// of n ext elements + one PRG block. g equations are streamed in lock-step
// so that each PRG block's key schedule (the key depends on the block index
// only) is shared by all g; g is the profile's choice (RAM vs cycles).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/secure.hpp"
#include "mqom/dims.hpp"
#include "mqom/gf.hpp"
#include "mqom/prims.hpp"
#include "field/word.hpp"
#if defined(PQMCU_MQOM_X86)
#include "mqom/kernels_x86.hpp"
#endif

namespace pqmcu::mqom::detail {

#if defined(PQMCU_MQOM_X86)
// Hosts: up to 64 equations share each PRG block's key schedule (Desktop).
inline constexpr uint32_t kMaxEqGroup = 64;
#else
inline constexpr uint32_t kMaxEqGroup = 8;
#endif
// Equations in lock-step when the caller has RAM to spare for them
// (Work::piop_win: the one-tree signer's dead fold area). blocks() runs
// them kMaxEqGroup at a time (its stack buffer).
inline constexpr uint32_t kMaxEqGroupWide = 64;
static_assert(kMaxEqGroupWide >= kMaxEqGroup && kMaxEqGroupWide <= 255);

// Windows, blocks and offsets fit 16 bits (eq_window_bytes < 64 KB for all sets).
// Bytes of one equation's stream window: its seed (the g seeds come first,
// next to each other, then the g data windows), then
// room for the longest piece (n elements): next() starts from fewer than that
// many unread bytes and adds whole blocks, so n elements + S - 1 bytes at
// most; rounded to 8 so that element arrays stay aligned.
constexpr size_t eq_window_bytes(const Dims& d) {
    return (d.seed() + size_t(d.n) * d.ext_bytes() + d.seed() + 7) / 8 * 8;
}

#if defined(PQMCU_MQOM_X86)
// Hosts: the equation PRG's AES-128 round keys depend on the block index
// only (zero salt, e = 0), so the first kEqKeyCache of them are expanded
// once per process (public constants, 143.6 KB of static data, no heap)
// instead of once per block and group of equations at every call. 816
// blocks: all of cat1 gf2 fast's (n = 160: 13,040 bytes, 815 blocks; the
// gf16 / gf256 fast sets need <= 105; the short sets' GF(2^16) streams
// run past it on AES-NI schedules). With 528, the schedules of the last
// 287 blocks were 7.5 % of a cat1-gf2-fast signature.
inline constexpr uint32_t kEqKeyCache = 816;
template <unsigned Sec>
inline const typename Prims<Sec>::C::Key* eq_key_cache() {
    using P = Prims<Sec>;
    struct Table {
        typename P::C::Key k[kEqKeyCache];
    };
    static const Table t = [] {
        Table r;
        const uint8_t zero_salt[P::S] = {0};
        for (uint32_t b = 0; b < kEqKeyCache; ++b) P::tweak_key(r.k[b], zero_salt, 3, 0, b);
        return r;
    }();
    return t.k;
}
#endif

template <unsigned Sec, class E>
class EqStream {
public:
    using Elt = typename E::Elt;
    static constexpr size_t S = Sec / 8;
    static_assert(S % 8 == 0, "LinOrtho runs on 32-bit words");

    // Equations i0 .. i0+g-1 (g <= kMaxEqGroupWide); buf: g windows of eq_window_bytes(d) bytes (Elt-aligned).
    EqStream(const Dims& d, const uint8_t* mseed_eq, uint32_t i0, uint32_t g, Elt* buf, cipher::Backend be)
        : buf_(reinterpret_cast<uint8_t*>(buf)), win_(uint16_t(eq_window_bytes(d))), g_(uint8_t(g)),
          be_(cipher::resolve_backend(be)) {
        uint32_t q0 = 0;
#if defined(PQMCU_MQOM_X86)
        // Hosts: four seeds per 4-way XOF (AVX2 / AVX-512 Keccak x4); the
        // M4 keeps one XOF per seed (its x4 Keccak is no faster).
        for (; q0 + 4 <= g; q0 += 4) {
            uint8_t i16[4][2];
            const uint8_t* in[4];
            uint8_t* out[4];
            for (uint32_t t = 0; t < 4; ++t) {
                const uint32_t i = i0 + q0 + t;
                i16[t][0] = uint8_t(i);
                i16[t][1] = uint8_t(i >> 8);
                in[t] = mseed_eq;
                out[t] = buf_ + (q0 + t) * S;
            }
            XofCtx4<Sec> xof;
            xof.init();
            xof.absorb_byte(0x01);
            xof.absorb(in, 2 * S);
            for (uint32_t t = 0; t < 4; ++t) in[t] = i16[t];
            xof.absorb(in, 2);
            xof.squeeze(out, S);
        }
#endif
        for (uint32_t q = q0; q < g; ++q) {
            uint8_t* seed = buf_ + q * S;
            const uint32_t i = i0 + q;
            XofCtx<Sec> xof;
            xof.init();
            xof.absorb_byte(0x01);
            xof.absorb(mseed_eq, 2 * S);
            const uint8_t i16[2] = {uint8_t(i), uint8_t(i >> 8)};
            xof.absorb(i16, 2);
            xof.squeeze(seed, S);
        }
    }

    // Makes the next cnt (<= n) elements of every equation available at at(q);
    // the previous piece is consumed.
    void next(size_t cnt) {
        using P = Prims<Sec>;
        const size_t need = cnt * E::bytes;
        pos_ = uint16_t(pos_ + cur_);
        size_t left = size_t(have_) - pos_;
        if (left != 0 && pos_ != 0) {
            // left < S (blocks are added only while short of a piece) and
            // pos_ <= n elements, so S bytes from pos_ stay in the window:
            // move a fixed S bytes through registers (inline word moves,
            // overlap-safe) instead of a memmove call per equation and row.
            for (uint32_t q = 0; q < g_; ++q) {
                uint32_t tmp[S / 4];
                std::memcpy(tmp, data(q) + pos_, S);
                std::memcpy(data(q), tmp, S);
            }
        }
        pos_ = 0;
        while (left < need) {
#if defined(PQMCU_MQOM_X86)
            if (const size_t nb = vaes_blocks(left, need)) {
                blk_ = uint16_t(blk_ + nb);
                left += nb * S;
                continue;
            }
            if (cached_block(left)) {
                ++blk_;
                left += S;
                continue;
            }
#endif
            typename P::C::Key k;
            const uint8_t zero_salt[S] = {0};
            P::tweak_key(k, zero_salt, 3, 0, uint32_t(blk_), be_);
            // All g seeds (next to each other) in one encrypt call, each
            // output block with LinOrtho(seed) to its window. Public data:
            // any backend, no wipe.
            if constexpr (P::C::kAes128) {
                if (be_ == cipher::Backend::table_not_ct) {
                    // LinOrtho in the M4 assembly's stores, strided outputs: no copies.
                    cipher::encrypt_lin_ortho_table_not_ct(k, buf_, data(0) + left, g_, size_t(win_ - S));
                    ++blk_;
                    left += S;
                    continue;
                }
            }
            blocks(k, left);
            ++blk_;
            left += S;
        }
        have_ = uint16_t(left);
        cur_ = uint16_t(need);
    }
    // Elements of the current piece of equation q (the window holds Elt
    // objects whose bytes the PRG wrote: little-endian = MQOM's encoding).
    const Elt* at(uint32_t q) const { return reinterpret_cast<const Elt*>(buf_ + g_ * S + q * (win_ - S)); }
    uint32_t group() const { return g_; }

private:
    static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "stream bytes are read as little-endian elements");
    // Small on purpose: it lives on the stack of the low-RAM keygen.
    uint8_t* buf_;
    uint16_t win_;
    uint8_t g_;
    cipher::Backend be_;
    uint16_t blk_ = 0, have_ = 0, pos_ = 0, cur_ = 0;
    // Data of equation q: after the g seeds, windows of win_ - S bytes.
    uint8_t* data(uint32_t q) { return buf_ + g_ * S + q * (win_ - S); }
#if defined(PQMCU_MQOM_X86)
    // The blocks up to need on VAES (AES-NI backends): each call runs all g
    // seeds through several blocks (no per-block call, copy or LinOrtho
    // loop), AES-128 with eq_key_cache's keys as far as it reaches, else
    // up to kKeys freshly scheduled keys. Returns the count (0: not taken).
    size_t vaes_blocks(size_t left, size_t need) {
        using P = Prims<Sec>;
        using Key = typename P::C::Key;
        if (be_ != cipher::Backend::aesni && be_ != cipher::Backend::vaes) return 0;
        const x86::EqBlocksFn fn = x86::eq_blocks(S);
        if (fn == nullptr) return 0;
        constexpr size_t kw = sizeof(Key) / 4;
        uint8_t* out = data(0) + left;
        size_t nb = (need - left + S - 1) / S;
        if constexpr (P::C::kAes128) {
            if (blk_ < kEqKeyCache) {
                if (nb > kEqKeyCache - blk_) nb = kEqKeyCache - blk_;
                run(fn, eq_key_cache<Sec>()[blk_].w, kw, nb, out);
                return nb;
            }
        }
        constexpr size_t kKeys = 4;
        if (nb > kKeys) nb = kKeys;
        Key k[kKeys];
        const uint8_t zero_salt[S] = {0};
        for (size_t b = 0; b < nb; ++b) P::tweak_key(k[b], zero_salt, 3, 0, uint32_t(blk_ + b));
        run(fn, k[0].w, kw, nb, out);
        return nb;
    }
    // The kernel takes at most 16 seeds a call.
    void run(x86::EqBlocksFn fn, const uint32_t* rk, size_t kw, size_t nb, uint8_t* out) {
        const size_t stride = size_t(win_ - S);
        for (uint32_t q0 = 0; q0 < g_; q0 += 16)
            fn(rk, kw, nb, buf_ + q0 * S, g_ - q0 < 16 ? g_ - q0 : 16, out + q0 * stride, stride);
    }
    // The next block from eq_key_cache's keys (AES-128, software backends,
    // blocks below kEqKeyCache); false: the caller schedules the key.
    bool cached_block(size_t left) {
        using P = Prims<Sec>;
        if constexpr (P::C::kAes128) {
            if (blk_ >= kEqKeyCache || be_ == cipher::Backend::external) return false;
            const typename P::C::Key& k = eq_key_cache<Sec>()[blk_];
            if (be_ == cipher::Backend::table_not_ct) {
                cipher::encrypt_lin_ortho_table_not_ct(k, buf_, data(0) + left, g_, size_t(win_ - S));
            } else {
                blocks(k, left);
            }
            return true;
        }
        (void)left;
        return false;
    }
#endif
    // One PRG block of every equation at offset left of its window (other
    // backends). Out of line: its block buffer stays off the T-table path's stack.
    template <class K>
    __attribute__((noinline)) void blocks(const K& k, size_t left) {
        using P = Prims<Sec>;
        alignas(8) uint8_t blk[kMaxEqGroup * S];
        for (uint32_t q = 0; q < g_; ++q) {
            if (q % kMaxEqGroup == 0)
                P::C::encrypt(k, buf_ + q * S, blk, g_ - q < kMaxEqGroup ? g_ - q : kMaxEqGroup, be_);
            const uint8_t* seed = buf_ + q * S;
            const uint8_t* enc = blk + (q % kMaxEqGroup) * S;
            uint8_t* out = data(q) + left;
            for (size_t t = 0; t < S / 2; t += 4) {  // = enc ^ LinOrtho(seed), a word at a time (S/2 = 8, 12, 16)
                const uint32_t a = field::load_w<uint32_t>(seed + t), b = field::load_w<uint32_t>(seed + S / 2 + t);
                field::store_w<uint32_t>(out + t, field::load_w<uint32_t>(enc + t) ^ a ^ b);
                field::store_w<uint32_t>(out + S / 2 + t, field::load_w<uint32_t>(enc + S / 2 + t) ^ a);
            }
        }
    }
};

}  // namespace pqmcu::mqom::detail
