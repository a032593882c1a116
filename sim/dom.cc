#include "sim/dom.h"

#include <gumbo.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <vector>

namespace wa {
namespace {

constexpr std::array<std::string_view, static_cast<size_t>(Tag::kCount)> kTagNames = {
    "",
#define WA_TAG_NAME(e, s) s,
    WA_TAG_LIST(WA_TAG_NAME)
#undef WA_TAG_NAME
};

bool IsAsciiSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// Void elements are serialised without an end tag.
bool IsVoid(Tag t) {
  switch (t) {
    case Tag::kBr:
    case Tag::kHr:
    case Tag::kImg:
    case Tag::kInput:
    case Tag::kMeta:
    case Tag::kLink:
    case Tag::kBase:
    case Tag::kCol:
    case Tag::kArea:
    case Tag::kSource:
    case Tag::kEmbed:
      return true;
    default:
      return false;
  }
}

void BuildFromGumbo(const GumboNode* g, NodeId parent, Document* doc) {
  switch (g->type) {
    case GUMBO_NODE_ELEMENT:
    case GUMBO_NODE_TEMPLATE: {
      const GumboElement& el = g->v.element;
      std::string name;
      if (el.tag == GUMBO_TAG_UNKNOWN) {
        GumboStringPiece piece = el.original_tag;
        gumbo_tag_from_original_text(&piece);
        name.assign(piece.data, piece.length);
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      } else {
        name = gumbo_normalized_tagname(el.tag);
      }
      NodeId id = doc->AppendElement(parent, name);
      for (unsigned i = 0; i < el.attributes.length; ++i) {
        auto* a = static_cast<const GumboAttribute*>(el.attributes.data[i]);
        doc->AddAttribute(id, a->name, a->value);
      }
      for (unsigned i = 0; i < el.children.length; ++i) {
        BuildFromGumbo(static_cast<const GumboNode*>(el.children.data[i]), id, doc);
      }
      break;
    }
    case GUMBO_NODE_TEXT:
    case GUMBO_NODE_WHITESPACE:
    case GUMBO_NODE_CDATA:
      doc->AppendText(parent, g->v.text.text);
      break;
    case GUMBO_NODE_COMMENT:
    case GUMBO_NODE_DOCUMENT:
      break;
  }
}

// A bump allocator for one Gumbo parse: Gumbo allocates every node, attribute and string
// buffer separately; freeing is a no-op and the whole arena goes away after the tree is copied.
class ParseArena {
 public:
  void* Alloc(size_t n) {
    n = (n + 15) & ~size_t{15};
    if (blocks_.empty() || used_ + n > size_) {
      size_ = std::max(n, kBlock);
      blocks_.push_back(std::make_unique<char[]>(size_));
      used_ = 0;
    }
    void* p = blocks_.back().get() + used_;
    used_ += n;
    return p;
  }

 private:
  static constexpr size_t kBlock = 256 * 1024;
  std::vector<std::unique_ptr<char[]>> blocks_;
  size_t used_ = 0, size_ = 0;
};

}  // namespace

std::string_view TagName(Tag tag) { return kTagNames[static_cast<size_t>(tag)]; }

Tag TagFromName(std::string_view name) {
  static const auto* kMap = [] {
    auto* m = new std::unordered_map<std::string_view, Tag>();
    for (size_t i = 1; i < kTagNames.size(); ++i) (*m)[kTagNames[i]] = static_cast<Tag>(i);
    return m;
  }();
  auto it = kMap->find(name);
  return it == kMap->end() ? Tag::kUnknown : it->second;
}

Document::Document() {
  Node doc;
  doc.kind = NodeKind::kDocument;
  nodes_.push_back(doc);
}

uint32_t Document::AddToPool(std::string_view s) {
  uint32_t off = static_cast<uint32_t>(pool_.size());
  pool_.append(s);
  return off;
}

Atom Document::Intern(std::string_view name) {
  auto it = atoms_.find(name);
  if (it != atoms_.end()) return it->second;
  Atom a = static_cast<Atom>(atom_names_.size());
  atom_names_.emplace_back(name);
  atoms_.emplace(std::string_view(atom_names_.back()), a);
  return a;
}

Atom Document::FindAtom(std::string_view name) const {
  auto it = atoms_.find(name);
  return it == atoms_.end() ? kNoAtom : it->second;
}

NodeId Document::AppendNode(NodeId parent, Node n) {
  NodeId id = static_cast<NodeId>(nodes_.size());
  n.parent = parent;
  Node& p = nodes_[parent];
  n.prev_sibling = p.last_child;
  if (p.last_child != kNoNode) {
    nodes_[p.last_child].next_sibling = id;
  } else {
    p.first_child = id;
  }
  p.last_child = id;
  nodes_.push_back(n);
  return id;
}

NodeId Document::AppendElement(NodeId parent, std::string_view name) {
  Node n;
  n.kind = NodeKind::kElement;
  n.tag = TagFromName(name);
  n.name = Intern(name);
  n.attr_begin = n.attr_end = static_cast<uint32_t>(attrs_.size());
  return AppendNode(parent, n);
}

NodeId Document::AppendText(NodeId parent, std::string_view text) {
  // Merge adjacent text nodes, as the DOM normalises them.
  NodeId last = nodes_[parent].last_child;
  if (last != kNoNode && nodes_[last].kind == NodeKind::kText &&
      nodes_[last].text_offset + nodes_[last].text_length == pool_.size()) {
    pool_.append(text);
    nodes_[last].text_length += static_cast<uint32_t>(text.size());
    return last;
  }
  Node n;
  n.kind = NodeKind::kText;
  n.text_offset = AddToPool(text);
  n.text_length = static_cast<uint32_t>(text.size());
  return AppendNode(parent, n);
}

void Document::AddAttribute(NodeId element, std::string_view name, std::string_view value) {
  Node& n = nodes_[element];
  WA_CHECK(n.kind == NodeKind::kElement && n.attr_end == attrs_.size());
  for (uint32_t i = n.attr_begin; i < n.attr_end; ++i) {
    if (AtomName(attrs_[i].name) == name) return;  // first occurrence wins, as in HTML
  }
  Attribute a{Intern(name), AddToPool(value), static_cast<uint32_t>(value.size())};
  attrs_.push_back(a);
  n.attr_end++;
}

void Document::Finish() {
  nodes_[0].subtree_end = static_cast<NodeId>(nodes_.size());
  for (NodeId i = 1; i < nodes_.size(); ++i) {
    const Node& n = nodes_[i];
    nodes_[i].subtree_end =
        n.next_sibling != kNoNode ? n.next_sibling : nodes_[n.parent].subtree_end;
  }
  for (NodeId i = 0; i < nodes_.size(); ++i) {
    Tag t = nodes_[i].tag;
    if (nodes_[i].kind != NodeKind::kElement) continue;
    if (t == Tag::kHtml && html_ == kNoNode) html_ = i;
    if (t == Tag::kHead && head_ == kNoNode) head_ = i;
    if (t == Tag::kBody && body_ == kNoNode) body_ = i;
  }
}

std::optional<std::string_view> Document::AttrByAtom(NodeId id, Atom name) const {
  if (name == kNoAtom) return std::nullopt;
  const Node& n = nodes_[id];
  for (uint32_t i = n.attr_begin; i < n.attr_end; ++i) {
    if (attrs_[i].name == name) return AttrValue(attrs_[i]);
  }
  return std::nullopt;
}

std::optional<std::string_view> Document::Attr(NodeId id, std::string_view name) const {
  // Elements carry few attributes: comparing names beats hashing the query.
  const Node& n = nodes_[id];
  for (uint32_t i = n.attr_begin; i < n.attr_end; ++i) {
    if (atom_names_[attrs_[i].name] == name) return AttrValue(attrs_[i]);
  }
  return std::nullopt;
}

bool Document::HasClass(NodeId id, std::string_view cls) const {
  auto v = Attr(id, "class");
  if (!v || cls.empty()) return false;
  std::string_view s = *v;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && IsAsciiSpace(s[i])) ++i;
    size_t j = i;
    while (j < s.size() && !IsAsciiSpace(s[j])) ++j;
    if (j > i && s.substr(i, j - i) == cls) return true;
    i = j;
  }
  return false;
}

std::string Document::TextContent(NodeId id) const {
  if (IsText(id)) return std::string(Text(id));
  std::string out;
  for (NodeId n = id + 1; n < nodes_[id].subtree_end; ++n) {
    if (IsText(n)) out += Text(n);
  }
  return out;
}

std::string Document::Title() const {
  for (NodeId i = 0; i < nodes_.size(); ++i) {
    if (nodes_[i].kind == NodeKind::kElement && nodes_[i].tag == Tag::kTitle) {
      return CollapseWhitespace(TextContent(i));
    }
  }
  return std::string();
}

NodeId Document::GetElementById(std::string_view id) const {
  Atom a = FindAtom("id");
  if (a == kNoAtom) return kNoNode;
  for (NodeId i = 0; i < nodes_.size(); ++i) {
    auto v = AttrByAtom(i, a);
    if (v && *v == id) return i;
  }
  return kNoNode;
}

bool Document::IsInclusiveAncestor(NodeId ancestor, NodeId id) const {
  for (NodeId n = id; n != kNoNode; n = nodes_[n].parent) {
    if (n == ancestor) return true;
  }
  return false;
}

NodeId Document::ClosestTag(NodeId id, Tag tag) const {
  for (NodeId n = id; n != kNoNode; n = nodes_[n].parent) {
    if (nodes_[n].kind == NodeKind::kElement && nodes_[n].tag == tag) return n;
  }
  return kNoNode;
}

std::string Document::OuterHtml(NodeId id) const {
  const Node& n = nodes_[id];
  if (n.kind == NodeKind::kText) return HtmlEscape(Text(id));
  std::string out;
  if (n.kind == NodeKind::kElement) {
    out += '<';
    out += TagNameOf(id);
    for (const Attribute* a = attrs_begin(id); a != attrs_end(id); ++a) {
      out += ' ';
      out += AttrName(*a);
      out += "=\"";
      out += HtmlEscape(AttrValue(*a));
      out += '"';
    }
    out += '>';
    if (IsVoid(n.tag)) return out;
  }
  for (NodeId c = n.first_child; c != kNoNode; c = nodes_[c].next_sibling) out += OuterHtml(c);
  if (n.kind == NodeKind::kElement) {
    out += "</";
    out += TagNameOf(id);
    out += '>';
  }
  return out;
}

Result<Document> ParseHtml(std::string_view html) {
  if (html.size() > (1u << 30)) return InvalidArgument("HTML document larger than 1 GiB");
  // A fresh arena per parse keeps the allocator simple and thread-safe.
  ParseArena arena;
  GumboOptions options = kGumboDefaultOptions;
  options.allocator = [](void* userdata, size_t size) {
    return static_cast<ParseArena*>(userdata)->Alloc(size);
  };
  options.deallocator = [](void*, void*) {};
  options.userdata = &arena;
  options.max_errors = 0;  // parse errors are repaired either way; recording them is costly
  GumboOutput* out = gumbo_parse_with_options(&options, html.data(), html.size());
  if (out == nullptr) return Internal("gumbo_parse failed");
  Document doc;
  const GumboNode* root = out->document;
  for (unsigned i = 0; i < root->v.document.children.length; ++i) {
    BuildFromGumbo(static_cast<const GumboNode*>(root->v.document.children.data[i]), 0, &doc);
  }
  gumbo_destroy_output(&options, out);
  doc.Finish();
  return doc;
}

std::string CollapseWhitespace(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool pending_space = false;
  for (char c : s) {
    if (IsAsciiSpace(c)) {
      pending_space = !out.empty();
    } else {
      if (pending_space) out += ' ';
      pending_space = false;
      out += c;
    }
  }
  return out;
}

std::string HtmlEscape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace wa
