// SPDX-License-Identifier: Apache-2.0 OR MIT
// Keygen / sign / verify benchmark rows for any signature scheme type (MQOM,
// MAYO, ...). The scheme's workspace lives in the shared bench arena
// (arena.hpp); each row reports its size (Op::ws_bytes). A scheme with one
// workspace per operation (KeygenWorkspace / SignWorkspace /
// VerifyWorkspace, e.g. MAYO's Streamed profile) is given each in turn, so
// each row is charged only what its operation needs.
//
// Randomness: a fixed counter pattern, reset in every setup(), so the warm-up
// and the measured run draw the same bytes (and sign does the same amount of
// work, grinding or retries included); the rows measure the scheme, not a
// DRBG. Messages are 32 bytes; keys, messages and signature are the caller's
// buffers (not charged): the scheme's own (default), or one buffer shared by
// the rows of several schemes (SharedIo; setup() remakes them anyway).
//
// Sign rows sign `Messages` different messages in the measured run (one in
// the warm-up), so the table divides by Messages for the mean. Every row's
// report() prints "pqmcu-op-info <i> set=<S::name> [profile=<name>]"; sign
// rows add "messages=<k>", and for MQOM "w=<bits> nonces=<n0,...>" (the
// nonce is the signature's last 4 bytes, le32): bench_table.py adjusts the
// sign cycles to the expected grinding cost with them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "arena.hpp"
#include "bench_ops.hpp"
#include "core/status.hpp"
#include "m4/exit.hpp"
#include "m4/format.hpp"

namespace pqmcu::bench {

// Byte k of the stream is (k * 0x9D + salt).
struct PatternRng {
    uint32_t counter = 0;
    uint8_t salt = 0;
    void operator()(uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) out[i] = uint8_t(counter++ * 0x9Du + salt);
    }
};

// An operation that takes no workspace (its buffers are on its stack, as in
// MQOM's key generation): charged 0 bytes of the arena.
struct NoWorkspace {};
template <class W>
inline constexpr size_t arena_bytes = sizeof(W);
template <>
inline constexpr size_t arena_bytes<NoWorkspace> = 0;

// One Workspace for every operation, or (MQOM) the signer's own
// SignWorkspace / the verifier's own VerifyWorkspace where the scheme has them.
template <class S>
struct SignWsOf {
    using type = typename S::Workspace;
};
template <class S>
    requires requires { typename S::SignWorkspace; }
struct SignWsOf<S> {
    using type = typename S::SignWorkspace;
};
template <class S>
struct VerifyWsOf {
    using type = typename S::Workspace;
};
template <class S>
    requires requires { typename S::VerifyWorkspace; }
struct VerifyWsOf<S> {
    using type = typename S::VerifyWorkspace;
};
template <class S>
struct OpWorkspaces {
    using Keygen = std::conditional_t<requires(uint8_t* p, PatternRng& r) { S::keypair(p, p, r); }, NoWorkspace,
                                      typename S::Workspace>;
    using Sign = typename SignWsOf<S>::type;
    using Verify = typename VerifyWsOf<S>::type;
};
// One workspace per operation and no common one (MAYO's Streamed profile).
template <class S>
    requires requires { typename S::SignWorkspace; } && (!requires { typename S::Workspace; })
struct OpWorkspaces<S> {
    using Keygen = typename S::KeygenWorkspace;
    using Sign = typename S::SignWorkspace;
    using Verify = typename S::VerifyWorkspace;
};

// Keys and signature, pk | sk | sig.
template <size_t Bytes>
struct SharedIo {
    static constexpr size_t bytes = Bytes;
    alignas(8) static inline uint8_t buf[Bytes];
};
template <class S>
using OwnIo = SharedIo<S::pk_bytes + S::sk_bytes + S::sig_bytes>;

template <class S, unsigned Messages = 1, class Io = OwnIo<S>>
struct SignBench {
    static_assert(Messages >= 1 && Messages <= 16);
    static_assert(Io::bytes >= S::pk_bytes + S::sk_bytes + S::sig_bytes, "io buffer too small");
    using Ws = OpWorkspaces<S>;
    static inline PatternRng rng{};
    static constexpr uint8_t* pk = Io::buf;
    static constexpr uint8_t* sk = Io::buf + S::pk_bytes;
    static constexpr uint8_t* sig = Io::buf + S::pk_bytes + S::sk_bytes;
    static inline uint8_t msg[32];
    static inline Status status = Status::ok;
    static inline unsigned signed_messages = 0;
    static inline uint32_t nonces[Messages];
    // MQOM publishes its grinding nonce in the last 4 bytes (le32).
    static constexpr bool kHasNonce = requires { S::set_type::P.w; };

    static void fail(const char* what) {
        m4::print("pqmcu-bench error: %s %s returned status %d\n", S::name, what, int(status));
        m4::exit(m4::exit_test_failed);
    }
    static void reset_rng(uint8_t salt) {
        rng.counter = 0;
        rng.salt = salt;
    }

    // keygen: nothing to prepare but the generator.
    static void setup_keygen() { reset_rng(1); }
    static void keygen() {
        if constexpr (std::is_same_v<typename Ws::Keygen, NoWorkspace>)
            status = S::keypair(pk, sk, rng);
        else
            status = S::keypair(pk, sk, rng, arena_as<typename Ws::Keygen>());
        if (status != Status::ok) fail("keypair");
    }

    // sign: a key pair, made in setup; message k is 0, 1, ..., 31 with its
    // last byte replaced by 0x80 + k (k > 0).
    static void setup_sign() {
        reset_rng(1);
        keygen();
        for (size_t i = 0; i < sizeof msg; ++i) msg[i] = uint8_t(i);
        reset_rng(2);
    }
    static void sign() {
        const unsigned count = g_measured_run ? Messages : 1;
        for (unsigned k = 0; k < count; ++k) {
            msg[sizeof msg - 1] = uint8_t(k == 0 ? sizeof msg - 1 : 0x80 + k);
            status = S::sign(sk, msg, sizeof msg, sig, rng, arena_as<typename Ws::Sign>());
            if (status != Status::ok) fail("sign");
            const uint8_t* n = sig + S::sig_bytes - 4;
            nonces[k] = n[0] | uint32_t(n[1]) << 8 | uint32_t(n[2]) << 16 | uint32_t(n[3]) << 24;
        }
        msg[sizeof msg - 1] = uint8_t(sizeof msg - 1);
        signed_messages = count;
    }

    // verify: a valid signature of message 0, made in setup.
    static void setup_verify() {
        setup_sign();
        sign();
    }
    static void verify() {
        status = S::verify(pk, msg, sizeof msg, sig, S::sig_bytes, arena_as<typename Ws::Verify>());
        if (status != Status::ok) fail("verify");
    }

    static void print_set(unsigned index) {
        m4::print("pqmcu-op-info %u set=%s", index, S::name);
        if constexpr (requires { S::profile_type::name; }) m4::print(" profile=%s", S::profile_type::name);
    }
    static void report_keygen(unsigned index) {
        print_set(index);
        m4::print("\n");
    }
    static void report_verify(unsigned index) { report_keygen(index); }
    static void report_sign(unsigned index) {
        print_set(index);
        m4::print(" messages=%u", signed_messages);
        if constexpr (kHasNonce) {
            m4::print(" w=%u nonces=", unsigned(S::set_type::P.w));
            for (unsigned k = 0; k < signed_messages; ++k) m4::print(k ? ",%u" : "%u", unsigned(nonces[k]));
        }
        m4::print("\n");
    }
};

}  // namespace pqmcu::bench

// The three rows of one scheme: "<label>_keygen", "<label>_sign", "<label>_verify".
// tag: extra RAM tables the rows use (.pqmcu_ram.<tag> sections), or nullptr.
#define PQMCU_SIGN_BENCH_OPS(label, B, tag)                                                                 \
    {label "_keygen", B::setup_keygen, B::keygen, tag, pqmcu::bench::arena_bytes<typename B::Ws::Keygen>, B::report_keygen},   \
        {label "_sign", B::setup_sign, B::sign, tag, pqmcu::bench::arena_bytes<typename B::Ws::Sign>, B::report_sign},         \
        {label "_verify", B::setup_verify, B::verify, tag, pqmcu::bench::arena_bytes<typename B::Ws::Verify>, B::report_verify}
