// Shared helpers for the simulator tests.
#ifndef WEBAGENT_TESTS_SIM_TEST_UTIL_H_
#define WEBAGENT_TESTS_SIM_TEST_UTIL_H_

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "sim/dom.h"
#include "sim/env.h"
#include "sim/locator.h"
#include "sim/observation.h"
#include "sim/page.h"
#include "sim/style.h"
#include "sim/task.h"
#include "sim/task_templates.h"

namespace wa::testing {

// A page built from literal HTML and CSS (the stylesheet must outlive the page).
struct TestPage {
  std::unique_ptr<StyleSheet> sheet;
  std::unique_ptr<Page> page;
  const Document& doc() const { return page->doc(); }
  std::string Observe(ObservationType type = ObservationType::kWebRL) {
    ObservationOptions o;
    o.type = type;
    std::string out;
    RenderObservation(page.get(), o, &out);
    return out;
  }
};

inline TestPage MakePage(const std::string& html, const std::string& css = "") {
  TestPage t;
  auto sheet = StyleSheet::Parse(css);
  REQUIRE(sheet.ok());
  t.sheet = std::make_unique<StyleSheet>(std::move(*sheet));
  auto doc = ParseHtml(html);
  REQUIRE(doc.ok());
  t.page = std::make_unique<Page>(std::make_shared<const Document>(std::move(*doc)),
                                  "http://localhost:8099/",
                                  std::vector<const StyleSheet*>{t.sheet.get()}, LayoutOptions());
  return t;
}

// Compares text with tests/sim/golden/<name>; UPDATE_GOLDEN=1 rewrites the file instead.
inline void CheckGolden(const std::string& name, const std::string& actual) {
  std::filesystem::path path = std::filesystem::path(WEBAGENT_GOLDEN_DIR) / name;
  if (std::getenv("UPDATE_GOLDEN") != nullptr) {
    std::ofstream(path, std::ios::binary) << actual;
    SUCCEED("updated " << path);
    return;
  }
  std::ifstream in(path, std::ios::binary);
  INFO("golden file " << path << " (run with UPDATE_GOLDEN=1 to create or update it)");
  REQUIRE(in.good());
  std::stringstream ss;
  ss << in.rdbuf();
  CHECK(ss.str() == actual);
}

// Path of a file under shared/, or exits with 77 (CTest: skipped) when shared/ is absent.
inline std::string SharedFileOrSkip(const std::string& rel) {
  std::filesystem::path p = std::filesystem::path(WEBAGENT_SHARED_DIR) / rel;
  if (!std::filesystem::exists(p)) {
    std::fprintf(stderr, "SKIPPED: %s not found\n", p.c_str());
    std::exit(77);
  }
  return p.string();
}

// Scrolls until `needle` is in the observation and returns the id of the element before it.
inline int ElementBefore(Env& env, StepResult& r, const std::string& needle) {
  for (int i = 0; i < 10 && r.observation.find(needle) == std::string::npos; ++i) {
    env.Step("do(action=\"Scroll Down\")", &r);
  }
  size_t pos = r.observation.find(needle);
  INFO("looking for " << needle << " in " << r.observation);
  REQUIRE(pos != std::string::npos);
  size_t id_at = r.observation.rfind("id=\"", pos);
  REQUIRE(id_at != std::string::npos);
  return std::stoi(r.observation.substr(id_at + 4));
}

// Scrolls until `needle` is in the observation and returns the id of the first element after it
// (the field after a label's text).
inline int ElementAfter(Env& env, StepResult& r, const std::string& needle) {
  ElementBefore(env, r, needle);
  size_t id_at = r.observation.find("id=\"", r.observation.find(needle));
  REQUIRE(id_at != std::string::npos);
  return std::stoi(r.observation.substr(id_at + 4));
}

// The value of a published-style locator on the current page (it must have one).
inline std::string EvalLocator(Env& env, const std::string& locator) {
  auto loc = Locator::Parse(locator);
  REQUIRE(loc.ok());
  auto v = loc->Evaluate(*env.browser().page());
  INFO(env.browser().url() << " " << locator << " " << v.status().message());
  REQUIRE(v.ok());
  REQUIRE(v->has_value());
  return **v;
}

inline void Act(Env& env, StepResult& r, const std::string& action, int element,
                const std::string& argument = "") {
  std::string text = "do(action=\"" + action + "\"";
  if (!argument.empty()) text += ", argument=\"" + argument + "\"";
  env.Step(text + ", element=\"" + std::to_string(element) + "\")", &r);
  INFO(text << ": " << r.info.action_error);
  REQUIRE(r.info.action_error.empty());
}

// Checks a site's template families against the published test file: one family per published
// template of the site (`count` of them), each test intent word for word, and at least 500
// training tasks at 30 per template, none with a test intent.
inline void CheckPublishedTemplates(const std::string& site, size_t count) {
  std::string path = SharedFileOrSkip("webarena-lite/test_webarena_lite.raw.json");
  auto published = LoadTasks(path);
  REQUIRE(published.ok());
  std::map<int, std::string> intents;
  for (const Task& t : *published) {
    if (t.sites == std::vector<std::string>{site}) intents[t.intent_template_id] = t.intent;
  }
  REQUIRE(intents.size() == count);
  SplitOptions so;
  so.sites = {site};
  auto test = GenerateSplit(Split::kTest, so);
  REQUIRE(test.ok());
  CHECK(test->size() == count);
  std::set<std::string> test_intents;
  for (const GeneratedTask& g : *test) {
    INFO("template " << g.task.intent_template_id);
    REQUIRE(intents.count(g.task.intent_template_id) == 1);
    CHECK(g.task.intent == intents[g.task.intent_template_id]);
    test_intents.insert(g.task.intent);
  }
  so.per_template = 30;
  auto train = GenerateSplit(Split::kTrain, so);
  REQUIRE(train.ok());
  CHECK(train->size() >= 500);
  for (const GeneratedTask& g : *train) {
    INFO(g.task.intent);
    CHECK(test_intents.count(g.task.intent) == 0);
  }
}

}  // namespace wa::testing

#endif  // WEBAGENT_TESTS_SIM_TEST_UTIL_H_
