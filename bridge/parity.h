// Sim-to-real parity of what the agent sees: the elements the WebRL observation numbers (visible,
// innermost clickable elements in the viewport, in document order), found by the simulator on its
// page and by the same rules run as JavaScript on Chromium's live DOM and real layout, then
// aligned (tag and text, in order) and compared (set, order, box overlap).
#ifndef WEBAGENT_BRIDGE_PARITY_H_
#define WEBAGENT_BRIDGE_PARITY_H_

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "bridge/webdriver.h"
#include "sim/observation.h"
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

// What the browser shows: the WebRL observation, the labelled elements (observation id = index)
// and the page's URL and title.
struct LiveObservation {
  std::string text;
  std::vector<PageElement> elements;
  std::string url, title;
};
// The JavaScript that builds the WebRL observation from the live DOM and Chromium's layout by the
// simulator's rules (Page::Control, Page::IsClickable, Page::UpdateLabels, the webrl renderer of
// sim/observation.cc). Arguments: max text chars, include bbox. Returns {text, elements: [{tag,
// text, x, y, w, h}], url, title} and keeps the labelled elements in the page (window.__waEls)
// for actions.
const std::string& BrowserObservationScript();
// Runs it on the current page (webrl only).
Result<LiveObservation> ObserveBrowser(WebDriver& driver, const ObservationOptions& options);
// The labelled elements alone.
Result<std::vector<PageElement>> BrowserElements(WebDriver& driver);
// [{tag, text, x, y, w, h}] -> elements (text clipped as SimElements clips it).
std::vector<PageElement> ParseBrowserElements(const nlohmann::json& list);
// The WebRL observation without its data-bbox attributes (layout-independent, for parity).
std::string StripBoxes(std::string_view observation);

struct PageParity {
  size_t sim = 0, browser = 0;
  size_t matched = 0;   // longest common subsequence of (tag, text)
  double mean_iou = 0;  // over matched pairs
  double agreement() const {
    const size_t n = sim > browser ? sim : browser;
    return n == 0 ? 1.0 : static_cast<double>(matched) / static_cast<double>(n);
  }
  std::vector<std::string> only_sim, only_browser;  // "a 'Sign In'"
  std::vector<int> sim_to_browser;  // per simulator element: its browser element, or -1
};

PageParity ComparePages(const std::vector<PageElement>& sim,
                        const std::vector<PageElement>& browser);

}  // namespace wa

#endif  // WEBAGENT_BRIDGE_PARITY_H_
