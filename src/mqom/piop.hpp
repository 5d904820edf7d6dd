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
#include "mqom/work.hpp"

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

    // Words of one equation's prover accumulators in w.tT: z0, z1 rows, then
    // the bit planes of (A_i x)_j and of x_j times rows.
    static constexpr size_t state_rows() { return 2 + L::kBits + B::F::kBits; }

    // Row width as a compile-time constant for the widths of the 48 sets
    // (fixed trip counts), 0 (run-time width) otherwise.
    template <class Fn>
    static void with_nw(size_t nw, unsigned digit_bits, Fn&& fn) {
        auto go = [&](auto nwc) {
            if (digit_bits == 1) fn(nwc, std::integral_constant<unsigned, 1>{});
            else fn(nwc, std::integral_constant<unsigned, 4>{});
        };
        if constexpr (sizeof(word_t) == 8) {
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

    // v * X (the extension generator) for GF(2^16); unused for GF(256).
    static uint32_t F_mul_x(Elt v) {
        if constexpr (L::kBits == 16) return E::F::template mul_w_scalar<uint32_t>(uint32_t(v), uint16_t(0x0100));
        else return v;
    }

    // z[e][i] of equation i: kept (z, batched at the end) or, with
    // w.alpha_direct, added to alpha[e] = Gamma z[e] at once (no tau x m/mu
    // buffer; the same products, one at a time).
    static void emit(const Dims& d, const Work<Elt>& w, Elt* alpha, Elt* z, uint32_t e, uint32_t i, Elt v) {
        if (!w.alpha_direct) {
            z[size_t(e) * d.m_ext() + i] = v;
        } else if (d.batching) {
            // gamma is public (from com1): v * gamma = XOR of beta_b v over the set
            // bits b of gamma ("public jumps"), beta_b v by xtime (bytewise).
            Elt chain[L::kBits];
            chain[0] = v;
            for (unsigned b = 1; b < L::kBits; ++b) {
                if (b == 8) chain[8] = Elt(F_mul_x(v));
                else chain[b] = Elt(field::gf256::xtime_w<uint32_t>(chain[b - 1]));
            }
            Elt* a = alpha + size_t(e) * d.eta;
            for (uint32_t k = 0; k < d.eta; ++k) {
                Elt acc = a[k];
                for (uint32_t g = w.gamma[size_t(k) * d.m_ext() + i]; g != 0; g &= g - 1)  // public
                    acc = Elt(acc ^ chain[__builtin_ctz(g)]);
                a[k] = acc;
            }
            secure_wipe(chain, sizeof chain);
        } else {
            alpha[size_t(e) * d.eta + i] = v;  // eta = m/mu
        }
    }

    // Prover. w.xT holds x0 (lanes 0..tau-1) and lift(x) (lane tau); u0 = w.ua,
    // u1 = w.ub; x is the packed secret. Outputs alpha0 into w.alpha, alpha1.
    static void compute(const Dims& d, const uint8_t* com1, const uint8_t* mseed_eq, const uint8_t* x, Work<Elt>& w,
                        Elt* alpha1) {
        expand_gamma(d, com1, w.gamma);
        const size_t ae = size_t(d.tau) * d.eta;
        if (w.alpha_direct) {
            std::memset(w.alpha, 0, ae * sizeof(Elt));
            std::memset(alpha1, 0, ae * sizeof(Elt));
        }
        with_nw(d.lane_bytes() / sizeof(word_t), w.digit_bits, [&](auto nwc, auto dc) {
            compute_n<decltype(nwc)::value, decltype(dc)::value>(d, mseed_eq, x, w, alpha1);
        });
        const uint32_t me = d.m_ext();
        for (uint32_t e = 0; e < d.tau; ++e) {
            Elt* a0 = w.alpha + size_t(e) * d.eta;
            Elt* a1 = alpha1 + size_t(e) * d.eta;
            if (!w.alpha_direct) {
                batch(d, w.gamma, w.z0 + size_t(e) * me, a0);
                batch(d, w.gamma, w.z1 + size_t(e) * me, a1);
            }
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
        const size_t stw = state_rows() * nw;
        word_t t[kMaxLaneWords];
        for (uint32_t i0 = 0; i0 < me; i0 += w.eq_group) {
            const uint32_t g = min_u32(w.eq_group, me - i0);
            EqStream<Sec, E> st(d, mseed_eq, i0, g, w.eq, w.pub_backend);
            std::memset(w.tT, 0, g * stw * sizeof(word_t));
            for (uint32_t j = 0; j < n; ++j) {
                st.next(j + 1);
                const word_t* xj = w.xT + size_t(j) * nw;
                const uint32_t xv = B::F::get(x, j);
                for (uint32_t q = 0; q < g; ++q) {
                    word_t* s = w.tT + q * stw;
                    L::template row_public<NW, D>(st.at(q), w.xT, j + 1, nw, w.tab, t);
                    if (w.lut_not_ct) {
                        // !!! NOT CONSTANT TIME (Lut profile): secret-indexed log/exp tables.
                        lut_not_ct::mul_acc_lanes<E>(t, xj, tau, s);
                        lut_not_ct::scal_acc_lanes<E>(lane_get<E>(t, tau), xj, tau, s + nw);
                        lut_not_ct::scal_acc_lanes<E>(Elt(B::lift(uint8_t(xv))), t, tau, s + nw);
                        continue;
                    }
                    L::template mul_acc<NW>(t, xj, nw, s);                                      // z0
                    L::template planes_add<NW>(s + 2 * nw, L::kBits, lane_get<E>(t, tau), xj, nw);  // (A x)_j x0_j
                    L::template planes_add<NW>(s + (2 + L::kBits) * nw, B::F::kBits, xv, t, nw);  // t0_j x_j
                }
            }
            st.next(n);  // b_i
            for (uint32_t q = 0; q < g; ++q) {
                word_t* s = w.tT + q * stw;
                L::template row_public<NW, D>(st.at(q), w.xT, n, nw, w.tab, t);
                for (size_t k = 0; k < nw; ++k) s[nw + k] ^= t[k];
                if (!w.lut_not_ct) {
                    L::planes_fold_ext(s + 2 * nw, nw, s + nw);
                    L::template planes_fold_base<typename B::F>(s + (2 + L::kBits) * nw, nw, s + nw);
                }
                for (uint32_t e = 0; e < tau; ++e) {
                    emit(d, w, w.alpha, w.z0, e, i0 + q, lane_get<E>(s, e));
                    emit(d, w, alpha1, w.z1, e, i0 + q, lane_get<E>(s + nw, e));
                }
            }
        }
        secure_wipe(t, sizeof(t));
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
        if (w.alpha_direct) std::memset(w.alpha, 0, size_t(tau) * d.eta * sizeof(Elt));
        with_nw(d.lane_bytes() / sizeof(word_t), w.digit_bits, [&](auto nwc, auto dc) {
            recompute_n<decltype(nwc)::value, decltype(dc)::value>(d, mseed_eq, r, r2, y, w);
        });
        for (uint32_t e = 0; e < tau; ++e) {
            Elt* a0 = w.alpha + size_t(e) * d.eta;
            if (!w.alpha_direct) batch(d, w.gamma, w.z0 + size_t(e) * me, a0);
            for (uint32_t k = 0; k < d.eta; ++k)
                a0[k] ^= Elt(w.ua[size_t(e) * d.eta + k] ^ E::mul(r[e], w.ub[size_t(e) * d.eta + k]));
        }
    }

    template <size_t NW, unsigned D>
    static void recompute_n(const Dims& d, const uint8_t* mseed_eq, const Elt* r, const Elt* r2, const uint8_t* y,
                            Work<Elt>& w) {
        const uint32_t n = d.n, me = d.m_ext(), tau = d.tau;
        const size_t nw = NW != 0 ? NW : d.lane_bytes() / sizeof(word_t);
        word_t t[kMaxLaneWords];
        for (uint32_t i0 = 0; i0 < me; i0 += w.eq_group) {
            const uint32_t g = min_u32(w.eq_group, me - i0);
            EqStream<Sec, E> st(d, mseed_eq, i0, g, w.eq, w.pub_backend);
            std::memset(w.tT, 0, g * nw * sizeof(word_t));
            for (uint32_t j = 0; j < n; ++j) {
                st.next(j + 1);
                for (uint32_t q = 0; q < g; ++q) {
                    L::template row_public<NW, D>(st.at(q), w.xT, j + 1, nw, w.tab, t);
                    L::template mul_acc<NW>(t, w.xT + size_t(j) * nw, nw, w.tT + q * nw);
                }
            }
            st.next(n);  // b_i
            for (uint32_t q = 0; q < g; ++q) {
                L::template row_public<NW, D>(st.at(q), w.xT, n, nw, w.tab, t);
                const uint32_t i = i0 + q;
                Elt yi;
                E::load(y + size_t(i) * E::bytes, &yi, 1);
                for (uint32_t e = 0; e < tau; ++e)
                    emit(d, w, w.alpha, w.z0, e, i,
                         Elt(lane_get<E>(w.tT + q * nw, e) ^ E::mul(r[e], lane_get<E>(t, e)) ^ E::mul(r2[e], yi)));
            }
        }
    }
};

}  // namespace pqmcu::mqom::detail
