#include "rl/train.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "rl/generate.h"
#include "sim/db.h"
#include "tests/rl/rl_test_util.h"

namespace wa {
namespace {

using Fixture = testing::FixtureData;
Fixture MakeFixture() { return testing::FixtureDemos(); }

Transformer Tiny(const Tokenizer& t) {
  ModelConfig c = *NamedConfig("tiny", static_cast<int64_t>(t.vocab_size()));
  return NewModel(c, 5);
}

TEST_CASE("Learning-rate schedule: warm-up then cosine to the floor", "[rl][train]") {
  OptimConfig c;
  c.lr = 1.0;
  c.warmup_steps = 4;
  c.total_steps = 14;
  c.min_lr_ratio = 0.1;
  CHECK(ScheduledLr(c, 0) == Approx(0.25));
  CHECK(ScheduledLr(c, 3) == Approx(1.0));
  CHECK(ScheduledLr(c, 4) == Approx(1.0));
  CHECK(ScheduledLr(c, 9) == Approx(0.55));
  CHECK(ScheduledLr(c, 14) == Approx(0.1));
  CHECK(ScheduledLr(c, 100) == Approx(0.1));
}

TEST_CASE("Behaviour-cloning examples are the inference prompt plus the oracle response",
          "[rl][train]") {
  Fixture f = MakeFixture();
  auto examples = BuildBcExamples(f.demos, f.tokenizer, AgentSettings(), 2048);
  size_t steps = 0;
  for (const Demonstration& d : f.demos) steps += d.steps.size();
  REQUIRE(examples.size() == steps);
  // The second step of the first demonstration: compressed first observation, oracle response.
  const Demonstration& d = f.demos[0];
  REQUIRE(d.steps.size() >= 2);
  std::string r0 = DemoResponse(d.steps[0].oracle_text, PromptFormat::kThink);
  std::string a0 = d.steps[0].oracle_text.substr(d.steps[0].oracle_text.rfind('\n') + 1);
  auto expected_context =
      EncodeTurnPrompt(f.tokenizer, AgentSettings(), 2048, examples[1].response.size(),
                       d.task.intent, {{r0, a0, ""}}, d.steps[1].observation);
  CHECK(examples[1].context == expected_context);
  std::string context_text = f.tokenizer.Decode(examples[1].context);
  CHECK(context_text.find("Round 0\n\n** Simplified html **") != std::string::npos);
  CHECK(context_text.find(r0) != std::string::npos);
  CHECK(context_text.size() > 200);
  CHECK(f.tokenizer.Decode(examples[1].response) ==
        DemoResponse(d.steps[1].oracle_text, PromptFormat::kThink) + "<|im_end|>");
  // The loss mask covers exactly the response tokens.
  Transformer m = Tiny(f.tokenizer);
  std::vector<ScoreRequest> req = {{examples[0].context, examples[0].response},
                                   {examples[1].context, examples[1].response}};
  ScoreTensors s = ScoreBatch(m, req);
  CHECK(s.mask[0].sum().item<float>() == static_cast<float>(examples[0].response.size()));
  CHECK(s.mask[1].sum().item<float>() == static_cast<float>(examples[1].response.size()));

  // R1-CoT: the inference prompt (its observation budget shrinks by the longer response),
  // responses with long reasoning before the same action.
  auto cot = BuildBcExamples(f.demos, f.tokenizer, AgentSettings(), 2048, /*long_thoughts=*/true);
  REQUIRE(cot.size() == examples.size());
  CHECK(f.tokenizer.Decode(cot[0].context).find("Task Instruction: " + d.task.intent) !=
        std::string::npos);
  CHECK(cot[1].response.size() > examples[1].response.size());
  std::string long1 = f.tokenizer.Decode(cot[1].response);
  CHECK(long1 == LongThoughtResponse(d, 1) + "<|im_end|>");
  CHECK(long1.find("# Goal: " + d.task.intent) != std::string::npos);
  CHECK(long1.find("# Progress: step 2; so far I did:") != std::string::npos);
  CHECK(long1.find("<answer> " +
                   d.steps[1].oracle_text.substr(d.steps[1].oracle_text.rfind('\n') + 1) +
                   " </answer>") != std::string::npos);
  CHECK(f.tokenizer.Decode(cot[0].response).find("this is the first step") != std::string::npos);
}

TEST_CASE("Supervised training lowers the loss; a resumed run gives the same next update",
          "[rl][train]") {
  Fixture f = MakeFixture();
  auto bc = BuildBcExamples(f.demos, f.tokenizer, AgentSettings(), 512);
  REQUIRE(bc.size() >= 4);
  OptimConfig oc;
  oc.lr = 3e-3;
  oc.warmup_steps = 2;
  oc.total_steps = 25;
  SupervisedTrainer t(Tiny(f.tokenizer), oc);
  double before = t.Evaluate(bc);
  for (int i = 0; i < 20; ++i)
    t.Step({bc[static_cast<size_t>(i) % bc.size()], bc[(static_cast<size_t>(i) + 1) % bc.size()]});
  double after = t.Evaluate(bc);
  CHECK(after < before * 0.7);

  // Resume: save, take one more step; a fresh trainer loading the checkpoint takes the same step.
  std::string dir =
      (std::filesystem::temp_directory_path() / ("webagent_train_" + std::to_string(::getpid())))
          .string();
  REQUIRE(t.Save(dir).ok());
  std::vector<TrainExample> next = {bc[0], bc[1]};
  StepStats a = t.Step(next);
  SupervisedTrainer resumed(Tiny(f.tokenizer), oc);
  REQUIRE(resumed.Load(dir).ok());
  CHECK(resumed.step() == 20);
  StepStats b = resumed.Step(next);
  CHECK(a.loss == Approx(b.loss).epsilon(1e-6));
  CHECK(a.lr == b.lr);
  auto wa_ = t.model()->Weights(), wb = resumed.model()->Weights();
  for (const auto& [name, w] : wa_) {
    INFO(name);
    CHECK(torch::allclose(w, wb.at(name), 1e-5, 1e-6));
  }
  // An LM window set covers the stream.
  auto lm = BuildLmExamples({"one two three", "four five"}, f.tokenizer, 4);
  for (const auto& ex : lm) {
    CHECK(ex.context.size() == 1);
    CHECK(ex.response.size() == 3);
  }
  std::filesystem::remove_all(dir);
  CHECK_FALSE(resumed.Load(dir).ok());
}

TEST_CASE("Checkpoints commit in place: open run files survive, a killed commit recovers",
          "[rl][train]") {
  namespace fs = std::filesystem;
  Fixture f = MakeFixture();
  OptimConfig oc;
  SupervisedTrainer t(Tiny(f.tokenizer), oc);
  const fs::path dir = fs::temp_directory_path() / ("webagent_ckpt_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  // A run's metrics file and episode store stay open while checkpoints are written.
  std::ofstream metrics(dir / "metrics.jsonl");
  metrics << "{\"step\":1}\n" << std::flush;
  auto store = Db::OpenFile((dir / "episodes.sqlite").string());
  REQUIRE(store.ok());
  REQUIRE((*store)->Exec("PRAGMA journal_mode = WAL; CREATE TABLE e (x INTEGER)").ok());
  REQUIRE((*store)->Run("INSERT INTO e VALUES (1)").ok());
  { std::ofstream(dir / "agent.json") << "{}\n"; }
  REQUIRE(t.Save(dir.string()).ok());
  metrics << "{\"step\":2}\n" << std::flush;
  REQUIRE((*store)->Run("INSERT INTO e VALUES (2)").ok());
  REQUIRE(t.Save(dir.string()).ok());
  metrics << "{\"step\":3}\n" << std::flush;
  REQUIRE((*store)->Run("INSERT INTO e VALUES (3)").ok());
  {
    std::ifstream in(dir / "metrics.jsonl");
    std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(all == "{\"step\":1}\n{\"step\":2}\n{\"step\":3}\n");
  }
  auto reader = Db::OpenFile((dir / "episodes.sqlite").string(), /*read_only=*/true);
  REQUIRE(reader.ok());
  CHECK(*(*reader)->QueryInt("SELECT COUNT(*) FROM e", {}) == 3);
  CHECK(fs::exists(dir / "agent.json"));
  CHECK_FALSE(fs::exists(dir / ".checkpoint.tmp"));
  CHECK_FALSE(fs::exists(dir / ".checkpoint.commit"));

  auto step_of = [&](const std::string& d) {
    SupervisedTrainer r(Tiny(f.tokenizer), oc);
    REQUIRE(r.Load(d).ok());
    return r.step();
  };
  CHECK(step_of(dir.string()) == 0);
  // Killed after the commit point: the staged files are rolled forward.
  fs::create_directories(dir / ".checkpoint.tmp");
  { std::ofstream(dir / ".checkpoint.tmp" / "trainer.json") << "{\"step\": 7}\n"; }
  { std::ofstream(dir / ".checkpoint.commit") << "commit\n"; }
  CHECK(step_of(dir.string()) == 7);
  CHECK_FALSE(fs::exists(dir / ".checkpoint.commit"));
  // Killed before it: the staged files are discarded and the old checkpoint stands.
  fs::create_directories(dir / ".checkpoint.tmp");
  { std::ofstream(dir / ".checkpoint.tmp" / "trainer.json") << "{\"step\": 9}\n"; }
  CHECK(step_of(dir.string()) == 7);
  CHECK_FALSE(fs::exists(dir / ".checkpoint.tmp"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace wa
