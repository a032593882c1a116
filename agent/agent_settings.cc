#include "agent/agent_settings.h"

#include <algorithm>
#include <cmath>

#include "sim/observation.h"
#include "sim/text.h"

namespace wa {

Result<AgentSettings> AgentSettings::FromJson(const nlohmann::json& j) {
  AgentSettings s;
  try {
    auto f = ParsePromptFormat(j.value("prompt_format", "think"));
    if (!f.ok()) return f.status();
    s.format = *f;
    auto sp = ParseSystemPromptStyle(j.value("system_prompt", "full"));
    if (!sp.ok()) return sp.status();
    s.system_prompt = *sp;
    auto t = ParseChatTemplate(j.value("chat_template", "chatml"));
    if (!t.ok()) return t.status();
    s.chat_template = *t;
    s.context_chars = j.value("context_chars", s.context_chars);
    s.max_context_tokens = j.value("max_context_tokens", s.max_context_tokens);
    s.max_new_tokens = j.value("max_new_tokens", s.max_new_tokens);
    s.temperature = j.value("temperature", s.temperature);
    s.top_p = j.value("top_p", s.top_p);
    s.simplify_history = j.value("simplify_history", s.simplify_history);
    s.task_reminder = j.value("task_reminder", s.task_reminder);
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
          {"system_prompt", SystemPromptStyleName(system_prompt)},
          {"chat_template", chat_template == ChatTemplate::kChatML ? "chatml" : "llama3"},
          {"context_chars", context_chars},
          {"max_context_tokens", max_context_tokens},
          {"max_new_tokens", max_new_tokens},
          {"temperature", std::round(static_cast<double>(temperature) * 1e6) / 1e6},
          {"top_p", std::round(static_cast<double>(top_p) * 1e6) / 1e6},
          {"simplify_history", simplify_history},
          {"task_reminder", task_reminder},
          {"observation", observation}};
}

namespace {

PromptOptions PromptOptionsOf(const AgentSettings& settings) {
  PromptOptions po;
  po.format = settings.format;
  po.system_prompt = settings.system_prompt;
  po.simplify_history = settings.simplify_history;
  po.task_reminder = settings.task_reminder;
  po.context_chars = settings.context_chars;
  return po;
}

// encode(observation) for the longest start of the observation that fits `budget` tokens. The
// room left by everything else is measured exactly; the page's own tokens say how many bytes fill
// it (byte-level BPE decodes a prefix of ids to a prefix of the text), and the cut moves back to a
// line break when one is near, so no element is shown half. Without any fitting start, the
// page-less encoding (which the caller may still cut).
template <typename Encode>
EncodedChat FitObservation(const Tokenizer& tokenizer, std::string_view observation, size_t budget,
                           const Encode& encode) {
  EncodedChat full = encode(observation);
  if (full.ids.size() <= budget) return full;
  EncodedChat none = encode("");
  if (none.ids.size() >= budget) return none;
  const std::vector<TokenId> page = tokenizer.Encode(observation, /*parse_special=*/false);
  size_t room = budget - none.ids.size();
  for (int attempt = 0; attempt < 6 && room > 0; ++attempt) {
    std::vector<TokenId> head(
        page.begin(), page.begin() + static_cast<std::ptrdiff_t>(std::min(room, page.size())));
    std::string_view cut = TruncateUtf8(observation, tokenizer.Decode(head).size());
    size_t nl = cut.rfind('\n');
    if (nl != std::string_view::npos && cut.size() - nl < 240) cut = cut.substr(0, nl + 1);
    EncodedChat e = encode(cut);
    if (e.ids.size() <= budget) return e;
    room -= std::min(room, e.ids.size() - budget + 1);
  }
  return none;
}

}  // namespace

std::vector<TokenId> EncodeTurnPrompt(const Tokenizer& tokenizer, const AgentSettings& settings,
                                      size_t max_tokens, size_t reserve, std::string_view intent,
                                      const std::vector<AgentTurn>& turns,
                                      std::string_view observation) {
  const PromptOptions po = PromptOptionsOf(settings);
  const size_t budget = std::max<size_t>(16, max_tokens > reserve ? max_tokens - reserve : 16);
  auto encode = [&](std::string_view obs) {
    auto messages = BuildMessages(intent, turns, obs, po);
    EncodedChat e;
    if (settings.format == PromptFormat::kWebRLRaw) {
      e.ids = tokenizer.Encode(messages[0].content, /*parse_special=*/true);
      return e;
    }
    auto enc = EncodeChat(tokenizer, messages, settings.chat_template, true);
    if (enc.ok()) return std::move(*enc);
    e.ids = tokenizer.Encode(RenderChat(messages, settings.chat_template, true), false);
    return e;
  };
  std::vector<TokenId> ids = FitObservation(tokenizer, observation, budget, encode).ids;
  // Even the page-less prompt is too long: keep its most recent tokens.
  if (ids.size() > budget) ids.erase(ids.begin(), ids.end() - static_cast<std::ptrdiff_t>(budget));
  return ids;
}

Result<TrajectorySequence> EncodeTrajectory(const Tokenizer& tokenizer,
                                            const AgentSettings& settings, size_t max_tokens,
                                            std::string_view intent,
                                            const std::vector<AgentTurn>& history,
                                            std::string_view last_observation,
                                            const std::vector<std::vector<TokenId>>& generated) {
  if (settings.format == PromptFormat::kWebRLRaw) {
    return InvalidArgument("single-sequence trajectories need a chat-template prompt format");
  }
  if (generated.size() != history.size() + 1) {
    return InvalidArgument("EncodeTrajectory: one generation per turn is needed (" +
                           std::to_string(generated.size()) + " for " +
                           std::to_string(history.size() + 1) + " turns)");
  }
  const PromptOptions po = PromptOptionsOf(settings);
  Status error = Status::Ok();
  auto encode = [&](std::string_view obs) {
    auto messages = BuildMessages(intent, history, obs, po);
    messages.push_back({"assistant", ""});
    auto enc = EncodeChat(tokenizer, messages, settings.chat_template, false, &generated);
    if (!enc.ok()) {
      error = enc.status();
      return EncodedChat();
    }
    // Nothing after the last generated token is trained or needed.
    while (!enc->ids.empty() && !enc->generated.back()) {
      enc->ids.pop_back();
      enc->generated.pop_back();
      enc->message.pop_back();
    }
    return std::move(*enc);
  };
  EncodedChat e = FitObservation(tokenizer, last_observation, max_tokens, encode);
  if (!error.ok()) return error;
  if (e.ids.size() > max_tokens) {
    // Even without the page it is too long: keep the most recent tokens, as the turn prompts do
    // (the reference left-truncates the completion likewise).
    const auto drop = static_cast<std::ptrdiff_t>(e.ids.size() - max_tokens);
    e.ids.erase(e.ids.begin(), e.ids.begin() + drop);
    e.message.erase(e.message.begin(), e.message.begin() + drop);
  }
  TrajectorySequence out;
  out.ids = std::move(e.ids);
  out.turn = std::move(e.message);
  return out;
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
