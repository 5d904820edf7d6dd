// SPDX-License-Identifier: Apache-2.0 OR MIT
// Constant-time check of NTRU key generation, encapsulation and
// decapsulation (valid and tampered ciphertexts): the randomness (the bytes
// the reference draws) and the secret key are poisoned; valgrind reports any
// branch or memory index that depends on them.
#include <cstdio>
#include <cstring>
#include <memory>

#include <vector>

#include "core/secure.hpp"
#include "ntru/inverse.hpp"
#include "ntru/scheme.hpp"

namespace {
using namespace pqmcu;

template <class Set, class Profile = ntru::Default>
int run() {
    using S = ntru::Scheme<Set, Profile>;
    auto ws = std::make_unique<typename S::Workspace>();
    static uint8_t fg[S::fg_seed_bytes], prf[S::prf_key_bytes], rm[S::rm_seed_bytes];
    static uint8_t pk[S::pk_bytes], sk[S::sk_bytes], ct[S::ct_bytes], ss[S::ss_bytes], ss2[S::ss_bytes];
    for (size_t i = 0; i < sizeof fg; ++i) fg[i] = uint8_t(i * 7 + 1);
    for (size_t i = 0; i < sizeof prf; ++i) prf[i] = uint8_t(i * 11 + 3);
    for (size_t i = 0; i < sizeof rm; ++i) rm[i] = uint8_t(i * 13 + 5);

    ct_poison(fg, sizeof fg);
    ct_poison(prf, sizeof prf);
    if (S::keypair_derand(pk, sk, fg, prf, *ws) != Status::ok) return 1;
    ct_unpoison(pk, sizeof pk);
    ct_poison(sk, sizeof sk);
    ct_poison(rm, sizeof rm);
    if (S::encapsulate_derand(ct, ss, pk, rm, *ws) != Status::ok) return 1;
    ct_unpoison(ct, sizeof ct);
    if (S::decapsulate(ss2, ct, sk, *ws) != Status::ok) return 1;
    // A tampered ciphertext takes the same path to the rejection secret.
    ct[S::ct_bytes / 2] ^= 0x10;
    static uint8_t ss3[S::ss_bytes];
    if (S::decapsulate(ss3, ct, sk, *ws) != Status::ok) return 1;
    ct_unpoison(ss, sizeof ss);
    ct_unpoison(ss2, sizeof ss2);
    ct_unpoison(ss3, sizeof ss3);
    ct_unpoison(sk, sizeof sk);
    if (std::memcmp(ss, ss2, sizeof ss) != 0 || std::memcmp(ss, ss3, sizeof ss) == 0) return 1;
    return 0;
}
// The M4 key generation's inversion mod 3 by exponentiation, its carry-less
// product mod 2, its integer products (and squares) of ternary polynomials,
// hrss701's mod 32 lane product and the squares w0^2 mod 16 / 32 (hosts' key
// generation takes other paths): poisoned inputs.
int run_m4_pieces(size_t n) {
    std::vector<uint16_t> a(n), b(n), r(n);
    std::vector<uint32_t> scratch(ntru::detail::s3_exp_scratch_words(n) + ntru::detail::r2_cube_scratch_words(n) +
                                  ntru::detail::z3_int_words(n));
    for (size_t i = 0; i < n; ++i) a[i] = uint16_t((i * 7 + i / 5) % 3), b[i] = uint16_t(i % 5);
    ct_poison(a.data(), n * sizeof a[0]);
    ct_poison(b.data(), n * sizeof b[0]);
    ntru::detail::s3_inverse_exp(r.data(), a.data(), n, scratch.data());
    ntru::detail::r2_mul(b.data(), a.data(), b.data(), n, scratch.data());
    std::vector<uint16_t> c(n), d(n);
    ntru::detail::z3_mul_int(c.data(), a.data(), r.data(), n, scratch.data());  // g f, f^2 (ternary operands)
    ntru::detail::z3_sqr_int(d.data(), a.data(), n, scratch.data());  // f^2, g^2
    std::vector<uint16_t> e(n);
    ntru::detail::mod32_mul_lanes(e.data(), a.data(), a.data(), n, scratch.data());  // (operands <= 3)
    std::vector<uint16_t> s16(n), s32(n);
    ntru::detail::small_sqr_lanes(s16.data(), a.data(), n, scratch.data(), 15);  // w0^2 mod 16 / 32 (w0 <= 3)
    ntru::detail::small_sqr_lanes(s32.data(), a.data(), n, scratch.data(), 31);
    // The M4's fixed-weight sort (its C form here): n - 1 secret keys, 508 /
    // 700 (padded to 512 / 704: at 701 the partial last blocks' rounds too)
    std::vector<uint32_t> keys(n - 1 + 8);
    for (size_t i = 0; i + 1 < n; ++i) keys[i] = uint32_t(i * 2654435761u) & ~3u;
    ct_poison(keys.data(), (n - 1) * sizeof keys[0]);
    ntru::detail::sort_uint32_blocks(keys.data(), n - 1);
    ct_unpoison(keys.data(), keys.size() * sizeof keys[0]);
    ct_unpoison(r.data(), n * sizeof r[0]);
    ct_unpoison(b.data(), n * sizeof b[0]);
    ct_unpoison(c.data(), n * sizeof c[0]);
    ct_unpoison(d.data(), n * sizeof d[0]);
    ct_unpoison(e.data(), n * sizeof e[0]);
    ct_unpoison(s16.data(), n * sizeof s16[0]);
    ct_unpoison(s32.data(), n * sizeof s32[0]);
    return r[n - 1] != 0;
}
}  // namespace

int main() {
    using namespace pqmcu::ntru;
    // (Speed: the x86 products' buffers in the workspace, as the registry runs them)
    const int bad = run<ntruhps2048509>() | run<ntruhrss701>() | run<ntruhps2048509, Speed>() |
                    run<ntruhrss701, Speed>() | run_m4_pieces(509) | run_m4_pieces(701);
    std::puts(bad ? "ct_ntru: an operation failed" : "ct_ntru: done");
    return bad;
}
