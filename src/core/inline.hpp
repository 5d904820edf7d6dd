// SPDX-License-Identifier: Apache-2.0 OR MIT
// PQMCU_SIZE_INLINE: always_inline in size builds (PQMCU_OPTIMIZE_FOR_SIZE,
// -Os would call these small hot helpers out of line), nothing otherwise
// (-O2 decides for itself, and forcing them there costs cycles).
#pragma once

#if defined(PQMCU_OPTIMIZE_FOR_SIZE)
#define PQMCU_SIZE_INLINE [[gnu::always_inline]]
#else
#define PQMCU_SIZE_INLINE
#endif
