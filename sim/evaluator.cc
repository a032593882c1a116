#include "sim/evaluator.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <map>
#include <mutex>
#include <regex>

#include "sim/locator.h"
#include "sim/task_templates.h"

namespace wa {
namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string> SplitOr(std::string_view s) {
  std::vector<std::string> out;
  const std::string_view sep = " |OR| ";
  while (true) {
    size_t p = s.find(sep);
    out.emplace_back(s.substr(0, p));
    if (p == std::string_view::npos) break;
    s = s.substr(p + sep.size());
  }
  return out;
}

std::string Join(const std::vector<std::string>& v, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += sep;
    out += v[i];
  }
  return out;
}

struct HelperRegistry {
  std::mutex mu;
  std::map<std::string, UrlHelper> url;
  std::map<std::string, LocatorHelper> locator;
  static HelperRegistry& Get() {
    static HelperRegistry* r = new HelperRegistry();
    return *r;
  }
  // For lookups: the sites register their helpers when their template families are built, so
  // build them first (a task loaded from a file may be evaluated before any split exists).
  static HelperRegistry& ForLookup() {
    TemplateFamilies();
    return Get();
  }
};

bool IsPunct(char c) { return std::ispunct(static_cast<unsigned char>(c)) != 0; }

// --- Deterministic canonicalisation ---------------------------------------------------------

const char* kMonths[] = {"january", "february", "march",     "april",   "may",      "june",
                         "july",    "august",   "september", "october", "november", "december"};

int MonthIndex(const std::string& word) {
  for (int i = 0; i < 12; ++i) {
    std::string_view m = kMonths[i];
    if (word == m || (word.size() == 3 && m.substr(0, 3) == word)) return i + 1;
  }
  return word == "sept" ? 9 : 0;
}

std::string FormatNumber(double v) {
  if (std::fabs(v - std::round(v)) < 1e-9)
    return std::to_string(static_cast<long long>(std::llround(v)));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

std::string Pad2(int v) { return (v < 10 ? "0" : "") + std::to_string(v); }

}  // namespace

std::string DeterministicJudge::Canonicalize(std::string_view text) {
  std::string s = Lower(text);
  // Dates: "march 5, 2023" / "mar 5 2023" -> 2023-03-05; "3/5/2023" -> 2023-03-05;
  // "2023-3-5" -> 2023-03-05; "march 2023" -> 2023-03.
  std::smatch m;
  std::string out;
  {
    std::regex re(R"(\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b)");
    std::string rest = s;
    out.clear();
    while (std::regex_search(rest, m, re)) {
      int mon = MonthIndex(m[1].str());
      out += m.prefix().str();
      out += mon ? m[3].str() + "-" + Pad2(mon) + "-" + Pad2(std::stoi(m[2].str())) : m[0].str();
      rest = m.suffix().str();
    }
    s = out + rest;
  }
  {
    std::regex re(R"(\b(\d{1,2})/(\d{1,2})/(\d{4})\b)");
    s = std::regex_replace(s, re, "$3-$1-$2");
    std::regex iso(R"(\b(\d{4})-(\d{1,2})-(\d{1,2})\b)");
    std::string rest = s;
    out.clear();
    while (std::regex_search(rest, m, iso)) {
      out += m.prefix().str() + m[1].str() + "-" + Pad2(std::stoi(m[2].str())) + "-" +
             Pad2(std::stoi(m[3].str()));
      rest = m.suffix().str();
    }
    s = out + rest;
  }
  {
    std::regex re(R"(\b([a-z]{3,9})\.?,?\s+(\d{4})\b)");
    std::string rest = s;
    out.clear();
    while (std::regex_search(rest, m, re)) {
      int mon = MonthIndex(m[1].str());
      out += m.prefix().str();
      out += mon ? m[2].str() + "-" + Pad2(mon) : m[0].str();
      rest = m.suffix().str();
    }
    s = out + rest;
  }
  // Numbers: drop currency symbols and thousands separators, canonical decimals.
  {
    std::regex re(R"(\$?\s?(-?\d{1,3}(?:,\d{3})+|-?\d+)(\.\d+)?)");
    std::string rest = s;
    out.clear();
    while (std::regex_search(rest, m, re)) {
      std::string digits = m[1].str();
      digits.erase(std::remove(digits.begin(), digits.end(), ','), digits.end());
      std::string frac = m[2].str();
      bool date_part = !m.prefix().str().empty() && m.prefix().str().back() == '-';
      out += m.prefix().str();
      if (date_part || (frac.empty() && digits.size() > 15)) {
        out += m[0].str();
      } else {
        out += " " + FormatNumber(std::stod(digits + frac)) + " ";
      }
      rest = m.suffix().str();
    }
    s = out + rest;
  }
  // Durations and distances: unit words to canonical units; "1 h 20 min" -> "80 min".
  {
    std::regex hm(
        R"((\d+(?:\.\d+)?)\s*(?:hours?|hrs?|h)\b\s*(?:and\s*)?(\d+(?:\.\d+)?)\s*(?:minutes?|mins?|m)\b)");
    std::string rest = s;
    out.clear();
    while (std::regex_search(rest, m, hm)) {
      double total = std::stod(m[1].str()) * 60 + std::stod(m[2].str());
      out += m.prefix().str() + " " + FormatNumber(total) + " min ";
      rest = m.suffix().str();
    }
    s = out + rest;
    s = std::regex_replace(s, std::regex(R"((\d+(?:\.\d+)?)\s*(?:hours?|hrs?|h)\b)"), " $1 h ");
    s = std::regex_replace(s, std::regex(R"((\d+(?:\.\d+)?)\s*(?:minutes?|mins?)\b)"), " $1 min ");
    s = std::regex_replace(s, std::regex(R"((\d+(?:\.\d+)?)\s*(?:seconds?|secs?|s)\b)"), " $1 s ");
    s = std::regex_replace(s, std::regex(R"((\d+(?:\.\d+)?)\s*(?:kilometers?|kilometres?|km)\b)"),
                           " $1 km ");
    s = std::regex_replace(s, std::regex(R"((\d+(?:\.\d+)?)\s*(?:miles?|mi)\b)"), " $1 mi ");
    s = std::regex_replace(s, std::regex(R"((\d+(?:\.\d+)?)\s*(?:meters?|metres?|m)\b)"), " $1 m ");
  }
  // Punctuation to spaces, except inside numbers ("1.5") and dates ("2023-03-05").
  std::string cleaned;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool inner = i > 0 && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i - 1])) &&
                 std::isdigit(static_cast<unsigned char>(s[i + 1])) && (c == '.' || c == '-');
    cleaned += (IsPunct(c) && !inner) ? ' ' : c;
  }
  return CollapseWhitespace(cleaned);
}

namespace {

std::vector<std::string> Tokens(const std::string& s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    size_t j = s.find(' ', i);
    if (j == std::string::npos) j = s.size();
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

// A reference word matches the answer's word, or one letter more of it: published references
// carry truncation typos ("Wyndham Pittsburgh University Cente") that a judge reads through.
bool TokenMatches(const std::string& pred, const std::string& ref) {
  if (pred == ref) return true;
  if (ref.size() < 4 || pred.size() != ref.size() + 1 || pred.compare(0, ref.size(), ref) != 0) {
    return false;
  }
  return std::all_of(ref.begin(), ref.end(), [](char c) { return c >= 'a' && c <= 'z'; }) &&
         pred.back() >= 'a' && pred.back() <= 'z';
}

bool ContainsSequence(const std::vector<std::string>& hay, const std::vector<std::string>& needle) {
  if (needle.empty()) return true;
  for (size_t i = 0; i + needle.size() <= hay.size(); ++i) {
    if (std::equal(needle.begin(), needle.end(), hay.begin() + static_cast<long>(i),
                   [](const std::string& n, const std::string& h) { return TokenMatches(h, n); })) {
      return true;
    }
  }
  return false;
}

bool DeclaresUnachievable(std::string_view pred) {
  std::string p = Lower(pred);
  static const char* kPhrases[] = {
      "n/a",           "not achievable", "unachievable",   "not possible",
      "impossible",    "cannot",         "can't",          "can not",
      "unable",        "does not exist", "doesn't exist",  "no such",
      "not available", "not found",      "no information", "not exist"};
  for (const char* ph : kPhrases) {
    if (p.find(ph) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

Result<float> DeterministicJudge::Match(std::string_view, std::string_view pred,
                                        const std::vector<std::string>& reference) const {
  std::vector<std::string> pred_tokens = Tokens(Canonicalize(pred));
  if (reference.empty()) return 0.f;
  for (const std::string& ref : reference) {
    std::vector<std::string> ref_tokens = Tokens(Canonicalize(ref));
    if (ref_tokens.empty()) continue;
    if (!ContainsSequence(pred_tokens, ref_tokens)) return 0.f;
  }
  return 1.f;
}

Result<float> DeterministicJudge::Unachievable(std::string_view, std::string_view,
                                               std::string_view pred) const {
  return DeclaresUnachievable(pred) ? 1.f : 0.f;
}

std::string CleanAnswer(std::string_view s) {
  if (s.size() >= 2 &&
      ((s.front() == '"' && s.back() == '"') || (s.front() == '\'' && s.back() == '\''))) {
    s = s.substr(1, s.size() - 2);
  }
  return Lower(s);
}

std::vector<std::string> WordTokenize(std::string_view text) {
  // An approximation of nltk's Treebank tokenizer: whitespace split, then opening and closing
  // punctuation peeled off, '$' and '%' separated, commas and colons split unless between
  // digits, and the contractions 's n't 're 've 'll 'd 'm split.
  std::vector<std::string> out;
  std::string s(text);
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    std::string w = s.substr(i, j - i);
    i = j;
    if (w.empty()) continue;
    std::vector<std::string> front, back;
    while (!w.empty() && std::strchr("([{\"'`<$#", w.front()) != nullptr) {
      front.emplace_back(1, w.front());
      w.erase(0, 1);
    }
    while (!w.empty() && std::strchr(")]}\"'.,;:!?>%", w.back()) != nullptr) {
      back.insert(back.begin(), std::string(1, w.back()));
      w.pop_back();
    }
    for (const char* c : {"n't", "'s", "'re", "'ve", "'ll", "'d", "'m"}) {
      std::string_view suf(c);
      if (w.size() > suf.size() && Lower(w.substr(w.size() - suf.size())) == suf) {
        back.insert(back.begin(), w.substr(w.size() - suf.size()));
        w.resize(w.size() - suf.size());
        break;
      }
    }
    // Split on commas / semicolons not between digits.
    std::vector<std::string> mid;
    std::string cur;
    for (size_t k = 0; k < w.size(); ++k) {
      char c = w[k];
      bool between_digits = k > 0 && k + 1 < w.size() &&
                            std::isdigit(static_cast<unsigned char>(w[k - 1])) &&
                            std::isdigit(static_cast<unsigned char>(w[k + 1]));
      if ((c == ',' || c == ';' || c == ':') && !between_digits) {
        if (!cur.empty()) mid.push_back(cur);
        mid.emplace_back(1, c);
        cur.clear();
      } else {
        cur += c;
      }
    }
    if (!cur.empty()) mid.push_back(cur);
    for (auto& t : front) out.push_back(t);
    for (auto& t : mid) out.push_back(t);
    for (auto& t : back) out.push_back(t);
  }
  return out;
}

bool MustInclude(std::string_view ref, std::string_view pred) {
  std::string clean_ref = CleanAnswer(ref);
  std::string clean_pred = CleanAnswer(pred);
  if (WordTokenize(clean_ref).size() == 1) {
    std::vector<std::string> tokens = WordTokenize(clean_pred);
    size_t n = tokens.size();
    for (size_t i = 0; i < n; ++i) {
      if (tokens[i].find('/') == std::string::npos) continue;
      size_t a = 0;
      while (a <= tokens[i].size()) {
        size_t b = tokens[i].find('/', a);
        if (b == std::string::npos) b = tokens[i].size();
        tokens.push_back(tokens[i].substr(a, b - a));
        a = b + 1;
      }
    }
    return std::find(tokens.begin(), tokens.end(), clean_ref) != tokens.end();
  }
  return clean_pred.find(clean_ref) != std::string::npos;
}

bool RequiredValue(std::string_view condition, std::string_view value) {
  // The value is parsed as a number; each alternative is "<op> <number>".
  std::string v = CleanAnswer(value);
  v.erase(std::remove(v.begin(), v.end(), ','), v.end());
  char* end = nullptr;
  std::string vs = CollapseWhitespace(v);
  if (!vs.empty() && vs[0] == '$') vs.erase(0, 1);
  double x = std::strtod(vs.c_str(), &end);
  if (end == vs.c_str()) return false;
  for (const std::string& alt : SplitOr(condition)) {
    std::string c = CollapseWhitespace(alt);
    std::string op;
    size_t k = 0;
    while (k < c.size() && std::strchr("<>=!", c[k]) != nullptr) op += c[k++];
    double y = std::strtod(c.c_str() + k, nullptr);
    bool ok = op == "<"    ? x < y
              : op == "<=" ? x <= y
              : op == ">"  ? x > y
              : op == ">=" ? x >= y
              : op == "!=" ? x != y
                           : x == y;
    if (ok) return true;
  }
  return false;
}

std::string CleanUrl(std::string_view url) {
  std::string u(url);
  for (size_t p = u.find("localhost"); p != std::string::npos; p = u.find("localhost", p)) {
    u.replace(p, 9, "127.0.0.1");
  }
  if (!u.empty() && u.back() == '/') u.pop_back();
  return u;
}

void RegisterUrlHelper(const std::string& name, UrlHelper helper) {
  auto& r = HelperRegistry::Get();
  std::lock_guard<std::mutex> lock(r.mu);
  r.url[name] = std::move(helper);
}

void RegisterLocatorHelper(const std::string& name, LocatorHelper helper) {
  auto& r = HelperRegistry::Get();
  std::lock_guard<std::mutex> lock(r.mu);
  r.locator[name] = std::move(helper);
}

Result<std::pair<std::string, std::vector<std::string>>> ParseFuncCall(std::string_view text) {
  std::string_view t = text;
  if (t.substr(0, 5) == "func:") t.remove_prefix(5);
  size_t open = t.find('(');
  if (open == std::string_view::npos || t.back() != ')') {
    return InvalidArgument("malformed func: expression '" + std::string(text.substr(0, 100)) + "'");
  }
  std::string name(t.substr(0, open));
  std::vector<std::string> args;
  std::string_view inner = t.substr(open + 1, t.size() - open - 2);
  size_t i = 0;
  while (i < inner.size()) {
    while (i < inner.size() && (inner[i] == ' ' || inner[i] == ',')) ++i;
    if (i >= inner.size()) break;
    if (inner[i] == '\'' || inner[i] == '"') {
      char q = inner[i++];
      size_t j = inner.find(q, i);
      if (j == std::string_view::npos) return InvalidArgument("unterminated string in func:");
      args.emplace_back(inner.substr(i, j - i));
      i = j + 1;
    } else {
      size_t j = inner.find(',', i);
      if (j == std::string_view::npos) j = inner.size();
      std::string a(inner.substr(i, j - i));
      while (!a.empty() && a.back() == ' ') a.pop_back();
      args.push_back(a);
      i = j;
    }
  }
  return std::make_pair(name, args);
}

std::string EvalResult::Explanation() const {
  std::string out;
  for (const CheckRecord& c : checks) {
    out += (c.passed ? "PASS " : "FAIL ") + c.evaluator + " " + c.check + ": expected " +
           c.expected + " | got " + c.got.substr(0, 300) + "\n";
  }
  return out;
}

namespace {

// Runs one list of string checks against a value; returns the product.
float RunChecks(const std::vector<StringCheck>& checks, std::string_view value, bool value_is_null,
                const Task& task, const FuzzyJudge& judge, const std::string& evaluator,
                std::vector<CheckRecord>* records) {
  float score = 1.f;
  auto record = [&](const std::string& check, const std::string& expected, bool passed) {
    records->push_back({evaluator, check, expected, std::string(value), passed});
    if (!passed) score = 0.f;
  };
  if (value_is_null) {
    record("selected content", "a value", false);
    return 0.f;
  }
  for (const StringCheck& raw : checks) {
    // Site placeholders in expected values (a post must link "__GITLAB__/a/b") are the sites'
    // URLs, as WebArena substitutes them throughout a config.
    StringCheck c = raw;
    for (std::string& v : c.values) {
      if (v.find("__") != std::string::npos) v = ExpandPlaceholders(v);
    }
    const char* kind = StringCheckKindName(c.kind);
    switch (c.kind) {
      case StringCheck::Kind::kExactMatch:
        for (const std::string& v : c.values) record(kind, v, CleanAnswer(value) == CleanAnswer(v));
        break;
      case StringCheck::Kind::kMustInclude:
        for (const std::string& v : c.values) {
          bool any = false;
          for (const std::string& alt : SplitOr(v)) any |= MustInclude(alt, value);
          record(kind, v, any);
        }
        break;
      case StringCheck::Kind::kMustExclude:
        for (const std::string& v : c.values) record(kind, v, !MustInclude(v, value));
        break;
      case StringCheck::Kind::kRequiredValues:
        for (const std::string& v : c.values) record(kind, v, RequiredValue(v, value));
        break;
      case StringCheck::Kind::kOneOf: {
        bool any = false;
        for (const std::string& v : c.values) any |= MustInclude(v, value);
        record(kind, Join(c.values, " | "), any);
        break;
      }
      case StringCheck::Kind::kFuzzyMatch: {
        if (c.values.size() == 1 && c.values[0] == "N/A") {
          bool exact = CleanAnswer(value) == CleanAnswer("N/A");
          if (exact) {
            record("fuzzy_match (N/A exact)", "N/A", true);
          } else {
            auto r = judge.Unachievable(task.intent, task.eval.string_note.value_or(""), value);
            record(std::string("fuzzy_match (unachievable, ") + judge.name() + ")",
                   "N/A: " + task.eval.string_note.value_or(""), r.ok() && *r >= 1.f);
          }
        } else {
          auto r = judge.Match(task.intent, value, c.values);
          record(std::string("fuzzy_match (") + judge.name() + ")", Join(c.values, ", "),
                 r.ok() && *r >= 1.f);
        }
        break;
      }
    }
  }
  return score;
}

}  // namespace

EvalResult EvaluateTask(const Task& task, EvalPages* pages, std::string_view answer,
                        const EvaluatorOptions& options) {
  static const DeterministicJudge kDefaultJudge;
  const FuzzyJudge& judge = options.judge ? *options.judge : kDefaultJudge;
  EvalResult result;
  result.score = 1.f;
  for (const std::string& type : task.eval.eval_types) {
    if (type == "string_match") {
      result.score *= RunChecks(task.eval.reference_answers, answer, false, task, judge,
                                "string_match", &result.checks);
    } else if (type == "url_match") {
      std::string pred = CleanUrl(pages->Url());
      std::string ref_text = ExpandPlaceholders(task.eval.reference_url.value_or(""));
      bool passed = false;
      for (const std::string& alt : SplitOr(ref_text)) {
        std::string ref = CleanUrl(alt);
        if (options.webarena_url_rule) {
          auto p = ParseUrl(pred), r = ParseUrl(ref);
          if (!p.ok() || !r.ok()) continue;
          std::string pbase = p->host + ":" + std::to_string(p->port) + p->path;
          std::string rbase = r->host + ":" + std::to_string(r->port) + r->path;
          while (pbase.size() > 1 && pbase.back() == '/') pbase.pop_back();
          while (rbase.size() > 1 && rbase.back() == '/') rbase.pop_back();
          bool ok = pbase == rbase;
          QueryParams pq = p->Params();
          for (const auto& [k, v] : r->Params()) {
            bool has = false;
            for (const auto& [pk, pv] : pq) has |= pk == k && pv == v;
            ok &= has;
          }
          passed |= ok;
        } else if (task.eval.url_note && *task.eval.url_note == "GOLD in PRED") {
          passed |= pred.find(ref) != std::string::npos;
        } else {
          passed |= pred == ref;
        }
      }
      std::string rule = options.webarena_url_rule ? "query-parameter rule"
                         : task.eval.url_note      ? *task.eval.url_note
                                                   : "EXACT";
      result.checks.push_back({"url_match", rule, ref_text, pred, passed});
      if (!passed) result.score = 0.f;
    } else if (type == "program_html") {
      for (size_t i = 0; i < task.eval.program_html.size(); ++i) {
        const ProgramHtmlTarget& target = task.eval.program_html[i];
        std::string name = "program_html[" + std::to_string(i) + "]";
        auto fail = [&](const std::string& what, const std::string& why) {
          result.checks.push_back({name, what, "", why, false});
          result.score = 0.f;
        };
        // 1. Target URL.
        if (target.url != "last") {
          std::string url;
          if (target.url.rfind("func:", 0) == 0) {
            std::string expr = target.url;
            for (size_t p = expr.find("__last_url__"); p != std::string::npos;
                 p = expr.find("__last_url__", p)) {
              expr.replace(p, 12, pages->Url());
            }
            auto call = ParseFuncCall(expr);
            if (!call.ok()) {
              fail("url", call.status().message());
              continue;
            }
            auto u = pages->CallUrlHelper(call->first, call->second);
            if (!u.ok()) {
              fail("url", u.status().message());
              continue;
            }
            url = ExpandPlaceholders(*u);
          } else {
            url = ExpandPlaceholders(target.url);
          }
          Status st = pages->Navigate(url);
          if (!st.ok()) {
            fail("url", st.message());
            continue;
          }
        }
        // 2. Selected content.
        if (!target.prep_actions.empty()) {
          fail("prep_actions", "JavaScript prep_actions are not run by this evaluator");
          continue;
        }
        Result<std::optional<std::string>> content = std::optional<std::string>();
        if (target.locator.rfind("func:", 0) == 0) {
          auto call = ParseFuncCall(target.locator);
          if (!call.ok()) {
            fail("locator", call.status().message());
            continue;
          }
          content = pages->CallLocatorHelper(call->first, call->second);
        } else {
          content = pages->Select(target.locator);
        }
        if (!content.ok()) {
          fail("locator", content.status().message());
          continue;
        }
        result.score *= RunChecks(target.required_contents, content->value_or(""),
                                  !content->has_value(), task, judge, name, &result.checks);
      }
    }
  }
  return result;
}

EvalResult EvaluateTask(const Task& task, Browser* browser, std::string_view answer,
                        const EvaluatorOptions& options) {
  SimEvalPages pages(browser);
  return EvaluateTask(task, &pages, answer, options);
}

UrlHelper FindUrlHelper(const std::string& name) {
  auto& reg = HelperRegistry::ForLookup();
  std::lock_guard<std::mutex> lock(reg.mu);
  auto it = reg.url.find(name);
  return it == reg.url.end() ? UrlHelper() : it->second;
}

LocatorHelper FindLocatorHelper(const std::string& name) {
  auto& reg = HelperRegistry::ForLookup();
  std::lock_guard<std::mutex> lock(reg.mu);
  auto it = reg.locator.find(name);
  return it == reg.locator.end() ? LocatorHelper() : it->second;
}

std::string SimEvalPages::Url() { return browser_->url(); }

Status SimEvalPages::Navigate(const std::string& url) { return browser_->Navigate(url); }

Result<std::string> SimEvalPages::CallUrlHelper(const std::string& name,
                                                const std::vector<std::string>& args) {
  UrlHelper helper = FindUrlHelper(name);
  if (!helper) return NotFound("no URL helper named " + name);
  return helper(browser_, args);
}

Result<std::optional<std::string>> SimEvalPages::Select(const std::string& locator) {
  const Page* page = browser_->page();
  if (page == nullptr) return FailedPrecondition("no page open");
  if (locator.empty()) return std::optional<std::string>(page->doc().OuterHtml(0));
  auto loc = Locator::Parse(locator);
  if (!loc.ok()) return loc.status();
  auto r = loc->Evaluate(*page);
  // A JavaScript exception upstream gives "" (and the checks then run on "").
  return r.ok() ? *r : std::optional<std::string>(std::string());
}

Result<std::optional<std::string>> SimEvalPages::CallLocatorHelper(
    const std::string& name, const std::vector<std::string>& args) {
  LocatorHelper helper = FindLocatorHelper(name);
  if (!helper) return NotFound("no locator helper named " + name);
  if (browser_->page() == nullptr) return FailedPrecondition("no page open");
  auto r = helper(browser_, args);
  return r.ok() ? *r : std::optional<std::string>(std::string());
}

float TaskEvaluator::Score(Browser* browser, const EpisodeSpec&, std::string_view answer,
                           std::string* explanation) const {
  EvalResult r = EvaluateTask(task_, browser, answer, options_);
  if (explanation) *explanation = r.Explanation();
  return r.score;
}

Status ValidateTaskEval(const Task& task, bool require_helpers) {
  auto& reg = HelperRegistry::ForLookup();
  for (const ProgramHtmlTarget& t : task.eval.program_html) {
    if (t.url.rfind("func:", 0) == 0) {
      auto call = ParseFuncCall(t.url);
      if (!call.ok()) return call.status();
      std::lock_guard<std::mutex> lock(reg.mu);
      if (require_helpers && reg.url.count(call->first) == 0) {
        return NotFound("task " + std::to_string(task.task_id) + ": no URL helper " + call->first);
      }
    }
    if (t.locator.rfind("func:", 0) == 0) {
      auto call = ParseFuncCall(t.locator);
      if (!call.ok()) return call.status();
      std::lock_guard<std::mutex> lock(reg.mu);
      if (require_helpers && reg.locator.count(call->first) == 0) {
        return NotFound("task " + std::to_string(task.task_id) + ": no locator helper " +
                        call->first);
      }
    } else if (!t.locator.empty()) {
      auto loc = Locator::Parse(t.locator);
      if (!loc.ok()) {
        return InvalidArgument("task " + std::to_string(task.task_id) + ": " +
                               loc.status().message());
      }
    }
  }
  return Status::Ok();
}

}  // namespace wa
