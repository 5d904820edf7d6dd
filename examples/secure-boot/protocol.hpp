// SPDX-License-Identifier: Apache-2.0 OR MIT
// The secure-boot transfer frame (host: pack.py; device: bootloader.cpp).
// All fields little-endian:
//
//   offset  size  field
//   0       4     magic "PQBT"
//   4       1     version (1)
//   5       1     scheme id (SchemeId)
//   6       2     reserved, 0
//   8       4     image length (bytes)
//   12      4     signature length (bytes)
//   16      4     CRC-32 (IEEE, zlib's) over bytes 0..15, the image, the signature
//   20      ...   image, then signature
//
// The CRC catches truncated or garbled transfers before any verification;
// the signature (over the image only) is what authenticates it.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::boot {

constexpr uint8_t kMagic[4] = {'P', 'Q', 'B', 'T'};
constexpr uint8_t kVersion = 1;
constexpr size_t kHeaderBytes = 20;

enum class SchemeId : uint8_t { mayo2 = 1, mqom2_cat1_gf16_fast_r5 = 2 };

// Bitwise CRC-32 (reflected 0xEDB88320): a 1 KB table is not worth it for a
// bootloader that spends its time in the signature check.
struct Crc32 {
    uint32_t state = 0xFFFFFFFFu;
    void update(const uint8_t* p, size_t n) {
        for (size_t i = 0; i < n; ++i) {
            state ^= p[i];
            for (int b = 0; b < 8; ++b) state = (state >> 1) ^ (0xEDB88320u & (0u - (state & 1u)));
        }
    }
    uint32_t value() const { return ~state; }
};

inline uint32_t load_le32(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
}

}  // namespace pqmcu::boot
