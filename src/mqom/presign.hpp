// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM pre-signatures (the embedded paper's "Pre-signature"): the
// message-independent part of signing done ahead (presign: the BLC
// commitment, the PIOP, com2), the rest once the message is known
// (sign_online: the Fiat-Shamir hash, grinding and the opening). MQOM's com1,
// com2 and alpha1 do not depend on the message, so presign + sign_online give
// the ordinary signer's signature for the same randomness: the official KATs
// pass through them (tests/unit/mqom_presign_test.cpp).
//
//   using P = pqmcu::mqom::PreSignScheme<pqmcu::mqom::mqom2_cat1_gf16_fast_r5>;
//   static P::Workspace ws;  static P::PreSignature pre;
//   P::presign(sk, rng, pre, ws);               // draws mseed, salt, then the mask randomness
//   P::sign_online(sk, pre, msg, mlen, sig);    // uses pre once: wiped, a second use is bad_argument
//
// PreSignature holds the paper's pre-signature format: mask_rnd (32 bytes) ||
// (salt | com1 | com2 | alpha1 | mseed | partial delta x) XOR
// XOF(0x09 || sk || mask_rnd), so it may sit in untrusted storage between
// the two calls (its secret part, mseed, is masked under sk).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "core/status.hpp"
#include "mqom/scheme.hpp"

namespace pqmcu::mqom {

template <class Set, class Profile = Balanced>
struct PreSignScheme {
    using Base = Scheme<Set, Profile>;
    static constexpr Dims dims = Base::dims;
    static constexpr size_t S = dims.seed();
    static constexpr size_t pk_bytes = Base::pk_bytes, sk_bytes = Base::sk_bytes, sig_bytes = Base::sig_bytes;
    static constexpr size_t seed_bytes = Base::seed_bytes;
    static constexpr size_t message_digest_bytes = Base::message_digest_bytes;
    static constexpr size_t mask_rnd_bytes = 32;
    // salt | com1 | com2 | alpha1: the signature's first off_paths() bytes.
    static constexpr size_t head_bytes = dims.off_paths();
    static constexpr size_t pdx_all_bytes = size_t(dims.tau) * dims.pdx_bytes();
    static constexpr size_t presig_bytes = mask_rnd_bytes + head_bytes + S + pdx_all_bytes;
    using Eng = typename Base::Eng;
    using MessageDigest = typename Base::MessageDigest;

    struct PreSignature {
        uint8_t bytes[presig_bytes];
        uint8_t fresh = 0;  // 1 from presign until sign_online consumes it
    };
    // The signer's Workspace and a signature-sized scratch (the commitment
    // keeps its keys and com1's h_e in the signature buffer).
    struct Workspace {
        typename Base::Workspace ws;
        alignas(16) uint8_t sig[sig_bytes];
    };

    // Deterministic core (mseed, salt, mask_rnd given).
    static Status presign_with(const uint8_t* sk, const uint8_t* mseed, const uint8_t* salt,
                               const uint8_t* mask_rnd, PreSignature& pre, Workspace& ws) {
        if (sk == nullptr || mseed == nullptr || salt == nullptr || mask_rnd == nullptr) return Status::bad_argument;
        pre.fresh = 0;
        const Dims& d = dims;
        using Blc = typename Base::Blc;
        auto w = ws.ws.view();
        uint8_t* sig = ws.sig;
        const uint8_t* x = sk + d.pk_bytes();
        ct_unpoison(sk, d.pk_bytes());
        std::memcpy(sig, salt, S);
        uint8_t* com1 = sig + d.off_com1();
        Blc::template commit<false>(d, mseed, sig, x, w, sig + d.off_pdx(), com1, sig + d.off_paths(),
                                    sig + d.off_lscom(), sig + d.off_com2(), d.off_lscom() - d.off_com2());
        // Published in the signature (as in Engine::sign; valgrind CT test):
        // the PIOP's Gamma comes from com1.
        ct_unpoison(com1, d.digest());
        ct_unpoison(sig + d.off_pdx(), pdx_all_bytes);
        uint8_t* xrows = reinterpret_cast<uint8_t*>(w.xT);
        for (uint32_t k = 0; k < d.n; ++k) {  // lane tau of the PIOP rows: lift(x_k)
            using E = detail::Ext<dims.ext_log2>;
            using B = detail::Base<dims.base_log2>;
            const typename E::Elt v = typename E::Elt(B::lift(B::get(x, k)));
            E::store(&v, xrows + size_t(k) * d.lane_bytes() + size_t(d.tau) * E::bytes, 1);
        }
        Base::Piop::compute(d, com1, sk, x, w, w.alpha1);
        Eng::hash_com2(d, w, sig + d.off_alpha1(), sig + d.off_com2());
        ct_unpoison(sig + d.off_alpha1(), size_t(d.tau) * d.u_bytes());
        ct_unpoison(sig + d.off_com2(), d.digest());
        // The pre-signature, then its mask.
        uint8_t* p = pre.bytes;
        std::memcpy(p, mask_rnd, mask_rnd_bytes);
        std::memcpy(p + mask_rnd_bytes, sig, head_bytes);
        std::memcpy(p + mask_rnd_bytes + head_bytes, mseed, S);
        std::memcpy(p + mask_rnd_bytes + head_bytes + S, sig + d.off_pdx(), pdx_all_bytes);
        apply_mask(sk, pre);
        pre.fresh = 1;
        wipe_work(w);
        secure_wipe(ws.sig, sizeof ws.sig);
        return Status::ok;
    }
    template <Rng R>
    static Status presign(const uint8_t* sk, R&& rng, PreSignature& pre, Workspace& ws) {
        uint8_t mseed[seed_bytes], salt[seed_bytes], mrnd[mask_rnd_bytes];
        Status st = draw_random(rng, mseed, seed_bytes);
        if (st == Status::ok) st = draw_random(rng, salt, seed_bytes);
        if (st == Status::ok) st = draw_random(rng, mrnd, mask_rnd_bytes);
        if (st == Status::ok) st = presign_with(sk, mseed, salt, mrnd, pre, ws);
        secure_wipe(mseed, sizeof mseed);
        return st;
    }

    // Consumes pre (wiped whatever the outcome): bad_argument when it is not
    // a fresh pre-signature (never made, or already used).
    static Status sign_online_digest(const uint8_t* sk, PreSignature& pre, const uint8_t* digest, uint8_t* sig) {
        if (sk == nullptr || digest == nullptr || sig == nullptr) return Status::bad_argument;
        if (pre.fresh != 1) {
            secure_wipe(&pre, sizeof pre);
            return Status::bad_argument;
        }
        const Dims& d = dims;
        pre.fresh = 0;
        apply_mask(sk, pre);  // unmasked in place
        const uint8_t* p = pre.bytes + mask_rnd_bytes;
        std::memcpy(sig, p, head_bytes);
        const uint8_t* mseed = p + head_bytes;
        std::memcpy(sig + d.off_pdx(), p + head_bytes + S, pdx_all_bytes);
        // Published as they are (the mask, derived from sk, is gone); mseed stays secret.
        ct_unpoison(sig, head_bytes);
        ct_unpoison(sig + d.off_pdx(), pdx_all_bytes);
        uint8_t h[2 * S];
        detail::fs_hash<dims.sec>(d, sk, sig + d.off_com1(), sig + d.off_com2(), digest, h);
        uint16_t i_star[detail::kMaxTau];
        detail::grind<dims.sec>(d, h, sig + d.off_nonce(), i_star);
        if constexpr (dims.sec == 128) {
            if (detail::Enc<128>::fixsliced(Profile::secret_backend)) {
                open_pairs(d, sig, sk + d.pk_bytes(), mseed, i_star, sig + d.off_paths(), sig + d.off_lscom());
                secure_wipe(&pre, sizeof pre);
                return Status::ok;
            }
        }
        Base::Blc::open(d, sig, sk + d.pk_bytes(), nullptr, mseed, i_star, sig + d.off_paths(), sig + d.off_lscom(),
                        Profile::secret_backend);
        secure_wipe(&pre, sizeof pre);
        return Status::ok;
    }
    static Status sign_online(const uint8_t* sk, PreSignature& pre, const uint8_t* msg, size_t mlen, uint8_t* sig) {
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return sign_online_digest(sk, pre, digest, sig); });
    }

    // The opening (Blc::open's bytes: paths, leaf commitments) on the
    // fixsliced AES-128 code, two trees at a time: every SeedDerive (root
    // seed, one per tree level, the two of the leaf commitment) shares a
    // two-block pass with the other tree's, both keys in one prepared form
    // (cipher::prepare_pair, about one key preparation), where Blc::open
    // takes a pass and a preparation per derivation with one block of the
    // pass unused. The keys are tweaked salts (public): not wiped. An odd
    // last tree runs in both lanes.
    static void open_pairs(const Dims& d, const uint8_t* salt, const uint8_t* x, const uint8_t* mseed,
                           const uint16_t* i_star, uint8_t* paths, uint8_t* lscom) {
        using Pr = detail::Prims<dims.sec>;
        typename Pr::Key ka, kb;
        cipher::PreparedKey<cipher::Aes128> pk;
        const uint8_t zero[S] = {0};
        const uint32_t L = d.log_n;
        uint8_t cur[2][S], left[2][S];
        for (uint32_t e0 = 0; e0 < d.tau; e0 += 2) {
            const uint32_t es[2] = {e0, e0 + 1 < d.tau ? e0 + 1 : e0};
            uint8_t* path[2] = {paths + size_t(es[0]) * L * S, paths + size_t(es[1]) * L * S};
            // Root seeds, then level 1 = {rseed, rseed ^ x} (x's first S bytes).
            Pr::tweak_key(ka, zero, 3, 0, es[0]);
            Pr::tweak_key(kb, zero, 3, 0, es[1]);
            cipher::prepare_pair(pk, ka, kb);
            cipher::encrypt2_lin_ortho_fixsliced(pk, mseed, mseed, left[0], left[1]);
            for (unsigned r = 0; r < 2; ++r) {
                const uint32_t top = (uint32_t(i_star[es[r]]) >> (L - 1)) & 1u;
                uint8_t* other = path[r] + size_t(L - 1) * S;
                for (size_t i = 0; i < S; ++i) {
                    const uint8_t a = left[r][i], b = uint8_t(a ^ x[i]);
                    cur[r][i] = top ? b : a;
                    other[i] = top ? a : b;
                }
            }
            for (uint32_t j = 1; j < L; ++j) {
                Pr::tweak_key(ka, salt, 2, es[0], j - 1);
                Pr::tweak_key(kb, salt, 2, es[1], j - 1);
                cipher::prepare_pair(pk, ka, kb);
                cipher::encrypt2_lin_ortho_fixsliced(pk, cur[0], cur[1], left[0], left[1]);
                for (unsigned r = 0; r < 2; ++r) {
                    const uint32_t bit = (uint32_t(i_star[es[r]]) >> (L - j - 1)) & 1u;
                    uint8_t* sib = path[r] + size_t(L - j - 1) * S;
                    for (size_t i = 0; i < S; ++i) {
                        const uint8_t l = left[r][i], rr = uint8_t(l ^ cur[r][i]);
                        sib[i] = bit ? l : rr;
                        cur[r][i] = bit ? rr : l;
                    }
                }
            }
            // Leaf commitments: c1 and c2 of a leaf in one pass (keys K0, K0 ^ 1).
            for (unsigned r = 0; r < (es[1] != es[0] ? 2u : 1u); ++r) {
                uint8_t t[S];
                Pr::tweak_salt(salt, t, 0, es[r], 0);
                detail::Enc<128>::schedule(ka, t);
                t[0] ^= 0x01;
                detail::Enc<128>::schedule(kb, t);
                cipher::prepare_pair(pk, ka, kb);
                uint8_t* c = lscom + size_t(es[r]) * 2 * S;
                cipher::encrypt2_lin_ortho_fixsliced(pk, cur[r], cur[r], c, c + S);
            }
        }
        secure_wipe(cur, sizeof cur);
        secure_wipe(left, sizeof left);
    }

private:
    // body ^= XOF(0x09 || sk || mask_rnd) (its own inverse).
    static void apply_mask(const uint8_t* sk, PreSignature& pre) {
        detail::XofCtx<dims.sec> xof;
        xof.init();
        xof.absorb_byte(0x09);
        xof.absorb(sk, sk_bytes);
        xof.absorb(pre.bytes, mask_rnd_bytes);
        uint8_t m[64];
        for (size_t o = mask_rnd_bytes; o < presig_bytes; o += sizeof m) {
            const size_t n = presig_bytes - o < sizeof m ? presig_bytes - o : sizeof m;
            xof.squeeze(m, n);
            for (size_t i = 0; i < n; ++i) pre.bytes[o + i] ^= m[i];
        }
        secure_wipe(m, sizeof m);
        secure_wipe(&xof, sizeof xof);
    }
    template <class W>
    static void wipe_work(W& w) {
        const Dims& d = dims;
        secure_wipe(w.tT, w.tT_bytes);
        secure_wipe(w.alpha, d.alpha_buf_bytes());
        secure_wipe(w.alpha1, d.alpha_buf_bytes());
        secure_wipe(w.xT, size_t(d.n) * d.lane_bytes());
        secure_wipe(w.ua, sizeof(typename Base::Elt) * d.tau * d.eta);
        secure_wipe(w.ub, sizeof(typename Base::Elt) * d.tau * d.eta);
        if (w.leaf_batch_log == 0) secure_wipe(w.rseed, S * d.tau);
        if (!w.alpha_direct) {
            secure_wipe(w.z0, sizeof(typename Base::Elt) * d.tau * d.m_ext());
            secure_wipe(w.z1, sizeof(typename Base::Elt) * d.tau * d.m_ext());
        }
    }
};

// The paper's LowPoW tweak (a parameter choice, no official KATs): one more
// repetition for a much smaller grinding condition, so the online phase
// (whose cost is mostly grinding with the original w) is short. Same
// algorithm; outputs equal the paper code's built WITH_LOW_POW (vectors in
// tests/data/mqom_presign).
template <class Orig, uint8_t Tau, uint8_t W, const char* const* Name>
struct LowPowSet {
    static constexpr Params make() {
        Params p = Orig::P;
        p.name = *Name;
        p.label = *Name;
        p.kat_stem = "";
        p.tau = Tau;
        p.w = W;
        p.opening_bytes =
            uint32_t(p.tau) * (p.partial_delta_x_bytes + p.log_n_evals * p.seed_bytes + p.digest_bytes);
        p.sig_off_opening = p.sig_off_alpha1 + uint32_t(p.tau) * p.alpha_bytes;
        p.sig_off_nonce = p.sig_off_opening + p.opening_bytes;
        p.sig_bytes = p.sig_off_nonce + 4;
        return p;
    }
    static constexpr Params P = make();
    static constexpr size_t pk_bytes = P.pk_bytes, sk_bytes = P.sk_bytes, sig_bytes = P.sig_bytes;
};
namespace detail {
inline constexpr const char* kLowPowFast = "mqom2_cat1_gf16_fast_r5_lowpow";
inline constexpr const char* kLowPowShort = "mqom2_cat1_gf16_short_r5_lowpow";
}  // namespace detail
// L1 fast: tau 17 -> 18, w 9 -> 2; L1 short: tau 12 -> 13, w 8 -> 0 (the paper's values).
using mqom2_cat1_gf16_fast_r5_lowpow = LowPowSet<mqom2_cat1_gf16_fast_r5, 18, 2, &detail::kLowPowFast>;
using mqom2_cat1_gf16_short_r5_lowpow = LowPowSet<mqom2_cat1_gf16_short_r5, 13, 0, &detail::kLowPowShort>;

}  // namespace pqmcu::mqom
