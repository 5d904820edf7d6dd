// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu::mqom::Scheme<Set, Profile>: MQOM v2.1 key generation, signing and
// verification for one parameter set (a ParamSet type from params.hpp),
// byte-compatible with the reference implementation and its KATs.
//
//   using S = pqmcu::mqom::Scheme<pqmcu::mqom::mqom2_cat1_gf16_fast_r5>;
//   uint8_t pk[S::pk_bytes], sk[S::sk_bytes], sig[S::sig_bytes];
//   S::Workspace ws;                       // big arrays, see below
//   S::keypair(pk, sk, rng, ws);
//   S::sign(sk, msg, mlen, sig, rng, ws);
//   S::verify(pk, msg, mlen, sig, sizeof sig, ws) == pqmcu::Status::ok
//
// Randomness: `rng` is any callable rng(uint8_t* out, size_t n) (returning
// void, pqmcu::Status, or an int that is 0 on success like NIST's
// randombytes). keypair draws the 2*lambda/8-byte key seed; sign
// draws mseed (lambda/8 bytes) then salt (lambda/8 bytes), in that order,
// which is what the NIST KAT harness of the reference does.
//
// Memory: no heap. All large buffers of a sign / verify call live in
// `Workspace`, a plain struct sized from the parameter set at compile time
// (Desktop: 27 KB for cat1 gf16 fast up to 560 KB for cat5 gf4 short;
// Balanced/Memory/Lut: streamed trees, a few KB for cat1 gf16 fast);
// `workspace_bytes` gives it. The caller owns it
// (static, stack, or a region reused between operations). On hosts, the
// overloads without a Workspace use the calling thread's heap workspace (not
// compiled for the M4).
//
// Statuses: ok; bad_argument (nullptr); bad_length (signature length
// differs from sig_bytes, or a public key length given that differs from
// pk_bytes); verify_failed (any check of the signature fails: grinding
// condition, commitment com1, commitment com2); internal_error (the rng
// reported a failure).
//
// Profile: a policy type bundling the knobs (Desktop, the default: four GGM
// trees in flight for the 4-way Keccak, 8 equations streamed in lock-step;
// Balanced: the M4 choice, one GGM tree walked depth first, one equation,
// constant time; Memory: smallest RAM; Lut: NOT constant time, log/exp
// tables on secrets and, on the M4, T-table AES on the secret seeds;
// Compact = Balanced; Hardware: one stored tree with all
// AES-128 on an engine installed through cipher::set_external_aes128, cat 1
// sets only). Secret data uses `secret_backend` (the library's constant-time
// cipher, or the hardware engine); public data (equations, verification)
// uses `public_backend` (T-tables on the M4). Key generation needs no
// Workspace. Profiles never change outputs; every profile passes the same
// KATs. With Hardware, every call returns unsupported when no engine is
// installed, and the engine's first failure (e.g. a DMA timeout) when it
// fails mid-operation, with the output (signature or keys) wiped.
#pragma once
#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>

#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "core/status.hpp"
#include "mqom/dims.hpp"
#include "mqom/engine.hpp"
#include "mqom/params.hpp"
#include "mqom/profiles.hpp"
#include "mqom/work.hpp"

namespace pqmcu::mqom {

template <class Set, class Profile = Desktop>
class Scheme : public HostWorkspace<Scheme<Set, Profile>> {
public:
    using set_type = Set;
    using profile_type = Profile;
    static constexpr Dims dims = dims_of<Set>();
    static constexpr size_t pk_bytes = dims.pk_bytes();
    static constexpr size_t sk_bytes = dims.sk_bytes();
    static constexpr size_t sig_bytes = dims.sig_bytes();
    static constexpr size_t keygen_seed_bytes = 2 * dims.seed();
    static constexpr size_t seed_bytes = dims.seed();
    static constexpr const char* name = Set::P.name;

    static_assert(pk_bytes == Set::pk_bytes && sk_bytes == Set::sk_bytes && sig_bytes == Set::sig_bytes);
    static_assert(!detail::ActivePin::on || (std::is_same_v<Set, typename detail::ActivePin::set_type> &&
                                             std::is_same_v<Profile, typename detail::ActivePin::profile_type>),
                  "this build is pinned to another MQOM set / profile (PQMCU_MQOM_PIN_SET, PQMCU_MQOM_PIN_PROFILE)");
    static_assert(dims.y_bytes() <= 256 && dims.u_bytes() <= 256, "fixed scratch in piop/engine");
    static_assert(dims.tau <= detail::kMaxTau && dims.tau < detail::kMaxTauLanes);
    static_assert(dims.lane_bytes() <= detail::kMaxLaneBytes);
    static_assert(Profile::parallel_trees == 1 || Profile::parallel_trees == 4);
    // Profiles that put AES on the external engine (Hardware).
    static constexpr bool uses_engine =
        Profile::secret_backend == cipher::Backend::external || Profile::public_backend == cipher::Backend::external;
    static_assert(!uses_engine || dims.sec == 128,
                  "the external engine does AES-128 only: the Hardware profile exists for cat 1 sets only");
    static_assert(Profile::leaf_batch == 0 || Profile::leaf_batch == 2 || Profile::leaf_batch == 4 ||
                  Profile::leaf_batch == 8);
    static_assert(Profile::leaf_batch == 0 || (Profile::parallel_trees == 1 && Profile::leaf_batch < dims.n_evals()),
                  "streamed trees run one at a time");
    static constexpr bool streamed = Profile::leaf_batch != 0;
    static constexpr uint32_t leaf_batch_log = Profile::leaf_batch == 0 ? 0 : uint32_t(__builtin_ctz(Profile::leaf_batch));

    using Eng = detail::Engine<dims.sec, dims.base_log2, dims.ext_log2>;
    using Elt = typename Eng::Elt;
    static_assert(Profile::piop_digit_bits == 1 || Profile::piop_digit_bits == 4);
    static_assert(detail::eq_window_bytes(dims) < 65536 && Profile::eq_lockstep <= 255);
    static_assert(detail::eq_window_bytes(dims) % sizeof(field::word_t) == 0);

    static constexpr uint32_t clamp_group(uint32_t g, uint32_t me) {
        const uint32_t c = g < 1 ? 1 : g > detail::kMaxEqGroup ? detail::kMaxEqGroup : g;
        return c < me ? c : me;
    }
    static constexpr uint32_t eq_group = clamp_group(Profile::eq_lockstep, dims.m_ext());
    static constexpr uint32_t keygen_eq_group = clamp_group(Profile::keygen_eq_lockstep, dims.m_ext());
    static constexpr size_t lane_words = dims.lane_bytes() / sizeof(field::word_t);
    using Piop = detail::Piop<dims.sec, detail::Ext<dims.ext_log2>, detail::Base<dims.base_log2>>;
    using LanesE = detail::Lanes<detail::Ext<dims.ext_log2>>;

    using Blc = detail::Blc<dims.sec, detail::Ext<dims.ext_log2>, detail::Base<dims.base_log2>>;
    using CipherKey = typename detail::Prims<dims.sec>::Key;
    // BLC buffers: stored trees keep par_trees x N leaves, 32 expanded leaves,
    // the tau leaf hashes and root seeds; a streamed tree only its fold area.
    static constexpr size_t leaves_len = streamed ? 1 : size_t(Profile::parallel_trees) * dims.n_evals() * dims.seed();
    static constexpr size_t scratch_len =
        streamed ? size_t(dims.log_n + 1) * dims.exp_bytes()
                 : (size_t(Profile::parallel_trees) * (dims.log_n + 1) + 32) * dims.exp_bytes();
    static constexpr size_t hls_len = streamed ? 1 : size_t(dims.tau) * dims.digest();
    static constexpr size_t rseed_len = streamed ? 1 : size_t(dims.tau) * dims.seed();
    // tT: the PIOP's per-equation accumulators and stream windows (eq_group
    // of them at least; the PIOP runs as many as fit); before the PIOP, the
    // streamed verifier's cached tree keys (when they do not fit, it
    // schedules per batch).
    static constexpr size_t piop_tT_words = size_t(eq_group) * (Piop::state_rows() * lane_words +
                                                                detail::eq_window_bytes(dims) / sizeof(field::word_t));
    static_assert(piop_tT_words >= eq_group * (lane_words + detail::eq_window_bytes(dims) / sizeof(field::word_t)) +
                                       2 * lane_words,
                  "the verifier's r, r^2 rows fit beside its equation group (Piop::group)");
    static constexpr size_t key_cache_words =
        streamed && Profile::cache_tree_keys
            ? (Blc::stream_key_count(dims, leaf_batch_log) * sizeof(CipherKey) + alignof(CipherKey) +
               sizeof(field::word_t) - 1) / sizeof(field::word_t)
            : 0;
    static constexpr size_t tT_words = piop_tT_words > key_cache_words ? piop_tT_words : key_cache_words;
    // The streamed signer's breadth-first tree group (Ggm::stream_bfs) when
    // the subtree roots do not fit in tT (Profile::sign_tree_top_bytes).
    static constexpr size_t tree_top_bytes =
        streamed && Profile::cache_tree_keys &&
                (dims.seed() << (dims.log_n - leaf_batch_log)) > tT_words * sizeof(field::word_t)
            ? sign_tree_top_bytes_of<Profile>()
            : 0;

    // A buffer only when it is used (an unused 1-byte array cost 16 B of padding).
    template <size_t N>
    struct OptBytes {
        alignas(16) uint8_t b[N];
        uint8_t* get() { return b; }
    };
    template <size_t N>
        requires(N == 0)
    struct OptBytes<N> {
        uint8_t* get() { return nullptr; }
    };

    // Every large buffer of one operation, exactly sized for Set.
    struct Workspace {
        alignas(16) uint8_t leaves[leaves_len];
        alignas(16) field::word_t xT[size_t(dims.n) * lane_words];
        alignas(16) field::word_t tT[tT_words];
        alignas(16) field::word_t tab[LanesE::bucket_words(Profile::piop_digit_bits, lane_words)];
        alignas(16) Elt ua[size_t(dims.tau) * dims.eta];
        alignas(16) Elt ub[size_t(dims.tau) * dims.eta];
        alignas(16) Elt z0[Profile::piop_alpha_direct ? 1 : size_t(dims.tau) * dims.m_ext()];
        alignas(16) Elt z1[Profile::piop_alpha_direct ? 1 : size_t(dims.tau) * dims.m_ext()];
        alignas(16) Elt gamma[dims.batching ? size_t(dims.eta) * dims.m_ext() : 1];
        alignas(16) Elt alpha[dims.alpha_buf_bytes() / sizeof(Elt)];
        alignas(16) Elt alpha1[dims.alpha_buf_bytes() / sizeof(Elt)];
        alignas(16) uint8_t scratch[scratch_len];
        uint8_t hls[hls_len];
        uint8_t rseed[rseed_len];
        [[no_unique_address]] OptBytes<tree_top_bytes> top;

        detail::Work<Elt> view() {
            return detail::Work<Elt>{leaves, Profile::parallel_trees, eq_group, xT, tT, tab,
                                     Profile::piop_digit_bits, uses_lut_not_ct<Profile>(), ua, ub, z0, z1,
                                     Profile::piop_alpha_direct, gamma,
                                     alpha, alpha1, scratch, hls, rseed, Profile::public_backend,
                                     Profile::secret_backend, leaf_batch_log, Profile::cache_tree_keys,
                                     sizeof(tT), top.get(), tree_top_bytes};
        }
    };
    // The signer's cached tree keys live in the signature's path field; when
    // they do not fit (cat 3 gf256 short r3: 10 Rijndael keys), every batch
    // schedules its own.
    static constexpr bool keys_in_signature =
        streamed && Profile::cache_tree_keys &&
        Blc::stream_key_count(dims, leaf_batch_log) * sizeof(CipherKey) + alignof(CipherKey) <=
            size_t(dims.tau) * dims.log_n * dims.seed();
    static constexpr size_t workspace_bytes = sizeof(Workspace);

    // Grouped verifier (Profile::verify_rep_group != 0, streamed trees): its
    // own small workspace, n x k-lane rows of x_eval, the group's u_eval, the
    // fold area (also the PIOP's buffers) and optionally the tree key cache.
    static constexpr uint32_t verify_group =
        streamed ? (verify_rep_group_of<Profile>() < dims.tau ? verify_rep_group_of<Profile>() : dims.tau) : 0;
    static constexpr bool grouped_verify = verify_group != 0;
    static constexpr size_t vgroup_nw =
        (size_t(verify_group) * detail::Ext<dims.ext_log2>::bytes + sizeof(field::word_t) - 1) / sizeof(field::word_t);
    static constexpr size_t vfold_bytes = size_t(dims.log_n + 1) * dims.exp_bytes();
    static constexpr uint32_t vdigit_bits =
        LanesE::bucket_words(verify_digit_bits_of<Profile>(), vgroup_nw) * sizeof(field::word_t) <= vfold_bytes / 2
            ? verify_digit_bits_of<Profile>()
            : Profile::piop_digit_bits;
    static_assert(vdigit_bits == 1 || vdigit_bits == 4);
    static constexpr size_t vpiop_bytes = Piop::group_bytes(
        dims, vgroup_nw, vdigit_bits, clamp_group(verify_eq_lockstep_of<Profile>(), dims.m_ext()));
    static constexpr size_t vscratch_bytes = ((vfold_bytes > vpiop_bytes ? vfold_bytes : vpiop_bytes) + 7) / 8 * 8;
    static constexpr size_t vkeys_bytes =
        grouped_verify && verify_cache_keys_of<Profile>() ? key_cache_words * sizeof(field::word_t) : 0;
    struct GroupedVerifyWorkspace {
        alignas(16) field::word_t xT[size_t(dims.n) * (vgroup_nw ? vgroup_nw : 1)];
        alignas(16) Elt ua[size_t(verify_group ? verify_group : 1) * dims.eta];
        alignas(16) uint8_t scratch[vscratch_bytes];
        [[no_unique_address]] OptBytes<vkeys_bytes> keys;
        detail::VerifyWork<Elt> view() {
            return detail::VerifyWork<Elt>{verify_group, uint32_t(vgroup_nw), xT, ua, scratch, sizeof(scratch),
                                           keys.get(), vkeys_bytes, vdigit_bits,
                                           leaf_batch_log, Profile::public_backend};
        }
    };
    // What verify needs: the grouped verifier's own, else the Workspace.
    using VerifyWorkspace = std::conditional_t<grouped_verify, GroupedVerifyWorkspace, Workspace>;
    static constexpr size_t verify_workspace_bytes = sizeof(VerifyWorkspace);

    // The signer's own workspace. Profiles with sign_piop_in_signature
    // (Memory, streamed trees): x0 lanes, u0, u1, the BLC fold area and the
    // tree top's roots only; Engine::sign_low_stack keeps com1's XOF state
    // and the tree keys in the signature during the commitment, then the
    // PIOP's tT, tab, gamma, alpha, alpha1 in its paths | leaf-commitment
    // fields (open() overwrites them last). Other profiles: the Workspace.
    // (Sets whose PIOP buffers exceed the opening fields keep the Workspace.)
    static constexpr bool piop_in_sig =
        streamed && sign_piop_in_signature<Profile>() && !uses_lut_not_ct<Profile>() && Profile::piop_alpha_direct &&
        !uses_engine &&
        Eng::piop_sig_bytes(dims, Profile::piop_digit_bits, Piop::state_rows() * lane_words) <=
            dims.off_pdx() - dims.off_paths();
    // The subtree roots of the breadth-first tree top (Ggm::stream_bfs) where
    // they take at most 1 KB (cat1 faster 128 B, fast 512 B, cat5 fast 1 KB):
    // fewer cycles, and its frame is ~270 B smaller than the depth-first
    // walk's. Larger trees (short: 4 KB) walk depth first.
    static constexpr size_t sign_roots_bytes = streamed ? dims.seed() << (dims.log_n - leaf_batch_log) : 0;
    static constexpr size_t sign_nodes_words =
        sign_roots_bytes <= 1024 ? sign_roots_bytes / sizeof(field::word_t) : 0;
    struct SmallSignWorkspace {
        alignas(16) field::word_t xT[size_t(dims.n) * lane_words];
        alignas(16) Elt ua[size_t(dims.tau) * dims.eta];
        alignas(16) Elt ub[size_t(dims.tau) * dims.eta];
        alignas(16) uint8_t scratch[scratch_len];
        alignas(16) field::word_t nodes[sign_nodes_words > 0 ? sign_nodes_words : 1];

        detail::Work<Elt> view() {
            // tT: the commitment's subtree roots (or nothing: no split keys
            // either); Engine::sign_low_stack then points tT, tab, gamma,
            // alpha, alpha1 into the signature for the PIOP.
            return detail::Work<Elt>{nullptr, 1, eq_group, xT, sign_nodes_words > 0 ? nodes : nullptr, nullptr,
                                     Profile::piop_digit_bits, false, ua, ub, nullptr, nullptr,
                                     true, nullptr, nullptr, nullptr, scratch, nullptr, nullptr,
                                     Profile::public_backend, Profile::secret_backend, leaf_batch_log,
                                     Profile::cache_tree_keys, sign_nodes_words * sizeof(field::word_t), nullptr, 0};
        }
    };
    using SignWorkspace = std::conditional_t<piop_in_sig, SmallSignWorkspace, Workspace>;
    static constexpr size_t sign_workspace_bytes = sizeof(SignWorkspace);

    // Key generation's working memory (a few hundred bytes to ~2 KB: it lives
    // on the stack of keypair_from_seed; the signing Workspace is not needed).
    struct KeygenWorkspace {
        // Word alignment only (no padding: this is all of keygen's buffer RAM).
        alignas(field::word_t) Elt eq[size_t(keygen_eq_group) * detail::eq_window_bytes(dims) / sizeof(Elt)];
        alignas(field::word_t) Elt planes[keygen_x_planes_of<Profile>() ? size_t(dims.base_log2) * dims.n : 1];
        detail::KeygenWork<Elt> view() {
            return detail::KeygenWork<Elt>{eq, keygen_eq_group, keygen_x_planes_of<Profile>() ? planes : nullptr,
                                           Profile::public_backend};
        }
    };
    static constexpr size_t keygen_workspace_bytes = sizeof(KeygenWorkspace);

    // ---- key generation ---------------------------------------------------
    // Stack only (KeygenWorkspace); the Workspace overloads are kept for
    // callers that pass one (it is not used).
    static Status keypair_from_seed(const uint8_t* seed, uint8_t* pk, uint8_t* sk) {
        if (seed == nullptr || pk == nullptr || sk == nullptr) return Status::bad_argument;
        if (const Status st = engine_ready(); st != Status::ok) return st;
        KeygenWorkspace kws;
        auto w = kws.view();
        const Status st = Eng::keygen(dims, seed, pk, sk, w);
        return engine_result(st, pk, pk_bytes, sk, sk_bytes);
    }
    static Status keypair_from_seed(const uint8_t* seed, uint8_t* pk, uint8_t* sk, Workspace&) {
        return keypair_from_seed(seed, pk, sk);
    }
    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, Workspace&) {
        return keypair(pk, sk, rng);
    }
    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng) {
        if (pk == nullptr || sk == nullptr) return Status::bad_argument;
        uint8_t seed[keygen_seed_bytes];
        Status st = draw_random(rng, seed, sizeof seed);
        if (st == Status::ok) st = keypair_from_seed(seed, pk, sk);
        secure_wipe(seed, sizeof seed);
        return st;
    }

    // ---- hash-then-sign: the message enters only msg_hash = XOF(0x02 || msg)
    // (SHAKE128 at cat 1, SHAKE256 otherwise; 2 lambda/8 bytes). A message
    // of any size can be absorbed in chunks into a MessageDigest, then signed
    // or verified by its digest; sign / verify on a whole message are the
    // same calls after MessageDigest::compute.
    static constexpr size_t message_digest_bytes = dims.digest();
    using MessageDigest = detail::MessageDigest<dims.sec>;
    static_assert(MessageDigest::digest_bytes == message_digest_bytes);

    // ---- signing --------------------------------------------------------------
    // Deterministic core: mseed and salt given (lambda/8 bytes each). The
    // digest must not overlap sig (bad_argument); the message of sign /
    // sign_with may (it is hashed first).
    static Status sign_digest_with(const uint8_t* sk, const uint8_t* digest, const uint8_t* mseed,
                                   const uint8_t* salt, uint8_t* sig, Workspace& ws) {
        if (sk == nullptr || sig == nullptr || mseed == nullptr || salt == nullptr || digest == nullptr ||
            overlaps(digest, message_digest_bytes, sig, sig_bytes))
            return Status::bad_argument;
        if (const Status st = engine_ready(); st != Status::ok) return st;
        auto w = ws.view();
        const Status st = Eng::sign(dims, sk, digest, salt, mseed, sig, w);
        return engine_result(st, sig, sig_bytes);
    }
    // The signer's own workspace (Memory: x0, u0, u1 and the fold area).
    template <class W>
        requires(piop_in_sig && std::is_same_v<W, SmallSignWorkspace>)
    static Status sign_digest_with(const uint8_t* sk, const uint8_t* digest, const uint8_t* mseed,
                                   const uint8_t* salt, uint8_t* sig, W& ws) {
        if (sk == nullptr || sig == nullptr || mseed == nullptr || salt == nullptr || digest == nullptr ||
            overlaps(digest, message_digest_bytes, sig, sig_bytes))
            return Status::bad_argument;
        auto w = ws.view();
        return Eng::sign_low_stack(dims, sk, digest, salt, mseed, sig, w);
    }
    template <class W>
        requires(std::is_same_v<W, Workspace> || (piop_in_sig && std::is_same_v<W, SmallSignWorkspace>))
    static Status sign_with(const uint8_t* sk, const uint8_t* msg, size_t mlen, const uint8_t* mseed,
                            const uint8_t* salt, uint8_t* sig, W& ws) {
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return sign_digest_with(sk, digest, mseed, salt, sig, ws); });
    }
    template <Rng R, class W>
        requires(std::is_same_v<W, Workspace> || (piop_in_sig && std::is_same_v<W, SmallSignWorkspace>))
    static Status sign_digest(const uint8_t* sk, const uint8_t* digest, uint8_t* sig, R&& rng, W& ws) {
        uint8_t mseed[seed_bytes], salt[seed_bytes];
        Status st = draw_random(rng, mseed, seed_bytes);
        if (st == Status::ok) st = draw_random(rng, salt, seed_bytes);
        if (st == Status::ok) st = sign_digest_with(sk, digest, mseed, salt, sig, ws);
        secure_wipe(mseed, sizeof mseed);
        return st;
    }
    template <Rng R, class W>
        requires(std::is_same_v<W, Workspace> || (piop_in_sig && std::is_same_v<W, SmallSignWorkspace>))
    static Status sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig, R&& rng, W& ws) {
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return sign_digest(sk, digest, sig, rng, ws); });
    }

    // ---- verification -----------------------------------------------------------
    static Status verify_digest(const uint8_t* pk, const uint8_t* digest, const uint8_t* sig, size_t siglen,
                                Workspace& ws) {
        if (const Status st = verify_arguments(pk, digest, message_digest_bytes, sig, siglen, sig_bytes);
            st != Status::ok)
            return st;
        if (const Status st = engine_ready(); st != Status::ok) return st;
        if constexpr (grouped_verify) {
            // The grouped verifier's buffers in the (larger) Workspace's bytes.
            static_assert(sizeof(GroupedVerifyWorkspace) <= sizeof(Workspace));
            return verify_digest(pk, digest, sig, siglen, *::new (static_cast<void*>(&ws)) GroupedVerifyWorkspace);
        } else {
            auto w = ws.view();
            const Status st = Eng::verify(dims, pk, digest, sig, w);
            return engine_result(st, nullptr, 0);
        }
    }
    // A verifier-only device needs no more than this one.
    static Status verify_digest(const uint8_t* pk, const uint8_t* digest, const uint8_t* sig, size_t siglen,
                                GroupedVerifyWorkspace& vws)
        requires grouped_verify
    {
        if (const Status st = verify_arguments(pk, digest, message_digest_bytes, sig, siglen, sig_bytes);
            st != Status::ok)
            return st;
        if (const Status st = engine_ready(); st != Status::ok) return st;
        auto w = vws.view();
        const Status st = Eng::verify_grouped(dims, pk, digest, sig, w);
        return engine_result(st, nullptr, 0);
    }
    template <class W>
        requires(std::is_same_v<W, Workspace> || (grouped_verify && std::is_same_v<W, GroupedVerifyWorkspace>))
    static Status verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen,
                         W& ws) {
        if (const Status st = verify_arguments(pk, msg, mlen, sig, siglen, sig_bytes); st != Status::ok) return st;
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return verify_digest(pk, digest, sig, siglen, ws); });
    }
    template <class W>
        requires(std::is_same_v<W, Workspace> || (grouped_verify && std::is_same_v<W, GroupedVerifyWorkspace>))
    static Status verify(const uint8_t* pk, size_t pklen, const uint8_t* msg, size_t mlen, const uint8_t* sig,
                         size_t siglen, W& ws) {
        if (pk != nullptr && pklen != pk_bytes) return Status::bad_length;
        return verify(pk, msg, mlen, sig, siglen, ws);
    }

private:
    // The engine reads the digest until the signature is complete.
    static bool overlaps(const uint8_t* a, size_t na, const uint8_t* b, size_t nb) {
        const auto pa = reinterpret_cast<uintptr_t>(a), pb = reinterpret_cast<uintptr_t>(b);
        return pa < pb + nb && pb < pa + na;
    }
    // Hardware profile: the engine must be installed before any work starts.
    static Status engine_ready() {
        if constexpr (uses_engine) {
            if (!cipher::backend_available<cipher::Aes128>(cipher::Backend::external)) return Status::unsupported;
            (void)cipher::take_external_aes128_fault();  // a stale fault of an earlier caller
        }
        return Status::ok;
    }
    // The seed cipher drops per-call statuses; the engine's sticky fault says
    // whether any call failed. Then the outputs are garbage: wipe them.
    static Status engine_result(Status st, uint8_t* out, size_t out_len, uint8_t* out2 = nullptr,
                                size_t out2_len = 0) {
        if constexpr (uses_engine) {
            const Status fault = cipher::take_external_aes128_fault();
            if (fault != Status::ok) {
                if (out != nullptr) secure_wipe(out, out_len);
                if (out2 != nullptr) secure_wipe(out2, out2_len);
                return fault;
            }
        } else {
            (void)out, (void)out_len, (void)out2, (void)out2_len;
        }
        return st;
    }

public:
#if !defined(PQMCU_TARGET_M4)
    using HostWorkspace<Scheme>::sign;
    using HostWorkspace<Scheme>::verify;
    using HostWorkspace<Scheme>::sign_digest;
    using HostWorkspace<Scheme>::verify_digest;
#endif
};

}  // namespace pqmcu::mqom

// The engines are compiled once, in units written from engine.cpp.in; a pinned build
// (pin.hpp) instantiates its one engine where its Scheme is used.
#define PQMCU_MQOM_ENGINES_FOR(X, sec) \
    X(sec, 1, 8) X(sec, 2, 8) X(sec, 4, 8) X(sec, 8, 8) X(sec, 1, 16) X(sec, 2, 16) X(sec, 4, 16) X(sec, 8, 16)
#if !defined(PQMCU_MQOM_PIN_SET)
#define PQMCU_MQOM_EXTERN_ENGINE(sec, b, e) extern template struct pqmcu::mqom::detail::Engine<sec, b, e>;
PQMCU_MQOM_ENGINES_FOR(PQMCU_MQOM_EXTERN_ENGINE, 128)
PQMCU_MQOM_ENGINES_FOR(PQMCU_MQOM_EXTERN_ENGINE, 192)
PQMCU_MQOM_ENGINES_FOR(PQMCU_MQOM_EXTERN_ENGINE, 256)
#undef PQMCU_MQOM_EXTERN_ENGINE
#endif
