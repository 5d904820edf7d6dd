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
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/secure.hpp"
#include "mqom/prims.hpp"

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
        for (uint32_t j = 1; j < log_n; ++j) {
            P::tweak_key(k, salt, 2, e, j - 1);
            const size_t count = size_t(1) << j;
            // Parents processed from the end, in chunks of up to B.
            size_t end = count;
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
            P::tweak_key(k, salt, 2, e, j - 1);
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
