// SPDX-License-Identifier: Apache-2.0 OR MIT
// MAYO on the emulated M4, constant-time check (docs/ct-m4.md):
//   PQMCU_CT_SET      e.g. mayo_2 (mayo/params.hpp)
//   PQMCU_CT_PROFILE  Expanded (the M4 default) or Streamed
// Regions, each run twice with the same public inputs:
//   mayo.keygen  keypair_from_seed with two key seeds. seed_pk is published
//                early; the public matrices expanded from it differ between
//                the runs, so from there on only the masked comparison holds
//                (ct_check.py --public-tables / --part-in).
//   mayo.sign    sign_with on the two compact secret keys, the same message
//                and randomizer. The salt (published, derived from the
//                secret seed) differs at once, so the traces are compared in
//                full only up to it.
//   mayo.sign.key  (Expanded) sign_expanded_with on two expanded secret keys
//                that share P1 and the seed (hence the salt, the target and
//                the vinegar) but hold the secret O and L of two different
//                keys: mixed keys sign garbage, but the trace must not depend
//                on O or L at all. Published values: the retry bit (public by
//                design) and the signature.
#include <cstring>
#include <type_traits>

#include "ct_harness.hpp"
#include "mayo/scheme.hpp"

#if !defined(PQMCU_CT_SET) || !defined(PQMCU_CT_PROFILE)
#error "define PQMCU_CT_SET and PQMCU_CT_PROFILE"
#endif

namespace {
using namespace pqmcu;
using S = mayo::Scheme<mayo::PQMCU_CT_SET, mayo::PQMCU_CT_PROFILE>;
constexpr bool kExpanded = std::is_same_v<mayo::PQMCU_CT_PROFILE, mayo::Expanded>;

uint8_t g_seed[S::seed_bytes];
uint8_t g_rnd[S::randomizer_bytes];
uint8_t g_pk[S::pk_bytes];
uint8_t g_sk[S::sk_bytes];
uint8_t g_sig[S::sig_bytes];
const uint8_t kMsg[] = "constant time on the M4";
S::Workspace g_ws;

void draw_seed(int run) {
    ct_m4::seed_run(run);
    ct_m4::g_rng(g_seed, sizeof g_seed);
}

// mayo.sign.key (Expanded profile only: T is S there).
template <class T>
int sign_with_mixed_keys() {
    static typename T::ExpandedSecretKey esk0, esk;
    return ct_m4::region_pair(
        "mayo.sign.key", ct_m4::Expect::same,
        [](int run) {
            constexpr size_t p1_limbs = size_t(T::params.p1_vecs()) * T::params.m_limbs();
            draw_seed(0);
            (void)T::keypair_from_seed(g_seed, g_pk, g_sk, g_ws);
            (void)T::expand_secret_key(g_sk, esk0);
            draw_seed(run);
            (void)T::keypair_from_seed(g_seed, g_pk, g_sk, g_ws);
            (void)T::expand_secret_key(g_sk, esk);
            // Key 0's public P1 and seed; this run's secret O and L.
            std::memcpy(esk.p1l, esk0.p1l, p1_limbs * sizeof(uint64_t));
            std::memcpy(esk.seed, esk0.seed, sizeof esk.seed);
        },
        [] { return T::sign_expanded_with(esk, kMsg, sizeof kMsg, g_rnd, g_sig, g_ws); });
}

}  // namespace

int main() {
    using ct_m4::Expect;
    for (size_t i = 0; i < sizeof g_rnd; ++i) g_rnd[i] = uint8_t(0x5A ^ i);  // the same in both runs
    int bad = 0;
    bad |= ct_m4::region_pair("mayo.keygen", Expect::same, draw_seed,
                              [] { return S::keypair_from_seed(g_seed, g_pk, g_sk, g_ws); });
    bad |= ct_m4::region_pair(
        "mayo.sign", Expect::same,
        [](int run) {
            draw_seed(run);
            (void)S::keypair_from_seed(g_seed, g_pk, g_sk, g_ws);
        },
        [] { return S::sign_with(g_sk, kMsg, sizeof kMsg, g_rnd, g_sig, g_ws); });
    if constexpr (kExpanded) bad |= sign_with_mixed_keys<S>();
    return ct_m4::finish(bad);
}
