// SPDX-License-Identifier: Apache-2.0 OR MIT
// The MQOM sets the fuzz targets cover (every base field in every category,
// plus the round-3 PIOP, the 16-bit extension field of the short sets and a
// Faster set) and the test-only nonce re-grinding.
#pragma once
#include <cstddef>
#include <cstdint>
#include <tuple>

#include "fuzz_common.hpp"
#include "mqom/challenge.hpp"
#include "mqom/scheme.hpp"

namespace pqmcu::fuzz {

using MqomSets = std::tuple<
    mqom::mqom2_cat1_gf2_fast_r5, mqom::mqom2_cat1_gf4_fast_r5, mqom::mqom2_cat1_gf16_fast_r5,
    mqom::mqom2_cat1_gf256_fast_r5, mqom::mqom2_cat3_gf2_fast_r5, mqom::mqom2_cat3_gf4_fast_r5,
    mqom::mqom2_cat3_gf16_fast_r5, mqom::mqom2_cat3_gf256_fast_r5, mqom::mqom2_cat5_gf2_fast_r5,
    mqom::mqom2_cat5_gf4_fast_r5, mqom::mqom2_cat5_gf16_fast_r5, mqom::mqom2_cat5_gf256_fast_r5,
    mqom::mqom2_cat1_gf16_fast_r3, mqom::mqom2_cat1_gf16_short_r5, mqom::mqom2_cat1_gf16_faster_r5>;
inline constexpr size_t kMqomSetCount = std::tuple_size_v<MqomSets>;

// Recomputes the signature's grinding nonce for (pk, msg) exactly as the
// verifier checks it (h = XOF(0x04 || pk || com1 || com2 || msg_hash), the
// smallest nonce passing the w-bit condition), so that a mutated signature,
// key or message gets past the nonce check and reaches the trees and the
// PIOP. Costs about 2^w Keccak permutations.
template <class S>
void regrind_nonce(const uint8_t* pk, const uint8_t* msg, size_t mlen, uint8_t* sig) {
    constexpr auto d = S::dims;
    uint8_t digest[S::message_digest_bytes];
    (void)S::MessageDigest::compute(msg, mlen, digest);
    uint8_t h[S::message_digest_bytes];
    static_assert(S::message_digest_bytes == d.digest());
    mqom::detail::fs_hash<d.sec>(d, pk, sig + d.off_com1(), sig + d.off_com2(), digest, h);
    uint16_t i_star[mqom::detail::kMaxTau];
    mqom::detail::grind<d.sec>(d, h, sig + d.off_nonce(), i_star);
}

}  // namespace pqmcu::fuzz
