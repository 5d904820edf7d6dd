// SPDX-License-Identifier: Apache-2.0 OR MIT
// Cortex-M4 benchmark operations of the hashing module.
#include "bench_ops.hpp"
#include "hash/keccak.hpp"
#include "hash/shake.hpp"

namespace {
namespace hash = pqmcu::hash;

hash::KeccakState g_state;
uint8_t g_in[168];
uint8_t g_out[168];

void setup_inputs() {
    hash::keccak_init(g_state);
    for (unsigned i = 0; i < sizeof g_in; ++i) g_in[i] = uint8_t(i * 7 + 1);
}

void run_keccak() { hash::keccak_f1600(g_state); }

// The generated C version of the same bit-interleaved permutation, to show
// what the assembly gains.
uint32_t g_words[50];
void setup_words() {
    for (unsigned i = 0; i < 50; ++i) g_words[i] = i * 0x9E3779B9u;
}
void run_keccak_c() { hash::keccak_f1600_bi32(g_words); }

// absorb + squeeze of one rate block each (two permutations).
void run_shake128() {
    hash::Shake128 x;
    x.absorb(g_in, 168);
    x.finalize();
    x.squeeze(g_out, 168);
}

void run_shake256() {
    hash::Shake256 x;
    x.absorb(g_in, 136);
    x.finalize();
    x.squeeze(g_out, 136);
}

void run_sha3_256() { hash::sha3_256(g_out, g_in, 32); }

}  // namespace

PQMCU_BENCH_GROUP(hash_ops, "hash",
                  {{"keccak_f1600", setup_inputs, run_keccak, nullptr},
                   {"keccak_f1600_c", setup_words, run_keccak_c, nullptr},
                   {"shake128_168B", setup_inputs, run_shake128, nullptr},
                   {"shake256_136B", setup_inputs, run_shake256, nullptr},
                   {"sha3_256_32B", setup_inputs, run_sha3_256, nullptr}});
