// SPDX-License-Identifier: Apache-2.0 OR MIT
// The test harness shared by the host (GoogleTest bridge) and the emulated
// Cortex-M4 firmware, so the very same test code runs on both.
#pragma once
#include <cstddef>
#include <cstdint>

namespace pqmcu::test {

// Where the harness prints: stdout on hosts, UART/semihosting on the M4.
void print(const char* text);
void print_uint(uint64_t value);

class Context {
public:
    void fail(const char* file, int line, const char* what);
    void fail_bytes(const char* file, int line, const char* what, size_t offset, uint8_t got, uint8_t expected);
    void note_check() { ++checks_; }
    uint32_t failures() const { return failures_; }
    uint32_t checks() const { return checks_; }

private:
    uint32_t failures_ = 0;
    uint32_t checks_ = 0;
};

using CaseFn = void (*)(Context&);
struct Case {
    const char* name;
    CaseFn fn;
};
struct Suite {
    const char* name;
    const Case* cases;
    size_t count;
};

// Returns the index of the first differing byte, or n when equal.
size_t first_difference(const uint8_t* a, const uint8_t* b, size_t n);

}  // namespace pqmcu::test

#define PQ_CHECK(ctx, cond)                                                     \
    do {                                                                        \
        (ctx).note_check();                                                     \
        if (!(cond)) (ctx).fail(__FILE__, __LINE__, #cond);                     \
    } while (0)

#define PQ_CHECK_EQ(ctx, a, b)                                                  \
    do {                                                                        \
        (ctx).note_check();                                                     \
        if (!((a) == (b))) (ctx).fail(__FILE__, __LINE__, #a " == " #b);        \
    } while (0)

#define PQ_CHECK_BYTES(ctx, got, expected, n)                                   \
    do {                                                                        \
        (ctx).note_check();                                                     \
        const uint8_t* pq_g_ = reinterpret_cast<const uint8_t*>(got);           \
        const uint8_t* pq_e_ = reinterpret_cast<const uint8_t*>(expected);      \
        const size_t pq_n_ = (n);                                               \
        const size_t pq_d_ = ::pqmcu::test::first_difference(pq_g_, pq_e_, pq_n_); \
        if (pq_d_ != pq_n_)                                                     \
            (ctx).fail_bytes(__FILE__, __LINE__, #got " vs " #expected, pq_d_,  \
                             pq_g_[pq_d_], pq_e_[pq_d_]);                       \
    } while (0)

#define PQMCU_SUITE(var, title, ...)                                            \
    namespace {                                                                 \
    const ::pqmcu::test::Case var##_cases[] = __VA_ARGS__;                      \
    }                                                                           \
    extern const ::pqmcu::test::Suite var;                                      \
    const ::pqmcu::test::Suite var = {title, var##_cases,                       \
                                      sizeof(var##_cases) / sizeof(var##_cases[0])}
