// SPDX-License-Identifier: Apache-2.0 OR MIT
// Constant-time check on the emulated Cortex-M4 (docs/ct-m4.md): every
// operation runs twice, with the same public inputs and different secrets,
// between pqmcu_ct_region_begin / pqmcu_ct_region_end. The QEMU plugin
// tools/m4sim/ct/m4ct.c digests the executed instruction addresses and the
// load/store addresses of each region; tools/m4sim/ct/ct_check.py compares
// the two runs. Both runs must touch the same memory: everything an
// operation uses (keys, outputs, workspace, rng state) is static, and both
// runs are started from the same stack frame.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "core/status.hpp"

extern "C" {
// Markers (their entry addresses are what the plugin watches).
void pqmcu_ct_region_begin();
void pqmcu_ct_region_end();
// Called by pqmcu::ct_unpoison on the M4 (core/secure.hpp): a value the
// scheme publishes. Its digest is recorded, so the checker knows when the
// two runs start to depend on different public values.
void pqmcu_ct_declassify(const void* p, size_t n);
}

namespace pqmcu::ct_m4 {

enum class Expect { same, differ };

// A constant-time generator for the secrets: the state is static (one
// address for both runs), the arithmetic has no data-dependent timing.
struct Rng {
    uint64_t state;
    void operator()(uint8_t* out, size_t n);
};
extern Rng g_rng;
// g_rng's state for run r (0 .. 3; runs 2, 3 for a second pair of secrets):
// the same fixed states in every firmware.
void seed_run(int run);

// Runs op() once untraced (warm-up, run 1's secrets), then twice inside
// regions named `name`; before each run, setup(run) (run = 0, 1) puts that
// run's secrets in place. Prints one line per run,
// which ct_check.py pairs with the plugin's digests:
//   pqmcu-ct-fw seq=K region=NAME run=R expect=same|differ status=S declass=H:N,...
// Returns 1 when an operation did not return Status::ok.
int region_pair_impl(const char* name, Expect expect, void (*setup)(int run, void* ctx),
                     Status (*op)(void* ctx), void* ctx);

template <class Setup, class Op>
int region_pair(const char* name, Expect expect, Setup&& setup, Op&& op) {
    struct Ctx {
        std::remove_reference_t<Setup>* s;
        std::remove_reference_t<Op>* o;
    } ctx{&setup, &op};
    return region_pair_impl(
        name, expect, [](int run, void* c) { (*static_cast<Ctx*>(c)->s)(run); },
        [](void* c) -> Status { return (*static_cast<Ctx*>(c)->o)(); }, &ctx);
}

// Prints "pqmcu-ct-fw done failures=N" and returns the exit code.
int finish(int failures);

}  // namespace pqmcu::ct_m4
