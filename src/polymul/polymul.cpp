// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "polymul/polymul.hpp"

namespace pqmcu::polymul {

void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { mul_schoolbook(c, a, b, n); }

// Both reductions fold the upper half of the full product onto the lower one.
void mul_cyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    uint16_t full[2 * kMaxN];
    mul(full, a, b, n);
    for (size_t i = 0; i < n; ++i) c[i] = uint16_t(full[i] + (i + n < 2 * n - 1 ? full[i + n] : 0));
}

void mul_negacyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    uint16_t full[2 * kMaxN];
    mul(full, a, b, n);
    for (size_t i = 0; i < n; ++i) c[i] = uint16_t(full[i] - (i + n < 2 * n - 1 ? full[i + n] : 0));
}

}  // namespace pqmcu::polymul
