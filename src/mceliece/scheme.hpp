// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu::mceliece::Scheme<Set>: the Classic McEliece KEM (round 4 / ISO
// format, the pc sets with the 32-byte confirmation C1) for one parameter
// set (params.hpp), byte-compatible with the reference implementation and
// its NIST KATs.
//
//   using S = pqmcu::mceliece::Scheme<pqmcu::mceliece::mceliece348864>;
//   static uint8_t pk[S::pk_bytes];            // 261 KB .. 1.36 MB
//   uint8_t sk[S::sk_bytes], ct[S::ct_bytes], ss[S::ss_bytes];
//   static S::Workspace ws;                    // no heap (or the per-operation
//                                              // KeygenWorkspace / EncapsWorkspace / DecapsWorkspace)
//   S::keypair(pk, sk, rng, ws);               // draws 32 bytes (delta)
//   S::encapsulate(ct, ss, pk, rng, ws);       // draws fixed_weight_bytes per FixedWeight attempt
//   S::decapsulate(ss, ct, sk, ws);            // implicit rejection: always ok
//
// `rng` is any callable rng(uint8_t*, size_t) returning void, Status or an
// int (0 = ok, NIST randombytes style); it is called exactly as the
// reference calls randombytes, so the NIST DRBG reproduces the KATs.
//
// Statuses: ok; bad_argument (nullptr); internal_error (the rng failed, or gave
// no usable FixedWeight draw in 1000 attempts);
// malformed_input (mceliece6960119*: non-zero padding bits in the public key
// (encapsulate: ct, ss zeroed) or in the ciphertext (decapsulate: ss all
// 0xFF), as the reference). A tampered ciphertext otherwise decapsulates
// to the implicit-rejection secret H(0, s, C) with status ok.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "core/status.hpp"
#include "mceliece/engine.hpp"
#include "mceliece/params.hpp"

namespace pqmcu::mceliece {

// A public-key sink: sink(const uint8_t* bytes, size_t n) returning Status or void.
template <class F>
concept PkSinkFn = requires(F& f, const uint8_t* p, size_t n) { f(p, n); } && !std::is_pointer_v<std::remove_cvref_t<F>>;

// The only profile so far: portable, constant time.
struct Default {};

template <class Set, class Profile = Default>
struct Scheme {
    static_assert(std::is_same_v<Profile, Default>, "unknown Classic McEliece profile");
    static constexpr const Params& params = Set::params;
    static constexpr const char* name = params.name;
    static constexpr size_t pk_bytes = params.pk_bytes();
    static constexpr size_t sk_bytes = params.sk_bytes();
    static constexpr size_t ct_bytes = params.ct_bytes();
    static constexpr size_t ss_bytes = 32;
    static constexpr size_t seed_bytes = 32;
    static constexpr int kMaxFixedWeightAttempts = 1000;
    static constexpr int M = int(params.m);
    static_assert(M == 12 || M == 13, "the engine is instantiated for m = 12 and 13");
    static_assert(params.t <= kMaxT);

    // Each operation's buffers. Workspace (the contract's one type) is their
    // union; a device that only decapsulates (or encapsulates) can keep just
    // the small DecapsWorkspace (EncapsWorkspace) and call the overloads.
    struct KeygenWorkspace {
        uint64_t sort_buf[params.q()];
        uint64_t left[size_t(params.mt()) * params.left_words()];
        int16_t pi[params.q()];
        gf L[params.n];
        gf inv[params.n];
    };
    struct DecapsWorkspace {
        uint32_t fft[fft_words(params)];    // q m / 8 bytes each
        uint32_t ginv2[fft_words(params)];
        gf small[decaps_small_elems(params)];
        alignas(4) uint8_t e[params.q() / 8];
    };
    struct EncapsWorkspace {
        // The random bytes (fixed_weight_bytes), then e (n/8): FixedWeight
        // compacts its candidates in place across both (8t bytes).
        alignas(4) uint8_t buf[params.fixed_weight_bytes() + params.n / 8];
        // e's shifted tail, needed only when mt is not a multiple of 8
        // (6960119); the other sets read the tail in place in e.
        uint8_t etail[params.mt() % 8 ? params.pk_row_bytes() : 1];
    };
    static_assert(params.n == params.q() ? params.t % 2 == 0 : 8 * params.t <= sizeof(EncapsWorkspace::buf),
                  "FixedWeight's scratch (fixed_weight in kem.cpp)");
    // The streaming key generation's buffers (keypair with a sink): no pk
    // buffer; S^-1 of the left block, one block of H's right columns and one
    // band of T's rows. sizeof = keygen_sink_workspace_bytes (132 KB for
    // 348864 .. 458 KB for 8192128). Not part of Workspace (whose size stays
    // the buffer key generation's).
    struct KeygenSinkWorkspace {
        uint64_t mat[size_t(params.mt()) * params.left_words()];
        uint64_t hblk[size_t(params.mt()) * kSinkBlockWords];
        int16_t pi[params.q()];
        gf ginv[params.k()];
        // one band of T; during the inversion, the f sets' 32 extra columns
        // (mt words) and the pivot additions (mt halfwords)
        alignas(8) uint8_t band[size_t(sink_band_rows(params)) * params.pk_row_bytes()];
    };
    struct Workspace {
        union {
            KeygenWorkspace keygen;
            DecapsWorkspace decaps;
            EncapsWorkspace encaps;
        };
    };
    static constexpr size_t workspace_bytes = sizeof(Workspace);
    static constexpr size_t keygen_sink_workspace_bytes = sizeof(KeygenSinkWorkspace);
    static_assert(sizeof(KeygenSinkWorkspace::band) >= 6 * size_t(params.mt()), "ext and adds share the band");
    static_assert(sink_sort_offset_words(params) + params.q() <= size_t(params.mt()) * params.left_words(),
                  "the Goppa system and the field ordering's sort share the left block");
    // Each operation wipes the member it used (below): the host API need not
    // wipe the whole union (keygen's part) after an encapsulation.
    static constexpr bool wipes_workspace = true;
    static_assert(2 * params.t <= fft_coeffs(params), "the syndromes' transposed FFT");
    static_assert(size_t(params.t + 1) * params.t * sizeof(gf) <= sizeof(KeygenWorkspace::left),
                  "the Goppa system shares the left block");

    // Deterministic key generation from delta (32 bytes).
    static Status keypair_from_seed(const uint8_t* delta, uint8_t* pk, uint8_t* sk, Workspace& ws) {
        return keypair_from_seed(delta, pk, sk, ws.keygen);
    }
    static Status keypair_from_seed(const uint8_t* delta, uint8_t* pk, uint8_t* sk, KeygenWorkspace& k) {
        if (delta == nullptr || pk == nullptr || sk == nullptr) return Status::bad_argument;
        const Status st = mceliece::keypair_from_seed<M>(params, delta, pk, sk,
                                                         KeygenWork{k.sort_buf, k.pi, k.L, k.inv, k.left});
        secure_wipe(&k, sizeof k);
        return st;
    }
    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, Workspace& ws) {
        if (pk == nullptr || sk == nullptr) return Status::bad_argument;
        return with_random<seed_bytes>(rng, [&](const uint8_t* delta) { return keypair_from_seed(delta, pk, sk, ws); });
    }
    // Key generation with the public key streamed: sink(const uint8_t* bytes,
    // size_t n) receives the pk_bytes in order, whole rows per call (a band of
    // sink_band_rows rows); it returns Status (anything but ok aborts key
    // generation with that status, sk wiped) or void. The pk is identical to
    // the buffer API's; nothing is written before the attempt that succeeds.
    // progress (optional): progress(uint32_t done, uint32_t total), see PkSink in engine.hpp.
    template <class Sink, class Progress = std::nullptr_t>
        requires PkSinkFn<Sink>
    static Status keypair_from_seed(const uint8_t* delta, Sink&& sink, uint8_t* sk, KeygenSinkWorkspace& k,
                                    Progress&& progress = nullptr) {
        if (delta == nullptr || sk == nullptr) return Status::bad_argument;
        using Fn = std::remove_reference_t<Sink>;
        PkSink ps{const_cast<void*>(static_cast<const void*>(&sink)),
                  [](void* ctx, const uint8_t* bytes, size_t n) -> Status {
                      Fn& fn = *static_cast<Fn*>(ctx);
                      if constexpr (std::is_same_v<decltype(fn(bytes, n)), Status>) {
                          return fn(bytes, n);
                      } else {
                          fn(bytes, n);
                          return Status::ok;
                      }
                  }};
        if constexpr (!std::is_same_v<std::remove_cvref_t<Progress>, std::nullptr_t>) {
            using Pf = std::remove_reference_t<Progress>;
            ps.progress_ctx = const_cast<void*>(static_cast<const void*>(&progress));
            ps.progress = [](void* ctx, uint32_t done, uint32_t total) { (*static_cast<Pf*>(ctx))(done, total); };
        }
        const Status st = mceliece::keypair_from_seed_sink<M>(
            params, delta, ps, sk, KeygenSinkWork{k.mat, reinterpret_cast<uint32_t*>(k.band),
                                          reinterpret_cast<uint16_t*>(k.band + 4 * params.mt()), k.pi, k.ginv,
                                          k.hblk, k.band});
        secure_wipe(&k, sizeof k);
        return st;
    }
    template <class Sink, Rng R, class Progress = std::nullptr_t>
        requires PkSinkFn<Sink>
    static Status keypair(Sink&& sink, uint8_t* sk, R&& rng, KeygenSinkWorkspace& k, Progress&& progress = nullptr) {
        if (sk == nullptr) return Status::bad_argument;
        return with_random<seed_bytes>(
            rng, [&](const uint8_t* delta) { return keypair_from_seed(delta, sink, sk, k, progress); });
    }
    // FixedWeight draws until a usable e (the reference's loop), then Encode.
    template <Rng R>
    static Status encapsulate(uint8_t* ct, uint8_t* ss, const uint8_t* pk, R&& rng, Workspace& ws) {
        return encapsulate(ct, ss, pk, rng, ws.encaps);
    }
    template <Rng R>
    static Status encapsulate(uint8_t* ct, uint8_t* ss, const uint8_t* pk, R&& rng, EncapsWorkspace& en) {
        if (ct == nullptr || ss == nullptr || pk == nullptr) return Status::bad_argument;
        // A real rng succeeds within a few draws; a stuck one (all zeros: repeated
        // positions) must not hang the caller.
        Status st = Status::internal_error;
        for (int attempt = 0; attempt < kMaxFixedWeightAttempts; ++attempt) {
            const Status drawn = draw_random(rng, en.buf, params.fixed_weight_bytes());
            if (drawn != Status::ok) break;
            if (fixed_weight(params, en.buf)) {
                st = Status::ok;
                break;
            }
        }
        if (st == Status::ok) st = encapsulate_with_e(params, ct, ss, pk, en.buf + params.fixed_weight_bytes(),
                                                        EncapsWork{en.buf + params.fixed_weight_bytes(), en.etail});
        secure_wipe(&en, sizeof en);
        return st;
    }
    static Status decapsulate(uint8_t* ss, const uint8_t* ct, const uint8_t* sk, Workspace& ws) {
        return decapsulate(ss, ct, sk, ws.decaps);
    }
    static Status decapsulate(uint8_t* ss, const uint8_t* ct, const uint8_t* sk, DecapsWorkspace& d) {
        if (ss == nullptr || ct == nullptr || sk == nullptr) return Status::bad_argument;
        const Status st = mceliece::decapsulate<M>(
            params, ss, ct, sk, DecapsWork{d.fft, d.ginv2, d.e, d.small});
        // (no second wipe here: decapsulate zeroes all four buffers, i.e. all
        // of d, before it returns, and writes none of them on malformed input)
        return st;
    }
};

}  // namespace pqmcu::mceliece
