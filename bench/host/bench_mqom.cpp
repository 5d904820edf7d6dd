// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM v2.1 on the host: keygen / sign / verify for the cat1 gf16 sets (and the
// other sets of ../shared/anchors/x86-baselines.md), through the public
// registry. Counters give the reference code's median time on this machine
// kind (AVX2 + AES-NI build, and the native AVX-512 + GFNI build) beside ours.
#include <benchmark/benchmark.h>

#include <vector>

#include "pqmcu/pqmcu.hpp"

namespace {

struct Anchor {
    const char* name;
    double ref_avx2_us[3];    // keygen, sign, verify
    double ref_native_us[3];
};

// x86-baselines.md: MQOM reference @ ec6b7fa, median µs.
constexpr Anchor kAnchors[] = {
    {"mqom2_cat1_gf16_fast_r5", {86, 943, 797}, {53.6, 379.5, 291.5}},
    {"mqom2_cat1_gf16_short_r5", {166, 3047, 2896}, {85.4, 1248.6, 1161.0}},
    {"mqom2_cat1_gf2_fast_r5", {256, 2058, 1890}, {116.9, 512.0, 459.7}},
    {"mqom2_cat3_gf16_fast_r5", {462, 3769, 3595}, {189.6, 1379.0, 1326.4}},
    {"mqom2_cat5_gf16_fast_r5", {937, 8596, 8296}, {295.2, 2151.4, 2022.1}},
};

void annotate(benchmark::State& state, const Anchor& a, int op) {
    state.counters["ref_avx2_us"] = a.ref_avx2_us[op];
    state.counters["ref_native_us"] = a.ref_native_us[op];
}

void BM_keygen(benchmark::State& state, const Anchor* a) {
    const auto s = pqmcu::Signature::by_name(a->name);
    std::vector<uint8_t> pk(s.public_key_bytes()), sk(s.secret_key_bytes());
    for (auto _ : state) benchmark::DoNotOptimize(s.keypair(pk, sk));
    annotate(state, *a, 0);
}

void BM_sign(benchmark::State& state, const Anchor* a) {
    const auto s = pqmcu::Signature::by_name(a->name);
    std::vector<uint8_t> pk(s.public_key_bytes()), sk(s.secret_key_bytes()), sig(s.signature_bytes());
    std::vector<uint8_t> msg(32, 0x5A);
    (void)s.keypair(pk, sk);
    size_t len = 0;
    for (auto _ : state) {
        msg[0]++;  // fresh message: grinding cost varies, as in real use
        benchmark::DoNotOptimize(s.sign(sk, msg, sig, &len));
    }
    annotate(state, *a, 1);
}

void BM_verify(benchmark::State& state, const Anchor* a) {
    const auto s = pqmcu::Signature::by_name(a->name);
    std::vector<uint8_t> pk(s.public_key_bytes()), sk(s.secret_key_bytes()), sig(s.signature_bytes());
    std::vector<uint8_t> msg(32, 0x5A);
    (void)s.keypair(pk, sk);
    size_t len = 0;
    (void)s.sign(sk, msg, sig, &len);
    for (auto _ : state) benchmark::DoNotOptimize(s.verify(pk, msg, sig));
    annotate(state, *a, 2);
}

[[maybe_unused]] const bool registered = [] {
    for (const Anchor& a : kAnchors) {
        const std::string n = a.name;
        benchmark::RegisterBenchmark(("mqom/keygen/" + n).c_str(), BM_keygen, &a)->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark(("mqom/sign/" + n).c_str(), BM_sign, &a)->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark(("mqom/verify/" + n).c_str(), BM_verify, &a)->Unit(benchmark::kMicrosecond);
    }
    return true;
}();

}  // namespace
