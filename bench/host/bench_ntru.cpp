// SPDX-License-Identifier: Apache-2.0 OR MIT
// NTRU on the host: keygen / encaps / decaps per set, in TSC ticks per call
// (rdtsc around each call; median as `ticks`, minimum as `ticks_min`), plus
// one ring product polymul::mul_cyclic at each n (`mul/`), which dominates
// and comes from src/polymul (schoolbook until the Karatsuba/Toom branch lands).
//   build/host/bench/host/pqmcu_bench_host --benchmark_filter=ntru
#include <benchmark/benchmark.h>
#include <x86intrin.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "ntru/scheme.hpp"
#include "polymul/polymul.hpp"

namespace {
namespace ntru = pqmcu::ntru;

void rng(uint8_t* out, size_t n) {
    static uint32_t state = 0x1357BDF1u;
    for (size_t i = 0; i < n; ++i) {
        state = state * 1664525u + 1013904223u;
        out[i] = uint8_t(state >> 24);
    }
}

template <class F>
void timed(benchmark::State& state, F&& body) {
    std::vector<uint64_t> t;
    t.reserve(1 << 16);
    for (auto _ : state) {
        const uint64_t a = __rdtsc();
        body();
        const uint64_t b = __rdtsc();
        if (t.size() < (1u << 16)) t.push_back(b - a);
    }
    std::sort(t.begin(), t.end());
    state.counters["ticks"] = t.empty() ? 0 : double(t[t.size() / 2]);
    state.counters["ticks_min"] = t.empty() ? 0 : double(t.front());
}

template <class Set>
struct Fixture {
    using S = ntru::Scheme<Set>;
    std::unique_ptr<typename S::Workspace> ws = std::make_unique<typename S::Workspace>();
    uint8_t pk[S::pk_bytes], sk[S::sk_bytes], ct[S::ct_bytes], ss[S::ss_bytes];
    Fixture() {
        (void)S::keypair(pk, sk, rng, *ws);
        (void)S::encapsulate(ct, ss, pk, rng, *ws);
    }
};

template <class Set>
void BM_keygen(benchmark::State& state) {
    Fixture<Set> f;
    timed(state, [&] { benchmark::DoNotOptimize(Fixture<Set>::S::keypair(f.pk, f.sk, rng, *f.ws)); });
}
template <class Set>
void BM_encaps(benchmark::State& state) {
    Fixture<Set> f;
    timed(state, [&] { benchmark::DoNotOptimize(Fixture<Set>::S::encapsulate(f.ct, f.ss, f.pk, rng, *f.ws)); });
}
template <class Set>
void BM_decaps(benchmark::State& state) {
    Fixture<Set> f;
    timed(state, [&] { benchmark::DoNotOptimize(Fixture<Set>::S::decapsulate(f.ss, f.ct, f.sk, *f.ws)); });
}
template <class Set>
void BM_mul(benchmark::State& state) {
    constexpr size_t n = Set::params.n;
    std::vector<uint16_t> a(n), b(n), c(n);
    for (size_t i = 0; i < n; ++i) {
        a[i] = uint16_t(i * 2654435761u);
        b[i] = uint16_t(i * 40503u + 7);
    }
    timed(state, [&] {
        pqmcu::polymul::mul_cyclic(c.data(), a.data(), b.data(), n);
        benchmark::DoNotOptimize(c.data());
    });
}

template <class Set>
void register_set() {
    const std::string n = Set::params.name;
    benchmark::RegisterBenchmark(("ntru/keygen/" + n).c_str(), BM_keygen<Set>)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("ntru/encaps/" + n).c_str(), BM_encaps<Set>)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("ntru/decaps/" + n).c_str(), BM_decaps<Set>)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("ntru/mul/" + n).c_str(), BM_mul<Set>)->Unit(benchmark::kMicrosecond);
}

[[maybe_unused]] const bool registered = [] {
    register_set<ntru::ntruhps2048509>();
    register_set<ntru::ntruhps2048677>();
    register_set<ntru::ntruhps4096821>();
    register_set<ntru::ntruhps40961229>();
    register_set<ntru::ntruhrss701>();
    register_set<ntru::ntruhrss1373>();
    return true;
}();

}  // namespace
