// SPDX-License-Identifier: Apache-2.0 OR MIT
// The benchmarks' randomness: one cheap xorshift64 stream shared by the
// library and any reference code linked beside it, so no getrandom call
// lands in a timed region. Not cryptographic: benchmarks only.
#pragma once

#include <cstddef>
#include <cstdint>

namespace pqmcu_bench {

inline uint64_t g_fill_state = 0x9E3779B97F4A7C15ull;

inline void fast_fill(uint8_t* out, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        g_fill_state ^= g_fill_state << 13;
        g_fill_state ^= g_fill_state >> 7;
        g_fill_state ^= g_fill_state << 17;
        out[i] = uint8_t(g_fill_state);
    }
}

}  // namespace pqmcu_bench
