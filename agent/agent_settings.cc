#include "agent/agent_settings.h"

#include <algorithm>
#include <cmath>

#include "sim/observation.h"

namespace wa {

Result<AgentSettings> AgentSettings::FromJson(const nlohmann::json& j) {
  AgentSettings s;
  try {
    auto f = ParsePromptFormat(j.value("prompt_format", "think"));
    if (!f.ok()) return f.status();
    s.format = *f;
    auto t = ParseChatTemplate(j.value("chat_template", "chatml"));
    if (!t.ok()) return t.status();
    s.chat_template = *t;
    s.context_chars = j.value("context_chars", s.context_chars);
    s.max_context_tokens = j.value("max_context_tokens", s.max_context_tokens);
    s.max_new_tokens = j.value("max_new_tokens", s.max_new_tokens);
    s.temperature = j.value("temperature", s.temperature);
    s.top_p = j.value("top_p", s.top_p);
    s.simplify_history = j.value("simplify_history", s.simplify_history);
    s.observation = j.value("observation", s.observation);
    if (!ParseObservationType(s.observation).ok()) {
      return InvalidArgument("agent.json: unknown observation type " + s.observation);
    }
  } catch (const nlohmann::json::exception& e) {
    return InvalidArgument(std::string("agent.json: ") + e.what());
  }
  return s;
}

nlohmann::json AgentSettings::ToJson() const {
  return {{"prompt_format", PromptFormatName(format)},
          {"chat_template", chat_template == ChatTemplate::kChatML ? "chatml" : "llama3"},
          {"context_chars", context_chars},
          {"max_context_tokens", max_context_tokens},
          {"max_new_tokens", max_new_tokens},
          {"temperature", std::round(static_cast<double>(temperature) * 1e6) / 1e6},
          {"top_p", std::round(static_cast<double>(top_p) * 1e6) / 1e6},
          {"simplify_history", simplify_history},
          {"observation", observation}};
}

std::vector<TokenId> EncodeTurnPrompt(const Tokenizer& tokenizer, const AgentSettings& settings,
                                      size_t max_tokens, size_t reserve, std::string_view intent,
                                      const std::vector<AgentTurn>& turns,
                                      std::string_view observation) {
  PromptOptions po;
  po.format = settings.format;
  po.simplify_history = settings.simplify_history;
  po.context_chars = settings.context_chars;
  const size_t budget = std::max<size_t>(16, max_tokens > reserve ? max_tokens - reserve : 16);
  std::vector<TokenId> ids;
  for (int attempt = 0; attempt < 8; ++attempt) {
    auto messages = BuildMessages(intent, turns, observation, po);
    if (settings.format == PromptFormat::kWebRLRaw) {
      ids = tokenizer.Encode(messages[0].content, /*parse_special=*/true);
    } else {
      auto enc = EncodeChat(tokenizer, messages, settings.chat_template, true);
      ids = enc.ok() ? enc->ids
                     : tokenizer.Encode(RenderChat(messages, settings.chat_template, true), false);
    }
    if (ids.size() <= budget) return ids;
    size_t chars = 0;
    for (const auto& m : messages) chars += m.content.size();
    po.context_chars = std::max<size_t>(1, chars * budget / ids.size() * 9 / 10);
  }
  ids.erase(ids.begin(), ids.end() - static_cast<std::ptrdiff_t>(budget));
  return ids;
}

std::vector<TokenId> EncodeResponse(const Tokenizer& tokenizer, const AgentSettings& settings,
                                    std::string_view response) {
  std::vector<TokenId> ids = tokenizer.Encode(response, /*parse_special=*/false);
  std::string_view end =
      settings.format == PromptFormat::kWebRLRaw ? "<|eot_id|>" : EndOfTurn(settings.chat_template);
  TokenId e = tokenizer.Id(end);
  if (e >= 0) ids.push_back(e);
  return ids;
}

}  // namespace wa
