// SPDX-License-Identifier: Apache-2.0 OR MIT
// The one-tree variant of MQOM (mqom/onetree_scheme.hpp) for L1 gf16 fast and
// short r5, both forms ("-1": all repetitions per tree walk, "-2": 9 / 6) and
// several profiles: known answers made with the paper code
// (tests/data/mqom_onetree/README.md) driven by the NIST DRBG like its KAT
// generator, round trips, and a flipped bit in every signature field.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cipher/block_cipher.hpp"
#include "mqom/onetree_scheme.hpp"
#include "rng/randombytes.h"

namespace {

using pqmcu::Status;
namespace mqom = pqmcu::mqom;

#if defined(PQMCU_SANITIZED_TESTS)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

struct Entry {
    std::map<std::string, std::string> f;
    std::vector<uint8_t> bytes(const std::string& k) const {
        std::vector<uint8_t> out;
        const std::string& h = f.at(k);
        for (size_t i = 0; i + 1 < h.size(); i += 2) out.push_back(uint8_t(std::stoul(h.substr(i, 2), nullptr, 16)));
        return out;
    }
};

std::vector<Entry> parse_rsp(const std::string& path) {
    std::ifstream in(path);
    std::vector<Entry> out;
    std::string line;
    Entry cur;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty() || line[0] == '#') continue;
        const auto eq = line.find(" = ");
        if (eq == std::string::npos) continue;
        const std::string key = line.substr(0, eq);
        if (key == "count" && !cur.f.empty()) {
            out.push_back(cur);
            cur = Entry{};
        }
        cur.f[key] = line.substr(eq + 3);
    }
    if (!cur.f.empty()) out.push_back(cur);
    return out;
}

int drbg(uint8_t* p, size_t n) { return randombytes(p, n); }

// PQMCU_ONETREE_KAT_DIR (environment) may point at the full 100-entry files.
std::string kat_dir() {
    const char* env = std::getenv("PQMCU_ONETREE_KAT_DIR");
    return env != nullptr ? std::string(env) : std::string(PQMCU_ONETREE_DATA_DIR);
}
template <class Set>
std::string kat_file();
template <>
std::string kat_file<mqom::mqom2_cat1_gf16_fast_r5>() {
    return kat_dir() + "/onetree_cat1_gf16_fast_r5.rsp";
}
template <>
std::string kat_file<mqom::mqom2_cat1_gf16_short_r5>() {
    return kat_dir() + "/onetree_cat1_gf16_short_r5.rsp";
}

// Deterministic "random" bytes for the round trips.
struct CounterRng {
    uint32_t next;
    void operator()(uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) out[i] = uint8_t((next++ * 0x9E3779B1u) >> 24);
    }
};

// Balanced with the M4's backends forced (fixsliced secret AES: prepared
// keys per leaf batch; T-table public AES), so hosts run those paths too.
struct M4Balanced : mqom::Balanced {
    static constexpr const char* name = "m4balanced";
    static constexpr pqmcu::cipher::Backend public_backend = pqmcu::cipher::Backend::table_not_ct;
    static constexpr pqmcu::cipher::Backend secret_backend = pqmcu::cipher::Backend::bitsliced;
};
// Memory (the compact workspace, leaves folded straight into the lanes) on
// the M4's backends.
struct M4Memory : mqom::Memory {
    static constexpr const char* name = "m4memory";
    static constexpr pqmcu::cipher::Backend public_backend = pqmcu::cipher::Backend::table_not_ct;
    static constexpr pqmcu::cipher::Backend secret_backend = pqmcu::cipher::Backend::bitsliced;
};

template <class S>
class MqomOneTree : public testing::Test {
protected:
    // Hardware: the AES-128 through the emulated engine (its counters must grow).
    void SetUp() override {
        if constexpr (S::uses_engine) {
            hook = pqmcu::cipher::emulated_engine_hook(engine);
            pqmcu::cipher::set_external_aes128(&hook);
        }
    }
    void TearDown() override {
        if constexpr (S::uses_engine) pqmcu::cipher::set_external_aes128(nullptr);
    }
    std::unique_ptr<typename S::Workspace> ws = std::make_unique<typename S::Workspace>();
    pqmcu::cipher::EmulatedAesEngine engine{};
    pqmcu::cipher::ExternalAes128 hook{};
};

using Sets = testing::Types<mqom::OneTree1<mqom::mqom2_cat1_gf16_fast_r5, mqom::Desktop>,
                            mqom::OneTree2<mqom::mqom2_cat1_gf16_fast_r5, mqom::Desktop>,
                            mqom::OneTree1<mqom::mqom2_cat1_gf16_fast_r5, mqom::Balanced>,
                            mqom::OneTree2<mqom::mqom2_cat1_gf16_fast_r5, mqom::Memory>,
                            mqom::OneTree1<mqom::mqom2_cat1_gf16_fast_r5, mqom::Lut>,
                            mqom::OneTree1<mqom::mqom2_cat1_gf16_short_r5, mqom::Desktop>,
                            mqom::OneTree2<mqom::mqom2_cat1_gf16_short_r5, mqom::Desktop>,
                            mqom::OneTree2<mqom::mqom2_cat1_gf16_short_r5, mqom::Balanced>,
                            mqom::OneTree1<mqom::mqom2_cat1_gf16_short_r5, mqom::Memory>,
                            mqom::OneTree2<mqom::mqom2_cat1_gf16_short_r5, mqom::Lut>,
                            mqom::OneTree2<mqom::mqom2_cat1_gf16_fast_r5, M4Balanced>,
                            mqom::OneTree2<mqom::mqom2_cat1_gf16_short_r5, M4Balanced>,
                            mqom::OneTree1<mqom::mqom2_cat1_gf16_fast_r5, M4Memory>,
                            mqom::OneTree1<mqom::mqom2_cat1_gf16_fast_r5, mqom::Hardware>,
                            mqom::OneTree2<mqom::mqom2_cat1_gf16_fast_r5, mqom::Hardware>,
                            mqom::OneTree2<mqom::mqom2_cat1_gf16_short_r5, mqom::Hardware>,
                            mqom::OneTree1<mqom::mqom2_cat1_gf16_short_r5, mqom::Hardware>,
                            // more than two walks: the later ones start from
                            // the first's kept depth-7 pairs, and pair halves
                            // on both sides of each group
                            mqom::OneTreeScheme<mqom::mqom2_cat1_gf16_fast_r5, M4Balanced, 5>,
                            mqom::OneTreeScheme<mqom::mqom2_cat1_gf16_short_r5, mqom::Desktop, 5>>;
// Short "-1" Hardware keeps its waiting leaves in the lanes (xT) during the walk.
static_assert(mqom::OneTree1<mqom::mqom2_cat1_gf16_short_r5, mqom::Hardware>::pend_in_lanes);
struct Names {
    template <class S>
    static std::string GetName(int) {
        return std::string(S::set_type::P.name) + "_onetree_" + S::profile_type::name + "_par" +
               std::to_string(S::par);
    }
};
TYPED_TEST_SUITE(MqomOneTree, Sets, Names);

TYPED_TEST(MqomOneTree, SizesAreThePapers) {
    using S = TypeParam;
    const size_t expected = S::dims.tau == 17 ? 3264 : 2852;
    EXPECT_EQ(S::sig_bytes, expected);
}

// Known answers of the paper code (keys, then sm = msg || signature).
TYPED_TEST(MqomOneTree, MatchesPaperCode) {
    using S = TypeParam;
    const auto entries = parse_rsp(kat_file<typename S::set_type>());
    ASSERT_GE(entries.size(), 4u);
    for (const Entry& e : entries) {
        auto seed = e.bytes("seed");
        const auto msg = e.bytes("msg"), epk = e.bytes("pk"), esk = e.bytes("sk"),
                   esm = e.bytes("sm");
        std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), sm(msg.size() + S::sig_bytes);
        randombytes_init(seed.data(), nullptr, 256);
        ASSERT_EQ(S::keypair(pk.data(), sk.data(), drbg, *this->ws), Status::ok);
        std::memcpy(sm.data(), msg.data(), msg.size());
        ASSERT_EQ(S::sign(sk.data(), msg.data(), msg.size(), sm.data() + msg.size(), drbg, *this->ws), Status::ok);
        EXPECT_EQ(pk, epk) << "count " << e.f.at("count");
        EXPECT_EQ(sk, esk) << "count " << e.f.at("count");
        ASSERT_EQ(sm.size(), esm.size());
        EXPECT_EQ(sm, esm) << "count " << e.f.at("count");
        EXPECT_EQ(S::verify(epk.data(), msg.data(), msg.size(), esm.data() + msg.size(), S::sig_bytes, *this->ws),
                  Status::ok);
    }
    if constexpr (S::uses_engine) {  // the AES went through the engine
        EXPECT_GT(this->engine.blocks, 4u * S::dims.tau * S::dims.n_evals() * 2u);
        EXPECT_GT(this->engine.set_key_calls, 0u);
    }
}

TYPED_TEST(MqomOneTree, RoundTrips) {
    using S = TypeParam;
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), sig(S::sig_bytes), sig2(S::sig_bytes);
    ASSERT_EQ(S::keypair(pk.data(), sk.data(), CounterRng{7}), Status::ok);
    for (size_t len : {size_t(0), size_t(1), size_t(100), size_t(3000)}) {
        std::vector<uint8_t> msg(len);
        for (size_t i = 0; i < len; ++i) msg[i] = uint8_t(3 * i + len);
        ASSERT_EQ(S::sign(sk.data(), msg.data(), len, sig.data(), CounterRng{uint32_t(len)}, *this->ws), Status::ok);
        EXPECT_EQ(S::verify(pk.data(), msg.data(), len, sig.data(), sig.size(), *this->ws), Status::ok);
        ASSERT_EQ(S::sign(sk.data(), msg.data(), len, sig2.data(), CounterRng{uint32_t(len)}, *this->ws), Status::ok);
        EXPECT_EQ(sig, sig2);  // deterministic for the same mseed / salt
        if (len != 0) {
            msg[len / 2] ^= 1;
            EXPECT_EQ(S::verify(pk.data(), msg.data(), len, sig.data(), sig.size(), *this->ws), Status::verify_failed);
        }
    }
    EXPECT_EQ(S::verify(pk.data(), nullptr, 0, sig.data(), sig.size() - 1, *this->ws), Status::bad_length);
    EXPECT_EQ(S::verify(nullptr, nullptr, 0, sig.data(), sig.size(), *this->ws), Status::bad_argument);
}

// One flipped bit in every field of the signature (each path seed, each
// repetition's leaf commitment and delta_x, each alpha1) fails.
TYPED_TEST(MqomOneTree, TamperedSignaturesFail) {
    using S = TypeParam;
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), sig(S::sig_bytes);
    ASSERT_EQ(S::keypair(pk.data(), sk.data(), CounterRng{11}), Status::ok);
    const std::vector<uint8_t> msg = {1, 2, 3, 4, 5};
    ASSERT_EQ(S::sign(sk.data(), msg.data(), msg.size(), sig.data(), CounterRng{12}, *this->ws), Status::ok);
    ASSERT_EQ(S::verify(pk.data(), msg.data(), msg.size(), sig.data(), sig.size(), *this->ws), Status::ok);
    const auto& d = S::dims;
    const auto& L = S::layout;
    // Hardware (every verify through the slow emulated engine): one bit per
    // field, the first and last path seeds. Sanitizer builds (~20x slower):
    // also only the first and last repetition (the Release build tries all).
    const bool first_byte_only = S::uses_engine || kSanitized;
    const bool end_paths_only = S::uses_engine || kSanitized;
    const bool end_reps_only = kSanitized;
    const auto at_end = [](size_t i, size_t n) { return i == 0 || i + 1 == n; };
    struct Field {
        std::string name;
        size_t off, len;
    };
    std::vector<Field> fields = {{"salt", 0, d.salt()}, {"com1", d.off_com1(), d.digest()},
                                 {"com2", d.off_com2(), d.digest()}, {"nonce", L.off_nonce, 4}};
    size_t reps = 0, paths = 0;
    for (size_t e = 0; e < d.tau; ++e) {
        if (end_reps_only && !at_end(e, d.tau)) continue;
        fields.push_back({"alpha1[" + std::to_string(e) + "]", d.off_alpha1() + e * d.u_bytes(), d.u_bytes()});
        fields.push_back({"ls_com[" + std::to_string(e) + "]", L.off_lscom + e * d.digest(), d.digest()});
        fields.push_back({"delta_x[" + std::to_string(e) + "]", L.off_dx + e * d.x_bytes(), d.x_bytes()});
        ++reps;
    }
    for (size_t k = 0; k < S::ot.topen; ++k) {
        if (end_paths_only && !at_end(k, S::ot.topen)) continue;
        fields.push_back({"path[" + std::to_string(k) + "]", L.off_path + k * d.seed(), d.seed()});
        ++paths;
    }
    size_t tried = 0;
    for (const Field& f : fields) {
        for (size_t at : {f.off, f.off + f.len - 1}) {
            if (first_byte_only && at != f.off) continue;
            std::vector<uint8_t> bad = sig;
            bad[at] ^= uint8_t(1u << (at % 8));
            EXPECT_EQ(S::verify(pk.data(), msg.data(), msg.size(), bad.data(), bad.size(), *this->ws),
                      Status::verify_failed)
                << f.name << " byte " << at;
            ++tried;
        }
    }
    EXPECT_EQ(reps, end_reps_only ? 2 : d.tau);
    EXPECT_EQ(paths, end_paths_only ? 2 : S::ot.topen);
    EXPECT_EQ(tried, (first_byte_only ? 1 : 2) * (4 + 3 * reps + paths));
}

// Hardware one-tree around its engine: none installed gives unsupported;
// an engine failing mid-signature gives its error with the signature wiped.
using HwFast2 = mqom::OneTree2<mqom::mqom2_cat1_gf16_fast_r5, mqom::Hardware>;
struct FailingEngine {
    pqmcu::cipher::EmulatedAesEngine inner{};
    pqmcu::cipher::ExternalAes128 inner_hook{};
    uint32_t budget = 0;
    static Status set_key(void* p, const uint8_t k[16]) {
        auto* f = static_cast<FailingEngine*>(p);
        return f->inner_hook.set_key(f->inner_hook.ctx, k);
    }
    static Status encrypt(void* p, const uint8_t* in, uint8_t* out, size_t n) {
        auto* f = static_cast<FailingEngine*>(p);
        if (f->budget == 0) {
            std::fill(out, out + 16 * n, uint8_t(0xEE));
            return Status::internal_error;
        }
        --f->budget;
        return f->inner_hook.encrypt(f->inner_hook.ctx, in, out, n);
    }
};

TEST(MqomOneTreeHardware, NoEngineIsUnsupported) {
    pqmcu::cipher::set_external_aes128(nullptr);
    auto ws = std::make_unique<HwFast2::Workspace>();
    std::vector<uint8_t> pk(HwFast2::pk_bytes), sk(HwFast2::sk_bytes), sig(HwFast2::sig_bytes);
    const uint8_t msg[3] = {1, 2, 3};
    EXPECT_EQ(HwFast2::keypair(pk.data(), sk.data(), CounterRng{1}, *ws), Status::unsupported);
    EXPECT_EQ(HwFast2::sign(sk.data(), msg, 3, sig.data(), CounterRng{2}, *ws), Status::unsupported);
    EXPECT_EQ(HwFast2::verify(pk.data(), msg, 3, sig.data(), sig.size(), *ws), Status::unsupported);
}

TEST(MqomOneTreeHardware, EngineFaultWipesTheSignature) {
    FailingEngine f;
    f.inner_hook = pqmcu::cipher::emulated_engine_hook(f.inner);
    const pqmcu::cipher::ExternalAes128 hook{&f, FailingEngine::set_key, FailingEngine::encrypt};
    pqmcu::cipher::set_external_aes128(&hook);
    auto ws = std::make_unique<HwFast2::Workspace>();
    std::vector<uint8_t> pk(HwFast2::pk_bytes), sk(HwFast2::sk_bytes), sig(HwFast2::sig_bytes, 0xAA);
    const uint8_t msg[3] = {1, 2, 3};
    f.budget = 1u << 30;
    ASSERT_EQ(HwFast2::keypair(pk.data(), sk.data(), CounterRng{1}, *ws), Status::ok);
    f.budget = 5000;  // fails inside the tree walk
    EXPECT_EQ(HwFast2::sign(sk.data(), msg, 3, sig.data(), CounterRng{2}, *ws), Status::internal_error);
    EXPECT_TRUE(std::all_of(sig.begin(), sig.end(), [](uint8_t b) { return b == 0; }));
    f.budget = 1u << 30;
    ASSERT_EQ(HwFast2::sign(sk.data(), msg, 3, sig.data(), CounterRng{2}, *ws), Status::ok);
    f.budget = 100;
    EXPECT_EQ(HwFast2::verify(pk.data(), msg, 3, sig.data(), sig.size(), *ws), Status::internal_error);
    pqmcu::cipher::set_external_aes128(nullptr);
}

}  // namespace
