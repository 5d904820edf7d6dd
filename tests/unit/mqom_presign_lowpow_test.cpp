// SPDX-License-Identifier: Apache-2.0 OR MIT
// The LowPoW pre-signature sets (src/mqom/presign.hpp) against the paper
// code's vectors (tests/data/mqom_presign, see its README.md): keys,
// pre-signatures and signatures byte for byte, and the signatures verify.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "mqom/presign.hpp"

namespace {

using pqmcu::Status;
namespace mqom = pqmcu::mqom;
using Bytes = std::vector<uint8_t>;

std::vector<std::map<std::string, Bytes>> load(const std::string& name) {
    std::ifstream in(std::string(PQMCU_TEST_DATA_DIR) + "/mqom_presign/" + name + ".txt");
    std::vector<std::map<std::string, Bytes>> out;
    std::string line;
    while (std::getline(in, line)) {
        const auto eq = line.find(" = ");
        if (eq == std::string::npos) continue;
        const std::string k = line.substr(0, eq), v = line.substr(eq + 3);
        if (k == "count") {
            out.emplace_back();
        } else if (k != "mlen" && !out.empty()) {
            Bytes b(v.size() / 2);
            for (size_t i = 0; i < b.size(); ++i) b[i] = uint8_t(std::stoul(v.substr(2 * i, 2), nullptr, 16));
            out.back()[k] = b;
        }
    }
    return out;
}

template <class P>
void check(const std::string& file) {
    const auto vs = load(file);
    ASSERT_EQ(vs.size(), 3u) << file;
    auto ws = std::make_unique<typename P::Workspace>();
    auto vws = std::make_unique<typename P::Base::Workspace>();
    auto pre = std::make_unique<typename P::PreSignature>();
    for (const auto& v : vs) {
        Bytes pk(P::pk_bytes), sk(P::sk_bytes), sig(P::sig_bytes);
        ASSERT_EQ(P::Base::keypair_from_seed(v.at("keyseed").data(), pk.data(), sk.data()), Status::ok);
        EXPECT_EQ(pk, v.at("pk"));
        ASSERT_EQ(P::presign_with(sk.data(), v.at("mseed").data(), v.at("salt").data(), v.at("mask_rnd").data(), *pre,
                                  *ws),
                  Status::ok);
        EXPECT_EQ(Bytes(pre->bytes, pre->bytes + P::presig_bytes), v.at("presig"));
        const Bytes& msg = v.at("msg");
        ASSERT_EQ(P::sign_online(sk.data(), *pre, msg.data(), msg.size(), sig.data()), Status::ok);
        EXPECT_EQ(sig, v.at("sig"));
        EXPECT_EQ(P::Base::verify(pk.data(), msg.data(), msg.size(), sig.data(), sig.size(), *vws), Status::ok);
    }
}

TEST(MqomPresignLowPow, Cat1Gf16FastR5) {
    check<mqom::PreSignScheme<mqom::mqom2_cat1_gf16_fast_r5_lowpow, mqom::Balanced>>("mqom2_cat1_gf16_fast_r5_lowpow");
}
TEST(MqomPresignLowPow, Cat1Gf16ShortR5) {
    check<mqom::PreSignScheme<mqom::mqom2_cat1_gf16_short_r5_lowpow, mqom::Balanced>>(
        "mqom2_cat1_gf16_short_r5_lowpow");
}

}  // namespace
