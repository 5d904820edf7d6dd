// SPDX-License-Identifier: Apache-2.0 OR MIT
// Writes the seed corpora of every fuzz target from real keys, signatures and
// ciphertexts (made here, deterministically; nothing binary is committed):
//   make_seeds OUTDIR   ->  OUTDIR/<target>/seed-NNN
// The layouts are the targets' (fuzz_common.hpp and each target's comment).
#include <sys/stat.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "api/armor.hpp"
#include "fuzz_common.hpp"
#include "kem_fuzz.hpp"
#include "mayo_fuzz.hpp"
#include "mqom_fuzz.hpp"

namespace {

using namespace pqmcu;
using Bytes = std::vector<uint8_t>;

std::string g_out;

void save(const std::string& target, const Bytes& entry) {
    static std::map<std::string, int> counts;
    if (counts.find(target) == counts.end()) ::mkdir((g_out + "/" + target).c_str(), 0777);
    char name[32];
    std::snprintf(name, sizeof name, "/seed-%03d", counts[target]++);
    const std::string path = g_out + "/" + target + name;
    FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr || std::fwrite(entry.data(), 1, entry.size(), f) != entry.size() || std::fclose(f) != 0) {
        std::fprintf(stderr, "make_seeds: cannot write %s\n", path.c_str());
        std::exit(2);
    }
}
void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "make_seeds: %s failed\n", what);
        std::exit(2);
    }
}
Bytes pattern(size_t n, uint8_t start) {
    Bytes b(n);
    for (size_t i = 0; i < n; ++i) b[i] = uint8_t(start + 7 * i);
    return b;
}
const Bytes kMessage = {'p', 'q', 'm', 'c', 'u', ' ', 'f', 'u', 'z', 'z', ' ', 's', 'e', 'e', 'd'};

void mqom_seeds() {
    for (size_t i = 0; i < fuzz::kMqomSetCount; ++i) {
        fuzz::dispatch<fuzz::MqomSets>(i, [&]<class Set>() {
            using S = mqom::Scheme<Set>;
            auto ws = std::make_unique<typename S::Workspace>();
            const Bytes seed = pattern(S::keygen_seed_bytes, uint8_t(i)), mseed = pattern(S::seed_bytes, 1),
                        salt = pattern(S::seed_bytes, 2);
            Bytes pk(S::pk_bytes), sk(S::sk_bytes), sig(S::sig_bytes);
            check(S::keypair_from_seed(seed.data(), pk.data(), sk.data()) == Status::ok, "MQOM keypair");
            check(S::sign_with(sk.data(), kMessage.data(), kMessage.size(), mseed.data(), salt.data(), sig.data(),
                               *ws) == Status::ok,
                  "MQOM sign");
            // The harness's re-grinding must find the signer's nonce again.
            Bytes reground = sig;
            std::memset(reground.data() + S::dims.off_nonce(), 0xff, 4);
            fuzz::regrind_nonce<S>(pk.data(), kMessage.data(), kMessage.size(), reground.data());
            check(reground == sig, "re-grinding the nonce");
            save("mqom_verify", fuzz::entry(uint8_t(i), {pk, sig, kMessage}));
            save("mqom_verify", fuzz::entry(uint8_t(i | fuzz::kModeBit), {pk, sig, kMessage}));
            save("mqom_sign", fuzz::entry(uint8_t(i), {sk, mseed, salt, kMessage}));
            save("mqom_sign", fuzz::entry(uint8_t(i | fuzz::kModeBit), {seed, mseed, salt, kMessage}));
        });
    }
}

void mayo_seeds() {
    for (size_t i = 0; i < fuzz::kMayoSetCount; ++i) {
        fuzz::dispatch<fuzz::MayoSets>(i, [&]<class Set>() {
            using S = mayo::Scheme<Set>;
            auto ws = std::make_unique<typename S::Workspace>();
            const Bytes seed = pattern(S::seed_bytes, uint8_t(i)), rnd = pattern(S::randomizer_bytes, 3);
            Bytes pk(S::pk_bytes), sk(S::sk_bytes), sig(S::sig_bytes);
            check(S::keypair_from_seed(seed.data(), pk.data(), sk.data(), *ws) == Status::ok, "MAYO keypair");
            check(S::sign_with(sk.data(), kMessage.data(), kMessage.size(), rnd.data(), sig.data(), *ws) ==
                      Status::ok,
                  "MAYO sign");
            save("mayo_verify", fuzz::entry(uint8_t(i), {pk, sig, kMessage}));
            save("mayo_sign", fuzz::entry(uint8_t(i), {sk, rnd, kMessage}));
            save("mayo_sign", fuzz::entry(uint8_t(i | fuzz::kModeBit), {sk, rnd, kMessage}));
        });
    }
}

void kem_seeds(const char* target, const char* family) {
    const std::vector<Kem> sets = fuzz::kem_sets(family);
    for (size_t i = 0; i < sets.size(); ++i) {
        const Kem& k = sets[i];
        const fuzz::KemKey key = fuzz::kem_fixed_key(k);
        fuzz::CountingRng rng{i + 1};
        Bytes ct(k.ciphertext_bytes()), ss(k.shared_secret_bytes());
        check(k.encapsulate(key.pk, ct, ss, RandomSource{&rng, fuzz::fill_from}) == Status::ok, "encapsulate");
        save(target, fuzz::entry(uint8_t(i | fuzz::kModeBit), {ct}));
        save(target, fuzz::entry(uint8_t(i), {key.sk, ct}));
    }
}

// cli_key_file: [kind index][algorithm index][file]; the kind indices are
// the target's kKinds order.
void cli_seeds() {
    using armor::Kind;
    const auto sig_index = [](std::string_view name) {
        const auto all = Signature::all();
        for (size_t i = 0; i < all.size(); ++i)
            if (name == all[i].name) return uint8_t(i);
        std::exit(2);
    };
    const auto kem_index = [](std::string_view name) {
        const auto all = Kem::all();
        for (size_t i = 0; i < all.size(); ++i)
            if (name == all[i].name) return uint8_t(i);
        std::exit(2);
    };
    for (const char* name : {"mqom2_cat1_gf16_fast_r5", "MAYO-1"}) {
        const Signature s = Signature::by_name(name);
        fuzz::CountingRng rng{7};
        const RandomSource src{&rng, fuzz::fill_from};
        Bytes pk(s.public_key_bytes()), sk(s.secret_key_bytes()), sig(s.signature_bytes());
        size_t siglen = 0;
        check(s.keypair(pk, sk, src) == Status::ok, "keypair");
        check(s.sign(sk, kMessage, sig, &siglen, src) == Status::ok, "sign");
        sig.resize(siglen);
        const uint8_t a = sig_index(s.name());
        const std::pair<Kind, const Bytes*> objects[] = {{Kind::public_key, &pk}, {Kind::secret_key, &sk},
                                                         {Kind::signature, &sig}};
        for (uint8_t kind = 0; kind < 3; ++kind) {
            const auto [k, obj] = objects[kind];
            const armor::Bytes file = armor::encode(k, s.name(), obj->data(), obj->size());
            save("cli_key_file", fuzz::entry(kind, {Bytes{a}, Bytes(file.begin(), file.end())}));
            save("cli_key_file", fuzz::entry(uint8_t(kind | fuzz::kModeBit), {Bytes{a}, *obj}));
        }
    }
    for (const char* name : {"lightsaber", "ntruhps2048509", "mceliece348864"}) {
        const Kem k = Kem::by_name(name);
        check(bool(k), name);
        const fuzz::KemKey key = fuzz::kem_fixed_key(k);
        fuzz::CountingRng rng{9};
        Bytes ct(k.ciphertext_bytes()), ss(k.shared_secret_bytes());
        check(k.encapsulate(key.pk, ct, ss, RandomSource{&rng, fuzz::fill_from}) == Status::ok, "encapsulate");
        const uint8_t a = kem_index(k.name());
        const bool small_pk = key.pk.size() < 4096;  // McEliece's 261 KB key stays out of the corpus
        const std::pair<Kind, const Bytes*> objects[] = {
            {Kind::kem_public_key, small_pk ? &key.pk : nullptr}, {Kind::kem_secret_key, &key.sk},
            {Kind::ciphertext, &ct}};
        for (uint8_t kind = 3; kind < 6; ++kind) {
            const auto [kd, obj] = objects[kind - 3];
            if (obj == nullptr || obj->size() > 8192) continue;
            const armor::Bytes file = armor::encode(kd, k.name(), obj->data(), obj->size());
            save("cli_key_file", fuzz::entry(kind, {Bytes{a}, Bytes(file.begin(), file.end())}));
            save("cli_key_file", fuzz::entry(uint8_t(kind | fuzz::kModeBit), {Bytes{a}, *obj}));
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_seeds OUTDIR\n");
        return 2;
    }
    g_out = argv[1];
    ::mkdir(g_out.c_str(), 0777);
    mqom_seeds();
    mayo_seeds();
    kem_seeds("mceliece_decaps", "Classic McEliece");
    kem_seeds("saber_decaps", "Saber");
    kem_seeds("ntru_decaps", "NTRU");
    cli_seeds();
    std::printf("make_seeds: corpora written to %s\n", argv[1]);
    return 0;
}
