#include "sim/selector.h"

#include <cctype>

namespace wa {
namespace {

enum class AttrOp { kExists, kEquals, kIncludes, kDashMatch, kPrefix, kSuffix, kSubstring };

struct AttrSel {
  std::string name;
  AttrOp op = AttrOp::kExists;
  std::string value;
  bool case_insensitive = false;
};

enum class PseudoKind {
  kNthChild,
  kNthLastChild,
  kNthOfType,
  kNthLastOfType,
  kOnlyChild,
  kRoot,
  kEmpty,
  kHover,
  kFocus,
  kChecked,
  kDisabled,
  kEnabled,
  kNot,
};

struct Complex;

struct Pseudo {
  PseudoKind kind;
  int a = 0, b = 0;           // An+B for nth-* pseudo-classes
  std::vector<Complex> list;  // argument of :not()
};

struct Compound {
  std::string tag;  // empty = any element
  std::vector<std::string> ids;
  std::vector<std::string> classes;
  std::vector<AttrSel> attrs;
  std::vector<Pseudo> pseudos;
};

struct Complex {
  std::vector<Compound> compounds;
  std::vector<char> combinators;  // combinators[i] joins compounds[i] and compounds[i + 1]
  Specificity spec;
  bool dynamic = false;
  unsigned dynamic_mask = 0;  // bit 0 :hover, bit 1 :focus, bit 2 :checked
};

bool IsIdentChar(unsigned char c) { return std::isalnum(c) || c == '-' || c == '_' || c >= 0x80; }
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  Result<std::vector<Complex>> ParseList(bool nested) {
    std::vector<Complex> list;
    while (true) {
      SkipSpace();
      Complex c;
      WA_RETURN_IF_ERROR(ParseComplex(&c));
      list.push_back(std::move(c));
      SkipSpace();
      if (AtEnd()) break;
      if (Peek() == ',') {
        ++pos_;
        continue;
      }
      if (nested && Peek() == ')') break;
      return Error("unexpected character");
    }
    return list;
  }

  bool AtEnd() const { return pos_ >= s_.size(); }
  char Peek() const { return AtEnd() ? '\0' : s_[pos_]; }
  size_t pos() const { return pos_; }
  Status Error(const std::string& what) const {
    return InvalidArgument("invalid CSS selector '" + std::string(s_.substr(0, 300)) +
                           "': " + what + " at position " + std::to_string(pos_));
  }

 private:
  void SkipSpace() {
    while (!AtEnd() && IsSpace(s_[pos_])) ++pos_;
  }

  Status ParseComplex(Complex* out) {
    Compound first;
    WA_RETURN_IF_ERROR(ParseCompound(&first));
    out->compounds.push_back(std::move(first));
    while (true) {
      size_t before = pos_;
      SkipSpace();
      bool had_space = pos_ > before;
      if (AtEnd() || Peek() == ',' || Peek() == ')') break;
      char comb = ' ';
      if (Peek() == '>' || Peek() == '+' || Peek() == '~') {
        comb = Peek();
        ++pos_;
        SkipSpace();
      } else if (!had_space) {
        return Error("unexpected character");
      }
      Compound next;
      WA_RETURN_IF_ERROR(ParseCompound(&next));
      out->combinators.push_back(comb);
      out->compounds.push_back(std::move(next));
    }
    for (const Compound& c : out->compounds) {
      out->spec.a += static_cast<int>(c.ids.size());
      out->spec.b += static_cast<int>(c.classes.size() + c.attrs.size());
      if (!c.tag.empty()) out->spec.c += 1;
      for (const Pseudo& p : c.pseudos) {
        if (p.kind == PseudoKind::kNot) {
          int best_a = 0, best_b = 0, best_c = 0;
          for (const Complex& x : p.list) {
            if (x.spec.Packed() > Specificity{best_a, best_b, best_c}.Packed()) {
              best_a = x.spec.a;
              best_b = x.spec.b;
              best_c = x.spec.c;
            }
            out->dynamic |= x.dynamic;
            out->dynamic_mask |= x.dynamic_mask;
          }
          out->spec.a += best_a;
          out->spec.b += best_b;
          out->spec.c += best_c;
        } else {
          out->spec.b += 1;
        }
        if (p.kind == PseudoKind::kHover) out->dynamic_mask |= 1u;
        if (p.kind == PseudoKind::kFocus) out->dynamic_mask |= 2u;
        if (p.kind == PseudoKind::kChecked) out->dynamic_mask |= 4u;
        if (out->dynamic_mask != 0) out->dynamic = true;
      }
    }
    return Status::Ok();
  }

  Result<std::string> ParseIdent() {
    std::string out;
    while (!AtEnd()) {
      unsigned char c = static_cast<unsigned char>(s_[pos_]);
      if (c == '\\') {
        ++pos_;
        if (AtEnd()) break;
        // Hex escape: up to 6 hex digits and one optional space; only ASCII code points kept.
        if (std::isxdigit(static_cast<unsigned char>(s_[pos_]))) {
          unsigned code = 0;
          int n = 0;
          while (n < 6 && !AtEnd() && std::isxdigit(static_cast<unsigned char>(s_[pos_]))) {
            code =
                code * 16 + static_cast<unsigned>(std::isdigit(static_cast<unsigned char>(s_[pos_]))
                                                      ? s_[pos_] - '0'
                                                      : std::tolower(s_[pos_]) - 'a' + 10);
            ++pos_;
            ++n;
          }
          if (!AtEnd() && IsSpace(s_[pos_])) ++pos_;
          out += code < 0x80 && code > 0 ? static_cast<char>(code) : '?';
        } else {
          out += s_[pos_++];
        }
      } else if (IsIdentChar(c)) {
        out += static_cast<char>(c);
        ++pos_;
      } else {
        break;
      }
    }
    if (out.empty()) return Error("expected an identifier");
    return out;
  }

  Result<std::string> ParseString() {
    char quote = s_[pos_++];
    std::string out;
    while (!AtEnd() && s_[pos_] != quote) {
      if (s_[pos_] == '\\' && pos_ + 1 < s_.size()) ++pos_;
      out += s_[pos_++];
    }
    if (!AtEnd()) ++pos_;  // closing quote; EOF closes it as in browsers
    return out;
  }

  Status ParseAttr(Compound* c) {
    ++pos_;  // '['
    SkipSpace();
    auto name = ParseIdent();
    if (!name.ok()) return name.status();
    AttrSel a;
    a.name = Lower(*name);
    SkipSpace();
    if (AtEnd() || Peek() == ']') {
      if (!AtEnd()) ++pos_;
      c->attrs.push_back(std::move(a));
      return Status::Ok();
    }
    char op = Peek();
    if (op == '=') {
      a.op = AttrOp::kEquals;
      ++pos_;
    } else if ((op == '~' || op == '|' || op == '^' || op == '$' || op == '*') &&
               pos_ + 1 < s_.size() && s_[pos_ + 1] == '=') {
      a.op = op == '~'   ? AttrOp::kIncludes
             : op == '|' ? AttrOp::kDashMatch
             : op == '^' ? AttrOp::kPrefix
             : op == '$' ? AttrOp::kSuffix
                         : AttrOp::kSubstring;
      pos_ += 2;
    } else {
      return Error("expected an attribute operator");
    }
    SkipSpace();
    if (Peek() == '"' || Peek() == '\'') {
      auto v = ParseString();
      if (!v.ok()) return v.status();
      a.value = *v;
    } else {
      auto v = ParseIdent();
      if (!v.ok()) return v.status();
      a.value = *v;
    }
    SkipSpace();
    if (Peek() == 'i' || Peek() == 'I' || Peek() == 's' || Peek() == 'S') {
      a.case_insensitive = (Peek() == 'i' || Peek() == 'I');
      ++pos_;
      SkipSpace();
    }
    if (!AtEnd()) {
      if (Peek() != ']') return Error("expected ']'");
      ++pos_;
    }
    c->attrs.push_back(std::move(a));
    return Status::Ok();
  }

  // Parses An+B (or odd/even) up to the closing parenthesis.
  Status ParseNth(Pseudo* p) {
    size_t end = s_.find(')', pos_);
    std::string arg = Lower(s_.substr(pos_, end == std::string_view::npos ? s_.npos : end - pos_));
    pos_ = end == std::string_view::npos ? s_.size() : end + 1;
    std::string t;
    for (char ch : arg) {
      if (!IsSpace(ch)) t += ch;
    }
    if (t == "odd") {
      p->a = 2;
      p->b = 1;
      return Status::Ok();
    }
    if (t == "even") {
      p->a = 2;
      p->b = 0;
      return Status::Ok();
    }
    size_t n = t.find('n');
    auto parse_int = [](std::string_view s, int* out) {
      if (s.empty()) return false;
      size_t i = 0;
      bool neg = false;
      if (s[0] == '+' || s[0] == '-') {
        neg = s[0] == '-';
        i = 1;
      }
      if (i >= s.size()) return false;
      long v = 0;
      for (; i < s.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
        v = v * 10 + (s[i] - '0');
        if (v > 1000000) return false;
      }
      *out = static_cast<int>(neg ? -v : v);
      return true;
    };
    if (n == std::string::npos) {
      p->a = 0;
      if (!parse_int(t, &p->b)) return Error("bad :nth argument '" + arg + "'");
      return Status::Ok();
    }
    std::string_view as = std::string_view(t).substr(0, n);
    if (as.empty() || as == "+") {
      p->a = 1;
    } else if (as == "-") {
      p->a = -1;
    } else if (!parse_int(as, &p->a)) {
      return Error("bad :nth argument '" + arg + "'");
    }
    std::string_view bs = std::string_view(t).substr(n + 1);
    p->b = 0;
    if (!bs.empty() && !parse_int(bs, &p->b)) return Error("bad :nth argument '" + arg + "'");
    return Status::Ok();
  }

  Status ParsePseudo(Compound* c) {
    ++pos_;  // ':'
    if (Peek() == ':') return Error("pseudo-elements are not supported");
    auto name_or = ParseIdent();
    if (!name_or.ok()) return name_or.status();
    std::string name = Lower(*name_or);
    Pseudo p;
    bool has_args = Peek() == '(';
    if (has_args) ++pos_;
    if (name == "nth-child" || name == "nth-last-child" || name == "nth-of-type" ||
        name == "nth-last-of-type") {
      if (!has_args) return Error(":" + name + " needs an argument");
      p.kind = name == "nth-child"        ? PseudoKind::kNthChild
               : name == "nth-last-child" ? PseudoKind::kNthLastChild
               : name == "nth-of-type"    ? PseudoKind::kNthOfType
                                          : PseudoKind::kNthLastOfType;
      WA_RETURN_IF_ERROR(ParseNth(&p));
    } else if (name == "not") {
      if (!has_args) return Error(":not needs an argument");
      auto list = ParseList(/*nested=*/true);
      if (!list.ok()) return list.status();
      if (!AtEnd()) ++pos_;  // ')'
      p.kind = PseudoKind::kNot;
      p.list = std::move(*list);
    } else {
      if (has_args) return Error("unexpected argument to :" + name);
      if (name == "first-child") {
        p.kind = PseudoKind::kNthChild, p.a = 0, p.b = 1;
      } else if (name == "last-child") {
        p.kind = PseudoKind::kNthLastChild, p.a = 0, p.b = 1;
      } else if (name == "first-of-type") {
        p.kind = PseudoKind::kNthOfType, p.a = 0, p.b = 1;
      } else if (name == "last-of-type") {
        p.kind = PseudoKind::kNthLastOfType, p.a = 0, p.b = 1;
      } else if (name == "only-child") {
        p.kind = PseudoKind::kOnlyChild;
      } else if (name == "root") {
        p.kind = PseudoKind::kRoot;
      } else if (name == "empty") {
        p.kind = PseudoKind::kEmpty;
      } else if (name == "hover") {
        p.kind = PseudoKind::kHover;
      } else if (name == "focus") {
        p.kind = PseudoKind::kFocus;
      } else if (name == "checked") {
        p.kind = PseudoKind::kChecked;
      } else if (name == "disabled") {
        p.kind = PseudoKind::kDisabled;
      } else if (name == "enabled") {
        p.kind = PseudoKind::kEnabled;
      } else {
        return Error("unsupported pseudo-class :" + name);
      }
    }
    c->pseudos.push_back(std::move(p));
    return Status::Ok();
  }

  Status ParseCompound(Compound* c) {
    size_t start = pos_;
    if (Peek() == '*') {
      ++pos_;
    } else if (!AtEnd() && (IsIdentChar(static_cast<unsigned char>(Peek())) || Peek() == '\\')) {
      auto tag = ParseIdent();
      if (!tag.ok()) return tag.status();
      c->tag = Lower(*tag);
    }
    while (!AtEnd()) {
      char ch = Peek();
      if (ch == '#') {
        ++pos_;
        auto id = ParseIdent();
        if (!id.ok()) return id.status();
        c->ids.push_back(*id);
      } else if (ch == '.') {
        ++pos_;
        auto cls = ParseIdent();
        if (!cls.ok()) return cls.status();
        c->classes.push_back(*cls);
      } else if (ch == '[') {
        WA_RETURN_IF_ERROR(ParseAttr(c));
      } else if (ch == ':') {
        WA_RETURN_IF_ERROR(ParsePseudo(c));
      } else {
        break;
      }
    }
    if (pos_ == start) return Error("expected a selector");
    return Status::Ok();
  }

  std::string_view s_;
  size_t pos_ = 0;
};

bool AttrMatches(const AttrSel& a, std::string_view v) {
  auto eq = [&](std::string_view x, std::string_view y) {
    if (x.size() != y.size()) return false;
    if (!a.case_insensitive) return x == y;
    for (size_t i = 0; i < x.size(); ++i) {
      if (std::tolower(static_cast<unsigned char>(x[i])) !=
          std::tolower(static_cast<unsigned char>(y[i]))) {
        return false;
      }
    }
    return true;
  };
  const std::string& w = a.value;
  switch (a.op) {
    case AttrOp::kExists:
      return true;
    case AttrOp::kEquals:
      return eq(v, w);
    case AttrOp::kPrefix:
      return !w.empty() && v.size() >= w.size() && eq(v.substr(0, w.size()), w);
    case AttrOp::kSuffix:
      return !w.empty() && v.size() >= w.size() && eq(v.substr(v.size() - w.size()), w);
    case AttrOp::kSubstring: {
      if (w.empty() || v.size() < w.size()) return false;
      for (size_t i = 0; i + w.size() <= v.size(); ++i) {
        if (eq(v.substr(i, w.size()), w)) return true;
      }
      return false;
    }
    case AttrOp::kIncludes: {
      size_t i = 0;
      while (i < v.size()) {
        while (i < v.size() && IsSpace(v[i])) ++i;
        size_t j = i;
        while (j < v.size() && !IsSpace(v[j])) ++j;
        if (j > i && eq(v.substr(i, j - i), w)) return true;
        i = j;
      }
      return false;
    }
    case AttrOp::kDashMatch:
      return eq(v, w) ||
             (v.size() > w.size() && v[w.size()] == '-' && eq(v.substr(0, w.size()), w));
  }
  return false;
}

NodeId ParentElement(const Document& doc, NodeId id) {
  NodeId p = doc.node(id).parent;
  return (p != kNoNode && doc.IsElement(p)) ? p : kNoNode;
}

bool NthMatches(int a, int b, int index) {  // index is 1-based
  if (a == 0) return index == b;
  int diff = index - b;
  return diff % a == 0 && diff / a >= 0;
}

bool MatchComplex(const Complex& cx, int idx, const Document& doc, NodeId el, const MatchState* st);

bool IsChecked(const Document& doc, NodeId el, const MatchState* st) {
  if (st && st->is_checked) return st->is_checked(el);
  if (doc.tag(el) == Tag::kOption) return doc.HasAttr(el, "selected");
  return doc.HasAttr(el, "checked");
}

bool MatchPseudo(const Pseudo& p, const Document& doc, NodeId el, const MatchState* st) {
  switch (p.kind) {
    case PseudoKind::kNthChild:
    case PseudoKind::kNthLastChild:
    case PseudoKind::kNthOfType:
    case PseudoKind::kNthLastOfType: {
      bool last = p.kind == PseudoKind::kNthLastChild || p.kind == PseudoKind::kNthLastOfType;
      bool of_type = p.kind == PseudoKind::kNthOfType || p.kind == PseudoKind::kNthLastOfType;
      int index = 1;
      for (NodeId s = last ? doc.node(el).next_sibling : doc.node(el).prev_sibling; s != kNoNode;
           s = last ? doc.node(s).next_sibling : doc.node(s).prev_sibling) {
        if (!doc.IsElement(s)) continue;
        if (of_type && doc.node(s).name != doc.node(el).name) continue;
        ++index;
      }
      return NthMatches(p.a, p.b, index);
    }
    case PseudoKind::kOnlyChild: {
      for (NodeId s =
               doc.node(ParentElement(doc, el) == kNoNode ? 0 : doc.node(el).parent).first_child;
           s != kNoNode; s = doc.node(s).next_sibling) {
        if (s != el && doc.IsElement(s)) return false;
      }
      return true;
    }
    case PseudoKind::kRoot:
      return doc.node(el).parent == 0;
    case PseudoKind::kEmpty:
      return doc.node(el).first_child == kNoNode;
    case PseudoKind::kHover:
      return st && st->hovered != kNoNode && doc.IsInclusiveAncestor(el, st->hovered);
    case PseudoKind::kFocus:
      return st && st->focused == el;
    case PseudoKind::kChecked: {
      Tag t = doc.tag(el);
      if (t == Tag::kOption) return IsChecked(doc, el, st);
      if (t != Tag::kInput) return false;
      std::string type = Lower(doc.AttrOr(el, "type"));
      return (type == "checkbox" || type == "radio") && IsChecked(doc, el, st);
    }
    case PseudoKind::kDisabled:
    case PseudoKind::kEnabled: {
      Tag t = doc.tag(el);
      bool form_control = t == Tag::kInput || t == Tag::kButton || t == Tag::kSelect ||
                          t == Tag::kTextarea || t == Tag::kOption || t == Tag::kFieldset;
      if (!form_control) return false;
      bool disabled = doc.HasAttr(el, "disabled");
      return p.kind == PseudoKind::kDisabled ? disabled : !disabled;
    }
    case PseudoKind::kNot:
      for (const Complex& c : p.list) {
        if (MatchComplex(c, static_cast<int>(c.compounds.size()) - 1, doc, el, st)) return false;
      }
      return true;
  }
  return false;
}

bool MatchCompound(const Compound& c, const Document& doc, NodeId el, const MatchState* st) {
  if (!doc.IsElement(el)) return false;
  if (!c.tag.empty() && doc.TagNameOf(el) != c.tag) return false;
  for (const std::string& id : c.ids) {
    auto v = doc.Attr(el, "id");
    if (!v || *v != id) return false;
  }
  for (const std::string& cls : c.classes) {
    if (!doc.HasClass(el, cls)) return false;
  }
  for (const AttrSel& a : c.attrs) {
    auto v = doc.Attr(el, a.name);
    if (!v || !AttrMatches(a, *v)) return false;
  }
  for (const Pseudo& p : c.pseudos) {
    if (!MatchPseudo(p, doc, el, st)) return false;
  }
  return true;
}

bool MatchComplex(const Complex& cx, int idx, const Document& doc, NodeId el,
                  const MatchState* st) {
  if (!MatchCompound(cx.compounds[idx], doc, el, st)) return false;
  if (idx == 0) return true;
  switch (cx.combinators[idx - 1]) {
    case '>': {
      NodeId p = ParentElement(doc, el);
      return p != kNoNode && MatchComplex(cx, idx - 1, doc, p, st);
    }
    case ' ':
      for (NodeId p = ParentElement(doc, el); p != kNoNode; p = ParentElement(doc, p)) {
        if (MatchComplex(cx, idx - 1, doc, p, st)) return true;
      }
      return false;
    case '+':
      for (NodeId s = doc.node(el).prev_sibling; s != kNoNode; s = doc.node(s).prev_sibling) {
        if (doc.IsElement(s)) return MatchComplex(cx, idx - 1, doc, s, st);
      }
      return false;
    case '~':
      for (NodeId s = doc.node(el).prev_sibling; s != kNoNode; s = doc.node(s).prev_sibling) {
        if (doc.IsElement(s) && MatchComplex(cx, idx - 1, doc, s, st)) return true;
      }
      return false;
  }
  return false;
}

}  // namespace

struct Selector::Impl {
  std::vector<Complex> branches;
};

Result<Selector> Selector::Parse(std::string_view text) {
  if (text.size() > 4096) return InvalidArgument("CSS selector longer than 4096 characters");
  Parser parser(text);
  auto list = parser.ParseList(/*nested=*/false);
  if (!list.ok()) return list.status();
  auto impl = std::make_shared<Impl>();
  impl->branches = std::move(*list);
  Selector sel;
  sel.impl_ = std::move(impl);
  sel.text_ = std::string(text);
  return sel;
}

bool Selector::Matches(const Document& doc, NodeId element, const MatchState* state) const {
  for (size_t i = 0; i < impl_->branches.size(); ++i) {
    if (MatchesBranch(i, doc, element, state)) return true;
  }
  return false;
}

bool Selector::MatchesBranch(size_t i, const Document& doc, NodeId element,
                             const MatchState* state) const {
  const Complex& c = impl_->branches[i];
  return MatchComplex(c, static_cast<int>(c.compounds.size()) - 1, doc, element, state);
}

NodeId Selector::QueryFirst(const Document& doc, NodeId scope, const MatchState* state) const {
  for (NodeId n = scope + 1; n < doc.node(scope).subtree_end; ++n) {
    if (doc.IsElement(n) && Matches(doc, n, state)) return n;
  }
  return kNoNode;
}

std::vector<NodeId> Selector::QueryAll(const Document& doc, NodeId scope,
                                       const MatchState* state) const {
  std::vector<NodeId> out;
  for (NodeId n = scope + 1; n < doc.node(scope).subtree_end; ++n) {
    if (doc.IsElement(n) && Matches(doc, n, state)) out.push_back(n);
  }
  return out;
}

size_t Selector::size() const { return impl_->branches.size(); }
Specificity Selector::specificity(size_t i) const { return impl_->branches[i].spec; }
bool Selector::IsDynamic(size_t i) const { return impl_->branches[i].dynamic; }
unsigned Selector::DynamicMask(size_t i) const { return impl_->branches[i].dynamic_mask; }

std::string Selector::RightmostKey(size_t i) const {
  const Compound& c = impl_->branches[i].compounds.back();
  if (!c.ids.empty()) return "#" + c.ids[0];
  if (!c.classes.empty()) return "." + c.classes[0];
  return c.tag;
}

Result<NodeId> QuerySelector(const Document& doc, std::string_view selector, NodeId scope) {
  auto sel = Selector::Parse(selector);
  if (!sel.ok()) return sel.status();
  return sel->QueryFirst(doc, scope);
}

}  // namespace wa
