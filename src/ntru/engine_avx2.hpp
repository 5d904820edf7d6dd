// SPDX-License-Identifier: Apache-2.0 OR MIT
// AVX2 pieces of engine.cpp on x86-64 hosts (engine_avx2.cpp), each
// returning false (nothing done) where it does not apply.
//
// The divstep iterations of r2_inverse / s3_inverse (engine.cpp) on AVX2:
// the polynomials as 1024-bit numbers in four ymm words, every step over all
// of them (the portable code skips words above public degree bounds, which
// stay zero, so the values are the same). Called after the set-up, on the
// workspace words in their layout; false (nothing done) when the CPU has no
// AVX2 (or PQMCU_CPU_DISABLE=avx2), n > 1024 or not on x86-64.
#pragma once
#include <cstddef>
#include <cstdint>

#include "ntru/engine.hpp"

namespace pqmcu::ntru::detail {

#if defined(PQMCU_NTRU_AVX2)
bool divsteps_avx2_usable(size_t n);  // the two below would run (not return false)
bool r2_divsteps_avx2(InvWord* inv, size_t n);  // f, g, v, w: inv_words(n) words each
bool s3_divsteps_avx2(InvWord* inv, size_t n);  // fp, fm, gp, gm, vp, vm, wp, wm
#else
inline bool divsteps_avx2_usable(size_t) { return false; }
inline bool r2_divsteps_avx2(InvWord*, size_t) { return false; }
inline bool s3_divsteps_avx2(InvWord*, size_t) { return false; }
#endif

// The sorting network's compare-exchange of the runs a[0 .. len) and
// b[0 .. len) (b = a + d, d >= len: no overlap): a[i], b[i] <- min, max as
// unsigned words (vpminud / vpmaxud, tail by masked loads and stores).
#if defined(PQMCU_NTRU_AVX2)
bool minmax_run_avx2(uint32_t* a, uint32_t* b, size_t len);
#else
inline bool minmax_run_avx2(uint32_t*, uint32_t*, size_t) { return false; }
#endif

// A whole pass of sort_uint32's merge exchange, 0 < d < count: the
// compare-exchanges (i, i + d) for i + d < count and (i & p) == r, eight words
// at a time: for p >= 8 its runs by minmax_run, else with lane masks
// (vpblendvb; for d < 8 from a padded copy on the stack, count <= 1536);
// false (nothing done) otherwise (one CPU check per pass, not per run).
#if defined(PQMCU_NTRU_AVX2)
bool minmax_pass_avx2(uint32_t* x, size_t count, size_t p, size_t r, size_t d);
#else
inline bool minmax_pass_avx2(uint32_t*, size_t, size_t, size_t, size_t) { return false; }
#endif

}  // namespace pqmcu::ntru::detail
