// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM v2.1 key generation, signing and verification over run-time counts
// (Dims) for one (security level, base field, extension field) triple.
// Explicitly instantiated in the units written from engine.cpp.in; scheme.hpp is the typed
// front end that sizes every buffer at compile time.
//
//   KeyGen(seed_key):  (x || mseed_eq) = XOF(0x00 || seed_key);  y_i = x^T (A_i x + b_i)
//     pk = mseed_eq || y,  sk = pk || x
//   Sign(sk, msg; mseed, salt):
//     msg_hash = XOF(0x02 || msg)          (Scheme::MessageDigest: the engine takes msg_hash)
//     com1 = BLC.Commit(mseed, salt, x);  alpha = PIOP(com1, ...)
//     com2 = XOF(0x03 || alpha0[0..tau) || alpha1[0..tau))
//     h    = XOF(0x04 || pk || com1 || com2 || msg_hash)
//     smallest nonce (uint32 LE) with XOF(0x05 || h || nonce) -> i*[e] (tau x le16 mod N)
//       and the next le16 having its w low bits zero (grinding)
//     sig  = salt || com1 || com2 || alpha1 || BLC.Open(i*) || nonce
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/secure.hpp"
#include "core/status.hpp"
#include "mqom/blc.hpp"
#include "mqom/challenge.hpp"
#include "mqom/dims.hpp"
#include "mqom/gf.hpp"
#include "mqom/piop.hpp"
#if defined(PQMCU_MQOM_X86)
#include "mqom/kernels_x86.hpp"
#endif
#include "mqom/work.hpp"

namespace pqmcu::mqom::detail {

template <unsigned Sec, unsigned BaseLog2, unsigned ExtLog2>
struct Engine {
    using E = Ext<ExtLog2>;
    using B = Base<BaseLog2>;
    using Elt = typename E::Elt;
    static constexpr size_t S = Sec / 8;

    static Status keygen(const Dims& d, const uint8_t* seed_key, uint8_t* pk, uint8_t* sk, KeygenWork<Elt>& w);

    // sum_{k<len} a[k] * lift(x_k) with the bit planes of x (word-wide AND/XOR,
    // then one GF(256)-scalar product per base bit).
    static Elt planes_dot(const Elt* planes, uint32_t n, const Elt* a, size_t len) {
        using W = field::word_t;
        constexpr size_t L = sizeof(W) / sizeof(Elt);
        Elt r = 0;
        for (unsigned b = 0; b < B::F::kBits; ++b) {
            const Elt* m = planes + size_t(b) * n;
            W acc = 0;
            size_t k = 0;
            for (; k + L <= len; k += L) acc ^= field::load_w<W>(a + k) & field::load_w<W>(m + k);
            Elt part = E::F::template fold<W>(acc);
            for (; k < len; ++k) part = Elt(part ^ (a[k] & m[k]));
            r = Elt(r ^ E::F::mul_sub(B::F::kLift[b], part));
        }
        return r;
    }
    // The same sum from the packed x itself (no planes: Memory's keygen RAM),
    // one partial sum per base bit, masks from the bits (constant time).
    static Elt x_dot(const uint8_t* x, const Elt* a, size_t len) {
        Elt part[B::F::kBits] = {};
        for (size_t k = 0; k < len; ++k) {
            const uint32_t xk = B::F::get(x, uint32_t(k));
#pragma GCC unroll 8  // also at -Os (size builds): the bit loop is the hot path of Memory's keygen
            for (unsigned b = 0; b < B::F::kBits; ++b)
                part[b] = Elt(part[b] ^ (a[k] & field::mask_from_bit<Elt>(Elt((xk >> b) & 1u))));
        }
        Elt r = 0;
        for (unsigned b = 0; b < B::F::kBits; ++b) r = Elt(r ^ E::F::mul_sub(B::F::kLift[b], part[b]));
        secure_wipe(part, sizeof part);
        return r;
    }
    static Status sign(const Dims& d, const uint8_t* sk, const uint8_t* msg_digest, const uint8_t* salt,
                       const uint8_t* mseed, uint8_t* sig, Work<Elt>& w);
    // The same for the smallest RAM (Memory's SignWorkspace, w: its view):
    // com1 streamed and the tree keys up to the end of the leaf-commitment
    // field (Blc::commit<true>), the PIOP's buffers in the signature
    // (place_piop_in_sig); com2's XOF and the grinding / opening run in
    // frames of their own, so the ~0.5 KB of their buffers is not on the
    // stack under the commitment's deep frames.
    static Status sign_low_stack(const Dims& d, const uint8_t* sk, const uint8_t* msg_digest,
                                 const uint8_t* salt, const uint8_t* mseed, uint8_t* sig, Work<Elt>& w);
    // (Inlined into both: sign keeps the frame it had.)
    template <bool Low>
    __attribute__((always_inline)) inline static Status sign_impl(const Dims& d, const uint8_t* sk,
                                                                  const uint8_t* msg_digest,
                                                                  const uint8_t* salt, const uint8_t* mseed,
                                                                  uint8_t* sig, Work<Elt>& w);
    // com2's first part: alpha0[0..tau) serialized (signer and verifier).
    __attribute__((always_inline)) static void absorb_alpha0(XofCtx<Sec>& xof, const Dims& d, const Elt* alpha) {
        uint8_t buf[256];
        for (uint32_t e = 0; e < d.tau; ++e) {
            E::store(alpha + size_t(e) * d.eta, buf, d.eta);
            xof.absorb(buf, d.u_bytes());
        }
    }
    // com2 = XOF(0x03 || alpha0 || alpha1), alpha1 serialized into the signature.
    __attribute__((always_inline)) static void hash_com2(const Dims& d, const Work<Elt>& w, uint8_t* alpha1_ser,
                                                         uint8_t* com2) {
        XofCtx<Sec> xof;
        xof.init();
        xof.absorb_byte(0x03);
        absorb_alpha0(xof, d, w.alpha);
        for (uint32_t e = 0; e < d.tau; ++e) {
            uint8_t* dst = alpha1_ser + size_t(e) * d.u_bytes();
            E::store(w.alpha1 + size_t(e) * d.eta, dst, d.eta);
            xof.absorb(dst, d.u_bytes());
        }
        xof.squeeze(com2, d.digest());
    }
    __attribute__((noinline)) static void hash_com2_frame(const Dims& d, const Work<Elt>& w, uint8_t* alpha1_ser,
                                                          uint8_t* com2) {
        hash_com2(d, w, alpha1_ser, com2);
    }
    // h = FS hash, grinding (nonce), the opening (paths, leaf commitments).
    __attribute__((always_inline)) static void finish(const Dims& d, const uint8_t* pk, const uint8_t* com1,
                                                      const uint8_t* com2, const uint8_t* msg_hash,
                                                      const uint8_t* salt, const uint8_t* x, const uint8_t* mseed,
                                                      uint8_t* sig, const Work<Elt>& w) {
        uint8_t h[2 * S];
        fs_hash<Sec>(d, pk, com1, com2, msg_hash, h);
        uint16_t i_star[kMaxTau];
        grind<Sec>(d, h, sig + d.off_nonce(), i_star);
        Blc<Sec, E, B>::open(d, salt, x, w.leaf_batch_log != 0 ? nullptr : w.rseed, mseed, i_star,
                             sig + d.off_paths(), sig + d.off_lscom(), w.sec_backend);
    }
    __attribute__((noinline)) static void finish_frame(const Dims& d, const uint8_t* pk, const uint8_t* com1,
                                                       const uint8_t* com2, const uint8_t* msg_hash,
                                                       const uint8_t* salt, const uint8_t* x, const uint8_t* mseed,
                                                       uint8_t* sig, const Work<Elt>& w) {
        finish(d, pk, com1, com2, msg_hash, salt, x, mseed, sig, w);
    }

    // Bytes the PIOP's buffers take when placed in the signature (tab,
    // gamma, alpha, alpha1, then tT: at least one equation's state and
    // window), 16-aligned pieces, plus the worst-case alignment of the start.
    static constexpr size_t piop_sig_bytes(const Dims& d, uint32_t digit_bits, size_t state_words) {
        const size_t nw = d.lane_bytes() / sizeof(word_t);
        auto a16 = [](size_t v) { return (v + 15) / 16 * 16; };
        return 15 + a16(sizeof(word_t) * Lanes<E>::bucket_words(digit_bits, nw)) +
               a16(d.batching ? sizeof(Elt) * d.eta * d.m_ext() : sizeof(Elt)) + 2 * a16(d.alpha_buf_bytes()) +
               state_words * sizeof(word_t) + eq_window_bytes(d);
    }
    // After the commitment, the signature's paths | leaf-commitment fields
    // (the key cache and the h_e there are dead; open() writes them last)
    // hold the PIOP's buffers; tT gets the rest, so more equations share
    // each PRG key schedule. alpha1's own field stays free for its output.
    static void place_piop_in_sig(const Dims& d, uint8_t* sig, Work<Elt>& w) {
        const size_t nw = d.lane_bytes() / sizeof(word_t);
        uint8_t* const end = sig + d.off_pdx();
        const uintptr_t a0 = reinterpret_cast<uintptr_t>(sig + d.off_paths());
        uint8_t* p = sig + d.off_paths() + (((a0 + 15) & ~uintptr_t(15)) - a0);
        auto take = [&](size_t bytes) {
            uint8_t* r = p;
            p += (bytes + 15) / 16 * 16;
            return r;
        };
        w.tab = reinterpret_cast<word_t*>(take(sizeof(word_t) * Lanes<E>::bucket_words(w.digit_bits, nw)));
        w.gamma = reinterpret_cast<Elt*>(take(d.batching ? sizeof(Elt) * d.eta * d.m_ext() : sizeof(Elt)));
        w.alpha = reinterpret_cast<Elt*>(take(d.alpha_buf_bytes()));
        w.alpha1 = reinterpret_cast<Elt*>(take(d.alpha_buf_bytes()));
        w.tT = reinterpret_cast<word_t*>(p);
        w.tT_bytes = size_t(end - p) / 16 * 16;
    }
    static Status verify(const Dims& d, const uint8_t* pk, const uint8_t* msg_digest, const uint8_t* sig,
                         Work<Elt>& w);
    // Memory profile: the repetitions in groups (VerifyWork), same result.
    static Status verify_grouped(const Dims& d, const uint8_t* pk, const uint8_t* msg_digest,
                                 const uint8_t* sig, VerifyWork<Elt>& w);
};

// Streamed: y_i = sum_j x_j (A_i x)_j + b_i . x, row j of A_i used as soon as
// it is generated (g equations in lock-step share the key schedules).
template <unsigned Sec, unsigned BaseLog2, unsigned ExtLog2>
Status Engine<Sec, BaseLog2, ExtLog2>::keygen(const Dims& d, const uint8_t* seed_key, uint8_t* pk, uint8_t* sk,
                                              KeygenWork<Elt>& w) {
    const size_t xb = d.x_bytes();
    const uint32_t n = d.n, me = d.m_ext();
    uint8_t* x = sk + d.pk_bytes();
    uint8_t* mseed_eq = pk;  // pk = mseed_eq || y
    {
        XofCtx<Sec> xof;
        xof.init();
        xof.absorb_byte(0x00);
        xof.absorb(seed_key, 2 * S);
        xof.squeeze(x, xb);
        xof.squeeze(mseed_eq, 2 * S);
    }
    ct_unpoison(mseed_eq, 2 * S);  // part of the public key
    // Bit planes of x: planes[b*n + k] = all ones iff bit b of x_k is set
    // (none for Memory: x_dot reads x's bits instead).
    Elt* planes = w.planes;
#if defined(PQMCU_MQOM_X86)
    // With GFNI the plane buffer holds lift(x_k) in every byte of element k
    // instead (n <= bits * n elements): one vgf2p8mulb pass per dot product
    // rather than one masked pass per base bit.
    const x86::MulFoldFn gfni = planes != nullptr ? x86::gf256_mul_fold() : nullptr;
#else
    constexpr bool gfni = false;
#endif
    auto dot = [&](const Elt* a, size_t len) {
        if constexpr (ActivePin::on) {  // pinned: the profile's one form
            if constexpr (ActivePin::keygen_planes) return planes_dot(planes, n, a, len);
            else return x_dot(x, a, len);
        }
#if defined(PQMCU_MQOM_X86)
        if (gfni != nullptr)
            return E::F::template fold<uint64_t>(gfni(reinterpret_cast<const uint8_t*>(a),
                                                      reinterpret_cast<const uint8_t*>(planes), len * sizeof(Elt)));
#endif
        return planes != nullptr ? planes_dot(planes, n, a, len) : x_dot(x, a, len);
    };
    for (uint32_t k = 0; planes != nullptr && k < n; ++k) {
        const uint32_t xk = B::F::get(x, k);
        if (gfni) {
            planes[k] = Elt(B::F::lift(uint8_t(xk)) * Elt(sizeof(Elt) == 2 ? 0x0101u : 0x01u));
            continue;
        }
        for (unsigned b = 0; b < B::F::kBits; ++b)
            planes[size_t(b) * n + k] = field::mask_from_bit<Elt>(Elt((xk >> b) & 1u));
    }
    // y_i is accumulated in place in pk (no extra buffer: keygen RAM).
    uint8_t* y = pk + 2 * S;
    std::memset(y, 0, d.y_bytes());
    auto add_y = [&](uint32_t i, Elt v) {
        Elt t;
        E::load(y + size_t(i) * E::bytes, &t, 1);
        t = Elt(t ^ v);
        E::store(&t, y + size_t(i) * E::bytes, 1);
    };
#if defined(PQMCU_MQOM_X86)
    // x86 (AVX-512 + GFNI): y_i = (sum_j lift(x_j) A_i row j + b_i) . lift(x),
    // the rows scaled and added into one vector per equation (no
    // horizontal sum per row), one dot product per equation.
    if constexpr (!ActivePin::on) {
        constexpr size_t kRow = 640;  // n * ext bytes <= 320 * 2
        const x86::ScaleAccFn sa = gfni != nullptr ? x86::gf256_scale_acc() : nullptr;
        const size_t rb = size_t(n) * sizeof(Elt);
        constexpr uint32_t kGroup = 16;  // Desktop's keygen_eq_lockstep on x86
        if (sa != nullptr && rb <= kRow && w.eq_group <= kGroup) {
            alignas(64) uint8_t u[kGroup][kRow];
            for (uint32_t i0 = 0; i0 < me; i0 += w.eq_group) {
                const uint32_t g = min_u32(w.eq_group, me - i0);
                EqStream<Sec, E> st(d, mseed_eq, i0, g, w.eq, w.pub_backend);
                for (uint32_t q = 0; q < g; ++q) std::memset(u[q], 0, rb);
                for (uint32_t j = 0; j < n; ++j) {
                    st.next(j + 1);
                    const uint8_t xj = B::lift(B::get(x, j));
                    for (uint32_t q = 0; q < g; ++q)
                        sa(reinterpret_cast<const uint8_t*>(st.at(q)), (j + 1) * sizeof(Elt), xj, u[q]);
                }
                st.next(n);  // b_i
                for (uint32_t q = 0; q < g; ++q) {
                    sa(reinterpret_cast<const uint8_t*>(st.at(q)), rb, 1, u[q]);
                    add_y(i0 + q, E::F::template fold<uint64_t>(gfni(u[q], reinterpret_cast<const uint8_t*>(planes), rb)));
                }
            }
            secure_wipe(u, sizeof u);
            ct_unpoison(pk, d.pk_bytes());
            std::memcpy(sk, pk, d.pk_bytes());
            secure_wipe(planes, sizeof(Elt) * n * B::F::kBits);
            return Status::ok;
        }
    }
#endif
    for (uint32_t i0 = 0; i0 < me; i0 += w.eq_group) {
        const uint32_t g = min_u32(w.eq_group, me - i0);
        EqStream<Sec, E> st(d, mseed_eq, i0, g, w.eq, w.pub_backend);
        for (uint32_t j = 0; j < n; ++j) {
            st.next(j + 1);
            const uint8_t xj = B::lift(B::get(x, j));
            for (uint32_t q = 0; q < g; ++q) add_y(i0 + q, E::F::mul_sub(xj, dot(st.at(q), j + 1)));
        }
        st.next(n);  // b_i
        for (uint32_t q = 0; q < g; ++q) add_y(i0 + q, dot(st.at(q), n));
    }
    ct_unpoison(pk, d.pk_bytes());  // the public key is public (valgrind CT tests)
    std::memcpy(sk, pk, d.pk_bytes());
    if (planes != nullptr) secure_wipe(planes, sizeof(Elt) * n * B::F::kBits);
    return Status::ok;
}

template <unsigned Sec, unsigned BaseLog2, unsigned ExtLog2>
Status Engine<Sec, BaseLog2, ExtLog2>::sign(const Dims& d, const uint8_t* sk, const uint8_t* msg_digest,
                                            const uint8_t* salt, const uint8_t* mseed, uint8_t* sig,
                                            Work<Elt>& w) {
    return sign_impl<false>(d, sk, msg_digest, salt, mseed, sig, w);
}
template <unsigned Sec, unsigned BaseLog2, unsigned ExtLog2>
Status Engine<Sec, BaseLog2, ExtLog2>::sign_low_stack(const Dims& d, const uint8_t* sk, const uint8_t* msg_digest,
                                                       const uint8_t* salt, const uint8_t* mseed,
                                                      uint8_t* sig, Work<Elt>& w) {
    return sign_impl<true>(d, sk, msg_digest, salt, mseed, sig, w);
}

template <unsigned Sec, unsigned BaseLog2, unsigned ExtLog2>
template <bool Low>
inline Status Engine<Sec, BaseLog2, ExtLog2>::sign_impl(const Dims& d, const uint8_t* sk, const uint8_t* msg_digest,
                                                         const uint8_t* salt, const uint8_t* mseed,
                                                        uint8_t* sig, Work<Elt>& w) {
    const uint8_t* pk = sk;
    const uint8_t* mseed_eq = sk;
    const uint8_t* x = sk + d.pk_bytes();
    ct_unpoison(sk, d.pk_bytes());  // sk = pk || x: its first part is the public key
    uint8_t* com1 = sig + d.off_com1();
    uint8_t* com2 = sig + d.off_com2();
    uint8_t* alpha1_ser = sig + d.off_alpha1();

    // msg_digest (2 S bytes, Scheme::MessageDigest) is read up to the end
    // (finish): it must not overlap sig (Scheme::sign_digest_with checks).
    const uint8_t* msg_hash = msg_digest;
    std::memmove(sig, salt, S);
    salt = sig;  // sig[0..S) is not written again

    // Key cache of the streamed BLC: com2 | alpha1 | paths, all written after
    // commit (Memory's signer: and the leaf-commitment field, see commit_streamed).
    Blc<Sec, E, B>::template commit<Low>(d, mseed, salt, x, w, sig + d.off_pdx(), com1, sig + d.off_paths(),
                                         sig + d.off_lscom(), sig + d.off_com2(),
                                         (Low ? d.off_pdx() : d.off_lscom()) - d.off_com2());
    // Published in the signature: no longer secret (for the valgrind CT tests).
    ct_unpoison(com1, d.digest());
    ct_unpoison(sig + d.off_pdx(), size_t(d.tau) * d.pdx_bytes());

    if constexpr (Low) place_piop_in_sig(d, sig, w);
    {  // lane tau of the PIOP rows: lift(x_k)
        uint8_t* xrows = reinterpret_cast<uint8_t*>(w.xT);
        for (uint32_t k = 0; k < d.n; ++k) {
            const Elt v = Elt(B::lift(B::get(x, k)));
            E::store(&v, xrows + size_t(k) * d.lane_bytes() + size_t(d.tau) * E::bytes, 1);
        }
    }
    Piop<Sec, E, B>::compute(d, com1, mseed_eq, x, w, w.alpha1);

    if constexpr (Low) hash_com2_frame(d, w, alpha1_ser, com2);
    else hash_com2(d, w, alpha1_ser, com2);
    ct_unpoison(alpha1_ser, size_t(d.tau) * d.u_bytes());
    ct_unpoison(com2, d.digest());
    // The PIOP's buffers are dead: wiped now, as they may sit in the
    // signature's opening fields, which open() writes next.
    secure_wipe(w.tT, w.tT_bytes);
    secure_wipe(w.tab, sizeof(word_t) * Lanes<E>::bucket_words(w.digit_bits, d.lane_bytes() / sizeof(word_t)));
    secure_wipe(w.alpha, d.alpha_buf_bytes());
    secure_wipe(w.alpha1, d.alpha_buf_bytes());
    if constexpr (Low) secure_wipe(sig + d.off_paths(), d.off_pdx() - d.off_paths());  // gamma, padding
    if constexpr (Low) finish_frame(d, pk, com1, com2, msg_hash, salt, x, mseed, sig, w);
    else finish(d, pk, com1, com2, msg_hash, salt, x, mseed, sig, w);
    ct_unpoison(sig + d.off_paths(), size_t(d.tau) * d.log_n * S);
    ct_unpoison(sig + d.off_lscom(), size_t(d.tau) * d.digest());

    secure_wipe(w.xT, size_t(d.n) * d.lane_bytes());
    secure_wipe(w.ua, sizeof(Elt) * d.tau * d.eta);
    secure_wipe(w.ub, sizeof(Elt) * d.tau * d.eta);
    if (w.leaf_batch_log == 0) secure_wipe(w.rseed, S * d.tau);
    if (!w.alpha_direct) {
        secure_wipe(w.z0, sizeof(Elt) * d.tau * d.m_ext());
        secure_wipe(w.z1, sizeof(Elt) * d.tau * d.m_ext());
    }
    return Status::ok;
}

template <unsigned Sec, unsigned BaseLog2, unsigned ExtLog2>
Status Engine<Sec, BaseLog2, ExtLog2>::verify(const Dims& d, const uint8_t* pk, const uint8_t* msg_digest,
                                              const uint8_t* sig, Work<Elt>& w) {
    const uint8_t* salt = sig;
    const uint8_t* com1 = sig + d.off_com1();
    const uint8_t* com2 = sig + d.off_com2();
    const uint8_t* alpha1_ser = sig + d.off_alpha1();
    const uint8_t* nonce = sig + d.off_nonce();
    uint8_t h[2 * S];
    fs_hash<Sec>(d, pk, com1, com2, msg_digest, h);
    uint16_t i_star[kMaxTau];
    if (!challenge<Sec>(d, h, nonce, i_star)) return Status::verify_failed;

    if (!Blc<Sec, E, B>::eval(d, salt, com1, sig + d.off_paths(), sig + d.off_lscom(), sig + d.off_pdx(), i_star, w))
        return Status::verify_failed;

    for (uint32_t e = 0; e < d.tau; ++e) E::load(alpha1_ser + size_t(e) * d.u_bytes(), w.ub + size_t(e) * d.eta, d.eta);
    Piop<Sec, E, B>::recompute(d, com1, pk, pk + 2 * S, i_star, w);

    XofCtx<Sec> xof;
    xof.init();
    xof.absorb_byte(0x03);
    absorb_alpha0(xof, d, w.alpha);
    xof.absorb(alpha1_ser, size_t(d.tau) * d.u_bytes());
    uint8_t c2[2 * S];
    xof.squeeze(c2, d.digest());
    if (ct_memneq(c2, com2, d.digest()) != 0) return Status::verify_failed;
    return Status::ok;
}

// Per group of repetitions: their trees (each h_e into com1's XOF), then
// their PIOP, and their alpha0 into com2's XOF (com2 absorbs alpha0 in
// repetition order, then alpha1); the com1 check comes at the end (Gamma
// only needs the signature's com1).
template <unsigned Sec, unsigned BaseLog2, unsigned ExtLog2>
Status Engine<Sec, BaseLog2, ExtLog2>::verify_grouped(const Dims& d, const uint8_t* pk, const uint8_t* msg_digest,
                                                       const uint8_t* sig, VerifyWork<Elt>& w) {
    const uint8_t* salt = sig;
    const uint8_t* com1 = sig + d.off_com1();
    const uint8_t* com2 = sig + d.off_com2();
    const uint8_t* alpha1_ser = sig + d.off_alpha1();
    const uint8_t* nonce = sig + d.off_nonce();
    uint16_t i_star[kMaxTau];
    {
        uint8_t h[2 * S];
        fs_hash<Sec>(d, pk, com1, com2, msg_digest, h);
        if (!challenge<Sec>(d, h, nonce, i_star)) return Status::verify_failed;
    }
    XofCtx<Sec> c1x, c2x;
    c1x.init();
    c1x.absorb_byte(0x07);
    c2x.init();
    c2x.absorb_byte(0x03);
    for (uint32_t e0 = 0; e0 < d.tau; e0 += w.group) {
        const uint32_t k = min_u32(w.group, d.tau - e0);
        Blc<Sec, E, B>::eval_group(d, salt, sig + d.off_paths(), sig + d.off_lscom(), sig + d.off_pdx(), i_star, e0,
                                   k, reinterpret_cast<uint8_t*>(w.xT), w.nw * sizeof(word_t), w.ua, w.scratch,
                                   w.keys, w.keys_bytes, w.leaf_batch_log, w.pub_backend, c1x);
        Piop<Sec, E, B>::recompute_group(d, com1, pk, pk + 2 * S, i_star, e0, k, alpha1_ser, w);
        for (uint32_t q = 0; q < k; ++q) {  // serialized in place (public)
            uint8_t* a0 = reinterpret_cast<uint8_t*>(w.ua + size_t(q) * d.eta);
            E::store(w.ua + size_t(q) * d.eta, a0, d.eta);
            c2x.absorb(a0, d.u_bytes());
        }
    }
    uint8_t c[2 * S];
    c1x.absorb(sig + d.off_pdx(), size_t(d.tau) * d.pdx_bytes());
    c1x.squeeze(c, 2 * S);
    if (ct_memneq(c, com1, 2 * S) != 0) return Status::verify_failed;
    c2x.absorb(alpha1_ser, size_t(d.tau) * d.u_bytes());
    c2x.squeeze(c, 2 * S);
    if (ct_memneq(c, com2, 2 * S) != 0) return Status::verify_failed;
    return Status::ok;
}

}  // namespace pqmcu::mqom::detail
