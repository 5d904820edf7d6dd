// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM profiles (policy types: Desktop, Balanced, Memory, Lut, Compact,
// Hardware), their optional knobs, and dims_of<Set>(). Included by
// scheme.hpp; on its own by pin.hpp, which the engine headers read.
#pragma once
#include <cstddef>
#include <cstdint>

#include "cipher/block_cipher.hpp"
#include "mqom/dims.hpp"
#include "mqom/params.hpp"

namespace pqmcu::mqom {
// Cipher backend for public data only (equation expansion, verification):
// on the M4 the T-table code is several times faster than the bitsliced one;
// hosts keep the run-time choice (AES-NI when present).
#if defined(PQMCU_TARGET_M4)
inline constexpr cipher::Backend kPublicDataBackend = cipher::Backend::table_not_ct;
#else
inline constexpr cipher::Backend kPublicDataBackend = cipher::Backend::automatic;
#endif

struct Desktop {
    static constexpr const char* name = "desktop";
    static constexpr cipher::Backend public_backend = kPublicDataBackend;
    // Secret seeds: the constant-time default (AES-NI or bitsliced).
    static constexpr cipher::Backend secret_backend = cipher::Backend::automatic;
    // Equations streamed in lock-step in sign/verify (each PRG block's key
    // schedule shared by all of them; one stream window + accumulators each).
    // x86 hosts: 64 (kMaxEqGroup there), an eighth of the key schedules of
    // 8 (cat 3 / 5 schedule a Rijndael-256 key per block and group; 32 -> 64:
    // cat5-gf2-fast sign -4 %, the others unchanged; the host workspace, on
    // the heap, holds 64 states and windows).
#if defined(PQMCU_MQOM_X86)
    static constexpr uint32_t eq_lockstep = 64;
#else
    static constexpr uint32_t eq_lockstep = 8;
#endif
    // Same for key generation (one stream window each); x86 hosts: 16 (its
    // GFNI path keeps a 640-byte vector per equation on the stack).
#if defined(PQMCU_MQOM_X86)
    static constexpr uint32_t keygen_eq_lockstep = 16;
#else
    static constexpr uint32_t keygen_eq_lockstep = eq_lockstep;
#endif
    // Digit of the PIOP's public-row buckets: 4 = nibbles (fewest XORs).
    static constexpr uint32_t piop_digit_bits = 4;
    static constexpr bool piop_alpha_direct = false;  // z kept, batched by vector dot products (fastest)
    // GGM trees expanded and committed together: 4 lets the leaf-commitment
    // hashes run on the 4-way Keccak (4 leaf buffers in the workspace).
    static constexpr uint32_t parallel_trees = 4;
    // 0: each tree is expanded whole into N stored leaves (fastest on hosts:
    // long single-key cipher runs, x4 Keccak over 4 trees).
    static constexpr uint32_t leaf_batch = 0;
    static constexpr bool cache_tree_keys = true;  // unused with stored trees
};

// The M4 default, constant time. Commitments: one GGM tree at a time walked
// depth first (a stack of log N seeds, never N leaves); the BLC state is the
// Gray-code fold area ((log N + 1) x exp bytes); the signature buffer is the
// signer's scratch for the leaf hashes h_e and the cached keys. PIOP: one
// equation in flight in sign/verify (nibble buckets), key generation with a
// few equations in lock-step (~1 KB of stream windows on the stack for a
// third fewer cycles).
struct Balanced {
    static constexpr const char* name = "balanced";
    static constexpr cipher::Backend public_backend = kPublicDataBackend;
    static constexpr cipher::Backend secret_backend = cipher::Backend::automatic;
    static constexpr uint32_t eq_lockstep = 1;         // accumulators of one equation only
    static constexpr uint32_t keygen_eq_lockstep = 4;  // shares key schedules, keygen RAM stays < 2.4 KB (cat1)
    static constexpr uint32_t piop_digit_bits = 4;     // nibble buckets: 4 XOR rows per entry at most
    static constexpr bool piop_alpha_direct = true;  // alpha += Gamma column x z per equation: no 2 tau m/mu z buffers
    static constexpr uint32_t parallel_trees = 1;    // streamed trees run one at a time
    // Leaves per streamed batch (2, 4 or 8): every cipher call of the leaf
    // commitments and the PRG covers a whole batch (fills the 2-block passes
    // of the M4 AES); 8 costs ~0.5 KB of stack (seeds, commitments, one PRG block).
    static constexpr uint32_t leaf_batch = 8;
    // Keep the SeedCommit/PRG keys and the bottom tree-level keys of a tree
    // (2 + PRG blocks + log2(leaf_batch) round keys) instead of scheduling
    // them for every batch (~1.5 Mc each for sign and verify on cat 1 fast):
    // the signer keeps them in the signature's not yet written path field,
    // the verifier in the workspace's tT rows (the PIOP only uses them
    // afterwards). With the keys cached, the two leaf-commitment keys run
    // interleaved in two-key cipher passes.
    static constexpr bool cache_tree_keys = true;
    // Trees whose 2^(log N - 3) subtree roots do not fit in the PIOP's tT
    // rows (cat1 short: 256 roots, 4 KB) run in breadth-first groups of 32
    // roots (Ggm::stream_bfs) in this much of the Workspace: every fixsliced
    // pass of the tree's top full and under one key (~120 fewer passes a
    // tree than the depth-first walk's half-empty and two-key ones).
    static constexpr size_t sign_tree_top_bytes = 512;
};

// Smallest RAM: bit buckets (kBits rows instead of 15 per nibble digit) and
// one equation at a time everywhere. Its BLC knobs equal Balanced's: the
// streamed tree's RAM (fold area, batch buffers sized for 8 leaves in every
// engine) does not shrink with smaller batches, which only cost time.
struct Memory {
    static constexpr const char* name = "memory";
    static constexpr cipher::Backend public_backend = kPublicDataBackend;
    static constexpr cipher::Backend secret_backend = cipher::Backend::automatic;
    static constexpr uint32_t eq_lockstep = 1;         // one stream window + accumulators
    static constexpr uint32_t keygen_eq_lockstep = 1;  // one stream window
    // Key generation without x's bit planes (base bits x n elements, 448 B
    // for cat1 short): the dot products read x's bits (~1.6x keygen cycles, 0.7-0.9x
    // the paper code's).
    static constexpr bool keygen_x_planes = false;
    static constexpr uint32_t piop_digit_bits = 1;     // kBits buckets: ~4x less bucket RAM, more XORs
    static constexpr bool piop_alpha_direct = true;  // same
    static constexpr uint32_t parallel_trees = 1;
    static constexpr uint32_t leaf_batch = 8;
    static constexpr bool cache_tree_keys = true;  // signer: in the signature buffer (no RAM)
    // Verifier: the tau repetitions in groups of this many (trees, then the
    // PIOP with the equations expanded again per group), every buffer sized
    // for one group (Scheme::VerifyWorkspace); 0: all at once.
    static constexpr uint32_t verify_rep_group = 4;
    // Grouped verifier's tree key cache (~1.2 KB of expanded keys for cat 1).
    static constexpr bool verify_cache_keys = false;
    // Its PIOP (public data only): nibble buckets where they take at most
    // half the fold area they live in (GF(256) rows of one word: 124 B,
    // ~3x fewer bucket XORs than bit buckets), and room for this many
    // equations in lock-step (each PRG key schedule shared).
    static constexpr uint32_t verify_digit_bits = 4;
    static constexpr uint32_t verify_eq_lockstep = 2;
    // Scheme::SignWorkspace holds only what the commitment makes (x0 lanes,
    // u0, u1, the fold area); the PIOP's buffers go to the signature's
    // opening fields, free between the commitment and the opening.
    static constexpr bool sign_piop_in_signature = true;
};

// The former one-tree profile; the streamed Balanced profile replaces it.
using Compact = Balanced;

// The embedded-MQOM paper's Hardware profile: every AES-128 (GGM trees, seed
// commitments, PRG, equations, verification) on a hardware engine such as the
// STM32F437's CRYP (platform/m4/stm32f4/cryp.hpp), installed at start-up with
// cipher::set_external_aes128. AES-128 sets (cat 1) only. No key schedule
// runs in software: keys go to the engine raw (Enc::schedule with
// Backend::external writes the first round key only).
struct Hardware {
    static constexpr const char* name = "hardware";
    // The engine is constant time and faster than T-tables: public data too.
    static constexpr cipher::Backend public_backend = cipher::Backend::external;
    // Secret seeds go to the engine: that is the point of the profile.
    static constexpr cipher::Backend secret_backend = cipher::Backend::external;
    // The PIOP side of Balanced, but 4 equations in lock-step: each PRG
    // block of the equation expansion is then one engine key load and one
    // call for 4 blocks (the verifier runs as many as tT holds: 8 on cat1
    // fast). 8 would sign 0.1 Mc faster for 0.8-3 KB more RAM.
    static constexpr uint32_t eq_lockstep = 4;
    static constexpr uint32_t keygen_eq_lockstep = 4;
    static constexpr uint32_t piop_digit_bits = 4;
    static constexpr bool piop_alpha_direct = true;
    // Balanced's streamed tree (no N-leaf buffer). Without the key cache
    // every engine call is one key and a whole batch of blocks (the cached
    // keys' two-key passes would reload the engine's key every block).
    static constexpr uint32_t parallel_trees = 1;
    static constexpr uint32_t leaf_batch = 8;
    static constexpr bool cache_tree_keys = false;
};

// !!! NOT CONSTANT TIME !!!  The Lut profile multiplies secret PIOP values
// with log/exp tables (detail::lut_not_ct kernels: table addresses and
// branches depend on secrets) and, on the M4, runs the AES of the secret
// seeds (GGM trees, seed commitments, PRG: the key is public, the plaintext
// secret) on the T-table code (cipher::Backend::table_not_ct: table indices
// depend on the secret seeds), ~0.7 kc a block against 1.34 kc on the
// fixsliced pass; its key cache then holds expanded round keys. For targets
// where that is accepted (no data cache, no co-located attacker); excluded
// from the valgrind CT tests on purpose. Same outputs as every other profile
// (same KATs). Hosts keep the constant-time default (AES-NI is faster there).
#if defined(PQMCU_TARGET_M4)
inline constexpr cipher::Backend kLutSecretBackend = cipher::Backend::table_not_ct;  // NOT constant time
#else
inline constexpr cipher::Backend kLutSecretBackend = cipher::Backend::automatic;
#endif
struct Lut {
    static constexpr const char* name = "lut";
    static constexpr cipher::Backend public_backend = kPublicDataBackend;
    static constexpr cipher::Backend secret_backend = kLutSecretBackend;  // !!! T-tables on the M4: NOT CT
    static constexpr uint32_t eq_lockstep = 1;
    static constexpr uint32_t keygen_eq_lockstep = 4;
    static constexpr uint32_t piop_digit_bits = 4;
    static constexpr bool piop_alpha_direct = true;
    static constexpr uint32_t parallel_trees = 1;
    static constexpr uint32_t leaf_batch = 8;      // Balanced's streamed tree
    static constexpr bool cache_tree_keys = true;
    // Secret x secret products of the PIOP by log/exp tables (not constant time).
    static constexpr bool lut_not_ct = true;
};

template <class P>
constexpr bool uses_lut_not_ct() {
    if constexpr (requires { P::lut_not_ct; }) return P::lut_not_ct;
    else return false;
}

template <class P>
constexpr uint32_t verify_rep_group_of() {
    if constexpr (requires { P::verify_rep_group; }) return P::verify_rep_group;
    else return 0;
}
template <class P>
constexpr uint32_t verify_digit_bits_of() {
    if constexpr (requires { P::verify_digit_bits; }) return P::verify_digit_bits;
    else return P::piop_digit_bits;
}
template <class P>
constexpr uint32_t verify_eq_lockstep_of() {
    if constexpr (requires { P::verify_eq_lockstep; }) return P::verify_eq_lockstep;
    else return 1;
}
template <class P>
constexpr size_t sign_tree_top_bytes_of() {
    if constexpr (requires { P::sign_tree_top_bytes; }) return P::sign_tree_top_bytes;
    else return 0;
}
template <class P>
constexpr bool verify_cache_keys_of() {
    if constexpr (requires { P::verify_cache_keys; }) return P::verify_cache_keys;
    else return false;
}
template <class P>
constexpr bool keygen_x_planes_of() {
    if constexpr (requires { P::keygen_x_planes; }) return P::keygen_x_planes;
    else return true;
}
template <class P>
constexpr bool sign_piop_in_signature() {
    if constexpr (requires { P::sign_piop_in_signature; }) return P::sign_piop_in_signature;
    else return false;
}

template <class Set>
constexpr Dims dims_of() {
    constexpr const Params& p = Set::P;
    return Dims{p.security, p.base_bits, p.ext_bits, p.n, p.m, p.tau, p.log_n_evals, p.w, p.eta, p.batching};
}

}  // namespace pqmcu::mqom
