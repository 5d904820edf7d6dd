// SPDX-License-Identifier: Apache-2.0 OR MIT
// File handling of the `pqmcu` command (see files.hpp).
#include "files.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

namespace pqmcu::cli {
namespace {

std::string in_quotes(const std::string& path) { return "'" + path + "'"; }
std::string errno_text(int err) { return std::strerror(err); }

// Temporary files a signal handler must remove: fixed storage, async-signal-safe.
constexpr size_t kMaxPending = 4;
char g_pending[kMaxPending][4096];
volatile sig_atomic_t g_pending_used[kMaxPending];

void on_signal(int sig) {
    for (size_t i = 0; i < kMaxPending; ++i)
        if (g_pending_used[i]) unlink(g_pending[i]);
    signal(sig, SIG_DFL);
    raise(sig);
}

class SignalBlock {
public:
    SignalBlock() {
        sigset_t all;
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, &old_);
    }
    ~SignalBlock() { sigprocmask(SIG_SETMASK, &old_, nullptr); }

private:
    sigset_t old_;
};

size_t remember_pending(const std::string& tmp) {
    for (size_t i = 0; i < kMaxPending; ++i)
        if (!g_pending_used[i] && tmp.size() < sizeof g_pending[i]) {
            std::memcpy(g_pending[i], tmp.c_str(), tmp.size() + 1);
            g_pending_used[i] = 1;
            return i;
        }
    return kMaxPending;
}
void forget_pending(size_t slot) {
    if (slot < kMaxPending) g_pending_used[slot] = 0;
}

std::string parent_of(const std::string& path) {
    const std::string parent = std::filesystem::path(path).parent_path().string();
    return parent.empty() ? "." : parent;
}

// Which file a path names, for the aliasing check: the inode when it exists,
// else the parent directory's inode and the name inside it.
struct Identity {
    dev_t dev = 0;
    ino_t ino = 0;
    std::string name;
    bool operator==(const Identity&) const = default;
};
Identity identity_of(const std::string& path) {
    struct stat st {};
    if (stat(path.c_str(), &st) == 0) return {st.st_dev, st.st_ino, ""};
    if (stat(parent_of(path).c_str(), &st) == 0)
        return {st.st_dev, st.st_ino, std::filesystem::path(path).filename().string()};
    return {0, 0, std::filesystem::absolute(path).lexically_normal().string()};
}

void write_all(int fd, const uint8_t* p, size_t n, const std::string& what_path) {
    while (n > 0) {
        const ssize_t got = write(fd, p, n);
        if (got < 0) {
            if (errno == EINTR) continue;
            fail("cannot write " + what_path + ": " + errno_text(errno));
        }
        p += got;
        n -= size_t(got);
    }
}

// Opens an input; stdin for "-". `regular_only`: keys and signatures.
int open_input(const std::string& path, const char* what, bool regular_only, struct stat& st) {
    const int fd = is_stdio(path) ? 0 : open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    const std::string name = is_stdio(path) ? std::string("from stdin") : in_quotes(path);
    if (fd < 0) fail(std::string("cannot read ") + what + " " + name + ": " + errno_text(errno));
    if (fstat(fd, &st) != 0) fail(std::string("cannot read ") + what + " " + name + ": " + errno_text(errno));
    const auto refuse = [&](const char* why) {
        if (fd != 0) close(fd);
        fail(std::string("cannot read ") + what + " " + name + ": " + why);
    };
    if (S_ISDIR(st.st_mode)) refuse("is a directory");
    if (regular_only && !is_stdio(path) && !S_ISREG(st.st_mode)) refuse("not a regular file");
    if (fd != 0) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

// Reads fd to its end into `out` (growing at most to max + 1 bytes); false
// when there was more than `max`.
template <class Vec>
bool read_bounded(int fd, Vec& out, size_t max, size_t size_hint, const std::string& name, const char* what) {
    constexpr size_t kChunk = 64 * 1024;
    out.clear();
    out.reserve(size_hint < max ? size_hint + 1 : max + 1);
    size_t used = 0;
    for (;;) {
        if (out.size() - used < kChunk) {
            // Grow geometrically, but never past max + 1 (no doubling to 2x the bound).
            size_t want = used + kChunk;
            if (out.capacity() < want) {
                size_t cap = out.capacity() * 2 > want ? out.capacity() * 2 : want;
                if (cap > max + 1) cap = max + 1;
                if (cap < want) want = cap;
                out.reserve(cap);
            }
            out.resize(want);
        }
        const size_t room = out.size() - used;
        if (room == 0) break;  // more than max
        const ssize_t got = read(fd, out.data() + used, room);
        if (got < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            if (fd != 0) close(fd);
            fail(std::string("cannot read ") + what + " " + name + ": " + errno_text(err));
        }
        if (got == 0) {
            out.resize(used);
            if (fd != 0) close(fd);
            return true;
        }
        used += size_t(got);
    }
    if (fd != 0) close(fd);
    return false;
}

}  // namespace

void fail(std::string message, int code) { throw Failure{code, std::move(message)}; }

armor::Bytes read_small_file(const std::string& path, const char* what) {
    struct stat st {};
    const int fd = open_input(path, what, true, st);
    const std::string name = is_stdio(path) ? std::string("from stdin") : in_quotes(path);
    const size_t max = armor::kMaxArmoredBytes;
    if (S_ISREG(st.st_mode) && size_t(st.st_size) > max) {
        if (fd != 0) close(fd);
        fail(std::string(what) + " " + name + " is larger than " + std::to_string(max) + " bytes");
    }
    armor::Bytes out;
    if (!read_bounded(fd, out, max, S_ISREG(st.st_mode) ? size_t(st.st_size) : 4096, name, what))
        fail(std::string(what) + " " + name + " is larger than " + std::to_string(max) + " bytes");
    return out;
}

void stream_message(const std::string& path, uint64_t max_bytes,
                    const std::function<void(const uint8_t* chunk, size_t len)>& absorb) {
    struct stat st {};
    const int fd = open_input(path, "message", false, st);
    const std::string name = is_stdio(path) ? std::string("from stdin") : in_quotes(path);
    const auto close_input = [fd] {
        if (fd != 0) close(fd);
    };
    const std::string too_big = "message " + name + " is longer than --max-message-bytes (" +
                                std::to_string(max_bytes) + " bytes)";
    if (max_bytes != 0 && S_ISREG(st.st_mode) && uint64_t(st.st_size) > max_bytes) {
        close_input();
        fail(too_big);
    }
    constexpr size_t kChunk = 64 * 1024;
    armor::Bytes buf(kChunk);  // wiped when freed, like every buffer of the command (a message may be secret)
    uint64_t total = 0;
    for (;;) {
        const ssize_t got = read(fd, buf.data(), kChunk);
        if (got < 0) {
            if (errno == EINTR) continue;
            const int err = errno;
            close_input();
            fail("cannot read message " + name + ": " + errno_text(err));
        }
        if (got == 0) break;
        total += uint64_t(got);
        if (max_bytes != 0 && total > max_bytes) {
            close_input();
            fail(too_big);
        }
        try {
            absorb(buf.data(), size_t(got));
        } catch (...) {
            close_input();
            throw;
        }
    }
    close_input();
}

void check_paths(const std::vector<Named>& inputs, const std::vector<Named>& outputs, bool force) {
    const Named* stdin_user = nullptr;
    for (const Named& in : inputs)
        if (is_stdio(in.path)) {
            if (stdin_user)
                fail(std::string("'-' (stdin) given for both the ") + stdin_user->what + " and the " + in.what);
            stdin_user = &in;
        }
    const Named* stdout_user = nullptr;
    for (const Named& out : outputs)
        if (is_stdio(out.path)) {
            if (stdout_user)
                fail(std::string("'-' (stdout) given for both the ") + stdout_user->what + " and the " + out.what);
            stdout_user = &out;
        }

    // Aliasing: every pair among outputs, and each output against each input.
    std::vector<std::pair<Identity, const Named*>> seen;
    for (const Named& in : inputs)
        if (!is_stdio(in.path)) seen.push_back({identity_of(in.path), &in});
    const size_t n_inputs = seen.size();
    for (const Named& out : outputs) {
        if (is_stdio(out.path)) continue;
        const Identity id = identity_of(out.path);
        for (size_t i = 0; i < seen.size(); ++i)
            if (seen[i].first == id)
                fail(std::string("the ") + out.what + " output " + in_quotes(out.path) + " is the same file as the " +
                     seen[i].second->what + (i < n_inputs ? " input " : " output ") + in_quotes(seen[i].second->path));
        seen.push_back({id, &out});
    }

    for (const Named& out : outputs) {
        if (is_stdio(out.path)) continue;
        const std::string name = in_quotes(out.path);
        if (out.path.empty() || std::filesystem::path(out.path).filename().empty() ||
            std::filesystem::path(out.path).filename() == "." || std::filesystem::path(out.path).filename() == "..")
            fail(std::string("cannot write ") + out.what + " " + name + ": not a file name");
        struct stat st {};
        if (lstat(out.path.c_str(), &st) == 0) {
            struct stat target {};
            const bool resolves = stat(out.path.c_str(), &target) == 0;
            if (resolves && S_ISDIR(target.st_mode))
                fail(std::string("cannot write ") + out.what + " " + name + ": is a directory");
            if (!force) fail(std::string(out.what) + " " + name + " already exists (use --force to replace it)");
            if (resolves && !S_ISREG(target.st_mode))
                fail(std::string("cannot write ") + out.what + " " + name + ": not a regular file");
        } else {
            struct stat dir {};
            const std::string parent = parent_of(out.path);
            if (stat(parent.c_str(), &dir) != 0)
                fail(std::string("cannot write ") + out.what + " " + name + ": " + errno_text(errno));
            if (!S_ISDIR(dir.st_mode))
                fail(std::string("cannot write ") + out.what + " " + name + ": " + in_quotes(parent) + " is not a directory");
        }
    }
}

void write_outputs(const std::vector<Output>& outputs, bool force) {
    struct Pending {
        std::string tmp, path;
        size_t slot;
        bool renamed;
    };
    std::vector<Pending> pending;
    mode_t mask = umask(0);
    umask(mask);
    try {
        // 1. Every file output into a synced temporary file beside it.
        for (const Output& out : outputs) {
            if (is_stdio(out.path)) continue;
            std::string tmp = parent_of(out.path) + "/." + std::filesystem::path(out.path).filename().string() +
                              ".tmp-XXXXXX";
            int fd;
            {
                SignalBlock block;
                fd = mkostemp(tmp.data(), O_CLOEXEC);
                if (fd >= 0) pending.push_back({tmp, out.path, remember_pending(tmp), false});
            }
            if (fd < 0) fail(std::string("cannot write ") + out.what + " " + in_quotes(out.path) + ": " + errno_text(errno));
            const std::string name = std::string(out.what) + " " + in_quotes(out.path);
            try {
                if (fchmod(fd, out.mode & ~mask) != 0) fail("cannot write " + name + ": " + errno_text(errno));
                write_all(fd, out.data.data(), out.data.size(), name);
                if (fsync(fd) != 0) fail("cannot write " + name + ": " + errno_text(errno));
            } catch (...) {
                close(fd);
                throw;
            }
            if (close(fd) != 0) fail("cannot write " + name + ": " + errno_text(errno));
        }
        // 2. stdout (at most one output).
        for (const Output& out : outputs) {
            if (!is_stdio(out.path)) continue;
            write_all(1, out.data.data(), out.data.size(), std::string("the ") + out.what + " to stdout");
            if (fsync(1) != 0 && errno != EINVAL && errno != EROFS && errno != ENOTSUP)
                fail(std::string("cannot write the ") + out.what + " to stdout: " + errno_text(errno));
        }
        // 3. Renames: never over an existing file unless forced.
        for (Pending& p : pending) {
            const std::string name = in_quotes(p.path);
            if (force) {
                if (rename(p.tmp.c_str(), p.path.c_str()) != 0)
                    fail("cannot write " + name + ": " + errno_text(errno));
                // Replaced (or created) under --force: not removed on a later failure.
                forget_pending(p.slot);
                p.slot = kMaxPending;
                p.tmp.clear();
                continue;
            }
            int rc = renameat2(AT_FDCWD, p.tmp.c_str(), AT_FDCWD, p.path.c_str(), RENAME_NOREPLACE);
            if (rc != 0 && (errno == EINVAL || errno == ENOSYS)) {
                // File systems without RENAME_NOREPLACE: link() also refuses to replace.
                rc = link(p.tmp.c_str(), p.path.c_str());
                if (rc == 0) unlink(p.tmp.c_str());
            }
            if (rc != 0) {
                if (errno == EEXIST) fail(name + " appeared meanwhile; not replaced (use --force to replace it)");
                fail("cannot write " + name + ": " + errno_text(errno));
            }
            p.renamed = true;
            forget_pending(p.slot);
        }
    } catch (...) {
        for (Pending& p : pending) {
            if (p.tmp.empty()) continue;  // forced replacement, already in place
            if (p.renamed) unlink(p.path.c_str());
            else unlink(p.tmp.c_str());
            forget_pending(p.slot);
        }
        throw;
    }
    // Make the renames durable (best effort).
    for (const Pending& p : pending) {
        const int dir = open(parent_of(p.path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dir >= 0) {
            fsync(dir);
            close(dir);
        }
    }
}

void install_cleanup_handlers() {
    signal(SIGPIPE, SIG_IGN);  // a closed stdout is an error to report, not a silent death
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) signal(sig, on_signal);
}

}  // namespace pqmcu::cli
