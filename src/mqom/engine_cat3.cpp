// SPDX-License-Identifier: Apache-2.0 OR MIT
// The MQOM engines of security category 3 (all base/extension fields).
#include "mqom/scheme.hpp"

#define PQMCU_MQOM_INSTANTIATE(sec, b, e) template struct pqmcu::mqom::detail::Engine<sec, b, e>;
PQMCU_MQOM_ENGINES_FOR(PQMCU_MQOM_INSTANTIATE, 192)
