// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "polymul/polymul.hpp"

namespace pqmcu::polymul {

void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { mul_q<16>(c, a, b, n); }
void mul_cyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { mul_cyclic_q<16>(c, a, b, n); }
void mul_negacyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    mul_negacyclic_q<16>(c, a, b, n);
}

}  // namespace pqmcu::polymul
