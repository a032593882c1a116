#include "rl/train.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>

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

  // Simplified history: earlier turns keep only their action; the response is unchanged.
  AgentSettings simple;
  simple.simplify_history = true;
  auto simplified = BuildBcExamples(f.demos, f.tokenizer, simple, 2048);
  REQUIRE(simplified.size() == examples.size());
  std::string simple_text = f.tokenizer.Decode(simplified[1].context);
  CHECK(simple_text.find("<think> simplified reasoning process </think>\n<answer> " + a0 +
                         " </answer>") != std::string::npos);
  CHECK(simple_text.find(r0) == std::string::npos);
  CHECK(simplified[1].response == examples[1].response);
  // Unbounded, the simplified prompt is the shorter; within a budget it leaves the page more room.
  auto full_wide = BuildBcExamples(f.demos, f.tokenizer, AgentSettings(), 1 << 20);
  auto simple_wide = BuildBcExamples(f.demos, f.tokenizer, simple, 1 << 20);
  CHECK(simple_wide[1].context.size() < full_wide[1].context.size());
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
  t.set_extra_state(nlohmann::json{{"sampler", 7}});
  REQUIRE(t.Save(dir).ok());
  std::vector<TrainExample> next = {bc[0], bc[1]};
  StepStats a = t.Step(next);
  // Step reports each example's mean token loss; weighted by tokens they give the batch loss.
  REQUIRE(a.example_losses.size() == 2);
  double weighted = (a.example_losses[0] * static_cast<double>(bc[0].response.size()) +
                     a.example_losses[1] * static_cast<double>(bc[1].response.size())) /
                    static_cast<double>(bc[0].response.size() + bc[1].response.size());
  CHECK(weighted == Approx(a.loss).epsilon(1e-6));
  SupervisedTrainer resumed(Tiny(f.tokenizer), oc);
  REQUIRE(resumed.Load(dir).ok());
  CHECK(resumed.step() == 20);
  CHECK(resumed.extra_state() == nlohmann::json{{"sampler", 7}});
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

TEST_CASE("Supervised training: the copy loss trains the pointer on copyable tokens",
          "[rl][train]") {
  Fixture f = MakeFixture();
  auto bc = BuildBcExamples(f.demos, f.tokenizer, AgentSettings(), 512);
  REQUIRE(bc.size() >= 4);
  std::vector<TrainExample> batch(bc.begin(), bc.begin() + 4);
  auto model = [&] {
    ModelConfig c = *NamedConfig("tiny", static_cast<int64_t>(f.tokenizer.vocab_size()));
    c.copy_head_dim = 16;
    return NewModel(c, 5);
  };
  auto copy_nll = [&](Transformer& m) {
    torch::NoGradGuard ng;
    std::vector<ScoreRequest> req;
    for (const auto& e : batch) req.push_back({e.context, e.response});
    ScoreTensors s = ScoreBatch(m, req);
    return -s.copy_logprobs.sum().item<double>() / s.copyable.sum().item<double>();
  };
  OptimConfig oc;
  oc.lr = 1e-2;
  oc.warmup_steps = 0;
  oc.total_steps = 30;
  SupervisedTrainer off(model(), oc);
  oc.copy_loss = 1.0;
  SupervisedTrainer on(model(), oc);
  const double start = copy_nll(on.model());
  CHECK(start == Approx(copy_nll(off.model())));  // same seed, same weights
  StepStats first_on = on.Step(batch), first_off = off.Step(batch);
  // The reported loss is the cross-entropy alone; the copy loss is reported on its own.
  CHECK(first_on.loss == Approx(first_off.loss).epsilon(1e-6));
  CHECK(first_on.copy_loss == Approx(start).epsilon(1e-4));
  CHECK(first_off.copy_loss == 0.0);
  // The auxiliary term changes the gradient: the steps differ.
  CHECK(first_on.grad_norm != Approx(first_off.grad_norm).epsilon(1e-6));
  for (int i = 0; i < 29; ++i) {
    on.Step(batch);
    off.Step(batch);
  }
  // With the copy loss the pointer learns the copyable tokens faster than without it.
  const double after_on = copy_nll(on.model()), after_off = copy_nll(off.model());
  INFO("copy nll " << start << " -> " << after_on << " (without the loss " << after_off << ")");
  CHECK(after_on < start * 0.7);
  CHECK(after_on < after_off);
}

TEST_CASE("Element weight: the element id's tokens, their weight in the loss, their probability",
          "[rl][train]") {
  Fixture f = MakeFixture();
  auto bc = BuildBcExamples(f.demos, f.tokenizer, AgentSettings(), 512);
  // Every example whose action names an element marks exactly the tokens that spell its id.
  size_t with_element = 0;
  for (const TrainExample& e : bc) {
    std::string text = f.tokenizer.Decode(e.response);
    size_t key = text.rfind("element=\"");
    if (key == std::string::npos) {
      CHECK(e.element_tokens.empty());
      continue;
    }
    ++with_element;
    size_t begin = key + 9, end = text.find('"', begin);
    REQUIRE(end != std::string::npos);
    REQUIRE_FALSE(e.element_tokens.empty());
    std::string spelled;
    for (int32_t k : e.element_tokens) {
      spelled += f.tokenizer.DecodeOne(e.response[static_cast<size_t>(k)]);
    }
    INFO(text);
    // The marked tokens are contiguous and cover the id (a token may carry a quote with it).
    CHECK(e.element_tokens.back() - e.element_tokens.front() + 1 ==
          static_cast<int32_t>(e.element_tokens.size()));
    CHECK(spelled.find(text.substr(begin, end - begin)) != std::string::npos);
    CHECK(spelled.size() <= end - begin + 2);
  }
  CHECK(with_element > 0);
  CHECK(ElementTokens(f.tokenizer,
                      f.tokenizer.Encode("<answer> do(action=\"Scroll Down\") </answer>"))
            .empty());
  std::vector<TokenId> ids = f.tokenizer.Encode("do(action=\"Click\", element=\"14\")");
  auto marked = ElementTokens(f.tokenizer, ids);
  std::string spelled;
  for (int32_t k : marked) spelled += f.tokenizer.DecodeOne(ids[static_cast<size_t>(k)]);
  CHECK(spelled.find("14") != std::string::npos);

  // Weighted loss: with weight w the reported loss is sum(w_t * nll_t) / sum(w_t), computed here
  // from the teacher-forced log-probabilities of the same (untrained) model.
  std::vector<TrainExample> batch;
  for (const TrainExample& e : bc) {
    if (!e.element_tokens.empty() && batch.size() < 3) batch.push_back(e);
  }
  REQUIRE(batch.size() == 3);
  OptimConfig oc;
  oc.lr = 1e-2;
  oc.warmup_steps = 0;
  oc.total_steps = 40;
  oc.element_weight = 5.0;
  SupervisedTrainer weighted(Tiny(f.tokenizer), oc);
  oc.element_weight = 1.0;
  SupervisedTrainer plain(Tiny(f.tokenizer), oc);
  double expected_num = 0, expected_den = 0, element_logp0 = 0;
  {
    torch::NoGradGuard ng;
    std::vector<ScoreRequest> req;
    for (const auto& e : batch) req.push_back({e.context, e.response});
    torch::Tensor lp = ScoreBatch(weighted.model(), req).logprobs;
    for (size_t i = 0; i < batch.size(); ++i) {
      std::set<int32_t> el(batch[i].element_tokens.begin(), batch[i].element_tokens.end());
      for (size_t k = 0; k < batch[i].response.size(); ++k) {
        double w = el.count(static_cast<int32_t>(k)) ? 5.0 : 1.0;
        double l = lp[static_cast<int64_t>(i)][static_cast<int64_t>(k)].item<double>();
        expected_num -= w * l;
        expected_den += w;
        if (i == 0 && el.count(static_cast<int32_t>(k))) element_logp0 += l;
      }
    }
  }
  std::vector<double> p0 = weighted.ElementProbabilities(batch);
  REQUIRE(p0.size() == 3);
  CHECK(p0[0] == Approx(std::exp(element_logp0)).epsilon(1e-5));
  StepStats w0 = weighted.Step(batch), p0s = plain.Step(batch);
  CHECK(w0.loss == Approx(expected_num / expected_den).epsilon(1e-5));
  CHECK(w0.loss != Approx(p0s.loss).epsilon(1e-4));
  // Training with the weight raises the element ids' probability faster than without it.
  for (int i = 0; i < 14; ++i) {
    weighted.Step(batch);
    plain.Step(batch);
  }
  auto mean = [](const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return s / static_cast<double>(v.size());
  };
  double pw = mean(weighted.ElementProbabilities(batch)),
         pp = mean(plain.ElementProbabilities(batch));
  INFO("P(element) " << mean(p0) << " -> " << pw << " weighted, " << pp << " plain");
  CHECK(pw > mean(p0));
  CHECK(pw > pp);
  // Validation loss ignores the weight: both trainers score the same examples the same way
  // when they hold the same weights.
  SupervisedTrainer a(Tiny(f.tokenizer), oc);
  oc.element_weight = 5.0;
  SupervisedTrainer b(Tiny(f.tokenizer), oc);
  CHECK(a.Evaluate(batch) == Approx(b.Evaluate(batch)).epsilon(1e-7));
}

TEST_CASE("Template balance: rare templates' demonstrations repeat towards the largest",
          "[rl][train]") {
  Fixture f = MakeFixture();
  auto examples = BuildBcExamples(f.demos, f.tokenizer, AgentSettings(), 2048);
  // Every example names its demonstration and that demonstration's template.
  REQUIRE(!examples.empty());
  for (const TrainExample& e : examples) {
    REQUIRE(e.demo >= 0);
    REQUIRE(static_cast<size_t>(e.demo) < f.demos.size());
    CHECK(e.template_id == f.demos[static_cast<size_t>(e.demo)].task.intent_template_id);
  }
  // Hand-built: template 1 has 6 demonstrations, template 2 has 2 (3 steps each), template 3
  // has 1, template 4 has 4; one example without a template.
  auto make = [](int tmpl, int demo) {
    TrainExample e;
    e.template_id = tmpl;
    e.demo = demo;
    return e;
  };
  std::vector<TrainExample> set;
  int demo = 0;
  for (int i = 0; i < 6; ++i) set.push_back(make(1, demo++));
  for (int i = 0; i < 2; ++i, ++demo) {
    for (int k = 0; k < 3; ++k) set.push_back(make(2, demo));  // 3 steps: still 2 demos
  }
  set.push_back(make(3, demo++));
  for (int i = 0; i < 4; ++i) set.push_back(make(4, demo++));
  set.push_back(TrainExample());
  std::vector<int> r = TemplateBalanceRepeats(set, 4);
  REQUIRE(r.size() == set.size());
  for (size_t i = 0; i < set.size(); ++i) {
    int want = set[i].template_id == 1   ? 1   // the largest
               : set[i].template_id == 2 ? 3   // 6 / 2
               : set[i].template_id == 3 ? 4   // 6 / 1, capped at 4
               : set[i].template_id == 4 ? 2   // 6 / 4 = 1.5 rounds to 2
                                         : 1;  // no template
    CHECK(r[i] == want);
  }
  // Off: every example once.
  for (int v : TemplateBalanceRepeats(set, 1)) CHECK(v == 1);
  for (int v : TemplateBalanceRepeats(set, 0)) CHECK(v == 1);
}

TEST_CASE("Batch sampler: in order without a hard share, by recorded loss with one, resumable",
          "[rl][train]") {
  BatchSampler plain(10, 0.0, 3);
  CHECK(plain.Next(0, 4) == std::vector<size_t>{0, 1, 2, 3});
  CHECK(plain.Next(2, 4) == std::vector<size_t>{8, 9, 0, 1});
  plain.Record({0, 1}, {9.0, 9.0});  // losses do not change the in-order walk
  CHECK(plain.Next(2, 4) == std::vector<size_t>{8, 9, 0, 1});

  BatchSampler hard(10, 0.5, 3);
  CHECK(hard.HardCount(8) == 4);
  std::vector<size_t> b = hard.Next(1, 8);
  REQUIRE(b.size() == 8);
  // The first half walks in order (cursor = step x in-order share); the rest are drawn.
  CHECK(std::vector<size_t>(b.begin(), b.begin() + 4) == std::vector<size_t>{4, 5, 6, 7});
  CHECK(hard.Next(1, 8) == b);  // a function of step and state
  // Example 3 still fails, the others are learnt: draws concentrate on 3.
  std::vector<size_t> all(10);
  for (size_t i = 0; i < 10; ++i) all[i] = i;
  std::vector<double> losses(10, 0.001);
  losses[3] = 5.0;
  hard.Record(all, losses);
  int threes = 0, drawn = 0;
  for (int step = 0; step < 50; ++step) {
    std::vector<size_t> n = hard.Next(step, 8);
    for (size_t k = 4; k < n.size(); ++k, ++drawn) threes += n[k] == 3 ? 1 : 0;
  }
  CHECK(threes > drawn * 9 / 10);
  // Unmeasured examples weigh as much as the largest measured loss.
  BatchSampler fresh(4, 1.0, 5);
  fresh.Record({0}, {0.0});
  int zeros = 0;
  for (int step = 0; step < 100; ++step) zeros += fresh.Next(step, 1)[0] == 0 ? 1 : 0;
  CHECK(zeros < 10);
  // State round trip: a restored sampler draws the same batches.
  BatchSampler restored(10, 0.5, 3);
  REQUIRE(restored.FromJson(hard.ToJson()).ok());
  for (int step = 0; step < 5; ++step) CHECK(restored.Next(step, 8) == hard.Next(step, 8));
  BatchSampler other_size(11, 0.5, 3);
  CHECK_FALSE(other_size.FromJson(hard.ToJson()).ok());
  nlohmann::json bad = hard.ToJson();
  bad["losses"][2] = "x";
  CHECK_FALSE(restored.FromJson(bad).ok());
  CHECK_FALSE(restored.FromJson(nlohmann::json::array()).ok());
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
