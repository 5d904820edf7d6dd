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
#if defined(PQMCU_MCE_X86)
#include "mceliece/x86.hpp"
#endif
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
#if defined(PQMCU_MCE_X86)
    if (const X86Kernels* x = x86_kernels())  // row i of the product: prod[i ..] ^= a[i] b (AVX2)
        x->gf_axpy_rows(prod, 1, t, a, 1, b, t, M);
    else
#endif
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
#if defined(PQMCU_MCE_X86)
        if (const X86Kernels* x = x86_kernels()) {
            // The same, for all k at once: column c (t elements at(c, 0..t))
            // ^= at(c, j) * the factors at(j, k), factor j taken as 0 (AVX2).
            gf factors[kMaxT];
            for (uint32_t k = 0; k < t; ++k) factors[k] = k == j ? 0 : at(j, k);
            x->gf_axpy_rows(&at(j, 0), t, t + 1 - j, &at(j, j), t, factors, t, M);
            secure_wipe(factors, sizeof factors);
            continue;
        }
#endif
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
template <class Mat>
bool move_columns(const Mat& a, uint32_t mt, int16_t* pi, uint64_t& pivots) {
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

#if defined(PQMCU_MCE_X86)
    if (const X86Kernels* x = x86_kernels()) {
        // AVX2 (x86_avx2.cpp). H bitsliced, 256 columns at a time.
        // A non-f attempt's success is decided by the left block alone
        // (invertible or not; published): forward elimination on it first, as
        // the streaming path does, so that a failing attempt (~70 %) costs a
        // fraction of an elimination of the whole matrix (any elimination
        // decides it; the left block is then rebuilt for the exact one).
                // The elimination in batches of the steps that share a left word
        // (and, for the f sets, end at the pivot window's step mt - 32): the
        // steps run on that word of every row, which holds every decision, and
        // the rest of each row replays them from their masks a column block at
        // a time (in cache, instead of a sweep over the whole matrix per
        // step). The same row operations as the portable loops below.
        constexpr uint32_t kMw = (kMaxT * 13 + 63) / 64;
        uint64_t fm[64 * kMw], cm[64 * kMw], gamma[64];
        const uint32_t mw = (mt + 63) / 64;
        auto eliminate = [&](bool forward) {
            const bool window = p.semi_systematic && !forward;
            for (uint32_t r0 = 0; r0 < mt;) {
                uint32_t end = (r0 / 64 + 1) * 64 < mt ? (r0 / 64 + 1) * 64 : mt;
                if (window && r0 < mt - 32 && end > mt - 32) end = mt - 32;
                if (window && r0 == mt - 32 && !move_columns(a, mt, pi, pivots)) return false;
                const uint32_t count = end - r0, wi = r0 / 64;
                const uint64_t all = count == 64 ? ~uint64_t(0) : (uint64_t(1) << count) - 1;
                if (declassify_bool(x->steps(a.left, a.lw, mt, r0, count, forward, fm, cm, gamma) ^ all)) return false;
                x->replay(reinterpret_cast<uint8_t*>(a.left), a.lw * 8, (wi + 1) * 8, a.lw * 8, mt, r0, count, fm,
                          cm, mw, forward, gamma);
                if (!forward) x->replay(a.right, a.rb, 0, a.rb, mt, r0, count, fm, cm, mw, false, gamma);
                r0 = end;
            }
            return true;
        };
        bool ok = true;
        if (!p.semi_systematic) {
            x->fill(a.left, a.lw, nullptr, 0, M, t, n, g, L, false);
            ok = eliminate(true);
        }
        if (ok) {
            x->fill(a.left, a.lw, a.right, a.rb, M, t, n, g, L, true);
            ok = eliminate(false);
        }
        secure_wipe(fm, sizeof fm);
        secure_wipe(cm, sizeof cm);
        secure_wipe(gamma, sizeof gamma);
        return ok;
    }
#endif
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

// One attempt's SeedGen, Irreducible and FieldOrdering: writes delta, s and g
// into sk, g[0..t] and pi; seed becomes 64 || delta'. false: the attempt
// failed (published), retry from delta'.
template <int M>
bool seed_attempt(const Params& p, uint8_t* seed, uint8_t* sk, gf* f, gf* g, uint8_t* chunk, uint64_t* sort_buf,
                  gf* gmat, int16_t* pi) {
    const uint32_t n = p.n, t = p.t, q = p.q();
    uint8_t* const sk_g = sk + 40;
    uint8_t* const sk_s = sk_g + p.irr_bytes() + p.cond_bytes();
    std::memcpy(sk, seed + 1, 32);
    // E = SHAKE256(64 || delta): s, a_0 .. a_{q-1} (32 bits each), f, delta'.
    hash::Shake256 h;
    h.absorb(seed, 33);
    h.finalize();
    h.squeeze(sk_s, n / 8);
    for (uint32_t i = 0; i < q; i += 64) {
        h.squeeze(chunk, 256);
        for (uint32_t j = 0; j < 64; ++j) {
            const uint8_t* b = chunk + 4 * j;
            const uint64_t a = uint64_t(b[0]) | uint64_t(b[1]) << 8 | uint64_t(b[2]) << 16 | uint64_t(b[3]) << 24;
            sort_buf[i + j] = (a << 31) | (i + j);
        }
    }
    h.squeeze(chunk, 2 * t);
    for (uint32_t i = 0; i < t; ++i) f[i] = load_gf(chunk + 2 * i, M);
    h.squeeze(seed + 1, 32);

    if (!irreducible<M>(p, f, g, gmat)) return false;
    for (uint32_t i = 0; i < t; ++i) store_gf(sk_g + 2 * i, g[i]);
    g[t] = 1;

    // FieldOrdering: sort the pairs; equal a_i (a repeated value) fail.
    ct_sort(sort_buf, q);
    uint64_t repeated = 0;
    for (uint32_t i = 1; i < q; ++i) repeated |= eq_mask64(sort_buf[i - 1] >> 31, sort_buf[i] >> 31);
    if (declassify_bool(repeated)) return false;
    for (uint32_t i = 0; i < q; ++i) pi[i] = int16_t(sort_buf[i] & (q - 1));
    return true;
}

// The control bits of pi into sk, checked against pi. temp: q words.
template <int M>
bool control_bits_checked(const Params& p, uint8_t* sk, const int16_t* pi, uint64_t* temp_words) {
    const uint32_t q = p.q();
    uint8_t* const sk_cond = sk + 40 + p.irr_bytes();
    control_bits(sk_cond, pi, M, reinterpret_cast<uint32_t*>(temp_words));
    // The network must reproduce pi (a self-check of the recursion).
    uint16_t* check = reinterpret_cast<uint16_t*>(temp_words);
    for (uint32_t i = 0; i < q; ++i) check[i] = uint16_t(i);
    apply_control_bits(check, sk_cond, M);
    uint32_t diff = 0;
    for (uint32_t i = 0; i < q; ++i) diff |= uint32_t(check[i] ^ uint16_t(pi[i]));
    return !declassify_bool(diff);
}


// ---- streaming key generation (keypair_from_seed_sink) ----

// Bits [off, off + 32) of a bit row (off + 32 <= the row's bits).
inline uint32_t get32(const uint64_t* row, uint32_t off) {
    const uint32_t wi = off / 64, sh = off % 64;
    uint64_t v = row[wi] >> sh;
    if (sh > 32) v |= row[wi + 1] << (64 - sh);
    return uint32_t(v);
}
inline void set32(uint64_t* row, uint32_t off, uint32_t v) {
    const uint32_t wi = off / 64, sh = off % 64;
    const uint64_t lo = v;
    row[wi] = (row[wi] & ~(uint64_t(0xFFFFFFFFu) << sh)) | (lo << sh);
    if (sh > 32) row[wi + 1] = (row[wi + 1] & ~(uint64_t(0xFFFFFFFFu) >> (64 - sh))) | (lo >> (64 - sh));
}

// The left block being inverted, with the f sets' 32 columns after it.
struct SinkMatrix {
    uint64_t* mat;
    uint32_t* ext;
    uint32_t lw, rows;
    uint64_t window(uint32_t r, uint32_t mt) const {
        return uint64_t(get32(mat + size_t(r) * lw, mt - 32)) | uint64_t(ext[r]) << 32;
    }
    void set_window(uint32_t r, uint32_t mt, uint64_t v) const {
        set32(mat + size_t(r) * lw, mt - 32, uint32_t(v));
        ext[r] = uint32_t(v >> 32);
    }
};

// rows[i][w0 .. w1) ^= src[w0 .. w1) & masks[i] for i < nrows (32-bit words;
// src is not one of the rows touched, or its mask is 0). A few words of src
// stay in registers while every row streams past.
inline void add_masked_to_rows(uint32_t* rows, uint32_t stride, uint32_t nrows, const uint32_t* masks,
                               const uint32_t* src, uint32_t w0, uint32_t w1) {
    uint32_t c = w0;
    // six words per pass: src, the mask and the row pointer fit the M4's registers
    for (; c + 6 <= w1; c += 6) {
        const uint32_t s0 = src[c], s1 = src[c + 1], s2 = src[c + 2], s3 = src[c + 3], s4 = src[c + 4],
                       s5 = src[c + 5];
        uint32_t* d = rows + c;
        for (uint32_t i = 0; i < nrows; ++i, d += stride) {
            // loads together, then stores together (the M4 pipelines back-to-back loads)
            const uint32_t m = masks[i];
            uint32_t d0 = d[0], d1 = d[1], d2 = d[2], d3 = d[3], d4 = d[4], d5 = d[5];
            d0 ^= s0 & m, d1 ^= s1 & m, d2 ^= s2 & m, d3 ^= s3 & m, d4 ^= s4 & m, d5 ^= s5 & m;
            d[0] = d0, d[1] = d1, d[2] = d2, d[3] = d3, d[4] = d4, d[5] = d5;
        }
    }
    for (; c < w1; ++c) {
        const uint32_t sc = src[c];
        uint32_t* d = rows + c;
        for (uint32_t i = 0; i < nrows; ++i, d += stride) *d ^= sc & masks[i];
    }
}

// dst[0 .. nw) ^= XOR of rows[j][0 .. nw) & masks[j], j < nrows.
inline void sum_masked_rows(uint32_t* dst, const uint32_t* rows, uint32_t stride, uint32_t nrows,
                            const uint32_t* masks, uint32_t nw) {
    uint32_t c = 0;
    for (; c + 8 <= nw; c += 8) {
        uint32_t d0 = dst[c], d1 = dst[c + 1], d2 = dst[c + 2], d3 = dst[c + 3], d4 = dst[c + 4], d5 = dst[c + 5],
                 d6 = dst[c + 6], d7 = dst[c + 7];
        const uint32_t* r = rows + c;
        for (uint32_t j = 0; j < nrows; ++j, r += stride) {
            const uint32_t m = masks[j];
            d0 ^= r[0] & m, d1 ^= r[1] & m, d2 ^= r[2] & m, d3 ^= r[3] & m;
            d4 ^= r[4] & m, d5 ^= r[5] & m, d6 ^= r[6] & m, d7 ^= r[7] & m;
        }
        dst[c] = d0, dst[c + 1] = d1, dst[c + 2] = d2, dst[c + 3] = d3;
        dst[c + 4] = d4, dst[c + 5] = d5, dst[c + 6] = d6, dst[c + 7] = d7;
    }
    for (; c < nw; ++c) {
        uint32_t d = dst[c];
        const uint32_t* r = rows + c;
        for (uint32_t j = 0; j < nrows; ++j, r += stride) d ^= *r & masks[j];
        dst[c] = d;
    }
}

// Whether the mt x mt left block is invertible, by forward elimination (rows
// below the pivot only, columns from the pivot's word on; destroys the
// block). The same pivot rule and published outcome as invert_left.
inline bool left_block_invertible(const Params& p, const KeygenSinkWork& w) {
    const uint32_t mt = p.mt(), nw = 2 * p.left_words();
    uint32_t* const mat32 = reinterpret_cast<uint32_t*>(w.mat);
    uint32_t* const masks = reinterpret_cast<uint32_t*>(w.hblk);
    for (uint32_t k = 0; k < mt; ++k) {
        const uint32_t wk = k / 32, bk = k % 32;
        uint32_t* const rk = mat32 + size_t(k) * nw;
        auto bit = [&](uint32_t r) { return (mat32[size_t(r) * nw + wk] >> bk) & 1; };
        uint32_t todo = bit(k) ^ 1;
        for (uint32_t j = k + 1; j < mt; ++j) {
            const uint32_t take = todo & bit(j);
            masks[j] = 0 - take;
            todo &= take ^ 1;
        }
        if (declassify_bool(todo)) return false;
        if (k + 1 == mt) break;
        sum_masked_rows(rk + wk, rk + nw + wk, nw, mt - k - 1, masks + k + 1, nw - wk);
        for (uint32_t i = k + 1; i < mt; ++i) masks[i] = 0 - bit(i);
        add_masked_to_rows(mat32 + size_t(k + 1) * nw, nw, mt - k - 1, masks + k + 1, rk, wk, nw);
    }
    return true;
}

// S^-1 of the left block, in place (Gauss-Jordan: step k leaves column k of
// the inverse where column k of the block was). A zero pivot is fixed by
// adding the first row below with a one there; the result is then the
// inverse of the block with those additions made first, (E A)^-1, and the
// column operations of E turn it into A^-1 at the end. The f sets choose
// their pivot columns at step mt - 32 (move_columns, as systematic_form).
// Rows are handled as 32-bit words (little-endian halves of the uint64 rows).
// masks: mt words of scratch. false: singular / the pivot window has rank
// < 32 (published, retry).
template <int M>
bool invert_left(const Params& p, const KeygenSinkWork& w, uint64_t& pivots, const PkSink& sink) {
    const uint32_t mt = p.mt(), lw = p.left_words(), nw = 2 * lw;
    uint64_t* const mat = w.mat;
    uint32_t* const mat32 = reinterpret_cast<uint32_t*>(mat);
    uint32_t* const masks = reinterpret_cast<uint32_t*>(w.hblk);
    for (uint32_t k = 0; k < mt; ++k) {
        if (p.semi_systematic && k == mt - 32 && !move_columns(SinkMatrix{mat, w.ext, lw, mt}, mt, w.pi, pivots))
            return false;
        if (sink.progress != nullptr && k % 64 == 0) sink.progress(sink.progress_ctx, k, 2 * mt);
        const uint32_t wk = k / 32, bk = k % 32;
        uint32_t* const rk = mat32 + size_t(k) * nw;
        auto bit = [&](uint32_t r) { return (mat32[size_t(r) * nw + wk] >> bk) & 1; };
        // Pivot: the first row below with a one in column k, added when row k has a zero.
        const uint32_t need = bit(k) ^ 1;
        uint32_t todo = need, sel = 0;
        for (uint32_t j = k + 1; j < mt; ++j) {
            const uint32_t take = todo & bit(j);
            masks[j] = 0 - take;
            sel |= j & masks[j];
            todo &= take ^ 1;
        }
        if (declassify_bool(todo)) return false;
        if (k + 1 < mt) {
            sum_masked_rows(rk, rk + nw, nw, mt - k - 1, masks + k + 1, nw);
            uint32_t e = w.ext[k];
            for (uint32_t j = k + 1; j < mt; ++j) e ^= w.ext[j] & masks[j];
            w.ext[k] = e;
        }
        w.adds[k] = uint16_t(sel | (need << 15));
        // Eliminate column k from every other row; the pivot's own column keeps the multipliers.
        for (uint32_t i = 0; i < mt; ++i) masks[i] = 0 - bit(i);
        masks[k] = 0;
        rk[wk] ^= uint32_t(1) << bk;
        add_masked_to_rows(mat32, nw, mt, masks, rk, 0, nw);
        for (uint32_t i = 0; i < mt; ++i) w.ext[i] ^= w.ext[k] & masks[i];
        rk[wk] |= uint32_t(1) << bk;
    }
    // A^-1 = (E A)^-1 E, E = E_{mt-1} .. E_0, E_k = I + e_k e_sel^T: from the
    // last step back, column sel ^= column k.
    uint32_t onehot[2 * ((kMaxT * 13 + 63) / 64)];
    for (uint32_t k = mt; k-- > 0;) {
        const uint32_t sel = w.adds[k] & 0x7FFFu;
        const uint32_t did = 0 - uint32_t(w.adds[k] >> 15);
        const uint32_t from = (k + 1) / 32, wk = k / 32, bk = k % 32;
        for (uint32_t x = from; x < nw; ++x)
            onehot[x] = (uint32_t(1) << (sel % 32)) & uint32_t(eq_mask64(x, sel / 32)) & did;
        for (uint32_t r = 0; r < mt; ++r) masks[r] = 0 - ((mat32[size_t(r) * nw + wk] >> bk) & 1);
        add_masked_to_rows(mat32, nw, mt, masks, onehot, from, nw);
    }
    secure_wipe(onehot, sizeof onehot);
    return true;
}

// H's right columns c0 .. c0 + 64 kSinkBlockWords - 1 (of T's k columns):
// hblk[row * kSinkBlockWords + x], bit l = row of column c0 + 64 x + l.
// Bitsliced over 32 columns per word: the powers alpha^i / g(alpha) by
// repeated multiplication with alpha, a fixed factor, so that product is a
// precomputed m x m matrix of lane masks (bit b of alpha z^i): m^2 AND/XOR
// per step and no reduction.
template <int M>
void right_block(const Params& p, const KeygenSinkWork& w, uint32_t c0) {
    using F = Gf<M>;
    const uint32_t mt = p.mt(), kc = p.k(), t = p.t;
    constexpr uint32_t HW = 2 * kSinkBlockWords;
    uint32_t* const h32 = reinterpret_cast<uint32_t*>(w.hblk);
    uint32_t azT[M][M], v[M];
    for (uint32_t x = 0; x < HW; ++x) {
        uint32_t a[M] = {};
        for (int b = 0; b < M; ++b) v[b] = 0;
        for (uint32_t l = 0; l < 32; ++l) {
            const uint32_t c = c0 + 32 * x + l;
            if (c >= kc) break;  // public
            const uint32_t alpha = F::bitrev(gf(w.pi[mt + c])), y = w.ginv[c];
            for (int b = 0; b < M; ++b) {
                a[b] |= ((alpha >> b) & 1) << l;
                v[b] |= ((y >> b) & 1) << l;
            }
        }
        // azT[b][i] = bit b of alpha z^i (multiplying by z moves bit b to b + 1
        // and folds the top bit back): one output bit's row is contiguous.
        for (int b = 0; b < M; ++b) azT[b][0] = a[b];
        for (int i = 1; i < M; ++i) {
            const uint32_t top = azT[M - 1][i - 1];
            for (int b = M - 1; b > 0; --b) azT[b][i] = azT[b - 1][i - 1];
            azT[0][i] = top;
            azT[3][i] ^= top;  // z^12 = z^3 + 1; z^13 = z^4 + z^3 + z + 1
            if constexpr (M == 13) {
                azT[1][i] ^= top;
                azT[4][i] ^= top;
            }
        }
        uint32_t* out = h32 + x;
        for (uint32_t i = 0; i < t; ++i) {
            for (int b = 0; b < M; ++b, out += HW) *out = v[b];
            if (i + 1 == t) break;
            uint32_t nv[M];
            for (int b = 0; b < M; ++b) {
                const uint32_t* r = azT[b];
                uint32_t acc = 0;
#pragma GCC unroll 13
                for (int j = 0; j < M; ++j) acc ^= v[j] & r[j];
                nv[b] = acc;
            }
            for (int b = 0; b < M; ++b) v[b] = nv[b];
        }
        secure_wipe(a, sizeof a);
    }
    secure_wipe(azT, sizeof azT);
    secure_wipe(v, sizeof v);
}

// h AND (all ones if the sign bit of bits is set): on the M4 one instruction
// (the arithmetic shift is the AND's shifted operand; the compiler would
// compute the mask once per bit and spend an instruction on it).
inline uint32_t and_sign(uint32_t h, uint32_t bits) {
#if defined(__arm__) && defined(__thumb2__)
    uint32_t r;
    __asm__("and %0, %1, %2, asr #31" : "=r"(r) : "r"(h), "r"(bits));
    return r;
#else
    return h & uint32_t(int32_t(bits) >> 31);
#endif
}

// Rows r0 .. r0 + rows - 1 of T = S^-1 H_right, columns of the current block,
// into the band (row-major, pk format). Two rows at a time, 64 columns
// (two 32-bit words) per pass: each H word loaded once serves both rows.
inline void band_block(const Params& p, const KeygenSinkWork& w, uint32_t r0, uint32_t rows, uint32_t c0) {
    const uint32_t mt = p.mt(), nw = 2 * p.left_words(), rb = p.pk_row_bytes();
    constexpr uint32_t HW = 2 * kSinkBlockWords;  // 32-bit words per H row
    const uint32_t* const mat32 = reinterpret_cast<const uint32_t*>(w.mat);
    const uint32_t* const h32 = reinterpret_cast<const uint32_t*>(w.hblk);
    const uint32_t b0 = c0 / 8;
    for (uint32_t r = 0; r < rows; r += 2) {
        const uint32_t ra = r, rbw = r + 1 < rows ? r + 1 : r;  // an odd last row pairs with itself
        const uint32_t* sa = mat32 + size_t(r0 + ra) * nw;
        const uint32_t* sb = mat32 + size_t(r0 + rbw) * nw;
        for (uint32_t half = 0; half < kSinkBlockWords; ++half) {
            if (b0 + 8 * half >= rb) break;  // public
            uint32_t a0 = 0, a1 = 0, q0 = 0, q1 = 0;
            for (uint32_t j0 = 0; j0 < mt; j0 += 32) {
                const uint32_t jn = mt - j0 < 32 ? mt - j0 : 32;
                // most significant bit first: bit jn-1 of this word is column j0 + jn - 1
                uint32_t ba = sa[j0 / 32] << (32 - jn), bb = sb[j0 / 32] << (32 - jn);
                const uint32_t* const hb = h32 + size_t(j0) * HW + 2 * half;
#pragma GCC unroll 4
                for (uint32_t b = jn; b-- > 0;) {
                    const uint32_t* h = hb + size_t(b) * HW;
                    const uint32_t h0 = h[0], h1 = h[1];
                    a0 ^= and_sign(h0, ba), a1 ^= and_sign(h1, ba);
                    q0 ^= and_sign(h0, bb), q1 ^= and_sign(h1, bb);
                    ba <<= 1;
                    bb <<= 1;
                }
            }
            const uint32_t at = b0 + 8 * half, nb = rb - at < 8 ? rb - at : 8;
            uint8_t* oa = w.band + size_t(ra) * rb + at;
            uint8_t* ob = w.band + size_t(rbw) * rb + at;
            for (uint32_t i = 0; i < nb; ++i) {
                oa[i] = uint8_t((i < 4 ? a0 : a1) >> (8 * (i % 4)));
                ob[i] = uint8_t((i < 4 ? q0 : q1) >> (8 * (i % 4)));
            }
        }
    }
}

}  // namespace

template <int M>
Status keypair_from_seed(const Params& p, const uint8_t* delta, uint8_t* pk, uint8_t* sk, const KeygenWork& w) {
    using F = Gf<M>;
    const uint32_t n = p.n;
    uint8_t seed[33];
    seed[0] = 64;
    std::memcpy(seed + 1, delta, 32);
    gf f[kMaxT], g[kMaxT + 1];
    uint8_t chunk[256];
    Status result = Status::internal_error;

    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
        if (!seed_attempt<M>(p, seed, sk, f, g, chunk, w.sort_buf, reinterpret_cast<gf*>(w.left), w.pi)) continue;
        for (uint32_t i = 0; i < n; ++i) w.L[i] = F::bitrev(gf(w.pi[i]));

        uint64_t pivots = 0xFFFFFFFFu;
        if (!systematic_form<M>(p, g, w.L, w.inv, w.pi, w.left, pk, pivots)) continue;
        if (!control_bits_checked<M>(p, sk, w.pi, w.sort_buf)) break;  // internal_error
        store64_le(sk + 32, pivots);
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

template <int M>
Status keypair_from_seed_sink(const Params& p, const uint8_t* delta, const PkSink& sink, uint8_t* sk,
                              const KeygenSinkWork& w) {
    using F = Gf<M>;
    const uint32_t n = p.n, t = p.t, mt = p.mt(), lw = p.left_words(), kc = p.k(), rb = p.pk_row_bytes();
    uint8_t seed[33];
    seed[0] = 64;
    std::memcpy(seed + 1, delta, 32);
    gf f[kMaxT], g[kMaxT + 1];
    uint8_t chunk[256];
    Status result = Status::internal_error;
    uint64_t* const sort_buf = w.mat + sink_sort_offset_words(p);

    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
        if (!seed_attempt<M>(p, seed, sk, f, g, chunk, sort_buf, reinterpret_cast<gf*>(w.mat), w.pi)) continue;

        // The left block (and the f sets' next 32 columns): bit k of alpha_j^i / g(alpha_j) at row i m + k.
        auto build_left = [&] {
            std::memset(w.mat, 0, size_t(mt) * lw * 8);
            std::memset(w.ext, 0, size_t(mt) * 4);
            const uint32_t cols = mt + (p.semi_systematic ? 32 : 0);
            for (uint32_t j = 0; j < cols; ++j) {
                const gf alpha = F::bitrev(gf(w.pi[j]));
                uint32_t v = F::inv(F::eval(g, t, alpha));
                for (uint32_t i = 0; i < t; ++i) {
                    for (uint32_t b = 0; b < M; ++b) {
                        const uint32_t bit = (v >> b) & 1, row = i * M + b;
                        if (j < mt)
                            w.mat[size_t(row) * lw + j / 64] |= uint64_t(bit) << (j % 64);
                        else
                            w.ext[row] |= bit << (j - mt);
                    }
                    v = F::mul(gf(v), alpha);
                }
            }
        };
        build_left();
        // The non-f sets fail ~70 % of their attempts (a singular block): a
        // forward elimination (a third of the inversion's work) decides first.
        if (!p.semi_systematic) {
            if (!left_block_invertible(p, w)) continue;
            build_left();
        }
        uint64_t pivots = 0xFFFFFFFFu;
        if (!invert_left<M>(p, w, pivots, sink)) continue;

        // T, a band of rows at a time, each from every block of H's right columns.
        for (uint32_t j = mt; j < n; ++j) w.ginv[j - mt] = F::inv(F::eval(g, t, F::bitrev(gf(w.pi[j]))));
        const uint32_t band = sink_band_rows(p);
        result = Status::ok;
        for (uint32_t r0 = 0; r0 < mt && result == Status::ok; r0 += band) {
            const uint32_t rows = mt - r0 < band ? mt - r0 : band;
            for (uint32_t c0 = 0; c0 < kc; c0 += 64 * kSinkBlockWords) {
                right_block<M>(p, w, c0);
                band_block(p, w, r0, rows, c0);
            }
            result = sink.write(sink.ctx, w.band, size_t(rows) * rb);
            if (sink.progress != nullptr) sink.progress(sink.progress_ctx, mt + r0 + rows, 2 * mt);
        }
        if (result != Status::ok) break;
        result = Status::internal_error;
        if (!control_bits_checked<M>(p, sk, w.pi, w.mat)) break;
        store64_le(sk + 32, pivots);
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

template Status keypair_from_seed_sink<12>(const Params&, const uint8_t*, const PkSink&, uint8_t*,
                                           const KeygenSinkWork&);
template Status keypair_from_seed_sink<13>(const Params&, const uint8_t*, const PkSink&, uint8_t*,
                                           const KeygenSinkWork&);

}  // namespace pqmcu::mceliece
