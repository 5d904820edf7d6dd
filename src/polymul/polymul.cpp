// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "polymul/polymul.hpp"

namespace pqmcu::polymul {

#if defined(PQMCU_TARGET_M4)
// A bounded stack (M4Blocked) rather than the size-class frames, whose
// Karatsuba scratch reaches 18 KB at n = 1373.
void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { M4Blocked::mul(c, a, b, n, 0); }
void mul_cyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { M4Blocked::mul(c, a, b, n, 1); }
void mul_negacyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { M4Blocked::mul(c, a, b, n, 2); }
#else
void mul(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { mul_q<16>(c, a, b, n); }
void mul_cyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) { mul_cyclic_q<16>(c, a, b, n); }
void mul_negacyclic(uint16_t* c, const uint16_t* a, const uint16_t* b, size_t n) {
    mul_negacyclic_q<16>(c, a, b, n);
}
#endif

}  // namespace pqmcu::polymul
