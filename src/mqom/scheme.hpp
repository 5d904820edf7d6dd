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
// Memory: no heap. All large buffers of one call live in `Workspace`, a plain
// struct sized from the parameter set at compile time (Desktop: 40 KB for
// cat1 gf16/gf256 fast up to 560 KB for cat5 gf4 short; Balanced/Memory:
// 9.4 KB for cat1 gf16 fast); `workspace_bytes` gives it. The caller owns it
// (static, stack, or a region reused between operations). On hosts, the
// overloads without a Workspace put one on the stack (not compiled for the M4).
//
// Statuses: ok; bad_argument (nullptr); bad_length (signature length
// differs from sig_bytes, or a public key length given that differs from
// pk_bytes); verify_failed (any check of the signature fails: grinding
// condition, commitment com1, commitment com2); internal_error (the rng
// reported a failure).
//
// Profile: a policy type bundling the knobs (Desktop, the default: four GGM
// trees in flight for the 4-way Keccak, up to 8 equations expanded together
// within 256 KB; Balanced / Memory: streamed GGM trees, one equation, the M4
// choice; Compact = Balanced). Secret
// data always uses the library's constant-time cipher backend; public data
// (equations, verification) uses `public_backend` (T-tables on the M4).
// Profiles never change outputs; every profile passes the same KATs.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "core/status.hpp"
#include "mqom/dims.hpp"
#include "mqom/engine.hpp"
#include "mqom/params.hpp"
#include "mqom/work.hpp"

namespace pqmcu::mqom {

// Cipher backend for public data only (equation expansion, verification):
// on the M4 the T-table code is several times faster than the bitsliced one;
// hosts keep the run-time choice (AES-NI when present).
#if defined(PQMCU_TARGET_M4)
inline constexpr cipher::Backend kPublicDataBackend = cipher::Backend::table_not_ct;
#else
inline constexpr cipher::Backend kPublicDataBackend = cipher::Backend::automatic;
#endif

struct Desktop {
    static constexpr const char* name = "desktop";
    static constexpr cipher::Backend public_backend = kPublicDataBackend;
    // Bytes of equation buffers: up to 8 equations are expanded together
    // (one key schedule per PRG block for all of them) within this budget.
    static constexpr size_t eq_buffer_budget = 256 * 1024;
    // GGM trees expanded and committed together: 4 lets the leaf-commitment
    // hashes run on the 4-way Keccak (4 leaf buffers in the workspace).
    static constexpr uint32_t parallel_trees = 4;
    // 0: each tree is expanded whole into N stored leaves (fastest on hosts:
    // long single-key cipher runs, x4 Keccak over 4 trees).
    static constexpr uint32_t leaf_batch = 0;
    static constexpr bool cache_tree_keys = true;  // unused with stored trees
};

// Embedded, memory-lean: one GGM tree at a time walked depth first (a stack
// of log N seeds, never N leaves), one equation at a time. The BLC state is
// the Gray-code fold area ((log N + 1) x exp bytes); the signature buffer is
// the signer's scratch for the leaf hashes h_e and the cached keys.
struct Balanced {
    static constexpr const char* name = "balanced";
    static constexpr cipher::Backend public_backend = kPublicDataBackend;
    static constexpr size_t eq_buffer_budget = 0;
    static constexpr uint32_t parallel_trees = 1;  // streamed trees run one at a time
    // Leaves per streamed batch (2, 4 or 8): every cipher call of the leaf
    // commitments and the PRG covers a whole batch (fills the 2-block passes
    // of the M4 AES); 8 costs ~0.5 KB of stack (seeds, commitments, one PRG block).
    static constexpr uint32_t leaf_batch = 8;
    // Keep the SeedCommit/PRG keys and the bottom tree-level keys of a tree
    // (2 + PRG blocks + log2(leaf_batch) round keys) instead of scheduling
    // them for every batch (~1.5 Mc each for sign and verify on cat 1 fast)
    // at no RAM cost: the signer keeps them in the signature's not yet
    // written path field, the verifier in the workspace's tT rows (the PIOP
    // only uses them afterwards). With the keys cached, the two leaf-commitment
    // keys run interleaved in two-key cipher passes.
    static constexpr bool cache_tree_keys = true;
};

// Smallest RAM. Its BLC knobs equal Balanced's: the streamed tree's RAM
// (fold area, batch buffers sized for 8 leaves in every engine) does not
// shrink with smaller batches or uncached keys, which only cost time.
struct Memory {
    static constexpr const char* name = "memory";
    static constexpr cipher::Backend public_backend = kPublicDataBackend;
    static constexpr size_t eq_buffer_budget = 0;
    static constexpr uint32_t parallel_trees = 1;
    static constexpr uint32_t leaf_batch = 8;
    static constexpr bool cache_tree_keys = true;  // in the signature buffer: no RAM
};

// The former one-tree profile; the streamed Balanced profile replaces it.
using Compact = Balanced;

template <class Set>
constexpr Dims dims_of() {
    constexpr const Params& p = Set::P;
    return Dims{p.security, p.base_bits, p.ext_bits, p.n, p.m, p.tau, p.log_n_evals, p.w, p.eta, p.batching};
}

template <class Set, class Profile = Desktop>
class Scheme : public WorkspaceOnStack<Scheme<Set, Profile>> {
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
    static_assert(dims.y_bytes() <= 256 && dims.u_bytes() <= 256, "fixed scratch in piop/engine");
    static_assert(dims.tau <= detail::kMaxTau && dims.tau < detail::kMaxTauLanes);
    static_assert(dims.lane_bytes() <= detail::kMaxLaneBytes);
    static_assert(Profile::parallel_trees == 1 || Profile::parallel_trees == 4);
    static_assert(Profile::leaf_batch == 0 || Profile::leaf_batch == 2 || Profile::leaf_batch == 4 ||
                  Profile::leaf_batch == 8);
    static_assert(Profile::leaf_batch == 0 || (Profile::parallel_trees == 1 && Profile::leaf_batch < dims.n_evals()),
                  "streamed trees run one at a time");
    static constexpr bool streamed = Profile::leaf_batch != 0;
    static constexpr uint32_t leaf_batch_log = Profile::leaf_batch == 0 ? 0 : uint32_t(__builtin_ctz(Profile::leaf_batch));

    using Eng = detail::Engine<dims.sec, dims.base_log2, dims.ext_log2>;
    using Elt = typename Eng::Elt;
    static_assert(size_t(dims.base_log2) * sizeof(Elt) <= dims.lane_bytes(), "keygen bit planes live in tT");

    static constexpr uint32_t eq_group = [] {
        const size_t g = Profile::eq_buffer_budget / dims.eq_bytes();
        return uint32_t(g < 1 ? 1 : g > detail::kMaxEqGroup ? detail::kMaxEqGroup : g);
    }();

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

    // Every large buffer of one operation, exactly sized for Set.
    struct Workspace {
        alignas(16) uint8_t leaves[leaves_len];
        alignas(16) Elt eq[size_t(eq_group) * dims.eq_elts()];
        alignas(16) field::word_t xT[size_t(dims.n) * dims.lane_bytes() / sizeof(field::word_t)];
        alignas(16) field::word_t tT[size_t(dims.n) * dims.lane_bytes() / sizeof(field::word_t)];
        alignas(16) field::word_t tab[detail::Lanes<detail::Ext<dims.ext_log2>>::kTableWords];
        alignas(16) Elt ua[size_t(dims.tau) * dims.eta];
        alignas(16) Elt ub[size_t(dims.tau) * dims.eta];
        alignas(16) Elt z0[size_t(dims.tau) * dims.m_ext()];
        alignas(16) Elt z1[size_t(dims.tau) * dims.m_ext()];
        alignas(16) Elt gamma[dims.batching ? size_t(dims.eta) * dims.m_ext() : 1];
        alignas(16) Elt xl[dims.n];
        alignas(16) Elt t1[dims.n];
        alignas(16) Elt alpha[size_t(dims.tau) * dims.eta];
        alignas(16) Elt alpha1[size_t(dims.tau) * dims.eta];
        alignas(16) uint8_t scratch[scratch_len];
        uint8_t hls[hls_len];
        uint8_t rseed[rseed_len];

        detail::Work<Elt> view() {
            return detail::Work<Elt>{leaves, Profile::parallel_trees, eq, eq_group, xT, tT, tab, ua, ub, z0, z1, gamma, xl, t1,
                                     alpha, alpha1, scratch, hls, rseed, Profile::public_backend,
                                     leaf_batch_log, Profile::cache_tree_keys};
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

    // ---- key generation ---------------------------------------------------
    static Status keypair_from_seed(const uint8_t* seed, uint8_t* pk, uint8_t* sk, Workspace& ws) {
        if (seed == nullptr || pk == nullptr || sk == nullptr) return Status::bad_argument;
        auto w = ws.view();
        return Eng::keygen(dims, seed, pk, sk, w);
    }
    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, Workspace& ws) {
        if (pk == nullptr || sk == nullptr) return Status::bad_argument;
        uint8_t seed[keygen_seed_bytes];
        Status st = draw_random(rng, seed, sizeof seed);
        if (st == Status::ok) st = keypair_from_seed(seed, pk, sk, ws);
        secure_wipe(seed, sizeof seed);
        return st;
    }

    // ---- signing --------------------------------------------------------------
    // Deterministic core: mseed and salt given (lambda/8 bytes each).
    static Status sign_with(const uint8_t* sk, const uint8_t* msg, size_t mlen, const uint8_t* mseed,
                            const uint8_t* salt, uint8_t* sig, Workspace& ws) {
        if (sk == nullptr || sig == nullptr || mseed == nullptr || salt == nullptr || (msg == nullptr && mlen != 0))
            return Status::bad_argument;
        auto w = ws.view();
        return Eng::sign(dims, sk, msg, mlen, salt, mseed, sig, w);
    }
    template <Rng R>
    static Status sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig, R&& rng, Workspace& ws) {
        uint8_t mseed[seed_bytes], salt[seed_bytes];
        Status st = draw_random(rng, mseed, seed_bytes);
        if (st == Status::ok) st = draw_random(rng, salt, seed_bytes);
        if (st == Status::ok) st = sign_with(sk, msg, mlen, mseed, salt, sig, ws);
        secure_wipe(mseed, sizeof mseed);
        return st;
    }

    // ---- verification -----------------------------------------------------------
    static Status verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen,
                         Workspace& ws) {
        if (const Status st = verify_arguments(pk, msg, mlen, sig, siglen, sig_bytes); st != Status::ok) return st;
        auto w = ws.view();
        return Eng::verify(dims, pk, msg, mlen, sig, w);
    }
    static Status verify(const uint8_t* pk, size_t pklen, const uint8_t* msg, size_t mlen, const uint8_t* sig,
                         size_t siglen, Workspace& ws) {
        if (pk != nullptr && pklen != pk_bytes) return Status::bad_length;
        return verify(pk, msg, mlen, sig, siglen, ws);
    }

#if !defined(PQMCU_TARGET_M4)
    using WorkspaceOnStack<Scheme>::keypair;
    using WorkspaceOnStack<Scheme>::sign;
    using WorkspaceOnStack<Scheme>::verify;
#endif
};

}  // namespace pqmcu::mqom

// The engines are compiled once, in engine_cat{1,3,5}.cpp.
#define PQMCU_MQOM_ENGINES_FOR(X, sec) \
    X(sec, 1, 8) X(sec, 2, 8) X(sec, 4, 8) X(sec, 8, 8) X(sec, 1, 16) X(sec, 2, 16) X(sec, 4, 16) X(sec, 8, 16)
#define PQMCU_MQOM_EXTERN_ENGINE(sec, b, e) extern template struct pqmcu::mqom::detail::Engine<sec, b, e>;
PQMCU_MQOM_ENGINES_FOR(PQMCU_MQOM_EXTERN_ENGINE, 128)
PQMCU_MQOM_ENGINES_FOR(PQMCU_MQOM_EXTERN_ENGINE, 192)
PQMCU_MQOM_ENGINES_FOR(PQMCU_MQOM_EXTERN_ENGINE, 256)
#undef PQMCU_MQOM_EXTERN_ENGINE
