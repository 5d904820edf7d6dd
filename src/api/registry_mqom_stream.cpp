// SPDX-License-Identifier: Apache-2.0 OR MIT
// MQOM's streaming-verification variant in the run-time registry
// (stream_variant.hpp): "<set>_stream" for the 12 cat 1 sets with a GF(2),
// GF(16) or GF(256) base field (those with the paper code's vectors,
// tests/data/mqom_stream), of those PQMCU_ALGORITHMS chose. Only cat 1: the
// variant's engines are slow to compile, and the secure-boot demonstration
// (examples/secure-boot) needs cat1 gf16 fast r5.
#include <array>
#include <new>
#include <utility>

#include "api/algorithms.hpp"
#include "api/registry.hpp"
#include "api/sign_ops.hpp"
#include "api/stream_variant.hpp"
#include "core/scheme_support.hpp"
#include "core/secure.hpp"
#include "mqom/stream.hpp"

namespace pqmcu::registry {
namespace {

constexpr bool stream_built(size_t i) {
    const mqom::Params& p = mqom::kAllParams[i];
    return p.category == 1 && p.base != mqom::FieldId::gf4 && p.tradeoff != mqom::Tradeoff::faster &&
           built(p.name, p.label);
}

template <class Set>
struct StreamName {
    static constexpr auto text = [] {
        std::array<char, 64> a{};
        size_t i = 0;
        for (const char* p = Set::P.name; *p != '\0'; ++p) a[i++] = *p;
        for (char c : kStreamVariantSuffix) a[i++] = c;
        return a;
    }();
};

// The variant with the members sign_ops() takes; the signer's workspace is
// the thread's heap one (host only, as Scheme's HostWorkspace), wiped after.
template <class Set>
struct StreamAdapter {
    using SS = mqom::StreamScheme<Set>;
    static constexpr const char* name = StreamName<Set>::text.data();
    static constexpr size_t pk_bytes = SS::pk_bytes, sk_bytes = SS::sk_bytes, sig_bytes = SS::sig_bytes;
    static constexpr size_t message_digest_bytes = SS::message_digest_bytes;
    using MessageDigest = typename SS::MessageDigest;
    using VerifyStream = typename SS::VerifyStream;

    template <class R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng) {
        return SS::keypair(pk, sk, rng);
    }
    template <class R>
    static Status sign_digest(const uint8_t* sk, const uint8_t* digest, uint8_t* sig, R&& rng) {
        auto* ws = thread_workspace<typename SS::Workspace>();
        if (ws == nullptr) return Status::internal_error;
        uint8_t mseed[SS::seed_bytes], salt[SS::seed_bytes];  // drawn in the reference's order
        Status st = draw_random(rng, mseed, sizeof mseed);
        if (st == Status::ok) st = draw_random(rng, salt, sizeof salt);
        if (st == Status::ok) st = SS::sign_digest_with(sk, digest, mseed, salt, sig, *ws);
        secure_wipe(mseed, sizeof mseed);
        secure_wipe(ws, sizeof *ws);
        return st;
    }
    template <class R>
    static Status sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig, R&& rng) {
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return sign_digest(sk, digest, sig, rng); });
    }
    static Status verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen) {
        return with_message_digest<MessageDigest>(
            msg, mlen, [&](const uint8_t* digest) { return verify_digest(pk, digest, sig, siglen); });
    }
    // The whole signature in one update.
    static Status verify_digest(const uint8_t* pk, const uint8_t* digest, const uint8_t* sig, size_t siglen) {
        if (sig == nullptr) return Status::bad_argument;
        VerifyStream v;
        Status st = v.init_digest(pk, digest);
        if (st == Status::ok) st = v.update(sig, siglen);
        const Status fin = v.final();  // also when update failed: back to idle
        return st != Status::ok ? st : fin;
    }

    static constexpr StreamVerifierOps verifier{
        name,
        sizeof(VerifyStream),
        alignof(VerifyStream),
        [](void* state, const uint8_t* pk, const uint8_t* digest) -> Status {
            return (::new (state) VerifyStream())->init_digest(pk, digest);
        },
        [](void* state, const uint8_t* chunk, size_t len) -> Status {
            return static_cast<VerifyStream*>(state)->update(chunk, len);
        },
        [](void* state) -> Status { return static_cast<VerifyStream*>(state)->final(); },
        [](void* state) { static_cast<VerifyStream*>(state)->~VerifyStream(); },
    };
};

template <size_t... I>
constexpr size_t count_stream(std::index_sequence<I...>) {
    return (size_t(stream_built(I)) + ... + 0);
}
constexpr size_t kNumStream = count_stream(std::make_index_sequence<mqom::kNumParams>{});

template <size_t I>
constexpr void add_stream(std::array<SignatureOps, kNumStream>& sigs, std::array<StreamVerifierOps, kNumStream>& vers,
                          size_t& k) {
    if constexpr (stream_built(I)) {
        using A = StreamAdapter<mqom::ParamSet<I>>;
        sigs[k] = sign_ops<A>("MQOM stream", false);  // attached form msg || sig, as MQOM
        vers[k++] = A::verifier;
    }
}

struct Tables {
    std::array<SignatureOps, kNumStream> sigs{};
    std::array<StreamVerifierOps, kNumStream> verifiers{};
};
template <size_t... I>
constexpr Tables stream_tables(std::index_sequence<I...>) {
    Tables t;
    size_t k = 0;
    (add_stream<I>(t.sigs, t.verifiers, k), ...);
    return t;
}

constexpr Tables kStream = stream_tables(std::make_index_sequence<mqom::kNumParams>{});

}  // namespace

std::span<const SignatureOps> mqom_stream_signatures() { return kStream.sigs; }

}  // namespace pqmcu::registry

namespace pqmcu {

const StreamVerifierOps* stream_verifier(std::string_view variant_name) {
    for (const StreamVerifierOps& v : registry::kStream.verifiers)
        if (registry::names_equal(variant_name, v.name)) return &v;
    return nullptr;
}

}  // namespace pqmcu
