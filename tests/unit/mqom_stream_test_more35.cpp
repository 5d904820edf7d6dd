// SPDX-License-Identifier: Apache-2.0 OR MIT
// The streaming-verification variant of MQOM, the other sets with the paper
// code's vectors (mqom_stream_test.inc).
#include "mqom_stream_test.inc"

namespace mqom_stream_test {
using More35 = testing::Types<Case<mqom::mqom2_cat3_gf2_fast_r3>,
                            Case<mqom::mqom2_cat3_gf2_fast_r5>,
                            Case<mqom::mqom2_cat3_gf2_short_r3>,
                            Case<mqom::mqom2_cat3_gf16_fast_r3>,
                            Case<mqom::mqom2_cat3_gf16_short_r3>,
                            Case<mqom::mqom2_cat3_gf16_short_r5>,
                            Case<mqom::mqom2_cat3_gf256_fast_r3>,
                            Case<mqom::mqom2_cat3_gf256_fast_r5>,
                            Case<mqom::mqom2_cat3_gf256_short_r3>,
                            Case<mqom::mqom2_cat3_gf256_short_r5>,
                            Case<mqom::mqom2_cat5_gf2_fast_r3>,
                            Case<mqom::mqom2_cat5_gf2_fast_r5>,
                            Case<mqom::mqom2_cat5_gf2_short_r3>,
                            Case<mqom::mqom2_cat5_gf2_short_r5>,
                            Case<mqom::mqom2_cat5_gf16_fast_r3>,
                            Case<mqom::mqom2_cat5_gf16_short_r3>,
                            Case<mqom::mqom2_cat5_gf256_fast_r5>,
                            Case<mqom::mqom2_cat5_gf256_short_r3>,
                            Case<mqom::mqom2_cat5_gf256_short_r5>>;
INSTANTIATE_TYPED_TEST_SUITE_P(More35, MqomStream, More35);
}  // namespace mqom_stream_test
