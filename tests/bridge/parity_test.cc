#include <algorithm>
#include <chrono>
#include <functional>
#include <set>
#include <thread>

#include "bridge/parity.h"
#include "bridge/server.h"
#include "bridge/validate.h"
#include "bridge/webdriver.h"
#include "catch2/catch.hpp"
#include "sim/env.h"

namespace wa {
namespace {

// ValidateSplit, run a second time when the first run could not complete (the browser or its
// driver failed to start or to load a page, or a port was taken: an error, not a report). A real
// divergence still fails the test: it is a report with mismatches, and a fault of ours errors both
// times.
Result<nlohmann::json> ValidateOnceMore(const ValidateOptions& vo,
                                        const std::function<void(size_t, size_t)>& progress = {}) {
  auto report = ValidateSplit(vo, progress);
  if (report.ok()) return report;
  WARN("validate could not complete, running it again: " << report.status().message());
  // On ports 50 higher: a port held by another process fails the same way twice. (No two sites'
  // ports are 50 apart, and the other tests' offsets are multiples of 100.)
  ValidateOptions again = vo;
  again.port_offset += 50;
  return ValidateSplit(again, progress);
}

PageElement El(std::string tag, std::string text, float x, float y, float w, float h) {
  PageElement e;
  e.tag = std::move(tag);
  e.text = std::move(text);
  e.x = x;
  e.y = y;
  e.w = w;
  e.h = h;
  return e;
}

TEST_CASE("Parity: elements align by tag and text in order; boxes compare by IoU", "[bridge]") {
  std::vector<PageElement> sim = {El("a", "Home", 0, 0, 10, 10), El("a", "Cart", 20, 0, 10, 10),
                                  El("input", "", 0, 20, 100, 20),
                                  El("button", "Go", 110, 20, 30, 20)};
  std::vector<PageElement> browser = {
      El("a", "Home", 0, 0, 10, 10), El("span", "Cart", 20, 0, 10, 10),  // a child, not the link
      El("input", "", 0, 25, 100, 20), El("button", "Go", 110, 20, 30, 20),
      El("a", "Help", 200, 0, 10, 10)};
  PageParity p = ComparePages(sim, browser);
  CHECK(p.sim == 4);
  CHECK(p.browser == 5);
  CHECK(p.matched == 3);
  CHECK(p.agreement() == Approx(3.0 / 5.0));
  // IoU: 1, 0.6 (15x... overlap 100x15 of union 100x25), 1.
  CHECK(p.mean_iou == Approx((1.0 + 1500.0 / 2500.0 + 1.0) / 3.0));
  CHECK(p.only_sim == std::vector<std::string>{"a 'Cart'"});
  CHECK(p.only_browser == std::vector<std::string>{"span 'Cart'", "a 'Help'"});
  CHECK(ComparePages({}, {}).agreement() == 1.0);
}

TEST_CASE("Parity in Chromium: the served fixture pages, element by element",
          "[bridge][chromium]") {
  REQUIRE(ChromeAvailable());  // scripts/setup.sh installs chromium and chromium-driver
  ServeOptions so;
  so.sites = {"fixture"};
  so.port_offset = 11200;
  const std::string origin = "http://127.0.0.1:" + std::to_string(8099 + so.port_offset);
  auto server = SimServer::Start(so);
  REQUIRE(server.ok());
  auto driver = WebDriver::Launch();
  REQUIRE(driver.ok());
  CHECK_FALSE((*driver)->browser_version().empty());
  Env env;
  for (const char* path : {"/", "/form", "/items?page=2"}) {
    INFO(path);
    StepResult r;
    REQUIRE(env.Reset(std::string("__FIXTURE__") + path, 1, &r).ok());
    const std::string url = origin + path;
    REQUIRE((*driver)->Navigate(url).ok());
    auto now = (*driver)->CurrentUrl();
    REQUIRE(now.ok());
    CHECK(*now == url);
    // The browser really is at the simulator's viewport size.
    auto size = (*driver)->Execute("return [window.innerWidth, window.innerHeight];");
    REQUIRE(size.ok());
    CHECK(*size == nlohmann::json::array({1280, 720}));
    auto browser = BrowserElements(**driver);
    REQUIRE(browser.ok());
    const std::vector<PageElement> sim = SimElements(*env.browser().page());
    PageParity p = ComparePages(sim, *browser);
    std::string diff;
    for (const auto& s : p.only_sim) diff += "\n  sim only: " + s;
    for (const auto& s : p.only_browser) diff += "\n  browser only: " + s;
    INFO("sim " << p.sim << " browser " << p.browser << " matched " << p.matched << " iou "
                << p.mean_iou << diff);
    CHECK(p.browser > 0);
    CHECK(p.matched > 0);
    WARN(path << ": agreement " << p.agreement() << ", mean IoU " << p.mean_iou << diff);
  }
  REQUIRE((*driver)->Navigate(origin + "/").ok());
  REQUIRE((*driver)->Navigate(origin + "/form").ok());
  REQUIRE((*driver)->Back().ok());
  auto back = (*driver)->CurrentUrl();
  REQUIRE(back.ok());
  CHECK(*back == origin + "/");
  // Input as the reference executes it: click the name field at its centre, type (twice: the
  // second replaces the first), then Enter submits the form.
  const std::string form = origin + "/form";
  REQUIRE((*driver)->Navigate(form).ok());
  // Select an option by its text in the category dropdown, at the dropdown's centre.
  auto sel = (*driver)->Execute(
      "const r = document.querySelector('#category').getBoundingClientRect();"
      "return [r.left + r.width / 2, r.top + r.height / 2];");
  REQUIRE(sel.ok());
  const double sx = (*sel)[0].get<double>(), sy = (*sel)[1].get<double>();
  REQUIRE((*driver)->SelectOptionAt(sx, sy, " returns  AND refunds ").ok());  // as the sim
  auto category = (*driver)->Execute("return document.querySelector('#category').value;");
  REQUIRE(category.ok());
  CHECK(*category == "return");
  REQUIRE((*driver)->SelectOptionAt(sx, sy, "status").ok());  // no exact label: first containing
  category = (*driver)->Execute("return document.querySelector('#category').value;");
  REQUIRE(category.ok());
  CHECK(*category == "order");
  REQUIRE((*driver)->SelectOptionAt(sx, sy, "Returns and refunds").ok());
  Status missing = (*driver)->SelectOptionAt(sx, sy, "Gift cards");
  CHECK(missing.code() == StatusCode::kFailedPrecondition);
  CHECK(missing.message().find("no option") != std::string::npos);
  CHECK_FALSE((*driver)->SelectOptionAt(2, 2, "Order status").ok());  // no select there
  category = (*driver)->Execute("return document.querySelector('#category').value;");
  REQUIRE(category.ok());
  CHECK(*category == "return");  // unchanged by the failed selections
  auto active = (*driver)->Execute("return document.activeElement.id;");
  REQUIRE(active.ok());
  CHECK(*active == "category");  // selecting focuses the dropdown, as in the simulator
  auto box = (*driver)->Execute(
      "const r = document.querySelector('input[type=text]').getBoundingClientRect();"
      "return [r.left + r.width / 2, r.top + r.height / 2];");
  REQUIRE(box.ok());
  REQUIRE((*driver)->ClickAt((*box)[0].get<double>(), (*box)[1].get<double>()).ok());
  REQUIRE((*driver)->TypeText("Jane").ok());
  REQUIRE((*driver)->TypeText("Bob Müller").ok());
  auto value = (*driver)->Execute("return document.querySelector('input[type=text]').value;");
  REQUIRE(value.ok());
  CHECK(*value == "Bob Müller");
  auto focused = (*driver)->Execute("return document.activeElement.type;");
  REQUIRE(focused.ok());
  CHECK(*focused == "text");
  REQUIRE((*driver)->PressKey("\xEE\x80\x87").ok());  // U+E007 Enter
  std::string landed;
  for (int i = 0; i < 100 && landed.find("/submissions/") == std::string::npos; ++i) {
    auto u = (*driver)->CurrentUrl();
    REQUIRE(u.ok());
    landed = *u;
    if (landed.find("/submissions/") == std::string::npos) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  CHECK(landed.find("/submissions/") != std::string::npos);
  auto shown = (*driver)->Execute("return document.body.innerText;");
  REQUIRE(shown.ok());
  CHECK(shown->get<std::string>().find("Bob Müller") != std::string::npos);
  // Scrolling by the simulator's step on a page longer than the viewport: down as far as the
  // page allows, back up to the top.
  REQUIRE((*driver)->Navigate(origin + "/long").ok());
  auto room =
      (*driver)->Execute("return document.documentElement.scrollHeight - window.innerHeight;");
  REQUIRE(room.ok());
  REQUIRE(room->get<double>() > 480);
  auto down = (*driver)->ScrollBy(480);
  REQUIRE(down.ok());
  CHECK(*down == Approx(480).margin(1));
  down = (*driver)->ScrollBy(480);
  REQUIRE(down.ok());
  CHECK(*down == Approx(std::min(960.0, room->get<double>())).margin(1));  // stops at the end
  REQUIRE((*driver)->ScrollBy(-480).ok());
  auto up = (*driver)->ScrollBy(-480);
  REQUIRE(up.ok());
  CHECK(*up == Approx(0).margin(0.5));
  // A script error is an error, not a crash.
  CHECK_FALSE((*driver)->Execute("throw new Error('boom');").ok());
}

TEST_CASE("validate: the fixture split replayed in lockstep, simulator against Chromium",
          "[bridge][chromium]") {
  REQUIRE(ChromeAvailable());
  ValidateOptions vo;
  vo.split_options.sites = {"fixture"};
  vo.split_options.test_per_template = 1;
  vo.port_offset = 11400;
  size_t calls = 0;
  auto report = ValidateOnceMore(vo, [&](size_t i, size_t) {
    if (i == 0) calls = 0;  // a second run counts afresh
    ++calls;
  });
  INFO((report.ok() ? std::string() : report.status().message()));
  REQUIRE(report.ok());
  const nlohmann::json& j = *report;
  INFO(ValidateTable(j));
  CHECK(j["tasks"] == 6);
  CHECK(calls == 7);
  REQUIRE(j["sites"].size() == 1);
  CHECK(j["sites"][0]["site"] == "fixture");
  REQUIRE(j["task_rows"].size() == 6);
  size_t steps = 0;
  for (const auto& row : j["task_rows"]) {
    INFO(row.dump(1));
    // The oracle's episode, replayed action by action in Chromium, ends in the same state: the
    // same verdict from the task's JavaScript locators run by Chromium, the same database rows.
    CHECK(row["replayed"] == true);
    CHECK(row["oracle_score"] == 1.0);
    CHECK(row["sim_score"] == 1.0);
    CHECK(row["browser_score"] == 1.0);
    CHECK(row["db_equal"] == true);
    steps += row["steps"].get<size_t>();
  }
  CHECK(j["steps"] == steps);
  const auto& sum = j["summary"];
  CHECK(sum["verdict_parity"] == 1.0);
  CHECK(sum["db_parity"] == 1.0);
  CHECK(sum["url_agreement"] == 1.0);
  CHECK(sum["element_agreement"].get<double>() >= 0.95);
  const auto& lat = j["latency"];
  CHECK(lat["resets"] == 6);
  CHECK(lat["steps"] == steps);
  CHECK(lat["chromium_step_ms_median"].get<double>() > 0);
  CHECK(lat["sim_step_ms_median"].get<double>() > 0);
  CHECK(ValidateTable(j).find("fixture") != std::string::npos);
}

TEST_CASE("validate: a sample of every site's test tasks has the simulator's verdicts in Chromium",
          "[bridge][chromium]") {
  REQUIRE(ChromeAvailable());
  ValidateOptions vo;
  vo.max_tasks = 12;  // an even sample over the whole test split, every site
  vo.port_offset = 11500;
  auto report = ValidateOnceMore(vo);
  INFO((report.ok() ? std::string() : report.status().message()));
  REQUIRE(report.ok());
  const nlohmann::json& j = *report;
  INFO(ValidateTable(j));
  CHECK(j["tasks"] == 12);
  std::set<std::string> sites;
  for (const auto& row : j["task_rows"]) {
    INFO(row.dump(1));
    sites.insert(row["site"].get<std::string>());
    CHECK(row["replayed"] == true);
    CHECK(row["browser_score"] == row["sim_score"]);
    CHECK(row["db_equal"] == true);
  }
  CHECK(sites.size() >= 5);
  CHECK(j["summary"]["verdict_parity"] == 1.0);
  CHECK(j["summary"]["url_agreement"] == 1.0);
  CHECK(j["summary"]["element_agreement"].get<double>() >= 0.9);
}

}  // namespace
}  // namespace wa
