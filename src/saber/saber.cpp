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

void unpack_centred(int32_t* out, const uint8_t* in, size_t count, unsigned bits) {
    const uint32_t mask = (1u << bits) - 1;
    const unsigned sh = 32 - bits;
    uint32_t acc = 0;
    unsigned have = 0;
    for (size_t i = 0; i < count; ++i) {
        while (have < bits) {
            acc |= uint32_t(*in++) << have;
            have += 8;
        }
        out[i] = int32_t((acc & mask) << sh) >> sh;
        acc >>= bits;
        have -= bits;
    }
}

void pack_bits(uint8_t* out, const int32_t* in, size_t count, unsigned bits) {
    const uint32_t mask = (1u << bits) - 1;
    uint32_t acc = 0;
    unsigned have = 0;
    for (size_t i = 0; i < count; ++i) {
        acc |= (uint32_t(in[i]) & mask) << have;
        have += bits;
        while (have >= 8) {
            *out++ = uint8_t(acc);
            acc >>= 8;
            have -= 8;
        }
    }
}

namespace {
// Population count of a value < 2^8 (SWAR; no table, no branch).
inline int32_t pop8(uint32_t x) {
    x = x - ((x >> 1) & 0x55u);
    x = (x & 0x33u) + ((x >> 2) & 0x33u);
    return int32_t((x + (x >> 4)) & 0x0Fu);
}
}  // namespace

void sample_binomial(int32_t* s, const uint8_t* coins, size_t count, unsigned mu) {
    const unsigned half = mu / 2;
    const uint32_t lo = (1u << half) - 1;
    for (size_t g = 0; g < count / 4; ++g) {
        uint64_t t = 0;
        for (unsigned b = 0; b < half; ++b) t |= uint64_t(coins[g * half + b]) << (8 * b);
        for (unsigned k = 0; k < 4; ++k) {
            const uint32_t field = uint32_t(t >> (k * mu));
            s[4 * g + k] = pop8(field & lo) - pop8((field >> half) & lo);
        }
    }
}

void pack_rounded_le16(uint8_t* out, const uint8_t* acc, size_t count, uint16_t add, unsigned shift, unsigned bits) {
    const uint32_t mask = (1u << bits) - 1;
    uint32_t a = 0;
    unsigned have = 0;
    for (size_t i = 0; i < count; ++i) {
        const uint16_t x = uint16_t(acc[2 * i] | (acc[2 * i + 1] << 8));
        a |= ((uint32_t(uint16_t(x + add)) >> shift) & mask) << have;
        have += bits;
        while (have >= 8) {
            *out++ = uint8_t(a);
            a >>= 8;
            have -= 8;
        }
    }
}

void pack_rounded(uint8_t* out, const uint16_t* in, size_t count, uint16_t add, unsigned shift, unsigned bits) {
    const uint32_t mask = (1u << bits) - 1;
    uint32_t a = 0;
    unsigned have = 0;
    for (size_t i = 0; i < count; ++i) {
        a |= ((uint32_t(uint16_t(in[i] + add)) >> shift) & mask) << have;
        have += bits;
        while (have >= 8) {
            *out++ = uint8_t(a);
            a >>= 8;
            have -= 8;
        }
    }
}

uint32_t pack_rounded_cmp(const uint8_t* expect, const uint16_t* in, size_t count, uint16_t add, unsigned shift,
                          unsigned bits) {
    const uint32_t mask = (1u << bits) - 1;
    uint32_t a = 0, diff = 0;
    unsigned have = 0;
    for (size_t i = 0; i < count; ++i) {
        a |= ((uint32_t(uint16_t(in[i] + add)) >> shift) & mask) << have;
        have += bits;
        while (have >= 8) {
            diff |= uint8_t(a) ^ *expect++;
            a >>= 8;
            have -= 8;
        }
    }
    return diff;
}

}  // namespace pqmcu::saber
