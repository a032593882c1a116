// Text observations of a page's current viewport.
//
// All three formats list the same interactive elements with the same integer ids (the page's
// labels, re-assigned at every observation), so one action grammar drives all of them.
//   webrl   : WebRL "simplified HTML": <tag id="N" title=.. value=.. type=.. placeholder=..
//             selected=.. data-value=.. data-text=.. data-testid=.. data-label=.. data-bbox=..
//             data-status=..> text children </tag>, siblings separated by one space.
//   axtree  : an accessibility tree in the style of WebArena / BrowserGym
//             ("[N] link 'Home'", tab-indented, StaticText for text).
//   compact : interactive elements and nearby text, one per line, for small models.
//   compact-id-last : compact with each element's id at the end of its line
//             ("radio 'High' checked: false [14]"), so that in a causal model the id's
//             position has already seen the element's role and name (a pointer to it can be
//             chosen by content).
// Output is a pure function of the page state: byte-identical for identical states.
#ifndef WEBAGENT_SIM_OBSERVATION_H_
#define WEBAGENT_SIM_OBSERVATION_H_

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "sim/page.h"
#include "sim/status.h"

namespace wa {

enum class ObservationType { kWebRL, kAxTree, kCompact, kCompactIdLast };

Result<ObservationType> ParseObservationType(std::string_view name);
const char* ObservationTypeName(ObservationType type);

struct ObservationOptions {
  ObservationType type = ObservationType::kWebRL;
  size_t max_text_chars = 500;  // per-node text cut (code points), as WebRL
  bool include_bbox = true;     // webrl: emit data-bbox
};

// Assigns labels (page->UpdateLabels()) and renders the observation into *out (reused buffer).
void RenderObservation(Page* page, const ObservationOptions& options, std::string* out);

// The accessible role and name of an element (used by axtree and compact).
std::string AccessibleRole(const Page& page, NodeId id);
std::string AccessibleName(const Page& page, NodeId id);

// The labelled elements of a page (observation ids) with their viewport boxes, tags and text
// (whitespace collapsed, at most 120 bytes): [[id, x, y, w, h, tag, text], ...]. Episode
// records keep it so a viewer can draw the page.
nlohmann::json PageBoxes(const Page& page);

}  // namespace wa

#endif  // WEBAGENT_SIM_OBSERVATION_H_
