// SPDX-License-Identifier: Apache-2.0 OR MIT
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

// The signer's streamed tree walks against the in-place expansion: the
// depth-first walk (Ggm::stream), the breadth-first top (stream_bfs with room
// for all 2^R subtree roots) and its groups (room for 2^m of them, every m),
// with and without cached upper-level keys; prepared (fixsliced) and plain
// keys. Every leaf, in order.
template <unsigned Sec, class K>
void check_tree_walks(uint32_t log_n, cipher::Backend be) {
    using G = mqom::detail::Ggm<Sec>;
    using P = mqom::detail::Prims<Sec>;
    constexpr size_t S = Sec / 8;
    constexpr uint32_t lb = 3;
    const uint32_t N = 1u << log_n, R = log_n - lb;
    const uint32_t e = 5;
    uint8_t salt[S], rseed[S], delta[S];
    fill(salt, S, 11 * log_n);
    fill(rseed, S, 23 * log_n);
    fill(delta, S, 37 * log_n);
    std::vector<uint8_t> ref(size_t(N) * S), got(size_t(N) * S);
    G::expand(salt, rseed, delta, e, log_n, ref.data(), be);
    auto bottom = std::make_unique<K[]>(lb);
    for (uint32_t t = 0; t < lb; ++t) P::tweak_key(bottom[t], salt, 2, e, R + t - 1);
    const uint32_t max_up = R - 1;
    auto upper = std::make_unique<K[]>(max_up > 0 ? max_up : 1);
    std::vector<uint8_t> nodes(S << R);
    uint32_t next = 0;
    auto f = [&](uint32_t i0, const uint8_t* leaves) {
        ASSERT_EQ(i0, next);
        std::memcpy(got.data() + size_t(i0) * S, leaves, S << lb);
        next += 1u << lb;
    };
    for (uint32_t nup : {0u, 2u, max_up}) {
        if (nup > max_up) continue;
        for (uint32_t u = 0; u < nup; ++u) P::tweak_key(upper[u], salt, 2, e, R - 1 - nup + u);
        const K* up = nup ? upper.get() : nullptr;
        for (uint32_t m = 0; m <= R; ++m) {  // m = 0: the depth-first walk
            std::fill(got.begin(), got.end(), 0);
            next = 0;
            K k;
            if (m == 0) G::stream(salt, e, log_n, lb, rseed, delta, nullptr, 0, bottom.get(), up, nup, k, be, f);
            else G::stream_bfs(salt, e, R, lb, rseed, delta, bottom.get(), up, nup, nodes.data(), m, k, be, f);
            ASSERT_EQ(next, N) << "log N " << log_n << " m " << m << " nup " << nup;
            ASSERT_EQ(got, ref) << "log N " << log_n << " m " << m << " nup " << nup;
        }
    }
}

TEST(Ggm, StreamedWalksMatchInPlaceExpansion) {
    using E128 = mqom::detail::Enc<128>;
    using E256 = mqom::detail::Enc<256>;
    for (uint32_t log_n : {5u, 8u, 11u}) {
        check_tree_walks<128, E128::Key>(log_n, cipher::Backend::automatic);
        check_tree_walks<128, E128::PKey>(log_n, cipher::Backend::bitsliced);
    }
    check_tree_walks<256, E256::PKey>(8, cipher::Backend::bitsliced);
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
        // SeedDerive (LinOrtho in the stores): two blocks, and one block in
        // both lanes with one output (its LinOrtho once: the host fallback
        // once XORed it twice, cancelling it)
        uint8_t sd[32], sd1[16];
        for (unsigned k = 0; k < 2; ++k)
            for (unsigned i = 0; i < 8; ++i) {
                sd[16 * k + i] = uint8_t(ref[16 * k + i] ^ in[16 * k + i] ^ in[16 * k + 8 + i]);
                sd[16 * k + 8 + i] = uint8_t(ref[16 * k + 8 + i] ^ in[16 * k + i]);
            }
        cipher::encrypt2_lin_ortho_fixsliced(pk, in, in + 16, out, out + 16);
        EXPECT_EQ(std::memcmp(out, sd, 32), 0);
        cipher::encrypt2_lin_ortho_fixsliced(pk, in + 16, in + 16, sd1, sd1);
        EXPECT_EQ(std::memcmp(sd1, sd + 16, 16), 0);
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
// The same without the breadth-first tree groups: short sets' signers walk
// their trees depth first (Ggm::stream, single-block and two-key passes).
struct M4BalancedDepthFirst : M4Balanced {
    static constexpr size_t sign_tree_top_bytes = 0;
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
    check_profile<mqom::mqom2_cat1_gf16_short_r5, M4Balanced>();  // tree in breadth-first groups
    check_profile<mqom::mqom2_cat1_gf16_short_r5, M4BalancedDepthFirst>();
    check_profile<mqom::mqom2_cat3_gf16_short_r5, M4Balanced>();
}

TEST(Profiles, M4BackendsLutMatchDesktop) {
    check_profile<mqom::mqom2_cat1_gf16_fast_r5, M4Lut>();
    check_profile<mqom::mqom2_cat1_gf16_faster_r5, M4Lut>();
    check_profile<mqom::mqom2_cat1_gf256_fast_r5, M4Lut>();
    check_profile<mqom::mqom2_cat5_gf16_faster_r5, M4Lut>();
}

}  // namespace
