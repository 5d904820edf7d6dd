// SPDX-License-Identifier: Apache-2.0 OR MIT
// The one-tree variant of MQOM v2.1 (the embedded-experiments paper's tweak,
// L1 gf16 fast / short r5): the tau GGM trees of the BLC become ONE tree
// with N * tau leaves, and the opening reveals a single sibling path of
// exactly T_open seeds for the tau hidden leaves (3,264 B instead of 3,540 B
// for fast; 2,852 B instead of 3,156 B for short). What changes against
// base MQOM (everything else, keys, PIOP, com2, h, is unchanged):
//
//   Tree: heap-indexed (root 1, children 2v, 2v+1), leaves are the nodes
//     v >= N tau; (delta || rseed) = PRG(0^S, 0, mseed, 2S); seed(1) = delta,
//     seed(2) = rseed, and for an inner node v != 1:
//       left(v)  = SeedDerive_{TweakSalt(salt, 2, (v-1) & 0xff, (v-1) >> 8)}(seed(v))
//       right(v) = seed(v) ^ left(v)        (node 1 too: seed(3) = delta ^ rseed)
//     Leaves in depth-first (left to right) order: leaf number L = i tau + e
//     is the seed of evaluation i of repetition e. With H = tree height,
//     L < 2 N tau - 2^H sits at node 2^H + L, the rest at 2^H + L - N tau.
//   BLC: exp = PRG(salt, e, lseed, xb + ub) (no seed prefix), the whole
//     delta_x[e] = x ^ acc.x is published, com1 = XOF(0x07 || h_0..h_{tau-1}
//     || delta_x[0..tau)); h_e, the Gray-code fold and the evaluations as in
//     base MQOM.
//   Challenge: i* is valid only if, besides the w grinding bits, the hidden
//     leaves i*[e] tau + e need at most T_open sibling-path nodes.
//   Opening: path (T_open seeds) || ls_com of the hidden leaves (tau x 2S,
//     by e) || delta_x (tau x xb), then the nonce. Walking the tree depth
//     first, a node on a hidden leaf's root path is descended into; any other
//     node is revealed, except that while fewer than T_open nodes are needed
//     an inner node is split into its two children (one more node), so the
//     path always has exactly T_open seeds.
//
// Parallel repetitions (the paper's "-1" / "-2"): the signer and verifier
// walk the whole tree once per group of `par` repetitions and keep only that
// group's XOF states and fold areas; par changes RAM and time, never bytes.
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/secure.hpp"
#include "core/status.hpp"
#include "mqom/blc.hpp"
#include "mqom/challenge.hpp"
#include "mqom/dims.hpp"
#include "mqom/params.hpp"
#include "mqom/piop.hpp"
#include "mqom/prims.hpp"
#include "mqom/work.hpp"

namespace pqmcu::mqom {

// Sibling-path budget and tree height of a set's one-tree variant.
struct OneTreeDims {
    uint32_t topen;
    uint32_t height;
};
// Only the sets the paper gives one-tree parameters for.
template <class Set>
struct OneTreeOf;
template <>
struct OneTreeOf<mqom2_cat1_gf16_fast_r5> {
    static constexpr OneTreeDims v{118, 13};
    static constexpr uint32_t par2 = 9;  // the paper's "-2": 9 repetitions in parallel
    static constexpr const char* name1 = "mqom2_cat1_gf16_fast_r5_onetree1";
    static constexpr const char* name2 = "mqom2_cat1_gf16_fast_r5_onetree2";
};
template <>
struct OneTreeOf<mqom2_cat1_gf16_short_r5> {
    static constexpr OneTreeDims v{116, 15};
    static constexpr uint32_t par2 = 6;
    static constexpr const char* name1 = "mqom2_cat1_gf16_short_r5_onetree1";
    static constexpr const char* name2 = "mqom2_cat1_gf16_short_r5_onetree2";
};

namespace detail {

inline constexpr uint32_t kOneTreeMaxHeight = 15;
inline constexpr uint32_t kOneTreeMaxTau = 17;

// Signature offsets of the one-tree opening (the fields before it as in Dims).
struct OneTreeLayout {
    size_t off_path, off_lscom, off_dx, off_nonce, sig_bytes;
};
constexpr OneTreeLayout onetree_layout(const Dims& d, const OneTreeDims& o) {
    const size_t path = d.off_opening(), lscom = path + size_t(o.topen) * d.seed();
    const size_t dx = lscom + size_t(d.tau) * d.digest(), nonce = dx + size_t(d.tau) * d.x_bytes();
    return {path, lscom, dx, nonce, nonce + 4};
}

// The opening structure of a challenge: the nodes on the hidden leaves'
// root paths (depth-first order, the root first) and how many sibling nodes
// they need at least.
struct HiddenNodes {
    uint16_t node[kOneTreeMaxTau * (kOneTreeMaxHeight + 1)];
    uint32_t count;
    uint32_t min_path;
};

struct OneTreeShape {
    uint32_t nt;      // N * tau: leaves; nodes >= nt are leaves
    uint32_t height;  // H
    uint32_t tau;
    uint32_t leaf_node(uint32_t L) const {
        const uint32_t top = 1u << height;
        return L < 2 * nt - top ? top + L : top + L - nt;
    }
    uint32_t leaf_number(uint32_t v) const {
        const uint32_t top = 1u << height;
        return v >= top ? v - top : v + nt - top;
    }
    uint32_t depth_of_leaf(uint32_t L) const { return L < 2 * nt - (1u << height) ? height : height - 1; }
};

// i_star is public (after the challenge): no constant-time needs here.
inline void hidden_nodes(const OneTreeShape& t, const uint16_t* i_star, HiddenNodes& h) {
    uint32_t leaves[kOneTreeMaxTau];
    for (uint32_t e = 0; e < t.tau; ++e) leaves[e] = uint32_t(i_star[e]) * t.tau + e;
    for (uint32_t a = 1; a < t.tau; ++a)  // insertion sort (tau <= 17)
        for (uint32_t b = a; b > 0 && leaves[b - 1] > leaves[b]; --b) {
            const uint32_t s = leaves[b];
            leaves[b] = leaves[b - 1];
            leaves[b - 1] = s;
        }
    uint32_t last[kOneTreeMaxHeight + 1] = {};  // the previous leaf's root path, by depth
    int32_t need = 0;
    h.count = 0;
    for (uint32_t q = 0; q < t.tau; ++q) {
        const uint32_t depth = t.depth_of_leaf(leaves[q]);
        uint32_t v = t.leaf_node(leaves[q]), fresh = 0;
        // climb until the path meets the previous one
        while (fresh <= depth && last[depth - fresh] != v) {
            last[depth - fresh] = v;
            v >>= 1;
            ++fresh;
        }
        // fresh new path nodes: each needs its sibling, except that the top
        // one's sibling is on the previous path (and was one of its siblings)
        need += int32_t(fresh) - 1 - (q > 0 ? 1 : 0);
        for (uint32_t k = depth + 1 - fresh; k <= depth; ++k) h.node[h.count++] = uint16_t(last[k]);
    }
    h.min_path = uint32_t(need);
}

template <unsigned Sec, class E, class B>
struct OneTreeBlc {
    using P = Prims<Sec>;
    using C = typename P::C;
    using Key = typename P::Key;
    using Elt = typename E::Elt;
    using Base = Blc<Sec, E, B>;
    static constexpr size_t S = Sec / 8;
    static constexpr size_t kMaxPrgBlocks = 4;

    // The group's buffers (OneTreeScheme::Workspace): fold areas (acc |
    // fold_0 .. fold_{L-1}, exp_bytes each), leaf-commitment XOFs and the
    // leaves waiting for their batch, of par repetitions. No key cache: a
    // batch schedules its 2 + prg_blocks keys (public: tweaked salts), which
    // costs less than the 15 KB a cache of 17 x 5 keys takes.
    static constexpr uint32_t kMaxLeafBatch = 32;
    static constexpr unsigned kBaseBits = Base::kBaseBits;
    static constexpr uint32_t kMaxLogN = 12;  // one-tree sets: log N = 8 / 11
    // Direct fold (batch 2, the Memory profile): no Gray-code rows; each
    // leaf's running sum goes straight into its repetition's lane of x0 / u0
    // (x_eval / u_eval): 2^j lift(acc) with j the leaf's Gray-code bit.
    // A fold area is then acc only (exp_bytes, not (log N + 1) x).
    struct Direct {
        uint8_t* xrows;    // lane rows (lane e at xrows + e * E::bytes)
        size_t row_bytes;
        Elt* u;            // tau x eta
        Elt tx[kMaxLogN][kBaseBits];  // 2^j lift(2^b)
    };
    struct GroupWork {
        uint8_t* fold;
        XofCtx<Sec>* xof;
        uint8_t* pend;   // par * batch * S
        uint32_t par;
        uint32_t batch;  // leaves per cipher call: 2 (direct fold), 8 or 16 (N is a multiple)
        const Direct* direct = nullptr;  // set by commit / eval when batch == 2
        size_t fold_rows(const Dims& d) const { return batch == 2 ? 1 : 1 + size_t(d.log_n); }
    };
    // Lane elements k < n (row stride row_bytes) ^= sum_b bit b of packed
    // element k of src * t[b]: masks (src is secret), one pass, no row loop.
    static void lane_fold(const Dims& d, const Elt* t, const uint8_t* src, uint8_t* lane, size_t row_bytes) {
        constexpr unsigned kPer = 8 / kBaseBits;
        for (uint32_t k = 0; k < d.n; ++k) {
            const uint32_t v = uint32_t(src[k / kPer]) >> ((k % kPer) * kBaseBits);
            Elt sum = 0;
#pragma GCC unroll 8
            for (unsigned b = 0; b < kBaseBits; ++b) sum ^= Elt(Elt(0u - ((v >> b) & 1u)) & t[b]);
            uint8_t* dst = lane + size_t(k) * row_bytes;
            Elt o[1];
            E::load(dst, o, 1);
            o[0] ^= sum;
            E::store(o, dst, 1);
        }
    }
    // a * E::from_index(2^j) (j public): 2^j is an xtime chain on each
    // GF(256) coefficient; for GF(2^16) (a0 + a1 Y) with j >= 8, first the
    // factor Y: (a0 + a1 Y) Y = 0x20 a1 + (a0 + a1) Y.
    static uint32_t xtime_bytes(uint32_t v) {
        return ((v & 0x7f7f7f7fu) << 1) ^ (((v >> 7) & 0x01010101u) * 0x1bu);
    }
    static Elt mul_pow2(Elt a, uint32_t j) {
        if (j >= 8 * E::bytes) return 0;  // from_index(2^j) truncates to 0
        uint32_t v = a;
        if constexpr (E::bytes == 2) {
            if (j >= 8) {
                uint32_t c = v >> 8;  // a1
                for (unsigned r = 0; r < 5; ++r) c = xtime_bytes(c);  // 0x20 a1
                v = (c & 0xffu) | (((v ^ (v >> 8)) & 0xffu) << 8);
                j -= 8;
            }
        }
        for (; j != 0; --j) v = xtime_bytes(v);
        return Elt(v);
    }
    static void make_direct(const Dims& d, Work<Elt>& w, Direct& dir) {
        dir.xrows = reinterpret_cast<uint8_t*>(w.xT);
        dir.row_bytes = d.lane_bytes();
        dir.u = w.ua;
        for (uint32_t j = 0; j < d.log_n && j < kMaxLogN; ++j) {
            const Elt cj = E::from_index(1u << j);
            for (unsigned b = 0; b < kBaseBits; ++b) dir.tx[j][b] = E::mul(cj, Elt(B::lift(uint8_t(1u << b))));
        }
        std::memset(w.ua, 0, sizeof(Elt) * d.tau * d.eta);
    }

    static size_t prg_blocks(const Dims& d) { return (d.exp_bytes() + S - 1) / S; }
    static OneTreeShape shape(const Dims& d, const OneTreeDims& o) { return {d.n_evals() * d.tau, o.height, d.tau}; }

    struct Node {
        uint8_t seed[S];
        uint32_t v;
        bool known;
    };
    // Children of v (seed known) at the stack top: right below, left on top
    // (so leaves come out left to right).
    static void push_children(const uint8_t* salt, const uint8_t* rseed, const Node& n, Node* st, uint32_t& sp,
                              cipher::Backend be) {
        Node& r = st[sp];
        Node& l = st[sp + 1];
        if (n.v == 1 && rseed != nullptr) {  // (the verifier never knows the root)
            std::memcpy(l.seed, rseed, S);
        } else {
            Key k;
            P::tweak_key(k, salt, 2, (n.v - 1) & 0xffu, (n.v - 1) >> 8, be);
            P::derive(k, n.seed, l.seed, 1, be);
            // (a public tweak; the engine's raw key needs no wipe: ~3 Mc of
            // memsets in a short verification)
            if (!(C::kAes128 && be == cipher::Backend::external)) C::wipe(k);
        }
        for (size_t b = 0; b < S; ++b) r.seed[b] = uint8_t(n.seed[b] ^ l.seed[b]);
        r.v = 2 * n.v + 1;
        l.v = 2 * n.v;
        r.known = l.known = true;
        sp += 2;
    }
    // Sibling nodes p.v, p.v + 1 and their seeds.
    struct Pair {
        uint8_t seed[2 * S];
        uint32_t v;
    };
    // Their children as two pairs, the right one below: the left children
    // under the tweaks of p.v and p.v + 1 in one cipher call. left: 2 S
    // bytes of the walk's (wiped once per walk); the keys are public.
    // The engine's raw key for TweakSalt(salt, sel, e, j): the tweaked salt's
    // 16 bytes, built as words (little-endian targets) in the caller's frame.
    struct EngineKey {
        alignas(4) uint8_t b[S];
    };
    __attribute__((always_inline)) static void engine_tweak(EngineKey& k, const uint8_t* salt, uint32_t sel,
                                                            uint32_t e, uint32_t j) {
        if constexpr (std::endian::native == std::endian::little && S == 16) {
            const uint32_t x = uint32_t(uint8_t(sel + 4 * e)) | (j & 0xffu) << 8 | ((j >> 8) & 0xffu) << 16;
            P::st32(k.b, P::ld32(salt) ^ x);
            for (size_t w = 4; w < S; w += 4) P::st32(k.b + w, P::ld32(salt + w));
        } else {
            P::tweak_salt(salt, k.b, sel, e, j);
        }
    }
    // expand_pair on the engine (Hardware): one key load and block per left
    // child, then SeedDerive's LinOrtho and both children's seeds in
    // registers, a word at a time.
    static void expand_pair_engine(const uint8_t* salt, const Pair& p, Pair* st, uint32_t& sp, uint8_t* left) {
        EngineKey k;
        engine_tweak(k, salt, 2, (p.v - 1) & 0xffu, (p.v - 1) >> 8);
        (void)cipher::encrypt_external_aes128_raw(k.b, p.seed, left, 1);
        engine_tweak(k, salt, 2, p.v & 0xffu, p.v >> 8);
        (void)cipher::encrypt_external_aes128_raw(k.b, p.seed + S, left + S, 1);
        put_pair_children(p, left, st, sp);
    }
    // The children of pair p from the two cipher outputs at left (no
    // LinOrtho yet): SeedDerive's LinOrtho and both children's seeds in
    // registers, a word at a time. p may be st[sp] itself (the walk pops
    // pairs in place): the right pair's words are all loaded before its
    // stores, and the left pair goes to st[sp + 1].
    __attribute__((always_inline)) static void put_pair_children(const Pair& p, const uint8_t* left, Pair* st,
                                                                 uint32_t& sp) {
        const uint32_t v = p.v;
        Pair& b = st[sp];
        Pair& a = st[sp + 1];
        if constexpr (S == 16) {
#pragma GCC unroll 2
            for (uint32_t q = 0; q < 2; ++q) {
                const uint8_t* ps = p.seed + q * S;
                const uint8_t* ct = left + q * S;
                Pair& c = q == 0 ? a : b;
                const uint32_t p0 = P::ld32(ps), p1 = P::ld32(ps + 4), p2 = P::ld32(ps + 8), p3 = P::ld32(ps + 12);
                const uint32_t l0 = P::ld32(ct) ^ p0 ^ p2, l1 = P::ld32(ct + 4) ^ p1 ^ p3;
                const uint32_t l2 = P::ld32(ct + 8) ^ p0, l3 = P::ld32(ct + 12) ^ p1;
                P::st32(c.seed, l0), P::st32(c.seed + 4, l1), P::st32(c.seed + 8, l2), P::st32(c.seed + 12, l3);
                P::st32(c.seed + 16, l0 ^ p0), P::st32(c.seed + 20, l1 ^ p1);
                P::st32(c.seed + 24, l2 ^ p2), P::st32(c.seed + 28, l3 ^ p3);
                c.v = 2 * (v + q);
            }
        } else {
            // (the right pair b may be p: its parent's seed first)
            uint8_t lo[2 * S], par[2 * S];
            std::memcpy(par, p.seed, 2 * S);
            std::memcpy(lo, left, 2 * S);
            for (uint32_t q = 0; q < 2; ++q) {
                P::xor_lin_ortho(par + q * S, lo + q * S);
                Pair& c = q == 0 ? a : b;
                P::put_children(lo + q * S, par + q * S, c.seed);
                c.v = 2 * (v + q);
            }
            secure_wipe(lo, sizeof lo);
            secure_wipe(par, sizeof par);
        }
        sp += 2;
    }
    static void expand_pair(const uint8_t* salt, const Pair& p, Pair* st, uint32_t& sp, cipher::Backend be,
                            uint8_t* left) {
        if constexpr (C::kAes128) {
            if (be == cipher::Backend::external) return expand_pair_engine(salt, p, st, sp, left);
            if (cipher::resolve_backend(be) == cipher::Backend::table_not_ct) {
                // T-tables (Lut): both schedules and blocks in one call, the
                // round keys made beside the rounds (M4: ~100 cycles a node less)
                cipher::encrypt2_tweaked_table_not_ct(salt, P::tweak_word(2, (p.v - 1) & 0xffu, (p.v - 1) >> 8),
                                                      P::tweak_word(2, p.v & 0xffu, p.v >> 8), p.seed, left);
                return put_pair_children(p, left, st, sp);
            }
        }
        Key k[2];
        P::tweak_key(k[0], salt, 2, (p.v - 1) & 0xffu, (p.v - 1) >> 8, be);
        P::tweak_key(k[1], salt, 2, p.v & 0xffu, p.v >> 8, be);
        if constexpr (C::kAes128) {
            // The two-key bitsliced pass straight (no dispatch: ~200 cycles a pair).
            if (cipher::resolve_backend(be) == cipher::Backend::bitsliced) {
                cipher::encrypt2_keys_bitsliced(k[0], k[1], p.seed, p.seed + S, left, left + S);
            } else {
                const Key* kp[2] = {&k[0], &k[1]};
                C::encrypt_multi(kp, p.seed, left, 2, be);
            }
        } else {
            const Key* kp[2] = {&k[0], &k[1]};
            C::encrypt_multi(kp, p.seed, left, 2, be);
        }
        put_pair_children(p, left, st, sp);
    }
    // Only node u = p.v + q of the pair holds leaves of the walk's group
    // (pair_mask): its children alone, one key and one block (a "-2" walk's
    // pairs beside its group's edges: ~1,100 of fast -2's ~3,550).
    static void expand_half(const uint8_t* salt, const Pair& p, uint32_t q, Pair* st, uint32_t& sp,
                            cipher::Backend be, uint8_t* left) {
        const uint32_t u = p.v + q;
        const uint8_t* ps = p.seed + q * S;
        bool raw = false;  // left holds the bare block (the AES-128 shortcuts): LinOrtho still to add
        if constexpr (C::kAes128) {
            if (be == cipher::Backend::external) {
                EngineKey k;
                engine_tweak(k, salt, 2, (u - 1) & 0xffu, (u - 1) >> 8);
                (void)cipher::encrypt_external_aes128_raw(k.b, ps, left, 1);
                raw = true;
            } else if (cipher::resolve_backend(be) == cipher::Backend::table_not_ct) {
                cipher::encrypt1_tweaked_table_not_ct(salt, P::tweak_word(2, (u - 1) & 0xffu, (u - 1) >> 8), ps,
                                                      left);
                raw = true;
            }
        }
        if (!raw) {  // SeedDerive, LinOrtho included
            Key k;
            P::tweak_key(k, salt, 2, (u - 1) & 0xffu, (u - 1) >> 8, be);
            P::derive(k, ps, left, 1, be);
            C::wipe(k);
        }
        // p may be st[sp] itself: the parent's words are all read before the stores.
        Pair& c = st[sp];
        if constexpr (S == 16) {
            const uint32_t p0 = P::ld32(ps), p1 = P::ld32(ps + 4), p2 = P::ld32(ps + 8), p3 = P::ld32(ps + 12);
            uint32_t l0 = P::ld32(left), l1 = P::ld32(left + 4), l2 = P::ld32(left + 8), l3 = P::ld32(left + 12);
            if (raw) l0 ^= p0 ^ p2, l1 ^= p1 ^ p3, l2 ^= p0, l3 ^= p1;
            P::st32(c.seed, l0), P::st32(c.seed + 4, l1), P::st32(c.seed + 8, l2), P::st32(c.seed + 12, l3);
            P::st32(c.seed + 16, l0 ^ p0), P::st32(c.seed + 20, l1 ^ p1);
            P::st32(c.seed + 24, l2 ^ p2), P::st32(c.seed + 28, l3 ^ p3);
        } else {
            uint8_t par[S], l[S];
            std::memcpy(par, ps, S);
            std::memcpy(l, left, S);
            if (raw) P::xor_lin_ortho(par, l);
            P::put_children(l, par, c.seed);
            secure_wipe(par, sizeof par);
            secure_wipe(l, sizeof l);
        }
        c.v = 2 * u;
        sp += 1;
    }
    static void push_unknown(uint32_t v, Node* st, uint32_t& sp) {
        st[sp].v = 2 * v + 1;
        st[sp].known = false;
        st[sp + 1].v = 2 * v;
        st[sp + 1].known = false;
        sp += 2;
    }

    // (delta || rseed) = PRG(0^S, 0, mseed, 2 S): SeedDerive of mseed under
    // the tweaks (3, 0, b), b = 0, 1, one key at a time (Prims::prg keeps 8
    // expanded keys on its stack: 1.8 KB at the signer's peak).
    __attribute__((noinline)) static void derive_tree_seeds(const uint8_t* mseed, uint8_t* delta, uint8_t* rseed,
                                                            cipher::Backend be) {
        const uint8_t zero_salt[S] = {};
        Key k;
        P::tweak_key(k, zero_salt, 3, 0, 0, be);
        P::derive(k, mseed, delta, 1, be);
        P::tweak_key(k, zero_salt, 3, 0, 1, be);
        P::derive(k, mseed, rseed, 1, be);
        C::wipe(k);
    }

    // The waiting leaves are dead once a walk ends (N is a multiple of the
    // batch) and are wiped then: they may share the lanes (OneTreeScheme's
    // pend_in_lanes), which use() then writes.
    static void wipe_group(const Dims& d, uint32_t np, const GroupWork& g) {
        secure_wipe(g.fold, size_t(np) * g.fold_rows(d) * d.exp_bytes());
    }

    // A batch's buffers, in the walk's frame: wiped once per walk, not per
    // batch (~4 Mc a short signature of wipes otherwise).
    // MB: the largest batch (2: the direct fold's pairs, whose shares are whole).
    template <uint32_t MB>
    struct alignas(4) BatchScratch {  // (col: uint32_t words in take_batch_table)
        static constexpr uint32_t kMax = MB;
        uint8_t cm[MB == 2 ? 6 * S : MB * 2 * S];        // c1_0 c2_0 c1_1 c2_1 ...
        uint8_t col[MB == 2 ? 2 * kMaxPrgBlocks * S : MB * S];  // one PRG block of every leaf
    };

    // NB consecutive leaves i.. of repetition r (seeds at ls): leaf
    // commitments into the XOF, shares into the Gray-code fold, every cipher
    // call on the whole batch under one key (one key preparation and half
    // as many passes on the fixsliced AES as one leaf at a time).
    // Verifier: leaf `hidden` (< NB) of the batch is the unknown one: the
    // opened commitment, a zero share.
    // K: the prepared key on the fixsliced AES (LinOrtho in the pass's
    // stores, no dispatch, no per-call preparation or wipe), else the
    // expanded key (T-tables, AES-NI).
    template <uint32_t NB, class K, class SC>
    static void take_batch(const Dims& d, const GroupWork& g, const uint8_t* salt, uint32_t e, uint32_t r,
                           uint32_t i, const uint8_t* ls, uint32_t hidden, const uint8_t* opened,
                           cipher::Backend be, SC& sc) {
        constexpr uint32_t nb = NB;
        static_assert(nb % 8 == 0 && nb <= SC::kMax);
        if constexpr (C::kAes128 && std::is_same_v<K, Key>) {
            if (be == cipher::Backend::external)
                return take_batch_engine<NB>(d, g, salt, e, r, i, ls, hidden, opened, sc);
        }
        const size_t eb = d.exp_bytes(), nblk = prg_blocks(d);
        uint8_t* acc = g.fold + size_t(r) * g.fold_rows(d) * eb;
        uint8_t* cm = sc.cm;
        uint8_t* col = sc.col;
        K k;
        uint8_t t[S];
        // Fixsliced passes on sliced inputs (the M4): the leaves' transpose
        // once for their five passes, in col; the PRG blocks then go to cm
        // (absorbed by then). The walk wipes both.
        constexpr bool sliced = C::kAes128 && std::is_same_v<K, typename C::PKey> && cipher::kFs2SlicedInputs;
        if constexpr (sliced) cipher::slice2_fixsliced(ls, reinterpret_cast<uint32_t*>(col), nb / 2);
        P::tweak_salt(salt, t, 0, e, 0);
        for (uint32_t c = 0; c < 2; ++c) {
            if (c == 1) t[0] ^= 0x01;
            C::schedule(k, t, be);
            if constexpr (std::is_same_v<K, typename C::PKey>) {
                if constexpr (C::kAes128) {  // (fixsliced: take_batch<NB, PKey> only runs on it)
                    cipher::encrypt2n_lin_ortho_fixsliced(k, reinterpret_cast<const uint32_t*>(col), ls, cm + c * S,
                                                          nb / 2, 2 * S);
                } else {
                    for (uint32_t q = 0; q < nb; q += 2)
                        P::derive2_inline(k, ls + q * S, ls + (q + 1) * S, cm + q * 2 * S + c * S,
                                          cm + (q + 1) * 2 * S + c * S, be);
                }
            } else {
                if constexpr (C::kAes128) {
                    // T-tables: straight to the commitment halves (no copy pass)
                    if (cipher::resolve_backend(be) == cipher::Backend::table_not_ct) {
                        cipher::encrypt_lin_ortho_table_not_ct(k, ls, cm + c * S, nb, 2 * S);
                        continue;
                    }
                }
                P::derive(k, ls, col, nb, be);
                for (uint32_t q = 0; q < nb; ++q) std::memcpy(cm + q * 2 * S + c * S, col + q * S, S);
            }
        }
        if (hidden < nb) std::memcpy(cm + hidden * 2 * S, opened, 2 * S);
        g.xof[r].absorb(cm, nb * 2 * S);
        // Fold rows of the leaves, 8 at a time: 0 1 0 2 0 1 0 and the last's bit.
        uint8_t gb[nb];
        batch_fold_rows<nb>(d, i, gb);
        for (size_t b = 0; b < nblk; ++b) {
            P::tweak_key(k, salt, 3, e, uint32_t(b), be);
            if constexpr (C::kAes128 && std::is_same_v<K, typename C::PKey>)
                cipher::encrypt2n_lin_ortho_fixsliced(k, reinterpret_cast<const uint32_t*>(col), ls,
                                                      sliced ? cm : col, nb / 2, S);
            else
                P::derive_inline(k, ls, col, nb, be);
            fold_batch_block<nb>(acc, eb, gb, b, sliced ? cm : col, hidden);
        }
        if constexpr (std::is_same_v<K, Key>) {
            if (!(C::kAes128 && be == cipher::Backend::external)) C::wipe(k);
        }
    }
    // take_batch on the T-tables (Lut): the five keys of a batch (two
    // commitment halves, the PRG blocks) are tweaked salts of one repetition,
    // equal in words 1-3 and bytes 2-3 of word 0, and all run on the same
    // seeds, so what round 1 shares between them is made once a leaf
    // (cipher::table_round1_pre_not_ct) and each pass looks up 2 of its 16
    // round-1 entries: ~40 cycles a block (~0.6 Mc a fast -1 signature).
    // The shared words (16 B a leaf) take the batch scratch's PRG column
    // area, so the PRG passes write into the commitment area once it is
    // absorbed: no stack (the scratch is wiped with the walk).
    template <uint32_t NB, class SC>
    __attribute__((noinline)) static void take_batch_table(const Dims& d, const GroupWork& g, const uint8_t* salt,
                                                           uint32_t e, uint32_t r, uint32_t i, const uint8_t* ls,
                                                           uint32_t hidden, const uint8_t* opened, cipher::Backend be,
                                                           SC& sc) {
        const size_t eb = d.exp_bytes(), nblk = prg_blocks(d);
        uint8_t* acc = g.fold + size_t(r) * g.fold_rows(d) * eb;
        uint8_t* cm = sc.cm;
        static_assert(sizeof(sc.col) >= NB * 16 && sizeof(sc.cm) >= NB * S && alignof(SC) >= 4);
        uint32_t* pre = reinterpret_cast<uint32_t*>(sc.col);
        Key k;
        uint8_t t[S];
        P::tweak_salt(salt, t, 0, e, 0);
        C::schedule(k, t, be);
        cipher::table_round1_pre_not_ct(k, ls, pre, NB);
        cipher::encrypt_lin_ortho_table_pre_not_ct(k, pre, ls, cm, NB, 2 * S);
        t[0] ^= 0x01;
        C::schedule(k, t, be);
        cipher::encrypt_lin_ortho_table_pre_not_ct(k, pre, ls, cm + S, NB, 2 * S);
        if (hidden < NB) std::memcpy(cm + hidden * 2 * S, opened, 2 * S);
        g.xof[r].absorb(cm, NB * 2 * S);
        uint8_t gb[NB];
        batch_fold_rows<NB>(d, i, gb);
        for (size_t b = 0; b < nblk; ++b) {
            P::tweak_key(k, salt, 3, e, uint32_t(b), be);
            cipher::encrypt_lin_ortho_table_pre_not_ct(k, pre, ls, cm, NB);
            fold_batch_block<NB>(acc, eb, gb, b, cm, hidden);
        }
        C::wipe(k);
    }
    // The fold rows of a batch's leaves i.. (every take_batch*): 0 1 0 2 0 1 0
    // within each group of 8, and the Gray-code bit of the group's last leaf.
    template <uint32_t NB>
    static void batch_fold_rows(const Dims& d, uint32_t i, uint8_t* gb) {
        for (uint32_t q = 0; q < NB; ++q)
            gb[q] = uint8_t((q & 7) != 7 ? uint32_t(__builtin_ctz(q + 1)) : gray_bit(i + q, d.n_evals(), d.log_n));
    }
    // PRG block b of every leaf of a batch (col: S bytes a leaf) into the
    // fold; the hidden leaf's share is zero.
    template <uint32_t NB>
    static void fold_batch_block(uint8_t* acc, size_t eb, const uint8_t* gb, size_t b, uint8_t* col,
                                 uint32_t hidden) {
        if (hidden < NB) std::memset(col + hidden * S, 0, S);
        const size_t off = b * S, len = (eb - off) < S ? (eb - off) : S;
        if constexpr (NB == 32) {
            fold_column32(acc, acc + eb, eb, gb, off, col, len);
        } else {
            for (uint32_t h = 0; h < NB; h += 8)
                Base::fold_column(acc, acc + eb, eb, gb + h, off, col + h * S, 8, len);
        }
    }
    // Blc::fold_column over a whole batch of 32 (8 at a time: 16 row updates
    // a word): gb = ctz(q + 1) but for q = 7, 15, 23, 31 (gb[q]: the batch
    // is aligned, so the first three are 3, 4, 3, the last the last leaf's
    // bit), so the XORs into rows 0, 1, 2 add up in registers first and a
    // word takes 7 row updates (each a load and a store in turn: rows may
    // coincide). ~0.15 Mc a fast -1 signature.
    __attribute__((noinline)) static void fold_column32(uint8_t* acc, uint8_t* fold, size_t eb, const uint8_t* gb,
                                                        size_t off, const uint8_t* src, size_t len) {
        uint8_t* const r0 = fold + off;
        uint8_t* const r1 = fold + eb + off;
        uint8_t* const r2 = fold + 2 * eb + off;
        uint8_t* const r7 = fold + gb[7] * eb + off;
        uint8_t* const r15 = fold + gb[15] * eb + off;
        uint8_t* const r23 = fold + gb[23] * eb + off;
        uint8_t* const r31 = fold + gb[31] * eb + off;
        size_t t = 0;
        for (; t + 4 <= len; t += 4) {
            const uint8_t* s = src + t;
            uint32_t a = P::ld32(acc + off + t), x0 = 0, x1 = 0, x2 = 0, a7 = 0, a15 = 0, a23 = 0;
#pragma GCC unroll 32
            for (uint32_t q = 0; q < 32; ++q) {
                a ^= P::ld32(s + q * S);
                if (q % 2 == 0) x0 ^= a;
                else if (q % 4 == 1) x1 ^= a;
                else if (q % 8 == 3) x2 ^= a;
                else if (q == 7) a7 = a;
                else if (q == 15) a15 = a;
                else if (q == 23) a23 = a;
            }
            P::st32(r0 + t, P::ld32(r0 + t) ^ x0);
            P::st32(r1 + t, P::ld32(r1 + t) ^ x1);
            P::st32(r2 + t, P::ld32(r2 + t) ^ x2);
            P::st32(r7 + t, P::ld32(r7 + t) ^ a7);
            P::st32(r15 + t, P::ld32(r15 + t) ^ a15);
            P::st32(r23 + t, P::ld32(r23 + t) ^ a23);
            P::st32(r31 + t, P::ld32(r31 + t) ^ a);
            P::st32(acc + off + t, a);
        }
        for (; t < len; ++t) {
            uint8_t a = acc[off + t];
            for (uint32_t q = 0; q < 32; ++q) {
                a = uint8_t(a ^ src[q * S + t]);
                fold[gb[q] * eb + off + t] ^= a;
            }
            acc[off + t] = a;
        }
    }
    // take_batch on the engine (Hardware): the tweaked salts are the raw
    // keys (one key load and one call per commitment half and PRG block, no
    // round-key words or dispatch). The commitments take LinOrtho in the
    // pass that places them; once absorbed, their buffer holds each leaf's
    // LinOrtho for its nblk PRG blocks (made once, no extra stack).
    template <uint32_t NB, class SC>
    static void take_batch_engine(const Dims& d, const GroupWork& g, const uint8_t* salt, uint32_t e, uint32_t r,
                                  uint32_t i, const uint8_t* ls, uint32_t hidden, const uint8_t* opened, SC& sc) {
        const size_t eb = d.exp_bytes(), nblk = prg_blocks(d);
        uint8_t* acc = g.fold + size_t(r) * g.fold_rows(d) * eb;
        uint8_t* cm = sc.cm;
        uint8_t* col = sc.col;
        EngineKey t;
        engine_tweak(t, salt, 0, e, 0);
        for (uint32_t c = 0; c < 2; ++c) {
            if (c == 1) t.b[0] ^= 0x01;
            (void)cipher::encrypt_external_aes128_raw(t.b, ls, col, NB);
            for (uint32_t q = 0; q < NB; ++q) P::put_lin_ortho(col + q * S, ls + q * S, cm + q * 2 * S + c * S);
        }
        if (hidden < NB) std::memcpy(cm + hidden * 2 * S, opened, 2 * S);
        g.xof[r].absorb(cm, NB * 2 * S);
        uint8_t* lo = cm;
        for (uint32_t q = 0; q < NB; ++q) P::lin_ortho(ls + q * S, lo + q * S);
        uint8_t gb[NB];
        batch_fold_rows<NB>(d, i, gb);
        for (size_t b = 0; b < nblk; ++b) {
            engine_tweak(t, salt, 3, e, uint32_t(b));
            (void)cipher::encrypt_external_aes128_raw(t.b, ls, col, NB);
            const size_t off = b * S, len = (eb - off) < S ? (eb - off) : S;
            if (hidden >= NB && len % 4 == 0) {  // the share = col ^ LinOrtho, in the fold's loads
                for (uint32_t h = 0; h < NB; h += 8)
                    fold_column_lo8(acc, acc + eb, eb, gb + h, off, col + h * S, lo + h * S, len);
                continue;
            }
            for (uint32_t q = 0; q < NB; ++q) P::xor_seed(col + q * S, lo + q * S);
            if (hidden < NB) std::memset(col + hidden * S, 0, S);
            for (uint32_t h = 0; h < NB; h += 8)
                Base::fold_column(acc, acc + eb, eb, gb + h, off, col + h * S, 8, len);
        }
    }
    // Blc::fold_column_n<8> on shares src_q ^ lo_q (len a multiple of 4):
    // gb = 0 1 0 2 0 1 0 g, so 4 row updates a word.
    __attribute__((noinline)) static void fold_column_lo8(uint8_t* acc, uint8_t* fold, size_t eb, const uint8_t* gb,
                                                          size_t off, const uint8_t* src, const uint8_t* lo,
                                                          size_t len) {
        uint8_t* const r0 = fold + off;
        uint8_t* const r1 = fold + eb + off;
        uint8_t* const r2 = fold + 2 * eb + off;
        uint8_t* const r3 = fold + gb[7] * eb + off;
        for (size_t t = 0; t < len; t += 4) {
            const uint8_t* s = src + t;
            const uint8_t* l = lo + t;
            uint32_t a[8];
            uint32_t v = P::ld32(acc + off + t);
#pragma GCC unroll 8
            for (uint32_t q = 0; q < 8; ++q) a[q] = v = v ^ P::ld32(s + q * S) ^ P::ld32(l + q * S);
            P::st32(r0 + t, P::ld32(r0 + t) ^ a[0] ^ a[2] ^ a[4] ^ a[6]);
            P::st32(r1 + t, P::ld32(r1 + t) ^ a[1] ^ a[5]);
            P::st32(r2 + t, P::ld32(r2 + t) ^ a[3]);
            P::st32(r3 + t, P::ld32(r3 + t) ^ a[7]);
            P::st32(acc + off + t, a[7]);
        }
    }
    // Direct fold (g.direct): leaves i, i + 1 of repetition e; both whole
    // shares, then acc ^= share and the lane update per leaf.
    template <class K, class SC>
    static void take_pair_direct(const Dims& d, const GroupWork& g, const uint8_t* salt, uint32_t e, uint32_t r,
                                 uint32_t i, const uint8_t* ls, uint32_t hidden, const uint8_t* opened,
                                 cipher::Backend be, SC& sc) {
        const size_t eb = d.exp_bytes(), xb = d.x_bytes(), nblk = prg_blocks(d), sb = nblk * S;
        uint8_t* acc = g.fold + size_t(r) * eb;
        uint8_t* cm = sc.cm;              // 4 S: the two leaves' commitments
        uint8_t* tmp = sc.cm + 4 * S;     // 2 S: the Key path's cipher output
        uint8_t* ex = sc.col;             // 2 x nblk x S: the two shares
        K k;
        uint8_t t[S];
        P::tweak_salt(salt, t, 0, e, 0);
        for (uint32_t c = 0; c < 2; ++c) {
            if (c == 1) t[0] ^= 0x01;
            C::schedule(k, t, be);
            if constexpr (std::is_same_v<K, typename C::PKey>) {
                P::derive2_inline(k, ls, ls + S, cm + c * S, cm + 2 * S + c * S, be);
            } else {
                P::derive(k, ls, tmp, 2, be);
                std::memcpy(cm + c * S, tmp, S);
                std::memcpy(cm + 2 * S + c * S, tmp + S, S);
            }
        }
        if (hidden < 2) std::memcpy(cm + hidden * 2 * S, opened, 2 * S);
        g.xof[r].absorb(cm, 4 * S);
        for (size_t b = 0; b < nblk; ++b) {
            P::tweak_key(k, salt, 3, e, uint32_t(b), be);
            if constexpr (std::is_same_v<K, typename C::PKey>) {
                P::derive2_inline(k, ls, ls + S, ex + b * S, ex + sb + b * S, be);
            } else {
                P::derive(k, ls, tmp, 2, be);
                std::memcpy(ex + b * S, tmp, S);
                std::memcpy(ex + sb + b * S, tmp + S, S);
            }
        }
        if (hidden < 2) std::memset(ex + hidden * sb, 0, sb);
        const Direct& dir = *g.direct;
        uint8_t* lane = dir.xrows + size_t(e) * E::bytes;
        Elt* u = dir.u + size_t(e) * d.eta;
        for (uint32_t q = 0; q < 2; ++q) {
            xor_into(acc, ex + q * sb, eb);
            const uint32_t j = gray_bit(i + q, d.n_evals(), d.log_n);
            lane_fold(d, dir.tx[j], acc, lane, dir.row_bytes);
            Elt v[1];
            for (uint32_t m = 0; m < d.eta; ++m) {
                E::load(acc + xb + size_t(m) * E::bytes, v, 1);
                u[m] ^= mul_pow2(v[0], j);
            }
        }
        if constexpr (std::is_same_v<K, Key>) {
            if (!(C::kAes128 && be == cipher::Backend::external)) C::wipe(k);
        }
    }
    template <uint32_t NB, class SC>
    static void take_batch(const Dims& d, const GroupWork& g, const uint8_t* salt, uint32_t e, uint32_t r,
                           uint32_t i, const uint8_t* ls, uint32_t hidden, const uint8_t* opened,
                           cipher::Backend be, SC& sc) {
        if constexpr (NB == 2) {
            if constexpr (C::kAes128) {
                if (C::fixsliced(be))
                    return take_pair_direct<typename C::PKey, SC>(d, g, salt, e, r, i, ls, hidden, opened, be, sc);
            }
            return take_pair_direct<Key, SC>(d, g, salt, e, r, i, ls, hidden, opened, be, sc);
        } else {
            if constexpr (C::kAes128) {
                if (C::fixsliced(be))
                    return take_batch<NB, typename C::PKey, SC>(d, g, salt, e, r, i, ls, hidden, opened, be, sc);
                // (before take_batch<NB, Key>: its frame is not entered on this path)
                if constexpr (S == 16) {
                    if (be != cipher::Backend::external &&
                        cipher::resolve_backend(be) == cipher::Backend::table_not_ct)
                        return take_batch_table<NB>(d, g, salt, e, r, i, ls, hidden, opened, be, sc);
                }
            }
            take_batch<NB, Key, SC>(d, g, salt, e, r, i, ls, hidden, opened, be, sc);
        }
    }
    // Leaf i of repetition e (group slot r) into its batch; the batch runs
    // with its last leaf (N is a multiple of the batch).
    template <class SC>
    static void add_leaf(const Dims& d, const GroupWork& g, const uint8_t* salt, uint32_t e, uint32_t r, uint32_t i,
                         const uint8_t* seed, uint32_t& hidden_slot, const uint8_t* opened, cipher::Backend be,
                         SC& sc) {
        const uint32_t m = g.batch - 1;
        uint8_t* pend = g.pend + size_t(r) * g.batch * S;
        if (seed != nullptr) std::memcpy(pend + (i & m) * S, seed, S);
        else std::memset(pend + (i & m) * S, 0, S);
        if ((i & m) == m) run_batch(d, g, salt, e, r, i - m, hidden_slot, opened, be, sc);
    }
    // The full batch of repetition e (group slot r) from leaf i0 on.
    template <class SC>
    __attribute__((always_inline)) static void run_batch(const Dims& d, const GroupWork& g, const uint8_t* salt,
                                                         uint32_t e, uint32_t r, uint32_t i0, uint32_t& hidden_slot,
                                                         const uint8_t* opened, cipher::Backend be, SC& sc) {
        uint8_t* pend = g.pend + size_t(r) * g.batch * S;
        if constexpr (SC::kMax == 2) {
            take_batch<2>(d, g, salt, e, r, i0, pend, hidden_slot, opened, be, sc);
        } else if constexpr (SC::kMax == 8) {
            take_batch<8>(d, g, salt, e, r, i0, pend, hidden_slot, opened, be, sc);
        } else if constexpr (SC::kMax == 16) {
            if (g.batch == 16) take_batch<16>(d, g, salt, e, r, i0, pend, hidden_slot, opened, be, sc);
            else take_batch<8>(d, g, salt, e, r, i0, pend, hidden_slot, opened, be, sc);
        } else {  // (the full workspace: its batch is MB; no 16 / 8 copies in flash)
            take_batch<32>(d, g, salt, e, r, i0, pend, hidden_slot, opened, be, sc);
        }
        hidden_slot = kMaxLeafBatch;
    }

    // Which of the inner sibling nodes v, v + 1 (v even) have a leaf of
    // repetitions e0 .. e0 + np - 1 in their subtree: bit 0 v, bit 1 v + 1.
    // A walk for a group skips the subtrees with none (in short's "-2" a
    // third of the bottom pairs) and derives the children of only the node
    // that needs them when one does (fast "-2": ~1,100 of ~3,550 pairs).
    // Subtrees hold consecutive leaf numbers (depth-first order).
    __attribute__((always_inline)) static uint32_t pair_mask(const OneTreeShape& t, uint32_t v, uint32_t e0,
                                                             uint32_t np) {
        if (np >= t.tau) return 3;
        const uint32_t top = 1u << t.height, k = t.height - uint32_t(31 - __builtin_clz(v)), nt2 = 2 * t.nt;
        // first leaf numbers of v, v + 1 and v + 2 (one past v + 1's last)
        uint32_t f[3];
        for (uint32_t q = 0; q < 3; ++q) {
            const uint32_t u = v + q, a = u << k;
            f[q] = a < nt2 ? a - top : (u << (k - 1)) + t.nt - top;
        }
        // each half: all repetitions if it spans tau leaves, else the range
        // of its first and last leaves' (at most one division a half)
        const uint32_t e1 = e0 + np, tau = t.tau;
        uint32_t m = 0, ef = ~0u;
        for (uint32_t q = 0; q < 2; ++q) {
            const uint32_t len = f[q + 1] - f[q];
            if (len >= tau) {
                m |= 1u << q;
                ef = ~0u;
                continue;
            }
            if (ef == ~0u) ef = f[q] % tau;
            uint32_t el = ef + len - 1;
            if (el >= tau) el -= tau;
            const bool hit = ef <= el ? (ef < e1 && el >= e0) : (ef < e1 || el >= e0);
            m |= uint32_t(hit) << q;
            ef = el + 1 == tau ? 0 : el + 1;
        }
        return m;
    }

    // The step both walks share: com1's XOF (0x07, then h_e = XOF(0x06 ||
    // leaf commitments of e) for every repetition e), the tree walked once
    // per group of g.par repetitions with fresh fold areas and XOFs.
    // walk(e0, np) walks it for repetitions e0 .. e0 + np - 1 (false: a bad
    // opening, stop); use(e, acc) takes repetition e's fold area before h_e
    // is absorbed. The caller absorbs delta_x and squeezes com1. False if a
    // walk was.
    template <class Walk, class Use>
    static bool walk_groups(const Dims& d, const GroupWork& g, XofCtx<Sec>& c1x, Walk&& walk, Use&& use) {
        const size_t fold_bytes = g.fold_rows(d) * d.exp_bytes();
        c1x.init();
        c1x.absorb_byte(0x07);
        for (uint32_t e0 = 0; e0 < d.tau; e0 += g.par) {
            const uint32_t np = min_u32(g.par, d.tau - e0);
            std::memset(g.fold, 0, size_t(np) * fold_bytes);
            for (uint32_t r = 0; r < np; ++r) {
                g.xof[r].init();
                g.xof[r].absorb_byte(0x06);
            }
            const bool ok = walk(e0, np);
            secure_wipe(g.pend, size_t(np) * g.batch * S);
            for (uint32_t r = 0; ok && r < np; ++r) {
                use(e0 + r, g.fold + size_t(r) * fold_bytes);
                uint8_t h[2 * S];
                g.xof[r].squeeze(h, 2 * S);
                c1x.absorb(h, 2 * S);
            }
            wipe_group(d, np, g);
            if (!ok) return false;
        }
        return true;
    }

    // Signer. Writes x0 / u0 / u1 into w.xT (lanes) / ua / ub, delta_x into
    // dx_out (tau * xb, the signature's field) and com1.
    // MB: the workspace's leaf batch (16 or 8; 2: the direct fold).
    // top, top_bytes (may be null / 0): scratch for the walks of several
    // groups ("-2"; the signature's opening field, written only later): the
    // first walk keeps there the 2^D seeds at the deepest depth D that fits
    // and whose subtrees all hold every repetition, and the next walks start
    // from them instead of deriving the 2^D - 2 nodes above again (fast:
    // 63 of its ~1,400 re-derived pairs).
    template <uint32_t MB>
    static void commit(const Dims& d, const OneTreeDims& o, const uint8_t* mseed, const uint8_t* salt,
                       const uint8_t* x, Work<Elt>& w, const GroupWork& g_in, uint8_t* dx_out, uint8_t* com1,
                       uint8_t* top = nullptr, size_t top_bytes = 0) {
        const size_t xb = d.x_bytes(), R = d.lane_bytes();
        const OneTreeShape t = shape(d, o);
        const cipher::Backend be = w.sec_backend;
        uint8_t delta[S], rseed[S];
        derive_tree_seeds(mseed, delta, rseed, be);
        uint8_t* xrows = reinterpret_cast<uint8_t*>(w.xT);
        std::memset(xrows, 0, size_t(d.n) * R);
        GroupWork g = g_in;
        Direct dir;
        if (g.batch == 2) {
            make_direct(d, w, dir);
            g.direct = &dir;
        }
        // The kept depth (0: none): 2^D seeds fit, and a depth-D subtree
        // (2^(H-1-D) leaves at least) holds every repetition, so the first
        // walk expands every pair down to depth D.
        uint32_t kd = 0;
        if (top != nullptr && g.par < d.tau)
            for (uint32_t dd = 2; dd + 1 < o.height && (size_t(1) << dd) * S <= top_bytes &&
                                  (1u << (o.height - 1 - dd)) >= d.tau;
                 ++dd)
                kd = dd;
        const uint32_t k0 = kd != 0 ? 1u << kd : 0;  // first node at depth kd
        XofCtx<Sec> c1x;
        const auto walk = [&](uint32_t e0, uint32_t np) {
            // Sibling pairs (v, v + 1), v even: both inner nodes or both leaves
            // (N tau is even); the left children of both come from one
            // two-key cipher pass.
            Pair st[kOneTreeMaxHeight + 2];
            BatchScratch<MB> sc;
            // The walk's constants as locals (not through the closure's
            // references, reloaded after every seed store): ~0.2 Mc a fast -1
            // signature of address loads.
            const uint32_t nt = t.nt, tau = d.tau, top_leaf = 1u << t.height, e0l = e0, npl = np;
            uint8_t* const pend = g.pend;
            const uint32_t bm = g.batch - 1;
            const size_t rstride = size_t(g.batch) * S;
            const auto dfs = [&](uint32_t sp) {
                while (sp != 0) {
                    // popped in place (no 36-byte copy): expand_pair writes the
                    // right children over it only after reading it
                    const Pair& p = st[--sp];
                    const uint32_t v = p.v;
                    if (v < nt) {
                        if (e0l == 0 && v - k0 < k0) std::memcpy(top + size_t(v - k0) * S, p.seed, 2 * S);
                        const uint32_t m = pair_mask(t, v, e0l, npl);
                        if (m == 3) expand_pair(salt, p, st, sp, be, sc.cm);
                        else if (m != 0) expand_half(salt, p, m >> 1, st, sp, be, sc.cm);
                        continue;
                    }
                    // leaves L, L + 1 (v even: both at the same depth; leaf_number)
                    const uint32_t L = v >= top_leaf ? v - top_leaf : v + nt - top_leaf;
                    uint32_t i = L / tau, e = L - i * tau;
                    for (uint32_t q = 0; q < 2; ++q) {
                        const uint32_t r = e - e0l;  // (unsigned: e < e0 wraps past np)
                        if (r < npl) {
                            const uint32_t slot = i & bm;
                            uint8_t* dst = pend + r * rstride + slot * S;
                            const uint8_t* src = p.seed + q * S;
                            if constexpr (S == 16) {
                                const uint32_t w0 = P::ld32(src), w1 = P::ld32(src + 4);
                                const uint32_t w2 = P::ld32(src + 8), w3 = P::ld32(src + 12);
                                P::st32(dst, w0), P::st32(dst + 4, w1), P::st32(dst + 8, w2), P::st32(dst + 12, w3);
                            } else {
                                std::memcpy(dst, src, S);
                            }
                            if (slot == bm) {
                                uint32_t none = kMaxLeafBatch;
                                run_batch(d, g, salt, e, r, i - bm, none, nullptr, be, sc);
                            }
                        }
                        if (++e == tau) e = 0, ++i;
                    }
                }
            };
            if (e0 != 0 && k0 != 0) {
                for (uint32_t v = k0; v < 2 * k0; v += 2) {  // from the kept depth
                    std::memcpy(st[0].seed, top + size_t(v - k0) * S, 2 * S);
                    st[0].v = v;
                    dfs(1);
                }
            } else {
                std::memcpy(st[0].seed, rseed, S);  // nodes 2, 3: rseed, delta ^ rseed
                for (size_t b = 0; b < S; ++b) st[0].seed[S + b] = uint8_t(delta[b] ^ rseed[b]);
                st[0].v = 2;
                dfs(1);
            }
            secure_wipe(st, sizeof st);
            secure_wipe(&sc, sizeof sc);
            return true;
        };
        (void)walk_groups(d, g, c1x, walk, [&](uint32_t e, const uint8_t* acc) {
            if (g.direct == nullptr) Base::combine(d, acc, xrows + size_t(e) * E::bytes, R, w.ua + size_t(e) * d.eta);
            E::load(acc + xb, w.ub + size_t(e) * d.eta, d.eta);
            uint8_t* dx = dx_out + size_t(e) * xb;
            for (size_t b = 0; b < xb; ++b) dx[b] = uint8_t(x[b] ^ acc[b]);
        });
        ct_unpoison(dx_out, size_t(d.tau) * xb);  // published in the signature
        c1x.absorb(dx_out, size_t(d.tau) * xb);
        c1x.squeeze(com1, 2 * S);
        secure_wipe(delta, S);
        secure_wipe(rseed, S);
    }

    // Whether the challenge's hidden leaves fit the path budget.
    static bool challenge_fits(const Dims& d, const OneTreeDims& o, const uint16_t* i_star) {
        HiddenNodes h;
        hidden_nodes(shape(d, o), i_star, h);
        return h.min_path <= o.topen;
    }

    // Signer: path (T_open seeds) and the hidden leaves' commitments (by e).
    static void open(const Dims& d, const OneTreeDims& o, const uint8_t* mseed, const uint8_t* salt,
                     const uint16_t* i_star, uint8_t* path, uint8_t* lscom, cipher::Backend be) {
        const OneTreeShape t = shape(d, o);
        HiddenNodes h;
        hidden_nodes(t, i_star, h);
        uint8_t delta[S], rseed[S];
        derive_tree_seeds(mseed, delta, rseed, be);
        Node st[kOneTreeMaxHeight + 2];
        uint32_t sp = 1, pos = 1, size = h.min_path, k = 0, nl = 0;
        std::memcpy(st[0].seed, delta, S);
        st[0].v = 1;
        while (sp != 0 && (k < o.topen || nl < d.tau)) {
            const Node n = st[--sp];
            if (n.v != 1) {
                if (pos < h.count && n.v == h.node[pos]) {
                    ++pos;
                    if (n.v >= t.nt) {  // a hidden leaf: its commitment
                        const uint32_t e = t.leaf_number(n.v) % d.tau;
                        Key k1;
                        uint8_t tw[S];
                        P::tweak_salt(salt, tw, 0, e, 0);
                        C::schedule(k1, tw, be);
                        P::derive(k1, n.seed, lscom + size_t(e) * 2 * S, 1, be);
                        tw[0] ^= 0x01;
                        C::schedule(k1, tw, be);
                        P::derive(k1, n.seed, lscom + size_t(e) * 2 * S + S, 1, be);
                        C::wipe(k1);
                        ++nl;
                        continue;
                    }
                } else if (size < o.topen && n.v < t.nt) {
                    ++size;  // split: one more node in the path
                } else {
                    if (k < o.topen) std::memcpy(path + size_t(k) * S, n.seed, S);
                    ++k;
                    continue;
                }
            }
            push_children(salt, rseed, n, st, sp, be);
        }
        secure_wipe(st, sizeof st);
        secure_wipe(delta, S);
        secure_wipe(rseed, S);
    }

    // Verifier: x_eval / u_eval into w.xT (lanes) / ua; false if com1
    // differs or the opening does not fit the challenge.
    template <uint32_t MB>
    static bool eval(const Dims& d, const OneTreeDims& o, const uint8_t* salt, const uint8_t* com1,
                     const uint8_t* path, const uint8_t* lscom, const uint8_t* dx_in, const uint16_t* i_star,
                     Work<Elt>& w, const GroupWork& g_in) {
        const size_t xb = d.x_bytes(), R = d.lane_bytes();
        const OneTreeShape t = shape(d, o);
        const cipher::Backend be = w.pub_backend;
        HiddenNodes h;
        hidden_nodes(t, i_star, h);
        if (h.min_path > o.topen) return false;
        uint8_t* xrows = reinterpret_cast<uint8_t*>(w.xT);
        std::memset(xrows, 0, size_t(d.n) * R);
        GroupWork g = g_in;
        Direct dir;
        if (g.batch == 2) {
            make_direct(d, w, dir);
            g.direct = &dir;
        }
        XofCtx<Sec> c1x;
        const auto walk = [&](uint32_t e0, uint32_t np) {
            Node st[kOneTreeMaxHeight + 2];
            uint32_t sp = 1, pos = 1, size = h.min_path, k = 0;
            BatchScratch<MB> sc;  // public data: no wipe
            uint32_t hslot[kOneTreeMaxTau];  // slot of the hidden leaf in each repetition's current batch
            for (uint32_t r = 0; r < np; ++r) hslot[r] = kMaxLeafBatch;
            st[0].v = 1;
            st[0].known = false;
            while (sp != 0) {
                Node n = st[--sp];
                if (!n.known) {
                    if (n.v == 1) {
                        push_unknown(1, st, sp);
                        continue;
                    }
                    if (pos < h.count && n.v == h.node[pos]) {
                        ++pos;
                        if (n.v < t.nt) {
                            push_unknown(n.v, st, sp);
                        } else {  // hidden leaf: the opened commitment, a zero share
                            const uint32_t L = t.leaf_number(n.v), e = L % d.tau, i = L / d.tau;
                            if (e >= e0 && e < e0 + np) {
                                hslot[e - e0] = i % g.batch;
                                add_leaf(d, g, salt, e, e - e0, i, nullptr, hslot[e - e0],
                                         lscom + size_t(e) * 2 * S, be, sc);
                            }
                        }
                        continue;
                    }
                    if (size < o.topen && n.v < t.nt) {
                        ++size;
                        push_unknown(n.v, st, sp);
                        continue;
                    }
                    if (k >= o.topen) return false;
                    std::memcpy(n.seed, path + size_t(k++) * S, S);
                    n.known = true;
                }
                if (n.v < t.nt) {
                    push_children(salt, nullptr, n, st, sp, be);
                    continue;
                }
                const uint32_t L = t.leaf_number(n.v), e = L % d.tau;
                if (e >= e0 && e < e0 + np)
                    add_leaf(d, g, salt, e, e - e0, L / d.tau, n.seed, hslot[e - e0], lscom + size_t(e) * 2 * S, be,
                             sc);
            }
            return true;
        };
        const bool opened = walk_groups(d, g, c1x, walk, [&](uint32_t e, uint8_t* acc) {
            uint8_t* xe = xrows + size_t(e) * E::bytes;
            Elt* ue = w.ua + size_t(e) * d.eta;
            if (g.direct == nullptr) Base::combine(d, acc, xe, R, ue);
            const Elt rr = E::from_index(i_star[e] ^ (i_star[e] >> 1));
            xor_into(acc, dx_in + size_t(e) * xb, xb);
            Elt tr[1][Base::kBaseBits];
            for (unsigned b = 0; b < Base::kBaseBits; ++b) tr[0][b] = E::mul(rr, Elt(B::lift(uint8_t(1u << b))));
            Base::lifted_rows(d, tr, 1, acc, 0, xe, R, true);
            Elt tmp[1];
            for (uint32_t q = 0; q < d.eta; ++q) {
                E::load(acc + xb + size_t(q) * E::bytes, tmp, 1);
                ue[q] ^= E::mul(rr, tmp[0]);
            }
        });
        if (!opened) return false;
        c1x.absorb(dx_in, size_t(d.tau) * xb);
        uint8_t c[2 * S];
        c1x.squeeze(c, 2 * S);
        return ct_memneq(c, com1, 2 * S) == 0;
    }
};

}  // namespace detail
}  // namespace pqmcu::mqom
