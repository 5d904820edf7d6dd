// SPDX-License-Identifier: Apache-2.0 OR MIT
// Single-configuration builds (firmware that runs one set in one profile):
// with PQMCU_MQOM_PIN_SET / PQMCU_MQOM_PIN_PROFILE defined (CMake:
// PQMCU_MQOM_PIN_SET, PQMCU_MQOM_PIN_PROFILE), the engine's run-time
// dispatch on the row width, the bucket digit and the Lut kernels compiles
// only what that pair uses, instead of the variants of every set that shares
// the engine (the PIOP is ~80 KB of flash unpinned on the M4, a few KB
// pinned). Scheme<Set, Profile> of any other pair is then a compile error.
// Without the macros (the default) nothing is pinned.
#pragma once
#include <cstddef>
#include <cstdint>

#include "field/word.hpp"
#include "mqom/dims.hpp"
#include "mqom/gf.hpp"
#include "mqom/lanes.hpp"
#include "mqom/profiles.hpp"

namespace pqmcu::mqom::detail {

// Repetitions per PIOP pass of the streaming verifier (stream.hpp): rows of
// at most 8 bytes of lanes (2 words on the M4, the bucket pass in assembly),
// as few groups as that allows, the repetitions spread evenly over them
// (cat1 gf16 fast: 6, 6, 5; short: 4, 4, 4).
constexpr uint32_t stream_verify_group(const Dims& d) {
    const uint32_t per = uint32_t(8 / d.ext_bytes());
    const uint32_t groups = (d.tau + per - 1) / per;
    return (d.tau + groups - 1) / groups;
}

// Nothing pinned (the members only keep the discarded branches well formed).
struct NoPin {
    static constexpr bool on = false;
    using set_type = void;
    using profile_type = void;
    static constexpr bool streamed = true;
    static constexpr size_t lane_nw = 0;
    static constexpr size_t vgroup_nw = 0;
    static constexpr size_t stream_nw = 0;
    static constexpr unsigned stream_digit = 0;
    static constexpr unsigned work_digit = 4;
    static constexpr bool digit(unsigned) { return true; }
    static constexpr unsigned vgroup_digit = 0;
    static constexpr bool keygen_planes = true;
    static constexpr bool lut = true;
    static constexpr bool prepared_keys = true;
};

template <class Set, class Profile>
struct PinOf {
    static constexpr bool on = true;
    using set_type = Set;
    using profile_type = Profile;
    static constexpr Dims d = dims_of<Set>();
    static constexpr bool streamed = Profile::leaf_batch != 0;
    // Lane rows of the signer and of the ungrouped verifier (Piop::with_nw).
    static constexpr size_t lane_nw = d.lane_bytes() / sizeof(field::word_t);
    // Rows of the grouped verifier (Scheme::vgroup_nw), 0 when it does not run.
    static constexpr uint32_t vgroup =
        streamed ? (verify_rep_group_of<Profile>() < d.tau ? verify_rep_group_of<Profile>() : d.tau) : 0;
    static constexpr size_t vgroup_nw =
        (size_t(vgroup) * Ext<d.ext_log2>::bytes + sizeof(field::word_t) - 1) / sizeof(field::word_t);
    // Bucket digits in use: the profile's, and its verifier's (one of the two).
    static constexpr bool digit(unsigned bits) {
        return bits == Profile::piop_digit_bits || bits == verify_digit_bits_of<Profile>();
    }
    // The signer's (and the ungrouped verifier's) digit: Work::digit_bits.
    static constexpr unsigned work_digit = Profile::piop_digit_bits;
    // The grouped verifier's digit (Scheme::vdigit_bits, same rule).
    static constexpr size_t vfold_bytes = size_t(d.log_n + 1) * d.exp_bytes();
    static constexpr unsigned vgroup_digit =
        Lanes<Ext<d.ext_log2>>::bucket_words(verify_digit_bits_of<Profile>(), vgroup_nw) * sizeof(field::word_t) <=
                vfold_bytes / 2
            ? verify_digit_bits_of<Profile>()
            : Profile::piop_digit_bits;
    // The streaming verifier's rows (its default group) and digit (the
    // verifier's nibbles: its buckets live in the fold / chunk area).
    static constexpr uint32_t sgroup = streamed ? stream_verify_group(d) : 0;
    static constexpr size_t stream_nw =
        (size_t(sgroup) * Ext<d.ext_log2>::bytes + sizeof(field::word_t) - 1) / sizeof(field::word_t);
    static constexpr unsigned stream_digit = verify_digit_bits_of<Profile>();
    static constexpr bool keygen_planes = keygen_x_planes_of<Profile>();
    static constexpr bool lut = uses_lut_not_ct<Profile>();
    // Prepared (fixsliced) key caches: only when a backend can be the
    // constant-time software one (Lut and Hardware run T-tables / the engine
    // only, so their builds keep no fixsliced AES at all).
    static constexpr bool software_ct(cipher::Backend b) {
        return b != cipher::Backend::table_not_ct && b != cipher::Backend::external;
    }
    static constexpr bool prepared_keys = software_ct(Profile::secret_backend) || software_ct(Profile::public_backend);
};

#if defined(PQMCU_MQOM_PIN_SET) && defined(PQMCU_MQOM_PIN_PROFILE)
using ActivePin = PinOf<PQMCU_MQOM_PIN_SET, PQMCU_MQOM_PIN_PROFILE>;
#elif defined(PQMCU_MQOM_PIN_SET) || defined(PQMCU_MQOM_PIN_PROFILE)
#error "define both PQMCU_MQOM_PIN_SET and PQMCU_MQOM_PIN_PROFILE, or neither"
#else
using ActivePin = NoPin;
#endif

// Streamed BLC (Work::leaf_batch_log != 0): known when pinned.
inline bool streamed_blc(uint32_t leaf_batch_log) {
    if constexpr (ActivePin::on) return ActivePin::streamed;
    else return leaf_batch_log != 0;
}

// Calls go(std::integral_constant<unsigned, D>) for digit_bits (1 or 4),
// only for the digits the pinned pair uses.
template <class Go>
inline void with_digit(unsigned digit_bits, Go&& go) {
    using D1 = std::integral_constant<unsigned, 1>;
    using D4 = std::integral_constant<unsigned, 4>;
    if constexpr (!ActivePin::on) {
        if (digit_bits == 1) go(D1{});
        else go(D4{});
    } else if constexpr (ActivePin::digit(1) && ActivePin::digit(4)) {
        if (digit_bits == 1) go(D1{});
        else go(D4{});
    } else if constexpr (ActivePin::digit(1)) {
        go(D1{});
    } else {
        go(D4{});
    }
}

}  // namespace pqmcu::mqom::detail
