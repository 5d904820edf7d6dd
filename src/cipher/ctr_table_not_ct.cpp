// SPDX-License-Identifier: Apache-2.0 OR MIT
// AES-128-CTR with counter-mode caching (ctr_table_not_ct.hpp). NOT CONSTANT
// TIME. Same T-table and S-box as table_not_ct.cpp; T[x] is row 0's column
// contribution, rows 1-3 are its rotations.
#include "cipher/ctr_table_not_ct.hpp"

#include <cstddef>

#include "cipher/internal.hpp"

namespace pqmcu::cipher {
namespace {
// Own copies of table_not_ct.cpp's tables (theirs are file-local), 1.25 KB.
struct Tables {
    uint32_t t[256];  // (2s, s, s, 3s) little-endian
    uint8_t s[256];
};
constexpr Tables make_tables() {
    const detail::SboxTable sb = detail::make_sbox();
    Tables r{};
    for (int x = 0; x < 256; ++x) {
        const uint8_t s = sb.s[x], s2 = detail::gf_mul(s, 2), s3 = uint8_t(s2 ^ s);
        r.t[x] = uint32_t(s2) | (uint32_t(s) << 8) | (uint32_t(s) << 16) | (uint32_t(s3) << 24);
        r.s[x] = s;
    }
    return r;
}
alignas(64) constexpr Tables kTables = make_tables();

inline uint32_t ror(uint32_t x, unsigned r) { return (x >> r) | (x << (32 - r)); }
inline uint32_t tcol(const uint32_t* T, uint32_t k, uint32_t x0, uint32_t x1, uint32_t x2, uint32_t x3) {
    return k ^ T[x0 & 0xFF] ^ ror(T[(x1 >> 8) & 0xFF], 24) ^ ror(T[(x2 >> 16) & 0xFF], 16) ^ ror(T[x3 >> 24], 8);
}
}  // namespace

#if defined(PQMCU_TARGET_M4)
namespace {
struct CtrJob {  // layout read by aes_ctr_table_m4.S
    uint32_t b[4];
    uint32_t a0;
    uint32_t c;
    uint32_t k3;
    const uint32_t* rk;
    const uint32_t* t0;
    const uint8_t* sbox;
    uint8_t* out;
    uint32_t nblocks;
};
static_assert(offsetof(CtrJob, c) == 20 && offsetof(CtrJob, rk) == 28 && offsetof(CtrJob, out) == 40);
}  // namespace
extern "C" void pqmcu_aes128_ctr_table_m4(CtrJob* job);
#endif

void Aes128CtrTableNotCt::refresh(uint32_t run) {
    const uint32_t* T = kTables.t;
    const uint32_t* k = rk_;
    // Round 0 on (0, 0, 0, bytes 12..14 = run big-endian, byte 15 = 0).
    const uint32_t s0 = k[0], s1 = k[1], s2 = k[2];
    const uint32_t s3 = k[3] ^ ((run >> 16) & 0xFF) ^ (((run >> 8) & 0xFF) << 8) ^ ((run & 0xFF) << 16);
    // Round 1: column 0 lacks ror(T[s3.b3], 8), added per block.
    a0_ = k[4] ^ T[s0 & 0xFF] ^ ror(T[(s1 >> 8) & 0xFF], 24) ^ ror(T[(s2 >> 16) & 0xFF], 16);
    const uint32_t t1 = tcol(T, k[5], s1, s2, s3, s0), t2 = tcol(T, k[6], s2, s3, s0, s1),
                   t3 = tcol(T, k[7], s3, s0, s1, s2);
    // Round 2 without the lookups of column 0 (one per output column).
    b_[0] = k[8] ^ ror(T[(t1 >> 8) & 0xFF], 24) ^ ror(T[(t2 >> 16) & 0xFF], 16) ^ ror(T[t3 >> 24], 8);
    b_[1] = k[9] ^ T[t1 & 0xFF] ^ ror(T[(t2 >> 8) & 0xFF], 24) ^ ror(T[(t3 >> 16) & 0xFF], 16);
    b_[2] = k[10] ^ T[t2 & 0xFF] ^ ror(T[(t3 >> 8) & 0xFF], 24) ^ ror(T[t1 >> 24], 8);
    b_[3] = k[11] ^ T[t3 & 0xFF] ^ ror(T[(t1 >> 16) & 0xFF], 16) ^ ror(T[t2 >> 24], 8);
    run_ = run;
    valid_ = true;
}

void Aes128CtrTableNotCt::keystream(uint32_t block, uint8_t* out, size_t nblocks) {
    while (nblocks > 0) {
        const uint32_t run = block >> 8, c = block & 0xFF;
        const uint32_t n = nblocks < 256 - c ? uint32_t(nblocks) : 256 - c;  // to the end of the run
        if (!valid_ || run != run_) refresh(run);
#if defined(PQMCU_TARGET_M4)
        CtrJob job{{b_[0], b_[1], b_[2], b_[3]}, a0_, c, rk_[3] >> 24, rk_, kTables.t,
                   kTables.s, out, n};
        pqmcu_aes128_ctr_table_m4(&job);
#else
        const uint32_t* T = kTables.t;
        const uint8_t* S = kTables.s;
        const uint32_t* k = rk_;
        for (uint32_t i = 0; i < n; ++i) {
            const uint32_t t0 = a0_ ^ ror(T[(c + i) ^ (k[3] >> 24)], 8);
            uint32_t x[4] = {b_[0] ^ T[t0 & 0xFF], b_[1] ^ ror(T[t0 >> 24], 8), b_[2] ^ ror(T[(t0 >> 16) & 0xFF], 16),
                             b_[3] ^ ror(T[(t0 >> 8) & 0xFF], 24)};
            for (uint32_t r = 3; r < 10; ++r) {
                const uint32_t* kr = k + 4 * r;
                const uint32_t y0 = tcol(T, kr[0], x[0], x[1], x[2], x[3]), y1 = tcol(T, kr[1], x[1], x[2], x[3], x[0]),
                               y2 = tcol(T, kr[2], x[2], x[3], x[0], x[1]), y3 = tcol(T, kr[3], x[3], x[0], x[1], x[2]);
                x[0] = y0, x[1] = y1, x[2] = y2, x[3] = y3;
            }
            uint8_t* o = out + 16 * size_t(i);
            for (uint32_t j = 0; j < 4; ++j) {
                const uint32_t w = k[40 + j] ^ (uint32_t(S[x[j] & 0xFF]) | uint32_t(S[(x[(j + 1) & 3] >> 8) & 0xFF]) << 8 |
                                                uint32_t(S[(x[(j + 2) & 3] >> 16) & 0xFF]) << 16 |
                                                uint32_t(S[x[(j + 3) & 3] >> 24]) << 24);
                o[4 * j] = uint8_t(w), o[4 * j + 1] = uint8_t(w >> 8), o[4 * j + 2] = uint8_t(w >> 16),
                          o[4 * j + 3] = uint8_t(w >> 24);
            }
        }
#endif
        block += n;
        out += 16 * size_t(n);
        nblocks -= n;
    }
}

}  // namespace pqmcu::cipher
