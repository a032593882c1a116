#include "sim/template.h"

#include <catch2/catch.hpp>

#include "sim/env.h"
#include "sim/harness.h"
#include "sim/random_policy.h"
#include "sim/site.h"
#include "sim/task_templates.h"

namespace wa {
namespace {

// Renders with this engine and checks the bytes against kainjow mustache (the reference).
std::string RenderChecked(const std::string& text, const TemplateData& data) {
  auto t = Template::Compile(text);
  REQUIRE(t.ok());
  std::string out = t->Render(data);
  Status st = Template::CheckAgainstReference(text, data, out);
  INFO(st.message());
  CHECK(st.ok());
  return out;
}

TemplateData Item(const std::string& name, bool on) {
  TemplateData d;
  d.set("name", name);
  d.set("on", on);
  return d;
}

TEST_CASE("Templates: variables, escaping, sections and lookups", "[template]") {
  TemplateData d;
  d.set("name", "Tom & \"Jerry\" <'x'>");
  d.set("yes", true);
  d.set("no", false);
  d.set("empty", "");
  d.set("none", TemplateList{});
  d.set("items", TemplateList{Item("a", true), Item("b", false)});
  TemplateData inner;
  inner.set("title", "deep");
  d.set("obj", inner);
  d.set("words", TemplateList{TemplateData("x"), TemplateData("y<")});

  CHECK(RenderChecked("<p>{{name}}</p>", d) ==
        "<p>Tom &amp; &quot;Jerry&quot; &lt;&apos;x&apos;&gt;</p>");
  CHECK(RenderChecked("{{{name}}}|{{& name }}", d) ==
        "Tom & \"Jerry\" <'x'>|Tom & \"Jerry\" <'x'>");
  CHECK(RenderChecked("[{{missing}}]", d) == "[]");
  CHECK(RenderChecked("{{#yes}}Y{{/yes}}{{#no}}N{{/no}}{{^no}}n{{/no}}{{^yes}}y{{/yes}}", d) ==
        "Yn");
  // kainjow counts an empty string as true; an empty list as false.
  CHECK(RenderChecked("{{#empty}}E{{/empty}}{{#none}}L{{/none}}{{^none}}l{{/none}}", d) == "El");
  // Lists repeat the block with the item on the context stack; outer names stay visible.
  CHECK(RenderChecked("{{#items}}<{{name}}:{{#on}}on{{/on}}{{^on}}off{{/on}}:{{yes}}>{{/items}}",
                      d) == "<a:on:><b:off:>");
  CHECK(RenderChecked("{{#items}}{{#obj}}{{name}}{{/obj}}{{/items}}", d) == "ab");
  CHECK(RenderChecked("{{obj.title}} {{#obj}}{{title}}{{/obj}} {{obj.missing}}", d) ==
        "deep deep ");
  CHECK(RenderChecked("{{#words}}({{.}}){{/words}}", d) == "(x)(y&lt;)");
  CHECK(RenderChecked("a{{! a comment }}b", d) == "ab");
  // Replacing a field keeps one value.
  TemplateData again = d;
  again.set("name", "other");
  CHECK(RenderChecked("{{name}}", again) == "other");
}

TEST_CASE("Templates: kainjow's standalone-line rule", "[template]") {
  TemplateData d;
  d.set("items", TemplateList{Item("a", true), Item("b", false)});
  d.set("yes", true);
  d.set("no", false);
  d.set("blank", " ");
  const std::vector<std::string> cases = {
      "<ul>\n  {{#items}}\n  <li>{{name}}</li>\n  {{/items}}\n</ul>\n",
      "{{#yes}}\nshown\n{{/yes}}\n{{#no}}\nhidden\n{{/no}}\nend",
      "  {{^no}}  \r\n  x\r\n  {{/no}}\r\n",
      "{{blank}}\n{{#yes}}{{blank}}{{/yes}}\nz",
      "line {{#yes}}inline{{/yes}} tail\n{{#items}}{{name}}{{/items}}\n",
  };
  for (const std::string& text : cases) {
    INFO(text);
    RenderChecked(text, d);
  }
}

TEST_CASE("Templates: malformed input is an error, not a crash", "[template]") {
  CHECK_FALSE(Template::Compile("{{#a}}open").ok());
  CHECK_FALSE(Template::Compile("{{/a}}").ok());
  CHECK_FALSE(Template::Compile("{{#a}}{{/b}}").ok());
  CHECK_FALSE(Template::Compile("{{name").ok());
  CHECK_FALSE(Template::Compile("{{> partial}}").ok());
  CHECK_FALSE(Template::Compile("{{=<% %>=}}").ok());
  auto t = Template::Compile("plain {text} } {");
  REQUIRE(t.ok());
  CHECK(t->Render(TemplateData()) == "plain {text} } {");
}

// Every page the sites render while the oracle solves train tasks and a random policy wanders
// is rendered a second time by kainjow mustache and must match byte for byte.
TEST_CASE("Templates: site pages match kainjow mustache", "[template][sites][heavy]") {
  Template::SetReferenceCheck(true);
  // Every page must really be rendered, not taken from the response cache.
  size_t cache_capacity = ResponseCache::Global().capacity();
  ResponseCache::Global().set_capacity(0);
  uint64_t before = Template::ReferenceComparisons();
  uint64_t mismatches = Template::ReferenceMismatches();
  SplitOptions so;
  so.per_template = 1;
  auto train = GenerateSplit(Split::kTrain, so);
  REQUIRE(train.ok());
  std::vector<Task> tasks;
  for (const GeneratedTask& g : *train) {
    const TemplateFamily* f = FindTemplate(g.task.intent_template_id);
    REQUIRE(f != nullptr);
    if (f->oracle_solves) tasks.push_back(g.task);
  }
  HarnessOptions ho;
  ho.threads = 1;
  auto oracle = MakeOraclePolicy(*train);
  EvalReport r = RunEvaluation(tasks, oracle.get(), ho);
  CHECK(r.SuccessRate("") == 100.0);
  auto random = MakeRandomPolicy(11);
  ho.max_steps = 15;
  RunEvaluation(tasks, random.get(), ho);
  Template::SetReferenceCheck(false);
  ResponseCache::Global().set_capacity(cache_capacity);
  CHECK(Template::ReferenceComparisons() - before > 1000);
  CHECK(Template::ReferenceMismatches() == mismatches);
}

}  // namespace
}  // namespace wa
