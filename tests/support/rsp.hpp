// SPDX-License-Identifier: Apache-2.0 OR MIT
// The NIST known-answer files (.rsp) of the signature schemes, read by the
// host unit tests: count / seed / msg / pk / sk / sm entries, hex decoded.
// Test support only, not in src/.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace pqmcu::test {

struct KatEntry {
    std::vector<uint8_t> seed, msg, pk, sk, sm;
};

inline std::vector<uint8_t> from_hex(const std::string& s) {
    std::vector<uint8_t> out;
    for (size_t i = 0; i + 1 < s.size(); i += 2) out.push_back(uint8_t(std::stoul(s.substr(i, 2), nullptr, 16)));
    return out;
}

// The first max_entries entries of the file (fewer if it has fewer; none if
// it cannot be opened).
inline std::vector<KatEntry> read_rsp(const std::string& path, size_t max_entries) {
    std::vector<KatEntry> out;
    FILE* f = std::fopen(path.c_str(), "r");
    if (f == nullptr) return out;
    std::string line;
    KatEntry cur;
    auto flush_line = [&]() {
        const size_t eq = line.find(" = ");
        if (eq != std::string::npos) {
            const std::string key = line.substr(0, eq), val = line.substr(eq + 3);
            if (key == "count" && !cur.seed.empty()) {
                out.push_back(cur);
                cur = KatEntry{};
            }
            if (key == "seed") cur.seed = from_hex(val);
            else if (key == "msg") cur.msg = from_hex(val);
            else if (key == "pk") cur.pk = from_hex(val);
            else if (key == "sk") cur.sk = from_hex(val);
            else if (key == "sm") cur.sm = from_hex(val);
        }
        line.clear();
    };
    int c;
    while ((c = std::fgetc(f)) != EOF && out.size() < max_entries) {
        if (c == '\n') flush_line();
        else if (c != '\r') line.push_back(char(c));
    }
    flush_line();
    if (!cur.seed.empty() && out.size() < max_entries) out.push_back(cur);
    std::fclose(f);
    return out;
}

}  // namespace pqmcu::test
