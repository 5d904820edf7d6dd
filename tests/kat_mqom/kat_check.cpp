// SPDX-License-Identifier: Apache-2.0 OR MIT
// Host-only MQOM v2.1 known-answer checker.
//
// For every selected parameter set and the first N entries of
// ../shared/kat/mqom/PQCsignKAT_<stem>.rsp, regenerates the entry exactly
// as the NIST harness does (randombytes_init(seed); crypto_sign_keypair;
// crypto_sign with sm = msg || signature) and compares pk, sk, smlen and sm.
// Every generated signature is then verified, and (with --tamper) a set of
// corrupted inputs must be rejected with the expected status.
//
// The regenerated .rsp text (header + entries) must also be a byte-exact
// prefix of the official file (the whole file with --entries 100). The Faster
// sets have no official files: `--set faster --kat-dir tests/kat_mqom/faster`
// checks them against files generated with the reference code.
//
//   kat_check [--kat-dir DIR] [--set STEM|all|faster|SUBSTRING] [--entries N] [--tamper]
//             [--profile desktop|compact|balanced|memory|lut|hardware] [--write-rsp DIR] [--quiet]
// Exit status 0 iff every comparison and check passed.
// --profile hardware runs the cat 1 sets only (AES-128), through the
// emulated engine (cipher::EmulatedAesEngine), whose counters must show that
// keygen, sign and verify each sent blocks to it.
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "mqom/scheme.hpp"
#include "rng/randombytes.h"

namespace {

using pqmcu::Status;

struct Entry {
    std::map<std::string, std::string> f;
    std::vector<uint8_t> bytes(const std::string& k) const {
        std::vector<uint8_t> out;
        auto it = f.find(k);
        if (it == f.end()) return out;
        const std::string& h = it->second;
        for (size_t i = 0; i + 1 < h.size(); i += 2) out.push_back(uint8_t(std::stoul(h.substr(i, 2), nullptr, 16)));
        return out;
    }
    size_t num(const std::string& k) const { return std::stoul(f.at(k)); }
};

std::vector<Entry> parse_rsp(const std::string& path, std::string& header) {
    std::ifstream in(path);
    std::vector<Entry> out;
    std::string line;
    Entry cur;
    auto flush = [&] {
        if (!cur.f.empty()) out.push_back(cur);
        cur = Entry{};
    };
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty() && line[0] == '#') {
            header = line;
            continue;
        }
        if (line.empty()) {
            flush();
            continue;
        }
        const auto eq = line.find(" = ");
        if (eq == std::string::npos) continue;
        const std::string key = line.substr(0, eq);
        if (key == "count") flush();
        cur.f[key] = line.substr(eq + 3);
    }
    flush();
    return out;
}

std::string hex(const uint8_t* p, size_t n) {
    static const char* d = "0123456789ABCDEF";
    std::string s;
    s.reserve(2 * n);
    for (size_t i = 0; i < n; ++i) {
        s.push_back(d[p[i] >> 4]);
        s.push_back(d[p[i] & 15]);
    }
    return s;
}

size_t first_diff(const uint8_t* a, const uint8_t* b, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (a[i] != b[i]) return i;
    return n;
}

struct Options {
    std::string kat_dir = PQMCU_MQOM_KAT_DIR;
    std::string set = "all";
    size_t entries = 1;
    bool tamper = false;
    bool quiet = false;
    std::string write_dir;
    std::string profile = "desktop";
};

struct SetResult {
    size_t checked = 0, matched = 0, verify_ok = 0, tamper_ok = 0, tamper_total = 0;
    double keygen_ms = 0, sign_ms = 0, verify_ms = 0;
    std::string first_failure;
};

int randombytes_rng(uint8_t* p, size_t n) { return randombytes(p, n); }

template <class Sch>
struct Runner {
    using WS = typename Sch::Workspace;

    static SetResult run(const Options& opt, const std::vector<Entry>& entries, std::ostream* rsp) {
        SetResult r;
        auto ws = std::make_unique<WS>();  // host test: the workspace may live on the heap
        // The signer's own workspace (Memory: the PIOP's buffers in the
        // signature, here at sm + mlen: any alignment).
        auto sws = std::make_unique<typename Sch::SignWorkspace>();
        using clk = std::chrono::steady_clock;
        // Hardware profile: the AES goes to the emulated engine, which counts it.
        pqmcu::cipher::EmulatedAesEngine engine{};
        const pqmcu::cipher::ExternalAes128 hook = pqmcu::cipher::emulated_engine_hook(engine);
        if constexpr (Sch::uses_engine) pqmcu::cipher::set_external_aes128(&hook);
        uint32_t last_blocks = 0;
        auto engine_used = [&](const char* op) {
            if constexpr (Sch::uses_engine) {
                const bool used = engine.blocks > last_blocks && engine.set_key_calls > 0;
                last_blocks = engine.blocks;
                if (!used && r.first_failure.empty()) r.first_failure = std::string(op) + " did not use the engine";
                return used;
            } else {
                (void)op;
                return true;
            }
        };
        for (size_t idx = 0; idx < entries.size() && idx < opt.entries; ++idx) {
            const Entry& e = entries[idx];
            std::vector<uint8_t> seed = e.bytes("seed"), msg = e.bytes("msg");
            const size_t mlen = e.num("mlen");
            std::vector<uint8_t> pk(Sch::pk_bytes), sk(Sch::sk_bytes), sm(mlen + Sch::sig_bytes);
            randombytes_init(seed.data(), nullptr, 256);
            auto t0 = clk::now();
            Status st = Sch::keypair(pk.data(), sk.data(), randombytes_rng, *ws);
            auto t1 = clk::now();
            bool engine_ok = engine_used("keypair");
            if (mlen) std::memcpy(sm.data(), msg.data(), mlen);
            if (st == Status::ok) st = Sch::sign(sk.data(), msg.data(), mlen, sm.data() + mlen, randombytes_rng, *sws);
            auto t2 = clk::now();
            engine_ok = engine_used("sign") && engine_ok;
            r.keygen_ms += std::chrono::duration<double, std::milli>(t1 - t0).count();
            r.sign_ms += std::chrono::duration<double, std::milli>(t2 - t1).count();
            ++r.checked;
            const std::vector<uint8_t> epk = e.bytes("pk"), esk = e.bytes("sk"), esm = e.bytes("sm");
            bool ok = st == Status::ok && engine_ok;
            auto cmp = [&](const char* what, const std::vector<uint8_t>& got, const std::vector<uint8_t>& exp) {
                if (!ok) return;
                if (got.size() != exp.size() || std::memcmp(got.data(), exp.data(), got.size()) != 0) {
                    ok = false;
                    if (r.first_failure.empty()) {
                        std::ostringstream s;
                        s << "count " << e.f.at("count") << ": " << what << " differs";
                        if (got.size() != exp.size())
                            s << " (length " << got.size() << " vs " << exp.size() << ")";
                        else
                            s << " at byte " << first_diff(got.data(), exp.data(), got.size());
                        r.first_failure = s.str();
                    }
                }
            };
            if (st != Status::ok && r.first_failure.empty())
                r.first_failure = "count " + e.f.at("count") + ": status " + pqmcu::status_message(st);
            cmp("pk", pk, epk);
            cmp("sk", sk, esk);
            if (ok && e.num("smlen") != sm.size()) {
                ok = false;
                if (r.first_failure.empty()) r.first_failure = "smlen differs";
            }
            cmp("sm", sm, esm);
            if (ok) ++r.matched;

            const uint8_t* sig = sm.data() + mlen;
            auto t3 = clk::now();
            const Status vs = Sch::verify(pk.data(), msg.data(), mlen, sig, Sch::sig_bytes, *ws);
            auto t4 = clk::now();
            r.verify_ms += std::chrono::duration<double, std::milli>(t4 - t3).count();
            if (vs == Status::ok && engine_used("verify"))
                ++r.verify_ok;
            else if (r.first_failure.empty())
                r.first_failure = "count " + e.f.at("count") + ": verify returned " + pqmcu::status_message(vs);

            if (opt.tamper && idx == 0) tamper_tests(r, pk, msg, sm, *ws);

            if (rsp) {
                *rsp << "count = " << e.f.at("count") << "\n";
                *rsp << "seed = " << hex(seed.data(), seed.size()) << "\n";
                *rsp << "mlen = " << mlen << "\n";
                *rsp << "msg = " << hex(msg.data(), mlen) << "\n";
                *rsp << "pk = " << hex(pk.data(), pk.size()) << "\n";
                *rsp << "sk = " << hex(sk.data(), sk.size()) << "\n";
                *rsp << "smlen = " << sm.size() << "\n";
                *rsp << "sm = " << hex(sm.data(), sm.size()) << "\n\n";
            }
        }
        if constexpr (Sch::uses_engine) pqmcu::cipher::set_external_aes128(nullptr);
        return r;
    }

    static void tamper_tests(SetResult& r, const std::vector<uint8_t>& pk, const std::vector<uint8_t>& msg,
                             const std::vector<uint8_t>& sm, WS& ws) {
        const size_t mlen = msg.size();
        const std::vector<uint8_t> sig(sm.begin() + long(mlen), sm.end());
        constexpr pqmcu::mqom::Dims d = Sch::dims;
        auto expect = [&](const char* what, Status got, Status want) {
            ++r.tamper_total;
            if (got == want)
                ++r.tamper_ok;
            else if (r.first_failure.empty())
                r.first_failure = std::string("tamper ") + what + ": got " + pqmcu::status_message(got) +
                                  ", expected " + pqmcu::status_message(want);
        };
        // One bit flipped in every field of the signature, first and last byte.
        const std::pair<const char*, std::pair<size_t, size_t>> fields[] = {
            {"salt", {0, d.salt()}},
            {"com1", {d.off_com1(), d.digest()}},
            {"com2", {d.off_com2(), d.digest()}},
            {"alpha1", {d.off_alpha1(), size_t(d.tau) * d.u_bytes()}},
            {"paths", {d.off_paths(), size_t(d.tau) * d.log_n * d.seed()}},
            {"leaf commitments", {d.off_lscom(), size_t(d.tau) * d.digest()}},
            {"partial delta x", {d.off_pdx(), size_t(d.tau) * d.pdx_bytes()}},
            {"nonce", {d.off_nonce(), 4}},
        };
        for (const auto& [name, range] : fields) {
            for (size_t pos : {range.first, range.first + range.second - 1}) {
                for (uint8_t bit : {uint8_t(0x01), uint8_t(0x80)}) {
                    std::vector<uint8_t> t = sig;
                    t[pos] ^= bit;
                    expect(name, Sch::verify(pk.data(), msg.data(), mlen, t.data(), t.size(), ws),
                           Status::verify_failed);
                }
            }
        }
        // Lengths.
        {
            std::vector<uint8_t> t = sig;
            t.push_back(0);
            expect("long signature", Sch::verify(pk.data(), msg.data(), mlen, t.data(), t.size(), ws),
                   Status::bad_length);
            expect("short signature", Sch::verify(pk.data(), msg.data(), mlen, t.data(), sig.size() - 1, ws),
                   Status::bad_length);
            expect("empty signature", Sch::verify(pk.data(), msg.data(), mlen, t.data(), 0, ws), Status::bad_length);
            expect("short public key",
                   Sch::verify(pk.data(), pk.size() - 1, msg.data(), mlen, sig.data(), sig.size(), ws),
                   Status::bad_length);
            expect("null signature", Sch::verify(pk.data(), msg.data(), mlen, nullptr, sig.size(), ws),
                   Status::bad_argument);
        }
        // Message and public key changes.
        {
            std::vector<uint8_t> m2 = msg;
            if (!m2.empty()) m2[0] ^= 1;
            else m2.push_back(0);
            expect("message", Sch::verify(pk.data(), m2.data(), m2.size(), sig.data(), sig.size(), ws),
                   Status::verify_failed);
            for (size_t pos : {size_t(0), size_t(2 * d.seed()), pk.size() - 1}) {
                std::vector<uint8_t> p2 = pk;
                p2[pos] ^= 1;
                expect("public key", Sch::verify(p2.data(), msg.data(), mlen, sig.data(), sig.size(), ws),
                       Status::verify_failed);
            }
        }
        // Random garbage signatures (all fields parse; must simply fail).
        {
            std::vector<uint8_t> t(sig.size());
            uint32_t s = 0x12345678u;
            for (int k = 0; k < 3; ++k) {
                for (auto& b : t) {
                    s = s * 1664525u + 1013904223u;
                    b = uint8_t(s >> 24);
                }
                expect("garbage", Sch::verify(pk.data(), msg.data(), mlen, t.data(), t.size(), ws),
                       Status::verify_failed);
            }
        }
    }
};

using RunFn = SetResult (*)(const Options&, const std::vector<Entry>&, std::ostream*);

// nullptr where the profile does not exist for the set (Hardware: cat 1 only).
template <class Profile, size_t I>
constexpr RunFn runner_for() {
    if constexpr (std::is_same_v<Profile, pqmcu::mqom::Hardware> && pqmcu::mqom::ParamSet<I>::P.security != 128)
        return nullptr;
    else
        return &Runner<pqmcu::mqom::Scheme<pqmcu::mqom::ParamSet<I>, Profile>>::run;
}

template <class Profile, size_t... I>
constexpr std::array<RunFn, sizeof...(I)> make_runners(std::index_sequence<I...>) {
    return {runner_for<Profile, I>()...};
}

}  // namespace

int main(int argc, char** argv) {
    Options opt;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : std::string(); };
        if (a == "--kat-dir") opt.kat_dir = next();
        else if (a == "--set") opt.set = next();
        else if (a == "--entries") opt.entries = std::stoul(next());
        else if (a == "--tamper") opt.tamper = true;
        else if (a == "--quiet") opt.quiet = true;
        else if (a == "--write-rsp") opt.write_dir = next();
        else if (a == "--profile") opt.profile = next();
        else {
            std::cerr << "usage: kat_check [--kat-dir DIR] [--set STEM|all|faster|SUBSTRING] [--entries N] [--tamper]"
                         " [--profile desktop|compact|balanced|memory|lut|hardware] [--write-rsp DIR] [--quiet]\n";
            return 2;
        }
    }
    static constexpr auto desktop =
        make_runners<pqmcu::mqom::Desktop>(std::make_index_sequence<pqmcu::mqom::kNumParams>{});
    static constexpr auto hardware =
        make_runners<pqmcu::mqom::Hardware>(std::make_index_sequence<pqmcu::mqom::kNumParams>{});
    static constexpr auto balanced =
        make_runners<pqmcu::mqom::Balanced>(std::make_index_sequence<pqmcu::mqom::kNumParams>{});
    static constexpr auto memory =
        make_runners<pqmcu::mqom::Memory>(std::make_index_sequence<pqmcu::mqom::kNumParams>{});
    static constexpr auto lut = make_runners<pqmcu::mqom::Lut>(std::make_index_sequence<pqmcu::mqom::kNumParams>{});
    const auto* runners_p = opt.profile == "desktop"    ? &desktop
                            : opt.profile == "balanced" ? &balanced
                            : opt.profile == "compact"  ? &balanced  // Compact is an alias of Balanced
                            : opt.profile == "memory"   ? &memory
                            : opt.profile == "lut"      ? &lut
                            : opt.profile == "hardware" ? &hardware
                                                        : nullptr;
    if (runners_p == nullptr) {
        std::cerr << "unknown profile '" << opt.profile << "' (desktop, compact, balanced, memory, lut, hardware)\n";
        return 2;
    }
    const auto& runners = *runners_p;
    int failures = 0, sets_run = 0;
    for (size_t i = 0; i < pqmcu::mqom::kNumParams; ++i) {
        const pqmcu::mqom::Params& p = pqmcu::mqom::kAllParams[i];
        const std::string stem = p.kat_stem;
        // "all" and substrings select official sets only; the Faster sets (no
        // official KATs; reference-generated files in tests/kat_mqom/faster)
        // run for "faster" or their exact name.
        const bool exact = stem == opt.set || p.name == opt.set;
        if (!pqmcu::mqom::is_official(p)) {
            if (opt.set != "faster" && !exact) continue;
        } else if (opt.set == "faster" ||
                   (opt.set != "all" && !exact && stem.find(opt.set) == std::string::npos)) {
            continue;
        }
        if (runners[i] == nullptr) continue;  // profile not defined for this set
        std::string header;
        const std::string path = opt.kat_dir + "/PQCsignKAT_" + stem + ".rsp";
        const std::vector<Entry> entries = parse_rsp(path, header);
        if (entries.empty()) {
            std::cout << stem << ": cannot read " << path << "\n";
            ++failures;
            continue;
        }
        // The regenerated .rsp text must equal the start of the official file.
        std::ostringstream text;
        text << header << "\n\n";
        SetResult r = runners[i](opt, entries, &text);
        ++sets_run;
        std::string official;
        {
            std::ifstream in(path, std::ios::binary);
            official.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        }
        const std::string mine = text.str();
        const bool text_ok = official.compare(0, mine.size(), mine) == 0 ||
                             (r.checked == entries.size() && official + "\n" == mine);
        if (!text_ok && r.first_failure.empty()) r.first_failure = "regenerated .rsp text differs from the file";
        if (!opt.write_dir.empty()) {
            std::ofstream out(opt.write_dir + "/PQCsignKAT_" + stem + ".rsp", std::ios::binary);
            out << mine;
        }
        const bool ok =
            text_ok && r.matched == r.checked && r.verify_ok == r.checked && r.tamper_ok == r.tamper_total;
        if (!ok) ++failures;
        const double n = r.checked ? double(r.checked) : 1.0;
        if (ok && opt.quiet) continue;
        std::printf("%-22s %s  KAT %zu/%zu  verify %zu/%zu", stem.c_str(), ok ? "PASS" : "FAIL", r.matched,
                    r.checked, r.verify_ok, r.checked);
        if (opt.tamper) std::printf("  tamper %zu/%zu", r.tamper_ok, r.tamper_total);
        std::printf("  keygen %.2f ms  sign %.2f ms  verify %.2f ms\n", r.keygen_ms / n, r.sign_ms / n,
                    r.verify_ms / n);
        if (!r.first_failure.empty()) std::printf("    first failure: %s\n", r.first_failure.c_str());
        std::fflush(stdout);
    }
    std::printf("%d of %d parameter sets passed (%s profile, %zu entries each%s)\n", sets_run - failures, sets_run,
                opt.profile.c_str(), opt.entries, opt.tamper ? ", tamper tests" : "");
    if (sets_run == 0) {
        std::cerr << "no parameter set matches '" << opt.set << "'\n";
        return 2;
    }
    return failures == 0 ? 0 : 1;
}
