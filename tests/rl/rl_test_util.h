// Shared set-up for the rl tests: oracle demonstrations of the fixture site's test tasks and a
// small BPE tokenizer trained on them.
#ifndef WEBAGENT_TESTS_RL_RL_TEST_UTIL_H_
#define WEBAGENT_TESTS_RL_RL_TEST_UTIL_H_

#include <catch2/catch.hpp>

#include <vector>

#include "agent/bpe_trainer.h"
#include "agent/demonstrations.h"
#include "rl/model.h"

namespace wa::testing {

// The tests use the allocator settings of the programs (rl/model.h).
inline const bool kCpuAllocatorConfigured = (ConfigureCpuAllocator(), true);

struct FixtureData {
  std::vector<GeneratedTask> tasks;
  std::vector<Demonstration> demos;
  Tokenizer tokenizer;
};

inline FixtureData FixtureDemos(ObservationType observation = ObservationType::kWebRL,
                                size_t vocab = 512) {
  SplitOptions so;
  so.sites = {"fixture"};
  so.test_per_template = 1;
  auto test = GenerateSplit(Split::kTest, so);
  REQUIRE(test.ok());
  HarnessOptions ho;
  ho.threads = 1;
  ho.observation = observation;
  FixtureData f{*test, CollectDemonstrations(*test, ho), Tokenizer()};
  BpeTrainerOptions bo;
  bo.vocab_size = vocab;
  auto tok = TrainBpe(DemonstrationCorpus(f.demos, PromptFormat::kThink), bo);
  REQUIRE(tok.ok());
  f.tokenizer = std::move(*tok);
  return f;
}

// The first `n` fixture test tasks and the tokenizer trained on their demonstrations.
struct FixtureTasks {
  std::vector<Task> tasks;
  Tokenizer tokenizer;
};

inline FixtureTasks FixtureTaskSet(size_t n, ObservationType observation) {
  FixtureData f = FixtureDemos(observation);
  FixtureTasks s{{}, std::move(f.tokenizer)};
  for (size_t i = 0; i < n && i < f.tasks.size(); ++i) s.tasks.push_back(f.tasks[i].task);
  return s;
}

}  // namespace wa::testing

#endif  // WEBAGENT_TESTS_RL_RL_TEST_UTIL_H_
