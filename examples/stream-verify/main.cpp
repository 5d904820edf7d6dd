// SPDX-License-Identifier: Apache-2.0 OR MIT
// The streaming-verification variant of MQOM on a Cortex-M4: key generation
// and signing (StreamScheme), then the signature fed to a VerifyStream in
// 64-byte chunks, as a bootloader receiving it over a link would. Marks of
// the cycle-model plugin: 0-1 sign, 2-3 the whole streamed verification
// (init, every update, final), 4-5 init alone, 6-7 the header chunk, 8-9 one
// repetition's worth of chunks. Prints the verifier's RAM: the VerifyStream
// object + the 64-byte chunk buffer + the stack peak. Exit code 0 when the
// signature verifies and a tampered and a truncated stream are rejected.
// Built with EXAMPLE_PRESIGN (CMake option): pre-signatures instead
// (PreSignScheme, 8 messages: marks 2k / 2k+1 around each presign, then
// around each sign_online), for the Balanced profile the paper measures.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "hash/shake.hpp"
#include "m4/bench_mark.hpp"
#include "m4/format.hpp"
#include "m4/stack.hpp"
#include "mqom/presign.hpp"
#include "mqom/stream.hpp"

namespace {

using namespace pqmcu;
using SS = mqom::StreamScheme<mqom::EXAMPLE_SET, mqom::EXAMPLE_PROFILE>;
using VS = SS::VerifyStream;
constexpr size_t kChunk = 64;

[[maybe_unused]] SS::Workspace g_ws;  // the signer's (not part of the verifier's RAM)
VS g_vs;
uint8_t g_pk[SS::pk_bytes];
uint8_t g_sk[SS::sk_bytes];
uint8_t g_sig[SS::sig_bytes];
uint8_t g_chunk[kChunk];  // the "receive buffer"

class DemoRng {
public:
    DemoRng() {
        static const uint8_t seed[] = "pqmcu mqom stream example: not a random seed";
        xof_.absorb(seed, sizeof seed);
        xof_.finalize();
    }
    void operator()(uint8_t* out, size_t n) { xof_.squeeze(out, n); }

private:
    hash::Shake<168> xof_;
};

// Feeds sig[0, len) through g_chunk; marks around the header / first repetition.
[[maybe_unused]] Status stream_verify(const uint8_t* msg, size_t mlen, size_t len, bool marks) {
    if (marks) pqmcu_bench_mark(4);
    Status st = g_vs.init(g_pk, msg, mlen);
    if (marks) pqmcu_bench_mark(5);
    const size_t hb = VS::layout.header_bytes(), rb = VS::layout.rep_bytes();
    for (size_t o = 0; st == Status::ok && o < len; o += kChunk) {
        const size_t n = len - o < kChunk ? len - o : kChunk;
        std::memcpy(g_chunk, g_sig + o, n);
        if (marks && o == 0) pqmcu_bench_mark(6);
        if (marks && o == (hb + kChunk - 1) / kChunk * kChunk) pqmcu_bench_mark(8);
        st = g_vs.update(g_chunk, n);
        if (marks && o + kChunk >= hb && o < hb) pqmcu_bench_mark(7);
        if (marks && o + kChunk >= hb + 2 * rb && o < hb + 2 * rb) pqmcu_bench_mark(9);
    }
    const Status f = g_vs.final();
    return st == Status::ok ? f : st;
}

}  // namespace

#if defined(EXAMPLE_PRESIGN)
using PS = mqom::PreSignScheme<mqom::EXAMPLE_SET, mqom::EXAMPLE_PROFILE>;
PS::Workspace g_pws;
PS::PreSignature g_pre;
uint8_t g_psig[PS::sig_bytes];

int main() {
    DemoRng rng;
    m4::print("%s pre-signatures, profile %s: pre-signature %u B, signature %u B\n", PS::Base::name,
              PS::Base::profile_type::name, unsigned(PS::presig_bytes), unsigned(PS::sig_bytes));
    bool pass = PS::Base::keypair(g_pk, g_sk, rng) == Status::ok;
    for (unsigned i = 0; i < 8 && pass; ++i) {
        uint8_t msg[33];
        for (unsigned j = 0; j < sizeof msg; ++j) msg[j] = uint8_t(i * 33 + j);
        pqmcu_bench_mark(0);
        pass = pass && PS::presign(g_sk, rng, g_pre, g_pws) == Status::ok;
        pqmcu_bench_mark(1);
        pqmcu_bench_mark(2);
        pass = pass && PS::sign_online(g_sk, g_pre, msg, sizeof msg, g_psig) == Status::ok;
        pqmcu_bench_mark(3);
        pass = pass && PS::Base::verify(g_pk, msg, sizeof msg, g_psig, sizeof g_psig, g_pws.ws) == Status::ok;
        pass = pass && PS::sign_online(g_sk, g_pre, msg, sizeof msg, g_psig) == Status::bad_argument;
        m4::print("message %u: nonce %02x%02x%02x%02x\n", i, g_psig[PS::sig_bytes - 4], g_psig[PS::sig_bytes - 3],
                  g_psig[PS::sig_bytes - 2], g_psig[PS::sig_bytes - 1]);
    }
    m4::print("%s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
#else
int main() {
    static const uint8_t msg[] = "firmware image v1.2.3 digest";
    DemoRng rng;
    m4::print("%s stream variant, profile %s: signature %u B (header %u B, %u x %u B), VerifyStream %u B\n",
              SS::name, SS::Base::profile_type::name, unsigned(SS::sig_bytes), unsigned(VS::layout.header_bytes()),
              unsigned(SS::dims.tau), unsigned(VS::layout.rep_bytes()), unsigned(sizeof(VS)));
    const Status k = SS::keypair(g_pk, g_sk, rng);
    pqmcu_bench_mark(0);
    const Status s = SS::sign(g_sk, msg, sizeof msg, g_sig, rng, g_ws);
    pqmcu_bench_mark(1);
    m4::stack_paint();
    pqmcu_bench_mark(2);
    const Status v = stream_verify(msg, sizeof msg, sizeof g_sig, true);
    pqmcu_bench_mark(3);
    const size_t verify_stack = m4::stack_peak_bytes();
    g_sig[SS::sig_bytes / 2] ^= 0x01;
    const Status t = stream_verify(msg, sizeof msg, sizeof g_sig, false);
    g_sig[SS::sig_bytes / 2] ^= 0x01;
    const Status c = stream_verify(msg, sizeof msg, sizeof g_sig - 1, false);
    m4::print("keygen %s\nsign   %s\nstream verify %s: stack %u B + VerifyStream %u B + chunk %u B = %u B\n"
              "tampered %s, truncated %s\n",
              k == Status::ok ? "ok" : "FAILED", s == Status::ok ? "ok" : "FAILED",
              v == Status::ok ? "ok" : "FAILED", unsigned(verify_stack), unsigned(sizeof(VS)), unsigned(kChunk),
              unsigned(verify_stack + sizeof(VS) + kChunk), t == Status::verify_failed ? "rejected" : "NOT REJECTED",
              c == Status::bad_length ? "rejected" : "NOT REJECTED");
    const bool pass = k == Status::ok && s == Status::ok && v == Status::ok && t == Status::verify_failed &&
                      c == Status::bad_length;
    m4::print("%s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
#endif
