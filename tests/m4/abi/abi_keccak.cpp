// SPDX-License-Identifier: Apache-2.0 OR MIT
// m4.abi.keccak_r<R>: every entry of the generated Keccak-f[1600] assembly
// (src/hash/gen_keccak_m4_asm.py, R rounds per loop block: the size build's
// 2, the default 24 and the rest) and of keccak_lanes_m4.S, called through
// the AAPCS checking wrappers (gen_abi_wrap.py), each result checked against
// the portable bit-interleaved permutation and SHAKE256 against hashlib.
// One firmware per R, linking that generated file instead of the library's.
#include <cstdint>
#include <cstring>

#include "hash/keccak.hpp"
#include "hash/shake.hpp"
#include "m4/format.hpp"

namespace {

using namespace pqmcu::hash;
using pqmcu::m4::print;

int failures = 0;

void check(bool ok, const char* what) {
    print("keccak: %-40s %s\n", what, ok ? "ok" : "WRONG");
    if (!ok) ++failures;
}

bool plane0_equal(const uint32_t* p, const KeccakState& ref) {
    for (unsigned x = 0; x < 5; ++x)
        if (p[x] != ref.w[x] || p[5 + x] != ref.w[25 + x]) return false;
    return true;
}

KeccakState src, ref, s, scratch, tpre;

}  // namespace

int main() {
    uint32_t x = 0x9E3779B9u;
    for (auto& w : src.w) w = (x = x * 1664525u + 1013904223u);
    ref = src;
    keccak_f1600_bi32(ref.w);

    s = src;
    keccak_f1600(s);
    check(std::memcmp(s.w, ref.w, sizeof ref.w) == 0, "keccak_f1600 (_m4)");
    s = src;
    keccak_f1600_buf(s, scratch);
    check(std::memcmp(s.w, ref.w, sizeof ref.w) == 0, "keccak_f1600_buf (_m4_buf)");
    keccak_f1600_public(src, s);
    check(std::memcmp(s.w, ref.w, sizeof ref.w) == 0, "keccak_f1600_public (_m4_from)");
    uint32_t out[10];
    keccak_f1600_public_plane0(src, scratch, out);
    check(plane0_equal(out, ref), "keccak_f1600_public_plane0 (_m4_grind)");

    keccak_theta_bi32(src, tpre);
    const uint32_t ne = 0x00010203u, no = 0x40000001u;
    KeccakState r2 = src;
    r2.w[4] ^= ne;
    r2.w[29] ^= no;
    keccak_f1600_bi32(r2.w);
    check(plane0_equal(keccak_f1600_public_plane0_lane4(tpre, src, ne, no, scratch), r2),
          "keccak_f1600_public_plane0_lane4 (_pre)");

    // A grind over lane 4 until 4 bits of output lane 1 are zero, against
    // the same loop on the portable permutation.
    GrindLane4 g{0, 0, 0, 0x3u, 0x3u, 4, 8};
    GrindLane4 h = g;
    for (;; grind_next(h)) {
        KeccakState t = src;
        t.w[4] ^= h.ie;
        t.w[29] ^= h.io;
        keccak_f1600_bi32(t.w);
        if (((t.w[h.ol4 / 4] & h.me) | (t.w[25 + h.ol4 / 4] & h.mo)) == 0) break;
    }
    const uint32_t* p = keccak_f1600_grind_lane4(tpre, src, g, scratch);
    KeccakState t = src;
    t.w[4] ^= h.ie;
    t.w[29] ^= h.io;
    keccak_f1600_bi32(t.w);
    check(g.ctr == h.ctr && g.ie == h.ie && g.io == h.io && plane0_equal(p, t), "keccak_f1600_grind_lane4 (_loop)");
    print("keccak: grind stopped at try %u\n", unsigned(g.ctr));

    // SHAKE256 (xor / extract lanes, wipe, the permutation) of 300 bytes.
    uint8_t msg[300], md[64];
    for (unsigned i = 0; i < sizeof msg; ++i) msg[i] = uint8_t(i * 7 + 3);
    shake256(md, sizeof md, msg, sizeof msg);
    static const uint8_t want[8] = {0x68, 0x5d, 0x98, 0x73, 0x23, 0x3f, 0xd4, 0xc7};
    check(std::memcmp(md, want, sizeof want) == 0, "shake256 (hashlib)");
    return failures == 0 ? 0 : 1;
}
