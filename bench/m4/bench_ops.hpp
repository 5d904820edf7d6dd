// SPDX-License-Identifier: Apache-2.0 OR MIT
// What an M4 benchmark operation is. Each ops_<area>.cpp defines one group:
//
//   PQMCU_BENCH_GROUP(hash_ops, "hash", {
//       {"shake128-1k", setup_fn, run_fn, nullptr},
//       {"aes128-table-x1", setup_fn, run_fn, "aes_tables"},
//   });
//
// setup() prepares inputs (not measured); run() is the measured operation.
// ram_tag names the RAM tables run() relies on: the input sections
// .pqmcu_ram.<ram_tag>* (see platform/m4/ld/common.ld) are charged to it by
// tools/m4sim/bench_table.py. nullptr when it uses none. ws_bytes: the part
// of the shared bench arena (arena.hpp) the operation uses as its workspace.
// report(), when given, runs after the measured run and prints
// "pqmcu-op-info <i> key=value ..." facts the table needs (scheme, profile,
// messages signed, nonces).
#pragma once
#include <cstddef>

namespace pqmcu::bench {

struct Op {
    const char* name;
    void (*setup)();
    void (*run)();
    const char* ram_tag;
    size_t ws_bytes = 0;
    void (*report)(unsigned index) = nullptr;
};

// True only during the measured run() (main.cpp): an op may do more work
// there than in its warm-up (e.g. sign several messages, warm up with one).
inline bool g_measured_run = false;

struct OpGroup {
    const char* name;
    const Op* ops;
    size_t count;
};

}  // namespace pqmcu::bench

// The group's symbol is pinned to "pqmcu_bench_group_<var>" so the macro may
// be used at global scope or inside any namespace and still match groups.hpp.
#define PQMCU_BENCH_GROUP_DECL(var) \
    extern const ::pqmcu::bench::OpGroup var __asm__("pqmcu_bench_group_" #var)

#define PQMCU_BENCH_GROUP(var, title, ...)                                          \
    namespace {                                                                     \
    const ::pqmcu::bench::Op var##_list[] = __VA_ARGS__;                            \
    }                                                                               \
    PQMCU_BENCH_GROUP_DECL(var);                                                    \
    const ::pqmcu::bench::OpGroup var = {title, var##_list,                         \
                                         sizeof(var##_list) / sizeof(var##_list[0])}
