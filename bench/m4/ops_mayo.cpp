// Cortex-M4 benchmark operations of MAYO (round 2): keygen, sign, verify for
// MAYO-1 and MAYO-2 (src/mayo, portable C++ engine).
//
// The Workspace of each set is a static buffer in the input section
// .pqmcu_ram.mayo_ws.r2.<set>, and each op names it with ram_tag
// "mayo_ws.r2.<set>" (mayo_ws.r2.mayo1 / mayo_ws.r2.mayo2: neither is a
// prefix of the other, bench_table.py matches .pqmcu_ram.<tag>*), so
// tools/m4sim/bench_table.py reports total RAM = stack + that set's workspace
// (+ the library's own static data). Keys, message and signature are the
// caller's buffers (not charged).
//
// Randomness: a fixed counter pattern, reset in every setup(), so the warm-up
// and the measured run draw the same bytes (same seed, same salt, hence the
// same number of sign attempts); the rows measure the scheme, not a DRBG.
// The message is 32 bytes.
//
// STM32F4DISCOVERY: its 128 KB SRAM holds neither workspace (205 KB / 131 KB),
// so that build has no MAYO rows (the group is not defined; groups.hpp
// declares it weak).
#include <cstddef>
#include <cstdint>

#if !defined(PQMCU_BOARD_STM32F4DISCOVERY)

#include "bench_ops.hpp"
#include "m4/exit.hpp"
#include "m4/format.hpp"
#include "mayo/scheme.hpp"

namespace {

using pqmcu::Status;
namespace my = pqmcu::mayo;

// Deterministic byte source: byte k of the stream is (k * 0x9D + salt).
struct PatternRng {
    uint32_t counter = 0;
    uint8_t salt = 0;
    void operator()(uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) out[i] = uint8_t(counter++ * 0x9Du + salt);
    }
};

template <class Set>
struct Bench {
    using S = my::Scheme<Set>;
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

    static void setup_keygen() { reset_rng(1); }
    static void keygen() {
        status = S::keypair(pk, sk, rng, ws());
        if (status != Status::ok) fail("keypair");
    }

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

    static void setup_verify() {
        setup_sign();
        sign();
    }
    static void verify() {
        status = S::verify(pk, msg, sizeof msg, sig, sizeof sig, ws());
        if (status != Status::ok) fail("verify");
    }
};

// One workspace per set in its own .pqmcu_ram.mayo_ws.r2.<set> section (a
// plain struct of arrays, no constructor). .pqmcu_ram.* sections are part of
// .data, so the reset handler copies their zero image from flash.
#define PQMCU_BENCH_MAYO_WS(Type, var, tag)                                         \
    __attribute__((section(".pqmcu_ram.mayo_ws." tag))) Type::S::Workspace var;    \
    template <>                                                                     \
    Type::S::Workspace& Type::ws() { return var; }

using Mayo1 = Bench<my::mayo_1>;
using Mayo2 = Bench<my::mayo_2>;
PQMCU_BENCH_MAYO_WS(Mayo1, g_ws_mayo1, "r2.mayo1")
PQMCU_BENCH_MAYO_WS(Mayo2, g_ws_mayo2, "r2.mayo2")

}  // namespace

#define PQMCU_BENCH_MAYO_OPS(label, B, tag) \
    {label "_keygen", B::setup_keygen, B::keygen, tag}, {label "_sign", B::setup_sign, B::sign, tag}, \
        {label "_verify", B::setup_verify, B::verify, tag}

namespace pqmcu::bench {
PQMCU_BENCH_GROUP(mayo_ops, "mayo",
                  {PQMCU_BENCH_MAYO_OPS("mayo1", Mayo1, "mayo_ws.r2.mayo1"),
                   PQMCU_BENCH_MAYO_OPS("mayo2", Mayo2, "mayo_ws.r2.mayo2")});
}  // namespace pqmcu::bench

#endif  // !PQMCU_BOARD_STM32F4DISCOVERY
