// Flat, arena-backed DOM.
//
// An HTML page is parsed once (Gumbo) into a Document: index arrays for the tree (parent, first
// child, next sibling, ...), interned tag and attribute names, and one string pool for all text and
// attribute values. The Gumbo tree is freed right after. A Document is immutable once built, so it
// can be shared read-only between environments and threads; everything an episode mutates (form
// values, scroll, hover, focus) lives in the page state (sim/page.h), keyed by node id.
#ifndef WEBAGENT_SIM_DOM_H_
#define WEBAGENT_SIM_DOM_H_

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "sim/status.h"

namespace wa {

using NodeId = uint32_t;
inline constexpr NodeId kNoNode = UINT32_MAX;
using Atom = uint32_t;
inline constexpr Atom kNoAtom = UINT32_MAX;

// clang-format off
// Known HTML tags; everything else is Tag::kUnknown with its name kept as an atom.
#define WA_TAG_LIST(X)                                                                             \
  X(kHtml, "html") X(kHead, "head") X(kBody, "body") X(kTitle, "title") X(kMeta, "meta")           \
  X(kLink, "link") X(kStyle, "style") X(kScript, "script") X(kNoscript, "noscript")                \
  X(kTemplate, "template") X(kBase, "base") X(kDiv, "div") X(kSpan, "span") X(kP, "p")             \
  X(kA, "a") X(kB, "b") X(kI, "i") X(kU, "u") X(kS, "s") X(kEm, "em") X(kStrong, "strong")         \
  X(kSmall, "small") X(kMark, "mark") X(kCode, "code") X(kPre, "pre") X(kKbd, "kbd")               \
  X(kSub, "sub") X(kSup, "sup") X(kAbbr, "abbr") X(kCite, "cite") X(kQ, "q") X(kTime, "time")      \
  X(kBr, "br") X(kHr, "hr") X(kH1, "h1") X(kH2, "h2") X(kH3, "h3") X(kH4, "h4") X(kH5, "h5")       \
  X(kH6, "h6") X(kUl, "ul") X(kOl, "ol") X(kLi, "li") X(kDl, "dl") X(kDt, "dt") X(kDd, "dd")       \
  X(kTable, "table") X(kCaption, "caption") X(kThead, "thead") X(kTbody, "tbody")                  \
  X(kTfoot, "tfoot") X(kTr, "tr") X(kTh, "th") X(kTd, "td") X(kColgroup, "colgroup")               \
  X(kCol, "col") X(kForm, "form") X(kInput, "input") X(kTextarea, "textarea")                      \
  X(kSelect, "select") X(kOption, "option") X(kOptgroup, "optgroup") X(kButton, "button")          \
  X(kLabel, "label") X(kFieldset, "fieldset") X(kLegend, "legend") X(kImg, "img")                  \
  X(kSvg, "svg") X(kPath, "path") X(kUse, "use") X(kIframe, "iframe") X(kVideo, "video")           \
  X(kAudio, "audio") X(kCanvas, "canvas") X(kObject, "object") X(kEmbed, "embed")                  \
  X(kHeader, "header") X(kFooter, "footer") X(kNav, "nav") X(kMain, "main")                        \
  X(kSection, "section") X(kArticle, "article") X(kAside, "aside") X(kFigure, "figure")            \
  X(kFigcaption, "figcaption") X(kAddress, "address") X(kBlockquote, "blockquote")                 \
  X(kDetails, "details") X(kSummary, "summary") X(kDialog, "dialog") X(kMenu, "menu")              \
  X(kCenter, "center") X(kFont, "font") X(kMap, "map") X(kArea, "area") X(kPicture, "picture")     \
  X(kSource, "source") X(kSearch, "search")
// clang-format on

enum class Tag : uint16_t {
  kUnknown = 0,
#define WA_TAG_ENUM(e, s) e,
  WA_TAG_LIST(WA_TAG_ENUM)
#undef WA_TAG_ENUM
      kCount
};

// Lower-case tag name for a known tag ("" for kUnknown).
std::string_view TagName(Tag tag);
// Tag for a lower-case name, or kUnknown.
Tag TagFromName(std::string_view name);

enum class NodeKind : uint8_t { kDocument, kElement, kText };

struct Node {
  NodeKind kind = NodeKind::kElement;
  Tag tag = Tag::kUnknown;
  Atom name = kNoAtom;  // interned lower-case tag name (elements only)
  NodeId parent = kNoNode;
  NodeId first_child = kNoNode;
  NodeId last_child = kNoNode;
  NodeId next_sibling = kNoNode;
  NodeId prev_sibling = kNoNode;
  NodeId subtree_end = 0;   // nodes are stored in pre-order: the subtree is [id, subtree_end)
  uint32_t attr_begin = 0;  // [attr_begin, attr_end) into Document::attrs()
  uint32_t attr_end = 0;
  uint32_t text_offset = 0;  // text nodes: span into the string pool
  uint32_t text_length = 0;
};

struct Attribute {
  Atom name;
  uint32_t value_offset;
  uint32_t value_length;
};

class Document {
 public:
  Document();
  Document(Document&&) = default;
  Document& operator=(Document&&) = default;
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;

  // Node 0 is the document node. Nodes are stored in document (pre-)order.
  size_t size() const { return nodes_.size(); }
  const Node& node(NodeId id) const { return nodes_[id]; }
  const std::vector<Node>& nodes() const { return nodes_; }
  NodeId root() const { return 0; }
  // The <html>, <head>, <body> elements (kNoNode if absent).
  NodeId html() const { return html_; }
  NodeId head() const { return head_; }
  NodeId body() const { return body_; }

  bool IsElement(NodeId id) const { return nodes_[id].kind == NodeKind::kElement; }
  bool IsText(NodeId id) const { return nodes_[id].kind == NodeKind::kText; }
  Tag tag(NodeId id) const { return nodes_[id].tag; }
  std::string_view TagNameOf(NodeId id) const { return AtomName(nodes_[id].name); }
  std::string_view Text(NodeId id) const {
    return PoolView(nodes_[id].text_offset, nodes_[id].text_length);
  }

  // Attribute lookup by name (lower-case). nullopt when absent.
  std::optional<std::string_view> Attr(NodeId id, std::string_view name) const;
  std::optional<std::string_view> AttrByAtom(NodeId id, Atom name) const;
  bool HasAttr(NodeId id, std::string_view name) const { return Attr(id, name).has_value(); }
  std::string_view AttrOr(NodeId id, std::string_view name, std::string_view fallback = {}) const {
    auto v = Attr(id, name);
    return v ? *v : fallback;
  }
  std::string_view AttrName(const Attribute& a) const { return AtomName(a.name); }
  std::string_view AttrValue(const Attribute& a) const {
    return PoolView(a.value_offset, a.value_length);
  }
  const Attribute* attrs_begin(NodeId id) const { return attrs_.data() + nodes_[id].attr_begin; }
  const Attribute* attrs_end(NodeId id) const { return attrs_.data() + nodes_[id].attr_end; }
  // True when the element's class attribute contains cls as a whole word.
  bool HasClass(NodeId id, std::string_view cls) const;

  Atom FindAtom(std::string_view name) const;
  std::string_view AtomName(Atom a) const {
    return a == kNoAtom ? std::string_view() : atom_names_[a];
  }

  // The concatenation of all descendant text nodes (DOM textContent).
  std::string TextContent(NodeId id) const;
  // The document title (text of the first <title>), whitespace-collapsed.
  std::string Title() const;
  // First element with the given id attribute, or kNoNode.
  NodeId GetElementById(std::string_view id) const;
  // True when `ancestor` is `id` or one of its ancestors.
  bool IsInclusiveAncestor(NodeId ancestor, NodeId id) const;
  // Nearest inclusive ancestor element with the given tag, or kNoNode.
  NodeId ClosestTag(NodeId id, Tag tag) const;
  // Serialises the subtree as HTML (for debugging and golden tests).
  std::string OuterHtml(NodeId id) const;

  // --- Building (used by the parser and tests) ---
  NodeId AppendElement(NodeId parent, std::string_view name);
  NodeId AppendText(NodeId parent, std::string_view text);
  void AddAttribute(NodeId element, std::string_view name, std::string_view value);
  // Called once after building: records html/head/body and subtree ranges.
  void Finish();

 private:
  std::string_view PoolView(uint32_t off, uint32_t len) const {
    return std::string_view(pool_.data() + off, len);
  }
  uint32_t AddToPool(std::string_view s);
  Atom Intern(std::string_view name);
  NodeId AppendNode(NodeId parent, Node n);

  std::vector<Node> nodes_;
  std::vector<Attribute> attrs_;
  std::string pool_;
  std::deque<std::string> atom_names_;                // deque: stable addresses for the views below
  std::unordered_map<std::string_view, Atom> atoms_;  // keys view into atom_names_
  NodeId html_ = kNoNode, head_ = kNoNode, body_ = kNoNode;
};

// Parses an HTML document with Gumbo (the HTML5 parsing algorithm, so malformed markup is
// repaired as a browser would). Comments are dropped; whitespace text is kept.
// Attributes are added in source order; attr_begin..attr_end of a node are contiguous because
// the parser adds all of an element's attributes before its children.
Result<Document> ParseHtml(std::string_view html);

// Collapses runs of ASCII whitespace into one space and trims both ends.
std::string CollapseWhitespace(std::string_view s);
// Escapes &, <, >, " for HTML text and attribute values.
std::string HtmlEscape(std::string_view s);

}  // namespace wa

#endif  // WEBAGENT_SIM_DOM_H_
