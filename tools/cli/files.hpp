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

// Messages are held whole in memory (the schemes hash them in one call), so
// they are refused above this size instead of growing without bound.
inline constexpr size_t kMaxMessageBytes = size_t(256) << 20;

// A key or signature file (a regular file, or stdin for "-"), at most
// armor::kMaxArmoredBytes. `what` names it in errors ("secret key").
armor::Bytes read_small_file(const std::string& path, const char* what);
// A message in one block whose pages are touched only as it fills (malloc /
// realloc, so reading up to the bound never holds two copies).
class Message {
public:
    Message() = default;
    Message(const Message&) = delete;
    Message& operator=(const Message&) = delete;
    ~Message();
    const uint8_t* data() const { return data_; }
    size_t size() const { return size_; }
    operator std::span<const uint8_t>() const { return {data_, size_}; }

private:
    friend Message read_message(const std::string& path);
    Message(Message&& other) noexcept : data_(other.data_), size_(other.size_) { other.data_ = nullptr; }
    uint8_t* data_ = nullptr;
    size_t size_ = 0;
};
// The message (any readable non-directory, or stdin for "-"), read in 64 KiB
// chunks, at most kMaxMessageBytes.
Message read_message(const std::string& path);

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
