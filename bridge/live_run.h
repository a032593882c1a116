// `webagent run --webarena`: a policy on real websites in headless Chromium (bridge/
// chromium_env.h), with the evaluation harness's episode control (turn cap, early stop after
// repeated parse failures or identical actions) and WebArena's evaluators read in the browser.
// The sites are named by a SiteMap: real WebArena deployments (signed in through their login
// forms with WebArena's accounts) or a `webagent serve` standing in for them.
//
// Policies that read only the observation (model:DIR, noop) run as they are. The scripted oracle
// plans on the simulator: with `shadow_simulator` a simulator episode follows the browser step
// by step, the oracle acts on it, and its element ids are mapped to the browser's by aligning the
// two pages' elements. That is only meaningful where the sites are the simulator's (serve); it
// checks the whole loop end to end.
#ifndef WEBAGENT_BRIDGE_LIVE_RUN_H_
#define WEBAGENT_BRIDGE_LIVE_RUN_H_

#include <vector>

#include "bridge/chromium_env.h"
#include "sim/harness.h"

namespace wa {

struct LiveRunOptions {
  SiteMap sites;
  bool sim_server = false;  // the sites answer /__sim/ control requests (a `webagent serve`)
  bool login = true;        // sign in through the sites' login forms at every reset
  bool shadow_simulator = false;
  int max_steps = 30;
  int parse_failure_limit = 5;
  int repeat_limit = 5;
  uint64_t seed = 0;  // reset seeds as the harness draws them; the shadow's site data seed
  EvaluatorOptions evaluator;
  ChromeOptions chrome;
  bool keep_trace = false;  // record each step's URL, observation, response and action
  bool progress = false;    // a line per task on stderr
};

Result<EvalReport> RunLive(const std::vector<Task>& tasks, Policy* policy,
                           const LiveRunOptions& options);

}  // namespace wa

#endif  // WEBAGENT_BRIDGE_LIVE_RUN_H_
