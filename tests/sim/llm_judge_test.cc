#include "sim/llm_judge.h"

#include <httplib.h>

#include <atomic>
#include <thread>

#include "tests/sim/test_util.h"

namespace wa {
namespace {

// A stand-in for an OpenAI-compatible endpoint on loopback: it answers "correct" when the
// student answer repeats the reference, and checks the request shape.
class FakeJudgeServer {
 public:
  FakeJudgeServer() {
    server_.Post("/v1/chat/completions", [this](const httplib::Request& req,
                                                httplib::Response& res) {
      ++requests_;
      auto body = nlohmann::json::parse(req.body);
      last_model_ = body["model"];
      last_auth_ = req.get_header_value("Authorization");
      std::string prompt = body["messages"][1]["content"];
      last_prompt_ = prompt;
      std::string verdict;
      if (prompt.find("reported unachievable reason") != std::string::npos) {
        verdict = prompt.find("reported unachievable reason: out of stock") != std::string::npos
                      ? "same"
                      : "different";
      } else {
        auto field = [&](const std::string& key) {
          size_t p = prompt.find(key);
          size_t e = prompt.find('\n', p);
          return prompt.substr(p + key.size(), e - p - key.size());
        };
        verdict = field("student answer: ").find(field("reference answer: ")) != std::string::npos
                      ? "Correct"
                      : "incorrect";
      }
      nlohmann::json reply = {{"choices", {{{"message", {{"content", verdict}}}}}}};
      res.set_content(reply.dump(), "application/json");
    });
    server_.Post("/broken/chat/completions", [](const httplib::Request&, httplib::Response& res) {
      res.status = 500;
      res.set_content("overloaded", "text/plain");
    });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    while (!server_.is_running()) std::this_thread::yield();
  }
  ~FakeJudgeServer() {
    server_.stop();
    thread_.join();
  }
  int port() const { return port_; }

  httplib::Server server_;
  std::thread thread_;
  int port_ = 0;
  std::atomic<int> requests_{0};
  std::string last_model_, last_auth_, last_prompt_;
};

TEST_CASE("The HTTP judge speaks the chat-completions protocol with upstream prompts",
          "[judge][http]") {
  FakeJudgeServer server;
  ::setenv("WA_TEST_JUDGE_KEY", "sk-test", 1);
  HttpJudgeOptions o;
  o.base_url = "http://127.0.0.1:" + std::to_string(server.port()) + "/v1";
  o.model = "judge-model";
  o.api_key_env = "WA_TEST_JUDGE_KEY";
  auto judge = MakeHttpJudge(o);
  REQUIRE(judge.ok());
  CHECK((*judge)->name() == "llm:judge-model");
  auto yes = (*judge)->Match("q?", "it is 42 apples", {"42 apples"});
  REQUIRE(yes.ok());
  CHECK(*yes == 1.f);
  CHECK(server.last_model_ == "judge-model");
  CHECK(server.last_auth_ == "Bearer sk-test");
  CHECK(server.last_prompt_ == FuzzyMatchPrompt("q?", "42 apples", "it is 42 apples"));
  auto no = (*judge)->Match("q?", "7", {"42 apples"});
  REQUIRE(no.ok());
  CHECK(*no == 0.f);
  auto ua = (*judge)->Unachievable("buy it", "the item is out of stock", "out of stock");
  REQUIRE(ua.ok());
  CHECK(*ua == 1.f);
  // Through the evaluator: a fuzzy_match task scored by the HTTP judge.
  Task t;
  t.intent = "How many?";
  t.eval.eval_types = {"string_match"};
  t.eval.has_reference_answers = true;
  t.eval.reference_answers = {StringCheck{StringCheck::Kind::kFuzzyMatch, {"3 items"}, false}};
  EvaluatorOptions eo;
  eo.judge = *judge;
  Browser b;
  EvalResult r = EvaluateTask(t, &b, "there are 3 items", eo);
  CHECK(r.score == 1.f);
  CHECK(r.Explanation().find("llm:judge-model") != std::string::npos);
  // Errors are reported, not swallowed, and the check fails.
  o.base_url = "http://127.0.0.1:" + std::to_string(server.port()) + "/broken";
  auto broken = MakeHttpJudge(o);
  REQUIRE(broken.ok());
  auto err = (*broken)->Match("q", "a", {"a"});
  REQUIRE_FALSE(err.ok());
  CHECK(err.status().message().find("HTTP 500") != std::string::npos);
  eo.judge = *broken;
  CHECK(EvaluateTask(t, &b, "there are 3 items", eo).score == 0.f);
  CHECK_FALSE(MakeHttpJudge(HttpJudgeOptions{"not a url", "m", "K", 1, 10}).ok());
}

}  // namespace
}  // namespace wa
