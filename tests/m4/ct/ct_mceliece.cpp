// SPDX-License-Identifier: Apache-2.0 OR MIT
// Classic McEliece on the emulated M4, constant-time check (docs/ct-m4.md):
//   PQMCU_CT_MCELIECE=<set>   the set; its count-0 keys come from the host
//                             generator (pqmcu_mceliece_m4_vectors), the pk
//                             is read in place from flash as in the KAT tests
// Regions, each run twice with the same public inputs:
//   mceliece.encaps  encapsulate to the count-0 key with two rng streams (the
//                    FixedWeight draw is the secret; both streams are chosen
//                    so that their first draw is accepted, so every
//                    declassified retry verdict is equal and the traces must
//                    be identical)
//   mceliece.decaps  decapsulate count 0's ciphertext with the count-0 secret
//                    key (valid) and with that key's Goppa polynomial
//                    changed (decoding fails: implicit rejection); the two
//                    paths must be indistinguishable.
#include <cstring>

#include "ct_harness.hpp"
#include "mceliece/scheme.hpp"

extern "C" {
extern const uint8_t mce_vec_pk[], mce_vec_sk[], mce_vec_seed[], mce_vec_ct[], mce_vec_ss[];
}

namespace {
using namespace pqmcu;
using S = mceliece::Scheme<mceliece::PQMCU_CT_MCELIECE>;

uint8_t g_sk[S::sk_bytes], g_ct[S::ct_bytes], g_ss[S::ss_bytes];
S::EncapsWorkspace g_ews;
S::DecapsWorkspace g_dws;

// Runs 0 / 1 of the encapsulation use streams g_seed + run, g_seed the first
// from 1 on for which both accept their first FixedWeight draw (searched in
// main, outside the regions).
int g_seed = 0;
size_t g_draws = 0;
void rng(uint8_t* out, size_t n) {
    ++g_draws;
    ct_m4::g_rng(out, n);
}

// The harness's seed_run has four streams; encapsulation needs more to find
// two that accept their first draw.
void seed(int k) { ct_m4::g_rng.state = 0x9E3779B97F4A7C15u * uint64_t(k + 1); }

void key(int run) {
    std::memcpy(g_sk, mce_vec_sk, sizeof g_sk);
    if (run == 1) g_sk[40] ^= 0x5A;  // g's first coefficient: another (invalid) key
}

}  // namespace

int main() {
    using ct_m4::Expect;
    auto one_draw = [](int k) {
        seed(k);
        g_draws = 0;
        return S::encapsulate(g_ct, g_ss, mce_vec_pk, rng, g_ews) == Status::ok && g_draws == 1;
    };
    for (int k = 1; k < 64 && g_seed == 0; ++k)
        if (one_draw(k) && one_draw(k + 1)) g_seed = k;
    if (g_seed == 0) return ct_m4::finish(1);
    int bad = 0;
    bad |= ct_m4::region_pair("mceliece.encaps", Expect::same,
                              [](int run) { seed(g_seed + run); },
                              [] { return S::encapsulate(g_ct, g_ss, mce_vec_pk, rng, g_ews); });
    bad |= ct_m4::region_pair("mceliece.decaps", Expect::same, key,
                              [] { return S::decapsulate(g_ss, mce_vec_ct, g_sk, g_dws); });
    return ct_m4::finish(bad);
}
