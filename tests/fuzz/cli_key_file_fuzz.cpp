// SPDX-License-Identifier: Apache-2.0 OR MIT
// libFuzzer: the `pqmcu` command's key / signature / ciphertext file parsers,
// as its load() runs them: the bounded file read (tools/cli/files.cpp, from
// an in-memory file), the armored format (src/api/armor.*), the raw length
// check, and base64. Input: selector || byte || file, where the selector's
// low bits pick the kind of object, bit 7 the raw path (the byte then picks
// the algorithm the command line would name). Checks beyond "no crash":
//   the read returns the file's bytes exactly;
//   an accepted armored file is canonical: it equals encode() of what it
//   decoded to, up to '\r\n' line ends and the final newline;
//   the decoded object has the named algorithm's length for that kind;
//   base64 that decodes re-encodes to the same text.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "api/armor.hpp"
#include "files.hpp"
#include "fuzz_common.hpp"
#include "pqmcu/pqmcu.hpp"

namespace {

using namespace pqmcu;
using armor::Kind;

constexpr Kind kKinds[] = {Kind::public_key,     Kind::secret_key,     Kind::signature,
                           Kind::kem_public_key, Kind::kem_secret_key, Kind::ciphertext};

size_t expected_length(Kind kind, std::string_view algorithm) {
    if (armor::is_kem_kind(kind)) {
        const Kem k = Kem::by_name(algorithm);
        if (!k) return 0;
        return kind == Kind::kem_public_key ? k.public_key_bytes()
               : kind == Kind::kem_secret_key ? k.secret_key_bytes()
                                              : k.ciphertext_bytes();
    }
    const Signature s = Signature::by_name(algorithm);
    if (!s) return 0;
    return kind == Kind::public_key ? s.public_key_bytes()
           : kind == Kind::secret_key ? s.secret_key_bytes()
                                      : s.signature_bytes();
}

// What encode() would write for a file that differs only in the latitude
// the parser allows ('\r\n' line ends, a missing final newline).
std::string normalized(const uint8_t* p, size_t n) {
    std::string out;
    out.reserve(n + 1);
    for (size_t i = 0; i < n; ++i) {
        if (p[i] == '\r' && i + 1 < n && p[i + 1] == '\n') continue;
        out.push_back(char(p[i]));
    }
    if (out.empty() || out.back() != '\n') out.push_back('\n');
    return out;
}

armor::Bytes read_through_cli(const uint8_t* p, size_t n) {
    static const int fd = memfd_create("pqmcu-fuzz-key", 0);
    if (fd < 0) std::abort();
    if (ftruncate(fd, 0) != 0 || pwrite(fd, p, n, 0) != ssize_t(n)) std::abort();
    try {
        return cli::read_small_file("/proc/self/fd/" + std::to_string(fd), "key");
    } catch (const cli::Failure& f) {
        fuzz::finding("cli_key_file", "-", ("reading a small file failed: " + f.message).c_str());
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 2) return 0;
    const fuzz::Selector sel = fuzz::select(data, size, std::size(kKinds));
    const Kind kind = kKinds[sel.index];
    const uint8_t* file = data + 2;
    const size_t n = size - 2;

    const armor::Bytes bytes = read_through_cli(file, n);
    fuzz::require(bytes.size() == n && std::equal(bytes.begin(), bytes.end(), file), "cli_key_file", "-",
                  "read_small_file did not return the file's bytes");

    std::string error;
    if (!sel.mode) {
        if (!armor::looks_armored(bytes.data(), bytes.size())) return 0;
        armor::Decoded d;
        if (!armor::decode(bytes.data(), bytes.size(), kind, d, error)) {
            fuzz::require(!error.empty() && error.find('\n') == std::string::npos, "cli_key_file", "-",
                          "a refusal without a one-line error");
            return 0;
        }
        fuzz::require(d.bytes.size() == expected_length(kind, d.algorithm), "cli_key_file", d.algorithm.c_str(),
                      "decoded object has the wrong length for its algorithm");
        const armor::Bytes again = armor::encode(kind, d.algorithm, d.bytes.data(), d.bytes.size());
        fuzz::require(normalized(bytes.data(), bytes.size()) == std::string(again.begin(), again.end()),
                      "cli_key_file", d.algorithm.c_str(), "an accepted file is not the canonical encoding");
        fuzz::require(again.size() == armor::armored_size(kind, d.algorithm, d.bytes.size()), "cli_key_file",
                      d.algorithm.c_str(), "armored_size differs from encode()");
    } else {
        // The raw path: the algorithm comes from the command line.
        if (armor::is_kem_kind(kind)) {
            const auto all = Kem::all();
            const Kem k = Kem::by_name(all[data[1] % all.size()].name);
            const bool ok = armor::check_raw_length(k, kind, bytes.size(), error);
            fuzz::require(ok == (bytes.size() == expected_length(kind, k.name())), "cli_key_file", all[0].name,
                          "raw length check disagrees with the registry");
        } else {
            const auto all = Signature::all();
            const Signature s = Signature::by_name(all[data[1] % all.size()].name);
            const bool ok = armor::check_raw_length(s, kind, bytes.size(), error);
            fuzz::require(ok == (bytes.size() == expected_length(kind, s.name())), "cli_key_file", all[0].name,
                          "raw length check disagrees with the registry");
        }
    }
    // The base64 layer alone.
    armor::Bytes raw;
    if (armor::base64_decode(reinterpret_cast<const char*>(file), n, raw)) {
        armor::Bytes text;
        armor::base64_encode(raw.data(), raw.size(), text);
        fuzz::require(text.size() == n && std::equal(text.begin(), text.end(), file), "cli_key_file", "-",
                      "base64 that decodes does not re-encode to itself");
    }
    return 0;
}
