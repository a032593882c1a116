// Sim-to-real parity of what the agent sees: the elements the WebRL observation numbers (visible,
// innermost clickable elements in the viewport, in document order), found by the simulator on its
// page and by the same rules run as JavaScript on Chromium's live DOM and real layout, then
// aligned (tag and text, in order) and compared (set, order, box overlap).
#ifndef WEBAGENT_BRIDGE_PARITY_H_
#define WEBAGENT_BRIDGE_PARITY_H_

#include <string>
#include <vector>

#include "bridge/webdriver.h"
#include "sim/page.h"
#include "sim/status.h"

namespace wa {

struct PageElement {
  std::string tag;                   // lower case
  std::string text;                  // innerText, whitespace collapsed, at most 80 bytes
  float x = 0, y = 0, w = 0, h = 0;  // viewport coordinates
};

// The simulator's numbered elements of a page, in label order.
std::vector<PageElement> SimElements(const Page& page);
// The JavaScript that finds them in a browser (returns [{tag, text, x, y, w, h}, ...]).
const std::string& BrowserElementsScript();
Result<std::vector<PageElement>> BrowserElements(WebDriver& driver);

struct PageParity {
  size_t sim = 0, browser = 0;
  size_t matched = 0;   // longest common subsequence of (tag, text)
  double mean_iou = 0;  // over matched pairs
  double agreement() const {
    const size_t n = sim > browser ? sim : browser;
    return n == 0 ? 1.0 : static_cast<double>(matched) / static_cast<double>(n);
  }
  std::vector<std::string> only_sim, only_browser;  // "a 'Sign In'"
};

PageParity ComparePages(const std::vector<PageElement>& sim,
                        const std::vector<PageElement>& browser);

}  // namespace wa

#endif  // WEBAGENT_BRIDGE_PARITY_H_
