// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ct_harness.hpp"

#include "m4/format.hpp"

namespace {
constexpr unsigned kMaxDeclass = 48;
struct DeclassLog {
    uint32_t count;
    uint32_t len[kMaxDeclass];
    uint64_t hash[kMaxDeclass];
};
DeclassLog g_declass;
bool g_in_region;
unsigned g_seq;
}  // namespace

// The markers are kept out of inlining and interprocedural analysis so each
// call is a real branch to one fixed address, in program order.
extern "C" __attribute__((noinline, noipa, used)) void pqmcu_ct_region_begin() {
    g_in_region = true;
    __asm__ volatile("" ::: "memory");
}
extern "C" __attribute__((noinline, noipa, used)) void pqmcu_ct_region_end() {
    __asm__ volatile("" ::: "memory");
    g_in_region = false;
}

// Runs inside the regions: its loop depends only on n (public), the hash on
// the published bytes. The first kMaxDeclass values of a region are logged.
extern "C" __attribute__((noinline, noipa, used)) void pqmcu_ct_declassify(const void* p, size_t n) {
    if (!g_in_region) return;
    const uint8_t* b = static_cast<const uint8_t*>(p);
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 0x100000001b3u;
    const uint32_t k = g_declass.count;
    if (k < kMaxDeclass) {
        g_declass.len[k] = uint32_t(n);
        g_declass.hash[k] = h;
    }
    g_declass.count = k + 1;
}

namespace pqmcu::ct_m4 {

Rng g_rng;

void Rng::operator()(uint8_t* out, size_t n) {
    uint64_t s = state;
    for (size_t i = 0; i < n; ++i) {
        s = s * 6364136223846793005u + 1442695040888963407u;
        out[i] = uint8_t(s >> 56);
    }
    state = s;
}

void seed_run(int run) {
    static const uint64_t states[4] = {0x0123456789abcdefu, 0xfedcba9876543210u, 0x1111222233334444u,
                                       0x9999aaaabbbbccccu};
    g_rng.state = states[run & 3];
}

int region_pair_impl(const char* name, Expect expect, void (*setup)(int, void*), Status (*op)(void*),
                     void* ctx) {
    // An untraced warm-up with run 1's secrets: one-time set-up (lazily chosen
    // backends) happens here, and any state one call leaves for the next is
    // the other run's in both traced runs (run 0 after run 1, run 1 after run 0).
    setup(1, ctx);
    int bad = op(ctx) != Status::ok;
    for (int run = 0; run < 2; ++run) {
        setup(run, ctx);
        g_declass.count = 0;
        pqmcu_ct_region_begin();
        const Status st = op(ctx);
        pqmcu_ct_region_end();
        m4::print("pqmcu-ct-fw seq=%u region=%s run=%d expect=%s status=%d declass=", g_seq++, name, run,
                  expect == Expect::same ? "same" : "differ", int(st));
        const uint32_t shown = g_declass.count < kMaxDeclass ? g_declass.count : kMaxDeclass;
        for (uint32_t k = 0; k < shown; ++k)
            m4::print("%s%016llx:%u", k ? "," : "", (unsigned long long)g_declass.hash[k], unsigned(g_declass.len[k]));
        m4::print("%s\n", g_declass.count > kMaxDeclass ? ",more" : "");
        if (st != Status::ok) bad = 1;
    }
    return bad;
}

int finish(int failures) {
    m4::print("pqmcu-ct-fw done failures=%d\n", failures);
    return failures ? 1 : 0;
}

}  // namespace pqmcu::ct_m4
