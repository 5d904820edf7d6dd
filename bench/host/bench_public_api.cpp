// SPDX-License-Identifier: Apache-2.0 OR MIT
// One parameter set through pqmcu's three signature APIs, interleaved in one
// process: the C API (pqmcu_sign_*), the C++ registry (pqmcu::Signature) and
// the typed API (Scheme<Set>::keypair/sign/verify with a workspace the caller
// keeps, no wipe). Run by scripts/bench-x86.sh, which alternates it with the
// upstream builds' drivers and takes medians over rounds:
//   pqmcu_bench_api <set name> [iterations]
//   pqmcu_bench_api --kem <KEM name> [iterations]   (keypair / encaps / decaps)
// prints one line per API: "<api> <keygen µs> <sign µs> <verify µs>", each the
// minimum of the iterations after one warm-up call (on a shared, loaded host a
// call longer than a scheduler slice is often preempted: the minimum of a few
// calls drops those; the script takes the median over rounds). All APIs draw randomness
// from the same cheap generator, so none pays for getrandom.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include "mayo/scheme.hpp"
#include "mceliece/scheme.hpp"
#include "mqom/scheme.hpp"
#include "ntru/scheme.hpp"
#include "saber/scheme.hpp"
#include "pqmcu/pqmcu.h"
#include "pqmcu/pqmcu.hpp"
#include "fast_fill.hpp"

namespace {

using pqmcu_bench::fast_fill;
int c_fill(void*, uint8_t* out, size_t n) {
    fast_fill(out, n);
    return 0;
}
pqmcu::Status cpp_fill(void*, uint8_t* out, size_t n) {
    fast_fill(out, n);
    return pqmcu::Status::ok;
}

double now_us() {
    return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct Ops {
    // Each returns 0 on success.
    virtual int keypair(uint8_t* pk, uint8_t* sk) = 0;
    virtual int sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig) = 0;
    virtual int verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig) = 0;
    virtual ~Ops() = default;
};

struct CApi final : Ops {
    const char* name;
    size_t pkb, skb, sigb;
    explicit CApi(const char* n) : name(n) { pqmcu_sign_sizes(n, &pkb, &skb, &sigb); }
    int keypair(uint8_t* pk, uint8_t* sk) override { return pqmcu_sign_keypair(name, pk, pkb, sk, skb); }
    int sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig) override {
        size_t len = sigb;
        return pqmcu_sign_signature(name, sig, &len, msg, mlen, sk, skb);
    }
    int verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig) override {
        return pqmcu_sign_verify(name, sig, sigb, msg, mlen, pk, pkb);
    }
};

struct CppApi final : Ops {
    pqmcu::Signature s;
    pqmcu::RandomSource rng{nullptr, cpp_fill};
    explicit CppApi(const char* n) : s(pqmcu::Signature::by_name(n)) {}
    int keypair(uint8_t* pk, uint8_t* sk) override {
        return int(s.keypair({pk, s.public_key_bytes()}, {sk, s.secret_key_bytes()}, rng));
    }
    int sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig) override {
        size_t len = 0;
        return int(s.sign({sk, s.secret_key_bytes()}, {msg, mlen}, {sig, s.signature_bytes()}, &len, rng));
    }
    int verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig) override {
        return int(s.verify({pk, s.public_key_bytes()}, {msg, mlen}, {sig, s.signature_bytes()}));
    }
};

template <class S>
struct Typed final : Ops {
    std::unique_ptr<typename S::Workspace> ws = std::make_unique<typename S::Workspace>();
    static constexpr auto rng = [](uint8_t* out, size_t n) { fast_fill(out, n); };
    int keypair(uint8_t* pk, uint8_t* sk) override { return int(S::keypair(pk, sk, rng, *ws)); }
    int sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig) override {
        return int(S::sign(sk, msg, mlen, sig, rng, *ws));
    }
    int verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig) override {
        return int(S::verify(pk, msg, mlen, sig, S::sig_bytes, *ws));
    }
};

// The typed API for the round-5 MQOM sets and MAYO round 2 (what the script times).
template <size_t... I>
std::unique_ptr<Ops> typed_mqom(const char* name, std::index_sequence<I...>) {
    std::unique_ptr<Ops> out;
    auto one = [&]<size_t K>() {
        using P = pqmcu::mqom::ParamSet<K>;
        if constexpr (P::P.rounds == 5 && P::P.tradeoff != pqmcu::mqom::Tradeoff::faster &&
                      P::P.base != pqmcu::mqom::FieldId::gf4) {
            if (!out && (std::strcmp(P::P.name, name) == 0 || std::strcmp(P::P.label, name) == 0))
                out = std::make_unique<Typed<pqmcu::mqom::Scheme<P>>>();
        }
    };
    (one.template operator()<I>(), ...);
    return out;
}

std::unique_ptr<Ops> typed(const char* name) {
    namespace mayo = pqmcu::mayo;
    if (std::strcmp(name, "MAYO-1") == 0) return std::make_unique<Typed<mayo::Scheme<mayo::mayo_1>>>();
    if (std::strcmp(name, "MAYO-2") == 0) return std::make_unique<Typed<mayo::Scheme<mayo::mayo_2>>>();
    if (std::strcmp(name, "MAYO-3") == 0) return std::make_unique<Typed<mayo::Scheme<mayo::mayo_3>>>();
    if (std::strcmp(name, "MAYO-5") == 0) return std::make_unique<Typed<mayo::Scheme<mayo::mayo_5>>>();
    return typed_mqom(name, std::make_index_sequence<pqmcu::mqom::kNumParams>{});
}

// KEMs: the same three APIs (C, pqmcu::Kem, typed with a caller-kept workspace).
struct KemOpsB {
    virtual int keypair(uint8_t* pk, uint8_t* sk) = 0;
    virtual int enc(uint8_t* ct, uint8_t* ss, const uint8_t* pk) = 0;
    virtual int dec(uint8_t* ss, const uint8_t* ct, const uint8_t* sk) = 0;
    virtual ~KemOpsB() = default;
};
struct KemC final : KemOpsB {
    const char* name;
    size_t pkb = 0, skb = 0, ctb = 0, ssb = 0;
    explicit KemC(const char* n) : name(n) { pqmcu_kem_sizes(n, &pkb, &skb, &ctb, &ssb); }
    int keypair(uint8_t* pk, uint8_t* sk) override { return pqmcu_kem_keypair(name, pk, pkb, sk, skb); }
    int enc(uint8_t* ct, uint8_t* ss, const uint8_t* pk) override {
        return pqmcu_kem_encapsulate(name, ct, ctb, ss, ssb, pk, pkb);
    }
    int dec(uint8_t* ss, const uint8_t* ct, const uint8_t* sk) override {
        return pqmcu_kem_decapsulate(name, ss, ssb, ct, ctb, sk, skb);
    }
};
struct KemCpp final : KemOpsB {
    pqmcu::Kem k;
    pqmcu::RandomSource rng{nullptr, cpp_fill};
    explicit KemCpp(const char* n) : k(pqmcu::Kem::by_name(n)) {}
    int keypair(uint8_t* pk, uint8_t* sk) override {
        return int(k.keypair({pk, k.public_key_bytes()}, {sk, k.secret_key_bytes()}, rng));
    }
    int enc(uint8_t* ct, uint8_t* ss, const uint8_t* pk) override {
        return int(k.encapsulate({pk, k.public_key_bytes()}, {ct, k.ciphertext_bytes()}, {ss, k.shared_secret_bytes()},
                                 rng));
    }
    int dec(uint8_t* ss, const uint8_t* ct, const uint8_t* sk) override {
        return int(k.decapsulate({sk, k.secret_key_bytes()}, {ct, k.ciphertext_bytes()}, {ss, k.shared_secret_bytes()}));
    }
};
template <class S>
struct KemTyped final : KemOpsB {
    std::unique_ptr<typename S::Workspace> ws = std::make_unique<typename S::Workspace>();
    static constexpr auto rng = [](uint8_t* out, size_t n) { fast_fill(out, n); };
    int keypair(uint8_t* pk, uint8_t* sk) override { return int(S::keypair(pk, sk, rng, *ws)); }
    int enc(uint8_t* ct, uint8_t* ss, const uint8_t* pk) override { return int(S::encapsulate(ct, ss, pk, rng, *ws)); }
    int dec(uint8_t* ss, const uint8_t* ct, const uint8_t* sk) override { return int(S::decapsulate(ss, ct, sk, *ws)); }
};
template <class... Sets>
struct KemList {};
template <template <class> class Scheme, class... Sets>
std::unique_ptr<KemOpsB> typed_kem_of(const char* name) {
    std::unique_ptr<KemOpsB> out;
    ((!out && std::strcmp(Sets::params.name, name) == 0 ? (out = std::make_unique<KemTyped<Scheme<Sets>>>(), 0) : 0),
     ...);
    return out;
}
template <class Set>
using NtruS = pqmcu::ntru::Scheme<Set, pqmcu::ntru::Speed>;  // the registry's profile (api/registry_ntru.cpp)
template <class Set>
using SaberS = pqmcu::saber::Scheme<Set, pqmcu::saber::Speed>;  // the registry's profile (api/registry_saber.cpp)
template <class Set>
using McElieceS = pqmcu::mceliece::Scheme<Set>;
std::unique_ptr<KemOpsB> typed_kem(const char* name) {
    namespace nt = pqmcu::ntru;
    namespace sb = pqmcu::saber;
    namespace mc = pqmcu::mceliece;
    if (auto k = typed_kem_of<NtruS, nt::ntruhps2048509, nt::ntruhps2048677, nt::ntruhps4096821, nt::ntruhrss701,
                              nt::ntruhps40961229, nt::ntruhrss1373>(name))
        return k;
    if (auto k = typed_kem_of<SaberS, sb::lightsaber, sb::saber, sb::firesaber>(name)) return k;
    if (auto k = typed_kem_of<McElieceS, mc::mceliece348864, mc::mceliece348864f, mc::mceliece460896,
                              mc::mceliece460896f, mc::mceliece6688128, mc::mceliece6688128f, mc::mceliece6960119,
                              mc::mceliece6960119f, mc::mceliece8192128, mc::mceliece8192128f>(name))
        return k;
    return typed_kem_of<McElieceS, mc::mceliece348864pc, mc::mceliece348864pcf, mc::mceliece460896pc,
                        mc::mceliece460896pcf, mc::mceliece6688128pc, mc::mceliece6688128pcf, mc::mceliece6960119pc,
                        mc::mceliece6960119pcf, mc::mceliece8192128pc, mc::mceliece8192128pcf>(name);
}

double median(std::vector<double> v) {  // the per-process statistic: the minimum (see above)
    return *std::min_element(v.begin(), v.end());
}

int run_kem(const char* name, int iters) {
    iters = std::max(1, iters);
    pqmcu_set_random(c_fill, nullptr);
    size_t pkb = 0, skb = 0, ctb = 0, ssb = 0;
    if (pqmcu_kem_sizes(name, &pkb, &skb, &ctb, &ssb) != 0) {
        std::fprintf(stderr, "unknown KEM %s\n", name);
        return 2;
    }
    std::unique_ptr<KemOpsB> apis[3] = {std::make_unique<KemC>(name), std::make_unique<KemCpp>(name), typed_kem(name)};
    const char* labels[3] = {"c", "cpp", "typed"};
    if (!apis[2]) {
        std::fprintf(stderr, "no typed entry for %s\n", name);
        return 2;
    }
    std::vector<uint8_t> pk(pkb), sk(skb), ct(ctb), ss(ssb);
    std::vector<double> t[3][3];
    for (int it = -1; it < iters; ++it) {
        const uint64_t round_seed = pqmcu_bench::g_fill_state;
        for (int k = 0; k < 3; ++k) {
            const int a = (k + it + 3) % 3;
            KemOpsB& o = *apis[a];
            pqmcu_bench::g_fill_state = round_seed;  // as for signatures: the same work for each API
            double t0 = now_us();
            int rc = o.keypair(pk.data(), sk.data());
            double t1 = now_us();
            rc |= o.enc(ct.data(), ss.data(), pk.data());
            double t2 = now_us();
            rc |= o.dec(ss.data(), ct.data(), sk.data());
            double t3 = now_us();
            if (rc != 0) {
                std::fprintf(stderr, "%s: %s failed\n", name, labels[a]);
                return 1;
            }
            if (it >= 0) t[a][0].push_back(t1 - t0), t[a][1].push_back(t2 - t1), t[a][2].push_back(t3 - t2);
        }
    }
    for (int a = 0; a < 3; ++a)
        std::printf("%s %.2f %.2f %.2f\n", labels[a], median(t[a][0]), median(t[a][1]), median(t[a][2]));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s <set name> [iterations]\n", argv[0]);
        return 2;
    }
    if (std::strcmp(argv[1], "--kem") == 0 && argc > 2) return run_kem(argv[2], argc > 3 ? std::atoi(argv[3]) : 3);
    const char* name = argv[1];
    const int iters = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
    pqmcu_set_random(c_fill, nullptr);
    size_t pkb = 0, skb = 0, sigb = 0;
    if (pqmcu_sign_sizes(name, &pkb, &skb, &sigb) != 0) {
        std::fprintf(stderr, "unknown set %s\n", name);
        return 2;
    }
    std::unique_ptr<Ops> apis[3] = {std::make_unique<CApi>(name), std::make_unique<CppApi>(name), typed(name)};
    const char* labels[3] = {"c", "cpp", "typed"};
    if (!apis[2]) {
        std::fprintf(stderr, "no typed entry for %s\n", name);
        return 2;
    }
    std::vector<uint8_t> pk(pkb), sk(skb), sig(sigb);
    uint8_t msg[32];
    fast_fill(msg, sizeof msg);
    std::vector<double> t[3][3];
    for (int it = -1; it < iters; ++it) {
        const uint64_t round_seed = pqmcu_bench::g_fill_state;
        for (int k = 0; k < 3; ++k) {
            const int a = (k + it + 3) % 3;  // rotate the order between iterations
            Ops& o = *apis[a];
            // The same randomness for the three APIs: the same keys, salts and
            // (MQOM) grinding tries, so their times differ by the API's cost only.
            pqmcu_bench::g_fill_state = round_seed;
            double t0 = now_us();
            int rc = o.keypair(pk.data(), sk.data());
            double t1 = now_us();
            rc |= o.sign(sk.data(), msg, sizeof msg, sig.data());
            double t2 = now_us();
            rc |= o.verify(pk.data(), msg, sizeof msg, sig.data());
            double t3 = now_us();
            if (rc != 0) {
                std::fprintf(stderr, "%s: %s failed\n", name, labels[a]);
                return 1;
            }
            if (it >= 0) {
                t[a][0].push_back(t1 - t0);
                t[a][1].push_back(t2 - t1);
                t[a][2].push_back(t3 - t2);
            }
        }
    }
    for (int a = 0; a < 3; ++a)
        std::printf("%s %.2f %.2f %.2f\n", labels[a], median(t[a][0]), median(t[a][1]), median(t[a][2]));
    // Expanded keys kept by the caller (pqmcu::ExpandedKey), where the family
    // has them: "expanded <expand sk + expand pk µs> <sign µs> <verify µs>".
    const pqmcu::Signature s = pqmcu::Signature::by_name(name);
    if (s.has_expanded_keys()) {
        const pqmcu::RandomSource rng{nullptr, cpp_fill};
        std::vector<double> te[3];
        for (int it = -1; it < iters; ++it) {
            pqmcu::ExpandedKey esk, epk;
            size_t len = 0;
            double t0 = now_us();
            int rc = int(s.expand_secret_key(sk, esk)) | int(s.expand_public_key(pk, epk));
            double t1 = now_us();
            rc |= int(esk.sign({msg, sizeof msg}, sig, &len, rng));
            double t2 = now_us();
            rc |= int(epk.verify({msg, sizeof msg}, sig));
            double t3 = now_us();
            if (rc != 0) {
                std::fprintf(stderr, "%s: expanded keys failed\n", name);
                return 1;
            }
            if (it >= 0) te[0].push_back(t1 - t0), te[1].push_back(t2 - t1), te[2].push_back(t3 - t2);
        }
        std::printf("expanded %.2f %.2f %.2f\n", median(te[0]), median(te[1]), median(te[2]));
    }
    return 0;
}
