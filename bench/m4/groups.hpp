// SPDX-License-Identifier: Apache-2.0 OR MIT
// Every benchmark group in the M4 firmware. A group whose ops_*.cpp is not in
// this build is declared weak and simply skipped (its address is null), so
// the firmware links whatever subset exists. The lead keeps this list.
#pragma once
#include "bench_ops.hpp"

namespace pqmcu::bench {

PQMCU_BENCH_GROUP_DECL(baseline_ops);                           // bench/m4/baseline.cpp
PQMCU_BENCH_GROUP_DECL(hash_ops) __attribute__((weak));         // bench/m4/ops_hash.cpp
PQMCU_BENCH_GROUP_DECL(cipher_ops) __attribute__((weak));       // bench/m4/ops_cipher.cpp
PQMCU_BENCH_GROUP_DECL(mqom_ops) __attribute__((weak));         // bench/m4/ops_mqom.cpp
PQMCU_BENCH_GROUP_DECL(mqom_hw_ops) __attribute__((weak));      // bench/m4/ops_mqom_hw.cpp
PQMCU_BENCH_GROUP_DECL(mqom_onetree_ops) __attribute__((weak)); // bench/m4/ops_mqom_onetree.cpp
PQMCU_BENCH_GROUP_DECL(mqom_variant_ops) __attribute__((weak)); // bench/m4/ops_mqom_variants.cpp
PQMCU_BENCH_GROUP_DECL(mayo_ops) __attribute__((weak));         // bench/m4/ops_mayo.cpp
PQMCU_BENCH_GROUP_DECL(ntru_ops) __attribute__((weak));         // bench/m4/ops_ntru.cpp
PQMCU_BENCH_GROUP_DECL(polymul_ops) __attribute__((weak));      // bench/m4/ops_polymul.cpp
PQMCU_BENCH_GROUP_DECL(saber_ops) __attribute__((weak));        // bench/m4/ops_polymul.cpp
PQMCU_BENCH_GROUP_DECL(mceliece_ops) __attribute__((weak));     // bench/m4/mceliece_ops.cpp (own firmware per set)

inline const OpGroup* const all_groups[] = {
    &baseline_ops,
    &hash_ops,
    &cipher_ops,
    &mqom_ops,
    &mqom_hw_ops,
    &mqom_onetree_ops,
    &mqom_variant_ops,
    &mayo_ops,
    &ntru_ops,
    &polymul_ops,
    &saber_ops,
    &mceliece_ops,
};

}  // namespace pqmcu::bench
