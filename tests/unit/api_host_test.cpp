// SPDX-License-Identifier: Apache-2.0 OR MIT
// The host APIs as a server uses them: no workspace on the caller's stack
// (MAYO-5 signs on a thread with a 512 KiB stack), threads signing and
// verifying at once, names in any spelling, the C API's installed randomness.
#include <gtest/gtest.h>
#include <pthread.h>

#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include "pqmcu/pqmcu.h"
#include "pqmcu/pqmcu.hpp"

namespace {

using pqmcu::Signature;
using pqmcu::Status;

bool round_trip(const char* name) {
    const Signature s = Signature::by_name(name);
    if (!s) return false;
    std::vector<uint8_t> pk(s.public_key_bytes()), sk(s.secret_key_bytes()), sig(s.signature_bytes());
    const std::vector<uint8_t> msg = {'h', 'o', 's', 't'};
    size_t len = 0;
    if (s.keypair(pk, sk) != Status::ok || s.sign(sk, msg, sig, &len) != Status::ok) return false;
    if (s.verify(pk, msg, {sig.data(), len}) != Status::ok) return false;
    sig[len / 3] ^= 4;
    return s.verify(pk, msg, {sig.data(), len}) == Status::verify_failed;
}

TEST(HostApi, MayoFiveSignsOnASmallThreadStack) {
    // Its workspace is ~1 MB: on the caller's stack this thread would crash.
    pthread_attr_t attr;
    ASSERT_EQ(pthread_attr_init(&attr), 0);
    ASSERT_EQ(pthread_attr_setstacksize(&attr, 512 * 1024), 0);
    bool ok = false;
    pthread_t t;
    auto body = [](void* arg) -> void* {
        *static_cast<bool*>(arg) = round_trip("MAYO-5");
        return nullptr;
    };
    ASSERT_EQ(pthread_create(&t, &attr, body, &ok), 0);
    ASSERT_EQ(pthread_join(t, nullptr), 0);
    pthread_attr_destroy(&attr);
    EXPECT_TRUE(ok);
}

TEST(HostApi, ThreadsSignAndVerifyAtOnce) {
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (const char* name : {"MAYO-1", "MAYO-2", "mqom2_cat1_gf16_fast_r5", "mqom2_cat1_gf2_fast_r5"})
        for (int copy = 0; copy < 2; ++copy)
            threads.emplace_back([name, &failures] {
                for (int i = 0; i < 3; ++i)
                    if (!round_trip(name)) ++failures;
            });
    for (auto& t : threads) t.join();
    EXPECT_EQ(failures.load(), 0);
}

TEST(HostApi, NamesInAnyCaseWithDashOrUnderscore) {
    EXPECT_EQ(Signature::by_name("mayo_2").name(), "MAYO-2");
    EXPECT_EQ(Signature::by_name("Mayo-2").name(), "MAYO-2");
    EXPECT_EQ(Signature::by_name("MQOM2-CAT1-GF16-FAST-R5").name(), "mqom2_cat1_gf16_fast_r5");
    EXPECT_FALSE(Signature::by_name("MAYO-4"));
    EXPECT_FALSE(Signature::by_name("MAYO-2 "));
    EXPECT_FALSE(Signature::by_name(""));
    EXPECT_FALSE(pqmcu::Kem::by_name("MAYO-2"));  // a signature is not a KEM
    EXPECT_EQ(pqmcu::Kem::by_name("Classic-McEliece-348864f").name(), "mceliece348864f");  // liboqs' spelling
    EXPECT_EQ(pqmcu::Kem::by_name("NTRU-HPS-2048-509").name(), "ntruhps2048509");
    EXPECT_EQ(pqmcu::Kem::by_name("LightSaber").name(), "lightsaber");
}

// The C API's installed randomness reaches the scheme, and a failing source
// is an error (never a signature made from garbage).
int counting_fill(void* ctx, uint8_t* out, size_t n) {
    ++*static_cast<int*>(ctx);
    std::memset(out, 0x5a, n);
    return 0;
}
int failing_fill(void*, uint8_t*, size_t) { return -1; }

TEST(HostApi, InstalledRandomnessIsUsedAndItsFailureReported) {
    const char* name = "mqom2_cat1_gf16_fast_r5";
    size_t pk_len = 0, sk_len = 0, sig_len = 0;
    ASSERT_EQ(pqmcu_sign_sizes(name, &pk_len, &sk_len, &sig_len), PQMCU_OK);
    std::vector<uint8_t> pk1(pk_len), sk1(sk_len), pk2(pk_len), sk2(sk_len);
    int calls = 0;
    pqmcu_set_random(counting_fill, &calls);
    EXPECT_EQ(pqmcu_sign_keypair(name, pk1.data(), pk_len, sk1.data(), sk_len), PQMCU_OK);
    EXPECT_EQ(pqmcu_sign_keypair(name, pk2.data(), pk_len, sk2.data(), sk_len), PQMCU_OK);
    EXPECT_GT(calls, 0);
    EXPECT_EQ(pk1, pk2);  // same randomness, same key
    pqmcu_set_random(failing_fill, nullptr);
    EXPECT_EQ(pqmcu_sign_keypair(name, pk1.data(), pk_len, sk1.data(), sk_len), PQMCU_INTERNAL_ERROR);
    pqmcu_set_random(nullptr, nullptr);
    EXPECT_EQ(pqmcu_sign_keypair(name, pk1.data(), pk_len, sk1.data(), sk_len), PQMCU_OK);
    EXPECT_NE(pk1, pk2);  // the OS generator again
}

}  // namespace

// Expanded keys (MAYO): signatures equal the compact call's for the same
// randomness (the compact call is the one the KAT tests check), verify with an
// expanded public key, a family without them says bad_argument, and the wipe
// the destructor runs clears the whole key.
namespace {
struct Replay {  // the same bytes for each call after rewind()
    uint8_t next = 0;
    void rewind() { next = 0; }
};
pqmcu::Status replay_fill(void* ctx, uint8_t* out, size_t n) {
    auto* r = static_cast<Replay*>(ctx);
    for (size_t i = 0; i < n; ++i) out[i] = uint8_t(r->next++ * 73 + 11);
    return pqmcu::Status::ok;
}
int replay_fill_c(void* ctx, uint8_t* out, size_t n) { return replay_fill(ctx, out, n) == pqmcu::Status::ok ? 0 : 1; }
}  // namespace

TEST(HostApi, ExpandedKeysSignAsTheCompactKeyAndWipe) {
    using pqmcu::Status;
    for (const char* name : {"MAYO-1", "MAYO-2", "MAYO-3-r1"}) {
        SCOPED_TRACE(name);
        const pqmcu::Signature s = pqmcu::Signature::by_name(name);
        ASSERT_TRUE(s && s.has_expanded_keys());
        Replay r;
        const pqmcu::RandomSource rng{&r, replay_fill};
        std::vector<uint8_t> pk(s.public_key_bytes()), sk(s.secret_key_bytes());
        ASSERT_EQ(s.keypair(pk, sk, rng), Status::ok);
        const uint8_t msg[5] = {'h', 'e', 'l', 'l', 'o'};
        std::vector<uint8_t> compact(s.signature_bytes()), expanded(s.signature_bytes());
        size_t len = 0;
        r.rewind();
        ASSERT_EQ(s.sign(sk, msg, compact, &len, rng), Status::ok);

        pqmcu::ExpandedKey esk, epk;
        ASSERT_EQ(s.expand_secret_key(sk, esk), Status::ok);
        ASSERT_EQ(s.expand_public_key(pk, epk), Status::ok);
        EXPECT_TRUE(esk.is_secret());
        EXPECT_FALSE(epk.is_secret());
        for (int twice = 0; twice < 2; ++twice) {
            r.rewind();
            ASSERT_EQ(esk.sign(msg, expanded, &len, rng), Status::ok);
            EXPECT_EQ(len, s.signature_bytes());
            EXPECT_EQ(expanded, compact);
        }
        EXPECT_EQ(epk.verify(msg, compact), Status::ok);
        EXPECT_EQ(s.verify(pk, msg, expanded), Status::ok);
        expanded[3] ^= 1;
        EXPECT_NE(epk.verify(msg, expanded), Status::ok);
        EXPECT_EQ(esk.verify(msg, compact), Status::bad_argument);  // the wrong kind of key
        EXPECT_EQ(epk.sign(msg, expanded, &len, rng), Status::bad_argument);

        pqmcu::ExpandedKey moved = std::move(esk);
        EXPECT_FALSE(esk);
        r.rewind();
        ASSERT_EQ(moved.sign(msg, expanded, &len, rng), Status::ok);
        EXPECT_EQ(expanded, compact);

        // The C API over the same objects.
        pqmcu_set_random(replay_fill_c, &r);
        pqmcu_expanded_key *ck = nullptr, *cp = nullptr;
        ASSERT_EQ(pqmcu_sign_expand_secret_key(name, &ck, sk.data(), sk.size()), PQMCU_OK);
        ASSERT_EQ(pqmcu_sign_expand_public_key(name, &cp, pk.data(), pk.size()), PQMCU_OK);
        r.rewind();
        size_t clen = expanded.size();
        ASSERT_EQ(pqmcu_sign_expanded_signature(ck, expanded.data(), &clen, msg, sizeof msg), PQMCU_OK);
        EXPECT_EQ(expanded, compact);
        EXPECT_EQ(pqmcu_sign_expanded_verify(cp, compact.data(), compact.size(), msg, sizeof msg), PQMCU_OK);
        EXPECT_EQ(pqmcu_sign_expanded_verify(ck, compact.data(), compact.size(), msg, sizeof msg), PQMCU_BAD_ARGUMENT);
        pqmcu_expanded_key_free(ck);
        pqmcu_expanded_key_free(cp);
        pqmcu_set_random(nullptr, nullptr);

        // What the destructor runs on a secret key: every byte zero after.
        const pqmcu::SignatureOps* ops = nullptr;
        for (const auto& o : pqmcu::Signature::all())
            if (std::string_view(o.name) == s.name()) ops = &o;
        ASSERT_NE(ops, nullptr);
        std::vector<uint8_t> raw(ops->expanded_secret_key_bytes + pqmcu::kExpandedKeyAlign);
        void* mem = raw.data() + (pqmcu::kExpandedKeyAlign - reinterpret_cast<uintptr_t>(raw.data()) % pqmcu::kExpandedKeyAlign);
        ASSERT_EQ(ops->expand_secret_key(sk.data(), mem), Status::ok);
        ops->wipe_expanded_secret_key(mem);
        const auto* b = static_cast<const uint8_t*>(mem);
        size_t nonzero = 0;
        for (size_t i = 0; i < ops->expanded_secret_key_bytes; ++i) nonzero += b[i] != 0;
        EXPECT_EQ(nonzero, 0u);
    }
    pqmcu_expanded_key* none = nullptr;
    uint8_t sk_mqom[256] = {};
    size_t pkb = 0, skb = 0;
    ASSERT_EQ(pqmcu_sign_sizes("mqom2_cat1_gf16_fast_r5", &pkb, &skb, nullptr), PQMCU_OK);
    EXPECT_EQ(pqmcu_sign_expand_secret_key("mqom2_cat1_gf16_fast_r5", &none, sk_mqom, skb), PQMCU_BAD_ARGUMENT);
    EXPECT_EQ(none, nullptr);
}
