#include "sim/browser.h"

#include <algorithm>
#include <cctype>

namespace wa {
namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string UnreachablePage(const std::string& url) {
  return "<html><head><title>This site can't be reached</title></head><body><h1>This site "
         "can't be reached</h1><p>" +
         HtmlEscape(url) + " refused to connect.</p><p>ERR_CONNECTION_REFUSED</p></body></html>";
}

}  // namespace

Browser::Browser(const BrowserOptions& options) : options_(options) {}

Status Browser::ResetSite(const std::shared_ptr<const SiteModel>& model, bool logged_in) {
  SiteState& s = sites_[model->name];
  if (s.model != model) {
    s.model = model;
    s.db.reset();
  }
  if (!s.db) {
    auto db = Db::OpenMemory();
    if (!db.ok()) return db.status();
    s.db = std::move(*db);
  }
  WA_RETURN_IF_ERROR(s.db->Deserialize(model->pristine, model->pristine_hash));
  s.cookies.clear();
  if (logged_in && !model->default_user.empty()) {
    s.cookies[model->session_cookie] = model->default_user;
  }
  s.writes = 0;
  return Status::Ok();
}

void Browser::CloseAll() {
  tabs_.clear();
  active_ = 0;
}

SiteState* Browser::site(std::string_view name) {
  auto it = sites_.find(std::string(name));
  return it == sites_.end() ? nullptr : &it->second;
}

SiteState* Browser::SiteFor(const Url& url) {
  for (auto& [name, s] : sites_) {
    if (s.model->Owns(url)) return &s;
  }
  return nullptr;
}

Result<uint64_t> Browser::StateHash() {
  uint64_t h = 0x84222325cbf29ce4ULL;
  for (auto& [name, s] : sites_) {
    auto dh = s.db->ContentHash();
    if (!dh.ok()) return dh.status();
    h = Rng::Mix(h ^ Rng::HashString(name)) ^ *dh;
    for (const auto& [k, v] : s.cookies) h = Rng::Mix(h ^ Rng::HashString(k + "=" + v));
  }
  return h;
}

Status Browser::Load(std::string method, std::string url_text, const QueryParams& form,
                     std::unique_ptr<Page>* page) {
  auto url = ParseUrl(url_text);
  if (!url.ok()) return url.status();
  std::vector<const StyleSheet*> sheets;
  std::string body;
  Url current = *url;
  for (int hop = 0;; ++hop) {
    if (hop > options_.max_redirects) {
      body =
          "<html><head><title>Too many redirects</title></head><body><h1>This page isn't "
          "working</h1><p>ERR_TOO_MANY_REDIRECTS</p></body></html>";
      break;
    }
    SiteState* s = SiteFor(current);
    if (s == nullptr) {
      body = UnreachablePage(current.ToString());
      sheets.clear();
      break;
    }
    Request req;
    req.method = method;
    req.url = current;
    req.query = current.Params();
    if (method == "POST") req.form = form;
    req.cookies = s->cookies;
    SiteContext ctx(now_, rng_ ? rng_ : &default_rng_);
    ctx.model = s->model.get();
    ctx.db = s->db.get();
    auto sess = s->cookies.find(s->model->session_cookie);
    if (sess != s->cookies.end()) ctx.user = sess->second;
    Response resp;
    // A GET whose response is known for this database content, URL and cookies is not run again
    // (see ResponseCache); otherwise the handler runs, and its response is kept when it wrote
    // nothing and read neither the clock nor the generator.
    std::optional<std::string> cache_key;
    if (method == "GET") cache_key = ResponseCache::Key(*s->model, *s->db, req);
    if (!cache_key || !ResponseCache::Global().Lookup(*cache_key, &resp)) {
      s->model->Dispatch(&req, &ctx, &resp);
      if (cache_key && !ctx.read_clock_or_rng() &&
          ResponseCache::Key(*s->model, *s->db, req) == cache_key) {
        ResponseCache::Global().Store(*cache_key, resp);
      }
    }
    if (method == "POST") ++s->writes;
    for (const auto& [k, v] : resp.set_cookies) {
      if (v.empty()) {
        s->cookies.erase(k);
      } else {
        s->cookies[k] = v;
      }
    }
    if (!resp.location.empty()) {
      auto next = ResolveUrl(current, resp.location);
      if (!next.ok()) return next.status();
      current = *next;
      method = "GET";
      continue;
    }
    body = std::move(resp.body);
    sheets = {&s->model->stylesheet};
    break;
  }
  auto compiled = PageCache::Global().GetOrCompile(body, sheets, options_.layout);
  if (!compiled.ok()) return compiled.status();
  *page = std::make_unique<Page>(std::move(*compiled), current.ToString(), std::move(sheets),
                                 options_.layout);
  return Status::Ok();
}

// A new history entry after the current one (forward entries dropped); the page left keeps its
// scroll position for a later Go Back.
void Browser::PushHistory(Tab* t, const std::string& url) {
  t->scrolls.resize(t->history.size(), 0.f);
  if (!t->history.empty()) {
    if (t->page) t->scrolls[t->index] = t->page->scroll_y();
    t->history.resize(t->index + 1);
    t->scrolls.resize(t->index + 1);
  }
  t->history.push_back(url);
  t->scrolls.push_back(0.f);
  if (t->history.size() > options_.max_history) {
    t->history.erase(t->history.begin());
    t->scrolls.erase(t->scrolls.begin());
  }
  t->index = t->history.size() - 1;
}

Status Browser::NavigateTab(size_t tab, std::string method, std::string url,
                            const QueryParams& form, bool push_history) {
  std::unique_ptr<Page> page;
  WA_RETURN_IF_ERROR(Load(std::move(method), std::move(url), form, &page));
  Tab& t = tabs_[tab];
  if (push_history) {
    PushHistory(&t, page->url());
  } else if (!t.history.empty()) {
    t.history[t.index] = page->url();
  }
  // A URL with a fragment opens scrolled to its target.
  if (auto u = ParseUrl(page->url()); u.ok() && !u->fragment.empty()) {
    page->ScrollToFragment(u->fragment);
  }
  t.page = std::move(page);
  return Status::Ok();
}

Status Browser::OpenTab(std::string_view url) {
  tabs_.emplace_back();
  size_t idx = tabs_.size() - 1;
  Status st = NavigateTab(idx, "GET", ExpandPlaceholders(url), {}, true);
  if (!st.ok()) {
    tabs_.pop_back();
    return st;
  }
  active_ = idx;
  return Status::Ok();
}

Status Browser::Navigate(std::string_view url) {
  if (tabs_.empty()) return OpenTab(url);
  return NavigateTab(active_, "GET", ExpandPlaceholders(url), {}, true);
}

Result<NodeId> Browser::Resolve(int element) const {
  const Page* p = page();
  if (p == nullptr) return FailedPrecondition("no page is open");
  const auto& labels = p->labels();
  if (element < 0 || static_cast<size_t>(element) >= labels.size()) {
    std::string range = labels.empty() ? "the page has no interactive elements"
                                       : "valid ids are 0-" + std::to_string(labels.size() - 1);
    return NotFound("element " + std::to_string(element) + " is not in the current observation (" +
                    range + ")");
  }
  return labels[element];
}

std::string Browser::Describe(NodeId node) const {
  const Page* p = page();
  std::string role = AccessibleRole(*p, node);
  return role.empty() ? "a <" + std::string(p->doc().TagNameOf(node)) + "> element"
                      : "a " + role + " (<" + std::string(p->doc().TagNameOf(node)) + ">)";
}

Status Browser::TypeInto(NodeId node, const std::string& text) {
  Page* p = page();
  if (p->Control(node) != ControlKind::kText) {
    // A label for a text field forwards to it, as a click on the label focuses the field.
    NodeId target = p->doc().tag(node) == Tag::kLabel ? p->LabelTarget(node) : kNoNode;
    if (target == kNoNode || p->Control(target) != ControlKind::kText) {
      return FailedPrecondition("cannot type into " + Describe(node) + ": not a text field");
    }
    node = target;
  }
  if (p->Disabled(node)) return FailedPrecondition("the text field is disabled");
  if (p->doc().HasAttr(node, "readonly")) return FailedPrecondition("the text field is read-only");
  std::string value = text;
  if (p->doc().tag(node) == Tag::kInput) {
    // Single-line inputs drop line breaks.
    value.erase(
        std::remove_if(value.begin(), value.end(), [](char c) { return c == '\n' || c == '\r'; }),
        value.end());
    if (auto ml = p->doc().Attr(node, "maxlength")) {
      long n = std::strtol(std::string(*ml).c_str(), nullptr, 10);
      if (n > 0 && value.size() > static_cast<size_t>(n)) value.resize(static_cast<size_t>(n));
    }
  }
  p->SetFocused(node);
  p->SetValue(node, std::move(value));
  return Status::Ok();
}

Status Browser::SubmitForm(NodeId form, NodeId submitter) {
  Page* p = page();
  const Document& d = p->doc();
  QueryParams data;
  // Controls of the form in tree order (descendants, and form= owners elsewhere).
  for (NodeId n = 1; n < d.size(); ++n) {
    if (!d.IsElement(n) || p->FormOf(n) != form) continue;
    ControlKind k = p->Control(n);
    if (k == ControlKind::kNone) continue;
    auto name = d.Attr(n, "name");
    if (!name || name->empty() || p->Disabled(n)) continue;
    switch (k) {
      case ControlKind::kText:
        if (d.HasAttr(n, "required") && p->Value(n).empty()) {
          return FailedPrecondition("the form was not submitted: required field '" +
                                    std::string(*name) + "' is empty");
        }
        data.emplace_back(*name, p->Value(n));
        break;
      case ControlKind::kHidden:
        data.emplace_back(*name, d.AttrOr(n, "value"));
        break;
      case ControlKind::kCheckbox:
      case ControlKind::kRadio:
        if (p->Checked(n)) data.emplace_back(*name, p->Value(n));
        break;
      case ControlKind::kSelect:
        if (p->SelectedIndex(n) >= 0) data.emplace_back(*name, p->Value(n));
        break;
      case ControlKind::kSubmit:
        if (n == submitter) data.emplace_back(*name, d.AttrOr(n, "value"));
        break;
      default:
        break;
    }
  }
  // The form data set's line breaks are CRLF, whatever the control held (HTML's "normalize
  // newlines" step of form submission): a textarea's "a\nb" is sent as "a\r\nb".
  for (auto& [name, value] : data) {
    if (value.find_first_of("\r\n") == std::string::npos) continue;
    std::string crlf;
    for (size_t i = 0; i < value.size(); ++i) {
      if (value[i] == '\r') {
        crlf += "\r\n";
        if (i + 1 < value.size() && value[i + 1] == '\n') ++i;
      } else if (value[i] == '\n') {
        crlf += "\r\n";
      } else {
        crlf += value[i];
      }
    }
    value = std::move(crlf);
  }
  std::string_view action = d.AttrOr(form, "action");
  if (submitter != kNoNode && d.HasAttr(submitter, "formaction")) {
    action = d.AttrOr(submitter, "formaction");
  }
  std::string method = Lower(d.AttrOr(form, "method", "get"));
  if (submitter != kNoNode && d.HasAttr(submitter, "formmethod")) {
    method = Lower(d.AttrOr(submitter, "formmethod"));
  }
  auto base = ParseUrl(p->url());
  if (!base.ok()) return base.status();
  auto target = ResolveUrl(*base, action);
  if (!target.ok()) return target.status();
  bool new_tab = d.AttrOr(form, "target") == "_blank";
  size_t tab = active_;
  if (new_tab && tabs_.size() < options_.max_tabs) {
    tabs_.emplace_back();
    tab = tabs_.size() - 1;
  }
  Status st;
  if (method == "post") {
    st = NavigateTab(tab, "POST", target->ToString(), data, true);
  } else {
    target->query = EncodeQuery(data);
    target->fragment.clear();
    st = NavigateTab(tab, "GET", target->ToString(), {}, true);
  }
  if (!st.ok()) {
    if (tab != active_) tabs_.pop_back();
    return st;
  }
  active_ = tab;
  return Status::Ok();
}

Status Browser::Click(NodeId node) {
  Page* p = page();
  const Document& d = p->doc();
  // The activation target: the nearest inclusive ancestor with activation behaviour.
  for (NodeId n = node; n != kNoNode && n != 0; n = d.node(n).parent) {
    if (!d.IsElement(n)) continue;
    Tag t = d.tag(n);
    ControlKind k = p->Control(n);
    if (t == Tag::kA && d.HasAttr(n, "href")) {
      std::string href(d.AttrOr(n, "href"));
      if (Lower(href).rfind("javascript:", 0) == 0) return Status::Ok();
      auto base = ParseUrl(p->url());
      if (!base.ok()) return base.status();
      auto target = ResolveUrl(*base, href);
      if (!target.ok()) return target.status();
      if (!href.empty() && href[0] == '#') {
        // Same-document fragment, as in a browser: no reload; a new history entry with the
        // fragment (Go Back returns to the page as it was), the target scrolled to the top.
        PushHistory(&tabs_[active_], target->ToString());
        p->SetUrl(target->ToString());
        p->ScrollToFragment(target->fragment);
        return Status::Ok();
      }
      if (d.AttrOr(n, "target") == "_blank" && tabs_.size() < options_.max_tabs) {
        tabs_.emplace_back();
        size_t idx = tabs_.size() - 1;
        Status st = NavigateTab(idx, "GET", target->ToString(), {}, true);
        if (!st.ok()) {
          tabs_.pop_back();
          return st;
        }
        active_ = idx;
        return Status::Ok();
      }
      return NavigateTab(active_, "GET", target->ToString(), {}, true);
    }
    if (k != ControlKind::kNone && p->Disabled(n)) return Status::Ok();  // disabled: no effect
    switch (k) {
      case ControlKind::kSubmit: {
        NodeId form = p->FormOf(n);
        p->SetFocused(n);
        if (form == kNoNode) return Status::Ok();
        return SubmitForm(form, n);
      }
      case ControlKind::kButton:
        p->SetFocused(n);
        if (Lower(d.AttrOr(n, "type")) == "reset") {
          NodeId form = p->FormOf(n);
          for (NodeId c = 1; c < d.size(); ++c) {
            if (p->FormOf(c) != form) continue;
            ControlKind ck = p->Control(c);
            if (ck == ControlKind::kText) p->SetValue(c, std::string(d.AttrOr(c, "value")));
            if (ck == ControlKind::kCheckbox || ck == ControlKind::kRadio) {
              p->SetChecked(c, d.HasAttr(c, "checked"));
            }
          }
        }
        return Status::Ok();
      case ControlKind::kCheckbox:
        p->SetFocused(n);
        p->SetChecked(n, !p->Checked(n));
        return Status::Ok();
      case ControlKind::kRadio:
        p->SetFocused(n);
        p->SetChecked(n, true);
        return Status::Ok();
      case ControlKind::kText:
      case ControlKind::kSelect:
        p->SetFocused(n);
        return Status::Ok();
      default:
        break;
    }
    if (t == Tag::kLabel) {
      NodeId target = p->LabelTarget(n);
      if (target != kNoNode && target != node) return Click(target);
      return Status::Ok();
    }
  }
  return Status::Ok();  // clicking inert content does nothing, as in a browser
}

Status Browser::PressEnter(NodeId node) {
  Page* p = page();
  if (node == kNoNode) return Status::Ok();
  const Document& d = p->doc();
  ControlKind k = p->Control(node);
  if (k == ControlKind::kText && d.tag(node) == Tag::kTextarea) {
    p->SetValue(node, p->Value(node) + "\n");
    return Status::Ok();
  }
  if (k == ControlKind::kText && d.tag(node) == Tag::kInput) {
    // Implicit submission: the form's first submit button is the submitter.
    NodeId form = p->FormOf(node);
    if (form == kNoNode) return Status::Ok();
    NodeId submitter = kNoNode;
    for (NodeId n = form + 1; n < d.node(form).subtree_end; ++n) {
      if (p->Control(n) == ControlKind::kSubmit) {
        submitter = n;
        break;
      }
    }
    if (submitter != kNoNode && p->Disabled(submitter)) return Status::Ok();
    return SubmitForm(form, submitter);
  }
  if ((d.tag(node) == Tag::kA && d.HasAttr(node, "href")) || k == ControlKind::kSubmit ||
      k == ControlKind::kButton) {
    return Click(node);
  }
  return Status::Ok();
}

// Back (-1) or forward (+1) in the active tab's history. As a browser (history.scrollRestoration
// "auto"), the page left keeps its scroll position and the page returned to gets its own back.
Status Browser::Traverse(int delta) {
  Tab& t = tabs_[active_];
  t.scrolls.resize(t.history.size(), 0.f);
  if (t.page) t.scrolls[t.index] = t.page->scroll_y();
  const size_t from = t.index;
  t.index = delta < 0 ? t.index - 1 : t.index + 1;
  Status st = NavigateTab(active_, "GET", t.history[t.index], {}, false);
  if (!st.ok()) {
    t.index = from;
    return st;
  }
  if (t.index < t.scrolls.size() && t.scrolls[t.index] > 0) {
    t.page->ScrollBy(t.scrolls[t.index] - t.page->scroll_y());
  }
  return Status::Ok();
}

Status Browser::Execute(const Action& a) {
  if (tabs_.empty()) return FailedPrecondition("no page is open");
  Page* p = page();
  switch (a.type) {
    case ActionType::kNone:
    case ActionType::kWait:
    case ActionType::kExit:
      return Status::Ok();
    case ActionType::kScrollDown:
      p->ScrollBy(options_.scroll_step);
      return Status::Ok();
    case ActionType::kScrollUp:
      p->ScrollBy(-options_.scroll_step);
      return Status::Ok();
    case ActionType::kGoBack: {
      Tab& t = tabs_[active_];
      if (t.index == 0) return FailedPrecondition("cannot go back: no previous page in this tab");
      return Traverse(-1);
    }
    case ActionType::kGoForward: {
      Tab& t = tabs_[active_];
      if (t.index + 1 >= t.history.size()) {
        return FailedPrecondition("cannot go forward: no next page in this tab");
      }
      return Traverse(1);
    }
    case ActionType::kSwitchTab: {
      char* end = nullptr;
      long idx = std::strtol(a.argument.c_str(), &end, 10);
      if (a.argument.empty() || *end != '\0' || idx < 0 ||
          static_cast<size_t>(idx) >= tabs_.size()) {
        return InvalidArgument("Switch Tab needs a tab index between 0 and " +
                               std::to_string(tabs_.size() - 1) + ", got '" +
                               a.argument.substr(0, 20) + "'");
      }
      active_ = static_cast<size_t>(idx);
      return Status::Ok();
    }
    case ActionType::kPressEnter:
      return PressEnter(p->focused());
    default:
      break;
  }
  auto node = Resolve(a.element);
  if (!node.ok()) return node.status();
  switch (a.type) {
    case ActionType::kClick:
      return Click(*node);
    case ActionType::kRightClick:
      return Status::Ok();  // opens the context menu; no effect on the page
    case ActionType::kHover:
      p->SetHovered(*node);
      return Status::Ok();
    case ActionType::kType:
      return TypeInto(*node, a.argument);
    case ActionType::kSearch: {
      WA_RETURN_IF_ERROR(TypeInto(*node, a.argument));
      return PressEnter(p->focused());
    }
    case ActionType::kSelectOption: {
      NodeId sel = *node;
      if (p->Control(sel) != ControlKind::kSelect) {
        sel = p->doc().tag(sel) == Tag::kLabel ? p->LabelTarget(sel) : kNoNode;
        if (sel == kNoNode || p->Control(sel) != ControlKind::kSelect) {
          return FailedPrecondition("cannot select an option of " + Describe(*node) +
                                    ": not a dropdown");
        }
      }
      if (p->Disabled(sel)) return FailedPrecondition("the dropdown is disabled");
      auto opts = p->Options(sel);
      // An option whose label is the argument wins; otherwise the first that contains it
      // ("science" picks science, not askscience listed before it).
      std::string want = Lower(CollapseWhitespace(a.argument));
      int exact = -1, partial = -1;
      for (size_t i = 0; i < opts.size() && exact < 0; ++i) {
        std::string text = Lower(CollapseWhitespace(p->doc().TextContent(opts[i])));
        if (text == want) {
          exact = static_cast<int>(i);
        } else if (partial < 0 && text.find(want) != std::string::npos) {
          partial = static_cast<int>(i);
        }
      }
      if (exact >= 0 || partial >= 0) {
        p->SetFocused(sel);
        p->SetSelectedIndex(sel, exact >= 0 ? exact : partial);
        return Status::Ok();
      }
      std::string all;
      for (NodeId o : opts) {
        if (!all.empty()) all += ", ";
        all += CollapseWhitespace(p->doc().TextContent(o));
        if (all.size() > 300) break;
      }
      return NotFound("no option contains '" + a.argument.substr(0, 100) + "' (options: " + all +
                      ")");
    }
    default:
      return InvalidArgument("unsupported action");
  }
}

}  // namespace wa
