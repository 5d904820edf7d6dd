// SPDX-License-Identifier: Apache-2.0 OR MIT
// Umbrella header for pqmcu::field: GF(2), GF(4), GF(16), GF(256), GF(2^16)
// (constant time) and the vector kernels. lut.hpp (not constant time) is
// deliberately not included here.
#pragma once
#include "field/fields.hpp"
#include "field/vec.hpp"
