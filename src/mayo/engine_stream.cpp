// Streamed MAYO engine (engine_stream.hpp). Notation as in engine.cpp: O (v x
// o) secret, P1 (v x v upper triangular), P2 (v x o), P3 (o x o); the
// keystream holds P1 row by row (row r: columns r..v-1), then P2 row by row.
#include "mayo/engine_stream.hpp"

#include <cstring>

#include "cipher/block_cipher.hpp"
#include "core/secure.hpp"
#include "mayo/engine.hpp"
#include "mayo/engine_common.hpp"
#include "mayo/mvec.hpp"
#include "mayo/mvec_table.hpp"

namespace pqmcu::mayo {
namespace {
using namespace detail;

constexpr uint32_t kMaxL = (kMaxM + 15) / 16;

// P1 and P2 are public (a keystream of the published seed_pk), so on the M4
// the fast T-table AES is allowed for them (NOT constant time: never use it
// for secret data); hosts keep the default (AES-NI or bitsliced).
#if defined(PQMCU_TARGET_M4)
constexpr cipher::Backend kPublicAes = cipher::Backend::table_not_ct;
#else
constexpr cipher::Backend kPublicAes = cipher::Backend::automatic;
#endif

// Sequential reader of packed m-vectors from AES-128-CTR(seed_pk), starting
// at any m-vector index (the counter of its first block is computed, the
// bytes before it in that block skipped).
class KeyStream {
public:
    KeyStream(const cipher::Aes128Ctx& ctx, const Params& p, size_t first_vec) : ctx_(ctx), p_(p) {
        const size_t off = first_vec * p.m_bytes();
        block_ = uint32_t(off / 16);
        refill();
        pos_ = uint32_t(off % 16);
    }
    // The next m-vector, as limbs.
    void next(uint64_t* out) {
        uint8_t tmp[kMaxM / 2];
        const uint32_t mb = p_.m_bytes();
        if (pos_ + mb <= sizeof buf_) {
            if (p_.layout == MvecLayout::nibbles) {  // limbs are the packed bytes, zero-padded (little-endian)
                out[p_.m_limbs() - 1] = 0;
                std::memcpy(out, buf_ + pos_, mb);
            } else {
                load_mvec(p_, buf_ + pos_, out);
            }
            pos_ += mb;
            return;
        }
        const uint32_t head = sizeof buf_ - pos_;
        std::memcpy(tmp, buf_ + pos_, head);
        refill();
        std::memcpy(tmp + head, buf_, mb - head);
        pos_ = mb - head;
        load_mvec(p_, tmp, out);
    }
    Status status() const { return st_; }

private:
    static constexpr uint32_t kBlocks = 8;
    void refill() {
        std::memset(buf_, 0, sizeof buf_);
        for (uint32_t i = 0; i < kBlocks; ++i) {  // 128-bit big-endian counter; < 2^32 blocks
            const uint32_t c = block_ + i;
            uint8_t* b = buf_ + 16 * i + 12;
            b[0] = uint8_t(c >> 24);
            b[1] = uint8_t(c >> 16);
            b[2] = uint8_t(c >> 8);
            b[3] = uint8_t(c);
        }
        const Status st = cipher::encrypt<cipher::Aes128>(ctx_, buf_, buf_, kBlocks, kPublicAes);
        if (st != Status::ok) st_ = st;
        block_ += kBlocks;
        pos_ = 0;
    }
    const cipher::Aes128Ctx& ctx_;
    const Params& p_;
    uint32_t block_ = 0;  // P1 | P2 are at most ~1.5 MB: far below 2^32 blocks
    uint32_t pos_ = 0;
    Status st_ = Status::ok;
    alignas(8) uint8_t buf_[16 * kBlocks];
};

// Packs R (cols elements, one per byte, at R[t * step], then cols2 more
// from R2) into words and builds column c's table (planes of 16 * ncols words).
void table_for(uint32_t* tabs, uint32_t ncols, uint32_t c, uint32_t Wt, const uint8_t* R, uint32_t cols,
               uint32_t step, const uint8_t* R2 = nullptr, uint32_t cols2 = 0) {
    uint32_t w[3] = {0, 0, 0};
    for (uint32_t t = 0; t < cols; ++t) w[t / 8] |= uint32_t(R[size_t(t) * step] & 0xF) << (4 * (t % 8));
    for (uint32_t t = 0; t < cols2; ++t) w[(cols + t) / 8] |= uint32_t(R2[t] & 0xF) << (4 * ((cols + t) % 8));
    mvec::build_table(tabs + size_t(c) * 16, size_t(ncols) * 16, w, Wt);
    secure_wipe(w, sizeof w);
}

// acc = sum_c P[c] R_c over `count` m-vectors of `row` and the tables of
// columns first.. (of ncols_tab); then cols[t] = column t of acc (ncols m-vectors).
void row_products(const Params& p, const uint64_t* row, uint32_t count, const uint32_t* tabs, uint32_t ncols_tab,
                  uint32_t first, uint32_t Wt, uint32_t* acc, uint64_t* cols, uint32_t ncols) {
    const uint32_t L = p.m_limbs();
    std::memset(acc, 0, sizeof(uint32_t) * 16 * L * Wt);
    const auto* words = reinterpret_cast<const mvec::word32_alias_t*>(row);
    for (uint32_t w = 0; w < Wt; ++w)
        mvec::table_accumulate(acc + size_t(w) * 16 * L, words, L,
                               tabs + size_t(w) * 16 * ncols_tab + size_t(first) * 16, count);
    if (ncols == 0) return;
    std::memset(cols, 0, sizeof(uint64_t) * size_t(ncols) * L);
    for (uint32_t t = 0; t < ncols; ++t) mvec::xor_column(acc, t, cols + size_t(t) * L, L);
}

// ---- products in the transposed layout (one equation e at a time)

// The four 0/1 lane words of 8 packed elements (x & 1, x>>1 & 1, ...).
struct Lanes {
    uint32_t l[4];
    explicit Lanes(uint32_t x) {
        constexpr uint32_t m = 0x11111111u;
        l[0] = x & m, l[1] = (x >> 1) & m, l[2] = (x >> 2) & m, l[3] = (x >> 3) & m;
    }
};
struct Scalar32 {  // a, a x, a x^2, a x^3 (mvec::Scalar on 32-bit words)
    uint32_t c[4] = {0, 0, 0, 0};
    Scalar32() = default;
    explicit Scalar32(uint8_t a) {
        const mvec::Scalar s(a);
        c[0] = uint32_t(s.c0), c[1] = uint32_t(s.c1), c[2] = uint32_t(s.c2), c[3] = uint32_t(s.c3);
    }
};
// a * x for 8 packed elements x (given as lanes): no carries between lanes.
inline uint32_t mul8(const Lanes& x, const Scalar32& a) {
    return x.l[0] * a.c[0] ^ x.l[1] * a.c[1] ^ x.l[2] * a.c[2] ^ x.l[3] * a.c[3];
}
// Bits [bit, bit + 32) of the little-endian word string pw (zero beyond nw words).
inline uint32_t bits32(const uint32_t* pw, uint32_t nw, uint32_t bit) {
    const uint32_t w = bit / 32, sh = bit % 32;
    const uint32_t lo = w < nw ? pw[w] : 0, hi = w + 1 < nw ? pw[w + 1] : 0;
    return sh == 0 ? lo : (lo >> sh) | (hi << (32 - sh));
}
// out[r * ncols + col] (m-vectors) = element col of row r of the transposed
// T (for every e: rows x wpr words), for r < rows, col < ncols.
void untranspose(const uint32_t* T, uint32_t rows, uint32_t wpr, uint32_t ncols, uint64_t* out, uint32_t L) {
    for (uint32_t r = 0; r < rows; ++r)
        for (uint32_t col = 0; col < ncols; ++col) {
            const uint32_t* base = T + size_t(r) * wpr + col / 8;
            const uint32_t sh = 4 * (col % 8);
            const size_t estride = size_t(rows) * wpr;
            uint64_t* o = out + (size_t(r) * ncols + col) * L;
            for (uint32_t l = 0; l < L; ++l) {
                uint32_t lo = 0, hi = 0;
                for (uint32_t e = 0; e < 8; ++e) {
                    lo |= ((base[(16 * l + e) * estride] >> sh) & 15) << (4 * e);
                    hi |= ((base[(16 * l + 8 + e) * estride] >> sh) & 15) << (4 * e);
                }
                o[l] = uint64_t(lo) | (uint64_t(hi) << 32);
            }
        }
}
// Tables of P2's columns: P2[r][j] goes to element first + j (a unit vector).
void unit_tables(uint32_t* tabs, uint32_t ncols, uint32_t c0, uint32_t count, uint32_t Wt, uint32_t first) {
    const uint8_t one = 1;
    for (uint32_t j = 0; j < count; ++j) {
        uint8_t unit[24] = {0};
        unit[first + j] = one;
        table_for(tabs, ncols, c0 + j, Wt, unit, first + j + 1, 1);
    }
}

}  // namespace

// ---------------------------------------------------------------- key generation

Status keypair_streamed(const Params& p, const uint8_t* seed_sk, uint8_t* pk, uint8_t* sk,
                        const KeygenStreamWork& w) {
    const uint32_t v = p.v(), o = p.o, L = p.m_limbs(), Wt = table_words(o), m = p.m;
    uint8_t seed_pk[16];
    derive_seed_pk_and_O(p, seed_sk, seed_pk, w.O);
    cipher::Aes128Ctx ctx;
    Status st = cipher::key_schedule_public<cipher::Aes128>(ctx, seed_pk, p.pk_seed_bytes);
    if (st != Status::ok) return st;
    KeyStream s1(ctx, p, 0), s2(ctx, p, p.p1_vecs());
    // Columns 0..v-1 (P1): O[c]; columns v..v+o-1 (P2): unit vectors.
    for (uint32_t c = 0; c < v; ++c) table_for(w.tabs, v + o, c, Wt, w.O + size_t(c) * o, o, 1);
    unit_tables(w.tabs, v + o, v, o, Wt, 0);

    // Per row r: T = row r of P1 O + P2, for every equation e packed in acc;
    // then P3t[e][a] += O[r][a] T[e].
    std::memset(w.p3t, 0, sizeof(uint32_t) * 16 * L * o * Wt);
    for (uint32_t r = 0; r < v; ++r) {
        for (uint32_t c = 0; c < v - r; ++c) s1.next(w.row + size_t(c) * L);
        for (uint32_t j = 0; j < o; ++j) s2.next(w.row + size_t(v - r + j) * L);
        row_products(p, w.row, v - r + o, w.tabs, v + o, r, Wt, w.acc, nullptr, 0);
        Scalar32 Or[kMaxO];
        for (uint32_t a = 0; a < o; ++a) Or[a] = Scalar32(w.O[r * o + a]);
        for (uint32_t e = 0; e < m; ++e) {
            Lanes T[3] = {Lanes(0), Lanes(0), Lanes(0)};
            for (uint32_t u = 0; u < Wt; ++u) T[u] = Lanes(w.acc[u * 16 * L + e]);
            uint32_t* p3e = w.p3t + size_t(e) * o * Wt;
            for (uint32_t a = 0; a < o; ++a)
                for (uint32_t u = 0; u < Wt; ++u) p3e[a * Wt + u] ^= mul8(T[u], Or[a]);
        }
        secure_wipe(Or, sizeof Or);
    }
    untranspose(w.p3t, o, Wt, o, w.p3, L);  // P3[a][b], element e = element b of P3t[e][a]
    if (s1.status() != Status::ok) st = s1.status();
    if (s2.status() != Status::ok) st = s2.status();
    if (st == Status::ok) {
        std::memcpy(pk, seed_pk, p.pk_seed_bytes);
        store_upper_p3(p, w.p3, pk + p.pk_seed_bytes);
        std::memmove(sk, seed_sk, p.sk_seed_bytes);
    }
    secure_wipe(w.O, size_t(v) * o);
    secure_wipe(w.p3, sizeof(uint64_t) * size_t(o) * o * L);
    secure_wipe(w.p3t, sizeof(uint32_t) * 16 * L * o * Wt);
    secure_wipe(w.tabs, sizeof(uint32_t) * size_t(v + o) * 16 * Wt);
    secure_wipe(w.acc, sizeof(uint32_t) * 16 * L * Wt);
    cipher::wipe(ctx);
    return st;
}

// ---------------------------------------------------------------- signing

Status sign_streamed(const Params& p, const uint8_t* sk, const uint8_t* msg, size_t mlen, const uint8_t* randomizer,
                     uint8_t* sig, const SignStreamWork& w) {
    const uint32_t v = p.v(), o = p.o, k = p.k, L = p.m_limbs(), m = p.m, Wt = table_words(k + o);
    const uint32_t Wo = table_words(o), Wk = table_words(k);
    uint8_t seed_pk[16];
    derive_seed_pk_and_O(p, sk, seed_pk, w.O);
    cipher::Aes128Ctx ctx;
    Status st = cipher::key_schedule_public<cipher::Aes128>(ctx, seed_pk, p.pk_seed_bytes);
    if (st != Status::ok) return st;

    uint8_t buf[kMaxDigest + kMaxSalt + kMaxSkSeed + 1];
    uint8_t salt[kMaxSalt], t[kMaxM];
    sign_prelude(p, sk, msg, mlen, randomizer, buf, salt, t);

    // Mt[e][i] (Wo words: M_i[0..o) at equation e), then Vt[e][j] (Wk words:
    // VPV[j][0..k) at e).
    uint32_t* Mt = w.mvt;
    uint32_t* Vt = w.mvt + size_t(16) * L * k * Wo;
    const size_t mvt_bytes = sizeof(uint32_t) * 16 * L * k * (Wo + Wk);
    const uint32_t kmask = k % 8 ? (1u << (4 * (k % 8))) - 1 : ~0u;  // W's elements in its last word
    uint8_t r[kMaxKO], x[kMaxKO + 1];  // x: the back substitution may touch x[ko] (with 0)
    uint8_t* vd = w.vs;                // k x v
    bool found = false;
    for (uint32_t ctr = 0; ctr <= 255 && !found && st == Status::ok; ++ctr) {
        sample_vinegar(p, buf, ctr, vd, r);
        // Column c < v: (v_1[c], .., v_k[c], O[c][0], .., O[c][o-1]); P2's
        // columns: unit vectors at k + j.
        for (uint32_t c = 0; c < v; ++c) table_for(w.tabs, v + o, c, Wt, vd + c, k, v, w.O + size_t(c) * o, o);
        unit_tables(w.tabs, v + o, v, o, Wt, k);
        std::memset(w.mvt, 0, mvt_bytes);
        KeyStream s1(ctx, p, 0), s2(ctx, p, p.p1_vecs());
        for (uint32_t rr = 0; rr < v; ++rr) {
            // Row rr of [P1 P2] times the tables: at every equation e,
            // W_i = (P1 v_i)[rr] (elements 0..k-1) and T_j = (P1 O + P2)[rr][j]
            // (elements k..k+o-1).
            for (uint32_t c = 0; c < v - rr; ++c) s1.next(w.row + size_t(c) * L);
            for (uint32_t j = 0; j < o; ++j) s2.next(w.row + size_t(v - rr + j) * L);
            row_products(p, w.row, v - rr + o, w.tabs, v + o, rr, Wt, w.acc, nullptr, 0);
            // M_i[j] += W_i O[rr][j] + v_i[rr] T_j;  VPV[j][i] += v_j[rr] W_i.
            Lanes Or[3] = {Lanes(0), Lanes(0), Lanes(0)};
            for (uint32_t u = 0; u < Wo; ++u) {
                uint32_t ow = 0;
                for (uint32_t j = 8 * u; j < o && j < 8 * u + 8; ++j) ow |= uint32_t(w.O[rr * o + j]) << (4 * (j % 8));
                Or[u] = Lanes(ow);
            }
            Scalar32 vr[kMaxK];
            for (uint32_t i = 0; i < k; ++i) vr[i] = Scalar32(vd[i * v + rr]);
            for (uint32_t e = 0; e < m; ++e) {
                uint32_t pw[3] = {0, 0, 0};
                for (uint32_t u = 0; u < Wt; ++u) pw[u] = w.acc[u * 16 * L + e];
                Lanes T[3] = {Lanes(0), Lanes(0), Lanes(0)}, Wl[2] = {Lanes(0), Lanes(0)};
                for (uint32_t u = 0; u < Wo; ++u) T[u] = Lanes(bits32(pw, Wt, 4 * k + 32 * u));
                for (uint32_t u = 0; u < Wk; ++u) Wl[u] = Lanes(u + 1 == Wk ? pw[u] & kmask : pw[u]);
                uint32_t* me = Mt + size_t(e) * k * Wo;
                uint32_t* ve = Vt + size_t(e) * k * Wk;
                for (uint32_t i = 0; i < k; ++i) {
                    const Scalar32 wi(uint8_t((pw[i / 8] >> (4 * (i % 8))) & 15));
                    for (uint32_t u = 0; u < Wo; ++u) me[i * Wo + u] ^= mul8(Or[u], wi) ^ mul8(T[u], vr[i]);
                    for (uint32_t u = 0; u < Wk; ++u) ve[i * Wk + u] ^= mul8(Wl[u], vr[i]);
                }
            }
            secure_wipe(Or, sizeof Or);
            secure_wipe(vr, sizeof vr);
        }
        untranspose(Mt, k, Wo, o, w.M, L);
        untranspose(Vt, k, Wk, k, w.vpv, L);
        if (s1.status() != Status::ok) st = s1.status();
        if (s2.status() != Status::ok) st = s2.status();
        if (st == Status::ok) found = solve_attempt(p, w.M, w.vpv, t, r, w.a, w.ap, x);
    }
    if (st == Status::ok && !found) st = Status::internal_error;  // see engine.cpp
    if (st == Status::ok) encode_signature(p, vd, w.O, x, salt, w.a /* k x n, reuses A */, sig);

    secure_wipe(buf, sizeof buf);
    secure_wipe(r, sizeof r);
    secure_wipe(x, sizeof x);
    secure_wipe(w.O, size_t(v) * o);
    secure_wipe(w.M, sizeof(uint64_t) * size_t(k) * o * L);
    secure_wipe(w.vpv, sizeof(uint64_t) * size_t(k) * k * L);
    secure_wipe(w.mvt, mvt_bytes);
    secure_wipe(w.tabs, sizeof(uint32_t) * size_t(v + o) * 16 * Wt);
    secure_wipe(w.acc, sizeof(uint32_t) * 16 * L * Wt);
    secure_wipe(w.a, size_t(p.m + p.kk()) * p.a_cols());
    secure_wipe(w.ap, sizeof(uint64_t) * size_t(p.m) * ((p.a_cols() + 15) / 16));
    secure_wipe(w.vs, size_t(k) * p.n);
    cipher::wipe(ctx);
    return st;
}

// ---------------------------------------------------------------- verification

Status verify_streamed(const Params& p, const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig,
                       const VerifyStreamWork& w) {
    const uint32_t v = p.v(), o = p.o, k = p.k, n = p.n, L = p.m_limbs(), Wt = table_words(k);
    uint8_t t[kMaxM];
    const uint8_t* s = w.s;  // k x n
    if (!verify_prelude(p, msg, mlen, sig, t, w.s)) return Status::verify_failed;
    cipher::Aes128Ctx ctx;
    Status st = cipher::key_schedule_public<cipher::Aes128>(ctx, pk, p.pk_seed_bytes);
    if (st != Status::ok) return st;
    KeyStream s1(ctx, p, 0), s2(ctx, p, p.p1_vecs());
    for (uint32_t c = 0; c < n; ++c) table_for(w.tabs, n, c, Wt, s + c, k, n);

    // Row r of P = [P1 P2; 0 P3] (columns r..n-1) times the tables gives
    // (P s_i)[r] for all i, folded at once: SPS[j][i] += s_j[r] (P s_i)[r].
    std::memset(w.sps, 0, sizeof(uint64_t) * size_t(k) * k * L);
    auto fold_row = [&](uint32_t r, uint32_t count) {
        row_products(p, w.row, count, w.tabs, n, r, Wt, w.acc, w.cols, k);
        for (uint32_t i = 0; i < k; ++i)  // SPS[j][i] += s_j[r] (P s_i)[r]
            mvec::mul_add_multi(w.sps + size_t(i) * L, size_t(k) * L, w.cols + size_t(i) * L, s + r, n, k, L);
    };
    for (uint32_t r = 0; r < v; ++r) {
        for (uint32_t c = 0; c < v - r; ++c) s1.next(w.row + size_t(c) * L);
        for (uint32_t c = 0; c < o; ++c) s2.next(w.row + size_t(v - r + c) * L);
        fold_row(r, n - r);
    }
    const uint8_t* P3 = pk + p.pk_seed_bytes;  // upper, o(o+1)/2 packed m-vectors
    for (uint32_t r = 0; r < o; ++r) {
        for (uint32_t c = 0; c < o - r; ++c, P3 += p.m_bytes()) load_mvec(p, P3, w.row + size_t(c) * L);
        fold_row(v + r, o - r);
    }
    cipher::wipe(ctx);
    if (s1.status() != Status::ok) return s1.status();
    if (s2.status() != Status::ok) return s2.status();
    return quadratic_matches(p, w.sps, t) ? Status::ok : Status::verify_failed;
}

}  // namespace pqmcu::mayo
