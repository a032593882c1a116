// An external LLM judge for fuzzy_match, over an OpenAI-compatible chat-completions endpoint.
//
// Off by default: the deterministic judge (sim/evaluator.h) needs no network. When configured,
// the prompts are the reference harness's (llm_fuzzy_match and ua_match), temperature 0,
// max_tokens 768; the reply is read as upstream does ("partially correct" or "incorrect" -> 0,
// "correct" -> 1; "different" -> 0, "same" -> 1). A network or protocol error is returned as a
// Status, so the check fails with that reason in the episode record.
#ifndef WEBAGENT_SIM_LLM_JUDGE_H_
#define WEBAGENT_SIM_LLM_JUDGE_H_

#include <memory>
#include <string>

#include "sim/evaluator.h"

namespace wa {

struct HttpJudgeOptions {
  std::string base_url =
      "http://127.0.0.1:8000/v1";              // ".../v1"; the client posts to /chat/completions
  std::string model = "gpt-4-1106-preview";    // the evaluation judge upstream
  std::string api_key_env = "OPENAI_API_KEY";  // environment variable holding the key
  int timeout_s = 60;                          // per request
  int max_tokens = 768;
};

// Validates the options (URL parses) and returns the judge.
Result<std::shared_ptr<const FuzzyJudge>> MakeHttpJudge(const HttpJudgeOptions& options);

// The two prompts, exposed for tests.
std::string FuzzyMatchPrompt(std::string_view intent, std::string_view reference,
                             std::string_view pred);
std::string UnachievablePrompt(std::string_view intent, std::string_view string_note,
                               std::string_view pred);

}  // namespace wa

#endif  // WEBAGENT_SIM_LLM_JUDGE_H_
