// SPDX-License-Identifier: Apache-2.0 OR MIT
// Side-by-side timing of the upstream AVX2 KEM builds (PQClean, linked in as
// static libraries by scripts/bench-kem-x86.sh) and pqmcu::Kem::by_name, in
// one process: every round times one call of each operation of the upstream
// code and of pqmcu alternately (order swapped every round), so both see the
// same load of the shared machine. Prints, per set and operation, the median
// over the rounds (µs) and the ratio pqmcu / upstream.
//   kem_driver ROUNDS [set ...]
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "../../bench/host/fast_fill.hpp"
#include "pqmcu/pqmcu.hpp"

// One xorshift for both sides (no getrandom in the timed calls).
using pqmcu_bench::fast_fill;
extern "C" int PQCLEAN_randombytes(uint8_t* out, size_t n) {  // the upstream builds' randombytes (common/randombytes.h renames it)
    fast_fill(out, n);
    return 0;
}
static pqmcu::Status pq_fill(void*, uint8_t* out, size_t n) {
    fast_fill(out, n);
    return pqmcu::Status::ok;
}

#define REF_DECL(P)                                                                   \
    extern "C" int P##_crypto_kem_keypair(uint8_t* pk, uint8_t* sk);                  \
    extern "C" int P##_crypto_kem_enc(uint8_t* ct, uint8_t* ss, const uint8_t* pk);   \
    extern "C" int P##_crypto_kem_dec(uint8_t* ss, const uint8_t* ct, const uint8_t* sk);
REF_DECL(PQCLEAN_NTRUHPS2048509_AVX2)
REF_DECL(PQCLEAN_NTRUHPS2048677_AVX2)
REF_DECL(PQCLEAN_NTRUHPS4096821_AVX2)
REF_DECL(PQCLEAN_NTRUHRSS701_AVX2)
REF_DECL(PQCLEAN_LIGHTSABER_AVX2)
REF_DECL(PQCLEAN_SABER_AVX2)
REF_DECL(PQCLEAN_FIRESABER_AVX2)

struct Ref {
    const char* name;
    int (*keypair)(uint8_t*, uint8_t*);
    int (*enc)(uint8_t*, uint8_t*, const uint8_t*);
    int (*dec)(uint8_t*, const uint8_t*, const uint8_t*);
};
#define REF_ROW(n, P) {n, P##_crypto_kem_keypair, P##_crypto_kem_enc, P##_crypto_kem_dec}
static const Ref kRefs[] = {
    REF_ROW("ntruhps2048509", PQCLEAN_NTRUHPS2048509_AVX2), REF_ROW("ntruhps2048677", PQCLEAN_NTRUHPS2048677_AVX2),
    REF_ROW("ntruhps4096821", PQCLEAN_NTRUHPS4096821_AVX2), REF_ROW("ntruhrss701", PQCLEAN_NTRUHRSS701_AVX2),
    REF_ROW("lightsaber", PQCLEAN_LIGHTSABER_AVX2),         REF_ROW("saber", PQCLEAN_SABER_AVX2),
    REF_ROW("firesaber", PQCLEAN_FIRESABER_AVX2),
};

static double now_us() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) * 1e6 + double(ts.tv_nsec) / 1e3;
}
static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? std::max(1, atoi(argv[1])) : 101;
    std::vector<std::string> sets;
    for (int i = 2; i < argc; ++i) sets.push_back(argv[i]);
    if (sets.empty())
        for (const Ref& r : kRefs) sets.push_back(r.name);
    const pqmcu::RandomSource rng{nullptr, pq_fill};
    std::printf("| set | op | upstream AVX2 µs | pqmcu µs | ratio |\n|---|---|---|---|---|\n");
    for (const std::string& name : sets) {
        const Ref* ref = nullptr;
        for (const Ref& r : kRefs)
            if (name == r.name) ref = &r;
        const pqmcu::Kem kem = pqmcu::Kem::by_name(name);
        if (!ref || !kem) {
            std::fprintf(stderr, "unknown set %s\n", name.c_str());
            return 2;
        }
        std::vector<uint8_t> pk(kem.public_key_bytes()), sk(kem.secret_key_bytes()), ct(kem.ciphertext_bytes()),
            ss(kem.shared_secret_bytes()), ss2(ss.size()), rpk(pk.size()), rsk(sk.size()), rct(ct.size()),
            rss(ss.size()), rss2(ss.size());
        std::vector<double> t[2][3];  // [pqmcu?][op]
        bool ok = true;
        for (int r = -2; r < rounds; ++r) {  // two warm-up rounds
            double d[2][3];
            for (int side = 0; side < 2; ++side) {
                const bool pq = (side == 0) == (r % 2 == 0);
                double t0 = now_us();
                if (pq) ok &= kem.keypair(pk, sk, rng) == pqmcu::Status::ok;
                else ok &= ref->keypair(rpk.data(), rsk.data()) == 0;
                double t1 = now_us();
                if (pq) ok &= kem.encapsulate(pk, ct, ss, rng) == pqmcu::Status::ok;
                else ok &= ref->enc(rct.data(), rss.data(), rpk.data()) == 0;
                double t2 = now_us();
                if (pq) ok &= kem.decapsulate(sk, ct, ss2) == pqmcu::Status::ok;
                else ok &= ref->dec(rss2.data(), rct.data(), rsk.data()) == 0;
                double t3 = now_us();
                d[pq][0] = t1 - t0, d[pq][1] = t2 - t1, d[pq][2] = t3 - t2;
            }
            ok &= ss == ss2 && rss == rss2;
            if (r >= 0)
                for (int s = 0; s < 2; ++s)
                    for (int o = 0; o < 3; ++o) t[s][o].push_back(d[s][o]);
        }
        if (!ok) {
            std::fprintf(stderr, "%s: a call failed or the shared secrets differ\n", name.c_str());
            return 1;
        }
        static const char* kOps[3] = {"keygen", "encaps", "decaps"};
        for (int o = 0; o < 3; ++o) {
            const double up = median(t[0][o]), pq = median(t[1][o]);
            std::printf("| %s | %s | %.2f | %.2f | %.3f |\n", name.c_str(), kOps[o], up, pq, pq / up);
        }
        std::fflush(stdout);
    }
    return 0;
}
