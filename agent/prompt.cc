#include "agent/prompt.h"

#include "sim/text.h"

namespace wa {
namespace {

// The action vocabulary, shared by the formats.
constexpr std::string_view kFunctions = R"(Functions you can call:

def do(action, argument, element):
    """One operation on the current page.
    action: one of "Click", "Right Click", "Type", "Search", "Hover", "Scroll Up",
        "Scroll Down", "Press Enter", "Switch Tab", "Select Dropdown Option", "Wait".
    argument: only for "Type" and "Search" (the text to enter), "Switch Tab" (the tab index,
        from 0) and "Select Dropdown Option" (the option to pick). "Search" types the text and
        then presses Enter.
    element: the numeric id of the target element in the HTML, required for "Click",
        "Right Click", "Type", "Search", "Select Dropdown Option" and "Hover".
    """

def exit(message):
    """Finish the task. If the task asks a question, message carries the answer found on
    the pages; otherwise it can be empty."""

def go_backward():
    """Return to the previous page."""

def go_forward():
    """Go to the next page in the history."""
)";

constexpr std::string_view kRules = R"(Rules:
- Exactly one action per round. If several actions seem useful, take one now and the others in
  later rounds.
- Only act on elements that appear in the current HTML, and refer to them by their id.
- Describe the chosen element in a "# Element:" line, and keep facts you will need for the
  answer in "# Note:" lines.
- Write the action as a plain call with keyword arguments, not inside a code block. Finish with
  exit(message=...), never with do(action="Exit").
- Do not type addresses into the browser's address bar.
- If you seem to be going round in circles, try a different approach; if a page looks
  unfinished, use the "Wait" action.
- Do your best to complete the task; do not refuse it.
)";

std::string BuildThink() {
  std::string s =
      "You are a web agent that carries out a user's task in a browser. Each round you get a "
      "simplified HTML view of the current page, in which elements you can act on carry an id. "
      "Reason about what to do next, then choose one action written as Python-style code.\n"
      "Put your reasoning inside <think> </think> and the action inside <answer> </answer>, "
      "like this:\n<think>\n...\n</think>\n<answer>\n...\n</answer>\n\n";
  s += kFunctions;
  s += R"(
Examples:
- <think> # Element: the 'Reports' link in the left menu </think>
<answer> do(action="Click", element="7") </answer>
- <think> # Element: the 'Period' dropdown </think>
<answer> do(action="Select Dropdown Option", argument="Month", element="20") </answer>
- <think> # Element: the search box at the top </think>
<answer> do(action="Search", argument="yoga mat", element="4") </answer>
- <think> The list continues below the visible part of the page. </think>
<answer> do(action="Scroll Down") </answer>
- <think> # Note: the order total is $47.90 </think>
<answer> exit(message="$47.90") </answer>

)";
  s += kRules;
  return s;
}

std::string BuildNoThink() {
  std::string s =
      "You are a web agent that carries out a user's task in a browser. Each round you get a "
      "simplified HTML view of the current page, in which elements you can act on carry an id. "
      "Reply with exactly one line of code: one action, with no loops and no other text except "
      "optional comment lines starting with #.\n\n";
  s += kFunctions;
  s += R"(
Examples:
- # Element: the 'Reports' link in the left menu
do(action="Click", element="7")
- # Element: the search box at the top
do(action="Search", argument="yoga mat", element="4")
- exit(message="$47.90")

)";
  s += kRules;
  return s;
}

void AppendRound(std::string* s, size_t k) {
  *s += "Round ";
  *s += std::to_string(k);
  *s += "\n\n";
}

std::string SimplifiedResponse(const AgentTurn& t, PromptFormat format) {
  if (format == PromptFormat::kThink) {
    return "<think> simplified reasoning process </think>\n<answer> " + t.action + " </answer>";
  }
  return t.action;
}

}  // namespace

Result<PromptFormat> ParsePromptFormat(std::string_view name) {
  if (name == "think") return PromptFormat::kThink;
  if (name == "nothink") return PromptFormat::kNoThink;
  if (name == "webrl") return PromptFormat::kWebRLRaw;
  return InvalidArgument("unknown prompt format \"" + std::string(name) +
                         "\" (think, nothink, webrl)");
}

Result<ChatTemplate> ParseChatTemplate(std::string_view name) {
  if (name == "chatml") return ChatTemplate::kChatML;
  if (name == "llama3") return ChatTemplate::kLlama3;
  return InvalidArgument("unknown chat template \"" + std::string(name) + "\" (chatml, llama3)");
}

const char* PromptFormatName(PromptFormat format) {
  switch (format) {
    case PromptFormat::kThink:
      return "think";
    case PromptFormat::kNoThink:
      return "nothink";
    case PromptFormat::kWebRLRaw:
      return "webrl";
  }
  return "?";
}

const std::string& SystemPrompt(PromptFormat format, SystemPromptStyle style) {
  static const std::string think = BuildThink();
  static const std::string nothink = BuildNoThink();
  static const std::string think_short =
      "You are a web agent. Reply with <think> your reasoning </think> then <answer> one action "
      "</answer>.";
  static const std::string nothink_short = "You are a web agent. Reply with one action.";
  if (style == SystemPromptStyle::kShort) {
    return format == PromptFormat::kThink ? think_short : nothink_short;
  }
  return format == PromptFormat::kThink ? think : nothink;
}

Result<SystemPromptStyle> ParseSystemPromptStyle(std::string_view name) {
  if (name == "full") return SystemPromptStyle::kFull;
  if (name == "short") return SystemPromptStyle::kShort;
  return InvalidArgument("unknown system prompt style \"" + std::string(name) + "\" (full, short)");
}

const char* SystemPromptStyleName(SystemPromptStyle style) {
  return style == SystemPromptStyle::kShort ? "short" : "full";
}

std::vector<ChatMessage> BuildMessages(std::string_view intent, const std::vector<AgentTurn>& turns,
                                       std::string_view observation, const PromptOptions& options) {
  if (options.format == PromptFormat::kWebRLRaw) {
    return {{"user", RenderWebRLRaw(intent, turns, observation,
                                    options.context_chars ? options.context_chars : 16384 - 512)}};
  }
  std::vector<ChatMessage> m;
  m.push_back({"system", SystemPrompt(options.format, options.system_prompt)});
  std::string user = "Task Instruction: " + std::string(intent) + "\n\n";
  for (size_t k = 0; k < turns.size(); ++k) {
    AppendRound(&user, k);
    user += kObservationPlaceholder;
    m.push_back({"user", std::move(user)});
    m.push_back({"assistant", options.simplify_history
                                  ? SimplifiedResponse(turns[k], options.format)
                                  : turns[k].response});
    user.clear();
    if (!turns[k].error.empty()) user = turns[k].error + "\n\n";
  }
  AppendRound(&user, turns.size());
  const std::string reminder =
      options.task_reminder ? std::string(kTaskReminder) + std::string(intent) : "";
  if (options.context_chars > 0) {
    size_t used = user.size() + reminder.size();
    for (const ChatMessage& c : m) used += c.content.size();
    size_t room = options.context_chars > used ? options.context_chars - used : 0;
    observation = TruncateUtf8(observation, room);
  }
  user += observation;
  user += reminder;
  m.push_back({"user", std::move(user)});
  return m;
}

std::string_view EndOfTurn(ChatTemplate chat_template) {
  return chat_template == ChatTemplate::kChatML ? "<|im_end|>" : "<|eot_id|>";
}

namespace {

// Pieces of a rendered chat: text (encoded as text) or a special token.
struct Piece {
  std::string text;
  bool special;
  bool generated;
};

std::vector<Piece> ChatPieces(const std::vector<ChatMessage>& messages, ChatTemplate t,
                              bool add_generation_prompt) {
  std::vector<Piece> p;
  if (t == ChatTemplate::kChatML) {
    for (const ChatMessage& m : messages) {
      bool gen = m.role == "assistant";
      p.push_back({"<|im_start|>", true, false});
      p.push_back({m.role + "\n", false, false});
      p.push_back({m.content, false, gen});
      p.push_back({"<|im_end|>", true, gen});
      p.push_back({"\n", false, false});
    }
    if (add_generation_prompt) {
      p.push_back({"<|im_start|>", true, false});
      p.push_back({"assistant\n", false, false});
    }
  } else {
    p.push_back({"<|begin_of_text|>", true, false});
    for (const ChatMessage& m : messages) {
      bool gen = m.role == "assistant";
      p.push_back({"<|start_header_id|>", true, false});
      p.push_back({m.role, false, false});
      p.push_back({"<|end_header_id|>", true, false});
      p.push_back({"\n\n", false, false});
      p.push_back({m.content, false, gen});
      p.push_back({"<|eot_id|>", true, gen});
    }
    if (add_generation_prompt) {
      p.push_back({"<|start_header_id|>", true, false});
      p.push_back({"assistant", false, false});
      p.push_back({"<|end_header_id|>", true, false});
      p.push_back({"\n\n", false, false});
    }
  }
  return p;
}

}  // namespace

Result<EncodedChat> EncodeChat(const Tokenizer& tokenizer, const std::vector<ChatMessage>& messages,
                               ChatTemplate chat_template, bool add_generation_prompt,
                               const std::vector<std::vector<TokenId>>* assistant_ids) {
  EncodedChat out;
  auto push = [&](TokenId id, bool generated, int message) {
    out.ids.push_back(id);
    out.generated.push_back(generated ? 1 : 0);
    out.message.push_back(generated ? message : -1);
  };
  int message = -1;          // assistant messages seen so far - 1
  bool spliced_end = false;  // the spliced ids of the current message carried its end token
  for (const Piece& piece : ChatPieces(messages, chat_template, add_generation_prompt)) {
    const bool content = piece.generated && !piece.special;
    if (content) ++message;
    if (content && assistant_ids != nullptr &&
        static_cast<size_t>(message) < assistant_ids->size()) {
      const std::vector<TokenId>& ids = (*assistant_ids)[static_cast<size_t>(message)];
      for (TokenId id : ids) push(id, true, message);
      spliced_end = !ids.empty() && ids.back() == tokenizer.Id(EndOfTurn(chat_template));
      continue;
    }
    if (piece.special) {
      TokenId id = tokenizer.Id(piece.text);
      if (id < 0) {
        return InvalidArgument("the tokenizer has no special token " + piece.text +
                               " for this chat template");
      }
      if (piece.generated && assistant_ids != nullptr &&
          static_cast<size_t>(message) < assistant_ids->size()) {
        if (!spliced_end) push(id, false, -1);  // the template closes a cut-off response
        continue;
      }
      push(id, piece.generated, message);
    } else {
      for (TokenId id : tokenizer.Encode(piece.text, /*parse_special=*/false)) {
        push(id, piece.generated, message);
      }
    }
  }
  return out;
}

std::string RenderChat(const std::vector<ChatMessage>& messages, ChatTemplate chat_template,
                       bool add_generation_prompt) {
  std::string s;
  for (const Piece& p : ChatPieces(messages, chat_template, add_generation_prompt)) s += p.text;
  return s;
}

std::string RenderWebRLRaw(std::string_view intent, const std::vector<AgentTurn>& turns,
                           std::string_view observation, size_t context_chars) {
  constexpr std::string_view kUser = "<|eot_id|><|start_header_id|>user<|end_header_id|>\n";
  constexpr std::string_view kAssistant =
      "<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n";
  std::string s = "<|begin_of_text|>Task Instruction: " + std::string(intent) + "\n\n";
  for (size_t k = 0; k < turns.size(); ++k) {
    AppendRound(&s, k);
    s += kUser;
    // Round 0's compressed observation is the intent; later ones the placeholder.
    s += k == 0 ? std::string(intent) : std::string(kObservationPlaceholder);
    s += "\n\n";
    s += kAssistant;
    s += turns[k].action.empty() ? turns[k].response : turns[k].action;
    s += "\n\n";
  }
  AppendRound(&s, turns.size());
  s += kUser;
  size_t tail = 2 + kAssistant.size();
  size_t room = context_chars > s.size() + tail ? context_chars - s.size() - tail : 0;
  s += TruncateUtf8(observation, room);
  s += "\n\n";
  s += kAssistant;
  return s;
}

}  // namespace wa
