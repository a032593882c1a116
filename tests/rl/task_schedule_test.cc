#include "rl/task_schedule.h"

#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "sim/rng.h"

namespace wa {
namespace {

// 12 tasks of template 1, 3 of template 2, 1 of template 3 (ids 100.., 200.., 300).
std::vector<Task> Skewed() {
  std::vector<Task> tasks;
  auto add = [&](int template_id, int n) {
    for (int i = 0; i < n; ++i) {
      Task t;
      t.task_id = template_id * 100 + i;
      t.intent_template_id = template_id;
      tasks.push_back(t);
    }
  };
  add(1, 12);
  add(2, 3);
  add(3, 1);
  return tasks;
}

TEST_CASE("Task schedule: shuffled order is one seeded permutation, cycled", "[rl][schedule]") {
  auto made = TaskSchedule::Make(Skewed(), TaskOrder::kShuffled, 7);
  REQUIRE(made.ok());
  const TaskSchedule& s = *made;
  REQUIRE(s.size() == 16);
  CHECK(s.Share(1) == Approx(12.0 / 16));
  std::set<int> first_cycle;
  for (uint64_t j = 0; j < 16; ++j) first_cycle.insert(s.At(j).task_id);
  CHECK(first_cycle.size() == 16);  // a permutation: every task once
  for (uint64_t j = 0; j < 16; ++j) CHECK(s.At(j + 16).task_id == s.At(j).task_id);
  // The shuffle the grpo command used before the schedule existed (Fisher-Yates from the back
  // with Rng(seed + 29)), so earlier runs' task sequences are unchanged.
  std::vector<Task> legacy = Skewed();
  Rng rng(7 + 29);
  for (size_t i = legacy.size() - 1; i > 0; --i) std::swap(legacy[i], legacy[rng.Uniform(i + 1)]);
  for (uint64_t j = 0; j < 16; ++j) CHECK(s.At(j).task_id == legacy[j].task_id);
  // Another seed, another order; the same seed, the same order.
  auto other = *TaskSchedule::Make(Skewed(), TaskOrder::kShuffled, 8);
  auto same = *TaskSchedule::Make(Skewed(), TaskOrder::kShuffled, 7);
  int differ = 0;
  for (uint64_t j = 0; j < 16; ++j) {
    differ += other.At(j).task_id != s.At(j).task_id;
    CHECK(same.At(j).task_id == s.At(j).task_id);
  }
  CHECK(differ > 0);
}

TEST_CASE("Task schedule: template order gives every template the same share", "[rl][schedule]") {
  auto s = *TaskSchedule::Make(Skewed(), TaskOrder::kTemplate, 7);
  REQUIRE(s.templates().size() == 3);
  CHECK(s.Share(2) == Approx(1.0 / 3));
  std::map<int, int> groups;          // template -> groups drawn
  std::map<int, std::set<int>> seen;  // template -> distinct tasks drawn
  for (uint64_t j = 0; j < 36; ++j) {
    const Task& t = s.At(j);
    ++groups[t.intent_template_id];
    seen[t.intent_template_id].insert(t.task_id);
    // Consecutive groups never repeat a template (round-robin over three).
    if (j > 0) CHECK(t.intent_template_id != s.At(j - 1).intent_template_id);
  }
  CHECK(groups[1] == 12);
  CHECK(groups[2] == 12);
  CHECK(groups[3] == 12);
  CHECK(seen[1].size() == 12);  // 12 draws of template 1 visit each of its tasks once
  CHECK(seen[2].size() == 3);
  CHECK(seen[3].size() == 1);
  // Within a template the tasks come in the shuffle's order: template 1's draws are the
  // shuffled order's template-1 tasks.
  auto flat = *TaskSchedule::Make(Skewed(), TaskOrder::kShuffled, 7);
  std::vector<int> expected;
  for (uint64_t j = 0; j < 16; ++j) {
    if (flat.At(j).intent_template_id == 1) expected.push_back(flat.At(j).task_id);
  }
  std::vector<int> drawn;
  for (uint64_t j = 0; j < 36; ++j) {
    if (s.At(j).intent_template_id == 1) drawn.push_back(s.At(j).task_id);
  }
  CHECK(drawn == expected);
}

TEST_CASE("Task schedule: weighted order follows the weights", "[rl][schedule]") {
  // Template 1 weighs 3, template 2 weighs 1, template 3 is left out (weight 0).
  auto s = *TaskSchedule::Make(Skewed(), TaskOrder::kWeighted, 7, {{1, 3.0}, {2, 1.0}});
  CHECK(s.Share(1) == Approx(0.75).margin(1e-3));
  CHECK(s.Share(2) == Approx(0.25).margin(1e-3));
  CHECK(s.Share(3) == 0.0);
  std::map<int, int> groups;
  for (uint64_t j = 0; j < 4000; ++j) ++groups[s.At(j).intent_template_id];
  CHECK(groups[3] == 0);
  CHECK(groups[1] == Approx(3000).margin(8));
  CHECK(groups[2] == Approx(1000).margin(8));
  // Smooth round-robin: every window of 8 groups holds template 2 twice (not in bursts).
  for (uint64_t start = 0; start < 200; ++start) {
    int twos = 0;
    for (uint64_t j = start; j < start + 8; ++j) twos += s.At(j).intent_template_id == 2;
    CHECK(twos == 2);
  }
  // A pure function of the group index: the same answer from a second schedule, in any order.
  auto again = *TaskSchedule::Make(Skewed(), TaskOrder::kWeighted, 7, {{1, 3.0}, {2, 1.0}});
  for (uint64_t j = 5000; j-- > 4000;) CHECK(again.At(j).task_id == s.At(j).task_id);

  // Weights that leave nothing to draw, or are negative, are errors.
  CHECK_FALSE(TaskSchedule::Make(Skewed(), TaskOrder::kWeighted, 7, {{9, 1.0}}).ok());
  CHECK_FALSE(TaskSchedule::Make(Skewed(), TaskOrder::kWeighted, 7, {{1, -1.0}}).ok());
  CHECK_FALSE(TaskSchedule::Make({}, TaskOrder::kShuffled, 7).ok());
}

TEST_CASE("Task schedule: probe sample and learnability weights", "[rl][schedule]") {
  auto s = *TaskSchedule::Make(Skewed(), TaskOrder::kShuffled, 7);
  std::vector<Task> probe = s.Sample(2);
  std::map<int, int> per;
  for (const Task& t : probe) ++per[t.intent_template_id];
  CHECK(per == std::map<int, int>{{1, 2}, {2, 2}, {3, 1}});
  // p (1 - p) + floor: 0.25 at p = 1/2, the floor at p = 0 and at p = 1.
  auto w = LearnabilityWeights({{1, {1, 0, 1, 0}}, {2, {0, 0, 0, 0}}, {3, {1, 1}}}, 0.02);
  CHECK(w[1] == Approx(0.27));
  CHECK(w[2] == Approx(0.02));
  CHECK(w[3] == Approx(0.02));
  auto w2 = LearnabilityWeights({{1, {1, 0, 0, 0}}});
  CHECK(w2[1] == Approx(0.25 * 0.75 + 0.02));
}

TEST_CASE("Task schedule: order names and weight lists parse, bad ones are errors",
          "[rl][schedule]") {
  CHECK(*ParseTaskOrder("shuffled") == TaskOrder::kShuffled);
  CHECK(*ParseTaskOrder("template") == TaskOrder::kTemplate);
  CHECK(*ParseTaskOrder("weighted") == TaskOrder::kWeighted);
  auto bad = ParseTaskOrder("random");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.status().message().find("shuffled, template, weighted") != std::string::npos);
  auto w = ParseTemplateWeights("90001=2,90003=0.5");
  REQUIRE(w.ok());
  CHECK(*w == std::map<int, double>{{90001, 2.0}, {90003, 0.5}});
  for (const char* text : {"", "90001", "90001=x", "x=1", "90001=-1", "90001=inf", "9a=1"}) {
    INFO(text);
    CHECK_FALSE(ParseTemplateWeights(text).ok());
  }
}

}  // namespace
}  // namespace wa
