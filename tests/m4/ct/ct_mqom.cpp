// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM on the emulated M4, constant-time check (docs/ct-m4.md), one firmware
// per set and profile (tests/m4/ct/CMakeLists.txt):
//   PQMCU_CT_SET      e.g. mqom2_cat1_gf16_fast_r5
//   PQMCU_CT_PROFILE  Desktop, Balanced, Memory, Hardware (the emulated AES
//                     engine, constant time) or Lut (NOT constant time: its
//                     signing region is expected to differ, first in the
//                     T-table AES of the secret seeds; its key generation
//                     has no secret table access and must match)
// Regions, each run twice with the same public inputs:
//   mqom.keygen  keypair_from_seed with two key seeds
//   mqom.sign    sign_with on two secret keys that share their public part
//                (sk = pk || x: key 0's pk with x of key 0 and of key 1; the
//                signer never checks y against x, and its trace must not
//                depend on whether it would match), two signing seeds
//                (mseed), the same message and salt. A different public key
//                would change the public matrices, whose entries legitimately
//                steer the bucket products. The signature publishes com1,
//                com2 and the challenge; the proof-of-work grinding runs a
//                number of times set by com2, so the traces part at the latest
//                there: ct_check.py accepts a difference only after the first
//                published value (ct_unpoison) that differs between the runs,
//                and (with --part-in) only in the function the test names.
#include <cstring>
#include <type_traits>

#include "cipher/block_cipher.hpp"
#include "ct_harness.hpp"
#include "mqom/scheme.hpp"

#if !defined(PQMCU_CT_SET) || !defined(PQMCU_CT_PROFILE)
#error "define PQMCU_CT_SET and PQMCU_CT_PROFILE"
#endif

namespace {
using namespace pqmcu;
using S = mqom::Scheme<mqom::PQMCU_CT_SET, mqom::PQMCU_CT_PROFILE>;
constexpr bool kLut = std::is_same_v<mqom::PQMCU_CT_PROFILE, mqom::Lut>;
constexpr ct_m4::Expect kExpect = kLut ? ct_m4::Expect::differ : ct_m4::Expect::same;

uint8_t g_seed[S::keygen_seed_bytes];
uint8_t g_mseed[S::seed_bytes];
uint8_t g_salt[S::seed_bytes];
uint8_t g_pk[S::pk_bytes];
uint8_t g_sk[S::sk_bytes];
uint8_t g_sig[S::sig_bytes];
uint8_t g_sk0[S::sk_bytes];
const uint8_t kMsg[] = "constant time on the M4";
S::SignWorkspace g_sws;

// The secrets of run r: key seed, then signing seed, from the same generator.
void draw_secrets(int run) {
    ct_m4::seed_run(run);
    ct_m4::g_rng(g_seed, sizeof g_seed);
    ct_m4::g_rng(g_mseed, sizeof g_mseed);
}

}  // namespace

int main() {
    [[maybe_unused]] static cipher::EmulatedAesEngine engine;
    if constexpr (std::is_same_v<mqom::PQMCU_CT_PROFILE, mqom::Hardware>) {
        static const cipher::ExternalAes128 hook = cipher::emulated_engine_hook(engine);
        cipher::set_external_aes128(&hook);
    }
    for (size_t i = 0; i < sizeof g_salt; ++i) g_salt[i] = uint8_t(0xA0 + i);  // public, both runs
    int bad = 0;
    bad |= ct_m4::region_pair("mqom.keygen", ct_m4::Expect::same, draw_secrets,
                              [] { return S::keypair_from_seed(g_seed, g_pk, g_sk); });
    bad |= ct_m4::region_pair(
        "mqom.sign", kExpect,
        [](int run) {
            // Outside the region: key 0, then this run's x under key 0's public part.
            draw_secrets(0);
            (void)S::keypair_from_seed(g_seed, g_pk, g_sk0);
            draw_secrets(run);
            (void)S::keypair_from_seed(g_seed, g_pk, g_sk);
            std::memcpy(g_sk, g_sk0, S::pk_bytes);
        },
        [] { return S::sign_with(g_sk, kMsg, sizeof kMsg, g_mseed, g_salt, g_sig, g_sws); });
    if constexpr (std::is_same_v<mqom::PQMCU_CT_PROFILE, mqom::Hardware>) bad |= engine.blocks == 0;
    return ct_m4::finish(bad);
}
