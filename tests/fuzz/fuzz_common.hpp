// SPDX-License-Identifier: Apache-2.0 OR MIT
// Shared by the libFuzzer targets and the seed-corpus generator (tests/fuzz).
//
// Every target's input starts with one selector byte: its low 7 bits pick the
// parameter set (modulo the target's list), bit 7 a mode of the target. The
// rest is cut into the fixed-size objects of that set (zero padded when the
// input is short), and what remains is the message.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <tuple>
#include <utility>
#include <vector>

#include "core/status.hpp"

namespace pqmcu::fuzz {

inline constexpr uint8_t kModeBit = 0x80;

struct Selector {
    size_t index;  // the set, 0 .. count-1
    bool mode;     // bit 7
};
inline Selector select(const uint8_t* data, size_t size, size_t count) {
    const uint8_t b = size > 0 ? data[0] : 0;
    return Selector{size_t(b & 0x7f) % count, (b & kModeBit) != 0};
}

// Calls f.template operator()<Set>() for the index-th set of a tuple of sets.
template <class Tuple, class F, size_t... I>
void dispatch_impl(size_t index, F&& f, std::index_sequence<I...>) {
    ((index == I ? (f.template operator()<std::tuple_element_t<I, Tuple>>(), 0) : 0), ...);
}
template <class Tuple, class F>
void dispatch(size_t index, F&& f) {
    dispatch_impl<Tuple>(index, f, std::make_index_sequence<std::tuple_size_v<Tuple>>{});
}

// A target's entry: the input's selector picks the set of Sets (a tuple) and
// the mode, then f.template operator()<Set>(mode) runs on the input.
template <class Sets, class F>
void on_selected_set(const uint8_t* data, size_t size, F&& f) {
    const Selector s = select(data, size, std::tuple_size_v<Sets>);
    dispatch<Sets>(s.index, [&]<class Set>() { f.template operator()<Set>(s.mode); });
}

// Reads fixed-size fields off the input, zero padding past its end; the
// vectors are exactly sized so that AddressSanitizer sees any overrun.
class Reader {
public:
    Reader(const uint8_t* data, size_t size) : data_(data), size_(size), at_(size > 0 ? 1 : 0) {}
    std::vector<uint8_t> take(size_t n) {
        std::vector<uint8_t> out(n, 0);
        const size_t avail = at_ < size_ ? size_ - at_ : 0;
        const size_t k = avail < n ? avail : n;
        if (k != 0) std::memcpy(out.data(), data_ + at_, k);
        at_ += k;
        return out;
    }
    // The rest of the input (possibly empty): the message.
    std::vector<uint8_t> rest() {
        const size_t avail = at_ < size_ ? size_ - at_ : 0;
        std::vector<uint8_t> out(data_ + at_, data_ + at_ + avail);
        at_ = size_;
        return out;
    }

private:
    const uint8_t* data_;
    size_t size_, at_;
};

// Builds a corpus entry in the layout Reader takes apart.
inline std::vector<uint8_t> entry(uint8_t selector, std::initializer_list<std::vector<uint8_t>> parts) {
    std::vector<uint8_t> out{selector};
    for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
    return out;
}

// A finding: libFuzzer saves the input when the process aborts.
[[noreturn]] inline void finding(const char* target, const char* set, const char* what) {
    std::fprintf(stderr, "FUZZ FINDING [%s, %s]: %s\n", target, set, what);
    std::abort();
}
inline void require(bool ok, const char* target, const char* set, const char* what) {
    if (!ok) finding(target, set, what);
}

// A deterministic rng for operations that draw randomness (SplitMix64 from
// a fixed seed, so runs are reproducible).
struct CountingRng {
    uint64_t state;
    void operator()(uint8_t* out, size_t n) {
        for (size_t i = 0; i < n; ++i) {
            uint64_t z = (state += 0x9e3779b97f4a7c15ull);
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
            out[i] = uint8_t(z ^ (z >> 31));
        }
    }
};

}  // namespace pqmcu::fuzz
