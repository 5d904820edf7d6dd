// SPDX-License-Identifier: Apache-2.0 OR MIT
// The streaming-verification variant of MQOM, the other sets with the paper
// code's vectors (mqom_stream_test.inc).
#include "mqom_stream_test.inc"

namespace mqom_stream_test {
using More1 = testing::Types<Case<mqom::mqom2_cat1_gf2_fast_r5>,
                            Case<mqom::mqom2_cat1_gf2_short_r3>,
                            Case<mqom::mqom2_cat1_gf2_short_r5>,
                            Case<mqom::mqom2_cat1_gf16_fast_r3>,
                            Case<mqom::mqom2_cat1_gf16_short_r3>,
                            Case<mqom::mqom2_cat1_gf256_fast_r3>,
                            Case<mqom::mqom2_cat1_gf256_short_r5>>;
INSTANTIATE_TYPED_TEST_SUITE_P(More1, MqomStream, More1);
}  // namespace mqom_stream_test
