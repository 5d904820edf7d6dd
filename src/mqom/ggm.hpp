// SPDX-License-Identifier: Apache-2.0 OR MIT
// The correlated GGM tree of one repetition e (N = 2^L leaves):
//   level 1 = { rseed, rseed ^ delta }  (the root itself is never used);
//   expanding level j (1 <= j < L) under K_j = TweakSalt(salt, 2, e, j-1):
//     left child = SeedDerive_{K_j}(node), right child = left ^ node.
// Opening leaf i* reveals the L siblings along its path: path[t] is the
// sibling at level L - t (path[0] = the sibling leaf).
//
// Desktop layout: the tree is expanded level by level in place in one
// N-seed buffer (children of position p go to 2p, 2p+1, parents walked from
// the end), so no internal node is kept; the signer recomputes the single
// opened path later (L derivations).
//
// Streamed layout (stream(), the Balanced/Memory profiles): depth first with
// one seed per level down to the roots of 2^lb-leaf subtrees, each subtree
// expanded breadth first in a 2^lb-seed buffer and handed to a callback. A
// right child is left ^ parent, so walking to the next subtree costs one
// derivation per level that changes (N/2^lb - 1 of them per tree) and never
// more than the in-place expansion; no N-leaf buffer exists.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/secure.hpp"
#include "mqom/prims.hpp"
#if defined(PQMCU_MQOM_X86)
#include <type_traits>

#include "mqom/kernels_x86.hpp"
#endif

namespace pqmcu::mqom::detail {

template <unsigned Sec>
struct Ggm {
    using P = Prims<Sec>;
    using C = typename P::C;
    using Key = typename P::Key;
    static constexpr size_t S = P::S;
    static constexpr size_t B = C::kMaxBatch;

    // Expands level 1 (already in nodes[0..1]) down to the 2^log_n leaves.
    // If skip_path, the subtree of the unknown node along the path to i_star is
    // replaced, level by level, with the opened siblings (partial expansion).
    static void expand_levels(const uint8_t* salt, uint32_t e, uint32_t log_n, uint8_t* nodes,
                              const uint8_t* path, uint32_t i_star,
                              cipher::Backend be = cipher::Backend::automatic) {
        Key k;
        uint8_t par[B * S], left[B * S];
#if defined(PQMCU_MQOM_X86)
        // VAES (+ AVX-512): whole levels in registers, no copies.
        x86::LevelFn level = nullptr;
        if constexpr (std::is_same_v<Key, cipher::RoundKeys<cipher::Aes128>> ||
                      std::is_same_v<Key, cipher::RoundKeys<cipher::Rijndael256>>) {
            const cipher::Backend rb = cipher::resolve_backend(be);
            if (rb == cipher::Backend::aesni || rb == cipher::Backend::vaes) level = x86::ggm_level(S);
        }
#endif
        for (uint32_t j = 1; j < log_n; ++j) {
            P::tweak_key(k, salt, 2, e, j - 1, be);
            const size_t count = size_t(1) << j;
            // Parents processed from the end, in chunks of up to B.
            size_t end = count;
#if defined(PQMCU_MQOM_X86)
            if (level != nullptr && count % x86::ggm_level_group(S) == 0) {
                level(k.w, nodes, count);
                end = 0;
            }
#endif
            while (end > 0) {
                const size_t nb = end < B ? end : B;
                const size_t p0 = end - nb;
                std::memcpy(par, nodes + p0 * S, nb * S);
                P::derive(k, par, left, nb, be);
                for (size_t q = nb; q-- > 0;) {
                    const size_t p = p0 + q;
                    uint8_t* l = nodes + (2 * p) * S;
                    uint8_t* r = l + S;
                    for (size_t i = 0; i < S; ++i) {
                        r[i] = uint8_t(left[q * S + i] ^ par[q * S + i]);
                        l[i] = left[q * S + i];
                    }
                }
                end = p0;
            }
            if (path != nullptr) {
                // Level j+1: put the opened sibling next to the unknown node.
                const uint32_t u = i_star >> (log_n - j - 1);
                std::memcpy(nodes + size_t(u ^ 1u) * S, path + size_t(log_n - j - 1) * S, S);
                std::memset(nodes + size_t(u) * S, 0, S);
            }
        }
        C::wipe(k);
        secure_wipe(par, sizeof(par));
        secure_wipe(left, sizeof(left));
    }

    // Signer: all leaves from (rseed, delta).
    // be: the cipher backend for these secret seeds (constant time, or a hardware engine).
    static void expand(const uint8_t* salt, const uint8_t* rseed, const uint8_t* delta, uint32_t e, uint32_t log_n,
                       uint8_t* leaves, cipher::Backend be = cipher::Backend::automatic) {
        std::memcpy(leaves, rseed, S);
        for (size_t i = 0; i < S; ++i) leaves[S + i] = uint8_t(rseed[i] ^ delta[i]);
        expand_levels(salt, e, log_n, leaves, nullptr, 0, be);
    }

    // Signer: the path of i_star (log_n seeds) and the leaf seed at i_star.
    static void open_path(const uint8_t* salt, const uint8_t* rseed, const uint8_t* delta, uint32_t e,
                          uint32_t log_n, uint32_t i_star, uint8_t* path, uint8_t* leaf,
                          cipher::Backend be = cipher::Backend::automatic) {
        uint8_t cur[S], other[S], left[S];
        const uint32_t top = (i_star >> (log_n - 1)) & 1u;
        for (size_t i = 0; i < S; ++i) {
            const uint8_t a = rseed[i], b = uint8_t(rseed[i] ^ delta[i]);
            cur[i] = top ? b : a;
            other[i] = top ? a : b;
        }
        std::memcpy(path + size_t(log_n - 1) * S, other, S);
        Key k;
        for (uint32_t j = 1; j < log_n; ++j) {
            P::tweak_key(k, salt, 2, e, j - 1, be);
            P::derive(k, cur, left, 1, be);
            const uint32_t bit = (i_star >> (log_n - j - 1)) & 1u;
            uint8_t* sib = path + size_t(log_n - j - 1) * S;
            for (size_t i = 0; i < S; ++i) {
                const uint8_t l = left[i], r = uint8_t(left[i] ^ cur[i]);
                sib[i] = bit ? l : r;
                cur[i] = bit ? r : l;
            }
        }
        std::memcpy(leaf, cur, S);
        C::wipe(k);
        secure_wipe(cur, sizeof(cur));
        secure_wipe(other, sizeof(other));
        secure_wipe(left, sizeof(left));
    }

    static constexpr uint32_t kMaxLogN = 12;
    static constexpr uint32_t kMaxStreamLog = 3;  // batches of up to 8 leaves

    // Streamed expansion: calls f(i0, leaves) for i0 = 0, 2^lb, 2*2^lb, ...
    // with the 2^lb consecutive leaves i0.. (lb <= kMaxStreamLog, lb < log_n).
    // Signer: path == nullptr, level 1 = {rseed, rseed ^ delta}. Verifier:
    // rseed/delta unused, the nodes come from the opened path and leaf i_star
    // is all zeros. bottom: the keys of levels log_n-lb .. log_n-1 (made once
    // per tree by the caller), or nullptr to schedule them per batch (less
    // memory); keys of the levels above are scheduled per use into k (the
    // caller's scratch key, free again when f runs) unless cached (upper).
    // K: Key, or the prepared form (Enc::PKey) for a prepared key cache.
    // upper: the keys of the nup levels just above the subtrees (tweaks
    // R-1-nup .. R-2, made once per tree by the caller), or nullptr.
    // (The signer with room for some subtree roots calls stream_bfs instead.)
    template <class K, class F>
    static void stream(const uint8_t* salt, uint32_t e, uint32_t log_n, uint32_t lb, const uint8_t* rseed,
                       const uint8_t* delta, const uint8_t* path, uint32_t i_star, const K* bottom, const K* upper,
                       uint32_t nup, K& k, cipher::Backend be, F&& f) {
        if (lb > kMaxStreamLog) lb = kMaxStreamLog;  // the buffers below (callers never pass more)
        const uint32_t L = log_n, R = log_n - lb;  // subtree roots at level R
        const bool ver = path != nullptr;
        // Tree tweaks first_cached .. R-2 have cached keys (upper).
        const uint32_t first_cached = upper != nullptr ? R - 1 - nup : R;
        uint8_t st[kMaxLogN * S];  // st[(j-1)*S]: the current node of level j (1..R)
        uint8_t buf[(1u << kMaxStreamLog) * S], left[(1u << (kMaxStreamLog - 1)) * S];
        auto node_cheap = [&](uint32_t j, uint32_t p) -> bool {
            return walk_node_cheap(st, j, p, L, rseed, delta, path, i_star);
        };
        auto derive_node = [&](uint32_t j) {
            P::derive(level_key(k, salt, e, j - 2, upper, first_cached, be), st + size_t(j - 2) * S,
                      st + size_t(j - 1) * S, 1, be);
        };
        // Levels from..R of batch q (from > R: nothing).
        auto chain = [&](uint32_t q, uint32_t from) {
            for (uint32_t j = from; j <= R; ++j)
                if (!node_cheap(j, q >> (R - j))) derive_node(j);
        };
        // Subtree level t: children of the 2^t nodes in buf from left[] (their
        // left children), with the opened path put in (verifier).
        auto children = [&](uint32_t q, uint32_t t) {
            const size_t cnt = size_t(1) << t;
            // High to low: node p's children overwrite nodes 2p and 2p+1 >= p.
            for (uint8_t *src = buf + cnt * S, *dst = buf + 2 * cnt * S; src != buf;) {
                src -= S;
                dst -= 2 * S;
                const uint8_t* lft = left + (src - buf);
                for (size_t i = 0; i < S; i += 4) {  // both words read before either store (p = 0)
                    const uint32_t l = P::ld32(lft + i), par = P::ld32(src + i);
                    P::st32(dst + i, l);
                    P::st32(dst + S + i, l ^ par);
                }
            }
            if (ver) {
                const uint32_t lev = R + t;
                const uint32_t u = i_star >> (L - lev - 1), base = q << (t + 1);
                if ((u >> 1) >= (base >> 1) && (u >> 1) < ((base >> 1) + cnt)) {
                    std::memcpy(buf + size_t((u ^ 1u) - base) * S, path + size_t(L - lev - 1) * S, S);
                    std::memset(buf + size_t(u - base) * S, 0, S);
                }
            }
        };
        const uint32_t nsub = 1u << R;
        chain(0, 1);
        for (uint32_t q = 0; q < nsub; ++q) {
            std::memcpy(buf, st + size_t(R - 1) * S, S);  // subtree root (global index q at level R)
            // Next batch's nodes (st is free once the root is copied): the
            // cheap ones, then its first derivation shares one two-block
            // cipher pass (two keys) with this subtree's single first-level
            // derivation when the bottom keys are cached; then the rest.
            uint32_t jn = R + 1;
            if (q + 1 < nsub) {
                jn = R - uint32_t(__builtin_ctz(q + 1));
                while (jn <= R && node_cheap(jn, (q + 1) >> (R - jn))) ++jn;
            }
            uint32_t t = 0;
            if (lb > 0 && bottom != nullptr && jn <= R) {
                pair_pass(bottom, &level_key(k, salt, e, jn - 2, upper, first_cached, be), buf,
                          st + size_t(jn - 2) * S, left, st + size_t(jn - 1) * S, be);
                children(q, 0);
                t = 1;
                ++jn;
            }
            if (q + 1 < nsub) chain(q + 1, jn);
            for (; t < lb; ++t) {
                const K* kk = bottom != nullptr ? bottom + t : &k;
                if (bottom == nullptr) P::tweak_key(k, salt, 2, e, R + t - 1, be);
                P::derive(*kk, buf, left, size_t(1) << t, be);
                children(q, t);
            }
            f(q << lb, static_cast<const uint8_t*>(buf));
        }
        secure_wipe(st, sizeof(st));
        secure_wipe(buf, sizeof(buf));
        secure_wipe(left, sizeof(left));
    }

    // SeedDerive of a0 under k0 into o0 and of a1 under k1 into o1, one
    // two-key cipher pass. Out of line: its buffers stay off the stack of
    // the walks that never take it (the verifier's, no cached keys).
    template <class K>
    __attribute__((noinline)) static void pair_pass(const K* k0, const K* k1, const uint8_t* a0, const uint8_t* a1,
                                                    uint8_t* o0, uint8_t* o1, cipher::Backend be) {
        const K* kl[2] = {k0, k1};
        uint8_t in2[2 * S], out2[2 * S];
        std::memcpy(in2, a0, S);
        std::memcpy(in2 + S, a1, S);
        C::encrypt_multi(kl, in2, out2, 2, be);
        P::put_lin_ortho(out2, in2, o0);
        P::put_lin_ortho(out2 + S, in2 + S, o1);
        secure_wipe(in2, sizeof(in2));
        secure_wipe(out2, sizeof(out2));
    }

    // Depth-first walk (st[(j-1)*S] = the current node of level j): level j
    // node p (parent at level j-1 in st) into st, when that needs no cipher
    // call (p's left sibling is in st when p is odd: it was the previous node
    // of the level; the verifier's opened path); false: p is a left child to
    // derive from st[j-2] under level key j-2. path == nullptr: the signer.
    static bool walk_node_cheap(uint8_t* st, uint32_t j, uint32_t p, uint32_t L, const uint8_t* rseed,
                                const uint8_t* delta, const uint8_t* path, uint32_t i_star) {
        uint8_t* cur = st + size_t(j - 1) * S;
        if (path != nullptr && (p >> 1) == (i_star >> (L - j + 1))) {
            if (p == (i_star >> (L - j))) std::memset(cur, 0, S);
            else std::memcpy(cur, path + size_t(L - j) * S, S);
        } else if (j == 1) {
            if (p == 0) std::memcpy(cur, rseed, S);
            else P::xor_seed(cur, delta);
        } else if ((p & 1u) == 0) {
            return false;
        } else {
            P::xor_seed(cur, cur - S);
        }
        return true;
    }

    // Key of tree tweak t (expands level t+1): cached (t >= first_cached), or scheduled into k.
    template <class K>
    static const K& level_key(K& k, const uint8_t* salt, uint32_t e, uint32_t t, const K* upper,
                              uint32_t first_cached, cipher::Backend be = cipher::Backend::automatic) {
        if (t >= first_cached) return upper[t - first_cached];
        P::tweak_key(k, salt, 2, e, t, be);
        return k;
    }

    // stream() of the signer (R = log_n - lb >= 1, bottom keys given) with
    // room in nodes for 2^m subtree roots (m = min(nodes_log, R); the caller
    // wipes it): the tree is cut into 2^(R-m) groups of 2^m subtrees. Above
    // the groups it is walked depth first (one seed per level); each group's
    // sibling pair at level G = R - m + 1 is then expanded breadth first
    // (bfs_group). m = R (room for all roots) is the plain breadth-first top.
    // Passes per tree above the subtrees: 2^R + 2^(R-m) - 2, against ~1.5 x
    // 2^R for stream()'s depth-first walk (half-empty or two-key passes);
    // levels with cached keys (upper, nup of them just above the subtrees)
    // are not scheduled.
    template <class K, class F>
    static void stream_bfs(const uint8_t* salt, uint32_t e, uint32_t R, uint32_t lb, const uint8_t* rseed,
                           const uint8_t* delta, const K* bottom, const K* upper, uint32_t nup, uint8_t* nodes,
                           uint32_t nodes_log, K& k, cipher::Backend be, F& f) {
        const uint32_t first_cached = upper != nullptr ? R - 1 - nup : R;
        if (nodes_log >= R) {
            std::memcpy(nodes, rseed, S);
            std::memcpy(nodes + S, rseed, S);
            P::xor_seed(nodes + S, delta);
            bfs_group(salt, e, R, lb, 1, 0, bottom, upper, first_cached, nodes, k, be, f);
        } else {
            walk_groups(salt, e, R, lb, R - nodes_log + 1, rseed, delta, bottom, upper, first_cached, nodes, k, be, f);
        }
    }
    // The depth-first walk above the groups: node g of level G - 1 for each
    // g (only the levels below the lowest one that changes from node g - 1
    // are recomputed, walk_node_cheap as in stream()), its children (the
    // group's pair) into nodes, bfs_group.
    // Out of line, like bfs_group: the plain breadth-first top's stack has
    // neither this frame nor its seed stack.
    template <class K, class F>
    __attribute__((noinline)) static void walk_groups(const uint8_t* salt, uint32_t e, uint32_t R, uint32_t lb,
                                                      uint32_t G, const uint8_t* rseed, const uint8_t* delta,
                                                      const K* bottom, const K* upper, uint32_t first_cached,
                                                      uint8_t* nodes, K& k, cipher::Backend be, F& f) {
        uint8_t st[kMaxLogN * S];  // st[(j-1)*S]: the current node of level j < G
        uint8_t lf[S];
        for (uint32_t g = 0; g < (1u << (G - 1)); ++g) {
            for (uint32_t j = g == 0 ? 1 : G - 1 - uint32_t(__builtin_ctz(g)); j <= G - 1; ++j)
                if (!walk_node_cheap(st, j, g >> (G - 1 - j), G - 1, rseed, delta, nullptr, 0))
                    P::derive(level_key(k, salt, e, j - 2, upper, first_cached, be), st + size_t(j - 2) * S,
                              st + size_t(j - 1) * S, 1, be);
            const uint8_t* gp = st + size_t(G - 2) * S;
            P::derive(level_key(k, salt, e, G - 2, upper, first_cached, be), gp, lf, 1, be);
            P::put_children(lf, gp, nodes);
            bfs_group(salt, e, R, lb, G, g, bottom, upper, first_cached, nodes, k, be, f);
        }
        secure_wipe(st, sizeof(st));
        secure_wipe(lf, sizeof(lf));
    }
    // Group g: its sibling pair at level G (in nodes[0..1]) expanded breadth
    // first to its 2^(R-G+1) subtree roots (each level under one key, two
    // parents per full pass, in place from the end), the roots two at a time
    // (one single-key pass for both first derivations), each subtree's lower
    // levels, f.
    template <class K, class F>
    __attribute__((noinline)) static void bfs_group(const uint8_t* salt, uint32_t e, uint32_t R, uint32_t lb,
                                                    uint32_t G, uint32_t g, const K* bottom, const K* upper,
                                                    uint32_t first_cached, uint8_t* nodes, K& k,
                                                    cipher::Backend be, F& f) {
        uint8_t buf[(1u << kMaxStreamLog) * S], left[(1u << (kMaxStreamLog - 1)) * S];
        uint8_t par[2 * S], lf[2 * S];
        // Children of the 2^t nodes in buf from their left children in left.
        auto children = [&](uint32_t t) {
            for (size_t p = size_t(1) << t; p-- > 0;) {
                for (size_t i = 0; i < S; i += 4) {  // both words read before either store (p = 0)
                    const uint32_t l = P::ld32(left + p * S + i), pr = P::ld32(buf + p * S + i);
                    P::st32(buf + (2 * p) * S + i, l);
                    P::st32(buf + (2 * p + 1) * S + i, l ^ pr);
                }
            }
        };
        for (uint32_t j = G; j < R; ++j) {  // level j (2^(j-G+1) nodes of the group) -> level j + 1
            const K& kj = level_key(k, salt, e, j - 1, upper, first_cached, be);
            for (size_t p = size_t(1) << (j - G + 1); p >= 2; p -= 2) {  // parents p - 2, p - 1
                std::memcpy(par, nodes + (p - 2) * S, 2 * S);
                P::derive2_inline(kj, par, par + S, lf, lf + S, be);
                for (size_t u = 2; u-- > 0;) P::put_children(lf + u * S, par + u * S, nodes + 2 * (p - 2 + u) * S);
            }
        }
        const uint32_t m = R - G + 1, nroots = 1u << m;
        for (uint32_t q = 0; q < nroots; q += 2) {
            std::memcpy(par, nodes + size_t(q) * S, 2 * S);  // roots q, q + 1
            P::derive2_inline(bottom[0], par, par + S, lf, lf + S, be);
            for (uint32_t u = 0; u < 2; ++u) {
                P::put_children(lf + u * S, par + u * S, buf);  // = children(0), no copies
                for (uint32_t t = 1; t < lb; ++t) {
                    P::derive_inline(bottom[t], buf, left, size_t(1) << t, be);
                    children(t);
                }
                f(((g << m) + q + u) << lb, static_cast<const uint8_t*>(buf));
            }
        }
        secure_wipe(par, sizeof(par));
        secure_wipe(lf, sizeof(lf));
        secure_wipe(buf, sizeof(buf));
        secure_wipe(left, sizeof(left));
    }

    // Verifier: every leaf but i_star (whose slot is left zero) from the path.
    // be: the cipher backend (all data here is public).
    static void partial_expand(const uint8_t* salt, const uint8_t* path, uint32_t e, uint32_t log_n,
                               uint32_t i_star, uint8_t* leaves, cipher::Backend be) {
        const uint32_t u = i_star >> (log_n - 1);
        std::memcpy(leaves + size_t(u ^ 1u) * S, path + size_t(log_n - 1) * S, S);
        std::memset(leaves + size_t(u) * S, 0, S);
        expand_levels(salt, e, log_n, leaves, path, i_star, be);
    }
};

}  // namespace pqmcu::mqom::detail
