// SPDX-License-Identifier: Apache-2.0 OR MIT
// Host benchmarks of the block ciphers: public key schedule and x1/x2/x4
// encryption (one key per block) for every backend available on this CPU.
#include <benchmark/benchmark.h>

#include "cipher/block_cipher.hpp"

namespace {
namespace cph = pqmcu::cipher;
using cph::Backend;

template <class C>
void bm_keysched(benchmark::State& st) {
    uint8_t key[C::key_bytes] = {1, 2, 3};
    cph::RoundKeys<C> k;
    for (auto _ : st) {
        cph::key_schedule_public<C>(k, key, sizeof key);
        benchmark::DoNotOptimize(k);
        key[0]++;
    }
}

template <class C>
void bm_keysched_ct(benchmark::State& st) {
    uint8_t key[C::key_bytes] = {1, 2, 3};
    cph::RoundKeys<C> k;
    for (auto _ : st) {
        cph::key_schedule<C>(k, key, sizeof key);
        benchmark::DoNotOptimize(k);
        key[0]++;
    }
}

template <class C>
void bm_enc(benchmark::State& st) {
    const Backend b = Backend(st.range(0));
    const size_t n = size_t(st.range(1));
    if (!cph::backend_available<C>(b)) {
        st.SkipWithError("backend not available");
        return;
    }
    st.SetLabel(cph::backend_name(b));
    static cph::RoundKeys<C> ks[4];
    const cph::RoundKeys<C>* ptrs[4] = {&ks[0], &ks[1], &ks[2], &ks[3]};
    uint8_t key[C::key_bytes] = {};
    for (unsigned i = 0; i < 4; ++i) {
        key[0] = uint8_t(i);
        cph::key_schedule_public<C>(ks[i], key, sizeof key);
    }
    uint8_t buf[4 * C::block_bytes] = {};
    for (auto _ : st) {
        cph::encrypt_multi<C>(ptrs, buf, buf, n, b);
        benchmark::DoNotOptimize(buf);
    }
    st.SetBytesProcessed(int64_t(st.iterations()) * int64_t(n * C::block_bytes));
}

void backend_args(benchmark::internal::Benchmark* bm) {
    for (Backend b : {Backend::bitsliced, Backend::table_not_ct, Backend::aesni, Backend::vaes})
        for (int n : {1, 2, 4}) bm->Args({int(b), n});
    bm->ArgNames({"backend", "blocks"});
}

}  // namespace

BENCHMARK(bm_keysched<cph::Aes128>)->Name("aes128/keysched_public");
BENCHMARK(bm_keysched_ct<cph::Aes128>)->Name("aes128/keysched_ct");
BENCHMARK(bm_keysched<cph::Rijndael256>)->Name("rijndael256/keysched_public");
BENCHMARK(bm_keysched_ct<cph::Rijndael256>)->Name("rijndael256/keysched_ct");
BENCHMARK(bm_enc<cph::Aes128>)->Name("aes128/enc")->Apply(backend_args);
BENCHMARK(bm_enc<cph::Rijndael256>)->Name("rijndael256/enc")->Apply(backend_args);
BENCHMARK(bm_enc<cph::Aes256>)->Name("aes256/enc")->Apply(backend_args);
