// SPDX-License-Identifier: Apache-2.0 OR MIT
// Classic McEliece key generation on the M4 with the public key streamed
// (Scheme::keypair with a sink; built per set by tests/m4/CMakeLists.txt):
//   PQMCU_MCE_SET        the set (mceliece/params.hpp)
//   PQMCU_MCE_SEED       count 0's 48-byte DRBG seed (hex)
//   PQMCU_MCE_PK_SHAKE   SHAKE256-512 of count 0's pk (hex)
//   PQMCU_MCE_SK_SHAKE   SHAKE256-512 of count 0's sk (hex)
// from ../shared/kat/mceliece/count0-botan.csv. As the NIST harness: CTR-DRBG
// seeded with the seed, keypair; the sink hashes the pk as it arrives (it
// never exists in RAM) and prints progress, as does the progress callback
// during the left block's inversion. Prints the stack peak and the
// workspace (the key generation's whole RAM but the caller's sk) and marks
// the key generation for the cycle-model plugin (marks 0 and 1).
#include <cstddef>
#include <cstdint>

#include "hash/shake.hpp"
#include "m4/bench_mark.hpp"
#include "m4/format.hpp"
#include "m4/stack.hpp"
#include "mceliece/scheme.hpp"
#include "rng/ctr_drbg.hpp"

#if !defined(PQMCU_MCE_SET) || !defined(PQMCU_MCE_SEED) || !defined(PQMCU_MCE_PK_SHAKE) || \
    !defined(PQMCU_MCE_SK_SHAKE)
#error "define PQMCU_MCE_SET, PQMCU_MCE_SEED, PQMCU_MCE_PK_SHAKE and PQMCU_MCE_SK_SHAKE"
#endif

namespace {
using namespace pqmcu;
using S = mceliece::Scheme<mceliece::PQMCU_MCE_SET>;

S::KeygenSinkWorkspace g_ws;
uint8_t g_sk[S::sk_bytes];

bool from_hex(const char* hex, uint8_t* out, size_t n) {
    auto nib = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    for (size_t i = 0; i < n; ++i) {
        const int hi = nib(hex[2 * i]), lo = hi < 0 ? -1 : nib(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return false;
        out[i] = uint8_t(hi << 4 | lo);
    }
    return hex[2 * n] == 0;
}

bool equal(const uint8_t* a, const uint8_t* b, size_t n) {
    uint8_t d = 0;
    for (size_t i = 0; i < n; ++i) d |= uint8_t(a[i] ^ b[i]);
    return d == 0;
}
}  // namespace

int main() {
    uint8_t seed[48], want_pk[64], want_sk[64], got_pk[64], got_sk[64];
    if (!from_hex(PQMCU_MCE_SEED, seed, 48) || !from_hex(PQMCU_MCE_PK_SHAKE, want_pk, 64) ||
        !from_hex(PQMCU_MCE_SK_SHAKE, want_sk, 64)) {
        m4::print("FAIL: bad expected values\n");
        return 1;
    }
    rng::CtrDrbg drbg;
    if (drbg.init(seed, nullptr) != Status::ok) return 1;
    auto rng = [&drbg](uint8_t* out, size_t n) { return drbg.generate(out, n); };

    hash::Shake256 pk_hash;
    size_t pk_done = 0;
    auto sink = [&](const uint8_t* bytes, size_t n) {
        pk_hash.absorb(bytes, n);
        pk_done += n;
        m4::print("%s keygen: pk %u / %u rows\n", S::name, unsigned(pk_done / S::params.pk_row_bytes()),
                  unsigned(S::params.mt()));
        return Status::ok;
    };
    m4::print("%s keygen (sink): workspace %u B; the left block's inverse first, then the pk in %u-row bands\n",
              S::name, unsigned(sizeof g_ws), unsigned(mceliece::sink_band_rows(S::params)));
    m4::stack_paint();
    pqmcu_bench_mark(0);
    // The inversion's progress (the sink reports the rows written).
    auto progress = [](uint32_t done, uint32_t total) {
        if (done < total / 2)
            m4::print("%s keygen: inverting the left block, step %u / %u\n", S::name, unsigned(done),
                      unsigned(total / 2));
    };
    const Status st = S::keypair(sink, g_sk, rng, g_ws, progress);
    pqmcu_bench_mark(1);
    const size_t stack = m4::stack_peak_bytes();
    pk_hash.finalize();
    pk_hash.squeeze(got_pk, 64);
    hash::shake256(got_sk, 64, g_sk, S::sk_bytes);

    int failures = 0;
    if (st != Status::ok) {
        m4::print("FAIL: keypair status %d\n", int(st));
        ++failures;
    }
    if (pk_done != S::pk_bytes) {
        m4::print("FAIL: the sink got %u of %u pk bytes\n", unsigned(pk_done), unsigned(S::pk_bytes));
        ++failures;
    }
    if (!equal(got_pk, want_pk, 64)) {
        m4::print("FAIL: SHAKE256-512(pk) differs from count 0\n");
        ++failures;
    }
    if (!equal(got_sk, want_sk, 64)) {
        m4::print("FAIL: SHAKE256-512(sk) differs from count 0\n");
        ++failures;
    }
    m4::print("pqmcu-mce-keygen set=%s stack=%u ws=%u total=%u pk=%u sk=%u\n", S::name, unsigned(stack),
              unsigned(sizeof g_ws), unsigned(stack + sizeof g_ws), unsigned(S::pk_bytes), unsigned(S::sk_bytes));
    m4::print("%s\n", failures == 0 ? "PASS: count-0 pk and sk" : "FAIL");
    return failures == 0 ? 0 : 1;
}
