// SPDX-License-Identifier: Apache-2.0 OR MIT
// The secure-boot transfer frame (host: pack.py; device: bootloader.cpp).
// All fields little-endian:
//
//   offset  size  field
//   0       4     magic "PQBT"
//   4       1     version (2)
//   5       1     scheme id (SchemeId)
//   6       2     chunk size C (1 .. kMaxChunk bytes)
//   8       4     image length (bytes)
//   12      4     signature length (bytes)
//   16      4     CRC-32 (IEEE, zlib's) over bytes 0..15
//   20      ...   the image, then the signature, each cut in chunks of C bytes
//                 (the last one of each shorter); every chunk is followed by
//                 CRC-32 over (chunk sequence number as 4 bytes || chunk),
//                 sequence numbers counting from 0 over image and signature.
//
// The header CRC checks the lengths before anything is received into RAM;
// each chunk is checked before it is used, so a garbled transfer is refused
// before verification, and a signature can be fed to a streaming verifier
// chunk by chunk (never whole in RAM). A truncated transfer times out. The
// sequence number in each CRC catches a dropped or repeated chunk. The
// signature (over the image only) is what authenticates it.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::boot {

constexpr uint8_t kMagic[4] = {'P', 'Q', 'B', 'T'};
constexpr uint8_t kVersion = 2;
constexpr size_t kHeaderBytes = 20;
constexpr size_t kMaxChunk = 256;

// mqom2_cat1_gf16_fast_r5_stream: MQOM's streaming-verification variant
// (src/mqom/stream.hpp; not the NIST v2.1 signature format).
enum class SchemeId : uint8_t { mayo2 = 1, mqom2_cat1_gf16_fast_r5 = 2, mqom2_cat1_gf16_fast_r5_stream = 3 };

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

inline void store_le32(uint8_t* p, uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = uint8_t(v >> (8 * i));
}

// CRC of one chunk: over its sequence number, then its bytes.
inline uint32_t chunk_crc(uint32_t seq, const uint8_t* p, size_t n) {
    uint8_t s[4];
    store_le32(s, seq);
    Crc32 crc;
    crc.update(s, 4);
    crc.update(p, n);
    return crc.value();
}

}  // namespace pqmcu::boot
