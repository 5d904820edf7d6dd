// SPDX-License-Identifier: Apache-2.0 OR MIT
// Keccak-f[1600]: the permutation under SHA-3/SHAKE, one state or four at once.
//
// Representation is hidden behind KeccakState / KeccakX4State: hosts keep 25
// 64-bit lanes; the Cortex-M4 build (PQMCU_TARGET_M4) keeps the state
// bit-interleaved (two 32-bit words per lane) for its whole life, converting
// only when bytes go in or out. Always use the byte accessors below.
// keccak_f1600 on the M4 is generated assembly (keccak_f1600_m4.S, from
// gen_keccak_m4_asm.py); define PQMCU_KECCAK_NO_ASM to use the generated C.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/status.hpp"

#if defined(PQMCU_TARGET_M4) || defined(PQMCU_KECCAK_FORCE_BI32)
#define PQMCU_KECCAK_BI32 1
#endif
#if defined(PQMCU_HASH_AVX2)
#define PQMCU_KECCAK_HAVE_AVX2 1
#endif

namespace pqmcu::hash {

inline constexpr size_t kKeccakStateBytes = 200;

struct KeccakState {
#if defined(PQMCU_KECCAK_BI32)
    alignas(8) uint32_t w[50];  // w[i] = even bits of lane i, w[25 + i] = odd bits
#else
    alignas(8) uint64_t lane[25];
#endif
};

// Four independent states. Hosts store lane i of instance j at lane[4*i + j]
// (one 256-bit vector per lane); the M4 simply keeps four KeccakStates.
struct KeccakX4State {
#if defined(PQMCU_KECCAK_BI32)
    KeccakState st[4];
#else
    alignas(32) uint64_t lane[100];
#endif
};

// --- one state -------------------------------------------------------------
void keccak_init(KeccakState& s);  // all-zero state
void keccak_wipe(KeccakState& s);  // same, but cannot be optimised away
void keccak_f1600(KeccakState& s);
// The same, with the caller's 200-byte scratch (wiped on return) instead of
// the M4 assembly's stack buffer: 200 bytes less stack where the caller has a
// free buffer. Elsewhere the same as keccak_f1600 (scratch unused).
void keccak_f1600_buf(KeccakState& s, KeccakState& scratch);
// dst = Keccak-f(src) for public data only: nothing of the permutation's
// temporaries is wiped, src is left as it was (a prefix state used again,
// e.g. grinding). src may be dst.
void keccak_f1600_public(const KeccakState& src, KeccakState& dst);
#if defined(PQMCU_KECCAK_BI32)
// Plane 0 (lanes 0..4: the first 40 output bytes) of Keccak-f(src) for
// public data: out[x] / out[5 + x] = even / odd half of lane x. scratch is
// overwritten. On the M4 the last round computes that plane only (grinding).
void keccak_f1600_public_plane0(const KeccakState& src, KeccakState& scratch, uint32_t out[10]);
// Grinding on one varying lane, lane 4 (MQOM category 1's nonce): dst =
// theta(src) on the interleaved words, once per prefix state; then per try
// plane 0 of Keccak-f(src with (ne, no) XORed into lane 4's even / odd
// words), given tpre = theta(src): returns p with p[x] / p[5 + x] the even /
// odd half of output lane x, inside scratch (overwritten). On the M4 a try
// skips the input's column parities and round 0's theta (theta is linear:
// the nonce reaches 22 known words). Public data only.
void keccak_theta_bi32(const KeccakState& src, KeccakState& dst);
const uint32_t* keccak_f1600_public_plane0_lane4(const KeccakState& tpre, const KeccakState& src, uint32_t ne,
                                                 uint32_t no, KeccakState& scratch);
// A grinding loop over keccak_f1600_public_plane0_lane4's tries: ctr is the
// counter, (ie, io) its nonce words (the counter interleaved at bit sh of
// each half). From g's try on, runs tries until the bits me / mo of output
// lane ol4 / 4's even / odd words are all zero, and returns that try's plane
// 0 (as keccak_f1600_public_plane0_lane4) with g at its counter; grind_next
// moves g on by one. On the M4 the loop is in the assembly (no call, no
// register saves per try). Public data only.
struct GrindLane4 {
    uint32_t ctr, ie, io, me, mo, ol4, sh;  // (this order: the assembly reads it)
};
inline void grind_next(GrindLane4& g) {
    ++g.ctr;  // ctr ^ (ctr + 1) = 2^m - 1: its low ceil(m / 2) / floor(m / 2) bits per half
    const unsigned m = unsigned(__builtin_ctz(g.ctr | 0x80000000u)) + 1u;
    g.ie ^= ((1u << ((m + 1) / 2)) - 1u) << g.sh;
    g.io ^= ((1u << (m / 2)) - 1u) << g.sh;
}
const uint32_t* keccak_f1600_grind_lane4(const KeccakState& tpre, const KeccakState& src, GrindLane4& g,
                                         KeccakState& scratch);
#endif
// XOR len bytes into the state starting at byte offset (offset + len <= 200).
void keccak_xor_bytes(KeccakState& s, size_t offset, const uint8_t* in, size_t len);
// XOR one byte into the state at byte offset (< 200): the padding bytes of a
// finalize, without keccak_xor_bytes' whole-lane interleave.
void keccak_xor_byte(KeccakState& s, size_t offset, uint8_t b);
// Copy len bytes of the state starting at byte offset (offset + len <= 200).
void keccak_extract_bytes(const KeccakState& s, size_t offset, uint8_t* out, size_t len);

// The permutation on plain 64-bit lanes (little-endian lane order), available
// in every build; the reference the other paths are tested against.
void keccak_f1600_lanes(uint64_t lanes[25]);
// The permutation on bit-interleaved words (layout of KeccakState::w),
// available in every build so hosts can test the M4 code.
void keccak_f1600_bi32(uint32_t words[50]);
// Lane <-> interleaved halves (even bits in *even, odd bits in *odd).
void keccak_interleave(uint64_t lane, uint32_t* even, uint32_t* odd);
uint64_t keccak_deinterleave(uint32_t even, uint32_t odd);

// --- four states -----------------------------------------------------------
void keccak_x4_init(KeccakX4State& s);
void keccak_x4_wipe(KeccakX4State& s);
void keccak_x4_xor_bytes(KeccakX4State& s, unsigned instance, size_t offset, const uint8_t* in, size_t len);
void keccak_x4_extract_bytes(const KeccakX4State& s, unsigned instance, size_t offset, uint8_t* out,
                             size_t len);

// Runs the permutation on all four states with the selected backend.
void keccak_f1600_x4(KeccakX4State& s);
// Two independent states permuted together: one AVX-512VL permutation of
// both (xmm registers, ~1.2x the time of one) on x86 CPUs that have it,
// else with AVX2 one AVX2 permutation of both (xmm registers, ~0.9x the
// time of two BMI2 permutations on Zen 2), else two keccak_f1600 calls.
// Same results either way.
void keccak_f1600_x2(KeccakState& a, KeccakState& b);
// Explicit backends (tests, benchmarks). The AVX2 one exists only in x86
// builds (PQMCU_KECCAK_HAVE_AVX2) and must only be called when the CPU has AVX2.
void keccak_f1600_x4_portable(KeccakX4State& s);
#if defined(PQMCU_KECCAK_HAVE_AVX2)
void keccak_f1600_x4_avx2(KeccakX4State& s);
// keccak_f1600_lanes built for BMI1/BMI2 (x86 builds; only on such a CPU).
void keccak_f1600_lanes_bmi2(uint64_t lanes[25]);
// AVX-512VL (ymm registers: vprolq, vpternlogq); only when the CPU has it.
void keccak_f1600_x4_avx512vl(KeccakX4State& s);
void keccak_f1600_x2_avx512vl(uint64_t a[25], uint64_t b[25]);
// Two states in xmm registers with AVX2 only; only when the CPU has AVX2.
void keccak_f1600_x2_avx2(uint64_t a[25], uint64_t b[25]);
// Lanes lane .. lane+nlanes-1 of instance j ^= the nlanes 8-byte words at
// in[j], j < 4 (a 4x4 word transpose a step); only when the CPU has AVX2.
void keccak_x4_xor_lanes_avx2(KeccakX4State& s, size_t lane, const uint8_t* const in[4], size_t nlanes);
// Whether the CPU has AVX2 (cached; PQMCU_CPU_DISABLE masks it).
bool keccak_x4_avx2_usable();
#endif

// automatic picks avx512vl, else avx2, else portable.
enum class Backend : uint8_t { automatic, portable, avx2, avx512vl };

// Chooses the x4 backend for the whole program (not thread-safe; meant for
// start-up and tests). automatic = best available. Returns
//   ok           the backend is now in use,
//   unsupported  avx2 / avx512vl asked for but not compiled in or not on this CPU (unchanged),
//   bad_argument unknown value (unchanged).
Status set_backend(Backend b);
// The backend actually used now (never automatic).
Backend active_backend();

}  // namespace pqmcu::hash
