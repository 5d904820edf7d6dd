// SPDX-License-Identifier: Apache-2.0 OR MIT
// libFuzzer: MQOM signing with fuzzed secret keys. Input: selector || key ||
// mseed || salt || msg (fuzz_common.hpp). Selector bit 7 clear: `key` is a
// secret key as read from a file (any bytes); the Desktop signer and the
// Memory signer (the low-stack one that keeps the PIOP in the signature) must
// write the same signature and status. Bit 7 set: `key` is a key-generation
// seed; the signature of the generated key must also verify.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fuzz_common.hpp"
#include "mqom_fuzz.hpp"

namespace {

using namespace pqmcu;

template <class Set>
void sign_both_profiles(const uint8_t* data, size_t size, bool from_seed) {
    using D = mqom::Scheme<Set, mqom::Desktop>;
    using M = mqom::Scheme<Set, mqom::Memory>;
    static auto* const wd = new typename D::Workspace;
    static auto* const wm = new typename M::SignWorkspace;

    fuzz::Reader in(data, size);
    std::vector<uint8_t> pk(D::pk_bytes), sk;
    if (from_seed) {
        const auto seed = in.take(D::keygen_seed_bytes);
        sk.resize(D::sk_bytes);
        fuzz::require(D::keypair_from_seed(seed.data(), pk.data(), sk.data()) == Status::ok, "mqom_sign", D::name,
                      "keypair_from_seed failed");
    } else {
        sk = in.take(D::sk_bytes);
    }
    const auto mseed = in.take(D::seed_bytes);
    const auto salt = in.take(D::seed_bytes);
    const auto msg = in.rest();

    std::vector<uint8_t> sig_d(D::sig_bytes), sig_m(M::sig_bytes);
    const Status sd = D::sign_with(sk.data(), msg.data(), msg.size(), mseed.data(), salt.data(), sig_d.data(), *wd);
    const Status sm = M::sign_with(sk.data(), msg.data(), msg.size(), mseed.data(), salt.data(), sig_m.data(), *wm);
    fuzz::require(sd == sm, "mqom_sign", D::name, "Desktop and Memory signers return different statuses");
    if (sd != Status::ok) return;
    fuzz::require(sig_d == sig_m, "mqom_sign", D::name, "Desktop and Memory signers write different signatures");
    if (from_seed) {
        static auto* const wv = new typename D::Workspace;
        fuzz::require(D::verify(pk.data(), msg.data(), msg.size(), sig_d.data(), sig_d.size(), *wv) == Status::ok,
                      "mqom_sign", D::name, "a signature of a generated key does not verify");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    fuzz::on_selected_set<fuzz::MqomSets>(
        data, size, [&]<class Set>(bool from_seed) { sign_both_profiles<Set>(data, size, from_seed); });
    return 0;
}
