// SPDX-License-Identifier: Apache-2.0 OR MIT
// Hash-then-sign through the digest entry points: the official NIST KAT
// entries (MQOM v2.1: a few sets of cat 1, 3 and 5; MAYO: every set) signed
// as sign_digest(digest(msg)) with the message absorbed in chunks equal the
// official signatures, verify_digest accepts them and rejects a tampered
// digest or signature; the digest does not depend on how the message is
// split. Through the host API (pqmcu::Signature, MessageHasher) and the
// scheme types of the low-memory profiles (MQOM Memory: sign_low_stack and
// verify_grouped; MAYO Streamed).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "mayo/scheme.hpp"
#include "mqom/scheme.hpp"
#include "pqmcu/pqmcu.h"
#include "pqmcu/pqmcu.hpp"
#include "rng/randombytes.h"
#include "support/rsp.hpp"

#ifndef PQMCU_SHARED_DIR
#error "PQMCU_SHARED_DIR must point at shared/"
#endif

namespace {

using pqmcu::Status;
using Bytes = std::vector<uint8_t>;

using pqmcu::test::KatEntry;
using pqmcu::test::read_rsp;

// The signature inside the NIST attached form.
Bytes signature_of(const KatEntry& k, bool signature_first) {
    const size_t sl = k.sm.size() - k.msg.size();
    return signature_first ? Bytes(k.sm.begin(), k.sm.begin() + long(sl)) : Bytes(k.sm.end() - long(sl), k.sm.end());
}

constexpr size_t kEntries = 3;

// ---- host API: Signature::by_name, MessageHasher, sign_digest / verify_digest

void check_api_kat(const char* name, const std::string& file) {
    const pqmcu::Signature s = pqmcu::Signature::by_name(name);
    ASSERT_TRUE(s) << name;
    const auto kats = read_rsp(std::string(PQMCU_SHARED_DIR) + "/kat/" + file, kEntries);
    ASSERT_EQ(kats.size(), kEntries) << file;
    ASSERT_GT(s.message_digest_bytes(), 0u);
    ASSERT_LE(s.message_digest_bytes(), pqmcu::kMaxMessageDigestBytes);
    for (size_t e = 0; e < kats.size(); ++e) {
        const KatEntry& k = kats[e];
        Bytes seed = k.seed;
        randombytes_init(seed.data(), nullptr, 256);
        Bytes pk(s.public_key_bytes()), sk(s.secret_key_bytes()), sig(s.signature_bytes());
        ASSERT_EQ(s.keypair(pk, sk, pqmcu::nist_drbg_random()), Status::ok);
        ASSERT_EQ(pk, k.pk) << name << " entry " << e;
        // The message in 7-byte chunks.
        pqmcu::MessageHasher h = s.message_hasher();
        for (size_t off = 0; off < k.msg.size(); off += 7)
            ASSERT_EQ(h.update({k.msg.data() + off, std::min<size_t>(7, k.msg.size() - off)}), Status::ok);
        Bytes digest(s.message_digest_bytes());
        ASSERT_EQ(h.finish(digest), Status::ok);
        EXPECT_EQ(h.update(digest), Status::bad_argument) << "absorb after finish";
        size_t siglen = 0;
        ASSERT_EQ(s.sign_digest(sk, digest, sig, &siglen, pqmcu::nist_drbg_random()), Status::ok);
        sig.resize(siglen);
        ASSERT_EQ(sig, signature_of(k, s.attached_signature_first())) << name << " entry " << e;
        ASSERT_EQ(s.verify_digest(pk, digest, sig), Status::ok);
        ASSERT_EQ(s.verify(pk, k.msg, sig), Status::ok);  // the one-call path agrees
        Bytes bad = digest;
        bad[e % bad.size()] ^= 0x01;
        EXPECT_EQ(s.verify_digest(pk, bad, sig), Status::verify_failed) << "tampered digest";
        Bytes bad_sig = sig;
        bad_sig[bad_sig.size() / 2] ^= 0x10;
        EXPECT_NE(s.verify_digest(pk, digest, bad_sig), Status::ok) << "tampered signature";
        EXPECT_EQ(s.verify_digest(pk, {digest.data(), digest.size() - 1}, sig), Status::bad_length);
    }
}

struct ApiCase {
    const char* name;
    const char* file;
};

class DigestApiKat : public ::testing::TestWithParam<ApiCase> {};

TEST_P(DigestApiKat, SignDigestEqualsOfficialSignature) { check_api_kat(GetParam().name, GetParam().file); }

INSTANTIATE_TEST_SUITE_P(
    Sets, DigestApiKat,
    ::testing::Values(ApiCase{"mqom2_cat1_gf2_fast_r3", "mqom/PQCsignKAT_cat1-gf2-fast-r3.rsp"},
                      ApiCase{"mqom2_cat1_gf16_fast_r5", "mqom/PQCsignKAT_cat1-gf16-fast-r5.rsp"},
                      ApiCase{"mqom2_cat3_gf256_fast_r5", "mqom/PQCsignKAT_cat3-gf256-fast-r5.rsp"},
                      ApiCase{"mqom2_cat5_gf16_fast_r5", "mqom/PQCsignKAT_cat5-gf16-fast-r5.rsp"},
                      ApiCase{"MAYO-1", "mayo/round2/PQCsignKAT_24_MAYO_1.rsp"},
                      ApiCase{"MAYO-2", "mayo/round2/PQCsignKAT_24_MAYO_2.rsp"},
                      ApiCase{"MAYO-3", "mayo/round2/PQCsignKAT_32_MAYO_3.rsp"},
                      ApiCase{"MAYO-5", "mayo/round2/PQCsignKAT_40_MAYO_5.rsp"},
                      ApiCase{"MAYO-1-r1", "mayo/round1/PQCsignKAT_24_MAYO_1.rsp"},
                      ApiCase{"MAYO-2-r1", "mayo/round1/PQCsignKAT_24_MAYO_2.rsp"},
                      ApiCase{"MAYO-3-r1", "mayo/round1/PQCsignKAT_32_MAYO_3.rsp"},
                      ApiCase{"MAYO-5-r1", "mayo/round1/PQCsignKAT_40_MAYO_5.rsp"}),
    [](const ::testing::TestParamInfo<ApiCase>& i) {
        std::string n = i.param.name;
        for (char& c : n)
            if (c == '-') c = '_';
        return n;
    });

// ---- scheme types: the low-memory profiles' own workspaces

auto nist_rng = [](uint8_t* out, size_t n) { return randombytes(out, n); };

template <class S>
Bytes chunked_digest(const Bytes& msg, size_t chunk) {
    typename S::MessageDigest md;
    for (size_t off = 0; off < msg.size(); off += chunk)
        EXPECT_EQ(md.absorb(msg.data() + off, std::min(chunk, msg.size() - off)), Status::ok);
    Bytes d(S::message_digest_bytes);
    EXPECT_EQ(md.final(d.data()), Status::ok);
    return d;
}

// SignWs / VerifyWs: the workspaces the profile's small paths take.
template <class S, class SignWs, class VerifyWs>
void check_scheme_kat(const std::string& file, bool signature_first) {
    const auto kats = read_rsp(std::string(PQMCU_SHARED_DIR) + "/kat/" + file, kEntries);
    ASSERT_EQ(kats.size(), kEntries) << file;
    auto ws = std::make_unique<typename S::Workspace>();
    auto sws = std::make_unique<SignWs>();
    auto vws = std::make_unique<VerifyWs>();
    for (size_t e = 0; e < kats.size(); ++e) {
        const KatEntry& k = kats[e];
        Bytes seed = k.seed;
        randombytes_init(seed.data(), nullptr, 256);
        Bytes pk(S::pk_bytes), sk(S::sk_bytes), sig(S::sig_bytes);
        ASSERT_EQ(S::keypair(pk.data(), sk.data(), nist_rng, *ws), Status::ok);
        ASSERT_EQ(pk, k.pk);
        const Bytes digest = chunked_digest<S>(k.msg, 65536);
        ASSERT_EQ(S::sign_digest(sk.data(), digest.data(), sig.data(), nist_rng, *sws), Status::ok);
        ASSERT_EQ(sig, signature_of(k, signature_first)) << file << " entry " << e;
        ASSERT_EQ(S::verify_digest(pk.data(), digest.data(), sig.data(), sig.size(), *vws), Status::ok);
        Bytes bad = digest;
        bad[0] ^= 0x80;
        EXPECT_EQ(S::verify_digest(pk.data(), bad.data(), sig.data(), sig.size(), *vws), Status::verify_failed);
        EXPECT_EQ(S::verify_digest(pk.data(), nullptr, sig.data(), sig.size(), *vws), Status::bad_argument);
        EXPECT_EQ(S::sign_digest(sk.data(), nullptr, sig.data(), nist_rng, *sws), Status::bad_argument);
    }
}

namespace mqom = pqmcu::mqom;
namespace mayo = pqmcu::mayo;

TEST(DigestSchemeKat, MqomMemoryCat1LowStackAndGrouped) {
    using S = mqom::Scheme<mqom::mqom2_cat1_gf16_fast_r5, mqom::Memory>;
    static_assert(S::piop_in_sig && S::grouped_verify);
    check_scheme_kat<S, typename S::SignWorkspace, typename S::VerifyWorkspace>(
        "mqom/PQCsignKAT_cat1-gf16-fast-r5.rsp", false);
}
TEST(DigestSchemeKat, MqomBalancedCat3) {
    using S = mqom::Scheme<mqom::mqom2_cat3_gf16_fast_r5, mqom::Balanced>;
    check_scheme_kat<S, typename S::Workspace, typename S::Workspace>("mqom/PQCsignKAT_cat3-gf16-fast-r5.rsp", false);
}
TEST(DigestSchemeKat, MayoStreamed1) {
    using S = mayo::Scheme<mayo::mayo_1, mayo::Streamed>;
    check_scheme_kat<S, typename S::SignWorkspace, typename S::VerifyWorkspace>(
        "mayo/round2/PQCsignKAT_24_MAYO_1.rsp", true);
}
TEST(DigestSchemeKat, MayoStreamed5) {
    using S = mayo::Scheme<mayo::mayo_5, mayo::Streamed>;
    check_scheme_kat<S, typename S::SignWorkspace, typename S::VerifyWorkspace>(
        "mayo/round2/PQCsignKAT_40_MAYO_5.rsp", true);
}
TEST(DigestSchemeKat, MayoExpandedKeys) {
    using S = mayo::Scheme<mayo::mayo_2>;
    const auto kats = read_rsp(std::string(PQMCU_SHARED_DIR) + "/kat/mayo/round2/PQCsignKAT_24_MAYO_2.rsp", 1);
    ASSERT_EQ(kats.size(), 1u);
    auto ws = std::make_unique<S::Workspace>();
    auto esk = std::make_unique<S::ExpandedSecretKey>();
    auto epk = std::make_unique<S::ExpandedPublicKey>();
    Bytes seed = kats[0].seed;
    randombytes_init(seed.data(), nullptr, 256);
    Bytes pk(S::pk_bytes), sk(S::sk_bytes), sig(S::sig_bytes);
    ASSERT_EQ(S::keypair(pk.data(), sk.data(), nist_rng, *ws), Status::ok);
    ASSERT_EQ(S::expand_secret_key(sk.data(), *esk), Status::ok);
    ASSERT_EQ(S::expand_public_key(pk.data(), *epk), Status::ok);
    const Bytes digest = chunked_digest<S>(kats[0].msg, 1);
    ASSERT_EQ(S::sign_expanded_digest(*esk, digest.data(), sig.data(), nist_rng, *ws), Status::ok);
    ASSERT_EQ(sig, signature_of(kats[0], true));
    ASSERT_EQ(S::verify_expanded_digest(*epk, digest.data(), sig.data(), sig.size(), *ws), Status::ok);
    S::wipe_expanded(*esk);
}

// ---- the C API: pqmcu_sign_digest_* over the NIST DRBG (pqmcu_set_random)

TEST(DigestCApi, MqomAndMayoKat) {
    pqmcu_set_random([](void*, uint8_t* out, size_t n) { return randombytes(out, n); }, nullptr);
    for (const ApiCase& c : {ApiCase{"mqom2_cat1_gf16_fast_r5", "mqom/PQCsignKAT_cat1-gf16-fast-r5.rsp"},
                             ApiCase{"MAYO-2", "mayo/round2/PQCsignKAT_24_MAYO_2.rsp"}}) {
        const auto kats = read_rsp(std::string(PQMCU_SHARED_DIR) + "/kat/" + c.file, 1);
        ASSERT_EQ(kats.size(), 1u);
        const KatEntry& k = kats[0];
        size_t pkb = 0, skb = 0, sigb = 0, db = 0;
        ASSERT_EQ(pqmcu_sign_sizes(c.name, &pkb, &skb, &sigb), PQMCU_OK);
        ASSERT_EQ(pqmcu_sign_digest_bytes(c.name, &db), PQMCU_OK);
        Bytes seed = k.seed;
        randombytes_init(seed.data(), nullptr, 256);
        Bytes pk(pkb), sk(skb), sig(sigb), digest(db);
        ASSERT_EQ(pqmcu_sign_keypair(c.name, pk.data(), pk.size(), sk.data(), sk.size()), PQMCU_OK);
        pqmcu_message_digest md;
        ASSERT_EQ(pqmcu_sign_digest_init(c.name, &md), PQMCU_OK);
        for (size_t off = 0; off < k.msg.size(); off += 5)
            ASSERT_EQ(pqmcu_sign_digest_absorb(&md, k.msg.data() + off, std::min<size_t>(5, k.msg.size() - off)),
                      PQMCU_OK);
        ASSERT_EQ(pqmcu_sign_digest_final(&md, digest.data(), digest.size()), PQMCU_OK);
        size_t siglen = sig.size();
        ASSERT_EQ(pqmcu_sign_digest_signature(c.name, sig.data(), &siglen, digest.data(), digest.size(), sk.data(),
                                              sk.size()),
                  PQMCU_OK);
        sig.resize(siglen);
        const bool sig_first = pqmcu::Signature::by_name(c.name).attached_signature_first();
        EXPECT_EQ(sig, signature_of(k, sig_first)) << c.name;
        EXPECT_EQ(pqmcu_sign_digest_verify(c.name, sig.data(), sig.size(), digest.data(), digest.size(), pk.data(),
                                           pk.size()),
                  PQMCU_OK);
        digest[0] ^= 1;
        EXPECT_EQ(pqmcu_sign_digest_verify(c.name, sig.data(), sig.size(), digest.data(), digest.size(), pk.data(),
                                           pk.size()),
                  PQMCU_VERIFY_FAILED);
        EXPECT_EQ(pqmcu_sign_digest_init("no-such", &md), PQMCU_UNKNOWN_NAME);
    }
    pqmcu_set_random(nullptr, nullptr);
}

// ---- the digest does not depend on the chunking

template <class S>
void check_chunking() {
    std::mt19937 g(7);
    Bytes msg(200000);
    for (auto& b : msg) b = uint8_t(g());
    const Bytes whole = chunked_digest<S>(msg, msg.size());
    Bytes direct(S::message_digest_bytes);
    ASSERT_EQ(S::MessageDigest::compute(msg.data(), msg.size(), direct.data()), Status::ok);
    EXPECT_EQ(whole, direct);
    for (size_t chunk : {size_t(1), size_t(7), size_t(135), size_t(136), size_t(167), size_t(168), size_t(65536)})
        EXPECT_EQ(chunked_digest<S>(msg, chunk), whole) << "chunk " << chunk;
    // Different messages, different digests (a wrong absorb would not show above).
    msg.back() ^= 1;
    EXPECT_NE(chunked_digest<S>(msg, 65536), whole);
    // The empty message: no absorb at all.
    Bytes empty_a(S::message_digest_bytes), empty_b(S::message_digest_bytes);
    typename S::MessageDigest md;
    ASSERT_EQ(md.final(empty_a.data()), Status::ok);
    ASSERT_EQ(S::MessageDigest::compute(nullptr, 0, empty_b.data()), Status::ok);
    EXPECT_EQ(empty_a, empty_b);
}

TEST(DigestChunking, MqomCat1) { check_chunking<mqom::Scheme<mqom::mqom2_cat1_gf16_fast_r5>>(); }
TEST(DigestChunking, MqomCat3) { check_chunking<mqom::Scheme<mqom::mqom2_cat3_gf16_fast_r5>>(); }
TEST(DigestChunking, MqomCat5) { check_chunking<mqom::Scheme<mqom::mqom2_cat5_gf16_fast_r5>>(); }
TEST(DigestChunking, Mayo) { check_chunking<mayo::Scheme<mayo::mayo_3>>(); }

}  // namespace
