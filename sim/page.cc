#include "sim/page.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <mutex>

#include "sim/url.h"

namespace wa {
namespace {

// ASCII case-insensitive equality with a lower-case literal, without allocating.
bool EqualsLower(std::string_view value, std::string_view lower) {
  if (value.size() != lower.size()) return false;
  for (size_t i = 0; i < value.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(value[i])) != lower[i]) return false;
  }
  return true;
}

}  // namespace

bool CompiledPage::LookupObservation(uint64_t key, std::string* text,
                                     std::vector<NodeId>* labels) const {
  std::lock_guard<std::mutex> lock(observation_mu_);
  for (const CachedObservation& c : observations_) {
    if (c.key == key) {
      *text = c.text;
      *labels = c.labels;
      return true;
    }
  }
  return false;
}

void CompiledPage::StoreObservation(uint64_t key, const std::string& text,
                                    const std::vector<NodeId>& labels) const {
  std::lock_guard<std::mutex> lock(observation_mu_);
  for (const CachedObservation& c : observations_) {
    if (c.key == key) return;
  }
  if (observations_.size() >= 4) observations_.erase(observations_.begin());
  observations_.push_back({key, text, labels});
}

const std::vector<uint8_t>& CompiledPage::Clickable(
    const std::function<std::vector<uint8_t>()>& compute) const {
  std::call_once(clickable_once_, [&] { clickable_ = compute(); });
  return clickable_;
}

Result<std::shared_ptr<const CompiledPage>> CompilePage(
    std::string_view html, const std::vector<const StyleSheet*>& sheets,
    const LayoutOptions& layout_options) {
  auto doc = ParseHtml(html);
  if (!doc.ok()) return doc.status();
  auto page = std::make_shared<CompiledPage>();
  page->doc = std::make_shared<const Document>(std::move(*doc));
  MatchState state;
  ComputeStyles(*page->doc, sheets, &state, &page->styles);
  ComputeLayout(*page->doc, page->styles, layout_options, &page->layout);
  return std::shared_ptr<const CompiledPage>(std::move(page));
}

struct PageCache::Impl {
  struct Entry {
    std::string html;
    std::vector<const StyleSheet*> sheets;
    float width, height;
    std::shared_ptr<const CompiledPage> page;
  };
  mutable std::mutex mu;
  std::unordered_map<uint64_t, Entry> entries;
  std::deque<uint64_t> order;
  size_t capacity = 1024;
  uint64_t hits = 0, misses = 0;
};

PageCache::PageCache() : impl_(new Impl()) {}

PageCache& PageCache::Global() {
  static PageCache* cache = new PageCache();
  return *cache;
}

void PageCache::set_capacity(size_t entries) {
  std::lock_guard<std::mutex> lock(impl_->mu);
  impl_->capacity = entries;
}
size_t PageCache::size() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->entries.size();
}
uint64_t PageCache::hits() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->hits;
}
uint64_t PageCache::misses() const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  return impl_->misses;
}

Result<std::shared_ptr<const CompiledPage>> PageCache::GetOrCompile(
    std::string_view html, const std::vector<const StyleSheet*>& sheets,
    const LayoutOptions& layout_options) {
  {
    std::lock_guard<std::mutex> lock(impl_->mu);
    if (impl_->capacity == 0) {  // caching off: always compile
      ++impl_->misses;
      return CompilePage(html, sheets, layout_options);
    }
  }
  uint64_t key = std::hash<std::string_view>()(html);
  for (const StyleSheet* s : sheets) key = key * 1099511628211ULL ^ reinterpret_cast<uintptr_t>(s);
  key ^= static_cast<uint64_t>(layout_options.viewport_width) << 20;
  key ^= static_cast<uint64_t>(layout_options.viewport_height) << 40;
  {
    std::lock_guard<std::mutex> lock(impl_->mu);
    auto it = impl_->entries.find(key);
    if (it != impl_->entries.end() && it->second.html == html && it->second.sheets == sheets &&
        it->second.width == layout_options.viewport_width &&
        it->second.height == layout_options.viewport_height) {
      ++impl_->hits;
      return it->second.page;
    }
    ++impl_->misses;
  }
  auto page = CompilePage(html, sheets, layout_options);
  if (!page.ok() || impl_->capacity == 0) return page;
  std::lock_guard<std::mutex> lock(impl_->mu);
  if (impl_->entries.count(key) == 0) {
    impl_->order.push_back(key);
    while (impl_->order.size() > impl_->capacity) {
      impl_->entries.erase(impl_->order.front());
      impl_->order.pop_front();
    }
  }
  impl_->entries[key] = Impl::Entry{std::string(html), sheets, layout_options.viewport_width,
                                    layout_options.viewport_height, *page};
  return page;
}

Page::Page(std::shared_ptr<const Document> doc, std::string url,
           std::vector<const StyleSheet*> sheets, const LayoutOptions& layout_options)
    : doc_(std::move(doc)),
      url_(std::move(url)),
      sheets_(std::move(sheets)),
      layout_options_(layout_options) {
  auto compiled = std::make_shared<CompiledPage>();
  compiled->doc = doc_;
  MatchState state;
  ComputeStyles(*doc_, sheets_, &state, &compiled->styles);
  ComputeLayout(*doc_, compiled->styles, layout_options_, &compiled->layout);
  compiled_ = std::move(compiled);
  InitFormState();
}

Page::Page(std::shared_ptr<const CompiledPage> compiled, std::string url,
           std::vector<const StyleSheet*> sheets, const LayoutOptions& layout_options)
    : compiled_(std::move(compiled)),
      doc_(compiled_->doc),
      url_(std::move(url)),
      sheets_(std::move(sheets)),
      layout_options_(layout_options) {
  InitFormState();
}

void Page::InitFormState() {
  const Document& d = *doc_;
  title_ = d.Title();
  for (const StyleSheet* s : sheets_) dynamic_mask_ |= s->dynamic_mask();
  checked_.assign(d.size(), 0);
  // Initial form state from the markup.
  for (NodeId id = 0; id < d.size(); ++id) {
    if (!d.IsElement(id)) continue;
    Tag t = d.tag(id);
    if (t != Tag::kInput && t != Tag::kTextarea && t != Tag::kSelect &&
        d.attrs_begin(id) == d.attrs_end(id)) {
      continue;  // fast path: no attributes, not a form control
    }
    switch (Control(id)) {
      case ControlKind::kText:
        if (d.tag(id) == Tag::kTextarea) {
          std::string text = d.TextContent(id);
          if (!text.empty() && text[0] == '\n') text.erase(0, 1);  // HTML drops one newline
          values_[id] = std::move(text);
        } else if (auto v = d.Attr(id, "value")) {
          values_[id] = std::string(*v);
        }
        break;
      case ControlKind::kCheckbox:
      case ControlKind::kRadio:
        checked_[id] = d.HasAttr(id, "checked");
        break;
      case ControlKind::kSelect: {
        auto opts = Options(id);
        int sel = opts.empty() ? -1 : 0;
        for (size_t i = 0; i < opts.size(); ++i) {
          if (d.HasAttr(opts[i], "selected")) sel = static_cast<int>(i);
        }
        selected_[id] = sel;
        break;
      }
      default:
        break;
    }
  }
}

void Page::Restyle() {
  MatchState state;
  state.hovered = hovered_;
  state.focused = focused_;
  state.is_checked = [this](NodeId id) {
    if (doc_->tag(id) == Tag::kOption) {
      NodeId sel = doc_->ClosestTag(id, Tag::kSelect);
      if (sel == kNoNode) return doc_->HasAttr(id, "selected");
      auto opts = Options(sel);
      int idx = SelectedIndex(sel);
      return idx >= 0 && opts[idx] == id;
    }
    return Checked(id);
  };
  ComputeStyles(*doc_, sheets_, &state, &styles_);
  ComputeLayout(*doc_, styles_, layout_options_, &layout_);
  restyled_ = true;
  clickable_.clear();  // cursor:pointer may have changed
  scroll_y_ = std::min(scroll_y_, max_scroll());
}

ControlKind Page::Control(NodeId id) const {
  const Document& d = *doc_;
  if (!d.IsElement(id)) return ControlKind::kNone;
  switch (d.tag(id)) {
    case Tag::kTextarea:
      return ControlKind::kText;
    case Tag::kSelect:
      return ControlKind::kSelect;
    case Tag::kButton: {
      std::string_view type = d.AttrOr(id, "type", "submit");
      return EqualsLower(type, "submit") ? ControlKind::kSubmit : ControlKind::kButton;
    }
    case Tag::kInput: {
      std::string_view type = d.AttrOr(id, "type", "text");
      if (EqualsLower(type, "checkbox")) return ControlKind::kCheckbox;
      if (EqualsLower(type, "radio")) return ControlKind::kRadio;
      if (EqualsLower(type, "submit") || EqualsLower(type, "image")) return ControlKind::kSubmit;
      if (EqualsLower(type, "button") || EqualsLower(type, "reset")) return ControlKind::kButton;
      if (EqualsLower(type, "hidden")) return ControlKind::kHidden;
      if (EqualsLower(type, "file") || EqualsLower(type, "color") || EqualsLower(type, "range")) {
        return ControlKind::kButton;
      }
      return ControlKind::kText;
    }
    default: {
      auto ce = d.Attr(id, "contenteditable");
      if (ce && (*ce == "" || *ce == "true")) return ControlKind::kText;
      return ControlKind::kNone;
    }
  }
}

std::string Page::Value(NodeId id) const {
  auto it = values_.find(id);
  if (it != values_.end()) return it->second;
  if (Control(id) == ControlKind::kSelect) {
    auto opts = Options(id);
    int idx = SelectedIndex(id);
    if (idx < 0) return std::string();
    auto v = doc_->Attr(opts[idx], "value");
    return v ? std::string(*v) : CollapseWhitespace(doc_->TextContent(opts[idx]));
  }
  if (Control(id) == ControlKind::kCheckbox || Control(id) == ControlKind::kRadio) {
    return std::string(doc_->AttrOr(id, "value", "on"));
  }
  return std::string(doc_->AttrOr(id, "value"));
}

void Page::SetValue(NodeId id, std::string value) {
  values_[id] = std::move(value);
  pristine_ = false;
}

bool Page::Checked(NodeId id) const { return id < checked_.size() && checked_[id]; }

void Page::SetChecked(NodeId id, bool checked) {
  const Document& d = *doc_;
  if (checked && Control(id) == ControlKind::kRadio) {
    std::string_view name = d.AttrOr(id, "name");
    NodeId form = FormOf(id);
    for (NodeId other = 0; other < d.size(); ++other) {
      if (other != id && checked_[other] && Control(other) == ControlKind::kRadio &&
          d.AttrOr(other, "name") == name && FormOf(other) == form) {
        checked_[other] = 0;
      }
    }
  }
  checked_[id] = checked;
  pristine_ = false;
  if (dynamic_mask_ & 4u) Restyle();
}

std::vector<NodeId> Page::Options(NodeId select) const {
  std::vector<NodeId> out;
  const Document& d = *doc_;
  for (NodeId n = select + 1; n < d.node(select).subtree_end; ++n) {
    if (d.IsElement(n) && d.tag(n) == Tag::kOption) out.push_back(n);
  }
  return out;
}

int Page::SelectedIndex(NodeId select) const {
  auto it = selected_.find(select);
  return it == selected_.end() ? -1 : it->second;
}

void Page::SetSelectedIndex(NodeId select, int index) {
  selected_[select] = index;
  pristine_ = false;
  if (dynamic_mask_ & 4u) Restyle();
}

bool Page::Disabled(NodeId id) const {
  const Document& d = *doc_;
  if (d.HasAttr(id, "disabled")) return true;
  for (NodeId p = d.node(id).parent; p != kNoNode && p != 0; p = d.node(p).parent) {
    if (d.tag(p) == Tag::kFieldset && d.HasAttr(p, "disabled")) return true;
  }
  return false;
}

NodeId Page::FormOf(NodeId id) const {
  const Document& d = *doc_;
  if (auto f = d.Attr(id, "form")) {
    NodeId target = d.GetElementById(*f);
    if (target != kNoNode && d.tag(target) == Tag::kForm) return target;
  }
  return d.ClosestTag(id, Tag::kForm);
}

NodeId Page::LabelTarget(NodeId label) const {
  const Document& d = *doc_;
  if (auto f = d.Attr(label, "for")) {
    NodeId target = d.GetElementById(*f);
    if (target != kNoNode && Control(target) != ControlKind::kNone &&
        Control(target) != ControlKind::kHidden) {
      return target;
    }
    return kNoNode;
  }
  for (NodeId n = label + 1; n < d.node(label).subtree_end; ++n) {
    ControlKind k = Control(n);
    if (k != ControlKind::kNone && k != ControlKind::kHidden) return n;
  }
  return kNoNode;
}

float Page::max_scroll() const {
  return std::max(0.f, layout().document_height - layout_options_.viewport_height);
}

bool Page::ScrollToFragment(std::string_view fragment) {
  if (fragment.empty()) return false;
  const std::string wanted = UrlDecode(fragment);
  const Document& d = *doc_;
  NodeId target = d.GetElementById(wanted);
  for (NodeId n = 0; target == kNoNode && n < d.size(); ++n) {
    if (d.IsElement(n) && d.tag(n) == Tag::kA && d.AttrOr(n, "name") == wanted) target = n;
  }
  if (target == kNoNode) return false;
  if (layout().has_box[target]) ScrollBy(layout().boxes[target].y - scroll_y_);
  return true;
}

bool Page::ScrollBy(float dy) {
  float before = scroll_y_;
  scroll_y_ = std::clamp(scroll_y_ + dy, 0.f, max_scroll());
  if (scroll_y_ != before) pristine_ = false;
  return scroll_y_ != before;
}

void Page::SetHovered(NodeId id) {
  if (hovered_ == id) return;
  hovered_ = id;
  pristine_ = false;
  if (dynamic_mask_ & 1u) Restyle();
}

void Page::SetFocused(NodeId id) {
  if (focused_ == id) return;
  focused_ = id;
  pristine_ = false;
  if (dynamic_mask_ & 2u) Restyle();
}

bool Page::InViewport(NodeId id) const {
  if (!layout().has_box[id] || !styles()[id].visible) return false;
  Box b = ViewportBox(id);
  float x0 = std::max(b.x, 0.f), y0 = std::max(b.y, 0.f);
  float x1 = std::min(b.x + b.w, layout_options_.viewport_width);
  float y1 = std::min(b.y + b.h, layout_options_.viewport_height);
  return x1 > x0 && y1 > y0 && (x1 - x0) * (y1 - y0) >= 1.f;
}

bool Page::IsClickable(NodeId id) const {
  const Document& d = *doc_;
  if (!d.IsElement(id)) return false;
  switch (d.tag(id)) {
    case Tag::kInput:
      return Control(id) != ControlKind::kHidden;
    case Tag::kTextarea:
    case Tag::kSelect:
    case Tag::kButton:
    case Tag::kA:
    case Tag::kIframe:
    case Tag::kVideo:
    case Tag::kObject:
    case Tag::kEmbed:
    case Tag::kDetails:
      return true;
    case Tag::kLabel:
      return LabelTarget(id) != kNoNode && !Disabled(LabelTarget(id));
    case Tag::kImg:
      if (d.HasAttr(id, "usemap")) return true;
      break;
    default:
      break;
  }
  if (styles()[id].cursor_pointer || d.HasAttr(id, "onclick")) return true;
  if (auto role = d.Attr(id, "role")) {
    static constexpr std::string_view kRoles[] = {"button",        "tab",      "link",
                                                  "checkbox",      "menuitem", "menuitemcheckbox",
                                                  "menuitemradio", "radio"};
    for (std::string_view r : kRoles) {
      if (*role == r) return true;
    }
  }
  if (Control(id) == ControlKind::kText) return true;  // contenteditable
  if (auto cls = d.Attr(id, "class"); cls && cls->find("button") != std::string_view::npos) {
    return true;
  }
  if (auto tab = d.Attr(id, "tabindex")) {
    if (!tab->empty() && (*tab)[0] != '-' && std::isdigit(static_cast<unsigned char>((*tab)[0]))) {
      return true;
    }
  }
  return false;
}

std::vector<uint8_t> Page::ComputeClickable() const {
  const Document& d = *doc_;
  std::vector<uint8_t> flags(d.size(), 0);
  for (NodeId id = 0; id < d.size(); ++id) {
    if (!d.IsElement(id) || !layout().has_box[id] || !IsClickable(id)) continue;
    bool hidden = false;
    for (NodeId a = id; a != kNoNode && a != 0 && !hidden; a = d.node(a).parent) {
      auto v = d.Attr(a, "aria-hidden");
      hidden = v && *v == "true";
    }
    flags[id] = !hidden;
  }
  return flags;
}

void Page::UpdateLabels() {
  const Document& d = *doc_;
  labels_.clear();
  label_index_.assign(d.size(), -1);
  // Clickability depends on styles only: shared by all pages of a compiled page until a restyle.
  const std::vector<uint8_t>* clickable = nullptr;
  if (restyled_) {
    if (clickable_.size() != d.size()) clickable_ = ComputeClickable();
    clickable = &clickable_;
  } else {
    clickable = &compiled_->Clickable([this] { return ComputeClickable(); });
  }
  // Candidates: visible clickables. Keep innermost: drop any candidate that contains a later
  // candidate (pre-order storage makes descendants follow their ancestor).
  std::vector<NodeId> cand;
  for (NodeId id = 0; id < d.size(); ++id) {
    if ((*clickable)[id] && InViewport(id)) cand.push_back(id);
  }
  for (size_t i = 0; i < cand.size(); ++i) {
    bool contains_other = i + 1 < cand.size() && cand[i + 1] < d.node(cand[i]).subtree_end;
    if (!contains_other) {
      label_index_[cand[i]] = static_cast<int>(labels_.size());
      labels_.push_back(cand[i]);
    }
  }
}

void Page::SetLabels(std::vector<NodeId> labels) {
  labels_ = std::move(labels);
  label_index_.assign(doc_->size(), -1);
  for (size_t i = 0; i < labels_.size(); ++i) label_index_[labels_[i]] = static_cast<int>(i);
}

int Page::LabelOf(NodeId id) const { return id < label_index_.size() ? label_index_[id] : -1; }

}  // namespace wa
