// MAYO (rounds 1 and 2) against the official NIST KAT files, through the
// DRBG flow of the reference harness: randombytes_init(seed); keypair;
// sign; compare pk, sk and sm (= signature || message); verify. Plus
// negative tests: bit flips, wrong key, wrong lengths.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "mayo/scheme.hpp"
#include "rng/randombytes.h"

#ifndef PQMCU_SHARED_DIR
#error "PQMCU_SHARED_DIR must point at shared/"
#endif

namespace {

using pqmcu::Status;
namespace mayo = pqmcu::mayo;

struct KatEntry {
    std::vector<uint8_t> seed, msg, pk, sk, sm;
};

std::vector<uint8_t> from_hex(const std::string& s) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i + 1 < s.size(); i += 2) out.push_back(uint8_t(std::stoul(s.substr(i, 2), nullptr, 16)));
    return out;
}

std::vector<KatEntry> read_rsp(const std::string& path, size_t max_entries) {
    std::vector<KatEntry> out;
    FILE* f = std::fopen(path.c_str(), "r");
    if (f == nullptr) return out;
    std::string line;
    KatEntry cur;
    int c;
    auto flush_line = [&]() {
        const size_t eq = line.find(" = ");
        if (eq != std::string::npos) {
            const std::string key = line.substr(0, eq), val = line.substr(eq + 3);
            if (key == "count" && !cur.seed.empty()) {
                out.push_back(cur);
                cur = KatEntry{};
            }
            if (key == "seed") cur.seed = from_hex(val);
            else if (key == "msg") cur.msg = from_hex(val);
            else if (key == "pk") cur.pk = from_hex(val);
            else if (key == "sk") cur.sk = from_hex(val);
            else if (key == "sm") cur.sm = from_hex(val);
        }
        line.clear();
    };
    while ((c = std::fgetc(f)) != EOF && out.size() < max_entries) {
        if (c == '\n') flush_line();
        else if (c != '\r') line.push_back(char(c));
    }
    flush_line();
    if (!cur.seed.empty() && out.size() < max_entries) out.push_back(cur);
    std::fclose(f);
    return out;
}

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
TEST(MayoNegativeStreamed, Mayo1) { check_negative<mayo::mayo_1, Streamed>(); }
TEST(MayoNegativeStreamed, Mayo2) { check_negative<mayo::mayo_2, Streamed>(); }
TEST(MayoNegativeStreamed, Mayo3R1) { check_negative<mayo::mayo_3_r1, Streamed>(); }

}  // namespace
