// SPDX-License-Identifier: Apache-2.0 OR MIT
// Pieces every signature scheme type shares: the randomness concept and the
// host conveniences that keep the scheme's Workspace on the heap.
#pragma once
#include <cstddef>
#include <cstdint>
#include <new>
#include <type_traits>

#include "core/secure.hpp"
#include "core/status.hpp"

namespace pqmcu {

// A randomness source: any callable rng(uint8_t* out, size_t n) returning
// void, pqmcu::Status, or an int that is 0 on success (NIST randombytes).
template <class R>
concept Rng = requires(R& r, uint8_t* p, size_t n) { r(p, n); };

template <Rng R>
inline Status draw_random(R& rng, uint8_t* out, size_t n) {
    using Result = decltype(rng(out, n));
    if constexpr (std::is_same_v<Result, Status>) {
        return rng(out, n) == Status::ok ? Status::ok : Status::internal_error;
    } else if constexpr (std::is_convertible_v<Result, int> && !std::is_same_v<Result, bool>) {
        return rng(out, n) == 0 ? Status::ok : Status::internal_error;
    } else {
        rng(out, n);
        return Status::ok;
    }
}

// Seeded calls drawn from rng: N random bytes into a stack buffer, handed to
// `then` (a callable taking the bytes and returning Status), wiped after,
// whatever the outcome. The rng's failure is internal_error and skips `then`.
template <size_t N, Rng R, class Then>
inline Status with_random(R& rng, Then&& then) {
    uint8_t bytes[N] = {};
    Status st = draw_random(rng, bytes, N);
    if (st == Status::ok) st = then(static_cast<const uint8_t*>(bytes));
    secure_wipe(bytes, N);
    return st;
}

// The argument checks every scheme's verify() starts with: null pointers are
// bad_argument, a signature of the wrong length is bad_length.
inline Status verify_arguments(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen,
                               size_t sig_bytes) {
    if (pk == nullptr || sig == nullptr || (msg == nullptr && mlen != 0)) return Status::bad_argument;
    if (siglen != sig_bytes) return Status::bad_length;
    return Status::ok;
}

// Whether [a, a + na) and [b, b + nb) share a byte (public pointers: the
// argument checks of calls whose output must not alias an input).
inline bool overlaps(const void* a, size_t na, const void* b, size_t nb) {
    const auto x = reinterpret_cast<uintptr_t>(a), y = reinterpret_cast<uintptr_t>(b);
    return x < y + nb && y < x + na;
}

// Hash-then-sign: a scheme's sign(msg) / verify(msg) is its *_digest call
// on MessageDigest::compute(msg), handed to `then` (a callable taking the
// digest and returning Status). The message is hashed before `then` writes
// anything, so msg may overlap the signature (the NIST sm = msg || sig
// built in place). bad_argument for a null message of nonzero length.
template <class MessageDigest, class Then>
inline Status with_message_digest(const uint8_t* msg, size_t mlen, Then&& then) {
    if (msg == nullptr && mlen != 0) return Status::bad_argument;
    uint8_t digest[MessageDigest::digest_bytes];
    (void)MessageDigest::compute(msg, mlen, digest);
    return then(static_cast<const uint8_t*>(digest));
}

#if !defined(PQMCU_TARGET_M4)
// Hosts only (never compiled for the M4, where the heap is not used): one
// heap workspace per thread and type, made on first use, reused by later
// calls, wiped and freed when the thread ends. Workspaces reach ~1 MB
// (MAYO-5): too much for a thread's stack. nullptr when memory runs out.
template <class W>
W* thread_workspace() {
    struct Slot {
        W* ws = nullptr;
        ~Slot() {
            if (ws != nullptr) {
                secure_wipe(ws, sizeof(W));
                delete ws;
            }
        }
    };
    thread_local Slot slot;
    if (slot.ws == nullptr) slot.ws = new (std::nothrow) W;
    return slot.ws;
}
#endif

// A scheme whose own operations wipe every secret they leave in their
// Workspace (and only there) declares `static constexpr bool wipes_workspace
// = true;`. The host conveniences (HostWorkspace, the KEM registry) then skip
// their wipe of the whole workspace after each call, which for large
// workspaces (MAYO-5's ~1 MB, McEliece's key-generation union) costs more
// than the operation's own targeted wipes of the bytes it wrote.
template <class Scheme>
inline constexpr bool wipes_workspace = requires { requires Scheme::wipes_workspace; };

// Wipes a host workspace after a call unless the scheme wipes its own.
template <class Scheme, class W>
inline void wipe_host_workspace(W& ws) {
    if constexpr (!wipes_workspace<Scheme>) secure_wipe(&ws, sizeof ws);
}

// keypair / sign / verify without a Workspace argument, over the calling
// thread's heap workspace (thread_workspace), wiped after keypair and sign
// (by the scheme itself when it declares wipes_workspace).
// Hosts only: on a microcontroller where the workspace lives is the caller's
// decision. A scheme derives from this and says
// `using HostWorkspace<Scheme>::keypair;` (and sign, verify, sign_digest,
// verify_digest).
template <class Scheme>
struct HostWorkspace {
#if !defined(PQMCU_TARGET_M4)
    template <Rng R>
    static Status keypair(uint8_t* pk, uint8_t* sk, R&& rng) {
        auto* ws = thread_workspace<typename Scheme::Workspace>();
        if (ws == nullptr) return Status::internal_error;
        const Status st = Scheme::keypair(pk, sk, rng, *ws);
        wipe_host_workspace<Scheme>(*ws);
        return st;
    }
    template <Rng R>
    static Status sign(const uint8_t* sk, const uint8_t* msg, size_t mlen, uint8_t* sig, R&& rng) {
        auto* ws = thread_workspace<typename Scheme::Workspace>();
        if (ws == nullptr) return Status::internal_error;
        const Status st = Scheme::sign(sk, msg, mlen, sig, rng, *ws);
        wipe_host_workspace<Scheme>(*ws);
        return st;
    }
    static Status verify(const uint8_t* pk, const uint8_t* msg, size_t mlen, const uint8_t* sig, size_t siglen) {
        auto* ws = thread_workspace<typename Scheme::Workspace>();
        if (ws == nullptr) return Status::internal_error;
        return Scheme::verify(pk, msg, mlen, sig, siglen, *ws);
    }
    // The same on a message digest (Scheme::MessageDigest's output).
    template <Rng R>
    static Status sign_digest(const uint8_t* sk, const uint8_t* digest, uint8_t* sig, R&& rng) {
        auto* ws = thread_workspace<typename Scheme::Workspace>();
        if (ws == nullptr) return Status::internal_error;
        const Status st = Scheme::sign_digest(sk, digest, sig, rng, *ws);
        wipe_host_workspace<Scheme>(*ws);
        return st;
    }
    static Status verify_digest(const uint8_t* pk, const uint8_t* digest, const uint8_t* sig, size_t siglen) {
        auto* ws = thread_workspace<typename Scheme::Workspace>();
        if (ws == nullptr) return Status::internal_error;
        return Scheme::verify_digest(pk, digest, sig, siglen, *ws);
    }
#endif
};

}  // namespace pqmcu
