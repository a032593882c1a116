#include "agent/demonstrations.h"

#include <catch2/catch.hpp>

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
