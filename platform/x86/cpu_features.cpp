// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "x86/cpu_features.hpp"

#include <cpuid.h>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace pqmcu::x86 {
namespace {

uint64_t xgetbv0() {
    uint32_t lo = 0, hi = 0;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (uint64_t(hi) << 32) | lo;
}

bool disabled(const char* list, const char* name) {
    if (list == nullptr) return false;
    const size_t n = std::strlen(name);
    for (const char* p = list; *p != '\0';) {
        const char* end = std::strchr(p, ',');
        const size_t len = end ? size_t(end - p) : std::strlen(p);
        if (len == n && std::strncmp(p, name, n) == 0) return true;
        if (end == nullptr) break;
        p = end + 1;
    }
    return false;
}

CpuFeatures detect() {
    CpuFeatures f;
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return f;
    const bool osxsave = (c >> 27) & 1;
    const uint64_t xcr0 = osxsave ? xgetbv0() : 0;
    const bool ymm_ok = (xcr0 & 0x6) == 0x6;
    const bool zmm_ok = ymm_ok && (xcr0 & 0xE0) == 0xE0;
    f.aesni = (c >> 25) & 1;
    f.pclmul = (c >> 1) & 1;
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        f.avx2 = ymm_ok && ((b >> 5) & 1);
        f.bmi2 = (b >> 8) & 1;
        f.avx512f = zmm_ok && ((b >> 16) & 1);
        f.avx512bw = zmm_ok && ((b >> 30) & 1);
        f.avx512vl = zmm_ok && ((b >> 31) & 1);
        f.avx512vbmi = zmm_ok && ((c >> 1) & 1);
        f.vaes = ymm_ok && ((c >> 9) & 1);
        f.vpclmul = ymm_ok && ((c >> 10) & 1);
        f.gfni = (c >> 8) & 1;
    }
    const char* off = std::getenv("PQMCU_CPU_DISABLE");
    if (disabled(off, "avx2")) f.avx2 = false;
    if (disabled(off, "aesni")) f.aesni = false;
    if (disabled(off, "vaes")) f.vaes = false;
    if (disabled(off, "gfni")) f.gfni = false;
    if (disabled(off, "avx512")) f.avx512f = f.avx512bw = f.avx512vl = f.avx512vbmi = false;
    if (disabled(off, "avx512vbmi")) f.avx512vbmi = false;
    if (disabled(off, "vpclmul")) f.vpclmul = false;
    // Wider features are unusable without their base.
    if (!f.avx2) f.vaes = f.vpclmul = false;
    if (!f.aesni) f.vaes = false;
    return f;
}

}  // namespace

const CpuFeatures& cpu_features() {
    static const CpuFeatures features = detect();
    return features;
}

}  // namespace pqmcu::x86
