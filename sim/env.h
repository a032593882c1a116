// Env: one simulated browsing episode at a time, with the EnvPool-style contract
// Reset(spec, seed) / Step(action text) -> (observation, reward, terminated, truncated, info).
//
// An Env owns a Browser and therefore its own copy of every site database it touches: Reset
// restores the pristine image of each site the episode uses, so episodes (and the members of a
// GRPO group, each in its own Env) never see each other's writes. A virtual clock starts at the
// episode's start time and advances a fixed amount per step. Step never fails: a malformed or
// impossible action leaves the state unchanged and is reported in info.action_error.
// Not thread-safe; use one Env per thread (VecEnv does this).
#ifndef WEBAGENT_SIM_ENV_H_
#define WEBAGENT_SIM_ENV_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sim/action.h"
#include "sim/browser.h"
#include "sim/observation.h"
#include "sim/rng.h"
#include "sim/status.h"

namespace wa {

struct EpisodeSpec;

// Scores an episode at its end (the task framework implements WebArena's evaluators on this).
class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Returns a score in [0, 1]. `answer` is the exit message ("" when truncated).
  // May navigate the browser (program_html checks visit pages), as upstream does.
  virtual float Score(Browser* browser, const EpisodeSpec& spec, std::string_view answer,
                      std::string* explanation) const = 0;
};

// 2023-06-01 12:00:00 UTC, the era of WebArena's data.
inline constexpr int64_t kDefaultStartTime = 1685620800;

struct EpisodeSpec {
  std::vector<std::string> start_urls;         // one tab each; placeholders (__FIXTURE__) allowed
  std::vector<std::string> sites;              // sites to reset; empty: the sites of start_urls
  bool logged_in = true;                       // start with each site's default account signed in
  int64_t start_time = kDefaultStartTime;      // virtual clock at reset, Unix seconds UTC
  std::string intent;                          // the task text (for prompts and the record)
  std::shared_ptr<const Evaluator> evaluator;  // null: reward is always 0

  static EpisodeSpec FromUrl(std::string_view url);
};

struct EnvOptions {
  ObservationOptions observation;
  BrowserOptions browser;
  int max_steps = 30;            // steps before truncation (30 in evaluation, 15 in training)
  int64_t seconds_per_step = 3;  // virtual seconds per action (the reference sleeps 3 s)
  SiteOptions sites;             // data generator seed of the sites
};

struct TabInfo {
  std::string url;
  std::string title;
};

struct StepInfo {
  std::string url;  // active tab
  std::string title;
  std::string action_error;      // empty when the action parsed and executed
  std::string eval_explanation;  // evaluator's explanation at the end of the episode
  std::vector<TabInfo> tabs;
  int active_tab = 0;
  Action action;       // the parsed action (kNone when it did not parse)
  std::string answer;  // exit message, when the episode ended with exit()
  int step = 0;        // steps taken so far in this episode
  int64_t now = 0;     // virtual clock
};

struct StepResult {
  std::string observation;
  float reward = 0;
  bool terminated = false;  // exit() was called
  bool truncated = false;   // max_steps reached without exit()
  StepInfo info;
};

class Env {
 public:
  explicit Env(const EnvOptions& options = {});

  // Starts an episode. Errors (unknown site, bad start URL) leave the Env without a page.
  Status Reset(const EpisodeSpec& spec, uint64_t seed, StepResult* out);
  Status Reset(std::string_view start_url, uint64_t seed, StepResult* out) {
    return Reset(EpisodeSpec::FromUrl(start_url), seed, out);
  }
  // Takes one action given as model text. Always fills *out.
  void Step(std::string_view action_text, StepResult* out);
  // Takes one already-parsed action.
  void StepAction(const Action& action, StepResult* out);

  bool done() const { return done_; }
  int steps() const { return steps_; }
  const EpisodeSpec& spec() const { return spec_; }
  const EnvOptions& options() const { return options_; }
  Browser& browser() { return browser_; }
  const Browser& browser() const { return browser_; }
  Rng& rng() { return rng_; }
  // Hash of all site databases and cookies (not of the page or tabs).
  Result<uint64_t> StateHash() { return browser_.StateHash(); }
  // Renders the current observation into out (also used by Reset/Step).
  void Observe(std::string* out);

 private:
  void Finish(StepResult* out, std::string_view answer);
  void FillInfo(StepResult* out);

  EnvOptions options_;
  Browser browser_;
  EpisodeSpec spec_;
  Rng rng_;
  int64_t now_ = 0;
  int steps_ = 0;
  bool done_ = true;
  bool has_episode_ = false;
};

}  // namespace wa

#endif  // WEBAGENT_SIM_ENV_H_
