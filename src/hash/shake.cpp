// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "hash/shake.hpp"

#include <cstring>

#include "hash/keccak_internal.hpp"

namespace pqmcu::hash {
namespace detail {

// A full block is permuted as soon as it is complete, so pos < rate while
// absorbing. finalize() leaves pos == rate: the first squeeze permutes.

void sponge_reset(Sponge& s) {
    keccak_wipe(s.st);
    s.pos = 0;
    s.phase = 0;
}

void sponge_wipe(Sponge& s) { internal::wipe_words(&s, sizeof s); }

// Absorb and squeeze once per permutation choice (permute(s.st)): the
// own-buffer entries keep four register arguments and the small frame the
// callers' stack budgets were measured with; the lent-buffer ones take the
// permutation's 200-byte buffer from the caller (keccak_f1600_buf).
namespace {
template <class Permute>
Status absorb_with(Sponge& s, size_t rate, const uint8_t* in, size_t len, Permute permute) {
    if ((in == nullptr && len != 0) || s.phase != 0) return Status::bad_argument;
    while (len > 0) {
        const size_t n = (rate - s.pos < len) ? rate - s.pos : len;
        keccak_xor_bytes(s.st, s.pos, in, n);
        s.pos += uint32_t(n), in += n, len -= n;
        if (s.pos == rate) {
            permute(s.st);
            s.pos = 0;
        }
    }
    return Status::ok;
}
template <class Permute>
Status squeeze_with(Sponge& s, size_t rate, uint8_t* out, size_t len, Permute permute) {
    if ((out == nullptr && len != 0) || s.phase != 1) return Status::bad_argument;
    while (len > 0) {
        if (s.pos == rate) {
            permute(s.st);
            s.pos = 0;
        }
        const size_t n = (rate - s.pos < len) ? rate - s.pos : len;
        keccak_extract_bytes(s.st, s.pos, out, n);
        s.pos += uint32_t(n), out += n, len -= n;
    }
    return Status::ok;
}
}  // namespace

Status sponge_absorb(Sponge& s, size_t rate, const uint8_t* in, size_t len) {
    return absorb_with(s, rate, in, len, [](KeccakState& st) { keccak_f1600(st); });
}
Status sponge_absorb(Sponge& s, size_t rate, const uint8_t* in, size_t len, KeccakState& scratch) {
    return absorb_with(s, rate, in, len, [&scratch](KeccakState& st) { keccak_f1600_buf(st, scratch); });
}

Status sponge_finalize(Sponge& s, size_t rate, uint8_t domain) {
    if (s.phase != 0) return Status::bad_argument;
    keccak_xor_byte(s.st, s.pos, domain);
    keccak_xor_byte(s.st, rate - 1, 0x80);
    s.pos = uint32_t(rate);
    s.phase = 1;
    return Status::ok;
}

Status sponge_squeeze(Sponge& s, size_t rate, uint8_t* out, size_t len) {
    return squeeze_with(s, rate, out, len, [](KeccakState& st) { keccak_f1600(st); });
}
Status sponge_squeeze(Sponge& s, size_t rate, uint8_t* out, size_t len, KeccakState& scratch) {
    return squeeze_with(s, rate, out, len, [&scratch](KeccakState& st) { keccak_f1600_buf(st, scratch); });
}
template <size_t Rate>
Status sponge_squeeze_buf(Sponge& s, uint8_t* out, size_t len, KeccakState& scratch) {
    return squeeze_with(s, Rate, out, len, [&scratch](KeccakState& st) { keccak_f1600_buf(st, scratch); });
}
template Status sponge_squeeze_buf<168>(Sponge&, uint8_t*, size_t, KeccakState&);
template Status sponge_squeeze_buf<136>(Sponge&, uint8_t*, size_t, KeccakState&);

Status sponge_squeeze(Sponge& s, size_t rate, uint8_t* out, size_t len, Rider& r) {
    Sponge& b = *r.sponge;
    if (r.out != nullptr) {  // a squeezing rider
        if (b.phase != 1) return Status::bad_argument;
        return squeeze_with(s, rate, out, len, [&](KeccakState& st) {
            if (r.len == 0 || b.pos != r.rate) return keccak_f1600(st);
            keccak_f1600_x2(st, b.st);
            const size_t n = r.len < r.rate ? r.len : r.rate;
            keccak_extract_bytes(b.st, 0, r.out, n);
            b.pos = uint32_t(n);
            r.out += n, r.len -= n;
        });
    }
    if (b.phase != 0 || (r.in == nullptr && r.len != 0)) return Status::bad_argument;
    return squeeze_with(s, rate, out, len, [&](KeccakState& st) {
        const size_t need = r.rate - b.pos;
        if (r.len < need) return keccak_f1600(st);
        keccak_xor_bytes(b.st, b.pos, r.in, need);
        r.in += need, r.len -= need;
        b.pos = 0;
        keccak_f1600_x2(st, b.st);
    });
}

void sponge_x4_reset(SpongeX4& s) {
    keccak_x4_wipe(s.st);
    s.pos = 0;
    s.phase = 0;
}

#if defined(PQMCU_KECCAK_HAVE_AVX2)
void sponge_x4_wipe(SpongeX4& s) {  // vector stores (see keccak_x4_wipe)
    std::memset(&s, 0, sizeof s);
    __asm__ __volatile__("" : : "r"(&s) : "memory");
}
#else
void sponge_x4_wipe(SpongeX4& s) { internal::wipe_words(&s, sizeof s); }
#endif

Status sponge_x4_absorb(SpongeX4& s, size_t rate, const uint8_t* const in[4], size_t len) {
    if (s.phase != 0) return Status::bad_argument;
    if (len != 0)
        for (unsigned j = 0; j < 4; ++j)
            if (in[j] == nullptr) return Status::bad_argument;
    size_t done = 0;
    while (done < len) {
        const size_t n = (rate - s.pos < len - done) ? rate - s.pos : len - done;
#if defined(PQMCU_KECCAK_HAVE_AVX2) && !defined(PQMCU_KECCAK_BI32)
        if (n >= 32 && keccak_x4_avx2_usable()) {
            // Bytes up to the next lane boundary, whole lanes by transposes, the rest.
            const size_t head = (8 - s.pos % 8) % 8, lanes = (n - head) / 8, tail = n - head - 8 * lanes;
            if (head != 0)
                for (unsigned j = 0; j < 4; ++j) keccak_x4_xor_bytes(s.st, j, s.pos, in[j] + done, head);
            const uint8_t* const at[4] = {in[0] + done + head, in[1] + done + head, in[2] + done + head,
                                          in[3] + done + head};
            keccak_x4_xor_lanes_avx2(s.st, (s.pos + head) / 8, at, lanes);
            if (tail != 0)
                for (unsigned j = 0; j < 4; ++j)
                    keccak_x4_xor_bytes(s.st, j, s.pos + n - tail, in[j] + done + n - tail, tail);
        } else
#endif
        for (unsigned j = 0; j < 4; ++j) keccak_x4_xor_bytes(s.st, j, s.pos, in[j] + done, n);
        s.pos += uint32_t(n), done += n;
        if (s.pos == rate) {
            keccak_f1600_x4(s.st);
            s.pos = 0;
        }
    }
    return Status::ok;
}

Status sponge_x4_finalize(SpongeX4& s, size_t rate, uint8_t domain) {
    if (s.phase != 0) return Status::bad_argument;
    const uint8_t d = domain, last = 0x80;
    for (unsigned j = 0; j < 4; ++j) {
        keccak_x4_xor_bytes(s.st, j, s.pos, &d, 1);
        keccak_x4_xor_bytes(s.st, j, rate - 1, &last, 1);
    }
    s.pos = uint32_t(rate);
    s.phase = 1;
    return Status::ok;
}

Status sponge_x4_squeeze(SpongeX4& s, size_t rate, uint8_t* const out[4], size_t len) {
    if (s.phase != 1) return Status::bad_argument;
    if (len != 0)
        for (unsigned j = 0; j < 4; ++j)
            if (out[j] == nullptr) return Status::bad_argument;
    size_t done = 0;
    while (done < len) {
        if (s.pos == rate) {
            keccak_f1600_x4(s.st);
            s.pos = 0;
        }
        const size_t n = (rate - s.pos < len - done) ? rate - s.pos : len - done;
        for (unsigned j = 0; j < 4; ++j) keccak_x4_extract_bytes(s.st, j, s.pos, out[j] + done, n);
        s.pos += uint32_t(n), done += n;
    }
    return Status::ok;
}

}  // namespace detail

namespace {
template <class Xof>
Status xof_oneshot(uint8_t* out, size_t outlen, const uint8_t* in, size_t inlen) {
    if ((out == nullptr && outlen != 0) || (in == nullptr && inlen != 0)) return Status::bad_argument;
    Xof x;
    x.absorb(in, inlen);
    x.finalize();
    return x.squeeze(out, outlen);
}
template <class Hash>
[[gnu::always_inline]] inline Status hash_oneshot(uint8_t* out, const uint8_t* in, size_t inlen,
                                                 KeccakState* scratch = nullptr) {
    if (out == nullptr || (in == nullptr && inlen != 0)) return Status::bad_argument;
    Hash h;
    h.absorb(in, inlen, scratch);
    return h.finalize(out, scratch);
}
}  // namespace

Status shake128(uint8_t* out, size_t outlen, const uint8_t* in, size_t inlen) {
    return xof_oneshot<Shake128>(out, outlen, in, inlen);
}
Status shake256(uint8_t* out, size_t outlen, const uint8_t* in, size_t inlen) {
    return xof_oneshot<Shake256>(out, outlen, in, inlen);
}
Status sha3_256(uint8_t out[32], const uint8_t* in, size_t inlen) {
    return hash_oneshot<Sha3_256>(out, in, inlen);
}
Status sha3_512(uint8_t out[64], const uint8_t* in, size_t inlen) {
    return hash_oneshot<Sha3_512>(out, in, inlen);
}
Status sha3_256(uint8_t out[32], const uint8_t* in, size_t inlen, KeccakState* scratch) {
    return hash_oneshot<Sha3_256>(out, in, inlen, scratch);
}
Status sha3_512(uint8_t out[64], const uint8_t* in, size_t inlen, KeccakState* scratch) {
    return hash_oneshot<Sha3_512>(out, in, inlen, scratch);
}

}  // namespace pqmcu::hash
