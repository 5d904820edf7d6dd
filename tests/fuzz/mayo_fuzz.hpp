// SPDX-License-Identifier: Apache-2.0 OR MIT
// The MAYO sets the fuzz targets cover: all of them.
#pragma once
#include <tuple>

#include "fuzz_common.hpp"
#include "mayo/scheme.hpp"

namespace pqmcu::fuzz {

using MayoSets = std::tuple<mayo::mayo_1, mayo::mayo_2, mayo::mayo_3, mayo::mayo_5, mayo::mayo_1_r1, mayo::mayo_2_r1,
                            mayo::mayo_3_r1, mayo::mayo_5_r1>;
inline constexpr size_t kMayoSetCount = std::tuple_size_v<MayoSets>;

}  // namespace pqmcu::fuzz
