#include "sim/layout.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string>

namespace wa {
namespace {

// Advance widths (1/1000 em) of Helvetica / Arial / Liberation Sans for ASCII 32..126.
constexpr uint16_t kAsciiWidths[95] = {
    278, 278, 355, 556, 556, 889, 667,  191, 333, 333, 389, 584, 278, 333, 278, 278,  // ' '../
    556, 556, 556, 556, 556, 556, 556,  556, 556, 556,                                // 0..9
    278, 278, 584, 584, 584, 556, 1015,                                               // :..@
    667, 667, 722, 722, 667, 611, 778,  722, 278, 500, 667, 556, 833,                 // A..M
    722, 778, 667, 778, 722, 667, 611,  722, 667, 944, 667, 667, 611,                 // N..Z
    278, 278, 278, 469, 556, 333,                                                     // [..`
    556, 556, 500, 556, 556, 278, 556,  556, 222, 222, 500, 222, 833,                 // a..m
    556, 556, 556, 556, 333, 500, 278,  556, 500, 722, 500, 500, 500,                 // n..z
    334, 260, 334, 584};                                                              // {..~
static_assert(sizeof(kAsciiWidths) / sizeof(kAsciiWidths[0]) == 95);

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

bool IsWide(uint32_t cp) {
  return (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xAC00 && cp <= 0xD7AF) ||
         (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFF00 && cp <= 0xFFEF) ||
         (cp >= 0x1F300 && cp <= 0x1FAFF);
}

}  // namespace

float TextWidth(std::string_view s, float font_size, bool bold) {
  uint32_t units = 0;
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      units += (c >= 32 && c < 127) ? kAsciiWidths[c - 32] : (c == '\t' ? 278 : 0);
      ++i;
      continue;
    }
    int len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    uint32_t cp = len == 1 ? 0xFFFD : c & (0x3F >> (len - 1));
    for (int k = 1; k < len && i + k < s.size(); ++k) {
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    }
    units += IsWide(cp) ? 1000 : 556;
    i += len;
  }
  return static_cast<float>(units) * font_size / 1000.f * (bold ? 1.08f : 1.f);
}

namespace {

class Layouter {
 public:
  Layouter(const Document& doc, const std::vector<ComputedStyle>& st, const LayoutOptions& opt,
           LayoutResult* out)
      : doc_(doc), st_(st), opt_(opt), out_(out) {
    out_->boxes.assign(doc.size(), Box());
    out_->has_box.assign(doc.size(), 0);
    max_memo_.assign(doc.size(), -1.f);
    min_memo_.assign(doc.size(), -1.f);
  }

  void Run() {
    NodeId html = doc_.html();
    if (html == kNoNode || S(html).display == Display::kNone) return;
    float w = opt_.viewport_width;
    float h = LayoutBlockBox(html, 0, S(html).margin[0], w);
    out_->document_height = std::max(h, opt_.viewport_height);
    out_->boxes[html].h = out_->document_height;
  }

 private:
  struct Fragment {
    NodeId node;
    float x, w, h;
    bool atom;
  };

  const ComputedStyle& S(NodeId n) const { return st_[n]; }
  bool Rendered(NodeId n) const { return S(n).display != Display::kNone; }
  float HPad(NodeId n) const {
    const ComputedStyle& s = S(n);
    return s.padding[1] + s.padding[3] + s.border[1] + s.border[3];
  }
  float VPad(NodeId n) const {
    const ComputedStyle& s = S(n);
    return s.padding[0] + s.padding[2] + s.border[0] + s.border[2];
  }
  bool InlineLevel(NodeId n) const {
    if (doc_.IsText(n)) return true;
    Display d = S(n).display;
    return d == Display::kInline || d == Display::kInlineBlock;
  }

  void SetBox(NodeId n, Box b) {
    out_->boxes[n] = b;
    out_->has_box[n] = 1;
  }
  void UnionBox(NodeId n, Box r) {
    Box& b = out_->boxes[n];
    if (!out_->has_box[n]) {
      b = r;
      out_->has_box[n] = 1;
      return;
    }
    float x0 = std::min(b.x, r.x), y0 = std::min(b.y, r.y);
    float x1 = std::max(b.x + b.w, r.x + r.w), y1 = std::max(b.y + b.h, r.y + r.h);
    b = Box{x0, y0, x1 - x0, y1 - y0};
  }
  void ShiftSubtree(NodeId n, float dx, float dy) {
    for (NodeId i = n; i < doc_.node(n).subtree_end; ++i) {
      if (out_->has_box[i]) {
        out_->boxes[i].x += dx;
        out_->boxes[i].y += dy;
      }
    }
  }

  // Content size of replaced elements and form controls; false for ordinary elements.
  bool Intrinsic(NodeId el, float* w, float* h) const {
    const ComputedStyle& s = S(el);
    float fs = s.font_size;
    auto attr_px = [&](std::string_view name, float fallback) {
      auto v = doc_.Attr(el, name);
      if (!v) return fallback;
      float x = std::strtof(std::string(*v).c_str(), nullptr);
      return x > 0 ? x : fallback;
    };
    switch (doc_.tag(el)) {
      case Tag::kInput: {
        std::string type(doc_.AttrOr(el, "type", "text"));
        for (char& c : type) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (type == "checkbox" || type == "radio") {
          *w = *h = 13;
        } else if (type == "submit" || type == "button" || type == "reset") {
          std::string_view def = type == "submit" ? "Submit" : type == "reset" ? "Reset" : "";
          *w = TextWidth(doc_.AttrOr(el, "value", def), fs, s.bold);
          *h = LineHeight(fs);
        } else if (type == "image") {
          *w = attr_px("width", 16);
          *h = attr_px("height", 16);
        } else {
          auto size = doc_.Attr(el, "size");
          *w = size ? attr_px("size", 20) * fs * 0.55f : 145.f;
          *h = LineHeight(fs);
        }
        return true;
      }
      case Tag::kTextarea:
        *w = attr_px("cols", 20) * fs * 0.55f + 15.f;
        *h = attr_px("rows", 2) * LineHeight(fs);
        return true;
      case Tag::kSelect: {
        float widest = 0;
        for (NodeId c = doc_.node(el).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
          if (doc_.tag(c) == Tag::kOption) {
            widest = std::max(widest, TextWidth(CollapseWhitespace(doc_.TextContent(c)), fs));
          } else if (doc_.tag(c) == Tag::kOptgroup) {
            for (NodeId o = doc_.node(c).first_child; o != kNoNode; o = doc_.node(o).next_sibling) {
              widest = std::max(widest, TextWidth(CollapseWhitespace(doc_.TextContent(o)), fs));
            }
          }
        }
        *w = widest + 24.f;
        *h = LineHeight(fs) + 2.f;
        return true;
      }
      case Tag::kImg:
        *w = attr_px("width", 16);
        *h = attr_px("height", 16);
        return true;
      case Tag::kSvg:
      case Tag::kIframe:
      case Tag::kVideo:
      case Tag::kCanvas:
      case Tag::kObject:
      case Tag::kEmbed:
        *w = attr_px("width", 300);
        *h = attr_px("height", 150);
        return true;
      case Tag::kAudio:
        *w = attr_px("width", 300);
        *h = 54;
        return true;
      default:
        return false;
    }
  }

  // Border-box width from a specified width, or -1 when auto.
  float SpecifiedWidth(NodeId n, float container) const {
    const ComputedStyle& s = S(n);
    if (s.width.is_auto()) return -1.f;
    float w = s.width.Resolve(container, 0);
    return s.border_box ? std::max(w, HPad(n)) : w + HPad(n);
  }

  // Max-content border-box width (margins excluded; text nodes: one-line text width).
  float MaxContent(NodeId n) {
    if (max_memo_[n] >= 0) return max_memo_[n];
    float result = 0;
    if (doc_.IsText(n)) {
      std::string_view t = doc_.Text(n);
      const ComputedStyle& s = S(n);
      if (s.pre) {
        size_t i = 0;
        while (i <= t.size()) {
          size_t j = t.find('\n', i);
          if (j == std::string_view::npos) j = t.size();
          result = std::max(result, TextWidth(t.substr(i, j - i), s.font_size, s.bold));
          i = j + 1;
        }
      } else {
        std::string c = CollapseWhitespace(t);
        bool lead = !t.empty() && IsSpace(t.front()), trail = !t.empty() && IsSpace(t.back());
        if (!c.empty()) {
          result = TextWidth(c, s.font_size, s.bold) +
                   (lead + trail) * TextWidth(" ", s.font_size) * 0.5f;
        }
      }
    } else if (Rendered(n)) {
      const ComputedStyle& s = S(n);
      float iw, ih;
      float spec = SpecifiedWidth(n, opt_.viewport_width);
      if (spec >= 0 && s.width.unit == Length::Unit::kPx) {
        result = spec;
      } else if (Intrinsic(n, &iw, &ih)) {
        result = iw + HPad(n);
      } else if (s.display == Display::kFlex && !s.flex_column) {
        float sum = 0;
        int count = 0;
        for (NodeId c = doc_.node(n).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
          if (!Rendered(c) || (doc_.IsElement(c) && S(c).absolute)) continue;
          sum += MaxContent(c) + (doc_.IsElement(c) ? S(c).margin[1] + S(c).margin[3] : 0);
          ++count;
        }
        result = sum + s.gap * std::max(0, count - 1) + HPad(n);
      } else if (s.display == Display::kTable || s.display == Display::kTableRowGroup) {
        result = 0;
        for (NodeId c = doc_.node(n).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
          if (Rendered(c) && doc_.IsElement(c)) result = std::max(result, MaxContent(c));
        }
        result += HPad(n) + 2 * s.border_spacing;
      } else if (s.display == Display::kTableRow) {
        for (NodeId c = doc_.node(n).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
          if (Rendered(c) && doc_.IsElement(c)) result += MaxContent(c) + 2;
        }
      } else {
        float line = 0, best = 0;
        for (NodeId c = doc_.node(n).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
          if (!Rendered(c)) continue;
          if (doc_.IsElement(c) && doc_.tag(c) == Tag::kBr) {
            best = std::max(best, line);
            line = 0;
          } else if (InlineLevel(c)) {
            line += MaxContent(c) + (doc_.IsElement(c) ? S(c).margin[1] + S(c).margin[3] : 0);
          } else if (!S(c).absolute) {
            best = std::max(best, line);
            line = 0;
            best = std::max(best, MaxContent(c) + S(c).margin[1] + S(c).margin[3]);
          }
        }
        result = std::max(best, line) + HPad(n);
      }
    }
    return max_memo_[n] = result;
  }

  // Min-content border-box width: the widest unbreakable piece.
  float MinContent(NodeId n) {
    if (min_memo_[n] >= 0) return min_memo_[n];
    float result = 0;
    if (doc_.IsText(n)) {
      const ComputedStyle& s = S(n);
      if (s.nowrap) {
        result = MaxContent(n);
      } else {
        std::string_view t = doc_.Text(n);
        size_t i = 0;
        while (i < t.size()) {
          while (i < t.size() && IsSpace(t[i])) ++i;
          size_t j = i;
          while (j < t.size() && !IsSpace(t[j])) ++j;
          if (j > i) result = std::max(result, TextWidth(t.substr(i, j - i), s.font_size, s.bold));
          i = j;
        }
      }
    } else if (Rendered(n)) {
      float iw, ih;
      float spec = SpecifiedWidth(n, opt_.viewport_width);
      if (spec >= 0 && S(n).width.unit == Length::Unit::kPx) {
        result = spec;
      } else if (Intrinsic(n, &iw, &ih)) {
        result = iw + HPad(n);
      } else {
        for (NodeId c = doc_.node(n).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
          if (Rendered(c)) result = std::max(result, MinContent(c));
        }
        result += HPad(n);
      }
    }
    return min_memo_[n] = result;
  }

  // Lays out an element's border box at (x, y) with border-box width bw. Returns its height.
  float LayoutBlockBox(NodeId el, float x, float y, float bw) {
    const ComputedStyle& s = S(el);
    SetBox(el, Box{x, y, bw, 0});
    float cx = x + s.border[3] + s.padding[3];
    float cy = y + s.border[0] + s.padding[0];
    float cw = std::max(0.f, bw - HPad(el));
    float ch = 0;
    float iw, ih;
    if (Intrinsic(el, &iw, &ih)) {
      ch = ih;
    } else if (s.display == Display::kFlex && !s.flex_column) {
      ch = LayoutFlexRow(el, cx, cy, cw);
    } else if (s.display == Display::kTable) {
      ch = LayoutTableContent(el, cx, cy, cw);
    } else {
      ch = LayoutFlow(el, cx, cy, cw, s.display == Display::kFlex);
    }
    if (!s.height.is_auto() && s.height.unit == Length::Unit::kPx) {
      ch = s.border_box ? std::max(0.f, s.height.value - VPad(el)) : s.height.value;
    }
    if (!s.min_height.is_auto() && s.min_height.unit == Length::Unit::kPx) {
      ch = std::max(ch, s.min_height.value);
    }
    float h = ch + VPad(el);
    out_->boxes[el].h = h;
    return h;
  }

  // Border-box width of a block-level child in a container of width w.
  float BlockWidth(NodeId c, float w, float* margin_left) {
    const ComputedStyle& s = S(c);
    float ml = s.margin[3], mr = s.margin[1];
    float bw = SpecifiedWidth(c, w);
    float iw, ih;
    if (bw < 0 && Intrinsic(c, &iw, &ih)) bw = iw + HPad(c);
    if (bw < 0) {
      if (s.display == Display::kTable) {
        bw = std::min(MaxContent(c), w - ml - mr);
      } else {
        bw = std::max(0.f, w - ml - mr);
      }
    }
    if (!s.max_width.is_auto()) {
      float mw = s.max_width.Resolve(w, bw);
      if (!s.border_box) mw += HPad(c);
      bw = std::min(bw, mw);
    }
    if (s.margin_auto_x) ml = std::max(0.f, (w - bw) / 2);
    *margin_left = ml;
    return bw;
  }

  // Whether an inline run contains anything besides collapsible whitespace.
  bool RunHasContent(const std::vector<NodeId>& run) const {
    for (NodeId n : run) {
      if (doc_.IsElement(n)) return true;
      if (S(n).pre && !doc_.Text(n).empty()) return true;
      for (char c : doc_.Text(n)) {
        if (!IsSpace(c)) return true;
      }
    }
    return false;
  }

  // Block formatting context: lays out the children of `parent` in a column. Returns the
  // content height. `blockify` treats inline-level element children as blocks (flex column).
  float LayoutFlow(NodeId parent, float x, float y, float w, bool blockify) {
    float cursor = y, prev_mb = 0;
    std::vector<NodeId> run;
    auto flush = [&] {
      if (!run.empty() && RunHasContent(run)) {
        cursor += prev_mb;
        prev_mb = 0;
        cursor += LayoutInlineRun(run, parent, x, cursor, w);
      }
      run.clear();
    };
    for (NodeId c = doc_.node(parent).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
      if (!Rendered(c)) continue;
      bool is_el = doc_.IsElement(c);
      if (is_el && S(c).absolute) {
        flush();
        float ml;
        float bw = SpecifiedWidth(c, w);
        if (bw < 0) bw = std::min(MaxContent(c), w);
        BlockWidth(c, w, &ml);
        LayoutBlockBox(c, x + S(c).margin[3], cursor + prev_mb + S(c).margin[0], bw);
        continue;
      }
      if (InlineLevel(c) && !(blockify && is_el)) {
        run.push_back(c);
        continue;
      }
      flush();
      const ComputedStyle& s = S(c);
      float ml;
      float bw = BlockWidth(c, w, &ml);
      cursor += std::max(prev_mb, s.margin[0]);
      cursor += LayoutBlockBox(c, x + ml, cursor, bw);
      prev_mb = s.margin[2];
    }
    flush();
    return cursor + prev_mb - y;
  }

  // Inline formatting context over a run of sibling nodes; returns the height of its lines.
  float LayoutInlineRun(const std::vector<NodeId>& run, NodeId container, float x, float y,
                        float w) {
    container_ = container;
    line_x_ = 0;
    line_y_ = y;
    base_x_ = x;
    avail_ = w;
    pending_space_ = false;
    line_.clear();
    for (NodeId n : run) Emit(n);
    if (!line_.empty()) NewLine();
    return line_y_ - y;
  }

  void NewLine() {
    const ComputedStyle& cs = S(container_);
    float lh = line_.empty() ? LineHeight(cs.font_size) : 0;
    for (const Fragment& f : line_) lh = std::max(lh, f.h);
    float dx = 0;
    if (cs.text_align != 0 && line_x_ < avail_) {
      dx = (avail_ - line_x_) * (cs.text_align == 1 ? 0.5f : 1.f);
    }
    for (const Fragment& f : line_) {
      Box r;
      if (f.atom) {
        if (dx != 0) ShiftSubtree(f.node, dx, 0);
        r = out_->boxes[f.node];
      } else {
        r = Box{base_x_ + f.x + dx, line_y_, f.w, f.h};
        UnionOwn(f.node, r);
      }
      for (NodeId a = doc_.node(f.node).parent; a != container_ && a != kNoNode;
           a = doc_.node(a).parent) {
        UnionOwn(a, r);
      }
    }
    line_y_ += lh;
    line_x_ = 0;
    pending_space_ = false;
    line_.clear();
  }

  // Unions a fragment into an inline element's box, adding its vertical padding and border.
  void UnionOwn(NodeId n, Box r) {
    if (doc_.IsElement(n)) {
      const ComputedStyle& s = S(n);
      float top = s.padding[0] + s.border[0];
      r.y -= top;
      r.h += top + s.padding[2] + s.border[2];
    }
    UnionBox(n, r);
  }

  void PlaceWord(NodeId owner, std::string_view word, const ComputedStyle& s) {
    float ww = TextWidth(word, s.font_size, s.bold);
    float sp = (pending_space_ && line_x_ > 0) ? TextWidth(" ", s.font_size) : 0;
    if (line_x_ > 0 && line_x_ + sp + ww > avail_ && !s.nowrap) {
      NewLine();
      sp = 0;
    }
    float x0 = line_x_ + sp;
    line_.push_back({owner, x0, ww, LineHeight(s.font_size), false});
    line_x_ = x0 + ww;
    pending_space_ = false;
  }

  void Emit(NodeId n) {
    if (!Rendered(n)) return;
    const ComputedStyle& s = S(n);
    if (doc_.IsText(n)) {
      std::string_view t = doc_.Text(n);
      if (s.pre) {
        size_t i = 0;
        while (i <= t.size()) {
          size_t j = t.find('\n', i);
          if (j == std::string_view::npos) j = t.size();
          if (j > i) PlaceWord(n, t.substr(i, j - i), s);
          if (j < t.size()) NewLine();
          i = j + 1;
        }
        return;
      }
      size_t i = 0;
      while (i < t.size()) {
        if (IsSpace(t[i])) {
          pending_space_ = line_x_ > 0 || !line_.empty();
          while (i < t.size() && IsSpace(t[i])) ++i;
          continue;
        }
        size_t j = i;
        while (j < t.size() && !IsSpace(t[j])) ++j;
        PlaceWord(n, t.substr(i, j - i), s);
        i = j;
      }
      return;
    }
    if (doc_.tag(n) == Tag::kBr) {
      line_.push_back({n, line_x_, 0, LineHeight(s.font_size), false});
      NewLine();
      return;
    }
    if (s.display == Display::kInline) {
      float sp = (pending_space_ && line_x_ > 0) ? TextWidth(" ", s.font_size) : 0;
      line_x_ += sp + s.margin[3];
      pending_space_ = false;
      float open = s.border[3] + s.padding[3];
      if (open > 0) line_.push_back({n, line_x_, open, LineHeight(s.font_size), false});
      line_x_ += open;
      for (NodeId c = doc_.node(n).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
        Emit(c);
      }
      float close = s.border[1] + s.padding[1];
      if (close > 0) line_.push_back({n, line_x_, close, LineHeight(s.font_size), false});
      line_x_ += close + s.margin[1];
      return;
    }
    // Atomic inline (inline-block, replaced, form control).
    float bw = SpecifiedWidth(n, avail_);
    float iw, ih;
    if (bw < 0 && Intrinsic(n, &iw, &ih)) bw = iw + HPad(n);
    if (bw < 0) bw = std::min(MaxContent(n), avail_);
    float sp = (pending_space_ && line_x_ > 0) ? TextWidth(" ", s.font_size) : 0;
    float outer = sp + s.margin[3] + bw + s.margin[1];
    if (line_x_ > 0 && line_x_ + outer > avail_) {
      NewLine();
      sp = 0;
    }
    float ax = line_x_ + sp + s.margin[3];
    // Descend into the atom with fresh inline state; restore ours afterwards.
    SavedInline saved = Save();
    float h = LayoutBlockBox(n, base_x_ + ax, line_y_ + s.margin[0], bw);
    Restore(std::move(saved));
    line_.push_back({n, ax, bw, h + s.margin[0] + s.margin[2], true});
    line_x_ = ax + bw + s.margin[1];
    pending_space_ = false;
  }

  struct SavedInline {
    NodeId container;
    float line_x, line_y, base_x, avail;
    bool pending_space;
    std::vector<Fragment> line;
  };
  SavedInline Save() {
    return SavedInline{container_, line_x_,        line_y_,         base_x_,
                       avail_,     pending_space_, std::move(line_)};
  }
  void Restore(SavedInline s) {
    container_ = s.container;
    line_x_ = s.line_x;
    line_y_ = s.line_y;
    base_x_ = s.base_x;
    avail_ = s.avail;
    pending_space_ = s.pending_space;
    line_ = std::move(s.line);
  }

  float LayoutFlexRow(NodeId el, float x, float y, float w) {
    const ComputedStyle& s = S(el);
    std::vector<NodeId> items;
    for (NodeId c = doc_.node(el).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
      if (!Rendered(c)) continue;
      if (doc_.IsText(c)) {
        bool blank = true;
        for (char ch : doc_.Text(c)) blank &= IsSpace(ch);
        if (blank) continue;
      } else if (S(c).absolute) {
        LayoutBlockBox(c, x, y, std::min(MaxContent(c), w));
        continue;
      }
      items.push_back(c);
    }
    std::vector<float> basis(items.size());
    float total = 0, grow = 0;
    for (size_t i = 0; i < items.size(); ++i) {
      NodeId c = items[i];
      float spec = doc_.IsElement(c) ? SpecifiedWidth(c, w) : -1;
      basis[i] = spec >= 0 ? spec : MaxContent(c);
      if (doc_.IsElement(c)) {
        total += S(c).margin[1] + S(c).margin[3];
        grow += S(c).flex_grow;
      }
      total += basis[i];
    }
    total += s.gap * (items.empty() ? 0 : static_cast<float>(items.size() - 1));
    if (total > w) {
      float over = total - w, sum = 0;
      for (float b : basis) sum += b;
      for (size_t i = 0; i < items.size() && sum > 0; ++i) {
        basis[i] = std::max(MinContent(items[i]), basis[i] - over * basis[i] / sum);
      }
    } else if (grow > 0) {
      float extra = w - total;
      for (size_t i = 0; i < items.size(); ++i) {
        if (doc_.IsElement(items[i])) basis[i] += extra * S(items[i]).flex_grow / grow;
      }
      total = w;
    }
    float cx = x, spacing = s.gap;
    if (grow == 0 && total < w) {
      if (s.justify == 1) cx += (w - total) / 2;
      if (s.justify == 2) cx += w - total;
      if (s.justify == 3 && items.size() > 1) spacing += (w - total) / (items.size() - 1);
    }
    float row_h = 0;
    for (size_t i = 0; i < items.size(); ++i) {
      NodeId c = items[i];
      float h;
      if (doc_.IsText(c)) {
        h = LayoutInlineRun({c}, el, cx, y, basis[i]);
        cx += basis[i] + spacing;
      } else {
        const ComputedStyle& cs = S(c);
        h = LayoutBlockBox(c, cx + cs.margin[3], y + cs.margin[0], basis[i]) + cs.margin[0] +
            cs.margin[2];
        cx += cs.margin[3] + basis[i] + cs.margin[1] + spacing;
      }
      row_h = std::max(row_h, h);
    }
    return row_h;
  }

  // Table content box: rows and cells. Sets the table's own width as a side effect.
  float LayoutTableContent(NodeId table, float x, float y, float w) {
    const ComputedStyle& ts = S(table);
    float sp = ts.border_spacing;
    std::vector<NodeId> rows, captions;
    for (NodeId c = doc_.node(table).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
      if (!Rendered(c) || !doc_.IsElement(c)) continue;
      Display d = S(c).display;
      if (d == Display::kTableRowGroup) {
        for (NodeId r = doc_.node(c).first_child; r != kNoNode; r = doc_.node(r).next_sibling) {
          if (Rendered(r) && doc_.IsElement(r)) rows.push_back(r);
        }
      } else if (d == Display::kTableRow) {
        rows.push_back(c);
      } else {
        captions.push_back(c);
      }
    }
    auto cells_of = [&](NodeId row) {
      std::vector<NodeId> cells;
      for (NodeId c = doc_.node(row).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
        if (Rendered(c) && doc_.IsElement(c)) cells.push_back(c);
      }
      return cells;
    };
    auto span_of = [&](NodeId cell) {
      int span = std::atoi(std::string(doc_.AttrOr(cell, "colspan", "1")).c_str());
      return std::clamp(span, 1, 1000);
    };
    size_t ncols = 0;
    for (NodeId r : rows) {
      size_t n = 0;
      for (NodeId c : cells_of(r)) n += span_of(c);
      ncols = std::max(ncols, n);
    }
    std::vector<float> col_max(ncols, 0), col_min(ncols, 0);
    for (NodeId r : rows) {
      size_t col = 0;
      for (NodeId c : cells_of(r)) {
        int span = span_of(c);
        if (span == 1 && col < ncols) {
          col_max[col] = std::max(col_max[col], MaxContent(c));
          col_min[col] = std::max(col_min[col], MinContent(c));
        }
        col += span;
      }
    }
    float spacing_total = sp * static_cast<float>(ncols + 1);
    float sum_max = 0, sum_min = 0;
    for (size_t i = 0; i < ncols; ++i) {
      sum_max += col_max[i];
      sum_min += col_min[i];
    }
    bool fixed = !ts.width.is_auto();
    float target = std::max(0.f, w - spacing_total);
    if (!fixed) target = std::min(target, sum_max);
    std::vector<float> widths(ncols);
    for (size_t i = 0; i < ncols; ++i) {
      if (target >= sum_max) {
        widths[i] = sum_max > 0 ? col_max[i] + (target - sum_max) * col_max[i] / sum_max
                                : target / static_cast<float>(ncols);
      } else if (target >= sum_min && sum_max > sum_min) {
        widths[i] =
            col_min[i] + (target - sum_min) * (col_max[i] - col_min[i]) / (sum_max - sum_min);
      } else {
        widths[i] = col_min[i];
      }
    }
    float inner_w = spacing_total;
    for (float cw : widths) inner_w += cw;
    if (!fixed) {
      out_->boxes[table].w = inner_w + HPad(table);
    }
    float cy = y;
    for (NodeId cap : captions) cy += LayoutBlockBox(cap, x, cy, inner_w);
    cy += sp;
    for (NodeId r : rows) {
      float cx = x + sp;
      size_t col = 0;
      float row_h = 0;
      std::vector<NodeId> cells = cells_of(r);
      for (NodeId c : cells) {
        int span = span_of(c);
        float cw = 0;
        for (int k = 0; k < span && col + k < ncols; ++k) cw += widths[col + k];
        cw += sp * static_cast<float>(span - 1);
        row_h = std::max(row_h, LayoutBlockBox(c, cx, cy, cw));
        cx += cw + sp;
        col += span;
      }
      for (NodeId c : cells) out_->boxes[c].h = row_h;
      SetBox(r, Box{x + sp, cy, inner_w - 2 * sp, row_h});
      NodeId group = doc_.node(r).parent;
      if (group != table) UnionBox(group, out_->boxes[r]);
      cy += row_h + sp;
    }
    return cy - y;
  }

  const Document& doc_;
  const std::vector<ComputedStyle>& st_;
  const LayoutOptions& opt_;
  LayoutResult* out_;
  std::vector<float> max_memo_, min_memo_;
  // Inline formatting state.
  NodeId container_ = 0;
  float line_x_ = 0, line_y_ = 0, base_x_ = 0, avail_ = 0;
  bool pending_space_ = false;
  std::vector<Fragment> line_;
};

}  // namespace

void ComputeLayout(const Document& doc, const std::vector<ComputedStyle>& styles,
                   const LayoutOptions& options, LayoutResult* out) {
  Layouter(doc, styles, options, out).Run();
}

}  // namespace wa
