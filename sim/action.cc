#include "sim/action.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <limits>
#include <optional>
#include <vector>

#include "sim/text.h"

namespace wa {
namespace {

void AppendUtf8(std::string* out, uint32_t cp) {
  if (cp < 0x80) {
    *out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    *out += static_cast<char>(0xC0 | (cp >> 6));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *out += static_cast<char>(0xE0 | (cp >> 12));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    *out += static_cast<char>(0xF0 | (cp >> 18));
    *out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

struct Value {
  enum class Kind { kString, kInt, kNone } kind = Kind::kNone;
  std::string str;
  long long num = 0;
};

// A tiny parser for one Python call expression: name(kw=value, ...).
class CallParser {
 public:
  CallParser(std::string_view s, const ActionLimits& limits) : s_(s), limits_(limits) {}

  Status Parse(std::string* name, std::vector<std::pair<std::string, Value>>* kwargs) {
    SkipSpace();
    size_t start = pos_;
    while (!AtEnd() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) {
      ++pos_;
    }
    if (pos_ == start) return Error("expected a function name");
    *name = std::string(s_.substr(start, pos_ - start));
    SkipSpace();
    if (Peek() != '(') return Error("expected '(' after " + *name);
    ++pos_;
    while (true) {
      SkipSpace();
      if (AtEnd()) return Error("unbalanced parentheses: missing ')'");
      if (Peek() == ')') {
        ++pos_;
        break;
      }
      size_t kstart = pos_;
      while (!AtEnd() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) {
        ++pos_;
      }
      std::string key(s_.substr(kstart, pos_ - kstart));
      SkipSpace();
      if (key.empty() || Peek() != '=' || (pos_ + 1 < s_.size() && s_[pos_ + 1] == '=')) {
        return Error("arguments must be keyword arguments (name=value)");
      }
      if (!key.empty() && std::isdigit(static_cast<unsigned char>(key[0]))) {
        return Error("invalid keyword '" + key + "'");
      }
      ++pos_;
      SkipSpace();
      Value v;
      WA_RETURN_IF_ERROR(ParseValue(&v));
      for (const auto& kv : *kwargs) {
        if (kv.first == key) return Error("keyword argument repeated: " + key);
      }
      kwargs->emplace_back(std::move(key), std::move(v));
      SkipSpace();
      if (Peek() == ',') {
        ++pos_;
        continue;
      }
      if (Peek() == ')') {
        ++pos_;
        break;
      }
      if (AtEnd()) return Error("unbalanced parentheses: missing ')'");
      return Error("expected ',' or ')'");
    }
    SkipSpace();
    if (!AtEnd()) return Error("unexpected text after the call");
    return Status::Ok();
  }

 private:
  bool AtEnd() const { return pos_ >= s_.size(); }
  char Peek() const { return AtEnd() ? '\0' : s_[pos_]; }
  void SkipSpace() {
    while (!AtEnd()) {
      char c = s_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
        ++pos_;
      } else if (c == '\\' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '\n') {
        pos_ += 2;  // explicit line continuation
      } else {
        break;
      }
    }
  }
  Status Error(const std::string& what) const {
    return InvalidArgument("cannot parse action: " + what + " (at character " +
                           std::to_string(pos_) + ")");
  }

  Status ParseValue(Value* v) {
    char c = Peek();
    // Python literal keywords and numbers.
    if (s_.substr(pos_, 4) == "None" &&
        (pos_ + 4 >= s_.size() || !std::isalnum(static_cast<unsigned char>(s_[pos_ + 4])))) {
      pos_ += 4;
      v->kind = Value::Kind::kNone;
      return Status::Ok();
    }
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+') {
      size_t start = pos_;
      if (c == '-' || c == '+') ++pos_;
      long long n = 0;
      size_t digits = 0;
      while (!AtEnd() && (std::isdigit(static_cast<unsigned char>(Peek())) || Peek() == '_')) {
        if (Peek() != '_') {
          if (n > 1000000000LL) return Error("integer too large");
          n = n * 10 + (Peek() - '0');
          ++digits;
        }
        ++pos_;
      }
      if (digits == 0) return Error("expected a value");
      if (Peek() == '.' || Peek() == 'e' || Peek() == 'E' || Peek() == 'j') {
        return Error("wrong type: expected a string, got a float");
      }
      v->kind = Value::Kind::kInt;
      v->num = s_[start] == '-' ? -n : n;
      return Status::Ok();
    }
    if (c == '[' || c == '{' || c == '(') {
      return Error(std::string("wrong type: expected a string, got a ") + (c == '[' ? "list"
                                                                           : c == '{'
                                                                               ? "dict or set"
                                                                               : "tuple"));
    }
    // One or more adjacent string literals (implicit concatenation).
    bool any = false;
    v->kind = Value::Kind::kString;
    while (true) {
      size_t save = pos_;
      bool raw = false;
      while (!AtEnd() && std::strchr("rRuUbBfF", Peek()) != nullptr && Peek() != '\0') {
        char p = Peek();
        if (p == 'b' || p == 'B') return Error("wrong type: bytes literals are not strings");
        if (p == 'f' || p == 'F') return Error("f-strings are not literals");
        if (p == 'r' || p == 'R') raw = true;
        ++pos_;
        if (pos_ - save > 2) break;
      }
      if (Peek() != '"' && Peek() != '\'') {
        pos_ = save;
        break;
      }
      WA_RETURN_IF_ERROR(ParseString(raw, &v->str));
      any = true;
      if (v->str.size() > limits_.max_argument_bytes) {
        return InvalidArgument("action argument longer than " +
                               std::to_string(limits_.max_argument_bytes) + " bytes");
      }
      SkipSpace();
    }
    if (!any) return Error("expected a string value");
    return Status::Ok();
  }

  Status ParseString(bool raw, std::string* out) {
    char q = Peek();
    bool triple = s_.substr(pos_, 3) == std::string(3, q);
    pos_ += triple ? 3 : 1;
    while (true) {
      if (AtEnd()) return Error("unterminated string literal (unbalanced quotes)");
      char c = s_[pos_];
      if (triple) {
        if (s_.substr(pos_, 3) == std::string(3, q)) {
          pos_ += 3;
          return Status::Ok();
        }
      } else if (c == q) {
        ++pos_;
        return Status::Ok();
      } else if (c == '\n') {
        return Error("unterminated string literal (newline inside quotes)");
      }
      if (c == '\\' && pos_ + 1 < s_.size()) {
        char e = s_[pos_ + 1];
        if (raw) {
          *out += c;
          *out += e;
          pos_ += 2;
          continue;
        }
        pos_ += 2;
        switch (e) {
          case '\n':
            break;
          case '\\':
            *out += '\\';
            break;
          case '\'':
            *out += '\'';
            break;
          case '"':
            *out += '"';
            break;
          case 'n':
            *out += '\n';
            break;
          case 't':
            *out += '\t';
            break;
          case 'r':
            *out += '\r';
            break;
          case 'a':
            *out += '\a';
            break;
          case 'b':
            *out += '\b';
            break;
          case 'f':
            *out += '\f';
            break;
          case 'v':
            *out += '\v';
            break;
          case 'x':
          case 'u':
          case 'U': {
            int n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
            uint32_t cp = 0;
            for (int k = 0; k < n; ++k) {
              if (AtEnd() || !std::isxdigit(static_cast<unsigned char>(Peek()))) {
                return Error(std::string("truncated \\") + e + " escape");
              }
              char h = Peek();
              cp = cp * 16 + static_cast<uint32_t>(std::isdigit(static_cast<unsigned char>(h))
                                                       ? h - '0'
                                                       : std::tolower(h) - 'a' + 10);
              ++pos_;
            }
            if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
              return Error("escape is not a valid code point");
            }
            AppendUtf8(out, cp);
            break;
          }
          default:
            if (e >= '0' && e <= '7') {
              uint32_t cp = static_cast<uint32_t>(e - '0');
              for (int k = 0; k < 2 && !AtEnd() && Peek() >= '0' && Peek() <= '7'; ++k) {
                cp = cp * 8 + static_cast<uint32_t>(Peek() - '0');
                ++pos_;
              }
              AppendUtf8(out, cp);
            } else {
              *out += '\\';  // Python keeps unknown escapes verbatim
              *out += e;
            }
        }
        continue;
      }
      *out += c;
      ++pos_;
    }
  }

  std::string_view s_;
  const ActionLimits& limits_;
  size_t pos_ = 0;
};

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Finds the last occurrence of any call opener; returns npos if none.
size_t LastCallStart(std::string_view text) {
  size_t best = std::string_view::npos;
  for (std::string_view opener : {"exit(", "do(", "go_backward(", "go_forward("}) {
    size_t p = text.rfind(opener);
    // "do(" also matches inside "undo(": require a non-identifier character before it.
    while (p != std::string_view::npos && p > 0 &&
           (std::isalnum(static_cast<unsigned char>(text[p - 1])) || text[p - 1] == '_')) {
      p = p == 0 ? std::string_view::npos : text.rfind(opener, p - 1);
    }
    if (p != std::string_view::npos && (best == std::string_view::npos || p > best)) best = p;
  }
  return best;
}

Result<ActionType> ActionFromName(const std::string& name) {
  std::string n = Lower(name);
  if (n == "click") return ActionType::kClick;
  if (n == "right click") return ActionType::kRightClick;
  if (n == "type") return ActionType::kType;
  if (n == "search") return ActionType::kSearch;
  if (n == "hover") return ActionType::kHover;
  if (n == "scroll up") return ActionType::kScrollUp;
  if (n == "scroll down") return ActionType::kScrollDown;
  if (n == "press enter") return ActionType::kPressEnter;
  if (n == "switch tab") return ActionType::kSwitchTab;
  if (n == "select dropdown option") return ActionType::kSelectOption;
  if (n == "wait") return ActionType::kWait;
  if (n == "go backward") return ActionType::kGoBack;
  if (n == "go forward") return ActionType::kGoForward;
  return InvalidArgument("unknown action '" + name.substr(0, 100) +
                         "' (expected one of Click, Right Click, Type, Search, Hover, Scroll Up, "
                         "Scroll Down, Press Enter, Switch Tab, Select Dropdown Option, Wait)");
}

}  // namespace

bool ActionNeedsElement(ActionType type) {
  switch (type) {
    case ActionType::kClick:
    case ActionType::kRightClick:
    case ActionType::kType:
    case ActionType::kSearch:
    case ActionType::kHover:
    case ActionType::kSelectOption:
      return true;
    default:
      return false;
  }
}

const char* ActionTypeName(ActionType type) {
  switch (type) {
    case ActionType::kNone:
      return "None";
    case ActionType::kClick:
      return "Click";
    case ActionType::kRightClick:
      return "Right Click";
    case ActionType::kType:
      return "Type";
    case ActionType::kSearch:
      return "Search";
    case ActionType::kHover:
      return "Hover";
    case ActionType::kScrollUp:
      return "Scroll Up";
    case ActionType::kScrollDown:
      return "Scroll Down";
    case ActionType::kPressEnter:
      return "Press Enter";
    case ActionType::kSwitchTab:
      return "Switch Tab";
    case ActionType::kSelectOption:
      return "Select Dropdown Option";
    case ActionType::kWait:
      return "Wait";
    case ActionType::kGoBack:
      return "Go Backward";
    case ActionType::kGoForward:
      return "Go Forward";
    case ActionType::kExit:
      return "exit";
  }
  return "?";
}

Result<Action> ParseAction(std::string_view text, const ActionLimits& limits) {
  if (text.size() > limits.max_text_bytes) {
    return InvalidArgument("action text longer than " + std::to_string(limits.max_text_bytes) +
                           " bytes");
  }
  if (!IsValidUtf8(text)) return InvalidArgument("action text is not valid UTF-8");
  size_t start = LastCallStart(text);
  if (start != std::string_view::npos) {
    text = text.substr(start);
  } else {
    // Skip leading comment lines.
    while (true) {
      size_t i = 0;
      while (i < text.size() &&
             (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) {
        ++i;
      }
      text = text.substr(i);
      if (text.empty() || text[0] != '#') break;
      size_t nl = text.find('\n');
      text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    }
    if (text.empty()) return InvalidArgument("cannot parse action: no action found");
  }
  std::string name;
  std::vector<std::pair<std::string, Value>> kwargs;
  CallParser parser(text, limits);
  WA_RETURN_IF_ERROR(parser.Parse(&name, &kwargs));

  auto get = [&](std::string_view key) -> const Value* {
    for (const auto& kv : kwargs) {
      if (kv.first == key) return &kv.second;
    }
    return nullptr;
  };
  auto check_keys = [&](std::initializer_list<std::string_view> allowed) -> Status {
    for (const auto& kv : kwargs) {
      bool ok = false;
      for (std::string_view a : allowed) ok |= kv.first == a;
      if (!ok) {
        return InvalidArgument("cannot parse action: " + name + "() got an unexpected keyword '" +
                               kv.first + "'");
      }
    }
    return Status::Ok();
  };

  Action action;
  if (name == "exit") {
    WA_RETURN_IF_ERROR(check_keys({"message"}));
    action.type = ActionType::kExit;
    if (const Value* m = get("message")) {
      if (m->kind == Value::Kind::kString) {
        action.argument = m->str;
      } else if (m->kind == Value::Kind::kInt) {
        action.argument = std::to_string(m->num);
      }
    }
    return action;
  }
  if (name == "go_backward" || name == "go_forward") {
    WA_RETURN_IF_ERROR(check_keys({}));
    action.type = name == "go_backward" ? ActionType::kGoBack : ActionType::kGoForward;
    return action;
  }
  if (name != "do") {
    return InvalidArgument("cannot parse action: unknown function '" + name.substr(0, 100) +
                           "' (expected do, exit, go_backward or go_forward)");
  }
  WA_RETURN_IF_ERROR(check_keys({"action", "argument", "element"}));
  const Value* act = get("action");
  if (act == nullptr || act->kind != Value::Kind::kString) {
    return InvalidArgument("cannot parse action: do() needs action=\"...\" as a string");
  }
  auto type = ActionFromName(act->str);
  if (!type.ok()) return type.status();
  action.type = *type;

  if (const Value* el = get("element"); el != nullptr && el->kind != Value::Kind::kNone) {
    long long id = -1;
    if (el->kind == Value::Kind::kInt) {
      id = el->num;
    } else {
      std::string s = el->str;
      size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
      s = b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
      // Up to 10 digits: every int id formats back to text this accepts (range checked below).
      if (s.empty() || s.size() > 10 || s.find_first_not_of("0123456789") != std::string::npos) {
        return InvalidArgument("element must be an integer id, got '" + s.substr(0, 50) + "'");
      }
      id = std::stoll(s);
    }
    if (id < 0) return InvalidArgument("element id must not be negative");
    if (id > std::numeric_limits<int>::max()) {
      return InvalidArgument("element id " + std::to_string(id) + " is out of range");
    }
    action.element = static_cast<int>(id);
  }
  if (const Value* arg = get("argument"); arg != nullptr) {
    if (arg->kind == Value::Kind::kString) action.argument = arg->str;
    if (arg->kind == Value::Kind::kInt) action.argument = std::to_string(arg->num);
  }
  if (ActionNeedsElement(action.type) && action.element < 0) {
    return InvalidArgument(std::string(ActionTypeName(action.type)) +
                           " needs an element id (element=\"N\")");
  }
  bool needs_argument = action.type == ActionType::kType || action.type == ActionType::kSearch ||
                        action.type == ActionType::kSelectOption ||
                        action.type == ActionType::kSwitchTab;
  if (needs_argument && get("argument") == nullptr) {
    return InvalidArgument(std::string(ActionTypeName(action.type)) +
                           " needs an argument (argument=\"...\")");
  }
  // An argument given to an action that takes none is ignored (and not kept, so the action
  // formats back to text that parses to the same action).
  if (!needs_argument) action.argument.clear();
  return action;
}

std::string FormatAction(const Action& a) {
  auto quote = [](std::string_view s) {
    std::string out = "\"";
    for (char c : s) {
      switch (c) {
        case '"':
          out += "\\\"";
          break;
        case '\\':
          out += "\\\\";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        case '(': {
          // The parser starts at the last "do(", "exit(", "go_backward(" or "go_forward(" in the
          // text, so one inside a string would hijack the parse: escape that parenthesis.
          bool opener = false;
          for (std::string_view name : {"do", "exit", "go_backward", "go_forward"}) {
            opener |= out.size() >= name.size() &&
                      std::string_view(out).substr(out.size() - name.size()) == name;
          }
          out += opener ? "\\x28" : "(";
          break;
        }
        default:
          if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
            out += buf;
          } else {
            out += c;
          }
      }
    }
    return out + "\"";
  };
  switch (a.type) {
    case ActionType::kNone:
      return "None";
    case ActionType::kExit:
      return "exit(message=" + quote(a.argument) + ")";
    case ActionType::kGoBack:
      return "go_backward()";
    case ActionType::kGoForward:
      return "go_forward()";
    default:
      break;
  }
  std::string out = "do(action=" + quote(ActionTypeName(a.type));
  bool has_arg = a.type == ActionType::kType || a.type == ActionType::kSearch ||
                 a.type == ActionType::kSelectOption || a.type == ActionType::kSwitchTab;
  if (has_arg) out += ", argument=" + quote(a.argument);
  if (a.element >= 0) out += ", element=" + quote(std::to_string(a.element));
  return out + ")";
}

}  // namespace wa
