// SPDX-License-Identifier: Apache-2.0 OR MIT
// Inversions mod (3, Phi_n) and mod (2, Phi_n) by batched ("jump") divsteps:
// the 2x2 transition matrix of a batch of divsteps is computed on the low
// coefficients only (bit-sliced, one word), then applied to the whole
// polynomials with integer products: mod 3 on byte lanes (four coefficients
// per 32-bit word, 32 x 32 -> 64-bit multiply-accumulate: UMLAL on the M4,
// reduced mod 3 once per output word), mod 2 as carry-less products built
// from UMULL. The same iterations and the same results as engine.cpp's
// s3_inverse / r2_inverse, which stay as the references the tests compare
// against. Key generation runs both in the product scratch (Work::mul).
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::ntru::detail {

// Divsteps per jump: a multiple of four (the division of f, g by x^steps is
// a whole number of byte-lane words) with every lane sum of the products
// below 256 (2 (steps + 1) terms of at most 2 * 2).
inline constexpr size_t kJumpSteps = 28;
static_assert(kJumpSteps % 4 == 0 && 8 * (kJumpSteps + 1) < 256 && kJumpSteps + 4 <= 32);

// 32-bit words of s3_inverse_jump's scratch: f, g, v, w and the four the
// products write to (each with 8 zero words below and above), the two matrices.
constexpr size_t s3_jump_scratch_words(size_t n) { return 8 * ((n + 3) / 4 + 16) + 64; }

// r = a^-1 mod (3, Phi_n), coefficients {0,1,2}, r[n-1] = 0; a in {0,1,2}^n.
// `scratch`: s3_jump_scratch_words(n) words (4-byte aligned). Constant time.
void s3_inverse_jump(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch);

// r = a^-1 mod (2, Phi_n), coefficients {0,1}, r[n-1] = 0: the divstep
// iteration in jumps of 31 steps applied by carry-less products (inverse.cpp).
// `scratch`: r2_jump_scratch_words(n) words. Constant time.
constexpr size_t r2_jump_scratch_words(size_t n) { return 8 * ((n + 31) / 32 + 4) + 4; }
void r2_inverse_jump(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch);
// The same r by exponentiation, a^(2^(n-1) - 2) (Itoh-Tsujii: ~log2 n + popcount(n - 2)
// carry-less products and coefficient permutations; inverse.cpp). `scratch`:
// r2_exp_scratch_words(n) words. Constant time.
// The addition chain for n - 2 (c_(j+k) = c_j^(2^k) c_k: one product per
// step): shortest star chains found by search for the six sets' n (12 or 13
// products; bit by bit 13-16), else bit by bit. Each step adds the previous
// element and an earlier one.
struct R2Chain {
    size_t len;       // elements, 1 first, n - 2 last
    uint16_t v[24];
};
constexpr R2Chain r2_exp_chain(size_t n) {
    switch (n) {
    case 509: return {13, {1, 2, 4, 8, 12, 14, 28, 56, 112, 168, 169, 338, 507}};
    case 677: return {13, {1, 2, 4, 8, 12, 14, 28, 56, 112, 224, 225, 450, 675}};
    case 701: return {13, {1, 2, 4, 8, 16, 17, 33, 50, 100, 200, 233, 466, 699}};
    case 821: return {13, {1, 2, 4, 8, 16, 17, 34, 68, 136, 272, 273, 546, 819}};
    case 1229: return {14, {1, 2, 4, 8, 16, 17, 34, 68, 136, 272, 408, 409, 818, 1227}};
    case 1373: return {14, {1, 2, 4, 8, 16, 32, 33, 65, 98, 196, 392, 457, 914, 1371}};
    default: break;
    }
    R2Chain c{1, {1}};
    const size_t m = n - 2;
    int top = 0;
    while ((m >> (top + 1)) != 0) ++top;
    for (int b = top - 1; b >= 0; --b) {
        c.v[c.len] = uint16_t(2 * c.v[c.len - 1]), ++c.len;
        if ((m >> b) & 1) c.v[c.len] = uint16_t(c.v[c.len - 1] + 1), ++c.len;
    }
    return c;
}
// The inversion mod (3, Phi_n) by exponentiation: 3 has order n - 1 mod n
// for every NTRU n, so F3[x]/(Phi_n) is the field of 3^(n-1) elements and
// a^(r-1) with r = (3^(n-1) - 1) / 2 is a^-1 times the norm a^r in F3 (+-1,
// its own inverse). a^(r-1) = b_(n-2)^3 with b_k = a^((3^k - 1) / 2) and
// b_(j+k) = b_j^(3^k) b_k: r2_exp_chain's chain for n - 2, each step a
// Frobenius power (a coefficient permutation) and one byte-lane product.
// Only the chain elements still needed later keep a slot (S3ExpPlan).
struct S3ExpPlan {
    size_t slots;        // physical slots
    uint8_t phys[24];    // element i's slot
    uint8_t other[24];   // element i = element i-1 + element other[i]
};
constexpr S3ExpPlan s3_exp_plan(size_t n) {
    const R2Chain c = r2_exp_chain(n);
    S3ExpPlan p{1, {}, {}};
    size_t last[24] = {};
    for (size_t i = 0; i < c.len; ++i) last[i] = i;
    for (size_t i = 1; i < c.len; ++i) {
        size_t j = 0;
        while (c.v[j] != c.v[i] - c.v[i - 1]) ++j;
        p.other[i] = uint8_t(j);
        if (last[i - 1] < i) last[i - 1] = i;
        if (last[j] < i) last[j] = i;
    }
    // element i may take an operand's slot: the product reads its operands
    // (a permuted copy, the lanes' padded copy) before the slot is written
    for (size_t i = 1; i < c.len; ++i) {
        bool busy[24] = {};
        for (size_t e = 0; e < i; ++e)
            if (last[e] > i) busy[p.phys[e]] = true;
        size_t s = 0;
        while (busy[s]) ++s;
        p.phys[i] = uint8_t(s);
        if (s + 1 > p.slots) p.slots = s + 1;
    }
    return p;
}
// The products' Karatsuba levels over the byte-lane product (engine.cpp,
// lanes_kmul; measured on the M4: one at n = 509 .. 821 (at 509 -1k against
// none; two: +98k / +71k / +90k at 677 / 821 / 701), two at 1229 (-88k) and
// 1373) and their scratch words for w words.
constexpr int s3_exp_levels(size_t n) { return (n + 3) / 4 >= 300 ? 2 : 1; }
// (kKmulPad: the zero words on each side of a lane product's B, the M4's
// five-output kernel's four)
constexpr size_t kKmulPad = 4;
constexpr size_t s3_lanes_kmul_words(size_t w, int levels) {
    return levels == 0 ? w + 2 * kKmulPad : 4 * ((w + 1) / 2) + s3_lanes_kmul_words((w + 1) / 2, levels - 1);
}
// Words: the products' scratch, the permuted operand (W), the product (2W)
// and the slots, W = ceil(n / 4).
constexpr size_t s3_exp_scratch_words(size_t n) {
    return s3_lanes_kmul_words((n + 3) / 4, s3_exp_levels(n)) + (3 + s3_exp_plan(n).slots) * ((n + 3) / 4);
}
// r = a^-1 mod (3, Phi_n), coefficients {0,1,2}, r[n-1] = 0; a in {0,1,2}^n
// (engine.cpp: the byte-lane product's code). For a = 0 mod (3, Phi_n) r = 0.
// `scratch`: s3_exp_scratch_words(n) words. Constant time.
void s3_inverse_exp(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch);
constexpr size_t r2_exp_karatsuba_words(size_t m) {
    return m <= 2 ? 0 : m <= 4 ? 16 : 4 * ((m + 1) / 2) + r2_exp_karatsuba_words((m + 1) / 2);
}
// One slot per chain element, a temporary, the product (2 nw + 2), the
// permutation's bytes (16 nw: the image twice on the M4) and the Karatsuba scratch.
constexpr size_t r2_exp_scratch_words(size_t n) {
    return (r2_exp_chain(n).len + 19) * ((n + 31) / 32) + 2 + r2_exp_karatsuba_words((n + 31) / 32);
}
void r2_inverse_exp(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch);
// The same r on x86-64 hosts with AVX2, BMI2 and PCLMULQDQ (engine_avx2.cpp:
// 64-bit words, carry-less products); false (nothing done) elsewhere.
bool r2_inverse_x86(uint16_t* r, const uint16_t* a, size_t n);
// s3_inverse's r on x86-64 hosts with AVX2 (engine_avx2.cpp: the divsteps
// with the set-up and the result vectorised); false (nothing done) elsewhere.
bool s3_inverse_x86(uint16_t* r, const uint16_t* a, size_t n);
// r = a^3 mod (2, x^n - 1) = a(x) a(x^2), a and r in {0,1}^n (r may be a): a
// squaring and one carry-less product (key generation's quartic Newton step).
// `scratch`: r2_cube_scratch_words(n) words. Constant time.
constexpr size_t r2_cube_scratch_words(size_t n) {
    return 4 * ((n + 31) / 32) + 2 + r2_exp_karatsuba_words((n + 31) / 32);
}
// (bit 4: a_i's bit 4 instead of bit 0, hrss701's last Newton step; a may be r)
void r2_cube(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch, unsigned bit = 0);
// r = a b mod (2, x^n - 1), a and b read mod 2, r in {0,1}^n (r may be a or
// b): one carry-less product. `scratch`: r2_cube_scratch_words(n) words. Constant time.
void r2_mul(uint16_t* r, const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch);
constexpr size_t r2_e2_words(size_t m) {  // r2_quartic_add's cross terms: the recursion's scratch beyond its 2m-word output
    return m <= 1 ? 0 : 2 * ((m + 1) / 2) + (m + 1) / 2 + r2_exp_karatsuba_words((m + 1) / 2) + r2_e2_words((m + 1) / 2);
}
// c = (c + 4 (w^2 mod 4) + 8 (w^3 mod 2)) mod 16 for w = bit 1 of each a_i
// (a may be c), c in {0..15}^n (key generation's first quartic Newton step,
// w = w0 of u = c = 2 w mod 4). w^2 mod 4 = w(x^2) + 2 e with e =
// sum_(i<j) w_i w_j x^(i+j) mod 2, the cross terms as carry-less products of
// halves (e(A + x^k B) = e(A) + x^2k e(B) + x^k A B) down to words, each
// word's own by four-class UMULL pair counts mod 4; w^3 = w(x^2) w mod 2.
// One packing and one w(x^2), then one pass over c, 4 S + 8 (E ^ C) (S =
// w(x^2), E = e, C = w^3: 8 (E + C) = 8 (E ^ C) mod 16).
// `scratch`: r2_quartic_add_scratch_words(n) words. Constant time.
constexpr size_t r2_quartic_add_scratch_words(size_t n) {
    const size_t nw = (n + 31) / 32, e2 = r2_e2_words(nw), k = r2_exp_karatsuba_words(nw);
    return 7 * nw + 4 + (e2 > k ? e2 : k);
}
void r2_quartic_add(uint16_t* c, const uint16_t* a, size_t n, uint32_t* scratch);

}  // namespace pqmcu::ntru::detail
