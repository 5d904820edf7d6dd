// SPDX-License-Identifier: Apache-2.0 OR MIT
// Constant-time check of the default (secret-handling) primitive paths: run
// under valgrind memcheck with every secret marked undefined, any branch or
// memory index that depends on a secret is reported and fails the test.
#include <cstdio>

#include "cipher/block_cipher.hpp"
#include "core/secure.hpp"
#include "hash/shake.hpp"
#include "rng/ctr_drbg.hpp"

namespace {
using namespace pqmcu;

template <class C>
int cipher_case(cipher::Backend backend) {
    uint8_t key[C::key_bytes], in[8 * C::block_bytes], out[8 * C::block_bytes];
    for (size_t i = 0; i < sizeof key; ++i) key[i] = uint8_t(7 * i + 1);
    for (size_t i = 0; i < sizeof in; ++i) in[i] = uint8_t(13 * i + 5);
    ct_poison(key, sizeof key);
    ct_poison(in, sizeof in);

    cipher::RoundKeys<C> ctx;
    if (cipher::key_schedule<C>(ctx, key, sizeof key) != Status::ok) return 1;  // CT key schedule
    for (size_t n = 1; n <= 8; n *= 2)
        if (cipher::encrypt<C>(ctx, in, out, n, backend) != Status::ok) return 1;
    const cipher::RoundKeys<C>* ctxs[8] = {&ctx, &ctx, &ctx, &ctx, &ctx, &ctx, &ctx, &ctx};
    if (cipher::encrypt_multi<C>(ctxs, in, out, 8, backend) != Status::ok) return 1;
    cipher::wipe<C>(ctx);
    ct_unpoison(out, sizeof out);  // ciphertexts are published
    return 0;
}

// Prepared keys on the bitsliced backend (fixsliced AES-128: one key and two
// keys per pass; pre-bitsliced Rijndael-256): secret keys, secret blocks.
int prepared_case() {
    using C = cipher::Aes128;
    uint8_t key[2][16], in[8 * 16], out[8 * 16];
    for (size_t i = 0; i < sizeof key; ++i) key[i / 16][i % 16] = uint8_t(5 * i + 3);
    for (size_t i = 0; i < sizeof in; ++i) in[i] = uint8_t(11 * i + 1);
    ct_poison(key, sizeof key);
    ct_poison(in, sizeof in);
    static cipher::PreparedKey<C> pk[2];
    if (cipher::prepare_key<C>(pk[0], key[0], 16) != Status::ok) return 1;
    if (cipher::prepare_key<C>(pk[1], key[1], 16) != Status::ok) return 1;
    for (size_t n = 1; n <= 8; n *= 2)
        if (cipher::encrypt<C>(pk[0], in, out, n, cipher::Backend::bitsliced) != Status::ok) return 1;
    const cipher::PreparedKey<C>* pks[8] = {&pk[0], &pk[1], &pk[1], &pk[0], &pk[0], &pk[0], &pk[1], &pk[1]};
    if (cipher::encrypt_multi<C>(pks, in, out, 8, cipher::Backend::bitsliced) != Status::ok) return 1;
    cipher::wipe<C>(pk[0]);
    cipher::wipe<C>(pk[1]);
    ct_unpoison(out, sizeof out);
    // Rijndael-256 over pre-bitsliced round keys
    using R = cipher::Rijndael256;
    uint8_t rkey[32], rin[2 * 32], rout[2 * 32];
    for (size_t i = 0; i < sizeof rkey; ++i) rkey[i] = uint8_t(3 * i + 9);
    for (size_t i = 0; i < sizeof rin; ++i) rin[i] = uint8_t(7 * i + 2);
    ct_poison(rkey, sizeof rkey);
    ct_poison(rin, sizeof rin);
    static cipher::PreparedKey<R> rpk;
    if (cipher::prepare_key<R>(rpk, rkey, 32) != Status::ok) return 1;
    if (cipher::encrypt<R>(rpk, rin, rout, 2, cipher::Backend::bitsliced) != Status::ok) return 1;
    cipher::wipe<R>(rpk);
    ct_unpoison(rout, sizeof rout);
    return 0;
}

int hash_case() {
    uint8_t secret[300], out[200];
    for (size_t i = 0; i < sizeof secret; ++i) secret[i] = uint8_t(i);
    ct_poison(secret, sizeof secret);
    if (hash::shake128(out, sizeof out, secret, sizeof secret) != Status::ok) return 1;
    if (hash::shake256(out, sizeof out, secret, sizeof secret) != Status::ok) return 1;
    if (hash::sha3_256(out, secret, sizeof secret) != Status::ok) return 1;
    if (hash::sha3_512(out, secret, sizeof secret) != Status::ok) return 1;
    hash::Shake128x4 x4;
    if (x4.absorb(secret, secret + 1, secret + 2, secret + 3, 200) != Status::ok) return 1;
    if (x4.finalize() != Status::ok) return 1;
    uint8_t o0[64], o1[64], o2[64], o3[64];
    if (x4.squeeze(o0, o1, o2, o3, 64) != Status::ok) return 1;
    return 0;
}

int drbg_case() {
    uint8_t entropy[48], out[100];
    for (size_t i = 0; i < sizeof entropy; ++i) entropy[i] = uint8_t(i);
    ct_poison(entropy, sizeof entropy);
    rng::CtrDrbg drbg;
    drbg.init(entropy);
    drbg.generate(out, sizeof out);
    drbg.generate(out, 17);
    return 0;
}
}  // namespace

int main() {
    int bad = 0;
    bad |= cipher_case<cipher::Aes128>(cipher::Backend::bitsliced);
    bad |= cipher_case<cipher::Aes256>(cipher::Backend::bitsliced);
    bad |= cipher_case<cipher::Rijndael256>(cipher::Backend::bitsliced);
    bad |= prepared_case();
    bad |= hash_case();
    bad |= drbg_case();
    std::puts(bad ? "ct_primitives: an operation failed" : "ct_primitives: done");
    return bad;
}
