// SPDX-License-Identifier: Apache-2.0 OR MIT
// Classic McEliece key generation: SeedGen, Irreducible (minimal polynomial
// of a random element of GF((2^m)^t) by Gaussian elimination), FieldOrdering
// (constant-time sort of (a_i, i)), the systematic form of H (the f sets:
// semi-systematic with the (32, 64) column pivoting), the Benes control
// bits. A failed step restarts from the next seed delta', as the reference.
//
// Constant time: the only branches on secret-derived data are the
// published "this attempt failed" outcomes (declassified with
// ct_unpoison for the valgrind test).
#include <cstring>

#include "core/secure.hpp"
#include "hash/shake.hpp"
#include "mceliece/benes.hpp"
#include "mceliece/engine.hpp"
#include "mceliece/sort.hpp"

namespace pqmcu::mceliece {
namespace {

constexpr int kMaxAttempts = 4096;  // each fails with probability < 0.8; never reached

inline bool declassify_bool(uint64_t nonzero_if_true) {
    uint64_t v = nonzero_if_true;
    ct_unpoison(&v, sizeof v);
    return v != 0;
}

inline void store64_le(uint8_t* p, uint64_t v) {
    for (int i = 0; i < 8; ++i) p[i] = uint8_t(v >> (8 * i));
}

// out = a * b in GF((2^m)^t) = GF(2^m)[y] / F(y).
template <int M>
void ext_mul(const Params& p, gf* out, const gf* a, const gf* b) {
    using F = Gf<M>;
    const uint32_t t = p.t;
    gf prod[2 * kMaxT - 1] = {};
    for (uint32_t i = 0; i < t; ++i)
        for (uint32_t j = 0; j < t; ++j) prod[i + j] ^= F::mul(a[i], b[j]);
    for (uint32_t i = 2 * t - 2; i >= t; --i) {
        const gf v = prod[i];
        for (uint32_t k = 0; k < p.ntaps; ++k) prod[i - t + p.taps[k]] ^= v;
        prod[i - t] ^= p.c0 == 1 ? v : F::mul(v, p.c0);
    }
    std::memcpy(out, prod, t * sizeof(gf));
}

// Irreducible: g = the minimal polynomial of f (monic, degree t; g[0..t)),
// from the linear system sum_{j<t} g_j f^j = f^t. mat: (t+1) t elements,
// mat[j * t + i] = coefficient i of f^j. false when deg(minpoly) < t.
template <int M>
bool irreducible(const Params& p, const gf* f, gf* g, gf* mat) {
    using F = Gf<M>;
    const uint32_t t = p.t;
    auto at = [&](uint32_t power, uint32_t coeff) -> gf& { return mat[power * t + coeff]; };
    for (uint32_t i = 0; i < t; ++i) at(0, i) = i == 0;
    for (uint32_t i = 0; i < t; ++i) at(1, i) = f[i];
    for (uint32_t j = 2; j <= t; ++j) ext_mul<M>(p, &at(j, 0), &at(j - 1, 0), f);

    for (uint32_t j = 0; j < t; ++j) {
        for (uint32_t k = j + 1; k < t; ++k) {  // make the pivot non-zero without branching
            const gf z = F::is_zero_mask(at(j, j));
            for (uint32_t c = j; c <= t; ++c) at(c, j) = gf(at(c, j) ^ (at(c, k) & z));
        }
        if (declassify_bool(F::is_zero_mask(at(j, j)))) return false;
        const gf iv = F::inv(at(j, j));
        for (uint32_t c = j; c <= t; ++c) at(c, j) = F::mul(at(c, j), iv);
        for (uint32_t k = 0; k < t; ++k) {
            if (k == j) continue;
            const gf factor = at(j, k);
            for (uint32_t c = j; c <= t; ++c) at(c, k) ^= F::mul(at(c, j), factor);
        }
    }
    for (uint32_t i = 0; i < t; ++i) g[i] = at(t, i);
    return true;
}

// ---- the matrix: row r = left[r * LW ..] (columns 0 .. mt-1) | pk row r (columns mt .. n-1)
struct Matrix {
    uint64_t* left;
    uint8_t* right;
    uint32_t lw;  // words per left row
    uint32_t rb;  // bytes per right row (pk_row_bytes)
    uint32_t rows;
    uint64_t* lrow(uint32_t r) const { return left + size_t(r) * lw; }
    uint8_t* rrow(uint32_t r) const { return right + size_t(r) * rb; }

    // row dst ^= row src & mask, left words from `from`.
    void add_row(uint32_t dst, uint32_t src, uint64_t mask, uint32_t from) const {
        uint64_t* d = lrow(dst);
        const uint64_t* s = lrow(src);
        for (uint32_t i = from; i < lw; ++i) d[i] ^= s[i] & mask;
        uint8_t* db = rrow(dst);
        const uint8_t* sb = rrow(src);
        uint32_t i = 0;
        for (; i + 8 <= rb; i += 8) {
            uint64_t x, y;
            std::memcpy(&x, db + i, 8);
            std::memcpy(&y, sb + i, 8);
            x ^= y & mask;
            std::memcpy(db + i, &x, 8);
        }
        for (; i < rb; ++i) db[i] ^= uint8_t(sb[i] & mask);
    }
    // 64 columns mt-32 .. mt+31 of row r (the f sets' pivot window).
    uint64_t window(uint32_t r, uint32_t mt) const {
        const uint32_t off = mt - 32, wi = off / 64, sh = off % 64;
        const uint64_t* l = lrow(r);
        uint64_t lo = l[wi] >> sh;
        if (sh > 32) lo |= l[wi + 1] << (64 - sh);
        const uint8_t* b = rrow(r);
        const uint64_t hi = uint64_t(b[0]) | uint64_t(b[1]) << 8 | uint64_t(b[2]) << 16 | uint64_t(b[3]) << 24;
        return (lo & 0xFFFFFFFFu) | (hi << 32);
    }
    void set_window(uint32_t r, uint32_t mt, uint64_t v) const {
        const uint32_t off = mt - 32, wi = off / 64, sh = off % 64;
        uint64_t* l = lrow(r);
        const uint64_t lo = v & 0xFFFFFFFFu;
        l[wi] = (l[wi] & ~(uint64_t(0xFFFFFFFFu) << sh)) | (lo << sh);
        if (sh > 32) l[wi + 1] = (l[wi + 1] & ~(uint64_t(0xFFFFFFFFu) >> (64 - sh))) | (lo >> (64 - sh));
        uint8_t* b = rrow(r);
        for (int i = 0; i < 4; ++i) b[i] = uint8_t(v >> (32 + 8 * i));
    }
};

// Constant-time count of trailing zeros of a non-zero word.
inline uint32_t ct_ctz(uint64_t x) {
    uint32_t r = 0, seen = 0;
    for (int i = 0; i < 64; ++i) {
        const uint32_t b = uint32_t(x >> i) & 1;
        seen |= b;
        r += (seen ^ 1) & (b ^ 1);
    }
    return r;
}
inline uint64_t eq_mask64(uint64_t a, uint64_t b) { return 0 - (((a ^ b) - 1) >> 63); }  // a, b < 2^63
inline uint64_t nonzero_bit(uint64_t x) { return (x | (0 - x)) >> 63; }

// The f sets: at row mt-32, choose as pivots the first 32 independent
// columns among mt-32 .. mt+31 of the remaining rows and swap them into
// place (matrix columns and the field ordering pi). pivots: their bitmap.
bool move_columns(const Matrix& a, uint32_t mt, int16_t* pi, uint64_t& pivots) {
    const uint32_t row0 = mt - 32;
    uint64_t buf[32];
    uint64_t pivot_bit[32];  // one-hot: the i-th pivot column (no shifts by secret amounts)
    uint32_t ctz_list[32];
    for (uint32_t i = 0; i < 32; ++i) buf[i] = a.window(row0 + i, mt);
    pivots = 0;
    for (uint32_t i = 0; i < 32; ++i) {
        uint64_t any = buf[i];
        for (uint32_t j = i + 1; j < 32; ++j) any |= buf[j];
        if (declassify_bool(eq_mask64(any >> 1, 0) & ((any & 1) ^ 1))) return false;  // rank < 32
        const uint32_t s = ct_ctz(any);
        const uint64_t sel = any & (0 - any);  // lowest set bit
        ctz_list[i] = s;
        pivot_bit[i] = sel;
        pivots |= sel;
        for (uint32_t j = i + 1; j < 32; ++j) {
            const uint64_t missing = nonzero_bit(buf[i] & sel) - 1;
            buf[i] ^= buf[j] & missing;
        }
        for (uint32_t j = i + 1; j < 32; ++j) {
            const uint64_t has = 0 - nonzero_bit(buf[j] & sel);
            buf[j] ^= buf[i] & has;
        }
    }
    for (uint32_t j = 0; j < 32; ++j)
        for (uint32_t k = j + 1; k < 64; ++k) {
            const int16_t d = int16_t((pi[row0 + j] ^ pi[row0 + k]) & int16_t(eq_mask64(k, ctz_list[j])));
            pi[row0 + j] ^= d;
            pi[row0 + k] ^= d;
        }
    for (uint32_t r = 0; r < a.rows; ++r) {
        uint64_t v = a.window(r, mt);
        for (uint32_t j = 0; j < 32; ++j) {  // swap bits j and ctz_list[j]
            const uint64_t d = ((v >> j) & 1) ^ nonzero_bit(v & pivot_bit[j]);
            v ^= pivot_bit[j] & (0 - d);
            v ^= d << j;
        }
        a.set_window(r, mt, v);
    }
    secure_wipe(buf, sizeof buf);
    secure_wipe(pivot_bit, sizeof pivot_bit);
    secure_wipe(ctz_list, sizeof ctz_list);
    return true;
}

// H = (row i*m + k, column j: bit k of alpha_j^i / g(alpha_j)), brought to
// (I_mt | T) with T in pk. false when the left block is singular (or, for
// the f sets, the pivot window has rank < 32).
template <int M>
bool systematic_form(const Params& p, const gf* g, const gf* L, gf* inv, int16_t* pi, uint64_t* left, uint8_t* pk,
                     uint64_t& pivots) {
    using F = Gf<M>;
    const uint32_t n = p.n, t = p.t, mt = p.mt();
    const Matrix a{left, pk, p.left_words(), p.pk_row_bytes(), mt};
    std::memset(left, 0, size_t(mt) * a.lw * 8);
    std::memset(pk, 0, p.pk_bytes());

    for (uint32_t j = 0; j < n; ++j) inv[j] = F::inv(F::eval(g, t, L[j]));
    for (uint32_t i = 0; i < t; ++i) {
        for (uint32_t j = 0; j < n; ++j) {
            const uint32_t v = inv[j];
            if (j < mt) {
                for (uint32_t k = 0; k < M; ++k) a.lrow(i * M + k)[j / 64] |= uint64_t((v >> k) & 1) << (j % 64);
            } else {
                const uint32_t c = j - mt;
                for (uint32_t k = 0; k < M; ++k) a.rrow(i * M + k)[c / 8] |= uint8_t(((v >> k) & 1) << (c % 8));
            }
        }
        for (uint32_t j = 0; j < n; ++j) inv[j] = F::mul(inv[j], L[j]);
    }

    for (uint32_t row = 0; row < mt; ++row) {
        if (p.semi_systematic && row == mt - 32 && !move_columns(a, mt, pi, pivots)) return false;
        const uint32_t wi = row / 64, bi = row % 64;
        for (uint32_t k = row + 1; k < mt; ++k) {
            const uint64_t differ = 0 - (((a.lrow(row)[wi] ^ a.lrow(k)[wi]) >> bi) & 1);
            a.add_row(row, k, differ, wi);
        }
        if (declassify_bool(((a.lrow(row)[wi] >> bi) & 1) ^ 1)) return false;
        for (uint32_t k = 0; k < mt; ++k) {
            if (k == row) continue;
            const uint64_t has = 0 - ((a.lrow(k)[wi] >> bi) & 1);
            a.add_row(k, row, has, wi);
        }
    }
    return true;
}

}  // namespace

template <int M>
Status keypair_from_seed(const Params& p, const uint8_t* delta, uint8_t* pk, uint8_t* sk, const KeygenWork& w) {
    using F = Gf<M>;
    const uint32_t n = p.n, t = p.t, q = p.q();
    uint8_t seed[33];
    seed[0] = 64;
    std::memcpy(seed + 1, delta, 32);
    uint8_t* const sk_pivots = sk + 32;
    uint8_t* const sk_g = sk + 40;
    uint8_t* const sk_cond = sk_g + p.irr_bytes();
    uint8_t* const sk_s = sk_cond + p.cond_bytes();
    gf f[kMaxT], g[kMaxT + 1];
    uint8_t chunk[256];
    Status result = Status::internal_error;

    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
        std::memcpy(sk, seed + 1, 32);
        // E = SHAKE256(64 || delta): s, a_0 .. a_{q-1} (32 bits each), f, delta'.
        hash::Shake256 h;
        h.absorb(seed, sizeof seed);
        h.finalize();
        h.squeeze(sk_s, n / 8);
        for (uint32_t i = 0; i < q; i += 64) {
            h.squeeze(chunk, 256);
            for (uint32_t j = 0; j < 64; ++j) {
                const uint8_t* b = chunk + 4 * j;
                const uint64_t a = uint64_t(b[0]) | uint64_t(b[1]) << 8 | uint64_t(b[2]) << 16 | uint64_t(b[3]) << 24;
                w.sort_buf[i + j] = (a << 31) | (i + j);
            }
        }
        h.squeeze(chunk, 2 * t);
        for (uint32_t i = 0; i < t; ++i) f[i] = load_gf(chunk + 2 * i, M);
        h.squeeze(seed + 1, 32);

        if (!irreducible<M>(p, f, g, reinterpret_cast<gf*>(w.left))) continue;
        for (uint32_t i = 0; i < t; ++i) store_gf(sk_g + 2 * i, g[i]);
        g[t] = 1;

        // FieldOrdering: sort the pairs; equal a_i (a repeated value) fail.
        ct_sort(w.sort_buf, q);
        uint64_t repeated = 0;
        for (uint32_t i = 1; i < q; ++i) repeated |= eq_mask64(w.sort_buf[i - 1] >> 31, w.sort_buf[i] >> 31);
        if (declassify_bool(repeated)) continue;
        for (uint32_t i = 0; i < q; ++i) w.pi[i] = int16_t(w.sort_buf[i] & (q - 1));
        for (uint32_t i = 0; i < n; ++i) w.L[i] = F::bitrev(gf(w.pi[i]));

        uint64_t pivots = 0xFFFFFFFFu;
        if (!systematic_form<M>(p, g, w.L, w.inv, w.pi, w.left, pk, pivots)) continue;

        uint32_t* temp = reinterpret_cast<uint32_t*>(w.sort_buf);
        control_bits(sk_cond, w.pi, M, temp);
        // The network must reproduce pi (a self-check of the recursion).
        uint16_t* check = reinterpret_cast<uint16_t*>(w.sort_buf);
        for (uint32_t i = 0; i < q; ++i) check[i] = uint16_t(i);
        apply_control_bits(check, sk_cond, M);
        uint32_t diff = 0;
        for (uint32_t i = 0; i < q; ++i) diff |= uint32_t(check[i] ^ uint16_t(w.pi[i]));
        if (declassify_bool(diff)) break;  // internal_error

        store64_le(sk_pivots, pivots);
        result = Status::ok;
        break;
    }
    if (result != Status::ok) secure_wipe(sk, p.sk_bytes());
    secure_wipe(seed, sizeof seed);
    secure_wipe(f, sizeof f);
    secure_wipe(g, sizeof g);
    secure_wipe(chunk, sizeof chunk);
    return result;
}

template Status keypair_from_seed<12>(const Params&, const uint8_t*, uint8_t*, uint8_t*, const KeygenWork&);
template Status keypair_from_seed<13>(const Params&, const uint8_t*, uint8_t*, uint8_t*, const KeygenWork&);

}  // namespace pqmcu::mceliece
