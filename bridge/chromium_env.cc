#include "bridge/chromium_env.h"

#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "sim/site.h"
#include "sim/text.h"
#include "sim/url.h"

namespace wa {

namespace {

using json = nlohmann::json;

std::string TrimSlash(std::string s) {
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

// Whether `url` starts with `base` at a boundary (end, '/', '?' or '#').
bool UnderBase(std::string_view url, std::string_view base) {
  if (url.substr(0, base.size()) != base) return false;
  if (url.size() == base.size()) return true;
  const char c = url[base.size()];
  return c == '/' || c == '?' || c == '#' || base.back() == '/';
}

// The origin part of a base URL ("http://h:1/admin" -> "http://h:1").
std::string OriginOf(const std::string& base) {
  auto u = ParseUrl(base);
  return u.ok() ? u->Origin() : base;
}

std::string PathOf(const std::string& base) {
  auto u = ParseUrl(base);
  return u.ok() ? TrimSlash(u->path) : std::string();
}

// Rewrites the origin or base prefix of `url` by the first matching pair (from -> to).
std::string Rewrite(std::string_view url,
                    const std::vector<std::pair<std::string, std::string>>& pairs) {
  for (const auto& [from, to] : pairs) {
    if (UnderBase(url, from)) return to + std::string(url.substr(from.size()));
  }
  return std::string(url);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// SiteMap

Status SiteMap::Add(const std::string& site_in, const std::string& real_base) {
  std::string site = site_in;
  for (const SiteHost& h : KnownSiteHosts()) {
    if (site == h.placeholder) site = h.name;
  }
  const SiteHost* host = nullptr;
  for (const SiteHost& h : KnownSiteHosts()) {
    if (site == h.name) host = &h;
  }
  if (host == nullptr) {
    std::string names;
    for (const SiteHost& h : KnownSiteHosts())
      names += std::string(names.empty() ? "" : ", ") + h.name;
    return InvalidArgument("unknown site '" + site + "' (known: " + names + ")");
  }
  auto u = ParseUrl(real_base);
  if (!u.ok() || u->host.empty()) {
    return InvalidArgument("site " + site + ": '" + real_base + "' is not an http(s) URL");
  }
  SiteEndpoint e{site, TrimSlash(host->base_url), TrimSlash(real_base)};
  auto existing = std::find_if(endpoints_.begin(), endpoints_.end(),
                               [&](const SiteEndpoint& x) { return x.site == site; });
  if (existing != endpoints_.end()) {
    *existing = std::move(e);
  } else {
    endpoints_.push_back(std::move(e));
  }
  BuildRewrites();
  return Status::Ok();
}

Result<SiteMap> SiteMap::Parse(std::string_view spec) {
  SiteMap map;
  size_t i = 0;
  while (i <= spec.size()) {
    size_t end = spec.find(',', i);
    if (end == std::string_view::npos) end = spec.size();
    std::string_view entry = spec.substr(i, end - i);
    while (!entry.empty() && entry.front() == ' ') entry.remove_prefix(1);
    while (!entry.empty() && entry.back() == ' ') entry.remove_suffix(1);
    if (!entry.empty()) {
      const size_t eq = entry.find('=');
      if (eq == std::string_view::npos || eq == 0) {
        return InvalidArgument("site map entry '" + std::string(entry) + "' is not SITE=URL");
      }
      WA_RETURN_IF_ERROR(
          map.Add(std::string(entry.substr(0, eq)), std::string(entry.substr(eq + 1))));
    }
    if (end == spec.size()) break;
    i = end + 1;
  }
  if (map.endpoints_.empty()) return InvalidArgument("the site map names no site");
  return map;
}

SiteMap SiteMap::ForServer(const std::vector<ServedSite>& served) {
  SiteMap map;
  for (const ServedSite& s : served) {
    std::string path;
    for (const SiteHost& h : KnownSiteHosts()) {
      if (s.name == h.name) path = PathOf(h.base_url);
    }
    (void)map.Add(s.name, s.url + (path == "/" ? "" : path));
  }
  return map;
}

const SiteEndpoint* SiteMap::Find(std::string_view site) const {
  for (const SiteEndpoint& e : endpoints_) {
    if (e.site == site) return &e;
  }
  return nullptr;
}

std::string SiteMap::ToReal(std::string_view url) const { return Rewrite(url, to_real_); }

std::string SiteMap::ToCanonical(std::string_view url) const { return Rewrite(url, to_canonical_); }

// Base prefixes map; where the base paths agree (both "/admin") whole origins map too, so pages
// of the same origin outside the base (the admin's storefront) map as well.
void SiteMap::BuildRewrites() {
  to_real_.clear();
  to_canonical_.clear();
  for (const SiteEndpoint& e : endpoints_) {
    to_real_.emplace_back(e.canonical, e.real);
    to_canonical_.emplace_back(e.real, e.canonical);
  }
  for (const SiteEndpoint& e : endpoints_) {
    if (PathOf(e.canonical) != PathOf(e.real)) continue;
    to_real_.emplace_back(OriginOf(e.canonical), OriginOf(e.real));
    to_canonical_.emplace_back(OriginOf(e.real), OriginOf(e.canonical));
  }
}

const std::vector<SiteAccount>& WebArenaAccounts() {
  static const std::vector<SiteAccount> kAccounts = {
      {"shopping", "/customer/account/login/", "emma.lopez@gmail.com", "Password.123"},
      {"shopping_admin", "/", "admin", "admin1234"},
      {"reddit", "/login", "MarvelsGrantMan136", "test1234"},
      {"gitlab", "/users/sign_in", "byteblaze", "hello1234"},
      {"fixture", "/login", "alice", "wonderland"},
  };
  return kAccounts;
}

// ---------------------------------------------------------------------------------------------
// ChromiumEnv

ChromiumEnv::ChromiumEnv(WebDriver* driver, SiteMap sites, ChromiumEnvOptions options)
    : driver_(driver), sites_(std::move(sites)), options_(std::move(options)) {}

Status ChromiumEnv::ServerPost(const std::string& path, const std::string& body) {
  auto u = ParseUrl(control_base_);
  if (!u.ok()) return u.status();
  httplib::Client client(u->host, u->port == 0 ? 80 : u->port);
  client.set_connection_timeout(5, 0);
  client.set_read_timeout(30, 0);
  httplib::Headers headers = {{"Cookie", "wa_state=" + session_}};
  auto r = client.Post(path.c_str(), headers, body, "application/x-www-form-urlencoded");
  if (!r) return Internal("no answer from " + control_base_ + path);
  if (r->status != 200) {
    return FailedPrecondition(control_base_ + path + ": " + std::to_string(r->status) + " " +
                              r->body.substr(0, 200));
  }
  return Status::Ok();
}

Result<std::unique_ptr<Db>> ChromiumEnv::ServerDb(const std::string& site) {
  if (!options_.sim_server || session_.empty()) {
    return FailedPrecondition("server databases exist only for `webagent serve` sessions");
  }
  auto u = ParseUrl(control_base_);
  if (!u.ok()) return u.status();
  httplib::Client client(u->host, u->port == 0 ? 80 : u->port);
  client.set_read_timeout(60, 0);
  httplib::Headers headers = {{"Cookie", "wa_state=" + session_}};
  auto r = client.Get(("/__sim/db?site=" + UrlEncode(site)).c_str(), headers);
  if (!r) return Internal("no answer from " + control_base_ + "/__sim/db");
  if (r->status != 200) {
    return FailedPrecondition("/__sim/db?site=" + site + ": " + std::to_string(r->status) + " " +
                              r->body.substr(0, 200));
  }
  auto db = Db::OpenMemory();
  if (!db.ok()) return db.status();
  std::vector<uint8_t> image(r->body.begin(), r->body.end());
  WA_RETURN_IF_ERROR((*db)->Deserialize(image));
  return std::move(*db);
}

Status ChromiumEnv::SignIn(const std::string& site) {
  const SiteEndpoint* e = sites_.Find(site);
  if (e == nullptr) return Status::Ok();
  const SiteAccount* account = nullptr;
  for (const SiteAccount& a : WebArenaAccounts()) {
    if (a.site == site) account = &a;
  }
  if (account == nullptr) return Status::Ok();  // a site without accounts (map, wiki)
  WA_RETURN_IF_ERROR(driver_->Navigate(e->real + account->login_path));
  WA_RETURN_IF_ERROR(driver_->WaitForLoad(options_.load_timeout_ms));
  // The first form with a password field: its first text-like field takes the user name.
  static const std::string kScript = R"js(
    const pass = document.querySelector('form input[type=password]');
    if (!pass) return 'no login form on ' + location.href;
    const form = pass.form;
    const user = [...form.querySelectorAll('input')].find((i) =>
        ['text', 'email', ''].includes((i.getAttribute('type') || '').toLowerCase()));
    if (!user) return 'no user name field in the login form';
    user.value = arguments[0];
    pass.value = arguments[1];
    const button = form.querySelector('button[type=submit], input[type=submit], button:not([type])');
    if (button) button.click(); else form.submit();
    return '';
  )js";
  auto r = driver_->Execute(kScript, json::array({account->username, account->password}));
  if (!r.ok()) return r.status();
  if (r->is_string() && !r->get<std::string>().empty()) {
    return FailedPrecondition("sign-in to " + site + ": " + r->get<std::string>());
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  WA_RETURN_IF_ERROR(driver_->WaitForLoad(options_.load_timeout_ms));
  auto url = driver_->CurrentUrl();
  if (url.ok() &&
      url->find(account->login_path == "/" ? "/auth/login" : account->login_path) !=
          std::string::npos &&
      account->login_path != "/") {
    return FailedPrecondition("sign-in to " + site + " as " + account->username +
                              " was refused (still on " + *url + ")");
  }
  return Status::Ok();
}

Status ChromiumEnv::OpenStartUrls(const Task& task) {
  const std::vector<std::string> urls = task.StartUrls();
  if (urls.empty())
    return InvalidArgument("task " + std::to_string(task.task_id) + " has no start URL");
  auto first = driver_->CurrentWindow();
  if (!first.ok()) return first.status();
  for (size_t i = 0; i < urls.size(); ++i) {
    if (i > 0) {
      auto h = driver_->NewTab();
      if (!h.ok()) return h.status();
      WA_RETURN_IF_ERROR(driver_->SwitchToWindow(*h));
    }
    WA_RETURN_IF_ERROR(driver_->Navigate(sites_.ToReal(ExpandPlaceholders(urls[i]))));
    WA_RETURN_IF_ERROR(driver_->WaitForLoad(options_.load_timeout_ms));
  }
  // As the reference harness: the first tab is active after a multi-tab start.
  return driver_->SwitchToWindow(*first);
}

Status ChromiumEnv::Reset(const Task& task, uint64_t seed, StepResult* out) {
  *out = StepResult();
  done_ = true;
  steps_ = 0;
  obs_ = LiveObservation();
  const EpisodeSpec spec = TaskEpisode(task);
  now_ = spec.start_time;
  // One window left.
  auto handles = driver_->WindowHandles();
  if (!handles.ok()) return handles.status();
  for (size_t i = handles->size(); i-- > 1;) {
    WA_RETURN_IF_ERROR(driver_->SwitchToWindow((*handles)[i]));
    WA_RETURN_IF_ERROR(driver_->CloseWindow());
  }
  if (!handles->empty()) WA_RETURN_IF_ERROR(driver_->SwitchToWindow((*handles)[0]));
  if (sites_.endpoints().empty()) return FailedPrecondition("the site map is empty");
  // Forget every cookie of every site host (one host's ports share cookies).
  for (const SiteEndpoint& e : sites_.endpoints()) {
    WA_RETURN_IF_ERROR(
        driver_->Navigate(OriginOf(e.real) + (options_.sim_server ? "/__sim/session" : "/")));
    WA_RETURN_IF_ERROR(driver_->DeleteAllCookies());
  }
  if (options_.sim_server) {
    // A new server session, reset as the simulator resets the episode.
    control_base_ = OriginOf(sites_.endpoints().front().real);
    WA_RETURN_IF_ERROR(driver_->Navigate(control_base_ + "/__sim/session"));
    auto sid = driver_->Execute("return document.body ? document.body.innerText : '';");
    if (!sid.ok()) return sid.status();
    session_ = sid->is_string() ? CollapseWhitespace(sid->get<std::string>()) : "";
    if (session_.empty()) return FailedPrecondition("the server gave no session id");
    WA_RETURN_IF_ERROR(ServerPost("/__sim/reset", "seed=" + std::to_string(seed) +
                                                      "&time=" + std::to_string(now_) +
                                                      "&login=" + (spec.logged_in ? "1" : "0")));
  }
  if (options_.login && spec.logged_in) {
    for (const std::string& site : task.sites) WA_RETURN_IF_ERROR(SignIn(site));
  }
  WA_RETURN_IF_ERROR(OpenStartUrls(task));
  WA_RETURN_IF_ERROR(Observe());
  done_ = false;
  FillInfo(out);
  out->observation = obs_.text;
  return Status::Ok();
}

Status ChromiumEnv::Observe() {
  auto o = ObserveBrowser(*driver_, options_.observation);
  if (!o.ok()) return o.status();
  obs_ = std::move(*o);
  obs_.url = sites_.ToCanonical(obs_.url);
  return Status::Ok();
}

void ChromiumEnv::FillInfo(StepResult* out) {
  out->info.url = obs_.url;
  out->info.title = obs_.title;
  out->info.step = steps_;
  out->info.now = now_;
  out->info.tabs.clear();
  auto handles = driver_->WindowHandles();
  auto current = driver_->CurrentWindow();
  if (handles.ok() && current.ok()) {
    for (size_t i = 0; i < handles->size(); ++i) {
      if ((*handles)[i] == *current) {
        out->info.active_tab = static_cast<int>(i);
        out->info.tabs.push_back({obs_.url, obs_.title});
      } else {
        out->info.tabs.push_back({"", ""});  // not visited to keep the step cheap
      }
    }
  }
}

void ChromiumEnv::Step(std::string_view action_text, StepResult* out) {
  auto action = ParseAction(action_text);
  if (!action.ok()) {
    // As the simulator: a parse failure is a step that changes nothing.
    StepAction(Action(), out);
    out->info.action_error = action.status().message();
    return;
  }
  StepAction(*action, out);
}

void ChromiumEnv::StepAction(const Action& action, StepResult* out) {
  out->reward = 0;
  out->terminated = out->truncated = false;
  out->info = StepInfo();
  out->info.action = action;
  if (done_) {
    out->info.action_error = "the episode is over; call Reset";
    out->terminated = true;
    out->observation = obs_.text;
    FillInfo(out);
    return;
  }
  now_ += options_.seconds_per_step;
  ++steps_;
  if (options_.sim_server) {
    Status st = ServerPost("/__sim/clock", "now=" + std::to_string(now_));
    if (!st.ok()) out->info.action_error = st.message();
  }
  if (action.type == ActionType::kExit) {
    out->terminated = true;
    out->info.answer = action.argument;
    done_ = true;
  } else {
    Status st = ExecuteAction(action);
    if (!st.ok()) out->info.action_error = st.message();
    if (steps_ >= options_.max_steps) {
      out->truncated = true;
      done_ = true;
    }
  }
  Status st = Observe();
  if (!st.ok() && out->info.action_error.empty()) out->info.action_error = st.message();
  out->observation = obs_.text;
  FillInfo(out);
}

namespace {

// Where an action lands on a labelled element: its centre, and the control it acts on (a label
// forwards Type and Select to its control, as in the simulator).
struct Target {
  double x = 0, y = 0;
  std::string tag, control;
  bool disabled = false, readonly = false;
};

Result<Target> ResolveElement(WebDriver& driver, int id, bool follow_label) {
  static const std::string kScript = R"js(
    const els = window.__waEls, k = arguments[0];
    if (!els || k < 0 || k >= els.length) return {error: 'no element with id ' + k + ' on this page'};
    let el = els[k];
    if (!el.isConnected) return {error: 'element ' + k + ' is no longer on the page'};
    if (arguments[1] && el.localName === 'label' && el.control) el = el.control;
    // The centre of its box, where that point hits the element; otherwise (a link wrapped over
    // two lines leaves the box's centre blank) the centre of a line box in the viewport that does.
    const hits = (x, y) => { const h = document.elementFromPoint(x, y); return !!h && (h === el || el.contains(h)); };
    const r = el.getBoundingClientRect();
    let px = r.left + r.width / 2, py = r.top + r.height / 2;
    if (!hits(px, py)) {
      for (const b of el.getClientRects()) {
        const x0 = Math.max(b.left, 0), x1 = Math.min(b.right, window.innerWidth);
        const y0 = Math.max(b.top, 0), y1 = Math.min(b.bottom, window.innerHeight);
        if (x1 <= x0 || y1 <= y0) continue;
        if (hits((x0 + x1) / 2, (y0 + y1) / 2)) { px = (x0 + x1) / 2; py = (y0 + y1) / 2; break; }
      }
    }
    const t = el.localName;
    let control = '';
    if (t === 'textarea') control = 'text';
    else if (t === 'select') control = 'select';
    else if (t === 'input') {
      const type = (el.getAttribute('type') || 'text').toLowerCase();
      control = ['checkbox', 'radio', 'hidden', 'submit', 'image', 'button', 'reset', 'file',
                 'color', 'range'].includes(type) ? type : 'text';
    } else {
      const ce = el.getAttribute('contenteditable');
      if (ce !== null && (ce === '' || ce === 'true')) control = 'text';
    }
    return {x: px, y: py, tag: t, control: control,
            disabled: !!el.disabled, readonly: el.hasAttribute('readonly')};
  )js";
  auto r = driver.Execute(kScript, json::array({id, follow_label}));
  if (!r.ok()) return r.status();
  if (!r->is_object()) return Internal("element lookup returned " + r->dump().substr(0, 80));
  if (r->contains("error")) return NotFound((*r)["error"].get<std::string>());
  Target t;
  t.x = r->value("x", 0.0);
  t.y = r->value("y", 0.0);
  t.tag = r->value("tag", std::string());
  t.control = r->value("control", std::string());
  t.disabled = r->value("disabled", false);
  t.readonly = r->value("readonly", false);
  return t;
}

const std::string kEnter = "\xEE\x80\x87";  // U+E007

}  // namespace

Status ChromiumEnv::ExecuteAction(const Action& a) {
  WebDriver& d = *driver_;
  // Marks the document before an action that may navigate, so that settle() can tell a
  // navigation that has not begun yet (the old document still complete) from none at all.
  static int token = 0;
  const int my_token = ++token;
  static const std::string kMark =
      "window.__waMark = arguments[0];"
      "if (!window.__waHooked) {"
      "  window.__waHooked = true;"
      "  const leave = () => { window.__waLeaving = window.__waMark; };"
      "  window.addEventListener('beforeunload', leave);"
      "  window.addEventListener('pagehide', leave);"
      "}";
  std::vector<std::string> tabs_before;
  auto mark = [&]() {
    (void)d.Execute(kMark, json::array({my_token}));
    auto handles = d.WindowHandles();
    if (handles.ok()) tabs_before = *handles;
  };
  auto settle = [&]() -> Status {
    // A navigation starts within a few milliseconds of the input that causes it; wait for the
    // marked document to go and the next one (or one back from the cache) to finish loading.
    static const std::string kState =
        "return [window.__waMark === arguments[0], window.__waLeaving === arguments[0],"
        "        document.readyState];";
    const auto until =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(options_.load_timeout_ms);
    for (int quiet = 0;;) {
      auto st = d.Execute(kState, json::array({my_token}));
      if (st.ok() && st->is_array() && st->size() == 3) {
        const bool marked = (*st)[0].get<bool>(), leaving = (*st)[1].get<bool>();
        const bool complete = (*st)[2] == "complete";
        if (!marked && complete) break;                             // a new document, loaded
        if (marked && !leaving && complete && ++quiet >= 6) break;  // no navigation came
      }
      if (std::chrono::steady_clock::now() > until) {
        return FailedPrecondition("the page did not finish loading in " +
                                  std::to_string(options_.load_timeout_ms) + " ms");
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    // A click may open a tab: follow it, as the simulator makes a new tab active.
    if (a.type == ActionType::kClick) {
      auto after = d.WindowHandles();
      if (after.ok()) {
        for (const std::string& h : *after) {
          if (std::find(tabs_before.begin(), tabs_before.end(), h) == tabs_before.end()) {
            WA_RETURN_IF_ERROR(d.SwitchToWindow(h));
            break;
          }
        }
      }
    }
    return d.WaitForLoad(options_.load_timeout_ms);
  };
  switch (a.type) {
    case ActionType::kNone:
    case ActionType::kWait:
    case ActionType::kExit:
    case ActionType::kRightClick:
      return Status::Ok();
    case ActionType::kScrollDown:
      return d.ScrollBy(options_.scroll_step).status();
    case ActionType::kScrollUp:
      return d.ScrollBy(-options_.scroll_step).status();
    case ActionType::kGoBack:
      mark();
      WA_RETURN_IF_ERROR(d.Back());
      return settle();
    case ActionType::kGoForward:
      mark();
      WA_RETURN_IF_ERROR(d.Forward());
      return settle();
    case ActionType::kPressEnter:
      mark();
      WA_RETURN_IF_ERROR(d.PressKey(kEnter));
      return settle();
    case ActionType::kSwitchTab: {
      auto handles = d.WindowHandles();
      if (!handles.ok()) return handles.status();
      char* end = nullptr;
      const long idx = std::strtol(a.argument.c_str(), &end, 10);
      if (a.argument.empty() || *end != '\0' || idx < 0 ||
          static_cast<size_t>(idx) >= handles->size()) {
        return InvalidArgument("Switch Tab needs a tab index between 0 and " +
                               std::to_string(handles->size() - 1) + ", got '" +
                               a.argument.substr(0, 20) + "'");
      }
      return d.SwitchToWindow((*handles)[static_cast<size_t>(idx)]);
    }
    default:
      break;
  }
  const bool to_control = a.type == ActionType::kType || a.type == ActionType::kSearch ||
                          a.type == ActionType::kSelectOption;
  auto t = ResolveElement(d, a.element, to_control);
  if (!t.ok()) return t.status();
  switch (a.type) {
    case ActionType::kClick:
      mark();
      WA_RETURN_IF_ERROR(d.ClickAt(t->x, t->y));
      return settle();
    case ActionType::kHover:
      return d.HoverAt(t->x, t->y);
    case ActionType::kType:
    case ActionType::kSearch: {
      if (t->control != "text") {
        return FailedPrecondition("cannot type into element " + std::to_string(a.element) + " (" +
                                  t->tag + "): not a text field");
      }
      if (t->disabled) return FailedPrecondition("the text field is disabled");
      if (t->readonly) return FailedPrecondition("the text field is read-only");
      std::string text = a.argument;
      if (t->tag == "input") {  // single-line inputs drop line breaks (no implicit Enter)
        text.erase(
            std::remove_if(text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r'; }),
            text.end());
      }
      WA_RETURN_IF_ERROR(d.ClickAt(t->x, t->y));
      WA_RETURN_IF_ERROR(d.TypeText(text));
      if (a.type == ActionType::kSearch) {
        mark();
        WA_RETURN_IF_ERROR(d.PressKey(kEnter));
        return settle();
      }
      return Status::Ok();
    }
    case ActionType::kSelectOption:
      return d.SelectOptionAt(t->x, t->y, a.argument);
    default:
      return InvalidArgument(std::string("unsupported action ") + ActionTypeName(a.type));
  }
}

EvalResult ChromiumEnv::Evaluate(const Task& task, std::string_view answer,
                                 const EvaluatorOptions& options) {
  ChromiumEvalPages pages(driver_, &sites_, options_.load_timeout_ms);
  return EvaluateTask(task, &pages, answer, options);
}

// ---------------------------------------------------------------------------------------------
// ChromiumEvalPages

std::string ChromiumEvalPages::Url() {
  auto u = driver_->CurrentUrl();
  return u.ok() ? sites_->ToCanonical(*u) : std::string();
}

Status ChromiumEvalPages::Navigate(const std::string& url) {
  WA_RETURN_IF_ERROR(driver_->Navigate(sites_->ToReal(url)));
  return driver_->WaitForLoad(load_timeout_ms_);
}

namespace {

// A locator's value as the simulator's locator engine reports it (sim/locator.h): null and
// undefined -> nullopt, strings as they are, numbers as JavaScript prints them, booleans as
// true/false; an exception -> "" (upstream's except branch); an element or a list -> "" too
// (the simulator rejects it, and its checks then run on "").
const std::string& LocatorScript() {
  static const std::string kScript = R"js(
    let v;
    try { v = (0, eval)('(' + arguments[0] + ')'); } catch (e) { return {value: ''}; }
    if (v === null || v === undefined) return {value: null};
    if (typeof v === 'string') return {value: v};
    if (typeof v === 'number' || typeof v === 'boolean') return {value: String(v)};
    return {value: ''};
  )js";
  return kScript;
}

}  // namespace

Result<std::optional<std::string>> ChromiumEvalPages::Select(const std::string& locator) {
  if (locator.empty()) {
    auto r = driver_->Execute("return document.documentElement.outerHTML;");
    if (!r.ok()) return r.status();
    return std::optional<std::string>(r->is_string() ? r->get<std::string>() : "");
  }
  auto r = driver_->Execute(LocatorScript(), json::array({locator}));
  if (!r.ok()) return r.status();
  if (!r->is_object() || !r->contains("value")) return Internal("locator script: bad reply");
  const json& v = (*r)["value"];
  if (v.is_null()) return std::optional<std::string>();
  return std::optional<std::string>(v.is_string() ? v.get<std::string>() : "");
}

Result<std::string> ChromiumEvalPages::CallUrlHelper(const std::string& name,
                                                     const std::vector<std::string>& args) {
  if (name == "reddit_get_post_url") {
    // A pure function of its URL argument: the simulator's implementation serves as is.
    UrlHelper helper = FindUrlHelper(name);
    if (!helper) return NotFound("no URL helper named " + name);
    return helper(nullptr, args);
  }
  // The newest order of the signed-in customer: the first row of My Orders (newest first).
  if (name == "shopping_get_latest_order_url") {
    WA_RETURN_IF_ERROR(Navigate(ExpandPlaceholders("__SHOPPING__/sales/order/history/")));
    auto r = driver_->Execute(
        "const a = document.querySelector('#my-orders-table a.action.view');"
        "return a ? a.href : null;");
    if (!r.ok()) return r.status();
    if (!r->is_string()) return NotFound("the customer has no orders");
    return sites_->ToCanonical(r->get<std::string>());
  }
  // The newest submission of the fixture site: the highest id in its list.
  if (name == "fixture_get_latest_submission_url") {
    WA_RETURN_IF_ERROR(Navigate(ExpandPlaceholders("__FIXTURE__/submissions")));
    auto r = driver_->Execute(
        "let best = null, id = -1;"
        "for (const a of document.querySelectorAll('table.submissions a')) {"
        "  const m = a.href.match(/\\/submissions\\/(\\d+)$/);"
        "  if (m && +m[1] > id) { id = +m[1]; best = a.href; }"
        "}"
        "return best;");
    if (!r.ok()) return r.status();
    if (!r->is_string()) return ExpandPlaceholders("__FIXTURE__/submissions");
    return sites_->ToCanonical(r->get<std::string>());
  }
  return NotFound("no browser implementation of the URL helper " + name);
}

Result<std::optional<std::string>> ChromiumEvalPages::CallLocatorHelper(
    const std::string& name, const std::vector<std::string>& args) {
  if (name == "gitlab_get_project_memeber_role") {
    if (args.size() < 2) {
      return InvalidArgument("gitlab_get_project_memeber_role needs (page, account)");
    }
    // WebArena's helper: the role in the members table on the account's row ('' when absent).
    auto r = driver_->Execute(
        "const names = document.querySelectorAll(\"td[data-label='Account'] "
        "span.gl-avatar-labeled-sublabel\");"
        "const roles = document.querySelectorAll('td.col-max-role span');"
        "for (let i = 0; i < names.length; ++i) {"
        "  if (names[i].outerText.trim() === '@' + arguments[0]) {"
        "    return i < roles.length ? roles[i].outerText : '';"
        "  }"
        "}"
        "return '';",
        json::array({args[1]}));
    if (!r.ok()) return r.status();
    return std::optional<std::string>(r->is_string() ? r->get<std::string>() : "");
  }
  return NotFound("no browser implementation of the locator helper " + name);
}

}  // namespace wa
