// A W3C WebDriver client for headless Chromium: starts `chromedriver` (which starts Debian's
// `chromium` with the flags a closed-network machine needs), opens one session with a 1280x720
// viewport, and drives it: navigate, read the URL, run JavaScript, go back and forward. The
// driver process is stopped when the client goes away.
#ifndef WEBAGENT_BRIDGE_WEBDRIVER_H_
#define WEBAGENT_BRIDGE_WEBDRIVER_H_

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

#include "sim/status.h"

namespace wa {

struct ChromeOptions {
  std::string chromium = "/usr/bin/chromium";
  std::string chromedriver = "/usr/bin/chromedriver";
  int width = 1280, height = 720;  // the viewport (as the simulator's layout)
  int timeout_ms = 30000;          // per WebDriver command
};

// Whether chromium and chromedriver are installed where the options say.
bool ChromeAvailable(const ChromeOptions& options = {});

class WebDriver {
 public:
  static Result<std::unique_ptr<WebDriver>> Launch(const ChromeOptions& options = {});
  ~WebDriver();
  WebDriver(const WebDriver&) = delete;
  WebDriver& operator=(const WebDriver&) = delete;

  Status Navigate(const std::string& url);
  Result<std::string> CurrentUrl();
  Status Back();
  Status Forward();
  // Input as the reference executes actions: a left click at a viewport point; typing after
  // select-all and delete (no Enter); one key (WebDriver key codes, e.g. "\uE007" for Enter).
  Status ClickAt(double x, double y);
  Status TypeText(const std::string& utf8);
  Status PressKey(const std::string& key);
  // Picks an option of the <select> at a viewport point by the simulator's rule (Browser's Select
  // Dropdown Option: case and whitespace ignored, the option whose text equals `text`, else the
  // first that contains it), as a user choosing it would (focus; input and change events fire).
  // An error when the point holds no <select>, it is disabled, or no option matches; the
  // selection is then unchanged.
  Status SelectOptionAt(double x, double y, const std::string& text);
  // Scrolls the page vertically by `dy` CSS pixels (negative: up); returns the new scrollY.
  Result<double> ScrollBy(double dy);
  // Tabs: the open windows' handles in opening order, the current one, a new tab (returns its
  // handle; not made current), switching, closing the current one.
  Result<std::vector<std::string>> WindowHandles();
  Result<std::string> CurrentWindow();
  Result<std::string> NewTab();
  Status SwitchToWindow(const std::string& handle);
  Status CloseWindow();
  // Deletes every cookie the current page's domain holds (a fresh client for a server).
  Status DeleteAllCookies();
  // Moves the pointer to a viewport point (hover).
  Status HoverAt(double x, double y);
  // Waits until the current document has finished loading (readyState "complete").
  Status WaitForLoad(int timeout_ms = 10000);
  // Runs a script body (`return ...;`) with arguments; the value it returns, as JSON.
  Result<nlohmann::json> Execute(const std::string& script,
                                 const nlohmann::json& args = nlohmann::json::array());
  // The browser's version string ("156.0.8078.114").
  const std::string& browser_version() const { return version_; }

  struct Impl;

 private:
  explicit WebDriver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  std::string version_;
};

}  // namespace wa

#endif  // WEBAGENT_BRIDGE_WEBDRIVER_H_
