// SPDX-License-Identifier: Apache-2.0 OR MIT
// Cortex-M4 benchmark operations of Classic McEliece encapsulation and
// decapsulation for ONE set (PQMCU_MCE_BENCH_SET): its public key (261 KB to
// 1.36 MB) sits in flash, so every set is its own firmware
// (pqmcu_m4_bench_mceliece_<set>, bench/m4/CMakeLists.txt) running main.cpp
// with this group only. Keys: count 0 of the official KAT, made on the host at
// build time (tools/kat/mceliece_m4_vectors.cpp); the public key is read in
// place from flash. Rows "mceliece/<set>_encaps" and "_decaps"; their
// workspaces are the per-operation EncapsWorkspace / DecapsWorkspace (ws=).
// The encapsulation's random bytes come from a buffer filled by the NIST
// DRBG in setup(), so the row measures FixedWeight and Encode, not AES; its
// info line gives the number of FixedWeight draws (fw_draws=), and the row
// "_rng" measures one such draw from the NIST CTR-DRBG (AES-256, the
// library's constant-time backend): what a software DRBG as the rng would
// add per draw. The row "_encapsmean" is the mean of 16 encapsulations
// (count 0's random stream continued; the first is count 0's, checked):
// count 0 alone needs 1 to 6 FixedWeight draws depending on the set, while
// the expected number is 1.8 (348864) to 3.4 (6688128).
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "bench_ops.hpp"
#include "m4/exit.hpp"
#include "m4/format.hpp"
#include "mceliece/scheme.hpp"
#include "rng/ctr_drbg.hpp"

#ifndef PQMCU_MCE_BENCH_SET
#error "define PQMCU_MCE_BENCH_SET"
#endif

extern "C" {
extern const uint8_t mce_vec_pk[], mce_vec_sk[], mce_vec_seed[], mce_vec_ct[], mce_vec_ss[];
}

namespace pqmcu::bench {
namespace {
using S = mceliece::Scheme<mceliece::PQMCU_MCE_BENCH_SET>;

// Enough draws for several FixedWeight attempts (count 0 needs few).
constexpr size_t kRandomBytes = 16 * S::params.fixed_weight_bytes();
uint8_t g_random[kRandomBytes];
size_t g_random_used = 0;
S::EncapsWorkspace g_ews;
S::DecapsWorkspace g_dws;
uint8_t g_ct[S::ct_bytes], g_ss[S::ss_bytes];

void check(bool ok, const char* what) {
    if (!ok) {
        m4::print("pqmcu-bench error: %s %s\n", S::name, what);
        m4::exit(m4::exit_test_failed);
    }
}

void setup_encaps() {
    rng::CtrDrbg drbg;
    check(drbg.init(mce_vec_seed) == Status::ok, "drbg");
    uint8_t delta[32];
    check(drbg.generate(delta, sizeof delta) == Status::ok, "drbg");  // key generation's draw
    // One generate() per FixedWeight attempt, as encapsulate() draws (the
    // DRBG's output depends on how it is split into calls).
    for (size_t i = 0; i < kRandomBytes; i += S::params.fixed_weight_bytes())
        check(drbg.generate(g_random + i, S::params.fixed_weight_bytes()) == Status::ok, "drbg");
    g_random_used = 0;
}
void encaps() {
    auto rng = [](uint8_t* out, size_t n) {
        if (g_random_used + n > kRandomBytes) return Status::internal_error;
        std::memcpy(out, g_random + g_random_used, n);
        g_random_used += n;
        return Status::ok;
    };
    check(S::encapsulate(g_ct, g_ss, mce_vec_pk, rng, g_ews) == Status::ok, "encapsulate");
    check(std::memcmp(g_ct, mce_vec_ct, S::ct_bytes) == 0 && std::memcmp(g_ss, mce_vec_ss, 32) == 0,
          "encapsulate: not the KAT's ct / ss");
}
// The mean row: kMeanRuns encapsulations from one pre-generated stream.
constexpr unsigned kMeanRuns = 16;
constexpr size_t kMeanDraws = 128;  // 1.8 .. 3.4 draws per encapsulation on average
uint8_t g_mean_random[kMeanDraws * S::params.fixed_weight_bytes()];
size_t g_mean_used = 0;
void setup_mean() {
    rng::CtrDrbg drbg;
    check(drbg.init(mce_vec_seed) == Status::ok, "drbg");
    uint8_t delta[32];
    check(drbg.generate(delta, sizeof delta) == Status::ok, "drbg");
    for (size_t i = 0; i < sizeof g_mean_random; i += S::params.fixed_weight_bytes())
        check(drbg.generate(g_mean_random + i, S::params.fixed_weight_bytes()) == Status::ok, "drbg");
    g_mean_used = 0;
}
void encaps_mean() {
    auto rng = [](uint8_t* out, size_t n) {
        if (g_mean_used + n > sizeof g_mean_random) return Status::internal_error;
        std::memcpy(out, g_mean_random + g_mean_used, n);
        g_mean_used += n;
        return Status::ok;
    };
    for (unsigned i = 0; i < kMeanRuns; ++i) {
        check(S::encapsulate(g_ct, g_ss, mce_vec_pk, rng, g_ews) == Status::ok, "encapsulate (mean)");
        if (i == 0)
            check(std::memcmp(g_ct, mce_vec_ct, S::ct_bytes) == 0 && std::memcmp(g_ss, mce_vec_ss, 32) == 0,
                  "encapsulate (mean): not the KAT's ct / ss");
    }
}
void report_mean(unsigned index) {
    // last_ss: the 16th secret's first bytes, to compare with a host run of
    // the same stream (the draws and this must agree).
    m4::print("pqmcu-op-info %u set=%s runs=%u fw_draws=%u last_ss=%02x%02x%02x%02x\n", index, S::name, kMeanRuns,
              unsigned(g_mean_used / S::params.fixed_weight_bytes()), g_ss[0], g_ss[1], g_ss[2], g_ss[3]);
}
rng::CtrDrbg g_rng_drbg;
uint8_t g_rng_out[S::params.fixed_weight_bytes()];
void setup_rng() { check(g_rng_drbg.init(mce_vec_seed) == Status::ok, "drbg"); }
void rng_draw() { check(g_rng_drbg.generate(g_rng_out, sizeof g_rng_out) == Status::ok, "drbg"); }
void decaps() {
    check(S::decapsulate(g_ss, mce_vec_ct, mce_vec_sk, g_dws) == Status::ok, "decapsulate");
    check(std::memcmp(g_ss, mce_vec_ss, 32) == 0, "decapsulate: wrong secret");
}
void report(unsigned index) { m4::print("pqmcu-op-info %u set=%s\n", index, S::name); }
void report_encaps(unsigned index) {
    m4::print("pqmcu-op-info %u set=%s fw_draws=%u\n", index, S::name,
              unsigned(g_random_used / S::params.fixed_weight_bytes()));
}

#define PQMCU_STR2(x) #x
#define PQMCU_STR(x) PQMCU_STR2(x)

}  // namespace

PQMCU_BENCH_GROUP(mceliece_ops, "mceliece",
                  {{PQMCU_STR(PQMCU_MCE_BENCH_SET) "_encaps", setup_encaps, encaps, nullptr,
                    sizeof(S::EncapsWorkspace), report_encaps},
                   {PQMCU_STR(PQMCU_MCE_BENCH_SET) "_decaps", nullptr, decaps, nullptr, sizeof(S::DecapsWorkspace),
                    report},
                   {PQMCU_STR(PQMCU_MCE_BENCH_SET) "_encapsmean", setup_mean, encaps_mean, nullptr,
                    sizeof(S::EncapsWorkspace), report_mean},
                   {PQMCU_STR(PQMCU_MCE_BENCH_SET) "_rng", setup_rng, rng_draw, nullptr, 0, report}});

}  // namespace pqmcu::bench
