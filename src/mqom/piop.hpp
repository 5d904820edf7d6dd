// The MQOM v2.1 PIOP, streamed one equation at a time (A_i, b_i are expanded
// once per call and used for all tau repetitions at once, in the lane layout
// of lanes.hpp, so only one equation is ever in memory).
//
// Prover, with P_x(X) = x0[e] + x X:
//   t0 = A_i x0[e],  t1 = A_i x + b_i   (A_i x comes for free in lane tau)
//   z0[e][i] = t0 . x0[e],   z1[e][i] = t1 . x0[e] + t0 . x
//   r5: alpha_c[e] = Gamma z_c[e] + u_c[e] with Gamma (eta x m/mu) from
//       XOF(0x08 || com1);  r3: alpha_c[e] = z_c[e] + u_c[e].
// Verifier, at r = gray(i*):
//   v_z[e][i] = (A_i v_x) . v_x + r (b_i . v_x) + r^2 y_i
//   alpha0[e] = Gamma v_z[e] + u_eval[e] + r alpha1[e]   (or without Gamma)
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

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

    // Prover. w.xT holds x0 (lanes 0..tau-1) and lift(x) (lane tau); u0 = w.ua,
    // u1 = w.ub; x is the packed secret. Outputs alpha0 into w.alpha, alpha1.
    static void compute(const Dims& d, const uint8_t* com1, const uint8_t* mseed_eq, const uint8_t* x, Work<Elt>& w,
                        Elt* alpha1) {
        const uint32_t n = d.n, me = d.m_ext(), tau = d.tau;
        const size_t nw = d.lane_bytes() / sizeof(word_t);
        expand_gamma(d, com1, w.gamma);
        const size_t tri = size_t(n) * (n + 1) / 2;
        word_t acc[kMaxLaneWords];
        for (uint32_t i = 0; i < me; ++i) {
            const uint32_t q = i % w.eq_group;
            if (q == 0) expand_equations<Sec, E>(d, mseed_eq, i, min_u32(w.eq_group, me - i), w.eq, w.pub_backend);
            const Elt* A = w.eq + size_t(q) * d.eq_elts();
            const Elt* b = A + tri;
            L::tri_mat_rows(A, w.xT, n, nw, w.tT, w.tab, nullptr, nullptr);
            for (uint32_t j = 0; j < n; ++j) w.t1[j] = Elt(lane_get<E>(w.tT + size_t(j) * nw, tau) ^ b[j]);
            L::dot_rows(w.tT, w.xT, n, nw, acc);
            for (uint32_t e = 0; e < tau; ++e) w.z0[size_t(e) * me + i] = lane_get<E>(acc, e);
            for (size_t t = 0; t < nw; ++t) acc[t] = 0;
            L::scalar_rows(w.t1, w.xT, n, nw, acc);
            L::template base_rows<typename B::F>(x, w.tT, n, nw, acc);
            for (uint32_t e = 0; e < tau; ++e) w.z1[size_t(e) * me + i] = lane_get<E>(acc, e);
        }
        secure_wipe(acc, sizeof(acc));
        for (uint32_t e = 0; e < tau; ++e) {
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

    // Verifier. w.xT holds x_eval, u_eval = w.ua, alpha1 = w.ub, y (m_ext elts).
    // Output alpha0 into w.alpha.
    static void recompute(const Dims& d, const uint8_t* com1, const uint8_t* mseed_eq, const Elt* y,
                          const uint16_t* i_star, Work<Elt>& w) {
        const uint32_t n = d.n, me = d.m_ext(), tau = d.tau;
        const size_t nw = d.lane_bytes() / sizeof(word_t);
        expand_gamma(d, com1, w.gamma);
        const size_t tri = size_t(n) * (n + 1) / 2;
        Elt r[kMaxTauLanes], r2[kMaxTauLanes];
        for (uint32_t e = 0; e < tau; ++e) {
            r[e] = E::from_index(i_star[e] ^ (i_star[e] >> 1));
            r2[e] = E::mul(r[e], r[e]);
        }
        word_t acc[kMaxLaneWords], bacc[kMaxLaneWords];
        for (uint32_t i = 0; i < me; ++i) {
            const uint32_t q = i % w.eq_group;
            if (q == 0) expand_equations<Sec, E>(d, mseed_eq, i, min_u32(w.eq_group, me - i), w.eq, w.pub_backend);
            const Elt* A = w.eq + size_t(q) * d.eq_elts();
            const Elt* b = A + tri;
            for (size_t t = 0; t < nw; ++t) bacc[t] = 0;
            L::tri_mat_rows(A, w.xT, n, nw, w.tT, w.tab, b, bacc);
            L::dot_rows(w.tT, w.xT, n, nw, acc);
            for (uint32_t e = 0; e < tau; ++e) {
                const Elt vz = Elt(lane_get<E>(acc, e) ^ E::mul(r[e], lane_get<E>(bacc, e)) ^ E::mul(r2[e], y[i]));
                w.z0[size_t(e) * me + i] = vz;
            }
        }
        for (uint32_t e = 0; e < tau; ++e) {
            Elt* a0 = w.alpha + size_t(e) * d.eta;
            batch(d, w.gamma, w.z0 + size_t(e) * me, a0);
            for (uint32_t k = 0; k < d.eta; ++k)
                a0[k] ^= Elt(w.ua[size_t(e) * d.eta + k] ^ E::mul(r[e], w.ub[size_t(e) * d.eta + k]));
        }
    }
};

}  // namespace pqmcu::mqom::detail
