// The commitment-side glue of MQOM on its M4 paths, run on the host:
// grinding one lane at a time (the M4 form) against the 4-way form, the
// direct fixsliced pass and the unrolled public AES-128 schedule against the
// library's reference paths, and whole signatures of profiles forced onto
// the M4's backends (fixsliced secret AES with its prepared key cache,
// T-table public AES; the Lut profile's T-table secret AES) against Desktop.
// ctest names: mqom.glue.*
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "cipher/block_cipher.hpp"
#include "mqom/challenge.hpp"
#include "mqom/scheme.hpp"

namespace {

using pqmcu::Status;
namespace mqom = pqmcu::mqom;
namespace cipher = pqmcu::cipher;

void fill(uint8_t* p, size_t n, uint32_t seed) {
    for (size_t i = 0; i < n; ++i) p[i] = uint8_t(((seed + i) * 0x9E3779B1u) >> 24);
}

template <class Set>
void check_grind() {
    constexpr mqom::Dims d = mqom::dims_of<Set>();
    for (uint32_t t = 0; t < 6; ++t) {
        uint8_t h[64];
        fill(h, sizeof h, 77 * t + d.sec);
        uint8_t n1[4], n2[4];
        uint16_t i1[mqom::detail::kMaxTau], i2[mqom::detail::kMaxTau];
        mqom::detail::grind_x4<d.sec>(d, h, n1, i1);
        mqom::detail::grind_scalar<d.sec>(d, h, n2, i2);
        ASSERT_EQ(std::memcmp(n1, n2, 4), 0) << Set::P.name << " try " << t;
        ASSERT_EQ(std::memcmp(i1, i2, sizeof(uint16_t) * d.tau), 0) << Set::P.name;
        // and the verifier's check accepts it
        uint16_t i3[mqom::detail::kMaxTau];
        ASSERT_TRUE(mqom::detail::challenge<d.sec>(d, h, n2, i3));
        ASSERT_EQ(std::memcmp(i1, i3, sizeof(uint16_t) * d.tau), 0);
    }
}

TEST(Grind, ScalarMatchesX4) {
    check_grind<mqom::mqom2_cat1_gf16_fast_r5>();
    check_grind<mqom::mqom2_cat1_gf16_faster_r5>();
    check_grind<mqom::mqom2_cat3_gf16_fast_r5>();
    check_grind<mqom::mqom2_cat5_gf16_faster_r5>();
}

TEST(Cipher, Encrypt2FixslicedMatchesBitsliced) {
    for (uint32_t t = 0; t < 20; ++t) {
        uint8_t key[16], in[32], ref[32], out[32];
        fill(key, 16, t);
        fill(in, 32, 1000 + t);
        cipher::Aes128Ctx rk;
        ASSERT_EQ(cipher::key_schedule<cipher::Aes128>(rk, key, 16), Status::ok);
        ASSERT_EQ(cipher::encrypt<cipher::Aes128>(rk, in, ref, 2, cipher::Backend::bitsliced), Status::ok);
        cipher::PreparedKey<cipher::Aes128> pk;
        cipher::prepare<cipher::Aes128>(pk, rk);
        // two blocks, outputs swapped in memory
        cipher::encrypt2_fixsliced(pk, in, in + 16, out + 16, out);
        EXPECT_EQ(std::memcmp(out, ref + 16, 16), 0);
        EXPECT_EQ(std::memcmp(out + 16, ref, 16), 0);
        // one block in both lanes, one output
        uint8_t one[16];
        cipher::encrypt2_fixsliced(pk, in + 16, in + 16, one, one);
        EXPECT_EQ(std::memcmp(one, ref + 16, 16), 0);
        // in place
        uint8_t io[32];
        std::memcpy(io, in, 32);
        cipher::encrypt2_fixsliced(pk, io, io + 16, io, io + 16);
        EXPECT_EQ(std::memcmp(io, ref, 32), 0);
    }
}

TEST(Cipher, PublicAes128ScheduleMatchesConstantTime) {
    for (uint32_t t = 0; t < 64; ++t) {
        uint8_t key[16];
        fill(key, 16, 31 * t);
        cipher::Aes128Ctx a, b;
        ASSERT_EQ(cipher::key_schedule<cipher::Aes128>(a, key, 16), Status::ok);
        ASSERT_EQ(cipher::key_schedule_public<cipher::Aes128>(b, key, 16), Status::ok);
        ASSERT_EQ(std::memcmp(a.w, b.w, sizeof a.w), 0);
    }
    cipher::Aes128Ctx c;
    uint8_t key[16] = {0};
    EXPECT_EQ(cipher::key_schedule_public<cipher::Aes128>(c, key, 15), Status::bad_length);
    EXPECT_EQ(cipher::key_schedule_public<cipher::Aes128>(c, nullptr, 16), Status::bad_argument);
}

// Balanced with the M4's backends forced: fixsliced secret AES (the prepared
// key cache, encrypt2_fixsliced pairs) and T-table public AES.
struct M4Balanced : mqom::Balanced {
    static constexpr cipher::Backend public_backend = cipher::Backend::table_not_ct;
    static constexpr cipher::Backend secret_backend = cipher::Backend::bitsliced;
};
// Lut as on the M4: T-table AES for the secret seeds too (NOT constant time).
struct M4Lut : mqom::Lut {
    static constexpr cipher::Backend public_backend = cipher::Backend::table_not_ct;
    static constexpr cipher::Backend secret_backend = cipher::Backend::table_not_ct;
};

template <class Set, class Prof>
void check_profile() {
    using D = mqom::Scheme<Set, mqom::Desktop>;
    using P = mqom::Scheme<Set, Prof>;
    auto wd = std::make_unique<typename D::Workspace>();
    auto wp = std::make_unique<typename P::Workspace>();
    std::vector<uint8_t> pk(D::pk_bytes), sk(D::sk_bytes), s1(D::sig_bytes), s2(D::sig_bytes);
    uint8_t seed[D::keygen_seed_bytes], mseed[D::seed_bytes], salt[D::seed_bytes], msg[33];
    fill(seed, sizeof seed, 5);
    ASSERT_EQ(D::keypair_from_seed(seed, pk.data(), sk.data()), Status::ok);
    for (uint32_t t = 0; t < 2; ++t) {
        fill(mseed, sizeof mseed, 100 + t);
        fill(salt, sizeof salt, 200 + t);
        fill(msg, sizeof msg, 300 + t);
        ASSERT_EQ(D::sign_with(sk.data(), msg, sizeof msg, mseed, salt, s1.data(), *wd), Status::ok);
        ASSERT_EQ(P::sign_with(sk.data(), msg, sizeof msg, mseed, salt, s2.data(), *wp), Status::ok);
        ASSERT_EQ(s1, s2) << Set::P.name << " " << Prof::name;
        ASSERT_EQ(P::verify(pk.data(), msg, sizeof msg, s2.data(), s2.size(), *wp), Status::ok);
        s2[D::sig_bytes / 2] ^= 1;
        ASSERT_EQ(P::verify(pk.data(), msg, sizeof msg, s2.data(), s2.size(), *wp), Status::verify_failed);
    }
}

TEST(Profiles, M4BackendsBalancedMatchDesktop) {
    check_profile<mqom::mqom2_cat1_gf16_fast_r5, M4Balanced>();
    check_profile<mqom::mqom2_cat1_gf16_faster_r5, M4Balanced>();
    check_profile<mqom::mqom2_cat1_gf2_fast_r3, M4Balanced>();
    check_profile<mqom::mqom2_cat3_gf16_faster_r5, M4Balanced>();
}

TEST(Profiles, M4BackendsLutMatchDesktop) {
    check_profile<mqom::mqom2_cat1_gf16_fast_r5, M4Lut>();
    check_profile<mqom::mqom2_cat1_gf16_faster_r5, M4Lut>();
    check_profile<mqom::mqom2_cat1_gf256_fast_r5, M4Lut>();
    check_profile<mqom::mqom2_cat5_gf16_faster_r5, M4Lut>();
}

}  // namespace
