// ExpandEquations, a few equations at a time:
//   seed_eq_i = XOF(0x01 || mseed_eq || le16(i))[0..S)
//   stream_i  = PRG(salt = 0, e = 0, seed_eq_i, (n + n(n+1)/2) ext elements)
//   A_i row j (j = 0..n-1) = the next j+1 elements (lower triangle), b_i = the last n.
// An equation buffer is laid out exactly like its stream: row j starts at
// element j(j+1)/2, b_i at n(n+1)/2. Expanding g equations together shares
// each PRG block's key schedule (the key depends on the block index only)
// and feeds the cipher g blocks per call; g is the workspace's choice.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "mqom/dims.hpp"
#include "mqom/gf.hpp"
#include "mqom/prims.hpp"

namespace pqmcu::mqom::detail {

inline constexpr uint32_t kMaxEqGroup = 8;

// Equations i0 .. i0+g-1 into eq + q * eq_elts (q < g <= kMaxEqGroup).
template <unsigned Sec, class E>
inline void expand_equations(const Dims& d, const uint8_t* mseed_eq, uint32_t i0, uint32_t g,
                             typename E::Elt* eq, cipher::Backend be) {
    constexpr size_t S = Sec / 8;
    using P = Prims<Sec>;
    using C = typename P::C;
    uint8_t seeds[kMaxEqGroup * S], lo[kMaxEqGroup * S], ct[kMaxEqGroup * S];
    for (uint32_t q = 0; q < g; ++q) {
        const uint32_t i = i0 + q;
        XofCtx<Sec> xof;
        xof.init();
        xof.absorb_byte(0x01);
        xof.absorb(mseed_eq, 2 * S);
        const uint8_t i16[2] = {uint8_t(i), uint8_t(i >> 8)};
        xof.absorb(i16, 2);
        xof.squeeze(seeds + q * S, S);
        P::lin_ortho(seeds + q * S, lo + q * S);
    }
    const uint8_t zero_salt[S] = {0};
    const size_t nbytes = d.eq_bytes(), stride = d.eq_elts() * sizeof(typename E::Elt);
    uint8_t* base = reinterpret_cast<uint8_t*>(eq);
    typename C::Key k;
    const size_t nblocks = (nbytes + S - 1) / S;
    for (size_t blk = 0; blk < nblocks; ++blk) {
        P::tweak_key(k, zero_salt, 3, 0, uint32_t(blk));
        C::encrypt(k, seeds, ct, g, be);  // public data: any backend
        const size_t off = blk * S;
        const size_t len = (nbytes - off) < S ? (nbytes - off) : S;
        for (uint32_t q = 0; q < g; ++q) {
            uint8_t* out = base + q * stride + off;
            for (size_t t = 0; t < len; ++t) out[t] = uint8_t(ct[q * S + t] ^ lo[q * S + t]);
        }
    }
    if constexpr (sizeof(typename E::Elt) > 1) {
        // Little-endian bytes -> elements, in place (element k only touches its own bytes).
        const size_t cnt = d.eq_elts();
        for (uint32_t q = 0; q < g; ++q) {
            uint8_t* bytes = base + q * stride;
            typename E::Elt* el = eq + q * d.eq_elts();
            for (size_t t = 0; t < cnt; ++t) el[t] = uint16_t(bytes[2 * t] | (uint16_t(bytes[2 * t + 1]) << 8));
        }
    }
}

}  // namespace pqmcu::mqom::detail
