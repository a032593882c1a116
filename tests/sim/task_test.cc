#include "sim/task.h"

#include <fstream>
#include <map>
#include <sstream>

#include "sim/evaluator.h"
#include "sim/locator.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

using nlohmann::json;

std::vector<Task> Published() {
  std::string path = testing::SharedFileOrSkip("webarena-lite/test_webarena_lite.raw.json");
  auto tasks = LoadTasks(path);
  REQUIRE(tasks.ok());
  return *tasks;
}

TEST_CASE("All 165 published WebArena-Lite tasks load with the published composition",
          "[task][shared]") {
  std::vector<Task> tasks = Published();
  REQUIRE(tasks.size() == 165);
  std::map<std::string, int> by_site, by_types;
  int fuzzy = 0, must_include = 0, na = 0, gold_in_pred = 0;
  for (const Task& t : tasks) {
    std::string sites;
    for (const std::string& s : t.sites) sites += (sites.empty() ? "" : "+") + s;
    by_site[sites]++;
    std::string types;
    for (const std::string& s : t.eval.eval_types) types += (types.empty() ? "" : "+") + s;
    by_types[types]++;
    for (const StringCheck& c : t.eval.reference_answers) {
      fuzzy += c.kind == StringCheck::Kind::kFuzzyMatch;
      must_include += c.kind == StringCheck::Kind::kMustInclude;
      na += c.values == std::vector<std::string>{"N/A"};  // fuzzy_match 9 times, must_include once
    }
    gold_in_pred += t.eval.url_note == std::optional<std::string>("GOLD in PRED");
    // Round trip through the exporter.
    json exported = ExportTask(t);
    auto again = ParseTask(exported, "exported");
    REQUIRE(again.ok());
    CHECK(ExportTask(*again) == exported);
  }
  CHECK(by_site["shopping"] == 45);
  CHECK(by_site["shopping_admin"] == 35);
  CHECK(by_site["gitlab"] == 30);
  CHECK(by_site["map"] == 26);
  CHECK(by_site["reddit"] == 19);
  CHECK(by_site["wikipedia+map"] + by_site["map+wikipedia"] == 4);
  CHECK(by_site["gitlab+reddit"] + by_site["reddit+gitlab"] == 4);
  CHECK(by_site["shopping+reddit"] == 1);
  CHECK(by_site["map+shopping_admin"] == 1);
  CHECK(by_types["string_match"] == 78);
  CHECK(by_types["program_html"] == 48);
  CHECK(by_types["url_match+program_html"] + by_types["program_html+url_match"] == 19);
  CHECK(by_types["url_match"] == 18);
  CHECK(by_types["string_match+url_match"] + by_types["url_match+string_match"] == 2);
  CHECK(fuzzy == 50);
  CHECK(must_include == 31);
  CHECK(gold_in_pred == 38);
  CHECK(na == 10);
}

TEST_CASE("The published files round-trip field for field", "[task][shared]") {
  std::string path = testing::SharedFileOrSkip("webarena-lite/test_webarena_lite.raw.json");
  std::ifstream in(path);
  json raw = json::parse(in);
  for (const json& j : raw) {
    auto t = ParseTask(j, "published");
    REQUIRE(t.ok());
    json out = ExportTask(*t);
    INFO("task " << j["task_id"]);
    CHECK(out == j);
  }
}

TEST_CASE("Every locator in the published tasks parses; func: helpers are named",
          "[task][shared]") {
  int expressions = 0, helpers = 0;
  for (const Task& t : Published()) {
    for (const ProgramHtmlTarget& p : t.eval.program_html) {
      if (p.locator.rfind("func:", 0) == 0) {
        auto call = ParseFuncCall(p.locator);
        REQUIRE(call.ok());
        CHECK(call->first == "gitlab_get_project_memeber_role");
        ++helpers;
      } else if (!p.locator.empty()) {
        auto loc = Locator::Parse(p.locator);
        INFO(p.locator);
        CHECK(loc.ok());
        ++expressions;
      }
      if (p.url.rfind("func:", 0) == 0) CHECK(ParseFuncCall(p.url).ok());
    }
    CHECK(ValidateTaskEval(t, /*require_helpers=*/false).ok());
  }
  CHECK(expressions >= 70);
  CHECK(helpers == 3);
}

TEST_CASE("Malformed task configs name the task and field", "[task]") {
  auto err = [](const std::string& text) {
    auto r = ParseTasks(text, "file.json");
    REQUIRE_FALSE(r.ok());
    return r.status().message();
  };
  std::string ok_task = R"({"sites":["fixture"],"task_id":7,"start_url":"__FIXTURE__","intent":"x",
    "eval":{"eval_types":["url_match"],"reference_url":"__FIXTURE__/items"}})";
  REQUIRE(ParseTasks(ok_task, "file.json").ok());
  CHECK(err("not json").find("not valid JSON") != std::string::npos);
  CHECK(err("[1]").find("file.json entry 0") != std::string::npos);
  CHECK(err(R"({"task_id":3})").find("'sites'") != std::string::npos);
  std::string no_eval = R"({"sites":["fixture"],"task_id":9,"start_url":"u","intent":"x"})";
  CHECK(err(no_eval).find("task_id 9") != std::string::npos);
  CHECK(err(no_eval).find("'eval'") != std::string::npos);
  std::string bad_type = R"({"sites":["fixture"],"task_id":9,"start_url":"u","intent":"x",
    "eval":{"eval_types":["vibes"]}})";
  CHECK(err(bad_type).find("eval.eval_types") != std::string::npos);
  std::string missing_ref = R"({"sites":["fixture"],"task_id":9,"start_url":"u","intent":"x",
    "eval":{"eval_types":["string_match"],"reference_answers":null}})";
  CHECK(err(missing_ref).find("reference_answers") != std::string::npos);
  std::string bad_check = R"({"sites":["fixture"],"task_id":9,"start_url":"u","intent":"x",
    "eval":{"eval_types":["string_match"],"reference_answers":{"maybe_match":["a"]}}})";
  CHECK(err(bad_check).find("maybe_match") != std::string::npos);
}

TEST_CASE("Multi-site start URLs open one tab per site", "[task]") {
  Task t;
  t.start_url = "__MAP__ |AND| __WIKIPEDIA__";
  CHECK(t.StartUrls() == std::vector<std::string>{"__MAP__", "__WIKIPEDIA__"});
  t.start_url = "__FIXTURE__/items |AND| __FIXTURE__/form";
  t.sites = {"fixture"};
  Env env;
  StepResult r;
  REQUIRE(env.Reset(TaskEpisode(t), 1, &r).ok());
  CHECK(r.info.tabs.size() == 2);
  CHECK(r.info.tabs[0].url == "http://localhost:8099/items");
  CHECK(r.info.tabs[1].url == "http://localhost:8099/form");
}

}  // namespace
}  // namespace wa
