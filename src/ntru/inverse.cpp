// SPDX-License-Identifier: Apache-2.0 OR MIT
// Jump divsteps mod 3 and mod 2 (see inverse.hpp). Only public values (n,
// the step count) steer branches and indices; the signs and swaps are masks.
#include "ntru/inverse.hpp"

#include "core/secure.hpp"

namespace pqmcu::ntru::detail {
namespace {

constexpr uint32_t kLanes1 = 0x01010101u;

// Byte lanes (each <= 255, congruent mod 3 to the coefficient) -> {0,1,2}.
// 16 = 4 = 1 mod 3: fold nibbles (<= 30), then pairs of bits twice (<= 10, <= 5),
// then subtract 3 where the lane is >= 3 (lane + 1 has bit 2 set).
inline uint32_t lanes_mod3(uint32_t x) {
    x = (x & 0x0F0F0F0Fu) + ((x >> 4) & 0x0F0F0F0Fu);
    x = (x & 0x03030303u) + ((x >> 2) & 0x07070707u);
    x = (x & 0x03030303u) + ((x >> 2) & 0x03030303u);
    const uint32_t ge3 = ((x + kLanes1) >> 2) & kLanes1;
    return x - 3 * ge3;
}

// Bit k (k < 4) of the low nibble -> lane k (bit 8k): k + 7 j are distinct for j, k < 4.
inline uint32_t nibble_to_lanes(uint32_t nib) { return (nib * 0x00204081u) & kLanes1; }
// Bit 0 of every lane -> bits 0..3 (8 i + 24 - 7 j are distinct for i, j < 4).
inline uint32_t lanes_to_nibble(uint32_t x) { return ((x & kLanes1) * 0x01020408u) >> 24; }

// Two bit planes (value = p - m) of up to 32 coefficients -> 8 lane words ({0,1,2}),
// every second word of `out` (a matrix row interleaves its two entries).
inline void planes_to_lanes(uint32_t* out, uint32_t p, uint32_t m) {
    for (int k = 0; k < 8; ++k)
        out[2 * k] = nibble_to_lanes((p >> (4 * k)) & 15) | (nibble_to_lanes((m >> (4 * k)) & 15) << 1);
}

// Z3 in two bit planes, as engine.cpp's f3_add (eight operations).
inline void f3_add(uint32_t& p, uint32_t& m, uint32_t bp, uint32_t bm) {
    const uint32_t np = m ^ ((p ^ (m | bp)) & ~bm);
    const uint32_t nm = p ^ ((p | (m ^ bm)) & ~bp);
    p = np;
    m = nm;
}

inline uint32_t bit_mask(uint32_t bit) { return 0u - (bit & 1); }

// One entry pair of a matrix row, in planes.
struct Row {
    uint32_t ap, am, bp, bm;
};

// The low-coefficient state of the iteration and the transition matrix U of
// the steps so far ((v, w) <- U (v, w); f, g use D U D^-1, D = diag(1, 1/x)).
struct Jump {
    uint32_t fp, fm, gp, gm;  // the low 32 coefficients of f and g (the low 32 - steps stay exact)
    Row V, W;                 // U's rows: v' = V.a v + V.b w, w' = W.a v + W.b w
    int32_t delta;
};

// `steps` divsteps on the low words, exactly as s3_inverse's: sign = -g(0) f(0),
// swap when delta > 0 and g(0) != 0; v <- x v, swap, w += sign v; swap, g <- (g + sign f) / x.
// The (f, g) pass records each step's masks as bits (bit s of swaps / plus / minus);
// the matrix's two columns then replay them one at a time (few live words: no spills).
inline void jump_matrix(Jump& j, size_t steps) {
    uint32_t swaps = 0, plus = 0, minus = 0;
    uint32_t fp = j.fp, fm = j.fm, gp = j.gp, gm = j.gm;
    int32_t delta = j.delta;
    for (size_t s = 0; s < steps; ++s) {
        const uint32_t g0p = gp & 1, g0m = gm & 1, f0p = fp & 1, f0m = fm & 1;
        const uint32_t bp = (g0p & f0m) | (g0m & f0p), bn = (g0p & f0p) | (g0m & f0m);
        const uint32_t sp = bit_mask(bp), sn = bit_mask(bn);
        const int32_t swap = value_barrier(int32_t((-delta) & -int32_t(g0p | g0m)) >> 31);
        delta = (delta ^ (swap & (delta ^ -delta))) + 1;
        const uint32_t sm = uint32_t(swap);
        swaps |= (sm & 1) << s;
        plus |= bp << s;
        minus |= bn << s;
        uint32_t t;
        t = sm & (fp ^ gp), fp ^= t, gp ^= t;
        t = sm & (fm ^ gm), fm ^= t, gm ^= t;
        f3_add(gp, gm, (sp & fp) | (sn & fm), (sp & fm) | (sn & fp));
        gp >>= 1;
        gm >>= 1;
    }
    j.fp = fp;
    j.fm = fm;
    j.gp = gp;
    j.gm = gm;
    j.delta = delta;
    // U's columns: (V.a, W.a) from (1, 0), (V.b, W.b) from (0, 1).
    const auto column = [&](uint32_t vp, uint32_t wp, uint32_t& ovp, uint32_t& ovm, uint32_t& owp, uint32_t& owm) {
        uint32_t vm = 0, wm = 0;
        for (size_t s = 0; s < steps; ++s) {
            const uint32_t sm = bit_mask(swaps >> s), sp = bit_mask(plus >> s), sn = bit_mask(minus >> s);
            vp <<= 1;
            vm <<= 1;
            uint32_t t;
            t = sm & (vp ^ wp), vp ^= t, wp ^= t;
            t = sm & (vm ^ wm), vm ^= t, wm ^= t;
            f3_add(wp, wm, (sp & vp) | (sn & vm), (sp & vm) | (sn & vp));
        }
        ovp = vp, ovm = vm, owp = wp, owm = wm;
    };
    column(1, 0, j.V.ap, j.V.am, j.W.ap, j.W.am);
    column(0, 1, j.V.bp, j.V.bm, j.W.bp, j.W.bm);
}

// Low 32 coefficients (8 lane words) -> planes.
inline void lanes_to_planes(const uint32_t* x, uint32_t& p, uint32_t& m) {
    p = 0;
    m = 0;
    for (int k = 0; k < 8; ++k) {
        p |= lanes_to_nibble(x[k]) << (4 * k);
        m |= lanes_to_nibble(x[k] >> 1) << (4 * k);
    }
}

// One row of a jump's matrix product on byte lanes (M: the row's two
// entries, 8 lane words each, interleaved: M[2 i] = Ma_i, M[2 i + 1] = Mb_i):
//   acc(j) = sum_{i<8} Ma_i x_{j-i} + Mb_i y_{j-i}
// (64-bit sums of 32 x 32-bit products; no lane exceeds 255, so no carries
// between lanes), out[t] = mod3(lo(acc(t)) + hi(acc(t-1))) for t < 2 pairs.
// It reads x[-8 .. 2 pairs]; `out` is another buffer.
#if defined(PQMCU_NTRU_NTT_M4_ASM)
extern "C" void pqmcu_ntru_s3_lanes_row(uint32_t* out, const uint32_t* px, const uint32_t* py, uint32_t pairs,
                                        const uint32_t* M);
inline void lanes_row(uint32_t* out, const uint32_t* px, const uint32_t* py, size_t pairs, const uint32_t* M) {
    pqmcu_ntru_s3_lanes_row(out, px, py, uint32_t(pairs), M);
}
#else
inline uint64_t lanes_acc(const uint32_t* px, const uint32_t* py, const uint32_t* M) {
    uint64_t a = 0;
#pragma GCC unroll 8
    for (ptrdiff_t i = 0; i < 8; ++i) {
        a += uint64_t(M[2 * i]) * px[-i];
        a += uint64_t(M[2 * i + 1]) * py[-i];
    }
    return a;
}
inline void lanes_row(uint32_t* out, const uint32_t* px, const uint32_t* py, size_t pairs, const uint32_t* M) {
    uint32_t h = uint32_t(lanes_acc(px - 1, py - 1, M) >> 32);
    for (size_t t = 0; t < 2 * pairs; ++t) {
        const uint64_t a = lanes_acc(px + t, py + t, M);
        out[t] = lanes_mod3(uint32_t(a) + h);
        h = uint32_t(a >> 32);
    }
}
#endif

inline size_t ceil4(size_t c) { return (c + 3) / 4; }

}  // namespace

void s3_inverse_jump(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch) {
    const size_t nwb = (n + 3) / 4, stride = nwb + 16;  // each buffer: 8 zero words, nwb, 8 zero words
    // f, g, v, w and the buffers the next products go to (f2, g2, v2, w2).
    uint32_t* f = scratch + 8;
    uint32_t *g = f + stride, *f2 = g + stride, *g2 = f2 + stride;
    uint32_t *v = g2 + stride, *w = v + stride, *v2 = w + stride, *w2 = v2 + stride;
    uint32_t* T = scratch + 8 * stride;  // rows (T11, T12), (T21, T22): 16 words each
    uint32_t* U = T + 32;                // likewise
    for (size_t k = 0; k < s3_jump_scratch_words(n); ++k) scratch[k] = 0;
    const size_t top_used = n - 4 * (nwb - 1);  // lanes of the top word below n
    const uint32_t top_mask = top_used == 4 ? ~0u : (1u << (8 * top_used)) - 1;
    // f = Phi_n (all ones), g = reverse of (a mod Phi_n), v = 0, w = 1.
    for (size_t k = 0; k < nwb; ++k) f[k] = kLanes1;
    f[nwb - 1] &= top_mask;
    for (size_t i = 0; i + 1 < n; ++i) {
        const uint32_t c = (a[i] & 3) + 2 * (a[n - 1] & 3);  // <= 9
        const uint32_t c3 = c - 3 * ((c * 11) >> 5);        // c mod 3 for c <= 9 ((c * 11) >> 5 = c / 3)
        const size_t pos = n - 2 - i;
        g[pos / 4] |= c3 << (8 * (pos % 4));
    }
    w[0] = 1;
    const auto swap = [](uint32_t*& x, uint32_t*& y) {
        uint32_t* t = x;
        x = y;
        y = t;
    };

    Jump j{};
    j.delta = 1;
    const size_t total = 2 * (n - 1) - 1;
    size_t done = 0;
    while (done < total) {
        const size_t steps = total - done < kJumpSteps ? total - done : kJumpSteps;
        lanes_to_planes(f, j.fp, j.fm);
        lanes_to_planes(g, j.gp, j.gm);
        jump_matrix(j, steps);
        // U's entries (v, w) and T = D U D^-1: T11 = U11, T12 = x U12, T21 = U21 / x, T22 = U22.
        planes_to_lanes(U + 0, j.V.ap, j.V.am);
        planes_to_lanes(U + 1, j.V.bp, j.V.bm);
        planes_to_lanes(U + 16, j.W.ap, j.W.am);
        planes_to_lanes(U + 17, j.W.bp, j.W.bm);
        const size_t fg_before = 2 * n - 2 - done;  // coefficients f, g may have before these steps
        done += steps;
        const size_t vw_after = done + 1;           // deg v, deg w <= steps done
        // Every buffer is zero at and above the degree bounds (written as such,
        // or cleared), so the products may read there. Whole pairs of words
        // are written: a word past the bound is zero, or past n (cleared).
        const size_t vw_words = ceil4(vw_after < n ? vw_after : n);
        lanes_row(v2, v, w, (vw_words + 1) / 2, U);
        lanes_row(w2, v, w, (vw_words + 1) / 2, U + 16);
        v2[vw_words] = 0;  // (in the zero words above when vw_words = nwb)
        w2[vw_words] = 0;
        if (vw_words == nwb) {  // drop the coefficients from n up (public: the step count, n)
            v2[nwb - 1] &= top_mask;
            w2[nwb - 1] &= top_mask;
        }
        swap(v, v2);
        swap(w, w2);
        if (done < total) {  // f, g are needed for more steps (a full jump: steps = kJumpSteps)
            planes_to_lanes(T + 0, j.V.ap, j.V.am);
            planes_to_lanes(T + 1, j.V.bp << 1, j.V.bm << 1);
            planes_to_lanes(T + 16, j.W.ap >> 1, j.W.am >> 1);
            planes_to_lanes(T + 17, j.W.bp, j.W.bm);
            // (f, g) <- x^-kJumpSteps T (f, g): the product's words from kJumpSteps / 4 up.
            // (only the words below the bound after these steps: the rest are zero)
            const size_t fg_after = fg_before - steps;
            const size_t fg_words = ceil4(fg_after < n ? fg_after : n), pairs = (fg_words + 1) / 2;
            lanes_row(f2, f + kJumpSteps / 4, g + kJumpSteps / 4, pairs, T);
            lanes_row(g2, f + kJumpSteps / 4, g + kJumpSteps / 4, pairs, T + 16);
            // The old words above (f2, g2 held f, g two jumps ago, longer): the next
            // product reads up to 7 words past its (smaller) length.
            for (size_t k = 2 * pairs; k < 2 * pairs + 8; ++k) f2[k] = g2[k] = 0;
            swap(f, f2);
            swap(g, g2);
        }
    }
    // r = f(0) * reverse(v) (f(0) = +-1 is its own inverse): f(0) from the low state.
    const uint32_t f0 = (j.fp & 1) | ((j.fm & 1) << 1);  // 1 or 2
    for (size_t i = 0; i + 1 < n; ++i) {
        const size_t pos = n - 2 - i;
        const uint32_t c = ((v[pos / 4] >> (8 * (pos % 4))) & 3) * f0;  // <= 4
        r[i] = uint16_t(c - 3 * ((c * 11) >> 5));
    }
    r[n - 1] = 0;
}

// ---- mod 2: jump divsteps on bit-packed words. A jump of kJump2Steps
// steps is a 2x2 matrix of polynomials of degree <= 31 (one word each),
// applied with carry-less 32 x 32-bit products: each operand split into four
// classes of bits (i = 0, 1, 2, 3 mod 4); an integer product of two classes
// sums at most 8 terms per position (< 16), so the carries never reach the
// next position of the same class, whose bit is the parity (XOR) of the terms.

namespace {
constexpr size_t kJump2Steps = 31;  // entries of degree <= 31 (x U12 included)

struct Split {
    uint32_t c[4];
};
inline Split split4(uint32_t a) {
    return Split{{a & 0x11111111u, a & 0x22222222u, a & 0x44444444u, a & 0x88888888u}};
}
// clmul(a, x) ^ clmul(b, y), 64 bits.
inline uint64_t clmul2(const Split& a, const Split& b, uint32_t x, uint32_t y) {
    const Split xs = split4(x), ys = split4(y);
    uint64_t z[4];
    for (int k = 0; k < 4; ++k) {
        uint64_t acc = 0;
        for (int i = 0; i < 4; ++i) {
            const int jx = (k - i) & 3;
            acc ^= uint64_t(a.c[i]) * xs.c[jx];
            acc ^= uint64_t(b.c[i]) * ys.c[jx];
        }
        z[k] = acc;
    }
    return (z[0] & 0x1111111111111111ull) | (z[1] & 0x2222222222222222ull) | (z[2] & 0x4444444444444444ull) |
           (z[3] & 0x8888888888888888ull);
}
#if defined(PQMCU_NTRU_NTT_M4_ASM)
extern "C" void pqmcu_ntru_r2_clmul_words(uint32_t* out, const uint32_t* x, const uint32_t* y, uint32_t words,
                                          const uint32_t* ab);
#endif
// out[t] = bits [shift, shift + 32) of (a x + b y) at word t, for t < words
// (shift 0 or kJump2Steps; x, y read at [-1, words], zero outside their degree
// bounds); out[words] is written too (the caller clears it).
inline void r2_row(uint32_t* out, const uint32_t* x, const uint32_t* y, size_t words, uint32_t a, uint32_t b,
                   unsigned shift) {
    const Split as = split4(a), bs = split4(b);
    // The product's words 0 .. words: lo(C(t)) ^ hi(C(t-1)), C(t) = clmul(a, x_t) ^ clmul(b, y_t).
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    const uint32_t ab[8] = {as.c[0], as.c[1], as.c[2], as.c[3], bs.c[0], bs.c[1], bs.c[2], bs.c[3]};
    pqmcu_ntru_r2_clmul_words(out, x, y, uint32_t(words), ab);
#else
    uint32_t hi = uint32_t(clmul2(as, bs, x[-1], y[-1]) >> 32);
    for (size_t t = 0; t <= words; ++t) {
        const uint64_t c = clmul2(as, bs, x[t], y[t]);
        out[t] = uint32_t(c) ^ hi;
        hi = uint32_t(c >> 32);
    }
#endif
    if (shift != 0)
        for (size_t t = 0; t < words; ++t) out[t] = (out[t] >> shift) | (out[t + 1] << (32 - shift));
}
}  // namespace

void r2_inverse_jump(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch) {
    const size_t nw = (n + 31) / 32, stride = nw + 4;  // each buffer: 2 zero words, nw, 2 zero words
    uint32_t* f = scratch + 2;
    uint32_t *g = f + stride, *f2 = g + stride, *g2 = f2 + stride;
    uint32_t *v = g2 + stride, *w = v + stride, *v2 = w + stride, *w2 = v2 + stride;
    for (size_t k = 0; k < r2_jump_scratch_words(n); ++k) scratch[k] = 0;
    const size_t used = n - 32 * (nw - 1);
    const uint32_t top = used == 32 ? ~0u : (1u << used) - 1;
    for (size_t k = 0; k < nw; ++k) f[k] = ~0u;  // f = Phi_n
    f[nw - 1] = top;
    w[0] = 1;
    for (size_t i = 0; i + 1 < n; ++i) {  // g = reverse of (a mod Phi_n)
        const size_t pos = n - 2 - i;
        g[pos / 32] |= uint32_t((a[i] ^ a[n - 1]) & 1) << (pos % 32);
    }
    const auto swap = [](uint32_t*& x, uint32_t*& y) {
        uint32_t* t = x;
        x = y;
        y = t;
    };
    int32_t delta = 1;
    const size_t total = 2 * (n - 1) - 1;
    size_t done = 0;
    while (done < total) {
        const size_t steps = total - done < kJump2Steps ? total - done : kJump2Steps;
        // The steps on the low words (as engine.cpp's r2_inverse), and U: (v, w) <- U (v, w).
        uint32_t lf = f[0], lg = g[0], va = 1, vb = 0, wa = 0, wb = 1;
        for (size_t s = 0; s < steps; ++s) {
            const uint32_t g0 = lg & 1;
            const uint32_t sign = bit_mask(g0 & lf);
            const int32_t sw = value_barrier(int32_t((-delta) & -int32_t(g0)) >> 31);
            delta = (delta ^ (sw & (delta ^ -delta))) + 1;
            const uint32_t sm = uint32_t(sw);
            uint32_t t = sm & (lf ^ lg);
            lf ^= t;
            lg ^= t;
            lg = (lg ^ (sign & lf)) >> 1;
            va <<= 1;
            vb <<= 1;
            t = sm & (va ^ wa), va ^= t, wa ^= t;
            t = sm & (vb ^ wb), vb ^= t, wb ^= t;
            wa ^= sign & va;
            wb ^= sign & vb;
        }
        const size_t fg_before = 2 * n - 2 - done;
        done += steps;
        const size_t vw_after = done + 1;
        const size_t vw_words = (vw_after < n ? vw_after : n) / 32 + 1 < nw ? (vw_after < n ? vw_after : n) / 32 + 1 : nw;
        r2_row(v2, v, w, vw_words, va, vb, 0);
        r2_row(w2, v, w, vw_words, wa, wb, 0);
        v2[vw_words] = w2[vw_words] = 0;  // (past n when vw_words = nw)
        if (vw_words == nw) {  // drop coefficient n and up
            v2[nw - 1] &= top;
            w2[nw - 1] &= top;
        }
        swap(v, v2);
        swap(w, w2);
        if (done < total) {  // T = D U D^-1: T11 = U11, T12 = x U12, T21 = U21 / x, T22 = U22
            const size_t fg_after = fg_before - steps;  // the bound after these steps
            const size_t fbits = fg_after < n ? fg_after : n, fg_words = (fbits + 31) / 32;
            r2_row(f2, f, g, fg_words, va, vb << 1, kJump2Steps);
            r2_row(g2, f, g, fg_words, wa >> 1, wb, kJump2Steps);
            f2[fg_words] = g2[fg_words] = 0;  // (longer two jumps ago)
            swap(f, f2);
            swap(g, g2);
        }
    }
    for (size_t i = 0; i + 1 < n; ++i) {
        const size_t pos = n - 2 - i;
        r[i] = uint16_t((v[pos / 32] >> (pos % 32)) & 1);
    }
    r[n - 1] = 0;
}

// ---- mod 2 by exponentiation (Itoh-Tsujii)
//
// 2 has order n - 1 mod n, so Phi_n is irreducible mod 2 and F2[x]/(Phi_n)
// is the field of 2^(n-1) elements: a^-1 = a^(2^(n-1) - 2) = c_(n-2)^2 with
// c_k = a^(2^k - 1), c_(j+k) = c_j^(2^k) c_k. The work runs in F2[x]/(x^n - 1)
// (Phi_n divides x^n - 1: the map to the field commutes with everything
// below) and is reduced mod Phi_n once at the end. c^(2^k) = c(x^(2^k)) is a
// permutation of the coefficients (i -> 2^k i mod n), the exponent (and so
// every index and the number of products) is public: constant time. For a = 0
// mod (2, Phi_n) the result is 0, as from the divsteps.

namespace {
// 2^-k mod n (n odd, public): powers of 1/2 = (n + 1) / 2.
constexpr uint32_t pow_half_mod(size_t k, size_t n) {
    uint32_t r = 1, b = uint32_t((n + 1) / 2), m = uint32_t(n);  // n < 2^16: products fit 32 bits
    for (; k != 0; k >>= 1) {
        if (k & 1) r = r * b % m;
        b = b * b % m;
    }
    return r;
}
// 2^-v mod n for the chain elements v of the six sets' n: flash tables, no
// divisions per Frobenius call (~150 cycles each with them); null for other n.
constexpr R2Chain r2_half_powers_of(size_t n) {
    R2Chain h = r2_exp_chain(n);
    for (size_t i = 0; i < h.len; ++i) h.v[i] = uint16_t(pow_half_mod(h.v[i], n));
    return h;
}
template <size_t N>
struct R2HalfPowers {
    static constexpr R2Chain table = r2_half_powers_of(N);
};
inline const uint16_t* r2_half_powers(size_t n) {
    switch (n) {
    case 509: return R2HalfPowers<509>::table.v;
    case 677: return R2HalfPowers<677>::table.v;
    case 701: return R2HalfPowers<701>::table.v;
    case 821: return R2HalfPowers<821>::table.v;
    case 1229: return R2HalfPowers<1229>::table.v;
    case 1373: return R2HalfPowers<1373>::table.v;
    default: return nullptr;
    }
}
// out = prod mod x^n - 1 (prod: 2 nw + 2 words, bits >= 2n - 1 zero): bit i ^ bit i + n.
// (The s = 0 test out of the loop and the high word carried: GCC had kept
// the test in the loop, ~17 cycles a word. Out of line: inlined, its
// registers grew r2_inverse_exp's frame, on keygen's stack peak.)
[[gnu::noinline]] void r2_fold(uint32_t* out, const uint32_t* prod, size_t n) {
    const size_t nw = (n + 31) / 32, q = n / 32, s = n % 32;
    if (s == 0) {  // (public; no NTRU n)
        for (size_t t = 0; t < nw; ++t) out[t] = prod[t] ^ prod[t + q];
        return;
    }
    uint32_t cur = prod[q];
#pragma GCC unroll 2
    for (size_t t = 0; t < nw; ++t) {
        const uint32_t next = prod[t + q + 1];
        out[t] = prod[t] ^ (cur >> s) ^ (next << (32 - s));
        cur = next;
    }
    out[nw - 1] &= (1u << s) - 1;
}
// Bit k of the low half to bit 2k, of the high half to bit 2k + 1 (Hacker's
// Delight's perfect shuffle).
inline uint32_t shuffle32(uint32_t x) {
    uint32_t u = (x ^ (x >> 8)) & 0x0000FF00u;
    x ^= u ^ (u << 8);
    u = (x ^ (x >> 4)) & 0x00F000F0u;
    x ^= u ^ (u << 4);
    u = (x ^ (x >> 2)) & 0x0C0C0C0Cu;
    x ^= u ^ (u << 2);
    u = (x ^ (x >> 1)) & 0x22222222u;
    return x ^ u ^ (u << 1);
}
// shuffle32's inverse: the even bits to the low half, the odd ones to the high half.
inline uint32_t unshuffle32(uint32_t x) {
    uint32_t u = (x ^ (x >> 1)) & 0x22222222u;
    x ^= u ^ (u << 1);
    u = (x ^ (x >> 2)) & 0x0C0C0C0Cu;
    x ^= u ^ (u << 2);
    u = (x ^ (x >> 4)) & 0x00F000F0u;
    x ^= u ^ (u << 4);
    u = (x ^ (x >> 8)) & 0x0000FF00u;
    return x ^ u ^ (u << 8);
}
// out = in^2 = in(x^2) mod x^n - 1 (out may be in); prod: 2 nw + 2 words.
// Bit i < h = (n + 1) / 2 goes to 2i, bit h + k to 2k + 1 (2h = n + 1): out
// word t interleaves in's bits [16t, 16t + 16) with [h + 16t, h + 16t + 16),
// one shuffle a word, no spread product and no fold pass. (Bits i >= h also
// land at 2i >= n + 1, in the top word: masked.)
void r2_square(uint32_t* out, const uint32_t* in, size_t n, uint32_t* prod) {
    const size_t nw = (n + 31) / 32, h = (n + 1) / 2, q = h / 32, s = h % 32;
    uint32_t* P = prod;  // in, two zero words above (out may be in)
    for (size_t t = 0; t < nw; ++t) P[t] = in[t];
    P[nw] = P[nw + 1] = 0;
    // (the s = 0 test and the odd tail out of the loop, the high word carried)
    const auto hi_at = [&](size_t u) { return s == 0 ? P[u + q] : (P[u + q] >> s) | (P[u + q + 1] << (32 - s)); };
    size_t u = 0;
    if (s != 0) {
        uint32_t cur = P[q];
        for (; 2 * u + 1 < nw; ++u) {
            const uint32_t lo = P[u], next = P[u + q + 1];
            const uint32_t hi = (cur >> s) | (next << (32 - s));
            cur = next;
            out[2 * u] = shuffle32((lo & 0xFFFFu) | (hi << 16));
            out[2 * u + 1] = shuffle32((lo >> 16) | (hi & 0xFFFF0000u));
        }
    } else {
        for (; 2 * u + 1 < nw; ++u) {
            const uint32_t lo = P[u], hi = hi_at(u);
            out[2 * u] = shuffle32((lo & 0xFFFFu) | (hi << 16));
            out[2 * u + 1] = shuffle32((lo >> 16) | (hi & 0xFFFF0000u));
        }
    }
    if (2 * u < nw) out[2 * u] = shuffle32((P[u] & 0xFFFFu) | (hi_at(u) << 16));  // (public: nw odd)
    if (n % 32 != 0) out[nw - 1] &= (1u << (n % 32)) - 1;
}
// out = in(x^(2^k)) mod x^n - 1: out bit j = in bit (j 2^-k mod n) (public indices).
// bytes: 16 nw words of scratch (one byte per coefficient: a load per bit, no shifts).
// step: 2^-k mod n.
[[gnu::noinline]] void r2_frobenius(uint32_t* out, const uint32_t* in, size_t n, uint32_t step, uint32_t* bytes) {
    const size_t nw = (n + 31) / 32;
    const uint32_t nn = uint32_t(n);
    uint8_t* b = reinterpret_cast<uint8_t*>(bytes);
#if defined(PQMCU_TARGET_M4)
    // The image twice (bytes i and n + i: coefficient i), so that four base
    // pointers b + (j step mod n), j < 4, share one index advanced by 4 step
    // mod n: four bits per eleven instructions (was nine per two). Words from
    // the top down: the first copy's zero bits at n and up are written before
    // the second copy's low words there (unaligned word stores).
    // (the multiplier in a register: GCC made nibble_to_lanes' MUL two ADDs)
    uint32_t spread = 0x00204081u;
    __asm__("" : "+r"(spread));
    for (size_t t = nw; t-- > 0;) {
        const uint32_t v = in[t];
        uint32_t* lo = bytes + 8 * t;
        uint8_t* hi = b + n + 32 * t;
        const auto put = [&](unsigned q) {
            const uint32_t x = (((v >> (4 * q)) & 15) * spread) & kLanes1;
            lo[q] = x;
            __builtin_memcpy(hi + 4 * q, &x, 4);
        };
        put(0), put(1), put(2), put(3), put(4), put(5), put(6), put(7);
    }
    {
        const auto add = [nn](uint32_t x, uint32_t y) { return x + y >= nn ? x + y - nn : x + y; };  // (public)
        const uint32_t s2 = add(step, step), s3 = add(s2, step), s4 = add(s3, step);
        const uint8_t *b1 = b + step, *b2 = b + s2, *b3 = b + s3;
        // X: n in the low half (USUB16 / SEL subtract n where reached), 4 step mod n in the high half
        const uint32_t X = nn | (s4 << 16);
        uint32_t i = 0, cnt = uint32_t(nw), acc, t0, t1, t2, t3;
        uint32_t* o = out;
        __asm__ volatile(
            "1:\n\t"
            ".irp g, 0,4,8,12,16,20,24,28\n\t"
            "ldrb %[t0], [%[b0], %[i]]\n\t"
            "ldrb %[t1], [%[b1], %[i]]\n\t"
            "ldrb %[t2], [%[b2], %[i]]\n\t"
            "ldrb %[t3], [%[b3], %[i]]\n\t"
            "add %[i], %[i], %[X], lsr #16\n\t"
            ".if \\g == 0\n\t"
            "mov %[acc], %[t0]\n\t"
            ".else\n\t"
            "orr %[acc], %[acc], %[t0], lsl #\\g\n\t"
            ".endif\n\t"
            "usub16 %[t0], %[i], %[X]\n\t"
            "orr %[acc], %[acc], %[t1], lsl #(\\g + 1)\n\t"
            "sel %[i], %[t0], %[i]\n\t"
            "orr %[acc], %[acc], %[t2], lsl #(\\g + 2)\n\t"
            "orr %[acc], %[acc], %[t3], lsl #(\\g + 3)\n\t"
            ".endr\n\t"
            "str %[acc], [%[o]], #4\n\t"
            "subs %[cnt], %[cnt], #1\n\t"
            "bne 1b"
            : [i] "+r"(i), [cnt] "+r"(cnt), [o] "+r"(o), [acc] "=&r"(acc), [t0] "=&r"(t0), [t1] "=&r"(t1),
              [t2] "=&r"(t2), [t3] "=&r"(t3)
            : [b0] "r"(b), [b1] "r"(b1), [b2] "r"(b2), [b3] "r"(b3), [X] "r"(X)
            : "cc", "memory");
    }
    const size_t s = n % 32;
    if (s != 0) out[nw - 1] &= (1u << s) - 1;  // (the gather ran on past n)
#else
    for (size_t t = 0; t < nw; ++t) {
        const uint32_t v = in[t];
#pragma GCC unroll 8
        for (unsigned q = 0; q < 8; ++q) bytes[8 * t + q] = nibble_to_lanes((v >> (4 * q)) & 15);
    }
    uint32_t src = 0;
    const auto next = [&] {
        src += step;
        if (src >= nn) src -= nn;  // (public)
    };
    for (size_t t = 0; t + 1 < nw; ++t) {
        uint32_t acc = 0;
#pragma GCC unroll 32
        for (unsigned j = 0; j < 32; ++j) {
            acc |= uint32_t(b[src]) << j;
            next();
        }
        out[t] = acc;
    }
    uint32_t acc = 0;
    for (size_t j = 0; j < n - 32 * (nw - 1); ++j) {
        acc |= uint32_t(b[src]) << j;
        next();
    }
    out[nw - 1] = acc;
#endif
}
// 32 x 32 -> 64-bit carry-less product from four UMULL classes per class of
// the result (the bit classes as in r2_row: at most 8 terms per position).
inline uint64_t clmul32(uint32_t a, uint32_t b) {
    const uint32_t a0 = a & 0x11111111u, a1 = a & 0x22222222u, a2 = a & 0x44444444u, a3 = a & 0x88888888u;
    const uint32_t b0 = b & 0x11111111u, b1 = b & 0x22222222u, b2 = b & 0x44444444u, b3 = b & 0x88888888u;
    const auto m = [](uint32_t x, uint32_t y) { return uint64_t(x) * y; };
    const uint64_t z0 = m(a0, b0) ^ m(a1, b3) ^ m(a2, b2) ^ m(a3, b1);
    const uint64_t z1 = m(a0, b1) ^ m(a1, b0) ^ m(a2, b3) ^ m(a3, b2);
    const uint64_t z2 = m(a0, b2) ^ m(a1, b1) ^ m(a2, b0) ^ m(a3, b3);
    const uint64_t z3 = m(a0, b3) ^ m(a1, b2) ^ m(a2, b1) ^ m(a3, b0);
    return (z0 & 0x1111111111111111ull) | (z1 & 0x2222222222222222ull) | (z2 & 0x4444444444444444ull) |
           (z3 & 0x8888888888888888ull);
}
#if defined(PQMCU_NTRU_NTT_M4_ASM)
extern "C" void pqmcu_ntru_r2_kmul2(uint32_t* c, const uint32_t* a, const uint32_t* b);
extern "C" void pqmcu_ntru_r2_clmul1(uint32_t* c, uint32_t a, uint32_t b);
extern "C" void pqmcu_ntru_r2_kmul3(uint32_t* c, const uint32_t* a, const uint32_t* b);
extern "C" void pqmcu_ntru_r2_kmul4(uint32_t* c, const uint32_t* a, const uint32_t* b);
extern "C" void pqmcu_ntru_r2_kmul5(uint32_t* c, const uint32_t* a, const uint32_t* b);
extern "C" void pqmcu_ntru_r2_kmul6(uint32_t* c, const uint32_t* a, const uint32_t* b);
extern "C" void pqmcu_ntru_r2_kmul7(uint32_t* c, const uint32_t* a, const uint32_t* b);
extern "C" void pqmcu_ntru_r2_kmul8(uint32_t* c, const uint32_t* a, const uint32_t* b);
#endif
void r2_kmul_level(uint32_t* c, const uint32_t* a, const uint32_t* b, size_t m, uint32_t* t);
// On the M4 the straight-line assembly products of 1 .. 8 words
// (m public); false for other m (and off the M4).
[[gnu::always_inline]] inline bool r2_kmul_leaf([[maybe_unused]] uint32_t* c, [[maybe_unused]] const uint32_t* a,
                                                [[maybe_unused]] const uint32_t* b, [[maybe_unused]] size_t m) {
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    if (m - 1 <= 3) {
        if (m == 3) pqmcu_ntru_r2_kmul3(c, a, b);
        else if (m == 4) pqmcu_ntru_r2_kmul4(c, a, b);
        else if (m == 2) pqmcu_ntru_r2_kmul2(c, a, b);  // (GCC spilled the three products' bit classes: ~3x slower)
        else pqmcu_ntru_r2_clmul1(c, a[0], b[0]);
        return true;
    }
    if (m - 5 <= 1) {
        if (m == 6) pqmcu_ntru_r2_kmul6(c, a, b);
        else pqmcu_ntru_r2_kmul5(c, a, b);
        return true;
    }
    if (m - 7 <= 1) {
        if (m == 8) pqmcu_ntru_r2_kmul8(c, a, b);
        else pqmcu_ntru_r2_kmul7(c, a, b);
        return true;
    }
#endif
    return false;
}
// c[0 .. 2m) = a b, m words each: Karatsuba down to one word (unbalanced
// halves h = ceil(m / 2), m - h). t: r2_exp_karatsuba_words(m) words. The
// levels call the assembly products straight (through a function of its
// own each leaf call cost a prologue and an epilogue, ~25 cycles).
[[gnu::always_inline]] inline void r2_kmul_half(uint32_t* c, const uint32_t* a, const uint32_t* b, size_t m,
                                                uint32_t* t) {
    if (!r2_kmul_leaf(c, a, b, m)) r2_kmul_level(c, a, b, m, t);
}
[[gnu::noinline]] void r2_kmul(uint32_t* c, const uint32_t* a, const uint32_t* b, size_t m, uint32_t* t) {
    r2_kmul_half(c, a, b, m, t);
}
// r2_kmul's other m (off the M4 every m).
// r2_kmul_level's Karatsuba level; M: m as a constant (0: m_rt).
template <size_t M>
[[gnu::always_inline]] inline void r2_kmul_body(uint32_t* c, const uint32_t* a, const uint32_t* b, size_t m_rt,
                                                uint32_t* t) {
    const size_t m = M != 0 ? M : m_rt, h = (m + 1) / 2, l = m - h;
    r2_kmul_half(c, a, b, h, t);
    r2_kmul_half(c + 2 * h, a + h, b + h, l, t);
    uint32_t *sa = t, *sb = t + h, *mid = t + 2 * h;
#pragma GCC unroll 16
    for (size_t i = 0; i < l; ++i) sa[i] = a[i] ^ a[h + i], sb[i] = b[i] ^ b[h + i];
    if (l < h) sa[l] = a[l], sb[l] = b[l];
    r2_kmul_half(mid, sa, sb, h, t + 4 * h);
    // c[h + i] ^= mid[i] ^ p0[i] ^ p2[i] (p0 = c[0 .. 2h), p2 = c[2h .. 2h + 2l)) in
    // one pass: step i reads c[i], c[h + i], c[2h + i], c[3h + i] and writes only
    // c[h + i], c[2h + i], which no other step reads.
    const size_t full = 2 * l - h;  // steps with c[3h + i] inside p2 (h - 1 or h)
    const auto step = [&](size_t i, uint32_t c3) {
        const uint32_t c0 = c[i], c1 = c[h + i], c2 = c[2 * h + i];
        c[h + i] = c1 ^ mid[i] ^ c0 ^ c2;
        c[2 * h + i] = c2 ^ mid[h + i] ^ c1 ^ c3;
    };
#pragma GCC unroll 16
    for (size_t i = 0; i < full; ++i) step(i, c[3 * h + i]);
    for (size_t i = full; i < h; ++i) step(i, 0);
}
[[gnu::noinline]] void r2_kmul_level(uint32_t* c, const uint32_t* a, const uint32_t* b, size_t m, uint32_t* t) {
#if !defined(PQMCU_NTRU_NTT_M4_ASM)  // (the M4 runs m = 1, 2 in assembly)
    if (m == 1) {
        const uint64_t p = clmul32(a[0], b[0]);
        c[0] = uint32_t(p), c[1] = uint32_t(p >> 32);
        return;
    }
    if (m == 2) {
        const uint64_t lo = clmul32(a[0], b[0]), hi = clmul32(a[1], b[1]);
        const uint64_t mid = clmul32(a[0] ^ a[1], b[0] ^ b[1]) ^ lo ^ hi;
        c[0] = uint32_t(lo);
        c[1] = uint32_t(lo >> 32) ^ uint32_t(mid);
        c[2] = uint32_t(hi) ^ uint32_t(mid >> 32);
        c[3] = uint32_t(hi >> 32);
        return;
    }
#endif
#if defined(PQMCU_NTRU_NTT_M4_ASM)
    // the sizes NTRU's sets reach above the assembly products with m a
    // constant: loops unrolled, the halves' products called straight
    if (m == 11) return r2_kmul_body<11>(c, a, b, m, t);        // 677, 701, 1373
    if (m == 22) return r2_kmul_body<22>(c, a, b, m, t);        // 677, 701
    if (m == 13) return r2_kmul_body<13>(c, a, b, m, t);        // 821
    if (m == 16) return r2_kmul_body<16>(c, a, b, m, t);        // 509
    if (m == 26) return r2_kmul_body<26>(c, a, b, m, t);        // 821
    if (m == 10) return r2_kmul_body<10>(c, a, b, m, t);        // 1229, 1373
#endif
    r2_kmul_body<0>(c, a, b, m, t);
}
// out = x y mod x^n - 1 (nw words each, bits >= n zero; out may be x or y).
// prod: 2 nw + 2 words, t: r2_exp_karatsuba_words(nw).
void r2_mul_cyclic(uint32_t* out, const uint32_t* x, const uint32_t* y, size_t n, uint32_t* prod, uint32_t* t) {
    const size_t nw = (n + 31) / 32;
    r2_kmul(prod, x, y, nw, t);
    prod[2 * nw] = prod[2 * nw + 1] = 0;
    r2_fold(out, prod, n);
}
// out = in^(2^k): k squarings (one shuffle a word, ~25 cycles per word on
// the M4) up to k = 4, else the permutation (the four-pointer gather; at 701
// 4 -> 2 cost +0.2k of keygen, 4 -> 1 +3k).
constexpr size_t kSquaringsMax = 4;
// prod: 2 nw + 2 words, bytes: 16 nw words.
// step: 2^-k mod n.
void r2_power2k(uint32_t* out, const uint32_t* in, size_t n, size_t k, uint32_t step, uint32_t* prod,
                uint32_t* bytes) {
    if (k > kSquaringsMax) return r2_frobenius(out, in, n, step, bytes);
    r2_square(out, in, n, prod);
    for (size_t i = 1; i < k; ++i) r2_square(out, out, n, prod);
}
}  // namespace

namespace {
// W[0 .. ceil(n / 32)) = the bits a[i] & 1 (zero above n): a word at a time,
// whole words unrolled (the per-coefficient read-modify-write of W[i / 32]
// cost ~12 instructions a bit).
// (Bit: each coefficient's bit Bit instead of bit 0)
template <unsigned Bit = 0>
void pack_bits(uint32_t* W, const uint16_t* a, size_t n) {
    size_t t = 0;
    for (; 32 * t + 32 <= n; ++t) {
        const uint16_t* x = a + 32 * t;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        // Two coefficients a word: bit 0 of word j (x[2j]) to bit j, bit 16
        // (x[2j + 1]) to bit 16 + j, then the halves interleaved (Hacker's
        // Delight's perfect shuffle): ~2 operations per two coefficients
        // and 20 per word instead of ~3 per coefficient.
        uint32_t acc = 0;
        // the mask in a register: AND, then ORR with a shifted operand (GCC
        // shifted first and masked with an immediate: three operations)
        uint32_t m = 0x00010001u;
        __asm__("" : "+r"(m));
#pragma GCC unroll 16
        for (unsigned j = 0; j < 16; ++j) {
            uint32_t v;
            __builtin_memcpy(&v, x + 2 * j, 4);
            acc |= ((v >> Bit) & m) << j;
        }
        acc = shuffle32(acc);
#else
        uint32_t acc = 0;
#pragma GCC unroll 32
        for (unsigned j = 0; j < 32; ++j) acc |= uint32_t((x[j] >> Bit) & 1) << j;
#endif
        W[t] = acc;
    }
    if (32 * t < n) {
        uint32_t acc = 0;
        for (size_t j = 0; 32 * t + j < n; ++j) acc |= uint32_t((a[32 * t + j] >> Bit) & 1) << j;  // (public bound)
        W[t] = acc;
    }
}
// r[i] = bit i of S (^ flip), i < n. Out of line (keygen's stack peak: its
// frame off the callers').
[[gnu::noinline]] void unpack_bits(uint16_t* r, const uint32_t* S, size_t n, uint32_t flip = 0) {
    size_t t = 0;
    const auto word = [&](size_t count) {
        const uint32_t s = S[t] ^ flip;
        uint16_t* y = r + 32 * t;
        if (count == 32) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            // pack_bits backwards: the even bits to the low half, the odd
            // ones to the high half (the inverse shuffle), then two
            // coefficients a word; the mask in a register: one AND with a
            // shifted operand per two coefficients (GCC chose LSR and an
            // immediate AND)
            const uint32_t su = unshuffle32(s);
            uint32_t m = 0x00010001u;
            __asm__("" : "+r"(m));
#pragma GCC unroll 16
            for (unsigned j = 0; j < 16; ++j) {
                const uint32_t v = (su >> j) & m;
                __builtin_memcpy(y + 2 * j, &v, 4);
            }
#else
#pragma GCC unroll 32
            for (unsigned j = 0; j < 32; ++j) y[j] = uint16_t((s >> j) & 1);
#endif
        } else {
            for (size_t j = 0; j < count; ++j) y[j] = uint16_t((s >> j) & 1);
        }
    };
    for (; 32 * t + 32 <= n; ++t) word(32);
    if (32 * t < n) word(n - 32 * t);
}
}  // namespace

void r2_cube(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch, unsigned bit) {
    const size_t nw = (n + 31) / 32;
    uint32_t *A = scratch, *S = A + nw, *prod = S + nw, *kt = prod + 2 * nw + 2;
    if (bit == 4) pack_bits<4>(A, a, n);  // (public)
    else pack_bits(A, a, n);
    r2_square(S, A, n, prod);
    r2_mul_cyclic(S, S, A, n, prod, kt);
    unpack_bits(r, S, n);
}

void r2_mul(uint16_t* r, const uint16_t* a, const uint16_t* b, size_t n, uint32_t* scratch) {
    const size_t nw = (n + 31) / 32;
    uint32_t *A = scratch, *B = A + nw, *prod = B + nw, *kt = prod + 2 * nw + 2;
    pack_bits(A, a, n);
    pack_bits(B, b, n);
    r2_mul_cyclic(A, A, B, n, prod, kt);
    unpack_bits(r, A, n);
}

namespace {
// e(w) = sum_(i<j) w_i w_j x^(i+j) mod 2 for one word (64 bits): the integer
// square's count at position p is 2 e_p + [p even] w_(p/2), so e_p is bit 1 of
// the count mod 4; per class pair of the four bit classes a count is <= 8
// (exact in its 4-bit field), kept mod 4 and summed (<= 12) per result class.
inline uint64_t e2_word(uint32_t w) {
    const uint32_t c[4] = {w & 0x11111111u, w & 0x22222222u, w & 0x44444444u, w & 0x88888888u};
    uint64_t e = 0;
    // (unrolled: GCC kept both loops, the masks shifted at run time and the
    // classes on the stack)
#pragma GCC unroll 4
    for (int k = 0; k < 4; ++k) {
        const uint64_t mask = 0x3333333333333333ull << k;  // count mod 4 at the class-k positions
        uint64_t sum = 0;
#pragma GCC unroll 4
        for (int i = 0; i < 4; ++i) sum += (uint64_t(c[i]) * c[(k - i) & 3]) & mask;
        e |= (sum >> 1) & (0x1111111111111111ull << k);  // bit 1 of each count
    }
    return e;
}
// E[0 .. 2m) = e(W), m words; t: r2_e2_words(m) words.
void r2_e2(uint32_t* E, const uint32_t* W, size_t m, uint32_t* t) {
    if (m == 1) {
        const uint64_t e = e2_word(W[0]);
        E[0] = uint32_t(e), E[1] = uint32_t(e >> 32);
        return;
    }
    const size_t h = (m + 1) / 2, l = m - h;
    uint32_t *P = t, *Bp = P + 2 * h, *kt = Bp + h, *rest = kt + r2_exp_karatsuba_words(h);
    r2_e2(E, W, h, rest);               // E[0 .. 2h)
    r2_e2(E + 2 * h, W + h, l, rest);   // E[2h .. 2m)
    for (size_t i = 0; i < h; ++i) Bp[i] = i < l ? W[h + i] : 0;
    r2_kmul(P, W, Bp, h, kt);           // A B, 2h words
    for (size_t i = 0; i < 2 * h && h + i < 2 * m; ++i) E[h + i] ^= P[i];
}
}  // namespace

namespace {
// c = (c + 4 S + 8 X) mod 16 bit by bit (r2_quartic_add's pass; out of line:
// its frame stays off the products' stack peak)
[[gnu::noinline]] void add_bit_planes(uint16_t* c, const uint32_t* S, const uint32_t* X, size_t n) {
    size_t k = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    // (as unpack_bits: the even bits to the low half, the odd ones to the
    // high half, then two coefficients a word)
    for (; 32 * k + 32 <= n; ++k) {
        const uint32_t su = unshuffle32(S[k]), xu = unshuffle32(X[k]);
        uint16_t* y = c + 32 * k;
        uint32_t m = 0x00010001u;
        __asm__("" : "+r"(m));
#pragma GCC unroll 16
        for (unsigned j = 0; j < 16; ++j) {
            uint32_t v;
            __builtin_memcpy(&v, y + 2 * j, 4);
            v = (v + (((su >> j) & m) << 2) + (((xu >> j) & m) << 3)) & 0x000F000Fu;  // (lanes <= 27)
            __builtin_memcpy(y + 2 * j, &v, 4);
        }
    }
#endif
    for (size_t i = 32 * k; i < n; ++i) {  // (public bounds)
        const uint32_t sb = (S[i / 32] >> (i % 32)) & 1, xb = (X[i / 32] >> (i % 32)) & 1;
        c[i] = uint16_t((c[i] + 4 * sb + 8 * xb) & 15);
    }
}
}  // namespace
void r2_quartic_add(uint16_t* c, const uint16_t* a, size_t n, uint32_t* scratch) {
    const size_t nw = (n + 31) / 32;
    uint32_t *W = scratch, *S = W + nw, *X = S + nw, *E = X + nw, *Q = E + 2 * nw + 2, *t = Q + 2 * nw + 2;
    pack_bits<1>(W, a, n);  // (a's bit 1; a may be c: read before c is written)
    r2_e2(E, W, nw, t);
    E[2 * nw] = E[2 * nw + 1] = 0;
    r2_fold(E, E, n);                 // e mod x^n - 1 (in place: word t reads words t + n / 32 >= t + 1)
    r2_square(S, W, n, Q);            // a(x^2)
    r2_mul_cyclic(X, S, W, n, Q, t);  // a^3 = a(x^2) a
    for (size_t k = 0; k < nw; ++k) X[k] ^= E[k];
    add_bit_planes(c, S, X, n);
}

// Every chain step adds the previous element and an earlier one, up to n - 2.
constexpr bool r2_chain_ok(size_t n) {
    const R2Chain c = r2_exp_chain(n);
    if (c.len < 2 || c.len > 24 || c.v[0] != 1 || c.v[c.len - 1] != n - 2) return false;
    for (size_t i = 1; i < c.len; ++i) {
        bool found = false;
        for (size_t j = 0; j < i; ++j) found = found || c.v[i - 1] + c.v[j] == c.v[i];
        if (!found) return false;
    }
    return true;
}
static_assert(r2_chain_ok(509) && r2_chain_ok(677) && r2_chain_ok(701) && r2_chain_ok(821) &&
              r2_chain_ok(1229) && r2_chain_ok(1373) && r2_chain_ok(1021));

void r2_inverse_exp(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch) {
    const size_t nw = (n + 31) / 32;
    const R2Chain ch = r2_exp_chain(n);  // public
    const uint16_t* half = r2_half_powers(n);
    uint32_t* slots = scratch;           // c_(ch.v[i]) at slot i
    uint32_t* T = slots + ch.len * nw;
    uint32_t* prod = T + nw;              // 2 nw + 2
    uint32_t* bytes = prod + 2 * nw + 2;  // 16 nw: r2_frobenius's bytes
    uint32_t* kt = bytes + 16 * nw;       // the products' scratch: r2_exp_karatsuba_words(nw)
    pack_bits(slots, a, n);  // c_1 = a
    for (size_t i = 1; i < ch.len; ++i) {
        // c_v = c_big^(2^small) c_small with big + small = v, big the previous
        // element or the earlier one, whichever shifts less.
        const uint32_t last = ch.v[i - 1], other = ch.v[i] - last;
        size_t j = 0;
        while (ch.v[j] != other) ++j;
        const size_t big = last >= other ? i - 1 : j, small = last >= other ? j : i - 1;
        const uint32_t step = half != nullptr ? half[small] : pow_half_mod(ch.v[small], n);
        r2_power2k(T, slots + big * nw, n, ch.v[small], step, prod, bytes);
        r2_mul_cyclic(slots + i * nw, T, slots + small * nw, n, prod, kt);
    }
    r2_square(T, slots + (ch.len - 1) * nw, n, prod);  // c_(n-2)^2 = a^(2^(n-1) - 2)
    // mod Phi_n: coefficient n-1 to 0 by adding Phi_n (all ones) where it is set.
    const uint32_t mask = 0u - ((T[(n - 1) / 32] >> ((n - 1) % 32)) & 1u);
    unpack_bits(r, T, n, mask);
    r[n - 1] = 0;
}

}  // namespace pqmcu::ntru::detail
