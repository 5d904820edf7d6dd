// SPDX-License-Identifier: Apache-2.0 OR MIT
// Constants shared by the Keccak-f[1600] implementations (not a public header).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "core/bytes.hpp"

#if defined(PQMCU_TARGET_M4) && defined(__ARM_ARCH_7EM__) && !defined(PQMCU_KECCAK_NO_ASM)
extern "C" void pqmcu_keccak_wipe_m4(void* p, uint32_t n);  // keccak_lanes_m4.S
#endif

namespace pqmcu::hash::internal {

inline constexpr uint64_t kRoundConstants[24] = {
    0x0000000000000001ull, 0x0000000000008082ull, 0x800000000000808Aull, 0x8000000080008000ull,
    0x000000000000808Bull, 0x0000000080000001ull, 0x8000000080008081ull, 0x8000000000008009ull,
    0x000000000000008Aull, 0x0000000000000088ull, 0x0000000080008009ull, 0x000000008000000Aull,
    0x000000008000808Bull, 0x800000000000008Bull, 0x8000000000008089ull, 0x8000000000008003ull,
    0x8000000000008002ull, 0x8000000000000080ull, 0x000000000000800Aull, 0x800000008000000Aull,
    0x8000000080008081ull, 0x8000000000008080ull, 0x0000000080000001ull, 0x8000000080008008ull,
};

// Rotation of lane x + 5y (rho).
inline constexpr unsigned kRho[25] = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                      25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};

// Destination of lane x + 5y under pi: (x, y) -> (y, 2x + 3y).
constexpr unsigned pi_dest(unsigned i) {
    return i / 5 + 5 * ((2 * (i % 5) + 3 * (i / 5)) % 5);
}

inline uint64_t rotl64(uint64_t v, unsigned n) { return n == 0 ? v : (v << n) | (v >> (64 - n)); }

// One round on 25 plain 64-bit lanes (inlined into each build of the
// permutation: the portable one and x86's BMI one, keccak_avx2.cpp).
__attribute__((always_inline)) inline void round64(uint64_t* a, uint64_t rc) {
    uint64_t c[5], d[5], b[25];
#pragma GCC unroll 5
    for (unsigned x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
#pragma GCC unroll 5
    for (unsigned x = 0; x < 5; ++x) d[x] = c[(x + 4) % 5] ^ rotl64(c[(x + 1) % 5], 1);
#pragma GCC unroll 25
    for (unsigned i = 0; i < 25; ++i) b[pi_dest(i)] = rotl64(a[i] ^ d[i % 5], kRho[i]);
#pragma GCC unroll 5
    for (unsigned y = 0; y < 25; y += 5) {
#pragma GCC unroll 5
        for (unsigned x = 0; x < 5; ++x)
            a[y + x] = b[y + x] ^ (~b[y + (x + 1) % 5] & b[y + (x + 2) % 5]);
    }
    a[0] ^= rc;
}

// Zeroes n bytes (n a multiple of 4, p word aligned) word by word; the
// byte-wise secure_wipe costs ~4x more on the M4 for these 200+ byte states.
// On the M4 an out-of-line STM loop (keccak_lanes_m4.S).
inline void wipe_words(void* p, size_t n) {
#if defined(PQMCU_TARGET_M4) && defined(__ARM_ARCH_7EM__) && !defined(PQMCU_KECCAK_NO_ASM)
    pqmcu_keccak_wipe_m4(p, uint32_t(n));
#else
    volatile uint32_t* v = static_cast<volatile uint32_t*>(p);
    for (size_t i = 0; i < n / 4; ++i) v[i] = 0;
    __asm__ __volatile__("" : : "r"(p) : "memory");
#endif
}

// Little-endian 64-bit load/store at any alignment; one or two plain
// (unaligned-capable) loads on x86 and ARMv7-M instead of eight byte loads.
inline uint64_t lane_load(const uint8_t* p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
#else
    return load64_le(p);
#endif
}
inline void lane_store(uint8_t* p, uint64_t v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    std::memcpy(p, &v, 8);
#else
    store64_le(p, v);
#endif
}

}  // namespace pqmcu::hash::internal
