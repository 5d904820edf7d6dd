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
