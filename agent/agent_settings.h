// The agent's settings (agent.json of a checkpoint directory) and the token-level prompt of a
// turn, shared by the model policy, behaviour cloning and the RL rollouts so that training sees
// exactly the inference format.
#ifndef WEBAGENT_AGENT_AGENT_SETTINGS_H_
#define WEBAGENT_AGENT_AGENT_SETTINGS_H_

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "agent/prompt.h"
#include "agent/tokenizer.h"

namespace wa {

// agent.json of a checkpoint directory.
struct AgentSettings {
  PromptFormat format = PromptFormat::kThink;
  SystemPromptStyle system_prompt = SystemPromptStyle::kFull;  // "short" for small models
  ChatTemplate chat_template = ChatTemplate::kChatML;
  size_t context_chars = 0;    // 0: derived from max_context_tokens
  int max_context_tokens = 0;  // 0: the model's max_position_embeddings
  int max_new_tokens = 256;
  float temperature = 1.0f, top_p = 0.9f;
  bool simplify_history = false;
  bool task_reminder = false;         // PromptOptions::task_reminder
  std::string observation = "webrl";  // the observation type the model was trained on

  static Result<AgentSettings> FromJson(const nlohmann::json& j);
  nlohmann::json ToJson() const;
};

// The prompt tokens of the next turn (chat template with the generation prompt, or the WebRL
// string), shrinking the observation until the prompt leaves `reserve` tokens of the
// `max_tokens` context for the response; the task and history are never cut unless they alone
// exceed the budget, in which case the most recent tokens are kept.
std::vector<TokenId> EncodeTurnPrompt(const Tokenizer& tokenizer, const AgentSettings& settings,
                                      size_t max_tokens, size_t reserve, std::string_view intent,
                                      const std::vector<AgentTurn>& turns,
                                      std::string_view observation);

// A trajectory as one training sequence (the reference code's layout, section 4.4): the prompt
// of its last turn, in which every earlier observation is the placeholder and the last one is in
// full (cut to fit `max_tokens`), with each turn's sampled tokens spliced in where its response
// stands, the last turn's sampled tokens at the end. `history` holds the K-1 earlier turns
// (response text, action, feedback), `generated` the K turns' sampled ids (end token included
// when sampled). Per token, `turn` is the turn whose sampled token it is, or -1. When even the
// page-less sequence exceeds `max_tokens`, its most recent tokens are kept.
struct TrajectorySequence {
  std::vector<TokenId> ids;
  std::vector<int> turn;
};
Result<TrajectorySequence> EncodeTrajectory(const Tokenizer& tokenizer,
                                            const AgentSettings& settings, size_t max_tokens,
                                            std::string_view intent,
                                            const std::vector<AgentTurn>& history,
                                            std::string_view last_observation,
                                            const std::vector<std::vector<TokenId>>& generated);

// A response as the model generates it: its tokens followed by the end-of-turn token.
std::vector<TokenId> EncodeResponse(const Tokenizer& tokenizer, const AgentSettings& settings,
                                    std::string_view response);

}  // namespace wa

#endif  // WEBAGENT_AGENT_AGENT_SETTINGS_H_
