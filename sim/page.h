// Page: one loaded document in a tab, with everything an episode changes about it.
//
// The Document (immutable, shareable) is parsed once per navigation. The Page adds computed
// styles and layout (recomputed only when :hover/:focus/:checked state changes what the site
// stylesheet matches), form control state (values, checkedness, selection), scroll position,
// hover and focus, and the element labels of the last observation.
#ifndef WEBAGENT_SIM_PAGE_H_
#define WEBAGENT_SIM_PAGE_H_

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "sim/dom.h"
#include "sim/layout.h"
#include "sim/style.h"

namespace wa {

// The kind of form control an element is, for actions and observations.
enum class ControlKind : uint8_t {
  kNone,
  kText,  // input of a text-like type, textarea, contenteditable
  kCheckbox,
  kRadio,
  kSelect,
  kSubmit,  // button (type submit), input type submit/image
  kButton,  // button type button/reset, input type button/reset
  kHidden,
};

// A parsed document with its initial styles and layout (no hover or focus, markup's checked
// state). Immutable; shared between pages, environments and threads through PageCache.
struct CompiledPage {
  std::shared_ptr<const Document> doc;
  std::vector<ComputedStyle> styles;
  LayoutResult layout;

  // Observations of the page in its initial state (no scroll, hover, focus or form edits),
  // keyed by the observation settings and URL. Thread-safe; a pure cache of RenderObservation.
  bool LookupObservation(uint64_t key, std::string* text, std::vector<NodeId>* labels) const;
  void StoreObservation(uint64_t key, const std::string& text,
                        const std::vector<NodeId>& labels) const;
  // Per-node clickable flags for the initial styles, computed once by `compute`.
  const std::vector<uint8_t>& Clickable(const std::function<std::vector<uint8_t>()>& compute) const;

 private:
  struct CachedObservation {
    uint64_t key;
    std::string text;
    std::vector<NodeId> labels;
  };
  mutable std::mutex observation_mu_;
  mutable std::vector<CachedObservation> observations_;  // at most a few entries
  mutable std::once_flag clickable_once_;
  mutable std::vector<uint8_t> clickable_;
};

// Parses, styles and lays out HTML.
Result<std::shared_ptr<const CompiledPage>> CompilePage(
    std::string_view html, const std::vector<const StyleSheet*>& sheets,
    const LayoutOptions& layout_options);

// A process-wide, content-addressed cache of compiled pages: identical HTML bytes with the same
// stylesheets and viewport give the same compiled page, so a hit is always exact (the key
// includes the full HTML, compared on lookup). Thread-safe; bounded (least recently inserted
// entries are evicted first).
class PageCache {
 public:
  static PageCache& Global();
  Result<std::shared_ptr<const CompiledPage>> GetOrCompile(
      std::string_view html, const std::vector<const StyleSheet*>& sheets,
      const LayoutOptions& layout_options);
  // 0 turns caching off (every call compiles); existing entries stay for later use.
  void set_capacity(size_t entries);
  size_t size() const;
  uint64_t hits() const;
  uint64_t misses() const;

 private:
  struct Impl;
  PageCache();
  Impl* impl_;
};

class Page {
 public:
  Page(std::shared_ptr<const Document> doc, std::string url, std::vector<const StyleSheet*> sheets,
       const LayoutOptions& layout_options);
  Page(std::shared_ptr<const CompiledPage> compiled, std::string url,
       std::vector<const StyleSheet*> sheets, const LayoutOptions& layout_options);

  const Document& doc() const { return *doc_; }
  const std::shared_ptr<const Document>& doc_ptr() const { return doc_; }
  const std::string& url() const { return url_; }
  const std::string& title() const { return title_; }
  const std::vector<ComputedStyle>& styles() const {
    return restyled_ ? styles_ : compiled_->styles;
  }
  const LayoutResult& layout() const { return restyled_ ? layout_ : compiled_->layout; }
  const LayoutOptions& layout_options() const { return layout_options_; }

  // --- Form state ---
  ControlKind Control(NodeId id) const;
  // Current value of a text control (or the value attribute of other inputs).
  std::string Value(NodeId id) const;
  void SetValue(NodeId id, std::string value);
  bool Checked(NodeId id) const;
  // Checking a radio unchecks the others of its group (same name, same form).
  void SetChecked(NodeId id, bool checked);
  // Option elements of a <select> (inside optgroups too), in order.
  std::vector<NodeId> Options(NodeId select) const;
  int SelectedIndex(NodeId select) const;  // -1 when it has no options
  void SetSelectedIndex(NodeId select, int index);
  bool Disabled(NodeId id) const;
  // The form an element belongs to (form attribute or nearest ancestor), or kNoNode.
  NodeId FormOf(NodeId id) const;
  // The control a <label> activates (for= or first descendant control), or kNoNode.
  NodeId LabelTarget(NodeId label) const;

  // A same-document navigation (a fragment link): the URL changes, the document stays.
  void SetUrl(std::string url) {
    url_ = std::move(url);
    pristine_ = false;
  }
  // Scrolls as a browser does for a URL fragment: the element whose id is `fragment` (else the
  // first <a name=fragment>) to the top of the viewport, as far as the document allows. Returns
  // whether such an element exists.
  bool ScrollToFragment(std::string_view fragment);

  // --- Viewport, hover, focus ---
  float scroll_y() const { return scroll_y_; }
  // Scrolls by dy pixels, clamped to the document. Returns whether the position changed.
  bool ScrollBy(float dy);
  float max_scroll() const;
  NodeId hovered() const { return hovered_; }
  NodeId focused() const { return focused_; }
  void SetHovered(NodeId id);
  void SetFocused(NodeId id);

  // Box in viewport coordinates.
  Box ViewportBox(NodeId id) const {
    Box b = layout().boxes[id];
    b.y -= scroll_y_;
    return b;
  }
  // Rendered, visibility:visible, with a box of at least 1 px^2 intersecting the viewport.
  bool InViewport(NodeId id) const;
  // WebRL's clickable test (tag, role, cursor:pointer, onclick, tabindex, label with control,
  // class containing "button", contenteditable, img[usemap]).
  bool IsClickable(NodeId id) const;

  // Element labels of the current observation: visible clickable elements that contain no
  // other visible clickable element, in document order. Recomputed by UpdateLabels().
  const std::vector<NodeId>& labels() const { return labels_; }
  void UpdateLabels();
  // Installs labels computed earlier for the same compiled page in the same state.
  void SetLabels(std::vector<NodeId> labels);
  // True while the page is as loaded: no scroll, hover, focus, restyle or form edit.
  bool pristine() const { return pristine_; }
  const CompiledPage* compiled() const { return compiled_.get(); }
  // Label index of a node in the current labels, or -1.
  int LabelOf(NodeId id) const;

 private:
  void Restyle();
  void InitFormState();

  std::shared_ptr<const CompiledPage> compiled_;
  std::shared_ptr<const Document> doc_;
  bool restyled_ = false;  // styles_/layout_ hold this page's own restyled copy
  bool pristine_ = true;   // see pristine()
  std::string url_;
  std::string title_;
  std::vector<const StyleSheet*> sheets_;
  LayoutOptions layout_options_;
  std::vector<ComputedStyle> styles_;
  LayoutResult layout_;
  unsigned dynamic_mask_ = 0;  // pseudo-classes the sheets use (see StyleSheet::dynamic_mask)

  std::unordered_map<NodeId, std::string> values_;
  std::vector<uint8_t> checked_;  // per node
  std::unordered_map<NodeId, int> selected_;
  float scroll_y_ = 0;
  NodeId hovered_ = kNoNode;
  NodeId focused_ = kNoNode;
  std::vector<NodeId> labels_;
  std::vector<int> label_index_;    // per node: label id or -1
  std::vector<uint8_t> clickable_;  // per node, after a restyle (else the compiled page's)
  std::vector<uint8_t> ComputeClickable() const;
};

}  // namespace wa

#endif  // WEBAGENT_SIM_PAGE_H_
