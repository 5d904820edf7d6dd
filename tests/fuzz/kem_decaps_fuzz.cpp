// SPDX-License-Identifier: Apache-2.0 OR MIT
// libFuzzer: decapsulation with fuzzed ciphertexts and secret keys, for the
// sets of one KEM family (PQMCU_FUZZ_KEM_FAMILY, the registry's family name),
// through the C++ registry (pqmcu::Kem). Input (fuzz_common.hpp):
//   selector bit 7 clear: selector || sk || ct: any secret key; any status is
//     allowed, but no crash or sanitizer report;
//   selector bit 7 set: selector || ct under the set's fixed key pair
//     (kem_fuzz.hpp): a tampered ciphertext is implicitly rejected, so
//     decapsulation must return ok, and twice the same secret.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz_common.hpp"
#include "kem_fuzz.hpp"

namespace {

using namespace pqmcu;

struct Set {
    Kem kem;
    bool have_key = false;
    fuzz::KemKey key;
};

std::vector<Set>& sets() {
    static std::vector<Set> s = [] {
        std::vector<Set> out;
        for (const Kem& k : fuzz::kem_sets(PQMCU_FUZZ_KEM_FAMILY)) out.push_back(Set{k});
        if (out.empty()) std::abort();
        return out;
    }();
    return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto& all = sets();
    const fuzz::Selector sel = fuzz::select(data, size, all.size());
    Set& set = all[sel.index];
    const Kem& kem = set.kem;
    const char* name = kem.name().data();  // registry names are NUL-terminated literals
    fuzz::Reader in(data, size);
    std::vector<uint8_t> ss(kem.shared_secret_bytes());
    if (!sel.mode) {
        const auto sk = in.take(kem.secret_key_bytes());
        const auto ct = in.take(kem.ciphertext_bytes());
        (void)kem.decapsulate(sk, ct, ss);
        return 0;
    }
    if (!set.have_key) {  // key generation once per set and process (McEliece: seconds)
        set.key = fuzz::kem_fixed_key(kem);
        set.have_key = true;
    }
    const auto ct = in.take(kem.ciphertext_bytes());
    fuzz::require(kem.decapsulate(set.key.sk, ct, ss) == Status::ok, "kem_decaps", name,
                  "decapsulation under a valid key did not return ok");
    std::vector<uint8_t> again(ss.size());
    fuzz::require(kem.decapsulate(set.key.sk, ct, again) == Status::ok && again == ss, "kem_decaps", name,
                  "decapsulation is not deterministic");
    return 0;
}
