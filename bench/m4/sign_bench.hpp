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
// DRBG. The message is 32 bytes; keys, message and signature are the
// caller's buffers (not charged).
#pragma once
#include <cstddef>
#include <cstdint>

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

template <class S>
struct OpWorkspaces {
    using Keygen = typename S::Workspace;
    using Sign = typename S::Workspace;
    using Verify = typename S::Workspace;
};
template <class S>
    requires requires { typename S::SignWorkspace; }
struct OpWorkspaces<S> {
    using Keygen = typename S::KeygenWorkspace;
    using Sign = typename S::SignWorkspace;
    using Verify = typename S::VerifyWorkspace;
};

template <class S>
struct SignBench {
    using Ws = OpWorkspaces<S>;
    static inline PatternRng rng{};
    static inline uint8_t pk[S::pk_bytes];
    static inline uint8_t sk[S::sk_bytes];
    static inline uint8_t sig[S::sig_bytes];
    static inline uint8_t msg[32];
    static inline Status status = Status::ok;

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
        status = S::keypair(pk, sk, rng, arena_as<typename Ws::Keygen>());
        if (status != Status::ok) fail("keypair");
    }

    // sign: a key pair and a message, made in setup.
    static void setup_sign() {
        reset_rng(1);
        keygen();
        for (size_t i = 0; i < sizeof msg; ++i) msg[i] = uint8_t(i);
        reset_rng(2);
    }
    static void sign() {
        status = S::sign(sk, msg, sizeof msg, sig, rng, arena_as<typename Ws::Sign>());
        if (status != Status::ok) fail("sign");
    }

    // verify: a valid signature, made in setup.
    static void setup_verify() {
        setup_sign();
        sign();
    }
    static void verify() {
        status = S::verify(pk, msg, sizeof msg, sig, sizeof sig, arena_as<typename Ws::Verify>());
        if (status != Status::ok) fail("verify");
    }
};

}  // namespace pqmcu::bench

// The three rows of one scheme: "<label>_keygen", "<label>_sign", "<label>_verify".
// tag: extra RAM tables the rows use (.pqmcu_ram.<tag> sections), or nullptr.
#define PQMCU_SIGN_BENCH_OPS(label, B, tag)                                              \
    {label "_keygen", B::setup_keygen, B::keygen, tag, sizeof(typename B::Ws::Keygen)}, \
        {label "_sign", B::setup_sign, B::sign, tag, sizeof(typename B::Ws::Sign)},     \
        {label "_verify", B::setup_verify, B::verify, tag, sizeof(typename B::Ws::Verify)}
