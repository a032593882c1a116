// `webagent validate`: what the agent sees, simulator against Chromium. The oracle runs every task
// of a split in the simulator; each distinct page it visits is then loaded fresh in the simulator
// and in headless Chromium (served by `webagent serve`), and the numbered elements are compared
// (bridge/parity.h). Reports per site: pages, element agreement, exact element lists, mean box
// IoU, and the most frequent divergences.
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
  int port_offset = 30000;  // where the server listens (away from a running `webagent serve`)
  size_t max_pages = 0;     // 0: every distinct page
};

// The report (JSON): {"sites": [{site, pages, agreement, exact, mean_iou, divergences}], "pages":
// [{site, url, sim, browser, matched, agreement, mean_iou, only_sim, only_browser}], "browser"}.
Result<nlohmann::json> ValidateSplit(const ValidateOptions& options,
                                     const std::function<void(size_t, size_t)>& progress = {});

}  // namespace wa

#endif  // WEBAGENT_BRIDGE_VALIDATE_H_
