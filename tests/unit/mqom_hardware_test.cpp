// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM's Hardware profile around its engine: no engine installed gives
// `unsupported` (nothing computed), an engine failing mid-operation gives its
// error with the output wiped, and the emulated engine's counters show that
// keygen, sign and verify (secret seeds and public equations alike) used it.
// The KATs of all cat 1 sets under this profile: kat.mqom.hardware_profile.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "cipher/block_cipher.hpp"
#include "mqom/scheme.hpp"

namespace {

using pqmcu::Status;
namespace cipher = pqmcu::cipher;
using Set = pqmcu::mqom::mqom2_cat1_gf16_fast_r5;
using H = pqmcu::mqom::Scheme<Set, pqmcu::mqom::Hardware>;

struct Inputs {
    uint8_t seed[H::keygen_seed_bytes], mseed[H::seed_bytes], salt[H::seed_bytes];
    uint8_t msg[3] = {1, 2, 3};
    Inputs() {
        for (size_t i = 0; i < sizeof seed; ++i) seed[i] = uint8_t(3 * i);
        for (size_t i = 0; i < sizeof mseed; ++i) mseed[i] = uint8_t(i), salt[i] = uint8_t(~i);
    }
};

class MqomHardware : public ::testing::Test {
protected:
    void TearDown() override { cipher::set_external_aes128(nullptr); }
    std::unique_ptr<H::Workspace> ws = std::make_unique<H::Workspace>();
    Inputs in;
    std::vector<uint8_t> pk = std::vector<uint8_t>(H::pk_bytes), sk = std::vector<uint8_t>(H::sk_bytes),
                         sig = std::vector<uint8_t>(H::sig_bytes);
};

TEST_F(MqomHardware, NoEngineIsUnsupported) {
    cipher::set_external_aes128(nullptr);
    EXPECT_EQ(H::keypair_from_seed(in.seed, pk.data(), sk.data(), *ws), Status::unsupported);
    EXPECT_EQ(H::sign_with(sk.data(), in.msg, 3, in.mseed, in.salt, sig.data(), *ws), Status::unsupported);
    EXPECT_EQ(H::verify(pk.data(), in.msg, 3, sig.data(), sig.size(), *ws), Status::unsupported);
    // Argument checks still come first.
    EXPECT_EQ(H::keypair_from_seed(nullptr, pk.data(), sk.data(), *ws), Status::bad_argument);
}

TEST_F(MqomHardware, EmulatedEngineCountsAndMatchesDesktop) {
    cipher::EmulatedAesEngine engine{};
    const cipher::ExternalAes128 hook = cipher::emulated_engine_hook(engine);
    cipher::set_external_aes128(&hook);
    ASSERT_EQ(H::keypair_from_seed(in.seed, pk.data(), sk.data(), *ws), Status::ok);
    const uint32_t keygen_blocks = engine.blocks;
    EXPECT_GT(keygen_blocks, 0u);  // equations
    ASSERT_EQ(H::sign_with(sk.data(), in.msg, 3, in.mseed, in.salt, sig.data(), *ws), Status::ok);
    const uint32_t sign_blocks = engine.blocks - keygen_blocks;
    // The BLC alone is tau * N * (2 commitments + PRG blocks) > tau * N * 2.
    EXPECT_GT(sign_blocks, uint32_t(Set::P.tau) * (1u << Set::P.log_n_evals) * 2u);
    ASSERT_EQ(H::verify(pk.data(), in.msg, 3, sig.data(), sig.size(), *ws), Status::ok);
    EXPECT_GT(engine.blocks, keygen_blocks + sign_blocks);
    EXPECT_GT(engine.set_key_calls, 0u);

    using D = pqmcu::mqom::Scheme<Set, pqmcu::mqom::Desktop>;
    auto dws = std::make_unique<D::Workspace>();
    std::vector<uint8_t> dpk(D::pk_bytes), dsk(D::sk_bytes), dsig(D::sig_bytes);
    ASSERT_EQ(D::keypair_from_seed(in.seed, dpk.data(), dsk.data(), *dws), Status::ok);
    ASSERT_EQ(D::sign_with(dsk.data(), in.msg, 3, in.mseed, in.salt, dsig.data(), *dws), Status::ok);
    EXPECT_EQ(pk, dpk);
    EXPECT_EQ(sig, dsig);
}

// An engine that fails after `budget` encrypt calls (a DMA timeout, say).
struct FailingEngine {
    cipher::EmulatedAesEngine inner{};
    cipher::ExternalAes128 inner_hook{};
    uint32_t budget = 0;
    static Status set_key(void* p, const uint8_t k[16]) {
        auto* e = static_cast<FailingEngine*>(p);
        return e->inner_hook.set_key(e->inner_hook.ctx, k);
    }
    static Status encrypt(void* p, const uint8_t* in, uint8_t* out, size_t n) {
        auto* e = static_cast<FailingEngine*>(p);
        if (e->budget == 0) {
            std::fill(out, out + 16 * n, uint8_t(0xEE));  // garbage, as a broken peripheral might leave
            return Status::internal_error;
        }
        --e->budget;
        return e->inner_hook.encrypt(e->inner_hook.ctx, in, out, n);
    }
};

TEST_F(MqomHardware, EngineFailureMidSignIsReportedAndOutputWiped) {
    FailingEngine fe;
    fe.inner_hook = cipher::emulated_engine_hook(fe.inner);
    const cipher::ExternalAes128 hook{&fe, &FailingEngine::set_key, &FailingEngine::encrypt};
    cipher::set_external_aes128(&hook);
    fe.budget = 1u << 30;
    ASSERT_EQ(H::keypair_from_seed(in.seed, pk.data(), sk.data(), *ws), Status::ok);
    for (uint32_t budget : {0u, 5u, 2000u}) {
        fe.budget = budget;
        std::fill(sig.begin(), sig.end(), uint8_t(0x77));
        EXPECT_EQ(H::sign_with(sk.data(), in.msg, 3, in.mseed, in.salt, sig.data(), *ws), Status::internal_error)
            << "budget " << budget;
        EXPECT_TRUE(std::all_of(sig.begin(), sig.end(), [](uint8_t b) { return b == 0; })) << "budget " << budget;
    }
    // Keygen failing: keys wiped; verify failing: the engine's error, not verify_failed.
    fe.budget = 3;
    EXPECT_EQ(H::keypair_from_seed(in.seed, pk.data(), sk.data(), *ws), Status::internal_error);
    EXPECT_TRUE(std::all_of(sk.begin(), sk.end(), [](uint8_t b) { return b == 0; }));
    fe.budget = 1u << 30;
    ASSERT_EQ(H::keypair_from_seed(in.seed, pk.data(), sk.data(), *ws), Status::ok);
    ASSERT_EQ(H::sign_with(sk.data(), in.msg, 3, in.mseed, in.salt, sig.data(), *ws), Status::ok);
    fe.budget = 10;
    EXPECT_EQ(H::verify(pk.data(), in.msg, 3, sig.data(), sig.size(), *ws), Status::internal_error);
    // And a working engine again: all fine (no stale fault).
    fe.budget = 1u << 30;
    EXPECT_EQ(H::verify(pk.data(), in.msg, 3, sig.data(), sig.size(), *ws), Status::ok);
}

// The cipher layer's side: a failing engine's status is returned, the output
// of the failed run zeroed, and the first failure kept until taken.
TEST(CipherExternalFault, FirstFailureKeptOutputZeroed) {
    FailingEngine fe;
    fe.inner_hook = cipher::emulated_engine_hook(fe.inner);
    const cipher::ExternalAes128 hook{&fe, &FailingEngine::set_key, &FailingEngine::encrypt};
    cipher::set_external_aes128(&hook);
    EXPECT_EQ(cipher::take_external_aes128_fault(), Status::ok);
    cipher::Aes128Ctx k;
    const uint8_t key[16] = {1, 2, 3};
    ASSERT_EQ(cipher::key_schedule<cipher::Aes128>(k, key, 16), Status::ok);
    uint8_t buf[64];
    std::fill(buf, buf + 64, uint8_t(0x5A));
    fe.budget = 1;
    EXPECT_EQ(cipher::encrypt<cipher::Aes128>(k, buf, buf, 4, cipher::Backend::external), Status::ok);
    EXPECT_EQ(cipher::encrypt<cipher::Aes128>(k, buf, buf, 4, cipher::Backend::external), Status::internal_error);
    EXPECT_TRUE(std::all_of(buf, buf + 64, [](uint8_t b) { return b == 0; }));
    cipher::set_external_aes128(nullptr);  // removing the engine clears the fault too
    EXPECT_EQ(cipher::take_external_aes128_fault(), Status::ok);
    cipher::set_external_aes128(&hook);
    EXPECT_EQ(cipher::encrypt<cipher::Aes128>(k, buf, buf, 1, cipher::Backend::external), Status::internal_error);
    fe.budget = 10;
    EXPECT_EQ(cipher::encrypt<cipher::Aes128>(k, buf, buf, 1, cipher::Backend::external), Status::ok);
    EXPECT_EQ(cipher::take_external_aes128_fault(), Status::internal_error);  // kept across later successes
    EXPECT_EQ(cipher::take_external_aes128_fault(), Status::ok);              // and cleared by taking it
    cipher::set_external_aes128(nullptr);
    EXPECT_EQ(cipher::encrypt<cipher::Aes128>(k, buf, buf, 1, cipher::Backend::external), Status::unsupported);
    EXPECT_EQ(cipher::take_external_aes128_fault(), Status::unsupported);
}

// Only AES-128 sets have the profile (a static_assert in Scheme otherwise).
static_assert(H::uses_engine);
static_assert(!pqmcu::mqom::Scheme<Set, pqmcu::mqom::Compact>::uses_engine);

}  // namespace
