// SPDX-License-Identifier: Apache-2.0 OR MIT
// Saber (round 3) against the official NIST KAT files: the whole .rsp text
// is generated from the CTR-DRBG exactly as the NIST harness does
// (randombytes_init(00..2F); 100 seeds; per entry randombytes_init(seed),
// keypair, encapsulate, decapsulate) and compared byte for byte with the
// file after its "# Name" line. Plus round trips, implicit rejection of
// tampered ciphertexts (ss = SHA3-256(z || SHA3-256(ct))), null arguments,
// a failing rng, and the encodings.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "hash/shake.hpp"
#include "rng/randombytes.h"
#include "saber/ntt.hpp"
#include "saber/poly.hpp"
#include "saber/scheme.hpp"

#ifndef PQMCU_SHARED_DIR
#error "PQMCU_SHARED_DIR must point at shared/"
#endif

namespace {
using pqmcu::Status;
namespace saber = pqmcu::saber;

#if defined(PQMCU_FEWER_SETS)
constexpr int kEntries = 10;  // sanitizer builds: the first entries only
#else
constexpr int kEntries = 100;
#endif

auto nist_rng = [](uint8_t* out, size_t n) { return randombytes(out, n); };

void append_hex(std::string& s, const char* label, const uint8_t* p, size_t n) {
    static const char* digits = "0123456789ABCDEF";
    s += label;
    for (size_t i = 0; i < n; ++i) {
        s += digits[p[i] >> 4];
        s += digits[p[i] & 15];
    }
    s += '\n';
}

// The .rsp text after its header line, for the first `entries` entries.
template <class Set, class Profile>
std::string generate_rsp(int entries) {
    using S = saber::Scheme<Set, Profile>;
    auto ws = std::make_unique<typename S::Workspace>();
    uint8_t entropy[48];
    for (int i = 0; i < 48; ++i) entropy[i] = uint8_t(i);
    randombytes_init(entropy, nullptr, 256);
    std::vector<std::vector<uint8_t>> seeds(100, std::vector<uint8_t>(48));
    for (auto& sd : seeds) randombytes(sd.data(), 48);
    std::string out = "\n";
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), ct(S::ct_bytes), ss(S::ss_bytes), ss2(S::ss_bytes);
    for (int e = 0; e < entries; ++e) {
        out += "count = " + std::to_string(e) + "\n";
        append_hex(out, "seed = ", seeds[size_t(e)].data(), 48);
        randombytes_init(seeds[size_t(e)].data(), nullptr, 256);
        EXPECT_EQ(S::keypair(pk.data(), sk.data(), nist_rng, *ws), Status::ok);
        append_hex(out, "pk = ", pk.data(), pk.size());
        append_hex(out, "sk = ", sk.data(), sk.size());
        EXPECT_EQ(S::encapsulate(ct.data(), ss.data(), pk.data(), nist_rng, *ws), Status::ok);
        append_hex(out, "ct = ", ct.data(), ct.size());
        append_hex(out, "ss = ", ss.data(), ss.size());
        out += "\n";
        EXPECT_EQ(S::decapsulate(ss2.data(), ct.data(), sk.data(), *ws), Status::ok);
        EXPECT_EQ(ss2, ss) << "entry " << e << ": decapsulation";
    }
    return out;
}

// The file after its first line, cut after `entries` entries.
std::string read_rsp_body(const char* file, int entries) {
    std::ifstream f(std::string(PQMCU_SHARED_DIR) + "/kat/saber/" + file, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    std::string all = ss.str();
    const size_t nl = all.find('\n');
    if (nl == std::string::npos) return {};
    std::string body = all.substr(nl + 1);
    if (entries < 100) {
        const size_t cut = body.find("count = " + std::to_string(entries) + "\n");
        if (cut != std::string::npos) body.resize(cut);
    }
    return body;
}

template <class Set, class Profile = saber::Default>
void check_kat(const char* file, const char* header) {
    std::ifstream f(std::string(PQMCU_SHARED_DIR) + "/kat/saber/" + file);
    std::string first;
    std::getline(f, first);
    EXPECT_EQ(first, header);
    const std::string expect = read_rsp_body(file, kEntries);
    ASSERT_GT(expect.size(), 1000u) << file;
    const std::string got = generate_rsp<Set, Profile>(kEntries);
    ASSERT_EQ(got.size(), expect.size()) << file;
    if (got != expect) {
        size_t i = 0;
        while (got[i] == expect[i]) ++i;
        FAIL() << file << ": first difference at byte " << i << " near: "
               << expect.substr(i > 40 ? i - 40 : 0, 80);
    }
}

TEST(SaberKat, LightSaber) { check_kat<saber::lightsaber>("lightsaber.rsp", "# LightSaber"); }
TEST(SaberKat, Saber) { check_kat<saber::saber>("saber.rsp", "# Saber"); }
TEST(SaberKat, FireSaber) { check_kat<saber::firesaber>("firesaber.rsp", "# FireSaber"); }
// The Speed profile (secret transforms kept) and the Toom-4 profile (kept
// beside the NTT default for the benchmark tables).
TEST(SaberKat, LightSaberSpeed) { check_kat<saber::lightsaber, saber::Speed>("lightsaber.rsp", "# LightSaber"); }
TEST(SaberKat, SaberSpeed) { check_kat<saber::saber, saber::Speed>("saber.rsp", "# Saber"); }
TEST(SaberKat, FireSaberSpeed) { check_kat<saber::firesaber, saber::Speed>("firesaber.rsp", "# FireSaber"); }
TEST(SaberKat, LightSaberToom) { check_kat<saber::lightsaber, saber::Toom>("lightsaber.rsp", "# LightSaber"); }
TEST(SaberKat, SaberToom) { check_kat<saber::saber, saber::Toom>("saber.rsp", "# Saber"); }
TEST(SaberKat, FireSaberToom) { check_kat<saber::firesaber, saber::Toom>("firesaber.rsp", "# FireSaber"); }

// The NTT product against a written-out negacyclic schoolbook mod 2^13, on
// random inputs and at the extremes of its exactness bound (every
// coefficient -4096 times every secret coefficient -5 or +5: |c| = 5,242,880).
TEST(SaberNtt, ProductExactModQ) {
    uint64_t st = 0x9E3779B97F4A7C15ull;
    auto next = [&st]() {
        st ^= st << 13;
        st ^= st >> 7;
        st ^= st << 17;
        return uint32_t(st);
    };
    for (int trial = 0; trial < 40; ++trial) {
        std::vector<uint16_t> a(256), s16(256), ref(256, 0), got(256, 0);
        std::vector<int> s(256);
        for (int i = 0; i < 256; ++i) {
            a[size_t(i)] = uint16_t(trial == 0 || trial == 1 ? 4096 : next() & 0x1FFF);
            s[size_t(i)] = trial == 0 ? -5 : trial == 1 ? 5 : int(next() % 11) - 5;
            s16[size_t(i)] = uint16_t(s[size_t(i)]);
        }
        for (int i = 0; i < 256; ++i) {
            const int ai = a[size_t(i)] >= 4096 ? int(a[size_t(i)]) - 8192 : int(a[size_t(i)]);
            for (int j = 0; j < 256; ++j) {
                const int p = ai * s[size_t(j)];
                if (i + j < 256) ref[size_t(i + j)] = uint16_t(ref[size_t(i + j)] + p);
                else ref[size_t(i + j - 256)] = uint16_t(ref[size_t(i + j - 256)] - p);
            }
        }
        int32_t x[256], y[256];
        saber::ntt::load_centred(x, a.data(), 13);
        saber::ntt::forward(x);
        saber::ntt::load_signed16(y, s16.data());
        saber::ntt::forward(y);
        saber::ntt::pointwise(x, y);
        saber::ntt::inverse(x);
        saber::ntt::add_to(got.data(), x);
        for (int i = 0; i < 256; ++i)
            ASSERT_EQ(got[size_t(i)] & 0x1FFF, ref[size_t(i)] & 0x1FFF) << "trial " << trial << " coefficient " << i;
        if (trial < 2) {  // the extremes are exact as integers, not only mod 2^13
            for (int i = 0; i < 256; ++i) ASSERT_EQ(got[size_t(i)], ref[size_t(i)]) << i;
        }
    }
}

// Sums of l products in the transform domain (pointwise_acc, inverse_store:
// the Speed profile's rows) against the schoolbook, at the extremes of the
// sum bound (l = 4, mu / 2 = 3 and l = 2, mu / 2 = 5: every coefficient -4096
// times every secret coefficient -h or +h, |c| = l * 256 * 4096 * h) and on
// random inputs.
TEST(SaberNtt, TransformDomainSumExact) {
    uint64_t st = 0xD1B54A32D192ED03ull;
    auto next = [&st]() {
        st ^= st << 13;
        st ^= st >> 7;
        st ^= st << 17;
        return uint32_t(st);
    };
    struct Case { int l, h, mode; };  // mode 0: all -h, 1: all +h, 2: random
    const Case cases[] = {{4, 3, 0}, {4, 3, 1}, {2, 5, 0}, {2, 5, 1}, {3, 4, 2}, {4, 3, 2}, {2, 5, 2}};
    for (const Case& c : cases) {
        std::vector<uint16_t> ref(256, 0), got(256, 0);
        int32_t acc[256], x[256], y[256];
        for (int j = 0; j < c.l; ++j) {
            std::vector<uint16_t> a(256), s16(256);
            std::vector<int> s(256);
            for (int i = 0; i < 256; ++i) {
                a[size_t(i)] = uint16_t(c.mode < 2 ? 4096 : next() & 0x1FFF);
                s[size_t(i)] = c.mode == 0 ? -c.h : c.mode == 1 ? c.h : int(next() % unsigned(2 * c.h + 1)) - c.h;
                s16[size_t(i)] = uint16_t(s[size_t(i)]);
            }
            for (int i = 0; i < 256; ++i) {
                const int ai = a[size_t(i)] >= 4096 ? int(a[size_t(i)]) - 8192 : int(a[size_t(i)]);
                for (int k = 0; k < 256; ++k) {
                    const int p = ai * s[size_t(k)];
                    if (i + k < 256) ref[size_t(i + k)] = uint16_t(ref[size_t(i + k)] + p);
                    else ref[size_t(i + k - 256)] = uint16_t(ref[size_t(i + k - 256)] - p);
                }
            }
            int32_t* t = j == 0 ? acc : x;
            saber::ntt::load_centred(t, a.data(), 13);
            saber::ntt::forward(t);
            saber::ntt::load_signed16(y, s16.data());
            saber::ntt::forward(y);
            if (j == 0) {
                saber::ntt::pointwise(acc, y);
            } else {
                saber::ntt::pointwise_acc(acc, x, y);
            }
        }
        saber::ntt::inverse_store(got.data(), acc);
        for (int i = 0; i < 256; ++i)
            ASSERT_EQ(got[size_t(i)], ref[size_t(i)]) << "l " << c.l << " mode " << c.mode << " coefficient " << i;
    }
}

#if defined(__x86_64__)
// ntt::x16 (AVX2 hosts without AVX-512F: the Speed rows' two 16-bit NTTs
// and the CRT): sums of l products of 13- and 10-bit packed fields with
// secrets |s| <= mu / 2, the extremes (every term of a coefficient at the
// largest magnitude) and random, exact mod 2^16; the output over either sum buffer.
TEST(SaberNtt, TwoPrime16Exact) {
    if (!saber::ntt::x16::use()) GTEST_SKIP() << "needs AVX2 without AVX-512F";
    uint64_t st = 0x2545F4914F6CDD1Dull;
    auto next = [&st]() {
        st ^= st << 13;
        st ^= st >> 7;
        st ^= st << 17;
        return uint32_t(st);
    };
    for (int trial = 0; trial < 60; ++trial) {
        const int l = 2 + trial % 3, h = l == 2 ? 5 : l == 3 ? 4 : 3;
        const unsigned bits = trial % 4 == 3 ? 10 : 13;
        const int amax = 1 << (bits - 1), mode = trial < 24 ? trial / 6 % 4 : 4;
        std::vector<int64_t> ref(256, 0);
        alignas(32) int32_t s[4][256], s2[4][256], acc[256], acc2[256];
        for (int j = 0; j < l; ++j) {
            std::vector<int32_t> a(256);
            std::vector<uint8_t> packed(256 * bits / 8 + 16, 0);
            for (int i = 0; i < 256; ++i) {
                // modes 0-3: a = -amax or amax - 1 with s = -h or h throughout; 4: random
                a[size_t(i)] = mode < 4 ? (mode & 1 ? amax - 1 : -amax) : int32_t(next() % unsigned(2 * amax)) - amax;
                s[j][i] = mode < 4 ? (mode & 2 ? h : -h) : int32_t(next() % unsigned(2 * h + 1)) - h;
                const uint32_t v = uint32_t(a[size_t(i)]) & ((1u << bits) - 1);
                for (unsigned b = 0; b < bits; ++b)
                    packed[(size_t(i) * bits + b) / 8] |= uint8_t(((v >> b) & 1u) << ((size_t(i) * bits + b) % 8));
            }
            for (int i = 0; i < 256; ++i)
                for (int k = 0; k < 256; ++k) {
                    const int64_t p = int64_t(a[size_t(i)]) * s[j][k];
                    if (i + k < 256) ref[size_t(i + k)] += p;
                    else ref[size_t(i + k - 256)] -= p;
                }
            saber::ntt::x16::prepare_secret(s[j], s2[j]);
            saber::ntt::x16::entry_product(acc, acc2, packed.data(), bits, s[j], s2[j], j != 0);
        }
        uint16_t* out = reinterpret_cast<uint16_t*>(trial % 2 ? acc : acc2);
        saber::ntt::x16::inverse_store(out, acc, acc2);
        for (int i = 0; i < 256; ++i)
            ASSERT_EQ(out[i], uint16_t(ref[size_t(i)])) << "trial " << trial << " coefficient " << i;
    }
}
#endif

// A deterministic test rng (xorshift64*), and one that fails.
struct TestRng {
    uint64_t s;
    void operator()(uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) {
            s ^= s >> 12;
            s ^= s << 25;
            s ^= s >> 27;
            out[i] = uint8_t((s * 0x2545F4914F6CDD1Dull) >> 56);
        }
    }
};

template <class Set, class Profile = saber::Default>
void round_trips_and_rejection() {
    using S = saber::Scheme<Set, Profile>;
    auto ws = std::make_unique<typename S::Workspace>();
    TestRng rng{0x1234567 + S::L};
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), ct(S::ct_bytes), ss(32), ss2(32), expect(32);
    for (int trial = 0; trial < 20; ++trial) {
        ASSERT_EQ(S::keypair(pk.data(), sk.data(), rng, *ws), Status::ok);
        ASSERT_EQ(S::encapsulate(ct.data(), ss.data(), pk.data(), rng, *ws), Status::ok);
        ASSERT_EQ(S::decapsulate(ss2.data(), ct.data(), sk.data(), *ws), Status::ok);
        ASSERT_EQ(ss2, ss) << S::name << " trial " << trial;
        // Tamper one bit (in the vector part, then in c_m): ok, the rejection secret.
        for (size_t pos : {size_t(trial * 37) % S::ct_bytes, S::ct_bytes - 1 - size_t(trial)}) {
            std::vector<uint8_t> bad = ct;
            bad[pos] ^= uint8_t(1u << (trial % 8));
            ASSERT_EQ(S::decapsulate(ss2.data(), bad.data(), sk.data(), *ws), Status::ok);
            EXPECT_NE(ss2, ss);
            uint8_t zc[64];
            std::memcpy(zc, sk.data() + S::sk_bytes - 32, 32);
            pqmcu::hash::sha3_256(zc + 32, bad.data(), bad.size());
            pqmcu::hash::sha3_256(expect.data(), zc, 64);
            EXPECT_EQ(ss2, expect) << S::name << " tampered byte " << pos;
        }
        // The wrong secret key: also rejected implicitly.
        std::vector<uint8_t> pk2(S::pk_bytes), sk2(S::sk_bytes);
        if (trial < 3) {
            ASSERT_EQ(S::keypair(pk2.data(), sk2.data(), rng, *ws), Status::ok);
            ASSERT_EQ(S::decapsulate(ss2.data(), ct.data(), sk2.data(), *ws), Status::ok);
            EXPECT_NE(ss2, ss);
        }
    }
}
TEST(SaberKem, RoundTripAndRejectionLight) { round_trips_and_rejection<saber::lightsaber>(); }
TEST(SaberKem, RoundTripAndRejectionSaber) { round_trips_and_rejection<saber::saber>(); }
TEST(SaberKem, RoundTripAndRejectionFire) { round_trips_and_rejection<saber::firesaber>(); }
TEST(SaberKem, RoundTripAndRejectionSaberToom) { round_trips_and_rejection<saber::saber, saber::Toom>(); }
TEST(SaberKem, RoundTripAndRejectionFireSpeed) { round_trips_and_rejection<saber::firesaber, saber::Speed>(); }

// Default keeps sums in the caller's pk / sk (key generation) and ct
// (encapsulation), placed by the buffers' alignment: every byte offset 0..7
// of the three buffers gives the same keys and ciphertext as the Speed
// profile (which uses none of them), and the ciphertext decapsulates.
template <class Set>
void caller_buffer_offsets() {
    using S = saber::Scheme<Set>;
    using SS = saber::Scheme<Set, saber::Speed>;
    auto ws = std::make_unique<typename S::Workspace>();
    auto wss = std::make_unique<typename SS::Workspace>();
    std::vector<uint8_t> pk0(S::pk_bytes), sk0(S::sk_bytes), ct0(S::ct_bytes), ss0(32), ss(32);
    std::vector<uint8_t> bpk(S::pk_bytes + 8), bsk(S::sk_bytes + 8), bct(S::ct_bytes + 8);
    for (unsigned off = 0; off < 8; ++off) {
        TestRng r0{0xA5A5u + off}, r1{0xA5A5u + off};
        ASSERT_EQ(SS::keypair(pk0.data(), sk0.data(), r0, *wss), Status::ok);
        ASSERT_EQ(SS::encapsulate(ct0.data(), ss0.data(), pk0.data(), r0, *wss), Status::ok);
        uint8_t *pk = bpk.data() + off, *sk = bsk.data() + off, *ct = bct.data() + off;
        ASSERT_EQ(S::keypair(pk, sk, r1, *ws), Status::ok);
        ASSERT_EQ(S::encapsulate(ct, ss.data(), pk, r1, *ws), Status::ok);
        EXPECT_EQ(0, std::memcmp(pk, pk0.data(), S::pk_bytes)) << S::name << " offset " << off;
        EXPECT_EQ(0, std::memcmp(sk, sk0.data(), S::sk_bytes)) << S::name << " offset " << off;
        EXPECT_EQ(0, std::memcmp(ct, ct0.data(), S::ct_bytes)) << S::name << " offset " << off;
        EXPECT_EQ(ss, ss0);
        ASSERT_EQ(S::decapsulate(ss.data(), ct, sk, *ws), Status::ok);
        EXPECT_EQ(ss, ss0) << S::name << " offset " << off;
    }
}
TEST(SaberKem, CallerBufferOffsets) {
    caller_buffer_offsets<saber::lightsaber>();
    caller_buffer_offsets<saber::saber>();
    caller_buffer_offsets<saber::firesaber>();
}

TEST(SaberKem, BadArguments) {
    using S = saber::Scheme<saber::saber>;
    auto ws = std::make_unique<S::Workspace>();
    TestRng rng{9};
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), ct(S::ct_bytes), ss(32);
    EXPECT_EQ(S::keypair(nullptr, sk.data(), rng, *ws), Status::bad_argument);
    EXPECT_EQ(S::keypair(pk.data(), nullptr, rng, *ws), Status::bad_argument);
    ASSERT_EQ(S::keypair(pk.data(), sk.data(), rng, *ws), Status::ok);
    EXPECT_EQ(S::encapsulate(nullptr, ss.data(), pk.data(), rng, *ws), Status::bad_argument);
    EXPECT_EQ(S::encapsulate(ct.data(), nullptr, pk.data(), rng, *ws), Status::bad_argument);
    EXPECT_EQ(S::encapsulate(ct.data(), ss.data(), nullptr, rng, *ws), Status::bad_argument);
    EXPECT_EQ(S::decapsulate(nullptr, ct.data(), sk.data(), *ws), Status::bad_argument);
    EXPECT_EQ(S::decapsulate(ss.data(), nullptr, sk.data(), *ws), Status::bad_argument);
    EXPECT_EQ(S::decapsulate(ss.data(), ct.data(), nullptr, *ws), Status::bad_argument);
    // ss aliasing the ciphertext or the secret key (its first or last byte)
    EXPECT_EQ(S::decapsulate(ct.data(), ct.data(), sk.data(), *ws), Status::bad_argument);
    EXPECT_EQ(S::decapsulate(ct.data() + ct.size() - 1, ct.data(), sk.data(), *ws), Status::bad_argument);
    EXPECT_EQ(S::decapsulate(sk.data() + sk.size() - 1, ct.data(), sk.data(), *ws), Status::bad_argument);
    std::vector<uint8_t> ct_ss(S::ct_bytes + 32);  // adjacent, not overlapping: fine
    EXPECT_EQ(S::decapsulate(ct_ss.data() + S::ct_bytes, ct_ss.data(), sk.data(), *ws), Status::ok);
    // An rng that fails (NIST style, nonzero): internal_error, nothing half-done is claimed.
    auto failing = [](uint8_t*, size_t) { return -1; };
    EXPECT_EQ(S::keypair(pk.data(), sk.data(), failing, *ws), Status::internal_error);
    EXPECT_EQ(S::encapsulate(ct.data(), ss.data(), pk.data(), failing, *ws), Status::internal_error);
    static_assert(S::pk_bytes == 992 && S::sk_bytes == 2304 && S::ct_bytes == 1088 && S::ss_bytes == 32);
}

TEST(SaberPoly, PackUnpackAndSampler) {
    TestRng rng{5};
    for (unsigned bits : {3u, 4u, 6u, 10u, 13u}) {
        std::vector<uint16_t> v(256), w(256);
        for (auto& x : v) {
            uint8_t r[2];
            rng(r, 2);
            x = uint16_t((r[0] | (r[1] << 8)) & ((1u << bits) - 1));
        }
        std::vector<uint8_t> bytes(bits * 32);
        saber::pack_bits(bytes.data(), v.data(), 256, bits);
        saber::unpack_bits(w.data(), bytes.data(), 256, bits);
        EXPECT_EQ(v, w) << bits;
        // Bit 0 of coefficient 0 is bit 0 of byte 0; the last coefficient's top bit is byte end's bit 7.
        EXPECT_EQ(bytes[0] & 1, v[0] & 1);
        EXPECT_EQ(bytes.back() >> 7, v[255] >> (bits - 1));
    }
    for (unsigned mu : {6u, 8u, 10u}) {
        std::vector<uint8_t> coins(mu * 32, 0xFF);
        std::vector<uint16_t> s(256);
        saber::sample_binomial(s.data(), coins.data(), mu);
        for (auto x : s) EXPECT_EQ(x, 0);
        for (size_t i = 0; i < coins.size(); ++i) coins[i] = 0;
        coins[0] = uint8_t((1u << (mu / 2)) - 1);  // coefficient 0: all "a" bits set
        saber::sample_binomial(s.data(), coins.data(), mu);
        EXPECT_EQ(s[0], mu / 2);
        EXPECT_EQ(s[1], 0);
    }
    // sample_binomial4 (encapsulation's s' straight into 4-bit fields, the
    // column layout: coefficient n in nibble n / 32 of word n % 32) equals
    // sample_binomial's values so arranged, on random coins and the extremes.
    for (unsigned mu : {6u, 8u, 10u}) {
        for (int trial = 0; trial < 12; ++trial) {
            std::vector<uint8_t> coins(mu * 32 + 3);
            rng(coins.data(), coins.size());
            if (trial == 1 || trial == 2) std::fill(coins.begin(), coins.end(), uint8_t(trial == 1 ? 0 : 0xFF));
            if (trial == 3) {  // all a bits set, all b bits clear: +mu/2 everywhere; trial 4: -mu/2
                for (size_t i = 0; i < 256; ++i)
                    for (unsigned b = 0; b < mu; ++b) {
                        const size_t bit = i * mu + b;
                        const bool set = b < mu / 2;
                        coins[bit / 8] = uint8_t(set ? coins[bit / 8] | (1u << (bit % 8)) : coins[bit / 8] & ~(1u << (bit % 8)));
                    }
            }
            if (trial == 4) {
                for (size_t i = 0; i < 256; ++i)
                    for (unsigned b = 0; b < mu; ++b) {
                        const size_t bit = i * mu + b;
                        const bool set = b >= mu / 2;
                        coins[bit / 8] = uint8_t(set ? coins[bit / 8] | (1u << (bit % 8)) : coins[bit / 8] & ~(1u << (bit % 8)));
                    }
            }
            std::vector<int32_t> s32(256);
            saber::sample_binomial(s32.data(), coins.data(), 256, mu);
            std::vector<uint8_t> want(128, 0), got(128);
            for (size_t n = 0; n < 256; ++n)
                want[4 * (n % 32) + (n / 32) / 2] |= uint8_t((uint32_t(s32[n]) & 15u) << (4 * ((n / 32) % 2)));
            saber::sample_binomial4(got.data(), coins.data(), 256, mu);
            EXPECT_EQ(want, got) << "mu " << mu << " trial " << trial;
            if (mu == 6) {  // sample_binomial3: FireSaber's 3-bit fields, field n / 32 of 3-byte column n % 32
                std::vector<uint8_t> want3(96, 0), got3(96);
                for (size_t n = 0; n < 256; ++n) {
                    const size_t at = 24 * (n % 32) + 3 * (n / 32);
                    const uint32_t u = uint32_t(s32[n]) & 7u;
                    for (unsigned b = 0; b < 3; ++b) want3[(at + b) / 8] |= uint8_t(((u >> b) & 1u) << ((at + b) % 8));
                }
                saber::sample_binomial3(got3.data(), coins.data(), 256, mu);
                EXPECT_EQ(want3, got3) << "trial " << trial;
            }
            if (trial == 3) {
                EXPECT_EQ(s32[255], int32_t(mu / 2));
            }
            if (trial == 4) {
                EXPECT_EQ(s32[0], -int32_t(mu / 2));
            }
        }
    }
}

}  // namespace
