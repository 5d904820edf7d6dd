// SPDX-License-Identifier: Apache-2.0 OR MIT
// The `pqmcu` command: list algorithms, write NIST KAT files, make keys, sign
// or verify files, and encapsulate / decapsulate with a KEM on the host. Keys,
// signatures and ciphertexts are armored files naming their algorithm
// (src/api/armor.hpp) or, with --raw, raw bytes; file handling (atomic
// writes, no overwrite, aliasing, "-") is in files.cpp.
// Exit status: 0 success / valid, 1 invalid signature, 2 any error.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include <unistd.h>

#include "api/armor.hpp"
#include "api/nist_kat.hpp"
#include "api/stream_variant.hpp"
#include "files.hpp"
#include "mqom/profile_choice.hpp"
#include "pqmcu/pqmcu.hpp"

#ifndef PQMCU_VERSION
#define PQMCU_VERSION "unknown"
#endif

namespace {

using pqmcu::Kem;
using pqmcu::Signature;
using pqmcu::Status;
using pqmcu::armor::Bytes;
using pqmcu::armor::Kind;
using pqmcu::cli::fail;
using pqmcu::cli::Failure;
using pqmcu::cli::kExitError;
using pqmcu::cli::kExitInvalidSignature;
using pqmcu::cli::kExitOk;

constexpr const char* kFooter = R"(Keys, signatures and ciphertexts are armored text by default:
  -----BEGIN PQMCU PUBLIC KEY-----
  Algorithm: mqom2_cat1_gf16_fast_r5
  <base64 of the raw bytes, 64 columns>
  -----END PQMCU PUBLIC KEY-----
(or SECRET KEY, SIGNATURE; for KEMs: KEM PUBLIC KEY, KEM SECRET KEY, CIPHERTEXT),
so sign, verify, encaps and decaps take the algorithm from the files (naming
it on the command line is optional; a key of another algorithm is refused).
With --raw, keygen, sign and encaps write raw bytes and raw inputs are
accepted (then name the algorithm). '-' is stdin for --in (and for one key,
signature or ciphertext input), stdout for --pk of keygen, --sig of sign and
--ct of encaps. Outputs are never replaced without --force, never left
half-written; secret keys and shared secrets are created mode 0600 and never
written to stdout. The shared secret file holds the raw bytes (--ss-hex: one
line of lower-case hex). A tampered ciphertext is not an error: decaps gives
the KEM's implicit-rejection secret (pseudo-random, unrelated to the sender's)
and exits 0. Messages of any size are hashed as they are read (constant
memory; --max-message-bytes N refuses longer ones).

MQOM's streaming-verification variant (sign --variant stream, or the name
<set>_stream; for the cat 1 MQOM sets with a gf2, gf16 or gf256 base field)
uses the set's keys; its signatures name <set>_stream, so verify knows, and
verify --stream-chunk N feeds such a signature to the streaming verifier N
bytes at a time (as a bootloader would). Algorithm names are
case-insensitive; '-' and '_' are optional (MAYO-2 = mayo_2 = mayo2;
MQOM2-L1-gf16-fast-r5 = mqom2_cat1_gf16_fast_r5).

Exit status: 0 success (verify: signature valid), 1 signature invalid,
2 usage, file or any other error (one line on stderr).)";

std::string in_quotes(const std::string& s) { return "'" + s + "'"; }

Signature lookup(const std::string& name) {
    const Signature s = Signature::by_name(name);
    if (!s && Kem::by_name(name)) fail(in_quotes(name) + " is a KEM, not a signature algorithm (see `pqmcu list`)");
    if (!s) fail("unknown algorithm " + in_quotes(name) + " (see `pqmcu list`)");
    return s;
}

Kem lookup_kem(const std::string& name) {
    const Kem k = Kem::by_name(name);
    if (!k && Signature::by_name(name)) fail(in_quotes(name) + " is a signature algorithm, not a KEM (see `pqmcu list`)");
    if (!k) fail("unknown KEM " + in_quotes(name) + " (see `pqmcu list`)");
    return k;
}

// keygen and kat take either sort of algorithm.
struct AnyAlgorithm {
    Signature sig;
    Kem kem;
};
AnyAlgorithm lookup_any(const std::string& name) {
    AnyAlgorithm a{Signature::by_name(name), Kem::by_name(name)};
    if (!a.sig && !a.kem) fail("unknown algorithm " + in_quotes(name) + " (see `pqmcu list`)");
    return a;
}

// A key or signature read from a file: its bytes and the algorithm, which an
// armored file names and a raw one does not (empty).
struct Loaded {
    Bytes bytes;
    std::string algorithm;
};

Loaded load(const std::string& path, Kind kind, bool raw_allowed) {
    const char* what = pqmcu::armor::kind_noun(kind);
    const std::string name = pqmcu::cli::is_stdio(path) ? std::string("stdin") : in_quotes(path);
    Bytes file = pqmcu::cli::read_small_file(path, what);
    Loaded out;
    if (pqmcu::armor::looks_armored(file.data(), file.size())) {
        pqmcu::armor::Decoded d;
        std::string error;
        if (!pqmcu::armor::decode(file.data(), file.size(), kind, d, error)) fail(name + ": " + error);
        out.bytes = std::move(d.bytes);
        out.algorithm = std::move(d.algorithm);
        return out;
    }
    if (!raw_allowed)
        fail(name + ": not an armored PQMCU " + what + " (for raw bytes, pass --raw and the algorithm name)");
    out.bytes = std::move(file);
    return out;
}

// The algorithm of an operation: the one the files name, which must agree with
// each other and with the command line's (if given).
struct Claim {
    std::string algorithm;  // canonical, or empty
    std::string source;     // "secret key 'sk.pem'" / "the command line"
};
template <class Algorithm, class Lookup>
Algorithm agree(const std::string& cli_name, const std::vector<Claim>& from_files, Lookup lookup) {
    Claim chosen;
    if (!cli_name.empty()) chosen = {std::string(lookup(cli_name).name()), "the command line"};
    for (const Claim& n : from_files) {
        if (n.algorithm.empty()) continue;
        if (chosen.algorithm.empty()) {
            chosen = n;
        } else if (chosen.algorithm != n.algorithm) {
            fail(n.source + " is for " + n.algorithm + ", but " + chosen.source +
                 (chosen.source == "the command line" ? " names " : " is for ") + chosen.algorithm);
        }
    }
    if (chosen.algorithm.empty())
        fail("raw key / signature / ciphertext files do not name their algorithm: give it on the command line");
    return lookup(chosen.algorithm);
}
Signature agree(const std::string& cli_name, const std::vector<Claim>& from_files) {
    return agree<Signature>(cli_name, from_files, lookup);
}

// MQOM's streaming-verification variant (src/api/stream_variant.hpp): a
// signature algorithm "<set>_stream" of its own, with the set's keys.
bool is_stream_variant(const Signature& s) { return s.name().ends_with(pqmcu::kStreamVariantSuffix); }
// The algorithm whose keys a signature algorithm uses (a variant: its set).
Signature key_algorithm(const Signature& s) {
    if (!is_stream_variant(s)) return s;
    std::string_view set = s.name();
    set.remove_suffix(pqmcu::kStreamVariantSuffix.size());
    return Signature::by_name(set);
}
Signature stream_variant_of(const Signature& set) {
    const Signature v = Signature::by_name(std::string(set.name()) + std::string(pqmcu::kStreamVariantSuffix));
    if (!v)
        fail(std::string(set.name()) + " has no streaming-verification variant (this build has it for the cat 1 "
                                       "MQOM sets with a gf2, gf16 or gf256 base field)");
    return v;
}
std::string describe(const Signature& s) {
    return std::string(s.name()) +
           (is_stream_variant(s) ? " (MQOM's streaming-verification variant)" : " (" + std::string(s.family()) + ")");
}

// The algorithms of a sign or verify: the keys' (the key files', the command
// line name's and the signature file's must agree) and the signature's, the
// keys' algorithm in the variant the command line (a "<set>_stream" name or
// --variant stream; a set's own name without --variant: its standard
// signatures) or else the signature file says; if both say, they must agree.
struct Algorithms {
    Signature key;
    Signature sig;
};
Algorithms resolve(const std::string& cli_name, bool stream_flag, const std::vector<Claim>& key_files,
                   const Claim& sig_file) {
    Signature cli_sig = Signature::by_name("");  // none
    std::vector<Claim> key_claims;
    if (!cli_name.empty()) {
        cli_sig = lookup(cli_name);
        if (stream_flag && !is_stream_variant(cli_sig)) cli_sig = stream_variant_of(cli_sig);
        key_claims.push_back({std::string(key_algorithm(cli_sig).name()), "the command line"});
    }
    key_claims.insert(key_claims.end(), key_files.begin(), key_files.end());
    Signature file_sig = Signature::by_name("");
    if (!sig_file.algorithm.empty()) {
        file_sig = lookup(sig_file.algorithm);
        key_claims.push_back({std::string(key_algorithm(file_sig).name()), sig_file.source});
    }
    const Signature key = agree("", key_claims);
    if (cli_sig && file_sig && cli_sig.name() != file_sig.name())
        fail(sig_file.source + " is for " + describe(file_sig) + ", but the command line names " + describe(cli_sig) +
             (is_stream_variant(file_sig) ? ": name " + std::string(file_sig.name()) + " or pass --variant stream"
                                          : ""));
    if (!cli_name.empty()) return {key, cli_sig};
    if (file_sig) {
        if (stream_flag && !is_stream_variant(file_sig))
            fail(sig_file.source + " is for " + describe(file_sig) + ", but --variant stream was given");
        return {key, file_sig};
    }
    return {key, stream_flag ? stream_variant_of(key) : key};
}

// A streaming-variant signature fed to its streaming verifier `chunk` bytes
// at a time (what a bootloader receiving it over a UART does).
Status verify_in_chunks(const Signature& s, const Bytes& pk, const Bytes& digest, const Bytes& sig, size_t chunk) {
    const pqmcu::StreamVerifierOps* v = pqmcu::stream_verifier(s.name());
    if (v == nullptr || v->state_align > alignof(std::max_align_t)) fail("no streaming verifier for " + describe(s));
    if (pk.size() != s.public_key_bytes() || digest.size() != s.message_digest_bytes()) return Status::bad_length;
    std::vector<std::max_align_t> state((v->state_bytes + sizeof(std::max_align_t) - 1) / sizeof(std::max_align_t));
    Status st = v->init_digest(state.data(), pk.data(), digest.data());
    for (size_t off = 0; st == Status::ok && off < sig.size(); off += chunk)
        st = v->update(state.data(), sig.data() + off, std::min(chunk, sig.size() - off));
    const Status fin = v->final(state.data());  // also after a failed update: back to idle
    v->destroy(state.data());
    return st != Status::ok ? st : fin;
}
Kem agree_kem(const std::string& cli_name, const std::vector<Claim>& from_files) {
    return agree<Kem>(cli_name, from_files, lookup_kem);
}

template <class Algorithm>
void check_raw(const Algorithm& s, Kind kind, const Loaded& l, const std::string& path) {
    if (!l.algorithm.empty()) return;  // armored: already checked
    std::string error;
    if (!pqmcu::armor::check_raw_length(s, kind, l.bytes.size(), error)) fail(in_quotes(path) + ": " + error);
}

template <class Algorithm>
Bytes as_file(bool raw, Kind kind, const Algorithm& s, const uint8_t* p, size_t n) {
    if (raw) return Bytes(p, p + n);
    return pqmcu::armor::encode(kind, s.name(), p, n);
}

std::string status_text(Status st) { return pqmcu::status_message(st); }

// The shared secret file: the raw bytes, or one line of lower-case hex.
Bytes shared_secret_file(const Bytes& ss, bool hex) {
    if (!hex) return ss;
    static constexpr char kDigits[] = "0123456789abcdef";
    Bytes out;
    out.reserve(2 * ss.size() + 1);
    for (uint8_t b : ss) {
        out.push_back(uint8_t(kDigits[b >> 4]));
        out.push_back(uint8_t(kDigits[b & 15]));
    }
    out.push_back('\n');
    return out;
}

// KEMs whose key generation takes up to seconds (Classic McEliece: public
// keys of 261 KB to 1.36 MB) report KAT progress even when stderr is not a
// terminal.
constexpr size_t kSlowKemPublicKeyBytes = 100000;

// `pqmcu profile NAME --ram BYTES`: the chooser over the committed M4 table.
int choose_profile(const std::string& name, size_t ram, const std::string& goal, bool allow_lut) {
    using namespace pqmcu::mqom;
    const ProfileGoal g = goal == "verify" ? ProfileGoal::verify : goal == "keygen" ? ProfileGoal::keygen
                                                                                    : ProfileGoal::sign;
    ProfileChoice c;
    const Status st = fastest_profile_within(name.c_str(), ram, c, g, allow_lut);
    if (st == Status::unknown_name) fail("unknown MQOM instance '" + name + "' (see `pqmcu list`)");
    if (st == Status::unsupported && c.min_ram_bytes == 0)
        fail("no profile of " + name + " has been measured on the M4 (tools/m4sim/profile_table.py)");
    if (st == Status::unsupported)
        fail("no measured profile of " + name + " fits in " + std::to_string(ram) +
             " bytes of RAM; the smallest needs " + std::to_string(c.min_ram_bytes) + " bytes");
    if (st != Status::ok) fail("profile choice failed: " + status_text(st));
    const ProfileFigures& f = *c.figures;
    std::printf("%s\n", f.profile);
    std::printf("  %s, fastest %s within %zu bytes: peak RAM %u bytes; Cortex-M4 cycles (emulated) "
                "keygen %llu, sign %llu, verify %llu\n",
                f.instance, goal.c_str(), ram, unsigned(f.ram_bytes), (unsigned long long)f.keygen_cycles,
                (unsigned long long)f.sign_cycles, (unsigned long long)f.verify_cycles);
    return kExitOk;
}

// The signature's message digest of the file, read in 64 KiB chunks.
Bytes message_digest(const Signature& s, const std::string& path, uint64_t max_bytes) {
    pqmcu::MessageHasher h = s.message_hasher();
    pqmcu::cli::stream_message(path, max_bytes, [&h](const uint8_t* chunk, size_t len) {
        const Status st = h.update({chunk, len});
        if (st != Status::ok) fail("hashing the message failed: " + status_text(st));
    });
    Bytes digest(s.message_digest_bytes());
    const Status st = h.finish(digest);
    if (st != Status::ok) fail("hashing the message failed: " + status_text(st));
    return digest;
}

void flush_stdout() {
    errno = 0;
    if (std::fflush(stdout) != 0 || std::ferror(stdout))
        fail(std::string("cannot write to stdout") + (errno != 0 ? std::string(": ") + std::strerror(errno) : ""));
}

int run(int argc, char** argv) {
    CLI::App app{"pqmcu " PQMCU_VERSION ": post-quantum signatures and KEMs for microcontrollers and hosts"};
    app.require_subcommand(1);
    app.set_version_flag("--version", "pqmcu " PQMCU_VERSION);
    app.footer(kFooter);

    auto* list = app.add_subcommand("list", "List the signature algorithms and KEMs (canonical names) and their sizes");

    std::string name;
    size_t count = 100;
    auto* kat = app.add_subcommand("kat", "Write the NIST .rsp known-answer file of an algorithm to stdout");
    kat->add_option("name", name, "Algorithm name (e.g. mqom2_cat1_gf16_fast_r5)")->required();
    kat->add_option("--count", count, "Number of entries (NIST files have 100)")->check(CLI::Range(1, 100));
    bool progress = false, no_progress = false;
    auto* progress_flag = kat->add_flag("--progress", progress,
                                        "KEMs: one line per entry on stderr (default when stderr is a terminal, "
                                        "and for KEMs with public keys of 100 KB or more)");
    kat->add_flag("--no-progress", no_progress, "KEMs: no progress lines")->excludes(progress_flag);
    std::string entropy_hex;
    kat->add_option("--entropy", entropy_hex,
                    "DRBG entropy input as 96 hex digits (48 bytes; default NIST's 000102..2F). Another value "
                    "gives other known answers, for differential tests against upstream code");

    std::string pk_path, sk_path, in_path, sig_path;
    bool raw = false, force = false;
    uint64_t max_message_bytes = 0;  // 0: no bound (the message is streamed)
    auto* keygen = app.add_subcommand("keygen", "Generate a signature or KEM key pair (secret key file: mode 0600)");
    keygen->add_option("name", name, "Algorithm name (e.g. mqom2_cat1_gf16_fast_r5, MAYO-2, ntruhps2048509)")->required();
    keygen->add_option("--pk", pk_path, "Public key output file ('-': stdout)")->required();
    keygen->add_option("--sk", sk_path, "Secret key output file")->required();
    keygen->add_flag("--raw", raw, "Write raw key bytes instead of armored text");
    keygen->add_flag("--force", force, "Replace existing output files");

    auto* sign = app.add_subcommand("sign", "Sign a file (detached signature)");
    sign->add_option("name", name, "Algorithm name (optional: the armored secret key names it)");
    sign->add_option("--sk", sk_path, "Secret key file")->required();
    sign->add_option("--in", in_path, "File to sign ('-': stdin)")->required();
    sign->add_option("--sig", sig_path, "Signature output file ('-': stdout)")->required();
    sign->add_flag("--raw", raw, "Write a raw signature; accept a raw secret key");
    sign->add_flag("--force", force, "Replace an existing signature file");
    sign->add_option("--max-message-bytes", max_message_bytes,
                     "Refuse a message longer than this (default 0: any length, read in 64 KiB chunks)");
    std::string variant;
    sign->add_option("--variant", variant,
                     "'stream': MQOM's streaming-verification variant (the set's keys; the signature names "
                     "<set>_stream; cat 1 MQOM sets with a gf2, gf16 or gf256 base field)")
        ->check(CLI::IsMember({"stream"}));

    auto* verify = app.add_subcommand("verify", "Verify a detached signature (exit 0 valid, 1 invalid, 2 error)");
    verify->add_option("name", name, "Algorithm name (optional: armored files name it)");
    verify->add_option("--pk", pk_path, "Public key file")->required();
    verify->add_option("--in", in_path, "Signed file ('-': stdin)")->required();
    verify->add_option("--sig", sig_path, "Signature file")->required();
    verify->add_flag("--raw", raw, "Accept a raw signature and public key (then name the algorithm)");
    verify->add_option("--max-message-bytes", max_message_bytes,
                       "Refuse a message longer than this (default 0: any length, read in 64 KiB chunks)");
    verify->add_option("--variant", variant,
                       "'stream': the signature is of MQOM's streaming-verification variant (armored signatures "
                       "say so themselves)")
        ->check(CLI::IsMember({"stream"}));
    size_t stream_chunk = 0;
    verify->add_option("--stream-chunk", stream_chunk,
                       "Feed a streaming-variant signature to the streaming verifier this many bytes at a time")
        ->check(CLI::Range(size_t(1), size_t(1) << 30));

    std::string ct_path, ss_path;
    bool ss_hex = false;
    auto* encaps = app.add_subcommand("encaps", "KEM: make a shared secret and its ciphertext for a public key");
    encaps->add_option("name", name, "KEM name (optional: the armored public key names it)");
    encaps->add_option("--pk", pk_path, "KEM public key file ('-': stdin)")->required();
    encaps->add_option("--ct", ct_path, "Ciphertext output file ('-': stdout)")->required();
    encaps->add_option("--ss", ss_path, "Shared secret output file (mode 0600; raw bytes)")->required();
    encaps->add_flag("--ss-hex", ss_hex, "Write the shared secret as one line of lower-case hex");
    encaps->add_flag("--raw", raw, "Write a raw ciphertext; accept a raw public key");
    encaps->add_flag("--force", force, "Replace existing output files");

    auto* decaps = app.add_subcommand(
        "decaps", "KEM: recover the shared secret of a ciphertext (a tampered one gives the implicit-rejection "
                  "secret, exit 0)");
    decaps->add_option("name", name, "KEM name (optional: armored files name it)");
    decaps->add_option("--sk", sk_path, "KEM secret key file ('-': stdin)")->required();
    decaps->add_option("--ct", ct_path, "Ciphertext file ('-': stdin)")->required();
    decaps->add_option("--ss", ss_path, "Shared secret output file (mode 0600; raw bytes)")->required();
    decaps->add_flag("--ss-hex", ss_hex, "Write the shared secret as one line of lower-case hex");
    decaps->add_flag("--raw", raw, "Accept a raw secret key and ciphertext (then name the KEM)");
    decaps->add_flag("--force", force, "Replace an existing shared secret file");

    size_t ram_budget = 0;
    std::string goal = "sign";
    auto* profile = app.add_subcommand(
        "profile", "Name the fastest MQOM profile whose measured Cortex-M4 RAM fits a budget");
    profile->add_option("name", name, "MQOM instance (e.g. mqom2_cat1_gf16_fast_r5)")->required();
    profile->add_option("--ram", ram_budget, "RAM budget in bytes (stack + workspace + static data)")->required();
    profile->add_option("--goal", goal, "Operation to make fastest (sign, verify, keygen)")
        ->check(CLI::IsMember({"sign", "verify", "keygen"}));
    bool allow_lut = false;
    profile->add_flag("--allow-not-constant-time", allow_lut,
                      "Also consider the Lut profile (secret-indexed tables: NOT constant time)");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e) == 0 ? kExitOk : kExitError;
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e) == 0 ? kExitOk : kExitError;
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e) == 0 ? kExitOk : kExitError;
    } catch (const CLI::ParseError& e) {
        fail(std::string(e.what()) + " (see pqmcu --help)");
    }

    if (list->parsed()) {
        // Two tables: signatures, a blank line, KEMs (header lines start with "name").
        std::printf("%-28s %-10s %10s %10s %10s\n", "name", "family", "pk bytes", "sk bytes", "sig bytes");
        for (const auto& ops : Signature::all())
            std::printf("%-28s %-10s %10zu %10zu %10zu\n", ops.name, ops.family, ops.public_key_bytes,
                        ops.secret_key_bytes, ops.signature_bytes);
        if (!Kem::all().empty()) {
            std::printf("\n%-28s %-16s %10s %10s %10s %10s\n", "name", "family", "pk bytes", "sk bytes", "ct bytes",
                        "ss bytes");
            for (const auto& ops : Kem::all())
                std::printf("%-28s %-16s %10zu %10zu %10zu %10zu\n", ops.name, ops.family, ops.public_key_bytes,
                            ops.secret_key_bytes, ops.ciphertext_bytes, ops.shared_secret_bytes);
        }
        flush_stdout();
        return kExitOk;
    }
    if (profile->parsed()) {
        const int rc = choose_profile(name, ram_budget, goal, allow_lut);
        flush_stdout();
        return rc;
    }
    if (kat->parsed()) {
        pqmcu::kat::Entropy entropy = pqmcu::kat::nist_entropy();
        if (!entropy_hex.empty() && !pqmcu::kat::parse_entropy_hex(entropy_hex, entropy))
            fail("--entropy: expected 96 hex digits (48 bytes), got " + std::to_string(entropy_hex.size()) +
                 " characters" + (entropy_hex.size() == 96 ? " with a non-hex digit" : ""));
        const AnyAlgorithm a = lookup_any(name);
        Status st;
        if (a.sig) {
            st = pqmcu::kat::write_sign_rsp(a.sig, count, stdout, entropy);
        } else {
            const bool show = !no_progress && (progress || isatty(STDERR_FILENO) == 1 ||
                                               a.kem.public_key_bytes() >= kSlowKemPublicKeyBytes);
            st = pqmcu::kat::write_kem_rsp(a.kem, count, stdout, show ? stderr : nullptr, entropy);
        }
        if (st != Status::ok) fail("kat generation failed: " + status_text(st));
        flush_stdout();
        return kExitOk;
    }
    if (keygen->parsed() && !lookup_any(name).sig) {
        const Kem k = lookup_kem(name);
        if (pqmcu::cli::is_stdio(sk_path)) fail("the secret key is not written to stdout: give a file name");
        pqmcu::cli::check_paths({}, {{pk_path, "public key"}, {sk_path, "secret key"}}, force);
        Bytes pk(k.public_key_bytes()), sk(k.secret_key_bytes());
        const Status st = k.keypair(pk, sk);
        if (st != Status::ok) fail("keygen failed: " + status_text(st));
        pqmcu::cli::write_outputs(
            {{pk_path, as_file(raw, Kind::kem_public_key, k, pk.data(), pk.size()), 0666, "public key"},
             {sk_path, as_file(raw, Kind::kem_secret_key, k, sk.data(), sk.size()), 0600, "secret key"}},
            force);
        return kExitOk;
    }
    if (encaps->parsed()) {
        if (pqmcu::cli::is_stdio(ss_path)) fail("the shared secret is not written to stdout: give a file name");
        pqmcu::cli::check_paths({{pk_path, "public key"}}, {{ct_path, "ciphertext"}, {ss_path, "shared secret"}},
                                force);
        const Loaded pk = load(pk_path, Kind::kem_public_key, raw);
        const Kem k = agree_kem(name, {{pk.algorithm, "public key " + in_quotes(pk_path)}});
        check_raw(k, Kind::kem_public_key, pk, pk_path);
        Bytes ct(k.ciphertext_bytes()), ss(k.shared_secret_bytes());
        const Status st = k.encapsulate(pk.bytes, ct, ss);
        if (st != Status::ok) fail("encapsulation failed: " + status_text(st));
        pqmcu::cli::write_outputs({{ct_path, as_file(raw, Kind::ciphertext, k, ct.data(), ct.size()), 0666, "ciphertext"},
                                   {ss_path, shared_secret_file(ss, ss_hex), 0600, "shared secret"}},
                                  force);
        return kExitOk;
    }
    if (decaps->parsed()) {
        if (pqmcu::cli::is_stdio(ss_path)) fail("the shared secret is not written to stdout: give a file name");
        pqmcu::cli::check_paths({{sk_path, "secret key"}, {ct_path, "ciphertext"}}, {{ss_path, "shared secret"}}, force);
        const Loaded sk = load(sk_path, Kind::kem_secret_key, raw);
        const Loaded ct = load(ct_path, Kind::ciphertext, raw);
        const Kem k = agree_kem(name, {{sk.algorithm, "secret key " + in_quotes(sk_path)},
                                       {ct.algorithm, "ciphertext " + in_quotes(ct_path)}});
        check_raw(k, Kind::kem_secret_key, sk, sk_path);
        check_raw(k, Kind::ciphertext, ct, ct_path);
        Bytes ss(k.shared_secret_bytes());
        // A ciphertext that was tampered with decapsulates to the implicit-rejection secret: not an error.
        const Status st = k.decapsulate(sk.bytes, ct.bytes, ss);
        if (st != Status::ok) fail("decapsulation failed: " + status_text(st));
        pqmcu::cli::write_outputs({{ss_path, shared_secret_file(ss, ss_hex), 0600, "shared secret"}}, force);
        return kExitOk;
    }
    if (keygen->parsed()) {
        const Signature s = key_algorithm(lookup(name));  // a variant's keys are its set's
        if (pqmcu::cli::is_stdio(sk_path)) fail("the secret key is not written to stdout: give a file name");
        pqmcu::cli::check_paths({}, {{pk_path, "public key"}, {sk_path, "secret key"}}, force);
        Bytes pk(s.public_key_bytes()), sk(s.secret_key_bytes());
        const Status st = s.keypair(pk, sk);
        if (st != Status::ok) fail("keygen failed: " + status_text(st));
        pqmcu::cli::write_outputs({{pk_path, as_file(raw, Kind::public_key, s, pk.data(), pk.size()), 0666, "public key"},
                                   {sk_path, as_file(raw, Kind::secret_key, s, sk.data(), sk.size()), 0600, "secret key"}},
                                  force);
        return kExitOk;
    }
    if (sign->parsed()) {
        pqmcu::cli::check_paths({{sk_path, "secret key"}, {in_path, "message"}}, {{sig_path, "signature"}}, force);
        const Loaded sk = load(sk_path, Kind::secret_key, raw);
        const Signature s =
            resolve(name, variant == "stream", {{sk.algorithm, "secret key " + in_quotes(sk_path)}}, {}).sig;
        check_raw(s, Kind::secret_key, sk, sk_path);
        const Bytes digest = message_digest(s, in_path, max_message_bytes);
        Bytes sig(s.signature_bytes());
        size_t siglen = 0;
        const Status st = s.sign_digest(sk.bytes, digest, sig, &siglen);
        if (st != Status::ok) fail("signing failed: " + status_text(st));
        pqmcu::cli::write_outputs({{sig_path, as_file(raw, Kind::signature, s, sig.data(), siglen), 0666, "signature"}},
                                  force);
        return kExitOk;
    }
    // verify
    pqmcu::cli::check_paths({{pk_path, "public key"}, {in_path, "message"}, {sig_path, "signature"}}, {}, false);
    const Loaded pk = load(pk_path, Kind::public_key, raw);
    const Loaded sig = load(sig_path, Kind::signature, raw);
    const std::string sig_source = "signature " + in_quotes(sig_path);
    const Signature s = resolve(name, variant == "stream", {{pk.algorithm, "public key " + in_quotes(pk_path)}},
                                {sig.algorithm, sig_source})
                            .sig;
    check_raw(s, Kind::public_key, pk, pk_path);
    check_raw(s, Kind::signature, sig, sig_path);
    if (stream_chunk != 0 && !is_stream_variant(s))
        fail("--stream-chunk needs a signature of MQOM's streaming-verification variant (sign --variant stream), "
             "but " + sig_source + " is " + (sig.algorithm.empty() ? "verified as " : "for ") + describe(s));
    const Bytes digest = message_digest(s, in_path, max_message_bytes);
    const Status st = stream_chunk != 0 ? verify_in_chunks(s, pk.bytes, digest, sig.bytes, stream_chunk)
                                        : s.verify_digest(pk.bytes, digest, sig.bytes);
    if (st == Status::verify_failed || st == Status::malformed_input || st == Status::bad_length) {
        // A raw signature does not say its variant: name the other one if it verifies there.
        std::string hint;
        const Signature set = key_algorithm(s);
        const Signature other = is_stream_variant(s) ? set
                                                     : Signature::by_name(std::string(set.name()) +
                                                                          std::string(pqmcu::kStreamVariantSuffix));
        if (sig.algorithm.empty() && other && other.verify_digest(pk.bytes, digest, sig.bytes) == Status::ok)
            hint = "; it is a valid signature of " + describe(other) +
                   (is_stream_variant(other) ? ": pass --variant stream" : ": verify it without --variant");
        std::fprintf(stderr, "pqmcu: signature invalid (%s)%s\n", status_text(st).c_str(), hint.c_str());
        return kExitInvalidSignature;
    }
    if (st != Status::ok) fail("verification failed to run: " + status_text(st));
    std::puts("signature valid");
    flush_stdout();
    return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
    pqmcu::cli::install_cleanup_handlers();
    try {
        return run(argc, argv);
    } catch (const Failure& f) {
        std::fprintf(stderr, "pqmcu: %s\n", f.message.c_str());
        return f.code;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "pqmcu: %s\n", e.what());
    } catch (...) {
        std::fprintf(stderr, "pqmcu: unexpected error\n");
    }
    return kExitError;
}
