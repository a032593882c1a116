#include "sim/harness.h"

#include <map>
#include <set>

#include "tests/sim/test_util.h"

namespace wa {
namespace {

std::vector<Task> TasksOf(const std::vector<GeneratedTask>& gen) {
  std::vector<Task> out;
  for (const GeneratedTask& g : gen) out.push_back(g.task);
  return out;
}

TEST_CASE("Splits: test_count test tasks per template, disjoint training instantiations",
          "[harness][heavy]") {
  auto test = GenerateSplit(Split::kTest, {});
  REQUIRE(test.ok());
  std::map<int, int> templates;
  std::set<std::string> distinct;
  for (const GeneratedTask& g : *test) {
    const TemplateFamily* f = FindTemplate(g.task.intent_template_id);
    REQUIRE(f != nullptr);
    // One test task per published template; a simulator-only family may hold out more.
    CHECK(++templates[f->id] <= (f->published_params.is_null() ? f->test_count : 1));
    CHECK(distinct.insert(std::to_string(f->id) + g.params.dump()).second);
    // The intent instantiates the template (published task 94 appends a sentence to it).
    CHECK(g.task.intent.rfind(Instantiate(g.task.intent_template, g.params), 0) == 0);
    CHECK(ValidateTaskEval(g.task).ok());
    // Exported tasks load back unchanged.
    auto again = ParseTask(ExportTask(g.task), "export");
    REQUIRE(again.ok());
    CHECK(ExportTask(*again) == ExportTask(g.task));
  }
  CHECK(templates.size() == TemplateFamilies().size());
  // The fixture holds out several instantiations of a template; capped, one per template.
  CHECK(templates[90004] == FindTemplate(90004)->test_count);
  CHECK(templates[90004] > 1);
  SplitOptions one;
  one.test_per_template = 1;
  auto capped = GenerateSplit(Split::kTest, one);
  REQUIRE(capped.ok());
  CHECK(capped->size() == TemplateFamilies().size());
  SplitOptions so;
  so.per_template = 5;
  auto train = GenerateSplit(Split::kTrain, so);
  REQUIRE(train.ok());
  std::set<std::string> test_params;
  for (const GeneratedTask& g : *test) {
    test_params.insert(std::to_string(g.task.intent_template_id) + g.params.dump());
  }
  for (const GeneratedTask& g : *train) {
    CHECK(test_params.count(std::to_string(g.task.intent_template_id) + g.params.dump()) == 0);
    const TemplateFamily* f = FindTemplate(g.task.intent_template_id);
    REQUIRE(f != nullptr);
    CHECK(f->in_train);
  }
  CHECK(train->size() > test->size());
  // Deterministic.
  auto again = GenerateSplit(Split::kTrain, so);
  REQUIRE(again.ok());
  REQUIRE(again->size() == train->size());
  for (size_t i = 0; i < train->size(); ++i)
    CHECK((*again)[i].task.intent == (*train)[i].task.intent);
}

TEST_CASE("The oracle solves every task; noop and random do not", "[harness][heavy]") {
  SplitOptions so;
  so.per_template = 8;
  auto train = GenerateSplit(Split::kTrain, so);
  auto test = GenerateSplit(Split::kTest, {});
  REQUIRE(train.ok());
  REQUIRE(test.ok());
  for (auto* gen : {&*test, &*train}) {
    std::vector<Task> tasks = TasksOf(*gen);
    HarnessOptions ho;
    ho.threads = 2;
    auto oracle = MakeOraclePolicy(*gen);
    EvalReport r = RunEvaluation(tasks, oracle.get(), ho);
    size_t unsolvable = 0;
    for (const TaskOutcome& o : r.outcomes) {
      INFO("task " << o.task_id << " " << o.intent << "\n" << o.explanation);
      const TemplateFamily* f = FindTemplate(o.intent_template_id);
      REQUIRE(f != nullptr);
      // A family marked unsolvable in WebRL's action set fails, and only those do.
      CHECK(o.score == (f->oracle_solves ? 1.f : 0.f));
      unsolvable += !f->oracle_solves;
      CHECK(o.error.empty());
      CHECK_FALSE(o.early_stop);
    }
    CHECK(unsolvable > 0);
    CHECK(r.SuccessRate("") == Approx(100.0 * static_cast<double>(r.outcomes.size() - unsolvable) /
                                      static_cast<double>(r.outcomes.size())));
    auto noop = MakeNoopPolicy();
    CHECK(RunEvaluation(tasks, noop.get(), ho).SuccessRate("") == 0.0);
    auto random = MakeRandomPolicy(3);
    CHECK(RunEvaluation(tasks, random.get(), ho).SuccessRate("") < 20.0);
  }
}

TEST_CASE("Early stop after repeated actions and parse failures; results independent of threads",
          "[harness]") {
  auto test = GenerateSplit(Split::kTest, {});
  REQUIRE(test.ok());
  std::vector<Task> tasks = TasksOf(*test);
  struct Repeat : Policy {
    std::string text;
    std::string name() const override { return "repeat"; }
    void Begin(size_t, const Task&) override {}
    std::string Act(size_t, const Task&, const StepResult&, const Env&) override { return text; }
  };
  Repeat scroll;
  scroll.text = "do(action=\"Scroll Down\")";
  HarnessOptions ho;
  EvalReport r = RunEvaluation(tasks, &scroll, ho);
  for (const TaskOutcome& o : r.outcomes) {
    CHECK(o.early_stop);
    CHECK(o.steps == 5);
    CHECK(o.answer.find("Early stop: Same action") == 0);
  }
  Repeat junk;
  junk.text = "I am not sure";
  r = RunEvaluation(tasks, &junk, ho);
  for (const TaskOutcome& o : r.outcomes) {
    CHECK(o.early_stop);
    CHECK(o.answer.find("Early stop: Failed to parse") == 0);
  }
  // The turn cap truncates.
  Repeat alternate;
  alternate.text = "do(action=\"Wait\")";
  ho.repeat_limit = 1000;
  ho.max_steps = 4;
  r = RunEvaluation(tasks, &alternate, ho);
  for (const TaskOutcome& o : r.outcomes) CHECK(o.steps == 4);
  // Same outcomes with 0, 1 and 2 worker threads.
  std::vector<std::string> runs;
  for (size_t threads : {0, 1, 2}) {
    HarnessOptions h;
    h.threads = threads;
    auto random = MakeRandomPolicy(9);
    EvalReport rr = RunEvaluation(tasks, random.get(), h);
    std::string s;
    for (const TaskOutcome& o : rr.outcomes) {
      for (const std::string& a : o.actions) s += a + "\n";
      s += o.explanation;
    }
    runs.push_back(s);
  }
  CHECK(runs[0] == runs[1]);
  CHECK(runs[1] == runs[2]);
}

TEST_CASE("Traces record each step's page, observation, output and action error", "[harness]") {
  auto test = GenerateSplit(Split::kTest, {});
  REQUIRE(test.ok());
  std::vector<Task> tasks = TasksOf(*test);
  // Clicks a non-existent element first (an action error), then follows the oracle.
  struct Clumsy : Policy {
    std::unique_ptr<Policy> oracle;
    std::map<size_t, bool> erred;
    std::string name() const override { return "clumsy"; }
    void Begin(size_t slot, const Task& t) override {
      erred[slot] = false;
      oracle->Begin(slot, t);
    }
    std::string Act(size_t slot, const Task& t, const StepResult& r, const Env& env) override {
      if (!erred[slot]) {
        erred[slot] = true;
        return "# Note: oops\ndo(action=\"Click\", element=\"9999\")";
      }
      return oracle->Act(slot, t, r, env);
    }
  };
  Clumsy clumsy;
  clumsy.oracle = MakeOraclePolicy(*test);
  HarnessOptions ho;
  ho.keep_trace = true;
  EvalReport r = RunEvaluation(tasks, &clumsy, ho);
  for (const TaskOutcome& o : r.outcomes) {
    INFO(o.intent);
    const TemplateFamily* f = FindTemplate(o.intent_template_id);
    REQUIRE(f != nullptr);
    CHECK(o.score == (f->oracle_solves ? 1.f : 0.f));
    REQUIRE(o.trace.size() == static_cast<size_t>(o.steps));
    REQUIRE(o.trace.size() == o.actions.size());
    CHECK(o.trace[0].response.find("element=\"9999\"") != std::string::npos);
    CHECK_FALSE(o.trace[0].action_error.empty());
    for (size_t i = 0; i < o.trace.size(); ++i) {
      const TraceStep& t = o.trace[i];
      CHECK(t.action == o.actions[i]);
      CHECK(t.url.rfind("http://", 0) == 0);
      CHECK_FALSE(t.observation.empty());
      auto boxes = nlohmann::json::parse(t.boxes, nullptr, false);
      REQUIRE(boxes.is_array());
      // One box per numbered element of the observation (a page scrolled to text can have none).
      size_t ids = 0;
      for (size_t p = t.observation.find(" id=\""); p != std::string::npos;
           p = t.observation.find(" id=\"", p + 1)) {
        ++ids;
      }
      CHECK(boxes.size() == ids);
      if (i > 0) CHECK(t.action_error.empty());
    }
  }
  // Without the option, nothing is kept.
  ho.keep_trace = false;
  clumsy.erred.clear();
  EvalReport plain = RunEvaluation(tasks, &clumsy, ho);
  for (const TaskOutcome& o : plain.outcomes) CHECK(o.trace.empty());
}

TEST_CASE("The report prints the paper's layout", "[harness]") {
  EvalReport r;
  r.policy = "p";
  for (auto [sites, score] : std::vector<std::pair<std::string, float>>{
           {"reddit", 1}, {"reddit", 0}, {"gitlab", 1}, {"map+wikipedia", 1}, {"shopping", 0}}) {
    TaskOutcome o;
    o.sites = sites;
    o.score = score;
    o.eval_types = {"string_match"};
    r.outcomes.push_back(o);
  }
  std::string t = r.Table();
  CHECK(t.find("| Method | Reddit | GitLab | CMS | Map | Shopping | Multi | Avg |") !=
        std::string::npos);
  CHECK(t.find("| p | 50.0 | 100.0 | - | - | 0.0 | 100.0 | 60.0 |") != std::string::npos);
  CHECK(r.ToJson()["success_rate"] == 60.0);

  // Reports round-trip through their JSON and line up as rows of one table.
  auto back = EvalReport::FromJson(r.ToJson());
  REQUIRE(back.ok());
  CHECK(back->outcomes.size() == 5);
  CHECK(back->SuccessRate("reddit") == 50.0);
  EvalReport other = *back;
  for (TaskOutcome& o : other.outcomes) o.score = 1;
  std::string both = PaperTable({{"bc", &*back}, {"grpo", &other}}, true);
  CHECK(both.find("| bc | 50.0 | 100.0 | - | - | 0.0 | 100.0 | 60.0 |") != std::string::npos);
  CHECK(both.find("| grpo | 100.0 | 100.0 | - | - | 100.0 | 100.0 | 100.0 |") != std::string::npos);
  CHECK(both.find("| n | 2 | 1 | 0 | 0 | 1 | 1 | 5 |") != std::string::npos);
  CHECK(both.find("| grpo | 100.0 (5) | - (0) | - (0) |") != std::string::npos);
  CHECK_FALSE(EvalReport::FromJson(nlohmann::json::array()).ok());
  CHECK_FALSE(EvalReport::FromJson({{"tasks", {{{"sites", "reddit"}}}}}).ok());
}

TEST_CASE("Reports split success by trained and held-out template families", "[harness]") {
  // The fixture's price template has training tasks; its "How much does ... cost" template
  // (infeasible, answer N/A) has none.
  REQUIRE(FindTemplate(90001) != nullptr);
  REQUIRE(FindTemplate(90001)->in_train);
  REQUIRE(FindTemplate(90006) != nullptr);
  REQUIRE_FALSE(FindTemplate(90006)->in_train);
  EvalReport r;
  r.policy = "p";
  for (auto [id, score] : std::vector<std::pair<int, float>>{
           {90001, 1}, {90001, 1}, {90001, 0}, {90001, 1}, {90006, 0}, {123456, 1}}) {
    TaskOutcome o;
    o.sites = "fixture";
    o.intent_template_id = id;
    o.score = score;
    o.eval_types = {"string_match"};
    r.outcomes.push_back(o);
  }
  CHECK(r.SuccessRate("trained_templates") == 75.0);
  CHECK(r.Count("trained_templates") == 4);
  // An unknown template counts as held out.
  CHECK(r.SuccessRate("held_out_templates") == 50.0);
  CHECK(r.Count("held_out_templates") == 2);
  nlohmann::json j = r.ToJson();
  CHECK(j["success_rate_by_template_split"]["trained"] == 75.0);
  CHECK(j["success_rate_by_template_split"]["held_out"] == 50.0);
  auto back = EvalReport::FromJson(j);
  REQUIRE(back.ok());
  std::string t = PaperTable({{"p", &*back}}, true);
  CHECK(t.find("| Trained templates | Held-out templates |") != std::string::npos);
  CHECK(t.find("| p | 66.7 (6) | - (0) | - (0) | 75.0 (4) | 50.0 (2) |") != std::string::npos);
}

}  // namespace
}  // namespace wa
