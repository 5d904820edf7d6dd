// SPDX-License-Identifier: Apache-2.0 OR MIT
// A C++ program against the installed pqmcu: the registry API for a MAYO and
// an MQOM set, and a KEM where one is built in. Exit 0 when all behave.
#include <cstdio>
#include <pqmcu/pqmcu.hpp>
#include <vector>

int main() {
    int bad = 0;
    for (const char* name : {"MAYO-2", "mqom2_cat1_gf16_fast_r5"}) {
        const pqmcu::Signature sig = pqmcu::Signature::by_name(name);
        if (!sig) {
            std::fprintf(stderr, "consumer_cxx: %s not found\n", name);
            return 1;
        }
        std::vector<uint8_t> pk(sig.public_key_bytes()), sk(sig.secret_key_bytes()), s(sig.signature_bytes());
        const std::vector<uint8_t> msg = {1, 2, 3};
        size_t len = 0;
        bad += sig.keypair(pk, sk) != pqmcu::Status::ok;
        bad += sig.sign(sk, msg, s, &len) != pqmcu::Status::ok;
        bad += sig.verify(pk, msg, {s.data(), len}) != pqmcu::Status::ok;
        s[0] ^= 0x80;
        bad += sig.verify(pk, msg, {s.data(), len}) != pqmcu::Status::verify_failed;
    }
    for (const pqmcu::KemOps& ops : pqmcu::Kem::all()) {
        const pqmcu::Kem kem = pqmcu::Kem::by_name(ops.name);
        std::vector<uint8_t> pk(kem.public_key_bytes()), sk(kem.secret_key_bytes()), ct(kem.ciphertext_bytes()),
            ss(kem.shared_secret_bytes()), ss2(kem.shared_secret_bytes());
        bad += kem.keypair(pk, sk) != pqmcu::Status::ok;
        bad += kem.encapsulate(pk, ct, ss) != pqmcu::Status::ok;
        bad += kem.decapsulate(sk, ct, ss2) != pqmcu::Status::ok;
        bad += ss != ss2;
        break;  // one KEM is enough to show the API links
    }
    bad += bool(pqmcu::Signature::by_name("no-such-algorithm"));
    if (bad == 0) std::printf("consumer_cxx: ok (%zu signatures, %zu KEMs)\n", pqmcu::Signature::all().size(),
                              pqmcu::Kem::all().size());
    return bad == 0 ? 0 : 1;
}
