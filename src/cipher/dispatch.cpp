// SPDX-License-Identifier: Apache-2.0 OR MIT
// Backend selection, argument checks and the external (hardware) engine hook.
#include <bit>
#include <type_traits>

#include "cipher/internal.hpp"
#include "core/secure.hpp"

namespace pqmcu::cipher {
namespace {

ExternalAes128 g_external{nullptr, nullptr, nullptr};
Status g_external_fault = Status::ok;  // first failure since take_external_aes128_fault()

bool external_installed() { return g_external.set_key != nullptr && g_external.encrypt != nullptr; }

// Engines take a raw key; the first round key is the key itself.
template <class C>
Status external_encrypt(detail::KeyList<C> keys, const uint8_t* in, uint8_t* out, size_t n) {
    if constexpr (!std::is_same_v<C, Aes128>) {
        (void)keys, (void)in, (void)out, (void)n;
        return Status::unsupported;
    } else {
        if (!external_installed()) {
            if (g_external_fault == Status::ok) g_external_fault = Status::unsupported;
            return Status::unsupported;
        }
        uint8_t key[16];
        size_t i = 0;
        while (i < n) {
            // Runs of blocks under the same key go to the engine in one call.
            size_t j = i + 1;
            if (keys.one != nullptr) j = n;
            else
                while (j < n && &keys.at(j) == &keys.at(i)) ++j;
            const uint32_t* w = keys.at(i).w;
            // The first round key is the raw key, little-endian words: on a
            // little-endian target its bytes go to the engine in place (no
            // copy to wipe: one engine call per run of blocks is what the
            // Hardware profile pays per key load).
            const uint8_t* kb = key;
            if constexpr (std::endian::native == std::endian::little) kb = reinterpret_cast<const uint8_t*>(w);
            else
                for (unsigned b = 0; b < 16; ++b) key[b] = uint8_t(w[b / 4] >> (8 * (b % 4)));
            Status st = g_external.set_key(g_external.ctx, kb);
            if (st == Status::ok) st = g_external.encrypt(g_external.ctx, in + 16 * i, out + 16 * i, j - i);
            if (st != Status::ok) {
                // Never leave plaintext (or a half-written run) where ciphertext is expected.
                secure_wipe(out + 16 * i, 16 * (n - i));
                if constexpr (std::endian::native != std::endian::little) secure_wipe(key, sizeof key);
                if (g_external_fault == Status::ok) g_external_fault = st;
                return st;
            }
            i = j;
        }
        if constexpr (std::endian::native != std::endian::little) secure_wipe(key, sizeof key);
        return Status::ok;
    }
}

Backend resolve(Backend b) { return b == Backend::automatic ? default_backend() : b; }

template <class C>
Status run(detail::KeyList<C> keys, const uint8_t* in, uint8_t* out, size_t n, Backend b) {
    switch (resolve(b)) {
    case Backend::bitsliced: bitsliced::encrypt<C>(keys, in, out, n); return Status::ok;
    case Backend::table_not_ct: table_not_ct::encrypt<C>(keys, in, out, n); return Status::ok;
#if defined(PQMCU_CIPHER_X86)
    case Backend::aesni:
        if (!x86::aesni_available()) return Status::unsupported;
        x86::aesni_encrypt<C>(keys, in, out, n);
        return Status::ok;
    case Backend::vaes:
        if (!x86::vaes_available()) return Status::unsupported;
        x86::vaes_encrypt<C>(keys, in, out, n);
        return Status::ok;
#endif
    case Backend::external: return external_encrypt<C>(keys, in, out, n);
    default: return Status::unsupported;
    }
}

}  // namespace

Status encrypt_external_aes128_raw(const uint8_t key[16], const uint8_t* in, uint8_t* out, size_t nblocks) {
    // One key load and one call, nothing else (the Hardware profile makes
    // tens of thousands of these per signature).
    if (!external_installed()) {
        if (g_external_fault == Status::ok) g_external_fault = Status::unsupported;
        return Status::unsupported;
    }
    Status st = g_external.set_key(g_external.ctx, key);
    if (st == Status::ok) st = g_external.encrypt(g_external.ctx, in, out, nblocks);
    if (st != Status::ok) {
        secure_wipe(out, 16 * nblocks);  // never plaintext where ciphertext is expected
        if (g_external_fault == Status::ok) g_external_fault = st;
    }
    return st;
}

Status encrypt_external_aes128(const RoundKeys<Aes128>& k, const uint8_t* in, uint8_t* out, size_t nblocks) {
    if (nblocks == 0) return Status::ok;
    // The first round key is the raw key, little-endian words: its bytes in place.
    if constexpr (std::endian::native == std::endian::little)
        return encrypt_external_aes128_raw(reinterpret_cast<const uint8_t*>(k.w), in, out, nblocks);
    return external_encrypt<Aes128>(detail::KeyList<Aes128>{&k, nullptr}, in, out, nblocks);
}

const char* backend_name(Backend b) {
    switch (b) {
    case Backend::automatic: return "automatic";
    case Backend::bitsliced: return "bitsliced";
    case Backend::table_not_ct: return "table_not_ct";
    case Backend::aesni: return "aesni";
    case Backend::vaes: return "vaes";
    case Backend::external: return "external";
    }
    return "unknown";
}

Backend default_backend() {
#if defined(PQMCU_CIPHER_X86)
    if (x86::aesni_available()) return Backend::aesni;
#endif
    return Backend::bitsliced;
}

template <class C>
bool backend_available(Backend b) {
    switch (resolve(b)) {
    case Backend::bitsliced:
    case Backend::table_not_ct: return true;
#if defined(PQMCU_CIPHER_X86)
    case Backend::aesni: return x86::aesni_available();
    case Backend::vaes: return x86::vaes_available();
#endif
    case Backend::external: return std::is_same_v<C, Aes128> && external_installed();
    default: return false;
    }
}

template <class C>
Status encrypt(const RoundKeys<C>& ctx, const uint8_t* in, uint8_t* out, size_t nblocks, Backend b) {
    if (nblocks == 0) return Status::ok;
    if (!in || !out) return Status::bad_argument;
    return run<C>(detail::KeyList<C>{&ctx, nullptr}, in, out, nblocks, b);
}

template <class C>
Status encrypt_bytes(const RoundKeys<C>& ctx, const uint8_t* in, size_t in_len, uint8_t* out, size_t out_len,
                     Backend b) {
    if (in_len % C::block_bytes != 0 || out_len < in_len) return Status::bad_length;
    return encrypt<C>(ctx, in, out, in_len / C::block_bytes, b);
}

template <class C>
Status encrypt_multi(const RoundKeys<C>* const* ctxs, const uint8_t* in, uint8_t* out, size_t nblocks, Backend b) {
    if (nblocks == 0) return Status::ok;
    if (nblocks > 8 || !ctxs || !in || !out) return Status::bad_argument;
    for (size_t i = 0; i < nblocks; ++i)
        if (!ctxs[i]) return Status::bad_argument;
    return run<C>(detail::KeyList<C>{nullptr, ctxs}, in, out, nblocks, b);
}

#define PQMCU_ENC_INSTANTIATE(C)                                                                          \
    template bool backend_available<C>(Backend);                                                          \
    template Status encrypt<C>(const RoundKeys<C>&, const uint8_t*, uint8_t*, size_t, Backend);           \
    template Status encrypt_bytes<C>(const RoundKeys<C>&, const uint8_t*, size_t, uint8_t*, size_t, Backend); \
    template Status encrypt_multi<C>(const RoundKeys<C>* const*, const uint8_t*, uint8_t*, size_t, Backend);
PQMCU_ENC_INSTANTIATE(Aes128)
PQMCU_ENC_INSTANTIATE(Aes256)
PQMCU_ENC_INSTANTIATE(Rijndael256)
#undef PQMCU_ENC_INSTANTIATE

void set_external_aes128(const ExternalAes128* hook) {
    g_external = hook ? *hook : ExternalAes128{nullptr, nullptr, nullptr};
    g_external_fault = Status::ok;
}

Status take_external_aes128_fault() {
    const Status st = g_external_fault;
    g_external_fault = Status::ok;
    return st;
}

namespace {
Status emu_set_key(void* p, const uint8_t key[16]) {
    auto* e = static_cast<EmulatedAesEngine*>(p);
    ++e->set_key_calls;
    e->keyed = true;
    return key_schedule<Aes128>(e->key, key, 16);
}
Status emu_encrypt(void* p, const uint8_t* in, uint8_t* out, size_t n) {
    auto* e = static_cast<EmulatedAesEngine*>(p);
    if (!e->keyed) return Status::bad_argument;
    e->blocks += uint32_t(n);
    bitsliced::encrypt<Aes128>(detail::KeyList<Aes128>{&e->key, nullptr}, in, out, n);
    return Status::ok;
}
}  // namespace

ExternalAes128 emulated_engine_hook(EmulatedAesEngine& engine) {
    engine.set_key_calls = 0;
    engine.blocks = 0;
    engine.keyed = false;
    return ExternalAes128{&engine, emu_set_key, emu_encrypt};
}

}  // namespace pqmcu::cipher
