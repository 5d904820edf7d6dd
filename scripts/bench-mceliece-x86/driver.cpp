// SPDX-License-Identifier: Apache-2.0 OR MIT
// Classic McEliece: PQClean's avx2 build and pqmcu's
// Scheme API timed alternately in one process (scripts/bench-mceliece-x86.sh
// builds and links it). Per operation, ROUNDS rounds of one reference call and
// one pqmcu call (order swapped every round); prints the medians (µs, clock
// monotonic) and the ratio pqmcu / reference. Both sides draw from the same
// cheap xorshift; every decapsulation is checked against its encapsulation.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <vector>

#include "../../bench/host/fast_fill.hpp"
#include "mceliece/scheme.hpp"

extern "C" {
#define PQ_KEM(set)                                                                        \
    int PQCLEAN_MCELIECE##set##_AVX2_crypto_kem_keypair(uint8_t* pk, uint8_t* sk);          \
    int PQCLEAN_MCELIECE##set##_AVX2_crypto_kem_enc(uint8_t* c, uint8_t* k, const uint8_t* pk); \
    int PQCLEAN_MCELIECE##set##_AVX2_crypto_kem_dec(uint8_t* k, const uint8_t* c, const uint8_t* sk);
PQ_KEM(348864)
PQ_KEM(460896)
PQ_KEM(6688128)
PQ_KEM(6960119)
PQ_KEM(8192128)
#undef PQ_KEM
}

using pqmcu_bench::fast_fill;
extern "C" int PQCLEAN_randombytes(uint8_t* out, size_t n) {
    fast_fill(out, n);
    return 0;
}

namespace {
double now_us() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) * 1e6 + double(ts.tv_nsec) / 1e3;
}
double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct RefKem {
    int (*keypair)(uint8_t*, uint8_t*);
    int (*enc)(uint8_t*, uint8_t*, const uint8_t*);
    int (*dec)(uint8_t*, const uint8_t*, const uint8_t*);
};

template <class Set>
int run(const char* name, const RefKem& ref, int rounds, int kg_rounds) {
    using S = pqmcu::mceliece::Scheme<Set>;
    auto ws = std::make_unique<typename S::Workspace>();
    std::vector<uint8_t> rpk(S::pk_bytes), rsk(S::sk_bytes), ppk(S::pk_bytes), psk(S::sk_bytes);
    uint8_t rct[S::ct_bytes], pct[S::ct_bytes], k1[32], k2[32];
    auto rng = [](uint8_t* o, size_t n) { fast_fill(o, n); };
    std::vector<double> t[3][2];  // [op][0 = ref, 1 = pqmcu]
    int bad = 0;
    auto ref_kp = [&] { bad |= ref.keypair(rpk.data(), rsk.data()); };
    auto pq_kp = [&] { bad |= S::keypair(ppk.data(), psk.data(), rng, *ws) != pqmcu::Status::ok; };
    auto ref_enc = [&] { bad |= ref.enc(rct, k1, rpk.data()); };
    auto pq_enc = [&] { bad |= S::encapsulate(pct, k2, ppk.data(), rng, *ws) != pqmcu::Status::ok; };
    auto ref_dec = [&] { bad |= ref.dec(k1, rct, rsk.data()); };
    auto pq_dec = [&] { bad |= S::decapsulate(k2, pct, psk.data(), *ws) != pqmcu::Status::ok; };
    auto timed = [](auto& f) {
        const double t0 = now_us();
        f();
        return now_us() - t0;
    };
    auto both = [&](int op, int r, auto& fr, auto& fp) {
        if (r % 2) {
            t[op][1].push_back(timed(fp));
            t[op][0].push_back(timed(fr));
        } else {
            t[op][0].push_back(timed(fr));
            t[op][1].push_back(timed(fp));
        }
    };
    for (int r = 0; r < kg_rounds; ++r) both(0, r, ref_kp, pq_kp);
    for (int r = -3; r < rounds; ++r) {  // 3 warm-up rounds
        both(1, r, ref_enc, pq_enc);
        both(2, r, ref_dec, pq_dec);
        if (r < 0) {
            t[1][0].pop_back(), t[1][1].pop_back(), t[2][0].pop_back(), t[2][1].pop_back();
        }
        // Check: the secrets of the reference's own round trip, and pqmcu's.
        uint8_t a[32], b[32];
        bad |= ref.enc(rct, a, rpk.data()) | ref.dec(b, rct, rsk.data());
        bad |= std::memcmp(a, b, 32) != 0;
        bad |= S::encapsulate(pct, a, ppk.data(), rng, *ws) != pqmcu::Status::ok;
        bad |= S::decapsulate(b, pct, psk.data(), *ws) != pqmcu::Status::ok;
        bad |= std::memcmp(a, b, 32) != 0;
    }
    if (bad) {
        std::fprintf(stderr, "%s: a call failed or a round trip disagreed\n", name);
        return 1;
    }
    const char* ops[3] = {"keypair", "encapsulate", "decapsulate"};
    for (int op = 0; op < 3; ++op) {
        const double r = median(t[op][0]), p = median(t[op][1]);
        std::printf("| %s | %s | %zu | %.1f | %.1f | %.2f |\n", name, ops[op], t[op][0].size(), r, p, p / r);
    }
    return 0;
}
}  // namespace

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 301;
    const int kg_rounds = argc > 2 ? std::max(1, std::atoi(argv[2])) : 21;
    const char* dis = std::getenv("PQMCU_CPU_DISABLE");
    std::printf("# PQClean avx2 vs pqmcu (PQMCU_CPU_DISABLE=%s), medians of alternating calls, µs\n",
                dis ? dis : "");
    std::printf("| set | operation | rounds | PQClean avx2 | pqmcu | ratio |\n|---|---|---|---|---|---|\n");
    namespace m = pqmcu::mceliece;
    // argv[3] (optional): only the set whose name contains it.
    const char* only = argc > 3 ? argv[3] : "";
    auto want = [&](const char* set) { return std::strstr(set, only) != nullptr; };
    int rc = 0;
    // (the sets whose PQClean library the script linked: -DPQ_HAVE_<set>)
#define PQ_RUN(set)                                                                                            \
    if (want("mceliece" #set)) {                                                                               \
        rc |= run<m::mceliece##set>("mceliece" #set,                                                         \
                                    {PQCLEAN_MCELIECE##set##_AVX2_crypto_kem_keypair,                         \
                                     PQCLEAN_MCELIECE##set##_AVX2_crypto_kem_enc,                             \
                                     PQCLEAN_MCELIECE##set##_AVX2_crypto_kem_dec},                            \
                                    rounds, kg_rounds);                                                       \
        std::fflush(stdout);                                                                                  \
    }
#ifdef PQ_HAVE_348864
    PQ_RUN(348864)
#endif
#ifdef PQ_HAVE_460896
    PQ_RUN(460896)
#endif
#ifdef PQ_HAVE_6688128
    PQ_RUN(6688128)
#endif
#ifdef PQ_HAVE_6960119
    PQ_RUN(6960119)
#endif
#ifdef PQ_HAVE_8192128
    PQ_RUN(8192128)
#endif
#undef PQ_RUN
    return rc;
}
