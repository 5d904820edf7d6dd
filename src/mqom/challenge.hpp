// SPDX-License-Identifier: Apache-2.0 OR MIT
// Hashing, Fiat-Shamir challenge and grinding of MQOM v2.1:
//   msg_hash = XOF(0x02 || msg)                                   (2 lambda/8 bytes)
//   h        = XOF(0x04 || pk || com1 || com2 || msg_hash)
//   challenge(nonce) = XOF(0x05 || h || le32(nonce)) -> 2 tau + 2 bytes:
//     i*[e] = le16(bytes 2e, 2e+1) mod N, and the nonce is valid iff the w low
//     bits of le16(bytes 2 tau, 2 tau + 1) are zero.
//   The signer publishes the smallest valid nonce (grind).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "mqom/dims.hpp"
#include "mqom/params.hpp"
#include "hash/keccak.hpp"
#include "hash/message_digest.hpp"
#include "hash/shake.hpp"
#include "mqom/sym.hpp"
#if defined(PQMCU_MQOM_X86)
#include "mqom/kernels_x86.hpp"
#endif

namespace pqmcu::mqom::detail {

inline constexpr uint32_t kMaxTau = kMaxTauAll;  // 50 (cat5 faster)

// msg_hash = XOF(0x02 || msg): the only place the message enters (Scheme::
// MessageDigest; the engine takes the digest).
template <unsigned Sec>
using MessageDigest = hash::MessageDigest<typename SecTraits<Sec>::Shake, 2 * (Sec / 8), 0x02>;

template <unsigned Sec>
inline void fs_hash(const Dims& d, const uint8_t* pk, const uint8_t* com1, const uint8_t* com2,
                    const uint8_t* msg_hash, uint8_t* h) {
    XofCtx<Sec> xof;
    xof.init();
    xof.absorb_byte(0x04);
    xof.absorb(pk, d.pk_bytes());
    xof.absorb(com1, d.digest());
    xof.absorb(com2, d.digest());
    xof.absorb(msg_hash, d.digest());
    xof.squeeze(h, d.digest());
}

// Returns true when the nonce passes the grinding condition; fills i_star.
template <unsigned Sec>
inline bool challenge(const Dims& d, const uint8_t* h, const uint8_t nonce[4], uint16_t* i_star) {
    uint8_t buf[2 * kMaxTau + 2];
    XofCtx<Sec> xof;
    xof.init();
    xof.absorb_byte(0x05);
    xof.absorb(h, d.digest());
    xof.absorb(nonce, 4);
    xof.squeeze(buf, 2 * size_t(d.tau) + 2);
    const uint32_t nmask = d.n_evals() - 1u;
    for (uint32_t e = 0; e < d.tau; ++e) i_star[e] = uint16_t((buf[2 * e] | (uint32_t(buf[2 * e + 1]) << 8)) & nmask);
    const uint32_t v = (buf[2 * d.tau] | (uint32_t(buf[2 * d.tau + 1]) << 8)) & ((1u << d.w) - 1u);
    return v == 0;
}

// Grinding, one candidate per permutation: 0x05 || h and the padding are
// absorbed once into a prefix state, so each try is a state copy, the four
// nonce bytes, one Keccak-f and two output bytes (i* only for candidates
// passing the w bits). The smallest nonce that passes and whose i* the
// variant's rule accepts (accept(i_star): every i* for MQOM, at most T_open
// path seeds for the one-tree variant). Everything here is public: no
// wipes. Same result as grind_x4 with the default rule.
#if defined(PQMCU_KECCAK_BI32)
// Even bits of v into e, odd bits into o (the M4's Keccak lane layout).
inline uint32_t unzip32(uint32_t x) {  // even bits to the low half, odd bits to the high half
    uint32_t t;
    t = (x ^ (x >> 1)) & 0x22222222u, x ^= t ^ (t << 1);
    t = (x ^ (x >> 2)) & 0x0C0C0C0Cu, x ^= t ^ (t << 2);
    t = (x ^ (x >> 4)) & 0x00F000F0u, x ^= t ^ (t << 4);
    t = (x ^ (x >> 8)) & 0x0000FF00u, x ^= t ^ (t << 8);
    return x;
}
inline void interleave64(uint64_t v, uint32_t& e, uint32_t& o) {
    const uint32_t lo = unzip32(uint32_t(v)), hi = unzip32(uint32_t(v >> 32));
    e = (lo & 0xFFFFu) | (hi << 16);
    o = (lo >> 16) | (hi & 0xFFFF0000u);
}
#endif
struct AcceptAnyChallenge {
    constexpr bool operator()(const uint16_t*) const { return true; }
};
template <unsigned Sec, class Accept = AcceptAnyChallenge>
inline void grind_scalar(const Dims& d, const uint8_t* h, uint8_t nonce[4], uint16_t* i_star,
                         const Accept& accept = {}) {
    constexpr size_t rate = SecTraits<Sec>::Shake::rate;
    const size_t dg = d.digest(), at = 1 + dg, len = 2 * size_t(d.tau) + 2;
    const uint32_t nmask = d.n_evals() - 1u, wmask = (1u << d.w) - 1u;
    hash::KeccakState pre, st;
    hash::keccak_init(pre);
    hash::keccak_xor_byte(pre, 0, 0x05);
    hash::keccak_xor_bytes(pre, 1, h, dg);
    hash::keccak_xor_byte(pre, at + 4, hash::detail::kShakeDomain);  // one block in, one block out (checked below)
    hash::keccak_xor_byte(pre, rate - 1, 0x80);
#if defined(PQMCU_KECCAK_BI32) && !defined(PQMCU_OPTIMIZE_FOR_SIZE)
    // Bit-interleaved state (the M4; size builds keep the plain loop below,
    // ~170 B less flash): each try patches the two words of the
    // nonce's lane in the prefix state, which the permutation reads without
    // changing it (no state copy, no wipe: public data), and tests the w
    // condition bits on the two words of their lane before any bytes are
    // extracted.
    {
        // at = 1 + 2 Sec / 8: the nonce is bytes 1..4 of one lane (nl).
        constexpr size_t kAt = 1 + 2 * (Sec / 8), nl = kAt / 8;
        constexpr unsigned ns = 8 * unsigned(kAt % 8);
        static_assert(kAt % 8 + 4 <= 8);
        const size_t ol = 2 * size_t(d.tau) / 8;
        const unsigned os = 8 * unsigned((2 * d.tau) % 8);
        uint32_t me, mo;
        interleave64(uint64_t(wmask) << os, me, mo);
        const uint32_t pe = pre.w[nl], po = pre.w[25 + nl];
        // Whole challenge in the first 40 output bytes (category 1): the
        // permutation's last round computes only them (plane 0; that
        // entry's own last two rounds are 1.6 KB of flash).
        const bool plane0 = len <= 40;
        if constexpr (nl == 4 && ns % 2 == 0) {
            // Category 1 (the nonce in lane 4): theta of the prefix state
            // once, then a try starts from it (keccak_f1600_public_plane0_lane4).
            // The interleaved counter moves on by XORing in ctr ^ (ctr + 1)
            // = 2^m - 1 interleaved: the low ceil(m / 2) / floor(m / 2) bits
            // of each half, from bit ns / 2 (no interleave64 per try).
            if (plane0) {
                hash::KeccakState tpre;
                hash::keccak_theta_bi32(pre, tpre);
                // (the tries up to the next w-bit candidate run inside keccak_f1600_grind_lane4)
                hash::GrindLane4 g{0, 0, 0, me, mo, uint32_t(4 * ol), ns / 2};
                for (;; hash::grind_next(g)) {
                    const uint32_t* p = hash::keccak_f1600_grind_lane4(tpre, pre, g, st);
                    uint8_t buf[40];
                    for (unsigned x = 0; x < 5; ++x) {
                        const uint64_t v = hash::keccak_deinterleave(p[x], p[5 + x]);
                        for (unsigned b = 0; b < 8; ++b) buf[8 * x + b] = uint8_t(v >> (8 * b));
                    }
                    for (uint32_t e = 0; e < d.tau; ++e)
                        i_star[e] = uint16_t((buf[2 * e] | (uint32_t(buf[2 * e + 1]) << 8)) & nmask);
                    if (!accept(static_cast<const uint16_t*>(i_star))) continue;
                    for (unsigned t = 0; t < 4; ++t) nonce[t] = uint8_t(g.ctr >> (8 * t));
                    return;
                }
            }
        }
        for (uint32_t ctr = 0;; ++ctr) {
            uint32_t ie, io;
            interleave64(uint64_t(ctr) << ns, ie, io);
            pre.w[nl] = pe ^ ie;
            pre.w[25 + nl] = po ^ io;
            uint8_t buf[2 * kMaxTau + 2];
            if (plane0) {
                uint32_t p[10];
                hash::keccak_f1600_public_plane0(pre, st, p);
                if (((p[ol] & me) | (p[5 + ol] & mo)) != 0) continue;
                for (unsigned x = 0; x < 5; ++x) {
                    const uint64_t v = hash::keccak_deinterleave(p[x], p[5 + x]);
                    for (unsigned b = 0; b < 8; ++b) buf[8 * x + b] = uint8_t(v >> (8 * b));
                }
            } else {
                hash::keccak_f1600_public(pre, st);
                if (((st.w[ol] & me) | (st.w[25 + ol] & mo)) != 0) continue;
                hash::keccak_extract_bytes(st, 0, buf, len - 2);
            }
            for (uint32_t e = 0; e < d.tau; ++e)
                i_star[e] = uint16_t((buf[2 * e] | (uint32_t(buf[2 * e + 1]) << 8)) & nmask);
            if (!accept(static_cast<const uint16_t*>(i_star))) continue;
            for (unsigned t = 0; t < 4; ++t) nonce[t] = uint8_t(ctr >> (8 * t));
            return;
        }
    }
#else
    for (uint32_t ctr = 0;; ++ctr) {
        st = pre;
        const uint8_t nb[4] = {uint8_t(ctr), uint8_t(ctr >> 8), uint8_t(ctr >> 16), uint8_t(ctr >> 24)};
        hash::keccak_xor_bytes(st, at, nb, 4);
        hash::keccak_f1600(st);
        uint8_t v[2];
        hash::keccak_extract_bytes(st, 2 * size_t(d.tau), v, 2);
        if (((v[0] | (uint32_t(v[1]) << 8)) & wmask) != 0) continue;
        uint8_t buf[2 * kMaxTau];
        hash::keccak_extract_bytes(st, 0, buf, len - 2);
        for (uint32_t e = 0; e < d.tau; ++e)
            i_star[e] = uint16_t((buf[2 * e] | (uint32_t(buf[2 * e + 1]) << 8)) & nmask);
        if (!accept(static_cast<const uint16_t*>(i_star))) continue;
        std::memcpy(nonce, nb, 4);
        return;
    }
#endif
}
static_assert(1 + 64 + 4 + 1 < 136 && 2 * kMaxTau + 2 <= 136, "grind_scalar: one block in, one out");

// Grinding: the smallest nonce whose challenge passes, four candidates per
// 4-way Keccak call (same result as trying 0, 1, 2, ... one by one).
template <unsigned Sec>
inline void grind_x4(const Dims& d, const uint8_t* h, uint8_t nonce[4], uint16_t* i_star) {
    const size_t len = 2 * size_t(d.tau) + 2;
    const uint32_t nmask = d.n_evals() - 1u, wmask = (1u << d.w) - 1u;
    uint8_t buf[4][2 * kMaxTau + 2], nb[4][4];
    for (uint32_t base = 0;; base += 4) {
        for (unsigned r = 0; r < 4; ++r)
            for (unsigned t = 0; t < 4; ++t) nb[r][t] = uint8_t((base + r) >> (8 * t));
        XofCtx4<Sec> xof;
        xof.init();
        xof.absorb_byte(0x05);
        const uint8_t* const hs[4] = {h, h, h, h};
        xof.absorb(hs, d.digest());
        const uint8_t* const ns[4] = {nb[0], nb[1], nb[2], nb[3]};
        xof.absorb(ns, 4);
        uint8_t* const outs[4] = {buf[0], buf[1], buf[2], buf[3]};
        xof.squeeze(outs, len);
        for (unsigned r = 0; r < 4; ++r) {
            const uint8_t* b = buf[r];
            const uint32_t v = (b[2 * d.tau] | (uint32_t(b[2 * d.tau + 1]) << 8)) & wmask;
            if (v != 0) continue;
            for (uint32_t e = 0; e < d.tau; ++e) i_star[e] = uint16_t((b[2 * e] | (uint32_t(b[2 * e + 1]) << 8)) & nmask);
            std::memcpy(nonce, nb[r], 4);
            return;
        }
    }
}

#if defined(PQMCU_MQOM_X86) && !defined(PQMCU_KECCAK_BI32)
// x86 with AVX-512F: eight tries per zmm Keccak-f from the prefix state
// (0x05 || h and the padding absorbed once; no sponge, no wipes: public
// data). Same result as grind_x4. False: no such CPU.
template <unsigned Sec>
inline bool grind_x8(const Dims& d, const uint8_t* h, uint8_t nonce[4], uint16_t* i_star) {
    const x86::Grind8Fn fn = x86::keccak_grind8();
    if (fn == nullptr) return false;
    constexpr size_t rate = SecTraits<Sec>::Shake::rate;
    constexpr size_t kAt = 1 + 2 * (Sec / 8);  // the nonce: bytes 1..4 of lane kAt / 8
    static_assert(kAt % 8 + 4 <= 8 && kAt + 5 <= rate);
    const size_t len = 2 * size_t(d.tau) + 2;  // <= rate: one block out
    const uint32_t nmask = d.n_evals() - 1u, wmask = (1u << d.w) - 1u;
    hash::KeccakState pre;
    hash::keccak_init(pre);
    hash::keccak_xor_byte(pre, 0, 0x05);
    hash::keccak_xor_bytes(pre, 1, h, d.digest());
    hash::keccak_xor_byte(pre, kAt + 4, hash::detail::kShakeDomain);
    hash::keccak_xor_byte(pre, rate - 1, 0x80);
    const unsigned nout = unsigned((len + 7) / 8);
    alignas(64) uint64_t out[8][16];
    for (uint32_t base = 0;; base += 8) {
        fn(pre.lane, unsigned(kAt / 8), unsigned(8 * (kAt % 8)), base, nout, out);
        for (unsigned j = 0; j < 8; ++j) {
            uint8_t b[128];
            std::memcpy(b, out[j], 8 * nout);  // lanes are little-endian bytes
            const uint32_t v = (b[2 * d.tau] | (uint32_t(b[2 * d.tau + 1]) << 8)) & wmask;
            if (v != 0) continue;
            for (uint32_t e = 0; e < d.tau; ++e)
                i_star[e] = uint16_t((b[2 * e] | (uint32_t(b[2 * e + 1]) << 8)) & nmask);
            const uint32_t nc = base + j;
            for (unsigned t = 0; t < 4; ++t) nonce[t] = uint8_t(nc >> (8 * t));
            return true;
        }
    }
}
#endif

// The M4's x4 Keccak runs its lanes one after the other: there the scalar
// form (no x4 state to reset and wipe per 4 tries) is the faster one.
template <unsigned Sec>
inline void grind(const Dims& d, const uint8_t* h, uint8_t nonce[4], uint16_t* i_star) {
#if defined(PQMCU_KECCAK_BI32)
    grind_scalar<Sec>(d, h, nonce, i_star);
#else
#if defined(PQMCU_MQOM_X86)
    if (grind_x8<Sec>(d, h, nonce, i_star)) return;
#endif
    grind_x4<Sec>(d, h, nonce, i_star);
#endif
}

}  // namespace pqmcu::mqom::detail
