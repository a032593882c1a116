#include "sim/task_templates.h"

#include <map>
#include <set>

#include "sim/action.h"
#include "sim/selector.h"
#include "sim/site.h"
#include "sim/text.h"

namespace wa {

// Site template sets (sim/sites/*_tasks.cc).
std::vector<TemplateFamily> FixtureTemplates();
std::vector<TemplateFamily> ShoppingTemplates();
std::vector<TemplateFamily> RedditTemplates();
std::vector<TemplateFamily> AdminTemplates();
std::vector<TemplateFamily> GitlabTemplates();
std::vector<TemplateFamily> MapTemplates();
std::vector<TemplateFamily> MultiSiteTemplates();

const std::vector<TemplateFamily>& TemplateFamilies() {
  static const std::vector<TemplateFamily>* kAll = [] {
    auto* all = new std::vector<TemplateFamily>();
    for (auto& f : FixtureTemplates()) all->push_back(std::move(f));
    for (auto& f : ShoppingTemplates()) all->push_back(std::move(f));
    for (auto& f : RedditTemplates()) all->push_back(std::move(f));
    for (auto& f : AdminTemplates()) all->push_back(std::move(f));
    for (auto& f : GitlabTemplates()) all->push_back(std::move(f));
    for (auto& f : MapTemplates()) all->push_back(std::move(f));
    for (auto& f : MultiSiteTemplates()) all->push_back(std::move(f));
    return all;
  }();
  return *kAll;
}

namespace {
thread_local uint64_t template_seed = 0;
}  // namespace

TemplateSeedScope::TemplateSeedScope(uint64_t seed) : previous_(template_seed) {
  template_seed = seed;
}
TemplateSeedScope::~TemplateSeedScope() { template_seed = previous_; }

Result<std::unique_ptr<Db>> TemplateSiteDb(const std::string& site) {
  SiteOptions so;
  so.seed = template_seed;
  auto model = GetSite(site, so);
  if (!model.ok()) return model.status();
  auto db = Db::OpenMemory();
  if (!db.ok()) return db.status();
  WA_RETURN_IF_ERROR((*db)->Deserialize((*model)->pristine));
  return std::move(*db);
}

Task NewSiteTask(const std::string& site, const std::string& start_url) {
  Task t;
  t.sites = {site};
  t.require_login = true;
  t.storage_state = "./.auth/" + site + "_state.json";
  t.start_url = start_url;
  t.eval.reference_url = "";
  return t;
}

StringCheck MakeCheck(StringCheck::Kind kind, std::vector<std::string> values) {
  StringCheck c;
  c.kind = kind;
  c.values = std::move(values);
  return c;
}

ProgramHtmlTarget MakeHtmlTarget(std::string url, std::string locator, StringCheck::Kind kind,
                                 std::vector<std::string> values) {
  ProgramHtmlTarget t;
  t.url = std::move(url);
  t.locator = std::move(locator);
  t.required_contents = {MakeCheck(kind, std::move(values))};
  t.required_contents[0].value_was_string = kind == StringCheck::Kind::kExactMatch;
  return t;
}

TemplateFamily SiteFamily(const std::string& site, int id, std::string intent_template,
                          std::vector<std::string> eval_types, nlohmann::json published_params) {
  TemplateFamily f;
  f.id = id;
  f.sites = {site};
  f.intent_template = std::move(intent_template);
  f.eval_types = std::move(eval_types);
  f.published_params = std::move(published_params);
  return f;
}

std::function<Result<nlohmann::json>(Db&, Rng&)> SampleFromList(
    std::vector<nlohmann::json> options) {
  return [options = std::move(options)](Db&, Rng& rng) -> Result<nlohmann::json> {
    if (options.empty()) return NotFound("no instantiation to draw");
    return options[rng.Uniform(options.size())];
  };
}

const TemplateFamily* FindTemplate(int id) {
  for (const TemplateFamily& f : TemplateFamilies()) {
    if (f.id == id) return &f;
  }
  return nullptr;
}

std::string Instantiate(const std::string& tmpl, const nlohmann::json& params) {
  std::string out = tmpl;
  for (auto it = params.begin(); it != params.end(); ++it) {
    std::string key = "{{" + it.key() + "}}";
    std::string value = it->is_string() ? it->get<std::string>() : it->dump();
    for (size_t p = out.find(key); p != std::string::npos; p = out.find(key, p + value.size())) {
      out.replace(p, key.size(), value);
    }
  }
  return out;
}

Result<std::vector<GeneratedTask>> GenerateSplit(Split split, const SplitOptions& options) {
  TemplateSeedScope seed_scope(options.seed);
  std::vector<GeneratedTask> out;
  std::map<std::string, std::unique_ptr<Db>> dbs;
  for (const TemplateFamily& f : TemplateFamilies()) {
    bool wanted = true;
    for (const std::string& s : f.sites) {
      wanted &= options.sites.empty() ||
                std::find(options.sites.begin(), options.sites.end(), s) != options.sites.end();
    }
    if (!wanted || (split == Split::kTrain && !f.in_train)) continue;
    const std::string& site_name = f.sites.front();
    if (!dbs.count(site_name)) {
      SiteOptions so;
      so.seed = options.seed;
      auto site = GetSite(site_name, so);
      if (!site.ok()) return site.status();
      auto db = Db::OpenMemory();
      if (!db.ok()) return db.status();
      WA_RETURN_IF_ERROR((*db)->Deserialize((*site)->pristine));
      dbs[site_name] = std::move(*db);
    }
    Db& db = *dbs[site_name];
    // The test instantiations come from a fixed stream per template; training ones from another
    // stream and must differ from all of them.
    Rng test_rng = Rng(options.seed).Split("test").Split(static_cast<uint64_t>(f.id));
    Result<nlohmann::json> first = f.published_params.is_null()
                                       ? f.sample(db, test_rng)
                                       : Result<nlohmann::json>(f.published_params);
    if (!first.ok()) return first.status();
    std::vector<nlohmann::json> test_params = {*first};
    std::set<std::string> seen = {first->dump()};
    // Appends up to `count` draws not seen before (a family may have fewer).
    auto draw = [&](Rng& rng, int count, std::vector<nlohmann::json>* out) -> Status {
      const size_t want = out->size() + static_cast<size_t>(std::max(0, count));
      for (int tries = 0; out->size() < want && tries < 50 * count; ++tries) {
        auto p = f.sample(db, rng);
        if (!p.ok()) return p.status();
        if (seen.insert(p->dump()).second) out->push_back(*p);
      }
      return Status::Ok();
    };
    WA_RETURN_IF_ERROR(draw(test_rng, f.test_count - 1, &test_params));
    std::vector<nlohmann::json> chosen;
    if (split == Split::kTest) {
      chosen = test_params;
      if (options.test_per_template > 0 &&
          chosen.size() > static_cast<size_t>(options.test_per_template)) {
        chosen.resize(static_cast<size_t>(options.test_per_template));
      }
    } else {
      Rng rng = Rng(options.seed).Split("train").Split(static_cast<uint64_t>(f.id));
      WA_RETURN_IF_ERROR(draw(rng, options.per_template, &chosen));
    }
    for (const nlohmann::json& params : chosen) {
      auto task = f.build(params, db);
      if (!task.ok()) return task.status();
      task->task_id = static_cast<int>(out.size());
      task->intent_template_id = f.id;
      task->intent_template = f.intent_template;
      task->instantiation_dict = params;
      if (task->intent.empty()) task->intent = Instantiate(f.intent_template, params);
      if (task->sites.empty()) task->sites = f.sites;
      task->eval.eval_types = f.eval_types;
      out.push_back({std::move(*task), params});
    }
  }
  return out;
}

std::string OracleRunner::Next(const Env& env) {
  const Page* page = env.browser().page();
  if (next_ >= plan_.size() || page == nullptr) return "exit(message=\"N/A\")";
  const OracleOp& op = plan_[next_];
  auto with_thought = [&](const Action& a) {
    std::string t = op.thought.empty() ? std::string() : op.thought + "\n";
    return t + FormatAction(a);
  };
  Action a;
  switch (op.kind) {
    case OracleOp::Kind::kExit:
      ++next_;
      a.type = ActionType::kExit;
      a.argument = op.argument;
      return with_thought(a);
    case OracleOp::Kind::kGoBack:
      ++next_;
      a.type = ActionType::kGoBack;
      return with_thought(a);
    case OracleOp::Kind::kPressEnter:
      ++next_;
      a.type = ActionType::kPressEnter;
      return with_thought(a);
    case OracleOp::Kind::kSwitchTab:
      ++next_;
      a.type = ActionType::kSwitchTab;
      a.argument = op.argument;
      return with_thought(a);
    default:
      break;
  }
  auto sel = Selector::Parse(op.selector);
  if (!sel.ok()) return "exit(message=\"oracle error: bad selector\")";
  const Document& doc = page->doc();
  // 0: no match; 1: the text contains op.text; 2: the text is op.text.
  auto text_rank = [&](NodeId n) {
    if (op.text.empty()) return 2;
    std::string text = CollapseWhitespace(InnerText(doc, page->styles(), n));
    std::string value = page->Value(n);
    if (text == op.text || value == op.text) return 2;
    return text.find(op.text) != std::string::npos || value.find(op.text) != std::string::npos ? 1
                                                                                               : 0;
  };
  // The labelled element that is, or lies inside, the best matching target: an exact text
  // match before a partial one ("science" is not "askscience"), a rendered one before a hidden
  // copy (hidden menus hold copies of many links), then document order.
  int label = -1;
  NodeId target = kNoNode;
  int best = 0;
  for (NodeId n : sel->QueryAll(doc)) {
    int rank = text_rank(n);
    if (rank == 0) continue;
    rank = rank * 2 + (page->layout().has_box[n] ? 1 : 0);
    if (rank > best) {
      best = rank;
      target = n;
      if (rank == 5) break;
    }
  }
  if (target == kNoNode) {
    return "exit(message=\"oracle error: no element matches " + op.selector + "\")";
  }
  const auto& labels = page->labels();
  for (size_t i = 0; i < labels.size() && label < 0; ++i) {
    if (doc.IsInclusiveAncestor(target, labels[i]) || doc.IsInclusiveAncestor(labels[i], target)) {
      label = static_cast<int>(i);
    }
  }
  if (label < 0) {
    // Not in the viewport: scroll towards it.
    if (++scrolls_ > 40) return "exit(message=\"oracle error: target never became visible\")";
    a.type = page->ViewportBox(target).y < 0 ? ActionType::kScrollUp : ActionType::kScrollDown;
    return "# Note: the target is outside the viewport\n" + FormatAction(a);
  }
  scrolls_ = 0;
  ++next_;
  a.element = label;
  a.argument = op.argument;
  switch (op.kind) {
    case OracleOp::Kind::kClick:
      a.type = ActionType::kClick;
      break;
    case OracleOp::Kind::kType:
      a.type = ActionType::kType;
      break;
    case OracleOp::Kind::kSearch:
      a.type = ActionType::kSearch;
      break;
    case OracleOp::Kind::kSelect:
      a.type = ActionType::kSelectOption;
      break;
    case OracleOp::Kind::kHover:
      a.type = ActionType::kHover;
      break;
    default:
      break;
  }
  return with_thought(a);
}

std::vector<std::pair<std::string, std::pair<int, int>>> TemplateCoverage(
    const std::vector<Task>& published) {
  std::map<std::string, std::pair<int, int>> by_site;
  for (const Task& t : published) {
    std::string key;
    for (const std::string& s : t.sites) key += (key.empty() ? "" : "+") + s;
    auto& c = by_site[key];
    c.second++;
    if (FindTemplate(t.intent_template_id) != nullptr) c.first++;
  }
  return {by_site.begin(), by_site.end()};
}

}  // namespace wa
