// SPDX-License-Identifier: Apache-2.0 OR MIT
// Batched linear commitment (BLC) of MQOM v2.1.
//
// For each repetition e, with the GGM leaves lseed[0..N):
//   ls_com[i] = SeedCommit(salt, e, lseed[i])                (2S bytes)
//   exp[i]    = lseed[i] || PRG(salt, e, lseed[i], xb+ub-S)  (x share || u share)
//   h_e       = XOF(0x06 || ls_com[0] || ... || ls_com[N-1])
// The shares are folded along the Gray code: acc = running sum of exp[i],
// fold[g(i)] ^= acc where g(i) is the bit flipped between gray(i) and
// gray(i+1) (g(N-1) = L-1). Then, with c_j = 2^j in the extension field:
//   x0[e] = sum_j c_j * fold_j.x,   u0[e] = sum_j c_j * fold_j.u,
//   u1[e] = acc.u,   delta_x[e] = x ^ acc.x  (its first S bytes are public as delta)
//   com1  = XOF(0x07 || h_0..h_{tau-1} || pdx_0..pdx_{tau-1}),  pdx_e = delta_x[e][S..xb)
// The verifier redoes the same with the opened leaf's commitment and a zero
// share at i*, and gets the evaluations at r = gray(i*):
//   x_eval = sum_j c_j fold_j.x + r * (acc.x ^ (0^S || pdx_e)),  u_eval likewise.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>

#include "core/secure.hpp"
#include "mqom/dims.hpp"
#include "mqom/ggm.hpp"
#include "mqom/gf.hpp"
#include "mqom/lanes.hpp"
#include "mqom/pin.hpp"
#include "mqom/work.hpp"
#if defined(PQMCU_MQOM_X86)
#include "mqom/kernels_x86.hpp"
#endif

namespace pqmcu::mqom::detail {

inline uint32_t gray_bit(uint32_t i, uint32_t n_evals, uint32_t log_n) {
    if (i + 1 == n_evals) return log_n - 1;
    return uint32_t(__builtin_ctz(i + 1));
}

// dst ^= src, a word at a time (the fold runs over every leaf's share).
inline void xor_into(uint8_t* dst, const uint8_t* src, size_t len) {
    size_t t = 0;
    for (; t + 4 <= len; t += 4) {
        uint32_t a, b;
        std::memcpy(&a, dst + t, 4);
        std::memcpy(&b, src + t, 4);
        a ^= b;
        std::memcpy(dst + t, &a, 4);
    }
    for (; t < len; ++t) dst[t] ^= src[t];
}

template <unsigned Sec, class E, class B>
struct Blc {
    using P = Prims<Sec>;
    using T = Ggm<Sec>;
    using C = typename P::C;
    using Key = typename P::Key;
    using Elt = typename E::Elt;
    static constexpr size_t S = P::S;
    static constexpr size_t kBatch = 32;  // leaves per chunk (N is a multiple of 32)
    static constexpr size_t kMaxPrgBlocks = 8;

    // NR repetitions e0 .. e0+NR-1 in lock-step (NR = 1 or 4; with 4, the
    // leaf commitments are hashed by the 4-way Keccak): leaf commitments
    // hashed into hls + r*2S, shares folded into the rep's scratch area
    // (acc = area[0..xb+ub), fold_j = area[(1+j)*(xb+ub)...]).
    // leaves: rep r at leaves + r*N*S. opened != nullptr: verifier mode
    // (leaf i_star[r] replaced by the opened commitment opened + r*2S).
    // nact < NR (x86, NR = 4): only reps 0 .. nact-1 are real; the x4 XOF's
    // other lanes hash copies of rep 0's commitments (a SIMD x4 permutation
    // costs about one scalar one: 2-3 leftover reps share one).
    template <unsigned NR>
    static void fold_reps(const Dims& d, const uint8_t* salt, uint32_t e0, const uint8_t* leaves, uint8_t* scratch,
                          uint8_t* hls, const uint8_t* opened, const uint16_t* i_star,
                          cipher::Backend be = cipher::Backend::automatic, unsigned nact = NR) {
        const size_t eb = d.exp_bytes(), prg_bytes = d.prg_blc_bytes();
        const uint32_t N = d.n_evals(), L = d.log_n;
        const size_t area = size_t(1 + L) * eb;
        uint8_t* exp = scratch + NR * area;  // kBatch * eb
        std::memset(scratch, 0, nact * area);
        const size_t nblk = (prg_bytes + S - 1) / S;

        Key k1[NR], k2[NR], kb[NR][kMaxPrgBlocks];
        for (unsigned r = 0; r < nact; ++r) {
            uint8_t t[S];
            P::tweak_salt(salt, t, 0, e0 + r, 0);
            C::schedule(k1[r], t);
            t[0] ^= 0x01;
            C::schedule(k2[r], t);
            for (size_t b = 0; b < nblk; ++b) P::tweak_key(kb[r][b], salt, 3, e0 + r, uint32_t(b));
        }
        XofCtx<Sec> xof;
        XofCtx4<Sec> xof4;
        if constexpr (NR == 4) {
            xof4.init();
            xof4.absorb_byte(0x06);
        } else {
            xof.init();
            xof.absorb_byte(0x06);
        }
        uint8_t c1[kBatch * S], c2[kBatch * S], lsc[NR][kBatch * 2 * S];
#if defined(PQMCU_MQOM_X86)
        // AES-128 (cat 1) / Rijndael-256 (cat 3 / 5) on VAES: commitments and
        // shares written in place.
        x86::LeavesFn leaves_fn = nullptr;
        const uint32_t* rks[NR][2 + kMaxPrgBlocks] = {};
        if constexpr (std::is_same_v<Key, cipher::RoundKeys<cipher::Aes128>> ||
                      std::is_same_v<Key, cipher::RoundKeys<cipher::Rijndael256>>) {
            const cipher::Backend rb = cipher::resolve_backend(be);
            if (rb == cipher::Backend::aesni || rb == cipher::Backend::vaes)
                leaves_fn = C::kAes128 ? x86::blc_leaves_aes128() : x86::blc_leaves_r256(S);
            for (unsigned r = 0; r < nact; ++r) {
                rks[r][0] = k1[r].w;
                rks[r][1] = k2[r].w;
                for (size_t b = 0; b < nblk; ++b) rks[r][2 + b] = kb[r][b].w;
            }
        }
#endif
        for (uint32_t i0 = 0; i0 < N; i0 += kBatch) {
            const size_t nb = kBatch;
            for (unsigned r = 0; r < nact; ++r) {
                const uint8_t* ls = leaves + (size_t(r) * N + i0) * S;
                const bool verifier = opened != nullptr;
                const uint32_t istar = verifier ? i_star[r] : 0;
                uint8_t* acc = scratch + r * area;
                uint8_t* fold = acc + eb;
                bool placed = false;
#if defined(PQMCU_MQOM_X86)
                if (leaves_fn != nullptr) {
                    leaves_fn(rks[r], nblk, ls, nb, lsc[r], exp, eb);
                    if (verifier && istar - i0 < nb)  // the opened leaf (public index)
                        std::memcpy(lsc[r] + (istar - i0) * 2 * S, opened + size_t(r) * 2 * S, 2 * S);
                    placed = true;
                }
#endif
                if (!placed) {
                    P::derive(k1[r], ls, c1, nb, be);
                    P::derive(k2[r], ls, c2, nb, be);
                    for (size_t q = 0; q < nb; ++q) {
                        if (verifier && i0 + q == istar) {
                            std::memcpy(lsc[r] + q * 2 * S, opened + size_t(r) * 2 * S, 2 * S);
                        } else {
                            std::memcpy(lsc[r] + q * 2 * S, c1 + q * S, S);
                            std::memcpy(lsc[r] + q * 2 * S + S, c2 + q * S, S);
                        }
                        std::memcpy(exp + q * eb, ls + q * S, S);
                    }
                    for (size_t b = 0; b < nblk; ++b) {
                        P::derive(kb[r][b], ls, c1, nb, be);
                        const size_t off = S + b * S;
                        const size_t len = (eb - off) < S ? (eb - off) : S;
                        for (size_t q = 0; q < nb; ++q) std::memcpy(exp + q * eb + off, c1 + q * S, len);
                    }
                }
#if defined(PQMCU_MQOM_X86)
                if (const x86::FoldFn ff = x86::blc_fold(); ff != nullptr && eb <= 256) {
                    ff(exp, nb, eb, i0, N, L, verifier ? istar : ~uint32_t(0), acc, fold);
                    continue;
                }
#endif
                for (size_t q = 0; q < nb; ++q) {
                    const uint32_t i = uint32_t(i0 + q);
                    const uint8_t* ex = exp + q * eb;
                    if (!(verifier && i == istar)) xor_into(acc, ex, eb);
                    xor_into(fold + size_t(gray_bit(i, N, L)) * eb, acc, eb);
                }
            }
            if constexpr (NR == 4) {
                const uint8_t* const in[4] = {lsc[0], lsc[nact > 1 ? 1 : 0], lsc[nact > 2 ? 2 : 0],
                                              lsc[nact > 3 ? 3 : 0]};
                xof4.absorb(in, nb * 2 * S);
            } else {
                xof.absorb(lsc[0], nb * 2 * S);
            }
        }
        if constexpr (NR == 4) {
            // Idle lanes (r >= nact) squeeze into their own unused lsc rows.
            uint8_t* const out[4] = {hls, nact > 1 ? hls + 2 * S : lsc[1], nact > 2 ? hls + 4 * S : lsc[2],
                                     nact > 3 ? hls + 6 * S : lsc[3]};
            xof4.squeeze(out, 2 * S);
        } else {
            xof.squeeze(hls, 2 * S);
        }
        for (unsigned r = 0; r < nact; ++r) {
            C::wipe(k1[r]);
            C::wipe(k2[r]);
            for (size_t b = 0; b < nblk; ++b) C::wipe(kb[r][b]);
        }
        secure_wipe(c1, sizeof(c1));
        secure_wipe(c2, sizeof(c2));
        secure_wipe(exp, kBatch * eb);
    }

    // ---- streamed BLC (Balanced / Memory): no N-leaf buffer ----------------
    // Keys one streamed tree uses when the signer caches them (in the
    // signature's path field, see commit_streamed): SeedCommit k1, k2, the
    // PRG block keys, the bottom lb tree levels.
    static constexpr size_t stream_key_count(const Dims& d, uint32_t lb) { return 2 + prg_blocks(d) + lb; }
    static constexpr size_t prg_blocks(const Dims& d) { return (d.prg_blc_bytes() + S - 1) / S; }

    // Root seed of repetition e: block e of PRG(0^S, 0, mseed) (recomputed for
    // the opening instead of keeping tau seeds).
    static void root_seed(const uint8_t* mseed, uint32_t e, uint8_t* out, cipher::Backend be) {
        const uint8_t zero_salt[S] = {0};
        Key k;
        P::tweak_key(k, zero_salt, 3, 0, e, be);
        P::derive(k, mseed, out, 1, be);
        C::wipe(k);
    }

    // Leaf commitments c1_q c2_q interleaved at cm (2S each) from nb seeds
    // at ls with the two SeedCommit keys: on the T-tables (AES-128) two
    // single-key passes with LinOrtho in the cipher's stores and strided
    // outputs (no copies, no two-key pass, no second pass in C). False:
    // another backend, the caller's passes apply.
    template <class K>
    static bool derive_strided(const K* keys, const uint8_t* ls, uint8_t* cm, size_t nb, cipher::Backend be) {
        if constexpr (C::kAes128 && std::is_same_v<K, typename C::Key>) {
            if (be == cipher::Backend::table_not_ct) {
                cipher::encrypt_lin_ortho_table_not_ct(keys[0], ls, cm, nb, 2 * S);
                cipher::encrypt_lin_ortho_table_not_ct(keys[1], ls, cm + S, nb, 2 * S);
                return true;
            }
        }
        return false;
    }

    // Whether derive_strided1 runs (AES-128 T-tables): nb commitments of ls
    // under one key at cm, cm + 2S, ...
    template <class K>
    static constexpr bool strides1(cipher::Backend be) {
        if constexpr (C::kAes128 && std::is_same_v<K, typename C::Key>) return be == cipher::Backend::table_not_ct;
        else return false;
    }
    template <class K>
    static void derive_strided1(const K& key, const uint8_t* ls, uint8_t* cm, size_t nb) {
        if constexpr (C::kAes128 && std::is_same_v<K, typename C::Key>)
            cipher::encrypt_lin_ortho_table_not_ct(key, ls, cm, nb, 2 * S);
    }

    // One repetition, streamed: leaves from Ggm::stream in batches of 2^lb,
    // each batch committed into the XOF of h_e (written to h), expanded and
    // folded into area (acc | fold_0 .. fold_{L-1}, eb bytes each) column by
    // column (the Gray-code fold is bytewise, so one PRG block of the batch
    // is folded at a time and no share of a whole leaf is buffered).
    // Verifier: path != nullptr, opened = the leaf commitment of i_star.
    // keys: room for the 2 + prg_blocks() SeedCommit / PRG keys and bottom
    // for the lb bottom level keys (scheduled here once), or both nullptr to
    // schedule every key per batch into one scratch key.
    // K: Key, or PKey for a prepared key cache (keys != nullptr; then the
    // tree's scratch key is prepared too and every pass takes prepared keys).
    template <class K>
    __attribute__((noinline)) static void stream_rep(const Dims& d, const uint8_t* salt, uint32_t e,
                                                     const uint8_t* rseed, const uint8_t* delta,
                                                     const uint8_t* path, uint32_t i_star, const uint8_t* opened,
                                                     uint32_t lb, uint8_t* area, K* keys, K* bottom, K* upper,
                                                     uint32_t nup, uint8_t* nodes, uint32_t nodes_log, uint8_t* h,
                                                     cipher::Backend be, XofCtx<Sec>* keep_xof = nullptr,
                                                     const uint8_t* tail = nullptr, size_t tail_len = 0) {
        const size_t eb = d.exp_bytes();
        const uint32_t N = d.n_evals(), L = d.log_n;
        if (lb > T::kMaxStreamLog) lb = T::kMaxStreamLog;
        const size_t nblk = prg_blocks(d), nb = size_t(1) << lb;
        const bool ver = path != nullptr;
        be = cipher::resolve_backend(be);  // once per tree, not per cipher call
        uint8_t* acc = area;
        uint8_t* fold = area + eb;
        std::memset(area, 0, size_t(1 + L) * eb);
        // The tree's scratch key shares its bytes with the Keccak-f scratch
        // of h_e's XOF: kt is free whenever the XOF runs (batch() has used
        // its keys; Ggm schedules level keys per use, before f), and the
        // permutation's stack buffer was under the walk's deepest frames
        // (the streaming verifier's stack peak, -164 B there).
        union {
            K k;
            hash::KeccakState ks;
        } kbuf;
        K& kt = kbuf.k;
        hash::KeccakState& kscratch = kbuf.ks;
        if (keys != nullptr) {
            uint8_t t[S];
            P::tweak_salt(salt, t, 0, e, 0);
            C::schedule(keys[0], t);
            t[0] ^= 0x01;
            C::schedule(keys[1], t);
            for (size_t b = 0; b < nblk; ++b) P::tweak_key(keys[2 + b], salt, 3, e, uint32_t(b));
            for (uint32_t t2 = 0; t2 < lb; ++t2) P::tweak_key(bottom[t2], salt, 2, e, L - lb + t2 - 1);
        }
        if (keys == nullptr) upper = bottom = nullptr;
        if (upper != nullptr)
            for (uint32_t u = 0; u < nup; ++u) P::tweak_key(upper[u], salt, 2, e, L - lb - 1 - nup + u);
        // k(i): cached key i, or the same key scheduled into kt now.
        auto key = [&](size_t i) -> const K& {
            if (keys != nullptr) return keys[i];
            uint8_t t[S];
            if (i < 2) {
                P::tweak_salt(salt, t, 0, e, 0);
                t[0] ^= uint8_t(i);
                C::schedule(kt, t, be);
            } else {
                P::tweak_key(kt, salt, 3, e, uint32_t(i - 2), be);
            }
            return kt;
        };
        XofCtx<Sec> xof;
        xof.init();
        xof.absorb_byte(0x06);
        // The batch's leaf commitments (c1_0 c2_0 c1_1 c2_1 ...), later one
        // PRG block of every leaf.
        uint8_t cm[(1u << T::kMaxStreamLog) * 2 * S];
        uint8_t gb[1u << T::kMaxStreamLog];  // fold row (Gray-code bit) of each leaf of the batch
        auto batch = [&](uint32_t i0, const uint8_t* ls) {
                      // The verifier's unknown leaf i_star: its seed is zero (the
                      // stream zeroes it), its commitment is the opened one, and
                      // its PRG blocks are zeroed below, so the fold skips it.
                      const bool star = ver && (i_star >> lb) == (i0 >> lb);
                      const size_t qs = star ? size_t(i_star - i0) : 0;
                      for (size_t q = 0; q + 1 < nb; ++q) gb[q] = uint8_t(__builtin_ctz(uint32_t(q + 1)));
                      gb[nb - 1] = uint8_t(gray_bit(uint32_t(i0 + nb - 1), N, L));
                      if (keys != nullptr && std::is_same_v<K, typename C::PKey>) {
                          // Prepared keys: one key per 2-block pass (a two-key
                          // pass costs ~40% more on the fixsliced code), two
                          // leaves at a time, written straight to their places.
                          for (size_t q = 0; q < nb; q += 2) {
                              const uint8_t* l0 = ls + q * S;
                              uint8_t* o = cm + 2 * q * S;
                              P::derive2_inline(key(0), l0, l0 + S, o, o + 2 * S, be);
                              P::derive2_inline(key(1), l0, l0 + S, o + S, o + 3 * S, be);
                          }
                          if (star) std::memcpy(cm + qs * 2 * S, opened, 2 * S);
                          xof.absorb(cm, nb * 2 * S, &kscratch);
                      } else if (keys != nullptr && derive_strided(keys, ls, cm, nb, be)) {
                          if (star) std::memcpy(cm + qs * 2 * S, opened, 2 * S);
                          xof.absorb(cm, nb * 2 * S, &kscratch);
                      } else if (keys != nullptr) {
                          // c1_0 c2_0 c1_1 c2_1 ... straight out of two-key cipher
                          // passes (in place, as cipher::encrypt allows; same backends).
                          const K* kl[8];
                          for (size_t i = 0; i < 8; ++i) kl[i] = &keys[i & 1];
                          for (size_t q = 0; q < nb; ++q) {
                              std::memcpy(cm + 2 * q * S, ls + q * S, S);
                              std::memcpy(cm + (2 * q + 1) * S, ls + q * S, S);
                          }
                          for (size_t o = 0; o < 2 * nb; o += 8)
                              C::encrypt_multi(kl, cm + o * S, cm + o * S, (2 * nb - o) < 8 ? (2 * nb - o) : 8, be);
                          for (size_t q = 0; q < nb; ++q) {
                              P::xor_lin_ortho(ls + q * S, cm + 2 * q * S);
                              P::xor_lin_ortho(ls + q * S, cm + (2 * q + 1) * S);
                          }
                          if (star) std::memcpy(cm + qs * 2 * S, opened, 2 * S);
                          xof.absorb(cm, nb * 2 * S, &kscratch);  // one call: each costs ~140 cycles on the M4
                      } else if (strides1<K>(be)) {
                          // One scratch key, c1 then c2 written interleaved: one
                          // absorb a batch (two 16-byte absorbs a leaf at an odd
                          // state offset cost ~3x as much per byte).
                          derive_strided1(key(0), ls, cm, nb);
                          derive_strided1(key(1), ls, cm + S, nb);
                          if (star) std::memcpy(cm + qs * 2 * S, opened, 2 * S);
                          xof.absorb(cm, nb * 2 * S, &kscratch);
                      } else {
                          // One scratch key: c1 of the batch, then c2 (one engine
                          // call each in the Hardware profile), interleaved in
                          // place for one absorb a batch (two 16-byte absorbs
                          // a leaf cost ~3x as much per byte).
                          P::derive(key(0), ls, cm, nb, be);
                          P::derive(key(1), ls, cm + nb * S, nb, be);
                          interleave_halves(cm, nb);
                          if (star) std::memcpy(cm + qs * 2 * S, opened, 2 * S);
                          xof.absorb(cm, nb * 2 * S, &kscratch);
                      }
                      fold_column(acc, fold, eb, gb, 0, ls, nb, S);
                      for (size_t b = 0; b < nblk; ++b) {
                          P::derive_inline(key(2 + b), ls, cm, nb, be);
                          if (star) std::memset(cm + qs * S, 0, S);
                          const size_t off = S + b * S;
                          fold_column(acc, fold, eb, gb, off, cm, nb, (eb - off) < S ? (eb - off) : S);
                      }
                  };
        if (nodes != nullptr && !ver && keys != nullptr)
            T::stream_bfs(salt, e, L - lb, lb, rseed, delta, bottom, upper, nup, nodes, nodes_log, kt, be, batch);
        else
            T::stream(salt, e, L, lb, rseed, delta, path, i_star, bottom, upper, nup, kt, be, batch);
        // The streaming variant (stream.hpp): h_e also absorbs the
        // repetition's partial delta x: the verifier's (tail) is known, the
        // signer's only after the fold (keep_xof: the state is handed back).
        if (tail_len != 0) xof.absorb(tail, tail_len, &kscratch);
        if (keep_xof != nullptr) *keep_xof = xof;
        else xof.squeeze(h, 2 * S, &kscratch);
        C::wipe(kt);
        secure_wipe(cm, sizeof(cm));
    }

    // c1_0 .. c1_{nb-1} c2_0 .. c2_{nb-1} (S-byte blocks) -> c1_0 c2_0 c1_1
    // c2_1 ...: the c2 half set aside, then every block moved once, from the
    // top (c1_q goes up to 2q). Out of line: only the Hardware profile calls
    // it, the other profiles keep their stack frames as they were.
    __attribute__((noinline)) static void interleave_halves(uint8_t* cm, size_t nb) {
        uint32_t c2[(1u << T::kMaxStreamLog) * S / 4];
        std::memcpy(c2, cm + nb * S, nb * S);
        for (size_t q = nb; q-- > 1;) {
            uint8_t* d = cm + 2 * q * S;
            const uint8_t* s1 = cm + q * S;
            const uint8_t* s2 = reinterpret_cast<const uint8_t*>(c2) + q * S;
            for (size_t w = 0; w < S; w += 4) P::st32(d + w, P::ld32(s1 + w));
            for (size_t w = 0; w < S; w += 4) P::st32(d + S + w, P::ld32(s2 + w));
        }
        std::memcpy(cm + S, c2, S);
    }

    // The Gray-code fold of one column [off, off + len) (len <= S) of a batch
    // of nb shares (share q at src + q*S): acc ^= share q, then leaf q's fold
    // row (fold + gb[q] * eb) ^= acc; acc stays in a register a word at a time.
    // Out of line: its row pointers stay off the stack of the cipher calls.
    __attribute__((noinline)) static void fold_column(uint8_t* acc, uint8_t* fold, size_t eb, const uint8_t* gb, size_t off,
                            const uint8_t* src, size_t nb, size_t len) {
        if (nb == 8) return fold_column_n<8>(acc, fold, eb, gb, off, src, len);
        for (size_t t = 0; t < len; ++t) {
            uint8_t a = acc[off + t];
            for (size_t q = 0; q < nb; ++q) {
                a = uint8_t(a ^ src[q * S + t]);
                fold[gb[q] * eb + off + t] ^= a;
            }
            acc[off + t] = a;
        }
    }
    template <size_t NB>
    __attribute__((always_inline)) static void fold_column_n(uint8_t* acc, uint8_t* fold, size_t eb, const uint8_t* gb, size_t off,
                              const uint8_t* src, size_t len) {
        size_t t = 0;
        if constexpr (NB == 8) {
            // In a batch gb = 0 1 0 2 0 1 0 g (ctz(q + 1), the last leaf's
            // bit): the XORs into one row add up in registers first, so 4
            // row updates a word instead of 8.
            uint8_t* const r0 = fold + off;
            uint8_t* const r1 = fold + eb + off;
            uint8_t* const r2 = fold + 2 * eb + off;
            uint8_t* const r3 = fold + gb[7] * eb + off;
            for (; t + 4 <= len; t += 4) {
                const uint8_t* s = src + t;
                const uint32_t a0 = P::ld32(acc + off + t) ^ P::ld32(s);
                const uint32_t a1 = a0 ^ P::ld32(s + S);
                const uint32_t a2 = a1 ^ P::ld32(s + 2 * S);
                const uint32_t a3 = a2 ^ P::ld32(s + 3 * S);
                const uint32_t a4 = a3 ^ P::ld32(s + 4 * S);
                const uint32_t a5 = a4 ^ P::ld32(s + 5 * S);
                const uint32_t a6 = a5 ^ P::ld32(s + 6 * S);
                const uint32_t a7 = a6 ^ P::ld32(s + 7 * S);
                P::st32(r0 + t, P::ld32(r0 + t) ^ a0 ^ a2 ^ a4 ^ a6);
                P::st32(r1 + t, P::ld32(r1 + t) ^ a1 ^ a5);
                P::st32(r2 + t, P::ld32(r2 + t) ^ a3);
                P::st32(r3 + t, P::ld32(r3 + t) ^ a7);
                P::st32(acc + off + t, a7);
            }
            if (t == len) return;
        }
        uint8_t* rows[NB];
        for (size_t q = 0; q < NB; ++q) rows[q] = fold + gb[q] * eb + off;
        for (; t + 4 <= len; t += 4) {
            uint32_t a = P::ld32(acc + off + t);
#pragma GCC unroll 8
            for (size_t q = 0; q < NB; ++q) {
                a ^= P::ld32(src + q * S + t);
                P::st32(rows[q] + t, P::ld32(rows[q] + t) ^ a);
            }
            P::st32(acc + off + t, a);
        }
        for (; t < len; ++t) {
            uint8_t a = acc[off + t];
            for (size_t q = 0; q < NB; ++q) {
                a = uint8_t(a ^ src[q * S + t]);
                rows[q][t] ^= a;
            }
            acc[off + t] = a;
        }
    }

    // nkeys keys in the byte region [p, p + len), aligned; nullptr if they do not fit.
    template <class K = Key>
    static K* place_keys(uint8_t* p, size_t len, size_t nkeys) {
        const uintptr_t a0 = reinterpret_cast<uintptr_t>(p);
        const uintptr_t a = (a0 + alignof(K) - 1) & ~uintptr_t(alignof(K) - 1);
        if (a - a0 + nkeys * sizeof(K) > len) return nullptr;
        K* keys = reinterpret_cast<K*>(a);
        for (size_t i = 0; i < nkeys; ++i) ::new (static_cast<void*>(keys + i)) K;
        return keys;
    }
    // Up to max keys in [p, p + len), aligned; n = how many (0: nullptr).
    template <class K>
    static K* fit_keys(uint8_t* p, size_t len, size_t max, uint32_t& n) {
        n = 0;
        if (p == nullptr) return nullptr;
        const uintptr_t a0 = reinterpret_cast<uintptr_t>(p);
        const size_t pad = size_t(((a0 + alignof(K) - 1) & ~uintptr_t(alignof(K) - 1)) - a0);
        if (pad > len) return nullptr;
        const size_t fit = (len - pad) / sizeof(K);
        n = uint32_t(fit < max ? fit : max);
        return n != 0 ? place_keys<K>(p, len, n) : nullptr;
    }
    // Where a tree's cached keys went: keys (SeedCommit, PRG), bottom (the
    // lb bottom level keys), upper (nup keys of the levels just above).
    template <class K>
    struct KeyPlace {
        K* keys;
        K* bottom;
        K* upper;
        uint32_t nup;
    };
    // The tree's base keys at the start of [p, p + len), then as many keys of
    // the levels above the subtrees (deepest first: they derive the most
    // nodes) as fit in the rest of it or in [p2, p2 + len2).
    template <class K>
    __attribute__((noinline)) static KeyPlace<K> place_upper(const Dims& d, uint32_t lb, K* keys, uint8_t* p,
                                                             size_t len, uint8_t* p2, size_t len2) {
        const size_t nbase = stream_key_count(d, lb);
        const uint32_t nupper = d.log_n - lb - 1;
        uint8_t* rest = reinterpret_cast<uint8_t*>(keys + nbase);
        uint32_t n1 = 0, n2 = 0;
        K* u1 = fit_keys<K>(rest, len - size_t(rest - p), nupper, n1);
        K* u2 = n1 < nupper ? fit_keys<K>(p2, len2, nupper, n2) : nullptr;
        K* bottom = keys + (nbase - lb);
        return n2 > n1 ? KeyPlace<K>{keys, bottom, u2, n2} : KeyPlace<K>{keys, bottom, u1, n1};
    }
    // Prepared keys that do not fit at once in [p, p + len) (cat1 short
    // signer: 7 x 352 B in 2,336 B): the SeedCommit / PRG keys there, the
    // bottom level keys in [p2, p2 + len2), upper-level keys in the larger
    // rest of either or [p3, p3 + len3). keys == nullptr if even that does
    // not fit. (Placement only: these frames are gone when the tree runs.)
    template <class K>
    __attribute__((noinline)) static KeyPlace<K> place_split(const Dims& d, uint32_t lb, uint8_t* p, size_t len,
                                                             uint8_t* p2, size_t len2, uint8_t* p3, size_t len3) {
        const size_t nc = 2 + prg_blocks(d);
        K* keys = p2 != nullptr ? place_keys<K>(p, len, nc) : nullptr;
        K* bottom = keys != nullptr ? place_keys<K>(p2, len2, lb) : nullptr;
        if (bottom == nullptr) return KeyPlace<K>{nullptr, nullptr, nullptr, 0};
        const uint32_t nupper = d.log_n - lb - 1;
        uint8_t* r1 = reinterpret_cast<uint8_t*>(keys + nc);
        uint8_t* r2 = reinterpret_cast<uint8_t*>(bottom + lb);
        uint32_t n1 = 0, n2 = 0, n3 = 0;
        K* u1 = fit_keys<K>(r1, len - size_t(r1 - p), nupper, n1);
        K* u2 = fit_keys<K>(r2, len2 - size_t(r2 - p2), nupper, n2);
        K* u3 = fit_keys<K>(p3, len3, nupper, n3);
        if (n3 > n1 && n3 > n2) return KeyPlace<K>{keys, bottom, u3, n3};
        if (n2 > n1) return KeyPlace<K>{keys, bottom, u2, n2};
        return KeyPlace<K>{keys, bottom, u1, n1};
    }
    // Calls f(keys, bottom, upper, nup) with the key cache placed in
    // [p, p + len) (and [p2, p2 + len2), [p3, p3 + len3) for bottom and
    // upper-level keys): prepared keys when backend be runs prepared passes
    // faster and they fit, else expanded keys if they fit, else (or without
    // cache) null Key pointers. The keys are public (tweaked salts): not
    // wiped, the signature or the PIOP overwrites them.
    template <class F>
    static void with_key_cache(const Dims& d, uint32_t lb, bool cache, uint8_t* p, size_t len, uint8_t* p2,
                               size_t len2, cipher::Backend be, F&& f, uint8_t* p3 = nullptr, size_t len3 = 0) {
        const size_t nkeys = stream_key_count(d, lb);
        if (ActivePin::prepared_keys && cache && C::cache_prepared(be)) {
            using PK = typename C::PKey;
            PK* pk = place_keys<PK>(p, len, nkeys);
            const KeyPlace<PK> kp = pk != nullptr ? place_upper<PK>(d, lb, pk, p, len, p2, len2)
                                                  : place_split<PK>(d, lb, p, len, p2, len2, p3, len3);
            if (kp.keys != nullptr) {
                f(kp.keys, kp.bottom, kp.upper, kp.nup);
                return;
            }
        }
        Key* keys = cache ? place_keys<Key>(p, len, nkeys) : nullptr;
        const KeyPlace<Key> kk =
            keys != nullptr ? place_upper<Key>(d, lb, keys, p, len, p2, len2) : KeyPlace<Key>{nullptr, nullptr, nullptr, 0};
        f(kk.keys, kk.bottom, kk.upper, kk.nup);
    }

    // The signature as scratch: until the opening is written, its
    // leaf-commitment field (hs, tau * 2S bytes) holds the h_e for com1 and
    // ka (ka_len bytes: the signature's com2 | alpha1 | path fields, written
    // only after commit) the cached keys of the tree being committed
    // (w.cache_keys): prepared keys where they fit and are faster, else
    // expanded keys, else none (with_key_cache).
    // StreamCom1 (Memory's signer): see below; its own instance, so the
    // other profiles' commitment is the code it was.
    template <bool StreamCom1>
    __attribute__((noinline)) static void commit_streamed(const Dims& d, const uint8_t* mseed, const uint8_t* salt,
                                                          const uint8_t* x, Work<Elt>& w, uint8_t* pdx_out,
                                                          uint8_t* com1, uint8_t* hs, uint8_t* ka, size_t ka_len) {
        const size_t xb = d.x_bytes(), eb = d.exp_bytes(), pdxb = d.pdx_bytes();
        const size_t R = d.lane_bytes();
        uint8_t* xrows = reinterpret_cast<uint8_t*>(w.xT);
        std::memset(xrows, 0, size_t(d.n) * R);
        uint8_t rs[S];
        // The PIOP's tT rows are free until it runs: the 2^R subtree roots of
        // a breadth-first top of the tree (Ggm::stream_bfs) where they fit,
        // else keys of the levels above the subtrees; then the tree runs in
        // breadth-first groups of as many roots as w.tree_top holds, if any.
        uint8_t* tT = reinterpret_cast<uint8_t*>(w.tT);
        const uint32_t Rt = d.log_n - w.leaf_batch_log;
        const size_t roots_bytes = S << Rt;
        const bool roots_in_tT = w.cache_keys && roots_bytes <= w.tT_bytes;
        uint8_t* nodes = roots_in_tT ? tT : nullptr;
        uint32_t nodes_log = roots_in_tT ? Rt : 0;
        if (!roots_in_tT && w.cache_keys && w.tree_top_bytes >= 2 * S) {
            nodes = w.tree_top;
            while (nodes_log < Rt && (S << (nodes_log + 1)) <= w.tree_top_bytes) ++nodes_log;
        }
        // The row-product buckets (tab) are free until the PIOP zeroes them:
        // room for upper-level keys when the prepared keys must be split.
        const size_t tab_bytes = sizeof(field::word_t) * Lanes<E>::bucket_words(w.digit_bits, R / sizeof(field::word_t));
        // Memory's signer (StreamCom1, ka reaching to the end of the
        // leaf-commitment field): com1's XOF takes each h_e as it comes (via
        // the com1 field, written last), its state at the start of ka, so
        // the leaf-commitment field holds keys too (cat1 short: all 7
        // prepared keys in the signature, no split).
        XofCtx<Sec>* c1x = nullptr;
        if constexpr (StreamCom1) {
            const uintptr_t a0 = reinterpret_cast<uintptr_t>(ka);
            const size_t pad = size_t(((a0 + alignof(XofCtx<Sec>) - 1) & ~uintptr_t(alignof(XofCtx<Sec>) - 1)) - a0);
            c1x = ::new (static_cast<void*>(ka + pad)) XofCtx<Sec>;
            c1x->init();
            c1x->absorb_byte(0x07);
            ka += pad + sizeof(XofCtx<Sec>);
            ka_len -= pad + sizeof(XofCtx<Sec>);
        }
        with_key_cache(d, w.leaf_batch_log, w.cache_keys, ka, ka_len, roots_in_tT ? nullptr : tT,
                       roots_in_tT ? 0 : w.tT_bytes,
                       w.sec_backend, [&](auto* keys, auto* bottom, auto* upper, uint32_t nup) {
                           for (uint32_t e = 0; e < d.tau; ++e) {
                               root_seed(mseed, e, rs, w.sec_backend);
                               uint8_t* he = StreamCom1 ? com1 : hs + size_t(e) * 2 * S;
                               stream_rep(d, salt, e, rs, x, nullptr, 0, nullptr, w.leaf_batch_log, w.scratch,
                                          keys, bottom, upper, nup, nodes, nodes_log, he, w.sec_backend);
                               if constexpr (StreamCom1) c1x->absorb(he, 2 * S);
                               const uint8_t* acc = w.scratch;
                               combine(d, acc, xrows + size_t(e) * E::bytes, R, w.ua + size_t(e) * d.eta);
                               E::load(acc + xb, w.ub + size_t(e) * d.eta, d.eta);
                               uint8_t* pdx = pdx_out + size_t(e) * pdxb;
                               for (size_t t = 0; t < pdxb; ++t) pdx[t] = uint8_t(x[S + t] ^ acc[S + t]);
                           }
                       },
                       roots_in_tT ? nullptr : reinterpret_cast<uint8_t*>(w.tab), tab_bytes);
        secure_wipe(rs, sizeof(rs));
        secure_wipe(w.scratch, size_t(1 + d.log_n) * eb);
        if (nodes != nullptr) secure_wipe(nodes, S << nodes_log);
        if constexpr (StreamCom1) {
            c1x->absorb(pdx_out, size_t(d.tau) * pdxb);
            c1x->squeeze(com1, 2 * S);
            secure_wipe(c1x, sizeof(XofCtx<Sec>));  // in the signature: written again by open()
        } else {
            (void)c1x;
            hash_com1(d, hs, pdx_out, com1);
        }
    }
    // com1 = XOF(0x07 || h_0 .. h_{tau-1} || pdx) (its own frame: the XOF
    // state is not on the stack while the trees stream).
    __attribute__((noinline)) static void hash_com1(const Dims& d, const uint8_t* hs, const uint8_t* pdx,
                                                    uint8_t* com1) {
        XofCtx<Sec> c1x;
        c1x.init();
        c1x.absorb_byte(0x07);
        c1x.absorb(hs, size_t(d.tau) * 2 * S);
        c1x.absorb(pdx, size_t(d.tau) * d.pdx_bytes());
        c1x.squeeze(com1, 2 * S);
    }

    // The verifier cannot write into the signature: com1's XOF takes the h_e
    // as they come (com1 = XOF(0x07 || h_0 .. h_{tau-1} || pdx)), and the
    // cached keys go to the workspace's tT rows (free until the PIOP).
    __attribute__((noinline)) static bool eval_streamed(const Dims& d, const uint8_t* salt, const uint8_t* com1, const uint8_t* paths,
                              const uint8_t* lscom, const uint8_t* pdx_in, const uint16_t* i_star, Work<Elt>& w) {
        const size_t pdxb = d.pdx_bytes();
        const size_t R = d.lane_bytes();
        uint8_t* xrows = reinterpret_cast<uint8_t*>(w.xT);
        std::memset(xrows, 0, size_t(d.n) * R);
        XofCtx<Sec> c1x;
        c1x.init();
        c1x.absorb_byte(0x07);
        uint8_t h[2 * S];
        // Cached keys in the tT rows, which the PIOP only uses afterwards;
        // upper-level keys there or in the row-product buckets (tab: the PIOP
        // zeroes them before its first row), whichever holds more.
        const size_t tab_bytes =
            sizeof(field::word_t) * Lanes<E>::bucket_words(w.digit_bits, R / sizeof(field::word_t));
        with_key_cache(d, w.leaf_batch_log, w.cache_keys, reinterpret_cast<uint8_t*>(w.tT), w.tT_bytes,
                       reinterpret_cast<uint8_t*>(w.tab), tab_bytes, w.pub_backend, [&](auto* keys, auto* bottom, auto* upper, uint32_t nup) {
                           for (uint32_t e = 0; e < d.tau; ++e) {
                               stream_rep(d, salt, e, nullptr, nullptr, paths + size_t(e) * d.log_n * S,
                                          i_star[e], lscom + size_t(e) * 2 * S, w.leaf_batch_log, w.scratch,
                                          keys, bottom, upper, nup, nullptr, 0, h, w.pub_backend);
                               c1x.absorb(h, 2 * S);
                               eval_finish(d, e, w.scratch, pdx_in, i_star, xrows, w);
                           }
                       });
        c1x.absorb(pdx_in, size_t(d.tau) * pdxb);
        uint8_t c[2 * S];
        c1x.squeeze(c, 2 * S);
        return ct_memneq(c, com1, 2 * S) == 0;
    }

    // Grouped verifier (Memory): repetitions e0 .. e0+k-1 only, x_eval in
    // lanes 0..k-1 of xrows (rows of R bytes), u_eval at ue (k x eta); each
    // h_e goes into com1's XOF as it comes. keys: the tree key cache (or
    // nullptr: keys scheduled per batch).
    __attribute__((noinline)) static void eval_group(const Dims& d, const uint8_t* salt, const uint8_t* paths,
                                                     const uint8_t* lscom, const uint8_t* pdx_in,
                                                     const uint16_t* i_star, uint32_t e0, uint32_t k,
                                                     uint8_t* xrows, size_t R, Elt* ue, uint8_t* area,
                                                     uint8_t* keys, size_t keys_len, uint32_t lb,
                                                     cipher::Backend be, XofCtx<Sec>& c1x) {
        std::memset(xrows, 0, size_t(d.n) * R);
        with_key_cache(d, lb, keys != nullptr && keys_len != 0, keys, keys_len, nullptr, 0, be,
                       [&](auto* kc, auto* bottom, auto* upper, uint32_t nup) {
                           uint8_t h[2 * S];
                           for (uint32_t q = 0; q < k; ++q) {
                               const uint32_t e = e0 + q;
                               stream_rep(d, salt, e, nullptr, nullptr, paths + size_t(e) * d.log_n * S,
                                          i_star[e], lscom + size_t(e) * 2 * S, lb, area, kc, bottom, upper, nup,
                                          nullptr, 0, h, be);
                               c1x.absorb(h, 2 * S);
                               eval_finish_at(d, e, area, pdx_in, i_star, xrows + size_t(q) * E::bytes, R,
                                              ue + size_t(q) * d.eta);
                           }
                       });
    }

    // Verifier, repetition e: evaluations from the fold area (acc is modified).
    static void eval_finish(const Dims& d, uint32_t e, uint8_t* acc, const uint8_t* pdx_in, const uint16_t* i_star,
                            uint8_t* xrows, Work<Elt>& w) {
        eval_finish_at(d, e, acc, pdx_in, i_star, xrows + size_t(e) * E::bytes, d.lane_bytes(),
                       w.ua + size_t(e) * d.eta);
    }
    // Same, x_eval into the lane at xe (rows of R bytes), u_eval into ue.
    static void eval_finish_at(const Dims& d, uint32_t e, uint8_t* acc, const uint8_t* pdx_in,
                               const uint16_t* i_star, uint8_t* xe, size_t R, Elt* ue) {
        const size_t xb = d.x_bytes(), pdxb = d.pdx_bytes();
        combine(d, acc, xe, R, ue);
        const Elt rr = E::from_index(i_star[e] ^ (i_star[e] >> 1));
        const uint8_t* pdx = pdx_in + size_t(e) * pdxb;
        for (size_t t = 0; t < pdxb; ++t) acc[S + t] ^= pdx[t];
        // rr * lift(v) is linear in the bits of v: rr * lift(2^b) picked by masks.
        Elt tr[1][kBaseBits];
        for (unsigned b = 0; b < kBaseBits; ++b) tr[0][b] = E::mul(rr, Elt(B::lift(uint8_t(1u << b))));
        lifted_rows(d, tr, 1, acc, 0, xe, R, true);
        Elt tmp[1];
        for (uint32_t k = 0; k < d.eta; ++k) {
            E::load(acc + xb + size_t(k) * E::bytes, tmp, 1);
            ue[k] ^= E::mul(rr, tmp[0]);
        }
    }

    static constexpr unsigned kBaseBits = B::F::kBits;
    // Lane elements k < n of x_lane (row stride row_bytes) = (or ^=, with
    // add) sum_j sum_b bit b of packed element k of row j * t[j][b], rows j <
    // nrows at src + j * stride: masks (the elements may be secret), a byte
    // (8 / kBaseBits elements) at a time, no multiplication and no get().
    static void lifted_rows(const Dims& d, const Elt (*t)[kBaseBits], uint32_t nrows, const uint8_t* src,
                            size_t stride, uint8_t* x_lane, size_t row_bytes, bool add) {
        constexpr unsigned kPer = 8 / kBaseBits;
        const size_t xb = d.x_bytes();
        for (size_t by = 0; by < xb; ++by) {
            Elt s[kPer] = {};
            for (uint32_t j = 0; j < nrows; ++j) {
                const uint32_t v = src[size_t(j) * stride + by];
#pragma GCC unroll 8
                for (unsigned p = 0; p < 8; ++p) s[p / kBaseBits] ^= Elt(Elt(0u - ((v >> p) & 1u)) & t[j][p % kBaseBits]);
            }
            for (unsigned q = 0; q < kPer; ++q) {
                const size_t k = by * kPer + q;
                if (k >= d.n) break;
                uint8_t* dst = x_lane + k * row_bytes;
                if (add) {
                    Elt o;
                    E::load(dst, &o, 1);
                    s[q] ^= o;
                }
                E::store(&s[q], dst, 1);
            }
        }
    }

    // lifted_rows (add = false) through x86::lift_rows where it runs: the
    // maps v -> sum_b bit b of v * t[j][b] as GFNI affine matrices.
    static void lifted_rows_set(const Dims& d, const Elt (*t)[kBaseBits], uint32_t nrows, const uint8_t* src,
                                size_t stride, uint8_t* x_lane, size_t row_bytes) {
#if defined(PQMCU_MQOM_X86)
        if constexpr (kBaseBits == 1 || kBaseBits == 4 || kBaseBits == 8) {
            if (const x86::LiftRowsFn f = x86::lift_rows(); f != nullptr && nrows <= T::kMaxLogN) {
                // vgf2p8affineqb: output bit i = parity(input & byte 7 - i of the matrix).
                uint64_t mlo[T::kMaxLogN], mhi[T::kMaxLogN];
                for (uint32_t j = 0; j < nrows; ++j) {
                    mlo[j] = mhi[j] = 0;
                    for (unsigned i = 0; i < 8; ++i)
                        for (unsigned b = 0; b < kBaseBits; ++b) {
                            const uint32_t c = t[j][b];
                            mlo[j] |= uint64_t((c >> i) & 1u) << (8 * (7 - i) + b);
                            mhi[j] |= uint64_t((c >> (8 + i)) & 1u) << (8 * (7 - i) + b);
                        }
                }
                f(src, stride, nrows, kBaseBits, mlo, E::bytes == 2 ? mhi : nullptr, d.n, x_lane, row_bytes);
                return;
            }
        }
#endif
        lifted_rows(d, t, nrows, src, stride, x_lane, row_bytes, false);
    }

    // Lane e of the transposed rows: x_rows[k] lane e = sum_j 2^j lift(fold_j.x[k]);
    // u_out = sum_j 2^j fold_j.u
    static void combine(const Dims& d, const uint8_t* scratch, uint8_t* x_lane, size_t row_bytes, Elt* u_out) {
        const size_t xb = d.x_bytes(), eb = d.exp_bytes();
        const uint8_t* fold = scratch + eb;
        // 2^j * lift(v) is linear in the bits of v: the L x kBaseBits products
        // 2^j * lift(2^b) once, then masks per element (no multiplication per
        // element and fold row).
        Elt tx[T::kMaxLogN][kBaseBits];
        if constexpr (E::bytes == 1) {
            // GF(256): from_index(2^j) is 2^j for j < 8 (0 above), so the
            // products are xtime chains and u_out is Horner in j (no
            // out-of-line multiplications: ~160 per repetition).
            for (unsigned b = 0; b < kBaseBits; ++b) {
                uint8_t v = B::lift(uint8_t(1u << b));
                // (j < kMaxLogN as well: GCC 12 cannot see that log_n never exceeds it)
                for (uint32_t j = 0; j < d.log_n && j < T::kMaxLogN; ++j, v = field::gf256::xtime(v))
                    tx[j][b] = j < 8 ? v : 0;
            }
            lifted_rows_set(d, tx, d.log_n, fold, eb, x_lane, row_bytes);
            const uint32_t lj = d.log_n < 8 ? d.log_n : 8;
            for (uint32_t k = 0; k < d.eta; ++k) {
                uint8_t s = 0;
                for (uint32_t j = lj; j-- > 0;) s = uint8_t(field::gf256::xtime(s) ^ fold[size_t(j) * eb + xb + k]);
                u_out[k] = s;
            }
            return;
        }
#if defined(PQMCU_MQOM_X86)
        // Public constants: made once per process (88 field products a
        // repetition on the short sets, ~5 % of a signature).
        static const struct Tx {
            Elt t[T::kMaxLogN][kBaseBits];
        } kTx = [] {
            Tx r{};
            for (uint32_t j = 0; j < T::kMaxLogN; ++j)
                for (unsigned b = 0; b < kBaseBits; ++b)
                    r.t[j][b] = E::mul(E::from_index(1u << j), Elt(B::lift(uint8_t(1u << b))));
            return r;
        }();
        lifted_rows_set(d, kTx.t, d.log_n, fold, eb, x_lane, row_bytes);
#else
        for (uint32_t j = 0; j < d.log_n; ++j)
            for (unsigned b = 0; b < kBaseBits; ++b)
                tx[j][b] = E::mul(E::from_index(1u << j), Elt(B::lift(uint8_t(1u << b))));
        lifted_rows_set(d, tx, d.log_n, fold, eb, x_lane, row_bytes);
#endif
        Elt tmp[1];
        for (uint32_t k = 0; k < d.eta; ++k) {
            Elt s = 0;
            for (uint32_t j = 0; j < d.log_n; ++j) {
                E::load(fold + size_t(j) * eb + xb + size_t(k) * E::bytes, tmp, 1);
                s ^= E::mul(E::from_index(1u << j), tmp[0]);
            }
            u_out[k] = s;
        }
    }

    // Signer. x: packed secret (xb bytes). Writes x0/u0/u1 into w.xT (lanes)/ua/ub,
    // root seeds into w.rseed (stored trees), pdx into pdx_out (tau * pdx_bytes), com1.
    // paths/lscom: the signature's opening fields, free until open() (scratch).
    // key_area: where the streamed signer may cache its keys (free until
    // commit returns; it must not overlap com1, pdx, lscom), nullptr: paths.
    // StreamCom1 (Memory's signer, streamed trees): com1's XOF takes the h_e
    // as they come and key_area may reach to the end of lscom.
    template <bool StreamCom1 = false>
    static void commit(const Dims& d, const uint8_t* mseed, const uint8_t* salt, const uint8_t* x, Work<Elt>& w,
                       uint8_t* pdx_out, uint8_t* com1, uint8_t* paths, uint8_t* lscom,
                       uint8_t* key_area = nullptr, size_t key_area_len = 0) {
        if (key_area == nullptr) {
            key_area = paths;
            key_area_len = size_t(d.tau) * d.log_n * S;
        }
        if (streamed_blc(w.leaf_batch_log))
            return commit_streamed<StreamCom1>(d, mseed, salt, x, w, pdx_out, com1, lscom, key_area, key_area_len);
        commit_stored(d, mseed, salt, x, w, pdx_out, com1);
    }
    // Repetitions in the next stored fold_reps group, `left` of them to go:
    // 4 with a 4-way XOF, and on x86 (SIMD x4 Keccak) 2 or 3 leftovers too.
    static unsigned reps_at(unsigned par_reps, uint32_t left) {
        if (par_reps < 4) return 1;
        if (left >= 4) return 4;
#if defined(PQMCU_MQOM_X86)
        if (left >= 2) return unsigned(left);
#endif
        return 1;
    }
    __attribute__((noinline)) static void commit_stored(const Dims& d, const uint8_t* mseed, const uint8_t* salt,
                                                        const uint8_t* x, Work<Elt>& w, uint8_t* pdx_out,
                                                        uint8_t* com1) {
        const size_t xb = d.x_bytes(), eb = d.exp_bytes(), pdxb = d.pdx_bytes();
        const uint8_t zero_salt[S] = {0};
        P::prg(zero_salt, 0, mseed, size_t(d.tau) * S, w.rseed, w.sec_backend);
        const uint8_t* delta = x;  // first S bytes of x
        const size_t R = d.lane_bytes();
        const size_t leaves_bytes = size_t(d.n_evals()) * S;
        const size_t area = size_t(1 + d.log_n) * eb;
        uint8_t* xrows = reinterpret_cast<uint8_t*>(w.xT);
        std::memset(xrows, 0, size_t(d.n) * R);
        for (uint32_t e0 = 0; e0 < d.tau;) {
            const unsigned nr = reps_at(w.par_reps, d.tau - e0);
            for (unsigned r = 0; r < nr; ++r)
                T::expand(salt, w.rseed + size_t(e0 + r) * S, delta, e0 + r, d.log_n, w.leaves + r * leaves_bytes,
                          w.sec_backend);
            if (nr > 1)
                fold_reps<4>(d, salt, e0, w.leaves, w.scratch, w.hls + size_t(e0) * 2 * S, nullptr, nullptr,
                             w.sec_backend, nr);
            else
                fold_reps<1>(d, salt, e0, w.leaves, w.scratch, w.hls + size_t(e0) * 2 * S, nullptr, nullptr,
                             w.sec_backend);
            for (unsigned r = 0; r < nr; ++r) {
                const uint32_t e = e0 + r;
                const uint8_t* acc = w.scratch + r * area;
                combine(d, acc, xrows + size_t(e) * E::bytes, R, w.ua + size_t(e) * d.eta);
                E::load(acc + xb, w.ub + size_t(e) * d.eta, d.eta);
                uint8_t* pdx = pdx_out + size_t(e) * pdxb;
                for (size_t t = 0; t < pdxb; ++t) pdx[t] = uint8_t(x[S + t] ^ acc[S + t]);
            }
            e0 += nr;
        }
        secure_wipe(w.scratch, (size_t(w.par_reps) * (1 + d.log_n) + kBatch) * eb);
        secure_wipe(w.leaves, size_t(w.par_reps) * d.n_evals() * S);
        XofCtx<Sec> xof;
        xof.init();
        xof.absorb_byte(0x07);
        xof.absorb(w.hls, size_t(d.tau) * 2 * S);
        xof.absorb(pdx_out, size_t(d.tau) * pdxb);
        xof.squeeze(com1, 2 * S);
    }

    // Signer: the opening for challenge i_star[] (paths, leaf commitments;
    // pdx was already written by commit).
    // rseed == nullptr: the root seeds are recomputed from mseed (streamed profiles).
    static void open(const Dims& d, const uint8_t* salt, const uint8_t* x, const uint8_t* rseed,
                     const uint8_t* mseed, const uint16_t* i_star, uint8_t* paths, uint8_t* lscom,
                     cipher::Backend be = cipher::Backend::automatic) {
        uint8_t leaf[S], rs[S];
        Key k1, k2;
        for (uint32_t e = 0; e < d.tau; ++e) {
            if (rseed != nullptr) std::memcpy(rs, rseed + size_t(e) * S, S);
            else root_seed(mseed, e, rs, be);
            T::open_path(salt, rs, x, e, d.log_n, i_star[e], paths + size_t(e) * d.log_n * S, leaf, be);
            uint8_t t[S];
            P::tweak_salt(salt, t, 0, e, 0);
            C::schedule(k1, t, be);
            t[0] ^= 0x01;
            C::schedule(k2, t, be);
            P::derive(k1, leaf, lscom + size_t(e) * 2 * S, 1, be);
            P::derive(k2, leaf, lscom + size_t(e) * 2 * S + S, 1, be);
        }
        C::wipe(k1);
        C::wipe(k2);
        secure_wipe(leaf, sizeof(leaf));
        secure_wipe(rs, sizeof(rs));
    }

    // Verifier: evaluations x_eval/u_eval into w.xT (lanes)/ua; false if com1 differs.
    static bool eval(const Dims& d, const uint8_t* salt, const uint8_t* com1, const uint8_t* paths,
                     const uint8_t* lscom, const uint8_t* pdx_in, const uint16_t* i_star, Work<Elt>& w) {
        if (streamed_blc(w.leaf_batch_log)) return eval_streamed(d, salt, com1, paths, lscom, pdx_in, i_star, w);
        return eval_stored(d, salt, com1, paths, lscom, pdx_in, i_star, w);
    }
    __attribute__((noinline)) static bool eval_stored(const Dims& d, const uint8_t* salt, const uint8_t* com1,
                                                      const uint8_t* paths, const uint8_t* lscom,
                                                      const uint8_t* pdx_in, const uint16_t* i_star, Work<Elt>& w) {
        const size_t pdxb = d.pdx_bytes();
        const size_t R = d.lane_bytes();
        uint8_t* xrows = reinterpret_cast<uint8_t*>(w.xT);
        std::memset(xrows, 0, size_t(d.n) * R);
        const size_t leaves_bytes = size_t(d.n_evals()) * S;
        const size_t area = size_t(1 + d.log_n) * d.exp_bytes();
        for (uint32_t e0 = 0; e0 < d.tau;) {
            const unsigned nr = reps_at(w.par_reps, d.tau - e0);
            for (unsigned r = 0; r < nr; ++r)
                T::partial_expand(salt, paths + size_t(e0 + r) * d.log_n * S, e0 + r, d.log_n, i_star[e0 + r],
                                  w.leaves + r * leaves_bytes, w.pub_backend);
            if (nr > 1)
                fold_reps<4>(d, salt, e0, w.leaves, w.scratch, w.hls + size_t(e0) * 2 * S,
                             lscom + size_t(e0) * 2 * S, i_star + e0, w.pub_backend, nr);
            else
                fold_reps<1>(d, salt, e0, w.leaves, w.scratch, w.hls + size_t(e0) * 2 * S,
                             lscom + size_t(e0) * 2 * S, i_star + e0, w.pub_backend);
            for (unsigned r = 0; r < nr; ++r) eval_finish(d, e0 + r, w.scratch + r * area, pdx_in, i_star, xrows, w);
            e0 += nr;
        }
        XofCtx<Sec> xof;
        xof.init();
        xof.absorb_byte(0x07);
        xof.absorb(w.hls, size_t(d.tau) * 2 * S);
        xof.absorb(pdx_in, size_t(d.tau) * pdxb);
        uint8_t c[2 * S];
        xof.squeeze(c, 2 * S);
        return ct_memneq(c, com1, 2 * S) == 0;
    }
};

}  // namespace pqmcu::mqom::detail
