// SPDX-License-Identifier: Apache-2.0 OR MIT
// Status codes returned by every pqmcu entry point (no exceptions anywhere).
// The C API returns the same values as ints (PQMCU_* in pqmcu.h).
#pragma once
#include <cstdint>

namespace pqmcu {

enum class Status : int32_t {
    ok = 0,
    bad_length = -1,        // a buffer or length argument does not match what the operation needs
    bad_argument = -2,      // null pointer, out-of-range count, unsupported option
    unsupported = -3,       // backend or feature not available on this CPU/build
    verify_failed = -4,     // signature or MAC does not verify
    malformed_input = -5,   // encoding of a key/signature/ciphertext is invalid
    unknown_name = -6,      // no algorithm of that name
    internal_error = -7,
};

// Stable, non-secret description for error messages.
constexpr const char* status_message(Status s) {
    switch (s) {
    case Status::ok: return "ok";
    case Status::bad_length: return "wrong buffer length";
    case Status::bad_argument: return "invalid argument";
    case Status::unsupported: return "not supported by this build or CPU";
    case Status::verify_failed: return "verification failed";
    case Status::malformed_input: return "malformed input";
    case Status::unknown_name: return "unknown algorithm name";
    case Status::internal_error: return "internal error";
    }
    return "unknown status";
}

}  // namespace pqmcu
