// SPDX-License-Identifier: Apache-2.0 OR MIT
// NTRU against the official KAT files: the whole .rsp text (after its
// "# name" line) is regenerated through the NIST harness flow (DRBG seeded
// with 00..2F, 48-byte seeds, then per entry randombytes_init(seed); keypair;
// enc; dec) and compared byte for byte (all 100 entries; 10 under sanitizers). Plus round trips, implicit rejection
// of tampered ciphertexts, null arguments, and the pieces (inversions mod 2,
// 3 and q, the sorting network, mod 3).
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "hash/shake.hpp"
#include "ntru/engine_avx2.hpp"
#include "ntru/inverse.hpp"
#include "ntru/ntt.hpp"
#include "ntru/ntt_big.hpp"
#include "ntru/scheme.hpp"
#include "polymul/polymul.hpp"
#include "rng/randombytes.h"

#ifndef PQMCU_SHARED_DIR
#error "PQMCU_SHARED_DIR must point at shared/"
#endif

namespace {

using pqmcu::Status;
namespace ntru = pqmcu::ntru;

// All 100 entries; sanitizer builds (about 30x slower) check the first 10.
// PQMCU_NTRU_KAT_ENTRIES=1..100 overrides either.
#if defined(PQMCU_FEWER_SETS)
constexpr long kDefaultKatEntries = 10;
#else
constexpr long kDefaultKatEntries = 100;
#endif
const size_t kKatEntries = [] {
    const char* e = std::getenv("PQMCU_NTRU_KAT_ENTRIES");
    const long n = e ? std::strtol(e, nullptr, 10) : kDefaultKatEntries;
    return size_t(n >= 1 && n <= 100 ? n : kDefaultKatEntries);
}();

std::string hex(const uint8_t* p, size_t n) {
    static const char* digits = "0123456789ABCDEF";
    std::string s(2 * n, '0');
    for (size_t i = 0; i < n; ++i) {
        s[2 * i] = digits[p[i] >> 4];
        s[2 * i + 1] = digits[p[i] & 15];
    }
    return s;
}

// The file after its first line ("# name\n").
std::string rsp_body(const std::string& name) {
    std::ifstream in(std::string(PQMCU_SHARED_DIR) + "/kat/ntru/" + name + ".rsp", std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string all = ss.str();
    const size_t eol = all.find('\n');
    if (all.rfind("# " + name + "\n", 0) != 0 || eol == std::string::npos) return {};
    return all.substr(eol + 1);
}

auto nist_rng = [](uint8_t* out, size_t n) { return randombytes(out, n); };

template <class Set, class Profile = ntru::Default>
void check_kat(size_t entries) {
    using S = ntru::Scheme<Set, Profile>;
    const std::string expected = rsp_body(S::name);
    ASSERT_FALSE(expected.empty()) << S::name << ".rsp missing or without its header";

    uint8_t entropy[48];
    for (int i = 0; i < 48; ++i) entropy[i] = uint8_t(i);
    randombytes_init(entropy, nullptr, 256);
    std::vector<std::vector<uint8_t>> seeds(entries, std::vector<uint8_t>(48));
    for (auto& s : seeds) randombytes(s.data(), 48);

    auto ws = std::make_unique<typename S::Workspace>();
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), ct(S::ct_bytes), ss(S::ss_bytes), ss2(S::ss_bytes);
    std::string text = "\n";
    for (size_t e = 0; e < entries; ++e) {
        text += "count = " + std::to_string(e) + "\nseed = " + hex(seeds[e].data(), 48) + "\n";
        randombytes_init(seeds[e].data(), nullptr, 256);
        ASSERT_EQ(S::keypair(pk.data(), sk.data(), nist_rng, *ws), Status::ok);
        ASSERT_EQ(S::encapsulate(ct.data(), ss.data(), pk.data(), nist_rng, *ws), Status::ok);
        ASSERT_EQ(S::decapsulate(ss2.data(), ct.data(), sk.data(), *ws), Status::ok);
        ASSERT_EQ(ss, ss2) << S::name << " entry " << e << ": decapsulation";
        text += "pk = " + hex(pk.data(), pk.size()) + "\nsk = " + hex(sk.data(), sk.size()) + "\nct = " +
                hex(ct.data(), ct.size()) + "\nss = " + hex(ss.data(), ss.size()) + "\n\n";
        // Fail at the first entry that differs, naming it.
        ASSERT_EQ(text, expected.substr(0, text.size())) << S::name << " entry " << e;
    }
    if (entries == 100) {
        EXPECT_EQ(text.size(), expected.size()) << S::name << ": trailing text in the .rsp";
    }
}

TEST(NtruKat, Hps2048509) { check_kat<ntru::ntruhps2048509>(kKatEntries); }
TEST(NtruKat, Hps2048677) { check_kat<ntru::ntruhps2048677>(kKatEntries); }
TEST(NtruKat, Hps4096821) { check_kat<ntru::ntruhps4096821>(kKatEntries); }
TEST(NtruKat, Hps40961229) { check_kat<ntru::ntruhps40961229>(kKatEntries); }
TEST(NtruKat, Hrss701) { check_kat<ntru::ntruhrss701>(kKatEntries); }
TEST(NtruKat, Hrss1373) { check_kat<ntru::ntruhrss1373>(kKatEntries); }
// The Speed profile (the registry's: x86 products' buffers in the workspace).
TEST(NtruKat, Hps2048509Speed) { check_kat<ntru::ntruhps2048509, ntru::Speed>(kKatEntries); }
TEST(NtruKat, Hps2048677Speed) { check_kat<ntru::ntruhps2048677, ntru::Speed>(kKatEntries); }
TEST(NtruKat, Hps4096821Speed) { check_kat<ntru::ntruhps4096821, ntru::Speed>(kKatEntries); }
TEST(NtruKat, Hrss701Speed) { check_kat<ntru::ntruhrss701, ntru::Speed>(kKatEntries); }

// ---- KEM behaviour

struct TestRng {
    std::mt19937_64 gen;
    explicit TestRng(uint64_t seed) : gen(seed) {}
    void operator()(uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) out[i] = uint8_t(gen());
    }
};

template <class Set>
void check_round_trips_and_rejection() {
    using S = ntru::Scheme<Set>;
    auto ws = std::make_unique<typename S::Workspace>();
    TestRng rng(Set::params.n);
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), ct(S::ct_bytes), ss(S::ss_bytes), ss2(S::ss_bytes);
    for (int key = 0; key < 2; ++key) {
        ASSERT_EQ(S::keypair(pk.data(), sk.data(), rng, *ws), Status::ok);
        for (int trial = 0; trial < 3; ++trial) {
            ASSERT_EQ(S::encapsulate(ct.data(), ss.data(), pk.data(), rng, *ws), Status::ok);
            ASSERT_EQ(S::decapsulate(ss2.data(), ct.data(), sk.data(), *ws), Status::ok);
            EXPECT_EQ(ss, ss2) << S::name;
        }
    }
    // Tampered ciphertexts: decapsulation succeeds with SHA3-256(prf key || ct).
    auto rejection_secret = [&](const std::vector<uint8_t>& c) {
        std::vector<uint8_t> buf(sk.end() - S::prf_key_bytes, sk.end());
        buf.insert(buf.end(), c.begin(), c.end());
        std::vector<uint8_t> out(32);
        pqmcu::hash::sha3_256(out.data(), buf.data(), buf.size());
        return out;
    };
    // The top bit of a coefficient (adding q/2): never a valid encryption. (A +-1
    // change can be one: in HRSS, c + x^(n-2) - x^(n-1) may encrypt another
    // message, which the KEM then hashes to another key.)
    const size_t logq = Set::params.logq, n = Set::params.n;
    for (size_t coeff : {size_t(0), size_t(1), n / 2, n - 2}) {
        std::vector<uint8_t> bad = ct;
        const size_t bit = coeff * logq + logq - 1;
        bad[bit / 8] ^= uint8_t(1u << (bit % 8));
        ASSERT_EQ(S::decapsulate(ss2.data(), bad.data(), sk.data(), *ws), Status::ok);
        EXPECT_NE(ss2, ss) << S::name << " coefficient " << coeff;
        EXPECT_EQ(ss2, rejection_secret(bad)) << S::name << " coefficient " << coeff;
    }
    // Random garbage.
    std::vector<uint8_t> garbage(S::ct_bytes);
    rng(garbage.data(), garbage.size());
    garbage.back() = 0;
    ASSERT_EQ(S::decapsulate(ss2.data(), garbage.data(), sk.data(), *ws), Status::ok);
    EXPECT_EQ(ss2, rejection_secret(garbage)) << S::name << " random ciphertext";
    // Non-zero padding bits of the last byte (where there are any) are rejected too.
    const size_t used = (size_t(Set::params.logq) * (Set::params.n - 1)) % 8;
    if (used != 0) {
        std::vector<uint8_t> bad = ct;
        bad.back() ^= uint8_t(0x80);
        ASSERT_EQ(S::decapsulate(ss2.data(), bad.data(), sk.data(), *ws), Status::ok);
        EXPECT_EQ(ss2, rejection_secret(bad)) << S::name << " padding";
    }
    // The genuine ciphertext still decapsulates to ss.
    ASSERT_EQ(S::decapsulate(ss2.data(), ct.data(), sk.data(), *ws), Status::ok);
    EXPECT_EQ(ss, ss2);

    // The per-operation workspaces (filled with garbage first: nothing may
    // rely on their contents) give the same bytes as the union.
    static_assert(sizeof(typename S::EncapsWorkspace) < sizeof(typename S::KeygenWorkspace));
    static_assert(sizeof(typename S::DecapsWorkspace) < sizeof(typename S::KeygenWorkspace));
    auto kws = std::make_unique<typename S::KeygenWorkspace>();
    auto ews = std::make_unique<typename S::EncapsWorkspace>();
    auto dws = std::make_unique<typename S::DecapsWorkspace>();
    std::memset(static_cast<void*>(kws.get()), 0xA5, sizeof *kws);
    std::memset(static_cast<void*>(ews.get()), 0x5A, sizeof *ews);
    std::memset(static_cast<void*>(dws.get()), 0xC3, sizeof *dws);
    std::vector<uint8_t> fg(S::fg_seed_bytes), prf(S::prf_key_bytes), rm(S::rm_seed_bytes);
    rng(fg.data(), fg.size());
    rng(prf.data(), prf.size());
    rng(rm.data(), rm.size());
    std::vector<uint8_t> pk2(S::pk_bytes), sk2(S::sk_bytes), ct2(S::ct_bytes), ss3(S::ss_bytes);
    ASSERT_EQ(S::keypair_derand(pk.data(), sk.data(), fg.data(), prf.data(), *ws), Status::ok);
    ASSERT_EQ(S::keypair_derand(pk2.data(), sk2.data(), fg.data(), prf.data(), *kws), Status::ok);
    EXPECT_EQ(pk, pk2);
    EXPECT_EQ(sk, sk2);
    ASSERT_EQ(S::encapsulate_derand(ct.data(), ss.data(), pk.data(), rm.data(), *ws), Status::ok);
    ASSERT_EQ(S::encapsulate_derand(ct2.data(), ss2.data(), pk.data(), rm.data(), *ews), Status::ok);
    EXPECT_EQ(ct, ct2);
    EXPECT_EQ(ss, ss2);
    ASSERT_EQ(S::decapsulate(ss3.data(), ct.data(), sk.data(), *dws), Status::ok);
    EXPECT_EQ(ss, ss3);
    ct2[(logq - 1) / 8] ^= uint8_t(1u << ((logq - 1) % 8));  // the top bit of coefficient 0
    ASSERT_EQ(S::decapsulate(ss3.data(), ct2.data(), sk.data(), *dws), Status::ok);
    EXPECT_EQ(ss3, rejection_secret(ct2));
}

TEST(NtruKem, RoundTripAndRejectionHps2048509) { check_round_trips_and_rejection<ntru::ntruhps2048509>(); }
TEST(NtruKem, RoundTripAndRejectionHps2048677) { check_round_trips_and_rejection<ntru::ntruhps2048677>(); }
TEST(NtruKem, RoundTripAndRejectionHps4096821) { check_round_trips_and_rejection<ntru::ntruhps4096821>(); }
TEST(NtruKem, RoundTripAndRejectionHps40961229) { check_round_trips_and_rejection<ntru::ntruhps40961229>(); }
TEST(NtruKem, RoundTripAndRejectionHrss701) { check_round_trips_and_rejection<ntru::ntruhrss701>(); }
TEST(NtruKem, RoundTripAndRejectionHrss1373) { check_round_trips_and_rejection<ntru::ntruhrss1373>(); }

TEST(NtruKem, NullArguments) {
    using S = ntru::Scheme<ntru::ntruhps2048509>;
    auto ws = std::make_unique<S::Workspace>();
    TestRng rng(1);
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), ct(S::ct_bytes), ss(S::ss_bytes);
    std::vector<uint8_t> seed(S::fg_seed_bytes), prf(S::prf_key_bytes);
    EXPECT_EQ(S::keypair(nullptr, sk.data(), rng, *ws), Status::bad_argument);
    EXPECT_EQ(S::keypair(pk.data(), nullptr, rng, *ws), Status::bad_argument);
    EXPECT_EQ(S::keypair_derand(pk.data(), sk.data(), nullptr, prf.data(), *ws), Status::bad_argument);
    EXPECT_EQ(S::keypair_derand(pk.data(), sk.data(), seed.data(), nullptr, *ws), Status::bad_argument);
    ASSERT_EQ(S::keypair(pk.data(), sk.data(), rng, *ws), Status::ok);
    EXPECT_EQ(S::encapsulate(nullptr, ss.data(), pk.data(), rng, *ws), Status::bad_argument);
    EXPECT_EQ(S::encapsulate(ct.data(), nullptr, pk.data(), rng, *ws), Status::bad_argument);
    EXPECT_EQ(S::encapsulate(ct.data(), ss.data(), nullptr, rng, *ws), Status::bad_argument);
    EXPECT_EQ(S::encapsulate_derand(ct.data(), ss.data(), pk.data(), nullptr, *ws), Status::bad_argument);
    EXPECT_EQ(S::decapsulate(nullptr, ct.data(), sk.data(), *ws), Status::bad_argument);
    EXPECT_EQ(S::decapsulate(ss.data(), nullptr, sk.data(), *ws), Status::bad_argument);
    EXPECT_EQ(S::decapsulate(ss.data(), ct.data(), nullptr, *ws), Status::bad_argument);
    // A failing rng is reported.
    auto failing = [](uint8_t*, size_t) { return -1; };
    EXPECT_EQ(S::keypair(pk.data(), sk.data(), failing, *ws), Status::internal_error);
    EXPECT_EQ(S::encapsulate(ct.data(), ss.data(), pk.data(), failing, *ws), Status::internal_error);
}

// The deterministic cores give what the rng-driven calls give.
TEST(NtruKem, DerandMatchesRngCalls) {
    using S = ntru::Scheme<ntru::ntruhrss701>;
    auto ws = std::make_unique<S::Workspace>();
    std::vector<uint8_t> coins(S::fg_seed_bytes + S::prf_key_bytes + S::rm_seed_bytes);
    for (size_t i = 0; i < coins.size(); ++i) coins[i] = uint8_t(i * 29 + 7);
    size_t pos = 0;
    auto replay = [&](uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) out[i] = coins[pos++];
    };
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), ct(S::ct_bytes), ss(S::ss_bytes);
    std::vector<uint8_t> pk2(S::pk_bytes), sk2(S::sk_bytes), ct2(S::ct_bytes), ss2(S::ss_bytes);
    ASSERT_EQ(S::keypair(pk.data(), sk.data(), replay, *ws), Status::ok);
    ASSERT_EQ(S::encapsulate(ct.data(), ss.data(), pk.data(), replay, *ws), Status::ok);
    EXPECT_EQ(pos, coins.size());
    ASSERT_EQ(S::keypair_derand(pk2.data(), sk2.data(), coins.data(), coins.data() + S::fg_seed_bytes, *ws),
              Status::ok);
    ASSERT_EQ(S::encapsulate_derand(ct2.data(), ss2.data(), pk2.data(),
                                    coins.data() + S::fg_seed_bytes + S::prf_key_bytes, *ws),
              Status::ok);
    EXPECT_EQ(pk, pk2);
    EXPECT_EQ(sk, sk2);
    EXPECT_EQ(ct, ct2);
    EXPECT_EQ(ss, ss2);
}

// ---- pieces

// c = a * b reduced mod Phi_n (c[i] - c[n-1]), exact mod 2^16.
std::vector<uint16_t> mul_mod_phi(const std::vector<uint16_t>& a, const std::vector<uint16_t>& b) {
    const size_t n = a.size();
    std::vector<uint16_t> c(n);
    pqmcu::polymul::mul_cyclic(c.data(), a.data(), b.data(), n);
    const uint16_t last = c[n - 1];
    for (auto& x : c) x = uint16_t(x - last);
    return c;
}

void check_inversions(size_t n, uint32_t logq) {
    std::mt19937 gen{uint32_t(n)};
    std::vector<ntru::InvWord> inv(8 * ntru::inv_words(n));
    std::vector<uint16_t> scratch(3 * n), mul(ntru::mul_scratch_words(n, logq));
    const uint16_t qmask = uint16_t((1u << logq) - 1);
    for (int trial = 0; trial < 4; ++trial) {
        // mod 3: a ternary polynomial (Phi_n is irreducible mod 3 for these n, so a != 0 is invertible).
        std::vector<uint16_t> a(n), r(n);
        for (auto& x : a) x = uint16_t(gen() % 3);
        ntru::detail::s3_inverse(r.data(), a.data(), n, inv.data());
        for (size_t i = 0; i < n; ++i) ASSERT_LT(r[i], 3);
        // The jump divsteps (inverse.hpp) give the same polynomial, whatever the scratch held.
        std::vector<uint32_t> jump(ntru::detail::s3_jump_scratch_words(n));
        for (auto& x : jump) x = gen();
        std::vector<uint16_t> rj(n);
        ntru::detail::s3_inverse_jump(rj.data(), a.data(), n, jump.data());
        ASSERT_EQ(rj, r) << "S3 jump inverse, n = " << n;
        std::vector<uint32_t> exp3(ntru::detail::s3_exp_scratch_words(n));
        for (auto& x : exp3) x = gen();
        ntru::detail::s3_inverse_exp(rj.data(), a.data(), n, exp3.data());
        ASSERT_EQ(rj, r) << "S3 inverse by exponentiation, n = " << n;
        std::fill(rj.begin(), rj.end(), 7);
        if (ntru::detail::s3_inverse_x86(rj.data(), a.data(), n)) {
            ASSERT_EQ(rj, r) << "S3 inverse, x86, n = " << n;
        }
        auto prod = mul_mod_phi(a, r);  // small integers (|c| < 8n), stored mod 2^16
        for (size_t i = 0; i < n; ++i)
            ASSERT_EQ((int32_t(int16_t(prod[i])) % 3 + 3) % 3, i == 0 ? 1 : 0)
                << "S3 inverse, n = " << n << ", coefficient " << i;
        // mod 2 and mod q: a random polynomial of R_q (invertible mod 2 unless a = 0 mod (2, Phi_n)).
        for (auto& x : a) x = uint16_t(gen());
        ntru::detail::r2_inverse(r.data(), a.data(), n, inv.data());
        prod = mul_mod_phi(a, r);
        for (size_t i = 0; i < n; ++i) ASSERT_EQ(prod[i] & 1u, i == 0 ? 1u : 0u) << "R2 inverse, n = " << n;
        std::vector<uint32_t> jump2(ntru::detail::r2_jump_scratch_words(n));
        for (auto& x : jump2) x = gen();
        ntru::detail::r2_inverse_jump(rj.data(), a.data(), n, jump2.data());
        ASSERT_EQ(rj, r) << "R2 jump inverse, n = " << n;
        std::vector<uint32_t> exp2(ntru::detail::r2_exp_scratch_words(n));
        for (auto& x : exp2) x = gen();
        ntru::detail::r2_inverse_exp(rj.data(), a.data(), n, exp2.data());
        ASSERT_EQ(rj, r) << "R2 inverse by exponentiation, n = " << n;
        std::fill(rj.begin(), rj.end(), 7);
        if (ntru::detail::r2_inverse_x86(rj.data(), a.data(), n)) {
            ASSERT_EQ(rj, r) << "R2 inverse, x86, n = " << n;
        }
        ntru::detail::rq_inverse(r.data(), a.data(), n, logq, scratch.data(), mul.data());
        prod = mul_mod_phi(a, r);
        for (size_t i = 0; i < n; ++i)
            ASSERT_EQ(prod[i] & qmask, i == 0 ? 1u : 0u) << "Rq inverse, n = " << n << ", coefficient " << i;
        // Exact as far as the Newton steps reach (12 bits for logq <= 12, else 2^mul_logq).
        const uint16_t exact = uint16_t((1u << (logq <= 12 ? 12 : ntru::mul_logq(logq))) - 1);
        for (size_t i = 0; i < n; ++i) ASSERT_EQ(prod[i] & exact, i == 0 ? 1u : 0u);
    }
}

// The jump inversion mod 3 on structured inputs (constants, monomials, sparse
// and dense ones: the extreme swap / sign patterns), against s3_inverse.
TEST(NtruPieces, S3JumpInverseStructured) {
    for (size_t n : {509u, 677u, 701u, 821u, 1229u, 1373u}) {
        std::vector<ntru::InvWord> inv(8 * ntru::inv_words(n));
        std::vector<uint32_t> jump(ntru::detail::s3_jump_scratch_words(n));
        std::vector<uint32_t> exp3(ntru::detail::s3_exp_scratch_words(n));
        std::vector<std::vector<uint16_t>> inputs;
        for (uint16_t c : {1, 2}) {
            std::vector<uint16_t> a(n, 0);
            a[0] = c;
            inputs.push_back(a);  // +-1
            std::fill(a.begin(), a.end(), 0);
            a[n - 1] = c;
            inputs.push_back(a);  // +-x^(n-1)
            std::fill(a.begin(), a.end(), c);
            a[n / 2] = 0;
            inputs.push_back(a);  // dense
            std::fill(a.begin(), a.end(), 0);
            a[1] = c, a[n - 2] = 3 - c, a[n / 3] = c;
            inputs.push_back(a);  // sparse
        }
        for (const auto& a : inputs) {
            std::vector<uint16_t> r(n), rj(n);
            ntru::detail::s3_inverse(r.data(), a.data(), n, inv.data());
            std::fill(jump.begin(), jump.end(), 0xA5A5A5A5u);
            ntru::detail::s3_inverse_jump(rj.data(), a.data(), n, jump.data());
            ASSERT_EQ(rj, r) << "n = " << n;
            std::fill(exp3.begin(), exp3.end(), 0xA5A5A5A5u);
            ntru::detail::s3_inverse_exp(rj.data(), a.data(), n, exp3.data());
            ASSERT_EQ(rj, r) << "by exponentiation, n = " << n;
            std::fill(rj.begin(), rj.end(), 7);
            if (ntru::detail::s3_inverse_x86(rj.data(), a.data(), n)) {
                ASSERT_EQ(rj, r) << "x86, n = " << n;
            }
        }
        // not invertible (0 and Phi_n, 2 Phi_n): 0 by exponentiation
        for (uint16_t c : {0, 1, 2}) {
            std::vector<uint16_t> a(n, c), rj(n, 7);
            std::vector<uint16_t> r(n), rx(n, 7);  // the x86 steps: as s3_inverse's
            ntru::detail::s3_inverse(r.data(), a.data(), n, inv.data());
            if (ntru::detail::s3_inverse_x86(rx.data(), a.data(), n)) {
                ASSERT_EQ(rx, r) << "x86, n = " << n;
            }
            std::fill(exp3.begin(), exp3.end(), 0x5A5A5A5Au);
            ntru::detail::s3_inverse_exp(rj.data(), a.data(), n, exp3.data());
            ASSERT_EQ(rj, std::vector<uint16_t>(n, 0)) << "n = " << n << ", c = " << c;
        }
    }
}

// The inversion mod 2 by exponentiation on structured inputs (constants,
// monomials, a = 0 and a = Phi_n: not invertible, 0 from both), against r2_inverse.
TEST(NtruPieces, R2ExpInverseStructured) {
    for (size_t n : {509u, 677u, 701u, 821u, 1229u, 1373u}) {
        std::vector<ntru::InvWord> inv(8 * ntru::inv_words(n));
        std::vector<uint32_t> scratch(ntru::detail::r2_exp_scratch_words(n), 0xA5A5A5A5u);
        std::vector<std::vector<uint16_t>> inputs;
        std::vector<uint16_t> a(n, 0);
        inputs.push_back(a);  // 0
        a[0] = 1;
        inputs.push_back(a);  // 1
        a[0] = 0, a[n - 1] = 1;
        inputs.push_back(a);  // x^(n-1)
        a[1] = 3;
        inputs.push_back(a);  // x + x^(n-1)
        std::fill(a.begin(), a.end(), 1);
        inputs.push_back(a);  // Phi_n
        a[0] = 0;
        inputs.push_back(a);  // Phi_n - 1
        for (const auto& in : inputs) {
            std::vector<uint16_t> r(n), re(n);
            ntru::detail::r2_inverse(r.data(), in.data(), n, inv.data());
            ntru::detail::r2_inverse_exp(re.data(), in.data(), n, scratch.data());
            ASSERT_EQ(re, r) << "n = " << n;
            std::fill(re.begin(), re.end(), 7);
            if (ntru::detail::r2_inverse_x86(re.data(), in.data(), n)) {
                ASSERT_EQ(re, r) << "x86, n = " << n;
            }
        }
    }
}

TEST(NtruPieces, Inversions509) { check_inversions(509, 11); }
TEST(NtruPieces, Inversions677) { check_inversions(677, 11); }
TEST(NtruPieces, Inversions701) { check_inversions(701, 13); }
TEST(NtruPieces, Inversions821) { check_inversions(821, 12); }
TEST(NtruPieces, Inversions1229) { check_inversions(1229, 12); }
TEST(NtruPieces, Inversions1373) { check_inversions(1373, 14); }

// ntt.hpp against the cyclic schoolbook product, at random and extreme
// inputs (every coefficient -q/2, the small operand all -1, 2, -8 or 7): the
// bounds the transform's prime must cover.
void check_ntt(size_t n, uint32_t logq) {
    const uint32_t q = 1u << logq;
    std::mt19937 gen{uint32_t(n)};
    std::vector<int32_t> scratch(ntru::ntt::scratch_words(n));
    std::vector<uint16_t> a(n), b(n), s(n), got(n), want(n);
    const auto cyclic = [&](const std::vector<uint16_t>& x, const std::vector<uint16_t>& y) {
        for (size_t i = 0; i < n; ++i) {
            uint32_t acc = 0;
            for (size_t j = 0; j < n; ++j) acc += uint32_t(x[j]) * y[(i + n - j) % n];
            want[i] = uint16_t(acc);
        }
    };
    for (int trial = 0; trial < 6; ++trial) {
        for (size_t i = 0; i < n; ++i) {
            a[i] = trial >= 4 ? uint16_t(q / 2) : uint16_t(gen() % q);
            const uint32_t t = trial >= 4 ? 2 : gen() % 3;
            s[i] = uint16_t(t == 2 ? q - 1 : t);  // {0, 1, -1} mod q
        }
        cyclic(a, s);
        ntru::ntt::mul(got.data(), a.data(), logq, s.data(), logq, n, scratch.data());
        for (size_t i = 0; i < n; ++i) ASSERT_EQ((got[i] ^ want[i]) & (q - 1), 0) << "big x small, n = " << n;
        // The same ternary operand in its S3 form {0,1,2} (kTernary), output aliasing it.
        for (size_t i = 0; i < n; ++i) b[i] = uint16_t(s[i] == q - 1 ? 2 : s[i]);
        ntru::ntt::mul(b.data(), a.data(), logq, b.data(), ntru::ntt::kTernary, n, scratch.data());
        for (size_t i = 0; i < n; ++i) ASSERT_EQ((b[i] ^ want[i]) & (q - 1), 0) << "big x ternary, n = " << n;
        for (size_t i = 0; i < n; ++i) s[i] = uint16_t(trial >= 4 ? 2 : gen() % 3);  // S3: read as they are
        std::vector<uint16_t> t3(n);
        for (size_t i = 0; i < n; ++i) t3[i] = uint16_t(trial >= 4 ? 2 : gen() % 3);
        cyclic(t3, s);
        ntru::ntt::mul(got.data(), t3.data(), 0, s.data(), 0, n, scratch.data());
        ASSERT_EQ(got, want) << "S3, n = " << n;
        // The largest small operands (|b| <= 8: key generation's Newton steps;
        // 3 (x - 1) g is within 6); the output may alias an operand.
        for (size_t i = 0; i < n; ++i) b[i] = uint16_t(trial >= 4 ? (trial == 4 ? q - 8 : 7) : (gen() % 16 + q - 8) % q);
        cyclic(a, b);
        got = b;
        ntru::ntt::mul(got.data(), a.data(), logq, got.data(), logq, n, scratch.data());
        for (size_t i = 0; i < n; ++i) ASSERT_EQ((got[i] ^ want[i]) & (q - 1), 0) << "big x 8, n = " << n;
    }
}

TEST(NtruPieces, NttProducts509) { check_ntt(509, 11); }
TEST(NtruPieces, NttProducts677) { check_ntt(677, 11); }
TEST(NtruPieces, NttProducts701) { check_ntt(701, 13); }
TEST(NtruPieces, NttProducts821) { check_ntt(821, 12); }

// ntt_big.hpp (both operands full mod q) against the cyclic schoolbook
// product: random operands, and every coefficient at -q/2 with the other
// operand all -q/2 (the largest positive sum, n (q/2)^2) or all q/2 - 1 (the
// largest negative one); the output aliasing an operand.
void check_ntt_big(size_t n) {
    const uint32_t logq = 11, q = 1u << logq;
    std::mt19937 gen{uint32_t(n)};
    std::vector<int32_t> scratch(ntru::ntt_big::scratch_words(n));
    std::vector<uint16_t> a(n), b(n), got(n), want(n);
    for (int trial = 0; trial < 8; ++trial) {
        for (size_t i = 0; i < n; ++i) {
            a[i] = trial >= 5 ? uint16_t(q / 2) : uint16_t(gen() % q);
            b[i] = trial == 5 ? uint16_t(q / 2) : trial == 6 ? uint16_t(q / 2 - 1) : trial == 7 ? uint16_t(i & 1 ? q / 2 : q / 2 - 1) : uint16_t(gen());
        }
        if (trial == 4) a[0] = b[n - 1] = uint16_t(q / 2);
        for (size_t i = 0; i < n; ++i) {
            uint32_t acc = 0;
            for (size_t j = 0; j < n; ++j) acc += uint32_t(a[j]) * b[(i + n - j) % n];
            want[i] = uint16_t(acc);
        }
        const std::vector<uint16_t>& src = (trial & 1) ? b : a;
        std::copy(src.begin(), src.end(), got.begin());
        if (trial & 1) ntru::ntt_big::mul(got.data(), a.data(), got.data(), logq, n, scratch.data());
        else ntru::ntt_big::mul(got.data(), got.data(), b.data(), logq, n, scratch.data());
        for (size_t i = 0; i < n; ++i) ASSERT_EQ((got[i] ^ want[i]) & (q - 1), 0) << "n = " << n << ", trial " << trial << ", i = " << i;
    }
}
static_assert(ntru::ntt_big::supported(509, 11) && ntru::ntt_big::supported(677, 11));
TEST(NtruPieces, NttBigProducts509) { check_ntt_big(509); }
TEST(NtruPieces, NttBigProducts677) { check_ntt_big(677); }
// hrss701's last Newton step: a centred mod 2^13, |b| <= 128 (random and the
// extremes -4096 times all -128, all 128, alternating).
TEST(NtruPieces, NttBigProducts701Mixed) {
    const size_t n = 701;
    const uint32_t logq = 13, q = 1u << logq;
    static_assert(ntru::ntt_big::supported_mixed(701, 13, 128));
    std::mt19937 gen{701};
    std::vector<int32_t> scratch(ntru::ntt_big::scratch_words(n));
    std::vector<uint16_t> a(n), b(n), got(n), want(n);
    for (int trial = 0; trial < 6; ++trial) {
        for (size_t i = 0; i < n; ++i) {
            a[i] = trial >= 3 ? uint16_t(q / 2) : uint16_t(gen());
            const int32_t v = trial == 3 ? -128 : trial == 4 ? 128 : trial == 5 ? (i & 1 ? 128 : -128) : int32_t(gen() % 257) - 128;
            b[i] = uint16_t(v);
        }
        for (size_t i = 0; i < n; ++i) {
            uint32_t acc = 0;
            for (size_t j = 0; j < n; ++j) acc += uint32_t(a[j]) * b[(i + n - j) % n];
            want[i] = uint16_t(acc);
        }
        ntru::ntt_big::mul(got.data(), a.data(), b.data(), logq, n, scratch.data());
        for (size_t i = 0; i < n; ++i) ASSERT_EQ((got[i] ^ want[i]) & (q - 1), 0) << "trial " << trial << ", i = " << i;
    }
}

TEST(NtruPieces, SortingNetwork) {
    std::mt19937 gen(7);
    for (size_t count : {2u, 3u, 4u, 5u, 6u, 7u, 8u, 9u, 16u, 17u, 33u, 63u, 64u, 65u, 100u, 127u, 128u, 129u, 257u,
                         508u, 676u, 700u, 820u, 1000u, 1024u, 1228u, 2047u, 2048u, 2049u}) {
        std::vector<int32_t> x(count);
        for (auto& v : x) v = int32_t(gen());
        x[count / 2] = x[0];  // a duplicate
        if (count >= 9) {     // the extremes (the network compares with the sign bit flipped)
            x[1] = INT32_MIN;
            x[3] = INT32_MAX;
            x[5] = -1;
            x[7] = 0;
        }
        std::vector<int32_t> want = x;
        std::sort(want.begin(), want.end());
        ntru::detail::sort_int32(x.data(), x.size());
        EXPECT_EQ(x, want) << "count " << count;
    }
}

// The M4 sampler's bitonic sort on groups of eight (sort_uint32_blocks; the
// C mirror of its assembly here, the assembly through m4.kat.*) against
// std::sort, with room for its padding (count rounded up to 8) and a canary.
TEST(NtruPieces, SortingNetworkBlocks) {
    std::mt19937 gen(17);
    for (size_t count : {2u, 3u, 7u, 8u, 9u, 15u, 16u, 17u, 24u, 33u, 63u, 64u, 65u, 100u, 127u, 128u, 129u, 200u,
                         257u, 508u, 676u, 700u, 820u, 1000u, 1024u, 1228u, 1372u, 2047u, 2048u, 2049u}) {
        const size_t room = (count + 7) / 8 * 8;
        std::vector<uint32_t> x(room + 1, 0xDEADBEEFu);
        for (size_t i = 0; i < count; ++i) x[i] = uint32_t(gen());
        x[count / 2] = x[0];  // a duplicate
        if (count >= 9) x[1] = 0, x[3] = ~0u, x[5] = 0x80000000u;  // the extremes
        std::vector<uint32_t> want(x.begin(), x.begin() + ptrdiff_t(count));
        std::sort(want.begin(), want.end());
        ntru::detail::sort_uint32_blocks(x.data(), count);
        EXPECT_EQ(std::vector<uint32_t>(x.begin(), x.begin() + ptrdiff_t(count)), want) << "count " << count;
        EXPECT_EQ(x[room], 0xDEADBEEFu) << "count " << count;
    }
}

// The fixed-weight sampler's in-place sort and labels (x86 AVX2) against
// std::sort: r[j] = (j-th smallest key) & 3, keys as the sampler makes them
// (sign bit flipped, labels in the low bits), duplicates included.
TEST(NtruPieces, SortLabelsAvx2) {
    std::mt19937 gen(11);
    for (size_t count : {2u, 9u, 63u, 64u, 65u, 100u, 127u, 128u, 129u, 257u, 508u, 676u, 700u, 820u, 1000u, 1024u,
                         1228u, 2047u, 2048u}) {
        size_t cap = 64;
        while (cap < count) cap <<= 1;
        for (int trial = 0; trial < 4; ++trial) {
            std::vector<uint32_t> keys(cap + 1, 0x5A5A5A5Au);
            for (size_t i = 0; i < count; ++i) keys[i] = (gen() << 2) ^ 0x80000000u ^ uint32_t(i % 3);
            keys[count / 2] = keys[0];
            if (trial == 1) for (size_t i = 0; i < count; ++i) keys[i] = 0x80000000u | uint32_t(i % 3);  // ties
            std::vector<uint32_t> want(keys.begin(), keys.begin() + ptrdiff_t(count));
            std::sort(want.begin(), want.end());
            std::vector<uint16_t> r(count + 1, 0x7777);
            if (!ntru::detail::sort_labels_avx2(r.data(), keys.data(), count, cap)) GTEST_SKIP() << "no AVX2";
            for (size_t j = 0; j < count; ++j) ASSERT_EQ(r[j], want[j] & 3) << "count " << count << ", j = " << j;
            EXPECT_EQ(r[count], 0x7777) << "count " << count;  // nothing written past count
            EXPECT_EQ(keys[cap], 0x5A5A5A5Au) << "count " << count;  // nor past the capacity
        }
    }
}

// The x86 AVX2 bit-field passes against bit-level references on random
// bytes: R_q unpacking (with its sum) and packing at 11 .. 14 bits (12 has
// its own loops), and the fixed-weight keys (30 bits each, shifted left 2,
// sign bit flipped). Each returns how many coefficients / keys it did.
namespace {
uint32_t bits_at(const std::vector<uint8_t>& in, size_t bit, unsigned width) {
    uint32_t v = 0;
    for (unsigned b = 0; b < width; ++b) v |= uint32_t((in[(bit + b) / 8] >> ((bit + b) % 8)) & 1) << b;
    return v;
}
}  // namespace
TEST(NtruPieces, BitFieldsAvx2) {
    std::mt19937 gen(5);
    for (unsigned L = 11; L <= 14; ++L) {
        for (size_t count : {508u, 676u, 700u, 820u, 1228u}) {
            const size_t len = (L * count + 7) / 8, groups = count / 8;
            std::vector<uint8_t> in(len);
            for (auto& b : in) b = uint8_t(gen());
            std::vector<uint16_t> a(count + 16, 0x7777);
            uint32_t sum = 0;
            const size_t done = ntru::detail::unpack_bits_avx2(a.data(), in.data(), L, len, groups, sum);
            if (done == 0) GTEST_SKIP() << "no AVX2";
            EXPECT_GE(done + 64, count) << "L " << L;
            uint32_t want_sum = 0;
            for (size_t i = 0; i < done; ++i) {
                const uint32_t want = bits_at(in, L * i, L);
                ASSERT_EQ(a[i], want) << "L " << L << ", count " << count << ", i = " << i;
                want_sum += want;
            }
            EXPECT_EQ(a[done], 0x7777);
            EXPECT_EQ(sum & 0xFFFF, want_sum & 0xFFFF) << "L " << L << ", count " << count;  // (mod 2^16 is kept)
            // packing: the coefficients with junk above bit L
            std::vector<uint16_t> c(count + 16);
            for (auto& v : c) v = uint16_t(gen());
            std::vector<uint8_t> out(len + 32, 0xA5);
            const size_t packed = ntru::detail::pack_rq_avx512(out.data(), c.data(), count, L);
            EXPECT_GE(packed + 64, count) << "L " << L;
            std::vector<uint8_t> outv(out.begin(), out.begin() + ptrdiff_t(len));
            for (size_t i = 0; i < packed; ++i)
                ASSERT_EQ(bits_at(outv, L * i, L), c[i] & ((1u << L) - 1)) << "L " << L << ", i = " << i;
            for (size_t j = len; j < out.size(); ++j) ASSERT_EQ(out[j], 0xA5) << "L " << L << ": written past len";
        }
    }
    for (size_t count : {508u, 676u, 820u, 1228u}) {
        const size_t len = 30 * count / 8;
        std::vector<uint8_t> u(len);
        for (auto& b : u) b = uint8_t(gen());
        std::vector<uint32_t> keys(count + 8, 0x12345678u);
        const size_t done = ntru::detail::fixed_weight_keys_avx2(keys.data(), u.data(), count, len);
        EXPECT_GE(done + 8, count);
        for (size_t i = 0; i < done; ++i)
            ASSERT_EQ(keys[i], (bits_at(u, 30 * i, 30) << 2) ^ 0x80000000u) << "count " << count << ", i = " << i;
        EXPECT_EQ(keys[done], 0x12345678u);
    }
}

// S3 packing (five base-3 digits a byte) on x86 (AVX2 / AVX-512BW) against
// the definition, and sample_iid_pack's (u mod 3, packed, summed) on random bytes.
TEST(NtruPieces, PackS3Simd) {
    std::mt19937 gen(9);
    for (size_t count : {508u, 676u, 700u, 820u, 1228u, 1372u}) {
        std::vector<uint16_t> a(count + 1, 0);
        for (size_t i = 0; i < count; ++i) a[i] = uint16_t(gen() % 3);
        const size_t bytes = (count + 4) / 5;
        std::vector<uint8_t> want(bytes, 0), got(bytes + 16, 0xA5);
        for (size_t i = 0; i < count; ++i) {
            uint32_t p = 1;
            for (size_t j = 0; j < i % 5; ++j) p *= 3;
            want[i / 5] = uint8_t(want[i / 5] + p * a[i]);
        }
        if (!ntru::detail::pack_s3_avx512(got.data(), a.data(), count)) GTEST_SKIP() << "no AVX2";
        for (size_t i = 0; i < bytes; ++i) ASSERT_EQ(got[i], want[i]) << "count " << count << ", byte " << i;
        EXPECT_EQ(got[bytes], 0xA5) << "count " << count;
        // sample_iid_pack: r = u mod 3 from random bytes, packed, summed
        std::vector<uint8_t> u(count);
        for (auto& b : u) b = uint8_t(gen());
        std::vector<uint16_t> r(count + 1, 0x7777);
        std::vector<uint8_t> packed(bytes + 16, 0xA5);
        uint32_t sum = 0, want_sum = 0;
        ASSERT_TRUE(ntru::detail::sample_iid_pack_avx512(r.data(), packed.data(), u.data(), count, sum));
        std::fill(want.begin(), want.end(), 0);
        for (size_t i = 0; i < count; ++i) {
            ASSERT_EQ(r[i], u[i] % 3) << "count " << count << ", i = " << i;
            want_sum += u[i] % 3;
            uint32_t p = 1;
            for (size_t j = 0; j < i % 5; ++j) p *= 3;
            want[i / 5] = uint8_t(want[i / 5] + p * (u[i] % 3));
        }
        EXPECT_EQ(r[count], 0);
        EXPECT_EQ(sum, want_sum);
        for (size_t i = 0; i < bytes; ++i) ASSERT_EQ(packed[i], want[i]) << "count " << count << ", byte " << i;
        // HPS encryption's Lift(m) from the packed m, added (AVX2-only hosts)
        std::vector<uint16_t> c(count + 1), cw(count + 1);
        for (auto& v : c) v = uint16_t(gen());
        cw = c;
        for (size_t i = 0; i < count; ++i) cw[i] = uint16_t(cw[i] + (r[i] == 2 ? 0xFFFFu : r[i]));
        if (ntru::detail::lift_hps_packed_avx2(c.data(), packed.data(), count)) {
            EXPECT_EQ(c, cw) << "count " << count;
        }
    }
}

TEST(NtruPieces, Mod3AllInputs) {
    for (uint32_t a = 0; a < 65536; ++a) ASSERT_EQ(ntru::detail::mod3(uint16_t(a)), a % 3) << a;
}

// Decryption's fused AVX2 passes (hosts without AVX-512BW; elsewhere the
// hooks decline) against the plain formulas on random inputs, every length
// around the vector boundaries and the sets' sizes: HPS's dst -= Lift(m) with
// check_m's counts, unpack_s3 + z3_to_zq, and pack_s3 / unpack_s3.
TEST(NtruPieces, DecryptPassesAvx2) {
    std::mt19937 rng(7);
    std::vector<uint16_t> m(1400), dst(1400), want(1400), got(1400);
    std::vector<uint8_t> packed(300);
    for (size_t n : {1, 2, 6, 15, 16, 17, 31, 32, 33, 79, 80, 81, 85, 160, 509, 677, 701, 821, 1229, 1373}) {
        for (int round = 0; round < 20; ++round) {
            const unsigned bias = unsigned(round % 4);  // some rounds 1- or 2-heavy
            uint32_t want_ones = 0, want_twos = 0;
            for (size_t i = 0; i < n; ++i) {
                uint16_t v = uint16_t(rng() % 3);
                if (bias == 1 && rng() % 4 != 0) v = 1;
                if (bias == 2 && rng() % 4 != 0) v = 2;
                m[i] = v;
                dst[i] = uint16_t(rng());
                want[i] = uint16_t(dst[i] - (v == 2 ? 0xFFFFu : v));
                want_ones += v == 1, want_twos += v == 2;
            }
            uint32_t ones = ~0u, twos = ~0u;
            if (!ntru::detail::lift_hps_sub_count_avx2(dst.data(), m.data(), n, ones, twos)) return;  // (not this host's path)
            ASSERT_EQ(ones, want_ones) << "n " << n;
            ASSERT_EQ(twos, want_twos) << "n " << n;
            for (size_t i = 0; i < n; ++i) ASSERT_EQ(dst[i], want[i]) << "n " << n << " i " << i;

            const size_t count = n, bytes = (count + 4) / 5;
            const uint16_t qmask = round % 2 ? 0x7FF : 0xFFF;
            for (size_t i = 0; i < bytes; ++i) packed[i] = uint8_t(rng() % 243);
            for (size_t i = 0; i < count; ++i) {
                uint32_t c = packed[i / 5];
                for (size_t j = 0; j < i % 5; ++j) c /= 3;
                want[i] = uint16_t(c % 3 == 2 ? qmask : c % 3);
            }
            got[count] = 0x5A5A;
            ASSERT_TRUE(ntru::detail::unpack_s3_zq_avx2(got.data(), packed.data(), count, qmask));
            for (size_t i = 0; i < count; ++i) ASSERT_EQ(got[i], want[i]) << "n " << n << " i " << i;
            ASSERT_EQ(got[count], 0x5A5A) << "n " << n;  // nothing written past count

            // pack_s3 / unpack_s3 (AVX2: the last group moved back inside the arrays)
            std::vector<uint8_t> bytes_want(bytes), bytes_got(bytes + 1, 0xA5);
            for (size_t i = 0; i < bytes; ++i) {
                uint32_t c = 0;
                for (size_t j = std::min(count, 5 * i + 5); j-- > 5 * i;) c = 3 * c + m[j];
                bytes_want[i] = uint8_t(c);
            }
            m[count] = 0;  // (the callers' arrays hold count + 1 words)
            ASSERT_TRUE(ntru::detail::pack_s3_avx512(bytes_got.data(), m.data(), count));
            for (size_t i = 0; i < bytes; ++i) ASSERT_EQ(bytes_got[i], bytes_want[i]) << "n " << n << " byte " << i;
            ASSERT_EQ(bytes_got[bytes], 0xA5) << "n " << n;
            got[count] = 0x5A5A;
            ASSERT_TRUE(ntru::detail::unpack_s3_avx512(got.data(), bytes_want.data(), count));
            for (size_t i = 0; i < count; ++i) ASSERT_EQ(got[i], m[i]) << "n " << n << " i " << i;
            ASSERT_EQ(got[count], 0x5A5A) << "n " << n;
        }
    }
}

// unpack_sq's AVX2 groups (16-bit lanes on hosts without AVX-512BW) against
// plain bit extraction: random bytes, logq 11 .. 14, several lengths; the
// coefficients written and their sum mod 2^16.
TEST(NtruPieces, UnpackBitsAvx2) {
    std::mt19937 rng(11);
    std::vector<uint8_t> in(2600);
    std::vector<uint16_t> a(1400);
    for (unsigned L = 11; L <= 14; ++L) {
        for (size_t count : {16, 100, 508, 676, 700, 820, 1228, 1372}) {
            const size_t len = (L * count + 7) / 8, groups = count / 8;
            for (size_t i = 0; i < len; ++i) in[i] = uint8_t(rng());
            std::fill(a.begin(), a.end(), 0xBEEF);
            uint32_t sum = 0;
            const size_t done = ntru::detail::unpack_bits_avx2(a.data(), in.data(), L, len, groups, sum);
            if (done == 0) continue;  // (not this host's path)
            ASSERT_EQ(done % 16, 0u);
            uint32_t want_sum = 0;
            for (size_t i = 0; i < done; ++i) {
                uint32_t v = 0;
                for (unsigned k = 0; k < L; ++k) v |= uint32_t((in[(L * i + k) / 8] >> ((L * i + k) % 8)) & 1) << k;
                ASSERT_EQ(a[i], v) << "L " << L << " count " << count << " i " << i;
                want_sum += v;
            }
            ASSERT_EQ(a[done], 0xBEEF);
            ASSERT_EQ(sum & 0xFFFF, want_sum & 0xFFFF) << "L " << L << " count " << count;
        }
    }
}

TEST(NtruParams, Sizes) {
    // The sizes of the reference's api.h.
    EXPECT_EQ(ntru::Scheme<ntru::ntruhps2048509>::pk_bytes, 699u);
    EXPECT_EQ(ntru::Scheme<ntru::ntruhps2048509>::sk_bytes, 935u);
    EXPECT_EQ(ntru::Scheme<ntru::ntruhps2048677>::ct_bytes, 930u);
    EXPECT_EQ(ntru::Scheme<ntru::ntruhps4096821>::sk_bytes, 1590u);
    EXPECT_EQ(ntru::Scheme<ntru::ntruhps40961229>::pk_bytes, 1842u);
    EXPECT_EQ(ntru::Scheme<ntru::ntruhrss701>::sk_bytes, 1450u);
    EXPECT_EQ(ntru::Scheme<ntru::ntruhrss1373>::ct_bytes, 2401u);
}

}  // namespace


// The M4's product methods (KaratsubaSimd, here with its scalar loops; Toom4Eval) against the schoolbook.
TEST(NtruPieces, KaratsubaSimdMatchesSchoolbook) {
    std::mt19937 gen{11};
    for (size_t n : {1u, 2u, 7u, 8u, 9u, 10u, 11u, 12u, 13u, 15u, 16u, 17u, 33u, 64u, 127u, 128u, 255u, 509u, 677u, 701u, 821u, 1229u, 1373u}) {
        std::vector<uint16_t> a(n), b(n), want(2 * n - 1), got(2 * n - 1);
        std::vector<uint16_t> scratch(pqmcu::polymul::Toom4<pqmcu::polymul::KaratsubaSimd<16>>::scratch_words(n) +
                                      pqmcu::polymul::KaratsubaSimd<16>::scratch_words(n));
        for (auto& x : a) x = uint16_t(gen());
        for (auto& x : b) x = uint16_t(gen());
        pqmcu::polymul::mul_schoolbook(want.data(), a.data(), b.data(), n);
        pqmcu::polymul::KaratsubaSimd<16>::mul(got.data(), a.data(), b.data(), n, scratch.data());
        ASSERT_EQ(got, want) << "KaratsubaSimd<16>, n = " << n;
        pqmcu::polymul::Toom4<pqmcu::polymul::KaratsubaSimd<16>>::mul(got.data(), a.data(), b.data(), n,
                                                                        scratch.data());
        for (size_t i = 0; i < 2 * n - 1; ++i) ASSERT_EQ(got[i] & 0x1FFF, want[i] & 0x1FFF) << "Toom4, n = " << n;
        pqmcu::polymul::Toom4Eval<pqmcu::polymul::KaratsubaSimd<16>>::mul(got.data(), a.data(), b.data(), n,
                                                                            scratch.data());
        for (size_t i = 0; i < 2 * n - 1; ++i) ASSERT_EQ(got[i] & 0x1FFF, want[i] & 0x1FFF) << "Toom4Eval, n = " << n;
        // threshold 32, the M4's (there over schoolbook_m4.S's base cases)
        std::vector<uint16_t> scratch32(pqmcu::polymul::Toom4<pqmcu::polymul::KaratsubaSimd<32>>::scratch_words(n) +
                                        pqmcu::polymul::KaratsubaSimd<32>::scratch_words(n));
        pqmcu::polymul::KaratsubaSimd<32>::mul(got.data(), a.data(), b.data(), n, scratch32.data());
        ASSERT_EQ(got, want) << "KaratsubaSimd<32>, n = " << n;
        pqmcu::polymul::Toom4Eval<pqmcu::polymul::KaratsubaSimd<32>>::mul(got.data(), a.data(), b.data(), n,
                                                                            scratch32.data());
        for (size_t i = 0; i < 2 * n - 1; ++i) ASSERT_EQ(got[i] & 0x1FFF, want[i] & 0x1FFF) << "Toom4Eval<32>, n = " << n;
        // b's evaluations kept (key generation's (gf)^-1): the same product
        using T32 = pqmcu::polymul::Toom4Eval<pqmcu::polymul::KaratsubaSimd<32>>;
        if (n >= T32::kMin) {
            std::vector<uint16_t> eb(T32::shared_words(n) + 1, 0x5A5A);
            T32::evaluate_shared(eb.data(), b.data(), n);
            ASSERT_EQ(eb.back(), 0x5A5A) << "evaluate_shared past its words, n = " << n;
            T32::mul_shared(got.data(), a.data(), b.data(), eb.data(), n, scratch32.data());
            for (size_t i = 0; i < 2 * n - 1; ++i)
                ASSERT_EQ(got[i] & 0x1FFF, want[i] & 0x1FFF) << "Toom4Eval<32>::mul_shared, n = " << n;
        }
    }
}

// Decryption's S3 product on byte lanes (the M4's) against the cyclic
// schoolbook mod (3, Phi_n): random, all 2 (the largest lane sums) and sparse
// operands, the output aliasing an operand.
// The product mod (16, x^n - 1) on byte lanes (key generation's first Newton
// step): a in {0..amax}, b in {0,1}, against the schoolbook; output aliasing
// an operand; all-amax x all-1 (the largest lane sums); a canary after the scratch.
void check_lanes_mod(uint32_t mod, uint32_t amax, uint32_t bmax = 1) {
    std::mt19937 gen{13 + mod};
    for (size_t n : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 9u, 56u, 57u, 61u, 127u, 509u, 677u, 701u, 821u, 1229u, 1373u}) {
        for (int kind = 0; kind < 3; ++kind) {
            std::vector<uint16_t> a(n), b(n), want(n, 0), got(n);
            for (size_t i = 0; i < n; ++i) {
                a[i] = kind == 1 ? uint16_t(amax) : uint16_t(gen() % (amax + 1));
                b[i] = kind == 1 ? uint16_t(bmax) : uint16_t(gen() % (bmax + 1));
            }
            for (size_t i = 0; i < n; ++i)
                for (size_t j = 0; j < n; ++j) want[(i + j) % n] = uint16_t((want[(i + j) % n] + a[i] * b[j]) % mod);
            std::vector<uint32_t> scratch(pqmcu::ntru::detail::s3_lanes_words(n) + 1, 0xDEADBEEFu);
            const auto mul = mod == 32 ? pqmcu::ntru::detail::mod32_mul_lanes : pqmcu::ntru::detail::mod16_mul_lanes;
            if (kind == 2) {
                got = b;
                mul(got.data(), a.data(), got.data(), n, scratch.data());
            } else {
                mul(got.data(), a.data(), b.data(), n, scratch.data());
            }
            ASSERT_EQ(scratch.back(), 0xDEADBEEFu) << "scratch overrun, n = " << n;
            ASSERT_EQ(got, want) << "n = " << n << ", kind " << kind;
        }
    }
}
// a^3 mod (2, x^n - 1) and a^2 mod (4, x^n - 1) (the quartic Newton step's
// w0^3 and w0^2), against the schoolbook (the cube in place).
TEST(NtruPieces, R2Cube) {
    std::mt19937 gen{14};
    for (size_t n : {509u, 677u, 701u, 821u, 1229u, 1373u}) {
        std::vector<uint16_t> a(n), sq(n, 0), want(n, 0);
        for (auto& x : a) x = uint16_t(gen() & 1);
        for (size_t i = 0; i < n; ++i)
            for (size_t j = 0; j < n; ++j) sq[(i + j) % n] ^= uint16_t(a[i] & a[j]);
        for (size_t i = 0; i < n; ++i)
            for (size_t j = 0; j < n; ++j) want[(i + j) % n] ^= uint16_t(sq[i] & a[j]);
        std::vector<uint16_t> sq4(n, 0);  // a^2 mod 4
        for (size_t i = 0; i < n; ++i)
            for (size_t j = 0; j < n; ++j) sq4[(i + j) % n] = uint16_t((sq4[(i + j) % n] + (a[i] & a[j])) & 3);
        // r2_quartic_add: c + 4 (w^2 mod 4) + 8 (w^3 mod 2) mod 16 with w
        // bit 1 of c (as key generation calls it: c = u = 2 w mod 4)
        std::vector<uint16_t> c(n), cwant(n);
        for (size_t i = 0; i < n; ++i) {
            c[i] = uint16_t((gen() & 13) | (a[i] << 1));
            cwant[i] = uint16_t((c[i] + 4 * sq4[i] + 8 * want[i]) & 15);
        }
        std::vector<uint32_t> qs(pqmcu::ntru::detail::r2_quartic_add_scratch_words(n), 0x5A5A5A5Au);
        pqmcu::ntru::detail::r2_quartic_add(c.data(), c.data(), n, qs.data());
        ASSERT_EQ(c, cwant) << "c + 4 a^2 + 8 a^3 mod 16, n = " << n;
        std::vector<uint32_t> scratch(pqmcu::ntru::detail::r2_cube_scratch_words(n), 0xA5A5A5A5u);
        pqmcu::ntru::detail::r2_cube(a.data(), a.data(), n, scratch.data());
        ASSERT_EQ(a, want) << "n = " << n;
    }
}
TEST(NtruPieces, Mod16LanesProduct) {
    check_lanes_mod(16, 15);
    check_lanes_mod(16, 3);  // (also small operands: a ternary-sized a)
    check_lanes_mod(16, 3, 3);  // (both <= 3: hrss701's w0 w1)
}

TEST(NtruPieces, Mod32LanesProduct) { check_lanes_mod(32, 3, 3); }

// r2_mul (the lift's w0 w1 mod 2): against the schoolbook mod (2, x^n - 1),
// inputs with bits above bit 0 (only a[i] & 1 counts), n not a multiple of 32
// and a multiple of 32, in place.
TEST(NtruPieces, R2Product) {
    std::mt19937 gen{19};
    for (size_t n : {1u, 5u, 31u, 32u, 33u, 64u, 509u, 677u, 701u, 821u, 1229u, 1373u}) {
        std::vector<uint16_t> a(n), b(n), want(n, 0);
        for (size_t i = 0; i < n; ++i) a[i] = uint16_t(gen()), b[i] = uint16_t(gen());
        for (size_t i = 0; i < n; ++i)
            for (size_t j = 0; j < n; ++j) want[(i + j) % n] ^= uint16_t(a[i] & b[j] & 1);
        std::vector<uint32_t> scratch(pqmcu::ntru::detail::r2_cube_scratch_words(n) + 1, 0xDEADBEEFu);
        pqmcu::ntru::detail::r2_mul(a.data(), a.data(), b.data(), n, scratch.data());
        ASSERT_EQ(scratch.back(), 0xDEADBEEFu) << "n = " << n;
        ASSERT_EQ(a, want) << "n = " << n;
    }
}

// mod16_mul_lanes_lo: a any 16-bit polynomial, its low four bits packed
// (key generation's a r mod 16 without a masked copy of a).
TEST(NtruPieces, Mod16LanesProductLowBits) {
    std::mt19937 gen{18};
    for (size_t n : {1u, 2u, 3u, 4u, 5u, 7u, 57u, 509u, 677u, 701u, 821u, 1229u, 1373u}) {
        std::vector<uint16_t> a(n), lo(n), b(n), want(n), got(n);
        for (size_t i = 0; i < n; ++i) {
            a[i] = uint16_t(gen()), lo[i] = uint16_t(a[i] & 15);
            b[i] = uint16_t(gen() & 1);
        }
        std::vector<uint32_t> scratch(pqmcu::ntru::detail::s3_lanes_words(n) + 1, 0xDEADBEEFu);
        pqmcu::ntru::detail::mod16_mul_lanes(want.data(), lo.data(), b.data(), n, scratch.data());
        pqmcu::ntru::detail::mod16_mul_lanes_lo(got.data(), a.data(), b.data(), n, scratch.data());
        ASSERT_EQ(scratch.back(), 0xDEADBEEFu) << "n = " << n;
        ASSERT_EQ(got, want) << "n = " << n;
    }
}

// Key generation's w0^2 mod 16 / mod 32 (w0 <= 3) by small_sqr_lanes (the
// cross terms once, doubled; the C mirror of the M4 kernel here, the kernel
// through m4.kat.*): against the schoolbook, all-3 operands for the largest
// lanes, in place, a canary.
TEST(NtruPieces, SmallSquareLanes) {
    std::mt19937 gen{16};
    for (uint32_t mod : {16u, 32u}) {
        for (size_t n : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 9u, 12u, 13u, 56u, 57u, 61u, 127u, 509u, 677u, 701u, 821u, 1229u, 1373u}) {
            for (int kind = 0; kind < 2; ++kind) {
                std::vector<uint16_t> a(n), want(n, 0);
                for (auto& x : a) x = kind == 1 ? 3 : uint16_t(gen() % 4);
                for (size_t i = 0; i < n; ++i)
                    for (size_t j = 0; j < n; ++j)
                        want[(i + j) % n] = uint16_t((want[(i + j) % n] + a[i] * a[j]) % mod);
                std::vector<uint32_t> scratch(pqmcu::ntru::detail::s3_lanes_words(n) + 1, 0xDEADBEEFu);
                pqmcu::ntru::detail::small_sqr_lanes(a.data(), a.data(), n, scratch.data(), mod - 1);
                ASSERT_EQ(scratch.back(), 0xDEADBEEFu) << "scratch overrun, n = " << n;
                ASSERT_EQ(a, want) << "mod " << mod << ", n = " << n << ", kind " << kind;
            }
        }
    }
}

// Key generation's integer products of ternary polynomials on byte lanes
// (the C mirror of the M4 kernel here; the kernel through m4.kat.*): all-(-1)
// operands reach the lanes' bound (4n), all-1 times all-(-1) its negative,
// squares (also by z3_sqr_int, in place), output aliasing, a canary.
TEST(NtruPieces, TernaryIntLanesProduct) {
    std::mt19937 gen{15};
    for (size_t n : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 9u, 56u, 57u, 60u, 61u, 127u, 509u, 677u, 701u, 821u, 1229u, 1373u}) {
        for (int kind = 0; kind < 6; ++kind) {
            std::vector<uint16_t> a(n), b(n), want(n, 0), got(n);
            for (size_t i = 0; i < n; ++i) {
                a[i] = kind == 1 ? 2 : kind == 2 || kind == 5 ? 1 : uint16_t(gen() % 3);
                b[i] = kind == 1 || kind == 5 ? 2 : kind == 2 ? 1 : uint16_t(gen() % 3);
            }
            if (kind == 4) b = a;
            const auto val = [](uint16_t v) { return v == 2 ? -1 : int(v); };
            for (size_t i = 0; i < n; ++i)
                for (size_t j = 0; j < n; ++j)
                    want[(i + j) % n] = uint16_t(want[(i + j) % n] + val(a[i]) * val(b[j]));
            std::vector<uint32_t> scratch(pqmcu::ntru::detail::z3_int_words(n) + 1, 0xDEADBEEFu);
            if (kind == 3) {
                got = b;
                pqmcu::ntru::detail::z3_mul_int(got.data(), a.data(), got.data(), n, scratch.data());
            } else {
                pqmcu::ntru::detail::z3_mul_int(got.data(), a.data(), b.data(), n, scratch.data());
            }
            ASSERT_EQ(scratch.back(), 0xDEADBEEFu) << "scratch overrun, n = " << n;
            for (size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], want[i]) << "n = " << n << ", kind " << kind << ", i = " << i;
            // the squaring (z3_sqr_int: the cross terms once, doubled) of a, in place
            std::vector<uint16_t> sq(n, 0);
            for (size_t i = 0; i < n; ++i)
                for (size_t j = 0; j < n; ++j) sq[(i + j) % n] = uint16_t(sq[(i + j) % n] + val(a[i]) * val(a[j]));
            got = a;
            pqmcu::ntru::detail::z3_sqr_int(got.data(), got.data(), n, scratch.data());
            ASSERT_EQ(scratch.back(), 0xDEADBEEFu) << "scratch overrun (square), n = " << n;
            for (size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], sq[i]) << "square, n = " << n << ", kind " << kind << ", i = " << i;
            // the scaled forms (key generation's 3 g f and (3g)^2 = 9 g^2)
            pqmcu::ntru::detail::z3_sqr_int(got.data(), a.data(), n, scratch.data(), 9);
            for (size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], uint16_t(9 * sq[i])) << "9 a^2, n = " << n << ", i = " << i;
            pqmcu::ntru::detail::z3_mul_int(got.data(), a.data(), b.data(), n, scratch.data(), 3);
            for (size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], uint16_t(3 * want[i])) << "3 a b, n = " << n << ", i = " << i;
            ASSERT_EQ(scratch.back(), 0xDEADBEEFu) << "scratch overrun (scaled), n = " << n;
        }
    }
}

TEST(NtruPieces, S3LanesProduct) {
    std::mt19937 gen{12};
    for (size_t n : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 9u, 56u, 57u, 60u, 61u, 127u, 509u, 677u, 701u, 821u, 1229u, 1373u}) {
        for (int kind = 0; kind < 4; ++kind) {
            std::vector<uint16_t> a(n), b(n), want(n, 0), got(n);
            for (size_t i = 0; i < n; ++i) {
                a[i] = kind == 1 ? 2 : uint16_t(gen() % 3);
                b[i] = kind == 1 ? 2 : kind == 2 ? uint16_t(gen() % 7 == 0 ? 2 : 0) : uint16_t(gen() % 3);
            }
            for (size_t i = 0; i < n; ++i)
                for (size_t j = 0; j < n; ++j) want[(i + j) % n] = uint16_t((want[(i + j) % n] + a[i] * b[j]) % 3);
            std::vector<uint32_t> scratch(pqmcu::ntru::detail::s3_lanes_words(n) + 1, 0xDEADBEEFu);
            if (kind == 3) {
                got = a;
                pqmcu::ntru::detail::s3_mul_lanes(got.data(), got.data(), b.data(), n, scratch.data());
            } else {
                pqmcu::ntru::detail::s3_mul_lanes(got.data(), a.data(), b.data(), n, scratch.data());
            }
            ASSERT_EQ(scratch.back(), 0xDEADBEEFu) << "scratch overrun, n = " << n;
            for (size_t i = 0; i < n; ++i)  // mod Phi_n: subtract the last coefficient
                ASSERT_EQ(got[i], (want[i] + 3 - want[n - 1]) % 3) << "n = " << n << ", kind " << kind << ", i = " << i;
        }
    }
}
