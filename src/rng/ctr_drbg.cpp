// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "rng/ctr_drbg.hpp"

#include <cstring>

#include "core/secure.hpp"

namespace pqmcu::rng {

namespace {
constexpr size_t kBatch = 8;  // counter blocks per cipher call
}

void CtrDrbg::next_counters(uint8_t* blocks, size_t n) {
    // V is secret: a branch-free 128-bit big-endian increment.
    uint64_t hi = 0, lo = 0;
    for (int j = 0; j < 8; ++j) {
        hi = (hi << 8) | v_[j];
        lo = (lo << 8) | v_[8 + j];
    }
    for (size_t i = 0; i < n; ++i) {
        lo = value_barrier(lo + 1);  // keeps GCC from using lo as the loop counter
        hi += ((lo | (0 - lo)) >> 63) ^ 1;  // carry exactly when lo wrapped to 0
        for (int j = 0; j < 8; ++j) {
            blocks[16 * i + j] = uint8_t(hi >> (56 - 8 * j));
            blocks[16 * i + 8 + j] = uint8_t(lo >> (56 - 8 * j));
        }
    }
    if (n > 0) std::memcpy(v_, blocks + 16 * (n - 1), 16);
}

void CtrDrbg::update(const uint8_t* provided) {
    uint8_t tmp[48];
    next_counters(tmp, 3);
    cipher::encrypt<cipher::Aes256>(ks_, tmp, tmp, 3, backend_);
    if (provided)
        for (size_t i = 0; i < 48; ++i) tmp[i] ^= provided[i];
    cipher::key_schedule<cipher::Aes256>(ks_, tmp, 32);
    std::memcpy(v_, tmp + 32, 16);
    secure_wipe(tmp, sizeof tmp);
}

Status CtrDrbg::init(const uint8_t* entropy, const uint8_t* personalization) {
    if (!entropy) return Status::bad_argument;
    uint8_t seed[48];
    std::memcpy(seed, entropy, 48);
    if (personalization)
        for (size_t i = 0; i < 48; ++i) seed[i] ^= personalization[i];
    const uint8_t zero_key[32] = {};
    cipher::key_schedule<cipher::Aes256>(ks_, zero_key, 32);
    std::memset(v_, 0, sizeof v_);
    update(seed);
    secure_wipe(seed, sizeof seed);
    reseed_counter_ = 1;
    seeded_ = true;
    return Status::ok;
}

Status CtrDrbg::init(const uint8_t* entropy, size_t entropy_len, const uint8_t* personalization,
                     size_t perso_len) {
    if (entropy_len != seed_bytes) return Status::bad_length;
    if (perso_len != 0 && perso_len != seed_bytes) return Status::bad_length;
    if (perso_len != 0 && !personalization) return Status::bad_argument;
    return init(entropy, perso_len ? personalization : nullptr);
}

Status CtrDrbg::generate(uint8_t* out, size_t n) {
    if (!seeded_) return Status::bad_argument;
    if (!out && n != 0) return Status::bad_argument;
    uint8_t buf[16 * kBatch];
    while (n > 0) {
        const size_t nb = n >= sizeof buf ? kBatch : (n + 15) / 16;
        next_counters(buf, nb);
        const Status st = cipher::encrypt<cipher::Aes256>(ks_, buf, buf, nb, backend_);
        if (st != Status::ok) {
            secure_wipe(buf, sizeof buf);
            return st;
        }
        const size_t take = n < 16 * nb ? n : 16 * nb;
        std::memcpy(out, buf, take);
        out += take;
        n -= take;
    }
    secure_wipe(buf, sizeof buf);
    update(nullptr);
    ++reseed_counter_;
    return Status::ok;
}

void CtrDrbg::wipe() {
    cipher::wipe(ks_);
    secure_wipe(v_, sizeof v_);
    reseed_counter_ = 0;
    seeded_ = false;
}

}  // namespace pqmcu::rng
