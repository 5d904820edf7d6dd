// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu::mqom::OneTreeScheme<Set, Profile, Par>: the one-tree variant of
// MQOM v2.1 (onetree.hpp) for the sets that have one (OneTreeOf<Set>: L1
// gf16 fast / short r5), byte-compatible with the paper code's
// mqom_onetree for the same seeds (tests/data/mqom_onetree).
//
//   using S = pqmcu::mqom::OneTreeScheme<pqmcu::mqom::mqom2_cat1_gf16_fast_r5, pqmcu::mqom::Balanced>;
//   S::Workspace ws;
//   S::keypair(pk, sk, rng);                // the keys of base MQOM
//   S::sign(sk, msg, mlen, sig, rng, ws);   // S::sig_bytes (3,264 / 2,852)
//   S::verify(pk, msg, mlen, sig, S::sig_bytes, ws) == pqmcu::Status::ok
//
// Par: repetitions whose leaves are processed in one walk of the tree
// (0: all tau, the paper's "-1"; OneTreeOf<Set>::par2, 9 / 6, its "-2":
// the tree is walked twice, with half the XOF states and fold areas).
// Profile: as for Scheme (the PIOP's knobs and the cipher backends); the
// tree itself is always walked depth first, one node at a time. Outputs
// never depend on Profile or Par. rng: mseed then salt, as Scheme.
// Statuses as Scheme (verify_failed also when the challenge needs more
// than T_open path nodes).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>

#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "core/status.hpp"
#include "mqom/onetree.hpp"
#include "mqom/scheme.hpp"

namespace pqmcu::mqom {

template <class Set, class Profile = Desktop, uint32_t Par = 0>
class OneTreeScheme : public HostWorkspace<OneTreeScheme<Set, Profile, Par>> {
public:
    using Base = Scheme<Set, Profile>;
    using set_type = Set;
    using profile_type = Profile;
    static constexpr Dims dims = Base::dims;
    static constexpr OneTreeDims ot = OneTreeOf<Set>::v;
    static constexpr detail::OneTreeLayout layout = detail::onetree_layout(dims, ot);
    static constexpr uint32_t par = (Par == 0 || Par > dims.tau) ? dims.tau : Par;
    // <set>_onetree1 (all repetitions per walk) / _onetree2 (the paper's 9 / 6) / _onetree (other Par)
    static constexpr const char* name = par == dims.tau                 ? OneTreeOf<Set>::name1
                                        : par == OneTreeOf<Set>::par2 ? OneTreeOf<Set>::name2
                                                                      : "mqom2_onetree";
    static constexpr size_t pk_bytes = Base::pk_bytes, sk_bytes = Base::sk_bytes;
    static constexpr size_t sig_bytes = layout.sig_bytes;
    static constexpr size_t seed_bytes = Base::seed_bytes;
    static constexpr size_t message_digest_bytes = Base::message_digest_bytes;
    using MessageDigest = typename Base::MessageDigest;
    static_assert(dims.tau <= detail::kOneTreeMaxTau && ot.height <= detail::kOneTreeMaxHeight);
    static_assert((dims.n_evals() * dims.tau) <= (1u << ot.height) && 2 * dims.n_evals() * dims.tau < 65536,
                  "node numbers fit uint16_t");

    using Eng = typename Base::Eng;
    using Piop = typename Base::Piop;
    using Elt = typename Base::Elt;
    using OT = detail::OneTreeBlc<dims.sec, detail::Ext<dims.ext_log2>, detail::Base<dims.base_log2>>;
    using Key = typename detail::Prims<dims.sec>::Key;
    static constexpr size_t prg_blocks = (dims.exp_bytes() + dims.seed() - 1) / dims.seed();
    static_assert(prg_blocks <= OT::kMaxPrgBlocks);

    // Memory (and profiles derived from it) and Hardware (the AES on the
    // engine): the compact workspace below, leaves two at a time, folded
    // straight into the lanes (no Gray-code rows). The engine takes raw keys,
    // so a key per 2 leaves costs a key load (~0.15 kc), not a software
    // schedule, and the stored fold would not fit the paper's Hardware RAM.
    // Profile::onetree_compact, when given, decides.
    static constexpr bool uses_engine_v =
        Profile::secret_backend == cipher::Backend::external || Profile::public_backend == cipher::Backend::external;
    static constexpr bool compact = [] {
        if constexpr (requires { Profile::onetree_compact; }) return bool(Profile::onetree_compact);
        else return std::is_base_of_v<Memory, Profile> || Profile::secret_backend == cipher::Backend::external;
    }();
    // Compact with the stored Gray-code fold (Hardware): the walk's buffers
    // share the area with the PIOP's as in Memory, but leaves come in
    // batches of 8 folded into (log N + 1) rows per repetition (the direct
    // fold's per-leaf lane update costs ~1.5x the engine-side cycles).
    static constexpr bool direct = compact && !uses_engine_v;
    // Leaves per cipher call: 32 in the full workspace (a quarter of the key
    // preparations of 8: on the fixsliced AES ~4 Mc of a short signature
    // less than 16), but 16 in the "-2" forms of N = 2^11 trees (short),
    // whose 1.5 KB more of waiting leaves would pass the paper's RAM; 2 in
    // the direct form; in the compact stored one (RAM: the leaves waiting
    // per repetition) 16 where those take <= 1.5 KB (short "-2"), else 8.
    static constexpr uint32_t stored_batch = size_t(par) * 16 * dims.seed() <= 1536 ? 16 : 8;
    static constexpr uint32_t full_batch = (par == dims.tau || dims.log_n <= 8) ? 32 : 16;
    static constexpr uint32_t leaf_batch = compact ? (direct ? 2 : stored_batch) : full_batch;
    static constexpr size_t fold_rows = direct ? 1 : size_t(dims.log_n) + 1;
    static_assert(dims.n_evals() % leaf_batch == 0 && dims.log_n <= OT::kMaxLogN);

    struct FullWorkspace {
        typename Base::Workspace base;  // the PIOP's buffers (its tree buffers stay unused)
        alignas(16) uint8_t fold[size_t(par) * (dims.log_n + 1) * dims.exp_bytes()];
        detail::XofCtx<dims.sec> xof[par];
        uint8_t pend[size_t(par) * leaf_batch * dims.seed()];
        // The fold area is dead once com1 is made: the PIOP's equation
        // windows go there (as many equations in lock-step as tT's states
        // allow, up to kMaxEqGroup: fewer PRG key schedules).
        detail::Work<Elt> view() {
            detail::Work<Elt> w = base.view();
            w.piop_win = fold;
            w.piop_win_bytes = sizeof(fold);
            return w;
        }
        typename OT::GroupWork group() { return {fold, xof, pend, par, leaf_batch}; }
    };

    // The compact workspace: x0 / x_eval lanes, u0, u1 / alpha1 and one area
    // that holds the tree walk's buffers (per repetition of a walk: XOF state,
    // acc, the leaf waiting for its pair), then, once they are dead, the
    // PIOP's (buckets, Gamma, alpha, alpha1 and tT, the rest: as many
    // equations in lock-step as it holds).
    using word_t = field::word_t;
    static constexpr size_t rup16(size_t v) { return (v + 15) / 16 * 16; }
    static constexpr size_t lane_words = Base::lane_words;
    static constexpr size_t tab_bytes =
        sizeof(word_t) * Base::LanesE::bucket_words(Profile::piop_digit_bits, lane_words);
    static constexpr size_t gamma_bytes = sizeof(Elt) * (dims.batching ? size_t(dims.eta) * dims.m_ext() : 1);
    static constexpr size_t alpha_bytes = dims.alpha_buf_bytes();
    static constexpr size_t piop_head = rup16(tab_bytes) + rup16(gamma_bytes) + 2 * rup16(alpha_bytes);
    static constexpr size_t xof_bytes = rup16(size_t(par) * sizeof(detail::XofCtx<dims.sec>));
    // The leaves waiting for their batch may sit in the lanes (xT): with one
    // walk for all repetitions (par == tau) in the stored form, the lanes are
    // written only once the walk has ended (and the waiting leaves are wiped,
    // walk_groups). Short "-1" Hardware: 1.5 KB less.
    static constexpr size_t pend_bytes = size_t(par) * leaf_batch * dims.seed();
    static constexpr bool pend_in_lanes =
        compact && !direct && par == dims.tau && pend_bytes <= size_t(dims.n) * lane_words * sizeof(word_t);
    static constexpr size_t tree_bytes = xof_bytes + rup16(size_t(par) * fold_rows * dims.exp_bytes()) +
                                         (pend_in_lanes ? 0 : rup16(pend_bytes));
    static constexpr size_t piop_min = piop_head + Base::piop_tT_words * sizeof(word_t);
    static constexpr size_t area_bytes = tree_bytes > piop_min ? tree_bytes : piop_min;
    struct CompactWorkspace {
        alignas(16) word_t xT[size_t(dims.n) * lane_words];
        alignas(16) Elt ua[size_t(dims.tau) * dims.eta];
        alignas(16) Elt ub[size_t(dims.tau) * dims.eta];
        Elt z[2];  // (alpha accumulated per equation: no z buffers)
        alignas(16) uint8_t area[area_bytes];
        detail::Work<Elt> view() {
            uint8_t* p = area;
            word_t* tab = reinterpret_cast<word_t*>(p);
            p += rup16(tab_bytes);
            Elt* gamma = reinterpret_cast<Elt*>(p);
            p += rup16(gamma_bytes);
            Elt* alpha = reinterpret_cast<Elt*>(p);
            p += rup16(alpha_bytes);
            Elt* alpha1 = reinterpret_cast<Elt*>(p);
            p += rup16(alpha_bytes);
            const size_t tT_bytes = size_t(area + area_bytes - p) / sizeof(word_t) * sizeof(word_t);
            static_assert(Profile::piop_alpha_direct, "the compact workspace has no z buffers");
            return detail::Work<Elt>{nullptr, 1, Base::eq_group, xT, reinterpret_cast<word_t*>(p), tab,
                                     Profile::piop_digit_bits, uses_lut_not_ct<Profile>(), ua, ub, z, z,
                                     Profile::piop_alpha_direct, gamma, alpha, alpha1, nullptr, nullptr, nullptr,
                                     Profile::public_backend, Profile::secret_backend, 0, false, tT_bytes,
                                     nullptr, 0};
        }
        typename OT::GroupWork group() {
            auto* xof = reinterpret_cast<detail::XofCtx<dims.sec>*>(area);
            for (uint32_t r = 0; r < par; ++r) ::new (static_cast<void*>(xof + r)) detail::XofCtx<dims.sec>();
            uint8_t* fold = area + xof_bytes;
            uint8_t* pend = pend_in_lanes ? reinterpret_cast<uint8_t*>(xT)
                                          : fold + rup16(size_t(par) * fold_rows * dims.exp_bytes());
            return {fold, xof, pend, par, leaf_batch};
        }
    };
    using Workspace = std::conditional_t<compact, CompactWorkspace, FullWorkspace>;
    static constexpr size_t workspace_bytes = sizeof(Workspace);

    // Hardware profile (all AES-128 on the engine installed with
    // cipher::set_external_aes128): unsupported without one; an engine fault
    // mid-operation returns its error with the signature wiped (as Scheme).
    static constexpr bool uses_engine = uses_engine_v;

    // Key generation: the base scheme's (same keys). Hardware: one equation
    // window and no x bit planes (the engine makes the lock-step's shared
    // key schedules pointless; within the paper's Hardware keygen RAM).
    struct LeanKeygen : Profile {
        static constexpr uint32_t keygen_eq_lockstep = 1;
        static constexpr bool keygen_x_planes = false;
    };
    using KeygenScheme =
        std::conditional_t<uses_engine_v && !detail::ActivePin::on, Scheme<Set, LeanKeygen>, Base>;

    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng) {
        return KeygenScheme::keypair(pk, sk, rng);
    }
    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, Workspace&) {
        return KeygenScheme::keypair(pk, sk, rng);
    }

    static Status sign_digest_with(const uint8_t* sk, const uint8_t* digest, const uint8_t* mseed,
                                   const uint8_t* salt, uint8_t* sig, Workspace& ws) {
        if (sk == nullptr || sig == nullptr || mseed == nullptr || salt == nullptr || digest == nullptr)
            return Status::bad_argument;
        if (const Status st = engine_ready(); st != Status::ok) return st;
        auto w = ws.view();
        const auto g = ws.group();
        sign_engine(sk, digest, salt, mseed, sig, w, g);
        return engine_result(Status::ok, sig, sig_bytes);
    }
    static Status sign_with(const uint8_t* sk, const uint8_t* msg, size_t mlen, const uint8_t* mseed,
                            const uint8_t* salt, uint8_t* sig, Workspace& ws) {
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return sign_digest_with(sk, digest, mseed, salt, sig, ws); });
    }
    template <Rng R>
    static Status sign_digest(const uint8_t* sk, const uint8_t* digest, uint8_t* sig, R&& rng, Workspace& ws) {
        uint8_t mseed[seed_bytes], salt[seed_bytes];
        Status st = draw_random(rng, mseed, seed_bytes);
        if (st == Status::ok) st = draw_random(rng, salt, seed_bytes);
        if (st == Status::ok) st = sign_digest_with(sk, digest, mseed, salt, sig, ws);
        secure_wipe(mseed, sizeof mseed);
        return st;
    }
    template <Rng R>
    static Status sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig, R&& rng, Workspace& ws) {
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return sign_digest(sk, digest, sig, rng, ws); });
    }

    static Status verify_digest(const uint8_t* pk, const uint8_t* digest, const uint8_t* sig, size_t siglen,
                                Workspace& ws) {
        if (const Status st = verify_arguments(pk, digest, message_digest_bytes, sig, siglen, sig_bytes);
            st != Status::ok)
            return st;
        if (const Status st = engine_ready(); st != Status::ok) return st;
        auto w = ws.view();
        const auto g = ws.group();
        const bool ok = verify_engine(pk, digest, sig, w, g);
        return engine_result(ok ? Status::ok : Status::verify_failed, nullptr, 0);
    }
    static Status verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen,
                         Workspace& ws) {
        if (const Status st = verify_arguments(pk, msg, mlen, sig, siglen, sig_bytes); st != Status::ok) return st;
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return verify_digest(pk, digest, sig, siglen, ws); });
    }

    // The signer's grinding loop on h = the Fiat-Shamir hash: the smallest
    // nonce whose challenge passes the w bits (tested first, on the
    // permutation's output words) and then fits T_open path nodes (only on
    // those ~1 in 2^w). Public data. Exposed for the bench's
    // mqom_onetree/<set>_onetree_grind_loop row (one try of this loop).
    static void grind(const uint8_t* h, uint8_t nonce[4], uint16_t* i_star) {
        detail::grind_scalar<dims.sec>(dims, h, nonce, i_star,
                                       [](const uint16_t* is) { return OT::challenge_fits(dims, ot, is); });
    }

#if !defined(PQMCU_TARGET_M4)
    using HostWorkspace<OneTreeScheme>::sign;
    using HostWorkspace<OneTreeScheme>::verify;
    using HostWorkspace<OneTreeScheme>::sign_digest;
    using HostWorkspace<OneTreeScheme>::verify_digest;
#endif

private:
    static Status engine_ready() {
        if constexpr (uses_engine) {
            if (!cipher::backend_available<cipher::Aes128>(cipher::Backend::external)) return Status::unsupported;
            (void)cipher::take_external_aes128_fault();  // a stale fault of an earlier caller
        }
        return Status::ok;
    }
    static Status engine_result(Status st, uint8_t* out, size_t out_len) {
        if constexpr (uses_engine) {
            const Status fault = cipher::take_external_aes128_fault();
            if (fault != Status::ok) {
                if (out != nullptr) secure_wipe(out, out_len);
                return fault;
            }
        } else {
            (void)out, (void)out_len;
        }
        return st;
    }

    static constexpr size_t S = dims.seed();
    using E = detail::Ext<dims.ext_log2>;
    using B = detail::Base<dims.base_log2>;

    // Three frames, one per phase (noinline): the commitment's tree walk is
    // the stack's peak and runs under none of the PIOP's or the grinding's locals.
    static void sign_engine(const uint8_t* sk, const uint8_t* digest, const uint8_t* salt, const uint8_t* mseed,
                            uint8_t* sig, detail::Work<Elt>& w, const typename OT::GroupWork& g) {
        ct_unpoison(sk, dims.pk_bytes());
        std::memmove(sig, salt, S);
        sign_commit(sk, mseed, sig, w, g);
        sign_piop(sk, sig, w);
        uint16_t i_star[detail::kMaxTau];
        sign_grind(sk, digest, sig, i_star);
        sign_open(mseed, sig, i_star, w);
    }
    __attribute__((noinline)) static void sign_commit(const uint8_t* sk, const uint8_t* mseed, uint8_t* sig,
                                                      detail::Work<Elt>& w, const typename OT::GroupWork& g) {
        const uint8_t* x = sk + dims.pk_bytes();
        uint8_t* com1 = sig + dims.off_com1();
        // (the opening field, written by sign_open, is the "-2" walks' scratch)
        OT::template commit<leaf_batch>(dims, ot, mseed, sig, x, w, g, sig + layout.off_dx, com1,
                                        sig + layout.off_path, layout.off_dx - layout.off_path);
        ct_unpoison(com1, dims.digest());
        // lane tau of the PIOP rows: lift(x_k)
        uint8_t* xrows = reinterpret_cast<uint8_t*>(w.xT);
        for (uint32_t k = 0; k < dims.n; ++k) {
            const Elt v = Elt(B::lift(B::get(x, k)));
            E::store(&v, xrows + size_t(k) * dims.lane_bytes() + size_t(dims.tau) * E::bytes, 1);
        }
    }
    __attribute__((noinline)) static void sign_piop(const uint8_t* sk, uint8_t* sig, detail::Work<Elt>& w) {
        const uint8_t* x = sk + dims.pk_bytes();
        const uint8_t* com1 = sig + dims.off_com1();
        uint8_t* com2 = sig + dims.off_com2();
        uint8_t* alpha1_ser = sig + dims.off_alpha1();
        Piop::compute(dims, com1, sk, x, w, w.alpha1);
        Eng::hash_com2(dims, w, alpha1_ser, com2);
        ct_unpoison(alpha1_ser, size_t(dims.tau) * dims.u_bytes());
        ct_unpoison(com2, dims.digest());
        secure_wipe(w.tT, w.tT_bytes);
        secure_wipe(w.tab, sizeof(field::word_t) *
                               Base::LanesE::bucket_words(w.digit_bits, dims.lane_bytes() / sizeof(field::word_t)));
        secure_wipe(w.alpha, dims.alpha_buf_bytes());
        secure_wipe(w.alpha1, dims.alpha_buf_bytes());
    }
    __attribute__((noinline)) static void sign_grind(const uint8_t* sk, const uint8_t* digest, uint8_t* sig,
                                                     uint16_t* i_star) {
        const uint8_t* pk = sk;
        uint8_t h[2 * S];
        detail::fs_hash<dims.sec>(dims, pk, sig + dims.off_com1(), sig + dims.off_com2(), digest, h);
        grind(h, sig + layout.off_nonce, i_star);
    }
    __attribute__((noinline)) static void sign_open(const uint8_t* mseed, uint8_t* sig, const uint16_t* i_star,
                                                    detail::Work<Elt>& w) {
        const uint8_t* salt = sig;
        OT::open(dims, ot, mseed, salt, i_star, sig + layout.off_path, sig + layout.off_lscom, w.sec_backend);
        ct_unpoison(sig + layout.off_path, layout.off_dx - layout.off_path);
        secure_wipe(w.xT, size_t(dims.n) * dims.lane_bytes());
        secure_wipe(w.ua, sizeof(Elt) * dims.tau * dims.eta);
        secure_wipe(w.ub, sizeof(Elt) * dims.tau * dims.eta);
        if (!w.alpha_direct) {
            secure_wipe(w.z0, sizeof(Elt) * dims.tau * dims.m_ext());
            secure_wipe(w.z1, sizeof(Elt) * dims.tau * dims.m_ext());
        }
    }

    // As the signer: the tree walk's frame runs under neither the
    // Fiat-Shamir hash's nor the PIOP's locals.
    static bool verify_engine(const uint8_t* pk, const uint8_t* digest, const uint8_t* sig, detail::Work<Elt>& w,
                              const typename OT::GroupWork& g) {
        uint16_t i_star[detail::kMaxTau];
        if (!verify_challenge(pk, digest, sig, i_star)) return false;
        if (!verify_eval(sig, i_star, w, g)) return false;
        return verify_piop(pk, sig, i_star, w);
    }
    __attribute__((noinline)) static bool verify_challenge(const uint8_t* pk, const uint8_t* digest,
                                                           const uint8_t* sig, uint16_t* i_star) {
        uint8_t h[2 * S];
        detail::fs_hash<dims.sec>(dims, pk, sig + dims.off_com1(), sig + dims.off_com2(), digest, h);
        return detail::challenge<dims.sec>(dims, h, sig + layout.off_nonce, i_star);
    }
    __attribute__((noinline)) static bool verify_eval(const uint8_t* sig, const uint16_t* i_star,
                                                      detail::Work<Elt>& w, const typename OT::GroupWork& g) {
        return OT::template eval<leaf_batch>(dims, ot, sig, sig + dims.off_com1(), sig + layout.off_path, sig + layout.off_lscom,
                        sig + layout.off_dx, i_star, w, g);
    }
    __attribute__((noinline)) static bool verify_piop(const uint8_t* pk, const uint8_t* sig, const uint16_t* i_star,
                                                      detail::Work<Elt>& w) {
        const uint8_t* com1 = sig + dims.off_com1();
        const uint8_t* com2 = sig + dims.off_com2();
        const uint8_t* alpha1_ser = sig + dims.off_alpha1();
        for (uint32_t e = 0; e < dims.tau; ++e)
            E::load(alpha1_ser + size_t(e) * dims.u_bytes(), w.ub + size_t(e) * dims.eta, dims.eta);
        Piop::recompute(dims, com1, pk, pk + 2 * S, i_star, w);
        detail::XofCtx<dims.sec> xof;
        xof.init();
        xof.absorb_byte(0x03);
        Eng::absorb_alpha0(xof, dims, w.alpha);
        xof.absorb(alpha1_ser, size_t(dims.tau) * dims.u_bytes());
        uint8_t c2[2 * S];
        xof.squeeze(c2, dims.digest());
        return ct_memneq(c2, com2, dims.digest()) == 0;
    }
};

// The paper's two forms: all repetitions in one walk ("-1"), or 9 / 6 per walk ("-2").
template <class Set, class Profile = Desktop>
using OneTree1 = OneTreeScheme<Set, Profile, 0>;
template <class Set, class Profile = Desktop>
using OneTree2 = OneTreeScheme<Set, Profile, OneTreeOf<Set>::par2>;

}  // namespace pqmcu::mqom
