// SPDX-License-Identifier: Apache-2.0 OR MIT
// Cortex-M4 benchmark operations of the NTRU KEM: keygen, encaps, decaps for
// the six sets (rows "<set>_keygen" / "_encaps" / "_decaps"). Each row uses
// (and is charged) its operation's own KeygenWorkspace / EncapsWorkspace /
// DecapsWorkspace in the shared bench arena (4-37 KB); keys and ciphertext
// in one .bss buffer (not charged). Randomness: a fixed counter pattern reset
// in every setup(), so warm-up and measured run do the same work.
#include <cstddef>
#include <cstdint>

#include "arena.hpp"
#include "bench_ops.hpp"
#include "m4/exit.hpp"
#include "m4/format.hpp"
#include "ntru/scheme.hpp"
#include "sign_bench.hpp"  // PatternRng

namespace pqmcu::bench {
namespace {

// pk | sk | ct of the largest set, shared by all rows (setup remakes them).
constexpr size_t kIoBytes = 2401 + 2983 + 2401 + 64;
alignas(8) uint8_t g_io[kIoBytes];

template <class Set>
struct KemBench {
    using S = ntru::Scheme<Set>;
    static_assert(S::pk_bytes + S::sk_bytes + S::ct_bytes + 2 * S::ss_bytes <= kIoBytes);
    static constexpr uint8_t* pk = g_io;
    static constexpr uint8_t* sk = g_io + S::pk_bytes;
    static constexpr uint8_t* ct = g_io + S::pk_bytes + S::sk_bytes;
    static constexpr uint8_t* ss = g_io + S::pk_bytes + S::sk_bytes + S::ct_bytes;
    static constexpr uint8_t* ss2 = ss + S::ss_bytes;
    static inline PatternRng rng{};

    static void check(Status st, const char* what) {
        if (st != Status::ok) {
            m4::print("pqmcu-bench error: %s %s returned status %d\n", S::name, what, int(st));
            m4::exit(m4::exit_test_failed);
        }
    }
    static void reset_rng(uint8_t salt) {
        rng.counter = 0;
        rng.salt = salt;
    }
    template <class W>
    static W& ws() {
        return arena_as<W>();
    }

    static void setup_keygen() { reset_rng(1); }
    static void keygen() { check(S::keypair(pk, sk, rng, ws<typename S::KeygenWorkspace>()), "keypair"); }
    static void setup_encaps() {
        setup_keygen();
        keygen();
        reset_rng(2);
    }
    static void encaps() { check(S::encapsulate(ct, ss, pk, rng, ws<typename S::EncapsWorkspace>()), "encapsulate"); }
    static void setup_decaps() {
        setup_encaps();
        encaps();
    }
    static void decaps() {
        check(S::decapsulate(ss2, ct, sk, ws<typename S::DecapsWorkspace>()), "decapsulate");
        for (size_t i = 0; i < S::ss_bytes; ++i)
            if (ss2[i] != ss[i]) check(Status::internal_error, "decapsulate (wrong secret)");
    }
    static void report(unsigned index) { m4::print("pqmcu-op-info %u set=%s\n", index, S::name); }
};

}  // namespace
}  // namespace pqmcu::bench

#define PQMCU_KEM_BENCH_OPS(label, B)                                                                   \
    {label "_keygen", B::setup_keygen, B::keygen, nullptr, sizeof(typename B::S::KeygenWorkspace), B::report}, \
        {label "_encaps", B::setup_encaps, B::encaps, nullptr, sizeof(typename B::S::EncapsWorkspace), B::report}, \
        {label "_decaps", B::setup_decaps, B::decaps, nullptr, sizeof(typename B::S::DecapsWorkspace), B::report}

namespace pqmcu::bench {
namespace nt = pqmcu::ntru;
PQMCU_BENCH_GROUP(ntru_ops, "ntru",
                  {PQMCU_KEM_BENCH_OPS("ntruhps2048509", KemBench<nt::ntruhps2048509>),
                   PQMCU_KEM_BENCH_OPS("ntruhps2048677", KemBench<nt::ntruhps2048677>),
                   PQMCU_KEM_BENCH_OPS("ntruhps4096821", KemBench<nt::ntruhps4096821>),
                   PQMCU_KEM_BENCH_OPS("ntruhps40961229", KemBench<nt::ntruhps40961229>),
                   PQMCU_KEM_BENCH_OPS("ntruhrss701", KemBench<nt::ntruhrss701>),
                   PQMCU_KEM_BENCH_OPS("ntruhrss1373", KemBench<nt::ntruhrss1373>)});
}  // namespace pqmcu::bench
