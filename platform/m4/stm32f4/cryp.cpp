// SPDX-License-Identifier: Apache-2.0 OR MIT
// The STM32F437's CRYP over its real registers (board `stm32f437`): the
// memory-mapped Bus for Cryp<Bus> (cryp.hpp) and the engine installed for
// cipher::Backend::external.
#include "m4/stm32f4/cryp.hpp"

#include <new>

#include "m4/regs.hpp"

namespace pqmcu::m4::stm32f4 {
namespace {

struct MmioBus {
    uint32_t read(uint32_t addr) const { return mmio(addr); }
    void write(uint32_t addr, uint32_t value) const { mmio(addr) = value; }
    uint32_t dma_address(const void* p, size_t) const { return uint32_t(reinterpret_cast<uintptr_t>(p)); }
    // RM0090: the CCM data RAM (64 KB at 0x10000000) is on the D-bus only, out of DMA's reach.
    bool dma_capable(const void* p, size_t n) const {
        constexpr uintptr_t ccm_lo = 0x10000000, ccm_hi = 0x10010000;
        const uintptr_t a = reinterpret_cast<uintptr_t>(p);
        return a + n <= ccm_lo || a >= ccm_hi;
    }
    void fence() const { dsb(); }
};

// .bss is in SRAM on every board (the F4 stacks are the ones in CCM).
alignas(4) uint8_t g_bounce[512];
Cryp<MmioBus>* g_cryp = nullptr;
alignas(Cryp<MmioBus>) uint8_t g_storage[sizeof(Cryp<MmioBus>)];

}  // namespace

Status cryp_install(CrypMode mode) {
    CrypConfig cfg;
    cfg.mode = mode;
    cfg.bounce = g_bounce;
    cfg.bounce_bytes = sizeof g_bounce;
    g_cryp = new (g_storage) Cryp<MmioBus>(MmioBus{}, cfg);
    if (const Status st = g_cryp->init(); st != Status::ok) return st;
    const cipher::ExternalAes128 hook = g_cryp->hook();
    cipher::set_external_aes128(&hook);
    return Status::ok;
}

void cryp_uninstall() {
    cipher::set_external_aes128(nullptr);
    mmio(cryp::cr) = 0;
    mmio(rcc::ahb2enr) = mmio(rcc::ahb2enr) & ~rcc::ahb2enr_crypen;
    g_cryp = nullptr;
}

}  // namespace pqmcu::m4::stm32f4
