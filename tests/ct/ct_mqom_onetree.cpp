// SPDX-License-Identifier: Apache-2.0 OR MIT
// Constant-time check of the one-tree MQOM signer (mqom/onetree_scheme.hpp):
// the secret key's secret part and mseed are poisoned, valgrind reports any
// branch or memory index that depends on them. Covers the stored-fold form
// (Balanced, "-2": groups skip subtrees) and the compact Memory form (leaves
// folded straight into the lanes), GF(256) and GF(2^16) extensions. The Lut
// profile is NOT constant time by design and is not checked.
#include <cstdio>
#include <cstring>

#include "core/secure.hpp"
#include "mqom/onetree_scheme.hpp"

namespace {
using namespace pqmcu;

template <class S>
int run() {
    static typename S::Workspace ws;
    static uint8_t pk[S::pk_bytes], sk[S::sk_bytes], sig[S::sig_bytes];
    uint8_t seed[2 * S::seed_bytes];
    for (size_t i = 0; i < sizeof seed; ++i) seed[i] = uint8_t(5 * i + 2);
    if (S::Base::keypair_from_seed(seed, pk, sk) != Status::ok) return 1;
    uint8_t mseed[S::seed_bytes], salt[S::seed_bytes];
    for (size_t i = 0; i < sizeof mseed; ++i) mseed[i] = uint8_t(7 + i), salt[i] = uint8_t(200 - i);
    const uint8_t msg[] = "one tree";
    ct_poison(sk + S::pk_bytes, S::sk_bytes - S::pk_bytes);  // sk = pk || secret part
    ct_poison(mseed, sizeof mseed);
    if (S::sign_with(sk, msg, sizeof msg, mseed, salt, sig, ws) != Status::ok) return 1;
    ct_unpoison(sig, sizeof sig);
    ct_unpoison(sk, sizeof sk);
    return S::verify(pk, msg, sizeof msg, sig, sizeof sig, ws) == Status::ok ? 0 : 1;
}
}  // namespace

int main() {
    int bad = 0;
    bad |= run<mqom::OneTree2<mqom::mqom2_cat1_gf16_fast_r5, mqom::Balanced>>();
    bad |= run<mqom::OneTree1<mqom::mqom2_cat1_gf16_fast_r5, mqom::Memory>>();
    bad |= run<mqom::OneTree2<mqom::mqom2_cat1_gf16_short_r5, mqom::Memory>>();
    std::printf("ct_mqom_onetree: %s\n", bad ? "FAIL" : "ok");
    return bad;
}
