// SPDX-License-Identifier: Apache-2.0 OR MIT
// Classic McEliece on the host (portable constant-time engine): keypair,
// encapsulate, decapsulate per set, wall time per call. Key generation's
// time varies with its retries (non-f sets: about 3.4 attempts on average),
// so keypair runs over fresh seeds; `ref_ms` / `ref_us` are PQClean's avx2
// build on this machine kind where ../shared/anchors/x86-baselines.md has them.
//   build/host/bench/host/pqmcu_bench_host --benchmark_filter=mceliece
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "mceliece/scheme.hpp"

namespace {
namespace mce = pqmcu::mceliece;

void rng(uint8_t* out, size_t n) {
    static uint64_t state = 0x0123456789ABCDEFull;
    for (size_t i = 0; i < n; ++i) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        out[i] = uint8_t(state >> 56);
    }
}

struct Ref {
    double keypair_ms, encaps_us, decaps_us;
};
template <class Set>
constexpr Ref ref() {  // x86-baselines.md (PQClean avx2)
    if constexpr (std::is_same_v<Set, mce::mceliece348864>) return {28.7, 30.9, 25.5};
    if constexpr (std::is_same_v<Set, mce::mceliece348864f>) return {25.2, 38.0, 27.0};
    if constexpr (std::is_same_v<Set, mce::mceliece6960119>) return {85.5, 106, 58.2};
    if constexpr (std::is_same_v<Set, mce::mceliece6960119f>) return {89.8, 106, 58.2};
    return {0, 0, 0};
}

template <class Set>
struct Fixture {
    using S = mce::Scheme<Set>;
    std::unique_ptr<typename S::Workspace> ws = std::make_unique<typename S::Workspace>();
    std::vector<uint8_t> pk = std::vector<uint8_t>(S::pk_bytes), sk = std::vector<uint8_t>(S::sk_bytes),
                         ct = std::vector<uint8_t>(S::ct_bytes);
    uint8_t ss[32];
};

template <class Set>
void keypair(benchmark::State& state) {
    Fixture<Set> f;
    for (auto _ : state) benchmark::DoNotOptimize(Fixture<Set>::S::keypair(f.pk.data(), f.sk.data(), rng, *f.ws));
    if (ref<Set>().keypair_ms > 0) state.counters["ref_ms"] = ref<Set>().keypair_ms;
}
template <class Set>
void encapsulate(benchmark::State& state) {
    Fixture<Set> f;
    Fixture<Set>::S::keypair(f.pk.data(), f.sk.data(), rng, *f.ws);
    for (auto _ : state)
        benchmark::DoNotOptimize(Fixture<Set>::S::encapsulate(f.ct.data(), f.ss, f.pk.data(), rng, *f.ws));
    if (ref<Set>().encaps_us > 0) state.counters["ref_us"] = ref<Set>().encaps_us;
}
template <class Set>
void decapsulate(benchmark::State& state) {
    Fixture<Set> f;
    Fixture<Set>::S::keypair(f.pk.data(), f.sk.data(), rng, *f.ws);
    Fixture<Set>::S::encapsulate(f.ct.data(), f.ss, f.pk.data(), rng, *f.ws);
    for (auto _ : state) benchmark::DoNotOptimize(Fixture<Set>::S::decapsulate(f.ss, f.ct.data(), f.sk.data(), *f.ws));
    if (ref<Set>().decaps_us > 0) state.counters["ref_us"] = ref<Set>().decaps_us;
}

#define MCELIECE_BENCH(set)                                                                                   \
    BENCHMARK(keypair<mce::set>)->Name("mceliece/" #set "/keypair")->Unit(benchmark::kMillisecond)->Iterations(8); \
    BENCHMARK(encapsulate<mce::set>)->Name("mceliece/" #set "/encapsulate")->Unit(benchmark::kMicrosecond);     \
    BENCHMARK(decapsulate<mce::set>)->Name("mceliece/" #set "/decapsulate")->Unit(benchmark::kMicrosecond)
MCELIECE_BENCH(mceliece348864);
MCELIECE_BENCH(mceliece348864f);
MCELIECE_BENCH(mceliece460896);
MCELIECE_BENCH(mceliece460896f);
MCELIECE_BENCH(mceliece6688128);
MCELIECE_BENCH(mceliece6688128f);
MCELIECE_BENCH(mceliece6960119);
MCELIECE_BENCH(mceliece6960119f);
MCELIECE_BENCH(mceliece8192128);
MCELIECE_BENCH(mceliece8192128f);

}  // namespace
