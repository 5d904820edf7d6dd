// Constant-time bitsliced AES-128/256 (two blocks per pass) and
// Rijndael-256 (one block per pass) in 8 x 32-bit words. Round keys are
// taken from the plain expanded key and bitsliced on the fly, so one pass
// can mix blocks under different keys at no extra cost (MQOM's multi-key use).
#include <cstring>

#include "cipher/bitslice_ops.hpp"
#include "cipher/internal.hpp"
#include "core/bytes.hpp"
#include "core/secure.hpp"

namespace pqmcu::cipher {
namespace {

using bs::ror;

PQ_BS_INLINE void add_key(uint32_t s[8], const uint32_t k[8]) {
#pragma GCC unroll 8
    for (unsigned j = 0; j < 8; ++j) s[j] ^= k[j];
}

// Round key of round r for the two AES lanes (ka for block 0, kb for block 1).
PQ_BS_INLINE void pack_aes_rk(uint32_t k[8], const uint32_t* ka, const uint32_t* kb) {
#pragma GCC unroll 8
    for (unsigned c = 0; c < 4; ++c) {
        k[2 * c] = ka[c];
        k[2 * c + 1] = kb[c];
    }
    bs::transpose(k);
}

template <size_t NR>
void aes_pass(const uint32_t* ka, const uint32_t* kb, const uint8_t* in0, const uint8_t* in1, uint8_t* out0,
              uint8_t* out1) {
    uint32_t s[8], k[8];
#pragma GCC unroll 8
    for (unsigned c = 0; c < 4; ++c) {
        s[2 * c] = detail::ld32(in0 + 4 * c);
        s[2 * c + 1] = in1 ? detail::ld32(in1 + 4 * c) : 0;
    }
    bs::transpose(s);
    pack_aes_rk(k, ka, kb);
    add_key(s, k);
    for (size_t r = 1; r <= NR; ++r) {
        bs::sbox(s);
        uint32_t m = 0x0F0F0000u;
        __asm__("" : "+r"(m));  // materialise once per round, not once per word
#pragma GCC unroll 8
        for (unsigned j = 0; j < 8; ++j) s[j] = bs::aes_shift_rows_word(s[j], m);
        if (r != NR) bs::mix_columns(s);
        pack_aes_rk(k, ka + 4 * r, kb + 4 * r);
        add_key(s, k);
    }
    bs::transpose(s);
#pragma GCC unroll 8
    for (unsigned c = 0; c < 4; ++c) {
        detail::st32(out0 + 4 * c, s[2 * c]);
        if (out1) detail::st32(out1 + 4 * c, s[2 * c + 1]);
    }
    secure_wipe(s, sizeof s);
    secure_wipe(k, sizeof k);
}

void rijndael256_pass(const uint32_t* rk, const uint8_t* in, uint8_t* out) {
    uint32_t s[8], k[8];
#pragma GCC unroll 8
    for (unsigned c = 0; c < 8; ++c) s[c] = detail::ld32(in + 4 * c);
    bs::transpose(s);
    std::memcpy(k, rk, sizeof k);
    bs::transpose(k);
    add_key(s, k);
    for (size_t r = 1; r <= 14; ++r) {
        bs::sbox(s);
#pragma GCC unroll 8
        for (unsigned j = 0; j < 8; ++j) s[j] = bs::rotate_row_bytes<1, 3, 4>(s[j]);
        if (r != 14) bs::mix_columns(s);
        std::memcpy(k, rk + 8 * r, sizeof k);
        bs::transpose(k);
        add_key(s, k);
    }
    bs::transpose(s);
#pragma GCC unroll 8
    for (unsigned c = 0; c < 8; ++c) detail::st32(out + 4 * c, s[c]);
    secure_wipe(s, sizeof s);
    secure_wipe(k, sizeof k);
}

template <class C>
void aes_blocks(detail::KeyList<C> keys, const uint8_t* in, uint8_t* out, size_t n) {
    size_t i = 0;
    for (; i + 2 <= n; i += 2)
        aes_pass<C::rounds>(keys.at(i).w, keys.at(i + 1).w, in + 16 * i, in + 16 * (i + 1), out + 16 * i,
                            out + 16 * (i + 1));
    if (i < n) aes_pass<C::rounds>(keys.at(i).w, keys.at(i).w, in + 16 * i, nullptr, out + 16 * i, nullptr);
}

}  // namespace

namespace bitsliced {

template <>
void encrypt<Aes128>(detail::KeyList<Aes128> keys, const uint8_t* in, uint8_t* out, size_t n) {
    aes_blocks<Aes128>(keys, in, out, n);
}
template <>
void encrypt<Aes256>(detail::KeyList<Aes256> keys, const uint8_t* in, uint8_t* out, size_t n) {
    aes_blocks<Aes256>(keys, in, out, n);
}
template <>
void encrypt<Rijndael256>(detail::KeyList<Rijndael256> keys, const uint8_t* in, uint8_t* out, size_t n) {
    for (size_t i = 0; i < n; ++i) rijndael256_pass(keys.at(i).w, in + 32 * i, out + 32 * i);
}

}  // namespace bitsliced

namespace detail {

uint32_t sub_word_ct(uint32_t w) {
    uint32_t x[8] = {w, 0, 0, 0, 0, 0, 0, 0};
    bs::transpose(x);
    bs::sbox(x);
    bs::transpose(x);
    const uint32_t r = x[0];
    secure_wipe(x, sizeof x);
    return r;
}

}  // namespace detail
}  // namespace pqmcu::cipher
