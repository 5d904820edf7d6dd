// SPDX-License-Identifier: Apache-2.0 OR MIT
// Armored key / signature files: see armor.hpp for the format.
#include "api/armor.hpp"

#include <cstring>

namespace pqmcu::armor {
namespace {

constexpr std::string_view kBegin = "-----BEGIN PQMCU ";
constexpr std::string_view kEnd = "-----END PQMCU ";
constexpr std::string_view kDashes = "-----";
constexpr std::string_view kAlgorithm = "Algorithm: ";
constexpr size_t kColumns = 64;
constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int b64_value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

void append(Bytes& out, std::string_view s) { out.insert(out.end(), s.begin(), s.end()); }

std::string_view view(const Bytes& b, size_t from, size_t to) {
    return std::string_view(reinterpret_cast<const char*>(b.data()) + from, to - from);
}

// Line text without its '\n' (and without a '\r' before it).
struct Line {
    size_t begin, end;
};

}  // namespace

const char* kind_label(Kind k) {
    switch (k) {
    case Kind::public_key: return "PUBLIC KEY";
    case Kind::secret_key: return "SECRET KEY";
    case Kind::signature: return "SIGNATURE";
    case Kind::kem_public_key: return "KEM PUBLIC KEY";
    case Kind::kem_secret_key: return "KEM SECRET KEY";
    case Kind::ciphertext: return "CIPHERTEXT";
    }
    return "?";
}

const char* kind_noun(Kind k) {
    switch (k) {
    case Kind::public_key: return "public key";
    case Kind::secret_key: return "secret key";
    case Kind::signature: return "signature";
    case Kind::kem_public_key: return "KEM public key";
    case Kind::kem_secret_key: return "KEM secret key";
    case Kind::ciphertext: return "ciphertext";
    }
    return "?";
}

bool is_kem_kind(Kind k) { return k == Kind::kem_public_key || k == Kind::kem_secret_key || k == Kind::ciphertext; }

size_t armored_size(Kind kind, std::string_view algorithm, size_t n) {
    const size_t b64 = (n + 2) / 3 * 4;
    const size_t label = std::strlen(kind_label(kind));
    return kBegin.size() + label + kDashes.size() + 1 + kAlgorithm.size() + algorithm.size() + 1 + b64 +
           (b64 + kColumns - 1) / kColumns + kEnd.size() + label + kDashes.size() + 1;
}

bool looks_armored(const uint8_t* data, size_t n) {
    return n >= kBegin.size() && std::memcmp(data, kBegin.data(), kBegin.size()) == 0;
}

void base64_encode(const uint8_t* data, size_t n, Bytes& out) {
    for (size_t i = 0; i < n; i += 3) {
        const uint32_t b0 = data[i], b1 = i + 1 < n ? data[i + 1] : 0, b2 = i + 2 < n ? data[i + 2] : 0;
        const uint32_t v = (b0 << 16) | (b1 << 8) | b2;
        out.push_back(uint8_t(kAlphabet[(v >> 18) & 63]));
        out.push_back(uint8_t(kAlphabet[(v >> 12) & 63]));
        out.push_back(i + 1 < n ? uint8_t(kAlphabet[(v >> 6) & 63]) : uint8_t('='));
        out.push_back(i + 2 < n ? uint8_t(kAlphabet[v & 63]) : uint8_t('='));
    }
}

bool base64_decode(const char* text, size_t n, Bytes& out) {
    if (n % 4 != 0) return false;
    out.reserve(out.size() + n / 4 * 3);
    for (size_t i = 0; i < n; i += 4) {
        const bool last = i + 4 == n;
        const size_t pad = last ? (text[i + 3] == '=') + (text[i + 2] == '=' && text[i + 3] == '=') : 0;
        int v[4];
        for (size_t j = 0; j < 4; ++j) {
            v[j] = j >= 4 - pad ? 0 : b64_value(text[i + j]);
            if (v[j] < 0) return false;  // includes a '=' anywhere but the end
        }
        const uint32_t w = (uint32_t(v[0]) << 18) | (uint32_t(v[1]) << 12) | (uint32_t(v[2]) << 6) | uint32_t(v[3]);
        // Canonical form: the bits under the padding are zero.
        if ((pad == 1 && (w & 0xff) != 0) || (pad == 2 && (w & 0xffff) != 0)) return false;
        out.push_back(uint8_t(w >> 16));
        if (pad < 2) out.push_back(uint8_t(w >> 8));
        if (pad < 1) out.push_back(uint8_t(w));
    }
    return true;
}

Bytes encode(Kind kind, std::string_view algorithm, const uint8_t* data, size_t n) {
    Bytes b64;
    base64_encode(data, n, b64);
    Bytes out;
    out.reserve(b64.size() + b64.size() / kColumns + 128 + 2 * algorithm.size());
    append(out, kBegin);
    append(out, kind_label(kind));
    append(out, kDashes);
    append(out, "\n");
    append(out, kAlgorithm);
    append(out, algorithm);
    append(out, "\n");
    for (size_t i = 0; i < b64.size(); i += kColumns) {
        const size_t len = b64.size() - i < kColumns ? b64.size() - i : kColumns;
        out.insert(out.end(), b64.begin() + std::ptrdiff_t(i), b64.begin() + std::ptrdiff_t(i + len));
        out.push_back('\n');
    }
    append(out, kEnd);
    append(out, kind_label(kind));
    append(out, kDashes);
    append(out, "\n");
    return out;
}

namespace {

bool length_is(std::string_view name, Kind kind, size_t want, size_t n, std::string& error) {
    if (n == want) return true;
    error = std::string(name) + " " + kind_noun(kind) + " must be " + std::to_string(want) + " bytes, found " +
            std::to_string(n);
    return false;
}

// A registered algorithm of the kind's sort (signature or KEM): its canonical
// name and the length of an object of that kind; empty name when unknown.
struct Expected {
    std::string_view canonical;
    size_t length = 0;
};
Expected expected(Kind kind, std::string_view name) {
    if (is_kem_kind(kind)) {
        const Kem k = Kem::by_name(name);
        if (!k) return {};
        return {k.name(), kind == Kind::kem_public_key   ? k.public_key_bytes()
                          : kind == Kind::kem_secret_key ? k.secret_key_bytes()
                                                         : k.ciphertext_bytes()};
    }
    const Signature s = Signature::by_name(name);
    if (!s) return {};
    // The registry gives a signature's maximum length; every registered
    // scheme's signatures have exactly that length.
    return {s.name(), kind == Kind::public_key   ? s.public_key_bytes()
                      : kind == Kind::secret_key ? s.secret_key_bytes()
                                                 : s.signature_bytes()};
}

}  // namespace

bool check_raw_length(const Signature& algorithm, Kind kind, size_t n, std::string& error) {
    if (is_kem_kind(kind)) {
        error = std::string(algorithm.name()) + " is a signature algorithm, not a KEM";
        return false;
    }
    return length_is(algorithm.name(), kind, expected(kind, algorithm.name()).length, n, error);
}

bool check_raw_length(const Kem& algorithm, Kind kind, size_t n, std::string& error) {
    if (!is_kem_kind(kind)) {
        error = std::string(algorithm.name()) + " is a KEM, not a signature algorithm";
        return false;
    }
    return length_is(algorithm.name(), kind, expected(kind, algorithm.name()).length, n, error);
}

bool decode(const uint8_t* text, size_t n, Kind kind, Decoded& out, std::string& error) {
    if (n > kMaxArmoredBytes) {
        error = "file larger than " + std::to_string(kMaxArmoredBytes) + " bytes";
        return false;
    }
    if (!looks_armored(text, n)) {
        error = std::string("not an armored PQMCU file (no '-----BEGIN PQMCU' line)");
        return false;
    }
    // Split into lines; a final '\n' may be missing, '\r\n' counts as '\n'.
    Bytes copy(text, text + n);
    std::vector<Line> lines;
    for (size_t start = 0; start < copy.size();) {
        size_t end = start;
        while (end < copy.size() && copy[end] != '\n') ++end;
        size_t stop = end;
        if (stop > start && copy[stop - 1] == '\r' && end < copy.size()) --stop;
        lines.push_back({start, stop});
        start = end + 1;
    }
    const auto line = [&](size_t i) { return view(copy, lines[i].begin, lines[i].end); };

    // BEGIN line: the kind.
    const std::string_view begin = line(0);
    if (begin.size() < kBegin.size() + kDashes.size() || begin.substr(begin.size() - kDashes.size()) != kDashes) {
        error = "malformed BEGIN line";
        return false;
    }
    const std::string_view label = begin.substr(kBegin.size(), begin.size() - kBegin.size() - kDashes.size());
    if (label != kind_label(kind)) {
        bool known = false;
        for (Kind k : {Kind::public_key, Kind::secret_key, Kind::signature, Kind::kem_public_key,
                       Kind::kem_secret_key, Kind::ciphertext})
            known = known || label == kind_label(k);
        error = std::string("not a PQMCU ") + kind_noun(kind) + " (" +
                (known ? "found a " + std::string(label) : "unknown object '" + std::string(label.substr(0, 40)) + "'") +
                ")";
        return false;
    }
    // Algorithm header: a registered canonical name.
    if (lines.size() < 2 || line(1).substr(0, kAlgorithm.size()) != kAlgorithm) {
        error = "missing 'Algorithm:' line after the BEGIN line";
        return false;
    }
    const std::string_view name = line(1).substr(kAlgorithm.size());
    const Expected algorithm = expected(kind, name);
    if (algorithm.canonical.empty()) {
        error = std::string(is_kem_kind(kind) ? "unknown KEM '" : "unknown algorithm '") +
                std::string(name.substr(0, 64)) + "'";
        return false;
    }
    if (algorithm.canonical != name) {
        error = "algorithm '" + std::string(name) + "' is not spelled canonically ('" +
                std::string(algorithm.canonical) + "')";
        return false;
    }
    // END line, then nothing.
    const std::string end_line = std::string(kEnd) + kind_label(kind) + std::string(kDashes);
    size_t end_at = 2;
    while (end_at < lines.size() && line(end_at) != end_line) ++end_at;
    if (end_at == lines.size()) {
        error = "missing '" + end_line + "' line";
        return false;
    }
    if (end_at + 1 != lines.size()) {
        error = "data after the END line";
        return false;
    }
    // Body: full 64-column lines, a last line of 1..64.
    if (end_at == 2) {
        error = "no data between the header and the END line";
        return false;
    }
    Bytes b64;
    for (size_t i = 2; i < end_at; ++i) {
        const std::string_view l = line(i);
        if (l.empty() || l.size() > kColumns || (i + 1 < end_at && l.size() != kColumns)) {
            error = "base64 line " + std::to_string(i + 1) + " is not 64 columns (or 1..64 for the last)";
            return false;
        }
        append(b64, l);
    }
    Bytes raw;
    if (!base64_decode(reinterpret_cast<const char*>(b64.data()), b64.size(), raw)) {
        error = "invalid base64";
        return false;
    }
    if (!length_is(algorithm.canonical, kind, algorithm.length, raw.size(), error)) return false;
    // Belt and braces: exactly one spelling of these contents is accepted.
    Bytes canonical = encode(kind, algorithm.canonical, raw.data(), raw.size());
    Bytes normalised;
    normalised.reserve(copy.size() + 1);
    for (const Line& l : lines) {
        normalised.insert(normalised.end(), copy.begin() + std::ptrdiff_t(l.begin), copy.begin() + std::ptrdiff_t(l.end));
        normalised.push_back('\n');
    }
    if (canonical != normalised) {
        error = "non-canonical encoding";
        return false;
    }
    out.algorithm = std::string(algorithm.canonical);
    out.bytes = std::move(raw);
    return true;
}

}  // namespace pqmcu::armor
