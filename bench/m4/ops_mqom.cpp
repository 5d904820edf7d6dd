// Cortex-M4 benchmark operations of MQOM v2.1 (Desktop and Compact profiles):
// keygen, sign, verify for mqom2_cat1_gf16_fast_r5 and mqom2_cat1_gf16_short_r5.
//
// The Workspace of each set is a static buffer in the input section
// .pqmcu_ram.mqom_ws.<set>, and each op names it with ram_tag
// "mqom_ws.<set>", so tools/m4sim/bench_table.py reports
// total RAM = stack + that set's workspace (+ the library's own static data).
// Keys, message and signature are the caller's buffers (not charged). MQOM
// runs its public-data AES on the T-table backend on the M4: when those tables
// are placed in RAM (PQMCU_AES_TABLE_IN_RAM), the ops also charge "aes_table".
//
// Randomness: a fixed counter pattern, reset in every setup(), so the warm-up
// and the measured run draw the same bytes (and sign grinds the same number
// of times); the rows measure the scheme, not a DRBG. The message is 32 bytes.
//
// STM32F4DISCOVERY: its 128 KB SRAM cannot hold the short set's 171 KB
// Desktop workspace, so that build leaves out those three rows.
#include <cstddef>
#include <cstdint>

#include "bench_ops.hpp"
#include "m4/exit.hpp"
#include "m4/format.hpp"
#include "mqom/scheme.hpp"

#if defined(PQMCU_AES_TABLE_IN_RAM)
#define PQMCU_BENCH_MQOM_TABLE_TAG "+aes_table"
#else
#define PQMCU_BENCH_MQOM_TABLE_TAG ""
#endif

namespace {

using pqmcu::Status;
namespace mq = pqmcu::mqom;

// Deterministic byte source: byte k of the stream is (k * 0x9D + salt).
struct PatternRng {
    uint32_t counter = 0;
    uint8_t salt = 0;
    void operator()(uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) out[i] = uint8_t(counter++ * 0x9Du + salt);
    }
};

template <class Set, class Profile = mq::Desktop>
struct Bench {
    using S = mq::Scheme<Set, Profile>;
    static inline PatternRng rng{};
    static inline uint8_t pk[S::pk_bytes];
    static inline uint8_t sk[S::sk_bytes];
    static inline uint8_t sig[S::sig_bytes];
    static inline uint8_t msg[32];
    static inline Status status = Status::ok;

    static typename S::Workspace& ws();

    static void fail(const char* what) {
        pqmcu::m4::print("pqmcu-bench error: %s %s returned status %d\n", S::name, what, int(status));
        pqmcu::m4::exit(pqmcu::m4::exit_test_failed);
    }
    static void reset_rng(uint8_t salt) {
        rng.counter = 0;
        rng.salt = salt;
    }

    // keygen: nothing to prepare but the generator.
    static void setup_keygen() { reset_rng(1); }
    static void keygen() {
        status = S::keypair(pk, sk, rng, ws());
        if (status != Status::ok) fail("keypair");
    }

    // sign: a key pair and a message, made in setup.
    static void setup_sign() {
        reset_rng(1);
        keygen();
        for (size_t i = 0; i < sizeof msg; ++i) msg[i] = uint8_t(i);
        reset_rng(2);
    }
    static void sign() {
        status = S::sign(sk, msg, sizeof msg, sig, rng, ws());
        if (status != Status::ok) fail("sign");
    }

    // verify: a valid signature, made in setup.
    static void setup_verify() {
        setup_sign();
        sign();
    }
    static void verify() {
        status = S::verify(pk, msg, sizeof msg, sig, sizeof sig, ws());
        if (status != Status::ok) fail("verify");
    }
};

// One workspace per set and profile, each in its own .pqmcu_ram.mqom_ws.<tag>
// section (a plain struct of arrays, no constructor). .pqmcu_ram.* sections
// are part of .data, so the reset handler copies their zero image from flash.
#define PQMCU_BENCH_MQOM_WS(Type, var, tag)                                      \
    __attribute__((section(".pqmcu_ram.mqom_ws." tag))) Type::S::Workspace var; \
    template <>                                                                  \
    Type::S::Workspace& Type::ws() { return var; }

using Fast = Bench<mq::mqom2_cat1_gf16_fast_r5>;
using FastCompact = Bench<mq::mqom2_cat1_gf16_fast_r5, mq::Compact>;
using ShortCompact = Bench<mq::mqom2_cat1_gf16_short_r5, mq::Compact>;
PQMCU_BENCH_MQOM_WS(Fast, g_ws_fast, "cat1_gf16_fast_r5")
PQMCU_BENCH_MQOM_WS(FastCompact, g_ws_fast_compact, "compact.cat1_gf16_fast_r5")
PQMCU_BENCH_MQOM_WS(ShortCompact, g_ws_short_compact, "compact.cat1_gf16_short_r5")
constexpr const char* kTagFast = "mqom_ws.cat1_gf16_fast_r5" PQMCU_BENCH_MQOM_TABLE_TAG;
constexpr const char* kTagFastCompact = "mqom_ws.compact.cat1_gf16_fast_r5" PQMCU_BENCH_MQOM_TABLE_TAG;
constexpr const char* kTagShortCompact = "mqom_ws.compact.cat1_gf16_short_r5" PQMCU_BENCH_MQOM_TABLE_TAG;

#if !defined(PQMCU_BOARD_STM32F4DISCOVERY)
#define PQMCU_BENCH_MQOM_SHORT 1
using Short = Bench<mq::mqom2_cat1_gf16_short_r5>;
PQMCU_BENCH_MQOM_WS(Short, g_ws_short, "cat1_gf16_short_r5")
constexpr const char* kTagShort = "mqom_ws.cat1_gf16_short_r5" PQMCU_BENCH_MQOM_TABLE_TAG;
#endif

}  // namespace

#define PQMCU_BENCH_MQOM_OPS(label, B, tag) \
    {label "_keygen", B::setup_keygen, B::keygen, tag}, {label "_sign", B::setup_sign, B::sign, tag}, \
        {label "_verify", B::setup_verify, B::verify, tag}

namespace pqmcu::bench {
#if defined(PQMCU_BENCH_MQOM_SHORT)
PQMCU_BENCH_GROUP(mqom_ops, "mqom",
                  {PQMCU_BENCH_MQOM_OPS("cat1_gf16_fast_r5", Fast, kTagFast),
                   PQMCU_BENCH_MQOM_OPS("cat1_gf16_fast_r5_compact", FastCompact, kTagFastCompact),
                   PQMCU_BENCH_MQOM_OPS("cat1_gf16_short_r5", Short, kTagShort),
                   PQMCU_BENCH_MQOM_OPS("cat1_gf16_short_r5_compact", ShortCompact, kTagShortCompact)});
#else
PQMCU_BENCH_GROUP(mqom_ops, "mqom",
                  {PQMCU_BENCH_MQOM_OPS("cat1_gf16_fast_r5", Fast, kTagFast),
                   PQMCU_BENCH_MQOM_OPS("cat1_gf16_fast_r5_compact", FastCompact, kTagFastCompact),
                   PQMCU_BENCH_MQOM_OPS("cat1_gf16_short_r5_compact", ShortCompact, kTagShortCompact)});
#endif
}  // namespace pqmcu::bench
