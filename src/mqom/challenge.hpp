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
#include "mqom/sym.hpp"

namespace pqmcu::mqom::detail {

inline constexpr uint32_t kMaxTau = kMaxTauAll;  // 50 (cat5 faster)

template <unsigned Sec>
inline void hash_message(const uint8_t* msg, size_t mlen, uint8_t* out) {
    XofCtx<Sec> xof;
    xof.init();
    xof.absorb_byte(0x02);
    xof.absorb(msg, mlen);
    xof.squeeze(out, 2 * (Sec / 8));
}

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

// Grinding: the smallest nonce whose challenge passes, four candidates per
// 4-way Keccak call (same result as trying 0, 1, 2, ... one by one).
template <unsigned Sec>
inline void grind(const Dims& d, const uint8_t* h, uint8_t nonce[4], uint16_t* i_star) {
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

}  // namespace pqmcu::mqom::detail
