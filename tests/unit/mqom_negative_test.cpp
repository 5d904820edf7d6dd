// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM negative tests through the public APIs: every part of a signature is
// tampered with, keys are wrong or malformed, lengths are off. Verification
// must fail with a clear status and never crash (run under ASan/UBSan too).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "mqom/params.hpp"
#include "mqom_sig_regions.hpp"
#include "pqmcu/pqmcu.h"
#include "pqmcu/pqmcu.hpp"

namespace {

using pqmcu::Signature;
using pqmcu::Status;
using pqmcu::mqom::Params;
using pqmcu::test::mqom_regions::Region;
using pqmcu::test::mqom_regions::regions;

struct KeyAndSig {
    std::vector<uint8_t> pk, sk, sig, msg;
};

KeyAndSig make(const Signature& s) {
    KeyAndSig k;
    k.pk.resize(s.public_key_bytes());
    k.sk.resize(s.secret_key_bytes());
    k.sig.resize(s.signature_bytes());
    k.msg = {'f', 'i', 'r', 'm', 'w', 'a', 'r', 'e', ' ', 'v', '1'};
    EXPECT_EQ(s.keypair(k.pk, k.sk), Status::ok);
    size_t len = 0;
    EXPECT_EQ(s.sign(k.sk, k.msg, k.sig, &len), Status::ok);
    EXPECT_EQ(len, s.signature_bytes());
    EXPECT_EQ(s.verify(k.pk, k.msg, k.sig), Status::ok);
    return k;
}

class MqomNegative : public testing::TestWithParam<const char*> {};

TEST_P(MqomNegative, EveryPartOfTheSignatureIsBound) {
    const Signature s = Signature::by_name(GetParam());
    ASSERT_TRUE(s);
    const Params* p = pqmcu::mqom::find_params(GetParam());
    ASSERT_NE(p, nullptr);
    KeyAndSig k = make(s);

    const auto parts = regions(*p);
    ASSERT_EQ(parts.back().offset + parts.back().length, k.sig.size()) << "regions must tile the signature";
    for (size_t i = 1; i < parts.size(); ++i) ASSERT_EQ(parts[i - 1].offset + parts[i - 1].length, parts[i].offset);

    for (const Region& r : parts) {
        // First, middle and last byte of each region; a different bit each time.
        const size_t picks[3] = {r.offset, r.offset + r.length / 2, r.offset + r.length - 1};
        for (int j = r.inner ? 1 : 0; j < (r.inner ? 2 : 3); ++j) {
            std::vector<uint8_t> bad = k.sig;
            bad[picks[j]] ^= uint8_t(1u << ((picks[j] + 3 * j) % 8));
            EXPECT_EQ(s.verify(k.pk, k.msg, bad), Status::verify_failed) << r.label << " byte " << picks[j];
        }
    }
}

TEST_P(MqomNegative, WrongKeysMessagesAndLengthsAreRejected) {
    const Signature s = Signature::by_name(GetParam());
    ASSERT_TRUE(s);
    KeyAndSig k = make(s);
    KeyAndSig other = make(s);

    EXPECT_EQ(s.verify(other.pk, k.msg, k.sig), Status::verify_failed) << "another key";
    std::vector<uint8_t> msg = k.msg;
    msg.back() ^= 1;
    EXPECT_EQ(s.verify(k.pk, msg, k.sig), Status::verify_failed) << "another message";
    for (size_t at : {size_t(0), k.pk.size() / 2, k.pk.size() - 1}) {  // seed of the equations, then y
        std::vector<uint8_t> pk = k.pk;
        pk[at] ^= 0x80;
        EXPECT_EQ(s.verify(pk, k.msg, k.sig), Status::verify_failed) << "malformed pk byte " << at;
    }
    std::vector<uint8_t> zero_pk(k.pk.size(), 0);
    EXPECT_EQ(s.verify(zero_pk, k.msg, k.sig), Status::verify_failed);

    // Lengths: truncated, extended, empty signatures; short keys.
    EXPECT_EQ(s.verify(k.pk, k.msg, std::span(k.sig).first(k.sig.size() - 1)), Status::bad_length);
    std::vector<uint8_t> longer = k.sig;
    longer.push_back(0);
    EXPECT_EQ(s.verify(k.pk, k.msg, longer), Status::bad_length);
    EXPECT_EQ(s.verify(k.pk, k.msg, {}), Status::bad_length);
    EXPECT_EQ(s.verify(std::span(k.pk).first(k.pk.size() - 1), k.msg, k.sig), Status::bad_length);
    size_t len = 0;
    std::vector<uint8_t> small(k.sig.size() - 1);
    EXPECT_EQ(s.sign(k.sk, k.msg, small, &len), Status::bad_length);
    EXPECT_EQ(s.sign(std::span(k.sk).first(k.sk.size() - 1), k.msg, k.sig, &len), Status::bad_length);
    std::vector<uint8_t> pk_short(k.pk.size() - 1);
    EXPECT_EQ(s.keypair(pk_short, k.sk), Status::bad_length);
}

// Release builds cover all 48 + 3 (Faster) sets; sanitizer builds (much slower) a spread of them.
std::vector<const char*> tested_sets() {
    std::vector<const char*> v;
#if defined(PQMCU_FEWER_SETS)
    for (const char* n : {"mqom2_cat1_gf16_fast_r5", "mqom2_cat1_gf2_short_r3", "mqom2_cat1_gf4_fast_r3",
                          "mqom2_cat1_gf256_short_r5", "mqom2_cat3_gf16_fast_r5", "mqom2_cat5_gf256_fast_r3",
                          "mqom2_cat1_gf16_faster_r5"})
        v.push_back(n);
#else
    for (const Params& p : pqmcu::mqom::kAllParams) v.push_back(p.name);
#endif
    return v;
}

INSTANTIATE_TEST_SUITE_P(Sets, MqomNegative, testing::ValuesIn(tested_sets()),
                         [](const testing::TestParamInfo<const char*>& info) { return std::string(info.param); });

TEST(SignatureApi, UnknownNamesAndBadArguments) {
    EXPECT_FALSE(Signature::by_name("mqom2_cat9_gf16_fast_r5"));
    EXPECT_EQ(Signature::by_name("nope").verify({}, {}, {}), Status::unknown_name);
    uint8_t buf[16] = {};
    size_t len = sizeof buf;
    EXPECT_EQ(pqmcu_sign_keypair("nope", buf, 16, buf, 16), PQMCU_UNKNOWN_NAME);
    EXPECT_EQ(pqmcu_sign_keypair(nullptr, buf, 16, buf, 16), PQMCU_UNKNOWN_NAME);
    EXPECT_EQ(pqmcu_sign_signature("mqom2_cat1_gf16_fast_r5", nullptr, &len, buf, 1, buf, 16), PQMCU_BAD_ARGUMENT);
    EXPECT_EQ(pqmcu_sign_verify("mqom2_cat1_gf16_fast_r5", buf, 1, nullptr, 5, buf, 16), PQMCU_BAD_ARGUMENT);
    EXPECT_EQ(pqmcu_sign_verify("mqom2_cat1_gf16_fast_r5", buf, 1, buf, 0, buf, 16), PQMCU_BAD_LENGTH);
    EXPECT_STREQ(pqmcu_status_message(PQMCU_VERIFY_FAILED), "verification failed");
}

TEST(SignatureApi, CApiRoundTrip) {
    const char* name = "mqom2_cat1_gf16_fast_r5";
    size_t pkb = 0, skb = 0, sigb = 0;
    ASSERT_EQ(pqmcu_sign_sizes(name, &pkb, &skb, &sigb), PQMCU_OK);
    std::vector<uint8_t> pk(pkb), sk(skb), sig(sigb);
    const uint8_t msg[3] = {1, 2, 3};
    ASSERT_EQ(pqmcu_sign_keypair(name, pk.data(), pk.size(), sk.data(), sk.size()), PQMCU_OK);
    size_t len = sig.size();
    ASSERT_EQ(pqmcu_sign_signature(name, sig.data(), &len, msg, 3, sk.data(), sk.size()), PQMCU_OK);
    EXPECT_EQ(pqmcu_sign_verify(name, sig.data(), len, msg, 3, pk.data(), pk.size()), PQMCU_OK);
    sig[10] ^= 4;
    EXPECT_EQ(pqmcu_sign_verify(name, sig.data(), len, msg, 3, pk.data(), pk.size()), PQMCU_VERIFY_FAILED);
    bool found = false;
    for (size_t i = 0; i < pqmcu_sign_count(); ++i) found |= std::string(pqmcu_sign_name(i)) == name;
    EXPECT_TRUE(found);
    EXPECT_EQ(pqmcu_sign_name(pqmcu_sign_count()), nullptr);
}

}  // namespace
