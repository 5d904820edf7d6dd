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

}  // namespace pqmcu::mqom::detail::x86
