// `webagent validate`: the simulator against Chromium, step by step. The oracle solves every task
// of a split in the simulator; then each task is replayed in lockstep: a fresh simulator episode
// and a fresh Chromium episode against `webagent serve` (bridge/chromium_env.h), reset with the
// same seed and clock, take the oracle's actions one by one (element ids mapped from the
// simulator's page to the browser's by aligning the two element lists). Before every action the
// two pages are compared: the URL, the numbered elements (set, order, text; bridge/parity.h),
// their boxes (IoU) and the observation text without boxes. At the end the evaluator verdicts are
// compared (the simulator's locator engine against the task's JavaScript locators run by Chromium)
// and every site database the episode used (the simulator's against the server session's, row by
// row). Reset and step latency of both are measured on the same tasks and actions.
#ifndef WEBAGENT_BRIDGE_VALIDATE_H_
#define WEBAGENT_BRIDGE_VALIDATE_H_

#include <nlohmann/json.hpp>

#include <functional>

#include "sim/status.h"
#include "sim/task_templates.h"

namespace wa {

struct ValidateOptions {
  Split split = Split::kTest;
  SplitOptions split_options;
  // Where the server listens: away from a running `webagent serve`, and with every site's port
  // (3000..9999 + offset) below Linux's ephemeral range (32768 and up), where an outgoing
  // connection (Chromium's own) may hold the port.
  int port_offset = 10000;
  size_t max_tasks = 0;  // 0: every task; else an even sample over the split
  int max_steps = 30;    // the oracle's turn cap
};

// The report (JSON):
//   {browser, tasks, steps, summary: {...}, sites: [{site, tasks, steps, url_agreement,
//    element_agreement, exact_elements, observation_exact, mean_iou, verdict_parity, db_parity,
//    replayed, divergences}], latency: {sim/chromium reset and step medians (ms), ratios},
//    task_rows: [{task_id, site, steps, replayed, sim_score, browser_score, db_equal, db_changes,
//    divergences}]}
// Rates are fractions in [0, 1]: URL and element figures per step, verdict and database parity
// per task.
Result<nlohmann::json> ValidateSplit(const ValidateOptions& options,
                                     const std::function<void(size_t, size_t)>& progress = {});

// The report as a table (one row per site, then the latency ratios).
std::string ValidateTable(const nlohmann::json& report);

}  // namespace wa

#endif  // WEBAGENT_BRIDGE_VALIDATE_H_
