// SPDX-License-Identifier: Apache-2.0 OR MIT
// Key generation's two Toom-4 products with a common operand ((gf)^-1 f^2 and
// (gf)^-1 g^2 on the M4): the common operand evaluated once
// (engine.hpp's ring_eval_shared / ring_mul_shared). In a file of its own:
// in engine.cpp the extra code changed how GCC compiled the products that
// encapsulation and decapsulation use (code growth limits of the unit).
#include "ntru/engine.hpp"

namespace pqmcu::ntru::detail {

namespace {
// The M4's Toom-4 methods (ring_mul's choice for mul_logq 13); false elsewhere.
template <class F>
bool with_shared_method([[maybe_unused]] size_t n, [[maybe_unused]] uint32_t logq, [[maybe_unused]] F&& f) {
#if defined(PQMCU_TARGET_M4)
    if (mul_logq(logq) != 13) return false;
    with_mul13_method(n, f);
    return true;
#else
    return false;
#endif
}

// c = a b mod x^n - 1 with b's evaluations eb (engine.cpp's cyclic with mul_shared)
template <class M>
void cyclic_shared(uint16_t* c, const uint16_t* a, const uint16_t* b, const uint16_t* eb, size_t n,
                   uint16_t* scratch) {
    uint16_t* full = scratch;  // 2n - 1 words (the evaluations), then the method's scratch
    M::mul_shared_cyclic(c, a, b, eb, n, full, full + (2 * n - 1));  // (the fold in the interpolation)
}
}  // namespace

bool ring_eval_shared(uint16_t* eb, const uint16_t* b, size_t n, uint32_t logq) {
    return with_shared_method(n, logq, [&]<class M>(M*) { M::evaluate_shared(eb, b, n); });
}

void ring_mul_shared(uint16_t* c, const uint16_t* a, const uint16_t* b, const uint16_t* eb, size_t n, uint32_t logq,
                     uint16_t* scratch) {
    if (eb == nullptr ||
        !with_shared_method(n, logq, [&]<class M>(M*) { cyclic_shared<M>(c, a, b, eb, n, scratch); }))
        ring_mul(c, a, b, n, logq, scratch);
}

}  // namespace pqmcu::ntru::detail
