// SPDX-License-Identifier: Apache-2.0 OR MIT
// The RAM-budget profile chooser (src/mqom/profile_choice.hpp) over the
// committed M4 table: every row names an existing set and profile, choices
// are the fastest that fit, and bad requests fail with a clear status.
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>
#include <utility>

#include "mqom/params.hpp"
#include "mqom/profile_choice.hpp"

namespace {

using pqmcu::Status;
using namespace pqmcu::mqom;

TEST(MqomProfileChoice, TableNamesOnlyExistingSetsAndProfiles) {
    size_t n = 0;
    const ProfileFigures* t = profile_table(n);
    ASSERT_GT(n, 0u);
    std::set<std::pair<std::string, std::string>> seen;
    for (size_t i = 0; i < n; ++i) {
        EXPECT_NE(find_params(t[i].instance), nullptr) << t[i].instance;
        EXPECT_TRUE(profile_exists(t[i].profile)) << t[i].profile;
        EXPECT_GT(t[i].ram_bytes, 0u);
        EXPECT_GT(t[i].sign_cycles, 0u);
        EXPECT_TRUE(seen.emplace(t[i].instance, t[i].profile).second) << "duplicate row";
    }
    EXPECT_TRUE(profile_exists("hardware"));
    EXPECT_FALSE(profile_exists("turbo"));
    EXPECT_FALSE(profile_exists(nullptr));
}

// For every measured set and every budget at a row's RAM (and one byte
// below): the choice fits, and no other fitting row is faster.
TEST(MqomProfileChoice, ChoosesTheFastestThatFits) {
    size_t n = 0;
    const ProfileFigures* t = profile_table(n);
    for (size_t i = 0; i < n; ++i) {
        for (size_t budget : {size_t(t[i].ram_bytes), size_t(t[i].ram_bytes) - 1, size_t(1) << 30}) {
            for (ProfileGoal g : {ProfileGoal::sign, ProfileGoal::verify, ProfileGoal::keygen}) {
                ProfileChoice c;
                const Status st = fastest_profile_within(t[i].instance, budget, c, g, /*allow_not_constant_time=*/true);
                auto cyc = [g](const ProfileFigures& f) {
                    return g == ProfileGoal::sign ? f.sign_cycles : g == ProfileGoal::verify ? f.verify_cycles
                                                                                              : f.keygen_cycles;
                };
                bool any_fits = false;
                for (size_t j = 0; j < n; ++j)
                    any_fits |= std::strcmp(t[j].instance, t[i].instance) == 0 && t[j].ram_bytes <= budget;
                if (!any_fits) {
                    EXPECT_EQ(st, Status::unsupported);
                    EXPECT_GT(c.min_ram_bytes, budget);
                    continue;
                }
                ASSERT_EQ(st, Status::ok);
                ASSERT_NE(c.figures, nullptr);
                EXPECT_STREQ(c.profile, c.figures->profile);
                EXPECT_LE(c.figures->ram_bytes, budget);
                for (size_t j = 0; j < n; ++j) {
                    if (std::strcmp(t[j].instance, t[i].instance) == 0 && t[j].ram_bytes <= budget) {
                        EXPECT_LE(cyc(*c.figures), cyc(t[j]));
                    }
                }
            }
        }
    }
}

// The measured cat1 gf16 fast figures: the streamed Balanced is both faster
// and far smaller than Desktop on the M4; below its RAM, Memory (smaller,
// slower) is next.
TEST(MqomProfileChoice, Cat1Gf16FastBalancedThenMemory) {
    ProfileChoice big, small;
    ASSERT_EQ(fastest_profile_within("mqom2_cat1_gf16_fast_r5", 1 << 20, big), Status::ok);
    EXPECT_STREQ(big.profile, "balanced");
    ASSERT_EQ(fastest_profile_within("cat1-gf16-fast-r5", big.figures->ram_bytes - 1, small), Status::ok);
    EXPECT_STREQ(small.profile, "memory");
    EXPECT_LT(small.figures->ram_bytes, big.figures->ram_bytes);
    EXPECT_GE(small.figures->sign_cycles, big.figures->sign_cycles);
    EXPECT_EQ(small.min_ram_bytes, small.figures->ram_bytes);  // Memory is the smallest
}

// Lut (NOT constant time) is never chosen unless asked for; when asked, the
// choice is at least as fast.
TEST(MqomProfileChoice, LutOnlyWhenAllowed) {
    size_t n = 0;
    const ProfileFigures* t = profile_table(n);
    bool saw_lut = false;
    for (size_t i = 0; i < n; ++i) {
        saw_lut |= std::strcmp(t[i].profile, "lut") == 0;
        ProfileChoice ct, any;
        ASSERT_EQ(fastest_profile_within(t[i].instance, 1 << 30, any, ProfileGoal::sign, true), Status::ok);
        if (fastest_profile_within(t[i].instance, t[i].ram_bytes, ct) != Status::ok) continue;
        EXPECT_STRNE(ct.profile, "lut");
        ASSERT_EQ(fastest_profile_within(t[i].instance, t[i].ram_bytes, any, ProfileGoal::sign, true), Status::ok);
        EXPECT_LE(any.figures->sign_cycles, ct.figures->sign_cycles);
    }
    EXPECT_TRUE(saw_lut) << "the table should have measured Lut rows";
}

TEST(MqomProfileChoice, Errors) {
    ProfileChoice c;
    EXPECT_EQ(fastest_profile_within(nullptr, 1000, c), Status::bad_argument);
    EXPECT_EQ(fastest_profile_within("mqom2_cat9_gf16_fast_r5", 1 << 30, c), Status::unknown_name);
    EXPECT_EQ(fastest_profile_within("MAYO-1", 1 << 30, c), Status::unknown_name);
    EXPECT_EQ(c.figures, nullptr);
    // Nothing fits: unsupported, and the budget it would need.
    EXPECT_EQ(fastest_profile_within("mqom2_cat1_gf16_fast_r5", 100, c), Status::unsupported);
    EXPECT_GT(c.min_ram_bytes, 100u);
    EXPECT_EQ(c.profile, nullptr);
    EXPECT_EQ(fastest_profile_within("mqom2_cat1_gf16_fast_r5", 0, c), Status::unsupported);
    // A real set without measurements: unsupported with min_ram_bytes 0.
    EXPECT_EQ(fastest_profile_within("mqom2_cat5_gf2_short_r3", size_t(1) << 40, c), Status::unsupported);
    EXPECT_EQ(c.min_ram_bytes, 0u);
}

}  // namespace
