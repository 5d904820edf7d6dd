// SPDX-License-Identifier: Apache-2.0 OR MIT
// Constant-time check of Classic McEliece key generation, encapsulation and
// decapsulation (mceliece348864, mceliece348864f): the seed delta, the
// FixedWeight random bytes and the secret key are poisoned; valgrind reports
// any branch or memory index that depends on them. The library declassifies
// only the published "retry" outcomes (a failed key-generation attempt, a
// rejected FixedWeight draw). Key generation runs twice: into a pk buffer and
// through a pk sink (streaming, KeygenSinkWorkspace).
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include "core/secure.hpp"
#include "mceliece/scheme.hpp"

namespace {
using namespace pqmcu;

template <class Set>
int run() {
    using S = mceliece::Scheme<Set>;
    auto ws = std::make_unique<typename S::Workspace>();
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), ct(S::ct_bytes);
    uint8_t delta[32], ss[32], ss2[32];
    for (size_t i = 0; i < sizeof delta; ++i) delta[i] = uint8_t(i * 29 + 3);

    ct_poison(delta, sizeof delta);
    if (S::keypair_from_seed(delta, pk.data(), sk.data(), *ws) != Status::ok) return 1;
    ct_unpoison(pk.data(), pk.size());

    // The streaming key generation (public key through a sink) from the same
    // poisoned delta: the bands it emits are public once emitted.
    {
        auto kws = std::make_unique<typename S::KeygenSinkWorkspace>();
        std::vector<uint8_t> pk2(S::pk_bytes), sk2(S::sk_bytes);
        size_t at = 0;
        auto sink = [&](const uint8_t* bytes, size_t n) {
            if (n > pk2.size() - at) return Status::internal_error;
            std::memcpy(pk2.data() + at, bytes, n);
            at += n;
            return Status::ok;
        };
        if (S::keypair_from_seed(delta, sink, sk2.data(), *kws) != Status::ok) return 1;
        ct_unpoison(pk2.data(), pk2.size());
        ct_unpoison(sk2.data(), sk2.size());
        ct_unpoison(sk.data(), sk.size());
        if (at != pk2.size() || pk2 != pk || sk2 != sk) return 1;
    }

    uint32_t state = 12345;
    auto secret_rng = [&](uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) {
            state = state * 1103515245u + 12345u;
            out[i] = uint8_t(state >> 24);
        }
        ct_poison(out, n);
    };
    if (S::encapsulate(ct.data(), ss, pk.data(), secret_rng, *ws) != Status::ok) return 1;
    ct_unpoison(ct.data(), ct.size());

    ct_poison(sk.data(), sk.size());
    if (S::decapsulate(ss2, ct.data(), sk.data(), *ws) != Status::ok) return 1;
    ct[3] ^= 4;  // the implicit-rejection path runs the same code
    uint8_t ss3[32];
    if (S::decapsulate(ss3, ct.data(), sk.data(), *ws) != Status::ok) return 1;
    ct_unpoison(ss, sizeof ss);
    ct_unpoison(ss2, sizeof ss2);
    ct_unpoison(ss3, sizeof ss3);
    return std::memcmp(ss, ss2, 32) != 0 || std::memcmp(ss, ss3, 32) == 0;
}
}  // namespace

int main() {
    using namespace pqmcu::mceliece;
    const int bad = run<mceliece348864>() | run<mceliece348864f>();
    std::puts(bad ? "ct_mceliece: an operation failed" : "ct_mceliece: done");
    return bad;
}
