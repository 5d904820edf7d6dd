// SPDX-License-Identifier: Apache-2.0 OR MIT
// pqmcu::saber::Scheme<Set>: the round-3 Saber KEM (LightSaber, Saber,
// FireSaber; params.hpp), byte-compatible with the reference implementation
// (KULeuven-COSIC/SABER, Reference_Implementation_KEM) and its NIST KATs.
//
//   using S = pqmcu::saber::Scheme<pqmcu::saber::saber>;
//   static S::Workspace ws;                        // every big buffer, no heap
//   S::keypair(pk, sk, rng, ws);                   // draws 32 (seed_A), 32 (seed_s), 32 (z)
//   S::encapsulate(ct, ss, pk, rng, ws);           // draws 32 (m)
//   S::decapsulate(ss, ct, sk, ws);                // ok; a tampered ct gives SHA3-256(z || SHA3-256(ct))
//
// `rng` is any callable rng(uint8_t*, size_t) (core/scheme_support.hpp).
// Statuses: ok; bad_argument (nullptr); internal_error (the rng failed).
//
// Products: A s and b^T s over Z_2^13[x]/(x^256 + 1) with Toom-4 (exact mod
// 2^13 = q) on Karatsuba limbs; the secret vector is evaluated once and
// shared by every row and by the inner product (polymul/matvec.hpp).
// Constant time: the binomial sampler, the products, the encodings, the
// re-encryption compare (ct_memneq) and the rejection select (masked copy)
// have no secret-dependent branch or index.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "core/status.hpp"
#include "hash/shake.hpp"
#include "polymul/matvec.hpp"
#include "saber/params.hpp"
#include "saber/poly.hpp"

namespace pqmcu::saber {

struct Default {};

template <class Set, class Profile = Default>
struct Scheme {
    static_assert(std::is_same_v<Profile, Default>, "unknown Saber profile");
    static constexpr const Params& params = Set::params;
    static constexpr const char* name = params.name;
    static constexpr size_t L = params.l;
    static constexpr size_t pk_bytes = params.pk_bytes();
    static constexpr size_t sk_bytes = params.sk_bytes();
    static constexpr size_t ct_bytes = params.ct_bytes();
    static constexpr size_t ss_bytes = kKeyBytes;

    using MV = polymul::MatVecNegacyclic<L, kN>;
    static_assert(MV::exact_bits >= int(kLogQ), "the product must be exact mod q");

    struct Workspace {
        uint16_t A[L * L * kN];       // public matrix, row major
        uint16_t s[L * kN];           // secret vector (s or s')
        uint16_t sev[L * MV::ev_words];  // its Toom-4 evaluations
        uint16_t b[L * kN];           // public vector read from pk / ct
        uint16_t res[L * kN];         // products
        uint8_t bytes[params.coin_bytes() > params.poly_q_bytes() ? params.coin_bytes() : params.poly_q_bytes()];
        uint8_t cmp[ct_bytes];        // re-encryption in decapsulate
        typename MV::Scratch mv;
    };
    static constexpr size_t workspace_bytes = sizeof(Workspace);

    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng, Workspace& ws) {
        if (pk == nullptr || sk == nullptr) return Status::bad_argument;
        uint8_t seed_a[kSeedBytes], seed_s[kNoiseSeedBytes];
        Status st = draw_random(rng, seed_a, sizeof seed_a);
        if (st == Status::ok) {
            uint8_t drawn[kSeedBytes];
            std::memcpy(drawn, seed_a, sizeof drawn);
            (void)hash::shake128(seed_a, sizeof seed_a, drawn, sizeof drawn);  // hide the rng's output
            secure_wipe(drawn, sizeof drawn);
            st = draw_random(rng, seed_s, sizeof seed_s);
        }
        if (st == Status::ok) {
            gen_matrix(ws.A, seed_a, ws);
            gen_secret(ws.s, seed_s, ws);
            MV::evaluate_vector(ws.sev, ws.s);
            MV::mul(ws.res, ws.A, ws.sev, /*transpose=*/true, ws.mv);
            round_to_p(ws.res);
            pack_bits(pk, ws.res, L * kN, kLogP);
            std::memcpy(pk + params.polyvec_p_bytes(), seed_a, kSeedBytes);
            pack_bits(sk, ws.s, L * kN, kLogQ);
            std::memcpy(sk + params.indcpa_sk_bytes(), pk, pk_bytes);
            (void)hash::sha3_256(sk + sk_bytes - kHashBytes - kKeyBytes, pk, pk_bytes);
            st = draw_random(rng, sk + sk_bytes - kKeyBytes, kKeyBytes);
        }
        secure_wipe(seed_s, sizeof seed_s);
        wipe_secrets(ws);
        return st;
    }

    template <Rng R>
    static Status encapsulate(uint8_t* ct, uint8_t* ss, const uint8_t* pk, R&& rng, Workspace& ws) {
        if (ct == nullptr || ss == nullptr || pk == nullptr) return Status::bad_argument;
        uint8_t buf[64], kr[64], drawn[32];
        Status st = draw_random(rng, drawn, sizeof drawn);
        if (st == Status::ok) {
            (void)hash::sha3_256(buf, drawn, sizeof drawn);  // m; the rng's output is not sent
            (void)hash::sha3_256(buf + 32, pk, pk_bytes);
            (void)hash::sha3_512(kr, buf, 64);              // K^ || r
            indcpa_enc(ct, buf, kr + 32, pk, ws);
            (void)hash::sha3_256(kr + 32, ct, ct_bytes);
            (void)hash::sha3_256(ss, kr, 64);
        }
        secure_wipe(drawn, sizeof drawn);
        secure_wipe(buf, sizeof buf);
        secure_wipe(kr, sizeof kr);
        wipe_secrets(ws);
        return st;
    }

    static Status decapsulate(uint8_t* ss, const uint8_t* ct, const uint8_t* sk, Workspace& ws) {
        if (ss == nullptr || ct == nullptr || sk == nullptr) return Status::bad_argument;
        const uint8_t* pk = sk + params.indcpa_sk_bytes();
        const uint8_t* hpk = sk + sk_bytes - kHashBytes - kKeyBytes;
        const uint8_t* z = sk + sk_bytes - kKeyBytes;
        uint8_t buf[64], kr[64];
        indcpa_dec(buf, sk, ct, ws);
        std::memcpy(buf + 32, hpk, kHashBytes);
        (void)hash::sha3_512(kr, buf, 64);
        indcpa_enc(ws.cmp, buf, kr + 32, pk, ws);
        const uint32_t fail = ct_memneq(ct, ws.cmp, ct_bytes);
        (void)hash::sha3_256(kr + 32, ct, ct_bytes);
        // Implicit rejection: K^ := z when the re-encryption differs, by a mask.
        const uint8_t mask = uint8_t(value_barrier(ct_mask32(fail)));
        for (size_t i = 0; i < kKeyBytes; ++i) kr[i] = uint8_t(kr[i] ^ (mask & (kr[i] ^ z[i])));
        (void)hash::sha3_256(ss, kr, 64);
        secure_wipe(buf, sizeof buf);
        secure_wipe(kr, sizeof kr);
        wipe_secrets(ws);
        return Status::ok;
    }

    // ---- the IND-CPA layer (public for tests)
    static constexpr uint16_t h1 = 1u << (kLogQ - kLogP - 1);
    static constexpr uint16_t h2 = (1u << (kLogP - 2)) - (1u << (kLogP - params.et - 1)) + (1u << (kLogQ - kLogP - 1));

    static void indcpa_enc(uint8_t* ct, const uint8_t* m, const uint8_t* seed_sp, const uint8_t* pk, Workspace& ws) {
        gen_matrix(ws.A, pk + params.polyvec_p_bytes(), ws);
        gen_secret(ws.s, seed_sp, ws);
        MV::evaluate_vector(ws.sev, ws.s);
        MV::mul(ws.res, ws.A, ws.sev, /*transpose=*/false, ws.mv);
        round_to_p(ws.res);
        pack_bits(ct, ws.res, L * kN, kLogP);
        unpack_bits(ws.b, pk, L * kN, kLogP);
        uint16_t* v = ws.res;
        MV::row(v, ws.b, kN, ws.sev, ws.mv);  // b^T s' mod p (exact mod 2^13)
        for (size_t j = 0; j < kN; ++j) {
            const uint16_t bit = (m[j / 8] >> (j % 8)) & 1;
            v[j] = uint16_t(uint16_t(v[j] - (bit << (kLogP - 1)) + h1) >> (kLogP - params.et));
        }
        pack_bits(ct + params.polyvec_p_bytes(), v, kN, params.et);
    }
    static void indcpa_dec(uint8_t* m, const uint8_t* sk, const uint8_t* ct, Workspace& ws) {
        unpack_bits(ws.s, sk, L * kN, kLogQ);
        unpack_bits(ws.b, ct, L * kN, kLogP);
        MV::evaluate_vector(ws.sev, ws.s);
        uint16_t* v = ws.res;
        MV::row(v, ws.b, kN, ws.sev, ws.mv);
        uint16_t* cm = ws.res + kN;
        unpack_bits(cm, ct + params.polyvec_p_bytes(), kN, params.et);
        for (size_t i = 0; i < kKeyBytes; ++i) m[i] = 0;
        for (size_t j = 0; j < kN; ++j) {
            const uint16_t t = uint16_t(uint16_t(v[j] + h2 - (cm[j] << (kLogP - params.et))) >> (kLogP - 1));
            m[j / 8] = uint8_t(m[j / 8] | ((t & 1) << (j % 8)));
        }
    }

private:
    static void round_to_p(uint16_t* x) {
        for (size_t i = 0; i < L * kN; ++i) x[i] = uint16_t(uint16_t(x[i] + h1) >> (kLogQ - kLogP));
    }
    // A[i][j] from SHAKE128(seed_A), 416 bytes per entry in row-major order.
    static void gen_matrix(uint16_t* A, const uint8_t* seed_a, Workspace& ws) {
        hash::Shake128 xof;
        (void)xof.absorb(seed_a, kSeedBytes);
        (void)xof.finalize();
        for (size_t e = 0; e < L * L; ++e) {
            (void)xof.squeeze(ws.bytes, params.poly_q_bytes());
            unpack_bits(A + e * kN, ws.bytes, kN, kLogQ);
        }
    }
    static void gen_secret(uint16_t* s, const uint8_t* seed, Workspace& ws) {
        hash::Shake128 xof;
        (void)xof.absorb(seed, kNoiseSeedBytes);
        (void)xof.finalize();
        for (size_t i = 0; i < L; ++i) {
            (void)xof.squeeze(ws.bytes, params.coin_bytes());
            sample_binomial(s + i * kN, ws.bytes, params.mu);
        }
    }
    static void wipe_secrets(Workspace& ws) {
        secure_wipe(ws.s, sizeof ws.s);
        secure_wipe(ws.sev, sizeof ws.sev);
        secure_wipe(ws.bytes, sizeof ws.bytes);
        secure_wipe(ws.res, sizeof ws.res);  // m-dependent v
        secure_wipe(&ws.mv, sizeof ws.mv);
    }
};

}  // namespace pqmcu::saber
