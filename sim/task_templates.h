// Task templates, splits and the oracle.
//
// A template family is an intent template (WebArena's wording), the sites it runs on, a seeded
// parameter sampler that draws instantiations from the simulated data, a task builder that
// computes the reference (answer, URL, page checks) from the site database, and an oracle plan
// that solves the task through UI actions only (it reads pages, never writes the database),
// with a short thought per step in the reference's "# Element: ..." / "# Note: ..." style.
// Sites register their families; the framework ships the fixture site's.
#ifndef WEBAGENT_SIM_TASK_TEMPLATES_H_
#define WEBAGENT_SIM_TASK_TEMPLATES_H_

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

#include "sim/db.h"
#include "sim/env.h"
#include "sim/rng.h"
#include "sim/task.h"

namespace wa {

// One oracle step, resolved against the page at the time it runs.
struct OracleOp {
  enum class Kind {
    kClick,
    kType,
    kSearch,
    kSelect,
    kHover,
    kPressEnter,
    kGoBack,
    kSwitchTab,
    kExit
  };
  Kind kind = Kind::kClick;
  std::string selector;  // CSS selector of the target element (first labelled match)
  std::string text;      // optional: the target's text must contain this
  std::string argument;  // text to type, option to select, tab index, or the exit message
  std::string thought;   // "# Element: ..." / "# Note: ..."
};

struct TemplateFamily {
  int id = 0;  // intent_template_id (published id, or >= 90000 for simulator-only templates)
  std::vector<std::string> sites;
  std::string intent_template;
  std::vector<std::string> eval_types;
  bool in_train = true;  // false when WebArena-Lite keeps the template out of its training set
  // false when no plan can succeed in WebRL's action set (the task ends on a site that the start
  // page has no path to, and the grammar has no goto or new tab); the oracle still does the part
  // it can reach and says why it stops.
  bool oracle_solves = true;
  // The published test instantiation (intent word for word); null: the test task is sampled.
  nlohmann::json published_params;
  // Test instantiations: 1 for WebArena's families (the published task); a simulator-only family
  // may hold out more, drawn from the test stream (fewer when the family has fewer distinct
  // instantiations), so that a small model's generalisation is measured on more than one task.
  // Training instantiations never repeat any of them.
  int test_count = 1;
  // Draws one instantiation ({"param": "value"}) from the seeded site data.
  std::function<Result<nlohmann::json>(Db& db, Rng& rng)> sample;
  // Builds the task for an instantiation; references are computed from the database.
  std::function<Result<Task>(const nlohmann::json& params, Db& db)> build;
  // The oracle plan for the task.
  std::function<Result<std::vector<OracleOp>>(const Task& task, const nlohmann::json& params,
                                              Db& db)>
      oracle;
};

// A task skeleton for a site: logged in with the site's storage state, empty reference URL.
Task NewSiteTask(const std::string& site, const std::string& start_url);
// A string check of one kind.
StringCheck MakeCheck(StringCheck::Kind kind, std::vector<std::string> values);
// A program_html target with one check (exact_match values are written as a JSON string).
ProgramHtmlTarget MakeHtmlTarget(std::string url, std::string locator, StringCheck::Kind kind,
                                 std::vector<std::string> values);
// A family of one site with its published test instantiation; sampler, builder and oracle
// still to set.
TemplateFamily SiteFamily(const std::string& site, int id, std::string intent_template,
                          std::vector<std::string> eval_types, nlohmann::json published_params);
// A sampler drawing one of a fixed list of instantiations.
std::function<Result<nlohmann::json>(Db&, Rng&)> SampleFromList(
    std::vector<nlohmann::json> options);

// Multi-site families read the other sites' data through this: the pristine database of `site`
// for the data seed of the split being generated or solved (GenerateSplit and the oracle policy
// set that seed for the calling thread with TemplateSeedScope).
Result<std::unique_ptr<Db>> TemplateSiteDb(const std::string& site);
class TemplateSeedScope {
 public:
  explicit TemplateSeedScope(uint64_t seed);
  ~TemplateSeedScope();
  TemplateSeedScope(const TemplateSeedScope&) = delete;
  TemplateSeedScope& operator=(const TemplateSeedScope&) = delete;

 private:
  uint64_t previous_;
};

// Every registered family (built once; thread-safe to call).
const std::vector<TemplateFamily>& TemplateFamilies();
const TemplateFamily* FindTemplate(int intent_template_id);

// Fills {{param}} placeholders of an intent template.
std::string Instantiate(const std::string& intent_template, const nlohmann::json& params);

enum class Split { kTest, kTrain };

struct GeneratedTask {
  Task task;
  nlohmann::json params;
};

struct SplitOptions {
  std::vector<std::string> sites;  // only families whose sites are all in this list; empty: all
  int per_template = 1;            // train: instantiations per template (test: test_count)
  int test_per_template = 0;       // test: at most this many per template (0: test_count)
  uint64_t seed = 0;               // site data seed
};

// test: each template's test_count fixed instantiations (one for WebArena's templates); train:
// `per_template` further instantiations per template whose parameters differ from every test
// one, for templates that are not kept out of training. Task ids are assigned in order.
Result<std::vector<GeneratedTask>> GenerateSplit(Split split, const SplitOptions& options);

// Runs an oracle plan step by step on an Env (the policy side of the oracle).
class OracleRunner {
 public:
  explicit OracleRunner(std::vector<OracleOp> plan) : plan_(std::move(plan)) {}
  // The next action text (thought + action) for the env's current page.
  std::string Next(const Env& env);
  bool done() const { return next_ >= plan_.size(); }

 private:
  std::vector<OracleOp> plan_;
  size_t next_ = 0;
  int scrolls_ = 0;
};

// Per-site coverage of the published test templates: {site: {implemented, published}}.
std::vector<std::pair<std::string, std::pair<int, int>>> TemplateCoverage(
    const std::vector<Task>& published);

}  // namespace wa

#endif  // WEBAGENT_SIM_TASK_TEMPLATES_H_
