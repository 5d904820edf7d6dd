// SPDX-License-Identifier: Apache-2.0 OR MIT
// The MQOM Faster sets (mqom2_cat{1,3,5}_gf16_faster_r5) through the typed
// front end, for each profile: round trips over several messages, exact
// signature sizes, deterministic signing, Desktop and Compact giving the same
// bytes, and the negative tests of mqom_negative_test.cpp (same signature
// regions) against each profile's verify. Their known answers (generated with
// the reference code) are checked by ctest kat.mqom.faster.*.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "mqom/scheme.hpp"
#include "mqom_sig_regions.hpp"

namespace {

using pqmcu::Status;
namespace mqom = pqmcu::mqom;
using pqmcu::test::mqom_regions::Region;
using pqmcu::test::mqom_regions::regions;

// Deterministic "random" bytes: a counter, so every run signs the same things.
struct CounterRng {
    uint32_t next;
    void operator()(uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) out[i] = uint8_t((next++ * 0x9E3779B1u) >> 24);
    }
};

template <class S>
struct Keys {
    std::vector<uint8_t> pk = std::vector<uint8_t>(S::pk_bytes), sk = std::vector<uint8_t>(S::sk_bytes);
};

template <class S>
class MqomFaster : public testing::Test {
protected:
    // Workspaces go on the heap: cat5 Desktop is several hundred KB.
    std::unique_ptr<typename S::Workspace> ws = std::make_unique<typename S::Workspace>();

    Keys<S> keys(uint32_t seed) {
        Keys<S> k;
        EXPECT_EQ(S::keypair(k.pk.data(), k.sk.data(), CounterRng{seed}, *ws), Status::ok);
        return k;
    }
    std::vector<uint8_t> sign(const Keys<S>& k, const std::vector<uint8_t>& msg, uint32_t seed) {
        std::vector<uint8_t> sig(S::sig_bytes);
        EXPECT_EQ(S::sign(k.sk.data(), msg.data(), msg.size(), sig.data(), CounterRng{seed}, *ws), Status::ok);
        return sig;
    }
    Status verify(const Keys<S>& k, const std::vector<uint8_t>& msg, const std::vector<uint8_t>& sig) {
        return S::verify(k.pk.data(), msg.data(), msg.size(), sig.data(), sig.size(), *ws);
    }
};

using Sets = testing::Types<mqom::Scheme<mqom::mqom2_cat1_gf16_faster_r5, mqom::Desktop>,
                            mqom::Scheme<mqom::mqom2_cat1_gf16_faster_r5, mqom::Compact>,
                            mqom::Scheme<mqom::mqom2_cat3_gf16_faster_r5, mqom::Desktop>,
                            mqom::Scheme<mqom::mqom2_cat3_gf16_faster_r5, mqom::Compact>,
                            mqom::Scheme<mqom::mqom2_cat5_gf16_faster_r5, mqom::Desktop>,
                            mqom::Scheme<mqom::mqom2_cat5_gf16_faster_r5, mqom::Compact>>;
// Test names: <set>_<profile>, e.g. mqom2_cat1_gf16_faster_r5_compact.
struct SetNames {
    template <class S>
    static std::string GetName(int) {
        return std::string(S::name) + "_" + S::profile_type::name;
    }
};
TYPED_TEST_SUITE(MqomFaster, Sets, SetNames);

std::vector<uint8_t> message(size_t len, uint8_t tag) {
    std::vector<uint8_t> m(len);
    for (size_t i = 0; i < len; ++i) m[i] = uint8_t(tag + 7 * i);
    return m;
}

TYPED_TEST(MqomFaster, SizesAreThePublishedOnes) {
    using S = TypeParam;
    const mqom::Params& p = S::set_type::P;
    const uint32_t expected = p.category == 1 ? 3984 : p.category == 3 ? 9016 : 15864;
    EXPECT_EQ(S::sig_bytes, expected);
    EXPECT_EQ(p.n_evals, 64);
    EXPECT_EQ(S::pk_bytes, p.category == 1 ? 60u : p.category == 3 ? 90u : 122u);
}

TYPED_TEST(MqomFaster, RoundTripSeveralMessages) {
    const auto k = this->keys(1);
    uint32_t seed = 100;
    for (size_t len : {size_t(0), size_t(1), size_t(33), size_t(100), size_t(1000), size_t(3300)}) {
        const std::vector<uint8_t> msg = message(len, uint8_t(len));
        const std::vector<uint8_t> sig = this->sign(k, msg, seed++);
        EXPECT_EQ(this->verify(k, msg, sig), Status::ok) << "message of " << len << " bytes";
        std::vector<uint8_t> other = msg;
        other.push_back(1);
        EXPECT_EQ(this->verify(k, other, sig), Status::verify_failed) << "message of " << len << " bytes";
    }
}

TYPED_TEST(MqomFaster, SigningIsDeterministicAndProfileIndependent) {
    using S = TypeParam;
    using Other = mqom::Scheme<typename S::set_type,
                               std::conditional_t<std::is_same_v<typename S::profile_type, mqom::Desktop>,
                                                  mqom::Compact, mqom::Desktop>>;
    const auto k = this->keys(2);
    const std::vector<uint8_t> msg = message(57, 3);
    std::vector<uint8_t> mseed(S::seed_bytes, 0x11), salt(S::seed_bytes, 0x22);
    std::vector<uint8_t> a(S::sig_bytes), b(S::sig_bytes), c(S::sig_bytes), d(S::sig_bytes);
    ASSERT_EQ(S::sign_with(k.sk.data(), msg.data(), msg.size(), mseed.data(), salt.data(), a.data(), *this->ws),
              Status::ok);
    ASSERT_EQ(S::sign_with(k.sk.data(), msg.data(), msg.size(), mseed.data(), salt.data(), b.data(), *this->ws),
              Status::ok);
    EXPECT_EQ(a, b) << "same mseed and salt, same signature";
    EXPECT_EQ(this->verify(k, msg, a), Status::ok);
    auto other_ws = std::make_unique<typename Other::Workspace>();
    ASSERT_EQ(Other::sign_with(k.sk.data(), msg.data(), msg.size(), mseed.data(), salt.data(), c.data(), *other_ws),
              Status::ok);
    EXPECT_EQ(a, c) << "profiles never change outputs";
    salt[0] ^= 1;
    ASSERT_EQ(S::sign_with(k.sk.data(), msg.data(), msg.size(), mseed.data(), salt.data(), d.data(), *this->ws),
              Status::ok);
    EXPECT_NE(a, d);
    EXPECT_EQ(this->verify(k, msg, d), Status::ok);
    // The nonce is the smallest one passing the w-bit grinding condition: with
    // w <= 6 it is small (a loose bound that holds with overwhelming odds).
    const size_t off = S::set_type::P.sig_off_nonce;
    const uint32_t nonce = a[off] | uint32_t(a[off + 1]) << 8 | uint32_t(a[off + 2]) << 16 | uint32_t(a[off + 3]) << 24;
    EXPECT_LT(nonce, 4096u);
}

TYPED_TEST(MqomFaster, EveryPartOfTheSignatureIsBound) {
    using S = TypeParam;
    const auto k = this->keys(3);
    const std::vector<uint8_t> msg = message(11, 9);
    const std::vector<uint8_t> sig = this->sign(k, msg, 7);
    ASSERT_EQ(this->verify(k, msg, sig), Status::ok);
    const auto parts = regions(S::set_type::P);
    ASSERT_EQ(parts.back().offset + parts.back().length, sig.size());
    for (const Region& r : parts) {
        const size_t picks[3] = {r.offset, r.offset + r.length / 2, r.offset + r.length - 1};
        for (int j = r.inner ? 1 : 0; j < (r.inner ? 2 : 3); ++j) {
            std::vector<uint8_t> bad = sig;
            bad[picks[j]] ^= uint8_t(1u << ((picks[j] + 3 * j) % 8));
            EXPECT_EQ(this->verify(k, msg, bad), Status::verify_failed) << r.label << " byte " << picks[j];
        }
    }
}

TYPED_TEST(MqomFaster, WrongKeysAndLengthsAreRejected) {
    using S = TypeParam;
    const auto k = this->keys(4), other = this->keys(5);
    const std::vector<uint8_t> msg = message(20, 1);
    const std::vector<uint8_t> sig = this->sign(k, msg, 8);
    EXPECT_EQ(this->verify(other, msg, sig), Status::verify_failed) << "another key";
    auto& ws = *this->ws;
    EXPECT_EQ(S::verify(k.pk.data(), msg.data(), msg.size(), sig.data(), sig.size() - 1, ws), Status::bad_length);
    EXPECT_EQ(S::verify(k.pk.data(), msg.data(), msg.size(), sig.data(), sig.size() + 1, ws), Status::bad_length);
    EXPECT_EQ(S::verify(k.pk.data(), msg.data(), msg.size(), sig.data(), 0, ws), Status::bad_length);
    EXPECT_EQ(S::verify(k.pk.data(), S::pk_bytes - 1, msg.data(), msg.size(), sig.data(), sig.size(), ws),
              Status::bad_length);
    EXPECT_EQ(S::verify(nullptr, msg.data(), msg.size(), sig.data(), sig.size(), ws), Status::bad_argument);
}

}  // namespace
