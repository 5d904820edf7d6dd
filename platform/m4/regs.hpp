// SPDX-License-Identifier: Apache-2.0 OR MIT
// Minimal memory-mapped register access and the few ARMv7-M system registers
// the platform touches (addresses from the ARMv7-M Architecture Reference Manual).
#pragma once
#include <cstdint>

namespace pqmcu::m4 {

inline volatile uint32_t& mmio(uintptr_t addr) { return *reinterpret_cast<volatile uint32_t*>(addr); }

namespace scb {
constexpr uintptr_t vtor = 0xE000ED08;   // vector table offset
constexpr uintptr_t ccr = 0xE000ED14;    // configuration and control
constexpr uintptr_t shcsr = 0xE000ED24;  // system handler control and state
constexpr uintptr_t cfsr = 0xE000ED28;   // configurable fault status (MMFSR|BFSR|UFSR)
constexpr uintptr_t hfsr = 0xE000ED2C;   // hard fault status
constexpr uintptr_t mmfar = 0xE000ED34;  // MemManage fault address
constexpr uintptr_t bfar = 0xE000ED38;   // BusFault address
constexpr uintptr_t cpacr = 0xE000ED88;  // coprocessor access control

constexpr uint32_t ccr_div_0_trp = 1u << 4;
constexpr uint32_t shcsr_memfaultena = 1u << 16;
constexpr uint32_t shcsr_busfaultena = 1u << 17;
constexpr uint32_t shcsr_usgfaultena = 1u << 18;
constexpr uint32_t cpacr_cp10_cp11_full = 0xFu << 20;
}  // namespace scb

namespace mpu {
constexpr uintptr_t ctrl = 0xE000ED94;  // ENABLE bit 0, PRIVDEFENA bit 2
constexpr uintptr_t rnr = 0xE000ED98;
constexpr uintptr_t rbar = 0xE000ED9C;
constexpr uintptr_t rasr = 0xE000EDA0;  // XN 28, AP 26:24, SIZE 5:1 (2^(SIZE+1) bytes), ENABLE 0
constexpr uint32_t ctrl_enable = 1u << 0;
constexpr uint32_t ctrl_privdefena = 1u << 2;
}  // namespace mpu

inline void dsb() { __asm__ volatile("dsb" ::: "memory"); }
inline void isb() { __asm__ volatile("isb" ::: "memory"); }

}  // namespace pqmcu::m4
