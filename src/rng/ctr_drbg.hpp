// SPDX-License-Identifier: Apache-2.0 OR MIT
// NIST SP 800-90A AES-256 CTR_DRBG without derivation function, exactly as
// the PQC KAT generators use it (NIST's rng.c): seed = 48 bytes of entropy
// XOR an optional 48-byte personalization string; each generate() call
// encrypts fresh counter blocks, drops the unused tail of the last block,
// then runs the update step. No reseed interval is enforced (neither does
// rng.c); this generator is for known-answer tests, not for key generation
// on a device.
#pragma once
#include <cstddef>
#include <cstdint>

#include "cipher/block_cipher.hpp"
#include "core/status.hpp"

namespace pqmcu::rng {

class CtrDrbg {
public:
    static constexpr size_t seed_bytes = 48;

    CtrDrbg() = default;
    CtrDrbg(const CtrDrbg&) = delete;
    CtrDrbg& operator=(const CtrDrbg&) = delete;
    ~CtrDrbg() { wipe(); }

    // entropy: 48 bytes; personalization: 48 bytes or nullptr.
    Status init(const uint8_t* entropy, const uint8_t* personalization = nullptr);
    // Length-checked form: entropy_len must be 48, perso_len 0 or 48 (bad_length).
    Status init(const uint8_t* entropy, size_t entropy_len, const uint8_t* personalization, size_t perso_len);
    // Before init: Status::bad_argument. out may be nullptr only when n == 0.
    Status generate(uint8_t* out, size_t n);
    // Backend used for AES-256 (default: constant-time bitsliced or AES-NI).
    void set_backend(cipher::Backend b) { backend_ = b; }
    bool seeded() const { return seeded_; }
    uint64_t reseed_counter() const { return reseed_counter_; }
    void wipe();

private:
    void update(const uint8_t* provided);  // provided: 48 bytes or nullptr
    void next_counters(uint8_t* blocks, size_t n);

    cipher::Aes256Ctx ks_{};
    uint8_t v_[16] = {};
    uint64_t reseed_counter_ = 0;
    bool seeded_ = false;
    cipher::Backend backend_ = cipher::Backend::automatic;
};

}  // namespace pqmcu::rng
