// SPDX-License-Identifier: Apache-2.0 OR MIT
// Saber and the Z_{2^m}[x] multiplications on the host: keypair /
// encapsulate / decapsulate per set, and every polymul method (threshold
// 16 unless named) per n of the Saber / NTRU sizes, plus Saber's k x k
// module product with shared evaluations against k^2 separate Toom-4
// negacyclic products.
//   build/host/bench/host/pqmcu_bench_host --benchmark_filter='saber|polymul'
#include <benchmark/benchmark.h>

#include <memory>
#include <random>
#include <vector>

#include "polymul/matvec.hpp"
#include "polymul/polymul.hpp"
#include "saber/scheme.hpp"

namespace {
namespace saber = pqmcu::saber;
namespace pm = pqmcu::polymul;

void rng(uint8_t* out, size_t n) {
    static uint32_t state = 0x13579BDFu;
    for (size_t i = 0; i < n; ++i) {
        state = state * 1664525u + 1013904223u;
        out[i] = uint8_t(state >> 24);
    }
}

template <class Set>
void BM_saber_keypair(benchmark::State& st) {
    using S = saber::Scheme<Set>;
    auto ws = std::make_unique<typename S::Workspace>();
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes);
    for (auto _ : st) benchmark::DoNotOptimize(S::keypair(pk.data(), sk.data(), rng, *ws));
}
template <class Set>
void BM_saber_encaps(benchmark::State& st) {
    using S = saber::Scheme<Set>;
    auto ws = std::make_unique<typename S::Workspace>();
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), ct(S::ct_bytes), ss(32);
    S::keypair(pk.data(), sk.data(), rng, *ws);
    for (auto _ : st) benchmark::DoNotOptimize(S::encapsulate(ct.data(), ss.data(), pk.data(), rng, *ws));
}
template <class Set>
void BM_saber_decaps(benchmark::State& st) {
    using S = saber::Scheme<Set>;
    auto ws = std::make_unique<typename S::Workspace>();
    std::vector<uint8_t> pk(S::pk_bytes), sk(S::sk_bytes), ct(S::ct_bytes), ss(32);
    S::keypair(pk.data(), sk.data(), rng, *ws);
    S::encapsulate(ct.data(), ss.data(), pk.data(), rng, *ws);
    for (auto _ : st) benchmark::DoNotOptimize(S::decapsulate(ss.data(), ct.data(), sk.data(), *ws));
}
BENCHMARK(BM_saber_keypair<saber::lightsaber>)->Name("saber/lightsaber/keypair");
BENCHMARK(BM_saber_encaps<saber::lightsaber>)->Name("saber/lightsaber/encaps");
BENCHMARK(BM_saber_decaps<saber::lightsaber>)->Name("saber/lightsaber/decaps");
BENCHMARK(BM_saber_keypair<saber::saber>)->Name("saber/saber/keypair");
BENCHMARK(BM_saber_encaps<saber::saber>)->Name("saber/saber/encaps");
BENCHMARK(BM_saber_decaps<saber::saber>)->Name("saber/saber/decaps");
BENCHMARK(BM_saber_keypair<saber::firesaber>)->Name("saber/firesaber/keypair");
BENCHMARK(BM_saber_encaps<saber::firesaber>)->Name("saber/firesaber/encaps");
BENCHMARK(BM_saber_decaps<saber::firesaber>)->Name("saber/firesaber/decaps");

template <class M>
void BM_polymul(benchmark::State& st) {
    const size_t n = size_t(st.range(0));
    std::mt19937 g(1);
    std::vector<uint16_t> a(n), b(n), c(2 * n - 1), scratch(M::scratch_words(n) + 1);
    for (auto& v : a) v = uint16_t(g());
    for (auto& v : b) v = uint16_t(g());
    for (auto _ : st) {
        M::mul(c.data(), a.data(), b.data(), n, scratch.data());
        benchmark::DoNotOptimize(c.data());
    }
}
#define PQMCU_POLYMUL_SIZES ->Arg(256)->Arg(509)->Arg(677)->Arg(701)->Arg(743)->Arg(821)->Arg(1024)
BENCHMARK(BM_polymul<pm::Schoolbook>)->Name("polymul/schoolbook") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Karatsuba<8>>)->Name("polymul/karatsuba_t8") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Karatsuba<16>>)->Name("polymul/karatsuba_t16") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Karatsuba<32>>)->Name("polymul/karatsuba_t32") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Karatsuba<64>>)->Name("polymul/karatsuba_t64") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Karatsuba<128>>)->Name("polymul/karatsuba_t128") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Toom3<pm::Karatsuba<16>>>)->Name("polymul/toom3_t16") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Toom3<pm::Karatsuba<32>>>)->Name("polymul/toom3_t32") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Toom3<pm::Karatsuba<64>>>)->Name("polymul/toom3_t64") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Toom4<pm::Karatsuba<16>>>)->Name("polymul/toom4_t16") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Toom4<pm::Karatsuba<32>>>)->Name("polymul/toom4_t32") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Toom4<pm::Karatsuba<64>>>)->Name("polymul/toom4_t64") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Toom4<pm::Toom3<pm::Karatsuba<16>>>>)->Name("polymul/toom4toom3_t16") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Toom4<pm::Toom3<pm::Karatsuba<32>>>>)->Name("polymul/toom4toom3_t32") PQMCU_POLYMUL_SIZES;
BENCHMARK(BM_polymul<pm::Toom4<pm::Toom3<pm::Karatsuba<64>>>>)->Name("polymul/toom4toom3_t64") PQMCU_POLYMUL_SIZES;

// Saber's module product: shared evaluations vs k^2 separate negacyclic Toom-4 products.
template <size_t K, class Inner = pm::KaratsubaDefault>
void BM_matvec_shared(benchmark::State& st) {
    using MV = pm::MatVecNegacyclic<K, 256, Inner>;
    std::mt19937 g(2);
    std::vector<uint16_t> A(K * K * 256), s(K * 256), res(K * 256), sev(K * MV::ev_words);
    for (auto& v : A) v = uint16_t(g());
    for (auto& v : s) v = uint16_t(g());
    auto scr = std::make_unique<typename MV::Scratch>();
    for (auto _ : st) {
        MV::evaluate_vector(sev.data(), s.data());
        MV::mul(res.data(), A.data(), sev.data(), false, *scr);
        benchmark::DoNotOptimize(res.data());
    }
}
template <size_t K>
void BM_matvec_separate(benchmark::State& st) {
    std::mt19937 g(2);
    std::vector<uint16_t> A(K * K * 256), s(K * 256), res(K * 256), prod(256);
    std::vector<uint16_t> scratch(pm::reduce_scratch_words<13>(256));
    for (auto& v : A) v = uint16_t(g());
    for (auto& v : s) v = uint16_t(g());
    for (auto _ : st) {
        for (size_t i = 0; i < K; ++i) {
            for (size_t t = 0; t < 256; ++t) res[i * 256 + t] = 0;
            for (size_t j = 0; j < K; ++j) {
                pm::mul_negacyclic_q<13>(prod.data(), A.data() + (i * K + j) * 256, s.data() + j * 256, 256,
                                         scratch.data());
                for (size_t t = 0; t < 256; ++t) res[i * 256 + t] = uint16_t(res[i * 256 + t] + prod[t]);
            }
        }
        benchmark::DoNotOptimize(res.data());
    }
}
BENCHMARK(BM_matvec_shared<2>)->Name("polymul/matvec256_shared/k2");
BENCHMARK(BM_matvec_separate<2>)->Name("polymul/matvec256_separate/k2");
BENCHMARK(BM_matvec_shared<3>)->Name("polymul/matvec256_shared/k3");
BENCHMARK(BM_matvec_separate<3>)->Name("polymul/matvec256_separate/k3");
BENCHMARK(BM_matvec_shared<4>)->Name("polymul/matvec256_shared/k4");
BENCHMARK(BM_matvec_shared<3, pm::Karatsuba<16>>)->Name("polymul/matvec256_shared_t16/k3");
BENCHMARK(BM_matvec_shared<3, pm::Karatsuba<32>>)->Name("polymul/matvec256_shared_t32/k3");
BENCHMARK(BM_matvec_shared<3, pm::Karatsuba<64>>)->Name("polymul/matvec256_shared_t64/k3");
BENCHMARK(BM_matvec_shared<3, pm::Schoolbook>)->Name("polymul/matvec256_shared_school/k3");
BENCHMARK(BM_matvec_separate<4>)->Name("polymul/matvec256_separate/k4");

}  // namespace
