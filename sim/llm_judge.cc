#include "sim/llm_judge.h"

#include <httplib.h>

#include <cctype>
#include <cstdlib>
#include <nlohmann/json.hpp>

namespace wa {
namespace {

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

class HttpJudge : public FuzzyJudge {
 public:
  HttpJudge(HttpJudgeOptions options, Url base) : options_(std::move(options)), base_(base) {}

  Result<float> Match(std::string_view intent, std::string_view pred,
                      const std::vector<std::string>& reference) const override {
    std::string ref;
    for (size_t i = 0; i < reference.size(); ++i) ref += (i ? ", " : "") + reference[i];
    auto reply = Ask(FuzzyMatchPrompt(intent, ref, pred));
    if (!reply.ok()) return reply.status();
    std::string r = Lower(*reply);
    if (r.find("partially correct") != std::string::npos ||
        r.find("incorrect") != std::string::npos) {
      return 0.f;
    }
    if (r.find("correct") != std::string::npos) return 1.f;
    return Internal("judge reply has no verdict: '" + reply->substr(0, 200) + "'");
  }

  Result<float> Unachievable(std::string_view intent, std::string_view string_note,
                             std::string_view pred) const override {
    auto reply = Ask(UnachievablePrompt(intent, string_note, pred));
    if (!reply.ok()) return reply.status();
    std::string r = Lower(*reply);
    if (r.find("different") != std::string::npos) return 0.f;
    if (r.find("same") != std::string::npos) return 1.f;
    return Internal("judge reply has no verdict: '" + reply->substr(0, 200) + "'");
  }

  std::string name() const override { return "llm:" + options_.model; }

 private:
  Result<std::string> Ask(const std::string& prompt) const {
    nlohmann::json body = {{"model", options_.model},
                           {"temperature", 0},
                           {"max_tokens", options_.max_tokens},
                           {"messages",
                            {{{"role", "system"}, {"content", "You are a helpful assistant"}},
                             {{"role", "user"}, {"content", prompt}}}}};
    httplib::Client client(base_.Origin());
    client.set_connection_timeout(options_.timeout_s);
    client.set_read_timeout(options_.timeout_s);
    httplib::Headers headers;
    if (const char* key = std::getenv(options_.api_key_env.c_str()); key && *key) {
      headers.emplace("Authorization", std::string("Bearer ") + key);
    }
    std::string path = base_.path;
    if (!path.empty() && path.back() == '/') path.pop_back();
    path += "/chat/completions";
    auto res = client.Post(path, headers, body.dump(), "application/json");
    if (!res) {
      return Internal("judge request to " + base_.Origin() + path +
                      " failed: " + httplib::to_string(res.error()));
    }
    if (res->status != 200) {
      return Internal("judge answered HTTP " + std::to_string(res->status) + ": " +
                      res->body.substr(0, 200));
    }
    nlohmann::json reply = nlohmann::json::parse(res->body, nullptr, false);
    if (reply.is_discarded()) return Internal("judge reply is not JSON");
    try {
      return reply.at("choices").at(0).at("message").at("content").get<std::string>();
    } catch (const nlohmann::json::exception&) {
      return Internal("judge reply has no choices[0].message.content");
    }
  }

  HttpJudgeOptions options_;
  Url base_;
};

}  // namespace

std::string FuzzyMatchPrompt(std::string_view intent, std::string_view reference,
                             std::string_view pred) {
  std::string p =
      "Help a teacher to grade the answer of a student given a question. Keep in mind that the "
      "student may use different phrasing or wording to answer the question. The goal is to "
      "evaluate whether the answer is semantically equivalent to the reference answer.\n";
  p += "question: " + std::string(intent) + "\n";
  p += "reference answer: " + std::string(reference) + "\n";
  p += "all the string 'N/A' that you see is a special sequence that means 'not achievable'\n";
  p += "student answer: " + std::string(pred) + "\n";
  p += "Conclude the judgement by 'correct', 'incorrect', or 'partially correct'. Only output one "
       "of these options, and nothing else.";
  return p;
}

std::string UnachievablePrompt(std::string_view intent, std::string_view string_note,
                               std::string_view pred) {
  std::string p;
  p += "task: " + std::string(intent) + "\n";
  p += "actual unachievable reason: " + std::string(string_note) + "\n";
  p += "reported unachievable reason: " + std::string(pred) + "\n";
  p += "The task described above is inherently unachievable due to the reason specified under "
       "'actual unachievable reason'. An individual previously attempted this task and was "
       "unable to complete it. They provided a reason for their failure, which is listed under "
       "'reported unachievable reason'. Your role is to review both the actual and reported "
       "reasons. Determine if the reported reason aligns with the actual reason, even if "
       "implicitly. If the stated reason is in line with the actual reason, respond with 'same'. "
       "Otherwise, respond with 'different'.";
  return p;
}

Result<std::shared_ptr<const FuzzyJudge>> MakeHttpJudge(const HttpJudgeOptions& options) {
  auto url = ParseUrl(options.base_url);
  if (!url.ok()) return url.status();
  if (options.model.empty()) return InvalidArgument("the judge needs a model name");
  return std::shared_ptr<const FuzzyJudge>(std::make_shared<HttpJudge>(options, *url));
}

}  // namespace wa
