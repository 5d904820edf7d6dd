// SPDX-License-Identifier: Apache-2.0 OR MIT
// Known-answer vectors embedded at build time from ../shared/kat (see
// tools/kat/embed_vectors.py), so host and firmware tests read the same data.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::vectors {

struct VecField {
    const char* name;
    const char* text;      // the value as written in the file
    const uint8_t* bytes;  // hex-decoded value, nullptr when the text is not hex
    size_t len;            // number of decoded bytes
};

struct VecEntry {
    const VecField* fields;
    size_t nfields;
    // nullptr when the entry has no field of that name.
    const VecField* get(const char* name) const;
    // Decimal value of a field (0 when absent).
    uint32_t number(const char* name) const;
};

struct VecFile {
    const VecEntry* entries;
    size_t count;
};

}  // namespace pqmcu::vectors
