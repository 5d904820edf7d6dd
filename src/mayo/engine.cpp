// MAYO engine (see engine.hpp). Notation follows the MAYO specification:
// O (v x o) is the secret oil subspace, P1 (v x v, upper triangular), P2
// (v x o), P3 (o x o, upper triangular) are the m public quadratic forms,
// stored as m-vectors (one limb array per matrix entry, mvec.hpp).
#include "mayo/engine.hpp"

#include <bit>
#include <cstring>

#include "mayo/engine_common.hpp"

#include "cipher/modes.hpp"
#include "core/secure.hpp"
#include "hash/shake.hpp"
#include "mayo/mvec.hpp"

namespace pqmcu::mayo {
namespace detail {  // shared with the streamed engine (engine_common.hpp)

inline uint8_t mul(uint8_t a, uint8_t b) { return mvec::mul1(a, b); }
// Limbs read as little-endian 32-bit words (no 64-bit shifts on the M4).
using word32_alias = uint32_t __attribute__((may_alias));
static_assert(std::endian::native == std::endian::little, "limbs read as 32-bit words");

// ---------------------------------------------------------------- encodings

void decode_nibbles(const uint8_t* in, uint8_t* out, uint32_t count) {
    for (uint32_t i = 0; i < count; ++i) out[i] = uint8_t((in[i >> 1] >> (4 * (i & 1))) & 0xF);
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
    uint8_t* bytes = reinterpret_cast<uint8_t*>(P);
    const Status st = cipher::aes128_ctr(seed_pk, p.pk_seed_bytes, bytes, p.p12_bytes());
    if (st != Status::ok) return st;
    const uint32_t L = p.m_limbs(), mb = p.m_bytes();
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
    secure_wipe(S, sizeof S);
}

// y_ext (m + k(k+1)/2 elements) += sum_l z^l u_l, u_l = U[i][j] + U[j][i]
// (U[i][i] on the diagonal), l counting (i, j) for i = 0.., j = k-1 down to i;
// then reduced mod f(z) into the first m elements.
void reduce_rows(const Params& p, uint8_t* rows, size_t stride, uint32_t width);
// dst[e * stride] ^= element e of v, e < m.
void xor_elements_strided(const uint64_t* v, uint32_t m, uint8_t* dst, size_t stride);

void fold_quadratic(const Params& p, const uint64_t* U, uint8_t* y_ext) {
    const uint32_t k = p.k, L = p.m_limbs();
    uint64_t u[16];
    uint32_t l = 0;
    for (uint32_t i = 0; i < k; ++i) {
        for (uint32_t j = k; j-- > i;) {
            std::memcpy(u, U + size_t(i * k + j) * L, 8 * size_t(L));
            if (i != j) mvec::add(u, U + size_t(j * k + i) * L, L);
            xor_elements_strided(u, p.m, y_ext + l, 1);
            ++l;
        }
    }
    reduce_rows(p, y_ext, 1, 1);
    secure_wipe(u, sizeof u);
}

// Rows m .. m + kk - 2 of a (m + kk)-row matrix folded onto the first rows:
// z^(m+d) = sum_t f_t z^(t+d) mod f(z). `width` columns, row stride `stride`.
// Four elements (one per byte) times a PUBLIC constant f: carry-less
// products per byte (at most 7 bits, no carry between bytes), then x^4 = x + 1.
inline uint32_t mul4_by_public(uint32_t x, uint32_t f) {
    const uint32_t b = 0x01010101u;
    const uint32_t p = ((x & b) * f) ^ (((x >> 1) & b) * (f << 1)) ^ (((x >> 2) & b) * (f << 2)) ^
                       (((x >> 3) & b) * (f << 3));
    const uint32_t top = p & 0x70707070u;
    return (p ^ (top >> 4) ^ (top >> 3)) & 0x0F0F0F0Fu;
}

void reduce_rows(const Params& p, uint8_t* rows, size_t stride, uint32_t width) {
    for (uint32_t r = p.m + p.kk() - 1; r-- > p.m;) {
        uint8_t* src = rows + size_t(r) * stride;
        for (uint32_t t = 0; t < 5; ++t) {
            const uint8_t f = p.f_tail[t];
            if (f == 0) continue;  // public constant
            uint8_t* dst = rows + size_t(r - p.m + t) * stride;
            uint32_t c = 0;
            for (; c + 4 <= width; c += 4) {
                uint32_t x, d;
                std::memcpy(&x, src + c, 4);
                std::memcpy(&d, dst + c, 4);
                d ^= mul4_by_public(x, f);
                std::memcpy(dst + c, &d, 4);
            }
            for (; c < width; ++c) dst[c] ^= mul(src[c], f);
        }
        for (uint32_t c = 0; c < width; ++c) src[c] = 0;
    }
}

// ---------------------------------------------------------------- constant-time helpers

inline uint64_t ct_is_zero(uint64_t x) {  // all ones iff x == 0 (x < 2^63)
    return 0 - ((value_barrier(x) - 1) >> 63);
}
inline uint64_t ct_eq(uint32_t a, uint32_t b) { return ct_is_zero(uint64_t(a ^ b)); }
inline uint64_t ct_gt(uint32_t a, uint32_t b) {  // all ones iff a > b
    return 0 - ((uint64_t(value_barrier(b)) - uint64_t(a)) >> 63);
}

// Element e of packed limbs through a 32-bit word (no 64-bit shift on the M4).
inline uint8_t get_elem(const uint64_t* v, uint32_t e) {
    const word32_alias* w = reinterpret_cast<const word32_alias*>(v);
    return uint8_t((w[e >> 3] >> (4 * (e & 7))) & 0xF);
}

// Row echelon form of the nrows x ncols matrix ap (packed rows of W words),
// pivots scaled to 1, in constant time: the pivot row index is never used
// as a branch or an address. The search windows (pivot rows between
// pc + nrows - ncols and pc, candidates at most 32 rows further) are those
// of the reference implementation, so the rare matrices where they matter
// are treated identically.
void echelon_form(uint64_t* ap, uint32_t nrows, uint32_t ncols) {
    const uint32_t W = (ncols + 15) / 16;
    uint64_t prow[(kMaxKO + 1 + 15) / 16], prow2[(kMaxKO + 1 + 15) / 16];
    uint32_t pivot_row = 0;
    for (uint32_t pc = 0; pc < ncols; ++pc) {
        const uint32_t lo = pc + nrows > ncols ? pc + nrows - ncols : 0;
        const uint32_t hi = pc < nrows - 1 ? pc : nrows - 1;
        const uint32_t search_end = hi + 32 < nrows - 1 ? hi + 32 : nrows - 1;
        for (uint32_t i = 0; i < W; ++i) prow[i] = prow2[i] = 0;
        uint64_t pivot_zero = ~uint64_t(0);
        uint8_t pivot = 0;
        for (uint32_t row = lo; row <= search_end; ++row) {
            const uint64_t take = ct_eq(row, pivot_row) | (ct_gt(row, pivot_row) & pivot_zero);
            const uint64_t* src = ap + size_t(row) * W;
            for (uint32_t i = 0; i < W; ++i) prow[i] ^= take & src[i];
            pivot = get_elem(prow, pc);
            pivot_zero = ct_is_zero(pivot);
        }
        mvec::mul_add(prow2, prow, field::gf16::inv(pivot), W);
        for (uint32_t row = lo; row <= hi; ++row) {
            const uint64_t put = ct_eq(row, pivot_row) & ~pivot_zero;
            uint64_t* dst = ap + size_t(row) * W;
            for (uint32_t i = 0; i < W; ++i) dst[i] = (dst[i] & ~put) | (prow2[i] & put);
        }
        for (uint32_t row = lo; row < nrows; ++row) {
            uint64_t* dst = ap + size_t(row) * W;
            const uint8_t e = uint8_t(get_elem(dst, pc) & ct_gt(row, pivot_row));
            mvec::mul_add(dst, prow2, e, W);
        }
        pivot_row += uint32_t(1 & ~pivot_zero);
    }
    secure_wipe(prow, sizeof prow);
    secure_wipe(prow2, sizeof prow2);
}

// x = r + a solution of A x' = y - A r (A: m x ko in a, stride ko + 1).
// x holds ko + 1 elements (the last candidate column of the back
// substitution can be the y column; it then adds 0 to x[ko]).
// Returns false when A does not have full rank (the signer retries).
bool sample_solution(const Params& p, uint8_t* a, uint64_t* ap, const uint8_t* y, const uint8_t* r, uint8_t* x) {
    const uint32_t m = p.m, ko = p.k * p.o, ac = p.a_cols(), W = (ac + 15) / 16;
    for (uint32_t i = 0; i < ko; ++i) x[i] = r[i];
    // A r four elements (bytes) at a time: rx[b] = r * x^b bytewise, then
    // a * r = XOR over b of (bit b of a ? rx[b] : 0), the masks by
    // multiplying 0/1 bytes by 0xFF (no carries).
    constexpr uint32_t kB = 0x01010101u;
    const uint32_t nw = ko / 4;
    uint32_t rx[4][kMaxKO / 4];
    for (uint32_t w = 0; w < nw; ++w) {
        uint32_t v;
        std::memcpy(&v, r + 4 * w, 4);
        for (uint32_t b = 0; b < 4; ++b, v = ((v << 1) & 0x0E0E0E0Eu) ^ (((v >> 3) & kB) * 3u)) rx[b][w] = v;
    }
    for (uint32_t row = 0; row < m; ++row) {
        uint8_t* ar = a + size_t(row) * ac;
        uint32_t acc4 = 0;
        for (uint32_t w = 0; w < nw; ++w) {
            uint32_t e;
            std::memcpy(&e, ar + 4 * w, 4);
            acc4 ^= ((e & kB) * 0xFFu & rx[0][w]) ^ (((e >> 1) & kB) * 0xFFu & rx[1][w]) ^
                    (((e >> 2) & kB) * 0xFFu & rx[2][w]) ^ (((e >> 3) & kB) * 0xFFu & rx[3][w]);
        }
        acc4 ^= acc4 >> 16;
        uint8_t acc = uint8_t(y[row] ^ acc4 ^ (acc4 >> 8));
        for (uint32_t c = 4 * nw; c < ko; ++c) acc ^= mul(ar[c], r[c]);
        ar[ko] = acc;
        word32_alias* pr = reinterpret_cast<word32_alias*>(ap + size_t(row) * W);  // as LE words
        for (uint32_t i = 0; i < 2 * W; ++i) pr[i] = 0;
        for (uint32_t c = 0; c < ac; ++c) pr[c >> 3] |= uint32_t(ar[c]) << (4 * (c & 7));
    }
    secure_wipe(rx, sizeof rx);
    echelon_form(ap, m, ac);
    for (uint32_t row = 0; row < m; ++row) {
        const word32_alias* pr = reinterpret_cast<const word32_alias*>(ap + size_t(row) * W);
        for (uint32_t c = 0; c < ac; ++c) a[size_t(row) * ac + c] = uint8_t((pr[c >> 3] >> (4 * (c & 7))) & 0xF);
    }
    uint8_t nonzero = 0;
    for (uint32_t c = 0; c < ko; ++c) nonzero |= a[size_t(m - 1) * ac + c];
    ct_unpoison(&nonzero, 1);  // whether to retry is public
    if (nonzero == 0) return false;

    // Back substitution: the pivot column of each row is secret, so every
    // candidate column (up to row + 32/(m-row), as in the reference) is
    // visited and only the first non-zero one takes effect.
    for (uint32_t row = m; row-- > 0;) {
        uint8_t done = 0;
        const uint32_t bound = row + 32 / (m - row) < ko ? row + 32 / (m - row) : ko;
        for (uint32_t col = row; col <= bound; ++col) {
            const uint8_t is_pivot = uint8_t(~ct_is_zero(a[size_t(row) * ac + col])) & uint8_t(~done);
            const uint8_t u = uint8_t(is_pivot & a[size_t(row) * ac + ac - 1]);
            x[col] ^= u;
            for (uint32_t i = 0; i < row; ++i) a[size_t(i) * ac + ac - 1] ^= mul(u, a[size_t(i) * ac + col]);
            done |= is_pivot;
        }
    }
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

void sign_prelude(const Params& p, const uint8_t* sk, const uint8_t* msg, size_t mlen, const uint8_t* randomizer,
                  uint8_t* buf, uint8_t* salt, uint8_t* t) {
    const uint32_t db = p.digest_bytes, sb = p.salt_bytes, skb = p.sk_seed_bytes;
    hash::shake256(buf, db, msg, mlen);
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
    secure_wipe(V, sizeof V);
}

// dst[e * stride] ^= element e of the m-vector v, e < m (nibbles read from
// 32-bit halves: no 64-bit shifts on the M4). The limbs are read as
// little-endian words and dst advanced by pointer: one shift, one load and
// one store per element (this runs 2 m k(k+1)/2 o times per attempt).
void xor_elements_strided(const uint64_t* v, uint32_t m, uint8_t* dst, size_t stride) {
    const word32_alias* w32 = reinterpret_cast<const word32_alias*>(v);
    uint32_t e0 = 0;
    for (; e0 + 8 <= m; e0 += 8) {
        const uint32_t w = w32[e0 / 8];
#pragma GCC unroll 8
        for (uint32_t e = 0; e < 8; ++e, dst += stride) *dst ^= uint8_t((w >> (4 * e)) & 0xF);
    }
    for (uint32_t w = e0 < m ? w32[e0 / 8] : 0; e0 < m; ++e0, dst += stride, w >>= 4) *dst ^= uint8_t(w & 0xF);
}

bool solve_attempt(const Params& p, const uint64_t* M, const uint64_t* VPV, const uint8_t* t, const uint8_t* r,
                   uint8_t* a, uint64_t* ap, uint8_t* x) {
    const uint32_t k = p.k, o = p.o, m = p.m, L = p.m_limbs(), ko = k * o;
    // y = t - sum_l z^l u_l
    uint8_t y[kMaxM + kMaxKK] = {0};
    fold_quadratic(p, VPV, y);
    for (uint32_t e = 0; e < m; ++e) y[e] ^= t[e];

    // A = sum_l z^l (M_j in block i, M_i in block j), reduced mod f(z)
    const uint32_t ac = p.a_cols();
    std::memset(a, 0, size_t(m + p.kk()) * ac);
    uint32_t l = 0;
    for (uint32_t i = 0; i < k; ++i)
        for (uint32_t j = k; j-- > i;) {
            for (uint32_t c = 0; c < o; ++c) {
                uint8_t* rows = a + size_t(l) * ac;
                xor_elements_strided(M + size_t(j * o + c) * L, m, rows + i * o + c, ac);
                if (i != j) xor_elements_strided(M + size_t(i * o + c) * L, m, rows + j * o + c, ac);
            }
            ++l;
        }
    reduce_rows(p, a, ac, ko);
    const bool found = sample_solution(p, a, ap, y, r, x);
    secure_wipe(y, sizeof y);
    return found;
}

void encode_signature(const Params& p, const uint8_t* vd, const uint8_t* O, const uint8_t* x, const uint8_t* salt,
                      uint8_t* s, uint8_t* sig) {
    const uint32_t k = p.k, o = p.o, n = p.n, v = p.v();
    for (uint32_t i = 0; i < k; ++i) {
        uint8_t* si = s + size_t(i) * n;
        for (uint32_t rr = 0; rr < v; ++rr) {
            uint8_t acc = vd[i * v + rr];
            for (uint32_t c = 0; c < o; ++c) acc ^= mul(O[rr * o + c], x[i * o + c]);
            si[rr] = acc;
        }
        std::memcpy(si + v, x + i * o, o);
    }
    ct_unpoison(s, size_t(k) * n);
    encode_nibbles(s, sig, k * n);
    std::memcpy(sig + p.s_bytes(), salt, p.salt_bytes);
}

// ---------------------------------------------------------------- verification steps (both engines)

bool verify_prelude(const Params& p, const uint8_t* msg, size_t mlen, const uint8_t* sig, uint8_t* t, uint8_t* s) {
    const uint32_t k = p.k, n = p.n, db = p.digest_bytes, sb = p.salt_bytes;
    // An odd number of signature nibbles leaves a padding nibble: it must be 0.
    if (((k * n) & 1) && (sig[(k * n) >> 1] >> 4) != 0) return false;
    uint8_t buf[kMaxDigest + kMaxSalt];
    hash::shake256(buf, db, msg, mlen);
    std::memcpy(buf + db, sig + p.s_bytes(), sb);
    uint8_t tenc[kMaxM / 2];
    hash::shake256(tenc, p.m_bytes(), buf, db + sb);
    decode_nibbles(tenc, t, p.m);
    decode_nibbles(sig, s, k * n);
    return true;
}

bool quadratic_matches(const Params& p, const uint64_t* SPS, const uint8_t* t) {
    uint8_t y[kMaxM + kMaxKK] = {0};
    fold_quadratic(p, SPS, y);
    uint8_t diff = 0;
    for (uint32_t e = 0; e < p.m; ++e) diff |= uint8_t(y[e] ^ t[e]);
    return diff == 0;
}

// s is public, so every entry P[r][c] of a row is added into bin s_i[c]
// (no multiplication), and the row ends with sum_a a * bin_a = G0 + x G1 +
// x^2 G2 + x^3 G3, G_b the sum of the bins whose index has bit b set.
void bins_put(const Params& p, uint64_t* bins, const uint64_t* entry, const uint8_t* s, uint32_t col) {
    const uint32_t L = p.m_limbs();
    for (uint32_t i = 0; i < p.k; ++i) mvec::add(bins + (size_t(i) * 16 + s[i * p.n + col]) * L, entry, L);
}
void bins_flush(const Params& p, const uint64_t* bins, uint64_t* out) {
    const uint32_t L = p.m_limbs();
    const mvec::Scalar x1(2), x2(4), x3(8);
    for (uint32_t i = 0; i < p.k; ++i) {
        const uint64_t* b = bins + size_t(i) * 16 * L;
        uint64_t g[4][9] = {};
        for (uint32_t a = 1; a < 16; ++a)
            for (uint32_t bit = 0; bit < 4; ++bit)
                if ((a >> bit) & 1) mvec::add(g[bit], b + size_t(a) * L, L);
        uint64_t* o = out + size_t(i) * L;
        mvec::add(o, g[0], L);
        mvec::mul_add(o, g[1], x1, L);
        mvec::mul_add(o, g[2], x2, L);
        mvec::mul_add(o, g[3], x3, L);
    }
}

}  // namespace detail
using namespace detail;

// ---------------------------------------------------------------- key generation

Status keypair_from_seed(const Params& p, const uint8_t* seed_sk, uint8_t* pk, uint8_t* sk, const Work& w) {
    const uint32_t v = p.v(), o = p.o, L = p.m_limbs();
    uint8_t seed_pk[16];
    derive_seed_pk_and_O(p, seed_sk, seed_pk, w.O);
    Status st = expand_p12(p, seed_pk, w.p);
    if (st != Status::ok) return st;
    const uint64_t* P1 = w.p;
    uint64_t* P2 = w.p + size_t(p.p1_vecs()) * L;

    // P2 <- P1 O + P2
    size_t idx = 0;
    for (uint32_t r = 0; r < v; ++r)
        for (uint32_t c = r; c < v; ++c, ++idx)
            for (uint32_t j = 0; j < o; ++j) mvec::mul_add(P2 + size_t(r * o + j) * L, P1 + idx * L, w.O[c * o + j], L);
    // P3 = O^T (P1 O + P2)
    std::memset(w.p3, 0, sizeof(uint64_t) * size_t(o) * o * L);
    for (uint32_t j = 0; j < v; ++j)
        for (uint32_t r = 0; r < o; ++r) {
            const mvec::Scalar a(w.O[j * o + r]);
            for (uint32_t c = 0; c < o; ++c) mvec::mul_add(w.p3 + size_t(r * o + c) * L, P2 + size_t(j * o + c) * L, a, L);
        }
    std::memcpy(pk, seed_pk, p.pk_seed_bytes);
    store_upper_p3(p, w.p3, pk + p.pk_seed_bytes);
    std::memmove(sk, seed_sk, p.sk_seed_bytes);
    secure_wipe(w.O, size_t(v) * o);
    secure_wipe(P2, sizeof(uint64_t) * size_t(p.p2_vecs()) * L);
    secure_wipe(w.p3, sizeof(uint64_t) * size_t(o) * o * L);
    return Status::ok;
}

// ---------------------------------------------------------------- signing

Status sign_with(const Params& p, const uint8_t* sk, const uint8_t* msg, size_t mlen, const uint8_t* randomizer,
                 uint8_t* sig, const Work& w) {
    const uint32_t v = p.v(), o = p.o, k = p.k, n = p.n, m = p.m, L = p.m_limbs(), ko = k * o;

    // Expanded secret key: O, P1 and L = (P1 + P1^T) O + P2 (in place of P2).
    uint8_t seed_pk[16];
    derive_seed_pk_and_O(p, sk, seed_pk, w.O);
    Status st = expand_p12(p, seed_pk, w.p);
    if (st != Status::ok) return st;
    const uint64_t* P1 = w.p;
    uint64_t* Lm = w.p + size_t(p.p1_vecs()) * L;
    size_t idx = 0;
    for (uint32_t r = 0; r < v; ++r)
        for (uint32_t c = r; c < v; ++c, ++idx) {
            if (c == r) continue;  // the diagonal of P1 + P1^T is zero
            for (uint32_t j = 0; j < o; ++j) {
                mvec::mul_add(Lm + size_t(r * o + j) * L, P1 + idx * L, w.O[c * o + j], L);
                mvec::mul_add(Lm + size_t(c * o + j) * L, P1 + idx * L, w.O[r * o + j], L);
            }
        }

    // digest || salt || seed_sk || ctr
    uint8_t buf[kMaxDigest + kMaxSalt + kMaxSkSeed + 1];
    uint8_t salt[kMaxSalt], t[kMaxM];
    sign_prelude(p, sk, msg, mlen, randomizer, buf, salt, t);

    uint64_t* M = w.scratch;                      // k x o
    uint64_t* Pv = M + size_t(ko) * L;            // v x k: P1 v_i
    uint64_t* VPV = Pv + size_t(v) * k * L;       // k x k: v_i^T P1 v_j
    uint8_t r[kMaxKO], x[kMaxKO + 1];  // x: the back substitution may touch x[ko] (with 0)
    uint8_t* vd = w.vs;  // k x v
    bool found = false;
    for (uint32_t ctr = 0; ctr <= 255 && !found; ++ctr) {
        sample_vinegar(p, buf, ctr, vd, r);

        std::memset(w.scratch, 0, sizeof(uint64_t) * (size_t(ko) + size_t(v) * k + size_t(k) * k) * L);
        // M_i = v_i^T L
        for (uint32_t j = 0; j < v; ++j)
            for (uint32_t i = 0; i < k; ++i) {
                const mvec::Scalar a(vd[i * v + j]);
                for (uint32_t c = 0; c < o; ++c) mvec::mul_add(M + size_t(i * o + c) * L, Lm + size_t(j * o + c) * L, a, L);
            }
        // P1 v_i, then v_j^T P1 v_i
        idx = 0;
        for (uint32_t rr = 0; rr < v; ++rr)
            for (uint32_t c = rr; c < v; ++c, ++idx)
                for (uint32_t i = 0; i < k; ++i) mvec::mul_add(Pv + size_t(rr * k + i) * L, P1 + idx * L, vd[i * v + c], L);
        for (uint32_t j = 0; j < k; ++j)
            for (uint32_t rr = 0; rr < v; ++rr) {
                const mvec::Scalar a(vd[j * v + rr]);
                for (uint32_t i = 0; i < k; ++i) mvec::mul_add(VPV + size_t(j * k + i) * L, Pv + size_t(rr * k + i) * L, a, L);
            }
        found = solve_attempt(p, M, VPV, t, r, w.a, w.ap, x);
    }
    if (!found)
        st = Status::internal_error;  // probability about 2^-(256*(k*o-m)*4) per message
    else
        encode_signature(p, vd, w.O, x, salt, w.a /* k x n, reuses A */, sig);

    secure_wipe(buf, sizeof buf);
    secure_wipe(r, sizeof r);
    secure_wipe(x, sizeof x);
    secure_wipe(w.O, size_t(v) * o);
    secure_wipe(Lm, sizeof(uint64_t) * size_t(p.p2_vecs()) * L);
    secure_wipe(w.scratch, sizeof(uint64_t) * (size_t(ko) + size_t(v) * k + size_t(k) * k) * L);
    secure_wipe(w.a, size_t(m + p.kk()) * p.a_cols());
    secure_wipe(w.ap, sizeof(uint64_t) * size_t(m) * ((p.a_cols() + 15) / 16));
    secure_wipe(w.vs, size_t(k) * n);
    return st;
}

// ---------------------------------------------------------------- verification

Status verify(const Params& p, const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig,
              const Work& w) {
    const uint32_t v = p.v(), o = p.o, k = p.k, n = p.n, L = p.m_limbs();
    uint8_t t[kMaxM];
    uint8_t* s = w.vs;  // k x n
    if (!verify_prelude(p, msg, mlen, sig, t, s)) return Status::verify_failed;

    Status st = expand_p12(p, pk, w.p);
    if (st != Status::ok) return st;
    const uint64_t* P1 = w.p;
    const uint64_t* P2 = w.p + size_t(p.p1_vecs()) * L;
    uint64_t* P3 = w.p3;  // upper, o(o+1)/2 vectors
    for (uint32_t i = 0; i < p.p3_vecs(); ++i) load_mvec(p, pk + p.pk_seed_bytes + size_t(i) * p.m_bytes(), P3 + size_t(i) * L);

    uint64_t* PS = w.scratch;                 // n x k: P s_i
    uint64_t* SPS = PS + size_t(n) * k * L;   // k x k
    std::memset(w.scratch, 0, sizeof(uint64_t) * (size_t(n) * k + size_t(k) * k) * L);
    // P s_i, row by row of P = [P1 P2; 0 P3], through the bins.
    uint64_t bins[kMaxK * 16 * 9];
    const size_t bins_bytes = sizeof(uint64_t) * size_t(k) * 16 * L;
    size_t idx = 0;
    for (uint32_t r = 0; r < v; ++r) {
        std::memset(bins, 0, bins_bytes);
        for (uint32_t c = r; c < v; ++c, ++idx) bins_put(p, bins, P1 + idx * L, s, c);
        for (uint32_t c = 0; c < o; ++c) bins_put(p, bins, P2 + size_t(r * o + c) * L, s, v + c);
        bins_flush(p, bins, PS + size_t(r) * k * L);
    }
    idx = 0;
    for (uint32_t r = 0; r < o; ++r) {
        std::memset(bins, 0, bins_bytes);
        for (uint32_t c = r; c < o; ++c, ++idx) bins_put(p, bins, P3 + idx * L, s, v + c);
        bins_flush(p, bins, PS + size_t(v + r) * k * L);
    }
    for (uint32_t j = 0; j < k; ++j)
        for (uint32_t r = 0; r < n; ++r) {
            const mvec::Scalar a(s[j * n + r]);
            for (uint32_t i = 0; i < k; ++i) mvec::mul_add(SPS + size_t(j * k + i) * L, PS + size_t(r * k + i) * L, a, L);
        }
    return quadratic_matches(p, SPS, t) ? Status::ok : Status::verify_failed;
}

}  // namespace pqmcu::mayo
