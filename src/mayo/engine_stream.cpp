// SPDX-License-Identifier: Apache-2.0 OR MIT
// Streamed MAYO engine (engine_stream.hpp). Notation as in engine.cpp: O (v x
// o) secret, P1 (v x v upper triangular), P2 (v x o), P3 (o x o); the
// keystream holds P1 row by row (row r: columns r..v-1), then P2 row by row.
#include "mayo/engine_stream.hpp"

#include <cstdint>
#include <cstring>

#include "cipher/block_cipher.hpp"
#include "cipher/ctr_table_not_ct.hpp"
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
// the fast T-table AES-CTR with counter-mode caching is allowed for them (NOT
// constant time: never use it for secret data); hosts keep the default
// block cipher (AES-NI or bitsliced).
#if defined(PQMCU_TARGET_M4)
#define PQMCU_MAYO_CTR_TABLE 1
#endif

// secure_wipe for the large workspace arrays: word stores when aligned
// (secure_wipe stores bytes; the tables alone are ~15 KB for MAYO-1 signing).
inline void wipe_large(void* p, size_t n) {
    if ((reinterpret_cast<uintptr_t>(p) & 3) != 0) return secure_wipe(p, n);
    volatile uint32_t* v = static_cast<volatile uint32_t*>(p);
    size_t i = 0;
    for (; i + 4 <= n / 4; i += 4) {
        v[i] = 0;
        v[i + 1] = 0;
        v[i + 2] = 0;
        v[i + 3] = 0;
    }
    for (; i < n / 4; ++i) v[i] = 0;
    secure_wipe(static_cast<uint8_t*>(p) + 4 * (n / 4), n % 4);
}

// memcpy with the round-2 m-vector sizes as constants (inlined word copies).
inline void copy_mvec_bytes(void* out, const uint8_t* in, uint32_t mb) {
    switch (mb) {
        case 32: std::memcpy(out, in, 32); return;  // MAYO-2
        case 39: std::memcpy(out, in, 39); return;  // MAYO-1
        case 54: std::memcpy(out, in, 54); return;  // MAYO-3
        case 71: std::memcpy(out, in, 71); return;  // MAYO-5
        default: std::memcpy(out, in, mb);
    }
}

// Sequential reader of packed m-vectors from AES-128-CTR(seed_pk), starting
// at any m-vector index (the counter of its first block is computed, the
// bytes before it in that block skipped).
class KeyStream {
public:
#if defined(PQMCU_MAYO_CTR_TABLE)
    KeyStream(const cipher::Aes128Ctx& ctx, const Params& p, size_t first_vec) : ctr_(ctx), p_(p) {
#else
    KeyStream(const cipher::Aes128Ctx& ctx, const Params& p, size_t first_vec) : ctx_(ctx), p_(p) {
#endif
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
                copy_mvec_bytes(out, buf_ + pos_, mb);
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
    static constexpr uint32_t kBlocks = 16;  // 256 bytes: few calls, few m-vectors straddling a refill
    void refill() {
#if defined(PQMCU_MAYO_CTR_TABLE)
        ctr_.keystream(block_, buf_, kBlocks);
#else
        for (uint32_t i = 0; i < kBlocks; ++i) {  // 128-bit big-endian counter; < 2^32 blocks
            const uint32_t c = block_ + i;
            uint8_t* b = ctrb_ + 16 * i + 12;  // bytes 0..11 stay zero
            b[0] = uint8_t(c >> 24);
            b[1] = uint8_t(c >> 16);
            b[2] = uint8_t(c >> 8);
            b[3] = uint8_t(c);
        }
        const Status st = cipher::encrypt<cipher::Aes128>(ctx_, ctrb_, buf_, kBlocks);
        if (st != Status::ok) st_ = st;
#endif
        block_ += kBlocks;
        pos_ = 0;
    }
#if defined(PQMCU_MAYO_CTR_TABLE)
    cipher::Aes128CtrTableNotCt ctr_;
#else
    const cipher::Aes128Ctx& ctx_;
#endif
    const Params& p_;
    uint32_t block_ = 0;  // P1 | P2 are at most ~1.5 MB: far below 2^32 blocks
    uint32_t pos_ = 0;
    Status st_ = Status::ok;
    alignas(8) uint8_t buf_[16 * kBlocks];
#if !defined(PQMCU_MAYO_CTR_TABLE)
    alignas(8) uint8_t ctrb_[16 * kBlocks] = {};  // counter blocks
#endif
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
    std::memset(cols, 0, sizeof(uint64_t) * size_t(ncols) * L);
    mvec::xor_columns(acc, ncols, cols, L);
}

}  // namespace

// ---------------------------------------------------------------- key generation

Status keypair_streamed(const Params& p, const uint8_t* seed_sk, uint8_t* pk, uint8_t* sk,
                        const KeygenStreamWork& w) {
    const uint32_t v = p.v(), o = p.o, L = p.m_limbs(), Wt = table_words(o);
    uint8_t seed_pk[16];
    derive_seed_pk_and_O(p, seed_sk, seed_pk, w.O);
    cipher::Aes128Ctx ctx;
    Status st = cipher::key_schedule_public<cipher::Aes128>(ctx, seed_pk, p.pk_seed_bytes);
    if (st != Status::ok) {
        wipe_large(w.O, size_t(v) * o);
        return st;
    }
    KeyStream s1(ctx, p, 0), s2(ctx, p, p.p1_vecs());
    for (uint32_t c = 0; c < v; ++c) table_for(w.tabs, v, c, Wt, w.O + size_t(c) * o, o, 1);

    // T = row r of P1 O + P2 (o m-vectors), then P3 += O[r]^T T.
    std::memset(w.p3, 0, sizeof(uint64_t) * size_t(o) * o * L);
    uint64_t e[kMaxL];
    mvec::Scalar Or[kMaxO];  // O[r][0..o)
    for (uint32_t r = 0; r < v; ++r) {
        for (uint32_t c = 0; c < v - r; ++c) s1.next(w.row + size_t(c) * L);
        row_products(p, w.row, v - r, w.tabs, v, r, Wt, w.acc, w.cols, o);
        for (uint32_t j = 0; j < o; ++j) {
            s2.next(e);
            mvec::add(w.cols + size_t(j) * L, e, L);
        }
        mvec::prepare_scalars(Or, w.O + size_t(r) * o, 1, o);
        for (uint32_t b = 0; b < o; ++b)  // P3[a][b] += O[r][a] T_b
            mvec::mul_add_multi(w.p3 + size_t(b) * L, size_t(o) * L, w.cols + size_t(b) * L, Or, o, L);
    }
    if (s1.status() != Status::ok) st = s1.status();
    if (s2.status() != Status::ok) st = s2.status();
    if (st == Status::ok) {
        std::memcpy(pk, seed_pk, p.pk_seed_bytes);
        store_upper_p3(p, w.p3, pk + p.pk_seed_bytes);
        std::memmove(sk, seed_sk, p.sk_seed_bytes);
    }
    secure_wipe(Or, sizeof Or);
    wipe_large(w.O, size_t(v) * o);
    wipe_large(w.p3, sizeof(uint64_t) * size_t(o) * o * L);
    wipe_large(w.tabs, sizeof(uint32_t) * size_t(v) * 16 * Wt);
    wipe_large(w.acc, sizeof(uint32_t) * 16 * L * Wt);
    wipe_large(w.cols, sizeof(uint64_t) * size_t(o) * L);
    cipher::wipe(ctx);
    return st;
}

// ---------------------------------------------------------------- signing

Status sign_streamed(const Params& p, const uint8_t* sk, const uint8_t* digest, const uint8_t* randomizer,
                     uint8_t* sig, const SignStreamWork& w) {
    const uint32_t v = p.v(), o = p.o, k = p.k, L = p.m_limbs(), Wt = table_words(k + o);
    uint8_t seed_pk[16];
    derive_seed_pk_and_O(p, sk, seed_pk, w.O);
    cipher::Aes128Ctx ctx;
    Status st = cipher::key_schedule_public<cipher::Aes128>(ctx, seed_pk, p.pk_seed_bytes);
    if (st != Status::ok) {
        wipe_large(w.O, size_t(v) * o);
        return st;
    }

    uint8_t buf[kMaxDigest + kMaxSalt + kMaxSkSeed + 1];
    uint8_t salt[kMaxSalt], t[kMaxM];
    sign_prelude(p, sk, digest, randomizer, buf, salt, t);

    const size_t m_bytes = sizeof(uint64_t) * size_t(k) * o * L, vpv_bytes = sizeof(uint64_t) * size_t(k) * k * L;
    uint64_t e[kMaxL];
    mvec::Scalar Or[kMaxO], Vr[kMaxK];  // row rr's O[rr][j] and v_i[rr]
    uint8_t r[kMaxKO], x[kMaxKO + 1];  // x: the back substitution may touch x[ko] (with 0)
    uint8_t* vd = w.vs;                // k x v
    bool found = false;
    for (uint32_t ctr = 0; ctr <= 255 && !found && st == Status::ok; ++ctr) {
        sample_vinegar(p, buf, ctr, vd, r);
        // Column c's table: (v_1[c], .., v_k[c], O[c][0], .., O[c][o-1]).
        for (uint32_t c = 0; c < v; ++c) table_for(w.tabs, v, c, Wt, vd + c, k, v, w.O + size_t(c) * o, o);
        std::memset(w.M, 0, m_bytes);
        std::memset(w.vpv, 0, vpv_bytes);
        KeyStream s1(ctx, p, 0), s2(ctx, p, p.p1_vecs());
        for (uint32_t rr = 0; rr < v; ++rr) {
            // Row rr of P1 times the tables: W_i = (P1 v_i)[rr] (cols 0..k-1)
            // and T_j = (P1 O)[rr][j] (cols k..k+o-1); T_j += P2[rr][j].
            for (uint32_t c = 0; c < v - rr; ++c) s1.next(w.row + size_t(c) * L);
            row_products(p, w.row, v - rr, w.tabs, v, rr, Wt, w.acc, w.cols, k + o);
            const uint64_t* W = w.cols;
            uint64_t* T = w.cols + size_t(k) * L;
            for (uint32_t j = 0; j < o; ++j) {
                s2.next(e);
                mvec::add(T + size_t(j) * L, e, L);
            }
            // M_i[j] += O[rr][j] W_i + v_i[rr] T_j;  VPV[j][i] += v_j[rr] W_i.
            mvec::prepare_scalars(Or, w.O + size_t(rr) * o, 1, o);  // O[rr][0..o)
            mvec::prepare_scalars(Vr, vd + rr, v, k);                // v_0[rr] .. v_{k-1}[rr]
            for (uint32_t i = 0; i < k; ++i) {
                mvec::mul_add_multi(w.M + size_t(i * o) * L, L, W + size_t(i) * L, Or, o, L);
                mvec::mul_add_multi(w.vpv + size_t(i) * L, size_t(k) * L, W + size_t(i) * L, Vr, k, L);
            }
            for (uint32_t j = 0; j < o; ++j)
                mvec::mul_add_multi(w.M + size_t(j) * L, size_t(o) * L, T + size_t(j) * L, Vr, k, L);
        }
        if (s1.status() != Status::ok) st = s1.status();
        if (s2.status() != Status::ok) st = s2.status();
        if (st == Status::ok) found = solve_attempt(p, w.M, w.vpv, t, r, w.a, w.ap, x);
    }
    if (st == Status::ok && !found) st = Status::internal_error;  // see engine.cpp
    if (st == Status::ok) encode_signature(p, vd, w.O, x, salt, w.a /* k x n, reuses A */, sig);

    secure_wipe(buf, sizeof buf);
    secure_wipe(r, sizeof r);
    secure_wipe(x, sizeof x);
    secure_wipe(Or, sizeof Or);
    secure_wipe(Vr, sizeof Vr);
    wipe_large(w.O, size_t(v) * o);
    wipe_large(w.M, m_bytes);
    wipe_large(w.vpv, vpv_bytes);
    wipe_large(w.tabs, sizeof(uint32_t) * size_t(v) * 16 * Wt);
    wipe_large(w.acc, sizeof(uint32_t) * 16 * L * Wt);
    wipe_large(w.cols, sizeof(uint64_t) * size_t(k + o) * L);
    wipe_large(w.a, size_t(p.m + p.kk()) * p.a_cols());
    wipe_large(w.ap, sizeof(uint64_t) * size_t(p.m) * ((p.a_cols() + 15) / 16));
    wipe_large(w.vs, size_t(k) * p.n);
    cipher::wipe(ctx);
    return st;
}

// ---------------------------------------------------------------- verification

Status verify_streamed(const Params& p, const uint8_t* pk, const uint8_t* digest, const uint8_t* sig,
                       const VerifyStreamWork& w) {
    const uint32_t v = p.v(), o = p.o, k = p.k, n = p.n, L = p.m_limbs(), Wt = table_words(k);
    uint8_t t[kMaxM];
    const uint8_t* s = w.s;  // k x n
    if (!verify_prelude(p, digest, sig, t, w.s)) return Status::verify_failed;
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
        mvec::Scalar Sr[kMaxK];
        mvec::prepare_scalars(Sr, s + r, n, k);
        for (uint32_t i = 0; i < k; ++i)  // SPS[j][i] += s_j[r] (P s_i)[r]
            mvec::mul_add_multi(w.sps + size_t(i) * L, size_t(k) * L, w.cols + size_t(i) * L, Sr, k, L);
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
