// SPDX-License-Identifier: Apache-2.0 OR MIT
// Shared pieces of the signature known-answer firmwares (mqom_kat.cpp,
// mayo_kat.cpp): one NIST KAT entry checked the way the NIST harness makes it.
//
// For entry `index` of an embedded .rsp file (tools/kat/embed_vectors.py):
// CTR_DRBG seeded with the entry's seed (randombytes_init(seed, NULL, 256)),
// keypair, sign; pk, sk and the attached signed message sm must equal the
// file byte for byte; verify must accept; the signature with one flipped bit
// (at `flip_pos`, bit (3*index+1) % 8) must be rejected with verify_failed.
// The stack peak of every operation is measured by painting (m4/stack.hpp),
// checked against the caller's budgets, printed and kept in `peaks`.
//
// S is a scheme front end with the common shape
//   S::name, S::pk_bytes, S::sk_bytes, S::sig_bytes,
//   S::keypair(pk, sk, rng, ws), S::sign(sk, msg, mlen, sig, rng, ws),
//   S::verify(pk, msg, mlen, sig, siglen, ws).
// The keys live on this function's frame (above the painted area, so they
// are not part of the peaks); workspace and signature are the caller's.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/status.hpp"
#include "m4/format.hpp"
#include "m4/stack.hpp"
#include "rng/ctr_drbg.hpp"
#include "support/check.hpp"
#include "support/vectors.hpp"

namespace pqmcu::test::sign_kat {

// Where the signature sits in the NIST attached form.
enum class SmLayout {
    msg_then_sig,  // sm = msg || signature (MQOM)
    sig_then_msg,  // sm = signature || msg (MAYO, the NIST reference harness)
};

struct StackBudgets {
    size_t keypair, sign, verify;
};

struct StackPeaks {
    size_t keypair = 0, sign = 0, verify = 0;
    void note(size_t& slot, size_t bytes) {
        if (bytes > slot) slot = bytes;
    }
};

inline uint8_t flip_bit(size_t index) { return uint8_t(1u << ((3 * index + 1) % 8)); }

// sign_ws: the signer's own workspace (MQOM's SignWorkspace), nullptr: ws.
template <class S, class Workspace, class SignWs = Workspace>
void check_entry(Context& ctx, const vectors::VecFile& kat, size_t index, Workspace& ws, uint8_t* sig,
                 SmLayout layout, size_t flip_pos, const StackBudgets& budget, StackPeaks& peaks,
                 SignWs* sign_ws = nullptr) {
    PQ_CHECK(ctx, index < kat.count);
    if (index >= kat.count) return;
    const vectors::VecEntry& e = kat.entries[index];
    const vectors::VecField* seed = e.get("seed");
    const vectors::VecField* msg = e.get("msg");
    const vectors::VecField* pk_kat = e.get("pk");
    const vectors::VecField* sk_kat = e.get("sk");
    const vectors::VecField* sm_kat = e.get("sm");
    const size_t mlen = e.number("mlen");
    PQ_CHECK(ctx, seed != nullptr && seed->len == rng::CtrDrbg::seed_bytes);
    PQ_CHECK(ctx, msg != nullptr && msg->len == mlen);
    PQ_CHECK(ctx, pk_kat != nullptr && pk_kat->len == S::pk_bytes);
    PQ_CHECK(ctx, sk_kat != nullptr && sk_kat->len == S::sk_bytes);
    PQ_CHECK(ctx, sm_kat != nullptr && sm_kat->len == mlen + S::sig_bytes);
    PQ_CHECK_EQ(ctx, e.number("smlen"), mlen + S::sig_bytes);
    PQ_CHECK(ctx, flip_pos < S::sig_bytes);
    if (ctx.failures() != 0) return;

    // randombytes_init(seed, NULL, 256) of the NIST harness.
    rng::CtrDrbg drbg;
    PQ_CHECK(ctx, drbg.init(seed->bytes, nullptr) == Status::ok);
    auto rng = [&drbg](uint8_t* out, size_t n) { return drbg.generate(out, n); };

    uint8_t pk[S::pk_bytes], sk[S::sk_bytes];
    m4::stack_paint();
    const Status kst = S::keypair(pk, sk, rng, ws);
    const size_t kpeak = m4::stack_peak_bytes();
    PQ_CHECK(ctx, kst == Status::ok);
    PQ_CHECK_BYTES(ctx, pk, pk_kat->bytes, S::pk_bytes);
    PQ_CHECK_BYTES(ctx, sk, sk_kat->bytes, S::sk_bytes);

    m4::stack_paint();
    Status sst;
    if (sign_ws != nullptr) sst = S::sign(sk, msg->bytes, mlen, sig, rng, *sign_ws);
    else sst = S::sign(sk, msg->bytes, mlen, sig, rng, ws);
    const size_t speak = m4::stack_peak_bytes();
    PQ_CHECK(ctx, sst == Status::ok);
    const uint8_t* sm_msg = layout == SmLayout::msg_then_sig ? sm_kat->bytes : sm_kat->bytes + S::sig_bytes;
    const uint8_t* sm_sig = layout == SmLayout::msg_then_sig ? sm_kat->bytes + mlen : sm_kat->bytes;
    PQ_CHECK_BYTES(ctx, msg->bytes, sm_msg, mlen);
    PQ_CHECK_BYTES(ctx, sig, sm_sig, S::sig_bytes);

    m4::stack_paint();
    const Status vst = S::verify(pk, msg->bytes, mlen, sig, S::sig_bytes, ws);
    const size_t vpeak = m4::stack_peak_bytes();
    PQ_CHECK(ctx, vst == Status::ok);

    const uint8_t bit = flip_bit(index);
    sig[flip_pos] ^= bit;
    PQ_CHECK(ctx, S::verify(pk, msg->bytes, mlen, sig, S::sig_bytes, ws) == Status::verify_failed);
    sig[flip_pos] ^= bit;

    PQ_CHECK(ctx, kpeak <= budget.keypair);
    PQ_CHECK(ctx, speak <= budget.sign);
    PQ_CHECK(ctx, vpeak <= budget.verify);

    peaks.note(peaks.keypair, kpeak);
    peaks.note(peaks.sign, speak);
    peaks.note(peaks.verify, vpeak);
    m4::print("  %s entry %u: keypair stack %u B, sign stack %u B, verify stack %u B; flipped bit %u of byte %u\n",
              S::name, unsigned(index), unsigned(kpeak), unsigned(speak), unsigned(vpeak),
              unsigned((3 * index + 1) % 8), unsigned(flip_pos));
}

// Last line of a KAT firmware: the peaks over all entries and the static RAM.
inline void print_summary(const char* name, const StackPeaks& peaks, size_t workspace_bytes, size_t sig_bytes) {
    m4::print("%s: stack peaks keypair %u B, sign %u B, verify %u B; RAM = %u B workspace + %u B signature + stack\n",
              name, unsigned(peaks.keypair), unsigned(peaks.sign), unsigned(peaks.verify),
              unsigned(workspace_bytes), unsigned(sig_bytes));
}

}  // namespace pqmcu::test::sign_kat
