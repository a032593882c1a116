#include "agent/response.h"

#include "sim/action.h"

namespace wa {
namespace {

std::string_view Trim(std::string_view s) {
  auto space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
  };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

// The text between the first `open` and the next `close` (nullopt-like: npos when absent).
bool Between(std::string_view s, std::string_view open, std::string_view close,
             std::string_view* out) {
  size_t a = s.find(open);
  if (a == std::string_view::npos) return false;
  size_t b = s.find(close, a + open.size());
  if (b == std::string_view::npos) return false;
  *out = s.substr(a + open.size(), b - a - open.size());
  return true;
}

}  // namespace

ParsedResponse ParseResponse(std::string_view response, PromptFormat format) {
  ParsedResponse r;
  std::string_view thought;
  if (Between(response, "<think>", "</think>", &thought)) r.thought = std::string(Trim(thought));
  std::string_view candidate = response;
  if (format == PromptFormat::kThink) {
    std::string_view answer;
    if (Between(response, "<answer>", "</answer>", &answer)) {
      candidate = Trim(answer);
    } else if (response.find("<answer>") != std::string_view::npos) {
      r.action = "exit(message=\"N/A\")";
      r.ok = true;
      return r;
    } else {
      candidate = Trim(response);
      auto parsed = ParseAction(candidate);
      r.action = std::string(candidate);
      r.ok = parsed.ok();
      if (!r.ok) {
        r.error = "Error: cannot parse action from generated contents.\n" +
                  parsed.status().message() +
                  "\nAnswer in the format <think> ... </think><answer> action </answer>.";
      }
      return r;
    }
    auto parsed = ParseAction(candidate);
    r.action = std::string(candidate);
    r.ok = parsed.ok();
    if (!r.ok) {
      r.error = "Error: invalid action " + r.action + ".\n" + parsed.status().message() +
                "\nMake sure there is only one action enclosed by <answer> and </answer>.";
    }
    return r;
  }
  candidate = Trim(candidate);
  auto parsed = ParseAction(candidate);
  r.action = std::string(candidate);
  r.ok = parsed.ok();
  if (!r.ok)
    r.error = "Error: invalid action " + r.action + ".\nFail error: " + parsed.status().message();
  return r;
}

}  // namespace wa
