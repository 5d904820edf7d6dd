// SPDX-License-Identifier: Apache-2.0 OR MIT
// Constant-time check of MQOM key generation and signing (Desktop, the
// streamed Balanced / Memory profiles on some sets, and the Hardware profile
// through the emulated engine, which checks the path to the external engine;
// the engine itself is the hardware's business; the Lut profile is NOT
// constant time by design and is deliberately not checked here):
// the key seed, the secret key and the signing seed are poisoned; valgrind
// reports any branch or memory index that depends on them. Values that the
// scheme publishes (pk, commitments, challenges) are declassified inside the
// library with ct_unpoison, which is a no-op outside this test.
#include <cstdio>
#include <cstring>

#include "core/secure.hpp"
#include "mqom/presign.hpp"
#include "mqom/scheme.hpp"

namespace {
using namespace pqmcu;

template <class Set, class Profile = mqom::Desktop>
int run() {
    using S = mqom::Scheme<Set, Profile>;
    static typename S::Workspace ws;
    static uint8_t pk[S::pk_bytes], sk[S::sk_bytes], sig[S::sig_bytes];
    uint8_t seed[S::keygen_seed_bytes];
    for (size_t i = 0; i < sizeof seed; ++i) seed[i] = uint8_t(3 * i + 1);
    ct_poison(seed, sizeof seed);
    if (S::keypair_from_seed(seed, pk, sk, ws) != Status::ok) return 1;
    ct_unpoison(pk, sizeof pk);

    uint8_t mseed[S::seed_bytes], salt[S::seed_bytes];
    for (size_t i = 0; i < sizeof mseed; ++i) mseed[i] = uint8_t(i), salt[i] = uint8_t(100 + i);
    const uint8_t msg[] = "constant time";
    ct_poison(sk + S::pk_bytes, S::sk_bytes - S::pk_bytes);  // sk = pk || secret part
    ct_poison(mseed, sizeof mseed);
    // The signer's own workspace (Memory: the PIOP's buffers in sig).
    static typename S::SignWorkspace sws;
    if (S::sign_with(sk, msg, sizeof msg, mseed, salt, sig, sws) != Status::ok) return 1;
    ct_unpoison(sig, sizeof sig);
    ct_unpoison(sk, sizeof sk);
    return S::verify(pk, msg, sizeof msg, sig, sizeof sig, ws) == Status::ok ? 0 : 1;
}
// Pre-signature: presign, then sign_online (its opening: on the portable run
// the paired fixsliced passes of presign.hpp) with x and mseed poisoned.
template <class Set, class Profile>
int run_presign() {
    using P = mqom::PreSignScheme<Set, Profile>;
    static typename P::Workspace ws;
    static typename P::PreSignature pre;
    static uint8_t pk[P::pk_bytes], sk[P::sk_bytes], sig[P::sig_bytes];
    uint8_t seed[P::Base::keygen_seed_bytes];
    for (size_t i = 0; i < sizeof seed; ++i) seed[i] = uint8_t(5 * i + 2);
    if (P::Base::keypair_from_seed(seed, pk, sk) != Status::ok) return 1;
    uint8_t mseed[P::seed_bytes], salt[P::seed_bytes], mrnd[P::mask_rnd_bytes], digest[P::message_digest_bytes];
    for (size_t i = 0; i < sizeof mseed; ++i) mseed[i] = uint8_t(7 * i), salt[i] = uint8_t(50 + i);
    for (size_t i = 0; i < sizeof mrnd; ++i) mrnd[i] = uint8_t(i ^ 0x5A);
    for (size_t i = 0; i < sizeof digest; ++i) digest[i] = uint8_t(200 - i);
    ct_poison(sk + P::pk_bytes, P::sk_bytes - P::pk_bytes);
    ct_poison(mseed, sizeof mseed);
    if (P::presign_with(sk, mseed, salt, mrnd, pre, ws) != Status::ok) return 1;
    if (P::sign_online_digest(sk, pre, digest, sig) != Status::ok) return 1;
    ct_unpoison(sig, sizeof sig);
    ct_unpoison(sk, sizeof sk);
    return P::Base::verify_digest(pk, digest, sig, sizeof sig, ws.ws) == Status::ok ? 0 : 1;
}
}  // namespace

int main() {
    int bad = 0;
    bad |= run<mqom::mqom2_cat1_gf16_fast_r5>();
    bad |= run<mqom::mqom2_cat1_gf2_short_r3>();
    bad |= run<mqom::mqom2_cat1_gf256_fast_r5>();
    bad |= run<mqom::mqom2_cat1_gf4_fast_r3>();
    bad |= run<mqom::mqom2_cat1_gf16_short_r5>();  // GF(2^16) extension
    bad |= run<mqom::mqom2_cat3_gf16_fast_r5>();   // Rijndael-256, padded cat-3 cipher
    bad |= run<mqom::mqom2_cat1_gf16_fast_r5, mqom::Balanced>();
    bad |= run<mqom::mqom2_cat1_gf16_fast_r5, mqom::Memory>();   // bit buckets
    bad |= run<mqom::mqom2_cat1_gf16_short_r5, mqom::Memory>();  // GF(2^16), bit buckets
    bad |= run<mqom::mqom2_cat1_gf16_short_r5, mqom::Balanced>();
    bad |= run<mqom::mqom2_cat3_gf16_fast_r5, mqom::Memory>();   // Rijndael-256, streamed tree
    bad |= run<mqom::mqom2_cat1_gf16_faster_r5>();  // Faster: N = 64, tau = 25
    bad |= run_presign<mqom::mqom2_cat1_gf16_fast_r5, mqom::Balanced>();  // tau 17: a lone last tree
    {
        static cipher::EmulatedAesEngine engine;
        const cipher::ExternalAes128 hook = cipher::emulated_engine_hook(engine);
        cipher::set_external_aes128(&hook);
        bad |= run<mqom::mqom2_cat1_gf16_fast_r5, mqom::Hardware>();
        bad |= engine.blocks == 0;
        cipher::set_external_aes128(nullptr);
    }
    std::puts(bad ? "ct_mqom: an operation failed" : "ct_mqom: done");
    return bad;
}
