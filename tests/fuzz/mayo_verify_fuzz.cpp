// SPDX-License-Identifier: Apache-2.0 OR MIT
// libFuzzer: MAYO verification with a fuzzed public key, signature and
// message, every set. Input: selector || pk || sig || msg (fuzz_common.hpp).
// The Expanded (host) and Streamed (M4) verifiers must agree on every input.
// Selector bit 7: the public key is given as a length one byte short (the
// length check must refuse it before anything is read).
#include <cstddef>
#include <cstdint>

#include "fuzz_common.hpp"
#include "mayo_fuzz.hpp"

namespace {

using namespace pqmcu;

template <class Set>
void verify_both_profiles(const uint8_t* data, size_t size, bool short_pk) {
    using E = mayo::Scheme<Set, mayo::Expanded>;
    using S = mayo::Scheme<Set, mayo::Streamed>;
    static auto* const we = new typename E::Workspace;
    static auto* const ws = new typename S::VerifyWorkspace;

    fuzz::Reader in(data, size);
    const auto pk = in.take(E::pk_bytes);
    const auto sig = in.take(E::sig_bytes);
    const auto msg = in.rest();
    if (short_pk) {
        fuzz::require(E::verify(pk.data(), pk.size() - 1, msg.data(), msg.size(), sig.data(), sig.size(), *we) ==
                          Status::bad_length,
                      "mayo_verify", E::name, "a short public key was not refused");
        return;
    }
    const Status se = E::verify(pk.data(), msg.data(), msg.size(), sig.data(), sig.size(), *we);
    const Status ss = S::verify(pk.data(), msg.data(), msg.size(), sig.data(), sig.size(), *ws);
    fuzz::require(se == Status::ok || se == Status::verify_failed, "mayo_verify", E::name,
                  "verify returned neither ok nor verify_failed");
    fuzz::require(se == ss, "mayo_verify", E::name, "Expanded and Streamed verifiers disagree");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    fuzz::on_selected_set<fuzz::MayoSets>(
        data, size, [&]<class Set>(bool short_pk) { verify_both_profiles<Set>(data, size, short_pk); });
    return 0;
}
