// SPDX-License-Identifier: Apache-2.0 OR MIT
// MAYO parameter sets (q = 16), rounds 1 and 2.
//
// A parameter set is a type with a `static constexpr Params params`; the
// engine works on the run-time Params, the Scheme sizes its buffers from it.
// What differs between the rounds is data, not code:
//   - the numbers (n, m, o, k) and the reduction polynomial f(z) of the
//     extension GF(16)[z]/f(z) used to combine the k(k+1)/2 quadratic forms
//     (f_tail: the coefficients f_0..f_4 of f(z) = z^m + sum f_i z^i);
//   - the byte layout of an m-vector (one GF(16) element per equation) in
//     the expanded keys and in the public key: round 2 packs it as nibbles
//     (element i in the low nibble of byte i/2 when i is even), round 1
//     stores it bitsliced (4 planes of m/8 bytes; element i's bit b is bit
//     i%8 of byte b*m/8 + i/8).
// Hashing, key derivation, signature encoding and the signing procedure are
// shared (MAYO spec v1.0 and round-2 v2.0 agree on them).
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::mayo {

enum class MvecLayout : uint8_t { nibbles, bitsliced };

struct Params {
    const char* name;
    uint8_t round;
    uint32_t n, m, o, k;
    uint32_t sk_seed_bytes, pk_seed_bytes, salt_bytes, digest_bytes;
    uint8_t f_tail[5];
    MvecLayout layout;

    constexpr uint32_t v() const { return n - o; }
    constexpr uint32_t m_limbs() const { return (m + 15) / 16; }  // uint64 words per m-vector
    constexpr uint32_t m_bytes() const { return m / 2; }          // packed m-vector / t
    constexpr uint32_t O_bytes() const { return (v() * o + 1) / 2; }
    constexpr uint32_t v_bytes() const { return (v() + 1) / 2; }
    constexpr uint32_t r_bytes() const { return (k * o + 1) / 2; }
    constexpr uint32_t p1_vecs() const { return v() * (v() + 1) / 2; }
    constexpr uint32_t p2_vecs() const { return v() * o; }
    constexpr uint32_t p3_vecs() const { return o * (o + 1) / 2; }
    constexpr uint32_t kk() const { return k * (k + 1) / 2; }  // number of E^l terms
    constexpr uint32_t a_cols() const { return k * o + 1; }
    constexpr uint32_t s_bytes() const { return (k * n + 1) / 2; }
    constexpr uint32_t pk_bytes() const { return pk_seed_bytes + p3_vecs() * m_bytes(); }
    constexpr uint32_t sk_bytes() const { return sk_seed_bytes; }
    constexpr uint32_t sig_bytes() const { return s_bytes() + salt_bytes; }
    constexpr uint32_t p12_bytes() const { return (p1_vecs() + p2_vecs()) * m_bytes(); }
};

// ---------------------------------------------------------------- round 2
struct mayo_1 {
    static constexpr Params params{"MAYO-1", 2, 86, 78, 8, 10, 24, 16, 24, 32, {8, 1, 1, 0, 0}, MvecLayout::nibbles};
};
struct mayo_2 {
    static constexpr Params params{"MAYO-2", 2, 81, 64, 17, 4, 24, 16, 24, 32, {8, 0, 2, 8, 0}, MvecLayout::nibbles};
};
struct mayo_3 {
    static constexpr Params params{"MAYO-3", 2, 118, 108, 10, 11, 32, 16, 32, 48, {8, 0, 1, 7, 0}, MvecLayout::nibbles};
};
struct mayo_5 {
    static constexpr Params params{"MAYO-5", 2, 154, 142, 12, 12, 40, 16, 40, 64, {4, 0, 8, 1, 0}, MvecLayout::nibbles};
};

// ---------------------------------------------------------------- round 1
struct mayo_1_r1 {
    static constexpr Params params{"MAYO-1-r1", 1, 66, 64, 8, 9, 24, 16, 24, 32, {8, 0, 2, 8, 0}, MvecLayout::bitsliced};
};
struct mayo_2_r1 {
    static constexpr Params params{"MAYO-2-r1", 1, 78, 64, 18, 4, 24, 16, 24, 32, {8, 0, 2, 8, 0}, MvecLayout::bitsliced};
};
struct mayo_3_r1 {
    static constexpr Params params{"MAYO-3-r1", 1, 99, 96, 10, 11, 32, 16, 32, 48, {2, 2, 0, 2, 0}, MvecLayout::bitsliced};
};
struct mayo_5_r1 {
    static constexpr Params params{"MAYO-5-r1", 1, 133, 128, 12, 12, 40, 16, 40, 64, {4, 8, 0, 4, 2}, MvecLayout::bitsliced};
};

// Published sizes (shared/anchors/mayo-parameters.csv).
static_assert(mayo_1::params.pk_bytes() == 1420 && mayo_1::params.sig_bytes() == 454);
static_assert(mayo_2::params.pk_bytes() == 4912 && mayo_2::params.sig_bytes() == 186);
static_assert(mayo_3::params.pk_bytes() == 2986 && mayo_3::params.sig_bytes() == 681);
static_assert(mayo_5::params.pk_bytes() == 5554 && mayo_5::params.sig_bytes() == 964);
static_assert(mayo_1_r1::params.pk_bytes() == 1168 && mayo_1_r1::params.sig_bytes() == 321);
static_assert(mayo_2_r1::params.pk_bytes() == 5488 && mayo_2_r1::params.sig_bytes() == 180);
static_assert(mayo_3_r1::params.pk_bytes() == 2656 && mayo_3_r1::params.sig_bytes() == 577);
static_assert(mayo_5_r1::params.pk_bytes() == 5008 && mayo_5_r1::params.sig_bytes() == 838);
// Bitsliced m-vectors fill whole 64-bit limbs (m is a multiple of 32 in round 1).
static_assert(mayo_1_r1::params.m % 32 == 0 && mayo_3_r1::params.m % 32 == 0 && mayo_5_r1::params.m % 32 == 0);

}  // namespace pqmcu::mayo
