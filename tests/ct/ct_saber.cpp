// SPDX-License-Identifier: Apache-2.0 OR MIT
// Constant-time check of Saber key generation, encapsulation and
// decapsulation (valid and tampered ciphertexts), all three sets: every
// byte the rng returns (seed_A, seed_s, z, m) and the secret key are
// poisoned; valgrind reports any branch or memory index that depends on
// them (the binomial sampler, the products, the FO re-encryption compare,
// the implicit-rejection select), for the NTT default, the Speed and the Toom profiles.
#include <cstdio>
#include <cstring>
#include <memory>

#include "core/secure.hpp"
#include "saber/scheme.hpp"

namespace {
using namespace pqmcu;

struct PoisonedRng {
    uint8_t next = 1;
    void operator()(uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) out[i] = uint8_t(next = uint8_t(next * 73 + 19));
        ct_poison(out, n);
    }
};

template <class Set, class Profile = saber::Default>
int run() {
    using S = saber::Scheme<Set, Profile>;
    auto ws = std::make_unique<typename S::Workspace>();
    static uint8_t pk[S::pk_bytes], sk[S::sk_bytes], ct[S::ct_bytes], bad[S::ct_bytes];
    uint8_t ss[32], ss2[32], ss3[32];
    PoisonedRng rng;
    if (S::keypair(pk, sk, rng, *ws) != Status::ok) return 1;
    ct_unpoison(pk, sizeof pk);
    ct_poison(sk, sizeof sk);
    if (S::encapsulate(ct, ss, pk, rng, *ws) != Status::ok) return 1;
    ct_unpoison(ct, sizeof ct);
    if (S::decapsulate(ss2, ct, sk, *ws) != Status::ok) return 1;
    std::memcpy(bad, ct, sizeof bad);
    bad[7] ^= 4;
    if (S::decapsulate(ss3, bad, sk, *ws) != Status::ok) return 1;
    ct_unpoison(ss, sizeof ss);
    ct_unpoison(ss2, sizeof ss2);
    ct_unpoison(ss3, sizeof ss3);
    const bool good = std::memcmp(ss, ss2, 32) == 0 && std::memcmp(ss, ss3, 32) != 0;
    return good ? 0 : 1;
}
}  // namespace

int main() {
    // The NTT default for every set, the Speed and Toom profiles for one.
    const int bad = run<saber::lightsaber>() | run<saber::saber>() | run<saber::firesaber>() |
                    run<saber::lightsaber, saber::Speed>() | run<saber::lightsaber, saber::Toom>();
    std::puts(bad ? "ct_saber: an operation failed" : "ct_saber: done");
    return bad;
}
