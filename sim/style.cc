#include "sim/style.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace wa {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

std::string_view Trim(std::string_view s) {
  while (!s.empty() && IsSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && IsSpace(s.back())) s.remove_suffix(1);
  return s;
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string_view> SplitSpace(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && IsSpace(s[i])) ++i;
    size_t j = i;
    while (j < s.size() && !IsSpace(s[j])) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// Parses "12px", "1.5em", "50%", "0", "auto". `em` is the font size for em/rem units.
bool ParseLength(std::string_view v, float em, Length* out) {
  v = Trim(v);
  if (v == "auto") {
    *out = Length{};
    return true;
  }
  std::string s(v);
  char* end = nullptr;
  float x = std::strtof(s.c_str(), &end);
  if (end == s.c_str()) return false;
  std::string_view unit(end);
  if (unit.empty() || unit == "px") {
    if (!unit.empty() || x == 0) {
      *out = Length{Length::Unit::kPx, x};
      return true;
    }
    return false;
  }
  if (unit == "em") {
    *out = Length{Length::Unit::kPx, x * em};
  } else if (unit == "rem") {
    *out = Length{Length::Unit::kPx, x * 16.f};
  } else if (unit == "%") {
    *out = Length{Length::Unit::kPercent, x};
  } else if (unit == "pt") {
    *out = Length{Length::Unit::kPx, x * 4.f / 3.f};
  } else if (unit == "vh") {
    *out = Length{Length::Unit::kPx, x * 7.2f};
  } else if (unit == "vw") {
    *out = Length{Length::Unit::kPx, x * 12.8f};
  } else {
    return false;
  }
  return true;
}

float LengthPx(std::string_view v, float em, float fallback) {
  Length l;
  if (!ParseLength(v, em, &l) || l.unit != Length::Unit::kPx) return fallback;
  return l.value;
}

// Expands a 1-4 value box shorthand into out[4] (top right bottom left); returns auto flags.
void ParseBox(std::string_view v, float em, float out[4], bool* auto_x) {
  auto parts = SplitSpace(v);
  if (parts.empty() || parts.size() > 4) return;
  std::string_view p[4];
  switch (parts.size()) {
    case 1:
      p[0] = p[1] = p[2] = p[3] = parts[0];
      break;
    case 2:
      p[0] = p[2] = parts[0];
      p[1] = p[3] = parts[1];
      break;
    case 3:
      p[0] = parts[0];
      p[1] = p[3] = parts[1];
      p[2] = parts[2];
      break;
    default:
      for (int i = 0; i < 4; ++i) p[i] = parts[i];
  }
  for (int i = 0; i < 4; ++i) out[i] = LengthPx(p[i], em, 0.f);
  if (auto_x) *auto_x = (p[1] == "auto" && p[3] == "auto");
}

// First length in a border shorthand ("1px solid #ccc"); "none" is 0.
float BorderWidth(std::string_view v, float em) {
  for (std::string_view part : SplitSpace(v)) {
    if (part == "none" || part == "0") return 0.f;
    Length l;
    if (ParseLength(part, em, &l) && l.unit == Length::Unit::kPx) return l.value;
    if (part == "thin") return 1.f;
    if (part == "medium") return 3.f;
    if (part == "thick") return 5.f;
  }
  return 0.f;  // "solid #ccc" with no width: medium in CSS, but sites always give one
}

Display ParseDisplay(std::string_view v, Display fallback) {
  if (v == "none") return Display::kNone;
  if (v == "block" || v == "grid" || v == "flow-root") return Display::kBlock;
  if (v == "inline") return Display::kInline;
  if (v == "inline-block" || v == "inline-flex" || v == "inline-grid") return Display::kInlineBlock;
  if (v == "list-item") return Display::kListItem;
  if (v == "table") return Display::kTable;
  if (v == "table-row-group" || v == "table-header-group" || v == "table-footer-group") {
    return Display::kTableRowGroup;
  }
  if (v == "table-row") return Display::kTableRow;
  if (v == "table-cell") return Display::kTableCell;
  if (v == "flex") return Display::kFlex;
  return fallback;
}

float ParseFontSize(std::string_view v, float parent) {
  if (v == "xx-small") return 9;
  if (v == "x-small") return 10;
  if (v == "small") return 13;
  if (v == "medium") return 16;
  if (v == "large") return 18;
  if (v == "x-large") return 24;
  if (v == "xx-large") return 32;
  if (v == "smaller") return parent / 1.2f;
  if (v == "larger") return parent * 1.2f;
  Length l;
  if (!ParseLength(v, parent, &l)) return parent;
  if (l.unit == Length::Unit::kPercent) return parent * l.value / 100.f;
  if (l.unit == Length::Unit::kPx) return l.value;
  return parent;
}

enum Prop {
  kDisplay,
  kVisibility,
  kCursor,
  kFontWeight,
  kFontSize,
  kFont,
  kWhiteSpace,
  kTextAlign,
  kFlexDirection,
  kBoxSizing,
  kJustifyContent,
  kFlexGrow,
  kFlex,
  kGap,
  kBorderSpacing,
  kBorderCollapse,
  kPosition,
  kWidth,
  kHeight,
  kMaxWidth,
  kMinHeight,
  kMargin,
  kPadding,
  kBorder,
  kBorderWidth,
  kMarginSide,  // + side (0..3)
  kPaddingSide = kMarginSide + 4,
  kBorderSide = kPaddingSide + 4,
  kPropCount = kBorderSide + 4,
};

int PropertyId(std::string_view name) {
  static const auto* kMap = [] {
    auto* m = new std::unordered_map<std::string_view, int>{
        {"display", kDisplay},
        {"visibility", kVisibility},
        {"cursor", kCursor},
        {"font-weight", kFontWeight},
        {"font-size", kFontSize},
        {"font", kFont},
        {"white-space", kWhiteSpace},
        {"text-align", kTextAlign},
        {"flex-direction", kFlexDirection},
        {"box-sizing", kBoxSizing},
        {"justify-content", kJustifyContent},
        {"flex-grow", kFlexGrow},
        {"flex", kFlex},
        {"gap", kGap},
        {"column-gap", kGap},
        {"border-spacing", kBorderSpacing},
        {"border-collapse", kBorderCollapse},
        {"position", kPosition},
        {"width", kWidth},
        {"height", kHeight},
        {"max-width", kMaxWidth},
        {"min-height", kMinHeight},
        {"margin", kMargin},
        {"padding", kPadding},
        {"border", kBorder},
        {"border-width", kBorderWidth},
        {"margin-top", kMarginSide + 0},
        {"margin-right", kMarginSide + 1},
        {"margin-bottom", kMarginSide + 2},
        {"margin-left", kMarginSide + 3},
        {"padding-top", kPaddingSide + 0},
        {"padding-right", kPaddingSide + 1},
        {"padding-bottom", kPaddingSide + 2},
        {"padding-left", kPaddingSide + 3},
        {"border-top", kBorderSide + 0},
        {"border-right", kBorderSide + 1},
        {"border-bottom", kBorderSide + 2},
        {"border-left", kBorderSide + 3},
        {"border-top-width", kBorderSide + 0},
        {"border-right-width", kBorderSide + 1},
        {"border-bottom-width", kBorderSide + 2},
        {"border-left-width", kBorderSide + 3},
    };
    return m;
  }();
  auto it = kMap->find(name);
  return it == kMap->end() ? -1 : it->second;
}

void Apply(const Declaration& d, ComputedStyle* s, const ComputedStyle& parent) {
  std::string_view v = d.value;
  float em = s->font_size;
  if (d.id < 0 || v == "inherit") return;  // inherited properties already hold the parent value
  switch (d.id) {
    case kDisplay:
      s->display = ParseDisplay(v, s->display);
      return;
    case kVisibility:
      s->visible = !(v == "hidden" || v == "collapse");
      return;
    case kCursor:
      s->cursor_pointer = (v == "pointer");
      return;
    case kFontWeight:
      s->bold = (v == "bold" || v == "bolder" || std::atoi(std::string(v).c_str()) >= 600);
      return;
    case kFontSize:
      s->font_size = ParseFontSize(v, parent.font_size);
      return;
    case kFont:
      for (std::string_view part : SplitSpace(v)) {
        if (part.find_first_of("0123456789") == 0) {
          s->font_size = ParseFontSize(part.substr(0, part.find('/')), parent.font_size);
          break;
        }
      }
      return;
    case kWhiteSpace:
      s->nowrap = (v == "nowrap" || v == "pre");
      s->pre = (v == "pre" || v == "pre-wrap" || v == "pre-line");
      return;
    case kTextAlign:
      s->text_align = v == "center" ? 1 : (v == "right" || v == "end") ? 2 : 0;
      return;
    case kFlexDirection:
      s->flex_column = (v == "column" || v == "column-reverse");
      return;
    case kBoxSizing:
      s->border_box = (v == "border-box");
      return;
    case kJustifyContent:
      s->justify = v == "center"                                     ? 1
                   : (v == "flex-end" || v == "end" || v == "right") ? 2
                   : (v == "space-between")                          ? 3
                                                                     : 0;
      return;
    case kFlexGrow:
      s->flex_grow = std::strtof(std::string(v).c_str(), nullptr);
      return;
    case kFlex: {
      auto parts = SplitSpace(v);
      if (v == "auto") {
        s->flex_grow = 1;
      } else if (!parts.empty() && v != "none") {
        s->flex_grow = std::strtof(std::string(parts[0]).c_str(), nullptr);
      }
      return;
    }
    case kGap: {
      auto parts = SplitSpace(v);
      s->gap = LengthPx(parts.empty() ? v : parts.back(), em, 0.f);
      return;
    }
    case kBorderSpacing: {
      auto parts = SplitSpace(v);
      s->border_spacing = LengthPx(parts.empty() ? v : parts[0], em, 0.f);
      return;
    }
    case kBorderCollapse:
      if (v == "collapse") s->border_spacing = 0;
      return;
    case kPosition:
      s->absolute = (v == "absolute" || v == "fixed");
      return;
    case kWidth:
      ParseLength(v, em, &s->width);
      return;
    case kHeight:
      ParseLength(v, em, &s->height);
      return;
    case kMaxWidth:
      if (v == "none") {
        s->max_width = Length{};
      } else {
        ParseLength(v, em, &s->max_width);
      }
      return;
    case kMinHeight:
      ParseLength(v, em, &s->min_height);
      return;
    case kMargin:
      ParseBox(v, em, s->margin, &s->margin_auto_x);
      return;
    case kPadding:
      ParseBox(v, em, s->padding, nullptr);
      return;
    case kBorder: {
      float w = BorderWidth(v, em);
      for (float& b : s->border) b = w;
      return;
    }
    case kBorderWidth:
      ParseBox(v, em, s->border, nullptr);
      return;
    default:
      break;
  }
  if (d.id >= kMarginSide && d.id < kMarginSide + 4) {
    int i = d.id - kMarginSide;
    s->margin[i] = LengthPx(v, em, 0.f);
    if (i == 1 || i == 3) s->margin_auto_x = false;
  } else if (d.id >= kPaddingSide && d.id < kPaddingSide + 4) {
    s->padding[d.id - kPaddingSide] = LengthPx(v, em, 0.f);
  } else if (d.id >= kBorderSide && d.id < kBorderSide + 4) {
    s->border[d.id - kBorderSide] = BorderWidth(v, em);
  }
}

constexpr std::string_view kUserAgentCss = R"css(
html, body, div, p, h1, h2, h3, h4, h5, h6, ul, ol, dl, dt, dd, form, header, footer, nav, main,
section, article, aside, figure, figcaption, address, blockquote, details, summary, dialog, menu,
center, fieldset, legend, pre, hr, search, caption { display: block }
head, script, style, meta, link, title, template, noscript, base, datalist, area, map, colgroup,
col, source, option, optgroup, input[type=hidden], [hidden] { display: none }
li { display: list-item }
table { display: table }
thead, tbody, tfoot { display: table-row-group }
tr { display: table-row }
td, th { display: table-cell; padding: 1px }
th { font-weight: bold; text-align: center }
button, input, select, textarea, img, svg, iframe, video, canvas, object, embed, audio {
  display: inline-block }
body { margin: 8px }
p { margin: 1em 0 }
h1 { font-size: 2em; margin: 0.67em 0; font-weight: bold }
h2 { font-size: 1.5em; margin: 0.83em 0; font-weight: bold }
h3 { font-size: 1.17em; margin: 1em 0; font-weight: bold }
h4 { margin: 1.33em 0; font-weight: bold }
h5 { font-size: 0.83em; margin: 1.67em 0; font-weight: bold }
h6 { font-size: 0.67em; margin: 2.33em 0; font-weight: bold }
ul, ol, menu { margin: 1em 0; padding-left: 40px }
li ul, li ol { margin: 0 }
dl { margin: 1em 0 }
dd { margin-left: 40px }
blockquote, figure { margin: 1em 40px }
pre { white-space: pre; margin: 1em 0 }
hr { margin: 0.5em 0; border: 1px solid }
b, strong, dt { font-weight: bold }
small, sub, sup { font-size: smaller }
a[href], summary { cursor: pointer }
fieldset { margin: 0 2px; padding: 0.35em 0.75em 0.625em; border: 2px groove }
legend { padding: 0 2px }
table { border-spacing: 2px }
input, select, textarea, button { font-size: 13.333px }
input { padding: 1px 2px; border: 2px inset }
button, input[type=submit], input[type=button], input[type=reset] { padding: 1px 6px; border: 2px outset }
input[type=checkbox], input[type=radio] { margin: 3px 3px 3px 4px; padding: 0; border: 0 }
textarea { padding: 2px; border: 1px solid; white-space: pre-wrap }
select { border: 1px solid }
)css";

}  // namespace

std::vector<Declaration> ParseDeclarations(std::string_view block) {
  std::vector<Declaration> out;
  size_t i = 0;
  while (i < block.size()) {
    // Find the end of this declaration, skipping semicolons inside quotes or parentheses.
    size_t j = i;
    int depth = 0;
    char quote = 0;
    for (; j < block.size(); ++j) {
      char c = block[j];
      if (quote) {
        if (c == quote) quote = 0;
      } else if (c == '"' || c == '\'') {
        quote = c;
      } else if (c == '(') {
        ++depth;
      } else if (c == ')') {
        depth = std::max(0, depth - 1);
      } else if (c == ';' && depth == 0) {
        break;
      }
    }
    std::string_view decl = block.substr(i, j - i);
    i = j + 1;
    size_t colon = decl.find(':');
    if (colon == std::string_view::npos) continue;
    std::string prop = Lower(Trim(decl.substr(0, colon)));
    std::string_view value = Trim(decl.substr(colon + 1));
    if (size_t imp = value.find("!important"); imp != std::string_view::npos) {
      value = Trim(value.substr(0, imp));
    }
    if (prop.empty() || value.empty()) continue;
    int id = PropertyId(prop);
    out.push_back({std::move(prop), Lower(value), id});
  }
  return out;
}

Result<StyleSheet> StyleSheet::Parse(std::string_view css_in) {
  // Strip comments.
  std::string css;
  css.reserve(css_in.size());
  for (size_t i = 0; i < css_in.size(); ++i) {
    if (css_in[i] == '/' && i + 1 < css_in.size() && css_in[i + 1] == '*') {
      size_t end = css_in.find("*/", i + 2);
      if (end == std::string_view::npos) break;
      i = end + 1;
      continue;
    }
    css += css_in[i];
  }
  StyleSheet sheet;
  std::string_view s = css;
  size_t i = 0;
  uint32_t order = 0;
  while (i < s.size()) {
    size_t open = s.find('{', i);
    if (open == std::string_view::npos) {
      if (!Trim(s.substr(i)).empty()) {
        return InvalidArgument("stylesheet ends inside a selector: '" +
                               std::string(Trim(s.substr(i)).substr(0, 80)) + "'");
      }
      break;
    }
    std::string_view prelude = Trim(s.substr(i, open - i));
    // Find the matching close brace (at-rules may nest blocks).
    int depth = 1;
    size_t j = open + 1;
    for (; j < s.size() && depth > 0; ++j) {
      if (s[j] == '{') ++depth;
      if (s[j] == '}') --depth;
    }
    std::string_view block = s.substr(open + 1, (depth == 0 ? j - 1 : j) - open - 1);
    i = j;
    if (!prelude.empty() && prelude[0] == '@') {
      sheet.warnings_.push_back("skipped at-rule " + std::string(prelude.substr(0, 40)));
      continue;
    }
    auto sel = Selector::Parse(prelude);
    if (!sel.ok()) {
      sheet.warnings_.push_back(sel.status().message());
      continue;
    }
    auto decls = ParseDeclarations(block);
    for (size_t b = 0; b < sel->size(); ++b) {
      Rule rule{*sel, b, sel->specificity(b), order++, decls};
      uint32_t index = static_cast<uint32_t>(sheet.rules_.size());
      std::string key = sel->RightmostKey(b);
      sheet.dynamic_mask_ |= sel->DynamicMask(b);
      if (key.empty()) {
        sheet.universal_.push_back(index);
      } else if (key[0] == '#') {
        sheet.by_id_[key.substr(1)].push_back(index);
      } else if (key[0] == '.') {
        sheet.by_class_[key.substr(1)].push_back(index);
      } else {
        sheet.by_tag_[key].push_back(index);
      }
      sheet.rules_.push_back(std::move(rule));
    }
  }
  return sheet;
}

const StyleSheet& StyleSheet::UserAgent() {
  static const StyleSheet* kSheet = [] {
    auto s = StyleSheet::Parse(kUserAgentCss);
    WA_CHECK(s.ok() && s->warnings().empty());
    return new StyleSheet(std::move(*s));
  }();
  return *kSheet;
}

void StyleSheet::CandidateRules(const Document& doc, NodeId el, std::vector<uint32_t>* out) const {
  auto add = [&](const Buckets& b, std::string_view key) {
    auto it = b.find(key);
    if (it != b.end()) out->insert(out->end(), it->second.begin(), it->second.end());
  };
  if (!by_id_.empty()) {
    if (auto id = doc.Attr(el, "id")) add(by_id_, *id);
  }
  if (!by_class_.empty()) {
    if (auto cls = doc.Attr(el, "class")) {
      for (std::string_view c : SplitSpace(*cls)) add(by_class_, c);
    }
  }
  add(by_tag_, doc.TagNameOf(el));
  out->insert(out->end(), universal_.begin(), universal_.end());
}

void ComputeStyles(const Document& doc, const std::vector<const StyleSheet*>& sheets,
                   const MatchState* state, std::vector<ComputedStyle>* out) {
  out->assign(doc.size(), ComputedStyle());
  std::vector<const StyleSheet*> all;
  all.push_back(&StyleSheet::UserAgent());
  all.insert(all.end(), sheets.begin(), sheets.end());

  struct Match {
    uint32_t origin;
    int specificity;
    uint32_t order;
    const StyleSheet::Rule* rule;
  };
  std::vector<uint32_t> candidates;
  std::vector<Match> matches;
  ComputedStyle root_parent;  // initial values
  root_parent.display = Display::kBlock;

  for (NodeId id = 1; id < doc.size(); ++id) {
    const Node& n = doc.node(id);
    const ComputedStyle& parent = n.parent == 0 ? root_parent : (*out)[n.parent];
    ComputedStyle& s = (*out)[id];
    // Inherited properties.
    s.visible = parent.visible;
    s.cursor_pointer = parent.cursor_pointer;
    s.bold = parent.bold;
    s.nowrap = parent.nowrap;
    s.pre = parent.pre;
    s.text_align = parent.text_align;
    s.font_size = parent.font_size;
    if (n.kind != NodeKind::kElement) {
      s.display = parent.display == Display::kNone ? Display::kNone : Display::kInline;
      continue;
    }
    if (parent.display == Display::kNone && n.parent != 0) {
      s.display = Display::kNone;
      continue;
    }
    matches.clear();
    for (uint32_t origin = 0; origin < all.size(); ++origin) {
      candidates.clear();
      all[origin]->CandidateRules(doc, id, &candidates);
      for (uint32_t r : candidates) {
        const auto& rule = all[origin]->rules()[r];
        if (rule.selector.MatchesBranch(rule.branch, doc, id, state)) {
          matches.push_back({origin == 0 ? 0u : 1u, rule.specificity.Packed(),
                             origin * 1000000u + rule.order, &rule});
        }
      }
    }
    std::sort(matches.begin(), matches.end(), [](const Match& a, const Match& b) {
      if (a.origin != b.origin) return a.origin < b.origin;
      if (a.specificity != b.specificity) return a.specificity < b.specificity;
      return a.order < b.order;
    });
    // font-size first, so em units in other properties resolve against it.
    auto apply_all = [&](const std::vector<Declaration>& decls, bool font_pass) {
      for (const Declaration& d : decls) {
        bool is_font = d.id == kFontSize || d.id == kFont;
        if (is_font == font_pass) Apply(d, &s, parent);
      }
    };
    std::vector<Declaration> inline_decls;
    if (auto style_attr = doc.Attr(id, "style")) inline_decls = ParseDeclarations(*style_attr);
    for (int pass = 1; pass >= 0; --pass) {
      for (const Match& m : matches) apply_all(m.rule->declarations, pass == 1);
      apply_all(inline_decls, pass == 1);
    }
  }
}

}  // namespace wa
