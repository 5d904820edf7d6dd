// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "cipher/modes.hpp"

#include <cstring>

#include "core/secure.hpp"

namespace pqmcu::cipher {

Status aes128_ctr_xor(const Aes128Ctx& ctx, const uint8_t* iv, const uint8_t* in, uint8_t* out, size_t len,
                      Backend b) {
    if (len == 0) return Status::ok;
    if (!out) return Status::bad_argument;
    constexpr size_t kBatch = 8;  // blocks per call: fills the bitsliced and AES-NI pipelines
    uint8_t ctr[16];
    uint8_t buf[kBatch * 16];
    if (iv) std::memcpy(ctr, iv, 16); else std::memset(ctr, 0, 16);
    Status st = Status::ok;
    for (size_t done = 0; done < len && st == Status::ok;) {
        const size_t chunk = len - done < sizeof buf ? len - done : sizeof buf;
        const size_t nb = (chunk + 15) / 16;
        for (size_t i = 0; i < nb; ++i) {
            std::memcpy(buf + 16 * i, ctr, 16);
            for (int k = 15; k >= 0 && ++ctr[k] == 0; --k) {
            }
        }
        st = encrypt<Aes128>(ctx, buf, buf, nb, b);
        for (size_t i = 0; i < chunk; ++i) out[done + i] = uint8_t(buf[i] ^ (in ? in[done + i] : 0));
        done += chunk;
    }
    secure_wipe(buf, sizeof buf);
    secure_wipe(ctr, sizeof ctr);
    return st;
}

Status aes128_ctr(const uint8_t* key, size_t key_len, uint8_t* out, size_t len, Backend b) {
    Aes128Ctx ctx;
    Status st = key_schedule<Aes128>(ctx, key, key_len);
    if (st == Status::ok) st = aes128_ctr_xor(ctx, nullptr, nullptr, out, len, b);
    wipe(ctx);
    return st;
}

namespace mqom_cat3 {
namespace {
template <Status (*KS)(Rijndael256Ctx&, const uint8_t*, size_t)>
Status padded_schedule(Rijndael256Ctx& ctx, const uint8_t* key, size_t key_len) {
    if (key_len != key_bytes) return Status::bad_length;
    if (!key) return Status::bad_argument;
    uint8_t k[32] = {};
    std::memcpy(k, key, key_bytes);
    const Status st = KS(ctx, k, sizeof k);
    secure_wipe(k, sizeof k);
    return st;
}

// Pads up to 8 blocks into 32-byte Rijndael blocks, encrypts, truncates.
template <class F>
Status padded_blocks(const uint8_t* in, uint8_t* out, size_t nblocks, F enc) {
    if (nblocks == 0) return Status::ok;
    if (!in || !out) return Status::bad_argument;
    uint8_t buf[8 * 32];
    Status st = Status::ok;
    for (size_t i = 0; i < nblocks && st == Status::ok; i += 8) {
        const size_t m = nblocks - i < 8 ? nblocks - i : 8;
        std::memset(buf, 0, sizeof buf);
        for (size_t j = 0; j < m; ++j) std::memcpy(buf + 32 * j, in + 24 * (i + j), 24);
        st = enc(i, buf, m);
        if (st == Status::ok)
            for (size_t j = 0; j < m; ++j) std::memcpy(out + 24 * (i + j), buf + 32 * j, 24);
    }
    secure_wipe(buf, sizeof buf);
    return st;
}
}  // namespace

Status key_schedule(Rijndael256Ctx& ctx, const uint8_t* key, size_t key_len) {
    return padded_schedule<cipher::key_schedule<Rijndael256>>(ctx, key, key_len);
}
Status key_schedule_public(Rijndael256Ctx& ctx, const uint8_t* key, size_t key_len) {
    return padded_schedule<cipher::key_schedule_public<Rijndael256>>(ctx, key, key_len);
}
Status encrypt(const Rijndael256Ctx& ctx, const uint8_t* in, uint8_t* out, size_t nblocks, Backend b) {
    return padded_blocks(in, out, nblocks, [&](size_t, uint8_t* buf, size_t m) {
        return cipher::encrypt<Rijndael256>(ctx, buf, buf, m, b);
    });
}
Status encrypt_multi(const Rijndael256Ctx* const* ctxs, const uint8_t* in, uint8_t* out, size_t nblocks,
                     Backend b) {
    if (nblocks > 8 || (nblocks && !ctxs)) return Status::bad_argument;
    return padded_blocks(in, out, nblocks, [&](size_t i, uint8_t* buf, size_t m) {
        return cipher::encrypt_multi<Rijndael256>(ctxs + i, buf, buf, m, b);
    });
}
}  // namespace mqom_cat3

}  // namespace pqmcu::cipher
