// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu::ntru::Scheme<Set>: the NTRU KEM (NIST round 3 submission and the
// later n = 1229 / 1373 sets), byte-compatible with the reference
// implementation and its NIST KAT files.
//
//   using S = pqmcu::ntru::Scheme<pqmcu::ntru::ntruhps2048509>;
//   uint8_t pk[S::pk_bytes], sk[S::sk_bytes], ct[S::ct_bytes], ss[S::ss_bytes];
//   static S::Workspace ws;                 // polynomials and seeds, no heap (or the
//                                           // per-operation KeygenWorkspace / EncapsWorkspace / DecapsWorkspace)
//   S::keypair(pk, sk, rng, ws);            // draws fg_seed_bytes, then prf_key_bytes
//   S::encapsulate(ct, ss, pk, rng, ws);    // draws rm_seed_bytes
//   S::decapsulate(ss, ct, sk, ws);         // always ok for a well-formed call
//
// `rng` is any callable rng(uint8_t*, size_t) (see core/scheme_support.hpp);
// it is called exactly as the reference calls randombytes. A ciphertext that
// is not a valid encryption decapsulates to the implicit-rejection secret
// SHA3-256(prf key || ct), in the same time. Statuses: ok; bad_argument
// (nullptr); internal_error (the rng failed).
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "core/status.hpp"
#include "ntru/engine.hpp"
#include "ntru/params.hpp"
#include "polymul/polymul_avx2.hpp"

namespace pqmcu::ntru {

// Profiles (same bytes, both constant time, the ring products of src/polymul):
//  - Default: the workspaces below; on x86-64 the AVX2 Toom-4 products keep
//    their ~30 KB of buffers on the stack and wipe them after each product.
//  - Speed (x86-64 hosts; the registry's): every operation's workspace
//    also holds those buffers (polymul::avx2::mul13_scratch_words(n) words,
//    ~29 KB at 701, over the ring-product scratch `mul`, which those
//    products leave unused, and over the seed and sort keys), wiped once per
//    operation with the rest: keygen's 13 products, decapsulation's 3 and
//    encapsulation's one skip their own wipes (~650 TSC ticks each).
//    Elsewhere (the M4, n > 1024) it is Default with a larger workspace.
struct Default {};
struct Speed {};

template <class Set, class Profile = Default>
struct Scheme {
    static_assert(std::is_same_v<Profile, Default> || std::is_same_v<Profile, Speed>, "unknown NTRU profile");
    static constexpr const Params& params = Set::params;
    static constexpr const char* name = Set::params.name;
    static constexpr size_t pk_bytes = params.pk_bytes();
    static constexpr size_t sk_bytes = params.sk_bytes();
    static constexpr size_t ct_bytes = params.ct_bytes();
    static constexpr size_t ss_bytes = Params::shared_key_bytes;
    static constexpr size_t fg_seed_bytes = params.fg_seed_bytes();
    static constexpr size_t rm_seed_bytes = params.rm_seed_bytes();
    static constexpr size_t prf_key_bytes = Params::prf_key_bytes;
    static constexpr size_t n = params.n;
    static constexpr bool kWide = std::is_same_v<Profile, Speed> && n <= polymul::avx2::kMaxN;
    // Speed: the product buffers share the ring-product scratch `mul`: a run
    // uses one of them (the AVX2 products use only the wide buffers; the
    // portable code, and the inversions' fallbacks, only `mul`), and neither
    // holds anything from one call to the next.
    static constexpr size_t kWideWords = kWide ? polymul::avx2::mul13_scratch_words(n) : 0;
    static constexpr size_t with_wide(size_t words) { return words > kWideWords ? words : kWideWords; }

    // Each operation's buffers. Workspace (the contract's one type) is their
    // union; a device that only encapsulates (or decapsulates) can keep just
    // the smaller EncapsWorkspace (DecapsWorkspace) and call the overloads.
    // The seed and the HPS sort keys are used up by sampling, before the
    // first ring product: they share the product scratch.
    struct Seeds {
        int32_t sort[params.hps() ? sort_words(n) : 1];
        uint8_t seed[fg_seed_bytes > rm_seed_bytes ? fg_seed_bytes : rm_seed_bytes];
    };
    template <size_t Words>
    union alignas(8) MulScratch {
        Seeds s;
        uint16_t mul[Words];
    };
    struct KeygenWorkspace {
        alignas(8) uint16_t poly[kKeygenPolys * n];
        // (the inversions run in u.mul: inverse.hpp)
        MulScratch<with_wide(keygen_mul_words(n, params.logq))> u;
        Work view() { return Work{poly, u.s.sort, u.s.seed, nullptr, u.mul, kWide ? u.mul : nullptr}; }
    };
    struct EncapsWorkspace {
        alignas(8) uint16_t poly[kEncapsPolys * n];
        MulScratch<with_wide(encaps_mul_words(n, params.logq))> u;
        uint8_t msg[params.msg_bytes()];  // packed (r, m): m is unpacked again after the product
        Work view() { return Work{poly, u.s.sort, u.s.seed, msg, u.mul, kWide ? u.mul : nullptr}; }
    };
    struct DecapsWorkspace {
        alignas(8) uint16_t poly[kDecapsPolys * n];
        alignas(8) uint16_t mul[with_wide(decaps_mul_words(n, params.logq))];
        uint8_t msg[params.msg_bytes()];
        Work view() { return Work{poly, nullptr, nullptr, msg, mul, kWide ? mul : nullptr}; }
    };
    struct Workspace {
        union {
            KeygenWorkspace keygen;
            EncapsWorkspace encaps;
            DecapsWorkspace decaps;
        };
    };
    static constexpr size_t workspace_bytes = sizeof(Workspace);
    // Each operation wipes the member it used: the host API need not wipe the
    // whole union after an encapsulation or decapsulation.
    static constexpr bool wipes_workspace = true;

    // Deterministic cores: the bytes the reference draws from randombytes.
    static Status keypair_derand(uint8_t* pk, uint8_t* sk, const uint8_t* fg_seed, const uint8_t* prf_key,
                                 Workspace& ws) {
        return keypair_derand(pk, sk, fg_seed, prf_key, ws.keygen);
    }
    static Status keypair_derand(uint8_t* pk, uint8_t* sk, const uint8_t* fg_seed, const uint8_t* prf_key,
                                 KeygenWorkspace& k) {
        if (pk == nullptr || sk == nullptr || fg_seed == nullptr || prf_key == nullptr) return Status::bad_argument;
        const Status st = ntru::keypair(params, fg_seed, prf_key, pk, sk, k.view());
        detail::wipe(&k, sizeof k);
        return st;
    }
    static Status encapsulate_derand(uint8_t* ct, uint8_t* ss, const uint8_t* pk, const uint8_t* rm_seed,
                                     Workspace& ws) {
        return encapsulate_derand(ct, ss, pk, rm_seed, ws.encaps);
    }
    static Status encapsulate_derand(uint8_t* ct, uint8_t* ss, const uint8_t* pk, const uint8_t* rm_seed,
                                     EncapsWorkspace& e) {
        if (ct == nullptr || ss == nullptr || pk == nullptr || rm_seed == nullptr) return Status::bad_argument;
        const Status st = ntru::encapsulate(params, rm_seed, pk, ct, ss, e.view());
        detail::wipe(&e, sizeof e);
        return st;
    }

    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, Workspace& ws) {
        return keypair(pk, sk, rng, ws.keygen);
    }
    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, KeygenWorkspace& k) {
        if (pk == nullptr || sk == nullptr) return Status::bad_argument;
        uint8_t prf_key[prf_key_bytes] = {};
        Status st = draw_random(rng, k.u.s.seed, fg_seed_bytes);
        if (st == Status::ok) st = draw_random(rng, prf_key, prf_key_bytes);
        if (st == Status::ok) st = ntru::keypair(params, k.u.s.seed, prf_key, pk, sk, k.view());
        secure_wipe(prf_key, sizeof prf_key);
        detail::wipe(&k, sizeof k);
        return st;
    }
    template <Rng R>
    static Status encapsulate(uint8_t* ct, uint8_t* ss, const uint8_t* pk, R&& rng, Workspace& ws) {
        return encapsulate(ct, ss, pk, rng, ws.encaps);
    }
    template <Rng R>
    static Status encapsulate(uint8_t* ct, uint8_t* ss, const uint8_t* pk, R&& rng, EncapsWorkspace& e) {
        if (ct == nullptr || ss == nullptr || pk == nullptr) return Status::bad_argument;
        Status st = draw_random(rng, e.u.s.seed, rm_seed_bytes);
        if (st == Status::ok) st = ntru::encapsulate(params, e.u.s.seed, pk, ct, ss, e.view());
        detail::wipe(&e, sizeof e);
        return st;
    }
    static Status decapsulate(uint8_t* ss, const uint8_t* ct, const uint8_t* sk, Workspace& ws) {
        return decapsulate(ss, ct, sk, ws.decaps);
    }
    static Status decapsulate(uint8_t* ss, const uint8_t* ct, const uint8_t* sk, DecapsWorkspace& d) {
        if (ss == nullptr || ct == nullptr || sk == nullptr) return Status::bad_argument;
        const Status st = ntru::decapsulate(params, ct, sk, ss, d.view());
        detail::wipe(&d, sizeof d);
        return st;
    }
};

}  // namespace pqmcu::ntru
