// SPDX-License-Identifier: Apache-2.0 OR MIT
// Reset handler, vector table and fault reporting for every board.
#include <cstddef>
#include <cstdint>

#include "m4/console.hpp"
#include "m4/exit.hpp"
#include "m4/format.hpp"
#include "m4/regs.hpp"

// Symbols placed by the linker scripts (platform/m4/ld/common.ld).
extern "C" {
extern uint32_t __pqmcu_data_load[];
extern uint32_t __pqmcu_data_start[];
extern uint32_t __pqmcu_data_end[];
extern uint32_t __pqmcu_bss_start[];
extern uint32_t __pqmcu_bss_end[];
extern uint32_t __pqmcu_stack_top[];
extern uint32_t __pqmcu_stack_guard[];
extern void (*__preinit_array_start[])();
extern void (*__preinit_array_end[])();
extern void (*__init_array_start[])();
extern void (*__init_array_end[])();

[[noreturn]] void pqmcu_reset_handler();
[[noreturn]] void pqmcu_fault_report(const uint32_t* frame, uint32_t kind, uint32_t exc_return);
void pqmcu_nmi_handler();
void pqmcu_hardfault_handler();
void pqmcu_memmanage_handler();
void pqmcu_busfault_handler();
void pqmcu_usagefault_handler();
void pqmcu_default_handler();
}

// The application's main, called by its assembler name (C++ forbids calling ::main).
int pqmcu_application_main() __asm__("main");

namespace {

using Handler = void (*)();
constexpr unsigned kIrqCount = 96;  // covers the boards' NVIC lines; none is enabled
constexpr uint32_t kStackGuardSizeLog2 = 10;  // 1 KB, as reserved by ld/common.ld

// Word 0 is the initial stack pointer, then the exception handlers.
struct VectorTable {
    uint32_t* initial_sp;
    Handler system[15];
    Handler irq[kIrqCount];
};

constexpr VectorTable make_table() {
    VectorTable t{};
    t.initial_sp = __pqmcu_stack_top;
    t.system[0] = pqmcu_reset_handler;  // 1 reset
    t.system[1] = pqmcu_nmi_handler;    // 2 NMI
    t.system[2] = pqmcu_hardfault_handler;
    t.system[3] = pqmcu_memmanage_handler;
    t.system[4] = pqmcu_busfault_handler;
    t.system[5] = pqmcu_usagefault_handler;
    // 7-10 and 13 are reserved; SVC, DebugMon, PendSV, SysTick are never used.
    for (unsigned i = 6; i < 15; ++i) {
        const unsigned exception = i + 1;
        const bool reserved = (exception >= 7 && exception <= 10) || exception == 13;
        t.system[i] = reserved ? nullptr : pqmcu_default_handler;
    }
    for (unsigned i = 0; i < kIrqCount; ++i) t.irq[i] = pqmcu_default_handler;
    return t;
}

}  // namespace

// Placed first in flash by the linker script (KEEP), also loaded into VTOR.
extern "C" __attribute__((section(".pqmcu_vectors"), used)) constinit const VectorTable pqmcu_vector_table =
    make_table();

extern "C" void pqmcu_reset_handler() {
    using namespace pqmcu::m4;
    // FPU first: the compiler may use VFP registers anywhere after this.
    mmio(scb::cpacr) |= scb::cpacr_cp10_cp11_full;
    dsb();
    isb();

    for (uint32_t *src = __pqmcu_data_load, *dst = __pqmcu_data_start; dst < __pqmcu_data_end;) *dst++ = *src++;
    for (uint32_t* dst = __pqmcu_bss_start; dst < __pqmcu_bss_end;) *dst++ = 0;

    mmio(scb::vtor) = uint32_t(uintptr_t(&pqmcu_vector_table));
    // Report MemManage/BusFault/UsageFault separately instead of as HardFault,
    // and trap integer division by zero (it silently returns 0 otherwise).
    mmio(scb::shcsr) |= scb::shcsr_memfaultena | scb::shcsr_busfaultena | scb::shcsr_usgfaultena;
    mmio(scb::ccr) |= scb::ccr_div_0_trp;
    // Stack guard: MPU region 0 = the 1 KB below the stack, no access, XN.
    // Everything else keeps the default memory map (PRIVDEFENA).
    mmio(mpu::rnr) = 0;
    mmio(mpu::rbar) = uint32_t(uintptr_t(__pqmcu_stack_guard));
    mmio(mpu::rasr) = (1u << 28) | (0u << 24) | ((kStackGuardSizeLog2 - 1) << 1) | 1u;
    mmio(mpu::ctrl) = mpu::ctrl_privdefena | mpu::ctrl_enable;
    dsb();
    isb();

    console_init();
    for (auto f = __preinit_array_start; f < __preinit_array_end; ++f) (*f)();
    for (auto f = __init_array_start; f < __init_array_end; ++f) (*f)();

    pqmcu::m4::exit(pqmcu_application_main());
}

// Each handler finds the stacked frame (MSP or PSP, from EXC_RETURN bit 2),
// turns the MPU off (after a stack overflow SP sits at the guard, and the
// report needs stack) and passes the frame and its identity to the reporter.
#define PQMCU_FAULT_ENTRY(name, kind)                                   \
    extern "C" __attribute__((naked)) void name() {                    \
        __asm__ volatile(                                               \
            "tst lr, #4\n"                                              \
            "ite eq\n"                                                  \
            "mrseq r0, msp\n"                                           \
            "mrsne r0, psp\n"                                           \
            "movw r3, #0xED94\n"                                        \
            "movt r3, #0xE000\n"                                        \
            "movs r1, #0\n"                                             \
            "str r1, [r3]\n" /* MPU_CTRL = 0 */                         \
            "dsb\n"                                                     \
            "isb\n"                                                     \
            "movs r1, #" #kind "\n"                                     \
            "mov r2, lr\n"                                              \
            "b pqmcu_fault_report\n");                                  \
    }

PQMCU_FAULT_ENTRY(pqmcu_nmi_handler, 2)
PQMCU_FAULT_ENTRY(pqmcu_hardfault_handler, 3)
PQMCU_FAULT_ENTRY(pqmcu_memmanage_handler, 4)
PQMCU_FAULT_ENTRY(pqmcu_busfault_handler, 5)
PQMCU_FAULT_ENTRY(pqmcu_usagefault_handler, 6)
PQMCU_FAULT_ENTRY(pqmcu_default_handler, 0)

#if !defined(PQMCU_OPTIMIZE_FOR_SIZE)
namespace {
// Fault status bits worth naming (ARMv7-M ARM, CFSR and HFSR).
struct StatusBit {
    uint8_t bit;
    const char* name;
};
constexpr StatusBit kCfsrBits[] = {
    {0, "IACCVIOL"},  {1, "DACCVIOL"},  {3, "MUNSTKERR"},   {4, "MSTKERR"},  {5, "MLSPERR"},
    {8, "IBUSERR"},   {9, "PRECISERR"}, {10, "IMPRECISERR"}, {11, "UNSTKERR"}, {12, "STKERR"},
    {13, "LSPERR"},   {16, "UNDEFINSTR"}, {17, "INVSTATE"},  {18, "INVPC"},    {19, "NOCP"},
    {24, "UNALIGNED"}, {25, "DIVBYZERO"}};
constexpr StatusBit kHfsrBits[] = {{1, "VECTTBL"}, {30, "FORCED"}, {31, "DEBUGEVT"}};

template <size_t N>
void print_bits(uint32_t value, const StatusBit (&bits)[N]) {
    for (const StatusBit& b : bits)
        if (value & (1u << b.bit)) pqmcu::m4::print(" %s", b.name);
}
}  // namespace
#endif

extern "C" __attribute__((used)) void pqmcu_fault_report(const uint32_t* frame, uint32_t kind, uint32_t exc_return) {
    using namespace pqmcu::m4;
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    const uint32_t exception = ipsr & 0x1FF;
    const char* name = "unexpected exception";
    int code = exit_unexpected_irq;
    switch (kind) {
        case 2: name = "NMI"; code = exit_nmi; break;
        case 3: name = "HardFault"; code = exit_hard_fault; break;
        case 4: name = "MemManage"; code = exit_mem_manage; break;
        case 5: name = "BusFault"; code = exit_bus_fault; break;
        case 6: name = "UsageFault"; code = exit_usage_fault; break;
        default: break;
    }
    // Stacked frame: r0 r1 r2 r3 r12 lr pc xpsr.
    print("\nFAULT: %s (exception %u) pc=0x%08x lr=0x%08x xpsr=0x%08x\n", name, unsigned(exception),
          unsigned(frame[6]), unsigned(frame[5]), unsigned(frame[7]));
    print("FAULT: cfsr=0x%08x hfsr=0x%08x mmfar=0x%08x bfar=0x%08x exc_return=0x%08x\n",
          unsigned(mmio(scb::cfsr)), unsigned(mmio(scb::hfsr)), unsigned(mmio(scb::mmfar)),
          unsigned(mmio(scb::bfar)), unsigned(exc_return));
#if !defined(PQMCU_OPTIMIZE_FOR_SIZE)  // size builds: the raw registers above only
    print("FAULT: reason:");
    print_bits(mmio(scb::cfsr), kCfsrBits);
    print_bits(mmio(scb::hfsr), kHfsrBits);
    print("\n");
#endif
    const uint32_t cfsr = mmio(scb::cfsr);
    const uintptr_t guard = uintptr_t(__pqmcu_stack_guard);
    const bool mmfar_valid = (cfsr & (1u << 7)) != 0;
    const uintptr_t mmfar = mmio(scb::mmfar);
    const bool in_guard = mmfar_valid && mmfar >= guard && mmfar < guard + (1u << kStackGuardSizeLog2);
    if ((cfsr & (1u << 4)) || in_guard)  // MSTKERR: stacking the frame itself failed
        print("FAULT: stack overflow (reached the MPU guard below the stack)\n");
    pqmcu::m4::exit(code);
}
