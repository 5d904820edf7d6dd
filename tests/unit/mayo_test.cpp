// SPDX-License-Identifier: Apache-2.0 OR MIT
// MAYO (rounds 1 and 2) against the official NIST KAT files, through the
// DRBG flow of the reference harness: randombytes_init(seed); keypair;
// sign; compare pk, sk and sm (= signature || message); verify. Plus
// negative tests: bit flips, wrong key, wrong lengths.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "mayo/kernels.hpp"
#include "mayo/mvec.hpp"
#include "mayo/scheme.hpp"
#include "rng/randombytes.h"
#include "support/rsp.hpp"

#ifndef PQMCU_SHARED_DIR
#error "PQMCU_SHARED_DIR must point at shared/"
#endif

namespace {

using pqmcu::Status;
namespace mayo = pqmcu::mayo;

using pqmcu::test::KatEntry;
using pqmcu::test::read_rsp;

auto nist_rng = [](uint8_t* out, size_t n) { return randombytes(out, n); };

template <class Set, class Profile = mayo::Expanded>
void check_kat(const char* file, size_t entries) {
    using S = mayo::Scheme<Set, Profile>;
    const auto kats = read_rsp(std::string(PQMCU_SHARED_DIR) + "/kat/mayo/" + file, entries);
    ASSERT_EQ(kats.size(), entries) << file;
    auto ws = std::make_unique<typename S::Workspace>();
    for (size_t e = 0; e < kats.size(); ++e) {
        const KatEntry& k = kats[e];
        std::vector<uint8_t> seed = k.seed;
        randombytes_init(seed.data(), nullptr, 256);
        std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), sig(S::sig_bytes);
        ASSERT_EQ(S::keypair(pk.data(), sk.data(), nist_rng, *ws), Status::ok);
        ASSERT_EQ(pk, k.pk) << file << " entry " << e << ": pk";
        ASSERT_EQ(sk, k.sk) << file << " entry " << e << ": sk";
        ASSERT_EQ(S::sign(sk.data(), k.msg.data(), k.msg.size(), sig.data(), nist_rng, *ws), Status::ok);
        std::vector<uint8_t> sm = sig;  // MAYO's attached form: signature || message
        sm.insert(sm.end(), k.msg.begin(), k.msg.end());
        ASSERT_EQ(sm, k.sm) << file << " entry " << e << ": sm";
        ASSERT_EQ(S::verify(pk.data(), k.msg.data(), k.msg.size(), sig.data(), sig.size(), *ws), Status::ok);
        if constexpr (std::is_same_v<Profile, mayo::Expanded>) {
            // Expanded keys: the same DRBG flow gives the same signature.
            auto esk = std::make_unique<typename S::ExpandedSecretKey>();
            auto epk = std::make_unique<typename S::ExpandedPublicKey>();
            randombytes_init(seed.data(), nullptr, 256);
            ASSERT_EQ(S::keypair(pk.data(), sk.data(), nist_rng, *ws), Status::ok);
            ASSERT_EQ(S::expand_secret_key(sk.data(), *esk), Status::ok);
            ASSERT_EQ(S::expand_public_key(pk.data(), pk.size(), *epk), Status::ok);
            std::vector<uint8_t> sig2(S::sig_bytes);
            ASSERT_EQ(S::sign_expanded(*esk, k.msg.data(), k.msg.size(), sig2.data(), nist_rng, *ws), Status::ok);
            ASSERT_EQ(sig2, sig) << file << " entry " << e << ": expanded-key signature";
            ASSERT_EQ(S::verify_expanded(*epk, k.msg.data(), k.msg.size(), sig2.data(), sig2.size(), *ws),
                      Status::ok);
        }
    }
}

// 10 entries per set by default; PQMCU_MAYO_KAT_ENTRIES=100 checks the whole files.
const size_t kEntries = [] {
    const char* e = std::getenv("PQMCU_MAYO_KAT_ENTRIES");
    const long n = e ? std::strtol(e, nullptr, 10) : 10;
    return size_t(n >= 1 && n <= 100 ? n : 10);
}();

TEST(MayoKat, Mayo1) { check_kat<mayo::mayo_1>("round2/PQCsignKAT_24_MAYO_1.rsp", kEntries); }
TEST(MayoKat, Mayo2) { check_kat<mayo::mayo_2>("round2/PQCsignKAT_24_MAYO_2.rsp", kEntries); }
TEST(MayoKat, Mayo3) { check_kat<mayo::mayo_3>("round2/PQCsignKAT_32_MAYO_3.rsp", kEntries); }
TEST(MayoKat, Mayo5) { check_kat<mayo::mayo_5>("round2/PQCsignKAT_40_MAYO_5.rsp", kEntries); }
TEST(MayoKat, Mayo1R1) { check_kat<mayo::mayo_1_r1>("round1/PQCsignKAT_24_MAYO_1.rsp", kEntries); }
TEST(MayoKat, Mayo2R1) { check_kat<mayo::mayo_2_r1>("round1/PQCsignKAT_24_MAYO_2.rsp", kEntries); }
TEST(MayoKat, Mayo3R1) { check_kat<mayo::mayo_3_r1>("round1/PQCsignKAT_32_MAYO_3.rsp", kEntries); }
TEST(MayoKat, Mayo5R1) { check_kat<mayo::mayo_5_r1>("round1/PQCsignKAT_40_MAYO_5.rsp", kEntries); }

// The streamed (low-RAM) profile must give the same bytes.
using mayo::Streamed;
TEST(MayoKatStreamed, Mayo1) { check_kat<mayo::mayo_1, Streamed>("round2/PQCsignKAT_24_MAYO_1.rsp", kEntries); }
TEST(MayoKatStreamed, Mayo2) { check_kat<mayo::mayo_2, Streamed>("round2/PQCsignKAT_24_MAYO_2.rsp", kEntries); }
TEST(MayoKatStreamed, Mayo3) { check_kat<mayo::mayo_3, Streamed>("round2/PQCsignKAT_32_MAYO_3.rsp", kEntries); }
TEST(MayoKatStreamed, Mayo5) { check_kat<mayo::mayo_5, Streamed>("round2/PQCsignKAT_40_MAYO_5.rsp", kEntries); }
TEST(MayoKatStreamed, Mayo1R1) { check_kat<mayo::mayo_1_r1, Streamed>("round1/PQCsignKAT_24_MAYO_1.rsp", kEntries); }
TEST(MayoKatStreamed, Mayo2R1) { check_kat<mayo::mayo_2_r1, Streamed>("round1/PQCsignKAT_24_MAYO_2.rsp", kEntries); }
TEST(MayoKatStreamed, Mayo3R1) { check_kat<mayo::mayo_3_r1, Streamed>("round1/PQCsignKAT_32_MAYO_3.rsp", kEntries); }
TEST(MayoKatStreamed, Mayo5R1) { check_kat<mayo::mayo_5_r1, Streamed>("round1/PQCsignKAT_40_MAYO_5.rsp", kEntries); }

// Keys and signatures cross between the profiles; the per-operation
// workspaces and the ones on the stack give the same bytes as the union.
template <class Set>
void check_cross() {
    using E = mayo::Scheme<Set>;
    using T = mayo::Scheme<Set, Streamed>;
    auto ews = std::make_unique<typename E::Workspace>();
    auto kw = std::make_unique<typename T::KeygenWorkspace>();
    auto sw = std::make_unique<typename T::SignWorkspace>();
    auto vw = std::make_unique<typename T::VerifyWorkspace>();
    uint8_t seed[E::seed_bytes], rnd[E::randomizer_bytes];
    for (size_t i = 0; i < sizeof seed; ++i) seed[i] = uint8_t(3 * i + 1);
    for (size_t i = 0; i < sizeof rnd; ++i) rnd[i] = uint8_t(5 * i + 2);
    std::vector<uint8_t> pk1(E::pk_bytes), sk1(E::sk_bytes), pk2(E::pk_bytes), sk2(E::sk_bytes);
    std::vector<uint8_t> sig1(E::sig_bytes), sig2(E::sig_bytes);
    const uint8_t msg[] = {'c', 'r', 'o', 's', 's'};
    ASSERT_EQ(E::keypair_from_seed(seed, pk1.data(), sk1.data(), *ews), Status::ok);
    ASSERT_EQ(T::keypair_from_seed(seed, pk2.data(), sk2.data(), *kw), Status::ok);
    EXPECT_EQ(pk1, pk2);
    EXPECT_EQ(sk1, sk2);
    ASSERT_EQ(E::sign_with(sk1.data(), msg, sizeof msg, rnd, sig1.data(), *ews), Status::ok);
    ASSERT_EQ(T::sign_with(sk1.data(), msg, sizeof msg, rnd, sig2.data(), *sw), Status::ok);
    EXPECT_EQ(sig1, sig2);
    EXPECT_EQ(T::verify(pk1.data(), msg, sizeof msg, sig1.data(), sig1.size(), *vw), Status::ok);
    EXPECT_EQ(T::verify(pk1.data(), msg, sizeof msg, sig1.data(), sig1.size()), Status::ok);
    sig1[0] ^= 1;
    EXPECT_EQ(T::verify(pk1.data(), msg, sizeof msg, sig1.data(), sig1.size(), *vw), Status::verify_failed);
    EXPECT_EQ(T::sign_with(nullptr, msg, sizeof msg, rnd, sig2.data(), *sw), Status::bad_argument);
    EXPECT_EQ(T::verify(pk1.data(), msg, sizeof msg, sig1.data(), sig1.size() - 1, *vw), Status::bad_length);
}
TEST(MayoStreamedCross, Mayo1) { check_cross<mayo::mayo_1>(); }
TEST(MayoStreamedCross, Mayo2) { check_cross<mayo::mayo_2>(); }
TEST(MayoStreamedCross, Mayo3R1) { check_cross<mayo::mayo_3_r1>(); }

// Every single-bit flip of the signature is rejected (salt and s; for an odd
// number of nibbles the padding nibble too), as are a wrong key and wrong
// lengths.
template <class Set, class Profile = mayo::Expanded>
void check_negative() {
    using S = mayo::Scheme<Set, Profile>;
    auto ws = std::make_unique<typename S::Workspace>();
    uint32_t state = 0x12345678u;
    auto rng = [&state](uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) {
            state = state * 1664525u + 1013904223u;
            out[i] = uint8_t(state >> 24);
        }
    };
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), pk2(S::pk_bytes), sk2(S::sk_bytes);
    std::vector<uint8_t> sig(S::sig_bytes + 1);
    const uint8_t msg[] = {'m', 'a', 'y', 'o'};
    ASSERT_EQ(S::keypair(pk.data(), sk.data(), rng, *ws), Status::ok);
    ASSERT_EQ(S::keypair(pk2.data(), sk2.data(), rng, *ws), Status::ok);
    ASSERT_EQ(S::sign(sk.data(), msg, sizeof msg, sig.data(), rng, *ws), Status::ok);
    ASSERT_EQ(S::verify(pk.data(), msg, sizeof msg, sig.data(), S::sig_bytes, *ws), Status::ok);
    // Bit flips in every part of the signature: all 4 bits of the first and
    // last nibble of each s_i's vinegar part and of its oil part, one bit of
    // every salt byte, and one bit of every 5th byte of s.
    auto flip_rejected = [&](size_t byte, int bit) {
        sig[byte] ^= uint8_t(1u << bit);
        EXPECT_EQ(S::verify(pk.data(), msg, sizeof msg, sig.data(), S::sig_bytes, *ws), Status::verify_failed)
            << "byte " << byte << " bit " << bit;
        sig[byte] ^= uint8_t(1u << bit);
    };
    constexpr uint32_t n = S::params.n, v = S::params.v(), k = S::params.k;
    for (uint32_t i = 0; i < k; ++i) {
        const uint32_t nibbles[4] = {i * n, i * n + v - 1, i * n + v, i * n + n - 1};
        for (uint32_t nib : nibbles)
            for (int b = 0; b < 4; ++b) flip_rejected(nib / 2, int(4 * (nib & 1)) + b);
    }
    const size_t sb = S::params.s_bytes();
    for (size_t byte = sb; byte < S::sig_bytes; ++byte) flip_rejected(byte, int(byte % 8));
    for (size_t byte = 0; byte < sb; byte += 5) flip_rejected(byte, int(byte % 8));
    if ((n * k) & 1) {  // the padding nibble of an odd number of nibbles must be zero
        for (int b = 4; b < 8; ++b) flip_rejected(sb - 1, b);
    }
    EXPECT_EQ(S::verify(pk2.data(), msg, sizeof msg, sig.data(), S::sig_bytes, *ws), Status::verify_failed);
    const uint8_t other[] = {'m', 'a', 'y', 'O'};
    EXPECT_EQ(S::verify(pk.data(), other, sizeof other, sig.data(), S::sig_bytes, *ws), Status::verify_failed);
    EXPECT_EQ(S::verify(pk.data(), msg, sizeof msg, sig.data(), S::sig_bytes - 1, *ws), Status::bad_length);
    EXPECT_EQ(S::verify(pk.data(), msg, sizeof msg, sig.data(), S::sig_bytes + 1, *ws), Status::bad_length);
    EXPECT_EQ(S::verify(pk.data(), S::pk_bytes - 1, msg, sizeof msg, sig.data(), S::sig_bytes, *ws),
              Status::bad_length);
    EXPECT_EQ(S::verify(nullptr, msg, sizeof msg, sig.data(), S::sig_bytes, *ws), Status::bad_argument);
    EXPECT_EQ(S::verify(pk.data(), msg, sizeof msg, sig.data(), S::sig_bytes, *ws), Status::ok);
    // Empty message.
    ASSERT_EQ(S::sign(sk.data(), nullptr, 0, sig.data(), rng, *ws), Status::ok);
    EXPECT_EQ(S::verify(pk.data(), nullptr, 0, sig.data(), S::sig_bytes, *ws), Status::ok);
}

TEST(MayoNegative, Mayo1) { check_negative<mayo::mayo_1>(); }
TEST(MayoNegative, Mayo2) { check_negative<mayo::mayo_2>(); }
TEST(MayoNegative, Mayo3) { check_negative<mayo::mayo_3>(); }
TEST(MayoNegative, Mayo5) { check_negative<mayo::mayo_5>(); }
TEST(MayoNegative, Mayo1R1) { check_negative<mayo::mayo_1_r1>(); }
TEST(MayoNegative, Mayo2R1) { check_negative<mayo::mayo_2_r1>(); }
TEST(MayoNegative, Mayo3R1) { check_negative<mayo::mayo_3_r1>(); }
TEST(MayoNegative, Mayo5R1) { check_negative<mayo::mayo_5_r1>(); }

// Error paths after the oil matrix O is in the caller's Workspace: an AES that
// fails (as a hardware engine may) must leave no byte of O behind.
Status failing_aes128_ctr(const uint8_t*, uint8_t* out, size_t len) {
    std::memset(out, 0x5a, len);
    return Status::internal_error;
}
template <class Set>
void check_failed_aes_wipes_oil() {
    using S = mayo::Scheme<Set>;
    constexpr size_t o_bytes = size_t(S::params.v()) * S::params.o;
    static_assert(o_bytes <= sizeof(S::Workspace::O));
    auto ws = std::make_unique<typename S::Workspace>();
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes, 0x11), sig(S::sig_bytes);
    uint8_t seed[S::seed_bytes];
    for (size_t i = 0; i < sizeof seed; ++i) seed[i] = uint8_t(3 * i + 1);
    const uint8_t msg[] = {'o', 'i', 'l'}, randomizer[64] = {7};
    mayo::Kernels failing = mayo::kernels_portable();
    failing.aes128_ctr = failing_aes128_ctr;
    const auto oil_is_zero = [&ws] {
        for (size_t i = 0; i < o_bytes; ++i)
            if (ws->O[i] != 0) return false;
        return true;
    };

    std::memset(ws.get(), 0xa5, sizeof *ws);
    mayo::set_kernels_for_testing(&failing);
    const Status kg = S::keypair_from_seed(seed, pk.data(), sk.data(), *ws);
    mayo::set_kernels_for_testing(nullptr);
    EXPECT_EQ(kg, Status::internal_error);
    EXPECT_TRUE(oil_is_zero()) << "keypair_from_seed left the oil matrix in the workspace";

    std::memset(ws.get(), 0xa5, sizeof *ws);
    mayo::set_kernels_for_testing(&failing);
    const Status sg = S::sign_with(sk.data(), msg, sizeof msg, randomizer, sig.data(), *ws);
    mayo::set_kernels_for_testing(nullptr);
    EXPECT_EQ(sg, Status::internal_error);
    EXPECT_TRUE(oil_is_zero()) << "sign_with left the oil matrix in the workspace";

    // The same workspace works again with the real kernels.
    ASSERT_EQ(S::keypair_from_seed(seed, pk.data(), sk.data(), *ws), Status::ok);
    EXPECT_TRUE(oil_is_zero());
}

TEST(MayoErrorWipe, Mayo1) { check_failed_aes_wipes_oil<mayo::mayo_1>(); }
TEST(MayoErrorWipe, Mayo2) { check_failed_aes_wipes_oil<mayo::mayo_2>(); }
TEST(MayoErrorWipe, Mayo3) { check_failed_aes_wipes_oil<mayo::mayo_3>(); }
TEST(MayoErrorWipe, Mayo5) { check_failed_aes_wipes_oil<mayo::mayo_5>(); }
TEST(MayoErrorWipe, Mayo1R1) { check_failed_aes_wipes_oil<mayo::mayo_1_r1>(); }
TEST(MayoErrorWipe, Mayo5R1) { check_failed_aes_wipes_oil<mayo::mayo_5_r1>(); }
TEST(MayoNegativeStreamed, Mayo1) { check_negative<mayo::mayo_1, Streamed>(); }
TEST(MayoNegativeStreamed, Mayo2) { check_negative<mayo::mayo_2, Streamed>(); }
TEST(MayoNegativeStreamed, Mayo3R1) { check_negative<mayo::mayo_3_r1, Streamed>(); }

// Expanded keys: many messages under one expansion (round trip, same bytes
// as the compact calls), and bad input.
template <class Set>
void check_expanded() {
    using S = mayo::Scheme<Set>;
    auto ws = std::make_unique<typename S::Workspace>();
    auto esk = std::make_unique<typename S::ExpandedSecretKey>();  // value-initialized: not ready
    auto epk = std::make_unique<typename S::ExpandedPublicKey>();
    uint32_t state = 0x9E3779B9u;
    auto rng = [&state](uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) {
            state = state * 1664525u + 1013904223u;
            out[i] = uint8_t(state >> 24);
        }
    };
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), sig(S::sig_bytes), sig2(S::sig_bytes);
    std::vector<uint8_t> R(S::randomizer_bytes, 0x42);
    uint8_t msg[40] = {0};
    // Not expanded yet.
    EXPECT_EQ(S::sign_expanded_with(*esk, msg, sizeof msg, R.data(), sig.data(), *ws), Status::bad_argument);
    EXPECT_EQ(S::verify_expanded(*epk, msg, sizeof msg, sig.data(), sig.size(), *ws), Status::bad_argument);
    ASSERT_EQ(S::keypair(pk.data(), sk.data(), rng, *ws), Status::ok);
    EXPECT_EQ(S::expand_secret_key(nullptr, *esk), Status::bad_argument);
    EXPECT_EQ(S::expand_public_key(nullptr, *epk), Status::bad_argument);
    EXPECT_EQ(S::expand_public_key(pk.data(), pk.size() - 1, *epk), Status::bad_length);
    EXPECT_EQ(S::verify_expanded(*epk, msg, sizeof msg, sig.data(), sig.size(), *ws), Status::bad_argument);
    ASSERT_EQ(S::expand_secret_key(sk.data(), *esk), Status::ok);
    ASSERT_EQ(S::expand_public_key(pk.data(), *epk), Status::ok);
    for (int i = 0; i < 5; ++i) {
        msg[0] = uint8_t(i);
        R[0] = uint8_t(i);
        ASSERT_EQ(S::sign_with(sk.data(), msg, sizeof msg, R.data(), sig.data(), *ws), Status::ok);
        ASSERT_EQ(S::sign_expanded_with(*esk, msg, sizeof msg, R.data(), sig2.data(), *ws), Status::ok);
        EXPECT_EQ(sig, sig2) << "message " << i;
        EXPECT_EQ(S::verify_expanded(*epk, msg, sizeof msg, sig2.data(), sig2.size(), *ws), Status::ok);
        EXPECT_EQ(S::verify(pk.data(), msg, sizeof msg, sig2.data(), sig2.size(), *ws), Status::ok);
    }
    ASSERT_EQ(S::sign_expanded(*esk, msg, sizeof msg, sig.data(), rng, *ws), Status::ok);
    EXPECT_EQ(S::verify_expanded(*epk, msg, sizeof msg, sig.data(), sig.size(), *ws), Status::ok);
    // Rejections through the expanded public key.
    sig[3] ^= 0x10;
    EXPECT_EQ(S::verify_expanded(*epk, msg, sizeof msg, sig.data(), sig.size(), *ws), Status::verify_failed);
    sig[3] ^= 0x10;
    sig[S::sig_bytes - 1] ^= 0x01;  // salt
    EXPECT_EQ(S::verify_expanded(*epk, msg, sizeof msg, sig.data(), sig.size(), *ws), Status::verify_failed);
    sig[S::sig_bytes - 1] ^= 0x01;
    msg[1] ^= 1;
    EXPECT_EQ(S::verify_expanded(*epk, msg, sizeof msg, sig.data(), sig.size(), *ws), Status::verify_failed);
    msg[1] ^= 1;
    EXPECT_EQ(S::verify_expanded(*epk, msg, sizeof msg, sig.data(), sig.size() - 1, *ws), Status::bad_length);
    EXPECT_EQ(S::verify_expanded(*epk, msg, sizeof msg, nullptr, sig.size(), *ws), Status::bad_argument);
    EXPECT_EQ(S::verify_expanded(*epk, nullptr, 1, sig.data(), sig.size(), *ws), Status::bad_argument);
    EXPECT_EQ(S::sign_expanded_with(*esk, msg, sizeof msg, nullptr, sig2.data(), *ws), Status::bad_argument);
    EXPECT_EQ(S::sign_expanded_with(*esk, msg, sizeof msg, R.data(), nullptr, *ws), Status::bad_argument);
    EXPECT_EQ(S::sign_expanded_with(*esk, nullptr, 3, R.data(), sig2.data(), *ws), Status::bad_argument);
    // Another key's expansion rejects the signature.
    std::vector<uint8_t> pk2(S::pk_bytes), sk2(S::sk_bytes);
    ASSERT_EQ(S::keypair(pk2.data(), sk2.data(), rng, *ws), Status::ok);
    ASSERT_EQ(S::expand_public_key(pk2.data(), *epk), Status::ok);
    EXPECT_EQ(S::verify_expanded(*epk, msg, sizeof msg, sig.data(), sig.size(), *ws), Status::verify_failed);
    // A wiped secret key is no longer usable.
    S::wipe_expanded(*esk);
    EXPECT_EQ(S::sign_expanded_with(*esk, msg, sizeof msg, R.data(), sig2.data(), *ws), Status::bad_argument);
}

TEST(MayoExpanded, Mayo1) { check_expanded<mayo::mayo_1>(); }
TEST(MayoExpanded, Mayo2) { check_expanded<mayo::mayo_2>(); }
TEST(MayoExpanded, Mayo3) { check_expanded<mayo::mayo_3>(); }
TEST(MayoExpanded, Mayo5) { check_expanded<mayo::mayo_5>(); }
TEST(MayoExpanded, Mayo1R1) { check_expanded<mayo::mayo_1_r1>(); }
TEST(MayoExpanded, Mayo2R1) { check_expanded<mayo::mayo_2_r1>(); }
TEST(MayoExpanded, Mayo3R1) { check_expanded<mayo::mayo_3_r1>(); }
TEST(MayoExpanded, Mayo5R1) { check_expanded<mayo::mayo_5_r1>(); }

// The AVX2 kernels against the portable ones on random inputs, at the
// sizes of every set (skipped without AVX2 or with PQMCU_CPU_DISABLE=avx2).
struct Lcg {
    uint64_t s = 0x243F6A8885A308D3ull;
    uint64_t next() {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return s >> 11;
    }
    uint8_t nib() { return uint8_t(next() & 0xF); }
};

void random_vecs(Lcg& g, std::vector<uint64_t>& v, uint32_t count, uint32_t m) {
    const uint32_t L = (m + 15) / 16;
    v.assign(size_t(count) * L, 0);
    for (uint32_t i = 0; i < count; ++i)
        for (uint32_t e = 0; e < m; ++e) v[size_t(i) * L + e / 16] |= uint64_t(g.nib()) << (4 * (e % 16));
}

void check_kernels(const mayo::Params& p) {
    const mayo::Kernels* avx = mayo::kernels_avx2();
    if (avx == nullptr) GTEST_SKIP() << "no AVX2 kernels on this CPU (or masked)";
    const mayo::Kernels& ref = mayo::kernels_portable();
    Lcg g;
    const uint32_t v = p.v(), o = p.o, k = p.k, n = p.n, m = p.m, L = p.m_limbs();
    std::vector<uint64_t> P1, P2, P3, X, a1, a2;
    random_vecs(g, P1, p.p1_vecs(), m);
    random_vecs(g, P2, p.p2_vecs(), m);
    random_vecs(g, P3, p.p3_vecs(), m);
    std::vector<uint8_t> O(size_t(v) * o), V(size_t(k) * n);
    for (auto& x : O) x = g.nib();
    for (auto& x : V) x = g.nib();
    auto both = [&](const char* what, auto&& call, size_t limbs) {
        random_vecs(g, a1, uint32_t(limbs / L), m);
        a2 = a1;
        call(ref, a1.data());
        call(*avx, a2.data());
        EXPECT_EQ(a1, a2) << p.name << ": " << what;
    };
    both("upper_times", [&](const mayo::Kernels& K, uint64_t* acc) { K.upper_times(P1.data(), v, O.data(), o, 1, o, acc, L); },
         size_t(v) * o * L);
    both("upper_times V^T", [&](const mayo::Kernels& K, uint64_t* acc) { K.upper_times(P1.data(), v, V.data(), 1, n, k, acc, L); },
         size_t(v) * k * L);
    both("sym_times", [&](const mayo::Kernels& K, uint64_t* acc) { K.sym_times(P1.data(), v, O.data(), o, 1, o, acc, L); },
         size_t(v) * o * L);
    both("lower_times", [&](const mayo::Kernels& K, uint64_t* acc) { K.lower_times(P1.data(), v, V.data(), 1, n, k, acc, L); },
         size_t(v) * k * L);
    both("rect_times", [&](const mayo::Kernels& K, uint64_t* acc) { K.rect_times(P2.data(), v, o, V.data(), 1, n, k, acc, L); },
         size_t(v) * k * L);
    both("scalars_times O^T", [&](const mayo::Kernels& K, uint64_t* acc) { K.scalars_times(O.data(), 1, o, o, v, P2.data(), o, acc, L); },
         size_t(o) * o * L);
    both("scalars_times V", [&](const mayo::Kernels& K, uint64_t* acc) { K.scalars_times(V.data(), n, 1, k, v, P2.data(), o, acc, L); },
         size_t(k) * o * L);
    both("p_times_s", [&](const mayo::Kernels& K, uint64_t* acc) { K.p_times_s(p, P1.data(), P2.data(), P3.data(), V.data(), acc); },
         size_t(n) * k * L);
    {
        std::vector<uint64_t> Q1 = P2, Q2 = P2, R1, R2;
        random_vecs(g, R1, o * o, m);
        R2 = R1;
        ref.keygen_products(p, P1.data(), Q1.data(), O.data(), R1.data());
        avx->keygen_products(p, P1.data(), Q2.data(), O.data(), R2.data());
        EXPECT_EQ(Q1, Q2) << p.name << ": keygen_products P2";
        EXPECT_EQ(R1, R2) << p.name << ": keygen_products P3";
    }
    for (bool with_L : {true, false}) {  // X = P2 stands for L or P2 (any m-vectors)
        std::vector<uint64_t> M1, P1v, VPV1, Mt(size_t(k) * o * L), M2, P2v, VPV2;
        random_vecs(g, M1, k * o, m);
        random_vecs(g, P1v, v * k, m);
        random_vecs(g, VPV1, k * k, m);
        M2 = M1, P2v = P1v, VPV2 = VPV1;
        ref.sign_products(p, P1.data(), P2.data(), with_L, O.data(), V.data(), M1.data(), P1v.data(), VPV1.data(), Mt.data());
        avx->sign_products(p, P1.data(), P2.data(), with_L, O.data(), V.data(), M2.data(), P2v.data(), VPV2.data(), Mt.data());
        EXPECT_EQ(M1, M2) << p.name << ": sign_products M, with_L " << with_L;
        EXPECT_EQ(P1v, P2v) << p.name << ": sign_products Pv, with_L " << with_L;
        EXPECT_EQ(VPV1, VPV2) << p.name << ": sign_products VPV, with_L " << with_L;
    }
    if (avx->p_times_s_packed != nullptr && p.layout == mayo::MvecLayout::nibbles) {
        // P1 | P2 nibble-packed, 8 bytes of slack after the last vector.
        const uint32_t mb = m / 2;
        std::vector<uint8_t> packed(size_t(p.p1_vecs() + p.p2_vecs()) * mb + 8, 0xEE);
        for (uint32_t i = 0; i < p.p1_vecs(); ++i) mayo::mvec::to_nibbles(P1.data() + size_t(i) * L, packed.data() + size_t(i) * mb, m);
        for (uint32_t i = 0; i < p.p2_vecs(); ++i)
            mayo::mvec::to_nibbles(P2.data() + size_t(i) * L, packed.data() + size_t(p.p1_vecs() + i) * mb, m);
        random_vecs(g, a2, n * k, m);
        std::vector<uint64_t> zero(a2.size(), 0);
        ref.p_times_s(p, P1.data(), P2.data(), P3.data(), V.data(), zero.data());  // PS from zero
        std::fill(a2.begin(), a2.end(), 0x3C3C3C3C3C3C3C3Cull);  // overwritten, garbage before
        avx->p_times_s_packed(p, packed.data(), reinterpret_cast<const uint8_t*>(P3.data()), V.data(), a2.data(), nullptr);
        EXPECT_EQ(zero, a2) << p.name << ": p_times_s_packed";
        // With S PS (k x k) from the same tables.
        std::vector<uint64_t> a3 = a2, q1, q2;
        random_vecs(g, a3, n * k, m);
        random_vecs(g, q1, k * k, m);
        q2 = q1;
        std::vector<uint64_t> a4 = a3;
        std::fill(a3.begin(), a3.end(), 0);
        ref.p_times_s(p, P1.data(), P2.data(), P3.data(), V.data(), a3.data());
        ref.scalars_times(V.data(), n, 1, k, n, a3.data(), k, q1.data(), L);
        avx->p_times_s_packed(p, packed.data(), reinterpret_cast<const uint8_t*>(P3.data()), V.data(), a4.data(), q2.data());
        EXPECT_EQ(a3, a4) << p.name << ": p_times_s_packed (with SPS)";
        EXPECT_EQ(q1, q2) << p.name << ": p_times_s_packed SPS";
    }
    if (avx->sign_products_packed != nullptr && p.layout == mayo::MvecLayout::nibbles) {
        // Compact signing from packed P1 | P2 (8 bytes of slack) against the limb kernel.
        const uint32_t mb = m / 2;
        std::vector<uint8_t> packed(size_t(p.p1_vecs() + p.p2_vecs()) * mb + 8, 0xEE);
        for (uint32_t i = 0; i < p.p1_vecs(); ++i) mayo::mvec::to_nibbles(P1.data() + size_t(i) * L, packed.data() + size_t(i) * mb, m);
        for (uint32_t i = 0; i < p.p2_vecs(); ++i)
            mayo::mvec::to_nibbles(P2.data() + size_t(i) * L, packed.data() + size_t(p.p1_vecs() + i) * mb, m);
        std::vector<uint64_t> M1, P1v, VPV1, Mt(size_t(k) * o * L), M2, P2v, VPV2;
        random_vecs(g, M1, k * o, m);
        random_vecs(g, P1v, v * k, m);
        random_vecs(g, VPV1, k * k, m);
        M2 = M1, P2v = P1v, VPV2 = VPV1;
        ref.sign_products(p, P1.data(), P2.data(), false, O.data(), V.data(), M1.data(), P1v.data(), VPV1.data(), Mt.data());
        avx->sign_products_packed(p, packed.data(), O.data(), V.data(), M2.data(), P2v.data(), VPV2.data(), Mt.data());
        EXPECT_EQ(M1, M2) << p.name << ": sign_products_packed M";
        EXPECT_EQ(P1v, P2v) << p.name << ": sign_products_packed Pv";
        EXPECT_EQ(VPV1, VPV2) << p.name << ": sign_products_packed VPV";
    }
    if (avx->a_columns != nullptr) {
        // Columns of A before the reduction, against nibble-by-nibble sums.
        const uint32_t Lx = (m + p.kk() + 15) / 16 + 1, ko = k * o;
        std::vector<uint64_t> Mv, cols(size_t(ko) * Lx, 0x77), ref_cols(size_t(ko) * Lx, 0);
        random_vecs(g, Mv, ko, m);
        auto nib = [](const uint64_t* v, uint32_t e) { return uint64_t((v[e / 16] >> (4 * (e % 16))) & 0xF); };
        uint32_t l = 0;
        for (uint32_t i = 0; i < k; ++i)
            for (uint32_t j = k; j-- > i; ++l)
                for (uint32_t c = 0; c < o; ++c)
                    for (uint32_t e = 0; e < m; ++e) {
                        ref_cols[size_t(i * o + c) * Lx + (e + l) / 16] ^= nib(&Mv[size_t(j * o + c) * L], e) << (4 * ((e + l) % 16));
                        if (i != j)
                            ref_cols[size_t(j * o + c) * Lx + (e + l) / 16] ^= nib(&Mv[size_t(i * o + c) * L], e) << (4 * ((e + l) % 16));
                    }
        avx->a_columns(p, Mv.data(), cols.data(), Lx);
        EXPECT_EQ(cols, ref_cols) << p.name << ": a_columns";
    }
    // Echelon form of random (and of rank-deficient) matrices.
    const uint32_t ac = p.a_cols(), W = (ac + 15) / 16;
    for (int t = 0; t < 3; ++t) {
        std::vector<uint64_t> e1(size_t(m) * W, 0);
        for (uint32_t r = 0; r < m; ++r)
            for (uint32_t c = 0; c < ac; ++c)
                e1[size_t(r) * W + c / 16] |= uint64_t(t == 2 && c % 3 == 0 ? 0 : g.nib()) << (4 * (c % 16));
        if (t == 1)
            for (uint32_t r = 1; r < m; r += 2)
                for (uint32_t w = 0; w < W; ++w) e1[size_t(r) * W + w] = e1[size_t(r - 1) * W + w];
        std::vector<uint64_t> e2 = e1;
        ref.echelon_form(e1.data(), m, ac);
        avx->echelon_form(e2.data(), m, ac);
        EXPECT_EQ(e1, e2) << p.name << ": echelon_form, case " << t;
    }
    // Keystream and unpacking.
    const uint8_t key[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    const size_t bytes = p.p12_bytes() + 7;  // not a multiple of the block size
    std::vector<uint8_t> s1(bytes), s2(bytes);
    ASSERT_EQ(ref.aes128_ctr(key, s1.data(), bytes), Status::ok);
    ASSERT_EQ(avx->aes128_ctr(key, s2.data(), bytes), Status::ok);
    EXPECT_EQ(s1, s2) << p.name << ": keystream";
    for (size_t len : {size_t(1), size_t(31), size_t(64), size_t(65), size_t(511), size_t(512), size_t(513), size_t(1000)}) {
        std::vector<uint8_t> k1(len), k2(len + 1, 0xA5);  // the byte past len stays untouched
        ASSERT_EQ(ref.aes128_ctr(key, k1.data(), len), Status::ok);
        ASSERT_EQ(avx->aes128_ctr(key, k2.data(), len), Status::ok);
        EXPECT_EQ(0, std::memcmp(k1.data(), k2.data(), len)) << p.name << ": keystream of " << len << " bytes";
        EXPECT_EQ(k2[len], 0xA5) << p.name << ": keystream of " << len << " bytes wrote past the end";
    }
    const uint32_t cnt = p.p1_vecs() + p.p2_vecs();
    std::vector<uint64_t> u1(size_t(cnt) * L, 0), u2;
    std::memcpy(u1.data(), s1.data(), p.p12_bytes());
    u2 = u1;
    ref.nibbles_in_place(u1.data(), cnt, m);
    avx->nibbles_in_place(u2.data(), cnt, m);
    EXPECT_EQ(u1, u2) << p.name << ": nibbles_in_place";
    if (avx->keystream_limbs != nullptr && p.layout == mayo::MvecLayout::nibbles) {
        std::vector<uint64_t> u3(u1.size(), 0x5555);
        ASSERT_EQ(avx->keystream_limbs(key, u3.data(), cnt, m), Status::ok);
        EXPECT_EQ(u1, u3) << p.name << ": keystream_limbs";
    }
}

TEST(MayoKernels, Mayo1) { check_kernels(mayo::mayo_1::params); }
TEST(MayoKernels, Mayo2) { check_kernels(mayo::mayo_2::params); }
TEST(MayoKernels, Mayo3) { check_kernels(mayo::mayo_3::params); }
TEST(MayoKernels, Mayo5) { check_kernels(mayo::mayo_5::params); }
TEST(MayoKernels, Mayo1R1) { check_kernels(mayo::mayo_1_r1::params); }
TEST(MayoKernels, Mayo2R1) { check_kernels(mayo::mayo_2_r1::params); }
TEST(MayoKernels, Mayo3R1) { check_kernels(mayo::mayo_3_r1::params); }
TEST(MayoKernels, Mayo5R1) { check_kernels(mayo::mayo_5_r1::params); }

}  // namespace

// The host API relies on the engine's own wipes (Scheme::wipes_workspace): after
// keypair and sign on a zeroed workspace, only P1 | P2 (expanded from the
// public seed) may be left; every buffer that held O or its products is zero.
namespace {
template <class Set>
void check_workspace_left_public() {
    using S = mayo::Scheme<Set>;
    static_assert(pqmcu::wipes_workspace<S>);
    auto ws = std::make_unique<typename S::Workspace>();
    std::memset(ws.get(), 0, sizeof *ws);
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), sig(S::sig_bytes);
    uint8_t counter = 1;
    auto rng = [&](uint8_t* out, size_t n) { for (size_t i = 0; i < n; ++i) out[i] = counter++; };
    const uint8_t msg[3] = {1, 2, 3};
    auto all_zero = [](const void* p, size_t n) {
        const auto* b = static_cast<const uint8_t*>(p);
        for (size_t i = 0; i < n; ++i)
            if (b[i] != 0) return false;
        return true;
    };
    auto check_secret_buffers = [&](const char* after) {
        EXPECT_TRUE(all_zero(ws->p3, sizeof ws->p3)) << after;
        EXPECT_TRUE(all_zero(ws->scratch, sizeof ws->scratch)) << after;
        EXPECT_TRUE(all_zero(ws->ap, sizeof ws->ap)) << after;
        EXPECT_TRUE(all_zero(ws->a, sizeof ws->a)) << after;
        EXPECT_TRUE(all_zero(ws->O, sizeof ws->O)) << after;
        EXPECT_TRUE(all_zero(ws->vs, sizeof ws->vs)) << after;
    };
    ASSERT_EQ(S::keypair(pk.data(), sk.data(), rng, *ws), Status::ok);
    check_secret_buffers("keypair");
    // P2's region (P1 O + P2 during keygen) is wiped too.
    const size_t p1 = sizeof(uint64_t) * size_t(S::params.p1_vecs()) * S::params.m_limbs();
    EXPECT_TRUE(all_zero(reinterpret_cast<const uint8_t*>(ws->p) + p1, sizeof ws->p - p1));
    ASSERT_EQ(S::sign(sk.data(), msg, sizeof msg, sig.data(), rng, *ws), Status::ok);
    check_secret_buffers("sign");
    EXPECT_EQ(S::verify(pk.data(), msg, sizeof msg, sig.data(), sig.size(), *ws), Status::ok);
}
}  // namespace
TEST(MayoWipes, Mayo1) { check_workspace_left_public<mayo::mayo_1>(); }
TEST(MayoWipes, Mayo2) { check_workspace_left_public<mayo::mayo_2>(); }
TEST(MayoWipes, Mayo5) { check_workspace_left_public<mayo::mayo_5>(); }
