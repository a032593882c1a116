// The WebRL action grammar.
//
//   do(action="Click", element="12")
//   do(action="Type", argument="text", element="5")
//   exit(message="answer")   go_backward()   go_forward()
//
// Parsing follows the reference harness: if the text contains "exit(", "do(", "go_backward(" or
// "go_forward(", the substring from the last such occurrence is parsed; otherwise leading "#"
// comment lines are skipped. The call must be a single Python call expression with keyword
// arguments whose values are Python string literals (quotes, escapes, prefixes, implicit
// concatenation), integers or None. Action names are case-insensitive. Errors never throw: they
// come back as a Status whose message says what was wrong.
#ifndef WEBAGENT_SIM_ACTION_H_
#define WEBAGENT_SIM_ACTION_H_

#include <string>
#include <string_view>

#include "sim/status.h"

namespace wa {

enum class ActionType {
  kNone,  // no-op (a parse failure in evaluation counts as one)
  kClick,
  kRightClick,
  kType,
  kSearch,
  kHover,
  kScrollUp,
  kScrollDown,
  kPressEnter,
  kSwitchTab,
  kSelectOption,
  kWait,
  kGoBack,
  kGoForward,
  kExit,
};

struct Action {
  ActionType type = ActionType::kNone;
  std::string argument;  // Type/Search text, option text, tab index, or exit message
  int element = -1;      // element label id, -1 when absent
};

struct ActionLimits {
  size_t max_text_bytes = 65536;     // whole action text
  size_t max_argument_bytes = 8192;  // one argument value
};

Result<Action> ParseAction(std::string_view text, const ActionLimits& limits = {});
// Canonical text of an action, e.g. do(action="Click", element="3"). ParseAction(Format(a)) == a.
std::string FormatAction(const Action& action);
const char* ActionTypeName(ActionType type);  // "Click", "Select Dropdown Option", "exit", ...
// Whether the action needs an element id.
bool ActionNeedsElement(ActionType type);

}  // namespace wa

#endif  // WEBAGENT_SIM_ACTION_H_
