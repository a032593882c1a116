#include "bridge/webdriver.h"

#include <fcntl.h>
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>
#include <vector>

extern char** environ;

namespace wa {

namespace {

using json = nlohmann::json;

// A free loopback port (bound to 0, read back, released).
int FreePort() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return 0;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof(addr);
  int port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
    port = ntohs(addr.sin_port);
  }
  close(fd);
  return port;
}

bool Executable(const std::string& path) { return access(path.c_str(), X_OK) == 0; }

}  // namespace

bool ChromeAvailable(const ChromeOptions& options) {
  return Executable(options.chromium) && Executable(options.chromedriver);
}

struct WebDriver::Impl {
  ChromeOptions options;
  pid_t driver = -1;
  int port = 0;
  std::string session;
  std::string profile_dir;
  std::unique_ptr<httplib::Client> http;

  // One WebDriver command; the response's "value", or the error it names.
  Result<json> Call(const std::string& method, const std::string& path, const json& body) {
    const std::string full = "/session/" + session + path;
    httplib::Result r = method == "GET" ? http->Get(full.c_str())
                        : method == "DELETE"
                            ? http->Delete(full.c_str())
                            : http->Post(full.c_str(), body.dump(), "application/json");
    if (!r) return Internal("chromedriver: " + method + " " + path + ": no answer");
    json j = json::parse(r->body, nullptr, false);
    if (j.is_discarded()) return Internal("chromedriver: " + path + ": not JSON");
    if (r->status != 200) {
      const json& v = j.contains("value") ? j["value"] : j;
      return Internal("chromedriver: " + path + ": " + v.value("error", std::string("error")) +
                      ": " + v.value("message", std::string()).substr(0, 300));
    }
    return j.contains("value") ? j["value"] : json();
  }

  // The current tab's viewport at the configured size (a CDP override, per tab).
  Status SetViewport() {
    auto r = Call("POST", "/goog/cdp/execute",
                  {{"cmd", "Emulation.setDeviceMetricsOverride"},
                   {"params",
                    {{"width", options.width},
                     {"height", options.height},
                     {"deviceScaleFactor", 1},
                     {"mobile", false}}}});
    return r.ok() ? Status::Ok() : r.status();
  }

  void Shutdown() {
    if (http && !session.empty()) {
      http->Delete(("/session/" + session).c_str());
      session.clear();
    }
    if (driver > 0) {
      kill(driver, SIGTERM);
      int status = 0;
      for (int i = 0; i < 50 && waitpid(driver, &status, WNOHANG) == 0; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
      if (waitpid(driver, &status, WNOHANG) == 0) {
        kill(driver, SIGKILL);
        waitpid(driver, &status, 0);
      }
      driver = -1;
    }
    if (!profile_dir.empty()) {
      std::error_code ec;
      std::filesystem::remove_all(profile_dir, ec);
      profile_dir.clear();
    }
  }
};

WebDriver::WebDriver(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

WebDriver::~WebDriver() { impl_->Shutdown(); }

Result<std::unique_ptr<WebDriver>> WebDriver::Launch(const ChromeOptions& options) {
  if (!ChromeAvailable(options)) {
    return NotFound("chromium or chromedriver is not installed (" + options.chromium + ", " +
                    options.chromedriver + ")");
  }
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  impl->port = FreePort();
  if (impl->port == 0) return Internal("no free port for chromedriver");
  const std::string port_arg = "--port=" + std::to_string(impl->port);
  std::vector<char*> argv = {const_cast<char*>(options.chromedriver.c_str()),
                             const_cast<char*>(port_arg.c_str()), const_cast<char*>("--silent"),
                             nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  const int rc = posix_spawn(&impl->driver, options.chromedriver.c_str(), &actions, nullptr,
                             argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return Internal("cannot start " + options.chromedriver);
  impl->http = std::make_unique<httplib::Client>("127.0.0.1", impl->port);
  impl->http->set_connection_timeout(0, 200000);
  impl->http->set_read_timeout(options.timeout_ms / 1000, (options.timeout_ms % 1000) * 1000);
  bool ready = false;
  for (int i = 0; i < 200 && !ready; ++i) {
    auto r = impl->http->Get("/status");
    ready = r && r->status == 200;
    if (!ready) std::this_thread::sleep_for(std::chrono::milliseconds(25));
  }
  if (!ready) {
    impl->Shutdown();
    return Internal("chromedriver did not start");
  }
  char tmpl[] = "/tmp/webagent-chrome-XXXXXX";
  if (mkdtemp(tmpl) == nullptr) {
    impl->Shutdown();
    return Internal("cannot make a profile directory");
  }
  impl->profile_dir = tmpl;
  // A closed network: no first-run pages, no background traffic, no sandbox as root, no GPU.
  json args = {
      "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--no-first-run", "--no-default-browser-check", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--disable-extensions",
      // As Playwright launches it for the reference harness: history navigation reloads.
      "--disable-back-forward-cache", "--disable-features=Translate,MediaRouter,OptimizationHints",
      "--hide-scrollbars", "--force-device-scale-factor=1",
      "--window-size=" + std::to_string(options.width) + "," + std::to_string(options.height),
      "--user-data-dir=" + impl->profile_dir};
  json caps = {{"capabilities",
                {{"alwaysMatch",
                  {{"browserName", "chrome"},
                   {"goog:chromeOptions", {{"binary", options.chromium}, {"args", args}}}}}}}};
  auto r = impl->http->Post("/session", caps.dump(), "application/json");
  if (!r || r->status != 200) {
    std::string why = r ? r->body.substr(0, 300) : "no answer";
    impl->Shutdown();
    return Internal("chromedriver could not start chromium: " + why);
  }
  json j = json::parse(r->body, nullptr, false);
  if (j.is_discarded() || !j.contains("value")) {
    impl->Shutdown();
    return Internal("chromedriver: bad session reply");
  }
  impl->session = j["value"].value("sessionId", std::string());
  std::string version;
  if (j["value"].contains("capabilities")) {
    version = j["value"]["capabilities"].value("browserVersion", std::string());
  }
  // The viewport itself at the simulator's size (the window size includes no chrome when
  // headless, but make it exact).
  Status metrics = impl->SetViewport();
  if (!metrics.ok()) {
    impl->Shutdown();
    return metrics;
  }
  auto wd = std::unique_ptr<WebDriver>(new WebDriver(std::move(impl)));
  wd->version_ = version;
  return wd;
}

Status WebDriver::Navigate(const std::string& url) {
  auto r = impl_->Call("POST", "/url", {{"url", url}});
  return r.ok() ? Status::Ok() : r.status();
}

Result<std::string> WebDriver::CurrentUrl() {
  auto r = impl_->Call("GET", "/url", json());
  if (!r.ok()) return r.status();
  return r->is_string() ? r->get<std::string>() : std::string();
}

Status WebDriver::Back() {
  auto r = impl_->Call("POST", "/back", json::object());
  return r.ok() ? Status::Ok() : r.status();
}

Status WebDriver::Forward() {
  auto r = impl_->Call("POST", "/forward", json::object());
  return r.ok() ? Status::Ok() : r.status();
}

namespace {

// The code points of a UTF-8 string, each as its own UTF-8 string (WebDriver key values).
std::vector<std::string> Characters(const std::string& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
    out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}

// A mouse input source that moves to a viewport point (more actions may be appended).
json PointerTo(double x, double y) {
  return {{"type", "pointer"},
          {"id", "mouse"},
          {"parameters", {{"pointerType", "mouse"}}},
          {"actions", json::array({{{"type", "pointerMove"},
                                    {"duration", 0},
                                    {"origin", "viewport"},
                                    {"x", static_cast<int>(x)},
                                    {"y", static_cast<int>(y)}}})}};
}

json KeyStroke(const std::string& key) {
  return json::array({{{"type", "keyDown"}, {"value", key}}, {{"type", "keyUp"}, {"value", key}}});
}

}  // namespace

Status WebDriver::ClickAt(double x, double y) {
  json pointer = PointerTo(x, y);
  pointer["actions"].push_back({{"type", "pointerDown"}, {"button", 0}});
  pointer["actions"].push_back({{"type", "pointerUp"}, {"button", 0}});
  auto r = impl_->Call("POST", "/actions", {{"actions", {pointer}}});
  if (!r.ok()) return r.status();
  auto release = impl_->Call("DELETE", "/actions", json());
  return release.ok() ? Status::Ok() : release.status();
}

Status WebDriver::TypeText(const std::string& utf8) {
  const std::string ctrl = "\xEE\x80\x89";       // U+E009 Control
  const std::string backspace = "\xEE\x80\x83";  // U+E003 Backspace
  json keys = json::array({{{"type", "keyDown"}, {"value", ctrl}},
                           {{"type", "keyDown"}, {"value", "a"}},
                           {{"type", "keyUp"}, {"value", "a"}},
                           {{"type", "keyUp"}, {"value", ctrl}}});
  for (const json& k : KeyStroke(backspace)) keys.push_back(k);
  for (const std::string& ch : Characters(utf8)) {
    for (const json& k : KeyStroke(ch)) keys.push_back(k);
  }
  json source = {{"type", "key"}, {"id", "keyboard"}, {"actions", keys}};
  auto r = impl_->Call("POST", "/actions", {{"actions", {source}}});
  if (!r.ok()) return r.status();
  auto release = impl_->Call("DELETE", "/actions", json());
  return release.ok() ? Status::Ok() : release.status();
}

Status WebDriver::PressKey(const std::string& key) {
  json source = {{"type", "key"}, {"id", "keyboard"}, {"actions", KeyStroke(key)}};
  auto r = impl_->Call("POST", "/actions", {{"actions", {source}}});
  if (!r.ok()) return r.status();
  auto release = impl_->Call("DELETE", "/actions", json());
  return release.ok() ? Status::Ok() : release.status();
}

Status WebDriver::SelectOptionAt(double x, double y, const std::string& text) {
  static const std::string kScript = R"JS(
    let el = document.elementFromPoint(arguments[0], arguments[1]);
    while (el && el.tagName !== 'SELECT') el = el.parentElement;
    if (!el) return 'no <select> at this point';
    if (el.disabled) return 'the dropdown is disabled';
    const norm = (s) => s.replace(/\s+/g, ' ').trim().toLowerCase();
    const want = norm(arguments[2]);
    let exact = -1, partial = -1;
    for (let i = 0; i < el.options.length && exact < 0; ++i) {
      const text = norm(el.options[i].text);
      if (text === want) exact = i;
      else if (partial < 0 && text.includes(want)) partial = i;
    }
    if (exact >= 0 || partial >= 0) {
      el.focus();
      el.selectedIndex = exact >= 0 ? exact : partial;
      el.dispatchEvent(new Event('input', {bubbles: true}));
      el.dispatchEvent(new Event('change', {bubbles: true}));
      return '';
    }
    return 'the select has no option "' + arguments[2] + '"';
  )JS";
  auto r = Execute(kScript, json::array({x, y, text}));
  if (!r.ok()) return r.status();
  if (!r->is_string()) return Internal("unexpected select result " + r->dump());
  const std::string error = r->get<std::string>();
  return error.empty() ? Status::Ok() : FailedPrecondition(error);
}

Result<double> WebDriver::ScrollBy(double dy) {
  auto r = Execute("window.scrollBy(0, arguments[0]); return window.scrollY;", json::array({dy}));
  if (!r.ok()) return r.status();
  if (!r->is_number()) return Internal("unexpected scroll result " + r->dump());
  return r->get<double>();
}

Result<std::vector<std::string>> WebDriver::WindowHandles() {
  auto r = impl_->Call("GET", "/window/handles", json());
  if (!r.ok()) return r.status();
  std::vector<std::string> out;
  if (r->is_array()) {
    for (const json& h : *r) {
      if (h.is_string()) out.push_back(h.get<std::string>());
    }
  }
  return out;
}

Result<std::string> WebDriver::CurrentWindow() {
  auto r = impl_->Call("GET", "/window", json());
  if (!r.ok()) return r.status();
  return r->is_string() ? r->get<std::string>() : std::string();
}

Result<std::string> WebDriver::NewTab() {
  auto current = CurrentWindow();
  if (!current.ok()) return current.status();
  auto r = impl_->Call("POST", "/window/new", {{"type", "tab"}});
  if (!r.ok()) return r.status();
  if (!r->is_object() || !(*r)["handle"].is_string()) return Internal("new window: no handle");
  const std::string handle = (*r)["handle"].get<std::string>();
  // The viewport override belongs to a tab: give the new one the simulator's size too.
  WA_RETURN_IF_ERROR(SwitchToWindow(handle));
  WA_RETURN_IF_ERROR(impl_->SetViewport());
  WA_RETURN_IF_ERROR(SwitchToWindow(*current));
  return handle;
}

Status WebDriver::SwitchToWindow(const std::string& handle) {
  auto r = impl_->Call("POST", "/window", {{"handle", handle}});
  return r.ok() ? Status::Ok() : r.status();
}

Status WebDriver::CloseWindow() {
  auto r = impl_->Call("DELETE", "/window", json());
  return r.ok() ? Status::Ok() : r.status();
}

Status WebDriver::DeleteAllCookies() {
  auto r = impl_->Call("DELETE", "/cookie", json());
  return r.ok() ? Status::Ok() : r.status();
}

Status WebDriver::HoverAt(double x, double y) {
  auto r = impl_->Call("POST", "/actions", {{"actions", {PointerTo(x, y)}}});
  return r.ok() ? Status::Ok() : r.status();
}

Status WebDriver::WaitForLoad(int timeout_ms) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (true) {
    auto r = Execute("return document.readyState;");
    if (r.ok() && r->is_string() && r->get<std::string>() == "complete") return Status::Ok();
    if (std::chrono::steady_clock::now() > until) {
      return FailedPrecondition("the page did not finish loading in " + std::to_string(timeout_ms) +
                                " ms");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

Result<json> WebDriver::Execute(const std::string& script, const json& args) {
  return impl_->Call("POST", "/execute/sync", {{"script", script}, {"args", args}});
}

}  // namespace wa
