// SPDX-License-Identifier: Apache-2.0 OR MIT
// Jump divsteps mod 3 (see inverse.hpp). Only public values (n, the step
// count) steer branches and indices; the signs and swaps are masks.
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

// Two bit planes (value = p - m) of up to 32 coefficients -> 8 lane words ({0,1,2}).
inline void planes_to_lanes(uint32_t* out, uint32_t p, uint32_t m) {
    for (int k = 0; k < 8; ++k)
        out[4 * k] = nibble_to_lanes((p >> (4 * k)) & 15) | (nibble_to_lanes((m >> (4 * k)) & 15) << 1);
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
inline void jump_matrix(Jump& j, size_t steps) {
    j.V = Row{1, 0, 0, 0};
    j.W = Row{0, 0, 1, 0};
    for (size_t s = 0; s < steps; ++s) {
        const uint32_t g0p = j.gp & 1, g0m = j.gm & 1, f0p = j.fp & 1, f0m = j.fm & 1;
        const uint32_t sp = bit_mask((g0p & f0m) | (g0m & f0p));
        const uint32_t sn = bit_mask((g0p & f0p) | (g0m & f0m));
        const int32_t swap = value_barrier(int32_t((-j.delta) & -int32_t(g0p | g0m)) >> 31);
        j.delta = (j.delta ^ (swap & (j.delta ^ -j.delta))) + 1;
        const uint32_t sm = uint32_t(swap);
        // V <- x V, swap(V, W), W += sign V
        Row v{j.V.ap << 1, j.V.am << 1, j.V.bp << 1, j.V.bm << 1}, w = j.W;
        uint32_t t;
        t = sm & (v.ap ^ w.ap), v.ap ^= t, w.ap ^= t;
        t = sm & (v.am ^ w.am), v.am ^= t, w.am ^= t;
        t = sm & (v.bp ^ w.bp), v.bp ^= t, w.bp ^= t;
        t = sm & (v.bm ^ w.bm), v.bm ^= t, w.bm ^= t;
        f3_add(w.ap, w.am, (sp & v.ap) | (sn & v.am), (sp & v.am) | (sn & v.ap));
        f3_add(w.bp, w.bm, (sp & v.bp) | (sn & v.bm), (sp & v.bm) | (sn & v.bp));
        j.V = v;
        j.W = w;
        // swap(f, g), g <- (g + sign f) / x
        uint32_t fp = j.fp, fm = j.fm, gp = j.gp, gm = j.gm;
        t = sm & (fp ^ gp), fp ^= t, gp ^= t;
        t = sm & (fm ^ gm), fm ^= t, gm ^= t;
        f3_add(gp, gm, (sp & fp) | (sn & fm), (sp & fm) | (sn & fp));
        j.fp = fp;
        j.fm = fm;
        j.gp = gp >> 1;
        j.gm = gm >> 1;
    }
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

// (f, g) <- x^-kJumpSteps (T11 f + T12 g, T21 f + T22 g), in place over the
// `words` low words (the rest are zero and stay so; 8 zero words above them).
// T: 8 lane words per entry, interleaved (T[4 i + e], e = 11, 12, 21, 22).
// Output word t is product word t + 7: lo(acc_{t+7}) + hi(acc_{t+6}),
// acc_j = sum_i T_i x_{j-i}; it reads words t..t+7 only, so t ascends in place.
void apply_fg(uint32_t* f, uint32_t* g, const uint32_t* T, size_t words) {
    constexpr size_t kShift = kJumpSteps / 4;
    static_assert(kShift == 7);
    uint64_t a1 = 0, a2 = 0;
    for (size_t i = 0; i < kShift; ++i) {  // acc_6 (only its high half is used)
        const uint32_t fi = f[kShift - 1 - i], gi = g[kShift - 1 - i];
        a1 += uint64_t(T[4 * i]) * fi + uint64_t(T[4 * i + 1]) * gi;
        a2 += uint64_t(T[4 * i + 2]) * fi + uint64_t(T[4 * i + 3]) * gi;
    }
    uint32_t h1 = uint32_t(a1 >> 32), h2 = uint32_t(a2 >> 32);
    for (size_t t = 0; t < words; ++t) {
        const uint32_t* fs = f + t + kShift;
        const uint32_t* gs = g + t + kShift;
        uint64_t b1 = 0, b2 = 0;
        for (size_t i = 0; i < 8; ++i) {
            const uint32_t fi = fs[-ptrdiff_t(i)], gi = gs[-ptrdiff_t(i)];
            b1 += uint64_t(T[4 * i]) * fi + uint64_t(T[4 * i + 1]) * gi;
            b2 += uint64_t(T[4 * i + 2]) * fi + uint64_t(T[4 * i + 3]) * gi;
        }
        f[t] = lanes_mod3(uint32_t(b1) + h1);
        g[t] = lanes_mod3(uint32_t(b2) + h2);
        h1 = uint32_t(b1 >> 32);
        h2 = uint32_t(b2 >> 32);
    }
}

// (v, w) <- (U11 v + U12 w, U21 v + U22 w) mod x^n on the `words` low words
// (8 zero words below v and w; words at and above the old degree bound are zero).
// Output word t = lo(acc_t) + hi(acc_{t-1}), acc_j reading words j-7..j: t descends in place.
void apply_vw(uint32_t* v, uint32_t* w, const uint32_t* U, size_t words, uint32_t top_mask, size_t nwb) {
    const auto acc = [&](ptrdiff_t j, uint64_t& b1, uint64_t& b2) {
        b1 = 0;
        b2 = 0;
        for (size_t i = 0; i < 8; ++i) {
            const uint32_t vi = v[j - ptrdiff_t(i)], wi = w[j - ptrdiff_t(i)];
            b1 += uint64_t(U[4 * i]) * vi + uint64_t(U[4 * i + 1]) * wi;
            b2 += uint64_t(U[4 * i + 2]) * vi + uint64_t(U[4 * i + 3]) * wi;
        }
    };
    uint64_t b1, b2;
    acc(ptrdiff_t(words) - 1, b1, b2);
    uint32_t l1 = uint32_t(b1), l2 = uint32_t(b2);
    for (ptrdiff_t t = ptrdiff_t(words) - 1; t >= 0; --t) {
        acc(t - 1, b1, b2);
        v[t] = lanes_mod3(l1 + uint32_t(b1 >> 32));
        w[t] = lanes_mod3(l2 + uint32_t(b2 >> 32));
        l1 = uint32_t(b1);
        l2 = uint32_t(b2);
    }
    if (words == nwb) {  // drop the coefficients from n up (public: words, n)
        v[nwb - 1] &= top_mask;
        w[nwb - 1] &= top_mask;
    }
}

inline size_t ceil4(size_t c) { return (c + 3) / 4; }

}  // namespace

void s3_inverse_jump(uint16_t* r, const uint16_t* a, size_t n, uint32_t* scratch) {
    const size_t nwb = (n + 3) / 4;
    uint32_t* f = scratch;                // nwb + 8
    uint32_t* g = f + nwb + 8;            // nwb + 8
    uint32_t* v = g + nwb + 8 + 8;        // 8 below, nwb
    uint32_t* w = v + nwb + 8;            // 8 below, nwb
    uint32_t* T = w + nwb;                // 32
    uint32_t* U = T + 32;                 // 32
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
        planes_to_lanes(U + 2, j.W.ap, j.W.am);
        planes_to_lanes(U + 3, j.W.bp, j.W.bm);
        const size_t fg_before = 2 * n - 2 - done;  // coefficients f, g may have before these steps
        done += steps;
        const size_t vw_after = done + 1;           // deg v, deg w <= steps done
        apply_vw(v, w, U, ceil4(vw_after < n ? vw_after : n), top_mask, nwb);
        if (done < total) {  // f, g are needed for more steps (a full jump: steps = kJumpSteps)
            planes_to_lanes(T + 0, j.V.ap, j.V.am);
            planes_to_lanes(T + 1, j.V.bp << 1, j.V.bm << 1);
            planes_to_lanes(T + 2, j.W.ap >> 1, j.W.am >> 1);
            planes_to_lanes(T + 3, j.W.bp, j.W.bm);
            apply_fg(f, g, T, ceil4(fg_before < n ? fg_before : n));
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

}  // namespace pqmcu::ntru::detail
