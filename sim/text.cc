#include "sim/text.h"

#include <cstdint>

namespace wa {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

class InnerTextBuilder {
 public:
  InnerTextBuilder(const Document& doc, const std::vector<ComputedStyle>& st)
      : doc_(doc), st_(st) {}

  void Walk(NodeId n) {
    const ComputedStyle& s = st_[n];
    if (s.display == Display::kNone) return;
    if (doc_.IsText(n)) {
      if (s.visible) AddText(doc_.Text(n), s.pre);
      return;
    }
    Tag t = doc_.tag(n);
    if (t == Tag::kBr) {
      AddRaw("\n");
      return;
    }
    // Form controls contribute no text (their children are options or raw values).
    if (t == Tag::kSelect || t == Tag::kTextarea || t == Tag::kInput) return;
    int breaks = 0;
    switch (s.display) {
      case Display::kBlock:
      case Display::kListItem:
      case Display::kFlex:
      case Display::kTable:
      case Display::kTableRowGroup:
        breaks = 1;
        break;
      case Display::kTableRow:
        breaks = 1;
        break;
      default:
        break;
    }
    if (t == Tag::kP) breaks = 2;
    if (s.display == Display::kTableCell && doc_.node(n).prev_sibling != kNoNode) {
      // Tab between cells of the same row.
      for (NodeId p = doc_.node(n).prev_sibling; p != kNoNode; p = doc_.node(p).prev_sibling) {
        if (doc_.IsElement(p) && st_[p].display == Display::kTableCell) {
          AddRaw("\t");
          break;
        }
      }
    }
    Break(breaks);
    for (NodeId c = doc_.node(n).first_child; c != kNoNode; c = doc_.node(c).next_sibling) Walk(c);
    Break(breaks);
  }

  std::string Finish() {
    // Trim trailing breaks and spaces.
    while (!out_.empty() && (out_.back() == ' ' || out_.back() == '\n')) out_.pop_back();
    return out_;
  }

 private:
  void Break(int n) {
    if (n > pending_breaks_) pending_breaks_ = n;
  }
  void FlushBreaks() {
    if (pending_breaks_ > 0 && !out_.empty()) {
      while (!out_.empty() && out_.back() == ' ') out_.pop_back();
      int have = 0;
      for (size_t i = out_.size(); i > 0 && out_[i - 1] == '\n'; --i) ++have;
      for (int i = have; i < pending_breaks_; ++i) out_ += '\n';
    }
    pending_breaks_ = 0;
  }
  void AddRaw(std::string_view s) {
    FlushBreaks();
    out_ += s;
  }
  void AddText(std::string_view t, bool pre) {
    if (pre) {
      if (t.empty()) return;
      FlushBreaks();
      out_ += t;
      return;
    }
    for (size_t i = 0; i < t.size();) {
      if (IsSpace(t[i])) {
        while (i < t.size() && IsSpace(t[i])) ++i;
        space_pending_ = true;
        continue;
      }
      size_t j = i;
      while (j < t.size() && !IsSpace(t[j])) ++j;
      bool had_breaks = pending_breaks_ > 0;
      FlushBreaks();
      if (space_pending_ && !had_breaks && !out_.empty() && out_.back() != '\n' &&
          out_.back() != ' ' && out_.back() != '\t') {
        out_ += ' ';
      }
      space_pending_ = false;
      out_.append(t.substr(i, j - i));
      i = j;
    }
  }

  const Document& doc_;
  const std::vector<ComputedStyle>& st_;
  std::string out_;
  int pending_breaks_ = 0;
  bool space_pending_ = false;
};

}  // namespace

std::string InnerText(const Document& doc, const std::vector<ComputedStyle>& styles, NodeId id) {
  if (doc.IsText(id)) return std::string(doc.Text(id));
  if (styles[id].display == Display::kNone) return doc.TextContent(id);
  InnerTextBuilder b(doc, styles);
  for (NodeId c = doc.node(id).first_child; c != kNoNode; c = doc.node(c).next_sibling) b.Walk(c);
  return b.Finish();
}

std::string_view TruncateUtf8(std::string_view text, size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  size_t n = max_bytes;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return text.substr(0, n);
}

namespace {

// The length of the well-formed UTF-8 sequence at text[i], or 0 when the bytes there are not
// one (a stray continuation byte, a truncated sequence, an overlong form, a surrogate, a code
// point above U+10FFFF).
size_t Utf8SequenceAt(std::string_view text, size_t i) {
  const unsigned char c = static_cast<unsigned char>(text[i]);
  const size_t len = c < 0x80           ? 1
                     : (c >> 5) == 0x6  ? 2
                     : (c >> 4) == 0xE  ? 3
                     : (c >> 3) == 0x1E ? 4
                                        : 0;
  if (len == 0 || i + len > text.size()) return 0;
  if (len == 1) return 1;
  uint32_t cp = c & (0x7F >> len);
  for (size_t k = 1; k < len; ++k) {
    const unsigned char cc = static_cast<unsigned char>(text[i + k]);
    if ((cc & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (cc & 0x3F);
  }
  static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kMin[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

}  // namespace

bool IsValidUtf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const size_t len = Utf8SequenceAt(text, i);
    if (len == 0) return false;
    i += len;
  }
  return true;
}

std::string ValidUtf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const size_t len = Utf8SequenceAt(text, i);
    if (len == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD for the one byte
      ++i;
    } else {
      out.append(text.substr(i, len));
      i += len;
    }
  }
  return out;
}

}  // namespace wa
