#include "rl/policy.h"

#include <catch2/catch.hpp>

#include <filesystem>

#include <unistd.h>

#include "tests/rl/rl_test_util.h"

namespace wa {
namespace {

TEST_CASE("Model policy: a checkpoint directory runs in the evaluation harness", "[rl][policy]") {
  testing::FixtureData f = testing::FixtureDemos(ObservationType::kWebRL, 600);
  const std::vector<GeneratedTask>* test = &f.tasks;
  const std::vector<Demonstration>& demos = f.demos;
  REQUIRE(demos.size() == test->size());
  for (const Demonstration& d : demos) {
    CHECK(d.score == 1.0f);
    CHECK_FALSE(d.steps.empty());
  }
  CHECK(DemoResponse("# Element: the link\ndo(action=\"Click\", element=\"3\")",
                     PromptFormat::kThink) ==
        "<think> # Element: the link </think>\n<answer> do(action=\"Click\", element=\"3\") "
        "</answer>");
  const Tokenizer* tok = &f.tokenizer;
  HarnessOptions ho;
  ho.threads = 1;
  std::string dir =
      (std::filesystem::temp_directory_path() / ("webagent_policy_" + std::to_string(::getpid())))
          .string();
  REQUIRE(tok->Save(dir + "/tok.json").ok());
  AgentSettings settings;
  settings.max_new_tokens = 12;
  REQUIRE(InitCheckpoint(dir, "tiny", dir + "/tok.json", settings, 1).ok());
  CHECK_FALSE(InitCheckpoint(dir + "/x", "enormous", dir + "/tok.json", settings, 1).ok());

  ModelPolicyOptions mo;
  mo.threads = 2;
  auto policy = MakeModelPolicy(dir, mo);
  REQUIRE(policy.ok());
  std::vector<Task> tasks;
  for (const auto& g : *test) tasks.push_back(g.task);
  ho.max_steps = 3;
  EvalReport r = RunEvaluation(tasks, policy->get(), ho);
  for (const TaskOutcome& o : r.outcomes) {
    CHECK(o.error.empty());
    CHECK(o.steps >= 1);
    CHECK(o.actions.size() >= 1);
  }
  // The same seed replays the same actions.
  auto again = MakeModelPolicy(dir, mo);
  REQUIRE(again.ok());
  EvalReport r2 = RunEvaluation(tasks, again->get(), ho);
  for (size_t i = 0; i < r.outcomes.size(); ++i)
    CHECK(r.outcomes[i].actions == r2.outcomes[i].actions);
  // Sampling seeds come from the task and the turn: the tasks in reverse order, run by the same
  // policy object again with more envs and threads, sample the same episodes.
  HarnessOptions ho_par = ho;
  ho_par.threads = 2;
  ho_par.envs = 3;
  std::vector<Task> reversed(tasks.rbegin(), tasks.rend());
  EvalReport rp = RunEvaluation(reversed, again->get(), ho_par);
  REQUIRE(rp.outcomes.size() == r.outcomes.size());
  for (size_t i = 0; i < r.outcomes.size(); ++i)
    CHECK(r.outcomes[i].actions == rp.outcomes[r.outcomes.size() - 1 - i].actions);
  // Another policy seed (what `eval --samples` gives each pass) samples other episodes.
  ModelPolicyOptions other_mo = mo;
  other_mo.seed = 5;
  auto other = MakeModelPolicy(dir, other_mo);
  REQUIRE(other.ok());
  EvalReport ro = RunEvaluation(tasks, other->get(), ho);
  size_t differing = 0;
  for (size_t i = 0; i < r.outcomes.size(); ++i)
    differing += r.outcomes[i].actions != ro.outcomes[i].actions;
  CHECK(differing > 0);
  // A nucleus this narrow keeps only the most likely token: sampling replays greedy decoding,
  // whatever the seed.
  ModelPolicyOptions greedy_mo = mo;
  greedy_mo.greedy = true;
  ModelPolicyOptions narrow_mo = mo;
  narrow_mo.top_p = 1e-4f;
  narrow_mo.temperature = 0.5f;
  narrow_mo.seed = 77;
  auto greedy = MakeModelPolicy(dir, greedy_mo);
  auto narrow = MakeModelPolicy(dir, narrow_mo);
  REQUIRE(greedy.ok());
  REQUIRE(narrow.ok());
  EvalReport rg = RunEvaluation(tasks, greedy->get(), ho);
  EvalReport rn = RunEvaluation(tasks, narrow->get(), ho);
  for (size_t i = 0; i < rg.outcomes.size(); ++i)
    CHECK(rg.outcomes[i].actions == rn.outcomes[i].actions);
  // Sampling settings outside their ranges are errors.
  ModelPolicyOptions bad = mo;
  bad.top_p = 0.0f;
  CHECK_FALSE(MakeModelPolicy(dir, bad).ok());
  bad.top_p = 1.5f;
  CHECK_FALSE(MakeModelPolicy(dir, bad).ok());
  bad = mo;
  bad.temperature = 0.0f;
  CHECK_FALSE(MakeModelPolicy(dir, bad).ok());
  // Traces keep the prompt each turn was generated from and the whole response.
  ho.keep_trace = true;
  auto traced = MakeModelPolicy(dir, mo);
  REQUIRE(traced.ok());
  EvalReport r3 = RunEvaluation({tasks.front()}, traced->get(), ho);
  REQUIRE(r3.outcomes.size() == 1);
  const TaskOutcome& o3 = r3.outcomes[0];
  REQUIRE_FALSE(o3.trace.empty());
  for (const TraceStep& t : o3.trace) {
    CHECK(t.prompt.find("Task Instruction: " + tasks.front().intent) != std::string::npos);
    CHECK_FALSE(t.response.empty());
  }
  CHECK(o3.trace.front().prompt.find(o3.trace.front().observation.substr(0, 40)) !=
        std::string::npos);
  if (o3.trace.size() > 1) {
    // The second prompt carries the first response as the assistant's earlier turn.
    CHECK(o3.trace[1].prompt.find(o3.trace[0].response.substr(0, 8)) != std::string::npos);
  }
  // Bad directories and options are errors.
  CHECK_FALSE(MakeModelPolicy(dir + "/missing", mo).ok());
  mo.device = "tpu";
  CHECK_FALSE(MakeModelPolicy(dir, mo).ok());
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wa
