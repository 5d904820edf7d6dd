// SPDX-License-Identifier: Apache-2.0 OR MIT
// Cortex-M4 benchmark rows of MQOM's pre-signature and streaming-verification
// variants (mqom/presign.hpp, mqom/stream.hpp), L1 gf16 fast and short r5:
//   mqom_variants/<set>_presign_offline    presign() once (Balanced)
//   mqom_variants/<set>_presign_online     sign_online() of Messages messages
//                                          (pre-signatures made in setup; mean
//                                          per message, w= and nonces= for the
//                                          grinding adjustment)
//   mqom_variants/<set>_stream_verify      VerifyStream (Memory): init, the
//                                          signature in 64-byte chunks copied
//                                          into a chunk buffer (a UART's), final
//   mqom_variants/<set>_grind_loop         the signer's grinding loop
//                                          (detail::grind) on a fixed h whose
//                                          first valid nonce is >= 2^w: the
//                                          mean per nonce tried (messages=
//                                          the tries), what the online rows'
//                                          grinding adjustment multiplies
//   mqom_variants/<set>_stream_verify_g<k> the same with groups of k
//                                          repetitions (L1 fast, k = 4, 9;
//                                          short, k = 6)
// Their own group, so the base MQOM paper tables do not take them;
// tools/m4sim/bench_table.py prints them (and the mqom_onetree rows) beside
// mqom-paper-presign.csv / -streaming.csv / -onetree.csv. RAM: the row's
// workspace is what the caller must hold besides its stack (presign: the
// Workspace; stream verify: the VerifyStream and the chunk buffer).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>

#include "mqom/presign.hpp"
#include "mqom/stream.hpp"
#include "sign_bench.hpp"

namespace {

namespace mq = pqmcu::mqom;
namespace bn = pqmcu::bench;
using pqmcu::Status;

constexpr size_t kChunk = 64;

[[noreturn]] void fail(const char* set, const char* what, Status st) {
    pqmcu::m4::print("pqmcu-bench error: %s %s returned status %d\n", set, what, int(st));
    pqmcu::m4::exit(pqmcu::m4::exit_test_failed);
}

// Messages: pre-signatures made in setup (which runs twice: 2 x Messages presign).
template <class Set, unsigned Messages>
struct PreRows {
    using P = mq::PreSignScheme<Set, mq::Balanced>;
    static inline uint8_t pk[P::pk_bytes], sk[P::sk_bytes], sig[P::sig_bytes], msg[32];
    static inline typename P::PreSignature pre[Messages];
    static inline bn::PatternRng rng{};
    static inline uint32_t nonces[Messages];
    static inline unsigned done = 0;

    static void keys() {
        rng = bn::PatternRng{0, 1};
        const Status st = P::Base::keypair(pk, sk, rng);
        if (st != Status::ok) fail(Set::P.name, "keypair", st);
        for (size_t i = 0; i < sizeof msg; ++i) msg[i] = uint8_t(i);
        rng = bn::PatternRng{0, 2};
    }
    static void presign_one(typename P::PreSignature& p) {
        const Status st = P::presign(sk, rng, p, bn::arena_as<typename P::Workspace>());
        if (st != Status::ok) fail(Set::P.name, "presign", st);
    }
    static void setup_offline() { keys(); }
    static void offline() { presign_one(pre[0]); }
    static void setup_online() {
        keys();
        for (auto& p : pre) presign_one(p);
    }
    static void online() {
        const unsigned count = bn::g_measured_run ? Messages : 1;
        for (unsigned k = 0; k < count; ++k) {
            msg[sizeof msg - 1] = uint8_t(0x80 + k);
            const Status st = P::sign_online(sk, pre[k], msg, sizeof msg, sig);
            if (st != Status::ok) fail(Set::P.name, "sign_online", st);
            const uint8_t* n = sig + P::sig_bytes - 4;
            nonces[k] = n[0] | uint32_t(n[1]) << 8 | uint32_t(n[2]) << 16 | uint32_t(n[3]) << 24;
        }
        done = count;
    }
    static void report_offline(unsigned i) {
        pqmcu::m4::print("pqmcu-op-info %u set=%s profile=%s presig_bytes=%u\n", i, Set::P.name,
                         mq::Balanced::name, unsigned(P::presig_bytes));
    }
    static void report_online(unsigned i) {
        pqmcu::m4::print("pqmcu-op-info %u set=%s profile=%s messages=%u w=%u nonces=", i, Set::P.name,
                         mq::Balanced::name, done, unsigned(Set::P.w));
        for (unsigned k = 0; k < done; ++k) pqmcu::m4::print(k ? ",%u" : "%u", unsigned(nonces[k]));
        pqmcu::m4::print("\n");
    }
};

// The grinding loop alone (the one sign / sign_online run): h is the first
// of a fixed family whose smallest valid nonce is at least 2^w, so the
// loop's setup (prefix absorb) is spread over that many tries.
template <class Set>
struct GrindLoop {
    static constexpr mq::Dims dims = mq::dims_of<Set>();
    static inline uint8_t h[dims.digest()];
    static inline uint8_t nonce[4];
    static inline uint16_t i_star[mq::detail::kMaxTau];
    static inline uint32_t tries = 0;
    static uint32_t run_once() {
        mq::detail::grind<dims.sec>(dims, h, nonce, i_star);
        return nonce[0] | uint32_t(nonce[1]) << 8 | uint32_t(nonce[2]) << 16 | uint32_t(nonce[3]) << 24;
    }
    static void setup() {
        for (uint32_t k = 0;; ++k) {
            for (size_t i = 0; i < sizeof h; ++i) h[i] = uint8_t(i * 29 + 3 + k);
            const uint32_t n = run_once();
            if (n >= (1u << dims.w)) {
                tries = n + 1;
                return;
            }
        }
    }
    static void run() { (void)run_once(); }
    static void report(unsigned i) {
        pqmcu::m4::print("pqmcu-op-info %u set=%s messages=%u\n", i, Set::P.name, unsigned(tries));
    }
};

// Group: repetitions per PIOP pass of the verifier (StreamScheme's
// VerifyStream: detail::stream_verify_group, cat1 fast 6, short 4; the
// _g<k> rows measure other groups).
template <class Set, uint32_t Group = mq::detail::stream_verify_group(mq::dims_of<Set>())>
struct StreamRows {
    using SS = mq::StreamScheme<Set, mq::Memory>;
    using VS = mq::VerifyStreamOf<Set, mq::Memory, Group>;
    struct Ram {  // what the verifying device holds besides its stack
        VS vs;
        alignas(4) uint8_t chunk[kChunk];
    };
    static inline uint8_t pk[SS::pk_bytes], sk[SS::sk_bytes], sig[SS::sig_bytes], msg[32];

    static void setup() {
        bn::PatternRng rng{0, 1};
        Status st = SS::keypair(pk, sk, rng);
        if (st != Status::ok) fail(Set::P.name, "keypair", st);
        for (size_t i = 0; i < sizeof msg; ++i) msg[i] = uint8_t(i);
        rng = bn::PatternRng{0, 2};
        st = SS::sign(sk, msg, sizeof msg, sig, rng, bn::arena_as<typename SS::Workspace>());
        if (st != Status::ok) fail(Set::P.name, "stream sign", st);
    }
    static void verify() {
        Ram& r = bn::arena_as<Ram>();
        new (&r.vs) VS();
        Status st = r.vs.init(pk, msg, sizeof msg);
        for (size_t o = 0; st == Status::ok && o < SS::sig_bytes; o += kChunk) {
            const size_t n = SS::sig_bytes - o < kChunk ? SS::sig_bytes - o : kChunk;
            std::memcpy(r.chunk, sig + o, n);
            st = r.vs.update(r.chunk, n);
        }
        if (st == Status::ok) st = r.vs.final();
        if (st != Status::ok) fail(Set::P.name, "stream verify", st);
    }
    static void report(unsigned i) {
        pqmcu::m4::print("pqmcu-op-info %u set=%s profile=%s chunk=%u group=%u\n", i, Set::P.name,
                         mq::Memory::name, unsigned(kChunk), unsigned(VS::group));
    }
};

using Fast = mq::mqom2_cat1_gf16_fast_r5;
using Short = mq::mqom2_cat1_gf16_short_r5;

}  // namespace

#define PQMCU_BENCH_MQOM_VARIANTS(label, Set, Msgs)                                                                 \
    {label "_presign_offline", PreRows<Set, Msgs>::setup_offline, PreRows<Set, Msgs>::offline, nullptr,                   \
     sizeof(typename PreRows<Set, Msgs>::P::Workspace) + sizeof(typename PreRows<Set, Msgs>::P::PreSignature),            \
     PreRows<Set, Msgs>::report_offline},                                                                            \
        {label "_presign_online", PreRows<Set, Msgs>::setup_online, PreRows<Set, Msgs>::online, nullptr,                  \
         sizeof(typename PreRows<Set, Msgs>::P::PreSignature), PreRows<Set, Msgs>::report_online},                        \
        {label "_stream_verify", StreamRows<Set>::setup, StreamRows<Set>::verify, nullptr,                    \
         sizeof(typename StreamRows<Set>::Ram), StreamRows<Set>::report},                                          \
        {label "_grind_loop", GrindLoop<Set>::setup, GrindLoop<Set>::run, nullptr, 0, GrindLoop<Set>::report}

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mqom_variant_ops, "mqom_variants",
                  {PQMCU_BENCH_MQOM_VARIANTS("cat1_gf16_fast_r5", Fast, 8),
                   PQMCU_BENCH_MQOM_VARIANTS("cat1_gf16_short_r5", Short, 2),
                   {"cat1_gf16_fast_r5_stream_verify_g4", StreamRows<Fast, 4>::setup, StreamRows<Fast, 4>::verify,
                    nullptr, sizeof(StreamRows<Fast, 4>::Ram), StreamRows<Fast, 4>::report},
                   {"cat1_gf16_fast_r5_stream_verify_g9", StreamRows<Fast, 9>::setup, StreamRows<Fast, 9>::verify,
                    nullptr, sizeof(StreamRows<Fast, 9>::Ram), StreamRows<Fast, 9>::report},
                   {"cat1_gf16_short_r5_stream_verify_g6", StreamRows<Short, 6>::setup, StreamRows<Short, 6>::verify,
                    nullptr, sizeof(StreamRows<Short, 6>::Ram), StreamRows<Short, 6>::report}});
}  // namespace pqmcu::bench
