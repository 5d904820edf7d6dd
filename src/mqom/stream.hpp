// SPDX-License-Identifier: Apache-2.0 OR MIT
// The streaming-verification variant of MQOM (the embedded paper's tweak,
// "Streaming the signature"): a signature that a verifier consumes front to
// back in chunks of any size, with RAM independent of the signature size.
// Not compatible with the NIST MQOM v2.1 signatures (no official KATs): the
// outputs equal the paper code's (mqom_verifstream_presign) for the same
// seeds, see tests/data/mqom_stream/README.md.
//
// What changes against MQOM v2.1 (engine.hpp):
//   h_e  = XOF(0x06 || leaf commitments of tree e || pdx_e)   (pdx_e moved in)
//   com1 = XOF(0x07 || h_0 .. h_{tau-1})
//   com2 = XOF(0x03 || alpha0_0 || alpha1_0 || alpha0_1 || alpha1_1 ...)
//   h    = XOF(0x04 || pk || com1 || com2 || msg_hash)       (as before)
//   sig  = h || salt || com1 || nonce ||
//          per repetition e: path_e | leaf commitment_e | pdx_e | alpha1_e
// The verifier reads h and the nonce first, so i* is known before the first
// repetition arrives; each repetition is checked as it comes (its tree, then
// the PIOP of its group of repetitions), com1 and h are compared at the end.
//
//   using SS = pqmcu::mqom::StreamScheme<pqmcu::mqom::mqom2_cat1_gf16_fast_r5>;
//   SS::sign(sk, msg, mlen, sig, rng, ws);           // ws: SS::Workspace
//   SS::VerifyStream v;                               // cat1 fast: 1.8 KB, caller-owned
//   v.init(pk, msg, mlen);                            // or init_digest(pk, digest)
//   while (...) v.update(chunk, n);                   // any sizes, 1 byte included
//   v.final() == pqmcu::Status::ok
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "core/status.hpp"
#include "mqom/scheme.hpp"

namespace pqmcu::mqom {
namespace detail {

// Byte layout of a streaming-variant signature (same total as MQOM v2.1).
struct StreamLayout {
    Dims d;
    constexpr size_t S() const { return d.seed(); }
    constexpr size_t off_hash() const { return 0; }
    constexpr size_t off_salt() const { return d.digest(); }
    constexpr size_t off_com1() const { return off_salt() + d.salt(); }
    constexpr size_t off_nonce() const { return off_com1() + d.digest(); }
    constexpr size_t header_bytes() const { return off_nonce() + 4; }
    // One repetition's chunk: path | leaf commitment | pdx | alpha1.
    constexpr size_t rep_path() const { return 0; }
    constexpr size_t rep_lscom() const { return size_t(d.log_n) * S(); }
    constexpr size_t rep_pdx() const { return rep_lscom() + d.digest(); }
    constexpr size_t rep_alpha1() const { return rep_pdx() + d.pdx_bytes(); }
    constexpr size_t rep_bytes() const { return rep_alpha1() + d.u_bytes(); }
    constexpr size_t off_rep(uint32_t e) const { return header_bytes() + size_t(e) * rep_bytes(); }
    constexpr size_t sig_bytes() const { return header_bytes() + size_t(d.tau) * rep_bytes(); }
    constexpr size_t max_chunk() const { return header_bytes() > rep_bytes() ? header_bytes() : rep_bytes(); }
};

template <unsigned Sec, unsigned BaseLog2, unsigned ExtLog2>
struct StreamEngine {
    using E = Ext<ExtLog2>;
    using B = Base<BaseLog2>;
    using Elt = typename E::Elt;
    using Bl = Blc<Sec, E, B>;
    using Pi = Piop<Sec, E, B>;
    using Key = typename Bl::Key;
    static constexpr size_t S = Sec / 8;
    // alpha of one repetition: u_bytes <= 48 at cat 1 (gf256 r3), <= 96 above.
    static constexpr size_t kMaxUBytes = Sec == 128 ? 64 : 128;

    // The signer on the profile's Workspace (w: its view). Trees are walked
    // one at a time (Blc::stream_rep, keys scheduled per batch), the PIOP is
    // the ordinary one; only the transcript and the layout differ.
    static Status sign(const Dims& d, const uint8_t* sk, const uint8_t* msg_digest, const uint8_t* salt_in,
                       const uint8_t* mseed, uint8_t* sig, Work<Elt>& w) {
        const StreamLayout lay{d};
        const uint8_t* pk = sk;
        const uint8_t* x = sk + d.pk_bytes();
        ct_unpoison(sk, d.pk_bytes());
        std::memmove(sig + lay.off_salt(), salt_in, S);
        const uint8_t* salt = sig + lay.off_salt();
        uint8_t* com1 = sig + lay.off_com1();
        const size_t xb = d.x_bytes(), pdxb = d.pdx_bytes(), R = d.lane_bytes();
        const uint32_t lb = w.leaf_batch_log != 0 ? w.leaf_batch_log : 3;
        uint8_t* xrows = reinterpret_cast<uint8_t*>(w.xT);
        std::memset(xrows, 0, size_t(d.n) * R);
        uint8_t rs[S], h[2 * S];
        {
            XofCtx<Sec> c1x;
            c1x.init();
            c1x.absorb_byte(0x07);
            for (uint32_t e = 0; e < d.tau; ++e) {
                Bl::root_seed(mseed, e, rs, w.sec_backend);
                XofCtx<Sec> he;
                Bl::stream_rep(d, salt, e, rs, x, nullptr, 0, nullptr, lb, w.scratch, static_cast<Key*>(nullptr),
                               static_cast<Key*>(nullptr), static_cast<Key*>(nullptr), 0, nullptr, 0, nullptr,
                               w.sec_backend, &he);
                const uint8_t* acc = w.scratch;
                Bl::combine(d, acc, xrows + size_t(e) * E::bytes, R, w.ua + size_t(e) * d.eta);
                E::load(acc + xb, w.ub + size_t(e) * d.eta, d.eta);
                uint8_t* pdx = sig + lay.off_rep(e) + lay.rep_pdx();
                for (size_t t = 0; t < pdxb; ++t) pdx[t] = uint8_t(x[S + t] ^ acc[S + t]);
                ct_unpoison(pdx, pdxb);  // published
                he.absorb(pdx, pdxb);
                he.squeeze(h, 2 * S);
                c1x.absorb(h, 2 * S);
            }
            c1x.squeeze(com1, 2 * S);
        }
        ct_unpoison(com1, 2 * S);
        secure_wipe(rs, sizeof rs);
        secure_wipe(w.scratch, size_t(1 + d.log_n) * d.exp_bytes());
        for (uint32_t k = 0; k < d.n; ++k) {  // lane tau of the PIOP rows: lift(x_k)
            const Elt v = Elt(B::lift(B::get(x, k)));
            E::store(&v, xrows + size_t(k) * R + size_t(d.tau) * E::bytes, 1);
        }
        Pi::compute(d, com1, sk, x, w, w.alpha1);
        uint8_t com2[2 * S];
        {
            XofCtx<Sec> c2x;
            c2x.init();
            c2x.absorb_byte(0x03);
            uint8_t buf[256];
            for (uint32_t e = 0; e < d.tau; ++e) {
                E::store(w.alpha + size_t(e) * d.eta, buf, d.eta);
                c2x.absorb(buf, d.u_bytes());
                uint8_t* a1 = sig + lay.off_rep(e) + lay.rep_alpha1();
                E::store(w.alpha1 + size_t(e) * d.eta, a1, d.eta);
                ct_unpoison(a1, d.u_bytes());
                c2x.absorb(a1, d.u_bytes());
            }
            c2x.squeeze(com2, 2 * S);
        }
        ct_unpoison(com2, 2 * S);
        secure_wipe(w.tT, w.tT_bytes);
        secure_wipe(w.tab, sizeof(word_t) * Lanes<E>::bucket_words(w.digit_bits, R / sizeof(word_t)));
        secure_wipe(w.alpha, d.alpha_buf_bytes());
        secure_wipe(w.alpha1, d.alpha_buf_bytes());
        fs_hash<Sec>(d, pk, com1, com2, msg_digest, sig + lay.off_hash());
        uint16_t i_star[kMaxTau];
        grind<Sec>(d, sig + lay.off_hash(), sig + lay.off_nonce(), i_star);
        open(d, lay, salt, x, mseed, i_star, sig, w.sec_backend);
        secure_wipe(w.xT, size_t(d.n) * R);
        secure_wipe(w.ua, sizeof(Elt) * d.tau * d.eta);
        secure_wipe(w.ub, sizeof(Elt) * d.tau * d.eta);
        if (!w.alpha_direct) {
            secure_wipe(w.z0, sizeof(Elt) * d.tau * d.m_ext());
            secure_wipe(w.z1, sizeof(Elt) * d.tau * d.m_ext());
        }
        return Status::ok;
    }

    // Paths and leaf commitments, each into its repetition's chunk.
    static void open(const Dims& d, const StreamLayout& lay, const uint8_t* salt, const uint8_t* x,
                     const uint8_t* mseed, const uint16_t* i_star, uint8_t* sig, cipher::Backend be) {
        using P = typename Bl::P;
        using C = typename Bl::C;
        uint8_t leaf[S], rs[S], t[S];
        Key k1, k2;
        for (uint32_t e = 0; e < d.tau; ++e) {
            uint8_t* rep = sig + lay.off_rep(e);
            Bl::root_seed(mseed, e, rs, be);
            Bl::T::open_path(salt, rs, x, e, d.log_n, i_star[e], rep + lay.rep_path(), leaf, be);
            P::tweak_salt(salt, t, 0, e, 0);
            C::schedule(k1, t);
            t[0] ^= 0x01;
            C::schedule(k2, t);
            P::derive(k1, leaf, rep + lay.rep_lscom(), 1, be);
            P::derive(k2, leaf, rep + lay.rep_lscom() + S, 1, be);
            ct_unpoison(rep, lay.rep_pdx());
        }
        C::wipe(k1);
        C::wipe(k2);
        secure_wipe(leaf, sizeof leaf);
        secure_wipe(rs, sizeof rs);
    }

    // Verifier, repetition e from its chunk: its tree (h_e into com1's XOF),
    // x_eval into lane q of w.xT, u_eval into w.ua + q * eta. h_e is
    // squeezed into the chunk buffer's path field (just past the fold area):
    // dead once the tree is walked (or unused when the chunk is read in
    // place), and 32 B off the stack's peak (this frame is under the walk).
    static void verify_rep(const Dims& d, const uint8_t* salt, uint32_t e, uint16_t ie, const uint8_t* rep,
                           uint32_t q, VerifyWork<Elt>& w, XofCtx<Sec>& c1x) {
        const StreamLayout lay{d};
        const uint8_t* pdx = rep + lay.rep_pdx();
        uint8_t* h = w.scratch + w.scratch_bytes;  // the chunk buffer (VerifyStreamOf::view, buf)
        Bl::stream_rep(d, salt, e, nullptr, nullptr, rep + lay.rep_path(), ie, rep + lay.rep_lscom(),
                       w.leaf_batch_log != 0 ? w.leaf_batch_log : 3, w.scratch, static_cast<Key*>(nullptr),
                       static_cast<Key*>(nullptr), static_cast<Key*>(nullptr), 0, nullptr, 0, h, w.pub_backend,
                       nullptr, pdx, d.pdx_bytes());
        c1x.absorb(h, 2 * S);
        const uint16_t is1[1] = {ie};
        Bl::eval_finish_at(d, 0, w.scratch, pdx, is1, reinterpret_cast<uint8_t*>(w.xT) + size_t(q) * E::bytes,
                           w.nw * sizeof(word_t), w.ua + size_t(q) * d.eta);
    }
    // The PIOP of a group of k repetitions (i_star, alpha1_ser: the group's)
    // in two calls: v_z of the group (the equations, in w.eq_area's
    // windows), then alpha0 (no windows: the caller's frame that holds them
    // has returned) and alpha0_e || alpha1_e of each into com2's XOF.
    static void verify_group_z(const Dims& d, const uint8_t* pk, const uint16_t* i_star, uint32_t k,
                               VerifyWork<Elt>& w) {
        Pi::recompute_group_z(d, pk, pk + 2 * S, i_star, 0, k, w);
    }
    static void verify_group_alpha(const Dims& d, const uint8_t* com1, const uint16_t* i_star, uint32_t k,
                                   const uint8_t* alpha1_ser, VerifyWork<Elt>& w, XofCtx<Sec>& c2x) {
        Pi::group_alpha(d, com1, i_star, 0, k, alpha1_ser, w);
        uint8_t buf[kMaxUBytes];  // small: this frame is under the PIOP's
        for (uint32_t q = 0; q < k; ++q) {
            E::store(w.ua + size_t(q) * d.eta, buf, d.eta);
            c2x.absorb(buf, d.u_bytes());
            c2x.absorb(alpha1_ser + size_t(q) * d.u_bytes(), d.u_bytes());
        }
    }
};

}  // namespace detail

// Streaming verifier of one set: init, update (any chunk sizes), final.
// Everything it needs is in the object (caller-owned: static on the M4):
// the header's fields, two XOF states, one repetition's chunk buffer and
// the buffers of one group of Group repetitions (x_eval lanes, u_eval, the
// fold area that is also the PIOP's), whatever the signature size; the
// public key is referenced, not copied. A stream that is truncated, too long, reordered or
// tampered with fails (bad_length or verify_failed). After final() the
// object must be init()ed again (a second final() is bad_argument).
template <class Set, class Profile = Memory, uint32_t Group = detail::stream_verify_group(dims_of<Set>())>
class VerifyStreamOf {
public:
    using Base = Scheme<Set, Profile>;
    static constexpr Dims dims = Base::dims;
    static constexpr detail::StreamLayout layout{dims};
    static constexpr size_t S = dims.seed();
    static constexpr size_t pk_bytes = dims.pk_bytes();
    static constexpr size_t sig_bytes = layout.sig_bytes();
    static constexpr size_t message_digest_bytes = dims.digest();
    static constexpr uint32_t group = Group < dims.tau ? Group : dims.tau;
    using Eng = detail::StreamEngine<dims.sec, dims.base_log2, dims.ext_log2>;
    using Elt = typename Eng::Elt;
    using Piop = typename Base::Piop;
    using LanesE = typename Base::LanesE;
    static_assert(Base::streamed, "the stream verifier walks one tree at a time: a streamed-BLC profile");
    static_assert(sig_bytes == Base::sig_bytes);
    static_assert(dims.u_bytes() <= Eng::kMaxUBytes);

    static constexpr size_t nw =
        (size_t(group) * detail::Ext<dims.ext_log2>::bytes + sizeof(field::word_t) - 1) / sizeof(field::word_t);
    static constexpr size_t fold_bytes = size_t(dims.log_n + 1) * dims.exp_bytes();
    // The chunk buffer only holds bytes between calls and while its piece's
    // tree is walked, right past the fold area (cat1 gf16 fast on the M4:
    // 568 B for 396 B of fold area + 172 B of chunk: a repetition's alpha1
    // goes straight to a1_).
    static constexpr size_t chunk_bytes =
        layout.header_bytes() > layout.rep_alpha1() ? layout.header_bytes() : layout.rep_alpha1();
    static constexpr size_t walk_bytes = fold_bytes + chunk_bytes;
    static_assert(layout.rep_lscom() >= 2 * S, "h_e goes to the chunk's path field (verify_rep)");
    static_assert(layout.max_chunk() < 65536 && dims.tau < 65536, "pos_, rep_: 16 bits");
    // The PIOP runs once the group's last piece has been walked: its v_z
    // rows, buckets and accumulators take the fold / chunk area (grown if
    // need be), and its equation windows live on the stack, in a frame of
    // its own entered after the tree walk's frames (the stack's peak) have
    // returned, so they cost no RAM up to about that size: as many
    // equations in lock-step as piop_stack_budget holds (each PRG key
    // schedule of the expansion shared by all), with the verifier's bucket
    // digit (Memory: nibbles, the area grown for them where need be).
    static constexpr size_t piop_stack_budget = 768;
    static constexpr uint32_t digit_bits = verify_digit_bits_of<Profile>();
    static constexpr uint32_t eq_lockstep = [] {
        uint32_t g = 1;
        while (g < detail::kMaxEqGroup && g < dims.m_ext() &&
               size_t(g + 1) * detail::eq_window_bytes(dims) <= piop_stack_budget)
            ++g;
        return g;
    }();
    static constexpr size_t windows_bytes = size_t(eq_lockstep) * detail::eq_window_bytes(dims);
    static constexpr size_t head_bytes = Piop::head_bytes(dims, nw, digit_bits, eq_lockstep);
    static constexpr size_t scratch_bytes = ((walk_bytes > head_bytes ? walk_bytes : head_bytes) + 7) / 8 * 8;

    // init and final out of line: their buffers (the message digest; com1,
    // com2 and h to compare) stay off the caller's frame, which is under
    // every update()'s tree walk (the stack's peak).
    __attribute__((noinline)) Status init(const uint8_t* pk, const uint8_t* msg, size_t mlen) {
        return with_message_digest<typename Base::MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return init_digest(pk, digest); });
    }
    // digest: Scheme::MessageDigest of the message (absorbed in chunks).
    // pk is not copied: it must stay valid and unchanged until final()
    // (a bootloader's key in flash).
    __attribute__((noinline)) Status init_digest(const uint8_t* pk, const uint8_t* digest) {
        if (pk == nullptr || digest == nullptr) {
            state_ = kIdle;
            return Status::bad_argument;
        }
        pk_ = pk;
        std::memcpy(msg_hash_, digest, message_digest_bytes);
        c1x_.init();
        c1x_.absorb_byte(0x07);
        c2x_.init();
        c2x_.absorb_byte(0x03);
        pos_ = 0;
        rep_ = 0;
        state_ = kHeader;
        return Status::ok;
    }
    // ok while the stream may still be valid; verify_failed as soon as it is
    // known not to be (the rest need not be sent); bad_length past the end.
    Status update(const uint8_t* chunk, size_t len) {
        if (state_ == kIdle) return Status::bad_argument;
        if (chunk == nullptr && len != 0) return fail(Status::bad_argument);
        if (state_ == kFailed) return Status::verify_failed;
        while (len != 0) {
            if (state_ == kDone) return fail(Status::bad_length);
            const size_t need = (state_ == kHeader ? layout.header_bytes() : layout.rep_bytes()) - pos_;
            if (pos_ == 0 && len >= need) {  // a whole piece in the caller's buffer: no copy
                if (!piece(chunk, false)) return fail(Status::verify_failed);
            } else {
                const size_t take = len < need ? len : need;
                stash(chunk, take);
                pos_ += take;
                chunk += take;
                len -= take;
                if (take == need) {
                    pos_ = 0;
                    if (!piece(buf(), true)) return fail(Status::verify_failed);
                }
                continue;
            }
            chunk += need;
            len -= need;
        }
        return Status::ok;
    }
    __attribute__((noinline)) Status final() {
        if (state_ == kIdle) return Status::bad_argument;
        if (state_ == kFailed) return done(Status::verify_failed);
        if (state_ != kDone) return done(Status::bad_length);  // truncated
        uint8_t c[2 * S], com2[2 * S];
        c1x_.squeeze(c, 2 * S);
        bool ok = ct_memneq(c, com1_, 2 * S) == 0;
        c2x_.squeeze(com2, 2 * S);
        detail::fs_hash<dims.sec>(dims, pk_, com1_, com2, msg_hash_, c);
        ok = ok && ct_memneq(c, hash_, 2 * S) == 0;
        return done(ok ? Status::ok : Status::verify_failed);
    }

private:
    enum State : uint8_t { kIdle, kHeader, kReps, kDone, kFailed };
    // update: a bad stream stays failed until init (final then says so);
    // final: the object goes back to idle whatever the outcome.
    uint8_t* buf() { return scratch_ + fold_bytes; }
    Status fail(Status st) {
        state_ = kFailed;
        return st;
    }
    Status done(Status st) {
        state_ = kIdle;
        return st;
    }
    detail::VerifyWork<Elt> view() {
        return detail::VerifyWork<Elt>{group, uint32_t(nw), xT_, ua_, scratch_, fold_bytes, nullptr, 0,
                                       digit_bits, Base::leaf_batch_log, Profile::public_backend};
    }
    // Bytes [pos_, pos_ + n) of the current piece into the chunk buffer; a
    // repetition's alpha1 straight to its place in a1_ (the buffer stops
    // before it).
    void stash(const uint8_t* src, size_t n) {
        size_t o = pos_;
        if (state_ == kReps) {
            constexpr size_t cut = layout.rep_alpha1();
            if (o < cut) {
                const size_t m = n < cut - o ? n : cut - o;
                std::memcpy(buf() + o, src, m);
                src += m, o += m, n -= m;
            }
            if (n != 0) std::memcpy(a1_ + size_t(rep_ % group) * dims.u_bytes() + (o - cut), src, n);
        } else {
            std::memcpy(buf() + o, src, n);
        }
    }
    // A complete header or repetition chunk; false when the stream is bad.
    // in_buf: the repetition's alpha1 is already in a1_ (stash).
    bool piece(const uint8_t* p, bool in_buf) {
        if (state_ == kHeader) {
            std::memcpy(hash_, p + layout.off_hash(), 2 * S);
            std::memcpy(salt_, p + layout.off_salt(), S);
            std::memcpy(com1_, p + layout.off_com1(), 2 * S);
            std::memcpy(nonce_, p + layout.off_nonce(), 4);
            state_ = kReps;
            return group_challenge(0);
        }
        const uint32_t e = rep_, g0 = e - e % group, q = e - g0;
        const uint32_t k = dims.tau - g0 < group ? dims.tau - g0 : group;
        auto w = view();
        if (q == 0) {
            if (g0 != 0) group_challenge(g0);
            std::memset(xT_, 0, sizeof xT_);
        }
        if (!in_buf) std::memcpy(a1_ + size_t(q) * dims.u_bytes(), p + layout.rep_alpha1(), dims.u_bytes());
        Eng::verify_rep(dims, salt_, e, i_star_[q], p, q, w, c1x_);
        if (q + 1 == k) run_group(k);
        if (++rep_ == dims.tau) state_ = kDone;
        return true;
    }
    // The PIOP of the current group (k repetitions): v_z with the equation
    // windows in a frame of its own (public data: no wipe), then alpha0
    // with that frame gone (group_alpha's XOF and Keccak-f frames under the
    // windows went as deep as the tree walk: 2,092 B, short and fast).
    void run_group(uint32_t k) {
        group_z(k);
        group_alpha(k);
    }
    __attribute__((noinline)) void group_alpha(uint32_t k) {
        auto w = view();
        Eng::verify_group_alpha(dims, com1_, i_star_, k, a1_, w, c2x_);
    }
    __attribute__((noinline)) void group_z(uint32_t k) {
        alignas(16) uint8_t win[windows_bytes];
        auto w = view();
        w.scratch_bytes = scratch_bytes;
        w.eq_area = win;
        w.eq_area_bytes = windows_bytes;
        Eng::verify_group_z(dims, pk_, i_star_, k, w);
    }
    // i* of the group g0 .. g0+group-1 (from h and the nonce, again per
    // group: one Keccak-f each instead of keeping all tau of them); whether
    // the nonce passes the grinding condition. Out of line: its tau-entry
    // buffer is not on the tree walk's stack.
    __attribute__((noinline)) bool group_challenge(uint32_t g0) {
        uint16_t all[dims.tau];
        const bool ok = detail::challenge<dims.sec>(dims, hash_, nonce_, all);
        for (uint32_t q = 0; q < group && g0 + q < dims.tau; ++q) i_star_[q] = all[g0 + q];
        return ok;
    }

    alignas(16) field::word_t xT_[size_t(dims.n) * nw];
    alignas(16) Elt ua_[size_t(group) * dims.eta];
    alignas(16) uint8_t scratch_[scratch_bytes];
    detail::XofCtx<dims.sec> c1x_, c2x_;
    uint8_t a1_[size_t(group) * dims.u_bytes()];
    const uint8_t* pk_ = nullptr;
    uint8_t msg_hash_[message_digest_bytes];
    uint8_t hash_[2 * S], com1_[2 * S], salt_[S], nonce_[4];
    uint16_t i_star_[group];  // the current group's
    uint16_t pos_ = 0, rep_ = 0;
    State state_ = kIdle;
};

// The streaming variant's front end: MQOM keys (the same keygen), the
// variant's signer on Scheme<Set, Profile>'s Workspace, VerifyStream.
template <class Set, class Profile = Memory>
struct StreamScheme {
    using Base = Scheme<Set, Profile>;
    static constexpr Dims dims = Base::dims;
    static constexpr size_t pk_bytes = Base::pk_bytes, sk_bytes = Base::sk_bytes, sig_bytes = Base::sig_bytes;
    static constexpr size_t seed_bytes = Base::seed_bytes, keygen_seed_bytes = Base::keygen_seed_bytes;
    static constexpr size_t message_digest_bytes = Base::message_digest_bytes;
    static constexpr const char* name = Set::P.name;
    using Workspace = typename Base::Workspace;
    using MessageDigest = typename Base::MessageDigest;
    using VerifyStream = VerifyStreamOf<Set, Profile>;
    using Eng = detail::StreamEngine<dims.sec, dims.base_log2, dims.ext_log2>;

    static Status keypair_from_seed(const uint8_t* seed, uint8_t* pk, uint8_t* sk) {
        return Base::keypair_from_seed(seed, pk, sk);
    }
    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng) {
        return Base::keypair(pk, sk, rng);
    }
    static Status sign_digest_with(const uint8_t* sk, const uint8_t* digest, const uint8_t* mseed,
                                   const uint8_t* salt, uint8_t* sig, Workspace& ws) {
        if (sk == nullptr || sig == nullptr || mseed == nullptr || salt == nullptr || digest == nullptr)
            return Status::bad_argument;
        const auto pd = reinterpret_cast<uintptr_t>(digest), ps = reinterpret_cast<uintptr_t>(sig);
        if (pd < ps + sig_bytes && ps < pd + message_digest_bytes) return Status::bad_argument;
        auto w = ws.view();
        return Eng::sign(dims, sk, digest, salt, mseed, sig, w);
    }
    static Status sign_with(const uint8_t* sk, const uint8_t* msg, size_t mlen, const uint8_t* mseed,
                            const uint8_t* salt, uint8_t* sig, Workspace& ws) {
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return sign_digest_with(sk, digest, mseed, salt, sig, ws); });
    }
    // Draws mseed then salt (as the reference signer).
    template <Rng R>
    static Status sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig, R&& rng, Workspace& ws) {
        uint8_t mseed[seed_bytes], salt[seed_bytes];
        Status st = draw_random(rng, mseed, seed_bytes);
        if (st == Status::ok) st = draw_random(rng, salt, seed_bytes);
        if (st == Status::ok) st = sign_with(sk, msg, mlen, mseed, salt, sig, ws);
        secure_wipe(mseed, sizeof mseed);
        return st;
    }
    // The whole signature at once (through a VerifyStream).
    static Status verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen) {
        if (const Status st = verify_arguments(pk, msg, mlen, sig, siglen, sig_bytes); st != Status::ok) return st;
        VerifyStream v;
        Status st = v.init(pk, msg, mlen);
        if (st == Status::ok) st = v.update(sig, siglen);
        if (st == Status::ok) st = v.final();
        return st;
    }
};

}  // namespace pqmcu::mqom
