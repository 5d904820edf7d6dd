// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM's Hardware profile (all AES-128 on an external engine, cat 1 only) on
// the emulated M4, where there is no AES engine. The rows
//   <set>_hardware_{keygen,sign,verify}   L1 faster / fast / short
// run the profile on a timing stub in place of the engine: a cheap keyed
// XOR, deterministic in time and self-consistent (sign's output verifies
// under the same stub), so the emulated cycles are the profile's own
// software plus the stub. Each row reports the engine traffic of its
// measured run ("pqmcu-op-info <i> engine_keys=K engine_calls=C
// engine_blocks=B"), and the rows
//   hw_stub_set_key, hw_stub_encrypt_x1, hw_stub_encrypt_x8
// measure the stub itself. tools/m4sim/bench_table.py removes the stub's
// cycles and adds a model of the STM32F437 CRYP: the library's own polling
// driver (platform/m4/stm32f4/cryp.hpp) measured by the rows
//   hw_cryp_set_key, hw_cryp_encrypt_x1, hw_cryp_encrypt_x8
// (the driver's code as built for the board, with a RAM array standing in
// for the peripheral's registers: same volatile loads and stores, every
// status poll answered at once), plus per register access and per block
// the peripheral's own time (RM0090; bench_table.py, cryp_driver_model);
// without those rows, a fit to the paper's published per-call figures
// (mqom-paper-rijndael.csv, hardware_total, the paper's driver). An
// estimate, labelled as such. The KAT firmware and the host tests check
// the profile's outputs with a real AES behind the hook.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "cipher/block_cipher.hpp"
#include "m4/format.hpp"
#include "m4/stm32f4/cryp.hpp"
#include "mqom/scheme.hpp"
#include "sign_bench.hpp"

namespace {

namespace mq = pqmcu::mqom;
namespace cph = pqmcu::cipher;
using pqmcu::Status;

struct StubEngine {
    uint32_t key[4];
    uint32_t keys, calls, blocks;
};
StubEngine g_stub;

// noinline: the calibration rows must time the same calls the library makes.
[[gnu::noinline]] Status stub_set_key(void* ctx, const uint8_t k[16]) {
    auto* e = static_cast<StubEngine*>(ctx);
    std::memcpy(e->key, k, 16);
    ++e->keys;
    return Status::ok;
}
// Not a cipher: out = in ^ key per block, time linear in nblocks.
[[gnu::noinline]] Status stub_encrypt(void* ctx, const uint8_t* in, uint8_t* out, size_t nblocks) {
    auto* e = static_cast<StubEngine*>(ctx);
    ++e->calls;
    e->blocks += uint32_t(nblocks);
    for (size_t b = 0; b < nblocks; ++b, in += 16, out += 16)
        for (size_t w = 0; w < 4; ++w) {
            uint32_t v;
            std::memcpy(&v, in + 4 * w, 4);
            v ^= e->key[w];
            std::memcpy(out + 4 * w, &v, 4);
        }
    return Status::ok;
}
const cph::ExternalAes128 g_hook{&g_stub, stub_set_key, stub_encrypt};

void install_and_reset() {
    cph::set_external_aes128(&g_hook);
    g_stub.keys = g_stub.calls = g_stub.blocks = 0;
}
void report_traffic(unsigned index) {
    pqmcu::m4::print("pqmcu-op-info %u engine_keys=%u engine_calls=%u engine_blocks=%u\n", index,
                     unsigned(g_stub.keys), unsigned(g_stub.calls), unsigned(g_stub.blocks));
}

}  // namespace

// Also for the one-tree Hardware rows (ops_mqom_onetree.cpp).
namespace pqmcu::bench {
void mqom_hw_stub_install() { install_and_reset(); }
void mqom_hw_stub_report(unsigned index) { report_traffic(index); }
}  // namespace pqmcu::bench

namespace {

// SignBench rows with the stub installed; the counters cover the measured
// run only (reset after setup, which makes keys and signatures itself).
template <class Set>
struct HwRows {
    using B = pqmcu::bench::SignBench<mq::Scheme<Set, mq::Hardware>, 8>;
    static void setup_keygen() { install_and_reset(), B::setup_keygen(), install_and_reset(); }
    static void setup_sign() { install_and_reset(), B::setup_sign(), install_and_reset(); }
    static void setup_verify() { install_and_reset(), B::setup_verify(), install_and_reset(); }
    static void report_keygen(unsigned i) { B::report_keygen(i), report_traffic(i); }
    static void report_sign(unsigned i) { B::report_sign(i), report_traffic(i); }
    static void report_verify(unsigned i) { B::report_verify(i), report_traffic(i); }
};

// The stub alone, called as the library calls it (through a pointer).
alignas(4) uint8_t g_blocks[8 * 16];
Status (*volatile g_set_key)(void*, const uint8_t*) = stub_set_key;
Status (*volatile g_encrypt)(void*, const uint8_t*, uint8_t*, size_t) = stub_encrypt;
void stub_setup() { std::memset(g_blocks, 0x5A, sizeof g_blocks); }
void stub_key() { g_set_key(&g_stub, g_blocks); }
void stub_x1() { g_encrypt(&g_stub, g_blocks, g_blocks, 1); }
void stub_x8() { g_encrypt(&g_stub, g_blocks, g_blocks, 8); }

// The CRYP driver over a RAM copy of its register window: each access is the
// volatile load or store the board's MmioBus makes (constant address), so the
// emulated cycles are the driver's software with zero-wait-state registers.
// The status register always reads "input FIFO not full, output FIFO not
// empty, not busy": no poll spins (the peripheral's time is added by the
// model, not measured here).
namespace f4 = pqmcu::m4::stm32f4;
volatile uint32_t g_cryp_regs[0x40 / 4];   // CRYP: CR .. K3RR
volatile uint32_t g_other_regs[16];        // RCC (init) and DMA2 (DMA mode, never run here), aliased
struct RamBus {
    static volatile uint32_t& reg(uint32_t addr) {
        return addr >= f4::cryp::base ? g_cryp_regs[((addr - f4::cryp::base) / 4) & 15]
                                      : g_other_regs[(addr / 4) & 15];
    }
    uint32_t read(uint32_t addr) const { return reg(addr); }
    void write(uint32_t addr, uint32_t v) const { reg(addr) = v; }
    uint32_t dma_address(const void* p, size_t) const { return uint32_t(reinterpret_cast<uintptr_t>(p)); }
    bool dma_capable(const void*, size_t) const { return true; }
    void fence() const {}
};
f4::Cryp<RamBus> g_cryp;
Status (*volatile g_cryp_set_key)(void*, const uint8_t*) = nullptr;
Status (*volatile g_cryp_encrypt)(void*, const uint8_t*, uint8_t*, size_t) = nullptr;
void cryp_setup() {
    stub_setup();
    g_cryp = f4::Cryp<RamBus>{};
    (void)g_cryp.init();
    g_cryp_regs[(f4::cryp::sr - f4::cryp::base) / 4] = f4::cryp::sr_ifem | f4::cryp::sr_ifnf | f4::cryp::sr_ofne;
    const pqmcu::cipher::ExternalAes128 h = g_cryp.hook();
    g_cryp_set_key = h.set_key;
    g_cryp_encrypt = h.encrypt;
    (void)g_cryp_set_key(&g_cryp, g_blocks);  // keyed for the encrypt rows
}
void cryp_key() { g_cryp_set_key(&g_cryp, g_blocks); }
void cryp_x1() { g_cryp_encrypt(&g_cryp, g_blocks, g_blocks, 1); }
void cryp_x8() { g_cryp_encrypt(&g_cryp, g_blocks, g_blocks, 8); }

}  // namespace

#define PQMCU_BENCH_MQOM_HW(label, Set)                                                                    \
    {label "_hardware_keygen", HwRows<Set>::setup_keygen, HwRows<Set>::B::keygen, nullptr,                  \
     pqmcu::bench::arena_bytes<typename HwRows<Set>::B::Ws::Keygen>, HwRows<Set>::report_keygen},           \
        {label "_hardware_sign", HwRows<Set>::setup_sign, HwRows<Set>::B::sign, nullptr,                    \
         pqmcu::bench::arena_bytes<typename HwRows<Set>::B::Ws::Sign>, HwRows<Set>::report_sign},           \
        {label "_hardware_verify", HwRows<Set>::setup_verify, HwRows<Set>::B::verify, nullptr,              \
         pqmcu::bench::arena_bytes<typename HwRows<Set>::B::Ws::Verify>, HwRows<Set>::report_verify}

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mqom_hw_ops, "mqom",
                  {{"hw_stub_set_key", stub_setup, stub_key, nullptr},
                   {"hw_stub_encrypt_x1", stub_setup, stub_x1, nullptr},
                   {"hw_stub_encrypt_x8", stub_setup, stub_x8, nullptr},
                   {"hw_cryp_set_key", cryp_setup, cryp_key, nullptr},
                   {"hw_cryp_encrypt_x1", cryp_setup, cryp_x1, nullptr},
                   {"hw_cryp_encrypt_x8", cryp_setup, cryp_x8, nullptr},
                   PQMCU_BENCH_MQOM_HW("cat1_gf16_faster_r5", mq::mqom2_cat1_gf16_faster_r5),
                   PQMCU_BENCH_MQOM_HW("cat1_gf16_fast_r5", mq::mqom2_cat1_gf16_fast_r5),
                   PQMCU_BENCH_MQOM_HW("cat1_gf16_short_r5", mq::mqom2_cat1_gf16_short_r5)});
}  // namespace pqmcu::bench
