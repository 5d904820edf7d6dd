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
        block_ = off / 16;
        refill();
        pos_ = uint32_t(off % 16);
    }
    // The next m-vector, as limbs.
    void next(uint64_t* out) {
        uint8_t tmp[kMaxM / 2];
        const uint32_t mb = p_.m_bytes();
        if (pos_ + mb <= sizeof buf_) {
            load_mvec(p_, buf_ + pos_, out);
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
        for (uint32_t i = 0; i < kBlocks; ++i) {  // 128-bit big-endian counter; < 2^64 blocks
            uint8_t* b = buf_ + 16 * i;
            std::memset(b, 0, 8);
            const uint64_t c = block_ + i;
            for (uint32_t j = 0; j < 8; ++j) b[15 - j] = uint8_t(c >> (8 * j));
        }
        const Status st = cipher::encrypt<cipher::Aes128>(ctx_, buf_, buf_, kBlocks, kPublicAes);
        if (st != Status::ok) st_ = st;
        block_ += kBlocks;
        pos_ = 0;
    }
    const cipher::Aes128Ctx& ctx_;
    const Params& p_;
    uint64_t block_ = 0;
    uint32_t pos_ = 0;
    Status st_ = Status::ok;
    alignas(8) uint8_t buf_[16 * kBlocks];
};

}  // namespace

// ---------------------------------------------------------------- key generation

Status keypair_streamed(const Params& p, const uint8_t* seed_sk, uint8_t* pk, uint8_t* sk,
                        const KeygenStreamWork& w) {
    const uint32_t v = p.v(), o = p.o, L = p.m_limbs();
    uint8_t seed_pk[16];
    derive_seed_pk_and_O(p, seed_sk, seed_pk, w.O);
    cipher::Aes128Ctx ctx;
    Status st = cipher::key_schedule_public<cipher::Aes128>(ctx, seed_pk, p.pk_seed_bytes);
    if (st != Status::ok) return st;
    KeyStream s1(ctx, p, 0), s2(ctx, p, p.p1_vecs());

    // Row r of P1 O + P2 (T, o m-vectors), then P3 += O[r]^T T.
    std::memset(w.p3, 0, sizeof(uint64_t) * size_t(o) * o * L);
    uint64_t T[kMaxO * kMaxL], e[kMaxL];
    for (uint32_t r = 0; r < v; ++r) {
        for (uint32_t j = 0; j < o; ++j) s2.next(T + j * L);
        for (uint32_t c = r; c < v; ++c) {
            s1.next(e);
            for (uint32_t j = 0; j < o; ++j) mvec::mul_add(T + j * L, e, w.O[c * o + j], L);
        }
        for (uint32_t a = 0; a < o; ++a) {
            const mvec::Scalar sa(w.O[r * o + a]);
            for (uint32_t b = 0; b < o; ++b) mvec::mul_add(w.p3 + size_t(a * o + b) * L, T + b * L, sa, L);
        }
    }
    if (s1.status() != Status::ok) st = s1.status();
    if (s2.status() != Status::ok) st = s2.status();
    if (st == Status::ok) {
        std::memcpy(pk, seed_pk, p.pk_seed_bytes);
        store_upper_p3(p, w.p3, pk + p.pk_seed_bytes);
        std::memmove(sk, seed_sk, p.sk_seed_bytes);
    }
    secure_wipe(T, sizeof T);
    secure_wipe(e, sizeof e);
    secure_wipe(w.O, size_t(v) * o);
    secure_wipe(w.p3, sizeof(uint64_t) * size_t(o) * o * L);
    cipher::wipe(ctx);
    return st;
}

// ---------------------------------------------------------------- signing

Status sign_streamed(const Params& p, const uint8_t* sk, const uint8_t* msg, size_t mlen, const uint8_t* randomizer,
                     uint8_t* sig, const SignStreamWork& w) {
    const uint32_t v = p.v(), o = p.o, k = p.k, L = p.m_limbs();
    uint8_t seed_pk[16];
    derive_seed_pk_and_O(p, sk, seed_pk, w.O);
    cipher::Aes128Ctx ctx;
    Status st = cipher::key_schedule_public<cipher::Aes128>(ctx, seed_pk, p.pk_seed_bytes);
    if (st != Status::ok) return st;

    uint8_t buf[kMaxDigest + kMaxSalt + kMaxSkSeed + 1];
    uint8_t salt[kMaxSalt], t[kMaxM];
    sign_prelude(p, sk, msg, mlen, randomizer, buf, salt, t);

    const size_t y_bytes = sizeof(uint64_t) * size_t(v) * k * L;
    const size_t m_bytes = sizeof(uint64_t) * size_t(k) * o * L, vpv_bytes = sizeof(uint64_t) * size_t(k) * k * L;
    uint64_t W[kMaxK * kMaxL], e[kMaxL], diag[kMaxL], u[kMaxL];
    uint8_t r[kMaxKO], x[kMaxKO + 1];  // x: the back substitution may touch x[ko] (with 0)
    uint8_t* vd = w.vs;                // k x v
    bool found = false;
    for (uint32_t ctr = 0; ctr <= 255 && !found && st == Status::ok; ++ctr) {
        sample_vinegar(p, buf, ctr, vd, r);
        std::memset(w.y, 0, y_bytes);
        std::memset(w.M, 0, m_bytes);
        std::memset(w.vpv, 0, vpv_bytes);
        KeyStream ks(ctx, p, 0);
        // Row rr of P1: W_i = sum_{c>rr} P1[rr][c] v_i[c] (then + the
        // diagonal: (P1 v_i)[rr]); Y[c][i] += P1[rr][c] v_i[rr] for c > rr,
        // complete for c = rr once the rows above are done. u_i[rr] = W_i +
        // Y[rr][i] is entry rr of v_i^T (P1 + P1^T).
        for (uint32_t rr = 0; rr < v; ++rr) {
            std::memset(W, 0, sizeof(uint64_t) * size_t(k) * L);
            ks.next(diag);
            for (uint32_t c = rr + 1; c < v; ++c) {
                ks.next(e);
                uint64_t* yc = w.y + size_t(c) * k * L;
                for (uint32_t i = 0; i < k; ++i) {
                    mvec::mul_add(W + i * L, e, vd[i * v + c], L);
                    mvec::mul_add(yc + i * L, e, vd[i * v + rr], L);
                }
            }
            const uint64_t* yr = w.y + size_t(rr) * k * L;
            for (uint32_t i = 0; i < k; ++i) {
                for (uint32_t l = 0; l < L; ++l) u[l] = W[i * L + l] ^ yr[i * L + l];
                for (uint32_t c = 0; c < o; ++c) mvec::mul_add(w.M + size_t(i * o + c) * L, u, w.O[rr * o + c], L);
                mvec::mul_add(W + i * L, diag, vd[i * v + rr], L);
            }
            for (uint32_t j = 0; j < k; ++j) {
                const mvec::Scalar a(vd[j * v + rr]);
                for (uint32_t i = 0; i < k; ++i) mvec::mul_add(w.vpv + size_t(j * k + i) * L, W + i * L, a, L);
            }
        }
        // M_i += v_i^T P2 (P2 follows P1 in the keystream).
        for (uint32_t rr = 0; rr < v; ++rr)
            for (uint32_t c = 0; c < o; ++c) {
                ks.next(e);
                for (uint32_t i = 0; i < k; ++i) mvec::mul_add(w.M + size_t(i * o + c) * L, e, vd[i * v + rr], L);
            }
        st = ks.status();
        if (st == Status::ok) found = solve_attempt(p, w.M, w.vpv, t, r, w.a, w.ap, x);
    }
    if (st == Status::ok && !found) st = Status::internal_error;  // see engine.cpp
    if (st == Status::ok) encode_signature(p, vd, w.O, x, salt, w.a /* k x n, reuses A */, sig);

    secure_wipe(buf, sizeof buf);
    secure_wipe(r, sizeof r);
    secure_wipe(x, sizeof x);
    secure_wipe(W, sizeof W);
    secure_wipe(e, sizeof e);
    secure_wipe(diag, sizeof diag);
    secure_wipe(u, sizeof u);
    secure_wipe(w.O, size_t(v) * o);
    secure_wipe(w.y, y_bytes);
    secure_wipe(w.M, m_bytes);
    secure_wipe(w.vpv, vpv_bytes);
    secure_wipe(w.a, size_t(p.m + p.kk()) * p.a_cols());
    secure_wipe(w.ap, sizeof(uint64_t) * size_t(p.m) * ((p.a_cols() + 15) / 16));
    secure_wipe(w.vs, size_t(k) * p.n);
    cipher::wipe(ctx);
    return st;
}

// ---------------------------------------------------------------- verification

Status verify_streamed(const Params& p, const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig,
                       const VerifyStreamWork& w) {
    const uint32_t v = p.v(), o = p.o, k = p.k, n = p.n, L = p.m_limbs();
    uint8_t t[kMaxM];
    const uint8_t* s = w.s;  // k x n
    if (!verify_prelude(p, msg, mlen, sig, t, w.s)) return Status::verify_failed;
    cipher::Aes128Ctx ctx;
    Status st = cipher::key_schedule_public<cipher::Aes128>(ctx, pk, p.pk_seed_bytes);
    if (st != Status::ok) return st;
    KeyStream s1(ctx, p, 0), s2(ctx, p, p.p1_vecs());

    // Row r of P = [P1 P2; 0 P3] through the bins gives (P s_i)[r] for all
    // i, folded at once: SPS[j][i] += s_j[r] (P s_i)[r].
    std::memset(w.sps, 0, sizeof(uint64_t) * size_t(k) * k * L);
    const size_t bins_bytes = sizeof(uint64_t) * size_t(k) * 16 * L;
    uint64_t row[kMaxK * kMaxL], e[kMaxL];
    auto fold_row = [&](uint32_t r) {
        std::memset(row, 0, sizeof(uint64_t) * size_t(k) * L);
        bins_flush(p, w.bins, row);
        for (uint32_t j = 0; j < k; ++j) {
            const mvec::Scalar a(s[j * n + r]);
            for (uint32_t i = 0; i < k; ++i) mvec::mul_add(w.sps + size_t(j * k + i) * L, row + i * L, a, L);
        }
    };
    for (uint32_t r = 0; r < v; ++r) {
        std::memset(w.bins, 0, bins_bytes);
        for (uint32_t c = r; c < v; ++c) {
            s1.next(e);
            bins_put(p, w.bins, e, s, c);
        }
        for (uint32_t c = 0; c < o; ++c) {
            s2.next(e);
            bins_put(p, w.bins, e, s, v + c);
        }
        fold_row(r);
    }
    const uint8_t* P3 = pk + p.pk_seed_bytes;  // upper, o(o+1)/2 packed m-vectors
    for (uint32_t r = 0; r < o; ++r) {
        std::memset(w.bins, 0, bins_bytes);
        for (uint32_t c = r; c < o; ++c, P3 += p.m_bytes()) {
            load_mvec(p, P3, e);
            bins_put(p, w.bins, e, s, v + c);
        }
        fold_row(v + r);
    }
    cipher::wipe(ctx);
    if (s1.status() != Status::ok) return s1.status();
    if (s2.status() != Status::ok) return s2.status();
    return quadratic_matches(p, w.sps, t) ? Status::ok : Status::verify_failed;
}

}  // namespace pqmcu::mayo
