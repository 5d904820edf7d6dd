// SPDX-License-Identifier: Apache-2.0 OR MIT
// Keccak-f[1600], SHAKE and SHA3: known answers, incremental use, 4-way
// agreement, backend agreement and misuse. Runs on the host and the M4.
#include <initializer_list>

#include "hash/keccak.hpp"
#include "hash/shake.hpp"
#include "support/check.hpp"
#include "vectors/shake_sha3.hpp"

namespace {
using pqmcu::Status;
using pqmcu::test::Context;
namespace hash = pqmcu::hash;
namespace vectors = pqmcu::vectors;

bool same_text(const char* a, const char* b) {
    while (*a != 0 && *a == *b) ++a, ++b;
    return *a == *b;
}

// Deterministic filler (xorshift64), different per seed.
struct Prng {
    uint64_t s;
    explicit Prng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 1) {}
    uint64_t next() {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        return s;
    }
    void fill(uint8_t* p, size_t n) {
        for (size_t i = 0; i < n; ++i) p[i] = uint8_t(next() >> 56);
    }
};

enum class Alg { shake128, shake256, sha3_256, sha3_512, unknown };

Alg alg_of(const vectors::VecEntry& e) {
    const vectors::VecField* f = e.get("alg");
    if (f == nullptr) return Alg::unknown;
    if (same_text(f->text, "SHAKE128")) return Alg::shake128;
    if (same_text(f->text, "SHAKE256")) return Alg::shake256;
    if (same_text(f->text, "SHA3-256")) return Alg::sha3_256;
    if (same_text(f->text, "SHA3-512")) return Alg::sha3_512;
    return Alg::unknown;
}

constexpr size_t kMaxOut = 200;

void keccak_permutation(Context& ctx) {
    // Zero state: first lane after one permutation is F1258F7940E1DDE7.
    hash::KeccakState s;
    hash::keccak_init(s);
    hash::keccak_f1600(s);
    uint8_t lane0[8];
    hash::keccak_extract_bytes(s, 0, lane0, 8);
    const uint8_t expect0[8] = {0xE7, 0xDD, 0xE1, 0x40, 0x79, 0x8F, 0x25, 0xF1};
    PQ_CHECK_BYTES(ctx, lane0, expect0, 8);

    // State type, 64-bit lanes and bit-interleaved words agree.
    Prng rng(1);
    for (unsigned t = 0; t < 8; ++t) {
        uint8_t bytes[200], a_bytes[200], b_bytes[200], c_bytes[200];
        rng.fill(bytes, sizeof bytes);
        hash::keccak_init(s);
        hash::keccak_xor_bytes(s, 0, bytes, 200);
        uint64_t lanes[25];
        uint32_t words[50];
        for (unsigned i = 0; i < 25; ++i) {
            lanes[i] = 0;
            for (unsigned k = 0; k < 8; ++k) lanes[i] |= uint64_t(bytes[8 * i + k]) << (8 * k);
            hash::keccak_interleave(lanes[i], &words[i], &words[25 + i]);
            PQ_CHECK(ctx, hash::keccak_deinterleave(words[i], words[25 + i]) == lanes[i]);
        }
        hash::keccak_f1600(s);
        hash::keccak_f1600_lanes(lanes);
        hash::keccak_f1600_bi32(words);
        hash::keccak_extract_bytes(s, 0, a_bytes, 200);
        for (unsigned i = 0; i < 25; ++i) {
            const uint64_t w = hash::keccak_deinterleave(words[i], words[25 + i]);
            for (unsigned k = 0; k < 8; ++k) {
                b_bytes[8 * i + k] = uint8_t(lanes[i] >> (8 * k));
                c_bytes[8 * i + k] = uint8_t(w >> (8 * k));
            }
        }
        PQ_CHECK_BYTES(ctx, a_bytes, b_bytes, 200);
        PQ_CHECK_BYTES(ctx, c_bytes, b_bytes, 200);
    }
}

// The grinding entries (bit-interleaved builds: the M4): plane 0 of
// Keccak-f(src), and the same from theta(src) with a nonce XORed into lane 4
// (keccak_f1600_public_plane0_lane4), against the plain permutation; the
// grinding loop against those tries; the prefix state is left as it was.
void keccak_grind_entries(Context& ctx) {
#if !defined(PQMCU_KECCAK_BI32)
    // (64-bit lanes: no grinding entries; the public form they build on)
    Prng rng(12);
    uint8_t bytes[200];
    rng.fill(bytes, sizeof bytes);
    hash::KeccakState src, dst, ref;
    hash::keccak_init(src);
    hash::keccak_xor_bytes(src, 0, bytes, 200);
    ref = src;
    hash::keccak_f1600_public(src, dst);
    hash::keccak_f1600(ref);
    PQ_CHECK_BYTES(ctx, reinterpret_cast<const uint8_t*>(dst.lane), reinterpret_cast<const uint8_t*>(ref.lane),
                   sizeof dst.lane);
#else
    Prng rng(12);
    for (unsigned t = 0; t < 6; ++t) {
        uint8_t bytes[200];
        rng.fill(bytes, sizeof bytes);
        hash::KeccakState src, ref, tpre, scratch;
        hash::keccak_init(src);
        hash::keccak_xor_bytes(src, 0, bytes, 200);
        uint32_t ne = 0, no = 0;
        if (t > 0) {  // t = 0: no nonce
            uint8_t nb[8];
            rng.fill(nb, sizeof nb);
            ne = uint32_t(nb[0]) | uint32_t(nb[1]) << 8 | uint32_t(nb[2]) << 16 | uint32_t(nb[3]) << 24;
            no = uint32_t(nb[4]) | uint32_t(nb[5]) << 8 | uint32_t(nb[6]) << 16 | uint32_t(nb[7]) << 24;
        }
        ref = src;
        ref.w[4] ^= ne;
        ref.w[29] ^= no;
        const hash::KeccakState keep = src;
        uint32_t out[10];
        hash::keccak_f1600_public_plane0(ref, scratch, out);
        hash::keccak_theta_bi32(src, tpre);
        const uint32_t* p = hash::keccak_f1600_public_plane0_lane4(tpre, src, ne, no, scratch);
        hash::keccak_f1600(ref);
        for (unsigned x = 0; x < 5; ++x) {
            PQ_CHECK(ctx, out[x] == ref.w[x] && out[5 + x] == ref.w[25 + x]);
            PQ_CHECK(ctx, p[x] == ref.w[x] && p[5 + x] == ref.w[25 + x]);
        }
        PQ_CHECK_BYTES(ctx, reinterpret_cast<const uint8_t*>(src.w), reinterpret_cast<const uint8_t*>(keep.w),
                       sizeof src.w);
        if (t < 5) {
            // The grinding loop (keccak_f1600_grind_lane4): four successive
            // candidates (3 condition bits, lane t, both halves), against
            // the tries one by one with the same counter.
            hash::GrindLane4 g{0, 0, 0, 0x5u << t, 0x1u, 4 * t, 8 + 2 * t}, r = g;
            for (unsigned k = 0; k < 4; ++k, hash::grind_next(g), hash::grind_next(r)) {
                hash::KeccakState sg;
                const uint32_t* q = hash::keccak_f1600_grind_lane4(tpre, src, g, sg);
                const uint32_t* pr = nullptr;
                for (;; hash::grind_next(r)) {
                    pr = hash::keccak_f1600_public_plane0_lane4(tpre, src, r.ie, r.io, scratch);
                    if (((pr[t] & r.me) | (pr[5 + t] & r.mo)) == 0) break;
                }
                PQ_CHECK(ctx, g.ctr == r.ctr && g.ie == r.ie && g.io == r.io);
                for (unsigned x = 0; x < 10; ++x) PQ_CHECK(ctx, q[x] == pr[x]);
            }
        }
        PQ_CHECK_BYTES(ctx, reinterpret_cast<const uint8_t*>(src.w), reinterpret_cast<const uint8_t*>(keep.w),
                       sizeof src.w);
    }
#endif
}

void byte_access(Context& ctx) {
    // XOR at every offset/length agrees with a plain byte array model.
    Prng rng(2);
    uint8_t model[200] = {}, got[201], data[201];  // (+1: the unaligned whole-lane calls below)
    hash::KeccakState s;
    hash::keccak_init(s);
    for (size_t off = 0; off < 200; off += 7) {
        const size_t len = (off * 13 + 5) % (200 - off) + 1;
        rng.fill(data, len);
        hash::keccak_xor_bytes(s, off, data, len);
        for (size_t i = 0; i < len; ++i) model[off + i] ^= data[i];
    }
    hash::keccak_extract_bytes(s, 0, got, 200);
    PQ_CHECK_BYTES(ctx, got, model, 200);
    // keccak_xor_byte (the padding bytes) at every offset, every bit of a byte
    for (size_t off = 0; off < 200; ++off) {
        const uint8_t b = uint8_t(off * 37 + 1) | uint8_t(1u << (off % 8));
        hash::keccak_xor_byte(s, off, b);
        model[off] ^= b;
    }
    hash::keccak_xor_byte(s, 199, 0xFF);
    model[199] ^= 0xFF;
    hash::keccak_extract_bytes(s, 0, got, 200);
    PQ_CHECK_BYTES(ctx, got, model, 200);
    for (size_t off = 0; off < 200; off += 3) {
        const size_t len = (200 - off < 11) ? 200 - off : 11;
        hash::keccak_extract_bytes(s, off, got, len);
        PQ_CHECK_BYTES(ctx, got, model + off, len);
    }
    // whole lanes at every lane offset (the M4's tail calls of the lane
    // loops), from an unaligned input / into an unaligned output
    for (size_t off = 0; off < 200; off += 8) {
        for (size_t len = 8; off + len <= 200; len += 8) {
            rng.fill(data + 1, len);
            hash::keccak_xor_bytes(s, off, data + 1, len);
            for (size_t i = 0; i < len; ++i) model[off + i] ^= data[1 + i];
            hash::keccak_extract_bytes(s, off, got + 1, len);
            PQ_CHECK_BYTES(ctx, got + 1, model + off, len);
        }
    }
}

Status run_oneshot(Alg alg, const uint8_t* msg, size_t msglen, uint8_t* out, size_t outlen) {
    switch (alg) {
    case Alg::shake128: return hash::shake128(out, outlen, msg, msglen);
    case Alg::shake256: return hash::shake256(out, outlen, msg, msglen);
    case Alg::sha3_256: return outlen == 32 ? hash::sha3_256(out, msg, msglen) : Status::bad_length;
    case Alg::sha3_512: return outlen == 64 ? hash::sha3_512(out, msg, msglen) : Status::bad_length;
    case Alg::unknown: break;
    }
    return Status::unknown_name;
}

// Absorbs in pieces of 1, 136 and the rest.
template <class H>
void absorb_pieces(Context& ctx, H& h, const uint8_t* msg, size_t len) {
    const size_t p1 = len < 1 ? len : 1;
    const size_t p2 = len - p1 < 136 ? len - p1 : 136;
    PQ_CHECK(ctx, h.absorb(msg, p1) == Status::ok);
    PQ_CHECK(ctx, h.absorb(msg + p1, p2) == Status::ok);
    PQ_CHECK(ctx, h.absorb(msg + p1 + p2, len - p1 - p2) == Status::ok);
}

// Squeezes in pieces of 1, 31 and the rest.
template <class X>
void squeeze_pieces(Context& ctx, X& x, uint8_t* out, size_t len) {
    const size_t p1 = len < 1 ? len : 1;
    const size_t p2 = len - p1 < 31 ? len - p1 : 31;
    PQ_CHECK(ctx, x.squeeze(out, p1) == Status::ok);
    PQ_CHECK(ctx, x.squeeze(out + p1, p2) == Status::ok);
    PQ_CHECK(ctx, x.squeeze(out + p1 + p2, len - p1 - p2) == Status::ok);
}

template <class X>
void xof_pieces(Context& ctx, const uint8_t* msg, size_t msglen, uint8_t* out, size_t outlen) {
    X x;
    absorb_pieces(ctx, x, msg, msglen);
    PQ_CHECK(ctx, x.finalize() == Status::ok);
    squeeze_pieces(ctx, x, out, outlen);
}

template <class H>
void hash_pieces(Context& ctx, const uint8_t* msg, size_t msglen, uint8_t* out) {
    H h;
    absorb_pieces(ctx, h, msg, msglen);
    PQ_CHECK(ctx, h.finalize(out) == Status::ok);
}

struct KnownAnswer {
    Alg alg;
    const uint8_t* msg;
    size_t msglen;
    const uint8_t* out;
    size_t outlen;
};

bool known_answer(Context& ctx, size_t i, KnownAnswer& ka) {
    const vectors::VecEntry& e = vectors::shake_sha3.entries[i];
    const vectors::VecField* msg = e.get("msg");
    const vectors::VecField* out = e.get("out");
    ka.alg = alg_of(e);
    const bool ok = ka.alg != Alg::unknown && msg != nullptr && out != nullptr && out->bytes != nullptr &&
                    msg->len == e.number("msglen") && out->len == e.number("outlen") && out->len <= kMaxOut;
    PQ_CHECK(ctx, ok);
    if (!ok) return false;
    ka.msg = msg->bytes;
    ka.msglen = msg->len;
    ka.out = out->bytes;
    ka.outlen = out->len;
    return true;
}

void vectors_oneshot(Context& ctx) {
    PQ_CHECK_EQ(ctx, vectors::shake_sha3.count, size_t(72));
    for (size_t i = 0; i < vectors::shake_sha3.count; ++i) {
        KnownAnswer ka;
        if (!known_answer(ctx, i, ka)) continue;
        uint8_t got[kMaxOut];
        PQ_CHECK(ctx, run_oneshot(ka.alg, ka.msg, ka.msglen, got, ka.outlen) == Status::ok);
        PQ_CHECK_BYTES(ctx, got, ka.out, ka.outlen);
    }
}

void vectors_incremental(Context& ctx) {
    for (size_t i = 0; i < vectors::shake_sha3.count; ++i) {
        KnownAnswer ka;
        if (!known_answer(ctx, i, ka)) continue;
        uint8_t got[kMaxOut] = {};
        switch (ka.alg) {
        case Alg::shake128: xof_pieces<hash::Shake128>(ctx, ka.msg, ka.msglen, got, ka.outlen); break;
        case Alg::shake256: xof_pieces<hash::Shake256>(ctx, ka.msg, ka.msglen, got, ka.outlen); break;
        case Alg::sha3_256: hash_pieces<hash::Sha3_256>(ctx, ka.msg, ka.msglen, got); break;
        case Alg::sha3_512: hash_pieces<hash::Sha3_512>(ctx, ka.msg, ka.msglen, got); break;
        case Alg::unknown: break;
        }
        PQ_CHECK_BYTES(ctx, got, ka.out, ka.outlen);
    }
}

void byte_at_a_time(Context& ctx) {
    // Every absorb/squeeze boundary position, SHAKE128 vs one-shot.
    uint8_t msg[400], ref[400], got[400];
    Prng rng(3);
    rng.fill(msg, sizeof msg);
    PQ_CHECK(ctx, hash::shake128(ref, sizeof ref, msg, sizeof msg) == Status::ok);
    hash::Shake128 x;
    for (size_t i = 0; i < sizeof msg; ++i) PQ_CHECK(ctx, x.absorb(msg + i, 1) == Status::ok);
    PQ_CHECK(ctx, x.finalize() == Status::ok);
    for (size_t i = 0; i < sizeof got; ++i) PQ_CHECK(ctx, x.squeeze(got + i, 1) == Status::ok);
    PQ_CHECK_BYTES(ctx, got, ref, sizeof ref);
}

template <class X>
void squeeze_with_scratch(Context& ctx, size_t piece) {
    // Shake::squeeze with a permutation buffer (sponge_squeeze_buf<Rate>)
    // in pieces of `piece` bytes vs the own-buffer squeeze in one call.
    uint8_t msg[61], ref[420], got[420];
    Prng rng(7);
    rng.fill(msg, sizeof msg);
    X a, b;
    hash::KeccakState scratch;
    PQ_CHECK(ctx, a.absorb(msg, sizeof msg) == Status::ok && a.finalize() == Status::ok);
    PQ_CHECK(ctx, b.absorb(msg, sizeof msg) == Status::ok && b.finalize() == Status::ok);
    PQ_CHECK(ctx, a.squeeze(ref, sizeof ref) == Status::ok);
    for (size_t at = 0; at < sizeof got; at += piece) {
        const size_t n = sizeof got - at < piece ? sizeof got - at : piece;
        PQ_CHECK(ctx, b.squeeze(got + at, n, &scratch) == Status::ok);
    }
    PQ_CHECK_BYTES(ctx, got, ref, sizeof ref);
}
void squeeze_scratch(Context& ctx) {
    for (size_t piece : {size_t(1), size_t(7), size_t(8), size_t(24), size_t(31), size_t(136), size_t(168), size_t(420)}) {
        squeeze_with_scratch<hash::Shake128>(ctx, piece);
        squeeze_with_scratch<hash::Shake256>(ctx, piece);
    }
}

void split_at_every_offset(Context& ctx) {
    // Two absorb calls: a head of h bytes (every lane offset, incl. across
    // the rate) then l bytes, so both the single-load partial lanes and the
    // byte-loop ones (short calls) are hit at each offset. Vs one-shot.
    uint8_t msg[200], ref[32], got[32];
    Prng rng(5);
    rng.fill(msg, sizeof msg);
    for (size_t h = 0; h < 20; ++h) {
        for (size_t l = 0; l + h <= sizeof msg; l += (l < 24 ? 1 : 7)) {
            PQ_CHECK(ctx, hash::shake128(ref, sizeof ref, msg, h + l) == Status::ok);
            hash::Shake128 x;
            PQ_CHECK(ctx, x.absorb(msg, h) == Status::ok);
            PQ_CHECK(ctx, x.absorb(msg + h, l) == Status::ok);
            PQ_CHECK(ctx, x.finalize() == Status::ok);
            PQ_CHECK(ctx, x.squeeze(got, sizeof got) == Status::ok);
            PQ_CHECK_BYTES(ctx, got, ref, sizeof ref);
        }
    }
}

constexpr size_t kX4Max = 340;  // two SHAKE128 blocks and a bit

template <class X4, class X1>
void x4_matches_x1(Context& ctx, uint64_t seed) {
    static const size_t lengths[] = {0, 1, 135, 136, 137, 167, 168, 169, 300, kX4Max};
    uint8_t in[4][kX4Max], out[4][kX4Max], ref[kX4Max];
    Prng rng(seed);
    for (size_t len : lengths) {
        for (auto& lane : in) rng.fill(lane, len);
        X4 x4;
        const size_t half = len / 3;  // two absorb calls
        PQ_CHECK(ctx, x4.absorb(in[0], in[1], in[2], in[3], half) == Status::ok);
        PQ_CHECK(ctx, x4.absorb(in[0] + half, in[1] + half, in[2] + half, in[3] + half, len - half) == Status::ok);
        PQ_CHECK(ctx, x4.finalize() == Status::ok);
        PQ_CHECK(ctx, x4.squeeze(out[0], out[1], out[2], out[3], 31) == Status::ok);
        PQ_CHECK(ctx, x4.squeeze(out[0] + 31, out[1] + 31, out[2] + 31, out[3] + 31, kX4Max - 31) == Status::ok);
        for (unsigned j = 0; j < 4; ++j) {
            X1 x;
            x.absorb(in[j], len);
            x.finalize();
            x.squeeze(ref, kX4Max);
            PQ_CHECK_BYTES(ctx, out[j], ref, kX4Max);
        }
        // Inputs differ per lane, so a lane mix-up cannot pass.
        if (len > 0)
            for (unsigned j = 1; j < 4; ++j)
                PQ_CHECK(ctx, pqmcu::test::first_difference(out[0], out[j], 16) != 16);
    }
}

void x4_shake128(Context& ctx) { x4_matches_x1<hash::Shake128x4, hash::Shake128>(ctx, 10); }
void x4_shake256(Context& ctx) { x4_matches_x1<hash::Shake256x4, hash::Shake256>(ctx, 11); }

void x4_permutation(Context& ctx) {
    // keccak_f1600_x4 (selected backend) and the portable one against x1.
    Prng rng(4);
    static hash::KeccakX4State a, b;  // static: 1.6 KB kept off the firmware stack
    hash::KeccakState one[4];
    uint8_t bytes[200], got[200], ref[200];
    hash::keccak_x4_init(a);
    for (unsigned j = 0; j < 4; ++j) {
        rng.fill(bytes, 200);
        hash::keccak_init(one[j]);
        hash::keccak_xor_bytes(one[j], 0, bytes, 200);
        hash::keccak_x4_xor_bytes(a, j, 0, bytes, 200);
    }
    b = a;
    hash::keccak_f1600_x4(a);
    hash::keccak_f1600_x4_portable(b);
    for (unsigned j = 0; j < 4; ++j) {
        hash::keccak_f1600(one[j]);
        hash::keccak_extract_bytes(one[j], 0, ref, 200);
        hash::keccak_x4_extract_bytes(a, j, 0, got, 200);
        PQ_CHECK_BYTES(ctx, got, ref, 200);
        hash::keccak_x4_extract_bytes(b, j, 0, got, 200);
        PQ_CHECK_BYTES(ctx, got, ref, 200);
    }
}

#if defined(PQMCU_KECCAK_HAVE_AVX2)
// Four random states through x4 and through the portable permutation: equal bytes.
void x4_matches_portable(Context& ctx, void (*x4)(hash::KeccakX4State&), Prng& rng) {
    static hash::KeccakX4State a, b;
    uint8_t bytes[200], x[200], y[200];
    for (unsigned t = 0; t < 4; ++t) {
        hash::keccak_x4_init(a);
        for (unsigned j = 0; j < 4; ++j) {
            rng.fill(bytes, 200);
            hash::keccak_x4_xor_bytes(a, j, 0, bytes, 200);
        }
        b = a;
        x4(a);
        hash::keccak_f1600_x4_portable(b);
        for (unsigned j = 0; j < 4; ++j) {
            hash::keccak_x4_extract_bytes(a, j, 0, x, 200);
            hash::keccak_x4_extract_bytes(b, j, 0, y, 200);
            PQ_CHECK_BYTES(ctx, x, y, 200);
        }
    }
}
#endif

// keccak_f1600_x2 against two single permutations, and a SHA3-256 absorbed
// riding along a SHAKE128 squeeze (every message length up to a few blocks,
// squeezes of several sizes) against both computed separately.
void x2_and_rider(Context& ctx) {
    Prng rng(7);
    uint8_t bytes[200], x[200], y[200];
    static hash::KeccakState a, b, ra, rb;
    hash::keccak_init(a);
    hash::keccak_init(b);
    rng.fill(bytes, 200);
    hash::keccak_xor_bytes(a, 0, bytes, 200);
    rng.fill(bytes, 200);
    hash::keccak_xor_bytes(b, 0, bytes, 200);
    ra = a, rb = b;
    hash::keccak_f1600_x2(a, b);
    hash::keccak_f1600(ra);
    hash::keccak_f1600(rb);
    hash::keccak_extract_bytes(a, 0, x, 200);
    hash::keccak_extract_bytes(ra, 0, y, 200);
    PQ_CHECK_BYTES(ctx, x, y, 200);
    hash::keccak_extract_bytes(b, 0, x, 200);
    hash::keccak_extract_bytes(rb, 0, y, 200);
    PQ_CHECK_BYTES(ctx, x, y, 200);

    static uint8_t msg[700], out[800], out_ref[800];
    rng.fill(msg, sizeof msg);
    const uint8_t seed[32] = {1, 2, 3};
    for (size_t len = 0; len <= sizeof msg; len += 67) {
        for (size_t pre : {size_t(0), size_t(5), size_t(136)}) {
            if (pre > len) continue;
            hash::Shake128 xof, xof_ref;
            (void)xof.absorb(seed, sizeof seed);
            (void)xof.finalize();
            xof_ref = xof;
            hash::Sha3_256 h;
            (void)h.absorb(msg, pre);
            hash::detail::Rider r = h.rider(msg + pre, len - pre);
            for (size_t at = 0; at < sizeof out; at += 200) PQ_CHECK(ctx, xof.squeeze(out + at, 200, r) == Status::ok);
            PQ_CHECK(ctx, h.absorb(r.in, r.len) == Status::ok);
            uint8_t d[32], d_ref[32];
            PQ_CHECK(ctx, h.finalize(d) == Status::ok);
            (void)hash::sha3_256(d_ref, msg, len);
            PQ_CHECK_BYTES(ctx, d, d_ref, 32);
            (void)xof_ref.squeeze(out_ref, sizeof out_ref);
            PQ_CHECK_BYTES(ctx, out, out_ref, sizeof out);
        }
    }
    // A squeezing rider (Shake::rider_out), starting at several offsets into its block.
    for (size_t pre : {size_t(0), size_t(5), size_t(168), size_t(200)}) {
        for (size_t len : {size_t(0), size_t(100), size_t(400), size_t(700)}) {
            hash::Shake128 xof, s, s_ref;
            (void)xof.absorb(seed, sizeof seed);
            (void)xof.finalize();
            (void)s.absorb(msg, 40);
            (void)s.finalize();
            s_ref = s;
            (void)s.squeeze(out_ref, pre);
            hash::detail::Rider r = s.rider_out(out, len);
            PQ_CHECK(ctx, xof.squeeze(out_ref, 400, r) == Status::ok);
            PQ_CHECK(ctx, s.squeeze(r.out, r.len) == Status::ok);
            (void)s.squeeze(out + len, 50);
            static uint8_t ref[800];
            (void)s_ref.squeeze(ref, pre);
            (void)s_ref.squeeze(ref, len + 50);
            PQ_CHECK_BYTES(ctx, out, ref, len + 50);
        }
    }
}

void backends_agree(Context& ctx) {
    PQ_CHECK(ctx, hash::set_backend(hash::Backend::portable) == Status::ok);
    PQ_CHECK(ctx, hash::active_backend() == hash::Backend::portable);
#if defined(PQMCU_KECCAK_HAVE_AVX2)
    if (hash::set_backend(hash::Backend::avx2) == Status::ok) {
        PQ_CHECK(ctx, hash::active_backend() == hash::Backend::avx2);
        Prng rng(5);
        x4_matches_portable(ctx, hash::keccak_f1600_x4_avx2, rng);
        // Whole SHAKE x4 under each backend.
        uint8_t out_avx[4][64], out_port[4][64];
        uint8_t msg[4][200];
        for (auto& m : msg) rng.fill(m, 200);
        for (int pass = 0; pass < 2; ++pass) {
            auto& o = pass == 0 ? out_avx : out_port;
            if (pass == 1) hash::set_backend(hash::Backend::portable);
            hash::Shake256x4 s;
            s.absorb(msg[0], msg[1], msg[2], msg[3], 200);
            s.finalize();
            s.squeeze(o[0], o[1], o[2], o[3], 64);
        }
        PQ_CHECK_BYTES(ctx, out_avx, out_port, sizeof out_avx);
    } else {
        pqmcu::test::print("  (no AVX2 on this CPU: portable only)\n");
    }
    if (hash::set_backend(hash::Backend::avx512vl) == Status::ok) {
        PQ_CHECK(ctx, hash::active_backend() == hash::Backend::avx512vl);
        Prng rng(6);
        x4_matches_portable(ctx, hash::keccak_f1600_x4_avx512vl, rng);
    } else {
        pqmcu::test::print("  (no AVX-512VL on this CPU or masked)\n");
    }
#else
    PQ_CHECK(ctx, hash::set_backend(hash::Backend::avx2) == Status::unsupported);
    PQ_CHECK(ctx, hash::set_backend(hash::Backend::avx512vl) == Status::unsupported);
#endif
    PQ_CHECK(ctx, hash::set_backend(hash::Backend::automatic) == Status::ok);
    PQ_CHECK(ctx, hash::active_backend() != hash::Backend::automatic);
}

void misuse(Context& ctx) {
    uint8_t buf[64] = {};
    const uint8_t* none = nullptr;
    uint8_t* none_out = nullptr;
    {
        hash::Shake128 x;
        PQ_CHECK(ctx, x.absorb(none, 1) == Status::bad_argument);
        PQ_CHECK(ctx, x.absorb(none, 0) == Status::ok);
        PQ_CHECK(ctx, x.squeeze(buf, 1) == Status::bad_argument);  // before finalize
        PQ_CHECK(ctx, x.finalize() == Status::ok);
        PQ_CHECK(ctx, x.finalize() == Status::bad_argument);
        PQ_CHECK(ctx, x.absorb(buf, 1) == Status::bad_argument);
        PQ_CHECK(ctx, x.squeeze(none_out, 1) == Status::bad_argument);
        PQ_CHECK(ctx, x.squeeze(none_out, 0) == Status::ok);
        // Failed calls changed nothing: output is still SHAKE128("").
        uint8_t ref[32];
        PQ_CHECK(ctx, hash::shake128(ref, 32, none, 0) == Status::ok);
        PQ_CHECK(ctx, x.squeeze(buf, 32) == Status::ok);
        PQ_CHECK_BYTES(ctx, buf, ref, 32);
        x.reset();
        PQ_CHECK(ctx, x.absorb(buf, 1) == Status::ok);
    }
    {
        hash::Sha3_256 h;
        PQ_CHECK(ctx, h.absorb(none, 5) == Status::bad_argument);
        PQ_CHECK(ctx, h.finalize(none_out) == Status::bad_argument);
        PQ_CHECK(ctx, h.finalize(buf) == Status::ok);
        PQ_CHECK(ctx, h.finalize(buf) == Status::bad_argument);
        PQ_CHECK(ctx, h.absorb(buf, 1) == Status::bad_argument);
    }
    {
        hash::Shake256x4 x4;
        PQ_CHECK(ctx, x4.absorb(buf, buf, none, buf, 3) == Status::bad_argument);
        PQ_CHECK(ctx, x4.squeeze(buf, buf, buf, buf, 1) == Status::bad_argument);
        PQ_CHECK(ctx, x4.finalize() == Status::ok);
        PQ_CHECK(ctx, x4.absorb(buf, buf, buf, buf, 1) == Status::bad_argument);
        PQ_CHECK(ctx, x4.finalize() == Status::bad_argument);
        PQ_CHECK(ctx, x4.squeeze(buf, none_out, buf, buf, 1) == Status::bad_argument);
        PQ_CHECK(ctx, x4.squeeze(buf, buf + 8, buf + 16, buf + 24, 8) == Status::ok);
    }
    PQ_CHECK(ctx, hash::shake128(none_out, 1, buf, 1) == Status::bad_argument);
    PQ_CHECK(ctx, hash::shake256(buf, 1, none, 1) == Status::bad_argument);
    PQ_CHECK(ctx, hash::sha3_256(none_out, buf, 1) == Status::bad_argument);
    PQ_CHECK(ctx, hash::sha3_512(buf, none, 2) == Status::bad_argument);
    PQ_CHECK(ctx, hash::set_backend(static_cast<hash::Backend>(7)) == Status::bad_argument);
}

void fork_by_copy(Context& ctx) {
    // A copied object continues independently (used to reuse a common prefix).
    uint8_t a[48], b[48], ref[48];
    const uint8_t p[3] = {1, 2, 3}, q[1] = {4};
    const uint8_t pq[4] = {1, 2, 3, 4};
    hash::Shake256 x;
    x.absorb(p, 3);
    hash::Shake256 y = x;
    y.absorb(q, 1);
    y.finalize();
    y.squeeze(a, 48);
    PQ_CHECK(ctx, hash::shake256(ref, 48, pq, 4) == Status::ok);
    PQ_CHECK_BYTES(ctx, a, ref, 48);
    x.finalize();
    x.squeeze(b, 48);
    PQ_CHECK(ctx, hash::shake256(ref, 48, p, 3) == Status::ok);
    PQ_CHECK_BYTES(ctx, b, ref, 48);
}

}  // namespace

// Declared in tests/support/suites.hpp as pqmcu::test::hash_suite.
namespace pqmcu::test {
PQMCU_SUITE(hash_suite, "hash",
            {{"keccak-f permutation", keccak_permutation},
             {"keccak-f grinding entries", keccak_grind_entries},
             {"state byte access", byte_access},
             {"vectors one-shot", vectors_oneshot},
             {"vectors incremental", vectors_incremental},
             {"byte at a time", byte_at_a_time},
             {"split at every offset", split_at_every_offset},
             {"squeeze with a scratch", squeeze_scratch},
             {"x4 permutation", x4_permutation},
             {"shake128 x4 vs x1", x4_shake128},
             {"shake256 x4 vs x1", x4_shake256},
             {"x4 backends agree", backends_agree},
             {"x2 and a riding sha3", x2_and_rider},
             {"misuse statuses", misuse},
             {"fork by copy", fork_by_copy}});
}  // namespace pqmcu::test
