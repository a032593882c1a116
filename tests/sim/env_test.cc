#include "sim/env.h"

#include <regex>

#include "sim/random_policy.h"
#include "sim/vec_env.h"
#include "tests/sim/test_util.h"

namespace wa {
namespace {

// Finds the label id of the first element in the observation whose text or attribute contains
// `needle` (webrl format: <tag id="N" ... needle ...>).
int IdOf(const std::string& obs, const std::string& needle) {
  std::regex tag(R"re(<[a-z0-9]+ id="(\d+)"[^>]*>)re");
  for (std::sregex_iterator it(obs.begin(), obs.end(), tag), end; it != end; ++it) {
    std::string whole = (*it)[0];
    size_t close = obs.find("</", it->position() + whole.size());
    std::string inner = obs.substr(it->position(), close - it->position());
    if (inner.find(needle) != std::string::npos) return std::stoi((*it)[1]);
  }
  FAIL("no element containing '" << needle << "' in\n" << obs);
  return -1;
}

std::string Click(int id) { return "do(action=\"Click\", element=\"" + std::to_string(id) + "\")"; }

struct Fixture {
  Env env;
  StepResult r;
  explicit Fixture(const std::string& path = "/") {
    Status st = env.Reset("__FIXTURE__" + path, 7, &r);
    INFO(st.message());
    REQUIRE(st.ok());
  }
  void Step(const std::string& action) {
    env.Step(action, &r);
    INFO(action << " -> " << r.info.action_error);
    REQUIRE(r.info.action_error.empty());
  }
};

TEST_CASE("Reset opens the start URL logged in", "[env]") {
  Fixture f;
  CHECK(f.r.info.url == "http://localhost:8099/");
  CHECK(f.r.info.title == "Home - Fixture Site");
  CHECK(f.r.info.tabs.size() == 1);
  CHECK(f.r.observation.find("alice") != std::string::npos);
  CHECK_FALSE(f.r.terminated);
  CHECK(f.r.info.now == kDefaultStartTime);
}

TEST_CASE("Links navigate and history goes back and forward", "[env][browser]") {
  Fixture f;
  f.Step(Click(IdOf(f.r.observation, "data-text=\"Items\"")));
  CHECK(f.r.info.url == "http://localhost:8099/items");
  f.Step(Click(IdOf(f.r.observation, "data-text=\"Next\"")));
  CHECK(f.r.info.url == "http://localhost:8099/items?page=2");
  CHECK(f.r.observation.find("page 2 of 3") != std::string::npos);
  f.Step("go_backward()");
  CHECK(f.r.info.url == "http://localhost:8099/items");
  f.Step("do(action=\"Go Backward\")");
  CHECK(f.r.info.url == "http://localhost:8099/");
  f.env.Step("go_backward()", &f.r);
  CHECK(f.r.info.action_error.find("cannot go back") != std::string::npos);
  f.Step("go_forward()");
  CHECK(f.r.info.url == "http://localhost:8099/items");
  CHECK(f.r.info.now == kDefaultStartTime + 3 * 6);
}

TEST_CASE("A target=_blank link opens a new active tab; Switch Tab returns", "[env][browser]") {
  Fixture f;
  f.Step(Click(IdOf(f.r.observation, "data-text=\"Help\"")));
  REQUIRE(f.r.info.tabs.size() == 2);
  CHECK(f.r.info.active_tab == 1);
  CHECK(f.r.info.url == "http://localhost:8099/help");
  f.Step("do(action=\"Switch Tab\", argument=\"0\")");
  CHECK(f.r.info.url == "http://localhost:8099/");
  f.env.Step("do(action=\"Switch Tab\", argument=\"5\")", &f.r);
  CHECK(f.r.info.action_error.find("tab index") != std::string::npos);
}

TEST_CASE("Hover reveals the menu", "[env][browser]") {
  Fixture f;
  CHECK(f.r.observation.find("Contact form") == std::string::npos);
  f.Step("do(action=\"Hover\", element=\"" + std::to_string(IdOf(f.r.observation, "More")) + "\")");
  CHECK(f.r.observation.find("Contact form") != std::string::npos);
  f.Step(Click(IdOf(f.r.observation, "data-text=\"Contact form\"")));
  CHECK(f.r.info.url == "http://localhost:8099/form");
}

TEST_CASE("A form with every control type submits by POST and redirects", "[env][browser]") {
  Fixture f("/form");
  const std::string& o = f.r.observation;
  int name = IdOf(o, "placeholder=\"Jane Doe\"");
  f.Step("do(action=\"Type\", argument=\"Robert'); DROP TABLE submissions;--\", element=\"" +
         std::to_string(name) + "\")");
  CHECK(f.r.observation.find("value=\"Robert'); DROP TABLE submissions;--\"") != std::string::npos);
  f.Step("do(action=\"Select Dropdown Option\", argument=\"refund\", element=\"" +
         std::to_string(IdOf(f.r.observation, "data-value=\"General question\"")) + "\")");
  CHECK(f.r.observation.find("data-value=\"Returns and refunds\"") != std::string::npos);
  int high = IdOf(f.r.observation, "value=\"high\"");
  f.Step(Click(high));
  CHECK(f.r.observation.find("value=\"high\" type=\"radio\"") != std::string::npos);
  int subscribe = IdOf(f.r.observation, "value=\"yes\"");
  f.Step(Click(subscribe));
  CHECK(f.r.observation.find("data-status=\"checked\"") != std::string::npos);
  f.Step("do(action=\"Type\", argument=\"100% \\\"quoted\\\" _under_ \\\\ back\", element=\"" +
         std::to_string(IdOf(f.r.observation, "textarea")) + "\")");
  f.Step(Click(IdOf(f.r.observation, "Send message")));
  CHECK(f.r.info.url == "http://localhost:8099/submissions/1");
  CHECK(f.r.observation.find("Robert'); DROP TABLE submissions;--") != std::string::npos);
  CHECK(f.r.observation.find("Returns and refunds") == std::string::npos);  // stores the value
  CHECK(f.r.observation.find("return") != std::string::npos);
  CHECK(f.r.observation.find("high") != std::string::npos);
  CHECK(f.r.observation.find("100% \"quoted\" _under_ \\ back") != std::string::npos);
  // The table still exists and holds exactly one row with the literal text.
  auto* db = f.env.browser().site("fixture")->db.get();
  CHECK(*db->QueryInt("SELECT COUNT(*) FROM submissions", {}) == 1);
  CHECK(*db->QueryText("SELECT name FROM submissions", {}) ==
        "Robert'); DROP TABLE submissions;--");
  CHECK(*db->QueryInt("SELECT subscribe FROM submissions", {}) == 1);
}

TEST_CASE("Search = type + Enter submits the enclosing GET form", "[env][browser]") {
  Fixture f;
  int box = IdOf(f.r.observation, "placeholder=\"Search items\"");
  f.Step("do(action=\"Search\", argument=\"lamp & co\", element=\"" + std::to_string(box) + "\")");
  CHECK(f.r.info.url == "http://localhost:8099/search?q=lamp+%26+co");
  CHECK(f.r.observation.find("Search results for \"lamp &amp; co\"") == std::string::npos);
  CHECK(f.r.observation.find("lamp & co") != std::string::npos);
  // Type + Press Enter does the same.
  int box2 = IdOf(f.r.observation, "title=\"Search items\"");
  f.Step("do(action=\"Type\", argument=\"%\", element=\"" + std::to_string(box2) + "\")");
  f.Step("do(action=\"Press Enter\")");
  CHECK(f.r.info.url == "http://localhost:8099/search?q=%25");
  CHECK(f.r.observation.find("0 results") != std::string::npos);
}

TEST_CASE("Required fields block submission without changing state", "[env][browser]") {
  Fixture f("/items/1");
  uint64_t before = *f.env.StateHash();
  f.env.Step(Click(IdOf(f.r.observation, "Save note")), &f.r);
  CHECK(f.r.info.action_error.find("required field 'body'") != std::string::npos);
  CHECK(f.r.info.url == "http://localhost:8099/items/1");
  CHECK(*f.env.StateHash() == before);
}

TEST_CASE("Login and logout through the UI", "[env][browser]") {
  EpisodeSpec spec = EpisodeSpec::FromUrl("__FIXTURE__/account");
  spec.logged_in = false;
  Env env;
  StepResult r;
  REQUIRE(env.Reset(spec, 1, &r).ok());
  CHECK(r.info.url == "http://localhost:8099/login");
  env.Step("do(action=\"Type\", argument=\"bob\", element=\"" +
               std::to_string(IdOf(r.observation, "type=\"text\"")) + "\")",
           &r);
  env.Step("do(action=\"Type\", argument=\"wrong\", element=\"" +
               std::to_string(IdOf(r.observation, "type=\"password\"")) + "\")",
           &r);
  env.Step("do(action=\"Press Enter\")", &r);
  CHECK(r.observation.find("incorrect") != std::string::npos);
  env.Step("do(action=\"Type\", argument=\"bob\", element=\"" +
               std::to_string(IdOf(r.observation, "type=\"text\"")) + "\")",
           &r);
  env.Step("do(action=\"Type\", argument=\"builder\", element=\"" +
               std::to_string(IdOf(r.observation, "type=\"password\"")) + "\")",
           &r);
  env.Step(Click(IdOf(r.observation, "type=\"submit\" data-text=\"Sign in\"")), &r);
  CHECK(r.info.url == "http://localhost:8099/account");
  CHECK(r.observation.find("Signed in as bob") != std::string::npos);
  env.Step(Click(IdOf(r.observation, "Sign out")), &r);
  CHECK(r.info.url == "http://localhost:8099/");
  CHECK(r.observation.find("Sign in") != std::string::npos);
}

TEST_CASE("Unknown pages, ids and impossible actions are reported, nothing changes",
          "[env][browser]") {
  Fixture f("/no/such/page");
  CHECK(f.r.observation.find("404 Not Found") != std::string::npos);
  f.env.Reset("__FIXTURE__/", 7, &f.r);
  std::string obs = f.r.observation;
  uint64_t hash = *f.env.StateHash();
  for (const char* bad : {"do(action=\"Click\", element=\"999\")",
                          "do(action=\"Type\", argument=\"x\", element=\"0\")",
                          "do(action=\"Select Dropdown Option\", argument=\"x\", element=\"0\")",
                          "do(action=\"Click\"", "nonsense", "do(action=\"Teleport\")"}) {
    f.env.Step(bad, &f.r);
    INFO(bad);
    CHECK_FALSE(f.r.info.action_error.empty());
    CHECK(f.r.observation == obs);
    CHECK(*f.env.StateHash() == hash);
    CHECK_FALSE(f.r.terminated);
  }
  CHECK(f.r.info.step == 6);
  // A site that is not simulated gives the browser's error page.
  f.env.Reset("http://localhost:1/", 7, &f.r);
  CHECK(f.r.info.title == "This site can't be reached");
}

TEST_CASE("exit() terminates, the step limit truncates, the evaluator gives the reward", "[env]") {
  struct UrlEvaluator : Evaluator {
    float Score(Browser* b, const EpisodeSpec&, std::string_view answer,
                std::string* why) const override {
      *why = "url=" + b->url() + " answer=" + std::string(answer);
      return b->url() == "http://localhost:8099/items" && answer == "done" ? 1.f : 0.f;
    }
  };
  EpisodeSpec spec = EpisodeSpec::FromUrl("__FIXTURE__/items");
  spec.evaluator = std::make_shared<UrlEvaluator>();
  EnvOptions opts;
  opts.max_steps = 3;
  Env env(opts);
  StepResult r;
  REQUIRE(env.Reset(spec, 1, &r).ok());
  env.Step("exit(message=\"done\")", &r);
  CHECK(r.terminated);
  CHECK_FALSE(r.truncated);
  CHECK(r.reward == 1.f);
  CHECK(r.info.answer == "done");
  env.Step("do(action=\"Scroll Down\")", &r);
  CHECK(r.info.action_error.find("episode is over") != std::string::npos);
  REQUIRE(env.Reset(spec, 1, &r).ok());
  for (int i = 0; i < 3; ++i) env.Step("do(action=\"Wait\")", &r);
  CHECK(r.truncated);
  CHECK_FALSE(r.terminated);
  CHECK(r.reward == 0.f);
  CHECK(r.info.eval_explanation.find("answer=") != std::string::npos);
}

TEST_CASE("Reset restores the pristine database; envs are isolated", "[env]") {
  Fixture a("/form"), b("/form");
  uint64_t pristine = *a.env.StateHash();
  CHECK(*b.env.StateHash() == pristine);
  a.Step("do(action=\"Type\", argument=\"Ann\", element=\"" +
         std::to_string(IdOf(a.r.observation, "placeholder=\"Jane Doe\"")) + "\")");
  a.Step("do(action=\"Press Enter\")");
  CHECK(a.r.info.url == "http://localhost:8099/submissions/1");
  CHECK(*a.env.StateHash() != pristine);
  CHECK(*b.env.StateHash() == pristine);
  REQUIRE(a.env.Reset("__FIXTURE__/submissions", 7, &a.r).ok());
  CHECK(*a.env.StateHash() == pristine);
  CHECK(a.r.observation.find("No submissions yet") != std::string::npos);
}

TEST_CASE("Response cache: GETs are reused only while content, URL and cookies match",
          "[env][browser]") {
  ResponseCache& cache = ResponseCache::Global();
  Fixture f("/submissions/1");
  uint64_t hits = cache.hits();
  REQUIRE(f.env.Reset("__FIXTURE__/submissions/1", 8, &f.r).ok());
  CHECK(cache.hits() == hits + 1);  // same pristine content, URL and cookies
  CHECK(f.r.observation.find("There is no submission 1.") != std::string::npos);
  // The contact form reads the virtual clock (its token), so it is never stored.
  REQUIRE(f.env.Reset("__FIXTURE__/form", 8, &f.r).ok());
  hits = cache.hits();
  REQUIRE(f.env.Reset("__FIXTURE__/form", 8, &f.r).ok());
  CHECK(cache.hits() == hits);
  // A write changes the fingerprint: submission 1 now exists, the cached 404 is not served.
  f.Step("do(action=\"Type\", argument=\"Ann\", element=\"" +
         std::to_string(IdOf(f.r.observation, "placeholder=\"Jane Doe\"")) + "\")");
  f.Step("do(action=\"Press Enter\")");
  CHECK(f.r.info.url == "http://localhost:8099/submissions/1");
  CHECK(f.r.observation.find("There is no submission 1.") == std::string::npos);
  CHECK(f.r.observation.find("Ann") != std::string::npos);
  // Turned off, nothing is looked up or stored.
  size_t capacity = cache.capacity();
  cache.set_capacity(0);
  hits = cache.hits();
  REQUIRE(f.env.Reset("__FIXTURE__/submissions/1", 8, &f.r).ok());
  CHECK(cache.hits() == hits);
  cache.set_capacity(capacity);
}

// Runs random-policy episodes and returns every observation, URL and state hash.
std::vector<std::string> Trace(size_t threads, uint64_t seed) {
  const size_t kEnvs = 4;
  VecEnv vec(kEnvs, threads);
  std::vector<EpisodeSpec> specs(kEnvs, EpisodeSpec::FromUrl("__FIXTURE__/"));
  std::vector<uint64_t> seeds;
  for (size_t i = 0; i < kEnvs; ++i) seeds.push_back(seed + i);
  REQUIRE(vec.ResetAll(specs, seeds).ok());
  std::vector<Rng> rngs;
  for (size_t i = 0; i < kEnvs; ++i) rngs.emplace_back(seed * 31 + i);
  std::vector<std::string> trace;
  for (int step = 0; step < 40; ++step) {
    std::vector<std::string> actions;
    for (size_t i = 0; i < kEnvs; ++i) {
      actions.push_back(RandomActionText(*vec.env(i).browser().page(), rngs[i], 0.0));
    }
    vec.StepAll(actions);
    for (size_t i = 0; i < kEnvs; ++i) {
      const StepResult& r = vec.results()[i];
      trace.push_back(actions[i] + "\n" + r.info.url + "\n" + r.info.action_error + "\n" +
                      r.observation + "\n" + std::to_string(*vec.env(i).StateHash()));
    }
  }
  return trace;
}

TEST_CASE("Determinism: same seed and actions give identical bytes at any thread count",
          "[env][determinism]") {
  auto a = Trace(0, 11);
  auto b = Trace(1, 11);
  auto c = Trace(2, 11);
  auto again = Trace(2, 11);
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    INFO("step record " << i);
    REQUIRE(a[i] == b[i]);
    REQUIRE(a[i] == c[i]);
    REQUIRE(c[i] == again[i]);
  }
  auto other = Trace(2, 12);
  CHECK(other != a);
}

TEST_CASE("VecEnv async interface returns finished environments", "[env][vecenv]") {
  VecEnv vec(3, 2);
  for (size_t i = 0; i < 3; ++i) vec.SendReset(i, EpisodeSpec::FromUrl("__FIXTURE__/items"), i);
  std::vector<size_t> got;
  while (got.size() < 3) {
    auto ids = vec.Recv(1);
    got.insert(got.end(), ids.begin(), ids.end());
  }
  std::sort(got.begin(), got.end());
  CHECK(got == std::vector<size_t>{0, 1, 2});
  for (size_t i = 0; i < 3; ++i) CHECK(vec.reset_status()[i].ok());
  vec.SendStep(1, "do(action=\"Scroll Down\")");
  auto ids = vec.Recv(1);
  REQUIRE(ids == std::vector<size_t>{1});
  CHECK(vec.results()[1].info.step == 1);
  CHECK(vec.results()[0].info.step == 0);
  CHECK(vec.pending() == 0);
}

}  // namespace
}  // namespace wa
