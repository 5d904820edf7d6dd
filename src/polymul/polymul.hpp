// SPDX-License-Identifier: Apache-2.0 OR MIT
// Multiplication in Z_{2^m}[x] (m <= 16): coefficients are uint16_t.
//
//   polymul::mul(c, a, b, n)            c = a * b, 2n - 1 coefficients
//   polymul::mul_cyclic(c, a, b, n)     c = a * b mod (x^n - 1)   (NTRU)
//   polymul::mul_negacyclic(c, a, b, n) c = a * b mod (x^n + 1)   (Saber)
// are exact mod 2^16, hence mod any 2^m (Karatsuba underneath); callers mask
// to their own q. When q = 2^LogQ is smaller, the _q forms may use a Toom
// method that is only exact mod 2^LogQ (bits above LogQ are garbage):
//
//   polymul::mul_q<LogQ>(c, a, b, n)            (and mul_cyclic_q, mul_negacyclic_q)
//   LogQ 16 -> Karatsuba, 14..15 -> Toom-3, 13 -> Toom-4, <= 12 -> Toom-4 + Toom-3
// (Method<LogQ> names the choice; methods.hpp has the methods and bounds).
//
// 1 <= n <= kMaxN. Inputs and outputs may not overlap. No heap: these forms
// keep their scratch on the stack, bounded at compile time for n <= kMaxN;
// the forms with a trailing `scratch` argument take a caller buffer of at
// least *_scratch_words<LogQ>(n) words instead (the M4's choice).
#pragma once
#include <cstddef>
#include <cstdint>

#include "polymul/methods.hpp"

namespace pqmcu::polymul {

// 1536 covers NTRU up to n = 1373 (ntruhps40961229 / ntruhrss1373) besides n <= 1024.
inline constexpr size_t kMaxN = 1536;

// The plain O(n^2) product: the reference every faster method is tested against.
inline void mul_schoolbook(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    Schoolbook::mul(c, a, b, n);
}

// The fastest method exact mod 2^LogQ (the host and M4 measurements in
// README.md agree on this order for n >= 64).
template <int LogQ>
struct MethodFor {
    static_assert(LogQ >= 1 && LogQ <= 16, "coefficients are 16-bit");
    using type = Toom43Default;
};
template <> struct MethodFor<16> { using type = KaratsubaDefault; };
template <> struct MethodFor<15> { using type = Toom3Default; };
template <> struct MethodFor<14> { using type = Toom3Default; };
template <> struct MethodFor<13> { using type = Toom4Default; };
template <int LogQ>
using Method = typename MethodFor<LogQ>::type;
static_assert(Method<16>::exact_bits >= 16 && Method<15>::exact_bits >= 15 && Method<13>::exact_bits >= 13 &&
              Method<12>::exact_bits >= 12);

template <int LogQ>
constexpr size_t mul_scratch_words(size_t n) { return Method<LogQ>::scratch_words(n); }
// The reductions need the full product (2n - 1 words) next to the method's scratch.
template <int LogQ>
constexpr size_t reduce_scratch_words(size_t n) { return 2 * n - 1 + Method<LogQ>::scratch_words(n); }

template <int LogQ>
inline void mul_q(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch) {
    Method<LogQ>::mul(c, a, b, n, scratch);
}
// sign = +1: mod x^n - 1; sign = -1: mod x^n + 1 (fold the upper half of the product).
template <int LogQ>
inline void mul_reduced_q(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, bool negacyclic,
                          uint16_t* scratch) {
    uint16_t* full = scratch;
    Method<LogQ>::mul(full, a, b, n, full + (2 * n - 1));
    for (size_t i = 0; i + 1 < n; ++i)
        c[i] = negacyclic ? uint16_t(full[i] - full[i + n]) : uint16_t(full[i] + full[i + n]);
    c[n - 1] = full[n - 1];
}
template <int LogQ>
inline void mul_cyclic_q(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch) {
    mul_reduced_q<LogQ>(c, a, b, n, false, scratch);
}
template <int LogQ>
inline void mul_negacyclic_q(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, uint16_t* scratch) {
    mul_reduced_q<LogQ>(c, a, b, n, true, scratch);
}

// Stack-scratch forms (n <= kMaxN).
template <int LogQ>
inline constexpr size_t kStackScratchWords = 2 * kMaxN - 1 + max_scratch_words<Method<LogQ>>(kMaxN);
template <int LogQ>
inline void mul_q(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    uint16_t scratch[kStackScratchWords<LogQ>];
    mul_q<LogQ>(c, a, b, n, scratch);
}
template <int LogQ>
inline void mul_cyclic_q(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    uint16_t scratch[kStackScratchWords<LogQ>];
    mul_cyclic_q<LogQ>(c, a, b, n, scratch);
}
template <int LogQ>
inline void mul_negacyclic_q(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    uint16_t scratch[kStackScratchWords<LogQ>];
    mul_negacyclic_q<LogQ>(c, a, b, n, scratch);
}

// Exact mod 2^16 (Karatsuba); n <= kMaxN.
void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n);
void mul_cyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n);
void mul_negacyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n);

}  // namespace pqmcu::polymul
