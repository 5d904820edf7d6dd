// SPDX-License-Identifier: Apache-2.0 OR MIT
// Block cipher tests: every known-answer vector through every backend in the
// build (x1, x2, x4, x8 and multi-key paths), agreement between backends on
// pseudo-random inputs, and the error statuses. Runs on host and M4.
#include <cstring>

#include "cipher/block_cipher.hpp"
#include "cipher/ctr_table_not_ct.hpp"
#include "cipher/modes.hpp"
#include "support/check.hpp"
#include "vectors/aes128.hpp"
#include "vectors/aes128_ctr.hpp"
#include "vectors/mqom_enc192.hpp"
#include "vectors/rijndael256.hpp"

namespace {
using pqmcu::Status;
using pqmcu::test::Context;
using pqmcu::vectors::VecFile;
namespace cph = pqmcu::cipher;
using cph::Backend;

constexpr Backend kBackends[] = {Backend::automatic, Backend::bitsliced, Backend::table_not_ct,
                                 Backend::aesni,     Backend::vaes,      Backend::external};
constexpr size_t kWidths[] = {1, 2, 4, 8};

// Deterministic filler (xorshift32), so host and M4 see the same data.
struct Rand {
    uint32_t s;
    uint8_t byte() {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        return uint8_t(s >> 24);
    }
    void fill(uint8_t* p, size_t n) {
        for (size_t i = 0; i < n; ++i) p[i] = byte();
    }
};

// Contexts are large (Rijndael-256: 480 bytes each): keep them off the stack.
template <class C>
struct Scratch {
    static cph::RoundKeys<C> ks[9];
};
template <class C>
cph::RoundKeys<C> Scratch<C>::ks[9];

// The emulated engine is installed for the duration of a case.
struct EngineGuard {
    cph::EmulatedAesEngine engine{};
    EngineGuard() {
        const cph::ExternalAes128 hook = cph::emulated_engine_hook(engine);
        cph::set_external_aes128(&hook);
    }
    ~EngineGuard() { cph::set_external_aes128(nullptr); }
};

// Every KAT entry of `file` through both key schedules and every backend,
// single-key x1/x2/x4/x8 and multi-key x2/x4/x8 (block i uses entry e+i).
template <class C>
void check_kat(Context& ctx, const VecFile& file) {
    constexpr size_t B = C::block_bytes;
    auto* ks = Scratch<C>::ks;
    uint8_t in[8 * B], out[8 * B], want[8 * B];
    PQ_CHECK(ctx, file.count > 8);
    for (size_t e = 0; e < file.count; ++e) {
        const auto& v = file.entries[e];
        const auto *key = v.get("key"), *pt = v.get("pt"), *ct = v.get("ct");
        PQ_CHECK(ctx, key && pt && ct && key->len == C::key_bytes && pt->len == B && ct->len == B);
        if (!key || !pt || !ct || key->len != C::key_bytes) return;
        PQ_CHECK(ctx, cph::key_schedule<C>(ks[0], key->bytes, key->len) == Status::ok);
        PQ_CHECK(ctx, cph::key_schedule_public<C>(ks[1], key->bytes, key->len) == Status::ok);
        PQ_CHECK_BYTES(ctx, ks[0].w, ks[1].w, sizeof ks[0].w);
        // Multi-key group: entries e, e+1, ... (wrapping).
        for (size_t i = 0; i < 8; ++i) {
            const auto& vi = file.entries[(e + i) % file.count];
            cph::key_schedule_public<C>(ks[1 + i], vi.get("key")->bytes, C::key_bytes);
            std::memcpy(in + B * i, vi.get("pt")->bytes, B);
            std::memcpy(want + B * i, vi.get("ct")->bytes, B);
        }
        const cph::RoundKeys<C>* ptrs[8];
        for (size_t i = 0; i < 8; ++i) ptrs[i] = &ks[1 + i];
        for (Backend b : kBackends) {
            if (!cph::backend_available<C>(b)) continue;
            for (size_t n : kWidths) {
                // one key for all n blocks: every block is this entry's plaintext
                for (size_t i = 0; i < n; ++i) std::memcpy(in + B * i, pt->bytes, B);
                std::memset(out, 0xAA, sizeof out);
                Status st = n == 1   ? cph::encrypt_x1<C>(ks[0], in, out, b)
                            : n == 2 ? cph::encrypt_x2<C>(ks[0], in, out, b)
                            : n == 4 ? cph::encrypt_x4<C>(ks[0], in, out, b)
                                     : cph::encrypt_x8<C>(ks[0], in, out, b);
                PQ_CHECK(ctx, st == Status::ok);
                for (size_t i = 0; i < n; ++i) PQ_CHECK_BYTES(ctx, out + B * i, ct->bytes, B);
                // one key per block
                for (size_t i = 0; i < n; ++i)
                    std::memcpy(in + B * i, file.entries[(e + i) % file.count].get("pt")->bytes, B);
                std::memset(out, 0xAA, sizeof out);
                st = n == 1   ? cph::encrypt_multi<C>(ptrs, in, out, 1, b)
                     : n == 2 ? cph::encrypt_x2_multi<C>(ptrs, in, out, b)
                     : n == 4 ? cph::encrypt_x4_multi<C>(ptrs, in, out, b)
                              : cph::encrypt_x8_multi<C>(ptrs, in, out, b);
                PQ_CHECK(ctx, st == Status::ok);
                PQ_CHECK_BYTES(ctx, out, want, B * n);
            }
        }
    }
}

// The same KAT entries through prepared keys (the fixsliced path for
// AES-128 on Backend::bitsliced): x1/x2/x4/x8 under one key, multi-key
// x1..x8 (lane 0 and lane 1 under different keys, and pairs that share a
// key), every backend, and the expanded key recovered from the prepared one.
template <class C>
void check_prepared_kat(Context& ctx, const VecFile& file) {
    constexpr size_t B = C::block_bytes;
    static cph::PreparedKey<C> pk[9];
    auto* ks = Scratch<C>::ks;
    uint8_t in[8 * B], out[8 * B], want[8 * B];
    for (size_t e = 0; e < file.count; ++e) {
        const auto& v = file.entries[e];
        const auto *key = v.get("key"), *pt = v.get("pt"), *ct = v.get("ct");
        if (!key || !pt || !ct || key->len != C::key_bytes) {
            PQ_CHECK(ctx, false);
            return;
        }
        PQ_CHECK(ctx, cph::prepare_key<C>(pk[0], key->bytes, key->len) == Status::ok);
        PQ_CHECK(ctx, cph::key_schedule<C>(ks[0], key->bytes, key->len) == Status::ok);
        cph::round_keys<C>(pk[0], ks[1]);
        PQ_CHECK_BYTES(ctx, ks[0].w, ks[1].w, sizeof ks[0].w);
        // multi-key group: entries e, e+1, ...; odd/even pattern "a a b c ..." also
        // exercises a pair under one key.
        const cph::PreparedKey<C>* ptrs[8];
        const cph::PreparedKey<C>* shared[8];
        uint8_t want_shared[8 * B];
        for (size_t i = 0; i < 8; ++i) {
            const auto& vi = file.entries[(e + i) % file.count];
            PQ_CHECK(ctx, cph::prepare_key_public<C>(pk[1 + i], vi.get("key")->bytes, C::key_bytes) == Status::ok);
            ptrs[i] = &pk[1 + i];
            std::memcpy(in + B * i, vi.get("pt")->bytes, B);
            std::memcpy(want + B * i, vi.get("ct")->bytes, B);
        }
        for (size_t i = 0; i < 8; ++i) {
            shared[i] = ptrs[i == 1 ? 0 : i];
            cph::RoundKeys<C> rk;
            cph::round_keys<C>(*shared[i], rk);
            PQ_CHECK(ctx, cph::encrypt<C>(rk, in + B * i, want_shared + B * i, 1, Backend::table_not_ct) == Status::ok);
        }
        for (Backend b : kBackends) {
            if (!cph::backend_available<C>(b)) continue;
            for (size_t n : kWidths) {
                uint8_t one[8 * B];
                for (size_t i = 0; i < n; ++i) std::memcpy(one + B * i, pt->bytes, B);
                std::memset(out, 0xAA, sizeof out);
                Status st = n == 1   ? cph::encrypt_x1<C>(pk[0], one, out, b)
                            : n == 2 ? cph::encrypt_x2<C>(pk[0], one, out, b)
                            : n == 4 ? cph::encrypt_x4<C>(pk[0], one, out, b)
                                     : cph::encrypt_x8<C>(pk[0], one, out, b);
                PQ_CHECK(ctx, st == Status::ok);
                for (size_t i = 0; i < n; ++i) PQ_CHECK_BYTES(ctx, out + B * i, ct->bytes, B);
                std::memset(out, 0xAA, sizeof out);
                PQ_CHECK(ctx, cph::encrypt_multi<C>(ptrs, in, out, n, b) == Status::ok);
                PQ_CHECK_BYTES(ctx, out, want, B * n);
                std::memset(out, 0xAA, sizeof out);
                PQ_CHECK(ctx, cph::encrypt_multi<C>(shared, in, out, n, b) == Status::ok);
                PQ_CHECK_BYTES(ctx, out, want_shared, B * n);
                // in place, odd counts
                std::memcpy(out, in, sizeof out);
                PQ_CHECK(ctx, cph::encrypt_multi<C>(ptrs, out, out, n - 1 + (n == 1), b) == Status::ok);
                PQ_CHECK_BYTES(ctx, out, want, B * (n - 1 + (n == 1)));
            }
        }
    }
    cph::wipe(pk[0]);
    uint32_t acc = 0;
    const auto* p = reinterpret_cast<const uint8_t*>(&pk[0]);
    for (size_t i = 0; i < sizeof pk[0]; ++i) acc |= p[i];
    PQ_CHECK_EQ(ctx, acc, 0u);
}

void prepared_kat(Context& ctx) {
    EngineGuard g;
    check_prepared_kat<cph::Aes128>(ctx, pqmcu::vectors::aes128);
    check_prepared_kat<cph::Rijndael256>(ctx, pqmcu::vectors::rijndael256);
}

// Prepared keys agree with the expanded-key path on random keys and blocks
// (AES-128, n = 1..8, one key and one key per block).
void prepared_agree(Context& ctx) {
    static cph::PreparedKey<cph::Aes128> pk[8];
    auto* ks = Scratch<cph::Aes128>::ks;
    Rand rnd{0x5EED1234u};
    uint8_t key[16], in[8 * 16], ref[8 * 16], out[8 * 16];
    for (int round = 0; round < 8; ++round) {
        const cph::PreparedKey<cph::Aes128>* pp[8];
        const cph::Aes128Ctx* kp[8];
        for (size_t i = 0; i < 8; ++i) {
            rnd.fill(key, sizeof key);
            cph::key_schedule<cph::Aes128>(ks[i], key, 16);
            cph::prepare<cph::Aes128>(pk[i], ks[i]);
            pp[i] = &pk[i];
            kp[i] = &ks[i];
        }
        rnd.fill(in, sizeof in);
        for (size_t n = 1; n <= 8; ++n) {
            PQ_CHECK(ctx, cph::encrypt<cph::Aes128>(ks[0], in, ref, n, Backend::table_not_ct) == Status::ok);
            PQ_CHECK(ctx, cph::encrypt<cph::Aes128>(pk[0], in, out, n, Backend::bitsliced) == Status::ok);
            PQ_CHECK_BYTES(ctx, out, ref, 16 * n);
            PQ_CHECK(ctx, cph::encrypt_multi<cph::Aes128>(kp, in, ref, n, Backend::table_not_ct) == Status::ok);
            PQ_CHECK(ctx, cph::encrypt_multi<cph::Aes128>(pp, in, out, n) == Status::ok);
            PQ_CHECK_BYTES(ctx, out, ref, 16 * n);
        }
    }
    const cph::PreparedKey<cph::Aes128>* bad[9] = {&pk[0], &pk[0], &pk[0], &pk[0], &pk[0],
                                                   &pk[0], &pk[0], &pk[0], &pk[0]};
    PQ_CHECK(ctx, cph::encrypt_multi<cph::Aes128>(bad, in, out, 9) == Status::bad_argument);
    PQ_CHECK(ctx, cph::encrypt<cph::Aes128>(pk[0], nullptr, out, 1) == Status::bad_argument);
    PQ_CHECK(ctx, cph::encrypt<cph::Aes128>(pk[0], in, out, 0) == Status::ok);
    PQ_CHECK(ctx, cph::prepare_key<cph::Aes128>(pk[0], key, 15) == Status::bad_length);
    PQ_CHECK(ctx, cph::prepare_key_public<cph::Aes128>(pk[0], nullptr, 16) == Status::bad_argument);
    bad[3] = nullptr;
    PQ_CHECK(ctx, cph::encrypt_multi<cph::Aes128>(bad, in, out, 4) == Status::bad_argument);
}

void aes128_kat(Context& ctx) {
    EngineGuard g;
    check_kat<cph::Aes128>(ctx, pqmcu::vectors::aes128);
    PQ_CHECK(ctx, g.engine.set_key_calls > 0 && g.engine.blocks > 0);
}

void rijndael256_kat(Context& ctx) { check_kat<cph::Rijndael256>(ctx, pqmcu::vectors::rijndael256); }

// FIPS-197 Appendix C.3 (AES-256); the DRBG tests cover AES-256 further.
void aes256_fips197(Context& ctx) {
    uint8_t key[32], pt[16], out[16];
    for (int i = 0; i < 32; ++i) key[i] = uint8_t(i);
    for (int i = 0; i < 16; ++i) pt[i] = uint8_t(0x11 * i);
    const uint8_t ct[16] = {0x8E, 0xA2, 0xB7, 0xCA, 0x51, 0x67, 0x45, 0xBF,
                            0xEA, 0xFC, 0x49, 0x90, 0x4B, 0x49, 0x60, 0x89};
    cph::Aes256Ctx ks;
    PQ_CHECK(ctx, cph::key_schedule<cph::Aes256>(ks, key, 32) == Status::ok);
    for (Backend b : kBackends) {
        if (!cph::backend_available<cph::Aes256>(b)) continue;
        std::memset(out, 0, sizeof out);
        PQ_CHECK(ctx, cph::encrypt_x1<cph::Aes256>(ks, pt, out, b) == Status::ok);
        PQ_CHECK_BYTES(ctx, out, ct, 16);
    }
    cph::wipe(ks);
    uint32_t acc = 0;
    for (uint32_t w : ks.w) acc |= w;
    PQ_CHECK_EQ(ctx, acc, 0u);
}

// All backends agree with bitsliced on random keys/blocks, n = 1..9 blocks,
// single-key and multi-key, including in-place operation.
template <class C>
void cross_check(Context& ctx, uint32_t seed) {
    constexpr size_t B = C::block_bytes;
    auto* ks = Scratch<C>::ks;
    Rand rnd{seed};
    // Single-key runs up to 20 blocks (the x86 VAES zmm path: 16 in flight,
    // masked tails), multi-key runs up to 8.
    uint8_t key[C::key_bytes], in[20 * B], ref[20 * B], out[20 * B];
    for (int round = 0; round < 3; ++round) {
        for (size_t i = 0; i < 9; ++i) {
            rnd.fill(key, sizeof key);
            cph::key_schedule<C>(ks[i], key, sizeof key);
        }
        rnd.fill(in, sizeof in);
        const cph::RoundKeys<C>* ptrs[9] = {&ks[0], &ks[1], &ks[2], &ks[3], &ks[4],
                                            &ks[5], &ks[6], &ks[7], &ks[8]};
        for (size_t n = 1; n <= 20; ++n) {
            PQ_CHECK(ctx, cph::encrypt<C>(ks[0], in, ref, n, Backend::bitsliced) == Status::ok);
            for (Backend b : kBackends) {
                if (!cph::backend_available<C>(b)) continue;
                std::memcpy(out, in, n * B);
                PQ_CHECK(ctx, cph::encrypt<C>(ks[0], out, out, n, b) == Status::ok);
                PQ_CHECK_BYTES(ctx, out, ref, n * B);
            }
            if (n > 8) continue;
            PQ_CHECK(ctx, cph::encrypt_multi<C>(ptrs, in, ref, n, Backend::bitsliced) == Status::ok);
            for (size_t i = 0; i < n; ++i) {  // multi-key == one call per key
                PQ_CHECK(ctx, cph::encrypt<C>(ks[i], in + B * i, out + B * i, 1, Backend::table_not_ct) == Status::ok);
            }
            PQ_CHECK_BYTES(ctx, out, ref, n * B);
            for (Backend b : kBackends) {
                if (!cph::backend_available<C>(b)) continue;
                std::memset(out, 0, sizeof out);
                PQ_CHECK(ctx, cph::encrypt_multi<C>(ptrs, in, out, n, b) == Status::ok);
                PQ_CHECK_BYTES(ctx, out, ref, n * B);
            }
        }
    }
}

void backends_agree(Context& ctx) {
    EngineGuard g;
    cross_check<cph::Aes128>(ctx, 0x12345678u);
    cross_check<cph::Aes256>(ctx, 0x9E3779B9u);
    cross_check<cph::Rijndael256>(ctx, 0xC0FFEE01u);
}

void mqom_cat3_kat(Context& ctx) {
    const VecFile& f = pqmcu::vectors::mqom_enc192;
    auto* ks = Scratch<cph::Rijndael256>::ks;
    PQ_CHECK(ctx, f.count > 8);
    uint8_t in[8 * 24], out[8 * 24], want[8 * 24];
    for (size_t e = 0; e < f.count; ++e) {
        const auto& v = f.entries[e];
        const auto *key = v.get("key"), *pt = v.get("pt"), *ct = v.get("ct");
        PQ_CHECK(ctx, key && pt && ct && key->len == 24 && pt->len == 24 && ct->len == 24);
        if (!key || !pt || !ct) return;
        PQ_CHECK(ctx, cph::mqom_cat3::key_schedule(ks[0], key->bytes, key->len) == Status::ok);
        const cph::Rijndael256Ctx* ptrs[8];
        for (size_t i = 0; i < 8; ++i) {
            const auto& vi = f.entries[(e + i) % f.count];
            PQ_CHECK(ctx, cph::mqom_cat3::key_schedule_public(ks[1 + i], vi.get("key")->bytes, 24) == Status::ok);
            ptrs[i] = &ks[1 + i];
            std::memcpy(in + 24 * i, vi.get("pt")->bytes, 24);
            std::memcpy(want + 24 * i, vi.get("ct")->bytes, 24);
        }
        for (Backend b : kBackends) {
            if (!cph::backend_available<cph::Rijndael256>(b)) continue;
            PQ_CHECK(ctx, cph::mqom_cat3::encrypt(ks[0], pt->bytes, out, 1, b) == Status::ok);
            PQ_CHECK_BYTES(ctx, out, ct->bytes, 24);
            for (size_t n : kWidths) {  // multi-key x1 .. x8
                std::memset(out, 0, sizeof out);
                PQ_CHECK(ctx, cph::mqom_cat3::encrypt_multi(ptrs, in, out, n, b) == Status::ok);
                PQ_CHECK_BYTES(ctx, out, want, 24 * n);
            }
        }
    }
    uint8_t key24[24] = {};
    const cph::Rijndael256Ctx* ptrs[9] = {};
    for (auto& p : ptrs) p = &ks[0];
    static uint8_t big[9 * 24];
    PQ_CHECK(ctx, cph::mqom_cat3::key_schedule(ks[0], key24, 32) == Status::bad_length);
    PQ_CHECK(ctx, cph::mqom_cat3::key_schedule_public(ks[0], key24, 23) == Status::bad_length);
    PQ_CHECK(ctx, cph::mqom_cat3::encrypt_multi(ptrs, big, big, 9) == Status::bad_argument);
    PQ_CHECK(ctx, cph::mqom_cat3::encrypt(ks[0], nullptr, big, 1) == Status::bad_argument);
}

void aes128_ctr_kat(Context& ctx) {
    const VecFile& f = pqmcu::vectors::aes128_ctr;
    PQ_CHECK(ctx, f.count >= 8);
    static uint8_t out[2048];
    for (size_t e = 0; e < f.count; ++e) {
        const auto& v = f.entries[e];
        const auto *key = v.get("key"), *want = v.get("out");
        const uint32_t len = v.number("outlen");
        PQ_CHECK(ctx, key && want && want->len == len && len <= sizeof out);
        if (!key || !want || len > sizeof out) return;
        for (Backend b : kBackends) {
            if (!cph::backend_available<cph::Aes128>(b)) continue;
            std::memset(out, 0, sizeof out);
            PQ_CHECK(ctx, cph::aes128_ctr(key->bytes, key->len, out, len, b) == Status::ok);
            PQ_CHECK_BYTES(ctx, out, want->bytes, len);
        }
        // xor form in block-aligned pieces of 32 bytes, restarting from the block counter
        cph::Aes128Ctx ks;
        cph::key_schedule_public<cph::Aes128>(ks, key->bytes, 16);
        for (size_t i = 0; i < len; ++i) out[i] = uint8_t(i);
        for (size_t pos = 0; pos < len; pos += 32) {
            uint8_t iv[16] = {};
            const uint32_t blk = uint32_t(pos / 16);
            iv[12] = uint8_t(blk >> 24), iv[13] = uint8_t(blk >> 16), iv[14] = uint8_t(blk >> 8), iv[15] = uint8_t(blk);
            const size_t piece = len - pos < 32 ? len - pos : 32;
            PQ_CHECK(ctx, cph::aes128_ctr_xor(ks, iv, out + pos, out + pos, piece) == Status::ok);
        }
        for (size_t i = 0; i < len; ++i) out[i] ^= uint8_t(i);
        PQ_CHECK_BYTES(ctx, out, want->bytes, len);
    }
    // the counter carries across all 16 bytes (big-endian)
    cph::Aes128Ctx ks;
    const uint8_t key[16] = {7};
    cph::key_schedule<cph::Aes128>(ks, key, 16);
    uint8_t iv[16], blocks[48], ks3[48];
    std::memset(iv, 0xFF, 16);
    iv[0] = 0x01;
    std::memcpy(blocks, iv, 16);
    std::memset(blocks + 16, 0, 32);
    blocks[16] = 0x02;
    blocks[32] = 0x02, blocks[47] = 0x01;
    PQ_CHECK(ctx, cph::aes128_ctr_xor(ks, iv, nullptr, ks3, 48) == Status::ok);
    PQ_CHECK(ctx, cph::encrypt<cph::Aes128>(ks, blocks, blocks, 3, Backend::bitsliced) == Status::ok);
    PQ_CHECK_BYTES(ctx, ks3, blocks, 48);
}

// Aes128CtrTableNotCt (counter-mode caching; assembly on the M4) against
// aes128_ctr_xor: starts and lengths around the 256-block runs where the
// cached rounds are recomputed, unaligned outputs, several keys.
void aes128_ctr_table_cached(Context& ctx) {
    static uint8_t got[16 * 600 + 1], want[16 * 600];
    struct Case {
        uint32_t first, n;
    };
    const Case cases[] = {{0, 1}, {0, 600}, {255, 2}, {250, 20}, {256, 256}, {1, 255}, {0x1FFFF, 3}, {0x01FFFEFF, 300}};
    Rand r{0x5eed1234u};
    for (uint32_t key_i = 0; key_i < 3; ++key_i) {
        uint8_t key[16];
        r.fill(key, 16);
        cph::Aes128Ctx ks;
        PQ_CHECK(ctx, cph::key_schedule_public<cph::Aes128>(ks, key, 16) == Status::ok);
        for (const Case& c : cases) {
            uint8_t iv[16] = {};
            iv[12] = uint8_t(c.first >> 24), iv[13] = uint8_t(c.first >> 16), iv[14] = uint8_t(c.first >> 8);
            iv[15] = uint8_t(c.first);
            PQ_CHECK(ctx, cph::aes128_ctr_xor(ks, iv, nullptr, want, 16 * size_t(c.n)) == Status::ok);
            cph::Aes128CtrTableNotCt gen(ks);
            // in two calls (the second reuses the cached run), to an odd address
            const uint32_t half = c.n / 2;
            gen.keystream(c.first, got + 1, half);
            gen.keystream(c.first + half, got + 1 + 16 * size_t(half), c.n - half);
            PQ_CHECK_BYTES(ctx, got + 1, want, 16 * size_t(c.n));
        }
    }
}

// The tweaked public schedule (MQOM's salts): key_schedule_public of the key
// with x0 in its first little-endian word, from an odd address, and the
// secret (circuit S-box) schedule agree.
void aes128_schedule_xor(Context& ctx) {
    Rand r{0x7eed5678u};
    for (uint32_t t = 0; t < 20; ++t) {
        uint8_t buf[17], key[16];
        r.fill(buf, 17);
        uint8_t xb[4];
        r.fill(xb, 4);
        const uint32_t x0 =
            t == 0 ? 0u : uint32_t(xb[0]) | uint32_t(xb[1]) << 8 | uint32_t(xb[2]) << 16 | uint32_t(xb[3]) << 24;
        for (unsigned i = 0; i < 16; ++i) key[i] = buf[1 + i];
        for (unsigned i = 0; i < 4; ++i) key[i] ^= uint8_t(x0 >> (8 * i));
        cph::Aes128Ctx a, b, c;
        cph::key_schedule_public_aes128_xor(a, buf + 1, x0);
        PQ_CHECK(ctx, cph::key_schedule_public<cph::Aes128>(b, key, 16) == Status::ok);
        PQ_CHECK(ctx, cph::key_schedule<cph::Aes128>(c, key, 16) == Status::ok);
        PQ_CHECK_BYTES(ctx, reinterpret_cast<const uint8_t*>(a.w), reinterpret_cast<const uint8_t*>(c.w), sizeof a.w);
        PQ_CHECK_BYTES(ctx, reinterpret_cast<const uint8_t*>(b.w), reinterpret_cast<const uint8_t*>(c.w), sizeof b.w);
    }
}

void error_statuses(Context& ctx) {
    cph::Aes128Ctx a;
    cph::Rijndael256Ctx r;
    const uint8_t key[32] = {1, 2, 3};
    uint8_t buf[64] = {};
    PQ_CHECK(ctx, cph::key_schedule<cph::Aes128>(a, key, 15) == Status::bad_length);
    PQ_CHECK(ctx, cph::key_schedule<cph::Aes128>(a, key, 32) == Status::bad_length);
    PQ_CHECK(ctx, cph::key_schedule_public<cph::Rijndael256>(r, key, 16) == Status::bad_length);
    PQ_CHECK(ctx, cph::key_schedule<cph::Aes128>(a, nullptr, 16) == Status::bad_argument);
    PQ_CHECK(ctx, cph::key_schedule<cph::Aes128>(a, key, 16) == Status::ok);
    PQ_CHECK(ctx, cph::key_schedule<cph::Rijndael256>(r, key, 32) == Status::ok);
    PQ_CHECK(ctx, cph::encrypt<cph::Aes128>(a, nullptr, buf, 1) == Status::bad_argument);
    PQ_CHECK(ctx, cph::encrypt<cph::Aes128>(a, buf, nullptr, 1) == Status::bad_argument);
    PQ_CHECK(ctx, cph::encrypt<cph::Aes128>(a, nullptr, nullptr, 0) == Status::ok);
    PQ_CHECK(ctx, cph::encrypt_bytes<cph::Aes128>(a, buf, 17, buf, 64) == Status::bad_length);
    PQ_CHECK(ctx, cph::encrypt_bytes<cph::Aes128>(a, buf, 32, buf, 31) == Status::bad_length);
    PQ_CHECK(ctx, cph::encrypt_bytes<cph::Aes128>(a, buf, 32, buf, 32) == Status::ok);
    PQ_CHECK(ctx, cph::encrypt_bytes<cph::Rijndael256>(r, buf, 48, buf, 64) == Status::bad_length);
    const cph::Aes128Ctx* ptrs[9] = {&a, &a, &a, &a, &a, &a, &a, &a, &a};
    static uint8_t big[9 * 16];
    PQ_CHECK(ctx, cph::encrypt_multi<cph::Aes128>(ptrs, big, big, 9) == Status::bad_argument);
    ptrs[1] = nullptr;
    PQ_CHECK(ctx, cph::encrypt_multi<cph::Aes128>(ptrs, big, big, 2) == Status::bad_argument);
    PQ_CHECK(ctx, cph::encrypt_multi<cph::Aes128>(nullptr, big, big, 2) == Status::bad_argument);
    // no engine installed; the engine is AES-128 only
    cph::set_external_aes128(nullptr);
    PQ_CHECK(ctx, !cph::backend_available<cph::Aes128>(Backend::external));
    PQ_CHECK(ctx, cph::encrypt<cph::Aes128>(a, buf, buf, 1, Backend::external) == Status::unsupported);
    {
        EngineGuard g;
        PQ_CHECK(ctx, cph::backend_available<cph::Aes128>(Backend::external));
        PQ_CHECK(ctx, cph::encrypt<cph::Rijndael256>(r, buf, buf, 1, Backend::external) == Status::unsupported);
    }
    for (Backend b : kBackends) {
        if (cph::backend_available<cph::Aes128>(b)) continue;
        PQ_CHECK(ctx, cph::encrypt<cph::Aes128>(a, buf, buf, 1, b) == Status::unsupported);
    }
    PQ_CHECK(ctx, cph::encrypt<cph::Aes128>(a, buf, buf, 1, Backend(200)) == Status::unsupported);
    PQ_CHECK(ctx, cph::aes128_ctr(key, 15, buf, 16) == Status::bad_length);
    PQ_CHECK(ctx, cph::aes128_ctr(key, 16, nullptr, 16) == Status::bad_argument);
    PQ_CHECK(ctx, cph::backend_available<cph::Aes128>(Backend::automatic));
    PQ_CHECK(ctx, cph::default_backend() != Backend::automatic);
}

}  // namespace

namespace pqmcu::test {
PQMCU_SUITE(cipher_suite, "cipher",
            {{"aes128 kat all backends", aes128_kat},
             {"rijndael256 kat all backends", rijndael256_kat},
             {"aes256 fips197", aes256_fips197},
             {"mqom cat3 kat", mqom_cat3_kat},
             {"aes128 ctr kat", aes128_ctr_kat},
             {"aes128 ctr table cached", aes128_ctr_table_cached},
             {"backends agree", backends_agree},
             {"prepared keys kat all backends", prepared_kat},
             {"prepared keys agree", prepared_agree},
             {"aes128 tweaked public schedule", aes128_schedule_xor},
             {"error statuses", error_statuses}});
}  // namespace pqmcu::test
