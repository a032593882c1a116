// Prompts for the web agent: system prompts (thinking, no-thinking, WebRL raw), the per-turn
// message layout with dynamic context compression, and chat templates rendered to token ids with
// their exact special tokens and a mask of the tokens the model generated.
//
// Layout at turn k (reference section 3.3): the task and "Round 0" open the first user message;
// every earlier observation is replaced by the placeholder "** Simplified html **"; earlier
// responses are kept in full (or simplified to their action); an error from the previous turn
// precedes the next "Round k" marker; the current observation is in full, truncated to the
// context budget if needed (the task never is).
#ifndef WEBAGENT_AGENT_PROMPT_H_
#define WEBAGENT_AGENT_PROMPT_H_

#include <string>
#include <string_view>
#include <vector>

#include "agent/tokenizer.h"

namespace wa {

enum class PromptFormat {
  kThink,     // <think> ... </think><answer> action </answer>
  kNoThink,   // the action alone
  kWebRLRaw,  // WebRL's Llama 3 string format (one prompt string, no chat template)
};
enum class ChatTemplate { kChatML, kLlama3 };

Result<PromptFormat> ParsePromptFormat(std::string_view name);  // think, nothink, webrl
Result<ChatTemplate> ParseChatTemplate(std::string_view name);  // chatml, llama3
const char* PromptFormatName(PromptFormat format);

inline constexpr std::string_view kObservationPlaceholder = "** Simplified html **";
inline constexpr std::string_view kTaskReminder = "\n\nTask (repeated): ";

struct ChatMessage {
  std::string role;  // system, user, assistant
  std::string content;
};

// One finished turn of an episode.
struct AgentTurn {
  std::string response;  // the model's raw text
  std::string action;    // the action that was executed (for simplified history)
  std::string error;     // feedback shown before the next round ("" when none)
};

// How much instruction the system prompt carries. kFull is the reference's content (action
// vocabulary, syntax, rules, examples: about 2,600 characters); kShort is one sentence naming the
// output format, for small models trained here from scratch, which cannot read instructions and
// for which a long system prompt only uses up the context the page needs.
enum class SystemPromptStyle { kFull, kShort };
Result<SystemPromptStyle> ParseSystemPromptStyle(std::string_view name);  // full, short
const char* SystemPromptStyleName(SystemPromptStyle style);

struct PromptOptions {
  PromptFormat format = PromptFormat::kThink;
  SystemPromptStyle system_prompt = SystemPromptStyle::kFull;
  bool simplify_history = false;  // earlier responses become "<think> ... </think><answer> a"
  size_t context_chars = 0;       // budget for all message text; 0 = unlimited
  // Repeat the task after the current observation ("Task (repeated): ..."), so that the words
  // the next action depends on stand next to where the response starts. Off in the reference's
  // layout; for small models trained here from scratch, whose attention reaches back across a
  // whole page only after long training.
  bool task_reminder = false;
};

// The system prompt of a format (our wording of the reference's content, or its short form).
const std::string& SystemPrompt(PromptFormat format,
                                SystemPromptStyle style = SystemPromptStyle::kFull);

// The messages for the next turn. For kWebRLRaw the result is one user message holding the whole
// WebRL string (render it with RenderWebRLRaw).
std::vector<ChatMessage> BuildMessages(std::string_view intent, const std::vector<AgentTurn>& turns,
                                       std::string_view observation, const PromptOptions& options);

// A rendered chat: token ids and, per token, whether the model generated it (assistant content
// and its end-of-turn token), for losses that train only on generated tokens.
struct EncodedChat {
  std::vector<TokenId> ids;
  std::vector<uint8_t> generated;
  std::vector<int> message;  // per token: index of its assistant message if generated, else -1
};

// Renders messages with a chat template. Template markers are encoded as special tokens; message
// contents never are (an observation containing "<|im_end|>" stays text). With
// `add_generation_prompt`, ends with the assistant header. Errors when the tokenizer lacks the
// template's special tokens.
// With `assistant_ids`, the i-th assistant message's content and end-of-turn token are replaced
// by assistant_ids[i] verbatim (the tokens as sampled; when they do not end with the
// end-of-turn token, the template's one follows, not marked generated), so a trajectory's
// training sequence holds exactly the sampled tokens rather than a re-encoding of their text.
Result<EncodedChat> EncodeChat(const Tokenizer& tokenizer, const std::vector<ChatMessage>& messages,
                               ChatTemplate chat_template, bool add_generation_prompt,
                               const std::vector<std::vector<TokenId>>* assistant_ids = nullptr);
// The same rendering as text (for logs and the viewer).
std::string RenderChat(const std::vector<ChatMessage>& messages, ChatTemplate chat_template,
                       bool add_generation_prompt);
// The end-of-turn token text of a template: "<|im_end|>" or "<|eot_id|>".
std::string_view EndOfTurn(ChatTemplate chat_template);

// WebRL's raw Llama 3 string for the next turn (reference section 3.3), BOS included.
std::string RenderWebRLRaw(std::string_view intent, const std::vector<AgentTurn>& turns,
                           std::string_view observation, size_t context_chars = 16384 - 512);

}  // namespace wa

#endif  // WEBAGENT_AGENT_PROMPT_H_
