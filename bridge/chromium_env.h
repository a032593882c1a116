// Episodes in a real browser. ChromiumEnv has the simulator Env's contract (Reset, Step with
// model text, StepResult) over headless Chromium:
//   - the observation is the WebRL simplified HTML, built by our own JavaScript from the live DOM
//     and Chromium's layout by the simulator's rules (sim/observation.h): the same labelling of
//     interactive elements, the same kept nodes, attributes and text; ids are assigned in the page
//     at every observation and actions address them;
//   - actions run with the reference's input semantics: a left click at the element's centre,
//     typing after select-all and delete, option choice by text, 480 px scrolls, Enter, history,
//     tabs (one window per tab);
//   - the task is scored by WebArena's rules (sim/evaluator.h) with program_html read from the
//     browser: the task file's JavaScript locators run in Chromium, func: helpers by browser-side
//     implementations.
// Sites are reached through a SiteMap: the canonical URLs of task files and the simulator
// (http://localhost:7770, ...) map to where the sites really are, a `webagent serve` on loopback
// or a real WebArena deployment. Against `webagent serve` a reset starts a fresh server session
// seeded and clocked as the simulator's episode (its /__sim/ control endpoints), so the same
// actions give the same database state; against real sites a reset signs in through each site's
// login form with WebArena's accounts.
#ifndef WEBAGENT_BRIDGE_CHROMIUM_ENV_H_
#define WEBAGENT_BRIDGE_CHROMIUM_ENV_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bridge/parity.h"
#include "bridge/server.h"
#include "bridge/webdriver.h"
#include "sim/db.h"
#include "sim/env.h"
#include "sim/evaluator.h"
#include "sim/status.h"
#include "sim/task.h"

namespace wa {

// One site: its canonical base URL (as the simulator serves it) and where the browser finds it.
struct SiteEndpoint {
  std::string site;       // shopping, shopping_admin, reddit, gitlab, map, wikipedia, fixture
  std::string canonical;  // e.g. http://localhost:7780/admin
  std::string real;       // e.g. http://10.0.0.5:7780/admin
};

class SiteMap {
 public:
  // "shopping=http://host:7770,shopping_admin=http://host:7780/admin,...". Names are the sites'
  // (or their placeholders, __REDDIT__); URLs need a scheme and a host. Errors name the entry.
  static Result<SiteMap> Parse(std::string_view spec);
  // Every site a SimServer serves, at the address it listens on.
  static SiteMap ForServer(const std::vector<ServedSite>& served);
  Status Add(const std::string& site, const std::string& real_base);

  // Canonical URL -> the browser's, and back; URLs of no known site pass through unchanged.
  std::string ToReal(std::string_view url) const;
  std::string ToCanonical(std::string_view url) const;
  const SiteEndpoint* Find(std::string_view site) const;
  const std::vector<SiteEndpoint>& endpoints() const { return endpoints_; }

 private:
  void BuildRewrites();

  std::vector<SiteEndpoint> endpoints_;
  // (from prefix, to prefix) pairs, tried in order; rebuilt by Add.
  std::vector<std::pair<std::string, std::string>> to_real_, to_canonical_;
};

// WebArena's accounts and where each site signs in (its auto-login recipe).
struct SiteAccount {
  std::string site;
  std::string login_path;  // under the site's base URL
  std::string username, password;
};
const std::vector<SiteAccount>& WebArenaAccounts();

struct ChromiumEnvOptions {
  ObservationOptions observation;  // only the webrl type is built in the browser
  int max_steps = 30;
  int64_t seconds_per_step = 3;  // the server clock per step (sim_server)
  double scroll_step = 480;      // px per Scroll Up/Down
  bool sim_server = true;        // the sites are `webagent serve` (reset via /__sim/)
  bool login = false;            // sign in through the login forms at reset (real sites)
  int load_timeout_ms = 15000;   // per page load
};

class ChromiumEnv {
 public:
  ChromiumEnv(WebDriver* driver, SiteMap sites, ChromiumEnvOptions options = {});

  // Starts a task's episode: a fresh state (sim_server: a new server session reset with `seed`
  // and the episode's start time; login: signed in to the task's sites), one tab per start URL.
  Status Reset(const Task& task, uint64_t seed, StepResult* out);
  // One action given as model text / already parsed. Never fails: errors are reported in
  // out->info.action_error. The episode ends at exit() or the step cap (no evaluation here).
  void Step(std::string_view action_text, StepResult* out);
  void StepAction(const Action& action, StepResult* out);
  // Scores the episode by the task's evaluators, program_html read in the browser (it
  // navigates the active tab).
  EvalResult Evaluate(const Task& task, std::string_view answer,
                      const EvaluatorOptions& options = {});
  // The current server session's database of a site (sim_server only).
  Result<std::unique_ptr<Db>> ServerDb(const std::string& site);

  const LiveObservation& observation() const { return obs_; }
  bool done() const { return done_; }
  int steps() const { return steps_; }
  int64_t now() const { return now_; }
  WebDriver& driver() { return *driver_; }
  const SiteMap& sites() const { return sites_; }

 private:
  Status Observe();
  Status ExecuteAction(const Action& action);
  Status OpenStartUrls(const Task& task);
  Status SignIn(const std::string& site);
  Status ServerPost(const std::string& path, const std::string& body);
  void FillInfo(StepResult* out);

  WebDriver* driver_;
  SiteMap sites_;
  ChromiumEnvOptions options_;
  LiveObservation obs_;
  std::string session_;       // the server session id (sim_server)
  std::string control_base_;  // a served origin for control requests
  int64_t now_ = 0;
  int steps_ = 0;
  bool done_ = true;
};

// program_html read from Chromium (ChromiumEnv::Evaluate uses it).
class ChromiumEvalPages : public EvalPages {
 public:
  ChromiumEvalPages(WebDriver* driver, const SiteMap* sites, int load_timeout_ms = 15000)
      : driver_(driver), sites_(sites), load_timeout_ms_(load_timeout_ms) {}
  std::string name() const override { return "chromium"; }
  std::string Url() override;
  Status Navigate(const std::string& url) override;
  Result<std::string> CallUrlHelper(const std::string& name,
                                    const std::vector<std::string>& args) override;
  Result<std::optional<std::string>> Select(const std::string& locator) override;
  Result<std::optional<std::string>> CallLocatorHelper(
      const std::string& name, const std::vector<std::string>& args) override;

 private:
  WebDriver* driver_;
  const SiteMap* sites_;
  int load_timeout_ms_;
};

}  // namespace wa

#endif  // WEBAGENT_BRIDGE_CHROMIUM_ENV_H_
