// SPDX-License-Identifier: Apache-2.0 OR MIT
// x86-64 kernels for MQOM's field products (GF(256), and GF(2^16) rows), chosen at run time (CPUID;
// PQMCU_CPU_DISABLE=gfni / avx512 masks them). Built only with
// PQMCU_MQOM_X86 (x86 hosts); elsewhere, and when the CPU lacks GFNI, the
// engine keeps its portable bit-plane code.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::mqom::detail::x86 {

// XOR over k < bytes of the GF(256) (AES polynomial) products a[k] * b[k],
// folded to 64 bits: byte i of the result is the XOR of the products at
// offsets = i mod 8 (so 8- and 16-bit lanes keep their place). vgf2p8mulb is
// fixed-time: b may be secret. Reads exactly `bytes` bytes of each input.
using MulFoldFn = uint64_t (*)(const uint8_t* a, const uint8_t* b, size_t bytes);

// AVX-512BW + GFNI, else AVX2 + GFNI, else nullptr.
MulFoldFn gf256_mul_fold();

// out[0..row_bytes) = XOR over k < len of c[k] * xT[k row_bytes ..] (c
// public GF(256) scalars, rows of row_bytes <= 64 bytes, possibly secret):
// the PIOP's row products for GF(256) entries, one vgf2p8mulb per entry.
using RowFn = void (*)(const uint8_t* c, const uint8_t* xT, uint32_t len, size_t row_bytes, uint8_t* out);

// AVX-512BW + GFNI (one row in one register), else nullptr.
RowFn gf256_row();

// The same for GF(2^16) entries (the short sets' extension field, 16-bit
// lanes a0 | a1 << 8): two vgf2p8mulb per entry. AVX-512BW + GFNI, else nullptr.
using Row16Fn = void (*)(const uint16_t* c, const uint8_t* xT, uint32_t len, size_t row_bytes, uint8_t* out);
Row16Fn gf65536_row();

// The PIOP's rows with the secret products fused in (GF(256) entries, rows
// of row_bytes <= 64 bytes, xj = xT + (len - 1) row_bytes, the row's own x):
// t = sum_{k<len} c[k] xT[k] as gf256_row, then
//   signer:   s0 ^= t (.) xj;  s1 ^= t[tau] xj + lx t   (s0 = s, s1 = s + row_bytes;
//             lx = lift(x_j), tau public)
//   verifier: acc ^= t (.) xj
// Replaces the bit planes of Lanes::sign_row (2 state rows instead of
// 2 + 8 + base bits) and Lanes::mul_acc. AVX-512BW + GFNI, else nullptr.
using SignRowFn = void (*)(const uint8_t* c, const uint8_t* xT, uint32_t len, size_t row_bytes, uint32_t tau,
                           uint8_t lx, uint8_t* s);
SignRowFn gf256_sign_row();
using VerifyRowFn = void (*)(const uint8_t* c, const uint8_t* xT, uint32_t len, size_t row_bytes, uint8_t* acc);
VerifyRowFn gf256_verify_row();
// gf256_sign_row / verify_row for g equations at one row j (c[q]: equation
// q's entries; state q at s + q stride), four at a time sharing each xT load.
using SignRowsFn = void (*)(const uint8_t* const* c, uint32_t g, const uint8_t* xT, uint32_t len, size_t row_bytes,
                            uint32_t tau, uint8_t lx, uint8_t* s, size_t stride);
SignRowsFn gf256_sign_rows();
using VerifyRowsFn = void (*)(const uint8_t* const* c, uint32_t g, const uint8_t* xT, uint32_t len, size_t row_bytes,
                              uint8_t* acc, size_t stride);
VerifyRowsFn gf256_verify_rows();
// The same for GF(2^16) entries (lane products in the tower of gf65536_row).
using SignRow16Fn = void (*)(const uint16_t* c, const uint8_t* xT, uint32_t len, size_t row_bytes, uint32_t tau,
                             uint8_t lx, uint8_t* s);
SignRow16Fn gf65536_sign_row();
using VerifyRow16Fn = void (*)(const uint16_t* c, const uint8_t* xT, uint32_t len, size_t row_bytes, uint8_t* acc);
VerifyRow16Fn gf65536_verify_row();

// The BLC's Gray-code fold of nb shares of eb <= 256 bytes (exp, eb apart),
// leaves i0 .. i0+nb-1 of N = 2^L: acc ^= exp_q (unless i0 + q == skip, the
// verifier's opened leaf), then fold[gray_bit(i0 + q)] ^= acc (fold rows eb
// apart). acc is held in registers over the batch. AVX-512BW, else nullptr.
using FoldFn = void (*)(const uint8_t* exp, size_t nb, size_t eb, uint32_t i0, uint32_t N, uint32_t L, uint32_t skip,
                        uint8_t* acc, uint8_t* fold);
FoldFn blc_fold();

// The BLC's leaves of AES-128 seeds (cat 1), nb (a multiple of 16) seeds at ls:
//   lsc[32 q ..] = SeedDerive(k1, ls_q) || SeedDerive(k2, ls_q)   (the leaf commitments)
//   exp[q eb ..] = ls_q || SeedDerive(kb_0, ls_q) || ... || SeedDerive(kb_{nblk-1}, ls_q), cut at eb bytes
// rk: AES-NI-layout round keys (44 words; public): rk[0] = k1, rk[1] = k2,
// rk[2 + b] = PRG block b's key. Straight from the VAES registers (no
// per-seed copies or LinOrtho loop). VAES + AVX-512BW/VL, else nullptr.
using LeavesFn = void (*)(const uint32_t* const* rk, size_t nblk, const uint8_t* ls, size_t nb, uint8_t* lsc,
                          uint8_t* exp, size_t eb);
LeavesFn blc_leaves_aes128();

// The same for Rijndael-256 seeds of seed_bytes = 24 (cat 3: zero-padded
// blocks, outputs cut) or 32 (cat 5), nb a multiple of 8: lsc[2S q ..] =
// c1_q || c2_q, exp rows ls_q || PRG blocks; rk: 120-word round keys.
// VAES + AVX-512BW/VL/VBMI, else nullptr.
LeavesFn blc_leaves_r256(size_t seed_bytes);

// The equation PRG (ExpandEquations, public): for blocks b < nblk with
// round keys rk + b rk_words (AES-NI layout: 44 words for AES-128, 120 for
// Rijndael-256) and seeds q < g <= 16 (seed_bytes each, packed at seeds),
//   out[q stride + seed_bytes b ..] = SeedDerive(key_b, seed_q)   (Enc ^ LinOrtho)
// straight to each equation's stream window. seed_bytes 16: VAES +
// AVX-512BW/VL; 24 / 32 (Rijndael-256): also AVX-512VBMI; else nullptr.
using EqBlocksFn = void (*)(const uint32_t* rk, size_t rk_words, size_t nblk, const uint8_t* seeds, uint32_t g,
                            uint8_t* out, size_t stride);
EqBlocksFn eq_blocks(size_t seed_bytes);

// One GGM level in place: for parents p < count (from the end), children
// 2p, 2p + 1 = SeedDerive_k(parent), that ^ parent; rk: the level's round
// keys (44 words for 16-byte seeds, 120 for Rijndael-256's 24 / 32). count a
// multiple of ggm_level_group(seed_bytes). VAES + AVX-512BW/VL (+ VBMI for
// Rijndael-256), else nullptr.
using LevelFn = void (*)(const uint32_t* rk, uint8_t* nodes, size_t count);
LevelFn ggm_level(size_t seed_bytes);
constexpr size_t ggm_level_group(size_t seed_bytes) { return seed_bytes == 16 ? 16 : 8; }

// Grinding (public data): for the eight candidates j < 8, Keccak-f[1600] of
// the 25-lane state pre with lane nl ^= (base + j) << ns, and its first nout
// (<= 16) lanes to out[j][0..nout). AVX-512F (one zmm per lane), else nullptr.
using Grind8Fn = void (*)(const uint64_t* pre, unsigned nl, unsigned ns, uint32_t base, unsigned nout,
                          uint64_t (*out)[16]);
Grind8Fn keccak_grind8();

// The BLC's combine (x part): for k < n,
//   lane k (row stride row_bytes) = sum_{j < rows} M_j(element k of src + j stride)
// with src rows packed base-field vectors (base_bits 1, 4 or 8; the
// elements may be secret) and M_j GF(2)-linear maps (public) given as
// vgf2p8affineqb matrices: mlo[j] to the output's low byte, mhi[j] (when
// not null: 16-bit outputs) to its high byte. AVX-512BW + GFNI, else nullptr.
using LiftRowsFn = void (*)(const uint8_t* src, size_t stride, uint32_t rows, unsigned base_bits, const uint64_t* mlo,
                            const uint64_t* mhi, uint32_t n, uint8_t* out, size_t row_bytes);
LiftRowsFn lift_rows();

// u[0..bytes) ^= s (.) a[0..bytes) (s a GF(256) scalar, possibly secret:
// key generation's sum_j lift(x_j) A_i row j). AVX-512BW + GFNI, else nullptr.
using ScaleAccFn = void (*)(const uint8_t* a, size_t bytes, uint8_t s, uint8_t* u);
ScaleAccFn gf256_scale_acc();

}  // namespace pqmcu::mqom::detail::x86
