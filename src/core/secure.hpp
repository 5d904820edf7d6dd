// SPDX-License-Identifier: Apache-2.0 OR MIT
// Secret hygiene: wiping, constant-time helpers, and valgrind poisoning hooks.
//
// ct_poison/ct_unpoison mark memory as "undefined" for valgrind memcheck, so any
// branch or memory index that depends on it is reported: that is how the
// constant-time tests work. They compile to nothing unless PQMCU_CT_VALGRIND is set,
// except that on Arm targets ct_unpoison reports the published value to
// pqmcu_ct_declassify when a firmware defines it (the emulated-M4 trace check,
// tests/m4/ct, docs/ct-m4.md); elsewhere that weak reference is null and the
// call is skipped.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(PQMCU_CT_VALGRIND)
#include <valgrind/memcheck.h>
#endif

#if defined(__arm__) && !defined(PQMCU_CT_VALGRIND)
extern "C" void pqmcu_ct_declassify(const void* p, size_t n) __attribute__((weak));
#define PQMCU_CT_DECLASSIFY_HOOK 1
#endif

namespace pqmcu {

// Zeroes memory in a way the optimiser may not remove: a plain memset (at
// memory bandwidth), then a barrier that tells the compiler the zeroes may be
// read, so the stores cannot be dropped as dead.
inline void secure_wipe(void* p, size_t n) {
#if defined(__GNUC__)
    if (n != 0) std::memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile uint8_t* v = static_cast<volatile uint8_t*>(p);
    for (size_t i = 0; i < n; ++i) v[i] = 0;
#endif
}

template <typename T>
inline void secure_wipe_object(T& obj) { secure_wipe(&obj, sizeof(T)); }

inline void ct_poison([[maybe_unused]] const void* p, [[maybe_unused]] size_t n) {
#if defined(PQMCU_CT_VALGRIND)
    VALGRIND_MAKE_MEM_UNDEFINED(p, n);
#endif
}
inline void ct_unpoison([[maybe_unused]] const void* p, [[maybe_unused]] size_t n) {
#if defined(PQMCU_CT_VALGRIND)
    VALGRIND_MAKE_MEM_DEFINED(p, n);
#elif defined(PQMCU_CT_DECLASSIFY_HOOK)
    if (&pqmcu_ct_declassify != nullptr) pqmcu_ct_declassify(p, n);
#endif
}

// Returns 0 when equal, 1 otherwise, without a data-dependent branch.
inline uint32_t ct_memneq(const void* a, const void* b, size_t n) {
    const uint8_t* x = static_cast<const uint8_t*>(a);
    const uint8_t* y = static_cast<const uint8_t*>(b);
    uint32_t d = 0;
    for (size_t i = 0; i < n; ++i) d |= uint32_t(x[i] ^ y[i]);
    return (d + 0xFFu) >> 8;
}

// Hides a value from the optimiser, so it cannot turn arithmetic on secrets
// into branches (e.g. replace a public loop counter by a secret one).
template <typename T>
inline T value_barrier(T x) {
#if defined(__GNUC__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

// mask = all ones when bit == 1, zero when bit == 0 (bit must be 0 or 1).
inline uint32_t ct_mask32(uint32_t bit) { return 0u - bit; }

}  // namespace pqmcu
