// SPDX-License-Identifier: Apache-2.0 OR MIT
// The KEM sets of one family the decapsulation targets cover (Classic
// McEliece: the two 348864 sets, the others' keys are too big to fuzz), and
// each set's fixed key pair, generated from a fixed rng so that the seed
// corpus's ciphertexts are encapsulations under the very key the target uses.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz_common.hpp"
#include "pqmcu/pqmcu.hpp"

namespace pqmcu::fuzz {

inline std::vector<Kem> kem_sets(std::string_view family) {
    std::vector<Kem> out;
    for (const KemOps& ops : Kem::all()) {
        if (family != ops.family) continue;
        const std::string_view name = ops.name;
        if (family == "Classic McEliece" && name != "mceliece348864" && name != "mceliece348864f") continue;
        out.push_back(Kem::by_name(name));
    }
    return out;
}

inline Status fill_from(void* ctx, uint8_t* out, size_t n) {
    (*static_cast<CountingRng*>(ctx))(out, n);
    return Status::ok;
}

struct KemKey {
    std::vector<uint8_t> pk, sk;
};
inline KemKey kem_fixed_key(const Kem& kem) {
    CountingRng rng{0x6b656d66757a7a00ull};  // "kemfuzz"
    KemKey k{std::vector<uint8_t>(kem.public_key_bytes()), std::vector<uint8_t>(kem.secret_key_bytes())};
    if (kem.keypair(k.pk, k.sk, RandomSource{&rng, fill_from}) != Status::ok) std::abort();
    return k;
}

}  // namespace pqmcu::fuzz
