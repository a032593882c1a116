#include "rl/group_outcomes.h"

#include <catch2/catch.hpp>

namespace wa {
namespace {

TEST_CASE("Group outcomes: mixed, all solved, all failed and uniform partial groups",
          "[rl][grpo]") {
  GroupOutcomeTally tally;
  tally.Add(90003, {1, 1, 1, 1});  // all solved
  tally.Add(90003, {0, 0, 0, 0});  // all failed: half solved on average, no signal
  tally.Add(90003, {1, 0, 0, 1});  // mixed
  tally.Add(90001, {0.5, 0.5});    // uniform at a partial reward
  tally.Add(90001, {0.5, 0.25});   // mixed, partial rewards
  tally.Add(90001, {});            // ignored

  const GroupOutcomeCounts& form = tally.by_template().at(90003);
  CHECK(form.groups == 3);
  CHECK(form.all_solved == 1);
  CHECK(form.all_failed == 1);
  CHECK(form.mixed == 1);
  CHECK(form.uniform_partial == 0);
  CHECK(form.rollouts == 12);
  CHECK(form.MeanReward() == Approx(6.0 / 12.0));

  const GroupOutcomeCounts& price = tally.by_template().at(90001);
  CHECK(price.groups == 2);
  CHECK(price.uniform_partial == 1);
  CHECK(price.mixed == 1);
  CHECK(price.rollouts == 4);
  CHECK(price.MeanReward() == Approx(1.75 / 4.0));

  GroupOutcomeCounts total = tally.Total();
  CHECK(total.groups == 5);
  CHECK(total.mixed == 2);
  CHECK(total.rollouts == 16);
  CHECK(total.MeanReward() == Approx(7.75 / 16.0));

  nlohmann::json j = tally.ToJson();
  CHECK(j["templates"]["90003"]["all_failed"] == 1);
  CHECK(j["templates"]["90001"]["uniform_partial"] == 1);
  CHECK(j["total"]["mixed"] == 2);

  std::string table = tally.Table();
  CHECK(table.find("90003") != std::string::npos);
  CHECK(table.find("total") != std::string::npos);
}

TEST_CASE("Group outcomes: any difference makes a group mixed, as in the trainer's count",
          "[rl][grpo]") {
  GroupOutcomeTally tally;
  tally.Add(1, {1.0, 0.999});
  tally.Add(1, {1.0, 1.0});
  tally.Add(1, {0.0, 0.0, 0.0});
  CHECK(tally.by_template().at(1).mixed == 1);
  CHECK(tally.by_template().at(1).all_solved == 1);
  CHECK(tally.by_template().at(1).all_failed == 1);
  CHECK(GroupOutcomeTally().Total().groups == 0);
  CHECK(GroupOutcomeTally().Total().MeanReward() == 0.0);
}

}  // namespace
}  // namespace wa
