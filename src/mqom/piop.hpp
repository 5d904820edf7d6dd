// SPDX-License-Identifier: Apache-2.0 OR MIT
// The MQOM v2.1 PIOP, with the equations streamed row by row (EqStream):
// each row of A_i (then b_i) is used for all tau repetitions at once, in the
// lane layout of lanes.hpp, and dropped; g = w.eq_group equations run in
// lock-step (each with its own small accumulators) to share key schedules.
//
// Prover, with P_x(X) = x0[e] + x X, row j of A_i giving t0[e]_j = (A_i x0[e])_j
// and, in lane tau, (A_i x)_j:
//   z0[e][i] = sum_j t0[e]_j x0[e]_j
//   z1[e][i] = sum_j (A_i x)_j x0[e]_j + t0[e]_j x_j  +  b_i . x0[e]
//   r5: alpha_c[e] = Gamma z_c[e] + u_c[e] with Gamma (eta x m/mu) from
//       XOF(0x08 || com1);  r3: alpha_c[e] = z_c[e] + u_c[e].
// Verifier, at r = gray(i*):
//   v_z[e][i] = (A_i v_x) . v_x + r (b_i . v_x) + r^2 y_i
//   alpha0[e] = Gamma v_z[e] + u_eval[e] + r alpha1[e]   (or without Gamma)
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/secure.hpp"
#include "mqom/dims.hpp"
#include "mqom/expand_mq.hpp"
#include "mqom/gf.hpp"
#include "mqom/lanes.hpp"
#include "mqom/pin.hpp"
#include "mqom/work.hpp"
#if defined(PQMCU_MQOM_X86)
#include "mqom/kernels_x86.hpp"
#endif

namespace pqmcu::mqom::detail {

template <class E>
inline typename E::Elt lane_get(const word_t* row, size_t e) {
    typename E::Elt v[1];
    E::load(reinterpret_cast<const uint8_t*>(row) + e * E::bytes, v, 1);
    return v[0];
}
template <class E>
inline void lane_put(word_t* row, size_t e, typename E::Elt v) {
    E::store(&v, reinterpret_cast<uint8_t*>(row) + e * E::bytes, 1);
}

inline uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

template <unsigned Sec, class E, class B>
struct Piop {
    using Elt = typename E::Elt;
    using L = Lanes<E>;

    // The Lut kernels exist only where a Lut profile can run (pin.hpp).
    static bool lut_on(const Work<Elt>& w) {
        if constexpr (ActivePin::lut) return w.lut_not_ct;
        else return false;
    }

    static void expand_gamma(const Dims& d, const uint8_t* com1, Elt* gamma) {
        if (!d.batching) return;
        XofCtx<Sec> xof;
        xof.init();
        xof.absorb_byte(0x08);
        xof.absorb(com1, d.digest());
        uint8_t row[256];  // y_bytes() <= 256 (checked by Scheme)
        for (uint32_t k = 0; k < d.eta; ++k) {
            xof.squeeze(row, d.y_bytes());
            E::load(row, gamma + size_t(k) * d.m_ext(), d.m_ext());
        }
    }

    static void batch(const Dims& d, const Elt* gamma, const Elt* z, Elt* out) {
        if (d.batching) {
            for (uint32_t k = 0; k < d.eta; ++k) out[k] = E::dot(gamma + size_t(k) * d.m_ext(), z, d.m_ext());
        } else {
            for (uint32_t k = 0; k < d.eta; ++k) out[k] = z[k];
        }
    }

    // Words of one equation's prover accumulators: z0, z1 rows, then the
    // bit planes (Lanes::sign_state_rows); the verifier keeps one row.
    static constexpr size_t state_rows() { return L::template sign_state_rows<typename B::F>(); }

    // Equations in lock-step and where their state lives: tT holds g x
    // (state rows + stream window), g as large as tT allows (up to
    // kMaxEqGroup): the streamed verifier's key cache sizes tT, so the PIOP
    // shares the PRG key schedules of ~3 (sign) / 8 (verify) equations at no
    // RAM cost. w.eq_group is the group tT was sized for (at least 1 fits).
    struct Group {
        uint32_t g;
        word_t* state;  // g x state_words
        Elt* eq;        // g x eq_window_bytes (EqStream windows)
    };
    // extra_words: the caller's own rows at the end of tT (verify: r, r^2).
    // win_area: other free RAM for the stream windows (the streamed signer's
    // BLC fold area, dead after commit), used when tT then holds more
    // states (cat1 short: 2 equations instead of 1 share each key schedule).
    static Group group(const Dims& d, const Work<Elt>& w, size_t state_words, size_t extra_words = 0,
                       uint8_t* win_area = nullptr, size_t win_len = 0) {
        const size_t win = eq_window_bytes(d);
        const size_t per = state_words * sizeof(word_t) + win;
        const size_t room = w.tT_bytes - extra_words * sizeof(word_t);
        auto clamp = [&](size_t g) {
            if (g > kMaxEqGroup) g = kMaxEqGroup;
            if (g > d.m_ext()) g = d.m_ext();
            return g;
        };
        size_t g = clamp(room / per);
        if (g < 1) g = 1;  // Scheme sizes tT for eq_group >= 1 (and the extra rows)
        if (win_area != nullptr) {
            const size_t gs = room / (state_words * sizeof(word_t)), gw = win_len / win;
            const size_t g2 = clamp(gs < gw ? gs : gw);
            if (g2 > g) return Group{uint32_t(g2), w.tT, reinterpret_cast<Elt*>(win_area)};
        }
        return Group{uint32_t(g), w.tT, reinterpret_cast<Elt*>(w.tT + g * state_words)};
    }

    // x86 with AVX-512BW + GFNI and GF(256) entries: each row's product and
    // its secret products in one kernel (x86::gf256_sign_row / verify_row);
    // the signer's state is then z0, z1 only (no bit planes). Never with Lut.
    static bool x86_rows(const Work<Elt>& w, size_t row_bytes) {
#if defined(PQMCU_MQOM_X86)
        if constexpr (E::bytes == 1) return !lut_on(w) && x86::gf256_sign_row() != nullptr;
        // GF(2^16): rows of at most 64 bytes (all short sets).
        if constexpr (E::bytes == 2)
            return !lut_on(w) && x86::gf65536_sign_row() != nullptr && row_bytes <= 64;
#endif
        (void)w;
        (void)row_bytes;
        return false;
    }

#if defined(PQMCU_MQOM_X86)
    static auto x86_sign_row() {
        if constexpr (E::bytes == 1) return x86::gf256_sign_row();
        else return x86::gf65536_sign_row();
    }
    static auto x86_verify_row() {
        if constexpr (E::bytes == 1) return x86::gf256_verify_row();
        else return x86::gf65536_verify_row();
    }
#endif

    // out = sum_{k<len} c[k] * xT[k]: Lanes::row_public, or on x86 with
    // AVX-512 + GFNI and GF(256) entries one vgf2p8mulb per entry (tab and
    // prev then stay untouched: every row of a pass takes the same path).
    template <size_t NW, unsigned D>
    static void row_public(const Elt* c, const word_t* xT, uint32_t len, size_t nw, word_t* tab, word_t* prev,
                           word_t* out) {
#if defined(PQMCU_MQOM_X86)
        if constexpr (E::bytes == 1) {
            if (const x86::RowFn f = x86::gf256_row(); f != nullptr) {
                f(c, reinterpret_cast<const uint8_t*>(xT), len, nw * sizeof(word_t), reinterpret_cast<uint8_t*>(out));
                return;
            }
        } else if constexpr (E::bytes == 2) {
            // Rows of at most 64 bytes (all short sets: tau + 1 <= 32 lanes).
            if (const x86::Row16Fn f = x86::gf65536_row(); f != nullptr && nw * sizeof(word_t) <= 64) {
                f(c, reinterpret_cast<const uint8_t*>(xT), len, nw * sizeof(word_t), reinterpret_cast<uint8_t*>(out));
                return;
            }
        }
#endif
        L::template row_public<NW, D>(c, xT, len, nw, tab, prev, out);
    }

    // Row width as a compile-time constant for the widths of the 48 sets
    // (fixed trip counts), 0 (run-time width) otherwise.
    static constexpr bool fixed_nw(size_t nw) {
        if constexpr (sizeof(word_t) == 8) return nw == 3 || nw == 4 || nw == 5 || nw == 7;
        else return nw == 5 || nw == 7 || nw == 10 || nw == 13;
    }
    template <class Fn>
    static void with_nw(size_t nw, unsigned digit_bits, Fn&& fn) {
        auto go = [&](auto nwc) { with_digit(digit_bits, [&](auto dc) { fn(nwc, dc); }); };
        if constexpr (ActivePin::on) {
            // One set: its width only (another width cannot reach here).
            constexpr size_t pinned = ActivePin::lane_nw;
            if (nw != pinned || digit_bits != ActivePin::work_digit) __builtin_trap();
            fn(std::integral_constant<size_t, fixed_nw(pinned) ? pinned : 0>{},
               std::integral_constant<unsigned, ActivePin::work_digit>{});
            return;
        } else if constexpr (sizeof(word_t) == 8) {
            switch (nw) {
            case 3: return go(std::integral_constant<size_t, 3>{});
            case 4: return go(std::integral_constant<size_t, 4>{});
            case 5: return go(std::integral_constant<size_t, 5>{});
            case 7: return go(std::integral_constant<size_t, 7>{});
            default: break;
            }
        } else {
            switch (nw) {
            case 5: return go(std::integral_constant<size_t, 5>{});
            case 7: return go(std::integral_constant<size_t, 7>{});
            case 10: return go(std::integral_constant<size_t, 10>{});
            case 13: return go(std::integral_constant<size_t, 13>{});
            default: break;
            }
        }
        go(std::integral_constant<size_t, 0>{});
    }

    // Row i of z over the lanes (lane e = z[e][i]): kept (z, batched at the
    // end) or, with w.alpha_direct, added at once to alpha held as eta lane
    // rows (alpha[k] lane e = alpha[e][k]; no tau x m/mu buffer). Gamma is
    // public (from com1): gamma * v = XOR of beta_b v over the set bits b of
    // gamma ("public jumps"), beta_b v for a word of lanes by xtime.
    static void emit_row(const Dims& d, const Work<Elt>& w, Elt* alpha, Elt* z, uint32_t i, const word_t* row,
                         size_t nw) {
        const uint32_t tau = d.tau, me = d.m_ext();
        if (!w.alpha_direct) {
            for (uint32_t e = 0; e < tau; ++e) z[size_t(e) * me + i] = lane_get<E>(row, e);
            return;
        }
        word_t* arow = reinterpret_cast<word_t*>(alpha);
        if (!d.batching) {  // r3: alpha = z (eta = m/mu)
            for (size_t wi = 0; wi < nw; ++wi) arow[i * nw + wi] ^= row[wi];
            return;
        }
        word_t chain[L::kBits];
        for (size_t wi = 0; wi < nw; ++wi) {
            chain[0] = row[wi];
            for (unsigned b = 1; b < L::kBits; ++b) {
                if constexpr (L::kBits == 16) {
                    if (b == 8) {
                        chain[8] = field::gf256sq::mul_w_x<word_t>(chain[0]);
                        continue;
                    }
                }
                chain[b] = field::gf256::xtime_w<word_t>(chain[b - 1]);
            }
            const Elt* gk = w.gamma + i;
            word_t* a = arow + wi;
            for (uint32_t k = 0; k < d.eta; ++k, gk += me, a += nw) {
                word_t v = 0;
                for (uint32_t g = *gk; g != 0; g &= g - 1) v ^= chain[__builtin_ctz(g)];  // public
                *a ^= v;
            }
        }
        secure_wipe(chain, sizeof chain);
    }

    // alpha_direct: out[e][k] = extra[e][k] ^ lane e of alpha row k; out
    // (tau x eta) overwrites the lane rows, through extra (updated in place).
    static void lanes_to_alpha(const Dims& d, Elt* alpha, Elt* extra, size_t nw) {
        const word_t* arow = reinterpret_cast<const word_t*>(alpha);
        for (uint32_t e = 0; e < d.tau; ++e)
            for (uint32_t k = 0; k < d.eta; ++k)
                extra[size_t(e) * d.eta + k] ^= lane_get<E>(arow + size_t(k) * nw, e);
        std::memcpy(alpha, extra, size_t(d.tau) * d.eta * sizeof(Elt));
    }

    // Prover. w.xT holds x0 (lanes 0..tau-1) and lift(x) (lane tau); u0 = w.ua,
    // u1 = w.ub; x is the packed secret. Outputs alpha0 into w.alpha, alpha1.
    static void compute(const Dims& d, const uint8_t* com1, const uint8_t* mseed_eq, const uint8_t* x, Work<Elt>& w,
                        Elt* alpha1) {
        expand_gamma(d, com1, w.gamma);
        const size_t nw = d.lane_bytes() / sizeof(word_t);
        if (w.alpha_direct) {
            std::memset(w.alpha, 0, d.alpha_buf_bytes());
            std::memset(alpha1, 0, d.alpha_buf_bytes());
        }
        with_nw(nw, w.digit_bits, [&](auto nwc, auto dc) {
            compute_n<decltype(nwc)::value, decltype(dc)::value>(d, mseed_eq, x, w, alpha1);
        });
        if (w.alpha_direct) {  // alpha_c = lanes + u_c (ua, ub: free afterwards)
            lanes_to_alpha(d, w.alpha, w.ua, nw);
            lanes_to_alpha(d, alpha1, w.ub, nw);
            return;
        }
        const uint32_t me = d.m_ext();
        for (uint32_t e = 0; e < d.tau; ++e) {
            Elt* a0 = w.alpha + size_t(e) * d.eta;
            Elt* a1 = alpha1 + size_t(e) * d.eta;
            batch(d, w.gamma, w.z0 + size_t(e) * me, a0);
            batch(d, w.gamma, w.z1 + size_t(e) * me, a1);
            for (uint32_t k = 0; k < d.eta; ++k) {
                a0[k] ^= w.ua[size_t(e) * d.eta + k];
                a1[k] ^= w.ub[size_t(e) * d.eta + k];
            }
        }
    }

    template <size_t NW, unsigned D>
    static void compute_n(const Dims& d, const uint8_t* mseed_eq, const uint8_t* x, Work<Elt>& w, Elt* alpha1) {
        const uint32_t n = d.n, me = d.m_ext(), tau = d.tau;
        const size_t nw = NW != 0 ? NW : d.lane_bytes() / sizeof(word_t);
        // The Lut kernels keep z0, z1 only (no bit planes): more equations
        // per group share each PRG key schedule (cat1 short: 6 instead of 1).
        const bool xr = x86_rows(w, nw * sizeof(word_t));
        const size_t stw = (lut_on(w) || xr ? 2 : state_rows()) * nw;
        const bool streamed = w.leaf_batch_log != 0;
        Group grp = group(d, w, stw, 0, streamed ? w.scratch : nullptr,
                          streamed ? size_t(1 + d.log_n) * d.exp_bytes() : 0);
        if (w.piop_win != nullptr) {  // states and windows there, up to kMaxEqGroupWide
            const size_t per = stw * sizeof(word_t) + eq_window_bytes(d);
            size_t g = w.piop_win_bytes / per;
            if (g > kMaxEqGroupWide) g = kMaxEqGroupWide;
            if (g > me) g = me;
            if (g > grp.g)
                grp = Group{uint32_t(g), reinterpret_cast<word_t*>(w.piop_win),
                            reinterpret_cast<Elt*>(w.piop_win + g * stw * sizeof(word_t))};
        }
        word_t t[kMaxLaneWords];
        // x0_j's doubling chain (Lanes::x_chain), once per row for the group.
        constexpr bool chain = L::template chain_row<NW, typename B::F>();
        [[maybe_unused]] word_t xc[chain ? 8 * NW : 1];
        std::memset(w.tab, 0, L::bucket_words(D, nw) * sizeof(word_t));  // buckets and prev (row_public)
        word_t* prev = w.tab + L::bucket_words(D, nw) - nw;
        for (uint32_t i0 = 0; i0 < me; i0 += grp.g) {
            const uint32_t g = min_u32(grp.g, me - i0);
            EqStream<Sec, E> st(d, mseed_eq, i0, g, grp.eq, w.pub_backend);
            std::memset(grp.state, 0, g * stw * sizeof(word_t));
            for (uint32_t j = 0; j < n; ++j) {
                st.next(j + 1);
                const word_t* xj = w.xT + size_t(j) * nw;
                const uint32_t xv = B::F::get(x, j);
                // !!! NOT CONSTANT TIME (Lut profile only): log of a secret.
                const uint16_t lxl = lut_on(w) ? field::lut_not_ct::kGf256Z.log[B::lift(uint8_t(xv))] : 0;
#if defined(PQMCU_MQOM_X86)
                if (xr) {
                    const uint8_t lx = B::lift(uint8_t(xv));
                    if constexpr (E::bytes == 1) {  // four equations per xT load
                        const uint8_t* cs[kMaxEqGroupWide];
                        for (uint32_t q = 0; q < g; ++q) cs[q] = st.at(q);
                        x86::gf256_sign_rows()(cs, g, reinterpret_cast<const uint8_t*>(w.xT), j + 1,
                                               nw * sizeof(word_t), tau, lx, reinterpret_cast<uint8_t*>(grp.state),
                                               stw * sizeof(word_t));
                        continue;
                    }
                    const auto f = x86_sign_row();
                    for (uint32_t q = 0; q < g; ++q)
                        f(st.at(q), reinterpret_cast<const uint8_t*>(w.xT), j + 1, nw * sizeof(word_t), tau, lx,
                          reinterpret_cast<uint8_t*>(grp.state + q * stw));
                    continue;
                }
#endif
#if defined(PQMCU_TARGET_M4) && defined(PQMCU_GF256_SIMD32)
                if constexpr (chain) {
                    if (!lut_on(w)) L::x_chain5(xj, xc);
                }
#endif
                for (uint32_t q = 0; q < g; ++q) {
                    word_t* s = grp.state + q * stw;
                    row_public<NW, D>(st.at(q), w.xT, j + 1, nw, w.tab, prev, t);
                    if (lut_on(w)) {
                        // !!! NOT CONSTANT TIME (Lut profile): secret-indexed log/exp tables.
                        if constexpr (E::bytes == 1) {
                            lut_not_ct::sign_row_gf256(t, xj, lxl, tau, nw, s, s + nw);
                        } else {
                            lut_not_ct::sign_row_gf256sq(t, xj, lxl, tau, s, s + nw);
                        }
                        continue;
                    }
#if defined(PQMCU_TARGET_M4) && defined(PQMCU_GF256_SIMD32)
                    if constexpr (chain) {
                        pqmcu_mqom_sign_row5_m4(t, xc, field::bcast8<uint32_t>(uint8_t(lane_get<E>(t, tau))), s, xv);
                        continue;
                    }
#endif
                    L::template sign_row<NW, typename B::F>(t, xj, uint32_t(lane_get<E>(t, tau)), xv, s, nw);
                }
            }
            st.next(n);  // b_i
            for (uint32_t q = 0; q < g; ++q) {
                word_t* s = grp.state + q * stw;
                row_public<NW, D>(st.at(q), w.xT, n, nw, w.tab, prev, t);
                for (size_t k = 0; k < nw; ++k) s[nw + k] ^= t[k];
                if (!lut_on(w) && !xr) L::template sign_fold<typename B::F>(s, nw);
                emit_row(d, w, w.alpha, w.z0, i0 + q, s, nw);
                emit_row(d, w, alpha1, w.z1, i0 + q, s + nw, nw);
            }
        }
        secure_wipe(t, sizeof(t));
        if constexpr (chain) secure_wipe(xc, sizeof(xc));
        // States in piop_win (the caller wipes tT, not that area).
        if (reinterpret_cast<uint8_t*>(grp.state) == w.piop_win) secure_wipe(grp.state, grp.g * stw * sizeof(word_t));
    }

    // Verifier. w.xT holds x_eval, u_eval = w.ua, alpha1 = w.ub, y (m_ext elts).
    // Output alpha0 into w.alpha.
    // y: the public key's y (m/mu encoded ext elements).
    static void recompute(const Dims& d, const uint8_t* com1, const uint8_t* mseed_eq, const uint8_t* y,
                          const uint16_t* i_star, Work<Elt>& w) {
        expand_gamma(d, com1, w.gamma);
        const uint32_t me = d.m_ext(), tau = d.tau;
        Elt r[kMaxTauLanes], r2[kMaxTauLanes];
        for (uint32_t e = 0; e < tau; ++e) {
            r[e] = E::from_index(i_star[e] ^ (i_star[e] >> 1));
            r2[e] = E::mul(r[e], r[e]);
        }
        const size_t nw = d.lane_bytes() / sizeof(word_t);
        if (w.alpha_direct) std::memset(w.alpha, 0, d.alpha_buf_bytes());
        with_nw(nw, w.digit_bits, [&](auto nwc, auto dc) {
            recompute_n<decltype(nwc)::value, decltype(dc)::value>(d, mseed_eq, r, r2, y, w);
        });
        for (uint32_t e = 0; e < tau; ++e) {  // u_eval + r alpha1 (into ua when alpha_direct)
            Elt* u = w.ua + size_t(e) * d.eta;
            const Elt* a1 = w.ub + size_t(e) * d.eta;
            for (uint32_t k = 0; k < d.eta; ++k) u[k] = Elt(u[k] ^ E::mul(r[e], a1[k]));
        }
        if (w.alpha_direct) {
            lanes_to_alpha(d, w.alpha, w.ua, nw);
            return;
        }
        for (uint32_t e = 0; e < tau; ++e) {
            Elt* a0 = w.alpha + size_t(e) * d.eta;
            batch(d, w.gamma, w.z0 + size_t(e) * me, a0);
            for (uint32_t k = 0; k < d.eta; ++k) a0[k] ^= w.ua[size_t(e) * d.eta + k];
        }
    }

    template <size_t NW, unsigned D>
    static void recompute_n(const Dims& d, const uint8_t* mseed_eq, const Elt* r, const Elt* r2, const uint8_t* y,
                            Work<Elt>& w) {
        const uint32_t n = d.n, me = d.m_ext(), tau = d.tau;
        const size_t nw = NW != 0 ? NW : d.lane_bytes() / sizeof(word_t);
        const Group grp = group(d, w, nw, 2 * nw);
        [[maybe_unused]] const bool xr = x86_rows(w, nw * sizeof(word_t));
        word_t t[kMaxLaneWords];
        word_t* rr = w.tT + w.tT_bytes / sizeof(word_t) - 2 * nw;  // r, r^2 as lane rows (public)
        word_t* rr2 = rr + nw;
        std::memset(rr, 0, 2 * nw * sizeof(word_t));
        for (uint32_t e = 0; e < tau; ++e) {
            lane_put<E>(rr, e, r[e]);
            lane_put<E>(rr2, e, r2[e]);
        }
        std::memset(w.tab, 0, L::bucket_words(D, nw) * sizeof(word_t));  // buckets and prev (row_public)
        word_t* prev = w.tab + L::bucket_words(D, nw) - nw;
        for (uint32_t i0 = 0; i0 < me; i0 += grp.g) {
            const uint32_t g = min_u32(grp.g, me - i0);
            EqStream<Sec, E> st(d, mseed_eq, i0, g, grp.eq, w.pub_backend);
            std::memset(grp.state, 0, g * nw * sizeof(word_t));
            for (uint32_t j = 0; j < n; ++j) {
                st.next(j + 1);
#if defined(PQMCU_MQOM_X86)
                if (xr) {
                    if constexpr (E::bytes == 1) {  // four equations per xT load
                        const uint8_t* cs[kMaxEqGroupWide];
                        for (uint32_t q = 0; q < g; ++q) cs[q] = st.at(q);
                        x86::gf256_verify_rows()(cs, g, reinterpret_cast<const uint8_t*>(w.xT), j + 1,
                                                 nw * sizeof(word_t), reinterpret_cast<uint8_t*>(grp.state),
                                                 nw * sizeof(word_t));
                        continue;
                    }
                    const auto f = x86_verify_row();
                    for (uint32_t q = 0; q < g; ++q)
                        f(st.at(q), reinterpret_cast<const uint8_t*>(w.xT), j + 1, nw * sizeof(word_t),
                          reinterpret_cast<uint8_t*>(grp.state + q * nw));
                    continue;
                }
#endif
                for (uint32_t q = 0; q < g; ++q) {
                    row_public<NW, D>(st.at(q), w.xT, j + 1, nw, w.tab, prev, t);
                    L::template mul_acc<NW>(t, w.xT + size_t(j) * nw, nw, grp.state + q * nw);
                }
            }
            st.next(n);  // b_i
            for (uint32_t q = 0; q < g; ++q) {
                row_public<NW, D>(st.at(q), w.xT, n, nw, w.tab, prev, t);
                const uint32_t i = i0 + q;
                Elt yi;
                E::load(y + size_t(i) * E::bytes, &yi, 1);
                const word_t yb = E::F::template bcast<word_t>(yi);
                word_t* acc = grp.state + q * nw;  // v_z = (A v_x).v_x + r (b.v_x) + r^2 y_i
                for (size_t k = 0; k < nw; ++k)
                    acc[k] ^= E::F::template mul_w<word_t>(t[k], rr[k]) ^ E::F::template mul_w<word_t>(yb, rr2[k]);
                emit_row(d, w, w.alpha, w.z0, i, acc, nw);
            }
        }
    }

    // ---- grouped verifier (Memory): k repetitions at a time --------------
    // Bytes of its PIOP buffers for rows of nw words and g equations in
    // lock-step: v_z (m_ext rows), r and r^2 (2 rows), the buckets, g
    // accumulator rows, g stream windows.
    static constexpr size_t group_bytes(const Dims& d, size_t nw, unsigned digit_bits, size_t g) {
        return head_bytes(d, nw, digit_bits, g) + g * eq_window_bytes(d);
    }
    // The same without the stream windows.
    static constexpr size_t head_bytes(const Dims& d, size_t nw, unsigned digit_bits, size_t g) {
        return (size_t(d.m_ext()) * nw + 2 * nw + L::bucket_words(digit_bits, nw) + g * nw) * sizeof(word_t);
    }
    // alpha0 of repetitions e0 .. e0+k-1 into ue (k x eta, in place of
    // u_eval), from x_eval in lanes 0..k-1 of w.xT; alpha1 read from the
    // signature (alpha1_ser). The equations are expanded again for every
    // group and Gamma squeezed again (RAM: one row of it): the price of
    // rows of k lanes instead of tau.
    static void recompute_group(const Dims& d, const uint8_t* com1, const uint8_t* mseed_eq, const uint8_t* y,
                                const uint16_t* i_star, uint32_t e0, uint32_t k, const uint8_t* alpha1_ser,
                                VerifyWork<Elt>& w) {
        recompute_group_z(d, mseed_eq, y, i_star, e0, k, w);
        group_alpha(d, com1, i_star, e0, k, alpha1_ser, w);
    }
    // Its first half, v_z of the group into the z rows (w.eq_area is not
    // used after it: the streaming verifier's windows are freed before
    // group_alpha's frame, see stream.hpp).
    static void recompute_group_z(const Dims& d, const uint8_t* mseed_eq, const uint8_t* y, const uint16_t* i_star,
                                  uint32_t e0, uint32_t k, VerifyWork<Elt>& w) {
        const size_t nw = w.nw;
        auto go = [&](auto nwc, auto dc) {
            recompute_group_n<decltype(nwc)::value, decltype(dc)::value>(d, mseed_eq, y, i_star, e0, k, w);
        };
        auto dig = [&](auto nwc) { with_digit(w.digit_bits, [&](auto dc) { go(nwc, dc); }); };
        if constexpr (ActivePin::on) {
            // The grouped verifier's rows or the streaming verifier's.
            constexpr size_t pinned = ActivePin::vgroup_nw, spinned = ActivePin::stream_nw;
            if (nw == pinned && w.digit_bits == ActivePin::vgroup_digit) {
                go(std::integral_constant<size_t, pinned == 1 || pinned == 2 ? pinned : 0>{},
                   std::integral_constant<unsigned, ActivePin::vgroup_digit>{});
            } else if constexpr (spinned != pinned || ActivePin::stream_digit != ActivePin::vgroup_digit) {
                if (nw != spinned || w.digit_bits != ActivePin::stream_digit) __builtin_trap();
                go(std::integral_constant<size_t, spinned == 1 || spinned == 2 ? spinned : 0>{},
                   std::integral_constant<unsigned, ActivePin::stream_digit>{});
            } else {
                __builtin_trap();
            }
        } else if (nw == 1) {
            dig(std::integral_constant<size_t, 1>{});
        } else if (nw == 2) {
            dig(std::integral_constant<size_t, 2>{});
        } else {
            dig(std::integral_constant<size_t, 0>{});
        }
    }

    // v_z of the group's repetitions for every equation, into the z rows.
    template <size_t NW, unsigned D>
    __attribute__((noinline)) static void recompute_group_n(const Dims& d, const uint8_t* mseed_eq,
                                                            const uint8_t* y, const uint16_t* i_star, uint32_t e0,
                                                            uint32_t k, VerifyWork<Elt>& w) {
        const uint32_t n = d.n, me = d.m_ext();
        const size_t nw = NW != 0 ? NW : w.nw;
        const size_t bw = L::bucket_words(D, nw);
        word_t* z = reinterpret_cast<word_t*>(w.scratch);
        word_t* rr = z + size_t(me) * nw;  // r, r^2 as lane rows (public)
        word_t* rr2 = rr + nw;
        word_t* tab = rr2 + nw;
        word_t* prev = tab + bw - nw;
        word_t* acc = tab + bw;
        // As many equations in lock-step as the rest of the fold area holds
        // (each PRG block's key schedule shared by all of them).
        size_t g = 1;
        Elt* eq;
        if (w.eq_area != nullptr) {  // windows in eq_area, the rest in scratch
            while (g < kMaxEqGroup && g < me && size_t(g + 1) * eq_window_bytes(d) <= w.eq_area_bytes &&
                   head_bytes(d, nw, D, g + 1) <= w.scratch_bytes)
                ++g;
            eq = reinterpret_cast<Elt*>(w.eq_area);
        } else {
            while (g < kMaxEqGroup && g < me && group_bytes(d, nw, D, g + 1) <= w.scratch_bytes) ++g;
            eq = reinterpret_cast<Elt*>(acc + g * nw);
        }
        std::memset(rr, 0, (2 * nw + bw) * sizeof(word_t));
        for (uint32_t q = 0; q < k; ++q) {
            const uint32_t ie = i_star[e0 + q];
            const Elt r = E::from_index(ie ^ (ie >> 1));
            lane_put<E>(rr, q, r);
            lane_put<E>(rr2, q, E::mul(r, r));
        }
        word_t t[kMaxLaneWords];
        for (uint32_t i0 = 0; i0 < me; i0 += uint32_t(g)) {
            const uint32_t gg = min_u32(uint32_t(g), me - i0);
            EqStream<Sec, E> st(d, mseed_eq, i0, gg, eq, w.pub_backend);
            std::memset(acc, 0, gg * nw * sizeof(word_t));
            for (uint32_t j = 0; j < n; ++j) {
                st.next(j + 1);
                for (uint32_t q = 0; q < gg; ++q) {
                    row_public<NW, D>(st.at(q), w.xT, j + 1, nw, tab, prev, t);
                    L::template mul_acc<NW>(t, w.xT + size_t(j) * nw, nw, acc + q * nw);
                }
            }
            st.next(n);  // b_i
            for (uint32_t q = 0; q < gg; ++q) {
                row_public<NW, D>(st.at(q), w.xT, n, nw, tab, prev, t);
                const uint32_t i = i0 + q;
                Elt yi;
                E::load(y + size_t(i) * E::bytes, &yi, 1);
                const word_t yb = E::F::template bcast<word_t>(yi);
                const word_t* a = acc + q * nw;  // v_z = (A v_x).v_x + r (b.v_x) + r^2 y_i
                for (size_t c = 0; c < nw; ++c)
                    z[size_t(i) * nw + c] = a[c] ^ E::F::template mul_w<word_t>(t[c], rr[c]) ^
                                            E::F::template mul_w<word_t>(yb, rr2[c]);
            }
        }
    }

    // alpha0[e][c] = (Gamma v_z[e])_c + u_eval[e][c] + r_e alpha1[e][c] for
    // the group, into ue; Gamma row by row from its XOF (public).
    __attribute__((noinline)) static void group_alpha(const Dims& d, const uint8_t* com1, const uint16_t* i_star,
                                                      uint32_t e0, uint32_t k, const uint8_t* alpha1_ser,
                                                      VerifyWork<Elt>& w) {
        const uint32_t me = d.m_ext();
        const size_t nw = w.nw;
        const word_t* z = reinterpret_cast<const word_t*>(w.scratch);
        XofCtx<Sec> xof;
        if (d.batching) {
            xof.init();
            xof.absorb_byte(0x08);
            xof.absorb(com1, d.digest());
        }
        uint8_t row[256];  // one row of Gamma: y_bytes() <= 256 (checked by Scheme)
        word_t v[kMaxLaneWords];
        for (uint32_t c = 0; c < d.eta; ++c) {
            if (d.batching) {
                xof.squeeze(row, d.y_bytes());
                std::memset(v, 0, nw * sizeof(word_t));
                for (uint32_t i = 0; i < me; ++i) {
                    Elt gi;
                    E::load(row + size_t(i) * E::bytes, &gi, 1);
                    if (gi == 0) continue;  // public
                    for (size_t x = 0; x < nw; ++x)
                        v[x] ^= E::F::template mul_w_scalar<word_t>(z[size_t(i) * nw + x], gi);
                }
            } else {  // r3: alpha = z (eta = m/mu)
                std::memcpy(v, z + size_t(c) * nw, nw * sizeof(word_t));
            }
            for (uint32_t q = 0; q < k; ++q) {
                const uint32_t e = e0 + q, ie = i_star[e];
                Elt a1;
                E::load(alpha1_ser + size_t(e) * d.u_bytes() + size_t(c) * E::bytes, &a1, 1);
                Elt& u = w.ua[size_t(q) * d.eta + c];
                u = Elt(u ^ lane_get<E>(v, q) ^ E::mul(E::from_index(ie ^ (ie >> 1)), a1));
            }
        }
    }
};

}  // namespace pqmcu::mqom::detail
