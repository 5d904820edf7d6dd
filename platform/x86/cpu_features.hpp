// SPDX-License-Identifier: Apache-2.0 OR MIT
// x86-64 CPU feature detection for run-time dispatch (AVX2, AES-NI, VAES, ...).
#pragma once

namespace pqmcu::x86 {

struct CpuFeatures {
    bool avx2 = false;
    bool bmi2 = false;
    bool aesni = false;
    bool pclmul = false;
    bool vaes = false;
    bool vpclmul = false;
    bool gfni = false;
    bool avx512f = false;
    bool avx512bw = false;
    bool avx512vl = false;
    bool avx512vbmi = false;
};

// Detected once (CPUID + XGETBV: the OS must save the wide registers). The
// environment variable PQMCU_CPU_DISABLE="avx2,aesni,..." masks features, so
// the portable paths can be exercised on any machine.
const CpuFeatures& cpu_features();

}  // namespace pqmcu::x86
