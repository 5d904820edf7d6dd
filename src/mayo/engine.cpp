// SPDX-License-Identifier: Apache-2.0 OR MIT
// MAYO engine (see engine.hpp). Notation follows the MAYO specification:
// O (v x o) is the secret oil subspace, P1 (v x v, upper triangular), P2
// (v x o), P3 (o x o, upper triangular) are the m public quadratic forms,
// stored as m-vectors (one limb array per matrix entry, mvec.hpp).
//
// The bulk products go through the kernel table (kernels.hpp: portable, or
// AVX2 on x86 hosts); the steps in `detail` are shared with the streamed
// engine (engine_common.hpp, engine_stream.cpp).
#include "mayo/engine.hpp"

#include <cstring>

#include "core/secure.hpp"
#include "hash/shake.hpp"
#include "mayo/engine_common.hpp"
#include "mayo/kernels.hpp"
#include "mayo/mvec.hpp"

namespace pqmcu::mayo {
namespace detail {  // shared with the streamed engine (engine_common.hpp)

// Large secret buffers: memset and a compiler barrier (the barrier keeps
// the stores; secure_wipe's byte loop costs about a cycle per byte).
inline void wipe(void* p, size_t n) {
    std::memset(p, 0, n);
#if defined(__GNUC__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#endif
}

// ---------------------------------------------------------------- encodings

void decode_nibbles(const uint8_t* in, uint8_t* out, uint32_t count) {
    // Two elements per byte (a loop the compiler vectorizes).
    for (uint32_t j = 0; j < count / 2; ++j) {
        out[2 * j] = uint8_t(in[j] & 0xF);
        out[2 * j + 1] = uint8_t(in[j] >> 4);
    }
    if (count & 1) out[count - 1] = uint8_t(in[count >> 1] & 0xF);
}
void encode_nibbles(const uint8_t* in, uint8_t* out, uint32_t count) {
    for (uint32_t i = 0; i + 1 < count; i += 2) out[i >> 1] = uint8_t(in[i] | (in[i + 1] << 4));
    if (count & 1) out[count >> 1] = in[count - 1];
}

void load_mvec(const Params& p, const uint8_t* in, uint64_t* out) {
    if (p.layout == MvecLayout::nibbles)
        mvec::from_nibbles(in, out, p.m);
    else
        mvec::from_bitsliced(in, out, p.m);
}
void store_mvec(const Params& p, const uint64_t* in, uint8_t* out) {
    if (p.layout == MvecLayout::nibbles)
        mvec::to_nibbles(in, out, p.m);
    else
        mvec::to_bitsliced(in, out, p.m);
}

// P1 | P2 = PRF(seed_pk): AES-128-CTR keystream, one packed m-vector after
// the other, then unpacked in place from the last vector down (a vector's
// limbs never overlap the packed bytes of an earlier vector).
Status expand_p12(const Params& p, const uint8_t* seed_pk, uint64_t* P) {
    if (p.layout == MvecLayout::nibbles && kernels().keystream_limbs != nullptr)
        return kernels().keystream_limbs(seed_pk, P, p.p1_vecs() + p.p2_vecs(), p.m);  // one pass
    uint8_t* bytes = reinterpret_cast<uint8_t*>(P);
    const Status st = kernels().aes128_ctr(seed_pk, bytes, p.p12_bytes());  // pk_seed_bytes = 16
    if (st != Status::ok) return st;
    const uint32_t L = p.m_limbs(), mb = p.m_bytes();
    if (p.layout == MvecLayout::nibbles) {
        kernels().nibbles_in_place(P, p.p1_vecs() + p.p2_vecs(), p.m);
        return Status::ok;
    }
    uint8_t tmp[kMaxM / 2];
    for (uint32_t i = p.p1_vecs() + p.p2_vecs(); i-- > 0;) {
        std::memcpy(tmp, bytes + size_t(i) * mb, mb);
        load_mvec(p, tmp, P + size_t(i) * L);
    }
    secure_wipe(tmp, sizeof tmp);
    return Status::ok;
}

// S = SHAKE256(seed_sk) = seed_pk || O.
void derive_seed_pk_and_O(const Params& p, const uint8_t* seed_sk, uint8_t* seed_pk, uint8_t* O) {
    uint8_t S[16 + (kMaxN * kMaxO + 1) / 2];
    hash::shake256(S, p.pk_seed_bytes + p.O_bytes(), seed_sk, p.sk_seed_bytes);
    std::memcpy(seed_pk, S, p.pk_seed_bytes);
    ct_unpoison(seed_pk, p.pk_seed_bytes);  // seed_pk is published (pk)
    decode_nibbles(S + p.pk_seed_bytes, O, p.v() * p.o);
    wipe(S, sizeof S);
}

// ---------------------------------------------------------------- constant-time helpers

inline uint64_t ct_is_zero(uint64_t x) {  // all ones iff x == 0 (x < 2^63)
    return 0 - ((value_barrier(x) - 1) >> 63);
}

// Extended nibble vectors (m + k(k+1)/2 - 1 elements, coefficients of z^e)
// hold the columns of A and y before the reduction mod f(z).
inline constexpr uint32_t kMaxLx = (kMaxM + kMaxKK + 15) / 16 + 1;
constexpr uint32_t ext_limbs(const Params& p) { return (p.m + p.kk() + 15) / 16 + 1; }

// dst ^= src * z^sh (src: n limbs; dst has n + sh/16 + 1 limbs).
inline void shift_xor(uint64_t* dst, const uint64_t* src, uint32_t n, uint32_t sh) {
    const uint32_t q = sh / 16, r = 4 * (sh % 16);
    if (r == 0) {
        for (uint32_t w = 0; w < n; ++w) dst[w + q] ^= src[w];
        return;
    }
    // The carry stays in a register: one read-modify-write per word (two
    // per word made a store-to-load chain through dst[w + q + 1]).
    uint64_t carry = 0;
    for (uint32_t w = 0; w < n; ++w) {
        dst[w + q] ^= (src[w] << r) | carry;
        carry = src[w] >> (64 - r);
    }
    dst[n + q] ^= carry;
}

// ext (Lx limbs) reduced mod f(z) into its first m elements (the rest
// cleared): z^(m+d) = sum_t f_t z^(t+d), with t + d < m for every set, so
// one pass folds everything. `taps`: the products by f_0 .. f_4.
struct FTaps {
    mvec::Scalar f[5];
    explicit FTaps(const Params& p)
        : f{mvec::Scalar(p.f_tail[0]), mvec::Scalar(p.f_tail[1]), mvec::Scalar(p.f_tail[2]),
            mvec::Scalar(p.f_tail[3]), mvec::Scalar(p.f_tail[4])} {}
};
void reduce_ext(const Params& p, const FTaps& taps, uint64_t* ext, uint32_t Lx) {
    const uint32_t q = p.m / 16, r = 4 * (p.m % 16), Lh = (p.kk() + 15) / 16;
    uint64_t h[(kMaxKK + 15) / 16] = {0}, t[(kMaxKK + 15) / 16];  // Lh limbs: the part above z^m
    for (uint32_t w = 0; w < Lh; ++w) {
        uint64_t x = ext[q + w] >> r;
        if (r != 0 && q + w + 1 < Lx) x |= ext[q + w + 1] << (64 - r);
        h[w] = x;
    }
    ext[q] = r != 0 ? ext[q] & ((uint64_t(1) << r) - 1) : 0;
    for (uint32_t w = q + 1; w < Lx; ++w) ext[w] = 0;
    for (uint32_t i = 0; i < 5; ++i) {
        const uint8_t f = p.f_tail[i];  // public constants
        if (f == 0) continue;
        if (f == 1) {
            shift_xor(ext, h, Lh, i);
            continue;
        }
        for (uint32_t w = 0; w < Lh; ++w) t[w] = 0;
        mvec::mul_add(t, h, taps.f[i], Lh);
        shift_xor(ext, t, Lh, i);
    }
    wipe(h, sizeof h);
    wipe(t, sizeof t);
}


// x = r + a solution of A x' = y' (y' = y - A r), A given by its ko columns
// (m-vectors, stride cstride limbs; overwritten), y' an m-vector. ap: m
// packed rows of ko + 1 elements (the echelon form). x holds ko + 1
// elements (the last candidate column of the back substitution can be the
// y column; it then adds 0 to x[ko]). Returns false when A does not have
// full rank (the signer retries).
// y == nullptr: ap already holds the rows (y' in column ko; the kernel
// table's rows_of_a), cols is only scratch.
bool sample_solution(const Params& p, uint64_t* cols, uint32_t cstride, const uint64_t* y, uint64_t* ap,
                     const uint8_t* r, uint8_t* x) {
    const uint32_t m = p.m, ko = p.k * p.o, ac = p.a_cols(), W = (ac + 15) / 16, L = p.m_limbs();
    for (uint32_t i = 0; i < ko; ++i) x[i] = r[i];
    // Columns -> packed rows, by 16 x 16 blocks.
    uint64_t blk[16];
    for (uint32_t C = 0; y != nullptr && C < W; ++C)
        for (uint32_t R = 0; R < L; ++R) {
            for (uint32_t i = 0; i < 16; ++i) {
                const uint32_t c = 16 * C + i;
                blk[i] = c < ko ? cols[size_t(c) * cstride + R] : c == ko ? y[R] : 0;
            }
            mvec::transpose16(blk);
            for (uint32_t j = 0; j < 16 && 16 * R + j < m; ++j) ap[size_t(16 * R + j) * W + C] = blk[j];
        }
    kernels().echelon_form(ap, m, ac);
    uint8_t nonzero = 0;
    for (uint32_t c = 0; c < ko; ++c) nonzero |= mvec::get(ap + size_t(m - 1) * W, c);
    ct_unpoison(&nonzero, 1);  // whether to retry is public
    if (nonzero == 0) return false;
    const Kernels& kern = kernels();
    if (kern.back_substitute != nullptr && kern.back_substitute(ap, m, ko, x)) return true;  // on the rows

    // The echelon form back into columns (stride L); the last one is y.
    uint64_t* E = cols;
    for (uint32_t C = 0; C < W; ++C)
        for (uint32_t R = 0; R < L; ++R) {
            for (uint32_t j = 0; j < 16; ++j) blk[j] = 16 * R + j < m ? ap[size_t(16 * R + j) * W + C] : 0;
            mvec::transpose16(blk);
            for (uint32_t i = 0; i < 16 && 16 * C + i < ac; ++i) E[size_t(16 * C + i) * L + R] = blk[i];
        }
    wipe(blk, sizeof blk);
    uint64_t* last = E + size_t(ko) * L;
    // Back substitution: the pivot column of each row is secret, so every
    // candidate column (up to row + 32/(m-row), as in the reference) is
    // visited and only the first non-zero one takes effect. Before it, the
    // candidates add nothing, so its multiplier is y'[row] as the row
    // starts: the pivot column is selected with masks and multiplied once
    // per row (not once per candidate). The update of y' runs over whole
    // columns: below `row` the echelon form is zero in a pivot column, and
    // rows >= row are not read again.
    uint64_t sel[16];
    for (uint32_t row = m; row-- > 0;) {
        uint64_t done = 0;
        const uint8_t u = mvec::get(last, row);
        for (uint32_t w = 0; w < L; ++w) sel[w] = 0;
        const uint32_t bound = row + 32 / (m - row) < ko ? row + 32 / (m - row) : ko;
        for (uint32_t col = row; col <= bound; ++col) {
            const uint64_t* ec = E + size_t(col) * L;
            const uint64_t is_pivot = ~ct_is_zero(mvec::get(ec, row)) & ~done;
            x[col] ^= uint8_t(is_pivot & u);
            for (uint32_t w = 0; w < L; ++w) sel[w] |= is_pivot & ec[w];
            done |= is_pivot;
        }
        mvec::mul_add(last, sel, u, L);
    }
    wipe(sel, sizeof sel);
    return true;
}

// Upper(P3) (P3[r][c] + P3[c][r] above the diagonal) packed into the public key.
void store_upper_p3(const Params& p, const uint64_t* P3, uint8_t* out) {
    const uint32_t o = p.o, L = p.m_limbs();
    uint64_t u[16];
    for (uint32_t r = 0; r < o; ++r)
        for (uint32_t c = r; c < o; ++c) {
            std::memcpy(u, P3 + size_t(r * o + c) * L, 8 * size_t(L));
            if (r != c) mvec::add(u, P3 + size_t(c * o + r) * L, L);
            store_mvec(p, u, out);
            out += p.m_bytes();
        }
}

// ---------------------------------------------------------------- signing steps (both engines)

void sign_prelude(const Params& p, const uint8_t* sk, const uint8_t* digest, const uint8_t* randomizer,
                  uint8_t* buf, uint8_t* salt, uint8_t* t) {
    const uint32_t db = p.digest_bytes, sb = p.salt_bytes, skb = p.sk_seed_bytes;
    std::memcpy(buf, digest, db);
    std::memcpy(buf + db, randomizer, sb);
    std::memcpy(buf + db + sb, sk, skb);
    hash::shake256(salt, sb, buf, db + sb + skb);
    ct_unpoison(salt, sb);
    std::memcpy(buf + db, salt, sb);
    uint8_t tenc[kMaxM / 2];
    hash::shake256(tenc, p.m_bytes(), buf, db + sb);
    decode_nibbles(tenc, t, p.m);
}

void sample_vinegar(const Params& p, uint8_t* buf, uint32_t ctr, uint8_t* vd, uint8_t* r) {
    const uint32_t n_in = p.digest_bytes + p.salt_bytes + p.sk_seed_bytes;
    uint8_t V[kMaxK * ((kMaxN + 1) / 2) + (kMaxKO + 1) / 2];
    buf[n_in] = uint8_t(ctr);
    hash::shake256(V, p.k * p.v_bytes() + p.r_bytes(), buf, n_in + 1);
    for (uint32_t i = 0; i < p.k; ++i) decode_nibbles(V + i * p.v_bytes(), vd + i * p.v(), p.v());
    decode_nibbles(V + p.k * p.v_bytes(), r, p.k * p.o);
    wipe(V, sizeof V);
}

// Columns of A = sum_l z^l (M_j in block i, M_i in block j) and y = t -
// sum_l z^l u_l, as nibble vectors over z (one reduction mod f(z) per
// column), then y' = y - A r and the solution. `a` holds the ko columns of
// Lx limbs (8-byte aligned; ko * Lx * 8 <= a_bytes for every set).
bool solve_attempt(const Params& p, const uint64_t* M, const uint64_t* VPV, const uint8_t* t, const uint8_t* r,
                   uint8_t* a, uint64_t* ap, uint8_t* x) {
    const uint32_t k = p.k, o = p.o, m = p.m, L = p.m_limbs(), ko = k * o, Lx = ext_limbs(p);
    uint64_t yv[kMaxLx] = {0}, u[16];
    uint64_t* cols = reinterpret_cast<uint64_t*>(a);
    const Kernels& kern = kernels();
    if (kern.a_columns != nullptr) kern.a_columns(p, M, cols, Lx);
    else std::memset(cols, 0, sizeof(uint64_t) * size_t(ko) * Lx);
    uint32_t l = 0;
    for (uint32_t i = 0; i < k; ++i)
        for (uint32_t j = k; j-- > i; ++l) {
            if (kern.a_columns == nullptr)
                for (uint32_t c = 0; c < o; ++c) {
                    shift_xor(cols + size_t(i * o + c) * Lx, M + size_t(j * o + c) * L, L, l);
                    if (i != j) shift_xor(cols + size_t(j * o + c) * Lx, M + size_t(i * o + c) * L, L, l);
                }
            std::memcpy(u, VPV + size_t(i * k + j) * L, 8 * size_t(L));
            if (i != j) mvec::add(u, VPV + size_t(j * k + i) * L, L);
            shift_xor(yv, u, L, l);
        }
    for (uint32_t e = 0; e < m; ++e) yv[e >> 4] ^= uint64_t(t[e]) << (4 * (e & 15));  // before or after f(z)
    bool found;
    if (kern.rows_of_a != nullptr && kern.rows_of_a(p, cols, Lx, yv, r, ap)) {
        found = sample_solution(p, cols, Lx, nullptr, ap, r, x);  // rows reduced, y' = y - A r in ap
    } else {
        const FTaps taps(p);
        for (uint32_t c = 0; c < ko; ++c) reduce_ext(p, taps, cols + size_t(c) * Lx, Lx);
        reduce_ext(p, taps, yv, Lx);
        // y' = y - A r
        for (uint32_t c = 0; c < ko; ++c) mvec::mul_add(yv, cols + size_t(c) * Lx, r[c], L);
        found = sample_solution(p, cols, Lx, yv, ap, r, x);
    }
    wipe(yv, sizeof yv);
    wipe(u, sizeof u);
    return found;
}

void encode_signature(const Params& p, const uint8_t* vd, const uint8_t* O, const uint8_t* x, const uint8_t* salt,
                      uint8_t* s, uint8_t* sig) {
    const uint32_t k = p.k, o = p.o, n = p.n, v = p.v(), Lv = (v + 15) / 16;
    // s_i = (v_i + O x_i, x_i), with v_i and the columns of O as nibble vectors
    uint64_t Oc[kMaxO][(kMaxV + 15) / 16] = {}, si[(kMaxV + 15) / 16];  // v limbs
    for (uint32_t rr = 0; rr < v; ++rr)
        for (uint32_t c = 0; c < o; ++c) Oc[c][rr >> 4] |= uint64_t(O[rr * o + c]) << (4 * (rr & 15));
    // v and o even (MAYO-1, -3, -5 and their round-1 sets): s_i starts on a
    // byte, and its two parts are written packed as they are (no element
    // bytes in between).
    const bool packed = (v % 2 == 0) && (o % 2 == 0);
    for (uint32_t i = 0; i < k; ++i) {
        // v_i as limbs: its packed nibbles (an odd v leaves a zero high nibble)
        for (uint32_t w = 0; w < Lv; ++w) si[w] = 0;
        encode_nibbles(vd + size_t(i) * v, reinterpret_cast<uint8_t*>(si), v);
        for (uint32_t c = 0; c < o; ++c) mvec::mul_add(si, Oc[c], x[i * o + c], Lv);
        if (packed) {
            uint8_t* row = sig + size_t(i) * (n / 2);
            std::memcpy(row, si, v / 2);
            encode_nibbles(x + i * o, row + v / 2, o);
            continue;
        }
        decode_nibbles(reinterpret_cast<const uint8_t*>(si), s + size_t(i) * n, v);
        std::memcpy(s + size_t(i) * n + v, x + i * o, o);
    }
    wipe(Oc, sizeof Oc);
    wipe(si, sizeof si);
    if (packed) {
        ct_unpoison(sig, p.s_bytes());
    } else {
        ct_unpoison(s, size_t(k) * n);
        encode_nibbles(s, sig, k * n);
    }
    std::memcpy(sig + p.s_bytes(), salt, p.salt_bytes);
}

// ---------------------------------------------------------------- verification steps (both engines)

bool verify_prelude(const Params& p, const uint8_t* digest, const uint8_t* sig, uint8_t* t, uint8_t* s) {
    const uint32_t k = p.k, n = p.n, db = p.digest_bytes, sb = p.salt_bytes;
    // An odd number of signature nibbles leaves a padding nibble: it must be 0.
    if (((k * n) & 1) && (sig[(k * n) >> 1] >> 4) != 0) return false;
    uint8_t buf[kMaxDigest + kMaxSalt];
    std::memcpy(buf, digest, db);
    std::memcpy(buf + db, sig + p.s_bytes(), sb);
    uint8_t tenc[kMaxM / 2];
    hash::shake256(tenc, p.m_bytes(), buf, db + sb);
    decode_nibbles(tenc, t, p.m);
    decode_nibbles(sig, s, k * n);
    return true;
}

// y = sum_l z^l u_l (u_l = SPS[i][j] + SPS[j][i], SPS[i][i] on the
// diagonal; l counting (i, j) for i = 0.., j = k-1 down to i) as a nibble
// vector over z, reduced mod f(z) once, compared with t. All public.
bool quadratic_matches(const Params& p, const uint64_t* SPS, const uint8_t* t) {
    const uint32_t k = p.k, L = p.m_limbs(), Lx = ext_limbs(p);
    uint64_t yv[kMaxLx] = {0};  // (no u_l copy: the streamed verify's stack peak is here)
    uint32_t l = 0;
    for (uint32_t i = 0; i < k; ++i)
        for (uint32_t j = k; j-- > i; ++l) {
            shift_xor(yv, SPS + size_t(i * k + j) * L, L, l);
            if (i != j) shift_xor(yv, SPS + size_t(j * k + i) * L, L, l);
        }
    reduce_ext(p, FTaps(p), yv, Lx);
    for (uint32_t e = 0; e < p.m; ++e) yv[e >> 4] ^= uint64_t(t[e]) << (4 * (e & 15));
    uint64_t diff = 0;
    for (uint32_t w = 0; w < L; ++w) diff |= yv[w];  // reduce_ext cleared the elements >= m
    return diff == 0;
}

}  // namespace detail
using namespace detail;

// ---------------------------------------------------------------- key generation

Status keypair_from_seed(const Params& p, const uint8_t* seed_sk, uint8_t* pk, uint8_t* sk, const Work& w) {
    const uint32_t v = p.v(), o = p.o, L = p.m_limbs();
    uint8_t seed_pk[16];
    derive_seed_pk_and_O(p, seed_sk, seed_pk, w.O);
    Status st = expand_p12(p, seed_pk, w.p);
    if (st != Status::ok) {
        wipe(w.O, size_t(v) * o);  // the secret oil matrix, in the caller's workspace
        return st;
    }
    const uint64_t* P1 = w.p;
    uint64_t* P2 = w.p + size_t(p.p1_vecs()) * L;

    // P2 <- P1 O + P2, P3 = O^T (P1 O + P2)
    std::memset(w.p3, 0, sizeof(uint64_t) * size_t(o) * o * L);
    kernels().keygen_products(p, P1, P2, w.O, w.p3);
    // pk = seed_pk || Upper(P3)
    std::memcpy(pk, seed_pk, p.pk_seed_bytes);
    store_upper_p3(p, w.p3, pk + p.pk_seed_bytes);
    std::memmove(sk, seed_sk, p.sk_seed_bytes);
    wipe(w.O, size_t(v) * o);
    wipe(P2, sizeof(uint64_t) * size_t(p.p2_vecs()) * L);
    wipe(w.p3, sizeof(uint64_t) * size_t(o) * o * L);
    return Status::ok;
}

// ---------------------------------------------------------------- signing

Status expand_secret_key(const Params& p, const uint8_t* sk, uint64_t* P1L, uint8_t* O) {
    const uint32_t v = p.v(), o = p.o, L = p.m_limbs();
    // O, P1 and L = (P1 + P1^T) O + P2 (in place of P2).
    uint8_t seed_pk[16];
    derive_seed_pk_and_O(p, sk, seed_pk, O);
    const Status st = expand_p12(p, seed_pk, P1L);
    if (st != Status::ok) return st;
    kernels().sym_times(P1L, v, O, o, 1, o, P1L + size_t(p.p1_vecs()) * L, L);
    return Status::ok;
}

namespace {

// The signing core. with_L: P12 = P1 | L (expanded key), M_i = v_i^T L.
// Otherwise P12 = P1 | P2 (compact key, L never formed): with S = (P1 +
// P1^T) V^T, M_i = S_i^T O + v_i^T P2 (one more pass over P1 with k
// scalars instead of two with o: cheaper for one signature).
// packed: P12 holds P1 | P2 as the keystream gave them (compact key, the
// kernel table's sign_products_packed).
Status sign_core(const Params& p, const uint8_t* sk, const uint64_t* P12, bool with_L, bool packed, const uint8_t* O,
                 const uint8_t* digest, const uint8_t* randomizer, uint8_t* sig, const Work& w) {
    const uint32_t v = p.v(), o = p.o, k = p.k, n = p.n, m = p.m, L = p.m_limbs(), ko = k * o;
    const Kernels& kern = kernels();
    const uint64_t* P1 = P12;
    const uint64_t* Lm = P12 + size_t(p.p1_vecs()) * L;  // L, or P2
    Status st = Status::ok;

    // digest || salt || seed_sk || ctr
    uint8_t buf[kMaxDigest + kMaxSalt + kMaxSkSeed + 1];
    uint8_t salt[kMaxSalt], t[kMaxM];
    sign_prelude(p, sk, digest, randomizer, buf, salt, t);

    uint64_t* M = w.scratch;                      // k x o
    uint64_t* Pv = M + size_t(ko) * L;            // v x k: P1 v_i
    uint64_t* VPV = Pv + size_t(v) * k * L;       // k x k: v_i^T P1 v_j
    uint8_t r[kMaxKO], x[kMaxKO + 1];  // x: the back substitution may touch x[ko] (with 0)
    uint8_t* vd = w.vs;  // k x v
    bool found = false;
    for (uint32_t ctr = 0; ctr <= 255 && !found; ++ctr) {
        sample_vinegar(p, buf, ctr, vd, r);
        std::memset(w.scratch, 0, sizeof(uint64_t) * (size_t(ko) + size_t(v) * k + size_t(k) * k) * L);
        // M_i = v_i^T L, P1 v_i, v_j^T P1 v_i (kernels.hpp). Without L, Pv
        // ends as S = (P1 + P1^T) V^T; VPV stays as computed: the fold only
        // uses VPV[i][j] + VPV[j][i]. Mt: o x k scratch in A's space (free
        // until A is built).
        if (packed)
            kern.sign_products_packed(p, reinterpret_cast<const uint8_t*>(P12), O, vd, M, Pv, VPV,
                                      reinterpret_cast<uint64_t*>(w.a));
        else
            kern.sign_products(p, P1, Lm, with_L, O, vd, M, Pv, VPV, reinterpret_cast<uint64_t*>(w.a));
        found = solve_attempt(p, M, VPV, t, r, w.a, w.ap, x);
    }
    if (!found)
        st = Status::internal_error;  // probability about 2^-(256*(k*o-m)*4) per message
    else
        encode_signature(p, vd, O, x, salt, w.a /* k x n, reuses A */, sig);

    wipe(buf, sizeof buf);
    wipe(r, sizeof r);
    wipe(x, sizeof x);
    wipe(w.scratch, sizeof(uint64_t) * (size_t(ko) + size_t(v) * k + size_t(k) * k) * L);
    wipe(w.a, size_t(m + p.kk()) * p.a_cols());
    wipe(w.ap, sizeof(uint64_t) * size_t(m) * ((p.a_cols() + 15) / 16));
    wipe(w.vs, size_t(k) * n);
    return st;
}

}  // namespace

Status sign_expanded(const Params& p, const uint8_t* sk, const uint64_t* P1L, const uint8_t* O, const uint8_t* digest,
                     const uint8_t* randomizer, uint8_t* sig, const Work& w) {
    return sign_core(p, sk, P1L, true, false, O, digest, randomizer, sig, w);
}

Status sign_with(const Params& p, const uint8_t* sk, const uint8_t* digest, const uint8_t* randomizer,
                 uint8_t* sig, const Work& w) {
    // Compact key: O and P1 | P2 only (L would cost more than it saves for
    // one signature).
    uint8_t seed_pk[16];
    derive_seed_pk_and_O(p, sk, seed_pk, w.O);
    const Kernels& kern = kernels();
    Status st;
    // Packed P1 | P2 (no unpacking) where it measured faster: one 32-byte
    // chunk per m-vector (MAYO-1, MAYO-2: -4 %). With two or three chunks
    // (MAYO-3, MAYO-5) the unaligned 54- / 71-byte vectors made the
    // products ~30 % slower than limbs (keystream_limbs writes them).
    if (p.layout == MvecLayout::nibbles && kern.sign_products_packed != nullptr && p.m_limbs() <= 5) {
        // P1 | P2 used as packed by the keystream (w.p holds p_limbs words,
        // far more than p12_bytes + 8).
        st = kern.aes128_ctr(seed_pk, reinterpret_cast<uint8_t*>(w.p), p.p12_bytes());
        if (st == Status::ok) st = sign_core(p, sk, w.p, false, true, w.O, digest, randomizer, sig, w);
    } else {
        st = expand_p12(p, seed_pk, w.p);
        if (st == Status::ok) st = sign_core(p, sk, w.p, false, false, w.O, digest, randomizer, sig, w);
    }
    // w.p holds P1 | P2, a function of the public seed_pk: not wiped (up to
    // 122 KB for MAYO-5). O is secret.
    wipe(w.O, size_t(p.v()) * p.o);
    return st;
}

// ---------------------------------------------------------------- verification

Status expand_public_key(const Params& p, const uint8_t* pk, uint64_t* P, uint64_t* P3) {
    const Status st = expand_p12(p, pk, P);
    if (st != Status::ok) return st;
    for (uint32_t i = 0; i < p.p3_vecs(); ++i)
        load_mvec(p, pk + p.pk_seed_bytes + size_t(i) * p.m_bytes(), P3 + size_t(i) * p.m_limbs());
    return Status::ok;
}

namespace {

// packed: P holds P1 | P2 as the keystream gave them (nibbles layout), and
// P3 is read through p_times_s_packed (bytes of limbs, 8L per vector).
Status verify_core(const Params& p, const uint64_t* P, bool packed, const uint8_t* P3, const uint8_t* digest,
                   const uint8_t* sig, const Work& w) {
    const uint32_t k = p.k, n = p.n, L = p.m_limbs();
    const Kernels& kern = kernels();
    uint8_t t[kMaxM];
    uint8_t* s = w.vs;  // k x n
    if (!verify_prelude(p, digest, sig, t, s)) return Status::verify_failed;

    uint64_t* PS = w.scratch;                 // n x k: P s_i
    uint64_t* SPS = PS + size_t(n) * k * L;   // k x k
    if (packed) {  // overwrites PS and adds S PS to SPS with the same tables
        std::memset(SPS, 0, sizeof(uint64_t) * size_t(k) * k * L);
        kern.p_times_s_packed(p, reinterpret_cast<const uint8_t*>(P), P3, s, PS, SPS);
    } else {
        std::memset(w.scratch, 0, sizeof(uint64_t) * (size_t(n) * k + size_t(k) * k) * L);
        kern.p_times_s(p, P, P + size_t(p.p1_vecs()) * L, reinterpret_cast<const uint64_t*>(P3), s, PS);
        kern.scalars_times(s, n, 1, k, n, PS, k, SPS, L);
    }
    return quadratic_matches(p, SPS, t) ? Status::ok : Status::verify_failed;
}

}  // namespace

Status verify_expanded(const Params& p, const uint64_t* P, const uint64_t* P3, const uint8_t* digest, const uint8_t* sig, const Work& w) {
    return verify_core(p, P, false, reinterpret_cast<const uint8_t*>(P3), digest, sig, w);
}

Status verify(const Params& p, const uint8_t* pk, const uint8_t* digest, const uint8_t* sig,
              const Work& w) {
    // An odd number of signature nibbles leaves a padding nibble: it must be 0
    // (checked before the expansion; verify_core checks it again).
    if (((p.k * p.n) & 1) && (sig[(p.k * p.n) >> 1] >> 4) != 0) return Status::verify_failed;
    const Kernels& kern = kernels();
    if (p.layout == MvecLayout::nibbles && kern.p_times_s_packed != nullptr) {
        // P1 | P2 used as packed by the keystream (w.p holds p_limbs words,
        // far more than p12_bytes + 8).
        const Status st = kern.aes128_ctr(pk, reinterpret_cast<uint8_t*>(w.p), p.p12_bytes());
        if (st != Status::ok) return st;
        // Upper(P3) as limbs: pk's own vectors when they are limbs already
        // (m/2 = 8L: MAYO-2), else one copy unpacked in place (w.p3 holds
        // o*o vectors of limbs).
        const uint8_t* P3 = pk + p.pk_seed_bytes;
        if (p.m_bytes() != 8 * p.m_limbs()) {
            std::memcpy(w.p3, P3, size_t(p.p3_vecs()) * p.m_bytes());
            kern.nibbles_in_place(w.p3, p.p3_vecs(), p.m);
            P3 = reinterpret_cast<const uint8_t*>(w.p3);
        }
        return verify_core(p, w.p, true, P3, digest, sig, w);
    }
    const Status st = expand_public_key(p, pk, w.p, w.p3);
    if (st != Status::ok) return st;
    return verify_expanded(p, w.p, w.p3, digest, sig, w);
}

}  // namespace pqmcu::mayo
