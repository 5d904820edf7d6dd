// SPDX-License-Identifier: Apache-2.0 OR MIT
// AES-128-CTR keystream by T-tables with counter-mode caching, for PUBLIC
// keys only (MAYO's P1/P2 from seed_pk). NOT CONSTANT TIME: table indices
// depend on the key and the counter.
//
// The counter block is 12 zero bytes || a 32-bit big-endian block number,
// i.e. aes128_ctr (modes.hpp) with a zero IV, for the first 2^32 blocks.
// Within a run of 256 block numbers only the last byte changes; the parts
// of rounds 1 and 2 that do not depend on it are computed once per run
// (kept here), which leaves 5 of the first two rounds' 32 lookups per block.
// On the M4 the blocks run in aes_ctr_table_m4.S; elsewhere in C++.
#pragma once
#include <cstddef>
#include <cstdint>

#include "cipher/block_cipher.hpp"

namespace pqmcu::cipher {

class Aes128CtrTableNotCt {
public:
    // ctx must outlive this object (its round keys are read, not copied).
    explicit Aes128CtrTableNotCt(const Aes128Ctx& ctx) : rk_(ctx.w) {}
    // Keystream blocks block, block + 1, .. (nblocks of them, 16 bytes each) to
    // out; block + nblocks <= 2^32.
    void keystream(uint32_t block, uint8_t* out, size_t nblocks);

private:
    void refresh(uint32_t run);  // fixed parts for block numbers 256 run .. 256 run + 255
    const uint32_t* rk_;
    uint32_t run_ = 0;
    bool valid_ = false;
    uint32_t b_[4] = {};  // round-2 output without the lookups of the varying column
    uint32_t a0_ = 0;     // round-1 column 0 without the lookup of the varying byte
};

}  // namespace pqmcu::cipher
