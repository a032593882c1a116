#include "agent/demonstrations.h"

#include <catch2/catch.hpp>

#include <set>

#include "agent/prompt.h"

namespace wa {
namespace {

std::vector<Demonstration> FixtureDemos() {
  SplitOptions so;
  so.sites = {"fixture"};
  so.test_per_template = 1;
  auto tasks = GenerateSplit(Split::kTest, so);
  REQUIRE(tasks.ok());
  HarnessOptions ho;
  ho.threads = 1;
  ho.observation = ObservationType::kCompact;
  return CollectDemonstrations(*tasks, ho);
}

TEST_CASE("Demonstrations: the oracle plans on the split's site data, whatever the seed",
          "[demonstrations]") {
  // Seed 0 and two others: the price, count and note tasks read the site's data, which differs
  // between seeds (a plan made on seed 0's data fails on seed 1's pages).
  for (uint64_t seed : {0ULL, 1ULL, 7ULL}) {
    SplitOptions so;
    so.sites = {"fixture"};
    so.seed = seed;
    so.per_template = 6;
    auto tasks = GenerateSplit(Split::kTrain, so);
    REQUIRE(tasks.ok());
    HarnessOptions ho;
    ho.threads = 1;
    ho.seed = seed;
    ho.observation = ObservationType::kCompact;
    std::vector<Demonstration> demos = CollectDemonstrations(*tasks, ho);
    REQUIRE(demos.size() == tasks->size());
    std::set<int> templates;
    for (const Demonstration& d : demos) {
      INFO("seed " << seed << ", task " << d.task.task_id << ": " << d.task.intent);
      CHECK(d.score == 1.0f);
      CHECK(d.steps.size() >= 2);
      templates.insert(d.task.intent_template_id);
    }
    CHECK(templates.count(90001) == 1);  // the price question
    CHECK(templates.count(90004) == 1);  // the note
    CHECK(templates.count(90005) == 1);  // the count
  }
}

TEST_CASE("Pretraining corpus: every page under its task, never an action", "[demonstrations]") {
  std::vector<Demonstration> demos = FixtureDemos();
  REQUIRE_FALSE(demos.empty());
  size_t pages = 0;
  for (const Demonstration& d : demos) pages += d.steps.size();
  for (bool reminder : {false, true}) {
    std::vector<std::string> corpus = PretrainingCorpus(demos, reminder);
    REQUIRE(corpus.size() == pages);
    size_t k = 0;
    for (const Demonstration& d : demos) {
      for (const DemoStep& s : d.steps) {
        const std::string& text = corpus[k++];
        INFO(text);
        const std::string head = "Task Instruction: " + d.task.intent + "\n\n";
        CHECK(text.rfind(head, 0) == 0);
        CHECK(text.find(s.observation) == head.size());
        const std::string tail = std::string(kTaskReminder) + d.task.intent;
        const bool ends_with_task = text.size() >= tail.size() &&
                                    text.compare(text.size() - tail.size(), tail.size(), tail) == 0;
        CHECK(ends_with_task == reminder);
        // The oracle's responses and actions are not in the base model's text.
        CHECK(text.find("do(action=") == std::string::npos);
        CHECK(text.find("<answer>") == std::string::npos);
      }
    }
  }
}

}  // namespace
}  // namespace wa
