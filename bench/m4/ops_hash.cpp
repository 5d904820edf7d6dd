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

// One rate block in, one rate block out (two permutations).
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
                   {"shake128 168B in / 168B out", setup_inputs, run_shake128, nullptr},
                   {"shake256 136B in / 136B out", setup_inputs, run_shake256, nullptr},
                   {"sha3-256 32B", setup_inputs, run_sha3_256, nullptr}});
