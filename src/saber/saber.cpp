// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "saber/params.hpp"
#include "saber/poly.hpp"

namespace pqmcu::saber {

void pack_bits(uint8_t* out, const uint16_t* in, size_t count, unsigned bits) {
    const uint32_t mask = (1u << bits) - 1;
    uint32_t acc = 0;
    unsigned have = 0;
    size_t o = 0;
    for (size_t i = 0; i < count; ++i) {
        acc |= (uint32_t(in[i]) & mask) << have;
        have += bits;
        while (have >= 8) {  // public: depends on bits and i only
            out[o++] = uint8_t(acc);
            acc >>= 8;
            have -= 8;
        }
    }
}

void unpack_bits(uint16_t* out, const uint8_t* in, size_t count, unsigned bits) {
    const uint32_t mask = (1u << bits) - 1;
    uint32_t acc = 0;
    unsigned have = 0;
    size_t o = 0;
    for (size_t i = 0; i < count; ++i) {
        while (have < bits) {
            acc |= uint32_t(in[o++]) << have;
            have += 8;
        }
        out[i] = uint16_t(acc & mask);
        acc >>= bits;
        have -= bits;
    }
}

void sample_binomial(uint16_t* s, const uint8_t* coins, unsigned mu) {
    const unsigned half = mu / 2;
    const uint32_t field_mask = (1u << mu) - 1;
    // Four coefficients take 4 mu bits = mu / 2 whole bytes.
    for (size_t g = 0; g < kN / 4; ++g) {
        uint64_t t = 0;
        for (unsigned b = 0; b < half; ++b) t |= uint64_t(coins[g * half + b]) << (8 * b);
        for (unsigned k = 0; k < 4; ++k) {
            const uint32_t field = uint32_t(t >> (k * mu)) & field_mask;
            uint32_t x = 0, y = 0;
            for (unsigned b = 0; b < half; ++b) {
                x += (field >> b) & 1;
                y += (field >> (half + b)) & 1;
            }
            s[4 * g + k] = uint16_t(x - y);
        }
    }
}

}  // namespace pqmcu::saber
