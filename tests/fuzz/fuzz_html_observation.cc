// libFuzzer target: any bytes as HTML (first byte picks a stylesheet) must parse, style, lay out
// and render to all three observation formats without crashing, and deterministically.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "sim/observation.h"
#include "sim/page.h"
#include "sim/style.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > 65536) return 0;
  static const wa::StyleSheet* kSheets[2] = {
      new wa::StyleSheet(*wa::StyleSheet::Parse(".m .s{display:none}.m:hover .s{display:block}"
                                                "div{padding:2px}.f{display:flex}.t{width:50%}")),
      new wa::StyleSheet(*wa::StyleSheet::Parse("")),
  };
  std::string html(reinterpret_cast<const char*>(data) + 1, size - 1);
  auto doc = wa::ParseHtml(html);
  if (!doc.ok()) return 0;
  auto shared = std::make_shared<const wa::Document>(std::move(*doc));
  wa::Page page(shared, "http://localhost:8099/", {kSheets[data[0] & 1]}, wa::LayoutOptions());
  std::string first, second;
  for (auto type : {wa::ObservationType::kWebRL, wa::ObservationType::kAxTree,
                    wa::ObservationType::kCompact, wa::ObservationType::kCompactIdLast}) {
    wa::ObservationOptions o;
    o.type = type;
    wa::RenderObservation(&page, o, &first);
    wa::RenderObservation(&page, o, &second);
    if (first != second) std::abort();
  }
  page.ScrollBy(480);
  if (!page.labels().empty()) page.SetHovered(page.labels()[0]);
  wa::ObservationOptions o;
  wa::RenderObservation(&page, o, &first);
  return 0;
}
