// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "support/vectors.hpp"

namespace pqmcu::vectors {
namespace {
bool same(const char* a, const char* b) {
    while (*a != 0 && *a == *b) ++a, ++b;
    return *a == *b;
}
}  // namespace

const VecField* VecEntry::get(const char* name) const {
    for (size_t i = 0; i < nfields; ++i)
        if (same(fields[i].name, name)) return &fields[i];
    return nullptr;
}

uint32_t VecEntry::number(const char* name) const {
    const VecField* f = get(name);
    if (f == nullptr) return 0;
    uint32_t v = 0;
    for (const char* p = f->text; *p >= '0' && *p <= '9'; ++p) v = v * 10 + uint32_t(*p - '0');
    return v;
}

}  // namespace pqmcu::vectors
