// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM pre-signatures (src/mqom/presign.hpp): presign + sign_online driven by
// the NIST DRBG as the KAT harness drives the ordinary signer reproduce the
// official KAT signatures byte for byte (presign draws mseed, salt, then its
// mask randomness); a pre-signature is used once.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "mqom/presign.hpp"
#include "rng/randombytes.h"
#include "support/rsp.hpp"

namespace {

using pqmcu::Status;
namespace mqom = pqmcu::mqom;
using Bytes = std::vector<uint8_t>;

using pqmcu::test::KatEntry;
using pqmcu::test::read_rsp;

int nist_rng(uint8_t* out, size_t n) { return randombytes(out, n); }

template <class P>
void check_kat(const std::string& file, size_t entries) {
    const auto kats = read_rsp(std::string(PQMCU_SHARED_DIR) + "/kat/mqom/" + file, entries);
    ASSERT_EQ(kats.size(), entries) << file;
    auto ws = std::make_unique<typename P::Workspace>();
    auto pre = std::make_unique<typename P::PreSignature>();
    for (size_t e = 0; e < kats.size(); ++e) {
        const KatEntry& k = kats[e];
        Bytes seed = k.seed;
        randombytes_init(seed.data(), nullptr, 256);
        Bytes pk(P::pk_bytes), sk(P::sk_bytes), sig(P::sig_bytes);
        ASSERT_EQ(P::Base::keypair(pk.data(), sk.data(), nist_rng), Status::ok);
        ASSERT_EQ(pk, k.pk);
        ASSERT_EQ(P::presign(sk.data(), nist_rng, *pre, *ws), Status::ok);
        ASSERT_EQ(P::sign_online(sk.data(), *pre, k.msg.data(), k.msg.size(), sig.data()), Status::ok);
        const Bytes expect(k.sm.begin() + long(k.msg.size()), k.sm.end());
        ASSERT_EQ(sig, expect) << file << " entry " << e;
        // Used once: a second use fails and leaves sig's bytes alone.
        Bytes sig2 = sig;
        EXPECT_EQ(P::sign_online(sk.data(), *pre, k.msg.data(), k.msg.size(), sig2.data()), Status::bad_argument);
        EXPECT_EQ(sig2, sig);
    }
}

#if defined(PQMCU_SANITIZED_TESTS)
constexpr size_t kat_fast_entries = 10;  // ~20x slower under ASan
#else
constexpr size_t kat_fast_entries = 100;
#endif
TEST(MqomPresign, Cat1Gf16FastR5AllKatEntriesBalanced) {
    check_kat<mqom::PreSignScheme<mqom::mqom2_cat1_gf16_fast_r5, mqom::Balanced>>("PQCsignKAT_cat1-gf16-fast-r5.rsp",
                                                                                kat_fast_entries);
}
TEST(MqomPresign, Cat1Gf16ShortR5Memory) {
    check_kat<mqom::PreSignScheme<mqom::mqom2_cat1_gf16_short_r5, mqom::Memory>>("PQCsignKAT_cat1-gf16-short-r5.rsp",
                                                                               10);
}
TEST(MqomPresign, Cat1Gf2FastR3Desktop) {
    check_kat<mqom::PreSignScheme<mqom::mqom2_cat1_gf2_fast_r3, mqom::Desktop>>("PQCsignKAT_cat1-gf2-fast-r3.rsp", 5);
}
TEST(MqomPresign, Cat3Gf256ShortR5Balanced) {
    check_kat<mqom::PreSignScheme<mqom::mqom2_cat3_gf256_short_r5, mqom::Balanced>>(
        "PQCsignKAT_cat3-gf256-short-r5.rsp", 3);
}
TEST(MqomPresign, Cat5Gf16FastR5Balanced) {
    check_kat<mqom::PreSignScheme<mqom::mqom2_cat5_gf16_fast_r5, mqom::Balanced>>("PQCsignKAT_cat5-gf16-fast-r5.rsp",
                                                                                3);
}

TEST(MqomPresign, FreshOnlyAndTamperedPreSignature) {
    using P = mqom::PreSignScheme<mqom::mqom2_cat1_gf16_fast_r5, mqom::Balanced>;
    auto ws = std::make_unique<P::Workspace>();
    auto pre = std::make_unique<P::PreSignature>();
    Bytes pk(P::pk_bytes), sk(P::sk_bytes), sig(P::sig_bytes);
    const uint8_t seed[P::Base::keygen_seed_bytes] = {1, 2, 3};
    ASSERT_EQ(P::Base::keypair_from_seed(seed, pk.data(), sk.data()), Status::ok);
    const uint8_t msg[] = "boot image";
    // Never made: refused.
    EXPECT_EQ(P::sign_online(sk.data(), *pre, msg, sizeof msg, sig.data()), Status::bad_argument);
    const uint8_t ms[16] = {9}, salt[16] = {8}, mr[32] = {7};
    ASSERT_EQ(P::presign_with(sk.data(), ms, salt, mr, *pre, *ws), Status::ok);
    ASSERT_EQ(P::sign_online(sk.data(), *pre, msg, sizeof msg, sig.data()), Status::ok);
    auto vws = std::make_unique<P::Base::Workspace>();
    EXPECT_EQ(P::Base::verify(pk.data(), msg, sizeof msg, sig.data(), sig.size(), *vws), Status::ok);
    // The pre-signature is wiped after use.
    for (uint8_t b : pre->bytes) ASSERT_EQ(b, 0);
    // Equal to the ordinary signer with the same mseed / salt.
    Bytes ref(P::sig_bytes);
    ASSERT_EQ(P::Base::sign_with(sk.data(), msg, sizeof msg, ms, salt, ref.data(), *vws), Status::ok);
    EXPECT_EQ(sig, ref);
    // A pre-signature altered in storage gives a signature that does not verify.
    ASSERT_EQ(P::presign_with(sk.data(), ms, salt, mr, *pre, *ws), Status::ok);
    pre->bytes[P::mask_rnd_bytes + 20] ^= 1;  // inside com1
    ASSERT_EQ(P::sign_online(sk.data(), *pre, msg, sizeof msg, sig.data()), Status::ok);
    EXPECT_EQ(P::Base::verify(pk.data(), msg, sizeof msg, sig.data(), sig.size(), *vws), Status::verify_failed);
}

// The online opening of the fixsliced backend (the M4's; here the host's
// portable fixsliced pass): two trees per pass, keys prepared in pairs,
// must give Blc::open's bytes (odd tau: the last tree alone, in both lanes).
template <class P>
void check_paired_opening() {
    constexpr mqom::Dims d = P::dims;
    constexpr size_t S = P::S;
    std::vector<uint8_t> salt(S), x(d.x_bytes()), mseed(S);
    std::vector<uint16_t> i_star(d.tau);
    uint32_t v = 0x12345u;
    auto next = [&v] { return v = v * 1103515245u + 12345u, uint8_t(v >> 16); };
    for (int round = 0; round < 4; ++round) {
        for (auto& b : salt) b = next();
        for (auto& b : x) b = next();
        for (auto& b : mseed) b = next();
        for (auto& i : i_star) i = uint16_t((next() | next() << 8) & (d.n_evals() - 1u));
        const size_t pb = size_t(d.tau) * d.log_n * S, lb = size_t(d.tau) * 2 * S;
        Bytes p1(pb), l1(lb), p2(pb, 0xAA), l2(lb, 0x55);
        P::Base::Blc::open(d, salt.data(), x.data(), nullptr, mseed.data(), i_star.data(), p1.data(), l1.data(),
                           pqmcu::cipher::Backend::bitsliced);
        P::open_pairs(d, salt.data(), x.data(), mseed.data(), i_star.data(), p2.data(), l2.data());
        EXPECT_EQ(p1, p2) << "paths, round " << round;
        EXPECT_EQ(l1, l2) << "leaf commitments, round " << round;
    }
}
TEST(MqomPresign, PairedOpeningMatchesBlcOpen) {
    check_paired_opening<mqom::PreSignScheme<mqom::mqom2_cat1_gf16_fast_r5, mqom::Balanced>>();   // tau 17
    check_paired_opening<mqom::PreSignScheme<mqom::mqom2_cat1_gf16_short_r5, mqom::Balanced>>();  // tau 12
    check_paired_opening<mqom::PreSignScheme<mqom::mqom2_cat1_gf2_fast_r3, mqom::Memory>>();
}

}  // namespace
