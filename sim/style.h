// A small CSS engine: stylesheet parsing, cascade and computed style.
//
// Covers what the layout model needs: display, visibility, position (absolute as out-of-flow at
// its static position), width/height/max-width/min-height, margin (incl. auto centring), padding,
// border widths, font-size, font-weight, white-space, text-align, cursor and flex-direction.
// Rules are bucketed by the key of their rightmost compound (id, class, tag, universal) so
// matching an element only tries the rules that can match. A compiled StyleSheet is immutable
// and shared read-only between environments.
#ifndef WEBAGENT_SIM_STYLE_H_
#define WEBAGENT_SIM_STYLE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sim/dom.h"
#include "sim/selector.h"

namespace wa {

enum class Display : uint8_t {
  kNone,
  kBlock,
  kInline,
  kInlineBlock,
  kListItem,
  kTable,
  kTableRowGroup,
  kTableRow,
  kTableCell,
  kFlex,
};

struct Length {
  enum class Unit : uint8_t { kAuto, kPx, kPercent };
  Unit unit = Unit::kAuto;
  float value = 0;
  bool is_auto() const { return unit == Unit::kAuto; }
  // Resolves against a containing length; auto resolves to `fallback`.
  float Resolve(float container, float fallback) const {
    switch (unit) {
      case Unit::kPx:
        return value;
      case Unit::kPercent:
        return container * value / 100.f;
      case Unit::kAuto:
        break;
    }
    return fallback;
  }
};

struct ComputedStyle {
  Display display = Display::kInline;
  bool visible = true;          // visibility != hidden (inherited)
  bool cursor_pointer = false;  // cursor: pointer (inherited)
  bool bold = false;            // font-weight >= 600 (inherited)
  bool nowrap = false;          // white-space: nowrap|pre (inherited)
  bool pre = false;             // white-space: pre|pre-wrap|pre-line keeps newlines (inherited)
  bool flex_column = false;     // flex-direction: column
  bool absolute = false;        // position: absolute|fixed (taken out of flow)
  bool border_box = false;      // box-sizing: border-box
  uint8_t text_align = 0;       // 0 left, 1 center, 2 right (inherited)
  uint8_t justify = 0;          // justify-content: 0 start, 1 center, 2 end, 3 space-between
  float flex_grow = 0;          // flex-grow (from flex / flex-grow)
  float gap = 0;                // gap / column-gap between flex items, px
  float border_spacing = 0;     // tables: border-spacing, px (0 with border-collapse)
  float font_size = 16.f;       // px (inherited)
  Length width, height, max_width, min_height;
  float margin[4] = {0, 0, 0, 0};  // top right bottom left, px
  bool margin_auto_x = false;      // margin-left and margin-right both auto
  float padding[4] = {0, 0, 0, 0};
  float border[4] = {0, 0, 0, 0};
};

// One parsed declaration, e.g. "margin: 0 auto".
struct Declaration {
  std::string property;  // lower-case
  std::string value;     // trimmed, lower-case, without !important
  int id = -1;           // property id resolved at parse time (-1: not used by the layout)
};

class StyleSheet {
 public:
  // Parses CSS text. Unknown properties and unsupported selectors are skipped (recorded in
  // warnings()), as a browser would; only structural garbage is an error.
  static Result<StyleSheet> Parse(std::string_view css);
  // The built-in user-agent stylesheet (Chromium-like defaults).
  static const StyleSheet& UserAgent();

  struct Rule {
    Selector selector;
    size_t branch;  // which complex selector of the list
    Specificity specificity;
    uint32_t order;  // source order
    std::vector<Declaration> declarations;
  };
  const std::vector<Rule>& rules() const { return rules_; }
  const std::vector<std::string>& warnings() const { return warnings_; }
  bool has_dynamic_rules() const { return dynamic_mask_ != 0; }
  // Dynamic pseudo-classes used: bit 0 :hover, bit 1 :focus, bit 2 :checked.
  unsigned dynamic_mask() const { return dynamic_mask_; }

  // Appends the indices of rules that may match `el` (bucket lookup, not yet matched).
  void CandidateRules(const Document& doc, NodeId el, std::vector<uint32_t>* out) const;

 private:
  std::vector<Rule> rules_;
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };
  using Buckets = std::unordered_map<std::string, std::vector<uint32_t>, Hash, std::equal_to<>>;
  Buckets by_id_, by_class_, by_tag_;
  std::vector<uint32_t> universal_;
  std::vector<std::string> warnings_;
  unsigned dynamic_mask_ = 0;
};

// Computes styles for every node of a document: UA sheet, then the author sheets in order, then
// style attributes. Text nodes get their parent's inherited values with display inline.
// `state` supplies :hover / :focus / :checked.
void ComputeStyles(const Document& doc, const std::vector<const StyleSheet*>& sheets,
                   const MatchState* state, std::vector<ComputedStyle>* out);

// Parses a declaration block ("a: b; c: d").
std::vector<Declaration> ParseDeclarations(std::string_view block);

}  // namespace wa

#endif  // WEBAGENT_SIM_STYLE_H_
