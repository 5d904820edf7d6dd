// SPDX-License-Identifier: Apache-2.0 OR MIT
// Cortex-M4 benchmark operations of the block ciphers, named after the rows
// of shared/anchors/mqom-paper-rijndael.csv: <cipher>_<bs|table>_<keysched|x1|x2|x4>.
// keysched = one public (table) key schedule, as MQOM schedules public salts.
// xN = N blocks each under its own, already scheduled key (MQOM's x2/x4 calls).
// aes128_fs_*: fixsliced AES-128 over prepared keys (the key-schedule cache):
// prepare = from the expanded key, prepare_key = public schedule + prepare,
// xN = N blocks under one prepared key, xN_multi = each under its own.
// rijndael256_sliced_*: Rijndael-256 over prepared round keys (M4: generated
// assembly rijndael256_fs_m4.S); x2_multi = two blocks under two prepared keys.
// rijndael256_bs_x*: over expanded keys, each round key sliced on the fly
// (M4: the same file's second entry point).
#include "bench_ops.hpp"
#include "cipher/block_cipher.hpp"

namespace {
namespace cph = pqmcu::cipher;
using cph::Backend;

#if defined(PQMCU_AES_TABLE_IN_RAM)
constexpr const char* kTableTag = "aes_table";
#else
constexpr const char* kTableTag = nullptr;
#endif

cph::Aes128Ctx g_aes[4];
// The bench firmware's static RAM is at its limit: the Rijndael-256 and the
// prepared AES-128 keys share storage (each row's setup fills its own).
union {
    cph::Rijndael256Ctx r256[4];
    cph::PreparedKey<cph::Aes128> fs[4];
    struct {
        cph::PreparedKey<cph::Rijndael256> p[2];  // over r256[0..1] (480 B each on the M4)
        cph::Rijndael256Ctx src[2];               // over r256[2..3]
    } r256p;
} g_keys;
cph::Rijndael256Ctx* const g_r256 = g_keys.r256;
cph::PreparedKey<cph::Aes128>* const g_fs = g_keys.fs;
const cph::Aes128Ctx* g_aes_ptr[4];
const cph::PreparedKey<cph::Aes128>* g_fs_ptr[4];
const cph::Rijndael256Ctx* g_r256_ptr[4];
uint8_t g_key[4][32];
uint8_t g_in[4 * 32];
uint8_t g_out[4 * 32];

void setup() {
    for (unsigned k = 0; k < 4; ++k)
        for (unsigned i = 0; i < 32; ++i) g_key[k][i] = uint8_t(31 * k + 7 * i + 3);
    for (unsigned i = 0; i < sizeof g_in; ++i) g_in[i] = uint8_t(i * 13 + 5);
    for (unsigned k = 0; k < 4; ++k) {
        g_aes_ptr[k] = &g_aes[k];
        g_fs_ptr[k] = &g_fs[k];
        g_r256_ptr[k] = &g_r256[k];
        cph::key_schedule_public<cph::Aes128>(g_aes[k], g_key[k], 16);
        cph::key_schedule_public<cph::Rijndael256>(g_r256[k], g_key[k], 32);
    }
}

void aes_ks() { cph::key_schedule_public<cph::Aes128>(g_aes[0], g_key[0], 16); }
void setup_fs() {
    setup();
    for (unsigned k = 0; k < 4; ++k) cph::prepare<cph::Aes128>(g_fs[k], g_aes[k]);
}
void fs_prepare() { cph::prepare<cph::Aes128>(g_fs[0], g_aes[0]); }
void fs_prepare_key() { cph::prepare_key_public<cph::Aes128>(g_fs[0], g_key[0], 16); }
template <size_t N, bool Multi>
void fs_enc() {
    if constexpr (Multi) cph::encrypt_multi<cph::Aes128>(g_fs_ptr, g_in, g_out, N);
    else cph::encrypt<cph::Aes128>(g_fs[0], g_in, g_out, N);
}
void setup_r256p() {
    setup();
    cph::key_schedule_public<cph::Rijndael256>(g_keys.r256p.src[0], g_key[0], 32);
    cph::Rijndael256Ctx rk;
    cph::key_schedule_public<cph::Rijndael256>(rk, g_key[0], 32);
    cph::prepare<cph::Rijndael256>(g_keys.r256p.p[0], rk);
}
void r256_prepare() { cph::prepare<cph::Rijndael256>(g_keys.r256p.p[1], g_keys.r256p.src[0]); }
template <size_t N>
void r256_prepared_enc() {
    cph::encrypt<cph::Rijndael256>(g_keys.r256p.p[0], g_in, g_out, N);
}
const cph::PreparedKey<cph::Rijndael256>* g_r256p_ptr[2];
void setup_r256p2() {
    setup_r256p();
    cph::prepare<cph::Rijndael256>(g_keys.r256p.p[1], g_keys.r256p.src[0]);
    g_r256p_ptr[0] = &g_keys.r256p.p[0];
    g_r256p_ptr[1] = &g_keys.r256p.p[1];
}
void r256_prepared_multi2() { cph::encrypt_multi<cph::Rijndael256>(g_r256p_ptr, g_in, g_out, 2); }
void r256_ks() { cph::key_schedule_public<cph::Rijndael256>(g_r256[0], g_key[0], 32); }

template <Backend B, size_t N>
void aes_enc() {
    if constexpr (N == 1) cph::encrypt<cph::Aes128>(g_aes[0], g_in, g_out, 1, B);
    else cph::encrypt_multi<cph::Aes128>(g_aes_ptr, g_in, g_out, N, B);
}
template <Backend B, size_t N>
void r256_enc() {
    if constexpr (N == 1) cph::encrypt<cph::Rijndael256>(g_r256[0], g_in, g_out, 1, B);
    else cph::encrypt_multi<cph::Rijndael256>(g_r256_ptr, g_in, g_out, N, B);
}

}  // namespace

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(cipher_ops, "cipher",
                  {{"aes128_bs_keysched", setup, aes_ks, nullptr},
                   {"aes128_bs_x1", setup, aes_enc<Backend::bitsliced, 1>, nullptr},
                   {"aes128_bs_x2", setup, aes_enc<Backend::bitsliced, 2>, nullptr},
                   {"aes128_bs_x4", setup, aes_enc<Backend::bitsliced, 4>, nullptr},
                   {"aes128_fs_prepare", setup_fs, fs_prepare, nullptr},
                   {"aes128_fs_prepare_key", setup_fs, fs_prepare_key, nullptr},
                   {"aes128_fs_x1", setup_fs, fs_enc<1, false>, nullptr},
                   {"aes128_fs_x2", setup_fs, fs_enc<2, false>, nullptr},
                   {"aes128_fs_x4", setup_fs, fs_enc<4, false>, nullptr},
                   {"aes128_fs_x2_multi", setup_fs, fs_enc<2, true>, nullptr},
                   {"aes128_fs_x4_multi", setup_fs, fs_enc<4, true>, nullptr},
                   {"aes128_table_keysched", setup, aes_ks, nullptr},
                   {"aes128_table_x1", setup, aes_enc<Backend::table_not_ct, 1>, kTableTag},
                   {"aes128_table_x2", setup, aes_enc<Backend::table_not_ct, 2>, kTableTag},
                   {"aes128_table_x4", setup, aes_enc<Backend::table_not_ct, 4>, kTableTag},
                   {"rijndael256_bs_keysched", setup, r256_ks, nullptr},
                   {"rijndael256_bs_x1", setup, r256_enc<Backend::bitsliced, 1>, nullptr},
                   {"rijndael256_bs_x2", setup, r256_enc<Backend::bitsliced, 2>, nullptr},
                   {"rijndael256_bs_x4", setup, r256_enc<Backend::bitsliced, 4>, nullptr},
                   {"rijndael256_sliced_prepare", setup_r256p, r256_prepare, nullptr},
                   {"rijndael256_sliced_x1", setup_r256p, r256_prepared_enc<1>, nullptr},
                   {"rijndael256_sliced_x2", setup_r256p, r256_prepared_enc<2>, nullptr},
                   {"rijndael256_sliced_x4", setup_r256p, r256_prepared_enc<4>, nullptr},
                   {"rijndael256_sliced_x2_multi", setup_r256p2, r256_prepared_multi2, nullptr},
                   {"rijndael256_table_keysched", setup, r256_ks, nullptr},
                   {"rijndael256_table_x1", setup, r256_enc<Backend::table_not_ct, 1>, kTableTag},
                   {"rijndael256_table_x2", setup, r256_enc<Backend::table_not_ct, 2>, kTableTag},
                   {"rijndael256_table_x4", setup, r256_enc<Backend::table_not_ct, 4>, kTableTag}});
}  // namespace pqmcu::bench
