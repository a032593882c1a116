#include "sim/observation.h"

#include <cmath>

#include "sim/rng.h"
#include "sim/text.h"

namespace wa {
namespace {

// Cuts UTF-8 text to at most n code points.
void CutCodePoints(std::string* s, size_t n) {
  size_t count = 0;
  for (size_t i = 0; i < s->size(); ++i) {
    if ((static_cast<unsigned char>((*s)[i]) & 0xC0) != 0x80) {
      if (count == n) {
        s->resize(i);
        return;
      }
      ++count;
    }
  }
}

void AppendInt(std::string* out, float v) {
  long r = std::lround(v);
  *out += std::to_string(r);
}

void AppendAttr(std::string* out, std::string_view key, std::string_view value) {
  *out += ' ';
  *out += key;
  *out += "=\"";
  for (char c : value) {
    if (c == '"') {
      *out += "&quot;";
    } else if (c == '\n' || c == '\r' || c == '\t') {
      *out += ' ';
    } else {
      *out += c;
    }
  }
  *out += '"';
}

std::string DirectText(const Document& doc, const std::vector<ComputedStyle>& st, NodeId id) {
  std::string raw;
  for (NodeId c = doc.node(id).first_child; c != kNoNode; c = doc.node(c).next_sibling) {
    if (doc.IsText(c) && st[c].visible) {
      raw += doc.Text(c);
      raw += ' ';
    }
  }
  return CollapseWhitespace(raw);
}

bool AriaHidden(const Document& doc, NodeId id) {
  auto v = doc.Attr(id, "aria-hidden");
  return v && *v == "true";
}

class WebRLRenderer {
 public:
  WebRLRenderer(const Page& page, const ObservationOptions& opt, std::string* out)
      : page_(page), doc_(page.doc()), opt_(opt), out_(out) {}

  void Render() {
    NodeId html = doc_.html();
    if (html == kNoNode) return;
    out_->append("<html");
    if (opt_.include_bbox) BBox(html);
    out_->append(">");
    Plan();
    for (NodeId c = doc_.node(html).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
      Node(c);
    }
    out_->append(" </html>");
  }

 private:
  void BBox(NodeId id) {
    Box b = page_.ViewportBox(id);
    std::string v;
    AppendInt(&v, b.x);
    v += ',';
    AppendInt(&v, b.y);
    v += ',';
    AppendInt(&v, b.w);
    v += ',';
    AppendInt(&v, b.h);
    AppendAttr(out_, "data-bbox", v);
  }

  // Decides, for every node, whether its own tag is emitted (kept_) and whether anything in its
  // subtree is (emits_): one forward pass for excluded subtrees, one reverse pass (children
  // before parents in pre-order) for the keep rule.
  void Plan() {
    const auto& st = page_.styles();
    const auto& lay = page_.layout();
    size_t n = doc_.size();
    excluded_.assign(n, 0);
    kept_.assign(n, 0);
    emits_.assign(n, 0);
    for (NodeId id = 1; id < n; ++id) {
      NodeId parent = doc_.node(id).parent;
      if (parent != 0 && excluded_[parent]) {
        excluded_[id] = 1;
        continue;
      }
      if (!doc_.IsElement(id)) {
        excluded_[id] = 1;
        continue;
      }
      Tag tag = doc_.tag(id);
      Tag ptag = parent == 0 ? Tag::kUnknown : doc_.tag(parent);
      excluded_[id] = st[id].display == Display::kNone || !lay.has_box[id] ||
                      AriaHidden(doc_, id) || tag == Tag::kHead || tag == Tag::kScript ||
                      tag == Tag::kStyle || ptag == Tag::kSvg || ptag == Tag::kSelect ||
                      ptag == Tag::kTextarea ||
                      (tag == Tag::kInput && doc_.AttrOr(id, "type") == "hidden");
    }
    for (NodeId id = static_cast<NodeId>(n - 1); id >= 1; --id) {
      if (excluded_[id]) continue;
      bool visible = page_.InViewport(id);
      bool meaningful = page_.LabelOf(id) >= 0 || HasDirectText(id) || HasKeptAttr(id);
      kept_[id] = visible && (meaningful || emits_[id]);
      NodeId parent = doc_.node(id).parent;
      if (parent != kNoNode && (kept_[id] || emits_[id])) emits_[parent] = 1;
    }
  }

  bool HasDirectText(NodeId id) const {
    Tag tag = doc_.tag(id);
    if (tag == Tag::kSelect || tag == Tag::kTextarea) return false;
    for (NodeId c = doc_.node(id).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
      if (!doc_.IsText(c) || !page_.styles()[c].visible) continue;
      for (char ch : doc_.Text(c)) {
        if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r' && ch != '\f') return true;
      }
    }
    return false;
  }

  // Emits " <tag ...> text children </tag>" for a kept node, or only its children otherwise.
  void Node(NodeId id) {
    if (excluded_[id] || !(kept_[id] || emits_[id])) return;
    if (!kept_[id]) {
      for (NodeId c = doc_.node(id).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
        Node(c);
      }
      return;
    }
    Tag tag = doc_.tag(id);
    std::string text = HasDirectText(id) ? DirectText(doc_, page_.styles(), id) : std::string();
    CutCodePoints(&text, opt_.max_text_chars);
    out_->push_back(' ');
    OpenTag(id, page_.LabelOf(id), text);
    if (!text.empty()) {
      out_->push_back(' ');
      out_->append(text);
    }
    if (tag == Tag::kSelect) {
      SelectOptions(id);
    } else {
      for (NodeId c = doc_.node(id).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
        Node(c);
      }
    }
    out_->append(" </");
    out_->append(doc_.TagNameOf(id));
    out_->push_back('>');
  }

  bool HasKeptAttr(NodeId id) const {
    static constexpr std::string_view kAttrs[] = {"title", "placeholder", "data-value",
                                                  "data-testid", "data-label"};
    for (std::string_view a : kAttrs) {
      if (doc_.HasAttr(id, a)) return true;
    }
    ControlKind k = page_.Control(id);
    return k != ControlKind::kNone;
  }

  void OpenTag(NodeId id, int label, const std::string& text) {
    out_->push_back('<');
    out_->append(doc_.TagNameOf(id));
    if (label >= 0) AppendAttr(out_, "id", std::to_string(label));
    if (auto v = doc_.Attr(id, "title")) AppendAttr(out_, "title", *v);
    ControlKind kind = page_.Control(id);
    if (kind == ControlKind::kText) {
      std::string v = page_.Value(id);
      if (!v.empty()) {
        CutCodePoints(&v, opt_.max_text_chars);
        AppendAttr(out_, "value", v);
      }
    } else if (kind != ControlKind::kSelect) {
      if (auto v = doc_.Attr(id, "value")) AppendAttr(out_, "value", *v);
    }
    if (auto v = doc_.Attr(id, "type")) AppendAttr(out_, "type", *v);
    if (auto v = doc_.Attr(id, "placeholder")) AppendAttr(out_, "placeholder", *v);
    if (kind == ControlKind::kSelect) {
      auto opts = page_.Options(id);
      int idx = page_.SelectedIndex(id);
      if (idx >= 0) {
        AppendAttr(out_, "data-value", CollapseWhitespace(doc_.TextContent(opts[idx])));
      }
    } else if (auto v = doc_.Attr(id, "data-value")) {
      AppendAttr(out_, "data-value", *v);
    }
    if (!text.empty()) AppendAttr(out_, "data-text", text);
    if (auto v = doc_.Attr(id, "data-testid")) AppendAttr(out_, "data-testid", *v);
    if (auto v = doc_.Attr(id, "data-label")) AppendAttr(out_, "data-label", *v);
    if (opt_.include_bbox) BBox(id);
    if (kind == ControlKind::kCheckbox || kind == ControlKind::kRadio) {
      AppendAttr(out_, "data-status", page_.Checked(id) ? "checked" : "not-checked");
    }
    out_->push_back('>');
  }

  void SelectOptions(NodeId select) {
    auto opts = page_.Options(select);
    int idx = page_.SelectedIndex(select);
    for (size_t i = 0; i < opts.size(); ++i) {
      std::string text = CollapseWhitespace(doc_.TextContent(opts[i]));
      CutCodePoints(&text, opt_.max_text_chars);
      out_->append(" <option");
      if (auto v = doc_.Attr(opts[i], "value")) AppendAttr(out_, "value", *v);
      if (static_cast<int>(i) == idx) AppendAttr(out_, "selected", "");
      out_->push_back('>');
      if (!text.empty()) {
        out_->push_back(' ');
        out_->append(text);
      }
      out_->append(" </option>");
    }
  }

  const Page& page_;
  const Document& doc_;
  const ObservationOptions& opt_;
  std::string* out_;
  std::vector<uint8_t> excluded_, kept_, emits_;
};

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Elements whose role carries no meaning; their children are promoted in the tree.
bool IsGeneric(const std::string& role) { return role.empty() || role == "generic"; }

class TreeRenderer {
 public:
  TreeRenderer(const Page& page, const ObservationOptions& opt, std::string* out)
      : page_(page), doc_(page.doc()), opt_(opt), out_(out) {}

  void RenderAxTree() {
    out_->append("RootWebArea '");
    out_->append(page_.title());
    out_->append("' focused: True");
    if (doc_.body() != kNoNode) Ax(doc_.body(), 1);
  }

  void RenderCompact() {
    out_->append("Title: ");
    out_->append(page_.title());
    out_->append("\nURL: ");
    out_->append(page_.url());
    Compact(doc_.body() == kNoNode ? 0 : doc_.body());
    out_->push_back('\n');
  }

 private:
  void Indent(int depth) {
    out_->push_back('\n');
    out_->append(static_cast<size_t>(depth), '\t');
  }

  void Properties(NodeId id) {
    ControlKind k = page_.Control(id);
    if (k == ControlKind::kText || k == ControlKind::kSelect) {
      std::string v =
          k == ControlKind::kSelect && page_.SelectedIndex(id) >= 0
              ? CollapseWhitespace(doc_.TextContent(page_.Options(id)[page_.SelectedIndex(id)]))
              : page_.Value(id);
      CutCodePoints(&v, opt_.max_text_chars);
      out_->append(" value: '" + v + "'");
    }
    if (k == ControlKind::kCheckbox || k == ControlKind::kRadio) {
      out_->append(page_.Checked(id) ? " checked: true" : " checked: false");
    }
    if (doc_.HasAttr(id, "required")) out_->append(" required: True");
    if (k != ControlKind::kNone && page_.Disabled(id)) out_->append(" disabled: True");
    if (page_.focused() == id) out_->append(" focused: True");
  }

  void Ax(NodeId id, int depth) {
    const auto& st = page_.styles();
    for (NodeId c = doc_.node(id).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
      if (st[c].display == Display::kNone || !page_.layout().has_box[c]) continue;
      if (doc_.IsText(c)) {
        if (!page_.InViewport(c)) continue;
        std::string t = CollapseWhitespace(doc_.Text(c));
        if (t.empty()) continue;
        CutCodePoints(&t, opt_.max_text_chars);
        Indent(depth);
        out_->append("StaticText '" + t + "'");
        continue;
      }
      if (AriaHidden(doc_, c)) continue;
      std::string role = AccessibleRole(page_, c);
      int label = page_.LabelOf(c);
      bool show = page_.InViewport(c) && (!IsGeneric(role) || label >= 0);
      if (!show) {
        Ax(c, depth);
        continue;
      }
      Indent(depth);
      if (label >= 0) out_->append("[" + std::to_string(label) + "] ");
      out_->append(IsGeneric(role) ? "generic" : role);
      std::string name = AccessibleName(page_, c);
      CutCodePoints(&name, opt_.max_text_chars);
      out_->append(" '" + name + "'");
      Properties(c);
      // Leaves whose name already is their text: don't repeat it as StaticText.
      bool name_from_content = role == "link" || role == "button" || role == "heading" ||
                               role == "option" || role == "menuitem" || role == "tab";
      if (page_.Control(c) == ControlKind::kSelect) continue;
      if (!(name_from_content && label >= 0) || HasElementChild(c)) {
        if (!name_from_content) Ax(c, depth + 1);
      }
    }
  }

  bool HasElementChild(NodeId id) const {
    for (NodeId c = doc_.node(id).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
      if (doc_.IsElement(c)) return true;
    }
    return false;
  }

  void Compact(NodeId id) {
    const auto& st = page_.styles();
    for (NodeId c = doc_.node(id).first_child; c != kNoNode; c = doc_.node(c).next_sibling) {
      if (st[c].display == Display::kNone || !page_.layout().has_box[c]) continue;
      if (doc_.IsText(c)) {
        if (!page_.InViewport(c)) continue;
        std::string t = CollapseWhitespace(doc_.Text(c));
        if (t.empty()) continue;
        CutCodePoints(&t, 200);
        out_->append("\n  " + t);
        continue;
      }
      if (AriaHidden(doc_, c)) continue;
      int label = page_.LabelOf(c);
      if (label < 0) {
        Compact(c);
        continue;
      }
      std::string name = AccessibleName(page_, c);
      CutCodePoints(&name, 200);
      // compact-id-last: the id ends the line instead of starting it.
      const bool id_last = opt_.type == ObservationType::kCompactIdLast;
      const std::string id = "[" + std::to_string(label) + "]";
      out_->append("\n" + (id_last ? "" : id + " ") + AccessibleRole(page_, c) + " '" + name + "'");
      Properties(c);
      if (page_.Control(c) == ControlKind::kSelect) {
        std::string opts;
        for (NodeId o : page_.Options(c)) {
          if (!opts.empty()) opts += " | ";
          opts += CollapseWhitespace(doc_.TextContent(o));
        }
        CutCodePoints(&opts, 300);
        out_->append(" options: " + opts);
      }
      if (id_last) out_->append(" " + id);
    }
  }

  const Page& page_;
  const Document& doc_;
  const ObservationOptions& opt_;
  std::string* out_;
};

}  // namespace

Result<ObservationType> ParseObservationType(std::string_view name) {
  if (name == "webrl") return ObservationType::kWebRL;
  if (name == "axtree") return ObservationType::kAxTree;
  if (name == "compact") return ObservationType::kCompact;
  if (name == "compact-id-last") return ObservationType::kCompactIdLast;
  return InvalidArgument("unknown observation type '" + std::string(name) +
                         "' (expected webrl, axtree, compact or compact-id-last)");
}

const char* ObservationTypeName(ObservationType type) {
  switch (type) {
    case ObservationType::kWebRL:
      return "webrl";
    case ObservationType::kAxTree:
      return "axtree";
    case ObservationType::kCompact:
      return "compact";
    case ObservationType::kCompactIdLast:
      return "compact-id-last";
  }
  return "?";
}

std::string AccessibleRole(const Page& page, NodeId id) {
  const Document& doc = page.doc();
  if (auto r = doc.Attr(id, "role")) {
    std::string role = Lower(*r);
    if (role != "presentation" && role != "none") return role;
  }
  switch (page.Control(id)) {
    case ControlKind::kText:
      return doc.tag(id) == Tag::kInput && Lower(doc.AttrOr(id, "type")) == "search" ? "searchbox"
                                                                                     : "textbox";
    case ControlKind::kCheckbox:
      return "checkbox";
    case ControlKind::kRadio:
      return "radio";
    case ControlKind::kSelect:
      return "combobox";
    case ControlKind::kSubmit:
    case ControlKind::kButton:
      return "button";
    default:
      break;
  }
  switch (doc.tag(id)) {
    case Tag::kA:
      return doc.HasAttr(id, "href") ? "link" : "generic";
    case Tag::kH1:
    case Tag::kH2:
    case Tag::kH3:
    case Tag::kH4:
    case Tag::kH5:
    case Tag::kH6:
      return "heading";
    case Tag::kImg:
      return "img";
    case Tag::kUl:
    case Tag::kOl:
      return "list";
    case Tag::kLi:
      return "listitem";
    case Tag::kTable:
      return "table";
    case Tag::kTr:
      return "row";
    case Tag::kTd:
      return "cell";
    case Tag::kTh:
      return "columnheader";
    case Tag::kNav:
      return "navigation";
    case Tag::kMain:
      return "main";
    case Tag::kHeader:
      return "banner";
    case Tag::kFooter:
      return "contentinfo";
    case Tag::kForm:
      return "form";
    case Tag::kLabel:
      return "LabelText";
    case Tag::kOption:
      return "option";
    case Tag::kP:
      return "paragraph";
    case Tag::kSection:
      return "region";
    case Tag::kArticle:
      return "article";
    case Tag::kDialog:
      return "dialog";
    default:
      break;
  }
  if (page.IsClickable(id)) return "generic";
  return "";
}

std::string AccessibleName(const Page& page, NodeId id) {
  const Document& doc = page.doc();
  if (auto v = doc.Attr(id, "aria-label"); v && !v->empty()) return CollapseWhitespace(*v);
  ControlKind k = page.Control(id);
  if (k == ControlKind::kText || k == ControlKind::kSelect || k == ControlKind::kCheckbox ||
      k == ControlKind::kRadio) {
    // Associated <label>: for=id, or an enclosing label.
    if (auto own_id = doc.Attr(id, "id"); own_id && !own_id->empty()) {
      for (NodeId n = 0; n < doc.size(); ++n) {
        if (doc.IsElement(n) && doc.tag(n) == Tag::kLabel && doc.AttrOr(n, "for") == *own_id) {
          return CollapseWhitespace(InnerText(doc, page.styles(), n));
        }
      }
    }
    NodeId label = doc.ClosestTag(id, Tag::kLabel);
    if (label != kNoNode) return CollapseWhitespace(InnerText(doc, page.styles(), label));
    if (auto v = doc.Attr(id, "title")) return CollapseWhitespace(*v);
    if (auto v = doc.Attr(id, "placeholder")) return CollapseWhitespace(*v);
    return std::string();
  }
  if (doc.tag(id) == Tag::kImg) return CollapseWhitespace(doc.AttrOr(id, "alt"));
  if (doc.tag(id) == Tag::kInput) {
    return CollapseWhitespace(doc.AttrOr(id, "value", k == ControlKind::kSubmit ? "Submit" : ""));
  }
  // Name from content only for roles that take it (ARIA "name from: contents").
  std::string role = AccessibleRole(page, id);
  static constexpr std::string_view kFromContent[] = {
      "link", "button",  "heading",  "option", "cell",     "columnheader", "LabelText", "menuitem",
      "tab",  "generic", "listitem", "row",    "checkbox", "radio",        "treeitem",  "tooltip"};
  bool from_content = false;
  for (std::string_view r : kFromContent) from_content |= role == r;
  std::string text =
      from_content ? CollapseWhitespace(InnerText(doc, page.styles(), id)) : std::string();
  if (text.empty()) {
    if (auto v = doc.Attr(id, "title")) return CollapseWhitespace(*v);
  }
  return text;
}

void RenderObservation(Page* page, const ObservationOptions& options, std::string* out) {
  // A page in its initial state renders the same bytes as every other page compiled from the
  // same HTML: reuse them (the key covers the settings and the URL, which compact shows).
  uint64_t key = 0;
  const CompiledPage* compiled = page->pristine() ? page->compiled() : nullptr;
  if (compiled != nullptr) {
    key = Rng::Mix(static_cast<uint64_t>(options.type) * 1000003ULL + options.max_text_chars * 2 +
                   (options.include_bbox ? 1 : 0)) ^
          Rng::HashString(page->url());
    std::vector<NodeId> labels;
    if (compiled->LookupObservation(key, out, &labels)) {
      page->SetLabels(std::move(labels));
      return;
    }
  }
  page->UpdateLabels();
  out->clear();
  switch (options.type) {
    case ObservationType::kWebRL:
      WebRLRenderer(*page, options, out).Render();
      break;
    case ObservationType::kAxTree:
      TreeRenderer(*page, options, out).RenderAxTree();
      break;
    case ObservationType::kCompact:
    case ObservationType::kCompactIdLast:
      TreeRenderer(*page, options, out).RenderCompact();
      break;
  }
  if (compiled != nullptr) compiled->StoreObservation(key, *out, page->labels());
}

nlohmann::json PageBoxes(const Page& page) {
  nlohmann::json out = nlohmann::json::array();
  const auto& labels = page.labels();
  for (size_t i = 0; i < labels.size(); ++i) {
    Box b = page.ViewportBox(labels[i]);
    std::string text = CollapseWhitespace(InnerText(page.doc(), page.styles(), labels[i]));
    if (text.size() > 120) text = std::string(TruncateUtf8(text, 120)) + "...";
    out.push_back({i, b.x, b.y, b.w, b.h, std::string(page.doc().TagNameOf(labels[i])), text});
  }
  return out;
}

}  // namespace wa
