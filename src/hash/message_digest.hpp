// SPDX-License-Identifier: Apache-2.0 OR MIT
// The incremental message digest of a hash-then-sign scheme: XOF(prefix ||
// msg) squeezed to DigestBytes, absorbed in any chunks (the same digest for
// any split of the message). A scheme's `MessageDigest` is one of these;
// its `sign_digest` / `verify_digest` take the final bytes, and `sign(msg)`
// is `sign_digest(digest(msg))`.
//
//   S::MessageDigest md;          // init() on construction
//   md.absorb(chunk, n);  ...     // any number of chunks
//   uint8_t d[S::message_digest_bytes];
//   md.final(d);                  // then init() to start a new message
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/status.hpp"
#include "hash/shake.hpp"

namespace pqmcu::hash {

// Prefix: a domain byte absorbed before the message, or -1 for none.
template <class Xof, size_t DigestBytes, int Prefix = -1>
class MessageDigest {
public:
    static constexpr size_t digest_bytes = DigestBytes;
    MessageDigest() { init(); }
    void init() {
        xof_.reset();
        if constexpr (Prefix >= 0) {
            const uint8_t b = uint8_t(Prefix);
            (void)xof_.absorb(&b, 1);
        }
    }
    // bad_argument: nullptr with len != 0, or absorb after final.
    Status absorb(const uint8_t* in, size_t len) { return xof_.absorb(in, len); }
    Status final(uint8_t* digest) {
        if (digest == nullptr) return Status::bad_argument;
        Status st = xof_.finalize();
        if (st == Status::ok) st = xof_.squeeze(digest, DigestBytes);
        return st;
    }
    // The whole message at once. Out of line: the sponge state is on the
    // stack only while hashing, not under the signer's deep frames (M4).
    __attribute__((noinline)) static Status compute(const uint8_t* msg, size_t mlen, uint8_t* digest) {
        MessageDigest md;
        const Status st = md.absorb(msg, mlen);
        return st == Status::ok ? md.final(digest) : st;
    }

private:
    Xof xof_;
};

}  // namespace pqmcu::hash
