// Mustache templates compiled once and rendered without re-parsing, for the simulated sites.
//
// The supported language is the part of Mustache the site templates use, with kainjow mustache
// 4.1's semantics (the Debian package `libkainjow-mustache-dev`, which stays the reference: every
// render can be checked against it, see Template::SetReferenceCheck):
//   {{name}} (HTML-escaped: & < > " '), {{{name}}} and {{&name}} (raw), {{.}}, dotted names,
//   {{#name}}...{{/name}} (a non-empty list repeats the block once per item; any other present
//   value except false and the empty list renders it once with the value on the context stack,
//   so an empty string counts as true), {{^name}}...{{/name}}, {{! comments}}, and kainjow's
//   line rule: a line that held a rendered section tag and printed only blanks is dropped.
// Partials, lambdas and delimiter changes are rejected at compile time.
//
// Why not render with kainjow directly: its data model copies nested maps on every set and
// push_back, and those copies were most of a shopping page's handler time (measured with perf on
// the benchmark's page mix). TemplateData here is a flat, move-friendly value.
#ifndef WEBAGENT_SIM_TEMPLATE_H_
#define WEBAGENT_SIM_TEMPLATE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sim/status.h"

namespace wa {

class TemplateData;
using TemplateList = std::vector<TemplateData>;

// A template value: an object (the default), a string, a bool or a list.
class TemplateData {
 public:
  enum class Kind { kObject, kString, kBool, kList };

  TemplateData() = default;
  TemplateData(std::string s) : kind_(Kind::kString), str_(std::move(s)) {}  // NOLINT
  TemplateData(const char* s) : kind_(Kind::kString), str_(s) {}             // NOLINT
  TemplateData(std::string_view s) : kind_(Kind::kString), str_(s) {}        // NOLINT
  TemplateData(bool b) : kind_(Kind::kBool), flag_(b) {}                     // NOLINT
  TemplateData(TemplateList list)                                            // NOLINT
      : kind_(Kind::kList), list_(std::move(list)) {}

  // Sets (or replaces) a field of an object; ignored on other kinds, as in kainjow.
  void set(std::string_view key, TemplateData value);
  // The field, or null when this is not an object or has no such field.
  const TemplateData* get(std::string_view key) const;

  Kind kind() const { return kind_; }
  const std::string& string_value() const { return str_; }
  bool bool_value() const { return flag_; }
  const TemplateList& list_value() const { return list_; }
  const std::vector<std::string>& keys() const { return keys_; }
  const std::vector<TemplateData>& values() const { return values_; }

 private:
  Kind kind_ = Kind::kObject;
  bool flag_ = false;
  std::string str_;
  TemplateList list_;
  std::vector<std::string> keys_;  // object fields, in insertion order
  std::vector<TemplateData> values_;
};

// One compiled template. Rendering never modifies it, so one instance serves all threads.
class Template {
 public:
  static Result<Template> Compile(std::string_view text);

  // Appends the rendering to *out.
  void RenderTo(const TemplateData& data, std::string* out) const;
  std::string Render(const TemplateData& data) const;

  // Test hook: while on, TemplateSet (sim/sites/site_util.h) renders every page template a
  // second time with kainjow mustache and compares byte for byte.
  static void SetReferenceCheck(bool on);
  static bool ReferenceCheck();
  // Renders `text` with kainjow mustache (the reference) and compares with this engine's output;
  // returns an error naming the first differing byte. Comparisons and mismatches are counted.
  static Status CheckAgainstReference(std::string_view text, const TemplateData& data,
                                      const std::string& rendered);
  static uint64_t ReferenceComparisons();
  static uint64_t ReferenceMismatches();

  struct Op;  // compiled form (template.cc)
  Template();
  ~Template();
  Template(Template&&) noexcept;
  Template& operator=(Template&&) noexcept;

 private:
  std::vector<Op> ops_;
};

}  // namespace wa

#endif  // WEBAGENT_SIM_TEMPLATE_H_
