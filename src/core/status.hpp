// SPDX-License-Identifier: Apache-2.0 OR MIT
// The status codes live in the public header set (include/pqmcu/status.hpp),
// so installed headers stand alone; library code includes them from here.
#pragma once
#include "pqmcu/status.hpp"
