// SPDX-License-Identifier: Apache-2.0 OR MIT
// File handling of the `pqmcu` command: bounded reads, outputs written whole
// or not at all (temporary file in the same directory, fsync, rename), no
// silent overwrite, no output that aliases an input or another output, and
// "-" for stdin / stdout. Every failure is a cli::Failure (one line, an exit
// code) that main() turns into a message on stderr.
#pragma once
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "api/armor.hpp"

namespace pqmcu::cli {

// Exit codes (also in `pqmcu --help` and the README).
inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalidSignature = 1;
inline constexpr int kExitError = 2;  // usage, file or any other error

struct Failure {
    int code;
    std::string message;
};
[[noreturn]] void fail(std::string message, int code = kExitError);

inline bool is_stdio(const std::string& path) { return path == "-"; }

// A key or signature file (a regular file, or stdin for "-"), at most
// armor::kMaxArmoredBytes. `what` names it in errors ("secret key").
armor::Bytes read_small_file(const std::string& path, const char* what);

// A message's bytes fed in 64 KiB reads to `absorb` (the signature's
// incremental message digest): constant memory for any size. The message
// is any readable non-directory, or stdin for "-"; max_bytes != 0 refuses
// (fails) a message longer than that (a device such as /dev/zero never ends).
void stream_message(const std::string& path, uint64_t max_bytes,
                    const std::function<void(const uint8_t* chunk, size_t len)>& absorb);

struct Output {
    std::string path;  // "-": stdout
    armor::Bytes data;
    mode_t mode;       // 0600 for secrets, 0666 for the rest (before the umask)
    const char* what;  // "public key"
};

// Checks, before anything is computed or written: "-" is used at most once
// for reading and once for writing; no output exists unless `force` (and
// then it is a regular file); no output's parent directory is missing; no
// two paths among outputs and inputs name the same file (same path, or same
// device and inode). Inputs are {path, what}.
struct Named {
    std::string path;
    const char* what;
};
void check_paths(const std::vector<Named>& inputs, const std::vector<Named>& outputs, bool force);

// Writes every output or none: all temporary files are written and synced
// first, then stdout, then the renames (RENAME_NOREPLACE unless `force`).
// On failure, temporary files and outputs created by this call are removed.
void write_outputs(const std::vector<Output>& outputs, bool force);

// SIGINT / SIGTERM / SIGHUP remove pending temporary files before exiting.
void install_cleanup_handlers();

}  // namespace pqmcu::cli
