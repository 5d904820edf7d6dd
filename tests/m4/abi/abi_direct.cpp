// SPDX-License-Identifier: Apache-2.0 OR MIT
// m4.abi.direct: the assembly entries that no M4 firmware of this tree reaches
// through the library (MQOM's streaming-verifier bucket passes of 2 words and
// of GF(2^16) entries, used by examples/stream-verify; NTRU's jump-inversion
// rows, which only a jump-based inversion would call; the single-product
// schoolbook entries of the sizes whose Karatsuba limbs take the batch
// entries pqmcu_ntru_sb32x9 / 43x8 / 44x9 / 52x8), called directly on
// zero-padded buffers so the AAPCS wrappers see them run (the values are not
// checked: the library's own tests do that where the entries are used;
// pqmcu_ntru_r2_clmul_words: the polymul suite's ntru_r2_clmul_kernels).
#include <cstdint>

extern "C" {
void pqmcu_mqom_bucket_rows2_m4(const uint8_t* c, const uint32_t* xT, uint32_t len, uint32_t* base);
void pqmcu_mqom_bucket_rows16x2_m4(const uint16_t* c, const uint32_t* xT, uint32_t len, uint32_t* base);
void pqmcu_ntru_s3_lanes_row(uint32_t* out, const uint32_t* px, const uint32_t* py, uint32_t pairs,
                             const uint32_t* M);
void pqmcu_ntru_r2_clmul_words(uint32_t* out, const uint32_t* x, const uint32_t* y, uint32_t words,
                               const uint32_t* ab);
void pqmcu_ntru_sb32(uint16_t* c, const uint16_t* a, const uint16_t* b);
void pqmcu_ntru_sb43(uint16_t* c, const uint16_t* a, const uint16_t* b);
void pqmcu_ntru_sb44(uint16_t* c, const uint16_t* a, const uint16_t* b);
void pqmcu_ntru_sb52(uint16_t* c, const uint16_t* a, const uint16_t* b);
}

namespace {

// Each buffer has 64 words of margin on both sides of where the entries read and write.
uint32_t buckets[64 + 4 * 16 * 2 + 64], xrow[64 + 16 * 2 + 64], out[64 + 32 + 64], px[64 + 32 + 64],
    py[64 + 32 + 64], mat[64];
uint16_t sba[64 + 52 + 64], sbb[64 + 52 + 64], sbc[64 + 104 + 64];
const uint8_t c8[8] = {0x12, 0x00, 0xf0, 0x0f, 0x5a, 0xa5, 0x01, 0x80};
const uint16_t c16[8] = {0x1234, 0x0000, 0xf00f, 0x0ff0, 0x5a5a, 0xa5a5, 0x0001, 0x8000};

}  // namespace

int main() {
    for (unsigned i = 0; i < 64; ++i) mat[i] = 0x01010101u * (i & 3);
    for (unsigned i = 0; i < sizeof xrow / 4; ++i) xrow[i] = 0x9E3779B9u * (i + 1);
    for (unsigned i = 0; i < sizeof px / 4; ++i) px[i] = 0x01000100u * (i & 1), py[i] = 0x00010001u;
    pqmcu_mqom_bucket_rows2_m4(c8, xrow + 64, 8, buckets + 64);
    pqmcu_mqom_bucket_rows16x2_m4(c16, xrow + 64, 8, buckets + 64);
    pqmcu_ntru_s3_lanes_row(out + 64, px + 64, py + 64, 4, mat);
    pqmcu_ntru_r2_clmul_words(out + 64, px + 64, py + 64, 8, mat);
    for (unsigned i = 0; i < 52; ++i) sba[64 + i] = uint16_t(0x9E37u * (i + 1)), sbb[64 + i] = uint16_t(i + 1);
    pqmcu_ntru_sb32(sbc + 64, sba + 64, sbb + 64);
    pqmcu_ntru_sb43(sbc + 64, sba + 64, sbb + 64);
    pqmcu_ntru_sb44(sbc + 64, sba + 64, sbb + 64);
    pqmcu_ntru_sb52(sbc + 64, sba + 64, sbb + 64);
    return 0;
}
