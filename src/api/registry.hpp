// SPDX-License-Identifier: Apache-2.0 OR MIT
// The table behind Signature::by_name: every algorithm of every family, built
// at compile time from the schemes' types (sign_ops.hpp).
#pragma once
#include <span>

#include "pqmcu/pqmcu.hpp"

namespace pqmcu::registry {

std::span<const SignatureOps> signatures();

// Families contribute their tables here (one translation unit each).
std::span<const SignatureOps> mqom_signatures();
std::span<const SignatureOps> mayo_signatures();

}  // namespace pqmcu::registry
