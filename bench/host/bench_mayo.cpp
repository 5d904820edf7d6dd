// SPDX-License-Identifier: Apache-2.0 OR MIT
// MAYO on the host: keygen / sign / verify (compact keys: sign expands sk,
// verify expands pk, as the reference's "ExpandSK+Sign" / "ExpandPK+Verify"
// figures), and sign / verify with expanded keys. Timed in TSC ticks per
// call (rdtsc around each call, the median reported as `ticks`, the
// minimum as `ticks_min`), beside
// MAYO-C's AVX2 build on this machine kind (../shared/anchors/x86-baselines.md,
// `ref_ticks`, and `ratio` = ticks / ref_ticks). The kernels in use (avx2 or
// portable; PQMCU_CPU_DISABLE=avx2 forces portable) are in the label.
//   build/host/bench/host/pqmcu_bench_host --benchmark_filter=mayo
#include <benchmark/benchmark.h>
#include <x86intrin.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "mayo/kernels.hpp"
#include "mayo/scheme.hpp"

namespace {
namespace mayo = pqmcu::mayo;

struct RefTicks {
    double keygen, sign, verify;
};
// x86-baselines.md: MAYO-C @ 4b7cd94, AVX2 + AES-NI build, TSC ticks.
template <class Set>
constexpr RefTicks ref_ticks() {
    if constexpr (std::is_same_v<Set, mayo::mayo_1>) return {92568, 215481, 106890};
    if constexpr (std::is_same_v<Set, mayo::mayo_2>) return {52857, 114807, 30870};
    if constexpr (std::is_same_v<Set, mayo::mayo_3>) return {215313, 516243, 236019};
    if constexpr (std::is_same_v<Set, mayo::mayo_5>) return {514542, 1185513, 630693};
    return {0, 0, 0};
}

void rng(uint8_t* out, size_t n) {
    static uint32_t state = 0x2468ACE1u;
    for (size_t i = 0; i < n; ++i) {
        state = state * 1664525u + 1013904223u;
        out[i] = uint8_t(state >> 24);
    }
}

// Times body() once per iteration; reports the median in TSC ticks.
template <class F>
void timed(benchmark::State& state, double ref, F&& body) {
    std::vector<uint64_t> t;
    t.reserve(1 << 16);
    for (auto _ : state) {
        const uint64_t a = __rdtsc();
        body();
        const uint64_t b = __rdtsc();
        if (t.size() < (1u << 16)) t.push_back(b - a);
    }
    std::sort(t.begin(), t.end());
    const double med = t.empty() ? 0 : double(t[t.size() / 2]);
    state.counters["ticks"] = med;
    state.counters["ticks_min"] = t.empty() ? 0 : double(t.front());  // least disturbed run (shared machines)
    if (ref > 0) {
        state.counters["ref_ticks"] = ref;
        state.counters["ratio"] = med / ref;
    }
    state.SetLabel(mayo::kernels().name);
}

template <class Set>
struct Fixture {
    using S = mayo::Scheme<Set>;
    std::unique_ptr<typename S::Workspace> ws = std::make_unique<typename S::Workspace>();
    std::unique_ptr<typename S::ExpandedSecretKey> esk = std::make_unique<typename S::ExpandedSecretKey>();
    std::unique_ptr<typename S::ExpandedPublicKey> epk = std::make_unique<typename S::ExpandedPublicKey>();
    uint8_t pk[S::pk_bytes], sk[S::sk_bytes], sig[S::sig_bytes], msg[32] = {0x5A};
    Fixture() {
        (void)S::keypair(pk, sk, rng, *ws);
        (void)S::sign(sk, msg, sizeof msg, sig, rng, *ws);
        (void)S::expand_secret_key(sk, *esk);
        (void)S::expand_public_key(pk, *epk);
    }
};

template <class Set>
void BM_keygen(benchmark::State& state) {
    Fixture<Set> f;
    timed(state, ref_ticks<Set>().keygen, [&] { benchmark::DoNotOptimize(Fixture<Set>::S::keypair(f.pk, f.sk, rng, *f.ws)); });
}
template <class Set>
void BM_sign(benchmark::State& state) {
    Fixture<Set> f;
    timed(state, ref_ticks<Set>().sign, [&] {
        f.msg[0]++;  // fresh message: the number of attempts varies, as in real use
        benchmark::DoNotOptimize(Fixture<Set>::S::sign(f.sk, f.msg, sizeof f.msg, f.sig, rng, *f.ws));
    });
}
template <class Set>
void BM_verify(benchmark::State& state) {
    Fixture<Set> f;
    timed(state, ref_ticks<Set>().verify, [&] {
        benchmark::DoNotOptimize(Fixture<Set>::S::verify(f.pk, f.msg, sizeof f.msg, f.sig, sizeof f.sig, *f.ws));
    });
}
template <class Set>
void BM_sign_expanded(benchmark::State& state) {
    Fixture<Set> f;
    timed(state, 0, [&] {
        f.msg[0]++;
        benchmark::DoNotOptimize(Fixture<Set>::S::sign_expanded(*f.esk, f.msg, sizeof f.msg, f.sig, rng, *f.ws));
    });
}
template <class Set>
void BM_verify_expanded(benchmark::State& state) {
    Fixture<Set> f;
    timed(state, 0, [&] {
        benchmark::DoNotOptimize(
            Fixture<Set>::S::verify_expanded(*f.epk, f.msg, sizeof f.msg, f.sig, sizeof f.sig, *f.ws));
    });
}

template <class Set>
void register_set(const char* name) {
    const std::string n = name;
    benchmark::RegisterBenchmark(("mayo/keygen/" + n).c_str(), BM_keygen<Set>)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("mayo/sign/" + n).c_str(), BM_sign<Set>)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("mayo/verify/" + n).c_str(), BM_verify<Set>)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("mayo/sign_expanded/" + n).c_str(), BM_sign_expanded<Set>)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("mayo/verify_expanded/" + n).c_str(), BM_verify_expanded<Set>)
        ->Unit(benchmark::kMicrosecond);
}

[[maybe_unused]] const bool registered = [] {
    register_set<mayo::mayo_1>("MAYO-1");
    register_set<mayo::mayo_2>("MAYO-2");
    register_set<mayo::mayo_3>("MAYO-3");
    register_set<mayo::mayo_5>("MAYO-5");
    register_set<mayo::mayo_1_r1>("MAYO-1-r1");
    register_set<mayo::mayo_2_r1>("MAYO-2-r1");
    register_set<mayo::mayo_3_r1>("MAYO-3-r1");
    register_set<mayo::mayo_5_r1>("MAYO-5-r1");
    return true;
}();

}  // namespace
