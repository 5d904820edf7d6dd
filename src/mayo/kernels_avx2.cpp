// SPDX-License-Identifier: Apache-2.0 OR MIT
// MAYO kernels for x86-64 with AVX2 (and VAES for the P1 | P2 keystream),
// enabled per function (target attributes), chosen at run time.
//
// Products by scalars use 16-entry tables in registers: for a pair of
// scalars (s0, s1), byte x of the table is s0*x | (s1*x) << 4, so one
// vpshufb on the low (or high) nibbles of 32 bytes of an m-vector gives 32
// products by s0 and 32 by s1 at once. A pass over a row of matrix entries
// keeps the products "entangled" (low and high nibbles of the entries in
// separate registers, the pair's two products in one byte) and sorts them
// into the two accumulating m-vectors once per row. The tables are built
// from the scalars by log/exp lookups that are themselves vpshufb (no
// memory indexed by a secret), and vpshufb only permutes within a
// register: constant time in the scalars.
//
// An m-vector of 8L bytes is covered by 32-byte chunks at 0, 32, ..., and
// a last one ending at byte 8L (overlapping the previous one; both compute
// the same values there), or, when 8L = 32Q + 8 (MAYO-1, MAYO-5), by Q
// chunks and an 8-byte tail whose low and high nibbles share one lane.
//
// Also here: the echelon form, the P1 | P2 keystream (VAES, 16 blocks in
// flight; or AVX-512 + VAES, 32 blocks in zmm, a table of its own) and its
// unpacking to limbs.
#include <immintrin.h>

#include <cstring>

#include "cipher/modes.hpp"
#include "mayo/engine.hpp"
#include "mayo/kernels.hpp"
#include "mayo/mvec.hpp"
#include "x86/cpu_features.hpp"

#define PQ_AVX2 __attribute__((target("avx2")))
#define PQ_VAES __attribute__((target("avx2,aes,vaes")))

namespace pqmcu::mayo {
namespace {

constexpr uint32_t kMaxPairs = (kMaxO + 1) / 2;  // 9: o = 17, 18
constexpr uint32_t kMaxTabCols = kMaxN;           // columns of B (or inner size of A)

// Tables hold products by secret scalars: zeroed after use (memset with a
// compiler barrier; the byte loop of secure_wipe costs ~1 cycle per byte).
inline void wipe(void* p, size_t n) {
    std::memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

// GF(16) = GF(2)[x]/(x^4+x+1), generator x: kLog[a] = log_x(a) (0x80 for
// a = 0), kExp[i] = x^i. In registers only (vpshufb), never indexed in memory.
alignas(32) constexpr uint8_t kLog[32] = {0x80, 0, 1, 4, 2, 8, 5, 10, 3, 14, 9, 7, 6, 13, 11, 12,
                                         0x80, 0, 1, 4, 2, 8, 5, 10, 3, 14, 9, 7, 6, 13, 11, 12};
alignas(32) constexpr uint8_t kExp[32] = {1, 2, 4, 8, 3, 6, 12, 11, 5, 10, 7, 14, 15, 13, 9, 1,
                                         1, 2, 4, 8, 3, 6, 12, 11, 5, 10, 7, 14, 15, 13, 9, 1};

// Table of one scalar s: byte x (both lanes) = s*x = x^(log s + log x mod
// 15); a zero factor makes the index >= 0x80 (saturating add), which vpshufb
// turns into 0.
PQ_AVX2 inline __m256i scalar_table(uint8_t s) {
    const __m256i lg = _mm256_load_si256(reinterpret_cast<const __m256i*>(kLog));
    const __m256i ls = _mm256_shuffle_epi8(lg, _mm256_set1_epi8(char(s & 0xF)));
    __m256i i = _mm256_adds_epu8(lg, ls);
    i = _mm256_sub_epi8(i, _mm256_and_si256(_mm256_cmpgt_epi8(i, _mm256_set1_epi8(14)), _mm256_set1_epi8(15)));
    return _mm256_shuffle_epi8(_mm256_load_si256(reinterpret_cast<const __m256i*>(kExp)), i);
}

// Table of the pair (s0, s1): byte x (both lanes) = s0*x | (s1*x) << 4.
PQ_AVX2 inline __m256i pair_table(uint8_t s0, uint8_t s1) {
    return _mm256_or_si256(scalar_table(s0), _mm256_slli_epi16(scalar_table(s1), 4));
}

// Row c of the tables (stride np + nd): np pair tables, tabs[c][p] for
// the scalars (S(c, 2p), S(c, 2p+1)), S(c, i) = s[c*row + i*col] for
// i < count (0 beyond); then nd = ceil(np/2) "tail" tables holding pair 2d
// in the low lane and pair 2d+1 in the high lane (for 8-byte tails, see mac).
PQ_AVX2 void build_tables(__m256i* tabs, const uint8_t* s, uint32_t ncols, uint32_t row, uint32_t col,
                          uint32_t count) {
    const uint32_t np = (count + 1) / 2, nd = (np + 1) / 2, rs = np + nd;
    for (uint32_t c = 0; c < ncols; ++c) {
        __m256i* t = tabs + size_t(c) * rs;
        for (uint32_t p = 0; p < np; ++p) {
            const uint32_t i = 2 * p;
            const uint8_t s0 = s[c * row + i * col];
            const uint8_t s1 = i + 1 < count ? s[c * row + (i + 1) * col] : 0;
            t[p] = pair_table(s0, s1);
        }
        for (uint32_t dd = 0; dd < nd; ++dd) {
            const __m256i hi = 2 * dd + 1 < np ? t[2 * dd + 1] : _mm256_setzero_si256();
            t[np + dd] = _mm256_permute2x128_si256(t[2 * dd], hi, 0x20);
        }
    }
}

// Verification only: the signature's scalars are public, so their pair
// tables are read from a GF(16) multiplication table indexed by them: NOT
// constant time in s (never for secret scalars: keygen and signing use
// build_tables). Two broadcast loads and an OR per pair instead of two
// log/exp table builds.
struct MulTables {
    uint8_t lo[16][16], hi[16][16];  // lo[s][x] = s*x, hi[s][x] = (s*x) << 4
};
constexpr MulTables make_mul_tables() {
    MulTables t{};
    for (int a = 0; a < 16; ++a)
        for (int b = 0; b < 16; ++b) {
            int r = 0;
            for (int i = 0; i < 4; ++i)
                if ((b >> i) & 1) r ^= a << i;
            for (int i = 6; i >= 4; --i)
                if ((r >> i) & 1) r ^= 0x13 << (i - 4);  // x^4 = x + 1
            t.lo[a][b] = uint8_t(r);
            t.hi[a][b] = uint8_t(r << 4);
        }
    return t;
}
alignas(16) constexpr MulTables kMulPublic = make_mul_tables();

struct Out {  // accumulator of group g, output i: acc + (g*gs + i*is) * L
    uint64_t* acc;
    size_t gs, is;
    uint32_t cols;
    // Chunk geometry shared by inputs and outputs: offset of the last
    // (overlapping) chunk, and the bytes of an 8-byte tail that belong to the
    // vector. Limb inputs: 8L - 32 and 8 (their padding is zero); packed
    // inputs (m/2 bytes each): m/2 - 32 and m/2 - 32Q.
    uint32_t last, tail_keep;
};
inline Out out_limbs(uint64_t* acc, size_t gs, size_t is, uint32_t cols, uint32_t L) {
    return Out{acc, gs, is, cols, 8 * L - 32, 8};
}

constexpr uint8_t kNib = 0x0F;
// kKeep[k]: 8 bytes, the first k of them 0xFF (k = 1..8; row 0 unused).
alignas(16) constexpr uint8_t kKeep[9][8] = {
    {0}, {0xFF}, {0xFF, 0xFF}, {0xFF, 0xFF, 0xFF}, {0xFF, 0xFF, 0xFF, 0xFF}, {0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
    {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}, {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF},
    {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}};

// Chunking of an m-vector of 8L bytes: Q chunks of 32 bytes, and either
// T8: an 8-byte tail (8L = 32Q + 8: MAYO-1, MAYO-5), whose low and high
// nibbles fit in one 128-bit lane, so one vpshufb serves two pairs; or the
// last chunk ends at 8L, overlapping the one before.
template <int Q, bool T8, int NP>
struct Block {
    static constexpr int ND = T8 ? (NP + 1) / 2 : 0;
    __m256i t[NP][Q][2];
    __m256i tail[ND > 0 ? ND : 1];
};

template <int Q, bool T8>
inline uint32_t chunk_off(int q, uint32_t last) {
    return T8 || q + 1 < Q ? 32 * uint32_t(q) : last;
}

// Which part of a T8 vector a pass covers: both, the 32-byte chunks only,
// or the 8-byte tail only. MAYO-1 (Q = 1, five pairs) would need 17 ymm
// registers for both at once: the spilled accumulators cost more than a
// second, tail-only pass over the same vectors.
enum Part : int { kBoth = 0, kChunks = 1, kTail = 2 };

// ---- term patterns: the m-vectors of output group g, as at most two runs
// (first vector, its column of tables, count, stride in limbs shrinking by
// dstride after each step).
struct Seg {  // bytes
    const uint8_t* ptr;
    uint32_t c0, count;
    size_t stride, dstride;
};
inline const uint8_t* bytes(const uint64_t* p) { return reinterpret_cast<const uint8_t*>(p); }
inline size_t up_index(uint32_t r, uint32_t c, uint32_t size) {  // r <= c
    return size_t(r) * size - size_t(r) * (r + 1) / 2 + c;
}

// Row g of an upper triangular n x n matrix of m-vectors: columns g .. n-1.
struct Upper {
    const uint64_t* P;
    uint32_t n;
    int segs(uint32_t g, uint32_t L, Seg* s) const {
        s[0] = Seg{bytes(P + up_index(g, g, n) * L), g, n - g, 8 * L, 0};
        return 1;
    }
};
// Row g of P + P^T (P upper triangular): columns c < g down column g of P,
// then c > g along row g.
struct Sym {
    const uint64_t* P;
    uint32_t n;
    int segs(uint32_t g, uint32_t L, Seg* s) const {
        s[0] = Seg{bytes(P + size_t(g) * L), 0, g, size_t(n - 1) * 8 * L, 8 * L};
        s[1] = Seg{bytes(P + up_index(g, g + 1, n) * L), g + 1, n - 1 - g, 8 * L, 0};
        return 2;
    }
};
// Row g of P^T (P upper triangular): column g of P, rows c = 0 .. g.
struct Lower {
    const uint64_t* P;
    uint32_t n;
    int segs(uint32_t g, uint32_t L, Seg* s) const {
        s[0] = Seg{bytes(P + size_t(g) * L), 0, g + 1, size_t(n - 1) * 8 * L, 8 * L};
        return 1;
    }
};
// Row g of a dense nr x nc matrix.
struct Rect {
    const uint64_t* X;
    uint32_t nc;
    int segs(uint32_t g, uint32_t L, Seg* s) const {
        s[0] = Seg{bytes(X + size_t(g) * nc * L), 0, nc, 8 * L, 0};
        return 1;
    }
};
// Column g of a dense inner x cols matrix (the scalars vary with the row j).
struct Column {
    const uint64_t* X;
    uint32_t inner, cols;
    int segs(uint32_t g, uint32_t L, Seg* s) const {
        s[0] = Seg{bytes(X + size_t(g) * L), 0, inner, size_t(cols) * 8 * L, 0};
        return 1;
    }
};
// The same patterns over nibble-packed m-vectors of es bytes (P1 | P2 as
// the keystream gives them; signing with a compact key).
struct UpperPacked {
    const uint8_t* P;
    uint32_t n, es;
    int segs(uint32_t g, uint32_t, Seg* s) const {
        s[0] = Seg{P + up_index(g, g, n) * es, g, n - g, es, 0};
        return 1;
    }
};
struct LowerPacked {
    const uint8_t* P;
    uint32_t n, es;
    int segs(uint32_t g, uint32_t, Seg* s) const {
        s[0] = Seg{P + size_t(g) * es, 0, g + 1, size_t(n - 1) * es, es};
        return 1;
    }
};
struct ColumnPacked {
    const uint8_t* X;
    uint32_t inner, cols, es;
    int segs(uint32_t g, uint32_t, Seg* s) const {
        s[0] = Seg{X + size_t(g) * es, 0, inner, size_t(cols) * es, 0};
        return 1;
    }
};
// Verification rows of P = [P1 P2; 0 P3] (n x n, P3 upper): row g < v is P1's
// row then P2's, row g >= v is P3's.
struct Public {
    const uint64_t *P1, *P2, *P3;
    uint32_t v, o;
    int segs(uint32_t g, uint32_t L, Seg* s) const {
        if (g < v) {
            s[0] = Seg{bytes(P1 + up_index(g, g, v) * L), g, v - g, 8 * L, 0};
            s[1] = Seg{bytes(P2 + size_t(g) * o * L), v, o, 8 * L, 0};
            return 2;
        }
        const uint32_t r = g - v;
        s[0] = Seg{bytes(P3 + up_index(r, r, o) * L), g, o - r, 8 * L, 0};
        return 1;
    }
};

// The same rows with P1 | P2 still packed (m/2 bytes per vector, straight
// from the keystream), P3 as bytes in limb layout (8L per vector).
struct PublicPacked {
    const uint8_t* P12;
    const uint8_t* P3;
    uint32_t v, o, mb, p1;
    int segs(uint32_t g, uint32_t L, Seg* s) const {
        if (g < v) {
            s[0] = Seg{P12 + up_index(g, g, v) * mb, g, v - g, mb, 0};
            s[1] = Seg{P12 + (p1 + size_t(g) * o) * mb, v, o, mb, 0};
            return 2;
        }
        const uint32_t r = g - v;
        s[0] = Seg{P3 + up_index(r, r, o) * 8 * L, g, o - r, 8 * L, 0};
        return 1;
    }
};

constexpr uint32_t kMaxRow = kMaxPairs + (kMaxPairs + 1) / 2;  // tables per row

struct Tables {
    alignas(32) __m256i t[kMaxTabCols * kMaxRow];
};
// Sizes beyond the eight sets' (never reached) go to the portable kernels.
inline bool fits(uint32_t ncols, uint32_t count) { return ncols <= kMaxTabCols && count <= 2 * kMaxPairs; }
inline size_t tables_bytes(uint32_t ncols, uint32_t count) {
    const uint32_t np = (count + 1) / 2;
    return sizeof(__m256i) * ncols * (np + (np + 1) / 2);
}

// The product engine and verification's kernels, built twice: for AVX2 (every
// kernel table), and for AVX-512 VL + VBMI (verification only, on CPUs that
// have them: 32 registers, vpternlogq, vpermb). Signing and key generation
// stay on the AVX2 build, which is the code the valgrind constant-time test
// runs (valgrind has no AVX-512).
#define PQ_AVX512VBMI __attribute__((target("avx2,avx512f,avx512vl,avx512bw,avx512vbmi")))
namespace avx2_build {
#define PQ_VEC PQ_AVX2
constexpr bool kAvx512 = false;
#include "mayo/kernels_avx2_products.inc"
#undef PQ_VEC
}  // namespace avx2_build
namespace avx512_build {
#define PQ_VEC PQ_AVX512VBMI
constexpr bool kAvx512 = true;
#include "mayo/kernels_avx2_products.inc"
#undef PQ_VEC
}  // namespace avx512_build
using namespace avx2_build;

PQ_AVX2 void upper_times(const uint64_t* P, uint32_t n, const uint8_t* b, uint32_t b_row, uint32_t b_col,
                         uint32_t cols, uint64_t* acc, uint32_t L) {
    if (!fits(n, cols)) return kernels_portable().upper_times(P, n, b, b_row, b_col, cols, acc, L);
    Tables tb;
    build_tables(tb.t, b, n, b_row, b_col, cols);
    run(Upper{P, n}, n, tb.t, (cols + 1) / 2, out_limbs(acc, cols, 1, cols, L), L);
    wipe(tb.t, tables_bytes(n, cols));
}

PQ_AVX2 void sym_times(const uint64_t* P, uint32_t n, const uint8_t* b, uint32_t b_row, uint32_t b_col,
                       uint32_t cols, uint64_t* acc, uint32_t L) {
    if (!fits(n, cols)) return kernels_portable().sym_times(P, n, b, b_row, b_col, cols, acc, L);
    Tables tb;
    build_tables(tb.t, b, n, b_row, b_col, cols);
    run(Sym{P, n}, n, tb.t, (cols + 1) / 2, out_limbs(acc, cols, 1, cols, L), L);
    wipe(tb.t, tables_bytes(n, cols));
}

PQ_AVX2 void lower_times(const uint64_t* P, uint32_t n, const uint8_t* b, uint32_t b_row, uint32_t b_col,
                         uint32_t cols, uint64_t* acc, uint32_t L) {
    if (!fits(n, cols)) return kernels_portable().lower_times(P, n, b, b_row, b_col, cols, acc, L);
    Tables tb;
    build_tables(tb.t, b, n, b_row, b_col, cols);
    run(Lower{P, n}, n, tb.t, (cols + 1) / 2, out_limbs(acc, cols, 1, cols, L), L);
    wipe(tb.t, tables_bytes(n, cols));
}

PQ_AVX2 void rect_times(const uint64_t* X, uint32_t nr, uint32_t nc, const uint8_t* b, uint32_t b_row,
                        uint32_t b_col, uint32_t cols, uint64_t* acc, uint32_t L) {
    if (!fits(nc, cols)) return kernels_portable().rect_times(X, nr, nc, b, b_row, b_col, cols, acc, L);
    Tables tb;
    build_tables(tb.t, b, nc, b_row, b_col, cols);
    run(Rect{X, nc}, nr, tb.t, (cols + 1) / 2, out_limbs(acc, cols, 1, cols, L), L);
    wipe(tb.t, tables_bytes(nc, cols));
}

PQ_AVX2 void scalars_times(const uint8_t* a, uint32_t a_row, uint32_t a_col, uint32_t rows, uint32_t inner,
                           const uint64_t* X, uint32_t cols, uint64_t* acc, uint32_t L) {
    if (!fits(inner, rows)) return kernels_portable().scalars_times(a, a_row, a_col, rows, inner, X, cols, acc, L);
    Tables tb;
    // Table row j holds the pairs of A(i, j) over i: S(j, i) = a[j*a_col + i*a_row].
    build_tables(tb.t, a, inner, a_col, a_row, rows);
    run(Column{X, inner, cols}, cols, tb.t, (rows + 1) / 2, out_limbs(acc, 1, cols, rows, L), L);
    wipe(tb.t, tables_bytes(inner, rows));
}

// O's tables serve both products.
PQ_AVX2 void keygen_products(const Params& p, const uint64_t* P1, uint64_t* P2, const uint8_t* O, uint64_t* P3) {
    const uint32_t v = p.v(), o = p.o, L = p.m_limbs(), np = (o + 1) / 2;
    if (!fits(v, o)) return kernels_portable().keygen_products(p, P1, P2, O, P3);
    Tables tb;
    build_tables(tb.t, O, v, o, 1, o);  // row r: pairs of O[r][c] over c
    run(Upper{P1, v}, v, tb.t, np, out_limbs(P2, o, 1, o, L), L);      // P2 += P1 O
    run(Column{P2, v, o}, o, tb.t, np, out_limbs(P3, 1, o, o, L), L);  // P3 += O^T P2
    wipe(tb.t, tables_bytes(v, o));
}

// The tables of V (and of O) are built once for all the products.
PQ_AVX2 void sign_products(const Params& p, const uint64_t* P1, const uint64_t* X, bool with_L, const uint8_t* O,
                           const uint8_t* V, uint64_t* M, uint64_t* Pv, uint64_t* VPV, uint64_t* Mt) {
    const uint32_t v = p.v(), o = p.o, k = p.k, L = p.m_limbs(), npk = (k + 1) / 2;
    if (!fits(v, k) || !fits(v, o)) return kernels_portable().sign_products(p, P1, X, with_L, O, V, M, Pv, VPV, Mt);
    Tables tb;
    // Row c: the pairs of V[i][c] over i, as both B(c, i) (row products) and
    // A(i, c) (scalars_times).
    build_tables(tb.t, V, v, 1, v, k);
    run(Column{X, v, o}, o, tb.t, npk, out_limbs(M, 1, o, k, L), L);        // M += V X
    run(Upper{P1, v}, v, tb.t, npk, out_limbs(Pv, k, 1, k, L), L);          // Pv += P1 V^T
    run(Column{Pv, v, k}, k, tb.t, npk, out_limbs(VPV, 1, k, k, L), L);     // VPV += V Pv
    if (!with_L) {
        run(Lower{P1, v}, v, tb.t, npk, out_limbs(Pv, k, 1, k, L), L);      // S = Pv + P1^T V^T
        wipe(tb.t, tables_bytes(v, k));
        std::memset(Mt, 0, sizeof(uint64_t) * size_t(k) * o * L);
        build_tables(tb.t, O, v, o, 1, o);                                  // row r: pairs of O[r][c] over c
        run(Column{Pv, v, k}, k, tb.t, (o + 1) / 2, out_limbs(Mt, 1, k, o, L), L);  // Mt[c][i] = sum_r O[r][c] S[r][i]
        wipe(tb.t, tables_bytes(v, o));
        for (uint32_t i = 0; i < k; ++i)
            for (uint32_t c = 0; c < o; ++c) {
                uint64_t* d = M + size_t(i * o + c) * L;
                const uint64_t* a = Mt + size_t(c * k + i) * L;
                for (uint32_t w = 0; w < L; ++w) d[w] ^= a[w];
            }
        return;
    }
    wipe(tb.t, tables_bytes(v, k));
}

// Output geometry for packed inputs (m/2 bytes per vector): the last chunk
// ends at byte m/2; in T8 sets the tail holds m/2 - 32Q bytes. Limb inputs
// and outputs use it too (their bytes past m/2 are zero and stay so).
inline Out out_packed(uint64_t* acc, size_t gs, size_t is, uint32_t cols, const Params& p) {
    const uint32_t L = p.m_limbs(), mb = p.m / 2;
    const bool t8 = (8 * L) % 32 == 8;
    return Out{acc, gs, is, cols, mb - 32, t8 ? mb - 32 * ((8 * L) / 32) : 8};
}

// Compact-key signing straight from the keystream bytes (P1 | P2 packed,
// no unpacking): the products of sign_products(with_L = false).
PQ_AVX2 void sign_products_packed(const Params& p, const uint8_t* P12, const uint8_t* O, const uint8_t* V,
                                  uint64_t* M, uint64_t* Pv, uint64_t* VPV, uint64_t* Mt) {
    const uint32_t v = p.v(), o = p.o, k = p.k, L = p.m_limbs(), npk = (k + 1) / 2, mb = p.m / 2;
    if (!fits(v, k) || !fits(v, o)) return;  // never for the round-2 sets (the engine checks p.m_limbs())
    const uint8_t* P2 = P12 + size_t(p.p1_vecs()) * mb;
    Tables tb;
    build_tables(tb.t, V, v, 1, v, k);
    run(ColumnPacked{P2, v, o, mb}, o, tb.t, npk, out_packed(M, 1, o, k, p), L);   // M += V P2
    run(UpperPacked{P12, v, mb}, v, tb.t, npk, out_packed(Pv, k, 1, k, p), L);     // Pv += P1 V^T
    run(Column{Pv, v, k}, k, tb.t, npk, out_packed(VPV, 1, k, k, p), L);           // VPV += V Pv
    run(LowerPacked{P12, v, mb}, v, tb.t, npk, out_packed(Pv, k, 1, k, p), L);     // S = Pv + P1^T V^T
    wipe(tb.t, tables_bytes(v, k));
    std::memset(Mt, 0, sizeof(uint64_t) * size_t(k) * o * L);
    build_tables(tb.t, O, v, o, 1, o);
    run(Column{Pv, v, k}, k, tb.t, (o + 1) / 2, out_packed(Mt, 1, k, o, p), L);    // Mt[c][i] = sum_r O[r][c] S[r][i]
    wipe(tb.t, tables_bytes(v, o));
    for (uint32_t i = 0; i < k; ++i)
        for (uint32_t c = 0; c < o; ++c) {
            uint64_t* d = M + size_t(i * o + c) * L;
            const uint64_t* a = Mt + size_t(c * k + i) * L;
            for (uint32_t w = 0; w < L; ++w) d[w] ^= a[w];
        }
}

// ---- columns of A (signing): column i*o + c = sum_j z^l(i,j) M_j[c], the
// shift by z^l being l nibbles: l/2 bytes, plus one nibble when l is odd.
// Each M_j[c] is laid out twice in a zeroed buffer (as is, and shifted by
// one nibble), so every term is an XOR of whole bytes at byte offset l/2:
// ymm chunks, then 8-byte words (the buffer's zero padding makes the last
// word exact enough: it stays inside the column, 8 Lx bytes).
PQ_AVX2 void a_columns(const Params& p, const uint64_t* M, uint64_t* cols, uint32_t Lx) {
    const uint32_t k = p.k, o = p.o, L = p.m_limbs(), ko = k * o, mb = p.m / 2;
    constexpr uint32_t kStride = 96;  // bytes per laid-out vector (m/2 + 1 <= 72, padding to whole words)
    alignas(32) uint8_t buf[2 * kMaxKO * kStride];
    std::memset(buf, 0, size_t(2) * ko * kStride);
    for (uint32_t v = 0; v < ko; ++v) {
        uint8_t* s0 = buf + size_t(2 * v) * kStride;
        uint64_t* s1 = reinterpret_cast<uint64_t*>(s0 + kStride);
        std::memcpy(s0, M + size_t(v) * L, 8 * size_t(L));
        uint64_t carry = 0;  // s1 = M_v * z (one nibble up)
        for (uint32_t w = 0; w < L; ++w) {
            const uint64_t x = M[size_t(v) * L + w];
            s1[w] = (x << 4) | carry;
            carry = x >> 60;
        }
        s1[L] = carry;
    }
    std::memset(cols, 0, sizeof(uint64_t) * size_t(ko) * Lx);
    uint32_t l = 0;
    for (uint32_t i = 0; i < k; ++i)
        for (uint32_t j = k; j-- > i; ++l) {
            const uint32_t off = l / 2, len = mb + (l & 1);  // bytes of the shifted vector
            for (uint32_t side = 0; side < (i != j ? 2u : 1u); ++side) {
                const uint32_t dcol = side == 0 ? i : j, svec = side == 0 ? j : i;
                for (uint32_t c = 0; c < o; ++c) {
                    const uint8_t* src = buf + size_t(2 * (svec * o + c) + (l & 1)) * kStride;
                    uint8_t* dst = reinterpret_cast<uint8_t*>(cols + size_t(dcol * o + c) * Lx) + off;
                    uint32_t b = 0;
                    for (; b + 32 <= len; b += 32) {
                        __m256i* d = reinterpret_cast<__m256i*>(dst + b);
                        _mm256_storeu_si256(d, _mm256_xor_si256(_mm256_loadu_si256(d),
                                                                _mm256_load_si256(reinterpret_cast<const __m256i*>(src + b))));
                    }
                    for (; b < len; b += 8) {
                        uint64_t dw, sw;
                        std::memcpy(&dw, dst + b, 8);
                        std::memcpy(&sw, src + b, 8);
                        dw ^= sw;
                        std::memcpy(dst + b, &dw, 8);
                    }
                }
            }
        }
    wipe(buf, size_t(2) * ko * kStride);
}

// ---- echelon form (same algorithm as the portable one in kernels.cpp)

inline uint64_t ct_is_zero(uint64_t x) {  // all ones iff x == 0 (x < 2^63)
    __asm__("" : "+r"(x));
    return 0 - ((x - 1) >> 63);
}
inline uint64_t ct_eq(uint32_t a, uint32_t b) { return ct_is_zero(uint64_t(a ^ b)); }
inline uint64_t ct_gt(uint32_t a, uint32_t b) {  // all ones iff a > b
    uint64_t bb = b;
    __asm__("" : "+r"(bb));
    return 0 - ((bb - uint64_t(a)) >> 63);
}
inline uint8_t nibble(const uint64_t* row, uint32_t c) { return uint8_t((row[c >> 4] >> (4 * (c & 15))) & 0xF); }

// Rows of W words (8W bytes, 32 < 8W <= 96) in Q chunks; the pivot row is
// gathered with masks, the pivot itself (and each row's entry in column
// pc) read as scalars, so the row selection chain stays in integer
// registers. Row updates: dst += e * prow2 with e's table built in
// registers.
template <int Q>
PQ_AVX2 void echelon_q(uint64_t* ap, uint32_t nrows, uint32_t ncols) {
    const uint32_t W = (ncols + 15) / 16, last = 8 * W - 32;
    const __m256i mask = _mm256_set1_epi8(kNib);
    uint32_t off_[Q];
    for (int q = 0; q < Q; ++q) off_[q] = q + 1 < Q ? 32 * q : last;
    uint32_t pivot_row = 0;
    for (uint32_t pc = 0; pc < ncols; ++pc) {
        const uint32_t lo = pc + nrows > ncols ? pc + nrows - ncols : 0;
        const uint32_t hi = pc < nrows - 1 ? pc : nrows - 1;
        const uint32_t search_end = hi + 32 < nrows - 1 ? hi + 32 : nrows - 1;
        __m256i pr[Q];
        for (int q = 0; q < Q; ++q) pr[q] = _mm256_setzero_si256();
        // Rows taken into the pivot row: pivot_row (when in the window) up
        // to the first row from there whose entry in column pc is non-zero
        // (all of them when none is): the portable chain of masks, computed
        // at once on a bit mask of the window (<= 64 rows for every set).
        const uint32_t wn = search_end - lo + 1;
        uint8_t e[64];
        uint64_t nz = 0;
        for (uint32_t row = lo; row <= search_end; ++row) {
            e[row - lo] = nibble(ap + size_t(row) * W, pc);
            nz |= (1 & ~ct_is_zero(e[row - lo])) << (row - lo);
        }
        const uint64_t below = ct_gt(lo, pivot_row);                    // pivot_row < lo
        const uint32_t off = uint32_t((uint64_t(pivot_row) - lo) & ~below);  // < wn
        const uint64_t ge = ~uint64_t(0) << off;                         // shift: constant time
        const uint64_t nzg = nz & ge, lowest = nzg & (0 - nzg);
        const uint64_t window = wn == 64 ? ~uint64_t(0) : (uint64_t(1) << wn) - 1;
        const uint64_t take = ge & (lowest | (lowest - 1)) & window;
        const uint64_t pivot_zero = ((lowest | (0 - lowest)) >> 63) - 1;  // all ones iff lowest == 0
        uint64_t pivot = 0;
        for (uint32_t row = lo; row <= search_end; ++row) {
            const uint64_t t = 0 - ((take >> (row - lo)) & 1);
            const uint8_t* src = reinterpret_cast<const uint8_t*>(ap + size_t(row) * W);
            const __m256i tv = _mm256_set1_epi64x(int64_t(t));
            for (int q = 0; q < Q; ++q)
                pr[q] = _mm256_xor_si256(
                    pr[q], _mm256_and_si256(tv, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + off_[q]))));
            pivot ^= t & e[row - lo];
        }
        // prow2 = pivot^-1 * prow (a^-1 = a^14, by squarings and products)
        const uint8_t a = uint8_t(pivot);
        const uint8_t a2 = mvec::mul1(a, a), a4 = mvec::mul1(a2, a2), a8 = mvec::mul1(a4, a4);
        const uint8_t inv = mvec::mul1(mvec::mul1(a8, a4), a2);
        const __m256i ti = scalar_table(inv), ti4 = _mm256_slli_epi16(ti, 4);
        __m256i p2[Q], p2lo[Q], p2hi[Q];
        for (int q = 0; q < Q; ++q) {
            const __m256i l = _mm256_and_si256(pr[q], mask), h = _mm256_and_si256(_mm256_srli_epi16(pr[q], 4), mask);
            p2[q] = _mm256_xor_si256(_mm256_shuffle_epi8(ti, l), _mm256_shuffle_epi8(ti4, h));
            p2lo[q] = _mm256_and_si256(p2[q], mask);
            p2hi[q] = _mm256_and_si256(_mm256_srli_epi16(p2[q], 4), mask);
        }
        for (uint32_t row = lo; row <= hi; ++row) {
            const __m256i put = _mm256_set1_epi64x(int64_t(ct_eq(row, pivot_row) & ~pivot_zero));
            uint8_t* dst = reinterpret_cast<uint8_t*>(ap + size_t(row) * W);
            __m256i d[Q];
            for (int q = 0; q < Q; ++q) d[q] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(dst + off_[q]));
            for (int q = 0; q < Q; ++q)
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + off_[q]), _mm256_blendv_epi8(d[q], p2[q], put));
        }
        for (uint32_t row = lo; row < nrows; ++row) {
            uint64_t* r64 = ap + size_t(row) * W;
            const uint8_t e = uint8_t(nibble(r64, pc) & ct_gt(row, pivot_row));
            const __m256i te = scalar_table(e), te4 = _mm256_slli_epi16(te, 4);
            uint8_t* dst = reinterpret_cast<uint8_t*>(r64);
            __m256i d[Q];
            for (int q = 0; q < Q; ++q) d[q] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(dst + off_[q]));
            for (int q = 0; q < Q; ++q)
                d[q] = _mm256_xor_si256(d[q], _mm256_xor_si256(_mm256_shuffle_epi8(te, p2lo[q]),
                                                                _mm256_shuffle_epi8(te4, p2hi[q])));
            for (int q = 0; q < Q; ++q) _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + off_[q]), d[q]);
        }
        pivot_row += uint32_t(1 & ~pivot_zero);
    }
}

// Nibble-wise products of two vectors of byte lanes holding one GF(16)
// element each (a_i * b_i = exp(log a_i + log b_i), in registers).
PQ_AVX2 inline __m256i gf16_mul_lanes(__m256i a, __m256i b) {
    const __m256i lg = _mm256_load_si256(reinterpret_cast<const __m256i*>(kLog));
    __m256i i = _mm256_adds_epu8(_mm256_shuffle_epi8(lg, a), _mm256_shuffle_epi8(lg, b));
    i = _mm256_sub_epi8(i, _mm256_and_si256(_mm256_cmpgt_epi8(i, _mm256_set1_epi8(14)), _mm256_set1_epi8(15)));
    return _mm256_shuffle_epi8(_mm256_load_si256(reinterpret_cast<const __m256i*>(kExp)), i);
}

// Back substitution on the rows of the echelon form (the portable path
// turns them back into columns first). The column form keeps y' = y -
// (selected columns) and reads y'[row]; here y' = f y + E x' is kept as
// the scalar f and the nibble vector x' (E x' by a dot product of the row
// with x'), which gives the same u for every row, the same candidate
// choice (first non-zero entry among columns row .. bound, the y column
// counting as y'[row]) and the same x: x[col] ^= u; a selected y column
// multiplies y' by 1 + u (f and x' scaled). Constant time: the selection
// by masks, products in registers.
template <int Q>
PQ_AVX2 void back_substitute_q(const uint64_t* ap, uint32_t m, uint32_t ko, uint8_t* x) {
    const uint32_t W = (ko + 1 + 15) / 16, last = 8 * W - 32;
    const __m256i mask = _mm256_set1_epi8(kNib);
    // The last chunk overlaps the one before: its first bytes are masked
    // out of x' so that they count once.
    alignas(32) uint8_t keep[32];
    for (uint32_t b = 0; b < 32; ++b) keep[b] = Q == 1 || last + b >= 32 * (Q - 1) ? 0xFF : 0;
    const __m256i km = _mm256_load_si256(reinterpret_cast<const __m256i*>(keep));
    alignas(32) uint64_t xp[12] = {0};  // x', W words (nibble ko stays 0)
    uint8_t f = 1;
    for (uint32_t row = m; row-- > 0;) {
        const uint64_t* rw = ap + size_t(row) * W;
        const uint8_t* rb = reinterpret_cast<const uint8_t*>(rw);
        const uint8_t* xb = reinterpret_cast<const uint8_t*>(xp);
        __m256i acc = _mm256_setzero_si256();
#pragma GCC unroll 4
        for (int q = 0; q < Q; ++q) {
            const uint32_t off = q + 1 < Q ? 32 * uint32_t(q) : last;
            const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rb + off));
            __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(xb + off));
            if (q + 1 == Q) b = _mm256_and_si256(b, km);
            acc = _mm256_xor_si256(acc, gf16_mul_lanes(_mm256_and_si256(a, mask), _mm256_and_si256(b, mask)));
            acc = _mm256_xor_si256(acc, gf16_mul_lanes(_mm256_and_si256(_mm256_srli_epi16(a, 4), mask),
                                                       _mm256_and_si256(_mm256_srli_epi16(b, 4), mask)));
        }
        __m128i h = _mm_xor_si128(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
        h = _mm_xor_si128(h, _mm_srli_si128(h, 8));
        uint64_t w = uint64_t(_mm_cvtsi128_si64(h));
        w ^= w >> 32;
        w ^= w >> 16;
        w ^= w >> 8;
        // y'[row] = f y[row] + (E x')[row]  (the y column holds nibble ko of x' = 0)
        const uint8_t u = uint8_t(mvec::mul1(f, nibble(rw, ko)) ^ (w & 0xF));
        const uint32_t bound = row + 32 / (m - row) < ko ? row + 32 / (m - row) : ko;
        uint64_t done = 0;
        for (uint32_t col = row; col <= bound && col < ko; ++col) {
            const uint64_t is_pivot = ~ct_is_zero(nibble(rw, col)) & ~done;
            const uint8_t val = uint8_t(is_pivot & u);
            x[col] ^= val;
            xp[col >> 4] ^= uint64_t(val) << (4 * (col & 15));
            done |= is_pivot;
        }
        if (bound == ko) {  // the y column as the candidate: its entry is y'[row] = u
            const uint64_t is_pivot = ~ct_is_zero(u) & ~done;
            const uint8_t val = uint8_t(is_pivot & u), sc = uint8_t(1 ^ val);
            x[ko] ^= val;
            f = mvec::mul1(f, sc);
            const __m256i ts = scalar_table(sc), ts4 = _mm256_slli_epi16(ts, 4);
            uint8_t* xw = reinterpret_cast<uint8_t*>(xp);
            __m256i c[Q];
#pragma GCC unroll 4
            for (int q = 0; q < Q; ++q)
                c[q] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(xw + (q + 1 < Q ? 32 * q : last)));
#pragma GCC unroll 4
            for (int q = 0; q < Q; ++q) {
                const __m256i lo = _mm256_and_si256(c[q], mask), hi = _mm256_and_si256(_mm256_srli_epi16(c[q], 4), mask);
                c[q] = _mm256_xor_si256(_mm256_shuffle_epi8(ts, lo), _mm256_shuffle_epi8(ts4, hi));
            }
#pragma GCC unroll 4
            for (int q = 0; q < Q; ++q)
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(xw + (q + 1 < Q ? 32 * q : last)), c[q]);
        }
    }
    std::memset(xp, 0, sizeof xp);
    __asm__ __volatile__("" : : "r"(xp) : "memory");
}

PQ_AVX2 bool back_substitute(const uint64_t* ap, uint32_t m, uint32_t ko, uint8_t* x) {
    const uint32_t W = (ko + 1 + 15) / 16;
    if (W <= 4 || W > 12) return false;
    if (W <= 8)
        back_substitute_q<2>(ap, m, ko, x);
    else
        back_substitute_q<3>(ap, m, ko, x);
    return true;
}

// Rows of A (kernels.hpp, rows_of_a): the reduction mod f(z) as row
// operations on the transposed extended columns (z^(m+d) = sum_i f_i
// z^(d+i), d + i < m for every set: one pass), then y'[row] = y[row] -
// A[row] . r by dot products (r packed as nibbles).
template <int Q>
PQ_AVX2 void rows_of_a_q(const Params& p, const uint64_t* cols, uint32_t Lx, const uint64_t* y, const uint8_t* r,
                         uint64_t* ap) {
    const uint32_t m = p.m, ko = p.k * p.o, W = (ko + 1 + 15) / 16, R = m + p.kk() - 1, RB = (R + 15) / 16;
    const uint32_t last = 8 * W - 32;
    constexpr uint32_t kMaxHi = kMaxKK;  // rows m .. R-1
    alignas(32) uint64_t hi[kMaxHi * 12];
    uint64_t blk[16];
    for (uint32_t C = 0; C < W; ++C)
        for (uint32_t B = 0; B < RB; ++B) {
            for (uint32_t i = 0; i < 16; ++i) {
                const uint32_t c = 16 * C + i;
                blk[i] = c < ko ? cols[size_t(c) * Lx + B] : c == ko ? y[B] : 0;
            }
            mvec::transpose16(blk);
            for (uint32_t j = 0; j < 16 && 16 * B + j < R; ++j) {
                const uint32_t row = 16 * B + j;
                (row < m ? ap + size_t(row) * W : hi + size_t(row - m) * W)[C] = blk[j];
            }
        }
    // row d + i ^= f_i * row m + d (f public: plain tables)
    const __m256i mask = _mm256_set1_epi8(kNib);
    for (uint32_t i = 0; i < 5; ++i) {
        const uint8_t f = p.f_tail[i];
        if (f == 0) continue;
        const __m256i tf = scalar_table(f), tf4 = _mm256_slli_epi16(tf, 4);
        for (uint32_t d = 0; d + m < R; ++d) {
            const uint8_t* src = reinterpret_cast<const uint8_t*>(hi + size_t(d) * W);
            uint8_t* dst = reinterpret_cast<uint8_t*>(ap + size_t(d + i) * W);
            __m256i a[Q];
#pragma GCC unroll 4
            for (int q = 0; q < Q; ++q) {
                const uint32_t off = q + 1 < Q ? 32 * uint32_t(q) : last;
                const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + off));
                const __m256i prod = f == 1 ? h
                                            : _mm256_xor_si256(_mm256_shuffle_epi8(tf, _mm256_and_si256(h, mask)),
                                                               _mm256_shuffle_epi8(tf4, _mm256_and_si256(_mm256_srli_epi16(h, 4), mask)));
                a[q] = _mm256_xor_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(dst + off)), prod);
            }
#pragma GCC unroll 4
            for (int q = 0; q < Q; ++q)
                _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + (q + 1 < Q ? 32 * q : last)), a[q]);
        }
    }
    // y' = y - A r: r as nibbles (zero from column ko on), the last chunk's
    // overlap with the one before masked out of it.
    alignas(32) uint64_t rp[12] = {0};
    for (uint32_t c = 0; c < ko; ++c) rp[c >> 4] |= uint64_t(r[c] & 0xF) << (4 * (c & 15));
    alignas(32) uint8_t keep[32];
    for (uint32_t b = 0; b < 32; ++b) keep[b] = Q == 1 || last + b >= 32 * (Q - 1) ? 0xFF : 0;
    const __m256i km = _mm256_load_si256(reinterpret_cast<const __m256i*>(keep));
    __m256i rl[Q], rh[Q];
    const uint8_t* rb = reinterpret_cast<const uint8_t*>(rp);
#pragma GCC unroll 4
    for (int q = 0; q < Q; ++q) {
        __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(rb + (q + 1 < Q ? 32 * q : last)));
        if (q + 1 == Q) b = _mm256_and_si256(b, km);
        rl[q] = _mm256_and_si256(b, mask);
        rh[q] = _mm256_and_si256(_mm256_srli_epi16(b, 4), mask);
    }
    for (uint32_t row = 0; row < m; ++row) {
        uint64_t* rw = ap + size_t(row) * W;
        const uint8_t* ab = reinterpret_cast<const uint8_t*>(rw);
        __m256i acc = _mm256_setzero_si256();
#pragma GCC unroll 4
        for (int q = 0; q < Q; ++q) {
            const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ab + (q + 1 < Q ? 32 * q : last)));
            acc = _mm256_xor_si256(acc, gf16_mul_lanes(_mm256_and_si256(a, mask), rl[q]));
            acc = _mm256_xor_si256(acc, gf16_mul_lanes(_mm256_and_si256(_mm256_srli_epi16(a, 4), mask), rh[q]));
        }
        __m128i h = _mm_xor_si128(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
        h = _mm_xor_si128(h, _mm_srli_si128(h, 8));
        uint64_t w = uint64_t(_mm_cvtsi128_si64(h));
        w ^= w >> 32;
        w ^= w >> 16;
        w ^= w >> 8;
        rw[ko >> 4] ^= (w & 0xF) << (4 * (ko & 15));
    }
    std::memset(hi, 0, sizeof(uint64_t) * size_t(R - m) * W);
    std::memset(blk, 0, sizeof blk);
    std::memset(rp, 0, sizeof rp);
    __asm__ __volatile__("" : : "r"(hi), "r"(blk), "r"(rp) : "memory");
}

PQ_AVX2 bool rows_of_a(const Params& p, const uint64_t* cols, uint32_t Lx, const uint64_t* y, const uint8_t* r,
                       uint64_t* ap) {
    const uint32_t ko = p.k * p.o, W = (ko + 1 + 15) / 16;
    if (W <= 4 || W > 12 || p.kk() > kMaxKK || p.kk() < 2 || Lx < (p.m + p.kk() - 1 + 15) / 16) return false;
    for (uint32_t i = 0; i < 5; ++i)
        if (i + p.kk() - 2 >= p.m) return false;  // one pass must fold everything (true for every set)
    if (W <= 8)
        rows_of_a_q<2>(p, cols, Lx, y, r, ap);
    else
        rows_of_a_q<3>(p, cols, Lx, y, r, ap);
    return true;
}

PQ_AVX2 void echelon_form(uint64_t* ap, uint32_t nrows, uint32_t ncols) {
    const uint32_t W = (ncols + 15) / 16;
    if (W <= 4 || ncols > nrows + 31)
        kernels_portable().echelon_form(ap, nrows, ncols);  // no such set (64 < k*o + 1 <= m + 31)
    else if (W <= 8)
        echelon_q<2>(ap, nrows, ncols);
    else
        echelon_q<3>(ap, nrows, ncols);
}

// One vector's m/2 keystream bytes at src into its L limb words at dst: Q
// ymm, the last one at 8 L - 32 (last) masked by limb_tail_mask to drop the
// bytes past the vector; every load before any store (in-place safe).
PQ_AVX2 inline __m256i limb_tail_mask(uint32_t m) {
    const uint32_t L = (m + 15) / 16, mb = m / 2;
    alignas(32) uint8_t keep[32];
    for (uint32_t b = 0; b < 32; ++b) keep[b] = b < 32 - (8 * L - mb) ? 0xFF : 0;
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(keep));
}

template <int Q>
PQ_AVX2 inline void vector_to_limbs(const uint8_t* src, uint8_t* dst, uint32_t last, __m256i km) {
    __m256i c[Q];
    for (int q = 0; q < Q; ++q)
        c[q] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + (q + 1 < Q ? 32 * q : last)));
    c[Q - 1] = _mm256_and_si256(c[Q - 1], km);
    for (int q = 0; q < Q; ++q)
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + (q + 1 < Q ? 32 * q : last)), c[q]);
}

// ---- P1 | P2 bytes -> limbs, in place, from the last vector down. Vector
// i is read at the same chunk offsets as it is written (0, 32, ..., 8L-32,
// all loads before the stores), so the last chunk reads up to 8L - m/2
// bytes past its packed vector (still inside P, which holds count * 8L
// bytes) and masks them: no partial read-back of a fresh store.
template <int Q>
PQ_AVX2 void nibbles_in_place_q(uint64_t* P, uint32_t count, uint32_t m) {
    const uint32_t L = (m + 15) / 16, mb = m / 2, last = 8 * L - 32;
    uint8_t* bytes = reinterpret_cast<uint8_t*>(P);
    const __m256i km = limb_tail_mask(m);
    for (uint32_t i = count; i-- > 0;) {
        const uint8_t* src = bytes + size_t(i) * mb;
        vector_to_limbs<Q>(src, bytes + size_t(i) * L * 8, last, km);
    }
}

PQ_AVX2 void nibbles_in_place(uint64_t* P, uint32_t count, uint32_t m) {
    const uint32_t L = (m + 15) / 16;
    if (L == 4) return nibbles_in_place_q<1>(P, count, m);
    if (L >= 5 && L <= 8) return nibbles_in_place_q<2>(P, count, m);
    if (L >= 9 && L <= 12) return nibbles_in_place_q<3>(P, count, m);
    kernels_portable().nibbles_in_place(P, count, m);
}

// ---- AES-128-CTR keystream with VAES (two blocks per instruction)

PQ_VAES inline __m128i expand_step(__m128i k, __m128i t) {
    t = _mm_shuffle_epi32(t, 0xFF);
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    k = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    return _mm_xor_si128(k, t);
}

PQ_VAES void expand_key_vaes(const uint8_t* key, __m256i* rk) {
    __m128i k[11];
    k[0] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(key));
    k[1] = expand_step(k[0], _mm_aeskeygenassist_si128(k[0], 0x01));
    k[2] = expand_step(k[1], _mm_aeskeygenassist_si128(k[1], 0x02));
    k[3] = expand_step(k[2], _mm_aeskeygenassist_si128(k[2], 0x04));
    k[4] = expand_step(k[3], _mm_aeskeygenassist_si128(k[3], 0x08));
    k[5] = expand_step(k[4], _mm_aeskeygenassist_si128(k[4], 0x10));
    k[6] = expand_step(k[5], _mm_aeskeygenassist_si128(k[5], 0x20));
    k[7] = expand_step(k[6], _mm_aeskeygenassist_si128(k[6], 0x40));
    k[8] = expand_step(k[7], _mm_aeskeygenassist_si128(k[7], 0x80));
    k[9] = expand_step(k[8], _mm_aeskeygenassist_si128(k[8], 0x1B));
    k[10] = expand_step(k[9], _mm_aeskeygenassist_si128(k[9], 0x36));
    for (int r = 0; r < 11; ++r) rk[r] = _mm256_broadcastsi128_si256(k[r]);
}

PQ_VAES Status ctr_vaes(const uint8_t* key, uint8_t* out, size_t len) {
    __m256i rk[11];
    expand_key_vaes(key, rk);
    // Counter blocks: 32-bit block index, big-endian in bytes 12..15 (the
    // keystreams here are far shorter than 2^32 blocks).
    const __m256i bswap = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 14, 13, 12, 0, 1, 2, 3, 4, 5, 6,
                                           7, 8, 9, 10, 11, 15, 14, 13, 12);
    const __m256i two = _mm256_setr_epi32(0, 0, 0, 2, 0, 0, 0, 2);
    __m256i ctr = _mm256_setr_epi32(0, 0, 0, 0, 0, 0, 0, 1);
    constexpr int W = 8;  // 16 blocks in flight
    size_t done = 0;
    for (; done + 32 * W <= len; done += 32 * W) {
        __m256i x[W];
        for (int i = 0; i < W; ++i) {
            x[i] = _mm256_xor_si256(_mm256_shuffle_epi8(ctr, bswap), rk[0]);
            ctr = _mm256_add_epi32(ctr, two);
        }
        for (int r = 1; r < 10; ++r)
            for (int i = 0; i < W; ++i) x[i] = _mm256_aesenc_epi128(x[i], rk[r]);
        for (int i = 0; i < W; ++i) {
            x[i] = _mm256_aesenclast_epi128(x[i], rk[10]);
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + done + 32 * i), x[i]);
        }
    }
    for (; done < len; done += 32) {
        __m256i x = _mm256_xor_si256(_mm256_shuffle_epi8(ctr, bswap), rk[0]);
        ctr = _mm256_add_epi32(ctr, two);
        for (int r = 1; r < 10; ++r) x = _mm256_aesenc_epi128(x, rk[r]);
        x = _mm256_aesenclast_epi128(x, rk[10]);
        alignas(32) uint8_t tmp[32];
        _mm256_store_si256(reinterpret_cast<__m256i*>(tmp), x);
        std::memcpy(out + done, tmp, len - done < 32 ? len - done : 32);
    }
    return Status::ok;
}

// P1 | P2 keystream straight into limbs: 32 vectors at a time (32 m/2
// bytes = m/2 whole ymm of keystream, rounded up to the 8 in flight) into an
// L1 buffer, then copied out as nibbles_in_place does (last chunk masked).
// Saves the separate in-place pass over the whole (L2-sized) buffer.
template <int Q>
PQ_VAES void keystream_limbs_q(const __m256i* rk, uint64_t* P, uint32_t count, uint32_t m) {
    constexpr uint32_t G = 32, W = 8;
    const uint32_t L = (m + 15) / 16, mb = m / 2, last = 8 * L - 32, nymm = (mb + W - 1) / W * W;
    alignas(32) uint8_t buf[32 * ((kMaxM / 2 + W - 1) / W * W) + 32];
    const __m256i km = limb_tail_mask(m);
    const __m256i bswap = _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 14, 13, 12, 0, 1, 2, 3, 4, 5, 6,
                                           7, 8, 9, 10, 11, 15, 14, 13, 12);
    const __m256i two = _mm256_setr_epi32(0, 0, 0, 2, 0, 0, 0, 2);
    for (uint32_t b0 = 0; b0 < count; b0 += G) {
        const uint32_t blk = 2 * mb * (b0 / G);  // first block: b0 * mb / 16
        __m256i ctr = _mm256_setr_epi32(0, 0, 0, int(blk), 0, 0, 0, int(blk + 1));
        for (uint32_t y = 0; y < nymm; y += W) {
            __m256i x[W];
            for (uint32_t i = 0; i < W; ++i) {
                x[i] = _mm256_xor_si256(_mm256_shuffle_epi8(ctr, bswap), rk[0]);
                ctr = _mm256_add_epi32(ctr, two);
            }
            for (int r = 1; r < 10; ++r)
                for (uint32_t i = 0; i < W; ++i) x[i] = _mm256_aesenc_epi128(x[i], rk[r]);
            for (uint32_t i = 0; i < W; ++i)
                _mm256_store_si256(reinterpret_cast<__m256i*>(buf + 32 * (y + i)), _mm256_aesenclast_epi128(x[i], rk[10]));
        }
        const uint32_t nv = count - b0 < G ? count - b0 : G;
        for (uint32_t i = 0; i < nv; ++i) {
            const uint8_t* src = buf + size_t(i) * mb;
            vector_to_limbs<Q>(src, reinterpret_cast<uint8_t*>(P + size_t(b0 + i) * L), last, km);
        }
    }
}

PQ_VAES Status keystream_limbs(const uint8_t* key, uint64_t* P, uint32_t count, uint32_t m) {
    const uint32_t L = (m + 15) / 16;
    if (m > kMaxM || m / 2 < 32 || L > 12) {  // no such set: keystream, then unpacking
        const Status st = ctr_vaes(key, reinterpret_cast<uint8_t*>(P), size_t(count) * (m / 2));
        if (st == Status::ok) nibbles_in_place(P, count, m);
        return st;
    }
    __m256i rk[11];
    expand_key_vaes(key, rk);
    if (L == 4)
        keystream_limbs_q<1>(rk, P, count, m);
    else if (L <= 8)
        keystream_limbs_q<2>(rk, P, count, m);
    else
        keystream_limbs_q<3>(rk, P, count, m);
    return Status::ok;
}

// ---- The same keystreams four blocks per instruction (AVX-512F/BW +
// VAES, zmm), a table variant for CPUs that have them. The key and the
// counters are public (seed_pk), so nothing here needs to be constant time;
// the AVX2 table stays for CPUs without AVX-512 and for the valgrind CT
// tests (they mask avx512). Measured on the EPYC host: 101 KB of MAYO-2
// keystream in ~0.6x the ticks of the ymm loop.
#define PQ_VAES512 __attribute__((target("avx2,aes,vaes,avx512f,avx512bw")))

PQ_VAES512 inline void expand_key_vaes512(const uint8_t* key, __m512i* rk) {
    // (replicated through memory: GCC 12's broadcast intrinsics warn under -Wall)
    alignas(64) __m256i r[11][2];
    __m256i k[11];
    expand_key_vaes(key, k);
    for (int i = 0; i < 11; ++i) r[i][0] = r[i][1] = k[i];
    for (int i = 0; i < 11; ++i) rk[i] = _mm512_load_si512(r[i]);
}

// W zmm (4W blocks) from counter block blk on: 10 rounds, stored at out.
template <int W>
PQ_VAES512 inline void ctr_zmm(const __m512i* rk, uint32_t blk, uint8_t* out) {
    const __m512i bswap = _mm512_setr_epi32(0x03020100, 0x07060504, 0x0B0A0908, 0x0C0D0E0F, 0x03020100, 0x07060504,
                                            0x0B0A0908, 0x0C0D0E0F, 0x03020100, 0x07060504, 0x0B0A0908, 0x0C0D0E0F,
                                            0x03020100, 0x07060504, 0x0B0A0908, 0x0C0D0E0F);
    const __m512i four = _mm512_setr_epi32(0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0, 4);
    __m512i ctr = _mm512_add_epi32(_mm512_setr_epi32(0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3),
                                   _mm512_setr_epi32(0, 0, 0, int(blk), 0, 0, 0, int(blk), 0, 0, 0, int(blk), 0, 0, 0,
                                                     int(blk)));
    __m512i x[W];
    for (int i = 0; i < W; ++i) {
        x[i] = _mm512_xor_si512(_mm512_shuffle_epi8(ctr, bswap), rk[0]);
        ctr = _mm512_add_epi32(ctr, four);
    }
    for (int r = 1; r < 10; ++r)
        for (int i = 0; i < W; ++i) x[i] = _mm512_aesenc_epi128(x[i], rk[r]);
    for (int i = 0; i < W; ++i)
        _mm512_storeu_si512(reinterpret_cast<__m512i*>(out + 64 * i), _mm512_aesenclast_epi128(x[i], rk[10]));
}

PQ_VAES512 Status ctr_vaes512(const uint8_t* key, uint8_t* out, size_t len) {
    __m512i rk[11];
    expand_key_vaes512(key, rk);
    // 32-bit block index (as ctr_vaes): 32 blocks in flight.
    constexpr int W = 8;
    size_t done = 0;
    for (; done + 64 * W <= len; done += 64 * W) ctr_zmm<W>(rk, uint32_t(done / 16), out + done);
    if (done < len) {
        alignas(64) uint8_t tmp[64 * W];
        ctr_zmm<W>(rk, uint32_t(done / 16), tmp);
        std::memcpy(out + done, tmp, len - done);
        wipe(tmp, sizeof tmp);  // (public; keeps the stack tidy)
    }
    return Status::ok;
}

// keystream_limbs_q with the zmm keystream (same buffer geometry: nymm ymm
// = nymm/2 zmm, a multiple of 4, per group of 32 vectors).
template <int Q>
PQ_VAES512 void keystream_limbs512_q(const __m512i* rk, uint64_t* P, uint32_t count, uint32_t m) {
    constexpr uint32_t G = 32, W = 8;
    const uint32_t L = (m + 15) / 16, mb = m / 2, last = 8 * L - 32, nz = (mb + W - 1) / W * W / 2;
    alignas(64) uint8_t buf[32 * ((kMaxM / 2 + W - 1) / W * W) + 64];
    const __m256i km = limb_tail_mask(m);
    for (uint32_t b0 = 0; b0 < count; b0 += G) {
        const uint32_t blk = 2 * mb * (b0 / G);  // first block: b0 * mb / 16
        uint32_t y = 0;
        for (; y + 8 <= nz; y += 8) ctr_zmm<8>(rk, blk + 4 * y, buf + 64 * y);
        if (y < nz) ctr_zmm<4>(rk, blk + 4 * y, buf + 64 * y);  // nz is a multiple of 4
        const uint32_t nv = count - b0 < G ? count - b0 : G;
        for (uint32_t i = 0; i < nv; ++i) {
            const uint8_t* src = buf + size_t(i) * mb;
            vector_to_limbs<Q>(src, reinterpret_cast<uint8_t*>(P + size_t(b0 + i) * L), last, km);
        }
    }
}

PQ_VAES512 Status keystream_limbs512(const uint8_t* key, uint64_t* P, uint32_t count, uint32_t m) {
    const uint32_t L = (m + 15) / 16;
    if (m > kMaxM || m / 2 < 32 || L > 12) {  // no such set: keystream, then unpacking
        const Status st = ctr_vaes512(key, reinterpret_cast<uint8_t*>(P), size_t(count) * (m / 2));
        if (st == Status::ok) nibbles_in_place(P, count, m);
        return st;
    }
    __m512i rk[11];
    expand_key_vaes512(key, rk);
    if (L == 4)
        keystream_limbs512_q<1>(rk, P, count, m);
    else if (L <= 8)
        keystream_limbs512_q<2>(rk, P, count, m);
    else
        keystream_limbs512_q<3>(rk, P, count, m);
    return Status::ok;
}

Status ctr_generic(const uint8_t* key, uint8_t* out, size_t len) { return cipher::aes128_ctr(key, 16, out, len); }

constexpr Kernels kAvx2Vaes{"avx2+vaes", ctr_vaes, upper_times, sym_times, lower_times, rect_times, scalars_times, p_times_s,
                             keygen_products, sign_products, echelon_form, nibbles_in_place, p_times_s_packed,
                             sign_products_packed, keystream_limbs, a_columns, back_substitute, rows_of_a};
// AVX2 kernels with the zmm keystream (AVX-512F/BW + VAES; PQMCU_CPU_DISABLE=avx512 masks it).
constexpr Kernels kAvx2Vaes512{"avx2+vaes512", ctr_vaes512, upper_times, sym_times, lower_times, rect_times,
                               scalars_times, p_times_s, keygen_products, sign_products, echelon_form,
                               nibbles_in_place, p_times_s_packed, sign_products_packed, keystream_limbs512,
                               a_columns, back_substitute, rows_of_a};
// The same with verification's products from the AVX-512 VL + VBMI build
// (PQMCU_CPU_DISABLE=avx512vbmi masks it); signing and key generation as above.
constexpr Kernels kAvx512Vbmi{"avx512vbmi+vaes512", ctr_vaes512, upper_times, sym_times, lower_times, rect_times,
                              scalars_times, avx512_build::p_times_s, keygen_products, sign_products, echelon_form,
                              nibbles_in_place, avx512_build::p_times_s_packed, sign_products_packed,
                              keystream_limbs512, a_columns, back_substitute, rows_of_a};
constexpr Kernels kAvx2{"avx2", ctr_generic, upper_times, sym_times, lower_times, rect_times, scalars_times, p_times_s,
                             keygen_products, sign_products, echelon_form, nibbles_in_place, p_times_s_packed,
                             sign_products_packed, nullptr, a_columns, back_substitute, rows_of_a};

}  // namespace

const Kernels* kernels_avx2() {
    const x86::CpuFeatures& f = x86::cpu_features();
    if (!f.avx2) return nullptr;
    if (!(f.vaes && f.aesni)) return &kAvx2;
    if (!(f.avx512f && f.avx512bw)) return &kAvx2Vaes;
    return f.avx512vl && f.avx512vbmi ? &kAvx512Vbmi : &kAvx2Vaes512;
}

}  // namespace pqmcu::mayo
