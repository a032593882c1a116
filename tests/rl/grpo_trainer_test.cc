#include "rl/grpo_trainer.h"

#include <catch2/catch.hpp>

#include "tests/rl/rl_test_util.h"

namespace wa {
namespace {

using Setup = testing::FixtureTasks;

Setup MakeSetup() { return testing::FixtureTaskSet(2, ObservationType::kCompact); }

GrpoConfig Config() {
  GrpoConfig c;
  c.group_size = 2;
  c.max_turns = 2;
  c.max_new_tokens = 8;
  c.max_context = 512;
  c.observation = ObservationType::kCompact;
  c.seed = 9;
  return c;
}

Transformer Tiny(const Tokenizer& t, uint64_t seed) {
  return NewModel(*NamedConfig("tiny", static_cast<int64_t>(t.vocab_size())), seed);
}

TEST_CASE("M-GRPO rollouts: groups, exact contexts, reproducible from a seed", "[rl][grpo]") {
  Setup s = MakeSetup();
  OptimConfig oc;
  GrpoTrainer a(Tiny(s.tokenizer, 1), Tiny(s.tokenizer, 1), s.tokenizer, AgentSettings(), Config(),
                oc);
  GrpoStats st;
  auto batch = a.Rollout(s.tasks, &st);
  REQUIRE(batch.size() == 4);
  CHECK(st.trajectories == 4);
  for (const Trajectory& t : batch) {
    REQUIRE_FALSE(t.turns.empty());
    CHECK(t.turns.size() <= 2);
    CHECK((t.reward == 0.0f || t.reward == 1.0f));
    for (const RolloutTurn& turn : t.turns) {
      CHECK_FALSE(turn.context.empty());
      CHECK(turn.response.size() == turn.logprobs.size());
      CHECK(turn.context.size() + turn.response.size() <= 512);
      // The context is the inference prompt: it ends with the assistant header.
      CHECK(s.tokenizer.Decode(turn.context).find("Task Instruction: " + s.tasks[t.task].intent) !=
            std::string::npos);
    }
  }
  // Group members start from the same page but sample differently.
  CHECK(batch[0].turns[0].context == batch[1].turns[0].context);
  // Same seed, same everything.
  GrpoTrainer b(Tiny(s.tokenizer, 1), Tiny(s.tokenizer, 1), s.tokenizer, AgentSettings(), Config(),
                oc);
  auto again = b.Rollout(s.tasks, nullptr);
  for (size_t i = 0; i < batch.size(); ++i) {
    REQUIRE(again[i].turns.size() == batch[i].turns.size());
    for (size_t j = 0; j < batch[i].turns.size(); ++j) {
      CHECK(again[i].turns[j].response == batch[i].turns[j].response);
      CHECK(again[i].turns[j].action == batch[i].turns[j].action);
    }
    CHECK(again[i].reward == batch[i].reward);
  }
}

TEST_CASE("M-GRPO update: raises the log-probability of the rewarded trajectory", "[rl][grpo]") {
  Setup s = MakeSetup();
  OptimConfig oc;
  oc.lr = 1e-2;
  oc.warmup_steps = 0;
  GrpoConfig c = Config();
  c.loss.beta = 0.01;
  GrpoTrainer g(Tiny(s.tokenizer, 2), Tiny(s.tokenizer, 2), s.tokenizer, AgentSettings(), c, oc);
  auto batch = g.Rollout(s.tasks, nullptr);
  // Hand-set rewards: in each group, member 0 succeeded.
  for (Trajectory& t : batch) t.reward = t.member == 0 ? 1.0f : 0.0f;
  auto logp = [&](const Trajectory& t) {
    std::vector<ScoreRequest> req;
    for (const auto& turn : t.turns) req.push_back({turn.context, turn.response});
    double sum = 0;
    for (const Scored& sc : Score(g.policy(), req)) {
      for (float x : sc.logprobs) sum += x;
    }
    return sum;
  };
  double good_before = logp(batch[0]), bad_before = logp(batch[1]);
  GrpoStats st;
  g.Update(batch, &st);
  CHECK(st.groups_with_signal == 2);
  CHECK(st.tokens > 0);
  CHECK(std::isfinite(st.loss));
  CHECK(g.trainer().step() == 1);
  CHECK(logp(batch[0]) > good_before);
  CHECK(logp(batch[1]) < bad_before);
  // All-equal rewards and no KL: nothing to learn, the weights stay.
  for (Trajectory& t : batch) t.reward = 0;
  c.loss.beta = 0;
  GrpoTrainer flat(Tiny(s.tokenizer, 3), Tiny(s.tokenizer, 3), s.tokenizer, AgentSettings(), c, oc);
  auto before = flat.policy()->Weights().at("model.norm.weight").clone();
  GrpoStats fs;
  flat.Update(batch, &fs);
  CHECK(fs.groups_with_signal == 0);
  CHECK(torch::equal(before, flat.policy()->Weights().at("model.norm.weight")));
}

TEST_CASE("M-GRPO update, single-sequence context: one-turn trajectories as exact contexts",
          "[rl][grpo]") {
  Setup s = MakeSetup();
  OptimConfig oc;
  oc.lr = 1e-2;
  oc.warmup_steps = 0;
  GrpoConfig c = Config();
  c.loss.beta = 0.01;
  c.max_turns = 1;
  c.max_context = 1024;
  AgentSettings settings;
  settings.system_prompt = SystemPromptStyle::kShort;  // nothing is cut
  // One turn: the trajectory's sequence is the turn's exact prompt plus its response, so both
  // contexts give the same loss and gradient (Adam's first step, about lr * sign(g), would
  // magnify rounding in near-zero gradients, so the statistics are compared, not the weights).
  std::vector<GrpoStats> stats;
  for (GrpoContext mode : {GrpoContext::kExact, GrpoContext::kSingleSequence}) {
    c.context = mode;
    GrpoTrainer g(Tiny(s.tokenizer, 4), Tiny(s.tokenizer, 4), s.tokenizer, settings, c, oc);
    auto batch = g.Rollout(s.tasks, nullptr);
    for (Trajectory& t : batch) {
      REQUIRE(t.turns.size() == 1);
      t.reward = t.member == 0 ? 1.0f : 0.0f;
    }
    GrpoStats st;
    g.Update(batch, &st);
    CHECK(st.skipped == 0);
    CHECK(st.groups_with_signal == 2);
    stats.push_back(st);
  }
  CHECK(stats[1].tokens == stats[0].tokens);
  CHECK(stats[1].loss == Approx(stats[0].loss).margin(1e-6));
  CHECK(stats[1].kl == Approx(stats[0].kl).margin(1e-7));
  CHECK(stats[0].grad_norm > 0);
  CHECK(stats[1].grad_norm == Approx(stats[0].grad_norm).epsilon(1e-4));
}

TEST_CASE("M-GRPO update, single-sequence context: multi-turn trajectories learn", "[rl][grpo]") {
  Setup s = MakeSetup();
  OptimConfig oc;
  oc.lr = 1e-2;
  oc.warmup_steps = 0;
  GrpoConfig c = Config();
  c.max_turns = 3;
  c.loss.beta = 0.01;
  c.updates_per_batch = 2;  // the second step's ratio is against the first step's log-probs
  c.context = GrpoContext::kSingleSequence;
  AgentSettings settings;
  GrpoTrainer g(Tiny(s.tokenizer, 5), Tiny(s.tokenizer, 5), s.tokenizer, settings, c, oc);
  auto batch = g.Rollout(s.tasks, nullptr);
  for (Trajectory& t : batch) t.reward = t.member == 0 ? 1.0f : 0.0f;
  auto logp = [&](const Trajectory& t) {
    std::vector<AgentTurn> history;
    std::vector<std::vector<TokenId>> gen;
    for (const RolloutTurn& turn : t.turns) {
      history.push_back({turn.text, turn.action, turn.feedback});
      gen.push_back(turn.response);
    }
    history.pop_back();
    auto seq = EncodeTrajectory(s.tokenizer, settings, c.max_context, t.intent, history,
                                t.turns.back().observation, gen);
    REQUIRE(seq.ok());
    SequenceScoreRequest req{seq->ids, {}};
    for (size_t p = 1; p < seq->turn.size(); ++p) {
      if (seq->turn[p] >= 0) req.positions.push_back(static_cast<int64_t>(p));
    }
    torch::NoGradGuard ng;
    return ScoreSequences(g.policy(), {req}).logprobs.sum().item<double>();
  };
  bool multi = false;
  for (const Trajectory& t : batch) multi |= t.turns.size() > 1;
  CHECK(multi);
  double good_before = logp(batch[0]), bad_before = logp(batch[1]);
  GrpoStats st;
  g.Update(batch, &st);
  CHECK(st.skipped == 0);
  CHECK(std::isfinite(st.loss));
  CHECK(g.trainer().step() == 2);
  // The rewarded trajectory gains, and gains on the unrewarded one. (The two share most of
  // their tokens, the same pages and actions, so the other's own log-probability may rise too.)
  const double good_after = logp(batch[0]), bad_after = logp(batch[1]);
  CHECK(good_after > good_before);
  CHECK(good_after - bad_after > good_before - bad_before + 1.0);
  CHECK(ParseGrpoContext("single").ok());
  CHECK_FALSE(ParseGrpoContext("both").ok());
}

}  // namespace
}  // namespace wa
