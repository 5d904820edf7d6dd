// SPDX-License-Identifier: Apache-2.0 OR MIT
// Every registered KEM through the public APIs: round trips in C and C++,
// lengths checked, tampered ciphertexts giving the implicit-rejection secret,
// and the NIST KAT writer (`pqmcu kat`) against the official files' first
// entries where ../shared/kat has them.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "api/nist_kat.hpp"
#include "pqmcu/pqmcu.h"
#include "pqmcu/pqmcu.hpp"

namespace {

using pqmcu::Kem;
using pqmcu::Status;

std::vector<std::string> kem_names() {
    std::vector<std::string> names;
    for (const pqmcu::KemOps& ops : Kem::all()) names.emplace_back(ops.name);
    return names;
}

class EveryKem : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryKem, RoundTripLengthsAndRejection) {
    const Kem kem = Kem::by_name(GetParam());
    ASSERT_TRUE(kem);
#if defined(PQMCU_FEWER_SETS)
    if (kem.public_key_bytes() > 300000) GTEST_SKIP() << "large Classic McEliece keys: Release builds only";
#endif
    std::vector<uint8_t> pk(kem.public_key_bytes()), sk(kem.secret_key_bytes()), ct(kem.ciphertext_bytes()),
        ss(kem.shared_secret_bytes()), ss2(kem.shared_secret_bytes()), ss3(kem.shared_secret_bytes());
    ASSERT_EQ(kem.keypair(pk, sk), Status::ok);
    ASSERT_EQ(kem.encapsulate(pk, ct, ss), Status::ok);
    ASSERT_EQ(kem.decapsulate(sk, ct, ss2), Status::ok);
    EXPECT_EQ(ss, ss2);

    // The C API over the same keys.
    const char* name = GetParam().c_str();
    EXPECT_EQ(pqmcu_kem_decapsulate(name, ss3.data(), ss3.size(), ct.data(), ct.size(), sk.data(), sk.size()),
              PQMCU_OK);
    EXPECT_EQ(ss3, ss);
    EXPECT_EQ(pqmcu_kem_encapsulate(name, ct.data(), ct.size(), ss3.data(), ss3.size(), pk.data(), pk.size()),
              PQMCU_OK);
    EXPECT_EQ(pqmcu_kem_decapsulate(name, ss2.data(), ss2.size(), ct.data(), ct.size(), sk.data(), sk.size()),
              PQMCU_OK);
    EXPECT_EQ(ss2, ss3);

    // A tampered ciphertext is no error: it gives another secret.
    ct[ct.size() / 2] ^= 0x10;
    EXPECT_EQ(kem.decapsulate(sk, ct, ss2), Status::ok);
    EXPECT_NE(ss2, ss3);

    // Wrong lengths, null pointers, unknown names.
    EXPECT_EQ(kem.decapsulate(sk, {ct.data(), ct.size() - 1}, ss2), Status::bad_length);
    EXPECT_EQ(kem.encapsulate({pk.data(), pk.size() - 1}, ct, ss), Status::bad_length);
    EXPECT_EQ(kem.keypair(pk, {sk.data(), sk.size() - 1}), Status::bad_length);
    EXPECT_EQ(pqmcu_kem_decapsulate(name, ss2.data(), ss2.size() + 1, ct.data(), ct.size(), sk.data(), sk.size()),
              PQMCU_BAD_LENGTH);
    EXPECT_EQ(pqmcu_kem_decapsulate(name, nullptr, ss2.size(), ct.data(), ct.size(), sk.data(), sk.size()),
              PQMCU_BAD_ARGUMENT);
    EXPECT_EQ(pqmcu_kem_keypair("no-such-kem", pk.data(), pk.size(), sk.data(), sk.size()), PQMCU_UNKNOWN_NAME);
    size_t sizes[4] = {};
    EXPECT_EQ(pqmcu_kem_sizes(name, &sizes[0], &sizes[1], &sizes[2], &sizes[3]), PQMCU_OK);
    EXPECT_EQ(sizes[2], kem.ciphertext_bytes());
}

std::string kat_path(const std::string& name) {
    for (const char* family : {"ntru", "saber"}) {
        const std::string p = std::string(PQMCU_SHARED_DIR) + "/kat/" + family + "/" + name + ".rsp";
        if (std::ifstream(p)) return p;
    }
    return {};
}

// The writer's first entries equal the official file's, after its header line.
TEST_P(EveryKem, KatWriterMatchesOfficialFile) {
    const std::string path = kat_path(GetParam());
    if (path.empty()) GTEST_SKIP() << "no official .rsp here (Classic McEliece: tests/unit/mceliece_test.cpp)";
    std::ifstream f(path);
    std::stringstream official;
    official << f.rdbuf();
    std::string expected = official.str();
    expected = expected.substr(expected.find("\n\n") + 2);
    // The first two entries (each ends with a blank line).
    size_t end = 0;
    for (int i = 0; i < 2; ++i) end = expected.find("\n\n", end) + 2;
    expected.resize(end);

    char* buf = nullptr;
    size_t len = 0;
    std::FILE* out = open_memstream(&buf, &len);
    ASSERT_NE(out, nullptr);
    ASSERT_EQ(pqmcu::kat::write_kem_rsp(Kem::by_name(GetParam()), 2, out), Status::ok);
    std::fclose(out);
    std::string got(buf, len);
    std::free(buf);
    got = got.substr(got.find("\n\n") + 2);
    EXPECT_EQ(got, expected);
}

INSTANTIATE_TEST_SUITE_P(Kems, EveryKem, ::testing::ValuesIn(kem_names()),
                         [](const auto& info) { return info.param; });

TEST(KemApi, NamesAndCounts) {
    EXPECT_EQ(pqmcu_kem_count(), Kem::all().size());
    EXPECT_EQ(pqmcu_kem_name(pqmcu_kem_count()), nullptr);
    EXPECT_FALSE(Kem::by_name("MAYO-2"));
    EXPECT_FALSE(Kem::by_name(""));
}

}  // namespace
