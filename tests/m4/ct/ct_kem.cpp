// SPDX-License-Identifier: Apache-2.0 OR MIT
// A KEM on the emulated M4, constant-time check (docs/ct-m4.md):
//   PQMCU_CT_SABER=<set> or PQMCU_CT_NTRU=<set>   the scheme and set
// Regions, each run twice with the same public inputs:
//   kem.keygen  keypair with two rng streams (the secrets)
//   kem.encaps  encapsulate to key 0's public key with two rng streams
//               (the message m is the secret)
//   kem.decaps  decapsulate key 0's ciphertext with secret key 0 (valid:
//               the re-encryption matches) and with secret key 1 (for it the
//               ciphertext is invalid: implicit rejection). The FO transform
//               must make the two paths indistinguishable.
#include <cstring>

#include "ct_harness.hpp"
#if defined(PQMCU_CT_SABER)
#include "saber/scheme.hpp"
#elif defined(PQMCU_CT_NTRU)
#include "ntru/scheme.hpp"
#else
#error "define PQMCU_CT_SABER or PQMCU_CT_NTRU"
#endif

namespace {
using namespace pqmcu;
#if defined(PQMCU_CT_SABER)
using S = saber::Scheme<saber::PQMCU_CT_SABER>;
#else
using S = ntru::Scheme<ntru::PQMCU_CT_NTRU>;
#endif

uint8_t g_pk[S::pk_bytes], g_sk[S::sk_bytes], g_ct[S::ct_bytes], g_ss[S::ss_bytes];
uint8_t g_pk0[S::pk_bytes], g_sk0[S::sk_bytes], g_ct0[S::ct_bytes];
S::Workspace g_ws;

// Key r into g_pk / g_sk (outside the regions).
void make_key(int run) {
    ct_m4::seed_run(run);
    (void)S::keypair(g_pk, g_sk, ct_m4::g_rng, g_ws);
}

}  // namespace

int main() {
    using ct_m4::Expect;
    make_key(0);
    std::memcpy(g_pk0, g_pk, sizeof g_pk0);
    std::memcpy(g_sk0, g_sk, sizeof g_sk0);
    ct_m4::seed_run(0);
    if (S::encapsulate(g_ct0, g_ss, g_pk0, ct_m4::g_rng, g_ws) != Status::ok) return ct_m4::finish(1);

    int bad = 0;
    bad |= ct_m4::region_pair("kem.keygen", Expect::same, ct_m4::seed_run,
                              [] { return S::keypair(g_pk, g_sk, ct_m4::g_rng, g_ws); });
    bad |= ct_m4::region_pair("kem.encaps", Expect::same, [](int run) { ct_m4::seed_run(run + 2); },
                              [] { return S::encapsulate(g_ct, g_ss, g_pk0, ct_m4::g_rng, g_ws); });
    bad |= ct_m4::region_pair("kem.decaps", Expect::same, make_key,
                              [] { return S::decapsulate(g_ss, g_ct0, g_sk, g_ws); });
    return ct_m4::finish(bad);
}
