// SPDX-License-Identifier: Apache-2.0 OR MIT
// libFuzzer: MQOM verification with a fuzzed public key, signature and
// message. Input: selector || pk || sig || msg (fuzz_common.hpp). Unless the
// selector's bit 7 is set, the nonce is re-ground first (mqom_fuzz.hpp), so
// mutations get past the grinding check into the trees and the PIOP. Every
// input goes through the Desktop verifier and the M4 profiles' verifiers
// (Balanced, and Memory's grouped verifier with its own small workspace);
// they must agree.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "fuzz_common.hpp"
#include "mqom_fuzz.hpp"

namespace {

using namespace pqmcu;

template <class Set>
void verify_all_profiles(const uint8_t* data, size_t size, bool keep_nonce) {
    using D = mqom::Scheme<Set, mqom::Desktop>;
    using B = mqom::Scheme<Set, mqom::Balanced>;
    using M = mqom::Scheme<Set, mqom::Memory>;
    static_assert(M::grouped_verify, "Memory's verifier is the grouped one");
    // Allocated once per set (the biggest Desktop workspace is ~0.5 MB).
    static auto* const wd = new typename D::Workspace;
    static auto* const wb = new typename B::Workspace;
    static auto* const wm = new typename M::VerifyWorkspace;

    fuzz::Reader in(data, size);
    const auto pk = in.take(D::pk_bytes);
    auto sig = in.take(D::sig_bytes);
    const auto msg = in.rest();
    if (!keep_nonce) fuzz::regrind_nonce<D>(pk.data(), msg.data(), msg.size(), sig.data());

    const Status sd = D::verify(pk.data(), msg.data(), msg.size(), sig.data(), sig.size(), *wd);
    const Status sb = B::verify(pk.data(), msg.data(), msg.size(), sig.data(), sig.size(), *wb);
    const Status sm = M::verify(pk.data(), msg.data(), msg.size(), sig.data(), sig.size(), *wm);
    fuzz::require(sd == Status::ok || sd == Status::verify_failed, "mqom_verify", D::name,
                  "Desktop verify returned neither ok nor verify_failed");
    fuzz::require(sb == sd, "mqom_verify", D::name, "Balanced and Desktop verifiers disagree");
    fuzz::require(sm == sd, "mqom_verify", D::name, "Memory (grouped) and Desktop verifiers disagree");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    fuzz::on_selected_set<fuzz::MqomSets>(
        data, size, [&]<class Set>(bool keep_nonce) { verify_all_profiles<Set>(data, size, keep_nonce); });
    return 0;
}
