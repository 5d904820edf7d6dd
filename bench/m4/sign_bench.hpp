// Keygen / sign / verify benchmark rows for any signature scheme type (MQOM,
// MAYO, ...). The scheme's Workspace is a static object the op file places in
// its own .pqmcu_ram.<tag> section, so bench_table.py charges it to the rows
// whose ram_tag names it (tags must not be prefixes of each other).
//
// Randomness: a fixed counter pattern, reset in every setup(), so the warm-up
// and the measured run draw the same bytes (and sign does the same amount of
// work, grinding or retries included); the rows measure the scheme, not a
// DRBG. The message is 32 bytes; keys, message and signature are the
// caller's buffers (not charged).
#pragma once
#include <cstddef>
#include <cstdint>

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

template <class S, typename S::Workspace* Ws>
struct SignBench {
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
        status = S::keypair(pk, sk, rng, *Ws);
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
        status = S::sign(sk, msg, sizeof msg, sig, rng, *Ws);
        if (status != Status::ok) fail("sign");
    }

    // verify: a valid signature, made in setup.
    static void setup_verify() {
        setup_sign();
        sign();
    }
    static void verify() {
        status = S::verify(pk, msg, sizeof msg, sig, sizeof sig, *Ws);
        if (status != Status::ok) fail("verify");
    }
};

}  // namespace pqmcu::bench

// A scheme's workspace in section .pqmcu_ram.<tag> (a plain struct of arrays,
// no constructor; .pqmcu_ram.* is part of .data, so the reset handler copies
// its zero image from flash).
#define PQMCU_SIGN_BENCH_WORKSPACE(Scheme, var, tag) \
    __attribute__((section(".pqmcu_ram." tag))) Scheme::Workspace var

// The three rows of one scheme: "<label>_keygen", "<label>_sign", "<label>_verify".
#define PQMCU_SIGN_BENCH_OPS(label, B, tag)                                                           \
    {label "_keygen", B::setup_keygen, B::keygen, tag}, {label "_sign", B::setup_sign, B::sign, tag}, \
        {label "_verify", B::setup_verify, B::verify, tag}
