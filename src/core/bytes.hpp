// SPDX-License-Identifier: Apache-2.0 OR MIT
// Little/big-endian loads and stores used by the primitives.
#pragma once
#include <cstdint>
#include <cstring>

namespace pqmcu {

inline uint32_t load32_le(const uint8_t* p) {
    return uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24);
}
inline uint64_t load64_le(const uint8_t* p) {
    return uint64_t(load32_le(p)) | (uint64_t(load32_le(p + 4)) << 32);
}
inline void store32_le(uint8_t* p, uint32_t v) {
    p[0] = uint8_t(v); p[1] = uint8_t(v >> 8); p[2] = uint8_t(v >> 16); p[3] = uint8_t(v >> 24);
}
inline void store64_le(uint8_t* p, uint64_t v) {
    store32_le(p, uint32_t(v)); store32_le(p + 4, uint32_t(v >> 32));
}
inline uint32_t load32_be(const uint8_t* p) {
    return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | uint32_t(p[3]);
}
inline void store32_be(uint8_t* p, uint32_t v) {
    p[0] = uint8_t(v >> 24); p[1] = uint8_t(v >> 16); p[2] = uint8_t(v >> 8); p[3] = uint8_t(v);
}

}  // namespace pqmcu
