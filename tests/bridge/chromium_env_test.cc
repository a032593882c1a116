#include "bridge/chromium_env.h"

#include "bridge/live_run.h"
#include "bridge/parity.h"
#include "bridge/server.h"
#include "catch2/catch.hpp"
#include "sim/db.h"
#include "sim/harness.h"
#include "sim/site.h"

namespace wa {
namespace {

TEST_CASE("SiteMap: canonical URLs to real ones and back", "[bridge]") {
  auto m = SiteMap::Parse(
      "shopping=http://10.1.2.3:7770/, __SHOPPING_ADMIN__=http://10.1.2.3:7780/admin,"
      "reddit=http://forum.example:80");
  REQUIRE(m.ok());
  REQUIRE(m->endpoints().size() == 3);
  CHECK(m->Find("shopping_admin") != nullptr);
  CHECK(m->Find("gitlab") == nullptr);
  CHECK(m->ToReal("http://localhost:7770/checkout/cart/?x=1") ==
        "http://10.1.2.3:7770/checkout/cart/?x=1");
  CHECK(m->ToReal("http://localhost:7770") == "http://10.1.2.3:7770");
  CHECK(m->ToReal("http://localhost:7780/admin/sales/order/") ==
        "http://10.1.2.3:7780/admin/sales/order/");
  // The admin's storefront shares its origin: whole origins map where the base paths agree.
  CHECK(m->ToReal("http://localhost:7780/antonia-racer-tank.html") ==
        "http://10.1.2.3:7780/antonia-racer-tank.html");
  CHECK(m->ToReal("http://localhost:9999/f/books") == "http://forum.example:80/f/books");
  CHECK(m->ToReal("http://localhost:8023/a/b") == "http://localhost:8023/a/b");  // unmapped
  CHECK(m->ToReal("http://localhost:77701/") == "http://localhost:77701/");      // not a boundary
  CHECK(m->ToCanonical("http://10.1.2.3:7780/admin/x?y=2") == "http://localhost:7780/admin/x?y=2");
  CHECK(m->ToCanonical("http://forum.example:80/") == "http://localhost:9999/");
  for (const char* bad : {"", "shopping", "shop=http://x:1", "shopping=notaurl", "=http://x"}) {
    INFO(bad);
    CHECK_FALSE(SiteMap::Parse(bad).ok());
  }
  ServedSite s{"shopping_admin", "http://127.0.0.1:37780", 37780};
  SiteMap served = SiteMap::ForServer({s});
  REQUIRE(served.Find("shopping_admin") != nullptr);
  CHECK(served.Find("shopping_admin")->real == "http://127.0.0.1:37780/admin");
  CHECK(StripBoxes("<a id=\"1\" data-bbox=\"1,2,3,4\"> x </a> <p data-bbox=\"0,0,1,1\">") ==
        "<a id=\"1\"> x </a> <p>");
}

TEST_CASE("Observation in Chromium: the simulator's WebRL text on the served fixture pages",
          "[bridge][chromium]") {
  REQUIRE(ChromeAvailable());
  ServeOptions so;
  so.sites = {"fixture"};
  so.port_offset = 11600;
  auto server = SimServer::Start(so);
  REQUIRE(server.ok());
  auto driver = WebDriver::Launch();
  REQUIRE(driver.ok());
  const SiteMap map = SiteMap::ForServer((*server)->sites());
  Env env;
  ObservationOptions oo;
  for (const char* path : {"/", "/form", "/items?page=2", "/login", "/search?q=lamp"}) {
    INFO(path);
    StepResult r;
    REQUIRE(env.Reset(std::string("__FIXTURE__") + path, 1, &r).ok());
    REQUIRE((*driver)
                ->Navigate(map.ToReal(ExpandPlaceholders(std::string("__FIXTURE__") + path)))
                .ok());
    auto live = ObserveBrowser(**driver, oo);
    REQUIRE(live.ok());
    CHECK(map.ToCanonical(live->url) == r.info.url);
    CHECK(live->title == r.info.title);
    // The same text, element ids and attributes; only the boxes come from each layout.
    CHECK(StripBoxes(live->text) == StripBoxes(r.observation));
    CHECK(live->elements.size() == env.browser().page()->labels().size());
    CHECK(live->text.find("data-bbox=") != std::string::npos);
  }
  CHECK_FALSE(ObserveBrowser(**driver, ObservationOptions{ObservationType::kAxTree}).ok());
}

TEST_CASE("Evaluation in Chromium: locators run as JavaScript, converted as the simulator's",
          "[bridge][chromium]") {
  REQUIRE(ChromeAvailable());
  ServeOptions so;
  so.sites = {"fixture"};
  so.port_offset = 11700;
  auto server = SimServer::Start(so);
  REQUIRE(server.ok());
  auto driver = WebDriver::Launch();
  REQUIRE(driver.ok());
  const SiteMap map = SiteMap::ForServer((*server)->sites());
  ChromiumEvalPages chrome(driver->get(), &map);
  Browser browser;
  auto site = GetSite("fixture");
  REQUIRE(site.ok());
  REQUIRE(browser.ResetSite(*site, true).ok());
  SimEvalPages sim(&browser);
  const std::string url = ExpandPlaceholders("__FIXTURE__/items?page=2");
  REQUIRE(browser.OpenTab(url).ok());
  REQUIRE(chrome.Navigate(url).ok());
  CHECK(chrome.Url() == url);
  CHECK(chrome.name() == "chromium");
  for (const char* locator :
       {"document.querySelector('h1').outerText", "document.querySelectorAll('table tr').length",
        "document.querySelector('.nothing-here')", "document.querySelector('.nothing').outerText",
        "document.querySelector('table') !== null", "[...document.querySelectorAll('h1')]"}) {
    INFO(locator);
    auto a = sim.Select(locator);
    auto b = chrome.Select(locator);
    REQUIRE(b.ok());
    if (a.ok()) {
      CHECK(*a == *b);
    }
  }
  auto none = chrome.Select("document.querySelector('.nothing-here')");
  REQUIRE(none.ok());
  CHECK_FALSE(none->has_value());  // null, as the simulator's nullopt
  auto thrown = chrome.Select("document.querySelector('.nothing').outerText");
  REQUIRE(thrown.ok());
  CHECK(*thrown == std::optional<std::string>(""));  // an exception reads as ""
  auto html = chrome.Select("");
  REQUIRE(html.ok());
  CHECK(html->value().find("<html") != std::string::npos);
  // func: helpers in the browser.
  auto post = chrome.CallUrlHelper("reddit_get_post_url",
                                   {"http://localhost:9999/f/books/123/some-title/456"});
  REQUIRE(post.ok());
  CHECK(*post == "http://localhost:9999/f/books/123/");
  auto latest = chrome.CallUrlHelper("fixture_get_latest_submission_url", {});
  REQUIRE(latest.ok());
  CHECK(*latest == ExpandPlaceholders("__FIXTURE__/submissions"));  // none yet
  CHECK(chrome.CallUrlHelper("no_such_helper", {}).status().code() == StatusCode::kNotFound);
}

// The observation id of the simulator's element with this tag and text (-1 when none).
int SimId(const Env& env, const std::string& tag, const std::string& text) {
  const std::vector<PageElement> els = SimElements(*env.browser().page());
  for (size_t i = 0; i < els.size(); ++i) {
    if (els[i].tag == tag && els[i].text == text) return static_cast<int>(i);
  }
  return -1;
}

TEST_CASE("ChromiumEnv: the action vocabulary in lockstep with the simulator",
          "[bridge][chromium]") {
  REQUIRE(ChromeAvailable());
  ServeOptions so;
  so.sites = {"fixture"};
  so.port_offset = 12500;
  auto server = SimServer::Start(so);
  REQUIRE(server.ok());
  auto driver = WebDriver::Launch();
  REQUIRE(driver.ok());
  ChromiumEnv chrome(driver->get(), SiteMap::ForServer((*server)->sites()));
  Env env;
  Task task;
  task.task_id = 1;
  task.sites = {"fixture"};
  task.start_url = "__FIXTURE__/ |AND| __FIXTURE__/form";
  StepResult sr, cr;
  REQUIRE(env.Reset(TaskEpisode(task), 5, &sr).ok());
  REQUIRE(chrome.Reset(task, 5, &cr).ok());
  CHECK(cr.info.tabs.size() == 2);
  CHECK(cr.info.active_tab == 0);
  int step = 0;
  // Acts on the simulator's element (tag, text) in both; the browser's id by alignment.
  auto act = [&](const std::string& kind, const std::string& tag, const std::string& text,
                 const std::string& argument) {
    ++step;
    Action a;
    auto parsed = ParseAction(kind);
    if (kind.find('(') != std::string::npos) {
      REQUIRE(parsed.ok());
      a = *parsed;
    } else {
      a.type = kind == "Type"     ? ActionType::kType
               : kind == "Select" ? ActionType::kSelectOption
               : kind == "Hover"  ? ActionType::kHover
                                  : ActionType::kClick;
      a.argument = argument;
      a.element = tag == "id" ? std::stoi(text) : SimId(env, tag, text);
      INFO("step " << step << " on " << sr.info.url << ": " << sr.observation);
      REQUIRE(a.element >= 0);
    }
    Action b = a;
    if (ActionNeedsElement(a.type)) {
      PageParity p =
          ComparePages(SimElements(*env.browser().page()), chrome.observation().elements);
      b.element = p.sim_to_browser[static_cast<size_t>(a.element)];
      REQUIRE(b.element >= 0);
    }
    env.StepAction(a, &sr);
    chrome.StepAction(b, &cr);
    INFO("step " << step << ": " << FormatAction(a) << "\nsim " << sr.observation << "\nchromium "
                 << cr.observation);
    CHECK(sr.info.action_error == "");
    CHECK(cr.info.action_error == "");
    CHECK(cr.info.url == sr.info.url);
    CHECK(StripBoxes(cr.observation) == StripBoxes(sr.observation));
  };
  act("do(action=\"Switch Tab\", argument=\"1\")", "", "", "");
  auto size = (*driver)->Execute("return [window.innerWidth, window.innerHeight];");
  REQUIRE(size.ok());
  CHECK(*size == nlohmann::json::array({1280, 720}));   // every tab at the simulator's viewport
  act("Type", "label", "Your name", "Ada Lovelace\n");  // a label forwards to its field
  act("Select", "label", "Category", "refunds");
  act("Click", "id", "14", "");  // the radio 'High' (inside its label)
  act("Type", "label", "Message", "Two\nlines");
  act("Click", "id", "17", "");  // the newsletter checkbox
  act("Click", "button", "Send message", "");
  CHECK(sr.info.url.find("/submissions/") != std::string::npos);
  act("do(action=\"Switch Tab\", argument=\"0\")", "", "", "");
  act("Hover", "span", "More", "");  // opens the menu (:hover)
  act("Click", "a", "Long page", "");
  act("do(action=\"Scroll Down\")", "", "", "");
  act("do(action=\"Scroll Down\")", "", "", "");
  act("do(action=\"Scroll Up\")", "", "", "");
  // The pointer stays where it last was in a browser, and whatever is under it on the next page
  // is hovered; the simulator does not model that, so move it off the menu before going back.
  act("Hover", "a", "Item link 5", "");
  act("go_backward()", "", "", "");  // the page returns at its own scroll position
  CHECK(sr.info.url == ExpandPlaceholders("__FIXTURE__/"));
  act("go_forward()", "", "", "");
  act("go_backward()", "", "", "");
  act("Click", "a", "Help", "");  // target=_blank: a new tab, made active
  CHECK(cr.info.tabs.size() == 3);
  CHECK(cr.info.active_tab == 2);
  // The server's database took the same rows (same clock, same values) as the simulator's.
  auto served = chrome.ServerDb("fixture");
  REQUIRE(served.ok());
  auto diff = DiffDatabases(*env.browser().sites().at("fixture").db, **served);
  REQUIRE(diff.ok());
  CHECK(diff->empty());
  auto row = (*served)->QueryText(
      "SELECT name || '|' || category || '|' || priority || '|' || "
      "subscribe || '|' || message FROM submissions ORDER BY id DESC",
      {});
  REQUIRE(row.ok());
  CHECK(*row == "Ada Lovelace|return|high|1|Two\r\nlines");  // a form sends CRLF
  // Errors are reported, not thrown, and leave the page as it was.
  Action bad;
  bad.type = ActionType::kClick;
  bad.element = 999;
  const std::string before = chrome.observation().text;
  chrome.StepAction(bad, &cr);
  CHECK(cr.info.action_error.find("no element with id 999") != std::string::npos);
  CHECK(chrome.observation().text == before);
  chrome.Step("do(action=\"Switch Tab\", argument=\"7\")", &cr);
  CHECK(cr.info.action_error.find("tab index") != std::string::npos);
  chrome.Step("click the thing", &cr);
  CHECK_FALSE(cr.info.action_error.empty());
  chrome.Step("exit(message=\"done\")", &cr);
  CHECK(cr.terminated);
  CHECK(cr.info.answer == "done");
  CHECK(chrome.done());
}

TEST_CASE("run --webarena: policies in Chromium against sites signed in through their forms",
          "[bridge][chromium]") {
  REQUIRE(ChromeAvailable());
  // A server whose sessions start signed out, like a real deployment: the run signs in.
  ServeOptions so;
  so.sites = {"fixture"};
  so.port_offset = 11800;
  so.logged_in = false;
  auto server = SimServer::Start(so);
  REQUIRE(server.ok());
  SplitOptions split;
  split.sites = {"fixture"};
  split.test_per_template = 1;
  auto gen = GenerateSplit(Split::kTest, split);
  REQUIRE(gen.ok());
  std::vector<Task> tasks;
  for (const auto& g : *gen) tasks.push_back(g.task);
  LiveRunOptions lo;
  lo.sites = SiteMap::ForServer((*server)->sites());
  lo.login = true;
  lo.sim_server = false;  // a plain website: no control requests
  lo.keep_trace = true;
  // The oracle, planning on a simulator that follows the browser, solves every task; the
  // verdicts come from the task's locators run in Chromium.
  lo.shadow_simulator = true;
  auto oracle = MakeOraclePolicy(*gen);
  auto solved = RunLive(tasks, oracle.get(), lo);
  REQUIRE(solved.ok());
  REQUIRE(solved->outcomes.size() == tasks.size());
  for (const TaskOutcome& o : solved->outcomes) {
    INFO("task " << o.task_id << ": " << o.error << "\n" << o.explanation);
    CHECK(o.error.empty());
    CHECK(o.score == 1.0f);
    CHECK(o.steps == static_cast<int>(o.actions.size()));
    REQUIRE_FALSE(o.trace.empty());
    CHECK(o.trace.front().observation.find("<html") == 0);
  }
  CHECK(solved->SuccessRate("") == Approx(100.0));
  // Doing nothing solves nothing.
  lo.shadow_simulator = false;
  auto noop = MakeNoopPolicy();
  auto idle = RunLive(tasks, noop.get(), lo);
  REQUIRE(idle.ok());
  for (const TaskOutcome& o : idle->outcomes) CHECK(o.score == 0.0f);
  // A policy that types nonsense is stopped early, as in the harness.
  struct Babble : Policy {
    std::string name() const override { return "babble"; }
    void Begin(size_t, const Task&) override {}
    std::string Act(size_t, const Task&, const StepResult&, const Env&) override {
      return "I think I should click something";
    }
  } babble;
  auto stopped = RunLive({tasks.front()}, &babble, lo);
  REQUIRE(stopped.ok());
  CHECK(stopped->outcomes[0].early_stop);
  CHECK(stopped->outcomes[0].steps == 5);
  CHECK(stopped->outcomes[0].score == 0.0f);
  // A site that cannot be reached fails the reset of the task, with the reason recorded.
  SiteMap unreachable = *SiteMap::Parse("fixture=http://127.0.0.1:9");
  lo.sites = unreachable;
  auto down = RunLive({tasks.front()}, noop.get(), lo);
  REQUIRE(down.ok());
  CHECK_FALSE(down->outcomes[0].error.empty());
}

}  // namespace
}  // namespace wa
