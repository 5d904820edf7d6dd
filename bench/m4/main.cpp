// SPDX-License-Identifier: Apache-2.0 OR MIT
// M4 benchmark firmware. For operation i (counted over all groups):
//   setup(); run();                       -- warm-up, unmeasured
//   setup(); stack_paint();
//   pqmcu_bench_mark(2i); run(); pqmcu_bench_mark(2i+1);   -- g_measured_run set
// and prints "pqmcu-op <i> <group>/<name> stack=<bytes> ramtag=<tag or -> ws=<bytes>",
// then the op's report(i) lines ("pqmcu-op-info <i> ...") when it has one.
// The QEMU plugin reports instructions/cycles at every mark; the k-th mark it
// sees is id k, so nothing else may call pqmcu_bench_mark.
// tools/m4sim/bench_table.py joins both into the table.
#include "groups.hpp"
#include "m4/bench_mark.hpp"
#include "m4/format.hpp"
#include "m4/stack.hpp"

namespace {
// PQMCU_BENCH_ONLY (CMake cache, for profiling one row): run only the ops
// whose "group/name" contains it (or one of its '|'-separated parts).
bool selected([[maybe_unused]] const char* group, [[maybe_unused]] const char* name) {
#ifdef PQMCU_BENCH_ONLY
    char full[128];
    size_t n = 0;
    const char* parts[] = {group, "/", name};
    for (const char* p : parts)
        while (*p && n + 1 < sizeof full) full[n++] = *p++;
    full[n] = 0;
    // alternatives separated by '|'
    for (const char* want = PQMCU_BENCH_ONLY; *want;) {
        size_t len = 0;
        while (want[len] && want[len] != '|') ++len;
        for (size_t i = 0; len && full[i]; ++i) {
            size_t k = 0;
            while (k < len && full[i + k] == want[k]) ++k;
            if (k == len) return true;
        }
        want += want[len] ? len + 1 : len;
    }
    return false;
#else
    return true;
#endif
}
}  // namespace

int main() {
    using namespace pqmcu;
    m4::print("pqmcu-bench start\n");
    unsigned index = 0;
    for (const bench::OpGroup* group : bench::all_groups) {
        if (group == nullptr) continue;  // weak: that group is not in this build
        for (size_t j = 0; j < group->count; ++j) {
            const bench::Op& op = group->ops[j];
            if (!selected(group->name, op.name)) continue;
            if (op.setup) op.setup();
            op.run();  // warm-up: lazy initialisation must not land in the figure
            if (op.setup) op.setup();
            m4::stack_paint();
            bench::g_measured_run = true;
            pqmcu_bench_mark(2 * index);
            op.run();
            pqmcu_bench_mark(2 * index + 1);
            bench::g_measured_run = false;
            const size_t peak = m4::stack_peak_bytes();
            m4::print("pqmcu-op %u %s/%s stack=%u ramtag=%s ws=%u\n", index, group->name, op.name, unsigned(peak),
                      op.ram_tag ? op.ram_tag : "-", unsigned(op.ws_bytes));
            if (op.report) op.report(index);
            ++index;
        }
    }
    m4::print("pqmcu-bench done %u ops\n", index);
    return 0;
}
