// WebArena's rule-based evaluators: the reward of an episode.
//
// Implemented as the reference describes the VAB-WebArena-Lite harness (section 2.6):
//   string_match : exact_match, must_include (" |OR| " alternatives; a reference that is one
//                  word_tokenize token must be one of the answer's tokens, tokens with '/' also
//                  split on '/'), must_exclude, required_values, one_of, fuzzy_match (a judge).
//   url_match    : the final URL of the active tab; EXACT (absent url_note) or "GOLD in PRED";
//                  optionally WebArena's original query-parameter rule.
//   program_html : per target, go to a URL ("last", a URL, or a func: helper), select content
//                  with a locator (page HTML, a JavaScript expression, or a func: helper) and
//                  check it.
// The score is the product over all listed evaluators and targets; every check is recorded
// (which check, expected, got) for the episode record. Upstream quirks are kept on purpose and
// pinned by tests: answers are lower-cased but not whitespace-stripped; must_include "0" does
// not match "$0.00" (its tokens are "$" and "0.00"); "GOLD in PRED" accepts any URL that
// contains the reference, e.g. one with extra query parameters.
#ifndef WEBAGENT_SIM_EVALUATOR_H_
#define WEBAGENT_SIM_EVALUATOR_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/env.h"
#include "sim/task.h"

namespace wa {

// Decides fuzzy_match checks. Upstream this is an LLM (gpt-4-1106-preview in evaluation).
class FuzzyJudge {
 public:
  virtual ~FuzzyJudge() = default;
  // 1 when `pred` is semantically equivalent to the reference (items joined by ", ").
  virtual Result<float> Match(std::string_view intent, std::string_view pred,
                              const std::vector<std::string>& reference) const = 0;
  // For an "N/A" reference whose answer is not literally "N/A": 1 when the answer reports the
  // task as unachievable for the reason in `string_note`.
  virtual Result<float> Unachievable(std::string_view intent, std::string_view string_note,
                                     std::string_view pred) const = 0;
  virtual std::string name() const = 0;
};

// The default, deterministic judge: canonicalises numbers, currency, dates, durations, distances,
// case, punctuation and list order, then requires every reference item to appear in the answer
// as a whole-token sequence. An answer that declares the task unachievable (n/a, not possible,
// cannot, does not exist, ...) matches an "N/A" reference. A documented deviation from the LLM
// judge: paraphrases that share no canonical tokens with the reference do not match.
class DeterministicJudge : public FuzzyJudge {
 public:
  Result<float> Match(std::string_view intent, std::string_view pred,
                      const std::vector<std::string>& reference) const override;
  Result<float> Unachievable(std::string_view intent, std::string_view string_note,
                             std::string_view pred) const override;
  std::string name() const override { return "deterministic"; }

  // The canonical form used for matching (exposed for tests).
  static std::string Canonicalize(std::string_view text);
};

struct EvaluatorOptions {
  bool webarena_url_rule = false;  // url_match: WebArena's query-parameter rule instead of VAB's
  std::shared_ptr<const FuzzyJudge> judge;  // null: DeterministicJudge
};

// One recorded check.
struct CheckRecord {
  std::string evaluator;  // string_match / url_match / program_html[i]
  std::string check;      // e.g. must_include
  std::string expected;
  std::string got;
  bool passed = false;
};

struct EvalResult {
  float score = 0;
  std::vector<CheckRecord> checks;
  std::string Explanation() const;  // one line per check
};

// The single-string rules (exposed for tests and reuse).
std::string CleanAnswer(std::string_view s);
std::vector<std::string> WordTokenize(std::string_view s);  // nltk word_tokenize, approximated
bool MustInclude(std::string_view ref, std::string_view pred);
bool RequiredValue(std::string_view condition, std::string_view value);  // "< 700 |OR| = 0"
std::string CleanUrl(std::string_view url);

// Site hooks for func: expressions. Helpers are registered by sites at build time.
//   URL helpers:     func:shopping_get_latest_order_url()  -> URL to visit
//   Locator helpers: func:gitlab_get_project_memeber_role(__page__, 'vinta') -> content
using UrlHelper =
    std::function<Result<std::string>(Browser* browser, const std::vector<std::string>& args)>;
using LocatorHelper = std::function<Result<std::optional<std::string>>(
    Browser* browser, const std::vector<std::string>& args)>;
void RegisterUrlHelper(const std::string& name, UrlHelper helper);
void RegisterLocatorHelper(const std::string& name, LocatorHelper helper);
// Parses "name(arg, 'x', ...)" into name and string arguments (quotes removed).
Result<std::pair<std::string, std::vector<std::string>>> ParseFuncCall(std::string_view text);

// Where program_html reads the final state: the simulator's browser, or a real one driven over
// WebDriver (bridge/). URLs are canonical (the sites' WebArena URLs, placeholders expanded).
class EvalPages {
 public:
  virtual ~EvalPages() = default;
  // "simulator", "chromium", ...: recorded with the checks that depend on it.
  virtual std::string name() const = 0;
  // The active tab's URL.
  virtual std::string Url() = 0;
  // Loads a URL in the active tab.
  virtual Status Navigate(const std::string& url) = 0;
  // A func: URL helper's result, e.g. shopping_get_latest_order_url().
  virtual Result<std::string> CallUrlHelper(const std::string& name,
                                            const std::vector<std::string>& args) = 0;
  // The content a locator selects on the current page: "" selects the page's HTML, otherwise a
  // JavaScript expression. nullopt for null/undefined. A JavaScript exception gives "" (as
  // upstream, whose checks then run on ""); an error status means the locator could not be run
  // at all (unsupported expression, no page), which fails the check.
  virtual Result<std::optional<std::string>> Select(const std::string& locator) = 0;
  // A func: locator helper's result, e.g. gitlab_get_project_memeber_role(__page__, 'vinta').
  virtual Result<std::optional<std::string>> CallLocatorHelper(
      const std::string& name, const std::vector<std::string>& args) = 0;
};

// The simulator's browser as EvalPages (the helpers are the sites' registered ones).
class SimEvalPages : public EvalPages {
 public:
  explicit SimEvalPages(Browser* browser) : browser_(browser) {}
  std::string name() const override { return "simulator"; }
  std::string Url() override;
  Status Navigate(const std::string& url) override;
  Result<std::string> CallUrlHelper(const std::string& name,
                                    const std::vector<std::string>& args) override;
  Result<std::optional<std::string>> Select(const std::string& locator) override;
  Result<std::optional<std::string>> CallLocatorHelper(
      const std::string& name, const std::vector<std::string>& args) override;

 private:
  Browser* browser_;
};

// The registered helpers by name (empty functions when none is registered).
UrlHelper FindUrlHelper(const std::string& name);
LocatorHelper FindLocatorHelper(const std::string& name);

// Evaluates a task on the final state of an episode (may navigate the active tab).
EvalResult EvaluateTask(const Task& task, Browser* browser, std::string_view answer,
                        const EvaluatorOptions& options = {});
// The same rules with program_html reading pages from `pages`.
EvalResult EvaluateTask(const Task& task, EvalPages* pages, std::string_view answer,
                        const EvaluatorOptions& options = {});

// The Env-facing evaluator for a task.
class TaskEvaluator : public Evaluator {
 public:
  TaskEvaluator(Task task, EvaluatorOptions options = {})
      : task_(std::move(task)), options_(std::move(options)) {}
  float Score(Browser* browser, const EpisodeSpec& spec, std::string_view answer,
              std::string* explanation) const override;
  const Task& task() const { return task_; }

 private:
  Task task_;
  EvaluatorOptions options_;
};

// Checks, without running anything, that a task's evaluation can be carried out here: every
// locator parses and every func: helper is registered. Returns the first problem.
Status ValidateTaskEval(const Task& task, bool require_helpers = true);

}  // namespace wa

#endif  // WEBAGENT_SIM_EVALUATOR_H_
