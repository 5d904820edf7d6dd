// SPDX-License-Identifier: Apache-2.0 OR MIT
// The armored key / signature / ciphertext format (src/api/armor.hpp) and the
// registry's name aliases (Signature::by_name): RFC 4648 base64 vectors, round
// trips for every registered signature algorithm and KEM, every way a file
// can deviate from the one canonical encoding, signature and KEM kinds kept
// apart, the size bound, and the alias spellings.
#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>

#include "api/armor.hpp"
#include "pqmcu/pqmcu.h"
#include "pqmcu/pqmcu.hpp"

namespace {

using pqmcu::Signature;
using pqmcu::armor::Bytes;
using pqmcu::armor::Kind;

Bytes bytes_of(std::string_view s) { return Bytes(s.begin(), s.end()); }
std::string text_of(const Bytes& b) { return std::string(b.begin(), b.end()); }

std::string b64(std::string_view raw) {
    Bytes out;
    const Bytes in = bytes_of(raw);
    pqmcu::armor::base64_encode(in.data(), in.size(), out);
    return text_of(out);
}

bool b64_decodes(std::string_view text, std::string* raw = nullptr) {
    Bytes out;
    const bool ok = pqmcu::armor::base64_decode(text.data(), text.size(), out);
    if (raw) *raw = text_of(out);
    return ok;
}

TEST(Base64, Rfc4648Vectors) {
    const char* const pairs[][2] = {{"", ""},         {"f", "Zg=="},         {"fo", "Zm8="},      {"foo", "Zm9v"},
                                    {"foob", "Zm9vYg=="}, {"fooba", "Zm9vYmE="}, {"foobar", "Zm9vYmFy"}};
    for (const auto& p : pairs) {
        EXPECT_EQ(b64(p[0]), p[1]);
        std::string back;
        ASSERT_TRUE(b64_decodes(p[1], &back)) << p[1];
        EXPECT_EQ(back, p[0]);
    }
}

TEST(Base64, DecodeIsStrict) {
    for (const char* bad : {"Zg=", "Zg", "Zh==", "Zm9=", "Z===", "====", "Zg==Zg==", "Zm 9v", "Zm9v\n", "Zm-v",
                            "Zm_v", "Z=9v"})
        EXPECT_FALSE(b64_decodes(bad)) << bad;
}

struct Sample {
    Signature alg;
    Kind kind;
    Bytes raw;
    Bytes file;
};

Sample sample(std::string_view name, Kind kind) {
    Sample s{Signature::by_name(name), kind, {}, {}};
    const size_t n = kind == Kind::public_key   ? s.alg.public_key_bytes()
                     : kind == Kind::secret_key ? s.alg.secret_key_bytes()
                                                : s.alg.signature_bytes();
    for (size_t i = 0; i < n; ++i) s.raw.push_back(uint8_t(i * 131 + 7));
    s.file = pqmcu::armor::encode(kind, s.alg.name(), s.raw.data(), s.raw.size());
    return s;
}

// Decodes as `kind`; returns the error ("" when it succeeded).
std::string decode_error(const std::string& text, Kind kind, pqmcu::armor::Decoded* out = nullptr) {
    pqmcu::armor::Decoded d;
    std::string error;
    const Bytes b = bytes_of(text);
    const bool ok = pqmcu::armor::decode(b.data(), b.size(), kind, d, error);
    if (ok && out) *out = std::move(d);
    return ok ? std::string() : error.empty() ? std::string("(no message)") : error;
}

TEST(Armor, RoundTripEveryAlgorithmAndKind) {
    for (const auto& ops : Signature::all())
        for (Kind kind : {Kind::public_key, Kind::secret_key, Kind::signature}) {
            const Sample s = sample(ops.name, kind);
            pqmcu::armor::Decoded d;
            ASSERT_EQ(decode_error(text_of(s.file), kind, &d), "") << ops.name;
            EXPECT_EQ(d.algorithm, ops.name);
            EXPECT_EQ(d.bytes, s.raw);
        }
}

TEST(Armor, Layout) {
    const Sample s = sample("MAYO-2", Kind::public_key);
    const std::string text = text_of(s.file);
    EXPECT_EQ(text.rfind("-----BEGIN PQMCU PUBLIC KEY-----\nAlgorithm: MAYO-2\n", 0), 0u);
    EXPECT_TRUE(text.ends_with("\n-----END PQMCU PUBLIC KEY-----\n"));
    size_t start = text.find('\n', text.find('\n') + 1) + 1, lines = 0;
    while (text.compare(start, 5, "-----") != 0) {
        const size_t end = text.find('\n', start);
        const size_t len = end - start;
        const bool last = text.compare(end + 1, 5, "-----") == 0;
        EXPECT_TRUE(last ? (len >= 1 && len <= 64) : len == 64) << "line " << lines;
        start = end + 1;
        ++lines;
    }
    EXPECT_EQ(lines, (s.raw.size() + 2) / 3 * 4 / 64 + ((s.raw.size() + 2) / 3 * 4 % 64 != 0));
}

TEST(Armor, Tolerated) {
    const std::string text = text_of(sample("mqom2_cat1_gf16_fast_r5", Kind::secret_key).file);
    EXPECT_EQ(decode_error(text.substr(0, text.size() - 1), Kind::secret_key), "");  // no final newline
    std::string crlf;
    for (char c : text) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
    EXPECT_EQ(decode_error(crlf, Kind::secret_key), "");
}

TEST(Armor, Refused) {
    const std::string name = "mqom2_cat1_gf16_fast_r5";
    const std::string text = text_of(sample(name, Kind::public_key).file);
    const auto replace = [&](std::string_view from, std::string_view to) {
        std::string t = text;
        const size_t at = t.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return t.replace(at, from.size(), to);
    };
    const size_t body = text.find('\n', text.find('\n') + 1) + 1;
    const auto with_char = [&](size_t at, char c) {
        std::string t = text;
        t[at] = c;
        return t;
    };
    struct Case {
        const char* what;
        std::string text;
        const char* error;
    };
    const Case cases[] = {
        {"wrong kind", text_of(sample(name, Kind::signature).file), "not a PQMCU public key (found a SIGNATURE)"},
        {"unknown kind", replace("BEGIN PQMCU PUBLIC KEY", "BEGIN PQMCU PRIVATE KEY"), "unknown object"},
        {"not armored", "hello", "not an armored PQMCU file"},
        {"empty", "", "not an armored PQMCU file"},
        {"unknown algorithm", replace(name, "mqom2_cat2_gf16_fast_r5"), "unknown algorithm"},
        {"alias in the file", replace(name, "MQOM2-L1-gf16-fast-r5"), "not spelled canonically"},
        {"no algorithm line", replace("Algorithm: ", "Algo: "), "missing 'Algorithm:'"},
        {"trailing data", text + "x", "data after the END line"},
        {"trailing blank line", text + "\n", "data after the END line"},
        {"second object", text + text, "data after the END line"},
        {"no END line", replace("-----END PQMCU PUBLIC KEY-----\n", ""), "missing '-----END"},
        {"END of another kind", replace("END PQMCU PUBLIC KEY", "END PQMCU SECRET KEY"), "missing '-----END"},
        {"blank line before the body", replace("fast_r5\n", "fast_r5\n\n"), "not 64 columns"},
        {"short line", std::string(text).erase(body + 10, 1), "not 64 columns"},
        {"space", with_char(body + 3, ' '), "invalid base64"},
        {"one byte short", text_of(pqmcu::armor::encode(Kind::public_key, name,
                                                       sample(name, Kind::public_key).raw.data(),
                                                       sample(name, Kind::public_key).raw.size() - 1)),
         "public key must be"},
        {"no body", replace(text.substr(body, text.find("-----END") - body), ""), "no data"},
        {"huge", "-----BEGIN PQMCU PUBLIC KEY-----\n" + std::string(pqmcu::armor::kMaxArmoredBytes, 'A'),
         "larger than"},
    };
    for (const Case& c : cases) {
        const std::string error = decode_error(c.text, Kind::public_key);
        EXPECT_NE(error.find(c.error), std::string::npos) << c.what << ": got '" << error << "'";
        EXPECT_EQ(error.find('\n'), std::string::npos) << c.what;
    }
}

// A KEM object of `kind` with made-up contents.
Bytes kem_object(const pqmcu::Kem& k, Kind kind, Bytes* raw_out = nullptr) {
    const size_t n = kind == Kind::kem_public_key   ? k.public_key_bytes()
                     : kind == Kind::kem_secret_key ? k.secret_key_bytes()
                                                    : k.ciphertext_bytes();
    Bytes raw;
    for (size_t i = 0; i < n; ++i) raw.push_back(uint8_t(i * 37 + 1));
    if (raw_out) *raw_out = raw;
    return pqmcu::armor::encode(kind, k.name(), raw.data(), raw.size());
}

TEST(Armor, KemRoundTripEveryKemAndKind) {
    ASSERT_FALSE(pqmcu::Kem::all().empty());
    for (const auto& ops : pqmcu::Kem::all())
        for (Kind kind : {Kind::kem_public_key, Kind::kem_secret_key, Kind::ciphertext}) {
            Bytes raw;
            const Bytes file = kem_object(pqmcu::Kem::by_name(ops.name), kind, &raw);
            EXPECT_EQ(file.size(), pqmcu::armor::armored_size(kind, ops.name, raw.size()));
            pqmcu::armor::Decoded d;
            ASSERT_EQ(decode_error(text_of(file), kind, &d), "") << ops.name;
            EXPECT_EQ(d.algorithm, ops.name);
            EXPECT_EQ(d.bytes, raw);
        }
}

TEST(Armor, KemAndSignatureKindsAreKeptApart) {
    const pqmcu::Kem k = pqmcu::Kem::by_name("ntruhps2048509");
    ASSERT_TRUE(k);
    const std::string kem_pk = text_of(kem_object(k, Kind::kem_public_key));
    EXPECT_EQ(kem_pk.rfind("-----BEGIN PQMCU KEM PUBLIC KEY-----\nAlgorithm: ntruhps2048509\n", 0), 0u);
    EXPECT_NE(decode_error(kem_pk, Kind::public_key).find("not a PQMCU public key (found a KEM PUBLIC KEY)"),
              std::string::npos);
    EXPECT_NE(decode_error(kem_pk, Kind::kem_secret_key).find("not a PQMCU KEM secret key"), std::string::npos);
    EXPECT_NE(decode_error(text_of(kem_object(k, Kind::ciphertext)), Kind::signature).find("found a CIPHERTEXT"),
              std::string::npos);
    const std::string sig_pk = text_of(sample("MAYO-2", Kind::public_key).file);
    EXPECT_NE(decode_error(sig_pk, Kind::kem_public_key).find("not a PQMCU KEM public key (found a PUBLIC KEY)"),
              std::string::npos);
    // A KEM label naming a signature algorithm (and the reverse): unknown names.
    std::string swapped = sig_pk;
    swapped.replace(0, std::string("-----BEGIN PQMCU PUBLIC KEY-----").size(), "-----BEGIN PQMCU KEM PUBLIC KEY-----");
    EXPECT_NE(decode_error(swapped, Kind::kem_public_key).find("unknown KEM 'MAYO-2'"), std::string::npos);
    std::string swapped2 = kem_pk;
    swapped2.replace(0, std::string("-----BEGIN PQMCU KEM PUBLIC KEY-----").size(), "-----BEGIN PQMCU PUBLIC KEY-----");
    EXPECT_NE(decode_error(swapped2, Kind::public_key).find("unknown algorithm 'ntruhps2048509'"), std::string::npos);
    std::string error;
    EXPECT_TRUE(pqmcu::armor::check_raw_length(k, Kind::ciphertext, k.ciphertext_bytes(), error));
    EXPECT_FALSE(pqmcu::armor::check_raw_length(k, Kind::ciphertext, k.ciphertext_bytes() - 1, error));
    EXPECT_EQ(error, "ntruhps2048509 ciphertext must be " + std::to_string(k.ciphertext_bytes()) + " bytes, found " +
                         std::to_string(k.ciphertext_bytes() - 1));
    EXPECT_FALSE(pqmcu::armor::check_raw_length(k, Kind::public_key, k.public_key_bytes(), error));
}

// Every object of every registered algorithm fits the parser's bound, with
// CRLF line ends too; the largest planned one (a Classic McEliece 8192128
// public key, 1,357,824 bytes) as well, registered or not.
TEST(Armor, SizeBoundFitsEveryAlgorithm) {
    const auto fits = [](Kind kind, std::string_view name, size_t n) {
        const size_t lf = pqmcu::armor::armored_size(kind, name, n);
        const size_t lines = (n + 2) / 3 * 4 / 64 + 4;
        return lf + lines <= pqmcu::armor::kMaxArmoredBytes;
    };
    for (const auto& o : Signature::all()) {
        EXPECT_TRUE(fits(Kind::public_key, o.name, o.public_key_bytes)) << o.name;
        EXPECT_TRUE(fits(Kind::secret_key, o.name, o.secret_key_bytes)) << o.name;
        EXPECT_TRUE(fits(Kind::signature, o.name, o.signature_bytes)) << o.name;
    }
    for (const auto& o : pqmcu::Kem::all()) {
        EXPECT_TRUE(fits(Kind::kem_public_key, o.name, o.public_key_bytes)) << o.name;
        EXPECT_TRUE(fits(Kind::kem_secret_key, o.name, o.secret_key_bytes)) << o.name;
        EXPECT_TRUE(fits(Kind::ciphertext, o.name, o.ciphertext_bytes)) << o.name;
    }
    EXPECT_TRUE(fits(Kind::kem_public_key, "mceliece8192128pcf", 1357824));
    EXPECT_FALSE(fits(Kind::kem_public_key, "x", pqmcu::armor::kMaxArmoredBytes));  // bounded
}

TEST(Armor, RawLength) {
    const Signature s = Signature::by_name("MAYO-2");
    std::string error;
    EXPECT_TRUE(pqmcu::armor::check_raw_length(s, Kind::secret_key, s.secret_key_bytes(), error));
    EXPECT_FALSE(pqmcu::armor::check_raw_length(s, Kind::secret_key, s.secret_key_bytes() + 1, error));
    EXPECT_EQ(error, "MAYO-2 secret key must be " + std::to_string(s.secret_key_bytes()) + " bytes, found " +
                         std::to_string(s.secret_key_bytes() + 1));
}

TEST(Names, AliasesFindTheCanonicalAlgorithm) {
    const char* const pairs[][2] = {
        {"MAYO-2", "MAYO-2"},
        {"mayo_2", "MAYO-2"},
        {"mayo2", "MAYO-2"},
        {"Mayo-2", "MAYO-2"},
        {"mayo-1-r1", "MAYO-1-r1"},
        {"MAYO_5_R1", "MAYO-5-r1"},
        {"mqom2_cat1_gf16_fast_r5", "mqom2_cat1_gf16_fast_r5"},
        {"MQOM2-L1-gf16-fast-r5", "mqom2_cat1_gf16_fast_r5"},
        {"mqom2-l5-gf256-short-r3", "mqom2_cat5_gf256_short_r3"},
        {"MQOM2_CAT3_GF2_FAST_R5", "mqom2_cat3_gf2_fast_r5"},
        {"mqom2_cat1_gf16_faster_r5", "mqom2_cat1_gf16_faster_r5"},
    };
    for (const auto& p : pairs) {
        const Signature s = Signature::by_name(p[0]);
        ASSERT_TRUE(s) << p[0];
        EXPECT_EQ(s.name(), p[1]) << p[0];
    }
    // The C API looks up the same way.
    size_t pk = 0, sk = 0, sig = 0;
    ASSERT_EQ(pqmcu_sign_sizes("mayo2", &pk, &sk, &sig), PQMCU_OK);
    EXPECT_EQ(pk, Signature::by_name("MAYO-2").public_key_bytes());
}

TEST(Names, NonNamesAreRefused) {
    const std::string too_long(200, 'a');  // outlives the list below
    for (const char* bad : {"", "mayo", "mayo-4", "MAYO-2-r2", "mqom2_cat1_gf16_fast", "mqom2_cat2_gf16_fast_r5",
                            "mqom2-l2-gf16-fast-r5", "mqom2_cat1_gf16_fast_r5x", "xmayo2", "mayo 2", "MAYO-2\n",
                            "mqom2l", "L1", too_long.c_str()})
        EXPECT_FALSE(Signature::by_name(bad)) << bad;
}

TEST(Names, CanonicalNamesStayDistinctUnderFolding) {
    // Folding: lower case, '-' and '_' dropped, "mqom2l" -> "mqom2cat".
    std::set<std::string> folded;
    for (const auto& ops : Signature::all()) {
        std::string f;
        for (const char* c = ops.name; *c; ++c)
            if (*c != '-' && *c != '_') f += char(std::tolower(static_cast<unsigned char>(*c)));
        EXPECT_TRUE(folded.insert(f).second) << ops.name;
        EXPECT_EQ(Signature::by_name(ops.name).name(), ops.name);
        EXPECT_EQ(Signature::by_name(f).name(), ops.name) << f;
    }
}

}  // namespace
