// SPDX-License-Identifier: Apache-2.0 OR MIT
// Constant-time check of MAYO key generation and signing, both profiles
// (Expanded, with compact and expanded secret keys, and Streamed): the key
// seed, the secret key and the signing randomizer are poisoned; valgrind
// reports any branch or memory index that depends on them. Runs the kernels
// the CPU selects under valgrind (AVX2 where available; valgrind does not
// offer VAES, so the keystream of the public seed takes the generic path).
#include <cstdio>
#include <memory>
#include <type_traits>

#include "core/secure.hpp"
#include "mayo/scheme.hpp"

namespace {
using namespace pqmcu;

template <class Set, class Profile = mayo::Expanded>
int run() {
    using S = mayo::Scheme<Set, Profile>;
    auto ws = std::make_unique<typename S::Workspace>();  // test program: up to 1 MB
    uint8_t seed[S::seed_bytes], rnd[S::randomizer_bytes];
    for (size_t i = 0; i < sizeof seed; ++i) seed[i] = uint8_t(i * 7 + 1);
    for (size_t i = 0; i < sizeof rnd; ++i) rnd[i] = uint8_t(i * 13 + 5);
    static uint8_t pk[S::pk_bytes], sk[S::sk_bytes], sig[S::sig_bytes];
    const uint8_t msg[32] = {1};

    ct_poison(seed, sizeof seed);
    if (S::keypair_from_seed(seed, pk, sk, *ws) != Status::ok) return 1;
    ct_unpoison(pk, sizeof pk);
    ct_poison(sk, sizeof sk);
    ct_poison(rnd, sizeof rnd);
    if (S::sign_with(sk, msg, sizeof msg, rnd, sig, *ws) != Status::ok) return 1;
    ct_unpoison(sig, sizeof sig);
    if constexpr (std::is_same_v<Profile, mayo::Expanded>) {
        // Expanded secret key: expansion and signing with it.
        auto esk = std::make_unique<typename S::ExpandedSecretKey>();
        if (S::expand_secret_key(sk, *esk) != Status::ok) return 1;
        ct_unpoison(&esk->ready, sizeof esk->ready);  // set from the public status
        static uint8_t sig2[S::sig_bytes];
        if (S::sign_expanded_with(*esk, msg, sizeof msg, rnd, sig2, *ws) != Status::ok) return 1;
        ct_unpoison(sig2, sizeof sig2);
        S::wipe_expanded(*esk);
    }
    ct_unpoison(sk, sizeof sk);
    return S::verify(pk, msg, sizeof msg, sig, S::sig_bytes, *ws) == Status::ok ? 0 : 1;
}
}  // namespace

int main() {
    using namespace pqmcu::mayo;
    const int bad = run<mayo_1>() | run<mayo_2>() | run<mayo_3>() | run<mayo_5>() | run<mayo_1_r1>() |
                    run<mayo_2_r1>() | run<mayo_3_r1>() | run<mayo_5_r1>();
    // The streamed profile (its keystream of the public seed_pk may use T-table AES on the M4).
    const int bad_streamed = run<mayo_1, Streamed>() | run<mayo_2, Streamed>() | run<mayo_3, Streamed>() |
                             run<mayo_5, Streamed>() | run<mayo_1_r1, Streamed>() | run<mayo_2_r1, Streamed>() |
                             run<mayo_3_r1, Streamed>() | run<mayo_5_r1, Streamed>();
    std::puts(bad | bad_streamed ? "ct_mayo: an operation failed" : "ct_mayo: done");
    return bad | bad_streamed;
}
