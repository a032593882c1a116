// Parsing model responses into actions (reference section 3.2): the <answer> extraction of the
// thinking format, its fallbacks, and the error text the model sees on its next turn.
#ifndef WEBAGENT_AGENT_RESPONSE_H_
#define WEBAGENT_AGENT_RESPONSE_H_

#include <string>
#include <string_view>

#include "agent/prompt.h"

namespace wa {

struct ParsedResponse {
  std::string action;   // the text to execute: a parsable action, or the unparsable text
  std::string thought;  // the <think> content ("" when absent)
  bool ok = false;      // `action` parses with the WebRL grammar
  std::string error;    // when !ok: feedback for the next turn (it precedes the next "Round k")
};

// kThink: the first <answer>...</answer> (whitespace trimmed) is the action; an <answer> without
// its closing tag gives exit(message="N/A"); no <answer> at all parses the whole response.
// kNoThink and kWebRLRaw: the whole response is the action.
ParsedResponse ParseResponse(std::string_view response, PromptFormat format);

}  // namespace wa

#endif  // WEBAGENT_AGENT_RESPONSE_H_
