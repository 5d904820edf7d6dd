// SPDX-License-Identifier: Apache-2.0 OR MIT
// The streaming-verification variant of MQOM, cat 3 / 5 sets (mqom_stream_test.inc).
#include "mqom_stream_test.inc"

namespace mqom_stream_test {
using Cat35 = testing::Types<Case<mqom::mqom2_cat3_gf16_fast_r5>, Case<mqom::mqom2_cat3_gf2_short_r5>,
                             Case<mqom::mqom2_cat5_gf16_fast_r5>, Case<mqom::mqom2_cat5_gf16_short_r5>,
                             Case<mqom::mqom2_cat5_gf256_fast_r3>>;
INSTANTIATE_TYPED_TEST_SUITE_P(Cat35, MqomStream, Cat35);
}  // namespace mqom_stream_test
