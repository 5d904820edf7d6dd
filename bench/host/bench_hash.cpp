// SPDX-License-Identifier: Apache-2.0 OR MIT
// Host benchmarks of the hashing module: the permutation (x1, x4 per
// backend) and SHAKE throughput on 1 KiB messages.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "hash/keccak.hpp"
#include "hash/shake.hpp"

namespace {
namespace hash = pqmcu::hash;

void BM_keccak_f1600_x1(benchmark::State& state) {
    hash::KeccakState s;
    hash::keccak_init(s);
    for (auto _ : state) {
        hash::keccak_f1600(s);
        benchmark::DoNotOptimize(s);
    }
    state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_keccak_f1600_x1);

void BM_keccak_f1600_bi32(benchmark::State& state) {
    // The Cortex-M4 code compiled for the host (reference point only).
    uint32_t w[50] = {};
    for (auto _ : state) {
        hash::keccak_f1600_bi32(w);
        benchmark::DoNotOptimize(w);
    }
    state.SetItemsProcessed(int64_t(state.iterations()));
}
BENCHMARK(BM_keccak_f1600_bi32);

void BM_keccak_f1600_x4_portable(benchmark::State& state) {
    static hash::KeccakX4State s;
    hash::keccak_x4_init(s);
    for (auto _ : state) {
        hash::keccak_f1600_x4_portable(s);
        benchmark::DoNotOptimize(s);
    }
    state.SetItemsProcessed(4 * int64_t(state.iterations()));
}
BENCHMARK(BM_keccak_f1600_x4_portable);

#if defined(PQMCU_KECCAK_HAVE_AVX2)
void BM_keccak_f1600_x4_avx2(benchmark::State& state) {
    if (hash::set_backend(hash::Backend::avx2) != pqmcu::Status::ok) {
        state.SkipWithError("no AVX2 on this CPU");
        return;
    }
    hash::set_backend(hash::Backend::automatic);
    static hash::KeccakX4State s;
    hash::keccak_x4_init(s);
    for (auto _ : state) {
        hash::keccak_f1600_x4_avx2(s);
        benchmark::DoNotOptimize(s);
    }
    state.SetItemsProcessed(4 * int64_t(state.iterations()));
}
BENCHMARK(BM_keccak_f1600_x4_avx2);
#endif

constexpr size_t kMsg = 1024;

template <class X>
void BM_xof_1k(benchmark::State& state) {
    static uint8_t msg[kMsg], out[32];
    for (size_t i = 0; i < kMsg; ++i) msg[i] = uint8_t(i);
    for (auto _ : state) {
        X x;
        x.absorb(msg, kMsg);
        x.finalize();
        x.squeeze(out, sizeof out);
        benchmark::DoNotOptimize(out);
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(kMsg));
}
BENCHMARK_TEMPLATE(BM_xof_1k, hash::Shake128)->Name("BM_shake128_absorb_1KiB");
BENCHMARK_TEMPLATE(BM_xof_1k, hash::Shake256)->Name("BM_shake256_absorb_1KiB");

template <class X>
void BM_xof_squeeze_1k(benchmark::State& state) {
    static uint8_t seed[32], out[kMsg];
    for (auto _ : state) {
        X x;
        x.absorb(seed, sizeof seed);
        x.finalize();
        x.squeeze(out, kMsg);
        benchmark::DoNotOptimize(out);
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(kMsg));
}
BENCHMARK_TEMPLATE(BM_xof_squeeze_1k, hash::Shake128)->Name("BM_shake128_squeeze_1KiB");
BENCHMARK_TEMPLATE(BM_xof_squeeze_1k, hash::Shake256)->Name("BM_shake256_squeeze_1KiB");

// Four 1 KiB messages at once, per backend (bytes = all four lanes).
template <class X4>
void BM_xof_x4_1k(benchmark::State& state, hash::Backend backend) {
    if (hash::set_backend(backend) != pqmcu::Status::ok) {
        state.SkipWithError("backend not available");
        return;
    }
    static uint8_t msg[4][kMsg], out[4][32];
    for (auto _ : state) {
        X4 x;
        x.absorb(msg[0], msg[1], msg[2], msg[3], kMsg);
        x.finalize();
        x.squeeze(out[0], out[1], out[2], out[3], 32);
        benchmark::DoNotOptimize(out);
    }
    hash::set_backend(hash::Backend::automatic);
    state.SetBytesProcessed(int64_t(state.iterations()) * 4 * int64_t(kMsg));
}
void BM_shake128x4_portable_1KiB(benchmark::State& s) { BM_xof_x4_1k<hash::Shake128x4>(s, hash::Backend::portable); }
void BM_shake256x4_portable_1KiB(benchmark::State& s) { BM_xof_x4_1k<hash::Shake256x4>(s, hash::Backend::portable); }
BENCHMARK(BM_shake128x4_portable_1KiB);
BENCHMARK(BM_shake256x4_portable_1KiB);
#if defined(PQMCU_KECCAK_HAVE_AVX2)
void BM_shake128x4_avx2_1KiB(benchmark::State& s) { BM_xof_x4_1k<hash::Shake128x4>(s, hash::Backend::avx2); }
void BM_shake256x4_avx2_1KiB(benchmark::State& s) { BM_xof_x4_1k<hash::Shake256x4>(s, hash::Backend::avx2); }
BENCHMARK(BM_shake128x4_avx2_1KiB);
BENCHMARK(BM_shake256x4_avx2_1KiB);
#endif

}  // namespace
