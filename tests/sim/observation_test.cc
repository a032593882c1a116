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
  for (ObservationType type :
       {ObservationType::kWebRL, ObservationType::kAxTree, ObservationType::kCompact}) {
    CHECK(ObserveUrl("/form", type) == ObserveUrl("/form", type));
  }
  CHECK(ParseObservationType("axtree").ok());
  CHECK_FALSE(ParseObservationType("html").ok());
}

}  // namespace
}  // namespace wa
