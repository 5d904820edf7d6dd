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
//   M4:   LogQ 14..16 -> Karatsuba, <= 13 -> Toom-4
//   host: Karatsuba (threshold 128) for every LogQ (faster there, see README.md)
// (Method<LogQ> names the choice; methods.hpp has the methods and bounds).
//
// 1 <= n <= kMaxN. Inputs and outputs may not overlap. No heap: these forms
// keep their scratch on the stack, bounded at compile time for n <= kMaxN;
// the forms with a trailing `scratch` argument take a caller buffer of at
// least *_scratch_words<LogQ>(n) words instead (the M4's choice).
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "polymul/methods.hpp"

namespace pqmcu::polymul {

// 1536 covers NTRU up to n = 1373 (ntruhps40961229 / ntruhrss1373) besides n <= 1024.
inline constexpr size_t kMaxN = 1536;

// The plain O(n^2) product: the reference every faster method is tested against.
inline void mul_schoolbook(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    Schoolbook::mul(c, a, b, n);
}

// The fastest method exact mod 2^LogQ, per target (measured, README.md). On
// the M4 Toom-4 where it is exact (threshold 16); on x86 hosts plain Karatsuba
// with a 128-coefficient vectorised schoolbook beats every Toom variant at
// all of n = 256 .. 1024 (README.md), so it serves every LogQ there.
template <int LogQ, bool M4 = kTargetM4>
struct MethodFor {
    static_assert(LogQ >= 1 && LogQ <= 16, "coefficients are 16-bit");
    using type = Karatsuba<128>;
};
template <int LogQ>
struct MethodFor<LogQ, true> {
    static_assert(LogQ >= 1 && LogQ <= 16, "coefficients are 16-bit");
    using K = Karatsuba<kM4Threshold>;
    // Measured at n = 256 .. 1024 (README.md): Toom-4 is the fastest wherever
    // it is exact (Toom-4+3, allowed for LogQ <= 12, makes the limbs too short
    // for the unrolled 8..16 base cases); for LogQ 14, 15 Toom-3 wins only at
    // n = 677, 701 (by 11 %) and loses elsewhere, so Karatsuba stays.
    using type = std::conditional_t<(LogQ >= 14), K, Toom4<K>>;
};
template <int LogQ>
using Method = typename MethodFor<LogQ>::type;
static_assert(MethodFor<16, true>::type::exact_bits >= 16 && MethodFor<15, true>::type::exact_bits >= 15 &&
              MethodFor<14, true>::type::exact_bits >= 14 && MethodFor<13, true>::type::exact_bits >= 13 &&
              MethodFor<12, true>::type::exact_bits >= 12 && MethodFor<16, false>::type::exact_bits >= 16);

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

// Stack-scratch forms (n <= kMaxN). The buffer is sized per class of n
// (<= 256, 512, 768, 1024, 1536), each class in its own non-inlined frame, so
// the stack used grows with n rather than always being the kMaxN worst case.
namespace detail {
enum class Form { plain, cyclic, negacyclic };
template <int LogQ, size_t Cap>
inline constexpr size_t kStackScratchWords = 2 * Cap - 1 + max_scratch_words<Method<LogQ>>(Cap);
template <int LogQ, size_t Cap, Form F>
[[gnu::noinline]] void on_stack(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    uint16_t scratch[kStackScratchWords<LogQ, Cap>];
    if constexpr (F == Form::plain) mul_q<LogQ>(c, a, b, n, scratch);
    else mul_reduced_q<LogQ>(c, a, b, n, F == Form::negacyclic, scratch);
}
template <int LogQ, Form F>
inline void dispatch_on_stack(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    if (n <= 256) on_stack<LogQ, 256, F>(c, a, b, n);
    else if (n <= 512) on_stack<LogQ, 512, F>(c, a, b, n);
    else if (n <= 768) on_stack<LogQ, 768, F>(c, a, b, n);
    else if (n <= 1024) on_stack<LogQ, 1024, F>(c, a, b, n);
    else on_stack<LogQ, kMaxN, F>(c, a, b, n);
}
}  // namespace detail
template <int LogQ>
inline void mul_q(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    detail::dispatch_on_stack<LogQ, detail::Form::plain>(c, a, b, n);
}
template <int LogQ>
inline void mul_cyclic_q(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    detail::dispatch_on_stack<LogQ, detail::Form::cyclic>(c, a, b, n);
}
template <int LogQ>
inline void mul_negacyclic_q(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    detail::dispatch_on_stack<LogQ, detail::Form::negacyclic>(c, a, b, n);
}

// Blocked product with a bounded stack: a and b cut into k = ceil(n / MaxBlock)
// blocks of B = ceil(n / k) coefficients (the last zero-padded), the k^2
// block products (method M, one at a time) added into c at offset (i + j) B,
// folded mod x^n -/+ 1 for the reduced forms. Stack: ~8 B words whatever n,
// for k^2 products of B instead of one of n (k = 1 for n <= MaxBlock: the
// plain product). Exact as M.
template <class M, size_t MaxBlock>
struct Blocked {
    static constexpr size_t stack_words = 2 * MaxBlock + (2 * MaxBlock - 1) + max_scratch_words<M>(MaxBlock);
    // form: 0 plain (c has 2n - 1 words), 1 cyclic, 2 negacyclic (c has n words).
    static void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n, int form) {
        uint16_t buf[stack_words];
        const size_t k = (n + MaxBlock - 1) / MaxBlock, B = (n + k - 1) / k, out = form == 0 ? 2 * n - 1 : n;
        uint16_t* ablk = buf;
        uint16_t* bblk = ablk + B;
        uint16_t* prod = bblk + B;
        uint16_t* scratch = prod + (2 * B - 1);
        for (size_t t = 0; t < out; ++t) c[t] = 0;
        for (size_t i = 0; i < k; ++i) {
            for (size_t t = 0; t < B; ++t) ablk[t] = i * B + t < n ? a[i * B + t] : uint16_t(0);
            for (size_t j = 0; j < k; ++j) {
                for (size_t t = 0; t < B; ++t) bblk[t] = j * B + t < n ? b[j * B + t] : uint16_t(0);
                M::mul(prod, ablk, bblk, B, scratch);
                const size_t off = (i + j) * B;
                // Terms at 2n - 1 and beyond are products of the zero padding.
                for (size_t t = 0; t < 2 * B - 1 && off + t < 2 * n - 1; ++t) {
                    const size_t at = off + t;
                    if (form == 0 || at < n) c[at] = uint16_t(c[at] + prod[t]);
                    else if (form == 1) c[at - n] = uint16_t(c[at - n] + prod[t]);
                    else c[at - n] = uint16_t(c[at - n] - prod[t]);
                }
            }
        }
    }
};
// The M4's four-argument forms: Karatsuba<16> blocks of at most 352
// coefficients, ~5.6 KB of stack for any n <= kMaxN (NTRU's n = 509 .. 1373
// run as 2 x 2 .. 4 x 4 block products).
using M4Blocked = Blocked<Karatsuba<kM4Threshold>, 352>;

// Exact mod 2^16 (Karatsuba); n <= kMaxN. On the M4 through M4Blocked (bounded
// stack), elsewhere the size-class stack forms above.
void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n);
void mul_cyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n);
void mul_negacyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n);

}  // namespace pqmcu::polymul
