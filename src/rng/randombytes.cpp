// SPDX-License-Identifier: Apache-2.0 OR MIT
// Global NIST-style randombytes over one CtrDrbg instance.
#include "rng/randombytes.h"

#include <new>

#include "rng/ctr_drbg.hpp"

namespace {
// Raw storage + placement new: no static-init guard and no exit-time
// destructor, both awkward in freestanding firmware.
alignas(pqmcu::rng::CtrDrbg) unsigned char g_storage[sizeof(pqmcu::rng::CtrDrbg)];
pqmcu::rng::CtrDrbg* g_drbg = nullptr;

pqmcu::rng::CtrDrbg& global_drbg() {
    if (!g_drbg) g_drbg = new (g_storage) pqmcu::rng::CtrDrbg();
    return *g_drbg;
}
}  // namespace

extern "C" {

void pqmcu_randombytes_init(unsigned char* entropy_input, unsigned char* personalization_string,
                            int security_strength) {
    (void)security_strength;
    if (!entropy_input) return;
    global_drbg().init(entropy_input, personalization_string);
}

int pqmcu_randombytes(unsigned char* x, unsigned long long xlen) {
    pqmcu::rng::CtrDrbg& d = global_drbg();
    // Large requests in chunks would change the output (one update per call),
    // so the length goes through whole; size_t is 32 bits on the M4.
    if (xlen > static_cast<unsigned long long>(static_cast<size_t>(-1))) return -1;
    return d.generate(x, static_cast<size_t>(xlen)) == pqmcu::Status::ok ? 0 : -1;
}

void randombytes_init(unsigned char* entropy_input, unsigned char* personalization_string, int security_strength) {
    pqmcu_randombytes_init(entropy_input, personalization_string, security_strength);
}

int randombytes(unsigned char* x, unsigned long long xlen) { return pqmcu_randombytes(x, xlen); }

}  // extern "C"
