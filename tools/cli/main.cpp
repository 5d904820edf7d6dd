// SPDX-License-Identifier: Apache-2.0 OR MIT
// The `pqmcu` command: list algorithms, write NIST KAT files, and sign or
// verify files on the host.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "api/nist_kat.hpp"
#include "mqom/profile_choice.hpp"
#include "pqmcu/pqmcu.hpp"

namespace {

using pqmcu::Signature;
using pqmcu::Status;

// One line on stderr, a non-zero exit: the CLI's only error style.
int fail(const std::string& what) {
    std::fprintf(stderr, "pqmcu: %s\n", what.c_str());
    return 1;
}

bool read_file(const std::string& path, std::vector<uint8_t>& out) {
    std::ifstream f(path, std::ios::binary);
    if (!f) return false;
    out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
    return true;
}

bool write_file(const std::string& path, const uint8_t* p, size_t n) {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(p), std::streamsize(n));
    return bool(f);
}

Signature find(const std::string& name, int& rc) {
    Signature s = Signature::by_name(name);
    if (!s) rc = fail("unknown algorithm '" + name + "' (see `pqmcu list`)");
    return s;
}

std::string status_text(Status st) { return pqmcu::status_message(st); }

// `pqmcu profile NAME --ram BYTES`: the chooser over the committed M4 table.
int choose_profile(const std::string& name, size_t ram, const std::string& goal, bool allow_lut) {
    using namespace pqmcu::mqom;
    const ProfileGoal g = goal == "verify" ? ProfileGoal::verify : goal == "keygen" ? ProfileGoal::keygen
                                                                                    : ProfileGoal::sign;
    ProfileChoice c;
    const Status st = fastest_profile_within(name.c_str(), ram, c, g, allow_lut);
    if (st == Status::unknown_name) return fail("unknown MQOM instance '" + name + "' (see `pqmcu list`)");
    if (st == Status::unsupported && c.min_ram_bytes == 0)
        return fail("no profile of " + name + " has been measured on the M4 (tools/m4sim/profile_table.py)");
    if (st == Status::unsupported)
        return fail("no measured profile of " + name + " fits in " + std::to_string(ram) +
                    " bytes of RAM; the smallest needs " + std::to_string(c.min_ram_bytes) + " bytes");
    if (st != Status::ok) return fail("profile choice failed: " + status_text(st));
    const ProfileFigures& f = *c.figures;
    std::printf("%s\n", f.profile);
    std::printf("  %s, fastest %s within %zu bytes: peak RAM %u bytes; Cortex-M4 cycles (emulated) "
                "keygen %llu, sign %llu, verify %llu\n",
                f.instance, goal.c_str(), ram, unsigned(f.ram_bytes), (unsigned long long)f.keygen_cycles,
                (unsigned long long)f.sign_cycles, (unsigned long long)f.verify_cycles);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"pqmcu: post-quantum signatures for microcontrollers and hosts"};
    app.require_subcommand(1);

    auto* list = app.add_subcommand("list", "List the signature algorithms and their sizes");

    std::string name;
    size_t count = 100;
    auto* kat = app.add_subcommand("kat", "Write the NIST .rsp known-answer file of an algorithm to stdout");
    kat->add_option("name", name, "Algorithm name (e.g. mqom2_cat1_gf16_fast_r5)")->required();
    kat->add_option("--count", count, "Number of entries (NIST files have 100)")->check(CLI::Range(1, 100));

    std::string pk_path, sk_path, in_path, sig_path;
    auto* keygen = app.add_subcommand("keygen", "Generate a key pair");
    keygen->add_option("name", name, "Algorithm name")->required();
    keygen->add_option("--pk", pk_path, "Public key output file")->required();
    keygen->add_option("--sk", sk_path, "Secret key output file")->required();

    auto* sign = app.add_subcommand("sign", "Sign a file (detached signature)");
    sign->add_option("name", name, "Algorithm name")->required();
    sign->add_option("--sk", sk_path, "Secret key file")->required();
    sign->add_option("--in", in_path, "File to sign")->required();
    sign->add_option("--sig", sig_path, "Signature output file")->required();

    auto* verify = app.add_subcommand("verify", "Verify a detached signature (exit 0 when valid)");
    verify->add_option("name", name, "Algorithm name")->required();
    verify->add_option("--pk", pk_path, "Public key file")->required();
    verify->add_option("--in", in_path, "Signed file")->required();
    verify->add_option("--sig", sig_path, "Signature file")->required();

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

    CLI11_PARSE(app, argc, argv);

    int rc = 0;
    if (list->parsed()) {
        std::printf("%-28s %-10s %10s %10s %10s\n", "name", "family", "pk bytes", "sk bytes", "sig bytes");
        for (const auto& ops : Signature::all())
            std::printf("%-28s %-10s %10zu %10zu %10zu\n", ops.name, ops.family, ops.public_key_bytes,
                        ops.secret_key_bytes, ops.signature_bytes);
        return 0;
    }
    if (profile->parsed()) return choose_profile(name, ram_budget, goal, allow_lut);
    const Signature s = find(name, rc);
    if (!s) return rc;

    if (kat->parsed()) {
        const Status st = pqmcu::kat::write_sign_rsp(s, count, stdout);
        return st == Status::ok ? 0 : fail("kat generation failed: " + status_text(st));
    }
    if (keygen->parsed()) {
        std::vector<uint8_t> pk(s.public_key_bytes()), sk(s.secret_key_bytes());
        const Status st = s.keypair(pk, sk);
        if (st != Status::ok) return fail("keygen failed: " + status_text(st));
        if (!write_file(pk_path, pk.data(), pk.size()) || !write_file(sk_path, sk.data(), sk.size()))
            return fail("cannot write the key files");
        return 0;
    }
    std::vector<uint8_t> msg;
    if (!read_file(in_path, msg)) return fail("cannot read " + in_path);
    if (sign->parsed()) {
        std::vector<uint8_t> sk, sig(s.signature_bytes());
        if (!read_file(sk_path, sk)) return fail("cannot read " + sk_path);
        if (sk.size() != s.secret_key_bytes())
            return fail("secret key has " + std::to_string(sk.size()) + " bytes, expected " +
                        std::to_string(s.secret_key_bytes()));
        size_t siglen = 0;
        const Status st = s.sign(sk, msg, sig, &siglen);
        if (st != Status::ok) return fail("signing failed: " + status_text(st));
        return write_file(sig_path, sig.data(), siglen) ? 0 : fail("cannot write " + sig_path);
    }
    std::vector<uint8_t> pk, sig;
    if (!read_file(pk_path, pk)) return fail("cannot read " + pk_path);
    if (!read_file(sig_path, sig)) return fail("cannot read " + sig_path);
    const Status st = s.verify(pk, msg, sig);
    if (st != Status::ok) return fail("signature rejected: " + status_text(st));
    std::puts("signature valid");
    return 0;
}
