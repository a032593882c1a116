// A deterministic box layout model for a 1280-pixel-wide viewport.
//
// It gives every rendered node a bounding box in document coordinates (y grows down from the top
// of the page; the viewport adds its scroll offset). Supported: block flow with sibling margin
// collapsing, inline text with fixed font metrics (Arial/Liberation Sans advance widths) and
// greedy line wrapping, inline-block and replaced elements (form controls, images), lists,
// tables (max-content column sizing, colspan), a horizontal flex row, display:none, visibility,
// absolute positioning at the static position, and text-align. It does not try to match
// Chromium pixel for pixel; the real-browser bridge measures the difference.
#ifndef WEBAGENT_SIM_LAYOUT_H_
#define WEBAGENT_SIM_LAYOUT_H_

#include <string_view>
#include <vector>

#include "sim/dom.h"
#include "sim/style.h"

namespace wa {

struct Box {
  float x = 0, y = 0, w = 0, h = 0;
  bool empty() const { return w <= 0 || h <= 0; }
  float cx() const { return x + w / 2; }
  float cy() const { return y + h / 2; }
};

struct LayoutOptions {
  float viewport_width = 1280.f;  // px
  float viewport_height = 720.f;  // px
};

struct LayoutResult {
  std::vector<Box> boxes;        // per node, document coordinates
  std::vector<uint8_t> has_box;  // 1 when the node generated a box (display != none)
  float document_height = 0;     // height of the <html> box
};

// Lays out a styled document. `styles` comes from ComputeStyles for the same document.
void ComputeLayout(const Document& doc, const std::vector<ComputedStyle>& styles,
                   const LayoutOptions& options, LayoutResult* out);

// Advance width in px of UTF-8 text at a font size, with the fixed font metrics.
float TextWidth(std::string_view utf8, float font_size, bool bold = false);
// Line height in px for a font size ("normal" line height).
inline float LineHeight(float font_size) { return font_size * 1.15f; }

}  // namespace wa

#endif  // WEBAGENT_SIM_LAYOUT_H_
