#include "sim/observation.h"

#include "sim/env.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

std::string ObserveUrl(const std::string& path, ObservationType type, int scrolls = 0) {
  EnvOptions opts;
  opts.observation.type = type;
  Env env(opts);
  StepResult r;
  Status st = env.Reset("__FIXTURE__" + path, 1, &r);
  REQUIRE(st.ok());
  for (int i = 0; i < scrolls; ++i) env.Step("do(action=\"Scroll Down\")", &r);
  return r.observation;
}

TEST_CASE("Golden observations of fixture pages", "[observation][golden]") {
  struct Case {
    const char* file;
    const char* path;
    ObservationType type;
    int scrolls;
  };
  const Case cases[] = {
      {"home.webrl.txt", "/", ObservationType::kWebRL, 0},
      {"items.webrl.txt", "/items", ObservationType::kWebRL, 0},
      {"form.webrl.txt", "/form", ObservationType::kWebRL, 0},
      {"long.webrl.txt", "/long", ObservationType::kWebRL, 0},
      {"long_scrolled.webrl.txt", "/long", ObservationType::kWebRL, 2},
      {"form.axtree.txt", "/form", ObservationType::kAxTree, 0},
      {"items.compact.txt", "/items", ObservationType::kCompact, 0},
      {"notfound.webrl.txt", "/missing", ObservationType::kWebRL, 0},
  };
  for (const Case& c : cases) {
    INFO(c.file);
    testing::CheckGolden(c.file, ObserveUrl(c.path, c.type, c.scrolls) + "\n");
  }
}

TEST_CASE("compact-id-last is compact with each id moved to the end of its line", "[observation]") {
  for (const char* path : {"/", "/items", "/form", "/long"}) {
    INFO(path);
    std::string compact = ObserveUrl(path, ObservationType::kCompact);
    std::string id_last = ObserveUrl(path, ObservationType::kCompactIdLast);
    std::string expected;
    size_t start = 0;
    int moved = 0;
    while (start < compact.size()) {
      size_t end = compact.find('\n', start);
      if (end == std::string::npos) end = compact.size();
      std::string line = compact.substr(start, end - start);
      size_t close = line.find("] ");
      if (!line.empty() && line[0] == '[' && close != std::string::npos) {
        line = line.substr(close + 2) + " " + line.substr(0, close + 1);
        ++moved;
      }
      expected += line;
      if (end < compact.size()) expected += '\n';
      start = end + 1;
    }
    CHECK(moved > 3);
    CHECK(id_last == expected);
  }
  CHECK(
      ObserveUrl("/form", ObservationType::kCompactIdLast).find("radio 'High' checked: false [") !=
      std::string::npos);
  REQUIRE(ParseObservationType("compact-id-last").ok());
  CHECK(*ParseObservationType("compact-id-last") == ObservationType::kCompactIdLast);
  CHECK(std::string(ObservationTypeName(ObservationType::kCompactIdLast)) == "compact-id-last");
}

TEST_CASE("WebRL format details", "[observation]") {
  auto t = testing::MakePage(
      "<html><body><p>Intro <a href='/x'>link</a></p><div><span>  </span></div>"
      "<label>Remember <input type=checkbox checked value=1></label>"
      "<a href='/y'><span>inner</span></a><div aria-hidden='true'><a href='/z'>hidden</a></div>"
      "<input type=hidden name=t value=secret><p>" +
      std::string(600, 'x') + "</p></body></html>");
  std::string obs = t.Observe();
  // Dense ids in document order over innermost clickables.
  CHECK(obs.find("<p data-text=\"Intro\" data-bbox=") != std::string::npos);
  CHECK(obs.find("<a id=\"0\" data-text=\"link\"") != std::string::npos);
  CHECK(obs.find("<input id=\"1\" value=\"1\" type=\"checkbox\"") != std::string::npos);
  CHECK(obs.find("data-status=\"checked\"") != std::string::npos);
  CHECK(obs.find("<span id=\"2\" data-text=\"inner\"") != std::string::npos);  // cursor:pointer
  CHECK(obs.find("id=\"3\"") == std::string::npos);
  CHECK(obs.find("hidden") == std::string::npos);
  CHECK(obs.find("secret") == std::string::npos);
  CHECK(obs.find(std::string(500, 'x') + "\"") != std::string::npos);
  CHECK(obs.find(std::string(501, 'x')) == std::string::npos);
  CHECK(obs.rfind("<html data-bbox=\"0,0,1280,720\">", 0) == 0);
  CHECK(obs.substr(obs.size() - 8) == " </html>");
  REQUIRE(t.page->labels().size() == 3);
}

TEST_CASE("Observations are byte-identical for identical states", "[observation][determinism]") {
  for (ObservationType type : {ObservationType::kWebRL, ObservationType::kAxTree,
                               ObservationType::kCompact, ObservationType::kCompactIdLast}) {
    CHECK(ObserveUrl("/form", type) == ObserveUrl("/form", type));
  }
  CHECK(ParseObservationType("axtree").ok());
  CHECK_FALSE(ParseObservationType("html").ok());
}

}  // namespace
}  // namespace wa
