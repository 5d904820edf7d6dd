// SPDX-License-Identifier: Apache-2.0 OR MIT
// SHAKE128/256 and SHA3-256/512 (FIPS 202), incremental, no heap, plus
// 4-way SHAKE over four equal-length inputs.
//
// Statuses (every function here):
//   ok            done;
//   bad_argument  nullptr with a non-zero length, absorb/finalize after
//                 finalize, squeeze before finalize. The object is left
//                 unchanged, so a caller may ignore the status of a call it
//                 knows is well formed.
// Objects can be copied (to fork a hash state) and wipe themselves on
// destruction and reset().
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/status.hpp"
#include "hash/keccak.hpp"

namespace pqmcu::hash {

namespace detail {
struct Sponge {
    KeccakState st;
    uint32_t pos;     // next byte in the current block
    uint32_t phase;   // 0 absorbing, 1 squeezing
};
void sponge_reset(Sponge& s);
void sponge_wipe(Sponge& s);
// scratch: the permutation's 200-byte buffer lent by the caller (keccak_f1600_buf).
Status sponge_absorb(Sponge& s, size_t rate, const uint8_t* in, size_t len);
Status sponge_absorb(Sponge& s, size_t rate, const uint8_t* in, size_t len, KeccakState& scratch);
Status sponge_finalize(Sponge& s, size_t rate, uint8_t domain);
Status sponge_squeeze(Sponge& s, size_t rate, uint8_t* out, size_t len);
Status sponge_squeeze(Sponge& s, size_t rate, uint8_t* out, size_t len, KeccakState& scratch);

// A message being absorbed into another sponge (Sha3::rider) that rides
// along a squeeze: each permutation of the squeezing sponge that finds a
// whole block of the rider's remaining input takes it along
// (keccak_f1600_x2: both permuted together); in / len advance past what
// was absorbed, the caller absorbs the rest as usual. Or (out != nullptr,
// Shake::rider_out) output being squeezed from another sponge: each
// permutation takes the rider's next block along while it still wants
// bytes; out / len advance, the caller squeezes the rest as usual. The same
// results as without riding; what rides is only a matter of timing.
struct Rider {
    Sponge* sponge;
    size_t rate;
    const uint8_t* in;
    size_t len;
    uint8_t* out = nullptr;
};
Status sponge_squeeze(Sponge& s, size_t rate, uint8_t* out, size_t len, Rider& rider);
struct SpongeX4 {
    KeccakX4State st;
    uint32_t pos;
    uint32_t phase;
};
void sponge_x4_reset(SpongeX4& s);
void sponge_x4_wipe(SpongeX4& s);
Status sponge_x4_absorb(SpongeX4& s, size_t rate, const uint8_t* const in[4], size_t len);
Status sponge_x4_finalize(SpongeX4& s, size_t rate, uint8_t domain);
Status sponge_x4_squeeze(SpongeX4& s, size_t rate, uint8_t* const out[4], size_t len);

// sponge_squeeze with the permutation's 200-byte buffer and the rate as a
// template argument: four register arguments (Shake::squeeze with a
// scratch: on the M4 its callers pass no argument on the stack).
// Instantiated for the rates of Shake128 and Shake256 (shake.cpp).
template <size_t Rate>
Status sponge_squeeze_buf(Sponge& s, uint8_t* out, size_t len, KeccakState& scratch);

inline constexpr uint8_t kShakeDomain = 0x1F;  // "1111" suffix + first pad bit
inline constexpr uint8_t kSha3Domain = 0x06;   // "01" suffix + first pad bit
}  // namespace detail

// Extendable-output function: absorb* -> finalize -> squeeze*.
template <size_t Rate>
class Shake {
public:
    static constexpr size_t rate = Rate;
    Shake() { detail::sponge_reset(s_); }
    ~Shake() { detail::sponge_wipe(s_); }
    Shake(const Shake&) = default;
    Shake& operator=(const Shake&) = default;

    void reset() { detail::sponge_reset(s_); }
    // scratch (optional): a free 200-byte buffer for the permutation
    // (keccak_f1600_buf: the M4 then needs 200 bytes less stack).
    Status absorb(const uint8_t* in, size_t len, KeccakState* scratch = nullptr) {
        return scratch != nullptr ? detail::sponge_absorb(s_, Rate, in, len, *scratch)
                                  : detail::sponge_absorb(s_, Rate, in, len);
    }
    Status finalize() { return detail::sponge_finalize(s_, Rate, detail::kShakeDomain); }
    Status squeeze(uint8_t* out, size_t len, KeccakState* scratch = nullptr) {
        return scratch != nullptr ? detail::sponge_squeeze_buf<Rate>(s_, out, len, *scratch)
                                  : detail::sponge_squeeze(s_, Rate, out, len);
    }
    // The same, with a rider's whole blocks absorbed on the way (detail::Rider).
    Status squeeze(uint8_t* out, size_t len, detail::Rider& rider) {
        return detail::sponge_squeeze(s_, Rate, out, len, rider);
    }
    // out[0, len) to be squeezed riding along another sponge's squeezes (the
    // bytes left in the current block now); afterwards squeeze(rider.out, rider.len).
    detail::Rider rider_out(uint8_t* out, size_t len) {
        const size_t have = s_.phase == 1 ? Rate - s_.pos : 0;
        const size_t n = have < len ? have : len;
        if (n != 0) (void)squeeze(out, n);
        return detail::Rider{&s_, Rate, nullptr, len - n, out + n};
    }

private:
    detail::Sponge s_;
};

// Fixed-length hash: absorb* -> finalize(digest).
template <size_t Rate, size_t DigestBytes>
class Sha3 {
public:
    static constexpr size_t rate = Rate;
    static constexpr size_t digest_size = DigestBytes;
    Sha3() { detail::sponge_reset(s_); }
    ~Sha3() { detail::sponge_wipe(s_); }
    Sha3(const Sha3&) = default;
    Sha3& operator=(const Sha3&) = default;

    void reset() { detail::sponge_reset(s_); }
    Status absorb(const uint8_t* in, size_t len, KeccakState* scratch = nullptr) {
        return scratch != nullptr ? detail::sponge_absorb(s_, Rate, in, len, *scratch)
                                  : detail::sponge_absorb(s_, Rate, in, len);
    }
    // in[0, len) to be absorbed riding along another sponge's squeezes
    // (Shake::squeeze(out, len, rider)); afterwards absorb(rider.in, rider.len).
    detail::Rider rider(const uint8_t* in, size_t len) { return detail::Rider{&s_, Rate, in, len}; }
    // Writes digest_size bytes. A second call returns bad_argument.
    Status finalize(uint8_t* digest, KeccakState* scratch = nullptr) {
        if (digest == nullptr) return Status::bad_argument;
        const Status st = detail::sponge_finalize(s_, Rate, detail::kSha3Domain);
        if (st != Status::ok) return st;
        return scratch != nullptr ? detail::sponge_squeeze(s_, Rate, digest, DigestBytes, *scratch)
                                  : detail::sponge_squeeze(s_, Rate, digest, DigestBytes);
    }

private:
    detail::Sponge s_;
};

// Four SHAKE instances in lock-step (keccak_f1600_x4): every call takes four
// inputs (or outputs) of the same length.
template <size_t Rate>
class ShakeX4 {
public:
    static constexpr size_t rate = Rate;
    ShakeX4() { detail::sponge_x4_reset(s_); }
    ~ShakeX4() { detail::sponge_x4_wipe(s_); }
    ShakeX4(const ShakeX4&) = default;
    ShakeX4& operator=(const ShakeX4&) = default;

    void reset() { detail::sponge_x4_reset(s_); }
    Status absorb(const uint8_t* in0, const uint8_t* in1, const uint8_t* in2, const uint8_t* in3,
                  size_t len) {
        const uint8_t* const in[4] = {in0, in1, in2, in3};
        return detail::sponge_x4_absorb(s_, Rate, in, len);
    }
    Status finalize() { return detail::sponge_x4_finalize(s_, Rate, detail::kShakeDomain); }
    Status squeeze(uint8_t* out0, uint8_t* out1, uint8_t* out2, uint8_t* out3, size_t len) {
        uint8_t* const out[4] = {out0, out1, out2, out3};
        return detail::sponge_x4_squeeze(s_, Rate, out, len);
    }

private:
    detail::SpongeX4 s_;
};

using Shake128 = Shake<168>;
using Shake256 = Shake<136>;
using Sha3_256 = Sha3<136, 32>;
using Sha3_512 = Sha3<72, 64>;
using Shake128x4 = ShakeX4<168>;
using Shake256x4 = ShakeX4<136>;

// One-shot helpers (same statuses; nullptr is fine when its length is 0).
Status shake128(uint8_t* out, size_t outlen, const uint8_t* in, size_t inlen);
Status shake256(uint8_t* out, size_t outlen, const uint8_t* in, size_t inlen);
Status sha3_256(uint8_t out[32], const uint8_t* in, size_t inlen);
Status sha3_512(uint8_t out[64], const uint8_t* in, size_t inlen);
// The same with a free 200-byte buffer for the permutation (keccak_f1600_buf).
Status sha3_256(uint8_t out[32], const uint8_t* in, size_t inlen, KeccakState* scratch);
Status sha3_512(uint8_t out[64], const uint8_t* in, size_t inlen, KeccakState* scratch);

}  // namespace pqmcu::hash
