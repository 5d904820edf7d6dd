// SPDX-License-Identifier: Apache-2.0 OR MIT
// The STM32F4 CRYP driver (platform/m4/stm32f4/cryp.hpp) against the
// register model of tests/unit/fake_cryp.hpp: FIPS-197 / SP 800-38A AES-128
// vectors in polling and DMA mode, FIFO and BUSY handling under slow cores,
// DMA bounce buffers for CCM and unaligned buffers, timeouts and DMA errors,
// and MQOM's Hardware profile running on the modelled peripheral.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "cipher/block_cipher.hpp"
#include "fake_cryp.hpp"
#include "m4/stm32f4/cryp.hpp"
#include "mqom/scheme.hpp"

namespace {

using pqmcu::Status;
using pqmcu::m4::stm32f4::Cryp;
using pqmcu::m4::stm32f4::CrypConfig;
using pqmcu::m4::stm32f4::CrypMode;
using pqmcu::test::FakeBus;
using pqmcu::test::FakeCrypModel;
namespace cipher = pqmcu::cipher;

std::vector<uint8_t> hex(const char* s) {
    std::vector<uint8_t> out;
    for (size_t i = 0; s[i] && s[i + 1]; i += 2) {
        auto nib = [](char c) { return uint8_t(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10); };
        out.push_back(uint8_t(nib(s[i]) << 4 | nib(s[i + 1])));
    }
    return out;
}

// SP 800-38A F.1.1 (ECB-AES128.Encrypt) and FIPS-197 C.1.
const char* const kSp80038aKey = "2b7e151628aed2a6abf7158809cf4f3c";
const char* const kSp80038aPt =
    "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
    "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";
const char* const kSp80038aCt =
    "3ad77bb40d7a3660a89ecaf32466ef97f5d3d58503b9699de785895a96fdbaaf"
    "43b1cd7f598ece23881b00e3ed0306887b0c785e27e8ad3f8223207104725dd4";
const char* const kFips197Key = "000102030405060708090a0b0c0d0e0f";
const char* const kFips197Pt = "00112233445566778899aabbccddeeff";
const char* const kFips197Ct = "69c4e0d86a7b0430d8cdb78070b4c55a";

// SRAM-like bounce buffer for DMA mode.
struct Rig {
    FakeCrypModel model;
    alignas(16) uint8_t bounce[256];
    std::unique_ptr<Cryp<FakeBus>> drv;
    explicit Rig(CrypMode mode, uint32_t timeout = 100000) {
        CrypConfig cfg;
        cfg.mode = mode;
        cfg.timeout_polls = timeout;
        cfg.bounce = bounce;
        cfg.bounce_bytes = sizeof bounce;
        drv = std::make_unique<Cryp<FakeBus>>(FakeBus{&model}, cfg);
    }
    void expect_clean() {
        EXPECT_EQ(model.violations, 0) << model.first_violation;
        EXPECT_FALSE(model.crypen()) << "peripheral left enabled";
    }
};

std::vector<uint8_t> software_ecb(const std::vector<uint8_t>& key, const std::vector<uint8_t>& pt) {
    cipher::Aes128Ctx ctx;
    EXPECT_EQ(cipher::key_schedule<cipher::Aes128>(ctx, key.data(), 16), Status::ok);
    std::vector<uint8_t> ct(pt.size());
    EXPECT_EQ(cipher::encrypt<cipher::Aes128>(ctx, pt.data(), ct.data(), pt.size() / 16, cipher::Backend::bitsliced),
              Status::ok);
    return ct;
}

class CrypModes : public ::testing::TestWithParam<CrypMode> {};

TEST_P(CrypModes, NistVectors) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.drv->init(), Status::ok);
    {
        const auto key = hex(kFips197Key), pt = hex(kFips197Pt), ct = hex(kFips197Ct);
        alignas(4) uint8_t out[16];
        ASSERT_EQ(rig.drv->set_key(key.data()), Status::ok);
        ASSERT_EQ(rig.drv->encrypt(pt.data(), out, 1), Status::ok);
        EXPECT_EQ(std::vector<uint8_t>(out, out + 16), ct);
    }
    {
        const auto key = hex(kSp80038aKey), pt = hex(kSp80038aPt), ct = hex(kSp80038aCt);
        std::vector<uint8_t> out(64);
        ASSERT_EQ(rig.drv->set_key(key.data()), Status::ok);
        ASSERT_EQ(rig.drv->encrypt(pt.data(), out.data(), 4), Status::ok);
        EXPECT_EQ(out, ct);
    }
    EXPECT_EQ(rig.model.blocks_done, 5u);
    rig.expect_clean();
    if (GetParam() == CrypMode::dma) {
        EXPECT_EQ(rig.model.dma_words_in, 20u);  // every word moved by DMA, none by the CPU
        EXPECT_EQ(rig.model.dma_words_out, 20u);
    } else {
        EXPECT_EQ(rig.model.dma_words_in, 0u);
    }
}

// Slow core (BUSY for many polls) and long runs: FIFOs never over/underrun.
TEST_P(CrypModes, ManyBlocksSlowCoreMatchSoftware) {
    for (uint32_t latency : {0u, 1u, 14u, 200u}) {
        Rig rig(GetParam());
        rig.model.latency = latency;
        ASSERT_EQ(rig.drv->init(), Status::ok);
        std::vector<uint8_t> key(16), pt(16 * 37), out(16 * 37);
        for (size_t i = 0; i < key.size(); ++i) key[i] = uint8_t(7 * i + latency);
        for (size_t i = 0; i < pt.size(); ++i) pt[i] = uint8_t(i * 31 + 3);
        ASSERT_EQ(rig.drv->set_key(key.data()), Status::ok);
        ASSERT_EQ(rig.drv->encrypt(pt.data(), out.data(), 37), Status::ok);
        EXPECT_EQ(out, software_ecb(key, pt)) << "latency " << latency;
        if (latency >= 14 && GetParam() == CrypMode::polling) {
            EXPECT_GT(rig.model.max_busy_polls, 0u) << "BUSY never observed";
        }
        rig.expect_clean();
    }
}

TEST_P(CrypModes, InPlaceAndKeyChange) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.drv->init(), Status::ok);
    const auto k1 = hex(kSp80038aKey), k2 = hex(kFips197Key);
    std::vector<uint8_t> buf = hex(kSp80038aPt);
    ASSERT_EQ(rig.drv->set_key(k1.data()), Status::ok);
    ASSERT_EQ(rig.drv->encrypt(buf.data(), buf.data(), 4), Status::ok);
    EXPECT_EQ(buf, hex(kSp80038aCt));
    ASSERT_EQ(rig.drv->set_key(k2.data()), Status::ok);
    std::vector<uint8_t> again = hex(kSp80038aPt);
    ASSERT_EQ(rig.drv->encrypt(again.data(), again.data(), 4), Status::ok);
    EXPECT_EQ(again, software_ecb(k2, hex(kSp80038aPt)));
    rig.expect_clean();
}

TEST_P(CrypModes, EncryptBeforeKeyOrInitFails) {
    Rig rig(GetParam());
    uint8_t b[16] = {};
    EXPECT_EQ(rig.drv->set_key(b), Status::bad_argument);  // not initialised
    ASSERT_EQ(rig.drv->init(), Status::ok);
    EXPECT_EQ(rig.drv->encrypt(b, b, 1), Status::bad_argument);  // no key
    EXPECT_EQ(rig.drv->encrypt(nullptr, b, 1), Status::bad_argument);
    EXPECT_EQ(rig.drv->encrypt(b, b, 0), Status::ok);
    rig.expect_clean();
}

// A core that never finishes: every wait is bounded, the error is reported,
// and the peripheral is switched off and must be keyed again.
TEST_P(CrypModes, StuckPeripheralTimesOut) {
    Rig rig(GetParam(), 500);
    ASSERT_EQ(rig.drv->init(), Status::ok);
    const auto key = hex(kFips197Key);
    std::vector<uint8_t> pt = hex(kSp80038aPt), out(64);
    ASSERT_EQ(rig.drv->set_key(key.data()), Status::ok);
    rig.model.stuck = true;
    EXPECT_EQ(rig.drv->encrypt(pt.data(), out.data(), 4), Status::internal_error);
    EXPECT_FALSE(rig.model.crypen());
    rig.model.stuck = false;
    EXPECT_EQ(rig.drv->encrypt(pt.data(), out.data(), 4), Status::bad_argument) << "key must be loaded again";
}

INSTANTIATE_TEST_SUITE_P(CrypDriver, CrypModes, ::testing::Values(CrypMode::polling, CrypMode::dma),
                         [](const auto& info) { return info.param == CrypMode::dma ? "dma" : "polling"; });

// Buffers in CCM (the F4 stack) or unaligned go through the SRAM bounce
// buffer; DMA never sees their addresses.
TEST(CrypDriver, DmaBouncesCcmAndUnalignedBuffers) {
    Rig rig(CrypMode::dma);
    ASSERT_EQ(rig.drv->init(), Status::ok);
    const auto key = hex(kSp80038aKey);
    ASSERT_EQ(rig.drv->set_key(key.data()), Status::ok);
    // 40 blocks > the 16-block bounce buffer: three transfers.
    alignas(16) uint8_t ccm_in[16 * 40], ccm_out[16 * 40];
    for (size_t i = 0; i < sizeof ccm_in; ++i) ccm_in[i] = uint8_t(i ^ 0x5A);
    rig.model.mark_ccm(ccm_in, sizeof ccm_in);
    rig.model.mark_ccm(ccm_out, sizeof ccm_out);
    ASSERT_EQ(rig.drv->encrypt(ccm_in, ccm_out, 40), Status::ok);
    EXPECT_EQ(std::vector<uint8_t>(ccm_out, ccm_out + sizeof ccm_out),
              software_ecb(key, std::vector<uint8_t>(ccm_in, ccm_in + sizeof ccm_in)));
    EXPECT_EQ(rig.model.m0ar_seen.size(), 6u);  // 3 transfers x 2 streams
    const uint32_t bounce_bus = rig.model.map(rig.bounce, sizeof rig.bounce);
    for (uint32_t a : rig.model.m0ar_seen) EXPECT_EQ(a, bounce_bus);
    for (uint8_t b : rig.bounce) EXPECT_EQ(b, 0) << "bounce buffer not wiped";

    alignas(16) uint8_t raw[16 * 5 + 1];
    std::vector<uint8_t> pt = hex(kSp80038aPt);
    std::memcpy(raw + 1, pt.data(), 64);
    ASSERT_EQ(rig.drv->encrypt(raw + 1, raw + 1, 4), Status::ok);  // odd address
    EXPECT_EQ(std::vector<uint8_t>(raw + 1, raw + 65), hex(kSp80038aCt));
    rig.expect_clean();
}

TEST(CrypDriver, DmaDirectForSramBuffers) {
    Rig rig(CrypMode::dma);
    ASSERT_EQ(rig.drv->init(), Status::ok);
    const auto key = hex(kSp80038aKey);
    ASSERT_EQ(rig.drv->set_key(key.data()), Status::ok);
    alignas(16) std::array<uint8_t, 16 * 100> in{}, out{};
    for (size_t i = 0; i < in.size(); ++i) in[i] = uint8_t(i * 13);
    ASSERT_EQ(rig.drv->encrypt(in.data(), out.data(), 100), Status::ok);
    EXPECT_EQ(std::vector<uint8_t>(out.begin(), out.end()),
              software_ecb(key, std::vector<uint8_t>(in.begin(), in.end())));
    ASSERT_EQ(rig.model.m0ar_seen.size(), 2u);  // one transfer, straight from/to the caller's buffers
    EXPECT_EQ(rig.model.m0ar_seen[0], rig.model.map(out.data(), out.size()));
    EXPECT_EQ(rig.model.m0ar_seen[1], rig.model.map(in.data(), in.size()));
    rig.expect_clean();
}

// SxNDTR counts 16 bits: a longer run is split into transfers of at most 65535 words.
TEST(CrypDriver, DmaSplitsRunsAtTheNdtrLimit) {
    Rig rig(CrypMode::dma);
    rig.model.latency = 0;
    ASSERT_EQ(rig.drv->init(), Status::ok);
    const auto key = hex(kFips197Key);
    ASSERT_EQ(rig.drv->set_key(key.data()), Status::ok);
    constexpr size_t n = 16383 + 17;  // 16383 blocks = 65532 words per transfer
    std::vector<uint8_t> in(16 * n), out(16 * n);
    for (size_t i = 0; i < in.size(); ++i) in[i] = uint8_t(i * 7 + (i >> 9));
    ASSERT_EQ(rig.drv->encrypt(in.data(), out.data(), n), Status::ok);
    EXPECT_EQ(out, software_ecb(key, in));
    ASSERT_EQ(rig.model.m0ar_seen.size(), 4u);
    EXPECT_EQ(rig.model.m0ar_seen[3] - rig.model.m0ar_seen[1], 16u * 16383u);
    EXPECT_EQ(rig.model.dma_words_in, 4u * n);
    rig.expect_clean();
}

TEST(CrypDriver, DmaTransferErrorIsReported) {
    Rig rig(CrypMode::dma);
    ASSERT_EQ(rig.drv->init(), Status::ok);
    const auto key = hex(kSp80038aKey);
    ASSERT_EQ(rig.drv->set_key(key.data()), Status::ok);
    rig.model.dma_transfer_error = true;
    alignas(16) uint8_t buf[64] = {};
    EXPECT_EQ(rig.drv->encrypt(buf, buf, 4), Status::internal_error);
    EXPECT_FALSE(rig.model.crypen());
}

TEST(CrypDriver, DmaNeedsAnSramBounceBuffer) {
    FakeCrypModel model;
    alignas(16) uint8_t bounce[64];
    model.mark_ccm(bounce, sizeof bounce);
    CrypConfig cfg;
    cfg.mode = CrypMode::dma;
    cfg.bounce = bounce;
    cfg.bounce_bytes = sizeof bounce;
    Cryp<FakeBus> in_ccm(FakeBus{&model}, cfg);
    EXPECT_EQ(in_ccm.init(), Status::bad_argument);
    cfg.bounce = nullptr;
    Cryp<FakeBus> none(FakeBus{&model}, cfg);
    EXPECT_EQ(none.init(), Status::bad_argument);
}

// init() must turn the clock on before touching the peripheral (the model
// ignores, and counts, accesses to an unclocked CRYP).
TEST(CrypDriver, ClockEnabledBeforeUse) {
    Rig rig(CrypMode::dma);
    ASSERT_EQ(rig.drv->init(), Status::ok);
    EXPECT_NE(rig.model.read(pqmcu::m4::stm32f4::rcc::ahb2enr) & pqmcu::m4::stm32f4::rcc::ahb2enr_crypen, 0u);
    EXPECT_NE(rig.model.read(pqmcu::m4::stm32f4::rcc::ahb1enr) & pqmcu::m4::stm32f4::rcc::ahb1enr_dma2en, 0u);
    rig.expect_clean();
}

// Through the library: cipher::encrypt with Backend::external, and MQOM's
// Hardware profile producing Desktop's exact keys and signature.
class CrypHook : public ::testing::TestWithParam<CrypMode> {
protected:
    void TearDown() override { cipher::set_external_aes128(nullptr); }
};

TEST_P(CrypHook, CipherBackendExternal) {
    Rig rig(GetParam());
    ASSERT_EQ(rig.drv->init(), Status::ok);
    const cipher::ExternalAes128 hook = rig.drv->hook();
    cipher::set_external_aes128(&hook);
    const auto key = hex(kSp80038aKey), pt = hex(kSp80038aPt);
    cipher::Aes128Ctx ctx;
    ASSERT_EQ(cipher::key_schedule<cipher::Aes128>(ctx, key.data(), 16), Status::ok);
    std::vector<uint8_t> out(64);
    ASSERT_EQ(cipher::encrypt<cipher::Aes128>(ctx, pt.data(), out.data(), 4, cipher::Backend::external), Status::ok);
    EXPECT_EQ(out, hex(kSp80038aCt));
    rig.expect_clean();
}

TEST_P(CrypHook, MqomHardwareProfileMatchesDesktop) {
    using Set = pqmcu::mqom::mqom2_cat1_gf16_fast_r5;
    using D = pqmcu::mqom::Scheme<Set, pqmcu::mqom::Desktop>;
    using H = pqmcu::mqom::Scheme<Set, pqmcu::mqom::Hardware>;
    auto dws = std::make_unique<D::Workspace>();
    auto hws = std::make_unique<H::Workspace>();
    uint8_t seed[D::keygen_seed_bytes], mseed[D::seed_bytes], salt[D::seed_bytes];
    for (size_t i = 0; i < sizeof seed; ++i) seed[i] = uint8_t(i + 1);
    for (size_t i = 0; i < sizeof mseed; ++i) mseed[i] = uint8_t(0xA0 + i), salt[i] = uint8_t(0x30 + i);
    const uint8_t msg[] = {'c', 'r', 'y', 'p'};
    std::vector<uint8_t> pk(D::pk_bytes), sk(D::sk_bytes), sig(D::sig_bytes);
    ASSERT_EQ(D::keypair_from_seed(seed, pk.data(), sk.data(), *dws), Status::ok);
    ASSERT_EQ(D::sign_with(sk.data(), msg, sizeof msg, mseed, salt, sig.data(), *dws), Status::ok);

    Rig rig(GetParam());
    ASSERT_EQ(rig.drv->init(), Status::ok);
    const cipher::ExternalAes128 hook = rig.drv->hook();
    cipher::set_external_aes128(&hook);
    std::vector<uint8_t> hpk(H::pk_bytes), hsk(H::sk_bytes), hsig(H::sig_bytes);
    ASSERT_EQ(H::keypair_from_seed(seed, hpk.data(), hsk.data(), *hws), Status::ok);
    ASSERT_EQ(H::sign_with(hsk.data(), msg, sizeof msg, mseed, salt, hsig.data(), *hws), Status::ok);
    EXPECT_EQ(hpk, pk);
    EXPECT_EQ(hsk, sk);
    EXPECT_EQ(hsig, sig);
    const uint32_t blocks = rig.model.blocks_done;
    EXPECT_GT(blocks, 10000u) << "the AES work did not go through the peripheral";
    EXPECT_EQ(H::verify(hpk.data(), msg, sizeof msg, hsig.data(), hsig.size(), *hws), Status::ok);
    EXPECT_GT(rig.model.blocks_done, blocks);
    rig.expect_clean();
}

INSTANTIATE_TEST_SUITE_P(CrypDriver, CrypHook, ::testing::Values(CrypMode::polling, CrypMode::dma),
                         [](const auto& info) { return info.param == CrypMode::dma ? "dma" : "polling"; });

}  // namespace
