// SPDX-License-Identifier: Apache-2.0 OR MIT
// libFuzzer: MAYO signing with fuzzed secret keys, every set. Input:
// selector || sk || randomizer || msg (fuzz_common.hpp). A MAYO secret key is
// its seed, so every byte string is a key: the Expanded and Streamed signers
// must write the same signature, and it must verify under the public key
// generated from the same seed. Selector bit 7: sign through the expanded
// secret key (expand_secret_key + sign_expanded) instead of the compact one.
#include <cstddef>
#include <cstdint>

#include "fuzz_common.hpp"
#include "mayo_fuzz.hpp"

namespace {

using namespace pqmcu;

template <class Set>
void sign_both_profiles(const uint8_t* data, size_t size, bool expanded_key) {
    using E = mayo::Scheme<Set, mayo::Expanded>;
    using S = mayo::Scheme<Set, mayo::Streamed>;
    static auto* const we = new typename E::Workspace;
    static auto* const ws = new typename S::Workspace;

    fuzz::Reader in(data, size);
    const auto sk = in.take(E::sk_bytes);
    const auto rnd = in.take(E::randomizer_bytes);
    const auto msg = in.rest();

    std::vector<uint8_t> pk(E::pk_bytes), sk2(E::sk_bytes), sig_e(E::sig_bytes), sig_s(S::sig_bytes);
    fuzz::require(E::keypair_from_seed(sk.data(), pk.data(), sk2.data(), *we) == Status::ok, "mayo_sign", E::name,
                  "keypair_from_seed failed");
    fuzz::require(sk2 == sk, "mayo_sign", E::name, "the secret key is not its seed");
    Status se;
    if (expanded_key) {
        static auto* const esk = new typename E::ExpandedSecretKey;
        se = E::expand_secret_key(sk.data(), *esk);
        if (se == Status::ok) se = E::sign_expanded_with(*esk, msg.data(), msg.size(), rnd.data(), sig_e.data(), *we);
    } else {
        se = E::sign_with(sk.data(), msg.data(), msg.size(), rnd.data(), sig_e.data(), *we);
    }
    const Status ss = S::sign_with(sk.data(), msg.data(), msg.size(), rnd.data(), sig_s.data(), *ws);
    fuzz::require(se == Status::ok && ss == Status::ok, "mayo_sign", E::name, "signing failed");
    fuzz::require(sig_e == sig_s, "mayo_sign", E::name, "Expanded and Streamed signers write different signatures");
    fuzz::require(E::verify(pk.data(), msg.data(), msg.size(), sig_e.data(), sig_e.size(), *we) == Status::ok,
                  "mayo_sign", E::name, "the signature does not verify");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    fuzz::on_selected_set<fuzz::MayoSets>(
        data, size, [&]<class Set>(bool expanded_key) { sign_both_profiles<Set>(data, size, expanded_key); });
    return 0;
}
