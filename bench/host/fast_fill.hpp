// SPDX-License-Identifier: Apache-2.0 OR MIT
// The benchmarks' randomness: one cheap xorshift64 stream shared by the
// library and any reference code linked beside it, so no getrandom call
// lands in a timed region. Not cryptographic: benchmarks only. Eight bytes
// a step (~1 cycle a byte): NTRU draws 2.4-3.9 KB per key generation and
// encapsulation, and a byte a step (~6 cycles a byte) added ~5 µs to both
// sides of the side-by-side drivers, pulling every ratio towards 1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace pqmcu_bench {

inline uint64_t g_fill_state = 0x9E3779B97F4A7C15ull;

inline void fast_fill(uint8_t* out, size_t n) {
    uint64_t s = g_fill_state;
    for (size_t i = 0; i < n; i += 8) {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        const size_t k = n - i < 8 ? n - i : 8;
        std::memcpy(out + i, &s, k);  // little-endian hosts: the low bytes first
    }
    g_fill_state = s;
}

}  // namespace pqmcu_bench
