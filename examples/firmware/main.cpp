// SPDX-License-Identifier: Apache-2.0 OR MIT
// One MQOM set and one profile on a Cortex-M4: key generation, signing and
// verification of a short message, the results printed on the console, exit
// code 0 when the signature verifies and a tampered one is rejected.
//   EXAMPLE_SET      a set type of mqom/params.hpp, e.g. mqom2_cat1_gf16_fast_r5
//   EXAMPLE_PROFILE  Balanced, Memory, Lut (NOT constant time) or Desktop
// Each operation is bracketed by pqmcu_bench_mark (the cycle-model plugin's
// marks 0-1 keygen, 2-3 sign, 4-5 verify) and its stack peak is measured.
#include <cstddef>
#include <cstdint>

#include "hash/shake.hpp"
#include "m4/bench_mark.hpp"
#include "m4/format.hpp"
#include "m4/stack.hpp"
#include "mqom/scheme.hpp"

namespace {

using namespace pqmcu;
using S = mqom::Scheme<mqom::EXAMPLE_SET, mqom::EXAMPLE_PROFILE>;

// Signing and verifying never overlap: their workspaces share the bytes.
// (Memory has a small SignWorkspace and VerifyWorkspace of its own; the
// other profiles use S::Workspace for both.)
union Workspaces {
    S::SignWorkspace sign;
    S::VerifyWorkspace verify;
};
Workspaces g_ws;
uint8_t g_pk[S::pk_bytes];
uint8_t g_sk[S::sk_bytes];
uint8_t g_sig[S::sig_bytes];

// Deterministic randomness for the demonstration: SHAKE128 over a fixed
// seed. A device draws its keys and signing randomness from its TRNG (e.g.
// the STM32 RNG peripheral) instead.
class DemoRng {
public:
    DemoRng() {
        static const uint8_t seed[] = "pqmcu mqom example: not a random seed";
        xof_.absorb(seed, sizeof seed);
        xof_.finalize();
    }
    void operator()(uint8_t* out, size_t n) { xof_.squeeze(out, n); }

private:
    hash::Shake<168> xof_;
};

const char* status_name(Status st) { return st == Status::ok ? "ok" : "FAILED"; }

}  // namespace

int main() {
    static const uint8_t msg[] = "firmware image v1.2.3 digest";
    DemoRng rng;
    m4::print("%s, profile %s: pk %u B, sk %u B, signature %u B, sign workspace %u B, verify workspace %u B\n",
              S::set_type::P.name, S::profile_type::name, unsigned(S::pk_bytes), unsigned(S::sk_bytes),
              unsigned(S::sig_bytes), unsigned(S::sign_workspace_bytes), unsigned(S::verify_workspace_bytes));

    m4::stack_paint();
    pqmcu_bench_mark(0);
    const Status k = S::keypair(g_pk, g_sk, rng);
    pqmcu_bench_mark(1);
    const size_t keygen_stack = m4::stack_peak_bytes();

    m4::stack_paint();
    pqmcu_bench_mark(2);
    const Status s = S::sign(g_sk, msg, sizeof msg, g_sig, rng, g_ws.sign);
    pqmcu_bench_mark(3);
    const size_t sign_stack = m4::stack_peak_bytes();

    m4::stack_paint();
    pqmcu_bench_mark(4);
    const Status v = S::verify(g_pk, msg, sizeof msg, g_sig, sizeof g_sig, g_ws.verify);
    pqmcu_bench_mark(5);
    const size_t verify_stack = m4::stack_peak_bytes();

    // A digest of the outputs: the same for every profile and build of a set
    // (profiles never change outputs; the randomness is deterministic here).
    hash::Shake<168> digest;
    digest.absorb(g_pk, sizeof g_pk);
    digest.absorb(g_sig, sizeof g_sig);
    digest.finalize();
    uint8_t d[8];
    digest.squeeze(d, sizeof d);
    m4::print("outputs digest %02x%02x%02x%02x%02x%02x%02x%02x\n", d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]);

    g_sig[S::sig_bytes / 2] ^= 0x01;
    const Status t = S::verify(g_pk, msg, sizeof msg, g_sig, sizeof g_sig, g_ws.verify);

    m4::print("keygen %s (stack %u B)\nsign   %s (stack %u B)\nverify %s (stack %u B)\ntampered signature %s\n",
              status_name(k), unsigned(keygen_stack), status_name(s), unsigned(sign_stack), status_name(v),
              unsigned(verify_stack), t == Status::verify_failed ? "rejected" : "NOT REJECTED");
    const bool pass = k == Status::ok && s == Status::ok && v == Status::ok && t == Status::verify_failed;
    m4::print("%s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
